/* src/kernels/split_poly_tmpl.c — polygon splits (2D and 3D) and their area / centroid queries,
 * written once over the lane vocabulary and compiled once per tier. One polygon per lane; it repeats
 * ref/split_poly.c and ref/split_mass.c lane-wise, operation for operation: the input checks (every
 * corner's lengths taken where the reference takes them for reflex-looking corners only), the
 * distances, the split point of every edge from its front end, and the Sutherland–Hodgman emission
 * with its duplicate and closing rules as per-lane counts and masks. Lanes hold polygons of different
 * sizes: loops run to the block's largest count, vertices past a lane's own count repeat its vertex 0
 * (so edge n − 1 closes through them) and are masked off.
 *
 * Pieces leave the lanes through a scalar writer: each lane's kept points, in order, go straight to
 * the lane's place in the output (vertices from the input, split points from the lanes); a block's
 * pieces are one contiguous run of the output in both passes that write (src/job.h). */
#include "kernels/split_lanes.h"

/* a block of polygons: lanes' items, counts, vertices (padded with vertex 0 up to the block's
 * largest count N, and v[N] = v[0]) */
typedef struct pblock {
	size_t item0;
	unsigned cnt, N, bad; /* live lanes, largest count, lanes with a count out of range */
	uint32_t n[SW_W], start[SW_W];
	sw_fw nf;             /* counts as floats */
	sw_fw v[VMAX + 1][3]; /* vertex k of each lane */
	sw_fw vlast[3];       /* vertex n − 1 */
} pblock;

/* lanes whose polygon has a vertex k */
SW_INLINE sw_mw kin(const pblock *b, unsigned k) { return sw_lt(sw_set1((float)k), b->nf); }

/* lanes' items and counts, then the vertices: each lane's D·N floats as rows of SW_W, loaded whole and
 * transposed (a row running past src->vend, the end of the furthest polygon, is read float by float);
 * past a lane's own count its vertex 0 is put back */
SW_INLINE int poly_gather(int D, const sw_split_src *s, size_t item0, unsigned cnt, pblock *b)
{
	_Alignas(64) float nf[SW_W];
	const uint32_t *fi = s->first + item0;
	unsigned N = 0, minN = VMAX + 1, bad = 0, l0 = SW_W;
	for (unsigned l = 0; l < SW_W; l++) {
		unsigned i = l < cnt ? l : cnt - 1;
		uint32_t lo = fi[i], hi = fi[i + 1], n = hi >= lo ? hi - lo : 0;
		int ok = n >= 3 && n <= VMAX;
		bad |= (unsigned)!ok << l;
		n = ok ? n : 0;
		b->n[l] = n, b->start[l] = lo, nf[l] = (float)n;
		N = n > N ? n : N;
		minN = ok && n < minN ? n : minN;
		l0 = ok && l0 == SW_W ? l : l0;
	}
	b->item0 = item0, b->cnt = cnt, b->N = N, b->bad = bad;
	b->nf = sw_loadu(nf);
	if (l0 == SW_W)
		return 0; /* no lane to read */
	for (unsigned l = 0; l < SW_W; l++)
		b->start[l] = b->n[l] ? b->start[l] : b->start[l0];
	const size_t end = s->vend * (size_t)D;
	sw_fw t[(VMAX * 3 + SW_W - 1) / SW_W * SW_W];
	for (unsigned r = 0; r * SW_W < N * (unsigned)D; r++) {
		sw_fw *row = t + r * SW_W;
		for (unsigned l = 0; l < SW_W; l++) {
			size_t at = (size_t)b->start[l] * D + r * SW_W;
			if (at + SW_W <= end) {
				row[l] = sw_loadu(s->verts + at);
			} else {
				_Alignas(64) float tmp[SW_W] = {0};
				for (size_t q = at; q < end && q < at + SW_W; q++)
					tmp[q - at] = s->verts[q];
				row[l] = sw_load(tmp);
			}
		}
		sw_transpose(row);
	}
	for (unsigned k = 0; k < N; k++)
		for (int d = 0; d < D; d++)
			b->v[k][d] = k < minN ? t[k * D + d] : sw_sel(kin(b, k), t[k * D + d], t[d]);
	for (int d = 0; d < D; d++)
		b->v[N][d] = b->v[0][d], b->vlast[d] = b->v[N - 1][d];
	for (unsigned q = minN - 1; q + 1 < N; q++) { /* lanes shorter than N */
		sw_mw last = sw_eq(b->nf, sw_set1((float)(q + 1)));
		for (int d = 0; d < D; d++)
			b->vlast[d] = sw_sel(last, b->v[q][d], b->vlast[d]);
	}
	return 1;
}

/* ---- the input checks (poly_valid in the reference) ---- */

/* what the checks leave for the split and the mass: validity, extent, 3D unit normal */
typedef struct pinfo {
	sw_mw ok;
	sw_fw extent, nrm[3];
} pinfo;

/* sw_split_pow2 lane-wise: half of axis_scale's 2/p from FLT_MIN up, 2^126 below, 1 for 0 */
SW_INLINE sw_fw pow2_w(sw_fw e)
{
	const sw_fw inf = sw_set1(INFINITY);
	sw_fw big = sw_mul(sw_set1(0.5f), sw_and(sw_xor(e, inf), inf));
	sw_fw small = sw_sel(sw_gt(e, sw_set1(0.0f)), sw_set1(0x1p126f), sw_set1(1.0f));
	return sw_sel(sw_ge(e, sw_set1(FLT_MIN)), big, small);
}

