/* src/obb3_tri3_batch.c — the batched OBB–triangle queries: the public entry points (indexed and
 * packed) on the pipeline, and the reference rows of the kernel table, which answer pair by pair with
 * the scalar reference (src/ref/obb3_tri3_sat.c). */
#include <math.h>

#include "job.h"
#include "pipeline.h"
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

void sw_obb3_tri3_sweep_ref(const sw_job *j)
{
	const sw_obb3_set *as = j->a;
	const sw_tri3_set *ts = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const sw_sweep_results view = sw_sweep_view(j->out, j->off), *out = &view;
	size_t n = j->n;
	int one_sided = ((const sw_sweep_opts *)j->opts)->one_sided != 0;
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

void sw_obb3_tri3_overlap_ref(const sw_job *j)
{
	const sw_obb3_set *as = j->a;
	const sw_tri3_set *ts = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const sw_overlap_results view = sw_overlap_view(j->out, j->off), *out = &view;
	size_t n = j->n;
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

void sw_obb3_tri3_sweep_packed_ref(const sw_job *j)
{
	const sw_obb3_tri3_block *blocks = (const sw_obb3_tri3_block *)j->a + j->off / SW_BLOCK;
	const sw_sweep_results view = sw_sweep_view(j->out, j->off), *out = &view;
	size_t n = j->n;
	int one_sided = ((const sw_sweep_opts *)j->opts)->one_sided != 0;
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

void sw_obb3_tri3_penetration_ref(const sw_job *j)
{
	const sw_obb3_set *as = j->a;
	const sw_tri3_set *ts = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const sw_overlap3_results view = sw_overlap3_view(j->out, j->off), *out = &view;
	size_t n = j->n;
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

/* ---- public entry points ---- */

sw_error sw_obb3_tri3_sweep_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				  const sw_batch_opts *opts, int one_sided, const sw_sweep_results *out)
{
	sw_sweep_opts q = {one_sided != 0};
	return sw_run(SW_Q_obb3_tri3_sweep, boxes, tris, pairs, n, &q, opts, out);
}

sw_error sw_obb3_tri3_overlap_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				    const sw_batch_opts *opts, const sw_overlap_results *out)
{
	return sw_run(SW_Q_obb3_tri3_overlap, boxes, tris, pairs, n, NULL, opts, out);
}

sw_error sw_obb3_tri3_penetration_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs,
					size_t n, const sw_batch_opts *opts, const sw_overlap3_results *out)
{
	return sw_run(SW_Q_obb3_tri3_penetration, boxes, tris, pairs, n, NULL, opts, out);
}

sw_error sw_obb3_tri3_sweep_packed(const sw_obb3_tri3_block *blocks, size_t n, int one_sided,
				   const sw_sweep_results *out)
{
	sw_sweep_opts q = {one_sided != 0};
	return sw_run(SW_Q_obb3_tri3_sweep_packed, blocks, NULL, NULL, n, &q, NULL, out);
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
