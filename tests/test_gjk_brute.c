/* tests/test_gjk_brute.c — the GJK reference (overlap, distance, ray, shape cast; 2D and 3D) against
 * the double-precision oracle of tests/common/oracle_gjk.h on seeded random pairs, and the shape
 * cast against the moving SAT (sw_hull3_sweep, sw_obb3_sweep, sw_poly2_sweep) on polytope pairs.
 * Eight populations of 3000 pairs (3D hulls of 8–32 points, 3D boxes, 3D rounded shapes, flat, thin
 * and low-dimensional 3D polytopes (coplanar clouds, triangles, segments, points, boxes with a zero
 * or 1e-3 half extent) against hulls and boxes, 2D polygons, 2D rounded shapes, and hulls and
 * rounded shapes moved to within ±3e-4 of contact with a grazing motion), every query on every
 * pair: 2.4·10⁴ pairs per query family. Case i of a population
 * uses seed (population base + i), so a failure reruns alone. One pair in ten sits 1e4 from the
 * origin.
 *
 * How much the library may differ, and why.
 * - Scale. S = size of A + size of B + |pB − pA| + |relative motion| (sizes include the radii):
 *   the lengths the float computation carries. Every tolerance is a multiple of S.
 * - The band. GJK stops when the gap between its upper bound |v| and lower bound v·w/|v| of the
 *   distance is within 1e-6 of its own scale, and counts cores within 1e-6 of that scale as
 *   touching; float rounding of the support points (≤ 1 ulp of S each) and of Johnson's weights adds
 *   a few ulps of S. So every decision is exact outside a band of BAND = 1e-5 · S around contact:
 *   pairs whose oracle separation (at t = 0, or its minimum over the step for the casts) lies within
 *   the band may go either way and are counted (at most 2 % of a random population may be, 20 % of
 *   a near-contact one); outside it the
 *   statuses must equal the oracle's. SW_ITER_LIMIT fails.
 * - Distances within BAND of the oracle; witness points within BAND of their core (after removing
 *   the radius along the normal) and point_b − point_a within BAND of distance·normal, plus the
 *   rounding of float world coordinates (√3 · 2^-23 · M per point, M the largest coordinate: 4e-3
 *   at 1e4, where an ulp is 1e-3); the normal
 *   within 2·BAND / (core distance) of the oracle's direction when the cores are more than 100·BAND
 *   apart.
 * - Times: a hit must lie in [first t with separation ≤ +BAND, first t with separation ≤ −BAND]
 *   widened by T_SLACK = 1e-6 (|Δt| ≤ BAND / closing speed near a crossing, and still right where
 *   the crossing is grazing, where the window widens by itself). At the reported t the plane of the
 *   reported normal must still separate the shapes to within 2·BAND (a wrong normal cuts into them)
 *   and the contact point must lie within BAND of A's surface.
 * - Against the moving SAT: outside the band the statuses agree, except that the SAT may report
 *   contact early where it skips near-parallel edge pairs (up to ≈ 1e-3 · size, doc/numerics.md):
 *   a SAT hit against a GJK and oracle miss is accepted when the oracle's closest approach is
 *   within 1e-3 · S. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <swept/swept.h>

#include "oracle_gjk.h"
#include "ref/gjk_ref.h"
#include "scenes.h"

#define N_PAIRS 3000
#define BAND_REL 1e-5
#define T_SLACK 1e-6
#define MAX_REPORTS 6

enum { Q_OVERLAP, Q_DIST, Q_RAY, Q_CAST, Q_COUNT };
static const char *qname[Q_COUNT] = {"overlap", "distance", "ray", "cast"};

/* counts of one population */
typedef struct tally {
	int n, band[Q_COUNT], fail[Q_COUNT], limit[Q_COUNT], hits[Q_COUNT];
	long iters[Q_COUNT];
	uint32_t max_iters[Q_COUNT];
	int sat_checked, sat_early, sat_fail;
} tally;

/* one pair's library answers, in double, z = 0 in 2D */
typedef struct lib_answers {
	sw_status st[Q_COUNT];
	uint32_t it[Q_COUNT];
	double axis[3], gap;
	double dist, pa[3], pb[3], dn[3];
	double ray_t, ray_n[3];
	double cast_t, cast_p[3], cast_n[3], cast_depth;
} lib_answers;

/* one pair as the oracle sees it */
typedef struct oracle_case {
	og_shape a, b, ray_pt;
	double r[3], da[3], ray_d[3];
	double target, scale, band;
	double world; /* rounding of a world-space output point: √3 · 2^-23 · M, M its largest coordinate */
	int polytope; /* no radii: exact clipping for the casts */
	int spheres;  /* two one-vertex cores */
} oracle_case;

static void fail_report(tally *t, int q, uint64_t seed, const char *what, double x, double y)
{
	if (t->fail[q]++ < MAX_REPORTS)
		fprintf(stderr, "seed %llu %s: %s (%.9g vs %.9g)\n", (unsigned long long)seed, qname[q], what, x, y);
}

static double len3(const double v[3]) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

static void judge_overlap(const oracle_case *c, const og_dist *d, const lib_answers *l, uint64_t seed, tally *t)
{
	double s = d->signed_sep;
	if (fabs(s) <= c->band) {
		t->band[Q_OVERLAP]++;
		return;
	}
	if (l->st[Q_OVERLAP] != (s < 0 ? SW_HIT : SW_MISS))
		fail_report(t, Q_OVERLAP, seed, "status vs separation", l->st[Q_OVERLAP], s);
	else if (l->st[Q_OVERLAP] == SW_MISS) {
		const double zero[3] = {0, 0, 0};
		double g = og_gap(&c->a, &c->b, zero, l->axis);
		if (!(g >= -c->band))
			fail_report(t, Q_OVERLAP, seed, "axis does not separate", g, s);
		/* the gap reported is one the axis proves */
		if (!(l->gap <= g + c->band && l->gap >= -c->band))
			fail_report(t, Q_OVERLAP, seed, "gap along the axis", l->gap, g);
	}
}

static void judge_dist_fields(const oracle_case *c, const og_dist *d, const lib_answers *l, uint64_t seed, tally *t)
{
	double q[3], e[3];
	if (!(fabs(l->dist - d->signed_sep) <= c->band))
		fail_report(t, Q_DIST, seed, "distance", l->dist, d->signed_sep);
	if (!(fabs(len3(l->dn) - 1) <= 1e-5))
		fail_report(t, Q_DIST, seed, "normal not unit", len3(l->dn), 1);
	for (int i = 0; i < 3; i++)
		e[i] = l->pb[i] - l->pa[i] - l->dist * l->dn[i];
	if (!(len3(e) <= c->band + 2 * c->world))
		fail_report(t, Q_DIST, seed, "pb - pa vs distance * normal", len3(e), 0);
	for (int i = 0; i < 3; i++)
		q[i] = l->pa[i] - c->a.radius * l->dn[i];
	if (!(og_point_dist(&c->a, q) <= c->band + c->world))
		fail_report(t, Q_DIST, seed, "point_a off A", og_point_dist(&c->a, q), 0);
	for (int i = 0; i < 3; i++)
		q[i] = l->pb[i] + c->b.radius * l->dn[i];
	if (!(og_point_dist(&c->b, q) <= c->band + c->world))
		fail_report(t, Q_DIST, seed, "point_b off B", og_point_dist(&c->b, q), 0);
	if (d->core_dist > 100 * c->band) {
		double n[3];
		for (int i = 0; i < 3; i++)
			n[i] = (d->pb[i] - d->pa[i]) / d->core_dist - l->dn[i];
		if (!(len3(n) <= 2 * c->band / d->core_dist + 1e-5))
			fail_report(t, Q_DIST, seed, "normal direction", len3(n), 2 * c->band / d->core_dist);
	}
}

static void judge_dist(const oracle_case *c, const og_dist *d, const lib_answers *l, uint64_t seed, tally *t)
{
	double core = d->overlap ? d->sat : d->core_dist, R = c->a.radius + c->b.radius;
	sw_status want = d->overlap ? SW_STARTS_OVERLAPPED : d->signed_sep <= 0 ? SW_HIT : SW_MISS;
	int amb_core = fabs(core) <= c->band, amb_round = fabs(d->signed_sep) <= c->band && R > 0;
	sw_status got = l->st[Q_DIST];
	if (amb_core || (amb_round && got != SW_STARTS_OVERLAPPED))
		t->band[Q_DIST]++;
	int ok = got == want || (amb_core && (got == SW_STARTS_OVERLAPPED || want == SW_STARTS_OVERLAPPED)) ||
		 (amb_round && (got == SW_HIT || got == SW_MISS) && (want == SW_HIT || want == SW_MISS));
	if (!ok) {
		fail_report(t, Q_DIST, seed, "status", got, want);
		return;
	}
	if ((got == SW_HIT || got == SW_MISS) && !d->overlap)
		judge_dist_fields(c, d, l, seed, t);
}

