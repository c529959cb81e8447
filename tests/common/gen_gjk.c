/* tests/common/gen_gjk.c — the generator family of the GJK queries (every row whose options are
 * sw_gjk_opts, whatever its sources): populations of pairs for every source a GJK query reads (shape,
 * hull, box, triangle, polygon and ray sets, 2D and 3D), in order, shuffled and through one set;
 * close pairs, overlapping ones, pairs touching and grazing to the rounding of the library's own
 * distance, boxes on a grid (exact face, edge and corner contacts), 1e4 offsets, tiny shapes,
 * needles, fast motion, no motion, shapes from 1e-12 to 1e12, and broken inputs; the fault classes,
 * a printer, the single-pair adapter and the benchmark scenes. Shapes: gen_gjk_shapes.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen_gjk.h"
#include "ref/gjk_ref.h"

enum { NSHAPES = 48 };

static const gg_pop POPS[] = {
	{"close", 1, 600, MIX_ANY, 0.5f, 1.5f, 4, 0, 3, 1.2f, L_CLOSE, 0, 0, 0},
	{"overlapped", 2, 300, MIX_ANY, 0.5f, 1.5f, 4, 0, 3, 1.2f, L_OVERLAP, 0, 0, 0},
	{"touching", 3, 400, MIX_ANY, 0.5f, 1.5f, 4, 0, 3, 1.2f, L_TOUCH, 0, 0, 0},
	{"grazing", 4, 400, MIX_ANY, 0.5f, 1.5f, 4, 0, 3, 1.2f, L_GRAZE, 0, 0, 0},
	{"grid", 5, 400, MIX_GRID, 0.5f, 1.0f, 4, 0, 2, 1.2f, L_GRID, 0, 0, 0},
	{"offset_1e4", 6, 300, MIX_ANY, 0.5f, 1.5f, 4, 1e4f, 3, 1.2f, L_CLOSE, 0, 0, 0},
	{"tiny", 7, 300, MIX_ANY, 2.5e-4f, 1.5e-3f, 4e-3f, 0, 3e-3f, 1.2f, L_CLOSE, 0, 0, 0},
	{"needles", 8, 300, MIX_NEEDLES, 0.5f, 3.0f, 4, 0, 3, 1.0f, L_CLOSE, 0, 0, 0},
	{"fast", 9, 300, MIX_ANY, 0.5f, 1.5f, 4, 0, 1e3f, 1.2f, L_CLOSE, 0, 0, 0},
	{"zero_motion", 10, 300, MIX_ANY, 0.5f, 1.5f, 4, 0, 3, 0.6f, L_CLOSE, 1, 0, 0},
	{"wide_scales", 11, 300, MIX_ANY, 0.5f, 1.5f, 4, 0, 3, 1.2f, L_CLOSE, 0, 1, 0},
	{"touching_needles", 12, 300, MIX_NEEDLES, 0.5f, 3.0f, 4, 0, 3, 1.0f, L_TOUCH, 0, 0, 0},
	{"broken", 13, 300, MIX_ANY, 0.5f, 1.5f, 4, 0, 3, 1.2f, L_CLOSE, 0, 0, 1},
};
#define NPOPS (sizeof POPS / sizeof POPS[0])

/* the benchmark scenes: polytopes of 8–32 points and polygons of 3–8 vertices (mix 0), and spheres,
 * capsules, boxes and polytopes mixed (mix 1); close pairs moving by up to 3, aimed half of the time */
static const gg_pop BENCH[2] = {
	{"bench", 0x5eedc0de, 0, MIX_BENCH, 0.5f, 1.5f, 4, 0, 3, 1.5f, L_CLOSE, 0, 0, 0},
	{"bench_mixed", 0x5eedc0df, 0, MIX_MIXED, 0.5f, 1.5f, 4, 0, 3, 1.5f, L_CLOSE, 0, 0, 0},
};

/* pairings: pairs (k, k) in order, the same pairs shuffled, and (same sources) one set holding A of
 * pair k at 2k and B at 2k + 1 */
