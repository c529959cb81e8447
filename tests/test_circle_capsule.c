/* tests/test_circle_capsule.c — the capsule movers against hand-derived answers, and the least
 * translation reported for crossing cores against a sampled search with the oracle.
 *
 * Least translation: for a capsule whose core crosses the segment or pierces the triangle, moving
 * it by depth·normal must leave it exactly touching (f = 0, also checked by the oracle suite) and no
 * other direction may separate it with less: the oracle bisects the separating distance along 360
 * directions in 2D (spacing 1°) and 1500 in 3D (≈ 5.2°); along a direction θ off the least one the
 * distance grows by 1/cos θ, so the sampled minimum exceeds the least by at most 4e-5 (2D) and
 * 4.2e-3 (3D) relatively: the library's depth must not exceed it by more. */
#include <criterion/criterion.h>
#include <math.h>
#include <swept/swept.h>

#include "oracle_circle.h"
#include "scenes.h"

#define T_TOL 1e-5

static const sw_circle_opts two_sided = {0, 0, 4}, one_sided = {1, 0, 4};
static const sw_seg2 floor_seg = {{3, 0}, {-3, 0}};                 /* y = 0, front +y */
static const sw_tri3 ground = {{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}}; /* z = 0, front +z */

static sw_pose2 at2(float x, float y, float angle) { return sw_pose2_make(sw_v2(x, y), angle); }
static sw_pose3 at3(float x, float y, float z) { return (sw_pose3){sw_v3(x, y, z), {0, 0, 0, 1}}; }

static void expect(sw_status st, float t, uint32_t feat, sw_status want_st, double want_t, uint32_t want_feat)
{
	cr_assert_eq(st, want_st, "status %s, want %s", sw_status_name(st), sw_status_name(want_st));
	cr_expect(fabs(t - want_t) <= T_TOL, "t %.9g, want %.9g", t, want_t);
	cr_expect_eq(feat, want_feat, "feature 0x%x, want 0x%x", feat, want_feat);
}

static void expect_v(const char *what, const float *got, const double *want, int n, double tol)
{
	for (int k = 0; k < n; k++)
		cr_expect(fabs(got[k] - want[k]) <= tol, "%s[%d] = %.9g, want %.9g", what, k, got[k], want[k]);
}

#define PART(p) ((uint32_t)(p) << 8)

Test(circle_capsule, flat_onto_a_floor)
{
	/* core (−1, 0)–(1, 0), r 0.5, from y = 3 down by 4: the bottom reaches y = 0 at t = 2.5/4; both
	 * ends at once, the first end's circle (end 0) is reported, over the interior */
	sw_capsule2 cap = {{-1, 0}, {1, 0}, 0.5f};
	sw_cast_result o;
	sw_capsule2_seg2_sweep(&cap, at2(0, 3, 0), sw_v2(0, -4), &floor_seg, &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_HIT, 0.625, PART(SW_CAPSULE_END0) | SW_SEG2_INTERIOR);
	expect_v("normal", &o.normal.x, (double[]){0, 1}, 2, 1e-6);
	expect_v("point", &o.point.x, (double[]){-1, 0}, 2, 1e-6);
	/* from behind, one-sided: the pose at y = −3 is behind the floor */
	sw_capsule2_seg2_sweep(&cap, at2(0, -3, 0), sw_v2(0, 4), &floor_seg, &one_sided, &o);
	cr_expect_eq(o.status, SW_MISS);
}

Test(circle_capsule, spike_into_the_side)
{
	/* a spike (0, 0)–(0, −2) under the middle of the core: the side reaches its tip at y = 0.5 */
	sw_capsule2 cap = {{-1, 0}, {1, 0}, 0.5f};
	sw_seg2 spike = {{0, 0}, {0, -2}};
	sw_cast_result o;
	sw_capsule2_seg2_sweep(&cap, at2(0, 3, 0), sw_v2(0, -4), &spike, &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_HIT, 0.625, PART(SW_CAPSULE_SIDE) | SW_SEG2_END0);
	expect_v("point", &o.point.x, (double[]){0, 0}, 2, 0);
	expect_v("normal", &o.normal.x, (double[]){0, 1}, 2, 1e-6);
}

