/* bench/bench_gjk_lanes.h — the GJK lane utilisation rows (bench_gjk_lanes.c). */
#ifndef SWEPT_BENCH_GJK_LANES_H
#define SWEPT_BENCH_GJK_LANES_H

/// Registers the gjk_lanes/ rows when the CPU has AVX-512 and the probe is built; 0 on success.
int bench_gjk_lanes_register(void);

#endif
