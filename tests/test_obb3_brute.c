/* tests/test_obb3_brute.c — the reference OBB–OBB sweep against the double-precision oracle
 * (tests/common/oracle_obb3.h) on seeded random pairs: seven populations of 10000 pairs each.
 * Case i of a population uses seed (population base + i), so a failure reruns alone.
 *
 * How much the library may differ, and why.
 * - Float error. The library works in float: each separation it forms along an axis is a sum
 *   of under ten rounded products (projected centre distance, six radius terms, speed × t), each
 *   at most S = Σ half extents + |cB − cA| + |dB − dA|, so it is off by at most ~10 ulps of S;
 *   an edge axis built from a cross product of length s (≥ 1e-3 by contract) amplifies that by
 *   1/s. Far from the origin the centres also carry ulp(|centre|). So the library's separation
 *   function is taken to be within
 *       eps = 2^-20 · S / s_min + 2^-21 · M
 *   of the oracle's (2^-20 = 16 float ulps; s_min = shortest edge cross product the library may
 *   keep, capped at 1; M = largest |centre coordinate|, 2^-21·M = 4 ulps of it). Measured: the
 *   band holds 0.3% of the pairs at most (fast motion, where S is large); at 2^-16 that
 *   population would exceed 1%.
 * - Contract. Edge axes with |a_i × b_j|² < 1e-6 never separate in the library. The oracle is
 *   run twice: with exactly the contract's axes (f_c) and with every non-degenerate axis (f_a,
 *   the true geometry), f_c ≤ f_a. Whatever the library computes lies between
 *       f_lo = f_c − eps   and   f_hi = f_a + eps.
 * Every check follows from that sandwich:
 * - status: starts overlapped must hold when f_hi(0) ≤ 0 and may only when f_lo(0) ≤ 0; contact
 *   must happen when min f_hi ≤ 0 and may only when min f_lo ≤ 0. When "must" and "may" differ
 *   the case is in the touching band: counted, and at most 1% of a population may be;
 * - time bound: t_first ∈ [first t with f_lo ≤ 0, first t with f_hi ≤ 0] and
 *   t_last ∈ [last t with f_hi ≤ 0, last t with f_lo ≤ 0], widened by T_SLACK = 1e-6 for the
 *   float rounding of t itself. This is |Δt| ≤ eps / closing speed near a crossing and still
 *   right where the crossing is grazing (the window then widens by itself);
 * - normal: unit, from A to B, and the library's axis must be the one crossed at its t_first:
 *   its own separation there is within 2·eps + T_SLACK·|dB − dA| of zero. When the oracle's
 *   maximising axis at t_first is unique by more than that margin, the feature id must be it.
 *   For starts overlapped, the normal's separation at t = 0 must be within 2·eps of f(0) (least
 *   penetration), and the id must match when that axis is unique by more than 4·eps. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <swept/swept.h>

#include "judge_sweep.h"
#include "oracle_obb3.h"
#include "scenes.h"

#define N_PAIRS 10000
#define T_SLACK JUDGE_T_SLACK
#define MAX_REPORTS 8

/* one generated pair */
typedef struct pair_case {
	sc_box a, b;
	sw_vec3 da, db;
} pair_case;

/* counts of one population */
typedef struct tally {
	int n, miss, hit, overlapped, band, contract, failed;
} tally;

/* what the oracle knows about one pair */
typedef struct judge {
	oracle_obb3_problem pc, pa; /* contract axes, all axes */
	oracle_obb3_result rc, ra;
	double eps;
} judge;

static double band_eps(const oracle_obb3_problem *p)
{
	double s_min = 1.0;
	for (int id = 6; id < 15; id++)
		if (p->cross_len[id] >= 5e-4 && p->cross_len[id] < s_min)
			s_min = p->cross_len[id];
	double s = p->sum_half + p->len_d0 + p->len_v;
	return 0x1p-20 * s / s_min + 0x1p-21 * p->max_coord;
}

