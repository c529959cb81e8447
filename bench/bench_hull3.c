/* bench/bench_hull3.c — throughput of the moving SAT on convex hull pairs and (with -Dpeers=enabled)
 * of Bullet's convex casts on the same pairs.
 *
 * Benchmarks are named <query>/<tier>/<batch>; items_per_second is pairs per second and one
 * iteration is one whole batch, as in bench_obb3.c:
 * - hull3_sweep/<tier>/<batch>: sw_hull3_sweep_batch() on a hull set holding the scene's shapes and
 *   instances, every tier the CPU has (ref is the scalar reference row), batches 1 024 and 16 384;
 * - hull3_obb3_sweep/<tier>/16384 and hull3_tri3_sweep/<tier>/16384: the same A instances against a
 *   box (half extents 0.3 to 0.8 times B's radius, B's pose and motion) and against a triangle (three
 *   of B's vertices, placed and moving as B), two-sided.
 *
 * Scene: H3_NSHAPE hulls built once from random point clouds (8 to 32 points near an ellipsoid of
 * radius 0.5 to 1.5, about the hull's own origin; clouds that do not build are replaced), and
 * H3_POOL close pairs of placed instances of them: B near A, relative motion aimed at A half of the
 * time (as sc_obb3_close_pairs()), random orientations and displacements, fixed seed. Shapes are
 * shared by instances, as in an engine (a hull is about 7 KB: one per instance would make the pool
 * 230 MB). Batches walk through consecutive windows of the pool, as in bench_obb3.c.
 *
 * Counters: `hit` and `start_ovl` (fractions of pairs), `mismatch` (statuses that differ from the
 * single-pair API computed before timing; must be 0).
 *
 * Peers (hull3_sweep_peer/bullet_subsimplex/<batch>, hull3_sweep_peer/bullet_ccd/<batch>) run the
 * first <batch> pairs of the pool: btConvexHullShape of the hull's vertices, margin 0, translation
 * only. Before the first timing their hit/miss is compared with swept's (counters `agree`,
 * `agree_sep`, `toi_dmean`) and a summary of the disagreements goes to stderr. Nothing is printed to
 * stdout, so --benchmark_format=json output stays parseable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/hull_query.h>
#include <swept/swept.h>

#include "bench_hull3.h"
#include "scenes.h"
#include "bench_common.h"
#include "shim.h"

#ifdef SW_HAVE_BULLET
#include "peer_bullet_hull.h"
#endif

#define HULL3_SEED 0x5eed4a11ull

/* Pairs in the pool; every batch size divides it. */
#define H3_POOL 16384
/* Distinct hull shapes the pairs draw from. */
#define H3_NSHAPE 1024

/* Shape and placement parameters: radii in [R_LO, R_HI], positions in [-WORLD, WORLD]^3,
 * displacement components in [-MOTION, MOTION], B's offset from A up to ±2·SPREAD per axis. */
#define R_LO 0.5f
#define R_HI 1.5f
#define WORLD 4.0f
#define MOTION 3.0f
#define SPREAD R_HI

static const size_t h3_batches[] = {1024, 16384};
#define H3_NBATCH (sizeof h3_batches / sizeof h3_batches[0])

/* One placed, moving hull instance. */
typedef struct h3_body {
	uint32_t shape;
	sw_vec3 p;
	sw_quat q;
	sw_vec3 d;
} h3_body;

/* The queries timed per tier. */
typedef enum h3_query { Q_HULL, Q_OBB, Q_TRI, Q_COUNT } h3_query;
static const char *const h3_names[Q_COUNT] = {"hull3_sweep", "hull3_obb3_sweep", "hull3_tri3_sweep"};

