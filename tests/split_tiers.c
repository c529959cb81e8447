/* tests/split_tiers.c — the split driver, checkasm style, for the split rows of the query list (whose
 * items are not pairs: tests/tiers.c and tests/misuse.c leave them here). For every split row on every
 * population of its kind (tests/common/gen_split.c):
 *   - the reference row meets the public single-item functions, item by item (status, class, pieces
 *     and attributes bit for bit, or the mass answer);
 *   - every SIMD tier this CPU has meets the reference row bit for bit, called directly in one pass in
 *     item order and in two (counting, then writing at the offsets, chunks in reverse order), nothing
 *     written past the pieces;
 *   - the public batched call on each tier: thread counts and chunk sizes, room for the worst case,
 *     the exact room, one element short (SW_ERR_SIZE, statuses untouched), a size query, one side or
 *     none, only some mass columns, and short runs at odd offsets of the soup;
 *   - bad input: every fault class in one item makes it SW_PAIR_INVALID with class SW_SPLIT_NONE and
 *     no pieces (NaN mass), every other item's answer unchanged.
 * A plain C program printing TAP; a mismatch prints the row, tier, population, item and its inputs.
 * `split_tiers [substring]` runs the rows whose name contains it. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_split.h"
#include "pipeline.h"
#include "sched_later.h"

#define POISON 0xAB
#define GUARD 8
#define MAX_REPORTS 5

/* ---- answers of a whole batch ---- */

/* every answer kind's storage: status, class, and pieces (two sides), mass columns or hulls */
typedef struct ans {
	sw_answer kind;
	size_t n, cap, fl, fa;
	uint8_t *st, *cls;
	float *e[2], *a[2];
	uint32_t *first[2];
	size_t total[2];
	float *col[8];
	sw_hull3 *h[2];
} ans;

static void *xalloc(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);
	if (!p) {
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	memset(p, POISON, bytes ? bytes : 1);
	return p;
}

/* room for `cap` elements per side (pieces), n items */
static void ans_init(ans *r, sw_query q, const gs_batch *g, size_t cap)
{
	memset(r, 0, sizeof *r);
	r->kind = sw_query_descs[q].answer;
	r->n = g->n, r->cap = cap;
	r->fl = g->kind == GS_TRI3 ? 9 : (size_t)gs_dim(g->kind);
	r->fa = g->kind == GS_TRI3 ? 3 * (size_t)g->k : g->k;
	r->st = xalloc(g->n + GUARD), r->cls = xalloc(g->n + GUARD);
	for (int s = 0; s < 2; s++) {
		if (r->kind == SW_ANS_PIECES) {
			r->e[s] = xalloc(sizeof(float) * (cap + GUARD) * r->fl);
			r->a[s] = r->fa ? xalloc(sizeof(float) * (cap + GUARD) * r->fa) : NULL;
			r->first[s] = xalloc(sizeof(uint32_t) * (g->n + 1 + GUARD));
		}
		if (r->kind == SW_ANS_HULLS) {
			r->h[s] = calloc(g->n ? g->n : 1, sizeof(sw_hull3));
			if (!r->h[s])
				exit(2);
		}
	}
	for (int c = 0; c < 8 && r->kind == SW_ANS_MASS; c++)
		r->col[c] = xalloc(sizeof(float) * (g->n + GUARD));
}

static void ans_free(ans *r)
{
	free(r->st), free(r->cls);
	for (int s = 0; s < 2; s++)
		free(r->e[s]), free(r->a[s]), free(r->first[s]), free(r->h[s]);
	for (int c = 0; c < 8; c++)
		free(r->col[c]);
}

static size_t worst_of(const gs_batch *g)
{
	if (g->kind == GS_TRI3)
		return 2 * g->n;
	size_t w = 0;
	for (size_t i = 0; i < g->n && g->first; i++) {
		uint32_t c = g->first[i + 1] >= g->first[i] ? g->first[i + 1] - g->first[i] : 0;
		w += c <= SW_SPLIT_MAX_VERTS ? SW_SPLIT_MAX_PIECE(c) : 0;
	}
	return w;
}

/* the results struct a split row's kernel writes */
typedef union outs {
	sw_pieces_results p;
	sw_split_mass_results m;
	sw_split_hull_results h;
} outs;

