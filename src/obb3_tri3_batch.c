/* src/obb3_tri3_batch.c — the batched box–triangle queries: the reference rows of the kernel table,
 * which answer pair by pair with the scalar reference (src/ref/obb3_tri3_sat.c), and the packed lane
 * blocks' writers. The public functions are defined from the query list (src/entries.c). */
#include <math.h>

#include "job.h"
#include "ref/ref.h"

void sw_obb3_tri3_sweep_ref(const sw_job *j)
{
	int one_sided = ((const sw_sweep_opts *)j->opts)->one_sided != 0;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_box3 a;
		sw_tri3 t;
		sw_vec3 da, dt;
		sw_sweep_result o = sw_sweep_result_invalid();
		if (sw_obb3_at(j->a, j->pairs[k].a, &a, &da) && sw_tri3_at(j->b, j->pairs[k].b, &t, &dt))
			sw_obb3_tri3_sweep_pair(&a, da, &t, dt, one_sided, &o);
		sw_sweep_put(j->out, k, &o);
	}
}

void sw_obb3_tri3_sweep_packed_ref(const sw_job *j)
{
	const sw_obb3_tri3_block *blocks = j->a;
	int one_sided = ((const sw_sweep_opts *)j->opts)->one_sided != 0;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		const sw_obb3_tri3_block *blk = &blocks[k / SW_BLOCK];
		unsigned l = (unsigned)(k % SW_BLOCK);
		sw_box3 a = SW_BLOCK_BOX(blk, a, l);
		sw_tri3 t = {{blk->ta[0][l], blk->ta[1][l], blk->ta[2][l]},
			     {blk->tb[0][l], blk->tb[1][l], blk->tb[2][l]},
			     {blk->tc[0][l], blk->tc[1][l], blk->tc[2][l]}};
		sw_sweep_result o;
		/* the box at rest, the triangle moving by v: the reference forms v − 0 = v, as the kernels */
		sw_obb3_tri3_sweep_pair(&a, sw_v3(0, 0, 0), &t, sw_v3(blk->v[0][l], blk->v[1][l], blk->v[2][l]),
					one_sided, &o);
		sw_sweep_put(j->out, k, &o);
	}
}

void sw_obb3_tri3_overlap_test_ref(const sw_job *j)
{
	const sw_overlap_results *out = j->out;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_box3 a;
		sw_tri3 t;
		sw_vec3 d;
		uint32_t axis = SW_FEATURE_NONE;
		sw_status st = SW_PAIR_INVALID;
		if (sw_obb3_at(j->a, j->pairs[k].a, &a, &d) && sw_tri3_at(j->b, j->pairs[k].b, &t, &d))
			st = sw_obb3_tri3_overlap_test_pair(&a, &t, &axis);
		sw_test_put(out, k, st, axis);
	}
}

void sw_obb3_tri3_overlap_ref(const sw_job *j)
{
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_box3 a;
		sw_tri3 t;
		sw_vec3 d;
		sw_overlap_result o = sw_overlap_result_invalid();
		if (sw_obb3_at(j->a, j->pairs[k].a, &a, &d) && sw_tri3_at(j->b, j->pairs[k].b, &t, &d))
			sw_obb3_tri3_overlap_pair(&a, &t, &o);
		sw_overlap_put(j->out, k, &o);
	}
}

/* ---- lane blocks ---- */

void sw_obb3_tri3_block_put(sw_obb3_tri3_block *blk, unsigned lane, const sw_obb3 *box, sw_pose3 pose, sw_vec3 da,
			    const sw_tri3 *tri, sw_vec3 dt)
{
	if (!blk || !box || !tri || lane >= SW_BLOCK)
		return;
	const float f[10] = {pose.p.x, pose.p.y, pose.p.z,    pose.q.x,    pose.q.y,
			     pose.q.z, pose.q.w, box->half.x, box->half.y, box->half.z};
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
	const sw_obb3 unit = {{1, 1, 1}};
	const sw_pose3 at = {{0, 0, 0}, {0, 0, 0, 1}};
	const sw_tri3 far = {{4, 0, 0}, {5, 0, 0}, {4, 1, 0}};
	for (unsigned l = from; blk && l < SW_BLOCK; l++)
		sw_obb3_tri3_block_put(blk, l, &unit, at, sw_v3(0, 0, 0), &far, sw_v3(0, 0, 0));
}
