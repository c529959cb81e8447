/* swept/batch.h — the batched API: sets + the broadphase's pair list in, one answer per pair out, in
 * caller-owned structure-of-arrays results. Answers equal the single-pair API's (swept/query.h). */
#ifndef SWEPT_BATCH_H
#define SWEPT_BATCH_H

#include "swept/base.h"
#include "swept/soa.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Options of a batched call; pass NULL for the defaults.
typedef struct sw_batch_opts {
	/// Worker threads (0 = one per core), clamped to the number of chunks and to 256. Only used
	/// when swept is built with -Dopenmp=enabled; otherwise the call runs on the calling thread. Callers with their
	/// own scheduler can instead split the pair list and call from several threads: calls are reentrant.
	unsigned threads;
	/// Pairs per chunk (0 = default 512); rounded up to a multiple of 16.
	unsigned chunk;
	/// 2D polygons: 0 (default) groups the pairs of each chunk by vertex count before they go into
	/// lanes, so few lanes idle on padding; 1 keeps the given order. Results are identical.
	unsigned keep_order;
} sw_batch_opts;

/// Options of a moving query; NULL selects the defaults (all zero).
typedef struct sw_sweep_opts {
	/// Triangle B only: 1 hits the triangle from its front only (see doc/numerics.md); 0 both sides.
	uint32_t one_sided;
} sw_sweep_opts;

/// Results of a moving query, one entry per pair; all arrays are caller-owned, hold n entries and
/// must not be NULL. Field meanings are those of sw_sweep_output.
typedef struct sw_sweep_results {
	uint8_t *status;  ///< sw_status
	uint8_t *feature; ///< SW_AXIS_* id
	float *t_first;
	float *t_last;
	float *nx, *ny, *nz;
} sw_sweep_results;

/// Results of a static overlap query, one entry per pair (both arrays required).
typedef struct sw_overlap_results {
	uint8_t *status;  ///< SW_HIT (overlap), SW_MISS or SW_PAIR_INVALID
	uint8_t *feature; ///< first separating axis on SW_MISS, else SW_AXIS_NONE
} sw_overlap_results;

/// Moving OBB–OBB SAT for each pair (a_set[pairs[k].a], b_set[pairs[k].b]), using the sets'
/// displacements. An index ≥ the set's count makes that pair SW_PAIR_INVALID. The two sets may be
/// the same set. Returns SW_ERR_NULL / SW_ERR_SIZE / SW_ERR_ARG for a malformed call, in which
/// case nothing is written.
SW_API sw_error sw_obb3_sweep_batch(const sw_obb3_set *a_set, const sw_obb3_set *b_set, const sw_pair *pairs, size_t n,
				    const sw_batch_opts *opts, const sw_sweep_results *out);

/// Static OBB–OBB overlap for each pair (displacements ignored).
SW_API sw_error sw_obb3_overlap_batch(const sw_obb3_set *a_set, const sw_obb3_set *b_set, const sw_pair *pairs,
				      size_t n, const sw_batch_opts *opts, const sw_overlap_results *out);

/// Moving OBB–triangle SAT for each pair (boxes[pairs[k].a], tris[pairs[k].b]), using the sets'
/// displacements; `one_sided` as in sw_obb3_tri3_sweep(), for the whole call. An index ≥ the
/// set's count makes that pair SW_PAIR_INVALID. Returns SW_ERR_NULL / SW_ERR_SIZE / SW_ERR_ARG for
/// a malformed call, in which case nothing is written.
SW_API sw_error sw_obb3_tri3_sweep_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs,
					 size_t n, const sw_batch_opts *opts, int one_sided,
					 const sw_sweep_results *out);

/// Static OBB–triangle overlap for each pair (displacements ignored).
SW_API sw_error sw_obb3_tri3_overlap_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs,
					   size_t n, const sw_batch_opts *opts, const sw_overlap_results *out);

/// Lanes of a packed block; the packed format is the same for every tier. Blocks must be 64-byte
/// aligned (declare them, or allocate with aligned_alloc(64, …)): a packed call given blocks at any
/// other address returns SW_ERR_ALIGN and writes nothing, on every tier.
#define SW_BLOCK 16

#ifdef __cplusplus
#define SW_ALIGN64 alignas(64)
#else
#define SW_ALIGN64 _Alignas(64)
#endif

