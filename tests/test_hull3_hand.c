/* tests/test_hull3_hand.c — the hull sweeps (hull–hull, hull–OBB, hull–triangle) and static overlaps
 * against hand-derived answers. Expected times come from the arithmetic in the comments, not from
 * the code under test. Cubes are sw_hull3_box() of a box centred on its own origin: faces −x, +x,
 * −y, +y, −z, +z are faces 0..5. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "oracle_hull3.h"
#include "scenes.h"

#define T_TOL 1e-5
#define SQRT2 1.41421356237309505
#define SQRT3 1.73205080756887729
#define PI 3.14159265358979324

static const sw_quat ID = {0, 0, 0, 1};
static const sw_vec3 O = {0, 0, 0};

static sw_hull3 cube(float h)
{
	sw_obb3 box = {{h, h, h}};
	sw_hull3 out;
	cr_assert_eq(sw_hull3_box(&box, &out), SW_OK);
	return out;
}

/* the tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1) */
static sw_hull3 tetra(void)
{
	const sw_vec3 p[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	sw_hull3 out;
	cr_assert_eq(sw_hull3_build(p, 4, NULL, &out), SW_OK);
	return out;
}

static sw_quat about(float x, float y, float z, double angle)
{
	return sw_quat_from_axis_angle(sw_v3(x, y, z), (float)angle);
}

/* the output's invariants for its status */
static void check_output(const sw_sweep_result *o)
{
	if (o->status == SW_HIT || o->status == SW_STARTS_OVERLAPPED) {
		cr_assert(fabsf(sw_v3_len(o->normal) - 1.0f) < 1e-5f, "normal not unit");
		cr_assert(o->t_first <= o->t_last && o->t_last <= 1.0f);
		cr_assert_neq(o->feature, SW_FEATURE_NONE);
	}
	if (o->status == SW_MISS)
		cr_assert(o->t_first == 1 && o->t_last == 1 && o->normal.x == 0 && o->normal.y == 0 &&
			  o->normal.z == 0 && o->feature == SW_FEATURE_NONE);
	if (o->status == SW_PAIR_INVALID)
		cr_assert(isnan(o->t_first) && isnan(o->t_last) && isnan(o->normal.x) && o->feature == SW_FEATURE_NONE);
}

static sw_sweep_result sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_hull3 *b, sw_vec3 pb,
			     sw_quat qb, sw_vec3 db)
{
	sw_sweep_result o;
	cr_assert_eq(sw_hull3_sweep(a, sw_pose3_make(pa, qa), da, b, sw_pose3_make(pb, qb), db, &o), SW_OK);
	check_output(&o);
	return o;
}

static sw_status overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_hull3 *b, sw_vec3 pb, sw_quat qb,
			 sw_overlap_result *o)
{
	cr_assert_eq(sw_hull3_overlap(a, sw_pose3_make(pa, qa), b, sw_pose3_make(pb, qb), o), SW_OK);
	return o->status;
}

static void expect(const sw_sweep_result *o, sw_status st, double t0, double t1, double tol)
{
	cr_assert_eq(o->status, st, "status %s, want %s", sw_status_name(o->status), sw_status_name(st));
	cr_expect(fabs(o->t_first - t0) <= tol, "t_first %.9g, want %.9g", o->t_first, t0);
	cr_expect(fabs(o->t_last - t1) <= tol, "t_last %.9g, want %.9g", o->t_last, t1);
}

static void expect_normal(sw_vec3 n, double x, double y, double z, double tol)
{
	cr_expect(fabs(n.x - x) < tol && fabs(n.y - y) < tol && fabs(n.z - z) < tol,
		  "normal (%g, %g, %g), want (%g, %g, %g)", n.x, n.y, n.z, x, y, z);
}

Test(hull3_hand, cube_face_on)
{
	sw_hull3 a = cube(1), b = cube(1);
	sw_sweep_result o = sweep(&a, O, ID, O, &b, sw_v3(5, 0, 0), ID, sw_v3(-4, 0, 0));
	/* gap 5 − 2 = 3 at closing speed 4 → 0.75; B leaves at 5 − 4t = −2, after the step. A's +x face
	 * ties with B's −x face and comes first */
	expect(&o, SW_HIT, 0.75, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-6);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 1);
	/* the same with A moving instead, and both moving */
	o = sweep(&a, O, ID, sw_v3(4, 0, 0), &b, sw_v3(5, 0, 0), ID, O);
	expect(&o, SW_HIT, 0.75, 1.0, T_TOL);
	o = sweep(&a, O, ID, sw_v3(2, 0, 0), &b, sw_v3(4, 0, 0), ID, sw_v3(-6, 0, 0));
	/* closing speed 8: 4 − 8t = 2 → 0.25, = −2 → 0.75 */
	expect(&o, SW_HIT, 0.25, 0.75, T_TOL);
}

Test(hull3_hand, cube_face_on_rotated_a)
{
	sw_hull3 a = cube(1), b = cube(1);
	/* A and B turned alike by 30° about z, B 5 along A's local x: as face-on, normal along A's x */
	sw_quat q = about(0, 0, 1, 0.52359878);
	sw_vec3 ax = sw_v3(cosf(0.52359878f), sinf(0.52359878f), 0);
	sw_sweep_result o = sweep(&a, O, q, O, &b, sw_v3_scale(ax, 5), q, sw_v3_scale(ax, -4));
	expect(&o, SW_HIT, 0.75, 1.0, T_TOL);
	expect_normal(o.normal, ax.x, ax.y, 0, 1e-5);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 1);
}

