/* src/poly2_batch.c — the batched 2D polygon queries: the public entry points (indexed and packed) on
 * the pipeline, their ordering stage (pairs grouped by vertex counts), and the reference rows of the
 * kernel table, which answer pair by pair with the scalar reference (src/ref/poly2_sat.c). */
#include <math.h>

#include "job.h"
#include "pipeline.h"
#include "ref/ref.h"
#include "swept/poly2.h"

/* polygon i of a set with its placement and displacement; 0 when the index is out of range or the
 * polygon failed its check when it was stored */
static int set_read(const sw_poly2_set *s, uint32_t i, sw_poly2 *p, sw_xf2 *xf, sw_vec2 *d)
{
	return sw_poly2_set_get(s, i, p, xf, d) == SW_OK && s->ok[i] && p->count >= 2;
}

/* the reference ignores the ordering stage: answered in place, the order does not matter to it */
void sw_poly2_sweep_ref(const sw_job *j)
{
	const sw_poly2_set *as = j->a, *bs = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const sw_sweep2_results view = sw_sweep2_view(j->out, j->off), *out = &view;
	size_t n = j->n;
	for (size_t k = 0; k < n; k++) {
		sw_poly2 a, b;
		sw_xf2 xa, xb;
		sw_vec2 da, db;
		sw_sweep2_output o;
		if (!set_read(as, pairs[k].a, &a, &xa, &da) || !set_read(bs, pairs[k].b, &b, &xb, &db))
			o = (sw_sweep2_output){SW_PAIR_INVALID, NAN, NAN, {NAN, NAN}, SW_AXIS_NONE};
		else
			sw_poly2_sweep_pair_ref(&a, xa, da, &b, xb, db, 1, &o);
		sw_sweep2_write(out, k, &o);
	}
}

void sw_poly2_overlap_ref(const sw_job *j)
{
	const sw_poly2_set *as = j->a, *bs = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const sw_overlap2_results view = sw_overlap2_view(j->out, j->off), *out = &view;
	size_t n = j->n;
	for (size_t k = 0; k < n; k++) {
		sw_poly2 a, b;
		sw_xf2 xa, xb;
		sw_overlap2_output o;
		if (!set_read(as, pairs[k].a, &a, &xa, NULL) || !set_read(bs, pairs[k].b, &b, &xb, NULL))
			o = (sw_overlap2_output){SW_PAIR_INVALID, SW_AXIS_NONE, NAN, {NAN, NAN}};
		else
			sw_poly2_overlap_pair_ref(&a, xa, &b, xb, 1, &o);
		out->status[k] = (uint8_t)o.status;
		out->feature[k] = o.feature;
		out->depth[k] = o.depth;
		out->nx[k] = o.normal.x;
		out->ny[k] = o.normal.y;
	}
}

/* lane l of a packed block back as two polygons, placements and the relative displacement */
static void block_read(const sw_poly2_block *blk, unsigned l, sw_poly2 *a, sw_xf2 *xa, sw_poly2 *b, sw_xf2 *xb,
		       sw_vec2 *v)
{
	a->count = blk->an[l], b->count = blk->bn[l];
	for (uint32_t k = 0; k < SW_POLY2_MAX_VERTS; k++) {
		a->v[k] = sw_v2(blk->avx[k][l], blk->avy[k][l]);
		b->v[k] = sw_v2(blk->bvx[k][l], blk->bvy[k][l]);
	}
	*xa = (sw_xf2){{blk->apx[l], blk->apy[l]}, {blk->aqc[l], blk->aqs[l]}};
	*xb = (sw_xf2){{blk->bpx[l], blk->bpy[l]}, {blk->bqc[l], blk->bqs[l]}};
	*v = sw_v2(blk->vx[l], blk->vy[l]);
}

void sw_poly2_sweep_packed_ref(const sw_job *j)
{
	const sw_poly2_block *blocks = (const sw_poly2_block *)j->a + j->off / SW_BLOCK;
	const sw_sweep2_results view = sw_sweep2_view(j->out, j->off), *out = &view;
	size_t n = j->n;
	for (size_t k = 0; k < n; k++) {
		sw_poly2 a, b;
		sw_xf2 xa, xb;
		sw_vec2 v;
		sw_sweep2_output o;
		block_read(&blocks[k / SW_BLOCK], (unsigned)(k % SW_BLOCK), &a, &xa, &b, &xb, &v);
		/* A at rest and B moving by v: the reference forms tmul(q_A, v − 0), as the kernels */
		const sw_poly2_block *blk = &blocks[k / SW_BLOCK];
		unsigned l = (unsigned)(k % SW_BLOCK);
		/* counts are caller-writable: one outside [2, SW_POLY2_MAX_VERTS] makes the pair invalid */
		int counts =
			a.count >= 2 && a.count <= SW_POLY2_MAX_VERTS && b.count >= 2 && b.count <= SW_POLY2_MAX_VERTS;
		if (blk->a_ok[l] && blk->b_ok[l] && counts)
			sw_poly2_sweep_pair_ref(&a, xa, sw_v2(0, 0), &b, xb, v, 1, &o);
		else
			o = (sw_sweep2_output){SW_PAIR_INVALID, NAN, NAN, {NAN, NAN}, SW_AXIS_NONE};
		sw_sweep2_write(out, k, &o);
	}
}

/* ---- the ordering stage ---- */

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

void sw_poly2_by_size(const sw_job *j, uint32_t *order) { poly_order(j->a, j->b, j->pairs + j->off, j->n, order); }

/* ---- public entry points ---- */

double sw_poly2_batch_utilisation(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n,
				  const sw_batch_opts *opts)
{
	if (!as || !bs || (n && !pairs) || n > SW_MAX_BATCH)
		return NAN;
	size_t chunk = sw_chunk_size(opts), w = sw_isa_lanes(sw_active_isa());
	double useful = 0, done = 0;
	uint32_t order[SW_ORDER_RUN];
	for (size_t off = 0; off < n; off += chunk) {
		size_t cnt = n - off < chunk ? n - off : chunk;
		for (size_t g = 0; g < cnt; g += SW_ORDER_RUN) {
			size_t m = cnt - g < SW_ORDER_RUN ? cnt - g : SW_ORDER_RUN;
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
	return sw_run(SW_Q_poly2_sweep, as, bs, pairs, n, NULL, opts, out);
}

sw_error sw_poly2_overlap_batch(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n,
				const sw_batch_opts *opts, const sw_overlap2_results *out)
{
	return sw_run(SW_Q_poly2_overlap, as, bs, pairs, n, NULL, opts, out);
}

sw_error sw_poly2_sweep_packed(const sw_poly2_block *blocks, size_t n, const sw_sweep2_results *out)
{
	return sw_run(SW_Q_poly2_sweep_packed, blocks, NULL, NULL, n, NULL, NULL, out);
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
