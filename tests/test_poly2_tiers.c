/* tests/test_poly2_tiers.c — every SIMD tier the CPU has meets the reference on 2D polygon pairs
 * (checkasm style): mixed vertex counts in one block, segments, boxes, far offsets, tiny shapes, fast
 * and zero motion, and broken inputs. The contract is exact: statuses, features and float bits (NaN
 * matches NaN). A mismatch prints the seed, pair, lane and both polygons. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_call.h"
#include "compare.h"
#include "scenes.h"

enum { POP = 20000 };

typedef struct buf2 {
	uint8_t *st, *ft;
	float *f;
	sw_sweep2_results sw;
	sw_overlap2_results ov;
} buf2;

static void buf_init(buf2 *b, size_t n)
{
	b->st = malloc(n), b->ft = malloc(n), b->f = malloc(4 * n * sizeof(float));
	memset(b->st, 0xAB, n), memset(b->ft, 0xAB, n), memset(b->f, 0xAB, 4 * n * sizeof(float));
	b->sw = (sw_sweep2_results){b->st, b->ft, b->f, b->f + n, b->f + 2 * n, b->f + 3 * n};
	b->ov = (sw_overlap2_results){b->st, b->ft, b->f, b->f + n, b->f + 2 * n};
}

static void buf_free(buf2 *b) { free(b->st), free(b->ft), free(b->f); }

static void print_poly(const sw_poly2_set *s, char which, uint32_t i)
{
	sw_poly2 p;
	sw_xf2 x;
	sw_vec2 d;
	if (sw_poly2_set_get(s, i, &p, &x, &d) != SW_OK) {
		fprintf(stderr, "  %c[%u]: out of range\n", which, i);
		return;
	}
	fprintf(stderr, "  %c[%u]: n %u ok %u p (%a, %a) q (%a, %a) d (%a, %a) v", which, i, p.count, s->ok[i], x.p.x,
		x.p.y, x.q.c, x.q.s, d.x, d.y);
	for (uint32_t k = 0; k < p.count; k++)
		fprintf(stderr, " (%a, %a)", p.v[k].x, p.v[k].y);
	fprintf(stderr, "\n");
}

/* compares n results of `rows` float rows; returns the mismatches (first few printed) */
static size_t compare(const char *what, uint64_t seed, sw_isa isa, const sw_poly2_set *s, const sw_pair *pairs,
		      size_t n, const buf2 *got, const buf2 *want, int rows)
{
	size_t bad = 0;
	for (size_t k = 0; k < n; k++) {
		int ok = got->st[k] == want->st[k] && got->ft[k] == want->ft[k];
		for (int q = 0; q < rows; q++)
			ok = ok && cmp_same_bits(got->f[q * n + k], want->f[q * n + k]);
		if (ok || bad++ >= 5)
			continue;
		fprintf(stderr,
			"%s mismatch: tier %s seed %llu pair %zu lane %zu: got st %u ft %u t %a, want st %u ft %u t "
			"%a\n",
			what, sw_isa_name(isa), (unsigned long long)seed, k, k % sw_isa_lanes(isa), got->st[k],
			got->ft[k], got->f[k], want->st[k], want->ft[k], want->f[k]);
		print_poly(s, 'A', pairs[k].a);
		print_poly(s, 'B', pairs[k].b);
	}
	return bad;
}

typedef void (*edit_fn)(sc_rng *r, sw_poly2_set *s, sw_pair *pairs, size_t n);