/* the local coordinates of an edge's two vertices */
static void edge_verts(const sw_hull3 *h, int e, sw_vec3 *p, sw_vec3 *q)
{
	cr_assert(e >= 0 && (uint32_t)e < h->num_edges);
	*p = h->verts[h->edges[e].v[0]];
	*q = h->verts[h->edges[e].v[1]];
}

Test(hull3_hand, edge_edge_rotated_cubes)
{
	sw_hull3 a = cube(1), b = cube(1);
	/* A turned 45° about z: its local edge (1, −1, z) sits at (√2, 0, z), along z. B turned 45°
	 * about y: its local edge (−1, y, −1) sits at (c − √2, y, 0), along y. The edges meet when
	 * c − √2 = √2; B starts at c = 4 closing at 4 → t = (4 − 2√2)/4. A's face (1, −1, 0)/√2 stops
	 * separating at c = 1 + 2√2 (earlier), the other faces earlier still: the edge pair is crossed
	 * last, along +x = z × y turned outwards of A */
	sw_quat qa = about(0, 0, 1, PI / 4), qb = about(0, 1, 0, PI / 4);
	sw_sweep_result o = sweep(&a, O, qa, O, &b, sw_v3(4, 0, 0), qb, sw_v3(-4, 0, 0));
	/* at t = 1 B's centre is at A's: still overlapping */
	expect(&o, SW_HIT, (4 - 2 * SQRT2) / 4, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-5);
	sw_axis_info f = sw_hull3_feature_decode(o.feature);
	cr_assert_eq(f.kind, SW_AXIS_KIND_EDGE_EDGE);
	sw_vec3 p, q;
	edge_verts(&a, f.index_a, &p, &q);
	cr_expect(p.x == 1 && q.x == 1 && p.y == -1 && q.y == -1, "A's edge (%g %g %g)-(%g %g %g)", p.x, p.y, p.z, q.x,
		  q.y, q.z);
	edge_verts(&b, f.index_b, &p, &q);
	cr_expect(p.x == -1 && q.x == -1 && p.z == -1 && q.z == -1, "B's edge (%g %g %g)-(%g %g %g)", p.x, p.y, p.z,
		  q.x, q.y, q.z);
	/* the static overlap half-way through: edges crossed, they overlap; just before: a miss whose
	 * gap is the edges' distance */
	sw_overlap_result ov;
	overlap(&a, O, qa, &b, sw_v3(2.8f, 0, 0), qb, &ov);
	cr_expect_eq(ov.status, SW_HIT);
	overlap(&a, O, qa, &b, sw_v3(2.9f, 0, 0), qb, &ov);
	cr_expect_eq(ov.status, SW_MISS);
	cr_expect(fabs(ov.depth - (2.9 - 2 * SQRT2)) < 1e-5, "gap %g", ov.depth);
	cr_expect_eq(sw_hull3_feature_decode(ov.feature).kind, SW_AXIS_KIND_EDGE_EDGE);
}

Test(hull3_hand, vertex_into_face)
{
	sw_hull3 a = cube(1), b = cube(1);
	/* B turned so that its corner (−1, −1, −1) points along −x: the corner leads at c − √3 and
	 * reaches x = 1 at c = 1 + √3; c = 5 − 4t → t = (4 − √3)/4, on A's +x face */
	sw_vec3 axis = sw_v3_cross(sw_v3(-1, -1, -1), sw_v3(-1, 0, 0));
	sw_quat qb = sw_quat_from_axis_angle(axis, acosf(1.0f / sqrtf(3.0f)));
	sw_sweep_result o = sweep(&a, O, ID, O, &b, sw_v3(5, 0, 0), qb, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, (4 - SQRT3) / 4, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-5);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 1);
	/* the other way round: A's corner into B's −x face, reported as B's face */
	o = sweep(&b, O, qb, O, &a, sw_v3(-5, 0, 0), ID, sw_v3(4, 0, 0));
	expect(&o, SW_HIT, (4 - SQRT3) / 4, 1.0, T_TOL);
	expect_normal(o.normal, -1, 0, 0, 1e-5);
	cr_expect_eq(sw_hull3_feature_decode(o.feature).kind, SW_AXIS_KIND_FACE_B);
	cr_expect_eq(sw_hull3_feature_decode(o.feature).index_b, 1); /* a's +x face */
}

Test(hull3_hand, tetrahedra)
{
	sw_hull3 t = tetra();
	cr_assert_eq(t.num_faces, 4);
	cr_assert_eq(t.num_edges, 6);
	/* B's corner (its local origin) at (c, 0.2, 0.2) meets A's slanted face x + y + z = 1 at
	 * c = 0.6; c = 3 − 3t → t = 0.8. Along x alone they would meet at c = 1 (t = 2/3): not enough */
	sw_sweep_result o = sweep(&t, O, ID, O, &t, sw_v3(3, 0.2f, 0.2f), ID, sw_v3(-3, 0, 0));
	expect(&o, SW_HIT, 0.8, 1.0, T_TOL);
	expect_normal(o.normal, 1 / SQRT3, 1 / SQRT3, 1 / SQRT3, 1e-5);
	sw_axis_info f = sw_hull3_feature_decode(o.feature);
	cr_assert_eq(f.kind, SW_AXIS_KIND_FACE_A);
	cr_expect(t.faces[f.index_a].normal.x > 0.5f);
	/* B turned 180° about z: corners (0,0,0), (−1,0,0), (0,−1,0), (0,0,1). Placed at (c, c, 0), its
	 * lowest points along (1,1,0) are the edge (−1,0,0)-(0,−1,0) at x + y = 2c − 1; A's highest
	 * are its edge (1,0,0)-(0,1,0) at x + y = 1: touch at c = 1; c = 2 − 2t → t = 0.5 */
	sw_quat q = about(0, 0, 1, PI);
	o = sweep(&t, O, ID, O, &t, sw_v3(2, 2, 0), q, sw_v3(-2, -2, 0));
	expect(&o, SW_HIT, 0.5, 1.0, T_TOL);
	/* the two edges are parallel (their pair is skipped): A's slanted face (1,1,1)/√3 and B's
	 * reversed one (1,1,−1)/√3 are both entered at t = 0.5; rounding picks one */
	cr_expect(fabs(o.normal.x - 1 / SQRT3) < 1e-5 && fabs(o.normal.y - 1 / SQRT3) < 1e-5 &&
			  fabs(fabs(o.normal.z) - 1 / SQRT3) < 1e-5,
		  "normal (%g, %g, %g)", o.normal.x, o.normal.y, o.normal.z);
}

