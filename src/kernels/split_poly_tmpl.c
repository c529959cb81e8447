/* src/kernels/split_poly_tmpl.c — polygon splits (2D and 3D) and their area / centroid queries,
 * written once over the lane vocabulary and compiled once per tier. One polygon per lane; it repeats
 * src/split_item.c and src/split_mass.c lane-wise, operation for operation: the input checks (every
 * corner's lengths taken where the reference takes them for reflex-looking corners only), the
 * distances, the split point of every edge from its front end. Lanes hold polygons of different
 * sizes: loops run to the block's largest count, vertices past a lane's own count repeat its vertex 0
 * (so edge n − 1 closes through them) and are masked off.
 *
 * The pieces are not emitted point by point: the lanes find where each side's one cyclic run of
 * vertices starts and ends and leave each piece as five segments (see "the pieces" below), which a
 * scalar writer copies in whole vectors to the lane's place in the output (vertices from the input,
 * split points from the lane's row of points), or, on the 16-lane tier for short polygons, compresses
 * from each lane's emission sequence (SEQ_WRITER); a block's pieces are one contiguous run of the
 * output in both passes that write (src/job.h). The rare polygons whose pieces are not of that form are
 * answered by the reference (sw_split_poly_ref), bit for bit the reference row's answer. */
#include "kernels/split_lanes.h"
#include "split_item.h"

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

/* ---- the pieces ----
 *
 * A straddling convex polygon's FRONT vertices form one cyclic run and its BACK vertices another,
 * with ON vertices (gaps of g1 ≥ 0 and g2 ≥ 0) between them: F-run (.. a), gap 1, B-run (b .. c),
 * gap 2. An edge is cut only where a gap is empty (edge a when g1 = 0, edge c when g2 = 0), and by
 * the on-vertex rule each piece is one cyclic run of input vertices between the two cuts' points: the
 * front piece (x_c) v_(c+1) .. v_(b−1) (x_a), the back piece (x_a) v_b or v_(b−1) .. v_c or v_(c+1)
 * (x_c). Sutherland–Hodgman emits it from vertex 0 on, so it leaves as a rotation of that cyclic
 * list: [Xa] [run A] [Xb] [Xc] [run B]. The lanes find a, b, c, the cuts and the runs in their edge
 * loop and leave each piece as five segments (offset, length) for a writer of whole-vector copies.
 * The duplicate rule only acts where two neighbours of the cyclic list are equal: a split point and
 * an end of its edge (the lanes test every cut edge), or the list's two ends (the same two points A
 * and C close both pieces: one test). A polygon with such an equality, or whose sides alternate along
 * the boundary (rounding within δ of the plane), is answered by the reference itself. */

/* a piece's segments: Xa, run A, Xb, Xc, run B (split points from the lane's row of points, runs
 * from the input), offsets and lengths in floats */
enum { SEG_N = 5 };

/* Where the tier has a lane compress (16 lanes: vcompressps), a piece is written from the lane's
 * emission sequence instead: v_0 x_0 v_1 x_1 .. v_(n−1) x_(n−1) (vertices and their edges' split
 * points, made in the lanes and transposed to a row per lane), whose points the piece keeps are one
 * bit a float. Sutherland–Hodgman keeps exactly those, in that order, where the duplicate rule does not
 * act (the lanes the reference does not answer), so each SW_W floats of the row are one compress and
 * one store; the runs' segments stay for the counts and the attributes. The sequence is twice a
 * polygon's floats and its rows cost a transpose a chunk: blocks of longer sequences than SEQ_MAX
 * floats (2D polygons of more than 12 vertices, 3D of more than 8) copy the segments (measured: 3–16
 * and 16-vertex polygons 15 % slower by the sequence, 8-gons 18 % (2D) and 8 % (3D) faster). */
#define SEQ_WRITER (SW_W == 16)
#define SEQ_MAX 48
#define SEQ_USE(D, N) (SEQ_WRITER && 2 * (N) * (unsigned)(D) <= SEQ_MAX)