/* a moving query's answer against the oracle: status, time window, normal and point */
static void judge_moving(const oracle_case *c, const og_shape *a, const og_shape *b, const double r[3],
			 const og_cast *o, int q, sw_status got, double tl, const double n[3], const double *pt,
			 uint64_t seed, tally *t)
{
	double band = c->band;
	int amb = fabs(o->min_sep) <= band || fabs(o->sep0) <= band;
	t->band[q] += amb;
	int ok;
	if (got == SW_STARTS_OVERLAPPED)
		ok = o->sep0 <= band;
	else if (got == SW_HIT)
		ok = o->sep0 >= -band && o->min_sep <= band && tl >= o->t_lo - T_SLACK && tl <= o->t_hi + T_SLACK;
	else if (got == SW_MISS)
		ok = o->min_sep >= -band;
	else
		ok = 0;
	if (!ok) {
		fail_report(t, q, seed, got == SW_HIT ? "hit time outside window" : "status", got == SW_HIT ? tl : got,
			    got == SW_HIT ? o->t_first : o->status);
		return;
	}
	if (got != SW_HIT)
		return;
	double shift[3], g;
	for (int i = 0; i < 3; i++)
		shift[i] = tl * r[i];
	g = og_gap(a, b, shift, n) - (q == Q_CAST ? c->target : 0);
	if (!(g >= -2 * band - T_SLACK * len3(r)))
		fail_report(t, q, seed, "normal's plane cuts the shapes", g, 0);
	if (pt) {
		double p[3];
		for (int i = 0; i < 3; i++)
			p[i] = pt[i] - tl * c->da[i] - a->radius * n[i];
		double e = og_point_dist(a, p);
		if (!(e <= band + c->world + T_SLACK * len3(c->da)))
			fail_report(t, q, seed, "contact point off A", e, 0);
	}
}

static void oracle_cast(const oracle_case *c, const og_shape *a, const og_shape *b, const double r[3], double target,
			og_cast *o)
{
	int poly = a->radius == 0 && b->radius == 0 && target == 0;
	if (a->nv == 1 && b->nv == 1)
		og_cast_spheres(a, b, r, target, c->band, o);
	else if (poly && !(a->nv <= 2 && b->nv <= 2))
		og_cast_poly(a, b, r, target, c->band, o);
	else
		og_cast_rounded(a, b, r, target, c->band, o);
}

static void judge_case(const oracle_case *c, const lib_answers *l, uint64_t seed, tally *t)
{
	const double zero[3] = {0, 0, 0};
	og_dist d;
	og_distance(&c->a, &c->b, zero, &d);
	for (int q = 0; q < Q_COUNT; q++) {
		t->iters[q] += l->it[q];
		if (l->it[q] > t->max_iters[q])
			t->max_iters[q] = l->it[q];
		t->limit[q] += l->st[q] == SW_ITER_LIMIT;
		t->hits[q] += l->st[q] == SW_HIT;
	}
	judge_overlap(c, &d, l, seed, t);
	judge_dist(c, &d, l, seed, t);
	og_cast o;
	oracle_cast(c, &c->a, &c->ray_pt, c->ray_d, 0, &o);
	judge_moving(c, &c->a, &c->ray_pt, c->ray_d, &o, Q_RAY, l->st[Q_RAY], l->ray_t, l->ray_n, NULL, seed, t);
	oracle_cast(c, &c->a, &c->b, c->r, c->target, &o);
	judge_moving(c, &c->a, &c->b, c->r, &o, Q_CAST, l->st[Q_CAST], l->cast_t, l->cast_n, l->cast_p, seed, t);
	/* a cast stops as soon as the shapes are within reach: it knows no depth */
	if (l->cast_depth != 0)
		fail_report(t, Q_CAST, seed, "depth", l->cast_depth, 0);
	t->n++;
}

/* ---- 3D populations ---- */

enum { P_HULL, P_BOX, P_ROUND3, P_FLAT3 };

typedef struct case3 {
	sw_shape3 a, b;
	sw_vec3 va[SW_GJK_MAX_VERTS], vb[SW_GJK_MAX_VERTS];
	sw_hull3 ha, hb;
	sw_pose3 pa, pb;
	sw_vec3 da, db;
	float target;
} case3;

static void random_core3(sc_rng *r, int pop, sw_shape3 *s, sw_vec3 *v, sw_hull3 *h)
{
	if (pop == P_BOX) {
		*s = sw_shape3_box(
			sw_v3(sc_uniform(r, 0.25f, 1.5f), sc_uniform(r, 0.25f, 1.5f), sc_uniform(r, 0.25f, 1.5f)), 0);
		return;
	}
	if (pop == P_HULL) {
		sw_vec3 pts[32];
		size_t n = 8 + sc_below(r, 25);
		sw_vec3 ax = sw_v3(sc_uniform(r, 0.3f, 1.5f), sc_uniform(r, 0.3f, 1.5f), sc_uniform(r, 0.3f, 1.5f));
		do
			sc_ellipsoid_points(r, n, ax, 0.7f, pts);
		while (sw_hull3_build(pts, n, NULL, h) != SW_OK);
		memcpy(v, h->verts, sizeof(sw_vec3) * h->num_verts);
		*s = sw_shape3_verts(v, h->num_verts, 0);
		return;
	}
	if (pop == P_FLAT3) {
		/* degenerate-looking polytopes: a flat polygon (coplanar cloud), a triangle, a segment, a point,
		 * a box with a zero or 1e-3 half extent, a needle */
		uint32_t kind = sc_below(r, 6), n = kind == 0 ? 4 + sc_below(r, 5) : kind == 1 ? 3 : kind == 2 ? 2 : 1;
		if (kind >= 4) {
			float thin = kind == 4 ? 0 : 1e-3f, len = kind == 4 ? 1 : 3;
			*s = sw_shape3_box(sw_v3(sc_uniform(r, 0.2f, len), sc_uniform(r, 0.2f, 1) * (kind == 4), thin),
					   0);
			return;
		}
		for (uint32_t k = 0; k < n; k++)
			v[k] = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), 0);
		*s = sw_shape3_verts(v, n, 0);
		return;
	}
	/* rounded: sphere, capsule, rounded box, rounded triangle, rounded small cloud */
	float rad = sc_uniform(r, 0.05f, 0.6f);
	uint32_t kind = sc_below(r, 5);
	if (kind == 2) {
		*s = sw_shape3_box(sw_v3(sc_uniform(r, 0.1f, 1), sc_uniform(r, 0.1f, 1), sc_uniform(r, 0.1f, 1)), rad);
		return;
	}
	uint32_t n = kind == 0 ? 1 : kind == 1 ? 2 : kind == 3 ? 3 : 4 + sc_below(r, 5);
	for (uint32_t k = 0; k < n; k++)
		v[k] = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
	if (n == 1)
		v[0] = sw_v3(0, 0, 0);
	*s = sw_shape3_verts(v, n, rad);
}

static void random_case3(uint64_t seed, int pop, case3 *c)
{
	sc_rng r = sc_rng_seed(seed);
	random_core3(&r, pop, &c->a, c->va, &c->ha);
	random_core3(&r, pop == P_FLAT3 ? (int)sc_below(&r, 2) : pop, &c->b, c->vb, &c->hb);
	sw_vec3 off = seed % 10 == 3 ? sw_v3(1e4f, -1e4f, 1e4f) : sw_v3(0, 0, 0);
	c->pa = (sw_pose3){sw_v3_add(off, sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1))),
			   sc_rotation(&r)};
	c->pb = (sw_pose3){
		sw_v3_add(c->pa.p, sw_v3(sc_uniform(&r, -3, 3), sc_uniform(&r, -3, 3), sc_uniform(&r, -3, 3))),
		sc_rotation(&r)};
	c->da = sw_v3(sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2));
	c->db = sw_v3(sc_uniform(&r, -4, 4), sc_uniform(&r, -4, 4), sc_uniform(&r, -4, 4));
	c->target = pop == P_ROUND3 && sc_below(&r, 2) ? sc_uniform(&r, 0, 0.2f) : 0;
}

static void d3(sw_vec3 v, double o[3]) { o[0] = v.x, o[1] = v.y, o[2] = v.z; }