static void judge_pair(const pair_case *c, judge *j)
{
	oracle_obb3_prepare(&c->a, c->da, &c->b, c->db, ORACLE_CROSS2_CONTRACT, &j->pc);
	oracle_obb3_prepare(&c->a, c->da, &c->b, c->db, ORACLE_CROSS2_ALL, &j->pa);
	oracle_obb3_solve(&j->pc, &j->rc);
	oracle_obb3_solve(&j->pa, &j->ra);
	j->eps = band_eps(&j->pa);
}

#define FAIL(...) (snprintf(why, why_len, __VA_ARGS__), -1)

static int check_normal(const judge *j, const pair_case *c, const sw_sweep_result *o, char *why, size_t why_len)
{
	double n[3] = {o->normal.x, o->normal.y, o->normal.z};
	double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), e = j->eps;
	if (!(fabs(len - 1) <= 1e-5))
		return FAIL("normal not unit: |n| = %.9g", len);
	if (o->feature >= SW_AXIS_COUNT)
		return FAIL("feature %u out of range", o->feature);
	sw_vec3 ax = sc_obb3_feature_axis(&c->a, &c->b, o->feature);
	if (!(fabsf(sw_v3_dot(ax, o->normal)) >= 1 - 1e-5f))
		return FAIL("feature %u is not parallel to the normal", o->feature);
	double t = o->status == SW_HIT ? o->t_first : 0.0;
	if (oracle_obb3_dir_along(&j->pa, n, t) < -e)
		return FAIL("normal points from B to A (n·(cB − cA) = %.9g)", oracle_obb3_dir_along(&j->pa, n, t));
	double g = oracle_obb3_sep_along(&j->pa, n, t);
	if (o->status == SW_HIT && fabs(g) > 2 * e + T_SLACK * j->pa.len_v)
		return FAIL("normal's separation at t_first is %.9g, not ~0 (eps %.3g)", g, e);
	if (o->status == SW_STARTS_OVERLAPPED && (g < j->rc.sep0 - 2 * e || g > j->ra.sep0 + 2 * e))
		return FAIL("normal's separation at 0 is %.9g, least penetration is %.9g", g, j->rc.sep0);
	return 0;
}

#undef FAIL

#define JUDGE_ORACLE(f) oracle_obb3_##f
#define JUDGE_AXES 15
#define JUDGE_FRONT(j) 0
#include "judge_sweep_tmpl.h"

static void print_vec(const char *name, sw_vec3 v)
{
	cr_log_error("  %s = (%a, %a, %a) = (%.9g, %.9g, %.9g)", name, v.x, v.y, v.z, v.x, v.y, v.z);
}

