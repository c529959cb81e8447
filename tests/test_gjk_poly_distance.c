/* tests/test_gjk_poly_distance.c — the polygon distance by feature pairs (sw_gjk2_poly2_distance_pair_ref,
 * the gjk2_poly2_distance row's reference): the separating axes decide; apart pairs (best axis > τ) get the
 * least point–segment distance over both sides' (vertex, edge) pairs, overlapping pairs (best axis ≤ −τ)
 * the least penetration along the best axis, the others GJK (sw_gjk2_distance, bit for bit), as are
 * polygons of more than 64 vertex pairs (n_A·n_B), with no pass. Hand cases (vertex–vertex,
 * vertex–edge, parallel edges, touching, 1e4 offsets, tiny shapes, needles, bad placements, pairs of 2 to 16
 * vertices on both sides of the 64), the batched row against the single-pair bits, and the independent
 * double-precision oracle of tests/common/oracle_gjk.h (brute force over feature pairs) on 12 000 pairs:
 * random, near contact and needles. Bounds (doc/numerics.md, GJK, "Polygon distance by feature pairs"):
 * outside the band 1e-5·S (S the pair's size) the status is the oracle's; an apart pair's distance is
 * within 1e-5·S of the exact one (measured: below 2e-7·S), its points on the shapes and point_b − point_a
 * = distance·normal within the same band plus the world-space rounding; an overlapping pair's −distance is
 * the exact depth within the band (measured: below 7e-8·S), B moved by it along the normal touches, with
 * the same bounds on its points. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <swept/swept.h>

#include "oracle_gjk.h"
#include "ref/gjk_ref.h"
#include "scenes.h"

#define TOL 1e-5

static sw_pose2 at2(float x, float y)
{
	sw_pose2 p = {{x, y}, {1, 0}};
	return p;
}

/* the row's answer; *feat: it came from the feature pairs (no GJK iteration); *pen (when not NULL): it
 * came from the separating axes' least penetration (overlapping, no GJK iteration) */
static sw_status dist_pen(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, sw_distance_result *o,
			  int *feat, int *pen)
{
	uint32_t it = 99;
	cr_assert_eq(sw_poly2_check(a), SW_OK);
	cr_assert_eq(sw_poly2_check(b), SW_OK);
	sw_gjk2_poly2_distance_pair_ref(a, xa, b, xb, NULL, o, &it);
	if (feat)
		*feat = it == 0 && o->status == SW_MISS;
	if (pen)
		*pen = it == 0 && o->status == SW_STARTS_OVERLAPPED;
	cr_expect_eq(o->feature, SW_FEATURE_NONE);
	if (o->status == SW_MISS || (it == 0 && o->status == SW_STARTS_OVERLAPPED)) {
		const int over = o->status == SW_STARTS_OVERLAPPED;
		cr_expect(fabs(hypot(o->normal.x, o->normal.y) - 1) <= 1e-6 &&
				  (over ? o->distance < 0 : o->distance > 0),
			  "normal (%g %g) d %g", o->normal.x, o->normal.y, o->distance);
		double ex = o->point_b.x - o->point_a.x - o->distance * o->normal.x;
		double ey = o->point_b.y - o->point_a.y - o->distance * o->normal.y;
		cr_expect(hypot(ex, ey) <= 1e-6 * (1 + fabs(o->point_a.x) + fabs(o->point_a.y)), "pb - pa vs d·n: %g",
			  hypot(ex, ey));
	}
	return o->status;
}

static sw_status dist(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, sw_distance_result *o, int *feat)
{
	return dist_pen(a, xa, b, xb, o, feat, NULL);
}

static void expect_pt(sw_vec3 p, double x, double y, double tol)
{
	cr_expect(fabs(p.x - x) <= tol && fabs(p.y - y) <= tol, "point (%.9g %.9g), want (%g %g)", p.x, p.y, x, y);
}