Test(hull3_hand, touching_at_t1_and_just_after)
{
	sw_hull3 a = cube(1), b = cube(1);
	sw_sweep_result o = sweep(&a, O, ID, O, &b, sw_v3(4, 0, 0), ID, sw_v3(-2, 0, 0));
	expect(&o, SW_HIT, 1.0, 1.0, 0); /* gap 2, speed 2: exactly 1 */
	o = sweep(&a, O, ID, O, &b, sw_v3(4.0001f, 0, 0), ID, sw_v3(-2, 0, 0));
	cr_expect_eq(o.status, SW_MISS);
}

Test(hull3_hand, starts_overlapped_least_penetration)
{
	sw_hull3 a = cube(1), b = cube(1);
	/* depths 0.5 along x, 1.8 along y, 1.9 along z: x, from A to B; no motion: touching all step */
	sw_sweep_result o = sweep(&a, O, ID, O, &b, sw_v3(1.5f, 0.2f, 0.1f), ID, O);
	expect(&o, SW_STARTS_OVERLAPPED, 0, 1, 0);
	expect_normal(o.normal, 1, 0, 0, 1e-6);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 1);
	/* moving apart at 4 along x: 1.5 + 4t = 2 → they part at 0.125 */
	o = sweep(&a, O, ID, O, &b, sw_v3(1.5f, 0.2f, 0.1f), ID, sw_v3(4, 0, 0));
	expect(&o, SW_STARTS_OVERLAPPED, 0, 0.125, T_TOL);
	/* touching at t = 0 counts */
	o = sweep(&a, O, ID, O, &b, sw_v3(2, 0, 0), ID, sw_v3(4, 0, 0));
	expect(&o, SW_STARTS_OVERLAPPED, 0, 0, 0);
	/* the static overlap: least penetration 0.5 along +x; B on A's −y side: along −y */
	sw_overlap_result ov;
	cr_assert_eq(overlap(&a, O, ID, &b, sw_v3(1.5f, 0.2f, 0.1f), ID, &ov), SW_HIT);
	cr_expect(fabsf(ov.depth - 0.5f) < 1e-6f);
	expect_normal(ov.normal, 1, 0, 0, 1e-6);
	cr_assert_eq(overlap(&a, O, ID, &b, sw_v3(0.1f, -1.7f, 0), ID, &ov), SW_HIT);
	cr_expect(fabsf(ov.depth - 0.3f) < 1e-6f);
	expect_normal(ov.normal, 0, -1, 0, 1e-6);
	cr_expect_eq(ov.feature, SW_HULL_FEATURE_FACE_A | 2);
	/* a miss: the first separating direction (A's +x face) and the gap */
	cr_assert_eq(overlap(&a, O, ID, &b, sw_v3(3, 0, 0), ID, &ov), SW_MISS);
	cr_expect(fabsf(ov.depth - 1) < 1e-6f);
	cr_expect_eq(ov.feature, SW_HULL_FEATURE_FACE_A | 1);
}

Test(hull3_hand, moving_apart_and_parallel_motion)
{
	sw_hull3 a = cube(1), b = cube(1);
	sw_sweep_result o = sweep(&a, O, ID, O, &b, sw_v3(3, 0, 0), ID, sw_v3(4, 0, 0));
	cr_expect_eq(o.status, SW_MISS);
	o = sweep(&a, O, ID, sw_v3(1, 1, 1), &b, sw_v3(3, 0, 0), ID, sw_v3(1, 1, 1));
	cr_expect_eq(o.status, SW_MISS);
	/* sliding past with a gap of 0.01 */
	o = sweep(&a, O, ID, O, &b, sw_v3(-5, 2.01f, 0), ID, sw_v3(10, 0, 0));
	cr_expect_eq(o.status, SW_MISS);
	/* touching faces y = 1 and sliding: overlap in x while |−5 + 10t| ≤ 2 → [0.3, 0.7], the last
	 * gap to close along −x (A's face 0) */
	o = sweep(&a, O, ID, O, &b, sw_v3(-5, 2, 0), ID, sw_v3(10, 0, 0));
	expect(&o, SW_HIT, 0.3, 0.7, T_TOL);
	expect_normal(o.normal, -1, 0, 0, 1e-6);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 0);
}

Test(hull3_hand, fast_tunnelling)
{
	sw_hull3 a = cube(1), b = cube(1);
	/* 100 − 200t = 2 → 0.49; = −2 → 0.51 */
	sw_sweep_result o = sweep(&a, O, ID, O, &b, sw_v3(100, 0, 0), ID, sw_v3(-200, 0, 0));
	expect(&o, SW_HIT, 0.49, 0.51, T_TOL);
}