static void report(const char *pop, uint64_t seed, int i, const pair_case *c, const sw_sweep_result *o, const judge *j,
		   const char *why)
{
	cr_log_error("%s case %d (seed %llu): %s", pop, i, (unsigned long long)seed, why);
	cr_log_error("  library: %s t = [%.9g, %.9g] n = (%.9g, %.9g, %.9g) feature %u", sw_status_name(o->status),
		     o->t_first, o->t_last, o->normal.x, o->normal.y, o->normal.z, o->feature);
	cr_log_error("  oracle:  %s t = [%.9g, %.9g] min f %.9g at %.9g, f(0) %.9g, f(1) %.9g, eps %.3g",
		     sw_status_name(j->ra.status), j->ra.t_first, j->ra.t_last, j->ra.min_sep, j->ra.t_at_min,
		     j->ra.sep0, j->ra.sep1, j->eps);
	const sc_box *bx[2] = {&c->a, &c->b};
	const char *nm[2][4] = {{"a.center", "a.half", "da", "a.quat"}, {"b.center", "b.half", "db", "b.quat"}};
	for (int k = 0; k < 2; k++) {
		print_vec(nm[k][0], bx[k]->center);
		print_vec(nm[k][1], bx[k]->half);
		print_vec(nm[k][2], k ? c->db : c->da);
		sw_quat q = bx[k]->rot;
		cr_log_error("  %s = (%a, %a, %a, %a) = (%.9g, %.9g, %.9g, %.9g)", nm[k][3], q.x, q.y, q.z, q.w, q.x,
			     q.y, q.z, q.w);
	}
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

/* a close pair from the project's generator (through a one-pair set) */
static void close_pair(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, pair_case *c)
{
	sw_pair pair;
	sw_obb3_set_clear(set);
	cr_assert_eq(sc_obb3_close_pairs(r, p, set, &pair, 1), SW_OK);
	c->a = set_box(set, pair.a, &c->da);
	c->b = set_box(set, pair.b, &c->db);
}

static void run_population(const char *pop, uint64_t seed_base, sc_obb3_params p, shape_fn shape)
{
	sw_obb3_set *set;
	cr_assert_eq(sw_obb3_set_create(2, &set), SW_OK);
	tally t = {0};
	for (int i = 0; i < N_PAIRS; i++) {
		uint64_t seed = seed_base + (uint64_t)i;
		sc_rng r = sc_rng_seed(seed);
		pair_case c;
		close_pair(&r, &p, set, &c);
		if (shape)
			shape(&r, &c);
		sw_sweep_result o;
		sc_obb3_sweep(&c.a, c.da, &c.b, c.db, &o);
		judge_case(pop, seed, i, &c, &o, &t);
	}
	sw_obb3_set_destroy(set);
	judge_summary(pop, &t);
}

static void shape_sliver(sc_rng *r, pair_case *c)
{
	/* one half extent of each box is 1e-3 of the larger other one: plates and sticks */
	sw_vec3 *h[2] = {&c->a.half, &c->b.half};
	for (int k = 0; k < 2; k++) {
		float e[3] = {h[k]->x, h[k]->y, h[k]->z};
		uint32_t thin = sc_below(r, 3);
		e[thin] = 1e-3f * fmaxf(e[(thin + 1) % 3], e[(thin + 2) % 3]);
		*h[k] = sw_v3(e[0], e[1], e[2]);
	}
}

static void shape_near_parallel(sc_rng *r, pair_case *c)
{
	/* B's frame is A's turned by 1e-4 rad: three edge pairs are ignored by contract */
	sw_vec3 axis = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
	if (sw_v3_len(axis) < 1e-3f)
		axis = sw_v3(0, 0, 1);
	/* B = A·turn: turned 1e-4 rad about an axis given in A's frame */
	c->b.rot = sw_quat_mul(c->a.rot, sw_quat_from_axis_angle(axis, 1e-4f));
}

static void shape_fast(sc_rng *r, pair_case *c)
{
	/* B runs at A's centre (give or take 2 per axis) with 20 to 300 times their distance */
	sw_vec3 jitter = sw_v3(sc_uniform(r, -2, 2), sc_uniform(r, -2, 2), sc_uniform(r, -2, 2));
	sw_vec3 aim = sw_v3_add(sw_v3_sub(c->a.center, c->b.center), jitter);
	c->db = sw_v3_add(c->da, sw_v3_scale(aim, sc_uniform(r, 20, 300)));
}

Test(obb3_brute, random_close_pairs) { run_population("random", 1000000, sc_obb3_defaults(), NULL); }

Test(obb3_brute, axis_aligned)
{
	sc_obb3_params p = sc_obb3_defaults();
	p.axis_aligned = 1;
	run_population("axis_aligned", 2000000, p, NULL);
}

Test(obb3_brute, offset_1e4)
{
	sc_obb3_params p = sc_obb3_defaults();
	p.offset = sw_v3(1e4f, -1e4f, 1e4f);
	run_population("offset_1e4", 3000000, p, NULL);
}

Test(obb3_brute, tiny_boxes)
{
	sc_obb3_params p = sc_obb3_defaults();
	p.world *= 1e-3f, p.half_lo *= 1e-3f, p.half_hi *= 1e-3f, p.motion *= 1e-3f;
	run_population("tiny", 4000000, p, NULL);
}

Test(obb3_brute, thin_slivers) { run_population("sliver", 5000000, sc_obb3_defaults(), shape_sliver); }

Test(obb3_brute, near_parallel_edges)
{
	run_population("near_parallel", 6000000, sc_obb3_defaults(), shape_near_parallel);
}

Test(obb3_brute, fast_motion) { run_population("fast", 7000000, sc_obb3_defaults(), shape_fast); }

/* the oracle itself on three hand-derived cases (see test_obb3_hand.c for the derivations) */
Test(obb3_brute, oracle_matches_hand_cases)
{
	const float r2 = 0.70710678f;
	sc_box a = {{0, 0, 0}, (sw_quat){0, 0, 0, 1}, {1, 1, 1}}, b = a;
	oracle_obb3_result o;
	b.center = sw_v3(5, 0, 0);
	cr_assert_eq(oracle_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(-4, 0, 0), &o), SW_HIT);
	cr_assert(fabs(o.t_first - 0.75) < 1e-12 && o.t_last == 1.0, "face on: %.17g %.17g", o.t_first, o.t_last);
	b.center = sw_v3(4, 0, 0);
	oracle_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(-8, 0, 0), &o);
	cr_assert(fabs(o.t_first - 0.25) < 1e-12 && fabs(o.t_last - 0.75) < 1e-12, "through: %.17g %.17g", o.t_first,
		  o.t_last);
	b.center = sw_v3(3, 3, 0);
	sw_mat3 m = {{sw_v3(0.5f, 0.5f, r2), sw_v3(-r2, r2, 0), sw_v3(-0.5f, -0.5f, r2)}};
	b.rot = sw_quat_from_mat3(&m);
	cr_assert_eq(oracle_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(-2, -2, 0), &o), SW_HIT);
	cr_assert(fabs(o.t_first - 0.5) < 1e-6, "edge on: %.17g", o.t_first);
	oracle_obb3_problem p;
	oracle_obb3_prepare(&a, sw_v3(0, 0, 0), &b, sw_v3(-2, -2, 0), ORACLE_CROSS2_ALL, &p);
	int id;
	oracle_obb3_sep(&p, o.t_first, &id, NULL);
	cr_assert_eq(id, 13);
	b = a;
	b.center = sw_v3(2, 0, 0);
	cr_assert_eq(oracle_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(1, 0, 0), &o), SW_STARTS_OVERLAPPED);
	cr_assert(o.t_last < 1e-12, "touch then leave: t_last %.17g", o.t_last);
}

