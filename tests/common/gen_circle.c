/* tests/common/gen_circle.c — populations of swept circle–segment (2D) and sphere–triangle (3D) pairs:
 * random approaches, endpoint and vertex hits at high speed (the line or plane crossed beyond the
 * feature), grazing paths, motion parallel to the geometry, starts touching, overlapping and behind,
 * zero motion, zero-length segments, huge speeds, 1e4 offsets, tiny and zero radii, moving geometry,
 * extreme scales, signed zeros and broken inputs; the fault classes a caller can hand in; the benchmark
 * scene (sixteen nearby candidates per mover, as a broadphase gives them). The packed circle–segment
 * source (sw_circle2_seg2_block) holds the same pairs, packed from the sets.
 *
 * A pair is generated in 3D and flattened (z = 0) for the 2D family, so both families share every
 * pattern. Mover k and geometry k form pair k (pairs out of range excepted), so damaging one pair's
 * inputs touches no other pair. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

enum { POP_PAIRS = 20000, BENCH_CANDIDATES = 16 };

typedef enum edit {
	E_NONE,
	E_ENDPOINT_FAST, /* aimed past an endpoint or vertex at 1e3 × the size: the line crossed beyond it */
	E_GRAZING,       /* the path passes at r (± 1e-6 relative) from a feature */
	E_PARALLEL,      /* moving along the segment or in the triangle's plane */
	E_TOUCHING,      /* starting at distance r on a grid of halves (exact) */
	E_OVERLAPPING,   /* starting within r */
	E_BEHIND,        /* starting behind the line or plane, moving through it */
	E_STILL,         /* no motion */
	E_POINT,         /* zero-length segments, triangles of a point (invalid in 3D) */
	E_HUGE_SPEED,    /* motion 1e10 × the size */
	E_TINY_RADIUS,   /* radius 1e-7 … 1e-3, or 0 */
	E_MOVING,        /* the geometry moves too */
	E_TINY30,        /* everything scaled by 1e-30 */
	E_HUGE,          /* scaled by 1e12 … 1e30 (past SW_MAX_COORD: invalid) */
	E_SIGNED_ZERO,   /* ±0 wherever a coordinate is zero */
	E_BROKEN,        /* every 7th pair broken, every 11th index out of range */
	E_GROUPED,       /* runs of 1–40 pairs share their first pair's mover, as a broadphase lists them */
} edit;

typedef struct circle_pop {
	const char *name;
	uint64_t seed;
	float offset;
	edit e;
} circle_pop;

static const circle_pop POPS[] = {
	{"random", 1, 0, E_NONE},
	{"endpoint_fast", 2, 0, E_ENDPOINT_FAST},
	{"grazing", 3, 0, E_GRAZING},
	{"parallel", 4, 0, E_PARALLEL},
	{"touching", 5, 0, E_TOUCHING},
	{"overlapping", 6, 0, E_OVERLAPPING},
	{"behind", 7, 0, E_BEHIND},
	{"zero_motion", 8, 0, E_STILL},
	{"point_geometry", 9, 0, E_POINT},
	{"huge_speed", 10, 0, E_HUGE_SPEED},
	{"offset_1e4", 11, 1e4f, E_NONE},
	{"tiny_radius", 12, 0, E_TINY_RADIUS},
	{"moving_geometry", 13, 0, E_MOVING},
	{"scale_1e-30", 14, 0, E_TINY30},
	{"scale_huge", 15, 0, E_HUGE},
	{"signed_zero", 16, 0, E_SIGNED_ZERO},
	{"broken", 17, 0, E_BROKEN},
	{"grouped_movers", 18, 0, E_GROUPED},
};
#define NPOPS (sizeof POPS / sizeof POPS[0])

/* one pair: the mover (centre, radius, displacement) and the geometry (segment x[0]–x[1] or triangle
 * x[0..2], displacement d) */
typedef struct cpair {
	sw_vec3 c, v, d, x[3];
	float r;
} cpair;

/* the family's state: the sets and pairs */
typedef struct circle_state {
	int dim;
	sw_circle2_set *m2;
	sw_circle3_set *m3;
	sw_seg2_set *segs;
	sw_tri3_set *tris;
	sw_pair *pairs;
	size_t n;
	sw_circle2_seg2_block *blocks; /* the pairs packed (the packed source), else NULL */
} circle_state;

