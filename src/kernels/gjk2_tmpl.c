/* src/kernels/gjk2_tmpl.c — the 2D GJK queries, one pair per lane, compiled once per tier: each lane block
 * reads its pairs from the sources (2D shape, polygon and ray sets) into lanes, prepares them in A's
 * frame, runs the loop of kernels/gjk_lanes.h and writes the answers (z columns untouched). Every step
 * repeats ref/gjk2.c lane-wise, operation for operation: the checks, the frame, the scale and the
 * answers. */
#include <math.h>
#include <string.h>

#include "job.h"
#include "sets.h"

#define GJK_D 2
#include "kernels/gjk_lanes.h"

enum { Q_OVERLAP, Q_DISTANCE, Q_CAST, Q_RAY };

/* the scratch of a kernel: the transposed vertex rows of both sides */
typedef struct scratch2 {
	_Alignas(64) float v[2][2][SW_GJK_MAX_VERTS * SW_W];
} scratch2;
_Static_assert(sizeof(scratch2) <= SW_SCRATCH, "the GJK rows fit the per-thread scratch");

/* one side of a block in lanes: placement (rotation (c, s)), displacement, core */
typedef struct place2 {
	gw p, d;
	sw_fw qc, qs;
	side_w core;
} place2;

static const _Alignas(64) float zero_row[SW_GJK_MAX_VERTS * 16];

/* ---- reading the sources ---- */

SW_INLINE sw_fw lanes_of(const float *x) { return sw_loadu(x); }

/* gathers of an instance's placement and displacement from 6 columns */
SW_INLINE void gather_place(const float *const col[6], const int32_t *idx, place2 *o)
{
	o->p.c[0] = sw_gather(col[0], idx), o->p.c[1] = sw_gather(col[1], idx);
	o->qc = sw_gather(col[2], idx), o->qs = sw_gather(col[3], idx);
	o->d.c[0] = sw_gather(col[4], idx), o->d.c[1] = sw_gather(col[5], idx);
}

/* a vertex core's rows into the transposed buffer (lane l's vertex k, vertex 0 past its count n[l]);
 * lanes with n[l] = 0 read zeros */
