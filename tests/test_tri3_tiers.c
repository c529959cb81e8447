/* tests/test_tri3_tiers.c — every SIMD tier the CPU has meets the scalar reference on the OBB–triangle
 * queries, on the same seeded batches: random populations plus deliberate edge patterns, through the
 * indexed sweep (two- and one-sided) and the static overlap. The kernels repeat the reference's
 * operations in its order with no contraction, so the contract is exact: statuses, feature ids and
 * every float bit for bit (NaN matches NaN). A mismatch prints the seed, pair, lane and the inputs
 * in hex floats. Tiers the CPU lacks are reported as skipped. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "compare.h"
#include "edge_pairs.h"
#include "scenes.h"

enum { POP_PAIRS = 10000 };

/* owned result arrays, poisoned so an entry the kernel forgets to write shows up */
typedef struct res_buf {
	uint8_t *st, *ft;
	float *f;
	sw_sweep_results r;
} res_buf;

static void res_init(res_buf *b, size_t n)
{
	b->st = malloc(n + 1);
	b->ft = malloc(n + 1);
	b->f = malloc(5 * (n + 1) * sizeof(float));
	memset(b->st, 0xAB, n + 1);
	memset(b->ft, 0xAB, n + 1);
	memset(b->f, 0xAB, 5 * (n + 1) * sizeof(float));
	sw_sweep_results r = {b->st, b->ft, b->f, b->f + n, b->f + 2 * n, b->f + 3 * n, b->f + 4 * n};
	b->r = r;
}

static void res_free(res_buf *b)
{
	free(b->st);
	free(b->ft);
	free(b->f);
}

static void print_pair(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *p)
{
	sw_obb3 box;
	sw_tri3 t;
	sw_vec3 d;
	if (sw_obb3_set_get(boxes, p->a, &box, &d) == SW_OK) {
		const float *f = &box.center.x;
		fprintf(stderr, "  box[%u]: c,q,h =", p->a);
		for (int q = 0; q < 10; q++)
			fprintf(stderr, " %a", f[q]);
		fprintf(stderr, " d = %a %a %a\n", d.x, d.y, d.z);
	} else {
		fprintf(stderr, "  box index %u out of range\n", p->a);
	}
	if (sw_tri3_set_get(tris, p->b, &t, &d) == SW_OK) {
		const sw_vec3 v[3] = {t.a, t.b, t.c};
		fprintf(stderr, "  tri[%u]: a,b,c =", p->b);
		for (int q = 0; q < 3; q++)
			fprintf(stderr, " %a %a %a", v[q].x, v[q].y, v[q].z);
		fprintf(stderr, " d = %a %a %a\n", d.x, d.y, d.z);
	} else {
		fprintf(stderr, "  triangle index %u out of range\n", p->b);
	}
}

/* compares n sweep results; returns the number of mismatching pairs (first few printed) */
static size_t compare_sweep(const char *what, uint64_t seed, sw_isa isa, const sw_obb3_set *boxes,
			    const sw_tri3_set *tris, const sw_pair *pairs, size_t n, const sw_sweep_results *got,
			    const sw_sweep_results *want)
{
	size_t bad = 0;
	for (size_t k = 0; k < n; k++) {
		int ok = got->status[k] == want->status[k] && got->feature[k] == want->feature[k] &&
			 cmp_same_bits(got->t_first[k], want->t_first[k]) &&
			 cmp_same_bits(got->t_last[k], want->t_last[k]) && cmp_same_bits(got->nx[k], want->nx[k]) &&
			 cmp_same_bits(got->ny[k], want->ny[k]) && cmp_same_bits(got->nz[k], want->nz[k]);
		if (ok)
			continue;
		if (bad++ < 5) {
			fprintf(stderr,
				"%s mismatch: tier %s seed %llu pair %zu lane %zu\n"
				"  got  st %u ft %u t %a %a n %a %a %a\n  want st %u ft %u t %a %a n %a %a %a\n",
				what, sw_isa_name(isa), (unsigned long long)seed, k, k % sw_isa_lanes(isa),
				got->status[k], got->feature[k], got->t_first[k], got->t_last[k], got->nx[k],
				got->ny[k], got->nz[k], want->status[k], want->feature[k], want->t_first[k],
				want->t_last[k], want->nx[k], want->ny[k], want->nz[k]);
			print_pair(boxes, tris, &pairs[k]);
		}
	}
	return bad;
}

