/* tests/test_hull3_flat.c — flat hulls (two-faced convex polygons, swept/hull.h) and thin slabs in every
 * hull query:
 *   - hand cases whose answers come from the arithmetic in the comments: plates against cubes, boxes,
 *     triangles and plates, face on, edge on in their plane and edge to edge, as A and as B, moving and
 *     static;
 *   - the packed prism of a flat hull (src/hull3_view.h): each edge's faces in the order the Gauss-map
 *     tests rely on;
 *   - thin slabs from 1e-3 down to 1e-8 of their size given as hulls (sw_hull3_build of the 8 corners:
 *     thin solids, then flat hulls) and as boxes (the hull–box query, sw_hull3_box's hull, and the
 *     OBB family's sw_obb3_sweep and sw_obb3_tri3_sweep): the representations, moving and static,
 *     against cubes, slabs and triangles, must give the same answer within the accuracy bar (statuses
 *     equal unless the pair touches within 1e-6 of its size, times within 1e-5, static depths within
 *     1e-5 of the size).
 * Plates are sw_hull3_build() of 4 points in the plane z = 0: face 0 is +z, vertex 0 the corner
 * (−x, −y), the loop counter-clockwise seen from +z, edge i from vertex i to i + 1. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "hull3_view.h"
#include "oracle_hull3.h"
#include "scenes.h"

#define T_TOL 1e-5
#define SQRT2 1.41421356237309505

static const sw_quat ID = {0, 0, 0, 1};
static const sw_vec3 O = {0, 0, 0};

static sw_hull3 plate(float hx, float hy)
{
	const sw_vec3 p[4] = {{-hx, -hy, 0}, {hx, -hy, 0}, {hx, hy, 0}, {-hx, hy, 0}};
	sw_hull3 h;
	cr_assert_eq(sw_hull3_build(p, 4, NULL, &h), SW_OK);
	cr_assert_eq(h.num_faces, 2, "not a flat hull");
	cr_assert(h.faces[0].normal.z == 1.0f, "face 0 is not +z");
	return h;
}

static sw_hull3 cube(float h)
{
	sc_box box = {{0, 0, 0}, {0, 0, 0, 1}, {h, h, h}};
	sw_hull3 out;
	cr_assert_eq(sc_hull3_box(&box, &out), SW_OK);
	return out;
}

/* the edge of a plate whose two vertices have coordinate c = v along axis k */
static uint32_t plate_edge(const sw_hull3 *h, int k, float v)
{
	for (uint32_t i = 0; i < h->num_edges; i++) {
		sw_vec3 a = h->verts[i], b = h->verts[(i + 1) % h->num_verts];
		float x = k == 0 ? a.x : a.y, y = k == 0 ? b.x : b.y;
		if (x == v && y == v)
			return i;
	}
	cr_assert_fail("no such edge");
	return 0;
}

static void expect(const sw_sweep_result *o, sw_status st, double t0, double t1)
{
	cr_assert_eq(o->status, st, "status %s, want %s", sw_status_name(o->status), sw_status_name(st));
	cr_expect(fabs(o->t_first - t0) <= T_TOL, "t_first %.9g, want %.9g", o->t_first, t0);
	cr_expect(fabs(o->t_last - t1) <= T_TOL, "t_last %.9g, want %.9g", o->t_last, t1);
}

static void expect_normal(sw_vec3 n, double x, double y, double z)
{
	cr_expect(fabs(n.x - x) < 1e-5 && fabs(n.y - y) < 1e-5 && fabs(n.z - z) < 1e-5,
		  "normal (%g, %g, %g), want (%g, %g, %g)", n.x, n.y, n.z, x, y, z);
}

static sw_sweep_result sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_hull3 *b, sw_vec3 pb, sw_quat qb,
			     sw_vec3 db)
{
	sw_sweep_result o;
	cr_assert_eq(sc_hull3_sweep(a, pa, qa, O, b, pb, qb, db, &o), o.status);
	return o;
}