Test(hull3_hand, far_from_origin)
{
	sw_hull3 a = cube(1), b = cube(1);
	/* offsets representable exactly: the answer is the one at the origin, bit for bit */
	sw_vec3 pa = sw_v3(1e4f, 1e4f, -1e4f);
	sw_sweep_result o = sweep(&a, pa, ID, O, &b, sw_v3_add(pa, sw_v3(5, 0, 0)), ID, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, 0.75, 1.0, 0);
	/* 12345.678 + 5 rounds (ulp 1e-3): the time moves by at most 1e-3 / 4 */
	pa = sw_v3(12345.678f, -9876.543f, 4321.123f);
	sw_quat qa = about(1, 2, 3, 0.7), qb = about(-1, 0.5f, 2, 1.9);
	o = sweep(&a, pa, qa, O, &b, sw_v3_add(pa, sw_v3(5, 0, 0)), qa, sw_v3(-4, 0, 0));
	sw_sweep_result near = sweep(&a, O, qa, O, &b, sw_v3(5, 0, 0), qa, sw_v3(-4, 0, 0));
	cr_expect_eq(o.status, near.status);
	cr_expect(fabsf(o.t_first - near.t_first) < 1e-3f, "%g vs %g", o.t_first, near.t_first);
	o = sweep(&a, pa, qa, O, &b, sw_v3_add(pa, sw_v3(3, 1, 0)), qb, sw_v3(-4, -1, 0.5f));
	near = sweep(&a, O, qa, O, &b, sw_v3(3, 1, 0), qb, sw_v3(-4, -1, 0.5f));
	cr_expect_eq(o.status, near.status);
	cr_expect(fabsf(o.t_first - near.t_first) < 1e-3f, "%g vs %g", o.t_first, near.t_first);
}

Test(hull3_hand, tiny_hulls)
{
	sw_hull3 a = cube(1e-6f), b = cube(1e-6f);
	sw_sweep_result o = sweep(&a, O, ID, O, &b, sw_v3(5e-6f, 0, 0), ID, sw_v3(-4e-6f, 0, 0));
	expect(&o, SW_HIT, 0.75, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-6);
	/* the edge–edge case shrunk a millionfold */
	sw_quat qa = about(0, 0, 1, PI / 4), qb = about(0, 1, 0, PI / 4);
	o = sweep(&a, O, qa, O, &b, sw_v3(4e-6f, 0, 0), qb, sw_v3(-4e-6f, 0, 0));
	expect(&o, SW_HIT, (4 - 2 * SQRT2) / 4, 1.0, T_TOL);
	cr_expect_eq(sw_hull3_feature_decode(o.feature).kind, SW_AXIS_KIND_EDGE_EDGE);
}

Test(hull3_hand, near_parallel_edges)
{
	sw_hull3 a = cube(1), b = cube(1);
	/* B turned by 1e-4 rad about z: every edge pair is parallel or within 1e-4 rad of it, so all
	 * edge pairs along z and within the plane are skipped or exact. B's extent along x grows to
	 * cos ε + sin ε: contact at 5 − 4t − (cos ε + sin ε) = 1, no NaN anywhere */
	double e = 1e-4;
	sw_sweep_result o = sweep(&a, O, ID, O, &b, sw_v3(5, 0, 0), about(0, 0, 1, e), sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, (4 - cos(e) - sin(e)) / 4, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-4);
	/* tilted about two axes, approaching edge first diagonally: still a hit, times finite */
	o = sweep(&a, O, ID, O, &b, sw_v3(5, 5, 0), about(1, 1, 0, 2e-4), sw_v3(-4, -4, 0));
	cr_expect_eq(o.status, SW_HIT);
	cr_expect(isfinite(o.t_first) && o.t_first > 0.7f && o.t_first < 0.76f, "t %g", o.t_first);
}

Test(hull3_hand, invalid_inputs)
{
	sw_hull3 a = cube(1), b = cube(1), empty = cube(1);
	empty.num_verts = 0;
	sw_quat bad = {0, 0, 0, 1.01f};
	sw_sweep_result o;
	o = sweep(&a, O, bad, O, &b, sw_v3(5, 0, 0), ID, O);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	o = sweep(&a, O, ID, O, &b, sw_v3(NAN, 0, 0), ID, O);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	o = sweep(&a, O, ID, sw_v3(2e15f, 0, 0), &b, sw_v3(5, 0, 0), ID, O);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	o = sweep(&a, O, ID, O, &empty, sw_v3(5, 0, 0), ID, O);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	/* NULL pointers are a call error now (they were a SW_PAIR_INVALID answer) */
	const sw_pose3 at0 = sw_pose3_make(O, ID);
	cr_expect_eq(sw_hull3_sweep(NULL, at0, O, &b, at0, O, &o), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_sweep(&a, at0, O, &b, at0, O, NULL), SW_ERR_NULL);
	sw_overlap_result ov;
	cr_expect_eq(sw_hull3_overlap(&a, at0, NULL, at0, &ov), SW_ERR_NULL);
	cr_expect_eq(overlap(&a, O, ID, &b, O, bad, &ov), SW_PAIR_INVALID);
	cr_expect(isnan(ov.depth) && ov.feature == SW_FEATURE_NONE);
	/* q and −q are the same rotation */
	sw_quat q = about(1, 2, 3, 0.8), mq = {-q.x, -q.y, -q.z, -q.w};
	sw_sweep_result p1 = sweep(&a, O, q, O, &b, sw_v3(3, 1, 0), ID, sw_v3(-3, 0, 0));
	sw_sweep_result p2 = sweep(&a, O, mq, O, &b, sw_v3(3, 1, 0), ID, sw_v3(-3, 0, 0));
	cr_expect(p1.status == p2.status && p1.t_first == p2.t_first && p1.feature == p2.feature);
}

