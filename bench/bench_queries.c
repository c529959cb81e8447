/* bench/bench_queries.c — throughput of every batched query of the list (src/queries.h), per SIMD tier
 * and batch size.
 *
 * Benchmarks are named <query>[_<mix>]/<tier>/<batch>; items_per_second is pairs per second. One
 * iteration is one whole batched call of <batch> pairs through the public pipeline (sw_run), so the
 * framework's per-iteration cost stays negligible. The batch sizes and scene variants come from the
 * family serving the query's sources (ROWS below); a packed query runs on the same rows as its
 * indexed twin, on the same pairs gathered into 64-byte aligned blocks.
 *
 * Scenes come from the generator families' benchmark builders (bench_scene.h). Batches smaller than
 * BENCH_POOL do not repeat the same pairs: successive iterations walk through consecutive windows of
 * a BENCH_POOL-pair scene. Repeating 64 pairs would let the branch predictor learn each pair's
 * outcome and flatter the scalar tier (measured: 1.5-2x at 64 pairs), and the mix of a 64-pair sample
 * is noisy; with the pool every batch size up to BENCH_POOL sees the same mix and the same cache
 * footprint, so the batch size measures the per-call cost and the largest size measures streaming
 * from memory.
 *
 * Counters: `hit` and `start_ovl` (fractions of pairs; start_ovl for moving queries), `mismatch`
 * (pairs whose answer differs in any column from the reference row's on the same scene; must be 0)
 * and, for the polygon queries, `lane_util` (the useful share of the lanes' work on the run's tier:
 * sw_poly2_lane_utilisation(), with the ordering stage when the query has one; packed blocks as
 * given). Diagnostics go to stderr, so --benchmark_format=json output stays parseable. */
#include "bench_queries.h"

#include <stdio.h>
#include <string.h>

#include "bench_common.h"
#include "bench_scene.h"
#include "shim.h"

#define MAX_BATCHES 4

/* the rows of a family: one scene variant and its batch sizes (multiples of SW_BLOCK; those below
 * BENCH_POOL divide it) */
typedef struct row_set {
	const gen_family *fam;
	unsigned mix;       /* the family's bench scene variant */
	const char *suffix; /* appended to the query's name ("" for the family's main scene) */
	int sweep_only;     /* only the moving queries */
	size_t batch[MAX_BATCHES];
	uint32_t cols; /* the columns asked for (bench_call_cols); 0: every column */
} row_set;

static const row_set ROWS[] = {
	{&gen_box_family, 0, "", 0, {64, 1024, 16384, 1048576}, 0},
	{&gen_box_tri_family, 0, "", 0, {64, 1024, 16384, 1048576}, 0},
	/* polygons: 3 to 8 vertices at every size; quadrilaterals and 2 to 16 vertices at the pool size */
	{&gen_poly2_family, 0, "", 0, {64, 1024, 16384, 1048576}, 0},
	{&gen_poly2_family, 1, "_box", 1, {16384}, 0},
	{&gen_poly2_family, 2, "_mixed", 1, {16384}, 0},
	{&gen_hull_family, 0, "", 0, {1024, 16384}, 0},
	{&gen_circle2_family, 0, "", 0, {64, 1024, 16384, 1048576}, 0},
	{&gen_circle3_family, 0, "", 0, {64, 1024, 16384, 1048576}, 0},
	/* circles and spheres asking for what a shape cast answers: status, t, point, normal */
	{&gen_circle2_family, 0, "_cast", 0, {1024, 16384}, BENCH_COLS_CAST},
	{&gen_circle3_family, 0, "_cast", 0, {1024, 16384}, BENCH_COLS_CAST},
	/* GJK: hulls of 8–32 points, polygons of 3–8 vertices, boxes, rays; and spheres, capsules, boxes and
	 * polytopes mixed */
	{&gen_gjk_family, 0, "", 0, {1024, 16384}, 0},
	{&gen_gjk_family, 1, "_mixed", 0, {16384}, 0},
};
#define NROWS (sizeof ROWS / sizeof ROWS[0])

typedef struct bench_arg {
	sw_query q;
	const row_set *rows;
	sw_isa isa;
	size_t batch;
	char name[96];
} bench_arg;

static bench_arg args[SW_Q_COUNT * NROWS * MAX_BATCHES * SW_ISA_COUNT];

/* one batched call on a window of the scene (bench_run_windows) */
typedef struct window_ctx {
	const bench_scene *s;
	sw_query q;
	uint32_t cols;
} window_ctx;

static int run_window(const void *vctx, size_t off, size_t batch)
{
	const window_ctx *c = vctx;
	return bench_call_cols(c->q, c->s, &c->s->out, off, batch, c->cols);
}

/* ---- lane utilisation of the polygon queries ---- */

/* packed blocks as given: lanes of the tier's width in each block run at the pace of their largest
 * polygons (the formula of sw_poly2_lane_utilisation) */
