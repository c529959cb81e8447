/* swept/gjk.h — GJK queries for support-mapped shapes, 2D and 3D: boolean overlap, distance with witness
 * points, ray cast, and linear shape cast (time of impact), one pair at a time and batched over sets
 * (shapes of this header, rays, and the hull, box, triangle and polygon sets of the other families).
 * The method and the numerics are in src/ref/gjk_tmpl.h and doc/numerics.md ("GJK").
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
 * Memory: a single-pair call allocates nothing and uses about 1 KB of stack; a batched call allocates
 * SW_HULL_CALL_SCRATCH bytes per thread through the allocator hook (SW_ERR_NOMEM when it cannot).
 */
#ifndef SWEPT_GJK_H
#define SWEPT_GJK_H

#include "swept/base.h"
#include "swept/batch.h"
#include "swept/hull3.h"
#include "swept/math.h"
#include "swept/obb3.h"
#include "swept/poly2.h"
#include "swept/tri3.h"

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

/* ---- sets ---- */

/// Support-mapped 3D shapes (each checked and copied once, when added) and placed, moving instances of
/// them. Shapes of every type mix in one set; a batched call groups pairs by the types and vertex
/// counts of their shapes before they go into lanes (the answers do not depend on it). Opaque.
typedef struct sw_shape3_set sw_shape3_set;

/// A new empty set with room for `capacity` instances (it grows as needed).
SW_API sw_error sw_shape3_set_create(size_t capacity, sw_shape3_set **set);
/// Frees a set (NULL is ignored).
SW_API void sw_shape3_set_destroy(sw_shape3_set *set);
/// Instances in the set (0 for NULL).
SW_API size_t sw_shape3_set_count(const sw_shape3_set *set);
/// Adds a copy of a shape (its vertices are copied); its id goes to *shape. A shape breaking the input
/// contract is kept as a flagged shape: every pair using it is SW_PAIR_INVALID.
SW_API sw_error sw_shape3_set_add_shape(sw_shape3_set *set, const sw_shape3 *s, uint32_t *shape);
/// Appends an instance of `shape` with its placement and displacement; its index goes to *index (may
/// be NULL). A shape id ≥ the number of shapes is stored; its pairs are SW_PAIR_INVALID.
SW_API sw_error sw_shape3_set_add(sw_shape3_set *set, uint32_t shape, sw_pose3 pose, sw_vec3 disp, uint32_t *index);
/// Overwrites instance `index` (< count; SW_ERR_ARG otherwise).
SW_API sw_error sw_shape3_set_put(sw_shape3_set *set, uint32_t index, uint32_t shape, sw_pose3 pose, sw_vec3 disp);
/// Reads instance `index`: its shape id, placement and displacement (outputs may be NULL).
SW_API sw_error sw_shape3_set_get(const sw_shape3_set *set, uint32_t index, uint32_t *shape, sw_pose3 *pose,
				  sw_vec3 *disp);
/// Writes the placements and displacements of instances [first, first + n) (disps may be NULL: zero).
SW_API sw_error sw_shape3_set_place(sw_shape3_set *set, uint32_t first, size_t n, const sw_pose3 *poses,
				    const sw_vec3 *disps);
/// Removes every instance (the shapes stay).
SW_API void sw_shape3_set_clear(sw_shape3_set *set);

/// Support-mapped 2D shapes and placed, moving instances of them; as sw_shape3_set.
typedef struct sw_shape2_set sw_shape2_set;

/// As sw_shape3_set_create.
SW_API sw_error sw_shape2_set_create(size_t capacity, sw_shape2_set **set);
/// As sw_shape3_set_destroy.
SW_API void sw_shape2_set_destroy(sw_shape2_set *set);
/// As sw_shape3_set_count.
SW_API size_t sw_shape2_set_count(const sw_shape2_set *set);
/// As sw_shape3_set_add_shape.
SW_API sw_error sw_shape2_set_add_shape(sw_shape2_set *set, const sw_shape2 *s, uint32_t *shape);
/// As sw_shape3_set_add.
SW_API sw_error sw_shape2_set_add(sw_shape2_set *set, uint32_t shape, sw_pose2 pose, sw_vec2 disp, uint32_t *index);
/// As sw_shape3_set_put.
SW_API sw_error sw_shape2_set_put(sw_shape2_set *set, uint32_t index, uint32_t shape, sw_pose2 pose, sw_vec2 disp);
/// As sw_shape3_set_get.
SW_API sw_error sw_shape2_set_get(const sw_shape2_set *set, uint32_t index, uint32_t *shape, sw_pose2 *pose,
				  sw_vec2 *disp);
