/* tests/test_gjk_hand.c — the GJK queries (swept/gjk.h) against hand-derived answers: touching,
 * grazing, parallel faces, rays along a face, from inside and of zero length, zero relative motion,
 * rounded shapes touching only through their radii, offsets of 1e4, tiny shapes, long needles, fast
 * motion, bad input and the iteration cap. Expected values come from the arithmetic in the comments.
 * Tolerances: 1e-5 of the pair's size (doc/numerics.md, "GJK"). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <swept/swept.h>

#include "ref/gjk_ref.h"

#define TOL 1e-5

static const sw_quat ID = {0, 0, 0, 1};

static sw_pose3 at(float x, float y, float z)
{
	sw_pose3 p = {{x, y, z}, {0, 0, 0, 1}};
	return p;
}

static sw_pose2 at2(float x, float y)
{
	sw_pose2 p = {{x, y}, {1, 0}};
	return p;
}

static void near3(sw_vec3 v, double x, double y, double z, double tol)
{
	cr_expect(fabs(v.x - x) <= tol && fabs(v.y - y) <= tol && fabs(v.z - z) <= tol,
		  "(%.9g %.9g %.9g) vs (%.9g %.9g %.9g)", v.x, v.y, v.z, x, y, z);
}

/* a 2D query's answer vector: (x, y) and z exactly 0 */
static void near2(sw_vec3 v, double x, double y, double tol)
{
	cr_expect(fabs(v.x - x) <= tol && fabs(v.y - y) <= tol && v.z == 0, "(%.9g %.9g %.9g) vs (%.9g %.9g 0)", v.x,
		  v.y, v.z, x, y);
}

static void near(double got, double want, double tol)
{
	cr_expect(fabs(got - want) <= tol, "%.9g vs %.9g (tol %.3g)", got, want, tol);
}

/* the queries as their status, the call itself expected to succeed */
static sw_status overlap3(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb, const sw_gjk_opts *o,
			  sw_overlap_result *out)
{
	cr_assert_eq(sw_gjk3_overlap(a, pa, b, pb, o, out), SW_OK);
	return out->status;
}

static sw_status distance3(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb, const sw_gjk_opts *o,
			   sw_distance_result *out)
{
	cr_assert_eq(sw_gjk3_distance(a, pa, b, pb, o, out), SW_OK);
	return out->status;
}

static sw_status ray3(const sw_shape3 *s, sw_pose3 ps, sw_vec3 origin, sw_vec3 delta, const sw_gjk_opts *o,
		      sw_cast_result *out)
{
	cr_assert_eq(sw_gjk3_ray(s, ps, origin, delta, o, out), SW_OK);
	return out->status;
}

static sw_status cast3(const sw_shape3 *a, sw_pose3 pa, sw_vec3 da, const sw_shape3 *b, sw_pose3 pb, sw_vec3 db,
		       const sw_gjk_opts *o, sw_cast_result *out)
{
	cr_assert_eq(sw_gjk3_cast(a, pa, da, b, pb, db, o, out), SW_OK);
	return out->status;
}

static sw_status overlap2(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb, const sw_gjk_opts *o,
			  sw_overlap_result *out)
{
	cr_assert_eq(sw_gjk2_overlap(a, pa, b, pb, o, out), SW_OK);
	return out->status;
}

static sw_status distance2(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb, const sw_gjk_opts *o,
			   sw_distance_result *out)
{
	cr_assert_eq(sw_gjk2_distance(a, pa, b, pb, o, out), SW_OK);
	return out->status;
}

static sw_status ray2(const sw_shape2 *s, sw_pose2 ps, sw_vec2 origin, sw_vec2 delta, const sw_gjk_opts *o,
		      sw_cast_result *out)
{
	cr_assert_eq(sw_gjk2_ray(s, ps, origin, delta, o, out), SW_OK);
	return out->status;
}

static sw_status cast2(const sw_shape2 *a, sw_pose2 pa, sw_vec2 da, const sw_shape2 *b, sw_pose2 pb, sw_vec2 db,
		       const sw_gjk_opts *o, sw_cast_result *out)
{
	cr_assert_eq(sw_gjk2_cast(a, pa, da, b, pb, db, o, out), SW_OK);
	return out->status;
}

static sw_shape3 box(float hx, float hy, float hz) { return sw_shape3_box(sw_v3(hx, hy, hz), 0); }

