/* tests/test_gjk_poly_overlap.c — the polygon overlap by separating axes (sw_gjk2_poly2_overlap_pair_ref,
 * the gjk2_poly2_overlap row's reference, GJK near contact) against hand-derived answers: touching edges,
 * a vertex touching an edge, apart by a hair (inside and outside the band), nested, identical, 1e4
 * offsets, needles tip to tip (the edge normals separate them by only distance × tip angle, GJK decides),
 * crossed needles, segments (collinear ones have no separating edge normal), turned placements; and the
 * batched row, which gives the single-pair bits. The contract is sw_gjk2_overlap's (swept/gjk.h): HIT
 * with depth 0 and normal zero, MISS with a unit normal A → B and the gap it proves; tolerances 1e-5 of
 * the pair's size (doc/numerics.md, "GJK"). */
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

static sw_status ov(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, sw_overlap_result *o)
{
	uint32_t it;
	cr_assert_eq(sw_poly2_check(a), SW_OK);
	cr_assert_eq(sw_poly2_check(b), SW_OK);
	sw_gjk2_poly2_overlap_pair_ref(a, xa, b, xb, NULL, o, &it);
	cr_expect_eq(o->feature, SW_FEATURE_NONE);
	cr_expect(o->normal.z == 0 || o->status == SW_PAIR_INVALID);
	if (o->status == SW_HIT)
		cr_expect(o->depth == 0 && o->normal.x == 0 && o->normal.y == 0);
	if (o->status == SW_MISS)
		cr_expect(fabs(hypot(o->normal.x, o->normal.y) - 1) <= 1e-6 && o->depth >= 0, "normal (%g %g) depth %g",
			  o->normal.x, o->normal.y, o->depth);
	return o->status;
}

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

Test(poly2_axes, touching_and_apart)
{
	sw_poly2 sq = sw_poly2_box(1, 1), tri = {3, {{0, 0}, {2, -1}, {2, 1}}};
	sw_overlap_result o;
	/* edges on x = 1 from both sides */
	cr_expect_eq(ov(&sq, at2(0, 0), &sq, at2(2, 0), &o), SW_HIT);
	cr_expect_eq(ov(&sq, at2(0, 0), &sq, at2(2, 0.5f), &o), SW_HIT);
	/* the triangle's vertex (0, 0) at (1, 0): on the square's right edge */
	cr_expect_eq(ov(&sq, at2(0, 0), &tri, at2(1, 0), &o), SW_HIT);
	/* apart by 1e-3 and 1e-4 (outside the band): the right edge's normal, the gap along it */
	cr_expect_eq(ov(&sq, at2(0, 0), &tri, at2(1.001f, 0), &o), SW_MISS);
	cr_expect(fabs(o.normal.x - 1) <= 1e-6 && fabs(o.normal.y) <= 1e-6);
	cr_expect(fabs(o.depth - 1e-3) <= TOL * 4, "gap %g", o.depth);
	cr_expect_eq(ov(&sq, at2(0, 0), &tri, at2(1.0001f, 0), &o), SW_MISS);
	cr_expect(fabs(o.depth - 1e-4) <= TOL * 4, "gap %g", o.depth);
	/* apart by one ulp of 1, inside the band: answered by GJK (sw_gjk2_overlap), bit for bit */
	{
		sw_vec2 va[4], vb[3];
		memcpy(va, sq.v, sizeof va), memcpy(vb, tri.v, sizeof vb);
		sw_shape2 ga = sw_shape2_verts(va, 4, 0), gb = sw_shape2_verts(vb, 3, 0);
		sw_overlap_result g;
		cr_assert_eq(sw_gjk2_overlap(&ga, at2(0, 0), &gb, at2(1 + 1.2e-7f, 0), NULL, &g), SW_OK);
		ov(&sq, at2(0, 0), &tri, at2(1 + 1.2e-7f, 0), &o);
		cr_expect(memcmp(&g, &o, sizeof g) == 0);
	}
	/* B on the left: the normal A → B is −x (B's edge normal, turned) */
	cr_expect_eq(ov(&sq, at2(0, 0), &sq, at2(-2.5f, 0.25f), &o), SW_MISS);
	cr_expect(fabs(o.normal.x + 1) <= 1e-6 && fabs(o.normal.y) <= 1e-6);
	cr_expect(fabs(o.depth - 0.5) <= TOL * 4);
	/* overlapping by 1e-3 */
	cr_expect_eq(ov(&sq, at2(0, 0), &tri, at2(0.999f, 0), &o), SW_HIT);
}

