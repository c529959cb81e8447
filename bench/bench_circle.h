/* bench/bench_circle.h — registration of the earliest-hit and collide-and-slide benchmarks of the swept
 * circles (bench/bench_circle.c). */
#ifndef SWEPT_BENCH_CIRCLE_H
#define SWEPT_BENCH_CIRCLE_H

/// Registers circle2_seg2_{earliest,slide}/<tier>/<movers> and circle3_tri3_{earliest,slide}/… for
/// 1024 and 16384 movers of sixteen candidates each. Call before sw_bench_run().
void bench_circle_register(void);

#endif
