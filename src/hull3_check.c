/* src/hull3_check.c — the validation behind sw_hull3_check, sw_hull3_from_faces and the builder: every
 * invariant of a hull (doc/numerics.md), one rule group per function, in the order of the statuses.
 *
 * A sw_hull3 is caller-writable memory: every count and index is range-checked (v_counts, then the
 * edge records against the loops in v_topology) before anything is indexed with it. Geometry is
 * recomputed in double relative to the stored centroid (differences of floats are exact in double,
 * so the judgement does not degrade far from the origin); the vertices are converted once, and each
 * face's vertex set is a 64-bit mask, so the rules that compare every vertex with every face cost one
 * dot product per pair. A solid hull the builder has just made is judged from the builder's values,
 * in its frame (sw_hull3_validate_built_).
 */
#include "hull3_int.h"
#include "hull3_lanes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* a full turn, for the winding of face loops (M_PI is not ISO C) */
#define SW_TWO_PI 6.283185307179586
#define SW_HALF_PI 1.5707963267948966

/* per-face geometry recomputed in double relative to the centroid: unit normal, max and min of n·v
 * over the face's own vertices */
typedef struct face_geo {
	double n[3], dmax, dmin;
	int plain; /* a triangle wide enough that its corners need no judging (v_face_convex) */
} face_geo;

/* what the rules share: the vertices relative to the centroid (r) and in double (a), each face's
 * vertex mask, the recomputed planes, the smallest bend between neighbours */
typedef struct vctx {
	const sw_hull3 *h;
	double r[SW_HULL_MAX_VERTS][3];
	double a[SW_HULL_MAX_VERTS][3];
	double rc[3][SW_HULL_MAX_VERTS], ac[3][SW_HULL_MAX_VERTS]; /* r and a in columns */
	uint64_t fmask[SW_HULL_MAX_FACES];
	uint64_t near[SW_HULL_MAX_FACES]; /* per face: the vertices v_merged calls near its plane */
	face_geo g[SW_HULL_MAX_FACES];
	double bend, r2max; /* r2max: the largest |r|² */
	double diag2;       /* |w|², w the bounding box of a (hi − lo): at least every edge's |d|² */
	int own_fast; /* with sh: 2^-22·max |a|₁ ≤ tol/4, so v_stored_planes may judge own vertices from sh */
	int built, strict, flat;
	const uint64_t *fresh_f; /* a piece's faces to judge whole (NULL: every face); see validate_piece */
	uint64_t fresh_v;        /* a piece's vertices not in its hull (every bit: all) */
	const sw_hull3_lanes *lanes;
	const sw_hull3_shared *sh; /* a built solid hull's values (NULL: computed here); r is then in sh's frame */
	int made;     /* with sh: sh was made from h by sw_hull3_finish_ and h is unchanged since (the builder) */
	double go[3]; /* with sh: the stored centroid relative to sh's frame */
} vctx;

/* whether face f is judged whole: every face of a full check, a piece's fresh faces */
static int fresh_face(const vctx *x, uint32_t f) { return !x->fresh_f || (x->fresh_f[f >> 6] >> (f & 63) & 1); }

/* whether a fresh vertex is more than tol in front of n·r − off (r relative to the centroid, or a) */
static int fresh_above(const vctx *x, const double (*r)[3], const double n[3], double off, double tol)
{
	for (uint64_t m = x->fresh_v & (x->h->num_verts >= 64 ? ~0ull : (1ull << x->h->num_verts) - 1); m; m &= m - 1)
		if (sw_hd_dot(n, r[sw_low_bit(m)]) - off > tol)
			return 1;
	return 0;
}

static uint32_t next_in_loop(uint32_t k, uint32_t m) { return k + 1 == m ? 0 : k + 1; }

/* whether n·c[v] − off > lim for any of nv vertices in columns c */
static int any_above(const double (*c)[SW_HULL_MAX_VERTS], uint32_t nv, const double n[3], double off, double lim)
{
	return sw_hull3_any_above_(c[0], c[1], c[2], nv, n, off, lim);
}

sw_hull_status sw_hull3_distinct_(const sw_vec3 *v, size_t n, char *why, size_t why_len)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (v[i].x == v[j].x && v[i].y == v[j].y && v[i].z == v[j].z)
				SW_HULL_FAIL(SW_HULL_BAD_FACES_DEGENERATE, "vertices %zu and %zu coincide", j, i);
	return SW_HULL_OK;
}

/* counts within capacity, tolerances, finite vertices, every loop in range without repeats; fills
 * the face masks */
