/* bench/bench_mixed.h — registration of the mixed pair list benchmarks (bench/bench_mixed.c). */
#ifndef SWEPT_BENCH_MIXED_H
#define SWEPT_BENCH_MIXED_H

/// Registers mixed/sweep/<how>/<pairs>: a broadphase's list of boxes, box–triangle and hull pairs,
/// shuffled, answered by one sw_mixed_sweep_batch() call, against the same pairs already bucketed by
/// the caller and answered by one batched call per pair type. Call before sw_bench_run().
void bench_mixed_register(void);

#endif
