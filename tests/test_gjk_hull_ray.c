/* tests/test_gjk_hull_ray.c — the hull ray by clipping (sw_hull3_ray, and the gjk3_ray_hull3 row that
 * answers with it) against hand-derived answers: entry through a face, miss beside, a ray in a face's
 * plane (inside it, and just outside), from inside, from the boundary, of zero length, ending exactly
 * on the hull and just short of it, a placed and turned hull, 1e4 offsets, a flat hull (through either
 * face, in its plane through a rim), bad input; and the batched row, which gives the single-pair bits.
 * Expected values come from the arithmetic in the comments; tolerances 1e-5 of the pair's size
 * (doc/numerics.md, "GJK"). Boxes by the slab test (sw_obb3_ray, the gjk3_ray_obb3 row): as their hull
 * (sw_hull3_box), by hand, and the batched row's bits. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include <swept/swept.h>

#define TOL 1e-5

static sw_pose3 at3(float x, float y, float z)
{
	sw_pose3 p = {{x, y, z}, {0, 0, 0, 1}};
	return p;
}

static void near3(sw_vec3 v, double x, double y, double z, double tol)
{
	cr_expect(fabs(v.x - x) <= tol && fabs(v.y - y) <= tol && fabs(v.z - z) <= tol,
		  "(%.9g %.9g %.9g) vs (%.9g %.9g %.9g)", v.x, v.y, v.z, x, y, z);
}

static sw_status ray(const sw_hull3 *h, sw_pose3 x, sw_vec3 o, sw_vec3 d, sw_cast_result *out)
{
	cr_assert_eq(sw_hull3_ray(h, x, o, d, out), SW_OK);
	cr_expect(out->depth == 0 || out->status == SW_PAIR_INVALID);
	return out->status;
}

static void is_miss(const sw_cast_result *o)
{
	cr_expect_eq(o->status, SW_MISS);
	cr_expect_eq(o->t, 1.0f);
	cr_expect_eq(o->feature, SW_FEATURE_NONE);
	near3(o->point, 0, 0, 0, 0);
	near3(o->normal, 0, 0, 0, 0);
}

/* the cube [−1, 1]³ as a hull: faces −x, +x, −y, +y, −z, +z (sw_hull3_box) */
static sw_hull3 cube(void)
{
	static sw_hull3 h;
	const sw_obb3 b = {{1, 1, 1}};
	cr_assert_eq(sw_hull3_box(&b, &h), SW_OK);
	return h;
}

/* the flat square (±1, ±1, 0): face 0 normal +z, face 1 −z, faces 2 … 5 the rims */
static sw_hull3 plate(void)
{
	static sw_hull3 h;
	const sw_vec3 p[4] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
	cr_assert_eq(sw_hull3_build(p, 4, NULL, &h), SW_OK);
	cr_assert_eq(h.num_faces, 2);
	return h;
}

Test(hull3_ray, through_a_face)
{
	sw_hull3 c = cube();
	sw_cast_result o;
	/* from (−5, 0.5, 0.25) by (10, 0, 0): the face x = −1 at t = 0.4 */
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-5, 0.5f, 0.25f), sw_v3(10, 0, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 0.4f);
	near3(o.point, -1, 0.5, 0.25, TOL);
	near3(o.normal, 1, 0, 0, 0); /* from the ray into the hull: −x's outward normal negated */
	cr_expect_eq(o.feature, 0);
	near3(o.slide, 0, 0, 0, 0);
	/* from above, straight down: +z at t = (3 − 1) / 4 */
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(0.25f, -0.5f, 3), sw_v3(0, 0, -4), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	near3(o.normal, 0, 0, -1, 0);
	cr_expect_eq(o.feature, 5);
	/* beside, and pointing away: misses */
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-5, 1.5f, 0), sw_v3(10, 0, 0), &o), SW_MISS);
	is_miss(&o);
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-5, 0.5f, 0), sw_v3(-10, 0, 0), &o), SW_MISS);
	is_miss(&o);
	/* diagonal through the corner region but outside (passes (1.2, 1.2, ·)) */
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-2.8f, 5.2f, 0), sw_v3(8, -8, 0), &o), SW_MISS);
}

Test(hull3_ray, in_a_face_plane)
{
	/* in the plane y = 1 of +y: inside its half-space, so it enters through −x at the edge, t = 0.4; a
	 * hair above, +y is parallel with the origin outside: a miss */
	sw_hull3 c = cube();
	sw_cast_result o;
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-5, 1, 0), sw_v3(10, 0, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 0.4f);
	near3(o.point, -1, 1, 0, TOL);
	near3(o.normal, 1, 0, 0, 0);
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-5, 1.001f, 0), sw_v3(10, 0, 0), &o), SW_MISS);
	is_miss(&o);
}