static const char *pop_name(size_t p) { return p < NPOPS ? POPS[p].name : "?"; }

static sw_vec3 rnd3(sc_rng *r, float lo, float hi, int dim)
{
	return sw_v3(sc_uniform(r, lo, hi), sc_uniform(r, lo, hi), dim == 3 ? sc_uniform(r, lo, hi) : 0.0f);
}

static sw_vec3 unit3(sc_rng *r, int dim)
{
	for (;;) {
		sw_vec3 u = rnd3(r, -1, 1, dim);
		float l = sw_v3_len(u);
		if (l > 0.1f && l <= 1)
			return sw_v3_scale(u, 1 / l);
	}
}

/* a random point of the geometry: interior, an endpoint or vertex, or on an edge */
static sw_vec3 on_geometry(sc_rng *r, const cpair *p, int dim)
{
	float a = sc_uniform(r, 0, 1), b = sc_uniform(r, 0, 1);
	uint32_t pick = sc_below(r, 3);
	if (dim == 2) {
		a = pick == 0 ? 0 : pick == 1 ? 1 : a;
		return sw_v3_add(p->x[0], sw_v3_scale(sw_v3_sub(p->x[1], p->x[0]), a));
	}
	if (a + b > 1)
		a = 1 - a, b = 1 - b;
	if (pick == 0) /* a vertex */
		return p->x[sc_below(r, 3)];
	if (pick == 1) /* an edge */
		b = 0;
	return sw_v3_add(p->x[0], sw_v3_add(sw_v3_scale(sw_v3_sub(p->x[1], p->x[0]), a),
					    sw_v3_scale(sw_v3_sub(p->x[2], p->x[0]), b)));
}

/* the outward direction from the geometry at a point: a random direction away from the triangle's or
 * segment's plane side, so the mover starts outside */
static sw_vec3 away(sc_rng *r, int dim) { return unit3(r, dim); }

/* a random pair about the origin: geometry of size 0.5–3, a mover of radius 0.1–1 at 0–4 beyond r
 * from a point of it, half of them aimed at it, moving 0–8 */
static void base_pair(sc_rng *r, int dim, cpair *p)
{
	memset(p, 0, sizeof *p);
	sw_vec3 g = rnd3(r, -2, 2, dim);
	for (;;) {
		float s = sc_uniform(r, 0.5f, 3);
		for (int k = 0; k < 3; k++)
			p->x[k] = sw_v3_add(g, sw_v3_scale(unit3(r, dim), s * sc_uniform(r, 0.3f, 1)));
		if (dim == 2)
			break;
		sw_vec3 n = sw_v3_cross(sw_v3_sub(p->x[1], p->x[0]), sw_v3_sub(p->x[2], p->x[0]));
		if (sw_v3_len(n) > 0.05f * s * s)
			break;
	}
	p->r = sc_uniform(r, 0.1f, 1);
	sw_vec3 target = on_geometry(r, p, dim);
	p->c = sw_v3_add(target, sw_v3_scale(away(r, dim), p->r + sc_uniform(r, 0, 4)));
	if (sc_below(r, 2))
		p->v = sw_v3_scale(sw_v3_sub(target, p->c), sc_uniform(r, 0.5f, 2.5f));
	else
		p->v = rnd3(r, -4, 4, dim);
}

static float grid(float x) { return roundf(x * 2) * 0.5f; }
static float signed_zero(sc_rng *r, float x) { return x == 0.0f && (sc_next(r) & 1) ? -0.0f : x; }

static void scale_pair(cpair *p, float s)
{
	p->c = sw_v3_scale(p->c, s), p->v = sw_v3_scale(p->v, s), p->d = sw_v3_scale(p->d, s), p->r *= s;
	for (int k = 0; k < 3; k++)
		p->x[k] = sw_v3_scale(p->x[k], s);
}

/* the normal of the geometry's line (2D, right of x0→x1) or plane (3D, (b − a) × (c − a)) */
static sw_vec3 front_normal(const cpair *p, int dim)
{
	sw_vec3 e = sw_v3_sub(p->x[1], p->x[0]);
	sw_vec3 n = dim == 2 ? sw_v3(e.y, -e.x, 0) : sw_v3_cross(e, sw_v3_sub(p->x[2], p->x[0]));
	return sw_v3_scale(n, 1 / sw_v3_len(n));
}

