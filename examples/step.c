/* examples/step.c — the whole step a simulation takes with swept, every step: move the bodies (the
 * simulation's own integration, here keeping each orientation as a row-major 3×3 matrix), write every
 * placement into the set with one call, find candidate pairs with a sort-and-sweep broadphase, and
 * answer them with one batched moving query run on the simulation's own threads (a small scheduler
 * with the shape of sw_batch_opts.enqueue/finish). Prints the contacts found and the time of each
 * phase. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <swept/swept.h>

enum { N = 4096, STEPS = 60, WORKERS = 2 };

/* ---- the simulation's scheduler: workers 1.. are threads started per task, worker 0 the caller ---- */

typedef struct task task;
typedef struct worker {
	task *t;
	uint32_t index;
} worker;
struct task {
	sw_task_fn *fn;
	uint32_t count;
	void *ctx;
	_Atomic uint32_t next;
	pthread_t th[WORKERS];
	worker w[WORKERS];
};

static void take(task *t, uint32_t worker)
{
	for (uint32_t i = atomic_fetch_add(&t->next, 1); i < t->count; i = atomic_fetch_add(&t->next, 1))
		t->fn(i, i + 1, worker, t->ctx);
}

static void *worker_main(void *arg)
{
	worker *w = arg;
	take(w->t, w->index);
	return NULL;
}

static void *enqueue(sw_task_fn *fn, uint32_t count, uint32_t min_range, void *ctx, void *user)
{
	(void)min_range;
	task *t = user;
	t->fn = fn, t->count = count, t->ctx = ctx;
	atomic_store(&t->next, 0);
	for (uint32_t w = 1; w < WORKERS; w++) {
		t->w[w] = (worker){t, w};
		if (pthread_create(&t->th[w], NULL, worker_main, &t->w[w]) != 0)
			t->th[w] = pthread_self(); /* no thread: the caller does its share */
	}
	return t;
}

static void finish(void *handle, void *user)
{
	(void)user;
	task *t = handle;
	take(t, 0);
	for (uint32_t w = 1; w < WORKERS; w++)
		if (!pthread_equal(t->th[w], pthread_self()))
			pthread_join(t->th[w], NULL);
}

/* ---- the simulation's bodies ---- */

typedef struct body {
	sw_vec3 p, v; /* position, displacement per step */
	float m[9];   /* orientation, row-major */
	float spin;   /* turn per step about z, radians */
	float r;      /* bounding radius */
} body;

static double now(void)
{
	struct timespec t;
	timespec_get(&t, TIME_UTC);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static float rnd(unsigned *s)
{
	*s = *s * 1664525u + 1013904223u;
	return (float)(*s >> 8) / 16777216.0f;
}

/* the simulation's integration: move, bounce off the corridor's walls, turn about z */
static void integrate(body *b, size_t n, float len, float side)
{
	for (size_t i = 0; i < n; i++) {
		float *p = &b[i].p.x, *v = &b[i].v.x;
		for (int k = 0; k < 3; k++) {
			float lim = k == 0 ? len : side;
			p[k] += v[k];
			if (p[k] > lim || p[k] < -lim)
				v[k] = -v[k], p[k] += v[k]; /* back where it was, heading the other way */
		}
		float c = cosf(b[i].spin), s = sinf(b[i].spin), *m = b[i].m;
		for (int col = 0; col < 3; col++) {
			float x = m[col], y = m[3 + col];
			m[col] = c * x - s * y, m[3 + col] = s * x + c * y;
		}
	}
}

/* sort-and-sweep on x of the bodies' swept bounds (lo, hi: 3 rows of n); order[] is kept from step to
 * step, so after the first step an insertion sort puts it right again */
static const float *sort_key;
static int by_key(const void *a, const void *b)
{
	float x = sort_key[*(const uint32_t *)a], y = sort_key[*(const uint32_t *)b];
	return (x > y) - (x < y);
}

static size_t broadphase(const body *b, size_t n, float *lo, float *hi, uint32_t *order, sw_pair *pairs, size_t cap,
			 int first)
{
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < 3; k++) {
			float p = (&b[i].p.x)[k], q = p + (&b[i].v.x)[k];
			lo[k * n + i] = fminf(p, q) - b[i].r, hi[k * n + i] = fmaxf(p, q) + b[i].r;
		}
	if (first) {
		sort_key = lo;
		qsort(order, n, sizeof *order, by_key);
	} else {
		for (size_t i = 1; i < n; i++) {
			uint32_t v = order[i];
			size_t j = i;
			for (; j > 0 && lo[order[j - 1]] > lo[v]; j--)
				order[j] = order[j - 1];
			order[j] = v;
		}
	}
	size_t np = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t a = order[i];
		for (size_t j = i + 1; j < n && lo[order[j]] <= hi[a] && np < cap; j++) {
			uint32_t c = order[j];
			if (lo[n + a] <= hi[n + c] && lo[n + c] <= hi[n + a] && lo[2 * n + a] <= hi[2 * n + c] &&
			    lo[2 * n + c] <= hi[2 * n + a])
				pairs[np++] = (sw_pair){a, c};
		}
	}
	return np;
}

