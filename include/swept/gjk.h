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
 * SW_QUAT_TOL; options within the ranges below. A NULL shape pointer gives SW_PAIR_INVALID; a NULL
 * output pointer makes the call return SW_PAIR_INVALID without writing.
 *
 * Tolerances are relative to the pair's scale (its largest support point in A's frame, or the
 * motion): cores within 1e-6 of it count as touching. doc/numerics.md ("GJK") has the contract.
 *
 * Memory: no allocation; a call uses about 1 KB of stack.
 */
#ifndef SWEPT_GJK_H
#define SWEPT_GJK_H

#include "swept/base.h"
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
	/// SW_GJK_MAX_ITERS. Reaching it gives SW_ITER_LIMIT, never a hang.
	uint32_t max_iters;
	/// Shape cast only: target separation ≥ 0 (finite, ≤ SW_MAX_COORD). Contact is reached when the
	/// shapes come within this distance, as with Box2D's linear slop: the cast stops with a gap of
	/// `target` instead of at touching. Ignored by the other queries.
	float target;
} sw_gjk_opts;

/// Answer of a boolean overlap query (3D).
typedef struct sw_gjk_overlap3_output {
	/// SW_HIT: the shapes overlap or touch (core distance ≤ sum of radii, within the tolerance of
	/// doc/numerics.md). SW_MISS: they are apart. SW_ITER_LIMIT: undecided at the cap.
	/// SW_PAIR_INVALID: bad input.
	sw_status status;
	/// MISS: unit direction from A to B in world space along which the shapes are apart: every point
	/// of B minus every point of A has a dot product with it above the sum of the radii when a support
	/// plane proved the miss, and within the touching tolerance of that when the distance converged
	/// first (a cache for the next call). HIT: zero. ITER_LIMIT: the last search direction (unit,
	/// A to B). INVALID: NaN.
	sw_vec3 axis;
	/// Support evaluations used (0 when INVALID).
	uint32_t iterations;
} sw_gjk_overlap3_output;

/// Answer of a distance query (3D). `distance` is between the rounded shapes: core distance − radii.
typedef struct sw_gjk_dist3_output {
	/// SW_MISS: apart (distance above the touching tolerance). SW_HIT: the rounded shapes overlap or
	/// touch but their cores are apart (distance ≤ the touching tolerance; −distance is the depth).
	/// SW_STARTS_OVERLAPPED: the cores overlap or touch (core distance within the touching tolerance): no depth or
	/// normal is computed here (polytope depths come from the SAT penetration queries). SW_ITER_LIMIT: the cap was
	/// reached; the fields hold the best estimate as for MISS/HIT (distance is then an upper bound).
	/// SW_PAIR_INVALID: bad input.
	sw_status status;
	/// MISS/HIT/ITER_LIMIT: core distance − radius A − radius B. OVERLAPPED: 0. INVALID: NaN.
	float distance;
	/// MISS/HIT/ITER_LIMIT: the closest point of A's core moved out by A's radius along `normal` (on
	/// A's rounded surface). OVERLAPPED: a point common to both cores (to rounding). World space.
	/// INVALID: NaN.
	sw_vec3 point_a;
	/// MISS/HIT/ITER_LIMIT: the closest point of B's core moved by B's radius against `normal`, so
	/// point_b − point_a = distance · normal. OVERLAPPED: equal to point_a. INVALID: NaN.
	sw_vec3 point_b;
	/// MISS/HIT/ITER_LIMIT: unit normal from A to B (from A's closest core point to B's), world
	/// space. OVERLAPPED: zero. INVALID: NaN.
	sw_vec3 normal;
	/// Support evaluations used (0 when INVALID).
	uint32_t iterations;
} sw_gjk_dist3_output;

/// Answer of a ray cast (3D) over origin + t·delta, t ∈ [0,1], against one shape.
typedef struct sw_gjk_ray3_output {
	/// SW_HIT: the ray enters the shape at t ∈ (0,1]. SW_STARTS_OVERLAPPED: the origin is inside
	/// or on the shape (this is also the whole answer of a zero-length ray, which is a point query).
	/// SW_MISS: no point of the ray is in the shape. SW_ITER_LIMIT: cap reached; t is a lower bound
	/// of the hit time (the ray does not reach the shape before it). SW_PAIR_INVALID: bad input.
	sw_status status;
	/// HIT: the hit fraction. OVERLAPPED: 0. MISS: 1. ITER_LIMIT: the bound reached. INVALID: NaN.
	float t;
	/// origin + t·delta (world space); NaN when INVALID.
	sw_vec3 point;
	/// HIT: unit outward normal of the shape at the hit. ITER_LIMIT: that of the last supporting
	/// plane (zero if none was crossed). OVERLAPPED, MISS: zero. INVALID: NaN.
	sw_vec3 normal;
	/// Support evaluations used (0 when INVALID).
	uint32_t iterations;
} sw_gjk_ray3_output;