/* finite coordinates, extent L from v0, largest |coordinate| M, no equal consecutive vertices */
SW_INLINE sw_mw poly_scan(int D, const pblock *b, sw_fw *L, sw_fw *M)
{
	sw_mw ok = sw_mnot(sw_mfalse());
	*L = *M = sw_set1(0.0f);
	for (unsigned i = 0; i < b->N; i++) {
		for (int d = 0; d < D; d++) {
			ok = sw_mand(ok, sw_coord_ok(b->v[i][d]));
			*L = sw_max(*L, sw_abs(sw_sub(b->v[i][d], b->v[0][d])));
			*M = sw_max(*M, sw_abs(b->v[i][d]));
		}
		ok = sw_mandnot(sw_mand(kin(b, i), same_w(D, b->v[i], b->v[i + 1])), ok);
	}
	return ok;
}

/* 3D: the unit Newell normal from scaled relative coordinates (newell_unit); len 0 for no area */
SW_INLINE sw_fw newell_w(const pblock *b, sw_fw L, sw_fw *nrm)
{
	sw_fw sc = pow2_w(L), N[3] = {sw_set1(0.0f), sw_set1(0.0f), sw_set1(0.0f)}, a[3], c[3];
	for (int d = 0; d < 3; d++)
		a[d] = sw_mul(sw_sub(b->v[1][d], b->v[0][d]), sc);
	for (unsigned i = 2; i < b->N; i++) {
		sw_mw on = kin(b, i);
		for (int d = 0; d < 3; d++)
			c[d] = sw_mul(sw_sub(b->v[i][d], b->v[0][d]), sc);
		N[0] = sw_sel(on, sw_add(N[0], sw_sub(sw_mul(a[1], c[2]), sw_mul(a[2], c[1]))), N[0]);
		N[1] = sw_sel(on, sw_add(N[1], sw_sub(sw_mul(a[2], c[0]), sw_mul(a[0], c[2]))), N[1]);
		N[2] = sw_sel(on, sw_add(N[2], sw_sub(sw_mul(a[0], c[1]), sw_mul(a[1], c[0]))), N[2]);
		for (int d = 0; d < 3; d++)
			a[d] = c[d];
	}
	sw_fw len2 = sw_add(sw_add(sw_mul(N[0], N[0]), sw_mul(N[1], N[1])), sw_mul(N[2], N[2]));
	sw_mw area = sw_ge(len2, sw_set1(FLT_MIN));
	sw_fw len = sw_sqrt(len2), inv = sw_div(sw_set1(1.0f), len);
	for (int d = 0; d < 3; d++)
		nrm[d] = sw_sel(area, sw_mul(N[d], inv), sw_set1(0.0f));
	return sw_sel(area, len, sw_set1(0.0f));
}

/* corners convex about nrm within delta (lengths for every corner, used where cr < 0) and the edge
 * directions, projected on (i0, i1), winding at most once */
SW_INLINE sw_mw poly_corners(int D, const pblock *b, const sw_fw *nrm, sw_fw delta)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f);
	sw_mw ok = sw_mnot(sw_mfalse()), swap = sw_mfalse(), d0 = sw_mfalse(), d1 = sw_mfalse();
	if (D == 3) { /* the dominant axis is dropped; its sign keeps the orientation */
		sw_fw ax = sw_abs(nrm[0]), ay = sw_abs(nrm[1]), az = sw_abs(nrm[2]);
		d0 = sw_mand(sw_ge(ax, ay), sw_ge(ax, az));
		d1 = sw_mandnot(d0, sw_ge(ay, az));
		sw_fw ud = sw_sel(d0, nrm[0], sw_sel(d1, nrm[1], nrm[2]));
		swap = sw_lt(ud, zero);
	}
	sw_fw wind = zero;
	for (unsigned i = 0; i < b->N; i++) {
		const sw_fw *pa = i ? b->v[i - 1] : b->vlast, *pb = b->v[i], *pc = b->v[i + 1];
		sw_fw e1[3], e2[3], ca[3];
		for (int d = 0; d < D; d++) {
			e1[d] = sw_sub(pb[d], pa[d]);
			e2[d] = sw_sub(pc[d], pb[d]);
			ca[d] = sw_sub(pc[d], pa[d]);
		}
		sw_fw cz = sw_sub(sw_mul(e1[0], e2[1]), sw_mul(e1[1], e2[0])), cr = cz;
		if (D == 3)
			cr = sw_add(sw_add(sw_mul(sw_sub(sw_mul(e1[1], e2[2]), sw_mul(e1[2], e2[1])), nrm[0]),
					   sw_mul(sw_sub(sw_mul(e1[2], e2[0]), sw_mul(e1[0], e2[2])), nrm[1])),
				    sw_mul(cz, nrm[2]));
		sw_fw l1 = sw_add(sw_mul(e1[0], e1[0]), sw_mul(e1[1], e1[1]));
		sw_fw l2 = sw_add(sw_mul(e2[0], e2[0]), sw_mul(e2[1], e2[1]));
		sw_fw lc = sw_add(sw_mul(ca[0], ca[0]), sw_mul(ca[1], ca[1]));
		if (D == 3) {
			l1 = sw_add(l1, sw_mul(e1[2], e1[2]));
			l2 = sw_add(l2, sw_mul(e2[2], e2[2]));
			lc = sw_add(lc, sw_mul(ca[2], ca[2]));
		}
		sw_fw h = sw_mul(delta, sw_sqrt(sw_max(sw_max(l1, l2), lc)));
		sw_mw on = kin(b, i), reflex = sw_mand(sw_lt(cr, zero), sw_gt(sw_neg(cr), h));
		ok = sw_mandnot(sw_mand(on, reflex), ok);
		/* the projected cross product and the second projected coordinate of each edge */
		sw_fw p0 = e1[0], p1 = e1[1], q0 = e2[0], q1 = e2[1];
		if (D == 3) {
			sw_fw a0 = sw_sel(d0, e1[1], sw_sel(d1, e1[2], e1[0]));
			sw_fw a1 = sw_sel(d0, e1[2], sw_sel(d1, e1[0], e1[1]));
			sw_fw b0 = sw_sel(d0, e2[1], sw_sel(d1, e2[2], e2[0]));
			sw_fw b1 = sw_sel(d0, e2[2], sw_sel(d1, e2[0], e2[1]));
			p0 = sw_sel(swap, a1, a0), p1 = sw_sel(swap, a0, a1);
			q0 = sw_sel(swap, b1, b0), q1 = sw_sel(swap, b0, b1);
		}
		sw_fw pcr = sw_sub(sw_mul(p0, q1), sw_mul(p1, q0));
		sw_mw up = sw_mand(sw_mand(sw_lt(p1, zero), sw_ge(q1, zero)), sw_gt(pcr, zero));
		sw_mw dn = sw_mand(sw_mand(sw_ge(p1, zero), sw_lt(q1, zero)), sw_lt(pcr, zero));
		wind = sw_sel(sw_mand(on, up), sw_add(wind, one), sw_sel(sw_mand(on, dn), sw_sub(wind, one), wind));
	}
	return sw_mand(ok, sw_mand(sw_ge(wind, sw_neg(one)), sw_le(wind, one)));
}