/// As sw_shape3_set_place.
SW_API sw_error sw_shape2_set_place(sw_shape2_set *set, uint32_t first, size_t n, const sw_pose2 *poses,
				    const sw_vec2 *disps);
/// As sw_shape3_set_clear.
SW_API void sw_shape2_set_clear(sw_shape2_set *set);

/// A ray origin + t·delta, t ∈ [0, 1] (3D).
typedef struct sw_ray3 {
	sw_vec3 origin; ///< world space
	sw_vec3 delta;  ///< the whole ray: t = 1 at origin + delta (zero: a point query)
} sw_ray3;

/// A ray origin + t·delta, t ∈ [0, 1] (2D).
typedef struct sw_ray2 {
	sw_vec2 origin; ///< world space
	sw_vec2 delta;  ///< the whole ray (zero: a point query)
} sw_ray2;

/// Rays (3D), written every step like placements; checked in the query. Opaque.
typedef struct sw_ray3_set sw_ray3_set;

/// A new empty set with room for `capacity` rays (it grows as needed).
SW_API sw_error sw_ray3_set_create(size_t capacity, sw_ray3_set **set);
/// Frees a set (NULL is ignored).
SW_API void sw_ray3_set_destroy(sw_ray3_set *set);
/// Rays in the set (0 for NULL).
SW_API size_t sw_ray3_set_count(const sw_ray3_set *set);
/// Appends a ray; its index goes to *index (may be NULL).
SW_API sw_error sw_ray3_set_add(sw_ray3_set *set, const sw_ray3 *ray, uint32_t *index);
/// Overwrites ray `index` (< count; SW_ERR_ARG otherwise).
SW_API sw_error sw_ray3_set_put(sw_ray3_set *set, uint32_t index, const sw_ray3 *ray);
/// Reads ray `index`.
SW_API sw_error sw_ray3_set_get(const sw_ray3_set *set, uint32_t index, sw_ray3 *ray);
/// Writes the origins and deltas of rays [first, first + n) (deltas may be NULL: zero).
SW_API sw_error sw_ray3_set_place(sw_ray3_set *set, uint32_t first, size_t n, const sw_vec3 *origins,
				  const sw_vec3 *deltas);
/// Removes every ray.
SW_API void sw_ray3_set_clear(sw_ray3_set *set);

/// Rays (2D); as sw_ray3_set.
typedef struct sw_ray2_set sw_ray2_set;

/// As sw_ray3_set_create.
SW_API sw_error sw_ray2_set_create(size_t capacity, sw_ray2_set **set);
/// As sw_ray3_set_destroy.
SW_API void sw_ray2_set_destroy(sw_ray2_set *set);
/// As sw_ray3_set_count.
SW_API size_t sw_ray2_set_count(const sw_ray2_set *set);
/// As sw_ray3_set_add.
SW_API sw_error sw_ray2_set_add(sw_ray2_set *set, const sw_ray2 *ray, uint32_t *index);
/// As sw_ray3_set_put.
SW_API sw_error sw_ray2_set_put(sw_ray2_set *set, uint32_t index, const sw_ray2 *ray);
/// As sw_ray3_set_get.
SW_API sw_error sw_ray2_set_get(const sw_ray2_set *set, uint32_t index, sw_ray2 *ray);
/// As sw_ray3_set_place.
SW_API sw_error sw_ray2_set_place(sw_ray2_set *set, uint32_t first, size_t n, const sw_vec2 *origins,
				  const sw_vec2 *deltas);
/// As sw_ray3_set_clear.
SW_API void sw_ray2_set_clear(sw_ray2_set *set);

/* ---- batched queries: one answer per pair (a_set[pairs[k].a], b_set[pairs[k].b]), the single-pair
 * function's bits on every tier. Hulls are the shapes sw_shape3_verts(hull.verts, hull.num_verts, 0)
 * (a hull failing sw_hull3_check is a flagged shape), boxes sw_shape3_box(half, 0) (half extents ≥ 0),
 * polygons sw_shape2_verts(poly.v, poly.count, 0) (a polygon failing sw_poly2_check is flagged), a
 * triangle (a, b, c) the shape of vertices 0, b − a, c − a placed at a without rotation. Rays ignore
 * their targets' displacements. opts NULL selects the defaults; options out of range are SW_ERR_ARG,
 * with nothing written. ---- */

