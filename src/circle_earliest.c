/* src/circle_earliest.c — the earliest hit of every mover over a broadphase's pair list (swept/circle.h),
 * built on the batched sweep: the pairs are swept a window at a time through the pipeline (threads,
 * chunks and tiers as any batched call), and the answers are folded in pair order into each mover's
 * earliest contact. A later pair replaces the held one only with a strictly smaller t, so among equal
 * times the lowest pair index wins and the answer does not depend on how the sweep was run. */
#include "alloc.h"
#include "circle_call.h"

/* what a mover holds during the fold */
typedef struct best {
	float t;
	uint32_t pair; /* SW_FEATURE_NONE: none yet */
	uint32_t invalid;
} best;

/* the window's answers into the per-pair columns asked for, a column at a time */
static void copy_out(const circle_call *c, const circle_window *w, size_t from, size_t cnt, const sw_cast_results *o)
{
	sw_columns dst = sw_columns_of(SW_ANS_CAST, o);
	memcpy(dst.status + from, w->status, cnt);
	if (dst.feature)
		memcpy(dst.feature + from, w->feature, cnt * sizeof(uint32_t));
	for (int k = 0; k < 11; k++)
		if (dst.f[k] && (c->dim == 3 || !(sw_answer_zmask(SW_ANS_CAST) >> k & 1)))
			memcpy(dst.f[k] + from, w->f[k], cnt * sizeof(float));
}

/* folds window answers [0, cnt) (pairs from + l) into the movers: only a status and a time are read
 * per pair, a whole answer only when it becomes a mover's earliest */
static void fold(const circle_call *c, const sw_pair *pairs, const circle_window *w, size_t from, size_t cnt, best *b,
		 const sw_cast_results *first)
{
	for (size_t l = 0; l < cnt; l++) {
		size_t k = from + l;
		uint32_t i = pairs[k].a, st = w->status[l];
		if (i >= c->n_movers || b[i].invalid)
			continue;
		if (st == SW_PAIR_INVALID) {
			b[i].invalid = 1;
			continue;
		}
		int contact = st == SW_HIT || st == SW_STARTS_OVERLAPPED;
		float t = w->f[0][l];
		if (contact && (b[i].pair == SW_FEATURE_NONE || t < b[i].t)) {
			b[i].t = t, b[i].pair = (uint32_t)k;
			sw_cast_result a = circle_window_row(w, l);
			circle_put(c, first, i, &a);
		}
	}
}

/* the movers' rows that no contact wrote: MISS, or INVALID for an invalid mover or pair */
static void finish(const circle_call *c, const best *b, const sw_cast_results *first, uint32_t *first_pair)
{
	const float nan = NAN;
	const sw_cast_result miss = {SW_MISS, SW_FEATURE_NONE, 1.0f, 0.0f, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
	const sw_cast_result bad = {SW_PAIR_INVALID, SW_FEATURE_NONE, nan, nan, {nan, nan, nan},
				    {nan, nan, nan}, {nan, nan, nan}};
	for (size_t i = 0; i < c->n_movers; i++) {
		float centre[3], r, v[3];
		int invalid = b[i].invalid || !circle_mover(c, i, centre, &r, v);
		if (invalid || b[i].pair == SW_FEATURE_NONE)
			circle_put(c, first, i, invalid ? &bad : &miss);
		if (first_pair)
			first_pair[i] = invalid ? SW_FEATURE_NONE : b[i].pair;
	}
}

static sw_error earliest(int dim, const void *movers, const void *geo, const sw_pair *pairs, size_t n,
			 const sw_circle_opts *opts, const sw_batch_opts *run, const sw_cast_results *first,
			 uint32_t *first_pair, const sw_cast_results *per_pair)
{
	if (!movers || !geo || !first || !first->status || (n && !pairs) || (per_pair && !per_pair->status))
		return SW_ERR_NULL;
	if (n > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	circle_call c = circle_call_of(dim, movers, geo);
	size_t bytes = c.n_movers * sizeof(best);
	best *b = c.n_movers ? sw_alloc(bytes, 64) : NULL;
	circle_window *w = sw_alloc(sizeof *w, 64);
	if ((c.n_movers && !b) || !w) {
		sw_free(b, bytes), sw_free(w, sizeof *w);
		return SW_ERR_NOMEM;
	}
	memset(w, 0, sizeof *w);
	for (size_t i = 0; i < c.n_movers; i++)
		b[i] = (best){INFINITY, SW_FEATURE_NONE, 0};
	sw_error e = SW_OK;
	for (size_t from = 0; from < n && e == SW_OK; from += SW_CIRCLE_WINDOW) {
		size_t cnt = n - from < SW_CIRCLE_WINDOW ? n - from : SW_CIRCLE_WINDOW;
		memcpy(w->pairs, pairs + from, cnt * sizeof *pairs);
		e = circle_window_sweep(&c, movers, w, cnt, opts, run);
		if (e == SW_OK && per_pair)
			copy_out(&c, w, from, cnt, per_pair);
		if (e == SW_OK)
			fold(&c, pairs, w, from, cnt, b, first);
	}
	if (e == SW_OK)
		finish(&c, b, first, first_pair);
	sw_free(b, bytes), sw_free(w, sizeof *w);
	return e;
}

sw_error sw_circle2_seg2_earliest_batch(const sw_circle2_set *movers, const sw_seg2_set *segs, const sw_pair *pairs,
					size_t n, const sw_circle_opts *opts, const sw_batch_opts *run,
					const sw_cast_results *first, uint32_t *first_pair,
					const sw_cast_results *per_pair)
{
	return earliest(2, movers, segs, pairs, n, opts, run, first, first_pair, per_pair);
}

sw_error sw_circle3_tri3_earliest_batch(const sw_circle3_set *movers, const sw_tri3_set *tris, const sw_pair *pairs,
					size_t n, const sw_circle_opts *opts, const sw_batch_opts *run,
					const sw_cast_results *first, uint32_t *first_pair,
					const sw_cast_results *per_pair)
{
	return earliest(3, movers, tris, pairs, n, opts, run, first, first_pair, per_pair);
}
