/* tests/test_obb3_tri3_brute.c — the reference OBB–triangle sweep against the double-precision oracle
 * (tests/common/oracle_obb3_tri3.h) on seeded random pairs: eight populations of 10000 pairs each. Case i
 * of a population uses seed (population base + i), so a failure reruns alone.
 *
 * How much the library may differ, and why (the reasoning of test_obb3_brute.c, adapted).
 * - Float error. Each separation the library forms along an axis is a sum of under ten rounded
 *   products, each at most S = Σ half extents + longest edge + farthest vertex distance +
 *   |dT − dA|, so it is off by ~10 ulps of S; an edge axis built from a cross product of sine s
 *   amplifies that by 1/s, and so does the triangle's normal, formed from two edges at sine q =
 *   |n| / longest edge² (the triangle's shape factor). Far from the origin the coordinates carry
 *   ulp(|coordinate|) too. So the library's separation function is taken to lie within
 *       eps = 2^-20 · S / s_min + 2^-22 · S / q + 2^-21 · M
 *   of the oracle's (s_min = min(1, shortest kept edge cross product), q capped at 1, M = largest
 *   |coordinate|). Measured: no population fails with the q term at 2^-26; at 2^-22 the sliver
 *   population (q ≈ 1e-3) has 0.4% of its pairs in the band, at 2^-20 it would exceed 1%.
 * - Contract. Edge axes with |e_i × f_j|² < 1e-6·|f_j|² never separate in the library: the oracle
 *   runs with exactly those axes (f_c) and with all of them (f_a), f_c ≤ f_a, and the library lies
 *   between f_c − eps and f_a + eps.
 * Checks, from that sandwich:
 * - status: starts overlapped must hold when f_a(0) ≤ −eps and may only when f_c(0) ≤ eps; contact
 *   likewise with min f. Cases where "must" and "may" differ are the touching band: counted, at
 *   most 1% of a population;
 * - time bound: t_first ∈ [first t with f_c ≤ eps, first t with f_a ≤ −eps] and t_last ∈ [last t
 *   with f_a ≤ −eps, last t with f_c ≤ eps], widened by T_SLACK = 1e-6;
 * - normal: unit, from the box towards the triangle (centroid side), parallel to the feature's axis,
 *   and the axis crossed at t_first: its separation there is within 2·eps + T_SLACK·|v| of zero
 *   (starts overlapped: within 2·eps of the least penetration f(0)). When one axis wins at the
 *   oracle's time by more than the uncertainty, the feature id must be it;
 * - one-sided: the oracle's two-sided status, turned into a miss when the relative motion does not
 *   approach the front (v·n̂ ≤ 0) for pairs separated at t = 0. Pairs with |v·n̂| ≤ 1e-6·|v| may
 *   go either way (band). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <swept/swept.h>

#include "oracle_obb3.h"
#include "judge_sweep.h"
#include "oracle_obb3_tri3.h"
#include "scenes.h"

#define N_PAIRS 10000
#define T_SLACK JUDGE_T_SLACK
#define MAX_REPORTS 8

typedef struct pair_case {
	sc_box a;
	sw_tri3 t;
	sw_vec3 da, dt;
	int one_sided;
} pair_case;

typedef struct tally {
	int n, miss, hit, overlapped, band, contract, failed;
} tally;

typedef struct judge {
	oracle_tri3_problem pc, pa; /* contract axes, all axes */
	oracle_tri3_result rc, ra;
	double eps;
	int front_band; /* one-sided and the approach is within rounding of 0 */
} judge;

static double band_eps(const oracle_tri3_problem *p)
{
	double s_min = 1.0;
	for (int id = 4; id < ORACLE_TRI3_AXES; id++)
		if (p->cross_len[id] >= 5e-4 && p->cross_len[id] < s_min)
			s_min = p->cross_len[id];
	double s = p->size + p->len_d0 + p->len_v;
	return 0x1p-20 * s / s_min + 0x1p-22 * s / fmin(1.0, p->sine) + 0x1p-21 * p->max_coord;
}