static void run(sw_isa isa, uint64_t seed, sc_poly2_params p, size_t n, edit_fn edit)
{
	const sw_kernels *k = sw_kernels_for(isa), *ref = sw_kernels_for(SW_ISA_REF);
	cr_assert(k && ref);
	sc_rng r = sc_rng_seed(seed);
	sw_poly2_set s;
	cr_assert(sw_poly2_set_init(&s, 2 * n) == SW_OK);
	sw_pair *pairs = malloc(n * sizeof *pairs);
	cr_assert(sc_poly2_close_pairs(&r, &p, &s, pairs, n) == SW_OK);
	if (edit)
		edit(&r, &s, pairs, n);
	buf2 got, want;
	buf_init(&got, n), buf_init(&want, n);
	kcall(ref, SW_Q_poly2_sweep, &s, &s, pairs, n, NULL, NULL, &want.sw);
	kcall(k, SW_Q_poly2_sweep, &s, &s, pairs, n, NULL, NULL, &got.sw);
	cr_expect_eq(compare("sweep", seed, isa, &s, pairs, n, &got, &want, 4), 0);
	/* through a permutation: every pair's results land at its own index */
	uint32_t *order = malloc(n * sizeof *order);
	for (size_t q = 0; q < n; q++)
		order[q] = (uint32_t)(n - 1 - q);
	buf_free(&got);
	buf_init(&got, n);
	kcall(k, SW_Q_poly2_sweep, &s, &s, pairs, n, order, NULL, &got.sw);
	cr_expect_eq(compare("sweep-ordered", seed, isa, &s, pairs, n, &got, &want, 4), 0);
	free(order);
	/* packed: the same pairs in lane blocks; pairs with an index out of range stay a harmless lane */
	size_t nb = (n + SW_BLOCK - 1) / SW_BLOCK;
	sw_poly2_block *blocks = aligned_alloc(64, nb * sizeof *blocks);
	for (size_t q = 0; q < nb; q++)
		sw_poly2_block_fill(&blocks[q], 0);
	for (size_t q = 0; q < n; q++) {
		sw_poly2 pa, pb;
		sw_xf2 xa, xb;
		sw_vec2 da, db;
		if (sw_poly2_set_get(&s, pairs[q].a, &pa, &xa, &da) == SW_OK &&
		    sw_poly2_set_get(&s, pairs[q].b, &pb, &xb, &db) == SW_OK)
			sw_poly2_block_put(&blocks[q / SW_BLOCK], (unsigned)(q % SW_BLOCK), &pa, xa, da, &pb, xb, db);
	}
	buf_free(&got), buf_free(&want);
	buf_init(&got, n), buf_init(&want, n);
	kcall(ref, SW_Q_poly2_sweep_packed, blocks, NULL, NULL, n, NULL, NULL, &want.sw);
	kcall(k, SW_Q_poly2_sweep_packed, blocks, NULL, NULL, n, NULL, NULL, &got.sw);
	cr_expect_eq(compare("packed", seed, isa, &s, pairs, n, &got, &want, 4), 0);
	free(blocks);
	buf_free(&got), buf_free(&want);
	buf_init(&got, n), buf_init(&want, n);
	kcall(ref, SW_Q_poly2_overlap, &s, &s, pairs, n, NULL, NULL, &want.ov);
	kcall(k, SW_Q_poly2_overlap, &s, &s, pairs, n, NULL, NULL, &got.ov);
	cr_expect_eq(compare("overlap", seed, isa, &s, pairs, n, &got, &want, 3), 0);
	buf_free(&got), buf_free(&want);
	free(pairs);
	sw_poly2_set_free(&s);
}

/* no motion: the static case through the moving query */
static void edit_still(sc_rng *r, sw_poly2_set *s, sw_pair *pairs, size_t n)
{
	(void)r, (void)pairs, (void)n;
	for (size_t i = 0; i < s->count; i++)
		s->dx[i] = s->dy[i] = 0;
}

/* axis-aligned, snapped to a grid of halves: exact touches at t = 0 and t = 1 */
static void edit_grid(sc_rng *r, sw_poly2_set *s, sw_pair *pairs, size_t n)
{
	(void)pairs, (void)n;
	for (size_t i = 0; i < s->count; i++) {
		sw_poly2 box = sw_poly2_box(0.5f * (float)(1 + sc_below(r, 3)), 0.5f * (float)(1 + sc_below(r, 3)));
		sw_xf2 x = {{roundf(s->px[i] * 2) / 2, roundf(s->py[i] * 2) / 2}, {1, 0}};
		sw_poly2_set_put(s, (uint32_t)i, &box, x, sw_v2(roundf(s->dx[i] * 2) / 2, roundf(s->dy[i] * 2) / 2));
	}
}

