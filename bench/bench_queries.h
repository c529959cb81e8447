/* bench/bench_queries.h — the one registration of the batched queries, generated from the query list
 * (src/queries.h): <query>[<mix>]/<tier>/<batch> for every query, every tier this CPU has (ref, the
 * baseline, first) and the batch sizes of the query's family. */
#ifndef SWEPT_BENCH_QUERIES_H
#define SWEPT_BENCH_QUERIES_H

/// Registers every query's rows. Call before sw_bench_run(). Returns 0, or −1 (with the query on
/// stderr) when a query of the list gets no rows: no generator family serves its sources, or no row
/// set covers the family.
int bench_queries_register(void);

#endif
