/* src/kernels/circle_tmpl.c — swept circles against segments and spheres against triangles, one pair per
 * lane, written once over the lane vocabulary and compiled once per tier. It repeats ref/circle2.c and
 * ref/circle3.c lane-wise, operation for operation (see those files for the method): every candidate
 * is computed in every lane and the reference's selections are blends, so keep the two in step, or the
 * tier tests will say so. Lanes that a conservative separating-axis test finds clear of the segment or
 * triangle are answered as misses without the method; the others are packed and swept together (see
 * the kernels' loop below). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "kernels/tri_lanes.h"

#define MIN_NORMAL 0x1p-126f

/* sw_circle_pow2_inv: 1/p for p the largest power of two ≤ m (m normal) */
SW_INLINE sw_fw pow2_inv(sw_fw m) { return sw_mul(sw_set1(0.5f), axis_scale(m)); }
SW_INLINE sw_fw max0(sw_fw a) { return gt_sel(a, sw_set1(0.0f)); }
SW_INLINE sw_fw lanes_of(sw_mw m, float a, float b) { return sw_sel(m, sw_set1(a), sw_set1(b)); }

SW_INLINE sw_fw dot2(sw_fw ax, sw_fw ay, sw_fw bx, sw_fw by) { return sw_add(sw_mul(ax, bx), sw_mul(ay, by)); }
SW_INLINE sw_fw dot3v(const sw_fw a[3], const sw_fw b[3]) { return sw_dot3(a[0], a[1], a[2], b[0], b[1], b[2]); }
SW_INLINE void cross3v(const sw_fw a[3], const sw_fw b[3], sw_fw o[3])
{
	o[0] = sw_sub(sw_mul(a[1], b[2]), sw_mul(a[2], b[1]));
	o[1] = sw_sub(sw_mul(a[2], b[0]), sw_mul(a[0], b[2]));
	o[2] = sw_sub(sw_mul(a[0], b[1]), sw_mul(a[1], b[0]));
}
SW_INLINE sw_fw max3v(const sw_fw a[3]) { return gt_sel(gt_sel(sw_abs(a[0]), sw_abs(a[1])), sw_abs(a[2])); }

/* feature ids ride the lanes as floats; none is −1 inside a kernel, and blank lanes are stored as
 * SW_FEATURE_NONE (sw_store_codes) */
#define FEATURE_NONE_LANE (-1.0f)

/* a block's answers before they are stored: status masks, feature as a float, the float rows of the
 * lanes that have a contact, in sw_cast_results order (t, depth, px, py, pz, nx, ny, nz, sx, sy, sz) */
typedef struct cast_w {
	sw_mw miss, over;
	sw_fw feature, f[11];
} cast_w;

/* the call's columns; a 2D query (`planar`) leaves the z columns alone */
static sw_columns cast_columns(const sw_job *j, int planar)
{
	sw_columns c = sw_columns_of(SW_ANS_CAST, j->out);
	for (int k = 0; k < 11 && planar; k++)
		if (sw_answer_zmask(SW_ANS_CAST) >> k & 1)
			c.f[k] = NULL;
	return c;
}

/* the float rows a call without depth and slide columns stores (t, point, normal: what a shape cast
 * answers); the kernels have a loop for such calls, in which the rows not stored are not computed */
#define CAST_ROWS_ALL 0x7FFu
#define CAST_ROWS_CAST 0x0FDu

/* writes lanes [0, cnt) at `base`: MISS lanes get t = 1 and zeros, lanes not `valid` become
 * SW_PAIR_INVALID with NaN, both without a feature (one blend per row: the fill value is chosen once).
 * A whole block is stored directly, a partial one through a row on the stack. `planar` and `rows` (the
 * rows that may be stored, CAST_ROWS_*) are constants of each loop: a 2D kernel does not form its z
 * rows at all, a cast loop not its depth and slide */
SW_INLINE void cast_store(const sw_columns *c, size_t base, unsigned cnt, const cast_w *o, sw_mw valid, int planar,
			  unsigned rows)
{
	const sw_fw nan = sw_set1(NAN);
	sw_mw bad = sw_mnot(valid), blank = sw_mor(bad, o->miss);
	sw_fw fill = sw_sel(bad, nan, sw_set1(0.0f)), fill_t = sw_sel(bad, nan, sw_set1(1.0f));
	sw_fw s = sw_sel(o->miss, sw_set1((float)SW_MISS),
			 sw_sel(o->over, sw_set1((float)SW_STARTS_OVERLAPPED), sw_set1((float)SW_HIT)));
	s = sw_sel(bad, sw_set1((float)SW_PAIR_INVALID), s);
	_Alignas(64) float tmp[SW_W];
	SW_UNROLL
	for (int k = 0; k < 11; k++) {
		if ((planar && (sw_answer_zmask(SW_ANS_CAST) >> k & 1)) || !(rows >> k & 1) || !c->f[k])
			continue;
		sw_fw v = sw_sel(blank, k == 0 ? fill_t : fill, o->f[k]);
		if (cnt == SW_W) {
			sw_storeu(c->f[k] + base, v);
		} else {
			sw_storeu(tmp, v);
			memcpy(c->f[k] + base, tmp, cnt * sizeof(float));
		}
	}
	if (cnt == SW_W) {
		sw_store_bytes(c->status + base, s);
		if (c->feature)
			sw_store_codes(c->feature + base, o->feature, blank);
		return;
	}
	_Alignas(64) uint32_t ti[SW_W];
	_Alignas(64) uint8_t tb[SW_W];
	sw_store_bytes(tb, s);
	memcpy(c->status + base, tb, cnt);
	sw_store_codes(ti, o->feature, blank);
	if (c->feature)
		memcpy(c->feature + base, ti, cnt * sizeof(uint32_t));
}

/* the rows of the lanes with a contact: t, depth, point, normal, slide */
SW_INLINE void cast_rows(cast_w *o, sw_fw t, sw_fw depth, const sw_fw p[3], const sw_fw n[3], const sw_fw s[3],
			 sw_fw id)
{
	o->f[0] = t, o->f[1] = depth;
	for (int k = 0; k < 3; k++)
		o->f[2 + k] = p[k], o->f[5 + k] = n[k], o->f[8 + k] = s[k];
	o->feature = id;
}

/* a block's set indices: ia, ib (64-byte aligned, for vector loads) and, for scalar reads, the same at
 * a[step·l], b[step·l]. Those point into the pair list when the whole block is in range: a scalar read
 * of ia or ib just stored as a vector waits on store forwarding (about 3 ns a 16-pair block measured on
 * the 2D sweep) */
typedef struct lane_idx {
	const int32_t *ia, *ib, *a, *b;
	ptrdiff_t step;
} lane_idx;
_Static_assert(sizeof(sw_pair) == 2 * sizeof(int32_t), "a pair list is its indices, a then b");

/* a mover's column for the block's lanes: one load broadcast when every lane has the same mover (a
 * broadphase lists a mover's candidates together), else a gather */
SW_INLINE sw_fw mover_lanes(const float *col, const lane_idx *x, int same)
{
	return same ? sw_set1(col[x->a[0]]) : sw_gather(col, x->ia);
}

/* ---- circle vs segment (ref/circle2.c) ---- */

