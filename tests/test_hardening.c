/* tests/test_hardening.c — regression tests for input a careless or hostile caller can hand in: thread
 * counts near the integer limits, packed blocks at unaligned addresses, vertex counts past a row in
 * caller-writable memory, oversized and failing builder calls, a tier cap of another architecture.
 * Each case crashed, corrupted memory or misbehaved before its fix. */
#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenes.h"

enum { N = 2000 };

/* the same batch with threads 1 and with absurd thread counts: identical answers, no abort */
Test(hardening, absurd_thread_counts_are_clamped)
{
	sc_rng r = sc_rng_seed(5);
	sc_obb3_params p = sc_obb3_defaults();
	sw_obb3_set s;
	cr_assert(sw_obb3_set_init(&s, 2 * N) == SW_OK);
	sw_pair *pairs = malloc(N * sizeof *pairs);
	cr_assert(sc_obb3_close_pairs(&r, &p, &s, pairs, N) == SW_OK);
	static uint8_t st[2][N], ft[2][N];
	static float f[2][5][N];
	const unsigned counts[] = {1, UINT_MAX, (unsigned)INT_MAX, (unsigned)INT_MAX + 1u, 100000};
	for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
		int slot = c != 0;
		sw_sweep_results res = {st[slot], ft[slot], f[slot][0], f[slot][1], f[slot][2], f[slot][3], f[slot][4]};
		sw_batch_opts opts = {.threads = counts[c], .chunk = 64};
		cr_assert_eq(sw_obb3_sweep_batch(&s, &s, pairs, N, &opts, &res), SW_OK, "threads %u", counts[c]);
		if (slot)
			cr_expect(memcmp(st[0], st[1], N) == 0 && memcmp(f[0], f[1], sizeof f[0]) == 0,
				  "threads %u changed the answers", counts[c]);
	}
	free(pairs);
	sw_obb3_set_free(&s);
}

/* a packed call at 16 mod 64 (malloc's alignment) is refused on every tier, writing nothing */
Test(hardening, unaligned_packed_blocks_are_refused_on_every_tier)
{
	size_t bytes = 2 * sizeof(sw_poly2_block) + 64;
	unsigned char *raw = aligned_alloc(64, bytes);
	cr_assert(raw);
	memset(raw, 0, bytes);
	uint8_t st[16];
	float f[6][16];
	sw_sweep_results r3 = {st, st, f[0], f[1], f[2], f[3], f[4]};
	sw_sweep2_results r2 = {st, st, f[0], f[1], f[2], f[3]};
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		for (size_t off = 4; off < 64; off += 12) {
			memset(st, 0xAB, sizeof st);
			const void *blk = raw + off;
			cr_expect_eq(sw_obb3_sweep_packed(blk, 16, &r3), SW_ERR_ALIGN, "obb3 at +%zu", off);
			cr_expect_eq(sw_obb3_tri3_sweep_packed(blk, 16, 0, &r3), SW_ERR_ALIGN, "tri3 at +%zu", off);
			cr_expect_eq(sw_poly2_sweep_packed(blk, 16, &r2), SW_ERR_ALIGN, "poly2 at +%zu", off);
			for (int k = 0; k < 16; k++)
				cr_expect_eq(st[k], 0xAB, "nothing is written");
		}
	}
	sw_set_isa_cap(sw_best_isa());
	free(raw);
}

/* vertex counts past the row in a packed block: that lane is invalid, the others keep their answers */
Test(hardening, packed_polygon_counts_past_the_row_make_the_lane_invalid)
{
	sw_poly2_block *blk = aligned_alloc(64, sizeof *blk);
	cr_assert(blk);
	sc_rng r = sc_rng_seed(9);
	for (unsigned l = 0; l < SW_BLOCK; l++) {
		sw_poly2 a = sc_poly2(&r, 3 + l % 6, 1.0f), b = sc_poly2(&r, 3 + l % 5, 1.0f);
		sw_xf2 xa = sw_xf2_make(sw_v2(0, 0), 0.3f), xb = sw_xf2_make(sw_v2(1.5f, 0.2f), -0.7f);
		sw_poly2_block_put(blk, l, &a, xa, sw_v2(0, 0), &b, xb, sw_v2(-2, 0));
	}
	uint8_t st[2][16], ft[2][16];
	float f[2][4][16];
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		sw_sweep2_results good = {st[0], ft[0], f[0][0], f[0][1], f[0][2], f[0][3]};
		cr_assert_eq(sw_poly2_sweep_packed(blk, 16, &good), SW_OK);
		const uint8_t bad_counts[] = {255, 17, 0, 1};
		for (size_t c = 0; c < sizeof bad_counts; c++) {
			for (int ok = 0; ok < 2; ok++) {
				sw_poly2_block copy = *blk;
				copy.an[15] = bad_counts[c];
				copy.bn[3] = bad_counts[c];
				copy.a_ok[15] = (uint8_t)ok;
				sw_sweep2_results got = {st[1], ft[1], f[1][0], f[1][1], f[1][2], f[1][3]};
				cr_assert_eq(sw_poly2_sweep_packed(&copy, 16, &got), SW_OK);
				for (int l = 0; l < 16; l++) {
					if (l == 15 || l == 3) {
						cr_expect_eq(st[1][l], SW_PAIR_INVALID, "%s count %u lane %d",
							     sw_isa_name((sw_isa)isa), bad_counts[c], l);
						continue;
					}
					cr_expect_eq(st[1][l], st[0][l], "neighbour %d changed", l);
					cr_expect(memcmp(&f[1][0][l], &f[0][0][l], 4) == 0);
				}
			}
		}
	}
	sw_set_isa_cap(sw_best_isa());
	free(blk);
}

