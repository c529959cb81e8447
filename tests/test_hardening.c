/* tests/test_hardening.c — regression tests for input a careless or hostile caller can hand in: thread
 * counts near the integer limits, packed blocks at unaligned addresses, vertex counts past a row and
 * flagged polygons in caller-writable blocks, flagged polygons and unknown shape ids in (opaque) sets,
 * oversized and failing builder calls. Each case crashed, corrupted memory or misbehaved before its
 * fix. */
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
	sw_obb3_set *s;
	cr_assert(sw_obb3_set_create(2 * N, &s) == SW_OK);
	sw_pair *pairs = malloc(N * sizeof *pairs);
	cr_assert(sc_obb3_close_pairs(&r, &p, s, pairs, N) == SW_OK);
	static uint8_t st[2][N];
	static uint32_t ft[2][N];
	static float f[2][5][N];
	const unsigned counts[] = {1, UINT_MAX, (unsigned)INT_MAX, (unsigned)INT_MAX + 1u, 100000};
	for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
		int slot = c != 0;
		sw_sweep_results res = {st[slot], ft[slot], f[slot][0], f[slot][1], f[slot][2], f[slot][3], f[slot][4]};
		sw_batch_opts opts = {.threads = counts[c], .chunk = 64};
		cr_assert_eq(sw_obb3_sweep_batch(s, s, pairs, N, &opts, &res), SW_OK, "threads %u", counts[c]);
		if (slot)
			cr_expect(memcmp(st[0], st[1], N) == 0 && memcmp(ft[0], ft[1], sizeof ft[0]) == 0 &&
					  memcmp(f[0], f[1], sizeof f[0]) == 0,
				  "threads %u changed the answers", counts[c]);
	}
	free(pairs);
	sw_obb3_set_destroy(s);
}