/// sw_gjk3_overlap for each pair of shape instances.
SW_API sw_error sw_gjk3_overlap_batch(const sw_shape3_set *a_set, const sw_shape3_set *b_set, const sw_pair *pairs,
				      size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
				      const sw_overlap_results *out);
/// sw_gjk3_distance for each pair of shape instances.
SW_API sw_error sw_gjk3_distance_batch(const sw_shape3_set *a_set, const sw_shape3_set *b_set, const sw_pair *pairs,
				       size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
				       const sw_distance_results *out);
/// sw_gjk3_cast for each pair of shape instances, moving by their displacements.
SW_API sw_error sw_gjk3_cast_batch(const sw_shape3_set *a_set, const sw_shape3_set *b_set, const sw_pair *pairs,
				   size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
				   const sw_cast_results *out);
/// sw_gjk3_ray for each pair (ray, shape instance).
SW_API sw_error sw_gjk3_ray_batch(const sw_ray3_set *rays, const sw_shape3_set *shapes, const sw_pair *pairs, size_t n,
				  const sw_gjk_opts *opts, const sw_batch_opts *run, const sw_cast_results *out);

/// sw_gjk3_overlap for each pair of hull instances.
SW_API sw_error sw_gjk3_hull3_overlap_batch(const sw_hull3_set *a_set, const sw_hull3_set *b_set, const sw_pair *pairs,
					    size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					    const sw_overlap_results *out);
/// sw_gjk3_distance for each pair of hull instances.
SW_API sw_error sw_gjk3_hull3_distance_batch(const sw_hull3_set *a_set, const sw_hull3_set *b_set, const sw_pair *pairs,
					     size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					     const sw_distance_results *out);
/// sw_gjk3_cast for each pair of hull instances.
SW_API sw_error sw_gjk3_hull3_cast_batch(const sw_hull3_set *a_set, const sw_hull3_set *b_set, const sw_pair *pairs,
					 size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					 const sw_cast_results *out);
/// sw_hull3_ray (clipping, swept/hull3.h; set hulls have no rounding radius) for each pair (ray, hull
/// instance): its features and bits, not sw_gjk3_ray's. A rounded hull is a sw_shape3 for sw_gjk3_ray_batch.
SW_API sw_error sw_gjk3_ray_hull3_batch(const sw_ray3_set *rays, const sw_hull3_set *hulls, const sw_pair *pairs,
					size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					const sw_cast_results *out);

/// sw_gjk3_overlap for each pair (hull instance, box).
SW_API sw_error sw_gjk3_hull3_obb3_overlap_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes,
						 const sw_pair *pairs, size_t n, const sw_gjk_opts *opts,
						 const sw_batch_opts *run, const sw_overlap_results *out);
/// sw_gjk3_distance for each pair (hull instance, box).
SW_API sw_error sw_gjk3_hull3_obb3_distance_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes,
						  const sw_pair *pairs, size_t n, const sw_gjk_opts *opts,
						  const sw_batch_opts *run, const sw_distance_results *out);
/// sw_gjk3_cast for each pair (hull instance, box).
SW_API sw_error sw_gjk3_hull3_obb3_cast_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs,
					      size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					      const sw_cast_results *out);

/// sw_gjk3_overlap for each pair of boxes.
SW_API sw_error sw_gjk3_obb3_overlap_batch(const sw_obb3_set *a_set, const sw_obb3_set *b_set, const sw_pair *pairs,
					   size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					   const sw_overlap_results *out);
/// sw_gjk3_distance for each pair of boxes.
SW_API sw_error sw_gjk3_obb3_distance_batch(const sw_obb3_set *a_set, const sw_obb3_set *b_set, const sw_pair *pairs,
					    size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					    const sw_distance_results *out);
/// sw_gjk3_cast for each pair of boxes.
SW_API sw_error sw_gjk3_obb3_cast_batch(const sw_obb3_set *a_set, const sw_obb3_set *b_set, const sw_pair *pairs,
					size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					const sw_cast_results *out);
/// sw_obb3_ray (the slab test, swept/obb3.h) for each pair (ray, box): its features (sw_hull3_box faces) and
/// bits, not sw_gjk3_ray's. A rounded box is a sw_shape3 for sw_gjk3_ray_batch.
SW_API sw_error sw_gjk3_ray_obb3_batch(const sw_ray3_set *rays, const sw_obb3_set *boxes, const sw_pair *pairs,
				       size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
				       const sw_cast_results *out);
/// sw_gjk3_ray for each pair (ray, triangle).
SW_API sw_error sw_gjk3_ray_tri3_batch(const sw_ray3_set *rays, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				       const sw_gjk_opts *opts, const sw_batch_opts *run, const sw_cast_results *out);

