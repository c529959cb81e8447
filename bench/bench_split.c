/* bench/bench_split.c — throughput of the split rows of the query list (their items are not pairs, so
 * bench_queries.c leaves them here): <row>[_<mix>]/<tier>/<batch>, items_per_second = shapes split per
 * second, on every tier this CPU has (ref, the baseline, first). One iteration is one public batched
 * call of <batch> items, single-threaded (sw_batch_opts.threads = 1), by one plane for the whole scene
 * unless the row says `_planes` (one plane per item). Smaller batches walk through windows of a pool
 * of SPLIT_POOL items, as bench_queries.c does, so the branch predictor cannot learn the items.
 *
 * Rows: polygons of 3–16 vertices (<row>), 8 (`_8`) and 16 (`_16`) in 2D and 3D, pieces and mass;
 * `_exact` gives the pieces exactly the room they need, so the call counts before it writes (the two
 * pass path of the pipeline) instead of one pass with room for the worst case; triangle soups of 10⁵
 * triangles; hulls of 8–32 points. The piece arrays have room for the whole pool's worst case.
 *
 * Counters: `hit` (the fraction of items the plane cuts), `verts` (output elements per item, both
 * sides), `mismatch` (items of the first window whose status, class, pieces or mass differ in any bit
 * from the reference row's on the same scene; must be 0).
 *
 * Peer (with -Dpeers and Bullet): poly3_split_8_peer/bullet_clipface/<batch> clips the same 8-gons by
 * the same plane with btPolyhedralContactClipping::clipFace, twice per polygon (the back piece, then
 * the front one with the plane reversed: the two pieces a split makes), walking the same windows;
 * `_back` clips the back piece only. Counter `agree`: the fraction of the first window's polygons
 * whose two piece sizes equal swept's (clipFace has no plane thickness, keeps no vertex exactly on
 * the plane on either side and removes no duplicates). */
#include "bench_split.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "gen_split.h"
#include "shim.h"
#ifdef SW_HAVE_BULLET
#include "peer_bullet_split.h"
#endif

#define SPLIT_POOL 65536

/* a scene and the output arrays of its runs */
typedef struct scene {
	gs_kind kind;
	unsigned mix;
	size_t n, cap, fl, fa;
	gs_batch g;
	uint8_t *st, *cls;
	float *e[2], *a[2], *col[8];
	uint32_t *first[2];
	sw_hull3 *h[2];
	struct scene *next;
} scene;

static scene *scenes;

static size_t worst(const gs_batch *g)
{
	if (g->kind == GS_TRI3)
		return 2 * g->n;
	size_t w = 0;
	for (size_t i = 0; g->first && i < g->n; i++)
		w += SW_SPLIT_MAX_PIECE(g->first[i + 1] - g->first[i]);
	return w;
}

static scene *scene_get(gs_kind k, unsigned mix, size_t n)
{
	for (scene *s = scenes; s; s = s->next)
		if (s->kind == k && s->mix == mix && s->n == n)
			return s;
	scene *s = calloc(1, sizeof *s);
	if (!s || !gs_bench(k, mix, n, &s->g)) {
		free(s);
		return NULL;
	}
	s->kind = k, s->mix = mix, s->n = n, s->cap = worst(&s->g);
	s->fl = k == GS_TRI3 ? 9 : (size_t)gs_dim(k);
	s->fa = k == GS_TRI3 ? 3 * (size_t)s->g.k : s->g.k;
	int ok = (s->st = malloc(n)) && (s->cls = malloc(n));
	for (int side = 0; side < 2 && ok; side++) {
		if (k == GS_HULL3)
			ok = (s->h[side] = calloc(n, sizeof(sw_hull3))) != NULL;
		else
			ok = (s->e[side] = malloc(sizeof(float) * s->cap * s->fl + 1)) &&
			     (s->first[side] = malloc(sizeof(uint32_t) * (n + 1)));
	}
	for (int c = 0; c < 8 && ok; c++)
		ok = (s->col[c] = malloc(sizeof(float) * n)) != NULL;
	if (!ok) {
		fprintf(stderr, "split bench: out of memory\n");
		return NULL;
	}
	s->next = scenes, scenes = s;
	return s;
}

