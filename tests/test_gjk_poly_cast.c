/* tests/test_gjk_poly_cast.c — the polygon shape cast by moving separating axes
 * (sw_gjk2_poly2_cast_pair_ref, the gjk2_poly2_cast row's reference, GJK near contact, at t = 0 and with
 * a target separation) against hand-derived answers: faces meeting parallel, a vertex meeting a face,
 * vertices grazing (outside the band on either side, and inside it), starting overlapped, no relative
 * motion, moving apart, 1e4 offsets, tiny polygons, needles tip to tip, fast motion, a target
 * separation, bad input; and the batched row, which gives the single-pair bits. The contract is
 * sw_gjk2_cast's (swept/gjk.h): a hit's t in (0, 1], the point on A's surface at t, the normal unit
 * A → B; tolerances 1e-5 of the pair's size (doc/numerics.md, "GJK"). Which method answered shows in the
 * number of GJK support evaluations (0: the separating axes). */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include <swept/swept.h>

#include "ref/gjk_ref.h"

#define TOL 1e-5

static sw_pose2 at2(float x, float y)
{
	sw_pose2 p = {{x, y}, {1, 0}};
	return p;
}

/* the cast's answer and the number of GJK support evaluations it took (0: the axes decided) */
static uint32_t cast(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb, sw_vec2 db,
		     const sw_gjk_opts *opts, sw_cast_result *o)
{
	uint32_t it;
	cr_assert_eq(sw_poly2_check(a), SW_OK);
	cr_assert_eq(sw_poly2_check(b), SW_OK);
	sw_gjk2_poly2_cast_pair_ref(a, xa, da, b, xb, db, opts, o, &it);
	cr_expect_eq(o->feature, SW_FEATURE_NONE);
	if (o->status == SW_PAIR_INVALID)
		return it;
	cr_expect(o->point.z == 0 && o->normal.z == 0);
	if (o->status == SW_STARTS_OVERLAPPED && it == 0)
		/* overlapping by more than the band: the least penetration at t = 0 */
		cr_expect(o->t == 0 && o->depth > 0 && fabs(hypot(o->normal.x, o->normal.y) - 1) <= 1e-6,
			  "t %g depth %g normal (%g %g)", o->t, o->depth, o->normal.x, o->normal.y);
	else
		cr_expect(o->depth == 0);
	if (o->status == SW_HIT)
		cr_expect(o->t > 0 && o->t <= 1 && fabs(hypot(o->normal.x, o->normal.y) - 1) <= 1e-6,
			  "t %g normal (%g %g)", o->t, o->normal.x, o->normal.y);
	if (o->status == SW_MISS)
		cr_expect(o->t == 1 && o->normal.x == 0 && o->normal.y == 0 && o->point.x == 0 && o->point.y == 0);
	return it;
}

static const sw_vec2 still = {0, 0};

/* a needle pointing +x with its tip at the origin, half width w at x = −1 */
static sw_poly2 needle_right(float w)
{
	sw_poly2 p = {3, {{-1, -w}, {0, 0}, {-1, w}}};
	return p;
}

/* a needle pointing −x with its tip at the origin */
static sw_poly2 needle_left(float w)
{
	sw_poly2 p = {3, {{0, 0}, {1, -w}, {1, w}}};
	return p;
}

