/* tests/test_hull3_brute.c — the hull sweeps against the independent oracle (every face normal and
 * every edge-pair cross product, no pruning, full projections in double; golden section + bisection
 * on the convex separation, tests/common/oracle_hull3.c) on random hulls built from point clouds of
 * 8–32 points (against hulls, boxes and triangles), on flat hulls, on pairs meeting at nearly parallel
 * edges, and the Gauss-map pruning against the unpruned reference.
 *
 * Touching band and time bound: the library's float rounding moves each gap by a few ulps of the
 * pair's size S (both hulls' sizes + the motion, from the oracle) and of the coordinates' magnitude
 * M; so the oracle is also solved with contact meaning f ≤ +eps (grown) and f ≤ −eps (shrunk), with
 * eps = 2⁻²⁰·S + 2⁻²¹·M (≈ 1e-6·S, the accuracy bar, + 4 ulps of M). A status must match unless the
 * grown and shrunk answers differ (the pair touches within eps: counted, and capped at 1 %). t_first must lie between
 * the grown and the shrunk oracle's first contact (± 1e-6), t_last between the shrunk and the grown
 * last contact; the normal must be unit and, for a hit, the gap along it at t_first within 2·eps of
 * zero. No edge pair is exempt: the near_parallel_* populations put nearly parallel edges (1e-7 to
 * 1e-1 rad) at the first contact of hulls, boxes and triangles. */
#include <criterion/criterion.h>
#include <math.h>

#include "oracle_hull3.h"
#include "ref/hull3_ref.h"
#include "scenes.h"

typedef struct pop {
	float world, size_lo, size_hi, motion, offset;
} pop;

/* a hull from 8–32 random points: on a random ellipsoid's surface or inside it, turned at random */
static void random_hull(sc_rng *r, const pop *p, sw_hull3 *out)
{
	for (;;) {
		sw_vec3 pts[32];
		int n = 8 + (int)sc_below(r, 25), shell = (int)(sc_next(r) & 1);
		float ax[3];
		for (int k = 0; k < 3; k++)
			ax[k] = sc_uniform(r, p->size_lo, p->size_hi);
		sw_mat3 rot = sw_mat3_from_quat(sc_rotation(r));
		for (int i = 0; i < n; i++) {
			sw_vec3 d;
			do
				d = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
			while (sw_v3_dot(d, d) > 1 || sw_v3_dot(d, d) < 1e-4f);
			if (shell)
				d = sw_v3_scale(d, 1 / sw_v3_len(d));
			pts[i] = sw_mat3_mul(&rot, sw_v3(d.x * ax[0], d.y * ax[1], d.z * ax[2]));
		}
		if (sw_hull3_build(pts, (size_t)n, NULL, out) == SW_OK)
			return;
	}
}

static sw_vec3 random_pos(sc_rng *r, const pop *p)
{
	return sw_v3(p->offset + sc_uniform(r, -p->world, p->world), -p->offset + sc_uniform(r, -p->world, p->world),
		     p->offset + sc_uniform(r, -p->world, p->world));
}

static sw_vec3 random_motion(sc_rng *r, const pop *p)
{
	return sw_v3(sc_uniform(r, -p->motion, p->motion), sc_uniform(r, -p->motion, p->motion),
		     sc_uniform(r, -p->motion, p->motion));
}

