/* tests/test_mixed.c — the mixed calls (swept/mixed.h): a list mixing every pair type a mixed call
 * answers (each set-indexed query's generator population, its sets named side by side, for the query
 * the call routes the pair of kinds to), the same pairs with their sides exchanged, pairs of kinds no
 * query answers and pairs naming a set past the list, shuffled over several windows, for the sweep,
 * the overlap, the cast (swept circles and spheres, GJK shape and ray casts) and the distance (GJK):
 * every answer equals its query's own batched answer bit for bit (exchanged: the normal negated, a
 * zero +0; a distance's witness points traded), whatever the chunk, the tier cap and the columns
 * asked for; the call's errors write nothing. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "mixed_int.h"
#include "pipeline.h"

#define PER_ROW 4000
#define MAX_ROWS 16
#define MAX_PAIRS (MAX_ROWS * PER_ROW * 2 + 4096)

/* the answers of a list, in columns, and the list's expected answers */
typedef struct answers {
	uint8_t status[MAX_PAIRS];
	uint32_t feature[MAX_PAIRS];
	float f[SW_MAX_FLOAT_COLS][MAX_PAIRS];
} answers;

static answers got, want;
static sw_mixed_pair list[MAX_PAIRS];
static uint8_t flat[MAX_PAIRS];           /* a 2D pair: its z columns are not written */
static sw_src set_src[SW_MIXED_MAX_SETS]; /* the source kind of each set named */

static sw_set_kind kind_of(sw_src s)
{
	switch (s) {
	case SW_SRC_OBB3: return SW_SET_OBB3;
	case SW_SRC_TRI3: return SW_SET_TRI3;
	case SW_SRC_POLY2: return SW_SET_POLY2;
	case SW_SRC_HULL3: return SW_SET_HULL3;
	case SW_SRC_CIRCLE2: return SW_SET_CIRCLE2;
	case SW_SRC_SEG2: return SW_SET_SEG2;
	case SW_SRC_CIRCLE3: return SW_SET_CIRCLE3;
	case SW_SRC_SHAPE3: return SW_SET_SHAPE3;
	case SW_SRC_SHAPE2: return SW_SET_SHAPE2;
	case SW_SRC_RAY3: return SW_SET_RAY3;
	case SW_SRC_RAY2: return SW_SET_RAY2;
	default: return 0;
	}
}

/* the results struct of kind ans over `a` (every column), from pair `off` on */
static const void *results_of(sw_answer ans, answers *a, size_t off, sw_any_results *res)
{
	sw_columns c;
	memset(&c, 0, sizeof c);
	c.status = a->status + off;
	c.feature = a->feature + off;
	for (int i = 0; i < sw_answer_floats(ans); i++)
		c.f[i] = a->f[i] + off;
	sw_columns_store(ans, &c, res);
	return res;
}

/* the float columns that change sign with the sides: the normal (a cast's slide too) */
static unsigned normal_cols(sw_answer ans) { return ans == SW_ANS_SWEEP ? 0x1cu : ans == SW_ANS_CAST ? 0x7e0u : 0xeu; }

/* the column whose value column c takes with the sides exchanged: a distance's witness points trade */
static int traded_col(sw_answer ans, int c) { return ans != SW_ANS_DISTANCE || c < 4 ? c : c < 7 ? c + 3 : c - 3; }

/* whether a mixed call of kind ans answers sources (a, b) */
static int answered(sw_answer ans, sw_src a, sw_src b)
{
	int swap;
	return sw_mixed_route(ans, a, b, &swap) >= 0;
}

/* a mixed list over every set-indexed public row of kind ans: the sets named, the list with its
 * expected answers; returns the list's length */
