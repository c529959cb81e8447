/* tests/test_hull_flat.c — thin and flat hulls: slabs and plates from 1e-3 down to 1e-8 of their size
 * through sw_hull3_build and sw_hull3_from_faces, flat clouds (random polygons in random planes with
 * tiny noise, at the origin and at 1e4) giving flat hulls, the flat-hull representation of
 * swept/hull.h checked here independently of sw_hull3_check (loops, edges, opposite normals,
 * containment of every input point within tol, convexity, area centroid, canonical start and sign),
 * order independence, and every rejection of a two-face list. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "scenes.h"

#define MAXP 512

static double ddot(sw_vec3 a, const double b[3])
{
	return (double)a.x * b[0] + (double)a.y * b[1] + (double)a.z * b[2];
}

static void dsub(sw_vec3 a, sw_vec3 b, double o[3])
{
	o[0] = (double)a.x - b.x;
	o[1] = (double)a.y - b.y;
	o[2] = (double)a.z - b.z;
}

static void dcross(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

static double dlen(const double a[3]) { return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }

static int lex_less(sw_vec3 a, sw_vec3 b)
{
	if (a.x != b.x)
		return a.x < b.x;
	if (a.y != b.y)
		return a.y < b.y;
	return a.z < b.z;
}

/* loops, edges, normals and offsets of the representation */
static void expect_flat_layout(const sw_hull3 *h)
{
	uint32_t k = h->num_verts;
	cr_assert_eq(h->num_faces, 2);
	cr_assert_geq(k, 3);
	cr_assert_eq(h->num_edges, k);
	for (uint32_t i = 0; i < k; i++) {
		cr_expect_eq(h->face_verts[h->faces[0].first + i], i);
		cr_expect_eq(h->face_verts[h->faces[1].first + i], (k - i) % k);
		const sw_hull_edge *e = &h->edges[i];
		uint32_t a = i, b = (i + 1) % k;
		cr_expect_eq(e->v[0], a < b ? a : b, "edge %u", i);
		cr_expect_eq(e->v[1], a < b ? b : a, "edge %u", i);
		cr_expect_eq(e->f[0], a < b ? 0 : 1, "edge %u", i);
		cr_expect_eq(e->f[1], a < b ? 1 : 0, "edge %u", i);
		if (i > 0)
			cr_expect(lex_less(h->verts[0], h->verts[i]), "vertex 0 is not the first in (x, y, z) order");
	}
	sw_vec3 n = h->faces[0].normal, m = h->faces[1].normal;
	cr_expect(n.x == -m.x && n.y == -m.y && n.z == -m.z, "normals not opposite");
	cr_expect_float_eq(sw_v3_len(n), 1.0f, 1e-6f);
	float big = fabsf(n.x) >= fabsf(n.y) && fabsf(n.x) >= fabsf(n.z) ? n.x : fabsf(n.y) >= fabsf(n.z) ? n.y : n.z;
	cr_expect_gt(big, 0.0f, "the normal's largest component is negative");
}

/* convex counter-clockwise about n, every vertex within tol of both planes, the area centroid */
static void expect_flat_geometry(const sw_hull3 *h)
{
	uint32_t k = h->num_verts;
	const double n[3] = {h->faces[0].normal.x, h->faces[0].normal.y, h->faces[0].normal.z};
	double area = 0, acc[3] = {0, 0, 0}, ctr[3] = {0, 0, 0};
	for (uint32_t i = 0; i < k; i++) {
		double e1[3], e2[3], x[3];
		dsub(h->verts[(i + 1) % k], h->verts[i], e1);
		dsub(h->verts[(i + 2) % k], h->verts[(i + 1) % k], e2);
		dcross(e1, e2, x);
		cr_expect_gt(x[0] * n[0] + x[1] * n[1] + x[2] * n[2], 0.0, "corner %u not convex", (i + 1) % k);
		double s0 = ddot(h->verts[i], n) - h->faces[0].d, s1 = -ddot(h->verts[i], n) - h->faces[1].d;
		cr_expect(s0 <= h->tol && s0 >= -h->tol && s1 <= h->tol && s1 >= -h->tol, "vertex %u off the planes",
			  i);
	}
	for (uint32_t i = 1; i + 1 < k; i++) {
		double e1[3], e2[3], x[3], a[3];
		dsub(h->verts[i], h->verts[0], e1);
		dsub(h->verts[i + 1], h->verts[0], e2);
		dcross(e1, e2, x);
		double w = x[0] * n[0] + x[1] * n[1] + x[2] * n[2];
		area += w;
		for (int c = 0; c < 3; c++)
			a[c] = (e1[c] + e2[c]) / 3, acc[c] += w * a[c];
	}
	for (int c = 0; c < 3; c++)
		ctr[c] = (&h->verts[0].x)[c] + acc[c] / area;
	double err = fabs(ctr[0] - h->centroid.x) + fabs(ctr[1] - h->centroid.y) + fabs(ctr[2] - h->centroid.z);
	cr_expect_leq(err, 1e-6 * h->radius + 4 * h->tol, "centroid %g off the area centroid", err);
}