Test(hull3_ray, from_inside_and_zero_length)
{
	sw_hull3 c = cube();
	sw_cast_result o;
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(0.5f, 0.5f, 0.5f), sw_v3(10, 0, 0), &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(o.t, 0.0f);
	near3(o.point, 0.5, 0.5, 0.5, 0);
	near3(o.normal, 0, 0, 0, 0);
	cr_expect_eq(o.feature, SW_FEATURE_NONE);
	/* on the boundary, heading in or out: inside every half-space at t = 0 */
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-1, 0, 0), sw_v3(4, 0, 0), &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-1, 0, 0), sw_v3(-4, 0, 0), &o), SW_STARTS_OVERLAPPED);
	/* zero length: a point query */
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(0.25f, 0, 0), sw_v3(0, 0, 0), &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(2, 0, 0), sw_v3(0, 0, 0), &o), SW_MISS);
	is_miss(&o);
}

Test(hull3_ray, reach)
{
	/* ending exactly on −x: t = 1; just short: a miss */
	sw_hull3 c = cube();
	sw_cast_result o;
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-3, 0, 0), sw_v3(2, 0, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 1.0f);
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(-3, 0, 0), sw_v3(1.99f, 0, 0), &o), SW_MISS);
}

Test(hull3_ray, placed_and_turned)
{
	/* the cube turned 90° about z and placed at (1e4, 5, −2): its local −x face is world −y; a ray down
	 * the world y axis enters it at y = 4, t = (4 − 1) / 6 */
	sw_hull3 c = cube();
	sw_pose3 x = {{1e4f, 5, -2}, {0, 0, 0.70710677f, 0.70710677f}};
	sw_cast_result o;
	cr_expect_eq(ray(&c, x, sw_v3(1e4f + 0.25f, 1, -2), sw_v3(0, 6, 0), &o), SW_HIT);
	cr_expect(fabs(o.t - 0.5) <= TOL, "t %.9g", o.t);
	near3(o.point, 1e4 + 0.25, 4, -2, TOL * 1e4);
	near3(o.normal, 0, 1, 0, TOL);
	cr_expect_eq(o.feature, 0);
}

