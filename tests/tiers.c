/* tests/tiers.c — the tier driver, checkasm style: every query of the list (src/queries.h) on every SIMD
 * tier this CPU has meets the reference rows on the same seeded populations (tests/common/gen_*.c),
 * bit for bit: statuses, feature ids and every float (NaN matching NaN), nothing written past the
 * batch. The reference rows themselves meet the public single-pair functions on the indexed queries.
 * Through the public pipeline, each query also runs at every short length, at odd offsets, over
 * several chunk sizes and thread counts, on the caller's schedulers (inline, deferred and run
 * backwards, on two threads) with the tier capped by the call, with only some result columns asked
 * for.
 *
 * A plain C program printing TAP (one line per query × tier, and per query for the reference checks),
 * so that the same driver builds for arm64 and runs the NEON tier under an emulator. A mismatch prints
 * the query, tier, population, pair, lane and both answers, then the pair's inputs in hex floats.
 * `tiers [--quick] [substring]` runs the queries whose name contains it; --quick (or SW_TIERS_QUICK set
 * in the environment) caps every population at 1 000 pairs (the emulated NEON run). */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "pipeline.h"
#include "sched_later.h"

#define POISON 0xAB
#define GUARD 16 /* entries past the batch that must stay poisoned */
#define MAX_REPORTS 5

/* owned result columns for every answer kind, poisoned: status, feature and SW_MAX_FLOAT_COLS float
 * rows; `out` holds them as the results struct of the query's kind */
typedef struct rows {
	size_t n;
	uint8_t *st;
	uint32_t *ft;
	float *f; /* SW_MAX_FLOAT_COLS rows of n + GUARD */
	sw_answer kind;
	int nf; /* float rows of the kind */
	sw_columns cols;
	sw_any_results out;
} rows;

/* cast answers: whether float column k is one of a shape cast's (t, point, normal: no depth, slide) */
#define CAST_ONLY 8
static int cast_float(int k) { return k == 0 || (k >= 2 && k <= 7); }

/* keeps the columns in `mask` (bit 0 status, 1 feature, 2 the floats, CAST_ONLY with 4: of a cast
 * answer's floats only t, point and normal); z columns of 2D queries off */
static void rows_select(rows *r, int mask, int planar)
{
	sw_columns c = r->cols;
	if (!(mask & 2))
		c.feature = NULL;
	for (int k = 0; k < r->nf; k++)
		if (!(mask & 4) || (planar && (sw_answer_zmask(r->kind) >> k & 1)) ||
		    ((mask & CAST_ONLY) && !cast_float(k)))
			c.f[k] = NULL;
	sw_columns_store(r->kind, &c, &r->out);
}

static void rows_init(rows *r, size_t n, sw_answer kind)
{
	size_t m = n + GUARD;
	r->n = n;
	r->kind = kind;
	r->nf = sw_answer_floats(kind);
	r->st = malloc(m);
	r->ft = malloc(m * sizeof *r->ft);
	r->f = malloc(SW_MAX_FLOAT_COLS * m * sizeof *r->f);
	if (!r->st || !r->ft || !r->f) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	memset(r->st, POISON, m), memset(r->ft, POISON, m * sizeof *r->ft);
	memset(r->f, POISON, SW_MAX_FLOAT_COLS * m * sizeof *r->f);
	memset(&r->cols, 0, sizeof r->cols);
	r->cols.status = r->st, r->cols.feature = r->ft;
	for (int k = 0; k < r->nf; k++)
		r->cols.f[k] = r->f + (size_t)k * m;
	rows_select(r, 7, 0);
}

static void rows_free(rows *r) { free(r->st), free(r->ft), free(r->f); }

static const void *rows_out(const rows *r) { return &r->out; }

static int same_bits(float x, float y)
{
	uint32_t a, b;
	memcpy(&a, &x, 4), memcpy(&b, &y, 4);
	return a == b || (isnan(x) && isnan(y));
}

/* ---- one comparison ---- */

