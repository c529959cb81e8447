/* src/poly2_batch.c — the batched 2D polygon queries: their ordering stage (pairs grouped by vertex
 * counts), the reference rows of the kernel table, which answer pair by pair with the scalar
 * reference (src/ref/poly2_sat.c), and the packed lane blocks' writers. The public functions are
 * defined from the query list (src/entries.c). */
#include <math.h>

#include "job.h"
#include "pipeline.h"
#include "ref/ref.h"

#define ROW SW_POLY2_MAX_VERTS

/* instance i of a set: its polygon, placement and displacement; 0 when the index or the shape id is
 * out of range, the shape failed its check, or its count is out of range */
static int poly_at(const sw_poly2_set *s, uint32_t i, sw_poly2 *p, sw_pose2 *pose, sw_vec2 *d)
{
	if (i >= s->inst.count)
		return 0;
	uint32_t sh = s->shape[i];
	if (sh >= s->shapes.count || !s->ok[sh] || s->n[sh] < 2 || s->n[sh] > ROW)
		return 0;
	p->count = s->n[sh];
	for (uint32_t k = 0; k < ROW; k++)
		p->v[k] = sw_v2(s->vx[ROW * sh + k], s->vy[ROW * sh + k]);
	*pose = (sw_pose2){{s->px[i], s->py[i]}, {s->qc[i], s->qs[i]}};
	*d = sw_v2(s->dx[i], s->dy[i]);
	return 1;
}

/* the results of a 2D query: nz is not written (swept/batch.h) */
static sw_sweep_results sweep2_cols(const sw_job *j)
{
	sw_sweep_results o = *(const sw_sweep_results *)j->out;
	o.nz = NULL;
	return o;
}

static sw_overlap_results overlap2_cols(const sw_job *j)
{
	sw_overlap_results o = *(const sw_overlap_results *)j->out;
	o.nz = NULL;
	return o;
}

/* the reference ignores the ordering stage: answered in place, the order does not matter to it */
void sw_poly2_sweep_ref(const sw_job *j)
{
	const sw_sweep_results out = sweep2_cols(j);
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_poly2 a, b;
		sw_pose2 xa, xb;
		sw_vec2 da, db;
		sw_sweep_result o = sw_sweep_result_invalid();
		if (poly_at(j->a, j->pairs[k].a, &a, &xa, &da) && poly_at(j->b, j->pairs[k].b, &b, &xb, &db))
			sw_poly2_sweep_pair_ref(&a, xa, da, &b, xb, db, 1, &o);
		sw_sweep_put(&out, k, &o);
	}
}

void sw_poly2_overlap_ref(const sw_job *j)
{
	const sw_overlap_results out = overlap2_cols(j);
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_poly2 a, b;
		sw_pose2 xa, xb;
		sw_vec2 d;
		sw_overlap_result o = sw_overlap_result_invalid();
		if (poly_at(j->a, j->pairs[k].a, &a, &xa, &d) && poly_at(j->b, j->pairs[k].b, &b, &xb, &d))
			sw_poly2_overlap_pair_ref(&a, xa, &b, xb, 1, &o);
		sw_overlap_put(&out, k, &o);
	}
}

/* lane l of a packed block back as two polygons, placements and the relative displacement */
static void block_read(const sw_poly2_block *blk, unsigned l, sw_poly2 *a, sw_pose2 *xa, sw_poly2 *b, sw_pose2 *xb,
		       sw_vec2 *v)
{
	a->count = blk->an[l], b->count = blk->bn[l];
	for (uint32_t k = 0; k < ROW; k++) {
		a->v[k] = sw_v2(blk->avx[k][l], blk->avy[k][l]);
		b->v[k] = sw_v2(blk->bvx[k][l], blk->bvy[k][l]);
	}
	*xa = (sw_pose2){{blk->apx[l], blk->apy[l]}, {blk->aqc[l], blk->aqs[l]}};
	*xb = (sw_pose2){{blk->bpx[l], blk->bpy[l]}, {blk->bqc[l], blk->bqs[l]}};
	*v = sw_v2(blk->vx[l], blk->vy[l]);
}

void sw_poly2_sweep_packed_ref(const sw_job *j)
{
	const sw_poly2_block *blocks = j->a;
	const sw_sweep_results out = sweep2_cols(j);
	for (size_t k = j->off; k < j->off + j->n; k++) {
		const sw_poly2_block *blk = &blocks[k / SW_BLOCK];
		unsigned l = (unsigned)(k % SW_BLOCK);
		sw_poly2 a, b;
		sw_pose2 xa, xb;
		sw_vec2 v;
		block_read(blk, l, &a, &xa, &b, &xb, &v);
		/* counts are caller-writable: one outside [2, SW_POLY2_MAX_VERTS] makes the pair invalid */
		int counts = a.count >= 2 && a.count <= ROW && b.count >= 2 && b.count <= ROW;
		sw_sweep_result o = sw_sweep_result_invalid();
		/* A at rest and B moving by v: the reference forms tmul(q_A, v − 0), as the kernels */
		if (blk->a_ok[l] && blk->b_ok[l] && counts)
			sw_poly2_sweep_pair_ref(&a, xa, sw_v2(0, 0), &b, xb, v, 1, &o);
		sw_sweep_put(&out, k, &o);
	}
}