Test(hull3_ray, flat_hull)
{
	sw_hull3 p = plate();
	sw_cast_result o;
	/* through face 0 from above and face 1 from below, at t = 0.5 */
	cr_expect_eq(ray(&p, at3(0, 0, 0), sw_v3(0.2f, 0.3f, 5), sw_v3(0, 0, -10), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	near3(o.normal, 0, 0, -1, 0);
	cr_expect_eq(o.feature, 0);
	cr_expect_eq(ray(&p, at3(0, 0, 0), sw_v3(0.2f, 0.3f, -5), sw_v3(0, 0, 10), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	near3(o.normal, 0, 0, 1, 0);
	cr_expect_eq(o.feature, 1);
	/* slanted through the plate, and through beside it */
	cr_expect_eq(ray(&p, at3(0, 0, 0), sw_v3(-3, -3, 4), sw_v3(6, 6, -8), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	cr_expect_eq(ray(&p, at3(0, 0, 0), sw_v3(-3, 1.5f, 4), sw_v3(6, 0, -8), &o), SW_MISS);
	/* in its plane: through the rim of the edge x = −1 at t = 0.4 */
	cr_expect_eq(ray(&p, at3(0, 0, 0), sw_v3(-5, 0.2f, 0), sw_v3(10, 0, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 0.4f);
	near3(o.normal, 1, 0, 0, TOL);
	cr_expect(o.feature >= 2 && o.feature < 6, "feature %u", o.feature);
	/* a hair above its plane, parallel: a miss; a point on it: starts overlapped */
	cr_expect_eq(ray(&p, at3(0, 0, 0), sw_v3(-5, 0.2f, 1e-3f), sw_v3(10, 0, 0), &o), SW_MISS);
	cr_expect_eq(ray(&p, at3(0, 0, 0), sw_v3(0.5f, 0.5f, 0), sw_v3(0, 0, 0), &o), SW_STARTS_OVERLAPPED);
}

Test(hull3_ray, bad_input)
{
	sw_hull3 c = cube(), broken = c;
	broken.faces[0].d = 5; /* a plane off its vertices */
	broken.seal = 0;
	sw_cast_result o;
	cr_expect_eq(sw_hull3_ray(NULL, at3(0, 0, 0), sw_v3(0, 0, 0), sw_v3(1, 0, 0), &o), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_ray(&c, at3(0, 0, 0), sw_v3(0, 0, 0), sw_v3(1, 0, 0), NULL), SW_ERR_NULL);
	cr_expect_eq(ray(&broken, at3(0, 0, 0), sw_v3(-5, 0, 0), sw_v3(10, 0, 0), &o), SW_PAIR_INVALID);
	cr_expect(isnan(o.t));
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(NAN, 0, 0), sw_v3(10, 0, 0), &o), SW_PAIR_INVALID);
	cr_expect_eq(ray(&c, at3(0, 0, 0), sw_v3(0, 0, 0), sw_v3(INFINITY, 0, 0), &o), SW_PAIR_INVALID);
	cr_expect_eq(ray(&c, (sw_pose3){{0, 0, 0}, {0, 0, 1, 1}}, sw_v3(-5, 0, 0), sw_v3(10, 0, 0), &o),
		     SW_PAIR_INVALID);
	cr_expect_eq(ray(&c, at3(2e15f, 0, 0), sw_v3(-5, 0, 0), sw_v3(10, 0, 0), &o), SW_PAIR_INVALID);
}

/* the batched row on the cases above: the single-pair answers, bit for bit, on every call */
Test(hull3_ray, batch_row)
{
	static sw_hull3 hulls[2];
	hulls[0] = cube(), hulls[1] = plate();
	const sw_pose3 poses[3] = {{{0, 0, 0}, {0, 0, 0, 1}},
				   {{1e4f, 5, -2}, {0, 0, 0.70710677f, 0.70710677f}},
				   {{0, 0, 0}, {0, 0, 0, 1}}};
	const uint32_t shape_of[3] = {0, 0, 1};
	const sw_ray3 rays[7] = {{{-5, 0.5f, 0.25f}, {10, 0, 0}},    {{-5, 1, 0}, {10, 0, 0}},
				 {{0.5f, 0.5f, 0.5f}, {0, 0, 0}},    {{-3, 0, 0}, {2, 0, 0}},
				 {{1e4f + 0.25f, 1, -2}, {0, 6, 0}}, {{0.2f, 0.3f, 5}, {0, 0, -10}},
				 {{-5, 0.2f, 0}, {10, 0, 0}}};
	sw_hull3_set *hs;
	sw_ray3_set *rs;
	cr_assert_eq(sw_hull3_set_create(4, &hs), SW_OK);
	cr_assert_eq(sw_ray3_set_create(8, &rs), SW_OK);
	uint32_t id[2];
	for (uint32_t k = 0; k < 2; k++)
		cr_assert_eq(sw_hull3_set_add_shape(hs, &hulls[k], &id[k]), SW_OK);
	for (uint32_t k = 0; k < 3; k++)
		cr_assert_eq(sw_hull3_set_add(hs, id[shape_of[k]], poses[k], sw_v3(0, 0, 0), NULL), SW_OK);
	for (int k = 0; k < 7; k++)
		cr_assert_eq(sw_ray3_set_add(rs, &rays[k], NULL), SW_OK);
	enum { N = 21 };
	sw_pair pairs[N];
	for (uint32_t k = 0; k < N; k++)
		pairs[k] = (sw_pair){k % 7, k / 7};
	uint8_t st[N];
	uint32_t feat[N];
	float c[11][N];
	sw_cast_results out = {st, feat, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]};
	cr_assert_eq(sw_gjk3_ray_hull3_batch(rs, hs, pairs, N, NULL, NULL, &out), SW_OK);
	int hits = 0;
	for (uint32_t k = 0; k < N; k++) {
		sw_cast_result o;
		uint32_t b = pairs[k].b;
		sw_hull3_ray(&hulls[shape_of[b]], poses[b], rays[pairs[k].a].origin, rays[pairs[k].a].delta, &o);
		hits += o.status == SW_HIT;
		cr_expect_eq(st[k], o.status, "pair %u", k);
		cr_expect_eq(feat[k], o.feature, "pair %u", k);
		const float want[11] = {o.t,        o.depth,    o.point.x, o.point.y, o.point.z, o.normal.x,
					o.normal.y, o.normal.z, o.slide.x, o.slide.y, o.slide.z};
		float got[11];
		for (int r = 0; r < 11; r++)
			got[r] = c[r][k];
		cr_expect(memcmp(want, got, sizeof want) == 0, "pair %u: bits differ", k);
	}
	cr_expect_geq(hits, 6, "%d hits", hits);
	sw_hull3_set_destroy(hs);
	sw_ray3_set_destroy(rs);
}

/* ---- boxes by the slab test (sw_obb3_ray, the gjk3_ray_obb3 row) ---- */

static sw_status bray(const sw_obb3 *b, sw_pose3 x, sw_vec3 o, sw_vec3 d, sw_cast_result *out)
{
	cr_assert_eq(sw_obb3_ray(b, x, o, d, out), SW_OK);
	return out->status;
}

/* the box answers as its hull does: same statuses and features, t, point and normal within rounding */
Test(obb3_ray, as_its_hull)
{
	const sw_obb3 box = {{1, 0.5f, 2}};
	sw_hull3 h;
	cr_assert_eq(sw_hull3_box(&box, &h), SW_OK);
	const sw_pose3 x = {{3, -1, 1e4f}, {0.18257419f, 0.36514837f, 0.54772256f, 0.73029674f}};
	const sw_ray3 rays[8] = {{{-2, -1, 1e4f}, {10, 0, 0}},
				 {{3, 5, 1e4f + 0.1f}, {0, -10, 0}},
				 {{3, -1, 1e4f + 8}, {0.1f, 0.2f, -10}},
				 {{3.1f, -1, 1e4f}, {0, 0, 0}},
				 {{9, 9, 1e4f}, {0, 0, 0}},
				 {{3, -1, 1e4f - 9}, {0.5f, 0.25f, 20}},
				 {{-6, -1, 1e4f}, {4, 0, 0}},
				 {{3, 4, 1e4f}, {0.3f, -3, 0.2f}}};
	for (int k = 0; k < 8; k++) {
		sw_cast_result a, b;
		bray(&box, x, rays[k].origin, rays[k].delta, &a);
		cr_assert_eq(sw_hull3_ray(&h, x, rays[k].origin, rays[k].delta, &b), SW_OK);
		cr_expect_eq(a.status, b.status, "ray %d", k);
		cr_expect_eq(a.feature, b.feature, "ray %d", k);
		cr_expect(fabs(a.t - b.t) <= TOL, "ray %d: t %.9g vs %.9g", k, a.t, b.t);
		near3(a.point, b.point.x, b.point.y, b.point.z, TOL * 1e4);
		near3(a.normal, b.normal.x, b.normal.y, b.normal.z, TOL);
	}
}

Test(obb3_ray, hand)
{
	const sw_obb3 box = {{1, 1, 1}}, flat = {{1, 1, 0}};
	sw_cast_result o;
	/* through +z from above at t = (3 − 1) / 4, normal (0, 0, −1), feature 5 */
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(0.25f, -0.5f, 3), sw_v3(0, 0, -4), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	near3(o.normal, 0, 0, -1, 0);
	cr_expect_eq(o.feature, 5);
	/* in the plane y = 1: enters −x at t = 0.4; a hair above: a miss */
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(-5, 1, 0), sw_v3(10, 0, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 0.4f);
	cr_expect_eq(o.feature, 0);
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(-5, 1.001f, 0), sw_v3(10, 0, 0), &o), SW_MISS);
	is_miss(&o);
	/* inside, on the boundary, zero length, reach */
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(0.5f, 0.5f, 0.5f), sw_v3(10, 0, 0), &o), SW_STARTS_OVERLAPPED);
	near3(o.normal, 0, 0, 0, 0);
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(-1, 0, 0), sw_v3(-4, 0, 0), &o), SW_STARTS_OVERLAPPED);
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(2, 0, 0), sw_v3(0, 0, 0), &o), SW_MISS);
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(-3, 0, 0), sw_v3(2, 0, 0), &o), SW_HIT);
	cr_expect_eq(o.t, 1.0f);
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(-3, 0, 0), sw_v3(1.99f, 0, 0), &o), SW_MISS);
	/* a flat box (half extent 0 along z): through either side, and in its plane through −x */
	cr_expect_eq(bray(&flat, at3(0, 0, 0), sw_v3(0.2f, 0.3f, 5), sw_v3(0, 0, -10), &o), SW_HIT);
	cr_expect_eq(o.t, 0.5f);
	cr_expect_eq(o.feature, 5);
	cr_expect_eq(bray(&flat, at3(0, 0, 0), sw_v3(0.2f, 0.3f, -5), sw_v3(0, 0, 10), &o), SW_HIT);
	cr_expect_eq(o.feature, 4);
	cr_expect_eq(bray(&flat, at3(0, 0, 0), sw_v3(-5, 0.2f, 0), sw_v3(10, 0, 0), &o), SW_HIT);
	cr_expect_eq(o.feature, 0);
	/* bad input */
	const sw_obb3 neg = {{1, -1, 1}};
	cr_expect_eq(sw_obb3_ray(NULL, at3(0, 0, 0), sw_v3(0, 0, 0), sw_v3(1, 0, 0), &o), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_ray(&box, at3(0, 0, 0), sw_v3(0, 0, 0), sw_v3(1, 0, 0), NULL), SW_ERR_NULL);
	cr_expect_eq(bray(&neg, at3(0, 0, 0), sw_v3(-5, 0, 0), sw_v3(10, 0, 0), &o), SW_PAIR_INVALID);
	cr_expect(isnan(o.t));
	cr_expect_eq(bray(&box, at3(0, 0, 0), sw_v3(NAN, 0, 0), sw_v3(10, 0, 0), &o), SW_PAIR_INVALID);
	cr_expect_eq(bray(&box, (sw_pose3){{0, 0, 0}, {0, 0, 1, 1}}, sw_v3(-5, 0, 0), sw_v3(10, 0, 0), &o),
		     SW_PAIR_INVALID);
}

