/* src/dispatch.c — the kernel table. Filled once: reference rows first, then each tier the CPU has,
 * in ascending order, with an early stop at the first missing tier or at the cap (SWEPT_ISA or
 * sw_set_isa_cap()). Built with baseline flags; only the kernel libraries carry tier flags. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "job.h"

/* the reference rows, then every compiled tier (SW_TIERS, ascending) the CPU has up to the cap: each
 * tier upgrades every entry, and the first tier missing ends the climb (dav1d's init pattern) */
static void fill(sw_kernels *t, sw_isa cap)
{
#define SW_REF_ENTRY(sfx, name, a, b, opts, answer, order, pub) t->fn[SW_Q_##name] = sw_##name##_ref;
#define SW_TIER_ENTRY(sfx, name, a, b, opts, answer, order, pub) t->fn[SW_Q_##name] = sw_##name##_##sfx;
#define SW_TIER_ROW(sfx, tier)                                                 \
	if (sw_isa_rank_(tier) > sw_isa_rank_(cap) || !sw_isa_available(tier)) \
		return;                                                        \
	t->isa = tier;                                                         \
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

static void init(void)
{
	for (int k = 0; k < SW_ISA_COUNT; k++) {
		fill(&tables[k], (sw_isa)k);
		best = sw_isa_rank_(tables[k].isa) > sw_isa_rank_(best) ? tables[k].isa : best;
	}
	sw_isa cap = sw_isa_from_name(getenv("SWEPT_ISA"));
	atomic_store(&active, &tables[cap == SW_ISA_COUNT || !sw_isa_native_(cap) ? best : cap]);
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

const sw_kernels *sw_kernels_capped(sw_isa cap)
{
	pthread_once(&once, init);
	return &tables[cap];
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
	if ((unsigned)cap >= SW_ISA_COUNT || !sw_isa_native_(cap))
		return SW_ISA_COUNT;
	atomic_store(&active, &tables[cap]);
	return tables[cap].isa;
}