/* one block of pairs gathered into lanes, `ok` the lanes whose inputs are valid */
typedef struct seg_in {
	sw_fw c[2], r, v[2], p[2], q[2];
	sw_mw ok;
} seg_in;

/* the endpoints of segments b[step·l] */
SW_INLINE void seg_rows(const sw_seg2_set *ss, const int32_t *b, ptrdiff_t step, seg_in *g)
{
	sw_fw pq[4];
	sw_gather4ks(&ss->seg->p.x, b, step, 4, pq);
	g->p[0] = pq[0], g->p[1] = pq[1], g->q[0] = pq[2], g->q[1] = pq[3];
}

/* the segments' rows are packed with the mover's (seg_in has no rows to load again) */
SW_INLINE void seg_reload(const sw_seg2_set *ss, const int32_t *b, seg_in *g) { (void)ss, (void)b, (void)g; }

SW_INLINE void seg_gather(const sw_circle2_set *ms, const sw_seg2_set *ss, const lane_idx *x, seg_in *g)
{
	const int32_t *ib = x->ib;
	int same = sw_idx_same(x->ia);
	g->c[0] = mover_lanes(ms->cx, x, same), g->c[1] = mover_lanes(ms->cy, x, same);
	g->r = mover_lanes(ms->r, x, same);
	sw_fw vm[2] = {mover_lanes(ms->dx, x, same), mover_lanes(ms->dy, x, same)};
	seg_rows(ss, x->b, x->step, g);
	/* a level at rest: every displacement +0, not read (v − (+0) is v) */
	sw_fw zero = sw_set1(0.0f),
	      d[2] = {ss->moving ? sw_gather(ss->dx, ib) : zero, ss->moving ? sw_gather(ss->dy, ib) : zero};
	sw_mw ok = sw_mand(sw_ge(g->r, sw_set1(0.0f)), sw_le(g->r, sw_set1(SW_MAX_COORD)));
	for (int k = 0; k < 2; k++) {
		g->v[k] = sw_sub(vm[k], d[k]);
		ok = sw_mand(ok, sw_mand(sw_coord_ok(vm[k]), sw_coord_ok(g->c[k])));
		ok = sw_mand(ok, sw_mand(sw_coord_ok(g->p[k]), sw_coord_ok(g->q[k])));
		/* at rest, d is +0 and v is vm: both already checked */
		if (ss->moving)
			ok = sw_mand(ok, sw_mand(sw_coord_ok(d[k]), sw_coord_ok(g->v[k])));
	}
	g->ok = ok;
}

/* the input contract of lanes whose rows are given as they are (a packed block): radius in
 * [0, SW_MAX_COORD], every coordinate finite and within SW_MAX_COORD (sw_circle2_seg2_ref's checks) */
SW_INLINE sw_mw seg_ok(const seg_in *g)
{
	sw_mw ok = sw_mand(sw_ge(g->r, sw_set1(0.0f)), sw_le(g->r, sw_set1(SW_MAX_COORD)));
	for (int k = 0; k < 2; k++) {
		ok = sw_mand(ok, sw_mand(sw_coord_ok(g->c[k]), sw_coord_ok(g->v[k])));
		ok = sw_mand(ok, sw_mand(sw_coord_ok(g->p[k]), sw_coord_ok(g->q[k])));
	}
	return ok;
}

/* ---- the early out: lanes that surely miss ----
 *
 * A separating axis a keeps the swept shape (the centre's path over [0, v] from c, grown by r) clear of
 * the segment or triangle when their projections onto a are more than r·|a| apart (Ericson, RTCD 4.4,
 * 5.5.7). The axes need not be unit: a gap G along a is G/|a| long, and G > R·‖a‖₁ ≥ R·|a|. R = r + δ
 * with δ = 2^-12·M, M bounding every length the reference forms its answer from (the offsets of the
 * points from the centre, the motion, r): the reference's rounding, a few units of 2^-24·M, cannot make a
 * contact of a lane clear by more than r + δ, and this test's own rounding is as small. So every lane
 * it calls dead is a miss in the reference. Lanes with M ≥ 2^40 are left to the method (no product
 * here then nears overflow), and so is an axis whose R·‖a‖₁ is below 2^-90: an underflow's absolute
 * error (2^-149 an operation) then stays far below δ·‖a‖₁ ≥ 2^-13·R·‖a‖₁ too. The axes are any
 * vectors (their own rounding does not matter), each shape's interval spans all its projections. */

#define DEAD_MARGIN 0x1p-12f
#define DEAD_RANGE 0x1p40f
#define DEAD_FLOOR 0x1p-90f

/* the gap between the intervals spanned by a0, a1 and by b0, b1 (negative when they overlap) */
SW_INLINE sw_fw span_gap(sw_fw a0, sw_fw a1, sw_fw b0, sw_fw b1)
{
	return sw_max(sw_sub(sw_min(a0, a1), sw_max(b0, b1)), sw_sub(sw_min(b0, b1), sw_max(a0, a1)));
}

SW_INLINE sw_fw abs_max(sw_fw a, sw_fw b) { return sw_max(sw_abs(a), sw_abs(b)); }

/* the gap exceeds rd = R·‖a‖₁, and rd is far from underflow */
SW_INLINE sw_mw apart(sw_fw gap, sw_fw rd) { return sw_mand(sw_gt(gap, rd), sw_ge(rd, sw_set1(DEAD_FLOOR))); }

/* seg_dead: the segment's normal, the motion's (its direction and the segment's add little here: a
 * segment beside the path but beyond its end is rarer than one across it) */
SW_INLINE sw_mw seg_dead(const seg_in *g)
{
	const sw_fw zero = sw_set1(0.0f);
	const sw_fw *v = g->v;
	sw_fw f0[2], f1[2], d[2];
	for (int k = 0; k < 2; k++) {
		f0[k] = sw_sub(g->p[k], g->c[k]);
		f1[k] = sw_sub(g->q[k], g->c[k]);
		d[k] = sw_sub(g->q[k], g->p[k]);
	}
	sw_fw nv = sw_add(sw_abs(v[0]), sw_abs(v[1])), nd = sw_add(sw_abs(d[0]), sw_abs(d[1]));
	/* M: |f0| + |d| bounds |f1| too (f1 = f0 + d up to rounding, which 2^-12 covers many times) */
	sw_fw big = sw_add(sw_add(sw_add(abs_max(f0[0], f0[1]), nd), nv), g->r);
	sw_fw rr = sw_add(g->r, sw_mul(big, sw_set1(DEAD_MARGIN)));
	sw_fw rd = sw_mul(rr, nd), rv = sw_mul(rr, nv);
	/* the segment's normal a = (d.y, −d.x): the segment at s0, the path over [0, w]. The segment spans
	 * a·(p − c) to a·(q − c) exactly, which differ by a·(q − p) = a·(q − p − d) (a·d is 0): at most
	 * ‖a‖₁·2^-24·|d| ≤ 2^-24·M·‖a‖₁, so taking its interval as the point s0 adds that to the test's own
	 * rounding, still far below δ·‖a‖₁ = 2^-12·M·‖a‖₁ */
	sw_fw s0 = sw_sub(sw_mul(d[1], f0[0]), sw_mul(d[0], f0[1]));
	sw_fw w = sw_sub(sw_mul(d[1], v[0]), sw_mul(d[0], v[1]));
	sw_mw dead = apart(sw_max(sw_sub(s0, sw_max(zero, w)), sw_sub(sw_min(zero, w), s0)), rd);
	/* the motion's normal (v.y, −v.x): the path at 0 (v.y·v.x − v.x·v.y is +0 in floats too), the gap
	 * [a0, a1] leaves around it */
	sw_fw a0 = sw_sub(sw_mul(v[1], f0[0]), sw_mul(v[0], f0[1]));
	sw_fw a1 = sw_sub(sw_mul(v[1], f1[0]), sw_mul(v[0], f1[1]));
	dead = sw_mor(dead, apart(sw_max(sw_min(a0, a1), sw_neg(sw_max(a0, a1))), rv));
	return sw_mand(dead, sw_lt(big, sw_set1(DEAD_RANGE)));
}

