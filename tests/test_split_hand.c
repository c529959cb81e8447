/* tests/test_split_hand.c — polygon and triangle splits against hand-derived answers: the plane
 * through a vertex, through two (a diagonal), along an edge, a coplanar polygon, shapes wholly on one
 * side, vertices within eps, tiny and large eps, slivers, 1e4 offsets, each vertex of a triangle on
 * the plane, attributes and the area / centroid query. Expected values come from the geometry in the
 * comments, not from the code under test. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <swept/swept.h>

typedef struct split2 {
	sw_split_output o;
	sw_vec2 f[SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS)], b[SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS)];
} split2;

static split2 run2(const sw_vec2 *v, uint32_t n, sw_plane2 l, float eps)
{
	split2 r;
	sw_split_opts o = {.eps = eps};
	cr_assert_eq(sw_poly2_split(v, n, l, &o, NULL, r.f, r.b, &r.o), SW_OK);
	cr_assert_eq(r.o.status == SW_HIT, r.o.cls == SW_SPLIT_STRADDLE);
	return r;
}

static sw_plane2 line(float px, float py, float nx, float ny)
{
	sw_plane2 l = {{px, py}, {nx, ny}};
	return l;
}

/* piece equals want (same start, bit for bit) */
static void same_poly(const sw_vec2 *got, uint32_t ng, const sw_vec2 *want, uint32_t nw, const char *what)
{
	cr_assert_eq(ng, nw, "%s: %u vertices, want %u", what, ng, nw);
	for (uint32_t i = 0; i < nw; i++)
		cr_expect(got[i].x == want[i].x && got[i].y == want[i].y,
			  "%s vertex %u: (%.9g, %.9g), want (%.9g, %.9g)", what, i, got[i].x, got[i].y, want[i].x,
			  want[i].y);
}

static double area2(const sw_vec2 *v, uint32_t n)
{
	double a = 0;
	for (uint32_t i = 0; i < n; i++) {
		sw_vec2 p = v[i], q = v[(i + 1) % n];
		a += ((double)p.x - v[0].x) * ((double)q.y - v[0].y) - ((double)p.y - v[0].y) * ((double)q.x - v[0].x);
	}
	return a / 2;
}

static const sw_vec2 unit_square[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};

Test(split_hand, square_through_the_middle)
{
	split2 r = run2(unit_square, 4, line(0.5f, 0, 1, 0), 0);
	/* s = x − 0.5: vertices B F F B; the edges 0→1 and 2→3 cross at x = 0.5 exactly (t = 0.5) */
	const sw_vec2 f[4] = {{0.5f, 0}, {1, 0}, {1, 1}, {0.5f, 1}}, b[4] = {{0, 0}, {0.5f, 0}, {0.5f, 1}, {0, 1}};
	cr_expect_eq(r.o.cls, SW_SPLIT_STRADDLE);
	same_poly(r.f, r.o.front_count, f, 4, "front");
	same_poly(r.b, r.o.back_count, b, 4, "back");
}

Test(split_hand, through_one_vertex)
{
	/* apex (1, 2) on the line x = 1; the base is cut at (1, 0): one new vertex, the apex in both */
	const sw_vec2 tri[3] = {{0, 0}, {2, 0}, {1, 2}};
	split2 r = run2(tri, 3, line(1, 0, 1, 0), 0);
	const sw_vec2 f[3] = {{1, 0}, {2, 0}, {1, 2}}, b[3] = {{0, 0}, {1, 0}, {1, 2}};
	same_poly(r.f, r.o.front_count, f, 3, "front");
	same_poly(r.b, r.o.back_count, b, 3, "back");
}

Test(split_hand, through_two_vertices_diagonal)
{
	/* the diagonal y = x: (0,0) and (1,1) are ON, (1,0) in front (normal (1,−1)), (0,1) behind; no new
	 * vertex is made */
	split2 r = run2(unit_square, 4, line(0, 0, 1, -1), 0);
	const sw_vec2 f[3] = {{0, 0}, {1, 0}, {1, 1}}, b[3] = {{0, 0}, {1, 1}, {0, 1}};
	cr_expect_eq(r.o.cls, SW_SPLIT_STRADDLE);
	same_poly(r.f, r.o.front_count, f, 3, "front");
	same_poly(r.b, r.o.back_count, b, 3, "back");
}

