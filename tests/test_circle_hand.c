/* tests/test_circle_hand.c — the swept circle and sphere references against answers derived by hand.
 * Every expected time, point and normal comes from the geometry in the comment next to it, never
 * from the code under test. T_TOL = 1e-5 in t for problems of size ~10 (a few float roundings per
 * time; a wrong feature or formula moves t by 1e-3 or more in every case here); far from the
 * origin and at huge speeds the tolerance is a few ulps of the coordinates over the speed. */
#include <criterion/criterion.h>
#include <math.h>
#include <swept/swept.h>

#define T_TOL 1e-5
#define N_TOL 1e-5f

static const sw_circle_opts two_sided = {0, 0, 4}, one_sided = {1, 0, 4};

/* the segment y = 0 from x = 1 to x = −1: its front (right of p→q) is +y */
static const sw_seg2 floor_seg = {{1, 0}, {-1, 0}};

/* runs the sweep and checks what holds for every answer */
static sw_cast_result sweep2(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, const sw_circle_opts *o)
{
	sw_cast_result out;
	cr_assert_eq(sw_circle2_seg2_sweep(c, r, v, s, o, &out), SW_OK);
	sw_status st = out.status;
	if (st != SW_PAIR_INVALID)
		cr_assert(out.point.z == 0 && out.normal.z == 0 && out.slide.z == 0, "2D answer with z != 0");
	if (st == SW_MISS) {
		cr_assert(out.t == 1 && out.depth == 0 && out.normal.x == 0 && out.normal.y == 0 && out.slide.x == 0 &&
				  out.slide.y == 0 && out.feature == SW_FEATURE_NONE,
			  "miss fields");
		return out;
	}
	if (st == SW_HIT || st == SW_STARTS_OVERLAPPED) {
		cr_assert(fabsf(sw_v3_len(out.normal) - 1) <= N_TOL, "normal not unit: %g", sw_v3_len(out.normal));
		cr_assert(sw_v3_dot(out.slide, out.normal) >= -1e-5f * (sw_v2_len(v) + 1),
			  "slide goes into the normal");
		cr_assert(out.feature <= SW_SEG2_END1, "feature %u", out.feature);
	}
	return out;
}

static sw_cast_result sweep3(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, const sw_circle_opts *o)
{
	sw_cast_result out;
	cr_assert_eq(sw_circle3_tri3_sweep(c, r, v, t, o, &out), SW_OK);
	sw_status st = out.status;
	if (st == SW_MISS)
		cr_assert(out.t == 1 && out.normal.x == 0 && out.feature == SW_FEATURE_NONE, "miss fields");
	if (st == SW_HIT || st == SW_STARTS_OVERLAPPED) {
		cr_assert(fabsf(sw_v3_len(out.normal) - 1) <= N_TOL, "normal not unit: %g", sw_v3_len(out.normal));
		cr_assert(sw_v3_dot(out.slide, out.normal) >= -1e-5f * (sw_v3_len(v) + 1),
			  "slide goes into the normal");
		cr_assert(out.feature <= SW_TRI3_VERTEX0 + 2, "feature %u", out.feature);
	}
	return out;
}

static void expect2(const sw_cast_result *o, sw_status st, double t, uint32_t feat, double tol)
{
	cr_assert_eq(o->status, st, "status %s, want %s", sw_status_name(o->status), sw_status_name(st));
	cr_expect(fabs(o->t - t) <= tol, "t %.9g, want %.9g", o->t, t);
	cr_expect_eq(o->feature, feat, "feature %u, want %u", o->feature, feat);
}

static void expect_vec2(const char *what, sw_vec3 got, double x, double y, double tol)
{
	cr_expect(fabs(got.x - x) <= tol && fabs(got.y - y) <= tol, "%s (%.9g, %.9g), want (%.9g, %.9g)", what, got.x,
		  got.y, x, y);
}

static void expect_vec3(const char *what, sw_vec3 got, double x, double y, double z, double tol)
{
	cr_expect(fabs(got.x - x) <= tol && fabs(got.y - y) <= tol && fabs(got.z - z) <= tol,
		  "%s (%.9g, %.9g, %.9g), want (%.9g, %.9g, %.9g)", what, got.x, got.y, got.z, x, y, z);
}