static void judge_pair(const pair_case *c, judge *j)
{
	oracle_tri3_prepare(&c->a, c->da, &c->t, c->dt, ORACLE_CROSS2_CONTRACT, &j->pc);
	oracle_tri3_prepare(&c->a, c->da, &c->t, c->dt, ORACLE_CROSS2_ALL, &j->pa);
	oracle_tri3_solve(&j->pc, &j->rc);
	oracle_tri3_solve(&j->pa, &j->ra);
	j->eps = band_eps(&j->pa);
	j->front_band = 0;
	if (c->one_sided) {
		double sp = j->ra.speed_n;
		j->front_band = fabs(sp) <= 1e-6 * j->pa.len_v;
		/* the pair cannot hit from the back: the oracle's contact turns into a miss */
		if (!j->front_band && !(sp > 0)) {
			if (j->rc.status == SW_HIT)
				j->rc.status = SW_MISS, j->rc.min_sep = INFINITY;
			if (j->ra.status == SW_HIT)
				j->ra.status = SW_MISS, j->ra.min_sep = INFINITY;
		}
	}
}

#define FAIL(...) (snprintf(why, why_len, __VA_ARGS__), -1)

static int check_normal(const judge *j, const pair_case *c, const sw_sweep_result *o, char *why, size_t why_len)
{
	double n[3] = {o->normal.x, o->normal.y, o->normal.z};
	double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), e = j->eps;
	if (!(fabs(len - 1) <= 1e-5))
		return FAIL("normal not unit: |n| = %.9g", len);
	if (o->feature >= SW_TRI3_AXIS_COUNT)
		return FAIL("feature %u out of range", o->feature);
	sw_vec3 ax = sc_tri3_feature_axis(&c->a, &c->t, o->feature);
	if (!(fabsf(sw_v3_dot(ax, o->normal)) >= 1 - 1e-5f))
		return FAIL("feature %u is not parallel to the normal", o->feature);
	double t = o->status == SW_HIT ? o->t_first : 0.0;
	double g = oracle_tri3_sep_along(&j->pa, n, t);
	/* the centroid lies on the normal's side when they merely touch */
	if (o->status == SW_HIT && oracle_tri3_dir_along(&j->pa, n, t) < -e)
		return FAIL("normal points from the triangle to the box (n·d = %.9g)",
			    oracle_tri3_dir_along(&j->pa, n, t));
	if (o->status == SW_HIT && fabs(g) > 2 * e + T_SLACK * j->pa.len_v)
		return FAIL("normal's separation at t_first is %.9g, not ~0 (eps %.3g)", g, e);
	if (o->status == SW_STARTS_OVERLAPPED && (g < j->rc.sep0 - 2 * e || g > j->ra.sep0 + 2 * e))
		return FAIL("normal's separation at 0 is %.9g, least penetration is %.9g", g, j->rc.sep0);
	return 0;
}

#undef FAIL

#define JUDGE_ORACLE(f) oracle_tri3_##f
#define JUDGE_AXES ORACLE_TRI3_AXES
#define JUDGE_FRONT(j) (j)->front_band
#include "judge_sweep_tmpl.h"

static void print_vec(const char *name, sw_vec3 v)
{
	cr_log_error("  %s = (%a, %a, %a) = (%.9g, %.9g, %.9g)", name, v.x, v.y, v.z, v.x, v.y, v.z);
}

