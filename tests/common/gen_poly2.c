/* tests/common/gen_poly2.c — populations of 2D polygon pairs (indexed sets and packed blocks): random
 * polygons of 3–8 and of 2–16 vertices, segments, offsets, tiny and fast scenes, no motion, boxes
 * snapped to a grid (exact touches), broken inputs, signed zeros, and pairs of 1e-20 and 1e-30 (scaled up
 * inside the queries). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

enum { POP_PAIRS = 6000 };

typedef enum edit { E_NONE, E_STILL, E_GRID, E_BROKEN, E_SIGNED_ZERO } edit;

typedef struct poly_pop {
	const char *name;
	uint64_t seed;
	sc_poly2_params p;
	edit e;
} poly_pop;

static const poly_pop POPS[] = {
	{"random", 1, {3, 0, 0.25f, 1.5f, 4, 3, 8}, E_NONE},
	{"mixed_2_16", 2, {3, 0, 0.25f, 1.5f, 4, 2, SW_POLY2_MAX_VERTS}, E_NONE},
	{"segments", 3, {3, 0, 0.25f, 1.5f, 4, 2, 2}, E_NONE},
	{"offset_1e4", 4, {3, 1e4f, 0.25f, 1.5f, 4, 3, 8}, E_NONE},
	{"tiny", 5, {3e-3f, 0, 2.5e-4f, 1.5e-3f, 4e-3f, 3, 8}, E_NONE},
	{"fast", 6, {3, 0, 0.25f, 1.5f, 400, 3, 8}, E_NONE},
	{"zero_motion", 7, {3, 0, 0.25f, 1.5f, 4, 2, SW_POLY2_MAX_VERTS}, E_STILL},
	{"grid", 8, {3, 0, 0.25f, 1.5f, 4, 3, 8}, E_GRID},
	{"broken", 9, {3, 0, 0.25f, 1.5f, 4, 2, SW_POLY2_MAX_VERTS}, E_BROKEN},
	{"signed_zero", 10, {3, 0, 0.25f, 1.5f, 4, 3, 8}, E_SIGNED_ZERO},
	{"scale_1e-20", 11, {3e-20f, 0, 2.5e-21f, 1.5e-20f, 4e-20f, 3, 8}, E_NONE},
	{"scale_1e-30", 12, {3e-30f, 1e-28f, 2.5e-31f, 1.5e-30f, 4e-30f, 2, SW_POLY2_MAX_VERTS}, E_NONE},
};
#define NPOPS (sizeof POPS / sizeof POPS[0])

typedef struct poly_state {
	sw_poly2_set *set;
	sw_pair *pairs;
	sw_poly2_block *blocks;
	size_t n;
} poly_state;

static const char *pop_name(size_t p) { return p < NPOPS ? POPS[p].name : "?"; }

typedef struct inst {
	uint32_t shape;
	sw_poly2 poly;
	sw_pose2 pose;
	sw_vec2 d;
} inst;

static int inst_get(const sw_poly2_set *s, uint32_t i, inst *o)
{
	memset(o, 0, sizeof *o);
	return sw_poly2_set_get(s, i, &o->shape, &o->poly, &o->pose, &o->d) == SW_OK;
}

/* an instance given a new polygon: a new shape */
static void inst_reshape(sw_poly2_set *s, uint32_t i, const sw_poly2 *poly, sw_pose2 pose, sw_vec2 d)
{
	uint32_t shape;
	sw_poly2_set_add_shape(s, poly, &shape);
	sw_poly2_set_put(s, i, shape, pose, d);
}

static float half_grid(float x) { return roundf(x * 2) / 2; }
static float signed_zero(sc_rng *r, float x) { return x == 0.0f && (sc_next(r) & 1) ? -0.0f : x; }

static void edit_all(sc_rng *r, poly_state *st, edit e)
{
	size_t count = sw_poly2_set_count(st->set);
	for (uint32_t i = 0; i < count && e != E_BROKEN; i++) {
		inst o;
		inst_get(st->set, i, &o);
		if (e == E_STILL) {
			o.d = sw_v2(0, 0);
		} else if (e == E_GRID) {
			sw_poly2 box =
				sw_poly2_box(0.5f * (float)(1 + sc_below(r, 3)), 0.5f * (float)(1 + sc_below(r, 3)));
			sw_pose2 x = {{half_grid(o.pose.p.x), half_grid(o.pose.p.y)}, {1, 0}};
			inst_reshape(st->set, i, &box, x, sw_v2(half_grid(o.d.x), half_grid(o.d.y)));
			continue;
		} else if (e == E_SIGNED_ZERO) {
			float *f[4] = {&o.pose.p.x, &o.pose.p.y, &o.d.x, &o.d.y};
			for (int q = 0; q < 4; q++)
				*f[q] = signed_zero(r, (sc_next(r) & 1) ? 0.0f : roundf(*f[q]));
			o.pose.q = (sw_rot2){1, signed_zero(r, 0.0f)};
		}
		sw_poly2_set_put(st->set, i, o.shape, o.pose, o.d);
	}
	if (e != E_BROKEN)
		return;
	for (size_t k = 0; k < st->n; k += 7) {
		uint32_t i = st->pairs[k].a;
		inst o;
		inst_get(st->set, i, &o);
		switch (sc_below(r, 5)) {
		case 0: o.pose.p.x = NAN; break;
		case 1: o.pose.q.c = 1.5f; break;
		case 2: o.d.y = INFINITY; break;
		case 3: /* clockwise: a shape that fails its check */
			for (uint32_t a = 0, b = o.poly.count - 1; a < b; a++, b--) {
				sw_vec2 t = o.poly.v[a];
				o.poly.v[a] = o.poly.v[b], o.poly.v[b] = t;
			}
			inst_reshape(st->set, i, &o.poly, o.pose, o.d);
			continue;
		default: o.shape = 1u << 30; break; /* a shape id past the shapes */
		}
		sw_poly2_set_put(st->set, i, o.shape, o.pose, o.d);
	}
	for (size_t k = 3; k < st->n; k += 11)
		st->pairs[k].b = (uint32_t)(count + k);
}

