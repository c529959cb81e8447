/* src/kernels/obb3_sat_tmpl.c — moving and static OBB–OBB SAT, written once over the lane vocabulary
 * and compiled once per tier. It repeats ref/obb3_sat.c lane-wise, operation for operation (see that
 * file for the method): keep the two in step, or the tier tests will say so. */
#include <math.h>
#include <string.h>

#include "kernels/box_lanes.h"

/* everything the 15 axes are built from, in A's frame */
typedef struct frame_w {
	sw_fw t[3], v[3], rm[3][3], ar[3][3], ac[3][3], ha[3], hb[3];
	sw_fw s1, s2; /* the pair's scale (sw_ref_pair_scale) */
} frame_w;

/* one candidate axis (see sat_axis in the reference) */
typedef struct axis_w {
	sw_fw w, u, r, l[3], len2;
	sw_mw ok;
} axis_w;

SW_INLINE void frame_build(const box_w *a, const box_w *b, const sw_fw v[3], frame_w *f)
{
	sw_fw d0 = sw_sub(b->c[0], a->c[0]), d1 = sw_sub(b->c[1], a->c[1]), d2 = sw_sub(b->c[2], a->c[2]);
	/* a tiny pair is scaled up first, as obb3_axes() in the reference */
	const sw_fw len[12] = {sw_abs(d0), sw_abs(d1), sw_abs(d2), sw_abs(v[0]), sw_abs(v[1]), sw_abs(v[2]),
			       a->h[0],    a->h[1],    a->h[2],    b->h[0],      b->h[1],      b->h[2]};
	sw_fw m = len[0];
	for (int k = 1; k < 12; k++)
		m = sw_max(len[k], m);
	pair_scale(m, &f->s1, &f->s2);
	d0 = scaled(d0, f->s1, f->s2), d1 = scaled(d1, f->s1, f->s2), d2 = scaled(d2, f->s1, f->s2);
	const sw_fw vs[3] = {scaled(v[0], f->s1, f->s2), scaled(v[1], f->s1, f->s2), scaled(v[2], f->s1, f->s2)};
	for (int i = 0; i < 3; i++) {
		const sw_fw *ai = &a->r[3 * i];
		f->t[i] = sw_dot3(ai[0], ai[1], ai[2], d0, d1, d2);
		f->v[i] = sw_dot3(ai[0], ai[1], ai[2], vs[0], vs[1], vs[2]);
		for (int j = 0; j < 3; j++) {
			const sw_fw *bj = &b->r[3 * j];
			f->rm[i][j] = sw_dot3(ai[0], ai[1], ai[2], bj[0], bj[1], bj[2]);
			f->ar[i][j] = sw_abs(f->rm[i][j]);
		}
		f->ha[i] = scaled(a->h[i], f->s1, f->s2);
		f->hb[i] = scaled(b->h[i], f->s1, f->s2);
	}
	for (int j = 0; j < 3; j++) {
		int j1 = (j + 1) % 3;
		for (int i = 0; i < 3; i++) {
			int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
			f->ac[j][i] = sw_abs(
				sw_sub(sw_mul(f->rm[i1][j], f->rm[i2][j1]), sw_mul(f->rm[i2][j], f->rm[i1][j1])));
		}
	}
}