typedef void (*edit_fn)(sc_rng *r, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs, size_t n);

/* prints a penetration mismatch with the pair's inputs */
typedef struct pen_ctx {
	sw_isa isa;
	uint64_t seed;
	const sw_obb3_set *boxes;
	const sw_tri3_set *tris;
	const sw_pair *pairs;
} pen_ctx;

static void pen_report(size_t q, const cmp_overlap3 *got, const cmp_overlap3 *want, void *ctx)
{
	const pen_ctx *c = ctx;
	fprintf(stderr, "penetration mismatch: tier %s seed %llu pair %zu: got %u/%u %a want %u/%u %a\n",
		sw_isa_name(c->isa), (unsigned long long)c->seed, q, got->st[q], got->ft[q], got->f[q], want->st[q],
		want->ft[q], want->f[q]);
	print_pair(c->boxes, c->tris, &c->pairs[q]);
}

static void run_population(sw_isa isa, uint64_t seed, sc_tri3_params p, size_t n, edit_fn edit)
{
	const sw_kernels *k = sw_kernels_for(isa), *ref = sw_kernels_for(SW_ISA_REF);
	cr_assert(k && ref);
	sc_rng r = sc_rng_seed(seed);
	sw_obb3_set boxes;
	sw_tri3_set tris;
	cr_assert(sw_obb3_set_init(&boxes, n) == SW_OK);
	cr_assert(sw_tri3_set_init(&tris, n) == SW_OK);
	sw_pair *pairs = malloc(n * sizeof *pairs);
	cr_assert(sc_tri3_close_pairs(&r, &p, &boxes, &tris, pairs, n) == SW_OK);
	if (edit)
		edit(&r, &boxes, &tris, pairs, n);

	for (int one_sided = 0; one_sided < 2; one_sided++) {
		res_buf got, want;
		res_init(&got, n);
		res_init(&want, n);
		const char *what = one_sided ? "one-sided" : "two-sided";
		ref->obb3_tri3_sweep_idx(&boxes, &tris, pairs, n, one_sided, &want.r);
		k->obb3_tri3_sweep_idx(&boxes, &tris, pairs, n, one_sided, &got.r);
		cr_expect_eq(compare_sweep(what, seed, isa, &boxes, &tris, pairs, n, &got.r, &want.r), 0);
		/* a prefix of odd length: the tail block, and nothing written past it */
		size_t odd = n > 37 ? n - 37 : n;
		res_free(&got);
		res_init(&got, n);
		k->obb3_tri3_sweep_idx(&boxes, &tris, pairs, odd, one_sided, &got.r);
		cr_expect_eq(compare_sweep(what, seed, isa, &boxes, &tris, pairs, odd, &got.r, &want.r), 0);
		for (size_t q = odd; q < n; q++)
			cr_expect_eq(got.st[q], 0xAB, "tier %s wrote status %zu past the batch of %zu",
				     sw_isa_name(isa), q, odd);
		/* packed: the same pairs in lane blocks (pairs with an index out of range left out) */
		size_t nb = (n + SW_BLOCK - 1) / SW_BLOCK;
		sw_obb3_tri3_block *blocks = aligned_alloc(64, nb * sizeof *blocks);
		for (size_t q = 0; q < nb; q++)
			sw_obb3_tri3_block_fill(&blocks[q], 0);
		for (size_t q = 0; q < n; q++) {
			sw_obb3 a;
			sw_tri3 t;
			sw_vec3 da, dt;
			if (sw_obb3_set_get(&boxes, pairs[q].a, &a, &da) == SW_OK &&
			    sw_tri3_set_get(&tris, pairs[q].b, &t, &dt) == SW_OK)
				sw_obb3_tri3_block_put(&blocks[q / SW_BLOCK], (unsigned)(q % SW_BLOCK), &a, da, &t, dt);
		}
		res_free(&got);
		res_free(&want);
		res_init(&got, n);
		res_init(&want, n);
		ref->obb3_tri3_sweep_packed(blocks, n, one_sided, &want.r);
		k->obb3_tri3_sweep_packed(blocks, n, one_sided, &got.r);
		cr_expect_eq(compare_sweep("packed", seed, isa, &boxes, &tris, pairs, n, &got.r, &want.r), 0);
		free(blocks);
		res_free(&got);
		res_free(&want);
	}

	/* static penetration: least-penetration axis, depth and normal, bit for bit */
	cmp_overlap3 pg, pw;
	cmp_overlap3_init(&pg, n), cmp_overlap3_init(&pw, n);
	ref->obb3_tri3_penetration_idx(&boxes, &tris, pairs, n, &pw.r);
	k->obb3_tri3_penetration_idx(&boxes, &tris, pairs, n, &pg.r);
	pen_ctx pc = {isa, seed, &boxes, &tris, pairs};
	cr_expect_eq(cmp_overlap3_diff(&pg, &pw, pen_report, &pc), 0);
	cmp_overlap3_free(&pg), cmp_overlap3_free(&pw);

	/* static overlap */
	uint8_t *gs = malloc(n), *gf = malloc(n), *ws = malloc(n), *wf = malloc(n);
	sw_overlap_results og = {gs, gf}, ow = {ws, wf};
	ref->obb3_tri3_overlap_idx(&boxes, &tris, pairs, n, &ow);
	k->obb3_tri3_overlap_idx(&boxes, &tris, pairs, n, &og);
	size_t obad = 0;
	for (size_t q = 0; q < n; q++) {
		if (gs[q] == ws[q] && gf[q] == wf[q])
			continue;
		if (obad++ < 5) {
			fprintf(stderr, "overlap mismatch: tier %s seed %llu pair %zu lane %zu: got %u/%u want %u/%u\n",
				sw_isa_name(isa), (unsigned long long)seed, q, q % sw_isa_lanes(isa), gs[q], gf[q],
				ws[q], wf[q]);
			print_pair(&boxes, &tris, &pairs[q]);
		}
	}
	cr_expect_eq(obad, 0);
	free(gs);
	free(gf);
	free(ws);
	free(wf);
	free(pairs);
	sw_obb3_set_free(&boxes);
	sw_tri3_set_free(&tris);
}