Test(circle_capsule, end_onto_an_endpoint)
{
	/* moving right along y = 0, end b = (−4, 0) meets the endpoint (0, 0.3) of a wall when
	 * x_b² + 0.09 = 0.25: x_b = −0.4, t = 0.9; normal (−0.4, −0.3)/0.5 */
	sw_capsule2 cap = {{-1, 0}, {1, 0}, 0.5f};
	sw_seg2 wall = {{0, 0.3f}, {0, 5}};
	sw_cast_result o;
	sw_capsule2_seg2_sweep(&cap, at2(-5, 0, 0), sw_v2(4, 0), &wall, &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_HIT, 0.9, PART(SW_CAPSULE_END1) | SW_SEG2_END0);
	expect_v("normal", &o.normal.x, (double[]){-0.8, -0.6}, 2, 1e-5);
}

Test(circle_capsule, crossing_cores)
{
	/* turned upright at (0, 0.2): a = (0, −0.8) is 0.8 below the floor, b = (0, 1.2) above; the least
	 * way out is up by 0.8 + r (down would take 1.2 + r, sideways past x = ±3 more) */
	sw_capsule2 cap = {{-1, 0}, {1, 0}, 0.5f};
	sw_cast_result o;
	sw_capsule2_seg2_sweep(&cap, at2(0, 0.2f, 1.5707964f), sw_v2(1, 0), &floor_seg, &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_STARTS_OVERLAPPED, 0, PART(SW_CAPSULE_END0) | SW_SEG2_INTERIOR);
	cr_expect(fabsf(o.depth - 1.3f) < 1e-5f, "depth %.9g", o.depth);
	expect_v("normal", &o.normal.x, (double[]){0, 1}, 2, 1e-6);
	expect_v("point", &o.point.x, (double[]){0, 0}, 2, 1e-6);
	/* touching without crossing: the core's end on the floor, depth r, the front normal */
	sw_capsule2_seg2_sweep(&cap, at2(0, 1, 1.5707964f), sw_v2(0, 0), &floor_seg, &two_sided, &o);
	cr_expect_eq(o.status, SW_STARTS_OVERLAPPED);
	cr_expect(fabsf(o.depth - 0.5f) < 1e-5f, "depth %.9g", o.depth);
	expect_v("normal", &o.normal.x, (double[]){0, 1}, 2, 1e-6);
}

Test(circle_capsule, sphere_like_capsule)
{
	/* a = b: a circle; the same answer as sw_circle2_seg2_sweep */
	sw_capsule2 cap = {{0.5f, 0}, {0.5f, 0}, 1};
	sw_cast_result o, c;
	sw_capsule2_seg2_sweep(&cap, at2(-0.5f, 3, 0), sw_v2(0, -4), &floor_seg, &two_sided, &o);
	sw_circle2_seg2_sweep(sw_v2(0, 3), 1, sw_v2(0, -4), &floor_seg, &two_sided, &c);
	expect(o.status, o.t, o.feature, c.status, c.t, c.feature);
}

Test(circle_capsule, capsule3_face_edge_vertex)
{
	sw_cast_result o;
	/* lying along x, from z = 3 down by 4 onto the face (its middle over the triangle): z = r */
	sw_capsule3 flat = {{-0.4f, 0, 0}, {0.4f, 0, 0}, 0.5f};
	sw_capsule3_tri3_sweep(&flat, at3(0, 0, 3), sw_v3(0, 0, -4), &ground, &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_HIT, 0.625, PART(SW_CAPSULE_END0) | SW_TRI3_FACE);
	expect_v("normal", &o.normal.x, (double[]){0, 0, 1}, 3, 1e-6);
	/* upright, moving +y into edge 0 (y = −1) with its side: y = −1 − r at t = 0.375 */
	sw_capsule3 up = {{0, 0, -1}, {0, 0, 1}, 0.5f};
	sw_capsule3_tri3_sweep(&up, at3(0, -3, 0), sw_v3(0, 4, 0), &ground, &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_HIT, 0.375, PART(SW_CAPSULE_SIDE) | SW_TRI3_EDGE0);
	expect_v("normal", &o.normal.x, (double[]){0, -1, 0}, 3, 1e-6);
	expect_v("point", &o.point.x, (double[]){0, -1, 0}, 3, 1e-6);
	/* upright, moving −y into vertex c = (0, 1, 0): y = 1.5 at t = 0.625 */
	sw_capsule3_tri3_sweep(&up, at3(0, 4, 0), sw_v3(0, -4, 0), &ground, &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_HIT, 0.625, PART(SW_CAPSULE_SIDE) | (SW_TRI3_VERTEX0 + 2));
	expect_v("point", &o.point.x, (double[]){0, 1, 0}, 3, 0);
	/* tilted 45° in the y–z plane over edge 0's outside, falling: its lower end's ball meets the edge
	 * when the end, 0.6 outside the edge line, is √(1 − 0.36)·r... r = 1: z_end = 0.8 */
	sw_capsule3 tilt = {{0, -0.70710678f, -0.70710678f}, {0, 0.70710678f, 0.70710678f}, 1};
	sw_capsule3_tri3_sweep(&tilt, at3(0, -1.6f + 0.70710678f, 3 + 0.70710678f), sw_v3(0, 0, -4), &ground,
			       &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_HIT, (3 - 0.8) / 4, PART(SW_CAPSULE_END0) | SW_TRI3_EDGE0);
}

