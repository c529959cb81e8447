/* src/kernels/gjk_lanes.h — the GJK loop with one pair per lane, written once for D = 2 and D = 3
 * (GJK_D, set by gjk2_tmpl.c and gjk3_tmpl.c before including this file) over the lane vocabulary of
 * kernels/wide.h. It repeats ref/gjk_tmpl.h lane-wise, operation for operation (see that file for the
 * method): the same supports, the same cofactor formulas in the same order, the same subset scan, so
 * every lane gives the reference's bits. Where the reference caches (the cofactors of subsets without
 * the new slot, the dot products of slots that did not move) the lanes recompute, and the values are
 * the same; where it branches, the lanes compute both sides and select. A lane is done when its query
 * is decided or its cap is reached; the loop runs until every lane is done, and the work one lane
 * needs and no other does (the full simplex, a cast's second solve) runs only when some lane needs it.
 *
 * Vertex cores stay where their sets keep them (a row of floats per coordinate): a lane's support
 * takes SW_W of its own vertices at a time and the first maximal one across them (sw_hmax), so a lane
 * costs its own vertex count, nothing is copied when a pair enters a lane, and idle lanes cost
 * nothing. The first maximum of a row is the reference's sequential scan's vertex, bit for bit. */
#include <math.h>

#include "contract.h"
#include "kernels/wide.h"

#define D GJK_D
#define NS (D + 1)
#define NSUB (1 << NS)
#define FULL (NSUB - 1)
#define TOP (1 << D) /* the slot of the new point */

enum { GW_OVERLAP = 0, GW_DIST = 1, GW_CAST = 2 };
enum { GW_CONTACT = 0, GW_SEPARATED = 1, GW_CONVERGED = 2, GW_MISS = 3, GW_LIMIT = 4 };

/* a vector per lane */
typedef struct gw {
	sw_fw c[D];
} gw;

/* the vertex cores of one side of the lanes: lane l's coordinate c of vertex k at row[c][l][k], for
 * k < n[l] (n = 0: no vertex core); each row is readable up to n rounded up to 16, the slots past n
 * repeating vertex 0 (as the sets keep them, sets.h), which changes no support and no extent */
typedef struct rows_w {
	const float *row[D][SW_W];
	uint32_t n[SW_W];
	unsigned verts; /* the lanes with n > 0 */
	unsigned box;   /* the lanes with a box core */
} rows_w;

/* D rows of 16 zeros: the rows of a lane without a vertex core, and of a ray's point */
static const _Alignas(64) float gw_zero_rows[D][16];

/* lane l's vertex core: rows r[c] of n vertices (n = 0 or r NULL: none) */
SW_INLINE void rows_put(rows_w *R, unsigned l, const float *const *r, uint32_t n)
{
	n = r ? n : 0;
	SW_UNROLL
	for (int c = 0; c < D; c++)
		R->row[c][l] = n ? r[c] : gw_zero_rows[c];
	R->n[l] = n;
	R->verts = (R->verts & ~(1u << l)) | (unsigned)(n != 0) << l;
}

/* the largest |coordinate| of lane l's vertices (0 without any) */
SW_INLINE float rows_ext(const rows_w *R, unsigned l)
{
	const uint32_t n = R->n[l];
	sw_fw m = sw_set1(0.0f);
	for (uint32_t k = 0; k < n; k += SW_W) {
		SW_UNROLL
		for (int c = 0; c < D; c++)
			m = sw_max(m, sw_abs(sw_loadu(R->row[c][l] + k)));
	}
	return sw_hmax(m);
}

/* one side of the block's pairs: vertex cores (rows), or a box; its radius and extent (largest
 * |coordinate|, contract.h) */
typedef struct side_w {
	const rows_w *rows;
	sw_mw box;
	unsigned any_box; /* some lane is a box */
	gw half;
	sw_fw radius, ext;
} side_w;

/* the pairs prepared in A's frame, as gjk_pair in the reference */
typedef struct pair_w {
	side_w a, b;
	gw col[D], off, r;
	sw_fw radius, sigma, cap;
} pair_w;

/* the simplex: slots, their membership, support ids (as floats) and weights */
typedef struct simplex_w {
	gw a[NS], b[NS], p[NS];
	sw_fw ida[NS], idb[NS], mu[NS];
	sw_mw in[NS];
} simplex_w;

/* a lane's run, as gjk_run */
typedef struct run_w {
	simplex_w s;
	gw v, x, n;
	sw_fw lam, vlen, scale2, scale, vy, maxpp, iters, end;
	sw_mw inside, act;
} run_w;

SW_INLINE gw gw_sel(sw_mw m, gw a, gw b)
{
	gw o;
	SW_UNROLL
	for (int i = 0; i < D; i++)
		o.c[i] = sw_sel(m, a.c[i], b.c[i]);
	return o;
}