static sw_hull_status v_counts(vctx *x, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	int flat = h->num_faces == 2;
	if (h->num_verts < (flat ? 3u : 4u) || h->num_verts > SW_HULL_MAX_VERTS || (h->num_faces < 4 && !flat) ||
	    h->num_faces > SW_HULL_MAX_FACES || h->num_edges > SW_HULL_MAX_EDGES || h->num_dirs < 1 ||
	    h->num_dirs > h->num_edges || (flat && h->num_edges != h->num_verts))
		SW_HULL_FAIL(SW_HULL_BAD_FACES_INDEX, "counts out of range: V %u F %u E %u dirs %u", h->num_verts,
			     h->num_faces, h->num_edges, h->num_dirs);
	if (!(h->eps > 0) || !(h->tol >= h->eps) || !isfinite(h->tol))
		SW_HULL_FAIL(SW_HULL_BAD_FACES_INDEX, "tolerances eps %g tol %g", h->eps, h->tol);
	for (uint32_t v = 0; v < h->num_verts; v++)
		if (!isfinite(h->verts[v].x) || !isfinite(h->verts[v].y) || !isfinite(h->verts[v].z))
			SW_HULL_FAIL(SW_HULL_INVALID_INPUT, "vertex %u not finite", v);
	/* each loop is checked alone below; loops may overlap in face_verts, so their total is what
	 * bounds the half-edges gathered from them */
	uint32_t total = 0;
	for (uint32_t f = 0; f < h->num_faces; f++)
		total += h->faces[f].count;
	if (total > SW_HULL_MAX_FACE_INDICES)
		SW_HULL_FAIL(SW_HULL_BAD_FACES_INDEX, "face loops hold %u indices, more than %u", total,
			     SW_HULL_MAX_FACE_INDICES);
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const sw_hull_face *fc = &h->faces[f];
		if (fc->count < 3 || fc->first + fc->count > SW_HULL_MAX_FACE_INDICES)
			SW_HULL_FAIL(SW_HULL_BAD_FACES_INDEX, "face %u: first %u count %u", f, fc->first, fc->count);
		/* by selects first (a loop's length is not predictable), then again for the message */
		const uint8_t *lp = &h->face_verts[fc->first];
		uint64_t m = (uint64_t)1 << (lp[0] & 63), bad = lp[0] >= h->num_verts;
		if (fc->count == 3) { /* most faces: the loop below unrolled (equal bits below 64 are equal indices) */
			const uint32_t a = lp[0], b = lp[1], c = lp[2];
			bad |= (b >= h->num_verts) | (c >= h->num_verts) | (a == b) | (a == c) | (b == c);
			m |= (uint64_t)1 << (b & 63) | (uint64_t)1 << (c & 63);
		}
		for (uint32_t k = 1; k < fc->count && fc->count != 3; k++) {
			const uint32_t v = lp[k];
			bad |= (v >= h->num_verts) | (m >> (v & 63) & 1);
			m |= (uint64_t)1 << (v & 63);
		}
		uint64_t seen = 0;
		for (uint32_t k = 0; bad && k < fc->count; k++) {
			uint32_t v = lp[k];
			if (v >= h->num_verts)
				SW_HULL_FAIL(SW_HULL_BAD_FACES_INDEX, "face %u: vertex index out of range", f);
			if (seen >> v & 1)
				SW_HULL_FAIL(SW_HULL_BAD_FACES_INDEX, "face %u repeats vertex %u", f, v);
			seen |= (uint64_t)1 << v;
		}
		x->fmask[f] = m;
	}
	return SW_HULL_OK;
}

/* closed, consistently wound 2-manifold; the stored edges are exactly its edges; Euler; degree ≥ 3
 * (a flat hull: its loops and edges in the representation) */
static sw_hull_status v_topology(const sw_hull3 *h, char *why, size_t why_len)
{
	sw_hull_edge e[SW_HULL_MAX_EDGES];
	uint32_t ne = 0, deg[SW_HULL_MAX_VERTS] = {0}, flat = h->num_faces == 2;
	sw_hull_status st =
		flat ? sw_hull3_flat_loops_(h, why, why_len) : sw_hull3_pair_edges_(h, e, &ne, why, why_len);
	if (st != SW_HULL_OK)
		return st;
	if (flat) { /* a cycle: V − E + F = k − k + 2, every vertex on both faces */
		sw_hull3_flat_edges_(h, e, &ne);
		for (uint32_t i = 0; i < ne; i++)
			if (memcmp(e[i].v, h->edges[i].v, 2) || memcmp(e[i].f, h->edges[i].f, 2))
				SW_HULL_FAIL(SW_HULL_NUMERIC, "flat hull: edge record %u is not the loop's edge %u", i,
					     i);
		return SW_HULL_OK;
	}
	if ((int)h->num_verts - (int)ne + (int)h->num_faces != 2)
		SW_HULL_FAIL(SW_HULL_BAD_FACES_EULER, "V - E + F = %u - %u + %u != 2", h->num_verts, ne, h->num_faces);
	for (uint32_t i = 0; i < ne; i++) {
		deg[e[i].v[0]]++;
		deg[e[i].v[1]]++;
	}
	for (uint32_t v = 0; v < h->num_verts; v++)
		if (deg[v] < 3)
			SW_HULL_FAIL(SW_HULL_BAD_FACES_DEGENERATE, "vertex %u is on %u edges", v, deg[v]);
	if (ne != h->num_edges)
		SW_HULL_FAIL(SW_HULL_NUMERIC, "%u edges stored, loops give %u", h->num_edges, ne);
	for (uint32_t i = 0; i < ne; i++)
		if (memcmp(e[i].v, h->edges[i].v, 2) || memcmp(e[i].f, h->edges[i].f, 2))
			SW_HULL_FAIL(SW_HULL_NUMERIC, "edge record %u differs from the loops", i);
	return SW_HULL_OK;
}