Test(poly2_dist, vertex_vertex_and_vertex_edge)
{
	sw_poly2 sq = sw_poly2_box(1, 1), tri = {3, {{0, 0}, {2, -1}, {2, 1}}};
	sw_distance_result o;
	int feat;
	/* the triangle's vertex 0.5 right of the square's right edge: vertex–edge */
	cr_expect_eq(dist(&sq, at2(0, 0), &tri, at2(1.5f, 0.25f), &o, &feat), SW_MISS);
	cr_expect(feat);
	cr_expect(fabs(o.distance - 0.5) <= TOL, "d %g", o.distance);
	cr_expect(fabs(o.normal.x - 1) <= 1e-6);
	expect_pt(o.point_a, 1, 0.25, TOL), expect_pt(o.point_b, 1.5, 0.25, TOL);
	/* corner to corner: squares offset diagonally by (3, 3), corners (1, 1) and (2, 2) */
	cr_expect_eq(dist(&sq, at2(0, 0), &sq, at2(3, 3), &o, &feat), SW_MISS);
	cr_expect(feat);
	cr_expect(fabs(o.distance - sqrt(2.0)) <= TOL, "d %g", o.distance);
	expect_pt(o.point_a, 1, 1, TOL), expect_pt(o.point_b, 2, 2, TOL);
	cr_expect(fabs(o.normal.x - sqrt(0.5)) <= 1e-6 && fabs(o.normal.y - sqrt(0.5)) <= 1e-6);
	/* B on the left of A: A's vertex against B's edge (the second side's pairs), normal −x */
	cr_expect_eq(dist(&tri, at2(0, 0), &sq, at2(-3, 0.5f), &o, &feat), SW_MISS);
	cr_expect(feat);
	cr_expect(fabs(o.distance - 2) <= TOL, "d %g", o.distance);
	expect_pt(o.point_a, 0, 0, TOL), expect_pt(o.point_b, -2, 0, TOL);
	cr_expect(fabs(o.normal.x + 1) <= 1e-6);
}

Test(poly2_dist, parallel_edges_and_ties)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_distance_result o;
	int feat;
	/* parallel faces 0.5 apart, overlapping in y over [−0.5, 1]: the distance 0.5, points on both faces */
	cr_expect_eq(dist(&sq, at2(0, 0), &sq, at2(2.5f, 0.5f), &o, &feat), SW_MISS);
	cr_expect(feat && fabs(o.distance - 0.5) <= TOL);
	cr_expect(fabs(o.point_a.x - 1) <= TOL && fabs(o.point_b.x - 1.5) <= TOL);
	cr_expect(o.point_a.y >= -0.5 - TOL && o.point_a.y <= 1 + TOL && fabs(o.point_a.y - o.point_b.y) <= TOL);
	/* exactly aligned (every vertex pair of the faces ties): the same answer twice, the first pair */
	sw_distance_result p;
	dist(&sq, at2(0, 0), &sq, at2(3, 0), &o, &feat);
	dist(&sq, at2(0, 0), &sq, at2(3, 0), &p, NULL);
	cr_expect(memcmp(&o, &p, sizeof o) == 0 && feat && fabs(o.distance - 1) <= TOL);
}

Test(poly2_dist, touching_is_gjk_overlapping_is_penetration)
{
	sw_poly2 sq = sw_poly2_box(1, 1), tri = {3, {{0, 0}, {2, -1}, {2, 1}}};
	sw_vec2 va[4], vb[3];
	memcpy(va, sq.v, sizeof va), memcpy(vb, tri.v, sizeof vb);
	sw_shape2 ga = sw_shape2_verts(va, 4, 0), gb = sw_shape2_verts(vb, 3, 0);
	/* within the band (1e-5 × about 3): GJK's bits */
	const float xs[] = {1.0f, 1 + 1.2e-7f, 1 + 4e-6f, 1 - 4e-6f};
	for (unsigned k = 0; k < sizeof xs / sizeof xs[0]; k++) {
		sw_distance_result o, g;
		int feat, pen;
		dist_pen(&sq, at2(0, 0), &tri, at2(xs[k], 0.1f), &o, &feat, &pen);
		cr_expect(!feat && !pen, "x %g: within the band, GJK answers", xs[k]);
		cr_assert_eq(sw_gjk2_distance(&ga, at2(0, 0), &gb, at2(xs[k], 0.1f), NULL, &g), SW_OK);
		cr_expect(memcmp(&g, &o, sizeof g) == 0, "x %g: GJK's bits", xs[k]);
		if (xs[k] <= 1)
			cr_expect_eq(o.status, SW_STARTS_OVERLAPPED, "x %g", xs[k]);
	}
	/* the triangle's tip 1e-3 (just past the band) and 0.5 inside the square's right face: GJK's status,
	 * and the least penetration: the tip and its foot on the face, normal +x */
	const float in[] = {1e-3f, 0.5f};
	for (unsigned k = 0; k < 2; k++) {
		sw_distance_result o, g;
		int feat, pen;
		cr_expect_eq(dist_pen(&sq, at2(0, 0), &tri, at2(1 - in[k], 0.1f), &o, &feat, &pen),
			     SW_STARTS_OVERLAPPED);
		cr_assert_eq(sw_gjk2_distance(&ga, at2(0, 0), &gb, at2(1 - in[k], 0.1f), NULL, &g), SW_OK);
		cr_expect(pen && g.status == o.status, "depth %g", in[k]);
		cr_expect(fabs(o.distance + in[k]) <= 1e-6 && o.normal.x == 1 && o.normal.y == 0, "d %g normal (%g %g)",
			  o.distance, o.normal.x, o.normal.y);
		expect_pt(o.point_a, 1, 0.1, 1e-6), expect_pt(o.point_b, 1 - in[k], 0.1, 1e-6);
	}
	/* just outside the band: feature pairs */
	sw_distance_result o;
	int feat;
	cr_expect_eq(dist(&sq, at2(0, 0), &tri, at2(1 + 1e-4f, 0.1f), &o, &feat), SW_MISS);
	cr_expect(feat && fabs(o.distance - 1e-4) <= 1e-6, "d %g", o.distance);
}

