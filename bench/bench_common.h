/* bench/bench_common.h — what every benchmark shares: selecting a tier (and checking it is the one the
 * calls use), the timed loops of the batched queries and of the peers, and the counters that describe
 * a run's workload. */
#ifndef SWEPT_BENCH_COMMON_H
#define SWEPT_BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <swept/cpu.h>

#include "shim.h"

/// Caps the tier at `isa` and checks that it, and not a lower one, is what the calls now use.
int bench_select_isa(sw_isa isa);

/// One batched call on pairs [off, off + batch) of a benchmark's pool, its results stored at the same
/// offsets; returns the call's sw_error.
typedef int (*bench_window_fn)(const void *ctx, size_t off, size_t batch);

/// The timed loop of every batched benchmark, over a pool of n pairs: poisons statuses[0, n) (a call
/// that writes nothing must not inherit the last tier's answers), selects `isa`, runs `fn` on window
/// i mod (n / batch) at iteration i, restores the tier and sets items_processed. Returns how many pairs
/// the windows that ran at least once answered (their statuses are statuses[0, returned)), or 0 when
/// the benchmark was skipped with the reason (the tier cannot be had, or a call failed); never 0
/// otherwise, since every benchmark runs at least one iteration.
size_t bench_run_windows(sw_bench_state *st, sw_isa isa, uint8_t *status, size_t n, size_t batch, bench_window_fn fn,
			 const void *ctx);

/// The timed loop of a peer benchmark: `pass` runs the peer once over its `batch` pairs and returns
/// how many it calls hits. Sets items_processed and the counters `hit`, `agree`, `agree_sep` and
/// `toi_dmean` (the peer's agreement with swept, computed by the caller before the first timing).
void bench_time_peer(sw_bench_state *st, size_t batch, size_t (*pass)(void *ctx), void *ctx, double agree,
		     double agree_sep, double toi_dmean);

/// Sets the counters `hit` and, when `with_ovl`, `start_ovl`: the fractions of statuses[0, done) that
/// are SW_HIT and SW_STARTS_OVERLAPPED.
void bench_mix_counters(sw_bench_state *st, const uint8_t *status, size_t done, int with_ovl);

#endif
