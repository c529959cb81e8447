/* src/circle_earliest.c — the earliest hit of every mover over a broadphase's pair list (swept/circle.h),
 * built on the batched sweep: the pairs are swept a window at a time through the pipeline (threads,
 * chunks and tiers as any batched call), and the answers are folded in pair order into each mover's
 * earliest contact. A later pair replaces the held one only with a strictly smaller t, so among equal
 * times the lowest pair index wins and the answer does not depend on how the sweep was run. */
#include "alloc.h"
#include "circle_call.h"

/* what a mover holds during the fold */
typedef struct best {
	float t;       /* the least key so far (keys()): +Inf none yet, −Inf invalid */
	uint32_t pair; /* its pair (SW_FEATURE_NONE: none yet) */
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

/* each window pair's key in the fold: a contact's t (in [0, 1]), +Inf for a miss, −Inf for an invalid
 * pair, which then holds its mover for good. Written on the bits, without a branch, so that it runs in
 * vector registers (statuses come in no order) */
static void keys(const circle_window *restrict w, size_t cnt, float *restrict key)
{
	for (size_t l = 0; l < cnt; l++) {
		uint32_t st = w->status[l], tb, kb;
		memcpy(&tb, &w->f[0][l], 4);
		uint32_t contact = 0u - (uint32_t)((st == SW_HIT) | (st == SW_STARTS_OVERLAPPED));
		uint32_t other = 0x7f800000u | ((0u - (uint32_t)(st == SW_PAIR_INVALID)) & 0x80000000u);
		kb = (tb & contact) | (other & ~contact);
		memcpy(&key[l], &kb, 4);
	}
}

/* folds window answers [0, cnt) (pairs from + l) into the movers' least keys: a later pair replaces the
 * held one only with a strictly smaller key. A broadphase lists a mover's candidates together, so the
 * mover is held in registers while its run lasts, and its whole answer is written once at the run's
 * end when the run found its earliest contact (from the window, which still holds it) */
static void fold(const circle_call *c, const sw_pair *pairs, const circle_window *w, const float *key, size_t from,
		 size_t cnt, best *b, const sw_cast_results *first)
{
	size_t l = 0;
	while (l < cnt) {
		uint32_t i = pairs[from + l].a;
		if (i >= c->n_movers) {
			l++;
			continue;
		}
		best m = b[i];
		for (; l < cnt && pairs[from + l].a == i; l++)
			if (key[l] < m.t)
				m.t = key[l], m.pair = (uint32_t)(from + l);
		if (m.pair != b[i].pair && m.t >= 0.0f) {
			sw_cast_result a = circle_window_row(w, m.pair - from);
			circle_put(c, first, i, &a);
		}
		b[i] = m;
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
		int invalid = b[i].t == -INFINITY || !circle_mover(c, i, centre, &r, v);
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
	circle_window_init(&c, w);
	for (size_t i = 0; i < c.n_movers; i++)
		b[i] = (best){INFINITY, SW_FEATURE_NONE};
	sw_error e = SW_OK;
	for (size_t from = 0; from < n && e == SW_OK; from += SW_CIRCLE_WINDOW) {
		size_t cnt = n - from < SW_CIRCLE_WINDOW ? n - from : SW_CIRCLE_WINDOW;
		e = circle_window_sweep(&c, movers, pairs + from, w, cnt, opts, run);
		if (e == SW_OK && per_pair)
			copy_out(&c, w, from, cnt, per_pair);
		if (e == SW_OK) {
			keys(w, cnt, w->key);
			fold(&c, pairs, w, w->key, from, cnt, b, first);
		}
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
