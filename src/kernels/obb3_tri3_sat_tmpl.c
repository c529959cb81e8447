/* src/kernels/obb3_tri3_sat_tmpl.c — moving and static OBB–triangle SAT, written once over the lane
 * vocabulary and compiled once per tier. It repeats ref/obb3_tri3_sat.c lane-wise, operation for operation
 * (see that file for the method): keep the two in step, or the tier tests will say so. The box
 * helpers repeat those of obb3_sat_tmpl.c (same arithmetic as sw_mat3_from_quat()). */
#include <math.h>
#include <string.h>

#include "kernels/box_lanes.h"
#include "kernels/tri_lanes.h"

/* the frame of ref/obb3_tri3_sat.c's tri_frame, one pair per lane */
typedef struct tframe_w {
	sw_fw h[3], d[3], v[3], f[3][3], x[3], y[3], n[3], k[3], p;
	sw_fw s1, s2; /* the pair's scale (sw_ref_pair_scale) */
} tframe_w;

/* one candidate axis (tri_axis in the reference); `ok` is the reference's !skip */
typedef struct taxis_w {
	sw_fw lo, hi, r, u, l[3], len2;
	sw_mw ok;
} taxis_w;

SW_INLINE void tframe_build(const box_w *bx, const sw_fw ta[3], sw_fw w[3][3], sw_fw p, const sw_fw v[3], tframe_w *f)
{
	sw_fw d0 = sw_sub(ta[0], bx->c[0]), d1 = sw_sub(ta[1], bx->c[1]), d2 = sw_sub(ta[2], bx->c[2]);
	/* a tiny pair is scaled up first, as tri_frame_build() in the reference */
	const sw_fw len[10] = {sw_abs(d0),   sw_abs(d1), sw_abs(d2), sw_abs(v[0]), sw_abs(v[1]),
			       sw_abs(v[2]), bx->h[0],   bx->h[1],   bx->h[2],     p};
	sw_fw m = len[0];
	for (int k = 1; k < 10; k++)
		m = gt_sel(len[k], m);
	pair_scale(m, &f->s1, &f->s2);
	d0 = scaled(d0, f->s1, f->s2), d1 = scaled(d1, f->s1, f->s2), d2 = scaled(d2, f->s1, f->s2);
	const sw_fw vs[3] = {scaled(v[0], f->s1, f->s2), scaled(v[1], f->s1, f->s2), scaled(v[2], f->s1, f->s2)};
	p = scaled(p, f->s1, f->s2);
	for (int i = 0; i < 3; i++) {
		f->h[i] = scaled(bx->h[i], f->s1, f->s2);
		const sw_fw *c = &bx->r[3 * i];
		f->d[i] = sw_dot3(c[0], c[1], c[2], d0, d1, d2);
		f->v[i] = sw_dot3(c[0], c[1], c[2], vs[0], vs[1], vs[2]);
		for (int j = 0; j < 3; j++)
			f->f[j][i] = sw_dot3(c[0], c[1], c[2], w[j][0], w[j][1], w[j][2]);
	}
	sw_fw g[3];
	for (int i = 0; i < 3; i++) {
		g[i] = sw_neg(f->f[2][i]);
		f->x[i] = sw_mul(f->f[0][i], p);
		f->y[i] = sw_mul(g[i], p);
	}
	const sw_fw *f0 = f->f[0];
	f->n[0] = sw_sub(sw_mul(f0[1], g[2]), sw_mul(f0[2], g[1]));
	f->n[1] = sw_sub(sw_mul(f0[2], g[0]), sw_mul(f0[0], g[2]));
	f->n[2] = sw_sub(sw_mul(f0[0], g[1]), sw_mul(f0[1], g[0]));
	const sw_fw *f1 = f->f[1];
	f->k[0] = sw_sub(sw_mul(f1[1], f0[2]), sw_mul(f1[2], f0[1]));
	f->k[1] = sw_sub(sw_mul(f1[2], f0[0]), sw_mul(f1[0], f0[2]));
	f->k[2] = sw_sub(sw_mul(f1[0], f0[1]), sw_mul(f1[1], f0[0]));
	f->p = p;
}