/* The pool and everything derived from it. */
typedef struct h3_scene {
	size_t n; /* 0: not generated */
	sw_hull3 *shapes;
	h3_body *a, *b; /* pair k is (a[k], b[k]) */
	sw_obb3 *box;   /* B as a box, for Q_OBB */
	sw_tri3 *tri;   /* B as a triangle (world space at t = 0), for Q_TRI */
	/* single-pair answers, computed once: the statuses every run must reproduce, t_first for the peers */
	uint8_t *want[Q_COUNT];
	float *want_t;
	/* the batched form: A instances 2k, B instances 2k + 1 of one set; boxes and triangles k */
	sw_hull3_set set;
	sw_obb3_set boxes;
	sw_tri3_set tris;
	sw_pair *pairs, *pairs_k;
	/* result storage, n entries, shared by every run (one benchmark runs at a time) */
	uint8_t *status;
	uint32_t *feature;
	float *f;
} h3_scene;

static h3_scene h3;

static void h3_scene_free(h3_scene *s)
{
	free(s->shapes);
	free(s->a);
	free(s->b);
	free(s->box);
	free(s->tri);
	for (int q = 0; q < Q_COUNT; q++)
		free(s->want[q]);
	free(s->want_t);
	sw_hull3_set_free(&s->set);
	sw_obb3_set_free(&s->boxes);
	sw_tri3_set_free(&s->tris);
	free(s->pairs);
	free(s->pairs_k);
	free(s->status);
	free(s->feature);
	free(s->f);
	memset(s, 0, sizeof *s);
}

static sw_vec3 rand_vec(sc_rng *r, float lo, float hi)
{
	return sw_v3(sc_uniform(r, lo, hi), sc_uniform(r, lo, hi), sc_uniform(r, lo, hi));
}

/* A random hull: 8 to 32 points at 0.7 to 1 times an ellipsoid of semi-axes in [0.5, 1]·radius,
 * about the origin, so most points are vertices. Retries clouds that do not build (none are
 * expected to fail: the points are well spread). */
static int random_hull(sc_rng *r, sw_hull3 *h)
{
	sw_vec3 pts[32];
	for (int attempt = 0; attempt < 16; attempt++) {
		uint32_t n = 8 + sc_below(r, 25);
		float radius = sc_uniform(r, R_LO, R_HI);
		sw_vec3 axes = sw_v3_scale(rand_vec(r, 0.5f, 1.0f), radius);
		sc_ellipsoid_points(r, n, axes, 0.7f, pts);
		if (sw_hull3_build(pts, n, NULL, h) == SW_HULL_OK)
			return 1;
	}
	return 0;
}

static sw_status h3_sweep1(const h3_scene *s, size_t k, sw_hull_sweep_output *o)
{
	const h3_body *a = &s->a[k], *b = &s->b[k];
	return sw_hull3_sweep(&s->shapes[a->shape], a->p, a->q, a->d, &s->shapes[b->shape], b->p, b->q, b->d, o);
}

/* the single-pair answer of pair k for each query */
static sw_status h3_sweep1_q(const h3_scene *s, h3_query q, size_t k, sw_hull_sweep_output *o)
{
	const h3_body *a = &s->a[k];
	const sw_hull3 *ha = &s->shapes[a->shape];
	if (q == Q_OBB)
		return sw_hull3_obb3_sweep(ha, a->p, a->q, a->d, &s->box[k], s->b[k].d, o);
	if (q == Q_TRI)
		return sw_hull3_tri3_sweep(ha, a->p, a->q, a->d, &s->tri[k], s->b[k].d, 0, o);
	return h3_sweep1(s, k, o);
}

