/* src/place.h — placements from 3×3 rotation matrices: the conversion to the unit quaternions the sets
 * store, as a scalar reference (src/place.c) and a lane version compiled per tier
 * (src/kernels/place_tmpl.c) that repeats it operation for operation, so every tier stores the same
 * bits. The sets' place_m calls run it on the active tier. */
#ifndef SWEPT_PLACE_H
#define SWEPT_PLACE_H

#include <stddef.h>

#include "sw_config.h"
#include "swept/cpu.h"
#include "swept/math.h"

/// Entries of MᵀM − I a matrix may have, in magnitude, and still count as a rotation.
#define SW_MAT3_TOL SW_QUAT_TOL

/// One conversion: n matrices (9 floats each, `layout`) into quaternion columns qx..qw[0, n).
typedef struct sw_mat3_job {
	const float *m;
	sw_mat3_layout layout;
	size_t n;
	float *q[4];
} sw_mat3_job;

typedef void sw_mat3_fn(const sw_mat3_job *job);

/// The reference (any n) and every compiled tier (whole lane blocks first, then the reference for
/// the rest).
sw_mat3_fn sw_quat_cols_from_mat3_ref;
#define SW_MAT3_PROTO(t, isa) sw_mat3_fn sw_quat_cols_from_mat3_##t;
SW_TIERS(SW_MAT3_PROTO)
#undef SW_MAT3_PROTO

/// Runs the job on `isa`'s version (a tier not compiled in runs the reference).
void sw_quat_cols_from_mat3(const sw_mat3_job *job, sw_isa isa);

#endif