/* the unit cube [−1, 1]³ as 8 vertices (a hull-like vertex core) */
static const sw_vec3 CUBE[8] = {{-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {1, 1, -1},
				{-1, -1, 1},  {1, -1, 1},  {-1, 1, 1},  {1, 1, 1}};
static const sw_vec3 ORIGIN = {0, 0, 0};

Test(gjk3_distance, separated_boxes_face_to_face)
{
	sw_shape3 a = box(1, 1, 1), b = box(0.5f, 0.5f, 0.5f);
	sw_distance_result o;
	/* B's face x = 2.5 − 0.5 = 2 faces A's x = 1: distance 1 along +x */
	cr_expect_eq(distance3(&a, at(0, 0, 0), &b, at(2.5f, 0.25f, -0.25f), NULL, &o), SW_MISS);
	near(o.distance, 1, TOL);
	near3(o.normal, 1, 0, 0, TOL);
	near(o.point_a.x, 1, TOL);
	near(o.point_b.x, 2, TOL);
	near(o.point_b.y - o.point_a.y, 0, TOL);
	cr_expect_eq(o.feature, SW_FEATURE_NONE);
}

Test(gjk3_distance, vertex_cloud_equals_box)
{
	sw_shape3 a = sw_shape3_verts(CUBE, 8, 0), b = box(1, 1, 1);
	sw_distance_result o;
	sw_quat q = sw_quat_from_axis_angle(sw_v3(0, 0, 1), 0.78539816f);
	/* B turned 45° about z: its edge reaches √2 towards A, so the gap along x is 4 − 1 − √2 */
	cr_expect_eq(distance3(&a, at(0, 0, 0), &b, (sw_pose3){{4, 0, 0}, q}, NULL, &o), SW_MISS);
	near(o.distance, 3 - sqrt(2.0), TOL * 4);
	near3(o.normal, 1, 0, 0, TOL);
}

Test(gjk3_distance, touching_faces)
{
	sw_shape3 a = box(1, 1, 1);
	sw_distance_result o;
	sw_overlap_result ov;
	/* faces x = 1 coincide: cores touch */
	cr_expect_eq(distance3(&a, at(0, 0, 0), &a, at(2, 0.5f, 0), NULL, &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(o.distance, 0);
	near3(o.normal, 0, 0, 0, 0);
	near(o.point_a.x, 1, TOL);
	cr_expect_eq(overlap3(&a, at(0, 0, 0), &a, at(2, 0.5f, 0), NULL, &ov), SW_HIT);
	/* 1e-3 apart: a miss with a separating axis along +x */
	cr_expect_eq(overlap3(&a, at(0, 0, 0), &a, at(2.001f, 0.5f, 0), NULL, &ov), SW_MISS);
	near3(ov.normal, 1, 0, 0, 1e-4);
	cr_expect_eq(distance3(&a, at(0, 0, 0), &a, at(2.001f, 0.5f, 0), NULL, &o), SW_MISS);
	near(o.distance, 1e-3, TOL);
}

Test(gjk3_distance, deep_overlap)
{
	sw_shape3 a = sw_shape3_verts(CUBE, 8, 0.1f), b = box(1, 1, 1);
	sw_distance_result o;
	cr_expect_eq(distance3(&a, at(0, 0, 0), &b, at(0.3f, 0.2f, 0.1f), NULL, &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(o.distance, 0);
	/* the common point lies in both cores */
	cr_expect(fabsf(o.point_a.x) <= 1 && fabsf(o.point_a.x - 0.3f) <= 1 + 1e-6);
	cr_expect_eq(o.point_a.y, o.point_b.y);
}

Test(gjk3_distance, rounded_touch_through_radius)
{
	/* two capsules along y, axes 1 apart, radii 0.6: overlapping by 0.2 through the radii */
	const sw_vec3 seg[2] = {{0, -1, 0}, {0, 1, 0}};
	sw_shape3 c = sw_shape3_verts(seg, 2, 0.6f);
	sw_distance_result o;
	sw_overlap_result ov;
	cr_expect_eq(distance3(&c, at(0, 0, 0), &c, at(0, 0.5f, 1), NULL, &o), SW_HIT);
	near(o.distance, -0.2, TOL);
	near3(o.normal, 0, 0, 1, TOL);
	near(o.point_a.z, 0.6, TOL);
	near(o.point_b.z, 0.4, TOL);
	cr_expect_eq(overlap3(&c, at(0, 0, 0), &c, at(0, 0.5f, 1), NULL, &ov), SW_HIT);
	/* 1.3 apart: 0.1 of clearance */
	cr_expect_eq(distance3(&c, at(0, 0, 0), &c, at(0, 0.5f, 1.3f), NULL, &o), SW_MISS);
	near(o.distance, 0.1, TOL);
	cr_expect_eq(overlap3(&c, at(0, 0, 0), &c, at(0, 0.5f, 1.3f), NULL, &ov), SW_MISS);
}

Test(gjk3_distance, far_offset)
{
	/* the face-to-face case 1e4 from the origin (positions exactly representable) */
	sw_shape3 a = box(1, 1, 1), b = box(0.5f, 0.5f, 0.5f);
	sw_distance_result o;
	cr_expect_eq(distance3(&a, at(10000, -10000, 10000), &b, at(10002.5f, -9999.75f, 9999.75f), NULL, &o), SW_MISS);
	near(o.distance, 1, TOL);
	near3(o.normal, 1, 0, 0, TOL);
	near(o.point_a.x, 10001, 2e-3);
}

Test(gjk3_distance, tiny_shapes)
{
	/* the face-to-face case scaled by 1e-6 */
	sw_shape3 a = box(1e-6f, 1e-6f, 1e-6f), b = box(0.5e-6f, 0.5e-6f, 0.5e-6f);
	sw_distance_result o;
	cr_expect_eq(distance3(&a, at(0, 0, 0), &b, at(2.5e-6f, 0.25e-6f, -0.25e-6f), NULL, &o), SW_MISS);
	near(o.distance, 1e-6, TOL * 1e-6);
	near3(o.normal, 1, 0, 0, TOL);
}

Test(gjk3_distance, needle)
{
	/* a needle 100 long along x, 1e-3 thick, above a unit box: gap 0.5 − 1e-3 along z */
	sw_shape3 a = box(1, 1, 1), n = box(50, 1e-3f, 1e-3f);
	sw_distance_result o;
	cr_expect_eq(distance3(&a, at(0, 0, 0), &n, at(20, 0.3f, 1.5f), NULL, &o), SW_MISS);
	near(o.distance, 0.5 - 1e-3, 100 * TOL);
	near3(o.normal, 0, 0, 1, TOL);
}

Test(gjk3_ray, box_face_and_inside)
{
	sw_shape3 a = box(1, 1, 1);
	sw_cast_result o;
	/* from x = −5 along +x over 10: enters x = −1 at t = 0.4 */
	cr_expect_eq(ray3(&a, at(0, 0, 0), sw_v3(-5, 0.2f, 0.1f), sw_v3(10, 0, 0), NULL, &o), SW_HIT);
	near(o.t, 0.4, TOL);
	near3(o.point, -1, 0.2, 0.1, 10 * TOL);
	/* the ray is side A: its normal points from the ray into the box, against the face's */
	near3(o.normal, 1, 0, 0, TOL);
	/* from inside */
	cr_expect_eq(ray3(&a, at(0, 0, 0), sw_v3(0.2f, 0.1f, 0), sw_v3(10, 0, 0), NULL, &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(o.t, 0);
	near3(o.normal, 0, 0, 0, 0);
	near3(o.point, 0.2, 0.1, 0, 1e-7);
	/* too short: ends at x = −1.5 */
	cr_expect_eq(ray3(&a, at(0, 0, 0), sw_v3(-5, 0.2f, 0.1f), sw_v3(3.5f, 0, 0), NULL, &o), SW_MISS);
	cr_expect_eq(o.t, 1);
	near3(o.point, 0, 0, 0, 0);
	near3(o.normal, 0, 0, 0, 0);
	/* pointing away */
	cr_expect_eq(ray3(&a, at(0, 0, 0), sw_v3(-5, 0.2f, 0.1f), sw_v3(-10, 0, 0), NULL, &o), SW_MISS);
}

Test(gjk3_ray, along_a_face)
{
	sw_shape3 a = box(1, 1, 1);
	sw_cast_result o;
	/* just inside the plane y = 1: hits the face x = −1 at t = 0.4; just outside: a miss */
	cr_expect_eq(ray3(&a, at(0, 0, 0), sw_v3(-5, 0.999f, 0), sw_v3(10, 0, 0), NULL, &o), SW_HIT);
	near(o.t, 0.4, TOL);
	near3(o.normal, 1, 0, 0, TOL);
	cr_expect_eq(ray3(&a, at(0, 0, 0), sw_v3(-5, 1.001f, 0), sw_v3(10, 0, 0), NULL, &o), SW_MISS);
}

Test(gjk3_ray, zero_length_is_a_point_query)
{
	sw_shape3 a = sw_shape3_verts(CUBE, 8, 0.5f);
	sw_cast_result o;
	/* (1.3, 0, 0) is inside the rounded cube (core face at 1, radius 0.5) */
	cr_expect_eq(ray3(&a, at(0, 0, 0), sw_v3(1.3f, 0, 0), sw_v3(0, 0, 0), NULL, &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(ray3(&a, at(0, 0, 0), sw_v3(1.6f, 0, 0), sw_v3(0, 0, 0), NULL, &o), SW_MISS);
	cr_expect_eq(o.t, 1);
}

Test(gjk3_ray, sphere_quadratic)
{
	sw_shape3 s = sw_shape3_verts(&ORIGIN, 1, 0.5f);
	sw_cast_result o;
	/* |(−5 + 10t, 0.2, 0.1)| = 0.5: 10t = 5 − √0.2 */
	cr_expect_eq(ray3(&s, at(0, 0, 0), sw_v3(-5, 0.2f, 0.1f), sw_v3(10, 0, 0), NULL, &o), SW_HIT);
	near(o.t, (5 - sqrt(0.2)) / 10, TOL);
	near3(o.normal, sqrt(0.2) / 0.5, -0.4, -0.2, 1e-4);
}

Test(gjk3_cast, parallel_faces)
{
	sw_shape3 a = box(1, 1, 1), b = box(0.5f, 0.5f, 0.5f);
	sw_cast_result o;
	/* B's bottom at 4 − 0.5 − 4t meets z = 1 at t = 0.625 */
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(0, 0, 0), &b, at(0.3f, 0, 4), sw_v3(0, 0, -4), NULL, &o), SW_HIT);
	near(o.t, 0.625, TOL);
	near3(o.normal, 0, 0, 1, TOL);
	near(o.point.z, 1, TOL);
	cr_expect(o.point.x >= -0.2f - 1e-5f && o.point.x <= 0.8f + 1e-5f, "point %g in the contact patch", o.point.x);
	/* A moving up instead: same relative motion, A's top at 1 + 2t meets 3.5 − 2t at t = 0.625, and the
	 * contact point is reported where A is then */
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(0, 0, 2), &b, at(0.3f, 0, 4), sw_v3(0, 0, -2), NULL, &o), SW_HIT);
	near(o.t, 0.625, TOL);
	near(o.point.z, 2.25, TOL);
}

Test(gjk3_cast, grazing)
{
	sw_shape3 a = box(1, 1, 1);
	sw_cast_result o;
	/* B slides along −x…+x with its bottom 1e-3 below A's top: enters x = −1 at t = 0.3 */
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(0, 0, 0), &a, at(-5, 0, 1.999f), sw_v3(10, 0, 0), NULL, &o), SW_HIT);
	near(o.t, 0.3, TOL);
	near3(o.normal, -1, 0, 0, TOL);
	/* 1e-3 above: a miss */
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(0, 0, 0), &a, at(-5, 0, 2.001f), sw_v3(10, 0, 0), NULL, &o), SW_MISS);
	cr_expect_eq(o.t, 1);
}

Test(gjk3_cast, starts_overlapped_and_zero_motion)
{
	sw_shape3 a = box(1, 1, 1);
	sw_cast_result o;
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(1, 0, 0), &a, at(1.5f, 0, 0), sw_v3(-1, 0, 0), NULL, &o),
		     SW_STARTS_OVERLAPPED);
	cr_expect_eq(o.t, 0);
	near3(o.normal, 0, 0, 0, 0);
	/* same displacement: no relative motion, apart → miss */
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(3, 1, 0), &a, at(2.5f, 0, 0), sw_v3(3, 1, 0), NULL, &o), SW_MISS);
	/* touching at t = 0 counts as starting overlapped */
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(0, 0, 0), &a, at(2, 0, 0), sw_v3(1, 0, 0), NULL, &o),
		     SW_STARTS_OVERLAPPED);
	/* touching exactly at t = 1 is a hit; contact after t = 1 a miss */
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(0, 0, 0), &a, at(4, 0, 0), sw_v3(-2, 0, 0), NULL, &o), SW_HIT);
	near(o.t, 1, TOL);
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(0, 0, 0), &a, at(4.01f, 0, 0), sw_v3(-2, 0, 0), NULL, &o), SW_MISS);
}

