/* src/queries.h — the query list: every batched query, named once. The query enum, the descriptors the
 * pipeline validates a call against, the kernel prototypes of the reference and of every tier, the
 * dispatch table, the tier tests and the benchmark registrations all follow from this list.
 *
 * X(t, name, a, b, opts, answer, order)
 *   t       passed through (the tier suffix, for prototypes)
 *   name    the kernel's name: sw_<name>_ref, sw_<name>_<tier>; the public entry is sw_<name>_batch
 *           (or sw_<name> for packed queries)
 *   a, b    the sources of the two sides: a set (OBB3, TRI3, POLY2, HULL3), packed lane blocks holding
 *           both sides (*_BLOCK, with b = NONE)
 *   opts    the query's options struct: SWEEP (sw_sweep_opts) or NONE
 *   answer  the kind of answer, i.e. the results struct the kernel writes
 *   order   the pipeline's ordering stage for a chunk (a function of src/<family>_batch.c that groups
 *           pairs so a lane block does similar work), or NONE */
#ifndef SWEPT_QUERIES_H
#define SWEPT_QUERIES_H

#define SW_QUERIES(X, t)                                                         \
	X(t, obb3_sweep, OBB3, OBB3, NONE, SWEEP3, NONE)                         \
	X(t, obb3_sweep_packed, OBB3_BLOCK, NONE, NONE, SWEEP3, NONE)            \
	X(t, obb3_overlap, OBB3, OBB3, NONE, OVERLAP_FIRST, NONE)                \
	X(t, obb3_penetration, OBB3, OBB3, NONE, OVERLAP3, NONE)                 \
	X(t, obb3_tri3_sweep, OBB3, TRI3, SWEEP, SWEEP3, NONE)                   \
	X(t, obb3_tri3_sweep_packed, OBB3_TRI3_BLOCK, NONE, SWEEP, SWEEP3, NONE) \
	X(t, obb3_tri3_overlap, OBB3, TRI3, NONE, OVERLAP_FIRST, NONE)           \
	X(t, obb3_tri3_penetration, OBB3, TRI3, NONE, OVERLAP3, NONE)            \
	X(t, poly2_sweep, POLY2, POLY2, NONE, SWEEP2, POLY2_BY_SIZE)             \
	X(t, poly2_sweep_packed, POLY2_BLOCK, NONE, NONE, SWEEP2, NONE)          \
	X(t, poly2_overlap, POLY2, POLY2, NONE, OVERLAP2, POLY2_BY_SIZE)         \
	X(t, hull3_sweep, HULL3, HULL3, NONE, HULL_SWEEP, NONE)                  \
	X(t, hull3_overlap, HULL3, HULL3, NONE, HULL_OVERLAP, NONE)              \
	X(t, hull3_obb3_sweep, HULL3, OBB3, NONE, HULL_SWEEP, NONE)              \
	X(t, hull3_obb3_overlap, HULL3, OBB3, NONE, HULL_OVERLAP, NONE)          \
	X(t, hull3_tri3_sweep, HULL3, TRI3, SWEEP, HULL_SWEEP, NONE)             \
	X(t, hull3_tri3_overlap, HULL3, TRI3, NONE, HULL_OVERLAP, NONE)

#endif
