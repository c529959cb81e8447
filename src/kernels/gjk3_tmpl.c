/* src/kernels/gjk3_tmpl.c — the 3D GJK queries, one pair per lane, compiled once per tier: each lane block
 * reads its pairs from the sources (shape, hull, box, triangle and ray sets) into lanes, prepares them
 * in A's frame, runs the loop of kernels/gjk_lanes.h and writes the answers of kernels/gjk_drive.h. Every step repeats
 * ref/gjk3.c lane-wise, operation for operation: the checks, the frame, the scale and the answers. */
#include <math.h>
#include <string.h>

#include "hull3_view.h"
#include "job.h"
#include "sets.h"

#define GJK_D 3
#define DIM 3
#include "kernels/gjk_lanes.h"

enum { Q_OVERLAP, Q_DISTANCE, Q_CAST, Q_RAY };

/* one side of the lanes: placement, displacement, core */
typedef struct place3 {
	gw p, d;
	sw_fw qx, qy, qz, qw;
	side_w core;
} place3;

/* ---- reading the sources, lane by lane ---- */

/* one side's inputs, written lane by lane as pairs enter the lanes: the core's scalars, and the
 * position of a triangle (at rest, not rotated; the other sources' placements are gathered from their
 * columns at idx, the lane's item, 0 in a lane without one: every table holds a readable item 0,
 * sets.h); tri: the rows of a lane's triangle */
typedef struct lane_in {
	_Alignas(64) float p[3][SW_W], h[3][SW_W], rad[SW_W], ext[SW_W];
	_Alignas(64) int32_t idx[SW_W];
	_Alignas(64) float tri[SW_W][3][16];
} lane_in;

/* the coordinate rows of a pool shape at `off` (row stride pad(n)) */
SW_INLINE void pool_rows(const float *pool, size_t off, uint32_t n, const float **r)
{
	for (int c = 0; c < DIM; c++)
		r[c] = pool ? pool + off + (size_t)c * sw_row_pad(n) : NULL; /* no pool: a set of boxes */
}

SW_INLINE void put_core(lane_in *in, unsigned l, float rad, float ext, float hx, float hy, float hz)
{
	in->rad[l] = rad, in->ext[l] = ext, in->h[0][l] = hx, in->h[1][l] = hy, in->h[2][l] = hz;
}

/* a lane with nothing usable: a point at rest at the origin, or item 0's placement where placements are
 * gathered (its answer is SW_PAIR_INVALID; its lane does not run) */
SW_INLINE void put_none(lane_in *in, rows_w *R, unsigned l)
{
	for (int c = 0; c < 3; c++)
		in->p[c][l] = 0;
	in->idx[l] = 0;
	put_core(in, l, 0, 0, 0, 0, 0);
	rows_put(R, l, NULL, 0);
	R->box &= ~(1u << l);
}

/* instance i of a source into lane l: 1 when it is usable (index in range, shape usable) */
SW_INLINE int put_shape3(const sw_shape3_set *s, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	if (i >= s->inst.count || s->shape[i] >= s->shapes.count || !s->ok[s->shape[i]])
		return 0;
	uint32_t sh = s->shape[i];
	in->idx[l] = (int32_t)i;
	put_core(in, l, s->radius[sh], s->ext[sh], s->hx[sh], s->hy[sh], s->hz[sh]);
	int box = s->type[sh] == SW_SHAPE_BOX;
	const float *r[DIM];
	pool_rows(s->pool, s->off[sh], s->n[sh], r);
	rows_put(R, l, r, box ? 0 : s->n[sh]);
	R->box = (R->box & ~(1u << l)) | (unsigned)box << l;
	return 1;
}

SW_INLINE int put_hull3(const sw_hull3_set *s, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	if (i >= s->inst.count || s->shape[i] >= s->num_shapes || !s->shapes[s->shape[i]].ok)
		return 0;
	const sw_hull3_shape *sh = &s->shapes[s->shape[i]];
	in->idx[l] = (int32_t)i;
	const float *r[DIM];
	pool_rows(s->pool, sh->fl_off, sh->nv, r);
	rows_put(R, l, r, sh->nv);
	put_core(in, l, 0, sh->ext, 0, 0, 0); /* rows_ext, kept by the set */
	R->box &= ~(1u << l);
	return 1;
}

