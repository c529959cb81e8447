/* bench/bench_hull_build.h — registration of the hull construction benchmarks (bench/bench_hull_build.c). */
#ifndef SWEPT_BENCH_HULL_BUILD_H
#define SWEPT_BENCH_HULL_BUILD_H

/// Registers hull_build/<points>, hull_build_many/<points> and hull_set_add/<points> for 8, 16, 32
/// and 64 points. Call before sw_bench_run(); the clouds are generated on demand and freed at exit.
void bench_hull_build_register(void);

#endif
