/* tests/test_circle_slide.c — the earliest hit per mover and collide-and-slide (swept/circle.h), through
 * the batched calls on sets (the helpers below take arrays, build the sets and read the columns back),
 * on every tier, with several thread counts and chunk sizes: the answers must not depend on them.
 *
 * Earliest hit: every per-pair answer equals the single-pair sweep bit for bit, and every mover's
 * answer is the pair with the least t among its hits (starts overlapped counts as t = 0), the lowest
 * pair index among equal times, with the pair list in random order.
 *
 * Collide-and-slide never ends inside: movers start at least r + skin from every segment or triangle
 * (checked in double with the oracle's distance), slide through random levels, and must end at
 * distance ≥ r + skin/4 from all of them. The library's argument (ref/circle_batch_tmpl.h) gives
 * ≥ r + skin/2 up to the rounding of positions, a few ulps of the coordinates: 2e-6 here against
 * skin/4 = 2.5e-4 (1e4 offsets: ulp 1e-3 against a skin of 0.05). One-sided segments hold a mover
 * only while it is in front of them, so that population uses a closed level (a room facing in,
 * square obstacles facing out, movers outside them), where no mover can get behind one. Corners: a
 * circle falling into a
 * V-shaped valley comes to rest touching both sides; a sphere pushed into a wedge of a floor and an
 * overhanging wall slides along their crease. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <swept/swept.h>

#include "oracle_circle.h"
#include "scenes.h"

static double dist2(sw_vec2 c, const sw_seg2 *s)
{
	oracle_circle_problem p;
	oracle_circle2_problem(c, 0, sw_v2(0, 0), s, &p);
	return oracle_circle_f(&p, 0, NULL, NULL);
}

static double dist3(sw_vec3 c, const sw_tri3 *t)
{
	oracle_circle_problem p;
	oracle_circle3_problem(c, 0, sw_v3(0, 0, 0), t, &p);
	return oracle_circle_f(&p, 0, NULL, NULL);
}

static sw_seg2 seg(float ax, float ay, float bx, float by)
{
	sw_seg2 s = {{ax, ay}, {bx, by}};
	return s;
}

/* ---- the batched calls on arrays ---- */

typedef struct mover2 {
	sw_vec2 c;
	float r;
	sw_vec2 v;
} mover2;

typedef struct mover3 {
	sw_vec3 c;
	float r;
	sw_vec3 v;
} mover3;

/* one mover's collide-and-slide answer, read back from the columns */
typedef struct slide_out {
	sw_status status;
	sw_vec3 position, remaining;
	uint32_t iterations, hits;
	sw_vec3 normals[SW_CIRCLE_MAX_ITERS];
	uint32_t pairs[SW_CIRCLE_MAX_ITERS];
} slide_out;

/* owned columns of n cast answers */
typedef struct cast_cols {
	uint8_t *st;
	uint32_t *ft;
	float *f[11];
	sw_cast_results out;
} cast_cols;

static void cols_init(cast_cols *c, size_t n)
{
	c->st = malloc(n + 1), c->ft = malloc((n + 1) * sizeof(uint32_t));
	for (int k = 0; k < 11; k++)
		c->f[k] = calloc(n + 1, sizeof(float));
	c->out = (sw_cast_results){c->st,   c->ft,   c->f[0], c->f[1], c->f[2], c->f[3], c->f[4],
				   c->f[5], c->f[6], c->f[7], c->f[8], c->f[9], c->f[10]};
}

static void cols_free(cast_cols *c)
{
	free(c->st), free(c->ft);
	for (int k = 0; k < 11; k++)
		free(c->f[k]);
}

/* row k as a single answer; a 2D row has z = 0 (NaN when invalid), as the single-pair function */
static sw_cast_result cols_row(const cast_cols *c, size_t k, int dim)
{
	float z0 = c->st[k] == SW_PAIR_INVALID ? NAN : 0.0f;
	float z[3] = {dim == 3 ? c->f[4][k] : z0, dim == 3 ? c->f[7][k] : z0, dim == 3 ? c->f[10][k] : z0};
	sw_cast_result r = {(sw_status)c->st[k],
			    c->ft[k],
			    c->f[0][k],
			    c->f[1][k],
			    {c->f[2][k], c->f[3][k], z[0]},
			    {c->f[5][k], c->f[6][k], z[1]},
			    {c->f[8][k], c->f[9][k], z[2]}};
	return r;
}

/* the runs every call is made with: the answers must be the same bits on every one */
static const sw_batch_opts RUNS[] = {
	{.threads = 1}, {.threads = 2, .chunk = 16}, {.threads = 2, .chunk = 48}, {.threads = 1, .chunk = 1}};
#define NRUNS (sizeof RUNS / sizeof RUNS[0])

static void sets2(const mover2 *mv, size_t nm, const sw_seg2 *sg, size_t ns, sw_circle2_set **m, sw_seg2_set **g)
{
	cr_assert_eq(sw_circle2_set_create(nm, m), SW_OK);
	cr_assert_eq(sw_seg2_set_create(ns, g), SW_OK);
	for (size_t i = 0; i < nm; i++)
		cr_assert_eq(sw_circle2_set_add(*m, mv[i].c, mv[i].r, mv[i].v, NULL), SW_OK);
	for (size_t j = 0; j < ns; j++)
		cr_assert_eq(sw_seg2_set_add(*g, &sg[j], sw_v2(0, 0), NULL), SW_OK);
}

