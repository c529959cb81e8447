/* bench/bench_peer_gjk.c — the peers of the GJK queries, on the GJK family's benchmark scenes (hulls of
 * 8–32 points, polygons of 3–8 vertices, rays at polygons and hulls):
 *   gjk3_hull3_overlap_peer/ccd_gjk, /ccd_mpr          libccd's ccdGJKIntersect and ccdMPRIntersect
 *   gjk3_hull3_distance_peer/bullet_gjk                 btGjkPairDetector (GJK alone, no EPA)
 *   gjk3_hull3_cast_peer/bullet_subsimplex, /bullet_gjk_cast   btSubsimplexConvexCast, btGjkConvexCast
 *   gjk2_poly2_distance_peer/box2d_distance             b2Distance
 *   gjk2_poly2_overlap_peer/box2d_overlap               b2TestOverlap
 *   gjk2_poly2_cast_peer/box2d_cast                     b2ShapeCast
 *   gjk2_ray_poly2_peer/box2d_ray                       b2PolygonShape::RayCast
 *   gjk3_ray_hull3_peer/bullet_subsimplex               btSubsimplexConvexCast of a one-point hull
 * Zero margins and radii everywhere. Each peer's agreement with swept is computed once: the fraction of
 * pairs whose hit/miss (overlap, cast, ray; distance: apart or not) equals swept's, the same over the
 * pairs swept finds apart at the start, and the mean difference of the times (distances) where both
 * give one; a summary of the disagreements goes to stderr. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_peers.h"
#ifdef SW_HAVE_BULLET
#include "peer_bullet_hull.h"
#endif
#ifdef SW_HAVE_CCD
#include "peer_ccd.h"
#endif
#ifdef SW_HAVE_BOX2D
#include "peer_box2d.h"
#endif

/* the peers' calls */
enum { V_CCD_GJK, V_CCD_MPR, V_BT_DIST, V_BT_SUBSIMPLEX, V_BT_GJKCAST, V_B2_DIST, V_B2_OVERLAP, V_B2_CAST, V_B2_RAY };

/* one peer's answers: hit (or apart, for distances) and a time (or distance) per pair */
typedef struct answers {
	uint8_t *hit;
	float *t;
} answers;

/* ---- 3D hull pairs (Bullet and libccd) ---- */

#if defined(SW_HAVE_BULLET) || defined(SW_HAVE_CCD)
/* most shapes a scene's set holds, as far as the peers look */
#define MAX_SHAPES 65536u

typedef struct hull_side {
	void *bullet, *ccd;
} hull_side;

static swp_hull_body body_of(const gen_batch *g, int side, size_t k)
{
	uint32_t shape = 0;
	sw_pose3 pose = {{0, 0, 0}, {0, 0, 0, 1}};
	sw_vec3 d = {0, 0, 0};
	sw_hull3_set_get(side ? g->b : g->a, side ? g->pairs[k].b : g->pairs[k].a, &shape, &pose, &d);
	swp_hull_body b = {
		shape, {pose.p.x, pose.p.y, pose.p.z}, {pose.q.x, pose.q.y, pose.q.z, pose.q.w}, {d.x, d.y, d.z}};
	return b;
}

/* the scene's hulls (both sides share the family's library when both are hull sets) */
static void *hull_build(const gen_batch *g, size_t n, int ccd)
{
	uint32_t nshapes = 0;
	while (nshapes < MAX_SHAPES && gen_gjk_hull3(g, 0, nshapes))
		nshapes++;
	swp_hull_shape *shapes = malloc((nshapes ? nshapes : 1) * sizeof *shapes);
	swp_hull_body *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	void *side = NULL;
	if (shapes && a && b) {
		for (uint32_t i = 0; i < nshapes; i++) {
			const sw_hull3 *h = gen_gjk_hull3(g, 0, i);
			shapes[i] = (swp_hull_shape){&h->verts[0].x, h->num_verts};
		}
		for (size_t k = 0; k < n; k++)
			a[k] = body_of(g, 0, k), b[k] = body_of(g, 1, k);
#ifdef SW_HAVE_CCD
		if (ccd)
			side = swp_ccd_new(shapes, nshapes, a, b, n);
#endif
#ifdef SW_HAVE_BULLET
		if (!ccd)
			side = swp_bullet_hulls_new(shapes, nshapes, a, b, n);
#endif
	}
	free(shapes), free(a), free(b);
	return side;
}
#endif