/* ---- circle vs segment ---- */

Test(circle_hand, head_on_interior)
{
	/* centre (0, 3), r 1, down by 4: the offset line y = 1 at t = 2/4 */
	sw_cast_result o = sweep2(sw_v2(0, 3), 1, sw_v2(0, -4), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_INTERIOR, T_TOL);
	expect_vec2("point", o.point, 0, 0, 1e-6);
	expect_vec2("normal", o.normal, 0, 1, 1e-6);
	expect_vec2("slide", o.slide, 0, 0, 1e-6);
	/* oblique: (1, −4) reaches y = 1 at t = 0.5 with the centre at x = 0.5; the rest (0.5, −2) slides
	 * to (0.5, 0) */
	o = sweep2(sw_v2(0, 3), 1, sw_v2(1, -4), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_INTERIOR, T_TOL);
	expect_vec2("point", o.point, 0.5, 0, 1e-6);
	expect_vec2("slide", o.slide, 0.5, 0, 1e-6);
}

Test(circle_hand, endpoint_at_high_speed)
{
	/* the centre runs down x = 1.8 at speed 2000: it crosses the offset line y = 1 beyond the
	 * endpoint (1, 0) (a plane-first test misses there) but passes 0.8 < r from it: the disc is
	 * reached when 0.8² + y² = 1, y = 0.6, t = (1000 − 0.6)/2000; normal (0.8, 0.6) */
	sw_cast_result o = sweep2(sw_v2(1.8f, 1000), 1, sw_v2(0, -2000), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, (1000 - 0.6) / 2000, SW_SEG2_END0, 1e-7);
	expect_vec2("point", o.point, 1, 0, 0);
	expect_vec2("normal", o.normal, 0.8, 0.6, 1e-4);
	/* the remaining motion m = (0, −rem) loses m·n = −0.6·rem along n: (0.48, −0.64)·rem (to the
	 * normal's accuracy, ~1e-4 here, times rem ≈ 1000) */
	double rem = 2000 * (1 - (1000 - 0.6) / 2000);
	expect_vec2("slide", o.slide, 0.48 * rem, -0.64 * rem, 0.2);
}

Test(circle_hand, grazing_an_endpoint)
{
	/* x = 2 passes exactly r = 1 from (1, 0): touching counts, at y = 0, t = 0.5, normal (1, 0) */
	sw_cast_result o = sweep2(sw_v2(2, 5), 1, sw_v2(0, -10), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_END0, T_TOL);
	expect_vec2("normal", o.normal, 1, 0, 1e-3);
	/* 1e-4 farther: a miss; 1e-4 nearer: a hit at y = √(1 − 0.9999²) */
	o = sweep2(sw_v2(2.0001f, 5), 1, sw_v2(0, -10), &floor_seg, &two_sided);
	cr_expect_eq(o.status, SW_MISS);
	o = sweep2(sw_v2(1.9999f, 5), 1, sw_v2(0, -10), &floor_seg, &two_sided);
	double y = sqrt(1 - 0.9999 * 0.9999);
	expect2(&o, SW_HIT, (5 - y) / 10, SW_SEG2_END0, 1e-5);
}

Test(circle_hand, moving_parallel)
{
	/* along y = 0.5 (inside the slab, r = 1) from x = −5: the disc of q = (−1, 0) is reached when
	 * (x + 1)² = 0.75, x = −1 − √0.75, t = (4 − √0.75)/10 */
	sw_cast_result o = sweep2(sw_v2(-5, 0.5f), 1, sw_v2(10, 0), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, (4 - sqrt(0.75)) / 10, SW_SEG2_END1, T_TOL);
	expect_vec2("point", o.point, -1, 0, 0);
	/* along y = 2: never within 1 */
	o = sweep2(sw_v2(-5, 2), 1, sw_v2(10, 0), &floor_seg, &two_sided);
	cr_expect_eq(o.status, SW_MISS);
	/* along y = 1 exactly: touching the interior all the way, first at t = 0.4 with the centre right
	 * above q, on the seam of q's region and the interior's (either, by the last bit of t); the
	 * normal is +y for both */
	o = sweep2(sw_v2(-5, 1), 1, sw_v2(10, 0), &floor_seg, &two_sided);
	cr_expect_eq(o.status, SW_HIT);
	cr_expect(fabs(o.t - 0.4) <= T_TOL, "t %.9g", o.t);
	cr_expect(o.feature == SW_SEG2_END1 || o.feature == SW_SEG2_INTERIOR, "feature %u", o.feature);
	expect_vec2("normal", o.normal, 0, 1, 1e-6);
}