int main(void)
{
	const float len = 200, side = 6;
	body *b = malloc(N * sizeof *b);
	sw_vec3 *pos = malloc(N * sizeof *pos), *disp = malloc(N * sizeof *disp);
	float *mats = malloc(N * 9 * sizeof *mats);
	uint32_t *order = malloc(N * sizeof *order);
	float *lo = malloc(3 * N * sizeof *lo), *hi = malloc(3 * N * sizeof *hi);
	size_t cap = 16 * N;
	sw_pair *pairs = malloc(cap * sizeof *pairs);
	uint8_t *status = malloc(cap);
	float *t_first = malloc(cap * sizeof *t_first);
	sw_obb3_set *boxes;
	if (!b || !pos || !disp || !mats || !order || !lo || !hi || !pairs || !status || !t_first ||
	    sw_obb3_set_create(N, &boxes) != SW_OK)
		return 1;

	/* the shapes, once: their extents never change; the placements are written every step */
	unsigned seed = 1;
	for (uint32_t i = 0; i < N; i++) {
		sw_obb3 box = {{0.2f + 0.4f * rnd(&seed), 0.2f + 0.4f * rnd(&seed), 0.2f + 0.4f * rnd(&seed)}};
		b[i] = (body){{(2 * rnd(&seed) - 1) * len, (2 * rnd(&seed) - 1) * side, (2 * rnd(&seed) - 1) * side},
			      {0.6f * rnd(&seed) - 0.3f, 0.6f * rnd(&seed) - 0.3f, 0.6f * rnd(&seed) - 0.3f},
			      {1, 0, 0, 0, 1, 0, 0, 0, 1},
			      0.1f * rnd(&seed) - 0.05f,
			      sw_v3_len(box.half)};
		order[i] = i;
		if (sw_obb3_set_add(boxes, &box, sw_pose3_make(b[i].p, (sw_quat){0, 0, 0, 1}), b[i].v, NULL) != SW_OK)
			return 1;
	}

	task sched;
	const sw_batch_opts run = {.threads = WORKERS, .enqueue = enqueue, .finish = finish, .user = &sched};
	sw_sweep_results out = {status, NULL, t_first, NULL, NULL, NULL, NULL};
	double t_sim = 0, t_update = 0, t_broad = 0, t_query = 0;
	size_t total_pairs = 0, contacts = 0;
	for (int step = 0; step < STEPS; step++) {
		double t0 = now();
		integrate(b, N, len, side);
		for (size_t i = 0; i < N; i++) {
			pos[i] = b[i].p, disp[i] = b[i].v;
			memcpy(mats + 9 * i, b[i].m, sizeof b[i].m);
		}
		double t1 = now();
		/* every placement in one call, from the matrices as the simulation holds them */
		if (sw_obb3_set_place_m(boxes, 0, N, pos, mats, SW_MAT3_ROW_MAJOR, disp) != SW_OK)
			return 1;
		double t2 = now();
		size_t np = broadphase(b, N, lo, hi, order, pairs, cap, step == 0);
		double t3 = now();
		/* one batched call, on the simulation's threads */
		if (sw_obb3_sweep_batch(boxes, boxes, pairs, np, &run, &out) != SW_OK)
			return 1;
		double t4 = now();
		for (size_t k = 0; k < np; k++)
			contacts += status[k] == SW_HIT || status[k] == SW_STARTS_OVERLAPPED;
		total_pairs += np;
		t_sim += t1 - t0, t_update += t2 - t1, t_broad += t3 - t2, t_query += t4 - t3;
	}
	printf("%d steps of %d boxes on tier %s, %d workers: %zu candidate pairs, %zu in contact\n", STEPS, N,
	       sw_isa_name(sw_active_isa()), WORKERS, total_pairs, contacts);
	printf("per step: integrate %.0f us, place %.0f us, broadphase %.0f us, query %.0f us (%.1f ns per pair)\n",
	       1e6 * t_sim / STEPS, 1e6 * t_update / STEPS, 1e6 * t_broad / STEPS, 1e6 * t_query / STEPS,
	       1e9 * t_query / (double)(total_pairs ? total_pairs : 1));
	sw_obb3_set_destroy(boxes);
	free(b), free(pos), free(disp), free(mats), free(order), free(lo), free(hi), free(pairs), free(status);
	free(t_first);
	return 0;
}
