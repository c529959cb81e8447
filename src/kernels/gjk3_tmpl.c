/* src/kernels/gjk3_tmpl.c — the 3D GJK queries, one pair per lane, compiled once per tier: each lane block
 * reads its pairs from the sources (shape, hull, box, triangle and ray sets) into lanes, prepares them
 * in A's frame, runs the loop of kernels/gjk_lanes.h and writes the answers. Every step repeats
 * ref/gjk3.c lane-wise, operation for operation: the checks, the frame, the scale and the answers. */
#include <math.h>
#include <string.h>

#include "job.h"
#include "sets.h"

#define GJK_D 3
#include "kernels/gjk_lanes.h"

enum { Q_OVERLAP, Q_DISTANCE, Q_CAST, Q_RAY };

/* the scratch of a kernel: the transposed vertex rows of both sides */
typedef struct scratch3 {
	_Alignas(64) float v[2][3][SW_GJK_MAX_VERTS * SW_W];
} scratch3;
_Static_assert(sizeof(scratch3) <= SW_SCRATCH, "the GJK rows fit the per-thread scratch");

/* one side of a block in lanes: placement, displacement, core, and the lanes whose inputs are valid */
typedef struct place3 {
	gw p, d;
	sw_fw qx, qy, qz, qw;
	side_w core;
	sw_mw ok;
} place3;

static const _Alignas(64) float zero_row[SW_GJK_MAX_VERTS * 16];

/* ---- reading the sources ---- */

/* per-lane scalars into lanes */
SW_INLINE sw_fw lanes_of(const float *x) { return sw_loadu(x); }

/* gathers of an instance's placement and displacement from 10 columns */
SW_INLINE void gather_place(const float *const col[10], const int32_t *idx, place3 *o)
{
	o->p.c[0] = sw_gather(col[0], idx), o->p.c[1] = sw_gather(col[1], idx), o->p.c[2] = sw_gather(col[2], idx);
	o->qx = sw_gather(col[3], idx), o->qy = sw_gather(col[4], idx), o->qz = sw_gather(col[5], idx);
	o->qw = sw_gather(col[6], idx);
	o->d.c[0] = sw_gather(col[7], idx), o->d.c[1] = sw_gather(col[8], idx), o->d.c[2] = sw_gather(col[9], idx);
}

/* a vertex core's rows into the transposed buffer: lane l's vertex k (vertex 0 past its count n[l]);
 * rows[l] its x row in `pool`, stride[l] the row length; lanes with n[l] = 0 read zeros */
SW_INLINE unsigned fill_rows(const float *pool, const size_t *rows, const uint32_t *stride, const uint32_t *n,
			     float *buf[3])
{
	unsigned nmax = 0;
	for (int l = 0; l < SW_W; l++)
		nmax = n[l] > nmax ? n[l] : nmax;
	for (int l = 0; l < SW_W; l++) {
		const float *r = n[l] ? pool + rows[l] : zero_row;
		uint32_t st = n[l] ? stride[l] : 0;
		for (int c = 0; c < 3; c++) {
			const float *rc = r + (size_t)c * st;
			float *b = buf[c] + l;
			for (unsigned k = 0; k < nmax; k++)
				b[(size_t)k * SW_W] = rc[k < n[l] ? k : 0];
		}
	}
	return nmax;
}

/* the core's extent from the rows: the largest |coordinate| (padding repeats vertex 0) */
SW_INLINE sw_fw rows_ext(const side_w *s)
{
	sw_fw m = sw_set1(0.0f);
	for (unsigned k = 0; k < s->nv; k++)
		for (int c = 0; c < 3; c++)
			m = sw_max(m, sw_abs(sw_load(s->v[c] + (size_t)k * SW_W)));
	return m;
}

SW_INLINE void core_rows(side_w *s, float *buf[3], unsigned nv)
{
	s->nv = nv;
	for (int c = 0; c < 3; c++)
		s->v[c] = buf[c];
}

