/* src/kernels/gjk2_tmpl.c — the 2D GJK queries, one pair per lane, compiled once per tier: each lane block
 * reads its pairs from the sources (2D shape, polygon and ray sets) into lanes, prepares them in A's
 * frame, runs the loop of kernels/gjk_lanes.h and writes the answers of kernels/gjk_drive.h (z columns
 * untouched). Every step repeats ref/gjk2.c lane-wise, operation for operation: the checks, the frame,
 * the scale and the answers. */
#include <math.h>
#include <string.h>

#include "job.h"
#include "ref/gjk_ref.h"
#include "sets.h"

#define GJK_D 2
#define DIM 2
#include "kernels/gjk_lanes.h"

enum { Q_OVERLAP, Q_DISTANCE, Q_CAST, Q_RAY };

/* one side of the lanes: placement (rotation (c, s)), displacement, core */
typedef struct place2 {
	gw p, d;
	sw_fw qc, qs;
	side_w core;
} place2;

/* ---- reading the sources, lane by lane ---- */

/* one side's inputs, written lane by lane as pairs enter the lanes: the core's scalars and idx, the
 * lane's item (0 in a lane without one: every table holds a readable item 0, sets.h), at which the
 * placement is gathered from the source's columns */
typedef struct lane_in {
	_Alignas(64) float h[2][SW_W], rad[SW_W], ext[SW_W];
	_Alignas(64) int32_t idx[SW_W];
} lane_in;

/* the coordinate rows of a pool shape at `off` (row stride pad(n)) */
SW_INLINE void pool_rows(const float *pool, size_t off, uint32_t n, const float **r)
{
	for (int c = 0; c < DIM; c++)
		r[c] = pool ? pool + off + (size_t)c * sw_row_pad(n) : NULL; /* no pool: a set of boxes */
}

SW_INLINE void put_core(lane_in *in, unsigned l, float rad, float ext, float hx, float hy)
{
	in->rad[l] = rad, in->ext[l] = ext, in->h[0][l] = hx, in->h[1][l] = hy;
}

/* a lane with nothing usable: a point core at item 0's placement (its answer is SW_PAIR_INVALID; its
 * lane does not run) */
SW_INLINE void put_none(lane_in *in, rows_w *R, unsigned l)
{
	in->idx[l] = 0;
	put_core(in, l, 0, 0, 0, 0);
	rows_put(R, l, NULL, 0);
	R->box &= ~(1u << l);
}

/* instance i of a source into lane l: 1 when it is usable (index in range, shape usable) */
SW_INLINE int put_shape2(const sw_shape2_set *s, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	if (i >= s->inst.count || s->shape[i] >= s->shapes.count || !s->ok[s->shape[i]])
		return 0;
	uint32_t sh = s->shape[i];
	in->idx[l] = (int32_t)i;
	put_core(in, l, s->radius[sh], s->ext[sh], s->hx[sh], s->hy[sh]);
	int box = s->type[sh] == SW_SHAPE_BOX;
	const float *r[DIM];
	pool_rows(s->pool, s->off[sh], s->n[sh], r);
	rows_put(R, l, r, box ? 0 : s->n[sh]);
	R->box = (R->box & ~(1u << l)) | (unsigned)box << l;
	return 1;
}

/* a polygon: its row of SW_POLY2_MAX_VERTS; a flagged shape or a count outside [2, 16] is not usable */
SW_INLINE int put_poly2(const sw_poly2_set *s, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	if (i >= s->inst.count)
		return 0;
	uint32_t sh = s->shape[i];
	if (sh >= s->shapes.count || !s->ok[sh] || s->n[sh] < 2 || s->n[sh] > SW_POLY2_MAX_VERTS)
		return 0;
	in->idx[l] = (int32_t)i;
	const float *const r[2] = {s->vx + (size_t)SW_POLY2_MAX_VERTS * sh, s->vy + (size_t)SW_POLY2_MAX_VERTS * sh};
	rows_put(R, l, r, s->n[sh]);
	put_core(in, l, 0, s->ext[sh], 0, 0); /* the set's extent: the rows' largest |coordinate| (max is exact) */
	R->box &= ~(1u << l);
	return 1;
}

/* a ray: the point core at its origin, moving by its delta */
SW_INLINE int put_ray2(const sw_ray2_set *s, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	if (i >= s->t.count)
		return 0;
	in->idx[l] = (int32_t)i;
	put_core(in, l, 0, 0, 0, 0);
	const float *const r[2] = {gw_zero_rows[0], gw_zero_rows[1]};
	rows_put(R, l, r, 1);
	R->box &= ~(1u << l);
	return 1;
}

SW_INLINE int put_side(sw_src kind, const void *src, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	switch (kind) {
	case SW_SRC_SHAPE2: return put_shape2(src, i, l, in, R);
	case SW_SRC_POLY2: return put_poly2(src, i, l, in, R);
	default: return put_ray2(src, i, l, in, R);
	}
}

/* the side in lanes from its inputs: placement and core (every 2D source's cores are checked when
 * their shapes are added, or by their counts above) */
