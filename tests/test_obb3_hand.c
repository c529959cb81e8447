/* tests/test_obb3_hand.c — the reference OBB–OBB sweep and overlap tests against answers derived by
 * hand. Every expected time comes from the geometry written in the comment next to it, never from
 * the code under test.
 *
 * Tolerances. Inputs are float, so each coordinate carries up to half an ulp (6e-8 relative) and
 * the library rounds a handful of float sums and one division per time: near the origin that is a
 * few 1e-7 in t. T_TOL = 1e-5 keeps two orders of magnitude of margin and still catches a wrong
 * axis or formula, which moves t by 1e-3 or more in every scenario here. Times do not depend on
 * the length unit, so tiny boxes use the same T_TOL. Far from the origin the centres themselves
 * are only known to ulp(1e4) = 2^-10 ≈ 1e-3, so there t may move by a few ulp(1e4) / closing speed
 * (offset_tol()). */
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

static sw_vec3 shifted(sw_vec3 c, sw_vec3 by) { return sw_v3_add(c, by); }

/* ulp(1e4) = 2^-10; a few of them divided by how fast the gap closes */
static double offset_tol(double speed) { return 4.0 * 0x1p-10 / speed; }

/* runs the sweep and checks what holds for every answer: MISS fields, unit normal from A to B,
 * feature id in range and parallel to the normal */
static sw_sweep_result sweep(const sc_box *a, sw_vec3 da, const sc_box *b, sw_vec3 db)
{
	sw_sweep_result o;
	sw_obb3 sa = sc_box_shape(a), sb = sc_box_shape(b);
	cr_assert_eq(sw_obb3_sweep(&sa, sc_box_pose(a), da, &sb, sc_box_pose(b), db, &o), SW_OK);
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
	float t = s == SW_HIT ? o.t_first : 0.0f;
	sw_vec3 rel = sw_v3_sub(sw_v3_add(b->center, sw_v3_scale(db, t)), sw_v3_add(a->center, sw_v3_scale(da, t)));
	cr_assert(sw_v3_dot(o.normal, rel) >= -1e-4f * sw_v3_len(rel), "normal (%g %g %g) points from B to A",
		  o.normal.x, o.normal.y, o.normal.z);
	cr_assert(o.feature < SW_AXIS_COUNT, "feature %u out of range", o.feature);
	sw_vec3 ax = sc_obb3_feature_axis(a, b, o.feature);
	cr_assert(fabsf(fabsf(sw_v3_dot(ax, o.normal)) - 1.0f) <= 1e-4f, "feature %u is not parallel to the normal",
		  o.feature);
	return o;
}

/* the static test that stops at the first separating axis: a batched overlap asking for status and
 * feature only (swept/batch.h). It must agree with the full overlap on the status, and on a miss on
 * the axis; on a hit its feature is SW_FEATURE_NONE. `axis` may be NULL (no feature column). */
static sw_status overlap_axis(const sc_box *a, const sc_box *b, uint32_t *axis)
{
	sw_obb3_set *s;
	cr_assert_eq(sw_obb3_set_create(2, &s), SW_OK);
	sw_obb3 sa = sc_box_shape(a), sb = sc_box_shape(b);
	cr_assert_eq(sw_obb3_set_add(s, &sa, sc_box_pose(a), sw_v3(0, 0, 0), NULL), SW_OK);
	cr_assert_eq(sw_obb3_set_add(s, &sb, sc_box_pose(b), sw_v3(0, 0, 0), NULL), SW_OK);
	const sw_pair pair = {0, 1};
	uint8_t st = 0xAB;
	uint32_t ft = 0xABABABABu;
	const sw_overlap_results res = {&st, axis ? &ft : NULL, NULL, NULL, NULL, NULL};
	cr_assert_eq(sw_obb3_overlap_batch(s, s, &pair, 1, NULL, &res), SW_OK);
	sw_obb3_set_destroy(s);
	sw_overlap_result full;
	cr_assert_eq(sc_obb3_overlap(a, b, &full), (sw_status)st, "full overlap %s, fast test %s",
		     sw_status_name(full.status), sw_status_name((sw_status)st));
	if (axis) {
		*axis = ft;
		if (st == SW_MISS)
			cr_assert_eq(ft, full.feature, "first separating axis %u, full overlap's %u", ft, full.feature);
	}
	return (sw_status)st;
}

/* ---- approach from a distance ---- */

