/* tests/common/gen_box.c — populations of box–box and box–triangle pairs (indexed sets and packed
 * blocks): random scenes at several scales and offsets, and edge patterns (exactly and nearly parallel
 * edges, no motion, exact touches on a grid, broken inputs, extreme scales, signed zeros). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "edge_pairs.h"
#include "gen.h"

enum { POP_PAIRS = 20000 };

typedef enum edit {
	E_NONE,
	E_PARALLEL,      /* B's edges exactly parallel to A's */
	E_NEAR_PARALLEL, /* turned by 1e-6 to 2e-3 rad */
	E_STILL,         /* zero motion everywhere */
	E_TOUCHING,      /* axis-aligned, snapped to a grid of halves */
	E_BROKEN,        /* every 7th pair broken, every 11th index out of range */
	E_SCALES,        /* triangles from 1e-12 to 1e12 */
	E_TINY30,        /* everything scaled by 1e-30 */
	E_HUGE,          /* positions and sizes of 1e12 to 1e30 (past SW_MAX_COORD: invalid) */
	E_FAST10,        /* motion 1e10 times the size */
	E_SIGNED_ZERO,   /* ±0 in every coordinate that is zero, exact touches at 0 */
	E_EDGE_PAIRS,    /* closest features two edges 1e-7 … 1e-1 rad from parallel (edge_pairs.h) */
} edit;

typedef struct box_pop {
	const char *name;
	uint64_t seed;
	int axis_aligned;
	float world, offset, half_lo, half_hi, motion;
	edit e;
} box_pop;

static const box_pop POPS[] = {
	{"random", 1, 0, 4, 0, 0.25f, 1.5f, 4, E_NONE},
	{"axis_aligned", 2, 1, 4, 0, 0.25f, 1.5f, 4, E_NONE},
	{"offset_1e4", 3, 0, 4, 1e4f, 0.25f, 1.5f, 4, E_NONE},
	{"tiny", 4, 0, 4e-3f, 0, 2.5e-4f, 1.5e-3f, 4e-3f, E_NONE},
	{"fast", 5, 0, 4, 0, 0.25f, 1.5f, 1e3f, E_NONE},
	{"parallel", 6, 0, 4, 0, 0.25f, 1.5f, 4, E_PARALLEL},
	{"near_parallel", 7, 0, 4, 0, 0.25f, 1.5f, 4, E_NEAR_PARALLEL},
	{"zero_motion", 8, 0, 4, 0, 0.25f, 1.5f, 4, E_STILL},
	{"touching", 9, 1, 4, 0, 0.25f, 1.5f, 4, E_TOUCHING},
	{"broken", 10, 0, 4, 0, 0.25f, 1.5f, 4, E_BROKEN},
	{"tri_scales", 11, 0, 4, 0, 0.25f, 1.5f, 4, E_SCALES},
	{"scale_1e-30", 12, 0, 4, 0, 0.25f, 1.5f, 4, E_TINY30},
	{"scale_huge", 13, 0, 4, 0, 0.25f, 1.5f, 4, E_HUGE},
	{"motion_1e10", 14, 0, 4, 0, 0.25f, 1.5f, 4, E_FAST10},
	{"signed_zero", 15, 1, 4, 0, 0.25f, 1.5f, 4, E_SIGNED_ZERO},
	{"edge_pairs", 16, 0, 4, 0, 0.25f, 1.5f, 4, E_EDGE_PAIRS},
};
#define NPOPS (sizeof POPS / sizeof POPS[0])

/* the family's state: the sets and pairs, and the same pairs packed */
typedef struct box_state {
	sw_obb3_set *boxes;
	sw_tri3_set *tris; /* NULL for box–box */
	sw_pair *pairs;
	void *blocks;
	size_t n;
} box_state;

static const char *pop_name(size_t p) { return p < NPOPS ? POPS[p].name : "?"; }

static sc_box box_get(const sw_obb3_set *s, uint32_t i, sw_vec3 *d)
{
	sw_obb3 shape;
	sw_pose3 pose;
	sw_obb3_set_get(s, i, &shape, &pose, d);
	sc_box b = {pose.p, pose.q, shape.half};
	return b;
}

static void box_put(sw_obb3_set *s, uint32_t i, const sc_box *b, sw_vec3 d)
{
	sw_obb3 shape = sc_box_shape(b);
	sw_obb3_set_put(s, i, &shape, sc_box_pose(b), d);
}