/* ---- one call ---- */

typedef struct row {
	const char *name;
	gs_kind kind;
	int mass;
	unsigned mix;
	int exact;
	size_t batch[2];
	int trusted; /* hulls: sw_split_opts.trusted (not checked again) */
} row;

typedef struct call {
	scene *s;
	const row *r;
	size_t exact_cap[2];
} call;

static int run_window(const void *vctx, size_t off, size_t batch)
{
	const call *c = vctx;
	scene *s = c->s;
	const gs_batch *g = &s->g;
	static const sw_batch_opts one = {.threads = 1};
	int D = gs_dim(g->kind);
	const float *pl = g->planes + (g->nplanes == 1 ? 0 : off) * 2 * D;
	size_t np = g->nplanes == 1 ? 1 : batch;
	sw_split_results res = {s->st + off, s->cls + off};
	sw_split_mass_results mr = {s->st + off,     s->cls + off,    s->col[0] + off, s->col[1] + off,
				    s->col[2] + off, s->col[3] + off, s->col[4] + off, s->col[5] + off,
				    s->col[6] + off, s->col[7] + off};
	sw_poly2_soup s2 = {(const sw_vec2 *)g->verts, g->first ? g->first + off : NULL, batch, NULL, 0};
	sw_poly3_soup s3 = {(const sw_vec3 *)g->verts, g->first ? g->first + off : NULL, batch, NULL, 0};
	sw_tri3_soup st = {(const sw_tri3 *)g->verts + off, batch, NULL, 0};
	size_t cf = c->r->exact ? c->exact_cap[0] : s->cap, cb = c->r->exact ? c->exact_cap[1] : s->cap;
	switch (g->kind) {
	case GS_POLY2:
		if (c->r->mass)
			return sw_poly2_split_mass_batch(&s2, (const sw_plane2 *)pl, np, &g->opts, &one, &mr);
		{
			sw_poly2_pieces f = {(sw_vec2 *)s->e[0], NULL, cf, s->first[0], 0};
			sw_poly2_pieces b = {(sw_vec2 *)s->e[1], NULL, cb, s->first[1], 0};
			return sw_poly2_split_batch(&s2, (const sw_plane2 *)pl, np, &g->opts, &one, &f, &b, &res);
		}
	case GS_POLY3:
		if (c->r->mass)
			return sw_poly3_split_mass_batch(&s3, (const sw_plane3 *)pl, np, &g->opts, &one, &mr);
		{
			sw_poly3_pieces f = {(sw_vec3 *)s->e[0], NULL, cf, s->first[0], 0};
			sw_poly3_pieces b = {(sw_vec3 *)s->e[1], NULL, cb, s->first[1], 0};
			return sw_poly3_split_batch(&s3, (const sw_plane3 *)pl, np, &g->opts, &one, &f, &b, &res);
		}
	case GS_TRI3: {
		sw_tri3_pieces f = {(sw_tri3 *)s->e[0], NULL, cf, s->first[0], 0};
		sw_tri3_pieces b = {(sw_tri3 *)s->e[1], NULL, cb, s->first[1], 0};
		return sw_tri3_split_batch(&st, (const sw_plane3 *)pl, np, &g->opts, &one, &f, &b, &res);
	}
	case GS_HULL3: {
		sw_split_opts ho = g->opts;
		ho.trusted = (uint32_t)c->r->trusted;
		if (c->r->mass)
			return sw_hull3_split_mass_batch(g->hulls + off, batch, (const sw_plane3 *)pl, np, &ho, &one,
							 &mr);
		return sw_hull3_split_batch(g->hulls + off, batch, (const sw_plane3 *)pl, np, &ho, &one, s->h[0] + off,
					    s->h[1] + off, &res);
	}
	default: return SW_ERR_ARG;
	}
}

/* ---- the reference's answers of the first window, and the comparison ---- */

typedef struct snap {
	size_t n, total[2];
	uint8_t *st, *cls;
	float *e[2], *col[8];
	uint32_t *first[2];
	sw_hull3 *h[2];
} snap;

