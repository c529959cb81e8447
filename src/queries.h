/* src/queries.h — the query list: every batched query, named once. The query enum, the descriptors the
 * pipeline validates a call against, the kernel prototypes of the reference and of every tier, the
 * dispatch table, the tier tests and the benchmark registrations all follow from this list.
 *
 * X(t, name, a, b, opts, answer, order, pub)
 *   t       passed through (the tier suffix, for prototypes)
 *   name    the kernel's name: sw_<name>_ref, sw_<name>_<tier>
 *   a, b    the sources of the two sides: a set (OBB3, TRI3, POLY2, HULL3, CIRCLE2, SEG2, CIRCLE3,
 *           SHAPE3, SHAPE2, RAY3, RAY2), packed lane blocks holding both sides (*_BLOCK, with
 *           b = NONE), or the items of a split call (SPLIT_*, with b = NONE: items [0, n), each by
 *           itself, no pair list)
 *   opts    the query's options struct: SWEEP (sw_sweep_opts), CIRCLE (sw_circle_opts), SPLIT
 *           (sw_split_opts), GJK (sw_gjk_opts) or NONE
 *   answer  the kind of answer: SWEEP (sw_sweep_results), OVERLAP (sw_overlap_results), CAST
 *           (sw_cast_results), DISTANCE (sw_distance_results), or a split's: PIECES (variable-length
 *           pieces, src/job.h), HULLS (hull pieces), MASS (sw_split_mass_results)
 *   order   the pipeline's ordering stage for a chunk (a function of src/<family>_batch.c that groups
 *           pairs so a lane block does similar work), or NONE
 *   pub     YES: its public function is sw_<name>_batch (sw_<name> for packed sources), defined from
 *           this row in src/entries.c; NO: a "_test" twin, the first-separating-axis test the pipeline
 *           runs in place of <name> when an overlap call asks for neither depth nor normal, or a split
 *           row, whose public sw_<name>_batch (planes, pieces) is written in src/split_batch.c */
#ifndef SWEPT_QUERIES_H
#define SWEPT_QUERIES_H

