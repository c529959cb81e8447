/* tests/common/gen.h — seeded populations for every pair type of the query list, shared by the tier
 * driver, the bad-input driver and the benchmarks. A generator family serves one pair type (the two
 * sources of a query, src/queries.h); a new query of an existing pair type needs nothing here, a new
 * pair type adds a family (rows of populations, faults and a printer), not a suite.
 *
 * Everything is deterministic in the population's seed, so a failure reruns alone. */
#ifndef SWEPT_TESTS_GEN_H
#define SWEPT_TESTS_GEN_H

#include <stdio.h>

#include "job.h"
#include "scenes.h"

/// A batch ready to run: a query's two sources, its pairs, and the family's own state.
typedef struct gen_batch {
	const void *a, *b;    ///< sets, or packed blocks in a
	const sw_pair *pairs; ///< NULL for packed sources
	size_t n;             ///< pairs (or packed lanes)
	void *state;          ///< the family's (sets, blocks, the pairs' inputs)
} gen_batch;

/// A generator family: the populations of one pair type.
typedef struct gen_family {
	const char *name;
	/// Whether the family serves a query with these sources (its packed block included).
	int (*serves)(sw_src a, sw_src b);
	size_t npops;
	/// Name of population p.
	const char *(*pop_name)(size_t p);
	/// Builds population p with n pairs (0: its own size) for sources (a, b) (a packed block source:
	/// the same pairs in 64-byte aligned blocks). Returns 0 on failure.
	int (*make)(size_t p, size_t n, sw_src a, sw_src b, gen_batch *out);
	/// Prints pair k's inputs (hex floats) to f.
	void (*print)(const gen_batch *g, size_t k, FILE *f);
	/// Answers pair k of an indexed batch with the public single-pair function of query q (options
	/// `opts`, the query's options struct or NULL), into row k of `out` (the query's results struct).
	void (*single)(const gen_batch *g, sw_query q, const void *opts, size_t k, const void *out);
	/// Faults a caller can hand in: count, names, and the damage: pair k broken with fault c through
	/// the public API (set functions, or the block's lane). Returns 0 when c does not apply to query
	/// d (its sources, or a displacement to a static query).
	unsigned nfaults;
	const char *(*fault_name)(unsigned c);
	int (*damage)(gen_batch *g, const sw_query_desc *d, size_t k, unsigned c);
	void (*free)(gen_batch *g);
	/// The benchmark scene of n pairs for sources (a, b), the one bench/ measured before the query list
	/// (same seeds, same generator calls, so figures compare across versions): `mix` selects the
	/// family's variant (polygons: 0 the 3–8 vertex scene, 1 quadrilaterals, 2 from 2 to 16 vertices;
	/// the other families have only 0). A packed block source gets the same pairs in 64-byte aligned
	/// blocks. Returns 0 on failure or for a mix the family does not have; free with `free`.
	int (*bench)(unsigned mix, size_t n, sw_src a, sw_src b, gen_batch *out);
} gen_family;

/// The family serving a query's sources (NULL when none does).
const gen_family *gen_for(const sw_query_desc *d);

/// The families (gen_box.c, gen_poly2.c, gen_hull3.c, gen_circle.c).
extern const gen_family gen_box_family, gen_box_tri_family, gen_poly2_family, gen_hull_family;
extern const gen_family gen_circle2_family, gen_circle3_family;
/// The GJK family serves every query whose options are sw_gjk_opts, whatever its sources.
extern const gen_family gen_gjk_family;

/// The hull `shape` of side `side` (0: A, 1: B) of a batch of the GJK family whose side is a hull set
/// (the peers need the sw_hull3 itself); NULL otherwise.
const sw_hull3 *gen_gjk_hull3(const gen_batch *g, int side, uint32_t shape);

/// The hull shape `shape` of a batch of the hull family (its populations or its benchmark scene), as the
/// instances of its sets use it (the peers and single-pair checks need the sw_hull3 itself); NULL when
/// out of range.
const sw_hull3 *gen_hull3_shape(const gen_batch *g, uint32_t shape);

#endif