SW_INLINE sw_fw min0_w(sw_fw a) { return lt_sel(a, sw_set1(0.0f)); }
SW_INLINE sw_fw max0_w(sw_fw a) { return gt_sel(a, sw_set1(0.0f)); }

/* axis `id` in feature-id order, as tri_axis_get() builds it */
SW_INLINE void taxis_get(const tframe_w *f, int id, taxis_w *x)
{
	x->ok = sw_mnot(sw_mfalse());
	if (id < 3) {
		int i = id;
		sw_fw a = f->x[i], b = f->y[i];
		sw_fw mn = min0_w(lt_sel(a, b)), mx = max0_w(gt_sel(a, b));
		x->lo = sw_add(f->d[i], mn);
		x->hi = sw_add(f->d[i], mx);
		x->r = f->h[i];
		x->u = f->v[i];
		for (int c = 0; c < 3; c++)
			x->l[c] = sw_set1(c == i ? 1.0f : 0.0f);
		x->len2 = sw_set1(1.0f);
	} else if (id == SW_TRI3_AXIS_FACE_TRI) {
		const sw_fw *n = f->n;
		x->lo = x->hi = sw_dot3(f->d[0], f->d[1], f->d[2], n[0], n[1], n[2]);
		x->r = sw_add(sw_add(sw_mul(f->h[0], sw_abs(n[0])), sw_mul(f->h[1], sw_abs(n[1]))),
			      sw_mul(f->h[2], sw_abs(n[2])));
		x->u = sw_dot3(f->v[0], f->v[1], f->v[2], n[0], n[1], n[2]);
		for (int c = 0; c < 3; c++)
			x->l[c] = n[c];
		x->len2 = sw_dot3(n[0], n[1], n[2], n[0], n[1], n[2]);
	} else {
		int i = (id - SW_TRI3_AXIS_EDGE0) / 3, j = (id - SW_TRI3_AXIS_EDGE0) % 3;
		int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
		const sw_fw *fj = f->f[j];
		/* max gives the value of the reference's ?: for every non-NaN pair */
		sw_fw m = sw_max(sw_abs(fj[i1]), sw_abs(fj[i2])), s = axis_scale(m);
		sw_fw a = sw_mul(fj[i1], s), b = sw_mul(fj[i2], s);
		sw_fw p = sw_sub(sw_mul(f->d[i2], a), sw_mul(f->d[i1], b));
		sw_fw o = sw_mul(sw_mul(j == 1 ? f->k[i] : f->n[i], s), f->p);
		x->lo = sw_add(p, min0_w(o));
		x->hi = sw_add(p, max0_w(o));
		x->r = sw_add(sw_mul(f->h[i1], sw_abs(b)), sw_mul(f->h[i2], sw_abs(a)));
		x->u = sw_sub(sw_mul(f->v[i2], a), sw_mul(f->v[i1], b));
		x->l[i] = sw_set1(0.0f);
		x->l[i1] = sw_neg(b);
		x->l[i2] = a;
		x->len2 = sw_add(sw_mul(a, a), sw_mul(b, b));
		x->ok = sw_ge(m, sw_set1(SW_AXIS_MIN));
	}
}

/* running state (tri_state in the reference), with the chosen axes' vectors instead of their ids */
typedef struct tsat_w {
	sw_fw in_num, in_den, in_axis, in_u, in_l[3], in_len2;
	sw_fw out_num, out_den;
	sw_mw sep0, never;
	sw_fw pen2, pen_len2, pen_axis, pen_sign, pen_l[3];
} tsat_w;