Test(poly2_cast, face_face_parallel)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_cast_result o;
	/* B's left face from x = 2 to A's right face at x = 1 closing at 2: t = 1/2, the faces overlap in
	 * y ∈ [−0.5, 1] */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &sq, at2(3, 0.5f), sw_v2(-2, 0), NULL, &o), 0);
	cr_expect_eq(o.status, SW_HIT);
	cr_expect(fabs(o.t - 0.5) <= TOL && fabs(o.normal.x - 1) <= 1e-6 && fabs(o.normal.y) <= 1e-6);
	cr_expect(fabs(o.point.x - 1) <= TOL && o.point.y >= -0.5 - TOL && o.point.y <= 1 + TOL, "point (%g %g)",
		  o.point.x, o.point.y);
	/* both moving: the point is on A where A is at t */
	cr_expect_eq(cast(&sq, at2(0, 0), sw_v2(1, 0), &sq, at2(3, 0.5f), sw_v2(-1, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.5) <= TOL && fabs(o.point.x - 1.5) <= TOL);
	/* B's face wider than A's, from above: the point on A's top face */
	sw_poly2 wide = sw_poly2_box(3, 0.5f);
	cr_expect_eq(cast(&sq, at2(0, 0), still, &wide, at2(0.5f, 2), sw_v2(0, -1), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.5) <= TOL && fabs(o.normal.y - 1) <= 1e-6);
	cr_expect(fabs(o.point.y - 1) <= TOL && fabs(o.point.x) <= 1 + TOL, "point (%g %g)", o.point.x, o.point.y);
	/* A turned a quarter: the answer in world space */
	sw_pose2 qa = {{0, 0}, {0, 1}};
	cr_expect_eq(cast(&sq, qa, still, &sq, at2(3, 0), sw_v2(-2, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.5) <= TOL && fabs(o.normal.x - 1) <= 1e-6 &&
		  fabs(o.point.x - 1) <= TOL);
}

Test(poly2_cast, vertex_face)
{
	sw_poly2 sq = sw_poly2_box(1, 1), tri = {3, {{0, 0}, {2, -1}, {2, 1}}};
	sw_cast_result o;
	/* the triangle's tip from x = 3 to A's face x = 1 at speed 3 */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &tri, at2(3, 0.2f), sw_v2(-3, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 2.0 / 3) <= TOL && fabs(o.normal.x - 1) <= 1e-6);
	cr_expect(fabs(o.point.x - 1) <= TOL && fabs(o.point.y - 0.2) <= TOL, "point (%g %g)", o.point.x, o.point.y);
	/* A's corner into B's face: an axis of B, the point is A's vertex */
	sw_pose2 q45 = {{0, 0}, {0.70710678f, 0.70710678f}};
	cr_expect_eq(cast(&sq, q45, still, &sq, at2(4, 0), sw_v2(-2, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - (3 - sqrt(2.0)) / 2) <= TOL && fabs(o.normal.x - 1) <= 1e-6);
	cr_expect(fabs(o.point.x - sqrt(2.0)) <= TOL && fabs(o.point.y) <= TOL, "point (%g %g)", o.point.x, o.point.y);
}

Test(poly2_cast, vertex_vertex_grazing)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_pose2 q45 = {{0, 0}, {0.70710678f, 0.70710678f}};
	const float r2 = 1.41421356f;
	sw_cast_result o;
	/* B's lower corner passes A's upper corner 0.1 above, 0.1 below, and exactly */
	sw_pose2 above = {{-3, 2 * r2 + 0.1f}, q45.q}, below = {{-3, 2 * r2 - 0.1f}, q45.q}, on = {{-3, 2 * r2}, q45.q};
	cr_expect_eq(cast(&sq, q45, still, &sq, above, sw_v2(6, 0), NULL, &o), 0);
	cr_expect_eq(o.status, SW_MISS);
	cr_expect_eq(cast(&sq, q45, still, &sq, below, sw_v2(6, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && o.t > 0.3 && o.t < 0.5, "t %g", o.t);
	/* touching at one instant: inside the band, GJK answers */
	cr_expect_gt(cast(&sq, q45, still, &sq, on, sw_v2(6, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT || o.status == SW_MISS);
	if (o.status == SW_HIT)
		cr_expect(fabs(o.t - 0.5) <= 1e-3, "t %g", o.t);
}

Test(poly2_cast, starts_overlapped_still_and_apart)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_cast_result o;
	/* overlapping at t = 0 by more than the band: the separating axes' least penetration, t 0, depth 0.5
	 * along A's right face, the point on that face (B's first deepest vertex moved onto it) */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &sq, at2(1.5f, 0), sw_v2(1, 0), NULL, &o), 0);
	cr_expect(o.status == SW_STARTS_OVERLAPPED && o.t == 0);
	cr_expect(fabs(o.depth - 0.5) <= 1e-6 && o.normal.x == 1 && o.normal.y == 0, "depth %g normal (%g %g)", o.depth,
		  o.normal.x, o.normal.y);
	cr_expect(o.point.x == 1 && o.point.y >= -1 && o.point.y <= 1, "point (%g %g)", o.point.x, o.point.y);
	/* just past the band (overlap 1e-3, the band 1e-5 × about 4): still the axes */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &sq, at2(2 - 1e-3f, 0), sw_v2(-1, 0), NULL, &o), 0);
	cr_expect(o.status == SW_STARTS_OVERLAPPED && fabs(o.depth - 1e-3) <= 1e-6, "depth %g", o.depth);
	/* touching at t = 0: the band, GJK */
	cr_expect_gt(cast(&sq, at2(0, 0), still, &sq, at2(2, 0), sw_v2(-1, 0), NULL, &o), 0);
	cr_expect_eq(o.status, SW_STARTS_OVERLAPPED);
	/* no relative motion, apart */
	cr_expect_eq(cast(&sq, at2(0, 0), sw_v2(1, 1), &sq, at2(3, 0), sw_v2(1, 1), NULL, &o), 0);
	cr_expect_eq(o.status, SW_MISS);
	/* moving apart */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &sq, at2(3, 0), sw_v2(2, 0), NULL, &o), 0);
	cr_expect_eq(o.status, SW_MISS);
	/* reaching A only after t = 1 */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &sq, at2(3, 0), sw_v2(-0.9f, 0), NULL, &o), 0);
	cr_expect_eq(o.status, SW_MISS);
	/* reaching A at t = 1 exactly: the band */
	cr_expect_gt(cast(&sq, at2(0, 0), still, &sq, at2(3, 0), sw_v2(-1, 0), NULL, &o), 0);
	cr_expect(o.status == SW_MISS || (o.status == SW_HIT && fabs(o.t - 1) <= 1e-4));
}

