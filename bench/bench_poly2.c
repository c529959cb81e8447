/* bench/bench_poly2.c — throughput of the batched 2D polygon queries, per SIMD tier and batch size,
 * and (with -Dpeers=enabled and Box2D found) of Box2D's b2TimeOfImpact and b2ShapeCast on the same
 * pairs.
 *
 * Benchmarks are named <query>/<tier>/<batch>; items_per_second is pairs per second and one
 * iteration is one batched call of <batch> pairs, as in bench_obb3.c:
 * - poly2_sweep, poly2_overlap: polygons of 3 to 8 vertices (sc_poly2_defaults()), every batch size;
 * - poly2_sweep_box: 4 vertices on both sides (random quadrilaterals: the generator's polygons are
 *   not rectangles, but every lane has the same count), 16 384 pairs;
 * - poly2_sweep_mixed: 2 (segments) to 16 vertices, 16 384 pairs: the lanes of a block differ most.
 * Scenes are pooled as in bench_obb3.c: batches up to POOL_MIN pairs walk through consecutive
 * windows of one POOL_MIN-pair scene per polygon mix, larger batches get their own scene.
 *
 * Counters: `hit` and `start_ovl` (fractions of pairs), `mismatch` (statuses that differ from the
 * single-pair API; must be 0) and `lane_util` (sw_poly2_batch_utilisation() of the windows that ran,
 * on the tier of the run: the useful share of the work the lanes do).
 *
 * Peers (poly2_sweep_peer/<peer>/<batch>) run the first <batch> pairs of the 3-to-8-vertex pool, with
 * agreement counters against the single-pair swept sweep; a summary of the disagreements goes to
 * stderr. Nothing is printed to stdout, so --benchmark_format=json output stays parseable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/swept.h>

#include "bench_poly2.h"
#include "kernel_call.h"
#include "scenes.h"
#include "bench_common.h"
#include "shim.h"

#ifdef SW_HAVE_BOX2D
#include "oracle_poly2.h"
#include "peer_box2d.h"
#endif

#define POLY2_SEED 0x5eed9012ull

/* Pool size (as in bench_obb3.c): every smaller batch divides it. */
#define POOL_MIN 16384

static const size_t p2_batches[] = {64, 1024, 16384, 1048576};
#define P2_NBATCH (sizeof p2_batches / sizeof p2_batches[0])

/* Polygon mixes, each its own scene. */
typedef enum p2_mix {
	MIX_DEFAULT, /* 3..8 vertices */
	MIX_BOX,     /* 4 vertices */
	MIX_MIXED,   /* 2..16 vertices */
	MIX_COUNT,
} p2_mix;

typedef enum p2_query {
	P2_SWEEP,
	P2_OVERLAP,
	P2_SWEEP_BOX,
	P2_SWEEP_MIXED,
	P2_COUNT,
} p2_query;

static const char *const p2_names[P2_COUNT] = {"poly2_sweep", "poly2_overlap", "poly2_sweep_box", "poly2_sweep_mixed"};
static const p2_mix p2_mix_of[P2_COUNT] = {MIX_DEFAULT, MIX_DEFAULT, MIX_BOX, MIX_MIXED};

/* One generated scene and everything derived from it (derived parts on first use). */
typedef struct p2_scene {
	size_t n; /* 0: not generated */
	p2_mix mix;
	sw_poly2_set set; /* 2n polygons; pair k is (pairs[k].a, pairs[k].b) */
	sw_pair *pairs;
	uint8_t *want_sweep, *want_overlap; /* statuses of the single-pair API */
	/* result storage, n entries, shared by every run on this scene (one benchmark runs at a time) */
	uint8_t *status, *feature;
	float *t_first, *t_last, *nx, *ny, *depth;
} p2_scene;

/* default mix at POOL_MIN and 1 M pairs, the box and mixed pools */
#define P2_NSCENE 4
static p2_scene p2_scenes[P2_NSCENE];

