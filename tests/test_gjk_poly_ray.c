/* tests/test_gjk_poly_ray.c — the polygon ray by clipping (sw_poly2_ray, and the gjk2_ray_poly2 row
 * that answers with it) against hand-derived answers: entry through an edge, miss beside, a ray along
 * an edge's line (inside it, and just outside), from inside, from the boundary, of zero length, ending
 * exactly on the polygon and just short of it, a placed and turned polygon, 1e4 offsets, segments
 * (sides and end caps), bad input; and the batched row, which gives the single-pair bits. Expected
 * values come from the arithmetic in the comments; tolerances 1e-5 of the pair's size
 * (doc/numerics.md, "GJK"). */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include <swept/swept.h>

#define TOL 1e-5

static sw_pose2 at2(float x, float y)
{
	sw_pose2 p = {{x, y}, {1, 0}};
	return p;
}

static void near2(sw_vec3 v, double x, double y, double tol)
{
	cr_expect(fabs(v.x - x) <= tol && fabs(v.y - y) <= tol && v.z == 0, "(%.9g %.9g %.9g) vs (%.9g %.9g 0)", v.x,
		  v.y, v.z, x, y);
}

static sw_status ray(const sw_poly2 *p, sw_pose2 x, sw_vec2 o, sw_vec2 d, sw_cast_result *out)
{
	cr_assert_eq(sw_poly2_ray(p, x, o, d, out), SW_OK);
	cr_expect(out->depth == 0 || out->status == SW_PAIR_INVALID);
	return out->status;
}

/* a MISS answer: t 1, point and normal zero, no feature */
static void is_miss(const sw_cast_result *o)
{
	cr_expect_eq(o->status, SW_MISS);
	cr_expect_eq(o->t, 1.0f);
	cr_expect_eq(o->feature, SW_FEATURE_NONE);
	near2(o->point, 0, 0, 0);
	near2(o->normal, 0, 0, 0);
}

Test(poly2_ray, through_an_edge)
{
	/* square [−1, 1]²: edges 0 bottom, 1 right, 2 top, 3 left (sw_poly2_box from (−1, −1)
	 * counter-clockwise); from (−5, 0.5) by (10, 0) it enters x = −1 at t = 0.4 */
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_cast_result o;
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(-5, 0.5f), sw_v2(10, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 0.4f);
	near2(o.point, -1, 0.5, TOL);
	near2(o.normal, 1, 0, 0); /* from the ray into the polygon: the left edge's (−1, 0) negated */
	cr_expect_eq(o.feature, 3);
	near2(o.slide, 0, 0, 0);
	/* from above, straight down: the top edge at t = (3 − 1) / 4 */
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(0.25f, 3), sw_v2(0, -4), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	near2(o.normal, 0, -1, 0);
	cr_expect_eq(o.feature, 2);
	/* beside: a miss */
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(-5, 1.5f), sw_v2(10, 0), &o), SW_MISS);
	is_miss(&o);
	/* pointing away: a miss */
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(-5, 0.5f), sw_v2(-10, 0), &o), SW_MISS);
	is_miss(&o);
}

Test(poly2_ray, along_an_edge)
{
	/* on the line y = 1 of the top edge: inside its half-plane, so it enters through the left edge at
	 * the corner (−1, 1), t = 0.4; a hair above it, the top edge's plane is parallel with the origin
	 * outside: a miss */
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_cast_result o;
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(-5, 1), sw_v2(10, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 0.4f);
	near2(o.point, -1, 1, TOL);
	near2(o.normal, 1, 0, 0);
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(-5, 1.001f), sw_v2(10, 0), &o), SW_MISS);
	/* along the right edge's line x = 1, upwards from below: enters the bottom edge at the corner */
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(1, -3), sw_v2(0, 4), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	near2(o.normal, 0, 1, 0);
}