enum { P_ORDER, P_SHUFFLED, P_ONE, PAIRINGS };
static const char *const PAIRING[PAIRINGS] = {"in_order", "shuffled", "one_set"};

typedef struct gjk_state {
	sw_src ka, kb;
	gg_lib la, lb; /* lb unused when ka == kb: both sides use la */
	void *sa, *sb; /* the sets (sa == sb through one set) */
	sw_pair *pairs;
	size_t n;
	int one;
} gjk_state;

static const gg_lib *lib_of(const gjk_state *st, int side) { return side == 0 || st->ka == st->kb ? &st->la : &st->lb; }

/* ---- sets ---- */

static void set_free(sw_src k, void *s)
{
	switch (k) {
	case SW_SRC_SHAPE3: sw_shape3_set_destroy(s); break;
	case SW_SRC_SHAPE2: sw_shape2_set_destroy(s); break;
	case SW_SRC_HULL3: sw_hull3_set_destroy(s); break;
	case SW_SRC_POLY2: sw_poly2_set_destroy(s); break;
	case SW_SRC_OBB3: sw_obb3_set_destroy(s); break;
	case SW_SRC_TRI3: sw_tri3_set_destroy(s); break;
	case SW_SRC_RAY3: sw_ray3_set_destroy(s); break;
	case SW_SRC_RAY2: sw_ray2_set_destroy(s); break;
	default: break;
	}
}

/* a new set of kind k holding every shape of `lib` (shape-and-instance sets) */
static void *set_new(sw_src k, const gg_lib *lib, size_t cap)
{
	void *s = NULL;
	int ok = 1;
	switch (k) {
	case SW_SRC_SHAPE3:
		ok = sw_shape3_set_create(cap, (sw_shape3_set **)&s) == SW_OK;
		for (size_t i = 0; i < lib->n && ok; i++) {
			uint32_t id;
			sw_shape3 sh = gg_shape3(&lib->s[i]);
			ok = sw_shape3_set_add_shape(s, &sh, &id) == SW_OK && id == i;
		}
		break;
	case SW_SRC_SHAPE2:
		ok = sw_shape2_set_create(cap, (sw_shape2_set **)&s) == SW_OK;
		for (size_t i = 0; i < lib->n && ok; i++) {
			uint32_t id;
			sw_vec2 v[SW_GJK_MAX_VERTS];
			sw_shape2 sh = gg_shape2(&lib->s[i], v);
			ok = sw_shape2_set_add_shape(s, &sh, &id) == SW_OK && id == i;
		}
		break;
	case SW_SRC_HULL3:
		ok = sw_hull3_set_create(cap, (sw_hull3_set **)&s) == SW_OK;
		for (size_t i = 0; i < lib->n && ok; i++) {
			uint32_t id;
			ok = sw_hull3_set_add_shape(s, &lib->hulls[i], &id) == SW_OK && id == i;
		}
		break;
	case SW_SRC_POLY2:
		ok = sw_poly2_set_create(cap, (sw_poly2_set **)&s) == SW_OK;
		for (size_t i = 0; i < lib->n && ok; i++) {
			uint32_t id;
			ok = sw_poly2_set_add_shape(s, &lib->polys[i], &id) == SW_OK && id == i;
		}
		break;
	case SW_SRC_OBB3: ok = sw_obb3_set_create(cap, (sw_obb3_set **)&s) == SW_OK; break;
	case SW_SRC_TRI3: ok = sw_tri3_set_create(cap, (sw_tri3_set **)&s) == SW_OK; break;
	case SW_SRC_RAY3: ok = sw_ray3_set_create(cap, (sw_ray3_set **)&s) == SW_OK; break;
	case SW_SRC_RAY2: ok = sw_ray2_set_create(cap, (sw_ray2_set **)&s) == SW_OK; break;
	default: ok = 0;
	}
	if (!ok) {
		set_free(k, s);
		return NULL;
	}
	return s;
}

static sw_pose3 pose3(const gg_inst *x) { return sw_pose3_make(x->p, x->q); }
static sw_pose2 pose2(const gg_inst *x) { return (sw_pose2){{x->p.x, x->p.y}, {x->q.x, x->q.y}}; }
static sw_vec2 v2(sw_vec3 v) { return sw_v2(v.x, v.y); }

