/* tests/common/sched_later.h — a caller's scheduler for the pipeline drivers (sw_batch_opts.enqueue /
 * finish): enqueue keeps the task, finish runs its items one by one from the last, on workers 1 and
 * 0 in turn (so a call needs threads ≥ 2). */
#ifndef SW_TEST_SCHED_LATER_H
#define SW_TEST_SCHED_LATER_H

#include <pthread.h>
#include <stdint.h>

#include "swept/batch.h"

/* a task handed over, run later by finish (helper: a thread of a scheduler that runs it at once) */
typedef struct task {
	sw_task_fn *fn;
	uint32_t count;
	void *ctx;
	pthread_t helper;
} task;

static inline void *sched_later(sw_task_fn *fn, uint32_t count, uint32_t min_range, void *ctx, void *user)
{
	(void)min_range;
	task *t = user;
	t->fn = fn, t->count = count, t->ctx = ctx;
	return t;
}

static inline void finish_later(void *handle, void *user)
{
	(void)user;
	task *t = handle;
	for (uint32_t i = t->count; i-- > 0;)
		t->fn(i, i + 1, i % 2, t->ctx);
}

#endif
