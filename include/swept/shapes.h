/* swept/shapes.h — scalar shape types of the single-pair API. */
#ifndef SWEPT_SHAPES_H
#define SWEPT_SHAPES_H

#include "swept/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// An oriented box: centre, orientation (columns = the box's local axes in world space, orthonormal
/// to SW_ORTHO_TOL) and half extents along those axes (each > 0).
typedef struct sw_obb3 {
	sw_vec3 center;
	sw_mat3 rot;
	sw_vec3 half;
} sw_obb3;

#ifdef __cplusplus
}
#endif
#endif