SW_INLINE sw_fw gw_dot(gw a, gw b)
{
#if D == 3
	return sw_add(sw_add(sw_mul(a.c[0], b.c[0]), sw_mul(a.c[1], b.c[1])), sw_mul(a.c[2], b.c[2]));
#else
	return sw_add(sw_mul(a.c[0], b.c[0]), sw_mul(a.c[1], b.c[1]));
#endif
}

SW_INLINE gw gw_sub(gw a, gw b)
{
	gw o;
	SW_UNROLL
	for (int i = 0; i < D; i++)
		o.c[i] = sw_sub(a.c[i], b.c[i]);
	return o;
}

SW_INLINE gw gw_scale(gw a, sw_fw s)
{
	gw o;
	SW_UNROLL
	for (int i = 0; i < D; i++)
		o.c[i] = sw_mul(a.c[i], s);
	return o;
}

SW_INLINE gw gw_zero(void)
{
	gw o;
	SW_UNROLL
	for (int i = 0; i < D; i++)
		o.c[i] = sw_set1(0.0f);
	return o;
}

SW_INLINE int gw_any(sw_mw m) { return sw_mbits(m) != 0; }

/* m ? a : b for masks */
SW_INLINE sw_mw msel(sw_mw m, sw_mw a, sw_mw b) { return sw_mor(sw_mand(m, a), sw_mandnot(m, b)); }

/* ---- supports (core_support, b_support) ---- */

/* lane l's vertex with the largest d·v (d the lane's direction), ties to the lowest index: the index.
 * A NaN dot never wins (as in the reference's scan, whose vertex 0 then stays) */
SW_INLINE unsigned row_support(const rows_w *R, unsigned l, gw d)
{
	enum { CH = SW_GJK_MAX_VERTS / SW_W };
	_Static_assert(SW_GJK_MAX_VERTS <= 64, "the maximal vertices fit one word");
	const uint32_t n = R->n[l];
	const sw_fw ninf = sw_set1(-INFINITY);
	sw_fw dots[CH], m = ninf;
	unsigned nc = (n + SW_W - 1) / SW_W;
	for (unsigned k = 0; k < nc && k < CH; k++) {
		gw w;
		SW_UNROLL
		for (int c = 0; c < D; c++)
			w.c[c] = sw_loadu(R->row[c][l] + (size_t)k * SW_W);
		sw_fw t = gw_dot(w, d);
		dots[k] = t;
		m = sw_sel(sw_gt(t, m), t, m);
	}
	/* the maximal vertices as the bits of one word (SW_GJK_MAX_VERTS = 64): no branch on where they are */
	const sw_fw vm = sw_set1(sw_hmax(m));
	uint64_t bits = 0;
	for (unsigned k = 0; k < nc && k < CH; k++)
		bits |= (uint64_t)sw_mbits(sw_eq(dots[k], vm)) << (k * SW_W);
	unsigned nan0 = !(sw_mbits(sw_eq(dots[0], dots[0])) & 1);
	return bits && !nan0 ? (unsigned)__builtin_ctzll(bits) : 0;
}

/* the vertex with the largest d·v, ties to the lowest index, and its index, in the lanes `lanes` (zero
 * elsewhere); a box's corner with +half where d_i ≥ 0 and the sign bits as its id */
SW_INLINE gw side_support(const side_w *s, gw d, sw_fw *id, unsigned lanes)
{
	gw o = gw_zero();
	sw_fw best = sw_set1(0.0f);
	const rows_w *R = s->rows;
	unsigned todo = lanes & R->verts;
	if (todo) {
		_Alignas(64) float dl[D][SW_W], ol[D][SW_W], il[SW_W];
		SW_UNROLL
		for (int c = 0; c < D; c++)
			sw_storeu(dl[c], d.c[c]), sw_storeu(ol[c], o.c[c]);
		sw_storeu(il, best);
		for (unsigned b = todo; b; b &= b - 1) {
			unsigned l = (unsigned)__builtin_ctz(b);
			gw dd;
			SW_UNROLL
			for (int c = 0; c < D; c++)
				dd.c[c] = sw_set1(dl[c][l]);
			unsigned k = row_support(R, l, dd);
			SW_UNROLL
			for (int c = 0; c < D; c++)
				ol[c][l] = R->row[c][l][k];
			il[l] = (float)k;
		}
		SW_UNROLL
		for (int c = 0; c < D; c++)
			o.c[c] = sw_load(ol[c]);
		best = sw_load(il);
	}
	if (s->any_box) {
		gw h;
		sw_fw bits = sw_set1(0.0f);
		SW_UNROLL
		for (int i = 0; i < D; i++) {
			sw_mw pos = sw_ge(d.c[i], sw_set1(0.0f));
			h.c[i] = sw_sel(pos, s->half.c[i], sw_neg(s->half.c[i]));
			bits = sw_add(bits, sw_sel(pos, sw_set1((float)(1 << i)), sw_set1(0.0f)));
		}
		o = gw_sel(s->box, h, o);
		best = sw_sel(s->box, bits, best);
	}
	*id = best;
	return o;
}

