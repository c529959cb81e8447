/* tests/test_circle_sets.c — the sets of the swept circle family (circles, spheres, segments) through
 * their API: add, get, put, place, columns, clear, bad indices and NULLs, slots past the count invisible to the
 * batched sweep, growth through the allocator hook and its failures; and every tier's batched sweep
 * (indexed, and packed for circles) against the single-pair functions around the kernels' early out's
 * margin. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include <swept/advanced.h>
#include <swept/swept.h>

#include "scenes.h"

enum { M = 40 };

Test(circle_sets, circle2_add_get_put_place_clear)
{
	sw_circle2_set *s;
	cr_assert_eq(sw_circle2_set_create(3, &s), SW_OK);
	sc_rng r = sc_rng_seed(1);
	sw_vec2 c[M], v[M];
	float rad[M];
	for (uint32_t i = 0; i < M; i++) {
		uint32_t idx;
		c[i] = sw_v2(sc_uniform(&r, -9, 9), sc_uniform(&r, -9, 9));
		v[i] = sw_v2(sc_uniform(&r, -9, 9), sc_uniform(&r, -9, 9));
		rad[i] = sc_uniform(&r, 0, 2);
		cr_assert_eq(sw_circle2_set_add(s, c[i], rad[i], v[i], &idx), SW_OK);
		cr_expect_eq(idx, i);
	}
	cr_expect_eq(sw_circle2_set_count(s), M);
	for (uint32_t i = 0; i < M; i++) {
		sw_vec2 gc, gv;
		float gr;
		cr_assert_eq(sw_circle2_set_get(s, i, &gc, &gr, &gv), SW_OK);
		cr_expect(memcmp(&gc, &c[i], sizeof gc) == 0 && gr == rad[i] && memcmp(&gv, &v[i], sizeof gv) == 0,
			  "circle %u", i);
	}
	cr_expect_eq(sw_circle2_set_get(s, M, NULL, NULL, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_circle2_set_put(s, M, c[0], 1, v[0]), SW_ERR_ARG);
	cr_expect_eq(sw_circle2_set_add(NULL, c[0], 1, v[0], NULL), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_set_get(NULL, 0, NULL, NULL, NULL), SW_ERR_NULL);
	cr_assert_eq(sw_circle2_set_put(s, 3, c[4], 7, v[5]), SW_OK);
	sw_vec2 gc, gv;
	float gr;
	cr_assert_eq(sw_circle2_set_get(s, 3, &gc, &gr, &gv), SW_OK);
	cr_expect(gc.x == c[4].x && gr == 7 && gv.y == v[5].y);
	/* place writes centres and displacements, the radius stays; NULL displacements: at rest */
	const sw_vec2 cs[2] = {{1, 2}, {3, 4}}, ds[2] = {{5, 6}, {7, 8}};
	cr_assert_eq(sw_circle2_set_place(s, M - 2, 2, cs, ds), SW_OK);
	cr_assert_eq(sw_circle2_set_get(s, M - 1, &gc, &gr, &gv), SW_OK);
	cr_expect(gc.x == 3 && gc.y == 4 && gv.x == 7 && gv.y == 8 && gr == rad[M - 1]);
	cr_assert_eq(sw_circle2_set_place(s, 0, 2, cs, NULL), SW_OK);
	cr_assert_eq(sw_circle2_set_get(s, 1, &gc, NULL, &gv), SW_OK);
	cr_expect(gc.x == 3 && gv.x == 0 && gv.y == 0);
	cr_expect_eq(sw_circle2_set_place(s, M - 1, 2, cs, ds), SW_ERR_ARG);
	cr_expect_eq(sw_circle2_set_place(s, 0, 1, NULL, ds), SW_ERR_NULL);
	sw_circle2_set_clear(s);
	cr_expect_eq(sw_circle2_set_count(s), 0);
	sw_circle2_set_destroy(s);
	sw_circle2_set_destroy(NULL);
	cr_expect_eq(sw_circle2_set_count(NULL), 0);
}

