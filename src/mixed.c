/* src/mixed.c — a broadphase's mixed pair list (swept/mixed.h): bucketed by the pair of sets each pair
 * joins (a stable counting sort over windows of SW_MIXED_WINDOW pairs), each bucket answered through
 * the pipeline by the query the list names for its two kinds (src/queries.h: the first public row of
 * the answer kind whose sources are the two kinds, or else the two kinds exchanged, a GJK row last), and the answers
 * scattered back to the pairs' own positions. A window of one bucket with its kinds in order is
 * answered straight into the caller's columns. */
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "mixed_int.h"
#include "pipeline.h"

#define KINDS (SW_SET_RAY2 + 1)

static sw_src src_of(sw_set_kind k)
{
	switch (k) {
	case SW_SET_OBB3: return SW_SRC_OBB3;
	case SW_SET_TRI3: return SW_SRC_TRI3;
	case SW_SET_POLY2: return SW_SRC_POLY2;
	case SW_SET_HULL3: return SW_SRC_HULL3;
	case SW_SET_CIRCLE2: return SW_SRC_CIRCLE2;
	case SW_SET_SEG2: return SW_SRC_SEG2;
	case SW_SET_CIRCLE3: return SW_SRC_CIRCLE3;
	case SW_SET_SHAPE3: return SW_SRC_SHAPE3;
	case SW_SET_SHAPE2: return SW_SRC_SHAPE2;
	case SW_SET_RAY3: return SW_SRC_RAY3;
	case SW_SET_RAY2: return SW_SRC_RAY2;
	default: return SW_SRC_NONE;
	}
}

/* how a pair of kinds is answered: query q (−1: none), with the sides exchanged or not */
typedef struct route {
	int q, swap;
} route;

/* the first public row of kind ans taking (a, b), else (b, a); a row of another family before a GJK
 * row (swept/mixed.h) */
static route route_of(sw_answer ans, sw_src a, sw_src b)
{
	for (int gjk = 0; gjk < 2; gjk++)
		for (int swap = 0; swap < 2; swap++)
			for (int q = 0; q < SW_Q_COUNT; q++) {
				const sw_query_desc *d = &sw_query_descs[q];
				if (d->pub && d->answer == ans && (d->opts == SW_OPTS_GJK) == gjk &&
				    d->a == (swap ? b : a) && d->b == (swap ? a : b))
					return (route){q, swap};
			}
	return (route){-1, 0};
}

int sw_mixed_route(sw_answer ans, sw_src a, sw_src b, int *swap)
{
	route r = route_of(ans, a, b);
	*swap = r.swap;
	return r.q;
}

/* with the sides exchanged: the float columns that change sign (the normal; a cast's slide too), and
 * the column each column's value comes from (a distance's witness points trade places) */
static const unsigned swap_neg[SW_ANS_COUNT] = {0x1cu, 0xeu, 0x7e0u, 0xeu};
static int swap_col(sw_answer ans, int c)
{
	if (ans != SW_ANS_DISTANCE || c < 4)
		return c;
	return c < 7 ? c + 3 : c - 3;
}

/* the options a call was given, by family */
typedef struct call_opts {
	const sw_sweep_opts *sweep;
	const sw_circle_opts *circle;
	const sw_gjk_opts *gjk;
} call_opts;

/* the options of a query of options kind k (NULL: its defaults, filled in by the pipeline) */
static const void *opts_of(const call_opts *o, sw_opts_kind k)
{
	switch (k) {
	case SW_OPTS_SWEEP: return o->sweep;
	case SW_OPTS_CIRCLE: return o->circle;
	case SW_OPTS_GJK: return o->gjk;
	default: return NULL;
	}
}

/* a call's scratch for one window of w pairs over nk buckets */
typedef struct window {
	sw_pair *pairs;  /* the bucketed pairs, sides as their query takes them */
	uint32_t *map;   /* bucketed position → position in the window */
	uint32_t *key;   /* a pair's bucket */
	uint32_t *start; /* a bucket's first bucketed position (nk + 1) */
	sw_columns tmp;  /* answers in bucketed order */
} window;

static size_t window_bytes(sw_answer ans, const sw_columns *out, size_t w, size_t nk, window *win, unsigned char *base)
{
	size_t at = 0;
#define TAKE(field, count)                                                 \
	do {                                                               \
		if (base)                                                  \
			win->field = (count) ? (void *)(base + at) : NULL; \
		at += ((count) * sizeof *win->field + 63) / 64 * 64;       \
	} while (0)
	TAKE(pairs, w);
	TAKE(map, w);
	TAKE(key, w);
	TAKE(start, nk + 1);
	TAKE(tmp.status, w);
	TAKE(tmp.feature, out->feature ? w : 0);
	for (int c = 0; c < sw_answer_floats(ans); c++) {
		int asked = out->f[c] || out->f[swap_col(ans, c)];
		if (base)
			win->tmp.f[c] = asked ? (float *)(base + at) : NULL;
		at += asked ? (w * sizeof(float) + 63) / 64 * 64 : 0;
	}
#undef TAKE
	return at;
}