/* compares one library answer with the oracle; returns 0 on a mismatch, -1 for the touching band */
static int judge(const sw_sweep_result *o, const oracle_hull3_problem *prob, double offset)
{
	double eps = 0x1p-20 * prob->scale + 0x1p-21 * fabs(offset);
	oracle_hull3_result exact, grown, shrunk;
	oracle_hull3_solve(prob, 0, &exact);
	oracle_hull3_solve(prob, eps, &grown);
	oracle_hull3_solve(prob, -eps, &shrunk);
	if (grown.status != shrunk.status)
		return -1;
	if (o->status != exact.status) {
		cr_log_error("status %s, oracle %s (min sep %.9g, eps %.3g)", sw_status_name(o->status),
			     sw_status_name(exact.status), exact.min_sep, eps);
		return 0;
	}
	if (o->status == SW_MISS)
		return 1;
	int ok = o->t_first >= grown.t_first - 1e-6 && o->t_first <= shrunk.t_first + 1e-6 &&
		 o->t_last >= shrunk.t_last - 1e-6 && o->t_last <= grown.t_last + 1e-6 &&
		 fabsf(sw_v3_len(o->normal) - 1) < 1e-5f;
	double gap = 0;
	if (ok && o->status == SW_HIT) {
		const double n[3] = {o->normal.x, o->normal.y, o->normal.z};
		gap = oracle_hull3_gap_along(prob, n, o->t_first);
		ok = fabs(gap) <= 2 * eps + 1e-6 * prob->scale;
	}
	if (!ok)
		cr_log_error("library %s t [%.9g, %.9g] n (%.6g, %.6g, %.6g) gap %.3g; oracle t [%.9g, %.9g] (grown "
			     "[%.9g, %.9g], shrunk [%.9g, %.9g])",
			     sw_status_name(o->status), o->t_first, o->t_last, o->normal.x, o->normal.y, o->normal.z,
			     gap, exact.t_first, exact.t_last, grown.t_first, grown.t_last, shrunk.t_first,
			     shrunk.t_last);
	return ok;
}

static void log_pose(char which, sw_vec3 p, sw_quat q, sw_vec3 d)
{
	cr_log_error("  %c at (%a, %a, %a) q (%a, %a, %a, %a) d (%a, %a, %a)", which, p.x, p.y, p.z, q.x, q.y, q.z, q.w,
		     d.x, d.y, d.z);
}

static void run(const char *name, uint64_t seed, int pairs, const pop *p)
{
	sc_rng r = sc_rng_seed(seed);
	int band = 0, hits = 0;
	static sw_hull3 a, b;
	for (int i = 0; i < pairs; i++) {
		random_hull(&r, p, &a);
		random_hull(&r, p, &b);
		sw_vec3 pa = random_pos(&r, p), pb = random_pos(&r, p), da = random_motion(&r, p),
			db = random_motion(&r, p);
		sw_quat qa = sc_rotation(&r), qb = sc_rotation(&r);
		sw_sweep_result o;
		const sw_pose3 xa = sw_pose3_make(pa, qa), xb = sw_pose3_make(pb, qb);
		cr_assert_eq(sw_hull3_sweep(&a, xa, da, &b, xb, db, &o), SW_OK);
		static oracle_hull3_shape sa, sb;
		oracle_hull3_problem prob;
		oracle_hull3_shape_hull(&a, xa, &sa);
		oracle_hull3_shape_hull(&b, xb, &sb);
		oracle_hull3_prepare(&sa, da, &sb, db, &prob);
		int v = judge(&o, &prob, p->offset);
		oracle_hull3_free(&prob);
		band += v < 0;
		hits += v > 0 && o.status != SW_MISS;
		if (!v) {
			cr_log_error("%s case %d (seed %llu): A %u verts, B %u verts", name, i,
				     (unsigned long long)seed, a.num_verts, b.num_verts);
			log_pose('A', pa, qa, da);
			log_pose('B', pb, qb, db);
			cr_assert_fail("%s: mismatch at case %d", name, i);
		}
	}
	cr_log_info("%s: %d pairs, %d hit or overlapping, %d in the touching band", name, pairs, hits, band);
	cr_expect_leq(band, pairs / 100, "%s: touching band holds %d pairs", name, band);
	cr_expect_geq(hits, pairs / 10, "%s: too few contacts to test anything", name);
}

/* hull–box pairs: the box (half extents in [size_lo, size_hi]) is given to the oracle as the hull
 * sw_hull3_box() makes of it in its own frame, placed at the box's pose */
