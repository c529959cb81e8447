/* swept/hull_batch.h — convex hulls in bulk: a hull set (shapes packed once for the kernels, and
 * placed, moving instances of them) and the batched moving SAT and static overlap of hulls against
 * hulls, oriented boxes and triangles. Answers equal the single-pair API's (swept/hull_query.h) bit for
 * bit, on every SIMD tier.
 *
 * Shapes and instances. An engine keeps a few hull shapes and many bodies using them, so the set has
 * two tables: shapes (sw_hull3_set_add_shape packs a sw_hull3 into the set's pool, about 5 KB for a
 * 20-vertex hull, and checks it once with sw_hull3_check) and instances (a shape index, a pose and a
 * displacement over the step, structure of arrays). A pair names two instances. A shape that fails
 * the check is kept as an empty, flagged entry: every pair using it answers SW_PAIR_INVALID.
 *
 * Pose: as in swept/hull_query.h, x_world = R(q)·x_local + p with a unit quaternion q.
 *
 * Lanes. A hull pair has tens to thousands of candidate directions (faces of both hulls and the edge
 * pairs the Gauss map keeps), so the kernels spread each pair's directions over the SIMD lanes (16
 * faces, edges or edge pairs per AVX-512 instruction) rather than putting one pair in each lane: the
 * work per pair differs by orders of magnitude and the edge-pair pruning is data dependent. The
 * pool pads every array of a shape to a multiple of 16 by repeating its first element, so supports
 * over padded vertices are unchanged.
 *
 * Stack: a batched hull call keeps its per-pair scratch on the calling thread's stack (about 50 KB;
 * the single-pair calls of swept/hull_query.h about 45 KB): give threads with small stacks room for
 * it. */
#ifndef SWEPT_HULL_BATCH_H
#define SWEPT_HULL_BATCH_H

#include "swept/base.h"
#include "swept/batch.h"
#include "swept/hull_query.h"
#include "swept/soa.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A packed shape of a hull set (internal layout; see src/hull3_view.h).
typedef struct sw_hull3_set_shape {
	uint32_t nv, nf, ne; ///< packed counts (a flat hull's prism of no thickness: k, k + 2, 3k; 0 flagged)
	uint32_t ok;         ///< 1: passed sw_hull3_check when added
	size_t fl_off;       ///< offset of its float block in the pool
	size_t ix_off;       ///< offset of its index block in the index pool
	float centroid[3];
	float radius;
} sw_hull3_set_shape;

/// Hull shapes and placed instances of them. Fields are readable; change instances only through
/// sw_hull3_set_add / sw_hull3_set_put (or keep p/q/d finite, |x| ≤ SW_MAX_COORD, q unit: a bad pose
/// makes the pair SW_PAIR_INVALID, never a crash).
typedef struct sw_hull3_set {
	size_t count;             ///< instances in use
	size_t capacity;          ///< instances allocated
	uint32_t *shape;          ///< shape index of each instance
	float *px, *py, *pz;      ///< position
	float *qx, *qy, *qz, *qw; ///< orientation (unit quaternion)
	float *dx, *dy, *dz;      ///< displacement over the step
	size_t num_shapes, shape_capacity;
	sw_hull3_set_shape *shapes;
	float *pool; ///< packed shape floats, 64-byte aligned
	size_t pool_used, pool_capacity;
	int32_t *ipool; ///< packed shape indices (the faces of each edge)
	size_t ipool_used, ipool_capacity;
} sw_hull3_set;