/* degeneracy is judged on the normal taken relative to the face's own first vertex, where its
 * rounding is least (about 2^-52 · length / width relative): SW_HULL_MIN_WIDTH keeps that below
 * float32's 2^-24. The builder (strict) promises faces at least eps wide, at least 16 times wider
 * than that (eps ≥ FLT_EPSILON·S, length ≤ 2S), so for it only the width against eps is taken. */
static sw_hull_status v_face_areas(vctx *x, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const uint8_t *lp = &h->face_verts[h->faces[f].first];
		uint32_t m = h->faces[f].count;
		double n0[3] = {0, 0, 0}, e = 0;
		face_geo *g = &x->g[f];
		double l = x->sh ? x->sh->l[f] : sw_hull3_newell_(h, f, (const double(*)[3])x->r, g->n);
		/* strict: every |d|² is at most diag2 (below), so l² ≥ 4·eps²·diag2 is the width rule's
		 * verdict for this face without its edges (most faces: l is far above eps times the hull's size) */
		const int wide = x->strict && l * l >= 4 * (h->eps * (double)h->eps) * x->diag2;
		/* the largest |d|², any order */
		for (uint32_t k = 0, j = m - 1; k < m && x->strict && !wide; j = k++) {
			const double *p = x->a[lp[j]], *q = x->a[lp[k]];
			const double d[3] = {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
			double dd = sw_hd_dot(d, d);
			e = dd > e ? dd : e;
		}
		for (uint32_t k = 0; k < m && !x->strict; k++) {
			const double *p = x->a[lp[k]], *q = x->a[lp[next_in_loop(k, m)]], *o = x->a[lp[0]];
			const double d[3] = {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
			const double a[3] = {p[0] - o[0], p[1] - o[1], p[2] - o[2]},
				     b[3] = {q[0] - o[0], q[1] - o[1], q[2] - o[2]};
			n0[0] += (a[1] - b[1]) * (a[2] + b[2]);
			n0[1] += (a[2] - b[2]) * (a[0] + b[0]);
			n0[2] += (a[0] - b[0]) * (a[1] + b[1]);
			double dd = sw_hd_dot(d, d);
			e = dd > e ? dd : e;
		}
		const double e2 = e; /* the largest |d|² */
		e = sqrt(e);         /* the longest edge: sqrt is monotonic, so the max of the lengths, bit for bit */
		double l0 = sw_hd_len(n0);
		if (!x->strict && !(l0 > SW_HULL_MIN_WIDTH * e * e))
			SW_HULL_FAIL(SW_HULL_BAD_FACES_DEGENERATE,
				     "face %u: width %g is below SW_HULL_MIN_WIDTH of its length %g", f, l0 / e, e);
		/* l² ≥ 4·eps²·e² (each rounded) makes l ≥ 2·eps·e·(1 − 2^-52)^(3/2), above eps·e rounded: the
		 * rule's verdict without waiting on the square root (l < 2^300: no overflow) */
		if (x->strict && !wide && !(l * l >= 4 * (h->eps * (double)h->eps) * e2) && !(l > h->eps * e))
			SW_HULL_FAIL(SW_HULL_BAD_FACES_DEGENERATE, "face %u is narrower than eps", f);
		g->dmax = -INFINITY;
		g->dmin = INFINITY;
		g->plain = m == 3 && l > 0x1p-30 * x->r2max;
		if (x->sh) { /* the builder's: Newell's normal of r over its length, the same loop's n·r */
			memcpy(g->n, x->sh->n[f], sizeof g->n);
			g->dmax = x->sh->dmax[f], g->dmin = x->sh->dmin[f];
			continue;
		}
		for (int k = 0; k < 3; k++)
			g->n[k] /= l;
		for (uint32_t k = 0; k < m; k++) {
			double s = sw_hd_dot(g->n, x->r[lp[k]]);
			g->dmax = s > g->dmax ? s : g->dmax; /* fmax, fmin */
			g->dmin = s < g->dmin ? s : g->dmin;
		}
	}
	return SW_HULL_OK;
}

static sw_hull_status v_volume_planar(const vctx *x, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	double vol = x->sh ? x->sh->vol : 0; /* the builder's: v_volume_planar's sum over the same r */
	for (uint32_t f = 0; f < h->num_faces && !x->flat && !x->sh; f++) {
		const uint8_t *lp = &h->face_verts[h->faces[f].first];
		const double *a = x->r[lp[0]];
		for (uint32_t k = 1; k + 1 < h->faces[f].count; k++) {
			double c[3];
			sw_hd_cross(x->r[lp[k]], x->r[lp[k + 1]], c);
			vol += sw_hd_dot(a, c);
		}
	}
	if (!(vol > 0) && !x->flat)
		SW_HULL_FAIL(SW_HULL_BAD_FACES_INWARD, "volume %g is not positive: faces wound inwards", vol / 6);
	for (uint32_t f = 0; f < h->num_faces; f++)
		if (x->g[f].dmax - x->g[f].dmin > h->tol)
			SW_HULL_FAIL(SW_HULL_BAD_FACES_NONPLANAR, "face %u spans %g off its plane (tol %g)", f,
				     x->g[f].dmax - x->g[f].dmin, h->tol);
	return SW_HULL_OK;
}

/* atan2(s, c) for s > 0 within 0.004 rad (atan t ≈ t·(π/4 + 0.273·(1 − t)) on [0, 1]) */
static double turn_angle(double s, double c)
{
	double ac = fabs(c), t = s < ac ? s / ac : ac / s;
	double a = t * (0.7853981633974483 + 0.273 * (1 - t));
	a = s > ac ? SW_HALF_PI - a : a;
	return c < 0 ? 2 * SW_HALF_PI - a : a;
}

/* corners turn left by no less than −eps, once around in total. When every corner turns strictly
 * left, each turn lies in (0, π) and the exact total is 2π times the winding number, so a sum of
 * turns each within 0.004 rad (at most 64 corners) tells a single winding from a multiple one
 * exactly as the libm sum does; otherwise the turns are summed with atan2.
 * A plain triangle (twice its area, Newell's l, above 2^-30·R², R the largest distance of a vertex
 * from the frame's origin: the centroid, or a built hull's bounding-box centre) passes without this: every corner's
 * cross product and its Newell normal are its doubled area vector N, each computed within a few 2^-52·R² of it, so
 * every corner turns left (s > 0 by a margin of 2^-18 relative) and the turns total 2π within 0.012 rad. */
static sw_hull_status v_face_convex(const vctx *x, uint32_t f, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	const uint8_t *lp = &h->face_verts[h->faces[f].first];
	uint32_t m = h->faces[f].count;
	double sv[SW_HULL_MAX_VERTS], cv[SW_HULL_MAX_VERTS], turn = 0;
	int left = 1;
	for (uint32_t k = 0; k < m; k++) {
		const double *a = x->r[lp[k == 0 ? m - 1 : k - 1]], *b = x->r[lp[k]], *c = x->r[lp[next_in_loop(k, m)]];
		double e1[3], e2[3], xx[3];
		for (int i = 0; i < 3; i++)
			e1[i] = b[i] - a[i], e2[i] = c[i] - b[i];
		sw_hd_cross(e1, e2, xx);
		double s = sw_hd_dot(xx, x->g[f].n);
		const double ac[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
		if (s < 0 && s < -h->eps * sw_hd_len(ac))
			SW_HULL_FAIL(SW_HULL_BAD_FACES_NONCONVEX, "face %u has a reflex corner at vertex %u", f, lp[k]);
		sv[k] = s, cv[k] = sw_hd_dot(e1, e2);
		left &= s > 0;
	}
	for (uint32_t k = 0; k < m; k++)
		turn += left ? turn_angle(sv[k], cv[k]) : atan2(sv[k], cv[k]);
	if (fabs(turn - SW_TWO_PI) > 1.0)
		SW_HULL_FAIL(SW_HULL_BAD_FACES_NONCONVEX, "face %u winds %g turns", f, turn / (SW_TWO_PI));
	return SW_HULL_OK;
}

/* the builder's promise (strict): every vertex of a face that is not on its neighbour lies more than
 * eps/2 behind the neighbour's plane, i.e. faces within eps of coplanar were merged. near[fa]: the
 * vertices with n·r − dmax ≥ −eps/2 for fa's plane (the lanes' scan, in v_convex) */
static sw_hull_status v_merged(const vctx *x, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	for (uint32_t e = 0; e < h->num_edges; e++) {
		for (int s = 0; s < 2; s++) {
			uint32_t fa = h->edges[e].f[s], fb = h->edges[e].f[1 - s];
			if (x->near[fa] & x->fmask[fb] & ~x->fmask[fa])
				SW_HULL_FAIL(SW_HULL_BAD_FACES_COPLANAR, "faces %u and %u are within eps of coplanar",
					     fa, fb);
		}
	}
	return SW_HULL_OK;
}

/* a flat hull's corners are bent by more than `bend` (the sine of the turn): a straighter corner is a
 * vertex in the middle of an edge */
static sw_hull_status v_flat_corners(const vctx *x, char *why, size_t why_len)
{
	uint32_t m = x->h->num_verts;
	for (uint32_t k = 0; k < m; k++) {
		const double *a = x->r[k == 0 ? m - 1 : k - 1], *b = x->r[k], *c = x->r[next_in_loop(k, m)];
		double e1[3], e2[3], xx[3];
		for (int i = 0; i < 3; i++)
			e1[i] = b[i] - a[i], e2[i] = c[i] - b[i];
		sw_hd_cross(e1, e2, xx);
		if (sw_hd_dot(xx, x->g[0].n) < x->bend * sw_hd_len(e1) * sw_hd_len(e2))
			SW_HULL_FAIL(SW_HULL_BAD_FACES_DEGENERATE, "flat hull: the corner at vertex %u is straight", k);
	}
	return SW_HULL_OK;
}

/* convex faces, every vertex behind every face, and neighbours clearly bent: two adjacent faces whose
 * normals differ by less than `bend` (the sine of the angle, below float32's resolution of a
 * direction) should have been one face. The rule is on the angle, not on distances, so the faces of a
 * thin hull, however narrow, are not taken for coplanar with their wide neighbours. */
static sw_hull_status v_convex(vctx *x, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const face_geo *g = &x->g[f];
		if (!fresh_face(x, f)) { /* a piece's face as its hull had it: only the fresh vertices are new */
			if (fresh_above(x, (const double(*)[3])x->r, g->n, g->dmax, h->tol))
				SW_HULL_FAIL(SW_HULL_BAD_FACES_NONCONVEX, "a new vertex is in front of face %u", f);
			continue;
		}
		sw_hull_status st = g->plain ? SW_HULL_OK : v_face_convex(x, f, why, why_len);
		if (st != SW_HULL_OK)
			return st;
		/* in one pass the convexity rule and the merged rule (v_merged) get the same sums */
		int above = x->sh ? x->sh->above[f]
				  : x->lanes->scan(x->rc[0], x->rc[1], x->rc[2], h->num_verts, g->n, g->dmax, h->tol,
						   -0.5 * h->eps, &x->near[f]);
		if (x->sh)
			x->near[f] = x->sh->near[f];
		for (uint32_t v = 0; v < h->num_verts && above; v++)
			if (sw_hd_dot(g->n, x->r[v]) - g->dmax > h->tol)
				SW_HULL_FAIL(SW_HULL_BAD_FACES_NONCONVEX, "vertex %u is %g in front of face %u", v,
					     sw_hd_dot(g->n, x->r[v]) - g->dmax, f);
	}
	if (x->flat)
		return v_flat_corners(x, why, why_len);
	if (x->strict) {
		sw_hull_status st = v_merged(x, why, why_len);
		if (st != SW_HULL_OK)
			return st;
	}
	/* |c|² ≥ 4·bend² (rounded) makes |c| ≥ 2·bend·(1 − 2^-52), not below bend: the rule's verdict without
	 * the square root (bend ≥ 2^-300, so bend² is a normal double) */
	const double bend4 = 4 * (x->bend * x->bend);
	for (uint32_t e = 0; e < h->num_edges; e++) {
		uint32_t fa = h->edges[e].f[0], fb = h->edges[e].f[1];
		double c[3];
		sw_hd_cross(x->g[fa].n, x->g[fb].n, c);
		if (!(sw_hd_dot(c, c) >= bend4) && sw_hd_len(c) < x->bend && sw_hd_dot(x->g[fa].n, x->g[fb].n) > 0)
			SW_HULL_FAIL(SW_HULL_BAD_FACES_COPLANAR, "faces %u and %u are coplanar", fa, fb);
	}
	return SW_HULL_OK;
}

/* stored planes against the recomputed ones: unit normals, d the support value within tol (for a
 * built hull the builder has found every input point, so every vertex, within tol behind every stored
 * plane with this very arithmetic: only the face's own vertices' other side is left to check) */
static sw_hull_status v_stored_planes(const vctx *x, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const sw_hull_face *fc = &h->faces[f];
		const double n[3] = {fc->normal.x, fc->normal.y, fc->normal.z}, *gn = x->g[f].n;
		/* with sh the stored normal is the float rounding of the unit gn or the face fails here; that
		 * rounding is within 2^-24 of gn in each coordinate and of length 1 within 1e-7, so the 1e-5
		 * rule below could only pass it (doc/numerics.md, "The frame of the check"); made: shared_planes
		 * stored this very rounding, so it is not confirmed */
		if (x->sh && !x->made &&
		    (fc->normal.x != (float)gn[0] || fc->normal.y != (float)gn[1] || fc->normal.z != (float)gn[2] ||
		     fc->d != (float)(x->sh->dall[f] + sw_hd_dot(gn, x->sh->c))))
			SW_HULL_FAIL(SW_HULL_NUMERIC, "face %u: stored plane is not the one made from its loop", f);
		if (!x->sh && (fabs(sw_hd_len(n) - 1) > 1e-5 || fabs(n[0] - gn[0]) > 1e-5 ||
			       fabs(n[1] - gn[1]) > 1e-5 || fabs(n[2] - gn[2]) > 1e-5))
			SW_HULL_FAIL(SW_HULL_NUMERIC, "face %u: stored normal is not the unit normal of its loop", f);
		if (f == 1 && x->flat &&
		    (fc->normal.x != -h->faces[0].normal.x || fc->normal.y != -h->faces[0].normal.y ||
		     fc->normal.z != -h->faces[0].normal.z))
			SW_HULL_FAIL(SW_HULL_NUMERIC, "flat hull: the normals of faces 0 and 1 are not opposite");
		if (!fresh_face(x, f)) { /* the hull's plane and loop: its vertices were within tol of it */
			if (fresh_above(x, (const double(*)[3])x->a, n, fc->d, h->tol))
				SW_HULL_FAIL(SW_HULL_NUMERIC, "face %u: a new vertex is in front of the stored plane",
					     f);
			continue;
		}
		/* with sh, a face's own vertices are within tol of its stored plane when dmin − dall ≥ −tol/2 and
		 * own_fast: each n_f·a − d_f is then its n·r − dall within tol/8 and n·r ≥ dmin (doc/numerics.md,
		 * "The frame of the check"); otherwise, and always without sh, each is computed */
		const int own_ok = x->sh && x->own_fast && x->g[f].dmin - x->sh->dall[f] >= -0.5 * h->tol;
		int below = 0; /* by selects first, then again for the message */
		for (uint32_t k = 0; x->built && !own_ok && k < fc->count; k++)
			below |= sw_hd_dot(n, x->a[h->face_verts[fc->first + k]]) - fc->d < -h->tol;
		for (uint32_t k = 0; below && k < fc->count; k++) {
			uint32_t v = h->face_verts[fc->first + k];
			if (sw_hd_dot(n, x->a[v]) - fc->d < -h->tol)
				SW_HULL_FAIL(SW_HULL_NUMERIC, "face %u: vertex %u below the stored plane", f, v);
		}
		int above = !x->built && any_above(x->ac, h->num_verts, n, fc->d, h->tol);
		for (uint32_t k = 0; !x->built && !above && k < fc->count; k++)
			above = sw_hd_dot(n, x->a[h->face_verts[fc->first + k]]) - fc->d < -h->tol;
		for (uint32_t v = 0; v < h->num_verts && above; v++) {
			double s = sw_hd_dot(n, x->a[v]) - fc->d;
			if (s > h->tol || ((x->fmask[f] >> v & 1) && s < -h->tol))
				SW_HULL_FAIL(SW_HULL_NUMERIC, "face %u: vertex %u at %g from the stored plane", f, v,
					     s);
		}
	}
	return SW_HULL_OK;
}

