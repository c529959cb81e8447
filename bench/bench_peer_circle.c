/* bench/bench_peer_circle.c — the peers of the swept circles: Box2D's b2ShapeCast and b2TimeOfImpact of
 * a circle against an edge shape (circle2_seg2_sweep_peer/<peer>/<batch>) and Bullet's
 * btSubsimplexConvexCast and btContinuousConvexCollision of a sphere against a btTriangleShape
 * (circle3_tri3_sweep_peer/<peer>/<batch>), on the pairs of the family's benchmark scene read through
 * the set getters, with the relative motion. Disagreements are judged by the tests' independent
 * oracle (the exact distance function in double): near-touching when the pair's least distance over
 * the step is within the peer's stopping distance of r, and swept's answer is checked against it
 * (outside a band of 1e-6 × the pair's size it must agree). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_peers.h"
#include "oracle_circle.h"
#ifdef SW_HAVE_BOX2D
#include "peer_box2d_circle.h"
#endif
#ifdef SW_HAVE_BULLET
#include "peer_bullet_sphere.h"
#endif

enum { V_CAST, V_TOI, V_SUBSIMPLEX, V_CCD };

static const char *const NAMES[] = {"b2ShapeCast", "b2TimeOfImpact", "btSubsimplexConvexCast",
				    "btContinuousConvexCollision"};

/* pair k of the scene in 3D (z = 0 in 2D), the geometry's displacement folded into the motion */
typedef struct pair3 {
	sw_vec3 c, v, x[3];
	float r;
	int dim;
} pair3;

static void pair_read(const gen_batch *g, size_t k, int dim, pair3 *p)
{
	memset(p, 0, sizeof *p);
	p->dim = dim;
	if (dim == 2) {
		sw_vec2 c, v, d;
		sw_seg2 s;
		sw_circle2_set_get(g->a, g->pairs[k].a, &c, &p->r, &v);
		sw_seg2_set_get(g->b, g->pairs[k].b, &s, &d);
		p->c = sw_v3(c.x, c.y, 0), p->v = sw_v3(v.x - d.x, v.y - d.y, 0);
		p->x[0] = sw_v3(s.p.x, s.p.y, 0), p->x[1] = sw_v3(s.q.x, s.q.y, 0);
		return;
	}
	sw_vec3 d;
	sw_tri3 t;
	sw_circle3_set_get(g->a, g->pairs[k].a, &p->c, &p->r, &p->v);
	sw_tri3_set_get(g->b, g->pairs[k].b, &t, &d);
	p->v = sw_v3_sub(p->v, d);
	p->x[0] = t.a, p->x[1] = t.b, p->x[2] = t.c;
}

/* the oracle's least distance over the step minus r, and the band around zero swept may be wrong in */
static double oracle_fmin(const pair3 *p, double *band)
{
	oracle_circle_problem prob;
	oracle_circle_result res;
	if (p->dim == 2) {
		sw_seg2 s = {{p->x[0].x, p->x[0].y}, {p->x[1].x, p->x[1].y}};
		oracle_circle2_problem(sw_v2(p->c.x, p->c.y), p->r, sw_v2(p->v.x, p->v.y), &s, &prob);
	} else {
		sw_tri3 t = {p->x[0], p->x[1], p->x[2]};
		oracle_circle3_problem(p->c, p->r, p->v, &t, &prob);
	}
	oracle_circle_solve(&prob, &res);
	*band = 1e-6 * prob.scale;
	return res.fmin;
}

static void *build(int dim, const gen_batch *g, size_t n)
{
	void *side = NULL;
	pair3 p;
#ifdef SW_HAVE_BOX2D
	if (dim == 2) {
		swp_circle_edge *in = malloc(n * sizeof *in);
		for (size_t k = 0; in && k < n; k++) {
			pair_read(g, k, 2, &p);
			in[k] = (swp_circle_edge){
				{p.c.x, p.c.y}, p.r, {p.v.x, p.v.y}, {p.x[0].x, p.x[0].y}, {p.x[1].x, p.x[1].y}};
		}
		side = in ? swp_box2d_circles_new(in, n) : NULL;
		free(in);
	}
#endif
#ifdef SW_HAVE_BULLET
	if (dim == 3) {
		swp_sphere_tri *in = malloc(n * sizeof *in);
		for (size_t k = 0; in && k < n; k++) {
			pair_read(g, k, 3, &p);
			in[k] = (swp_sphere_tri){{p.c.x, p.c.y, p.c.z},          p.r,
						 {p.v.x, p.v.y, p.v.z},          {p.x[0].x, p.x[0].y, p.x[0].z},
						 {p.x[1].x, p.x[1].y, p.x[1].z}, {p.x[2].x, p.x[2].y, p.x[2].z}};
		}
		side = in ? swp_bullet_spheres_new(in, n) : NULL;
		free(in);
	}
#endif
	(void)p, (void)g, (void)n, (void)dim;
	return side;
}

static void *build2(const gen_batch *g, size_t n) { return build(2, g, n); }
static void *build3(const gen_batch *g, size_t n) { return build(3, g, n); }

/* one pass of a peer: outcome 1 for a hit (touching or overlapped), its time */
static size_t call(void *side, unsigned variant, uint8_t *hit, float *t)
{
	size_t h = 0;
#ifdef SW_HAVE_BOX2D
	if (variant == V_CAST || variant == V_TOI) {
		h = variant == V_CAST ? swp_box2d_circles_cast(side, hit, t) : swp_box2d_circles_toi(side, hit, t);
	}
#endif
#ifdef SW_HAVE_BULLET
	if (variant == V_SUBSIMPLEX)
		h = swp_bullet_spheres_subsimplex(side, hit, t);
	if (variant == V_CCD)
		h = swp_bullet_spheres_ccd(side, hit, t);
#endif
	(void)side, (void)variant, (void)hit, (void)t;
	return h;
}