#ifdef SW_HAVE_BULLET
static void *bullet_build(const gen_batch *g, size_t n) { return hull_build(g, n, 0); }
static void bullet_free(void *side) { swp_bullet_hulls_free(side); }
#endif
#ifdef SW_HAVE_BULLET
/* rays at hulls (the gjk3_ray_hull3 scene): each ray as a one-point hull at its origin moving by its
 * delta, cast against the hull at rest (btSubsimplexConvexCast); the point is the last shape */
static void *bullet_rays_build(const gen_batch *g, size_t n)
{
	uint32_t nshapes = 0;
	while (nshapes < MAX_SHAPES && gen_gjk_hull3(g, 1, nshapes))
		nshapes++;
	static const float point[3] = {0, 0, 0};
	swp_hull_shape *shapes = malloc((nshapes + 1) * sizeof *shapes);
	swp_hull_body *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	void *side = NULL;
	if (shapes && a && b) {
		for (uint32_t i = 0; i < nshapes; i++) {
			const sw_hull3 *h = gen_gjk_hull3(g, 1, i);
			shapes[i] = (swp_hull_shape){&h->verts[0].x, h->num_verts};
		}
		shapes[nshapes] = (swp_hull_shape){point, 1};
		for (size_t k = 0; k < n; k++) {
			sw_ray3 r = {{0, 0, 0}, {0, 0, 0}};
			sw_ray3_set_get(g->a, g->pairs[k].a, &r);
			a[k] = (swp_hull_body){nshapes,
					       {r.origin.x, r.origin.y, r.origin.z},
					       {0, 0, 0, 1},
					       {r.delta.x, r.delta.y, r.delta.z}};
			b[k] = body_of(g, 1, k);
			b[k].d[0] = b[k].d[1] = b[k].d[2] = 0;
		}
		side = swp_bullet_hulls_new(shapes, nshapes + 1, a, b, n);
	}
	free(shapes), free(a), free(b);
	return side;
}
#endif
#ifdef SW_HAVE_CCD
static void *ccd_build(const gen_batch *g, size_t n) { return hull_build(g, n, 1); }
static void ccd_free(void *side) { swp_ccd_free(side); }
#endif

/* ---- 2D polygon pairs and rays (Box2D) ---- */

#ifdef SW_HAVE_BOX2D
static int poly_of(const sw_poly2_set *s, uint32_t i, swp_poly *o)
{
	sw_poly2 p;
	sw_pose2 pose;
	sw_vec2 d;
	if (sw_poly2_set_get(s, i, NULL, &p, &pose, &d) != SW_OK || p.count < 3 || p.count > SWP_BOX2D_MAX_VERTS)
		return 0;
	o->count = p.count;
	for (uint32_t k = 0; k < p.count; k++)
		o->v[k][0] = p.v[k].x, o->v[k][1] = p.v[k].y;
	o->p[0] = pose.p.x, o->p[1] = pose.p.y, o->c = pose.q.c, o->s = pose.q.s, o->d[0] = d.x, o->d[1] = d.y;
	return 1;
}

static void *box2d_build(const gen_batch *g, size_t n)
{
	swp_poly *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	void *side = NULL;
	int ok = a && b;
	for (size_t k = 0; k < n && ok; k++)
		ok = poly_of(g->a, g->pairs[k].a, &a[k]) && poly_of(g->b, g->pairs[k].b, &b[k]);
	if (ok)
		side = swp_box2d_new(a, b, n);
	free(a), free(b);
	return side;
}