static sw_vec3 scale3(sw_vec3 v, float s) { return sw_v3_scale(v, s); }

static float signed_zero(sc_rng *r, float x) { return x == 0.0f && (sc_next(r) & 1) ? -0.0f : x; }

/* one box's edit (box–box and box–triangle share the box part) */
static void edit_box(sc_rng *r, edit e, sc_box *b, sw_vec3 *d, const sc_box *a)
{
	switch (e) {
	case E_PARALLEL:
		if (a)
			b->rot = a->rot;
		break;
	case E_NEAR_PARALLEL:
		if (a) {
			sw_vec3 axis = sc_box_axes(b).col[0];
			b->rot = sw_quat_mul(sw_quat_from_axis_angle(axis, sc_uniform(r, 1e-6f, 2e-3f)), a->rot);
		}
		break;
	case E_STILL: *d = sw_v3(0, 0, 0); break;
	case E_TOUCHING: {
		float *f[6] = {&b->center.x, &b->center.y, &b->center.z, &d->x, &d->y, &d->z};
		for (int q = 0; q < 6; q++)
			*f[q] = roundf(*f[q] * 2.0f) * 0.5f;
		b->half.x = b->half.y = b->half.z = 0.25f * (float)(1 + sc_below(r, 4));
		break;
	}
	case E_TINY30:
		b->center = scale3(b->center, 1e-30f), b->half = scale3(b->half, 1e-30f), *d = scale3(*d, 1e-30f);
		break;
	case E_HUGE: {
		float s = powf(10.0f, sc_uniform(r, 12, 30));
		b->center = scale3(b->center, s), b->half = scale3(b->half, s), *d = scale3(*d, s);
		break;
	}
	case E_FAST10: *d = scale3(*d, 1e10f); break;
	case E_SIGNED_ZERO: {
		float *f[10] = {&b->center.x, &b->center.y, &b->center.z, &d->x,     &d->y,
				&d->z,        &b->rot.x,    &b->rot.y,    &b->rot.z, &b->rot.w};
		for (int q = 0; q < 6; q++)
			*f[q] = (sc_next(r) & 1) ? 0.0f : roundf(*f[q]);
		for (int q = 0; q < 10; q++)
			*f[q] = signed_zero(r, *f[q]);
		break;
	}
	default: break;
	}
}

/* the triangle's edit */
static void edit_tri(sc_rng *r, edit e, const sc_box *a, sw_tri3 *t, sw_vec3 *d)
{
	sw_vec3 *v[3] = {&t->a, &t->b, &t->c};
	switch (e) {
	case E_PARALLEL: {
		float len = sc_uniform(r, 0.5f, 3.0f);
		uint32_t ax = sc_below(r, 3);
		sw_mat3 m = sc_box_axes(a);
		t->b = sw_v3_add(t->a, sw_v3_scale(m.col[ax], len));
		break;
	}
	case E_NEAR_PARALLEL: {
		sw_mat3 m = sc_box_axes(a);
		uint32_t i = sc_below(r, 3);
		sw_vec3 dir = sw_v3_add(m.col[i], sw_v3_scale(m.col[(i + 1) % 3], sc_uniform(r, 1e-6f, 2e-3f)));
		t->b = sw_v3_add(t->a, sw_v3_scale(dir, sc_uniform(r, 0.5f, 3.0f)));
		break;
	}
	case E_STILL: *d = sw_v3(0, 0, 0); break;
	case E_TOUCHING:
		for (int k = 0; k < 3; k++)
			*v[k] = sw_v3(roundf(v[k]->x * 2) * 0.5f, roundf(v[k]->y * 2) * 0.5f,
				      roundf(v[k]->z * 2) * 0.5f);
		*d = sw_v3(roundf(d->x * 2) * 0.5f, roundf(d->y * 2) * 0.5f, roundf(d->z * 2) * 0.5f);
		if (sc_next(r) & 1)
			t->c.z = t->b.z = t->a.z;
		break;
	case E_SCALES: {
		float s = powf(10.0f, sc_uniform(r, -12, 12));
		sw_vec3 cen = sw_v3_scale(sw_v3_add(sw_v3_add(t->a, t->b), t->c), 1.0f / 3.0f);
		for (int k = 0; k < 3; k++)
			*v[k] = sw_v3_add(cen, sw_v3_scale(sw_v3_sub(*v[k], cen), s));
		break;
	}
	case E_TINY30:
		for (int k = 0; k < 3; k++)
			*v[k] = scale3(*v[k], 1e-30f);
		*d = scale3(*d, 1e-30f);
		break;
	case E_HUGE: {
		float s = powf(10.0f, sc_uniform(r, 12, 30));
		for (int k = 0; k < 3; k++)
			*v[k] = scale3(*v[k], s);
		*d = scale3(*d, s);
		break;
	}
	case E_FAST10: *d = scale3(*d, 1e10f); break;
	case E_SIGNED_ZERO:
		for (int k = 0; k < 3; k++) {
			float *f = &v[k]->x;
			for (int q = 0; q < 3; q++)
				f[q] = signed_zero(r, (sc_next(r) & 1) ? 0.0f : roundf(f[q]));
		}
		break;
	default: break;
	}
}