static const void *outs_of(ans *r, outs *o, size_t off, int mass_cols)
{
	memset(o, 0, sizeof *o);
	if (r->kind == SW_ANS_PIECES) {
		o->p.status = r->st + off, o->p.cls = r->cls + off;
		for (int s = 0; s < 2; s++)
			o->p.side[s] = (sw_piece_side){r->e[s], r->a[s], r->cap, r->first[s] + off, &r->total[s]};
		o->p.worst = r->cap;
	} else if (r->kind == SW_ANS_MASS) {
		float *c[8];
		for (int k = 0; k < 8; k++)
			c[k] = mass_cols >> k & 1 ? r->col[k] + off : NULL;
		o->m = (sw_split_mass_results){r->st + off, r->cls + off, c[0], c[1], c[2],
					       c[3],        c[4],         c[5], c[6], c[7]};
	} else {
		o->h = (sw_split_hull_results){r->st + off, r->cls + off, r->h[0] + off, r->h[1] + off};
	}
	return o;
}

/* ---- kernels called directly ---- */

static void run_job(sw_kernel_fn *fn, const gs_batch *g, const void *out, size_t off, size_t n)
{
	sw_job j = {&g->src, NULL, NULL, NULL, &g->opts, out, NULL, off, n};
	fn(&j);
}

/* one pass in item order over chunks of `chunk`, or two (count, prefix, write) with the chunks in
 * reverse order */
static void run_direct(const sw_kernels *kt, sw_query q, const gs_batch *g, ans *r, size_t chunk, int two)
{
	outs o;
	outs_of(r, &o, 0, 0xFF);
	sw_kernel_fn *fn = kt->fn[q];
	size_t nc = (g->n + chunk - 1) / chunk;
	if (r->kind != SW_ANS_PIECES || !two) {
		o.p.pass = SW_PASS_SEQ;
		if (r->kind == SW_ANS_PIECES)
			r->first[0][0] = r->first[1][0] = 0;
		for (size_t c = 0; c < nc; c++)
			run_job(fn, g, &o, c * chunk, g->n - c * chunk < chunk ? g->n - c * chunk : chunk);
		if (r->kind == SW_ANS_PIECES)
			r->total[0] = r->first[0][g->n], r->total[1] = r->first[1][g->n];
		return;
	}
	o.p.pass = SW_PASS_COUNT;
	for (size_t c = nc; c-- > 0;)
		run_job(fn, g, &o, c * chunk, g->n - c * chunk < chunk ? g->n - c * chunk : chunk);
	for (int s = 0; s < 2; s++) {
		size_t sum = 0;
		r->first[s][0] = 0;
		for (size_t i = 0; i < g->n; i++)
			sum += r->first[s][i + 1], r->first[s][i + 1] = (uint32_t)sum;
		r->total[s] = sum;
	}
	o.p.pass = SW_PASS_AT;
	for (size_t c = nc; c-- > 0;)
		run_job(fn, g, &o, c * chunk, g->n - c * chunk < chunk ? g->n - c * chunk : chunk);
}

/* ---- comparison ---- */

typedef struct ctx {
	const char *row, *tier, *pop, *how;
	const gs_batch *g;
	size_t bad;
} ctx;

static void report(ctx *c, size_t i, const char *what)
{
	if (c->bad++ >= MAX_REPORTS)
		return;
	printf("# %s/%s %s [%s]: item %zu: %s\n", c->row, c->tier, c->pop, c->how, i, what);
	if (c->g && i < c->g->n)
		gs_print(c->g, i, stdout);
	fflush(stdout);
}

static int same_bits(const float *x, const float *y, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		uint32_t a, b;
		memcpy(&a, &x[k], 4), memcpy(&b, &y[k], 4);
		if (a != b && !(isnan(x[k]) && isnan(y[k])))
			return 0;
	}
	return 1;
}

static int poisoned(const void *p, size_t bytes)
{
	const unsigned char *c = p;
	for (size_t k = 0; k < bytes; k++)
		if (c[k] != POISON)
			return 0;
	return 1;
}

/* got's items [0, n) against want's [off, off + n); pieces by item (got's offsets may start
 * elsewhere); `sides` the wanted sides, `cols` the asked mass columns */