Test(circle_hand, starting_touching_and_overlapping)
{
	/* touching the interior: depth 0, normal +y, point below the centre */
	sw_cast_result o = sweep2(sw_v2(0.25f, 1), 1, sw_v2(3, -1), &floor_seg, &two_sided);
	expect2(&o, SW_STARTS_OVERLAPPED, 0, SW_SEG2_INTERIOR, 0);
	cr_expect(o.depth == 0, "depth %g", o.depth);
	expect_vec2("point", o.point, 0.25, 0, 1e-6);
	expect_vec2("slide", o.slide, 3, 0, 1e-6);
	/* overlapping the interior by 0.75 */
	o = sweep2(sw_v2(0, 0.25f), 1, sw_v2(0, 0), &floor_seg, &two_sided);
	expect2(&o, SW_STARTS_OVERLAPPED, 0, SW_SEG2_INTERIOR, 0);
	cr_expect(fabsf(o.depth - 0.75f) < 1e-6f);
	expect_vec2("normal", o.normal, 0, 1, 1e-6);
	/* from behind: the normal points down */
	o = sweep2(sw_v2(0, -0.25f), 1, sw_v2(0, 0), &floor_seg, &two_sided);
	expect_vec2("normal", o.normal, 0, -1, 1e-6);
	/* overlapping the endpoint (1, 0) from (1.5, 0.5): distance √0.5 */
	o = sweep2(sw_v2(1.5f, 0.5f), 1, sw_v2(1, 0), &floor_seg, &two_sided);
	expect2(&o, SW_STARTS_OVERLAPPED, 0, SW_SEG2_END0, 0);
	cr_expect(fabs(o.depth - (1 - sqrt(0.5))) < 1e-6);
	expect_vec2("normal", o.normal, sqrt(0.5), sqrt(0.5), 1e-6);
	/* the motion (1, 0) moves away from the endpoint: it is kept as is */
	expect_vec2("slide", o.slide, 1, 0, 1e-6);
	/* the centre on the segment: the front normal, depth r */
	o = sweep2(sw_v2(0.5f, 0), 1, sw_v2(0, 0), &floor_seg, &two_sided);
	expect_vec2("normal", o.normal, 0, 1, 0);
	cr_expect(o.depth == 1);
}

Test(circle_hand, one_sided)
{
	/* from behind: two-sided hits the back at t = 0.5 with normal −y, one-sided misses */
	sw_cast_result o = sweep2(sw_v2(0, -3), 1, sw_v2(0, 4), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_INTERIOR, T_TOL);
	expect_vec2("normal", o.normal, 0, -1, 1e-6);
	o = sweep2(sw_v2(0, -3), 1, sw_v2(0, 4), &floor_seg, &one_sided);
	cr_expect_eq(o.status, SW_MISS);
	/* overlapping from behind: still a miss (one-way platform) */
	o = sweep2(sw_v2(0, -0.5f), 1, sw_v2(0, 4), &floor_seg, &one_sided);
	cr_expect_eq(o.status, SW_MISS);
	/* from the front: as two-sided */
	o = sweep2(sw_v2(0, 3), 1, sw_v2(0, -4), &floor_seg, &one_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_INTERIOR, T_TOL);
	/* the centre on the line beyond the endpoint counts as the front: hits the disc of (1, 0) */
	o = sweep2(sw_v2(3, 0), 1, sw_v2(-4, 0), &floor_seg, &one_sided);
	expect2(&o, SW_HIT, 0.25, SW_SEG2_END0, T_TOL);
	/* starting in front, crossing the line 2 beyond the endpoint (1, 0) with r = 1.5, then reaching
	 * its disc from behind: (3 − s)² + (1 − s)² = 2.25 along (4 − s, 1 − s), s = (8 − √2)/4; a hit
	 * for one-sided too (only the start side counts), normal towards the centre, below the line */
	double sh = (8 - sqrt(2.0)) / 4;
	o = sweep2(sw_v2(4, 1), 1.5f, sw_v2(-4, -4), &floor_seg, &one_sided);
	expect2(&o, SW_HIT, sh / 4, SW_SEG2_END0, T_TOL);
	expect_vec2("normal", o.normal, (3 - sh) / 1.5, (1 - sh) / 1.5, 1e-5);
	/* reversing the segment swaps its front */
	sw_seg2 rev = {floor_seg.q, floor_seg.p};
	o = sweep2(sw_v2(0, -3), 1, sw_v2(0, 4), &rev, &one_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_INTERIOR, T_TOL);
}

