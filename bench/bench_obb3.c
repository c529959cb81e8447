/* bench/bench_obb3.c — throughput of the batched OBB–OBB queries, per SIMD tier and batch size, and
 * (with -Dpeers=enabled) of Bullet's continuous collision on the same pairs.
 *
 * Benchmarks are named <query>/<tier>/<batch>; items_per_second is pairs per second. One iteration
 * is one whole batched call of <batch> pairs, so the framework's per-iteration cost stays negligible.
 *
 * Scenes are generated once, from a fixed seed, and shared by every query and tier. Batches smaller
 * than POOL_MIN do not repeat the same pairs: successive iterations walk through consecutive
 * windows of a POOL_MIN-pair scene. Repeating 64 pairs would let the branch predictor learn each
 * pair's outcome and flatter the scalar tier (measured: 1.5-2x at 64 pairs), and the mix of a
 * 64-pair sample is noisy; with the pool every batch size up to POOL_MIN sees the same mix and the
 * same cache footprint, so the batch size measures the per-call cost and the largest size
 * measures streaming from memory.
 *
 * Each run checks its answers against the single-pair API (counter `mismatch`, which must be 0)
 * and reports the workload mix (`hit`, `start_ovl`: fractions of pairs).
 *
 * Nothing is printed to stdout except by the benchmark reporter: diagnostics go to stderr, so
 * --benchmark_format=json output stays parseable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/swept.h>

#include "kernels/kernels.h"
#include "scenes.h"
#include "bench_common.h"
#include "shim.h"

#ifdef SW_HAVE_BULLET
#include "peer_bullet.h"
#endif
#include "bench_hull3.h"
#include "bench_hull_build.h"
#include "bench_poly2.h"
#include "bench_tri3.h"
#ifdef SW_HAVE_ORIENT_PROBE
#include "orient_probe.h"
#endif

#define BENCH_SEED 0x5eed0b3ull

/* Batch sizes in pairs: multiples of SW_BLOCK (packed windows start on a block), and those below
 * POOL_MIN divide it. */
static const size_t batch_sizes[] = {64, 1024, 16384, 1048576};
#define NBATCH (sizeof batch_sizes / sizeof batch_sizes[0])

/* Smallest scene: the pool smaller batches take their windows from (a multiple of each of them). */
#define POOL_MIN 16384

typedef enum query {
	Q_SWEEP,        /* sw_obb3_sweep_batch: indexed sets + pair list */
	Q_SWEEP_PACKED, /* sw_obb3_sweep_packed: pre-gathered 16-lane blocks */
	Q_OVERLAP,      /* sw_obb3_overlap_batch: static, displacements ignored */
	Q_COUNT,
} query;

static const char *const query_names[Q_COUNT] = {"obb3_sweep", "obb3_sweep_packed", "obb3_overlap"};

/* One generated scene of n pairs and everything derived from it. Derived parts are built on first
 * use, so a --benchmark_filter that selects only small batches never pays for the large ones. */
typedef struct scene {
	size_t n;        /* 0: not generated */
	sw_obb3_set set; /* 2n boxes; pair k is (pairs[k].a, pairs[k].b) */
	sw_pair *pairs;
	sw_obb3_block *blocks; /* the same pairs packed, ceil(n/16) blocks */
	uint8_t *want_sweep;   /* statuses of the single-pair API */
	uint8_t *want_overlap;
	/* result storage, n entries, shared by every run on this scene (one benchmark runs at a time) */
	uint8_t *status, *feature;
	float *t_first, *t_last, *nx, *ny, *nz;
} scene;

static scene scenes[NBATCH];

static void scene_free(scene *s)
{
	sw_obb3_set_free(&s->set);
	free(s->pairs);
	free(s->blocks);
	free(s->want_sweep);
	free(s->want_overlap);
	free(s->status);
	free(s->feature);
	free(s->t_first);
	free(s->t_last);
	free(s->nx);
	free(s->ny);
	free(s->nz);
	memset(s, 0, sizeof *s);
}

/* The scene that batches of `batch` pairs run on (POOL_MIN or `batch` pairs, whichever is more),
 * generated on first use; NULL (and the run skipped) on failure. */