Test(circle_sets, circle3_and_seg2)
{
	sw_circle3_set *s;
	sw_seg2_set *g;
	cr_assert_eq(sw_circle3_set_create(0, &s), SW_OK);
	cr_assert_eq(sw_seg2_set_create(0, &g), SW_OK);
	for (uint32_t i = 0; i < M; i++) {
		float f = (float)i;
		cr_assert_eq(sw_circle3_set_add(s, sw_v3(f, -f, 2 * f), f / 8, sw_v3(1, f, 3), NULL), SW_OK);
		sw_seg2 sg = {{f, 1}, {2, f}};
		cr_assert_eq(sw_seg2_set_add(g, &sg, sw_v2(f, -1), NULL), SW_OK);
	}
	sw_vec3 c, v;
	float r;
	cr_assert_eq(sw_circle3_set_get(s, 17, &c, &r, &v), SW_OK);
	cr_expect(c.x == 17 && c.y == -17 && c.z == 34 && r == 17.0f / 8 && v.y == 17 && v.z == 3);
	sw_seg2 sg;
	sw_vec2 d;
	cr_assert_eq(sw_seg2_set_get(g, 9, &sg, &d), SW_OK);
	cr_expect(sg.p.x == 9 && sg.p.y == 1 && sg.q.x == 2 && sg.q.y == 9 && d.x == 9 && d.y == -1);
	const sw_vec3 cs[1] = {{5, 6, 7}};
	cr_assert_eq(sw_circle3_set_place(s, 2, 1, cs, NULL), SW_OK);
	cr_assert_eq(sw_circle3_set_get(s, 2, &c, &r, &v), SW_OK);
	cr_expect(c.z == 7 && v.x == 0 && r == 0.25f);
	const sw_vec2 ds[1] = {{-4, 4}};
	cr_assert_eq(sw_seg2_set_place(g, 5, 1, ds), SW_OK);
	cr_assert_eq(sw_seg2_set_get(g, 5, &sg, &d), SW_OK);
	cr_expect(d.x == -4 && sg.p.x == 5);
	cr_expect_eq(sw_seg2_set_put(g, 1, NULL, d), SW_ERR_NULL);
	cr_expect_eq(sw_seg2_set_add(g, NULL, d, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_seg2_set_put(g, M, &sg, d), SW_ERR_ARG);
	cr_expect_eq(sw_circle3_set_put(s, M, c, 1, v), SW_ERR_ARG);
	sw_seg2_set_clear(g);
	sw_circle3_set_clear(s);
	cr_expect(sw_seg2_set_count(g) == 0 && sw_circle3_set_count(s) == 0);
	sw_seg2_set_destroy(g);
	sw_circle3_set_destroy(s);
}

/* columns written in place are what get() reads and what the batched sweep answers with, on every
 * tier: a segment set at rest whose displacement is written through its columns is swept with it */
Test(circle_sets, columns_written_in_place)
{
	sw_circle2_set *m;
	sw_circle3_set *m3;
	sw_seg2_set *g;
	cr_assert_eq(sw_circle2_set_create(2, &m), SW_OK);
	cr_assert_eq(sw_circle3_set_create(2, &m3), SW_OK);
	cr_assert_eq(sw_seg2_set_create(2, &g), SW_OK);
	const sw_seg2 floor_seg = {{1, 0}, {-1, 0}};
	cr_assert_eq(sw_circle2_set_add(m, sw_v2(9, 9), 1, sw_v2(0, 0), NULL), SW_OK);
	cr_assert_eq(sw_circle3_set_add(m3, sw_v3(9, 9, 9), 1, sw_v3(0, 0, 0), NULL), SW_OK);
	cr_assert_eq(sw_seg2_set_add(g, &floor_seg, sw_v2(0, 0), NULL), SW_OK);
	sw_mover_cols mc, mc3;
	sw_seg2_cols gc;
	cr_assert_eq(sw_circle2_set_columns(m, &mc), SW_OK);
	cr_assert_eq(sw_circle3_set_columns(m3, &mc3), SW_OK);
	cr_assert_eq(sw_seg2_set_columns(g, &gc), SW_OK);
	cr_expect(mc.cz == NULL && mc.dz == NULL && mc3.cz != NULL && mc3.dz != NULL);
	cr_expect_eq(sw_circle2_set_columns(NULL, &mc), SW_ERR_NULL);
	cr_expect_eq(sw_circle3_set_columns(m3, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_seg2_set_columns(NULL, &gc), SW_ERR_NULL);
	/* the circle at (0, 3) falling by 2, the floor rising by 2: they meet at t = 0.5 */
	mc.cx[0] = 0, mc.cy[0] = 3, mc.dy[0] = -2;
	gc.dy[0] = 2;
	mc3.cz[0] = -1, mc3.dx[0] = 5;
	sw_vec2 c, d;
	sw_vec3 c3, d3;
	sw_seg2 sg;
	cr_assert_eq(sw_circle2_set_get(m, 0, &c, NULL, &d), SW_OK);
	cr_expect(c.x == 0 && c.y == 3 && d.x == 0 && d.y == -2);
	cr_assert_eq(sw_circle3_set_get(m3, 0, &c3, NULL, &d3), SW_OK);
	cr_expect(c3.x == 9 && c3.z == -1 && d3.x == 5 && d3.y == 0);
	cr_assert_eq(sw_seg2_set_get(g, 0, &sg, &d), SW_OK);
	cr_expect(sg.p.x == 1 && d.x == 0 && d.y == 2 && gc.seg[0].q.x == -1);
	const sw_pair pair = {0, 0};
	uint8_t st;
	float t;
	const sw_cast_results out = {&st, NULL, &t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		const sw_batch_opts run = {.isa = SW_BATCH_ISA((sw_isa)isa)};
		cr_assert_eq(sw_circle2_seg2_sweep_batch(m, g, &pair, 1, NULL, &run, &out), SW_OK);
		cr_expect(st == SW_HIT && t == 0.5f, "%s: %u %g", sw_isa_name((sw_isa)isa), st, t);
	}
	sw_circle2_set_destroy(m);
	sw_circle3_set_destroy(m3);
	sw_seg2_set_destroy(g);
}

/* endpoints written in place are the segments every tier answers with (as the single-pair function does
 * on them, an invalid one included), and so again once the set is cleared and refilled by add(): a set
 * that kept anything derived from the endpoints would have to form it again */
Test(circle_sets, endpoints_written_in_place)
{
	sw_circle2_set *m;
	sw_seg2_set *g;
	cr_assert_eq(sw_circle2_set_create(3, &m), SW_OK);
	cr_assert_eq(sw_seg2_set_create(3, &g), SW_OK);
	const sw_seg2 added = {{-5, 0}, {5, 0}};
	const sw_seg2 written[3] = {{{0.5f, -2}, {0.5f, 2}}, {{3, 1}, {3, 1}}, {{NAN, 0}, {1, 0}}};
	const sw_vec2 c[3] = {{0, 0}, {0, 1}, {0, 0}}, v[3] = {{2, 0}, {4, 0}, {0, -1}};
	sw_pair pairs[3];
	for (uint32_t i = 0; i < 3; i++) {
		cr_assert_eq(sw_circle2_set_add(m, c[i], 0.25f, v[i], NULL), SW_OK);
		cr_assert_eq(sw_seg2_set_add(g, &added, sw_v2(0, 0), NULL), SW_OK);
		pairs[i] = (sw_pair){i, i};
	}
	for (int round = 0; round < 2; round++) {
		if (round == 0) {
			sw_seg2_cols gc;
			cr_assert_eq(sw_seg2_set_columns(g, &gc), SW_OK);
			memcpy(gc.seg, written, sizeof written);
		} else {
			sw_seg2_set_clear(g);
			for (int i = 0; i < 3; i++)
				cr_assert_eq(sw_seg2_set_add(g, &written[i], sw_v2(0, 0), NULL), SW_OK);
		}
		for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
			if (!sw_isa_available((sw_isa)isa))
				continue;
			uint8_t st[3];
			uint32_t ft[3];
			float t[3], nx[3];
			const sw_cast_results out = {st, ft,   t,    NULL, NULL, NULL, NULL,
						     nx, NULL, NULL, NULL, NULL, NULL};
			const sw_batch_opts run = {.isa = SW_BATCH_ISA((sw_isa)isa)};
			cr_assert_eq(sw_circle2_seg2_sweep_batch(m, g, pairs, 3, NULL, &run, &out), SW_OK);
			for (int i = 0; i < 3; i++) {
				sw_cast_result o;
				cr_assert_eq(sw_circle2_seg2_sweep(c[i], 0.25f, v[i], &written[i], NULL, &o), SW_OK);
				cr_expect(st[i] == o.status && ft[i] == o.feature, "%s %d: %u %u",
					  sw_isa_name((sw_isa)isa), i, st[i], o.status);
				cr_expect(o.status == SW_PAIR_INVALID || (t[i] == o.t && nx[i] == o.normal.x),
					  "%s %d: %g %g", sw_isa_name((sw_isa)isa), i, t[i], o.t);
			}
			cr_expect(st[0] == SW_HIT && ft[0] == SW_SEG2_INTERIOR && st[1] == SW_HIT &&
				  ft[1] == SW_SEG2_END0 && st[2] == SW_PAIR_INVALID);
		}
	}
	sw_circle2_set_destroy(m);
	sw_seg2_set_destroy(g);
}

/* slots past the count hold valid items for the kernels, but a pair naming one is invalid */
Test(circle_sets, padding_is_not_visible)
{
	sw_circle2_set *m;
	sw_seg2_set *g;
	cr_assert_eq(sw_circle2_set_create(4, &m), SW_OK);
	cr_assert_eq(sw_seg2_set_create(4, &g), SW_OK);
	sw_seg2 floor_seg = {{1, 0}, {-1, 0}};
	cr_assert_eq(sw_circle2_set_add(m, sw_v2(0, 3), 1, sw_v2(0, -4), NULL), SW_OK);
	cr_assert_eq(sw_seg2_set_add(g, &floor_seg, sw_v2(0, 0), NULL), SW_OK);
	const sw_pair pairs[3] = {{0, 0}, {0, 1}, {1, 0}};
	uint8_t st[3];
	float t[3];
	const sw_cast_results out = {st, NULL, t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_set_isa_cap((sw_isa)isa);
		cr_assert_eq(sw_circle2_seg2_sweep_batch(m, g, pairs, 3, NULL, NULL, &out), SW_OK);
		cr_expect(st[0] == SW_HIT && t[0] == 0.5f && st[1] == SW_PAIR_INVALID && st[2] == SW_PAIR_INVALID,
			  "%s: %u %g %u %u", sw_isa_name((sw_isa)isa), st[0], t[0], st[1], st[2]);
	}
	sw_set_isa_cap(sw_best_isa());
	sw_circle2_set_clear(m);
	cr_assert_eq(sw_circle2_seg2_sweep_batch(m, g, pairs, 1, NULL, NULL, &out), SW_OK);
	cr_expect_eq(st[0], SW_PAIR_INVALID);
	sw_circle2_set_destroy(m);
	sw_seg2_set_destroy(g);
}

/* ---- the allocator hook ---- */

typedef struct track {
	int calls, fail_after, live;
} track;

static void *track_alloc(size_t size, size_t align, void *user)
{
	track *t = user;
	if (t->fail_after >= 0 && t->calls++ >= t->fail_after)
		return NULL;
	void *p = aligned_alloc(align, (size + align - 1) / align * align);
	t->live += p != NULL;
	return p;
}

static void track_free(void *p, size_t size, void *user)
{
	(void)size;
	track *t = user;
	t->live--;
	free(p);
}

/* growing a set with allocations failing: SW_ERR_NOMEM, the items kept, nothing leaked */
Test(circle_sets, growth_failure_keeps_the_set)
{
	track t = {0, -1, 0};
	sw_set_allocator(track_alloc, track_free, &t);
	sw_seg2_set *g;
	cr_assert_eq(sw_seg2_set_create(1, &g), SW_OK);
	sw_seg2 sg = {{0, 0}, {1, 1}};
	for (int i = 0; i < 16; i++)
		cr_assert_eq(sw_seg2_set_add(g, &sg, sw_v2(0, 0), NULL), SW_OK);
	t.calls = 0, t.fail_after = 0;
	cr_expect_eq(sw_seg2_set_add(g, &sg, sw_v2(0, 0), NULL), SW_ERR_NOMEM);
	cr_expect_eq(sw_seg2_set_count(g), 16);
	t.fail_after = -1;
	cr_expect_eq(sw_seg2_set_add(g, &sg, sw_v2(0, 0), NULL), SW_OK);
	sw_circle3_set *s = NULL;
	t.calls = 0, t.fail_after = 0;
	cr_expect_eq(sw_circle3_set_create(8, &s), SW_ERR_NOMEM);
	cr_expect_null(s);
	t.fail_after = -1;
	sw_seg2_set_destroy(g);
	sw_set_allocator(NULL, NULL, NULL);
	cr_expect_eq(t.live, 0, "%d blocks not returned", t.live);
}

/* ---- the kernels' early out near its margin ---- */

/* clearances beyond r in units of the pair's size: inside, on and around the early out's margin (2^-12
 * of the pair's lengths) and the accuracy bar (1e-6) */
static const float gaps[] = {-1e-3f,   -1e-6f,   0,        1e-7f,   1e-6f,   1e-5f,   1e-4f, 0x1p-14f, 0x1p-13f,
			     0x1p-12f, 0x1p-11f, 0x1p-10f, 0x1p-8f, 0x1p-7f, 0x1p-6f, 1e-2f, 0.1f,     1};
enum { NGAP = sizeof gaps / sizeof gaps[0], NSCALE = 6, NWAY = 4 };
static const float scales[NSCALE] = {1e-30f, 1e-6f, 1, 1e6f, 1e12f, 1};

/* every tier's status, feature, t and normal.x against the single-pair functions' */
static void expect_tiers_match(const uint8_t *st, const uint32_t *ft, const float *t, const float *nx,
			       const sw_cast_result *ref, size_t n, const char *isa)
{
	for (size_t i = 0; i < n; i++) {
		int same = st[i] == ref[i].status && ft[i] == ref[i].feature;
		same = same && (ref[i].status == SW_PAIR_INVALID ||
				(memcmp(&t[i], &ref[i].t, 4) == 0 && memcmp(&nx[i], &ref[i].normal.x, 4) == 0));
		cr_expect(same, "%s pair %zu: status %u/%u t %a/%a", isa, i, st[i], ref[i].status, t[i], ref[i].t);
	}
}

/* a circle passing a segment at clearances around r: beside it, stopping short of it head on, stopping
 * short of an endpoint, passing an endpoint diagonally, stopping short of a slanted segment head on (its
 * endpoints' projections onto its normal differ by rounding, which the early out takes as one point);
 * scales 1e-30 to 1e12 and a 1e4 offset. Every tier must give the reference's answer: the early out may
 * drop only lanes the method calls misses */
Test(circle_sets, early_out_at_its_margin_2d)
{
	enum { NWAY2 = NWAY + 1, N = NSCALE * NGAP * NWAY2 };
	sw_circle2_set *m;
	sw_seg2_set *g;
	cr_assert_eq(sw_circle2_set_create(N, &m), SW_OK);
	cr_assert_eq(sw_seg2_set_create(N, &g), SW_OK);
	static sw_pair pairs[N];
	static sw_cast_result ref[N];
	const float h = 0.70710678f;
	uint32_t i = 0;
	for (int s = 0; s < NSCALE; s++)
		for (int k = 0; k < NGAP; k++)
			for (int w = 0; w < NWAY2; w++, i++) {
				float sc = scales[s], o = s == NSCALE - 1 ? 1e4f : 0, r = 0.25f * sc;
				float c = r + gaps[k] * sc;
				sw_seg2 seg = {{o - sc, o}, {o + sc, o}};
				/* the slanted segment's unit normal (−0.4, 1)/√1.16 */
				const float ux = -0.37139068f, uy = 0.92847669f;
				sw_vec2 p, v;
				if (w == 0)
					p = sw_v2(o - 3 * sc, o + c), v = sw_v2(6 * sc, 0);
				else if (w == 1)
					p = sw_v2(o, o + c + 2 * sc), v = sw_v2(0, -2 * sc);
				else if (w == 2)
					p = sw_v2(o + sc + c + 2 * sc, o), v = sw_v2(-2 * sc, 0);
				else if (w == 3)
					p = sw_v2(o + sc + h * c - 3 * h * sc, o - h * c - 3 * h * sc),
					v = sw_v2(6 * h * sc, 6 * h * sc);
				else
					seg = (sw_seg2){{o - sc, o - 0.3f * sc}, {o + sc, o + 0.5f * sc}},
					p = sw_v2(o + ux * (c + 2 * sc), o + 0.1f * sc + uy * (c + 2 * sc)),
					v = sw_v2(-2 * ux * sc, -2 * uy * sc);
				cr_assert_eq(sw_circle2_set_add(m, p, r, v, NULL), SW_OK);
				cr_assert_eq(sw_seg2_set_add(g, &seg, sw_v2(0, 0), NULL), SW_OK);
				pairs[i] = (sw_pair){i, i};
				cr_assert_eq(sw_circle2_seg2_sweep(p, r, v, &seg, NULL, &ref[i]), SW_OK);
			}
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		static uint8_t st[N];
		static uint32_t ft[N];
		static float t[N], nx[N];
		const sw_cast_results out = {st, ft, t, NULL, NULL, NULL, NULL, nx, NULL, NULL, NULL, NULL, NULL};
		const sw_batch_opts run = {.isa = SW_BATCH_ISA((sw_isa)isa)};
		cr_assert_eq(sw_circle2_seg2_sweep_batch(m, g, pairs, N, NULL, &run, &out), SW_OK);
		expect_tiers_match(st, ft, t, nx, ref, N, sw_isa_name((sw_isa)isa));
	}
	/* the same pairs in packed blocks (swept/advanced.h), every tier through the cap */
	static sw_circle2_seg2_block blk[(N + SW_BLOCK - 1) / SW_BLOCK];
	for (uint32_t k = 0; k < N; k++) {
		sw_vec2 c, v, d;
		float r;
		sw_seg2 seg;
		cr_assert_eq(sw_circle2_set_get(m, k, &c, &r, &v), SW_OK);
		cr_assert_eq(sw_seg2_set_get(g, k, &seg, &d), SW_OK);
		sw_circle2_seg2_block_put(&blk[k / SW_BLOCK], k % SW_BLOCK, c, r, v, &seg);
	}
	if (N % SW_BLOCK)
		sw_circle2_seg2_block_fill(&blk[N / SW_BLOCK], N % SW_BLOCK);
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		static uint8_t st[N];
		static uint32_t ft[N];
		static float t[N], nx[N];
		const sw_cast_results out = {st, ft, t, NULL, NULL, NULL, NULL, nx, NULL, NULL, NULL, NULL, NULL};
		sw_isa prev = sw_set_isa_cap((sw_isa)isa);
		cr_assert_eq(sw_circle2_seg2_sweep_packed(blk, N, NULL, &out), SW_OK);
		sw_set_isa_cap(prev);
		expect_tiers_match(st, ft, t, nx, ref, N, sw_isa_name((sw_isa)isa));
	}
	sw_circle2_set_destroy(m);
	sw_seg2_set_destroy(g);
}