SW_INLINE void seg_core(const seg_in *g, int one_sided, cast_w *o)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f), inf = sw_set1(INFINITY), tiny = sw_set1(MIN_NORMAL);
	const sw_fw r = g->r, *v = g->v;
	/* the segment seen from the centre (seg_view_build) */
	sw_fw f0[2], f1[2], dd[2], e[2];
	for (int k = 0; k < 2; k++) {
		f0[k] = sw_sub(g->p[k], g->c[k]);
		f1[k] = sw_sub(g->q[k], g->c[k]);
		dd[k] = sw_sub(g->q[k], g->p[k]);
	}
	sw_fw m = gt_sel(sw_abs(dd[0]), sw_abs(dd[1]));
	sw_mw line = sw_ge(m, tiny);
	sw_fw ke = sw_sel(line, pow2_inv(m), zero);
	e[0] = sw_mul(dd[0], ke), e[1] = sw_mul(dd[1], ke);
	sw_fw ee = dot2(e[0], e[1], e[0], e[1]);
	sw_fw le = sw_sqrt(ee);
	sw_fw ll = sw_mul(ee, pow2_floor(m));
	sw_fw n[2] = {e[1], sw_neg(e[0])};
	sw_fw s0 = sw_neg(dot2(n[0], n[1], f0[0], f0[1]));
	sw_fw gap = sw_sub(sw_abs(s0), sw_mul(r, le));

	/* seg_first: the strip, then the endpoint on μ's side */
	sw_fw mv = gt_sel(sw_abs(v[0]), sw_abs(v[1]));
	sw_mw moving = sw_ge(mv, tiny);
	sw_fw kv = sw_sel(moving, pow2_inv(mv), zero);
	sw_fw vs[2] = {sw_mul(v[0], kv), sw_mul(v[1], kv)};
	sw_fw rr = sw_mul(r, r);
	sw_fw vn = dot2(n[0], n[1], v[0], v[1]);
	sw_fw closing = sw_sel(sw_gt(s0, zero), sw_neg(vn), vn);
	sw_fw ts = sw_div(gap, closing);
	sw_mw inside = sw_le(gap, zero);
	sw_mw enters = sw_mand(sw_mand(sw_gt(gap, zero), sw_gt(closing, zero)), sw_le(ts, one));
	sw_fw tz = sw_sel(inside, zero, ts);
	sw_fw mu = dot2(e[0], e[1], sw_sub(sw_mul(v[0], tz), f0[0]), sw_sub(sw_mul(v[1], tz), f0[1]));
	sw_mw on = sw_mand(sw_ge(mu, zero), sw_le(mu, ll));
	sw_mw rect = sw_mand(line, sw_mand(enters, on));
	sw_mw k1 = sw_mand(line, sw_gt(mu, ll));
	sw_fw ff0 = dot2(f0[0], f0[1], f0[0], f0[1]), ff1 = dot2(f1[0], f1[1], f1[0], f1[1]);
	sw_fw fk[2] = {sw_sel(k1, f1[0], f0[0]), sw_sel(k1, f1[1], f0[1])};
	/* seg_cap */
	sw_fw c = sw_sub(sw_sel(k1, ff1, ff0), rr);
	sw_fw b = dot2(vs[0], vs[1], fk[0], fk[1]);
	sw_fw x = sw_sub(sw_mul(vs[0], fk[1]), sw_mul(vs[1], fk[0]));
	sw_fw disc = sw_sub(sw_mul(rr, dot2(vs[0], vs[1], vs[0], vs[1])), sw_mul(x, x));
	sw_fw root = sw_sqrt(max0(disc));
	sw_fw tk = sw_mul(sw_div(c, sw_add(b, root)), kv);
	sw_mw capok = sw_mand(sw_mand(moving, sw_gt(c, zero)), sw_mand(sw_gt(b, zero), sw_ge(disc, zero)));
	capok = sw_mand(capok, sw_le(tk, one));
	sw_mw cap = sw_mandnot(rect, sw_mand(sw_mor(sw_mnot(line), sw_mor(inside, enters)), capok));
	sw_mw over = sw_mor(sw_mand(line, sw_mand(inside, on)), sw_mor(sw_le(ff0, rr), sw_le(ff1, rr)));
	sw_fw th = sw_sel(rect, ts, sw_sel(cap, tk, inf));

	/* the answer: the region at the contact (sw_circle2_seg2_ref) */
	sw_mw behind = one_sided ? sw_mand(line, sw_lt(s0, zero)) : sw_mfalse();
	o->miss = sw_mor(behind, sw_mandnot(sw_mor(over, sw_mor(rect, cap)), sw_mnot(sw_mfalse())));
	o->over = over;
	sw_fw t = sw_sel(over, zero, th);
	sw_fw xt[2] = {sw_mul(v[0], t), sw_mul(v[1], t)};
	sw_fw mut = dot2(e[0], e[1], sw_sub(xt[0], f0[0]), sw_sub(xt[1], f0[1]));
	sw_fw id = sw_sel(sw_gt(mut, ll), sw_set1((float)SW_SEG2_END1), sw_set1((float)SW_SEG2_INTERIOR));
	id = sw_sel(sw_lt(mut, zero), sw_set1((float)SW_SEG2_END0), id);
	id = sw_sel(line, id, sw_set1((float)SW_SEG2_END0));
	sw_mw end = sw_mnot(sw_eq(id, sw_set1((float)SW_SEG2_INTERIOR)));
	sw_mw end1 = sw_eq(id, sw_set1((float)SW_SEG2_END1));
	sw_fw y[2] = {sw_sub(xt[0], sw_sel(end1, f1[0], f0[0])), sw_sub(xt[1], sw_sel(end1, f1[1], f0[1]))};
	sw_fw h = dot2(n[0], n[1], y[0], y[1]);
	sw_mw up = sw_ge(h, zero);
	sw_fw nv[2] = {sw_sel(end, y[0], sw_sel(up, n[0], sw_neg(n[0]))),
		       sw_sel(end, y[1], sw_sel(up, n[1], sw_neg(n[1])))};
	sw_fw front[2] = {sw_sel(line, n[0], zero), sw_sel(line, n[1], one)};
	sw_fw mnv = gt_sel(sw_abs(nv[0]), sw_abs(nv[1]));
	sw_mw none = sw_lt(mnv, tiny);
	sw_fw ns[2] = {sw_sel(none, front[0], nv[0]), sw_sel(none, front[1], nv[1])};
	/* sw_circle_normalize2 */
	sw_fw kn = sw_sel(none, one, pow2_inv(mnv));
	sw_fw w[2] = {sw_mul(ns[0], kn), sw_mul(ns[1], kn)};
	sw_fw il = sw_div(one, sw_sqrt(dot2(w[0], w[1], w[0], w[1])));
	sw_fw nr[3] = {sw_mul(w[0], il), sw_mul(w[1], il), zero};
	sw_fw dist = dot2(nr[0], nr[1], y[0], y[1]);
	sw_fw pt[3], sl[3];
	for (int k = 0; k < 2; k++) {
		sw_fw along = sw_sub(y[k], sw_mul(nr[k], dist));
		sw_fw pk = sw_sel(end1, g->q[k], g->p[k]);
		pt[k] = sw_sel(end, pk, sw_add(g->p[k], along));
	}
	pt[2] = zero;
	/* sw_circle_clip2 */
	sw_fw mt[2] = {sw_mul(v[0], sw_sub(one, t)), sw_mul(v[1], sw_sub(one, t))};
	sw_fw mn = dot2(mt[0], mt[1], nr[0], nr[1]);
	sw_fw kk = sw_sel(sw_lt(mn, zero), mn, zero);
	sl[0] = sw_sub(mt[0], sw_mul(kk, nr[0])), sl[1] = sw_sub(mt[1], sw_mul(kk, nr[1])), sl[2] = zero;
	sw_fw depth = sw_sel(over, sw_sub(r, dist), zero);
	cast_rows(o, t, depth, pt, nr, sl, id);
}