Test(circle_hand, zero_motion)
{
	sw_cast_result o = sweep2(sw_v2(0, 3), 1, sw_v2(0, 0), &floor_seg, &two_sided);
	cr_expect_eq(o.status, SW_MISS);
	o = sweep2(sw_v2(0, 0.5f), 1, sw_v2(0, 0), &floor_seg, &two_sided);
	cr_expect_eq(o.status, SW_STARTS_OVERLAPPED);
}

Test(circle_hand, zero_length_segment)
{
	/* a point at the origin: from (3, 0) by (−4, 0) the disc is reached at x = 1, t = 0.5 */
	sw_seg2 pt = {{0, 0}, {0, 0}};
	sw_cast_result o = sweep2(sw_v2(3, 0), 1, sw_v2(-4, 0), &pt, &two_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_END0, T_TOL);
	expect_vec2("normal", o.normal, 1, 0, 1e-6);
	/* a point has no front: one-sided changes nothing, from any side */
	o = sweep2(sw_v2(0, -3), 1, sw_v2(0, 4), &pt, &one_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_END0, T_TOL);
	/* centred on the point: +y */
	o = sweep2(sw_v2(0, 0), 1, sw_v2(0, 0), &pt, &two_sided);
	expect2(&o, SW_STARTS_OVERLAPPED, 0, SW_SEG2_END0, 0);
	expect_vec2("normal", o.normal, 0, 1, 0);
	/* a segment of 1e-30: still a point that is hit */
	sw_seg2 tiny = {{0, 0}, {1e-30f, 0}};
	o = sweep2(sw_v2(3, 0), 1, sw_v2(-4, 0), &tiny, &two_sided);
	cr_expect_eq(o.status, SW_HIT);
	cr_expect(fabs(o.t - 0.5) < T_TOL);
}

Test(circle_hand, huge_speed)
{
	/* from y = 1e6 at speed 2e6: t = (1e6 − 1)/2e6; ulp(1e6) = 1/16, so t to ~1e-7 */
	sw_cast_result o = sweep2(sw_v2(0, 1e6f), 1, sw_v2(0, -2e6f), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, (1e6 - 1) / 2e6, SW_SEG2_INTERIOR, 1e-7);
	/* past the endpoint at x = 1.9 (0.9 from it): the disc, y = √(1 − 0.81) */
	o = sweep2(sw_v2(1.9f, 1e6f), 1, sw_v2(0, -2e6f), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, (1e6 - sqrt(0.19)) / 2e6, SW_SEG2_END0, 1e-7);
	/* x = 2.1: misses */
	o = sweep2(sw_v2(2.1f, 1e6f), 1, sw_v2(0, -2e6f), &floor_seg, &two_sided);
	cr_expect_eq(o.status, SW_MISS);
	/* a motion of 1e15 still lands the right time: (1e14 − 1)/1e15 */
	o = sweep2(sw_v2(0, 1e14f), 1, sw_v2(0, -1e15f), &floor_seg, &two_sided);
	cr_expect_eq(o.status, SW_HIT);
	cr_expect(fabs(o.t - 0.1) < 1e-7, "t %.9g", o.t);
}