Test(obb3_hand, face_on_approach)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(5, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	expect_status(&o, SW_HIT);
	/* gap 5 − 1 − 1 = 3 along x, closing speed 4 → t = 0.75; B ends at x = 1, still inside → t_last 1 */
	expect_times(&o, 0.75, 1.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, a_moves_towards_still_b)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(0, 0, -5, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, -4), &b, v3(0, 0, 0));
	expect_status(&o, SW_HIT);
	/* gap 3 along −z, A closes at 4 → t = 0.75; normal from A to B is −z */
	expect_times(&o, 0.75, 1.0, T_TOL);
	expect_normal(&o, v3(0, 0, -1));
}

Test(obb3_hand, both_moving_towards_each_other)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(5, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(1, 0, 0), &b, v3(-3, 0, 0));
	expect_status(&o, SW_HIT);
	/* gap 3, closing speed 1 + 3 = 4 → t = 0.75; at t = 1 centres are 1 apart → still touching */
	expect_times(&o, 0.75, 1.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, passes_through_within_step)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(4, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-8, 0, 0));
	expect_status(&o, SW_HIT);
	/* enters when 4 − 8t = 2 → t = 0.25, leaves when 4 − 8t = −2 → t = 0.75 */
	expect_times(&o, 0.25, 0.75, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

/* B is A's frame turned 45° about z and then 45° about its own (−1,1,0)/√2 axis, so its edge along
 * (−1,1,0)/√2 juts towards A's vertical edge at x = y = 1: the two edges cross */
static sc_box edge_box(float x, float y, float z)
{
	sc_box b = cube(x, y, z, 1);
	sw_mat3 m = {{v3(0.5f, 0.5f, R2), v3(-R2, R2, 0), v3(-0.5f, -0.5f, R2)}};
	b.rot = sw_quat_from_mat3(&m);
	return b;
}

Test(obb3_hand, edge_on_approach_edge_axis_wins)
{
	sc_box a = cube(0, 0, 0, 1), b = edge_box(3, 3, 0);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-2, -2, 0));
	expect_status(&o, SW_HIT);
	/* along u = (1,1,0)/√2 = z × (−1,1,0)/√2: rA = 2/√2 = √2, rB = 2/√2 = √2, centre at 3√2 → gap √2;
	 * closing speed |(−2,−2,0)| = 2√2 → t = 0.5; every face axis still overlaps then (by 1/√2) */
	expect_times(&o, 0.5, 1.0, T_TOL);
	expect_normal(&o, v3(R2, R2, 0));
	/* edge A_2 (z) × edge B_1 → 6 + 3·2 + 1 */
	cr_assert_eq(o.feature, 13, "feature %u, want 13 (edge A2 × B1)", o.feature);
}

/* B's rows are (1,1,1)/√3, (1,−1,0)/√2, (1,1,−2)/√6: every axis of B is at 1/√3 to x, so its
 * vertex −b0 − b1 − b2 = (−√3, 0, 0) from the centre points straight at A */
static sc_box corner_box(float x, float y, float z)
{
	const float s3 = 0.57735027f, s6 = 0.40824829f;
	sc_box b = cube(x, y, z, 1);
	sw_mat3 m = {{v3(s3, R2, s6), v3(s3, -R2, s6), v3(s3, 0, -2 * s6)}};
	b.rot = sw_quat_from_mat3(&m);
	return b;
}

