/* tests/test_poly2_hand.c — the 2D polygon sweep and overlap against hand-derived answers. Expected
 * times come from the arithmetic in the comments, not from the code under test. */
#include <criterion/criterion.h>
#include <math.h>

#include "scenes.h"

#define T_TOL 1e-5
#define R2 0.70710678f

static sw_pose2 at(float x, float y, float angle) { return sw_pose2_make(sw_v2(x, y), angle); }

static sw_sweep_result sweep(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb, sw_vec2 db)
{
	sw_sweep_result o;
	cr_assert_eq(sw_poly2_sweep(a, xa, da, b, xb, db, &o), SW_OK);
	sw_status s = o.status;
	/* 2D answers have z = 0 in every status but INVALID */
	if (s != SW_PAIR_INVALID)
		cr_assert_eq(o.normal.z, 0.0f, "2D normal with z = %g", o.normal.z);
	if (s == SW_HIT || s == SW_STARTS_OVERLAPPED)
		cr_assert(fabsf(sw_v3_len(o.normal) - 1.0f) < 1e-5f, "normal not unit");
	if (s == SW_MISS)
		cr_assert(o.t_first == 1 && o.t_last == 1 && o.normal.x == 0 && o.normal.y == 0 &&
			  o.feature == SW_FEATURE_NONE);
	return o;
}

static void expect(const sw_sweep_result *o, sw_status st, double t0, double t1, double tol)
{
	cr_assert_eq(o->status, st, "status %s, want %s", sw_status_name(o->status), sw_status_name(st));
	cr_expect(fabs(o->t_first - t0) <= tol, "t_first %.9g, want %.9g", o->t_first, t0);
	cr_expect(fabs(o->t_last - t1) <= tol, "t_last %.9g, want %.9g", o->t_last, t1);
}

static void expect_normal(const sw_sweep_result *o, float nx, float ny)
{
	cr_expect(fabsf(o->normal.x - nx) < 1e-5f && fabsf(o->normal.y - ny) < 1e-5f, "normal (%g, %g), want (%g, %g)",
		  o->normal.x, o->normal.y, nx, ny);
}

/* the static overlap, answering with the status; the normal's z is 0 */
static sw_status overlap(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, sw_overlap_result *o)
{
	cr_assert_eq(sw_poly2_overlap(a, xa, b, xb, o), SW_OK);
	if (o->status != SW_PAIR_INVALID)
		cr_assert_eq(o->normal.z, 0.0f);
	return o->status;
}

Test(poly2_hand, box_face_on_approach)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(5, 0, 0), sw_v2(-4, 0));
	/* gap 5 − 2 = 3 at closing speed 4 → t = 0.75; A's edge 1 (x = 1) comes before B's tied edge 3 */
	expect(&o, SW_HIT, 0.75, 1.0, T_TOL);
	expect_normal(&o, 1, 0);
	cr_expect_eq(o.feature, 1);
}

Test(poly2_hand, both_moving_pass_through)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(2, 0), &b, at(4, 0, 0), sw_v2(-6, 0));
	/* closing speed 8: touch when 4 − 8t = 2 → 0.25, leave when 4 − 8t = −2 → 0.75 */
	expect(&o, SW_HIT, 0.25, 0.75, T_TOL);
	expect_normal(&o, 1, 0);
}

Test(poly2_hand, diamond_corner_hits_face_of_a)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(5, 0, 0.78539816f), sw_v2(-4, 0));
	/* B's corner at 5 − √2 reaches x = 1 → t = (4 − √2)/4 */
	expect(&o, SW_HIT, (4 - sqrt(2.0)) / 4, 1.0, T_TOL);
	expect_normal(&o, 1, 0);
	cr_expect_eq(o.feature, 1);
}

Test(poly2_hand, corner_of_a_hits_face_of_b)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0.78539816f), sw_v2(0, 0), &b, at(5, 0, 0), sw_v2(-4, 0));
	/* A's corner at √2 meets B's face at 4 − 4t → t = (4 − √2)/4; the axis is B's edge 3 (normal −x) */
	expect(&o, SW_HIT, (4 - sqrt(2.0)) / 4, 1.0, T_TOL);
	expect_normal(&o, 1, 0);
	cr_expect_eq(o.feature, SW_POLY2_MAX_VERTS + 3);
}