/* a triangle shape placed: its world vertices */
static sw_tri3 tri_world(const gg_shape *s, const gg_inst *x)
{
	sw_mat3 m = sw_mat3_from_quat(x->q);
	sw_vec3 v[3];
	for (int k = 0; k < 3; k++)
		v[k] = sw_v3_add(sw_mat3_mul(&m, s->v[k]), x->p);
	return (sw_tri3){v[0], v[1], v[2]};
}

/* appends instance x (or writes it at `at` when at < count) */
static int set_put(sw_src k, void *s, const gg_lib *lib, const gg_inst *x, uint32_t at, int put)
{
	switch (k) {
	case SW_SRC_SHAPE3:
		return put ? sw_shape3_set_put(s, at, x->shape, pose3(x), x->d) == SW_OK
			   : sw_shape3_set_add(s, x->shape, pose3(x), x->d, NULL) == SW_OK;
	case SW_SRC_SHAPE2:
		return put ? sw_shape2_set_put(s, at, x->shape, pose2(x), v2(x->d)) == SW_OK
			   : sw_shape2_set_add(s, x->shape, pose2(x), v2(x->d), NULL) == SW_OK;
	case SW_SRC_HULL3:
		return put ? sw_hull3_set_put(s, at, x->shape, pose3(x), x->d) == SW_OK
			   : sw_hull3_set_add(s, x->shape, pose3(x), x->d, NULL) == SW_OK;
	case SW_SRC_POLY2:
		return put ? sw_poly2_set_put(s, at, x->shape, pose2(x), v2(x->d)) == SW_OK
			   : sw_poly2_set_add(s, x->shape, pose2(x), v2(x->d), NULL) == SW_OK;
	case SW_SRC_OBB3: {
		sw_obb3 box = {lib->s[x->shape].half};
		return put ? sw_obb3_set_put(s, at, &box, pose3(x), x->d) == SW_OK
			   : sw_obb3_set_add(s, &box, pose3(x), x->d, NULL) == SW_OK;
	}
	case SW_SRC_TRI3: {
		sw_tri3 t = tri_world(&lib->s[x->shape], x);
		return put ? sw_tri3_set_put(s, at, &t, x->d) == SW_OK : sw_tri3_set_add(s, &t, x->d, NULL) == SW_OK;
	}
	case SW_SRC_RAY3: {
		sw_ray3 ray = {x->p, x->d};
		return put ? sw_ray3_set_put(s, at, &ray) == SW_OK : sw_ray3_set_add(s, &ray, NULL) == SW_OK;
	}
	case SW_SRC_RAY2: {
		sw_ray2 ray = {v2(x->p), v2(x->d)};
		return put ? sw_ray2_set_put(s, at, &ray) == SW_OK : sw_ray2_set_add(s, &ray, NULL) == SW_OK;
	}
	default: return 0;
	}
}

/* ---- the family's batches ---- */

static void gjk_free(gen_batch *g)
{
	gjk_state *st = g->state;
	if (st) {
		set_free(st->ka, st->sa);
		if (st->sb != st->sa)
			set_free(st->kb, st->sb);
		gg_lib_free(&st->la), gg_lib_free(&st->lb);
		free(st->pairs);
		free(st);
	}
	memset(g, 0, sizeof *g);
}

static int has_rotation(sw_src k) { return k != SW_SRC_RAY3 && k != SW_SRC_RAY2 && k != SW_SRC_TRI3; }
static int has_shape(sw_src k)
{
	return k == SW_SRC_SHAPE3 || k == SW_SRC_SHAPE2 || k == SW_SRC_HULL3 || k == SW_SRC_POLY2;
}

/* instance i of side `side` read back as placed */
static int inst_of(const gjk_state *st, int side, uint32_t i, gg_inst *x);