/* the edge pattern of E_EDGE_PAIRS: the closest features are two edges 1e-7 … 1e-1 rad from parallel,
 * 1e-6 … 1e-2 of the size apart or overlapping, one in eight with a thin box (1e-6), brought in along
 * their common normal n: `back` along n and a motion closing it; or (one in eight) rotations or edge
 * components from 1e-5 down to denormal, for the edge axes' scale and their zero test */
static int edge_pair(sc_rng *r, ep_params *p, int thin_b)
{
	uint32_t kind = sc_below(r, 8);
	if (kind == 0)
		return 0;
	ep_random(r, 1e-7, 1e-1, 1e-6, 1e-2, p);
	if (kind == 1)
		(thin_b && sc_below(r, 2) ? p->hb : p->ha)[sc_below(r, 3)] *= 1e-6;
	return 1;
}

static sw_vec3 closing(sc_rng *r, const double nn[3], sw_vec3 da, sw_vec3 *shift)
{
	sw_vec3 nv = sw_v3((float)nn[0], (float)nn[1], (float)nn[2]);
	float back = sc_uniform(r, 0, 2);
	*shift = sw_v3_scale(nv, back);
	return sw_v3_sub(da, sw_v3_scale(nv, back * sc_uniform(r, 0.5f, 2.0f)));
}

static void edge_pair_boxes(sc_rng *r, sc_box *a, sw_vec3 da, sc_box *b, sw_vec3 *db)
{
	ep_params p;
	if (!edge_pair(r, &p, 1)) {
		sw_vec3 axis = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
		a->rot = (sw_quat){0, 0, 0, 1};
		b->rot = sw_quat_from_axis_angle(axis, powf(10.0f, -sc_uniform(r, 5, 45)));
		return;
	}
	double nn[3];
	ep_obb3_pair(&p, a, b, nn);
	sw_vec3 shift;
	*db = closing(r, nn, da, &shift);
	b->center = sw_v3_add(b->center, shift);
}

static void edge_pair_tri(sc_rng *r, sc_box *a, sw_vec3 da, sw_tri3 *t, sw_vec3 *dt)
{
	ep_params p;
	if (!edge_pair(r, &p, 0)) {
		float len = sc_uniform(r, 0.5f, 3.0f), x0 = sc_uniform(r, -2, 0);
		*a = (sc_box){sw_v3(0, 0, 0), (sw_quat){0, 0, 0, 1}, a->half};
		t->a = sw_v3(x0, 0, 0);
		t->b = sw_v3(x0 + len, len * powf(10.0f, -sc_uniform(r, 5, 45)), 0);
		t->c = sw_v3(x0 + sc_uniform(r, 0, len), sc_uniform(r, -2, 2), sc_uniform(r, 0.5f, 2));
		return;
	}
	double nn[3];
	ep_tri3_pair(&p, a, t, nn);
	sw_vec3 sh;
	*dt = closing(r, nn, da, &sh);
	*t = (sw_tri3){sw_v3_add(t->a, sh), sw_v3_add(t->b, sh), sw_v3_add(t->c, sh)};
}

