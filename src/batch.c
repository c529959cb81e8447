/* src/batch.c — the public batched entry points: validate the call, split the pairs into chunks,
 * run the active kernel on each chunk (on several threads when built with OpenMP) and let it write
 * straight into the caller's result arrays. Per-pair problems are the kernels' business (they
 * produce SW_PAIR_INVALID); only a malformed call is refused here, before anything is written. */
#include "hull3_view.h"
#include "kernels/kernels.h"
#include "swept/poly2.h"
#include "ref/ref.h"
#include "sw_config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>
#if SW_HAVE_OPENMP
#include <omp.h>
#endif

#define DEFAULT_CHUNK 512u
/* most threads one call starts */
#define SW_MAX_THREADS 256

/* a set's count and capacity: kernels read slot 0 for out-of-range indices and whole lanes past count */
static sw_error check_counts(size_t count, size_t capacity)
{
	return capacity < SW_SET_PAD || count > capacity || count > SW_MAX_BATCH ? SW_ERR_ARG : SW_OK;
}

static sw_error check_pairs(const sw_pair *pairs, size_t n)
{
	return n > SW_MAX_BATCH ? SW_ERR_SIZE : n && !pairs ? SW_ERR_NULL : SW_OK;
}

static sw_error check_set(const sw_obb3_set *s)
{
	if (!s || !s->cx || !s->cy || !s->cz || !s->qx || !s->qy || !s->qz || !s->qw || !s->hx || !s->hy || !s->hz ||
	    !s->dx || !s->dy || !s->dz)
		return SW_ERR_NULL;
	return check_counts(s->count, s->capacity);
}

static sw_error check_sweep_out(const sw_sweep_results *o)
{
	if (!o || !o->status || !o->feature || !o->t_first || !o->t_last || !o->nx || !o->ny || !o->nz)
		return SW_ERR_NULL;
	return SW_OK;
}

static sw_error check_call(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n)
{
	sw_error e = check_pairs(pairs, n);
	e = e == SW_OK ? check_set(as) : e;
	return e == SW_OK ? check_set(bs) : e;
}

static sw_sweep_results sweep_at(const sw_sweep_results *o, size_t k)
{
	sw_sweep_results r = {o->status + k, o->feature + k, o->t_first + k, o->t_last + k,
			      o->nx + k,     o->ny + k,      o->nz + k};
	return r;
}

static size_t chunk_size(const sw_batch_opts *opts)
{
	size_t c = opts && opts->chunk ? opts->chunk : DEFAULT_CHUNK;
	c = c < SW_MAX_BATCH ? c : SW_MAX_BATCH; /* no overflow when rounding up */
	return (c + SW_BLOCK - 1) / SW_BLOCK * SW_BLOCK;
}

/* packed blocks are 64-byte aligned types: a block elsewhere (malloc's 16) is refused on every tier
 * alike, instead of loading fine on some and faulting on others */