Test(obb3_hand, corner_first_hits_face)
{
	sc_box a = cube(0, 0, 0, 1), b = corner_box(5, 0, 0);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	expect_status(&o, SW_HIT);
	/* vertex at x = 5 − √3 − 4t reaches the face x = 1 → t = (4 − √3)/4 = 1 − √3/4 */
	expect_times(&o, 1.0 - sqrt(3.0) / 4.0, 1.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
	cr_assert_eq(o.feature, 0, "feature %u, want 0 (face A0)", o.feature);
}

Test(obb3_hand, rotated_45_edge_hits_face)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(5, 0, 0, 1);
	b.rot = sw_quat_from_axis_angle(v3(0, 0, 1), 0.78539816f);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	expect_status(&o, SW_HIT);
	/* B's half width along x is cos 45° + sin 45° = √2: gap 4 − √2, speed 4 → t = 1 − √2/4 */
	expect_times(&o, 1.0 - sqrt(2.0) / 4.0, 1.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, both_rotated_45_vertex_to_vertex)
{
	sw_quat r = sw_quat_from_axis_angle(v3(0, 0, 1), 0.78539816f);
	sc_box a = cube(0, 0, 0, 1), b = cube(5, 0, 0, 1);
	a.rot = r, b.rot = r;
	/* both boxes show a vertical edge to each other (parallel edges: degenerate z × z axis) */
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	expect_status(&o, SW_HIT);
	/* along the face normal (1,1,0)/√2 the centres are 5/√2 apart and radii sum to 2:
	 * 5/√2 − 4t/√2 = 2 → t = (5 − 2√2)/4; the normal is either face diagonal */
	expect_times(&o, (5.0 - 2.0 * sqrt(2.0)) / 4.0, 1.0, T_TOL);
	cr_assert(fabsf(o.normal.x - R2) <= 1e-4f && fabsf(fabsf(o.normal.y) - R2) <= 1e-4f &&
			  fabsf(o.normal.z) <= 1e-4f,
		  "normal (%g %g %g), want (1, ±1, 0)/√2", o.normal.x, o.normal.y, o.normal.z);
}

Test(obb3_hand, near_parallel_edges_no_false_separation)
{
	/* B turned 1e-4 rad about z: z × z is exactly zero (no information, skipped) and x × b0 has
	 * length 1e-4 (kept: it must measure honestly, not separate them on rounding noise) */
	sc_box a = cube(0, 0, 0, 1), b = cube(5, 0, 0, 1);
	b.rot = sw_quat_from_axis_angle(v3(0, 0, 1), 1e-4f);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	expect_status(&o, SW_HIT);
	/* B's half width along x is cos θ + sin θ ≈ 1 + 1e-4: gap 3 − 1e-4, speed 4 */
	expect_times(&o, (3.0 - 1e-4) / 4.0, 1.0, T_TOL);
	/* overlapping by about 0.5 along x, offset in y and z: the near-parallel axes must not separate them */
	b.center = v3(1.5f, 0.5f, -0.5f);
	o = sweep(&a, v3(0, 0, 0), &b, v3(0, 0, 0));
	expect_status(&o, SW_STARTS_OVERLAPPED);
	expect_times(&o, 0.0, 1.0, T_TOL);
	uint32_t axis = 0;
	cr_assert_eq(overlap_axis(&a, &b, &axis), SW_HIT);
}

/* ---- contact at the ends of the step ---- */

Test(obb3_hand, touching_exactly_at_end)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(6, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	/* gap 4, speed 4 → first touch at t = 1 exactly: closed interval, so a hit */
	expect_status(&o, SW_HIT);
	expect_times(&o, 1.0, 1.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, touching_just_after_end_misses)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(6.01f, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	/* gap 4.01, speed 4 → contact at t = 1.0025 > 1 */
	expect_status(&o, SW_MISS);
}

Test(obb3_hand, touching_at_start_sliding)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(2, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(0, 3, 0));
	/* faces touch at x = 1; B slides along y and leaves when 3t = 2 → t_last = 2/3 */
	expect_status(&o, SW_STARTS_OVERLAPPED);
	expect_times(&o, 0.0, 2.0 / 3.0, T_TOL);
	/* least penetration: 0 along x against 2 along y and z */
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, touching_at_start_separating)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(2, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(1, 0, 0));
	/* touch at t = 0 only: the gap is t for t > 0 */
	expect_status(&o, SW_STARTS_OVERLAPPED);
	expect_times(&o, 0.0, 0.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, overlapping_at_start_least_penetration)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(2.5f, 0.5f, 0, 1);
	a.half = v3(2, 1, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(3, 0, 0));
	expect_status(&o, SW_STARTS_OVERLAPPED);
	/* penetration x: 3 − 2.5 = 0.5, y: 2 − 0.5 = 1.5, z: 2 → x, from A to B is +x;
	 * B leaves when 2.5 + 3t = 3 → t_last = 1/6 */
	expect_times(&o, 0.0, 1.0 / 6.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
	cr_assert(o.feature == 0 || o.feature == 3 || o.feature == 11 || o.feature == 13, "feature %u is not an x axis",
		  o.feature);
}

Test(obb3_hand, overlapping_at_start_negative_side)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(0.3f, -1.6f, 0, 1);
	a.half = v3(2, 1, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(1, 0, 0));
	expect_status(&o, SW_STARTS_OVERLAPPED);
	/* penetration x: 3 − 0.3 = 2.7, y: 2 − 1.6 = 0.4, z: 2 → y, B is below: −y;
	 * at t = 1 B is at x = 1.3 < 3, still overlapping → t_last = 1 */
	expect_times(&o, 0.0, 1.0, T_TOL);
	expect_normal(&o, v3(0, -1, 0));
}