Test(circle_capsule, capsule3_piercing)
{
	/* upright through the face at the origin: a 0.3 below, b 1.7 above; up by 0.3 + r beats the
	 * side faces (the nearest edge line, b→c, is 1/√5 ≈ 0.447 away) */
	sw_capsule3 up = {{0, 0, -1}, {0, 0, 1}, 0.5f};
	sw_cast_result o;
	sw_capsule3_tri3_sweep(&up, at3(0, 0, 0.7f), sw_v3(0, 0, 0), &ground, &two_sided, &o);
	expect(o.status, o.t, o.feature, SW_STARTS_OVERLAPPED, 0, PART(SW_CAPSULE_END0) | SW_TRI3_FACE);
	cr_expect(fabsf(o.depth - 0.8f) < 1e-5f, "depth %.9g", o.depth);
	expect_v("normal", &o.normal.x, (double[]){0, 0, 1}, 3, 1e-6);
	expect_v("point", &o.point.x, (double[]){0, 0, 0}, 3, 1e-6);
	/* lying in the plane across the triangle, centred at (0, −0.9): pushed out across edge 0 or up or
	 * down by r; up/down (depth r, the caps at distance 0) wins */
	sw_capsule3 flat = {{-0.4f, 0, 0}, {0.4f, 0, 0}, 0.5f};
	sw_capsule3_tri3_sweep(&flat, at3(0, -0.9f, 0), sw_v3(0, 0, 0), &ground, &two_sided, &o);
	cr_expect_eq(o.status, SW_STARTS_OVERLAPPED);
	cr_expect(fabsf(o.depth - 0.5f) < 1e-5f, "depth %.9g", o.depth);
}

Test(circle_capsule, bad_input)
{
	sw_capsule2 cap = {{-1, 0}, {1, 0}, 0.5f};
	sw_cast_result o;
	sw_pose2 skew = {{0, 3}, {1.1f, 0}};
	cr_expect(sw_capsule2_seg2_sweep(&cap, skew, sw_v2(0, -4), &floor_seg, NULL, &o) == SW_OK &&
		  o.status == SW_PAIR_INVALID);
	cap.r = -1;
	cr_expect(sw_capsule2_seg2_sweep(&cap, at2(0, 3, 0), sw_v2(0, -4), &floor_seg, NULL, &o) == SW_OK &&
		  o.status == SW_PAIR_INVALID);
	sw_capsule3 c3 = {{0, 0, -1}, {0, 0, 1}, 0.5f};
	sw_cast_result o3;
	sw_pose3 bad = {{0, 0, 3}, {0, 0, 0, 2}};
	cr_expect(sw_capsule3_tri3_sweep(&c3, bad, sw_v3(0, 0, -4), &ground, NULL, &o3) == SW_OK &&
		  o3.status == SW_PAIR_INVALID);
	c3.a.x = NAN;
	cr_expect(sw_capsule3_tri3_sweep(&c3, at3(0, 0, 3), sw_v3(0, 0, -4), &ground, NULL, &o3) == SW_OK &&
		  o3.status == SW_PAIR_INVALID);
}

/* ---- least translation ---- */

