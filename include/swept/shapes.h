/* swept/shapes.h — scalar shape types of the single-pair API. */
#ifndef SWEPT_SHAPES_H
#define SWEPT_SHAPES_H

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

#ifdef __cplusplus
}
#endif
#endif