Test(gjk3_cast, rounded_spheres_and_target)
{
	sw_shape3 s = sw_shape3_verts(&ORIGIN, 1, 0.5f);
	sw_cast_result o;
	/* centres 3 apart closing at 3: |3 − 3t| = 1 at t = 2/3; contact point on A at x = 0.5 */
	cr_expect_eq(cast3(&s, at(0, 0, 0), sw_v3(0, 0, 0), &s, at(3, 0, 0), sw_v3(-3, 0, 0), NULL, &o), SW_HIT);
	near(o.t, 2.0 / 3, TOL);
	near3(o.normal, 1, 0, 0, TOL);
	near3(o.point, 0.5, 0, 0, TOL);
	/* a target separation of 0.3 stops earlier: |3 − 3t| = 1.3 at t = 1.7/3 */
	sw_gjk_opts opts = {0, 0.3f};
	cr_expect_eq(cast3(&s, at(0, 0, 0), sw_v3(0, 0, 0), &s, at(3, 0, 0), sw_v3(-3, 0, 0), &opts, &o), SW_HIT);
	near(o.t, 1.7 / 3, TOL);
	/* within the target at t = 0: starts overlapped, with the normal of the closest core points */
	cr_expect_eq(cast3(&s, at(0, 0, 0), sw_v3(0, 0, 0), &s, at(0, 1.2f, 0), sw_v3(-3, 0, 0), &opts, &o),
		     SW_STARTS_OVERLAPPED);
	near3(o.normal, 0, 1, 0, TOL);
	near3(o.point, 0, 0.5, 0, TOL);
}