Test(hull3_flat, plate_face_on_and_edge_on)
{
	sw_hull3 a = plate(1, 1), b = cube(1);
	/* B's bottom z = c − 1 reaches the plate at c = 1: 4 − 4t = 1 → 0.75; its top leaves at c = −1,
	 * t = 1.25: still touching at the end */
	sw_sweep_result o = sweep(&a, O, ID, &b, sw_v3(0, 0, 4), ID, sw_v3(0, 0, -4));
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 0, 0, 1);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 0);
	o = sweep(&a, O, ID, &b, sw_v3(0, 0, -4), ID, sw_v3(0, 0, 4));
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 0, 0, -1);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 1);
	/* in the plate's plane: B's face x = c − 1 meets the rim x = 1 at c = 2, t = 0.75, on the rim of the
	 * edge at x = 1 (face 2 + i of the packed prism), which ties with B's −x face and comes first */
	o = sweep(&a, O, ID, &b, sw_v3(5, 0, 0), ID, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 1, 0, 0);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | (2 + plate_edge(&a, 0, 1)));
	/* passing 0.01 above the plate's plane, and beside its rim */
	o = sweep(&a, O, ID, &b, sw_v3(-5, 0, 1.01f), ID, sw_v3(10, 0, 0));
	cr_expect_eq(o.status, SW_MISS);
	o = sweep(&a, O, ID, &b, sw_v3(-5, 2.01f, 0), ID, sw_v3(10, 0, 0));
	cr_expect_eq(o.status, SW_MISS);
	/* the plate turned: its normal along x, rim edges along y and z; B from +x as the first case */
	sw_quat q = sw_quat_from_axis_angle(sw_v3(0, 1, 0), 1.57079633f);
	o = sweep(&a, sw_v3(1, 2, 3), q, &b, sw_v3(5, 2, 3), ID, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 1, 0, 0);
}

Test(hull3_flat, plate_as_b)
{
	sw_hull3 a = cube(1), b = plate(1, 1);
	/* the plate's plane reaches the cube's top z = 1 at c = 1: 4 − 4t = 1 → 0.75 (the cube's +z face,
	 * face 5, ties with the plate's −z face reversed) */
	sw_sweep_result o = sweep(&a, O, ID, &b, sw_v3(0, 0, 4), ID, sw_v3(0, 0, -4));
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 0, 0, 1);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 5);
	/* edge on: the plate's rim x = c − 1 meets the cube's +x face at c = 2 */
	o = sweep(&a, O, ID, &b, sw_v3(5, 0, 0), ID, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 1, 0, 0);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | 1);
	/* the plate turned 45° about y, so that its edge at x = −1 leads at c − √2/2 and sits lowest at
	 * z: moving down onto the cube's top, the edge at z = c − √2/2 meets z = 1 at c = 1 + √2/2 */
	sw_quat q = sw_quat_from_axis_angle(sw_v3(0, 1, 0), 0.78539816f);
	o = sweep(&a, O, ID, &b, sw_v3(0, 0, 4), q, sw_v3(0, 0, -4));
	expect(&o, SW_HIT, (3 - SQRT2 / 2) / 4, 1);
	expect_normal(o.normal, 0, 0, 1);
	/* the static overlap as B, half-way in: depth 0.5 along +z */
	sw_overlap_result ov;
	cr_assert_eq(sc_hull3_overlap(&a, O, ID, &b, sw_v3(0, 0, 0.5f), ID, &ov), SW_HIT);
	cr_expect(fabsf(ov.depth - 0.5f) < 1e-6f, "depth %g", ov.depth);
	expect_normal(ov.normal, 0, 0, 1);
}