/* the batched row: the single-pair answers, bit for bit */
Test(obb3_ray, batch_row)
{
	const sw_obb3 boxes[3] = {{{1, 1, 1}}, {{1, 0.5f, 2}}, {{1, 1, 0}}};
	const sw_pose3 poses[3] = {{{0, 0, 0}, {0, 0, 0, 1}},
				   {{1e4f, 5, -2}, {0.18257419f, 0.36514837f, 0.54772256f, 0.73029674f}},
				   {{0, 0, 0}, {0, 0, 0, 1}}};
	const sw_ray3 rays[6] = {{{-5, 0.5f, 0.25f}, {10, 0, 0}}, {{-5, 1, 0}, {10, 0, 0}},
				 {{0.5f, 0.5f, 0.5f}, {0, 0, 0}}, {{1e4f - 5, 5, -2}, {10, 0.1f, 0}},
				 {{0.2f, 0.3f, 5}, {0, 0, -10}},  {{1e4f, 9, -2}, {0, -10, 0.2f}}};
	sw_obb3_set *bs;
	sw_ray3_set *rs;
	cr_assert_eq(sw_obb3_set_create(4, &bs), SW_OK);
	cr_assert_eq(sw_ray3_set_create(8, &rs), SW_OK);
	for (uint32_t k = 0; k < 3; k++)
		cr_assert_eq(sw_obb3_set_add(bs, &boxes[k], poses[k], sw_v3(0, 0, 0), NULL), SW_OK);
	for (int k = 0; k < 6; k++)
		cr_assert_eq(sw_ray3_set_add(rs, &rays[k], NULL), SW_OK);
	enum { N = 18 };
	sw_pair pairs[N];
	for (uint32_t k = 0; k < N; k++)
		pairs[k] = (sw_pair){k % 6, k / 6};
	uint8_t st[N];
	uint32_t feat[N];
	float c[11][N];
	sw_cast_results out = {st, feat, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]};
	cr_assert_eq(sw_gjk3_ray_obb3_batch(rs, bs, pairs, N, NULL, NULL, &out), SW_OK);
	int hits = 0;
	for (uint32_t k = 0; k < N; k++) {
		sw_cast_result o;
		uint32_t b = pairs[k].b;
		sw_obb3_ray(&boxes[b], poses[b], rays[pairs[k].a].origin, rays[pairs[k].a].delta, &o);
		hits += o.status == SW_HIT;
		cr_expect_eq(st[k], o.status, "pair %u", k);
		cr_expect_eq(feat[k], o.feature, "pair %u", k);
		const float want[11] = {o.t,        o.depth,    o.point.x, o.point.y, o.point.z, o.normal.x,
					o.normal.y, o.normal.z, o.slide.x, o.slide.y, o.slide.z};
		float got[11];
		for (int r = 0; r < 11; r++)
			got[r] = c[r][k];
		cr_expect(memcmp(want, got, sizeof want) == 0, "pair %u: bits differ", k);
	}
	cr_expect_geq(hits, 4, "%d hits", hits);
	sw_obb3_set_destroy(bs);
	sw_ray3_set_destroy(rs);
}
