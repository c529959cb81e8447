/* src/hull3_check.c — a hull's derived data (planes, edges, edge directions, centroid, radius), the
 * validation behind sw_hull3_check and sw_hull3_from_faces, and the small helpers (box, support).
 *
 * Everything geometric is recomputed in double relative to a point of the hull (the bounding-box
 * centre while finishing, the centroid while checking): differences of floats are exact in double, so
 * the judgement does not degrade far from the origin. Face normals are Newell's (the polygon's
 * vector area), which is exact for planar loops and a least-squares-like average for nearly planar
 * ones.
 */
#include "hull3_int.h"
#include "ref/ref.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a full turn, for the winding of face loops (M_PI is not ISO C) */
#define SW_TWO_PI 6.283185307179586

#define FAIL(st, ...)                                        \
	do {                                                 \
		if (why && why_len)                          \
			snprintf(why, why_len, __VA_ARGS__); \
		return (st);                                 \
	} while (0)

const char *sw_hull_status_name(sw_hull_status s)
{
	switch (s) {
	case SW_HULL_OK: return "ok";
	case SW_HULL_EMPTY: return "empty";
	case SW_HULL_TOO_FEW: return "too_few";
	case SW_HULL_COLLINEAR: return "collinear";
	case SW_HULL_FLAT: return "flat";
	case SW_HULL_TOO_MANY: return "too_many";
	case SW_HULL_INVALID_INPUT: return "invalid_input";
	case SW_HULL_NO_MEMORY: return "no_memory";
	case SW_HULL_NUMERIC: return "numeric";
	case SW_HULL_BAD_FACES_INDEX: return "bad_faces_index";
	case SW_HULL_BAD_FACES_DEGENERATE: return "bad_faces_degenerate";
	case SW_HULL_BAD_FACES_OPEN: return "bad_faces_open";
	case SW_HULL_BAD_FACES_NONMANIFOLD: return "bad_faces_nonmanifold";
	case SW_HULL_BAD_FACES_WINDING: return "bad_faces_winding";
	case SW_HULL_BAD_FACES_EULER: return "bad_faces_euler";
	case SW_HULL_BAD_FACES_INWARD: return "bad_faces_inward";
	case SW_HULL_BAD_FACES_NONPLANAR: return "bad_faces_nonplanar";
	case SW_HULL_BAD_FACES_NONCONVEX: return "bad_faces_nonconvex";
	case SW_HULL_BAD_FACES_COPLANAR: return "bad_faces_coplanar";
	}
	return "?";
}

void sw_hull3_clear_(sw_hull3 *h) { h->num_verts = h->num_faces = h->num_edges = h->num_dirs = 0; }

void sw_hull3_tolerances_(const sw_vec3 *p, size_t n, double rel, double c[3], double *eps, double *tol)
{
	double lo[3] = {p[0].x, p[0].y, p[0].z}, hi[3] = {p[0].x, p[0].y, p[0].z};
	for (size_t i = 1; i < n; i++) {
		const double q[3] = {p[i].x, p[i].y, p[i].z};
		for (int k = 0; k < 3; k++) {
			lo[k] = q[k] < lo[k] ? q[k] : lo[k];
			hi[k] = q[k] > hi[k] ? q[k] : hi[k];
		}
	}
	double s = 0, cabs = 0;
	for (int k = 0; k < 3; k++) {
		c[k] = 0.5 * (lo[k] + hi[k]); /* exact: a sum of two floats fits a double */
		s += 0.5 * (hi[k] - lo[k]);
		cabs += fabs(c[k]);
	}
	*eps = rel * s;
	*tol = 4.0 * *eps + 4.0 * FLT_EPSILON * cabs;
}

/* ---- small double vector helpers ---- */

static void rel3(sw_vec3 v, const double ref[3], double out[3])
{
	out[0] = (double)v.x - ref[0];
	out[1] = (double)v.y - ref[1];
	out[2] = (double)v.z - ref[2];
}

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double a[3], const double b[3], double out[3])
{
	out[0] = a[1] * b[2] - a[2] * b[1];
	out[1] = a[2] * b[0] - a[0] * b[2];
	out[2] = a[0] * b[1] - a[1] * b[0];
}

static double len3(const double a[3]) { return sqrt(dot3(a, a)); }

static uint32_t loop_vert(const sw_hull3 *h, uint32_t f, uint32_t k)
{
	const sw_hull_face *fc = &h->faces[f];
	return h->face_verts[fc->first + k % fc->count];
}

/* Newell's normal of face f (twice its vector area, relative to ref); returns its length */
static double face_newell(const sw_hull3 *h, uint32_t f, const double ref[3], double n[3])
{
	n[0] = n[1] = n[2] = 0;
	for (uint32_t k = 0; k < h->faces[f].count; k++) {
		double a[3], b[3];
		rel3(h->verts[loop_vert(h, f, k)], ref, a);
		rel3(h->verts[loop_vert(h, f, k + 1)], ref, b);
		n[0] += (a[1] - b[1]) * (a[2] + b[2]);
		n[1] += (a[2] - b[2]) * (a[0] + b[0]);
		n[2] += (a[0] - b[0]) * (a[1] + b[1]);
	}
	return len3(n);
}