Test(gjk3_cast, rounded_box_onto_capsule)
{
	/* a box of half 1 rounded by 0.25 under a horizontal capsule of radius 0.25 falling by 4:
	 * the capsule's axis at 3 − 4t meets 1 + 0.25 + 0.25 at t = 0.375 */
	sw_shape3 a = sw_shape3_box(sw_v3(1, 1, 1), 0.25f);
	const sw_vec3 seg[2] = {{-3, 0, 0}, {3, 0, 0}};
	sw_shape3 c = sw_shape3_verts(seg, 2, 0.25f);
	sw_cast_result o;
	cr_expect_eq(cast3(&a, at(0, 0, 0), sw_v3(0, 0, 0), &c, at(0, 0.5f, 3), sw_v3(0, 0, -4), NULL, &o), SW_HIT);
	near(o.t, 0.375, TOL);
	near3(o.normal, 0, 0, 1, TOL);
	near(o.point.z, 1.25, TOL);
}

Test(gjk3_cast, fast_thin)
{
	/* a sphere of radius 0.1 crossing a slab 0.01 thick at speed 2000: no tunnelling; its front at
	 * −1000 + 0.1 + 2000t reaches x = −0.005 at t = (1000 − 0.105)/2000 */
	sw_shape3 slab = box(0.005f, 5, 5), s = sw_shape3_verts(&ORIGIN, 1, 0.1f);
	sw_cast_result o;
	cr_expect_eq(cast3(&slab, at(0, 0, 0), sw_v3(0, 0, 0), &s, at(-1000, 1, 1), sw_v3(2000, 0, 0), NULL, &o),
		     SW_HIT);
	near(o.t, (1000 - 0.105) / 2000, TOL);
	near3(o.normal, -1, 0, 0, TOL);
}