/* broken inputs: every 7th pair one way or another, every 11th index out of range */
static void break_pairs(sc_rng *r, box_state *st)
{
	for (size_t k = 0; k < st->n; k += 7) {
		sw_vec3 d;
		sc_box b = box_get(st->boxes, st->pairs[k].a, &d);
		unsigned c = sc_below(r, st->tris ? 8 : 6);
		switch (c) {
		case 0: b.center.x = NAN; break;
		case 1: b.half.y = -1.0f; break;
		case 2: b.rot.w = 2.0f; break;
		case 3: d.z = INFINITY; break;
		case 4: b.half.z = 0.0f; break;
		case 5: b.center.y = 3e15f; break;
		default: {
			sw_tri3 t;
			sw_vec3 dt;
			sw_tri3_set_get(st->tris, st->pairs[k].b, &t, &dt);
			if (c == 6)
				t.c = sw_v3_sub(sw_v3_scale(t.b, 2), t.a); /* collinear */
			else
				t.b = t.c = t.a; /* a point */
			sw_tri3_set_put(st->tris, st->pairs[k].b, &t, dt);
			break;
		}
		}
		box_put(st->boxes, st->pairs[k].a, &b, d);
	}
	size_t count = st->tris ? sw_tri3_set_count(st->tris) : sw_obb3_set_count(st->boxes);
	for (size_t k = 3; k < st->n; k += 11)
		st->pairs[k].b = (uint32_t)(count + k);
}

/* the pairs packed into aligned blocks (box–box or box–triangle) */
static int pack(box_state *st)
{
	size_t nb = (st->n + SW_BLOCK - 1) / SW_BLOCK,
	       bytes = nb * (st->tris ? sizeof(sw_obb3_tri3_block) : sizeof(sw_obb3_block));
	st->blocks = aligned_alloc(64, bytes ? bytes : 64);
	if (!st->blocks)
		return 0;
	for (size_t k = 0; k < nb * SW_BLOCK; k++) {
		unsigned l = (unsigned)(k % SW_BLOCK);
		if (k >= st->n) {
			if (st->tris)
				sw_obb3_tri3_block_fill((sw_obb3_tri3_block *)st->blocks + k / SW_BLOCK, l);
			else
				sw_obb3_block_fill((sw_obb3_block *)st->blocks + k / SW_BLOCK, l);
			break;
		}
		sw_vec3 da, db;
		sc_box a = box_get(st->boxes, st->pairs[k].a < sw_obb3_set_count(st->boxes) ? st->pairs[k].a : 0, &da);
		sw_obb3 sa = sc_box_shape(&a);
		if (st->tris) {
			sw_tri3 t;
			sw_tri3_set_get(st->tris, st->pairs[k].b < sw_tri3_set_count(st->tris) ? st->pairs[k].b : 0, &t,
					&db);
			sw_obb3_tri3_block_put((sw_obb3_tri3_block *)st->blocks + k / SW_BLOCK, l, &sa, sc_box_pose(&a),
					       da, &t, db);
		} else {
			sc_box b = box_get(st->boxes,
					   st->pairs[k].b < sw_obb3_set_count(st->boxes) ? st->pairs[k].b : 0, &db);
			sw_obb3 sb = sc_box_shape(&b);
			sw_obb3_block_put((sw_obb3_block *)st->blocks + k / SW_BLOCK, l, &sa, sc_box_pose(&a), da, &sb,
					  sc_box_pose(&b), db);
		}
	}
	return 1;
}

static void box_free(gen_batch *g)
{
	box_state *st = g->state;
	if (!st)
		return;
	sw_obb3_set_destroy(st->boxes);
	sw_tri3_set_destroy(st->tris);
	free(st->pairs);
	free(st->blocks);
	free(st);
	memset(g, 0, sizeof *g);
}

