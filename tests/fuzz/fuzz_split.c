/* tests/fuzz/fuzz_split.c — libFuzzer target over the split rows of the query list: the first byte
 * picks a row, the second is a control byte, the rest becomes that row's items: polygons either as
 * raw floats with raw vertex counts (mostly invalid: NaN, Inf, huge values, counts out of range,
 * reflex and clockwise corners) or as convex rings whose centre, size, squash and angles come from
 * the bytes, on a coarse grid so that vertices land exactly on the planes and on each other;
 * triangles likewise; hulls built from raw points. Planes, eps and attributes come from the bytes
 * too. Every tier's kernel, called in one pass and in two (count, then write at the offsets, in chunks
 * of 16), must give the reference row's bits, and nothing may crash: the library is built with the
 * same sanitizers as this target. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "pipeline.h"
#include "split_job.h"

enum { MAXN = 40, MAXK = 3 };

typedef struct cur {
	const uint8_t *p;
	size_t left;
} cur;

static uint8_t take_b(cur *c)
{
	uint8_t b = 0;
	if (c->left)
		b = *c->p, c->p++, c->left--;
	return b;
}

static float take_f(cur *c)
{
	float f = 0;
	if (c->left >= 4) {
		memcpy(&f, c->p, 4);
		c->p += 4, c->left -= 4;
	}
	return f;
}

/* a coordinate on a grid of 1/8 (coincidences) or a raw float */
static float take_c(cur *c, int raw) { return raw ? take_f(c) : (float)(int8_t)take_b(c) / 8.0f; }

/* one case: items, planes, options */
typedef struct fcase {
	int D, kind; /* kind 0 polygons, 1 triangles, 2 hulls */
	size_t n, nv;
	float verts[MAXN * (SW_SPLIT_MAX_VERTS + 2) * 3];
	uint32_t first[MAXN + 1];
	float attrs[MAXN * (SW_SPLIT_MAX_VERTS + 2) * 3 * MAXK];
	uint32_t k;
	float planes[MAXN * 6];
	size_t nplanes;
	sw_split_opts opts;
	sw_hull3 hulls[4];
	sw_split_src src;
} fcase;

/* a convex ring of m vertices from the bytes: centre, radius, squash, turn; angles jittered */
static void ring(cur *c, int D, uint32_t m, float *v)
{
	float cx = take_c(c, 0), cy = take_c(c, 0), cz = take_c(c, 0), r = 0.125f + (float)take_b(c) / 32.0f;
	float sq = take_b(c) & 1 ? 1.0f : (float)(take_b(c) + 1) / 256.0f, a0 = (float)take_b(c) / 40.0f;
	for (uint32_t i = 0; i < m; i++) {
		float a = a0 + 6.2831853f * ((float)i + (float)(take_b(c) % 8) / 10.0f + 0.1f) / (float)m;
		float x = r * cosf(a), y = r * sinf(a) * sq;
		v[D * i] = cx + x, v[D * i + 1] = cy + y;
		if (D == 3)
			v[D * i + 2] = cz + 0.25f * x;
	}
}

static int build(cur *c, uint8_t row, uint8_t ctl, fcase *f)
{
	static const sw_query rows[] = {SW_Q_poly2_split,      SW_Q_poly3_split,      SW_Q_tri3_split,
					SW_Q_poly2_split_mass, SW_Q_poly3_split_mass, SW_Q_hull3_split,
					SW_Q_hull3_split_mass};
	sw_query q = rows[row % 7];
	memset(f, 0, sizeof *f);
	f->D = q == SW_Q_poly2_split || q == SW_Q_poly2_split_mass ? 2 : 3;
	f->kind = q == SW_Q_tri3_split ? 1 : q == SW_Q_hull3_split || q == SW_Q_hull3_split_mass ? 2 : 0;
	int raw = ctl & 1, mass = sw_query_descs[q].answer == SW_ANS_MASS;
	f->n = 1 + take_b(c) % (f->kind == 2 ? 4 : MAXN);
	f->k = !mass && f->kind < 2 && (ctl & 2) ? 1 + take_b(c) % MAXK : 0;
	for (size_t i = 0; i < f->n; i++) {
		f->first[i] = (uint32_t)f->nv;
		if (f->kind == 2) {
			sw_vec3 pts[16];
			size_t m = 4 + take_b(c) % 12;
			for (size_t p = 0; p < m; p++)
				pts[p] = sw_v3(take_c(c, raw), take_c(c, raw), take_c(c, raw));
			if (sw_hull3_build(pts, m, NULL, &f->hulls[i]) != SW_OK)
				memset(&f->hulls[i], 0, sizeof f->hulls[i]); /* an empty hull: invalid */
			/* trusted: a few bytes of the hull overwritten, which must not make the split read out of
			 * bounds (its answer is then unspecified, but every tier's the same) */
			for (int k = 0; (ctl & 32) && (ctl & 64) && k < 4; k++) {
				size_t at = (size_t)take_b(c) << 5;
				at = (at | take_b(c)) % sizeof(sw_hull3);
				((unsigned char *)&f->hulls[i])[at] = take_b(c);
			}
			continue;
		}
		uint32_t m = f->kind == 1 ? 3 : take_b(c) % (SW_SPLIT_MAX_VERTS + 2);
		float *v = f->verts + f->nv * f->D;
		if (raw || f->kind == 1)
			for (uint32_t p = 0; p < m * (uint32_t)f->D; p++)
				v[p] = take_c(c, raw);
		else
			ring(c, f->D, m, v);
		for (uint32_t p = 0; p < m * f->k; p++)
			f->attrs[f->nv * f->k + p] = take_c(c, raw);
		f->nv += m;
	}
	f->first[f->n] = (uint32_t)f->nv;
	f->nplanes = ctl & 4 ? f->n : 1;
	for (size_t i = 0; i < f->nplanes * 2 * (size_t)f->D; i++)
		f->planes[i] = take_c(c, raw && (ctl & 8));
	f->opts.eps = ctl & 16 ? fabsf(take_c(c, 0)) / 16.0f : 0.0f;
	f->opts.trusted = (ctl & 32) != 0;
	f->src = (sw_split_src){
		f->verts, f->kind == 0 ? f->first : NULL, f->hulls, f->k ? f->attrs : NULL, f->k, f->planes, f->nplanes,
		0};
	f->src.vend = f->kind == 0 ? sw_split_vend(&f->src, f->n) : f->n;
	return (int)q + 1;
}

