/* src/dispatch.c — the kernel table. Filled once: reference rows first, then each tier the CPU has,
 * in ascending order, with an early stop at the first missing tier or at the cap (SWEPT_ISA or
 * sw_set_isa_cap()). Built with baseline flags; only the kernel libraries carry tier flags. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "kernels/kernels.h"
#include "sw_config.h"

/* tiers of this architecture in ascending order, with their rows */
typedef struct tier_row {
	sw_isa isa;
	sw_kernels k;
} tier_row;

static const tier_row rows[] = {
#ifdef SW_HAVE_SSE4
	{SW_ISA_SSE4,
	 {.isa = SW_ISA_SSE4,
	  .obb3_sweep_idx = sw_obb3_sweep_idx_sse4,
	  .obb3_sweep_packed = sw_obb3_sweep_packed_sse4,
	  .obb3_overlap_idx = sw_obb3_overlap_idx_sse4,
	  .obb3_tri3_sweep_idx = sw_obb3_tri3_sweep_idx_sse4,
	  .obb3_tri3_overlap_idx = sw_obb3_tri3_overlap_idx_sse4,
	  .poly2_sweep_idx = sw_poly2_sweep_idx_sse4,
	  .poly2_overlap_idx = sw_poly2_overlap_idx_sse4,
	  .poly2_sweep_packed = sw_poly2_sweep_packed_sse4,
	  .hull3_idx = sw_hull3_idx_sse4,
	  .obb3_tri3_sweep_packed = sw_obb3_tri3_sweep_packed_sse4,
	  .obb3_tri3_penetration_idx = sw_obb3_tri3_penetration_idx_sse4,
	  .obb3_penetration_idx = sw_obb3_penetration_idx_sse4}},
#endif
#ifdef SW_HAVE_AVX2
	{SW_ISA_AVX2,
	 {.isa = SW_ISA_AVX2,
	  .obb3_sweep_idx = sw_obb3_sweep_idx_avx2,
	  .obb3_sweep_packed = sw_obb3_sweep_packed_avx2,
	  .obb3_overlap_idx = sw_obb3_overlap_idx_avx2,
	  .obb3_tri3_sweep_idx = sw_obb3_tri3_sweep_idx_avx2,
	  .obb3_tri3_overlap_idx = sw_obb3_tri3_overlap_idx_avx2,
	  .poly2_sweep_idx = sw_poly2_sweep_idx_avx2,
	  .poly2_overlap_idx = sw_poly2_overlap_idx_avx2,
	  .poly2_sweep_packed = sw_poly2_sweep_packed_avx2,
	  .hull3_idx = sw_hull3_idx_avx2,
	  .obb3_tri3_sweep_packed = sw_obb3_tri3_sweep_packed_avx2,
	  .obb3_tri3_penetration_idx = sw_obb3_tri3_penetration_idx_avx2,
	  .obb3_penetration_idx = sw_obb3_penetration_idx_avx2}},
#endif
#ifdef SW_HAVE_AVX512
	{SW_ISA_AVX512,
	 {.isa = SW_ISA_AVX512,
	  .obb3_sweep_idx = sw_obb3_sweep_idx_avx512,
	  .obb3_sweep_packed = sw_obb3_sweep_packed_avx512,
	  .obb3_overlap_idx = sw_obb3_overlap_idx_avx512,
	  .obb3_tri3_sweep_idx = sw_obb3_tri3_sweep_idx_avx512,
	  .obb3_tri3_overlap_idx = sw_obb3_tri3_overlap_idx_avx512,
	  .poly2_sweep_idx = sw_poly2_sweep_idx_avx512,
	  .poly2_overlap_idx = sw_poly2_overlap_idx_avx512,
	  .poly2_sweep_packed = sw_poly2_sweep_packed_avx512,
	  .hull3_idx = sw_hull3_idx_avx512,
	  .obb3_tri3_sweep_packed = sw_obb3_tri3_sweep_packed_avx512,
	  .obb3_tri3_penetration_idx = sw_obb3_tri3_penetration_idx_avx512,
	  .obb3_penetration_idx = sw_obb3_penetration_idx_avx512}},
#endif
#ifdef SW_HAVE_NEON
	{SW_ISA_NEON,
	 {.isa = SW_ISA_NEON,
	  .obb3_sweep_idx = sw_obb3_sweep_idx_neon,
	  .obb3_sweep_packed = sw_obb3_sweep_packed_neon,
	  .obb3_overlap_idx = sw_obb3_overlap_idx_neon,
	  .obb3_tri3_sweep_idx = sw_obb3_tri3_sweep_idx_neon,
	  .obb3_tri3_overlap_idx = sw_obb3_tri3_overlap_idx_neon,
	  .poly2_sweep_idx = sw_poly2_sweep_idx_neon,
	  .poly2_overlap_idx = sw_poly2_overlap_idx_neon,
	  .poly2_sweep_packed = sw_poly2_sweep_packed_neon,
	  .hull3_idx = sw_hull3_idx_neon,
	  .obb3_tri3_sweep_packed = sw_obb3_tri3_sweep_packed_neon,
	  .obb3_tri3_penetration_idx = sw_obb3_tri3_penetration_idx_neon,
	  .obb3_penetration_idx = sw_obb3_penetration_idx_neon}},
#endif
	{SW_ISA_COUNT, {.isa = SW_ISA_REF}},
};

