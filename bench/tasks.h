/* bench/tasks.h — a small persistent thread pool shaped as the caller's scheduler of sw_batch_opts
 * (sw_enqueue_fn / sw_finish_fn), as a simulation's job system would be: the calling thread is worker
 * 0 and takes ranges too; the other workers spin briefly, then sleep, between tasks. */
#ifndef SWEPT_BENCH_TASKS_H
#define SWEPT_BENCH_TASKS_H

#include <swept/batch.h>

typedef struct bt_pool bt_pool;

/// A pool of `workers` (1 to 64, the caller included); NULL when threads cannot be had.
bt_pool *bt_pool_create(unsigned workers);
/// Stops and joins the workers, frees the pool (NULL is ignored).
void bt_pool_destroy(bt_pool *p);
/// Workers of the pool.
unsigned bt_pool_workers(const bt_pool *p);
/// sw_batch_opts for a call on the pool: threads = its workers, chunk as given.
sw_batch_opts bt_pool_opts(bt_pool *p, unsigned chunk);
/// The scheduler's callbacks (user: the pool). One task at a time per pool.
void *bt_enqueue(sw_task_fn *task, uint32_t count, uint32_t min_range, void *task_ctx, void *user);
void bt_finish(void *handle, void *user);
/// Runs task over [0, count) in ranges of `grain` on the pool and returns when all have run.
void bt_run(bt_pool *p, sw_task_fn *task, uint32_t count, uint32_t grain, void *task_ctx);

#endif