/* breaks the placement or shape of instance i of a side (fault classes 0–3); 0 when it does not apply */
static int break_inst(gjk_state *st, int side, uint32_t i, unsigned c)
{
	sw_src k = side ? st->kb : st->ka;
	void *set = side ? st->sb : st->sa;
	gg_lib *lib = (gg_lib *)lib_of(st, side);
	if (k == SW_SRC_OBB3 || k == SW_SRC_TRI3) {
		/* sets of placed items: read, break, write back */
		sw_obb3 box;
		sw_tri3 t;
		sw_pose3 pose;
		sw_vec3 d;
		if (k == SW_SRC_OBB3 ? sw_obb3_set_get(set, i, &box, &pose, &d) != SW_OK
				     : sw_tri3_set_get(set, i, &t, &d) != SW_OK)
			return 0;
		if (c == 0)
			pose.p.x = NAN, t.a.x = NAN;
		else if (c == 1)
			pose.q = (sw_quat){1, 1, 1, 1};
		else if (c == 2)
			d.y = INFINITY;
		else
			box.half.y = -1, t.b.z = NAN;
		if (k == SW_SRC_TRI3)
			return c != 1 && sw_tri3_set_put(set, i, &t, d) == SW_OK;
		return sw_obb3_set_put(set, i, &box, pose, d) == SW_OK;
	}
	gg_inst x;
	if (!inst_of(st, side, i, &x))
		return 0;
	switch (c) {
	case 0: x.p.x = NAN; break;
	case 1:
		if (!has_rotation(k))
			return 0;
		x.q = sw_src_planar(k) ? (sw_quat){1, 1, 0, 0} : (sw_quat){1, 1, 1, 1};
		break;
	case 2: x.d.y = INFINITY; break;
	default:
		if (k == SW_SRC_HULL3) {
			x.shape = (uint32_t)lib->n + 7; /* a shape id past the shapes */
		} else if (k == SW_SRC_POLY2) {
			/* the polygon reversed: clockwise, flagged by the set */
			sw_poly2 q = lib->polys[x.shape];
			if (q.count < 3)
				return 0;
			for (uint32_t a = 0, b = q.count - 1; a < b; a++, b--) {
				sw_vec2 t = q.v[a];
				q.v[a] = q.v[b], q.v[b] = t;
			}
			gg_shape s = lib->s[x.shape];
			uint32_t id, at = gg_lib_add(lib, &s);
			if (at == UINT32_MAX)
				return 0;
			lib->polys[at] = q;
			if (sw_poly2_set_add_shape(set, &q, &id) != SW_OK || id != at)
				return 0;
			x.shape = at;
		} else if (k == SW_SRC_SHAPE3 || k == SW_SRC_SHAPE2) {
			gg_shape s = lib->s[x.shape];
			s.radius = -1; /* flagged by the set */
			uint32_t id, at = gg_lib_add(lib, &s);
			sw_vec2 v[SW_GJK_MAX_VERTS];
			sw_shape3 s3 = gg_shape3(&s);
			sw_shape2 s2 = gg_shape2(&s, v);
			sw_error e = k == SW_SRC_SHAPE3 ? sw_shape3_set_add_shape(set, &s3, &id)
							: sw_shape2_set_add_shape(set, &s2, &id);
			if (at == UINT32_MAX || e != SW_OK || id != at)
				return 0;
			x.shape = at;
		} else {
			return 0;
		}
	}
	return set_put(k, set, lib, &x, i, 1);
}