/* ---- edge patterns ---- */

/* triangle edge ab exactly along one of the box's axes (exactly parallel edges, L = 0) */
static void edit_parallel(sc_rng *r, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		sw_obb3 a;
		sw_tri3 t;
		sw_vec3 da, dt;
		sw_obb3_set_get(boxes, pairs[k].a, &a, &da);
		sw_tri3_set_get(tris, pairs[k].b, &t, &dt);
		a.rot = (sw_quat){0, 0, 0, 1};
		float len = sc_uniform(r, 0.5f, 3.0f);
		uint32_t ax = sc_below(r, 3);
		t.b = sw_v3_add(t.a, sw_v3(ax == 0 ? len : 0, ax == 1 ? len : 0, ax == 2 ? len : 0));
		sw_obb3_set_put(boxes, pairs[k].a, &a, da);
		sw_tri3_set_put(tris, pairs[k].b, &t, dt);
	}
}

/* triangle edge ab within a tiny angle of a box axis: tiny edge axes, kept unless zero or denormal */
static void edit_near_parallel(sc_rng *r, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		sw_obb3 a;
		sw_tri3 t;
		sw_vec3 da, dt;
		sw_obb3_set_get(boxes, pairs[k].a, &a, &da);
		sw_tri3_set_get(tris, pairs[k].b, &t, &dt);
		sw_mat3 m = sw_obb3_axes(&a);
		uint32_t i = sc_below(r, 3);
		sw_vec3 dir = sw_v3_add(m.col[i], sw_v3_scale(m.col[(i + 1) % 3], sc_uniform(r, 1e-6f, 2e-3f)));
		t.b = sw_v3_add(t.a, sw_v3_scale(dir, sc_uniform(r, 0.5f, 3.0f)));
		sw_tri3_set_put(tris, pairs[k].b, &t, dt);
	}
}

/* pairs whose closest features are a box edge and a triangle edge 1e-7 … 1e-1 rad from parallel,
 * 1e-6 … 1e-2 of the size apart or overlapping (tests/common/edge_pairs.h), one in eight with a
 * thin box (1e-6), brought in along their common normal; and one in eight an axis-aligned box and a
 * triangle with edge ab along x but for 1e-5 … 1e-45 of its length in y: edge components down to
 * denormal, for the edge axes' scale and their zero test */