static void run_case3(const case3 *c, lib_answers *l)
{
	sw_gjk_opts opts = {0, c->target};
	sw_overlap_result ov;
	sw_distance_result di;
	sw_cast_result ra, ca;
	sw_gjk3_overlap_pair_ref(&c->a, c->pa, &c->b, c->pb, NULL, &ov, &l->it[Q_OVERLAP]);
	sw_gjk3_distance_pair_ref(&c->a, c->pa, &c->b, c->pb, NULL, &di, &l->it[Q_DIST]);
	sw_gjk3_ray_pair_ref(&c->a, c->pa, c->pb.p, sw_v3_sub(c->db, c->da), NULL, &ra, &l->it[Q_RAY]);
	sw_gjk3_cast_pair_ref(&c->a, c->pa, c->da, &c->b, c->pb, c->db, &opts, &ca, &l->it[Q_CAST]);
	l->st[Q_OVERLAP] = ov.status, l->st[Q_DIST] = di.status, l->st[Q_RAY] = ra.status, l->st[Q_CAST] = ca.status;
	d3(ov.normal, l->axis);
	l->gap = ov.depth;
	l->dist = di.distance;
	d3(di.point_a, l->pa), d3(di.point_b, l->pb), d3(di.normal, l->dn);
	l->ray_t = ra.t;
	/* the ray's normal points into the shape; the judge takes the shape's outward one (A → B) */
	d3(sw_v3_scale(ra.normal, -1.0f), l->ray_n);
	l->cast_t = ca.t;
	l->cast_depth = ca.depth;
	d3(ca.point, l->cast_p), d3(ca.normal, l->cast_n);
}

static void oracle_case3(const case3 *c, oracle_case *o)
{
	og_shape la, lb;
	og_shape3_local(&c->a, &la);
	og_shape3_local(&c->b, &lb);
	og_place3(&la, c->pa, &o->a);
	og_place3(&lb, c->pb, &o->b);
	const sw_vec3 zero = {0, 0, 0};
	sw_shape3 pt = sw_shape3_verts(&zero, 1, 0);
	og_shape lp;
	og_shape3_local(&pt, &lp);
	og_place3(&lp, (sw_pose3){c->pb.p, {0, 0, 0, 1}}, &o->ray_pt);
	d3(sw_v3_sub(c->db, c->da), o->r);
	d3(sw_v3_sub(c->db, c->da), o->ray_d);
	d3(c->da, o->da);
	o->target = c->target;
	double dp[3];
	d3(sw_v3_sub(c->pb.p, c->pa.p), dp);
	o->scale = o->a.size + o->b.size + len3(dp) + len3(o->r) + c->target;
	o->band = BAND_REL * o->scale;
	double m = fmax(fmax(fabs(c->pa.p.x), fabs(c->pa.p.y)), fmax(fabs(c->pb.p.x), fabs(c->pb.p.y)));
	m = fmax(m, fmax(fabs(c->pa.p.z), fabs(c->pb.p.z))) + len3(o->da) + len3(o->r);
	o->world = sqrt(3.0) * 0x1p-23 * m;
}

/* the moving SAT on the same polytope pair: statuses agree outside the band */
static void sat_check3(const case3 *c, const oracle_case *o, int pop, sw_status gjk, tally *t, uint64_t seed)
{
	sw_status sat;
	if (pop == P_HULL) {
		sw_sweep_result so;
		sw_hull3_sweep(&c->ha, c->pa, c->da, &c->hb, c->pb, c->db, &so);
		sat = so.status;
	} else {
		sw_obb3 ba = {c->a.half}, bb = {c->b.half};
		sw_sweep_result so;
		sw_obb3_sweep(&ba, c->pa, c->da, &bb, c->pb, c->db, &so);
		sat = so.status;
	}
	og_cast oc;
	oracle_cast(o, &o->a, &o->b, o->r, 0, &oc);
	if (fabs(oc.min_sep) <= o->band || fabs(oc.sep0) <= o->band)
		return;
	t->sat_checked++;
	if (sat == gjk)
		return;
	if (sat != SW_MISS && gjk == SW_MISS && oc.min_sep <= 1e-3 * o->scale) {
		t->sat_early++;
		return;
	}
	if (t->sat_fail++ < MAX_REPORTS)
		fprintf(stderr, "seed %llu: SAT %s vs GJK %s (min sep %.3g)\n", (unsigned long long)seed,
			sw_status_name(sat), sw_status_name(gjk), oc.min_sep);
}

static void print_tally(const char *name, const tally *t)
{
	fprintf(stderr, "%s: %d pairs\n", name, t->n);
	for (int q = 0; q < Q_COUNT; q++)
		fprintf(stderr, "  %-8s hits %5d  band %4d  fail %d  iter_limit %d  iterations mean %.2f max %u\n",
			qname[q], t->hits[q], t->band[q], t->fail[q], t->limit[q], (double)t->iters[q] / t->n,
			t->max_iters[q]);
	if (t->sat_checked)
		fprintf(stderr, "  SAT cross-check: %d pairs, %d SAT-early, %d disagree\n", t->sat_checked,
			t->sat_early, t->sat_fail);
}

static void check_tally(const tally *t, int close)
{
	for (int q = 0; q < Q_COUNT; q++) {
		cr_expect_eq(t->fail[q], 0, "%s: %d failures", qname[q], t->fail[q]);
		cr_expect_eq(t->limit[q], 0, "%s: %d iteration limits", qname[q], t->limit[q]);
		cr_expect_leq(t->band[q], t->n / (close ? 5 : 50), "%s: %d pairs in the band", qname[q], t->band[q]);
	}
	cr_expect_eq(t->sat_fail, 0, "%d disagreements with the moving SAT", t->sat_fail);
}

/* a near-contact pair: B moved along the closest direction to a separation of ±3e-4·S, its
 * relative motion turned tangential with a small approach, so that every query works near the band */
static void make_close3(case3 *c, oracle_case *o, uint64_t seed)
{
	const double zero[3] = {0, 0, 0};
	og_dist d;
	oracle_case3(c, o);
	og_distance(&o->a, &o->b, zero, &d);
	if (d.overlap)
		return;
	sc_rng r = sc_rng_seed(seed ^ 0x9e3779b97f4a7c15ull);
	double n[3], eps = sc_uniform(&r, -3e-4f, 3e-4f) * o->scale, k = d.signed_sep - eps;
	for (int i = 0; i < 3; i++)
		n[i] = (d.pb[i] - d.pa[i]) / d.core_dist;
	c->pb.p = sw_v3_sub(c->pb.p, sw_v3((float)(k * n[0]), (float)(k * n[1]), (float)(k * n[2])));
	sw_vec3 rel = sw_v3_sub(c->db, c->da), nv = sw_v3((float)n[0], (float)n[1], (float)n[2]);
	rel = sw_v3_sub(rel, sw_v3_scale(nv, sw_v3_dot(rel, nv) + sc_uniform(&r, 0, 2e-3f)));
	c->db = sw_v3_add(c->da, rel);
}

static void population3(int pop, uint64_t base, const char *name, int close)
{
	static case3 c;
	static oracle_case o;
	tally t;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < N_PAIRS; i++) {
		lib_answers l;
		random_case3(base + (uint64_t)i, pop, &c);
		if (close)
			make_close3(&c, &o, base + (uint64_t)i);
		run_case3(&c, &l);
		oracle_case3(&c, &o);
		judge_case(&o, &l, base + (uint64_t)i, &t);
		if (pop == P_HULL || pop == P_BOX)
			sat_check3(&c, &o, pop, l.st[Q_CAST], &t, base + (uint64_t)i);
	}
	print_tally(name, &t);
	check_tally(&t, close);
}

Test(gjk_brute, hulls3) { population3(P_HULL, 1000000, "3D hulls of 8-32 points", 0); }
Test(gjk_brute, boxes3) { population3(P_BOX, 2000000, "3D boxes", 0); }
Test(gjk_brute, rounded3) { population3(P_ROUND3, 3000000, "3D rounded shapes", 0); }
Test(gjk_brute, flat3)
{
	population3(P_FLAT3, 8000000, "3D flat, thin and low-dimensional polytopes vs hulls and boxes", 0);
}
Test(gjk_brute, hulls3_close) { population3(P_HULL, 6000000, "3D hulls of 8-32 points, near contact", 1); }
Test(gjk_brute, rounded3_close) { population3(P_ROUND3, 7000000, "3D rounded shapes, near contact", 1); }

/* ---- 2D populations ---- */

typedef struct case2 {
	sw_shape2 a, b;
	sw_poly2 qa, qb;
	sw_vec2 va[8], vb[8];
	sw_pose2 pa, pb;
	sw_vec2 da, db;
	float target;
} case2;