/* every input point within tol of the hull: behind both planes and every side */
static void expect_contains(const sw_hull3 *h, const sw_vec3 *pts, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (uint32_t f = 0; f < h->num_faces; f++) {
			sw_vec3 nf = h->faces[f].normal;
			double s = (double)nf.x * pts[i].x + (double)nf.y * pts[i].y + (double)nf.z * pts[i].z -
				   h->faces[f].d;
			cr_expect_leq(s, h->tol, "point %zu in front of face %u by %g", i, f, s);
		}
	if (h->num_faces != 2)
		return;
	const double nn[3] = {h->faces[0].normal.x, h->faces[0].normal.y, h->faces[0].normal.z};
	for (uint32_t e = 0; e < h->num_verts; e++) {
		double u[3], m[3], r[3];
		dsub(h->verts[(e + 1) % h->num_verts], h->verts[e], u);
		dcross(u, nn, m);
		for (size_t i = 0; i < n; i++) {
			dsub(pts[i], h->verts[e], r);
			double s = (m[0] * r[0] + m[1] * r[1] + m[2] * r[2]) / dlen(m);
			cr_expect_leq(s, h->tol, "point %zu beyond side %u by %g", i, e, s);
		}
	}
}

static void expect_vertices_are_inputs(const sw_hull3 *h, const sw_vec3 *pts, size_t n)
{
	for (uint32_t v = 0; v < h->num_verts; v++) {
		int found = 0;
		for (size_t i = 0; i < n && !found; i++)
			found = memcmp(&h->verts[v], &pts[i], sizeof pts[i]) == 0;
		cr_expect(found, "vertex %u is not an input point", v);
	}
}

static void expect_flat(const sw_hull3 *h, const sw_vec3 *pts, size_t n)
{
	char why[200];
	cr_assert(sc_hull3_check(h, why, sizeof why), "check: %s", why);
	expect_flat_layout(h);
	expect_flat_geometry(h);
	expect_contains(h, pts, n);
	expect_vertices_are_inputs(h, pts, n);
}

static void shuffle(sc_rng *r, sw_vec3 *p, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		uint32_t j = sc_below(r, (uint32_t)i);
		sw_vec3 t = p[i - 1];
		p[i - 1] = p[j];
		p[j] = t;
	}
}

static void expect_order_independent(sc_rng *r, const sw_vec3 *pts, size_t n, const sw_hull3 *ref)
{
	static sw_vec3 buf[MAXP];
	sw_hull3 h;
	memcpy(buf, pts, n * sizeof *pts);
	for (int t = 0; t < 5; t++) {
		shuffle(r, buf, n);
		cr_assert_eq(sw_hull3_build(buf, n, NULL, &h), SW_OK);
		cr_expect_arr_eq(&h, ref, sizeof h, "permutation %d gives another hull", t);
	}
}

/* ---- slabs and plates ---- */

/* a prism: the polygon of k points on an ellipse of semi-axes (a, b) in the xy plane, z from −t/2 to
 * t/2, rotated by m and moved to o; vertices 2i (bottom) and 2i + 1 (top); its faces for
 * sw_hull3_from_faces (bottom, top, k sides) */