static void edit_pair(sc_rng *r, edit e, int dim, cpair *p)
{
	switch (e) {
	case E_ENDPOINT_FAST: {
		/* through a point just beyond an endpoint or vertex, crossing the line or plane, very fast */
		sw_vec3 x = p->x[sc_below(r, (uint32_t)dim)], o = unit3(r, dim);
		sw_vec3 aim = sw_v3_add(x, sw_v3_scale(o, p->r * sc_uniform(r, 0.2f, 1.2f)));
		float speed = sc_uniform(r, 1e2f, 1e3f);
		p->c = sw_v3_sub(aim, sw_v3_scale(front_normal(p, dim), speed * sc_uniform(r, 0.05f, 0.9f)));
		p->v = sw_v3_scale(sw_v3_sub(aim, p->c), sc_uniform(r, 1.5f, 3));
		break;
	}
	case E_GRAZING: {
		/* the path passes at r·(1 ± 1e-6) from a point of the geometry, at right angles to the
		 * direction towards it */
		sw_vec3 x = on_geometry(r, p, dim), o = unit3(r, dim), u = unit3(r, dim);
		u = sw_v3_sub(u, sw_v3_scale(o, sw_v3_dot(u, o)));
		float lu = sw_v3_len(u);
		if (lu < 1e-3f)
			break;
		u = sw_v3_scale(u, 1 / lu);
		float d = p->r * (1 + sc_uniform(r, -1e-6f, 1e-6f));
		sw_vec3 closest = sw_v3_add(x, sw_v3_scale(o, d));
		float before = sc_uniform(r, 0.5f, 3);
		p->c = sw_v3_sub(closest, sw_v3_scale(u, before));
		p->v = sw_v3_scale(u, before * sc_uniform(r, 1.2f, 2));
		break;
	}
	case E_PARALLEL: {
		/* moving along the segment, or in a direction in the triangle's plane */
		sw_vec3 n = front_normal(p, dim), dir = sw_v3_sub(p->x[1], p->x[0]);
		if (dim == 3)
			dir = sw_v3_sub(unit3(r, 3), sw_v3_scale(n, sw_v3_dot(unit3(r, 3), n)));
		dir = sw_v3_scale(dir, 1 / sw_v3_len(dir));
		float off = p->r * sc_uniform(r, 0.5f, 1.5f) * (sc_next(r) & 1 ? 1.0f : -1.0f);
		sw_vec3 x = on_geometry(r, p, dim);
		p->c = sw_v3_add(sw_v3_add(x, sw_v3_scale(n, off)), sw_v3_scale(dir, -sc_uniform(r, 1, 4)));
		p->v = sw_v3_scale(dir, sc_uniform(r, 1, 8));
		break;
	}
	case E_TOUCHING: {
		/* axis-aligned geometry on a grid of halves, the centre r from it along an axis */
		float *f[] = {&p->x[0].x, &p->x[0].y, &p->x[0].z, &p->x[1].x, &p->x[1].y, &p->x[1].z,
			      &p->x[2].x, &p->x[2].y, &p->x[2].z, &p->v.x,    &p->v.y,    &p->v.z};
		for (int q = 0; q < 12; q++)
			*f[q] = grid(*f[q]);
		p->x[1].y = p->x[0].y;
		p->x[1].z = p->x[2].z = p->x[0].z;
		if (dim == 3 && p->x[2].y == p->x[0].y)
			p->x[2].y += 1;
		if (p->x[1].x == p->x[0].x)
			p->x[1].x += 1;
		p->r = 0.5f * (float)(1 + sc_below(r, 3));
		sw_vec3 x = p->x[sc_below(r, (uint32_t)dim)];
		p->c = dim == 2 ? sw_v3(x.x, x.y + p->r, 0) : sw_v3(x.x, x.y, x.z + p->r);
		if (sc_below(r, 2))
			p->c = dim == 2 ? sw_v3(x.x - p->r, x.y, 0) : sw_v3(x.x, x.y, x.z - p->r);
		if (dim == 2)
			p->v.z = 0;
		break;
	}
	case E_OVERLAPPING: {
		sw_vec3 x = on_geometry(r, p, dim);
		p->c = sw_v3_add(x, sw_v3_scale(unit3(r, dim), p->r * sc_uniform(r, 0, 1)));
		break;
	}
	case E_BEHIND: {
		/* the centre behind the front, 0–2 from the line or plane, moving across it */
		sw_vec3 n = front_normal(p, dim), x = on_geometry(r, p, dim);
		p->c = sw_v3_sub(x, sw_v3_scale(n, sc_uniform(r, 0, 2 * p->r)));
		p->v = sw_v3_add(sw_v3_scale(n, sc_uniform(r, 0, 6)), rnd3(r, -1, 1, dim));
		break;
	}
	case E_STILL: p->v = sw_v3(0, 0, 0); break;
	case E_POINT:
		/* 2D: a point; 3D: a triangle 1e-4 of the size (a point triangle is invalid) */
		for (int k = 1; k < 3; k++)
			p->x[k] = dim == 2 ? p->x[0]
					   : sw_v3_add(p->x[0], sw_v3_scale(sw_v3_sub(p->x[k], p->x[0]), 1e-4f));
		break;
	case E_HUGE_SPEED: p->v = sw_v3_scale(p->v, 1e10f); break;
	case E_TINY_RADIUS: p->r = sc_below(r, 8) ? powf(10.0f, -sc_uniform(r, 3, 7)) : 0.0f; break;
	case E_MOVING: p->d = rnd3(r, -3, 3, dim); break;
	case E_TINY30: scale_pair(p, 1e-30f); break;
	case E_HUGE: scale_pair(p, powf(10.0f, sc_uniform(r, 12, 30))); break;
	case E_SIGNED_ZERO: {
		float *f[] = {&p->c.x, &p->c.y, &p->c.z, &p->v.x, &p->v.y, &p->v.z, &p->d.x, &p->d.y, &p->d.z};
		for (int q = 0; q < 9; q++)
			*f[q] = signed_zero(r, (sc_next(r) & 1) ? 0.0f : grid(*f[q]));
		for (int k = 0; k < 3; k++) {
			float *g = &p->x[k].x;
			for (int q = 0; q < 3; q++)
				g[q] = signed_zero(r, g[q] == 0 ? 0.0f : (sc_next(r) & 3) ? g[q] : 0.0f);
		}
		break;
	}
	default: break;
	}
	if (dim == 2)
		p->c.z = p->v.z = p->d.z = p->x[0].z = p->x[1].z = 0;
}