static void run_obb(const char *name, uint64_t seed, int pairs, const pop *p)
{
	sc_rng r = sc_rng_seed(seed);
	int band = 0, hits = 0;
	static sw_hull3 a, bh;
	for (int i = 0; i < pairs; i++) {
		random_hull(&r, p, &a);
		sc_box box = {random_pos(&r, p), sc_rotation(&r),
			      sw_v3(sc_uniform(&r, p->size_lo, p->size_hi), sc_uniform(&r, p->size_lo, p->size_hi),
				    sc_uniform(&r, p->size_lo, p->size_hi))};
		sw_vec3 pa = random_pos(&r, p), da = random_motion(&r, p), db = random_motion(&r, p);
		sw_quat qa = sc_rotation(&r);
		sw_sweep_result o;
		const sw_obb3 shape = sc_box_shape(&box);
		const sw_pose3 xa = sw_pose3_make(pa, qa);
		cr_assert_eq(sw_hull3_obb3_sweep(&a, xa, da, &shape, sc_box_pose(&box), db, &o), SW_OK);
		cr_assert_eq(sw_hull3_box(&shape, &bh), SW_OK);
		static oracle_hull3_shape sa, sb;
		oracle_hull3_problem prob;
		oracle_hull3_shape_hull(&a, xa, &sa);
		oracle_hull3_shape_hull(&bh, sc_box_pose(&box), &sb);
		oracle_hull3_prepare(&sa, da, &sb, db, &prob);
		int v = judge(&o, &prob, p->offset);
		oracle_hull3_free(&prob);
		band += v < 0;
		hits += v > 0 && o.status != SW_MISS;
		if (!v) {
			cr_log_error("%s case %d (seed %llu): A %u verts, box half (%a, %a, %a)", name, i,
				     (unsigned long long)seed, a.num_verts, box.half.x, box.half.y, box.half.z);
			log_pose('A', pa, qa, da);
			log_pose('B', box.center, box.rot, db);
			cr_assert_fail("%s: mismatch at case %d", name, i);
		}
	}
	cr_log_info("%s: %d pairs, %d hit or overlapping, %d in the touching band", name, pairs, hits, band);
	cr_expect_leq(band, pairs / 100, "%s: touching band holds %d pairs", name, band);
	cr_expect_geq(hits, pairs / 10, "%s: too few contacts to test anything", name);
}

Test(hull3_brute, boxes) { run_obb("boxes", 31, 2000, &(pop){2.5f, 0.25f, 1.5f, 4, 0}); }
Test(hull3_brute, boxes_offset_1e4) { run_obb("boxes_offset_1e4", 32, 1000, &(pop){2.5f, 0.25f, 1.5f, 4, 1e4f}); }

/* 10⁴ hull pairs over four populations */
Test(hull3_brute, random_hulls) { run("random_hulls", 1, 5000, &(pop){2.5f, 0.25f, 1.5f, 4, 0}); }
Test(hull3_brute, offset_1e4) { run("offset_1e4", 2, 2000, &(pop){2.5f, 0.25f, 1.5f, 4, 1e4f}); }
Test(hull3_brute, tiny) { run("tiny", 3, 1500, &(pop){2.5e-3f, 2.5e-4f, 1.5e-3f, 4e-3f, 0}); }
Test(hull3_brute, fast_motion) { run("fast_motion", 4, 1500, &(pop){2.5f, 0.25f, 1.5f, 400, 0}); }

/* a random triangle around a random position: vertices 0.3–1.5 × size from its centre */
static void random_tri(sc_rng *r, const pop *p, sw_tri3 *t)
{
	sw_vec3 c = random_pos(r, p), v[3];
	do {
		for (int k = 0; k < 3; k++) {
			sw_vec3 d = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
			v[k] = sw_v3_add(c, sw_v3_scale(d, sc_uniform(r, 0.3f, 1.5f) * p->size_hi));
		}
		*t = (sw_tri3){v[0], v[1], v[2]};
		/* no slivers: twice the area at least 5 % of size² */
	} while (sw_v3_len(sw_v3_cross(sw_v3_sub(v[1], v[0]), sw_v3_sub(v[2], v[0]))) <
		 0.05f * p->size_hi * p->size_hi);
}