static void compare(ctx *c, const ans *got, const ans *want, size_t off, size_t n, int sides, int cols)
{
	for (size_t i = 0; i < n; i++) {
		size_t w = off + i;
		if (got->st[i] != want->st[w] || got->cls[i] != want->cls[w]) {
			report(c, w, "status or class");
			continue;
		}
		for (int s = 0; s < 2 && got->kind == SW_ANS_PIECES; s++) {
			if (!(sides >> s & 1))
				continue;
			uint32_t g0 = got->first[s][i], g1 = got->first[s][i + 1], w0 = want->first[s][w],
				 w1 = want->first[s][w + 1];
			if (g1 - g0 != w1 - w0 ||
			    !same_bits(got->e[s] + g0 * got->fl, want->e[s] + w0 * want->fl, (g1 - g0) * got->fl))
				report(c, w, s ? "back piece" : "front piece");
			else if (got->fa &&
				 !same_bits(got->a[s] + g0 * got->fa, want->a[s] + w0 * want->fa, (g1 - g0) * got->fa))
				report(c, w, s ? "back attributes" : "front attributes");
		}
		for (int k = 0; k < 8 && got->kind == SW_ANS_MASS; k++)
			if ((cols >> k & 1) && !same_bits(&got->col[k][i], &want->col[k][w], 1))
				report(c, w, "mass column");
		for (int s = 0; s < 2 && got->kind == SW_ANS_HULLS; s++)
			if (memcmp(&got->h[s][i], &want->h[s][w], sizeof(sw_hull3)))
				report(c, w, s ? "back hull" : "front hull");
	}
	if (!poisoned(got->st + n, GUARD) || !poisoned(got->cls + n, GUARD))
		report(c, n, "status past the batch");
	for (int s = 0; s < 2 && got->kind == SW_ANS_PIECES; s++)
		if ((sides >> s & 1) && !poisoned(got->e[s] + got->total[s] * got->fl, sizeof(float) * GUARD * got->fl))
			report(c, n, "elements past the pieces");
}

/* ---- TAP ---- */

static int tap_index;

static void tap(int ok, const char *row, const char *what)
{
	printf("%s %d - %s %s\n", ok ? "ok" : "not ok", ++tap_index, row, what);
	fflush(stdout);
}

/* ---- the reference against the single-item functions ---- */

static void check_single(ctx *c, sw_query q, const gs_batch *g, const ans *want)
{
	static gs_single one;
	static sw_hull3 hf, hb;
	for (size_t i = 0; i < g->n; i++) {
		memset(&hf, 0, sizeof hf), memset(&hb, 0, sizeof hb);
		if (gs_single_call(g, q, i, &one, &hf, &hb) != SW_OK) {
			report(c, i, "single call failed");
			continue;
		}
		const sw_split_output *o = &one.o;
		if (want->kind == SW_ANS_MASS) {
			const sw_split_mass3 *m = &one.m;
			float v[8] = {m->front_measure,    m->back_measure,    m->front_centroid.x, m->front_centroid.y,
				      m->front_centroid.z, m->back_centroid.x, m->back_centroid.y,  m->back_centroid.z};
			int D = gs_dim(g->kind);
			int ok = want->st[i] == m->status && want->cls[i] == m->cls;
			for (int k = 0; k < 8; k++)
				ok = ok && (D == 2 && (k == 4 || k == 7) ? 1 : same_bits(&v[k], &want->col[k][i], 1));
			if (!ok)
				report(c, i, "mass answer");
			continue;
		}
		if (want->st[i] != o->status || want->cls[i] != o->cls) {
			report(c, i, "status or class");
			continue;
		}
		if (want->kind == SW_ANS_HULLS) {
			if (o->status != SW_PAIR_INVALID &&
			    (memcmp(&hf, &want->h[0][i], sizeof hf) || memcmp(&hb, &want->h[1][i], sizeof hb)))
				report(c, i, "hull pieces");
			continue;
		}
		uint32_t cnt[2] = {o->front_count, o->back_count};
		const float *e[2] = {one.fe, one.be}, *a[2] = {one.fa, one.ba};
		for (int s = 0; s < 2; s++) {
			uint32_t w0 = want->first[s][i], w1 = want->first[s][i + 1];
			if (w1 - w0 != cnt[s] || !same_bits(e[s], want->e[s] + w0 * want->fl, cnt[s] * want->fl) ||
			    (want->fa && !same_bits(a[s], want->a[s] + w0 * want->fa, cnt[s] * want->fa)))
				report(c, i, s ? "back piece" : "front piece");
		}
	}
}

