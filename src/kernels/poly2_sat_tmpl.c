/* src/kernels/poly2_sat_tmpl.c — moving and static SAT for 2D convex polygons, written once over the
 * lane vocabulary and compiled once per tier. It repeats ref/poly2_sat.c lane-wise, operation for
 * operation (see that file for the method). Lanes hold polygons of different sizes: the loops run to
 * the block's largest count; edges past a lane's own count are masked off, and vertices past it
 * repeat vertex 0 (the set's padding rule), which changes no projection. */
#include <math.h>
#include <string.h>

#include "contract.h"
#include "job.h"
#include "kernels/wide.h"

#define ROW SW_POLY2_MAX_VERTS

/* a vertex count as stored (caller-writable): in [2, ROW], else 0 — such a lane is flagged and
 * never widens the block's loops past a row */
SW_INLINE unsigned count_ok(unsigned n) { return n >= 2 && n <= ROW ? n : 0; }

/* one polygon per lane: placement, displacement, vertices (local frame), count */
typedef struct poly_w {
	sw_fw px, py, qc, qs, dx, dy, cnt;
	sw_fw vx[ROW], vy[ROW];
} poly_w;

/* the pair indices of the block at `base` (through `order` when given), then the instance and shape
 * indices of its lanes; lanes past cnt repeat the last pair; out-of-range instance or shape ids read
 * slot 0 and, like shapes that failed their check, are flagged in the returned bits. Also the largest
 * vertex count of each side. */
SW_INLINE unsigned poly_lanes(const sw_poly2_set *as, const sw_poly2_set *bs, const sw_pair *pairs,
			      const uint32_t *order, size_t base, unsigned cnt, uint32_t *pk, int32_t ix[2][SW_W],
			      int32_t sh[2][SW_W], unsigned *max_a, unsigned *max_b)
{
	unsigned bad = 0;
	*max_a = *max_b = 1;
	for (unsigned l = 0; l < cnt; l++)
		pk[l] = order ? order[base + l] : (uint32_t)(base + l);
	for (unsigned l = 0; l < SW_W; l++) {
		sw_pair p = pairs[pk[l < cnt ? l : cnt - 1]];
		int ok = p.a < as->inst.count && p.b < bs->inst.count;
		ix[0][l] = ok ? (int32_t)p.a : 0;
		ix[1][l] = ok ? (int32_t)p.b : 0;
		uint32_t sa = as->shape[ix[0][l]], sb = bs->shape[ix[1][l]];
		ok = ok && sa < as->shapes.count && sb < bs->shapes.count;
		sh[0][l] = sa < as->shapes.count ? (int32_t)sa : 0;
		sh[1][l] = sb < bs->shapes.count ? (int32_t)sb : 0;
		unsigned na = count_ok(as->n[sh[0][l]]), nb = count_ok(bs->n[sh[1][l]]);
		ok = ok && as->ok[sh[0][l]] && bs->ok[sh[1][l]] && na && nb;
		bad |= (unsigned)!ok << l;
		*max_a = na > *max_a ? na : *max_a;
		*max_b = nb > *max_b ? nb : *max_b;
	}
	return bad;
}

/* unit rotation within SW_QUAT_TOL and position in range, as xf_valid() in the reference */
SW_INLINE sw_mw placement_ok(const poly_w *p)
{
	sw_fw n2 = sw_add(sw_mul(p->qc, p->qc), sw_mul(p->qs, p->qs));
	sw_mw ok = sw_le(sw_abs(sw_sub(n2, sw_set1(1.0f))), sw_set1(SW_QUAT_TOL));
	return sw_mand(ok, sw_mand(sw_coord_ok(p->px), sw_coord_ok(p->py)));
}

/* gathers instances idx[l] (their shapes sh[l]) with `nv` vertex slots; returns the lanes whose
 * placement (and, when `moving`, displacement) is valid: finite, in range, unit rotation */