static sw_error check_blocks(const void *blocks, size_t n)
{
	if (n > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (n && !blocks)
		return SW_ERR_NULL;
	return (uintptr_t)blocks % 64 ? SW_ERR_ALIGN : SW_OK;
}

/* runs fn on consecutive chunks of [0, n); chunks go to OpenMP threads when built with it */
typedef void (*chunk_fn)(const void *ctx, size_t off, size_t cnt);

static void run_chunks(size_t n, const sw_batch_opts *opts, chunk_fn fn, const void *ctx)
{
	size_t chunk = chunk_size(opts), chunks = (n + chunk - 1) / chunk;
#if SW_HAVE_OPENMP
	/* more threads than chunks only idle; the count is clamped, never trusted (libgomp allocates
	 * per requested thread and exits the process when that fails) */
	size_t want = opts && opts->threads ? opts->threads : (size_t)omp_get_num_procs();
	want = want < chunks ? want : chunks;
	int threads = (int)(want < SW_MAX_THREADS ? want : SW_MAX_THREADS);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (chunks > 1)
#endif
	for (size_t c = 0; c < chunks; c++) {
		size_t off = c * chunk;
		fn(ctx, off, n - off < chunk ? n - off : chunk);
	}
}

/* what a chunk of an indexed call needs */
typedef struct idx_call {
	const sw_kernels *kt;
	const sw_obb3_set *as, *bs;
	const sw_pair *pairs;
	const void *out;
} idx_call;

static void sweep_chunk(const void *ctx, size_t off, size_t cnt)
{
	const idx_call *c = ctx;
	sw_sweep_results r = sweep_at(c->out, off);
	c->kt->obb3_sweep_idx(c->as, c->bs, c->pairs + off, cnt, &r);
}

static void overlap_chunk(const void *ctx, size_t off, size_t cnt)
{
	const idx_call *c = ctx;
	const sw_overlap_results *o = c->out;
	sw_overlap_results r = {o->status + off, o->feature + off};
	c->kt->obb3_overlap_idx(c->as, c->bs, c->pairs + off, cnt, &r);
}

sw_error sw_obb3_sweep_batch(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n,
			     const sw_batch_opts *opts, const sw_sweep_results *out)
{
	sw_error e = check_call(as, bs, pairs, n);
	if (e == SW_OK)
		e = check_sweep_out(out);
	if (e != SW_OK || n == 0)
		return e;
	idx_call c = {sw_kernels_get(), as, bs, pairs, out};
	run_chunks(n, opts, sweep_chunk, &c);
	return SW_OK;
}

sw_error sw_obb3_overlap_batch(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n,
			       const sw_batch_opts *opts, const sw_overlap_results *out)
{
	sw_error e = check_call(as, bs, pairs, n);
	if (e == SW_OK && (!out || !out->status || !out->feature))
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	idx_call c = {sw_kernels_get(), as, bs, pairs, out};
	run_chunks(n, opts, overlap_chunk, &c);
	return SW_OK;
}

sw_error sw_obb3_sweep_packed(const sw_obb3_block *blocks, size_t n, const sw_sweep_results *out)
{
	sw_error e = check_sweep_out(out);
	e = e == SW_OK ? check_blocks(blocks, n) : e;
	if (e != SW_OK || n == 0)
		return e;
	sw_kernels_get()->obb3_sweep_packed(blocks, n, out);
	return SW_OK;
}

void sw_obb3_block_put(sw_obb3_block *blk, unsigned lane, const sw_obb3 *a, sw_vec3 da, const sw_obb3 *b, sw_vec3 db)
{
	if (!blk || !a || !b || lane >= SW_BLOCK)
		return;
	const float *fa = &a->center.x, *fb = &b->center.x; /* centre, quaternion, half: 10 floats */
	for (int k = 0; k < 3; k++) {
		blk->ac[k][lane] = fa[k];
		blk->bc[k][lane] = fb[k];
		blk->ah[k][lane] = fa[7 + k];
		blk->bh[k][lane] = fb[7 + k];
	}
	for (int k = 0; k < 4; k++) {
		blk->aq[k][lane] = fa[3 + k];
		blk->bq[k][lane] = fb[3 + k];
	}
	sw_vec3 v = sw_v3_sub(db, da);
	blk->v[0][lane] = v.x;
	blk->v[1][lane] = v.y;
	blk->v[2][lane] = v.z;
}

void sw_obb3_block_fill(sw_obb3_block *blk, unsigned from)
{
	sw_obb3 unit = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	sw_obb3 far = unit;
	far.center.x = 4.0f;
	for (unsigned l = from; blk && l < SW_BLOCK; l++)
		sw_obb3_block_put(blk, l, &unit, sw_v3(0, 0, 0), &far, sw_v3(0, 0, 0));
}

/* ---- OBB–triangle ---- */

static sw_error check_tri_set(const sw_tri3_set *s)
{
	if (!s || !s->ax || !s->ay || !s->az || !s->bx || !s->by || !s->bz || !s->cx || !s->cy || !s->cz || !s->dx ||
	    !s->dy || !s->dz)
		return SW_ERR_NULL;
	return check_counts(s->count, s->capacity);
}

static sw_error check_tri_call(const sw_obb3_set *as, const sw_tri3_set *ts, const sw_pair *pairs, size_t n)
{
	sw_error e = check_pairs(pairs, n);
	e = e == SW_OK ? check_set(as) : e;
	return e == SW_OK ? check_tri_set(ts) : e;
}

/* what a chunk of an indexed box–triangle call needs */
typedef struct tri_call {
	const sw_kernels *kt;
	const sw_obb3_set *as;
	const sw_tri3_set *ts;
	const sw_pair *pairs;
	int one_sided;
	const void *out;
} tri_call;

static void tri_sweep_chunk(const void *ctx, size_t off, size_t cnt)
{
	const tri_call *c = ctx;
	sw_sweep_results r = sweep_at(c->out, off);
	c->kt->obb3_tri3_sweep_idx(c->as, c->ts, c->pairs + off, cnt, c->one_sided, &r);
}

static void tri_overlap_chunk(const void *ctx, size_t off, size_t cnt)
{
	const tri_call *c = ctx;
	const sw_overlap_results *o = c->out;
	sw_overlap_results r = {o->status + off, o->feature + off};
	c->kt->obb3_tri3_overlap_idx(c->as, c->ts, c->pairs + off, cnt, &r);
}

sw_error sw_obb3_tri3_sweep_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				  const sw_batch_opts *opts, int one_sided, const sw_sweep_results *out)
{
	sw_error e = check_tri_call(boxes, tris, pairs, n);
	if (e == SW_OK)
		e = check_sweep_out(out);
	if (e != SW_OK || n == 0)
		return e;
	tri_call c = {sw_kernels_get(), boxes, tris, pairs, one_sided != 0, out};
	run_chunks(n, opts, tri_sweep_chunk, &c);
	return SW_OK;
}

