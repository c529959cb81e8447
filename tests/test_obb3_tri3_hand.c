/* tests/test_obb3_tri3_hand.c — the reference OBB–triangle sweep and overlap against answers derived by
 * hand. Every expected time comes from the geometry written in the comment next to it, never from
 * the code under test. Tolerances as in test_obb3_hand.c: T_TOL = 1e-5 in t near the origin (a few
 * float roundings per time, two orders of magnitude of margin; a wrong axis or formula moves t by
 * 1e-3 or more in every scenario here), and a few ulp(1e4) / closing speed far from the origin. */
#include <criterion/criterion.h>
#include <math.h>
#include <swept/swept.h>

#include "expect.h"
#include "scenes.h"

#define T_TOL 1e-5
#define N_TOL 1e-5
#define R2 0.70710678f /* 1/√2 */

static sc_box cube(float x, float y, float z, float h)
{
	sc_box b = {{x, y, z}, (sw_quat){0, 0, 0, 1}, {h, h, h}};
	return b;
}

static sw_vec3 v3(float x, float y, float z) { return sw_v3(x, y, z); }

static sw_tri3 tri(sw_vec3 a, sw_vec3 b, sw_vec3 c)
{
	sw_tri3 t = {a, b, c};
	return t;
}

/* the triangle moved by `by` and scaled by `s` about the origin */
static sw_tri3 tri_xf(const sw_tri3 *t, float s, sw_vec3 by)
{
	return tri(sw_v3_add(sw_v3_scale(t->a, s), by), sw_v3_add(sw_v3_scale(t->b, s), by),
		   sw_v3_add(sw_v3_scale(t->c, s), by));
}

/* ulp(1e4) = 2^-10; a few of them divided by how fast the gap closes */
static double offset_tol(double speed) { return 4.0 * 0x1p-10 / speed; }

/* runs the sweep and checks what holds for every answer: MISS fields, unit normal from the box
 * towards the triangle (its centroid lies on the normal's side), feature id in range and parallel
 * to the normal */
static sw_sweep_result sweep1(const sc_box *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt, int one_sided)
{
	sw_sweep_result o;
	sw_obb3 sa = sc_box_shape(a);
	const sw_sweep_opts opts = {(uint32_t)one_sided};
	cr_assert_eq(sw_obb3_tri3_sweep(&sa, sc_box_pose(a), da, t, dt, &opts, &o), SW_OK);
	sw_status s = o.status;
	if (s == SW_MISS) {
		cr_assert(o.t_first == 1.0f && o.t_last == 1.0f, "miss: t = %g, %g, want 1, 1", o.t_first, o.t_last);
		cr_assert(o.normal.x == 0 && o.normal.y == 0 && o.normal.z == 0, "miss: normal not zero");
		cr_assert_eq(o.feature, SW_FEATURE_NONE, "miss: feature %u", o.feature);
		return o;
	}
	if (s != SW_HIT && s != SW_STARTS_OVERLAPPED)
		return o;
	cr_assert(fabsf(sw_v3_len(o.normal) - 1.0f) <= N_TOL, "normal not unit: |n| = %.9g", sw_v3_len(o.normal));
	float tt = s == SW_HIT ? o.t_first : 0.0f;
	sw_vec3 cen = sw_v3_scale(sw_v3_add(sw_v3_add(t->a, t->b), t->c), 1.0f / 3.0f);
	sw_vec3 rel = sw_v3_sub(sw_v3_add(cen, sw_v3_scale(dt, tt)), sw_v3_add(a->center, sw_v3_scale(da, tt)));
	cr_assert(sw_v3_dot(o.normal, rel) >= -1e-4f * sw_v3_len(rel), "normal (%g %g %g) points from B to A",
		  o.normal.x, o.normal.y, o.normal.z);
	cr_assert(o.feature < SW_TRI3_AXIS_COUNT, "feature %u out of range", o.feature);
	sw_vec3 ax = sc_tri3_feature_axis(a, t, o.feature);
	cr_assert(fabsf(fabsf(sw_v3_dot(ax, o.normal)) - 1.0f) <= 1e-4f, "feature %u is not parallel to the normal",
		  o.feature);
	return o;
}

static sw_sweep_result sweep(const sc_box *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt)
{
	sw_sweep_result o = sweep1(a, da, t, dt, 0);
	return o;
}

