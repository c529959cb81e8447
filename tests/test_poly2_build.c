/* tests/test_poly2_build.c — the 2D convex polygon builder and the check of polygons given as
 * already convex. */
#include <criterion/criterion.h>
#include <math.h>

#include "scenes.h"

static void expect_poly(const sw_poly2 *p, uint32_t count)
{
	cr_expect_eq(p->count, count, "count %u, want %u", p->count, count);
	cr_expect_eq(sw_poly2_check(p), SW_OK, "check: %s", sw_error_name(sw_poly2_check(p)));
}

Test(poly2_build, square_with_duplicates_collinear_and_interior_points)
{
	const sw_vec2 pts[] = {{1, 1},  {-1, -1}, {1, -1}, {-1, 1},       {0, -1},  {1, 0},    {0, 1},
			       {-1, 0}, {0, 0},   {1, 1},  {0.5f, 0.25f}, {-1, -1}, {1, -0.5f}};
	sw_poly2 p;
	cr_assert_eq(sw_poly2_build(pts, sizeof pts / sizeof pts[0], &p), SW_OK);
	expect_poly(&p, 4);
	/* lowest then leftmost first, counter-clockwise */
	cr_expect(p.v[0].x == -1 && p.v[0].y == -1 && p.v[1].x == 1 && p.v[1].y == -1);
	cr_expect(p.v[2].x == 1 && p.v[2].y == 1 && p.v[3].x == -1 && p.v[3].y == 1);
}

Test(poly2_build, same_polygon_for_every_permutation)
{
	sc_rng r = sc_rng_seed(3);
	sw_vec2 pts[40], shuffled[40];
	for (int i = 0; i < 40; i++)
		pts[i] = sw_v2(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1));
	sw_poly2 ref;
	sw_error st = sw_poly2_build(pts, 40, &ref);
	cr_assert(st == SW_OK || st == SW_ERR_TOO_MANY);
	for (int round = 0; round < 10; round++) {
		for (int i = 0; i < 40; i++)
			shuffled[i] = pts[i];
		for (int i = 39; i > 0; i--) {
			uint32_t j = sc_below(&r, (uint32_t)i + 1);
			sw_vec2 t = shuffled[i];
			shuffled[i] = shuffled[j], shuffled[j] = t;
		}
		sw_poly2 p;
		cr_assert_eq(sw_poly2_build(shuffled, 40, &p), st);
		cr_expect_arr_eq(&p, &ref, sizeof p);
	}
}

Test(poly2_build, every_input_point_inside_or_on)
{
	sc_rng r = sc_rng_seed(4);
	for (int round = 0; round < 200; round++) {
		sw_vec2 pts[12];
		int n = 3 + (int)sc_below(&r, 10);
		for (int i = 0; i < n; i++)
			pts[i] = sw_v2(sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2));
		sw_poly2 p;
		if (sw_poly2_build(pts, (size_t)n, &p) != SW_OK)
			continue;
		cr_assert_eq(sw_poly2_check(&p), SW_OK);
		for (int i = 0; i < n; i++)
			for (uint32_t k = 0; k < p.count; k++) {
				sw_vec2 a = p.v[k], b = p.v[(k + 1) % p.count];
				double side = ((double)b.x - a.x) * ((double)pts[i].y - a.y) -
					      ((double)b.y - a.y) * ((double)pts[i].x - a.x);
				cr_expect_geq(side, -1e-6 * 4 * 4, "round %d point %d outside edge %u", round, i, k);
			}
	}
}