/* ---- misses ---- */

Test(obb3_hand, moving_apart)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(3, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(-1, 0, 0), &b, v3(2, 0, 0));
	/* gap 1 grows by 3 per unit time: contact only at t < 0 */
	expect_status(&o, SW_MISS);
}

Test(obb3_hand, approaching_too_slowly)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(5, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-2, 0, 0));
	/* gap 3, speed 2 → contact at t = 1.5 > 1 */
	expect_status(&o, SW_MISS);
}

Test(obb3_hand, zero_motion_separated)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(3, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(0, 0, 0));
	/* gap 1 forever */
	expect_status(&o, SW_MISS);
}

Test(obb3_hand, zero_motion_overlapping)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(1.5f, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(0, 0, 0));
	/* overlap 0.5 along x forever → t_last = 1 */
	expect_status(&o, SW_STARTS_OVERLAPPED);
	expect_times(&o, 0.0, 1.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, same_velocity_separated)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(3, 0, 0, 1);
	sw_sweep_result o = sweep(&a, v3(10, -3, 2), &b, v3(10, -3, 2));
	/* no relative motion: gap 1 forever */
	expect_status(&o, SW_MISS);
}

Test(obb3_hand, same_velocity_overlapping)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(0, 0, 1.25f, 1);
	sw_sweep_result o = sweep(&a, v3(10, -3, 2), &b, v3(10, -3, 2));
	/* overlap 0.75 along z forever → t_last = 1, normal +z */
	expect_status(&o, SW_STARTS_OVERLAPPED);
	expect_times(&o, 0.0, 1.0, T_TOL);
	expect_normal(&o, v3(0, 0, 1));
}

/* ---- sliding past each other ---- */

Test(obb3_hand, sliding_touching_faces_enter_and_leave)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(2, -5, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(0, 10, 0));
	/* x faces stay exactly in contact (gap 0); along y they touch while |−5 + 10t| ≤ 2 → [0.3, 0.7] */
	expect_status(&o, SW_HIT);
	expect_times(&o, 0.3, 0.7, T_TOL);
	/* x never separates; y is the axis crossed last, from A to B it is −y */
	expect_normal(&o, v3(0, -1, 0));
}

Test(obb3_hand, sliding_touching_faces_from_start)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(2, -1, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(0, 10, 0));
	/* touching at t = 0; along y contact lasts while −1 + 10t ≤ 2 → t_last = 0.3 */
	expect_status(&o, SW_STARTS_OVERLAPPED);
	expect_times(&o, 0.0, 0.3, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, sliding_past_with_gap_misses)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(2.01f, -5, 0, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(0, 10, 0));
	/* a constant gap of 0.01 along x */
	expect_status(&o, SW_MISS);
}

/* ---- extreme scales ---- */

Test(obb3_hand, tunnelling_fast_motion)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(500, 0.5f, -0.25f, 1);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-1000, 0, 0));
	expect_status(&o, SW_HIT);
	/* contact while |500 − 1000t| ≤ 2 → [0.498, 0.502]; y, z offsets stay inside */
	expect_times(&o, 0.498, 0.502, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, offset_1e4_face_on)
{
	sw_vec3 off = v3(1e4f, -1e4f, 1e4f);
	sc_box a = cube(0, 0, 0, 1), b = cube(5, 0, 0, 1);
	a.center = shifted(a.center, off), b.center = shifted(b.center, off);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	expect_status(&o, SW_HIT);
	/* as face_on_approach: t = 0.75, closing speed 4 */
	expect_times(&o, 0.75, 1.0, offset_tol(4));
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, offset_1e4_edge_on)
{
	sw_vec3 off = v3(1e4f, -1e4f, 1e4f);
	sc_box a = cube(0, 0, 0, 1), b = edge_box(3, 3, 0);
	a.center = shifted(a.center, off), b.center = shifted(b.center, off);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-2, -2, 0));
	expect_status(&o, SW_HIT);
	/* as edge_on_approach_edge_axis_wins: t = 0.5, closing speed 2√2 */
	expect_times(&o, 0.5, 1.0, offset_tol(2.0 * sqrt(2.0)));
	cr_assert_eq(o.feature, 13, "feature %u, want 13 (edge A2 × B1)", o.feature);
}