/* ---- the kernels' loop: blocks whose pairs surely miss are answered at once, the others' live lanes
 * packed and swept together ----
 *
 * Most pairs a broadphase hands in miss. A conservative separating-axis test (DEAD, below per query)
 * marks the lanes whose swept disc or ball stays clear of the segment or triangle by more than a
 * margin far above the reference's rounding; those are misses in the reference too, so their answer
 * (SW_MISS, t = 1, zeros) is written without the method. The live lanes of a group of blocks are packed
 * (sw_compress_rows) into a stash, swept SW_W at a time by the full method (CORE), and their rows spread
 * back (sw_expand_rows) into their blocks' stores. Every answer is the one CORE gives in any lane, so
 * the tiers keep the reference's bits. */

/* pairs per group: a multiple of every tier's width; the stashes live on the stack (about 50 kB). A
 * default chunk (SW_CHUNK_DEFAULT, 512 pairs) is one group, so a chunk sweeps one partly filled stash
 * block, not two */
#define GROUP 512
#define GROUP_BLOCKS (GROUP / SW_W)
/* result rows of a swept lane in the stash: sw_cast_results' 11 floats, the feature, the status */
#define RES_FEATURE 11
#define RES_STATUS 12
#define RES_ROWS 13

/* whether float row k may be stored by a loop (the z rows of a 2D query and rows outside `rows` never):
 * constants of each loop, so the stashes hold and move only those rows */
SW_INLINE int row_kept(int k, int planar, unsigned rows)
{
	return !(planar && (sw_answer_zmask(SW_ANS_CAST) >> k & 1)) && (rows >> k & 1);
}

/* the lanes [cnt, SW_W) cleared */
SW_INLINE sw_mw lanes_below(sw_mw m, unsigned cnt)
{
	return cnt == SW_W ? m : sw_mand(m, sw_mfrom_bits((1u << cnt) - 1u));
}

/* a block none of whose lanes is live: misses, and SW_PAIR_INVALID where not `valid` */
SW_INLINE void blank_store(const sw_columns *c, size_t base, unsigned cnt, sw_mw valid, int planar, unsigned rows)
{
	cast_w o;
	o.miss = sw_mnot(sw_mfalse()), o.over = sw_mfalse();
	o.feature = sw_set1(FEATURE_NONE_LANE);
	for (int k = 0; k < 11; k++)
		o.f[k] = sw_set1(0.0f);
	cast_store(c, base, cnt, &o, valid, planar, rows);
}

/* CORE's answer for the lanes of a stash block, written to the result stash at q in the form it is
 * stored in: a MISS lane's rows already t = 1 and zeros, the status as its sw_status value, the feature
 * as its id + 1 (0 when none), so that res_store only blends each row with the fill of the block's lanes
 * that were not live (the 4- and 8-lane tiers' expansion leaves other lanes' values there) */
SW_INLINE void res_put(float (*res)[GROUP + SW_W], size_t q, const cast_w *o, int planar, unsigned rows)
{
	const sw_fw zero = sw_set1(0.0f);
	SW_UNROLL
	for (int k = 0; k < 11; k++)
		if (row_kept(k, planar, rows))
			sw_storeu(res[k] + q, sw_sel(o->miss, k == 0 ? sw_set1(1.0f) : zero, o->f[k]));
	sw_storeu(res[RES_FEATURE] + q, sw_sel(o->miss, zero, sw_add(o->feature, sw_set1(1.0f))));
	sw_fw s = sw_sel(o->miss, sw_set1((float)SW_MISS),
			 sw_sel(o->over, sw_set1((float)SW_STARTS_OVERLAPPED), sw_set1((float)SW_HIT)));
	sw_storeu(res[RES_STATUS] + q, s);
}

/* the result rows' lanes [end, end + SW_W), past the packed blocks, which spreading the group's last
 * block reads (and drops): zeros, not whatever an earlier group left */
SW_INLINE void res_pad(float (*res)[GROUP + SW_W], size_t end, int planar, unsigned rows)
{
	SW_UNROLL
	for (int k = 0; k < RES_ROWS; k++)
		if (k >= 11 || row_kept(k, planar, rows))
			sw_storeu(res[k] + end, sw_set1(0.0f));
}

/* the lanes [0, cnt) of v at dst + base: a whole block directly, a partial one through the stack */
SW_INLINE void cast_row_store(float *dst, size_t base, unsigned cnt, sw_fw v)
{
	if (cnt == SW_W) {
		sw_storeu(dst + base, v);
		return;
	}
	_Alignas(64) float tmp[SW_W];
	sw_storeu(tmp, v);
	memcpy(dst + base, tmp, cnt * sizeof(float));
}

/* a block with live lanes: their answers from the result stash at q (res_put's form) spread into their
 * lanes, the block's other lanes misses (t = 1, zeros, no feature) or, where not `valid`,
 * SW_PAIR_INVALID with NaN: one blend a row, the fills chosen once */