/* longest edge of face f: the scale against which its area is judged */
static double face_longest_edge(const sw_hull3 *h, uint32_t f)
{
	double m = 0, z[3] = {0, 0, 0};
	for (uint32_t k = 0; k < h->faces[f].count; k++) {
		double a[3], b[3], e[3];
		rel3(h->verts[loop_vert(h, f, k)], z, a);
		rel3(h->verts[loop_vert(h, f, k + 1)], z, b);
		e[0] = b[0] - a[0], e[1] = b[1] - a[1], e[2] = b[2] - a[2];
		m = fmax(m, len3(e));
	}
	return m;
}

/* ---- edges: pair the half-edges of the face loops ---- */

typedef struct half_edge {
	uint8_t lo, hi, face, fwd; /* fwd: the loop runs lo → hi */
} half_edge;

static int half_edge_cmp(const void *pa, const void *pb)
{
	const half_edge *a = pa, *b = pb;
	int ka = (a->lo << 16) | (a->hi << 8) | a->fwd, kb = (b->lo << 16) | (b->hi << 8) | b->fwd;
	if (ka != kb)
		return ka < kb ? -1 : 1;
	return (a->face > b->face) - (a->face < b->face);
}

/* gathers and sorts the half-edges of all loops; returns their number */
static uint32_t gather_half_edges(const sw_hull3 *h, half_edge *he)
{
	uint32_t m = 0;
	for (uint32_t f = 0; f < h->num_faces; f++) {
		for (uint32_t k = 0; k < h->faces[f].count; k++) {
			uint32_t a = loop_vert(h, f, k), b = loop_vert(h, f, k + 1);
			half_edge e = {(uint8_t)(a < b ? a : b), (uint8_t)(a < b ? b : a), (uint8_t)f, a < b};
			he[m++] = e;
		}
	}
	qsort(he, m, sizeof *he, half_edge_cmp);
	return m;
}

/* pairs the half-edges into edges (sorted by vertex pair); the status says how pairing failed */
static sw_hull_status pair_edges(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne, char *why, size_t why_len)
{
	half_edge he[SW_HULL_MAX_FACE_INDICES];
	uint32_t m = gather_half_edges(h, he), e = 0;
	for (uint32_t i = 0; i < m;) {
		uint32_t j = i;
		while (j < m && he[j].lo == he[i].lo && he[j].hi == he[i].hi)
			j++;
		if (j - i == 1)
			FAIL(SW_HULL_BAD_FACES_OPEN, "edge %u-%u has one face (%u)", he[i].lo, he[i].hi, he[i].face);
		if (j - i > 2)
			FAIL(SW_HULL_BAD_FACES_NONMANIFOLD, "edge %u-%u has %u faces", he[i].lo, he[i].hi, j - i);
		if (he[i].fwd == he[i + 1].fwd)
			FAIL(SW_HULL_BAD_FACES_WINDING, "faces %u and %u both run %u-%u the same way", he[i].face,
			     he[i + 1].face, he[i].lo, he[i].hi);
		/* sorted with fwd = 0 first: he[i + 1] runs lo → hi */
		sw_hull_edge ed = {{he[i].lo, he[i].hi}, {he[i + 1].face, he[i].face}, 0};
		edges[e++] = ed;
		i = j;
	}
	*ne = e;
	return SW_HULL_OK;
}

/* ---- flat hulls: two faces, one loop and its reverse ---- */

static int is_flat(const sw_hull3 *h) { return h->num_faces == 2; }

/* the loops of a flat hull in the representation of swept/hull.h: face 0 runs 0, 1, …, k − 1 and face
 * 1 runs 0, k − 1, …, 1, over all k vertices (k ≥ 3, counts and indices already range-checked) */
static sw_hull_status flat_loops(const sw_hull3 *h, char *why, size_t why_len)
{
	uint32_t k = h->num_verts;
	if (h->faces[0].count != k || h->faces[1].count != k)
		FAIL(SW_HULL_BAD_FACES_INDEX, "flat hull: faces of %u and %u vertices, not both %u", h->faces[0].count,
		     h->faces[1].count, k);
	for (uint32_t i = 0; i < k; i++)
		if (loop_vert(h, 0, i) != i)
			FAIL(SW_HULL_BAD_FACES_INDEX, "flat hull: face 0 is not the loop 0, 1, ..., %u", k - 1);
	for (uint32_t i = 0; i < k; i++)
		if (loop_vert(h, 1, i) != (k - i) % k)
			FAIL(loop_vert(h, 1, i) == i ? SW_HULL_BAD_FACES_WINDING : SW_HULL_BAD_FACES_INDEX,
			     "flat hull: face 1 is not the loop 0, %u, ..., 1", k - 1);
	return SW_HULL_OK;
}

/* edge i joins vertices i and i + 1 (mod k); face 0 runs v[0] → v[1] except on the closing edge */
static void flat_edges(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne)
{
	uint32_t k = h->num_verts;
	for (uint32_t i = 0; i + 1 < k; i++)
		edges[i] = (sw_hull_edge){{(uint8_t)i, (uint8_t)(i + 1)}, {0, 1}, 0};
	edges[k - 1] = (sw_hull_edge){{0, (uint8_t)(k - 1)}, {1, 0}, 0};
	*ne = k;
}