static void report(const char *pop, uint64_t seed, int i, const pair_case *c, const sw_sweep_result *o, const judge *j,
		   const char *why)
{
	cr_log_error("%s case %d (seed %llu, one-sided %d): %s", pop, i, (unsigned long long)seed, c->one_sided, why);
	cr_log_error("  library: %s t = [%.9g, %.9g] n = (%.9g, %.9g, %.9g) feature %u", sw_status_name(o->status),
		     o->t_first, o->t_last, o->normal.x, o->normal.y, o->normal.z, o->feature);
	cr_log_error("  oracle:  %s t = [%.9g, %.9g] min f %.9g at %.9g, f(0) %.9g, f(1) %.9g, eps %.3g, v.n %.3g",
		     sw_status_name(j->ra.status), j->ra.t_first, j->ra.t_last, j->ra.min_sep, j->ra.t_at_min,
		     j->ra.sep0, j->ra.sep1, j->eps, j->ra.speed_n);
	print_vec("box.center", c->a.center);
	print_vec("box.half", c->a.half);
	sw_quat q = c->a.rot;
	cr_log_error("  box.quat = (%a, %a, %a, %a)", q.x, q.y, q.z, q.w);
	print_vec("da", c->da);
	print_vec("tri.a", c->t.a);
	print_vec("tri.b", c->t.b);
	print_vec("tri.c", c->t.c);
	print_vec("dt", c->dt);
}

/* ---- populations ---- */

typedef void (*shape_fn)(sc_rng *r, pair_case *c);

/* box `index` of a set as a placed test box */
static sc_box set_box(const sw_obb3_set *set, uint32_t index, sw_vec3 *disp)
{
	sw_obb3 shape;
	sw_pose3 pose;
	cr_assert_eq(sw_obb3_set_get(set, index, &shape, &pose, disp), SW_OK);
	sc_box b = {pose.p, pose.q, shape.half};
	return b;
}

static void close_pair(sc_rng *r, const sc_tri3_params *p, sw_obb3_set *boxes, sw_tri3_set *tris, pair_case *c)
{
	sw_pair pair;
	sw_obb3_set_clear(boxes);
	sw_tri3_set_clear(tris);
	cr_assert_eq(sc_tri3_close_pairs(r, p, boxes, tris, &pair, 1), SW_OK);
	c->a = set_box(boxes, pair.a, &c->da);
	cr_assert_eq(sw_tri3_set_get(tris, pair.b, &c->t, &c->dt), SW_OK);
	c->one_sided = 0;
}

static void run_population(const char *pop, uint64_t seed_base, sc_tri3_params p, shape_fn shape)
{
	sw_obb3_set *boxes;
	sw_tri3_set *tris;
	cr_assert_eq(sw_obb3_set_create(1, &boxes), SW_OK);
	cr_assert_eq(sw_tri3_set_create(1, &tris), SW_OK);
	tally t = {0};
	for (int i = 0; i < N_PAIRS; i++) {
		uint64_t seed = seed_base + (uint64_t)i;
		sc_rng r = sc_rng_seed(seed);
		pair_case c;
		close_pair(&r, &p, boxes, tris, &c);
		if (shape)
			shape(&r, &c);
		sw_sweep_result o;
		sc_obb3_tri3_sweep(&c.a, c.da, &c.t, c.dt, c.one_sided, &o);
		judge_case(pop, seed, i, &c, &o, &t);
	}
	sw_obb3_set_destroy(boxes);
	sw_tri3_set_destroy(tris);
	judge_summary(pop, &t);
}

static void shape_sliver(sc_rng *r, pair_case *c)
{
	/* c pulled towards the line through a and b: sine of the smallest angle ~1e-3 */
	sw_vec3 ab = sw_v3_sub(c->t.b, c->t.a), ac = sw_v3_sub(c->t.c, c->t.a);
	float k = sw_v3_dot(ab, ac) / sw_v3_dot(ab, ab);
	sw_vec3 foot = sw_v3_add(c->t.a, sw_v3_scale(ab, k));
	c->t.c = sw_v3_add(foot, sw_v3_scale(sw_v3_sub(c->t.c, foot), sc_uniform(r, 1e-3f, 3e-3f)));
}