/* ---- the public batched calls ---- */

/* the public function of a split row on a view of g's items [off, off + n) */
static sw_error call_public(sw_query q, const gs_batch *g, size_t off, size_t n, const sw_batch_opts *run, ans *r,
			    int sides, int cols, size_t cap)
{
	int D = gs_dim(g->kind);
	const float *pl = g->planes + (g->nplanes == 1 ? 0 : off) * 2 * D;
	size_t np = g->nplanes == 1 ? 1 : n;
	sw_split_results res = {r->st, r->cls};
	float *c[8];
	for (int k = 0; k < 8; k++)
		c[k] = cols >> k & 1 ? r->col[k] : NULL;
	sw_split_mass_results mr = {r->st, r->cls, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]};
	const float *ta = g->attrs ? g->attrs + 3 * g->k * off : NULL;
	sw_poly2_soup s2 = {(const sw_vec2 *)g->verts, g->first ? g->first + off : NULL, n, g->attrs, g->k};
	sw_poly3_soup s3 = {(const sw_vec3 *)g->verts, g->first ? g->first + off : NULL, n, g->attrs, g->k};
	sw_tri3_soup st = {(const sw_tri3 *)g->verts + off, n, ta, g->k};
	sw_poly2_pieces f2 = {(sw_vec2 *)r->e[0], r->a[0], cap, r->first[0], 0},
			b2 = {(sw_vec2 *)r->e[1], r->a[1], cap, r->first[1], 0};
	sw_poly3_pieces f3 = {(sw_vec3 *)r->e[0], r->a[0], cap, r->first[0], 0},
			b3 = {(sw_vec3 *)r->e[1], r->a[1], cap, r->first[1], 0};
	sw_tri3_pieces ft = {(sw_tri3 *)r->e[0], r->a[0], cap, r->first[0], 0},
		       bt = {(sw_tri3 *)r->e[1], r->a[1], cap, r->first[1], 0};
	sw_error e;
	switch (q) {
	case SW_Q_poly2_split:
		e = sw_poly2_split_batch(&s2, (const sw_plane2 *)pl, np, &g->opts, run, sides & 1 ? &f2 : NULL,
					 sides & 2 ? &b2 : NULL, &res);
		r->total[0] = f2.total, r->total[1] = b2.total;
		return e;
	case SW_Q_poly3_split:
		e = sw_poly3_split_batch(&s3, (const sw_plane3 *)pl, np, &g->opts, run, sides & 1 ? &f3 : NULL,
					 sides & 2 ? &b3 : NULL, &res);
		r->total[0] = f3.total, r->total[1] = b3.total;
		return e;
	case SW_Q_tri3_split:
		e = sw_tri3_split_batch(&st, (const sw_plane3 *)pl, np, &g->opts, run, sides & 1 ? &ft : NULL,
					sides & 2 ? &bt : NULL, &res);
		r->total[0] = ft.total, r->total[1] = bt.total;
		return e;
	case SW_Q_hull3_split:
		return sw_hull3_split_batch(g->hulls + off, n, (const sw_plane3 *)pl, np, &g->opts, run, r->h[0],
					    r->h[1], &res);
	case SW_Q_poly2_split_mass:
		return sw_poly2_split_mass_batch(&s2, (const sw_plane2 *)pl, np, &g->opts, run, &mr);
	case SW_Q_poly3_split_mass:
		return sw_poly3_split_mass_batch(&s3, (const sw_plane3 *)pl, np, &g->opts, run, &mr);
	case SW_Q_hull3_split_mass:
		return sw_hull3_split_mass_batch(g->hulls + off, n, (const sw_plane3 *)pl, np, &g->opts, run, &mr);
	default: return SW_ERR_ARG;
	}
}