SW_INLINE sw_mw poly_gather(const sw_poly2_set *s, const int32_t *idx, const int32_t *sh, unsigned nv, int moving,
			    poly_w *p)
{
	_Alignas(64) int32_t row[SW_W];
	_Alignas(64) float cnt[SW_W];
	for (int l = 0; l < SW_W; l++) {
		row[l] = ROW * sh[l];
		cnt[l] = s->n[sh[l]];
	}
	p->px = sw_gather(s->px, idx), p->py = sw_gather(s->py, idx);
	p->qc = sw_gather(s->qc, idx), p->qs = sw_gather(s->qs, idx);
	p->dx = sw_gather(s->dx, idx), p->dy = sw_gather(s->dy, idx);
	p->cnt = sw_loadu(cnt);
	for (unsigned k = 0; k < nv; k++) {
		p->vx[k] = sw_gather(s->vx + k, row);
		p->vy[k] = sw_gather(s->vy + k, row);
	}
	sw_mw ok = placement_ok(p);
	return moving ? sw_mand(ok, sw_mand(sw_coord_ok(p->dx), sw_coord_ok(p->dy))) : ok;
}

/* B's vertices moved into A's frame, and the relative motion v, as to_frame_a() in the reference */
SW_INLINE void poly_to_a(const poly_w *a, poly_w *b, unsigned nv, sw_fw v[2])
{
	sw_fw qc = sw_add(sw_mul(a->qc, b->qc), sw_mul(a->qs, b->qs));
	sw_fw qs = sw_sub(sw_mul(a->qc, b->qs), sw_mul(a->qs, b->qc));
	sw_fw ex = sw_sub(b->px, a->px), ey = sw_sub(b->py, a->py);
	sw_fw dpx = sw_add(sw_mul(a->qc, ex), sw_mul(a->qs, ey));
	sw_fw dpy = sw_add(sw_mul(sw_neg(a->qs), ex), sw_mul(a->qc, ey));
	for (unsigned k = 0; k < nv; k++) {
		sw_fw x = b->vx[k], y = b->vy[k];
		b->vx[k] = sw_add(sw_sub(sw_mul(qc, x), sw_mul(qs, y)), dpx);
		b->vy[k] = sw_add(sw_add(sw_mul(qs, x), sw_mul(qc, y)), dpy);
	}
	sw_fw mx = sw_sub(b->dx, a->dx), my = sw_sub(b->dy, a->dy);
	v[0] = sw_add(sw_mul(a->qc, mx), sw_mul(a->qs, my));
	v[1] = sw_add(sw_mul(sw_neg(a->qs), mx), sw_mul(a->qc, my));
}

/* a tiny pair scaled up, as pair_frame() in the reference: the largest |x|, |y| of A's vertices, of B's in
 * A's frame and of the motion decides (padding slots repeat vertex 0, so nv slots give the count's
 * maximum); the vertices and v are scaled only when some lane is tiny (by 1 elsewhere: the same) */
SW_INLINE void poly_scale(poly_w *a, unsigned na, poly_w *b, unsigned nb, sw_fw v[2], sw_fw *s1, sw_fw *s2)
{
	sw_fw m = sw_max(sw_abs(v[0]), sw_abs(v[1]));
	for (unsigned k = 0; k < na; k++)
		m = sw_max(sw_max(sw_abs(a->vx[k]), sw_abs(a->vy[k])), m);
	for (unsigned k = 0; k < nb; k++)
		m = sw_max(sw_max(sw_abs(b->vx[k]), sw_abs(b->vy[k])), m);
	pair_scale(m, s1, s2);
	if (!sw_mbits(sw_lt(m, sw_set1(SW_PAIR_TINY))))
		return;
	v[0] = sw_mul(sw_mul(v[0], *s1), *s2), v[1] = sw_mul(sw_mul(v[1], *s1), *s2);
	for (unsigned k = 0; k < na; k++) {
		a->vx[k] = sw_mul(sw_mul(a->vx[k], *s1), *s2);
		a->vy[k] = sw_mul(sw_mul(a->vy[k], *s1), *s2);
	}
	for (unsigned k = 0; k < nb; k++) {
		b->vx[k] = sw_mul(sw_mul(b->vx[k], *s1), *s2);
		b->vy[k] = sw_mul(sw_mul(b->vy[k], *s1), *s2);
	}
}

/* outward unit normal of edge i (vertex i to the next) of polygons gathered with nv slots: a lane
 * with fewer vertices closes through its padding (vertex 0 again), one with nv through slot 0 */