/* axis k in feature-id order, as obb3_axes() in the reference builds it */
SW_INLINE void axis_get(const frame_w *f, int k, axis_w *x)
{
	if (k < 3) {
		int i = k;
		x->w = f->t[i];
		x->u = f->v[i];
		x->r = sw_add(f->ha[i], sw_add(sw_add(sw_mul(f->hb[0], f->ar[i][0]), sw_mul(f->hb[1], f->ar[i][1])),
					       sw_mul(f->hb[2], f->ar[i][2])));
		for (int c = 0; c < 3; c++)
			x->l[c] = sw_set1(c == i ? 1.0f : 0.0f);
		x->len2 = sw_set1(1.0f);
		x->ok = sw_mnot(sw_mfalse());
	} else if (k < 6) {
		int j = k - 3;
		x->w = sw_dot3(f->t[0], f->t[1], f->t[2], f->rm[0][j], f->rm[1][j], f->rm[2][j]);
		x->u = sw_dot3(f->v[0], f->v[1], f->v[2], f->rm[0][j], f->rm[1][j], f->rm[2][j]);
		x->r = sw_add(sw_dot3(f->ha[0], f->ha[1], f->ha[2], f->ar[0][j], f->ar[1][j], f->ar[2][j]), f->hb[j]);
		for (int c = 0; c < 3; c++)
			x->l[c] = f->rm[c][j];
		x->len2 = sw_dot3(f->rm[0][j], f->rm[1][j], f->rm[2][j], f->rm[0][j], f->rm[1][j], f->rm[2][j]);
		x->ok = sw_mnot(sw_mfalse());
	} else {
		int i = (k - 6) / 3, j = (k - 6) % 3;
		int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
		sw_fw m = sw_max(f->ar[i1][j], f->ar[i2][j]), s = axis_scale(m);
		sw_fw p = sw_mul(f->rm[i1][j], s), q = sw_mul(f->rm[i2][j], s);
		x->w = sw_sub(sw_mul(f->t[i2], p), sw_mul(f->t[i1], q));
		x->u = sw_sub(sw_mul(f->v[i2], p), sw_mul(f->v[i1], q));
		x->r = sw_add(
			sw_add(sw_mul(f->ha[i1], sw_abs(q)), sw_mul(f->ha[i2], sw_abs(p))),
			sw_add(sw_mul(f->hb[j1], sw_mul(f->ac[j][i], s)), sw_mul(f->hb[j2], sw_mul(f->ac[j2][i], s))));
		x->l[i] = sw_set1(0.0f);
		x->l[i1] = sw_neg(q);
		x->l[i2] = p;
		x->len2 = sw_add(sw_mul(p, p), sw_mul(q, q));
		x->ok = sw_ge(m, sw_set1(SW_AXIS_MIN));
	}
}

/* axis `id` (0..14 per lane) rebuilt as axis_get() builds it, without a 15-way select: q = ⌊id/3⌋,
 * j = id mod 3 picks B's column, i picks the face of A or the edge of A. The products id·(1/3) are
 * within 2⁻²² of their integer part for id ≤ 14, so the floor is exact. An edge axis gets the scale
 * of axis_get() (the max over its components is the max of the two nonzero ones). len2 = L·L equals
 * the reference's len2 bit for bit: the zero component adds exactly and the two squares commute. */
SW_INLINE void axis_from_id(const frame_w *f, sw_fw id, sw_fw l[3], sw_fw *len2)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f), two = sw_set1(2.0f), three = sw_set1(3.0f);
	sw_fw q = sw_floor(sw_mul(id, sw_set1(1.0f / 3.0f)));
	sw_fw j = sw_sub(id, sw_mul(q, three));
	sw_mw face_a = sw_lt(id, three), edge = sw_ge(id, sw_set1(6.0f));
	sw_fw i = sw_sel(face_a, id, sw_sub(q, two));
	sw_mw j0 = sw_eq(j, zero), j1 = sw_eq(j, one), i0 = sw_eq(i, zero), i1 = sw_eq(i, one);
	sw_fw rc[3];
	for (int c = 0; c < 3; c++)
		rc[c] = sw_sel(j0, f->rm[c][0], sw_sel(j1, f->rm[c][1], f->rm[c][2]));
	/* e_i × column: i = 0 → (0, −c2, c1); i = 1 → (c2, 0, −c0); i = 2 → (−c1, c0, 0) */
	sw_fw e[3] = {sw_sel(i0, zero, sw_sel(i1, rc[2], sw_neg(rc[1]))),
		      sw_sel(i0, sw_neg(rc[2]), sw_sel(i1, zero, rc[0])),
		      sw_sel(i0, rc[1], sw_sel(i1, sw_neg(rc[0]), zero))};
	sw_fw s = axis_scale(sw_max(sw_max(sw_abs(e[0]), sw_abs(e[1])), sw_abs(e[2])));
	sw_fw fa[3] = {sw_sel(i0, one, zero), sw_sel(i1, one, zero), sw_sel(sw_mor(i0, i1), zero, one)};
	for (int c = 0; c < 3; c++)
		l[c] = sw_sel(face_a, fa[c], sw_sel(edge, sw_mul(e[c], s), rc[c]));
	*len2 = sw_dot3(l[0], l[1], l[2], l[0], l[1], l[2]);
}

