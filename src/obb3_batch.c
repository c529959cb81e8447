/* src/obb3_batch.c — the batched OBB–OBB queries: the public entry points (indexed and packed) on the
 * pipeline, and the reference rows of the kernel table, which answer pair by pair with the scalar
 * reference (src/ref/obb3_sat.c). */
#include <math.h>

#include "job.h"
#include "pipeline.h"
#include "ref/ref.h"

static void set_read(const sw_obb3_set *s, uint32_t i, sw_obb3 *box, sw_vec3 *disp)
{
	box->center = sw_v3(s->cx[i], s->cy[i], s->cz[i]);
	box->rot = (sw_quat){s->qx[i], s->qy[i], s->qz[i], s->qw[i]};
	box->half = sw_v3(s->hx[i], s->hy[i], s->hz[i]);
	*disp = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
}

void sw_obb3_sweep_ref(const sw_job *j)
{
	const sw_obb3_set *as = j->a, *bs = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const sw_sweep_results view = sw_sweep_view(j->out, j->off), *out = &view;
	size_t n = j->n;
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

void sw_obb3_sweep_packed_ref(const sw_job *j)
{
	const sw_obb3_block *blocks = (const sw_obb3_block *)j->a + j->off / SW_BLOCK;
	const sw_sweep_results view = sw_sweep_view(j->out, j->off), *out = &view;
	size_t n = j->n;
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

void sw_obb3_overlap_ref(const sw_job *j)
{
	const sw_obb3_set *as = j->a, *bs = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const sw_overlap_results view = sw_overlap_view(j->out, j->off), *out = &view;
	size_t n = j->n;
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

void sw_obb3_penetration_ref(const sw_job *j)
{
	const sw_obb3_set *as = j->a, *bs = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const sw_overlap3_results view = sw_overlap3_view(j->out, j->off), *out = &view;
	size_t n = j->n;
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

/* ---- public entry points ---- */

sw_error sw_obb3_sweep_batch(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n,
			     const sw_batch_opts *opts, const sw_sweep_results *out)
{
	return sw_run(SW_Q_obb3_sweep, as, bs, pairs, n, NULL, opts, out);
}

sw_error sw_obb3_overlap_batch(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n,
			       const sw_batch_opts *opts, const sw_overlap_results *out)
{
	return sw_run(SW_Q_obb3_overlap, as, bs, pairs, n, NULL, opts, out);
}

sw_error sw_obb3_penetration_batch(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n,
				   const sw_batch_opts *opts, const sw_overlap3_results *out)
{
	return sw_run(SW_Q_obb3_penetration, as, bs, pairs, n, NULL, opts, out);
}

sw_error sw_obb3_sweep_packed(const sw_obb3_block *blocks, size_t n, const sw_sweep_results *out)
{
	return sw_run(SW_Q_obb3_sweep_packed, blocks, NULL, NULL, n, NULL, NULL, out);
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