Test(poly2_ray, from_inside_and_zero_length)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_cast_result o;
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(0.5f, 0.5f), sw_v2(10, 0), &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(o.t, 0.0f);
	near2(o.point, 0.5, 0.5, 0);
	near2(o.normal, 0, 0, 0);
	cr_expect_eq(o.feature, SW_FEATURE_NONE);
	/* on the boundary, leaving: touching at t = 0 */
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(1, 0.5f), sw_v2(3, 0), &o), SW_STARTS_OVERLAPPED);
	/* on the boundary, entering */
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(1, 0.5f), sw_v2(-3, 0), &o), SW_STARTS_OVERLAPPED);
	/* zero length: a point query */
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(0.5f, 0.5f), sw_v2(0, 0), &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(1.5f, 0.5f), sw_v2(0, 0), &o), SW_MISS);
	is_miss(&o);
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(1, 1), sw_v2(0, 0), &o), SW_STARTS_OVERLAPPED); /* a corner */
}

Test(poly2_ray, reach)
{
	/* from (−3, 0) by (2, 0): ends exactly on the left edge (t = 1); by (1.99, 0) it stops short */
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_cast_result o;
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(-3, 0), sw_v2(2, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 1.0f);
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(-3, 0), sw_v2(1.99f, 0), &o), SW_MISS);
}

Test(poly2_ray, placed_and_turned)
{
	/* a triangle (0,0) (2,0) (0,2) turned 90° (c 0, s 1) and placed at (1e4, 5): world vertices
	 * (1e4, 5), (1e4, 7), (1e4 − 2, 5); its hypotenuse runs from (1e4, 7) to (1e4 − 2, 5). A ray from
	 * (1e4 + 3, 6) going −x by 4 enters the edge x = 1e4 (local edge 0, the turned bottom) at t = 0.75 */
	const sw_poly2 tri = {3, {{0, 0}, {2, 0}, {0, 2}}};
	sw_pose2 x = {{1e4f, 5}, {0, 1}};
	sw_cast_result o;
	cr_expect_eq(ray(&tri, x, sw_v2(1e4f + 3, 6), sw_v2(-4, 0), &o), SW_HIT);
	cr_expect(fabs(o.t - 0.75) <= TOL);
	near2(o.point, 1e4, 6, 2e-3); /* an ulp at 1e4 is 1e-3 */
	near2(o.normal, -1, 0, TOL);
	cr_expect_eq(o.feature, 0);
	/* towards the hypotenuse from (1e4 − 3, 8) along (1, −1)·4: it meets the line y − x = 7 − 1e4
	 * at the midpoint (1e4 − 1, 6), t = 0.5; the normal into the polygon (1, −1)/√2 */
	cr_expect_eq(ray(&tri, x, sw_v2(1e4f - 3, 8), sw_v2(4, -4), &o), SW_HIT);
	cr_expect(fabs(o.t - 0.5) <= TOL);
	near2(o.normal, 1 / sqrt(2.0), -1 / sqrt(2.0), TOL);
	cr_expect_eq(o.feature, 1);
}