static size_t prism(uint32_t k, float a, float b, float t, const sw_mat3 *m, sw_vec3 o, sw_vec3 *p, uint32_t *sizes,
		    uint32_t *loops, size_t *nf)
{
	for (uint32_t i = 0; i < k; i++) {
		float ang = 6.2831853f * ((float)i + 0.25f) / (float)k;
		for (int s = 0; s < 2; s++) {
			sw_vec3 v = sw_v3(a * cosf(ang), b * sinf(ang), s ? 0.5f * t : -0.5f * t);
			p[2 * i + s] = m ? sw_v3_add(sw_mat3_mul(m, v), o) : sw_v3_add(v, o);
		}
	}
	size_t w = 0;
	sizes[0] = sizes[1] = k;
	for (uint32_t i = 0; i < k; i++)
		loops[w++] = 2 * (k - 1 - i); /* bottom, seen from below */
	for (uint32_t i = 0; i < k; i++)
		loops[w++] = 2 * i + 1;
	for (uint32_t i = 0; i < k; i++) {
		uint32_t j = (i + 1) % k;
		sizes[2 + i] = 4;
		loops[w++] = 2 * i, loops[w++] = 2 * j, loops[w++] = 2 * j + 1, loops[w++] = 2 * i + 1;
	}
	*nf = 2 + k;
	return 2 * k;
}

static const float thickness[6] = {1e-3f, 1e-4f, 1e-5f, 1e-6f, 1e-7f, 1e-8f};

/* the slab of the report: (±1, ±1, ±1e-7), exact in float32 */
Test(hull_flat, slab_2e7_every_path)
{
	sw_vec3 p[8];
	sw_hull3 h;
	for (int k = 0; k < 8; k++)
		p[k] = sw_v3(k & 1 ? 1.0f : -1.0f, k & 2 ? 1.0f : -1.0f, k & 4 ? 1e-7f : -1e-7f);
	cr_assert_eq(sw_hull3_build(p, 8, NULL, &h), SW_OK);
	expect_flat(&h, p, 8);
	cr_expect_eq(h.num_verts, 4);
	cr_expect_eq(h.verts[0].z, -1e-7f, "the lower corners represent the slab");
	cr_expect_eq(h.faces[0].normal.z, 1.0f);
	cr_expect_eq(h.faces[0].d, -1e-7f);
	static const uint32_t box_sizes[6] = {4, 4, 4, 4, 4, 4};
	static const uint32_t box_loops[24] = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
	char why[200];
	cr_assert_eq(sw_hull3_from_faces(p, 8, box_sizes, box_loops, 6, &h), SW_OK);
	cr_expect(sc_hull3_check(&h, why, sizeof why), "%s", why);
	expect_contains(&h, p, 8);
	cr_expect_eq(h.num_faces, 6);
	sc_box box = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1e-7f}};
	cr_assert_eq(sc_hull3_box(&box, &h), SW_OK);
	cr_expect_eq(h.num_faces, 6);
	/* the same slab as a flat hull given by its two faces */
	const sw_vec3 q[4] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
	const uint32_t fs[2] = {4, 4}, fl[8] = {0, 1, 2, 3, 0, 3, 2, 1};
	cr_assert_eq(sw_hull3_from_faces(q, 4, fs, fl, 2, &h), SW_OK);
	expect_flat(&h, q, 4);
}

/* slabs and plates (prisms over 3 to 24 sides) from 1e-3 down to 1e-8 of their size, axis-aligned
 * (exact in float32) and rotated, through both paths */
Test(hull_flat, thin_slabs_and_plates_both_paths)
{
	sc_rng r = sc_rng_seed(51);
	for (int t = 0; t < 6; t++)
		for (int trial = 0; trial < 12; trial++) {
			uint32_t k = trial < 4 ? 4 : 3 + sc_below(&r, 22), sizes[2 + 24], loops[6 * 24];
			float a = sc_uniform(&r, 0.5f, 2), b = sc_uniform(&r, 0.5f, 2),
			      th = thickness[t] * 2 * fmaxf(a, b);
			sw_mat3 m = sw_mat3_from_quat(sc_rotation(&r));
			int rotated = trial % 2;
			sw_vec3 p[48];
			size_t nf, n = prism(k, a, b, th, rotated ? &m : NULL, sw_v3(0, 0, 0), p, sizes, loops, &nf);
			sw_hull3 h;
			char why[200];
			/* the builder: a solid prism while thicker than eps, else a flat hull */
			cr_assert_eq(sw_hull3_build(p, n, NULL, &h), SW_OK, "t %g trial %d", thickness[t], trial);
			cr_assert(sc_hull3_check(&h, why, sizeof why), "t %g trial %d: %s", thickness[t], trial, why);
			expect_contains(&h, p, n);
			if (h.num_faces == 2)
				expect_flat(&h, p, n);
			else if (th > 10 * h.eps) /* a few eps thick: thick planes may drop a corner */
				cr_expect_eq(h.num_faces, 2 + k, "t %g trial %d", thickness[t], trial);
			/* flatness is judged against the plane of the builder's first triangle, which may tilt */
			if (th < 0.4f * h.eps || th > 2.5f * h.eps)
				cr_expect_eq(h.num_faces == 2, th < h.eps, "t %g trial %d: flat iff thinner than eps",
					     thickness[t], trial);
			/* the faces: exact prisms always; rotated ones while float32 holds their thickness */
			sw_error st = sw_hull3_from_faces(p, n, sizes, loops, nf, &h);
			if (!rotated || thickness[t] >= 1e-6f)
				cr_assert_eq(st, SW_OK, "t %g trial %d k %u: %s", thickness[t], trial, k,
					     sw_error_name(st));
			if (st == SW_OK) {
				cr_assert(sc_hull3_check(&h, why, sizeof why), "t %g trial %d: %s", thickness[t], trial,
					  why);
				expect_contains(&h, p, n);
			} else {
				cr_expect(st == SW_ERR_NOT_CONVEX || st == SW_ERR_FACES_INWARD ||
						  st == SW_ERR_FACES_NONPLANAR || st == SW_ERR_FACES_DEGENERATE,
					  "t %g trial %d: %s", thickness[t], trial, sw_error_name(st));
			}
		}
}

