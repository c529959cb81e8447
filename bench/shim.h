/* bench/shim.h — a C face over Google Benchmark, so the swept benchmarks are written in C.
 *
 * Contract: a benchmark is a function that runs `while (sw_bench_keep_running(st)) { ... }` and
 * times one whole batch per iteration (the shim costs about 1 ns per iteration, so a loop body
 * that is itself a few nanoseconds would measure the shim). Work before the first
 * sw_bench_keep_running() call and after the loop ends is not timed. Nothing here prints to
 * stdout except the benchmark reporter itself, so --benchmark_format=json stays parseable. */
#ifndef SWEPT_BENCH_SHIM_H
#define SWEPT_BENCH_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opaque handle on benchmark::State; valid only during the call it is passed to.
typedef struct sw_bench_state sw_bench_state;

/// A benchmark body; `arg` is the pointer given at registration.
typedef void (*sw_bench_fn)(sw_bench_state *st, void *arg);

/// Registers `fn(st, arg)` under `name` (copied: the caller's buffer may be reused at once).
/// `arg` must stay valid until sw_bench_run() returns. Returns 0 on success.
int sw_bench_register(const char *name, sw_bench_fn fn, void *arg);

/// As sw_bench_register(), timed by the wall clock instead of the calling thread's CPU time (for
/// benchmarks that run on several threads).
int sw_bench_register_real_time(const char *name, sw_bench_fn fn, void *arg);

/// True while the timed loop must go on; the timer starts at the first call.
int sw_bench_keep_running(sw_bench_state *st);
/// Iterations completed so far in this run (read it after the loop for the total).
int64_t sw_bench_iterations(const sw_bench_state *st);
/// Items processed over the whole run (iterations × items per iteration); gives items_per_second.
void sw_bench_set_items_processed(sw_bench_state *st, int64_t items);
/// A plain counter, reported as is (e.g. a fraction of the workload).
void sw_bench_counter(sw_bench_state *st, const char *name, double value);
/// A rate counter: `value` is divided by the run's elapsed time.
void sw_bench_rate_counter(sw_bench_state *st, const char *name, double value);
/// Excludes the time between pause and resume from the measurement (slow: ~µs, not per pair).
void sw_bench_pause_timing(sw_bench_state *st);
void sw_bench_resume_timing(sw_bench_state *st);
/// Marks the run as failed with `msg` (copied). Call before the loop, then return without
/// looping; or inside the loop and `break` (the loop does not stop by itself).
void sw_bench_skip_with_error(sw_bench_state *st, const char *msg);
/// Whether sw_bench_skip_with_error() was called in this run.
int sw_bench_error_occurred(const sw_bench_state *st);

/// Adds `key: value` to the run's context (the JSON "context" object and the console header).
/// Call before sw_bench_run(); both strings are copied.
void sw_bench_context(const char *key, const char *value);

/// Parses the --benchmark_* flags, runs the selected benchmarks and shuts the library down.
/// Returns 0, or 1 when an argument was not recognised.
int sw_bench_run(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