/* running state (see sat_state in the reference): axis ids only; the normal is rebuilt at the end */
typedef struct sat_w {
	sw_fw in_num, in_den, in_axis, in_u, out_num, out_den;
	sw_mw sep0, never;
	sw_fw pen2, pen_len2, pen_axis, pen_w;
} sat_w;

/* `id` is a compile-time constant once the axis loop is unrolled, so the face-axis shortcuts fold */
SW_INLINE void sat_visit_w(sat_w *s, int id, const axis_w *x)
{
	const sw_fw fid = sw_set1((float)id), signbit = sw_set1(-0.0f);
	sw_fw aw = sw_abs(x->w);
	sw_mw sep = sw_gt(aw, x->r);
	/* zero edge axes are skipped (ok is all lanes for the face axes) */
	sw_mw ok = x->ok;
	s->sep0 = sw_mor(s->sep0, sw_mand(ok, sep));

	sw_fw pen = sw_sub(x->r, aw), pen2 = sw_mul(pen, pen);
	/* face axes of A have len2 = 1 exactly: pen2_best·1 is pen2_best */
	sw_fw rhs = id < 3 ? s->pen2 : sw_mul(s->pen2, x->len2);
	sw_mw up = sw_mand(ok, sw_lt(sw_mul(pen2, s->pen_len2), rhs));
	s->pen2 = sw_sel(up, pen2, s->pen2);
	s->pen_len2 = sw_sel(up, x->len2, s->pen_len2);
	s->pen_axis = sw_sel(up, fid, s->pen_axis);
	s->pen_w = sw_sel(up, x->w, s->pen_w);

	sw_fw a = sw_abs(x->u);
	sw_mw moving = sw_mand(ok, sw_gt(a, sw_set1(SW_TINY_SPEED)));
	s->never = sw_mor(s->never, sw_mand(sw_mandnot(moving, ok), sep));
	/* sign(u)·w by flipping w's sign bit with u's (u = ±0 only on lanes that are not moving) */
	sw_fw sw = sw_xor(x->w, sw_and(x->u, signbit));
	sw_fw nin = sw_sub(sw_neg(x->r), sw), nout = sw_sub(x->r, sw);
	sw_mw ui = sw_mand(moving, sw_gt(sw_mul(nin, s->in_den), sw_mul(s->in_num, a)));
	s->in_num = sw_sel(ui, nin, s->in_num);
	s->in_den = sw_sel(ui, a, s->in_den);
	s->in_axis = sw_sel(ui, fid, s->in_axis);
	s->in_u = sw_sel(ui, x->u, s->in_u);
	sw_mw uo = sw_mand(moving, sw_lt(sw_mul(nout, s->out_den), sw_mul(s->out_num, a)));
	s->out_num = sw_sel(uo, nout, s->out_num);
	s->out_den = sw_sel(uo, a, s->out_den);
}