/* B's box and triangle, and the sets of the batched calls */
static int h3_batched_form(h3_scene *s, sc_rng *rng)
{
	const size_t n = s->n;
	s->box = malloc(n * sizeof *s->box);
	s->tri = malloc(n * sizeof *s->tri);
	s->pairs = malloc(n * sizeof *s->pairs);
	s->pairs_k = malloc(n * sizeof *s->pairs_k);
	s->feature = malloc(n * sizeof *s->feature);
	s->f = malloc(5 * n * sizeof *s->f);
	if (!s->box || !s->tri || !s->pairs || !s->pairs_k || !s->feature || !s->f)
		return 0;
	if (sw_hull3_set_init(&s->set, 2 * n) != SW_OK || sw_obb3_set_init(&s->boxes, n) != SW_OK ||
	    sw_tri3_set_init(&s->tris, n) != SW_OK)
		return 0;
	for (size_t i = 0; i < H3_NSHAPE; i++) {
		uint32_t id;
		if (sw_hull3_set_add_shape(&s->set, &s->shapes[i], &id) != SW_OK || id != i)
			return 0;
	}
	for (size_t k = 0; k < n; k++) {
		const h3_body *a = &s->a[k], *b = &s->b[k];
		const sw_hull3 *hb = &s->shapes[b->shape];
		if (sw_hull3_set_add(&s->set, a->shape, a->p, a->q, a->d) != SW_OK ||
		    sw_hull3_set_add(&s->set, b->shape, b->p, b->q, b->d) != SW_OK)
			return 0;
		s->pairs[k] = (sw_pair){(uint32_t)(2 * k), (uint32_t)(2 * k + 1)};
		s->pairs_k[k] = (sw_pair){(uint32_t)(2 * k), (uint32_t)k};
		s->box[k] = (sw_obb3){b->p, b->q, sw_v3_scale(rand_vec(rng, 0.3f, 0.8f), hb->radius)};
		sw_mat3 r = sw_mat3_from_quat(b->q);
		sw_vec3 v[3];
		for (int j = 0; j < 3; j++)
			v[j] = sw_v3_add(
				b->p,
				sw_mat3_mul(&r, hb->verts[(k + (size_t)j * (hb->num_verts / 3)) % hb->num_verts]));
		s->tri[k] = (sw_tri3){v[0], v[1], v[2]};
		uint32_t ib, it;
		if (sw_obb3_set_add(&s->boxes, &s->box[k], b->d, &ib) != SW_OK ||
		    sw_tri3_set_add(&s->tris, &s->tri[k], b->d, &it) != SW_OK)
			return 0;
	}
	return 1;
}

/* The pool, generated on first use; NULL (and the run skipped) on failure. */
static h3_scene *h3_scene_get(sw_bench_state *st)
{
	h3_scene *s = &h3;
	if (s->n)
		return s;
	const size_t n = H3_POOL;
	s->shapes = malloc(H3_NSHAPE * sizeof *s->shapes);
	s->a = malloc(n * sizeof *s->a);
	s->b = malloc(n * sizeof *s->b);
	for (int q = 0; q < Q_COUNT; q++)
		s->want[q] = malloc(n);
	s->want_t = malloc(n * sizeof(float));
	s->status = malloc(n);
	if (!s->shapes || !s->a || !s->b || !s->want[Q_HULL] || !s->want[Q_OBB] || !s->want[Q_TRI] || !s->want_t ||
	    !s->status) {
		h3_scene_free(s);
		sw_bench_skip_with_error(st, "out of memory");
		return NULL;
	}
	sc_rng rng = sc_rng_seed(HULL3_SEED);
	for (size_t i = 0; i < H3_NSHAPE; i++) {
		if (!random_hull(&rng, &s->shapes[i]) || !sw_hull3_check(&s->shapes[i], NULL, 0)) {
			h3_scene_free(s);
			sw_bench_skip_with_error(st, "hull generation failed");
			return NULL;
		}
	}
	for (size_t k = 0; k < n; k++) {
		h3_body *a = &s->a[k], *b = &s->b[k];
		a->shape = sc_below(&rng, H3_NSHAPE);
		b->shape = sc_below(&rng, H3_NSHAPE);
		a->p = rand_vec(&rng, -WORLD, WORLD);
		a->q = sc_rotation(&rng);
		b->q = sc_rotation(&rng);
		a->d = rand_vec(&rng, -MOTION, MOTION);
		b->d = rand_vec(&rng, -MOTION, MOTION);
		/* B near A, and its relative motion aimed roughly at A half of the time */
		b->p = sw_v3_add(a->p, rand_vec(&rng, -2 * SPREAD, 2 * SPREAD));
		if (sc_next(&rng) & 1)
			b->d = sw_v3_add(a->d, sw_v3_scale(sw_v3_sub(a->p, b->p), sc_uniform(&rng, 0.5f, 3.0f)));
	}
	s->n = n;
	if (!h3_batched_form(s, &rng)) {
		h3_scene_free(s);
		sw_bench_skip_with_error(st, "out of memory");
		return NULL;
	}
	for (int q = 0; q < Q_COUNT; q++)
		for (size_t k = 0; k < n; k++) {
			sw_hull_sweep_output o;
			s->want[q][k] = (uint8_t)h3_sweep1_q(s, (h3_query)q, k, &o);
			if (q == Q_HULL)
				s->want_t[k] = o.t_first;
		}
	return s;
}