static void random_core2(sc_rng *r, int rounded, sw_shape2 *s, sw_vec2 *v, sw_poly2 *poly)
{
	if (!rounded) {
		sw_vec2 pts[8];
		size_t n = 3 + sc_below(r, 6);
		do
			for (size_t k = 0; k < n; k++)
				pts[k] = sw_v2(sc_uniform(r, -1.2f, 1.2f), sc_uniform(r, -1.2f, 1.2f));
		while (sw_poly2_build(pts, n, poly) != SW_OK || poly->count < 3);
		memcpy(v, poly->v, sizeof(sw_vec2) * poly->count);
		*s = sw_shape2_verts(v, poly->count, 0);
		return;
	}
	float rad = sc_uniform(r, 0.05f, 0.6f);
	uint32_t kind = sc_below(r, 4);
	if (kind == 2) {
		*s = sw_shape2_box(sw_v2(sc_uniform(r, 0.1f, 1), sc_uniform(r, 0.1f, 1)), rad);
		return;
	}
	uint32_t n = kind == 0 ? 1 : kind == 1 ? 2 : 3 + sc_below(r, 4);
	for (uint32_t k = 0; k < n; k++)
		v[k] = sw_v2(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
	if (n == 1)
		v[0] = sw_v2(0, 0);
	*s = sw_shape2_verts(v, n, rad);
}

static void random_case2(uint64_t seed, int rounded, case2 *c)
{
	sc_rng r = sc_rng_seed(seed);
	random_core2(&r, rounded, &c->a, c->va, &c->qa);
	random_core2(&r, rounded, &c->b, c->vb, &c->qb);
	sw_vec2 off = seed % 10 == 3 ? sw_v2(1e4f, -1e4f) : sw_v2(0, 0);
	c->pa = (sw_pose2){sw_v2_add(off, sw_v2(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1))),
			   sw_rot2_from_angle(sc_uniform(&r, -3.14159f, 3.14159f))};
	c->pb = (sw_pose2){sw_v2_add(c->pa.p, sw_v2(sc_uniform(&r, -3, 3), sc_uniform(&r, -3, 3))),
			   sw_rot2_from_angle(sc_uniform(&r, -3.14159f, 3.14159f))};
	c->da = sw_v2(sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2));
	c->db = sw_v2(sc_uniform(&r, -4, 4), sc_uniform(&r, -4, 4));
	c->target = rounded && sc_below(&r, 2) ? sc_uniform(&r, 0, 0.2f) : 0;
}

static void d2(sw_vec2 v, double o[3]) { o[0] = v.x, o[1] = v.y, o[2] = 0; }

static void run_case2(const case2 *c, lib_answers *l)
{
	sw_gjk_opts opts = {0, c->target};
	sw_overlap_result ov;
	sw_distance_result di;
	sw_cast_result ra, ca;
	sw_gjk2_overlap_pair_ref(&c->a, c->pa, &c->b, c->pb, NULL, &ov, &l->it[Q_OVERLAP]);
	sw_gjk2_distance_pair_ref(&c->a, c->pa, &c->b, c->pb, NULL, &di, &l->it[Q_DIST]);
	sw_gjk2_ray_pair_ref(&c->a, c->pa, c->pb.p, sw_v2_sub(c->db, c->da), NULL, &ra, &l->it[Q_RAY]);
	sw_gjk2_cast_pair_ref(&c->a, c->pa, c->da, &c->b, c->pb, c->db, &opts, &ca, &l->it[Q_CAST]);
	l->st[Q_OVERLAP] = ov.status, l->st[Q_DIST] = di.status, l->st[Q_RAY] = ra.status, l->st[Q_CAST] = ca.status;
	d3(ov.normal, l->axis);
	l->gap = ov.depth;
	l->dist = di.distance;
	d3(di.point_a, l->pa), d3(di.point_b, l->pb), d3(di.normal, l->dn);
	l->ray_t = ra.t;
	d3(sw_v3_scale(ra.normal, -1.0f), l->ray_n);
	l->cast_t = ca.t;
	l->cast_depth = ca.depth;
	d3(ca.point, l->cast_p), d3(ca.normal, l->cast_n);
}

static void oracle_case2(const case2 *c, oracle_case *o)
{
	og_shape la, lb, lp;
	og_shape2_local(&c->a, &la);
	og_shape2_local(&c->b, &lb);
	og_place2(&la, c->pa, &o->a);
	og_place2(&lb, c->pb, &o->b);
	const sw_vec2 zero = {0, 0};
	sw_shape2 pt = sw_shape2_verts(&zero, 1, 0);
	og_shape2_local(&pt, &lp);
	og_place2(&lp, (sw_pose2){c->pb.p, {1, 0}}, &o->ray_pt);
	d2(sw_v2_sub(c->db, c->da), o->r);
	d2(sw_v2_sub(c->db, c->da), o->ray_d);
	d2(c->da, o->da);
	o->target = c->target;
	double dp[3];
	d2(sw_v2_sub(c->pb.p, c->pa.p), dp);
	o->scale = o->a.size + o->b.size + len3(dp) + len3(o->r) + c->target;
	o->band = BAND_REL * o->scale;
	double m = fmax(fmax(fabs(c->pa.p.x), fabs(c->pa.p.y)), fmax(fabs(c->pb.p.x), fabs(c->pb.p.y)));
	o->world = sqrt(3.0) * 0x1p-23 * (m + len3(o->da) + len3(o->r));
}

static void sat_check2(const case2 *c, const oracle_case *o, sw_status gjk, tally *t, uint64_t seed)
{
	sw_sweep_result so;
	sw_poly2_sweep(&c->qa, c->pa, c->da, &c->qb, c->pb, c->db, &so);
	sw_status sat = so.status;
	og_cast oc;
	oracle_cast(o, &o->a, &o->b, o->r, 0, &oc);
	if (fabs(oc.min_sep) <= o->band || fabs(oc.sep0) <= o->band)
		return;
	t->sat_checked++;
	if (sat != gjk && t->sat_fail++ < MAX_REPORTS)
		fprintf(stderr, "seed %llu: SAT %s vs GJK %s (min sep %.3g)\n", (unsigned long long)seed,
			sw_status_name(sat), sw_status_name(gjk), oc.min_sep);
}

static void population2(int rounded, uint64_t base, const char *name)
{
	static case2 c;
	static oracle_case o;
	tally t;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < N_PAIRS; i++) {
		lib_answers l;
		random_case2(base + (uint64_t)i, rounded, &c);
		run_case2(&c, &l);
		oracle_case2(&c, &o);
		judge_case(&o, &l, base + (uint64_t)i, &t);
		if (!rounded)
			sat_check2(&c, &o, l.st[Q_CAST], &t, base + (uint64_t)i);
	}
	print_tally(name, &t);
	check_tally(&t, 0);
}

Test(gjk_brute, polygons2) { population2(0, 4000000, "2D polygons of 3-8 points"); }
Test(gjk_brute, rounded2) { population2(1, 5000000, "2D rounded shapes"); }

/* ---- the polygon ray by clipping (sw_poly2_ray) ----
 * 12 000 rays against 2D polygons of 3–8 points through the same judge as the GJK ray (the band, the
 * time window, the normal's plane), with S = size of the polygon + |origin − its position| + |delta|:
 * 60 % the random rays of the populations above, 25 % aimed at an interior point, 10 % aimed at a
 * vertex missed or hit by up to 2e-3 across, 5 % along an edge's line (all in the band). */

#define N_RAYS 12000

static sw_vec2 world2(sw_pose2 x, sw_vec2 v) { return sw_v2_add(x.p, sw_rot2_mul(x.q, v)); }

static void poly_ray_case(uint64_t seed, case2 *c, sw_vec2 *org, sw_vec2 *dl)
{
	random_case2(seed, 0, c);
	sc_rng r = sc_rng_seed(seed ^ 0x5851f42d4c957f2dull);
	const sw_poly2 *q = &c->qa;
	uint32_t kind = sc_below(&r, 20), n = q->count, i = sc_below(&r, n);
	*org = c->pb.p, *dl = sw_v2_sub(c->db, c->da);
	if (kind >= 12 && kind < 17) {
		sw_vec2 m = sw_v2_scale(sw_v2_add(sw_v2_add(q->v[i], q->v[(i + 1) % n]), q->v[(i + 2) % n]), 1.0f / 3);
		*dl = sw_v2_scale(sw_v2_sub(world2(c->pa, m), *org), sc_uniform(&r, 0.5f, 2.0f));
	} else if (kind >= 17 && kind < 19) {
		sw_vec2 dir = sw_v2_sub(world2(c->pa, q->v[i]), *org);
		float len = sqrtf(sw_v2_dot(dir, dir)), eps = sc_uniform(&r, -2e-3f, 2e-3f);
		sw_vec2 side = sw_v2(-dir.y / len * eps, dir.x / len * eps);
		*dl = sw_v2_scale(sw_v2_add(dir, side), sc_uniform(&r, 1.2f, 2.0f));
	} else if (kind == 19) {
		sw_vec2 a = world2(c->pa, q->v[i]), e = sw_v2_sub(world2(c->pa, q->v[(i + 1) % n]), a);
		*org = sw_v2_sub(a, sw_v2_scale(e, sc_uniform(&r, 0.5f, 2.0f)));
		*dl = sw_v2_scale(e, sc_uniform(&r, 1.0f, 4.0f));
	}
}