Test(hull3_flat, plate_against_plate)
{
	sw_hull3 a = plate(1, 1), b = plate(1, 1);
	/* coplanar, edge on: B's rim x = c − 1 meets A's rim x = 1 at c = 2; t = 0.75. B's right rim
	 * leaves A's left one at c = −2, t = 1.75 */
	sw_sweep_result o = sweep(&a, O, ID, &b, sw_v3(5, 0, 0), ID, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 1, 0, 0);
	cr_expect_eq(o.feature, SW_HULL_FEATURE_FACE_A | (2 + plate_edge(&a, 0, 1)));
	/* B in the plane y = 0 (turned 90° about x), its edge x = c − 1 along z meeting A's rim edge
	 * x = 1 along y at c = 2, edge to edge: t = 0.75 */
	sw_quat up = sw_quat_from_axis_angle(sw_v3(1, 0, 0), 1.57079633f);
	o = sweep(&a, O, ID, &b, sw_v3(5, 0, 0), up, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 1, 0, 0);
	/* B also turned 45° about y (a corner first): the corner at x = c − √2 reaches x = 1 at
	 * c = 1 + √2 */
	sw_quat corner = sw_quat_mul(sw_quat_from_axis_angle(sw_v3(0, 1, 0), 0.78539816f), up);
	o = sweep(&a, O, ID, &b, sw_v3(5, 0, 0), corner, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, (4 - SQRT2) / 4, 1);
	/* static: coplanar and overlapping, the least penetration is 0 along A's +z (any lift separates
	 * two plates of no thickness); coplanar 0.5 apart, A's rim at x = 1 separates by 0.5; crossing
	 * like an X (B upright through A), depth 1 along A's +z */
	sw_overlap_result ov;
	cr_assert_eq(sc_hull3_overlap(&a, O, ID, &b, sw_v3(1.5f, 0, 0), ID, &ov), SW_HIT);
	cr_expect(ov.depth == 0.0f && !signbit(ov.depth), "depth %a", ov.depth);
	cr_expect_eq(ov.feature, SW_HULL_FEATURE_FACE_A | 0);
	cr_assert_eq(sc_hull3_overlap(&a, O, ID, &b, sw_v3(2.5f, 0, 0), ID, &ov), SW_MISS);
	cr_expect(fabsf(ov.depth - 0.5f) < 1e-6f, "gap %g", ov.depth);
	cr_expect_eq(ov.feature, SW_HULL_FEATURE_FACE_A | (2 + plate_edge(&a, 0, 1)));
	cr_assert_eq(sc_hull3_overlap(&a, O, ID, &b, O, up, &ov), SW_HIT);
	cr_expect(fabsf(ov.depth - 1) < 1e-6f, "depth %g", ov.depth);
	expect_normal(ov.normal, 0, 0, 1);
	/* parallel planes 0.25 apart, overlapping in the plane: a miss along +z by 0.25 */
	cr_assert_eq(sc_hull3_overlap(&a, O, ID, &b, sw_v3(0.5f, 0.5f, 0.25f), ID, &ov), SW_MISS);
	cr_expect(fabsf(ov.depth - 0.25f) < 1e-6f, "gap %g", ov.depth);
	cr_expect_eq(ov.feature, SW_HULL_FEATURE_FACE_A | 0);
}

Test(hull3_flat, plate_against_box_and_triangle)
{
	sw_hull3 a = plate(1, 1);
	sw_sweep_result o;
	/* the box query: as plate_face_on_and_edge_on */
	sc_box box = {{0, 0, 4}, {0, 0, 0, 1}, {1, 1, 1}};
	cr_assert_eq(sc_hull3_obb3_sweep(&a, O, ID, O, &box, sw_v3(0, 0, -4), &o), SW_HIT);
	expect(&o, SW_HIT, 0.75, 1);
	box.center = sw_v3(5, 0, 0);
	sc_hull3_obb3_sweep(&a, O, ID, O, &box, sw_v3(-4, 0, 0), &o);
	expect(&o, SW_HIT, 0.75, 1);
	expect_normal(o.normal, 1, 0, 0);
	/* a triangle in the plate's plane, vertex first: (3, 0, 0) reaches the rim x = 1 at t = 0.5; its
	 * far edge x = 5 − 4t leaves x = −1 after the step */
	sw_tri3 t = {{3, 0, 0}, {5, 1, 0}, {5, -1, 0}};
	sc_hull3_tri3_sweep(&a, O, ID, O, &t, sw_v3(-4, 0, 0), 0, &o);
	expect(&o, SW_HIT, 0.5, 1);
	expect_normal(o.normal, 1, 0, 0);
	/* upright (in the plane y = 0), its lowest edge z = 2 − 4t along x onto the plate at t = 0.5, its
	 * top z = 3 − 4t through it at 0.75 */
	sw_tri3 u = {{-0.5f, 0, 2}, {0.5f, 0, 2}, {0, 0, 3}};
	sc_hull3_tri3_sweep(&a, O, ID, O, &u, sw_v3(0, 0, -4), 0, &o);
	expect(&o, SW_HIT, 0.5, 0.75);
	expect_normal(o.normal, 0, 0, 1);
	/* one-sided: the coplanar triangle moves within its own plane, never towards its front */
	sc_hull3_tri3_sweep(&a, O, ID, O, &t, sw_v3(-4, 0, 0), 1, &o);
	cr_expect_eq(o.status, SW_MISS);
	/* static: coplanar and overlapping (depth 0); upright through the plate from z = −0.5 to 1.5,
	 * pushed out along +z by 0.5 (along −z it would take 1.5) */
	sw_overlap_result ov;
	sw_tri3 in = {{-0.5f, -0.5f, 0}, {0.5f, -0.5f, 0}, {0, 0.5f, 0}};
	cr_assert_eq(sc_hull3_tri3_overlap(&a, O, ID, &in, &ov), SW_HIT);
	cr_expect(ov.depth == 0.0f, "depth %g", ov.depth);
	sw_tri3 cut = {{-0.5f, 0, -0.5f}, {0.5f, 0, -0.5f}, {0, 0, 1.5f}};
	cr_assert_eq(sc_hull3_tri3_overlap(&a, O, ID, &cut, &ov), SW_HIT);
	cr_expect(fabsf(ov.depth - 0.5f) < 1e-6f, "depth %g", ov.depth);
	expect_normal(ov.normal, 0, 0, 1);
}