/* the packed entry's input check around its bounds (the blocks are caller-writable, every lane is
 * checked): coordinates and radii from both sides of SW_MAX_COORD and of 2^49.5 (where a coordinate's
 * square passes 2^99, the bound a check by one sum of squares a block would use), several rows near it
 * together, −0 and negative radii, NaN, ±Inf, subnormals; blocks all valid or with a few bad lanes.
 * Every tier must give the single-pair function's answer */
Test(circle_sets, packed_input_check_at_its_bounds)
{
	enum { NB = 96, N = NB * SW_BLOCK };
	const float big = 1.0e15f, sq = 0x1.6a09e6p49f; /* sq² just below 2^99 */
	const float good[] = {
		0,       -0.0f, 1,   -3,      0x1p-140f, sq,       -sq, nextafterf(sq, 0), nextafterf(sq, INFINITY),
		7.9e14f, -big,  big, 0x1p48f, -0x1p48f,  0.5f * sq};
	const float bad[] = {NAN, INFINITY, -INFINITY, nextafterf(big, INFINITY), -nextafterf(big, INFINITY), 1e30f};
	enum { NG = sizeof good / sizeof good[0], NBAD = sizeof bad / sizeof bad[0] };
	static sw_circle2_seg2_block blk[NB];
	static sw_cast_result ref[N];
	uint32_t seed = 12345u;
	for (uint32_t k = 0; k < N; k++) {
		float x[9];
		unsigned mode = (k / SW_BLOCK) % 3; /* 0: small values, 1: values near the bounds, 2: a few bad lanes */
		for (int i = 0; i < 9; i++) {
			seed = seed * 1664525u + 1013904223u;
			unsigned u = seed >> 8;
			x[i] = mode == 0 ? (float)(u % 2001u) * 1e-3f - 1.0f : good[u % NG];
			if (mode == 2 && u % 97u == 0)
				x[i] = bad[(u / 97u) % NBAD];
		}
		/* the radius: a magnitude, sometimes −0 or negative */
		float r = fabsf(x[2]);
		if (k % 37u == 5u)
			r = -0.0f;
		if (mode == 2 && k % 53u == 7u)
			r = k % 2 ? -0x1p-149f : -1.0f;
		sw_vec2 c = sw_v2(x[0], x[1]), v = sw_v2(x[3], x[4]);
		sw_seg2 seg = {{x[5], x[6]}, {x[7], x[8]}};
		sw_circle2_seg2_block_put(&blk[k / SW_BLOCK], k % SW_BLOCK, c, r, v, &seg);
		cr_assert_eq(sw_circle2_seg2_sweep(c, r, v, &seg, NULL, &ref[k]), SW_OK);
	}
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		static uint8_t st[N];
		static uint32_t ft[N];
		static float t[N], nx[N];
		const sw_cast_results out = {st, ft, t, NULL, NULL, NULL, NULL, nx, NULL, NULL, NULL, NULL, NULL};
		sw_isa prev = sw_set_isa_cap((sw_isa)isa);
		cr_assert_eq(sw_circle2_seg2_sweep_packed(blk, N, NULL, &out), SW_OK);
		sw_set_isa_cap(prev);
		expect_tiers_match(st, ft, t, nx, ref, N, sw_isa_name((sw_isa)isa));
	}
}

