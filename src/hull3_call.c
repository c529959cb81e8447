/* src/hull3_call.c — the source and store stages of a batched hull call that the reference rows and
 * every tier share: pair k read from the sets into the prepared pair of src/hull3_view.h (indices,
 * shapes and poses checked), and its answer written. */
#include "hull3_call.h"

static sw_vec3 v3_at(const float *x, const float *y, const float *z, size_t k) { return sw_v3(x[k], y[k], z[k]); }

/* the view of shape s of a set (s < num_shapes and ok) */
static void view_of(const sw_hull3_set *set, uint32_t s, sw_hull_view *v)
{
	const sw_hull3_shape *sh = &set->shapes[s];
	v->nv = sh->nv, v->nf = sh->nf, v->ne = sh->ne;
	v->vs = sw_hv_pad(sh->nv), v->fs = sw_hv_pad(sh->nf), v->es = sw_hv_pad(sh->ne);
	v->centroid = sw_v3(sh->centroid[0], sh->centroid[1], sh->centroid[2]);
	v->radius = sh->radius;
	v->v = set->pool + sh->fl_off;
	v->f = v->v + 3 * (size_t)v->vs;
	v->e = v->f + SW_HV_FROWS * (size_t)v->fs;
	v->ef = set->ipool + sh->ix_off;
}

/* instance i of a hull set: its shape's view, pose and displacement; 0 when the index, the shape id
 * or the shape is not usable */
static int hull_at(const sw_hull3_set *s, uint32_t i, int sweep, sw_hull_view *v, sw_vec3 *p, sw_quat *q, sw_vec3 *d)
{
	if (i >= s->inst.count || s->shape[i] >= s->num_shapes || !s->shapes[s->shape[i]].ok)
		return 0;
	view_of(s, s->shape[i], v);
	*p = v3_at(s->px, s->py, s->pz, i);
	*q = (sw_quat){s->qx[i], s->qy[i], s->qz[i], s->qw[i]};
	*d = sweep ? v3_at(s->dx, s->dy, s->dz, i) : sw_v3(0, 0, 0);
	return 1;
}

int sw_hull_pair_prepare(const sw_hull_call *c, size_t k, sw_hull_view *av, sw_hull_view *bv, float *box_fl,
			 int32_t *box_ix, float *mem, sw_hull_bside *tri, sw_hull_pair *pr)
{
	sw_pair p = c->pairs[k];
	sw_vec3 pa, da, pb, db;
	sw_quat qa, qb;
	if (!hull_at(c->a, p.a, c->sweep, av, &pa, &qa, &da))
		return 0;
	if (c->kind == SW_HULL_B_TRI) {
		sw_tri3 t;
		sw_vec3 dt;
		if (!sw_tri3_at(c->bt, p.b, &t, &dt))
			return 0;
		dt = c->sweep ? dt : sw_v3(0, 0, 0);
		return sw_hull_pair_setup_tri(pr, av, pa, qa, da, &t, dt, c->sweep && c->one_sided, mem, tri);
	}
	if (c->kind == SW_HULL_B_OBB) {
		sw_box3 box;
		if (!sw_obb3_at(c->bo, p.b, &box, &db))
			return 0;
		db = c->sweep ? db : sw_v3(0, 0, 0);
		if (!sw_obb3_valid_ref(&box, db))
			return 0;
		sw_hull_view_box(box.half, box_fl, box_ix, bv);
		pb = box.center, qb = box.rot;
	} else if (!hull_at(c->bh, p.b, c->sweep, bv, &pb, &qb, &db)) {
		return 0;
	}
	return sw_hull_pair_setup(pr, av, pa, qa, da, bv, pb, qb, db, c->sweep);
}

void sw_hull_pair_write(const sw_hull_call *c, size_t k, int st, const sw_hull_pair *pr, const sw_hull_red *r)
{
	if (c->sweep) {
		sw_sweep_result o;
		if (st == 0)
			o = sw_sweep_result_invalid();
		else if (st == 2)
			o = sw_sweep_result_miss();
		else
			sw_hull_red_sweep(r, &pr->ra, pr->front, &o);
		sw_sweep_put(c->sw, k, &o);
	} else {
		sw_overlap_result o;
		if (st == 0)
			o = sw_overlap_result_invalid();
		else
			sw_hull_red_overlap(r, &pr->ra, &o);
		sw_overlap_put(c->ov, k, &o);
	}
}