static void p2_scene_free(p2_scene *s)
{
	sw_poly2_set_free(&s->set);
	free(s->pairs);
	free(s->want_sweep);
	free(s->want_overlap);
	free(s->status);
	free(s->feature);
	free(s->t_first);
	free(s->t_last);
	free(s->nx);
	free(s->ny);
	free(s->depth);
	memset(s, 0, sizeof *s);
}

static sc_poly2_params mix_params(p2_mix mix)
{
	sc_poly2_params p = sc_poly2_defaults();
	if (mix == MIX_BOX) {
		p.count_lo = p.count_hi = 4;
	} else if (mix == MIX_MIXED) {
		p.count_lo = 2;
		p.count_hi = 16;
	}
	return p;
}

/* The scene of `mix` that batches of `batch` pairs run on, generated on first use; NULL (and the
 * run skipped) on failure. */
static p2_scene *p2_scene_get(sw_bench_state *st, p2_mix mix, size_t batch)
{
	size_t n = batch < POOL_MIN ? POOL_MIN : batch;
	p2_scene *s = NULL;
	for (size_t i = 0; i < P2_NSCENE && !s; i++) {
		if (p2_scenes[i].n == n && p2_scenes[i].mix == mix)
			return &p2_scenes[i];
		if (p2_scenes[i].n == 0)
			s = &p2_scenes[i];
	}
	if (!s) {
		sw_bench_skip_with_error(st, "no free scene slot");
		return NULL;
	}
	memset(s, 0, sizeof *s);
	s->pairs = malloc(n * sizeof *s->pairs);
	s->status = malloc(n);
	s->feature = malloc(n);
	s->t_first = malloc(n * sizeof(float));
	s->t_last = malloc(n * sizeof(float));
	s->nx = malloc(n * sizeof(float));
	s->ny = malloc(n * sizeof(float));
	s->depth = malloc(n * sizeof(float));
	int ok = s->pairs && s->status && s->feature && s->t_first && s->t_last && s->nx && s->ny && s->depth;
	if (ok)
		ok = sw_poly2_set_init(&s->set, 2 * n) == SW_OK;
	if (ok) {
		/* a seed per scene, so a scene does not depend on which others were generated */
		sc_rng rng = sc_rng_seed(POLY2_SEED ^ n ^ ((uint64_t)mix << 40));
		sc_poly2_params p = mix_params(mix);
		ok = sc_poly2_close_pairs(&rng, &p, &s->set, s->pairs, n) == SW_OK;
	}
	if (!ok) {
		p2_scene_free(s);
		sw_bench_skip_with_error(st, "scene generation failed (out of memory?)");
		return NULL;
	}
	s->n = n;
	s->mix = mix;
	return s;
}

typedef struct p2_side {
	sw_poly2 poly;
	sw_xf2 xf;
	sw_vec2 d;
} p2_side;

static void p2_pair(const p2_scene *s, size_t k, p2_side *a, p2_side *b)
{
	sw_poly2_set_get(&s->set, s->pairs[k].a, &a->poly, &a->xf, &a->d);
	sw_poly2_set_get(&s->set, s->pairs[k].b, &b->poly, &b->xf, &b->d);
}

static sw_status p2_sweep1(const p2_side *a, const p2_side *b, sw_sweep2_output *o)
{
	return sw_poly2_sweep(&a->poly, a->xf, a->d, &b->poly, b->xf, b->d, o);
}

/* Statuses of the single-pair API, which every tier must reproduce. */
static const uint8_t *p2_want(p2_scene *s, int overlap)
{
	uint8_t **want = overlap ? &s->want_overlap : &s->want_sweep;
	if (*want)
		return *want;
	uint8_t *w = malloc(s->n);
	if (!w)
		return NULL;
	for (size_t k = 0; k < s->n; k++) {
		p2_side a, b;
		p2_pair(s, k, &a, &b);
		if (overlap) {
			sw_overlap2_output o;
			w[k] = (uint8_t)sw_poly2_overlap(&a.poly, a.xf, &b.poly, b.xf, &o);
		} else {
			sw_sweep2_output o;
			w[k] = (uint8_t)p2_sweep1(&a, &b, &o);
		}
	}
	*want = w;
	return w;
}

typedef struct p2_arg {
	p2_query q;
	sw_isa isa;
	size_t batch;
} p2_arg;