/* the whole contract of a lane's polygon (poly_valid) */
SW_INLINE void poly_valid(int D, const pblock *b, pinfo *info)
{
	sw_fw L, M;
	sw_mw ok = poly_scan(D, b, &L, &M);
	sw_fw delta = sw_mul(sw_set1(SW_SPLIT_CONVEX_REL), sw_add(L, M));
	info->extent = L;
	info->nrm[0] = info->nrm[1] = sw_set1(0.0f);
	info->nrm[2] = sw_set1(1.0f);
	if (D == 2) {
		info->ok = sw_mand(ok, poly_corners(2, b, info->nrm, delta));
		return;
	}
	sw_fw len = newell_w(b, L, info->nrm);
	sw_mw area = sw_gt(len, sw_set1(0.0f));
	/* planar to delta plus the float normal's accuracy: ((16·n)·FLT_EPSILON)·L / len */
	sw_fw plan = sw_add(delta, sw_div(sw_mul(sw_mul(sw_mul(sw_set1(16.0f), b->nf), sw_set1(FLT_EPSILON)), L), len));
	sw_mw flat = sw_mnot(sw_mfalse());
	for (unsigned i = 1; i < b->N; i++) {
		sw_fw r[3];
		for (int d = 0; d < 3; d++)
			r[d] = sw_sub(b->v[i][d], b->v[0][d]);
		sw_fw h = sw_abs(sw_dot3(r[0], r[1], r[2], info->nrm[0], info->nrm[1], info->nrm[2]));
		flat = sw_mandnot(sw_mand(kin(b, i), sw_gt(h, plan)), flat);
	}
	sw_mw convex = sw_mand(flat, poly_corners(3, b, info->nrm, delta));
	info->ok = sw_mand(ok, sw_mor(sw_mnot(area), convex));
}

/* ---- classification ---- */

typedef struct pclass {
	sw_fw s[VMAX + 1];
	sw_mw f[VMAX + 1], bk[VMAX + 1]; /* FRONT, BACK (v[N]: vertex 0's) */
	sw_mw ok, any_f, any_b, straddle, whole_f, whole_b;
	unsigned valid; /* lanes answered (others invalid) */
} pclass;

/* distances and sides; a lane that does not straddle goes whole to its side (coplanar: 2D to the
 * front, 3D to the side its normal faces) */
SW_INLINE void poly_classify(int D, const pblock *b, const plane_w *pl, const pinfo *info, sw_split_opts o, pclass *c)
{
	const sw_fw eps = sw_set1(o.eps), neps = sw_set1(-o.eps);
	sw_mw ok = sw_mand(info->ok, pl->ok);
	c->ok = ok;
	c->any_f = c->any_b = sw_mfalse();
	for (unsigned k = 0; k <= b->N; k++) {
		c->s[k] = plane_dist(D, pl, b->v[k]);
		c->f[k] = sw_gt(c->s[k], eps);
		c->bk[k] = sw_lt(c->s[k], neps);
		if (k < b->N) {
			sw_mw on = kin(b, k);
			c->any_f = sw_mor(c->any_f, sw_mand(on, c->f[k]));
			c->any_b = sw_mor(c->any_b, sw_mand(on, c->bk[k]));
		}
	}
	c->any_f = sw_mand(c->any_f, ok), c->any_b = sw_mand(c->any_b, ok);
	c->straddle = sw_mand(c->any_f, c->any_b);
	sw_mw cop = sw_mandnot(sw_mor(c->any_f, c->any_b), ok), to_f = sw_mnot(sw_mfalse());
	if (D == 3)
		to_f = sw_ge(sw_dot3(info->nrm[0], info->nrm[1], info->nrm[2], pl->u[0], pl->u[1], pl->u[2]),
			     sw_set1(0.0f));
	c->whole_f = sw_mor(sw_mandnot(c->any_b, c->any_f), sw_mand(cop, to_f));
	c->whole_b = sw_mor(sw_mandnot(c->any_f, c->any_b), sw_mandnot(to_f, cop));
	c->valid = sw_mbits(ok) & ~b->bad & SW_ALL_LANES;
}