/* every 7th pair broken one way or another, every 11th index out of range */
static void edit_broken(sc_rng *r, sw_poly2_set *s, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k += 7) {
		uint32_t i = pairs[k].a;
		switch (sc_below(r, 5)) {
		case 0: s->px[i] = NAN; break;
		case 1: s->qc[i] = 1.5f; break;
		case 2: s->dy[i] = INFINITY; break;
		case 3: { /* a clockwise polygon stored as if convex */
			sw_poly2 p;
			sw_poly2_set_get(s, i, &p, NULL, NULL);
			for (uint32_t a = 0, b = p.count - 1; a < b; a++, b--) {
				sw_vec2 t = p.v[a];
				p.v[a] = p.v[b], p.v[b] = t;
			}
			sw_xf2 x;
			sw_vec2 d;
			sw_poly2_set_get(s, i, NULL, &x, &d);
			sw_poly2_set_put(s, i, &p, x, d);
			break;
		}
		default: s->vx[SW_POLY2_MAX_VERTS * i] = NAN, sw_poly2_set_recheck(s, i); break;
		}
	}
	for (size_t k = 3; k < n; k += 11)
		pairs[k].b = (uint32_t)s->count + (uint32_t)k;
}

static void check_tier(sw_isa isa)
{
	if (!sw_isa_available(isa))
		cr_skip_test("tier %s is not available on this CPU or build", sw_isa_name(isa));
	sc_poly2_params def = sc_poly2_defaults(), mixed = def, seg = def, far = def, tiny = def, fast = def;
	mixed.count_lo = 2, mixed.count_hi = SW_POLY2_MAX_VERTS;
	seg.count_lo = seg.count_hi = 2;
	far.offset = 1e4f;
	tiny.world = 3e-3f, tiny.size_lo = 2.5e-4f, tiny.size_hi = 1.5e-3f, tiny.motion = 4e-3f;
	fast.motion = 400;
	run(isa, 1, def, POP, NULL);
	run(isa, 2, mixed, POP, NULL);
	run(isa, 3, seg, POP, NULL);
	run(isa, 4, far, POP, NULL);
	run(isa, 5, tiny, POP, NULL);
	run(isa, 6, fast, POP, NULL);
	run(isa, 7, mixed, POP, edit_still);
	run(isa, 8, def, POP, edit_grid);
	run(isa, 9, mixed, POP, edit_broken);
	for (size_t n = 1; n <= 40; n++)
		run(isa, 100 + n, mixed, n, NULL);
}

Test(poly2_tiers, sse4) { check_tier(SW_ISA_SSE4); }
Test(poly2_tiers, avx2) { check_tier(SW_ISA_AVX2); }
Test(poly2_tiers, avx512) { check_tier(SW_ISA_AVX512); }
Test(poly2_tiers, neon) { check_tier(SW_ISA_NEON); }

/* the public batched call: grouping by size changes nothing but the lane utilisation, on every
 * tier, and a broken pair leaves its neighbours' answers untouched */
static void batch_call(const sw_poly2_set *s, const sw_pair *pairs, size_t n, unsigned keep, buf2 *b)
{
	sw_batch_opts o = {0, 0, keep};
	cr_assert_eq(sw_poly2_sweep_batch(s, s, pairs, n, &o, &b->sw), SW_OK);
}

