/* swept/gjk.h — GJK queries for support-mapped shapes, 2D and 3D, one pair at a time: boolean overlap,
 * distance with witness points, ray cast, and linear shape cast (time of impact). The method and the
 * numerics are in src/ref/gjk_tmpl.h and doc/numerics.md ("GJK").
 *
 * Shapes. Every shape is a core plus a rounding radius (core ⊕ ball of `radius`); GJK runs on the
 * cores and the radii are applied at the end, so a sphere is a point core, a capsule a segment core,
 * a rounded box a box core. A core is either
 *   - SW_SHAPE_VERTS: the convex hull of `count` local vertices (1 = point, 2 = segment,
 *     3 = triangle, n = polygon or hull; the vertices need not be in convex position, duplicates
 *     are fine), or
 *   - SW_SHAPE_BOX: the box [−half, half] (analytic support; a half extent of 0 makes it flat).
 * Shapes are in their local frame and placed by a pose (swept/math.h). The vertex array is the
 * caller's and is only read during the call. The description is a few scalars and one pointer, so a
 * batched set can keep each field in a column and bucket pairs by (type A, type B, count).
 *
 * Input contract (else SW_PAIR_INVALID): a known type; VERTS: 1 ≤ count ≤ SW_GJK_MAX_VERTS and a
 * non-NULL array; every vertex, half extent, position, displacement, ray origin and delta finite with
 * |x| ≤ SW_MAX_COORD; half extents and radii ≥ 0 (and ≤ SW_MAX_COORD); unit orientations within
 * SW_QUAT_TOL. A NULL shape or result pointer is SW_ERR_NULL and options out of their ranges
 * SW_ERR_ARG, with nothing written.
 *
 * Tolerances are relative to the pair's scale (its largest support point in A's frame, or the
 * motion): cores within 1e-6 of it count as touching. doc/numerics.md ("GJK") has the contract.
 *
 * Memory: no allocation; a call uses about 1 KB of stack.
 */
#ifndef SWEPT_GJK_H
#define SWEPT_GJK_H

#include "swept/base.h"
#include "swept/batch.h"
#include "swept/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most vertices of a SW_SHAPE_VERTS core (2D and 3D); a sw_hull3 (SW_HULL_MAX_VERTS) fits.
#define SW_GJK_MAX_VERTS 64
/// Iteration cap used when sw_gjk_opts.max_iters is 0.
#define SW_GJK_DEFAULT_ITERS 64
/// Largest iteration cap accepted.
#define SW_GJK_MAX_ITERS 4096

/// Kind of core of a GJK shape.
typedef enum sw_shape_type {
	/// Convex hull of `count` vertices.
	SW_SHAPE_VERTS = 0,
	/// Box [−half, half] in the local frame.
	SW_SHAPE_BOX = 1,
} sw_shape_type;

/// A 3D support-mapped shape in its local frame: core ⊕ ball of `radius`.
typedef struct sw_shape3 {
	/// SW_SHAPE_VERTS or SW_SHAPE_BOX.
	uint32_t type;
	/// VERTS: number of vertices, 1..SW_GJK_MAX_VERTS. BOX: ignored.
	uint32_t count;
	/// VERTS: `count` local vertices (read only during the call). BOX: ignored.
	const sw_vec3 *verts;
	/// BOX: half extents ≥ 0 along the local axes. VERTS: ignored.
	sw_vec3 half;
	/// Rounding radius ≥ 0 (a sphere is one vertex with a radius, a capsule two).
	float radius;
} sw_shape3;

/// A 2D support-mapped shape in its local frame: core ⊕ disc of `radius`.
typedef struct sw_shape2 {
	/// SW_SHAPE_VERTS or SW_SHAPE_BOX.
	uint32_t type;
	/// VERTS: number of vertices, 1..SW_GJK_MAX_VERTS. BOX: ignored.
	uint32_t count;
	/// VERTS: `count` local vertices (read only during the call). BOX: ignored.
	const sw_vec2 *verts;
	/// BOX: half extents ≥ 0. VERTS: ignored.
	sw_vec2 half;
	/// Rounding radius ≥ 0 (a circle is one vertex with a radius, a capsule two).
	float radius;
} sw_shape2;

/// Options of every GJK query. NULL selects the defaults (all fields 0).
typedef struct sw_gjk_opts {
	/// Iteration cap (support evaluations); 0 selects SW_GJK_DEFAULT_ITERS, at most
	/// SW_GJK_MAX_ITERS (more is SW_ERR_ARG). Reaching it gives SW_ITER_LIMIT, never a hang.
	uint32_t max_iters;
	/// Shape cast only: target separation ≥ 0 (finite, ≤ SW_MAX_COORD; else SW_ERR_ARG). Contact is reached when
	/// the shapes come within this distance, as with Box2D's linear slop: the cast stops with a gap of `target`
	/// instead of at touching. Ignored by the other queries.
	float target;
} sw_gjk_opts;

/// Whether two placed shapes overlap (GJK with an early exit on a separating direction): SW_HIT
/// (overlap or touch, within the tolerance of doc/numerics.md; depth 0 and normal zero: GJK computes no
/// penetration), SW_MISS (normal: unit direction A → B, world space, along which they are apart; depth:
/// the gap along it that the last support plane proves, ≥ 0 outside the touching band), SW_ITER_LIMIT
/// (undecided at the cap: the last direction and its distance estimate) or SW_PAIR_INVALID. Feature ids:
/// SW_FEATURE_NONE. SW_ERR_NULL for a NULL pointer, SW_ERR_ARG for options out of range (nothing
/// written); otherwise SW_OK and the answer in *out.
SW_API sw_error sw_gjk3_overlap(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb,
				const sw_gjk_opts *opts, sw_overlap_result *out);

