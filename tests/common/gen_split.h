/* tests/common/gen_split.h — seeded populations of split items (2D and 3D polygon soups, triangle
 * soups, hulls, each with one plane for all or one each), their fault classes and the benchmark
 * scenes, shared by the split driver (tests/split_tiers.c), the fuzz target and bench/bench_split.c.
 * Split items are not pairs, so they have their own family rather than a gen_family of gen.h.
 *
 * Everything is deterministic in the population's seed, so a failure reruns alone. */
#ifndef SWEPT_TESTS_GEN_SPLIT_H
#define SWEPT_TESTS_GEN_SPLIT_H

#include <stdio.h>

#include "job.h"
#include "split_job.h"

/// The kinds of split items.
typedef enum gs_kind { GS_POLY2, GS_POLY3, GS_TRI3, GS_HULL3, GS_KINDS } gs_kind;

/// A batch of split items with its own storage; `src` views it as the split rows read it.
typedef struct gs_batch {
	gs_kind kind;
	size_t n;           ///< items
	size_t nverts;      ///< polygon vertices in all
	float *verts;       ///< D floats per vertex (polygons), 9 per triangle
	uint32_t *first;    ///< n + 1 offsets (polygons)
	float *attrs;       ///< k floats per vertex, or NULL
	uint32_t k;         ///< attribute floats per vertex
	sw_hull3 *hulls;    ///< hulls
	float *planes;      ///< 2·D floats per plane
	size_t nplanes;     ///< 1 or n
	sw_split_opts opts; ///< the call's eps
	sw_split_src src;   ///< the items as a split row's source
} gs_batch;

/// The dimension of a kind's coordinates.
static inline int gs_dim(gs_kind k) { return k == GS_POLY2 ? 2 : 3; }

/// The split rows of each kind: the pieces (or hulls) row and the mass row (SW_Q_COUNT: none).
sw_query gs_split_query(gs_kind k);
sw_query gs_mass_query(gs_kind k);
/// The kind a split row reads.
gs_kind gs_kind_of(sw_query q);

/// Populations of a kind: count and names.
size_t gs_npops(gs_kind k);
const char *gs_pop_name(gs_kind k, size_t p);
/// Builds population p with n items (0: its own size). Returns 0 on failure.
int gs_make(gs_kind k, size_t p, size_t n, gs_batch *g);
/// The benchmark scenes: polygons (mix 0: 3–16 vertices, mix 1: 8 each, mix 2: 16 each), triangles
/// (mix 0: a soup of near-unit triangles), hulls (mix 0: 8–32 points); each by one plane through the
/// scene (per-item planes with mix + 8). Returns 0 on failure or for an unknown mix.
int gs_bench(gs_kind k, unsigned mix, size_t n, gs_batch *g);
void gs_free(gs_batch *g);
/// Item i's inputs (hex floats) to f.
void gs_print(const gs_batch *g, size_t i, FILE *f);

/// Fault classes of a kind: count and names; gs_damage breaks item i with fault c (0 when c does not
/// apply: a plane fault with one plane for all).
unsigned gs_nfaults(gs_kind k);
const char *gs_fault_name(gs_kind k, unsigned c);
int gs_damage(gs_batch *g, size_t i, unsigned c);

/// Item i as a single-item call of the public API (split or mass row q) into one item's answer, the
/// way the driver compares with the reference rows: status and class, counts and pieces (pieces
/// queries: vertex or triangle floats into fe/be, attributes into fa/ba), or the mass answer.
typedef struct gs_single {
	sw_split_output o;
	sw_split_mass3 m;
	float fe[SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS) * 3], be[SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS) * 3];
	float fa[SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS) * SW_SPLIT_MAX_ATTRS];
	float ba[SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS) * SW_SPLIT_MAX_ATTRS];
} gs_single;
sw_error gs_single_call(const gs_batch *g, sw_query q, size_t i, gs_single *out, sw_hull3 *hf, sw_hull3 *hb);

#endif