/* overlapping at t = 0 outside the band, whatever the motion: GJK's status, t 0, and the least penetration;
 * still pairs give the distance row's (sw_gjk2_poly2_distance_pair_ref) depth, normal and point_a bits */
Test(poly2_cast, starts_overlapped_by_least_penetration)
{
	const sw_poly2 sq = sw_poly2_box(1, 1), big = sw_poly2_box(2, 2), small = sw_poly2_box(0.5f, 0.5f);
	const sw_poly2 tri = {3, {{0, 0}, {2, -1}, {2, 1}}};
	const struct {
		const sw_poly2 *a, *b;
		sw_pose2 pa, pb;
		float depth, nx, ny;
	} cs[] = {
		/* deep, parallel faces; just past the band; B inside A; A inside B; identical; a tip in a face */
		{&sq, &sq, at2(0, 0), at2(1.5f, -1.25f), 0.5f, 1, 0},
		{&sq, &sq, at2(0, 0), at2(2 - 1e-3f, 0.25f), 1e-3f, 1, 0},
		{&big, &small, at2(0, 0), at2(0.5f, 0), 2, 1, 0},
		{&small, &big, at2(0.5f, 0), at2(0, 0), 2, -1, 0},
		{&sq, &sq, at2(0, 0), at2(0, 0), 2, 0, -1},
		{&sq, &tri, at2(0, 0), at2(0.5f, 0.1f), 0.5f, 1, 0},
	};
	const sw_vec2 motions[] = {{0, 0}, {1, 0}, {-3, 2}};
	for (unsigned k = 0; k < sizeof cs / sizeof cs[0]; k++)
		for (unsigned m = 0; m < 3; m++) {
			sw_cast_result o, g;
			sw_vec2 va[SW_POLY2_MAX_VERTS], vb[SW_POLY2_MAX_VERTS];
			memcpy(va, cs[k].a->v, sizeof(sw_vec2) * cs[k].a->count);
			memcpy(vb, cs[k].b->v, sizeof(sw_vec2) * cs[k].b->count);
			sw_shape2 ga = sw_shape2_verts(va, cs[k].a->count, 0),
				  gb = sw_shape2_verts(vb, cs[k].b->count, 0);
			cr_expect_eq(cast(cs[k].a, cs[k].pa, still, cs[k].b, cs[k].pb, motions[m], NULL, &o), 0,
				     "case %u motion %u: the axes answer", k, m);
			cr_assert_eq(sw_gjk2_cast(&ga, cs[k].pa, still, &gb, cs[k].pb, motions[m], NULL, &g), SW_OK);
			cr_expect(o.status == SW_STARTS_OVERLAPPED && g.status == o.status && o.t == 0 && g.t == 0,
				  "case %u motion %u", k, m);
			cr_expect(fabs(o.depth - cs[k].depth) <= 1e-6 && o.normal.x == cs[k].nx &&
					  o.normal.y == cs[k].ny,
				  "case %u motion %u: depth %g normal (%g %g)", k, m, o.depth, o.normal.x, o.normal.y);
			if (m)
				continue;
			sw_distance_result d;
			uint32_t it;
			sw_gjk2_poly2_distance_pair_ref(cs[k].a, cs[k].pa, cs[k].b, cs[k].pb, NULL, &d, &it);
			const float nd = -d.distance;
			cr_expect(memcmp(&nd, &o.depth, sizeof nd) == 0 &&
					  memcmp(&d.normal, &o.normal, sizeof o.normal) == 0 &&
					  memcmp(&d.point_a, &o.point, sizeof o.point) == 0,
				  "case %u: the distance row's bits", k);
		}
}