/* B's support along d (A's frame): rotᵀd, the support scaled, then rot·b + off */
SW_INLINE gw b_support(const pair_w *pr, gw d, sw_fw *id, unsigned lanes)
{
	gw db, o;
	SW_UNROLL
	for (int j = 0; j < D; j++)
		db.c[j] = gw_dot(pr->col[j], d);
	gw b = gw_scale(side_support(&pr->b, db, id, lanes), pr->sigma);
	SW_UNROLL
	for (int i = 0; i < D; i++) {
		sw_fw s = sw_add(sw_mul(pr->col[0].c[i], b.c[0]), sw_mul(pr->col[1].c[i], b.c[1]));
#if D == 3
		s = sw_add(s, sw_mul(pr->col[2].c[i], b.c[2]));
#endif
		o.c[i] = sw_add(s, pr->off.c[i]);
	}
	return o;
}

/* ---- Johnson's sub-algorithm over every subset (johnson_dets, _full, _select, _point) ---- */

static const unsigned char gw_pop[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* the facets (D-slot subsets: the full set without slot j) of the current points */
typedef struct facets_w {
	gw n[NS], v[NS];
	sw_fw nn[NS];
	sw_mw ok[NS];
} facets_w;

/* facet_normal and facet_point of the full set without slot j */
SW_INLINE void facet_w(const gw *y, int j, facets_w *f)
{
	int idx[D], m = 0;
	SW_UNROLL
	for (int i = 0; i < NS; i++)
		if (i != j)
			idx[m++] = i;
	gw e1 = gw_sub(y[idx[1]], y[idx[0]]), o;
#if D == 3
	gw e2 = gw_sub(y[idx[2]], y[idx[0]]);
	o.c[0] = sw_sub(sw_mul(e1.c[1], e2.c[2]), sw_mul(e1.c[2], e2.c[1]));
	o.c[1] = sw_sub(sw_mul(e1.c[2], e2.c[0]), sw_mul(e1.c[0], e2.c[2]));
	o.c[2] = sw_sub(sw_mul(e1.c[0], e2.c[1]), sw_mul(e1.c[1], e2.c[0]));
#else
	o.c[0] = sw_neg(e1.c[1]);
	o.c[1] = e1.c[0];
#endif
	sw_fw big = sw_set1(0.0f);
	SW_UNROLL
	for (int i = 0; i < D; i++)
		big = sw_max(big, sw_abs(o.c[i]));
	f->ok[j] = sw_gt(big, sw_set1(0.0f));
	gw n = gw_scale(o, sw_div(sw_set1(1.0f), big));
	sw_fw nn = gw_dot(n, n);
	f->n[j] = n, f->nn[j] = nn;
	f->v[j] = gw_scale(n, sw_div(gw_dot(n, y[idx[0]]), nn));
}

/* the cofactors Δ_j(X) of every subset of two to D slots, in ascending masks; without `base`, not those
 * of the D slots below the top (only the full set's and a moved solve's need them) */
SW_INLINE void dets_w(sw_fw dp[NS][NS], sw_fw det[NSUB][NS], int base)
{
	SW_UNROLL
	for (int x = 3; x < FULL; x++) {
		if ((x & (x - 1)) == 0 || (!base && x == (FULL & ~TOP)))
			continue;
		SW_UNROLL
		for (int j = 0; j < NS; j++) {
			if (!(x & (1 << j)))
				continue;
			int y = x & ~(1 << j), k = __builtin_ctz((unsigned)y), first = 1;
			sw_fw sum = sw_set1(0.0f);
			SW_UNROLL
			for (int i = k; i < NS; i++) {
				if (!(y & (1 << i)))
					continue;
				sw_fw t = sw_mul(det[y][i], sw_sub(dp[i][k], dp[i][j]));
				sum = first ? t : sw_add(sum, t);
				first = 0;
			}
			det[x][j] = sum;
		}
	}
}

/* johnson_full: the full set's cofactors from the facets, zero where the simplex is flat */
SW_INLINE void full_w(const gw *y, const facets_w *f, sw_fw det[NSUB][NS], sw_fw scale2)
{
	const sw_fw eps2 = sw_set1(SW_GJK_TOUCH_EPS * SW_GJK_TOUCH_EPS);
	sw_mw flat = sw_mfalse();
	sw_fw d[NS];
	SW_UNROLL
	for (int j = 0; j < NS; j++) {
		int x = FULL & ~(1 << j), k = j == 0 ? 1 : 0, first = 1;
		sw_fw dx = sw_set1(0.0f);
		SW_UNROLL
		for (int i = 0; i < NS; i++)
			if (x & (1 << i)) {
				dx = first ? det[x][i] : sw_add(dx, det[x][i]);
				first = 0;
			}
		gw e = gw_sub(y[k], y[j]);
		sw_fw h = gw_dot(f->n[j], e);
		flat = sw_mor(flat, sw_mnot(f->ok[j]));
		flat = sw_mor(flat, sw_le(sw_mul(h, h), sw_mul(sw_mul(eps2, scale2), f->nn[j])));
		d[j] = sw_mul(dx, gw_dot(f->v[j], e));
	}
	SW_UNROLL
	for (int j = 0; j < NS; j++)
		det[FULL][j] = sw_sel(flat, sw_set1(0.0f), d[j]);
}

/* ---- insert (gjk_insert) ---- */

/* the tentative outcome of an insert, committed by the caller where `ok` */
typedef struct insert_w {
	sw_mw ok;
	sw_mw in[NS], inside;
	sw_fw mu[NS];
	gw v;
} insert_w;

/* put the new point in slot D where `add`, then solve over the slots in use for the new closest
 * point; lanes in `act` only. With `top_only` (no lane of `act` moved) only the subsets holding slot D
 * are computed and tested; otherwise every subset, those without slot D only where x moved. A lane
 * fails (no progress) when no subset it may choose is consistent, or, with `descent_on` (a cast) and x
 * not moved, the new |v| is not below the old one */
SW_INLINE void insert_lanes(run_w *st, gw a, gw b, sw_fw ia, sw_fw ib, sw_mw add, sw_mw moved, sw_mw act, insert_w *out,
			    const int top_only, const int descent_on)
{
	simplex_w *s = &st->s;
	sw_mw all[NS];
	SW_UNROLL
	for (int i = 0; i < D; i++)
		all[i] = s->in[i];
	const sw_mw isnew = sw_mandnot(s->in[D], add);
	all[D] = sw_mor(s->in[D], isnew);
	/* the new point into slot D (as the reference does, also where the insert then fails) */
	{
		const sw_mw wr = sw_mand(act, isnew);
		s->a[D] = gw_sel(wr, a, s->a[D]);
		s->b[D] = gw_sel(wr, b, s->b[D]);
		s->p[D] = gw_sel(wr, gw_sub(a, b), s->p[D]);
		s->ida[D] = sw_sel(wr, ia, s->ida[D]);
		s->idb[D] = sw_sel(wr, ib, s->idb[D]);
	}
	/* slots in use per lane: which lanes hold D or D + 1 points */
	unsigned full_lanes = 0, wide_lanes = 0;
	{
		sw_fw cnt = sw_set1(0.0f);
		SW_UNROLL
		for (int i = 0; i < NS; i++)
			cnt = sw_add(cnt, sw_sel(all[i], sw_set1(1.0f), sw_set1(0.0f)));
		full_lanes = sw_mbits(sw_mand(act, sw_eq(cnt, sw_set1((float)NS))));
		wide_lanes = sw_mbits(sw_mand(act, sw_ge(cnt, sw_set1((float)D))));
	}
	gw y[NS];
	SW_UNROLL
	for (int i = 0; i < NS; i++)
		y[i] = gw_sub(st->x, s->p[i]);
	sw_fw dp[NS][NS], det[NSUB][NS];
	SW_UNROLL
	for (int i = 0; i < NS; i++) {
		SW_UNROLL
		for (int j = i; j < NS; j++)
			dp[i][j] = dp[j][i] = gw_dot(y[i], y[j]);
	}
	SW_UNROLL
	for (int i = 0; i < NS; i++)
		det[1 << i][i] = sw_set1(1.0f);
	/* the base facet (the D slots below the top): the full set's cofactors, and a moved lane's face */
	const int base = full_lanes || !top_only;
	dets_w(dp, det, base);
	facets_w f;
	SW_UNROLL
	for (int j = 0; j < NS; j++)
		det[FULL][j] = sw_set1(0.0f);
	SW_UNROLL
	for (int j = 0; j < NS; j++)
		f.n[j] = f.v[j] = gw_zero(), f.nn[j] = sw_set1(0.0f), f.ok[j] = sw_mfalse();
	if (wide_lanes) {
		SW_UNROLL
		for (int j = 0; j < NS; j++)
			if (j < D || base)
				facet_w(y, j, &f);
		if (full_lanes) /* (lanes with D + 1 points hold D) */
			full_w(y, &f, det, st->scale2);
	}
	/* the first consistent subset of the slots in use, ascending masks */
	const sw_fw zero = sw_set1(0.0f);
	sw_mw found = sw_mfalse(), chosen[NSUB], cin[NS];
	SW_UNROLL
	for (int i = 0; i < NS; i++)
		cin[i] = sw_mfalse();
	SW_UNROLL
	for (int x = 1; x < NSUB; x++) {
		if (top_only && !(x & TOP))
			continue;
		sw_mw ok = (x & TOP) ? sw_mnot(sw_mfalse()) : moved;
		SW_UNROLL
		for (int i = 0; i < NS; i++) {
			if (x & (1 << i))
				ok = sw_mand(ok, sw_mand(all[i], sw_gt(det[x][i], zero)));
			else
				ok = sw_mand(ok, sw_mor(sw_mnot(all[i]), sw_le(det[x | (1 << i)][i], zero)));
		}
		chosen[x] = sw_mandnot(found, ok);
		found = sw_mor(found, ok);
		SW_UNROLL
		for (int i = 0; i < NS; i++)
			if (x & (1 << i))
				cin[i] = sw_mor(cin[i], chosen[x]);
	}
	sw_mw had = s->in[0];
	SW_UNROLL
	for (int i = 1; i < NS; i++)
		had = sw_mor(had, s->in[i]);
	/* no descent test where x moved, for a first point, or for a full simplex (x enclosed: its v is the
	 * rounding of a zero) */
	const sw_mw free_pass = sw_mor(sw_mor(moved, sw_mnot(had)), chosen[FULL]);
	/* johnson_point: the chosen subset's cofactors (zero outside it), weights, Σ μ_i y_i over every
	 * slot, or the facet's point for D slots */
	sw_fw d[NS], sum = zero;
	SW_UNROLL
	for (int i = 0; i < NS; i++) {
		d[i] = zero;
		SW_UNROLL
		for (int x = 1; x < NSUB; x++)
			if ((x & (1 << i)) && !(top_only && !(x & TOP)))
				d[i] = sw_sel(chosen[x], det[x][i], d[i]);
		sum = i ? sw_add(sum, d[i]) : d[i];
	}
	gw v = gw_zero();
	SW_UNROLL
	for (int i = 0; i < NS; i++) {
		out->mu[i] = sw_div(d[i], sum);
		gw t = gw_sel(cin[i], gw_scale(y[i], out->mu[i]), gw_zero());
		SW_UNROLL
		for (int c = 0; c < D; c++)
			v.c[c] = i ? sw_add(v.c[c], t.c[c]) : t.c[c];
	}
	if (wide_lanes) {
		SW_UNROLL
		for (int j = 0; j < NS; j++) {
			int x = FULL & ~(1 << j);
			if (j < D || !top_only)
				v = gw_sel(sw_mand(chosen[x], f.ok[j]), f.v[j], v);
		}
	}
	out->v = v;
	/* a cast where x did not move: the new |v| must be below the old one (strict descent), unless the
	 * simplex encloses x */
	const sw_mw descent = descent_on ? sw_lt(gw_dot(v, v), gw_dot(st->v, st->v)) : sw_mnot(sw_mfalse());
	out->ok = sw_mand(act, sw_mand(found, sw_mor(free_pass, descent)));
	SW_UNROLL
	for (int i = 0; i < NS; i++)
		out->in[i] = cin[i];
	out->inside = chosen[FULL];
}

/* insert_lanes, the subsets without the top slot only when some lane moved */
SW_INLINE void insert_w_(run_w *st, gw a, gw b, sw_fw ia, sw_fw ib, sw_mw add, sw_mw moved, sw_mw act, insert_w *out,
			 const int descent_on)
{
	if (gw_any(sw_mand(moved, act)))
		insert_lanes(st, a, b, ia, ib, add, moved, act, out, 0, descent_on);
	else
		insert_lanes(st, a, b, ia, ib, add, moved, act, out, 1, descent_on);
}

/* commits an insert where it succeeded */
SW_INLINE void insert_commit(run_w *st, const insert_w *r)
{
	SW_UNROLL
	for (int i = 0; i < NS; i++) {
		st->s.in[i] = msel(r->ok, r->in[i], st->s.in[i]);
		st->s.mu[i] = sw_sel(r->ok, r->mu[i], st->s.mu[i]);
	}
	st->v = gw_sel(r->ok, r->v, st->v);
	st->inside = msel(r->ok, r->inside, st->inside);
	/* gjk_settle: a kept new point (not the full set) moves to the lowest free slot */
	simplex_w *s = &st->s;
	const sw_mw top = sw_mand(r->ok, sw_mandnot(r->inside, r->in[D]));
	if (!gw_any(top))
		return;
	sw_mw seen = sw_mfalse();
	SW_UNROLL
	for (int i = 0; i < D; i++) {
		sw_mw mv = sw_mand(top, sw_mandnot(seen, sw_mnot(s->in[i])));
		seen = sw_mor(seen, sw_mnot(s->in[i]));
		s->a[i] = gw_sel(mv, s->a[D], s->a[i]);
		s->b[i] = gw_sel(mv, s->b[D], s->b[i]);
		s->p[i] = gw_sel(mv, s->p[D], s->p[i]);
		s->ida[i] = sw_sel(mv, s->ida[D], s->ida[i]);
		s->idb[i] = sw_sel(mv, s->idb[D], s->idb[i]);
		s->mu[i] = sw_sel(mv, s->mu[D], s->mu[i]);
		s->in[i] = sw_mor(s->in[i], mv);
	}
	s->mu[D] = sw_sel(top, sw_set1(0.0f), s->mu[D]);
	s->in[D] = sw_mandnot(top, s->in[D]);
}

/* ---- the loop (gjk_iterate) ---- */

/* gjk_advance where `m`: x onto the plane v·(x − p) = R·|v| (num = vy, or vv for the converged
 * advance); returns the lanes that advanced, the others of m end with a miss */
SW_INLINE sw_mw advance_w(const pair_w *pr, run_w *st, sw_fw num, sw_mw m)
{
	sw_fw vr = gw_dot(st->v, pr->r);
	sw_mw ok = sw_mand(m, sw_lt(vr, sw_set1(0.0f)));
	sw_fw lam = sw_add(st->lam, sw_div(sw_sub(num, sw_mul(pr->radius, st->vlen)), sw_neg(vr)));
	ok = sw_mand(ok, sw_le(lam, sw_set1(1.0f)));
	st->lam = sw_sel(ok, lam, st->lam);
	st->x = gw_sel(ok, gw_scale(pr->r, lam), st->x);
	st->n = gw_sel(ok, st->v, st->n);
	sw_mw miss = sw_mandnot(ok, m);
	st->end = sw_sel(miss, sw_set1((float)GW_MISS), st->end);
	st->act = sw_mandnot(miss, st->act);
	return ok;
}

SW_INLINE sw_fw scale2_w(sw_fw maxpp, gw x) { return sw_max(maxpp, gw_dot(x, x)); }

/* ends lanes m with `end` */
SW_INLINE void end_w(run_w *st, sw_mw m, int end)
{
	st->end = sw_sel(m, sw_set1((float)end), st->end);
	st->act = sw_mandnot(m, st->act);
}

/* whether any lane's simplex holds a point */
SW_INLINE sw_mw has_points(const run_w *st)
{
	sw_mw h = st->s.in[0];
	SW_UNROLL
	for (int i = 1; i < NS; i++)
		h = sw_mor(h, st->s.in[i]);
	return h;
}

/* a new run in the lanes `m` (gjk_iterate's start), active where `act`; `guess` the first direction */
SW_INLINE void lane_init(const pair_w *pr, gw guess, sw_mw m, sw_mw act, run_w *st)
{
	const sw_fw zero = sw_set1(0.0f);
	SW_UNROLL
	for (int i = 0; i < NS; i++) {
		st->s.a[i] = gw_sel(m, gw_zero(), st->s.a[i]);
		st->s.b[i] = gw_sel(m, gw_zero(), st->s.b[i]);
		st->s.p[i] = gw_sel(m, gw_zero(), st->s.p[i]);
		st->s.ida[i] = sw_sel(m, zero, st->s.ida[i]);
		st->s.idb[i] = sw_sel(m, zero, st->s.idb[i]);
		st->s.mu[i] = sw_sel(m, zero, st->s.mu[i]);
		st->s.in[i] = sw_mandnot(m, st->s.in[i]);
	}
	st->lam = sw_sel(m, zero, st->lam);
	st->x = gw_sel(m, gw_scale(pr->r, zero), st->x);
	st->n = gw_sel(m, gw_scale(pr->r, zero), st->n);
	st->v = gw_sel(m, guess, st->v);
	st->inside = sw_mandnot(m, st->inside);
	st->iters = sw_sel(m, zero, st->iters);
	st->scale2 = sw_sel(m, zero, st->scale2);
	st->maxpp = sw_sel(m, zero, st->maxpp);
	st->vy = sw_sel(m, zero, st->vy);
	st->end = sw_sel(m, sw_set1((float)GW_LIMIT), st->end);
	st->act = msel(m, act, st->act);
}

/* one iteration of the GJK loop (gjk_iterate's body) for every lane in st->act; a lane whose query is
 * decided, or whose cap is reached, leaves st->act with its end */
SW_INLINE void lane_step(const pair_w *pr, int mode, run_w *st)
{
	const sw_fw zero = sw_set1(0.0f), R = pr->radius;
	const sw_fw eps2 = sw_set1(SW_GJK_TOUCH_EPS * SW_GJK_TOUCH_EPS);
	const sw_fw ceps2 = sw_set1(SW_GJK_CONV_EPS * SW_GJK_CONV_EPS);
	const sw_mw rpos = sw_gt(R, zero);
	{
		sw_fw vv = gw_dot(st->v, st->v), t2 = sw_mul(eps2, st->scale2);
		st->vlen = sw_sel(rpos, sw_sqrt(vv), zero);
		sw_mw has = has_points(st), near = sw_le(vv, t2);
		if (mode != GW_DIST) {
			sw_fw reach = sw_add(R, sw_sqrt(t2));
			near = msel(rpos, sw_le(vv, sw_mul(reach, reach)), near);
		}
		end_w(st, sw_mand(st->act, sw_mand(has, sw_mor(st->inside, near))), GW_CONTACT);
		st->act = sw_mandnot(sw_eq(st->iters, pr->cap), st->act); /* the cap: GW_LIMIT */
		if (!gw_any(st->act))
			return;
		const sw_mw act0 = st->act;
		st->iters = sw_sel(act0, sw_add(st->iters, sw_set1(1.0f)), st->iters);
		sw_fw ia, ib;
		gw nv = gw_scale(st->v, sw_set1(-1.0f));
		const unsigned lanes = sw_mbits(act0);
		gw a = gw_scale(side_support(&pr->a, st->v, &ia, lanes), pr->sigma);
		gw b = b_support(pr, nv, &ib, lanes);
		gw p = gw_sub(a, b);
		st->maxpp = sw_sel(act0, sw_max(st->maxpp, gw_dot(p, p)), st->maxpp);
		sw_fw vy = gw_dot(st->v, gw_sub(st->x, p));
		st->vy = sw_sel(act0, vy, st->vy);
		sw_mw sep = sw_mand(act0, sw_gt(vy, sw_mul(R, st->vlen))), moved = sw_mfalse();
		if (mode == GW_OVERLAP)
			end_w(st, sep, GW_SEPARATED);
		if (mode == GW_CAST && gw_any(sep))
			moved = advance_w(pr, st, vy, sep);
		st->scale2 = sw_sel(st->act, scale2_w(st->maxpp, st->x), st->scale2);
		sw_mw dup = sw_mfalse();
		SW_UNROLL
		for (int i = 0; i < NS; i++)
			dup = sw_mor(dup,
				     sw_mand(st->s.in[i], sw_mand(sw_eq(st->s.ida[i], ia), sw_eq(st->s.idb[i], ib))));
		sw_fw gap = sw_sub(vv, vy);
		sw_mw conv = sw_mor(dup, sw_le(gap, zero));
		conv = sw_mor(conv, sw_le(sw_mul(gap, gap), sw_mul(sw_mul(ceps2, st->scale2), vv)));
		conv = sw_mand(sw_mandnot(moved, sw_mand(st->act, has)), conv);
		if (mode != GW_CAST) {
			end_w(st, conv, GW_CONVERGED);
		} else if (gw_any(conv)) {
			sw_mw adv = advance_w(pr, st, vv, conv);
			st->scale2 = sw_sel(adv, scale2_w(st->maxpp, st->x), st->scale2);
			moved = sw_mor(moved, adv);
		}
		if (!gw_any(st->act))
			return;
		insert_w r;
		insert_w_(st, a, b, ia, ib, sw_mnot(dup), moved, st->act, &r, mode == GW_CAST);
		insert_commit(st, &r);
		sw_mw fail = sw_mandnot(r.ok, st->act);
		if (!gw_any(fail))
			return;
		if (mode != GW_CAST) {
			end_w(st, fail, GW_CONVERGED);
			return;
		}
		/* a stalled solve ends in contact where x moved, and where its v proves no separation (v·y ≤ 0) */
		sw_mw stuck = sw_mnot(sw_gt(vy, zero));
		end_w(st, sw_mand(fail, sw_mor(moved, stuck)), GW_CONVERGED);
		sw_mw again = sw_mandnot(sw_mor(moved, stuck), fail);
		if (!gw_any(again))
			return;
		sw_mw adv = advance_w(pr, st, vv, again);
		st->scale2 = sw_sel(adv, scale2_w(st->maxpp, st->x), st->scale2);
		if (!gw_any(adv))
			return;
		insert_w_(st, a, b, ia, ib, sw_mfalse(), adv, adv, &r, 1);
		insert_commit(st, &r);
		end_w(st, sw_mandnot(r.ok, adv), GW_CONVERGED);
	}
}

/* gjk_loop's end: |v| and the scale of the final state */
SW_INLINE void loop_end(run_w *st)
{
	st->vlen = sw_sqrt(gw_dot(st->v, st->v));
	st->scale = sw_sqrt(st->scale2);
}

/* ---- answers (the reference's answer helpers) ---- */

/* gunit: along v, scaled by its largest component first; zero for zero */
SW_INLINE gw unit_w(gw v)
{
	sw_fw big = sw_set1(0.0f);
	SW_UNROLL
	for (int i = 0; i < D; i++)
		big = sw_max(big, sw_abs(v.c[i]));
	sw_mw nz = sw_gt(big, sw_set1(0.0f));
	gw u = gw_scale(v, sw_div(sw_set1(1.0f), big));
	u = gw_scale(u, sw_div(sw_set1(1.0f), sw_sqrt(gw_dot(u, u))));
	return gw_sel(nz, u, gw_scale(v, sw_set1(0.0f)));
}

/* gjk_witness: the weighted core points of the simplex, unscaled (Σ over the slots in use) */
SW_INLINE void witness_w(const run_w *st, const pair_w *pr, gw *pa, gw *pb)
{
	gw a = gw_zero(), b = gw_zero();
	sw_fw inv = sw_div(sw_set1(1.0f), pr->sigma);
	SW_UNROLL
	for (int i = 0; i < NS; i++) {
		gw ta = gw_scale(st->s.a[i], st->s.mu[i]), tb = gw_scale(st->s.b[i], st->s.mu[i]);
		SW_UNROLL
		for (int c = 0; c < D; c++) {
			a.c[c] = i ? sw_add(a.c[c], ta.c[c]) : ta.c[c];
			b.c[c] = i ? sw_add(b.c[c], tb.c[c]) : tb.c[c];
		}
	}
	*pa = gw_scale(a, inv);
	*pb = gw_scale(b, inv);
}

/* gjk_hit_normal: the last plane's normal, or v with a radius clearly above the band */
SW_INLINE gw hit_normal_w(const run_w *st, const pair_w *pr)
{
	sw_mw big = sw_gt(pr->radius, sw_mul(sw_set1(16.0f * SW_GJK_TOUCH_EPS), st->scale));
	return gw_sel(big, st->v, st->n);
}

/* gjk_guess: B's origin seen from A's, or the first axis when they coincide */
SW_INLINE gw guess_w(const pair_w *pr)
{
	gw e = gw_zero();
	e.c[0] = sw_set1(1.0f);
	return gw_sel(sw_gt(gw_dot(pr->off, pr->off), sw_set1(0.0f)), pr->off, e);
}

/* gjk_set_scale: σ from the pair's extent (sw_ref_gjk_scale), off, r and the radius scaled */
SW_INLINE void set_scale_w(pair_w *pr)
{
	sw_fw l = sw_max(pr->a.ext, pr->radius), eb = sw_mul(sw_set1(2.0f), pr->b.ext);
	SW_UNROLL
	for (int i = 0; i < D; i++)
		l = sw_max(l, sw_max(sw_add(sw_abs(pr->off.c[i]), eb), sw_abs(pr->r.c[i])));
	const sw_fw inf = sw_set1(INFINITY);
	sw_fw s = sw_mul(sw_and(sw_xor(l, inf), inf), sw_set1(0.25f));
	pr->sigma = sw_sel(sw_lt(l, sw_set1(0x1p-126f)), sw_set1(0x1p126f), s);
	pr->off = gw_scale(pr->off, pr->sigma);
	pr->r = gw_scale(pr->r, pr->sigma);
	pr->radius = sw_mul(pr->radius, pr->sigma);
}

/* ---- storing the answers of the lanes at their pairs' indices ---- */

/* float rows (at most 11) at the lanes' pair indices (NULL columns skipped), NaN where invalid: the
 * rows in use go to a stash (NaN selected in lanes), then each lane's values to its pair's index */
SW_INLINE void store_rows(float *const *dst, const sw_fw *src, int rows, const uint32_t *pk, unsigned lanes,
			  unsigned invalid)
{
	enum { MAX_ROWS = 11 };
	_Alignas(64) float tmp[MAX_ROWS][SW_W];
	float *col[MAX_ROWS];
	const sw_mw bad = sw_mfrom_bits(invalid);
	int m = 0;
	for (int k = 0; k < rows && k < MAX_ROWS; k++) {
		if (!dst[k])
			continue;
		sw_storeu(tmp[m], sw_sel(bad, sw_set1(NAN), src[k]));
		col[m++] = dst[k];
	}
	for (unsigned b = lanes; b; b &= b - 1) {
		unsigned l = (unsigned)__builtin_ctz(b);
		const uint32_t i = pk[l];
		for (int k = 0; k < m; k++)
			col[k][i] = tmp[k][l];
	}
}

/* each lane's status: the first of m1 -> s1, m2 -> s2, m3 -> s3 that holds, else s4 (SW_PAIR_INVALID
 * where invalid); feature ids: none */
SW_INLINE void store_status(uint8_t *status, uint32_t *feature, const uint32_t *pk, unsigned lanes, unsigned invalid,
			    sw_mw m1, uint8_t s1, sw_mw m2, uint8_t s2, sw_mw m3, uint8_t s3, uint8_t s4)
{
	const unsigned b1 = sw_mbits(m1), b2 = sw_mbits(m2), b3 = sw_mbits(m3);
	for (unsigned b = lanes; b; b &= b - 1) {
		unsigned l = (unsigned)__builtin_ctz(b);
		const uint8_t st = (b1 >> l & 1) ? s1 : (b2 >> l & 1) ? s2 : (b3 >> l & 1) ? s3 : s4;
		status[pk[l]] = (invalid >> l & 1) ? SW_PAIR_INVALID : st;
		if (feature)
			feature[pk[l]] = SW_FEATURE_NONE;
	}
}

/* the cap and target of the call's options (NULL: the defaults) */
SW_INLINE void opts_of(const sw_gjk_opts *o, sw_fw *cap, sw_fw *target)
{
	uint32_t c = o && o->max_iters ? o->max_iters : SW_GJK_DEFAULT_ITERS;
	*cap = sw_set1((float)c);
	*target = sw_set1(o ? o->target : 0.0f);
}
