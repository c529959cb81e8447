/* bench/bench_step.h — registration of the step and thread-scaling benchmarks (bench/bench_step.c). */
#ifndef SWEPT_BENCH_STEP_H
#define SWEPT_BENCH_STEP_H

/// Registers step/<family>/<shapes>/<threads> and threads/<query>/<threads>/<pairs>. Call before
/// sw_bench_run().
void bench_step_register(void);

#endif