Test(hull3_flat, flat_triangle_hull)
{
	/* three points make a flat triangle: (0,0,0), (2,0,0), (0,2,0), against a cube coming down onto
	 * it (bottom z = 3 − 4t reaches 0 at 0.75), and a cube coming along −x whose face x = c − 1 meets
	 * the vertex (2, 0, 0) at c = 3, t = 0.5 */
	const sw_vec3 p[3] = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
	sw_hull3 a, b = cube(1);
	cr_assert_eq(sw_hull3_build(p, 3, NULL, &a), SW_OK);
	cr_assert_eq(a.num_faces, 2);
	sw_sweep_result o = sweep(&a, O, ID, &b, sw_v3(0.5f, 0.5f, 4), ID, sw_v3(0, 0, -4));
	expect(&o, SW_HIT, 0.75, 1);
	o = sweep(&a, O, ID, &b, sw_v3(5, 0, 0), ID, sw_v3(-4, 0, 0));
	expect(&o, SW_HIT, 0.5, 1);
	expect_normal(o.normal, 1, 0, 0);
}

/* every edge of a flat hull's packed prism has its faces in the order of a solid's: n_f1 × n_f0 along
 * −u (src/hull3_view.h), which the Gauss-map tests and the orientation of edge-pair directions use */
Test(hull3_flat, prism_edges_ordered_as_a_solid)
{
	sc_rng r = sc_rng_seed(5);
	static float fl[SW_HV_MAX_FLOATS];
	static int32_t ix[SW_HV_MAX_INTS];
	for (int it = 0; it < 200; it++) {
		sw_vec3 pts[64];
		int n = 3 + (int)sc_below(&r, 62);
		sw_mat3 m = sw_mat3_from_quat(sc_rotation(&r));
		for (int k = 0; k < n; k++) {
			float a = sc_uniform(&r, 0, 6.2831853f), rad = sc_uniform(&r, 0.2f, 1);
			pts[k] = sw_mat3_mul(&m, sw_v3(rad * cosf(a), rad * sinf(a), 0));
		}
		sw_hull3 h;
		if (sw_hull3_build(pts, (size_t)n, NULL, &h) != SW_OK || h.num_faces != 2)
			continue;
		sw_hull_view v;
		sw_hull_view_pack(&h, fl, ix, &v);
		cr_assert_eq(v.nf, h.num_verts + 2);
		cr_assert_eq(v.ne, 3 * h.num_verts);
		for (uint32_t i = 0; i < v.ne; i++) {
			const float *e = v.e, *f = v.f;
			sw_vec3 u = sw_v3(e[i], e[v.es + i], e[2 * v.es + i]);
			int32_t g0 = v.ef[i], g1 = v.ef[v.es + i];
			sw_vec3 n0 = sw_v3(f[g0], f[v.fs + g0], f[2 * v.fs + g0]);
			sw_vec3 n1 = sw_v3(f[g1], f[v.fs + g1], f[2 * v.fs + g1]);
			cr_assert(sw_v3_dot(sw_v3_cross(n1, n0), u) < 0, "cloud %d, packed edge %u of %u", it, i, v.ne);
		}
		/* every rim offset bounds the polygon */
		for (uint32_t g = 2; g < v.nf; g++)
			for (uint32_t k = 0; k < v.nv; k++) {
				sw_vec3 nrm = sw_v3(v.f[g], v.f[v.fs + g], v.f[2 * v.fs + g]);
				cr_assert_leq(sw_v3_dot(nrm, h.verts[k]), v.f[SW_HV_FD * v.fs + g] + 1e-6f);
			}
	}
}

/* ---- thin slabs: hull and box representations agree ---- */

