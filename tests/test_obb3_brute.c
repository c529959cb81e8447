/* tests/test_obb3_brute.c — the reference OBB–OBB sweep, static overlap and penetration against the
 * double-precision oracle (tests/common/oracle_obb3.h) on seeded random pairs: nine populations of
 * 10000 pairs each. Case i of a population uses seed (population base + i), so a failure reruns
 * alone.
 *
 * How much the library may differ, and why.
 * - Float error. The library works in float: each separation it forms along an axis L is a sum of
 *   under ten rounded products (projected centre distance, six radius terms, speed × t), each at
 *   most S·|L| with S = Σ half extents + |cB − cA| + |dB − dA|, so it is off by ~10 ulps of S·|L|.
 *   Every projection on an edge axis is taken on the axis the library computed, so once divided by
 *   |L| that is ~10 ulps of S whatever the angle between the edges. The computed axis may point
 *   ~2^-24/|L| away from the true a_i × b_j, but only by a turn about b_j, across the Minkowski face
 *   of the two edges, which is ~|L|·S wide in that direction: where that face decides (the contact
 *   point or the deepest one lies on it), the separation measured moves by ~2^-24·S, again at every
 *   angle. Far from the origin the centres also carry ulp(|centre|). So near contact, where the
 *   checks below look, the library's separation function is taken to be within
 *       eps = 2^-20 · S + 2^-21 · M
 *   of the oracle's (2^-20 = 16 float ulps; M = largest |centre coordinate|, 2^-21·M = 4 ulps of
 *   it). The oracle leaves out edge axes within 1e-9 rad of parallel; that moves f by at most their
 *   faces' width, ~1e-9·S, inside eps. Measured: no population fails even at 2^-24·S (one ulp);
 *   the band holds 0.12% of a population at most (offset 1e4, where M is large); at 2^-16 the
 *   population of nearly parallel closest edges, built with gaps down to 1e-5 of the size, would
 *   have 12% of its pairs in it.
 * Every check follows from f ± eps, f the oracle's separation function over all 15 axes:
 * - status: starts overlapped must hold when f(0) ≤ −eps and may only when f(0) ≤ eps; contact
 *   must happen when min f ≤ −eps and may only when min f ≤ eps. When "must" and "may" differ the
 *   case is in the touching band: counted, and at most 1% of a population may be;
 * - time bound: t_first ∈ [first t with f ≤ eps, first t with f ≤ −eps] and t_last ∈ [last t with
 *   f ≤ −eps, last t with f ≤ eps], widened by T_SLACK = 1e-6 for the float rounding of t itself.
 *   This is |Δt| ≤ eps / closing speed near a crossing and still right where the crossing is
 *   grazing (the window then widens by itself);
 * - normal: unit, from A to B, along its feature (a face's normal, or perpendicular to both edges
 *   within 1e-5: about the edges its direction is only as good as 2^-24/|L|), and the axis crossed
 *   at its t_first: its own separation there is within 2·eps + T_SLACK·|dB − dA| of zero. When the
 *   oracle's maximising axis at t_first is unique by more than that margin, the feature id must be
 *   it. For starts overlapped, the normal's separation at t = 0 must be within 2·eps of f(0) (least
 *   penetration), and the id must match when that axis is unique by more than 4·eps;
 * - static, on the pair at t = 0 with eps_static (eps without the motion): the overlap and
 *   penetration statuses from f(0) (the band counted separately, at most 1%); on overlap the depth
 *   is −f(0) within 2·eps_static; on a miss both report the same first separating axis and a
 *   positive gap; and the oracle's separation along the reported normal is the reported one within
 *   2·eps_static. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <swept/swept.h>

#include "edge_pairs.h"
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
	int n, miss, hit, overlapped, band, static_band, failed;
} tally;

/* what the oracle knows about one pair */
typedef struct judge {
	oracle_obb3_problem p;
	oracle_obb3_result r;
	double eps, eps_static;
} judge;

static void judge_pair(const pair_case *c, judge *j)
{
	oracle_obb3_prepare(&c->a, c->da, &c->b, c->db, &j->p);
	oracle_obb3_solve(&j->p, &j->r);
	const oracle_obb3_problem *p = &j->p;
	j->eps = 0x1p-20 * (p->sum_half + p->len_d0 + p->len_v) + 0x1p-21 * p->max_coord;
	j->eps_static = 0x1p-20 * (p->sum_half + p->len_d0) + 0x1p-21 * p->max_coord;
}

#define FAIL(...) (snprintf(why, why_len, __VA_ARGS__), -1)

static int check_normal(const judge *j, const pair_case *c, const sw_sweep_result *o, char *why, size_t why_len)
{
	double n[3] = {o->normal.x, o->normal.y, o->normal.z};
	double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), e = j->eps;
	if (!(fabs(len - 1) <= 1e-5))
		return FAIL("normal not unit: |n| = %.9g", len);
	if (o->feature >= SW_AXIS_COUNT)
		return FAIL("feature %d out of range", o->feature);
	if (!sc_obb3_feature_along(&c->a, &c->b, o->feature, o->normal, 1e-5f))
		return FAIL("the normal is not along feature %d", o->feature);
	double t = o->status == SW_HIT ? o->t_first : 0.0;
	if (oracle_obb3_dir_along(&j->p, n, t) < -e)
		return FAIL("normal points from B to A (n·(cB − cA) = %.9g)", oracle_obb3_dir_along(&j->p, n, t));
	double g = oracle_obb3_sep_along(&j->p, n, t);
	if (o->status == SW_HIT && fabs(g) > 2 * e + T_SLACK * j->p.len_v)
		return FAIL("normal's separation at t_first is %.9g, not ~0 (eps %.3g)", g, e);
	if (o->status == SW_STARTS_OVERLAPPED && fabs(g - j->r.sep0) > 2 * e)
		return FAIL("normal's separation at 0 is %.9g, least penetration is %.9g", g, j->r.sep0);
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
		     sw_status_name(j->r.status), j->r.t_first, j->r.t_last, j->r.min_sep, j->r.t_at_min, j->r.sep0,
		     j->r.sep1, j->eps);
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
		uint32_t axis = SW_FEATURE_NONE;
		sw_status ov = sc_obb3_overlap_test(&c.a, &c.b, &axis);
		sw_overlap_result pen;
		sc_obb3_overlap(&c.a, &c.b, &pen);
		judge_case(pop, seed, i, &c, &o, ov, axis, &pen, &t);
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