static void snap_free(snap *p)
{
	free(p->st), free(p->cls);
	for (int s = 0; s < 2; s++)
		free(p->e[s]), free(p->first[s]), free(p->h[s]);
	for (int c = 0; c < 8; c++)
		free(p->col[c]);
	memset(p, 0, sizeof *p);
}

/* the scene's outputs of items [0, n) copied out */
static int snap_take(const scene *s, const row *r, size_t n, snap *p)
{
	memset(p, 0, sizeof *p);
	p->n = n;
	int ok = (p->st = malloc(n)) && (p->cls = malloc(n));
	if (ok)
		memcpy(p->st, s->st, n), memcpy(p->cls, s->cls, n);
	for (int side = 0; side < 2 && ok; side++) {
		if (s->kind == GS_HULL3 && !r->mass) {
			ok = (p->h[side] = malloc(n * sizeof(sw_hull3))) != NULL;
			if (ok)
				memcpy(p->h[side], s->h[side], n * sizeof(sw_hull3));
		} else if (!r->mass) {
			size_t t = s->first[side][n];
			p->total[side] = t;
			ok = (p->first[side] = malloc(sizeof(uint32_t) * (n + 1))) &&
			     (p->e[side] = malloc(sizeof(float) * (t * s->fl + 1)));
			if (ok) {
				memcpy(p->first[side], s->first[side], sizeof(uint32_t) * (n + 1));
				memcpy(p->e[side], s->e[side], sizeof(float) * t * s->fl);
			}
		}
	}
	for (int c = 0; c < 8 && ok && r->mass; c++)
		if ((ok = (p->col[c] = malloc(sizeof(float) * n)) != NULL))
			memcpy(p->col[c], s->col[c], sizeof(float) * n);
	return ok;
}

static size_t snap_diff(const snap *a, const snap *b, size_t fl, int D)
{
	size_t bad = 0;
	for (size_t i = 0; i < a->n; i++) {
		int ok = a->st[i] == b->st[i] && a->cls[i] == b->cls[i];
		for (int s = 0; s < 2 && ok && a->first[s]; s++) {
			uint32_t n0 = a->first[s][i + 1] - a->first[s][i], n1 = b->first[s][i + 1] - b->first[s][i];
			ok = n0 == n1 && !memcmp(a->e[s] + a->first[s][i] * fl, b->e[s] + b->first[s][i] * fl,
						 sizeof(float) * n0 * fl);
		}
		for (int s = 0; s < 2 && ok && a->h[s]; s++)
			ok = !memcmp(&a->h[s][i], &b->h[s][i], sizeof(sw_hull3));
		for (int c = 0; c < 8 && ok && a->col[c]; c++)
			ok = (D == 2 && (c == 4 || c == 7)) || !memcmp(&a->col[c][i], &b->col[c][i], sizeof(float));
		bad += !ok;
	}
	return bad;
}

/* ---- rows ---- */

static const row ROWS[] = {
	{"poly2_split", GS_POLY2, 0, 0, 0, {1024, 16384}, 0},
	{"poly2_split_8", GS_POLY2, 0, 1, 0, {1024, 16384}, 0},
	{"poly2_split_16", GS_POLY2, 0, 2, 0, {16384, 0}, 0},
	{"poly2_split_8_exact", GS_POLY2, 0, 1, 1, {16384, 0}, 0},
	{"poly2_split_8_planes", GS_POLY2, 0, 9, 0, {16384, 0}, 0},
	{"poly3_split", GS_POLY3, 0, 0, 0, {1024, 16384}, 0},
	{"poly3_split_8", GS_POLY3, 0, 1, 0, {1024, 16384}, 0},
	{"poly3_split_16", GS_POLY3, 0, 2, 0, {16384, 0}, 0},
	{"poly2_split_mass", GS_POLY2, 1, 0, 0, {16384, 0}, 0},
	{"poly2_split_mass_8", GS_POLY2, 1, 1, 0, {16384, 0}, 0},
	{"poly3_split_mass_8", GS_POLY3, 1, 1, 0, {16384, 0}, 0},
	{"tri3_split", GS_TRI3, 0, 0, 0, {1024, 100000}, 0},
	{"hull3_split", GS_HULL3, 0, 0, 0, {256, 0}, 0},
	{"hull3_split_mass", GS_HULL3, 1, 0, 0, {256, 0}, 0},
	{"hull3_split_trusted", GS_HULL3, 0, 0, 0, {256, 0}, 1},
	{"hull3_split_mass_trusted", GS_HULL3, 1, 0, 0, {256, 0}, 1},
};
#define NROWS (sizeof ROWS / sizeof ROWS[0])