Test(obb3_hand, offset_1e4_corner_and_exit)
{
	sw_vec3 off = v3(1e4f, -1e4f, 1e4f);
	sc_box a = cube(0, 0, 0, 1), b = corner_box(5, 0, 0);
	a.center = shifted(a.center, off), b.center = shifted(b.center, off);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0));
	expect_status(&o, SW_HIT);
	expect_times(&o, 1.0 - sqrt(3.0) / 4.0, 1.0, offset_tol(4));
	/* passes_through_within_step shifted: [0.25, 0.75] at closing speed 8 */
	sc_box c = cube(4, 0, 0, 1);
	c.center = shifted(c.center, off);
	o = sweep(&a, v3(0, 0, 0), &c, v3(-8, 0, 0));
	expect_status(&o, SW_HIT);
	expect_times(&o, 0.25, 0.75, offset_tol(8));
}

Test(obb3_hand, tiny_boxes_face_on)
{
	sc_box a = cube(0, 0, 0, 1e-3f), b = cube(5e-3f, 0, 0, 1e-3f);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-4e-3f, 0, 0));
	expect_status(&o, SW_HIT);
	/* face_on_approach scaled by 1e-3: gap 3e-3, speed 4e-3 → t = 0.75 */
	expect_times(&o, 0.75, 1.0, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

Test(obb3_hand, tiny_boxes_edge_on)
{
	sc_box a = cube(0, 0, 0, 1e-3f), b = edge_box(3e-3f, 3e-3f, 0);
	b.half = v3(1e-3f, 1e-3f, 1e-3f);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(-2e-3f, -2e-3f, 0));
	expect_status(&o, SW_HIT);
	/* edge_on_approach scaled by 1e-3: t = 0.5 */
	expect_times(&o, 0.5, 1.0, T_TOL);
	cr_assert_eq(o.feature, 13, "feature %u, want 13 (edge A2 × B1)", o.feature);
}

Test(obb3_hand, tiny_boxes_gap_misses)
{
	sc_box a = cube(0, 0, 0, 1e-3f), b = cube(3e-3f, -5e-3f, 0, 1e-3f);
	sw_sweep_result o = sweep(&a, v3(0, 0, 0), &b, v3(0, 1e-2f, 0));
	/* slides past with a constant gap of 1e-3 along x */
	expect_status(&o, SW_MISS);
	/* the same but closing the 1e-3 gap at 2e-3 per step → t = 0.5 */
	o = sweep(&a, v3(0, 0, 0), &b, v3(-2e-3f, 1e-2f, 0));
	expect_status(&o, SW_HIT);
	/* along y contact is |−5e-3 + 1e-2 t| ≤ 2e-3 → [0.3, 0.7], so x is crossed last at 0.5 */
	expect_times(&o, 0.5, 0.7, T_TOL);
	expect_normal(&o, v3(1, 0, 0));
}

/* ---- static overlap ---- */

Test(obb3_hand, overlap_static_overlapping_and_touching)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(1.5f, 0.5f, 0, 1);
	uint32_t axis = 0;
	cr_assert_eq(overlap_axis(&a, &b, &axis), SW_HIT);
	cr_assert_eq(axis, SW_FEATURE_NONE, "axis %u on overlap", axis);
	/* faces exactly in contact at x = 1 count as overlap */
	b = cube(2, 0, 0, 1);
	axis = 0;
	cr_assert_eq(overlap_axis(&a, &b, &axis), SW_HIT);
	cr_assert_eq(axis, SW_FEATURE_NONE, "axis %u on touching", axis);
	cr_assert_eq(overlap_axis(&a, &b, NULL), SW_HIT);
}

Test(obb3_hand, overlap_static_separated_face_a)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(0, 3, 0, 1);
	uint32_t axis = 0;
	/* x does not separate (0 ≤ 2), y does (3 > 2): first separating axis is 1 */
	cr_assert_eq(overlap_axis(&a, &b, &axis), SW_MISS);
	cr_assert_eq(axis, 1, "axis %u, want 1", axis);
	cr_assert_eq(overlap_axis(&a, &b, NULL), SW_MISS);
}

Test(obb3_hand, overlap_static_separated_face_b)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(2.2f, 2.2f, 0, 1);
	b.rot = sw_quat_from_axis_angle(v3(0, 0, 1), 0.78539816f);
	uint32_t axis = 0;
	/* A's x and y: 2.2 − 1 − √2 < 0; B's b0 = (1,1,0)/√2: 2.2√2 − √2 − 1 ≈ 0.70 > 0 → axis 3 */
	cr_assert_eq(overlap_axis(&a, &b, &axis), SW_MISS);
	cr_assert_eq(axis, 3, "axis %u, want 3", axis);
}

