/* bench/bench_poly2.h — registration of the 2D polygon benchmarks (bench/bench_poly2.c). */
#ifndef SWEPT_BENCH_POLY2_H
#define SWEPT_BENCH_POLY2_H

/// Registers poly2_sweep, poly2_overlap, poly2_sweep_box and poly2_sweep_mixed per tier and batch,
/// and with Box2D built in its peers (poly2_sweep_peer/...). Call before sw_bench_run(); the scenes
/// it generates on demand are freed at exit.
void bench_poly2_register(void);

#endif