/* ---- derived data ---- */

/* unit direction of edge e with the sign making its largest-magnitude component positive */
static void edge_unit(const sw_hull3 *h, uint32_t e, double u[3])
{
	double z[3] = {0, 0, 0}, a[3], b[3];
	rel3(h->verts[h->edges[e].v[0]], z, a);
	rel3(h->verts[h->edges[e].v[1]], z, b);
	for (int k = 0; k < 3; k++)
		u[k] = b[k] - a[k];
	double l = len3(u);
	int big = 0;
	for (int k = 1; k < 3; k++)
		big = fabs(u[k]) > fabs(u[big]) ? k : big;
	double s = u[big] < 0 ? -1.0 / l : 1.0 / l;
	for (int k = 0; k < 3; k++)
		u[k] *= s;
}

/* classes of parallel edges, greedy in edge order: an edge joins the first class whose direction is
 * within SW_HULL_DIR_EPS (|u × w|, sign-blind), else founds one */
static void edge_dirs(sw_hull3 *h)
{
	double rep[SW_HULL_MAX_EDGES][3];
	uint32_t nd = 0;
	for (uint32_t e = 0; e < h->num_edges; e++) {
		double u[3], x[3];
		edge_unit(h, e, u);
		uint32_t k = 0;
		for (; k < nd; k++) {
			cross3(u, rep[k], x);
			if (len3(x) <= SW_HULL_DIR_EPS)
				break;
		}
		if (k == nd) {
			memcpy(rep[nd], u, sizeof u);
			h->dirs[nd++] = sw_v3((float)u[0], (float)u[1], (float)u[2]);
		}
		h->edges[e].dir = (uint8_t)k;
	}
	h->num_dirs = nd;
}

/* unit normals (Newell) and offsets d = max over all vertices of n·v, the support value along n; face
 * 1 of a flat hull takes face 0's normal negated, so the two are exactly opposite */
static sw_hull_status face_planes(sw_hull3 *h, const double c[3])
{
	double n[3];
	for (uint32_t f = 0; f < h->num_faces; f++) {
		double l = f == 1 && is_flat(h) ? -1.0 : face_newell(h, f, c, n), dmax = -INFINITY;
		if (!(l > 0) && l != -1.0) /* l = −1: face 0's normal negated, exactly */
			return SW_HULL_BAD_FACES_DEGENERATE;
		for (int k = 0; k < 3; k++)
			n[k] /= l;
		for (uint32_t v = 0; v < h->num_verts; v++) {
			double r[3];
			rel3(h->verts[v], c, r);
			dmax = fmax(dmax, dot3(n, r));
		}
		h->faces[f].normal = sw_v3((float)n[0], (float)n[1], (float)n[2]);
		h->faces[f].d = (float)(dmax + dot3(n, c));
	}
	return SW_HULL_OK;
}

/* area centroid of a flat hull's polygon from the fan triangles of face 0, weighted by their signed
 * areas along the face's normal; returns the total weight (not positive: no usable area) */
static double flat_centroid(const sw_hull3 *h, const double c[3], double acc[3])
{
	double nw[3], a[3], b[3], d[3], x[3], area = 0;
	face_newell(h, 0, c, nw);
	rel3(h->verts[0], c, a);
	for (uint32_t k = 1; k + 1 < h->num_verts; k++) {
		rel3(h->verts[k], c, b);
		rel3(h->verts[k + 1], c, d);
		const double e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]},
			     e2[3] = {d[0] - a[0], d[1] - a[1], d[2] - a[2]};
		cross3(e1, e2, x);
		double w = dot3(x, nw);
		area += w;
		for (int i = 0; i < 3; i++)
			acc[i] += w * (a[i] + b[i] + d[i]) / 3;
	}
	return area;
}

/* centre of mass from the fan tetrahedra (c, loop[0], loop[k], loop[k+1]), or a flat hull's area
 * centroid; the vertex mean when the volume (area) is not positive (a hull about to be rejected).
 * Radius rounded up to cover. */
static void centroid_radius(sw_hull3 *h, const double c[3])
{
	double vol = 0, acc[3] = {0, 0, 0}, mean[3] = {0, 0, 0}, g[3];
	if (is_flat(h))
		vol = flat_centroid(h, c, acc);
	for (uint32_t f = 0; f < h->num_faces && !is_flat(h); f++) {
		double a[3], b[3], d[3], x[3];
		rel3(h->verts[loop_vert(h, f, 0)], c, a);
		for (uint32_t k = 1; k + 1 < h->faces[f].count; k++) {
			rel3(h->verts[loop_vert(h, f, k)], c, b);
			rel3(h->verts[loop_vert(h, f, k + 1)], c, d);
			cross3(b, d, x);
			double v = dot3(a, x);
			vol += v;
			for (int i = 0; i < 3; i++)
				acc[i] += v * (a[i] + b[i] + d[i]) * 0.25;
		}
	}
	for (uint32_t v = 0; v < h->num_verts; v++) {
		double r[3];
		rel3(h->verts[v], c, r);
		for (int i = 0; i < 3; i++)
			mean[i] += r[i] / h->num_verts;
	}
	for (int i = 0; i < 3; i++)
		g[i] = (vol > 0 ? acc[i] / vol : mean[i]) + c[i];
	h->centroid = sw_v3((float)g[0], (float)g[1], (float)g[2]);
	double gc[3] = {h->centroid.x, h->centroid.y, h->centroid.z}, r2 = 0;
	for (uint32_t v = 0; v < h->num_verts; v++) {
		double r[3];
		rel3(h->verts[v], gc, r);
		r2 = fmax(r2, dot3(r, r));
	}
	h->radius = nextafterf((float)sqrt(r2), INFINITY);
}