/* the columns c from pair `off` on, as a results struct of kind ans in `res`; z columns dropped for a
 * 2D query */
static const void *columns_at(sw_answer ans, const sw_columns *c, size_t off, int flat, sw_any_results *res)
{
	sw_columns s = *c;
	s.status += off;
	if (s.feature)
		s.feature += off;
	for (int i = 0; i < sw_answer_floats(ans); i++)
		s.f[i] = s.f[i] && !(flat && (sw_answer_zmask(ans) >> i & 1)) ? s.f[i] + off : NULL;
	sw_columns_store(ans, &s, res);
	return res;
}

/* bucketed answers [from, from + cnt) to their positions off + map[k] */
static void scatter(sw_answer ans, const sw_columns *out, size_t off, const window *win, size_t from, size_t cnt,
		    route r, int flat)
{
	const uint32_t *map = win->map + from;
	for (size_t k = 0; k < cnt; k++)
		out->status[off + map[k]] = win->tmp.status[from + k];
	for (size_t k = 0; out->feature && k < cnt; k++)
		out->feature[off + map[k]] = win->tmp.feature[from + k];
	unsigned neg = r.swap ? swap_neg[ans] : 0, z = flat ? sw_answer_zmask(ans) : 0;
	for (int c = 0; c < sw_answer_floats(ans); c++) {
		if (!out->f[c] || (z >> c & 1))
			continue;
		const float *t = win->tmp.f[r.swap ? swap_col(ans, c) : c] + from;
		float *o = out->f[c] + off;
		if (neg >> c & 1)
			for (size_t k = 0; k < cnt; k++)
				o[map[k]] = t[k] != 0 ? -t[k] : t[k]; /* a zero stays +0 */
		else
			for (size_t k = 0; k < cnt; k++)
				o[map[k]] = t[k];
	}
}

/* pairs no query answers */
static void invalid(sw_answer ans, const sw_columns *out, size_t off, const uint32_t *map, size_t cnt)
{
	for (size_t k = 0; k < cnt; k++) {
		size_t i = off + map[k];
		out->status[i] = SW_PAIR_INVALID;
		if (out->feature)
			out->feature[i] = SW_FEATURE_NONE;
		for (int c = 0; c < sw_answer_floats(ans); c++)
			if (out->f[c])
				out->f[c][i] = NAN;
	}
}