/* ---- answers ---- */

typedef struct ans {
	uint8_t st[MAXN], cls[MAXN];
	uint32_t first[2][MAXN + 1];
	float e[2][MAXN * 2 * SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS + 2) * 3];
	float a[2][MAXN * 2 * SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS + 2) * 3 * MAXK];
	float col[8][MAXN];
	sw_hull3 h[2][4];
} ans;

static const void *outs_of(sw_answer kind, ans *r, sw_pieces_results *p, sw_split_mass_results *m,
			   sw_split_hull_results *h, size_t cap)
{
	if (kind == SW_ANS_PIECES) {
		memset(p, 0, sizeof *p);
		p->status = r->st, p->cls = r->cls, p->worst = cap;
		for (int s = 0; s < 2; s++)
			p->side[s] = (sw_piece_side){r->e[s], r->a[s], cap, r->first[s], NULL};
		return p;
	}
	if (kind == SW_ANS_MASS) {
		*m = (sw_split_mass_results){r->st,     r->cls,    r->col[0], r->col[1], r->col[2],
					     r->col[3], r->col[4], r->col[5], r->col[6], r->col[7]};
		return m;
	}
	*h = (sw_split_hull_results){r->st, r->cls, r->h[0], r->h[1]};
	return h;
}

/* the kernel of table kt over all items: one pass, or counting then writing in chunks of 16 */
static void run(const sw_kernels *kt, sw_query q, const fcase *f, ans *r, int two)
{
	sw_pieces_results p;
	sw_split_mass_results m;
	sw_split_hull_results h;
	sw_answer kind = sw_query_descs[q].answer;
	const void *out = outs_of(kind, r, &p, &m, &h, sizeof r->e[0] / sizeof(float) / 9);
	sw_job j = {&f->src, NULL, NULL, NULL, &f->opts, out, NULL, 0, f->n};
	if (kind != SW_ANS_PIECES || !two) {
		p.pass = SW_PASS_SEQ;
		r->first[0][0] = r->first[1][0] = 0;
		kt->fn[q](&j);
		return;
	}
	p.pass = SW_PASS_COUNT;
	for (size_t off = 0; off < f->n; off += 16)
		j.off = off, j.n = f->n - off < 16 ? f->n - off : 16, kt->fn[q](&j);
	for (int s = 0; s < 2; s++) {
		r->first[s][0] = 0;
		for (size_t i = 0; i < f->n; i++)
			r->first[s][i + 1] += r->first[s][i];
	}
	p.pass = SW_PASS_AT;
	for (size_t off = 0; off < f->n; off += 16)
		j.off = off, j.n = f->n - off < 16 ? f->n - off : 16, kt->fn[q](&j);
}

static int same(const void *a, const void *b, size_t bytes) { return !memcmp(a, b, bytes); }

/* every answer of got equals want's, bit for bit */
static void check(sw_query q, const fcase *f, const ans *got, const ans *want, const char *how)
{
	sw_answer kind = sw_query_descs[q].answer;
	int D = f->D, fl = f->kind == 1 ? 9 : D, fa = f->kind == 1 ? 3 * (int)f->k : (int)f->k;
	int ok = same(got->st, want->st, f->n) && same(got->cls, want->cls, f->n);
	for (int s = 0; s < 2 && ok && kind == SW_ANS_PIECES; s++) {
		uint32_t t = want->first[s][f->n];
		ok = same(got->first[s], want->first[s], sizeof(uint32_t) * (f->n + 1)) &&
		     same(got->e[s], want->e[s], sizeof(float) * t * fl) &&
		     (!fa || same(got->a[s], want->a[s], sizeof(float) * t * fa));
	}
	for (int k = 0; k < 8 && ok && kind == SW_ANS_MASS; k++)
		ok = (D == 2 && (k == 4 || k == 7)) || same(got->col[k], want->col[k], sizeof(float) * f->n);
	for (int s = 0; s < 2 && ok && kind == SW_ANS_HULLS; s++)
		for (size_t i = 0; i < f->n && ok; i++)
			ok = want->st[i] == SW_PAIR_INVALID || same(&got->h[s][i], &want->h[s][i], sizeof(sw_hull3));
	if (!ok) {
		fprintf(stderr, "%s: %s differs from the reference\n", sw_query_descs[q].name, how);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static fcase f;
	static ans want, got;
	if (size < 3)
		return 0;
	cur c = {data + 2, size - 2};
	int qq = build(&c, data[0], data[1], &f);
	sw_query q = (sw_query)(qq - 1);
	memset(&want, 0, sizeof want);
	run(sw_kernels_for(SW_ISA_REF), q, &f, &want, 0);
	for (int t = 1; t < SW_ISA_COUNT; t++) {
		const sw_kernels *kt = sw_kernels_for((sw_isa)t);
		if (!kt)
			continue;
		for (int two = 0; two < 2; two++) {
			memset(&got, 0, sizeof got);
			run(kt, q, &f, &got, two);
			check(q, &f, &got, &want, two ? "count then write" : "one pass");
		}
	}
	return 0;
}
