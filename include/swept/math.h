/* swept/math.h — the small scalar vector types of the single-pair API and a few helpers to build them. */
#ifndef SWEPT_MATH_H
#define SWEPT_MATH_H

#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A 3D vector.
typedef struct sw_vec3 {
	float x, y, z;
} sw_vec3;

/// A rotation as three orthonormal columns: col[i] is the box's local axis i in world space.
typedef struct sw_mat3 {
	sw_vec3 col[3];
} sw_mat3;

/// A rotation quaternion (x, y, z vector part, w scalar part); only used to build an sw_mat3.
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

/// Rotation matrix of a quaternion; the quaternion is normalised first.
static inline sw_mat3 sw_mat3_from_quat(sw_quat q)
{
	float n = sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
	float x = q.x / n, y = q.y / n, z = q.z / n, w = q.w / n;
	sw_mat3 m;
	m.col[0] = sw_v3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w));
	m.col[1] = sw_v3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w));
	m.col[2] = sw_v3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y));
	return m;
}

/// Rotation by `angle` radians about the (not necessarily unit) axis `axis`.
static inline sw_mat3 sw_mat3_from_axis_angle(sw_vec3 axis, float angle)
{
	float n = sw_v3_len(axis), s = sinf(0.5f * angle);
	sw_quat q = {axis.x / n * s, axis.y / n * s, axis.z / n * s, cosf(0.5f * angle)};
	return sw_mat3_from_quat(q);
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

#ifdef __cplusplus
}
#endif
#endif