SW_INLINE void res_store(const sw_columns *c, size_t base, unsigned cnt, float (*res)[GROUP + SW_W], size_t q,
			 sw_mw live, sw_mw valid, int planar, unsigned rows)
{
	sw_fw x[RES_ROWS];
	int n = 0;
	SW_UNROLL
	for (int k = 0; k < RES_ROWS; k++)
		if (k >= 11 || row_kept(k, planar, rows))
			x[n++] = sw_loadu(res[k] + q);
	sw_expand_rows(live, x, n);
	sw_mw bad = sw_mnot(valid);
	const sw_fw nan = sw_set1(NAN);
	sw_fw fill = sw_sel(bad, nan, sw_set1(0.0f)), fill_t = sw_sel(bad, nan, sw_set1(1.0f));
	n = 0;
	SW_UNROLL
	for (int k = 0; k < 11; k++) {
		if (!row_kept(k, planar, rows))
			continue;
		sw_fw v = sw_sel(live, x[n++], k == 0 ? fill_t : fill);
		if (c->f[k])
			cast_row_store(c->f[k], base, cnt, v);
	}
	sw_fw s = sw_sel(live, x[n + 1], sw_sel(bad, sw_set1((float)SW_PAIR_INVALID), sw_set1((float)SW_MISS)));
	/* id + 1 to id: 0 (not live, or a miss) becomes −1, SW_FEATURE_NONE */
	sw_fw id = sw_sub(sw_sel(live, x[n], sw_set1(0.0f)), sw_set1(1.0f));
	if (cnt == SW_W) {
		sw_store_bytes(c->status + base, s);
		if (c->feature)
			sw_store_codes(c->feature + base, id, sw_mfalse());
		return;
	}
	_Alignas(64) uint32_t ti[SW_W];
	_Alignas(64) uint8_t tb[SW_W];
	sw_store_bytes(tb, s);
	memcpy(c->status + base, tb, cnt);
	sw_store_codes(ti, id, sw_mfalse());
	if (c->feature)
		memcpy(c->feature + base, ti, cnt * sizeof(uint32_t));
}

/* a block's lanes from a pair list: the pairs' set indices (checked against the sets' counts), the
 * inputs GATHER reads for them; returns the lanes whose indices are in range, the geometry's indices
 * in ib (for RELOAD) */
#define INDEXED_SOURCE(name, MS, GS, IN, GATHER)                                           \
	SW_INLINE sw_mw name(const sw_job *j, size_t k, unsigned cnt, int32_t *ib, IN *g)  \
	{                                                                                  \
		const MS *ms = j->a;                                                       \
		const GS *gs = j->b;                                                       \
		const sw_pair *pairs = j->pairs + k;                                       \
		_Alignas(64) int32_t ia[SW_W];                                             \
		sw_mw in = lanes_pairs(ms->t.count, gs->t.count, pairs, cnt, ia, ib);      \
		int whole = cnt == SW_W && sw_mbits(in) == (1u << SW_W) - 1u;              \
		const int32_t *pa = whole ? (const int32_t *)(const void *)&pairs->a : ia; \
		const int32_t *pb = whole ? (const int32_t *)(const void *)&pairs->b : ib; \
		const lane_idx ix = {ia, ib, pa, pb, whole ? 2 : 1};                       \
		GATHER(ms, gs, &ix, g);                                                    \
		return in;                                                                 \
	}

/* a kernel's loop over its groups of lane blocks: the block's inputs (IN, NF float rows then its `ok`
 * mask, from SOURCE: a pair list's gather, or a packed block's rows), the lanes surely
 * missing (DEAD), the answer of the live lanes (CORE), the stores; PLANAR for a 2D query. The stash
 * keeps a live lane's first NS rows; when NS < NF (the mover's rows) also its geometry index, from
 * which RELOAD loads the other rows again for the packed blocks: fewer rows to pack than a triangle's
 * nine coordinates (the same values, so the same bits; a segment's four cost less packed than loaded
 * again, measured). A call that asks for neither depth nor slide runs the loop instantiated for
 * CAST_ROWS_CAST */