SW_INLINE int put_obb3(const sw_obb3_set *s, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	if (i >= s->t.count)
		return 0;
	in->idx[l] = (int32_t)i;
	put_core(in, l, 0, 0, s->hx[i], s->hy[i], s->hz[i]); /* the extent: from the half extents */
	rows_put(R, l, NULL, 0);
	R->box |= 1u << l;
	return 1;
}

/* a triangle (a, b, c): the vertex core 0, b − a, c − a placed at a without rotation; its edges must
 * be in range (SW_MAX_COORD) */
SW_INLINE int put_tri3(const sw_tri3_set *s, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	if (i >= s->t.count)
		return 0;
	float a[3] = {s->ax[i], s->ay[i], s->az[i]}, b[3] = {s->bx[i], s->by[i], s->bz[i]};
	float c[3] = {s->cx[i], s->cy[i], s->cz[i]};
	int ok = 1;
	for (int k = 0; k < 3; k++) {
		float *row = in->tri[l][k];
		for (int m = 0; m < 16; m++)
			row[m] = 0;
		row[1] = b[k] - a[k], row[2] = c[k] - a[k];
		ok &= fabsf(row[1]) <= SW_MAX_COORD && fabsf(row[2]) <= SW_MAX_COORD;
		in->p[k][l] = a[k];
	}
	const float *const r[3] = {in->tri[l][0], in->tri[l][1], in->tri[l][2]};
	rows_put(R, l, r, 3);
	put_core(in, l, 0, rows_ext(R, l), 0, 0, 0);
	R->box &= ~(1u << l);
	return ok;
}

/* a ray: the point core at its origin, moving by its delta */
SW_INLINE int put_ray3(const sw_ray3_set *s, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	if (i >= s->t.count)
		return 0;
	in->idx[l] = (int32_t)i;
	put_core(in, l, 0, 0, 0, 0, 0);
	const float *const r[3] = {gw_zero_rows[0], gw_zero_rows[1], gw_zero_rows[2]};
	rows_put(R, l, r, 1);
	R->box &= ~(1u << l);
	return 1;
}

SW_INLINE int put_side(sw_src kind, const void *src, uint32_t i, unsigned l, lane_in *in, rows_w *R)
{
	switch (kind) {
	case SW_SRC_SHAPE3: return put_shape3(src, i, l, in, R);
	case SW_SRC_HULL3: return put_hull3(src, i, l, in, R);
	case SW_SRC_OBB3: return put_obb3(src, i, l, in, R);
	case SW_SRC_TRI3: return put_tri3(src, i, l, in, R);
	default: return put_ray3(src, i, l, in, R);
	}
}

/* the placement columns of a source at the lanes' items (a ray: no rotation), or the triangles' rows */
SW_INLINE void place_of(sw_src kind, const void *src, const lane_in *in, place3 *o)
{
	const float *col[10] = {0};
	const sw_fw zero = sw_set1(0.0f);
	if (kind == SW_SRC_TRI3) {
		for (int c = 0; c < 3; c++)
			o->p.c[c] = sw_load(in->p[c]), o->d.c[c] = zero;
		o->qx = zero, o->qy = zero, o->qz = zero, o->qw = sw_set1(1.0f);
		return;
	}
	if (kind == SW_SRC_RAY3) {
		const sw_ray3_set *s = src;
		const float *const r[6] = {s->ox, s->oy, s->oz, s->dx, s->dy, s->dz};
		for (int c = 0; c < 3; c++)
			o->p.c[c] = sw_gather(r[c], in->idx), o->d.c[c] = sw_gather(r[3 + c], in->idx);
		o->qx = zero, o->qy = zero, o->qz = zero, o->qw = sw_set1(1.0f);
		return;
	}
#define SW_PLACE_COLS(s)                                                                                 \
	{                                                                                                \
		(s)->px, (s)->py, (s)->pz, (s)->qx, (s)->qy, (s)->qz, (s)->qw, (s)->dx, (s)->dy, (s)->dz \
	}
	if (kind == SW_SRC_SHAPE3) {
		const sw_shape3_set *s = src;
		const float *const c[10] = SW_PLACE_COLS(s);
		memcpy(col, c, sizeof col);
	} else if (kind == SW_SRC_HULL3) {
		const sw_hull3_set *s = src;
		const float *const c[10] = SW_PLACE_COLS(s);
		memcpy(col, c, sizeof col);
	} else {
		const sw_obb3_set *s = src;
		const float *const c[10] = SW_PLACE_COLS(s);
		memcpy(col, c, sizeof col);
	}
#undef SW_PLACE_COLS
	for (int c = 0; c < 3; c++)
		o->p.c[c] = sw_gather(col[c], in->idx), o->d.c[c] = sw_gather(col[7 + c], in->idx);
	o->qx = sw_gather(col[3], in->idx), o->qy = sw_gather(col[4], in->idx);
	o->qz = sw_gather(col[5], in->idx), o->qw = sw_gather(col[6], in->idx);
}