typedef struct h3_arg {
	h3_query q;
	sw_isa isa;
	size_t batch;
} h3_arg;

static h3_arg h3_args[Q_COUNT * SW_ISA_COUNT * H3_NBATCH];

/* one batched call on a window of the pool (bench_run_windows) */
typedef struct window_ctx {
	h3_scene *s;
	h3_query q;
} window_ctx;

static int run_window(const void *vctx, size_t off, size_t batch)
{
	const window_ctx *c = vctx;
	h3_scene *s = c->s;
	const size_t n = s->n;
	sw_hull_sweep_results r = {s->status + off,    s->feature + off,   s->f + off,        s->f + n + off,
				   s->f + 2 * n + off, s->f + 3 * n + off, s->f + 4 * n + off};
	if (c->q == Q_OBB)
		return sw_hull3_obb3_sweep_batch(&s->set, &s->boxes, s->pairs_k + off, batch, NULL, &r);
	if (c->q == Q_TRI)
		return sw_hull3_tri3_sweep_batch(&s->set, &s->tris, s->pairs_k + off, batch, NULL, 0, &r);
	return sw_hull3_sweep_batch(&s->set, &s->set, s->pairs + off, batch, NULL, &r);
}

/* One query on one tier: iteration i runs window i mod nwin of the pool through the batched call. */
static void bench_h3(sw_bench_state *st, void *varg)
{
	const h3_arg *arg = varg;
	char msg[160];
	h3_scene *s = h3_scene_get(st);
	if (!s)
		return;
	const window_ctx ctx = {s, arg->q};
	const size_t done = bench_run_windows(st, arg->isa, s->status, s->n, arg->batch, run_window, &ctx);
	if (!done)
		return;
	snprintf(msg, sizeof msg, "%s/%s/%zu", h3_names[arg->q], sw_isa_name(arg->isa), arg->batch);
	bench_report_statuses(st, msg, s->status, s->want[arg->q], done, 1);
}

#ifdef SW_HAVE_BULLET

typedef enum peer_kind { PK_SUBSIMPLEX, PK_CCD, PK_COUNT } peer_kind;

static const char *const peer_names[PK_COUNT] = {"bullet_subsimplex", "bullet_ccd"};

/* Distance under which a disagreement counts as near-touching: Bullet's conservative advancement
 * stops at 1e-3, so answers within about that are a matter of tolerance, not a wrong result. */
#define NEAR_GAP 1e-3f
/* A swept hit this close to the end of the step is a grazing contact at the end of the motion. */
#define NEAR_T 1e-3f

/* The Bullet side of the first `batch` pairs of the pool, shared by both peers. */
typedef struct peer_pairs {
	size_t batch;
	swp_bullet_hulls *bp;
} peer_pairs;

static peer_pairs peer_sets[2] = {{.batch = 1024}, {.batch = 16384}};
#define NPEER_SETS (sizeof peer_sets / sizeof peer_sets[0])

/* One peer on one batch and its agreement figures, computed once before the first timing. */
typedef struct peer_run {
	peer_kind kind;
	peer_pairs *pp;
	int checked;
	double agree, agree_sep, toi_dmean;
} peer_run;

static peer_run peer_runs[PK_COUNT * NPEER_SETS];

static swp_hull_body to_peer(const h3_body *x)
{
	swp_hull_body p = {
		x->shape, {x->p.x, x->p.y, x->p.z}, {x->q.x, x->q.y, x->q.z, x->q.w}, {x->d.x, x->d.y, x->d.z}};
	return p;
}

