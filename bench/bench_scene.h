/* bench/bench_scene.h — the one scene cache of the benchmarks: the generator families' benchmark scenes
 * (tests/common/gen.h, `bench`), each generated once per (family, mix, sources, pairs) on first use
 * and kept until exit, with its result columns and the reference row's answers of every query run on
 * it; and the one batched call every query row and reference answer goes through (sw_run, the public
 * pipeline). */
#ifndef SWEPT_BENCH_SCENE_H
#define SWEPT_BENCH_SCENE_H

#include <stddef.h>
#include <stdint.h>

#include "gen.h"

/// Pairs of the smallest scene: batches up to this size walk through windows of one scene of this many
/// pairs (so small batches do not repeat pairs), larger batches get a scene of their own size.
#define BENCH_POOL 16384

/// Result columns of n pairs, any answer kind: f[i] is the kind's float column i in the order of its
/// results struct (sweep: t_first, t_last, nx, ny, nz; overlap: depth, nx, ny, nz; swept/batch.h);
/// the columns a query does not write are NULL.
typedef struct bench_cols {
	size_t n;
	uint8_t *status;
	uint32_t *feature;
	float *f[SW_MAX_FLOAT_COLS];
} bench_cols;

/// One scene and what the runs on it share.
typedef struct bench_scene {
	const gen_family *fam;
	unsigned mix;
	sw_src a, b;
	size_t n; ///< pairs (or packed lanes)
	gen_batch g;
	bench_cols out;               ///< results of the run in progress (one benchmark runs at a time)
	bench_cols *want[SW_Q_COUNT]; ///< the reference row's answers of query q, on first use
	struct bench_scene *next;
} bench_scene;

/// The scene of `fam`'s variant `mix` with n pairs for sources (a, b), generated on first use; NULL
/// (with the reason on stderr) when the family has no such scene or memory runs out.
bench_scene *bench_scene_get(const gen_family *fam, unsigned mix, sw_src a, sw_src b, size_t n);

/// The pool a batch of `batch` pairs takes its windows from: BENCH_POOL or `batch`, whichever is more.
static inline size_t bench_pool(size_t batch) { return batch < BENCH_POOL ? BENCH_POOL : batch; }

/// The answers of query q's reference row (tier capped at ref) on the whole scene, computed once
/// through the same call the timed runs make; NULL when out of memory or the call failed.
const bench_cols *bench_scene_want(bench_scene *s, sw_query q);

/// Writes a poison pattern into the columns query q writes (statuses 0xff, every other column a
/// float no answer has), so a run that writes nothing cannot inherit earlier answers.
void bench_poison(const bench_cols *c, sw_query q);

/// Pairs k < done whose answer of query q in `got` differs from `want` in any column the query writes
/// (statuses and features exactly, floats bit for bit, NaN matching NaN).
size_t bench_mismatches(const bench_cols *got, const bench_cols *want, sw_query q, size_t done);

/// Runs query q on pairs (or packed lanes) [off, off + n) of the scene through sw_run() on the active
/// tier, writing the columns the query writes at the same offsets of `c` (off a multiple of SW_BLOCK).
/// Moving queries are two-sided (default sw_sweep_opts); the first-separating-axis twins ("_test")
/// get status and feature only, as an overlap call asking for neither depth nor normal.
sw_error bench_call(sw_query q, const bench_scene *s, const bench_cols *c, size_t off, size_t n);

/// Column masks of bench_call_cols(): bit i for float column i, BENCH_COL_FEATURE for the feature
/// column (the status column is always asked for). BENCH_COLS_CAST is what a shape cast answers:
/// status, t, point and normal of sw_cast_results (no feature, depth or slide).
#define BENCH_COL_FEATURE (1u << 31)
#define BENCH_COLS_ALL 0xFFFFFFFFu
#define BENCH_COLS_CAST 0x000000FDu

/// bench_call() asking only for the columns of `mask` (the others NULL, so not written).
sw_error bench_call_cols(sw_query q, const bench_scene *s, const bench_cols *c, size_t off, size_t n, uint32_t mask);

/// bench_mismatches() over the columns of `mask` only.
size_t bench_mismatches_cols(const bench_cols *got, const bench_cols *want, sw_query q, size_t done, uint32_t mask);

/// Frees every scene (at exit).
void bench_scenes_free(void);

#endif