typedef struct ctx {
	const sw_query_desc *d;
	sw_query q;
	const gen_family *fam;
	const char *pop;
	const char *how;
	sw_isa isa;
	size_t bad; /* mismatching entries of this TAP line */
} ctx;

static void report(ctx *c, const gen_batch *g, size_t k, const rows *got, const rows *want, size_t off)
{
	if (c->bad++ >= MAX_REPORTS)
		return;
	size_t mg = got->n + GUARD, mw = want->n + GUARD;
	printf("# %s/%s %s [%s]: pair %zu lane %zu: got st %u ft %u, want st %u ft %u\n", c->d->name,
	       sw_isa_name(c->isa), c->pop, c->how, k, k % sw_isa_lanes(c->isa), got->st[k], got->ft[k], want->st[k],
	       want->ft[k]);
	for (int r = 0; r < got->nf; r++)
		printf("#   float %d: got %a, want %a\n", r, got->f[r * mg + k], want->f[r * mw + k]);
	if (g && g->pairs)
		c->fam->print(g, off + k, stdout);
	fflush(stdout);
}

/* entries [0, n) of got against want[off, off + n); the guard past n must be untouched */
static void compare(ctx *c, const gen_batch *g, const rows *got, const rows *want, size_t off, size_t n, int cols)
{
	size_t mg = got->n + GUARD, mw = want->n + GUARD;
	for (size_t k = 0; k < n; k++) {
		int ok = got->st[k] == want->st[off + k];
		if (cols & 2)
			ok = ok && got->ft[k] == want->ft[off + k];
		for (int r = 0; r < got->nf && (cols & 4); r++)
			ok = ok && ((cols & CAST_ONLY && !cast_float(r)) ||
				    same_bits(got->f[r * mg + k], want->f[r * mw + off + k]));
		if (!ok)
			report(c, g, off + k, got, want, 0);
	}
	for (size_t k = n; k < got->n + GUARD; k++)
		if (got->st[k] != POISON) {
			printf("# %s/%s %s [%s]: entry %zu past the batch written\n", c->d->name, sw_isa_name(c->isa),
			       c->pop, c->how, k);
			c->bad++;
			break;
		}
}

/* ---- kernels called directly: a tier against the reference on one whole job ---- */

static void *scratch;

static void run_kernel(const sw_kernels *kt, sw_query q, const gen_batch *g, const void *opts, const uint32_t *order,
		       size_t off, size_t n, const void *out)
{
	sw_job j = {g->a, g->b, g->pairs, order, opts, out, scratch, off, n};
	kt->fn[q](&j);
}

/* the ordering stage as the pipeline runs it: runs of SW_ORDER_RUN pairs, each sorted on its own */
static void run_ordered(const sw_kernels *kt, const ctx *c, const gen_batch *g, const void *opts, const void *out)
{
	uint32_t ord[SW_ORDER_RUN];
	for (size_t off = 0; off < g->n; off += SW_ORDER_RUN) {
		size_t n = g->n - off < SW_ORDER_RUN ? g->n - off : SW_ORDER_RUN;
		sw_job j = {g->a, g->b, g->pairs, NULL, opts, out, scratch, off, n};
		c->d->order(&j, ord);
		run_kernel(kt, c->q, g, opts, ord, off, n, out);
	}
}

/* ---- the public pipeline ---- */

static sw_error run_public(const ctx *c, const gen_batch *g, const void *opts, size_t off, size_t n,
			   const sw_batch_opts *run, rows *out, int cols)
{
	rows_select(out, cols, sw_src_planar(c->d->a));
	if (g->pairs)
		return sw_run(c->q, g->a, g->b, g->pairs + off, n, opts, run, rows_out(out));
	/* packed: whole blocks from an offset that is a multiple of the block */
	const unsigned char *blocks = g->a;
	return sw_run(c->q, blocks + off / SW_BLOCK * sw_src_block_size(c->d->a), NULL, NULL, n, opts, run,
		      rows_out(out));
}

static int tap_index;
static size_t pop_pairs; /* 0: each population's own size */

