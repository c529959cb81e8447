/* tests/test_obb3_tiers.c — every SIMD tier the CPU has meets the scalar reference on the same seeded
 * batches (checkasm style): random populations plus deliberate edge patterns, through the indexed,
 * packed and static entry points. The kernels repeat the reference's operations in its order with no
 * contraction, so the contract is exact: statuses, feature ids and every float bit for bit (NaN
 * matches NaN). A mismatch prints the seed, pair, lane and the inputs in hex floats. Tiers the CPU
 * lacks are reported as skipped. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernels.h"
#include "compare.h"
#include "edge_pairs.h"
#include "scenes.h"

enum { POP_PAIRS = 20000 };

/* owned result arrays */
typedef struct res_buf {
	uint8_t *st, *ft;
	float *f;
	sw_sweep_results r;
} res_buf;

static void res_init(res_buf *b, size_t n)
{
	b->st = malloc(n);
	b->ft = malloc(n);
	b->f = malloc(5 * n * sizeof(float));
	/* poison so an entry the kernel forgets to write shows up */
	memset(b->st, 0xAB, n);
	memset(b->ft, 0xAB, n);
	memset(b->f, 0xAB, 5 * n * sizeof(float));
	sw_sweep_results r = {b->st, b->ft, b->f, b->f + n, b->f + 2 * n, b->f + 3 * n, b->f + 4 * n};
	b->r = r;
}

static void res_free(res_buf *b)
{
	free(b->st);
	free(b->ft);
	free(b->f);
}

static void print_pair(const sw_obb3_set *s, const sw_pair *p)
{
	sw_obb3 box;
	sw_vec3 d;
	uint32_t idx[2] = {p->a, p->b};
	for (int k = 0; k < 2; k++) {
		if (sw_obb3_set_get(s, idx[k], &box, &d) != SW_OK) {
			fprintf(stderr, "  %c: index %u out of range\n", "AB"[k], idx[k]);
			continue;
		}
		const float *f = &box.center.x;
		fprintf(stderr, "  %c[%u]: c,q,h =", "AB"[k], idx[k]);
		for (int q = 0; q < 10; q++)
			fprintf(stderr, " %a", f[q]);
		fprintf(stderr, " d = %a %a %a\n", d.x, d.y, d.z);
	}
}

/* compares n sweep results; returns the number of mismatching pairs (first few printed) */
static size_t compare_sweep(const char *what, uint64_t seed, sw_isa isa, const sw_obb3_set *s, const sw_pair *pairs,
			    size_t n, const sw_sweep_results *got, const sw_sweep_results *want)
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
			if (s)
				print_pair(s, &pairs[k]);
		}
	}
	return bad;
}

/* prints a penetration mismatch with the pair's inputs */
typedef struct pen_ctx {
	sw_isa isa;
	uint64_t seed;
	const sw_obb3_set *s;
	const sw_pair *pairs;
} pen_ctx;

static void pen_report(size_t q, const cmp_overlap3 *got, const cmp_overlap3 *want, void *ctx)
{
	const pen_ctx *c = ctx;
	fprintf(stderr, "penetration mismatch: tier %s seed %llu pair %zu: got %u/%u %a want %u/%u %a\n",
		sw_isa_name(c->isa), (unsigned long long)c->seed, q, got->st[q], got->ft[q], got->f[q], want->st[q],
		want->ft[q], want->f[q]);
	print_pair(c->s, &c->pairs[q]);
}

/* one population: a set of close pairs, optionally edited into an edge pattern */
typedef void (*edit_fn)(sc_rng *r, sw_obb3_set *s, sw_pair *pairs, size_t n);