static void sets3(const mover3 *mv, size_t nm, const sw_tri3 *tr, size_t nt, sw_circle3_set **m, sw_tri3_set **g)
{
	cr_assert_eq(sw_circle3_set_create(nm, m), SW_OK);
	cr_assert_eq(sw_tri3_set_create(nt, g), SW_OK);
	for (size_t i = 0; i < nm; i++)
		cr_assert_eq(sw_circle3_set_add(*m, mv[i].c, mv[i].r, mv[i].v, NULL), SW_OK);
	for (size_t j = 0; j < nt; j++)
		cr_assert_eq(sw_tri3_set_add(*g, &tr[j], sw_v3(0, 0, 0), NULL), SW_OK);
}

/* the earliest hit of 2D or 3D movers (sets made by sets2/sets3), on every tier and run: the same
 * bits each time; the answers of the first */
static sw_error earliest_run(int dim, const void *m, const void *g, size_t nm, const sw_pair *pairs, size_t n,
			     const sw_circle_opts *o, sw_cast_result *first, uint32_t *fp, sw_cast_result *per)
{
	sw_error e0 = SW_OK;
	int runs = 0;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		for (size_t r = 0; r < NRUNS; r++, runs++) {
			cast_cols f, p;
			cols_init(&f, nm), cols_init(&p, n);
			uint32_t *fpk = malloc((nm + 1) * sizeof *fpk);
			sw_error e = dim == 2 ? sw_circle2_seg2_earliest_batch(m, g, pairs, n, o, &RUNS[r], &f.out, fpk,
									       &p.out)
					      : sw_circle3_tri3_earliest_batch(m, g, pairs, n, o, &RUNS[r], &f.out, fpk,
									       &p.out);
			for (size_t i = 0; i < nm && e == SW_OK; i++) {
				sw_cast_result a = cols_row(&f, i, dim);
				if (runs == 0)
					first[i] = a, fp[i] = fpk[i];
				else
					cr_assert(memcmp(&a, &first[i], sizeof a) == 0 && fpk[i] == fp[i],
						  "mover %zu differs on %s, threads %u chunk %u", i,
						  sw_isa_name((sw_isa)isa), RUNS[r].threads, RUNS[r].chunk);
			}
			for (size_t k = 0; k < n && e == SW_OK; k++) {
				sw_cast_result a = cols_row(&p, k, dim);
				if (runs == 0)
					per[k] = a;
				else
					cr_assert(memcmp(&a, &per[k], sizeof a) == 0, "pair %zu differs on %s", k,
						  sw_isa_name((sw_isa)isa));
			}
			if (runs == 0)
				e0 = e;
			cr_assert_eq(e, e0);
			cols_free(&f), cols_free(&p), free(fpk);
		}
	}
	sw_set_isa_cap(sw_best_isa());
	return e0;
}

static sw_error earliest2(const mover2 *mv, size_t nm, const sw_seg2 *sg, size_t ns, const sw_pair *pairs, size_t n,
			  const sw_circle_opts *o, sw_cast_result *first, uint32_t *fp, sw_cast_result *per)
{
	sw_circle2_set *m;
	sw_seg2_set *g;
	sets2(mv, nm, sg, ns, &m, &g);
	sw_error e = earliest_run(2, m, g, nm, pairs, n, o, first, fp, per);
	sw_circle2_set_destroy(m), sw_seg2_set_destroy(g);
	return e;
}

static sw_error earliest3(const mover3 *mv, size_t nm, const sw_tri3 *tr, size_t nt, const sw_pair *pairs, size_t n,
			  const sw_circle_opts *o, sw_cast_result *first, uint32_t *fp, sw_cast_result *per)
{
	sw_circle3_set *m;
	sw_tri3_set *g;
	sets3(mv, nm, tr, nt, &m, &g);
	sw_error e = earliest_run(3, m, g, nm, pairs, n, o, first, fp, per);
	sw_circle3_set_destroy(m), sw_tri3_set_destroy(g);
	return e;
}

/* collide-and-slide columns of nm movers */
typedef struct slide_cols {
	uint8_t *st;
	float *f[6];
	uint32_t *it, *hits, *pair;
	float *n[3];
	sw_slide_results out;
} slide_cols;

static void scols_init(slide_cols *c, size_t nm)
{
	c->st = malloc(nm + 1);
	for (int k = 0; k < 6; k++)
		c->f[k] = calloc(nm + 1, sizeof(float));
	c->it = calloc(nm + 1, 4), c->hits = calloc(nm + 1, 4), c->pair = calloc(SW_CIRCLE_MAX_ITERS * nm + 1, 4);
	for (int k = 0; k < 3; k++)
		c->n[k] = calloc(SW_CIRCLE_MAX_ITERS * nm + 1, sizeof(float));
	c->out = (sw_slide_results){c->st, c->f[0], c->f[1], c->f[2], c->f[3], c->f[4], c->f[5],
				    c->it, c->hits, c->n[0], c->n[1], c->n[2], c->pair};
}

static void scols_free(slide_cols *c)
{
	free(c->st), free(c->it), free(c->hits), free(c->pair);
	for (int k = 0; k < 6; k++)
		free(c->f[k]);
	for (int k = 0; k < 3; k++)
		free(c->n[k]);
}