Test(gjk3_cast, far_offset)
{
	sw_shape3 a = box(1, 1, 1), b = box(0.5f, 0.5f, 0.5f);
	sw_cast_result o;
	cr_expect_eq(cast3(&a, at(10000, 10000, -10000), sw_v3(0, 0, 0), &b, at(10000.25f, 10000, -9996),
			   sw_v3(0, 0, -4), NULL, &o),
		     SW_HIT);
	near(o.t, 0.625, TOL);
	near3(o.normal, 0, 0, 1, TOL);
}

Test(gjk3, rotated_a_frame)
{
	/* A turned 90° about z: its local x half extent 2 lies along world y */
	sw_shape3 a = box(2, 1, 1), b = box(0.5f, 0.5f, 0.5f);
	sw_pose3 pa = {{0, 0, 0}, sw_quat_from_axis_angle(sw_v3(0, 0, 1), 1.5707963f)};
	sw_distance_result o;
	cr_expect_eq(distance3(&a, pa, &b, at(0, 3.5f, 0), NULL, &o), SW_MISS);
	near(o.distance, 1, TOL);
	near3(o.normal, 0, 1, 0, TOL);
	near(o.point_a.y, 2, TOL);
}

Test(gjk3, bad_input)
{
	sw_shape3 good = box(1, 1, 1);
	sw_vec3 nanv[2] = {{0, 0, 0}, {NAN, 0, 0}};
	sw_shape3 bad[] = {
		sw_shape3_verts(nanv, 2, 0),          sw_shape3_verts(CUBE, 0, 0),
		sw_shape3_verts(CUBE, 65, 0),         sw_shape3_verts(NULL, 3, 0),
		sw_shape3_verts(CUBE, 8, -1),         sw_shape3_box(sw_v3(1, -1, 1), 0),
		sw_shape3_box(sw_v3(1, 1e16f, 1), 0), sw_shape3_verts(CUBE, 8, INFINITY),
		{7, 1, CUBE, {1, 1, 1}, 0},
	};
	sw_distance_result d;
	sw_overlap_result ov;
	sw_cast_result r;
	sw_cast_result c;
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		cr_expect_eq(distance3(&good, at(0, 0, 0), &bad[k], at(3, 0, 0), NULL, &d), SW_PAIR_INVALID, "%zu", k);
		cr_expect(isnan(d.distance) && isnan(d.normal.x) && d.feature == SW_FEATURE_NONE);
		cr_expect_eq(overlap3(&bad[k], at(0, 0, 0), &good, at(3, 0, 0), NULL, &ov), SW_PAIR_INVALID);
		cr_expect_eq(ray3(&bad[k], at(0, 0, 0), sw_v3(3, 0, 0), sw_v3(-3, 0, 0), NULL, &r), SW_PAIR_INVALID);
		cr_expect(isnan(r.t));
		cr_expect_eq(cast3(&good, at(0, 0, 0), sw_v3(0, 0, 0), &bad[k], at(3, 0, 0), sw_v3(-3, 0, 0), NULL, &c),
			     SW_PAIR_INVALID);
		cr_expect(isnan(c.t) && isnan(c.point.x));
	}
	sw_pose3 skew = {{0, 0, 0}, {0, 0, 0, 1.1f}}, far = at(2e15f, 0, 0);
	cr_expect_eq(distance3(&good, skew, &good, at(3, 0, 0), NULL, &d), SW_PAIR_INVALID);
	cr_expect_eq(distance3(&good, at(0, 0, 0), &good, far, NULL, &d), SW_PAIR_INVALID);
	cr_expect_eq(cast3(&good, at(0, 0, 0), sw_v3(NAN, 0, 0), &good, at(3, 0, 0), sw_v3(0, 0, 0), NULL, &c),
		     SW_PAIR_INVALID);
	cr_expect_eq(ray3(&good, at(0, 0, 0), sw_v3(3, 0, 0), sw_v3(INFINITY, 0, 0), NULL, &r), SW_PAIR_INVALID);
	/* options out of range and NULL pointers are call errors: nothing written */
	sw_gjk_opts too_many = {SW_GJK_MAX_ITERS + 1, 0}, neg_target = {0, -1}, nan_target = {0, NAN};
	d.distance = 7;
	c.t = 7;
	cr_expect_eq(sw_gjk3_distance(&good, at(0, 0, 0), &good, at(3, 0, 0), &too_many, &d), SW_ERR_ARG);
	cr_expect_eq(
		sw_gjk3_cast(&good, at(0, 0, 0), sw_v3(0, 0, 0), &good, at(3, 0, 0), sw_v3(0, 0, 0), &neg_target, &c),
		SW_ERR_ARG);
	cr_expect_eq(
		sw_gjk3_cast(&good, at(0, 0, 0), sw_v3(0, 0, 0), &good, at(3, 0, 0), sw_v3(0, 0, 0), &nan_target, &c),
		SW_ERR_ARG);
	cr_expect_eq(sw_gjk3_ray(&good, at(0, 0, 0), sw_v3(3, 0, 0), sw_v3(1, 0, 0), &too_many, &r), SW_ERR_ARG);
	cr_expect_eq(sw_gjk3_overlap(&good, at(0, 0, 0), &good, at(3, 0, 0), &nan_target, &ov), SW_ERR_ARG);
	cr_expect(d.distance == 7 && c.t == 7);
	cr_expect_eq(sw_gjk3_distance(NULL, at(0, 0, 0), &good, at(3, 0, 0), NULL, &d), SW_ERR_NULL);
	cr_expect_eq(sw_gjk3_distance(&good, at(0, 0, 0), &good, at(3, 0, 0), NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_gjk3_ray(NULL, at(0, 0, 0), sw_v3(3, 0, 0), sw_v3(1, 0, 0), NULL, &r), SW_ERR_NULL);
	cr_expect_eq(sw_gjk3_cast(&good, at(0, 0, 0), sw_v3(0, 0, 0), NULL, at(3, 0, 0), sw_v3(0, 0, 0), NULL, &c),
		     SW_ERR_NULL);
	(void)ID;
}