/// Initialises an empty set with room for `capacity` instances (0 allowed).
SW_API sw_error sw_hull3_set_init(sw_hull3_set *set, size_t capacity);
/// Packs a hull as a new shape; its index goes to *shape_id. A hull failing sw_hull3_check is kept as a
/// flagged empty shape (pairs using it are SW_PAIR_INVALID). SW_ERR_NULL for NULL arguments,
/// SW_ERR_SIZE past UINT32_MAX shapes, SW_ERR_NOMEM when memory runs out (no shape is added and the
/// stored ones are untouched; a pool may have grown).
SW_API sw_error sw_hull3_set_add_shape(sw_hull3_set *set, const sw_hull3 *hull, uint32_t *shape_id);
/// Appends an instance of shape `shape` (an index ≥ num_shapes is stored; its pairs are invalid).
SW_API sw_error sw_hull3_set_add(sw_hull3_set *set, uint32_t shape, sw_vec3 p, sw_quat q, sw_vec3 d);
/// Overwrites instance `index` (< count; SW_ERR_ARG otherwise).
SW_API sw_error sw_hull3_set_put(sw_hull3_set *set, uint32_t index, uint32_t shape, sw_vec3 p, sw_quat q, sw_vec3 d);
/// Removes every instance (the shapes stay).
SW_API void sw_hull3_set_clear(sw_hull3_set *set);
/// Frees everything; the set is left empty and may be initialised again.
SW_API void sw_hull3_set_free(sw_hull3_set *set);

/// Results of a moving hull query, one entry per pair, caller-owned, none NULL; fields as in
/// sw_hull_sweep_output.
typedef struct sw_hull_sweep_results {
	uint8_t *status;   ///< sw_status
	uint32_t *feature; ///< SW_HULL_FEATURE_* id
	float *t_first;
	float *t_last;
	float *nx, *ny, *nz;
} sw_hull_sweep_results;

/// Results of a static hull overlap query, one entry per pair; fields as in sw_hull_overlap_output.
typedef struct sw_hull_overlap_results {
	uint8_t *status;   ///< SW_HIT (overlap or touch), SW_MISS, SW_PAIR_INVALID
	uint32_t *feature; ///< SW_HULL_FEATURE_* id
	float *depth;      ///< penetration depth (HIT) or gap (MISS)
	float *nx, *ny, *nz;
} sw_hull_overlap_results;

/// Moving SAT for each pair (a_set instance pairs[k].a, b_set instance pairs[k].b) with the sets'
/// displacements; the answer of sw_hull3_sweep(). An out-of-range index, a flagged shape or a bad
/// pose makes that pair SW_PAIR_INVALID. The sets may be the same. SW_ERR_NULL / SW_ERR_SIZE /
/// SW_ERR_ARG for a malformed call, in which case nothing is written.
SW_API sw_error sw_hull3_sweep_batch(const sw_hull3_set *a_set, const sw_hull3_set *b_set, const sw_pair *pairs,
				     size_t n, const sw_batch_opts *opts, const sw_hull_sweep_results *out);
/// Static overlap for each pair (displacements ignored); the answer of sw_hull3_overlap().
SW_API sw_error sw_hull3_overlap_batch(const sw_hull3_set *a_set, const sw_hull3_set *b_set, const sw_pair *pairs,
				       size_t n, const sw_batch_opts *opts, const sw_hull_overlap_results *out);
/// Moving SAT of hull instances (pairs[k].a) against boxes (pairs[k].b of an OBB set, with its
/// displacements); the answer of sw_hull3_obb3_sweep().
SW_API sw_error sw_hull3_obb3_sweep_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs,
					  size_t n, const sw_batch_opts *opts, const sw_hull_sweep_results *out);
/// Static hull–box overlap; the answer of sw_hull3_obb3_overlap().
SW_API sw_error sw_hull3_obb3_overlap_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs,
					    size_t n, const sw_batch_opts *opts, const sw_hull_overlap_results *out);
/// Moving SAT of hull instances against triangles (pairs[k].b of a triangle set, with its
/// displacements), `one_sided` for the whole call; the answer of sw_hull3_tri3_sweep().
SW_API sw_error sw_hull3_tri3_sweep_batch(const sw_hull3_set *hulls, const sw_tri3_set *tris, const sw_pair *pairs,
					  size_t n, const sw_batch_opts *opts, int one_sided,
					  const sw_hull_sweep_results *out);
/// Static hull–triangle overlap; the answer of sw_hull3_tri3_overlap().
SW_API sw_error sw_hull3_tri3_overlap_batch(const sw_hull3_set *hulls, const sw_tri3_set *tris, const sw_pair *pairs,
					    size_t n, const sw_batch_opts *opts, const sw_hull_overlap_results *out);

#ifdef __cplusplus
}
#endif
#endif