Test(circle_hand, offsets_1e4)
{
	/* the head-on and endpoint cases moved to (1e4, −1e4): ulp(1e4) = 2^-10 */
	const float X = 1e4f, Y = -1e4f;
	sw_seg2 s = {{X + 1, Y}, {X - 1, Y}};
	double tol = 4 * 0x1p-10 / 4;
	sw_cast_result o = sweep2(sw_v2(X, Y + 3), 1, sw_v2(0, -4), &s, &two_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_INTERIOR, tol);
	expect_vec2("normal", o.normal, 0, 1, 1e-6);
	o = sweep2(sw_v2(X + 1.8f, Y + 3), 1, sw_v2(0, -4), &s, &two_sided);
	expect2(&o, SW_HIT, (3 - 0.6) / 4, SW_SEG2_END0, tol);
	expect_vec2("normal", o.normal, 0.8, 0.6, 1e-3);
	expect_vec2("point", o.point, X + 1, Y, 0);
}

Test(circle_hand, tiny_radius)
{
	/* r = 1e-6 from y = 1 down by 2: t = (1 − 1e-6)/2 */
	sw_cast_result o = sweep2(sw_v2(0.3f, 1), 1e-6f, sw_v2(0, -2), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, (1 - 1e-6) / 2, SW_SEG2_INTERIOR, 1e-7);
	/* passing 5e-7 beyond the endpoint (1, 0): its disc is reached at y = √(r² − dx²) */
	float x = 1.0f + 5e-7f;
	double dx = (double)x - 1;
	o = sweep2(sw_v2(x, 1), 1e-6f, sw_v2(0, -2), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, (1 - sqrt(1e-12 - dx * dx)) / 2, SW_SEG2_END0, 1e-7);
	/* a point mover (r = 0) through the interior */
	o = sweep2(sw_v2(0.5f, 1), 0, sw_v2(0, -2), &floor_seg, &two_sided);
	expect2(&o, SW_HIT, 0.5, SW_SEG2_INTERIOR, 1e-7);
}

Test(circle_hand, bad_input)
{
	const float nan = NAN, inf = INFINITY;
	sw_cast_result o;
	cr_expect(sw_circle2_seg2_sweep(sw_v2(0, 3), -1, sw_v2(0, -4), &floor_seg, NULL, &o) == SW_OK &&
		  o.status == SW_PAIR_INVALID);
	cr_expect(isnan(o.t) && isnan(o.normal.x) && o.feature == SW_FEATURE_NONE);
	cr_expect(sw_circle2_seg2_sweep(sw_v2(0, 3), nan, sw_v2(0, -4), &floor_seg, NULL, &o) == SW_OK &&
		  o.status == SW_PAIR_INVALID);
	cr_expect(sw_circle2_seg2_sweep(sw_v2(nan, 3), 1, sw_v2(0, -4), &floor_seg, NULL, &o) == SW_OK &&
		  o.status == SW_PAIR_INVALID);
	cr_expect(sw_circle2_seg2_sweep(sw_v2(0, 3), 1, sw_v2(inf, -4), &floor_seg, NULL, &o) == SW_OK &&
		  o.status == SW_PAIR_INVALID);
	sw_seg2 far = {{2e15f, 0}, {0, 0}};
	cr_expect(sw_circle2_seg2_sweep(sw_v2(0, 3), 1, sw_v2(0, -4), &far, NULL, &o) == SW_OK &&
		  o.status == SW_PAIR_INVALID);
	cr_expect_eq(sw_circle2_seg2_sweep(sw_v2(0, 3), 1, sw_v2(0, -4), NULL, NULL, &o), SW_ERR_NULL);
	cr_expect_eq(sw_circle2_seg2_sweep(sw_v2(0, 3), 1, sw_v2(0, -4), &floor_seg, NULL, NULL), SW_ERR_NULL);
	sw_cast_result o3;
	sw_tri3 flat = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
	cr_expect(sw_circle3_tri3_sweep(sw_v3(0, 0, 3), 1, sw_v3(0, 0, -4), &flat, NULL, &o3) == SW_OK &&
		  o3.status == SW_PAIR_INVALID);
	cr_expect(isnan(o3.t) && isnan(o3.point.z));
}