sw_hull_status sw_hull3_finish_(sw_hull3 *h, double eps, double tol)
{
	double c[3], e_unused, t_unused;
	sw_hull3_tolerances_(h->verts, h->num_verts, 0.0, c, &e_unused, &t_unused);
	h->eps = (float)eps;
	h->tol = nextafterf((float)tol, INFINITY);
	sw_hull_status st = SW_HULL_OK;
	if (is_flat(h) && (st = flat_loops(h, NULL, 0)) == SW_HULL_OK)
		flat_edges(h, h->edges, &h->num_edges);
	else if (!is_flat(h))
		st = pair_edges(h, h->edges, &h->num_edges, NULL, 0);
	if (st != SW_HULL_OK)
		return st;
	st = face_planes(h, c);
	if (st != SW_HULL_OK)
		return st;
	edge_dirs(h);
	centroid_radius(h, c);
	return SW_HULL_OK;
}

/* ---- validation, one rule group per function, in the order of the statuses ---- */

static sw_hull_status v_counts(const sw_hull3 *h, char *why, size_t why_len)
{
	int flat = h->num_faces == 2;
	if (h->num_verts < (flat ? 3u : 4u) || h->num_verts > SW_HULL_MAX_VERTS || (h->num_faces < 4 && !flat) ||
	    h->num_faces > SW_HULL_MAX_FACES || h->num_edges > SW_HULL_MAX_EDGES || h->num_dirs < 1 ||
	    h->num_dirs > h->num_edges || (flat && h->num_edges != h->num_verts))
		FAIL(SW_HULL_BAD_FACES_INDEX, "counts out of range: V %u F %u E %u dirs %u", h->num_verts, h->num_faces,
		     h->num_edges, h->num_dirs);
	if (!(h->eps > 0) || !(h->tol >= h->eps) || !isfinite(h->tol))
		FAIL(SW_HULL_BAD_FACES_INDEX, "tolerances eps %g tol %g", h->eps, h->tol);
	for (uint32_t v = 0; v < h->num_verts; v++)
		if (!isfinite(h->verts[v].x) || !isfinite(h->verts[v].y) || !isfinite(h->verts[v].z))
			FAIL(SW_HULL_INVALID_INPUT, "vertex %u not finite", v);
	/* each loop is checked alone below; loops may overlap in face_verts, so their total is what
	 * bounds the half-edges gathered from them */
	uint32_t total = 0;
	for (uint32_t f = 0; f < h->num_faces; f++)
		total += h->faces[f].count;
	if (total > SW_HULL_MAX_FACE_INDICES)
		FAIL(SW_HULL_BAD_FACES_INDEX, "face loops hold %u indices, more than %u", total,
		     SW_HULL_MAX_FACE_INDICES);
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const sw_hull_face *fc = &h->faces[f];
		if (fc->count < 3 || fc->first + fc->count > SW_HULL_MAX_FACE_INDICES)
			FAIL(SW_HULL_BAD_FACES_INDEX, "face %u: first %u count %u", f, fc->first, fc->count);
		for (uint32_t k = 0; k < fc->count; k++) {
			if (loop_vert(h, f, k) >= h->num_verts)
				FAIL(SW_HULL_BAD_FACES_INDEX, "face %u: vertex index out of range", f);
			for (uint32_t j = 0; j < k; j++)
				if (loop_vert(h, f, j) == loop_vert(h, f, k))
					FAIL(SW_HULL_BAD_FACES_INDEX, "face %u repeats vertex %u", f,
					     loop_vert(h, f, k));
		}
	}
	return SW_HULL_OK;
}

static sw_hull_status v_positions(const sw_vec3 *v, size_t n, char *why, size_t why_len)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (v[i].x == v[j].x && v[i].y == v[j].y && v[i].z == v[j].z)
				FAIL(SW_HULL_BAD_FACES_DEGENERATE, "vertices %zu and %zu coincide", j, i);
	return SW_HULL_OK;
}