Test(poly2_ray, segments)
{
	/* segment (−1, 0) → (1, 0): crossing its side, along its line onto an end cap, and past an end */
	sw_poly2 s = sw_poly2_segment(sw_v2(-1, 0), sw_v2(1, 0));
	sw_cast_result o;
	cr_expect_eq(ray(&s, at2(0, 0), sw_v2(0.5f, 2), sw_v2(0, -4), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	near2(o.normal, 0, -1, 0);
	cr_expect_eq(o.feature, 1); /* edge 1 runs (1, 0) → (−1, 0): outward normal (0, 1) */
	cr_expect_eq(ray(&s, at2(0, 0), sw_v2(-5, 0), sw_v2(8, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	near2(o.normal, 1, 0, 0);
	cr_expect_eq(o.feature, 2); /* the cap at v[0] */
	cr_expect_eq(ray(&s, at2(0, 0), sw_v2(5, 0), sw_v2(-8, 0), &o), SW_HIT);
	cr_expect_eq(o.feature, 3);
	cr_expect_eq(ray(&s, at2(0, 0), sw_v2(1.5f, 2), sw_v2(0, -4), &o), SW_MISS);
	cr_expect_eq(ray(&s, at2(0, 0), sw_v2(0.25f, 0), sw_v2(0, 0), &o), SW_STARTS_OVERLAPPED);
}

Test(poly2_ray, bad_input)
{
	sw_poly2 sq = sw_poly2_box(1, 1), cw = sq;
	for (int k = 0; k < 4; k++)
		cw.v[k] = sq.v[3 - k];
	sw_cast_result o;
	cr_expect_eq(sw_poly2_ray(NULL, at2(0, 0), sw_v2(0, 0), sw_v2(1, 0), &o), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_ray(&sq, at2(0, 0), sw_v2(0, 0), sw_v2(1, 0), NULL), SW_ERR_NULL);
	cr_expect_eq(ray(&cw, at2(0, 0), sw_v2(-5, 0), sw_v2(10, 0), &o), SW_PAIR_INVALID);
	cr_expect(isnan(o.t));
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(NAN, 0), sw_v2(10, 0), &o), SW_PAIR_INVALID);
	cr_expect_eq(ray(&sq, at2(0, 0), sw_v2(0, 0), sw_v2(INFINITY, 0), &o), SW_PAIR_INVALID);
	cr_expect_eq(ray(&sq, (sw_pose2){{0, 0}, {1, 1}}, sw_v2(-5, 0), sw_v2(10, 0), &o), SW_PAIR_INVALID);
}

/* the batched row on the cases above: the single-pair answers, bit for bit, on every call */
Test(poly2_ray, batch_row)
{
	const sw_poly2 polys[3] = {
		sw_poly2_box(1, 1), sw_poly2_segment(sw_v2(-1, 0), sw_v2(1, 0)), {3, {{0, 0}, {2, 0}, {0, 2}}}};
	const sw_pose2 poses[3] = {{{0, 0}, {1, 0}}, {{0, 0}, {1, 0}}, {{1e4f, 5}, {0, 1}}};
	const sw_ray2 rays[6] = {{{-5, 0.5f}, {10, 0}}, {{-5, 1}, {10, 0}},       {{0.5f, 0.5f}, {0, 0}},
				 {{-5, 0}, {8, 0}},     {{1e4f + 3, 6}, {-4, 0}}, {{1.5f, 2}, {0, -4}}};
	sw_poly2_set *ps;
	sw_ray2_set *rs;
	cr_assert_eq(sw_poly2_set_create(4, &ps), SW_OK);
	cr_assert_eq(sw_ray2_set_create(8, &rs), SW_OK);
	for (uint32_t k = 0; k < 3; k++) {
		uint32_t id;
		cr_assert_eq(sw_poly2_set_add_shape(ps, &polys[k], &id), SW_OK);
		cr_assert_eq(sw_poly2_set_add(ps, id, poses[k], sw_v2(0, 0), NULL), SW_OK);
	}
	for (int k = 0; k < 6; k++)
		cr_assert_eq(sw_ray2_set_add(rs, &rays[k], NULL), SW_OK);
	enum { N = 18 };
	sw_pair pairs[N];
	for (uint32_t k = 0; k < N; k++)
		pairs[k] = (sw_pair){k % 6, k / 6};
	uint8_t st[N];
	uint32_t feat[N];
	float c[11][N];
	sw_cast_results out = {st, feat, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]};
	cr_assert_eq(sw_gjk2_ray_poly2_batch(rs, ps, pairs, N, NULL, NULL, &out), SW_OK);
	for (uint32_t k = 0; k < N; k++) {
		sw_cast_result o;
		sw_poly2_ray(&polys[pairs[k].b], poses[pairs[k].b], rays[pairs[k].a].origin, rays[pairs[k].a].delta,
			     &o);
		cr_expect_eq(st[k], o.status, "pair %u", k);
		cr_expect_eq(feat[k], o.feature, "pair %u", k);
		const float want[8] = {o.t,        o.depth,    o.point.x, o.point.y,
				       o.normal.x, o.normal.y, o.slide.x, o.slide.y};
		const float got[8] = {c[0][k], c[1][k], c[2][k], c[3][k], c[5][k], c[6][k], c[8][k], c[9][k]};
		cr_expect(memcmp(want, got, sizeof want) == 0, "pair %u: bits differ", k);
	}
	sw_poly2_set_destroy(ps);
	sw_ray2_set_destroy(rs);
}