Test(split_hand, along_an_edge)
{
	/* x = 1 holds the edge (1,0)–(1,1): ON ON and two vertices behind, so the square lies behind */
	split2 r = run2(unit_square, 4, line(1, 0, 1, 0), 0);
	cr_expect_eq(r.o.cls, SW_SPLIT_BACK);
	cr_expect_eq(r.o.status, SW_MISS);
	cr_expect_eq(r.o.front_count, 0);
	same_poly(r.b, r.o.back_count, unit_square, 4, "back");
	r = run2(unit_square, 4, line(1, 0, -1, 0), 0);
	cr_expect_eq(r.o.cls, SW_SPLIT_FRONT);
	same_poly(r.f, r.o.front_count, unit_square, 4, "front");
	cr_expect_eq(r.o.back_count, 0);
}

Test(split_hand, wholly_in_front_and_behind)
{
	split2 r = run2(unit_square, 4, line(-3, 0, 1, 0.25f), 0);
	cr_expect_eq(r.o.cls, SW_SPLIT_FRONT);
	same_poly(r.f, r.o.front_count, unit_square, 4, "front");
	cr_expect_eq(r.o.back_count, 0);
	r = run2(unit_square, 4, line(5, 0, 1, 0.25f), 0);
	cr_expect_eq(r.o.cls, SW_SPLIT_BACK);
	same_poly(r.b, r.o.back_count, unit_square, 4, "back");
}

Test(split_hand, coplanar_sliver_goes_in_front)
{
	/* every vertex within eps = 1e-3 of y = 0 */
	const sw_vec2 s[4] = {{0, 0}, {1, 0}, {1, 1e-4f}, {0, 2e-4f}};
	split2 r = run2(s, 4, line(0, 0, 0, 1), 1e-3f);
	cr_expect_eq(r.o.cls, SW_SPLIT_COPLANAR);
	cr_expect_eq(r.o.status, SW_MISS);
	same_poly(r.f, r.o.front_count, s, 4, "front");
	cr_expect_eq(r.o.back_count, 0);
}

Test(split_hand, vertex_within_eps_is_on)
{
	/* line x = 1 − 5e-7: the right edge is 5e-7 in front, within eps = 1e-6, so it is ON and the
	 * square lies behind; with eps = 0 it is cut, leaving a sliver 5e-7 wide in front */
	split2 r = run2(unit_square, 4, line(1 - 5e-7f, 0, 1, 0), 1e-6f);
	cr_expect_eq(r.o.cls, SW_SPLIT_BACK);
	cr_expect_eq(r.o.front_count, 0);
	same_poly(r.b, r.o.back_count, unit_square, 4, "back");
	r = run2(unit_square, 4, line(1 - 5e-7f, 0, 1, 0), 0);
	cr_expect_eq(r.o.cls, SW_SPLIT_STRADDLE);
	cr_expect_eq(r.o.front_count, 4);
	double w = 1.0 - (double)(1 - 5e-7f); /* the line's x as a float: 1 − 8 ulps */
	cr_expect(fabs(area2(r.f, 4) - w) < 1e-12, "sliver area %g, want %g", area2(r.f, 4), w);
	cr_expect(fabs(area2(r.f, 4) + area2(r.b, r.o.back_count) - 1) < 1e-6);
}

Test(split_hand, tiny_and_large_eps)
{
	/* eps = FLT_MIN behaves as 0; eps = 10 makes the whole square ON (coplanar, to the front) */
	split2 r = run2(unit_square, 4, line(0.25f, 0, 1, 0), 1.2e-38f);
	cr_expect_eq(r.o.cls, SW_SPLIT_STRADDLE);
	cr_expect(fabs(area2(r.f, r.o.front_count) - 0.75) < 1e-6);
	r = run2(unit_square, 4, line(0.25f, 0, 1, 0), 10);
	cr_expect_eq(r.o.cls, SW_SPLIT_COPLANAR);
	same_poly(r.f, r.o.front_count, unit_square, 4, "front");
}