static void check_pipeline(ctx *c, sw_query q, const gs_batch *g, const ans *want)
{
	task t;
	const sw_batch_opts SCHED[] = {
		{.threads = 2, .chunk = 16, .enqueue = sched_later, .finish = finish_later, .user = &t},
		{.threads = 2, .chunk = 0, .enqueue = sched_later, .finish = finish_later, .user = &t},
		{.isa = SW_BATCH_ISA(SW_ISA_REF)}};
	for (size_t i = 0; i < sizeof SCHED / sizeof SCHED[0]; i++)
		for (int room = 0; room < (want->kind == SW_ANS_PIECES ? 2 : 1); room++) {
			ans got;
			size_t cap = room ? (want->total[0] > want->total[1] ? want->total[0] : want->total[1])
					  : worst_of(g);
			ans_init(&got, q, g, cap);
			c->how = i < 2 ? "the caller's scheduler" : "the call's tier cap at the reference";
			if (call_public(q, g, 0, g->n, &SCHED[i], &got, 3, 0xFF, cap) != SW_OK)
				report(c, 0, "call failed");
			else
				compare(c, &got, want, 0, g->n, 3, 0xFF);
			ans_free(&got);
		}

	static const sw_batch_opts RUNS[] = {
		{.threads = 1, .chunk = 16}, {.threads = 1, .chunk = 64}, {.threads = 2, .chunk = 16},
		{.threads = 2, .chunk = 48}, {.threads = 2, .chunk = 0},  {.threads = 0, .chunk = 0},
		{.threads = 1, .chunk = 1},  {.threads = 2, .chunk = 17}, {.threads = 1, .chunk = 1000}};
	char how[96];
	size_t worst = worst_of(g), need = want->total[0] > want->total[1] ? want->total[0] : want->total[1];
	int pieces = want->kind == SW_ANS_PIECES;
	for (size_t i = 0; i < sizeof RUNS / sizeof RUNS[0]; i++)
		for (int room = 0; room < (pieces ? 2 : 1); room++) {
			ans got;
			size_t cap = room ? need : worst;
			ans_init(&got, q, g, cap);
			snprintf(how, sizeof how, "threads %u chunk %u, %s room", RUNS[i].threads, RUNS[i].chunk,
				 room ? "exact" : "worst-case");
			c->how = how;
			if (call_public(q, g, 0, g->n, &RUNS[i], &got, 3, 0xFF, cap) != SW_OK)
				report(c, 0, "call failed");
			else
				compare(c, &got, want, 0, g->n, 3, 0xFF);
			ans_free(&got);
		}
	if (pieces) { /* one short, and a size query: SW_ERR_SIZE, totals, no status written */
		for (int s = 0; s < 2; s++) {
			if (!want->total[s])
				continue;
			for (int query = 0; query < 2; query++) {
				ans got;
				size_t cap = query ? 0 : want->total[s] - 1;
				ans_init(&got, q, g, cap);
				c->how = query ? "size query" : "one element short";
				sw_error e = call_public(q, g, 0, g->n, NULL, &got, 1 << s, 0, cap);
				if (e != SW_ERR_SIZE || got.total[s] != want->total[s] || !poisoned(got.st, g->n) ||
				    !poisoned(got.e[s], sizeof(float) * got.fl * (cap + GUARD)))
					report(c, 0, "not refused as documented");
				ans_free(&got);
			}
		}
		for (int sides = 0; sides < 3; sides++) { /* none, front only, back only */
			ans got;
			ans_init(&got, q, g, worst);
			c->how = sides == 0 ? "no pieces" : sides == 1 ? "front only" : "back only";
			if (call_public(q, g, 0, g->n, NULL, &got, sides, 0, worst) != SW_OK)
				report(c, 0, "call failed");
			else
				compare(c, &got, want, 0, g->n, sides, 0);
			for (int s = 0; s < 2; s++)
				if (!(sides >> s & 1) && !poisoned(got.e[s], sizeof(float) * got.fl * worst))
					report(c, 0, "a side not asked for was written");
			ans_free(&got);
		}
	}
	if (want->kind == SW_ANS_MASS) {
		ans got;
		ans_init(&got, q, g, 0);
		c->how = "status and areas only";
		if (call_public(q, g, 0, g->n, NULL, &got, 0, 3, 0) != SW_OK)
			report(c, 0, "call failed");
		else
			compare(c, &got, want, 0, g->n, 0, 3);
		for (int k = 2; k < 8; k++)
			if (!poisoned(got.col[k], sizeof(float) * g->n))
				report(c, 0, "a column not asked for was written");
		ans_free(&got);
	}
	for (size_t len = 0; len <= 40 && len <= g->n; len++) { /* short runs at odd offsets */
		size_t off = (37 * len + 1) % (g->n - len + 1);
		ans got;
		ans_init(&got, q, g, worst);
		snprintf(how, sizeof how, "length %zu at %zu", len, off);
		c->how = how;
		if (call_public(q, g, off, len, len % 2 ? &RUNS[0] : NULL, &got, 3, 0xFF, worst) != SW_OK)
			report(c, 0, "call failed");
		else
			compare(c, &got, want, off, len, 3, 0xFF);
		ans_free(&got);
	}
}