static void run_population(sw_isa isa, uint64_t seed, sc_obb3_params p, size_t n, edit_fn edit)
{
	const sw_kernels *k = sw_kernels_for(isa), *ref = sw_kernels_for(SW_ISA_REF);
	cr_assert(k && ref);
	sc_rng r = sc_rng_seed(seed);
	sw_obb3_set s;
	cr_assert(sw_obb3_set_init(&s, 2 * n) == SW_OK);
	sw_pair *pairs = malloc(n * sizeof *pairs);
	cr_assert(sc_obb3_close_pairs(&r, &p, &s, pairs, n) == SW_OK);
	if (edit)
		edit(&r, &s, pairs, n);

	res_buf got, want;
	res_init(&got, n);
	res_init(&want, n);
	/* indexed: every length 0..n exercises the tails; here n itself and an odd prefix */
	ref->obb3_sweep_idx(&s, &s, pairs, n, &want.r);
	k->obb3_sweep_idx(&s, &s, pairs, n, &got.r);
	cr_expect_eq(compare_sweep("indexed", seed, isa, &s, pairs, n, &got.r, &want.r), 0);
	size_t odd = n > 37 ? n - 37 : n;
	res_free(&got);
	res_init(&got, n);
	k->obb3_sweep_idx(&s, &s, pairs, odd, &got.r);
	cr_expect_eq(compare_sweep("indexed-tail", seed, isa, &s, pairs, odd, &got.r, &want.r), 0);

	/* packed: the same pairs through sw_obb3_block; pairs with bad indices are left out */
	size_t nb = (n + SW_BLOCK - 1) / SW_BLOCK;
	sw_obb3_block *blocks = aligned_alloc(64, nb * sizeof *blocks);
	for (size_t q = 0; q < n; q++) {
		sw_obb3 a, b;
		sw_vec3 da, db;
		if (sw_obb3_set_get(&s, pairs[q].a, &a, &da) != SW_OK ||
		    sw_obb3_set_get(&s, pairs[q].b, &b, &db) != SW_OK)
			sw_obb3_block_fill(&blocks[q / SW_BLOCK],
					   (unsigned)(q % SW_BLOCK)); /* later lanes are put again */
		else
			sw_obb3_block_put(&blocks[q / SW_BLOCK], (unsigned)(q % SW_BLOCK), &a, da, &b, db);
	}
	sw_obb3_block_fill(&blocks[nb - 1], (unsigned)(n - (nb - 1) * SW_BLOCK));
	res_free(&got);
	res_free(&want);
	res_init(&got, n);
	res_init(&want, n);
	ref->obb3_sweep_packed(blocks, n, &want.r);
	k->obb3_sweep_packed(blocks, n, &got.r);
	cr_expect_eq(compare_sweep("packed", seed, isa, NULL, pairs, n, &got.r, &want.r), 0);

	/* static penetration: least-penetration axis, depth and normal, bit for bit */
	cmp_overlap3 pg, pw;
	cmp_overlap3_init(&pg, n), cmp_overlap3_init(&pw, n);
	ref->obb3_penetration_idx(&s, &s, pairs, n, &pw.r);
	k->obb3_penetration_idx(&s, &s, pairs, n, &pg.r);
	pen_ctx pc = {isa, seed, &s, pairs};
	cr_expect_eq(cmp_overlap3_diff(&pg, &pw, pen_report, &pc), 0);
	cmp_overlap3_free(&pg), cmp_overlap3_free(&pw);

	/* static overlap */
	sw_overlap_results og = {got.st, got.ft}, ow = {want.st, want.ft};
	ref->obb3_overlap_idx(&s, &s, pairs, n, &ow);
	k->obb3_overlap_idx(&s, &s, pairs, n, &og);
	size_t obad = 0;
	for (size_t q = 0; q < n; q++) {
		if (og.status[q] == ow.status[q] && og.feature[q] == ow.feature[q])
			continue;
		if (obad++ < 5) {
			fprintf(stderr, "overlap mismatch: tier %s seed %llu pair %zu: got %u/%u want %u/%u\n",
				sw_isa_name(isa), (unsigned long long)seed, q, og.status[q], og.feature[q],
				ow.status[q], ow.feature[q]);
			print_pair(&s, &pairs[q]);
		}
	}
	cr_expect_eq(obad, 0);

	free(blocks);
	res_free(&got);
	res_free(&want);
	free(pairs);
	sw_obb3_set_free(&s);
}

/* ---- edge patterns ---- */

/* B gets A's orientation (parallel faces, exactly parallel edges) */
static void edit_parallel(sc_rng *r, sw_obb3_set *s, sw_pair *pairs, size_t n)
{
	(void)r;
	float *q[4] = {s->qx, s->qy, s->qz, s->qw};
	for (size_t k = 0; k < n; k++)
		for (int c = 0; c < 4; c++)
			q[c][pairs[k].b] = q[c][pairs[k].a];
}

/* B = A rotated by a tiny angle: near-parallel edges */
static void edit_near_parallel(sc_rng *r, sw_obb3_set *s, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		sw_obb3 a, b;
		sw_vec3 da, db;
		sw_obb3_set_get(s, pairs[k].a, &a, &da);
		sw_obb3_set_get(s, pairs[k].b, &b, &db);
		sw_vec3 axis = sw_obb3_axes(&b).col[0];
		b.rot = sw_quat_mul(sw_quat_from_axis_angle(axis, sc_uniform(r, 1e-6f, 2e-3f)), a.rot);
		sw_obb3_set_put(s, pairs[k].b, &b, db);
	}
}

/* pairs whose closest features are two edges 1e-7 … 1e-1 rad from parallel, 1e-6 … 1e-2 of the size
 * apart or overlapping (tests/common/edge_pairs.h), one in eight with a thin slab (1e-6), brought
 * in along their common normal; and one in eight A axis-aligned and B turned by 1e-5 … 1e-45 rad:
 * rotation entries down to denormal, for the edge axes' scale and their zero test */