static size_t build(sw_answer ans, sw_set_ref *sets, size_t *num_sets, gen_batch *batches, const gen_family **fams,
		    size_t *nb)
{
	size_t n = 0;
	*num_sets = 0, *nb = 0;
	sc_rng r = sc_rng_seed(0x313ed);
	for (int q = 0; q < SW_Q_COUNT; q++) {
		const sw_query_desc *d = &sw_query_descs[q];
		int swap;
		if (!d->pub || d->answer != ans || d->b == SW_SRC_NONE || sw_mixed_route(ans, d->a, d->b, &swap) != q)
			continue; /* not the query the call runs for these kinds (a SAT row before a GJK row) */
		cr_assert_lt(*nb, MAX_ROWS);
		fams[*nb] = gen_for(d);
		gen_batch *g = &batches[(*nb)++];
		cr_assert(fams[*nb - 1]->make(0, PER_ROW, d->a, d->b, g), "%s: no population", d->name);
		uint32_t sa = (uint32_t)(*num_sets)++, sb = (uint32_t)(*num_sets)++;
		sets[sa] = (sw_set_ref){kind_of(d->a), g->a};
		sets[sb] = (sw_set_ref){kind_of(d->b), g->b};
		set_src[sa] = d->a, set_src[sb] = d->b;
		sw_any_results res;
		cr_assert_eq(
			sw_run((sw_query)q, g->a, g->b, g->pairs, g->n, NULL, NULL, results_of(ans, &want, n, &res)),
			SW_OK);
		for (size_t k = 0; k < g->n; k++) {
			list[n + k] = (sw_mixed_pair){sa, g->pairs[k].a, sb, g->pairs[k].b};
			flat[n + k] = (uint8_t)sw_src_planar(d->a);
		}
		/* the same pairs the other way round, where no query takes them in that order */
		size_t m = g->n;
		if (d->a != d->b && sw_mixed_route(ans, d->b, d->a, &swap) == q && swap) {
			for (size_t k = 0; k < g->n; k++) {
				list[n + m + k] = (sw_mixed_pair){sb, g->pairs[k].b, sa, g->pairs[k].a};
				flat[n + m + k] = flat[n + k];
				want.status[n + m + k] = want.status[n + k];
				want.feature[n + m + k] = want.feature[n + k];
				for (int c = 0; c < sw_answer_floats(ans); c++) {
					float v = want.f[traded_col(ans, c)][n + k];
					want.f[c][n + m + k] = (normal_cols(ans) >> c & 1) && v != 0 ? -v : v;
				}
			}
			m += g->n;
		}
		n += m;
	}
	/* kinds no query answers (the pairs of sets whose kinds have no query either way), and sets past
	 * the list */
	uint32_t none_a[64], none_b[64], nn = 0;
	for (uint32_t x = 0; x < *num_sets; x++)
		for (uint32_t y = 0; y < *num_sets && nn < 64; y++)
			if (!answered(ans, set_src[x], set_src[y]))
				none_a[nn] = x, none_b[nn++] = y;
	cr_assert_gt(nn, 0, "some pair of kinds has no query");
	for (size_t k = 0; k < 3000; k++) {
		uint32_t pick = (uint32_t)sc_below(&r, 3), c = (uint32_t)sc_below(&r, nn);
		list[n] = pick == 0   ? (sw_mixed_pair){none_a[c], 0, none_b[c], 0}
			  : pick == 1 ? (sw_mixed_pair){(uint32_t)*num_sets, 0, 0, 0}
				      : (sw_mixed_pair){0, 0, UINT32_MAX, 0};
		flat[n] = 0;
		want.status[n] = SW_PAIR_INVALID;
		want.feature[n] = SW_FEATURE_NONE;
		for (int c2 = 0; c2 < sw_answer_floats(ans); c2++)
			want.f[c2][n] = NAN;
		n++;
	}
	/* shuffled, with the expected answers */
	for (size_t i = n - 1; i > 0; i--) {
		size_t j = sc_below(&r, (uint32_t)(i + 1));
		sw_mixed_pair t = list[i];
		list[i] = list[j], list[j] = t;
		uint8_t fl = flat[i];
		flat[i] = flat[j], flat[j] = fl;
		uint8_t s = want.status[i];
		want.status[i] = want.status[j], want.status[j] = s;
		uint32_t f = want.feature[i];
		want.feature[i] = want.feature[j], want.feature[j] = f;
		for (int c = 0; c < sw_answer_floats(ans); c++) {
			float v = want.f[c][i];
			want.f[c][i] = want.f[c][j], want.f[c][j] = v;
		}
	}
	return n;
}

