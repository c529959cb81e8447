/* src/kernels/gjk3_tmpl.c — the 3D GJK queries, one pair per lane, compiled once per tier: each lane block
 * reads its pairs from the sources (shape, hull, box, triangle and ray sets) into lanes, prepares them
 * in A's frame, runs the loop of kernels/gjk_lanes.h and writes the answers. Every step repeats
 * ref/gjk3.c lane-wise, operation for operation: the checks, the frame, the scale and the answers. */
#include <math.h>
#include <string.h>

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

/* ---- the answers (ref/gjk3.c) ---- */

SW_INLINE void answer_overlap(const sw_overlap_results *out, const run_w *st, const pair_w *pr, const mat_w *ra,
			      const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw contact = sw_eq(st->end, sw_set1((float)GW_CONTACT)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	gw n = rot_world(ra, unit_w(st->v));
	sw_fw d = sw_sel(limit, st->vlen, sw_div(st->vy, st->vlen));
	sw_fw gap = sw_div(sw_sub(d, pr->radius), pr->sigma);
	sw_fw rows[4] = {sw_sel(contact, zero, gap), sw_sel(contact, zero, n.c[0]), sw_sel(contact, zero, n.c[1]),
			 sw_sel(contact, zero, n.c[2])};
	float *const dst[4] = {out->depth, out->nx, out->ny, out->nz};
	store_rows(dst, rows, 4, pk, lanes, invalid);
	uint8_t code[SW_W];
	unsigned cb = sw_mbits(contact), lb = sw_mbits(limit);
	for (unsigned l = 0; l < SW_W; l++)
		code[l] = (cb >> l & 1) ? SW_HIT : (lb >> l & 1) ? SW_ITER_LIMIT : SW_MISS;
	store_codes(out->status, out->feature, pk, lanes, invalid, code);
}

SW_INLINE void answer_distance(const sw_distance_results *out, const run_w *st, const pair_w *pr, const mat_w *ra,
			       const place3 *a, const place3 *b, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw contact = sw_eq(st->end, sw_set1((float)GW_CONTACT)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	gw wa, wb;
	witness_w(st, pr, &wa, &wb);
	gw common = to_world(ra, wa, a->p);
	gw n = unit_w(st->v);
	sw_mw hit = sw_le(st->vlen, sw_add(pr->radius, sw_mul(sw_set1(SW_GJK_TOUCH_EPS), st->scale)));
	sw_fw dist = sw_div(sw_sub(st->vlen, pr->radius), pr->sigma);
	gw nw = rot_world(ra, n);
	for (int i = 0; i < 3; i++) {
		wa.c[i] = sw_add(wa.c[i], sw_mul(n.c[i], a->core.radius));
		wb.c[i] = sw_sub(wb.c[i], sw_mul(n.c[i], b->core.radius));
	}
	gw pa = to_world(ra, wa, a->p), pb = to_world(ra, wb, a->p);
	sw_fw rows[10];
	rows[0] = sw_sel(contact, zero, dist);
	for (int i = 0; i < 3; i++) {
		rows[1 + i] = sw_sel(contact, zero, nw.c[i]);
		rows[4 + i] = sw_sel(contact, common.c[i], pa.c[i]);
		rows[7 + i] = sw_sel(contact, common.c[i], pb.c[i]);
	}
	float *const dst[10] = {out->distance, out->nx, out->ny, out->nz, out->ax,
				out->ay,       out->az, out->bx, out->by, out->bz};
	store_rows(dst, rows, 10, pk, lanes, invalid);
	uint8_t code[SW_W];
	unsigned cb = sw_mbits(contact), lb = sw_mbits(limit), hb = sw_mbits(hit);
	for (unsigned l = 0; l < SW_W; l++)
		code[l] = (cb >> l & 1)   ? SW_STARTS_OVERLAPPED
			  : (lb >> l & 1) ? SW_ITER_LIMIT
			  : (hb >> l & 1) ? SW_HIT
					  : SW_MISS;
	store_codes(out->status, out->feature, pk, lanes, invalid, code);
}

/* the cast's and the ray's rows: t, depth, point, normal, slide */
SW_INLINE void store_cast(const sw_cast_results *out, sw_mw miss, sw_mw start, sw_mw limit, sw_fw t, gw point,
			  gw normal, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_fw rows[11];
	rows[0] = sw_sel(miss, sw_set1(1.0f), t);
	rows[1] = zero;
	for (int i = 0; i < 3; i++) {
		rows[2 + i] = sw_sel(miss, zero, point.c[i]);
		rows[5 + i] = sw_sel(miss, zero, normal.c[i]);
		rows[8 + i] = zero;
	}
	float *const dst[11] = {out->t,  out->depth, out->px, out->py, out->pz, out->nx,
				out->ny, out->nz,    out->sx, out->sy, out->sz};
	store_rows(dst, rows, 11, pk, lanes, invalid);
	uint8_t code[SW_W];
	unsigned mb = sw_mbits(miss), sb = sw_mbits(start), lb = sw_mbits(limit);
	for (unsigned l = 0; l < SW_W; l++)
		code[l] = (mb >> l & 1)   ? SW_MISS
			  : (lb >> l & 1) ? SW_ITER_LIMIT
			  : (sb >> l & 1) ? SW_STARTS_OVERLAPPED
					  : SW_HIT;
	store_codes(out->status, out->feature, pk, lanes, invalid, code);
}

SW_INLINE void answer_cast(const sw_cast_results *out, const run_w *st, const pair_w *pr, const mat_w *ra,
			   const place3 *a, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_eq(st->end, sw_set1((float)GW_MISS)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	sw_mw start = sw_mandnot(limit, sw_eq(st->lam, zero));
	gw wa, wb;
	witness_w(st, pr, &wa, &wb);
	gw shift;
	for (int i = 0; i < 3; i++)
		shift.c[i] = sw_add(a->p.c[i], sw_mul(a->d.c[i], st->lam));
	sw_mw touch = sw_mor(st->inside, sw_le(st->vlen, sw_mul(sw_set1(SW_GJK_TOUCH_EPS), st->scale)));
	sw_mw cores = sw_mand(start, touch);
	gw common = to_world(ra, wa, shift);
	gw n = unit_w(gw_sel(start, st->v, hit_normal_w(st, pr)));
	for (int i = 0; i < 3; i++)
		wa.c[i] = sw_add(wa.c[i], sw_mul(n.c[i], a->core.radius));
	gw point = gw_sel(cores, common, to_world(ra, wa, shift));
	gw normal = gw_sel(cores, gw_zero(), rot_world(ra, n));
	store_cast(out, miss, start, limit, st->lam, point, normal, pk, lanes, invalid);
}

SW_INLINE void answer_ray(const sw_cast_results *out, const run_w *st, const pair_w *pr, const mat_w *ra,
			  const place3 *ray, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_eq(st->end, sw_set1((float)GW_MISS)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	sw_mw start = sw_mandnot(limit, sw_eq(st->lam, zero));
	gw n = rot_world(ra, unit_w(gw_scale(hit_normal_w(st, pr), sw_set1(-1.0f))));
	gw point;
	for (int i = 0; i < 3; i++)
		point.c[i] = sw_add(ray->p.c[i], sw_mul(ray->d.c[i], st->lam));
	store_cast(out, miss, start, limit, st->lam, point, gw_sel(start, gw_zero(), n), pk, lanes, invalid);
}

/* ---- the lanes: pairs enter as lanes free up ---- */

/* everything the lanes hold between iterations */
typedef struct lanes_w {
	lane_in in[2];
	rows_w rows[2];
	place3 A, B; /* the GJK's A (the target of a ray) and B (the ray's point) */
	mat_w ra;
	pair_w pr;
	run_w st;
	uint32_t pk[SW_W];
	unsigned busy, invalid;
} lanes_w;
_Static_assert(sizeof(lanes_w) <= SW_SCRATCH, "the GJK lanes fit the per-thread scratch");

/* the answers of the lanes in `lanes` (done, or invalid) */
SW_INLINE void answer(const sw_job *j, int q, lanes_w *L, unsigned lanes)
{
	run_w fin = L->st;
	loop_end(&fin);
	unsigned inv = L->invalid;
	if (q == Q_OVERLAP)
		answer_overlap(j->out, &fin, &L->pr, &L->ra, L->pk, lanes, inv);
	else if (q == Q_DISTANCE)
		answer_distance(j->out, &fin, &L->pr, &L->ra, &L->A, &L->B, L->pk, lanes, inv);
	else if (q == Q_CAST)
		answer_cast(j->out, &fin, &L->pr, &L->ra, &L->A, L->pk, lanes, inv);
	else
		answer_ray(j->out, &fin, &L->pr, &L->ra, &L->B, L->pk, lanes, inv);
}

/* the next pairs of the queue into the free lanes `fill`; their runs start (the invalid ones done) */
SW_INLINE void refill(const sw_job *j, sw_src ka, sw_src kb, int q, lanes_w *L, unsigned fill, size_t *next)
{
	const sw_pair *pairs = j->pairs + j->off;
	/* a ray row: the target is the GJK's A (input 0), the ray its point B (input 1) */
	sw_src k0 = q == Q_RAY ? kb : ka, k1 = q == Q_RAY ? SW_SRC_RAY3 : kb;
	const void *s0 = q == Q_RAY ? j->b : j->a, *s1 = q == Q_RAY ? j->a : j->b;
	unsigned in = 0;
	for (unsigned l = 0; l < SW_W && *next < j->n; l++) {
		if (!(fill >> l & 1))
			continue;
		uint32_t k = j->order ? j->order[*next] : (uint32_t)*next;
		(*next)++;
		L->pk[l] = (uint32_t)j->off + k;
		sw_pair p = pairs[k];
		uint32_t i0 = q == Q_RAY ? p.b : p.a, i1 = q == Q_RAY ? p.a : p.b;
		int ok = put_side(k0, s0, i0, l, &L->in[0], &L->rows[0]) &&
			 put_side(k1, s1, i1, l, &L->in[1], &L->rows[1]);
		if (!ok)
			put_none(&L->in[0], &L->rows[0], l), put_none(&L->in[1], &L->rows[1], l);
		in |= 1u << l;
		L->invalid = (L->invalid & ~(1u << l)) | (unsigned)!ok << l;
	}
	L->busy |= in;
	/* the new pairs' setup, computed in every lane and kept in the new ones */
	place3 A, B;
	sw_mw valid = sw_mand(side_of(k0, s0, &L->in[0], &L->rows[0], &A), side_of(k1, s1, &L->in[1], &L->rows[1], &B));
	sw_fw cap, target;
	opts_of(j->opts, &cap, &target);
	valid = sw_mand(valid, sw_mand(pose_ok(&A), pose_ok(&B)));
	gw rel = gw_zero();
	if (q == Q_CAST) {
		valid = sw_mand(valid, sw_mand(gw_ok(A.d), gw_ok(B.d)));
		rel = gw_sub(B.d, A.d);
	} else if (q == Q_RAY) {
		valid = sw_mand(valid, gw_ok(B.d));
		rel = B.d;
	}
	L->invalid |= in & ~sw_mbits(valid);
	/* the setup is a function of each lane's inputs alone: the lanes that keep running get theirs again */
	sw_mw m = sw_mfrom_bits(in);
	L->ra = mat_of(A.qx, A.qy, A.qz, A.qw);
	make_pair_w(&A, &L->ra, &B, rel, q == Q_CAST ? target : sw_set1(0.0f), cap, &L->pr);
	L->A = A, L->B = B;
	lane_init(&L->pr, guess_w(&L->pr), m, sw_mfrom_bits(in & ~L->invalid), &L->st);
}

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
ROW3(gjk3_ray_hull3, RAY3, HULL3, Q_RAY)
ROW3(gjk3_hull3_obb3_overlap, HULL3, OBB3, Q_OVERLAP)
ROW3(gjk3_hull3_obb3_distance, HULL3, OBB3, Q_DISTANCE)
ROW3(gjk3_hull3_obb3_cast, HULL3, OBB3, Q_CAST)
ROW3(gjk3_obb3_overlap, OBB3, OBB3, Q_OVERLAP)
ROW3(gjk3_obb3_distance, OBB3, OBB3, Q_DISTANCE)
ROW3(gjk3_obb3_cast, OBB3, OBB3, Q_CAST)
ROW3(gjk3_ray_obb3, RAY3, OBB3, Q_RAY)
ROW3(gjk3_ray_tri3, RAY3, TRI3, Q_RAY)