/* the masks of vertex k going to the front and back pieces, and of its edge being cut */
SW_INLINE void vertex_masks(const pblock *b, const pclass *c, unsigned k, sw_mw *tf, sw_mw *tb, sw_mw *cut)
{
	sw_mw on = kin(b, k), st = sw_mand(c->straddle, on);
	sw_mw bprev = k ? c->bk[k - 1] : sw_mfalse(), onv = sw_mnot(sw_mor(c->f[k], c->bk[k]));
	if (k == 0) /* the previous vertex of vertex 0 is vertex n − 1 */
		for (unsigned q = 1; q < b->N; q++)
			bprev = msel(sw_eq(b->nf, sw_set1((float)(q + 1))), c->bk[q], bprev);
	sw_mw to_b = sw_mor(c->bk[k], sw_mand(onv, sw_mor(bprev, c->bk[k + 1])));
	*tf = sw_mor(sw_mandnot(c->bk[k], st), sw_mand(c->whole_f, on));
	*tb = sw_mor(sw_mand(to_b, st), sw_mand(c->whole_b, on));
	*cut = sw_mand(st, sw_mor(sw_mand(c->f[k], c->bk[k + 1]), sw_mand(c->bk[k], c->f[k + 1])));
}

/* ---- the pieces ---- */

/* a piece's layout when it is [run 0] X1 [run 1] X2 [run 2] (input vertex runs, split points): the
 * runs' first vertices and lengths, the splits' edges and whether each is there, per lane */
enum { SEG_S0, SEG_C0, SEG_X1, SEG_H1, SEG_S1, SEG_C1, SEG_X2, SEG_H2, SEG_S2, SEG_C2, SEG_N };

typedef struct pemit {
	/* each lane's kept candidates (bit j: vertex j/2, or the split point of edge j/2), low and high words */
	_Alignas(64) uint32_t keep[2][2][SW_W];
	_Alignas(64) float seg[2][SEG_N][SW_W]; /* each side's layout */
	uint32_t cnt[2][SW_W];                  /* each lane's piece sizes */
	unsigned wrap[2];                       /* lanes whose last kept point closed onto the first (dropped) */
	unsigned odd[2];      /* lanes whose piece has another layout (sides alternating by rounding) */
	unsigned fbits[VMAX]; /* lanes whose vertex k is FRONT (the split point's front end) */
	_Alignas(64) float x[VMAX][3][SW_W], t[VMAX][SW_W];
} pemit;

/* bit j % 32 of a lane word, as a float's bits */
static const union {
	uint32_t u[32];
	float f[32];
} BITS = {{1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,  1u << 8,  1u << 9,  1u << 10,
	   1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15, 1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21,
	   1u << 22, 1u << 23, 1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31}};

SW_INLINE sw_fw bit_w(unsigned j) { return sw_set1(BITS.f[j & 31]); }

/* one side's Sutherland–Hodgman emission with the reference's duplicate rule: the last and first
 * points kept, the lanes that kept any, the count, the kept candidates as bits of two words per lane
 * (disjoint bits: XOR is OR), and the layout: the current run of kept vertices (first, length), the
 * runs a split ended, the splits' edges, the lanes past one and two splits, and the lanes whose piece
 * is not [run] X [run] X [run] */
typedef struct side_w {
	sw_fw last[3], first[3], cnt, word[2];
	sw_fw rs, rc, s0, c0, s1, c1, x1, x2;
	sw_mw any, p1, p2, odd;
} side_w;

SW_INLINE void side_init(side_w *e)
{
	const sw_fw zero = sw_set1(0.0f);
	for (int d = 0; d < 3; d++)
		e->last[d] = e->first[d] = zero;
	e->cnt = e->word[0] = e->word[1] = zero;
	e->rs = e->rc = e->s0 = e->c0 = e->s1 = e->c1 = e->x1 = e->x2 = zero;
	e->any = e->p1 = e->p2 = e->odd = sw_mfalse();
}

/* candidate j (point x) where `mask`: kept unless equal to the last point kept */
SW_INLINE sw_mw side_step(int D, side_w *e, sw_mw mask, const sw_fw *x, unsigned j)
{
	sw_mw keep = sw_mandnot(sw_mand(e->any, same_w(D, x, e->last)), mask);
	sw_mw first = sw_mandnot(e->any, keep);
	for (int d = 0; d < D; d++) {
		e->first[d] = sw_sel(first, x[d], e->first[d]);
		e->last[d] = sw_sel(keep, x[d], e->last[d]);
	}
	e->any = sw_mor(e->any, keep);
	e->cnt = sw_sel(keep, sw_add(e->cnt, sw_set1(1.0f)), e->cnt);
	e->word[j >> 5] = sw_xor(e->word[j >> 5], sw_sel(keep, bit_w(j), sw_set1(0.0f)));
	return keep;
}