Test(poly2_hand, touching_exactly_at_end_and_just_after)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(4, 0, 0), sw_v2(-2, 0));
	expect(&o, SW_HIT, 1.0, 1.0, 0); /* gap 2, speed 2: t = 1 exactly */
	o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(4.0001f, 0, 0), sw_v2(-2, 0));
	cr_expect_eq(o.status, SW_MISS);
}

Test(poly2_hand, overlapping_at_start_least_penetration)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(1.5f, 0.2f, 0), sw_v2(0, 0));
	/* depth 0.5 along x, 1.8 along y: the x axis, from A to B; no motion → they touch all step */
	expect(&o, SW_STARTS_OVERLAPPED, 0, 1, 0);
	expect_normal(&o, 1, 0);
	cr_expect_eq(o.feature, 1);
	/* moving apart at speed 4 along x: 1.5 + 4t = 2 → they part at t = 0.125 */
	o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(1.5f, 0.2f, 0), sw_v2(4, 0));
	expect(&o, SW_STARTS_OVERLAPPED, 0, 0.125, T_TOL);
	/* touching at t = 0 counts */
	o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(2, 0, 0), sw_v2(4, 0));
	expect(&o, SW_STARTS_OVERLAPPED, 0, 0, 0);
}

Test(poly2_hand, moving_apart_and_zero_motion_misses)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(3, 0, 0), sw_v2(4, 0));
	cr_expect_eq(o.status, SW_MISS);
	o = sweep(&a, at(0, 0, 0), sw_v2(1, 1), &b, at(3, 0, 0), sw_v2(1, 1));
	cr_expect_eq(o.status, SW_MISS);
	/* sliding past with a gap of 0.01 */
	o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(-5, 2.01f, 0), sw_v2(10, 0));
	cr_expect_eq(o.status, SW_MISS);
}

Test(poly2_hand, sliding_along_a_face)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(-5, 2, 0), sw_v2(10, 0));
	/* touching faces y = 1, overlap in x while |−5 + 10t| ≤ 2 → t ∈ [0.3, 0.7] */
	expect(&o, SW_HIT, 0.3, 0.7, T_TOL);
	/* the last gap to close is along −x (B comes from the left, A's edge 3); y touches throughout */
	expect_normal(&o, -1, 0);
	cr_expect_eq(o.feature, 3);
}

Test(poly2_hand, segment_lands_on_box)
{
	sw_poly2 a = sw_poly2_box(1, 1), s = sw_poly2_segment(sw_v2(-1, 3), sw_v2(1, 3));
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &s, at(0, 0, 0), sw_v2(0, -4));
	/* y = 3 − 4t reaches 1 at t = 0.5 and leaves y = −1 at t = 1 */
	expect(&o, SW_HIT, 0.5, 1.0, T_TOL);
	expect_normal(&o, 0, 1);
	cr_expect_eq(o.feature, 2);
}

Test(poly2_hand, tunnelling_fast_motion)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(100, 0, 0), sw_v2(-200, 0));
	/* 100 − 200t = 2 → 0.49; = −2 → 0.51 */
	expect(&o, SW_HIT, 0.49, 0.51, T_TOL);
}

Test(poly2_hand, rotated_frame_of_a)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	float th = 0.5235988f; /* 30° */
	sw_vec2 ax = sw_v2(cosf(th), sinf(th));
	/* B placed 5 along A's local x, turned with A, approaching along that axis: as face-on */
	sw_sweep_result o =
		sweep(&a, at(0, 0, th), sw_v2(0, 0), &b, at(5 * ax.x, 5 * ax.y, th), sw_v2(-4 * ax.x, -4 * ax.y));
	expect(&o, SW_HIT, 0.75, 1.0, T_TOL);
	expect_normal(&o, ax.x, ax.y);
}