/* overlapping pairs outside the band: the least penetration over both polygons' edge normals (the exact
 * depth in 2D), A's edges first on ties; GJK's status */
static void expect_pen(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, double depth, double nx,
		       double ny, double tol, const char *what, sw_distance_result *o)
{
	sw_vec2 va[SW_POLY2_MAX_VERTS], vb[SW_POLY2_MAX_VERTS];
	memcpy(va, a->v, sizeof(sw_vec2) * a->count), memcpy(vb, b->v, sizeof(sw_vec2) * b->count);
	sw_shape2 ga = sw_shape2_verts(va, a->count, 0), gb = sw_shape2_verts(vb, b->count, 0);
	sw_distance_result g;
	int feat, pen;
	cr_expect_eq(dist_pen(a, xa, b, xb, o, &feat, &pen), SW_STARTS_OVERLAPPED, "%s", what);
	cr_assert_eq(sw_gjk2_distance(&ga, xa, &gb, xb, NULL, &g), SW_OK);
	cr_expect(pen && g.status == SW_STARTS_OVERLAPPED, "%s: the axes answer, GJK's status", what);
	cr_expect(fabs(o->distance + depth) <= tol && fabs(o->normal.x - nx) <= 1e-6 && fabs(o->normal.y - ny) <= 1e-6,
		  "%s: d %g normal (%g %g)", what, o->distance, o->normal.x, o->normal.y);
}

Test(poly2_dist, overlapping_by_least_penetration)
{
	sw_poly2 sq = sw_poly2_box(1, 1), big = sw_poly2_box(2, 2), small = sw_poly2_box(0.5f, 0.5f);
	sw_distance_result o;
	/* deep: 0.5 across A's right face; B's first deepest vertex (0.5, −2.25) lands below that face's end,
	 * so the witnesses are the face's end (1, −1) and B's point (0.5, −1) of its parallel face */
	expect_pen(&sq, at2(0, 0), &sq, at2(1.5f, -1.25f), 0.5, 1, 0, 1e-6, "deep", &o);
	expect_pt(o.point_a, 1, -1, 1e-6), expect_pt(o.point_b, 0.5, -1, 1e-6);
	/* shallow, just past the band: 1e-3 */
	expect_pen(&sq, at2(0, 0), &sq, at2(2 - 1e-3f, 0.25f), 1e-3, 1, 0, 1e-6, "shallow", &o);
	expect_pt(o.point_a, 1, -0.75, 1e-6), expect_pt(o.point_b, 1 - 1e-3, -0.75, 1e-6);
	/* B nested in A: pushed out through A's right face by 2 (tied with B's left face: A's first) */
	expect_pen(&big, at2(0, 0), &small, at2(0.5f, 0), 2, 1, 0, 1e-6, "B inside A", &o);
	expect_pt(o.point_a, 2, -0.5, 1e-6), expect_pt(o.point_b, 0, -0.5, 1e-6);
	/* A inside B: A's left face (tied with B's right face), normal −x; B's vertex (2, −2) lands past A's
	 * face, its end (0, −0.5) is the witness on A */
	expect_pen(&small, at2(0.5f, 0), &big, at2(0, 0), 2, -1, 0, 1e-6, "A inside B", &o);
	expect_pt(o.point_a, 0, -0.5, 1e-6), expect_pt(o.point_b, 2, -0.5, 1e-6);
	/* identical polygons at the same place: the width 2 across A's first face (y = −1, normal −y) */
	expect_pen(&sq, at2(0, 0), &sq, at2(0, 0), 2, 0, -1, 1e-6, "identical", &o);
	cr_expect(fabs(o.point_a.y + 1) <= 1e-6 && fabs(o.point_b.y - 1) <= 1e-6 && o.point_a.x == o.point_b.x);
	/* turned, at 1e4: a triangle's tip 0.25 into a rotated square's face */
	const sw_pose2 qa = {{1e4f, -1e4f}, {0.6f, 0.8f}};
	sw_poly2 tri = {3, {{0, 0}, {2, -1}, {2, 1}}};
	/* B's tip at A's local (0.75, 0.1), pointing −x locally: turned as A */
	const sw_pose2 qb = {{1e4f + 0.6f * 0.75f - 0.8f * 0.1f, -1e4f + 0.8f * 0.75f + 0.6f * 0.1f}, {0.6f, 0.8f}};
	const double tol = 2e-3; /* world coordinates of 1e4 carry 1e-3 */
	expect_pen(&sq, qa, &tri, qb, 0.25, 0.6, 0.8, tol, "turned at 1e4", &o);
	cr_expect(fabs(o.point_b.x - qb.p.x) <= tol && fabs(o.point_b.y - qb.p.y) <= tol);
	cr_expect(fabs(o.point_a.x - (qa.p.x + 0.6 - 0.08)) <= tol && fabs(o.point_a.y - (qa.p.y + 0.8 + 0.06)) <= tol);
}