typedef struct bench_arg {
	const row *r;
	sw_isa isa;
	size_t batch;
	char name[96];
} bench_arg;

static bench_arg args[NROWS * 2 * SW_ISA_COUNT];

static size_t pool_of(const row *r, size_t batch)
{
	size_t pool = r->kind == GS_HULL3 ? 1024 : SPLIT_POOL;
	return batch > pool ? batch : pool;
}

static void bench_split(sw_bench_state *st, void *varg)
{
	const bench_arg *a = varg;
	scene *s = scene_get(a->r->kind, a->r->mix, pool_of(a->r, a->batch));
	if (!s) {
		sw_bench_skip_with_error(st, "no scene");
		return;
	}
	call c = {s, a->r, {0, 0}};
	int D = gs_dim(s->kind);
	/* the reference's answers of the first window (and the exact room of the `_exact` rows) */
	snap want, got;
	sw_isa prev = sw_active_isa();
	sw_set_isa_cap(SW_ISA_REF);
	row roomy = *a->r;
	roomy.exact = 0;
	call rc = {s, &roomy, {0, 0}};
	if (run_window(&rc, 0, a->batch) != SW_OK || !snap_take(s, a->r, a->batch, &want)) {
		sw_set_isa_cap(prev);
		sw_bench_skip_with_error(st, "reference failed");
		return;
	}
	sw_set_isa_cap(prev);
	if (!a->r->mass && s->kind != GS_HULL3) {
		size_t most[2] = {0, 0};
		for (size_t off = 0; off + a->batch <= s->n; off += a->batch) {
			sw_set_isa_cap(SW_ISA_REF);
			run_window(&rc, off, a->batch);
			sw_set_isa_cap(prev);
			for (int side = 0; side < 2; side++)
				most[side] =
					s->first[side][a->batch] > most[side] ? s->first[side][a->batch] : most[side];
		}
		c.exact_cap[0] = most[0], c.exact_cap[1] = most[1];
	}
	size_t done = bench_run_windows(st, a->isa, s->st, s->n, a->batch, run_window, &c);
	if (!done) {
		snap_free(&want);
		return;
	}
	size_t hits = 0, elems = 0;
	for (size_t i = 0; i < done; i++)
		hits += s->st[i] == SW_HIT;
	bench_select_isa(a->isa);
	run_window(&c, 0, a->batch);
	sw_set_isa_cap(prev);
	if (snap_take(s, a->r, a->batch, &got)) {
		sw_bench_counter(st, "mismatch", (double)snap_diff(&got, &want, s->fl, D));
		elems = got.total[0] + got.total[1];
		snap_free(&got);
	}
	sw_bench_counter(st, "hit", (double)hits / (double)done);
	if (!a->r->mass && s->kind != GS_HULL3)
		sw_bench_counter(st, "verts", (double)elems / (double)a->batch);
	snap_free(&want);
}

#ifdef SW_HAVE_BULLET
/* ---- the Bullet peer ---- */

typedef struct peer_arg {
	int both;
	size_t batch;
	char name[96];
} peer_arg;

static peer_arg peer_args[4];
static swp_bullet_clip *peer_side;