SW_INLINE void edge_normal_w(const poly_w *p, unsigned nv, unsigned i, sw_fw *nx, sw_fw *ny)
{
	unsigned j = i + 1 < nv ? i + 1 : 0;
	sw_fw ex = sw_sub(p->vx[j], p->vx[i]), ey = sw_sub(p->vy[j], p->vy[i]);
	sw_fw len = sw_sqrt(sw_add(sw_mul(ex, ex), sw_mul(ey, ey)));
	*nx = sw_div(ey, len);
	*ny = sw_div(sw_neg(ex), len);
}

SW_INLINE sw_fw dot2(sw_fw nx, sw_fw ny, sw_fw x, sw_fw y) { return sw_add(sw_mul(nx, x), sw_mul(ny, y)); }

/* min or max of n·v over the polygon (d < lo ? d : lo is exactly sw_min(d, lo)) */
SW_INLINE sw_fw project(const poly_w *p, unsigned nv, sw_fw nx, sw_fw ny, int want_max)
{
	sw_fw r = dot2(nx, ny, p->vx[0], p->vy[0]);
	for (unsigned k = 1; k < nv; k++) {
		sw_fw d = dot2(nx, ny, p->vx[k], p->vy[k]);
		r = want_max ? sw_max(d, r) : sw_min(d, r);
	}
	return r;
}

/* running state, as gap2 in the reference */
typedef struct gap_w {
	sw_fw in_num, in_den, out_num, out_den, in_axis, in_nx, in_ny;
	sw_mw sep0, never;
	sw_fw sep_axis, sep_gap, sep_nx, sep_ny;
	sw_fw best, best_axis, best_nx, best_ny;
} gap_w;

SW_INLINE void gap_visit_w(gap_w *s, sw_mw on, float id, sw_fw nx, sw_fw ny, sw_fw gap, const sw_fw v[2])
{
	sw_fw zero = sw_set1(0.0f), fid = sw_set1(id);
	sw_fw u = dot2(nx, ny, v[0], v[1]);
	sw_mw sep = sw_mand(on, sw_gt(gap, zero));
	sw_mw first = sw_mandnot(s->sep0, sep);
	s->sep_axis = sw_sel(first, fid, s->sep_axis);
	s->sep_gap = sw_sel(first, gap, s->sep_gap);
	s->sep_nx = sw_sel(first, nx, s->sep_nx);
	s->sep_ny = sw_sel(first, ny, s->sep_ny);
	s->sep0 = sw_mor(s->sep0, sep);
	sw_mw up = sw_mand(on, sw_gt(gap, s->best));
	s->best = sw_sel(up, gap, s->best);
	s->best_axis = sw_sel(up, fid, s->best_axis);
	s->best_nx = sw_sel(up, nx, s->best_nx);
	s->best_ny = sw_sel(up, ny, s->best_ny);
	sw_fw au = sw_abs(u);
	sw_mw moving = sw_mand(on, sw_gt(au, sw_set1(SW_TINY_SPEED)));
	s->never = sw_mor(s->never, sw_mandnot(moving, sep));
	sw_mw closing = sw_mand(moving, sw_lt(u, zero));
	sw_mw ui = sw_mand(closing, sw_gt(sw_mul(gap, s->in_den), sw_mul(s->in_num, au)));
	s->in_num = sw_sel(ui, gap, s->in_num);
	s->in_den = sw_sel(ui, au, s->in_den);
	s->in_axis = sw_sel(ui, fid, s->in_axis);
	s->in_nx = sw_sel(ui, nx, s->in_nx);
	s->in_ny = sw_sel(ui, ny, s->in_ny);
	sw_fw ngap = sw_neg(gap);
	sw_mw uo = sw_mandnot(closing, sw_mand(moving, sw_lt(sw_mul(ngap, s->out_den), sw_mul(s->out_num, au))));
	s->out_num = sw_sel(uo, ngap, s->out_num);
	s->out_den = sw_sel(uo, au, s->out_den);
}

