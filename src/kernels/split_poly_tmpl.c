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

typedef struct pemit {
	/* each lane's kept candidates (bit j: vertex j/2, or the split point of edge j/2), low and high words */
	_Alignas(64) uint32_t keep[2][2][SW_W];
	uint32_t cnt[2][SW_W]; /* each lane's piece sizes */
	unsigned fbits[VMAX];  /* lanes whose vertex k is FRONT (the split point's front end) */
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

/* emission of both sides in the reference's order; the kept points whose place falls past the closed
 * piece's size are dropped again, so the writer writes exactly the pieces. Each lane's kept candidates
 * are gathered as bits of two words per lane (disjoint bits: XOR is OR) */
SW_INLINE void poly_emit(int D, const pblock *b, const pclass *c, pemit *e)
{
	emit_w side[2];
	sw_fw pos[2][2 * VMAX];
	sw_mw kept[2][2 * VMAX];
	emit_init(&side[0]), emit_init(&side[1]);
	for (unsigned k = 0; k < b->N; k++) {
		sw_mw tf, tb, cut;
		vertex_masks(b, c, k, &tf, &tb, &cut);
		sw_fw x[3];
		sw_fw t = split_point_w(D, b->v[k], b->v[k + 1], c->s[k], c->s[k + 1], c->f[k], x);
		kept[0][2 * k] = emit_w_step(D, &side[0], tf, b->v[k], &pos[0][2 * k]);
		kept[1][2 * k] = emit_w_step(D, &side[1], tb, b->v[k], &pos[1][2 * k]);
		kept[0][2 * k + 1] = emit_w_step(D, &side[0], cut, x, &pos[0][2 * k + 1]);
		kept[1][2 * k + 1] = emit_w_step(D, &side[1], cut, x, &pos[1][2 * k + 1]);
		for (int d = 0; d < D; d++)
			sw_storeu(e->x[k][d], x[d]);
		sw_storeu(e->t[k], t);
		e->fbits[k] = sw_mbits(c->f[k]);
	}
	for (int s = 0; s < 2; s++) {
		sw_fw n = emit_close(D, &side[s]), word[2] = {sw_set1(0.0f), sw_set1(0.0f)};
		for (unsigned j = 0; j < 2 * b->N; j++)
			word[j >> 5] = sw_xor(word[j >> 5], sw_sel(sw_mand(kept[s][j], sw_lt(pos[s][j], n)), bit_w(j),
								   sw_set1(0.0f)));
		sw_storeu((float *)e->keep[s][0], word[0]);
		sw_storeu((float *)e->keep[s][1], word[1]);
		lanes_u32(sw_sel(c->ok, n, sw_set1(0.0f)), e->cnt[s], SW_W);
		for (unsigned l = 0; c->valid != (sw_mbits(c->ok) & ~b->bad & SW_ALL_LANES) && l < SW_W; l++)
			e->cnt[s][l] = c->valid >> l & 1 ? e->cnt[s][l] : 0; /* attributes refused a lane */
	}
}

/* len floats from src to dst in whole vectors: writes up to SW_W − 1 floats past dst + len (staging) */
SW_INLINE void copy_run(float *dst, const float *src, size_t len)
{
	for (size_t i = 0; i < len; i += SW_W)
		sw_storeu(dst + i, sw_loadu(src + i));
}

/* len floats from src to dst exactly: whole vectors, the last one overlapping, one by one below */
SW_INLINE void copy_floats(float *dst, const float *src, size_t len)
{
	if (len < SW_W) {
		for (size_t i = 0; i < len; i++)
			dst[i] = src[i];
		return;
	}
	size_t i = 0;
	for (; i + SW_W <= len; i += SW_W)
		sw_storeu(dst + i, sw_loadu(src + i));
	if (i < len)
		sw_storeu(dst + len - SW_W, sw_loadu(src + len - SW_W));
}

#define EVEN 0x5555555555555555ull

/* whether the vertex bits r (even bits) are one run */
static inline int one_run(uint64_t r)
{
	if (!r)
		return 1;
	uint64_t x = r >> __builtin_ctzll(r);
	unsigned c = (unsigned)__builtin_popcountll(x);
	return x == (c >= 32 ? EVEN : EVEN & ((1ull << (2 * c)) - 1));
}

/* lane l's piece of side s at `out` (D floats per vertex), in staging: writes may run past the piece.
 * A convex polygon's piece is at most three runs of input vertices between at most two split points
 * (kept bits: [run] X [run] X [run]), each copied in whole vectors; any other pattern (sides
 * alternating by rounding) goes point by point, a vertex from the input (stride 1), a split point
 * from the lanes (stride SW_W) */
SW_INLINE void write_piece(int D, const float *v, const pemit *e, int s, unsigned l, float *out)
{
	uint64_t m = e->keep[s][0][l] | (uint64_t)e->keep[s][1][l] << 32, mx = m & ~EVEN;
	uint64_t mx2 = mx & (mx - 1);
	unsigned j1 = mx ? (unsigned)__builtin_ctzll(mx) : 64, j2 = mx2 ? (unsigned)__builtin_ctzll(mx2) : 64;
	uint64_t lo1 = j1 >= 64 ? ~0ull : (1ull << j1) - 1, lo2 = j2 >= 64 ? ~0ull : (1ull << j2) - 1;
	uint64_t r0 = m & EVEN & lo1, r1 = m & EVEN & lo2 & ~lo1, r2 = m & EVEN & ~lo2;
	if (!(mx2 & (mx2 - 1)) && one_run(r0) && one_run(r1) && one_run(r2)) {
		const uint64_t run[3] = {r0, r1, r2};
		const unsigned x[2] = {j1 >> 1, j2 >> 1};
		for (int p = 0; p < 3; p++) {
			unsigned c = (unsigned)__builtin_popcountll(run[p]);
			copy_run(out, v + (run[p] ? __builtin_ctzll(run[p]) >> 1 : 0) * D, (size_t)c * D);
			out += c * D;
			if (p < 2 && (p ? mx2 : mx)) {
				for (int d = 0; d < D; d++)
					out[d] = e->x[x[p]][d][l];
				out += D;
			}
		}
		return;
	}
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
	uint64_t m = e->keep[s][0][l] | (uint64_t)e->keep[s][1][l] << 32;
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

/* room of a block's staging for one side: every lane's largest piece, and a vector of overrun */
#define STAGE (SW_W * SW_SPLIT_MAX_PIECE(VMAX) * 3 + 2 * SW_W)

/* the block's pieces by the pass: counts, or the pieces: the lanes' pieces one after the other in
 * staging, then the block's run to the output in one copy (in both writing passes a block's items
 * are consecutive, so their pieces are one run of the output) */
SW_INLINE void poly_put(int D, const sw_split_src *src, const pblock *b, const pemit *e, const sw_pieces_results *o)
{
	_Alignas(64) float stage[STAGE];
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
		size_t at = first[b->item0], put = 0;
		for (unsigned l = 0; l < b->cnt; l++) {
			uint32_t n = e->cnt[s][l];
			if (n)
				write_piece(D, src->verts + (size_t)b->start[l] * D, e, s, l, stage + put * D);
			if (n && src->k && sd->attrs)
				write_attrs(src, b, e, s, l, sd->attrs + (at + put) * src->k);
			put += n;
			if (o->pass == SW_PASS_SEQ)
				first[b->item0 + l + 1] = (uint32_t)(at + put);
		}
		copy_floats(sd->elems + at * D, stage, put * D);
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