/// Sixteen OBB pairs already gathered into lanes, for callers that keep their own lane-blocked
/// data. Lane l of every array belongs to pair 16·block + l. `v` is B's displacement minus A's.
/// Unused lanes of the last block must hold a valid pair (sw_obb3_block_fill() writes one).
typedef struct sw_obb3_block {
	SW_ALIGN64 float ac[3][SW_BLOCK]; ///< A centre
	float aq[4][SW_BLOCK];            ///< A orientation quaternion (x, y, z, w)
	float ah[3][SW_BLOCK];            ///< A half extents
	float bc[3][SW_BLOCK];            ///< B centre
	float bq[4][SW_BLOCK];            ///< B orientation quaternion
	float bh[3][SW_BLOCK];            ///< B half extents
	float v[3][SW_BLOCK];             ///< relative displacement (B's minus A's)
} sw_obb3_block;

/// Writes one pair into lane `lane` of a block.
SW_API void sw_obb3_block_put(sw_obb3_block *blk, unsigned lane, const sw_obb3 *a, sw_vec3 da, const sw_obb3 *b,
			      sw_vec3 db);
/// Fills lanes [from, SW_BLOCK) with a harmless valid pair.
SW_API void sw_obb3_block_fill(sw_obb3_block *blk, unsigned from);

/// Moving OBB–OBB SAT on n pairs held in ceil(n/16) packed blocks.
SW_API sw_error sw_obb3_sweep_packed(const sw_obb3_block *blocks, size_t n, const sw_sweep_results *out);

/// Results of a 3D static penetration query, one entry per pair (fields of sw_overlap3_output;
/// all arrays caller-owned, n entries, none NULL).
typedef struct sw_overlap3_results {
	uint8_t *status;
	uint8_t *feature;
	float *depth;
	float *nx, *ny, *nz;
} sw_overlap3_results;

/// Static OBB–OBB overlap with the least-penetration axis and depth for each pair.
SW_API sw_error sw_obb3_penetration_batch(const sw_obb3_set *a_set, const sw_obb3_set *b_set, const sw_pair *pairs,
					  size_t n, const sw_batch_opts *opts, const sw_overlap3_results *out);

/// Static OBB–triangle overlap with the least-penetration axis and depth for each pair.
SW_API sw_error sw_obb3_tri3_penetration_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs,
					       size_t n, const sw_batch_opts *opts, const sw_overlap3_results *out);

/// Sixteen box–triangle pairs already gathered into lanes. Lane l belongs to pair 16·block + l;
/// `v` is the triangle's displacement minus the box's. Unused lanes of the last block must hold a
/// valid pair (sw_obb3_tri3_block_fill() writes one).
typedef struct sw_obb3_tri3_block {
	SW_ALIGN64 float ac[3][SW_BLOCK]; ///< box centre
	float aq[4][SW_BLOCK];            ///< box orientation quaternion (x, y, z, w)
	float ah[3][SW_BLOCK];            ///< box half extents
	float ta[3][SW_BLOCK];            ///< triangle vertex a
	float tb[3][SW_BLOCK];            ///< triangle vertex b
	float tc[3][SW_BLOCK];            ///< triangle vertex c
	float v[3][SW_BLOCK];             ///< relative displacement (triangle's minus box's)
} sw_obb3_tri3_block;

/// Writes one box–triangle pair into lane `lane` of a block.
SW_API void sw_obb3_tri3_block_put(sw_obb3_tri3_block *blk, unsigned lane, const sw_obb3 *box, sw_vec3 da,
				   const sw_tri3 *tri, sw_vec3 dt);
/// Fills lanes [from, SW_BLOCK) with a harmless valid pair.
SW_API void sw_obb3_tri3_block_fill(sw_obb3_tri3_block *blk, unsigned from);
/// Moving OBB–triangle SAT on n pairs held in ceil(n/16) packed blocks (`one_sided` as in
/// sw_obb3_tri3_sweep()).
SW_API sw_error sw_obb3_tri3_sweep_packed(const sw_obb3_tri3_block *blocks, size_t n, int one_sided,
					  const sw_sweep_results *out);

