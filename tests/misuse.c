/* tests/misuse.c — bad input and misuse of every public entry point of the query list, checked through
 * the public functions (the list names each one), on every tier this CPU has:
 *   - bad input: every fault class of the query's generator family (NaN, Inf, out-of-range values,
 *     bad extents, orientations, shapes, counts in packed lanes, indices out of range) in one pair
 *     makes that pair SW_PAIR_INVALID (no feature, NaN floats) and leaves every other answer's bits
 *     as they were;
 *   - malformed calls: NULL sources, pairs, results or status column, n past SW_MAX_BATCH, packed
 *     blocks off their 64-byte alignment, batch options out of their domain (a foreign tier cap, half
 *     a scheduler, a worker index past the workers): the documented error and nothing written;
 *   - edges a careless caller reaches: n = 0 and n = 1 write exactly that many entries; result
 *     columns at unaligned addresses, aliased float columns, out-of-range option values and absurd
 *     thread and chunk counts give the same statuses.
 * A plain C program printing TAP, one line per query and check. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* ---- the public entry points, from the list ---- */

typedef sw_error entry_fn(const void *a, const void *b, const sw_pair *pairs, size_t n, const void *opts,
			  const sw_batch_opts *run, const void *out);

#define CAT4_(a, b, c, d) a##b##c##d
#define CAT4(a, b, c, d) CAT4_(a, b, c, d)
#define SIDE_OBB3 IDX
#define SIDE_TRI3 IDX
#define SIDE_POLY2 IDX
#define SIDE_HULL3 IDX
#define SIDE_SEG2 IDX
#define SIDE_NONE PACKED
#define CALL_IDX_NONE(name) sw_##name##_batch(a, b, pairs, n, run, out)
#define CALL_IDX_SWEEP(name) sw_##name##_batch(a, b, pairs, n, opts, run, out)
#define CALL_IDX_CIRCLE(name) sw_##name##_batch(a, b, pairs, n, opts, run, out)
#define SIDE_SHAPE3 IDX
#define SIDE_SHAPE2 IDX
#define SIDE_RAY3 IDX
#define SIDE_RAY2 IDX
#define CALL_IDX_GJK(name) sw_##name##_batch(a, b, pairs, n, opts, run, out)
#define CALL_PACKED_NONE(name) sw_##name(a, n, out)
#define CALL_PACKED_SWEEP(name) sw_##name(a, n, opts, out)
#define CALL_PACKED_CIRCLE(name) sw_##name(a, n, opts, out)