static void run_tri(const char *name, uint64_t seed, int pairs, const pop *p, int one_sided)
{
	sc_rng r = sc_rng_seed(seed);
	int band = 0, hits = 0, back = 0;
	static sw_hull3 a;
	for (int i = 0; i < pairs; i++) {
		random_hull(&r, p, &a);
		sw_tri3 t;
		random_tri(&r, p, &t);
		sw_vec3 pa = random_pos(&r, p), da = random_motion(&r, p), dt = random_motion(&r, p);
		sw_quat qa = sc_rotation(&r);
		sw_sweep_result o;
		const sw_pose3 xa = sw_pose3_make(pa, qa);
		const sw_sweep_opts opts = {(uint32_t)one_sided};
		cr_assert_eq(sw_hull3_tri3_sweep(&a, xa, da, &t, dt, &opts, &o), SW_OK);
		static oracle_hull3_shape sa, sb;
		oracle_hull3_problem prob;
		oracle_hull3_shape_hull(&a, xa, &sa);
		oracle_hull3_shape_tri(&t, &sb);
		oracle_hull3_prepare(&sa, da, &sb, dt, &prob);
		int v;
		/* one-sided: a pair the oracle hits from the triangle's back must be a miss */
		double u = prob.v[0] * sb.fn[0][0] + prob.v[1] * sb.fn[0][1] + prob.v[2] * sb.fn[0][2];
		if (one_sided && oracle_hull3_sep(&prob, 0) > 0 && !(u > 0)) {
			v = o.status == SW_MISS;
			back++;
		} else {
			v = judge(&o, &prob, p->offset);
		}
		oracle_hull3_free(&prob);
		band += v < 0;
		hits += v > 0 && o.status != SW_MISS;
		if (!v) {
			cr_log_error(
				"%s case %d (seed %llu): A %u verts; triangle (%a %a %a) (%a %a %a) (%a %a %a) d (%a "
				"%a %a)",
				name, i, (unsigned long long)seed, a.num_verts, t.a.x, t.a.y, t.a.z, t.b.x, t.b.y,
				t.b.z, t.c.x, t.c.y, t.c.z, dt.x, dt.y, dt.z);
			log_pose('A', pa, qa, da);
			cr_assert_fail("%s: mismatch at case %d", name, i);
		}
	}
	cr_log_info("%s: %d pairs, %d hit or overlapping, %d in the touching band, %d from the back", name, pairs, hits,
		    band, back);
	cr_expect_leq(band, pairs / 100, "%s: touching band holds %d pairs", name, band);
	cr_expect_geq(hits, pairs / 10, "%s: too few contacts to test anything", name);
}

Test(hull3_brute, triangles) { run_tri("triangles", 11, 2000, &(pop){1.5f, 0.25f, 1.5f, 4, 0}, 0); }
Test(hull3_brute, triangles_one_sided) { run_tri("triangles_one_sided", 12, 2000, &(pop){1.5f, 0.25f, 1.5f, 4, 0}, 1); }
Test(hull3_brute, triangles_offset_1e4)
{
	run_tri("triangles_offset", 13, 1000, &(pop){1.5f, 0.25f, 1.5f, 4, 1e4f}, 0);
}

/* the pruned reference (Minkowski faces only, gaps from single edges or full supports) against the
 * plain SAT over every edge pair with a nonzero cross product, with full projections: same statuses
 * outside a band of rounding, times within 1e-5 of the pair's time scale */