/// Results of a 2D moving query, one entry per pair; all arrays caller-owned with n entries, none
/// NULL. Field meanings are those of sw_sweep2_output.
typedef struct sw_sweep2_results {
	uint8_t *status;  ///< sw_status
	uint8_t *feature; ///< edge i of A: i; edge j of B: SW_POLY2_MAX_VERTS + j; else SW_AXIS_NONE
	float *t_first;
	float *t_last;
	float *nx, *ny;
} sw_sweep2_results;

/// Results of a 2D static overlap query, one entry per pair (fields of sw_overlap2_output).
typedef struct sw_overlap2_results {
	uint8_t *status;
	uint8_t *feature;
	float *depth;
	float *nx, *ny;
} sw_overlap2_results;

/// Moving SAT for each pair of 2D polygons (a_set[pairs[k].a], b_set[pairs[k].b]) with the sets'
/// placements and displacements. Pairs whose polygon failed its check when stored, or whose
/// placement or displacement is invalid, or whose index is out of range, are SW_PAIR_INVALID.
SW_API sw_error sw_poly2_sweep_batch(const sw_poly2_set *a_set, const sw_poly2_set *b_set, const sw_pair *pairs,
				     size_t n, const sw_batch_opts *opts, const sw_sweep2_results *out);

/// Lane utilisation a polygon batch would reach on the active tier with these options: useful
/// work (Σ over pairs of (n_A + n_B)², edges × vertices projected) over the work the lanes do
/// (Σ over lane blocks of W·(max n_A + max n_B)²). 1 is perfect; NaN for a malformed call.
SW_API double sw_poly2_batch_utilisation(const sw_poly2_set *a_set, const sw_poly2_set *b_set, const sw_pair *pairs,
					 size_t n, const sw_batch_opts *opts);

/// Sixteen 2D polygon pairs already gathered into lanes. Lane l belongs to pair 16·block + l. Vertex
/// rows are padded by repeating vertex 0; `v` is B's displacement minus A's. Fill lanes with
/// sw_poly2_block_put() (it checks the polygons and sets a_ok/b_ok), unused lanes with
/// sw_poly2_block_fill(). Group pairs of similar vertex counts into one block: the block runs at
/// the pace of its largest polygons.
typedef struct sw_poly2_block {
	SW_ALIGN64 float apx[SW_BLOCK]; ///< A placement
	float apy[SW_BLOCK], aqc[SW_BLOCK], aqs[SW_BLOCK];
	float avx[SW_POLY2_MAX_VERTS][SW_BLOCK], avy[SW_POLY2_MAX_VERTS][SW_BLOCK]; ///< A local vertices
	float bpx[SW_BLOCK], bpy[SW_BLOCK], bqc[SW_BLOCK], bqs[SW_BLOCK];           ///< B placement
	float bvx[SW_POLY2_MAX_VERTS][SW_BLOCK], bvy[SW_POLY2_MAX_VERTS][SW_BLOCK]; ///< B local vertices
	float vx[SW_BLOCK], vy[SW_BLOCK];       ///< relative displacement (B's minus A's)
	uint8_t an[SW_BLOCK], bn[SW_BLOCK];     ///< vertex counts
	uint8_t a_ok[SW_BLOCK], b_ok[SW_BLOCK]; ///< 1: the polygon passed sw_poly2_check(·, 1)
} sw_poly2_block;

/// Writes one pair into lane `lane` of a block (polygons with more than SW_POLY2_MAX_VERTS
/// vertices are stored as empty, invalid polygons).
SW_API void sw_poly2_block_put(sw_poly2_block *blk, unsigned lane, const sw_poly2 *a, sw_xf2 xa, sw_vec2 da,
			       const sw_poly2 *b, sw_xf2 xb, sw_vec2 db);
/// Fills lanes [from, SW_BLOCK) with a harmless valid pair.
SW_API void sw_poly2_block_fill(sw_poly2_block *blk, unsigned from);
/// Moving SAT on n polygon pairs held in ceil(n/16) packed blocks.
SW_API sw_error sw_poly2_sweep_packed(const sw_poly2_block *blocks, size_t n, const sw_sweep2_results *out);

/// Static overlap of each pair of 2D polygons, with the least-penetration axis and depth.
SW_API sw_error sw_poly2_overlap_batch(const sw_poly2_set *a_set, const sw_poly2_set *b_set, const sw_pair *pairs,
				       size_t n, const sw_batch_opts *opts, const sw_overlap2_results *out);

#ifdef __cplusplus
}
#endif
#endif