/* got against want on pairs [0, n) for the columns asked (mask over the float columns) */
static void compare(sw_answer ans, size_t n, unsigned asked, int feature, const char *what)
{
	size_t bad = 0;
	for (size_t i = 0; i < n && bad < 5; i++) {
		int ok = got.status[i] == want.status[i] && (!feature || got.feature[i] == want.feature[i]);
		for (int c = 0; c < sw_answer_floats(ans); c++)
			ok &= !(asked >> c & 1) || (flat[i] && (sw_answer_zmask(ans) >> c & 1)) ||
			      memcmp(&got.f[c][i], &want.f[c][i], sizeof(float)) == 0 ||
			      (isnan(got.f[c][i]) && isnan(want.f[c][i]));
		if (!ok) {
			cr_log_error(
				"%s: pair %zu (set %u item %u, set %u item %u): status %u want %u, feature %u want %u",
				what, i, list[i].set_a, list[i].a, list[i].set_b, list[i].b, got.status[i],
				want.status[i], got.feature[i], want.feature[i]);
			bad++;
		}
	}
	cr_expect_eq(bad, 0, "%s: answers differ from the queries' own", what);
}

/* the mixed call of kind ans on list[0, n) */
static sw_error call(sw_answer ans, const sw_set_ref *sets, size_t num_sets, size_t n, const sw_batch_opts *run,
		     const void *out)
{
	switch (ans) {
	case SW_ANS_SWEEP: return sw_mixed_sweep_batch(sets, num_sets, list, n, NULL, run, out);
	case SW_ANS_OVERLAP: return sw_mixed_overlap_batch(sets, num_sets, list, n, NULL, run, out);
	case SW_ANS_DISTANCE: return sw_mixed_distance_batch(sets, num_sets, list, n, NULL, run, out);
	default: return sw_mixed_cast_batch(sets, num_sets, list, n, NULL, run, out);
	}
}

static void run_all(sw_answer ans)
{
	static gen_batch batches[MAX_ROWS];
	const gen_family *fams[MAX_ROWS];
	sw_set_ref sets[SW_MIXED_MAX_SETS];
	size_t num_sets, nb;
	size_t n = build(ans, sets, &num_sets, batches, fams, &nb);
	cr_assert_gt(n, SW_MIXED_WINDOW, "the list spans several windows");
	const sw_batch_opts runs[] = {{0}, {.chunk = 48}, {.isa = SW_BATCH_ISA(SW_ISA_REF)}};
	for (size_t v = 0; v < sizeof runs / sizeof runs[0]; v++) {
		memset(&got, 0xA5, sizeof got);
		sw_any_results res;
		const void *out = results_of(ans, &got, 0, &res);
		sw_error e = call(ans, sets, num_sets, n, &runs[v], out);
		cr_assert_eq(e, SW_OK);
		compare(ans, n, (1u << sw_answer_floats(ans)) - 1, 1,
			v == 0 ? "default run" : "chunk 48 or scalar cap");
	}
	/* the status alone (an overlap then runs each query's first-separating-axis test) */
	memset(&got, 0xA5, sizeof got);
	sw_columns c;
	memset(&c, 0, sizeof c);
	c.status = got.status;
	sw_any_results res;
	sw_columns_store(ans, &c, &res);
	cr_assert_eq(call(ans, sets, num_sets, n, NULL, &res), SW_OK);
	compare(ans, n, 0, 0, "status only");
	for (size_t b = 0; b < nb; b++)
		fams[b]->free(&batches[b]);
}

Test(mixed, sweep_answers_as_each_query) { run_all(SW_ANS_SWEEP); }

Test(mixed, overlap_answers_as_each_query) { run_all(SW_ANS_OVERLAP); }

Test(mixed, cast_answers_as_each_query) { run_all(SW_ANS_CAST); }

Test(mixed, distance_answers_as_each_query) { run_all(SW_ANS_DISTANCE); }