/* the distance from the contact at which each peer may stop */
static float slack(unsigned variant)
{
#ifdef SW_HAVE_BOX2D
	if (variant == V_CAST)
		return swp_box2d_circles_cast_slack();
	if (variant == V_TOI)
		return swp_box2d_circles_toi_slack();
#endif
	(void)variant;
	return BENCH_BULLET_NEAR_GAP;
}

static int check(void *side, unsigned variant, const gen_batch *g, const bench_cols *want, size_t n, bench_agree *out)
{
	uint8_t *hit = malloc(n);
	float *pt = malloc(n * sizeof(float));
	if (!hit || !pt) {
		free(hit), free(pt);
		return 0;
	}
	call(side, variant, hit, pt);
	int dim = variant <= V_TOI ? 2 : 3;
	float reach = 1.25f * slack(variant);
	size_t agree = 0, nsep = 0, agree_sep = 0, dis_ovl = 0, dis_hit = 0, dis_miss = 0, near = 0, ntoi = 0, late = 0;
	size_t swept_wrong = 0;
	double toi_sum = 0, toi_max = 0, gap_sum = 0;
	for (size_t k = 0; k < n; k++) {
		int st = want->status[k], sh = bench_is_hit(st);
		/* Box2D's b2TimeOfImpact outcomes: 1 touching, 2 overlapped, 3 failed (a miss) */
		int ph = hit[k] == 1 || (variant == V_TOI && hit[k] == 2);
		int same = sh == ph;
		agree += same;
		if (st != SW_STARTS_OVERLAPPED) {
			nsep++;
			agree_sep += same;
		}
		pair3 p;
		pair_read(g, k, dim, &p);
		if (same && st == SW_HIT) {
			double d = (double)want->f[0][k] - (double)pt[k];
			toi_sum += fabs(d);
			toi_max = fabs(d) > toi_max ? fabs(d) : toi_max;
			late += d < 0;
			/* the distance still to go at the peer's time: closing speed along the normal */
			double vn = -((double)p.v.x * want->f[5][k] + (double)p.v.y * want->f[6][k] +
				      (dim == 3 ? (double)p.v.z * want->f[7][k] : 0));
			gap_sum += d * vn;
			ntoi++;
		}
		if (same)
			continue;
		dis_ovl += st == SW_STARTS_OVERLAPPED;
		dis_hit += st == SW_HIT;
		dis_miss += !sh;
		double band, fmin = oracle_fmin(&p, &band);
		near += fabs(fmin) <= reach;
		swept_wrong += sh ? fmin > band : fmin < -band;
	}
	out->agree = (double)agree / (double)n;
	out->agree_sep = nsep ? (double)agree_sep / (double)nsep : 1.0;
	out->toi_dmean = ntoi ? toi_sum / (double)ntoi : 0.0;
	out->stop_gap = ntoi ? gap_sum / (double)ntoi : 0.0;
	fprintf(stderr,
		"%s_peer/%s/%zu: %zu of %zu pairs disagree with swept: %zu start overlapped; of %zu start separated, "
		"%zu swept hit/peer miss and %zu swept miss/peer hit; %zu of all near-touching (the oracle's least "
		"distance within %g of r), %zu where the oracle says swept is wrong; on %zu common hits |t - t| mean "
		"%.2e max %.2e, %zu later than swept, mean distance left at the peer's t %.2e\n",
		dim == 2 ? "circle2_seg2_sweep" : "circle3_tri3_sweep", NAMES[variant], n, n - agree, n, dis_ovl, nsep,
		dis_hit, dis_miss, near, reach, swept_wrong, ntoi, out->toi_dmean, toi_max, late, out->stop_gap);
	free(hit), free(pt);
	return 1;
}

static size_t pass(void *side, unsigned variant) { return call(side, variant, NULL, NULL); }

static void side_free(void *side, int dim)
{
#ifdef SW_HAVE_BOX2D
	if (dim == 2)
		swp_box2d_circles_free(side);
#endif
#ifdef SW_HAVE_BULLET
	if (dim == 3)
		swp_bullet_spheres_free(side);
#endif
	(void)side, (void)dim;
}

static void free2(void *side) { side_free(side, 2); }
static void free3(void *side) { side_free(side, 3); }

const bench_peer bench_peer_circle_cast = {
	"circle2_seg2_sweep_peer/b2ShapeCast", SW_Q_circle2_seg2_sweep, V_CAST, build2, check, pass, free2};
const bench_peer bench_peer_circle_toi = {
	"circle2_seg2_sweep_peer/b2TimeOfImpact", SW_Q_circle2_seg2_sweep, V_TOI, build2, check, pass, free2};
const bench_peer bench_peer_sphere_subsimplex = {"circle3_tri3_sweep_peer/btSubsimplexConvexCast",
						 SW_Q_circle3_tri3_sweep,
						 V_SUBSIMPLEX,
						 build3,
						 check,
						 pass,
						 free3};
const bench_peer bench_peer_sphere_ccd = {"circle3_tri3_sweep_peer/btContinuousConvexCollision",
					  SW_Q_circle3_tri3_sweep,
					  V_CCD,
					  build3,
					  check,
					  pass,
					  free3};
