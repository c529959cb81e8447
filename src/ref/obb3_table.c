/* src/ref/obb3_table.c — the reference rows of the kernel table: the batched entry points answered one
 * pair at a time by the scalar reference. The dispatch table starts from these. */
#include <math.h>

#include "kernels/kernels.h"
#include "ref/ref.h"

static void set_read(const sw_obb3_set *s, uint32_t i, sw_obb3 *box, sw_vec3 *disp)
{
	box->center = sw_v3(s->cx[i], s->cy[i], s->cz[i]);
	box->rot = (sw_quat){s->qx[i], s->qy[i], s->qz[i], s->qw[i]};
	box->half = sw_v3(s->hx[i], s->hy[i], s->hz[i]);
	*disp = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
}

decl_obb3_sweep_idx_fn(sw_obb3_sweep_idx_ref)
{
	for (size_t k = 0; k < n; k++) {
		sw_sweep_output o;
		if (pairs[k].a >= as->count || pairs[k].b >= bs->count) {
			sw_sweep_output_invalid(&o);
		} else {
			sw_obb3 a, b;
			sw_vec3 da, db;
			set_read(as, pairs[k].a, &a, &da);
			set_read(bs, pairs[k].b, &b, &db);
			sw_obb3_sweep(&a, da, &b, db, &o);
		}
		sw_sweep_write(out, k, &o);
	}
}

decl_obb3_sweep_packed_fn(sw_obb3_sweep_packed_ref)
{
	for (size_t k = 0; k < n; k++) {
		const sw_obb3_block *blk = &blocks[k / SW_BLOCK];
		unsigned l = (unsigned)(k % SW_BLOCK);
		sw_obb3 a, b;
		a.center = sw_v3(blk->ac[0][l], blk->ac[1][l], blk->ac[2][l]);
		b.center = sw_v3(blk->bc[0][l], blk->bc[1][l], blk->bc[2][l]);
		a.rot = (sw_quat){blk->aq[0][l], blk->aq[1][l], blk->aq[2][l], blk->aq[3][l]};
		b.rot = (sw_quat){blk->bq[0][l], blk->bq[1][l], blk->bq[2][l], blk->bq[3][l]};
		a.half = sw_v3(blk->ah[0][l], blk->ah[1][l], blk->ah[2][l]);
		b.half = sw_v3(blk->bh[0][l], blk->bh[1][l], blk->bh[2][l]);
		sw_vec3 v = sw_v3(blk->v[0][l], blk->v[1][l], blk->v[2][l]);
		sw_sweep_output o;
		/* the relative displacement is checked like any displacement */
		if (!sw_obb3_valid_ref(&a, v) || !sw_obb3_valid_ref(&b, sw_v3(0, 0, 0)))
			sw_sweep_output_invalid(&o);
		else
			sw_obb3_sweep_rel_ref(&a, &b, v, &o);
		sw_sweep_write(out, k, &o);
	}
}

decl_obb3_overlap_idx_fn(sw_obb3_overlap_idx_ref)
{
	for (size_t k = 0; k < n; k++) {
		uint8_t axis = SW_AXIS_NONE;
		sw_status st = SW_PAIR_INVALID;
		if (pairs[k].a < as->count && pairs[k].b < bs->count) {
			sw_obb3 a, b;
			sw_vec3 d;
			set_read(as, pairs[k].a, &a, &d);
			set_read(bs, pairs[k].b, &b, &d);
			st = sw_obb3_overlap(&a, &b, &axis);
		}
		out->status[k] = (uint8_t)st;
		out->feature[k] = axis;
	}
}

decl_obb3_penetration_idx_fn(sw_obb3_penetration_idx_ref)
{
	for (size_t k = 0; k < n; k++) {
		sw_overlap3_output o = {SW_PAIR_INVALID, SW_AXIS_NONE, NAN, {NAN, NAN, NAN}};
		if (pairs[k].a < as->count && pairs[k].b < bs->count) {
			sw_obb3 a, b;
			sw_vec3 d;
			set_read(as, pairs[k].a, &a, &d);
			set_read(bs, pairs[k].b, &b, &d);
			sw_obb3_penetration(&a, &b, &o);
		}
		sw_overlap3_write(out, k, &o);
	}
}