static int gjk_build(const gg_pop *pp, uint64_t seed, size_t n, sw_src a, sw_src b, int pairing, gen_batch *g)
{
	memset(g, 0, sizeof *g);
	if (pairing == P_ONE && a != b)
		return 0;
	gjk_state *st = calloc(1, sizeof *st);
	if (!st)
		return 0;
	g->state = st;
	st->ka = a, st->kb = b, st->n = n, st->one = pairing == P_ONE;
	sc_rng r = sc_rng_seed(seed);
	gg_inst *A = malloc(n * sizeof *A), *B = malloc(n * sizeof *B);
	st->pairs = malloc(n * sizeof *st->pairs);
	size_t nshapes = pp->n ? NSHAPES : 1024;
	int ok = A && B && st->pairs && gg_lib_make(&r, pp, a, nshapes, &st->la) &&
		 (a == b || gg_lib_make(&r, pp, b, nshapes, &st->lb));
	for (size_t k = 0; k < n && ok; k++)
		gg_place(&r, pp, a, lib_of(st, 0), b, lib_of(st, 1), &A[k], &B[k]);
	if (ok) {
		st->sa = set_new(a, lib_of(st, 0), st->one ? 2 * n : n);
		st->sb = st->one ? st->sa : set_new(b, lib_of(st, 1), n);
		ok = st->sa && st->sb;
	}
	for (size_t k = 0; k < n && ok; k++) {
		ok = set_put(a, st->sa, lib_of(st, 0), &A[k], 0, 0) && set_put(b, st->sb, lib_of(st, 1), &B[k], 0, 0);
		st->pairs[k] = st->one ? (sw_pair){(uint32_t)(2 * k), (uint32_t)(2 * k + 1)}
				       : (sw_pair){(uint32_t)k, (uint32_t)k};
	}
	if (ok && pairing == P_SHUFFLED)
		for (size_t k = n; k > 1; k--) {
			size_t j = sc_below(&r, (uint32_t)k);
			sw_pair t = st->pairs[k - 1];
			st->pairs[k - 1] = st->pairs[j], st->pairs[j] = t;
		}
	/* broken: every seventh pair's A or B damaged by a fault class, indices past the sets */
	for (size_t k = 0; k < n && ok && pp->broken; k += 7) {
		unsigned c = (unsigned)(k / 7 % 4);
		int side = (int)(sc_next(&r) & 1);
		if (!break_inst(st, side, side ? st->pairs[k].b : st->pairs[k].a, c))
			break_inst(st, !side, side ? st->pairs[k].a : st->pairs[k].b, 0);
	}
	for (size_t k = 3; k < n && ok && pp->broken; k += 11) {
		if (k % 2)
			st->pairs[k].b = k % 3 ? UINT32_MAX : (uint32_t)(2 * n + k);
		else
			st->pairs[k].a = (uint32_t)(2 * n + k);
	}
	free(A), free(B);
	if (!ok) {
		gjk_free(g);
		return 0;
	}
	g->a = st->sa, g->b = st->sb, g->pairs = st->pairs, g->n = n;
	return 1;
}

static int gjk_make(size_t p, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	const gg_pop *pp = &POPS[(p / PAIRINGS) % NPOPS];
	n = n ? n : pp->n;
	return gjk_build(pp, pp->seed * 1000003u + n + 7919u * (uint64_t)(a * 16 + b), n, a, b, (int)(p % PAIRINGS), g);
}

static int gjk_bench(unsigned mix, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	if (mix > 1 || n == 0) {
		memset(g, 0, sizeof *g);
		return 0;
	}
	return gjk_build(&BENCH[mix], BENCH[mix].seed ^ n ^ (uint64_t)(a * 16 + b) << 40, n, a, b, P_ORDER, g);
}

static const char *pop_name(size_t p)
{
	static char buf[NPOPS * PAIRINGS][64];
	if (p >= NPOPS * PAIRINGS)
		return "?";
	if (!buf[p][0])
		snprintf(buf[p], sizeof buf[p], "%s/%s", POPS[p / PAIRINGS].name, PAIRING[p % PAIRINGS]);
	return buf[p];
}

/* ---- reading a pair back: the single-pair adapter and the printer ---- */