/// Answer of a linear shape cast (3D): A moves by da, B by db over t ∈ [0,1].
typedef struct sw_gjk_cast3_output {
	/// SW_HIT: the shapes first come within `target` at t ∈ (0,1]. SW_STARTS_OVERLAPPED: they are
	/// within `target` (touching or overlapping when target = 0) at t = 0. SW_MISS: not within
	/// [0,1] (contact after t = 1 is a miss). SW_ITER_LIMIT: cap reached; t is a lower bound of the
	/// contact time. SW_PAIR_INVALID: bad input.
	sw_status status;
	/// HIT: time of impact. OVERLAPPED: 0. MISS: 1. ITER_LIMIT: the bound reached. INVALID: NaN.
	float t;
	/// HIT/ITER_LIMIT, and OVERLAPPED with the cores apart: the closest point of A's core at time t
	/// moved out by A's radius along `normal` (the contact point on A; B's surface is at
	/// point + target·normal on a HIT). OVERLAPPED with the cores overlapping: a point common to both
	/// cores at t = 0. MISS: zero. World space at time t. INVALID: NaN.
	sw_vec3 point;
	/// HIT: unit contact normal from A to B at time t. ITER_LIMIT: the same for the last supporting
	/// plane (zero if none was crossed). OVERLAPPED: unit normal from A to B of the closest core
	/// points at t = 0 when the cores are apart; zero when they overlap. MISS: zero. INVALID: NaN.
	sw_vec3 normal;
	/// Support evaluations used (0 when INVALID).
	uint32_t iterations;
} sw_gjk_cast3_output;

/// Answer of a boolean overlap query (2D); fields as in sw_gjk_overlap3_output.
typedef struct sw_gjk_overlap2_output {
	/// As sw_gjk_overlap3_output.status.
	sw_status status;
	/// As sw_gjk_overlap3_output.axis.
	sw_vec2 axis;
	/// Support evaluations used.
	uint32_t iterations;
} sw_gjk_overlap2_output;

/// Answer of a distance query (2D); fields as in sw_gjk_dist3_output.
typedef struct sw_gjk_dist2_output {
	/// As sw_gjk_dist3_output.status.
	sw_status status;
	/// As sw_gjk_dist3_output.distance.
	float distance;
	/// As sw_gjk_dist3_output.point_a.
	sw_vec2 point_a;
	/// As sw_gjk_dist3_output.point_b.
	sw_vec2 point_b;
	/// As sw_gjk_dist3_output.normal.
	sw_vec2 normal;
	/// Support evaluations used.
	uint32_t iterations;
} sw_gjk_dist2_output;

/// Answer of a ray cast (2D); fields as in sw_gjk_ray3_output.
typedef struct sw_gjk_ray2_output {
	/// As sw_gjk_ray3_output.status.
	sw_status status;
	/// As sw_gjk_ray3_output.t.
	float t;
	/// As sw_gjk_ray3_output.point.
	sw_vec2 point;
	/// As sw_gjk_ray3_output.normal.
	sw_vec2 normal;
	/// Support evaluations used.
	uint32_t iterations;
} sw_gjk_ray2_output;

/// Answer of a linear shape cast (2D); fields as in sw_gjk_cast3_output.
typedef struct sw_gjk_cast2_output {
	/// As sw_gjk_cast3_output.status.
	sw_status status;
	/// As sw_gjk_cast3_output.t.
	float t;
	/// As sw_gjk_cast3_output.point.
	sw_vec2 point;
	/// As sw_gjk_cast3_output.normal.
	sw_vec2 normal;
	/// Support evaluations used.
	uint32_t iterations;
} sw_gjk_cast2_output;

/// Whether two placed shapes overlap (GJK with an early exit on a separating direction). Returns
/// out->status.
SW_API sw_status sw_gjk3_overlap(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb,
				 const sw_gjk_opts *opts, sw_gjk_overlap3_output *out);

/// Distance, witness points and normal of two placed shapes. Returns out->status.
SW_API sw_status sw_gjk3_distance(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb,
				  const sw_gjk_opts *opts, sw_gjk_dist3_output *out);

/// Ray origin + t·delta, t ∈ [0,1], against a placed shape (van den Bergen's GJK ray cast). A
/// zero-length delta is a point query: STARTS_OVERLAPPED when the origin is in the shape, else MISS.
/// Returns out->status.
SW_API sw_status sw_gjk3_ray(const sw_shape3 *s, sw_pose3 ps, sw_vec3 origin, sw_vec3 delta, const sw_gjk_opts *opts,
			     sw_gjk_ray3_output *out);

/// Linear shape cast: A placed by pa moving by da, B placed by pb moving by db, over t ∈ [0,1] (the
/// ray cast of the relative motion against the Minkowski difference). Returns out->status.
SW_API sw_status sw_gjk3_cast(const sw_shape3 *a, sw_pose3 pa, sw_vec3 da, const sw_shape3 *b, sw_pose3 pb, sw_vec3 db,
			      const sw_gjk_opts *opts, sw_gjk_cast3_output *out);

/// 2D overlap; as sw_gjk3_overlap.
SW_API sw_status sw_gjk2_overlap(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb,
				 const sw_gjk_opts *opts, sw_gjk_overlap2_output *out);

/// 2D distance; as sw_gjk3_distance.
SW_API sw_status sw_gjk2_distance(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb,
				  const sw_gjk_opts *opts, sw_gjk_dist2_output *out);

/// 2D ray cast; as sw_gjk3_ray.
SW_API sw_status sw_gjk2_ray(const sw_shape2 *s, sw_pose2 ps, sw_vec2 origin, sw_vec2 delta, const sw_gjk_opts *opts,
			     sw_gjk_ray2_output *out);

/// 2D shape cast; as sw_gjk3_cast.
SW_API sw_status sw_gjk2_cast(const sw_shape2 *a, sw_pose2 pa, sw_vec2 da, const sw_shape2 *b, sw_pose2 pb, sw_vec2 db,
			      const sw_gjk_opts *opts, sw_gjk_cast2_output *out);

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