Test(poly2_cast, offsets_tiny_needles_fast)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_cast_result o;
	/* 1e4 from the origin (an ulp there is 1e-3) */
	cr_expect_eq(cast(&sq, at2(1e4f, -1e4f), still, &sq, at2(1e4f + 3, -1e4f + 0.5f), sw_v2(-2, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.5) <= 2e-3 && fabs(o.point.x - (1e4 + 1)) <= 2e-3);
	/* a millionth of the size: the same answer */
	sw_poly2 tiny = sw_poly2_box(1e-6f, 1e-6f);
	cr_expect_eq(cast(&tiny, at2(0, 0), still, &tiny, at2(3e-6f, 0.5e-6f), sw_v2(-2e-6f, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.5) <= TOL && fabs(o.point.x - 1e-6) <= 1e-11);
	/* needles tip to tip, 0.01 apart, closing at 0.02 */
	sw_poly2 nr = needle_right(1e-3f), nl = needle_left(1e-3f);
	cast(&nr, at2(0, 0), still, &nl, at2(0.01f, 0), sw_v2(-0.02f, 0), NULL, &o);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.5) <= 1e-3, "status %d t %g", o.status, o.t);
	/* a needle's tip into a face */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &nl, at2(2, 0.3f), sw_v2(-2, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.5) <= TOL && fabs(o.point.y - 0.3) <= TOL);
	/* fast: 100 away, crossing A within the step */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &sq, at2(100, 0), sw_v2(-200, 0), NULL, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.49) <= 1e-5 * 200);
	/* fast and passing beside A */
	cr_expect_eq(cast(&sq, at2(0, 0), still, &sq, at2(100, 2.5f), sw_v2(-200, 0), NULL, &o), 0);
	cr_expect_eq(o.status, SW_MISS);
}

Test(poly2_cast, target_goes_to_gjk)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_gjk_opts opts = {0, 0.1f};
	sw_cast_result o;
	cr_expect_gt(cast(&sq, at2(0, 0), still, &sq, at2(3, 0), sw_v2(-2, 0), &opts, &o), 0);
	cr_expect(o.status == SW_HIT && fabs(o.t - 0.45) <= 1e-4, "t %g", o.t);
}