#define CIRCLE_KERNEL(name, GS, IN, NF, NS, SOURCE, DEAD, RELOAD, CORE, PLANAR)                                   \
	_Static_assert(offsetof(IN, ok) == (NF) * sizeof(sw_fw), #IN ": NF float rows, then ok");                 \
	_Static_assert((NS) <= (NF), #IN ": NS stashed rows of NF");                                              \
	SW_INLINE void name##_group(const sw_job *j, const sw_columns *cols, unsigned rows, size_t g0, size_t gn, \
				    float(*st)[GROUP + SW_W], int32_t *si, float(*res)[GROUP + SW_W])             \
	{                                                                                                         \
		const GS *gs = j->b;                                                                              \
		size_t at = j->off;                                                                               \
		int one_sided = ((const sw_circle_opts *)j->opts)->one_sided != 0;                                \
		_Alignas(64) int32_t ib[SW_W];                                                                    \
		sw_mw live[GROUP_BLOCKS], valid[GROUP_BLOCKS];                                                    \
		unsigned nlive = 0, nb = (unsigned)((gn + SW_W - 1) / SW_W);                                      \
		for (unsigned b = 0; b < nb; b++) {                                                               \
			size_t base = g0 + (size_t)b * SW_W;                                                      \
			unsigned cnt = g0 + gn - base < SW_W ? (unsigned)(g0 + gn - base) : SW_W;                 \
			IN g;                                                                                     \
			sw_mw in = SOURCE(j, at + base, cnt, ib, &g);                                             \
			valid[b] = sw_mand(in, g.ok);                                                             \
			live[b] = lanes_below(sw_mandnot(DEAD(&g), valid[b]), cnt);                               \
			unsigned bits = sw_mbits(live[b]);                                                        \
			if (!bits) {                                                                              \
				blank_store(cols, at + base, cnt, valid[b], PLANAR, rows);                        \
				continue;                                                                         \
			}                                                                                         \
			const sw_fw *x = (const sw_fw *)(const void *)&g;                                         \
			sw_fw xs[(NS) + 1];                                                                       \
			for (int k = 0; k < (NS); k++)                                                            \
				xs[k] = x[k];                                                                     \
			/* the indices ride as float bits: packing only moves them */                             \
			if ((NS) < (NF))                                                                          \
				memcpy(&xs[NS], ib, sizeof(sw_fw));                                               \
			sw_compress_rows(live[b], xs, (NS) + ((NS) < (NF)));                                      \
			for (int k = 0; k < (NS); k++)                                                            \
				sw_storeu(st[k] + nlive, xs[k]);                                                  \
			if ((NS) < (NF))                                                                          \
				memcpy(si + nlive, &xs[NS], sizeof(sw_fw));                                       \
			nlive += (unsigned)__builtin_popcount(bits);                                              \
		}                                                                                                 \
		/* the last stash block's lanes past nlive: zeros and index 0 (a live lane's set is not empty),   \
		 * swept and dropped */                                                                           \
		for (int k = 0; k < (NS); k++)                                                                    \
			sw_storeu(st[k] + nlive, sw_set1(0.0f));                                                  \
		memset(si + nlive, 0, SW_W * sizeof(int32_t));                                                    \
		for (unsigned q = 0; q < nlive; q += SW_W) {                                                      \
			IN g;                                                                                     \
			sw_fw *x = (sw_fw *)(void *)&g;                                                           \
			for (int k = 0; k < (NS); k++)                                                            \
				x[k] = sw_loadu(st[k] + q);                                                       \
			RELOAD(gs, si + q, &g);                                                                   \
			g.ok = sw_mnot(sw_mfalse());                                                              \
			cast_w o;                                                                                 \
			CORE(&g, one_sided, &o);                                                                  \
			res_put(res, q, &o, PLANAR, rows);                                                        \
		}                                                                                                 \
		res_pad(res, (nlive + SW_W - 1) / SW_W * SW_W, PLANAR, rows);                                     \
		for (unsigned b = 0, q = 0; b < nb; b++) {                                                        \
			unsigned bits = sw_mbits(live[b]);                                                        \
			if (!bits)                                                                                \
				continue;                                                                         \
			size_t base = g0 + (size_t)b * SW_W;                                                      \
			unsigned cnt = g0 + gn - base < SW_W ? (unsigned)(g0 + gn - base) : SW_W;                 \
			res_store(cols, at + base, cnt, res, q, live[b], valid[b], PLANAR, rows);                 \
			q += (unsigned)__builtin_popcount(bits);                                                  \
		}                                                                                                 \
	}                                                                                                         \
	SW_INLINE void name##_blocks(const sw_job *j, const sw_columns *cols, unsigned rows)                      \
	{                                                                                                         \
		_Alignas(64) float st[NS][GROUP + SW_W], res[RES_ROWS][GROUP + SW_W];                             \
		_Alignas(64) int32_t si[GROUP + SW_W];                                                            \
		for (size_t g0 = 0; g0 < j->n; g0 += GROUP)                                                       \
			name##_group(j, cols, rows, g0, j->n - g0 < GROUP ? j->n - g0 : GROUP, st, si, res);      \
	}                                                                                                         \
	static void name##_kernel(const sw_job *j)                                                                \
	{                                                                                                         \
		const sw_columns cols = cast_columns(j, PLANAR);                                                  \
		int cast = !cols.f[1] && !cols.f[8] && !cols.f[9] && !cols.f[10];                                 \
		if (cast)                                                                                         \
			name##_blocks(j, &cols, CAST_ROWS_CAST);                                                  \
		else                                                                                              \
			name##_blocks(j, &cols, CAST_ROWS_ALL);                                                   \
	}

INDEXED_SOURCE(seg_source, sw_circle2_set, sw_seg2_set, seg_in, seg_gather)
CIRCLE_KERNEL(circle2_seg2_sweep, sw_seg2_set, seg_in, 9, 9, seg_source, seg_dead, seg_reload, seg_core, 1)

/* lanes [k, k + SW_W) of the call's packed blocks (k a multiple of SW_W): the block's rows are seg_in's,
 * loaded as they are; every lane is checked (the blocks are caller-writable) */
_Static_assert(offsetof(sw_circle2_seg2_block, q) == 7 * SW_BLOCK * sizeof(float), "a block is seg_in's rows");
SW_INLINE sw_mw seg_packed(const sw_job *j, size_t k, unsigned cnt, int32_t *ib, seg_in *g)
{
	(void)cnt, (void)ib;
	const sw_circle2_seg2_block *blk = (const sw_circle2_seg2_block *)j->a + k / SW_BLOCK;
	const float *row = &blk->c[0][k % SW_BLOCK];
	sw_fw *x = (sw_fw *)(void *)g;
	for (int i = 0; i < 9; i++)
		x[i] = sw_load(row + i * SW_BLOCK);
	g->ok = seg_ok(g);
	return sw_mnot(sw_mfalse());
}
CIRCLE_KERNEL(circle2_seg2_sweep_packed, sw_seg2_set, seg_in, 9, 9, seg_packed, seg_dead, seg_reload, seg_core, 1)

/* ---- sphere vs triangle (ref/circle3.c) ---- */

typedef struct tri_in {
	sw_fw c[3], r, v[3], x[3][3]; /* x[k][axis]: vertex k */
	sw_mw ok;
} tri_in;

/* the vertices of triangles b[step·l] from their records (three 16-byte rows each, transposed); returns
 * the records' validity flag (range and degeneracy by sw_tri3_valid_ref, checked when written) */
SW_INLINE sw_fw tri_rows(const sw_tri3_set *ts, const int32_t *b, ptrdiff_t step, tri_in *g)
{
	sw_fw row[3][4];
	for (int k = 0; k < 3; k++)
		sw_gather4ks(ts->rec->v + 4 * k, b, step, sizeof(sw_tri3_rec) / sizeof(float), row[k]);
	for (int i = 0; i < 9; i++)
		g->x[i / 3][i % 3] = row[i / 4][i % 4];
	return row[2][1];
}

SW_INLINE void tri_gather(const sw_circle3_set *ms, const sw_tri3_set *ts, const lane_idx *x, tri_in *g)
{
	const int32_t *ib = x->ib;
	const float *const mc[3] = {ms->cx, ms->cy, ms->cz}, *const md[3] = {ms->dx, ms->dy, ms->dz};
	const float *const td[3] = {ts->dx, ts->dy, ts->dz};
	int same = sw_idx_same(x->ia);
	g->r = mover_lanes(ms->r, x, same);
	sw_mw ok = sw_mand(sw_ge(g->r, sw_set1(0.0f)), sw_le(g->r, sw_set1(SW_MAX_COORD)));
	for (int a = 0; a < 3; a++) {
		g->c[a] = mover_lanes(mc[a], x, same);
		sw_fw vm = mover_lanes(md[a], x, same), d = ts->moving ? sw_gather(td[a], ib) : sw_set1(0.0f);
		g->v[a] = sw_sub(vm, d);
		ok = sw_mand(ok, sw_mand(sw_coord_ok(vm), sw_coord_ok(g->c[a])));
		/* at rest, d is +0 and v is vm: both already checked */
		if (ts->moving)
			ok = sw_mand(ok, sw_mand(sw_coord_ok(d), sw_coord_ok(g->v[a])));
	}
	/* the vertices' share of the contract was checked when their record was written */
	g->ok = sw_mand(ok, sw_gt(tri_rows(ts, x->b, x->step, g), sw_set1(0.5f)));
}

/* the rows after the mover's (centre, radius, motion) from the triangles' indices, for the packed lanes */
SW_INLINE void tri_reload(const sw_tri3_set *ts, const int32_t *b, tri_in *g) { (void)tri_rows(ts, b, 1, g); }

/* the triangle seen from the centre (tri_view) */
typedef struct tri_w {
	sw_fw f[3][3], ff[3], e[3][3], ee[3], ll[3], n[3], ln, m[3][3], s0, g, vs[3], kv;
	sw_mw moving;
} tri_w;

SW_INLINE void tri_build(const tri_in *g, tri_w *w)
{
	const sw_fw zero = sw_set1(0.0f);
	for (int k = 0; k < 3; k++) {
		for (int a = 0; a < 3; a++)
			w->f[k][a] = sw_sub(g->x[k][a], g->c[a]);
		w->ff[k] = dot3v(w->f[k], w->f[k]);
	}
	for (int j = 0; j < 3; j++) {
		sw_fw raw[3];
		for (int a = 0; a < 3; a++)
			raw[a] = sw_sub(g->x[(j + 1) % 3][a], g->x[j][a]);
		sw_fw m = max3v(raw), k = pow2_inv(m);
		for (int a = 0; a < 3; a++)
			w->e[j][a] = sw_mul(raw[a], k);
		w->ee[j] = dot3v(w->e[j], w->e[j]);
		w->ll[j] = sw_mul(w->ee[j], pow2_floor(m));
	}
	sw_fw back[3] = {sw_neg(w->e[2][0]), sw_neg(w->e[2][1]), sw_neg(w->e[2][2])};
	cross3v(w->e[0], back, w->n);
	w->ln = sw_sqrt(dot3v(w->n, w->n));
	for (int j = 0; j < 3; j++)
		cross3v(w->n, w->e[j], w->m[j]);
	w->s0 = sw_neg(dot3v(w->n, w->f[0]));
	w->g = sw_sub(sw_abs(w->s0), sw_mul(g->r, w->ln));
	sw_fw mv = max3v(g->v);
	w->moving = sw_ge(mv, sw_set1(MIN_NORMAL));
	w->kv = sw_sel(w->moving, pow2_inv(mv), zero);
	for (int a = 0; a < 3; a++)
		w->vs[a] = sw_mul(g->v[a], w->kv);
}

/* tri_inside: the centre displaced by x projects into the triangle */
SW_INLINE sw_mw tri_inside(const tri_w *w, const sw_fw x[3])
{
	sw_mw in = sw_mnot(sw_mfalse());
	for (int j = 0; j < 3; j++) {
		sw_fw y[3] = {sw_sub(x[0], w->f[j][0]), sw_sub(x[1], w->f[j][1]), sw_sub(x[2], w->f[j][2])};
		in = sw_mand(in, sw_ge(dot3v(w->m[j], y), sw_set1(0.0f)));
	}
	return in;
}

/* ball(): the smaller root, *ok when a valid contact in (0, 1] */
SW_INLINE sw_fw ball(sw_fw aa, sw_fw ab, sw_fw bb, sw_fw axb2, sw_fw rho2, sw_fw kv, sw_mw moving, sw_mw *ok)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_fw c = sw_sub(bb, rho2);
	sw_fw disc = sw_sub(sw_mul(rho2, aa), axb2);
	sw_fw root = sw_sqrt(max0(disc));
	sw_fw t = sw_mul(sw_div(c, sw_add(ab, root)), kv);
	*ok = sw_mand(sw_mand(moving, sw_gt(c, zero)), sw_mand(sw_gt(ab, zero), sw_ge(disc, zero)));
	*ok = sw_mand(*ok, sw_le(t, sw_set1(1.0f)));
	return t;
}