static void edit_edge_pairs(sc_rng *r, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		sw_obb3 a;
		sw_tri3 t;
		sw_vec3 da, dt;
		sw_obb3_set_get(boxes, pairs[k].a, &a, &da);
		sw_tri3_set_get(tris, pairs[k].b, &t, &dt);
		uint32_t kind = sc_below(r, 8);
		if (kind == 0) {
			float len = sc_uniform(r, 0.5f, 3.0f), x0 = sc_uniform(r, -2, 0);
			a = (sw_obb3){sw_v3(0, 0, 0), (sw_quat){0, 0, 0, 1}, a.half};
			t.a = sw_v3(x0, 0, 0);
			t.b = sw_v3(x0 + len, len * powf(10.0f, -sc_uniform(r, 5, 45)), 0);
			t.c = sw_v3(x0 + sc_uniform(r, 0, len), sc_uniform(r, -2, 2), sc_uniform(r, 0.5f, 2));
		} else {
			ep_params p;
			ep_random(r, 1e-7, 1e-1, 1e-6, 1e-2, &p);
			if (kind == 1)
				p.ha[sc_below(r, 3)] *= 1e-6;
			double nn[3];
			ep_tri3_pair(&p, &a, &t, nn);
			float back = sc_uniform(r, 0, 2);
			sw_vec3 nv = sw_v3((float)nn[0], (float)nn[1], (float)nn[2]), sh = sw_v3_scale(nv, back);
			t = (sw_tri3){sw_v3_add(t.a, sh), sw_v3_add(t.b, sh), sw_v3_add(t.c, sh)};
			dt = sw_v3_sub(da, sw_v3_scale(nv, back * sc_uniform(r, 0.5f, 2.0f)));
		}
		sw_obb3_set_put(boxes, pairs[k].a, &a, da);
		sw_tri3_set_put(tris, pairs[k].b, &t, dt);
	}
}

/* zero motion for everybody: the static case through the moving query */
static void edit_zero_motion(sc_rng *r, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs, size_t n)
{
	(void)r, (void)pairs, (void)n;
	for (size_t i = 0; i < boxes->count; i++)
		boxes->dx[i] = boxes->dy[i] = boxes->dz[i] = 0.0f;
	for (size_t i = 0; i < tris->count; i++)
		tris->dx[i] = tris->dy[i] = tris->dz[i] = 0.0f;
}

/* axis-aligned boxes and triangles snapped to a grid of halves: many exact touches at t = 0 and
 * t = 1, exact ties between axes, motion exactly in a face's plane */
static void edit_touching(sc_rng *r, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs, size_t n)
{
	(void)pairs, (void)n;
	for (size_t i = 0; i < boxes->count; i++) {
		float *f[6] = {&boxes->cx[i], &boxes->cy[i], &boxes->cz[i],
			       &boxes->dx[i], &boxes->dy[i], &boxes->dz[i]};
		for (int q = 0; q < 6; q++)
			*f[q] = roundf(*f[q] * 2.0f) * 0.5f;
		boxes->hx[i] = boxes->hy[i] = boxes->hz[i] = 0.25f * (float)(1 + sc_below(r, 4));
	}
	for (size_t i = 0; i < tris->count; i++) {
		float *f[12] = {&tris->ax[i], &tris->ay[i], &tris->az[i], &tris->bx[i], &tris->by[i], &tris->bz[i],
				&tris->cx[i], &tris->cy[i], &tris->cz[i], &tris->dx[i], &tris->dy[i], &tris->dz[i]};
		for (int q = 0; q < 12; q++)
			*f[q] = roundf(*f[q] * 2.0f) * 0.5f;
		/* flatten half of them into a grid plane */
		if (sc_next(r) & 1)
			tris->cz[i] = tris->bz[i] = tris->az[i];
	}
}