/* the regular n-gon of circumradius 1, turned by `turn` */
static sw_poly2 ngon(uint32_t n, float turn)
{
	sw_vec2 pts[SW_POLY2_MAX_VERTS];
	sw_poly2 p;
	for (uint32_t k = 0; k < n; k++) {
		const float a = turn + 6.2831853f * (float)k / (float)n;
		pts[k] = sw_v2(cosf(a), sinf(a));
	}
	cr_assert_eq(sw_poly2_build(pts, n, &p), SW_OK);
	cr_assert_eq(p.count, n);
	return p;
}

/* the rule of doc/numerics.md: pairs of more than LARGE_PRODUCT vertex pairs go to GJK */
#define LARGE_PRODUCT 64

Test(poly2_dist, large_polygons_are_gjk)
{
	const uint32_t ns[] = {2, 3, 4, 7, 8, 9, 12, 16};
	const unsigned nn = sizeof ns / sizeof ns[0];
	int saw[2] = {0, 0};
	for (unsigned ia = 0; ia < nn; ia++)
		for (unsigned ib = 0; ib < nn; ib++) {
			const uint32_t na = ns[ia], nb = ns[ib];
			sw_poly2 a = ns[ia] == 2 ? sw_poly2_segment(sw_v2(0, -1), sw_v2(0, 1)) : ngon(na, 0.1f);
			sw_poly2 b = ns[ib] == 2 ? sw_poly2_segment(sw_v2(0, -1), sw_v2(0, 1)) : ngon(nb, -0.2f);
			const int large = na * nb > LARGE_PRODUCT;
			saw[large] = 1;
			sw_vec2 va[SW_POLY2_MAX_VERTS], vb[SW_POLY2_MAX_VERTS];
			memcpy(va, a.v, sizeof(sw_vec2) * na), memcpy(vb, b.v, sizeof(sw_vec2) * nb);
			sw_shape2 ga = sw_shape2_verts(va, na, 0), gb = sw_shape2_verts(vb, nb, 0);
			/* apart (A within x ≤ 1.5, B within x ≥ 2 and x ≥ 1.6), overlapping (B's centre inside A) */
			const sw_pose2 xb[3] = {{{3, 0.3f}, {0.8f, 0.6f}}, {{2.6f, 0}, {1, 0}}, {{0.9f, 0}, {0, 1}}};
			for (int c = 0; c < 3; c++) {
				sw_distance_result o, g;
				int feat;
				dist(&a, at2(0.5f, -0.25f), &b, xb[c], &o, &feat);
				cr_assert_eq(sw_gjk2_distance(&ga, at2(0.5f, -0.25f), &gb, xb[c], NULL, &g), SW_OK);
				cr_expect_eq(o.status, c < 2 ? SW_MISS : SW_STARTS_OVERLAPPED,
					     "%u-gon, %u-gon, case %d", na, nb, c);
				if (large) {
					cr_expect(!feat, "%u-gon, %u-gon, case %d: GJK answers", na, nb, c);
					cr_expect(memcmp(&g, &o, sizeof g) == 0, "%u-gon, %u-gon, case %d: GJK's bits",
						  na, nb, c);
				} else if (c == 2) {
					cr_expect(!feat && o.distance < 0, "%u-gon, %u-gon: the least penetration", na,
						  nb);
				} else {
					cr_expect(feat, "%u-gon, %u-gon, case %d: feature pairs answer", na, nb, c);
					cr_expect(fabs(o.distance - g.distance) <= TOL,
						  "%u-gon, %u-gon, case %d: d %g vs %g", na, nb, c, o.distance,
						  g.distance);
				}
			}
		}
	cr_expect(saw[0] && saw[1]);
	/* a large pair with a bad placement: invalid, as GJK says */
	sw_poly2 big = ngon(16, 0);
	sw_distance_result o;
	sw_pose2 bad = {{0, 0}, {2, 0}};
	cr_expect_eq(dist(&big, bad, &big, at2(3, 0), &o, NULL), SW_PAIR_INVALID);
	cr_expect(isnan(o.distance) && isnan(o.point_a.x));
}