/* a sw_shape3_set's instances idx (valid where `ok`): returns the lanes whose shape is usable */
SW_INLINE unsigned load_shape3(const sw_shape3_set *s, const int32_t *idx, unsigned ok, float *buf[3], place3 *o)
{
	_Alignas(64) float rad[SW_W], ext[SW_W], hx[SW_W], hy[SW_W], hz[SW_W];
	size_t rows[SW_W];
	uint32_t n[SW_W], stride[SW_W];
	unsigned box = 0;
	for (int l = 0; l < SW_W; l++) {
		uint32_t sh = (ok >> l & 1) ? s->shape[idx[l]] : 0;
		int good = (ok >> l & 1) && sh < s->shapes.count && s->ok[sh];
		ok &= ~((unsigned)!good << l);
		sh = good ? sh : 0;
		int isbox = !good || s->type[sh] == SW_SHAPE_BOX;
		box |= (unsigned)isbox << l;
		n[l] = isbox ? 0 : s->n[sh];
		rows[l] = s->off[sh], stride[l] = sw_row_pad(n[l]);
		rad[l] = good ? s->radius[sh] : 0, ext[l] = good ? s->ext[sh] : 0;
		hx[l] = good ? s->hx[sh] : 0, hy[l] = good ? s->hy[sh] : 0, hz[l] = good ? s->hz[sh] : 0;
	}
	const float *const col[10] = {s->px, s->py, s->pz, s->qx, s->qy, s->qz, s->qw, s->dx, s->dy, s->dz};
	gather_place(col, idx, o);
	core_rows(&o->core, buf, fill_rows(s->pool, rows, stride, n, buf));
	o->core.radius = lanes_of(rad), o->core.ext = lanes_of(ext);
	o->core.half.c[0] = lanes_of(hx), o->core.half.c[1] = lanes_of(hy), o->core.half.c[2] = lanes_of(hz);
	_Alignas(64) float bm[SW_W];
	for (int l = 0; l < SW_W; l++)
		bm[l] = (box >> l & 1) ? 1.0f : 0.0f;
	o->core.box = sw_gt(lanes_of(bm), sw_set1(0.0f));
	o->core.any_box = box & ok;
	return ok;
}

/* a sw_hull3_set's instances: vertex cores of radius 0 */
SW_INLINE unsigned load_hull3(const sw_hull3_set *s, const int32_t *idx, unsigned ok, float *buf[3], place3 *o)
{
	size_t rows[SW_W];
	uint32_t n[SW_W], stride[SW_W];
	for (int l = 0; l < SW_W; l++) {
		uint32_t sh = (ok >> l & 1) ? s->shape[idx[l]] : 0;
		int good = (ok >> l & 1) && sh < s->num_shapes && s->shapes[sh].ok;
		ok &= ~((unsigned)!good << l);
		n[l] = good ? s->shapes[sh].nv : 0;
		rows[l] = good ? s->shapes[sh].fl_off : 0, stride[l] = sw_row_pad(n[l]);
	}
	const float *const col[10] = {s->px, s->py, s->pz, s->qx, s->qy, s->qz, s->qw, s->dx, s->dy, s->dz};
	gather_place(col, idx, o);
	core_rows(&o->core, buf, fill_rows(s->pool, rows, stride, n, buf));
	o->core.radius = sw_set1(0.0f);
	o->core.ext = rows_ext(&o->core);
	o->core.box = sw_mfalse(), o->core.any_box = 0;
	o->core.half = gw_zero();
	return ok;
}

/* a sw_obb3_set's boxes: box cores of radius 0; half extents in [0, SW_MAX_COORD] */
SW_INLINE unsigned load_obb3(const sw_obb3_set *s, const int32_t *idx, unsigned ok, place3 *o)
{
	const float *const col[10] = {s->px, s->py, s->pz, s->qx, s->qy, s->qz, s->qw, s->dx, s->dy, s->dz};
	gather_place(col, idx, o);
	side_w *c = &o->core;
	c->nv = 0, c->box = sw_mnot(sw_mfalse()), c->any_box = ok, c->radius = sw_set1(0.0f);
	c->half.c[0] = sw_gather(s->hx, idx), c->half.c[1] = sw_gather(s->hy, idx),
	c->half.c[2] = sw_gather(s->hz, idx);
	sw_fw m = sw_set1(0.0f);
	sw_mw good = sw_mnot(sw_mfalse());
	for (int i = 0; i < 3; i++) {
		sw_fw h = c->half.c[i];
		good = sw_mand(good, sw_mand(sw_ge(h, sw_set1(0.0f)), sw_le(h, sw_set1(SW_MAX_COORD))));
		m = sw_max(m, h);
	}
	c->ext = m;
	return ok & sw_mbits(good);
}