/* ---- sphere vs triangle ---- */

/* in the plane z = 0, front +z: (b − a) × (c − a) = (2, 0, 0) × (1, 2, 0) = (0, 0, 4) */
static const sw_tri3 ground = {{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}};

static void expect3(const sw_cast_result *o, sw_status st, double t, uint32_t feat, double tol)
{
	cr_assert_eq(o->status, st, "status %s, want %s", sw_status_name(o->status), sw_status_name(st));
	cr_expect(fabs(o->t - t) <= tol, "t %.9g, want %.9g", o->t, t);
	cr_expect_eq(o->feature, feat, "feature %u, want %u", o->feature, feat);
}

Test(circle_hand, sphere_face)
{
	sw_cast_result o = sweep3(sw_v3(0, 0, 3), 1, sw_v3(0, 0, -4), &ground, &two_sided);
	expect3(&o, SW_HIT, 0.5, SW_TRI3_FACE, T_TOL);
	expect_vec3("point", o.point, 0, 0, 0, 1e-6);
	expect_vec3("normal", o.normal, 0, 0, 1, 1e-6);
	/* oblique, sliding: (0.4, 0.2, −4) reaches z = 1 at t = 0.5; the rest (0.2, 0.1, −2) slides */
	o = sweep3(sw_v3(0, 0, 3), 1, sw_v3(0.4f, 0.2f, -4), &ground, &two_sided);
	expect3(&o, SW_HIT, 0.5, SW_TRI3_FACE, T_TOL);
	expect_vec3("point", o.point, 0.2, 0.1, 0, 1e-6);
	expect_vec3("slide", o.slide, 0.2, 0.1, 0, 1e-6);
	/* from below: the back, normal −z; one-sided misses */
	o = sweep3(sw_v3(0, 0, -3), 1, sw_v3(0, 0, 4), &ground, &two_sided);
	expect_vec3("normal", o.normal, 0, 0, -1, 1e-6);
	o = sweep3(sw_v3(0, 0, -3), 1, sw_v3(0, 0, 4), &ground, &one_sided);
	cr_expect_eq(o.status, SW_MISS);
}

Test(circle_hand, sphere_edge)
{
	/* in the plane, towards edge 0 (y = −1): contact at y = −2, t = 0.25 */
	sw_cast_result o = sweep3(sw_v3(0, -3, 0), 1, sw_v3(0, 4, 0), &ground, &two_sided);
	expect3(&o, SW_HIT, 0.25, SW_TRI3_EDGE0, T_TOL);
	expect_vec3("point", o.point, 0, -1, 0, 1e-6);
	expect_vec3("normal", o.normal, 0, -1, 0, 1e-6);
	/* down onto the region 0.6 outside edge 0: the cylinder at height √(1 − 0.36) = 0.8,
	 * t = (3 − 0.8)/4, normal (0, −0.6, 0.8) */
	o = sweep3(sw_v3(0, -1.6f, 3), 1, sw_v3(0, 0, -4), &ground, &two_sided);
	expect3(&o, SW_HIT, 0.55, SW_TRI3_EDGE0, T_TOL);
	expect_vec3("point", o.point, 0, -1, 0, 1e-6);
	expect_vec3("normal", o.normal, 0, -0.6, 0.8, 1e-5);
	/* fast along the edge's direction, 0.5 beside its line: the cylinder is entered through its end,
	 * the ball of a = (−1, −1, 0), at x = −1 − √0.75 */
	o = sweep3(sw_v3(-500, -1.5f, 0), 1, sw_v3(1000, 0, 0), &ground, &two_sided);
	expect3(&o, SW_HIT, (499 - sqrt(0.75)) / 1000, SW_TRI3_VERTEX0, 1e-6);
}

