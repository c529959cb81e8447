/* src/hull3_call.h — a batched hull call as the kernels and the reference rows see it, and the scalar
 * source and store stages they share: reading pair k from the sets into a prepared pair, and writing
 * its answer. Only the core over the pair's directions differs between the reference and the tiers. */
#ifndef SWEPT_HULL3_CALL_H
#define SWEPT_HULL3_CALL_H

#include "hull3_view.h"
#include "job.h"

/* a batched hull call, as the kernels see it: B is a hull set, an OBB set or a triangle set */
typedef enum sw_hull_b_kind { SW_HULL_B_HULL, SW_HULL_B_OBB, SW_HULL_B_TRI } sw_hull_b_kind;
typedef struct sw_hull_call {
	const sw_hull3_set *a;
	sw_hull_b_kind kind;
	const sw_hull3_set *bh;
	const sw_obb3_set *bo;
	const sw_tri3_set *bt;
	const sw_pair *pairs;
	int sweep, one_sided;
	const sw_sweep_results *sw;   /* sweep */
	const sw_overlap_results *ov; /* overlap */
} sw_hull_call;

/* the call of a job: B's set of the given kind, sweep or static */
static inline sw_hull_call sw_hull_call_of(const sw_job *j, sw_hull_b_kind kind, int sweep)
{
	const sw_sweep_opts *o = j->opts;
	sw_hull_call c = {j->a,
			  kind,
			  kind == SW_HULL_B_HULL ? j->b : NULL,
			  kind == SW_HULL_B_OBB ? j->b : NULL,
			  kind == SW_HULL_B_TRI ? j->b : NULL,
			  j->pairs,
			  sweep,
			  o && o->one_sided != 0,
			  sweep ? j->out : NULL,
			  sweep ? NULL : j->out};
	return c;
}

/* writes pair k's answer of a batched call: `st` as sw_hull_pair_prepare returned it and, when it is
 * 1, the state r over the pair's directions (the reference's or a kernel's: the same bits) */
void sw_hull_pair_write(const sw_hull_call *c, size_t k, int st, const sw_hull_pair *pr, const sw_hull_red *r);

/* Prepares pair k of a batched call: checks indices, shapes and poses, builds the frame (and, for a
 * triangle, B's side in `tri` from `mem`; for a box, its packed hull in box_fl/box_ix). Returns as
 * sw_hull_pair_setup. */
int sw_hull_pair_prepare(const sw_hull_call *c, size_t k, sw_hull_view *av, sw_hull_view *bv, float *box_fl,
			 int32_t *box_ix, float *mem, sw_hull_bside *tri, sw_hull_pair *pr);

#endif