static int pack(poly_state *st)
{
	size_t nb = (st->n + SW_BLOCK - 1) / SW_BLOCK;
	st->blocks = aligned_alloc(64, (nb ? nb : 1) * sizeof *st->blocks);
	if (!st->blocks)
		return 0;
	size_t count = sw_poly2_set_count(st->set);
	for (size_t k = 0; k < nb * SW_BLOCK; k++) {
		if (k >= st->n) {
			sw_poly2_block_fill(&st->blocks[k / SW_BLOCK], (unsigned)(k % SW_BLOCK));
			break;
		}
		inst a, b;
		inst_get(st->set, st->pairs[k].a < count ? st->pairs[k].a : 0, &a);
		inst_get(st->set, st->pairs[k].b < count ? st->pairs[k].b : 0, &b);
		sw_poly2_block_put(&st->blocks[k / SW_BLOCK], (unsigned)(k % SW_BLOCK), &a.poly, a.pose, a.d, &b.poly,
				   b.pose, b.d);
	}
	return 1;
}

static void poly_free(gen_batch *g)
{
	poly_state *st = g->state;
	if (!st)
		return;
	sw_poly2_set_destroy(st->set);
	free(st->pairs);
	free(st->blocks);
	free(st);
	memset(g, 0, sizeof *g);
}

static int poly_make(size_t p, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)b;
	const poly_pop *pp = &POPS[p < NPOPS ? p : 0];
	n = n ? n : POP_PAIRS;
	memset(g, 0, sizeof *g);
	poly_state *st = calloc(1, sizeof *st);
	if (!st)
		return 0;
	g->state = st;
	st->n = n;
	st->pairs = malloc(n * sizeof *st->pairs);
	sc_rng r = sc_rng_seed(pp->seed * 1000003u + n);
	if (!st->pairs || sw_poly2_set_create(2 * n, &st->set) != SW_OK ||
	    sc_poly2_close_pairs(&r, &pp->p, st->set, st->pairs, n) != SW_OK) {
		poly_free(g);
		return 0;
	}
	if (pp->e != E_NONE)
		edit_all(&r, st, pp->e);
	g->a = g->b = st->set, g->pairs = st->pairs, g->n = n;
	if (a == SW_SRC_POLY2_BLOCK) {
		if (!pack(st)) {
			poly_free(g);
			return 0;
		}
		g->a = st->blocks, g->b = NULL, g->pairs = NULL;
	}
	return 1;
}

/* ---- the benchmark scenes ---- */

/* seed of the polygon benchmark scenes (xored with the pair count and the mix << 40) */
#define BENCH_SEED 0x5eed9012ull

/* the mixes: 0 sc_poly2_defaults() (3 to 8 vertices), 1 quadrilaterals, 2 from 2 to 16 vertices */
enum { BENCH_MIXES = 3 };

static int poly_bench(unsigned mix, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)b;
	memset(g, 0, sizeof *g);
	if (mix >= BENCH_MIXES || n == 0)
		return 0;
	poly_state *st = calloc(1, sizeof *st);
	if (!st)
		return 0;
	g->state = st;
	st->n = n;
	st->pairs = malloc(n * sizeof *st->pairs);
	sc_poly2_params p = sc_poly2_defaults();
	if (mix == 1)
		p.count_lo = p.count_hi = 4;
	else if (mix == 2)
		p.count_lo = 2, p.count_hi = SW_POLY2_MAX_VERTS;
	sc_rng r = sc_rng_seed(BENCH_SEED ^ n ^ ((uint64_t)mix << 40));
	if (!st->pairs || sw_poly2_set_create(2 * n, &st->set) != SW_OK ||
	    sc_poly2_close_pairs(&r, &p, st->set, st->pairs, n) != SW_OK || (a == SW_SRC_POLY2_BLOCK && !pack(st))) {
		poly_free(g);
		return 0;
	}
	if (a == SW_SRC_POLY2_BLOCK)
		g->a = st->blocks, g->b = NULL, g->pairs = NULL;
	else
		g->a = g->b = st->set, g->pairs = st->pairs;
	g->n = n;
	return 1;
}