/* the same for a sphere and a triangle in z = 0: beside an edge, stopping short above the face, passing
 * a vertex diagonally, passing an edge's end along it */
Test(circle_sets, early_out_at_its_margin_3d)
{
	enum { N = NSCALE * NGAP * NWAY };
	sw_circle3_set *m;
	sw_tri3_set *g;
	cr_assert_eq(sw_circle3_set_create(N, &m), SW_OK);
	cr_assert_eq(sw_tri3_set_create(N, &g), SW_OK);
	static sw_pair pairs[N];
	static sw_cast_result ref[N];
	const float h = 0.70710678f;
	uint32_t i = 0;
	for (int s = 0; s < NSCALE; s++)
		for (int k = 0; k < NGAP; k++)
			for (int w = 0; w < NWAY; w++, i++) {
				float sc = scales[s], o = s == NSCALE - 1 ? 1e4f : 0, r = 0.25f * sc;
				float c = r + gaps[k] * sc;
				sw_tri3 tri = {{o - sc, o - sc, o}, {o + sc, o - sc, o}, {o, o + sc, o}};
				sw_vec3 p, v;
				if (w == 0) /* beside the edge y = −1, in the triangle's plane */
					p = sw_v3(o - 3 * sc, o - sc - c, o), v = sw_v3(6 * sc, 0, 0);
				else if (w == 1)
					p = sw_v3(o, o, o + c + 2 * sc), v = sw_v3(0, 0, -2 * sc);
				else if (w == 2) /* past the vertex (0, 1, 0) diagonally above it */
					p = sw_v3(o - 3 * h * sc, o + sc, o + h * c - 3 * h * sc),
					v = sw_v3(6 * h * sc, 0, 6 * h * sc);
				else /* along the edge y = −1 beyond its end (1, −1), stopping short */
					p = sw_v3(o + sc + c + 2 * sc, o - sc, o), v = sw_v3(-2 * sc, 0, 0);
				cr_assert_eq(sw_circle3_set_add(m, p, r, v, NULL), SW_OK);
				cr_assert_eq(sw_tri3_set_add(g, &tri, sw_v3(0, 0, 0), NULL), SW_OK);
				pairs[i] = (sw_pair){i, i};
				cr_assert_eq(sw_circle3_tri3_sweep(p, r, v, &tri, NULL, &ref[i]), SW_OK);
			}
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		static uint8_t st[N];
		static uint32_t ft[N];
		static float t[N], nx[N];
		const sw_cast_results out = {st, ft, t, NULL, NULL, NULL, NULL, nx, NULL, NULL, NULL, NULL, NULL};
		const sw_batch_opts run = {.isa = SW_BATCH_ISA((sw_isa)isa)};
		cr_assert_eq(sw_circle3_tri3_sweep_batch(m, g, pairs, N, NULL, &run, &out), SW_OK);
		expect_tiers_match(st, ft, t, nx, ref, N, sw_isa_name((sw_isa)isa));
	}
	sw_circle3_set_destroy(m);
	sw_tri3_set_destroy(g);
}