static const sw_kernels ref_row = {
	.isa = SW_ISA_REF,
	.obb3_sweep_idx = sw_obb3_sweep_idx_ref,
	.obb3_sweep_packed = sw_obb3_sweep_packed_ref,
	.obb3_overlap_idx = sw_obb3_overlap_idx_ref,
	.obb3_tri3_sweep_idx = sw_obb3_tri3_sweep_idx_ref,
	.obb3_tri3_overlap_idx = sw_obb3_tri3_overlap_idx_ref,
	.poly2_sweep_idx = sw_poly2_sweep_idx_ref,
	.poly2_overlap_idx = sw_poly2_overlap_idx_ref,
	.poly2_sweep_packed = sw_poly2_sweep_packed_ref,
	.obb3_tri3_sweep_packed = sw_obb3_tri3_sweep_packed_ref,
	.obb3_tri3_penetration_idx = sw_obb3_tri3_penetration_idx_ref,
	.obb3_penetration_idx = sw_obb3_penetration_idx_ref,
	.hull3_idx = sw_hull3_idx_ref,
};

static sw_kernels tables[SW_ISA_COUNT]; /* tables[isa]: the table capped at isa */
static _Atomic(const sw_kernels *) active;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* NEON sits at the first level on arm64, like SSE4 on x86-64 */
static int rank(sw_isa isa) { return isa == SW_ISA_NEON ? 1 : (int)isa; }

static void fill(sw_kernels *t, sw_isa cap)
{
	*t = ref_row;
	for (const tier_row *r = rows; r->isa != SW_ISA_COUNT; r++) {
		if (rank(r->isa) > rank(cap) || !sw_isa_available(r->isa))
			return;
		*t = r->k;
	}
}

/* whether a tier belongs to this architecture's ladder (NEON is not a cap on x86-64, nor SSE4 on arm64) */
static int native(sw_isa isa)
{
	if (isa == SW_ISA_REF)
		return 1;
#if defined(__x86_64__) || defined(__i386__)
	return isa == SW_ISA_SSE4 || isa == SW_ISA_AVX2 || isa == SW_ISA_AVX512;
#elif defined(__aarch64__)
	return isa == SW_ISA_NEON;
#else
	return 0;
#endif
}

static void init(void)
{
	for (int k = 0; k < SW_ISA_COUNT; k++)
		fill(&tables[k], (sw_isa)k);
	sw_isa cap = sw_isa_from_name(getenv("SWEPT_ISA"));
	atomic_store(&active, &tables[cap == SW_ISA_COUNT || !native(cap) ? sw_best_isa() : cap]);
}

const sw_kernels *sw_kernels_get(void)
{
	pthread_once(&once, init);
	return atomic_load_explicit(&active, memory_order_acquire);
}

const sw_kernels *sw_kernels_for(sw_isa isa)
{
	pthread_once(&once, init);
	if (!sw_isa_available(isa))
		return NULL;
	return &tables[isa];
}

sw_isa sw_best_isa(void)
{
	sw_isa best = SW_ISA_REF;
	for (const tier_row *r = rows; r->isa != SW_ISA_COUNT && sw_isa_available(r->isa); r++)
		best = r->isa;
	return best;
}

sw_isa sw_active_isa(void) { return sw_kernels_get()->isa; }

sw_isa sw_set_isa_cap(sw_isa cap)
{
	pthread_once(&once, init);
	if ((unsigned)cap >= SW_ISA_COUNT || !native(cap))
		return SW_ISA_COUNT;
	atomic_store(&active, &tables[cap]);
	return tables[cap].isa;
}