static p2_arg p2_args[P2_COUNT * SW_ISA_COUNT * P2_NBATCH];

/* one batched call on a window of the scene (bench_run_windows) */
typedef struct window_ctx {
	p2_scene *s;
	int overlap;
} window_ctx;

static int run_window(const void *vctx, size_t off, size_t batch)
{
	const window_ctx *c = vctx;
	p2_scene *s = c->s;
	if (c->overlap) {
		sw_overlap2_results r = {s->status + off, s->feature + off, s->depth + off, s->nx + off, s->ny + off};
		return sw_poly2_overlap_batch(&s->set, &s->set, s->pairs + off, batch, NULL, &r);
	}
	sw_sweep2_results r = {s->status + off, s->feature + off, s->t_first + off,
			       s->t_last + off, s->nx + off,      s->ny + off};
	return sw_poly2_sweep_batch(&s->set, &s->set, s->pairs + off, batch, NULL, &r);
}

static void bench_p2(sw_bench_state *st, void *varg)
{
	const p2_arg *arg = varg;
	const int overlap = arg->q == P2_OVERLAP;
	char msg[160];
	p2_scene *s = p2_scene_get(st, p2_mix_of[arg->q], arg->batch);
	if (!s)
		return;
	const uint8_t *want = p2_want(s, overlap);
	if (!want) {
		sw_bench_skip_with_error(st, "out of memory");
		return;
	}
	const window_ctx ctx = {s, overlap};
	const size_t batch = arg->batch,
		     done = bench_run_windows(st, arg->isa, s->status, s->n, batch, run_window, &ctx);
	if (!done)
		return;
	/* lane utilisation depends on the tier's width: measured with the tier selected again */
	const size_t nrun = done / batch;
	sw_isa prev = sw_active_isa();
	sw_set_isa_cap(arg->isa);
	double util = 0;
	for (size_t i = 0; i < nrun; i++)
		util += sw_poly2_batch_utilisation(&s->set, &s->set, s->pairs + i * batch, batch, NULL);
	sw_set_isa_cap(prev);
	sw_bench_counter(st, "lane_util", util / (double)nrun);
	snprintf(msg, sizeof msg, "%s/%s/%zu", p2_names[arg->q], sw_isa_name(arg->isa), batch);
	bench_report_statuses(st, msg, s->status, want, done, !overlap);
}

#ifdef SW_HAVE_BOX2D

typedef enum peer_kind { PK_TOI, PK_CAST, PK_COUNT } peer_kind;

static const char *const peer_names[PK_COUNT] = {"b2TimeOfImpact", "b2ShapeCast"};

/* The Box2D side of the first `batch` pairs of the pool, shared by both peers. */
typedef struct peer_pairs {
	size_t batch;
	swp_box2d *bp;
} peer_pairs;

static peer_pairs peer_sets[2] = {{.batch = 1024}, {.batch = 16384}};
#define NPEER_SETS (sizeof peer_sets / sizeof peer_sets[0])

/* One peer on one batch, and its agreement figures, computed once before the first timing. */
typedef struct peer_run {
	peer_kind kind;
	peer_pairs *pp;
	int checked;
	double agree, agree_sep, toi_dmean, stop_gap;
} peer_run;

static peer_run peer_runs[PK_COUNT * NPEER_SETS];

static int to_peer(const p2_side *x, swp_poly *p)
{
	if (x->poly.count < 3 || x->poly.count > SWP_BOX2D_MAX_VERTS)
		return 0;
	memset(p, 0, sizeof *p);
	p->count = x->poly.count;
	for (uint32_t i = 0; i < x->poly.count; i++) {
		p->v[i][0] = x->poly.v[i].x;
		p->v[i][1] = x->poly.v[i].y;
	}
	p->p[0] = x->xf.p.x;
	p->p[1] = x->xf.p.y;
	p->c = x->xf.q.c;
	p->s = x->xf.q.s;
	p->d[0] = x->d.x;
	p->d[1] = x->d.y;
	return 1;
}

