/* src/hull3_int.h — internals shared by the hull builder (hull3.c, hull3_flat.c) and the hull's
 * derived data and validation (hull3_check.c). */
#ifndef SWEPT_HULL3_INT_H
#define SWEPT_HULL3_INT_H

#include "swept/hull.h"

/* the builder gives up (SW_HULL_TOO_MANY) past this many vertices; a few may still disappear when
 * faces merge or corners straighten, so it works with more than the output holds */
#define SW_QH_MAX_VERTS (4 * SW_HULL_MAX_VERTS)

/* the polygon of a flat cloud while it is built: a ring of point indices, counter-clockwise about the
 * plane's normal, and per edge ring[i] → ring[i + 1] its outside set and in-plane outward normal */
typedef struct sw_flat_poly {
	int k;
	int ring[SW_QH_MAX_VERTS];
	int head[SW_QH_MAX_VERTS];
	double m[SW_QH_MAX_VERTS][3];
} sw_flat_poly;

/* the polygon of n points p (relative coordinates) all within eps of the plane of the triangle tri:
 * fp->ring[0 .. fp->k) counter-clockwise about that triangle's normal. next is scratch of n ints.
 * SW_HULL_COLLINEAR when fewer than three corners are more than eps from straight, SW_HULL_TOO_MANY
 * past SW_QH_MAX_VERTS corners */
sw_hull_status sw_hull3_flat_(const double (*p)[3], int n, double eps, const int tri[3], int *next, sw_flat_poly *fp);

/* the tolerance rule of swept/hull.h over n points: bounding-box centre c, eps = rel·S and tol */
void sw_hull3_tolerances_(const sw_vec3 *p, size_t n, double rel, double c[3], double *eps, double *tol);

/* completes a hull whose vertices, face loops and counts are set: face planes, edge records, edge
 * directions, centroid, radius, eps and tol. Fails only when the loops do not pair into edges
 * (open, non-manifold, inconsistently wound) or a face has no area; the geometry is not judged here */
sw_hull_status sw_hull3_finish_(sw_hull3 *h, double eps, double tol);

/* every invariant of sw_hull3_check, answering with the status of the first violated rule. strict adds
 * the builder's own promises for solid hulls: faces at least eps wide, neighbours bent by more than
 * eps/2 at every vertex (faces within eps of coplanar were merged), centroid strictly inside */
sw_hull_status sw_hull3_validate_(const sw_hull3 *h, int strict, char *why, size_t why_len);

/* sets all counts to zero (the state of a hull after a failed build) */
void sw_hull3_clear_(sw_hull3 *h);

#endif