/* a horizontal triangle at height z whose front (normal (b − a) × (c − a)) faces up */
static sw_tri3 roof(float z) { return tri(v3(-2, -2, z), v3(2, -2, z), v3(0, 2, z)); }

/* the same triangle with its front facing down */
static sw_tri3 floor_down(float z) { return tri(v3(-2, -2, z), v3(0, 2, z), v3(2, -2, z)); }

/* ---- approach from a distance ---- */

Test(tri3_hand, face_on_approach)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = roof(5);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, -8));
	expect_status(&o, SW_HIT);
	/* gap 5 − 1 = 4 along z, closing speed 8 → t = 0.5; the flat triangle reaches the box's bottom
	 * face when 5 − 8t = −1 → t_last = 0.75 */
	expect_times(&o, 0.5, 0.75, T_TOL);
	expect_normal(&o, v3(0, 0, 1));
	/* box face z and the triangle's normal enter at exactly the same time: the lower id is kept */
	cr_assert_eq(o.feature, 2, "feature %u, want 2 (box face z)", o.feature);
}

Test(tri3_hand, both_moving)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = roof(5);
	sw_sweep_result o = sweep(&a, v3(0, 0, 2), &t, v3(0, 0, -6));
	expect_status(&o, SW_HIT);
	/* gap 4, closing speed 2 + 6 = 8 → t = 0.5; relative offset 5 − 8t = −1 at t = 0.75 */
	expect_times(&o, 0.5, 0.75, T_TOL);
	expect_normal(&o, v3(0, 0, 1));
}

/* a horizontal triangle whose edge ab runs along (−1,1,0) through (P,P,0), the rest of it towards
 * +x+y: it moves along −(1,1,0) onto the box's vertical edge at x = y = 1 */
Test(tri3_hand, edge_edge_first)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = tri(v3(5, 1, 0), v3(1, 5, 0), v3(6, 6, 0));
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(-4, -4, 0));
	expect_status(&o, SW_HIT);
	/* the triangle lies in z = 0, inside the box's z range: in that plane it is a 2D triangle vs the
	 * square [−1,1]². Edge ab is the line x + y = 6 − 8t; it reaches the corner (1,1) when
	 * 6 − 8t = 2 → t = 0.5 (the corner then sits at ab's midpoint, inside the other two edges).
	 * x and y overlap from t = 0 on (min x = 1 at t = 0). At t = 1 ab is x + y = −2, through the
	 * far corner (−1,−1), and the square lies inside the other edges → t_last = 1 */
	expect_times(&o, 0.5, 1.0, T_TOL);
	expect_normal(&o, v3(R2, R2, 0));
	/* box edge 2 (z) × triangle edge 0 (ab) → 4 + 3·2 + 0 */
	cr_assert_eq(o.feature, 10, "feature %u, want 10 (box edge z × edge ab)", o.feature);
}

/* the box turned so that its vertex −b0 − b1 − b2 = (−√3, 0, 0) from the centre points along −x:
 * rows (1,1,1)/√3, (1,−1,0)/√2, (1,1,−2)/√6 */
static sc_box corner_box(void)
{
	const float s3 = 0.57735027f, s6 = 0.40824829f;
	sc_box b = cube(0, 0, 0, 1);
	sw_mat3 m = {{v3(s3, R2, s6), v3(s3, -R2, s6), v3(s3, 0, -2 * s6)}};
	b.rot = sw_quat_from_mat3(&m);
	return b;
}

Test(tri3_hand, box_corner_into_triangle_face)
{
	sc_box a = corner_box();
	/* (b − a) × (c − a) = (0,10,4) × (0,0,8) = (80,0,0): the front faces the box; in (y,z) the
	 * triangle (−4,−4), (6,0), (−4,4) contains (0,0), where the corner points */
	sw_tri3 t = tri(v3(-5, -4, -4), v3(-5, 6, 0), v3(-5, -4, 4));
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(4, 0, 0));
	expect_status(&o, SW_HIT);
	/* the plane x = −5 + 4t meets the corner at x = −√3 → t = (5 − √3)/4; at t = 1 the plane is at
	 * x = −1, inside the box's span [−√3, √3] → t_last = 1 */
	expect_times(&o, (5.0 - sqrt(3.0)) / 4.0, 1.0, T_TOL);
	expect_normal(&o, v3(-1, 0, 0));
	cr_assert_eq(o.feature, SW_TRI3_AXIS_FACE_TRI, "feature %u, want 3 (triangle face)", o.feature);
	/* approaching the front: the one-sided answer is the same */
	sw_sweep_result o1 = sweep1(&a, v3(0, 0, 0), &t, v3(4, 0, 0), 1);
	expect_status(&o1, SW_HIT);
	cr_assert(o1.t_first == o.t_first && o1.feature == o.feature);
}

