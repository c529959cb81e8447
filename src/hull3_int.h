/* src/hull3_int.h — internals shared by the hull builder (hull3.c) and the hull's derived data and
 * validation (hull3_check.c). */
#ifndef SWEPT_HULL3_INT_H
#define SWEPT_HULL3_INT_H

#include "swept/hull.h"

/* the tolerance rule of swept/hull.h over n points: bounding-box centre c, eps = rel·S and tol */
void sw_hull3_tolerances_(const sw_vec3 *p, size_t n, double rel, double c[3], double *eps, double *tol);

/* completes a hull whose vertices, face loops and counts are set: face planes, edge records, edge
 * directions, centroid, radius, eps and tol. Fails only when the loops do not pair into edges
 * (open, non-manifold, inconsistently wound) or a face has no area; the geometry is not judged here */
sw_hull_status sw_hull3_finish_(sw_hull3 *h, double eps, double tol);

/* every invariant of sw_hull3_check, answering with the status of the first violated rule */
sw_hull_status sw_hull3_validate_(const sw_hull3 *h, char *why, size_t why_len);

/* sets all counts to zero (the state of a hull after a failed build) */
void sw_hull3_clear_(sw_hull3 *h);

#endif