/* every edge along its direction, every direction used, no two directions within SW_HULL_DIR_EPS.
 * Unit vectors within 1e-5 rad of parallel differ by at most 1.00001e-5 in each coordinate (up to
 * sign), so a pair whose |x| differ by more than 2e-5 needs no cross product. */
static sw_hull_status v_stored_dirs(const sw_hull3 *h, char *why, size_t why_len)
{
	uint8_t used[SW_HULL_MAX_EDGES] = {0};
	for (uint32_t e = 0; e < h->num_edges; e++) {
		double u[3], c[3];
		uint32_t k = h->edges[e].dir;
		if (k >= h->num_dirs)
			SW_HULL_FAIL(SW_HULL_NUMERIC, "edge %u: direction index %u out of range", e, k);
		double w[3] = {h->dirs[k].x, h->dirs[k].y, h->dirs[k].z};
		sw_hull3_edge_unit_(h, e, u);
		sw_hd_cross(u, w, c);
		if (fabs(sw_hd_len(w) - 1) > 1e-5 || sw_hd_len(c) > SW_HULL_DIR_EPS + 1e-6)
			SW_HULL_FAIL(SW_HULL_NUMERIC, "edge %u is not along direction %u", e, k);
		used[k] = 1;
	}
	/* the directions sorted by |x| (ax, order): only neighbours within 2e-5 in that order are candidates */
	float ax[SW_HULL_MAX_EDGES];
	uint8_t order[SW_HULL_MAX_EDGES];
	for (uint32_t k = 0; k < h->num_dirs; k++) {
		if (!used[k])
			SW_HULL_FAIL(SW_HULL_NUMERIC, "direction %u belongs to no edge", k);
		float a = fabsf(h->dirs[k].x);
		uint32_t lo = 0, hi = k;
		while (lo < hi) { /* insertion point after every ax ≤ a */
			uint32_t mid = (lo + hi) / 2;
			if (ax[mid] <= a)
				lo = mid + 1;
			else
				hi = mid;
		}
		memmove(&ax[lo + 1], &ax[lo], (k - lo) * sizeof ax[0]);
		memmove(&order[lo + 1], &order[lo], k - lo);
		ax[lo] = a, order[lo] = (uint8_t)k;
	}
	for (uint32_t i = 0; i < h->num_dirs; i++)
		for (uint32_t j = i + 1; j < h->num_dirs && ax[j] - ax[i] <= 2e-5f; j++) {
			const sw_vec3 p = h->dirs[order[i]], q = h->dirs[order[j]];
			const double a[3] = {p.x, p.y, p.z}, b[3] = {q.x, q.y, q.z};
			double c[3];
			sw_hd_cross(a, b, c);
			if (sw_hd_len(c) < SW_HULL_DIR_EPS - 1e-6)
				SW_HULL_FAIL(SW_HULL_NUMERIC, "directions %u and %u are parallel", order[i], order[j]);
		}
	return SW_HULL_OK;
}