/* every direction of the pair: A's edge normals, then B's reversed */
SW_INLINE void gap_all_w(gap_w *s, const poly_w *a, unsigned na, const poly_w *b, unsigned nb, const sw_fw v[2])
{
	const sw_fw zero = sw_set1(0.0f);
	*s = (gap_w){sw_set1(-1.0f),
		     zero,
		     sw_set1(1.0f),
		     zero,
		     zero,
		     zero,
		     zero,
		     sw_mfalse(),
		     sw_mfalse(),
		     sw_set1((float)SW_AXIS_NONE),
		     zero,
		     zero,
		     zero,
		     sw_set1(-INFINITY),
		     zero,
		     zero,
		     zero};
	/* along its own edge normal a polygon's support is the edge's first vertex */
	for (unsigned i = 0; i < na; i++) {
		sw_fw nx, ny;
		edge_normal_w(a, na, i, &nx, &ny);
		sw_fw gap = sw_sub(project(b, nb, nx, ny, 0), dot2(nx, ny, a->vx[i], a->vy[i]));
		gap_visit_w(s, sw_lt(sw_set1((float)i), a->cnt), (float)i, nx, ny, gap, v);
	}
	for (unsigned j = 0; j < nb; j++) {
		sw_fw mx, my;
		edge_normal_w(b, nb, j, &mx, &my);
		sw_fw nx = sw_neg(mx), ny = sw_neg(my);
		sw_fw gap = sw_sub(dot2(nx, ny, b->vx[j], b->vy[j]), project(a, na, nx, ny, 1));
		gap_visit_w(s, sw_lt(sw_set1((float)j), b->cnt), (float)(ROW + j), nx, ny, gap, v);
	}
}

/* rotation by A's placement: q·n, as sw_rot2_mul */
SW_INLINE void to_world(const poly_w *a, sw_fw nx, sw_fw ny, sw_fw *wx, sw_fw *wy)
{
	*wx = sw_sub(sw_mul(a->qc, nx), sw_mul(a->qs, ny));
	*wy = sw_add(sw_mul(a->qs, nx), sw_mul(a->qc, ny));
}

/* stores lanes [0, cnt) of float rows at the lanes' pair indices pk (NULL columns skipped); invalid
 * lanes get NaN */
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

/* statuses and features at the lanes' pair indices; `none` lanes (a HIT of an overlap call that asks
 * for no depth nor normal) get no feature */
SW_INLINE void store_codes(uint8_t *status, uint32_t *feature, const uint32_t *pk, unsigned cnt, unsigned invalid,
			   unsigned none, const uint8_t *st, sw_fw feat)
{
	_Alignas(64) float f[SW_W];
	sw_storeu(f, feat);
	for (unsigned l = 0; l < cnt; l++) {
		int bad = invalid >> l & 1;
		status[pk[l]] = bad ? SW_PAIR_INVALID : st[l];
		if (feature)
			feature[pk[l]] = bad || (none >> l & 1) ? SW_FEATURE_NONE : sw_feature_of_lane(f[l]);
	}
}

/* one block of the sweep with na, nb vertex slots (the block's largest counts). Instantiating it for
 * constant slot counts (2/4/8/16) was measured: no fewer instructions, four times the compile time */
SW_INLINE void sweep_core(poly_w *a, poly_w *b, sw_mw ok, const uint32_t *pk, unsigned cnt, unsigned bad, unsigned na,
			  unsigned nb, const sw_sweep_results *out)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f);
	sw_fw v[2], s1, s2;
	poly_to_a(a, b, nb, v);
	poly_scale(a, na, b, nb, v, &s1, &s2);
	gap_w s;
	gap_all_w(&s, a, na, b, nb, v);

	sw_fw t_last = sw_div(s.out_num, s.out_den);
	t_last = sw_sel(sw_lt(t_last, one), t_last, one);
	sw_mw ov = sw_mnot(s.sep0);
	sw_mw touch = sw_mand(sw_le(sw_mul(s.in_num, s.out_den), sw_mul(s.out_num, s.in_den)),
			      sw_mand(sw_le(s.in_num, s.in_den), sw_ge(s.out_num, zero)));
	sw_mw hit = sw_mandnot(sw_mor(ov, s.never), touch), any = sw_mor(ov, hit);
	sw_fw nx = sw_sel(ov, s.best_nx, s.in_nx), ny = sw_sel(ov, s.best_ny, s.in_ny), wx, wy;
	to_world(a, nx, ny, &wx, &wy);
	sw_fw rows[4] = {sw_sel(ov, zero, sw_sel(hit, sw_div(s.in_num, s.in_den), one)), sw_sel(any, t_last, one),
			 sw_sel(any, wx, zero), sw_sel(any, wy, zero)};
	float *const dst[4] = {out->t_first, out->t_last, out->nx, out->ny};
	unsigned invalid = bad | (~sw_mbits(ok) & SW_ALL_LANES);
	store_rows(dst, rows, 4, pk, cnt, invalid);
	uint8_t st[SW_W];
	unsigned ovb = sw_mbits(ov), hb = sw_mbits(hit);
	for (unsigned l = 0; l < cnt; l++)
		st[l] = (ovb >> l & 1) ? SW_STARTS_OVERLAPPED : (hb >> l & 1) ? SW_HIT : SW_MISS;
	sw_fw feat = sw_sel(ov, s.best_axis, sw_sel(hit, s.in_axis, sw_set1((float)SW_AXIS_NONE)));
	store_codes(out->status, out->feature, pk, cnt, invalid, 0, st, feat);
}

