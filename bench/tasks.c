/* bench/tasks.c — see tasks.h. The current task is claimed through one 64-bit word, its generation in
 * the high half and the next item in the low half, so a worker late from an earlier task can never
 * take an item of the next one; `done` counts finished items, and finish returns when it reaches the
 * count. */
#include "tasks.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#define MAX_WORKERS 64
/* polls of the generation before a worker sleeps (about 1 ms): a simulation's workers stay awake
 * between the phases of a step */
#define SPINS 32768

typedef struct worker_arg {
	struct bt_pool *p;
	unsigned index;
} worker_arg;

struct bt_pool {
	unsigned workers;
	worker_arg arg[MAX_WORKERS];
	pthread_t th[MAX_WORKERS];
	pthread_mutex_t mu;
	pthread_cond_t cv;
	_Atomic uint32_t gen;
	_Atomic int stop;
	/* the task of generation `gen`, written before gen is published */
	sw_task_fn *fn;
	void *ctx;
	uint32_t count, grain;
	_Atomic uint64_t claim; /* gen << 32 | next item */
	_Atomic uint32_t done;
};

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#else
	sched_yield();
#endif
}

/* runs ranges of generation g until none is left (a claim fails only when another worker claimed,
 * or spuriously: far fewer than the cap) */
static void take(bt_pool *p, uint32_t g, unsigned worker)
{
	for (uint64_t guard = 0; guard < ((uint64_t)1 << 40); guard++) {
		uint64_t v = atomic_load_explicit(&p->claim, memory_order_acquire);
		uint32_t at = (uint32_t)v;
		if ((uint32_t)(v >> 32) != g || at >= p->count)
			return;
		uint32_t end = p->count - at < p->grain ? p->count : at + p->grain;
		if (!atomic_compare_exchange_weak(&p->claim, &v, (uint64_t)g << 32 | end))
			continue;
		p->fn(at, end, worker, p->ctx);
		atomic_fetch_add_explicit(&p->done, end - at, memory_order_release);
	}
}

static void *worker_main(void *varg)
{
	worker_arg *a = varg;
	bt_pool *p = a->p;
	uint32_t seen = 0;
	for (;;) {
		uint32_t g = atomic_load_explicit(&p->gen, memory_order_acquire);
		for (int s = 0; s < SPINS && g == seen && !p->stop; s++) {
			relax();
			g = atomic_load_explicit(&p->gen, memory_order_acquire);
		}
		if (g == seen && !p->stop) {
			pthread_mutex_lock(&p->mu);
			while ((g = atomic_load(&p->gen)) == seen && !p->stop)
				pthread_cond_wait(&p->cv, &p->mu);
			pthread_mutex_unlock(&p->mu);
		}
		if (p->stop)
			return NULL;
		seen = g;
		take(p, g, a->index);
	}
}

bt_pool *bt_pool_create(unsigned workers)
{
	if (workers < 1 || workers > MAX_WORKERS)
		return NULL;
	bt_pool *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->workers = workers;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	for (unsigned w = 1; w < workers; w++) {
		p->arg[w] = (worker_arg){p, w};
		if (pthread_create(&p->th[w], NULL, worker_main, &p->arg[w]) != 0) {
			p->workers = w;
			bt_pool_destroy(p);
			return NULL;
		}
	}
	return p;
}

void bt_pool_destroy(bt_pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	for (unsigned w = 1; w < p->workers; w++)
		pthread_join(p->th[w], NULL);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	free(p);
}

unsigned bt_pool_workers(const bt_pool *p) { return p->workers; }

sw_batch_opts bt_pool_opts(bt_pool *p, unsigned chunk)
{
	sw_batch_opts o = {
		.threads = p->workers, .chunk = chunk, .enqueue = bt_enqueue, .finish = bt_finish, .user = p};
	return o;
}

void *bt_enqueue(sw_task_fn *task, uint32_t count, uint32_t min_range, void *task_ctx, void *user)
{
	bt_pool *p = user;
	uint32_t g = atomic_load(&p->gen) + 1;
	p->fn = task, p->ctx = task_ctx, p->count = count, p->grain = min_range ? min_range : 1;
	atomic_store(&p->done, 0);
	atomic_store_explicit(&p->claim, (uint64_t)g << 32, memory_order_release);
	pthread_mutex_lock(&p->mu);
	atomic_store_explicit(&p->gen, g, memory_order_release);
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	return p;
}

void bt_finish(void *handle, void *user)
{
	(void)user;
	bt_pool *p = handle;
	take(p, atomic_load(&p->gen), 0);
	/* the ranges other workers hold; each finishes in bounded time */
	for (uint64_t i = 0; atomic_load_explicit(&p->done, memory_order_acquire) < p->count; i++) {
		if (i > ((uint64_t)1 << 40))
			abort();
		relax();
	}
}

void bt_run(bt_pool *p, sw_task_fn *task, uint32_t count, uint32_t grain, void *task_ctx)
{
	if (p->workers == 1 || count <= grain) {
		task(0, count, 0, task_ctx);
		return;
	}
	bt_finish(bt_enqueue(task, count, grain, task_ctx, p), p);
}