/* a thin slab at 1e4 (its thickness a few ulps of its coordinates) is still a valid solid */
Test(hull_flat, thin_slab_far_away)
{
	sw_vec3 p[8];
	uint32_t sizes[6], loops[24];
	size_t nf;
	sw_hull3 h;
	char why[200];
	/* ulp(1e4) ≈ 1e-3: a thickness of 8e-3 is 8 ulps */
	size_t n = prism(4, 50, 50, 8e-3f, NULL, sw_v3(1e4f, -1e4f, 1e4f), p, sizes, loops, &nf);
	cr_assert_eq(sw_hull3_from_faces(p, n, sizes, loops, nf, &h), SW_OK);
	cr_expect(sc_hull3_check(&h, why, sizeof why), "%s", why);
	cr_assert_eq(sw_hull3_build(p, n, NULL, &h), SW_OK);
	cr_expect(sc_hull3_check(&h, why, sizeof why), "%s", why);
	expect_contains(&h, p, n);
}

/* ---- flat clouds ---- */

/* n points of a random polygon in a random plane: k corners on an ellipse, the rest inside or on its
 * edges, noise of `noise` times the size off the plane, then moved to o */
static size_t flat_cloud(sc_rng *r, sw_vec3 *p, size_t n, uint32_t k, float size, float noise, sw_vec3 o)
{
	sw_mat3 m = sw_mat3_from_quat(sc_rotation(r));
	float a = size * sc_uniform(r, 0.3f, 1), b = size * sc_uniform(r, 0.3f, 1), ph = sc_uniform(r, 0, 6.3f);
	sw_vec3 c[64];
	for (uint32_t i = 0; i < k; i++) {
		float ang = ph + 6.2831853f * ((float)i + sc_uniform(r, -0.3f, 0.3f)) / (float)k;
		c[i] = sw_v3(a * cosf(ang), b * sinf(ang), 0);
	}
	for (size_t i = 0; i < n; i++) {
		sw_vec3 v = c[i % k];
		if (i >= k) { /* a point inside (a blend towards the centre) or on an edge */
			uint32_t j = sc_below(r, k);
			float s = sc_uniform(r, 0, 1), w = sc_below(r, 3) ? sc_uniform(r, 0, 1) : 1;
			v = sw_v3_scale(sw_v3_add(sw_v3_scale(c[j], 1 - s), sw_v3_scale(c[(j + 1) % k], s)), w);
		}
		v.z = noise * size * sc_uniform(r, -1, 1);
		p[i] = sw_v3_add(sw_mat3_mul(&m, v), o);
	}
	return n;
}

