/* src/kernels/kernels.h — one signature per kernel, declared once as a macro; the typedef, every
 * per-tier prototype and the dispatch table follow from it. Kernels write results [0, n) of `out`:
 * the batch layer offsets the result pointers per chunk. Kernels check pair indices against the
 * sets' counts themselves (an out-of-range index reads slot 0 and the lane becomes invalid). */
#ifndef SWEPT_KERNELS_H
#define SWEPT_KERNELS_H

#include "swept/batch.h"
#include "swept/cpu.h"

/* hull kernels take the whole call (src/hull3_view.h) and answer pairs [off, off + n) */
typedef struct sw_hull_call sw_hull_call;
#define decl_hull3_idx_fn(name) void name(const sw_hull_call *c, size_t off, size_t n)

#define decl_obb3_sweep_idx_fn(name)                                                            \
	void name(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n, \
		  const sw_sweep_results *out)
#define decl_obb3_sweep_packed_fn(name) void name(const sw_obb3_block *blocks, size_t n, const sw_sweep_results *out)
#define decl_obb3_overlap_idx_fn(name)                                                          \
	void name(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n, \
		  const sw_overlap_results *out)

#define decl_obb3_tri3_sweep_idx_fn(name)                                                                      \
	void name(const sw_obb3_set *as, const sw_tri3_set *ts, const sw_pair *pairs, size_t n, int one_sided, \
		  const sw_sweep_results *out)
#define decl_obb3_tri3_overlap_idx_fn(name)                                                     \
	void name(const sw_obb3_set *as, const sw_tri3_set *ts, const sw_pair *pairs, size_t n, \
		  const sw_overlap_results *out)

/* polygon kernels take pairs in the order `order` gives (NULL: as they come) and write each pair's
 * results at its own index, so the batch layer can group pairs of similar size into one block */
#define decl_poly2_sweep_idx_fn(name)                                                             \
	void name(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n, \
		  const uint32_t *order, const sw_sweep2_results *out)
#define decl_poly2_overlap_idx_fn(name)                                                           \
	void name(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n, \
		  const uint32_t *order, const sw_overlap2_results *out)

#define decl_poly2_sweep_packed_fn(name) void name(const sw_poly2_block *blocks, size_t n, const sw_sweep2_results *out)

#define decl_obb3_tri3_sweep_packed_fn(name) \
	void name(const sw_obb3_tri3_block *blocks, size_t n, int one_sided, const sw_sweep_results *out)

#define decl_obb3_tri3_penetration_idx_fn(name)                                                 \
	void name(const sw_obb3_set *as, const sw_tri3_set *ts, const sw_pair *pairs, size_t n, \
		  const sw_overlap3_results *out)

#define decl_obb3_penetration_idx_fn(name)                                                      \
	void name(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n, \
		  const sw_overlap3_results *out)

typedef decl_obb3_sweep_idx_fn((*sw_obb3_sweep_idx_fn));
typedef decl_obb3_sweep_packed_fn((*sw_obb3_sweep_packed_fn));
typedef decl_obb3_overlap_idx_fn((*sw_obb3_overlap_idx_fn));
typedef decl_obb3_tri3_sweep_idx_fn((*sw_obb3_tri3_sweep_idx_fn));
typedef decl_obb3_tri3_overlap_idx_fn((*sw_obb3_tri3_overlap_idx_fn));
typedef decl_poly2_sweep_idx_fn((*sw_poly2_sweep_idx_fn));
typedef decl_poly2_overlap_idx_fn((*sw_poly2_overlap_idx_fn));
typedef decl_poly2_sweep_packed_fn((*sw_poly2_sweep_packed_fn));
typedef decl_obb3_tri3_sweep_packed_fn((*sw_obb3_tri3_sweep_packed_fn));
typedef decl_obb3_tri3_penetration_idx_fn((*sw_obb3_tri3_penetration_idx_fn));
typedef decl_obb3_penetration_idx_fn((*sw_obb3_penetration_idx_fn));
typedef decl_hull3_idx_fn((*sw_hull3_idx_fn));

/* per-tier prototypes: one line per tier */
#define SW_DECL_TIER(sfx)                                                      \
	decl_obb3_sweep_idx_fn(sw_obb3_sweep_idx_##sfx);                       \
	decl_obb3_sweep_packed_fn(sw_obb3_sweep_packed_##sfx);                 \
	decl_obb3_overlap_idx_fn(sw_obb3_overlap_idx_##sfx);                   \
	decl_obb3_tri3_sweep_idx_fn(sw_obb3_tri3_sweep_idx_##sfx);             \
	decl_obb3_tri3_overlap_idx_fn(sw_obb3_tri3_overlap_idx_##sfx);         \
	decl_poly2_sweep_idx_fn(sw_poly2_sweep_idx_##sfx);                     \
	decl_poly2_overlap_idx_fn(sw_poly2_overlap_idx_##sfx);                 \
	decl_poly2_sweep_packed_fn(sw_poly2_sweep_packed_##sfx);               \
	decl_obb3_tri3_sweep_packed_fn(sw_obb3_tri3_sweep_packed_##sfx);       \
	decl_obb3_tri3_penetration_idx_fn(sw_obb3_tri3_penetration_idx_##sfx); \
	decl_obb3_penetration_idx_fn(sw_obb3_penetration_idx_##sfx);           \
	decl_hull3_idx_fn(sw_hull3_idx_##sfx);

SW_DECL_TIER(ref)
SW_DECL_TIER(sse4)
SW_DECL_TIER(avx2)
SW_DECL_TIER(avx512)
SW_DECL_TIER(neon)

/// The kernel table: reference entries first, upgraded once per tier the CPU has, up to the cap.
typedef struct sw_kernels {
	sw_isa isa;
	sw_obb3_sweep_idx_fn obb3_sweep_idx;
	sw_obb3_sweep_packed_fn obb3_sweep_packed;
	sw_obb3_overlap_idx_fn obb3_overlap_idx;
	sw_obb3_tri3_sweep_idx_fn obb3_tri3_sweep_idx;
	sw_obb3_tri3_overlap_idx_fn obb3_tri3_overlap_idx;
	sw_poly2_sweep_idx_fn poly2_sweep_idx;
	sw_poly2_overlap_idx_fn poly2_overlap_idx;
	sw_poly2_sweep_packed_fn poly2_sweep_packed;
	sw_obb3_tri3_sweep_packed_fn obb3_tri3_sweep_packed;
	sw_obb3_tri3_penetration_idx_fn obb3_tri3_penetration_idx;
	sw_obb3_penetration_idx_fn obb3_penetration_idx;
	sw_hull3_idx_fn hull3_idx;
} sw_kernels;

/// The active table (initialised on first use).
const sw_kernels *sw_kernels_get(void);
/// The table of one tier, or NULL when that tier is unavailable (tests and benchmarks compare tiers).
const sw_kernels *sw_kernels_for(sw_isa isa);

#endif