Test(circle_hand, sphere_vertex)
{
	/* towards c = (0, 1, 0) from +y: contact at y = 2, t = 0.5 */
	sw_cast_result o = sweep3(sw_v3(0, 4, 0), 1, sw_v3(0, -4, 0), &ground, &two_sided);
	expect3(&o, SW_HIT, 0.5, SW_TRI3_VERTEX0 + 2, T_TOL);
	expect_vec3("point", o.point, 0, 1, 0, 0);
	expect_vec3("normal", o.normal, 0, 1, 0, 1e-6);
	/* at high speed down the line x = 0, y = 1.6, passing 0.6 beyond c: the ball at z = 0.8 */
	o = sweep3(sw_v3(0, 1.6f, 1000), 1, sw_v3(0, 0, -2000), &ground, &two_sided);
	expect3(&o, SW_HIT, (1000 - 0.8) / 2000, SW_TRI3_VERTEX0 + 2, 1e-7);
	expect_vec3("normal", o.normal, 0, 0.6, 0.8, 1e-4);
	/* diagonal approach to a = (−1, −1, 0) along (1, 1, 0)/√2 from 5 away */
	float d = 5.0f / sqrtf(2.0f);
	o = sweep3(sw_v3(-1 - d, -1 - d, 0), 1, sw_v3(2 * d, 2 * d, 0), &ground, &two_sided);
	expect3(&o, SW_HIT, 0.4, SW_TRI3_VERTEX0, T_TOL);
}

Test(circle_hand, sphere_starts_overlapped)
{
	sw_cast_result o = sweep3(sw_v3(0, 0, 0.5f), 1, sw_v3(1, 0, 0), &ground, &two_sided);
	expect3(&o, SW_STARTS_OVERLAPPED, 0, SW_TRI3_FACE, 0);
	cr_expect(fabsf(o.depth - 0.5f) < 1e-6f);
	expect_vec3("slide", o.slide, 1, 0, 0, 1e-6);
	o = sweep3(sw_v3(0, -1.5f, 0), 1, sw_v3(0, 0, 0), &ground, &two_sided);
	expect3(&o, SW_STARTS_OVERLAPPED, 0, SW_TRI3_EDGE0, 0);
	expect_vec3("normal", o.normal, 0, -1, 0, 1e-6);
	/* on the face: the front normal */
	o = sweep3(sw_v3(0, 0, 0), 1, sw_v3(0, 0, 0), &ground, &two_sided);
	expect_vec3("normal", o.normal, 0, 0, 1, 0);
	/* from behind, one-sided: a miss */
	o = sweep3(sw_v3(0, 0, -0.5f), 1, sw_v3(0, 0, 0), &ground, &one_sided);
	cr_expect_eq(o.status, SW_MISS);
}

Test(circle_hand, sphere_scales)
{
	/* the face case scaled by 1e-6 and by 1e6, and moved to 1e4 */
	for (int k = 0; k < 2; k++) {
		float s = k ? 1e6f : 1e-6f;
		sw_tri3 t = {sw_v3_scale(ground.a, s), sw_v3_scale(ground.b, s), sw_v3_scale(ground.c, s)};
		sw_cast_result o = sweep3(sw_v3(0, 0, 3 * s), s, sw_v3(0, 0, -4 * s), &t, &two_sided);
		expect3(&o, SW_HIT, 0.5, SW_TRI3_FACE, T_TOL);
		o = sweep3(sw_v3(0, 1.6f * s, 3 * s), s, sw_v3(0, 0, -4 * s), &t, &two_sided);
		expect3(&o, SW_HIT, (3 - 0.8) / 4, SW_TRI3_VERTEX0 + 2, T_TOL);
	}
	sw_vec3 off = sw_v3(1e4f, -1e4f, 1e4f);
	sw_tri3 t = {sw_v3_add(ground.a, off), sw_v3_add(ground.b, off), sw_v3_add(ground.c, off)};
	sw_cast_result o = sweep3(sw_v3_add(sw_v3(0, -1.6f, 3), off), 1, sw_v3(0, 0, -4), &t, &two_sided);
	expect3(&o, SW_HIT, 0.55, SW_TRI3_EDGE0, 4 * 0x1p-10 / 4);
}