Test(poly2_dist, offsets_tiny_needles)
{
	sw_poly2 small = sw_poly2_box(0.25f, 0.5f);
	sw_distance_result o;
	int feat;
	/* 1e4 from the origin: apart by 0.5 along y */
	cr_expect_eq(dist(&small, at2(1e4f, -1e4f), &small, at2(1e4f + 0.1f, -1e4f + 1.5f), &o, &feat), SW_MISS);
	cr_expect(feat && fabs(o.normal.y - 1) <= 1e-6 && fabs(o.distance - 0.5) <= 2e-3, "d %g", o.distance);
	/* tiny: 1e-3 boxes 1e-3 apart */
	sw_poly2 tiny = sw_poly2_box(5e-4f, 5e-4f);
	cr_expect_eq(dist(&tiny, at2(0, 0), &tiny, at2(2e-3f, 0), &o, &feat), SW_MISS);
	cr_expect(feat && fabs(o.distance - 1e-3) <= 1e-3 * TOL, "d %g", o.distance);
	/* needles tip to tip 1e-3 apart: the axes separate by only about 1e-4·D, GJK answers */
	sw_poly2 r = {3, {{-1, -1e-4f}, {0, 0}, {-1, 1e-4f}}}, l = {3, {{0, 0}, {1, -1e-4f}, {1, 1e-4f}}};
	cr_expect_eq(dist(&r, at2(0, 0), &l, at2(1e-3f, 0), &o, &feat), SW_MISS);
	cr_expect(!feat && fabs(o.distance - 1e-3) <= TOL, "d %g", o.distance);
	/* needles side by side, 0.01 apart: feature pairs, the tip against the other's long edge */
	sw_pose2 up = {{0.01f, 0.5f}, {0, 1}}; /* tip at (0.01, 0.5), base at y = −0.5 */
	cr_expect_eq(dist(&r, at2(0, 0), &r, up, &o, &feat), SW_MISS);
	cr_expect(fabs(o.distance - 0.01) <= 1e-4, "d %g", o.distance);
	/* segments: parallel, 1 apart */
	sw_poly2 seg = sw_poly2_segment(sw_v2(-1, 0), sw_v2(1, 0));
	cr_expect_eq(dist(&seg, at2(0, 0), &seg, at2(0.5f, 1), &o, &feat), SW_MISS);
	cr_expect(feat && fabs(o.distance - 1) <= TOL && fabs(o.normal.y - 1) <= 1e-6);
}

Test(poly2_dist, bad_placements)
{
	sw_poly2 sq = sw_poly2_box(1, 1);
	sw_distance_result o;
	sw_pose2 bad = {{0, 0}, {2, 0}}, far = {{NAN, 0}, {1, 0}};
	cr_expect_eq(dist(&sq, bad, &sq, at2(3, 0), &o, NULL), SW_PAIR_INVALID);
	cr_expect(isnan(o.distance) && isnan(o.point_a.x));
	cr_expect_eq(dist(&sq, at2(0, 0), &sq, far, &o, NULL), SW_PAIR_INVALID);
}