typedef struct pemit {
	_Alignas(64) uint32_t off[2][SEG_N][SW_W], len[2][SEG_N][SW_W];
	_Alignas(64) uint32_t cnt[2][SW_W]; /* each lane's piece sizes */
	unsigned ref;                       /* lanes answered by the reference */
	unsigned fbits[VMAX];               /* lanes whose vertex k is FRONT (the split point's front end) */
	_Alignas(64) float t[VMAX][SW_W];
#if SEQ_WRITER
	_Alignas(64) uint32_t code[2][SEQ_MAX / SW_W][SW_W]; /* chunk c's floats of the piece, one bit each */
	_Alignas(64) float seq[SW_W][SEQ_MAX];               /* lane l's v_0 x_0 v_1 x_1 .., D floats each */
#endif
	_Alignas(64) float xl[SW_W][VMAX * 3 + 16]; /* lane l's split points, edge k at D·k, and slack */
} pemit;

/* floats a copy moves at a time: 16, in whole vectors of the tier */
#define CHUNK (SW_W > 16 ? SW_W : 16)

/* the lanes' cyclic piece (X_pre) v_s .. v_(s+r−1) (X_post), X_pre on edge e_pre = s − 1 and X_post
 * on edge e_post = s + r − 1, as emitted from vertex 0 on: X_pre v_s .. X_post when the run neither
 * wraps past vertex n − 1 nor starts at vertex 0 behind X_pre; else v_0 .. X_post X_pre v_s .. v_(n−1).
 * Its segments (offsets and lengths in floats); returns its count */
SW_INLINE sw_fw lay_run_w(int D, sw_fw n, sw_fw s, sw_fw r, sw_mw pre, sw_fw epre, sw_mw post, sw_fw epost,
			  sw_fw off[SEG_N], sw_fw len[SEG_N])
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f), fd = sw_set1((float)D);
	sw_fw end = sw_add(s, r), hpre = sw_sel(pre, fd, zero);
	sw_mw over = sw_gt(end, n), wraps = sw_mor(over, sw_mand(sw_eq(s, zero), pre));
	off[0] = off[3] = sw_mul(epre, fd), off[1] = sw_sel(wraps, zero, sw_mul(s, fd));
	off[2] = sw_mul(epost, fd), off[4] = sw_mul(s, fd);
	len[0] = sw_sel(wraps, zero, hpre), len[1] = sw_mul(sw_sel(over, sw_sub(end, n), r), fd);
	len[2] = sw_sel(post, fd, zero), len[3] = sw_sel(wraps, hpre, zero);
	len[4] = sw_sel(over, sw_mul(sw_sub(n, s), fd), zero);
	return sw_add(sw_add(r, sw_sel(pre, one, zero)), sw_sel(post, one, zero));
}

#if SEQ_WRITER
/* the emission sequence as each lane's row (blocks of SW_W rows transposed) and, per side, the bits
 * of the floats its piece keeps: vertex k where the on-vertex rule sends it (vertex_masks), x_k where
 * edge k is cut. Bit sums below 2^16 are exact in a float lane */