Test(hull3_brute, pruning_matches_full_sat)
{
	sc_rng r = sc_rng_seed(21);
	const pop p = {2.5f, 0.25f, 1.5f, 4, 0};
	static sw_hull3 a, b;
	int same_bits = 0, differ = 0, pairs = 3000;
	for (int i = 0; i < pairs; i++) {
		random_hull(&r, &p, &a);
		random_hull(&r, &p, &b);
		sw_vec3 pa = random_pos(&r, &p), pb = random_pos(&r, &p), da = random_motion(&r, &p),
			db = random_motion(&r, &p);
		sw_quat qa = sc_rotation(&r), qb = sc_rotation(&r);
		const sw_pose3 xa = sw_pose3_make(pa, qa), xb = sw_pose3_make(pb, qb);
		sw_sweep_result x, y;
		sw_hull3_pair_checked_(&a, xa, da, &b, xb, db, SW_HULL_EDGES_PRUNED, &x, NULL);
		sw_hull3_pair_checked_(&a, xa, da, &b, xb, db, SW_HULL_EDGES_ALL, &y, NULL);
		same_bits += x.status == y.status && x.t_first == y.t_first && x.t_last == y.t_last &&
			     x.feature == y.feature;
		/* and the static overlap's status */
		sw_overlap_result ox, oy;
		const sw_vec3 rest = {0, 0, 0};
		sw_hull3_pair_checked_(&a, xa, rest, &b, xb, rest, SW_HULL_EDGES_PRUNED, NULL, &ox);
		sw_hull3_pair_checked_(&a, xa, rest, &b, xb, rest, SW_HULL_EDGES_ALL, NULL, &oy);
		int ok = x.status == y.status && fabsf(x.t_first - y.t_first) <= 1e-5f &&
			 fabsf(x.t_last - y.t_last) <= 1e-5f && ox.status == oy.status;
		if (!ok) {
			/* allowed only where the two disagree by rounding: the contact is within 1e-5 of
			 * grazing (the least separation along the unpruned axes) */
			differ++;
			cr_log_warn(
				"case %d: pruned %s [%.9g, %.9g], full %s [%.9g, %.9g]; static %s/%s depth %.3g/%.3g",
				i, sw_status_name(x.status), x.t_first, x.t_last, sw_status_name(y.status), y.t_first,
				y.t_last, sw_status_name(ox.status), sw_status_name(oy.status), ox.depth, oy.depth);
		}
	}
	cr_log_info("pruning: %d pairs, %d bit-identical, %d differing", pairs, same_bits, differ);
	cr_expect_leq(differ, pairs / 1000, "%d pairs differ", differ);
	cr_expect_geq(same_bits, pairs / 2, "only %d pairs bit-identical", same_bits);
}

/* ---- nearly parallel closest edges ----
 * B is built so that one of its edges is nearly parallel to an edge e of A and the two meet first:
 *   hulls: B is A's point reflection (every edge of B parallel to one of A, their arcs on one great
 *   circle), turned by θ about a random axis; in A's frame B = −R_θ·A + c, so the shapes touch when
 *   c ∈ A ⊕ R_θ·A ≈ 2A, and c crosses that sum's boundary next to its edge 2e;
 *   boxes: A is a box as a hull, B a box of other half extents turned by θ from A's axes, c crossing
 *   next to an edge of A ⊕ B;
 *   triangles: B stands on its edge above e, along e turned by θ.
 * θ is log-uniform in [1e-7, 1e-1] rad; B starts 0.5 to 1.5 sizes out along the bisector of e's faces,
 * up to 0.3 of e's length off its middle, and moves back along it (plus a sideways component); where
 * it first touches, the nearly parallel edges decide. */

typedef enum np_kind { NP_HULLS, NP_BOXES, NP_TRIS } np_kind;

static sw_vec3 unit(sw_vec3 v) { return sw_v3_scale(v, 1.0f / sw_v3_len(v)); }

/* a turn by 1e-7 to 1e-1 rad (log-uniform) about n, tilted by up to about 0.3 rad */
static sw_quat np_twist(sc_rng *r, sw_vec3 n)
{
	sw_vec3 axis =
		sw_v3_add(n, sw_v3(sc_uniform(r, -0.3f, 0.3f), sc_uniform(r, -0.3f, 0.3f), sc_uniform(r, -0.3f, 0.3f)));
	return sw_quat_from_axis_angle(axis, powf(10.0f, sc_uniform(r, -7, -1)));
}