/* the batched row on hand cases, and flagged or out-of-range instances: the single-pair bits */
Test(poly2_dist, batch_row)
{
	/* polygons of 2 to 16 vertices: pairs on both sides of the rule that sends large ones to GJK */
	enum { NP = 9 };
	const sw_poly2 polys[NP] = {sw_poly2_box(1, 1),
				    {3, {{0, 0}, {2, -1}, {2, 1}}},
				    {3, {{-1, -1e-4f}, {0, 0}, {-1, 1e-4f}}},
				    {3, {{0, 0}, {1, -1e-4f}, {1, 1e-4f}}},
				    sw_poly2_segment(sw_v2(-1, 0), sw_v2(1, 0)),
				    sw_poly2_box(0.25f, 0.5f),
				    ngon(16, 0.1f),
				    ngon(12, 0.3f),
				    ngon(9, -0.2f)};
	const sw_pose2 poses[NP] = {{{0, 0}, {1, 0}},     {{1.5f, 0.3f}, {1, 0}}, {{0, 3}, {1, 0}},
				    {{1e-3f, 3}, {1, 0}}, {{3, 0}, {0.6f, 0.8f}}, {{-2, -3}, {0, 1}},
				    {{-3, 0.5f}, {1, 0}}, {{4, 3}, {0.8f, 0.6f}}, {{-1.5f, 2}, {0, 1}}};
	sw_poly2_set *ps;
	cr_assert_eq(sw_poly2_set_create(NP, &ps), SW_OK);
	for (uint32_t k = 0; k < NP; k++) {
		uint32_t id;
		cr_assert_eq(sw_poly2_set_add_shape(ps, &polys[k], &id), SW_OK);
		cr_assert_eq(sw_poly2_set_add(ps, id, poses[k], sw_v2(0, 0), NULL), SW_OK);
	}
	enum { N = NP * NP + 2 };
	sw_pair pairs[N];
	for (uint32_t k = 0; k < NP * NP; k++)
		pairs[k] = (sw_pair){k % NP, k / NP};
	pairs[NP * NP] = (sw_pair){NP + 3, 0}, pairs[NP * NP + 1] = (sw_pair){0, 1000};
	uint8_t st[N];
	uint32_t feat[N];
	float c[7][N];
	sw_distance_results out = {st, feat, c[0], c[1], c[2], NULL, c[3], c[4], NULL, c[5], c[6], NULL};
	cr_assert_eq(sw_gjk2_poly2_distance_batch(ps, ps, pairs, N, NULL, NULL, &out), SW_OK);
	for (uint32_t k = 0; k < NP * NP; k++) {
		sw_distance_result o;
		uint32_t it;
		sw_gjk2_poly2_distance_pair_ref(&polys[pairs[k].a], poses[pairs[k].a], &polys[pairs[k].b],
						poses[pairs[k].b], NULL, &o, &it);
		cr_expect_eq(st[k], o.status, "pair %u", k);
		cr_expect_eq(feat[k], o.feature, "pair %u", k);
		const float want[7] = {o.distance,  o.normal.x,  o.normal.y, o.point_a.x,
				       o.point_a.y, o.point_b.x, o.point_b.y};
		for (int r = 0; r < 7; r++)
			cr_expect(memcmp(&want[r], &c[r][k], sizeof(float)) == 0, "pair %u column %d: bits differ", k,
				  r);
	}
	for (uint32_t k = NP * NP; k < N; k++) {
		cr_expect_eq(st[k], SW_PAIR_INVALID, "pair %u", k);
		cr_expect(isnan(c[0][k]) && isnan(c[3][k]), "pair %u", k);
	}
	sw_poly2_set_destroy(ps);
}

/* ---- the oracle ---- */

enum { POP_RANDOM, POP_CLOSE, POP_NEEDLES };
#define N_PAIRS 4000

typedef struct pcase {
	sw_poly2 a, b;
	sw_pose2 pa, pb;
} pcase;

static void random_poly(sc_rng *r, int needle, sw_poly2 *p)
{
	sw_vec2 pts[8];
	const float sx = needle ? sc_uniform(r, 0.5f, 2) : 1.2f, sy = needle ? sc_uniform(r, 1e-4f, 1e-2f) : 1.2f;
	size_t n = 3 + sc_below(r, 6);
	do
		for (size_t k = 0; k < n; k++)
			pts[k] = sw_v2(sc_uniform(r, -sx, sx), sc_uniform(r, -sy, sy));
	while (sw_poly2_build(pts, n, p) != SW_OK || p->count < 3);
}

