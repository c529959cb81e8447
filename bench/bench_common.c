/* bench/bench_common.c — see bench_common.h. */
#include "bench_common.h"

#include <stdio.h>
#include <string.h>

#include <swept/base.h>

#include "job.h"

int bench_select_isa(sw_isa isa)
{
	sw_isa got = sw_set_isa_cap(isa);
	const sw_kernels *k = sw_kernels_get();
	return got == isa && sw_active_isa() == isa && k && k->isa == isa;
}

size_t bench_run_windows(sw_bench_state *st, sw_isa isa, uint8_t *status, size_t n, size_t batch, bench_window_fn fn,
			 const void *ctx)
{
	memset(status, 0xff, n);
	sw_isa prev = sw_active_isa();
	char msg[96];
	if (!bench_select_isa(isa)) {
		snprintf(msg, sizeof msg, "asked for tier %s, got %s", sw_isa_name(isa), sw_isa_name(sw_active_isa()));
		sw_set_isa_cap(prev);
		sw_bench_skip_with_error(st, msg);
		return 0;
	}
	const size_t nwin = n / batch;
	size_t w = 0;
	int e = SW_OK;
	while (sw_bench_keep_running(st)) {
		if ((e = fn(ctx, w * batch, batch)) != SW_OK)
			break;
		w = w + 1 == nwin ? 0 : w + 1;
	}
	sw_set_isa_cap(prev);
	if (e != SW_OK) {
		snprintf(msg, sizeof msg, "call failed with error %d", e);
		sw_bench_skip_with_error(st, msg);
		return 0;
	}
	const int64_t iters = sw_bench_iterations(st);
	sw_bench_set_items_processed(st, iters * (int64_t)batch);
	return ((size_t)iters < nwin ? (size_t)iters : nwin) * batch;
}

void bench_mix_counters(sw_bench_state *st, const uint8_t *status, size_t done, int with_ovl)
{
	size_t hit = 0, start_ovl = 0;
	for (size_t k = 0; k < done; k++) {
		hit += status[k] == SW_HIT;
		start_ovl += status[k] == SW_STARTS_OVERLAPPED;
	}
	if (!done)
		return;
	sw_bench_counter(st, "hit", (double)hit / (double)done);
	if (with_ovl)
		sw_bench_counter(st, "start_ovl", (double)start_ovl / (double)done);
}

void bench_time_peer(sw_bench_state *st, size_t batch, size_t (*pass)(void *ctx), void *ctx, double agree,
		     double agree_sep, double toi_dmean)
{
	size_t hits = 0;
	while (sw_bench_keep_running(st))
		hits = pass(ctx);
	sw_bench_set_items_processed(st, sw_bench_iterations(st) * (int64_t)batch);
	sw_bench_counter(st, "hit", (double)hits / (double)batch);
	sw_bench_counter(st, "agree", agree);
	sw_bench_counter(st, "agree_sep", agree_sep);
	sw_bench_counter(st, "toi_dmean", toi_dmean);
}
