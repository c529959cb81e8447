/* bench/bench_peer_poly2.c — Box2D's b2TimeOfImpact and b2ShapeCast as peers of poly2_sweep
 * (poly2_sweep_peer/<peer>/<batch>) on the 3–8 vertex polygon scene, read through the set getters.
 * Disagreements are classified with the tests' exact polygon oracle (near-touching or not). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_peers.h"
#include "oracle_poly2.h"
#include "peer_box2d.h"

enum { V_TOI, V_CAST };

static const char *const NAMES[] = {"b2TimeOfImpact", "b2ShapeCast"};

typedef struct inst {
	sw_poly2 poly;
	sw_pose2 pose;
	sw_vec2 d;
} inst;

static void inst_get(const gen_batch *g, int side_b, size_t k, inst *o)
{
	const sw_poly2_set *set = side_b ? g->b : g->a;
	sw_poly2_set_get(set, side_b ? g->pairs[k].b : g->pairs[k].a, NULL, &o->poly, &o->pose, &o->d);
}

static int to_peer(const inst *x, swp_poly *p)
{
	if (x->poly.count < 3 || x->poly.count > SWP_BOX2D_MAX_VERTS)
		return 0;
	memset(p, 0, sizeof *p);
	p->count = x->poly.count;
	for (uint32_t i = 0; i < x->poly.count; i++) {
		p->v[i][0] = x->poly.v[i].x;
		p->v[i][1] = x->poly.v[i].y;
	}
	p->p[0] = x->pose.p.x, p->p[1] = x->pose.p.y;
	p->c = x->pose.q.c, p->s = x->pose.q.s;
	p->d[0] = x->d.x, p->d[1] = x->d.y;
	return 1;
}

static void *build(const gen_batch *g, size_t n)
{
	swp_poly *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	swp_box2d *bp = NULL;
	int ok = a && b;
	for (size_t k = 0; ok && k < n; k++) {
		inst x, y;
		inst_get(g, 0, k, &x), inst_get(g, 1, k, &y);
		ok = to_peer(&x, &a[k]) && to_peer(&y, &b[k]);
	}
	if (ok)
		bp = swp_box2d_new(a, b, n);
	free(a);
	free(b);
	return bp;
}

static size_t call(unsigned variant, swp_box2d *bp, uint8_t *outcome, float *t)
{
	return variant == V_TOI ? swp_box2d_toi(bp, outcome, t) : swp_box2d_cast(bp, outcome, t);
}

/* a disagreement is near-touching when the exact answer flips once the Minkowski difference grows
 * (swept miss) or shrinks (swept hit) by the peer's stopping distance: target plus tolerance, 1.25 ×
 * target for both peers */
static int near_touching(const gen_batch *g, size_t k, int sh, double reach)
{
	inst a, b;
	oracle_poly2_result r;
	inst_get(g, 0, k, &a), inst_get(g, 1, k, &b);
	oracle_poly2_sweep(&a.poly, a.pose, a.d, &b.poly, b.pose, b.d, sh ? -reach : reach, &r);
	return bench_is_hit(r.status) != sh;
}

/* the distance still left between the shapes when the peer stops: B closes on A along −normal at
 * speed −(v·normal), v = B's displacement minus A's */
static double gap_left(const gen_batch *g, size_t k, const bench_cols *want, double dt)
{
	inst a, b;
	inst_get(g, 0, k, &a), inst_get(g, 1, k, &b);
	double vn = ((double)b.d.x - a.d.x) * want->f[2][k] + ((double)b.d.y - a.d.y) * want->f[3][k];
	return dt * -vn;
}

static int check(void *side, unsigned variant, const gen_batch *g, const bench_cols *want, size_t n, bench_agree *out)
{
	uint8_t *outcome = malloc(n);
	float *pt = malloc(n * sizeof(float));
	if (!outcome || !pt) {
		free(outcome);
		free(pt);
		return 0;
	}
	call(variant, side, outcome, pt);
	const double target = variant == V_TOI ? swp_box2d_toi_target() : swp_box2d_cast_target();
	const double reach = 1.25 * target;
	bench_tally t = {0};
	size_t near = 0, failed = 0;
	double gap_sum = 0;
	for (size_t k = 0; k < n; k++) {
		int st = want->status[k], sh = bench_is_hit(st);
		failed += outcome[k] == SWP_B2_FAILED;
		int same = bench_tally_add(&t, st, want->f[0][k],
					   outcome[k] == SWP_B2_HIT || outcome[k] == SWP_B2_OVERLAPPED, pt[k]);
		if (same && st == SW_HIT)
			gap_sum += gap_left(g, k, want, (double)want->f[0][k] - (double)pt[k]);
		if (!same)
			near += near_touching(g, k, sh, reach);
	}
	bench_tally_agree(&t, out);
	out->stop_gap = t.ntoi ? gap_sum / (double)t.ntoi : 0.0;
	fprintf(stderr,
		"poly2_sweep_peer/%s/%zu: %zu of %zu pairs disagree with swept: %zu start overlapped; of %zu start "
		"separated, %zu swept hit/peer miss and %zu swept miss/peer hit; %zu of all near-touching (flip "
		"within %g); %zu failed; %zu shapes rebuilt with other counts; on %zu common hits |t - t_first| "
		"mean %.2e max %.2e, %zu later than swept, mean distance left at the peer's t %.2e (target %g)\n",
		NAMES[variant], n, n - t.agree, n, t.dis_ovl, t.nsep, t.dis_hit, t.dis_miss, near, reach, failed,
		swp_box2d_reshaped(side), t.ntoi, out->toi_dmean, t.toi_max, t.late, out->stop_gap, target);
	free(outcome);
	free(pt);
	return 1;
}

static size_t pass(void *side, unsigned variant) { return call(variant, side, NULL, NULL); }

static void side_free(void *side) { swp_box2d_free(side); }

const bench_peer bench_peer_box2d_toi = {
	"poly2_sweep_peer/b2TimeOfImpact", SW_Q_poly2_sweep, V_TOI, build, check, pass, side_free};
const bench_peer bench_peer_box2d_cast = {
	"poly2_sweep_peer/b2ShapeCast", SW_Q_poly2_sweep, V_CAST, build, check, pass, side_free};
