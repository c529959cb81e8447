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
	put_core(in, l, 0, rows_ext(R, l), 0, 0);
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

/* ---- the answers (ref/gjk2.c) ---- */

SW_INLINE void answer_overlap(const sw_overlap_results *out, const run_w *st, const pair_w *pr, const place2 *ra,
			      const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw contact = sw_eq(st->end, sw_set1((float)GW_CONTACT)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	gw n = rotw(ra, unit_w(st->v));
	sw_fw d = sw_sel(limit, st->vlen, sw_div(st->vy, st->vlen));
	sw_fw gap = sw_div(sw_sub(d, pr->radius), pr->sigma);
	sw_fw rows[3] = {sw_sel(contact, zero, gap), sw_sel(contact, zero, n.c[0]), sw_sel(contact, zero, n.c[1])};
	float *const dst[3] = {out->depth, out->nx, out->ny};
	store_rows(dst, rows, 3, pk, lanes, invalid);
	uint8_t code[SW_W];
	unsigned cb = sw_mbits(contact), lb = sw_mbits(limit);
	for (unsigned l = 0; l < SW_W; l++)
		code[l] = (cb >> l & 1) ? SW_HIT : (lb >> l & 1) ? SW_ITER_LIMIT : SW_MISS;
	store_codes(out->status, out->feature, pk, lanes, invalid, code);
}

SW_INLINE void answer_distance(const sw_distance_results *out, const run_w *st, const pair_w *pr, const place2 *ra,
			       const place2 *a, const place2 *b, const uint32_t *pk, unsigned lanes, unsigned invalid)
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
	store_rows(dst, rows, 7, pk, lanes, invalid);
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
	sw_fw rows[8];
	rows[0] = sw_sel(miss, sw_set1(1.0f), t);
	rows[1] = zero;
	for (int i = 0; i < 2; i++) {
		rows[2 + i] = sw_sel(miss, zero, point.c[i]);
		rows[4 + i] = sw_sel(miss, zero, normal.c[i]);
		rows[6 + i] = zero;
	}
	float *const dst[8] = {out->t, out->depth, out->px, out->py, out->nx, out->ny, out->sx, out->sy};
	store_rows(dst, rows, 8, pk, lanes, invalid);
	uint8_t code[SW_W];
	unsigned mb = sw_mbits(miss), sb = sw_mbits(start), lb = sw_mbits(limit);
	for (unsigned l = 0; l < SW_W; l++)
		code[l] = (mb >> l & 1)   ? SW_MISS
			  : (lb >> l & 1) ? SW_ITER_LIMIT
			  : (sb >> l & 1) ? SW_STARTS_OVERLAPPED
					  : SW_HIT;
	store_codes(out->status, out->feature, pk, lanes, invalid, code);
}

SW_INLINE void answer_cast(const sw_cast_results *out, const run_w *st, const pair_w *pr, const place2 *ra,
			   const place2 *a, const uint32_t *pk, unsigned lanes, unsigned invalid)
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
	store_cast(out, miss, start, limit, st->lam, point, normal, pk, lanes, invalid);
}

SW_INLINE void answer_ray(const sw_cast_results *out, const run_w *st, const pair_w *pr, const place2 *ra,
			  const place2 *ray, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_eq(st->end, sw_set1((float)GW_MISS)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	sw_mw start = sw_mandnot(limit, sw_eq(st->lam, zero));
	gw n = rotw(ra, unit_w(gw_scale(hit_normal_w(st, pr), sw_set1(-1.0f))));
	gw point;
	for (int i = 0; i < 2; i++)
		point.c[i] = sw_add(ray->p.c[i], sw_mul(ray->d.c[i], st->lam));
	store_cast(out, miss, start, limit, st->lam, point, gw_sel(start, gw_zero(), n), pk, lanes, invalid);
}

/* ---- the lanes: pairs enter as lanes free up ---- */

/* everything the lanes hold between iterations */
typedef struct lanes_w {
	lane_in in[2];
	rows_w rows[2];
	place2 A, B; /* the GJK's A (the target of a ray) and B (the ray's point) */
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
		answer_overlap(j->out, &fin, &L->pr, &L->A, L->pk, lanes, inv);
	else if (q == Q_DISTANCE)
		answer_distance(j->out, &fin, &L->pr, &L->A, &L->A, &L->B, L->pk, lanes, inv);
	else if (q == Q_CAST)
		answer_cast(j->out, &fin, &L->pr, &L->A, &L->A, L->pk, lanes, inv);
	else
		answer_ray(j->out, &fin, &L->pr, &L->A, &L->B, L->pk, lanes, inv);
}

/* the next pairs of the queue into the free lanes `fill`; their runs start (the invalid ones done) */
SW_INLINE void refill(const sw_job *j, sw_src ka, sw_src kb, int q, lanes_w *L, unsigned fill, size_t *next)
{
	const sw_pair *pairs = j->pairs + j->off;
	/* a ray row: the target is the GJK's A (input 0), the ray its point B (input 1) */
	sw_src k0 = q == Q_RAY ? kb : ka, k1 = q == Q_RAY ? SW_SRC_RAY2 : kb;
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
	place2 A, B;
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
	make_pair_w(&A, &B, rel, q == Q_CAST ? target : sw_set1(0.0f), cap, &L->pr);
	L->A = A, L->B = B;
	lane_init(&L->pr, guess_w(&L->pr), m, sw_mfrom_bits(in & ~L->invalid), &L->st);
}

#include "kernels/gjk_drive.h"

#define ROW2(name, ka, kb, q)                                                                    \
	static void name##_kernel(const sw_job *j) { gjk_rows(j, SW_SRC_##ka, SW_SRC_##kb, q); } \
	SW_EXPORT(name)

ROW2(gjk2_overlap, SHAPE2, SHAPE2, Q_OVERLAP)
ROW2(gjk2_distance, SHAPE2, SHAPE2, Q_DISTANCE)
ROW2(gjk2_cast, SHAPE2, SHAPE2, Q_CAST)
ROW2(gjk2_ray, RAY2, SHAPE2, Q_RAY)
ROW2(gjk2_poly2_overlap, POLY2, POLY2, Q_OVERLAP)
ROW2(gjk2_poly2_distance, POLY2, POLY2, Q_DISTANCE)
ROW2(gjk2_poly2_cast, POLY2, POLY2, Q_CAST)
ROW2(gjk2_ray_poly2, RAY2, POLY2, Q_RAY)