/* a sw_tri3_set's triangles (a, b, c): the vertex core 0, b − a, c − a placed at a without rotation */
SW_INLINE unsigned load_tri3(const sw_tri3_set *s, const int32_t *idx, unsigned ok, float *buf[3], place3 *o)
{
	const sw_fw zero = sw_set1(0.0f);
	gw a = {{sw_gather(s->ax, idx), sw_gather(s->ay, idx), sw_gather(s->az, idx)}};
	gw b = {{sw_gather(s->bx, idx), sw_gather(s->by, idx), sw_gather(s->bz, idx)}};
	gw c = {{sw_gather(s->cx, idx), sw_gather(s->cy, idx), sw_gather(s->cz, idx)}};
	gw e1 = gw_sub(b, a), e2 = gw_sub(c, a);
	sw_fw m = zero;
	sw_mw good = sw_mnot(sw_mfalse());
	for (int i = 0; i < 3; i++) {
		sw_storeu(buf[i], zero);
		sw_storeu(buf[i] + SW_W, e1.c[i]);
		sw_storeu(buf[i] + 2 * SW_W, e2.c[i]);
	}
	for (int v = 0; v < 3; v++)
		for (int i = 0; i < 3; i++) {
			sw_fw x = sw_abs(v == 0 ? zero : v == 1 ? e1.c[i] : e2.c[i]);
			good = sw_mand(good, sw_coord_ok(x));
			m = sw_max(m, x);
		}
	o->p = a;
	o->d = gw_zero();
	o->qx = o->qy = o->qz = zero, o->qw = sw_set1(1.0f);
	core_rows(&o->core, buf, 3);
	o->core.radius = zero, o->core.ext = m, o->core.box = sw_mfalse(), o->core.any_box = 0;
	o->core.half = gw_zero();
	return ok & sw_mbits(good);
}

/* a sw_ray3_set's rays as the point core at the origin, moving by delta (in d) */
SW_INLINE void load_ray3(const sw_ray3_set *s, const int32_t *idx, float *buf[3], place3 *o)
{
	const sw_fw zero = sw_set1(0.0f);
	o->p.c[0] = sw_gather(s->ox, idx), o->p.c[1] = sw_gather(s->oy, idx), o->p.c[2] = sw_gather(s->oz, idx);
	o->d.c[0] = sw_gather(s->dx, idx), o->d.c[1] = sw_gather(s->dy, idx), o->d.c[2] = sw_gather(s->dz, idx);
	o->qx = o->qy = o->qz = zero, o->qw = sw_set1(1.0f);
	for (int i = 0; i < 3; i++)
		sw_storeu(buf[i], zero);
	core_rows(&o->core, buf, 1);
	o->core.radius = zero, o->core.ext = zero, o->core.box = sw_mfalse(), o->core.any_box = 0;
	o->core.half = gw_zero();
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

/* ---- storing ---- */

/* float rows at the lanes' pair indices (NULL columns skipped), NaN where invalid */
SW_INLINE void store_rows(float *const *dst, const sw_fw *src, int rows, const uint32_t *pk, unsigned cnt,
			  unsigned invalid)
{
	_Alignas(64) float tmp[SW_W];
	for (int k = 0; k < rows; k++) {
		if (!dst[k])
			continue;
		sw_storeu(tmp, src[k]);
		for (unsigned l = 0; l < cnt; l++)
			dst[k][pk[l]] = (invalid >> l & 1) ? NAN : tmp[l];
	}
}

/* statuses from per-lane codes (SW_PAIR_INVALID where invalid); feature ids: none */
SW_INLINE void store_codes(uint8_t *status, uint32_t *feature, const uint32_t *pk, unsigned cnt, unsigned invalid,
			   const uint8_t *st)
{
	for (unsigned l = 0; l < cnt; l++) {
		status[pk[l]] = (invalid >> l & 1) ? SW_PAIR_INVALID : st[l];
		if (feature)
			feature[pk[l]] = SW_FEATURE_NONE;
	}
}

SW_INLINE unsigned eq_bits(sw_fw a, float b) { return sw_mbits(sw_eq(a, sw_set1(b))); }

/* ---- the answers (ref/gjk3.c) ---- */

SW_INLINE void answer_overlap(const sw_overlap_results *out, const run_w *st, const pair_w *pr, const mat_w *ra,
			      const uint32_t *pk, unsigned cnt, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw contact = sw_eq(st->end, sw_set1((float)GW_CONTACT)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	gw n = rot_world(ra, unit_w(st->v));
	sw_fw d = sw_sel(limit, st->vlen, sw_div(st->vy, st->vlen));
	sw_fw gap = sw_div(sw_sub(d, pr->radius), pr->sigma);
	sw_fw rows[4] = {sw_sel(contact, zero, gap), sw_sel(contact, zero, n.c[0]), sw_sel(contact, zero, n.c[1]),
			 sw_sel(contact, zero, n.c[2])};
	float *const dst[4] = {out->depth, out->nx, out->ny, out->nz};
	store_rows(dst, rows, 4, pk, cnt, invalid);
	uint8_t code[SW_W];
	unsigned cb = sw_mbits(contact), lb = sw_mbits(limit);
	for (unsigned l = 0; l < cnt; l++)
		code[l] = (cb >> l & 1) ? SW_HIT : (lb >> l & 1) ? SW_ITER_LIMIT : SW_MISS;
	store_codes(out->status, out->feature, pk, cnt, invalid, code);
}

SW_INLINE void answer_distance(const sw_distance_results *out, const run_w *st, const pair_w *pr, const mat_w *ra,
			       const place3 *a, const place3 *b, const uint32_t *pk, unsigned cnt, unsigned invalid)
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
	store_rows(dst, rows, 10, pk, cnt, invalid);
	uint8_t code[SW_W];
	unsigned cb = sw_mbits(contact), lb = sw_mbits(limit), hb = sw_mbits(hit);
	for (unsigned l = 0; l < cnt; l++)
		code[l] = (cb >> l & 1)   ? SW_STARTS_OVERLAPPED
			  : (lb >> l & 1) ? SW_ITER_LIMIT
			  : (hb >> l & 1) ? SW_HIT
					  : SW_MISS;
	store_codes(out->status, out->feature, pk, cnt, invalid, code);
}

/* the cast's and the ray's rows: t, depth, point, normal, slide */
SW_INLINE void store_cast(const sw_cast_results *out, sw_mw miss, sw_mw start, sw_mw limit, sw_fw t, gw point,
			  gw normal, const uint32_t *pk, unsigned cnt, unsigned invalid)
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
	store_rows(dst, rows, 11, pk, cnt, invalid);
	uint8_t code[SW_W];
	unsigned mb = sw_mbits(miss), sb = sw_mbits(start), lb = sw_mbits(limit);
	for (unsigned l = 0; l < cnt; l++)
		code[l] = (mb >> l & 1)   ? SW_MISS
			  : (lb >> l & 1) ? SW_ITER_LIMIT
			  : (sb >> l & 1) ? SW_STARTS_OVERLAPPED
					  : SW_HIT;
	store_codes(out->status, out->feature, pk, cnt, invalid, code);
}

