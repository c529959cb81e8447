/* src/hull3_int.h — internals shared by the hull builder (hull3.c, hull3_flat.c) and the hull's
 * derived data and validation (hull3_check.c). */
#ifndef SWEPT_HULL3_INT_H
#define SWEPT_HULL3_INT_H

#include "swept/hull.h"

/* the builder gives up (SW_HULL_TOO_MANY) past this many vertices; a few may still disappear when
 * faces merge or corners straighten, so it works with more than the output holds */
#define SW_QH_MAX_VERTS (4 * SW_HULL_MAX_VERTS)

/* the polygon of a flat cloud while it is built: a ring of point indices, counter-clockwise about the
 * plane's normal, and per edge ring[i] → ring[i + 1] its outside set and in-plane outward normal;
 * the arrays hold cap = min(points, SW_QH_MAX_VERTS) entries (the builder's scratch) */
typedef struct sw_flat_poly {
	int k, cap;
	int *ring;
	int *head;
	double (*m)[3];
} sw_flat_poly;

/* the polygon of n points p (relative coordinates) all within eps of the plane of the triangle tri:
 * fp->ring[0 .. fp->k) counter-clockwise about that triangle's normal. next is scratch of n ints.
 * SW_HULL_COLLINEAR when fewer than three corners are more than eps from straight, SW_HULL_TOO_MANY
 * past SW_QH_MAX_VERTS corners */
sw_hull_status sw_hull3_flat_(const double (*p)[3], int n, double eps, const int tri[3], int *next, sw_flat_poly *fp);

#include <math.h>
#include <simde/x86/sse2.h>
#include <stdio.h>

/* returns st from the calling function, with a reason in why (when why and why_len allow) */
#define SW_HULL_FAIL(st, ...)                                \
	do {                                                 \
		if (why && why_len)                          \
			snprintf(why, why_len, __VA_ARGS__); \
		return (st);                                 \
	} while (0)

/* double vectors of the builder and the checks (left-to-right sums: every caller rounds alike) */
static inline double sw_hd_dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static inline double sw_hd_len(const double a[3]) { return sqrt(sw_hd_dot(a, a)); }
static inline void sw_hd_cross(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

/* whether m·p − off > lim for any of the n points in columns xs, ys, zs. Two points per SSE2 step (the
 * baseline of x86-64; SIMDe elsewhere): each point's value is the scalar code's ((m0·x + m1·y) + m2·z)
 * − off in the same IEEE operations, so the answer does not depend on the vector width. */
static inline int sw_hull3_any_above_(const double *xs, const double *ys, const double *zs, size_t n, const double m[3],
				      double off, double lim)
{
	const simde__m128d m0 = simde_mm_set1_pd(m[0]), m1 = simde_mm_set1_pd(m[1]), m2 = simde_mm_set1_pd(m[2]);
	const simde__m128d o = simde_mm_set1_pd(off), l = simde_mm_set1_pd(lim);
	simde__m128d bad = simde_mm_setzero_pd();
	size_t i = 0;
	for (; i + 2 <= n; i += 2) {
		simde__m128d s = simde_mm_add_pd(simde_mm_mul_pd(m0, simde_mm_loadu_pd(xs + i)),
						 simde_mm_mul_pd(m1, simde_mm_loadu_pd(ys + i)));
		s = simde_mm_add_pd(s, simde_mm_mul_pd(m2, simde_mm_loadu_pd(zs + i)));
		bad = simde_mm_or_pd(bad, simde_mm_cmpgt_pd(simde_mm_sub_pd(s, o), l));
	}
	int any = simde_mm_movemask_pd(bad) != 0;
	for (; i < n; i++)
		any |= m[0] * xs[i] + m[1] * ys[i] + m[2] * zs[i] - off > lim;
	return any;
}

/* the tolerance rule of swept/hull.h over n points: bounding-box centre c, eps = rel·S and tol */
void sw_hull3_tolerances_(const sw_vec3 *p, size_t n, double rel, double c[3], double *eps, double *tol);

/* completes a hull whose vertices, face loops and counts are set: face planes, edge records, edge
 * directions, centroid, radius, eps and tol. Fails only when the loops do not pair into edges
 * (open, non-manifold, inconsistently wound) or a face has no area; the geometry is not judged here */
sw_hull_status sw_hull3_finish_(sw_hull3 *h, double eps, double tol);

/* every invariant of sw_hull3_check, answering with the status of the first violated rule.
 * built: h is sw_hull3_build's, made by sw_hull3_finish_ from loops the builder made (distinct
 * vertices, edge records paired from the loops, directions from the edges: not checked again), with
 * every input point already found within tol behind every stored plane; the builder's own promises
 * for solid hulls are checked in their place: faces at least eps wide, neighbours bent by more than
 * eps/2 at every vertex (faces within eps of coplanar were merged), centroid strictly inside */
sw_hull_status sw_hull3_validate_(const sw_hull3 *h, int built, char *why, size_t why_len);

/* sets all counts to zero (the state of a hull after a failed build) */
void sw_hull3_clear_(sw_hull3 *h);

/* DEGENERATE when two of the n vertices are at the same position */
sw_hull_status sw_hull3_distinct_(const sw_vec3 *v, size_t n, char *why, size_t why_len);

/* r[v] = vertex v − ref in double, for every vertex */
void sw_hull3_rel_verts_(const sw_hull3 *h, const double ref[3], double (*r)[3]);

/* Newell's normal of face f from the vertices r (twice its vector area); returns its length */
double sw_hull3_newell_(const sw_hull3 *h, uint32_t f, const double (*r)[3], double n[3]);

/* the edge records of the face loops (counts and indices range-checked, loops totalling at most
 * SW_HULL_MAX_FACE_INDICES), sorted by vertex pair; OPEN, NONMANIFOLD or WINDING when they do not pair */
sw_hull_status sw_hull3_pair_edges_(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne, char *why, size_t why_len);

/* a flat hull's loops in the representation of swept/hull.h: face 0 runs 0, 1, …, k − 1 and face 1
 * runs 0, k − 1, …, 1, over all k vertices (k ≥ 3, counts and indices range-checked) */
sw_hull_status sw_hull3_flat_loops_(const sw_hull3 *h, char *why, size_t why_len);

/* a flat hull's edges: edge i joins vertices i and i + 1 (mod k); face 0 runs v[0] → v[1] except on
 * the closing edge */
void sw_hull3_flat_edges_(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne);

/* unit direction of edge e with the sign making its largest-magnitude component positive */
void sw_hull3_edge_unit_(const sw_hull3 *h, uint32_t e, double u[3]);

#endif