static void run_near_parallel(const char *name, uint64_t seed, int pairs, np_kind kind)
{
	sc_rng r = sc_rng_seed(seed);
	const pop p = {2.5f, 0.25f, 1.5f, 4, 0};
	int band = 0, hits = 0, edges = 0;
	static sw_hull3 a, b, bh;
	for (int i = 0; i < pairs; i++) {
		sw_quat qa = sc_rotation(&r);
		sw_vec3 pa = random_pos(&r, &p);
		sc_box box = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
		if (kind == NP_BOXES) {
			sc_box abox = {{0, 0, 0},
				       {0, 0, 0, 1},
				       sw_v3(sc_uniform(&r, 0.3f, 1.2f), sc_uniform(&r, 0.3f, 1.2f),
					     sc_uniform(&r, 0.3f, 1.2f))};
			cr_assert_eq(sc_hull3_box(&abox, &a), SW_OK);
			box.half = sw_v3(sc_uniform(&r, 0.3f, 1.2f), sc_uniform(&r, 0.3f, 1.2f),
					 sc_uniform(&r, 0.3f, 1.2f));
		} else {
			random_hull(&r, &p, &a);
		}
		/* the edge e of A, the bisector n of its faces, its middle (A's frame) */
		const sw_hull_edge *e = &a.edges[sc_below(&r, a.num_edges)];
		sw_vec3 a0 = a.verts[e->v[0]], a1 = a.verts[e->v[1]], mid = sw_v3_scale(sw_v3_add(a0, a1), 0.5f);
		sw_vec3 n = unit(sw_v3_add(a.faces[e->f[0]].normal, a.faces[e->f[1]].normal));
		sw_vec3 at = sw_v3_add(mid, sw_v3_scale(sw_v3_sub(a1, a0), sc_uniform(&r, -0.3f, 0.3f)));
		float size = 2 * a.radius, out = sc_uniform(&r, 0.5f, 1.5f) * size;
		sw_quat tw = np_twist(&r, n);
		sw_mat3 ma = sw_mat3_from_quat(qa), mt = sw_mat3_from_quat(tw);
		/* B's offset c (A's frame) out along n from the contact next to `at`, and the motion back */
		sw_vec3 c, d = sw_mat3_mul(&ma, sw_v3_scale(n, -out * sc_uniform(&r, 1.0f, 2.0f)));
		sw_vec3 da = sc_next(&r) & 1 ? sw_v3(0, 0, 0) : random_motion(&r, &p);
		sw_sweep_result o;
		static oracle_hull3_shape sa, sb;
		oracle_hull3_shape_hull(&a, sw_pose3_make(pa, qa), &sa);
		if (kind == NP_HULLS) {
			sw_vec3 pts[SW_HULL_MAX_VERTS];
			for (uint32_t k = 0; k < a.num_verts; k++)
				pts[k] = sw_v3_scale(a.verts[k], -1);
			cr_assert_eq(sw_hull3_build(pts, a.num_verts, NULL, &b), SW_OK);
			/* the edge of A ⊕ R_θ·A made of e and R_θ·e */
			c = sw_v3_add(sw_v3_add(at, sw_mat3_mul(&mt, at)), sw_v3_scale(n, out));
			sw_quat qb = sw_quat_mul(qa, tw);
			sw_vec3 pb = sw_v3_add(pa, sw_mat3_mul(&ma, c)), db = sw_v3_add(da, d);
			sc_hull3_sweep(&a, pa, qa, da, &b, pb, qb, db, &o);
			oracle_hull3_shape_hull(&b, sw_pose3_make(pb, qb), &sb);
			d = db;
		} else if (kind == NP_BOXES) {
			/* the box edge of A ⊕ B next to e: e's middle pushed out by B's half extents along e's faces */
			sw_vec3 f0 = a.faces[e->f[0]].normal, f1 = a.faces[e->f[1]].normal, hb = box.half;
			sw_vec3 push = sw_v3(hb.x * (f0.x + f1.x), hb.y * (f0.y + f1.y), hb.z * (f0.z + f1.z));
			c = sw_v3_add(sw_v3_add(at, sw_mat3_mul(&mt, push)), sw_v3_scale(n, out));
			box.rot = sw_quat_mul(qa, tw);
			box.center = sw_v3_add(pa, sw_mat3_mul(&ma, c));
			sw_vec3 db = sw_v3_add(da, d);
			sc_hull3_obb3_sweep(&a, pa, qa, da, &box, db, &o);
			const sw_obb3 local = {box.half};
			cr_assert_eq(sw_hull3_box(&local, &bh), SW_OK);
			oracle_hull3_shape_hull(&bh, sw_pose3_make(box.center, box.rot), &sb);
			d = db;
		} else {
			/* standing on its edge (along e turned by θ) at distance out above e */
			sw_vec3 base = sw_v3_add(at, sw_v3_scale(n, out));
			sw_vec3 h = sw_mat3_mul(&mt, sw_v3_scale(sw_v3_sub(a1, a0), 0.6f));
			sw_vec3 v[3] = {sw_v3_sub(base, h), sw_v3_add(base, h),
					sw_v3_add(base, sw_v3_scale(n, 0.5f * size))};
			for (int k = 0; k < 3; k++)
				v[k] = sw_v3_add(pa, sw_mat3_mul(&ma, v[k]));
			sw_tri3 t = sc_next(&r) & 1 ? (sw_tri3){v[0], v[1], v[2]} : (sw_tri3){v[1], v[0], v[2]};
			sw_vec3 dt = sw_v3_add(da, d);
			sc_hull3_tri3_sweep(&a, pa, qa, da, &t, dt, 0, &o);
			oracle_hull3_shape_tri(&t, &sb);
			d = dt;
		}
		oracle_hull3_problem prob;
		oracle_hull3_prepare(&sa, da, &sb, d, &prob);
		int v = judge(&o, &prob, 0);
		oracle_hull3_free(&prob);
		band += v < 0;
		hits += v > 0 && o.status != SW_MISS;
		edges += v > 0 && o.status == SW_HIT &&
			 sw_hull3_feature_decode(o.feature).kind == SW_AXIS_KIND_EDGE_EDGE;
		if (!v) {
			cr_log_error("%s case %d (seed %llu): A %u verts, edge %u-%u, twist (%a, %a, %a, %a)", name, i,
				     (unsigned long long)seed, a.num_verts, e->v[0], e->v[1], tw.x, tw.y, tw.z, tw.w);
			log_pose('A', pa, qa, da);
			cr_assert_fail("%s: mismatch at case %d", name, i);
		}
	}
	cr_log_info("%s: %d pairs, %d hit or overlapping (%d hits on an edge pair), %d in the touching band", name,
		    pairs, hits, edges, band);
	cr_expect_leq(band, pairs / 100, "%s: touching band holds %d pairs", name, band);
	cr_expect_geq(hits, pairs / 2, "%s: too few contacts to test anything", name);
	cr_expect_geq(edges, pairs / 20, "%s: too few first contacts on edge pairs", name);
}