/* ---- bad input: one item damaged, the others as before ---- */

/* a fault the row never reads: the mass queries take no attributes */
static int hurt_kind_ignores(sw_query q, const char *fault)
{
	return sw_query_descs[q].answer == SW_ANS_MASS && strstr(fault, "attribute") != NULL;
}

static void check_faults(sw_query q, gs_kind k)
{
	const char *row = sw_query_descs[q].name;
	size_t bad = 0, tried = 0;
	for (unsigned f = 0; f < gs_nfaults(k); f++) {
		gs_batch g;
		if (!gs_make(k, k == GS_TRI3 ? 5 : k == GS_HULL3 ? 0 : 10, 40, &g))
			continue;
		ans clean, hurt;
		size_t worst = worst_of(&g) + 64;
		ans_init(&clean, q, &g, worst);
		call_public(q, &g, 0, g.n, NULL, &clean, 3, 0xFF, worst);
		const size_t victim = 5;
		int ignored = hurt_kind_ignores(q, gs_fault_name(k, f));
		if (ignored || !gs_damage(&g, victim, f)) {
			ans_free(&clean);
			gs_free(&g);
			continue;
		}
		tried++;
		ans_init(&hurt, q, &g, worst);
		ctx c = {row, "active", gs_fault_name(k, f), "one damaged item", &g, 0};
		if (call_public(q, &g, 0, g.n, NULL, &hurt, 3, 0xFF, worst) != SW_OK)
			report(&c, victim, "call failed");
		/* the victim: invalid, no pieces, NaN measures */
		int ok = hurt.st[victim] == SW_PAIR_INVALID && hurt.cls[victim] == SW_SPLIT_NONE;
		for (int s = 0; s < 2 && hurt.kind == SW_ANS_PIECES; s++)
			ok = ok && hurt.first[s][victim] == hurt.first[s][victim + 1];
		for (int s = 0; s < 2 && hurt.kind == SW_ANS_HULLS; s++)
			ok = ok && hurt.h[s][victim].num_verts == 0;
		for (int m = 0; m < 8 && hurt.kind == SW_ANS_MASS; m++)
			ok = ok && ((gs_dim(k) == 2 && (m == 4 || m == 7)) || isnan(hurt.col[m][victim]));
		if (!ok)
			report(&c, victim, "not answered as invalid");
		/* the others: as before (a count fault moves later items' vertices, not their answers) */
		c.g = NULL;
		for (size_t i = 0; i < g.n; i++) {
			if (i == victim)
				continue;
			if (hurt.st[i] != clean.st[i] || hurt.cls[i] != clean.cls[i]) {
				report(&c, i, "a neighbour changed");
				continue;
			}
			for (int s = 0; s < 2 && hurt.kind == SW_ANS_PIECES; s++) {
				uint32_t h0 = hurt.first[s][i], h1 = hurt.first[s][i + 1], c0 = clean.first[s][i],
					 c1 = clean.first[s][i + 1];
				if (h1 - h0 != c1 - c0 || !same_bits(hurt.e[s] + h0 * hurt.fl,
								     clean.e[s] + c0 * clean.fl, (h1 - h0) * hurt.fl))
					report(&c, i, "a neighbour's piece changed");
			}
			for (int m = 0; m < 8 && hurt.kind == SW_ANS_MASS; m++)
				if (!same_bits(&hurt.col[m][i], &clean.col[m][i], 1))
					report(&c, i, "a neighbour's mass changed");
		}
		bad += c.bad;
		ans_free(&clean), ans_free(&hurt);
		gs_free(&g);
	}
	char what[64];
	snprintf(what, sizeof what, "bad input (%zu fault classes)", tried);
	tap(bad == 0 && tried > 0, row, what);
}