/* ---- the sets ---- */

static void mover_put(circle_state *st, uint32_t i, const cpair *p)
{
	if (st->dim == 2)
		sw_circle2_set_put(st->m2, i, sw_v2(p->c.x, p->c.y), p->r, sw_v2(p->v.x, p->v.y));
	else
		sw_circle3_set_put(st->m3, i, p->c, p->r, p->v);
}

static void geom_put(circle_state *st, uint32_t j, const cpair *p)
{
	if (st->dim == 2) {
		sw_seg2 s = {{p->x[0].x, p->x[0].y}, {p->x[1].x, p->x[1].y}};
		sw_seg2_set_put(st->segs, j, &s, sw_v2(p->d.x, p->d.y));
	} else {
		sw_tri3 t = {p->x[0], p->x[1], p->x[2]};
		sw_tri3_set_put(st->tris, j, &t, p->d);
	}
}

/* mover i and geometry i */
static void pair_put(circle_state *st, uint32_t i, const cpair *p)
{
	mover_put(st, i, p);
	geom_put(st, i, p);
}

/* mover i and geometry j back from the sets; 0 when either index is out of range */
static int pair_get(const circle_state *st, uint32_t i, uint32_t j, cpair *p)
{
	memset(p, 0, sizeof *p);
	if (st->dim == 2) {
		sw_vec2 c, v, d;
		sw_seg2 s;
		if (sw_circle2_set_get(st->m2, i, &c, &p->r, &v) != SW_OK ||
		    sw_seg2_set_get(st->segs, j, &s, &d) != SW_OK)
			return 0;
		p->c = sw_v3(c.x, c.y, 0), p->v = sw_v3(v.x, v.y, 0), p->d = sw_v3(d.x, d.y, 0);
		p->x[0] = sw_v3(s.p.x, s.p.y, 0), p->x[1] = sw_v3(s.q.x, s.q.y, 0);
		return 1;
	}
	sw_tri3 t;
	if (sw_circle3_set_get(st->m3, i, &p->c, &p->r, &p->v) != SW_OK ||
	    sw_tri3_set_get(st->tris, j, &t, &p->d) != SW_OK)
		return 0;
	p->x[0] = t.a, p->x[1] = t.b, p->x[2] = t.c;
	return 1;
}

