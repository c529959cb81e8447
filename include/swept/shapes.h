/* swept/shapes.h — scalar shape types of the single-pair API. */
#ifndef SWEPT_SHAPES_H
#define SWEPT_SHAPES_H

#include <stdint.h>

#include "swept/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// An oriented box: centre, orientation as a unit quaternion (|q|² within SW_QUAT_TOL of 1) and half
/// extents along the box's local axes (each > 0). The local axes are the columns of
/// sw_obb3_axes(); a matrix-holding caller converts once with sw_quat_from_mat3().
typedef struct sw_obb3 {
	sw_vec3 center;
	sw_quat rot;
	sw_vec3 half;
} sw_obb3;

/// The box's local axes in world space (the columns), exactly as every swept query computes them.
static inline sw_mat3 sw_obb3_axes(const sw_obb3 *box) { return sw_mat3_from_quat(box->rot); }

/// A triangle given by its three vertices in world space. Its front is the side its normal
/// (b − a) × (c − a) points to: the vertices run counter-clockwise seen from the front. It must not
/// be degenerate: |(b − a) × (c − a)|² ≥ 1e-12 · (longest edge²)² (see doc/numerics.md).
/// Edge 0 runs a→b, edge 1 b→c, edge 2 c→a.
typedef struct sw_tri3 {
	sw_vec3 a, b, c;
} sw_tri3;

/// Most vertices a 2D convex polygon may have.
#define SW_POLY2_MAX_VERTS 16

/// A 2D convex polygon in its local frame: `count` vertices, counter-clockwise, strictly convex (no
/// duplicate or collinear vertices), 3 ≤ count ≤ SW_POLY2_MAX_VERTS; or a segment, count = 2. Build
/// one from arbitrary points with sw_poly2_build() (swept/poly2.h), which guarantees this.
/// Edge i runs from v[i] to v[(i + 1) % count]; its outward normal is feature i.
typedef struct sw_poly2 {
	uint32_t count;
	sw_vec2 v[SW_POLY2_MAX_VERTS];
} sw_poly2;

#ifdef __cplusplus
}
#endif
#endif