static int make(size_t p, size_t n, int with_tris, int packed, gen_batch *g)
{
	const box_pop *bp = &POPS[p < NPOPS ? p : 0];
	n = n ? n : POP_PAIRS;
	memset(g, 0, sizeof *g);
	box_state *st = calloc(1, sizeof *st);
	if (!st)
		return 0;
	g->state = st;
	st->n = n;
	st->pairs = malloc(n * sizeof *st->pairs);
	sc_rng r = sc_rng_seed(bp->seed * 1000003u + n);
	sc_obb3_params prm = {bp->world,   {bp->offset, -bp->offset, bp->offset},
			      bp->half_lo, bp->half_hi,
			      bp->motion,  bp->axis_aligned};
	if (!st->pairs || sw_obb3_set_create(2 * n, &st->boxes) != SW_OK ||
	    (with_tris && sw_tri3_set_create(n, &st->tris) != SW_OK)) {
		box_free(g);
		return 0;
	}
	sw_error e;
	if (with_tris) {
		sc_tri3_params tp = sc_tri3_defaults();
		tp.box = prm;
		e = sc_tri3_close_pairs(&r, &tp, st->boxes, st->tris, st->pairs, n);
	} else {
		e = sc_obb3_close_pairs(&r, &prm, st->boxes, st->pairs, n);
	}
	if (e != SW_OK) {
		box_free(g);
		return 0;
	}
	for (size_t k = 0; k < n && bp->e != E_NONE && bp->e != E_BROKEN; k++) {
		sw_vec3 da, db;
		sc_box a = box_get(st->boxes, st->pairs[k].a, &da);
		if (with_tris) {
			sw_tri3 t;
			sw_tri3_set_get(st->tris, st->pairs[k].b, &t, &db);
			if (bp->e == E_EDGE_PAIRS)
				edge_pair_tri(&r, &a, da, &t, &db);
			edit_box(&r, bp->e == E_PARALLEL ? E_NONE : bp->e, &a, &da, NULL);
			if (bp->e == E_PARALLEL)
				a.rot = (sw_quat){0, 0, 0, 1};
			edit_tri(&r, bp->e, &a, &t, &db);
			sw_tri3_set_put(st->tris, st->pairs[k].b, &t, db);
		} else {
			sc_box b = box_get(st->boxes, st->pairs[k].b, &db);
			if (bp->e == E_EDGE_PAIRS)
				edge_pair_boxes(&r, &a, da, &b, &db);
			edit_box(&r, bp->e, &a, &da, NULL);
			edit_box(&r, bp->e, &b, &db, &a);
			box_put(st->boxes, st->pairs[k].b, &b, db);
		}
		box_put(st->boxes, st->pairs[k].a, &a, da);
	}
	if (bp->e == E_BROKEN)
		break_pairs(&r, st);
	g->a = st->boxes, g->b = with_tris ? (const void *)st->tris : (const void *)st->boxes;
	g->pairs = st->pairs, g->n = n;
	if (packed) {
		if (!pack(st)) {
			box_free(g);
			return 0;
		}
		g->a = st->blocks, g->b = NULL, g->pairs = NULL;
	}
	return 1;
}

static int box_make(size_t p, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)b;
	return make(p, n, 0, a == SW_SRC_OBB3_BLOCK, g);
}

static int tri_make(size_t p, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)b;
	return make(p, n, 1, a == SW_SRC_OBB3_TRI3_BLOCK, g);
}

/* ---- the benchmark scenes ---- */

/* seeds of the box–box and box–triangle benchmark scenes (xored with the pair count) */
#define BENCH_BOX_SEED 0x5eed0b3ull
#define BENCH_TRI_SEED 0x5eed7e3ull

/* the default close pairs of scenes.c: box–box 2n boxes, pair k = (2k, 2k + 1); box–triangle n of each */
static int bench_make(unsigned mix, size_t n, int with_tris, int packed, gen_batch *g)
{
	memset(g, 0, sizeof *g);
	if (mix != 0 || n == 0)
		return 0;
	box_state *st = calloc(1, sizeof *st);
	if (!st)
		return 0;
	g->state = st;
	st->n = n;
	st->pairs = malloc(n * sizeof *st->pairs);
	if (!st->pairs || sw_obb3_set_create(with_tris ? n : 2 * n, &st->boxes) != SW_OK ||
	    (with_tris && sw_tri3_set_create(n, &st->tris) != SW_OK)) {
		box_free(g);
		return 0;
	}
	sw_error e;
	if (with_tris) {
		sc_rng r = sc_rng_seed(BENCH_TRI_SEED ^ n);
		sc_tri3_params p = sc_tri3_defaults();
		e = sc_tri3_close_pairs(&r, &p, st->boxes, st->tris, st->pairs, n);
	} else {
		sc_rng r = sc_rng_seed(BENCH_BOX_SEED ^ n);
		sc_obb3_params p = sc_obb3_defaults();
		e = sc_obb3_close_pairs(&r, &p, st->boxes, st->pairs, n);
	}
	if (e != SW_OK || (packed && !pack(st))) {
		box_free(g);
		return 0;
	}
	g->a = packed ? st->blocks : (const void *)st->boxes;
	g->b = packed ? NULL : with_tris ? (const void *)st->tris : (const void *)st->boxes;
	g->pairs = packed ? NULL : st->pairs;
	g->n = n;
	return 1;
}