/* a packed call at 16 mod 64 (malloc's alignment) is refused on every tier, writing nothing */
Test(hardening, unaligned_packed_blocks_are_refused_on_every_tier)
{
	size_t bytes = 2 * sizeof(sw_poly2_block) + 64;
	unsigned char *raw = aligned_alloc(64, bytes);
	cr_assert(raw);
	memset(raw, 0, bytes);
	uint8_t st[16];
	uint32_t ft[16];
	float f[5][16];
	sw_sweep_results r3 = {st, ft, f[0], f[1], f[2], f[3], f[4]};
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		for (size_t off = 4; off < 64; off += 12) {
			memset(st, 0xAB, sizeof st);
			const void *blk = raw + off;
			cr_expect_eq(sw_obb3_sweep_packed(blk, 16, &r3), SW_ERR_ALIGN, "obb3 at +%zu", off);
			cr_expect_eq(sw_obb3_tri3_sweep_packed(blk, 16, NULL, &r3), SW_ERR_ALIGN, "tri3 at +%zu", off);
			cr_expect_eq(sw_poly2_sweep_packed(blk, 16, &r3), SW_ERR_ALIGN, "poly2 at +%zu", off);
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
		sw_pose2 xa = sw_pose2_make(sw_v2(0, 0), 0.3f), xb = sw_pose2_make(sw_v2(1.5f, 0.2f), -0.7f);
		sw_poly2_block_put(blk, l, &a, xa, sw_v2(0, 0), &b, xb, sw_v2(-2, 0));
	}
	uint8_t st[2][16];
	uint32_t ft[2][16];
	float f[2][4][16];
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		sw_sweep_results good = {st[0], ft[0], f[0][0], f[0][1], f[0][2], f[0][3], NULL};
		cr_assert_eq(sw_poly2_sweep_packed(blk, 16, &good), SW_OK);
		const uint8_t bad_counts[] = {255, 17, 0, 1};
		for (size_t c = 0; c < sizeof bad_counts; c++) {
			for (int ok = 0; ok < 2; ok++) {
				sw_poly2_block copy = *blk;
				copy.an[15] = bad_counts[c];
				copy.bn[3] = bad_counts[c];
				copy.a_ok[15] = (uint8_t)ok;
				sw_sweep_results got = {st[1], ft[1], f[1][0], f[1][1], f[1][2], f[1][3], NULL};
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

/* a lane whose polygon is flagged as failing its check (a_ok / b_ok 0, counts in range) is invalid,
 * the others keep their answers: what a set's flagged shape gives its pairs, through packed blocks */
Test(hardening, packed_polygon_flags_make_the_lane_invalid)
{
	sw_poly2_block *blk = aligned_alloc(64, sizeof *blk);
	cr_assert(blk);
	sc_rng r = sc_rng_seed(4);
	for (unsigned l = 0; l < SW_BLOCK; l++) {
		sw_poly2 a = sc_poly2(&r, 2 + l % 7, 1.0f), b = sc_poly2(&r, 3 + l % 4, 1.0f);
		sw_pose2 xa = sw_pose2_make(sw_v2(0, 0), -0.2f), xb = sw_pose2_make(sw_v2(1.2f, -0.4f), 0.9f);
		sw_poly2_block_put(blk, l, &a, xa, sw_v2(0.5f, 0), &b, xb, sw_v2(-2, 0.5f));
	}
	uint8_t st[2][16];
	uint32_t ft[2][16];
	float f[2][4][16];
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		sw_sweep_results good = {st[0], ft[0], f[0][0], f[0][1], f[0][2], f[0][3], NULL};
		cr_assert_eq(sw_poly2_sweep_packed(blk, 16, &good), SW_OK);
		for (int side = 0; side < 3; side++) {
			sw_poly2_block copy = *blk;
			if (side != 1)
				copy.a_ok[5] = 0;
			if (side != 0)
				copy.b_ok[5] = 0;
			copy.b_ok[12] = 0;
			sw_sweep_results got = {st[1], ft[1], f[1][0], f[1][1], f[1][2], f[1][3], NULL};
			cr_assert_eq(sw_poly2_sweep_packed(&copy, 16, &got), SW_OK);
			for (int l = 0; l < 16; l++) {
				if (l == 5 || l == 12) {
					cr_expect_eq(st[1][l], SW_PAIR_INVALID, "%s side %d lane %d",
						     sw_isa_name((sw_isa)isa), side, l);
					cr_expect_eq(ft[1][l], SW_FEATURE_NONE);
					continue;
				}
				cr_expect(st[1][l] == st[0][l] && ft[1][l] == ft[0][l], "neighbour %d changed", l);
				for (int q = 0; q < 4; q++)
					cr_expect(memcmp(&f[1][q][l], &f[0][q][l], 4) == 0, "neighbour %d changed", l);
			}
		}
	}
	sw_set_isa_cap(sw_best_isa());
	free(blk);
}

/* sets are opaque: the only way to a bad polygon in a set is through its API, which keeps a shape with
 * a count past the row or failing sw_poly2_check() as a flagged shape, and stores a shape id past the
 * shape table as given. Every pair using one is invalid on every tier, whatever the grouping of
 * pairs by size does; the other pairs keep their answers */
Test(hardening, set_flagged_polygons_make_the_pairs_invalid)
{
	enum { M = 40 };
	sc_rng r = sc_rng_seed(3);
	sc_poly2_params p = sc_poly2_defaults();
	sw_poly2_set *s;
	cr_assert(sw_poly2_set_create(2 * M, &s) == SW_OK);
	sw_pair pairs[M];
	cr_assert(sc_poly2_close_pairs(&r, &p, s, pairs, M) == SW_OK);
	uint8_t st[2][M];
	uint32_t ft[2][M];
	float f[2][4][M];
	sw_sweep_results good = {st[0], ft[0], f[0][0], f[0][1], f[0][2], f[0][3], NULL};
	cr_assert_eq(sw_poly2_sweep_batch(s, s, pairs, M, NULL, &good), SW_OK);
	/* a count past the row (17, 255), a clockwise box, a shape id no shape has */
	sw_poly2 bad[3] = {sw_poly2_box(1, 1), sw_poly2_box(1, 1), sw_poly2_box(1, 1)};
	bad[0].count = 17, bad[1].count = 255;
	for (int i = 0; i < 4; i++)
		bad[2].v[i] = sw_poly2_box(1, 1).v[3 - i];
	const uint32_t victims[4] = {7, 20, 33, 2};
	for (int k = 0; k < 4; k++) {
		uint32_t shape = 1000000;
		if (k < 3)
			cr_assert_eq(sw_poly2_set_add_shape(s, &bad[k], &shape), SW_OK);
		sw_pose2 pose;
		sw_vec2 disp;
		cr_assert_eq(sw_poly2_set_get(s, victims[k], NULL, NULL, &pose, &disp), SW_OK);
		cr_assert_eq(sw_poly2_set_put(s, victims[k], shape, pose, disp), SW_OK);
	}
	/* a flagged shape reads back as stored (an empty polygon for a count past the row) */
	sw_poly2 back;
	cr_expect_eq(sw_poly2_set_get(s, 7, NULL, &back, NULL, NULL), SW_OK);
	cr_expect_eq(back.count, 0);
	cr_expect_eq(sw_poly2_set_get(s, 2, NULL, &back, NULL, NULL), SW_ERR_ARG, "shape id past the shapes");
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		for (unsigned chunk = 0; chunk <= 16; chunk += 16) {
			sw_batch_opts opts = {.chunk = chunk};
			sw_sweep_results got = {st[1], ft[1], f[1][0], f[1][1], f[1][2], f[1][3], NULL};
			cr_assert_eq(sw_poly2_sweep_batch(s, s, pairs, M, &opts, &got), SW_OK);
			for (int k = 0; k < M; k++) {
				int hit = 0;
				for (int v = 0; v < 4; v++)
					hit |= pairs[k].a == victims[v] || pairs[k].b == victims[v];
				if (hit)
					cr_expect_eq(st[1][k], SW_PAIR_INVALID, "%s pair %d", sw_isa_name((sw_isa)isa),
						     k);
				else
					cr_expect(st[1][k] == st[0][k] && ft[1][k] == ft[0][k] &&
							  memcmp(&f[1][0][k], &f[0][0][k], 4) == 0,
						  "neighbour %d changed", k);
			}
		}
	}
	sw_set_isa_cap(sw_best_isa());
	sw_poly2_set_destroy(s);
}

/* a count past the limit is refused before any point is read (the array here holds one point) */
Test(hardening, polygon_builder_checks_the_count_before_reading)
{
	sw_vec2 one = {0, 0};
	sw_poly2 out;
	cr_expect_eq(sw_poly2_build(&one, SIZE_MAX, &out), SW_ERR_INPUT);
	cr_expect_eq(sw_poly2_build(&one, SW_POLY2_MAX_POINTS + 1, &out), SW_ERR_INPUT);
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
	sw_error st = sw_poly2_build(pts, 5, &out);
	sw_set_allocator(NULL, NULL, NULL);
	cr_expect_eq(st, SW_ERR_NOMEM, "got %s", sw_error_name(st));
	cr_expect_gt(calls, 0, "the allocation went through the hook");
	cr_expect_eq(sw_poly2_build(pts, 5, &out), SW_OK, "and works again with the default allocator");
}

/* Pairs far below the size products of two lengths can hold (a box of 2^-100): a HIT once came with
 * t_first < 0 (cross-multiplied times underflowed). The queries scale such a pair up by powers of two
 * first, which is exact, so a pair scaled by 2^-100 must give the unit pair's answer bit for bit: the
 * same statuses, features, times and normals, and depths 2^-100 times as large. */
static int same_bits(float x, float y) { return memcmp(&x, &y, sizeof x) == 0; }

static sw_vec3 scale3(sw_vec3 v, float s) { return sw_v3(v.x * s, v.y * s, v.z * s); }

static void expect_same_sweep(const sw_sweep_result *u, const sw_sweep_result *t, int k, const char *what)
{
	cr_assert(u->status == t->status && u->feature == t->feature && same_bits(u->t_first, t->t_first) &&
			  same_bits(u->t_last, t->t_last) && same_bits(u->normal.x, t->normal.x) &&
			  same_bits(u->normal.y, t->normal.y) && same_bits(u->normal.z, t->normal.z),
		  "%s pair %d: unit %s t %a %a, tiny %s t %a %a", what, k, sw_status_name(u->status), u->t_first,
		  u->t_last, sw_status_name(t->status), t->t_first, t->t_last);
}

static void expect_same_overlap(const sw_overlap_result *u, const sw_overlap_result *t, float s, int k,
				const char *what)
{
	cr_assert(u->status == t->status && u->feature == t->feature && same_bits(u->depth * s, t->depth) &&
			  same_bits(u->normal.x, t->normal.x) && same_bits(u->normal.y, t->normal.y),
		  "%s pair %d: unit %s depth %a, tiny %s depth %a", what, k, sw_status_name(u->status), u->depth,
		  sw_status_name(t->status), t->depth);
}

Test(hardening, tiny_pairs_answer_as_the_same_pair_at_unit_scale)
{
	const float s = 0x1p-100f;
	sc_rng r = sc_rng_seed(41);
	int hits = 0;
	for (int k = 0; k < 3000; k++) {
		sc_box a = {sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1)), sc_rotation(&r),
			    sw_v3(sc_uniform(&r, 0.2f, 1), sc_uniform(&r, 0.2f, 1), sc_uniform(&r, 0.2f, 1))};
		sc_box b = {sw_v3(sc_uniform(&r, -3, 3), sc_uniform(&r, -3, 3), sc_uniform(&r, -3, 3)), sc_rotation(&r),
			    sw_v3(sc_uniform(&r, 0.2f, 1), sc_uniform(&r, 0.2f, 1), sc_uniform(&r, 0.2f, 1))};
		sw_vec3 da = sw_v3(sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2));
		sw_vec3 db = sw_v3_sub(sw_v3_scale(sw_v3_sub(a.center, b.center), 1.5f), da);
		sc_box ta = {scale3(a.center, s), a.rot, scale3(a.half, s)},
		       tb = {scale3(b.center, s), b.rot, scale3(b.half, s)};
		sw_sweep_result u, t;
		sc_obb3_sweep(&a, da, &b, db, &u);
		sc_obb3_sweep(&ta, scale3(da, s), &tb, scale3(db, s), &t);
		expect_same_sweep(&u, &t, k, "box-box sweep");
		hits += u.status == SW_HIT;
		sw_overlap_result uo, to;
		sc_obb3_overlap(&a, &b, &uo);
		sc_obb3_overlap(&ta, &tb, &to);
		expect_same_overlap(&uo, &to, s, k, "box-box overlap");
		sw_tri3 tri = {b.center, sw_v3_add(b.center, sw_v3(1, 0.2f, 0)),
			       sw_v3_add(b.center, sw_v3(0, 1, 0.3f))};
		sw_tri3 ttri = {scale3(tri.a, s), scale3(tri.b, s), scale3(tri.c, s)};
		sc_obb3_tri3_sweep(&a, da, &tri, db, k & 1, &u);
		sc_obb3_tri3_sweep(&ta, scale3(da, s), &ttri, scale3(db, s), k & 1, &t);
		expect_same_sweep(&u, &t, k, "box-triangle sweep");
		sc_obb3_tri3_overlap(&a, &tri, &uo);
		sc_obb3_tri3_overlap(&ta, &ttri, &to);
		expect_same_overlap(&uo, &to, s, k, "box-triangle overlap");
		sw_poly2 pa = sw_poly2_box(a.half.x, a.half.y), pb, tpa, tpb;
		sw_vec2 pts[5];
		for (int i = 0; i < 5; i++)
			pts[i] = sw_v2(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1));
		if (sw_poly2_build(pts, 5, &pb) != SW_OK)
			continue;
		tpa = pa, tpb = pb;
		for (uint32_t i = 0; i < pa.count; i++)
			tpa.v[i] = sw_v2(pa.v[i].x * s, pa.v[i].y * s);
		for (uint32_t i = 0; i < pb.count; i++)
			tpb.v[i] = sw_v2(pb.v[i].x * s, pb.v[i].y * s);
		sw_pose2 xa = {{a.center.x, a.center.y}, {0.6f, 0.8f}}, xb = {{b.center.x, b.center.y}, {1, 0}};
		sw_pose2 txa = {{xa.p.x * s, xa.p.y * s}, xa.q}, txb = {{xb.p.x * s, xb.p.y * s}, xb.q};
		sw_vec2 d2a = {da.x, da.y}, d2b = {db.x, db.y};
		cr_assert_eq(sw_poly2_sweep(&pa, xa, d2a, &pb, xb, d2b, &u), SW_OK);
		cr_assert_eq(sw_poly2_sweep(&tpa, txa, sw_v2(d2a.x * s, d2a.y * s), &tpb, txb,
					    sw_v2(d2b.x * s, d2b.y * s), &t),
			     SW_OK);
		expect_same_sweep(&u, &t, k, "polygon sweep");
		cr_assert_eq(sw_poly2_overlap(&pa, xa, &pb, xb, &uo), SW_OK);
		cr_assert_eq(sw_poly2_overlap(&tpa, txa, &tpb, txb, &to), SW_OK);
		expect_same_overlap(&uo, &to, s, k, "polygon overlap");
	}
	cr_expect_gt(hits, 300, "too few hits to test anything (%d)", hits);
}
