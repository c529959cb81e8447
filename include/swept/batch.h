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
	/// Worker threads (0 = one per core). Only used when swept is built with -Dopenmp=enabled;
	/// otherwise the call runs on the calling thread. Callers with their own scheduler can
	/// instead split the pair list and call from several threads: calls are reentrant.
	unsigned threads;
	/// Pairs per chunk (0 = default 512); rounded up to a multiple of 16.
	unsigned chunk;
} sw_batch_opts;

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

/// Lanes of a packed block; the packed format is the same for every tier.
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

#ifdef __cplusplus
}
#endif
#endif