SW_INLINE void seq_rows(int D, const pblock *b, const pclass *c, const sw_fw *x, pemit *e)
{
	const sw_fw zero = sw_set1(0.0f);
	const unsigned n2 = 2 * b->N, L = n2 * (unsigned)D, nc = (L + SW_W - 1) / SW_W;
	sw_fw sq[SEQ_MAX + SW_W];
	sw_mw keep[2][2 * VMAX]; /* point j's: vertex j / 2 or the split point of edge j / 2 */
	for (unsigned k = 0; k < b->N; k++) {
		vertex_masks(b, c, k, &keep[0][2 * k], &keep[1][2 * k], &keep[0][2 * k + 1]);
		keep[1][2 * k + 1] = keep[0][2 * k + 1];
		for (int d = 0; d < D; d++)
			sq[2 * k * D + d] = b->v[k][d], sq[(2 * k + 1) * D + d] = x[k * D + d];
	}
	for (unsigned r = L; r < nc * SW_W; r++)
		sq[r] = zero;
	for (unsigned q = 0; q < nc; q++) {
		/* the points with floats in chunk q, each its bits there */
		sw_fw code[2] = {zero, zero};
		const unsigned lo = q * SW_W, hi = lo + SW_W;
		for (unsigned j = lo / (unsigned)D; j < n2 && j * D < hi; j++) {
			unsigned bits = 0;
			for (int d = 0; d < D; d++)
				bits |= (unsigned)(j * D + d >= lo && j * D + d < hi) << (j * D + d) % SW_W;
			const sw_fw bv = sw_set1((float)bits);
			for (int s = 0; s < 2; s++)
				code[s] = sw_add(code[s], sw_sel(keep[s][j], bv, zero));
		}
		sw_transpose(sq + q * SW_W);
		for (unsigned l = 0; l < SW_W; l++)
			sw_storeu(e->seq[l] + q * SW_W, sq[q * SW_W + l]);
		for (int s = 0; s < 2; s++)
			sw_store_codes(e->code[s][q], code[s], sw_mfalse());
	}
}
#endif

/* the lanes' part: every edge's split point from its front end (kept as each lane's row of points),
 * the runs' ends, the cuts, the pieces' counts and (segs) segments; the lanes the reference must answer.
 * A counting pass (!rows) leaves out the rows and segments the writers read */
SW_INLINE void poly_pieces(int D, const pblock *b, const pclass *c, int segs, int rows, pemit *e)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f);
	sw_fw xs[VMAX * 3], nfe = zero, nbe = zero, nb = zero, a = zero, bs = zero, ce = zero, A[3], C[3];
	sw_mw odd = sw_mfalse(), cut1 = sw_mfalse(), cut2 = sw_mfalse();
	for (int d = 0; d < 3; d++)
		A[d] = C[d] = zero;
	for (unsigned k = 0; k < b->N; k++) {
		sw_mw on = kin(b, k);
		sw_fw *x = xs + k * D, fk = sw_set1((float)k);
		sw_fw t = split_point_w(D, b->v[k], b->v[k + 1], c->s[k], c->s[k + 1], c->f[k], x);
		sw_mw cut = sw_mor(sw_mand(c->f[k], c->bk[k + 1]), sw_mand(c->bk[k], c->f[k + 1]));
		sw_mw eq = sw_mor(same_w(D, x, b->v[k]), same_w(D, x, b->v[k + 1]));
		odd = sw_mor(odd, sw_mand(sw_mand(on, cut), eq));
		/* vertex k ends the F-run or the B-run; vertex k + 1 starts the B-run */
		sw_mw fe = sw_mand(on, sw_mandnot(c->f[k + 1], c->f[k]));
		sw_mw be = sw_mand(on, sw_mandnot(c->bk[k + 1], c->bk[k]));
		sw_mw bb = sw_mand(on, sw_mandnot(c->bk[k], c->bk[k + 1]));
		nfe = sw_sel(fe, sw_add(nfe, one), nfe), nbe = sw_sel(be, sw_add(nbe, one), nbe);
		nb = sw_sel(sw_mand(on, c->bk[k]), sw_add(nb, one), nb);
		a = sw_sel(fe, fk, a), ce = sw_sel(be, fk, ce), bs = sw_sel(bb, sw_add(fk, one), bs);
		cut1 = msel(fe, cut, cut1), cut2 = msel(be, cut, cut2);
		/* A: the point before the B-run (x_k after a FRONT vertex k, else v_k); C: the point after it */
		for (int d = 0; d < D; d++) {
			A[d] = sw_sel(bb, sw_sel(c->f[k], x[d], b->v[k][d]), A[d]);
			C[d] = sw_sel(be, sw_sel(c->f[k + 1], x[d], b->v[k + 1][d]), C[d]);
		}
		sw_storeu(e->t[k], t);
		e->fbits[k] = sw_mbits(c->f[k]);
	}