sw_error sw_obb3_tri3_overlap_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				    const sw_batch_opts *opts, const sw_overlap_results *out)
{
	sw_error e = check_tri_call(boxes, tris, pairs, n);
	if (e == SW_OK && (!out || !out->status || !out->feature))
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	tri_call c = {sw_kernels_get(), boxes, tris, pairs, 0, out};
	run_chunks(n, opts, tri_overlap_chunk, &c);
	return SW_OK;
}

static void tri_penetration_chunk(const void *ctx, size_t off, size_t cnt)
{
	const tri_call *c = ctx;
	const sw_overlap3_results *o = c->out;
	sw_overlap3_results r = {o->status + off, o->feature + off, o->depth + off,
				 o->nx + off,     o->ny + off,      o->nz + off};
	c->kt->obb3_tri3_penetration_idx(c->as, c->ts, c->pairs + off, cnt, &r);
}

sw_error sw_obb3_tri3_penetration_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs,
					size_t n, const sw_batch_opts *opts, const sw_overlap3_results *out)
{
	sw_error e = check_tri_call(boxes, tris, pairs, n);
	if (e == SW_OK && (!out || !out->status || !out->feature || !out->depth || !out->nx || !out->ny || !out->nz))
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	tri_call c = {sw_kernels_get(), boxes, tris, pairs, 0, out};
	run_chunks(n, opts, tri_penetration_chunk, &c);
	return SW_OK;
}

/* ---- 2D polygons ---- */

static sw_error check_poly_set(const sw_poly2_set *s)
{
	if (!s || !s->px || !s->py || !s->qc || !s->qs || !s->dx || !s->dy || !s->vx || !s->vy || !s->n || !s->ok)
		return SW_ERR_NULL;
	return check_counts(s->count, s->capacity);
}

static sw_error check_poly_call(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n)
{
	sw_error e = check_pairs(pairs, n);
	e = e == SW_OK ? check_poly_set(as) : e;
	return e == SW_OK ? check_poly_set(bs) : e;
}