static swp_bullet_hulls *peer_build(const h3_scene *s, size_t n)
{
	swp_hull_shape shapes[H3_NSHAPE];
	swp_hull_body *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	swp_bullet_hulls *bp = NULL;
	if (a && b) {
		/* sw_vec3 is three packed floats: the vertex array is read in place */
		for (size_t i = 0; i < H3_NSHAPE; i++)
			shapes[i] = (swp_hull_shape){&s->shapes[i].verts[0].x, s->shapes[i].num_verts};
		for (size_t k = 0; k < n; k++) {
			a[k] = to_peer(&s->a[k]);
			b[k] = to_peer(&s->b[k]);
		}
		bp = swp_bullet_hulls_new(shapes, H3_NSHAPE, a, b, n);
	}
	free(a);
	free(b);
	return bp;
}

static int is_hit(sw_status s) { return s == SW_HIT || s == SW_STARTS_OVERLAPPED; }

/* The hull scaled about its centroid so that no support value moves by more than |gap| (outwards
 * for gap > 0): factor 1 + gap / radius, every vertex being within radius of the centroid. */
static int scaled_hull(const sw_hull3 *h, float gap, sw_hull3 *out)
{
	sw_vec3 pts[SW_HULL_MAX_VERTS];
	float f = 1.0f + gap / h->radius;
	for (uint32_t i = 0; i < h->num_verts; i++)
		pts[i] = sw_v3_add(h->centroid, sw_v3_scale(sw_v3_sub(h->verts[i], h->centroid), f));
	return sw_hull3_build(pts, h->num_verts, NULL, out) == SW_HULL_OK;
}

/* Near-touching within `gap`: swept's hit/miss flips when both hulls grow (swept miss) or shrink
 * (swept hit) by at most `gap`, i.e. the pair's closest approach (or deepest overlap) over the step
 * is within about 2·gap of touching; or swept's hit comes within NEAR_T of the end of the step. */
static int near_touching(const h3_scene *s, size_t k, sw_status st, float t_first, float gap)
{
	if (st == SW_HIT && t_first > 1.0f - NEAR_T)
		return 1;
	const h3_body *a = &s->a[k], *b = &s->b[k];
	gap = is_hit(st) ? -gap : gap;
	sw_hull3 *ha = malloc(2 * sizeof *ha);
	int flips = 0;
	if (ha && scaled_hull(&s->shapes[a->shape], gap, &ha[0]) && scaled_hull(&s->shapes[b->shape], gap, &ha[1])) {
		sw_hull_sweep_output o;
		flips = is_hit(sw_hull3_sweep(&ha[0], a->p, a->q, a->d, &ha[1], b->p, b->q, b->d, &o)) != is_hit(st);
	}
	free(ha);
	return flips;
}

static size_t peer_call(peer_kind kind, swp_bullet_hulls *bp, uint8_t *hit, float *toi)
{
	return kind == PK_SUBSIMPLEX ? swp_bullet_hulls_subsimplex(bp, hit, toi) : swp_bullet_hulls_ccd(bp, hit, toi);
}

/* Compares the peer's hit/miss (and time) with the single-pair swept answers on every pair of the
 * run; prints a summary of the disagreements to stderr. */