Test(hull_flat, random_flat_clouds)
{
	sc_rng r = sc_rng_seed(52);
	int flats = 0;
	for (int t = 0; t < 200; t++) {
		static sw_vec3 p[MAXP];
		uint32_t k = 3 + sc_below(&r, 30);
		size_t n = k + sc_below(&r, 200);
		int far = t % 2;
		/* at 1e4 a coordinate is rounded by up to 5e-4: the plate must be large for that to be thin */
		float size = far ? sc_uniform(&r, 5e3f, 2e4f) : sc_uniform(&r, 1e-3f, 10);
		sw_vec3 o = far ? sw_v3(1e4f, -1e4f, 1e4f) : sw_v3(0, 0, 0);
		flat_cloud(&r, p, n, k, size, far ? 0 : 1e-8f, o);
		sw_hull3 h;
		sw_error st = sw_hull3_build(p, n, NULL, &h);
		cr_assert_eq(st, SW_OK, "trial %d: %s", t, sw_error_name(st));
		cr_assert_eq(h.num_faces, 2, "trial %d: not flat", t);
		expect_flat(&h, p, n);
		cr_expect_leq(h.num_verts, k, "trial %d", t);
		flats++;
		if (t < 40)
			expect_order_independent(&r, p, n, &h);
	}
	cr_expect_eq(flats, 200);
}

/* a flat cloud in the plane z = x/2 + y/4 (exact on a grid of 2^-12), translated within the plane by
 * (8, −16, 0), gives the same polygon moved */
Test(hull_flat, translation_keeps_flat_topology)
{
	sc_rng r = sc_rng_seed(53);
	for (int t = 0; t < 20; t++) {
		sw_vec3 a[200], b[200];
		size_t n = 5 + sc_below(&r, 150);
		for (size_t i = 0; i < n; i++) {
			float x = roundf(sc_uniform(&r, -1, 1) * 4096) / 4096,
			      y = roundf(sc_uniform(&r, -1, 1) * 4096) / 4096;
			a[i] = sw_v3(x, y, 0.5f * x + 0.25f * y);
			b[i] = sw_v3(x + 8, y - 16, a[i].z);
		}
		sw_hull3 ha, hb;
		sw_error sa = sw_hull3_build(a, n, NULL, &ha), sb = sw_hull3_build(b, n, NULL, &hb);
		cr_assert_eq(sa, SW_OK, "trial %d: %s", t, sw_error_name(sa));
		cr_assert_eq(sb, SW_OK, "trial %d: %s", t, sw_error_name(sb));
		expect_flat(&ha, a, n);
		expect_flat(&hb, b, n);
		cr_assert_eq(ha.num_verts, hb.num_verts, "trial %d", t);
		cr_expect_arr_eq(ha.face_verts, hb.face_verts, sizeof ha.face_verts);
		for (uint32_t v = 0; v < ha.num_verts; v++)
			cr_expect(ha.verts[v].x + 8 == hb.verts[v].x && ha.verts[v].y - 16 == hb.verts[v].y &&
					  ha.verts[v].z == hb.verts[v].z,
				  "trial %d vertex %u", t, v);
		cr_expect_eq(ha.faces[0].normal.z, hb.faces[0].normal.z);
	}
}

/* a flat grid with duplicates and collinear points, a triangle, and what is not a hull */
Test(hull_flat, small_and_degenerate_flat_input)
{
	sw_vec3 grid[50], tri[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
	sw_hull3 h;
	for (int i = 0; i < 50; i++)
		grid[i] = sw_v3((float)(i % 5), (float)(i / 5 % 5), 0.0f);
	cr_assert_eq(sw_hull3_build(grid, 50, NULL, &h), SW_OK);
	expect_flat(&h, grid, 50);
	cr_expect_eq(h.num_verts, 4);
	cr_expect_eq(h.verts[2].x, 4.0f);
	cr_expect_eq(h.verts[2].y, 4.0f);
	cr_expect_float_eq(h.centroid.x, 2.0f, 1e-6f);
	cr_assert_eq(sw_hull3_build(tri, 3, NULL, &h), SW_OK);
	expect_flat(&h, tri, 3);
	cr_expect_float_eq(h.centroid.y, 1.0f / 3, 1e-6f);
	sw_vec3 seg[3] = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}};
	cr_expect_eq(sw_hull3_build(seg, 3, NULL, &h), SW_ERR_COLLINEAR);
	cr_expect_eq(sw_hull3_build(seg, 2, NULL, &h), SW_ERR_TOO_FEW);
	cr_expect_eq(h.num_verts, 0);
	/* a triangle whose third corner is within eps of the line: collinear */
	sw_vec3 thin[3] = {{0, 0, 0}, {1, 0, 0}, {0.5f, 1e-7f, 0}};
	cr_expect_eq(sw_hull3_build(thin, 3, NULL, &h), SW_ERR_COLLINEAR);
}

/* ---- flat hulls from faces ---- */