/* vertex k kept by `keep`: it starts a run or must continue it */
SW_INLINE void layout_vertex(side_w *e, sw_mw keep, unsigned k)
{
	const sw_fw fk = sw_set1((float)k), zero = sw_set1(0.0f);
	sw_mw fresh = sw_mand(keep, sw_eq(e->rc, zero));
	sw_mw broken = sw_mand(sw_mandnot(fresh, keep), sw_mnot(sw_eq(sw_add(e->rs, e->rc), fk)));
	e->odd = sw_mor(e->odd, broken);
	e->rs = sw_sel(fresh, fk, e->rs);
	e->rc = sw_sel(keep, sw_add(e->rc, sw_set1(1.0f)), e->rc);
}

/* the split point of edge k kept by `keep`: it ends the current run (a third one: another layout) */
SW_INLINE void layout_split(side_w *e, sw_mw keep, unsigned k)
{
	const sw_fw fk = sw_set1((float)k);
	sw_mw at0 = sw_mandnot(e->p1, keep), at1 = sw_mandnot(e->p2, sw_mand(keep, e->p1));
	e->odd = sw_mor(e->odd, sw_mand(keep, e->p2));
	e->s0 = sw_sel(at0, e->rs, e->s0), e->c0 = sw_sel(at0, e->rc, e->c0), e->x1 = sw_sel(at0, fk, e->x1);
	e->s1 = sw_sel(at1, e->rs, e->s1), e->c1 = sw_sel(at1, e->rc, e->c1), e->x2 = sw_sel(at1, fk, e->x2);
	e->p1 = sw_mor(e->p1, at0), e->p2 = sw_mor(e->p2, at1);
	e->rc = sw_sel(keep, sw_set1(0.0f), e->rc);
}

/* the layout after the last point: the current run is the last one; a closing drop takes its last
 * vertex, or, when it is empty, the last split */
SW_INLINE void layout_finish(const side_w *e, sw_mw wrap, float seg[SEG_N][SW_W])
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f);
	sw_mw in0 = sw_mnot(e->p1), in1 = sw_mandnot(e->p2, e->p1), in2 = e->p2;
	sw_mw from_run = sw_mand(wrap, sw_gt(e->rc, zero));
	sw_fw rc = sw_sel(from_run, sw_sub(e->rc, one), e->rc);
	sw_mw drop_x = sw_mandnot(from_run, wrap);
	sw_mw h2 = sw_mandnot(drop_x, e->p2), h1 = sw_mandnot(sw_mandnot(e->p2, drop_x), e->p1);
	const sw_fw v[SEG_N] = {sw_sel(in0, e->rs, e->s0), sw_sel(in0, rc, e->c0), e->x1, sw_sel(h1, one, zero),
				sw_sel(in1, e->rs, e->s1), sw_sel(in1, rc, e->c1), e->x2, sw_sel(h2, one, zero),
				sw_sel(in2, e->rs, zero),  sw_sel(in2, rc, zero)};
	for (int q = 0; q < SEG_N; q++)
		sw_storeu(seg[q], v[q]);
}

/* emission of both sides in the reference's order; the closing rule and the 3-point minimum give
 * each lane's final count (the writer drops the last kept point of a lane that closed) */
SW_INLINE void poly_emit(int D, const pblock *b, const pclass *c, pemit *e)
{
	side_w side[2];
	side_init(&side[0]), side_init(&side[1]);
	for (unsigned k = 0; k < b->N; k++) {
		sw_mw tf, tb, cut;
		vertex_masks(b, c, k, &tf, &tb, &cut);
		sw_fw x[3];
		sw_fw t = split_point_w(D, b->v[k], b->v[k + 1], c->s[k], c->s[k + 1], c->f[k], x);
		layout_vertex(&side[0], side_step(D, &side[0], tf, b->v[k], 2 * k), k);
		layout_vertex(&side[1], side_step(D, &side[1], tb, b->v[k], 2 * k), k);
		layout_split(&side[0], side_step(D, &side[0], cut, x, 2 * k + 1), k);
		layout_split(&side[1], side_step(D, &side[1], cut, x, 2 * k + 1), k);
		for (int d = 0; d < D; d++)
			sw_storeu(e->x[k][d], x[d]);
		sw_storeu(e->t[k], t);
		e->fbits[k] = sw_mbits(c->f[k]);
	}
	for (int s = 0; s < 2; s++) {
		const side_w *q = &side[s];
		sw_mw wrap = sw_mand(sw_ge(q->cnt, sw_set1(2.0f)), same_w(D, q->last, q->first));
		sw_fw n = sw_sel(wrap, sw_sub(q->cnt, sw_set1(1.0f)), q->cnt);
		n = sw_sel(sw_mand(c->ok, sw_ge(n, sw_set1(3.0f))), n, sw_set1(0.0f));
		sw_storeu((float *)e->keep[s][0], q->word[0]);
		sw_storeu((float *)e->keep[s][1], q->word[1]);
		e->wrap[s] = sw_mbits(wrap);
		e->odd[s] = sw_mbits(q->odd);
		layout_finish(q, wrap, e->seg[s]);
		lanes_u32(n, e->cnt[s], SW_W);
		for (unsigned l = 0; c->valid != (sw_mbits(c->ok) & ~b->bad & SW_ALL_LANES) && l < SW_W; l++)
			e->cnt[s][l] = c->valid >> l & 1 ? e->cnt[s][l] : 0; /* attributes refused a lane */
	}
}