static void circle_free(gen_batch *g)
{
	circle_state *st = g->state;
	if (!st)
		return;
	sw_circle2_set_destroy(st->m2), sw_circle3_set_destroy(st->m3);
	sw_seg2_set_destroy(st->segs), sw_tri3_set_destroy(st->tris);
	free(st->pairs);
	free(st->blocks);
	free(st);
	memset(g, 0, sizeof *g);
}

/* empty sets of n movers and `ng` geometries (every item zero), and n pairs */
static circle_state *state_new(int dim, size_t n, size_t ng, gen_batch *g)
{
	memset(g, 0, sizeof *g);
	circle_state *st = calloc(1, sizeof *st);
	if (!st)
		return NULL;
	g->state = st;
	st->dim = dim, st->n = n;
	st->pairs = malloc((n ? n : 1) * sizeof *st->pairs);
	int ok = st->pairs != NULL;
	if (dim == 2)
		ok = ok && sw_circle2_set_create(n, &st->m2) == SW_OK && sw_seg2_set_create(ng, &st->segs) == SW_OK;
	else
		ok = ok && sw_circle3_set_create(n, &st->m3) == SW_OK && sw_tri3_set_create(ng, &st->tris) == SW_OK;
	const sw_seg2 s0 = {{0, 0}, {0, 0}};
	const sw_tri3 t0 = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
	for (size_t k = 0; ok && k < n; k++)
		ok = (dim == 2 ? sw_circle2_set_add(st->m2, sw_v2(0, 0), 0, sw_v2(0, 0), NULL)
			       : sw_circle3_set_add(st->m3, sw_v3(0, 0, 0), 0, sw_v3(0, 0, 0), NULL)) == SW_OK;
	for (size_t k = 0; ok && k < ng; k++)
		ok = (dim == 2 ? sw_seg2_set_add(st->segs, &s0, sw_v2(0, 0), NULL)
			       : sw_tri3_set_add(st->tris, &t0, sw_v3(0, 0, 0), NULL)) == SW_OK;
	if (!ok) {
		circle_free(g);
		return NULL;
	}
	g->a = dim == 2 ? (const void *)st->m2 : (const void *)st->m3;
	g->b = dim == 2 ? (const void *)st->segs : (const void *)st->tris;
	g->pairs = st->pairs, g->n = n;
	return st;
}

/* broken inputs: every 7th pair one way or another, every 11th index out of range */
static void break_pairs(sc_rng *r, circle_state *st)
{
	for (size_t k = 0; k < st->n; k += 7) {
		cpair p;
		pair_get(st, (uint32_t)k, (uint32_t)k, &p);
		switch (sc_below(r, 8)) {
		case 0: p.r = -1; break;
		case 1: p.r = NAN; break;
		case 2: p.c.y = NAN; break;
		case 3: p.v.x = INFINITY; break;
		case 4: p.x[1].x = -INFINITY; break;
		case 5: p.c.x = 3e15f; break;
		case 6: p.d.y = NAN; break;
		default: p.x[2] = p.x[1] = p.x[0]; break; /* a point: invalid in 3D, answered in 2D */
		}
		pair_put(st, (uint32_t)k, &p);
	}
	for (size_t k = 3; k < st->n; k += 11)
		st->pairs[k].b = (uint32_t)(st->n + k);
}

static int make(int dim, size_t pi, size_t n, gen_batch *g)
{
	const circle_pop *cp = &POPS[pi < NPOPS ? pi : 0];
	n = n ? n : POP_PAIRS;
	circle_state *st = state_new(dim, n, n, g);
	if (!st)
		return 0;
	sc_rng r = sc_rng_seed(cp->seed * 1000003u + n + (uint64_t)dim);
	for (size_t k = 0; k < n; k++) {
		cpair p;
		base_pair(&r, dim, &p);
		edit_pair(&r, cp->e, dim, &p);
		sw_vec3 off = sw_v3(cp->offset, -cp->offset, dim == 3 ? cp->offset : 0);
		p.c = sw_v3_add(p.c, off);
		for (int q = 0; q < 3; q++)
			p.x[q] = sw_v3_add(p.x[q], off);
		pair_put(st, (uint32_t)k, &p);
		st->pairs[k] = (sw_pair){(uint32_t)k, (uint32_t)k};
	}
	if (cp->e == E_BROKEN)
		break_pairs(&r, st);
	for (size_t k = 0, start = 0, left = 0; cp->e == E_GROUPED && k < n; k++, left--) {
		if (!left)
			start = k, left = 1 + sc_below(&r, 40);
		st->pairs[k].a = (uint32_t)start;
	}
	return 1;
}