static swp_box2d *peer_build(const p2_scene *s, size_t n)
{
	swp_poly *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	swp_box2d *bp = NULL;
	int ok = a && b;
	for (size_t k = 0; ok && k < n; k++) {
		p2_side x, y;
		p2_pair(s, k, &x, &y);
		ok = to_peer(&x, &a[k]) && to_peer(&y, &b[k]);
	}
	if (ok)
		bp = swp_box2d_new(a, b, n);
	free(a);
	free(b);
	return bp;
}

static int is_hit(sw_status s) { return s == SW_HIT || s == SW_STARTS_OVERLAPPED; }

static size_t peer_call(peer_kind kind, swp_box2d *bp, uint8_t *outcome, float *t)
{
	return kind == PK_TOI ? swp_box2d_toi(bp, outcome, t) : swp_box2d_cast(bp, outcome, t);
}

/* Compares the peer's hit/miss and time with the single-pair swept sweep on every pair of the run;
 * prints a summary of the disagreements to stderr. A disagreement is near-touching when the exact
 * answer flips once the Minkowski difference grows (swept miss) or shrinks (swept hit) by the peer's
 * stopping distance: target plus tolerance, 1.25 × target for both peers. */
static int peer_check(const p2_scene *s, peer_run *pr)
{
	const size_t n = pr->pp->batch;
	uint8_t *outcome = malloc(n);
	float *pt = malloc(n * sizeof(float));
	if (!outcome || !pt) {
		free(outcome);
		free(pt);
		return 0;
	}
	peer_call(pr->kind, pr->pp->bp, outcome, pt);
	const double target = pr->kind == PK_TOI ? swp_box2d_toi_target() : swp_box2d_cast_target();
	const double reach = 1.25 * target;
	size_t agree = 0, nsep = 0, agree_sep = 0, dis_ovl = 0, dis_hit = 0, dis_miss = 0, near = 0, failed = 0;
	size_t ntoi = 0, late = 0;
	double toi_sum = 0, toi_max = 0, gap_sum = 0;
	for (size_t k = 0; k < n; k++) {
		p2_side a, b;
		sw_sweep2_output o;
		p2_pair(s, k, &a, &b);
		sw_status st = p2_sweep1(&a, &b, &o);
		int sh = is_hit(st), ph = outcome[k] == SWP_B2_HIT || outcome[k] == SWP_B2_OVERLAPPED;
		int same = sh == ph;
		failed += outcome[k] == SWP_B2_FAILED;
		agree += same;
		if (st != SW_STARTS_OVERLAPPED) {
			nsep++;
			agree_sep += same;
		}
		if (same && st == SW_HIT) {
			double d = (double)o.t_first - (double)pt[k];
			toi_sum += fabs(d);
			toi_max = fabs(d) > toi_max ? fabs(d) : toi_max;
			late += d < 0;
			/* the distance still left between the shapes when the peer stops: B closes on A
			 * along −normal at speed −(v·normal), v = B's displacement minus A's */
			double vn = ((double)b.d.x - a.d.x) * o.normal.x + ((double)b.d.y - a.d.y) * o.normal.y;
			gap_sum += d * -vn;
			ntoi++;
		}
		if (same)
			continue;
		if (st == SW_STARTS_OVERLAPPED)
			dis_ovl++;
		else if (sh)
			dis_hit++;
		else
			dis_miss++;
		oracle_poly2_result r;
		oracle_poly2_sweep(&a.poly, a.xf, a.d, &b.poly, b.xf, b.d, sh ? -reach : reach, &r);
		if (is_hit(r.status) != sh)
			near++;
	}
	pr->agree = (double)agree / (double)n;
	pr->agree_sep = nsep ? (double)agree_sep / (double)nsep : 1.0;
	pr->toi_dmean = ntoi ? toi_sum / (double)ntoi : 0.0;
	pr->stop_gap = ntoi ? gap_sum / (double)ntoi : 0.0;
	fprintf(stderr,
		"poly2_sweep_peer/%s/%zu: %zu of %zu pairs disagree with swept: %zu start overlapped; of %zu start "
		"separated, %zu swept hit/peer miss and %zu swept miss/peer hit; %zu of all near-touching (flip "
		"within %g); %zu failed; %zu shapes rebuilt with other counts; on %zu common hits |t - t_first| "
		"mean %.2e max %.2e, %zu later than swept, mean distance left at the peer's t %.2e (target %g)\n",
		peer_names[pr->kind], n, n - agree, n, dis_ovl, nsep, dis_hit, dis_miss, near, reach, failed,
		swp_box2d_reshaped(pr->pp->bp), ntoi, pr->toi_dmean, toi_max, late, pr->stop_gap, target);
	free(outcome);
	free(pt);
	return 1;
}