/* the highest set bit of m (0 for 0), without a branch */
static inline uint64_t top_bit(uint64_t m) { return (1ull << (63 - __builtin_clzll(m | 1))) & -(uint64_t)(m != 0); }

/* lane l's kept candidates of side s, the last one dropped when the piece closed onto its first */
SW_INLINE uint64_t kept_bits(const pemit *e, int s, unsigned l)
{
	uint64_t m = e->keep[s][0][l] | (uint64_t)e->keep[s][1][l] << 32;
	return m & ~(top_bit(m) & -(uint64_t)(e->wrap[s] >> l & 1));
}

/* floats a run copy moves at a time: 16, in whole vectors of the tier */
#define CHUNK (SW_W > 16 ? SW_W : 16)

/* len floats from src to dst: in chunks of CHUNK (one at least) when a chunk past len may be read
 * from src and written at dst (rs, rd: floats readable from src, writable from dst), else one by
 * one. Masked loads and stores measured several times slower than this on the tiers' CPUs. */
SW_INLINE void copy_run(float *dst, const float *src, size_t len, size_t rs, size_t rd)
{
	if (__builtin_expect(len + CHUNK <= rs && len + CHUNK <= rd, 1)) {
		size_t i = 0;
		do {
			for (unsigned c = 0; c < CHUNK; c += SW_W)
				sw_storeu(dst + i + c, sw_loadu(src + i + c));
			i += CHUNK;
		} while (i < len);
		return;
	}
	for (size_t i = 0; i < len; i++)
		dst[i] = src[i];
}

/* a when c, else b, without a branch */
static inline float *pick(int c, float *a, float *b)
{
	uintptr_t m = -(uintptr_t)(c != 0);
	return (float *)(((uintptr_t)a & m) | ((uintptr_t)b & ~m));
}

/* lane l's piece of side s at `out`, D floats per vertex, by its layout [run 0] X1 [run 1] X2 [run 2]:
 * each run one copy from the input, each split point written to the piece or, when absent, to a
 * scratch slot, so nothing branches on the data (rv_end, room: floats readable from v, writable from
 * out, for the copies' whole vectors) */
SW_INLINE void write_layout(int D, const float *v, size_t rv_end, const pemit *e, int s, unsigned l, float *out,
			    size_t room)
{
	const float(*g)[SW_W] = e->seg[s];
	const unsigned run[3][2] = {{(unsigned)g[SEG_S0][l], (unsigned)g[SEG_C0][l]},
				    {(unsigned)g[SEG_S1][l], (unsigned)g[SEG_C1][l]},
				    {(unsigned)g[SEG_S2][l], (unsigned)g[SEG_C2][l]}};
	const unsigned x[2] = {(unsigned)g[SEG_X1][l] & (VMAX - 1), (unsigned)g[SEG_X2][l] & (VMAX - 1)};
	const unsigned has[2] = {g[SEG_H1][l] != 0, g[SEG_H2][l] != 0};
	float scratch[3];
	for (int p = 0; p < 3; p++) { /* unrolled: the split after runs 0 and 1 */
		size_t at = (size_t)run[p][0] * D, len = (size_t)run[p][1] * D;
		copy_run(out, v + at, len, rv_end - at, room);
		out += len, room -= len;
		if (p == 2)
			break;
		float *dst = pick((int)has[p], out, scratch);
		for (int d = 0; d < D; d++)
			dst[d] = e->x[x[p]][d][l];
		out += has[p] * D, room -= has[p] * D;
	}
}

/* lane l's piece of side s (kept bits m) point by point: a vertex from the input (stride 1), a split
 * point from the lanes (stride SW_W); for layouts other than write_layout's */
SW_INLINE void write_points(int D, const float *v, const pemit *e, unsigned l, uint64_t m, float *out)
{
	for (; m; m &= m - 1) {
		unsigned j = (unsigned)__builtin_ctzll(m), q = j >> 1, xj = j & 1;
		const float *p = xj ? &e->x[q][0][l] : v + q * D;
		size_t step = xj ? SW_W : 1;
		for (int d = 0; d < D; d++)
			out[d] = p[d * step];
		out += D;
	}
}

/* lane l's attributes of side s at `oa` (k per vertex): a vertex's copied, a split point's made with
 * the position's t from the same end */
SW_INLINE void write_attrs(const sw_split_src *src, const pblock *b, const pemit *e, int s, unsigned l, float *oa)
{
	uint64_t m = kept_bits(e, s, l);
	uint32_t k = src->k, n = b->n[l];
	const float *a = src->attrs + (size_t)b->start[l] * k;
	for (; m; m &= m - 1) {
		unsigned j = (unsigned)__builtin_ctzll(m), q = j >> 1;
		if (!(j & 1)) {
			memcpy(oa, a + (size_t)q * k, sizeof(float) * k);
		} else {
			unsigned r = q + 1 == n ? 0 : q + 1;
			int ff = e->fbits[q] >> l & 1;
			const float *fa = a + (size_t)(ff ? q : r) * k, *ka = a + (size_t)(ff ? r : q) * k;
			float t = e->t[q][l];
			for (uint32_t i = 0; i < k; i++)
				oa[i] = fa[i] + t * (ka[i] - fa[i]);
		}
		oa += k;
	}
}

/* attribute checks of the lanes that need them (k > 0): invalid lanes lose their pieces */
SW_INLINE unsigned attrs_valid(const sw_split_src *s, const pblock *b, unsigned valid)
{
	for (unsigned l = 0; s->k && l < b->cnt; l++)
		if ((valid >> l & 1) && !attrs_ok(s->attrs + (size_t)b->start[l] * s->k, (size_t)b->n[l] * s->k))
			valid &= ~(1u << l);
	return valid;
}

