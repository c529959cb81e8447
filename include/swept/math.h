/* swept/math.h — the small scalar vector, rotation and placement (pose) types of the API, and a few
 * helpers to build them. */
#ifndef SWEPT_MATH_H
#define SWEPT_MATH_H

#include <math.h>
#include <stddef.h>

#include "swept/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A 3D vector.
typedef struct sw_vec3 {
	float x, y, z;
} sw_vec3;

/// A rotation as three orthonormal columns: col[i] is a shape's local axis i in world space.
typedef struct sw_mat3 {
	sw_vec3 col[3];
} sw_mat3;

/// A rotation quaternion: (x, y, z) vector part, w scalar part. Shapes store their orientation as a
/// unit quaternion.
typedef struct sw_quat {
	float x, y, z, w;
} sw_quat;

static inline sw_vec3 sw_v3(float x, float y, float z)
{
	sw_vec3 v = {x, y, z};
	return v;
}

static inline sw_vec3 sw_v3_add(sw_vec3 a, sw_vec3 b) { return sw_v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline sw_vec3 sw_v3_sub(sw_vec3 a, sw_vec3 b) { return sw_v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline sw_vec3 sw_v3_scale(sw_vec3 a, float s) { return sw_v3(a.x * s, a.y * s, a.z * s); }
static inline float sw_v3_dot(sw_vec3 a, sw_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline float sw_v3_len(sw_vec3 a) { return sqrtf(sw_v3_dot(a, a)); }

static inline sw_vec3 sw_v3_cross(sw_vec3 a, sw_vec3 b)
{
	return sw_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

static inline sw_mat3 sw_mat3_identity(void)
{
	sw_mat3 m = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
	return m;
}

/// A 3D placement: rotation then translation, x_world = R(q)·x_local + p, with R(q) =
/// sw_mat3_from_quat(q) and q a unit quaternion (|q·q − 1| ≤ SW_QUAT_TOL).
typedef struct sw_pose3 {
	sw_vec3 p;
	sw_quat q;
} sw_pose3;

/// The placement at `p` with orientation `q`.
static inline sw_pose3 sw_pose3_make(sw_vec3 p, sw_quat q)
{
	sw_pose3 x = {p, q};
	return x;
}

/// Rotation matrix of a unit quaternion. No normalisation: this is the exact arithmetic every swept
/// query applies to a shape's quaternion (all tiers), so a caller gets the very matrix swept uses.
static inline sw_mat3 sw_mat3_from_quat(sw_quat q)
{
	float x2 = q.x + q.x, y2 = q.y + q.y, z2 = q.z + q.z;
	float xx = q.x * x2, yy = q.y * y2, zz = q.z * z2, xy = q.x * y2, xz = q.x * z2, yz = q.y * z2;
	float wx = q.w * x2, wy = q.w * y2, wz = q.w * z2;
	sw_mat3 m;
	m.col[0] = sw_v3(1.0f - (yy + zz), xy + wz, xz - wy);
	m.col[1] = sw_v3(xy - wz, 1.0f - (xx + zz), yz + wx);
	m.col[2] = sw_v3(xz + wy, yz - wx, 1.0f - (xx + yy));
	return m;
}

/// The quaternion scaled to unit length.
static inline sw_quat sw_quat_normalize(sw_quat q)
{
	float n = sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
	sw_quat r = {q.x / n, q.y / n, q.z / n, q.w / n};
	return r;
}

/// Rotation by `angle` radians about the (not necessarily unit) axis `axis`.
static inline sw_quat sw_quat_from_axis_angle(sw_vec3 axis, float angle)
{
	float n = sqrtf(axis.x * axis.x + axis.y * axis.y + axis.z * axis.z), s = sinf(0.5f * angle);
	sw_quat q = {axis.x / n * s, axis.y / n * s, axis.z / n * s, cosf(0.5f * angle)};
	return q;
}

/// Product p·q: rotate by q, then by p.
static inline sw_quat sw_quat_mul(sw_quat p, sw_quat q)
{
	sw_quat r = {p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y, p.w * q.y - p.x * q.z + p.y * q.w + p.z * q.x,
		     p.w * q.z + p.x * q.y - p.y * q.x + p.z * q.w, p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z};
	return r;
}

/// Unit quaternion of a rotation matrix (orthonormal columns, det = +1); Shepperd's method, which
/// divides by the largest of the four candidate magnitudes.
static inline sw_quat sw_quat_from_mat3(const sw_mat3 *m)
{
	float m00 = m->col[0].x, m11 = m->col[1].y, m22 = m->col[2].z, tr = m00 + m11 + m22;
	float m10 = m->col[0].y, m20 = m->col[0].z, m01 = m->col[1].x, m21 = m->col[1].z, m02 = m->col[2].x,
	      m12 = m->col[2].y;
	sw_quat q;
	if (tr > 0) {
		float s = 2.0f * sqrtf(1.0f + tr);
		q = (sw_quat){(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, 0.25f * s};
	} else if (m00 > m11 && m00 > m22) {
		float s = 2.0f * sqrtf(1.0f + m00 - m11 - m22);
		q = (sw_quat){0.25f * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s};
	} else if (m11 > m22) {
		float s = 2.0f * sqrtf(1.0f + m11 - m00 - m22);
		q = (sw_quat){(m01 + m10) / s, 0.25f * s, (m12 + m21) / s, (m02 - m20) / s};
	} else {
		float s = 2.0f * sqrtf(1.0f + m22 - m00 - m11);
		q = (sw_quat){(m02 + m20) / s, (m12 + m21) / s, 0.25f * s, (m10 - m01) / s};
	}
	return sw_quat_normalize(q);
}

/// How an array of 3×3 rotation matrices is laid out: 9 floats per matrix, one matrix after another.
typedef enum sw_mat3_layout {
	/// Column after column: m[3·c + r] is row r of column c, the columns being a shape's local axes in
	/// world space (sw_mat3's order; Eigen's and glm's default, PhysX PxMat33).
	SW_MAT3_COL_MAJOR = 0,
	/// Row after row: m[3·r + c] (a C array float[3][3] indexed [row][column]).
	SW_MAT3_ROW_MAJOR = 1,
} sw_mat3_layout;

/// A set's placement columns, for callers that keep placements structure of arrays and write them in
/// place (sw_obb3_set_columns(), sw_hull3_set_columns()): entry i of each column is item i's value,
/// for i below the set's count. Only these columns are writable; the queries check every pose they
/// read, as they do after any placement call.
typedef struct sw_place3_cols {
	float *px, *py, *pz;      ///< position
	float *qx, *qy, *qz, *qw; ///< orientation, a unit quaternion (x, y, z, w)
	float *dx, *dy, *dz;      ///< displacement over the step
} sw_place3_cols;

/// The 2D placement columns of a polygon set (sw_poly2_set_columns()), as sw_place3_cols.
typedef struct sw_place2_cols {
	float *px, *py; ///< position
	float *qc, *qs; ///< rotation (cos, sin)
	float *dx, *dy; ///< displacement over the step
} sw_place2_cols;

/// The unit quaternions of n rotation matrices, as the sets' place_m calls store them (doc/numerics.md,
/// "Matrices"): Shepperd's method on the largest of 1 ± m00 ± m11 ± m22 (ties to w, x, y, z in that
/// order, that component positive), then scaled to unit length; every tier gives the same bits, and
/// sw_mat3_from_quat() of the result is within 1e-6 of each entry of a rotation matrix. A matrix that
/// is not a rotation — columns 0 and 1 not unit and orthogonal, or column 2 not their cross product,
/// within SW_QUAT_TOL per entry (so also a reflection, NaN or Inf) — gives a quaternion of NaNs,
/// which makes its pairs SW_PAIR_INVALID. SW_ERR_NULL when n > 0 and a pointer is NULL, SW_ERR_ARG
/// for an unknown layout.
SW_API sw_error sw_quat_from_mat3_many(const float *matrices, sw_mat3_layout layout, size_t n, sw_quat *out);

/// Rotation matrix by `angle` radians about `axis`.
static inline sw_mat3 sw_mat3_from_axis_angle(sw_vec3 axis, float angle)
{
	return sw_mat3_from_quat(sw_quat_from_axis_angle(axis, angle));
}

/// m · v (v given in the rotated frame, result in world space).
static inline sw_vec3 sw_mat3_mul(const sw_mat3 *m, sw_vec3 v)
{
	return sw_v3_add(sw_v3_add(sw_v3_scale(m->col[0], v.x), sw_v3_scale(m->col[1], v.y)),
			 sw_v3_scale(m->col[2], v.z));
}

/// mᵀ · v (v in world space, result in the rotated frame).
static inline sw_vec3 sw_mat3_tmul(const sw_mat3 *m, sw_vec3 v)
{
	return sw_v3(sw_v3_dot(m->col[0], v), sw_v3_dot(m->col[1], v), sw_v3_dot(m->col[2], v));
}

/* ---- 2D ---- */

/// A 2D vector.
typedef struct sw_vec2 {
	float x, y;
} sw_vec2;

/// A 2D rotation as a unit complex number: (c, s) = (cos θ, sin θ).
typedef struct sw_rot2 {
	float c, s;
} sw_rot2;

/// A 2D placement: rotation then translation, x_world = q·x_local + p, with q unit within
/// SW_QUAT_TOL.
typedef struct sw_pose2 {
	sw_vec2 p;
	sw_rot2 q;
} sw_pose2;

static inline sw_vec2 sw_v2(float x, float y)
{
	sw_vec2 v = {x, y};
	return v;
}

static inline sw_vec2 sw_v2_add(sw_vec2 a, sw_vec2 b) { return sw_v2(a.x + b.x, a.y + b.y); }
static inline sw_vec2 sw_v2_sub(sw_vec2 a, sw_vec2 b) { return sw_v2(a.x - b.x, a.y - b.y); }
static inline sw_vec2 sw_v2_scale(sw_vec2 a, float s) { return sw_v2(a.x * s, a.y * s); }
static inline float sw_v2_dot(sw_vec2 a, sw_vec2 b) { return a.x * b.x + a.y * b.y; }
/// z component of the 3D cross product: > 0 when b is counter-clockwise from a.
static inline float sw_v2_cross(sw_vec2 a, sw_vec2 b) { return a.x * b.y - a.y * b.x; }
static inline float sw_v2_len(sw_vec2 a) { return sqrtf(sw_v2_dot(a, a)); }

/// Rotation by `angle` radians.
static inline sw_rot2 sw_rot2_from_angle(float angle)
{
	sw_rot2 q = {cosf(angle), sinf(angle)};
	return q;
}

/// q·v
static inline sw_vec2 sw_rot2_mul(sw_rot2 q, sw_vec2 v) { return sw_v2(q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y); }
/// qᵀ·v (the inverse rotation)
static inline sw_vec2 sw_rot2_tmul(sw_rot2 q, sw_vec2 v)
{
	return sw_v2(q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y);
}

/// The placement at `p` turned by `angle` radians.
static inline sw_pose2 sw_pose2_make(sw_vec2 p, float angle)
{
	sw_pose2 x = {p, sw_rot2_from_angle(angle)};
	return x;
}

#ifdef __cplusplus
}
#endif
#endif