Test(poly2_axes, nested_identical_offsets)
{
	sw_poly2 big = sw_poly2_box(2, 2), small = sw_poly2_box(0.25f, 0.5f), hex;
	sw_vec2 pts[6];
	for (int k = 0; k < 6; k++)
		pts[k] = sw_v2(cosf(1.0471976f * (float)k), sinf(1.0471976f * (float)k));
	cr_assert_eq(sw_poly2_build(pts, 6, &hex), SW_OK);
	sw_overlap_result o;
	cr_expect_eq(ov(&big, at2(0, 0), &small, at2(0.5f, -1), &o), SW_HIT);
	cr_expect_eq(ov(&small, at2(0.5f, -1), &big, at2(0, 0), &o), SW_HIT);
	cr_expect_eq(ov(&hex, at2(3, 4), &hex, at2(3, 4), &o), SW_HIT);
	sw_pose2 turned = {{3, 4}, {0.6f, 0.8f}};
	cr_expect_eq(ov(&hex, turned, &hex, turned, &o), SW_HIT);
	/* 1e4 from the origin: apart by 0.5 along y, touching, overlapping */
	cr_expect_eq(ov(&small, at2(1e4f, -1e4f), &small, at2(1e4f, -1e4f + 1.5f), &o), SW_MISS);
	cr_expect(fabs(o.normal.y - 1) <= 1e-6 && fabs(o.depth - 0.5) <= 2e-3, "gap %g", o.depth);
	cr_expect_eq(ov(&small, at2(1e4f, -1e4f), &small, at2(1e4f, -1e4f + 1.0f), &o), SW_HIT);
	cr_expect_eq(ov(&small, at2(1e4f, -1e4f), &small, at2(1e4f + 0.3f, -1e4f + 0.9f), &o), SW_HIT);
}

Test(poly2_axes, needles_tip_to_tip)
{
	/* half width 1e-4: apart by D = 1e-3 along x, every edge normal separates by only about 1e-4·D,
	 * within the band, so GJK answers: apart along +x by D */
	sw_poly2 r = needle_right(1e-4f), l = needle_left(1e-4f);
	sw_overlap_result o;
	cr_expect_eq(ov(&r, at2(0, 0), &l, at2(1e-3f, 0), &o), SW_MISS);
	cr_expect(o.normal.x > 0.99f, "normal (%g %g)", o.normal.x, o.normal.y);
	cr_expect(o.depth > 0 && o.depth <= 1e-3 + TOL, "gap %g", o.depth);
	cr_expect_eq(ov(&r, at2(0, 0), &l, at2(0.1f, 0), &o), SW_MISS);
	cr_expect_eq(ov(&r, at2(0, 0), &l, at2(0, 0), &o), SW_HIT);          /* tips touch */
	cr_expect_eq(ov(&r, at2(0, 0), &l, at2(-1e-3f, 0), &o), SW_HIT);     /* tips overlap */
	cr_expect_eq(ov(&r, at2(0, 0), &l, at2(1e-3f, 5e-3f), &o), SW_MISS); /* beside */
	/* crossed needles, an X: overlap in the middle */
	sw_pose2 up = {{-0.5f, 0.5f}, {0, 1}}; /* upright, x = −0.5, y from −0.5 to its tip at 0.5 */
	cr_expect_eq(ov(&r, at2(0, 0), &r, up, &o), SW_HIT);
	/* the upright one 2e-3 right of A's tip at (−0.5, 0), 5e-5 wide there: apart */
	up.p.x = -0.5f + 2e-3f;
	cr_expect_eq(ov(&r, at2(-0.5f, 0), &r, up, &o), SW_MISS);
	cr_expect(o.normal.x > 0.99f && fabs(o.depth - 1.95e-3) <= 1e-4, "gap %g", o.depth);
}

Test(poly2_axes, segments)
{
	sw_poly2 seg = sw_poly2_segment(sw_v2(-1, 0), sw_v2(1, 0)), sq = sw_poly2_box(0.5f, 0.5f);
	sw_overlap_result o;
	cr_expect_eq(ov(&seg, at2(0, 0), &sq, at2(0, 0.25f), &o), SW_HIT);
	cr_expect_eq(ov(&seg, at2(0, 0), &sq, at2(0, 0.5f), &o), SW_HIT); /* on its bottom edge */
	cr_expect_eq(ov(&seg, at2(0, 0), &sq, at2(0, 0.75f), &o), SW_MISS);
	cr_expect(fabs(o.normal.y - 1) <= 1e-6 && fabs(o.depth - 0.25) <= TOL);
	/* collinear segments 1 apart: no edge normal separates them (both are ±y), GJK: apart along +x */
	cr_expect_eq(ov(&seg, at2(0, 0), &seg, at2(3, 0), &o), SW_MISS);
	cr_expect(fabs(o.normal.x - 1) <= 1e-6 && fabs(o.depth - 1) <= TOL, "normal (%g %g) gap %g", o.normal.x,
		  o.normal.y, o.depth);
	cr_expect_eq(ov(&seg, at2(0, 0), &seg, at2(2, 0), &o), SW_HIT); /* end to end */
	cr_expect_eq(ov(&seg, at2(0, 0), &seg, at2(1, 0), &o), SW_HIT); /* overlapping along the line */
	sw_pose2 cross = {{0, 0}, {0, 1}};
	cr_expect_eq(ov(&seg, at2(0, 0), &seg, cross, &o), SW_HIT);
}