static void print_inst(FILE *f, const char *tag, const sw_poly2_set *s, uint32_t i)
{
	inst o;
	if (i >= sw_poly2_set_count(s) || !inst_get(s, i, &o)) {
		fprintf(f, "  %s: index %u out of range (or its shape)\n", tag, i);
		return;
	}
	fprintf(f, "  %s[%u]: shape %u p %a %a q %a %a d %a %a, %u vertices:", tag, i, o.shape, o.pose.p.x, o.pose.p.y,
		o.pose.q.c, o.pose.q.s, o.d.x, o.d.y, o.poly.count);
	for (uint32_t k = 0; k < o.poly.count; k++)
		fprintf(f, " (%a %a)", o.poly.v[k].x, o.poly.v[k].y);
	fputc('\n', f);
}

static void print_pair(const gen_batch *g, size_t k, FILE *f)
{
	const poly_state *st = g->state;
	print_inst(f, "A", st->set, st->pairs[k].a);
	print_inst(f, "B", st->set, st->pairs[k].b);
}

static void single(const gen_batch *g, sw_query q, const void *opts, size_t k, const void *out)
{
	(void)opts;
	const poly_state *st = g->state;
	inst a, b;
	int ok = st->pairs[k].a < sw_poly2_set_count(st->set) && st->pairs[k].b < sw_poly2_set_count(st->set) &&
		 inst_get(st->set, st->pairs[k].a, &a) && inst_get(st->set, st->pairs[k].b, &b);
	/* 2D answers leave nz alone */
	if (sw_query_descs[q].answer == SW_ANS_SWEEP) {
		sw_sweep_result s = sw_sweep_result_invalid();
		sw_sweep_results cols = *(const sw_sweep_results *)out;
		cols.nz = NULL;
		if (ok)
			sw_poly2_sweep(&a.poly, a.pose, a.d, &b.poly, b.pose, b.d, &s);
		sw_sweep_put(&cols, k, &s);
	} else {
		sw_overlap_result o = sw_overlap_result_invalid();
		sw_overlap_results cols = *(const sw_overlap_results *)out;
		cols.nz = NULL;
		if (ok)
			sw_poly2_overlap(&a.poly, a.pose, &b.poly, b.pose, &o);
		sw_overlap_put(&cols, k, &o);
	}
}

static const char *const FAULTS[] = {"position_nan", "rotation_not_unit", "disp_inf",   "shape_clockwise",
				     "shape_id_out", "index_out",         "block_count"};
#define NFAULTS (sizeof FAULTS / sizeof FAULTS[0])

static const char *fault_name(unsigned c) { return c < NFAULTS ? FAULTS[c] : "?"; }

static int damage(gen_batch *g, const sw_query_desc *dq, size_t k, unsigned c)
{
	poly_state *st = g->state;
	if (c == 2 && dq->answer != SW_ANS_SWEEP)
		return 0; /* a static query reads no displacement */
	if (dq->a == SW_SRC_POLY2_BLOCK) {
		/* blocks: the caller-writable counts and floats of lane k */
		sw_poly2_block *blk = &st->blocks[k / SW_BLOCK];
		unsigned l = (unsigned)(k % SW_BLOCK);
		switch (c) {
		case 0: blk->apx[l] = NAN; return 1;
		case 1: blk->bqc[l] = 1.5f; return 1;
		case 2: blk->vy[l] = INFINITY; return 1;
		case 6: blk->an[l] = 200; return 1;
		default: return 0;
		}
	}
	if (c == 6)
		return 0;
	if (c == 5) {
		st->pairs[k].b = UINT32_MAX;
		return 1;
	}
	inst o;
	uint32_t i = st->pairs[k].a;
	inst_get(st->set, i, &o);
	switch (c) {
	case 0: o.pose.p.x = NAN; break;
	case 1: o.pose.q.c = 1.5f; break;
	case 2: o.d.y = INFINITY; break;
	case 3:
		for (uint32_t x = 0, y = o.poly.count - 1; x < y; x++, y--) {
			sw_vec2 t = o.poly.v[x];
			o.poly.v[x] = o.poly.v[y], o.poly.v[y] = t;
		}
		inst_reshape(st->set, i, &o.poly, o.pose, o.d);
		return o.poly.count > 2; /* a reversed segment is still a segment */
	default: o.shape = 1u << 30; break;
	}
	sw_poly2_set_put(st->set, i, o.shape, o.pose, o.d);
	return 1;
}

static int serves(sw_src a, sw_src b) { return (a == SW_SRC_POLY2 && b == SW_SRC_POLY2) || a == SW_SRC_POLY2_BLOCK; }

const gen_family gen_poly2_family = {"poly2", serves,  NPOPS,      pop_name, poly_make, print_pair,
				     single,  NFAULTS, fault_name, damage,   poly_free, poly_bench};