static int peer_check(const h3_scene *s, peer_run *pr)
{
	const size_t n = pr->pp->batch;
	uint8_t *hit = malloc(n);
	float *toi = malloc(n * sizeof(float));
	if (!hit || !toi) {
		free(hit);
		free(toi);
		return 0;
	}
	peer_call(pr->kind, pr->pp->bp, hit, toi);
	size_t agree = 0, nsep = 0, agree_sep = 0, dis_ovl = 0, dis_hit = 0, dis_miss = 0, near = 0, near10 = 0;
	size_t ntoi = 0, late = 0, off = 0;
	double toi_sum = 0, toi_max = 0;
	for (size_t k = 0; k < n; k++) {
		sw_status st = (sw_status)s->want[Q_HULL][k];
		int sh = is_hit(st), same = sh == (hit[k] != 0);
		agree += same;
		if (st != SW_STARTS_OVERLAPPED) {
			nsep++;
			agree_sep += same;
		}
		if (same && st == SW_HIT) {
			double d = (double)toi[k] - (double)s->want_t[k];
			toi_sum += fabs(d);
			toi_max = fabs(d) > toi_max ? fabs(d) : toi_max;
			late += d > 0;
			off += fabs(d) > 1e-2;
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
		int nt = near_touching(s, k, st, s->want_t[k], NEAR_GAP);
		near += nt;
		near10 += nt || near_touching(s, k, st, s->want_t[k], 10 * NEAR_GAP);
	}
	pr->agree = (double)agree / (double)n;
	pr->agree_sep = nsep ? (double)agree_sep / (double)nsep : 1.0;
	pr->toi_dmean = ntoi ? toi_sum / (double)ntoi : 0.0;
	fprintf(stderr,
		"hull3_sweep_peer/%s/%zu: %zu of %zu pairs disagree with swept: %zu start overlapped; of %zu start "
		"separated, %zu swept hit/peer miss and %zu swept miss/peer hit; near-touching (t_first > 1 - %g, or "
		"flip when the hulls grow or shrink by g): %zu of all with g = %g, %zu with g = %g; on %zu common hits "
		"|toi - t_first| mean %.2e max %.2e, %zu later than swept, %zu off by more than 1e-2\n",
		peer_names[pr->kind], n, n - agree, n, dis_ovl, nsep, dis_hit, dis_miss, (double)NEAR_T, near,
		(double)NEAR_GAP, near10, 10 * (double)NEAR_GAP, ntoi, pr->toi_dmean, toi_max, late, off);
	free(hit);
	free(toi);
	return 1;
}

/* The peer runs the first `batch` pairs of the pool every iteration (at microseconds per pair, the
 * branch-predictor effect the pool avoids does not matter). */
/* one timed pass of the peer over its pairs (bench_time_peer) */
static size_t peer_pass(void *vpr)
{
	const peer_run *pr = vpr;
	return peer_call(pr->kind, pr->pp->bp, NULL, NULL);
}

static void bench_peer(sw_bench_state *st, void *varg)
{
	peer_run *pr = varg;
	h3_scene *s = h3_scene_get(st);
	if (!s)
		return;
	if (!pr->pp->bp && !(pr->pp->bp = peer_build(s, pr->pp->batch))) {
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
	bench_time_peer(st, pr->pp->batch, peer_pass, pr, pr->agree, pr->agree_sep, pr->toi_dmean);
}

#endif

static void h3_free_all(void)
{
#ifdef SW_HAVE_BULLET
	for (size_t i = 0; i < NPEER_SETS; i++) {
		swp_bullet_hulls_free(peer_sets[i].bp);
		peer_sets[i].bp = NULL;
	}
#endif
	h3_scene_free(&h3);
}

void bench_hull3_register(void)
{
	char name[128];
	atexit(h3_free_all);
	size_t nargs = 0;
	for (int q = 0; q < Q_COUNT; q++)
		for (size_t b = 0; b < H3_NBATCH; b++) {
			/* the box and triangle queries run at the pool size only */
			if (q != Q_HULL && h3_batches[b] != H3_POOL)
				continue;
			for (int i = 0; i < SW_ISA_COUNT; i++) {
				if (!sw_isa_available((sw_isa)i))
					continue;
				h3_arg *a = &h3_args[nargs++];
				a->q = (h3_query)q;
				a->isa = (sw_isa)i;
				a->batch = h3_batches[b];
				snprintf(name, sizeof name, "%s/%s/%zu", h3_names[q], sw_isa_name(a->isa), a->batch);
				sw_bench_register(name, bench_h3, a);
			}
		}
#ifdef SW_HAVE_BULLET
	size_t np = 0;
	for (int k = 0; k < PK_COUNT; k++) {
		for (size_t i = 0; i < NPEER_SETS; i++) {
			peer_run *pr = &peer_runs[np++];
			pr->kind = (peer_kind)k;
			pr->pp = &peer_sets[i];
			snprintf(name, sizeof name, "hull3_sweep_peer/%s/%zu", peer_names[k], peer_sets[i].batch);
			sw_bench_register(name, bench_peer, pr);
		}
	}
#endif
}