/* the pairs packed into lane blocks with their relative motion v − d (an index out of range reads item
 * 0), the sources then the blocks; 0 when out of memory */
static int pack(gen_batch *g)
{
	circle_state *st = g->state;
	size_t nb = (st->n + SW_BLOCK - 1) / SW_BLOCK;
	st->blocks = aligned_alloc(64, (nb ? nb : 1) * sizeof *st->blocks);
	if (!st->blocks)
		return 0;
	size_t nm = sw_circle2_set_count(st->m2), ns = sw_seg2_set_count(st->segs);
	for (size_t k = 0; k < st->n; k++) {
		cpair p;
		pair_get(st, st->pairs[k].a < nm ? st->pairs[k].a : 0, st->pairs[k].b < ns ? st->pairs[k].b : 0, &p);
		sw_seg2 s = {{p.x[0].x, p.x[0].y}, {p.x[1].x, p.x[1].y}};
		sw_circle2_seg2_block_put(&st->blocks[k / SW_BLOCK], (unsigned)(k % SW_BLOCK), sw_v2(p.c.x, p.c.y), p.r,
					  sw_v2(p.v.x - p.d.x, p.v.y - p.d.y), &s);
	}
	if (st->n % SW_BLOCK)
		sw_circle2_seg2_block_fill(&st->blocks[st->n / SW_BLOCK], (unsigned)(st->n % SW_BLOCK));
	g->a = st->blocks, g->b = NULL, g->pairs = NULL;
	return 1;
}

/* the sets, or packed blocks for the packed source */
static int made2(int ok, sw_src a, gen_batch *g)
{
	if (ok && a == SW_SRC_CIRCLE_BLOCK && !pack(g)) {
		circle_free(g);
		return 0;
	}
	return ok;
}

static int make2(size_t p, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)b;
	return made2(make(2, p, n, g), a, g);
}

static int make3(size_t p, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)a, (void)b;
	return make(3, p, n, g);
}

/* ---- the benchmark scene ---- */

#define BENCH_SEED 0x5eedc1cull

/* n pairs: n/16 movers (radius 0.1–0.5, moving up to 4), each with sixteen candidate segments or
 * triangles (size 0.5–3) placed within 3 of its path, stored in a random order; the pairs come mover
 * by mover, as a broadphase querying each mover lists them: a crowd in a cluttered level */
static int bench_make(int dim, unsigned mix, size_t n, gen_batch *g)
{
	if (mix != 0 || n == 0 || n % BENCH_CANDIDATES)
		return 0;
	size_t movers = n / BENCH_CANDIDATES;
	circle_state *st = state_new(dim, movers, n, g);
	if (!st)
		return 0;
	st->n = n;
	sw_pair *pairs = realloc(st->pairs, n * sizeof *pairs);
	if (!pairs) {
		circle_free(g);
		return 0;
	}
	st->pairs = pairs, g->pairs = pairs, g->n = n;
	/* the geometry is stored in a random order (a level's segments or triangles are not stored by
	 * mover): candidate j goes to slot perm[j] */
	uint32_t *perm = malloc(n * sizeof *perm);
	if (!perm) {
		circle_free(g);
		return 0;
	}
	sc_rng q = sc_rng_seed(BENCH_SEED ^ 0x9e3779b9u ^ n);
	for (size_t j = 0; j < n; j++)
		perm[j] = (uint32_t)j;
	for (size_t j = n; j > 1; j--) {
		size_t k = sc_below(&q, (uint32_t)j);
		uint32_t x = perm[j - 1];
		perm[j - 1] = perm[k], perm[k] = x;
	}
	sc_rng r = sc_rng_seed(BENCH_SEED ^ n ^ (uint64_t)dim);
	for (size_t i = 0; i < movers; i++) {
		cpair m;
		memset(&m, 0, sizeof m);
		m.c = rnd3(&r, -50, 50, dim);
		m.r = sc_uniform(&r, 0.1f, 0.5f);
		m.v = rnd3(&r, -4, 4, dim);
		for (size_t k = 0; k < BENCH_CANDIDATES; k++) {
			cpair p;
			base_pair(&r, dim, &p);
			sw_vec3 at = sw_v3_add(m.c, sw_v3_scale(m.v, sc_uniform(&r, 0, 1)));
			sw_vec3 shift = sw_v3_add(at, rnd3(&r, -1, 1, dim));
			for (int q = 0; q < 3; q++)
				p.x[q] = sw_v3_add(p.x[q], shift);
			size_t j = BENCH_CANDIDATES * i + k;
			geom_put(st, perm[j], &p);
			st->pairs[j] = (sw_pair){(uint32_t)i, perm[j]};
		}
		mover_put(st, (uint32_t)i, &m);
	}
	free(perm);
	return 1;
}