Test(hull3_hand, decode)
{
	sw_axis_info f = sw_hull3_feature_decode(SW_HULL_FEATURE_FACE_A | 123);
	cr_expect(f.kind == SW_AXIS_KIND_FACE_A && f.index_a == 123 && f.index_b == -1);
	f = sw_hull3_feature_decode(SW_HULL_FEATURE_FACE_B | 7);
	cr_expect(f.kind == SW_AXIS_KIND_FACE_B && f.index_a == -1 && f.index_b == 7);
	f = sw_hull3_feature_decode(SW_HULL_FEATURE_EDGES | 185 << 8 | 180);
	cr_expect(f.kind == SW_AXIS_KIND_EDGE_EDGE && f.index_a == 185 && f.index_b == 180);
	f = sw_hull3_feature_decode(SW_FEATURE_NONE);
	cr_expect(f.kind == SW_AXIS_KIND_NONE && f.index_a == -1 && f.index_b == -1);
}

/* ---- hull–OBB ---- */

static sw_sweep_result sweep_box(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sc_box *b, sw_vec3 db)
{
	sw_sweep_result o;
	sw_obb3 sb = sc_box_shape(b);
	cr_assert_eq(sw_hull3_obb3_sweep(a, sw_pose3_make(pa, qa), da, &sb, sc_box_pose(b), db, &o), SW_OK);
	check_output(&o);
	return o;
}

static sw_status overlap_box(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sc_box *b, sw_overlap_result *o)
{
	sw_obb3 sb = sc_box_shape(b);
	cr_assert_eq(sw_hull3_obb3_overlap(a, sw_pose3_make(pa, qa), &sb, sc_box_pose(b), o), SW_OK);
	return o->status;
}