/// Distance, witness points and normal of two placed shapes (rounded: core distance − radii).
/// SW_MISS: apart; distance > 0, point_a and point_b the closest points of the rounded shapes, normal
/// unit A → B (point_b − point_a = distance·normal). SW_HIT: the rounded shapes overlap or touch but
/// the cores are apart: the same fields, distance ≤ 0 (−distance is the depth). SW_STARTS_OVERLAPPED:
/// the cores overlap or touch: distance 0, normal zero, point_a = point_b a point common to both cores.
/// SW_ITER_LIMIT: as MISS/HIT for the last estimate (distance an upper bound). Feature ids:
/// SW_FEATURE_NONE. Errors as sw_gjk3_overlap.
SW_API sw_error sw_gjk3_distance(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb,
				 const sw_gjk_opts *opts, sw_distance_result *out);

/// Ray origin + t·delta, t ∈ [0,1], against a placed shape (van den Bergen's GJK ray cast); the ray is
/// side A of sw_cast_result. SW_HIT: t the entry fraction in (0, 1], point = origin + t·delta, normal the
/// shape's outward unit normal there, negated (from the ray into the shape). SW_STARTS_OVERLAPPED: the
/// origin is in the shape (a zero-length delta is a point query: this or MISS): t 0, point the origin,
/// normal zero. SW_MISS: t 1, point and normal zero. SW_ITER_LIMIT: t a lower bound of the entry,
/// point there, normal of the last supporting plane (zero if none). depth and slide are 0; feature
/// SW_FEATURE_NONE. Errors as sw_gjk3_overlap.
SW_API sw_error sw_gjk3_ray(const sw_shape3 *s, sw_pose3 ps, sw_vec3 origin, sw_vec3 delta, const sw_gjk_opts *opts,
			    sw_cast_result *out);

/// Linear shape cast: A placed by pa moving by da, B placed by pb moving by db, over t ∈ [0,1] (the ray
/// cast of the relative motion against the Minkowski difference). SW_HIT: they first come within
/// opts->target at t ∈ (0, 1]: point the contact point on A's rounded surface at time t (B's surface
/// is at point + target·normal), normal unit A → B. SW_STARTS_OVERLAPPED: within the target at t = 0:
/// t 0; with the cores apart, point on A's rounded surface and normal along the direction between the
/// cores where the search stopped (it stops once within reach, not at the closest points); with the
/// cores overlapping, a common point and normal zero. SW_MISS: no contact in [0,1]: t 1, point and
/// normal zero. SW_ITER_LIMIT: t a lower bound of the contact time, point and normal of the last
/// supporting plane. depth (GJK computes no penetration: sw_gjk3_distance gives it through the radii)
/// and slide are 0; feature SW_FEATURE_NONE. Errors as sw_gjk3_overlap.
SW_API sw_error sw_gjk3_cast(const sw_shape3 *a, sw_pose3 pa, sw_vec3 da, const sw_shape3 *b, sw_pose3 pb, sw_vec3 db,
			     const sw_gjk_opts *opts, sw_cast_result *out);

/// 2D overlap; as sw_gjk3_overlap (z components of the answer 0).
SW_API sw_error sw_gjk2_overlap(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb,
				const sw_gjk_opts *opts, sw_overlap_result *out);

/// 2D distance; as sw_gjk3_distance (z components 0).
SW_API sw_error sw_gjk2_distance(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb,
				 const sw_gjk_opts *opts, sw_distance_result *out);

/// 2D ray cast; as sw_gjk3_ray (z components 0).
SW_API sw_error sw_gjk2_ray(const sw_shape2 *s, sw_pose2 ps, sw_vec2 origin, sw_vec2 delta, const sw_gjk_opts *opts,
			    sw_cast_result *out);

/// 2D shape cast; as sw_gjk3_cast (z components 0).
SW_API sw_error sw_gjk2_cast(const sw_shape2 *a, sw_pose2 pa, sw_vec2 da, const sw_shape2 *b, sw_pose2 pb, sw_vec2 db,
			     const sw_gjk_opts *opts, sw_cast_result *out);

/// A 3D shape of `count` vertices with a radius (point, sphere, segment, capsule, triangle, hull).
static inline sw_shape3 sw_shape3_verts(const sw_vec3 *verts, uint32_t count, float radius)
{
	sw_shape3 s = {SW_SHAPE_VERTS, count, verts, {0, 0, 0}, radius};
	return s;
}

/// A 3D box of half extents `half`, rounded by `radius`.
static inline sw_shape3 sw_shape3_box(sw_vec3 half, float radius)
{
	sw_shape3 s = {SW_SHAPE_BOX, 0, 0, half, radius};
	return s;
}

/// A 2D shape of `count` vertices with a radius (point, circle, segment, capsule, polygon).
static inline sw_shape2 sw_shape2_verts(const sw_vec2 *verts, uint32_t count, float radius)
{
	sw_shape2 s = {SW_SHAPE_VERTS, count, verts, {0, 0}, radius};
	return s;
}

/// A 2D box of half extents `half`, rounded by `radius`.
static inline sw_shape2 sw_shape2_box(sw_vec2 half, float radius)
{
	sw_shape2 s = {SW_SHAPE_BOX, 0, 0, half, radius};
	return s;
}

#ifdef __cplusplus
}
#endif
#endif