Test(gjk_brute, polygon_rays_by_clipping)
{
	static case2 c;
	static oracle_case o;
	tally t;
	double worst =
		0; /* largest distance / S from the polygon of a hit's point origin + t·delta, outside the band */
	memset(&t, 0, sizeof t);
	for (int i = 0; i < N_RAYS; i++) {
		uint64_t seed = 9000000 + (uint64_t)i;
		sw_vec2 org, dl;
		poly_ray_case(seed, &c, &org, &dl);
		sw_cast_result ra;
		cr_assert_eq(sw_poly2_ray(&c.qa, c.pa, org, dl, &ra), SW_OK);
		c.pb.p = org;
		oracle_case2(&c, &o);
		d2(dl, o.ray_d);
		double rel[3];
		d2(sw_v2_sub(org, c.pa.p), rel);
		o.scale = o.a.size + len3(rel) + len3(o.ray_d);
		o.band = BAND_REL * o.scale;
		og_cast oc;
		oracle_cast(&o, &o.a, &o.ray_pt, o.ray_d, 0, &oc);
		double n[3];
		d3(sw_v3_scale(ra.normal, -1.0f), n);
		t.hits[Q_RAY] += ra.status == SW_HIT;
		judge_moving(&o, &o.a, &o.ray_pt, o.ray_d, &oc, Q_RAY, ra.status, ra.t, n, NULL, seed, &t);
		/* a hit's point is origin + t·delta and its normal unit; the feature an edge of the polygon */
		if (ra.status == SW_HIT && !(fabs(oc.min_sep) <= o.band || fabs(oc.sep0) <= o.band)) {
			double p[3] = {org.x + (double)dl.x * ra.t, org.y + (double)dl.y * ra.t, 0};
			double dt = og_point_dist(&o.a, p) / o.scale;
			worst = dt > worst ? dt : worst;
		}
		if (ra.status == SW_HIT) {
			double e = fabs(ra.point.x - (org.x + dl.x * ra.t)) + fabs(ra.point.y - (org.y + dl.y * ra.t));
			if (!(e <= 2 * o.world) || !(fabs(len3(n) - 1) <= 1e-6) || ra.feature >= c.qa.count)
				fail_report(&t, Q_RAY, seed, "point, normal or feature", e, ra.feature);
		}
		t.n++;
	}
	print_tally("2D polygon rays by clipping", &t);
	fprintf(stderr, "  hit points origin + t·delta: within %.3g S of the polygon\n", worst);
	cr_expect_leq(worst, BAND_REL, "hit point %.3g S off the polygon", worst);
	check_tally(&t, 1);
	cr_expect_geq(t.hits[Q_RAY], N_RAYS / 5, "%d hits", t.hits[Q_RAY]);
}

/* ---- the polygon overlap by separating axes (the gjk2_poly2_overlap row's reference) ----
 * 12 000 pairs of 2D polygons through the GJK overlap's judge (statuses exact outside the band, a MISS
 * axis that separates, a gap it proves): 60 % the random pairs of the populations above, 25 % moved to
 * within ±3e-4·S of contact along the oracle's closest direction, 15 % needles (half widths 1e-4 to
 * 1e-2) tip to tip or tip to side within ±1e-2, where the edge normals prove little and GJK decides.
 * One pair in ten sits 1e4 from the origin. */

#define N_AXES 12000

static void needle_case(sc_rng *r, case2 *c)
{
	float w = expf(sc_uniform(r, logf(1e-4f), logf(1e-2f))), w2 = expf(sc_uniform(r, logf(1e-4f), logf(1e-2f)));
	c->qa = (sw_poly2){3, {{-1, -w}, {0, 0}, {-1, w}}};
	c->qb = (sw_poly2){3, {{0, 0}, {1, -w2}, {1, w2}}};
	float gap = sc_uniform(r, -1e-2f, 1e-2f), side = sc_below(r, 2) ? sc_uniform(r, -2e-2f, 2e-2f) : 0;
	float turn = sc_below(r, 3) ? 0 : sc_uniform(r, -1.6f, 1.6f);
	sw_rot2 qa = sw_rot2_from_angle(sc_uniform(r, -3.14159f, 3.14159f));
	c->pa.q = qa;
	c->pb = (sw_pose2){sw_v2_add(c->pa.p, sw_rot2_mul(qa, sw_v2(gap, side))),
			   sw_rot2_from_angle(atan2f(qa.s, qa.c) + turn)};
}

static void axes_case(uint64_t seed, case2 *c)
{
	random_case2(seed, 0, c);
	sc_rng r = sc_rng_seed(seed ^ 0x2545f4914f6cdd1dull);
	uint32_t kind = sc_below(&r, 20);
	if (kind >= 17)
		needle_case(&r, c);
	memcpy(c->va, c->qa.v, sizeof(sw_vec2) * c->qa.count);
	memcpy(c->vb, c->qb.v, sizeof(sw_vec2) * c->qb.count);
	c->a = sw_shape2_verts(c->va, c->qa.count, 0), c->b = sw_shape2_verts(c->vb, c->qb.count, 0);
	if (kind < 12 || kind >= 17)
		return;
	static oracle_case o;
	const double zero[3] = {0, 0, 0};
	og_dist d;
	oracle_case2(c, &o);
	og_distance(&o.a, &o.b, zero, &d);
	if (d.overlap)
		return;
	double eps = sc_uniform(&r, -3e-4f, 3e-4f) * o.scale, k = d.signed_sep - eps;
	double n[2] = {(d.pb[0] - d.pa[0]) / d.core_dist, (d.pb[1] - d.pa[1]) / d.core_dist};
	c->pb.p = sw_v2_sub(c->pb.p, sw_v2((float)(k * n[0]), (float)(k * n[1])));
}

Test(gjk_brute, polygon_overlap_by_separating_axes)
{
	static case2 c;
	static oracle_case o;
	tally t;
	int by_gjk = 0;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < N_AXES; i++) {
		uint64_t seed = 11000000 + (uint64_t)i;
		axes_case(seed, &c);
		cr_assert_eq(sw_poly2_check(&c.qa), SW_OK);
		cr_assert_eq(sw_poly2_check(&c.qb), SW_OK);
		sw_overlap_result ov;
		lib_answers l;
		memset(&l, 0, sizeof l);
		sw_gjk2_poly2_overlap_pair_ref(&c.qa, c.pa, &c.qb, c.pb, NULL, &ov, &l.it[Q_OVERLAP]);
		by_gjk += l.it[Q_OVERLAP] > 0;
		l.st[Q_OVERLAP] = ov.status;
		d3(ov.normal, l.axis);
		l.gap = ov.depth;
		oracle_case2(&c, &o);
		const double zero[3] = {0, 0, 0};
		og_dist d;
		og_distance(&o.a, &o.b, zero, &d);
		t.hits[Q_OVERLAP] += ov.status == SW_HIT;
		t.limit[Q_OVERLAP] += ov.status == SW_ITER_LIMIT;
		if (ov.status == SW_MISS && !(fabs(len3(l.axis) - 1) <= 1e-6))
			fail_report(&t, Q_OVERLAP, seed, "normal not unit", len3(l.axis), 1);
		judge_overlap(&o, &d, &l, seed, &t);
		t.n++;
	}
	print_tally("2D polygon overlap by separating axes", &t);
	fprintf(stderr, "  answered by GJK near contact: %d of %d\n", by_gjk, t.n);
	check_tally(&t, 1);
	cr_expect_geq(t.hits[Q_OVERLAP], N_AXES / 5, "%d hits", t.hits[Q_OVERLAP]);
}

