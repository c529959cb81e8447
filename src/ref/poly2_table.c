/* src/ref/poly2_table.c — the reference rows of the kernel table for 2D polygon pairs: the batched
 * entry points answered one pair at a time by the scalar reference. */
#include <math.h>

#include "kernels/kernels.h"
#include "ref/ref.h"

/* polygon i of a set with its placement and displacement; 0 when the index is out of range or the
 * polygon failed its check when it was stored */
static int set_read(const sw_poly2_set *s, uint32_t i, sw_poly2 *p, sw_xf2 *xf, sw_vec2 *d)
{
	return sw_poly2_set_get(s, i, p, xf, d) == SW_OK && s->ok[i] && p->count >= 2;
}

/* the reference answers pair by pair in place: the order of evaluation does not matter to it */
decl_poly2_sweep_idx_fn(sw_poly2_sweep_idx_ref)
{
	(void)order;
	for (size_t k = 0; k < n; k++) {
		sw_poly2 a, b;
		sw_xf2 xa, xb;
		sw_vec2 da, db;
		sw_sweep2_output o;
		if (!set_read(as, pairs[k].a, &a, &xa, &da) || !set_read(bs, pairs[k].b, &b, &xb, &db))
			o = (sw_sweep2_output){SW_PAIR_INVALID, NAN, NAN, {NAN, NAN}, SW_AXIS_NONE};
		else
			sw_poly2_sweep_ref(&a, xa, da, &b, xb, db, 1, &o);
		sw_sweep2_write(out, k, &o);
	}
}

decl_poly2_overlap_idx_fn(sw_poly2_overlap_idx_ref)
{
	(void)order;
	for (size_t k = 0; k < n; k++) {
		sw_poly2 a, b;
		sw_xf2 xa, xb;
		sw_overlap2_output o;
		if (!set_read(as, pairs[k].a, &a, &xa, NULL) || !set_read(bs, pairs[k].b, &b, &xb, NULL))
			o = (sw_overlap2_output){SW_PAIR_INVALID, SW_AXIS_NONE, NAN, {NAN, NAN}};
		else
			sw_poly2_overlap_ref(&a, xa, &b, xb, 1, &o);
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

decl_poly2_sweep_packed_fn(sw_poly2_sweep_packed_ref)
{
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
			sw_poly2_sweep_ref(&a, xa, sw_v2(0, 0), &b, xb, v, 1, &o);
		else
			o = (sw_sweep2_output){SW_PAIR_INVALID, NAN, NAN, {NAN, NAN}, SW_AXIS_NONE};
		sw_sweep2_write(out, k, &o);
	}
}
