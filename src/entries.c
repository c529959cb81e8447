/* src/entries.c — every public batched function, defined from its row of the query list: each runs its
 * query through the pipeline (src/pipeline.c), which validates the call, picks the first-separating-
 * axis twin of an overlap query when no depth nor normal is asked for, and runs the kernel. A row's
 * sources, options and answer give the function's parameter types; its name is sw_<name>_batch, or
 * sw_<name> for packed sources. */
#include "pipeline.h"

/* C types of the list's tokens */
#define TYPE_OBB3 sw_obb3_set
#define TYPE_TRI3 sw_tri3_set
#define TYPE_POLY2 sw_poly2_set
#define TYPE_HULL3 sw_hull3_set
#define TYPE_OBB3_BLOCK sw_obb3_block
#define TYPE_OBB3_TRI3_BLOCK sw_obb3_tri3_block
#define TYPE_POLY2_BLOCK sw_poly2_block
#define TYPE_CIRCLE_BLOCK sw_circle2_seg2_block
#define TYPE_CIRCLE2 sw_circle2_set
#define TYPE_SEG2 sw_seg2_set
#define TYPE_CIRCLE3 sw_circle3_set
#define RESULTS_SWEEP sw_sweep_results
#define RESULTS_OVERLAP sw_overlap_results
#define RESULTS_CAST sw_cast_results
#define TYPE_SHAPE3 sw_shape3_set
#define TYPE_SHAPE2 sw_shape2_set
#define TYPE_RAY3 sw_ray3_set
#define TYPE_RAY2 sw_ray2_set
#define RESULTS_DISTANCE sw_distance_results

/* the shape of a function: indexed (two sets and a pair list) or packed, with options or not */
#define SIDE_OBB3 IDX
#define SIDE_TRI3 IDX
#define SIDE_POLY2 IDX
#define SIDE_HULL3 IDX
#define SIDE_SEG2 IDX
#define SIDE_SHAPE3 IDX
#define SIDE_SHAPE2 IDX
#define SIDE_RAY3 IDX
#define SIDE_RAY2 IDX
#define SIDE_NONE PACKED
#define CAT4_(a, b, c, d) a##b##c##d
#define CAT4(a, b, c, d) CAT4_(a, b, c, d)

#define DEF_IDX_NONE(name, A, B, ANS)                                                                    \
	sw_error sw_##name##_batch(const TYPE_##A *a, const TYPE_##B *b, const sw_pair *pairs, size_t n, \
				   const sw_batch_opts *run, const RESULTS_##ANS *out)                   \
	{                                                                                                \
		return sw_run(SW_Q_##name, a, b, pairs, n, NULL, run, out);                              \
	}
#define DEF_IDX_SWEEP(name, A, B, ANS)                                                                            \
	sw_error sw_##name##_batch(const TYPE_##A *a, const TYPE_##B *b, const sw_pair *pairs, size_t n,          \
				   const sw_sweep_opts *opts, const sw_batch_opts *run, const RESULTS_##ANS *out) \
	{                                                                                                         \
		return sw_run(SW_Q_##name, a, b, pairs, n, opts, run, out);                                       \
	}
#define DEF_IDX_CIRCLE(name, A, B, ANS)                                                                            \
	sw_error sw_##name##_batch(const TYPE_##A *a, const TYPE_##B *b, const sw_pair *pairs, size_t n,           \
				   const sw_circle_opts *opts, const sw_batch_opts *run, const RESULTS_##ANS *out) \
	{                                                                                                          \
		return sw_run(SW_Q_##name, a, b, pairs, n, opts, run, out);                                        \
	}
#define DEF_IDX_GJK(name, A, B, ANS)                                                                            \
	sw_error sw_##name##_batch(const TYPE_##A *a, const TYPE_##B *b, const sw_pair *pairs, size_t n,        \
				   const sw_gjk_opts *opts, const sw_batch_opts *run, const RESULTS_##ANS *out) \
	{                                                                                                       \
		return sw_run(SW_Q_##name, a, b, pairs, n, opts, run, out);                                     \
	}
#define DEF_PACKED_NONE(name, A, B, ANS)                                               \
	sw_error sw_##name(const TYPE_##A *blocks, size_t n, const RESULTS_##ANS *out) \
	{                                                                              \
		return sw_run(SW_Q_##name, blocks, NULL, NULL, n, NULL, NULL, out);    \
	}
#define DEF_PACKED_SWEEP(name, A, B, ANS)                                                                         \
	sw_error sw_##name(const TYPE_##A *blocks, size_t n, const sw_sweep_opts *opts, const RESULTS_##ANS *out) \
	{                                                                                                         \
		return sw_run(SW_Q_##name, blocks, NULL, NULL, n, opts, NULL, out);                               \
	}
#define DEF_PACKED_CIRCLE(name, A, B, ANS)                                                                         \
	sw_error sw_##name(const TYPE_##A *blocks, size_t n, const sw_circle_opts *opts, const RESULTS_##ANS *out) \
	{                                                                                                          \
		return sw_run(SW_Q_##name, blocks, NULL, NULL, n, opts, NULL, out);                                \
	}
#define PUBLIC_YES(name, A, B, OPTS, ANS) CAT4(DEF_, SIDE_##B, _, OPTS)(name, A, B, ANS)
#define PUBLIC_NO(name, A, B, OPTS, ANS)
#define SW_ENTRY(t, name, a, b, opts, answer, order, pub) PUBLIC_##pub(name, a, b, opts, answer)

SW_QUERIES(SW_ENTRY, _)