/* ---- the polygon cast by moving separating axes (the gjk2_poly2_cast row's reference) ----
 * 12 000 pairs of 2D polygons through the GJK cast's judge (statuses exact outside the band, a hit time
 * in its window, the normal's plane separating at t, the point on A) and against the moving SAT
 * (sw_poly2_sweep) outside the band: 55 % the random pairs of the populations above, 25 % moving
 * straight at each other to end within ±3e-4·S of contact at t = 1, 10 % passing by a face at a
 * separation within ±3e-4·S (grazing), 10 % needles tip to tip, apart at t = 0, closing along their axis.
 * One pair in ten
 * sits 1e4 from the origin. */

#define N_CAST_AXES 12000

static void cast_axes_case(uint64_t seed, case2 *c)
{
	random_case2(seed, 0, c);
	sc_rng r = sc_rng_seed(seed ^ 0x7f4a7c159e3779b9ull);
	uint32_t kind = sc_below(&r, 20);
	if (kind >= 18) {
		needle_case(&r, c);
		/* tips 2e-3 to 2.2e-2 apart along A's axis, closing by up to 4e-2 */
		sw_vec2 ax = sw_rot2_mul(c->pa.q, sw_v2(1, 0));
		c->pb.p = sw_v2_add(c->pb.p, sw_v2_scale(ax, 1.2e-2f));
		c->da = sw_v2_scale(ax, sc_uniform(&r, 0, 2e-2f)), c->db = sw_v2_scale(ax, -sc_uniform(&r, 0, 2e-2f));
	}
	memcpy(c->va, c->qa.v, sizeof(sw_vec2) * c->qa.count);
	memcpy(c->vb, c->qb.v, sizeof(sw_vec2) * c->qb.count);
	c->a = sw_shape2_verts(c->va, c->qa.count, 0), c->b = sw_shape2_verts(c->vb, c->qb.count, 0);
	if (kind < 11 || kind >= 18)
		return;
	static oracle_case o;
	const double zero[3] = {0, 0, 0};
	og_dist d;
	oracle_case2(c, &o);
	og_distance(&o.a, &o.b, zero, &d);
	if (d.overlap)
		return;
	double eps = sc_uniform(&r, -3e-4f, 3e-4f) * o.scale, k = d.signed_sep - eps;
	double n[2] = {(d.pb[0] - d.pa[0]) / d.core_dist, (d.pb[1] - d.pa[1]) / d.core_dist};
	if (kind < 16) { /* straight at A: within ±eps of contact at t = 1 */
		c->db = sw_v2_add(c->da, sw_v2((float)(-k * n[0]), (float)(-k * n[1])));
		return;
	}
	/* grazing: B moved to ±eps of A along n, then passing along the tangent from one side to the other */
	c->pb.p = sw_v2_sub(c->pb.p, sw_v2((float)(k * n[0]), (float)(k * n[1])));
	float s = sc_uniform(&r, 0.5f, 3.0f);
	sw_vec2 tg = sw_v2((float)-n[1], (float)n[0]);
	c->pb.p = sw_v2_sub(c->pb.p, sw_v2_scale(tg, s));
	c->db = sw_v2_add(c->da, sw_v2_scale(tg, 2 * s));
}

/* a polygon cast starting overlapped outside the band, answered by the least penetration at t = 0: the
 * depth the exact one (minus the oracle's separation at t = 0), B moved by it along the normal touching
 * along the normal, the point on A */
static void judge_cast_pen(const oracle_case *o, const og_cast *oc, const sw_cast_result *ca, uint64_t seed, tally *t)
{
	const double n[3] = {ca->normal.x, ca->normal.y, 0}, p[3] = {ca->point.x, ca->point.y, 0};
	const double shift[3] = {ca->depth * n[0], ca->depth * n[1], 0};
	if (!(fabs(ca->depth + oc->sep0) <= o->band))
		fail_report(t, Q_CAST, seed, "depth", ca->depth, -oc->sep0);
	if (!(fabs(len3(n) - 1) <= 1e-6))
		fail_report(t, Q_CAST, seed, "normal not unit", len3(n), 1);
	const double g = og_gap(&o->a, &o->b, shift, n);
	if (!(fabs(g) <= o->band))
		fail_report(t, Q_CAST, seed, "B moved by the depth along the normal not touching", g, 0);
	if (!(og_point_dist(&o->a, p) <= o->band + o->world))
		fail_report(t, Q_CAST, seed, "point off A", og_point_dist(&o->a, p), 0);
}

Test(gjk_brute, polygon_cast_by_moving_axes)
{
	static case2 c;
	static oracle_case o;
	tally t;
	int by_gjk = 0, by_pen = 0;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < N_CAST_AXES; i++) {
		uint64_t seed = 12000000 + (uint64_t)i;
		cast_axes_case(seed, &c);
		cr_assert_eq(sw_poly2_check(&c.qa), SW_OK);
		cr_assert_eq(sw_poly2_check(&c.qb), SW_OK);
		sw_cast_result ca;
		lib_answers l;
		memset(&l, 0, sizeof l);
		sw_gjk2_poly2_cast_pair_ref(&c.qa, c.pa, c.da, &c.qb, c.pb, c.db, NULL, &ca, &l.it[Q_CAST]);
		by_gjk += l.it[Q_CAST] > 0;
		d3(ca.point, l.cast_p), d3(ca.normal, l.cast_n);
		oracle_case2(&c, &o);
		og_cast oc;
		oracle_cast(&o, &o.a, &o.b, o.r, 0, &oc);
		t.hits[Q_CAST] += ca.status == SW_HIT;
		t.limit[Q_CAST] += ca.status == SW_ITER_LIMIT;
		if (ca.status == SW_HIT && !(fabs(len3(l.cast_n) - 1) <= 1e-6))
			fail_report(&t, Q_CAST, seed, "normal not unit", len3(l.cast_n), 1);
		const int pen = ca.status == SW_STARTS_OVERLAPPED && l.it[Q_CAST] == 0;
		by_pen += pen;
		if ((ca.depth != 0 && !pen) || ca.feature != SW_FEATURE_NONE)
			fail_report(&t, Q_CAST, seed, "depth or feature", ca.depth, 0);
		if (pen)
			judge_cast_pen(&o, &oc, &ca, seed, &t);
		judge_moving(&o, &o.a, &o.b, o.r, &oc, Q_CAST, ca.status, ca.t, l.cast_n, l.cast_p, seed, &t);
		sat_check2(&c, &o, ca.status, &t, seed);
		t.n++;
	}
	print_tally("2D polygon cast by moving separating axes", &t);
	fprintf(stderr, "  answered by GJK (band): %d of %d; starting overlapped by the least penetration: %d\n",
		by_gjk, t.n, by_pen);
	check_tally(&t, 1);
	cr_expect_geq(t.hits[Q_CAST], N_CAST_AXES / 5, "%d hits", t.hits[Q_CAST]);
}

/* ---- the hull ray by clipping (sw_hull3_ray) ----
 * 12 000 rays against 3D hulls of 8–32 points (one in ten a flat hull of 3–8 coplanar points) through
 * the same judge as the GJK ray, with S = size of the hull + |origin − its position| + |delta|: 60 % the
 * random rays of the populations above, 25 % aimed at an interior point, 10 % aimed at a vertex missed
 * or hit by up to 2e-3 across, 5 % in a face's plane along one of its edges (all in the band). The same
 * 12 000 times for boxes by the slab test (sw_obb3_ray), aimed through their hull (sw_hull3_box). */

static sw_vec3 world3(sw_pose3 x, sw_vec3 v)
{
	sw_mat3 r = sw_mat3_from_quat(x.q);
	return sw_v3_add(x.p, sw_mat3_mul(&r, v));
}

/* a flat hull of 3–8 points on a random plane through the origin, as A */
static void flat_hull_a(sc_rng *r, case3 *c)
{
	sw_vec3 pts[8];
	uint32_t n = 3 + sc_below(r, 6);
	sw_quat q = sc_rotation(r);
	sw_mat3 m = sw_mat3_from_quat(q);
	do
		for (uint32_t k = 0; k < n; k++)
			pts[k] = sw_mat3_mul(&m, sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), 0));
	while (sw_hull3_build(pts, n, NULL, &c->ha) != SW_OK || c->ha.num_faces != 2);
	memcpy(c->va, c->ha.verts, sizeof(sw_vec3) * c->ha.num_verts);
	c->a = sw_shape3_verts(c->va, c->ha.num_verts, 0);
}

