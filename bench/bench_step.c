/* bench/bench_step.c — the whole step a simulation takes, and how the batched queries scale over
 * threads on the caller's scheduler (a persistent pool, bench/tasks.c).
 *
 * step/<family>/<shapes>/<threads>: one iteration is one step of the scene of bench/step_scene.h —
 * the caller's integration (sim), the placements written into swept's set (update, one call), the
 * sort-and-sweep broadphase (broad, single thread, the caller's), the family's moving query over the
 * candidate pairs (query, on the pool) — on the best tier. Timed by the wall clock; items_per_second
 * is candidate pairs per second of the whole step. Counters, per step: shapes, pairs, hit (share of
 * pairs hit or starting overlapped); sim_ns, update_ns, broad_ns per shape; query_ns per pair;
 * swept_ns per shape (update + query); step_mpairs (M pairs/s of update + query) and query_mpairs
 * (M pairs/s of the query alone); query_share = query / (update + query), the step's throughput as
 * a share of the pure query's.
 *
 * threads/<query>/<threads>/<pairs>: the query alone on the benchmark scene of its family (the
 * <query>/<tier>/<pairs> rows' pairs), best tier, on 1 or 2 workers of the pool (1: no scheduler);
 * wall clock, items_per_second = pairs per second. Every answer is compared with the single-thread
 * call's before timing (counter `mismatch`, must be 0). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"
#include "bench_scene.h"
#include "bench_step.h"
#include "pipeline.h"
#include "shim.h"
#include "step_scene.h"
#include "tasks.h"

#define WARM_STEPS 3

typedef struct step_arg {
	st_family fam;
	size_t shapes;
	unsigned threads;
	char name[64];
} step_arg;

static const struct {
	st_family fam;
	size_t shapes;
} STEP_ROWS[] = {{ST_BOXES, 16384}, {ST_BOXES, 65536}, {ST_BOX_TRI, 16384}, {ST_POLY2, 16384}, {ST_HULL3, 4096}};
#define NSTEP (sizeof STEP_ROWS / sizeof STEP_ROWS[0])
static step_arg step_args[NSTEP * 2];

typedef struct thr_arg {
	sw_query q;
	const gen_family *fam;
	size_t pairs;
	unsigned threads;
	char name[64];
} thr_arg;
static thr_arg thr_args[32];

static double now(void)
{
	struct timespec t;
	timespec_get(&t, TIME_UTC);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- step/ ---- */

typedef struct phase_sum {
	double sim, update, broad, query;
	double pairs, hits;
} phase_sum;

static int one_step(st_scene *s, const sw_batch_opts *opts, phase_sum *acc)
{
	double t0 = now();
	st_integrate(s);
	double t1 = now();
	sw_error e = st_update(s);
	double t2 = now();
	size_t np = st_broadphase(s);
	double t3 = now();
	e = e == SW_OK && np ? st_query(s, opts) : SW_ERR_NOMEM;
	double t4 = now();
	if (acc) {
		acc->sim += t1 - t0, acc->update += t2 - t1, acc->broad += t3 - t2, acc->query += t4 - t3;
		acc->pairs += (double)np;
		for (size_t k = 0; k < np; k++)
			acc->hits += s->status[k] == SW_HIT || s->status[k] == SW_STARTS_OVERLAPPED;
	}
	return e == SW_OK;
}

static void bench_step(sw_bench_state *st, void *varg)
{
	const step_arg *a = varg;
	st_scene s;
	if (!st_scene_make(a->fam, a->shapes, &s)) {
		sw_bench_skip_with_error(st, "scene set-up failed");
		return;
	}
	bt_pool *pool = a->threads > 1 ? bt_pool_create(a->threads) : NULL;
	sw_batch_opts opts = pool ? bt_pool_opts(pool, 0) : (sw_batch_opts){0};
	if (a->threads > 1 && !pool) {
		sw_bench_skip_with_error(st, "no threads");
		st_scene_free(&s);
		return;
	}
	int ok = 1;
	for (int w = 0; w < WARM_STEPS && ok; w++)
		ok = one_step(&s, &opts, NULL);
	phase_sum acc = {0};
	while (sw_bench_keep_running(st) && ok)
		ok = one_step(&s, &opts, &acc);
	if (!ok)
		sw_bench_skip_with_error(st, "a step failed");
	double it = (double)sw_bench_iterations(st), n = (double)a->shapes, pairs = acc.pairs > 0 ? acc.pairs : 1;
	sw_bench_set_items_processed(st, (int64_t)acc.pairs);
	sw_bench_counter(st, "shapes", n);
	sw_bench_counter(st, "pairs", acc.pairs / it);
	sw_bench_counter(st, "hit", acc.hits / pairs);
	sw_bench_counter(st, "sim_ns", 1e9 * acc.sim / (it * n));
	sw_bench_counter(st, "update_ns", 1e9 * acc.update / (it * n));
	sw_bench_counter(st, "broad_ns", 1e9 * acc.broad / (it * n));
	sw_bench_counter(st, "query_ns", 1e9 * acc.query / pairs);
	sw_bench_counter(st, "swept_ns", 1e9 * (acc.update + acc.query) / (it * n));
	sw_bench_counter(st, "step_mpairs", pairs / (acc.update + acc.query) / 1e6);
	sw_bench_counter(st, "query_mpairs", pairs / acc.query / 1e6);
	sw_bench_counter(st, "query_share", acc.query / (acc.update + acc.query));
	bt_pool_destroy(pool);
	st_scene_free(&s);
}