SW_INLINE void tsat_visit(tsat_w *s, int id, const taxis_w *x)
{
	const sw_fw zero = sw_set1(0.0f), fid = sw_set1((float)id);
	sw_fw pos = sw_sub(x->r, x->lo), neg = sw_add(x->r, x->hi);
	sw_mw plus = sw_le(pos, neg);
	sw_fw pen = sw_sel(plus, pos, neg);
	sw_mw sep = sw_lt(pen, zero);
	s->sep0 = sw_mor(s->sep0, sw_mand(x->ok, sep));

	sw_fw pen2 = sw_mul(pen, pen);
	sw_mw up = sw_mand(x->ok, sw_lt(sw_mul(pen2, s->pen_len2), sw_mul(s->pen2, x->len2)));
	s->pen2 = sw_sel(up, pen2, s->pen2);
	s->pen_len2 = sw_sel(up, x->len2, s->pen_len2);
	s->pen_axis = sw_sel(up, fid, s->pen_axis);
	s->pen_sign = sw_sel(up, sw_sel(plus, sw_set1(1.0f), sw_set1(-1.0f)), s->pen_sign);
	for (int c = 0; c < 3; c++)
		s->pen_l[c] = sw_sel(up, x->l[c], s->pen_l[c]);

	sw_fw a = sw_abs(x->u);
	sw_mw moving = sw_mand(x->ok, sw_gt(a, sw_set1(SW_TINY_SPEED)));
	s->never = sw_mor(s->never, sw_mand(sw_mandnot(moving, x->ok), sep));
	sw_mw back = sw_lt(x->u, zero);
	sw_fw nin = sw_sel(back, sw_neg(pos), sw_neg(neg)), nout = sw_sel(back, neg, pos);
	sw_mw ui = sw_mand(moving, sw_gt(sw_mul(nin, s->in_den), sw_mul(s->in_num, a)));
	s->in_num = sw_sel(ui, nin, s->in_num);
	s->in_den = sw_sel(ui, a, s->in_den);
	s->in_axis = sw_sel(ui, fid, s->in_axis);
	s->in_u = sw_sel(ui, x->u, s->in_u);
	s->in_len2 = sw_sel(ui, x->len2, s->in_len2);
	for (int c = 0; c < 3; c++)
		s->in_l[c] = sw_sel(ui, x->l[c], s->in_l[c]);
	sw_mw uo = sw_mand(moving, sw_lt(sw_mul(nout, s->out_den), sw_mul(s->out_num, a)));
	s->out_num = sw_sel(uo, nout, s->out_num);
	s->out_den = sw_sel(uo, a, s->out_den);
}

SW_INLINE void tsweep_core(const box_w *bx, const sw_fw ta[3], sw_fw w[3][3], sw_fw p, const sw_fw v[3], int one_sided,
			   sweep_w *o)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f), mone = sw_set1(-1.0f);
	tframe_w f;
	tframe_build(bx, ta, w, p, v, &f);
	tsat_w s = {.in_num = mone,
		    .in_den = zero,
		    .in_axis = zero,
		    .in_u = zero,
		    .in_l = {zero, zero, zero},
		    .in_len2 = one,
		    .out_num = one,
		    .out_den = zero,
		    .sep0 = sw_mfalse(),
		    .never = sw_mfalse(),
		    .pen2 = sw_set1(INFINITY),
		    .pen_len2 = one,
		    .pen_axis = zero,
		    .pen_sign = one,
		    .pen_l = {zero, zero, zero}};
	sw_mw front = sw_mnot(sw_mfalse());
	SW_UNROLL
	for (int k = 0; k < SW_TRI3_AXIS_COUNT; k++) {
		taxis_w x;
		taxis_get(&f, k, &x);
		tsat_visit(&s, k, &x);
		if (k == SW_TRI3_AXIS_FACE_TRI && one_sided)
			front = sw_gt(x.u, sw_set1(SW_TINY_SPEED));
	}

	o->overlapped = sw_mnot(s.sep0);
	sw_mw touch = sw_mand(sw_le(sw_mul(s.in_num, s.out_den), sw_mul(s.out_num, s.in_den)),
			      sw_mand(sw_le(s.in_num, s.in_den), sw_ge(s.out_num, zero)));
	o->hit = sw_mandnot(sw_mor(o->overlapped, s.never), sw_mand(touch, front));
	sw_mw any = sw_mor(o->overlapped, o->hit);
	sw_fw t_last = sw_div(s.out_num, s.out_den);
	t_last = lt_sel(t_last, one);
	o->t_first = sw_sel(o->overlapped, zero, sw_sel(o->hit, sw_div(s.in_num, s.in_den), one));
	o->t_last = sw_sel(any, t_last, one);
	o->feature = sw_sel(any, sw_sel(o->overlapped, s.pen_axis, s.in_axis), sw_set1((float)SW_AXIS_NONE));

	/* normal: sign·L/|L| of the chosen axis, rotated to world by the box's columns */
	sw_fw sign = sw_sel(o->overlapped, s.pen_sign, sw_sel(sw_lt(s.in_u, zero), one, mone));
	sw_fw len2 = sw_sel(o->overlapped, s.pen_len2, s.in_len2);
	sw_fw sc = sw_div(sign, sw_sqrt(len2));
	sw_fw nl[3];
	for (int c = 0; c < 3; c++)
		nl[c] = sw_mul(sw_sel(o->overlapped, s.pen_l[c], s.in_l[c]), sc);
	for (int c = 0; c < 3; c++) {
		sw_fw nw = sw_add(sw_add(sw_mul(bx->r[c], nl[0]), sw_mul(bx->r[3 + c], nl[1])),
				  sw_mul(bx->r[6 + c], nl[2]));
		o->n[c] = sw_sel(any, nw, zero);
	}
}