/* closed, consistently wound 2-manifold; the stored edges are exactly its edges; Euler; degree ≥ 3 */
static sw_hull_status v_topology(const sw_hull3 *h, char *why, size_t why_len)
{
	sw_hull_edge e[SW_HULL_MAX_EDGES];
	uint32_t ne = 0, deg[SW_HULL_MAX_VERTS] = {0};
	sw_hull_status st = is_flat(h) ? flat_loops(h, why, why_len) : pair_edges(h, e, &ne, why, why_len);
	if (st != SW_HULL_OK)
		return st;
	if (is_flat(h)) { /* a cycle: V − E + F = k − k + 2, every vertex on both faces */
		flat_edges(h, e, &ne);
		for (uint32_t i = 0; i < ne; i++)
			if (memcmp(e[i].v, h->edges[i].v, 2) || memcmp(e[i].f, h->edges[i].f, 2))
				FAIL(SW_HULL_NUMERIC, "flat hull: edge record %u is not the loop's edge %u", i, i);
		return SW_HULL_OK;
	}
	if ((int)h->num_verts - (int)ne + (int)h->num_faces != 2)
		FAIL(SW_HULL_BAD_FACES_EULER, "V - E + F = %u - %u + %u != 2", h->num_verts, ne, h->num_faces);
	for (uint32_t i = 0; i < ne; i++) {
		deg[e[i].v[0]]++;
		deg[e[i].v[1]]++;
	}
	for (uint32_t v = 0; v < h->num_verts; v++)
		if (deg[v] < 3)
			FAIL(SW_HULL_BAD_FACES_DEGENERATE, "vertex %u is on %u edges", v, deg[v]);
	if (ne != h->num_edges)
		FAIL(SW_HULL_NUMERIC, "%u edges stored, loops give %u", h->num_edges, ne);
	for (uint32_t i = 0; i < ne; i++)
		if (memcmp(e[i].v, h->edges[i].v, 2) || memcmp(e[i].f, h->edges[i].f, 2))
			FAIL(SW_HULL_NUMERIC, "edge record %u differs from the loops", i);
	return SW_HULL_OK;
}

/* per-face geometry recomputed in double relative to ref: unit normal, max and min of n·v over the
 * face's own vertices */
typedef struct face_geo {
	double n[3], dmax, dmin;
} face_geo;

/* degeneracy is judged on the normal taken relative to the face's own first vertex, where its
 * rounding is least (about 2^-52 · length / width relative): SW_HULL_MIN_WIDTH keeps that below
 * float32's 2^-24. The builder (strict) also promises faces at least eps wide. */
static sw_hull_status v_face_areas(const sw_hull3 *h, const double ref[3], face_geo *g, int strict, char *why,
				   size_t why_len)
{
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const sw_vec3 o = h->verts[loop_vert(h, f, 0)];
		const double org[3] = {o.x, o.y, o.z};
		double n0[3], l0 = face_newell(h, f, org, n0), e = face_longest_edge(h, f);
		if (!(l0 > SW_HULL_MIN_WIDTH * e * e))
			FAIL(SW_HULL_BAD_FACES_DEGENERATE,
			     "face %u: width %g is below SW_HULL_MIN_WIDTH of its length %g", f, l0 / e, e);
		double l = face_newell(h, f, ref, g[f].n);
		if (strict && !(l > h->eps * e))
			FAIL(SW_HULL_BAD_FACES_DEGENERATE, "face %u is narrower than eps", f);
		g[f].dmax = -INFINITY;
		g[f].dmin = INFINITY;
		for (int k = 0; k < 3; k++)
			g[f].n[k] /= l;
		for (uint32_t k = 0; k < h->faces[f].count; k++) {
			double r[3];
			rel3(h->verts[loop_vert(h, f, k)], ref, r);
			g[f].dmax = fmax(g[f].dmax, dot3(g[f].n, r));
			g[f].dmin = fmin(g[f].dmin, dot3(g[f].n, r));
		}
	}
	return SW_HULL_OK;
}

static sw_hull_status v_volume_planar(const sw_hull3 *h, const double ref[3], const face_geo *g, char *why,
				      size_t why_len)
{
	double vol = 0;
	for (uint32_t f = 0; f < h->num_faces && !is_flat(h); f++) {
		double a[3], b[3], d[3], x[3];
		rel3(h->verts[loop_vert(h, f, 0)], ref, a);
		for (uint32_t k = 1; k + 1 < h->faces[f].count; k++) {
			rel3(h->verts[loop_vert(h, f, k)], ref, b);
			rel3(h->verts[loop_vert(h, f, k + 1)], ref, d);
			cross3(b, d, x);
			vol += dot3(a, x);
		}
	}
	if (!(vol > 0) && !is_flat(h))
		FAIL(SW_HULL_BAD_FACES_INWARD, "volume %g is not positive: faces wound inwards", vol / 6);
	for (uint32_t f = 0; f < h->num_faces; f++)
		if (g[f].dmax - g[f].dmin > h->tol)
			FAIL(SW_HULL_BAD_FACES_NONPLANAR, "face %u spans %g off its plane (tol %g)", f,
			     g[f].dmax - g[f].dmin, h->tol);
	return SW_HULL_OK;
}

/* corners turn left by no less than −eps, once around in total */
static sw_hull_status v_face_convex(const sw_hull3 *h, uint32_t f, const double ref[3], const face_geo *g, char *why,
				    size_t why_len)
{
	uint32_t m = h->faces[f].count;
	double turn = 0;
	for (uint32_t k = 0; k < m; k++) {
		double a[3], b[3], c[3], e1[3], e2[3], ac[3], x[3];
		rel3(h->verts[loop_vert(h, f, k + m - 1)], ref, a);
		rel3(h->verts[loop_vert(h, f, k)], ref, b);
		rel3(h->verts[loop_vert(h, f, k + 1)], ref, c);
		for (int i = 0; i < 3; i++)
			e1[i] = b[i] - a[i], e2[i] = c[i] - b[i], ac[i] = c[i] - a[i];
		cross3(e1, e2, x);
		double s = dot3(x, g[f].n);
		if (s < -h->eps * len3(ac))
			FAIL(SW_HULL_BAD_FACES_NONCONVEX, "face %u has a reflex corner at vertex %u", f,
			     loop_vert(h, f, k));
		turn += atan2(s, dot3(e1, e2));
	}
	if (fabs(turn - SW_TWO_PI) > 1.0)
		FAIL(SW_HULL_BAD_FACES_NONCONVEX, "face %u winds %g turns", f, turn / (SW_TWO_PI));
	return SW_HULL_OK;
}

