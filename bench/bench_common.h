/* bench/bench_common.h — what every benchmark family shares: selecting a tier (and checking it is
 * the one the calls use), and the counters that describe a run's answers. */
#ifndef SWEPT_BENCH_COMMON_H
#define SWEPT_BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <swept/cpu.h>

#include "shim.h"

/// Caps the tier at `isa` and checks that it, and not a lower one, is what the calls now use.
int bench_select_isa(sw_isa isa);

/// Before a timed loop: poisons statuses[0, n) (a call that writes nothing must not inherit the last
/// tier's answers), remembers the tier in *prev and selects `isa`. When the tier cannot be had, it
/// restores *prev, marks the benchmark skipped with the reason and returns 0.
int bench_enter(sw_bench_state *st, sw_isa isa, uint8_t *status, size_t n, sw_isa *prev);

/// Sets the counters `hit`, `start_ovl` (when `with_ovl`) and `mismatch` from statuses[0, done)
/// against the single-pair API's `want`, and reports mismatches on stderr under `name`.
void bench_report_statuses(sw_bench_state *st, const char *name, const uint8_t *status, const uint8_t *want,
			   size_t done, int with_ovl);

#endif