SW_INLINE void answer_cast(const sw_cast_results *out, const run_w *st, const pair_w *pr, const mat_w *ra,
			   const place3 *a, const uint32_t *pk, unsigned cnt, unsigned invalid)
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
	store_cast(out, miss, start, limit, st->lam, point, normal, pk, cnt, invalid);
}

SW_INLINE void answer_ray(const sw_cast_results *out, const run_w *st, const pair_w *pr, const mat_w *ra,
			  const place3 *ray, const uint32_t *pk, unsigned cnt, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_eq(st->end, sw_set1((float)GW_MISS)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	sw_mw start = sw_mandnot(limit, sw_eq(st->lam, zero));
	gw n = rot_world(ra, unit_w(gw_scale(hit_normal_w(st, pr), sw_set1(-1.0f))));
	gw point;
	for (int i = 0; i < 3; i++)
		point.c[i] = sw_add(ray->p.c[i], sw_mul(ray->d.c[i], st->lam));
	store_cast(out, miss, start, limit, st->lam, point, gw_sel(start, gw_zero(), n), pk, cnt, invalid);
}

/* ---- one block ---- */

/* the cap and target of the call's options (NULL: the defaults) */
SW_INLINE void opts_of(const sw_gjk_opts *o, sw_fw *cap, sw_fw *target)
{
	uint32_t c = o && o->max_iters ? o->max_iters : SW_GJK_DEFAULT_ITERS;
	*cap = sw_set1((float)c);
	*target = sw_set1(o ? o->target : 0.0f);
}

/* the side of source `kind` for instances idx (valid where ok): its placement and core, and the lanes
 * whose inputs are usable */
SW_INLINE unsigned load_side(sw_src kind, const void *src, const int32_t *idx, unsigned ok, float *buf[3], place3 *o)
{
	switch (kind) {
	case SW_SRC_SHAPE3: return load_shape3(src, idx, ok, buf, o);
	case SW_SRC_HULL3: return load_hull3(src, idx, ok, buf, o);
	case SW_SRC_OBB3: return load_obb3(src, idx, ok, o);
	case SW_SRC_TRI3: return load_tri3(src, idx, ok, buf, o);
	default: load_ray3(src, idx, buf, o); return ok;
	}
}

SW_INLINE uint32_t src_count(sw_src kind, const void *src)
{
	switch (kind) {
	case SW_SRC_SHAPE3: return (uint32_t)((const sw_shape3_set *)src)->inst.count;
	case SW_SRC_HULL3: return (uint32_t)((const sw_hull3_set *)src)->inst.count;
	case SW_SRC_OBB3: return (uint32_t)((const sw_obb3_set *)src)->t.count;
	case SW_SRC_TRI3: return (uint32_t)((const sw_tri3_set *)src)->t.count;
	default: return (uint32_t)((const sw_ray3_set *)src)->t.count;
	}
}

SW_INLINE void gjk3_block(const sw_job *j, sw_src ka, sw_src kb, int q, size_t base, unsigned cnt, scratch3 *sc)
{
	const sw_pair *pairs = j->pairs + j->off;
	uint32_t pk[SW_W];
	_Alignas(64) int32_t ia[SW_W], ib[SW_W];
	unsigned ok = 0;
	uint32_t na = src_count(ka, j->a), nb = src_count(kb, j->b);
	for (unsigned l = 0; l < SW_W; l++) {
		unsigned m = l < cnt ? l : cnt - 1;
		uint32_t k = j->order ? j->order[base + m] : (uint32_t)(base + m);
		pk[l] = (uint32_t)j->off + k;
		sw_pair p = pairs[k];
		int good = p.a < na && p.b < nb;
		ok |= (unsigned)good << l;
		ia[l] = good ? (int32_t)p.a : 0, ib[l] = good ? (int32_t)p.b : 0;
	}
	float *bufa[3] = {sc->v[0][0], sc->v[0][1], sc->v[0][2]}, *bufb[3] = {sc->v[1][0], sc->v[1][1], sc->v[1][2]};
	place3 A, B;
	/* a ray row: the target is the GJK's A, the ray its point B */
	if (q == Q_RAY) {
		ok = load_side(kb, j->b, ib, ok, bufa, &A);
		load_ray3(j->a, ia, bufb, &B);
	} else {
		ok = load_side(ka, j->a, ia, ok, bufa, &A);
		ok = load_side(kb, j->b, ib, ok, bufb, &B);
	}
	sw_fw cap, target;
	opts_of(j->opts, &cap, &target);
	sw_mw valid = sw_mand(pose_ok(&A), pose_ok(&B));
	gw rel = gw_zero();
	if (q == Q_CAST) {
		valid = sw_mand(valid, sw_mand(gw_ok(A.d), gw_ok(B.d)));
		rel = gw_sub(B.d, A.d);
	} else if (q == Q_RAY) {
		valid = sw_mand(valid, gw_ok(B.d));
		rel = B.d;
	}
	unsigned use = ok & sw_mbits(valid);
	_Alignas(64) float actf[SW_W];
	for (int l = 0; l < SW_W; l++)
		actf[l] = (use >> l & 1) ? 1.0f : 0.0f;
	sw_mw act = sw_gt(sw_loadu(actf), sw_set1(0.0f));
	mat_w ra = mat_of(A.qx, A.qy, A.qz, A.qw);
	pair_w pr;
	make_pair_w(&A, &ra, &B, rel, q == Q_CAST ? target : sw_set1(0.0f), cap, &pr);
	run_w st;
	int mode = q == Q_OVERLAP ? GW_OVERLAP : q == Q_DISTANCE ? GW_DIST : GW_CAST;
	loop_w(&pr, guess_w(&pr), act, mode, &st);
	loop_end(&st);
	unsigned invalid = ~use & SW_ALL_LANES;
	if (q == Q_OVERLAP)
		answer_overlap(j->out, &st, &pr, &ra, pk, cnt, invalid);
	else if (q == Q_DISTANCE)
		answer_distance(j->out, &st, &pr, &ra, &A, &B, pk, cnt, invalid);
	else if (q == Q_CAST)
		answer_cast(j->out, &st, &pr, &ra, &A, pk, cnt, invalid);
	else
		answer_ray(j->out, &st, &pr, &ra, &B, pk, cnt, invalid);
}

SW_INLINE void gjk3_rows(const sw_job *j, sw_src ka, sw_src kb, int q)
{
	scratch3 *sc = j->scratch;
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt = j->n - base < SW_W ? (unsigned)(j->n - base) : SW_W;
		gjk3_block(j, ka, kb, q, base, cnt, sc);
	}
}

#define ROW3(name, ka, kb, q)                                                                     \
	static void name##_kernel(const sw_job *j) { gjk3_rows(j, SW_SRC_##ka, SW_SRC_##kb, q); } \
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