Test(tri3_hand, triangle_vertex_into_box_face)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = tri(v3(3, 0, 0), v3(7, 2, 0), v3(7, -1, 2));
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(-4, 0, 0));
	expect_status(&o, SW_HIT);
	/* vertex a (x = 3, on the x axis) reaches the face x = 1 when 3 − 4t = 1 → t = 0.5; at t = 1 it
	 * is at x = −1 (touching the far face) with b, c at x = 3 → t_last = 1 */
	expect_times(&o, 0.5, 1.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
	cr_assert_eq(o.feature, 0, "feature %u, want 0 (box face x)", o.feature);
}

Test(tri3_hand, touching_at_t1)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = roof(5);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, -4));
	expect_status(&o, SW_HIT);
	/* gap 4, speed 4: touches exactly at t = 1 (closed interval: a hit), and touches there last */
	cr_assert(o.t_first == 1.0f && o.t_last == 1.0f, "t = %.9g, %.9g, want 1, 1", o.t_first, o.t_last);
	/* one ulp short of touching: a miss */
	o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, -nextafterf(4.0f, 0.0f)));
	expect_status(&o, SW_MISS);
}

Test(tri3_hand, starts_overlapped)
{
	sc_box a = cube(0, 0, 0, 1);
	/* a big triangle through the box at z = 0.5 */
	sw_tri3 t = tri(v3(-3, -3, 0.5f), v3(3, -3, 0.5f), v3(0, 3, 0.5f));
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, 4));
	expect_status(&o, SW_STARTS_OVERLAPPED);
	/* least penetration: 1 − 0.5 = 0.5 upwards (box face z; the triangle's normal and the edge axis
	 * y × ab, parallel to it, tie and lose to the lower id); every other axis needs 1.5 or more.
	 * Moving up at 4 the triangle leaves when 0.5 + 4t = 1 → t_last = 0.125 */
	expect_times(&o, 0.0, 0.125, T_TOL);
	expect_normal(&o, v3(0, 0, 1));
	cr_assert_eq(o.feature, 2, "feature %u, want 2", o.feature);
	/* starts overlapped wins over one-sided, whatever the motion: the triangle's back (−z side
	 * here, since its normal is +z) touches the box's lower half */
	o = sweep1(&a, v3(0, 0, 0), &t, v3(0, 0, -4), 1);
	expect_status(&o, SW_STARTS_OVERLAPPED);
	/* moving down at 4 it leaves when 0.5 − 4t = −1 → t_last = 0.375 */
	expect_times(&o, 0.0, 0.375, T_TOL);
}

Test(tri3_hand, starts_touching)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = roof(1);
	/* resting on the top face and lifting off: touching at t = 0 only */
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, 1));
	expect_status(&o, SW_STARTS_OVERLAPPED);
	expect_times(&o, 0.0, 0.0, 0.0);
	expect_normal(&o, v3(0, 0, 1));
}

Test(tri3_hand, moving_apart)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = roof(3);
	sw_sweep_result o = sweep(&a, v3(0, 0, -1), &t, v3(0, 0, 2));
	expect_status(&o, SW_MISS);
	/* passing beside: 2 to the side of the box, moving along y */
	t = tri(v3(3.5f, -2, 0), v3(3.5f, 2, 0), v3(5, 0, 1));
	o = sweep(&a, v3(0, 0, 0), &t, v3(0, -10, 0));
	expect_status(&o, SW_MISS);
}