static int box_bench(unsigned mix, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)b;
	return bench_make(mix, n, 0, a == SW_SRC_OBB3_BLOCK, g);
}

static int tri_bench(unsigned mix, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)b;
	return bench_make(mix, n, 1, a == SW_SRC_OBB3_TRI3_BLOCK, g);
}

static void print_box(FILE *f, const char *tag, const sw_obb3_set *s, uint32_t i)
{
	if (i >= sw_obb3_set_count(s)) {
		fprintf(f, "  %s: index %u out of range\n", tag, i);
		return;
	}
	sw_vec3 d;
	sc_box b = box_get(s, i, &d);
	fprintf(f, "  %s[%u]: c %a %a %a q %a %a %a %a h %a %a %a d %a %a %a\n", tag, i, b.center.x, b.center.y,
		b.center.z, b.rot.x, b.rot.y, b.rot.z, b.rot.w, b.half.x, b.half.y, b.half.z, d.x, d.y, d.z);
}

static void print_pair(const gen_batch *g, size_t k, FILE *f)
{
	const box_state *st = g->state;
	print_box(f, "A", st->boxes, st->pairs[k].a);
	if (!st->tris) {
		print_box(f, "B", st->boxes, st->pairs[k].b);
		return;
	}
	if (st->pairs[k].b >= sw_tri3_set_count(st->tris)) {
		fprintf(f, "  T: index %u out of range\n", st->pairs[k].b);
		return;
	}
	sw_tri3 t;
	sw_vec3 d;
	sw_tri3_set_get(st->tris, st->pairs[k].b, &t, &d);
	fprintf(f, "  T[%u]: %a %a %a / %a %a %a / %a %a %a d %a %a %a\n", st->pairs[k].b, t.a.x, t.a.y, t.a.z, t.b.x,
		t.b.y, t.b.z, t.c.x, t.c.y, t.c.z, d.x, d.y, d.z);
}

/* pair k of an indexed batch through the public single-pair functions */
static void single(const gen_batch *g, sw_query q, const void *opts, size_t k, const void *out)
{
	const box_state *st = g->state;
	sw_pair p = st->pairs[k];
	const sw_query_desc *d = &sw_query_descs[q];
	int in_range = p.a < sw_obb3_set_count(st->boxes) &&
		       p.b < (st->tris ? sw_tri3_set_count(st->tris) : sw_obb3_set_count(st->boxes));
	sw_sweep_result s = sw_sweep_result_invalid();
	sw_overlap_result o = sw_overlap_result_invalid();
	if (in_range) {
		sw_vec3 da, db;
		sc_box a = box_get(st->boxes, p.a, &da);
		sw_obb3 sa = sc_box_shape(&a);
		if (st->tris) {
			sw_tri3 t;
			sw_tri3_set_get(st->tris, p.b, &t, &db);
			if (d->answer == SW_ANS_SWEEP)
				sw_obb3_tri3_sweep(&sa, sc_box_pose(&a), da, &t, db, opts, &s);
			else
				sw_obb3_tri3_overlap(&sa, sc_box_pose(&a), &t, &o);
		} else {
			sc_box b = box_get(st->boxes, p.b, &db);
			sw_obb3 sb = sc_box_shape(&b);
			if (d->answer == SW_ANS_SWEEP)
				sw_obb3_sweep(&sa, sc_box_pose(&a), da, &sb, sc_box_pose(&b), db, &s);
			else
				sw_obb3_overlap(&sa, sc_box_pose(&a), &sb, sc_box_pose(&b), &o);
		}
	}
	if (d->answer == SW_ANS_SWEEP)
		sw_sweep_put(out, k, &s);
	else
		sw_overlap_put(out, k, &o);
}

/* ---- faults ---- */

static const char *const FAULTS[] = {"box_centre_nan", "box_half_negative", "box_half_zero", "box_quat_not_unit",
				     "box_disp_inf",   "box_centre_huge",   "index_a_out",   "index_b_out",
				     "tri_nan",        "tri_degenerate",    "tri_disp_inf"};