Test(poly2_axes, turned_and_bad_poses)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_overlap_result o;
	/* A turned a quarter: B at +x world, the normal is world +x */
	sw_pose2 qa = {{0, 0}, {0, 1}};
	cr_expect_eq(ov(&sq, qa, &sq, at2(2.5f, 0), &o), SW_MISS);
	cr_expect(fabs(o.normal.x - 1) <= 1e-6 && fabs(o.normal.y) <= 1e-6 && fabs(o.depth - 0.5) <= TOL);
	/* turned by 45°: corner at √2, apart from a square at 3 by 2 − √2 along x */
	sw_pose2 q45 = {{0, 0}, {0.70710678f, 0.70710678f}};
	cr_expect_eq(ov(&sq, q45, &sq, at2(3, 0), &o), SW_MISS);
	cr_expect(fabs(o.depth - (2 - sqrt(2.0))) <= TOL * 4, "gap %g", o.depth);
	sw_pose2 bad = {{0, 0}, {2, 0}};
	cr_expect_eq(ov(&sq, bad, &sq, at2(3, 0), &o), SW_PAIR_INVALID);
	cr_expect(isnan(o.depth));
	sw_pose2 far = {{NAN, 0}, {1, 0}};
	cr_expect_eq(ov(&sq, at2(0, 0), &sq, far, &o), SW_PAIR_INVALID);
}

/* the batched row on the cases above: the single-pair answers, bit for bit */
Test(poly2_axes, batch_row)
{
	enum { NP = 6 };
	const sw_poly2 polys[NP] = {sw_poly2_box(1, 1),
				    {3, {{0, 0}, {2, -1}, {2, 1}}},
				    needle_right(1e-4f),
				    needle_left(1e-4f),
				    sw_poly2_segment(sw_v2(-1, 0), sw_v2(1, 0)),
				    sw_poly2_box(0.25f, 0.5f)};
	const sw_pose2 poses[NP] = {{{0, 0}, {1, 0}},     {{1.001f, 0}, {1, 0}},  {{0, 0}, {1, 0}},
				    {{1e-3f, 0}, {1, 0}}, {{3, 0}, {0.6f, 0.8f}}, {{1e4f, -1e4f}, {0, 1}}};
	sw_poly2_set *ps;
	cr_assert_eq(sw_poly2_set_create(8, &ps), SW_OK);
	for (uint32_t k = 0; k < NP; k++) {
		uint32_t id;
		cr_assert_eq(sw_poly2_set_add_shape(ps, &polys[k], &id), SW_OK);
		cr_assert_eq(sw_poly2_set_add(ps, id, poses[k], sw_v2(0, 0), NULL), SW_OK);
	}
	enum { N = NP * NP };
	sw_pair pairs[N];
	for (uint32_t k = 0; k < N; k++)
		pairs[k] = (sw_pair){k % NP, k / NP};
	uint8_t st[N];
	uint32_t feat[N];
	float c[4][N];
	sw_overlap_results out = {st, feat, c[0], c[1], c[2], c[3]};
	cr_assert_eq(sw_gjk2_poly2_overlap_batch(ps, ps, pairs, N, NULL, NULL, &out), SW_OK);
	for (uint32_t k = 0; k < N; k++) {
		sw_overlap_result o;
		uint32_t it;
		sw_gjk2_poly2_overlap_pair_ref(&polys[pairs[k].a], poses[pairs[k].a], &polys[pairs[k].b],
					       poses[pairs[k].b], NULL, &o, &it);
		cr_expect_eq(st[k], o.status, "pair %u", k);
		cr_expect_eq(feat[k], o.feature, "pair %u", k);
		const float want[3] = {o.depth, o.normal.x, o.normal.y}, got[3] = {c[0][k], c[1][k], c[2][k]};
		cr_expect(memcmp(want, got, sizeof want) == 0, "pair %u: bits differ", k);
	}
	sw_poly2_set_destroy(ps);
}