static void box2d_free(void *side) { swp_box2d_free(side); }

static void *box2d_rays_build(const gen_batch *g, size_t n)
{
	swp_poly *p = malloc(n * sizeof *p);
	float(*ray)[4] = malloc(n * sizeof *ray);
	void *side = NULL;
	int ok = p && ray;
	for (size_t k = 0; k < n && ok; k++) {
		sw_ray2 r;
		ok = sw_ray2_set_get(g->a, g->pairs[k].a, &r) == SW_OK && poly_of(g->b, g->pairs[k].b, &p[k]);
		ray[k][0] = r.origin.x, ray[k][1] = r.origin.y, ray[k][2] = r.delta.x, ray[k][3] = r.delta.y;
	}
	if (ok)
		side = swp_box2d_rays_new(p, (const float(*)[4])ray, n);
	free(p), free(ray);
	return side;
}

static void box2d_rays_free(void *side) { swp_box2d_rays_free(side); }
#endif

/* ---- the calls (when any peer is built) ---- */
#if defined(SW_HAVE_BULLET) || defined(SW_HAVE_CCD) || defined(SW_HAVE_BOX2D)
static const char *const NAMES[] = {"ccd_gjk",           "ccd_mpr",         "bullet_gjk",
				    "bullet_subsimplex", "bullet_gjk_cast", "box2d_distance",
				    "box2d_overlap",     "box2d_cast",      "box2d_ray"};

static size_t call(void *side, unsigned v, uint8_t *hit, float *t)
{
	switch (v) {
#ifdef SW_HAVE_CCD
	case V_CCD_GJK: return swp_ccd_intersect(side, 0, hit);
	case V_CCD_MPR: return swp_ccd_intersect(side, 1, hit);
#endif
#ifdef SW_HAVE_BULLET
	case V_BT_DIST: return swp_bullet_hulls_distance(side, t);
	case V_BT_SUBSIMPLEX: return swp_bullet_hulls_subsimplex(side, hit, t);
	case V_BT_GJKCAST: return swp_bullet_hulls_gjkcast(side, hit, t);
#endif
#ifdef SW_HAVE_BOX2D
	case V_B2_DIST: return swp_box2d_distance(side, t);
	case V_B2_OVERLAP: return swp_box2d_overlap(side, hit);
	case V_B2_CAST: return swp_box2d_cast(side, hit, t);
	case V_B2_RAY: return swp_box2d_raycast(side, hit, t);
#endif
	default: (void)side, (void)hit, (void)t; return 0;
	}
}

static size_t pass(void *side, unsigned v) { return call(side, v, NULL, NULL); }

/* whether a peer answers distances (t holds them, negative: overlapping) */
static int is_distance(unsigned v) { return v == V_BT_DIST || v == V_B2_DIST; }

static int check(void *side, unsigned v, const gen_batch *g, const bench_cols *want, size_t n, bench_agree *out)
{
	(void)g;
	uint8_t *hit = calloc(n, 1);
	float *t = malloc(n * sizeof *t);
	if (!hit || !t) {
		free(hit), free(t);
		return 0;
	}
	for (size_t k = 0; k < n; k++)
		t[k] = 1.0f;
	call(side, v, hit, t);
	size_t agree = 0, nsep = 0, agree_sep = 0, both = 0, swept_only = 0, peer_only = 0;
	double dsum = 0, dmax = 0;
	for (size_t k = 0; k < n; k++) {
		int st = want->status[k];
		/* swept's "hit": overlap HIT, cast or ray HIT or STARTS_OVERLAPPED; distance: the cores apart
		 * (HIT or MISS), compared with the peer's positive distance */
		int sh = is_distance(v) ? st == SW_MISS || st == SW_HIT : bench_is_hit(st);
		int ph = is_distance(v) ? t[k] > 0 : hit[k] != 0;
		agree += sh == ph;
		if (st != SW_STARTS_OVERLAPPED) {
			nsep++;
			agree_sep += sh == ph;
		}
		swept_only += sh && !ph, peer_only += ph && !sh;
		/* the common answers' values: time of a hit (swept's t, column 0), or the distance */
		if (sh && ph && (is_distance(v) || st == SW_HIT)) {
			double dt = fabs((double)t[k] - (double)want->f[0][k]);
			dsum += dt, dmax = dt > dmax ? dt : dmax;
			both++;
		}
	}
	out->agree = (double)agree / (double)n;
	out->agree_sep = nsep ? (double)agree_sep / (double)nsep : 1.0;
	out->toi_dmean = both ? dsum / (double)both : 0.0;
	out->stop_gap = -1;
	fprintf(stderr,
		"GJK peer %s on %zu pairs: %zu disagree (%zu swept %s only, %zu peer only); over %zu common answers "
		"|peer - swept| %s mean %.2e max %.2e\n",
		NAMES[v], n, n - agree, swept_only, is_distance(v) ? "apart" : "hit", peer_only, both,
		is_distance(v) ? "distance" : "time", both ? dsum / (double)both : 0.0, dmax);
	free(hit), free(t);
	return 1;
}