static int face_has(const sw_hull3 *h, uint32_t f, uint32_t v)
{
	for (uint32_t k = 0; k < h->faces[f].count; k++)
		if (loop_vert(h, f, k) == v)
			return 1;
	return 0;
}

/* the builder's promise (strict): every vertex of a face that is not on its neighbour lies more than
 * eps/2 behind the neighbour's plane, i.e. faces within eps of coplanar were merged */
static sw_hull_status v_merged(const sw_hull3 *h, const double ref[3], const face_geo *g, char *why, size_t why_len)
{
	for (uint32_t e = 0; e < h->num_edges; e++) {
		for (int s = 0; s < 2; s++) {
			uint32_t fa = h->edges[e].f[s], fb = h->edges[e].f[1 - s];
			for (uint32_t k = 0; k < h->faces[fb].count; k++) {
				uint32_t v = loop_vert(h, fb, k);
				double r[3];
				rel3(h->verts[v], ref, r);
				if (!face_has(h, fa, v) && dot3(g[fa].n, r) - g[fa].dmax >= -0.5 * h->eps)
					FAIL(SW_HULL_BAD_FACES_COPLANAR, "faces %u and %u are within eps of coplanar",
					     fa, fb);
			}
		}
	}
	return SW_HULL_OK;
}

/* a flat hull's corners are bent by more than `bend` (the sine of the turn): a straighter corner is a
 * vertex in the middle of an edge */
static sw_hull_status v_flat_corners(const sw_hull3 *h, const double ref[3], const face_geo *g, double bend, char *why,
				     size_t why_len)
{
	for (uint32_t k = 0; k < h->num_verts; k++) {
		double a[3], b[3], c[3], e1[3], e2[3], x[3];
		rel3(h->verts[loop_vert(h, 0, k + h->num_verts - 1)], ref, a);
		rel3(h->verts[k], ref, b);
		rel3(h->verts[loop_vert(h, 0, k + 1)], ref, c);
		for (int i = 0; i < 3; i++)
			e1[i] = b[i] - a[i], e2[i] = c[i] - b[i];
		cross3(e1, e2, x);
		if (dot3(x, g[0].n) < bend * len3(e1) * len3(e2))
			FAIL(SW_HULL_BAD_FACES_DEGENERATE, "flat hull: the corner at vertex %u is straight", k);
	}
	return SW_HULL_OK;
}

/* convex faces, every vertex behind every face, and neighbours clearly bent: two adjacent faces whose
 * normals differ by less than `bend` (the sine of the angle, below float32's resolution of a
 * direction) should have been one face. The rule is on the angle, not on distances, so the faces of a
 * thin hull, however narrow, are not taken for coplanar with their wide neighbours. */
static sw_hull_status v_convex(const sw_hull3 *h, const double ref[3], const face_geo *g, double bend, int strict,
			       char *why, size_t why_len)
{
	for (uint32_t f = 0; f < h->num_faces; f++) {
		sw_hull_status st = v_face_convex(h, f, ref, g, why, why_len);
		if (st != SW_HULL_OK)
			return st;
		for (uint32_t v = 0; v < h->num_verts; v++) {
			double r[3];
			rel3(h->verts[v], ref, r);
			if (dot3(g[f].n, r) - g[f].dmax > h->tol)
				FAIL(SW_HULL_BAD_FACES_NONCONVEX, "vertex %u is %g in front of face %u", v,
				     dot3(g[f].n, r) - g[f].dmax, f);
		}
	}
	if (is_flat(h))
		return v_flat_corners(h, ref, g, bend, why, why_len);
	if (strict) {
		sw_hull_status st = v_merged(h, ref, g, why, why_len);
		if (st != SW_HULL_OK)
			return st;
	}
	for (uint32_t e = 0; e < h->num_edges; e++) {
		uint32_t fa = h->edges[e].f[0], fb = h->edges[e].f[1];
		double x[3];
		cross3(g[fa].n, g[fb].n, x);
		if (len3(x) < bend && dot3(g[fa].n, g[fb].n) > 0)
			FAIL(SW_HULL_BAD_FACES_COPLANAR, "faces %u and %u are coplanar", fa, fb);
	}
	return SW_HULL_OK;
}