/* the block's pieces by the pass: counts, or the pieces, each lane's at its place (only lanes with a
 * piece on that side are visited) */
SW_INLINE void poly_put(int D, const sw_split_src *src, const pblock *b, const pemit *e, const sw_pieces_results *o)
{
	for (int s = 0; s < 2; s++) {
		const sw_piece_side *sd = &o->side[s];
		uint32_t *first = sd->first;
		if (!first)
			continue;
		if (o->pass == SW_PASS_COUNT) {
			for (unsigned l = 0; l < b->cnt; l++)
				first[b->item0 + l + 1] = e->cnt[s][l];
			continue;
		}
		size_t at[SW_W + 1];
		unsigned some = 0;
		at[0] = first[b->item0];
		for (unsigned l = 0; l < b->cnt; l++) {
			at[l + 1] = at[l] + e->cnt[s][l];
			some |= (unsigned)(e->cnt[s][l] != 0) << l;
		}
		if (o->pass == SW_PASS_SEQ)
			for (unsigned l = 0; l < b->cnt; l++)
				first[b->item0 + l + 1] = (uint32_t)at[l + 1];
		for (; some; some &= some - 1) {
			unsigned l = (unsigned)__builtin_ctz(some);
			/* whole vectors may run past a piece into the block's later pieces, written after it, but
			 * not past the block's last one (another chunk's, or the end), nor past src->vend */
			const float *v = src->verts + (size_t)b->start[l] * D;
			if (__builtin_expect(!(e->odd[s] >> l & 1), 1))
				write_layout(D, v, (src->vend - b->start[l]) * (size_t)D, e, s, l,
					     sd->elems + at[l] * D, (at[b->cnt] - at[l]) * (size_t)D);
			else
				write_points(D, v, e, l, kept_bits(e, s, l), sd->elems + at[l] * D);
			if (src->k && sd->attrs)
				write_attrs(src, b, e, s, l, sd->attrs + at[l] * src->k);
		}
	}
}

SW_INLINE void poly_split_kernel(const sw_job *j, int D)
{
	const sw_split_src *src = j->a;
	const sw_pieces_results *o = j->out;
	sw_split_opts opts = *(const sw_split_opts *)j->opts;
	pblock b;
	pinfo info;
	plane_w pl;
	pclass c;
	pemit e;
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt = j->n - base < SW_W ? (unsigned)(j->n - base) : SW_W;
		size_t item0 = j->off + base;
		if (!poly_gather(D, src, item0, cnt, &b)) { /* no lane has a polygon to read */
			memset(&e.cnt, 0, sizeof e.cnt);
			poly_put(D, src, &b, &e, o);
			if (o->pass != SW_PASS_COUNT)
				store_class(o->status, o->cls, item0, cnt, 0, sw_mfalse(), sw_mfalse());
			continue;
		}
		poly_valid(D, &b, &info);
		plane_lanes(D, src, item0, cnt, &pl);
		poly_classify(D, &b, &pl, &info, opts, &c);
		c.valid = attrs_valid(src, &b, c.valid);
		poly_emit(D, &b, &c, &e);
		poly_put(D, src, &b, &e, o);
		if (o->pass != SW_PASS_COUNT)
			store_class(o->status, o->cls, item0, cnt, c.valid, c.any_f, c.any_b);
	}
}

static void poly2_split_kernel(const sw_job *j) { poly_split_kernel(j, 2); }
static void poly3_split_kernel(const sw_job *j) { poly_split_kernel(j, 3); }

/* ---- area and centroid (ref/split_mass.c) ---- */

typedef struct acc_w {
	emit_w e; /* cnt, first, last of the emitted points (no duplicate rule: a repeat adds 0) */
	sw_fw a, m[3];
} acc_w;

SW_INLINE void acc_edge_w(int D, acc_w *q, sw_mw on, const sw_fw *p, const sw_fw *w, const sw_fw *nrm)
{
	sw_fw c = sw_sub(sw_mul(p[0], w[1]), sw_mul(p[1], w[0]));
	if (D == 3)
		c = sw_add(sw_add(sw_mul(sw_sub(sw_mul(p[1], w[2]), sw_mul(p[2], w[1])), nrm[0]),
				  sw_mul(sw_sub(sw_mul(p[2], w[0]), sw_mul(p[0], w[2])), nrm[1])),
			   sw_mul(c, nrm[2]));
	q->a = sw_sel(on, sw_add(q->a, c), q->a);
	for (int d = 0; d < D; d++)
		q->m[d] = sw_sel(on, sw_add(q->m[d], sw_mul(sw_add(p[d], w[d]), c)), q->m[d]);
}

SW_INLINE void acc_add_w(int D, acc_w *q, sw_mw on, const sw_fw *w, const sw_fw *nrm)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw first = sw_mand(on, sw_eq(q->e.cnt, zero));
	acc_edge_w(D, q, sw_mandnot(first, on), q->e.last, w, nrm);
	for (int d = 0; d < D; d++) {
		q->e.first[d] = sw_sel(first, w[d], q->e.first[d]);
		q->e.last[d] = sw_sel(on, w[d], q->e.last[d]);
	}
	q->e.cnt = sw_sel(on, sw_add(q->e.cnt, sw_set1(1.0f)), q->e.cnt);
}