Test(obb3_hand, overlap_static_separated_edge)
{
	sc_box a = cube(0, 0, 0, 1), b = edge_box(2.1f, 2.1f, 0);
	uint32_t axis = 0;
	/* edge_on geometry before contact: along u the gap is 2.1√2 − 2√2 ≈ 0.14, while every face axis
	 * overlaps (2.1 − 1 − (1 + 1/√2) < 0) and the other edge axes too: only 13 separates */
	cr_assert_eq(overlap_axis(&a, &b, &axis), SW_MISS);
	cr_assert_eq(axis, 13, "axis %u, want 13", axis);
	/* moved 0.2 closer along u they overlap */
	b.center = v3(1.9f, 1.9f, 0);
	cr_assert_eq(overlap_axis(&a, &b, &axis), SW_HIT);
}

/* ---- bad input (mostly covered elsewhere) ---- */

Test(obb3_hand, invalid_input_is_reported)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(5, 0, 0, 1);
	sw_sweep_result o;
	b.center.y = NAN;
	cr_assert_eq(sc_obb3_sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0), &o), SW_PAIR_INVALID);
	b = cube(5, 0, 0, 1);
	b.half.z = 0;
	cr_assert_eq(sc_obb3_sweep(&a, v3(0, 0, 0), &b, v3(-4, 0, 0), &o), SW_PAIR_INVALID);
	cr_assert(isnan(o.t_first) && isnan(o.t_last), "invalid: times not NaN");
	cr_assert_eq(o.feature, SW_FEATURE_NONE);
	/* a NULL pointer is a call error, not a pair's answer */
	sw_obb3 sa = sc_box_shape(&a);
	cr_assert_eq(sw_obb3_sweep(&sa, sc_box_pose(&a), v3(0, 0, 0), NULL, sc_box_pose(&b), v3(0, 0, 0), &o),
		     SW_ERR_NULL);
	cr_assert_eq(sw_obb3_sweep(&sa, sc_box_pose(&a), v3(0, 0, 0), &sa, sc_box_pose(&b), v3(0, 0, 0), NULL),
		     SW_ERR_NULL);
	sw_overlap_result ov;
	cr_assert_eq(sw_obb3_overlap(NULL, sc_box_pose(&a), &sa, sc_box_pose(&b), &ov), SW_ERR_NULL);
}

/* static penetration of two unit cubes */
Test(obb3_hand, penetration_depth_and_gap)
{
	sc_box a = cube(0, 0, 0, 1), b = cube(1.5f, 0.2f, 0, 1);
	sw_overlap_result o;
	/* overlap 2 − 1.5 = 0.5 along x, 1.8 along y, 2 along z: face x of A (axis 0), normal +x */
	cr_assert_eq(sc_obb3_overlap(&a, &b, &o), SW_HIT);
	cr_expect(fabsf(o.depth - 0.5f) < 1e-6f && o.feature == 0 && fabsf(o.normal.x - 1) < 1e-6f, "depth %g ft %u",
		  o.depth, o.feature);
	/* B below A by 3.5 along y: gap 1.5 on face y of A (axis 1), normal −y */
	b = cube(0, -3.5f, 0, 1);
	cr_assert_eq(sc_obb3_overlap(&a, &b, &o), SW_MISS);
	cr_expect(fabsf(o.depth - 1.5f) < 1e-6f && o.feature == 1 && fabsf(o.normal.y + 1) < 1e-6f, "gap %g ft %u",
		  o.depth, o.feature);
	/* B turned 45° about z at x = 2.2: A's x face meets B's edge; depth 1 + √2 − 2.2 along x */
	b = cube(2.2f, 0, 0, 1);
	b.rot = sw_quat_from_axis_angle(v3(0, 0, 1), 0.78539816f);
	cr_assert_eq(sc_obb3_overlap(&a, &b, &o), SW_HIT);
	cr_expect(fabs(o.depth - (1 + sqrt(2.0) - 2.2)) < 1e-5, "depth %g", o.depth);
	b.half.x = -1;
	cr_expect_eq(sc_obb3_overlap(&a, &b, &o), SW_PAIR_INVALID);
	cr_expect(isnan(o.depth));
}