Test(split_hand, on_vertices_within_a_wide_eps)
{
	/* eps = 0.1 and x = 0.95: the right edge (0.05 in front) is ON; no vertex is strictly in front, so
	 * the square lies behind and the front is empty */
	split2 r = run2(unit_square, 4, line(0.95f, 0, 1, 0), 0.1f);
	cr_expect_eq(r.o.cls, SW_SPLIT_BACK);
	/* a pentagon with its tip 0.05 in front: tip ON, cut elsewhere */
	const sw_vec2 p[5] = {{0, 0}, {1, 0}, {1.05f, 0.5f}, {1, 1}, {0, 1}};
	r = run2(p, 5, line(1, 0, 1, 0), 0.1f);
	/* (1,0), (1.05,0.5), (1,1) are ON; (0,0), (0,1) behind: lies behind */
	cr_expect_eq(r.o.cls, SW_SPLIT_BACK);
	r = run2(p, 5, line(0.5f, 0, 1, 0), 0.1f);
	const sw_vec2 f[5] = {{0.5f, 0}, {1, 0}, {1.05f, 0.5f}, {1, 1}, {0.5f, 1}};
	same_poly(r.f, r.o.front_count, f, 5, "front");
}

Test(split_hand, on_run_stays_in_front_and_pieces_tile)
{
	/* x = 0 with eps = 0.1: V1, V4, V5 are ON. The front takes every ON vertex; the back only those
	 * next to one of its own (V1 after V0, V5 before V6), so both pieces meet along V5–V1 and tile */
	const sw_vec2 p[7] = {{-1, -1}, {0, -1.2f}, {1, -1}, {1, 1}, {0.05f, 1.3f}, {-0.02f, 1.3f}, {-1, 1}};
	split2 r = run2(p, 7, line(0, 0, 1, 0), 0.1f);
	const sw_vec2 f[5] = {p[1], p[2], p[3], p[4], p[5]}, b[4] = {p[0], p[1], p[5], p[6]};
	cr_expect_eq(r.o.cls, SW_SPLIT_STRADDLE);
	same_poly(r.f, r.o.front_count, f, 5, "front");
	same_poly(r.b, r.o.back_count, b, 4, "back");
	cr_expect(fabs(area2(r.f, 5) + area2(r.b, 4) - area2(p, 7)) < 1e-6);
}

Test(split_hand, degenerate_sliver)
{
	/* a 1 × 1e-6 sliver cut across: two slivers of half the area */
	const sw_vec2 s[4] = {{0, 0}, {1, 0}, {1, 1e-6f}, {0, 1e-6f}};
	split2 r = run2(s, 4, line(0.5f, 0, 1, 0), 0);
	cr_expect_eq(r.o.front_count, 4);
	cr_expect_eq(r.o.back_count, 4);
	cr_expect(fabs(area2(r.f, 4) - 5e-7) < 1e-12 && fabs(area2(r.b, 4) - 5e-7) < 1e-12);
	/* a cut a hair inside a vertex: the front piece rounds onto one point and is returned empty */
	const sw_vec2 t[3] = {{1e4f, 1e4f}, {1e4f + 1, 1e4f}, {1e4f, 1e4f + 1}};
	r = run2(t, 3, line(1e4f, 1e4f, -1, -1), 0); /* s(a) = 0 exactly: a is ON */
	cr_expect_eq(r.o.cls, SW_SPLIT_BACK);
	r = run2(t, 3, line(1e4f + 1e-9f, 1e4f, -1, 0), 0); /* p.x rounds to 1e4 too: a ON */
	cr_expect_eq(r.o.cls, SW_SPLIT_BACK);
	r = run2(t, 3, line(1e4f + 1e-3f, 1e4f, -1, 0), 0); /* ulp(1e4) ≈ 1e-3: a in front by one ulp */
	cr_expect_eq(r.o.cls, SW_SPLIT_STRADDLE);
	cr_expect(r.o.front_count == 0 || r.o.front_count >= 3);
	cr_expect_eq(r.o.back_count >= 3, 1);
}