/* a count past the row written into a polygon set: recheck refuses it, the batch flags its pairs */
Test(hardening, set_polygon_counts_past_the_row_make_the_pairs_invalid)
{
	enum { M = 40 };
	sc_rng r = sc_rng_seed(3);
	sc_poly2_params p = sc_poly2_defaults();
	sw_poly2_set s;
	cr_assert(sw_poly2_set_init(&s, 2 * M) == SW_OK);
	sw_pair pairs[M];
	cr_assert(sc_poly2_close_pairs(&r, &p, &s, pairs, M) == SW_OK);
	uint8_t st[2][M], ft[2][M];
	float f[2][4][M];
	sw_sweep2_results good = {st[0], ft[0], f[0][0], f[0][1], f[0][2], f[0][3]};
	cr_assert_eq(sw_poly2_sweep_batch(&s, &s, pairs, M, NULL, &good), SW_OK);
	s.n[7] = 17;
	s.n[20] = 255;
	cr_expect_eq(sw_poly2_set_recheck(&s, 7), SW_ERR_ARG);
	cr_expect_eq(s.ok[7], 0, "a refused count leaves the polygon flagged");
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		for (int keep = 0; keep < 2; keep++) {
			sw_batch_opts opts = {.keep_order = (unsigned)keep};
			sw_sweep2_results got = {st[1], ft[1], f[1][0], f[1][1], f[1][2], f[1][3]};
			cr_assert_eq(sw_poly2_sweep_batch(&s, &s, pairs, M, &opts, &got), SW_OK);
			for (int k = 0; k < M; k++) {
				int hit = pairs[k].a == 7 || pairs[k].b == 7 || pairs[k].a == 20 || pairs[k].b == 20;
				if (hit)
					cr_expect_eq(st[1][k], SW_PAIR_INVALID, "%s pair %d", sw_isa_name((sw_isa)isa),
						     k);
				else
					cr_expect(st[1][k] == st[0][k] && memcmp(&f[1][0][k], &f[0][0][k], 4) == 0,
						  "neighbour %d changed", k);
			}
		}
	}
	sw_set_isa_cap(sw_best_isa());
	sw_poly2_set_free(&s);
}

/* a count past the limit is refused before any point is read (the array here holds one point) */
Test(hardening, polygon_builder_checks_the_count_before_reading)
{
	sw_vec2 one = {0, 0};
	sw_poly2 out;
	cr_expect_eq(sw_poly2_build(&one, SIZE_MAX, &out), SW_POLY2_INVALID_INPUT);
	cr_expect_eq(sw_poly2_build(&one, SW_POLY2_MAX_POINTS + 1, &out), SW_POLY2_INVALID_INPUT);
	cr_expect_eq(out.count, 0);
}

static void *failing_alloc(size_t size, size_t align, void *user)
{
	(void)size, (void)align;
	++*(int *)user;
	return NULL;
}

static void never_free(void *ptr, size_t size, void *user) { (void)ptr, (void)size, (void)user; }

/* a failed allocation is reported as such, not as empty input */
Test(hardening, polygon_builder_reports_a_failed_allocation)
{
	int calls = 0;
	sw_vec2 pts[5] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5f, 0.5f}};
	sw_poly2 out;
	sw_set_allocator(failing_alloc, never_free, &calls);
	sw_poly2_status st = sw_poly2_build(pts, 5, &out);
	sw_set_allocator(NULL, NULL, NULL);
	cr_expect_eq(st, SW_POLY2_NO_MEMORY, "got %s", sw_poly2_status_name(st));
	cr_expect_gt(calls, 0, "the allocation went through the hook");
	cr_expect_eq(sw_poly2_build(pts, 5, &out), SW_POLY2_OK, "and works again with the default allocator");
}