Test(tri3_hand, one_sided_back_and_front)
{
	sc_box a = cube(0, 0, 0, 1);
	/* the roof's front faces up, away from the box below it: coming down, the triangle meets the
	 * box with its back → MISS one-sided, HIT two-sided (t = 0.5 as in face_on_approach) */
	sw_tri3 back = roof(5);
	sw_sweep_result o = sweep1(&a, v3(0, 0, 0), &back, v3(0, 0, -8), 1);
	expect_status(&o, SW_MISS);
	o = sweep1(&a, v3(0, 0, 0), &back, v3(0, 0, -8), 0);
	expect_status(&o, SW_HIT);
	/* the same with the box moving up into it */
	o = sweep1(&a, v3(0, 0, 8), &back, v3(0, 0, 0), 1);
	expect_status(&o, SW_MISS);
	/* wound the other way the front faces the box: HIT both ways, same time and normal */
	sw_tri3 front = floor_down(5);
	o = sweep1(&a, v3(0, 0, 0), &front, v3(0, 0, -8), 1);
	expect_status(&o, SW_HIT);
	expect_times(&o, 0.5, 0.75, T_TOL);
	expect_normal(&o, v3(0, 0, 1));
	/* no motion along the normal does not approach the front: a sideways hit on an edge is a miss
	 * one-sided. The triangle at z = 0 slides along −x into the box: its left corner at x = 3
	 * reaches x = 1 at t = 0.5 */
	sw_tri3 side = tri(v3(3, -1, 0), v3(6, -1, 0), v3(3, 1, 0));
	o = sweep1(&a, v3(0, 0, 0), &side, v3(-4, 0, 0), 0);
	expect_status(&o, SW_HIT);
	expect_times(&o, 0.5, 1.0, T_TOL);
	o = sweep1(&a, v3(0, 0, 0), &side, v3(-4, 0, 0), 1);
	expect_status(&o, SW_MISS);
}

Test(tri3_hand, fast_tunnelling)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = roof(100);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, -1000));
	expect_status(&o, SW_HIT);
	/* 100 − 1000t = 1 → t = 0.099 in, 100 − 1000t = −1 → t = 0.101 out: the whole crossing lies
	 * between two sample points of any fixed-step test */
	expect_times(&o, 0.099, 0.101, T_TOL);
	expect_normal(&o, v3(0, 0, 1));
}

Test(tri3_hand, far_from_origin)
{
	const sw_vec3 off = v3(1e4f, -1e4f, 1e4f);
	sc_box a = cube(off.x, off.y, off.z, 1);
	sw_tri3 base = roof(5), t = tri_xf(&base, 1.0f, off);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, -8));
	expect_status(&o, SW_HIT);
	/* face_on_approach shifted by (1e4, −1e4, 1e4) */
	expect_times(&o, 0.5, 0.75, offset_tol(8));
	expect_normal(&o, v3(0, 0, 1));
	sw_tri3 eb = tri(v3(5, 1, 0), v3(1, 5, 0), v3(6, 6, 0)), e = tri_xf(&eb, 1.0f, off);
	o = sweep(&a, v3(0, 0, 0), &e, v3(-4, -4, 0));
	expect_status(&o, SW_HIT);
	/* edge_edge_first shifted: closing speed along the diagonal 4√2 */
	expect_times(&o, 0.5, 1.0, offset_tol(4 * sqrt(2.0)));
	cr_assert_eq(o.feature, 10);
}

Test(tri3_hand, tiny_shapes)
{
	const float k = 1e-3f;
	sc_box a = cube(0, 0, 0, k);
	sw_tri3 base = roof(5), t = tri_xf(&base, k, v3(0, 0, 0));
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, -8 * k));
	expect_status(&o, SW_HIT);
	/* face_on_approach scaled by 1e-3: times do not depend on the unit */
	expect_times(&o, 0.5, 0.75, T_TOL);
	sw_tri3 eb = tri(v3(5, 1, 0), v3(1, 5, 0), v3(6, 6, 0)), e = tri_xf(&eb, k, v3(0, 0, 0));
	o = sweep(&a, v3(0, 0, 0), &e, v3(-4 * k, -4 * k, 0));
	expect_status(&o, SW_HIT);
	expect_times(&o, 0.5, 1.0, T_TOL);
	cr_assert_eq(o.feature, 10);
	/* the edge-edge case at 1e-12: still the same answer, far below float's normal range for the
	 * products of raw coordinates the scaled edges avoid */
	const float kk = 1e-12f;
	sc_box aa = cube(0, 0, 0, kk);
	sw_tri3 ee = tri_xf(&eb, kk, v3(0, 0, 0));
	o = sweep(&aa, v3(0, 0, 0), &ee, v3(-4 * kk, -4 * kk, 0));
	expect_status(&o, SW_HIT);
	expect_times(&o, 0.5, 1.0, 1e-4);
}