#define NFAULTS (sizeof FAULTS / sizeof FAULTS[0])

static const char *fault_name(unsigned c) { return c < NFAULTS ? FAULTS[c] : "?"; }

/* lane k of the packed blocks (the same fields as the set's faults; no indices in blocks) */
static int damage_lane(box_state *st, size_t k, unsigned c)
{
	unsigned l = (unsigned)(k % SW_BLOCK);
	float(*ac)[SW_BLOCK], (*ah)[SW_BLOCK], (*aq)[SW_BLOCK], (*v)[SW_BLOCK];
	if (st->tris) {
		sw_obb3_tri3_block *blk = (sw_obb3_tri3_block *)st->blocks + k / SW_BLOCK;
		ac = blk->ac, ah = blk->ah, aq = blk->aq, v = blk->v;
		if (c == 8)
			blk->tb[1][l] = NAN;
		if (c == 9)
			blk->tc[0][l] = blk->ta[0][l], blk->tc[1][l] = blk->ta[1][l], blk->tc[2][l] = blk->ta[2][l];
	} else {
		sw_obb3_block *blk = (sw_obb3_block *)st->blocks + k / SW_BLOCK;
		ac = blk->ac, ah = blk->ah, aq = blk->aq, v = blk->v;
	}
	switch (c) {
	case 0: ac[0][l] = NAN; break;
	case 1: ah[1][l] = -1.0f; break;
	case 2: ah[2][l] = 0.0f; break;
	case 3: aq[0][l] = aq[1][l] = aq[2][l] = aq[3][l] = 1.0f; break;
	case 4:
	case 10: v[1][l] = INFINITY; break;
	case 5: ac[2][l] = 2e15f; break;
	case 6:
	case 7: return 0;
	default: break;
	}
	return 1;
}

static int damage(gen_batch *g, const sw_query_desc *dq, size_t k, unsigned c)
{
	box_state *st = g->state;
	int moving = dq->answer == SW_ANS_SWEEP;
	if ((c >= 8 && !st->tris) || ((c == 4 || c == 10) && !moving))
		return 0;
	if (!g->pairs)
		return damage_lane(st, k, c);
	if (c == 6 || c == 7) {
		if (!st->pairs || g->pairs == NULL)
			return 0; /* packed blocks have no indices */
		if (c == 6)
			st->pairs[k].a = UINT32_MAX - (uint32_t)k;
		else
			st->pairs[k].b = (uint32_t)(1u << 30);
		return 1;
	}
	if (c < 6) {
		/* box A of the pair; a set shared by both sides would hit neighbours that use the same box */
		sw_vec3 d;
		sc_box box = box_get(st->boxes, st->pairs[k].a, &d);
		switch (c) {
		case 0: box.center.x = NAN; break;
		case 1: box.half.y = -1.0f; break;
		case 2: box.half.z = 0.0f; break;
		case 3: box.rot = (sw_quat){1, 1, 1, 1}; break;
		case 4: d.y = INFINITY; break;
		default: box.center.z = 2e15f; break;
		}
		box_put(st->boxes, st->pairs[k].a, &box, d);
		return 1;
	}
	sw_tri3 t;
	sw_vec3 d;
	sw_tri3_set_get(st->tris, st->pairs[k].b, &t, &d);
	if (c == 8)
		t.b.y = NAN;
	else if (c == 9)
		t.c = t.a;
	else
		d.x = -INFINITY;
	sw_tri3_set_put(st->tris, st->pairs[k].b, &t, d);
	return 1;
}

static int serves_box(sw_src a, sw_src b) { return (a == SW_SRC_OBB3 && b == SW_SRC_OBB3) || a == SW_SRC_OBB3_BLOCK; }
static int serves_tri(sw_src a, sw_src b)
{
	return (a == SW_SRC_OBB3 && b == SW_SRC_TRI3) || a == SW_SRC_OBB3_TRI3_BLOCK;
}

const gen_family gen_box_family = {"box",  serves_box, NPOPS,      pop_name, box_make, print_pair,
				   single, NFAULTS,    fault_name, damage,   box_free, box_bench};
const gen_family gen_box_tri_family = {"box_tri", serves_tri, NPOPS,      pop_name, tri_make, print_pair,
				       single,    NFAULTS,    fault_name, damage,   box_free, tri_bench};