Test(split_hand, sides_alternating_along_a_needle)
{
	/* a 32-gon within 1e-5 of the segment [0, 15.5] on y = 0 (valid: convex to δ ≈ 3e-5), its vertices
	 * alternately 1e-5 above and below the line y = 0: every edge changes side and is cut, so each piece
	 * takes its 16 vertices and all 32 split points, n + n/2 = 48 (SW_SPLIT_MAX_PIECE), and not one
	 * vertex more */
	sw_vec2 v[32];
	for (int i = 0; i < 16; i++) {
		v[i] = sw_v2((float)i, i & 1 ? 1e-5f : -1e-5f);
		v[16 + i] = sw_v2(15.5f - (float)i, i & 1 ? 1e-5f : -1e-5f);
	}
	sw_vec2 f[SW_SPLIT_MAX_PIECE(32) + 4], b[SW_SPLIT_MAX_PIECE(32) + 4];
	memset(f, 0xA5, sizeof f);
	memset(b, 0xA5, sizeof b);
	sw_split_output o;
	cr_assert_eq(sw_poly2_split(v, 32, line(0, 0, 0, 1), NULL, NULL, f, b, &o), SW_OK);
	cr_expect(o.status == SW_HIT && o.front_count == 48 && o.back_count == 48, "%u + %u", o.front_count,
		  o.back_count);
	unsigned char poison[4 * sizeof(sw_vec2)];
	memset(poison, 0xA5, sizeof poison);
	cr_expect(!memcmp(f + 48, poison, sizeof poison) && !memcmp(b + 48, poison, sizeof poison),
		  "written past the bound");
	/* with eps above the noise it is coplanar, whole in front */
	cr_expect_eq(run2(v, 32, line(0, 0, 0, 1), 2e-5f).o.cls, SW_SPLIT_COPLANAR);
}

Test(split_hand, far_from_the_origin)
{
	/* the unit square at (1e4, −1e4) cut at its middle: the same pieces as at the origin, moved */
	sw_vec2 sq[4], f[4], b[4];
	const sw_vec2 o = {1e4f, -1e4f}, fw[4] = {{0.5f, 0}, {1, 0}, {1, 1}, {0.5f, 1}},
		      bw[4] = {{0, 0}, {0.5f, 0}, {0.5f, 1}, {0, 1}};
	for (int i = 0; i < 4; i++) {
		sq[i] = sw_v2_add(unit_square[i], o);
		f[i] = sw_v2_add(fw[i], o);
		b[i] = sw_v2_add(bw[i], o);
	}
	split2 r = run2(sq, 4, line(o.x + 0.5f, o.y, 1, 0), 0);
	same_poly(r.f, r.o.front_count, f, 4, "front");
	same_poly(r.b, r.o.back_count, b, 4, "back");
	sw_split_mass2 m;
	sw_poly2_split_mass(sq, 4, line(o.x + 0.5f, o.y, 1, 0), NULL, &m);
	cr_expect(fabsf(m.front_area - 0.5f) < 1e-6f && fabsf(m.back_area - 0.5f) < 1e-6f, "areas %g %g", m.front_area,
		  m.back_area);
	cr_expect(fabsf(m.front_centroid.x - (o.x + 0.75f)) < 2e-3f &&
		  fabsf(m.front_centroid.y - (o.y + 0.5f)) < 2e-3f);
}

Test(split_hand, mass_of_halves)
{
	/* the square cut by x = 0.25: areas 0.75 and 0.25, centroids (0.625, 0.5) and (0.125, 0.5) */
	sw_split_mass2 m;
	cr_assert_eq(sw_poly2_split_mass(unit_square, 4, line(0.25f, 0, 1, 0), NULL, &m), SW_OK);
	cr_assert_eq(m.status, SW_HIT);
	cr_expect(fabsf(m.front_area - 0.75f) < 1e-6f && fabsf(m.back_area - 0.25f) < 1e-6f);
	cr_expect(fabsf(m.front_centroid.x - 0.625f) < 1e-6f && fabsf(m.front_centroid.y - 0.5f) < 1e-6f);
	cr_expect(fabsf(m.back_centroid.x - 0.125f) < 1e-6f && fabsf(m.back_centroid.y - 0.5f) < 1e-6f);
	/* wholly behind: front area 0 and its centroid is the first vertex */
	cr_assert_eq(sw_poly2_split_mass(unit_square, 4, line(3, 0, 1, 0), NULL, &m), SW_OK);
	cr_expect_eq(m.status, SW_MISS);
	cr_expect(m.front_area == 0 && m.front_centroid.x == 0 && m.front_centroid.y == 0);
	cr_expect(fabsf(m.back_area - 1) < 1e-6f && fabsf(m.back_centroid.x - 0.5f) < 1e-6f);
}