SW_INLINE void sweep_core(const box_w *a, const box_w *b, const sw_fw v[3], sweep_w *o)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f), mone = sw_set1(-1.0f);
	frame_w f;
	frame_build(a, b, v, &f);
	sat_w s = {mone, zero, zero, zero, one, zero, sw_mfalse(), sw_mfalse(), sw_set1(INFINITY), one, zero, zero};
	SW_UNROLL
	for (int k = 0; k < SW_AXIS_COUNT; k++) {
		axis_w x;
		axis_get(&f, k, &x);
		sat_visit_w(&s, k, &x);
	}

	o->overlapped = sw_mnot(s.sep0);
	sw_mw touch = sw_mand(sw_le(sw_mul(s.in_num, s.out_den), sw_mul(s.out_num, s.in_den)),
			      sw_mand(sw_le(s.in_num, s.in_den), sw_ge(s.out_num, zero)));
	o->hit = sw_mandnot(sw_mor(o->overlapped, s.never), touch);
	sw_mw any = sw_mor(o->overlapped, o->hit);
	sw_fw t_last = sw_div(s.out_num, s.out_den);
	t_last = sw_sel(sw_lt(t_last, one), t_last, one);
	o->t_first = sw_sel(o->overlapped, zero, sw_sel(o->hit, sw_div(s.in_num, s.in_den), one));
	o->t_last = sw_sel(any, t_last, one);
	sw_fw axis = sw_sel(o->overlapped, s.pen_axis, s.in_axis);
	o->feature = sw_sel(any, axis, sw_set1((float)SW_AXIS_NONE));

	/* normal: sign·L/|L| of the chosen axis, rebuilt from its id, rotated to world by A's columns */
	sw_fw sign =
		sw_sel(o->overlapped, sw_sel(sw_lt(s.pen_w, zero), mone, one), sw_sel(sw_lt(s.in_u, zero), one, mone));
	sw_fw l[3], len2;
	axis_from_id(&f, axis, l, &len2);
	sw_fw sc = sw_div(sign, sw_sqrt(len2));
	sw_fw nl[3] = {sw_mul(l[0], sc), sw_mul(l[1], sc), sw_mul(l[2], sc)};
	for (int c = 0; c < 3; c++) {
		sw_fw nw =
			sw_add(sw_add(sw_mul(a->r[c], nl[0]), sw_mul(a->r[3 + c], nl[1])), sw_mul(a->r[6 + c], nl[2]));
		o->n[c] = sw_sel(any, nw, zero);
	}
}

/* gathers boxes idx[l] of a set; returns the lanes whose box is valid */
SW_INLINE sw_mw box_gather(const sw_obb3_set *s, const int32_t *idx, box_w *b)
{
	b->c[0] = sw_gather(s->px, idx);
	b->c[1] = sw_gather(s->py, idx);
	b->c[2] = sw_gather(s->pz, idx);
	b->h[0] = sw_gather(s->hx, idx);
	b->h[1] = sw_gather(s->hy, idx);
	b->h[2] = sw_gather(s->hz, idx);
	sw_mw q = box_rotation(b, sw_gather(s->qx, idx), sw_gather(s->qy, idx), sw_gather(s->qz, idx),
			       sw_gather(s->qw, idx));
	return sw_mand(q, box_valid(b));
}

/* lanes [base, base + SW_W) of an indexed job: the pairs' boxes, their count in *cnt and set indices in
 * ia, ib; returns the invalid lanes (index out of range, boxes off contract) */
SW_INLINE unsigned box_block(const sw_job *j, size_t base, unsigned *cnt, box_w *a, box_w *b, int32_t *ia, int32_t *ib)
{
	const sw_obb3_set *as = j->a, *bs = j->b;
	*cnt = j->n - base < SW_W ? (unsigned)(j->n - base) : SW_W;
	unsigned bad = lanes_indices(as->t.count, bs->t.count, j->pairs + j->off + base, *cnt, ia, ib);
	sw_mw ok = sw_mand(box_gather(as, ia, a), box_gather(bs, ib, b));
	return bad | (~sw_mbits(ok) & SW_ALL_LANES);
}

