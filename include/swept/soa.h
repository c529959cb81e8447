/* swept/soa.h — structure-of-arrays shape sets that the batched queries read, and the pair type a
 * broadphase emits into them. */
#ifndef SWEPT_SOA_H
#define SWEPT_SOA_H

#include "swept/base.h"
#include "swept/shapes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Alignment in bytes of every array of a set, and the multiple its capacity is rounded up to.
#define SW_SET_ALIGN 64
#define SW_SET_PAD 16

/// A candidate pair: indices of shape a in the first set and shape b in the second set.
typedef struct sw_pair {
	uint32_t a, b;
} sw_pair;

/// A set of oriented boxes, one array per scalar, plus each box's linear displacement over the step.
///
/// Layout rules (the batched kernels rely on them):
/// - every array is SW_SET_ALIGN-byte aligned and holds `capacity` floats;
/// - `capacity` is a multiple of SW_SET_PAD and at least SW_SET_PAD;
/// - slots [count, capacity) hold a valid unit box at the origin, so a kernel may read whole lanes;
/// - the orientation is a unit quaternion (qx, qy, qz, qw), as in sw_obb3.
/// Fields may be written directly (e.g. a simulation updating positions each step) as long as
/// `count ≤ capacity` and the padding rule is kept; sw_obb3_set_add() maintains it.
typedef struct sw_obb3_set {
	size_t count;
	size_t capacity;
	float *cx, *cy, *cz;      ///< centre
	float *qx, *qy, *qz, *qw; ///< orientation quaternion
	float *hx, *hy, *hz;      ///< half extents
	float *dx, *dy, *dz;      ///< linear displacement over the step, t ∈ [0,1]
} sw_obb3_set;

/// Initialises an empty set able to hold `capacity` boxes without reallocating.
SW_API sw_error sw_obb3_set_init(sw_obb3_set *set, size_t capacity);
/// Grows the arrays so the set holds at least `capacity` boxes; existing boxes are kept.
SW_API sw_error sw_obb3_set_reserve(sw_obb3_set *set, size_t capacity);
/// Appends a box with its displacement; writes its index to `index` (may be NULL).
/// The box is stored as given: validity is checked per pair by the queries.
SW_API sw_error sw_obb3_set_add(sw_obb3_set *set, const sw_obb3 *box, sw_vec3 displacement, uint32_t *index);
/// Overwrites box `index` (< count) and its displacement.
SW_API sw_error sw_obb3_set_put(sw_obb3_set *set, uint32_t index, const sw_obb3 *box, sw_vec3 displacement);
/// Reads box `index` (< count) and its displacement (either output may be NULL).
SW_API sw_error sw_obb3_set_get(const sw_obb3_set *set, uint32_t index, sw_obb3 *box, sw_vec3 *displacement);
/// Removes every box, keeping the storage.
SW_API void sw_obb3_set_clear(sw_obb3_set *set);
/// Frees the arrays; the set is left empty and may be initialised again.
SW_API void sw_obb3_set_free(sw_obb3_set *set);

/// A set of triangles, one array per vertex coordinate, plus each triangle's linear displacement
/// over the step. Layout rules as for sw_obb3_set: SW_SET_ALIGN-byte aligned arrays of `capacity`
/// floats, `capacity` a multiple of SW_SET_PAD (at least SW_SET_PAD), and slots [count, capacity)
/// holding a valid triangle ((0,0,0), (1,0,0), (0,1,0), not moving) so a kernel may read whole lanes.
typedef struct sw_tri3_set {
	size_t count;
	size_t capacity;
	float *ax, *ay, *az; ///< vertex a
	float *bx, *by, *bz; ///< vertex b
	float *cx, *cy, *cz; ///< vertex c
	float *dx, *dy, *dz; ///< linear displacement over the step, t ∈ [0,1]
} sw_tri3_set;