Test(hull_flat, from_faces_two_faces)
{
	const sw_vec3 q[5] = {{0, 0, 0}, {2, 0, 0}, {3, 1, 1}, {1, 2, 2}, {-1, 1, 1}};
	uint32_t fs[2] = {5, 5}, fl[10] = {0, 1, 2, 3, 4, 0, 4, 3, 2, 1};
	sw_hull3 h;
	/* q is planar: z = y */
	cr_assert_eq(sw_hull3_from_faces(q, 5, fs, fl, 2, &h), SW_OK);
	char why[200];
	cr_expect(sc_hull3_check(&h, why, sizeof why), "%s", why);
	expect_flat_geometry(&h);
	/* the loops must be the representation's */
	uint32_t rot[10] = {1, 2, 3, 4, 0, 0, 4, 3, 2, 1};
	cr_expect_eq(sw_hull3_from_faces(q, 5, fs, rot, 2, &h), SW_ERR_FACES_INDEX);
	uint32_t rev1[10] = {0, 1, 2, 3, 4, 4, 3, 2, 1, 0};
	cr_expect_eq(sw_hull3_from_faces(q, 5, fs, rev1, 2, &h), SW_ERR_FACES_INDEX);
	uint32_t same[10] = {0, 1, 2, 3, 4, 0, 1, 2, 3, 4};
	cr_expect_eq(sw_hull3_from_faces(q, 5, fs, same, 2, &h), SW_ERR_FACES_WINDING);
	uint32_t fs4[2] = {4, 4}, part[8] = {0, 1, 2, 3, 0, 3, 2, 1};
	cr_expect_eq(sw_hull3_from_faces(q, 5, fs4, part, 2, &h), SW_ERR_FACES_INDEX);
	/* a straight corner (vertex 1 on the edge 0–2), a reflex one, a bent polygon, a line */
	const sw_vec3 straight[4] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}};
	uint32_t f4[2] = {4, 4}, l4[8] = {0, 1, 2, 3, 0, 3, 2, 1};
	cr_expect_eq(sw_hull3_from_faces(straight, 4, f4, l4, 2, &h), SW_ERR_FACES_DEGENERATE);
	const sw_vec3 dent[4] = {{0, 0, 0}, {2, 0, 0}, {1, 0.5f, 0}, {1, 2, 0}};
	cr_expect_eq(sw_hull3_from_faces(dent, 4, f4, l4, 2, &h), SW_ERR_NOT_CONVEX);
	const sw_vec3 bent[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0.5f}, {0, 1, 0}};
	cr_expect_eq(sw_hull3_from_faces(bent, 4, f4, l4, 2, &h), SW_ERR_FACES_NONPLANAR);
	const sw_vec3 line[3] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
	uint32_t f3[2] = {3, 3}, l3[6] = {0, 1, 2, 0, 2, 1};
	cr_expect_eq(sw_hull3_from_faces(line, 3, f3, l3, 2, &h), SW_ERR_FACES_DEGENERATE);
	cr_expect_eq(sw_hull3_from_faces(line, 2, f3, l3, 2, &h), SW_ERR_TOO_FEW);
	cr_expect_eq(h.num_verts, 0);
}

/* a checked flat hull stays flat-valid; corrupting its representation fails the check */
Test(hull_flat, check_catches_flat_corruption)
{
	sw_vec3 p[6] = {{0, 0, 0}, {2, 0, 0}, {3, 1, 0}, {2, 2, 0}, {0, 2, 0}, {1, 1, 0}};
	sw_hull3 h, g;
	char why[200];
	cr_assert_eq(sw_hull3_build(p, 6, NULL, &h), SW_OK);
	cr_assert_eq(h.num_verts, 5);
	g = h;
	g.faces[1].normal.x += 1e-7f;
	cr_expect_not(sc_hull3_check(&g, why, sizeof why));
	g = h;
	g.face_verts[g.faces[1].first + 1] = 1;
	g.face_verts[g.faces[1].first + 4] = 4;
	cr_expect_not(sc_hull3_check(&g, why, sizeof why));
	g = h;
	g.edges[4] = g.edges[3];
	cr_expect_not(sc_hull3_check(&g, why, sizeof why));
	g = h;
	g.num_edges = 4;
	cr_expect_not(sc_hull3_check(&g, why, sizeof why));
	g = h;
	g.centroid.x += 10;
	cr_expect_not(sc_hull3_check(&g, why, sizeof why));
	g = h;
	g.faces[0].d += 1;
	cr_expect_not(sc_hull3_check(&g, why, sizeof why));
}