/* every 7th pair broken in some way (some of them degenerate triangles), every 11th index out of range */
static void edit_invalid(sc_rng *r, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k += 7) {
		uint32_t i = pairs[k].a, j = pairs[k].b;
		switch (sc_below(r, 8)) {
		case 0: boxes->cx[i] = NAN; break;
		case 1: boxes->hy[i] = -1.0f; break;
		case 2: boxes->qw[i] = 2.0f; break;
		case 3: tris->dz[j] = INFINITY; break;
		case 4: tris->by[j] = 3e15f; break;
		case 5: tris->cx[j] = NAN; break;
		case 6: /* c on the line through a and b */
			tris->cx[j] = 2 * tris->bx[j] - tris->ax[j];
			tris->cy[j] = 2 * tris->by[j] - tris->ay[j];
			tris->cz[j] = 2 * tris->bz[j] - tris->az[j];
			break;
		default: /* a point */
			tris->bx[j] = tris->cx[j] = tris->ax[j];
			tris->by[j] = tris->cy[j] = tris->ay[j];
			tris->bz[j] = tris->cz[j] = tris->az[j];
			break;
		}
	}
	for (size_t k = 3; k < n; k += 11)
		pairs[k].b = (uint32_t)tris->count + (uint32_t)k;
}

/* triangles of every size from 1e-12 to 1e12 against boxes of size 1 (and a few huge ones) */
static void edit_scales(sc_rng *r, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs, size_t n)
{
	(void)boxes;
	for (size_t k = 0; k < n; k++) {
		sw_tri3 t;
		sw_vec3 dt;
		sw_tri3_set_get(tris, pairs[k].b, &t, &dt);
		float s = powf(10.0f, sc_uniform(r, -12, 12));
		sw_vec3 cen = sw_v3_scale(sw_v3_add(sw_v3_add(t.a, t.b), t.c), 1.0f / 3.0f);
		t.a = sw_v3_add(cen, sw_v3_scale(sw_v3_sub(t.a, cen), s));
		t.b = sw_v3_add(cen, sw_v3_scale(sw_v3_sub(t.b, cen), s));
		t.c = sw_v3_add(cen, sw_v3_scale(sw_v3_sub(t.c, cen), s));
		sw_tri3_set_put(tris, pairs[k].b, &t, dt);
	}
}

static void check_tier(sw_isa isa)
{
	if (!sw_isa_available(isa))
		cr_skip_test("tier %s is not available on this CPU or build", sw_isa_name(isa));
	sc_tri3_params def = sc_tri3_defaults(), aa = def, far = def, tiny = def, fast = def;
	aa.box.axis_aligned = 1;
	far.box.offset = sw_v3(1e4f, -1e4f, 1e4f);
	tiny.box.world = 4e-3f, tiny.box.half_lo = 2.5e-4f, tiny.box.half_hi = 1.5e-3f, tiny.box.motion = 4e-3f;
	tiny.edge_lo = 5e-4f, tiny.edge_hi = 2.5e-3f;
	fast.box.motion = 1e3f;
	/* 5 random populations + 7 edge patterns, POP_PAIRS each, each run two- and one-sided: 2.4·10⁵
	 * pair answers per tier, plus the static overlap on the same pairs */
	run_population(isa, 1, def, POP_PAIRS, NULL);
	run_population(isa, 2, aa, POP_PAIRS, NULL);
	run_population(isa, 3, far, POP_PAIRS, NULL);
	run_population(isa, 4, tiny, POP_PAIRS, NULL);
	run_population(isa, 5, fast, POP_PAIRS, NULL);
	run_population(isa, 6, def, POP_PAIRS, edit_parallel);
	run_population(isa, 7, def, POP_PAIRS, edit_near_parallel);
	run_population(isa, 8, def, POP_PAIRS, edit_zero_motion);
	run_population(isa, 9, aa, POP_PAIRS, edit_touching);
	run_population(isa, 10, def, POP_PAIRS, edit_invalid);
	run_population(isa, 11, def, POP_PAIRS, edit_scales);
	run_population(isa, 12, def, POP_PAIRS, edit_edge_pairs);
	/* short batches: every tail length of every width */
	for (size_t n = 1; n <= 40; n++)
		run_population(isa, 100 + n, def, n, NULL);
}

Test(tri3_tiers, sse4) { check_tier(SW_ISA_SSE4); }
Test(tri3_tiers, avx2) { check_tier(SW_ISA_AVX2); }
Test(tri3_tiers, avx512) { check_tier(SW_ISA_AVX512); }
Test(tri3_tiers, neon) { check_tier(SW_ISA_NEON); }