/* the side in lanes from its inputs: placement, core, and the lanes whose core is valid (the check the
 * sets do not do when a shape is added: box half extents) */
SW_INLINE sw_mw side_of(sw_src kind, const void *src, const lane_in *in, const rows_w *R, place3 *o)
{
	place_of(kind, src, in, o);
	for (int c = 0; c < 3; c++)
		o->core.half.c[c] = sw_load(in->h[c]);
	side_w *c = &o->core;
	c->rows = R;
	c->box = sw_mfrom_bits(R->box), c->any_box = R->box;
	c->radius = sw_load(in->rad);
	c->ext = sw_load(in->ext);
	sw_mw ok = sw_mnot(sw_mfalse());
	if (kind == SW_SRC_OBB3) {
		/* half extents in [0, SW_MAX_COORD]; the extent is the largest */
		sw_fw m = sw_set1(0.0f);
		for (int i = 0; i < 3; i++) {
			sw_fw h = c->half.c[i];
			ok = sw_mand(ok, sw_mand(sw_ge(h, sw_set1(0.0f)), sw_le(h, sw_set1(SW_MAX_COORD))));
			m = sw_max(m, h);
		}
		c->ext = m;
	}
	return ok;
}

/* ---- the pair in A's frame (make_pair) ---- */

typedef struct mat_w {
	gw col[3];
} mat_w;

/* sw_mat3_from_quat */
SW_INLINE mat_w mat_of(sw_fw qx, sw_fw qy, sw_fw qz, sw_fw qw)
{
	sw_fw x2 = sw_add(qx, qx), y2 = sw_add(qy, qy), z2 = sw_add(qz, qz);
	sw_fw xx = sw_mul(qx, x2), yy = sw_mul(qy, y2), zz = sw_mul(qz, z2);
	sw_fw xy = sw_mul(qx, y2), xz = sw_mul(qx, z2), yz = sw_mul(qy, z2);
	sw_fw wx = sw_mul(qw, x2), wy = sw_mul(qw, y2), wz = sw_mul(qw, z2);
	const sw_fw one = sw_set1(1.0f);
	mat_w m;
	m.col[0] = (gw){{sw_sub(one, sw_add(yy, zz)), sw_add(xy, wz), sw_sub(xz, wy)}};
	m.col[1] = (gw){{sw_sub(xy, wz), sw_sub(one, sw_add(xx, zz)), sw_add(yz, wx)}};
	m.col[2] = (gw){{sw_add(xz, wy), sw_sub(yz, wx), sw_sub(one, sw_add(xx, yy))}};
	return m;
}

/* sw_mat3_tmul */
SW_INLINE gw tmul(const mat_w *m, gw v)
{
	gw o = {{gw_dot(m->col[0], v), gw_dot(m->col[1], v), gw_dot(m->col[2], v)}};
	return o;
}

/* sw_mat3_mul, then + shift */
SW_INLINE gw to_world(const mat_w *m, gw v, gw shift)
{
	gw o;
	for (int i = 0; i < 3; i++)
		o.c[i] = sw_add(sw_add(sw_add(sw_mul(m->col[0].c[i], v.c[0]), sw_mul(m->col[1].c[i], v.c[1])),
				       sw_mul(m->col[2].c[i], v.c[2])),
				shift.c[i]);
	return o;
}