#if SEQ_WRITER
	if (rows && SEQ_USE(D, b->N))
		seq_rows(D, b, c, xs, e);
	else
#endif
		/* the points as each lane's row: blocks of SW_W rows transposed */
		for (unsigned r0 = 0; rows && r0 < b->N * (unsigned)D; r0 += SW_W) {
			for (unsigned r = b->N * (unsigned)D; r < r0 + SW_W; r++)
				xs[r] = zero;
			sw_transpose(xs + r0);
			for (unsigned l = 0; l < SW_W; l++)
				sw_storeu(e->xl[l] + r0, xs[r0 + l]);
		}
	const sw_fw n = b->nf, nd = sw_mul(n, sw_set1((float)D));
	sw_mw live = sw_mfrom_bits(c->valid), st = sw_mand(live, c->straddle);
	sw_mw fast = sw_mandnot(sw_mor(odd, same_w(D, A, C)), sw_mand(sw_eq(nfe, one), sw_eq(nbe, one)));
	fast = sw_mand(fast, st);
	e->ref = sw_mbits(sw_mandnot(fast, st)) & ((1u << b->cnt) - 1);
	bs = sw_sel(sw_eq(bs, n), zero, bs);
	sw_fw bm1 = sw_sel(sw_eq(bs, zero), sw_sub(n, one), sw_sub(bs, one));
	sw_fw cp1 = sw_sel(sw_eq(sw_add(ce, one), n), zero, sw_add(ce, one));
	sw_fw nc = sw_add(sw_sel(cut1, zero, one), sw_sel(cut2, zero, one));
	sw_fw off[2][SEG_N], len[2][SEG_N], cnt[2];
	cnt[0] = lay_run_w(D, n, cp1, sw_sub(n, nb), cut2, ce, cut1, a, off[0], len[0]);
	cnt[1] = lay_run_w(D, n, sw_sel(cut1, bs, bm1), sw_add(nb, nc), cut1, a, cut2, ce, off[1], len[1]);
	/* a polygon that does not straddle: one run on its side, none on the other */
	const sw_mw whole[2] = {sw_mand(live, c->whole_f), sw_mand(live, c->whole_b)};
	for (int s = 0; s < 2; s++) {
		for (int q = 0; segs && q < SEG_N; q++) {
			sw_fw w = q == 1 ? sw_sel(whole[s], nd, zero) : zero;
			sw_store_codes(e->off[s][q], sw_sel(fast, off[s][q], zero), sw_mfalse());
			sw_store_codes(e->len[s][q], sw_sel(fast, len[s][q], w), sw_mfalse());
		}
		sw_store_codes(e->cnt[s], sw_sel(fast, cnt[s], sw_sel(whole[s], n, zero)), sw_mfalse());
	}
}

/* the counts of the lanes the reference answers (sw_split_poly_ref with no output: the item's own
 * checks and emission) */
SW_INLINE void ref_counts(int D, const sw_split_src *src, const pblock *b, float eps, pemit *e)
{
	for (unsigned m = e->ref; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctz(m);
		size_t i = b->item0 + l;
		sw_split_plane pl;
		sw_split_output r;
		const float *pf = sw_split_plane_of(src, i, D);
		sw_split_plane_prep(D, pf, pf + D, eps, &pl);
		sw_split_poly_ref(D, src->verts + (size_t)b->start[l] * D, b->n[l], &pl,
				  src->k ? src->attrs + (size_t)b->start[l] * src->k : NULL, src->k, NULL, NULL, NULL,
				  NULL, &r);
		e->cnt[0][l] = r.front_count, e->cnt[1][l] = r.back_count;
	}
}

/* nch chunks of CHUNK floats from src to dst: the caller has checked that they may be read and
 * written. nch is the block's (its largest polygon's floats), so the loop's count is the same for
 * every piece of a block. Masked loads and stores measured several times slower than this on the
 * tiers' CPUs */
