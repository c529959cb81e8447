/* src/hull3_batch.c — the batched hull queries (hull against hull, box and triangle): the reference rows
 * of the kernel table, which run the scalar core of src/ref/hull3_sat.c on the pairs prepared by the
 * source stage every tier shares (src/hull3_call.c). The public functions are defined from the query
 * list (src/entries.c). */
#include "hull3_call.h"
#include "ref/hull3_ref.h"

/* pairs [off, off + n) of a hull call, answered by the scalar core */
static void hull_rows(const sw_job *j, sw_hull_b_kind kind, int sweep)
{
	sw_hull_call c = sw_hull_call_of(j, kind, sweep);
	_Alignas(64) float box_fl[SW_HV_BOX_FLOATS], tri_mem[SW_HB_TRI_FLOATS];
	_Alignas(64) int32_t box_ix[32];
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_hull_view av, bv;
		sw_hull_bside tri;
		sw_hull_pair pr;
		int st = sw_hull_pair_prepare(&c, k, &av, &bv, box_fl, box_ix, tri_mem, &tri, &pr);
		sw_hull_red r;
		if (st == 1)
			sw_hull3_gaps_ref(&pr, kind == SW_HULL_B_TRI ? &tri : NULL, sweep, &r);
		sw_hull_pair_write(&c, k, st, &pr, &r);
	}
}

void sw_hull3_sweep_ref(const sw_job *j) { hull_rows(j, SW_HULL_B_HULL, 1); }
void sw_hull3_overlap_ref(const sw_job *j) { hull_rows(j, SW_HULL_B_HULL, 0); }
void sw_hull3_obb3_sweep_ref(const sw_job *j) { hull_rows(j, SW_HULL_B_OBB, 1); }
void sw_hull3_obb3_overlap_ref(const sw_job *j) { hull_rows(j, SW_HULL_B_OBB, 0); }
void sw_hull3_tri3_sweep_ref(const sw_job *j) { hull_rows(j, SW_HULL_B_TRI, 1); }
void sw_hull3_tri3_overlap_ref(const sw_job *j) { hull_rows(j, SW_HULL_B_TRI, 0); }