Test(hull3_brute, near_parallel_hulls) { run_near_parallel("near_parallel_hulls", 41, 1000, NP_HULLS); }
Test(hull3_brute, near_parallel_boxes) { run_near_parallel("near_parallel_boxes", 42, 2000, NP_BOXES); }
Test(hull3_brute, near_parallel_triangles) { run_near_parallel("near_parallel_triangles", 43, 2000, NP_TRIS); }

/* ---- flat hulls ----
 * Flat hulls (sw_hull3_build of 3 to 16 points in a plane: random convex polygons, turned at random)
 * against hulls, boxes, triangles and flat hulls, as A and as B, at the random poses and motions of
 * random_hulls; the oracle gives a flat shape its in-plane edge normals as directions too. */

typedef enum flat_mode { FLAT_VS_HULL, HULL_VS_FLAT, FLAT_VS_FLAT, FLAT_VS_BOX, FLAT_VS_TRI } flat_mode;

static void random_flat(sc_rng *r, const pop *p, sw_hull3 *out)
{
	for (int attempt = 0;; attempt++) {
		cr_assert_lt(attempt, 64, "no flat hull built");
		sw_vec3 pts[16];
		int n = 3 + (int)sc_below(r, 14);
		float ax = sc_uniform(r, p->size_lo, p->size_hi), ay = sc_uniform(r, p->size_lo, p->size_hi);
		sw_mat3 rot = sw_mat3_from_quat(sc_rotation(r));
		for (int i = 0; i < n; i++) {
			float a = sc_uniform(r, 0, 6.2831853f), s = sc_uniform(r, 0.3f, 1);
			pts[i] = sw_mat3_mul(&rot, sw_v3(s * ax * cosf(a), s * ay * sinf(a), 0));
		}
		if (sw_hull3_build(pts, (size_t)n, NULL, out) == SW_OK && out->num_faces == 2)
			return;
	}
}