static int bench2(unsigned mix, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)b;
	return made2(bench_make(2, mix, n, g), a, g);
}

static int bench3(unsigned mix, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)a, (void)b;
	return bench_make(3, mix, n, g);
}

/* ---- printing, the single-pair adapter, faults ---- */

/* lane k of the packed blocks */
static void lane_get(const circle_state *st, size_t k, cpair *p)
{
	const sw_circle2_seg2_block *blk = &st->blocks[k / SW_BLOCK];
	unsigned l = (unsigned)(k % SW_BLOCK);
	memset(p, 0, sizeof *p);
	p->c = sw_v3(blk->c[0][l], blk->c[1][l], 0), p->r = blk->r[l], p->v = sw_v3(blk->v[0][l], blk->v[1][l], 0);
	p->x[0] = sw_v3(blk->p[0][l], blk->p[1][l], 0), p->x[1] = sw_v3(blk->q[0][l], blk->q[1][l], 0);
}

static void print_pair(const gen_batch *g, size_t k, FILE *f)
{
	const circle_state *st = g->state;
	if (st->blocks) {
		cpair p;
		lane_get(st, k, &p);
		fprintf(f, "  lane %zu: c %a %a r %a v %a %a seg %a %a / %a %a\n", k, p.c.x, p.c.y, p.r, p.v.x, p.v.y,
			p.x[0].x, p.x[0].y, p.x[1].x, p.x[1].y);
		return;
	}
	sw_pair pr = st->pairs[k];
	cpair p;
	if (!pair_get(st, pr.a, pr.b, &p)) {
		fprintf(f, "  pair (%u, %u): an index out of range\n", pr.a, pr.b);
		return;
	}
	fprintf(f, "  mover[%u]: c %a %a %a r %a v %a %a %a\n", pr.a, p.c.x, p.c.y, p.c.z, p.r, p.v.x, p.v.y, p.v.z);
	fprintf(f, "  %s[%u]: %a %a %a / %a %a %a / %a %a %a d %a %a %a\n", st->dim == 2 ? "seg" : "tri", pr.b,
		p.x[0].x, p.x[0].y, p.x[0].z, p.x[1].x, p.x[1].y, p.x[1].z, p.x[2].x, p.x[2].y, p.x[2].z, p.d.x, p.d.y,
		p.d.z);
}