static scene *scene_get(sw_bench_state *st, size_t batch)
{
	size_t n = batch < POOL_MIN ? POOL_MIN : batch;
	scene *s = NULL;
	for (size_t i = 0; i < NBATCH && !s; i++) {
		if (scenes[i].n == n)
			return &scenes[i];
		if (scenes[i].n == 0)
			s = &scenes[i];
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
	s->nz = malloc(n * sizeof(float));
	int ok = s->pairs && s->status && s->feature && s->t_first && s->t_last && s->nx && s->ny && s->nz;
	if (ok)
		ok = sw_obb3_set_init(&s->set, 2 * n) == SW_OK;
	if (ok) {
		/* a seed per scene size, so a scene does not depend on which others were generated */
		sc_rng rng = sc_rng_seed(BENCH_SEED ^ n);
		sc_obb3_params p = sc_obb3_defaults();
		ok = sc_obb3_close_pairs(&rng, &p, &s->set, s->pairs, n) == SW_OK;
	}
	if (!ok) {
		scene_free(s);
		sw_bench_skip_with_error(st, "scene generation failed (out of memory?)");
		return NULL;
	}
	s->n = n;
	return s;
}

static void scene_pair(const scene *s, size_t k, sw_obb3 *a, sw_vec3 *da, sw_obb3 *b, sw_vec3 *db)
{
	sw_obb3_set_get(&s->set, s->pairs[k].a, a, da);
	sw_obb3_set_get(&s->set, s->pairs[k].b, b, db);
}

static int scene_blocks(scene *s)
{
	if (s->blocks)
		return 1;
	size_t nblk = (s->n + SW_BLOCK - 1) / SW_BLOCK;
	/* sizeof(sw_obb3_block) is a multiple of its 64-byte alignment, as aligned_alloc requires */
	s->blocks = aligned_alloc(_Alignof(sw_obb3_block), nblk * sizeof(sw_obb3_block));
	if (!s->blocks)
		return 0;
	for (size_t k = 0; k < s->n; k++) {
		sw_obb3 a, b;
		sw_vec3 da, db;
		scene_pair(s, k, &a, &da, &b, &db);
		sw_obb3_block_put(&s->blocks[k / SW_BLOCK], (unsigned)(k % SW_BLOCK), &a, da, &b, db);
	}
	if (s->n % SW_BLOCK)
		sw_obb3_block_fill(&s->blocks[nblk - 1], (unsigned)(s->n % SW_BLOCK));
	return 1;
}

/* Statuses of the single-pair API, which every tier must reproduce. */
static const uint8_t *scene_want(scene *s, query q)
{
	uint8_t **want = q == Q_OVERLAP ? &s->want_overlap : &s->want_sweep;
	if (*want)
		return *want;
	uint8_t *w = malloc(s->n);
	if (!w)
		return NULL;
	for (size_t k = 0; k < s->n; k++) {
		sw_obb3 a, b;
		sw_vec3 da, db;
		scene_pair(s, k, &a, &da, &b, &db);
		if (q == Q_OVERLAP) {
			w[k] = (uint8_t)sw_obb3_overlap(&a, &b, NULL);
		} else {
			sw_sweep_output o;
			w[k] = (uint8_t)sw_obb3_sweep(&a, da, &b, db, &o);
		}
	}
	*want = w;
	return w;
}

typedef struct bench_arg {
	query q;
	sw_isa isa;
	size_t batch;
} bench_arg;

static bench_arg bench_args[Q_COUNT * SW_ISA_COUNT * NBATCH];

/* one batched call on a window of the scene (bench_run_windows) */
typedef struct window_ctx {
	scene *s;
	query q;
} window_ctx;

static int run_window(const void *vctx, size_t off, size_t batch)
{
	const window_ctx *c = vctx;
	scene *s = c->s;
	sw_sweep_results res = {s->status + off, s->feature + off, s->t_first + off, s->t_last + off,
				s->nx + off,     s->ny + off,      s->nz + off};
	sw_overlap_results ores = {s->status + off, s->feature + off};
	switch (c->q) {
	case Q_SWEEP: return sw_obb3_sweep_batch(&s->set, &s->set, s->pairs + off, batch, NULL, &res);
	case Q_SWEEP_PACKED: return sw_obb3_sweep_packed(s->blocks + off / SW_BLOCK, batch, &res);
	default: return sw_obb3_overlap_batch(&s->set, &s->set, s->pairs + off, batch, NULL, &ores);
	}
}

static void bench_query(sw_bench_state *st, void *varg)
{
	const bench_arg *arg = varg;
	char msg[160];
	scene *s = scene_get(st, arg->batch);
	if (!s)
		return;
	if (arg->q == Q_SWEEP_PACKED && !scene_blocks(s)) {
		sw_bench_skip_with_error(st, "packing the blocks failed (out of memory?)");
		return;
	}
	const uint8_t *want = scene_want(s, arg->q);
	if (!want) {
		sw_bench_skip_with_error(st, "out of memory");
		return;
	}
	/* batches are multiples of SW_BLOCK, so windows start on a block */
	const window_ctx ctx = {s, arg->q};
	const size_t done = bench_run_windows(st, arg->isa, s->status, s->n, arg->batch, run_window, &ctx);
	if (!done)
		return;
	snprintf(msg, sizeof msg, "%s/%s/%zu", query_names[arg->q], sw_isa_name(arg->isa), arg->batch);
	bench_report_statuses(st, msg, s->status, want, done, arg->q != Q_OVERLAP);
}

#ifdef SW_HAVE_BULLET

/* Half-extent change under which a disagreement counts as near-touching: Bullet stops its
 * conservative advancement at a distance of 1e-3, so answers within about that are a matter of
 * tolerance, not of a wrong result. */
#define NEAR_GAP 1e-3f

/* Bullet's side of the first `batch` pairs of a scene, and the agreement figures, computed once
 * before the first timing. */
typedef struct peer_run {
	size_t batch;
	swp_bullet *bp;
	int checked;
	double agree, agree_sep, toi_dmean;
} peer_run;

static peer_run peer_runs[2] = {{.batch = 1024}, {.batch = 16384}};

static swp_box peer_box(const sw_obb3 *x, sw_vec3 d)
{
	swp_box p = {{x->center.x, x->center.y, x->center.z}, {0}, {x->half.x, x->half.y, x->half.z}, {d.x, d.y, d.z}};
	sw_mat3 m = sw_obb3_axes(x); /* the very rotation swept uses */
	for (int j = 0; j < 3; j++) {
		p.r[3 * j + 0] = m.col[j].x;
		p.r[3 * j + 1] = m.col[j].y;
		p.r[3 * j + 2] = m.col[j].z;
	}
	return p;
}

static swp_bullet *peer_build(const scene *s, size_t n)
{
	swp_box *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	swp_bullet *bp = NULL;
	if (a && b) {
		for (size_t k = 0; k < n; k++) {
			sw_obb3 x, y;
			sw_vec3 dx, dy;
			scene_pair(s, k, &x, &dx, &y, &dy);
			a[k] = peer_box(&x, dx);
			b[k] = peer_box(&y, dy);
		}
		bp = swp_bullet_new(a, b, n);
	}
	free(a);
	free(b);
	return bp;
}

static int is_hit(sw_status s) { return s == SW_HIT || s == SW_STARTS_OVERLAPPED; }

static sw_status sweep_grown(sw_obb3 a, sw_vec3 da, sw_obb3 b, sw_vec3 db, float grow)
{
	sw_sweep_output o;
	a.half = sw_v3(a.half.x + grow, a.half.y + grow, a.half.z + grow);
	b.half = sw_v3(b.half.x + grow, b.half.y + grow, b.half.z + grow);
	return sw_obb3_sweep(&a, da, &b, db, &o);
}

/* Compares Bullet's hit/miss with the single-pair swept sweep on every pair of the run, and prints
 * a summary of the disagreements to stderr. */
static int peer_check(const scene *s, peer_run *pr)
{
	const size_t n = pr->batch;
	uint8_t *bhit = malloc(n);
	float *btoi = malloc(n * sizeof(float));
	if (!bhit || !btoi) {
		free(bhit);
		free(btoi);
		return 0;
	}
	swp_bullet_sweep(pr->bp, bhit, btoi);
	size_t agree = 0, nsep = 0, agree_sep = 0, dis_ovl = 0, dis_hit = 0, dis_miss = 0, near = 0, ntoi = 0;
	double toi_sum = 0, toi_max = 0;
	for (size_t k = 0; k < n; k++) {
		sw_obb3 a, b;
		sw_vec3 da, db;
		sw_sweep_output o;
		scene_pair(s, k, &a, &da, &b, &db);
		sw_status st = sw_obb3_sweep(&a, da, &b, db, &o);
		int sh = is_hit(st), same = sh == (bhit[k] != 0);
		agree += same;
		if (st != SW_STARTS_OVERLAPPED) {
			nsep++;
			agree_sep += same;
		}
		if (same && st == SW_HIT) {
			double d = fabs((double)btoi[k] - (double)o.t_first);
			toi_sum += d;
			toi_max = d > toi_max ? d : toi_max;
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
		/* near-touching: the swept answer flips when both boxes shrink (hit) or grow (miss) by NEAR_GAP */
		if (is_hit(sweep_grown(a, da, b, db, sh ? -NEAR_GAP : NEAR_GAP)) != sh)
			near++;
	}
	pr->agree = (double)agree / (double)n;
	pr->agree_sep = nsep ? (double)agree_sep / (double)nsep : 1.0;
	pr->toi_dmean = ntoi ? toi_sum / (double)ntoi : 0.0;
	fprintf(stderr,
		"bullet_ccd/%zu: %zu of %zu pairs disagree with swept: %zu start overlapped; of %zu start separated, "
		"%zu swept hit/bullet miss and %zu swept miss/bullet hit; %zu of all are near-touching (flip "
		"within %g); |toi - t_first| on common hits: mean %.2e, max %.2e\n",
		n, n - agree, n, dis_ovl, nsep, dis_hit, dis_miss, near, (double)NEAR_GAP, pr->toi_dmean, toi_max);
	free(bhit);
	free(btoi);
	return 1;
}

/* Bullet runs the first `batch` pairs of the pool every iteration: at microseconds per pair the
 * branch-predictor effect the swept runs avoid does not matter. */
/* one timed pass of Bullet over its pairs (bench_time_peer) */
static size_t peer_pass(void *bp) { return swp_bullet_sweep(bp, NULL, NULL); }

static void bench_bullet(sw_bench_state *st, void *varg)
{
	peer_run *pr = varg;
	scene *s = scene_get(st, pr->batch);
	if (!s)
		return;
	if (!pr->bp && !(pr->bp = peer_build(s, pr->batch))) {
		sw_bench_skip_with_error(st, "building the Bullet shapes failed");
		return;
	}
	if (!pr->checked) {
		if (!peer_check(s, pr)) {
			sw_bench_skip_with_error(st, "out of memory");
			return;
		}
		pr->checked = 1;
	}
	bench_time_peer(st, pr->batch, peer_pass, pr->bp, pr->agree, pr->agree_sep, pr->toi_dmean);
}

#endif

int main(int argc, char **argv)
{
	char name[128];
	size_t nargs = 0;

#ifndef SW_BENCH_BUILDTYPE
#define SW_BENCH_BUILDTYPE "unknown"
#endif
	snprintf(name, sizeof name, "%d.%d.%d", SW_VERSION_MAJOR, SW_VERSION_MINOR, SW_VERSION_PATCH);
	sw_bench_context("swept_version", name);
	sw_bench_context("swept_buildtype", SW_BENCH_BUILDTYPE);
	sw_bench_context("swept_best_isa", sw_isa_name(sw_best_isa()));
#ifdef SW_HAVE_BULLET
	snprintf(name, sizeof name, "%d.%02d", swp_bullet_version() / 100, swp_bullet_version() % 100);
	sw_bench_context("bullet_version", name);
#endif

	/* the public and the internal view of the tiers must agree, or a tier row would lie */
	for (int i = 0; i < SW_ISA_COUNT; i++) {
		int avail = sw_isa_available((sw_isa)i), table = sw_kernels_for((sw_isa)i) != NULL;
		if (avail != table)
			fprintf(stderr, "warning: tier %s: sw_isa_available() says %d but sw_kernels_for() says %d\n",
				sw_isa_name((sw_isa)i), avail, table);
	}

	for (int q = 0; q < Q_COUNT; q++) {
		for (size_t b = 0; b < NBATCH; b++) {
			for (int i = 0; i < SW_ISA_COUNT; i++) {
				if (!sw_isa_available((sw_isa)i))
					continue;
				bench_arg *a = &bench_args[nargs++];
				a->q = (query)q;
				a->isa = (sw_isa)i;
				a->batch = batch_sizes[b];
				snprintf(name, sizeof name, "%s/%s/%zu", query_names[q], sw_isa_name(a->isa), a->batch);
				sw_bench_register(name, bench_query, a);
			}
		}
	}
#ifdef SW_HAVE_BULLET
	for (size_t i = 0; i < sizeof peer_runs / sizeof peer_runs[0]; i++) {
		snprintf(name, sizeof name, "obb3_sweep_peer/bullet_ccd/%zu", peer_runs[i].batch);
		sw_bench_register(name, bench_bullet, &peer_runs[i]);
	}
#endif
#ifdef SW_HAVE_ORIENT_PROBE
	bench_orient_register();
#endif
	bench_poly2_register();
	bench_tri3_register();
	bench_hull3_register();
	bench_hull_build_register();

	int rc = sw_bench_run(argc, argv);

#ifdef SW_HAVE_BULLET
	for (size_t i = 0; i < sizeof peer_runs / sizeof peer_runs[0]; i++)
		swp_bullet_free(peer_runs[i].bp);
#endif
	for (size_t i = 0; i < NBATCH; i++)
		scene_free(&scenes[i]);
	return rc;
}