static int inst_of(const gjk_state *st, int side, uint32_t i, gg_inst *x)
{
	sw_src k = side ? st->kb : st->ka;
	const void *s = side ? st->sb : st->sa;
	memset(x, 0, sizeof *x);
	x->q = (sw_quat){0, 0, 0, 1};
	sw_pose3 p3;
	sw_pose2 p2;
	sw_vec2 d2;
	switch (k) {
	case SW_SRC_SHAPE3:
		if (sw_shape3_set_get(s, i, &x->shape, &p3, &x->d) != SW_OK)
			return 0;
		x->p = p3.p, x->q = p3.q;
		return 1;
	case SW_SRC_HULL3:
		if (sw_hull3_set_get(s, i, &x->shape, &p3, &x->d) != SW_OK)
			return 0;
		x->p = p3.p, x->q = p3.q;
		return 1;
	case SW_SRC_SHAPE2:
		if (sw_shape2_set_get(s, i, &x->shape, &p2, &d2) != SW_OK)
			return 0;
		break;
	case SW_SRC_POLY2:
		if (sw_poly2_set_get(s, i, &x->shape, NULL, &p2, &d2) != SW_OK)
			return 0;
		break;
	case SW_SRC_RAY3: {
		sw_ray3 ray;
		if (sw_ray3_set_get(s, i, &ray) != SW_OK)
			return 0;
		x->p = ray.origin, x->d = ray.delta;
		return 1;
	}
	case SW_SRC_RAY2: {
		sw_ray2 ray;
		if (sw_ray2_set_get(s, i, &ray) != SW_OK)
			return 0;
		x->p = sw_v3(ray.origin.x, ray.origin.y, 0), x->d = sw_v3(ray.delta.x, ray.delta.y, 0);
		return 1;
	}
	default: return 0; /* boxes and triangles are read as themselves (side_of) */
	}
	x->p = sw_v3(p2.p.x, p2.p.y, 0), x->q = (sw_quat){p2.q.c, p2.q.s, 0, 0}, x->d = sw_v3(d2.x, d2.y, 0);
	return 1;
}

/* one side of a pair as the single-pair functions take it; 0 when it is not usable (index or shape
 * id out of range, a hull or polygon that fails its check) */
typedef struct side {
	sw_shape3 s3;
	sw_shape2 s2;
	sw_vec3 v3[SW_GJK_MAX_VERTS];
	sw_vec2 v2[SW_GJK_MAX_VERTS];
	sw_pose3 p3;
	sw_pose2 p2;
	sw_vec3 d;
	/* a polygon side: the polygon itself (the ray row clips it, the overlap row tests its edges) */
	sw_poly2 poly;
	const sw_hull3 *hull; /* a hull side: the hull itself (the ray row clips it, sw_hull3_ray) */
	sw_obb3 box;          /* a box side: the box itself (the ray row clips it, sw_obb3_ray) */
} side;

static int side_of(const gjk_state *st, int which, uint32_t i, side *o)
{
	sw_src k = which ? st->kb : st->ka;
	const gg_lib *lib = lib_of(st, which);
	if (k == SW_SRC_OBB3) {
		sw_obb3 box;
		if (sw_obb3_set_get(which ? st->sb : st->sa, i, &box, &o->p3, &o->d) != SW_OK)
			return 0;
		o->s3 = sw_shape3_box(box.half, 0);
		o->box = box;
		return 1;
	}
	if (k == SW_SRC_TRI3) {
		sw_tri3 t;
		if (sw_tri3_set_get(which ? st->sb : st->sa, i, &t, &o->d) != SW_OK)
			return 0;
		o->v3[0] = sw_v3(0, 0, 0), o->v3[1] = sw_v3_sub(t.b, t.a), o->v3[2] = sw_v3_sub(t.c, t.a);
		o->s3 = sw_shape3_verts(o->v3, 3, 0);
		o->p3 = sw_pose3_make(t.a, (sw_quat){0, 0, 0, 1});
		return 1;
	}
	gg_inst x;
	if (!inst_of(st, which, i, &x))
		return 0;
	o->p3 = pose3(&x), o->p2 = pose2(&x), o->d = x.d;
	if (k == SW_SRC_RAY3 || k == SW_SRC_RAY2)
		return 1;
	if (x.shape >= lib->n)
		return 0;
	const gg_shape *s = &lib->s[x.shape];
	if (k == SW_SRC_HULL3 && sw_hull3_check(&lib->hulls[x.shape]) != SW_OK)
		return 0;
	if (k == SW_SRC_POLY2 && sw_poly2_check(&lib->polys[x.shape]) != SW_OK)
		return 0;
	if (k == SW_SRC_POLY2)
		o->poly = lib->polys[x.shape];
	o->hull = k == SW_SRC_HULL3 ? &lib->hulls[x.shape] : NULL;
	memcpy(o->v3, s->v, sizeof o->v3);
	o->s3 = gg_shape3(s);
	o->s3.verts = o->v3;
	o->s2 = gg_shape2(s, o->v2);
	return 1;
}