/* ---- the ordering stage ---- */

/* the vertex count a pair's side runs at (0 for an index or shape out of range: the kernel flags it) */
static unsigned poly_size(const sw_poly2_set *s, uint32_t i)
{
	if (i >= s->inst.count || s->shape[i] >= s->shapes.count)
		return 0;
	unsigned n = s->n[s->shape[i]];
	return n <= ROW ? n : 0;
}

/* size class of a pair: A's vertex count, then B's. Sorting by it fills a block with pairs of the
 * same or neighbouring (n_A, n_B), the two loop bounds of the kernel (measured on mixed 2–16 vertex
 * pairs, avx512: utilisation 0.38 unsorted, 0.48 by n_A + n_B, 0.61 by max, 0.66 by this key) */
#define POLY_CLASSES ((ROW + 1) * (ROW + 1))

static unsigned poly_class(const sw_poly2_set *as, const sw_poly2_set *bs, sw_pair p)
{
	return poly_size(as, p.a) * (ROW + 1) + poly_size(bs, p.b);
}

/* the distance row's class: the size class, and after every other class the pairs it sends to GJK
 * (sw_poly2_dist_large: the same test, the counts read once; a count of 0 passes by_features) */
static unsigned poly_dist_class(const sw_poly2_set *as, const sw_poly2_set *bs, sw_pair p)
{
	const unsigned na = poly_size(as, p.a), nb = poly_size(bs, p.b), c = na * (ROW + 1) + nb;
	if (sw_poly2_dist_by_features(na, nb))
		return c;
	return as->ok[as->shape[p.a]] && bs->ok[bs->shape[p.b]] ? c + POLY_CLASSES : c;
}

typedef unsigned poly_class_fn(const sw_poly2_set *as, const sw_poly2_set *bs, sw_pair p);

/* a stable counting sort of pairs[0, cnt) by class (nclass classes) */
static void poly_order(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t cnt,
		       uint32_t *order, poly_class_fn *cls, unsigned nclass)
{
	uint32_t start[2 * POLY_CLASSES + 1] = {0};
	for (size_t k = 0; k < cnt; k++)
		start[cls(as, bs, pairs[k]) + 1]++;
	for (unsigned c = 1; c <= nclass; c++)
		start[c] += start[c - 1];
	for (size_t k = 0; k < cnt; k++)
		order[start[cls(as, bs, pairs[k])]++] = (uint32_t)k;
}

void sw_poly2_by_size(const sw_job *j, uint32_t *order)
{
	poly_order(j->a, j->b, j->pairs + j->off, j->n, order, poly_class, POLY_CLASSES);
}

/* the polygon distance row's: the same, with the pairs it sends to GJK last (its kernels find where
 * they start by bisection) */
void sw_poly2_dist_by_size(const sw_job *j, uint32_t *order)
{
	poly_order(j->a, j->b, j->pairs + j->off, j->n, order, poly_dist_class, 2 * POLY_CLASSES);
}

double sw_poly2_lane_utilisation(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs, size_t n,
				 const sw_batch_opts *run, int ordered)
{
	size_t chunk = sw_chunk_size(run), w = sw_isa_lanes(sw_active_isa());
	double useful = 0, done = 0;
	uint32_t order[SW_ORDER_RUN];
	for (size_t off = 0; off < n; off += chunk) {
		size_t cnt = n - off < chunk ? n - off : chunk;
		for (size_t g = 0; g < cnt; g += SW_ORDER_RUN) {
			size_t m = cnt - g < SW_ORDER_RUN ? cnt - g : SW_ORDER_RUN;
			const sw_pair *p = pairs + off + g;
			if (ordered)
				poly_order(as, bs, p, m, order, poly_class, POLY_CLASSES);
			for (size_t b = 0; b < m; b += w) {
				unsigned max_a = 1, max_b = 1;
				for (size_t l = b; l < b + w && l < m; l++) {
					size_t k = ordered ? order[l] : l;
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

/* ---- lane blocks ---- */

/* one polygon into lane l of a block's side: count, validity, vertices padded with vertex 0 */
static void block_side(const sw_poly2 *p, unsigned l, uint8_t *n, uint8_t *ok, float (*vx)[SW_BLOCK],
		       float (*vy)[SW_BLOCK])
{
	uint32_t c = p->count <= ROW ? p->count : 0;
	n[l] = (uint8_t)c;
	ok[l] = c && sw_poly2_check(p) == SW_OK;
	for (uint32_t k = 0; k < ROW; k++) {
		sw_vec2 v = c ? p->v[k < c ? k : 0] : sw_v2(0, 0);
		vx[k][l] = v.x;
		vy[k][l] = v.y;
	}
}

void sw_poly2_block_put(sw_poly2_block *blk, unsigned lane, const sw_poly2 *a, sw_pose2 xa, sw_vec2 da,
			const sw_poly2 *b, sw_pose2 xb, sw_vec2 db)
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
	sw_pose2 at = {{0, 0}, {1, 0}}, far = {{4, 0}, {1, 0}};
	for (unsigned l = from; blk && l < SW_BLOCK; l++)
		sw_poly2_block_put(blk, l, &box, at, sw_v2(0, 0), &box, far, sw_v2(0, 0));
}