static void shape_near_parallel(sc_rng *r, pair_case *c)
{
	/* edge ab along one of the box's axes, turned by 1e-4 rad: that edge pair is skipped */
	sw_mat3 m = sc_box_axes(&c->a);
	sw_vec3 axis = m.col[sc_below(r, 3)];
	sw_vec3 other = m.col[0].x != axis.x ? m.col[0] : m.col[1];
	sw_vec3 dir = sw_v3_add(axis, sw_v3_scale(other, 1e-4f));
	float len = sw_v3_len(sw_v3_sub(c->t.b, c->t.a));
	c->t.b = sw_v3_add(c->t.a, sw_v3_scale(dir, len / sw_v3_len(dir)));
}

static void shape_fast(sc_rng *r, pair_case *c)
{
	/* the triangle runs at the box with 20 to 300 times their distance */
	sw_vec3 jitter = sw_v3(sc_uniform(r, -2, 2), sc_uniform(r, -2, 2), sc_uniform(r, -2, 2));
	sw_vec3 aim = sw_v3_add(sw_v3_sub(c->a.center, c->t.a), jitter);
	c->dt = sw_v3_add(c->da, sw_v3_scale(aim, sc_uniform(r, 20, 300)));
}

static void shape_one_sided(sc_rng *r, pair_case *c)
{
	(void)r;
	c->one_sided = 1;
}

Test(tri3_brute, random_close_pairs) { run_population("random", 11000000, sc_tri3_defaults(), NULL); }

Test(tri3_brute, axis_aligned)
{
	sc_tri3_params p = sc_tri3_defaults();
	p.box.axis_aligned = 1;
	run_population("axis_aligned", 12000000, p, NULL);
}

Test(tri3_brute, offset_1e4)
{
	sc_tri3_params p = sc_tri3_defaults();
	p.box.offset = sw_v3(1e4f, -1e4f, 1e4f);
	run_population("offset_1e4", 13000000, p, NULL);
}

Test(tri3_brute, tiny_shapes)
{
	sc_tri3_params p = sc_tri3_defaults();
	p.box.world *= 1e-3f, p.box.half_lo *= 1e-3f, p.box.half_hi *= 1e-3f, p.box.motion *= 1e-3f;
	p.edge_lo *= 1e-3f, p.edge_hi *= 1e-3f;
	run_population("tiny", 14000000, p, NULL);
}

Test(tri3_brute, thin_slivers) { run_population("sliver", 15000000, sc_tri3_defaults(), shape_sliver); }

Test(tri3_brute, near_parallel_edges)
{
	run_population("near_parallel", 16000000, sc_tri3_defaults(), shape_near_parallel);
}

Test(tri3_brute, fast_motion) { run_population("fast", 17000000, sc_tri3_defaults(), shape_fast); }

Test(tri3_brute, one_sided) { run_population("one_sided", 18000000, sc_tri3_defaults(), shape_one_sided); }

/* the oracle itself on hand-derived cases (see test_obb3_tri3_hand.c for the derivations) */
Test(tri3_brute, oracle_matches_hand_cases)
{
	sc_box a = {{0, 0, 0}, (sw_quat){0, 0, 0, 1}, {1, 1, 1}};
	sw_tri3 roof = {{-2, -2, 5}, {2, -2, 5}, {0, 2, 5}};
	oracle_tri3_problem p;
	oracle_tri3_result o;
	oracle_tri3_prepare(&a, sw_v3(0, 0, 0), &roof, sw_v3(0, 0, -8), ORACLE_CROSS2_ALL, &p);
	cr_assert_eq(oracle_tri3_solve(&p, &o), SW_HIT);
	cr_assert(fabs(o.t_first - 0.5) < 1e-12 && fabs(o.t_last - 0.75) < 1e-12, "face on: %.17g %.17g", o.t_first,
		  o.t_last);
	cr_assert(o.speed_n < 0, "the roof's front faces up: coming down is a back approach");
	sw_tri3 e = {{5, 1, 0}, {1, 5, 0}, {6, 6, 0}};
	oracle_tri3_prepare(&a, sw_v3(0, 0, 0), &e, sw_v3(-4, -4, 0), ORACLE_CROSS2_ALL, &p);
	cr_assert_eq(oracle_tri3_solve(&p, &o), SW_HIT);
	cr_assert(fabs(o.t_first - 0.5) < 1e-9 && o.t_last == 1.0, "edge-edge: %.17g %.17g", o.t_first, o.t_last);
	int id;
	oracle_tri3_sep(&p, 0.25, &id, NULL);
	cr_assert_eq(id, 10);
	sw_tri3 through = {{-3, -3, 0.5f}, {3, -3, 0.5f}, {0, 3, 0.5f}};
	oracle_tri3_prepare(&a, sw_v3(0, 0, 0), &through, sw_v3(0, 0, 4), ORACLE_CROSS2_ALL, &p);
	cr_assert_eq(oracle_tri3_solve(&p, &o), SW_STARTS_OVERLAPPED);
	cr_assert(fabs(o.t_last - 0.125) < 1e-12, "through: t_last %.17g", o.t_last);
}