SW_INLINE void copy_chunks(float *dst, const float *src, unsigned nch)
{
	for (unsigned i = 0; i < nch * CHUNK; i += CHUNK)
		for (unsigned c = 0; c < CHUNK; c += SW_W)
			sw_storeu(dst + i + c, sw_loadu(src + i + c));
}

/* lane l's piece of side s at `out`: its segments from the lane's split points and the input vertices
 * v, runs in nch whole chunks and points as D floats, each written even when empty (the next one
 * overwrites it), so nothing branches on the data. Near `lim` (the end of the block's pieces, which
 * must not be written past) or, with !rv, near the end of the input, segments that would reach past
 * are copied float by float */
SW_INLINE void write_piece(int D, const float *v, const pemit *e, int s, unsigned l, float *out, const float *lim,
			   int rv, unsigned nch)
{
	const float *src[SEG_N] = {e->xl[l] + e->off[s][0][l], v + e->off[s][1][l], e->xl[l] + e->off[s][2][l],
				   e->xl[l] + e->off[s][3][l], v + e->off[s][4][l]};
	const size_t span = nch * CHUNK;
	if (__builtin_expect(rv && out + e->cnt[s][l] * D + span <= lim, 1)) {
		for (int p = 0; p < SEG_N; p++) {
			if (p == 1 || p == 4)
				copy_chunks(out, src[p], nch);
			else /* D floats: a point's load stays inside one of the stores that wrote the lane's row */
				memcpy(out, src[p], sizeof(float) * (size_t)D);
			out += e->len[s][p][l];
		}
		return;
	}
	for (int p = 0; p < SEG_N; p++) {
		uint32_t len = e->len[s][p][l];
		int run = p == 1 || p == 4;
		if (run && rv && out + span <= lim)
			copy_chunks(out, src[p], nch);
		else if (!run && out + D <= lim)
			memcpy(out, src[p], sizeof(float) * (size_t)D);
		else
			for (uint32_t i = 0; i < len && i < VMAX * 3; i++)
				out[i] = src[p][i];
		out += len;
	}
}

#if SEQ_WRITER
/* lane l's piece of side s at `out` from its emission sequence, nc chunks of SW_W floats: each
 * compressed to the floats it keeps and stored whole (the next store overwrites what is past them),
 * except where a whole store would pass `lim` (the end of the block's pieces) */
SW_INLINE void write_seq(const pemit *e, int s, unsigned l, float *out, const float *lim, unsigned nc)
{
	for (unsigned q = 0; q < nc; q++) {
		const unsigned m = e->code[s][q][l];
		sw_fw v = sw_compress(sw_load(e->seq[l] + q * SW_W), m);
		if (__builtin_expect(out + SW_W <= lim, 1)) {
			sw_storeu(out, v);
		} else {
			_Alignas(64) float t[SW_W];
			sw_storeu(t, v);
			memcpy(out, t, sizeof(float) * (size_t)__builtin_popcount(m));
		}
		out += __builtin_popcount(m);
	}
}
#endif

/* lane l's attributes of side s at `oa` (k per vertex): a vertex's copied, a split point's made with
 * the position's t from the same end */
SW_INLINE void write_attrs(int D, const sw_split_src *src, const pblock *b, const pemit *e, int s, unsigned l,
			   float *oa)
{
	uint32_t k = src->k, n = b->n[l];
	const float *a = src->attrs + (size_t)b->start[l] * k;
	for (int p = 0; p < SEG_N; p++) {
		unsigned at = e->off[s][p][l] / (unsigned)D, c = e->len[s][p][l] / (unsigned)D;
		if (p == 1 || p == 4) { /* a run */
			memcpy(oa, a + (size_t)at * k, sizeof(float) * k * c);
			oa += (size_t)k * c;
			continue;
		}
		if (!c)
			continue;
		unsigned r = at + 1 == n ? 0 : at + 1;
		int ff = e->fbits[at] >> l & 1;
		const float *fa = a + (size_t)(ff ? at : r) * k, *ka = a + (size_t)(ff ? r : at) * k;
		float t = e->t[at][l];
		for (uint32_t i = 0; i < k; i++)
			oa[i] = fa[i] + t * (ka[i] - fa[i]);
		oa += k;
	}
}

