/* bench/bench_hull3.h — registration of the convex-hull sweep benchmarks (bench/bench_hull3.c). */
#ifndef SWEPT_BENCH_HULL3_H
#define SWEPT_BENCH_HULL3_H

/// Registers hull3_sweep/<tier>/<batch> and, with Bullet built in, its peers
/// (hull3_sweep_peer/bullet_subsimplex/<batch>, hull3_sweep_peer/bullet_ccd/<batch>). Call before
/// sw_bench_run(); the scene the runs generate on demand is freed at exit.
void bench_hull3_register(void);

#endif