Test(poly2_batch, grouping_keeps_answers_and_raises_utilisation)
{
	enum { N = 5000 };
	sc_rng r = sc_rng_seed(42);
	sc_poly2_params p = sc_poly2_defaults();
	p.count_lo = 2, p.count_hi = SW_POLY2_MAX_VERTS;
	sw_poly2_set s;
	cr_assert(sw_poly2_set_init(&s, 2 * N) == SW_OK);
	sw_pair *pairs = malloc(N * sizeof *pairs);
	cr_assert(sc_poly2_close_pairs(&r, &p, &s, pairs, N) == SW_OK);
	buf2 want;
	buf_init(&want, N);
	sw_set_isa_cap(SW_ISA_REF);
	batch_call(&s, pairs, N, 1, &want);
	for (int isa = 1; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		for (unsigned keep = 0; keep < 2; keep++) {
			buf2 got;
			buf_init(&got, N);
			batch_call(&s, pairs, N, keep, &got);
			cr_expect_eq(compare(keep ? "batch-kept" : "batch-grouped", 42, (sw_isa)isa, &s, pairs, N, &got,
					     &want, 4),
				     0);
			buf_free(&got);
		}
		sw_batch_opts grouped = {0, 0, 0}, kept = {0, 0, 1};
		double ug = sw_poly2_batch_utilisation(&s, &s, pairs, N, &grouped);
		double uk = sw_poly2_batch_utilisation(&s, &s, pairs, N, &kept);
		cr_log_info("%s: lane utilisation %.3f grouped, %.3f in the given order", sw_isa_name((sw_isa)isa), ug,
			    uk);
		cr_expect(ug > uk && ug <= 1 && uk > 0, "utilisation grouped %g, kept %g", ug, uk);
	}
	sw_set_isa_cap(sw_best_isa());
	buf_free(&want);
	free(pairs);
	sw_poly2_set_free(&s);
}

Test(poly2_batch, bad_pair_leaves_neighbours_alone)
{
	enum { N = 100 };
	sc_rng r = sc_rng_seed(43);
	sc_poly2_params p = sc_poly2_defaults();
	sw_poly2_set s;
	cr_assert(sw_poly2_set_init(&s, 2 * N) == SW_OK);
	sw_pair pairs[N];
	cr_assert(sc_poly2_close_pairs(&r, &p, &s, pairs, N) == SW_OK);
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		buf2 before, after;
		buf_init(&before, N), buf_init(&after, N);
		batch_call(&s, pairs, N, 0, &before);
		float keep = s.qs[pairs[37].b];
		s.qs[pairs[37].b] = NAN;
		uint32_t keep_a = pairs[61].a;
		pairs[61].a = UINT32_MAX;
		batch_call(&s, pairs, N, 0, &after);
		s.qs[pairs[37].b] = keep;
		pairs[61].a = keep_a;
		for (size_t k = 0; k < N; k++) {
			if (k == 37 || k == 61) {
				cr_expect_eq(after.st[k], SW_PAIR_INVALID);
				cr_expect(isnan(after.f[k]));
				continue;
			}
			cr_expect_eq(after.st[k], before.st[k], "neighbour %zu changed", k);
			for (int q = 0; q < 4; q++)
				cr_expect(cmp_same_bits(after.f[q * N + k], before.f[q * N + k]),
					  "neighbour %zu changed", k);
		}
		buf_free(&before), buf_free(&after);
	}
	sw_set_isa_cap(sw_best_isa());
	/* a malformed call writes nothing */
	buf2 b;
	buf_init(&b, N);
	memset(b.st, 0x5A, N);
	cr_expect_eq(sw_poly2_sweep_batch(NULL, &s, pairs, N, NULL, &b.sw), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_sweep_batch(&s, &s, NULL, N, NULL, &b.sw), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_sweep_batch(&s, &s, pairs, SW_MAX_BATCH + 1, NULL, &b.sw), SW_ERR_SIZE);
	sw_overlap2_results no_depth = b.ov;
	no_depth.depth = NULL;
	cr_expect_eq(sw_poly2_overlap_batch(&s, &s, pairs, N, NULL, &no_depth), SW_ERR_NULL);
	for (int k = 0; k < N; k++)
		cr_expect_eq(b.st[k], 0x5A);
	/* over-long polygons cannot be stored; empty ones are stored and flagged */
	sw_poly2 big = sw_poly2_box(1, 1), empty = big;
	big.count = SW_POLY2_MAX_VERTS + 1;
	empty.count = 0;
	uint32_t idx;
	sw_xf2 id = {{0, 0}, {1, 0}};
	cr_expect_eq(sw_poly2_set_add(&s, &big, id, sw_v2(0, 0), &idx), SW_ERR_ARG);
	cr_expect_eq(sw_poly2_set_add(&s, &empty, id, sw_v2(0, 0), &idx), SW_OK);
	cr_expect_eq(s.ok[idx], 0);
	buf_free(&b);
	sw_poly2_set_free(&s);
}