/* a ray at A: a hull of 8–32 points or a flat hull, or a box (then c->ha is its hull, sw_hull3_box) */
static void hull_ray_case(uint64_t seed, int box, case3 *c, sw_vec3 *org, sw_vec3 *dl)
{
	random_case3(seed, box ? P_BOX : P_HULL, c);
	sc_rng r = sc_rng_seed(seed ^ 0x5851f42d4c957f2dull);
	if (box) {
		const sw_obb3 b = {c->a.half};
		cr_assert_eq(sw_hull3_box(&b, &c->ha), SW_OK);
	} else if (sc_below(&r, 10) == 0) {
		flat_hull_a(&r, c);
	}
	const sw_hull3 *h = &c->ha;
	uint32_t kind = sc_below(&r, 20), n = h->num_verts, i = sc_below(&r, n);
	*org = c->pb.p, *dl = sw_v3_sub(c->db, c->da);
	if (kind >= 12 && kind < 17) {
		sw_vec3 m = sw_v3_scale(sw_v3_add(sw_v3_add(h->verts[i], h->verts[(i + 1) % n]), h->verts[(i + 2) % n]),
					1.0f / 3);
		*dl = sw_v3_scale(sw_v3_sub(world3(c->pa, m), *org), sc_uniform(&r, 0.5f, 2.0f));
	} else if (kind >= 17 && kind < 19) {
		sw_vec3 dir = sw_v3_sub(world3(c->pa, h->verts[i]), *org);
		sw_vec3 side = sw_v3_cross(dir, sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), 1));
		float len = sqrtf(sw_v3_dot(side, side)), eps = sc_uniform(&r, -2e-3f, 2e-3f);
		*dl = sw_v3_scale(sw_v3_add(dir, sw_v3_scale(side, eps / len)), sc_uniform(&r, 1.2f, 2.0f));
	} else if (kind == 19) {
		const sw_hull_face *f = &h->faces[sc_below(&r, h->num_faces)];
		uint32_t j = sc_below(&r, f->count);
		sw_vec3 a = world3(c->pa, h->verts[h->face_verts[f->first + j]]);
		sw_vec3 e = sw_v3_sub(world3(c->pa, h->verts[h->face_verts[f->first + (j + 1) % f->count]]), a);
		*org = sw_v3_sub(a, sw_v3_scale(e, sc_uniform(&r, 0.5f, 2.0f)));
		*dl = sw_v3_scale(e, sc_uniform(&r, 1.0f, 4.0f));
	}
}

static void clip_rays(int box, uint64_t base, const char *name)
{
	static case3 c;
	static oracle_case o;
	tally t;
	double worst = 0; /* largest distance / S from the hull of a hit's point origin + t·delta, outside the band */
	int flat_hits = 0;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < N_RAYS; i++) {
		uint64_t seed = base + (uint64_t)i;
		sw_vec3 org, dl;
		hull_ray_case(seed, box, &c, &org, &dl);
		sw_cast_result ra;
		const sw_obb3 b = {c.a.half};
		if (box)
			cr_assert_eq(sw_obb3_ray(&b, c.pa, org, dl, &ra), SW_OK);
		else
			cr_assert_eq(sw_hull3_ray(&c.ha, c.pa, org, dl, &ra), SW_OK);
		c.pb.p = org;
		oracle_case3(&c, &o);
		d3(dl, o.ray_d);
		double rel[3];
		d3(sw_v3_sub(org, c.pa.p), rel);
		o.scale = o.a.size + len3(rel) + len3(o.ray_d);
		o.band = BAND_REL * o.scale;
		og_cast oc;
		oracle_cast(&o, &o.a, &o.ray_pt, o.ray_d, 0, &oc);
		double n[3];
		d3(sw_v3_scale(ra.normal, -1.0f), n);
		t.hits[Q_RAY] += ra.status == SW_HIT;
		flat_hits += ra.status == SW_HIT && c.ha.num_faces == 2;
		judge_moving(&o, &o.a, &o.ray_pt, o.ray_d, &oc, Q_RAY, ra.status, ra.t, n, NULL, seed, &t);
		/* a hit's point is origin + t·delta and its normal unit; the feature a face of the packed hull */
		if (ra.status == SW_HIT && !(fabs(oc.min_sep) <= o.band || fabs(oc.sep0) <= o.band)) {
			double p[3] = {org.x + (double)dl.x * ra.t, org.y + (double)dl.y * ra.t,
				       org.z + (double)dl.z * ra.t};
			double dt = og_point_dist(&o.a, p) / o.scale;
			worst = dt > worst ? dt : worst;
		}
		if (ra.status == SW_HIT) {
			double e = fabs(ra.point.x - (org.x + dl.x * ra.t)) + fabs(ra.point.y - (org.y + dl.y * ra.t)) +
				   fabs(ra.point.z - (org.z + dl.z * ra.t));
			uint32_t nf = c.ha.num_faces == 2 ? c.ha.num_verts + 2 : c.ha.num_faces;
			if (!(e <= 3 * o.world) || !(fabs(len3(n) - 1) <= 1e-6) || ra.feature >= nf)
				fail_report(&t, Q_RAY, seed, "point, normal or feature", e, ra.feature);
		}
		t.n++;
	}
	print_tally(name, &t);
	fprintf(stderr, "  hit points origin + t·delta: within %.3g S of the hull; %d hits on flat hulls\n", worst,
		flat_hits);
	cr_expect_leq(worst, BAND_REL, "hit point %.3g S off the hull", worst);
	check_tally(&t, 1);
	cr_expect_geq(t.hits[Q_RAY], N_RAYS / 5, "%d hits", t.hits[Q_RAY]);
	cr_expect_geq(flat_hits, box ? 0 : N_RAYS / 100, "%d flat hits", flat_hits);
}

Test(gjk_brute, hull_rays_by_clipping) { clip_rays(0, 11000000, "3D hull rays by clipping"); }
Test(gjk_brute, box_rays_by_slabs) { clip_rays(1, 12000000, "3D box rays by the slab test"); }

/* ---- needles tip to tip, many starting inside the band or overlapped (the GJK cast's stalled solves) ----
 * Needles tip to tip as in the polygon cast's population above, without its shift: they start within
 * ±1e-2 along A's axis and close by up to 4e-2, so that many start overlapped by less than the band
 * across the axis and overlap by up to about 4× the band later in the step. 2D: the thin triangles of
 * needle_case; 3D: thin tetrahedra, a tip and a base triangle of half width 1e-4 to 1e-2, with a side
 * offset and a turn in some. Every pair is judged (sw_gjk2_cast, sw_gjk3_cast through judge_moving),
 * and every tier's batched cast must give the single-pair bits. A thin full simplex's v is the
 * rounding of a zero and can be longer than the old v; a solve stalled there must end in contact, not
 * advance by |v| along a direction that does not separate (a miss, or a hit whose normal's plane cuts
 * the needles). */

#define N_NEEDLES 12000

/* seed's 2D needles as the polygon cast's population draws them (kind ≥ 18) but not shifted apart */
static int needle_start2(uint64_t seed, case2 *c)
{
	random_case2(seed, 0, c);
	sc_rng r = sc_rng_seed(seed ^ 0x7f4a7c159e3779b9ull);
	if (sc_below(&r, 20) < 18)
		return 0;
	needle_case(&r, c);
	sw_vec2 ax = sw_rot2_mul(c->pa.q, sw_v2(1, 0));
	c->da = sw_v2_scale(ax, sc_uniform(&r, 0, 2e-2f)), c->db = sw_v2_scale(ax, -sc_uniform(&r, 0, 2e-2f));
	memcpy(c->va, c->qa.v, sizeof(sw_vec2) * c->qa.count);
	memcpy(c->vb, c->qb.v, sizeof(sw_vec2) * c->qb.count);
	c->a = sw_shape2_verts(c->va, c->qa.count, 0), c->b = sw_shape2_verts(c->vb, c->qb.count, 0);
	c->target = 0;
	return 1;
}

/* a 3D needle: tip at the origin, base triangle of half width w at x = dir */
static void needle3(sw_vec3 *v, float dir, float w)
{
	v[0] = sw_v3(0, 0, 0);
	v[1] = sw_v3(dir, w, 0);
	v[2] = sw_v3(dir, -0.5f * w, 0.8660254f * w);
	v[3] = sw_v3(dir, -0.5f * w, -0.8660254f * w);
}