/* the public function of a row with one (pub YES); a "_test" twin is reached through its full row */
#define ADAPT_YES(name, B, OPTS)                                                                                    \
	static sw_error call_##name(const void *a, const void *b, const sw_pair *pairs, size_t n, const void *opts, \
				    const sw_batch_opts *run, const void *out)                                      \
	{                                                                                                           \
		(void)a, (void)b, (void)pairs, (void)opts, (void)run;                                               \
		return CAT4(CALL_, SIDE_##B, _, OPTS)(name);                                                        \
	}
#define ADAPT_NO(name, B, OPTS)
#define ENTRY(t, name, A, B, OPTS, answer, order, pub) ADAPT_##pub(name, B, OPTS)
SW_QUERIES(ENTRY, _)
#undef ENTRY
#define SLOT_YES(name) [SW_Q_##name] = call_##name,
#define SLOT_NO(name)
#define ENTRY(t, name, A, B, OPTS, answer, order, pub) SLOT_##pub(name)
static entry_fn *entries[SW_Q_COUNT] = {SW_QUERIES(ENTRY, _)};
#undef ENTRY

/* a twin's calls go to its full row's function, with only status and feature asked for */
static void link_twins(void)
{
	for (int q = 0; q < SW_Q_COUNT; q++) {
		if (entries[q])
			continue;
		const char *name = sw_query_descs[q].name;
		size_t len = strlen(name) - strlen("_test");
		for (int k = 0; k < SW_Q_COUNT; k++)
			if (strlen(sw_query_descs[k].name) == len && strncmp(sw_query_descs[k].name, name, len) == 0)
				entries[q] = entries[k];
	}
}

/* ---- results ---- */

#define POISON 0x5A
enum { N = 64, VICTIMS = 2 };
static const size_t victim[VICTIMS] = {5, 37};

typedef struct rows {
	uint8_t st[N + 1];
	uint32_t ft[N];
	float f[SW_MAX_FLOAT_COLS][N];
	sw_any_results out;
} rows;

static int is_test_twin(const sw_query_desc *d) { return strstr(d->name, "_test") != NULL; }

/* whether a query writes float column r of its answer: not the "_test" twins (status and feature
 * only), not the z columns of 2D queries */
static int writes(const sw_query_desc *d, int r)
{
	return !is_test_twin(d) && r < sw_answer_floats(d->answer) &&
	       !(sw_src_planar(d->a) && (sw_answer_zmask(d->answer) >> r & 1));
}

/* results of d's kind over columns st, ft and the float rows f0 + r·stride (alias: all rows at f0);
 * the columns d does not write are NULL */
static void columns(const sw_query_desc *d, uint8_t *st, uint32_t *ft, float *f0, size_t stride, void *out)
{
	sw_columns c;
	memset(&c, 0, sizeof c);
	c.status = st, c.feature = ft;
	for (int r = 0; r < SW_MAX_FLOAT_COLS; r++)
		if (writes(d, r))
			c.f[r] = f0 + (size_t)r * stride;
	sw_columns_store(d->answer, &c, out);
}

static void rows_init(rows *r, const sw_query_desc *d)
{
	memset(r, POISON, sizeof *r);
	columns(d, r->st, r->ft, &r->f[0][0], N, &r->out);
}

static const void *rows_out(const rows *r) { return &r->out; }

static int same_bits(float x, float y) { return memcmp(&x, &y, 4) == 0; }

static int tap_index, failures;

static void tap(int ok, const char *what, const sw_query_desc *d, const char *detail)
{
	printf("%s %d - %s/%s%s%s\n", ok ? "ok" : "not ok", ++tap_index, d->name, what, detail ? " " : "",
	       detail ? detail : "");
	failures += !ok;
	fflush(stdout);
}

/* ---- bad input ---- */

/* one fault class in the victims of a fresh population: victims invalid, neighbours unchanged */
static int check_fault(sw_query q, const gen_family *fam, unsigned c, char *why, size_t len)
{
	const sw_query_desc *d = &sw_query_descs[q];
	gen_batch g;
	if (!fam->make(0, N, d->a, d->b, &g)) {
		snprintf(why, len, "population not built");
		return 0;
	}
	sw_opts_any one_sided;
	const void *opts = sw_opts_sided(d->opts, 1, &one_sided);
	rows before, after;
	int ok = 1;
	rows_init(&before, d), rows_init(&after, d);
	if (entries[q](g.a, g.b, g.pairs, g.n, opts, NULL, rows_out(&before)) != SW_OK) {
		snprintf(why, len, "the clean call failed");
		fam->free(&g);
		return 0;
	}
	int hit[N] = {0}, applied = 0;
	for (int v = 0; v < VICTIMS; v++)
		if (fam->damage(&g, d, victim[v], c))
			hit[victim[v]] = 1, applied = 1;
	if (!applied) {
		fam->free(&g);
		return -1; /* the class does not apply to these sources */
	}
	entries[q](g.a, g.b, g.pairs, g.n, opts, NULL, rows_out(&after));
	for (size_t k = 0; k < N && ok; k++) {
		if (hit[k]) {
			ok = after.st[k] == SW_PAIR_INVALID && after.ft[k] == SW_FEATURE_NONE;
			for (int r = 0; r < SW_MAX_FLOAT_COLS; r++)
				ok = ok && (!writes(d, r) || isnan(after.f[r][k]));
			if (!ok)
				snprintf(why, len, "victim %zu: status %u feature %u", k, after.st[k], after.ft[k]);
			continue;
		}
		ok = after.st[k] == before.st[k] && after.ft[k] == before.ft[k];
		for (int r = 0; r < SW_MAX_FLOAT_COLS; r++)
			ok = ok && same_bits(after.f[r][k], before.f[r][k]);
		if (!ok)
			snprintf(why, len, "neighbour %zu changed (status %u → %u)", k, before.st[k], after.st[k]);
	}
	fam->free(&g);
	return ok;
}

static void check_bad_input(sw_query q, const gen_family *fam)
{
	const sw_query_desc *d = &sw_query_descs[q];
	for (unsigned c = 0; c < fam->nfaults; c++) {
		char why[160] = "", what[96];
		int ok = 1;
		for (int isa = 0; isa < SW_ISA_COUNT && ok == 1; isa++) {
			if (!sw_isa_available((sw_isa)isa))
				continue;
			sw_set_isa_cap((sw_isa)isa);
			ok = check_fault(q, fam, c, why, sizeof why);
			if (ok == 0)
				snprintf(what, sizeof what, "on %s", sw_isa_name((sw_isa)isa));
		}
		sw_set_isa_cap(sw_best_isa());
		if (ok < 0)
			continue;
		char name[64];
		snprintf(name, sizeof name, "bad_input/%s", fam->fault_name(c));
		tap(ok, name, d, ok ? NULL : why);
	}
}

/* ---- malformed calls ---- */

/* a tier of another architecture */
#if defined(__aarch64__)
#define FOREIGN_ISA SW_ISA_AVX2
#else
#define FOREIGN_ISA SW_ISA_NEON
#endif

/* a scheduler that runs every range on worker 2 of 2 (an index past the workers) */
static void *bad_enqueue(sw_task_fn *task, uint32_t count, uint32_t min_range, void *task_ctx, void *user)
{
	(void)min_range, (void)user;
	for (uint32_t i = 0; i < count; i++)
		task(i, i + 1, 2, task_ctx);
	return NULL;
}

static void no_finish(void *handle, void *user) { (void)handle, (void)user; }

static int untouched(const rows *r)
{
	for (size_t k = 0; k <= N; k++)
		if (r->st[k] != POISON)
			return 0;
	return 1;
}

static void check_malformed(sw_query q, const gen_family *fam)
{
	const sw_query_desc *d = &sw_query_descs[q];
	gen_batch g;
	if (!fam->make(0, N, d->a, d->b, &g)) {
		tap(0, "malformed", d, "population not built");
		return;
	}
	int packed = g.pairs == NULL;
	entry_fn *call = entries[q];
	rows r;
	char why[128] = "";
	int ok = 1;
#define EXPECT(expr, err, label)                                                                                       \
	do {                                                                                                           \
		rows_init(&r, d);                                                                                      \
		sw_error got = (expr);                                                                                 \
		if (ok && (got != (err) || !untouched(&r))) {                                                          \
			ok = 0;                                                                                        \
			snprintf(why, sizeof why, "%s: %s, wanted %s", label, sw_error_name(got), sw_error_name(err)); \
		}                                                                                                      \
	} while (0)
	const void *out = rows_out(&r);
	rows nost;
	columns(d, NULL, r.ft, &r.f[0][0], N, &nost.out);
	const void *no_status = rows_out(&nost);
	EXPECT(call(g.a, g.b, g.pairs, g.n, NULL, NULL, NULL), SW_ERR_NULL, "NULL results");
	EXPECT(call(g.a, g.b, g.pairs, g.n, NULL, NULL, no_status), SW_ERR_NULL, "NULL status column");
	EXPECT(call(NULL, g.b, g.pairs, g.n, NULL, NULL, out), SW_ERR_NULL, "NULL first source");
	EXPECT(call(g.a, g.b, g.pairs, SW_MAX_BATCH + 1, NULL, NULL, out), SW_ERR_SIZE, "n past SW_MAX_BATCH");
	EXPECT(call(g.a, g.b, g.pairs, 0, NULL, NULL, out), SW_OK, "n = 0");
	if (d->opts == SW_OPTS_GJK) {
		/* options out of their ranges: a call error, whatever the pairs */
		static const sw_gjk_opts bad[] = {{SW_GJK_MAX_ITERS + 1, 0}, {0, -1}, {0, NAN}, {0, INFINITY}};
		for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
			EXPECT(call(g.a, g.b, g.pairs, g.n, &bad[i], NULL, out), SW_ERR_ARG,
			       "GJK options out of range");
			EXPECT(call(g.a, g.b, g.pairs, 0, &bad[i], NULL, out), SW_ERR_ARG,
			       "GJK options out of range, n = 0");
		}
	}
	if (!packed) {
		EXPECT(call(g.a, NULL, g.pairs, g.n, NULL, NULL, out), SW_ERR_NULL, "NULL second source");
		EXPECT(call(g.a, g.b, NULL, g.n, NULL, NULL, out), SW_ERR_NULL, "NULL pairs");
		EXPECT(call(g.a, g.b, NULL, 0, NULL, NULL, out), SW_OK, "NULL pairs, n = 0");
		/* batch options: a foreign or unknown tier, half a scheduler, no workers, a worker index
		 * past the workers */
		const sw_batch_opts foreign = {.isa = SW_BATCH_ISA(FOREIGN_ISA)}, unknown = {.isa = 77},
				    half1 = {.threads = 2, .enqueue = bad_enqueue},
				    half2 = {.threads = 2, .finish = no_finish},
				    none = {.chunk = 16, .enqueue = bad_enqueue, .finish = no_finish},
				    past = {.threads = 2, .chunk = 16, .enqueue = bad_enqueue, .finish = no_finish};
		EXPECT(call(g.a, g.b, g.pairs, g.n, NULL, &foreign, out), SW_ERR_UNSUPPORTED, "foreign tier cap");
		EXPECT(call(g.a, g.b, g.pairs, g.n, NULL, &unknown, out), SW_ERR_UNSUPPORTED, "unknown tier cap");
		EXPECT(call(g.a, g.b, g.pairs, g.n, NULL, &half1, out), SW_ERR_NULL, "enqueue without finish");
		EXPECT(call(g.a, g.b, g.pairs, g.n, NULL, &half2, out), SW_ERR_NULL, "finish without enqueue");
		EXPECT(call(g.a, g.b, g.pairs, g.n, NULL, &none, out), SW_ERR_ARG, "a scheduler without workers");
		EXPECT(call(g.a, g.b, g.pairs, g.n, NULL, &past, out), SW_ERR_ARG, "worker index past the workers");
	} else {
		EXPECT(call((const unsigned char *)g.a + 16, g.b, g.pairs, g.n, NULL, NULL, out), SW_ERR_ALIGN,
		       "blocks at 16 mod 64");
		EXPECT(call((const unsigned char *)g.a + 4, g.b, g.pairs, g.n, NULL, NULL, out), SW_ERR_ALIGN,
		       "blocks at 4 mod 64");
	}
#undef EXPECT
	/* n = 1 writes one entry */
	rows_init(&r, d);
	if (ok && (call(g.a, g.b, g.pairs, 1, NULL, NULL, out) != SW_OK || r.st[0] == POISON || r.st[1] != POISON)) {
		ok = 0;
		snprintf(why, sizeof why, "n = 1 did not write exactly one entry");
	}
	fam->free(&g);
	tap(ok, "malformed", d, ok ? NULL : why);
}

