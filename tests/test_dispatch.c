/* tests/test_dispatch.c — the kernel table: tiers ascend, the cap holds, names round-trip, and the
 * batched API answers the same on every tier it can be capped to. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "kernel_call.h"
#include "pipeline.h"
#include "scenes.h"

Test(dispatch, names_round_trip)
{
	for (int k = 0; k < SW_ISA_COUNT; k++)
		cr_expect_eq(sw_isa_from_name(sw_isa_name((sw_isa)k)), (sw_isa)k);
	cr_expect_eq(sw_isa_from_name("mmx"), SW_ISA_COUNT);
	cr_expect_eq(sw_isa_from_name(NULL), SW_ISA_COUNT);
	cr_expect_str_eq(sw_isa_name((sw_isa)99), "?");
}

Test(dispatch, reference_always_available)
{
	cr_expect(sw_isa_available(SW_ISA_REF));
	cr_expect_eq(sw_isa_lanes(SW_ISA_REF), 1);
	cr_expect_eq(sw_kernels_for(SW_ISA_REF)->isa, SW_ISA_REF);
	cr_expect_null(sw_kernels_for((sw_isa)42));
}

Test(dispatch, cap_selects_exactly_the_capped_tier)
{
	sw_isa best = sw_best_isa();
	cr_expect(sw_isa_available(best));
	for (int k = 0; k < SW_ISA_COUNT; k++) {
		sw_isa before = sw_active_isa(), got = sw_set_isa_cap((sw_isa)k);
		if (got == SW_ISA_COUNT) {
			/* a tier of another architecture is refused and changes nothing */
			cr_expect(!sw_isa_available((sw_isa)k), "cap %s refused", sw_isa_name((sw_isa)k));
			cr_expect_eq(sw_active_isa(), before);
			continue;
		}
		cr_expect_eq(got, sw_active_isa());
		if (sw_isa_available((sw_isa)k))
			cr_expect_eq(got, (sw_isa)k, "cap %s gave %s", sw_isa_name((sw_isa)k), sw_isa_name(got));
		else
			cr_expect(sw_isa_available(got));
	}
	cr_expect_eq(sw_set_isa_cap(SW_ISA_REF), SW_ISA_REF);
	cr_expect_eq(sw_set_isa_cap(SW_ISA_COUNT), SW_ISA_COUNT, "an unknown cap is refused");
	cr_expect_eq(sw_active_isa(), SW_ISA_REF, "and changes nothing");
#if defined(__x86_64__)
	cr_expect_eq(sw_set_isa_cap(SW_ISA_NEON), SW_ISA_COUNT, "NEON is not a tier of x86-64");
	cr_expect_eq(sw_active_isa(), SW_ISA_REF);
#endif
	sw_set_isa_cap(best);
}

Test(dispatch, env_cap_is_honoured_at_first_use)
{
	/* SWEPT_ISA is read once, at the first query of the process: check it in a child process */
	const char *env = getenv("SWEPT_ISA");
	if (env && sw_isa_from_name(env) != SW_ISA_COUNT && sw_isa_available(sw_isa_from_name(env)))
		cr_expect_eq(sw_active_isa(), sw_isa_from_name(env));
	else
		cr_expect_eq(sw_active_isa(), sw_best_isa());
}

Test(dispatch, batch_agrees_across_caps)
{
	enum { N = 3000 };
	sc_rng r = sc_rng_seed(77);
	sc_obb3_params p = sc_obb3_defaults();
	sw_obb3_set *s;
	cr_assert(sw_obb3_set_create(2 * N, &s) == SW_OK);
	sw_pair *pairs = malloc(N * sizeof *pairs);
	cr_assert(sc_obb3_close_pairs(&r, &p, s, pairs, N) == SW_OK);
	uint8_t st[2][N];
	uint32_t ft[2][N];
	float f[2][5][N];
	for (int k = 0; k < SW_ISA_COUNT; k++) {
		if (!sw_isa_available((sw_isa)k))
			continue;
		int slot = k != SW_ISA_REF;
		sw_set_isa_cap((sw_isa)k);
		sw_sweep_results res = {st[slot], ft[slot], f[slot][0], f[slot][1], f[slot][2], f[slot][3], f[slot][4]};
		sw_batch_opts opts = {.chunk = 100}; /* small odd chunks: the chunk seams must not show */
		cr_assert_eq(sw_obb3_sweep_batch(s, s, pairs, N, &opts, &res), SW_OK);
		if (slot)
			cr_expect_arr_eq(st[0], st[1], N, "statuses differ on %s", sw_isa_name((sw_isa)k));
		if (slot)
			cr_expect_arr_eq(ft[0], ft[1], sizeof ft[0], "features differ on %s", sw_isa_name((sw_isa)k));
		if (slot)
			cr_expect_arr_eq(f[0], f[1], sizeof f[0], "floats differ on %s", sw_isa_name((sw_isa)k));
	}
	sw_set_isa_cap(sw_best_isa());
	free(pairs);
	sw_obb3_set_destroy(s);
}

Test(dispatch, call_cap_is_the_lower_of_the_call_and_the_process)
{
	sw_isa best = sw_best_isa();
	const sw_kernels *k = NULL;
	cr_expect_eq(sw_call_kernels(NULL, &k), SW_OK);
	cr_expect_eq(k->isa, sw_active_isa());
	for (int proc = 0; proc < SW_ISA_COUNT; proc++) {
		if (!sw_isa_available((sw_isa)proc))
			continue;
		sw_set_isa_cap((sw_isa)proc);
		for (int call = 0; call < SW_ISA_COUNT; call++) {
			const sw_batch_opts o = {.isa = SW_BATCH_ISA(call)};
			k = NULL;
			if (sw_call_kernels(&o, &k) != SW_OK) {
				/* only a tier of another architecture is refused */
				cr_expect(!sw_isa_native_((sw_isa)call), "call cap %s refused",
					  sw_isa_name((sw_isa)call));
				continue;
			}
			/* the highest available tier at or below both caps */
			int want = proc < call ? proc : call;
			while (!sw_isa_available((sw_isa)want))
				want--;
			cr_expect_eq(k->isa, (sw_isa)want, "process cap %s, call cap %s: ran %s",
				     sw_isa_name((sw_isa)proc), sw_isa_name((sw_isa)call), sw_isa_name(k->isa));
			cr_expect_eq(sw_active_isa(), (sw_isa)proc, "the call's cap must not change the process's");
		}
	}
	const sw_batch_opts bad = {.isa = SW_BATCH_ISA(SW_ISA_COUNT)};
	cr_expect_eq(sw_call_kernels(&bad, &k), SW_ERR_UNSUPPORTED);
	sw_set_isa_cap(best);
}