/* the distance the capsule must move along the unit direction u to stop overlapping (f(0) ≥ 0) */
static double escape_along(const oracle_circle_problem *p, const double u[3], double hi)
{
	double lo = 0;
	for (int i = 0; i < 40; i++) {
		double mid = 0.5 * (lo + hi);
		oracle_circle_problem q = *p;
		for (int k = 0; k < 3; k++)
			q.c[k] += mid * u[k];
		if (oracle_circle_f(&q, 0, NULL, NULL) >= 0)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

static void check_least(const oracle_circle_problem *p, double depth, int dim, double rel, int i)
{
	double best = INFINITY, cap = 4 * p->scale;
	int n = dim == 2 ? 360 : 1500;
	for (int k = 0; k < n; k++) {
		double u[3];
		if (dim == 2) {
			double a = 6.283185307179586 * k / n;
			u[0] = cos(a), u[1] = sin(a), u[2] = 0;
		} else {
			/* a Fibonacci lattice on the sphere */
			double z = 1 - (2 * k + 1.0) / n, s = sqrt(1 - z * z), a = k * 2.399963229728653;
			u[0] = s * cos(a), u[1] = s * sin(a), u[2] = z;
		}
		best = fmin(best, escape_along(p, u, cap));
	}
	double tol = rel * best + 1e-6 * p->scale;
	cr_expect(depth <= best + tol, "case %d: depth %.9g, a sampled direction separates with %.9g", i, depth, best);
	cr_expect(depth >= best / (1 + rel) - tol - 1e-3 * best, "case %d: depth %.9g below the least %.9g", i, depth,
		  best);
}

Test(circle_capsule, least_translation_2d)
{
	sc_rng r = sc_rng_seed(77);
	int deep = 0;
	for (int i = 0; i < 120; i++) {
		float h = sc_uniform(&r, 0.3f, 1.5f), a = sc_uniform(&r, 0, 6.2831853f);
		sw_capsule2 cap = {{-h, 0}, {h, 0}, sc_uniform(&r, 0.05f, 0.6f)};
		sw_seg2 s = {{sc_uniform(&r, -3, -0.5f), sc_uniform(&r, -1, 1)},
			     {sc_uniform(&r, 0.5f, 3), sc_uniform(&r, -1, 1)}};
		sw_pose2 pose = at2(sc_uniform(&r, -0.5f, 0.5f), sc_uniform(&r, -0.3f, 0.3f), a);
		sw_cast_result o;
		sw_capsule2_seg2_sweep(&cap, pose, sw_v2(0, 0), &s, &two_sided, &o);
		if (o.status != SW_STARTS_OVERLAPPED || o.depth <= cap.r)
			continue;
		deep++;
		oracle_circle_problem p;
		oracle_capsule2_problem(&cap, pose, sw_v2(0, 0), &s, &p);
		check_least(&p, o.depth, 2, 4e-5, i);
	}
	cr_expect_geq(deep, 30, "only %d crossing capsules", deep);
}

Test(circle_capsule, least_translation_3d)
{
	sc_rng r = sc_rng_seed(78);
	int deep = 0;
	for (int i = 0; i < 40; i++) {
		float h = sc_uniform(&r, 0.3f, 1.5f);
		sw_capsule3 cap = {{0, 0, -h}, {0, 0, h}, sc_uniform(&r, 0.05f, 0.6f)};
		sw_tri3 t = {{sc_uniform(&r, -2, -0.5f), sc_uniform(&r, -2, -0.5f), sc_uniform(&r, -0.3f, 0.3f)},
			     {sc_uniform(&r, 0.5f, 2), sc_uniform(&r, -2, -0.5f), sc_uniform(&r, -0.3f, 0.3f)},
			     {sc_uniform(&r, -0.5f, 0.5f), sc_uniform(&r, 0.5f, 2), sc_uniform(&r, -0.3f, 0.3f)}};
		sw_quat q = sw_quat_from_axis_angle(sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), 0.2f),
						    sc_uniform(&r, 0, 1.2f));
		sw_pose3 pose = {
			sw_v3(sc_uniform(&r, -0.3f, 0.3f), sc_uniform(&r, -0.3f, 0.3f), sc_uniform(&r, -0.3f, 0.3f)),
			q};
		sw_cast_result o;
		sw_capsule3_tri3_sweep(&cap, pose, sw_v3(0, 0, 0), &t, &two_sided, &o);
		if (o.status != SW_STARTS_OVERLAPPED || o.depth <= cap.r)
			continue;
		deep++;
		oracle_circle_problem p;
		oracle_capsule3_problem(&cap, pose, sw_v3(0, 0, 0), &t, &p);
		check_least(&p, o.depth, 3, 4.2e-3, i);
	}
	cr_expect_geq(deep, 12, "only %d piercing capsules", deep);
}