static sw_error check_call(sw_answer ans, const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
			   const call_opts *qopts, const sw_batch_opts *run, const void *out)
{
	if (qopts->gjk && !sw_gjk_opts_valid(qopts->gjk))
		return SW_ERR_ARG;
	if (!out || !sw_columns_of(ans, out).status || (n && !pairs) || (num_sets && !sets))
		return SW_ERR_NULL;
	if (n > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (num_sets > SW_MIXED_MAX_SETS)
		return SW_ERR_ARG;
	for (size_t i = 0; i < num_sets; i++) {
		if (src_of(sets[i].kind) == SW_SRC_NONE)
			return SW_ERR_ARG;
		if (!sets[i].set)
			return SW_ERR_NULL;
	}
	const sw_kernels *kt;
	sw_error e = sw_check_sched(run);
	return e == SW_OK ? sw_call_kernels(run, &kt) : e;
}

/* one window of cnt pairs from `off`: bucketed, each bucket run, the answers put back */
static sw_error run_window(sw_answer ans, const sw_set_ref *sets, size_t num_sets, const route *kr,
			   const sw_mixed_pair *pairs, size_t off, size_t cnt, const call_opts *qopts,
			   const sw_batch_opts *run, const sw_columns *out, window *win)
{
	const uint32_t nk = (uint32_t)(num_sets * num_sets), bad = nk;
	memset(win->start, 0, (nk + 1) * sizeof *win->start);
	for (size_t i = 0; i < cnt; i++) {
		const sw_mixed_pair *p = &pairs[off + i];
		uint32_t k = bad;
		if (p->set_a < num_sets && p->set_b < num_sets &&
		    kr[sets[p->set_a].kind * KINDS + sets[p->set_b].kind].q >= 0)
			k = p->set_a * (uint32_t)num_sets + p->set_b;
		win->key[i] = k;
		win->start[k]++;
	}
	uint32_t sum = 0;
	for (uint32_t k = 0; k <= nk; k++) {
		uint32_t c = win->start[k];
		win->start[k] = sum;
		sum += c;
	}
	for (size_t i = 0; i < cnt; i++) {
		uint32_t k = win->key[i], at = win->start[k]++;
		const sw_mixed_pair *p = &pairs[off + i];
		int swap = k != bad && kr[sets[p->set_a].kind * KINDS + sets[p->set_b].kind].swap;
		win->pairs[at] = swap ? (sw_pair){p->b, p->a} : (sw_pair){p->a, p->b};
		win->map[at] = (uint32_t)i;
	}
	/* start[k] is now bucket k's end */
	for (uint32_t k = 0, from = 0; k <= nk; from = win->start[k], k++) {
		size_t n = win->start[k] - from;
		if (n == 0)
			continue;
		if (k == bad) {
			invalid(ans, out, off, win->map + from, n);
			continue;
		}
		const sw_set_ref *sa = &sets[k / num_sets], *sb = &sets[k % num_sets];
		route r = kr[sa->kind * KINDS + sb->kind];
		const sw_query_desc *d = &sw_query_descs[r.q];
		int flat = sw_src_planar(d->a), direct = n == cnt && !r.swap;
		sw_any_results res;
		const void *o =
			direct ? columns_at(ans, out, off, flat, &res) : columns_at(ans, &win->tmp, from, flat, &res);
		sw_error e = sw_run((sw_query)r.q, r.swap ? sb->set : sa->set, r.swap ? sa->set : sb->set,
				    win->pairs + from, n, opts_of(qopts, d->opts), run, o);
		if (e != SW_OK)
			return e;
		if (!direct)
			scatter(ans, out, off, win, from, n, r, flat);
	}
	return SW_OK;
}

static sw_error mixed_run(sw_answer ans, const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
			  const call_opts *qopts, const sw_batch_opts *run, const void *out)
{
	sw_error e = check_call(ans, sets, num_sets, pairs, n, qopts, run, out);
	if (e != SW_OK || n == 0)
		return e;
	/* the routes between the kinds the call names (a search of the query list each) */
	route kr[KINDS * KINDS];
	int named[KINDS] = {0};
	for (size_t i = 0; i < num_sets; i++)
		named[sets[i].kind] = 1;
	for (int a = 0; a < KINDS; a++)
		for (int b = 0; b < KINDS; b++)
			kr[a * KINDS + b] = named[a] && named[b]
						    ? route_of(ans, src_of((sw_set_kind)a), src_of((sw_set_kind)b))
						    : (route){-1, 0};
	const sw_columns cols = sw_columns_of(ans, out);
	size_t w = n < SW_MIXED_WINDOW ? n : SW_MIXED_WINDOW, nk = num_sets * num_sets + 1;
	window win;
	memset(&win, 0, sizeof win);
	size_t bytes = window_bytes(ans, &cols, w, nk, &win, NULL);
	unsigned char *base = sw_alloc(bytes, 64);
	if (!base)
		return SW_ERR_NOMEM;
	window_bytes(ans, &cols, w, nk, &win, base);
	for (size_t off = 0; off < n && e == SW_OK; off += w)
		e = run_window(ans, sets, num_sets, kr, pairs, off, n - off < w ? n - off : w, qopts, run, &cols, &win);
	sw_free(base, bytes);
	return e;
}

sw_error sw_mixed_sweep_batch(const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
			      const sw_sweep_opts *opts, const sw_batch_opts *run, const sw_sweep_results *out)
{
	const call_opts o = {.sweep = opts};
	return mixed_run(SW_ANS_SWEEP, sets, num_sets, pairs, n, &o, run, out);
}

/* a mixed call's options as the family options it names */
static call_opts opts_from(const sw_mixed_opts *opts)
{
	return opts ? (call_opts){NULL, opts->circle, opts->gjk} : (call_opts){0};
}

sw_error sw_mixed_overlap_batch(const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
				const sw_mixed_opts *opts, const sw_batch_opts *run, const sw_overlap_results *out)
{
	const call_opts o = opts_from(opts);
	return mixed_run(SW_ANS_OVERLAP, sets, num_sets, pairs, n, &o, run, out);
}

sw_error sw_mixed_cast_batch(const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
			     const sw_mixed_opts *opts, const sw_batch_opts *run, const sw_cast_results *out)
{
	const call_opts o = opts_from(opts);
	return mixed_run(SW_ANS_CAST, sets, num_sets, pairs, n, &o, run, out);
}

sw_error sw_mixed_distance_batch(const sw_set_ref *sets, size_t num_sets, const sw_mixed_pair *pairs, size_t n,
				 const sw_mixed_opts *opts, const sw_batch_opts *run, const sw_distance_results *out)
{
	const call_opts o = opts_from(opts);
	return mixed_run(SW_ANS_DISTANCE, sets, num_sets, pairs, n, &o, run, out);
}