Test(tri3_hand, huge_triangle)
{
	/* a triangle with 1e12-long edges under a unit box: coordinates whose squares and fourth
	 * powers overflow float; the scaled edges keep every product finite */
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = tri(v3(-1e12f, -1e12f, -5), v3(1e12f, -1e12f, -5), v3(0, 1e12f, -5));
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &t, v3(0, 0, 8));
	expect_status(&o, SW_HIT);
	/* gap 5 − 1 = 4, speed 8 → t = 0.5; the plane reaches z = 1 at t = 0.75 */
	expect_times(&o, 0.5, 0.75, T_TOL);
	expect_normal(&o, v3(0, 0, -1));
}

/* ---- static overlap ---- */

/* the static test that stops at the first separating axis: a batched overlap asking for status and
 * feature only (swept/batch.h). It must agree with the full overlap on the status, and on a miss on
 * the axis; on a hit its feature is SW_FEATURE_NONE */
static sw_status overlap_axis(const sc_box *a, const sw_tri3 *t, uint32_t *axis)
{
	sw_obb3_set *boxes;
	sw_tri3_set *tris;
	cr_assert_eq(sw_obb3_set_create(1, &boxes), SW_OK);
	cr_assert_eq(sw_tri3_set_create(1, &tris), SW_OK);
	sw_obb3 sa = sc_box_shape(a);
	cr_assert_eq(sw_obb3_set_add(boxes, &sa, sc_box_pose(a), sw_v3(0, 0, 0), NULL), SW_OK);
	cr_assert_eq(sw_tri3_set_add(tris, t, sw_v3(0, 0, 0), NULL), SW_OK);
	const sw_pair pair = {0, 0};
	uint8_t st = 0xAB;
	uint32_t ft = 0xABABABABu;
	const sw_overlap_results res = {&st, &ft, NULL, NULL, NULL, NULL};
	cr_assert_eq(sw_obb3_tri3_overlap_batch(boxes, tris, &pair, 1, NULL, &res), SW_OK);
	sw_obb3_set_destroy(boxes);
	sw_tri3_set_destroy(tris);
	sw_overlap_result full;
	cr_assert_eq(sc_obb3_tri3_overlap(a, t, &full), (sw_status)st, "full overlap %s, fast test %s",
		     sw_status_name(full.status), sw_status_name((sw_status)st));
	if (st == SW_MISS)
		cr_assert_eq(ft, full.feature, "first separating axis %u, full overlap's %u", ft, full.feature);
	*axis = ft;
	return (sw_status)st;
}

Test(tri3_hand, static_overlap)
{
	sc_box a = cube(0, 0, 0, 1);
	sw_tri3 t = roof(0.5f);
	uint32_t ax = 0;
	cr_expect_eq(overlap_axis(&a, &t, &ax), SW_HIT);
	cr_expect_eq(ax, SW_FEATURE_NONE);
	/* touching the top face counts */
	t = roof(1);
	cr_expect_eq(overlap_axis(&a, &t, &ax), SW_HIT);
	/* above: box face z is the first separating axis */
	t = roof(1.5f);
	cr_expect_eq(overlap_axis(&a, &t, &ax), SW_MISS);
	cr_expect_eq(ax, 2);
	/* beside the diagonal edge: only the edge axis z × ab separates (edge_edge_first at t = 0.25,
	 * where ab is x + y = 4 and the corner (1,1) is 2/√2 away) */
	t = tri(v3(4, 0, 0), v3(0, 4, 0), v3(5, 5, 0));
	cr_expect_eq(overlap_axis(&a, &t, &ax), SW_MISS);
	cr_expect_eq(ax, 10);
	/* a tilted triangle whose plane passes 0.2 beyond the corner (1,1,1): only its normal separates
	 * (x + y + z = 3.2 > √3·√3 = 3; its vertices lie far outside every box slab) */
	t = tri(v3(3.2f, 0, 0), v3(0, 3.2f, 0), v3(0, 0, 3.2f));
	cr_expect_eq(overlap_axis(&a, &t, &ax), SW_MISS);
	cr_expect_eq(ax, SW_TRI3_AXIS_FACE_TRI);
	t = tri(v3(2.8f, 0, 0), v3(0, 2.8f, 0), v3(0, 0, 2.8f));
	cr_expect_eq(overlap_axis(&a, &t, &ax), SW_HIT);
}

