/* bench/bench_scene.c — see bench_scene.h. */
#include "bench_scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "pipeline.h"

#define POISON_BYTE 0xAB /* 0xABABABAB: a float (−1.2e-12) and a feature id no answer has */

static bench_scene *scenes; /* every scene generated so far */

/* ---- the columns a query writes ---- */

/* a first-separating-axis twin: its name ends in "_test" (src/queries.h) */
static int is_test(const sw_query_desc *d)
{
	size_t len = strlen(d->name);
	return len > 5 && strcmp(d->name + len - 5, "_test") == 0;
}

/* whether query q writes float column i of its answer (not the "_test" twins, not 2D z columns) */
static int writes(sw_query q, int i)
{
	const sw_query_desc *d = &sw_query_descs[q];
	return !is_test(d) && i < sw_answer_floats(d->answer) &&
	       !(sw_src_planar(d->a) && (sw_answer_zmask(d->answer) >> i & 1));
}

static void cols_free(bench_cols *c)
{
	if (!c)
		return;
	free(c->status), free(c->feature);
	for (int i = 0; i < SW_MAX_FLOAT_COLS; i++)
		free(c->f[i]);
	memset(c, 0, sizeof *c);
}

/* status and feature columns and the float columns query q writes (q < 0: every column), n entries;
 * 0 when out of memory */
static int cols_init(bench_cols *c, size_t n, int q)
{
	memset(c, 0, sizeof *c);
	c->n = n;
	c->status = malloc(n);
	c->feature = malloc(n * sizeof *c->feature);
	int ok = c->status && c->feature;
	for (int i = 0; i < SW_MAX_FLOAT_COLS; i++)
		if (q < 0 || writes((sw_query)q, i))
			ok = ok && (c->f[i] = malloc(n * sizeof(float))) != NULL;
	if (!ok)
		cols_free(c);
	return ok;
}

void bench_poison(const bench_cols *c, sw_query q)
{
	memset(c->status, 0xff, c->n);
	memset(c->feature, POISON_BYTE, c->n * sizeof *c->feature);
	for (int i = 0; i < SW_MAX_FLOAT_COLS; i++)
		if (writes(q, i))
			memset(c->f[i], POISON_BYTE, c->n * sizeof(float));
}

static int same_bits(const float *x, const float *y)
{
	uint32_t a, b;
	memcpy(&a, x, 4), memcpy(&b, y, 4);
	return a == b || (*x != *x && *y != *y);
}

size_t bench_mismatches_cols(const bench_cols *got, const bench_cols *want, sw_query q, size_t done, uint32_t mask)
{
	size_t bad = 0;
	int feature = (mask & BENCH_COL_FEATURE) != 0;
	for (size_t k = 0; k < done; k++) {
		int ok = got->status[k] == want->status[k] && (!feature || got->feature[k] == want->feature[k]);
		for (int i = 0; i < SW_MAX_FLOAT_COLS && ok; i++)
			ok = !writes(q, i) || !(mask >> i & 1) || same_bits(&got->f[i][k], &want->f[i][k]);
		bad += !ok;
	}
	return bad;
}

size_t bench_mismatches(const bench_cols *got, const bench_cols *want, sw_query q, size_t done)
{
	return bench_mismatches_cols(got, want, q, done, BENCH_COLS_ALL);
}

/* ---- the call ---- */

sw_error bench_call(sw_query q, const bench_scene *s, const bench_cols *c, size_t off, size_t n)
{
	return bench_call_cols(q, s, c, off, n, BENCH_COLS_ALL);
}

sw_error bench_call_cols(sw_query q, const bench_scene *s, const bench_cols *c, size_t off, size_t n, uint32_t mask)
{
	sw_opts_any two_sided;
	const sw_query_desc *d = &sw_query_descs[q];
	sw_columns cols;
	memset(&cols, 0, sizeof cols);
	cols.status = c->status + off;
	cols.feature = mask & BENCH_COL_FEATURE ? c->feature + off : NULL;
	for (int i = 0; i < SW_MAX_FLOAT_COLS; i++)
		if (writes(q, i) && (mask >> i & 1))
			cols.f[i] = c->f[i] + off;
	sw_any_results res;
	sw_columns_store(d->answer, &cols, &res);
	const void *out = &res;
	const void *opts = sw_opts_sided(d->opts, 0, &two_sided);
	if (s->g.pairs)
		return sw_run(q, s->g.a, s->g.b, s->g.pairs + off, n, opts, NULL, out);
	/* packed: the blocks of the window (off is a multiple of SW_BLOCK) */
	const unsigned char *blocks = s->g.a;
	return sw_run(q, blocks + off / SW_BLOCK * sw_src_block_size(d->a), NULL, NULL, n, opts, NULL, out);
}

/* ---- the cache ---- */

static void scene_free(bench_scene *s)
{
	for (int q = 0; q < SW_Q_COUNT; q++) {
		cols_free(s->want[q]);
		free(s->want[q]);
	}
	cols_free(&s->out);
	if (s->g.state)
		s->fam->free(&s->g);
	free(s);
}

bench_scene *bench_scene_get(const gen_family *fam, unsigned mix, sw_src a, sw_src b, size_t n)
{
	for (bench_scene *s = scenes; s; s = s->next)
		if (s->fam == fam && s->mix == mix && s->a == a && s->b == b && s->n == n)
			return s;
	bench_scene *s = calloc(1, sizeof *s);
	if (!s || !fam->bench(mix, n, a, b, &s->g) || s->g.n != n || !cols_init(&s->out, n, -1)) {
		fprintf(stderr, "scene %s/%u of %zu pairs: generation failed (no such scene, or out of memory)\n",
			fam->name, mix, n);
		if (s)
			scene_free(s);
		return NULL;
	}
	s->fam = fam, s->mix = mix, s->a = a, s->b = b, s->n = n;
	s->next = scenes;
	scenes = s;
	return s;
}

const bench_cols *bench_scene_want(bench_scene *s, sw_query q)
{
	if (s->want[q])
		return s->want[q];
	bench_cols *w = malloc(sizeof *w);
	if (!w || !cols_init(w, s->n, (int)q)) {
		free(w);
		return NULL;
	}
	bench_poison(w, q);
	sw_isa prev = sw_active_isa();
	int ok = bench_select_isa(SW_ISA_REF) && bench_call(q, s, w, 0, s->n) == SW_OK;
	sw_set_isa_cap(prev);
	if (!ok) {
		fprintf(stderr, "%s: the reference row failed on the scene\n", sw_query_descs[q].name);
		cols_free(w);
		free(w);
		return NULL;
	}
	s->want[q] = w;
	return w;
}

void bench_scenes_free(void)
{
	/* the list is as long as the scenes a run asked for: a few dozen at most */
	while (scenes) {
		bench_scene *next = scenes->next;
		scene_free(scenes);
		scenes = next;
	}
}