static void place(const sw_poly2 *p, sw_pose2 x, og_shape *o)
{
	sw_vec2 v[SW_POLY2_MAX_VERTS];
	memcpy(v, p->v, sizeof(sw_vec2) * p->count);
	sw_shape2 s = sw_shape2_verts(v, p->count, 0);
	og_shape l;
	og_shape2_local(&s, &l);
	og_place2(&l, x, o);
}

static void random_pcase(uint64_t seed, int pop, pcase *c)
{
	sc_rng r = sc_rng_seed(seed);
	random_poly(&r, pop == POP_NEEDLES && sc_below(&r, 2), &c->a);
	random_poly(&r, pop == POP_NEEDLES, &c->b);
	sw_vec2 off = seed % 10 == 3 ? sw_v2(1e4f, -1e4f) : sw_v2(0, 0);
	c->pa = (sw_pose2){sw_v2_add(off, sw_v2(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1))),
			   sw_rot2_from_angle(sc_uniform(&r, -3.14159f, 3.14159f))};
	c->pb = (sw_pose2){sw_v2_add(c->pa.p, sw_v2(sc_uniform(&r, -3, 3), sc_uniform(&r, -3, 3))),
			   sw_rot2_from_angle(sc_uniform(&r, -3.14159f, 3.14159f))};
	if (pop != POP_CLOSE)
		return;
	/* B moved along the closest direction to a separation of ±3e-4·S, or apart by up to 1e-2·S */
	og_shape a, b;
	og_dist d;
	const double zero[3] = {0, 0, 0};
	place(&c->a, c->pa, &a), place(&c->b, c->pb, &b);
	og_distance(&a, &b, zero, &d);
	if (d.overlap)
		return;
	double s = a.size + b.size + hypot(c->pb.p.x - c->pa.p.x, c->pb.p.y - c->pa.p.y);
	double eps = (sc_below(&r, 2) ? sc_uniform(&r, -3e-4f, 3e-4f) : sc_uniform(&r, 0, 1e-2f)) * s;
	double k = d.core_dist - eps, nx = (d.pb[0] - d.pa[0]) / d.core_dist, ny = (d.pb[1] - d.pa[1]) / d.core_dist;
	c->pb.p = sw_v2_sub(c->pb.p, sw_v2((float)(k * nx), (float)(k * ny)));
}

typedef struct ptally {
	int n, feat, pen, gjk, band, fail, limit;
	double max_err;     /* largest |distance − exact| / S over the feature answers */
	double max_pen_err; /* largest |distance + exact depth| / S over the penetration answers */
} ptally;

static void pfail(ptally *t, uint64_t seed, const char *what, double x, double y)
{
	if (t->fail++ < 6)
		fprintf(stderr, "seed %llu: %s (%.9g vs %.9g)\n", (unsigned long long)seed, what, x, y);
}

/* an overlapping pair's least penetration: −distance the exact depth (the oracle's largest gap over a
 * complete direction set), moving B by it along the normal leaves the pair touching along the normal,
 * point_a on A's boundary, point_b on B's, point_b − point_a = distance·normal */
static void judge_pen(const sw_distance_result *o, const og_shape *a, const og_shape *b, const og_dist *d, double s,
		      double band, double world, uint64_t seed, ptally *t)
{
	const double err = fabs(o->distance - d->sat);
	if (err / s > t->max_pen_err)
		t->max_pen_err = err / s;
	if (!(err <= band))
		pfail(t, seed, "depth", -o->distance, -d->sat);
	const double n[3] = {o->normal.x, o->normal.y, 0}, shift[3] = {-o->distance * n[0], -o->distance * n[1], 0};
	const double g = og_gap(a, b, shift, n);
	if (!(fabs(g) <= band))
		pfail(t, seed, "B moved by the depth along the normal not touching", g, 0);
	const double pa[3] = {o->point_a.x, o->point_a.y, 0}, pb[3] = {o->point_b.x, o->point_b.y, 0};
	if (!(og_point_dist(a, pa) <= band + world))
		pfail(t, seed, "point_a off A", og_point_dist(a, pa), 0);
	if (!(og_point_dist(b, pb) <= band + world))
		pfail(t, seed, "point_b off B", og_point_dist(b, pb), 0);
	const double ex = pb[0] - pa[0] - o->distance * n[0], ey = pb[1] - pa[1] - o->distance * n[1];
	if (!(hypot(ex, ey) <= band + 2 * world))
		pfail(t, seed, "pb - pa vs distance * normal", hypot(ex, ey), 0);
	if (!(fabs(hypot(n[0], n[1]) - 1) <= 1e-5))
		pfail(t, seed, "normal not unit", hypot(n[0], n[1]), 1);
}

