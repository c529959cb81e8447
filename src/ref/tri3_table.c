/* src/ref/tri3_table.c — the reference rows of the kernel table for the OBB–triangle queries: the
 * batched entry points answered one pair at a time by the scalar reference (ref/tri3_sat.c). */
#include <math.h>

#include "kernels/kernels.h"
#include "ref/ref.h"

static void box_read(const sw_obb3_set *s, uint32_t i, sw_obb3 *box, sw_vec3 *disp)
{
	box->center = sw_v3(s->cx[i], s->cy[i], s->cz[i]);
	box->rot = (sw_quat){s->qx[i], s->qy[i], s->qz[i], s->qw[i]};
	box->half = sw_v3(s->hx[i], s->hy[i], s->hz[i]);
	*disp = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
}

static void tri_read(const sw_tri3_set *s, uint32_t i, sw_tri3 *t, sw_vec3 *disp)
{
	t->a = sw_v3(s->ax[i], s->ay[i], s->az[i]);
	t->b = sw_v3(s->bx[i], s->by[i], s->bz[i]);
	t->c = sw_v3(s->cx[i], s->cy[i], s->cz[i]);
	*disp = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
}

decl_obb3_tri3_sweep_idx_fn(sw_obb3_tri3_sweep_idx_ref)
{
	for (size_t k = 0; k < n; k++) {
		sw_sweep_output o;
		if (pairs[k].a >= as->count || pairs[k].b >= ts->count) {
			sw_sweep_output_invalid(&o);
		} else {
			sw_obb3 a;
			sw_tri3 t;
			sw_vec3 da, dt;
			box_read(as, pairs[k].a, &a, &da);
			tri_read(ts, pairs[k].b, &t, &dt);
			sw_obb3_tri3_sweep(&a, da, &t, dt, one_sided, &o);
		}
		sw_sweep_write(out, k, &o);
	}
}

decl_obb3_tri3_overlap_idx_fn(sw_obb3_tri3_overlap_idx_ref)
{
	for (size_t k = 0; k < n; k++) {
		uint8_t axis = SW_AXIS_NONE;
		sw_status st = SW_PAIR_INVALID;
		if (pairs[k].a < as->count && pairs[k].b < ts->count) {
			sw_obb3 a;
			sw_tri3 t;
			sw_vec3 d;
			box_read(as, pairs[k].a, &a, &d);
			tri_read(ts, pairs[k].b, &t, &d);
			st = sw_obb3_tri3_overlap(&a, &t, &axis);
		}
		out->status[k] = (uint8_t)st;
		out->feature[k] = axis;
	}
}

decl_obb3_tri3_sweep_packed_fn(sw_obb3_tri3_sweep_packed_ref)
{
	for (size_t k = 0; k < n; k++) {
		const sw_obb3_tri3_block *blk = &blocks[k / SW_BLOCK];
		unsigned l = (unsigned)(k % SW_BLOCK);
		sw_obb3 a = {{blk->ac[0][l], blk->ac[1][l], blk->ac[2][l]},
			     {blk->aq[0][l], blk->aq[1][l], blk->aq[2][l], blk->aq[3][l]},
			     {blk->ah[0][l], blk->ah[1][l], blk->ah[2][l]}};
		sw_tri3 t = {{blk->ta[0][l], blk->ta[1][l], blk->ta[2][l]},
			     {blk->tb[0][l], blk->tb[1][l], blk->tb[2][l]},
			     {blk->tc[0][l], blk->tc[1][l], blk->tc[2][l]}};
		sw_sweep_output o;
		/* the box at rest, the triangle moving by v: the reference forms v − 0 = v, as the kernels */
		sw_obb3_tri3_sweep(&a, sw_v3(0, 0, 0), &t, sw_v3(blk->v[0][l], blk->v[1][l], blk->v[2][l]), one_sided,
				   &o);
		sw_sweep_write(out, k, &o);
	}
}

decl_obb3_tri3_penetration_idx_fn(sw_obb3_tri3_penetration_idx_ref)
{
	for (size_t k = 0; k < n; k++) {
		sw_overlap3_output o = {SW_PAIR_INVALID, SW_AXIS_NONE, NAN, {NAN, NAN, NAN}};
		if (pairs[k].a < as->count && pairs[k].b < ts->count) {
			sw_obb3 a;
			sw_tri3 t;
			sw_vec3 d;
			box_read(as, pairs[k].a, &a, &d);
			tri_read(ts, pairs[k].b, &t, &d);
			sw_obb3_tri3_penetration(&a, &t, &o);
		}
		sw_overlap3_write(out, k, &o);
	}
}