/* tri_first: the earliest valid candidate and its id (FEATURE_NONE_LANE: none), *over the start test */
SW_INLINE sw_fw tri_first(const tri_w *w, const sw_fw v[3], sw_fw r, sw_fw *id, sw_mw *over)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f);
	sw_fw rr = sw_mul(r, r);
	sw_fw vn = dot3v(w->n, v);
	sw_fw closing = sw_sel(sw_gt(w->s0, zero), sw_neg(vn), vn);
	sw_fw tf = sw_div(w->g, closing);
	sw_mw inside = sw_le(w->g, zero);
	sw_fw xf[3] = {sw_mul(v[0], tf), sw_mul(v[1], tf), sw_mul(v[2], tf)}, x0[3] = {zero, zero, zero};
	sw_mw face = sw_mand(sw_mand(sw_gt(w->g, zero), sw_gt(closing, zero)), sw_le(tf, one));
	face = sw_mand(face, tri_inside(w, xf));
	sw_mw within = sw_mand(inside, tri_inside(w, x0));
	sw_fw best = sw_sel(face, tf, sw_set1(INFINITY));
	*id = lanes_of(face, (float)SW_TRI3_FACE, FEATURE_NONE_LANE);
	for (int j = 0; j < 3; j++) {
		const sw_fw *e = w->e[j];
		sw_fw a[3], b[3];
		cross3v(w->vs, e, a);
		cross3v(w->f[j], e, b);
		sw_fw vb = dot3v(w->vs, b), rho2 = sw_mul(rr, w->ee[j]), bb = dot3v(b, b);
		sw_mw hit;
		sw_fw te = ball(dot3v(a, a), dot3v(a, b), bb, sw_mul(sw_mul(vb, vb), w->ee[j]), rho2, w->kv, w->moving,
				&hit);
		sw_fw y[3];
		for (int k = 0; k < 3; k++)
			y[k] = sw_sub(sw_mul(v[k], te), w->f[j][k]);
		sw_fw mu = dot3v(e, y);
		sw_mw better = sw_mand(sw_mand(hit, sw_ge(mu, zero)), sw_mand(sw_le(mu, w->ll[j]), sw_lt(te, best)));
		best = sw_sel(better, te, best);
		*id = sw_sel(better, sw_set1((float)(SW_TRI3_EDGE0 + (uint32_t)j)), *id);
		sw_fw mu0 = sw_neg(dot3v(e, w->f[j]));
		sw_mw in0 = sw_mand(sw_le(bb, rho2), sw_mand(sw_ge(mu0, zero), sw_le(mu0, w->ll[j])));
		within = sw_mor(within, in0);
	}
	for (int k = 0; k < 3; k++) {
		const sw_fw *f = w->f[k];
		sw_fw x[3];
		cross3v(w->vs, f, x);
		sw_mw hit;
		sw_fw tk =
			ball(dot3v(w->vs, w->vs), dot3v(w->vs, f), w->ff[k], dot3v(x, x), rr, w->kv, w->moving, &hit);
		sw_mw better = sw_mand(hit, sw_lt(tk, best));
		best = sw_sel(better, tk, best);
		*id = sw_sel(better, sw_set1((float)(SW_TRI3_VERTEX0 + (uint32_t)k)), *id);
		within = sw_mor(within, sw_le(w->ff[k], rr));
	}
	*over = within;
	return best;
}

/* tri_region: the feature of the centre displaced by x */
SW_INLINE sw_fw tri_region(const tri_w *w, const sw_fw x[3])
{
	const sw_fw zero = sw_set1(0.0f), none = sw_set1(FEATURE_NONE_LANE);
	sw_fw id = none;
	sw_mw in = sw_mnot(sw_mfalse());
	for (int j = 0; j < 3; j++) {
		sw_fw y[3] = {sw_sub(x[0], w->f[j][0]), sw_sub(x[1], w->f[j][1]), sw_sub(x[2], w->f[j][2])};
		sw_fw s = dot3v(w->m[j], y), mu = dot3v(w->e[j], y);
		sw_mw edge = sw_mand(sw_mand(sw_lt(s, zero), sw_ge(mu, zero)),
				     sw_mand(sw_le(mu, w->ll[j]), sw_eq(id, none)));
		id = sw_sel(edge, sw_set1((float)(SW_TRI3_EDGE0 + (uint32_t)j)), id);
		in = sw_mand(in, sw_ge(s, zero));
	}
	sw_fw best = sw_set1(INFINITY), vert = sw_set1((float)SW_TRI3_VERTEX0);
	for (int k = 0; k < 3; k++) {
		sw_fw y[3] = {sw_sub(x[0], w->f[k][0]), sw_sub(x[1], w->f[k][1]), sw_sub(x[2], w->f[k][2])};
		sw_fw d = dot3v(y, y);
		sw_mw closer = sw_lt(d, best);
		best = sw_sel(closer, d, best);
		vert = sw_sel(closer, sw_set1((float)(SW_TRI3_VERTEX0 + (uint32_t)k)), vert);
	}
	id = sw_sel(sw_eq(id, none), vert, id);
	return sw_sel(in, sw_set1((float)SW_TRI3_FACE), id);
}

/* a per-lane choice among three rows by masks of index 1 and 2 */
SW_INLINE sw_fw pick3(sw_mw i1, sw_mw i2, sw_fw a0, sw_fw a1, sw_fw a2) { return sw_sel(i1, a1, sw_sel(i2, a2, a0)); }