SW_INLINE sw_mw side_of(sw_src kind, const void *src, const lane_in *in, const rows_w *R, place2 *o)
{
	const int32_t *ix = in->idx;
	if (kind == SW_SRC_RAY2) { /* no rotation */
		const sw_ray2_set *s = src;
		o->p.c[0] = sw_gather(s->ox, ix), o->p.c[1] = sw_gather(s->oy, ix);
		o->d.c[0] = sw_gather(s->dx, ix), o->d.c[1] = sw_gather(s->dy, ix);
		o->qc = sw_set1(1.0f), o->qs = sw_set1(0.0f);
	} else {
		const sw_shape2_set *sh = src;
		const sw_poly2_set *po = src;
		const int shape = kind == SW_SRC_SHAPE2;
		o->p.c[0] = sw_gather(shape ? sh->px : po->px, ix), o->p.c[1] = sw_gather(shape ? sh->py : po->py, ix);
		o->qc = sw_gather(shape ? sh->qc : po->qc, ix), o->qs = sw_gather(shape ? sh->qs : po->qs, ix);
		o->d.c[0] = sw_gather(shape ? sh->dx : po->dx, ix), o->d.c[1] = sw_gather(shape ? sh->dy : po->dy, ix);
	}
	for (int c = 0; c < 2; c++)
		o->core.half.c[c] = sw_load(in->h[c]);
	side_w *c = &o->core;
	c->rows = R;
	c->box = sw_mfrom_bits(R->box), c->any_box = R->box;
	c->radius = sw_load(in->rad);
	c->ext = sw_load(in->ext);
	return sw_mnot(sw_mfalse());
}

/* ---- the pair in A's frame (make_pair) ---- */

/* sw_rot2_tmul(q, v) */
SW_INLINE gw tmul(sw_fw c, sw_fw s, gw v)
{
	gw o = {{sw_add(sw_mul(c, v.c[0]), sw_mul(s, v.c[1])), sw_add(sw_mul(sw_neg(s), v.c[0]), sw_mul(c, v.c[1]))}};
	return o;
}

/* A's rotation (c, s) in lanes, the frame of the answers */
typedef struct frame_w {
	sw_fw qc, qs;
} frame_w;

SW_INLINE frame_w frame_of(const place2 *a) { return (frame_w){a->qc, a->qs}; }

/* sw_rot2_mul(A's rotation, v) */
SW_INLINE gw rot_world(const frame_w *a, gw v)
{
	gw o = {{sw_sub(sw_mul(a->qc, v.c[0]), sw_mul(a->qs, v.c[1])),
		 sw_add(sw_mul(a->qs, v.c[0]), sw_mul(a->qc, v.c[1]))}};
	return o;
}

/* a point of A's frame in world space, shifted */
SW_INLINE gw to_world(const frame_w *a, gw v, gw shift)
{
	gw o = rot_world(a, v);
	o.c[0] = sw_add(o.c[0], shift.c[0]), o.c[1] = sw_add(o.c[1], shift.c[1]);
	return o;
}

/* position in range and a unit rotation within SW_QUAT_TOL (pose_ok) */
SW_INLINE sw_mw pose_ok(const place2 *x)
{
	sw_fw n2 = sw_add(sw_mul(x->qc, x->qc), sw_mul(x->qs, x->qs));
	sw_mw ok = sw_le(sw_abs(sw_sub(n2, sw_set1(1.0f))), sw_set1(SW_QUAT_TOL));
	return sw_mand(ok, sw_mand(sw_coord_ok(x->p.c[0]), sw_coord_ok(x->p.c[1])));
}

SW_INLINE sw_mw gw_ok(gw v) { return sw_mand(sw_coord_ok(v.c[0]), sw_coord_ok(v.c[1])); }

/* the pair of A and B in A's frame, B moving by rel relative to A, radius + extra (make_pair) */
SW_INLINE void make_pair_w(const place2 *a, const frame_w *ra, const place2 *b, gw rel, sw_fw extra, sw_fw cap,
			   pair_w *pr)
{
	gw rb0 = {{b->qc, b->qs}}, rb1 = {{sw_neg(b->qs), b->qc}};
	pr->a = a->core, pr->b = b->core;
	pr->col[0] = tmul(ra->qc, ra->qs, rb0);
	pr->col[1] = tmul(ra->qc, ra->qs, rb1);
	pr->off = tmul(ra->qc, ra->qs, gw_sub(b->p, a->p));
	pr->r = tmul(ra->qc, ra->qs, rel);
	pr->radius = sw_add(sw_add(a->core.radius, b->core.radius), extra);
	pr->cap = cap;
	set_scale_w(pr);
}

typedef place2 place_w;
#define GJK_SRC_RAY SW_SRC_RAY2

#include "kernels/gjk_drive.h"

#define ROW2(name, ka, kb, q)                                                                    \
	static void name##_kernel(const sw_job *j) { gjk_rows(j, SW_SRC_##ka, SW_SRC_##kb, q); } \
	SW_EXPORT(name)

ROW2(gjk2_overlap, SHAPE2, SHAPE2, Q_OVERLAP)
ROW2(gjk2_distance, SHAPE2, SHAPE2, Q_DISTANCE)
ROW2(gjk2_cast, SHAPE2, SHAPE2, Q_CAST)
ROW2(gjk2_ray, RAY2, SHAPE2, Q_RAY)

/* the polygon overlap row tests separating axes instead (ref/poly2_axes.c) */
#include "kernels/poly2_axes_lanes.h"

/* the polygon cast row moves separating axes instead (ref/poly2_cast.c), GJK near contact */
#include "kernels/poly2_cast_lanes.h"
/* the polygon distance row: the same axes, then feature pairs or GJK (ref/poly2_axes.c) */
#include "kernels/poly2_dist_lanes.h"

/* the polygon ray row clips instead (sw_poly2_ray) */
#include "kernels/poly2_ray_lanes.h"