typedef enum partner { P_CUBE, P_SLAB, P_TRI } partner;

/* the slab (half extents 1, 1, τ) as a hull from its 8 corners */
static void slab_hull(float tau, sw_hull3 *h)
{
	sw_vec3 p[8];
	for (int k = 0; k < 8; k++)
		p[k] = sw_v3(k & 1 ? 1.0f : -1.0f, k & 2 ? 1.0f : -1.0f, k & 4 ? tau : -tau);
	cr_assert_eq(sw_hull3_build(p, 8, NULL, h), SW_OK);
}

/* the pair's exact least separation over the step (its oracle, the slab as sw_hull3_box's hull) */
static double exact_min_sep(const sw_hull3 *sa, sw_vec3 pa, sw_quat qa, const sw_hull3 *pb, sw_vec3 ppb, sw_quat qpb,
			    const sw_tri3 *t, sw_vec3 d, double *scale)
{
	static oracle_hull3_shape a, b;
	oracle_hull3_shape_hull(sa, sw_pose3_make(pa, qa), &a);
	if (t)
		oracle_hull3_shape_tri(t, &b);
	else
		oracle_hull3_shape_hull(pb, sw_pose3_make(ppb, qpb), &b);
	oracle_hull3_problem prob;
	oracle_hull3_prepare(&a, O, &b, d, &prob);
	oracle_hull3_result res;
	oracle_hull3_solve(&prob, 0, &res);
	*scale = prob.scale;
	oracle_hull3_free(&prob);
	return res.min_sep;
}

static int same_answer(const sw_sweep_result *x, const sw_sweep_result *y, double margin, double scale)
{
	if (fabs(margin) <= 1e-6 * scale)
		return 1; /* touching within the bar: either answer */
	return x->status == y->status && fabs(x->t_first - y->t_first) <= T_TOL && fabs(x->t_last - y->t_last) <= T_TOL;
}

/* one slab thickness: random pairs (the slab turned at random, the partner near it, moving onto it
 * half of the time) and pairs moving within the slab's plane onto its rim */