static void edit_edge_pairs(sc_rng *r, sw_obb3_set *s, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		sw_obb3 a, b;
		sw_vec3 da, db;
		sw_obb3_set_get(s, pairs[k].a, &a, &da);
		sw_obb3_set_get(s, pairs[k].b, &b, &db);
		uint32_t kind = sc_below(r, 8);
		if (kind == 0) {
			sw_vec3 axis = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
			a.rot = (sw_quat){0, 0, 0, 1};
			b.rot = sw_quat_from_axis_angle(axis, powf(10.0f, -sc_uniform(r, 5, 45)));
		} else {
			ep_params p;
			ep_random(r, 1e-7, 1e-1, 1e-6, 1e-2, &p);
			if (kind == 1)
				(sc_below(r, 2) ? p.ha : p.hb)[sc_below(r, 3)] *= 1e-6;
			double nn[3];
			ep_obb3_pair(&p, &a, &b, nn);
			float back = sc_uniform(r, 0, 2);
			sw_vec3 nv = sw_v3((float)nn[0], (float)nn[1], (float)nn[2]);
			b.center = sw_v3_add(b.center, sw_v3_scale(nv, back));
			db = sw_v3_sub(da, sw_v3_scale(nv, back * sc_uniform(r, 0.5f, 2.0f)));
		}
		sw_obb3_set_put(s, pairs[k].a, &a, da);
		sw_obb3_set_put(s, pairs[k].b, &b, db);
	}
}

/* zero motion for everybody: the static case through the moving query */
static void edit_zero_motion(sc_rng *r, sw_obb3_set *s, sw_pair *pairs, size_t n)
{
	(void)r;
	(void)pairs;
	for (size_t i = 0; i < s->count; i++)
		s->dx[i] = s->dy[i] = s->dz[i] = 0.0f;
	(void)n;
}

/* axis-aligned boxes snapped to a grid of quarters: many exact touches at t = 0 and t = 1 */
static void edit_touching(sc_rng *r, sw_obb3_set *s, sw_pair *pairs, size_t n)
{
	(void)pairs;
	(void)n;
	for (size_t i = 0; i < s->count; i++) {
		float *f[6] = {&s->cx[i], &s->cy[i], &s->cz[i], &s->dx[i], &s->dy[i], &s->dz[i]};
		for (int q = 0; q < 6; q++)
			*f[q] = roundf(*f[q] * 2.0f) * 0.5f;
		s->hx[i] = s->hy[i] = s->hz[i] = 0.25f * (float)(1 + sc_below(r, 4));
	}
}

/* every 7th pair broken in some way, every 11th index out of range */
static void edit_invalid(sc_rng *r, sw_obb3_set *s, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k += 7) {
		uint32_t i = pairs[k].a;
		switch (sc_below(r, 6)) {
		case 0: s->cx[i] = NAN; break;
		case 1: s->hy[i] = -1.0f; break;
		case 2: s->qw[i] = 2.0f; break;
		case 3: s->dz[i] = INFINITY; break;
		case 4: s->hz[i] = 0.0f; break;
		default: s->cy[i] = 3e15f; break;
		}
	}
	for (size_t k = 3; k < n; k += 11)
		pairs[k].b = (uint32_t)s->count + (uint32_t)k;
}

static void check_tier(sw_isa isa)
{
	if (!sw_isa_available(isa))
		cr_skip_test("tier %s is not available on this CPU or build", sw_isa_name(isa));
	sc_obb3_params def = sc_obb3_defaults(), aa = def, far = def, tiny = def, fast = def;
	aa.axis_aligned = 1;
	far.offset = sw_v3(1e4f, -1e4f, 1e4f);
	tiny.world = 4e-3f, tiny.half_lo = 2.5e-4f, tiny.half_hi = 1.5e-3f, tiny.motion = 4e-3f;
	fast.motion = 1e3f;
	/* 5 random populations + 6 edge patterns, POP_PAIRS each: 2.2·10⁵ pairs per tier */
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
	run_population(isa, 11, def, POP_PAIRS, edit_edge_pairs);
	/* short batches: every tail length of every width */
	for (size_t n = 1; n <= 40; n++)
		run_population(isa, 100 + n, def, n, NULL);
}

Test(obb3_tiers, sse4) { check_tier(SW_ISA_SSE4); }
Test(obb3_tiers, avx2) { check_tier(SW_ISA_AVX2); }
Test(obb3_tiers, avx512) { check_tier(SW_ISA_AVX512); }
Test(obb3_tiers, neon) { check_tier(SW_ISA_NEON); }