SW_INLINE void sweep_block(const sw_poly2_set *as, const sw_poly2_set *bs, int32_t ix[2][SW_W], int32_t sh[2][SW_W],
			   const uint32_t *pk, unsigned cnt, unsigned bad, unsigned na, unsigned nb,
			   const sw_sweep_results *out)
{
	poly_w a, b;
	sw_mw ok = sw_mand(poly_gather(as, ix[0], sh[0], na, 1, &a), poly_gather(bs, ix[1], sh[1], nb, 1, &b));
	sweep_core(&a, &b, ok, pk, cnt, bad, na, nb, out);
}

SW_INLINE void overlap_block(const sw_poly2_set *as, const sw_poly2_set *bs, int32_t ix[2][SW_W], int32_t sh[2][SW_W],
			     const uint32_t *pk, unsigned cnt, unsigned bad, unsigned na, unsigned nb,
			     const sw_overlap_results *out)
{
	const sw_fw zero = sw_set1(0.0f);
	poly_w a, b;
	sw_mw ok = sw_mand(poly_gather(as, ix[0], sh[0], na, 0, &a), poly_gather(bs, ix[1], sh[1], nb, 0, &b));
	sw_fw v[2];
	a.dx = a.dy = b.dx = b.dy = zero; /* static: no motion (and none of its NaNs) */
	poly_to_a(&a, &b, nb, v);
	sw_fw s1, s2;
	poly_scale(&a, na, &b, nb, v, &s1, &s2);
	gap_w s;
	gap_all_w(&s, &a, na, &b, nb, v);
	sw_mw sep = s.sep0;
	sw_fw wx, wy;
	to_world(&a, sw_sel(sep, s.sep_nx, s.best_nx), sw_sel(sep, s.sep_ny, s.best_ny), &wx, &wy);
	const sw_fw one = sw_set1(1.0f);
	sw_fw depth = sw_sel(sep, s.sep_gap, sw_neg(s.best));
	sw_fw rows[3] = {sw_mul(sw_mul(depth, sw_div(one, s2)), sw_div(one, s1)), wx, wy};
	float *const dst[3] = {out->depth, out->nx, out->ny};
	unsigned invalid = bad | (~sw_mbits(ok) & SW_ALL_LANES);
	store_rows(dst, rows, 3, pk, cnt, invalid);
	uint8_t st[SW_W];
	unsigned sb = sw_mbits(sep);
	for (unsigned l = 0; l < cnt; l++)
		st[l] = (sb >> l & 1) ? SW_MISS : SW_HIT;
	unsigned none = sw_overlap_full(out) ? 0 : ~sb;
	store_codes(out->status, out->feature, pk, cnt, invalid, none, st, sw_sel(sep, s.sep_axis, s.best_axis));
}