static void bench_peer(sw_bench_state *st, void *varg)
{
	const peer_arg *a = varg;
	scene *s = scene_get(GS_POLY3, 1, SPLIT_POOL);
	if (!s) {
		sw_bench_skip_with_error(st, "no scene");
		return;
	}
	const gs_batch *g = &s->g;
	if (!peer_side) {
		float u[3], len = sqrtf(g->planes[3] * g->planes[3] + g->planes[4] * g->planes[4] +
					g->planes[5] * g->planes[5]);
		for (int d = 0; d < 3; d++)
			u[d] = g->planes[3 + d] / len;
		peer_side = swp_bullet_clip_new(g->verts, g->first, g->n, g->planes, u);
		if (!peer_side) {
			sw_bench_skip_with_error(st, "out of memory");
			return;
		}
	}
	/* agreement on the first window, against the reference row's pieces */
	uint32_t *bf = malloc(sizeof(uint32_t) * a->batch), *bb = malloc(sizeof(uint32_t) * a->batch);
	static const row roomy = {"poly3_split_8", GS_POLY3, 0, 1, 0, {0, 0}, 0};
	call rc = {s, &roomy, {0, 0}};
	sw_isa prev = sw_active_isa();
	sw_set_isa_cap(SW_ISA_REF);
	int ok = bf && bb && run_window(&rc, 0, a->batch) == SW_OK;
	sw_set_isa_cap(prev);
	if (!ok) {
		free(bf), free(bb);
		sw_bench_skip_with_error(st, "reference failed");
		return;
	}
	swp_bullet_clip_run(peer_side, 0, a->batch, 1, bf, bb);
	size_t agree = 0;
	for (size_t i = 0; i < a->batch; i++)
		agree += bf[i] == s->first[0][i + 1] - s->first[0][i] && bb[i] == s->first[1][i + 1] - s->first[1][i];
	free(bf), free(bb);
	const size_t nwin = s->n / a->batch;
	size_t w = 0, made = 0;
	while (sw_bench_keep_running(st)) {
		made += swp_bullet_clip_run(peer_side, w * a->batch, a->batch, a->both, NULL, NULL);
		w = w + 1 == nwin ? 0 : w + 1;
	}
	sw_bench_set_items_processed(st, sw_bench_iterations(st) * (int64_t)a->batch);
	sw_bench_counter(st, "agree", (double)agree / (double)a->batch);
	sw_bench_counter(st, "verts", (double)made / (double)(sw_bench_iterations(st) * (int64_t)a->batch));
}

static void register_peer(void)
{
	static const size_t batches[2] = {1024, 16384};
	int n = 0;
	for (int both = 1; both >= 0; both--)
		for (int b = 0; b < 2; b++) {
			peer_arg *a = &peer_args[n++];
			a->both = both, a->batch = batches[b];
			snprintf(a->name, sizeof a->name, "poly3_split_8_peer/bullet_clipface%s/%zu",
				 both ? "" : "_back", a->batch);
			sw_bench_register(a->name, bench_peer, a);
		}
}
#endif

void bench_split_register(void)
{
	size_t nargs = 0;
	for (size_t r = 0; r < NROWS; r++)
		for (int b = 0; b < 2 && ROWS[r].batch[b]; b++)
			for (int i = 0; i < SW_ISA_COUNT; i++) {
				if (!sw_isa_available((sw_isa)i))
					continue;
				bench_arg *a = &args[nargs++];
				a->r = &ROWS[r], a->isa = (sw_isa)i, a->batch = ROWS[r].batch[b];
				snprintf(a->name, sizeof a->name, "%s/%s/%zu", ROWS[r].name, sw_isa_name(a->isa),
					 a->batch);
				sw_bench_register(a->name, bench_split, a);
			}
#ifdef SW_HAVE_BULLET
	register_peer();
#endif
}

void bench_split_free(void)
{
#ifdef SW_HAVE_BULLET
	swp_bullet_clip_free(peer_side);
	peer_side = NULL;
#endif
	while (scenes) {
		scene *s = scenes;
		scenes = s->next;
		gs_free(&s->g);
		free(s->st), free(s->cls);
		for (int side = 0; side < 2; side++)
			free(s->e[side]), free(s->a[side]), free(s->first[side]), free(s->h[side]);
		for (int c = 0; c < 8; c++)
			free(s->col[c]);
		free(s);
	}
}