static slide_out scols_row(const slide_cols *c, size_t i, int dim)
{
	slide_out s;
	memset(&s, 0, sizeof s);
	s.status = (sw_status)c->st[i];
	s.position = sw_v3(c->f[0][i], c->f[1][i], dim == 3 ? c->f[2][i] : 0);
	s.remaining = sw_v3(c->f[3][i], c->f[4][i], dim == 3 ? c->f[5][i] : 0);
	s.iterations = c->it[i], s.hits = c->hits[i];
	for (uint32_t h = 0; h < s.hits && h < SW_CIRCLE_MAX_ITERS; h++) {
		size_t at = SW_CIRCLE_MAX_ITERS * i + h;
		s.normals[h] = sw_v3(c->n[0][at], c->n[1][at], dim == 3 ? c->n[2][at] : 0);
		s.pairs[h] = c->pair[at];
	}
	return s;
}

/* collide-and-slide on every tier and run: the same bits each time; the answers of the first */
static sw_error slide_run(int dim, const void *m, const void *g, size_t nm, const sw_pair *pairs, size_t n,
			  const sw_circle_opts *o, slide_out *out)
{
	sw_error e0 = SW_OK;
	int runs = 0;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		for (size_t r = 0; r < NRUNS; r++, runs++) {
			slide_cols c;
			scols_init(&c, nm);
			sw_error e = dim == 2 ? sw_circle2_seg2_slide_batch(m, g, pairs, n, o, &RUNS[r], &c.out)
					      : sw_circle3_tri3_slide_batch(m, g, pairs, n, o, &RUNS[r], &c.out);
			for (size_t i = 0; i < nm && e == SW_OK; i++) {
				slide_out s = scols_row(&c, i, dim);
				if (runs == 0)
					out[i] = s;
				else
					cr_assert(memcmp(&s, &out[i], sizeof s) == 0,
						  "mover %zu differs on %s, threads %u chunk %u", i,
						  sw_isa_name((sw_isa)isa), RUNS[r].threads, RUNS[r].chunk);
			}
			if (runs == 0)
				e0 = e;
			cr_assert_eq(e, e0);
			scols_free(&c);
		}
	}
	sw_set_isa_cap(sw_best_isa());
	return e0;
}

static sw_error slide2(const mover2 *mv, size_t nm, const sw_seg2 *sg, size_t ns, const sw_pair *pairs, size_t n,
		       const sw_circle_opts *o, slide_out *out)
{
	sw_circle2_set *m;
	sw_seg2_set *g;
	sets2(mv, nm, sg, ns, &m, &g);
	sw_error e = slide_run(2, m, g, nm, pairs, n, o, out);
	sw_circle2_set_destroy(m), sw_seg2_set_destroy(g);
	return e;
}

static sw_error slide3(const mover3 *mv, size_t nm, const sw_tri3 *tr, size_t nt, const sw_pair *pairs, size_t n,
		       const sw_circle_opts *o, slide_out *out)
{
	sw_circle3_set *m;
	sw_tri3_set *g;
	sets3(mv, nm, tr, nt, &m, &g);
	sw_error e = slide_run(3, m, g, nm, pairs, n, o, out);
	sw_circle3_set_destroy(m), sw_tri3_set_destroy(g);
	return e;
}

/* ---- earliest hit ---- */

static void shuffle(sc_rng *r, sw_pair *p, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = sc_below(r, (uint32_t)i);
		sw_pair t = p[i - 1];
		p[i - 1] = p[j];
		p[j] = t;
	}
}

Test(circle_slide, earliest_2d_matches_pairs)
{
	enum { M = 300, S = 400, K = 12 };
	sc_rng r = sc_rng_seed(5);
	mover2 mv[M];
	sw_seg2 sg[S];
	for (int j = 0; j < S; j++) {
		float x = sc_uniform(&r, -10, 10), y = sc_uniform(&r, -10, 10), a = sc_uniform(&r, 0, 6.28f);
		float h = sc_uniform(&r, 0, 2);
		sg[j] = seg(x - h * cosf(a), y - h * sinf(a), x + h * cosf(a), y + h * sinf(a));
	}
	for (int i = 0; i < M; i++)
		mv[i] = (mover2){{sc_uniform(&r, -10, 10), sc_uniform(&r, -10, 10)},
				 sc_uniform(&r, 0.1f, 1),
				 {sc_uniform(&r, -6, 6), sc_uniform(&r, -6, 6)}};
	/* K candidates per mover, nearby segments, one of them twice (a tie the lowest index wins) */
	static sw_pair pairs[M * (K + 1)];
	size_t n = 0;
	for (uint32_t i = 0; i < M; i++) {
		for (int k = 0; k < K; k++)
			pairs[n++] = (sw_pair){i, sc_below(&r, S)};
		sw_pair twice = pairs[n - 1];
		pairs[n++] = twice;
	}
	shuffle(&r, pairs, n);
	sw_circle_opts o = {0, 0, 4};
	static sw_cast_result first[M], per[M * (K + 1)];
	uint32_t fp[M];
	cr_assert_eq(earliest2(mv, M, sg, S, pairs, n, &o, first, fp, per), SW_OK);
	float best_t[M];
	uint32_t best_k[M];
	for (int i = 0; i < M; i++)
		best_t[i] = INFINITY, best_k[i] = SW_FEATURE_NONE;
	int hits = 0;
	for (size_t k = 0; k < n; k++) {
		sw_cast_result a;
		const mover2 *m = &mv[pairs[k].a];
		sw_circle2_seg2_sweep(m->c, m->r, m->v, &sg[pairs[k].b], &o, &a);
		cr_assert(memcmp(&a, &per[k], sizeof a) == 0, "pair %zu differs from the single-pair sweep", k);
		if ((a.status == SW_HIT || a.status == SW_STARTS_OVERLAPPED) && a.t < best_t[pairs[k].a])
			best_t[pairs[k].a] = a.t, best_k[pairs[k].a] = (uint32_t)k;
	}
	for (int i = 0; i < M; i++) {
		cr_assert_eq(fp[i], best_k[i], "mover %d: pair %u, want %u", i, fp[i], best_k[i]);
		if (best_k[i] == SW_FEATURE_NONE) {
			cr_assert_eq(first[i].status, SW_MISS);
			continue;
		}
		hits++;
		cr_assert(memcmp(&first[i], &per[best_k[i]], sizeof first[i]) == 0, "mover %d: not its pair's answer",
			  i);
	}
	cr_expect_geq(hits, M / 5, "only %d movers hit anything", hits);
}