/* the indexed queries: lane blocks of pairs (in the ordering stage's order), moving or at rest */
static void poly_run(const sw_job *j, int sweep)
{
	const sw_poly2_set *as = j->a, *bs = j->b;
	const sw_pair *pairs = j->pairs + j->off;
	const uint32_t *order = j->order;
	const sw_sweep_results sv = sweep ? sw_sweep_view(j->out, j->off) : (sw_sweep_results){0};
	const sw_overlap_results ov = sweep ? (sw_overlap_results){0} : sw_overlap_view(j->out, j->off);
	size_t n = j->n;
	_Alignas(64) int32_t ix[2][SW_W], sh[2][SW_W];
	uint32_t pk[SW_W];
	for (size_t base = 0; base < n; base += SW_W) {
		unsigned cnt = n - base < SW_W ? (unsigned)(n - base) : SW_W, na, nb;
		unsigned bad = poly_lanes(as, bs, pairs, order, base, cnt, pk, ix, sh, &na, &nb);
		if (sweep)
			sweep_block(as, bs, ix, sh, pk, cnt, bad, na, nb, &sv);
		else
			overlap_block(as, bs, ix, sh, pk, cnt, bad, na, nb, &ov);
	}
}

static void poly2_sweep_kernel(const sw_job *j) { poly_run(j, 1); }
static void poly2_overlap_kernel(const sw_job *j) { poly_run(j, 0); }

/* lanes [off, off + SW_W) of a packed block: A at rest, B moving by the relative displacement, so
 * that poly_to_a() forms the reference's tmul(q_A, v − 0) */
SW_INLINE sw_mw packed_load(const sw_poly2_block *blk, unsigned off, unsigned na, unsigned nb, poly_w *a, poly_w *b)
{
	_Alignas(64) float ca[SW_W], cb[SW_W];
	for (int l = 0; l < SW_W; l++)
		ca[l] = blk->an[off + l], cb[l] = blk->bn[off + l];
	const sw_fw zero = sw_set1(0.0f);
	a->px = sw_load(&blk->apx[off]), a->py = sw_load(&blk->apy[off]);
	a->qc = sw_load(&blk->aqc[off]), a->qs = sw_load(&blk->aqs[off]);
	b->px = sw_load(&blk->bpx[off]), b->py = sw_load(&blk->bpy[off]);
	b->qc = sw_load(&blk->bqc[off]), b->qs = sw_load(&blk->bqs[off]);
	a->dx = a->dy = zero;
	b->dx = sw_load(&blk->vx[off]), b->dy = sw_load(&blk->vy[off]);
	a->cnt = sw_load(ca), b->cnt = sw_load(cb);
	for (unsigned k = 0; k < na; k++)
		a->vx[k] = sw_load(&blk->avx[k][off]), a->vy[k] = sw_load(&blk->avy[k][off]);
	for (unsigned k = 0; k < nb; k++)
		b->vx[k] = sw_load(&blk->bvx[k][off]), b->vy[k] = sw_load(&blk->bvy[k][off]);
	sw_mw ok = sw_mand(placement_ok(a), placement_ok(b));
	return sw_mand(ok, sw_mand(sw_coord_ok(b->dx), sw_coord_ok(b->dy)));
}

static void poly2_sweep_packed_kernel(const sw_job *j)
{
	const sw_poly2_block *blocks = (const sw_poly2_block *)j->a + j->off / SW_BLOCK;
	const sw_sweep_results view = sw_sweep_view(j->out, j->off), *out = &view;
	size_t n = j->n;
	uint32_t pk[SW_W];
	for (size_t base = 0; base < n; base += SW_W) {
		const sw_poly2_block *blk = &blocks[base / SW_BLOCK];
		unsigned off = (unsigned)(base % SW_BLOCK), cnt = n - base < SW_W ? (unsigned)(n - base) : SW_W;
		unsigned na = 1, nb = 1, bad = 0;
		for (unsigned l = 0; l < SW_W; l++) {
			unsigned ca = count_ok(blk->an[off + l]), cb = count_ok(blk->bn[off + l]);
			na = ca > na ? ca : na;
			nb = cb > nb ? cb : nb;
			bad |= (unsigned)!(blk->a_ok[off + l] && blk->b_ok[off + l] && ca && cb) << l;
			pk[l] = (uint32_t)(base + l);
		}
		poly_w a, b;
		sw_mw ok = packed_load(blk, off, na, nb, &a, &b);
		sweep_core(&a, &b, ok, pk, cnt, bad, na, nb, out);
	}
}

SW_EXPORT(poly2_sweep)
SW_EXPORT(poly2_sweep_packed)
SW_EXPORT(poly2_overlap)