static void tap(int ok, const char *fmt, const char *a, const char *b)
{
	printf("%s %d - ", ok ? "ok" : "not ok", ++tap_index);
	printf(fmt, a, b);
	putchar('\n');
	fflush(stdout);
}

/* ---- the caller's schedulers (sw_batch_opts.enqueue): the same bits whoever runs the ranges ---- */

/* runs the whole task before returning */
static void *sched_inline(sw_task_fn *fn, uint32_t count, uint32_t min_range, void *ctx, void *user)
{
	(void)min_range, (void)user;
	fn(0, count, 0, ctx);
	return NULL;
}

/* two threads: a helper runs the upper half of the items in ranges of three on worker 1, finish the
 * lower half on worker 0, then joins */
static void *helper_run(void *arg)
{
	task *t = arg;
	for (uint32_t i = t->count / 2; i < t->count; i += 3)
		t->fn(i, i + 3 < t->count ? i + 3 : t->count, 1, t->ctx);
	return NULL;
}

static void *sched_threads(sw_task_fn *fn, uint32_t count, uint32_t min_range, void *ctx, void *user)
{
	(void)min_range;
	task *t = user;
	t->fn = fn, t->count = count, t->ctx = ctx;
	if (pthread_create(&t->helper, NULL, helper_run, t) != 0)
		helper_run(t); /* no thread to be had: the same ranges here */
	else
		return t;
	t->fn(0, count / 2, 0, ctx);
	return NULL;
}

static void finish_threads(void *handle, void *user)
{
	(void)user;
	task *t = handle;
	t->fn(0, t->count / 2, 0, t->ctx);
	pthread_join(t->helper, NULL);
}

/* the pipeline on the active tier: chunk sizes, thread counts, the caller's schedulers with the tier
 * given as the call's own cap, short lengths at odd offsets (whole blocks for packed sources), and
 * only the status, or status and feature, asked for */