/* the results of a 2D query without their z columns */
static void planar_cols(sw_answer kind, const void *out, void *copy)
{
	sw_columns c = sw_columns_of(kind, out);
	for (int k = 0; k < sw_answer_floats(kind); k++)
		if (sw_answer_zmask(kind) >> k & 1)
			c.f[k] = NULL;
	sw_columns_store(kind, &c, copy);
}

static void single(const gen_batch *g, sw_query q, const void *opts, size_t k, const void *out)
{
	const gjk_state *st = g->state;
	const sw_query_desc *d = &sw_query_descs[q];
	int dim2 = sw_src_planar(d->a), ray = d->a == SW_SRC_RAY3 || d->a == SW_SRC_RAY2;
	static side a, b;
	int ok = side_of(st, 0, g->pairs[k].a, &a) && side_of(st, 1, g->pairs[k].b, &b);
	union {
		sw_overlap_results o;
		sw_distance_results d;
		sw_cast_results c;
	} cols;
	if (dim2) {
		planar_cols(d->answer, out, &cols);
	} else {
		sw_columns c = sw_columns_of(d->answer, out);
		sw_columns_store(d->answer, &c, &cols);
	}
	const sw_vec2 da = sw_v2(a.d.x, a.d.y), db = sw_v2(b.d.x, b.d.y);
	if (d->answer == SW_ANS_OVERLAP) {
		sw_overlap_result o = sw_overlap_result_invalid();
		uint32_t it;
		if (ok && dim2 && st->ka == SW_SRC_POLY2) /* separating axes, GJK near contact */
			sw_gjk2_poly2_overlap_pair_ref(&a.poly, a.p2, &b.poly, b.p2, opts, &o, &it);
		else if (ok && dim2)
			sw_gjk2_overlap(&a.s2, a.p2, &b.s2, b.p2, opts, &o);
		else if (ok)
			sw_gjk3_overlap(&a.s3, a.p3, &b.s3, b.p3, opts, &o);
		sw_overlap_put(&cols.o, k, &o);
	} else if (d->answer == SW_ANS_DISTANCE) {
		sw_distance_result o = sw_distance_result_invalid();
		uint32_t it;
		if (ok && dim2 && st->ka == SW_SRC_POLY2) /* separating axes, feature pairs apart, GJK otherwise */
			sw_gjk2_poly2_distance_pair_ref(&a.poly, a.p2, &b.poly, b.p2, opts, &o, &it);
		else if (ok && dim2)
			sw_gjk2_distance(&a.s2, a.p2, &b.s2, b.p2, opts, &o);
		else if (ok)
			sw_gjk3_distance(&a.s3, a.p3, &b.s3, b.p3, opts, &o);
		sw_distance_put(&cols.d, k, &o);
	} else {
		sw_cast_result o = sw_cast_result_invalid();
		if (ok && ray && dim2 && st->kb == SW_SRC_POLY2)
			sw_poly2_ray(&b.poly, b.p2, a.p2.p, da, &o);
		else if (ok && ray && dim2)
			sw_gjk2_ray(&b.s2, b.p2, a.p2.p, da, opts, &o);
		else if (ok && ray && st->kb == SW_SRC_OBB3)
			sw_obb3_ray(&b.box, b.p3, a.p3.p, a.d, &o);
		else if (ok && ray && st->kb == SW_SRC_HULL3)
			sw_hull3_ray(b.hull, b.p3, a.p3.p, a.d, &o);
		else if (ok && ray)
			sw_gjk3_ray(&b.s3, b.p3, a.p3.p, a.d, opts, &o);
		else if (ok && dim2 && st->ka == SW_SRC_POLY2) { /* moving separating axes, GJK near contact */
			uint32_t it;
			sw_gjk2_poly2_cast_pair_ref(&a.poly, a.p2, da, &b.poly, b.p2, db, opts, &o, &it);
		} else if (ok && dim2)
			sw_gjk2_cast(&a.s2, a.p2, da, &b.s2, b.p2, db, opts, &o);
		else if (ok)
			sw_gjk3_cast(&a.s3, a.p3, a.d, &b.s3, b.p3, b.d, opts, &o);
		sw_cast_put(&cols.c, k, &o);
	}
}