static void obb3_sweep_kernel(const sw_job *j)
{
	const sw_obb3_set *as = j->a, *bs = j->b;
	_Alignas(64) int32_t ia[SW_W], ib[SW_W];
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt;
		box_w a, b;
		unsigned invalid = box_block(j, base, &cnt, &a, &b, ia, ib);
		sw_fw da[3] = {sw_gather(as->dx, ia), sw_gather(as->dy, ia), sw_gather(as->dz, ia)};
		sw_fw db[3] = {sw_gather(bs->dx, ib), sw_gather(bs->dy, ib), sw_gather(bs->dz, ib)};
		sw_mw ok = sw_mand(sw_coord_ok(da[0]), sw_coord_ok(db[0]));
		sw_fw v[3];
		for (int c = 0; c < 3; c++) {
			ok = sw_mand(ok, sw_mand(sw_coord_ok(da[c]), sw_coord_ok(db[c])));
			v[c] = sw_sub(db[c], da[c]);
		}
		sweep_w o;
		sweep_core(&a, &b, v, &o);
		sweep_store(j->out, j->off + base, cnt, &o, invalid | (~sw_mbits(ok) & SW_ALL_LANES));
	}
}

static void obb3_sweep_packed_kernel(const sw_job *j)
{
	const sw_obb3_block *blocks = (const sw_obb3_block *)j->a + j->off / SW_BLOCK;
	const sw_sweep_results *out = j->out;
	size_t n = j->n, at = j->off;
	for (size_t base = 0; base < n; base += SW_W) {
		const sw_obb3_block *blk = &blocks[base / SW_BLOCK];
		unsigned off = (unsigned)(base % SW_BLOCK);
		unsigned cnt = n - base < SW_W ? (unsigned)(n - base) : SW_W;
		box_w a, b;
		sw_fw v[3];
		for (int k = 0; k < 3; k++) {
			a.c[k] = sw_load(&blk->ac[k][off]);
			a.h[k] = sw_load(&blk->ah[k][off]);
			b.c[k] = sw_load(&blk->bc[k][off]);
			b.h[k] = sw_load(&blk->bh[k][off]);
			v[k] = sw_load(&blk->v[k][off]);
		}
		sw_mw ok = sw_mand(box_rotation(&a, sw_load(&blk->aq[0][off]), sw_load(&blk->aq[1][off]),
						sw_load(&blk->aq[2][off]), sw_load(&blk->aq[3][off])),
				   box_rotation(&b, sw_load(&blk->bq[0][off]), sw_load(&blk->bq[1][off]),
						sw_load(&blk->bq[2][off]), sw_load(&blk->bq[3][off])));
		ok = sw_mand(ok, sw_mand(box_valid(&a), box_valid(&b)));
		for (int c = 0; c < 3; c++)
			ok = sw_mand(ok, sw_coord_ok(v[c]));
		sweep_w o;
		sweep_core(&a, &b, v, &o);
		sweep_store(out, at + base, cnt, &o, ~sw_mbits(ok) & SW_ALL_LANES);
	}
}

/* lanes [base, base + SW_W) of an indexed job at rest: box A and the pair's frame; returns the invalid
 * lanes */
SW_INLINE unsigned rest_block(const sw_job *j, size_t base, unsigned *cnt, box_w *a, frame_w *f)
{
	_Alignas(64) int32_t ia[SW_W], ib[SW_W];
	const sw_fw zero = sw_set1(0.0f);
	const sw_fw v[3] = {zero, zero, zero};
	box_w b;
	unsigned invalid = box_block(j, base, cnt, a, &b, ia, ib);
	frame_build(a, &b, v, f);
	return invalid;
}