Test(hull3_hand, hull_obb)
{
	sw_hull3 a = cube(1);
	sc_box b = {{5, 0, 0}, {0, 0, 0, 1}, {1, 0.5f, 0.25f}};
	/* gap 5 − 1 − 1 = 3, closing at 4 → 0.75 */
	sw_sweep_result o = sweep_box(&a, O, ID, O, &b, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, 0.75, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-6);
	/* the edge–edge case with the box as B: same answer as the hull pair, bit for bit */
	sw_hull3 c = cube(1);
	sw_quat qa = about(0, 0, 1, PI / 4), qb = about(0, 1, 0, PI / 4);
	b = (sc_box){{4, 0, 0}, qb, {1, 1, 1}};
	o = sweep_box(&a, O, qa, O, &b, sw_v3(-4, 0, 0));
	sw_sweep_result h = sweep(&a, O, qa, O, &c, sw_v3(4, 0, 0), qb, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, (4 - 2 * SQRT2) / 4, 1.0, T_TOL);
	cr_expect(o.t_first == h.t_first && o.t_last == h.t_last && o.feature == h.feature &&
		  o.normal.x == h.normal.x && o.normal.y == h.normal.y && o.normal.z == h.normal.z);
	/* an invalid box */
	b.half.y = 0;
	o = sweep_box(&a, O, qa, O, &b, O);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	b.half.y = 1;
	b.rot.w += 0.01f;
	o = sweep_box(&a, O, qa, O, &b, O);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	/* static overlap */
	sw_overlap_result ov;
	b = (sc_box){{1.5f, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	cr_expect_eq(overlap_box(&a, O, ID, &b, &ov), SW_HIT);
	cr_expect(fabsf(ov.depth - 0.5f) < 1e-6f);
	b.center.x = 2.5f;
	cr_expect_eq(overlap_box(&a, O, ID, &b, &ov), SW_MISS);
	cr_expect(fabsf(ov.depth - 0.5f) < 1e-6f);
}

/* ---- hull–triangle ---- */

static sw_sweep_result sweep_tri(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt,
				 int one_sided)
{
	sw_sweep_result o;
	const sw_sweep_opts opts = {(uint32_t)one_sided};
	cr_assert_eq(sw_hull3_tri3_sweep(a, sw_pose3_make(pa, qa), da, t, dt, &opts, &o), SW_OK);
	check_output(&o);
	return o;
}

Test(hull3_hand, triangle_face_on_one_sided)
{
	sw_hull3 a = cube(1);
	/* the triangle in the plane x = 3, normal (b − a) × (c − a) = (0,2,0) × (0,1,2) = (4,0,0): its
	 * front faces away from A. 3 − 4t = 1 → t = 0.5 */
	sw_tri3 back = {{3, -1, -1}, {3, 1, -1}, {3, 0, 1}}, front = {back.a, back.c, back.b};
	sw_sweep_result o = sweep_tri(&a, O, ID, O, &back, sw_v3(-4, 0, 0), 0);
	expect(&o, SW_HIT, 0.5, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-6);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 1); /* ties with the triangle's back face */
	/* one-sided: A approaches the triangle's back → miss; with the winding flipped → hit */
	o = sweep_tri(&a, O, ID, O, &back, sw_v3(-4, 0, 0), 1);
	cr_expect_eq(o.status, SW_MISS);
	o = sweep_tri(&a, O, ID, O, &front, sw_v3(-4, 0, 0), 1);
	expect(&o, SW_HIT, 0.5, 1.0, T_TOL);
	/* A moving instead of the triangle: same relative motion */
	o = sweep_tri(&a, O, ID, sw_v3(4, 0, 0), &front, O, 1);
	expect(&o, SW_HIT, 0.5, 1.0, T_TOL);
	/* approaching the back (normal −x, motion +x): x = −5 + 10t reaches −1 at 0.4; one-sided: miss */
	sw_tri3 side = {{-5, -1, 1.5f}, {-5, 1, 1.5f}, {-5, 0, 0.5f}};
	o = sweep_tri(&a, O, ID, O, &side, sw_v3(10, 0, 0), 0);
	expect(&o, SW_HIT, 0.4, 0.6, T_TOL); /* and leaves x = 1 at 0.6 */
	o = sweep_tri(&a, O, ID, O, &side, sw_v3(10, 0, 0), 1);
	cr_expect_eq(o.status, SW_MISS);
	/* motion within the triangle's plane (normal +z): one-sided misses even an edge-on contact */
	sw_tri3 flat = {{-5, -1, 0.5f}, {-5, 1, 0.5f}, {-6, 0, 0.5f}};
	o = sweep_tri(&a, O, ID, O, &flat, sw_v3(10, 0, 0), 0);
	expect(&o, SW_HIT, 0.4, 0.7, T_TOL); /* its last vertex, x = −6 + 10t, leaves at 0.7 */
	o = sweep_tri(&a, O, ID, O, &flat, sw_v3(10, 0, 0), 1);
	cr_expect_eq(o.status, SW_MISS);
	/* touching at t = 0 is STARTS_OVERLAPPED from either side, one-sided or not */
	sw_tri3 touch = {{1, -1, -1}, {1, 1, -1}, {1, 0, 1}};
	o = sweep_tri(&a, O, ID, O, &touch, sw_v3(4, 0, 0), 1);
	expect(&o, SW_STARTS_OVERLAPPED, 0, 0, 0);
}

Test(hull3_hand, triangle_vertex_and_edge)
{
	sw_hull3 a = cube(1);
	/* a vertex first: (3, 0, 0) reaches x = 1 at t = 0.5 */
	sw_tri3 t = {{3, 0, 0}, {5, 1, 0}, {5, -1, 0}};
	sw_sweep_result o = sweep_tri(&a, O, ID, O, &t, sw_v3(-4, 0, 0), 0);
	expect(&o, SW_HIT, 0.5, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-6);
	/* A turned 45° about z: its edge at (√2, 0, z) along z meets the triangle's edge a→b along y
	 * at x = 3 − 4t → t = (3 − √2)/4; A's slanted faces and the triangle's ±z are entered earlier
	 * or never separate */
	sw_quat qa = about(0, 0, 1, PI / 4);
	sw_tri3 e = {{3, -2, 0}, {3, 2, 0}, {5, 0, 0}};
	o = sweep_tri(&a, O, qa, O, &e, sw_v3(-4, 0, 0), 0);
	expect(&o, SW_HIT, (3 - SQRT2) / 4, 1.0, T_TOL);
	expect_normal(o.normal, 1, 0, 0, 1e-5);
	sw_axis_info f = sw_hull3_feature_decode(o.feature);
	cr_expect(f.kind == SW_AXIS_KIND_EDGE_EDGE && f.index_b == 0, "feature %x", o.feature);
	/* a triangle cutting through A: overlapped, least penetration along the triangle's normal */
	sw_tri3 cut = {{-3, -3, 0.8f}, {3, -3, 0.8f}, {0, 3, 0.8f}};
	o = sweep_tri(&a, O, ID, O, &cut, O, 0);
	expect(&o, SW_STARTS_OVERLAPPED, 0, 1, 0);
	expect_normal(o.normal, 0, 0, 1, 1e-6);
	sw_overlap_result ov;
	cr_expect_eq(sw_hull3_tri3_overlap(&a, sw_pose3_make(O, ID), &cut, &ov), SW_OK);
	cr_expect_eq(ov.status, SW_HIT);
	cr_expect(fabsf(ov.depth - 0.2f) < 1e-6f, "depth %g", ov.depth);
	cr_expect_eq(sw_hull3_tri3_overlap(&a, sw_pose3_make(O, ID), &e, &ov), SW_OK);
	cr_expect_eq(ov.status, SW_MISS);
	/* degenerate triangle, bad displacement */
	sw_tri3 flat = {{3, 0, 0}, {4, 0, 0}, {5, 0, 0}};
	o = sweep_tri(&a, O, ID, O, &flat, O, 0);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	o = sweep_tri(&a, O, ID, O, &t, sw_v3(INFINITY, 0, 0), 0);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
}

Test(hull3_hand, triangle_far_and_tiny)
{
	sw_hull3 a = cube(1e-6f);
	sw_tri3 t = {{3e-6f, -1e-6f, -1e-6f}, {3e-6f, 0, 1e-6f}, {3e-6f, 1e-6f, -1e-6f}};
	sw_sweep_result o = sweep_tri(&a, O, ID, O, &t, sw_v3(-4e-6f, 0, 0), 1);
	expect(&o, SW_HIT, 0.5, 1.0, T_TOL);
	sw_hull3 b = cube(1);
	sw_vec3 pa = sw_v3(1e4f, -1e4f, 1e4f);
	sw_tri3 f = {{1e4f + 3, -1e4f - 1, 1e4f - 1}, {1e4f + 3, -1e4f, 1e4f + 1}, {1e4f + 3, -1e4f + 1, 1e4f - 1}};
	o = sweep_tri(&b, pa, ID, O, &f, sw_v3(-4, 0, 0), 1);
	expect(&o, SW_HIT, 0.5, 1.0, 0);
}

/* ---- near-parallel edges ----
 * A is a wedge (a triangular prism on its side: ridge (±1, 0, ½), base z = 0 of half width ½, faces
 * sloping at 45°) whose local frame is turned by G. B is the same wedge upside down, a box standing on
 * an edge, or a triangle standing on an edge: in each case B's lowest feature is an edge along A's ridge
 * turned by θ about A's up axis G·z, the two edges crossing at their middles with a gap g, and B moves
 * along that axis. Expected answers come from the shapes exactly as the library receives them (float
 * vertices, sw_mat3_from_quat's float matrix applied in double), by the separating-axis test in double
 * over every face normal and every edge pair (tests/common/oracle_hull3.c): for nearly parallel edges
 * the distance between the edges' infinite lines is no answer (an ulp of tilt moves their closest points
 * far outside the edges), the exact separation of the two shapes is. */

typedef struct np_case {
	int kind; /* 0 wedge, 1 box, 2 triangle */
	double theta, gap;
	sw_hull3 a, b; /* b: the wedge (kind 0), or the box as a hull in its own frame */
	sw_quat qa, qb;
	sw_vec3 pa, pb, up;
	sc_box box;
	sw_tri3 tri;
} np_case;

static const sw_vec3 NP_WEDGE[6] = {{-1, 0, 0.5f}, {1, 0, 0.5f},  {-1, -0.5f, 0},
				    {1, -0.5f, 0}, {-1, 0.5f, 0}, {1, 0.5f, 0}};

/* the pair of `kind` at angle theta with gap g + lift, A turned by qa and its frame by G */
static void np_make(np_case *c, int kind, double theta, double g, float lift)
{
	const sw_quat qg = sw_quat_from_axis_angle(sw_v3(0.3f, -0.7f, 0.5f), 1.1f),
		      qg_inv = {-qg.x, -qg.y, -qg.z, qg.w};
	sw_mat3 mg = sw_mat3_from_quat(qg);
	sw_vec3 pts[6];
	for (int k = 0; k < 6; k++)
		pts[k] = sw_mat3_mul(&mg, NP_WEDGE[k]);
	memset(c, 0, sizeof *c);
	c->kind = kind, c->theta = theta, c->gap = g;
	cr_assert_eq(sw_hull3_build(pts, 6, NULL, &c->a), SW_OK);
	c->qa = sw_quat_from_axis_angle(sw_v3(-0.4f, 0.2f, 0.9f), 2.3f);
	c->pa = sw_v3(0.75f, -1.5f, 2.25f);
	sw_quat frame = sw_quat_mul(c->qa, qg);
	sw_quat turned = sw_quat_mul(frame, sw_quat_from_axis_angle(sw_v3(0, 0, 1), (float)theta));
	sw_mat3 mf = sw_mat3_from_quat(frame);
	c->up = sw_mat3_mul(&mf, sw_v3(0, 0, 1));
	/* B's lowest edge at height ½ + g + lift above A's base, along up */
	if (kind == 0) {
		c->b = c->a;
		c->qb = sw_quat_mul(sw_quat_mul(turned, (sw_quat){1, 0, 0, 0}), qg_inv);
		c->pb = sw_v3_add(c->pa, sw_v3_scale(c->up, 1.0f + (float)g + lift));
	} else if (kind == 1) {
		c->box.rot = sw_quat_mul(turned, sw_quat_from_axis_angle(sw_v3(1, 0, 0), 0.78539816f));
		c->box.half = sw_v3(1, 0.5f, 0.5f);
		c->box.center = sw_v3_add(c->pa, sw_v3_scale(c->up, 0.5f + 0.70710678f + (float)g + lift));
		const sw_obb3 local = {c->box.half};
		cr_assert_eq(sw_hull3_box(&local, &c->b), SW_OK);
		c->qb = c->box.rot, c->pb = c->box.center;
	} else {
		sw_mat3 mt = sw_mat3_from_quat(turned);
		sw_vec3 base = sw_v3_add(c->pa, sw_v3_scale(c->up, 0.5f + (float)g + lift));
		c->tri = (sw_tri3){sw_v3_add(base, sw_mat3_mul(&mt, sw_v3(-0.8f, 0, 0))),
				   sw_v3_add(base, sw_mat3_mul(&mt, sw_v3(0.8f, 0, 0))),
				   sw_v3_add(base, sw_mat3_mul(&mt, sw_v3(0, 0, 1)))};
	}
}

/* the double-precision answer for B moving by d (A still) */
static void np_exact(const np_case *c, sw_vec3 d, oracle_hull3_problem *prob, oracle_hull3_result *want)
{
	static oracle_hull3_shape sa, sb;
	oracle_hull3_shape_hull(&c->a, sw_pose3_make(c->pa, c->qa), &sa);
	if (c->kind == 2)
		oracle_hull3_shape_tri(&c->tri, &sb);
	else
		oracle_hull3_shape_hull(&c->b, sw_pose3_make(c->pb, c->qb), &sb);
	oracle_hull3_prepare(&sa, sw_v3(0, 0, 0), &sb, d, prob);
	oracle_hull3_solve(prob, 0, want);
}

static sw_sweep_result np_sweep(const np_case *c, sw_vec3 d)
{
	sw_sweep_result o;
	const sw_vec3 z = {0, 0, 0};
	if (c->kind == 0)
		sc_hull3_sweep(&c->a, c->pa, c->qa, z, &c->b, c->pb, c->qb, d, &o);
	else if (c->kind == 1)
		sc_hull3_obb3_sweep(&c->a, c->pa, c->qa, z, &c->box, d, &o);
	else
		sc_hull3_tri3_sweep(&c->a, c->pa, c->qa, z, &c->tri, d, 0, &o);
	check_output(&o);
	return o;
}

static sw_status np_overlap(const np_case *c)
{
	sw_overlap_result o;
	if (c->kind == 0)
		return sc_hull3_overlap(&c->a, c->pa, c->qa, &c->b, c->pb, c->qb, &o);
	if (c->kind == 1)
		return sc_hull3_obb3_overlap(&c->a, c->pa, c->qa, &c->box, &o);
	return sc_hull3_tri3_overlap(&c->a, c->pa, c->qa, &c->tri, &o);
}

/* one sweep against the exact answer: status, times within T_TOL (the motion is the size), and for a
 * hit a contact normal with no gap left along it */
static int np_check(const np_case *c, const char *what, sw_vec3 d)
{
	oracle_hull3_problem prob;
	oracle_hull3_result want;
	np_exact(c, d, &prob, &want);
	sw_sweep_result o = np_sweep(c, d);
	int ok = o.status == want.status && fabs(o.t_first - want.t_first) <= T_TOL &&
		 fabs(o.t_last - want.t_last) <= T_TOL;
	if (ok && o.status == SW_HIT) {
		const double n[3] = {o.normal.x, o.normal.y, o.normal.z};
		ok = fabs(oracle_hull3_gap_along(&prob, n, o.t_first)) <= 1e-5;
	}
	if (!ok)
		cr_log_error(
			"%s kind %d theta %g gap %g (min separation %.9g): %s t [%.9g, %.9g], exact %s [%.9g, %.9g]",
			what, c->kind, c->theta, c->gap, want.min_sep, sw_status_name(o.status), o.t_first, o.t_last,
			sw_status_name(want.status), want.t_first, want.t_last);
	oracle_hull3_free(&prob);
	return ok;
}

Test(hull3_hand, near_parallel_edges_every_angle)
{
	static const double thetas[] = {1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6};
	static const double gaps[] = {1e-5, -1e-5, 1e-4, -1e-4, 1e-3, -1e-3};
	int bad = 0, cases = 0;
	for (int kind = 0; kind < 3; kind++)
		for (size_t ti = 0; ti < sizeof thetas / sizeof thetas[0]; ti++)
			for (size_t gi = 0; gi < sizeof gaps / sizeof gaps[0]; gi++) {
				/* gaps relative to the size (about 2); motion of the size along the up axis */
				double g = 2 * gaps[gi];
				np_case c, far;
				np_make(&c, kind, thetas[ti], g, 0);
				np_make(&far, kind, thetas[ti], g, 1);
				sw_vec3 in = sw_v3_scale(c.up, -2), out = sw_v3_scale(c.up, 2);
				/* static; closing from the gap; opening from it; closing from one unit further */
				oracle_hull3_problem prob;
				oracle_hull3_result want;
				np_exact(&c, sw_v3(0, 0, 0), &prob, &want);
				sw_status st = np_overlap(&c), ws = oracle_hull3_sep(&prob, 0) > 0 ? SW_MISS : SW_HIT;
				oracle_hull3_free(&prob);
				if (st != ws) {
					cr_log_error("overlap kind %d theta %g gap %g: %s, exact %s", kind, thetas[ti],
						     g, sw_status_name(st), sw_status_name(ws));
					bad++;
				}
				bad += !np_check(&c, "closing", in);
				bad += !np_check(&c, "opening", out);
				bad += !np_check(&far, "from afar", in);
				cases += 4;
			}
	cr_expect_eq(bad, 0, "%d of %d near-parallel cases wrong", bad, cases);
}

/* a fuzzed pair: a 4-point hull 2^-125 in size at 1e11 hit by a triangle moving 3.4e10; its first
 * contact underflows, and a HIT reports the smallest positive time, never a signed zero (one tier once
 * gave −0 and the others +0; tests/common/gen_hull3.c runs it on every tier as pair 0 of
 * "extreme_scales") */
Test(hull3_hand, underflowing_first_contact_is_the_smallest_time)
{
	static const sw_vec3 pts[4] = {{-0x1.5a7a38p-126f, -0x1.c496acp-126f, 0x1.26b7ecp-126f},
				       {0x1.faedc8p-126f, 0x1.ac4f68p-127f, 0x1.0e9c4cp-126f},
				       {0x1.e90f04p-126f, 0x1.da7cep-127f, -0x1.9235fcp-126f},
				       {0x1.6dd518p-127f, 0x1.266028p-127f, -0x1.1ad418p-126f}};
	const sw_quat q = {-0x1.bcfe4p-8f, 0x1.27bdp-1f, 0x1.9a1cccp-1f, -0x1.41f51ep-3f};
	const sw_tri3 t = {{0x1.74876ep+36f, 0x1.74877ep+36f, 0x1.748776p+36f},
			   {0x1.74876ep+36f, 0x1.74876ep+36f, 0x1.74876ep+36f},
			   {0x1.74876ep+36f, 0x1.74875ep+36f, 0x1.748776p+36f}};
	sw_hull3 h;
	cr_assert_eq(sw_hull3_build(pts, 4, NULL, &h), SW_OK);
	sw_sweep_result o;
	cr_assert_eq(sw_hull3_tri3_sweep(&h, sw_pose3_make(t.b, q), sw_v3(0, 0, 0), &t, sw_v3(-0x1.faa3b4p+34f, 0, 0),
					 NULL, &o),
		     SW_OK);
	cr_expect(o.status == SW_HIT && o.t_first == FLT_TRUE_MIN, "%s t_first %a", sw_status_name(o.status),
		  o.t_first);
}