static void print_side(const gjk_state *st, int which, uint32_t i, FILE *f)
{
	static side s;
	const char *tag = which ? "B" : "A";
	if (!side_of(st, which, i, &s)) {
		fprintf(f, "  %s: index %u (or its shape) out of range or flagged\n", tag, i);
		return;
	}
	sw_src k = which ? st->kb : st->ka;
	fprintf(f, "  %s[%u]: p %a %a %a q %a %a %a %a d %a %a %a\n", tag, i, s.p3.p.x, s.p3.p.y, s.p3.p.z, s.p3.q.x,
		s.p3.q.y, s.p3.q.z, s.p3.q.w, s.d.x, s.d.y, s.d.z);
	if (k == SW_SRC_RAY3 || k == SW_SRC_RAY2)
		return;
	fprintf(f, "    type %u radius %a half %a %a %a, %u vertices:", s.s3.type, s.s3.radius, s.s3.half.x,
		s.s3.half.y, s.s3.half.z, s.s3.type == SW_SHAPE_BOX ? 0 : s.s3.count);
	for (uint32_t v = 0; s.s3.type != SW_SHAPE_BOX && v < s.s3.count; v++)
		fprintf(f, " (%a %a %a)", s.v3[v].x, s.v3[v].y, s.v3[v].z);
	fputc('\n', f);
}

static void print_pair(const gen_batch *g, size_t k, FILE *f)
{
	const gjk_state *st = g->state;
	print_side(st, 0, g->pairs[k].a, f);
	print_side(st, 1, g->pairs[k].b, f);
}

/* ---- faults ---- */

static const char *const FAULTS[] = {"position_nan",  "rotation_not_unit", "disp_inf",
				     "shape_flagged", "index_a_out",       "index_b_out"};
#define NFAULTS (sizeof FAULTS / sizeof FAULTS[0])

static const char *fault_name(unsigned c) { return c < NFAULTS ? FAULTS[c] : "?"; }

static int damage(gen_batch *g, const sw_query_desc *dq, size_t k, unsigned c)
{
	gjk_state *st = g->state;
	sw_pair *pairs = st->pairs;
	if (c == 4) {
		pairs[k].a = UINT32_MAX;
		return 1;
	}
	if (c == 5) {
		pairs[k].b = (uint32_t)(1u << 31);
		return 1;
	}
	/* a static query reads no displacement (a ray reads its delta) */
	if (c == 2 && dq->answer != SW_ANS_CAST)
		return 0;
	if (c == 3)
		return has_shape(st->kb) || st->kb == SW_SRC_OBB3 || st->kb == SW_SRC_TRI3
			       ? break_inst(st, 1, pairs[k].b, 3)
			       : 0;
	if (c == 1 && !has_rotation(st->ka))
		return has_rotation(st->kb) ? break_inst(st, 1, pairs[k].b, 1) : 0;
	return break_inst(st, 0, pairs[k].a, c);
}

static int serves(sw_src a, sw_src b)
{
	(void)a, (void)b;
	return 0; /* by options kind: gen_for() */
}

const gen_family gen_gjk_family = {"gjk",  serves,  NPOPS *PAIRINGS, pop_name, gjk_make, print_pair,
				   single, NFAULTS, fault_name,      damage,   gjk_free, gjk_bench};

const sw_hull3 *gen_gjk_hull3(const gen_batch *g, int side, uint32_t shape)
{
	const gjk_state *st = g ? g->state : NULL;
	if (!st || (side ? st->kb : st->ka) != SW_SRC_HULL3)
		return NULL;
	const gg_lib *lib = lib_of(st, side);
	return shape < lib->n ? &lib->hulls[shape] : NULL;
}