/* one block of pairs gathered into lanes: box, triangle vertex a, scaled edges; `ok` holds the lanes
 * whose inputs (box, triangle and, when `dv` is not NULL, both displacements) are valid */
typedef struct tpairs_w {
	box_w box;
	sw_fw ta[3], w[3][3], p, v[3];
	sw_mw ok;
} tpairs_w;

SW_INLINE void tpairs_gather(const sw_obb3_set *as, const sw_tri3_set *ts, const int32_t *ia, const int32_t *ib,
			     int motion, tpairs_w *g)
{
	box_w *b = &g->box;
	b->c[0] = sw_gather(as->px, ia);
	b->c[1] = sw_gather(as->py, ia);
	b->c[2] = sw_gather(as->pz, ia);
	b->h[0] = sw_gather(as->hx, ia);
	b->h[1] = sw_gather(as->hy, ia);
	b->h[2] = sw_gather(as->hz, ia);
	sw_mw ok = box_checked(b, sw_gather(as->qx, ia), sw_gather(as->qy, ia), sw_gather(as->qz, ia),
			       sw_gather(as->qw, ia));
	sw_fw tb[3], tc[3];
	g->ta[0] = sw_gather(ts->ax, ib);
	g->ta[1] = sw_gather(ts->ay, ib);
	g->ta[2] = sw_gather(ts->az, ib);
	tb[0] = sw_gather(ts->bx, ib);
	tb[1] = sw_gather(ts->by, ib);
	tb[2] = sw_gather(ts->bz, ib);
	tc[0] = sw_gather(ts->cx, ib);
	tc[1] = sw_gather(ts->cy, ib);
	tc[2] = sw_gather(ts->cz, ib);
	for (int k = 0; k < 3; k++)
		ok = sw_mand(ok, sw_mand(sw_coord_ok(g->ta[k]), sw_mand(sw_coord_ok(tb[k]), sw_coord_ok(tc[k]))));
	if (motion) {
		sw_fw da[3] = {sw_gather(as->dx, ia), sw_gather(as->dy, ia), sw_gather(as->dz, ia)};
		sw_fw dt[3] = {sw_gather(ts->dx, ib), sw_gather(ts->dy, ib), sw_gather(ts->dz, ib)};
		for (int k = 0; k < 3; k++) {
			ok = sw_mand(ok, sw_mand(sw_coord_ok(da[k]), sw_coord_ok(dt[k])));
			g->v[k] = sw_sub(dt[k], da[k]);
		}
	} else {
		g->v[0] = g->v[1] = g->v[2] = sw_set1(0.0f);
	}
	tedges(g->ta, tb, tc, g->w, &g->p);
	g->ok = sw_mand(ok, tri_not_degenerate_w(g->w));
}