/* a malformed call returns its error and writes nothing */
Test(mixed, errors_write_nothing)
{
	sw_obb3_set *boxes;
	cr_assert_eq(sw_obb3_set_create(4, &boxes), SW_OK);
	sw_obb3 box = {sw_v3(1, 1, 1)};
	sw_pose3 at = {sw_v3(0, 0, 0), {0, 0, 0, 1}};
	for (int i = 0; i < 2; i++)
		cr_assert_eq(sw_obb3_set_add(boxes, &box, at, sw_v3(0, 0, 0), NULL), SW_OK);
	sw_set_ref sets[SW_MIXED_MAX_SETS + 1];
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		sets[i] = (sw_set_ref){SW_SET_OBB3, boxes};
	const sw_mixed_pair pairs[2] = {{0, 0, 1, 1}, {1, 1, 0, 0}};
	uint8_t status[2] = {0xEE, 0xEE};
	float t[2] = {-7, -7};
	sw_sweep_results out = {.status = status, .t_first = t};
	sw_sweep_results no_status = {.t_first = t};
	sw_set_ref bad_kind[2] = {{SW_SET_OBB3, boxes}, {(sw_set_kind)99, boxes}};
	sw_set_ref null_set[2] = {{SW_SET_OBB3, boxes}, {SW_SET_OBB3, NULL}};
	sw_batch_opts half_sched = {.threads = 1, .finish = (sw_finish_fn *)1};
	sw_batch_opts foreign = {.isa = SW_BATCH_ISA(SW_ISA_COUNT)};
	struct {
		sw_error e;
		const sw_set_ref *sets;
		size_t num_sets;
		const sw_mixed_pair *pairs;
		size_t n;
		const sw_batch_opts *run;
		const sw_sweep_results *out;
	} cases[] = {
		{SW_ERR_NULL, sets, 2, pairs, 2, NULL, NULL},
		{SW_ERR_NULL, sets, 2, pairs, 2, NULL, &no_status},
		{SW_ERR_NULL, NULL, 2, pairs, 2, NULL, &out},
		{SW_ERR_NULL, sets, 2, NULL, 2, NULL, &out},
		{SW_ERR_NULL, null_set, 2, pairs, 2, NULL, &out},
		{SW_ERR_ARG, bad_kind, 2, pairs, 2, NULL, &out},
		{SW_ERR_ARG, sets, SW_MIXED_MAX_SETS + 1, pairs, 2, NULL, &out},
		{SW_ERR_SIZE, sets, 2, pairs, SW_MAX_BATCH + 1, NULL, &out},
		{SW_ERR_NULL, sets, 2, pairs, 2, &half_sched, &out},
		{SW_ERR_UNSUPPORTED, sets, 2, pairs, 2, &foreign, &out},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		sw_error e = sw_mixed_sweep_batch(cases[i].sets, cases[i].num_sets, cases[i].pairs, cases[i].n, NULL,
						  cases[i].run, cases[i].out);
		cr_expect_eq(e, cases[i].e, "case %zu: %d, want %d", i, e, cases[i].e);
		cr_expect(status[0] == 0xEE && status[1] == 0xEE && t[0] == -7 && t[1] == -7, "case %zu wrote", i);
	}
	/* and a well-formed one answers both pairs, one of them with a bad item index */
	const sw_mixed_pair some[2] = {{0, 0, 1, 1}, {1, 5, 0, 0}};
	cr_expect_eq(sw_mixed_sweep_batch(sets, 2, some, 2, NULL, NULL, &out), SW_OK);
	cr_expect_eq(status[0], SW_STARTS_OVERLAPPED);
	cr_expect_eq(status[1], SW_PAIR_INVALID);
	cr_expect_eq(sw_mixed_sweep_batch(sets, 0, NULL, 0, NULL, NULL, &out), SW_OK);
	/* GJK options out of their range (a box pair's cast is GJK's): nothing written */
	const sw_gjk_opts too_many = {SW_GJK_MAX_ITERS + 1, 0.0f}, negative = {0, -1.0f};
	const sw_gjk_opts *bad_gjk[2] = {&too_many, &negative};
	for (int i = 0; i < 2; i++) {
		sw_mixed_opts mo = {NULL, bad_gjk[i]};
		status[0] = status[1] = 0xEE, t[0] = t[1] = -7;
		sw_cast_results cast = {.status = status, .t = t};
		cr_expect_eq(sw_mixed_cast_batch(sets, 2, pairs, 2, &mo, NULL, &cast), SW_ERR_ARG);
		cr_expect(status[0] == 0xEE && status[1] == 0xEE && t[0] == -7 && t[1] == -7, "bad GJK options wrote");
	}
	sw_obb3_set_destroy(boxes);
}
