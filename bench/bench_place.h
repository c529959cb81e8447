/* bench/bench_place.h — registration of the placement benchmarks (bench/bench_place.c). */
#ifndef SWEPT_BENCH_PLACE_H
#define SWEPT_BENCH_PLACE_H

/// Registers place/<family>/<how>: re-entering moving boxes, polygon and hull instances each way the
/// API offers, and the family's query for comparison. Call before sw_bench_run().
void bench_place_register(void);

#endif