/* tri_dead: the triangle's normal, its edges crossed with the motion */
SW_INLINE sw_mw tri_dead(const tri_in *g)
{
	const sw_fw zero = sw_set1(0.0f);
	const sw_fw *v = g->v;
	sw_fw f[3][3], e1[3], e2[3], n[3];
	for (int k = 0; k < 3; k++)
		for (int a = 0; a < 3; a++)
			f[k][a] = sw_sub(g->x[k][a], g->c[a]);
	for (int a = 0; a < 3; a++)
		e1[a] = sw_sub(f[1][a], f[0][a]), e2[a] = sw_sub(f[2][a], f[0][a]);
	cross3v(e1, e2, n);
	sw_fw nv = sw_add(sw_add(sw_abs(v[0]), sw_abs(v[1])), sw_abs(v[2]));
	sw_fw nn = sw_add(sw_add(sw_abs(n[0]), sw_abs(n[1])), sw_abs(n[2]));
	sw_fw mf = sw_max(sw_max(max3v(f[0]), max3v(f[1])), max3v(f[2]));
	sw_fw big = sw_add(sw_add(mf, nv), g->r);
	sw_fw rr = sw_add(g->r, sw_mul(big, sw_set1(DEAD_MARGIN)));
	/* the normal */
	sw_fw s0 = dot3v(n, f[0]), s1 = dot3v(n, f[1]), s2 = dot3v(n, f[2]), w = dot3v(n, v);
	sw_mw dead = apart(span_gap(sw_min(sw_min(s0, s1), s2), sw_max(sw_max(s0, s1), s2), zero, w), sw_mul(rr, nn));
	/* each edge crossed with the motion: the path over [0, a·v], a·v zero but for the rounding of a */
	for (int j = 0; j < 3; j++) {
		sw_fw e[3], a[3];
		for (int k = 0; k < 3; k++)
			e[k] = sw_sub(f[(j + 1) % 3][k], f[j][k]);
		cross3v(e, v, a);
		sw_fw na = sw_add(sw_add(sw_abs(a[0]), sw_abs(a[1])), sw_abs(a[2]));
		sw_fw t0 = dot3v(a, f[0]), t1 = dot3v(a, f[1]), t2 = dot3v(a, f[2]);
		sw_fw gap = span_gap(sw_min(sw_min(t0, t1), t2), sw_max(sw_max(t0, t1), t2), zero, dot3v(a, v));
		dead = sw_mor(dead, apart(gap, sw_mul(rr, na)));
	}
	return sw_mand(dead, sw_lt(big, sw_set1(DEAD_RANGE)));
}

SW_INLINE void tri_core(const tri_in *g, int one_sided, cast_w *o)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f);
	const sw_fw *v = g->v;
	tri_w w;
	tri_build(g, &w);
	sw_fw hit_id;
	sw_mw over;
	sw_fw th = tri_first(&w, v, g->r, &hit_id, &over);
	sw_mw behind = one_sided ? sw_lt(w.s0, zero) : sw_mfalse();
	sw_mw nohit = sw_eq(hit_id, sw_set1(FEATURE_NONE_LANE));
	o->miss = sw_mor(behind, sw_mandnot(over, nohit));
	o->over = over;
	sw_fw t = sw_sel(over, zero, th);
	sw_fw x[3] = {sw_mul(v[0], t), sw_mul(v[1], t), sw_mul(v[2], t)};
	sw_fw id = tri_region(&w, x);
	sw_mw face = sw_eq(id, sw_set1((float)SW_TRI3_FACE));
	sw_mw vert = sw_ge(id, sw_set1((float)SW_TRI3_VERTEX0));
	sw_mw i1 = sw_mor(sw_eq(id, sw_set1((float)SW_TRI3_EDGE0 + 1)), sw_eq(id, sw_set1((float)SW_TRI3_VERTEX0 + 1)));
	sw_mw i2 = sw_mor(sw_eq(id, sw_set1((float)SW_TRI3_EDGE0 + 2)), sw_eq(id, sw_set1((float)SW_TRI3_VERTEX0 + 2)));
	sw_fw y[3], e[3], xi[3];
	for (int a = 0; a < 3; a++) {
		y[a] = sw_sub(x[a], pick3(i1, i2, w.f[0][a], w.f[1][a], w.f[2][a]));
		e[a] = pick3(i1, i2, w.e[0][a], w.e[1][a], w.e[2][a]);
		xi[a] = pick3(i1, i2, g->x[0][a], g->x[1][a], g->x[2][a]);
	}
	sw_fw ee = pick3(i1, i2, w.ee[0], w.ee[1], w.ee[2]);
	sw_fw h = dot3v(w.n, y);
	sw_mw up = sw_ge(h, zero);
	sw_fw ey = dot3v(e, y);
	sw_fw nv[3];
	for (int a = 0; a < 3; a++) {
		sw_fw side = sw_sel(up, w.n[a], sw_neg(w.n[a]));
		sw_fw across = sw_sub(sw_mul(y[a], ee), sw_mul(e[a], ey));
		nv[a] = sw_sel(face, side, sw_sel(vert, y[a], across));
	}
	sw_fw mnv = max3v(nv);
	sw_mw none = sw_lt(mnv, sw_set1(MIN_NORMAL));
	sw_fw kn = pow2_inv(sw_sel(none, max3v(w.n), mnv)), ws[3], nr[3];
	for (int a = 0; a < 3; a++)
		nv[a] = sw_sel(none, w.n[a], nv[a]);
	/* sw_circle_normalize3 */
	for (int a = 0; a < 3; a++)
		ws[a] = sw_mul(nv[a], kn);
	sw_fw il = sw_div(one, sw_sqrt(dot3v(ws, ws)));
	for (int a = 0; a < 3; a++)
		nr[a] = sw_mul(ws[a], il);
	sw_fw dist = dot3v(nr, y);
	sw_fw q = sw_div(ey, ee);
	sw_fw pt[3], mt[3], sl[3];
	for (int a = 0; a < 3; a++) {
		sw_fw plane = sw_sub(y[a], sw_mul(nr[a], dist)), along_line = sw_mul(e[a], q);
		sw_fw along = sw_sel(face, plane, along_line);
		pt[a] = sw_sel(vert, xi[a], sw_add(xi[a], along));
		mt[a] = sw_mul(v[a], sw_sub(one, t));
	}
	/* sw_circle_clip3 */
	sw_fw mn = dot3v(mt, nr);
	sw_fw kk = sw_sel(sw_lt(mn, zero), mn, zero);
	for (int a = 0; a < 3; a++)
		sl[a] = sw_sub(mt[a], sw_mul(kk, nr[a]));
	sw_fw depth = sw_sel(over, sw_sub(g->r, dist), zero);
	cast_rows(o, t, depth, pt, nr, sl, id);
}

INDEXED_SOURCE(tri_source, sw_circle3_set, sw_tri3_set, tri_in, tri_gather)
CIRCLE_KERNEL(circle3_tri3_sweep, sw_tri3_set, tri_in, 16, 7, tri_source, tri_dead, tri_reload, tri_core, 0)

SW_EXPORT(circle2_seg2_sweep)
SW_EXPORT(circle2_seg2_sweep_packed)
SW_EXPORT(circle3_tri3_sweep)