/* ---- threads/ ---- */

static void bench_threads(sw_bench_state *st, void *varg)
{
	const thr_arg *a = varg;
	const sw_query_desc *d = &sw_query_descs[a->q];
	bench_scene *s = bench_scene_get(a->fam, 0, d->a, d->b, a->pairs);
	const bench_cols *want = s ? bench_scene_want(s, a->q) : NULL;
	bt_pool *pool = a->threads > 1 ? bt_pool_create(a->threads) : NULL;
	if (!want || (a->threads > 1 && !pool)) {
		sw_bench_skip_with_error(st, "set-up failed");
		bt_pool_destroy(pool);
		return;
	}
	sw_batch_opts opts = pool ? bt_pool_opts(pool, 0) : (sw_batch_opts){.isa = SW_BATCH_ISA(sw_best_isa())};
	opts.isa = SW_BATCH_ISA(sw_best_isa());
	sw_sweep_results out = {s->out.status, s->out.feature, s->out.f[0], s->out.f[1],
				s->out.f[2],   s->out.f[3],    s->out.f[4]};
	bench_poison(&s->out, a->q);
	sw_error e = sw_run(a->q, s->g.a, s->g.b, s->g.pairs, s->n, NULL, &opts, &out);
	size_t bad = e == SW_OK ? bench_mismatches(&s->out, want, a->q, s->n) : s->n;
	while (sw_bench_keep_running(st) && e == SW_OK)
		e = sw_run(a->q, s->g.a, s->g.b, s->g.pairs, s->n, NULL, &opts, &out);
	if (e != SW_OK)
		sw_bench_skip_with_error(st, "call failed");
	sw_bench_set_items_processed(st, sw_bench_iterations(st) * (int64_t)s->n);
	sw_bench_counter(st, "mismatch", (double)bad);
	bt_pool_destroy(pool);
}

void bench_step_register(void)
{
	size_t k = 0;
	for (size_t r = 0; r < NSTEP; r++)
		for (unsigned t = 1; t <= 2; t++) {
			step_arg *a = &step_args[k++];
			a->fam = STEP_ROWS[r].fam, a->shapes = STEP_ROWS[r].shapes, a->threads = t;
			snprintf(a->name, sizeof a->name, "step/%s/%zu/%u", st_family_names[a->fam], a->shapes, t);
			sw_bench_register_real_time(a->name, bench_step, a);
		}
	static const struct {
		sw_query q;
		const gen_family *fam;
		size_t pairs;
	} THR[] = {{SW_Q_obb3_sweep, &gen_box_family, 16384},          {SW_Q_obb3_sweep, &gen_box_family, 65536},
		   {SW_Q_obb3_tri3_sweep, &gen_box_tri_family, 16384}, {SW_Q_poly2_sweep, &gen_poly2_family, 16384},
		   {SW_Q_poly2_sweep, &gen_poly2_family, 65536},       {SW_Q_hull3_sweep, &gen_hull_family, 16384}};
	k = 0;
	for (size_t r = 0; r < sizeof THR / sizeof THR[0]; r++)
		for (unsigned t = 1; t <= 2; t++) {
			thr_arg *a = &thr_args[k++];
			a->q = THR[r].q, a->fam = THR[r].fam, a->pairs = THR[r].pairs, a->threads = t;
			snprintf(a->name, sizeof a->name, "threads/%s/%u/%zu", sw_query_descs[a->q].name, t, a->pairs);
			sw_bench_register_real_time(a->name, bench_threads, a);
		}
}
