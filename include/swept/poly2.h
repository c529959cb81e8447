/* swept/poly2.h — building and checking 2D convex polygons (sw_poly2, in swept/shapes.h). */
#ifndef SWEPT_POLY2_H
#define SWEPT_POLY2_H

#include "swept/base.h"
#include "swept/shapes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Result of building or checking a polygon.
typedef enum sw_poly2_status {
	SW_POLY2_OK = 0,
	/// No points (NULL or n = 0).
	SW_POLY2_EMPTY = 1,
	/// A coordinate is NaN, Inf or larger than SW_MAX_COORD in magnitude, or more than
	/// SW_POLY2_MAX_POINTS points.
	SW_POLY2_INVALID_INPUT = 2,
	/// Fewer than 3 distinct points.
	SW_POLY2_TOO_FEW = 3,
	/// Every point lies on one line (within the tolerance below).
	SW_POLY2_COLLINEAR = 4,
	/// The convex hull has more than SW_POLY2_MAX_VERTS vertices.
	SW_POLY2_TOO_MANY = 5,
	/// sw_poly2_check: count outside [3, SW_POLY2_MAX_VERTS] (2 is a segment only when allowed).
	SW_POLY2_BAD_COUNT = 6,
	/// sw_poly2_check: two consecutive vertices coincide.
	SW_POLY2_DUPLICATE = 7,
	/// sw_poly2_check: the vertices turn clockwise.
	SW_POLY2_CLOCKWISE = 8,
	/// sw_poly2_check: a vertex lies outside an edge's half-plane, or three are collinear.
	SW_POLY2_NOT_CONVEX = 9,
	/// sw_poly2_build: scratch memory could not be allocated.
	SW_POLY2_NO_MEMORY = 10,
} sw_poly2_status;

/// Most input points sw_poly2_build accepts (more is SW_POLY2_INVALID_INPUT, refused before any
/// point is read).
#define SW_POLY2_MAX_POINTS ((size_t)1 << 26)

/// Convex hull of arbitrary points (Andrew's monotone chain, in double precision), written
/// counter-clockwise from the lowest-then-leftmost vertex. Duplicate points and points within
/// 1e-6 × the cloud's extent of the hull's boundary line (collinear, or nearly) are dropped, so the
/// result is strictly convex and passes sw_poly2_check(). The vertices are input points, unchanged.
/// The result does not depend on the order of the input. On failure `out->count` is 0.
SW_API sw_poly2_status sw_poly2_build(const sw_vec2 *points, size_t n, sw_poly2 *out);

/// Checks a polygon given as "already convex": finite coordinates within SW_MAX_COORD, count in
/// range, no repeated vertex, counter-clockwise, every vertex strictly inside or on the half-plane of
/// every edge and no three consecutive vertices collinear. `allow_segment` accepts count = 2 (two
/// distinct points).
SW_API sw_poly2_status sw_poly2_check(const sw_poly2 *poly, int allow_segment);

/// A box of half extents (hx, hy) centred on the local origin (4 vertices).
SW_API sw_poly2 sw_poly2_box(float hx, float hy);

/// A segment from a to b (count = 2). Its edge normals are ±perp(b − a).
SW_API sw_poly2 sw_poly2_segment(sw_vec2 a, sw_vec2 b);

/// Short name of a status.
SW_API const char *sw_poly2_status_name(sw_poly2_status s);

#ifdef __cplusplus
}
#endif
#endif