/* pairs are grouped by size in runs of at most this many (the order array lives on the stack) */
#define POLY_GROUP 1024u

typedef struct poly_call {
	const sw_kernels *kt;
	const sw_poly2_set *as, *bs;
	const sw_pair *pairs;
	const void *out;
	int keep_order;
} poly_call;

/* a count out of range (the arrays are caller-writable) classes as 0; the kernel flags the pair */
static unsigned poly_size(const sw_poly2_set *s, uint32_t i)
{
	return i < s->count && s->n[i] <= SW_POLY2_MAX_VERTS ? s->n[i] : 0;
}

/* size class of a pair: A's vertex count, then B's. Sorting by it fills a block with pairs of the
 * same or neighbouring (n_A, n_B), the two loop bounds of the kernel (measured on mixed 2–16 vertex
 * pairs, avx512: utilisation 0.38 unsorted, 0.48 by n_A + n_B, 0.61 by max, 0.66 by this key) */
#define POLY_CLASSES ((SW_POLY2_MAX_VERTS + 1) * (SW_POLY2_MAX_VERTS + 1))

static unsigned poly_class(const sw_poly2_set *as, const sw_poly2_set *bs, sw_pair p)
{
	return poly_size(as, p.a) * (SW_POLY2_MAX_VERTS + 1) + poly_size(bs, p.b);
}

/* a stable counting sort of pairs[0, cnt) by size class */
static void poly_order(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t cnt,
		       uint32_t *order)
{
	uint32_t start[POLY_CLASSES + 1] = {0};
	for (size_t k = 0; k < cnt; k++)
		start[poly_class(as, bs, pairs[k]) + 1]++;
	for (unsigned c = 1; c <= POLY_CLASSES; c++)
		start[c] += start[c - 1];
	for (size_t k = 0; k < cnt; k++)
		order[start[poly_class(as, bs, pairs[k])]++] = (uint32_t)k;
}

/* runs a polygon kernel over a chunk, a group of at most POLY_GROUP pairs at a time */
static void poly_chunk(const poly_call *c, size_t off, size_t cnt, int sweep)
{
	uint32_t order[POLY_GROUP];
	for (size_t g = 0; g < cnt; g += POLY_GROUP) {
		size_t m = cnt - g < POLY_GROUP ? cnt - g : POLY_GROUP, at = off + g;
		const uint32_t *ord = NULL;
		if (!c->keep_order) {
			poly_order(c->as, c->bs, c->pairs + at, m, order);
			ord = order;
		}
		if (sweep) {
			const sw_sweep2_results *o = c->out;
			sw_sweep2_results r = {o->status + at, o->feature + at, o->t_first + at,
					       o->t_last + at, o->nx + at,      o->ny + at};
			c->kt->poly2_sweep_idx(c->as, c->bs, c->pairs + at, m, ord, &r);
		} else {
			const sw_overlap2_results *o = c->out;
			sw_overlap2_results r = {o->status + at, o->feature + at, o->depth + at, o->nx + at,
						 o->ny + at};
			c->kt->poly2_overlap_idx(c->as, c->bs, c->pairs + at, m, ord, &r);
		}
	}
}

static void poly_sweep_chunk(const void *ctx, size_t off, size_t cnt) { poly_chunk(ctx, off, cnt, 1); }

static void poly_overlap_chunk(const void *ctx, size_t off, size_t cnt) { poly_chunk(ctx, off, cnt, 0); }