Test(poly2_cast, bad_input)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_cast_result o;
	sw_pose2 bad = {{0, 0}, {2, 0}}, far = {{NAN, 0}, {1, 0}};
	cast(&sq, bad, still, &sq, at2(3, 0), sw_v2(-2, 0), NULL, &o);
	cr_expect(o.status == SW_PAIR_INVALID && isnan(o.t));
	cast(&sq, at2(0, 0), still, &sq, far, sw_v2(-2, 0), NULL, &o);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	cast(&sq, at2(0, 0), sw_v2(NAN, 0), &sq, at2(3, 0), sw_v2(-2, 0), NULL, &o);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	cast(&sq, at2(0, 0), still, &sq, at2(3, 0), sw_v2(-INFINITY, 0), NULL, &o);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
	cast(&sq, at2(0, 0), still, &sq, at2(3, 0), sw_v2(-1e30f, 0), NULL, &o);
	cr_expect_eq(o.status, SW_PAIR_INVALID);
}

/* the batched row on a mix of the cases above, with and without a target: the single-pair answers, bit
 * for bit */
Test(poly2_cast, batch_row)
{
	enum { NP = 7 };
	const sw_poly2 polys[NP] = {sw_poly2_box(1, 1),
				    {3, {{0, 0}, {2, -1}, {2, 1}}},
				    needle_right(1e-3f),
				    needle_left(1e-3f),
				    sw_poly2_segment(sw_v2(-1, 0), sw_v2(1, 0)),
				    sw_poly2_box(0.25f, 0.5f),
				    sw_poly2_box(1, 1)};
	const sw_pose2 poses[NP] = {{{0, 0}, {1, 0}},
				    {{3, 0.2f}, {1, 0}},
				    {{0, 0}, {1, 0}},
				    {{1e-2f, 0}, {1, 0}},
				    {{3, 0}, {0.6f, 0.8f}},
				    {{1e4f, -1e4f}, {0, 1}},
				    {{1.5f, 0}, {0.70710678f, 0.70710678f}}};
	const sw_vec2 disp[NP] = {{0, 0}, {-3, 0}, {0, 0}, {-2e-2f, 0}, {-2, 1}, {-1e4f, 1e4f}, {0.5f, 0}};
	sw_poly2_set *ps;
	cr_assert_eq(sw_poly2_set_create(8, &ps), SW_OK);
	for (uint32_t k = 0; k < NP; k++) {
		uint32_t id;
		cr_assert_eq(sw_poly2_set_add_shape(ps, &polys[k], &id), SW_OK);
		cr_assert_eq(sw_poly2_set_add(ps, id, poses[k], disp[k], NULL), SW_OK);
	}
	enum { N = NP * NP };
	sw_pair pairs[N];
	for (uint32_t k = 0; k < N; k++)
		pairs[k] = (sw_pair){k % NP, k / NP};
	for (int tg = 0; tg < 2; tg++) {
		const sw_gjk_opts opts = {0, tg ? 0.05f : 0.0f};
		uint8_t st[N];
		uint32_t feat[N];
		float c[8][N];
		sw_cast_results out = {st, feat, c[0], c[1], c[2], c[3], NULL, c[4], c[5], NULL, c[6], c[7], NULL};
		cr_assert_eq(sw_gjk2_poly2_cast_batch(ps, ps, pairs, N, &opts, NULL, &out), SW_OK);
		for (uint32_t k = 0; k < N; k++) {
			sw_cast_result o;
			uint32_t it, a = pairs[k].a, b = pairs[k].b;
			sw_gjk2_poly2_cast_pair_ref(&polys[a], poses[a], disp[a], &polys[b], poses[b], disp[b], &opts,
						    &o, &it);
			cr_expect_eq(st[k], o.status, "pair %u", k);
			cr_expect_eq(feat[k], o.feature, "pair %u", k);
			const float want[8] = {o.t,        o.depth,    o.point.x, o.point.y,
					       o.normal.x, o.normal.y, o.slide.x, o.slide.y};
			float got[8];
			for (int r = 0; r < 8; r++)
				got[r] = c[r][k];
			cr_expect(memcmp(want, got, sizeof want) == 0, "pair %u (target %d): bits differ", k, tg);
		}
	}
	sw_poly2_set_destroy(ps);
}
