/* swept/mixed.h — a broadphase's pair list as it comes, shape types mixed: one call buckets the pairs by
 * the sets they join, runs each bucket through its batched query and writes every answer at the pair's
 * own position in the caller's columns. */
#ifndef SWEPT_MIXED_H
#define SWEPT_MIXED_H

#include "swept/batch.h"
#include "swept/circle.h"
#include "swept/gjk.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The kind of a set named in a mixed call.
typedef enum sw_set_kind {
	SW_SET_OBB3 = 1, ///< sw_obb3_set
	SW_SET_TRI3,     ///< sw_tri3_set
	SW_SET_POLY2,    ///< sw_poly2_set
	SW_SET_HULL3,    ///< sw_hull3_set
	SW_SET_CIRCLE2,  ///< sw_circle2_set
	SW_SET_SEG2,     ///< sw_seg2_set
	SW_SET_CIRCLE3,  ///< sw_circle3_set
	SW_SET_SHAPE3,   ///< sw_shape3_set (GJK shapes)
	SW_SET_SHAPE2,   ///< sw_shape2_set (2D GJK shapes)
	SW_SET_RAY3,     ///< sw_ray3_set
	SW_SET_RAY2,     ///< sw_ray2_set
} sw_set_kind;

/// A set named in a mixed call: its kind and the set.
typedef struct sw_set_ref {
	sw_set_kind kind;
	const void *set;
} sw_set_ref;

/// One pair of a mixed list: item `a` of sets[set_a] against item `b` of sets[set_b].
typedef struct sw_mixed_pair {
	uint32_t set_a, a;
	uint32_t set_b, b;
} sw_mixed_pair;

/// Most sets one mixed call names.
#define SW_MIXED_MAX_SETS 64

/// Pairs bucketed at a time: a call's scratch (from the allocator hook) is 17 to 65 bytes per pair of
/// one window of this many pairs (the status alone to every cast column), whatever n is.
#define SW_MIXED_WINDOW 16384

/// Answers a mixed list with the moving SAT: each pair by the batched sweep of its two sets' kinds
/// (sw_obb3_sweep_batch, sw_obb3_tri3_sweep_batch, sw_poly2_sweep_batch, sw_hull3_sweep_batch,
/// sw_hull3_obb3_sweep_batch, sw_hull3_tri3_sweep_batch), bit for bit its answer there. A pair of
/// kinds that has a query only the other way round (an OBB against a hull, a triangle against an OBB
/// or a hull) is answered by it with the sides exchanged: the same times, the normal negated so that
/// it still points from the pair's A to its B, and the feature as that query reports it for (B, A).
/// A pair of kinds with no query either way (two triangles, a polygon and a 3D shape) or naming a
/// set past `num_sets`: SW_PAIR_INVALID, SW_FEATURE_NONE, NaN in every float column asked for.
/// Errors, before anything is written: SW_ERR_NULL (out, its status column, sets or pairs NULL when
/// needed, a set NULL), SW_ERR_ARG (a kind not listed, num_sets > SW_MIXED_MAX_SETS), SW_ERR_SIZE
/// (n > SW_MAX_BATCH), and the batch options' errors (swept/batch.h); SW_ERR_NOMEM when the scratch
/// cannot be had. Each bucket runs as one batched call with `run` (an error a bucket's call returns,
/// such as a scheduler's bad worker index, stops the call there). 2D pairs leave the z columns alone.
SW_API sw_error sw_mixed_sweep_batch(const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
				     const sw_sweep_opts *opts, const sw_batch_opts *run, const sw_sweep_results *out);

/// Options of a mixed call: each family's (NULL: its defaults). A GJK options struct that breaks its
/// rules (swept/gjk.h) is SW_ERR_ARG before anything is written.
typedef struct sw_mixed_opts {
	const sw_circle_opts *circle; ///< swept circles and spheres (one-sided, skin and iterations)
	const sw_gjk_opts *gjk;       ///< GJK queries (iteration cap, a cast's target separation)
} sw_mixed_opts;

/// How a mixed call picks a pair's query, for every answer kind: among the public rows of the query
/// list of that answer kind whose sources are the pair's two kinds (else the two kinds exchanged), a
/// SAT or swept-circle row before a GJK row. So box, triangle, polygon and hull pairs overlap by the
/// SAT (with depth and normal) and GJK answers the pairs only it takes (GJK shapes, rays, box or hull
/// casts and distances).

/// Answers a mixed list with the overlap queries of each pair's kinds (sw_obb3_overlap_batch, …,
/// sw_hull3_tri3_overlap_batch, and the GJK overlaps: sw_gjk3_overlap_batch, sw_gjk2_overlap_batch
/// for GJK shapes), as sw_mixed_sweep_batch does for the sweep: exchanged sides give the same depth
/// and the normal negated; the same invalid answers and errors. When depth and every normal column are
/// NULL each SAT bucket runs its query's first-separating-axis test. `opts` NULL: the defaults.
SW_API sw_error sw_mixed_overlap_batch(const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
				       const sw_mixed_opts *opts, const sw_batch_opts *run,
				       const sw_overlap_results *out);

/// Answers a mixed list with the cast queries of each pair's kinds (sw_circle2_seg2_sweep_batch,
/// sw_circle3_tri3_sweep_batch; the GJK shape casts and ray casts: sw_gjk3_cast_batch,
/// sw_gjk3_hull3_cast_batch, sw_gjk3_obb3_cast_batch, sw_gjk3_ray_batch, …), as sw_mixed_sweep_batch
/// does for the sweep: a pair naming the geometry first (a segment against a circle, a shape against
/// a ray) is answered with the sides exchanged, the same time and point, the normal and the slide
/// negated (the motion relative to the other side reversed); the same invalid answers and errors.
/// `opts` NULL: every family's defaults.
SW_API sw_error sw_mixed_cast_batch(const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
				    const sw_mixed_opts *opts, const sw_batch_opts *run, const sw_cast_results *out);

/// Answers a mixed list with the GJK distance queries of each pair's kinds (sw_gjk3_distance_batch,
/// sw_gjk3_hull3_distance_batch, sw_gjk3_hull3_obb3_distance_batch, sw_gjk3_obb3_distance_batch,
/// sw_gjk2_distance_batch, sw_gjk2_poly2_distance_batch), as sw_mixed_sweep_batch does for the sweep:
/// with the sides exchanged the same distance, the normal negated and the two witness points traded,
/// so that point_a is still on the pair's A; the same invalid answers and errors.
SW_API sw_error sw_mixed_distance_batch(const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
					const sw_mixed_opts *opts, const sw_batch_opts *run,
					const sw_distance_results *out);

#ifdef __cplusplus
}
#endif
#endif
