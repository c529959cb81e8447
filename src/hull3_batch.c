/* src/hull3_batch.c — the batched hull queries (hull against hull, box and triangle): the public entry
 * points on the pipeline, the source and store stages every tier shares (a pair read from the sets
 * into the prepared pair of src/hull3_view.h, and its answer written), and the reference rows of the
 * kernel table, which run the scalar core of src/ref/hull3_sat.c on the same prepared pairs. */
#include "hull3_call.h"
#include "pipeline.h"
#include "ref/hull3_ref.h"
#include "ref/ref.h"

static sw_vec3 v3_at(const float *x, const float *y, const float *z, size_t k) { return sw_v3(x[k], y[k], z[k]); }

int sw_hull_pair_prepare(const sw_hull_call *c, size_t k, sw_hull_view *av, sw_hull_view *bv, float *box_fl,
			 int32_t *box_ix, float *mem, sw_hull_bside *tri, sw_hull_pair *pr)
{
	const sw_hull3_set *as = c->a;
	sw_pair p = c->pairs[k];
	if (p.a >= as->count || as->shape[p.a] >= as->num_shapes || !as->shapes[as->shape[p.a]].ok)
		return 0;
	sw_hull_view_of(as, as->shape[p.a], av);
	sw_vec3 pa = v3_at(as->px, as->py, as->pz, p.a), da = v3_at(as->dx, as->dy, as->dz, p.a);
	sw_quat qa = {as->qx[p.a], as->qy[p.a], as->qz[p.a], as->qw[p.a]};
	sw_vec3 zero = {0, 0, 0};
	if (!c->sweep)
		da = zero;
	if (c->kind == SW_HULL_B_TRI) {
		const sw_tri3_set *ts = c->bt;
		if (p.b >= ts->count)
			return 0;
		sw_tri3 t = {v3_at(ts->ax, ts->ay, ts->az, p.b), v3_at(ts->bx, ts->by, ts->bz, p.b),
			     v3_at(ts->cx, ts->cy, ts->cz, p.b)};
		sw_vec3 dt = c->sweep ? v3_at(ts->dx, ts->dy, ts->dz, p.b) : zero;
		return sw_hull_pair_setup_tri(pr, av, pa, qa, da, &t, dt, c->sweep && c->one_sided, mem, tri);
	}
	sw_vec3 pb, db;
	sw_quat qb;
	if (c->kind == SW_HULL_B_OBB) {
		const sw_obb3_set *bs = c->bo;
		if (p.b >= bs->count)
			return 0;
		sw_obb3 box = {v3_at(bs->cx, bs->cy, bs->cz, p.b),
			       {bs->qx[p.b], bs->qy[p.b], bs->qz[p.b], bs->qw[p.b]},
			       v3_at(bs->hx, bs->hy, bs->hz, p.b)};
		db = c->sweep ? v3_at(bs->dx, bs->dy, bs->dz, p.b) : zero;
		if (!sw_obb3_valid_ref(&box, db))
			return 0;
		sw_hull_view_box(box.half, box_fl, box_ix, bv);
		pb = box.center, qb = box.rot;
	} else {
		const sw_hull3_set *bs = c->bh;
		if (p.b >= bs->count || bs->shape[p.b] >= bs->num_shapes || !bs->shapes[bs->shape[p.b]].ok)
			return 0;
		sw_hull_view_of(bs, bs->shape[p.b], bv);
		pb = v3_at(bs->px, bs->py, bs->pz, p.b), db = v3_at(bs->dx, bs->dy, bs->dz, p.b);
		qb = (sw_quat){bs->qx[p.b], bs->qy[p.b], bs->qz[p.b], bs->qw[p.b]};
		if (!c->sweep)
			db = zero;
	}
	return sw_hull_pair_setup(pr, av, pa, qa, da, bv, pb, qb, db, c->sweep);
}

void sw_hull_pair_write(const sw_hull_call *c, size_t k, int st, const sw_hull_pair *pr, const sw_hull_red *r)
{
	if (c->sweep) {
		sw_hull_sweep_output o;
		if (st == 0)
			sw_hull_sweep_output_invalid(&o);
		else if (st == 2)
			sw_hull_sweep_out_miss(&o);
		else
			sw_hull_red_sweep(r, &pr->ra, pr->front, &o);
		sw_hull_sweep_write(c->sw, k, &o);
	} else {
		sw_hull_overlap_output o;
		if (st == 0)
			sw_hull_overlap_output_invalid(&o);
		else
			sw_hull_red_overlap(r, &pr->ra, &o);
		sw_hull_overlap_write(c->ov, k, &o);
	}
}

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

/* ---- public entry points ---- */

sw_error sw_hull3_sweep_batch(const sw_hull3_set *as, const sw_hull3_set *bs, const sw_pair *pairs, size_t n,
			      const sw_batch_opts *opts, const sw_hull_sweep_results *out)
{
	return sw_run(SW_Q_hull3_sweep, as, bs, pairs, n, NULL, opts, out);
}

sw_error sw_hull3_overlap_batch(const sw_hull3_set *as, const sw_hull3_set *bs, const sw_pair *pairs, size_t n,
				const sw_batch_opts *opts, const sw_hull_overlap_results *out)
{
	return sw_run(SW_Q_hull3_overlap, as, bs, pairs, n, NULL, opts, out);
}

sw_error sw_hull3_obb3_sweep_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs, size_t n,
				   const sw_batch_opts *opts, const sw_hull_sweep_results *out)
{
	return sw_run(SW_Q_hull3_obb3_sweep, hulls, boxes, pairs, n, NULL, opts, out);
}

sw_error sw_hull3_obb3_overlap_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs,
				     size_t n, const sw_batch_opts *opts, const sw_hull_overlap_results *out)
{
	return sw_run(SW_Q_hull3_obb3_overlap, hulls, boxes, pairs, n, NULL, opts, out);
}

sw_error sw_hull3_tri3_sweep_batch(const sw_hull3_set *hulls, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				   const sw_batch_opts *opts, int one_sided, const sw_hull_sweep_results *out)
{
	sw_sweep_opts q = {one_sided != 0};
	return sw_run(SW_Q_hull3_tri3_sweep, hulls, tris, pairs, n, &q, opts, out);
}

sw_error sw_hull3_tri3_overlap_batch(const sw_hull3_set *hulls, const sw_tri3_set *tris, const sw_pair *pairs, size_t n,
				     const sw_batch_opts *opts, const sw_hull_overlap_results *out)
{
	return sw_run(SW_Q_hull3_tri3_overlap, hulls, tris, pairs, n, NULL, opts, out);
}