#endif

/* ---- the peers ---- */

#ifdef SW_HAVE_CCD
const bench_peer bench_peer_ccd_gjk = {
	"gjk3_hull3_overlap_peer/ccd_gjk", SW_Q_gjk3_hull3_overlap, V_CCD_GJK, ccd_build, check, pass, ccd_free};
const bench_peer bench_peer_ccd_mpr = {
	"gjk3_hull3_overlap_peer/ccd_mpr", SW_Q_gjk3_hull3_overlap, V_CCD_MPR, ccd_build, check, pass, ccd_free};
#endif
#ifdef SW_HAVE_BULLET
const bench_peer bench_peer_bullet_gjk = {"gjk3_hull3_distance_peer/bullet_gjk",
					  SW_Q_gjk3_hull3_distance,
					  V_BT_DIST,
					  bullet_build,
					  check,
					  pass,
					  bullet_free};
const bench_peer bench_peer_bullet_gjk_subsimplex = {"gjk3_hull3_cast_peer/bullet_subsimplex",
						     SW_Q_gjk3_hull3_cast,
						     V_BT_SUBSIMPLEX,
						     bullet_build,
						     check,
						     pass,
						     bullet_free};
const bench_peer bench_peer_bullet_gjk_cast = {"gjk3_hull3_cast_peer/bullet_gjk_cast",
					       SW_Q_gjk3_hull3_cast,
					       V_BT_GJKCAST,
					       bullet_build,
					       check,
					       pass,
					       bullet_free};
const bench_peer bench_peer_bullet_ray_hull = {"gjk3_ray_hull3_peer/bullet_subsimplex",
					       SW_Q_gjk3_ray_hull3,
					       V_BT_SUBSIMPLEX,
					       bullet_rays_build,
					       check,
					       pass,
					       bullet_free};
#endif
#ifdef SW_HAVE_BOX2D
const bench_peer bench_peer_box2d_distance = {"gjk2_poly2_distance_peer/box2d_distance",
					      SW_Q_gjk2_poly2_distance,
					      V_B2_DIST,
					      box2d_build,
					      check,
					      pass,
					      box2d_free};
const bench_peer bench_peer_box2d_overlap = {"gjk2_poly2_overlap_peer/box2d_overlap",
					     SW_Q_gjk2_poly2_overlap,
					     V_B2_OVERLAP,
					     box2d_build,
					     check,
					     pass,
					     box2d_free};
const bench_peer bench_peer_box2d_gjk_cast = {
	"gjk2_poly2_cast_peer/box2d_cast", SW_Q_gjk2_poly2_cast, V_B2_CAST, box2d_build, check, pass, box2d_free};
const bench_peer bench_peer_box2d_ray = {
	"gjk2_ray_poly2_peer/box2d_ray", SW_Q_gjk2_ray_poly2, V_B2_RAY, box2d_rays_build, check, pass, box2d_rays_free};
#endif
