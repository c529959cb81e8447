/* src/obb3_batch.c — the batched box–box queries: the reference rows of the kernel table, which answer
 * pair by pair with the scalar reference (src/ref/obb3_sat.c), and the packed lane blocks' writers.
 * The public functions are defined from the query list (src/entries.c). */
#include <math.h>

#include "job.h"
#include "ref/ref.h"

void sw_obb3_sweep_ref(const sw_job *j)
{
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_box3 a, b;
		sw_vec3 da, db;
		sw_sweep_result o = sw_sweep_result_invalid();
		if (sw_obb3_at(j->a, j->pairs[k].a, &a, &da) && sw_obb3_at(j->b, j->pairs[k].b, &b, &db) &&
		    sw_obb3_valid_ref(&a, da) && sw_obb3_valid_ref(&b, db))
			sw_obb3_sweep_rel_ref(&a, &b, sw_v3_sub(db, da), &o);
		sw_sweep_put(j->out, k, &o);
	}
}

void sw_obb3_sweep_packed_ref(const sw_job *j)
{
	const sw_obb3_block *blocks = j->a;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		const sw_obb3_block *blk = &blocks[k / SW_BLOCK];
		unsigned l = (unsigned)(k % SW_BLOCK);
		sw_box3 a = SW_BLOCK_BOX(blk, a, l);
		sw_box3 b = SW_BLOCK_BOX(blk, b, l);
		sw_vec3 v = sw_v3(blk->v[0][l], blk->v[1][l], blk->v[2][l]);
		sw_sweep_result o = sw_sweep_result_invalid();
		/* the relative displacement is checked like any displacement */
		if (sw_obb3_valid_ref(&a, v) && sw_obb3_valid_ref(&b, sw_v3(0, 0, 0)))
			sw_obb3_sweep_rel_ref(&a, &b, v, &o);
		sw_sweep_put(j->out, k, &o);
	}
}

void sw_obb3_overlap_test_ref(const sw_job *j)
{
	const sw_overlap_results *out = j->out;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_box3 a, b;
		sw_vec3 d;
		uint32_t axis = SW_FEATURE_NONE;
		sw_status st = SW_PAIR_INVALID;
		if (sw_obb3_at(j->a, j->pairs[k].a, &a, &d) && sw_obb3_at(j->b, j->pairs[k].b, &b, &d))
			st = sw_obb3_overlap_test_pair(&a, &b, &axis);
		sw_test_put(out, k, st, axis);
	}
}

void sw_obb3_overlap_ref(const sw_job *j)
{
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_box3 a, b;
		sw_vec3 d;
		sw_overlap_result o = sw_overlap_result_invalid();
		if (sw_obb3_at(j->a, j->pairs[k].a, &a, &d) && sw_obb3_at(j->b, j->pairs[k].b, &b, &d))
			sw_obb3_overlap_pair(&a, &b, &o);
		sw_overlap_put(j->out, k, &o);
	}
}

/* ---- lane blocks ---- */

void sw_obb3_block_put(sw_obb3_block *blk, unsigned lane, const sw_obb3 *a, sw_pose3 pa, sw_vec3 da, const sw_obb3 *b,
		       sw_pose3 pb, sw_vec3 db)
{
	if (!blk || !a || !b || lane >= SW_BLOCK)
		return;
	const float fa[10] = {pa.p.x, pa.p.y, pa.p.z, pa.q.x, pa.q.y, pa.q.z, pa.q.w, a->half.x, a->half.y, a->half.z};
	const float fb[10] = {pb.p.x, pb.p.y, pb.p.z, pb.q.x, pb.q.y, pb.q.z, pb.q.w, b->half.x, b->half.y, b->half.z};
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
	const sw_obb3 unit = {{1, 1, 1}};
	const sw_pose3 at = {{0, 0, 0}, {0, 0, 0, 1}}, far = {{4, 0, 0}, {0, 0, 0, 1}};
	for (unsigned l = from; blk && l < SW_BLOCK; l++)
		sw_obb3_block_put(blk, l, &unit, at, sw_v3(0, 0, 0), &unit, far, sw_v3(0, 0, 0));
}
