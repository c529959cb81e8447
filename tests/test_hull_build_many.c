/* tests/test_hull_build_many.c — sw_hull3_build_many gives, hull by hull, the bytes and status of
 * sw_hull3_build (mixed sizes, flat, collinear, empty, invalid and too-large clouds in one call), its
 * call errors, and its memory: one scratch block through the allocator hook, freed before it returns,
 * and nothing written when that block cannot be had. sw_hull3_build itself also allocates only
 * through the hook, and frees what it takes. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenes.h"

/* a counting allocator over the default one */
static size_t live_blocks, live_bytes, calls, fail_after = SIZE_MAX;

static void *count_alloc(size_t size, size_t align, void *user)
{
	(void)user;
	if (calls++ >= fail_after)
		return NULL;
	size_t rounded = (size + align - 1) & ~(align - 1);
	void *p = aligned_alloc(align, rounded);
	if (p)
		live_blocks++, live_bytes += size;
	return p;
}

static void count_free(void *ptr, size_t size, void *user)
{
	(void)user;
	live_blocks--, live_bytes -= size;
	free(ptr);
}

static void hook(void)
{
	live_blocks = live_bytes = calls = 0;
	fail_after = SIZE_MAX;
	sw_set_allocator(count_alloc, count_free, NULL);
}

static void unhook(void) { sw_set_allocator(NULL, NULL, NULL); }

/* cloud k of a mixed population: its points at p, its count returned */
static uint32_t mixed_cloud(sc_rng *r, int k, sw_vec3 *p)
{
	uint32_t n = 4 + sc_below(r, 60);
	switch (k % 8) {
	case 0: /* flat */
		for (uint32_t i = 0; i < n; i++)
			p[i] = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), 0.5f);
		return n;
	case 1: /* collinear */
		for (uint32_t i = 0; i < n; i++)
			p[i] = sw_v3((float)i, 2 * (float)i, 0);
		return n;
	case 2: return 0; /* empty */
	case 3:           /* a NaN */
		sc_ellipsoid_points(r, n, sw_v3(1, 1, 1), 0.5f, p);
		p[n / 2].y = NAN;
		return n;
	case 4: /* too many vertices */
		n = 100;
		sc_ellipsoid_points(r, n, sw_v3(1, 1, 1), 1, p);
		return n;
	default: sc_ellipsoid_points(r, n, sw_v3(1, sc_uniform(r, 0.3f, 1), 0.6f), 0.7f, p); return n;
	}
}

Test(hull_build_many, same_as_one_by_one)
{
	enum { H = 96 };
	static sw_vec3 pts[H * 100];
	static sw_hull3 many[H], one;
	uint32_t counts[H];
	sw_error st[H];
	sc_rng r = sc_rng_seed(71);
	size_t at = 0;
	for (int k = 0; k < H; k++) {
		counts[k] = mixed_cloud(&r, k, pts + at);
		at += counts[k];
	}
	hook();
	cr_assert_eq(sw_hull3_build_many(pts, counts, H, NULL, many, st), SW_OK);
	cr_expect_eq(calls, 1, "one scratch block for the whole call (%zu allocations)", calls);
	cr_expect_eq(live_blocks, 0, "scratch not freed");
	at = 0;
	int kinds[64] = {0}; /* by -error */
	for (int k = 0; k < H; k++) {
		sw_error s1 = sw_hull3_build(counts[k] ? pts + at : NULL, counts[k], NULL, &one);
		cr_expect_eq(st[k], s1, "hull %d: %s vs %s", k, sw_error_name(st[k]), sw_error_name(s1));
		cr_expect_arr_eq(&many[k], &one, sizeof one, "hull %d differs from sw_hull3_build's", k);
		kinds[-(int)st[k] & 63]++;
		at += counts[k];
	}
	cr_expect_eq(live_blocks, 0, "sw_hull3_build leaked");
	unhook();
	cr_expect_gt(kinds[-(int)SW_OK], 40);
	cr_expect_gt(kinds[-(int)SW_ERR_COLLINEAR], 0);
	cr_expect_gt(kinds[-(int)SW_ERR_EMPTY], 0);
	cr_expect_gt(kinds[-(int)SW_ERR_INPUT], 0);
	cr_expect_gt(kinds[-(int)SW_ERR_TOO_MANY], 0);
}

Test(hull_build_many, options_apply_to_every_hull)
{
	sw_vec3 p[16];
	uint32_t counts[2] = {8, 8};
	sw_hull3 out[2], one;
	sw_error st[2];
	for (int k = 0; k < 8; k++) {
		p[k] = sw_v3(k & 1 ? 1.0f : -1.0f, k & 2 ? 1.0f : -1.0f, k & 4 ? 1.0f : -1.0f);
		p[8 + k] = p[k];
	}
	p[15].z += 1e-4f; /* bent +z face: merged with rel_eps 1e-4 */
	sw_hull_opts o = {1e-4f};
	cr_assert_eq(sw_hull3_build_many(p, counts, 2, &o, out, st), SW_OK);
	cr_assert_eq(st[1], SW_OK);
	cr_expect_eq(out[1].num_faces, 6);
	cr_assert_eq(sw_hull3_build(p + 8, 8, &o, &one), SW_OK);
	cr_expect_arr_eq(&out[1], &one, sizeof one);
}

Test(hull_build_many, call_errors_write_nothing)
{
	sw_vec3 p[8] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	uint32_t counts[2] = {4, 0};
	sw_hull3 out[2];
	sw_error st[2] = {(sw_error)99, (sw_error)99};
	cr_expect_eq(sw_hull3_build_many(p, counts, 0, NULL, NULL, NULL), SW_OK);
	cr_expect_eq(sw_hull3_build_many(p, NULL, 2, NULL, out, st), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_build_many(p, counts, 2, NULL, NULL, st), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_build_many(p, counts, 2, NULL, out, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_build_many(NULL, counts, 2, NULL, out, st), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_build_many(p, counts, SW_MAX_BATCH + 1, NULL, out, st), SW_ERR_SIZE);
	sw_hull_opts bad = {0.5f};
	cr_expect_eq(sw_hull3_build_many(p, counts, 2, &bad, out, st), SW_ERR_ARG);
	cr_expect_eq(st[0], 99);
	/* NULL points are fine when no cloud has a point */
	uint32_t none[2] = {0, 0};
	cr_expect_eq(sw_hull3_build_many(NULL, none, 2, NULL, out, st), SW_OK);
	cr_expect_eq(st[0], SW_ERR_EMPTY);
	/* out of memory: nothing written */
	st[0] = st[1] = (sw_error)99;
	hook();
	fail_after = 0;
	cr_expect_eq(sw_hull3_build_many(p, counts, 2, NULL, out, st), SW_ERR_NOMEM);
	cr_expect_eq(st[0], 99);
	sw_hull3 h;
	cr_expect_eq(sw_hull3_build(p, 4, NULL, &h), SW_ERR_NOMEM);
	cr_expect_eq(h.num_verts, 0);
	cr_expect_eq(live_blocks, 0);
	unhook();
}