/* static penetration against the oracle's static separation f(0) (max over the 15 normalised axes):
 * on overlap the depth is −f(0) and the gap along the reported normal is −depth; on a miss the gap
 * along the reported normal is the reported gap, and no more than f(0) */
Test(obb3_brute, penetration_matches_static_separation)
{
	enum { N = 10000 };
	sc_rng r = sc_rng_seed(92);
	sc_obb3_params p = sc_obb3_defaults();
	sw_obb3_set *s;
	cr_assert(sw_obb3_set_create(2 * N, &s) == SW_OK);
	sw_pair *pairs = malloc(N * sizeof *pairs);
	cr_assert(sc_obb3_close_pairs(&r, &p, s, pairs, N) == SW_OK);
	int hits = 0;
	for (int i = 0; i < N; i++) {
		sw_vec3 d;
		sc_box a = set_box(s, pairs[i].a, &d), b = set_box(s, pairs[i].b, &d);
		sw_overlap_result o;
		sw_status st = sc_obb3_overlap(&a, &b, &o);
		oracle_obb3_problem q;
		oracle_obb3_prepare(&a, sw_v3(0, 0, 0), &b, sw_v3(0, 0, 0), ORACLE_CROSS2_CONTRACT, &q);
		double f0 = oracle_obb3_sep(&q, 0, NULL, NULL);
		const double n[3] = {o.normal.x, o.normal.y, o.normal.z};
		double along = oracle_obb3_sep_along(&q, n, 0), eps = 1e-5 * (q.len_d0 + 4 + q.max_coord);
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
	sw_obb3_set_destroy(s);
}