/* stored planes against the recomputed ones: unit normals, d the support value within tol */
static sw_hull_status v_stored_planes(const sw_hull3 *h, const face_geo *g, char *why, size_t why_len)
{
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const sw_hull_face *fc = &h->faces[f];
		double n[3] = {fc->normal.x, fc->normal.y, fc->normal.z}, z[3] = {0, 0, 0};
		if (fabs(len3(n) - 1) > 1e-5 || fabs(n[0] - g[f].n[0]) > 1e-5 || fabs(n[1] - g[f].n[1]) > 1e-5 ||
		    fabs(n[2] - g[f].n[2]) > 1e-5)
			FAIL(SW_HULL_NUMERIC, "face %u: stored normal is not the unit normal of its loop", f);
		if (f == 1 && is_flat(h) &&
		    (fc->normal.x != -h->faces[0].normal.x || fc->normal.y != -h->faces[0].normal.y ||
		     fc->normal.z != -h->faces[0].normal.z))
			FAIL(SW_HULL_NUMERIC, "flat hull: the normals of faces 0 and 1 are not opposite");
		for (uint32_t v = 0; v < h->num_verts; v++) {
			double r[3];
			rel3(h->verts[v], z, r);
			double s = dot3(n, r) - fc->d;
			if (s > h->tol || (face_has(h, f, v) && s < -h->tol))
				FAIL(SW_HULL_NUMERIC, "face %u: vertex %u at %g from the stored plane", f, v, s);
		}
	}
	return SW_HULL_OK;
}

static sw_hull_status v_stored_dirs(const sw_hull3 *h, char *why, size_t why_len)
{
	uint8_t used[SW_HULL_MAX_EDGES] = {0};
	for (uint32_t e = 0; e < h->num_edges; e++) {
		double u[3], x[3];
		uint32_t k = h->edges[e].dir;
		if (k >= h->num_dirs)
			FAIL(SW_HULL_NUMERIC, "edge %u: direction index %u out of range", e, k);
		double w[3] = {h->dirs[k].x, h->dirs[k].y, h->dirs[k].z};
		edge_unit(h, e, u);
		cross3(u, w, x);
		if (fabs(len3(w) - 1) > 1e-5 || len3(x) > SW_HULL_DIR_EPS + 1e-6)
			FAIL(SW_HULL_NUMERIC, "edge %u is not along direction %u", e, k);
		used[k] = 1;
	}
	for (uint32_t k = 0; k < h->num_dirs; k++) {
		double a[3] = {h->dirs[k].x, h->dirs[k].y, h->dirs[k].z}, x[3];
		if (!used[k])
			FAIL(SW_HULL_NUMERIC, "direction %u belongs to no edge", k);
		for (uint32_t j = 0; j < k; j++) {
			double b[3] = {h->dirs[j].x, h->dirs[j].y, h->dirs[j].z};
			cross3(a, b, x);
			if (len3(x) < SW_HULL_DIR_EPS - 1e-6)
				FAIL(SW_HULL_NUMERIC, "directions %u and %u are parallel", j, k);
		}
	}
	return SW_HULL_OK;
}

/* centroid behind every face within tol (g is relative to the centroid; the centroid of a flat or
 * thin hull is within float rounding of its planes), within tol of a flat hull's polygon, and radius
 * covering */
static sw_hull_status v_stored_centre(const sw_hull3 *h, const double ref[3], const face_geo *g, int strict, char *why,
				      size_t why_len)
{
	for (uint32_t f = 0; f < h->num_faces; f++)
		if (!(g[f].dmax > (strict ? 0 : -h->tol)))
			FAIL(SW_HULL_NUMERIC, "centroid not inside face %u", f);
	for (uint32_t k = 0; k < h->num_verts && is_flat(h); k++) {
		double a[3], b[3], e[3], m[3];
		rel3(h->verts[k], ref, a);
		rel3(h->verts[loop_vert(h, 0, k + 1)], ref, b);
		for (int i = 0; i < 3; i++)
			e[i] = b[i] - a[i];
		cross3(e, g[0].n, m);
		if (-dot3(m, a) > h->tol * len3(m))
			FAIL(SW_HULL_NUMERIC, "flat hull: centroid outside edge %u", k);
	}
	for (uint32_t v = 0; v < h->num_verts; v++) {
		double r[3];
		rel3(h->verts[v], ref, r);
		if (len3(r) > h->radius)
			FAIL(SW_HULL_NUMERIC, "vertex %u outside the radius", v);
	}
	return SW_HULL_OK;
}

sw_hull_status sw_hull3_validate_(const sw_hull3 *h, int strict, char *why, size_t why_len)
{
	if (why && why_len)
		why[0] = 0;
	if (!h)
		FAIL(SW_HULL_INVALID_INPUT, "NULL hull");
	sw_hull_status st = v_counts(h, why, why_len);
	if (st == SW_HULL_OK)
		st = v_positions(h->verts, h->num_verts, why, why_len);
	if (st == SW_HULL_OK)
		st = v_topology(h, why, why_len);
	if (st != SW_HULL_OK)
		return st;
	face_geo g[SW_HULL_MAX_FACES];
	const double ref[3] = {h->centroid.x, h->centroid.y, h->centroid.z};
	if (!isfinite(ref[0]) || !isfinite(ref[1]) || !isfinite(ref[2]) || !(h->radius >= 0))
		FAIL(SW_HULL_NUMERIC, "centroid or radius not finite");
	/* the smallest bend between neighbours: a quarter of eps over the size S (eps ≥ FLT_EPSILON · S) */
	double c[3], size, unused;
	sw_hull3_tolerances_(h->verts, h->num_verts, 1.0, c, &size, &unused);
	const double bend = 0.25 * h->eps / size;
	strict = strict && !is_flat(h);
	st = v_face_areas(h, ref, g, strict, why, why_len);
	if (st == SW_HULL_OK)
		st = v_volume_planar(h, ref, g, why, why_len);
	if (st == SW_HULL_OK)
		st = v_convex(h, ref, g, bend, strict, why, why_len);
	if (st == SW_HULL_OK)
		st = v_stored_planes(h, g, why, why_len);
	if (st == SW_HULL_OK)
		st = v_stored_dirs(h, why, why_len);
	if (st == SW_HULL_OK)
		st = v_stored_centre(h, ref, g, strict, why, why_len);
	return st;
}