double sw_poly2_batch_utilisation(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n,
				  const sw_batch_opts *opts)
{
	if (check_poly_call(as, bs, pairs, n) != SW_OK)
		return NAN;
	size_t chunk = chunk_size(opts), w = sw_isa_lanes(sw_active_isa());
	double useful = 0, done = 0;
	uint32_t order[POLY_GROUP];
	for (size_t off = 0; off < n; off += chunk) {
		size_t cnt = n - off < chunk ? n - off : chunk;
		for (size_t g = 0; g < cnt; g += POLY_GROUP) {
			size_t m = cnt - g < POLY_GROUP ? cnt - g : POLY_GROUP;
			const sw_pair *p = pairs + off + g;
			if (!(opts && opts->keep_order))
				poly_order(as, bs, p, m, order);
			for (size_t b = 0; b < m; b += w) {
				unsigned max_a = 1, max_b = 1;
				for (size_t l = b; l < b + w && l < m; l++) {
					size_t k = opts && opts->keep_order ? l : order[l];
					unsigned na = poly_size(as, p[k].a), nb = poly_size(bs, p[k].b);
					useful += (double)(na + nb) * (na + nb);
					max_a = na > max_a ? na : max_a, max_b = nb > max_b ? nb : max_b;
				}
				done += (double)w * (max_a + max_b) * (max_a + max_b);
			}
		}
	}
	return done > 0 ? useful / done : 1.0;
}

sw_error sw_poly2_sweep_batch(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n,
			      const sw_batch_opts *opts, const sw_sweep2_results *out)
{
	sw_error e = check_poly_call(as, bs, pairs, n);
	if (e == SW_OK &&
	    (!out || !out->status || !out->feature || !out->t_first || !out->t_last || !out->nx || !out->ny))
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	poly_call c = {sw_kernels_get(), as, bs, pairs, out, opts && opts->keep_order};
	run_chunks(n, opts, poly_sweep_chunk, &c);
	return SW_OK;
}

sw_error sw_poly2_overlap_batch(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n,
				const sw_batch_opts *opts, const sw_overlap2_results *out)
{
	sw_error e = check_poly_call(as, bs, pairs, n);
	if (e == SW_OK && (!out || !out->status || !out->feature || !out->depth || !out->nx || !out->ny))
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	poly_call c = {sw_kernels_get(), as, bs, pairs, out, opts && opts->keep_order};
	run_chunks(n, opts, poly_overlap_chunk, &c);
	return SW_OK;
}

/* one polygon into lane l of a block's side: count, validity, vertices padded with vertex 0 */
static void block_side(const sw_poly2 *p, unsigned l, uint8_t *n, uint8_t *ok, float (*vx)[SW_BLOCK],
		       float (*vy)[SW_BLOCK])
{
	uint32_t c = p->count <= SW_POLY2_MAX_VERTS ? p->count : 0;
	n[l] = (uint8_t)c;
	ok[l] = c && sw_poly2_check(p, 1) == SW_POLY2_OK;
	for (uint32_t k = 0; k < SW_POLY2_MAX_VERTS; k++) {
		sw_vec2 v = c ? p->v[k < c ? k : 0] : sw_v2(0, 0);
		vx[k][l] = v.x;
		vy[k][l] = v.y;
	}
}

void sw_poly2_block_put(sw_poly2_block *blk, unsigned lane, const sw_poly2 *a, sw_xf2 xa, sw_vec2 da, const sw_poly2 *b,
			sw_xf2 xb, sw_vec2 db)
{
	if (!blk || !a || !b || lane >= SW_BLOCK)
		return;
	blk->apx[lane] = xa.p.x, blk->apy[lane] = xa.p.y, blk->aqc[lane] = xa.q.c, blk->aqs[lane] = xa.q.s;
	blk->bpx[lane] = xb.p.x, blk->bpy[lane] = xb.p.y, blk->bqc[lane] = xb.q.c, blk->bqs[lane] = xb.q.s;
	sw_vec2 v = sw_v2_sub(db, da);
	blk->vx[lane] = v.x, blk->vy[lane] = v.y;
	block_side(a, lane, blk->an, blk->a_ok, blk->avx, blk->avy);
	block_side(b, lane, blk->bn, blk->b_ok, blk->bvx, blk->bvy);
}