Test(tri3_hand, decode)
{
	sw_axis_info f = sw_obb3_tri3_feature_decode(2);
	cr_expect(f.kind == SW_AXIS_KIND_FACE_A && f.index_a == 2 && f.index_b == -1);
	f = sw_obb3_tri3_feature_decode(SW_TRI3_AXIS_FACE_TRI);
	cr_expect(f.kind == SW_AXIS_KIND_FACE_B && f.index_a == -1 && f.index_b == -1);
	f = sw_obb3_tri3_feature_decode(4 + 3 * 1 + 2);
	cr_expect(f.kind == SW_AXIS_KIND_EDGE_EDGE && f.index_a == 1 && f.index_b == 2);
	f = sw_obb3_tri3_feature_decode(SW_TRI3_AXIS_COUNT);
	cr_expect(f.kind == SW_AXIS_KIND_NONE);
	f = sw_obb3_tri3_feature_decode(SW_FEATURE_NONE);
	cr_expect(f.kind == SW_AXIS_KIND_NONE && f.index_a == -1 && f.index_b == -1);
}

/* static penetration: a big triangle sunk 0.2 into the top of a unit cube */
Test(tri3_hand, penetration_depth_and_gap)
{
	sc_box box = cube(0, 0, 0, 1);
	sw_tri3 t = tri(v3(-5, -5, 0.8f), v3(5, -5, 0.8f), v3(0, 5, 0.8f));
	sw_overlap_result o;
	/* along z the triangle (flat at 0.8) leaves upwards after 1 − 0.8 = 0.2, downwards after 1.8; box
	 * face z (axis 2) ties with the triangle's face (axis 3): the lower id wins */
	cr_assert_eq(sc_obb3_tri3_overlap(&box, &t, &o), SW_HIT);
	cr_expect(fabsf(o.depth - 0.2f) < 1e-6f, "depth %g", o.depth);
	cr_expect(fabsf(o.normal.z - 1) < 1e-6f && o.feature == 2, "normal z %g feature %u", o.normal.z, o.feature);
	/* lifted to 1.5: a gap of 0.5 along the first separating axis, box face z */
	t = tri(v3(-5, -5, 1.5f), v3(5, -5, 1.5f), v3(0, 5, 1.5f));
	cr_assert_eq(sc_obb3_tri3_overlap(&box, &t, &o), SW_MISS);
	cr_expect(fabsf(o.depth - 0.5f) < 1e-6f && fabsf(o.normal.z - 1) < 1e-6f && o.feature == 2, "gap %g", o.depth);
	/* below the cube, the normal from box to triangle points down */
	t = tri(v3(-5, -5, -0.9f), v3(5, -5, -0.9f), v3(0, 5, -0.9f));
	cr_assert_eq(sc_obb3_tri3_overlap(&box, &t, &o), SW_HIT);
	cr_expect(fabsf(o.depth - 0.1f) < 1e-6f && fabsf(o.normal.z + 1) < 1e-6f, "depth %g nz %g", o.depth,
		  o.normal.z);
	/* a degenerate triangle is invalid */
	t = tri(v3(0, 0, 0), v3(1, 0, 0), v3(2, 0, 0));
	cr_expect_eq(sc_obb3_tri3_overlap(&box, &t, &o), SW_PAIR_INVALID);
	cr_expect(isnan(o.depth) && o.feature == SW_FEATURE_NONE);
	/* a NULL pointer is a call error, not a pair's answer */
	sw_obb3 sb = sc_box_shape(&box);
	cr_expect_eq(sw_obb3_tri3_overlap(&sb, sc_box_pose(&box), NULL, &o), SW_ERR_NULL);
	sw_sweep_result so;
	cr_expect_eq(sw_obb3_tri3_sweep(NULL, sc_box_pose(&box), v3(0, 0, 0), &t, v3(0, 0, 0), NULL, &so), SW_ERR_NULL);
	/* opts NULL is two-sided */
	t = roof(5);
	cr_expect_eq(sw_obb3_tri3_sweep(&sb, sc_box_pose(&box), v3(0, 0, 0), &t, v3(0, 0, -8), NULL, &so), SW_OK);
	cr_expect_eq(so.status, SW_HIT);
}