/* a triangle set keeps each triangle's vertices a second time as a record the kernels read (with the
 * vertices' validity): triangles rewritten by put, valid to degenerate or out of range and back, and
 * the set grown past its capacity, answer on every tier as the single-pair function does */
Test(circle_sets, triangle_records_follow_puts)
{
	enum { N = 48 };
	sw_circle3_set *m;
	sw_tri3_set *g;
	cr_assert_eq(sw_circle3_set_create(4, &m), SW_OK);
	cr_assert_eq(sw_tri3_set_create(4, &g), SW_OK);
	static sw_pair pairs[N];
	static sw_cast_result ref[N];
	sw_tri3 tris[N];
	for (uint32_t i = 0; i < N; i++) {
		float o = (float)i;
		tris[i] = (sw_tri3){{o - 1, -1, 0}, {o + 1, -1, 0}, {o, 1, 0}};
		cr_assert_eq(sw_circle3_set_add(m, sw_v3(o, 0, 1), 0.25f, sw_v3(0, 0, -2), NULL), SW_OK);
		cr_assert_eq(sw_tri3_set_add(g, &tris[i], sw_v3(0, 0, 0), NULL), SW_OK);
		pairs[i] = (sw_pair){i, i};
	}
	for (uint32_t i = 0; i < N; i++) {
		sw_tri3 t = tris[i];
		if (i % 3 == 0) /* degenerate: three points on a line */
			t.c = sw_v3(t.a.x + 2, -1, 0);
		else if (i % 3 == 1) /* out of range, then back when i % 6 == 1 */
			t.b.z = i % 6 == 1 ? NAN : 2 * SW_MAX_COORD;
		cr_assert_eq(sw_tri3_set_put(g, i, &t, sw_v3(0, 0, 0)), SW_OK);
		if (i % 6 == 1) {
			t = tris[i];
			cr_assert_eq(sw_tri3_set_put(g, i, &t, sw_v3(0, 0, 0)), SW_OK);
		}
		sw_circle3_tri3_sweep(sw_v3((float)i, 0, 1), 0.25f, sw_v3(0, 0, -2), &t, NULL, &ref[i]);
	}
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		static uint8_t st[N];
		static uint32_t ft[N];
		static float t[N], nx[N];
		const sw_cast_results out = {st, ft, t, NULL, NULL, NULL, NULL, nx, NULL, NULL, NULL, NULL, NULL};
		const sw_batch_opts run = {.isa = SW_BATCH_ISA((sw_isa)isa)};
		cr_assert_eq(sw_circle3_tri3_sweep_batch(m, g, pairs, N, NULL, &run, &out), SW_OK);
		expect_tiers_match(st, ft, t, nx, ref, N, sw_isa_name((sw_isa)isa));
		for (uint32_t i = 0; i < N; i++)
			cr_expect_eq(st[i], i % 3 == 2 || i % 6 == 1 ? SW_HIT : SW_PAIR_INVALID, "pair %u: status %u",
				     i, st[i]);
	}
	sw_circle3_set_destroy(m);
	sw_tri3_set_destroy(g);
}