static double packed_util(const sw_poly2_block *blk, size_t off, size_t n, size_t w)
{
	double useful = 0, done = 0;
	for (size_t b = off; b < off + n; b += w) {
		unsigned max_a = 1, max_b = 1;
		for (size_t k = b; k < b + w && k < off + n; k++) {
			const sw_poly2_block *x = &blk[k / SW_BLOCK];
			unsigned l = (unsigned)(k % SW_BLOCK), na = x->an[l], nb = x->bn[l];
			useful += (double)(na + nb) * (na + nb);
			max_a = na > max_a ? na : max_a, max_b = nb > max_b ? nb : max_b;
		}
		done += (double)w * (max_a + max_b) * (max_a + max_b);
	}
	return done > 0 ? useful / done : 1.0;
}

/* the mean over the windows that ran, measured with the run's tier selected again (it depends on the
 * tier's width) */
static void lane_util(sw_bench_state *st, const bench_arg *arg, const bench_scene *s, size_t done)
{
	const sw_query_desc *d = &sw_query_descs[arg->q];
	const size_t nrun = done / arg->batch;
	sw_isa prev = sw_active_isa();
	sw_set_isa_cap(arg->isa);
	double util = 0;
	for (size_t i = 0; i < nrun; i++) {
		size_t off = i * arg->batch;
		util += s->g.pairs ? sw_poly2_lane_utilisation(s->g.a, s->g.b, s->g.pairs + off, arg->batch, NULL,
							       d->order != NULL)
				   : packed_util(s->g.a, off, arg->batch, sw_isa_lanes(arg->isa));
	}
	sw_set_isa_cap(prev);
	sw_bench_counter(st, "lane_util", util / (double)nrun);
}

/* ---- one row ---- */

static void bench_query(sw_bench_state *st, void *varg)
{
	const bench_arg *arg = varg;
	const sw_query_desc *d = &sw_query_descs[arg->q];
	bench_scene *s = bench_scene_get(arg->rows->fam, arg->rows->mix, d->a, d->b, bench_pool(arg->batch));
	if (!s) {
		sw_bench_skip_with_error(st, "scene generation failed (out of memory?)");
		return;
	}
	const bench_cols *want = bench_scene_want(s, arg->q);
	if (!want) {
		sw_bench_skip_with_error(st, "the reference answers failed (out of memory?)");
		return;
	}
	bench_poison(&s->out, arg->q);
	const uint32_t cols = arg->rows->cols ? arg->rows->cols : BENCH_COLS_ALL;
	const window_ctx ctx = {s, arg->q, cols};
	const size_t done = bench_run_windows(st, arg->isa, s->out.status, s->n, arg->batch, run_window, &ctx);
	if (!done)
		return;
	bench_mix_counters(st, s->out.status, done, d->answer == SW_ANS_SWEEP || d->answer == SW_ANS_CAST);
	size_t bad = bench_mismatches_cols(&s->out, want, arg->q, done, cols);
	sw_bench_counter(st, "mismatch", (double)bad);
	if (bad)
		fprintf(stderr, "%s: %zu of %zu answers differ from the reference row's\n", arg->name, bad, done);
	if (d->a == SW_SRC_POLY2 || d->a == SW_SRC_POLY2_BLOCK)
		lane_util(st, arg, s, done);
}

/* ---- registration ---- */

int bench_queries_register(void)
{
	size_t nargs = 0;
	int missing = 0;
	for (int q = 0; q < SW_Q_COUNT; q++) {
		const sw_query_desc *d = &sw_query_descs[q];
		const gen_family *fam = gen_for(d);
		size_t rows = 0;
		if (sw_src_split(d->a))
			continue; /* split rows: bench/bench_split.c */
		for (size_t r = 0; r < NROWS && fam; r++) {
			const row_set *rs = &ROWS[r];
			if (rs->fam != fam || (rs->sweep_only && d->answer != SW_ANS_SWEEP))
				continue;
			for (size_t b = 0; b < MAX_BATCHES && rs->batch[b]; b++) {
				/* ref first: the baseline every tier's ratio is taken against */
				for (int i = 0; i < SW_ISA_COUNT; i++) {
					if (!sw_isa_available((sw_isa)i))
						continue;
					bench_arg *a = &args[nargs++];
					a->q = (sw_query)q, a->rows = rs, a->isa = (sw_isa)i, a->batch = rs->batch[b];
					snprintf(a->name, sizeof a->name, "%s%s/%s/%zu", d->name, rs->suffix,
						 sw_isa_name(a->isa), a->batch);
					sw_bench_register(a->name, bench_query, a);
					rows++;
				}
			}
		}
		if (!rows) {
			fprintf(stderr, "%s: no benchmark rows (no generator family or row set for its sources)\n",
				d->name);
			missing = 1;
		}
	}
	return missing ? -1 : 0;
}
