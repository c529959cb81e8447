/* bench/gjk_lanes_probe.h — lane utilisation of the GJK kernels: the kernels of
 * src/kernels/gjk3_tmpl.c and gjk2_tmpl.c compiled once more (bench/gjk_lanes_probe3.c, _probe2.c, on
 * the AVX-512 tier) with the driver's two hooks (src/kernels/gjk_drive.h) set: a count of the lanes
 * active in every iteration, and the refill threshold as a variable. The benchmarks of
 * bench/bench_gjk_lanes.c put them in the kernel table in place of the tier's own. */
#ifndef SWEPT_BENCH_GJK_LANES_PROBE_H
#define SWEPT_BENCH_GJK_LANES_PROBE_H

#include <stdint.h>

/// What the probe kernels count (one thread).
typedef struct gjk_lane_stats {
	uint64_t steps;  ///< iterations of a lane block (calls of lane_step)
	uint64_t active; ///< lanes active at the start of those iterations, summed
} gjk_lane_stats;

/// The counts of the probe kernels since the caller last zeroed them.
extern gjk_lane_stats gjk_probe_stats;
/// Free lanes needed before new pairs enter while others still run (the library's: half the lanes;
/// more than the lane count: only when the whole block is done).
extern unsigned gjk_probe_refill_at;

#define GJK_LANE_STAT(act) (gjk_probe_stats.steps++, gjk_probe_stats.active += (uint64_t)__builtin_popcount(act))
#define GJK_REFILL_AT gjk_probe_refill_at

#endif