/* lanes [off, off + SW_W) of a packed block, checked like tpairs_gather with the relative motion */
SW_INLINE void tpairs_load(const sw_obb3_tri3_block *blk, unsigned off, tpairs_w *g)
{
	box_w *b = &g->box;
	sw_fw tb[3], tc[3];
	for (int k = 0; k < 3; k++) {
		b->c[k] = sw_load(&blk->ac[k][off]);
		b->h[k] = sw_load(&blk->ah[k][off]);
		g->ta[k] = sw_load(&blk->ta[k][off]);
		tb[k] = sw_load(&blk->tb[k][off]);
		tc[k] = sw_load(&blk->tc[k][off]);
		g->v[k] = sw_load(&blk->v[k][off]);
	}
	sw_mw ok = box_checked(b, sw_load(&blk->aq[0][off]), sw_load(&blk->aq[1][off]), sw_load(&blk->aq[2][off]),
			       sw_load(&blk->aq[3][off]));
	for (int k = 0; k < 3; k++)
		ok = sw_mand(ok, sw_mand(sw_mand(sw_coord_ok(g->ta[k]), sw_coord_ok(tb[k])),
					 sw_mand(sw_coord_ok(tc[k]), sw_coord_ok(g->v[k]))));
	tedges(g->ta, tb, tc, g->w, &g->p);
	g->ok = sw_mand(ok, tri_not_degenerate_w(g->w));
}

/* lanes [base, base + SW_W) of an indexed job: the pairs' boxes and triangles (with their motion when
 * `moving`), their count in *cnt; returns the invalid lanes (index out of range, inputs off contract) */
SW_INLINE unsigned tri_block(const sw_job *j, size_t base, int moving, unsigned *cnt, tpairs_w *g)
{
	const sw_obb3_set *as = j->a;
	const sw_tri3_set *ts = j->b;
	_Alignas(64) int32_t ia[SW_W], ib[SW_W];
	*cnt = j->n - base < SW_W ? (unsigned)(j->n - base) : SW_W;
	unsigned bad = lanes_indices(as->t.count, ts->t.count, j->pairs + j->off + base, *cnt, ia, ib);
	tpairs_gather(as, ts, ia, ib, moving, g);
	return bad | (~sw_mbits(g->ok) & SW_ALL_LANES);
}

static void obb3_tri3_sweep_packed_kernel(const sw_job *j)
{
	const sw_obb3_tri3_block *blocks = (const sw_obb3_tri3_block *)j->a + j->off / SW_BLOCK;
	const sw_sweep_results *out = j->out;
	size_t n = j->n, at = j->off;
	int one_sided = ((const sw_sweep_opts *)j->opts)->one_sided != 0;
	for (size_t base = 0; base < n; base += SW_W) {
		unsigned cnt = n - base < SW_W ? (unsigned)(n - base) : SW_W;
		tpairs_w g;
		tpairs_load(&blocks[base / SW_BLOCK], (unsigned)(base % SW_BLOCK), &g);
		sweep_w o;
		tsweep_core(&g.box, g.ta, g.w, g.p, g.v, one_sided, &o);
		sweep_store(out, at + base, cnt, &o, ~sw_mbits(g.ok) & SW_ALL_LANES);
	}
}

static void obb3_tri3_sweep_kernel(const sw_job *j)
{
	int one_sided = ((const sw_sweep_opts *)j->opts)->one_sided != 0;
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt;
		tpairs_w g;
		unsigned invalid = tri_block(j, base, 1, &cnt, &g);
		sweep_w o;
		tsweep_core(&g.box, g.ta, g.w, g.p, g.v, one_sided, &o);
		sweep_store(j->out, j->off + base, cnt, &o, invalid);
	}
}

static void obb3_tri3_overlap_test_kernel(const sw_job *j)
{
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt;
		tpairs_w g;
		tframe_w f;
		unsigned invalid = tri_block(j, base, 0, &cnt, &g);
		tframe_build(&g.box, g.ta, g.w, g.p, g.v, &f);
		/* first separating axis per lane; stop once every lane has one */
		sw_mw sep = sw_mfalse();
		sw_fw feature = sw_set1((float)SW_AXIS_NONE);
		SW_UNROLL
		for (int k = 0; k < SW_TRI3_AXIS_COUNT; k++) {
			taxis_w x;
			taxis_get(&f, k, &x);
			sw_fw pos = sw_sub(x.r, x.lo), neg = sw_add(x.r, x.hi);
			sw_mw s = sw_mand(x.ok, sw_lt(sw_sel(sw_le(pos, neg), pos, neg), sw_set1(0.0f)));
			feature = sw_sel(sw_mandnot(sep, s), sw_set1((float)k), feature);
			sep = sw_mor(sep, s);
			if (sw_mbits(sep) == SW_ALL_LANES)
				break;
		}
		test_store(j->out, j->off + base, cnt, feature, sep, invalid);
	}
}