static void obb3_overlap_test_kernel(const sw_job *j)
{
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt;
		box_w a;
		frame_w f;
		unsigned invalid = rest_block(j, base, &cnt, &a, &f);
		/* first separating axis per lane; stop once every lane has one */
		sw_mw sep = sw_mfalse();
		sw_fw feature = sw_set1((float)SW_AXIS_NONE);
		SW_UNROLL
		for (int k = 0; k < SW_AXIS_COUNT; k++) {
			axis_w x;
			axis_get(&f, k, &x);
			sw_mw s = sw_gt(sw_abs(x.w), x.r);
			if (k >= SW_AXIS_EDGE0)
				s = sw_mand(x.ok, s);
			feature = sw_sel(sw_mandnot(sep, s), sw_set1((float)k), feature);
			sep = sw_mor(sep, s);
			if (sw_mbits(sep) == SW_ALL_LANES)
				break;
		}
		test_store(j->out, j->off + base, cnt, feature, sep, invalid);
	}
}

/* least penetration (or first separation) of a block of box pairs at rest: sw_obb3_penetration
 * lane-wise; the chosen axis is rebuilt from its id at the end */
static void obb3_overlap_kernel(const sw_job *j)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f), mone = sw_set1(-1.0f);
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt;
		box_w a;
		frame_w f;
		unsigned invalid = rest_block(j, base, &cnt, &a, &f);
		sw_mw sep = sw_mfalse();
		sw_fw sep_id = zero, sep_pen = zero, sep_w = zero;
		sw_fw best_id = zero, best_pen = zero, best_pen2 = sw_set1(INFINITY), best_len2 = one, best_w = zero;
		SW_UNROLL
		for (int k = 0; k < SW_AXIS_COUNT; k++) {
			axis_w x;
			axis_get(&f, k, &x);
			sw_mw on = x.ok;
			sw_fw fid = sw_set1((float)k), pen = sw_sub(x.r, sw_abs(x.w)), pen2 = sw_mul(pen, pen);
			sw_mw first = sw_mandnot(sep, sw_mand(on, sw_lt(pen, zero)));
			sep = sw_mor(sep, first);
			sep_id = sw_sel(first, fid, sep_id), sep_pen = sw_sel(first, pen, sep_pen);
			sep_w = sw_sel(first, x.w, sep_w);
			sw_mw up = sw_mand(on, sw_lt(sw_mul(pen2, best_len2), sw_mul(best_pen2, x.len2)));
			best_id = sw_sel(up, fid, best_id), best_pen = sw_sel(up, pen, best_pen);
			best_pen2 = sw_sel(up, pen2, best_pen2), best_len2 = sw_sel(up, x.len2, best_len2);
			best_w = sw_sel(up, x.w, best_w);
		}
		sw_fw id = sw_sel(sep, sep_id, best_id), w = sw_sel(sep, sep_w, best_w), l[3], len2;
		axis_from_id(&f, id, l, &len2);
		sw_fw root = sw_sqrt(len2);
		sw_fw depth = sw_sel(sep, sw_div(sw_neg(sep_pen), root), sw_div(best_pen, root));
		sw_fw rows[4] = {sw_mul(sw_mul(depth, sw_div(one, f.s2)), sw_div(one, f.s1))};
		sw_fw sc = sw_div(sw_sel(sw_lt(w, zero), mone, one), root);
		sw_fw nl[3] = {sw_mul(l[0], sc), sw_mul(l[1], sc), sw_mul(l[2], sc)};
		for (int c = 0; c < 3; c++)
			rows[1 + c] = sw_add(sw_add(sw_mul(a.r[c], nl[0]), sw_mul(a.r[3 + c], nl[1])),
					     sw_mul(a.r[6 + c], nl[2]));
		overlap_store(j->out, j->off + base, cnt, rows, id, sep, invalid);
	}
}

SW_EXPORT(obb3_sweep)
SW_EXPORT(obb3_sweep_packed)
SW_EXPORT(obb3_overlap_test)
SW_EXPORT(obb3_overlap)