/* static penetration against the oracle's static separation f(0) = max over the 13 normalised axes:
 * on overlap the depth is −f(0) and the gap along the reported normal is −depth; on a miss the gap
 * along the reported normal is the reported gap, and no more than f(0) */
Test(tri3_brute, penetration_matches_static_separation)
{
	enum { N = 10000 };
	sc_rng r = sc_rng_seed(91);
	sc_tri3_params p = sc_tri3_defaults();
	sw_obb3_set *boxes;
	sw_tri3_set *tris;
	cr_assert(sw_obb3_set_create(N, &boxes) == SW_OK && sw_tri3_set_create(N, &tris) == SW_OK);
	sw_pair *pairs = malloc(N * sizeof *pairs);
	cr_assert(sc_tri3_close_pairs(&r, &p, boxes, tris, pairs, N) == SW_OK);
	int hits = 0;
	for (int i = 0; i < N; i++) {
		sw_tri3 t;
		sw_vec3 d;
		sc_box a = set_box(boxes, pairs[i].a, &d);
		sw_tri3_set_get(tris, pairs[i].b, &t, &d);
		sw_overlap_result o;
		sw_status st = sc_obb3_tri3_overlap(&a, &t, &o);
		oracle_tri3_problem q;
		oracle_tri3_prepare(&a, sw_v3(0, 0, 0), &t, sw_v3(0, 0, 0), ORACLE_CROSS2_CONTRACT, &q);
		double f0 = oracle_tri3_sep(&q, 0, NULL, NULL);
		const double n[3] = {o.normal.x, o.normal.y, o.normal.z};
		double along = oracle_tri3_sep_along(&q, n, 0), eps = 1e-5 * (q.len_v + 4 + q.max_coord);
		if (fabs(f0) <= eps)
			continue; /* touching: either answer */
		cr_assert_eq(st, f0 > 0 ? SW_MISS : SW_HIT, "case %d: f(0) = %g, status %s", i, f0, sw_status_name(st));
		cr_assert(fabsf(sw_v3_len(o.normal) - 1) < 1e-5f, "case %d: normal not unit", i);
		if (st == SW_HIT) {
			hits++;
			cr_assert(fabs(o.depth + f0) <= eps, "case %d: depth %.9g, oracle −f(0) %.9g", i, o.depth, -f0);
			cr_assert(fabs(along + o.depth) <= eps, "case %d: gap along the normal %.9g, depth %.9g", i,
				  along, o.depth);
		} else {
			cr_assert(o.depth > 0 && o.depth <= f0 + eps, "case %d: gap %.9g, f(0) %.9g", i, o.depth, f0);
			cr_assert(fabs(along - o.depth) <= eps, "case %d: gap along the normal %.9g, reported %.9g", i,
				  along, o.depth);
		}
	}
	cr_log_info("penetration: %d overlapping pairs of %d checked", hits, N);
	cr_expect_geq(hits, N / 100, "too few overlapping pairs to test anything");
	free(pairs);
	sw_obb3_set_destroy(boxes);
	sw_tri3_set_destroy(tris);
}