/* The peer runs the first `batch` pairs of the pool every iteration (at about a microsecond per
 * pair, the branch-predictor effect the pool avoids does not matter). */
/* one timed pass of the peer over its pairs (bench_time_peer) */
static size_t peer_pass(void *vpr)
{
	const peer_run *pr = vpr;
	return peer_call(pr->kind, pr->pp->bp, NULL, NULL);
}

static void bench_peer(sw_bench_state *st, void *varg)
{
	peer_run *pr = varg;
	p2_scene *s = p2_scene_get(st, MIX_DEFAULT, pr->pp->batch);
	if (!s)
		return;
	if (!pr->pp->bp && !(pr->pp->bp = peer_build(s, pr->pp->batch))) {
		sw_bench_skip_with_error(st, "building the Box2D shapes failed");
		return;
	}
	if (!pr->checked) {
		if (!peer_check(s, pr)) {
			sw_bench_skip_with_error(st, "out of memory");
			return;
		}
		pr->checked = 1;
	}
	bench_time_peer(st, pr->pp->batch, peer_pass, pr, pr->agree, pr->agree_sep, pr->toi_dmean);
	sw_bench_counter(st, "stop_gap", pr->stop_gap);
}

#endif

static void p2_free_all(void)
{
#ifdef SW_HAVE_BOX2D
	for (size_t i = 0; i < NPEER_SETS; i++) {
		swp_box2d_free(peer_sets[i].bp);
		peer_sets[i].bp = NULL;
	}
#endif
	for (size_t i = 0; i < P2_NSCENE; i++)
		p2_scene_free(&p2_scenes[i]);
}

void bench_poly2_register(void)
{
	char name[128];
	size_t nargs = 0;
	atexit(p2_free_all);
#ifdef SW_HAVE_BOX2D
	/* the package's version when the build knows it (2.4.1's b2_version says 2.4.0), else b2_version */
#ifndef SW_BOX2D_PKG_VERSION
#define SW_BOX2D_PKG_VERSION "unknown"
#endif
	const char *b2v = SW_BOX2D_PKG_VERSION;
	sw_bench_context("box2d_version", strcmp(b2v, "unknown") ? b2v : swp_box2d_version());
#endif
	for (int q = 0; q < P2_COUNT; q++) {
		for (size_t b = 0; b < P2_NBATCH; b++) {
			/* the box and mixed polygon scenes run at the pool size only */
			if (p2_mix_of[q] != MIX_DEFAULT && p2_batches[b] != POOL_MIN)
				continue;
			for (int i = 0; i < SW_ISA_COUNT; i++) {
				if (!sw_isa_available((sw_isa)i))
					continue;
				p2_arg *a = &p2_args[nargs++];
				a->q = (p2_query)q;
				a->isa = (sw_isa)i;
				a->batch = p2_batches[b];
				snprintf(name, sizeof name, "%s/%s/%zu", p2_names[q], sw_isa_name(a->isa), a->batch);
				sw_bench_register(name, bench_p2, a);
			}
		}
	}
#ifdef SW_HAVE_BOX2D
	size_t np = 0;
	for (int k = 0; k < PK_COUNT; k++) {
		for (size_t i = 0; i < NPEER_SETS; i++) {
			peer_run *pr = &peer_runs[np++];
			pr->kind = (peer_kind)k;
			pr->pp = &peer_sets[i];
			snprintf(name, sizeof name, "poly2_sweep_peer/%s/%zu", peer_names[k], peer_sets[i].batch);
			sw_bench_register(name, bench_peer, pr);
		}
	}
#endif
}