/* least penetration (or first separation) of a block of pairs at rest: sw_obb3_tri3_penetration
 * lane-wise; chosen axes carry their vector along for the normal */
static void obb3_tri3_overlap_kernel(const sw_job *j)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f), mone = sw_set1(-1.0f);
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt;
		tpairs_w g;
		tframe_w f;
		unsigned invalid = tri_block(j, base, 0, &cnt, &g);
		tframe_build(&g.box, g.ta, g.w, g.p, g.v, &f);
		sw_mw sep = sw_mfalse();
		sw_fw sep_id = sw_set1((float)SW_AXIS_NONE), sep_pen = zero, sep_sign = one, sep_len2 = one;
		sw_fw best_id = zero, best_pen = zero, best_pen2 = sw_set1(INFINITY), best_sign = one, best_len2 = one;
		sw_fw sep_l[3] = {zero, zero, zero}, best_l[3] = {zero, zero, zero};
		SW_UNROLL
		for (int k = 0; k < SW_TRI3_AXIS_COUNT; k++) {
			taxis_w x;
			taxis_get(&f, k, &x);
			sw_fw pos = sw_sub(x.r, x.lo), neg = sw_add(x.r, x.hi), fid = sw_set1((float)k);
			sw_mw plus = sw_le(pos, neg);
			sw_fw pen = sw_sel(plus, pos, neg), sign = sw_sel(plus, one, mone);
			sw_mw first = sw_mandnot(sep, sw_mand(x.ok, sw_lt(pen, zero)));
			sep = sw_mor(sep, first);
			sep_id = sw_sel(first, fid, sep_id), sep_pen = sw_sel(first, pen, sep_pen);
			sep_sign = sw_sel(first, sign, sep_sign), sep_len2 = sw_sel(first, x.len2, sep_len2);
			sw_fw pen2 = sw_mul(pen, pen);
			sw_mw up = sw_mand(x.ok, sw_lt(sw_mul(pen2, best_len2), sw_mul(best_pen2, x.len2)));
			best_id = sw_sel(up, fid, best_id), best_pen = sw_sel(up, pen, best_pen);
			best_pen2 = sw_sel(up, pen2, best_pen2), best_sign = sw_sel(up, sign, best_sign);
			best_len2 = sw_sel(up, x.len2, best_len2);
			for (int c = 0; c < 3; c++) {
				sep_l[c] = sw_sel(first, x.l[c], sep_l[c]);
				best_l[c] = sw_sel(up, x.l[c], best_l[c]);
			}
		}
		sw_fw len2 = sw_sel(sep, sep_len2, best_len2), root = sw_sqrt(len2);
		sw_fw depth = sw_sel(sep, sw_div(sw_neg(sep_pen), root), sw_div(best_pen, root));
		depth = sw_mul(sw_mul(depth, sw_div(one, f.s2)), sw_div(one, f.s1));
		sw_fw sc = sw_div(sw_sel(sep, sep_sign, best_sign), root), nl[3], rows[4] = {depth};
		for (int c = 0; c < 3; c++)
			nl[c] = sw_mul(sw_sel(sep, sep_l[c], best_l[c]), sc);
		for (int c = 0; c < 3; c++)
			rows[1 + c] = sw_add(sw_add(sw_mul(g.box.r[c], nl[0]), sw_mul(g.box.r[3 + c], nl[1])),
					     sw_mul(g.box.r[6 + c], nl[2]));
		overlap_store(j->out, j->off + base, cnt, rows, sw_sel(sep, sep_id, best_id), sep, invalid);
	}
}

SW_EXPORT(obb3_tri3_sweep)
SW_EXPORT(obb3_tri3_sweep_packed)
SW_EXPORT(obb3_tri3_overlap_test)
SW_EXPORT(obb3_tri3_overlap)