Test(split_hand, attributes_follow_the_cut)
{
	/* uv = position: the split points' uv must be their positions, computed with the same t */
	float uv[8] = {0, 0, 1, 0, 1, 1, 0, 1}, fa[10], ba[10];
	sw_split_attrs at = {2, uv, fa, ba};
	sw_vec2 f[5], b[5];
	sw_split_output o;
	sw_poly2_split(unit_square, 4, line(0.3f, 0, 1, 0.2f), NULL, &at, f, b, &o);
	cr_assert_eq(o.status, SW_HIT);
	for (uint32_t i = 0; i < o.front_count; i++)
		cr_expect(fabsf(fa[2 * i] - f[i].x) < 1e-6f && fabsf(fa[2 * i + 1] - f[i].y) < 1e-6f);
	for (uint32_t i = 0; i < o.back_count; i++)
		cr_expect(fabsf(ba[2 * i] - b[i].x) < 1e-6f && fabsf(ba[2 * i + 1] - b[i].y) < 1e-6f);
}

/* ---- 3D polygons ---- */

Test(split_hand, poly3_square_and_coplanar_facing)
{
	const sw_vec3 sq[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}; /* normal +z */
	sw_vec3 f[5], b[5];
	sw_split_output o;
	sw_plane3 px = {{0.5f, 0, 0}, {1, 0, 0}}, pz = {{0, 0, 0}, {0, 0, 1}}, mz = {{0, 0, 0}, {0, 0, -1}};
	sw_poly3_split(sq, 4, px, NULL, NULL, f, b, &o);
	cr_expect_eq(o.front_count, 4);
	cr_expect(f[0].x == 0.5f && f[0].y == 0 && f[3].x == 0.5f && f[3].y == 1);
	/* in the plane: to the side its normal faces */
	sw_poly3_split(sq, 4, pz, NULL, NULL, f, b, &o);
	cr_expect(o.cls == SW_SPLIT_COPLANAR && o.front_count == 4 && o.back_count == 0);
	sw_poly3_split(sq, 4, mz, NULL, NULL, f, b, &o);
	cr_expect(o.cls == SW_SPLIT_COPLANAR && o.front_count == 0 && o.back_count == 4);
	sw_split_mass3 m;
	sw_poly3_split_mass(sq, 4, px, NULL, &m);
	cr_expect(fabsf(m.front_measure - 0.5f) < 1e-6f && fabsf(m.front_centroid.x - 0.75f) < 1e-6f);
}

/* ---- triangles ---- */

static sw_split_output tri(const sw_tri3 *t, sw_plane3 p, sw_tri3 *f, sw_tri3 *b)
{
	sw_split_output o;
	cr_assert_eq(sw_tri3_split(t, p, NULL, NULL, f, b, &o), SW_OK);
	return o;
}

static double tri_area(const sw_tri3 *t)
{
	double e1[3] = {t->b.x - t->a.x, t->b.y - t->a.y, t->b.z - t->a.z};
	double e2[3] = {t->c.x - t->a.x, t->c.y - t->a.y, t->c.z - t->a.z};
	double x = e1[1] * e2[2] - e1[2] * e2[1], y = e1[2] * e2[0] - e1[0] * e2[2], z = e1[0] * e2[1] - e1[1] * e2[0];
	return z >= 0 ? sqrt(x * x + y * y + z * z) / 2 : -sqrt(x * x + y * y + z * z) / 2;
}