/// sw_gjk2_overlap for each pair of 2D shape instances.
SW_API sw_error sw_gjk2_overlap_batch(const sw_shape2_set *a_set, const sw_shape2_set *b_set, const sw_pair *pairs,
				      size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
				      const sw_overlap_results *out);
/// sw_gjk2_distance for each pair of 2D shape instances.
SW_API sw_error sw_gjk2_distance_batch(const sw_shape2_set *a_set, const sw_shape2_set *b_set, const sw_pair *pairs,
				       size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
				       const sw_distance_results *out);
/// sw_gjk2_cast for each pair of 2D shape instances.
SW_API sw_error sw_gjk2_cast_batch(const sw_shape2_set *a_set, const sw_shape2_set *b_set, const sw_pair *pairs,
				   size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
				   const sw_cast_results *out);
/// sw_gjk2_ray for each pair (ray, 2D shape instance).
SW_API sw_error sw_gjk2_ray_batch(const sw_ray2_set *rays, const sw_shape2_set *shapes, const sw_pair *pairs, size_t n,
				  const sw_gjk_opts *opts, const sw_batch_opts *run, const sw_cast_results *out);

/// sw_gjk2_overlap's answer for each pair of polygon instances, by the separating axis test over both
/// polygons' edge normals and by GJK near contact (doc/numerics.md, GJK): the same statuses, a MISS normal
/// that of the separating edge (A → B) and the gap along it. A rounded polygon is a sw_shape2 for
/// sw_gjk2_overlap_batch (the polygon set holds no radius).
SW_API sw_error sw_gjk2_poly2_overlap_batch(const sw_poly2_set *a_set, const sw_poly2_set *b_set, const sw_pair *pairs,
					    size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					    const sw_overlap_results *out);
/// sw_gjk2_distance's answer for each pair of polygon instances (doc/numerics.md, GJK, "Polygon distance by
/// feature pairs"): for polygons of n_A·n_B ≤ 64 vertex pairs the separating axis test of
/// sw_gjk2_poly2_overlap_batch decides; pairs it finds apart (beyond its band of 1e-5 of the pair's size)
/// get SW_MISS with the least distance over every (vertex, edge) pair of the two polygons, its witness
/// points and the unit normal A → B, with no iteration; pairs it finds overlapping by more than that band
/// get SW_STARTS_OVERLAPPED with the least penetration over the same axes (distance = −depth, the axis' unit
/// normal A → B, the other polygon's deepest vertex and its foot on the edge as witnesses); near-contact
/// pairs, and every pair of larger polygons, are answered by GJK (sw_gjk2_distance: SW_STARTS_OVERLAPPED
/// with a common point and normal zero, the touching band, SW_ITER_LIMIT). A rounded polygon is a sw_shape2
/// for sw_gjk2_distance_batch.
SW_API sw_error sw_gjk2_poly2_distance_batch(const sw_poly2_set *a_set, const sw_poly2_set *b_set, const sw_pair *pairs,
					     size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					     const sw_distance_results *out);
/// sw_gjk2_cast's answer for each pair of polygon instances, by moving separating axes over both polygons'
/// edge normals (doc/numerics.md, GJK, "Polygon cast by separating axes"): a hit's time, normal and point
/// on A from the axis entered last; a pair overlapping at t = 0 by more than a band of 1e-5 × the pair's
/// size gets SW_STARTS_OVERLAPPED at t = 0 with the least penetration (depth, the axis' unit normal A → B,
/// the point on A of sw_gjk2_poly2_distance_batch's witnesses); GJK (sw_gjk2_cast) answers the pairs within
/// that band of contact at t = 0, of grazing or of contact at t = 1, and every pair when opts->target > 0.
SW_API sw_error sw_gjk2_poly2_cast_batch(const sw_poly2_set *a_set, const sw_poly2_set *b_set, const sw_pair *pairs,
					 size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					 const sw_cast_results *out);
/// sw_poly2_ray (clipping, swept/poly2.h; polygons have no rounding radius) for each pair (ray, polygon
/// instance): its features and bits, not sw_gjk2_ray's. A rounded polygon is a sw_shape2 for sw_gjk2_ray_batch.
SW_API sw_error sw_gjk2_ray_poly2_batch(const sw_ray2_set *rays, const sw_poly2_set *polys, const sw_pair *pairs,
					size_t n, const sw_gjk_opts *opts, const sw_batch_opts *run,
					const sw_cast_results *out);

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