static void needle_start3(uint64_t seed, case3 *c)
{
	sc_rng r = sc_rng_seed(seed);
	float w = expf(sc_uniform(&r, logf(1e-4f), logf(1e-2f))), w2 = expf(sc_uniform(&r, logf(1e-4f), logf(1e-2f)));
	needle3(c->va, -1, w);
	needle3(c->vb, 1, w2);
	c->a = sw_shape3_verts(c->va, 4, 0), c->b = sw_shape3_verts(c->vb, 4, 0);
	float gap = sc_uniform(&r, -1e-2f, 1e-2f);
	sw_vec3 side = sc_below(&r, 2) ? sw_v3(0, sc_uniform(&r, -2e-2f, 2e-2f), sc_uniform(&r, -2e-2f, 2e-2f))
				       : sw_v3(0, 0, 0);
	float turn = sc_below(&r, 3) ? 0 : sc_uniform(&r, -1.6f, 1.6f);
	sw_vec3 axis = sw_v3(0, sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1));
	sw_vec3 off = seed % 10 == 3 ? sw_v3(1e4f, -1e4f, 1e4f) : sw_v3(0, 0, 0);
	c->pa = (sw_pose3){sw_v3_add(off, sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1))),
			   sc_rotation(&r)};
	sw_quat qt = sw_v3_dot(axis, axis) > 1e-4f ? sw_quat_from_axis_angle(axis, turn) : (sw_quat){0, 0, 0, 1};
	c->pb = (sw_pose3){
		sw_v3_add(c->pa.p, world3((sw_pose3){sw_v3(0, 0, 0), c->pa.q}, sw_v3_add(sw_v3(gap, 0, 0), side))),
		sw_quat_normalize(sw_quat_mul(c->pa.q, qt))};
	sw_vec3 ax = world3((sw_pose3){sw_v3(0, 0, 0), c->pa.q}, sw_v3(1, 0, 0));
	c->da = sw_v3_scale(ax, sc_uniform(&r, 0, 2e-2f)), c->db = sw_v3_scale(ax, -sc_uniform(&r, 0, 2e-2f));
	c->target = 0;
}

/* the judged pairs, kept for the batched calls: the single-pair answer and the pair of set indices */
typedef struct needle_keep {
	sw_cast_result ref[N_NEEDLES];
	sw_pair pairs[N_NEEDLES];
	size_t n;
} needle_keep;

/* every tier's batched cast (sw_gjk2_cast_batch, sw_gjk3_cast_batch) on the kept pairs: the
 * single-pair answers' bits */
static void needle_tiers(int dim, const void *a_set, const void *b_set, const needle_keep *k)
{
	static uint8_t st[N_NEEDLES];
	static float t[N_NEEDLES], p[3][N_NEEDLES], n[3][N_NEEDLES];
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!sw_isa_available((sw_isa)isa))
			continue;
		sw_batch_opts run = {0};
		run.threads = 1, run.isa = SW_BATCH_ISA(isa);
		sw_cast_results out = {st, NULL, t, NULL, p[0], p[1], p[2], n[0], n[1], n[2], NULL, NULL, NULL};
		sw_error e = dim == 3 ? sw_gjk3_cast_batch(a_set, b_set, k->pairs, k->n, NULL, &run, &out)
				      : sw_gjk2_cast_batch(a_set, b_set, k->pairs, k->n, NULL, &run, &out);
		cr_assert_eq(e, SW_OK);
		int bad = 0;
		for (size_t i = 0; i < k->n; i++) {
			const sw_cast_result *r = &k->ref[i];
			const float want[7] = {r->t,        r->point.x,  r->point.y, r->point.z,
					       r->normal.x, r->normal.y, r->normal.z};
			const float got[7] = {t[i],
					      p[0][i],
					      p[1][i],
					      dim == 3 ? p[2][i] : 0,
					      n[0][i],
					      n[1][i],
					      dim == 3 ? n[2][i] : 0};
			bad += st[i] != r->status || memcmp(want, got, sizeof want) != 0;
		}
		cr_expect_eq(bad, 0, "%dD %s: %d pairs differ from the single-pair answer", dim,
			     sw_isa_name((sw_isa)isa), bad);
	}
}

static void needle_tally(tally *t, const oracle_case *o, const og_cast *oc, sw_cast_result ca, uint64_t seed)
{
	double n[3], p[3];
	d3(ca.normal, n), d3(ca.point, p);
	t->hits[Q_CAST] += ca.status == SW_HIT;
	t->limit[Q_CAST] += ca.status == SW_ITER_LIMIT;
	judge_moving(o, &o->a, &o->b, o->r, oc, Q_CAST, ca.status, ca.t, n, p, seed, t);
	t->n++;
}

Test(gjk_brute, needles_tip_to_tip)
{
	static case2 c2;
	static case3 c3;
	static oracle_case o;
	static needle_keep k2, k3;
	tally t2, t3;
	int starts2 = 0, starts3 = 0, in2 = 0, in3 = 0;
	memset(&t2, 0, sizeof t2);
	memset(&t3, 0, sizeof t3);
	k2.n = k3.n = 0;
	sw_shape2_set *a2, *b2;
	sw_shape3_set *a3, *b3;
	cr_assert_eq(sw_shape2_set_create(64, &a2), SW_OK);
	cr_assert_eq(sw_shape2_set_create(64, &b2), SW_OK);
	cr_assert_eq(sw_shape3_set_create(64, &a3), SW_OK);
	cr_assert_eq(sw_shape3_set_create(64, &b3), SW_OK);
	for (int i = 0; i < N_NEEDLES; i++) {
		uint64_t seed = 12000000 + (uint64_t)i;
		sw_cast_result ca;
		og_cast oc;
		uint32_t sa, sb;
		if (needle_start2(seed, &c2)) {
			oracle_case2(&c2, &o);
			oracle_cast(&o, &o.a, &o.b, o.r, 0, &oc);
			in2 += oc.sep0 <= o.band;
			cr_assert_eq(sw_gjk2_cast(&c2.a, c2.pa, c2.da, &c2.b, c2.pb, c2.db, NULL, &ca), SW_OK);
			starts2 += ca.status == SW_STARTS_OVERLAPPED;
			needle_tally(&t2, &o, &oc, ca, seed);
			sw_pair *pk = &k2.pairs[k2.n];
			cr_assert_eq(sw_shape2_set_add_shape(a2, &c2.a, &sa), SW_OK);
			cr_assert_eq(sw_shape2_set_add_shape(b2, &c2.b, &sb), SW_OK);
			cr_assert_eq(sw_shape2_set_add(a2, sa, c2.pa, c2.da, &pk->a), SW_OK);
			cr_assert_eq(sw_shape2_set_add(b2, sb, c2.pb, c2.db, &pk->b), SW_OK);
			k2.ref[k2.n++] = ca;
		}
		if (i % 4)
			continue;
		seed = 13000000 + (uint64_t)i;
		needle_start3(seed, &c3);
		oracle_case3(&c3, &o);
		oracle_cast(&o, &o.a, &o.b, o.r, 0, &oc);
		in3 += oc.sep0 <= o.band;
		cr_assert_eq(sw_gjk3_cast(&c3.a, c3.pa, c3.da, &c3.b, c3.pb, c3.db, NULL, &ca), SW_OK);
		starts3 += ca.status == SW_STARTS_OVERLAPPED;
		needle_tally(&t3, &o, &oc, ca, seed);
		sw_pair *pk = &k3.pairs[k3.n];
		cr_assert_eq(sw_shape3_set_add_shape(a3, &c3.a, &sa), SW_OK);
		cr_assert_eq(sw_shape3_set_add_shape(b3, &c3.b, &sb), SW_OK);
		cr_assert_eq(sw_shape3_set_add(a3, sa, c3.pa, c3.da, &pk->a), SW_OK);
		cr_assert_eq(sw_shape3_set_add(b3, sb, c3.pb, c3.db, &pk->b), SW_OK);
		k3.ref[k3.n++] = ca;
	}
	print_tally("2D needles tip to tip", &t2);
	print_tally("3D needles tip to tip", &t3);
	fprintf(stderr, "  within the band or overlapped at t = 0: 2D %d, 3D %d\n", in2, in3);
	for (int k = 0; k < 2; k++) {
		const tally *t = k ? &t3 : &t2;
		cr_expect_eq(t->fail[Q_CAST], 0, "%dD: %d failures", 2 + k, t->fail[Q_CAST]);
		cr_expect_eq(t->limit[Q_CAST], 0, "%dD: %d iteration limits", 2 + k, t->limit[Q_CAST]);
		cr_expect_geq(t->n, 1000, "%dD: %d pairs", 2 + k, t->n);
	}
	cr_expect_geq(in2, 300, "2D: %d within the band or overlapped at t = 0", in2);
	cr_expect_geq(in3, 600, "3D: %d within the band or overlapped at t = 0", in3);
	cr_expect_geq(starts2, 200, "2D: %d start overlapped", starts2);
	cr_expect_geq(starts3, 200, "3D: %d start overlapped", starts3);
	needle_tiers(2, a2, b2, &k2);
	needle_tiers(3, a3, b3, &k3);
	sw_shape2_set_destroy(a2), sw_shape2_set_destroy(b2);
	sw_shape3_set_destroy(a3), sw_shape3_set_destroy(b3);
}