SW_INLINE unsigned fill_rows(const float *pool, const size_t *rows, const uint32_t *stride, const uint32_t *n,
			     float *buf[2])
{
	unsigned nmax = 0;
	for (int l = 0; l < SW_W; l++)
		nmax = n[l] > nmax ? n[l] : nmax;
	for (int l = 0; l < SW_W; l++) {
		const float *r = n[l] ? pool + rows[l] : zero_row;
		uint32_t st = n[l] ? stride[l] : 0;
		for (int c = 0; c < 2; c++) {
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
		for (int c = 0; c < 2; c++)
			m = sw_max(m, sw_abs(sw_load(s->v[c] + (size_t)k * SW_W)));
	return m;
}

SW_INLINE void core_rows(side_w *s, float *buf[2], unsigned nv)
{
	s->nv = nv;
	for (int c = 0; c < 2; c++)
		s->v[c] = buf[c];
}

/* a sw_shape2_set's instances idx (valid where `ok`): returns the lanes whose shape is usable */
SW_INLINE unsigned load_shape2(const sw_shape2_set *s, const int32_t *idx, unsigned ok, float *buf[2], place2 *o)
{
	_Alignas(64) float rad[SW_W], ext[SW_W], hx[SW_W], hy[SW_W], bm[SW_W];
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
		hx[l] = good ? s->hx[sh] : 0, hy[l] = good ? s->hy[sh] : 0;
		bm[l] = isbox ? 1.0f : 0.0f;
	}
	const float *const col[6] = {s->px, s->py, s->qc, s->qs, s->dx, s->dy};
	gather_place(col, idx, o);
	core_rows(&o->core, buf, fill_rows(s->pool, rows, stride, n, buf));
	o->core.radius = lanes_of(rad), o->core.ext = lanes_of(ext);
	o->core.half.c[0] = lanes_of(hx), o->core.half.c[1] = lanes_of(hy);
	o->core.box = sw_gt(lanes_of(bm), sw_set1(0.0f));
	o->core.any_box = box & ok;
	return ok;
}

/* a sw_poly2_set's polygons: vertex cores of radius 0 from their rows of SW_POLY2_MAX_VERTS (padded
 * with vertex 0 by the set); a flagged shape or a count outside [2, SW_POLY2_MAX_VERTS] is invalid */
SW_INLINE unsigned load_poly2(const sw_poly2_set *s, const int32_t *idx, unsigned ok, float *buf[2], place2 *o)
{
	_Alignas(64) int32_t row[SW_W];
	unsigned nmax = 0;
	for (int l = 0; l < SW_W; l++) {
		uint32_t sh = (ok >> l & 1) ? s->shape[idx[l]] : 0;
		int good = (ok >> l & 1) && sh < s->shapes.count && s->ok[sh] && s->n[sh] >= 2 &&
			   s->n[sh] <= SW_POLY2_MAX_VERTS;
		ok &= ~((unsigned)!good << l);
		row[l] = good ? (int32_t)(SW_POLY2_MAX_VERTS * sh) : 0;
		unsigned n = good ? s->n[sh] : 1;
		nmax = n > nmax ? n : nmax;
	}
	const float *const col[6] = {s->px, s->py, s->qc, s->qs, s->dx, s->dy};
	gather_place(col, idx, o);
	for (unsigned k = 0; k < nmax; k++) {
		sw_storeu(buf[0] + (size_t)k * SW_W, sw_gather(s->vx + k, row));
		sw_storeu(buf[1] + (size_t)k * SW_W, sw_gather(s->vy + k, row));
	}
	core_rows(&o->core, buf, nmax);
	o->core.radius = sw_set1(0.0f);
	o->core.ext = rows_ext(&o->core);
	o->core.box = sw_mfalse(), o->core.any_box = 0;
	o->core.half = gw_zero();
	return ok;
}

/* a sw_ray2_set's rays as the point core at the origin, moving by delta (in d) */
SW_INLINE void load_ray2(const sw_ray2_set *s, const int32_t *idx, float *buf[2], place2 *o)
{
	const sw_fw zero = sw_set1(0.0f);
	o->p.c[0] = sw_gather(s->ox, idx), o->p.c[1] = sw_gather(s->oy, idx);
	o->d.c[0] = sw_gather(s->dx, idx), o->d.c[1] = sw_gather(s->dy, idx);
	o->qc = sw_set1(1.0f), o->qs = zero;
	for (int i = 0; i < 2; i++)
		sw_storeu(buf[i], zero);
	core_rows(&o->core, buf, 1);
	o->core.radius = zero, o->core.ext = zero, o->core.box = sw_mfalse(), o->core.any_box = 0;
	o->core.half = gw_zero();
}

/* ---- the pair in A's frame (make_pair) ---- */

/* sw_rot2_tmul(q, v) */
SW_INLINE gw tmul(sw_fw c, sw_fw s, gw v)
{
	gw o = {{sw_add(sw_mul(c, v.c[0]), sw_mul(s, v.c[1])), sw_add(sw_mul(sw_neg(s), v.c[0]), sw_mul(c, v.c[1]))}};
	return o;
}

/* sw_rot2_mul(A's rotation, v) */
SW_INLINE gw rotw(const place2 *a, gw v)
{
	gw o = {{sw_sub(sw_mul(a->qc, v.c[0]), sw_mul(a->qs, v.c[1])),
		 sw_add(sw_mul(a->qs, v.c[0]), sw_mul(a->qc, v.c[1]))}};
	return o;
}

/* a point of A's frame in world space, shifted */
SW_INLINE gw to_world(const place2 *a, gw v, gw shift)
{
	gw o = rotw(a, v);
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
SW_INLINE void make_pair_w(const place2 *a, const place2 *b, gw rel, sw_fw extra, sw_fw cap, pair_w *pr)
{
	gw rb0 = {{b->qc, b->qs}}, rb1 = {{sw_neg(b->qs), b->qc}};
	pr->a = a->core, pr->b = b->core;
	pr->col[0] = tmul(a->qc, a->qs, rb0);
	pr->col[1] = tmul(a->qc, a->qs, rb1);
	pr->off = tmul(a->qc, a->qs, gw_sub(b->p, a->p));
	pr->r = tmul(a->qc, a->qs, rel);
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

/* ---- the answers (ref/gjk2.c) ---- */

SW_INLINE void answer_overlap(const sw_overlap_results *out, const run_w *st, const pair_w *pr, const place2 *ra,
			      const uint32_t *pk, unsigned cnt, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw contact = sw_eq(st->end, sw_set1((float)GW_CONTACT)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	gw n = rotw(ra, unit_w(st->v));
	sw_fw d = sw_sel(limit, st->vlen, sw_div(st->vy, st->vlen));
	sw_fw gap = sw_div(sw_sub(d, pr->radius), pr->sigma);
	sw_fw rows[3] = {sw_sel(contact, zero, gap), sw_sel(contact, zero, n.c[0]), sw_sel(contact, zero, n.c[1])};
	float *const dst[3] = {out->depth, out->nx, out->ny};
	store_rows(dst, rows, 3, pk, cnt, invalid);
	uint8_t code[SW_W];
	unsigned cb = sw_mbits(contact), lb = sw_mbits(limit);
	for (unsigned l = 0; l < cnt; l++)
		code[l] = (cb >> l & 1) ? SW_HIT : (lb >> l & 1) ? SW_ITER_LIMIT : SW_MISS;
	store_codes(out->status, out->feature, pk, cnt, invalid, code);
}

SW_INLINE void answer_distance(const sw_distance_results *out, const run_w *st, const pair_w *pr, const place2 *ra,
			       const place2 *a, const place2 *b, const uint32_t *pk, unsigned cnt, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw contact = sw_eq(st->end, sw_set1((float)GW_CONTACT)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	gw wa, wb;
	witness_w(st, pr, &wa, &wb);
	gw common = to_world(ra, wa, a->p);
	gw n = unit_w(st->v);
	sw_mw hit = sw_le(st->vlen, sw_add(pr->radius, sw_mul(sw_set1(SW_GJK_TOUCH_EPS), st->scale)));
	sw_fw dist = sw_div(sw_sub(st->vlen, pr->radius), pr->sigma);
	gw nw = rotw(ra, n);
	for (int i = 0; i < 2; i++) {
		wa.c[i] = sw_add(wa.c[i], sw_mul(n.c[i], a->core.radius));
		wb.c[i] = sw_sub(wb.c[i], sw_mul(n.c[i], b->core.radius));
	}
	gw pa = to_world(ra, wa, a->p), pb = to_world(ra, wb, a->p);
	sw_fw rows[7];
	rows[0] = sw_sel(contact, zero, dist);
	for (int i = 0; i < 2; i++) {
		rows[1 + i] = sw_sel(contact, zero, nw.c[i]);
		rows[3 + i] = sw_sel(contact, common.c[i], pa.c[i]);
		rows[5 + i] = sw_sel(contact, common.c[i], pb.c[i]);
	}
	float *const dst[7] = {out->distance, out->nx, out->ny, out->ax, out->ay, out->bx, out->by};
	store_rows(dst, rows, 7, pk, cnt, invalid);
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
	sw_fw rows[8];
	rows[0] = sw_sel(miss, sw_set1(1.0f), t);
	rows[1] = zero;
	for (int i = 0; i < 2; i++) {
		rows[2 + i] = sw_sel(miss, zero, point.c[i]);
		rows[4 + i] = sw_sel(miss, zero, normal.c[i]);
		rows[6 + i] = zero;
	}
	float *const dst[8] = {out->t, out->depth, out->px, out->py, out->nx, out->ny, out->sx, out->sy};
	store_rows(dst, rows, 8, pk, cnt, invalid);
	uint8_t code[SW_W];
	unsigned mb = sw_mbits(miss), sb = sw_mbits(start), lb = sw_mbits(limit);
	for (unsigned l = 0; l < cnt; l++)
		code[l] = (mb >> l & 1)   ? SW_MISS
			  : (lb >> l & 1) ? SW_ITER_LIMIT
			  : (sb >> l & 1) ? SW_STARTS_OVERLAPPED
					  : SW_HIT;
	store_codes(out->status, out->feature, pk, cnt, invalid, code);
}

SW_INLINE void answer_cast(const sw_cast_results *out, const run_w *st, const pair_w *pr, const place2 *ra,
			   const place2 *a, const uint32_t *pk, unsigned cnt, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_eq(st->end, sw_set1((float)GW_MISS)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	sw_mw start = sw_mandnot(limit, sw_eq(st->lam, zero));
	gw wa, wb;
	witness_w(st, pr, &wa, &wb);
	gw shift;
	for (int i = 0; i < 2; i++)
		shift.c[i] = sw_add(a->p.c[i], sw_mul(a->d.c[i], st->lam));
	sw_mw touch = sw_mor(st->inside, sw_le(st->vlen, sw_mul(sw_set1(SW_GJK_TOUCH_EPS), st->scale)));
	sw_mw cores = sw_mand(start, touch);
	gw common = to_world(ra, wa, shift);
	gw n = unit_w(gw_sel(start, st->v, hit_normal_w(st, pr)));
	for (int i = 0; i < 2; i++)
		wa.c[i] = sw_add(wa.c[i], sw_mul(n.c[i], a->core.radius));
	gw point = gw_sel(cores, common, to_world(ra, wa, shift));
	gw normal = gw_sel(cores, gw_zero(), rotw(ra, n));
	store_cast(out, miss, start, limit, st->lam, point, normal, pk, cnt, invalid);
}

SW_INLINE void answer_ray(const sw_cast_results *out, const run_w *st, const pair_w *pr, const place2 *ra,
			  const place2 *ray, const uint32_t *pk, unsigned cnt, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_eq(st->end, sw_set1((float)GW_MISS)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	sw_mw start = sw_mandnot(limit, sw_eq(st->lam, zero));
	gw n = rotw(ra, unit_w(gw_scale(hit_normal_w(st, pr), sw_set1(-1.0f))));
	gw point;
	for (int i = 0; i < 2; i++)
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

SW_INLINE unsigned load_side(sw_src kind, const void *src, const int32_t *idx, unsigned ok, float *buf[2], place2 *o)
{
	if (kind == SW_SRC_SHAPE2)
		return load_shape2(src, idx, ok, buf, o);
	return load_poly2(src, idx, ok, buf, o);
}

SW_INLINE uint32_t src_count(sw_src kind, const void *src)
{
	switch (kind) {
	case SW_SRC_SHAPE2: return (uint32_t)((const sw_shape2_set *)src)->inst.count;
	case SW_SRC_POLY2: return (uint32_t)((const sw_poly2_set *)src)->inst.count;
	default: return (uint32_t)((const sw_ray2_set *)src)->t.count;
	}
}

SW_INLINE void gjk2_block(const sw_job *j, sw_src ka, sw_src kb, int q, size_t base, unsigned cnt, scratch2 *sc)
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
	float *bufa[2] = {sc->v[0][0], sc->v[0][1]}, *bufb[2] = {sc->v[1][0], sc->v[1][1]};
	place2 A, B;
	/* a ray row: the target is the GJK's A, the ray its point B */
	if (q == Q_RAY) {
		ok = load_side(kb, j->b, ib, ok, bufa, &A);
		load_ray2(j->a, ia, bufb, &B);
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
	pair_w pr;
	make_pair_w(&A, &B, rel, q == Q_CAST ? target : sw_set1(0.0f), cap, &pr);
	run_w st;
	int mode = q == Q_OVERLAP ? GW_OVERLAP : q == Q_DISTANCE ? GW_DIST : GW_CAST;
	loop_w(&pr, guess_w(&pr), act, mode, &st);
	loop_end(&st);
	unsigned invalid = ~use & SW_ALL_LANES;
	if (q == Q_OVERLAP)
		answer_overlap(j->out, &st, &pr, &A, pk, cnt, invalid);
	else if (q == Q_DISTANCE)
		answer_distance(j->out, &st, &pr, &A, &A, &B, pk, cnt, invalid);
	else if (q == Q_CAST)
		answer_cast(j->out, &st, &pr, &A, &A, pk, cnt, invalid);
	else
		answer_ray(j->out, &st, &pr, &A, &B, pk, cnt, invalid);
}

SW_INLINE void gjk2_rows(const sw_job *j, sw_src ka, sw_src kb, int q)
{
	scratch2 *sc = j->scratch;
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt = j->n - base < SW_W ? (unsigned)(j->n - base) : SW_W;
		gjk2_block(j, ka, kb, q, base, cnt, sc);
	}
}

#define ROW2(name, ka, kb, q)                                                                     \
	static void name##_kernel(const sw_job *j) { gjk2_rows(j, SW_SRC_##ka, SW_SRC_##kb, q); } \
	SW_EXPORT(name)

ROW2(gjk2_overlap, SHAPE2, SHAPE2, Q_OVERLAP)
ROW2(gjk2_distance, SHAPE2, SHAPE2, Q_DISTANCE)
ROW2(gjk2_cast, SHAPE2, SHAPE2, Q_CAST)
ROW2(gjk2_ray, RAY2, SHAPE2, Q_RAY)
ROW2(gjk2_poly2_overlap, POLY2, POLY2, Q_OVERLAP)
ROW2(gjk2_poly2_distance, POLY2, POLY2, Q_DISTANCE)
ROW2(gjk2_poly2_cast, POLY2, POLY2, Q_CAST)
ROW2(gjk2_ray_poly2, RAY2, POLY2, Q_RAY)