#define SW_QUERIES(X, t)                                                             \
	X(t, obb3_sweep, OBB3, OBB3, NONE, SWEEP, NONE, YES)                         \
	X(t, obb3_sweep_packed, OBB3_BLOCK, NONE, NONE, SWEEP, NONE, YES)            \
	X(t, obb3_overlap_test, OBB3, OBB3, NONE, OVERLAP, NONE, NO)                 \
	X(t, obb3_overlap, OBB3, OBB3, NONE, OVERLAP, NONE, YES)                     \
	X(t, obb3_tri3_sweep, OBB3, TRI3, SWEEP, SWEEP, NONE, YES)                   \
	X(t, obb3_tri3_sweep_packed, OBB3_TRI3_BLOCK, NONE, SWEEP, SWEEP, NONE, YES) \
	X(t, obb3_tri3_overlap_test, OBB3, TRI3, NONE, OVERLAP, NONE, NO)            \
	X(t, obb3_tri3_overlap, OBB3, TRI3, NONE, OVERLAP, NONE, YES)                \
	X(t, poly2_sweep, POLY2, POLY2, NONE, SWEEP, POLY2_BY_SIZE, YES)             \
	X(t, poly2_sweep_packed, POLY2_BLOCK, NONE, NONE, SWEEP, NONE, YES)          \
	X(t, poly2_overlap, POLY2, POLY2, NONE, OVERLAP, POLY2_BY_SIZE, YES)         \
	X(t, hull3_sweep, HULL3, HULL3, NONE, SWEEP, NONE, YES)                      \
	X(t, hull3_overlap, HULL3, HULL3, NONE, OVERLAP, NONE, YES)                  \
	X(t, hull3_obb3_sweep, HULL3, OBB3, NONE, SWEEP, NONE, YES)                  \
	X(t, hull3_obb3_overlap, HULL3, OBB3, NONE, OVERLAP, NONE, YES)              \
	X(t, hull3_tri3_sweep, HULL3, TRI3, SWEEP, SWEEP, NONE, YES)                 \
	X(t, hull3_tri3_overlap, HULL3, TRI3, NONE, OVERLAP, NONE, YES)              \
	X(t, circle2_seg2_sweep, CIRCLE2, SEG2, CIRCLE, CAST, NONE, YES)             \
	X(t, circle3_tri3_sweep, CIRCLE3, TRI3, CIRCLE, CAST, NONE, YES)             \
	X(t, circle2_seg2_sweep_packed, CIRCLE_BLOCK, NONE, CIRCLE, CAST, NONE, YES) \
	X(t, poly2_split, SPLIT_POLY2, NONE, SPLIT, PIECES, NONE, NO)                \
	X(t, poly3_split, SPLIT_POLY3, NONE, SPLIT, PIECES, NONE, NO)                \
	X(t, tri3_split, SPLIT_TRI3, NONE, SPLIT, PIECES, NONE, NO)                  \
	X(t, hull3_split, SPLIT_HULL3, NONE, SPLIT, HULLS, NONE, NO)                 \
	X(t, poly2_split_mass, SPLIT_POLY2, NONE, SPLIT, MASS, NONE, NO)             \
	X(t, poly3_split_mass, SPLIT_POLY3, NONE, SPLIT, MASS, NONE, NO)             \
	X(t, hull3_split_mass, SPLIT_HULL3, NONE, SPLIT, MASS, NONE, NO)             \
	X(t, gjk3_overlap, SHAPE3, SHAPE3, GJK, OVERLAP, G3_CLASS, YES)              \
	X(t, gjk3_distance, SHAPE3, SHAPE3, GJK, DISTANCE, G3_CLASS, YES)            \
	X(t, gjk3_cast, SHAPE3, SHAPE3, GJK, CAST, G3_CLASS, YES)                    \
	X(t, gjk3_ray, RAY3, SHAPE3, GJK, CAST, G3_RAY, YES)                         \
	X(t, gjk3_hull3_overlap, HULL3, HULL3, GJK, OVERLAP, G3_HULL, YES)           \
	X(t, gjk3_hull3_distance, HULL3, HULL3, GJK, DISTANCE, G3_HULL, YES)         \
	X(t, gjk3_hull3_cast, HULL3, HULL3, GJK, CAST, G3_HULL, YES)                 \
	X(t, gjk3_ray_hull3, RAY3, HULL3, GJK, CAST, G3_RAY_HULL, YES)               \
	X(t, gjk3_hull3_obb3_overlap, HULL3, OBB3, GJK, OVERLAP, G3_HULL_OBB, YES)   \
	X(t, gjk3_hull3_obb3_distance, HULL3, OBB3, GJK, DISTANCE, G3_HULL_OBB, YES) \
	X(t, gjk3_hull3_obb3_cast, HULL3, OBB3, GJK, CAST, G3_HULL_OBB, YES)         \
	X(t, gjk3_obb3_overlap, OBB3, OBB3, GJK, OVERLAP, NONE, YES)                 \
	X(t, gjk3_obb3_distance, OBB3, OBB3, GJK, DISTANCE, NONE, YES)               \
	X(t, gjk3_obb3_cast, OBB3, OBB3, GJK, CAST, NONE, YES)                       \
	X(t, gjk3_ray_obb3, RAY3, OBB3, GJK, CAST, NONE, YES)                        \
	X(t, gjk3_ray_tri3, RAY3, TRI3, GJK, CAST, NONE, YES)                        \
	X(t, gjk2_overlap, SHAPE2, SHAPE2, GJK, OVERLAP, G2_CLASS, YES)              \
	X(t, gjk2_distance, SHAPE2, SHAPE2, GJK, DISTANCE, G2_CLASS, YES)            \
	X(t, gjk2_cast, SHAPE2, SHAPE2, GJK, CAST, G2_CLASS, YES)                    \
	X(t, gjk2_ray, RAY2, SHAPE2, GJK, CAST, G2_RAY, YES)                         \
	X(t, gjk2_poly2_overlap, POLY2, POLY2, GJK, OVERLAP, NONE, YES)              \
	X(t, gjk2_poly2_distance, POLY2, POLY2, GJK, DISTANCE, POLY2_DIST, YES)      \
	X(t, gjk2_poly2_cast, POLY2, POLY2, GJK, CAST, NONE, YES)                    \
	X(t, gjk2_ray_poly2, RAY2, POLY2, GJK, CAST, NONE, YES)

#endif