Test(poly2_build, degenerate_inputs)
{
	sw_poly2 p;
	const sw_vec2 two[] = {{0, 0}, {1, 0}, {0, 0}};
	const sw_vec2 line[] = {{0, 0}, {1, 1}, {2, 2}, {-3, -3}, {0.5f, 0.5f}};
	const sw_vec2 nan[] = {{0, 0}, {1, 0}, {NAN, 1}};
	const sw_vec2 huge[] = {{0, 0}, {1, 0}, {0, 2e15f}};
	cr_expect_eq(sw_poly2_build(NULL, 3, &p), SW_ERR_EMPTY);
	cr_expect_eq(sw_poly2_build(two, 3, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_build(two, 0, &p), SW_ERR_EMPTY);
	cr_expect_eq(sw_poly2_build(two, 3, &p), SW_ERR_TOO_FEW);
	cr_expect_eq(p.count, 0);
	cr_expect_eq(sw_poly2_build(line, 5, &p), SW_ERR_COLLINEAR);
	cr_expect_eq(sw_poly2_build(nan, 3, &p), SW_ERR_INPUT);
	cr_expect_eq(sw_poly2_build(huge, 3, &p), SW_ERR_INPUT);
	/* a point 1e-9 off the line is collinear within 1e-6 × extent */
	const sw_vec2 almost[] = {{0, 0}, {1, 0}, {2, 1e-9f}};
	cr_expect_eq(sw_poly2_build(almost, 3, &p), SW_ERR_COLLINEAR);
	const sw_vec2 thin[] = {{0, 0}, {1, 0}, {2, 1e-3f}};
	cr_expect_eq(sw_poly2_build(thin, 3, &p), SW_OK);
}

Test(poly2_build, too_many_and_exactly_the_maximum)
{
	sw_vec2 ring[SW_POLY2_MAX_VERTS + 4];
	sw_poly2 p;
	for (int n = SW_POLY2_MAX_VERTS; n <= SW_POLY2_MAX_VERTS + 4; n += 4) {
		for (int i = 0; i < n; i++)
			ring[i] = sw_v2(cosf(6.2831853f * (float)i / (float)n), sinf(6.2831853f * (float)i / (float)n));
		sw_error st = sw_poly2_build(ring, (size_t)n, &p);
		if (n == SW_POLY2_MAX_VERTS) {
			cr_expect_eq(st, SW_OK);
			expect_poly(&p, SW_POLY2_MAX_VERTS);
		} else {
			cr_expect_eq(st, SW_ERR_TOO_MANY);
		}
	}
}

Test(poly2_build, far_from_origin_and_tiny)
{
	const sw_vec2 tri[] = {{0, 0}, {1, 0}, {0, 1}, {0.25f, 0.25f}};
	sw_vec2 far[4], tiny[4];
	for (int i = 0; i < 4; i++) {
		far[i] = sw_v2(tri[i].x + 1e4f, tri[i].y - 1e4f);
		tiny[i] = sw_v2(tri[i].x * 1e-3f, tri[i].y * 1e-3f);
	}
	sw_poly2 p;
	cr_expect_eq(sw_poly2_build(far, 4, &p), SW_OK);
	expect_poly(&p, 3);
	cr_expect_eq(sw_poly2_build(tiny, 4, &p), SW_OK);
	expect_poly(&p, 3);
}

Test(poly2_build, check_rejects_what_is_not_convex)
{
	sw_poly2 box = sw_poly2_box(1, 2);
	cr_expect_eq(sw_poly2_check(&box), SW_OK);
	sw_poly2 cw = box;
	for (int i = 0; i < 4; i++)
		cw.v[i] = box.v[3 - i];
	cr_expect_eq(sw_poly2_check(&cw), SW_ERR_CLOCKWISE);
	sw_poly2 dart = box;
	dart.v[2] = sw_v2(0, -0.5f); /* pushed inside: a reflex corner */
	cr_expect_eq(sw_poly2_check(&dart), SW_ERR_NOT_CONVEX);
	sw_poly2 dup = box;
	dup.count = 5;
	dup.v[4] = dup.v[3];
	cr_expect_eq(sw_poly2_check(&dup), SW_ERR_DUPLICATE);
	sw_poly2 mid = box;
	mid.count = 5;
	mid.v[4] = mid.v[3];
	mid.v[3] = sw_v2(0, 2); /* on the top edge: collinear */
	cr_expect_eq(sw_poly2_check(&mid), SW_ERR_NOT_CONVEX);
	/* a segment is always a valid shape (there is no polygons-only check any more); one point is not */
	sw_poly2 seg = sw_poly2_segment(sw_v2(0, 0), sw_v2(1, 0));
	cr_expect_eq(sw_poly2_check(&seg), SW_OK);
	seg.count = 1;
	cr_expect_eq(sw_poly2_check(&seg), SW_ERR_BAD_COUNT);
	seg = sw_poly2_segment(sw_v2(1, 0), sw_v2(1, 0));
	cr_expect_eq(sw_poly2_check(&seg), SW_ERR_DUPLICATE);
	box.count = SW_POLY2_MAX_VERTS + 1;
	cr_expect_eq(sw_poly2_check(&box), SW_ERR_BAD_COUNT);
	box = sw_poly2_box(1, 1);
	box.v[1].x = INFINITY;
	cr_expect_eq(sw_poly2_check(&box), SW_ERR_INPUT);
	cr_expect_eq(sw_poly2_check(NULL), SW_ERR_NULL);
}

/* every point of p inside or on the polygon, within 1e-6 × ext of each edge's line */
static void expect_containing(const sw_poly2 *poly, const sw_vec2 *p, size_t n, double ext)
{
	for (size_t i = 0; i < n; i++)
		for (uint32_t k = 0; k < poly->count; k++) {
			sw_vec2 a = poly->v[k], b = poly->v[(k + 1) % poly->count];
			double cr = ((double)b.x - a.x) * ((double)p[i].y - a.y) -
				    ((double)b.y - a.y) * ((double)p[i].x - a.x);
			double len = hypot((double)b.x - a.x, (double)b.y - a.y);
			cr_expect_geq(cr, -1e-6 * ext * len, "point %zu outside edge %u", i, k);
		}
}

/* points sharing x = 0 up to 1e11, the rightmost one 2^-126 off that line: the upper chain folds back
 * along x = 0, where the collinearity tolerance once cut off the topmost point (a fuzzed input); the
 * polygon must keep it and contain every point */
Test(poly2_build, a_folded_chain_keeps_its_extreme_point)
{
	const sw_vec2 p[] = {{0, 0},
			     {0x1p-146f, 0},
			     {0, -0x1.9b9b9ap+28f},
			     {-0x1.9b9b9ap+28f, -0x1.9b9b9ap+28f},
			     {0x1.9b9b9ap-126f, 0},
			     {0, 0x1p-119f},
			     {0, 0x1.718ap+36f},
			     {0, 0x1.7f718ap+36f}};
	const size_t n = sizeof p / sizeof p[0];
	sw_poly2 poly;
	cr_assert_eq(sw_poly2_build(p, n, &poly), SW_OK);
	cr_assert_eq(sw_poly2_check(&poly), SW_OK);
	int top = 0;
	for (uint32_t k = 0; k < poly.count; k++)
		top |= poly.v[k].x == 0 && poly.v[k].y == 0x1.7f718ap+36f;
	cr_expect(top, "the topmost point is not a vertex (%u vertices)", poly.count);
	expect_containing(&poly, p, n, 0x1.7f718ap+36);
}

/* all within the builder's tolerance of a triangle, but kept by the chains as a loop that turns right
 * by a hair in floats: a cluster at 1e-21 beside points at 6e3, and a cloud between 1e-44 and 1e-21
 * (fuzzed inputs). The polygon passes the check and contains every point */
static void expect_built_and_containing(const sw_vec2 *p, size_t n, double ext)
{
	sw_poly2 poly;
	cr_assert_eq(sw_poly2_build(p, n, &poly), SW_OK);
	cr_assert_eq(sw_poly2_check(&poly), SW_OK);
	expect_containing(&poly, p, n, ext);
}

Test(poly2_build, a_loop_turning_right_by_a_hair_is_made_convex)
{
	const sw_vec2 far[] = {{0x1.38defap-71f, 0x1.403838p-70f},   {-0x1.383838p+11f, -0x1.8b8b8ap+12f},
			       {-0x1.8b8b8ap+12f, -0x1.8b8b8ap+12f}, {0x1.383838p-71f, 0x1.391c38p-71f},
			       {0x1.383838p-71f, 0x1.383838p-71f},   {0x1.383838p-71f, 0x1.743838p-71f},
			       {0x1.383838p-71f, 0x1.7ac038p-57f}};
	expect_built_and_containing(far, sizeof far / sizeof far[0], 0x1.8b8b8ap+12);
	const sw_vec2 tiny[] = {{0x1p-147f, 0x1.2p-146f},
				{0x1.38p-71f, 0x1.383838p-71f},
				{0x1.383838p-71f, 0x1.383838p-71f},
				{0x1.c1c1cp-129f, 0x1.6p-128f},
				{0, 0x1.f8p-136f},
				{0x1.fcp-136f, -0x1.fcp-136f}};
	expect_built_and_containing(tiny, sizeof tiny / sizeof tiny[0], 0x1.383838p-71);
}

/* points within 3e-12 of the line x = 0, from y = −9.5e8 to 1 (a fuzzed input): once built as a thin
 * triangle that left out the point at −9.5e8; the cloud is a line within the tolerance */
Test(poly2_build, a_line_within_tolerance_is_refused_not_cut_short)
{
	const sw_vec2 p[] = {{0x1p-147f, 0},
			     {0x1.c1cp-137f, 0x1p-71f},
			     {0x1.cp-145f, 0x1.2cp-83f},
			     {0x1.917c2cp-64f, -0x1.c67e12p+29f},
			     {0x1.487f04p-62f, -0x1.687fdcp+2f},
			     {-0x1.407e84p-39f, -0x1.247f9p-72f},
			     {-0x1.7db476p-40f, -0x1.7ea2a4p+16f},
			     {0x1.7fd0cap-106f, 0x1.010a0ap+0f}};
	sw_poly2 poly;
	cr_expect_eq(sw_poly2_build(p, sizeof p / sizeof p[0], &poly), SW_ERR_COLLINEAR);
	cr_expect_eq(poly.count, 0u);
}