Test(gjk3, iteration_cap)
{
	/* one support evaluation cannot settle a rotated cube pair: the cap is a status */
	sw_shape3 a = sw_shape3_verts(CUBE, 8, 0);
	sw_pose3 pb = {{2.5f, 0.7f, 0.3f}, sw_quat_from_axis_angle(sw_v3(1, 1, 0), 0.6f)};
	sw_gjk_opts one = {1, 0};
	sw_distance_result d;
	uint32_t iters = 0;
	cr_expect_eq(distance3(&a, at(0, 0, 0), &a, pb, &one, &d), SW_ITER_LIMIT);
	cr_expect_eq(sw_gjk3_distance_pair_ref(&a, at(0, 0, 0), &a, pb, &one, &d, &iters), SW_OK);
	cr_expect_eq(iters, 1);
	cr_expect(d.distance > 0 && isfinite(d.normal.x));
	cr_expect_str_eq(sw_status_name(SW_ITER_LIMIT), "iter_limit");
}

/* ---- 2D ---- */

static const sw_vec2 SQUARE[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
static const sw_vec2 ORIGIN2 = {0, 0};

Test(gjk2, polygons_distance_and_touch)
{
	sw_shape2 a = sw_shape2_verts(SQUARE, 4, 0), b = sw_shape2_box(sw_v2(0.5f, 0.5f), 0);
	sw_distance_result o;
	cr_expect_eq(distance2(&a, at2(0, 0), &b, at2(2.5f, 0.3f), NULL, &o), SW_MISS);
	near(o.distance, 1, TOL);
	near2(o.normal, 1, 0, TOL);
	near(o.point_a.x, 1, TOL);
	cr_expect_eq(distance2(&a, at2(0, 0), &b, at2(1.5f, 0.3f), NULL, &o), SW_STARTS_OVERLAPPED);
	sw_overlap_result ov;
	cr_expect_eq(overlap2(&a, at2(0, 0), &b, at2(1.5f, 0.3f), NULL, &ov), SW_HIT);
	cr_expect_eq(overlap2(&a, at2(0, 0), &b, at2(1.501f, 0.3f), NULL, &ov), SW_MISS);
	near2(ov.normal, 1, 0, 1e-4);
}

Test(gjk2, circle_capsule_through_radius)
{
	const sw_vec2 seg[2] = {{-1, 0}, {1, 0}};
	sw_shape2 cap = sw_shape2_verts(seg, 2, 0.3f), circ = sw_shape2_verts(&ORIGIN2, 1, 0.3f);
	sw_distance_result o;
	/* circle centre 0.5 above the axis: overlapping by 0.1 through the radii */
	cr_expect_eq(distance2(&cap, at2(0, 0), &circ, at2(0.4f, 0.5f), NULL, &o), SW_HIT);
	near(o.distance, -0.1, TOL);
	near2(o.normal, 0, 1, TOL);
	/* around the end: centre at (1 + 0.8, 0), distance 0.8 − 0.6 */
	cr_expect_eq(distance2(&cap, at2(0, 0), &circ, at2(1.8f, 0), NULL, &o), SW_MISS);
	near(o.distance, 0.2, TOL);
	near2(o.normal, 1, 0, TOL);
}

Test(gjk2, ray_polygon)
{
	sw_shape2 a = sw_shape2_verts(SQUARE, 4, 0);
	sw_cast_result o;
	cr_expect_eq(ray2(&a, at2(0, 0), sw_v2(-5, 0.5f), sw_v2(10, 0), NULL, &o), SW_HIT);
	near(o.t, 0.4, TOL);
	near2(o.normal, 1, 0, TOL);
	near2(o.point, -1, 0.5, 10 * TOL);
	/* along the edge y = 1, just outside: a miss; from inside: t = 0 */
	cr_expect_eq(ray2(&a, at2(0, 0), sw_v2(-5, 1.001f), sw_v2(10, 0), NULL, &o), SW_MISS);
	cr_expect_eq(ray2(&a, at2(0, 0), sw_v2(0.5f, 0.5f), sw_v2(10, 0), NULL, &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(ray2(&a, at2(0, 0), sw_v2(0.5f, 0.5f), sw_v2(0, 0), NULL, &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(ray2(&a, at2(0, 0), sw_v2(1.5f, 0.5f), sw_v2(0, 0), NULL, &o), SW_MISS);
}

Test(gjk2, cast_rotated)
{
	/* A turned 90°: its local x half extent 2 lies along world y; B's bottom at 5 − 0.5 − 5t meets
	 * y = 2 at t = 0.5 */
	sw_shape2 a = sw_shape2_box(sw_v2(2, 1), 0), b = sw_shape2_box(sw_v2(0.5f, 0.5f), 0);
	sw_pose2 pa = {{0, 0}, sw_rot2_from_angle(1.5707963f)};
	sw_cast_result o;
	cr_expect_eq(cast2(&a, pa, sw_v2(0, 0), &b, at2(0.2f, 5), sw_v2(0, -5), NULL, &o), SW_HIT);
	near(o.t, 0.5, TOL);
	near2(o.normal, 0, 1, TOL);
	near(o.point.y, 2, TOL);
	/* rounded: B with radius 0.25 stops 0.05 earlier */
	b.radius = 0.25f;
	cr_expect_eq(cast2(&a, pa, sw_v2(0, 0), &b, at2(0.2f, 5), sw_v2(0, -5), NULL, &o), SW_HIT);
	near(o.t, 0.45, TOL);
}

Test(gjk2, bad_input)
{
	sw_shape2 good = sw_shape2_verts(SQUARE, 4, 0), neg = sw_shape2_verts(SQUARE, 4, -0.1f);
	sw_distance_result d;
	sw_pose2 skew = {{0, 0}, {1.1f, 0}};
	cr_expect_eq(distance2(&good, at2(0, 0), &neg, at2(3, 0), NULL, &d), SW_PAIR_INVALID);
	cr_expect(isnan(d.distance));
	cr_expect_eq(distance2(&good, skew, &good, at2(3, 0), NULL, &d), SW_PAIR_INVALID);
	sw_cast_result c;
	cr_expect_eq(cast2(&good, at2(0, 0), sw_v2(0, NAN), &good, at2(3, 0), sw_v2(0, 0), NULL, &c), SW_PAIR_INVALID);
}

/* a random value of random magnitude 1e-12 .. 1e12 and sign */
static float wild(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	double u = (double)(*s >> 11) / 9007199254740992.0;
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	double m = pow(10.0, -12.0 + 24.0 * (double)(*s >> 11) / 9007199254740992.0);
	return (float)((u < 0.5 ? -1 : 1) * m * (0.5 + u));
}

static int finite3(sw_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static int unit_or_zero(sw_vec3 v)
{
	double l = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
	return l == 0 || fabs(l - 1) <= 1e-5;
}

Test(gjk3, extreme_scales_stay_finite)
{
	/* valid inputs of any scale within the contract (lengths from 1e-12 to 1e12): never invalid, never
	 * a non-finite answer (the pair's power-of-two scaling keeps every product in range), and the
	 * cap only where float cannot resolve the shapes along the path */
	uint64_t seed = 12345;
	sw_vec3 va[8], vb[8];
	int limits = 0, capped = 0;
	for (int k = 0; k < 20000; k++) {
		float sa = fabsf(wild(&seed)), sb = fabsf(wild(&seed));
		uint32_t na = 1 + k % 8, nb = 1 + (k / 8) % 8;
		for (int i = 0; i < 8; i++) {
			va[i] = sw_v3(sa * (float)((i * 37 % 11) - 5) / 5, sa * (float)((i * 17 % 7) - 3) / 3,
				      sa * (float)((i * 29 % 5) - 2) / 2);
			vb[i] = sw_v3(sb * (float)((i * 13 % 9) - 4) / 4, sb * (float)((i * 7 % 11) - 5) / 5,
				      sb * (float)((i * 23 % 7) - 3) / 3);
		}
		sw_shape3 a = k % 5 == 0 ? sw_shape3_box(sw_v3(sa, sa * 0.5f, sa * 0.25f), 0)
					 : sw_shape3_verts(va, na, k % 3 == 0 ? sa * 0.1f : 0);
		sw_shape3 b = sw_shape3_verts(vb, nb, k % 4 == 0 ? sb * 0.2f : 0);
		sw_pose3 pa = {{wild(&seed), wild(&seed), wild(&seed)},
			       sw_quat_from_axis_angle(sw_v3(1, 2, 3), (float)k)};
		sw_pose3 pb = {{pa.p.x + wild(&seed), pa.p.y + wild(&seed), pa.p.z + wild(&seed)},
			       sw_quat_from_axis_angle(sw_v3(3, 1, 2), (float)k * 0.7f)};
		sw_vec3 da = sw_v3(wild(&seed), wild(&seed), wild(&seed)),
			db = sw_v3(wild(&seed), wild(&seed), wild(&seed));
		sw_distance_result d;
		sw_cast_result c;
		sw_cast_result r;
		sw_overlap_result o;
		sw_status s1 = distance3(&a, pa, &b, pb, NULL, &d);
		sw_status s2 = cast3(&a, pa, da, &b, pb, db, NULL, &c);
		sw_status s3 = ray3(&a, pa, pb.p, db, NULL, &r);
		sw_status s4 = overlap3(&a, pa, &b, pb, NULL, &o);
		cr_assert(s1 != SW_PAIR_INVALID && s2 != SW_PAIR_INVALID && s3 != SW_PAIR_INVALID &&
				  s4 != SW_PAIR_INVALID,
			  "case %d: %d %d %d %d", k, s1, s2, s3, s4);
		/* the cap is allowed only where the motion or offset exceeds 1e5 times the Minkowski
		 * difference's size: the path then resolves the shapes to fewer than ~100 float steps */
		float off = sw_v3_len(sw_v3_sub(pb.p, pa.p)), rel = sw_v3_len(sw_v3_sub(db, da));
		int pair_ok = fmaxf(off, rel) <= 1e5f * (sa + sb), ray_ok = fmaxf(off, sw_v3_len(db)) <= 1e5f * sa;
		limits += pair_ok * ((s1 == SW_ITER_LIMIT) + (s2 == SW_ITER_LIMIT) + (s4 == SW_ITER_LIMIT));
		limits += ray_ok * (s3 == SW_ITER_LIMIT);
		capped += (s1 == SW_ITER_LIMIT) + (s2 == SW_ITER_LIMIT) + (s3 == SW_ITER_LIMIT) + (s4 == SW_ITER_LIMIT);
		cr_assert(isfinite(d.distance) && finite3(d.point_a) && finite3(d.point_b) && unit_or_zero(d.normal),
			  "case %d distance", k);
		cr_assert(c.t >= 0 && c.t <= 1 && finite3(c.point) && unit_or_zero(c.normal),
			  "case %d cast: %d t %g p %g %g %g n %g %g %g", k, s2, c.t, c.point.x, c.point.y, c.point.z,
			  c.normal.x, c.normal.y, c.normal.z);
		cr_assert(r.t >= 0 && r.t <= 1 && finite3(r.point) && unit_or_zero(r.normal), "case %d ray", k);
		cr_assert(unit_or_zero(o.normal) && isfinite(o.depth), "case %d overlap: %d axis %g %g %g depth %g", k,
			  s4, o.normal.x, o.normal.y, o.normal.z, o.depth);
	}
	cr_expect_eq(limits, 0, "%d iteration limits", limits);
	cr_expect_leq(capped, 40, "%d iteration limits over all 80000 queries", capped);
}