/* lane l's piece of side s written by the reference (its other side not written) */
SW_INLINE void write_ref(int D, const sw_split_src *src, const pblock *b, float eps, int s, unsigned l, float *out,
			 float *oa)
{
	size_t i = b->item0 + l;
	sw_split_plane pl;
	sw_split_output r;
	const float *pf = sw_split_plane_of(src, i, D);
	sw_split_plane_prep(D, pf, pf + D, eps, &pl);
	sw_split_poly_ref(D, src->verts + (size_t)b->start[l] * D, b->n[l], &pl,
			  src->k ? src->attrs + (size_t)b->start[l] * src->k : NULL, src->k, s ? NULL : out,
			  s ? NULL : oa, s ? out : NULL, s ? oa : NULL, &r);
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
SW_INLINE void poly_put(int D, const sw_split_src *src, const pblock *b, const pemit *e, float eps,
			const sw_pieces_results *o)
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
		float *oa = src->k && sd->attrs ? sd->attrs : NULL;
		const float *lim = sd->elems + at[b->cnt] * D;
		const unsigned nch = (b->N * (unsigned)D + CHUNK - 1) / CHUNK;
#if SEQ_WRITER
		const unsigned nseq = (2 * b->N * (unsigned)D + SW_W - 1) / SW_W;
		const int by_seq = SEQ_USE(D, b->N);
#endif
		for (; some; some &= some - 1) {
			unsigned l = (unsigned)__builtin_ctz(some);
			/* whole vectors may run past a piece into the block's later pieces, written after it, but
			 * not past the block's last one (another chunk's, or the end), nor past src->vend */
			const float *v = src->verts + (size_t)b->start[l] * D;
			if (__builtin_expect(e->ref >> l & 1, 0)) {
				write_ref(D, src, b, eps, s, l, sd->elems + at[l] * D, oa ? oa + at[l] * src->k : NULL);
				continue;
			}
#if SEQ_WRITER
			if (by_seq) {
				write_seq(e, s, l, sd->elems + at[l] * D, lim, nseq);
			} else
#endif
			{
				int rv = ((size_t)b->start[l] + b->n[l]) * D + nch * CHUNK <= src->vend * (size_t)D;
				write_piece(D, v, e, s, l, sd->elems + at[l] * D, lim, rv, nch);
			}
			if (oa)
				write_attrs(D, src, b, e, s, l, oa + at[l] * src->k);
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
			e.ref = 0;
			poly_put(D, src, &b, &e, opts.eps, o);
			if (o->pass != SW_PASS_COUNT)
				store_class(o->status, o->cls, item0, cnt, 0, sw_mfalse(), sw_mfalse());
			continue;
		}
		poly_valid(D, &b, &info);
		plane_lanes(D, src, item0, cnt, &pl);
		poly_classify(D, &b, &pl, &info, opts, &c);
		c.valid = attrs_valid(src, &b, c.valid);
		const int write = o->pass != SW_PASS_COUNT;
		poly_pieces(D, &b, &c,
			    write && (!SEQ_USE(D, b.N) || (src->k && (o->side[0].attrs || o->side[1].attrs))), write,
			    &e);
		ref_counts(D, src, &b, opts.eps, &e);
		poly_put(D, src, &b, &e, opts.eps, o);
		if (o->pass != SW_PASS_COUNT)
			store_class(o->status, o->cls, item0, cnt, c.valid, c.any_f, c.any_b);
	}
}

static void poly2_split_kernel(const sw_job *j) { poly_split_kernel(j, 2); }
static void poly3_split_kernel(const sw_job *j) { poly_split_kernel(j, 3); }

/* ---- area and centroid (src/split_mass.c) ---- */

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
	float *cols[8];
	sw_split_mass_cols(o, D, cols);
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