/* ---- construction from faces, box, support ---- */

static int coord_ok(float x) { return isfinite(x) && fabsf(x) <= SW_MAX_COORD; }

/* copies the loops after the index rules (sizes ≥ 3, capacity, indices < nv, no repeats) */
static sw_hull_status copy_faces(const uint32_t *sizes, const uint32_t *idx, size_t nf, size_t nv, sw_hull3 *h)
{
	size_t total = 0;
	if (!sizes || !idx || nf < 2 || nf > SW_HULL_MAX_FACES)
		return SW_HULL_BAD_FACES_INDEX;
	for (size_t f = 0; f < nf; f++) {
		if (sizes[f] < 3 || sizes[f] > SW_HULL_MAX_FACE_INDICES - total)
			return SW_HULL_BAD_FACES_INDEX;
		h->faces[f].first = (uint16_t)total;
		h->faces[f].count = (uint16_t)sizes[f];
		for (uint32_t k = 0; k < sizes[f]; k++) {
			uint32_t v = idx[total + k];
			if (v >= nv)
				return SW_HULL_BAD_FACES_INDEX;
			for (uint32_t j = 0; j < k; j++)
				if (idx[total + j] == v)
					return SW_HULL_BAD_FACES_INDEX;
			h->face_verts[total + k] = (uint8_t)v;
		}
		total += sizes[f];
	}
	h->num_faces = (uint32_t)nf;
	return SW_HULL_OK;
}

sw_hull_status sw_hull3_from_faces_st_(const sw_vec3 *verts, size_t nv, const uint32_t *face_sizes,
				       const uint32_t *face_indices, size_t nf, sw_hull3 *out)
{
	if (!out)
		return SW_HULL_INVALID_INPUT;
	memset(out, 0, sizeof *out);
	if (!verts || nv == 0)
		return SW_HULL_EMPTY;
	if (nv > SW_HULL_MAX_VERTS) /* counts first: nothing past what the caller may hold is read */
		return SW_HULL_TOO_MANY;
	if (nv < 3)
		return SW_HULL_TOO_FEW;
	for (size_t i = 0; i < nv; i++)
		if (!coord_ok(verts[i].x) || !coord_ok(verts[i].y) || !coord_ok(verts[i].z))
			return SW_HULL_INVALID_INPUT;
	sw_hull_status st = copy_faces(face_sizes, face_indices, nf, nv, out);
	if (st == SW_HULL_OK)
		st = v_positions(verts, nv, NULL, 0);
	if (st == SW_HULL_OK) {
		double c[3], eps, tol;
		memcpy(out->verts, verts, nv * sizeof *verts);
		out->num_verts = (uint32_t)nv;
		sw_hull3_tolerances_(verts, nv, SW_HULL_REL_EPS, c, &eps, &tol);
		st = sw_hull3_finish_(out, eps, tol);
	}
	if (st == SW_HULL_OK)
		st = sw_hull3_validate_(out, 0, NULL, 0);
	if (st != SW_HULL_OK)
		sw_hull3_clear_(out);
	return st;
}

sw_hull_status sw_hull3_box_st_(const sw_obb3 *box, sw_hull3 *out)
{
	static const uint32_t sizes[6] = {4, 4, 4, 4, 4, 4};
	static const uint32_t loops[24] = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
	if (!out)
		return SW_HULL_INVALID_INPUT;
	sw_box3 local = {{0, 0, 0}, {0, 0, 0, 1}, box ? box->half : sw_v3(0, 0, 0)};
	if (!box || !sw_obb3_valid_ref(&local, sw_v3(0, 0, 0))) {
		sw_hull3_clear_(out);
		return SW_HULL_INVALID_INPUT;
	}
	sw_vec3 v[8];
	for (int k = 0; k < 8; k++)
		v[k] = sw_v3(k & 1 ? box->half.x : -box->half.x, k & 2 ? box->half.y : -box->half.y,
			     k & 4 ? box->half.z : -box->half.z);
	return sw_hull3_from_faces_st_(v, 8, sizes, loops, 6, out);
}

int sw_hull3_support(const sw_hull3 *h, sw_vec3 dir)
{
	if (!h || h->num_verts == 0 || h->num_verts > SW_HULL_MAX_VERTS)
		return -1;
	int best = 0;
	float bd = sw_v3_dot(h->verts[0], dir);
	for (uint32_t v = 1; v < h->num_verts; v++) {
		float d = sw_v3_dot(h->verts[v], dir);
		if (d > bd) {
			bd = d;
			best = (int)v;
		}
	}
	return best;
}
