/* bench/bench_peer_hull.c — Bullet's convex casts as peers of hull3_sweep
 * (hull3_sweep_peer/bullet_subsimplex/<batch>, hull3_sweep_peer/bullet_ccd/<batch>):
 * btConvexHullShape of each shape's vertices (gen_hull3_shape()), margin 0, the instances read
 * through the set getters, translation only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_peers.h"
#include "peer_bullet_hull.h"

enum { V_SUBSIMPLEX, V_CCD };

static const char *const NAMES[] = {"bullet_subsimplex", "bullet_ccd"};

/* a swept hit this close to the end of the step is a grazing contact at the end of the motion */
#define NEAR_T 1e-3f
/* most shapes a scene's set holds, as far as the peer looks */
#define MAX_SHAPES 65536u

typedef struct inst {
	uint32_t shape;
	sw_pose3 pose;
	sw_vec3 d;
} inst;

static void inst_get(const gen_batch *g, int side_b, size_t k, inst *o)
{
	const sw_hull3_set *set = side_b ? g->b : g->a;
	sw_hull3_set_get(set, side_b ? g->pairs[k].b : g->pairs[k].a, &o->shape, &o->pose, &o->d);
}

static swp_hull_body to_peer(const inst *x)
{
	swp_hull_body p = {x->shape,
			   {x->pose.p.x, x->pose.p.y, x->pose.p.z},
			   {x->pose.q.x, x->pose.q.y, x->pose.q.z, x->pose.q.w},
			   {x->d.x, x->d.y, x->d.z}};
	return p;
}

static void *build(const gen_batch *g, size_t n)
{
	uint32_t nshapes = 0;
	while (nshapes < MAX_SHAPES && gen_hull3_shape(g, nshapes))
		nshapes++;
	swp_hull_shape *shapes = malloc((nshapes ? nshapes : 1) * sizeof *shapes);
	swp_hull_body *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	swp_bullet_hulls *bp = NULL;
	if (shapes && a && b) {
		/* sw_vec3 is three packed floats: the vertex array is read in place */
		for (uint32_t i = 0; i < nshapes; i++) {
			const sw_hull3 *h = gen_hull3_shape(g, i);
			shapes[i] = (swp_hull_shape){&h->verts[0].x, h->num_verts};
		}
		for (size_t k = 0; k < n; k++) {
			inst x, y;
			inst_get(g, 0, k, &x), inst_get(g, 1, k, &y);
			a[k] = to_peer(&x);
			b[k] = to_peer(&y);
		}
		bp = swp_bullet_hulls_new(shapes, nshapes, a, b, n);
	}
	free(shapes);
	free(a);
	free(b);
	return bp;
}

/* The hull scaled about its centroid so that no support value moves by more than |gap| (outwards
 * for gap > 0): factor 1 + gap / radius, every vertex being within radius of the centroid. */
static int scaled_hull(const sw_hull3 *h, float gap, sw_hull3 *out)
{
	sw_vec3 pts[SW_HULL_MAX_VERTS];
	float f = 1.0f + gap / h->radius;
	for (uint32_t i = 0; i < h->num_verts; i++)
		pts[i] = sw_v3_add(h->centroid, sw_v3_scale(sw_v3_sub(h->verts[i], h->centroid), f));
	return sw_hull3_build(pts, h->num_verts, NULL, out) == SW_OK;
}

/* Near-touching within `gap`: swept's hit/miss flips when both hulls grow (swept miss) or shrink
 * (swept hit) by at most `gap`, i.e. the pair's closest approach (or deepest overlap) over the step
 * is within about 2·gap of touching; or swept's hit comes within NEAR_T of the end of the step. */
static int near_touching(const gen_batch *g, size_t k, int st, float t_first, float gap)
{
	if (st == SW_HIT && t_first > 1.0f - NEAR_T)
		return 1;
	inst a, b;
	inst_get(g, 0, k, &a), inst_get(g, 1, k, &b);
	gap = bench_is_hit(st) ? -gap : gap;
	const sw_hull3 *ha = gen_hull3_shape(g, a.shape), *hb = gen_hull3_shape(g, b.shape);
	sw_hull3 *h = malloc(2 * sizeof *h); /* 14 KB: not on the stack */
	int flips = 0;
	if (h && ha && hb && scaled_hull(ha, gap, &h[0]) && scaled_hull(hb, gap, &h[1])) {
		sw_sweep_result o;
		sw_hull3_sweep(&h[0], a.pose, a.d, &h[1], b.pose, b.d, &o);
		flips = bench_is_hit(o.status) != bench_is_hit(st);
	}
	free(h);
	return flips;
}

static size_t call(unsigned variant, swp_bullet_hulls *bp, uint8_t *hit, float *toi)
{
	return variant == V_SUBSIMPLEX ? swp_bullet_hulls_subsimplex(bp, hit, toi) : swp_bullet_hulls_ccd(bp, hit, toi);
}

static int check(void *side, unsigned variant, const gen_batch *g, const bench_cols *want, size_t n, bench_agree *out)
{
	uint8_t *hit = malloc(n);
	float *toi = malloc(n * sizeof(float));
	if (!hit || !toi) {
		free(hit);
		free(toi);
		return 0;
	}
	call(variant, side, hit, toi);
	bench_tally t = {0};
	size_t near = 0, near10 = 0;
	for (size_t k = 0; k < n; k++) {
		int st = want->status[k];
		float t_first = want->f[0][k];
		if (bench_tally_add(&t, st, t_first, hit[k], toi[k]))
			continue;
		int nt = near_touching(g, k, st, t_first, BENCH_BULLET_NEAR_GAP);
		near += nt;
		near10 += nt || near_touching(g, k, st, t_first, 10 * BENCH_BULLET_NEAR_GAP);
	}
	bench_tally_agree(&t, out);
	fprintf(stderr,
		"hull3_sweep_peer/%s/%zu: %zu of %zu pairs disagree with swept: %zu start overlapped; of %zu start "
		"separated, %zu swept hit/peer miss and %zu swept miss/peer hit; near-touching (t_first > 1 - %g, or "
		"flip when the hulls grow or shrink by g): %zu of all with g = %g, %zu with g = %g; on %zu common hits "
		"|toi - t_first| mean %.2e max %.2e, %zu later than swept, %zu off by more than 1e-2\n",
		NAMES[variant], n, n - t.agree, n, t.dis_ovl, t.nsep, t.dis_hit, t.dis_miss, (double)NEAR_T, near,
		(double)BENCH_BULLET_NEAR_GAP, near10, 10 * (double)BENCH_BULLET_NEAR_GAP, t.ntoi, out->toi_dmean,
		t.toi_max, t.late, t.off);
	free(hit);
	free(toi);
	return 1;
}

static size_t pass(void *side, unsigned variant) { return call(variant, side, NULL, NULL); }

static void side_free(void *side) { swp_bullet_hulls_free(side); }

const bench_peer bench_peer_bullet_hull_subsimplex = {
	"hull3_sweep_peer/bullet_subsimplex", SW_Q_hull3_sweep, V_SUBSIMPLEX, build, check, pass, side_free};
const bench_peer bench_peer_bullet_hull_ccd = {
	"hull3_sweep_peer/bullet_ccd", SW_Q_hull3_sweep, V_CCD, build, check, pass, side_free};