void sw_poly2_block_fill(sw_poly2_block *blk, unsigned from)
{
	sw_poly2 box = sw_poly2_box(1, 1);
	sw_xf2 at = {{0, 0}, {1, 0}}, far = {{4, 0}, {1, 0}};
	for (unsigned l = from; blk && l < SW_BLOCK; l++)
		sw_poly2_block_put(blk, l, &box, at, sw_v2(0, 0), &box, far, sw_v2(0, 0));
}

sw_error sw_poly2_sweep_packed(const sw_poly2_block *blocks, size_t n, const sw_sweep2_results *out)
{
	if (!out || !out->status || !out->feature || !out->t_first || !out->t_last || !out->nx || !out->ny)
		return SW_ERR_NULL;
	sw_error e = check_blocks(blocks, n);
	if (e != SW_OK)
		return e;
	if (n)
		sw_kernels_get()->poly2_sweep_packed(blocks, n, out);
	return SW_OK;
}

void sw_obb3_tri3_block_put(sw_obb3_tri3_block *blk, unsigned lane, const sw_obb3 *box, sw_vec3 da, const sw_tri3 *tri,
			    sw_vec3 dt)
{
	if (!blk || !box || !tri || lane >= SW_BLOCK)
		return;
	const float *f = &box->center.x; /* centre, quaternion, half: 10 floats */
	const sw_vec3 *tv = &tri->a;
	sw_vec3 v = sw_v3_sub(dt, da);
	const float vv[3] = {v.x, v.y, v.z};
	for (int k = 0; k < 3; k++) {
		blk->ac[k][lane] = f[k];
		blk->ah[k][lane] = f[7 + k];
		blk->ta[k][lane] = (&tv[0].x)[k];
		blk->tb[k][lane] = (&tv[1].x)[k];
		blk->tc[k][lane] = (&tv[2].x)[k];
		blk->v[k][lane] = vv[k];
	}
	for (int k = 0; k < 4; k++)
		blk->aq[k][lane] = f[3 + k];
}

void sw_obb3_tri3_block_fill(sw_obb3_tri3_block *blk, unsigned from)
{
	sw_obb3 unit = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	sw_tri3 far = {{4, 0, 0}, {5, 0, 0}, {4, 1, 0}};
	for (unsigned l = from; blk && l < SW_BLOCK; l++)
		sw_obb3_tri3_block_put(blk, l, &unit, sw_v3(0, 0, 0), &far, sw_v3(0, 0, 0));
}

sw_error sw_obb3_tri3_sweep_packed(const sw_obb3_tri3_block *blocks, size_t n, int one_sided,
				   const sw_sweep_results *out)
{
	sw_error e = check_sweep_out(out);
	e = e == SW_OK ? check_blocks(blocks, n) : e;
	if (e != SW_OK || n == 0)
		return e;
	sw_kernels_get()->obb3_tri3_sweep_packed(blocks, n, one_sided, out);
	return SW_OK;
}

static void obb3_penetration_chunk(const void *ctx, size_t off, size_t cnt)
{
	const idx_call *c = ctx;
	const sw_overlap3_results *o = c->out;
	sw_overlap3_results r = {o->status + off, o->feature + off, o->depth + off,
				 o->nx + off,     o->ny + off,      o->nz + off};
	c->kt->obb3_penetration_idx(c->as, c->bs, c->pairs + off, cnt, &r);
}

sw_error sw_obb3_penetration_batch(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n,
				   const sw_batch_opts *opts, const sw_overlap3_results *out)
{
	sw_error e = check_call(as, bs, pairs, n);
	if (e == SW_OK && (!out || !out->status || !out->feature || !out->depth || !out->nx || !out->ny || !out->nz))
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	idx_call c = {sw_kernels_get(), as, bs, pairs, out};
	run_chunks(n, opts, obb3_penetration_chunk, &c);
	return SW_OK;
}

/* ---- convex hulls (swept/hull_batch.h) ---- */