/* closes the loop; the measure and centroid r + m·(inv / (3a)) when a > 0, else 0 and r */
SW_INLINE void acc_finish_w(int D, acc_w *q, const sw_fw *nrm, const sw_fw *r, sw_fw inv, sw_fw *area, sw_fw *cen)
{
	const sw_fw zero = sw_set1(0.0f);
	acc_edge_w(D, q, sw_ge(q->e.cnt, sw_set1(2.0f)), q->e.last, q->e.first, nrm);
	sw_mw pos = sw_gt(q->a, zero);
	*area = sw_sel(pos, sw_mul(sw_mul(sw_mul(sw_set1(0.5f), q->a), inv), inv), zero);
	sw_fw k = sw_div(inv, sw_mul(sw_set1(3.0f), q->a));
	for (int d = 0; d < 3; d++)
		cen[d] = d < D ? sw_sel(pos, sw_add(r[d], sw_mul(q->m[d], k)), r[d]) : zero;
}

/* writes lanes [0, cnt) of a float row at items item0 + l (NULL: skipped); invalid lanes get NaN */
SW_INLINE void col_store(float *dst, size_t item0, unsigned cnt, sw_fw v, unsigned valid)
{
	_Alignas(64) float t[SW_W];
	if (!dst)
		return;
	sw_storeu(t, v);
	for (unsigned l = 0; l < cnt; l++)
		dst[item0 + l] = valid >> l & 1 ? t[l] : NAN;
}

SW_INLINE void poly_mass_block(int D, const pblock *b, const pinfo *info, const pclass *c,
			       const sw_split_mass_results *o)
{
	sw_fw sc = pow2_w(info->extent), w[VMAX + 1][3];
	for (unsigned k = 0; k <= b->N; k++)
		for (int d = 0; d < D; d++)
			w[k][d] = sw_mul(sw_sub(b->v[k][d], b->v[0][d]), sc);
	acc_w side[2];
	for (int s = 0; s < 2; s++) {
		emit_init(&side[s].e);
		side[s].a = sw_set1(0.0f);
		side[s].m[0] = side[s].m[1] = side[s].m[2] = sw_set1(0.0f);
	}
	for (unsigned k = 0; k < b->N; k++) {
		sw_mw tf, tb, cut;
		vertex_masks(b, c, k, &tf, &tb, &cut);
		sw_fw x[3];
		split_point_w(D, w[k], w[k + 1], c->s[k], c->s[k + 1], c->f[k], x);
		acc_add_w(D, &side[0], tf, w[k], info->nrm);
		acc_add_w(D, &side[1], tb, w[k], info->nrm);
		acc_add_w(D, &side[0], cut, x, info->nrm);
		acc_add_w(D, &side[1], cut, x, info->nrm);
	}
	sw_fw inv = sw_div(sw_set1(1.0f), sc), meas[2], cen[2][3];
	for (int s = 0; s < 2; s++)
		acc_finish_w(D, &side[s], info->nrm, b->v[0], inv, &meas[s], cen[s]);
	float *cols[8] = {o->front_measure,
			  o->back_measure,
			  o->front_cx,
			  o->front_cy,
			  D == 3 ? o->front_cz : NULL,
			  o->back_cx,
			  o->back_cy,
			  D == 3 ? o->back_cz : NULL};
	const sw_fw vals[8] = {meas[0], meas[1], cen[0][0], cen[0][1], cen[0][2], cen[1][0], cen[1][1], cen[1][2]};
	for (int k = 0; k < 8; k++)
		col_store(cols[k], b->item0, b->cnt, vals[k], c->valid);
	store_class(o->status, o->cls, b->item0, b->cnt, c->valid, c->any_f, c->any_b);
}

SW_INLINE void poly_mass_kernel(const sw_job *j, int D)
{
	const sw_split_src *src = j->a;
	const sw_split_mass_results *o = j->out;
	sw_split_opts opts = *(const sw_split_opts *)j->opts;
	pblock b;
	pinfo info;
	plane_w pl;
	pclass c;
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt = j->n - base < SW_W ? (unsigned)(j->n - base) : SW_W;
		size_t item0 = j->off + base;
		if (!poly_gather(D, src, item0, cnt, &b)) {
			memset(&c, 0, sizeof c);
			c.valid = 0;
			c.any_f = c.any_b = sw_mfalse();
			store_class(o->status, o->cls, item0, cnt, 0, c.any_f, c.any_b);
			float *cols[8] = {o->front_measure,
					  o->back_measure,
					  o->front_cx,
					  o->front_cy,
					  D == 3 ? o->front_cz : NULL,
					  o->back_cx,
					  o->back_cy,
					  D == 3 ? o->back_cz : NULL};
			for (int k = 0; k < 8; k++)
				col_store(cols[k], item0, cnt, sw_set1(0.0f), 0);
			continue;
		}
		poly_valid(D, &b, &info);
		plane_lanes(D, src, item0, cnt, &pl);
		poly_classify(D, &b, &pl, &info, opts, &c);
		poly_mass_block(D, &b, &info, &c, o);
	}
}

static void poly2_split_mass_kernel(const sw_job *j) { poly_mass_kernel(j, 2); }
static void poly3_split_mass_kernel(const sw_job *j) { poly_mass_kernel(j, 3); }

SW_EXPORT(poly2_split)
SW_EXPORT(poly3_split)
SW_EXPORT(poly2_split_mass)
SW_EXPORT(poly3_split_mass)