/* one box thin: a half extent 1e-8 … 1e-3 of the larger other one (log-uniform) */
static void make_thin(sc_rng *r, sw_vec3 *h)
{
	float e[3] = {h->x, h->y, h->z};
	uint32_t k = sc_below(r, 3);
	e[k] = expf(sc_uniform(r, logf(1e-8f), logf(1e-3f))) * fmaxf(e[(k + 1) % 3], e[(k + 2) % 3]);
	*h = sw_v3(e[0], e[1], e[2]);
}

/* a pair whose closest features are two edges 1e-7 … 1e-1 rad from parallel, 1e-5 … 1e-2 of the
 * size apart or overlapping (tests/common/edge_pairs.h); `thin` makes one box a thin slab */
static void edge_pair(sc_rng *r, pair_case *c, int thin)
{
	ep_params p;
	ep_random(r, 1e-7, 1e-1, 1e-5, 1e-2, &p);
	if (thin) {
		double *h = sc_below(r, 2) ? p.ha : p.hb;
		int k = (int)sc_below(r, 3);
		h[k] *= exp(log(1e-8) + (log(1e-3) - log(1e-8)) * sc_uniform(r, 0, 1));
	}
	double n[3];
	ep_obb3_pair(&p, &c->a, &c->b, n);
	sw_vec3 shift;
	ep_motion(r, n, c->a.half.x + c->a.half.y + c->a.half.z, &shift, &c->da, &c->db);
	c->b.center = sw_v3_add(c->b.center, shift);
}

static void shape_edge_pair(sc_rng *r, pair_case *c) { edge_pair(r, c, 0); }

static void shape_thin_slab(sc_rng *r, pair_case *c)
{
	/* half the pairs: close pairs with one or both boxes thin; half: thin edge pairs */
	if (sc_below(r, 2)) {
		edge_pair(r, c, 1);
		return;
	}
	make_thin(r, &c->a.half);
	if (sc_below(r, 2))
		make_thin(r, &c->b.half);
}

static void shape_near_parallel(sc_rng *r, pair_case *c)
{
	/* B's frame is A's turned by 1e-4 rad: three edge pairs 1e-4 rad from parallel */
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

Test(obb3_brute, nearly_parallel_closest_edges)
{
	run_population("edge_pairs", 8000000, sc_obb3_defaults(), shape_edge_pair);
}

Test(obb3_brute, thin_slabs) { run_population("thin_slabs", 9000000, sc_obb3_defaults(), shape_thin_slab); }

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
	oracle_obb3_prepare(&a, sw_v3(0, 0, 0), &b, sw_v3(-2, -2, 0), &p);
	int id;
	oracle_obb3_sep(&p, o.t_first, &id, NULL);
	cr_assert_eq(id, 13);
	b = a;
	b.center = sw_v3(2, 0, 0);
	cr_assert_eq(oracle_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(1, 0, 0), &o), SW_STARTS_OVERLAPPED);
	cr_assert(o.t_last < 1e-12, "touch then leave: t_last %.17g", o.t_last);
}

/* the static queries on 10000 close pairs at rest (no motion: eps = eps_static), judged by the
 * static rules above; at least 1% of them must overlap for the depths to be tested */
Test(obb3_brute, penetration_matches_static_separation)
{
	enum { N = 10000 };
	sc_rng r = sc_rng_seed(92);
	sc_obb3_params p = sc_obb3_defaults();
	sw_obb3_set *s;
	cr_assert(sw_obb3_set_create(2 * N, &s) == SW_OK);
	sw_pair *pairs = malloc(N * sizeof *pairs);
	cr_assert(sc_obb3_close_pairs(&r, &p, s, pairs, N) == SW_OK);
	tally t = {0};
	int hits = 0;
	for (int i = 0; i < N; i++) {
		pair_case c;
		c.a = set_box(s, pairs[i].a, &c.da);
		c.b = set_box(s, pairs[i].b, &c.db);
		c.da = c.db = sw_v3(0, 0, 0);
		sw_sweep_result o;
		sc_obb3_sweep(&c.a, c.da, &c.b, c.db, &o);
		uint32_t axis = SW_FEATURE_NONE;
		sw_status ov = sc_obb3_overlap_test(&c.a, &c.b, &axis);
		sw_overlap_result pen;
		sc_obb3_overlap(&c.a, &c.b, &pen);
		hits += pen.status == SW_HIT;
		judge_case("static", 92, i, &c, &o, ov, axis, &pen, &t);
	}
	judge_summary("static", &t);
	cr_expect_geq(hits, N / 100, "too few overlapping pairs to test anything");
	free(pairs);
	sw_obb3_set_destroy(s);
}
