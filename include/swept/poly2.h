/* swept/poly2.h — 2D convex polygons (segments included): the polygon, building and checking one, a set
 * of shapes with placed moving instances, and the moving and static polygon–polygon separating-axis
 * queries, one pair at a time and batched. */
#ifndef SWEPT_POLY2_H
#define SWEPT_POLY2_H

#include "swept/base.h"
#include "swept/batch.h"
#include "swept/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most vertices a polygon may have.
#define SW_POLY2_MAX_VERTS 16
/// Most input points sw_poly2_build accepts (more is SW_ERR_INPUT, refused before any point is read).
#define SW_POLY2_MAX_POINTS ((size_t)1 << 26)

/// A convex polygon in its local frame: `count` vertices, counter-clockwise, strictly convex (no
/// duplicate or collinear vertices), 3 ≤ count ≤ SW_POLY2_MAX_VERTS; or a segment, count = 2. Edge
/// i runs from v[i] to v[(i + 1) % count]; its outward normal is feature i (of A) or
/// SW_POLY2_MAX_VERTS + i (of B). A sw_pose2 places it.
typedef struct sw_poly2 {
	uint32_t count;
	sw_vec2 v[SW_POLY2_MAX_VERTS];
} sw_poly2;

/// Convex hull of arbitrary points (Andrew's monotone chain, in double precision), written
/// counter-clockwise from the lowest-then-leftmost vertex. Duplicate points go, and hull vertices
/// whose removal moves the boundary by at most 1e-6 × the cloud's extent; every input point is inside
/// within that, and the result passes sw_poly2_check() (doc/numerics.md, 2D convex polygons).
/// The vertices are input points, unchanged; the result does not depend on the input order. Errors:
/// SW_ERR_NULL, SW_ERR_EMPTY, SW_ERR_INPUT, SW_ERR_TOO_FEW, SW_ERR_COLLINEAR, SW_ERR_TOO_MANY,
/// SW_ERR_NOMEM; on any of them `out->count` is 0.
SW_API sw_error sw_poly2_build(const sw_vec2 *points, size_t n, sw_poly2 *out);

/// Checks a polygon given as already convex: finite coordinates within SW_MAX_COORD, count in [2,
/// SW_POLY2_MAX_VERTS] (SW_ERR_BAD_COUNT), no repeated consecutive vertex (SW_ERR_DUPLICATE),
/// counter-clockwise (SW_ERR_CLOCKWISE), every vertex inside or on every edge's half-plane and no
/// three consecutive vertices collinear (SW_ERR_NOT_CONVEX).
SW_API sw_error sw_poly2_check(const sw_poly2 *poly);

/// A box of half extents (hx, hy) centred on the local origin (4 vertices).
SW_API sw_poly2 sw_poly2_box(float hx, float hy);
/// A segment from a to b (count = 2). Its edge normals are ±perp(b − a).
SW_API sw_poly2 sw_poly2_segment(sw_vec2 a, sw_vec2 b);

/// Moving SAT for two polygons placed by pa and pb, moving by da and db over the step. A polygon
/// failing sw_poly2_check(), a rotation not unit within SW_QUAT_TOL or a coordinate out of range
/// makes the pair SW_PAIR_INVALID.
SW_API sw_error sw_poly2_sweep(const sw_poly2 *a, sw_pose2 pa, sw_vec2 da, const sw_poly2 *b, sw_pose2 pb, sw_vec2 db,
			       sw_sweep_result *out);
/// Static polygon overlap: least penetration and depth, or the first separating direction and gap.
SW_API sw_error sw_poly2_overlap(const sw_poly2 *a, sw_pose2 pa, const sw_poly2 *b, sw_pose2 pb,
				 sw_overlap_result *out);