/* ---- careless but legal: unaligned columns, aliased columns, options out of range ---- */

static void check_careless(sw_query q, const gen_family *fam)
{
	const sw_query_desc *d = &sw_query_descs[q];
	gen_batch g;
	if (!fam->make(0, N, d->a, d->b, &g)) {
		tap(0, "careless", d, "population not built");
		return;
	}
	sw_opts_any one_sided, odd;
	const void *opts = sw_opts_sided(d->opts, 1, &one_sided);
	int ok = 1;
	char why[128] = "";
	rows want;
	rows_init(&want, d);
	entries[q](g.a, g.b, g.pairs, g.n, opts, NULL, rows_out(&want));

	/* every column at an address off the vector alignment (status odd, the others 4 mod 64) */
	unsigned char *raw = aligned_alloc(64, 64 * 1024);
	uint8_t *st = raw + 1;
	uint32_t *ft = (uint32_t *)(void *)(raw + 1024 + 4);
	float *f = (float *)(void *)(raw + 4096 + 4);
	rows un;
	columns(d, st, ft, f, 2 * N, &un.out);
	entries[q](g.a, g.b, g.pairs, g.n, opts, NULL, rows_out(&un));
	for (size_t k = 0; k < N && ok; k++)
		if (st[k] != want.st[k] || ft[k] != want.ft[k] || (writes(d, 0) && !same_bits(f[k], want.f[0][k]))) {
			ok = 0;
			snprintf(why, sizeof why, "unaligned columns: pair %zu differs", k);
		}

	/* every float column the same array: statuses and features as before */
	rows al;
	columns(d, st, ft, f, 0, &al.out);
	if (entries[q](g.a, g.b, g.pairs, g.n, opts, NULL, rows_out(&al)) != SW_OK)
		ok = 0, snprintf(why, sizeof why, "aliased columns: call failed");
	for (size_t k = 0; k < N && ok; k++)
		if (st[k] != want.st[k] || ft[k] != want.ft[k])
			ok = 0, snprintf(why, sizeof why, "aliased columns: pair %zu differs", k);

	/* option values out of their range: one_sided 7 is one-sided; absurd threads and chunks */
	static const sw_batch_opts runs[] = {{.threads = UINT_MAX, .chunk = UINT_MAX},
					     {.threads = (unsigned)INT_MAX + 1u, .chunk = 1},
					     {.threads = 1000, .chunk = 3}};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0] && ok; i++) {
		rows got;
		rows_init(&got, d);
		const void *o = sw_opts_sided(d->opts, 7, &odd);
		if (entries[q](g.a, g.b, g.pairs, g.n, o, &runs[i], rows_out(&got)) != SW_OK)
			ok = 0, snprintf(why, sizeof why, "options %zu: call failed", i);
		for (size_t k = 0; k < N && ok; k++)
			if (got.st[k] != want.st[k] || got.ft[k] != want.ft[k] || !same_bits(got.f[0][k], want.f[0][k]))
				ok = 0, snprintf(why, sizeof why, "options %zu: pair %zu differs", i, k);
	}
	free(raw);
	fam->free(&g);
	tap(ok, "careless", d, ok ? NULL : why);
}

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : NULL;
	link_twins();
	for (int q = 0; q < SW_Q_COUNT; q++) {
		const sw_query_desc *d = &sw_query_descs[q];
		if ((only && !strstr(d->name, only)) || sw_src_split(d->a))
			continue; /* split rows: tests/split_tiers.c */
		const gen_family *fam = gen_for(d);
		if (!fam) {
			tap(0, "generator", d, "no family serves its sources");
			continue;
		}
		check_bad_input((sw_query)q, fam);
		check_malformed((sw_query)q, fam);
		check_careless((sw_query)q, fam);
	}
	printf("1..%d\n", tap_index);
	return 0;
}