/// Initialises an empty set able to hold `capacity` triangles without reallocating.
SW_API sw_error sw_tri3_set_init(sw_tri3_set *set, size_t capacity);
/// Grows the arrays so the set holds at least `capacity` triangles; existing ones are kept.
SW_API sw_error sw_tri3_set_reserve(sw_tri3_set *set, size_t capacity);
/// Appends a triangle with its displacement; writes its index to `index` (may be NULL). Stored as
/// given: validity (finite, in range, not degenerate) is checked per pair by the queries.
SW_API sw_error sw_tri3_set_add(sw_tri3_set *set, const sw_tri3 *tri, sw_vec3 displacement, uint32_t *index);
/// Overwrites triangle `index` (< count) and its displacement.
SW_API sw_error sw_tri3_set_put(sw_tri3_set *set, uint32_t index, const sw_tri3 *tri, sw_vec3 displacement);
/// Reads triangle `index` (< count) and its displacement (either output may be NULL).
SW_API sw_error sw_tri3_set_get(const sw_tri3_set *set, uint32_t index, sw_tri3 *tri, sw_vec3 *displacement);
/// Removes every triangle, keeping the storage.
SW_API void sw_tri3_set_clear(sw_tri3_set *set);
/// Frees the arrays; the set is left empty and may be initialised again.
SW_API void sw_tri3_set_free(sw_tri3_set *set);

/// A set of placed, moving 2D convex polygons (or segments).
///
/// Layout rules (the batched kernels rely on them):
/// - per-polygon arrays hold `capacity` entries, SW_SET_ALIGN-byte aligned; `capacity` is a multiple
///   of SW_SET_PAD and at least SW_SET_PAD;
/// - vertices are stored with a fixed stride: vertex k of polygon i is (vx, vy)[SW_POLY2_MAX_VERTS·i + k];
///   slots k ≥ n[i] repeat vertex 0, which leaves every support and projection unchanged, so a kernel
///   may read a whole row;
/// - `ok[i]` is 1 when polygon i passed sw_poly2_check(·, 1) when it was stored (sw_poly2_set_add or
///   _put). A pair with a polygon whose ok is 0 is SW_PAIR_INVALID. Code that writes vertices
///   directly must call sw_poly2_set_recheck() afterwards;
/// - slots [count, capacity) hold a valid unit box at the origin, not moving.
/// Placements (px, py, qc, qs) and displacements (dx, dy) may be written directly each step.
typedef struct sw_poly2_set {
	size_t count;
	size_t capacity;
	float *px, *py; ///< position (the local origin in world space)
	float *qc, *qs; ///< rotation (cos, sin), unit within SW_QUAT_TOL
	float *dx, *dy; ///< linear displacement over the step, t ∈ [0,1]
	float *vx, *vy; ///< local vertices, stride SW_POLY2_MAX_VERTS
	uint8_t *n;     ///< vertex count
	uint8_t *ok;    ///< 1: the polygon passed sw_poly2_check
} sw_poly2_set;

/// Initialises an empty set able to hold `capacity` polygons without reallocating.
SW_API sw_error sw_poly2_set_init(sw_poly2_set *set, size_t capacity);
/// Grows the arrays so the set holds at least `capacity` polygons; existing ones are kept.
SW_API sw_error sw_poly2_set_reserve(sw_poly2_set *set, size_t capacity);
/// Appends a polygon with its placement and displacement; writes its index to `index` (may be NULL).
/// A polygon that fails sw_poly2_check(·, 1) is stored and flagged (its pairs become
/// SW_PAIR_INVALID); one with more than SW_POLY2_MAX_VERTS vertices cannot be stored: SW_ERR_ARG.
SW_API sw_error sw_poly2_set_add(sw_poly2_set *set, const sw_poly2 *poly, sw_xf2 xf, sw_vec2 displacement,
				 uint32_t *index);
/// Overwrites polygon `index` (< count), its placement and displacement.
SW_API sw_error sw_poly2_set_put(sw_poly2_set *set, uint32_t index, const sw_poly2 *poly, sw_xf2 xf,
				 sw_vec2 displacement);
/// Reads polygon `index` (< count), its placement and displacement (any output may be NULL).
SW_API sw_error sw_poly2_set_get(const sw_poly2_set *set, uint32_t index, sw_poly2 *poly, sw_xf2 *xf,
				 sw_vec2 *displacement);
/// Re-checks polygon `index` after its vertices were written directly: pads its row and sets ok.
SW_API sw_error sw_poly2_set_recheck(sw_poly2_set *set, uint32_t index);
/// Removes every polygon, keeping the storage.
SW_API void sw_poly2_set_clear(sw_poly2_set *set);
/// Frees the arrays; the set is left empty and may be initialised again.
SW_API void sw_poly2_set_free(sw_poly2_set *set);

#ifdef __cplusplus
}
#endif
#endif