/// A ray origin + t·delta, t ∈ [0, 1], against a polygon placed by `pose`, by clipping the ray against
/// each edge's half-plane (Ericson, RTCD 5.3.8); no iteration, no rounding radius (a rounded polygon is
/// a sw_shape2 for sw_gjk2_ray). The ray is side A of sw_cast_result. SW_HIT: t ∈ (0, 1] the entry
/// fraction, point = origin + t·delta, normal the entered edge's outward unit normal negated (from the
/// ray into the polygon), feature that edge's index i (a segment's end caps: 2 at v[0], 3 at v[1]).
/// SW_STARTS_OVERLAPPED: the origin is inside or on every edge's half-plane (a zero-length delta is a
/// point query: this or MISS): t 0, point the origin, normal zero. SW_MISS: t 1, point and normal zero.
/// A ray along an edge's line counts as inside that edge's half-plane: it enters through the next one.
/// depth and slide are 0. A polygon failing sw_poly2_check(), a rotation not unit within SW_QUAT_TOL or
/// a coordinate out of range gives SW_PAIR_INVALID. SW_ERR_NULL for a NULL pointer (nothing written),
/// else SW_OK. Bounds: doc/numerics.md ("GJK", ray cast). No allocation.
SW_API sw_error sw_poly2_ray(const sw_poly2 *poly, sw_pose2 pose, sw_vec2 origin, sw_vec2 delta, sw_cast_result *out);

/// Polygon shapes (each checked once, when added) and placed, moving instances of them. Opaque.
typedef struct sw_poly2_set sw_poly2_set;

/// A new empty set with room for `capacity` instances (it grows as needed).
SW_API sw_error sw_poly2_set_create(size_t capacity, sw_poly2_set **set);
/// Frees a set (NULL is ignored).
SW_API void sw_poly2_set_destroy(sw_poly2_set *set);
/// Instances in the set (0 for NULL).
SW_API size_t sw_poly2_set_count(const sw_poly2_set *set);
/// Adds a shape; its id goes to *shape. A polygon failing sw_poly2_check() is kept as a flagged shape
/// (every pair using it is SW_PAIR_INVALID).
SW_API sw_error sw_poly2_set_add_shape(sw_poly2_set *set, const sw_poly2 *poly, uint32_t *shape);
/// Appends an instance of `shape` with its placement and displacement; its index goes to *index (may
/// be NULL). A shape id ≥ the number of shapes is stored; its pairs are SW_PAIR_INVALID.
SW_API sw_error sw_poly2_set_add(sw_poly2_set *set, uint32_t shape, sw_pose2 pose, sw_vec2 disp, uint32_t *index);
/// Overwrites instance `index` (< count; SW_ERR_ARG otherwise).
SW_API sw_error sw_poly2_set_put(sw_poly2_set *set, uint32_t index, uint32_t shape, sw_pose2 pose, sw_vec2 disp);
/// Reads instance `index`: its shape id, the polygon, placement, displacement (outputs may be NULL).
SW_API sw_error sw_poly2_set_get(const sw_poly2_set *set, uint32_t index, uint32_t *shape, sw_poly2 *poly,
				 sw_pose2 *pose, sw_vec2 *disp);
/// Writes the placements and displacements of instances [first, first + n) (disps may be NULL).
SW_API sw_error sw_poly2_set_place(sw_poly2_set *set, uint32_t first, size_t n, const sw_pose2 *poses,
				   const sw_vec2 *disps);
/// The placement columns of the set (swept/math.h), for writing placements in place: entry i < count
/// of each. Valid until the next sw_poly2_set_add (which may move them) or sw_poly2_set_destroy().
/// SW_ERR_NULL when a pointer is NULL.
SW_API sw_error sw_poly2_set_columns(sw_poly2_set *set, sw_place2_cols *cols);
/// Removes every instance (the shapes stay).
SW_API void sw_poly2_set_clear(sw_poly2_set *set);

/// Moving SAT for each pair of instances (a_set[pairs[k].a], b_set[pairs[k].b]); the answers of
/// sw_poly2_sweep(). Pairs are grouped by vertex counts before they go into lanes (results are the
/// same in any order).
SW_API sw_error sw_poly2_sweep_batch(const sw_poly2_set *a_set, const sw_poly2_set *b_set, const sw_pair *pairs,
				     size_t n, const sw_batch_opts *run, const sw_sweep_results *out);
/// Static overlap for each pair; the answers of sw_poly2_overlap().
SW_API sw_error sw_poly2_overlap_batch(const sw_poly2_set *a_set, const sw_poly2_set *b_set, const sw_pair *pairs,
				       size_t n, const sw_batch_opts *run, const sw_overlap_results *out);

#ifdef __cplusplus
}
#endif
#endif