static int slab_pairs(float tau, partner who, sc_rng *r, int n, int *compared)
{
	sw_hull3 h, box_hull, cube_h = cube(0.5f), other;
	slab_hull(tau, &h);
	const sw_obb3 local = {{1, 1, tau}};
	cr_assert_eq(sw_hull3_box(&local, &box_hull), SW_OK);
	other = who == P_SLAB ? h : cube_h;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		sw_quat qs = sc_rotation(r), qo = sc_rotation(r);
		sw_mat3 ms = sw_mat3_from_quat(qs);
		sw_vec3 po, d;
		if (i % 3 == 0) {
			/* within the slab's plane, onto its rim */
			float a = sc_uniform(r, 0, 6.2831853f);
			sw_vec3 dir = sw_mat3_mul(&ms, sw_v3(cosf(a), sinf(a), 0));
			po = sw_v3_scale(dir, sc_uniform(r, 1.8f, 3));
			d = sw_v3_scale(dir, -sc_uniform(r, 0.5f, 3));
			if (who == P_SLAB)
				qo = sw_quat_mul(qs, sw_quat_from_axis_angle(sw_v3(0, 0, 1), sc_uniform(r, -1, 1)));
		} else {
			po = sw_v3(sc_uniform(r, -2, 2), sc_uniform(r, -2, 2), sc_uniform(r, -2, 2));
			d = sw_v3(sc_uniform(r, -3, 3), sc_uniform(r, -3, 3), sc_uniform(r, -3, 3));
			if (sc_next(r) & 1)
				d = sw_v3_scale(po, -sc_uniform(r, 0.5f, 2));
		}
		sw_sweep_result x, y;
		sw_overlap_result sx, sy;
		sc_box slab_box = {O, qs, {1, 1, tau}};
		double scale, margin;
		if (who == P_TRI) {
			sw_mat3 mo = sw_mat3_from_quat(qo);
			sw_tri3 t = {sw_v3_add(po, sw_mat3_mul(&mo, sw_v3(-0.6f, -0.4f, 0))),
				     sw_v3_add(po, sw_mat3_mul(&mo, sw_v3(0.6f, -0.4f, 0))),
				     sw_v3_add(po, sw_mat3_mul(&mo, sw_v3(0, 0.7f, 0)))};
			/* the slab as A: a hull; as a box through sw_hull3_box's hull */
			sc_hull3_tri3_sweep(&h, O, qs, O, &t, d, 0, &x);
			sc_hull3_tri3_sweep(&box_hull, O, qs, O, &t, d, 0, &y);
			sc_hull3_tri3_overlap(&h, O, qs, &t, &sx);
			sc_hull3_tri3_overlap(&box_hull, O, qs, &t, &sy);
			margin = exact_min_sep(&box_hull, O, qs, NULL, O, ID, &t, d, &scale);
		} else {
			/* the partner as A, the slab as B: a hull, or the box of the hull–box query */
			sw_vec3 nd = sw_v3_scale(d, -1);
			sc_hull3_sweep(&other, po, qo, O, &h, O, qs, nd, &x);
			sc_hull3_obb3_sweep(&other, po, qo, O, &slab_box, nd, &y);
			sc_hull3_overlap(&other, po, qo, &h, O, qs, &sx);
			sc_hull3_obb3_overlap(&other, po, qo, &slab_box, &sy);
			margin = exact_min_sep(&other, po, qo, &box_hull, O, qs, NULL, nd, &scale);
		}
		/* the box queries of the OBB family, the slab as A (a hull's sweep from A's side) */
		sw_sweep_result z;
		sw_sweep_result w = x;
		sc_box ob = {po, qo, who == P_SLAB ? sw_v3(1, 1, tau) : sw_v3(0.5f, 0.5f, 0.5f)};
		if (who == P_TRI) {
			sw_mat3 mo = sw_mat3_from_quat(qo);
			sw_tri3 t = {sw_v3_add(po, sw_mat3_mul(&mo, sw_v3(-0.6f, -0.4f, 0))),
				     sw_v3_add(po, sw_mat3_mul(&mo, sw_v3(0.6f, -0.4f, 0))),
				     sw_v3_add(po, sw_mat3_mul(&mo, sw_v3(0, 0.7f, 0)))};
			sc_obb3_tri3_sweep(&slab_box, O, &t, d, 0, &z);
		} else {
			sc_obb3_sweep(&slab_box, sw_v3_scale(d, -1), &ob, O, &z);
		}
		w.status = z.status, w.t_first = z.t_first, w.t_last = z.t_last;
		(*compared)++;
		int ok = same_answer(&x, &y, margin, scale), obb_ok = same_answer(&x, &w, margin, scale);
		/* static, when both start apart or both overlap: the status and a HIT's depth */
		if (ok && fabs(margin) > 1e-6 * scale && x.status != SW_HIT && y.status != SW_HIT)
			ok = sx.status == sy.status && (sx.status != SW_HIT || fabsf(sx.depth - sy.depth) <= 2e-5f);
		if (!obb_ok) {
			bad++;
			cr_log_error("tau %g partner %d pair %d (margin %.3g): hull %s [%.9g, %.9g], sw_obb3 %s [%.9g, "
				     "%.9g]",
				     tau, who, i, margin, sw_status_name(x.status), x.t_first, x.t_last,
				     sw_status_name(w.status), w.t_first, w.t_last);
		}
		if (!ok) {
			bad++;
			if (bad <= 5)
				cr_log_error(
					"tau %g partner %d pair %d (margin %.3g): hull %s [%.9g, %.9g] static %s %g; "
					"box %s [%.9g, %.9g] static %s %g",
					tau, who, i, margin, sw_status_name(x.status), x.t_first, x.t_last,
					sw_status_name(sx.status), sx.depth, sw_status_name(y.status), y.t_first,
					y.t_last, sw_status_name(sy.status), sy.depth);
		}
	}
	return bad;
}

Test(hull3_flat, thin_slabs_as_hulls_and_boxes_agree)
{
	static const float taus[] = {1e-3f, 1e-4f, 1e-5f, 1e-6f, 1e-7f, 1e-8f};
	sc_rng r = sc_rng_seed(77);
	int bad = 0, compared = 0;
	for (size_t k = 0; k < sizeof taus / sizeof taus[0]; k++) {
		sw_hull3 h;
		slab_hull(taus[k], &h);
		cr_log_info("slab 2 x 2 x %g: %s hull, %u faces", 2 * taus[k], h.num_faces == 2 ? "flat" : "solid",
			    h.num_faces);
		for (int who = P_CUBE; who <= P_TRI; who++)
			bad += slab_pairs(taus[k], (partner)who, &r, 300, &compared);
	}
	cr_expect_eq(bad, 0, "%d of %d slab pairs differ between the hull and the box", bad, compared);
}