/* pair k through the public single-pair function, with the relative motion v − d */
static void single(const gen_batch *g, sw_query q, const void *opts, size_t k, const void *out)
{
	(void)q;
	const circle_state *st = g->state;
	cpair p;
	sw_cast_result res = {SW_PAIR_INVALID, SW_FEATURE_NONE, NAN, NAN, {NAN, NAN, NAN},
			      {NAN, NAN, NAN}, {NAN, NAN, NAN}};
	if (st->blocks) {
		lane_get(st, k, &p);
		sw_seg2 s = {{p.x[0].x, p.x[0].y}, {p.x[1].x, p.x[1].y}};
		sw_circle2_seg2_sweep(sw_v2(p.c.x, p.c.y), p.r, sw_v2(p.v.x, p.v.y), &s, opts, &res);
		sw_cast_put(out, k, &res);
		return;
	}
	int ok = pair_get(st, st->pairs[k].a, st->pairs[k].b, &p);
	if (st->dim == 2) {
		sw_vec2 v = sw_v2(p.v.x, p.v.y), d = sw_v2(p.d.x, p.d.y);
		sw_seg2 s = {{p.x[0].x, p.x[0].y}, {p.x[1].x, p.x[1].y}};
		/* the batched call checks the two displacements, then answers with their difference */
		int disp_ok = fabsf(v.x) <= SW_MAX_COORD && fabsf(v.y) <= SW_MAX_COORD && fabsf(d.x) <= SW_MAX_COORD &&
			      fabsf(d.y) <= SW_MAX_COORD;
		if (ok && disp_ok)
			sw_circle2_seg2_sweep(sw_v2(p.c.x, p.c.y), p.r, sw_v2_sub(v, d), &s, opts, &res);
	} else {
		sw_tri3 t = {p.x[0], p.x[1], p.x[2]};
		int disp_ok = 1;
		for (int a = 0; a < 3; a++)
			disp_ok &= fabsf((&p.v.x)[a]) <= SW_MAX_COORD && fabsf((&p.d.x)[a]) <= SW_MAX_COORD;
		if (ok && disp_ok)
			sw_circle3_tri3_sweep(p.c, p.r, sw_v3_sub(p.v, p.d), &t, opts, &res);
	}
	sw_cast_put(out, k, &res);
}

static const char *const FAULTS[] = {"radius_negative", "radius_nan",   "centre_nan",    "centre_huge",
				     "disp_inf",        "geometry_nan", "geometry_inf",  "geometry_disp_nan",
				     "index_a_out",     "index_b_out",  "tri_degenerate"};
#define NFAULTS (sizeof FAULTS / sizeof FAULTS[0])

static const char *fault_name(unsigned c) { return c < NFAULTS ? FAULTS[c] : "?"; }

static int damage(gen_batch *g, const sw_query_desc *d, size_t k, unsigned c)
{
	(void)d;
	circle_state *st = g->state;
	if (st->blocks) {
		/* the caller-writable floats of lane k (no indices, no displacement of the segment's own) */
		sw_circle2_seg2_block *blk = &st->blocks[k / SW_BLOCK];
		unsigned l = (unsigned)(k % SW_BLOCK);
		switch (c) {
		case 0: blk->r[l] = -0.5f; return 1;
		case 1: blk->r[l] = NAN; return 1;
		case 2: blk->c[0][l] = NAN; return 1;
		case 3: blk->c[1][l] = 2e15f; return 1;
		case 4: blk->v[1][l] = INFINITY; return 1;
		case 5: blk->q[1][l] = NAN; return 1;
		case 6: blk->p[0][l] = INFINITY; return 1;
		default: return 0;
		}
	}
	if (c == 8) {
		st->pairs[k].a = UINT32_MAX - (uint32_t)k;
		return 1;
	}
	if (c == 9) {
		st->pairs[k].b = 1u << 30;
		return 1;
	}
	if (c == 10 && st->dim == 2)
		return 0;
	cpair p;
	pair_get(st, st->pairs[k].a, st->pairs[k].b, &p);
	switch (c) {
	case 0: p.r = -0.5f; break;
	case 1: p.r = NAN; break;
	case 2: p.c.x = NAN; break;
	case 3: p.c.y = 2e15f; break;
	case 4: p.v.y = INFINITY; break;
	case 5: p.x[1].y = NAN; break;
	case 6: p.x[0].x = INFINITY; break;
	case 7: p.d.x = NAN; break;
	default: p.x[2] = sw_v3_add(p.x[1], sw_v3_sub(p.x[1], p.x[0])); break; /* collinear */
	}
	pair_put(st, (uint32_t)k, &p);
	return 1;
}

static int serves2(sw_src a, sw_src b) { return (a == SW_SRC_CIRCLE2 && b == SW_SRC_SEG2) || a == SW_SRC_CIRCLE_BLOCK; }
static int serves3(sw_src a, sw_src b) { return a == SW_SRC_CIRCLE3 && b == SW_SRC_TRI3; }

const gen_family gen_circle2_family = {"circle2", serves2, NPOPS,      pop_name, make2,       print_pair,
				       single,    NFAULTS, fault_name, damage,   circle_free, bench2};
const gen_family gen_circle3_family = {"circle3", serves3, NPOPS,      pop_name, make3,       print_pair,
				       single,    NFAULTS, fault_name, damage,   circle_free, bench3};
