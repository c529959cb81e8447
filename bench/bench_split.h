/* bench/bench_split.h — the rows of the split queries (bench_split.c): items, not pairs, so they are
 * registered apart from bench_queries.c, with their own scenes (tests/common/gen_split.c). */
#ifndef SWEPT_BENCH_SPLIT_H
#define SWEPT_BENCH_SPLIT_H

/// Registers every split row (every tier, the reference first). Call before sw_bench_run().
void bench_split_register(void);
/// Frees the split scenes (at exit).
void bench_split_free(void);

#endif