/* ---- one row ---- */

static void check_row(sw_query q)
{
	const sw_query_desc *d = &sw_query_descs[q];
	gs_kind k = gs_kind_of(q);
	size_t ref_bad = 0, pipe_bad = 0, tier_bad[SW_ISA_COUNT] = {0}, tally[4] = {0};
	const sw_kernels *ref = sw_kernels_for(SW_ISA_REF);
	for (size_t p = 0; p < gs_npops(k); p++) {
		gs_batch g;
		if (!gs_make(k, p, 0, &g)) {
			ref_bad++;
			continue;
		}
		size_t worst = worst_of(&g);
		ans want;
		ans_init(&want, q, &g, worst);
		run_direct(ref, q, &g, &want, g.n, 0);
		for (size_t i = 0; i < g.n; i++)
			tally[want.st[i] < 4 ? want.st[i] : 3]++;
		ctx c = {d->name, "ref", gs_pop_name(k, p), "single-item functions", &g, 0};
		check_single(&c, q, &g, &want);
		ref_bad += c.bad;
		for (int t = 1; t < SW_ISA_COUNT; t++) {
			if (!sw_isa_available((sw_isa)t))
				continue;
			static const size_t chunks[] = {16, 48, 512};
			for (int two = 0; two < 2; two++)
				for (size_t ch = 0; ch < 3; ch++) {
					ans got;
					char how[64];
					ans_init(&got, q, &g, worst);
					snprintf(how, sizeof how, "%s, chunk %zu",
						 two ? "count then write" : "one pass", chunks[ch]);
					ctx tc = {d->name, sw_isa_name((sw_isa)t), gs_pop_name(k, p), how, &g, 0};
					run_direct(sw_kernels_for((sw_isa)t), q, &g, &got, chunks[ch], two);
					compare(&tc, &got, &want, 0, g.n, 3, 0xFF);
					tier_bad[t] += tc.bad;
					ans_free(&got);
				}
			if (p == 0 || !strcmp(gs_pop_name(k, p), "broken") || !strcmp(gs_pop_name(k, p), "needles")) {
				sw_set_isa_cap((sw_isa)t);
				ctx pc = {d->name, sw_isa_name((sw_isa)t), gs_pop_name(k, p), "", &g, 0};
				check_pipeline(&pc, q, &g, &want);
				pipe_bad += pc.bad;
				sw_set_isa_cap(sw_best_isa());
			}
		}
		ans_free(&want);
		gs_free(&g);
	}
	printf("# %s: %zu populations: miss %zu, hit %zu, invalid %zu\n", d->name, gs_npops(k), tally[SW_MISS],
	       tally[SW_HIT], tally[SW_PAIR_INVALID]);
	tap(ref_bad == 0, d->name, "ref matches the single-item functions");
	for (int t = 1; t < SW_ISA_COUNT; t++)
		if (sw_isa_available((sw_isa)t)) {
			char what[64];
			snprintf(what, sizeof what, "%s matches the reference", sw_isa_name((sw_isa)t));
			tap(tier_bad[t] == 0, d->name, what);
		}
	tap(pipe_bad == 0, d->name, "public batched calls on every tier");
	check_faults(q, k);
}

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : NULL;
	printf("# tiers on this CPU:");
	for (int k = 0; k < SW_ISA_COUNT; k++)
		if (sw_isa_available((sw_isa)k))
			printf(" %s", sw_isa_name((sw_isa)k));
	printf("\n");
	for (int q = 0; q < SW_Q_COUNT; q++)
		if (sw_src_split(sw_query_descs[q].a) && (!only || strstr(sw_query_descs[q].name, only)))
			check_row((sw_query)q);
	printf("1..%d\n", tap_index);
	return 0;
}
