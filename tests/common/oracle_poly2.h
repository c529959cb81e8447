/* tests/common/oracle_poly2.h — an independent double-precision oracle for the moving 2D polygon
 * test: the Minkowski difference A ⊖ B as an explicit convex hull, and the relative-motion ray
 * clipped against its edges (Cyrus–Beck). Shares no step with the library's per-axis slabs. */
#ifndef SWEPT_TESTS_ORACLE_POLY2_H
#define SWEPT_TESTS_ORACLE_POLY2_H

#include <swept/swept.h>

/// What the oracle found for one pair, for the Minkowski difference grown by `inflate` (negative:
/// shrunk) along every edge normal.
typedef struct oracle_poly2_result {
	sw_status status; ///< SW_HIT, SW_MISS or SW_STARTS_OVERLAPPED
	double t_first, t_last;
	double scale; ///< size of the problem: extents of both polygons + |relative motion|
} oracle_poly2_result;

/// Sweeps B (placed by xb, moving by db) against A (xa, da) over t ∈ [0,1].
void oracle_poly2_sweep(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb, sw_vec2 db,
			double inflate, oracle_poly2_result *out);

/// Signed separation of the two polygons at time t along the world direction n (unit): B's lowest
/// projection minus A's highest. ≤ 0 when they overlap along n.
double oracle_poly2_gap_along(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb, sw_vec2 db,
			      double t, sw_vec2 n);

#endif