Test(split_hand, triangle_vertex_on_plane_each)
{
	/* (0,0,0), (2,0,0), (0,2,0); for each vertex V, the plane through V and the midpoint M of the
	 * opposite edge: one triangle each side, areas 1 and 1, M made once */
	const sw_tri3 t = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
	const sw_vec3 *V[3] = {&t.a, &t.b, &t.c};
	for (int k = 0; k < 3; k++) {
		sw_vec3 p = *V[k], q = *V[(k + 1) % 3], r = *V[(k + 2) % 3];
		sw_vec3 m = sw_v3_scale(sw_v3_add(q, r), 0.5f), d = sw_v3_sub(m, p);
		sw_plane3 pl = {p, sw_v3(d.y, -d.x, 0)};
		sw_tri3 f[2], b[2];
		sw_split_output o = tri(&t, pl, f, b);
		cr_expect_eq(o.cls, SW_SPLIT_STRADDLE, "vertex %d", k);
		cr_expect(o.front_count == 1 && o.back_count == 1, "vertex %d: %u + %u triangles", k, o.front_count,
			  o.back_count);
		cr_expect(fabs(tri_area(&f[0]) - 1) < 1e-6 && fabs(tri_area(&b[0]) - 1) < 1e-6, "vertex %d areas %g %g",
			  k, tri_area(&f[0]), tri_area(&b[0]));
	}
}

Test(split_hand, triangle_lone_vertex_makes_one_and_two)
{
	/* x = 0.5 cuts off vertex b = (2,0,0): front one triangle (area 1.5²/2·... = 0.5625·2/2), back two */
	const sw_tri3 t = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
	sw_plane3 pl = {{0.5f, 0, 0}, {1, 0, 0}};
	sw_tri3 f[2], b[2];
	sw_split_output o = tri(&t, pl, f, b);
	cr_expect(o.front_count == 1 && o.back_count == 2);
	/* front: the corner triangle with legs 1.5 → area 1.125; back: 2 − 1.125 */
	cr_expect(fabs(tri_area(&f[0]) - 1.125) < 1e-6);
	cr_expect(fabs(tri_area(&b[0]) + tri_area(&b[1]) - 0.875) < 1e-6);
	cr_expect(tri_area(&b[0]) > 0 && tri_area(&b[1]) > 0, "winding kept");
}

Test(split_hand, triangle_two_vertices_on_plane)
{
	/* the edge a–b on the plane y = 0, c behind (normal −y): whole behind */
	const sw_tri3 t = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
	sw_plane3 pl = {{0, 0, 0}, {0, -1, 0}};
	sw_tri3 f[2], b[2];
	sw_split_output o = tri(&t, pl, f, b);
	cr_expect(o.cls == SW_SPLIT_BACK && o.front_count == 0 && o.back_count == 1);
	cr_expect(!memcmp(&b[0], &t, sizeof t));
}

Test(split_hand, triangle_attributes)
{
	/* colour = (x, y, z, 1): the cut triangles' colours are their positions */
	const sw_tri3 t = {{0, 0, 0}, {2, 0, 0}, {0, 2, 1}};
	float col[12] = {0, 0, 0, 1, 2, 0, 0, 1, 0, 2, 1, 1}, fa[24], ba[24];
	sw_split_attrs at = {4, col, fa, ba};
	sw_plane3 pl = {{0.7f, 0, 0}, {1, 0.1f, 0.2f}};
	sw_tri3 f[2], b[2];
	sw_split_output o;
	sw_tri3_split(&t, pl, NULL, &at, f, b, &o);
	cr_assert_eq(o.status, SW_HIT);
	for (uint32_t i = 0; i < o.front_count; i++) {
		const sw_vec3 *v = &f[i].a;
		for (int j = 0; j < 3; j++)
			cr_expect(fabsf(fa[12 * i + 4 * j] - v[j].x) < 1e-6f &&
				  fabsf(fa[12 * i + 4 * j + 2] - v[j].z) < 1e-6f && fa[12 * i + 4 * j + 3] == 1);
	}
	for (uint32_t i = 0; i < o.back_count; i++) {
		const sw_vec3 *v = &b[i].a;
		for (int j = 0; j < 3; j++)
			cr_expect(fabsf(ba[12 * i + 4 * j + 1] - v[j].y) < 1e-6f);
	}
}