static void check_pipeline(ctx *c, const gen_batch *g, const void *opts, const rows *want)
{
	static const sw_batch_opts RUNS[] = {
		{.threads = 1, .chunk = 16}, {.threads = 1, .chunk = 64}, {.threads = 2, .chunk = 16},
		{.threads = 2, .chunk = 48}, {.threads = 2, .chunk = 0},  {.threads = 0, .chunk = 0},
		{.threads = 1, .chunk = 1},  {.threads = 2, .chunk = 17}, {.threads = 1, .chunk = 1000}};
	char how[80];
	for (size_t i = 0; i < sizeof RUNS / sizeof RUNS[0]; i++) {
		rows got;
		rows_init(&got, g->n, c->d->answer);
		snprintf(how, sizeof how, "threads %u chunk %u", RUNS[i].threads, RUNS[i].chunk);
		c->how = how;
		if (run_public(c, g, opts, 0, g->n, &RUNS[i], &got, 7) != SW_OK)
			c->bad++;
		compare(c, g, &got, want, 0, g->n, 7);
		rows_free(&got);
	}
	int packed = g->pairs == NULL;
	if (!packed) {
		/* the process cap at the best tier, the call's own at this one */
		sw_isa active = sw_active_isa();
		sw_set_isa_cap(sw_best_isa());
		task t;
		const unsigned cap = SW_BATCH_ISA(c->isa);
		const sw_batch_opts SCHED[] = {
			{.threads = 1, .chunk = 32, .isa = cap, .enqueue = sched_inline, .finish = finish_later},
			{.threads = 2,
			 .chunk = 16,
			 .isa = cap,
			 .enqueue = sched_later,
			 .finish = finish_later,
			 .user = &t},
			{.threads = 2,
			 .chunk = 48,
			 .isa = cap,
			 .enqueue = sched_threads,
			 .finish = finish_threads,
			 .user = &t},
			{.threads = 2,
			 .chunk = 0,
			 .isa = cap,
			 .enqueue = sched_threads,
			 .finish = finish_threads,
			 .user = &t},
			{.isa = cap}};
		for (size_t i = 0; i < sizeof SCHED / sizeof SCHED[0]; i++) {
			rows got;
			rows_init(&got, g->n, c->d->answer);
			snprintf(how, sizeof how, "scheduler %zu, chunk %u, tier cap of the call", i, SCHED[i].chunk);
			c->how = how;
			if (run_public(c, g, opts, 0, g->n, &SCHED[i], &got, 7) != SW_OK)
				c->bad++;
			compare(c, g, &got, want, 0, g->n, 7);
			rows_free(&got);
		}
		sw_set_isa_cap(active);
	}
	for (size_t len = 0; len <= 40 && len <= g->n; len++) {
		size_t off = packed ? (len * 48) % (g->n - g->n % SW_BLOCK) / SW_BLOCK * SW_BLOCK
				    : (37 * len + 1) % (g->n - (len < g->n ? len : g->n) + 1);
		if (off + len > g->n)
			off = 0;
		rows got;
		rows_init(&got, len, c->d->answer);
		snprintf(how, sizeof how, "length %zu at %zu", len, off);
		c->how = how;
		if (run_public(c, g, opts, off, len, len % 2 ? &RUNS[0] : NULL, &got, 7) != SW_OK)
			c->bad++;
		compare(c, g, &got, want, off, len, 7);
		rows_free(&got);
	}
	for (int cols = 1; cols <= 3; cols += 2) {
		rows got;
		rows_init(&got, g->n, c->d->answer);
		c->how = cols == 1 ? "status only" : "status and feature";
		if (run_public(c, g, opts, 0, g->n, NULL, &got, cols) != SW_OK)
			c->bad++;
		/* an overlap call without depth nor normal runs the first-separating-axis test: its own
		 * reference, the query's "_test" twin, compared separately; here only the status */
		int fcols = c->d->answer == SW_ANS_OVERLAP ? 1 : cols;
		compare(c, g, &got, want, 0, g->n, fcols);
		/* the feature columns of a query without a fast twin follow the rule of swept/batch.h */
		rows_free(&got);
	}
	if (c->d->answer == SW_ANS_CAST) {
		/* a shape cast's columns: the circle kernels run a loop that forms no depth nor slide */
		rows got;
		rows_init(&got, g->n, c->d->answer);
		c->how = "status, t, point and normal";
		if (run_public(c, g, opts, 0, g->n, NULL, &got, 5 | CAST_ONLY) != SW_OK)
			c->bad++;
		compare(c, g, &got, want, 0, g->n, 5 | CAST_ONLY);
		rows_free(&got);
	}
}

/* ---- one query ---- */

static int tier_list(sw_isa *out)
{
	int n = 0;
	for (int k = 1; k < SW_ISA_COUNT; k++)
		if (sw_isa_available((sw_isa)k))
			out[n++] = (sw_isa)k;
	return n;
}