SW_INLINE gw rot_world(const mat_w *m, gw v)
{
	gw o;
	for (int i = 0; i < 3; i++)
		o.c[i] = sw_add(sw_add(sw_mul(m->col[0].c[i], v.c[0]), sw_mul(m->col[1].c[i], v.c[1])),
				sw_mul(m->col[2].c[i], v.c[2]));
	return o;
}

/* position in range and a unit quaternion within SW_QUAT_TOL (pose_ok) */
SW_INLINE sw_mw pose_ok(const place3 *x)
{
	sw_fw n2 = sw_add(sw_add(sw_add(sw_mul(x->qx, x->qx), sw_mul(x->qy, x->qy)), sw_mul(x->qz, x->qz)),
			  sw_mul(x->qw, x->qw));
	sw_mw ok = sw_le(sw_abs(sw_sub(n2, sw_set1(1.0f))), sw_set1(SW_QUAT_TOL));
	for (int i = 0; i < 3; i++)
		ok = sw_mand(ok, sw_coord_ok(x->p.c[i]));
	return ok;
}

SW_INLINE sw_mw gw_ok(gw v) { return sw_mand(sw_mand(sw_coord_ok(v.c[0]), sw_coord_ok(v.c[1])), sw_coord_ok(v.c[2])); }

/* the pair of A and B in A's frame, B moving by rel relative to A, radius + extra (make_pair) */
SW_INLINE void make_pair_w(const place3 *a, const mat_w *ra, const place3 *b, gw rel, sw_fw extra, sw_fw cap,
			   pair_w *pr)
{
	mat_w rb = mat_of(b->qx, b->qy, b->qz, b->qw);
	pr->a = a->core, pr->b = b->core;
	for (int j = 0; j < 3; j++)
		pr->col[j] = tmul(ra, rb.col[j]);
	pr->off = tmul(ra, gw_sub(b->p, a->p));
	pr->r = tmul(ra, rel);
	pr->radius = sw_add(sw_add(a->core.radius, b->core.radius), extra);
	pr->cap = cap;
	set_scale_w(pr);
}

/* A's rotation in lanes, the frame of the answers */
typedef mat_w frame_w;
typedef place3 place_w;
#define GJK_SRC_RAY SW_SRC_RAY3

SW_INLINE frame_w frame_of(const place3 *a) { return mat_of(a->qx, a->qy, a->qz, a->qw); }

#include "kernels/gjk_drive.h"

#define ROW3(name, ka, kb, q)                                                                    \
	static void name##_kernel(const sw_job *j) { gjk_rows(j, SW_SRC_##ka, SW_SRC_##kb, q); } \
	SW_EXPORT(name)

ROW3(gjk3_overlap, SHAPE3, SHAPE3, Q_OVERLAP)
ROW3(gjk3_distance, SHAPE3, SHAPE3, Q_DISTANCE)
ROW3(gjk3_cast, SHAPE3, SHAPE3, Q_CAST)
ROW3(gjk3_ray, RAY3, SHAPE3, Q_RAY)
ROW3(gjk3_hull3_overlap, HULL3, HULL3, Q_OVERLAP)
ROW3(gjk3_hull3_distance, HULL3, HULL3, Q_DISTANCE)
ROW3(gjk3_hull3_cast, HULL3, HULL3, Q_CAST)
ROW3(gjk3_hull3_obb3_overlap, HULL3, OBB3, Q_OVERLAP)
ROW3(gjk3_hull3_obb3_distance, HULL3, OBB3, Q_DISTANCE)
ROW3(gjk3_hull3_obb3_cast, HULL3, OBB3, Q_CAST)
ROW3(gjk3_obb3_overlap, OBB3, OBB3, Q_OVERLAP)
ROW3(gjk3_obb3_distance, OBB3, OBB3, Q_DISTANCE)
ROW3(gjk3_obb3_cast, OBB3, OBB3, Q_CAST)
ROW3(gjk3_ray_tri3, RAY3, TRI3, Q_RAY)

/* the hull and box ray rows clip instead (sw_hull3_ray, sw_obb3_ray) */
#include "kernels/hull3_ray_lanes.h"
#include "kernels/obb3_ray_lanes.h"
