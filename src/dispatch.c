/* src/dispatch.c — the kernel table. Filled once: reference rows first, then each tier the CPU has,
 * in ascending order, with an early stop at the first missing tier or at the cap (SWEPT_ISA or
 * sw_set_isa_cap()). Built with baseline flags; only the kernel libraries carry tier flags. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "job.h"

/* NEON sits at the first level on arm64, like SSE4 on x86-64 */
static int rank(sw_isa isa) { return isa == SW_ISA_NEON ? 1 : (int)isa; }

/* the reference rows, then every compiled tier (SW_TIERS, ascending) the CPU has up to the cap: each
 * tier upgrades every entry, and the first tier missing ends the climb (dav1d's init pattern) */
static void fill(sw_kernels *t, sw_isa cap)
{
#define SW_REF_ENTRY(sfx, name, a, b, opts, answer, order, entry) t->fn[SW_Q_##name] = sw_##name##_ref;
#define SW_TIER_ENTRY(sfx, name, a, b, opts, answer, order, entry) t->fn[SW_Q_##name] = sw_##name##_##sfx;
#define SW_TIER_ROW(sfx, tier)                                 \
	if (rank(tier) > rank(cap) || !sw_isa_available(tier)) \
		return;                                        \
	t->isa = tier;                                         \
	SW_QUERIES(SW_TIER_ENTRY, sfx)
	t->isa = SW_ISA_REF;
	SW_QUERIES(SW_REF_ENTRY, ref)
	SW_TIERS(SW_TIER_ROW)
#undef SW_TIER_ROW
#undef SW_TIER_ENTRY
#undef SW_REF_ENTRY
}

static sw_kernels tables[SW_ISA_COUNT]; /* tables[isa]: the table capped at isa */
static sw_isa best = SW_ISA_REF;        /* the highest tier compiled in and available */
static _Atomic(const sw_kernels *) active;
static pthread_once_t once = PTHREAD_ONCE_INIT;

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
	for (int k = 0; k < SW_ISA_COUNT; k++) {
		fill(&tables[k], (sw_isa)k);
		best = rank(tables[k].isa) > rank(best) ? tables[k].isa : best;
	}
	sw_isa cap = sw_isa_from_name(getenv("SWEPT_ISA"));
	atomic_store(&active, &tables[cap == SW_ISA_COUNT || !native(cap) ? best : cap]);
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
	pthread_once(&once, init);
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