static void judge(const pcase *c, uint64_t seed, ptally *t)
{
	sw_distance_result o;
	uint32_t it;
	og_shape a, b;
	og_dist d;
	const double zero[3] = {0, 0, 0};
	sw_gjk2_poly2_distance_pair_ref(&c->a, c->pa, &c->b, c->pb, NULL, &o, &it);
	place(&c->a, c->pa, &a), place(&c->b, c->pb, &b);
	og_distance(&a, &b, zero, &d);
	const double s = a.size + b.size + hypot(c->pb.p.x - c->pa.p.x, c->pb.p.y - c->pa.p.y), band = 1e-5 * s;
	const double m = fmax(fmax(fabs(c->pa.p.x), fabs(c->pa.p.y)), fmax(fabs(c->pb.p.x), fabs(c->pb.p.y)));
	const double world = sqrt(3.0) * 0x1p-23 * m;
	const double core = d.overlap ? d.sat : d.core_dist;
	const int feat = it == 0 && o.status == SW_MISS, pen = it == 0 && o.status == SW_STARTS_OVERLAPPED;
	t->n++, t->feat += feat, t->pen += pen, t->gjk += !feat && !pen, t->limit += o.status == SW_ITER_LIMIT;
	if (fabs(core) <= band) {
		t->band++;
		return;
	}
	if (o.status == SW_ITER_LIMIT && !feat)
		return;
	const sw_status want = d.overlap ? SW_STARTS_OVERLAPPED : SW_MISS;
	if (o.status != want) {
		pfail(t, seed, "status", o.status, want);
		return;
	}
	if (want != SW_MISS) {
		if (pen)
			judge_pen(&o, &a, &b, &d, s, band, world, seed, t);
		return;
	}
	double err = fabs(o.distance - d.core_dist);
	if (feat && err / s > t->max_err)
		t->max_err = err / s;
	if (!(err <= band))
		pfail(t, seed, "distance", o.distance, d.core_dist);
	const double pa[3] = {o.point_a.x, o.point_a.y, 0}, pb[3] = {o.point_b.x, o.point_b.y, 0};
	if (!(og_point_dist(&a, pa) <= band + world))
		pfail(t, seed, "point_a off A", og_point_dist(&a, pa), 0);
	if (!(og_point_dist(&b, pb) <= band + world))
		pfail(t, seed, "point_b off B", og_point_dist(&b, pb), 0);
	double ex = pb[0] - pa[0] - o.distance * o.normal.x, ey = pb[1] - pa[1] - o.distance * o.normal.y;
	if (!(hypot(ex, ey) <= band + 2 * world))
		pfail(t, seed, "pb - pa vs distance * normal", hypot(ex, ey), 0);
	if (!(fabs(hypot(o.normal.x, o.normal.y) - 1) <= 1e-5))
		pfail(t, seed, "normal not unit", hypot(o.normal.x, o.normal.y), 1);
}

static void population(int pop, uint64_t base, const char *name)
{
	static pcase c;
	ptally t;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < N_PAIRS; i++) {
		random_pcase(base + (uint64_t)i, pop, &c);
		judge(&c, base + (uint64_t)i, &t);
	}
	fprintf(stderr,
		"%s: %d pairs, %d by feature pairs, %d by the least penetration, %d by GJK (%d at the cap), %d in "
		"the band; largest distance error of the feature answers %.3g·S, depth error of the penetration "
		"answers %.3g·S; %d failures\n",
		name, t.n, t.feat, t.pen, t.gjk, t.limit, t.band, t.max_err, t.max_pen_err, t.fail);
	cr_expect_eq(t.fail, 0, "%s: %d disagreements with the oracle", name, t.fail);
	cr_expect(t.feat > 0);
}

Test(poly2_dist_oracle, random) { population(POP_RANDOM, 9100000, "polygons of 3-8 points"); }
Test(poly2_dist_oracle, near_contact) { population(POP_CLOSE, 9200000, "polygons near contact"); }
Test(poly2_dist_oracle, needles) { population(POP_NEEDLES, 9300000, "needles against polygons and needles"); }