/* centroid behind every face within tol (the centroid of a flat or thin hull is within float
 * rounding of its planes; strict: strictly behind), within tol of a flat hull's polygon, and radius
 * covering */
static sw_hull_status v_stored_centre(const vctx *x, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	for (uint32_t f = 0; f < h->num_faces; f++) /* with sh: n·(v − g) as n·(v − c) − n·(g − c) */
		if (!(x->g[f].dmax - (x->sh ? sw_hd_dot(x->g[f].n, x->go) : 0) > (x->strict ? 0 : -h->tol)))
			SW_HULL_FAIL(SW_HULL_NUMERIC, "centroid not inside face %u", f);
	for (uint32_t k = 0; k < h->num_verts && x->flat; k++) {
		const double *a = x->r[k], *b = x->r[next_in_loop(k, h->num_verts)];
		const double e[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
		double m[3];
		sw_hd_cross(e, x->g[0].n, m);
		if (-sw_hd_dot(m, a) > h->tol * sw_hd_len(m))
			SW_HULL_FAIL(SW_HULL_NUMERIC, "flat hull: centroid outside edge %u", k);
	}
	/* with sh: the radius sw_hull3_centroid_radius_ made from these vertices (confirmed through r) and
	 * this centroid covers each by construction: it is the largest |v − g| of them, computed as the
	 * rule below computes it, rounded up (doc/numerics.md, "The frame of the check") */
	if (x->sh && (memcmp(&h->centroid, &x->sh->g, sizeof h->centroid) ||
		      memcmp(&h->radius, &x->sh->radius, sizeof h->radius)))
		SW_HULL_FAIL(SW_HULL_NUMERIC, "the centroid or radius is not the one made from the vertices");
	for (uint32_t v = 0; v < h->num_verts && !x->sh; v++) {
		if (sw_hd_len(x->r[v]) > h->radius)
			SW_HULL_FAIL(SW_HULL_NUMERIC, "vertex %u outside the radius", v);
	}
	return SW_HULL_OK;
}

/* the geometric rules, once counts, indices and topology are known good */
static sw_hull_status v_geometry(vctx *x, char *why, size_t why_len)
{
	const sw_hull3 *h = x->h;
	const double ref[3] = {h->centroid.x, h->centroid.y, h->centroid.z}, zero[3] = {0, 0, 0};
	if (!isfinite(ref[0]) || !isfinite(ref[1]) || !isfinite(ref[2]) || !(h->radius >= 0))
		SW_HULL_FAIL(SW_HULL_NUMERIC, "centroid or radius not finite");
	/* the smallest bend between neighbours: a quarter of eps over the size S (eps ≥ FLT_EPSILON · S) */
	double c[3], size, unused;
	sw_hull3_tolerances_(h->verts, h->num_verts, 1.0, c, &size, &unused);
	x->bend = 0.25 * h->eps / size;
	/* made: sh->c and sh->r are c and these vertices relative to it, made by the same calls from the same
	 * vertices (doc/numerics.md, "The frame of the check"), so they are taken and not confirmed */
	if (x->sh && x->made)
		memcpy(x->r, x->sh->r, h->num_verts * sizeof x->r[0]);
	else
		sw_hull3_rel_verts_(h, x->sh ? c : ref, x->r);
	sw_hull3_rel_verts_(h, zero, x->a);
	if (x->sh && !x->made &&
	    (memcmp(c, x->sh->c, sizeof c) || memcmp(x->r, x->sh->r, h->num_verts * sizeof x->r[0])))
		SW_HULL_FAIL(SW_HULL_NUMERIC, "the vertices are not those the planes were made from");
	for (int k = 0; x->sh && k < 3; k++)
		x->go[k] = ref[k] - c[k];
	x->r2max = 0;
	double lo[3] = {x->a[0][0], x->a[0][1], x->a[0][2]}, hi[3] = {lo[0], lo[1], lo[2]}, amax = 0;
	for (uint32_t v = 0; v < h->num_verts; v++) {
		for (int k = 0; k < 3 && !x->sh; k++) /* the scans' columns: the builder's sums in their place */
			x->rc[k][v] = x->r[v][k], x->ac[k][v] = x->a[v][k];
		x->r2max = sw_hd_dot(x->r[v], x->r[v]) > x->r2max ? sw_hd_dot(x->r[v], x->r[v]) : x->r2max;
		for (int k = 0; k < 3; k++) {
			lo[k] = x->a[v][k] < lo[k] ? x->a[v][k] : lo[k];
			hi[k] = x->a[v][k] > hi[k] ? x->a[v][k] : hi[k];
		}
		const double a1 = fabs(x->a[v][0]) + fabs(x->a[v][1]) + fabs(x->a[v][2]);
		amax = a1 > amax ? a1 : amax;
	}
	x->own_fast = x->sh && 0x1p-22 * amax <= 0.25 * h->tol;
	/* an edge's d_k = q_k − p_k, rounded, is at most w_k = hi_k − lo_k, rounded, in magnitude (rounding to
	 * nearest is monotonic), so its |d|² = (d0² + d1²) + d2², each step rounded, is at most diag2 */
	const double w[3] = {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
	x->diag2 = sw_hd_dot(w, w);
	sw_hull_status st = v_face_areas(x, why, why_len);
	if (st == SW_HULL_OK)
		st = v_volume_planar(x, why, why_len);
	if (st == SW_HULL_OK)
		st = v_convex(x, why, why_len);
	if (st == SW_HULL_OK)
		st = v_stored_planes(x, why, why_len);
	if (st == SW_HULL_OK && !x->built && !x->fresh_f) /* sw_hull3_finish_ makes the directions so */
		st = v_stored_dirs(h, why, why_len);
	if (st == SW_HULL_OK)
		st = v_stored_centre(x, why, why_len);
	return st;
}

/* a built hull's topology: its vertices are distinct points and its edge records were paired from
 * its loops by sw_hull3_finish_; each loop is a region's single boundary, so V − E + F = 2 and the
 * degrees follow, checked here from the records at O(E) */
static sw_hull_status v_built_topology(const sw_hull3 *h, char *why, size_t why_len)
{
	uint32_t deg[SW_HULL_MAX_VERTS] = {0};
	if ((int)h->num_verts - (int)h->num_edges + (int)h->num_faces != 2)
		SW_HULL_FAIL(SW_HULL_BAD_FACES_EULER, "V - E + F = %u - %u + %u != 2", h->num_verts, h->num_edges,
			     h->num_faces);
	for (uint32_t i = 0; i < h->num_edges && h->num_faces != 2; i++) {
		deg[h->edges[i].v[0]]++;
		deg[h->edges[i].v[1]]++;
	}
	for (uint32_t v = 0; v < h->num_verts && h->num_faces != 2; v++)
		if (deg[v] < 3)
			SW_HULL_FAIL(SW_HULL_BAD_FACES_DEGENERATE, "vertex %u is on %u edges", v, deg[v]);
	return SW_HULL_OK;
}

sw_hull_status sw_hull3_validate_(const sw_hull3 *h, int built, char *why, size_t why_len)
{
	vctx x;
	if (why && why_len)
		why[0] = 0;
	if (!h)
		SW_HULL_FAIL(SW_HULL_INVALID_INPUT, "NULL hull");
	x.h = h;
	x.built = built;
	x.fresh_f = NULL;
	x.fresh_v = ~0ull;
	x.lanes = sw_hull3_lanes_active();
	x.sh = NULL;
	x.made = 0;
	sw_hull_status st = v_counts(&x, why, why_len);
	if (st == SW_HULL_OK && !built)
		st = sw_hull3_distinct_(h->verts, h->num_verts, why, why_len);
	if (st == SW_HULL_OK)
		st = built ? v_built_topology(h, why, why_len) : v_topology(h, why, why_len);
	if (st != SW_HULL_OK)
		return st;
	x.flat = h->num_faces == 2;
	x.strict = built && !x.flat;
	return v_geometry(&x, why, why_len);
}

/* a piece: what the cut made is judged as sw_hull3_check judges it, what it kept is not judged again.
 * Kept (bit for bit the hull's, which passed the check with the same tol): the vertices' finiteness
 * and distinctness among themselves, a kept face's convexity, the kept vertices behind a kept face's
 * planes, its own vertices on its stored plane. Everything in O(loop indices) is taken again, and every
 * new vertex against every face; fresh faces (cut faces, the cap) against every vertex. Edge records
 * and directions come from sw_hull3_pair_edges_ and sw_hull3_edge_dirs_, so only Euler and the degrees
 * are counted. */
sw_hull_status sw_hull3_validate_piece_(const sw_hull3 *h, const uint64_t fresh_f[2], uint64_t fresh_v)
{
	vctx x;
	char *why = NULL;
	size_t why_len = 0;
	x.h = h;
	x.built = 0;
	x.fresh_f = fresh_f;
	x.fresh_v = fresh_v;
	x.lanes = sw_hull3_lanes_active();
	x.sh = NULL;
	x.made = 0;
	sw_hull_status st = v_counts(&x, why, why_len);
	for (uint64_t m = fresh_v; st == SW_HULL_OK && m; m &= m - 1) {
		uint32_t i = sw_low_bit(m);
		for (uint32_t j = 0; j < h->num_verts && i < h->num_verts; j++)
			if (j != i && h->verts[i].x == h->verts[j].x && h->verts[i].y == h->verts[j].y &&
			    h->verts[i].z == h->verts[j].z)
				SW_HULL_FAIL(SW_HULL_BAD_FACES_DEGENERATE, "vertices %u and %u coincide", j, i);
	}
	if (st == SW_HULL_OK)
		st = v_built_topology(h, why, why_len);
	if (st != SW_HULL_OK)
		return st;
	x.flat = h->num_faces == 2;
	x.strict = 0;
	return v_geometry(&x, why, why_len);
}

/* the built check with sh confirmed as h's (made 0) or known to be (made 1) */
static sw_hull_status validate_built(const sw_hull3 *h, const sw_hull3_shared *sh, int made, char *why, size_t why_len)
{
	vctx x;
	if (!h || !sh || !sh->solid || h->num_faces == 2)
		return sw_hull3_validate_(h, 1, why, why_len);
	if (why && why_len)
		why[0] = 0;
	x.h = h;
	x.built = 1;
	x.fresh_f = NULL;
	x.fresh_v = ~0ull;
	x.lanes = sw_hull3_lanes_active();
	x.sh = sh;
	x.made = made;
	sw_hull_status st = v_counts(&x, why, why_len);
	if (st == SW_HULL_OK)
		st = v_built_topology(h, why, why_len);
	if (st != SW_HULL_OK)
		return st;
	x.flat = 0;
	x.strict = 1;
	return v_geometry(&x, why, why_len);
}

sw_hull_status sw_hull3_validate_built_(const sw_hull3 *h, const sw_hull3_shared *sh, char *why, size_t why_len)
{
	return validate_built(h, sh, 0, why, why_len);
}

sw_hull_status sw_hull3_validate_made_(const sw_hull3 *h, const sw_hull3_shared *sh)
{
	return validate_built(h, sh, 1, NULL, 0);
}
