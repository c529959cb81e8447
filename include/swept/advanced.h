/* swept/advanced.h — packed lane blocks: pairs already gathered sixteen to a block, for callers that
 * keep their own lane-blocked data across steps and skip the gather of the indexed calls. The packed
 * format is the same for every tier; answers equal the single-pair functions' bit for bit.
 *
 * Blocks are caller-writable memory: every count and flag in them is range-checked where it is read
 * (a lane whose count is out of range is SW_PAIR_INVALID). Blocks must be 64-byte aligned (declare
 * them, or allocate them with aligned_alloc(64, …)); a packed call given blocks at any other address
 * returns SW_ERR_ALIGN and writes nothing, on every tier. */
#ifndef SWEPT_ADVANCED_H
#define SWEPT_ADVANCED_H

#include "swept/circle.h"
#include "swept/poly2.h"
#include "swept/tri3.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Lanes of a packed block.
#define SW_BLOCK 16

#ifdef __cplusplus
#define SW_ALIGN64 alignas(64)
#else
#define SW_ALIGN64 _Alignas(64)
#endif

/// Sixteen box–box pairs. Lane l of every row belongs to pair 16·block + l; `v` is B's displacement
/// minus A's. Unused lanes of the last block must hold a valid pair (sw_obb3_block_fill()).
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
SW_API void sw_obb3_block_put(sw_obb3_block *blk, unsigned lane, const sw_obb3 *a, sw_pose3 pa, sw_vec3 da,
			      const sw_obb3 *b, sw_pose3 pb, sw_vec3 db);
/// Fills lanes [from, SW_BLOCK) with a harmless valid pair.
SW_API void sw_obb3_block_fill(sw_obb3_block *blk, unsigned from);
/// Moving box–box SAT on n pairs held in ceil(n/16) blocks; the answers of sw_obb3_sweep().
SW_API sw_error sw_obb3_sweep_packed(const sw_obb3_block *blocks, size_t n, const sw_sweep_results *out);

/// Sixteen box–triangle pairs; `v` is the triangle's displacement minus the box's.
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
SW_API void sw_obb3_tri3_block_put(sw_obb3_tri3_block *blk, unsigned lane, const sw_obb3 *box, sw_pose3 pose,
				   sw_vec3 da, const sw_tri3 *tri, sw_vec3 dt);
/// Fills lanes [from, SW_BLOCK) with a harmless valid pair.
SW_API void sw_obb3_tri3_block_fill(sw_obb3_tri3_block *blk, unsigned from);
/// Moving box–triangle SAT on n pairs held in ceil(n/16) blocks (opts may be NULL).
SW_API sw_error sw_obb3_tri3_sweep_packed(const sw_obb3_tri3_block *blocks, size_t n, const sw_sweep_opts *opts,
					  const sw_sweep_results *out);

/// Sixteen polygon pairs. Vertex rows are padded by repeating vertex 0; `v` is B's displacement minus
/// A's. Fill lanes with sw_poly2_block_put() (it checks the polygons and sets a_ok/b_ok); group pairs
/// of similar vertex counts into one block, which runs at the pace of its largest polygons.
typedef struct sw_poly2_block {
	SW_ALIGN64 float apx[SW_BLOCK]; ///< A placement
	float apy[SW_BLOCK], aqc[SW_BLOCK], aqs[SW_BLOCK];
	float avx[SW_POLY2_MAX_VERTS][SW_BLOCK], avy[SW_POLY2_MAX_VERTS][SW_BLOCK]; ///< A local vertices
	float bpx[SW_BLOCK], bpy[SW_BLOCK], bqc[SW_BLOCK], bqs[SW_BLOCK];           ///< B placement
	float bvx[SW_POLY2_MAX_VERTS][SW_BLOCK], bvy[SW_POLY2_MAX_VERTS][SW_BLOCK]; ///< B local vertices
	float vx[SW_BLOCK], vy[SW_BLOCK];       ///< relative displacement (B's minus A's)
	uint8_t an[SW_BLOCK], bn[SW_BLOCK];     ///< vertex counts, 2..SW_POLY2_MAX_VERTS (else the lane is invalid)
	uint8_t a_ok[SW_BLOCK], b_ok[SW_BLOCK]; ///< 1: the polygon passed sw_poly2_check()
} sw_poly2_block;

/// Writes one pair into lane `lane` of a block (a polygon with more than SW_POLY2_MAX_VERTS vertices
/// is stored as an empty, invalid polygon).
SW_API void sw_poly2_block_put(sw_poly2_block *blk, unsigned lane, const sw_poly2 *a, sw_pose2 pa, sw_vec2 da,
			       const sw_poly2 *b, sw_pose2 pb, sw_vec2 db);
/// Fills lanes [from, SW_BLOCK) with a harmless valid pair.
SW_API void sw_poly2_block_fill(sw_poly2_block *blk, unsigned from);
/// Moving polygon SAT on n pairs held in ceil(n/16) blocks.
SW_API sw_error sw_poly2_sweep_packed(const sw_poly2_block *blocks, size_t n, const sw_sweep_results *out);

/// Sixteen circle–segment pairs, the rows sw_circle2_seg2_sweep() takes; `v` is the circle's
/// displacement minus the segment's. Every lane is checked as that function checks its arguments (a
/// lane that fails is SW_PAIR_INVALID). For callers that keep their movers' candidates in lane blocks
/// across steps: the call reads the rows as they are, with no pair list, index check or gather.
typedef struct sw_circle2_seg2_block {
	SW_ALIGN64 float c[2][SW_BLOCK]; ///< circle centre (x, y)
	float r[SW_BLOCK];               ///< radius
	float v[2][SW_BLOCK];            ///< relative displacement (the circle's minus the segment's)
	float p[2][SW_BLOCK];            ///< segment endpoint p
	float q[2][SW_BLOCK];            ///< segment endpoint q
} sw_circle2_seg2_block;

/// Writes one pair into lane `lane` of a block.
SW_API void sw_circle2_seg2_block_put(sw_circle2_seg2_block *blk, unsigned lane, sw_vec2 c, float r, sw_vec2 v,
				      const sw_seg2 *s);
/// Fills lanes [from, SW_BLOCK) with a harmless valid pair (a still point beside a unit segment).
SW_API void sw_circle2_seg2_block_fill(sw_circle2_seg2_block *blk, unsigned from);
/// Swept circle against segment on n pairs held in ceil(n/16) blocks (opts may be NULL): pair k's answer
/// is sw_circle2_seg2_sweep()'s on lane k % 16 of block k / 16, bit for bit on every tier; the z columns
/// of `out` are left alone.
SW_API sw_error sw_circle2_seg2_sweep_packed(const sw_circle2_seg2_block *blocks, size_t n, const sw_circle_opts *opts,
					     const sw_cast_results *out);

#ifdef __cplusplus
}
#endif
#endif