static void check_query(sw_query q)
{
	const sw_query_desc *d = &sw_query_descs[q];
	const gen_family *fam = gen_for(d);
	if (!fam) {
		printf("not ok %d - %s: no generator family serves its sources\n", ++tap_index, d->name);
		return;
	}
	sw_isa tiers[SW_ISA_COUNT];
	int ntiers = tier_list(tiers);
	size_t bad[SW_ISA_COUNT] = {0}, ref_bad = 0, pops = 0, tally[5] = {0};
	const sw_kernels *ref = sw_kernels_for(SW_ISA_REF);
	int sides = d->opts != SW_OPTS_NONE ? 2 : 1;
	for (size_t p = 0; p < fam->npops; p++) {
		for (int side = 0; side < sides; side++) {
			gen_batch g;
			if (!fam->make(p, pop_pairs, d->a, d->b, &g))
				continue;
			pops++;
			sw_opts_any so;
			const void *opts = sw_opts_sided(d->opts, (uint32_t)side, &so);
			/* GJK: the defaults, then a cap of 4 support evaluations (many pairs end at it) and a target
			 * separation of 0.05 */
			if (d->opts == SW_OPTS_GJK && side)
				so.gjk = (sw_gjk_opts){4u, 0.05f};
			const char *variant = d->opts == SW_OPTS_GJK ? "capped, target 0.05" : "one-sided";
			ctx c = {d, q, fam, fam->pop_name(p), side ? variant : "kernel", SW_ISA_REF, 0};
			rows want;
			rows_init(&want, g.n, d->answer);
			run_kernel(ref, q, &g, opts, NULL, 0, g.n, rows_out(&want));
			for (size_t k = 0; k < g.n; k++)
				tally[want.st[k] < 5 ? want.st[k] : SW_PAIR_INVALID]++;
			/* the reference rows against the single-pair functions (indexed queries; the first-
			 * separating-axis twins answer what the full query answers, with status and feature) */
			if (g.pairs) {
				rows single;
				rows_init(&single, g.n, d->answer);
				int fast = d->answer == SW_ANS_OVERLAP && strstr(d->name, "_test");
				rows_select(&single, fast ? 3 : 7, sw_src_planar(d->a));
				for (size_t k = 0; k < g.n; k++)
					fam->single(&g, q, opts, k, rows_out(&single));
				c.how = "single-pair functions";
				compare(&c, &g, &single, &want, 0, g.n, fast ? 3 : 7);
				ref_bad += c.bad;
				c.bad = 0;
				rows_free(&single);
			}
			for (int t = 0; t < ntiers; t++) {
				c.isa = tiers[t];
				c.how = side ? variant : "kernel";
				rows got;
				rows_init(&got, g.n, d->answer);
				run_kernel(sw_kernels_for(tiers[t]), q, &g, opts, NULL, 0, g.n, rows_out(&got));
				compare(&c, &g, &got, &want, 0, g.n, 7);
				rows_free(&got);
				if (d->order) {
					rows_init(&got, g.n, d->answer);
					c.how = "ordering stage";
					run_ordered(sw_kernels_for(tiers[t]), &c, &g, opts, rows_out(&got));
					compare(&c, &g, &got, &want, 0, g.n, 7);
					rows_free(&got);
				}
				/* the pipeline on two populations: the first and the one with broken inputs */
				if (p == 0 || strstr(c.pop, "broken") == c.pop) {
					sw_set_isa_cap(tiers[t]);
					check_pipeline(&c, &g, opts, &want);
					sw_set_isa_cap(sw_best_isa());
				}
				bad[t] += c.bad;
				c.bad = 0;
			}
			rows_free(&want);
			fam->free(&g);
		}
	}
	printf("# %s: %zu populations from family %s: miss %zu, hit %zu, starts overlapped %zu, invalid %zu, "
	       "iteration limit %zu\n",
	       d->name, pops, fam->name, tally[SW_MISS], tally[SW_HIT], tally[SW_STARTS_OVERLAPPED],
	       tally[SW_PAIR_INVALID], tally[SW_ITER_LIMIT]);
	tap(ref_bad == 0 && pops > 0, "%s/ref matches the single-pair functions%s", d->name, "");
	for (int t = 0; t < ntiers; t++)
		tap(bad[t] == 0, "%s/%s matches the reference", d->name, sw_isa_name(tiers[t]));
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	if (getenv("SW_TIERS_QUICK"))
		pop_pairs = 1000;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			pop_pairs = 1000;
		else
			only = argv[i];
	}
	scratch = aligned_alloc(64, SW_SCRATCH);
	if (!scratch)
		return 2;
	printf("# tiers on this CPU:");
	for (int k = 0; k < SW_ISA_COUNT; k++)
		if (sw_isa_available((sw_isa)k))
			printf(" %s", sw_isa_name((sw_isa)k));
	printf("\n");
	for (int q = 0; q < SW_Q_COUNT; q++)
		if ((!only || strstr(sw_query_descs[q].name, only)) && !sw_src_split(sw_query_descs[q].a))
			check_query((sw_query)q); /* split rows: tests/split_tiers.c */
	printf("1..%d\n", tap_index);
	free(scratch);
	return 0;
}
