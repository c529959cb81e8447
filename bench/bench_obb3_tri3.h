/* bench/bench_obb3_tri3.h — registration of the OBB–triangle benchmarks (bench/bench_obb3_tri3.c). */
#ifndef SWEPT_BENCH_OBB3_TRI3_H
#define SWEPT_BENCH_OBB3_TRI3_H

/// Registers obb3_tri3_sweep/<tier>/<batch> for every available tier; call before sw_bench_run().
/// The scenes the runs generate are freed at exit.
void bench_tri3_register(void);

#endif