Test(poly2_hand, far_offset_and_tiny)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_sweep_result o = sweep(&a, at(1e4f, -1e4f, 0), sw_v2(0, 0), &b, at(1e4f + 5, -1e4f, 0), sw_v2(-4, 0));
	/* ulp(1e4) = 2⁻¹⁰: a few of them over the closing speed 4 */
	expect(&o, SW_HIT, 0.75, 1.0, 4 * 0x1p-10 / 4);
	sw_poly2 ta = sw_poly2_box(1e-3f, 1e-3f), tb = sw_poly2_box(1e-3f, 1e-3f);
	o = sweep(&ta, at(0, 0, 0), sw_v2(0, 0), &tb, at(5e-3f, 0, 0), sw_v2(-4e-3f, 0));
	expect(&o, SW_HIT, 0.75, 1.0, T_TOL);
}

Test(poly2_hand, static_overlap_depth_and_gap)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1);
	sw_overlap_result o;
	cr_assert_eq(overlap(&a, at(0, 0, 0), &b, at(1.5f, -0.2f, 0), &o), SW_HIT);
	cr_expect(fabsf(o.depth - 0.5f) < 1e-6f && fabsf(o.normal.x - 1) < 1e-6f && o.feature == 1);
	cr_assert_eq(overlap(&a, at(0, 0, 0), &b, at(0.2f, -1.7f, 0), &o), SW_HIT);
	cr_expect(fabsf(o.depth - 0.3f) < 1e-6f && fabsf(o.normal.y + 1) < 1e-6f && o.feature == 0,
		  "depth %g n (%g %g)", o.depth, o.normal.x, o.normal.y);
	cr_assert_eq(overlap(&a, at(0, 0, 0), &b, at(0, 3.5f, 0), &o), SW_MISS);
	/* A's edges first: edge 2 (normal +y) separates by 1.5 */
	cr_expect(fabsf(o.depth - 1.5f) < 1e-6f && fabsf(o.normal.y - 1) < 1e-6f && o.feature == 2);
	cr_assert_eq(overlap(&a, at(0, 0, 0), &b, at(2, 0, 0), &o), SW_HIT); /* touching */
	cr_expect_eq(o.depth, 0.0f);
}

Test(poly2_hand, invalid_pairs)
{
	sw_poly2 a = sw_poly2_box(1, 1), b = sw_poly2_box(1, 1), cw = a;
	for (int i = 0; i < 4; i++)
		cw.v[i] = a.v[3 - i];
	sw_sweep_result o = sweep(&cw, at(0, 0, 0), sw_v2(0, 0), &b, at(5, 0, 0), sw_v2(-4, 0));
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	cr_expect(isnan(o.t_first) && o.feature == SW_FEATURE_NONE);
	sw_pose2 bad = at(0, 0, 0);
	bad.q.c = 1.1f;
	cr_expect_eq(sweep(&a, bad, sw_v2(0, 0), &b, at(5, 0, 0), sw_v2(-4, 0)).status, SW_PAIR_INVALID);
	cr_expect_eq(sweep(&a, at(0, 0, 0), sw_v2(NAN, 0), &b, at(5, 0, 0), sw_v2(-4, 0)).status, SW_PAIR_INVALID);
	cr_expect_eq(sweep(&a, at(0, INFINITY, 0), sw_v2(0, 0), &b, at(5, 0, 0), sw_v2(-4, 0)).status, SW_PAIR_INVALID);
	b.count = 1;
	cr_expect_eq(sweep(&a, at(0, 0, 0), sw_v2(0, 0), &b, at(5, 0, 0), sw_v2(-4, 0)).status, SW_PAIR_INVALID);
	sw_overlap_result ov;
	cr_expect_eq(overlap(&a, at(0, 0, 0), &b, at(5, 0, 0), &ov), SW_PAIR_INVALID);
	cr_expect(isnan(ov.depth));
	/* a NULL pointer is a call error (it was a SW_PAIR_INVALID answer before the API took sw_error) */
	cr_expect_eq(sw_poly2_sweep(NULL, at(0, 0, 0), sw_v2(0, 0), &a, at(5, 0, 0), sw_v2(-4, 0), &o), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_sweep(&a, at(0, 0, 0), sw_v2(0, 0), &a, at(5, 0, 0), sw_v2(-4, 0), NULL), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_overlap(&a, at(0, 0, 0), NULL, at(5, 0, 0), &ov), SW_ERR_NULL);
}