static void run_flat(const char *name, uint64_t seed, int pairs, flat_mode mode)
{
	sc_rng r = sc_rng_seed(seed);
	const pop p = {2.5f, 0.25f, 1.5f, 4, 0};
	int band = 0, hits = 0;
	static sw_hull3 a, b;
	for (int i = 0; i < pairs; i++) {
		if (mode == HULL_VS_FLAT)
			random_hull(&r, &p, &a);
		else
			random_flat(&r, &p, &a);
		if (mode == FLAT_VS_HULL)
			random_hull(&r, &p, &b);
		else if (mode == HULL_VS_FLAT || mode == FLAT_VS_FLAT)
			random_flat(&r, &p, &b);
		sw_vec3 pa = random_pos(&r, &p), pb = random_pos(&r, &p), da = random_motion(&r, &p),
			db = random_motion(&r, &p);
		sw_quat qa = sc_rotation(&r), qb = sc_rotation(&r);
		/* half of the time B's relative motion aims at A (a plate is hit edge on rarely otherwise) */
		if (sc_next(&r) & 1)
			db = sw_v3_add(da, sw_v3_scale(sw_v3_sub(pa, pb), sc_uniform(&r, 0.5f, 2.0f)));
		sw_sweep_result o;
		static oracle_hull3_shape sa, sb;
		oracle_hull3_shape_hull(&a, sw_pose3_make(pa, qa), &sa);
		if (mode == FLAT_VS_BOX) {
			sc_box box = {pb, qb,
				      sw_v3(sc_uniform(&r, p.size_lo, p.size_hi), sc_uniform(&r, p.size_lo, p.size_hi),
					    sc_uniform(&r, p.size_lo, p.size_hi))};
			sc_hull3_obb3_sweep(&a, pa, qa, da, &box, db, &o);
			const sw_obb3 local = {box.half};
			cr_assert_eq(sw_hull3_box(&local, &b), SW_OK);
			oracle_hull3_shape_hull(&b, sw_pose3_make(pb, qb), &sb);
		} else if (mode == FLAT_VS_TRI) {
			sw_tri3 t;
			random_tri(&r, &p, &t);
			/* its centre for the aim */
			sw_vec3 ct = sw_v3_scale(sw_v3_add(sw_v3_add(t.a, t.b), t.c), 1.0f / 3);
			if (sc_next(&r) & 1)
				db = sw_v3_add(da, sw_v3_scale(sw_v3_sub(pa, ct), sc_uniform(&r, 0.5f, 2.0f)));
			sc_hull3_tri3_sweep(&a, pa, qa, da, &t, db, 0, &o);
			oracle_hull3_shape_tri(&t, &sb);
		} else {
			sc_hull3_sweep(&a, pa, qa, da, &b, pb, qb, db, &o);
			oracle_hull3_shape_hull(&b, sw_pose3_make(pb, qb), &sb);
		}
		oracle_hull3_problem prob;
		oracle_hull3_prepare(&sa, da, &sb, db, &prob);
		int v = judge(&o, &prob, 0);
		oracle_hull3_free(&prob);
		band += v < 0;
		hits += v > 0 && o.status != SW_MISS;
		if (!v) {
			cr_log_error("%s case %d (seed %llu): A %u verts %u faces, B %u verts", name, i,
				     (unsigned long long)seed, a.num_verts, a.num_faces, b.num_verts);
			log_pose('A', pa, qa, da);
			log_pose('B', pb, qb, db);
			cr_assert_fail("%s: mismatch at case %d", name, i);
		}
	}
	cr_log_info("%s: %d pairs, %d hit or overlapping, %d in the touching band", name, pairs, hits, band);
	cr_expect_leq(band, pairs / 100, "%s: touching band holds %d pairs", name, band);
	cr_expect_geq(hits, pairs / 10, "%s: too few contacts to test anything", name);
}

Test(hull3_brute, flat_vs_hulls) { run_flat("flat_vs_hulls", 51, 1500, FLAT_VS_HULL); }
Test(hull3_brute, hulls_vs_flat) { run_flat("hulls_vs_flat", 52, 1500, HULL_VS_FLAT); }
Test(hull3_brute, flat_vs_flat) { run_flat("flat_vs_flat", 53, 2000, FLAT_VS_FLAT); }
Test(hull3_brute, flat_vs_boxes) { run_flat("flat_vs_boxes", 54, 1500, FLAT_VS_BOX); }
Test(hull3_brute, flat_vs_triangles) { run_flat("flat_vs_triangles", 55, 1500, FLAT_VS_TRI); }