Test(circle_slide, earliest_ties_and_invalid)
{
	mover2 mv[3] = {{{0, 3}, 1, {0, -4}}, {{0, 3}, -1, {0, -4}}, {{5, 3}, 1, {0, -4}}};
	sw_seg2 sg[2] = {seg(1, 0, -1, 0), seg(NAN, 0, -1, 0)};
	/* mover 0: the same segment at pairs 1 and 3 (a tie: pair 1); mover 1: invalid radius; mover 2:
	 * an invalid segment; pair 4: a mover index out of range */
	sw_pair pairs[6] = {{2, 0}, {0, 0}, {2, 1}, {0, 0}, {7, 0}, {0, 5}};
	sw_cast_result first[3], per[6];
	uint32_t fp[3];
	cr_assert_eq(earliest2(mv, 3, sg, 2, pairs, 5, NULL, first, fp, per), SW_OK);
	cr_expect_eq(first[0].status, SW_HIT);
	cr_expect_eq(fp[0], 1);
	cr_expect_eq(first[1].status, SW_PAIR_INVALID);
	cr_expect_eq(first[2].status, SW_PAIR_INVALID);
	cr_expect_eq(fp[2], SW_FEATURE_NONE);
	cr_expect_eq(per[4].status, SW_PAIR_INVALID);
	/* a segment index out of range poisons its mover */
	cr_assert_eq(earliest2(mv, 3, sg, 2, pairs, 6, NULL, first, fp, per), SW_OK);
	cr_expect_eq(first[0].status, SW_PAIR_INVALID);
	/* malformed calls: nothing written */
	sw_circle2_set *m;
	sw_seg2_set *g;
	sets2(mv, 3, sg, 2, &m, &g);
	cast_cols f;
	cols_init(&f, 3);
	memset(f.st, 0xAB, 3);
	const sw_cast_results no_status = {.status = NULL};
	cr_expect_eq(sw_circle2_seg2_earliest_batch(m, g, pairs, 6, NULL, NULL, NULL, fp, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_earliest_batch(m, g, pairs, 6, NULL, NULL, &no_status, fp, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_earliest_batch(m, NULL, pairs, 6, NULL, NULL, &f.out, fp, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_earliest_batch(NULL, g, pairs, 6, NULL, NULL, &f.out, fp, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_earliest_batch(m, g, NULL, 6, NULL, NULL, &f.out, fp, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_earliest_batch(m, g, pairs, SW_MAX_BATCH + 1, NULL, NULL, &f.out, fp, NULL),
		     SW_ERR_SIZE);
	cr_expect(f.st[0] == 0xAB && f.st[2] == 0xAB, "a malformed call wrote");
	/* no pairs: every valid mover misses */
	cr_assert_eq(sw_circle2_seg2_earliest_batch(m, g, NULL, 0, NULL, NULL, &f.out, NULL, NULL), SW_OK);
	cr_expect(f.st[0] == SW_MISS && f.st[1] == SW_PAIR_INVALID && f.st[2] == SW_MISS);
	cols_free(&f);
	sw_circle2_set_destroy(m), sw_seg2_set_destroy(g);
}

Test(circle_slide, earliest_3d_matches_pairs)
{
	enum { M = 200, T = 300, K = 10 };
	sc_rng r = sc_rng_seed(6);
	mover3 mv[M];
	sw_tri3 tr[T];
	for (int j = 0; j < T; j++) {
		sw_vec3 c = sw_v3(sc_uniform(&r, -5, 5), sc_uniform(&r, -5, 5), sc_uniform(&r, -5, 5));
		tr[j] = (sw_tri3){sw_v3_add(c, sw_v3(2, 0, 0)), sw_v3_add(c, sw_v3(-1, sc_uniform(&r, 1, 2), 0.5f)),
				  sw_v3_add(c, sw_v3(-1, sc_uniform(&r, -2, -1), sc_uniform(&r, -1, 1)))};
	}
	for (int i = 0; i < M; i++)
		mv[i] = (mover3){{sc_uniform(&r, -5, 5), sc_uniform(&r, -5, 5), sc_uniform(&r, -5, 5)},
				 sc_uniform(&r, 0.2f, 1.5f),
				 {sc_uniform(&r, -6, 6), sc_uniform(&r, -6, 6), sc_uniform(&r, -6, 6)}};
	static sw_pair pairs[M * K];
	size_t n = 0;
	for (uint32_t i = 0; i < M; i++)
		for (int k = 0; k < K; k++)
			pairs[n++] = (sw_pair){i, sc_below(&r, T)};
	shuffle(&r, pairs, n);
	static sw_cast_result first[M], per[M * K];
	uint32_t fp[M];
	cr_assert_eq(earliest3(mv, M, tr, T, pairs, n, NULL, first, fp, per), SW_OK);
	int hits = 0;
	for (int i = 0; i < M; i++) {
		float bt = INFINITY;
		uint32_t bk = SW_FEATURE_NONE;
		for (size_t k = 0; k < n; k++) {
			if (pairs[k].a != (uint32_t)i)
				continue;
			sw_cast_result a;
			sw_circle3_tri3_sweep(mv[i].c, mv[i].r, mv[i].v, &tr[pairs[k].b], NULL, &a);
			cr_assert(memcmp(&a, &per[k], sizeof a) == 0, "pair %zu differs", k);
			if ((a.status == SW_HIT || a.status == SW_STARTS_OVERLAPPED) && a.t < bt)
				bt = a.t, bk = (uint32_t)k;
		}
		cr_assert_eq(fp[i], bk, "mover %d", i);
		hits += bk != SW_FEATURE_NONE;
	}
	cr_expect_geq(hits, M / 5, "only %d movers hit anything", hits);
}

/* ---- collide-and-slide ---- */

typedef struct level2 {
	sw_seg2 s[64];
	int n;
} level2;

/* a 20×20 box and random segments inside it; closed: the box's walls face in and the obstacles are
 * squares facing out (counter-clockwise), so that no mover in the room can get behind a segment and
 * one-sided segments must hold it too */
static void make_level2(sc_rng *r, level2 *L, float off, int closed)
{
	L->n = 0;
	const float w = 10;
	L->s[L->n++] = seg(off - w, -off - w, off - w, -off + w);
	L->s[L->n++] = seg(off - w, -off + w, off + w, -off + w);
	L->s[L->n++] = seg(off + w, -off + w, off + w, -off - w);
	L->s[L->n++] = seg(off + w, -off - w, off - w, -off - w);
	while (closed && L->n < 44) {
		float x = sc_uniform(r, -7, 7), y = sc_uniform(r, -7, 7), a = sc_uniform(r, 0, 6.28f);
		float h = sc_uniform(r, 0.3f, 1.5f);
		sw_vec2 c[4];
		for (int k = 0; k < 4; k++) {
			float b = a + 1.5707964f * (float)k;
			c[k] = sw_v2(off + x + h * cosf(b), -off + y + h * sinf(b));
		}
		for (int k = 0; k < 4; k++)
			L->s[L->n++] = seg(c[k].x, c[k].y, c[(k + 1) % 4].x, c[(k + 1) % 4].y);
	}
	while (L->n < 44) {
		float x = sc_uniform(r, -8, 8), y = sc_uniform(r, -8, 8), a = sc_uniform(r, 0, 6.28f);
		float h = sc_uniform(r, 0.5f, 3);
		L->s[L->n++] = seg(off + x - h * cosf(a), -off + y - h * sinf(a), off + x + h * cosf(a),
				   -off + y + h * sinf(a));
	}
}

/* behind all four edges of one of a closed level's squares */
static int in_obstacle(const level2 *L, sw_vec2 c)
{
	for (int q = 4; q + 4 <= L->n; q += 4) {
		int behind = 0;
		for (int k = 0; k < 4; k++) {
			const sw_seg2 *g = &L->s[q + k];
			double side = ((double)g->q.y - g->p.y) * ((double)c.x - g->p.x) -
				      ((double)g->q.x - g->p.x) * ((double)c.y - g->p.y);
			behind += side < 0;
		}
		if (behind == 4)
			return 1;
	}
	return 0;
}

static void slide_population2(uint64_t seed, float off, float skin, uint32_t iters, uint32_t one_sided, float reach)
{
	enum { M = 10000 };
	sc_rng r = sc_rng_seed(seed);
	level2 L;
	make_level2(&r, &L, off, (int)one_sided);
	static mover2 mv[M];
	for (int i = 0; i < M; i++) {
		for (;;) {
			float rad = sc_uniform(&r, 0.05f, 0.8f);
			sw_vec2 c = sw_v2(off + sc_uniform(&r, -9, 9), -off + sc_uniform(&r, -9, 9));
			int clear = 1;
			for (int j = 0; j < L.n && clear; j++)
				clear = dist2(c, &L.s[j]) >= rad + skin;
			if (!clear || (one_sided && in_obstacle(&L, c)))
				continue;
			float a = sc_uniform(&r, 0, 6.28f), len = sc_uniform(&r, 0, reach);
			mv[i] = (mover2){c, rad, {len * cosf(a), len * sinf(a)}};
			break;
		}
	}
	static sw_pair pairs[M * 44];
	size_t n = 0;
	for (uint32_t i = 0; i < M; i++)
		for (int j = 0; j < L.n; j++)
			pairs[n++] = (sw_pair){i, (uint32_t)j};
	shuffle(&r, pairs, n);
	sw_circle_opts o = {one_sided, skin, iters};
	static slide_out out[M];
	cr_assert_eq(slide2(mv, M, L.s, (size_t)L.n, pairs, n, &o, out), SW_OK);
	int hits = 0, capped = 0;
	for (int i = 0; i < M; i++) {
		const slide_out *s = &out[i];
		cr_assert(s->status == SW_MISS || s->status == SW_HIT, "mover %d: %s", i, sw_status_name(s->status));
		cr_assert(s->iterations >= 1 && s->iterations <= iters && s->hits <= s->iterations);
		cr_assert_eq(s->status == SW_HIT, s->hits > 0);
		hits += s->hits > 0;
		capped += s->remaining.x != 0 || s->remaining.y != 0;
		/* the slide never lengthens the motion; positions carry a few ulps of their coordinates */
		double moved = hypot((double)s->position.x - mv[i].c.x, (double)s->position.y - mv[i].c.y);
		double ulps = 8 * 0x1p-23 * (fabs(off) + 10);
		cr_assert(moved <= sw_v2_len(mv[i].v) * (1 + 1e-5) + ulps, "mover %d moved %.9g > |v|", i, moved);
		for (uint32_t h = 0; h < s->hits; h++)
			cr_assert(fabsf(sw_v3_len(s->normals[h]) - 1) < 1e-5f && s->pairs[h] < n);
		for (int j = 0; j < L.n; j++) {
			double d = dist2(sw_v2(s->position.x, s->position.y), &L.s[j]);
			cr_assert(d >= mv[i].r + 0.25 * skin,
				  "mover %d (seed %llu) ends %.9g from segment %d, radius %.9g: inside; start (%a, %a) "
				  "v (%a, %a)",
				  i, (unsigned long long)seed, d, j, mv[i].r, mv[i].c.x, mv[i].c.y, mv[i].v.x,
				  mv[i].v.y);
		}
	}
	cr_log_info("slide 2D (offset %g, skin %g, %u iterations): %d of %d movers hit, %d stopped by the cap", off,
		    skin, iters, hits, M, capped);
	cr_expect_geq(hits, M / 4, "too few movers hit anything");
}

Test(circle_slide, never_inside_2d) { slide_population2(100, 0, 1e-3f, 4, 0, 8); }
Test(circle_slide, never_inside_2d_one_iteration) { slide_population2(101, 0, 1e-3f, 1, 0, 8); }
Test(circle_slide, never_inside_2d_long_moves) { slide_population2(102, 0, 1e-3f, 8, 0, 40); }
Test(circle_slide, never_inside_2d_offset_1e4) { slide_population2(103, 1e4f, 5e-2f, 4, 0, 8); }
Test(circle_slide, never_inside_2d_one_sided) { slide_population2(104, 0, 1e-3f, 4, 1, 8); }

/* a 20³ box of 12 triangles, facing in, and random triangles */
static int make_level3(sc_rng *r, sw_tri3 *t)
{
	int n = 0;
	const float w = 10;
	for (int axis = 0; axis < 3; axis++) {
		for (int sgn = -1; sgn <= 1; sgn += 2) {
			sw_vec3 q[4];
			for (int k = 0; k < 4; k++) {
				float u = (k == 1 || k == 2) ? w : -w, v = k >= 2 ? w : -w, c[3];
				c[axis] = sgn * w, c[(axis + 1) % 3] = u, c[(axis + 2) % 3] = v;
				q[k] = sw_v3(c[0], c[1], c[2]);
			}
			/* wound so that the front faces the inside (−sgn along the axis) */
			sw_tri3 a = {q[0], q[1], q[2]}, b = {q[0], q[2], q[3]};
			sw_vec3 nrm = sw_v3_cross(sw_v3_sub(a.b, a.a), sw_v3_sub(a.c, a.a));
			float along = axis == 0 ? nrm.x : axis == 1 ? nrm.y : nrm.z;
			if (along * (float)sgn > 0) {
				sw_vec3 x = a.b;
				a.b = a.c, a.c = x;
				x = b.b, b.b = b.c, b.c = x;
			}
			t[n++] = a, t[n++] = b;
		}
	}
	while (n < 48) {
		sw_vec3 c = sw_v3(sc_uniform(r, -7, 7), sc_uniform(r, -7, 7), sc_uniform(r, -7, 7));
		sw_vec3 d1 = sw_v3(sc_uniform(r, -3, 3), sc_uniform(r, -3, 3), sc_uniform(r, -3, 3));
		sw_vec3 d2 = sw_v3(sc_uniform(r, -3, 3), sc_uniform(r, -3, 3), sc_uniform(r, -3, 3));
		if (sw_v3_len(sw_v3_cross(d1, d2)) < 0.5f)
			continue;
		t[n++] = (sw_tri3){c, sw_v3_add(c, d1), sw_v3_add(c, d2)};
	}
	return n;
}

Test(circle_slide, never_inside_3d)
{
	enum { M = 10000 };
	const float skin = 1e-3f;
	sc_rng r = sc_rng_seed(200);
	static sw_tri3 tr[48];
	int nt = make_level3(&r, tr);
	static mover3 mv[M];
	for (int i = 0; i < M; i++) {
		for (;;) {
			float rad = sc_uniform(&r, 0.1f, 1);
			sw_vec3 c = sw_v3(sc_uniform(&r, -9, 9), sc_uniform(&r, -9, 9), sc_uniform(&r, -9, 9));
			int clear = 1;
			for (int j = 0; j < nt && clear; j++)
				clear = dist3(c, &tr[j]) >= rad + skin;
			if (!clear)
				continue;
			mv[i] = (mover3){c, rad, {sc_uniform(&r, -8, 8), sc_uniform(&r, -8, 8), sc_uniform(&r, -8, 8)}};
			break;
		}
	}
	static sw_pair pairs[M * 48];
	size_t n = 0;
	for (uint32_t i = 0; i < M; i++)
		for (int j = 0; j < nt; j++)
			pairs[n++] = (sw_pair){i, (uint32_t)j};
	sw_circle_opts o = {0, skin, 6};
	static slide_out out[M];
	cr_assert_eq(slide3(mv, M, tr, (size_t)nt, pairs, n, &o, out), SW_OK);
	int hits = 0;
	for (int i = 0; i < M; i++) {
		hits += out[i].hits > 0;
		for (int j = 0; j < nt; j++) {
			double d = dist3(out[i].position, &tr[j]);
			cr_assert(d >= mv[i].r + 0.25 * skin,
				  "sphere %d ends %.9g from triangle %d, radius %.9g: inside", i, d, j, mv[i].r);
		}
	}
	cr_log_info("slide 3D: %d of %d spheres hit", hits, M);
	cr_expect_geq(hits, M / 4);
}

Test(circle_slide, starts_overlapped_never_deeper)
{
	/* centre 0.5 above a floor with r = 1, pushed down and sideways: it moves sideways, not deeper */
	sw_seg2 fl = seg(10, 0, -10, 0);
	mover2 m = {{0, 0.5f}, 1, {3, -2}};
	sw_pair p = {0, 0};
	sw_circle_opts o = {0, 1e-3f, 4};
	slide_out out;
	cr_assert_eq(slide2(&m, 1, &fl, 1, &p, 1, &o, &out), SW_OK);
	cr_expect_eq(out.status, SW_STARTS_OVERLAPPED);
	cr_expect(out.position.y >= 0.5f - 1e-6f, "went deeper: y = %.9g", out.position.y);
	cr_expect(fabsf(out.position.x - 3) < 1e-5f, "slid to x = %.9g, want 3", out.position.x);
}

Test(circle_slide, corner_2d_valley)
{
	/* the left side y = −x (normal (1, 1)/√2), the right side along (3, 4) (normal (−0.8, 0.6)); the
	 * circle drops from (−1, 5), lands on the left side, slides down into the right one and stops
	 * where it is r + skin from both: n1·c = n2·c = r + skin */
	sw_seg2 v[2] = {seg(0, 0, -4, 4), seg(3, 4, 0, 0)};
	const float r = 0.5f, skin = 1e-3f;
	mover2 m = {{-1, 5}, r, {0, -10}};
	sw_pair p[2] = {{0, 0}, {0, 1}};
	sw_circle_opts o = {0, skin, 8};
	slide_out out;
	cr_assert_eq(slide2(&m, 1, v, 2, p, 2, &o, &out), SW_OK);
	double rs = (double)r + skin, a = 1 / sqrt(2.0);
	/* a·(x + y) = rs, −0.8x + 0.6y = rs */
	double x = (rs / a * 0.6 - rs) / (0.6 + 0.8), y = rs / a - x;
	cr_expect_eq(out.status, SW_HIT);
	cr_expect_geq(out.hits, 2u);
	cr_expect(out.remaining.x == 0 && out.remaining.y == 0, "still moving (%g, %g)", out.remaining.x,
		  out.remaining.y);
	cr_expect(fabs(out.position.x - x) < 1e-4 && fabs(out.position.y - y) < 1e-4,
		  "rests at (%.9g, %.9g), want (%.9g, %.9g)", out.position.x, out.position.y, x, y);
	sw_vec2 at = sw_v2(out.position.x, out.position.y);
	cr_expect(dist2(at, &v[0]) >= r && dist2(at, &v[1]) >= r);
}

Test(circle_slide, corner_3d_crease)
{
	/* a floor z = 0 and a wall leaning over it (normal (−0.8, 0, −0.6), through x = 5 at z = 0); the
	 * sphere slides along the floor into the wedge and on along the crease (+y), not stopping */
	sw_tri3 t[3] = {{{-20, -20, 0}, {20, -20, 0}, {20, 20, 0}}, {{-20, -20, 0}, {20, 20, 0}, {-20, 20, 0}}};
	/* the wall: points with −0.8(x − 5) − 0.6z = 0, wound to face (−0.8, 0, −0.6) */
	t[2] = (sw_tri3){{5, -40, 0}, {5, 40, 0}, {5 - 0.75f * 20, 0, 20}};
	sw_vec3 nw = sw_v3_cross(sw_v3_sub(t[2].b, t[2].a), sw_v3_sub(t[2].c, t[2].a));
	if (nw.x > 0) {
		sw_vec3 x = t[2].b;
		t[2].b = t[2].c, t[2].c = x;
	}
	const float r = 1, skin = 1e-3f;
	mover3 m = {{0, 0, 1.5f}, r, {10, 5, -2}};
	sw_pair p[3] = {{0, 0}, {0, 1}, {0, 2}};
	sw_circle_opts o = {0, skin, 8};
	slide_out out;
	cr_assert_eq(slide3(&m, 1, t, 3, p, 3, &o, &out), SW_OK);
	cr_expect_eq(out.status, SW_HIT);
	cr_expect_geq(out.hits, 2u);
	/* on the floor (z = r + skin) and against the wall: −0.8(x − 5) − 0.6z = r + skin */
	double z = r + skin, x = 5 - (r + skin + 0.6 * z) / 0.8;
	cr_expect(fabs(out.position.z - z) < 1e-4 && fabs(out.position.x - x) < 1e-4, "rests at (%.9g, _, %.9g)",
		  out.position.x, out.position.z);
	cr_expect(out.position.y > 2.5f, "did not slide along the crease: y = %.9g", out.position.y);
	for (int j = 0; j < 3; j++)
		cr_expect(dist3(out.position, &t[j]) >= r);
}

Test(circle_slide, one_way_platform)
{
	/* a one-sided platform facing up: from below the circle passes through, from above it lands */
	sw_seg2 plat = seg(5, 0, -5, 0);
	mover2 m[2] = {{{0, -3}, 1, {0, 6}}, {{0, 3}, 1, {0, -6}}};
	sw_pair p[2] = {{0, 0}, {1, 0}};
	sw_circle_opts o = {1, 1e-3f, 4};
	slide_out out[2];
	cr_assert_eq(slide2(m, 2, &plat, 1, p, 2, &o, out), SW_OK);
	cr_expect(out[0].status == SW_MISS && fabsf(out[0].position.y - 3) < 1e-6f, "from below: %s at y = %g",
		  sw_status_name(out[0].status), out[0].position.y);
	cr_expect(out[1].status == SW_HIT && fabsf(out[1].position.y - 1.001f) < 1e-5f, "from above: %s at y = %g",
		  sw_status_name(out[1].status), out[1].position.y);
}

static void *failing_alloc(size_t size, size_t align, void *user)
{
	(void)size, (void)align, (void)user;
	return NULL;
}
static void never_free(void *p, size_t size, void *user) { (void)p, (void)size, (void)user; }

Test(circle_slide, call_errors)
{
	sw_seg2 fl = seg(10, 0, -10, 0);
	mover2 m = {{0, 3}, 1, {0, -4}};
	sw_pair p = {0, 0};
	slide_out out;
	sw_circle_opts bad_iters = {0, 1e-3f, 0}, many = {0, 1e-3f, SW_CIRCLE_MAX_ITERS + 1};
	sw_circle_opts neg_skin = {0, -1, 4}, nan_skin = {0, NAN, 4};
	cr_expect_eq(slide2(&m, 1, &fl, 1, &p, 1, &bad_iters, &out), SW_ERR_ARG);
	cr_expect_eq(slide2(&m, 1, &fl, 1, &p, 1, &many, &out), SW_ERR_ARG);
	cr_expect_eq(slide2(&m, 1, &fl, 1, &p, 1, &neg_skin, &out), SW_ERR_ARG);
	cr_expect_eq(slide2(&m, 1, &fl, 1, &p, 1, &nan_skin, &out), SW_ERR_ARG);
	sw_circle2_set *ms;
	sw_seg2_set *gs;
	sets2(&m, 1, &fl, 1, &ms, &gs);
	slide_cols c;
	scols_init(&c, 1);
	c.st[0] = 0xAB;
	const sw_slide_results no_status = {.status = NULL};
	cr_expect_eq(sw_circle2_seg2_slide_batch(ms, gs, NULL, 1, NULL, NULL, &c.out), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_slide_batch(ms, gs, &p, 1, NULL, NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_slide_batch(ms, gs, &p, 1, NULL, NULL, &no_status), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_slide_batch(ms, NULL, &p, 1, NULL, NULL, &c.out), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_slide_batch(ms, gs, &p, SW_MAX_BATCH + 1, NULL, NULL, &c.out), SW_ERR_SIZE);
	sw_set_allocator(failing_alloc, never_free, NULL);
	sw_error e = sw_circle2_seg2_slide_batch(ms, gs, &p, 1, NULL, NULL, &c.out);
	sw_set_allocator(NULL, NULL, NULL);
	cr_expect_eq(e, SW_ERR_NOMEM);
	cr_expect_eq(c.st[0], 0xAB, "a failed call wrote");
	scols_free(&c);
	sw_circle2_set_destroy(ms), sw_seg2_set_destroy(gs);
	/* an invalid segment makes its mover invalid, NaN position */
	sw_seg2 nan_seg = seg(NAN, 0, 1, 0);
	cr_assert_eq(slide2(&m, 1, &nan_seg, 1, &p, 1, NULL, &out), SW_OK);
	cr_expect(out.status == SW_PAIR_INVALID && isnan(out.position.x) && out.hits == 0);
	/* no pairs: moves freely */
	cr_assert_eq(slide2(&m, 1, &fl, 1, &p, 0, NULL, &out), SW_OK);
	cr_expect(out.status == SW_MISS && out.position.y == -1 && out.iterations == 1);
}