static sw_error check_hull_set(const sw_hull3_set *s)
{
	if (!s || !s->shape || !s->px || !s->py || !s->pz || !s->qx || !s->qy || !s->qz || !s->qw || !s->dx || !s->dy ||
	    !s->dz || (s->num_shapes && !s->shapes))
		return SW_ERR_NULL;
	return s->count > s->capacity || s->num_shapes > s->shape_capacity ? SW_ERR_ARG : SW_OK;
}

static sw_error check_hull_sweep_out(const sw_hull_sweep_results *o)
{
	return !o || !o->status || !o->feature || !o->t_first || !o->t_last || !o->nx || !o->ny || !o->nz ? SW_ERR_NULL
													  : SW_OK;
}

static sw_error check_hull_overlap_out(const sw_hull_overlap_results *o)
{
	return !o || !o->status || !o->feature || !o->depth || !o->nx || !o->ny || !o->nz ? SW_ERR_NULL : SW_OK;
}

static void hull_chunk(const void *ctx, size_t off, size_t cnt)
{
	const sw_hull_call *c = ctx;
	sw_kernels_get()->hull3_idx(c, off, cnt);
}

/* validates a hull call whose B side is already checked (e), then runs it */
static sw_error hull_run(sw_hull_call *c, size_t n, const sw_batch_opts *opts, sw_error e)
{
	e = e == SW_OK ? check_pairs(c->pairs, n) : e;
	e = e == SW_OK ? check_hull_set(c->a) : e;
	e = e == SW_OK ? (c->sweep ? check_hull_sweep_out(c->sw) : check_hull_overlap_out(c->ov)) : e;
	if (e != SW_OK)
		return e;
	run_chunks(n, opts, hull_chunk, c);
	return SW_OK;
}

sw_error sw_hull3_sweep_batch(const sw_hull3_set *as, const sw_hull3_set *bs, const sw_pair *pairs, size_t n,
			      const sw_batch_opts *opts, const sw_hull_sweep_results *out)
{
	sw_hull_call c = {as, SW_HULL_B_HULL, bs, NULL, NULL, pairs, 1, 0, out, NULL};
	return hull_run(&c, n, opts, check_hull_set(bs));
}

sw_error sw_hull3_overlap_batch(const sw_hull3_set *as, const sw_hull3_set *bs, const sw_pair *pairs, size_t n,
				const sw_batch_opts *opts, const sw_hull_overlap_results *out)
{
	sw_hull_call c = {as, SW_HULL_B_HULL, bs, NULL, NULL, pairs, 0, 0, NULL, out};
	return hull_run(&c, n, opts, check_hull_set(bs));
}

sw_error sw_hull3_obb3_sweep_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs, size_t n,
				   const sw_batch_opts *opts, const sw_hull_sweep_results *out)
{
	sw_hull_call c = {hulls, SW_HULL_B_OBB, NULL, boxes, NULL, pairs, 1, 0, out, NULL};
	return hull_run(&c, n, opts, check_set(boxes));
}

sw_error sw_hull3_obb3_overlap_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs,
				     size_t n, const sw_batch_opts *opts, const sw_hull_overlap_results *out)
{
	sw_hull_call c = {hulls, SW_HULL_B_OBB, NULL, boxes, NULL, pairs, 0, 0, NULL, out};
	return hull_run(&c, n, opts, check_set(boxes));
}

sw_error sw_hull3_tri3_sweep_batch(const sw_hull3_set *hulls, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				   const sw_batch_opts *opts, int one_sided, const sw_hull_sweep_results *out)
{
	sw_hull_call c = {hulls, SW_HULL_B_TRI, NULL, NULL, tris, pairs, 1, one_sided != 0, out, NULL};
	return hull_run(&c, n, opts, check_tri_set(tris));
}

sw_error sw_hull3_tri3_overlap_batch(const sw_hull3_set *hulls, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				     const sw_batch_opts *opts, const sw_hull_overlap_results *out)
{
	sw_hull_call c = {hulls, SW_HULL_B_TRI, NULL, NULL, tris, pairs, 0, 0, NULL, out};
	return hull_run(&c, n, opts, check_tri_set(tris));
}
