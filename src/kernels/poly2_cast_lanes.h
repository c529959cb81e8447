/* src/kernels/poly2_cast_lanes.h — the polygon shape cast row (gjk2_poly2_cast) by moving separating
 * axes, one pair per lane: included by gjk2_tmpl.c after kernels/poly2_axes_lanes.h (the block's pairs,
 * their frame and vertex rows) and kernels/gjk_drive.h (store_cast, gjk_rows). Each block repeats
 * src/ref/poly2_cast.c operation for operation (each edge's separation and motion, the three versions
 * of the latest entry and earliest exit, the hit's answer, the least penetration of a pair overlapping at
 * t = 0), so the same bits. The pairs the axes leave to GJK (the band, an invalid pose or motion) are listed and run
 * afterwards through the GJK lanes (gjk_rows over the list), which give the reference's GJK answers; with opts->target
 * > 0 the whole job runs there. The row has no ordering stage, as the overlap row: a block of consecutive pairs all
 * decided by the axes stores each column with one vector store. */

/* the lanes' cast_span */
typedef struct span_w {
	sw_fw in_num, in_den, out_num, out_den;
	sw_mw never;
} span_w;

/* one axis' separation num + u·t (span_visit); neg, pos, still: u < 0, u > 0, u = 0; d = −u */
SW_INLINE void span_visit_w(span_w *s, sw_fw num, sw_fw u, sw_fw d, sw_mw neg, sw_mw pos, sw_mw still)
{
	const sw_mw in = sw_mand(neg, sw_gt(sw_mul(num, s->in_den), sw_mul(s->in_num, d)));
	s->in_num = sw_sel(in, num, s->in_num), s->in_den = sw_sel(in, d, s->in_den);
	const sw_fw xn = sw_neg(num);
	const sw_mw out = sw_mand(pos, sw_lt(sw_mul(xn, s->out_den), sw_mul(s->out_num, u)));
	s->out_num = sw_sel(out, xn, s->out_num), s->out_den = sw_sel(out, u, s->out_den);
	s->never = sw_mor(s->never, sw_mand(still, sw_gt(num, sw_set1(0.0f))));
}

/* span_meets */
SW_INLINE sw_mw span_meets_w(const span_w *s)
{
	return sw_mandnot(s->never, sw_le(sw_mul(s->in_num, s->out_den), sw_mul(s->out_num, s->in_den)));
}

/* the lanes' cast_axes; an edge is kept by its id (A's edge i: i, B's: SW_POLY2_MAX_VERTS + i; −1 none) and
 * its ends are picked again afterwards (cast_edge_of), which keeps fewer vectors live in the edge loop */
typedef struct cast_w {
	span_w grow, shrink;
	sw_fw in_num, in_den, in_id;
	sw_mw apart;
	/* the largest separation at t = 0 (ref bnum, blen2; sq = num·|num|) and its edge */
	sw_fw bnum, bsq, blen2, bid;
} cast_w;

/* the edges of p against the points q (cast_edges); isb: p is B */
SW_INLINE void cast_edges_w(const axes_poly *p, const axes_poly *q, uint32_t np, uint32_t nq, int isb, gw r, sw_fw tau,
			    cast_w *s)
{
	const sw_fw zero = sw_set1(0.0f);
	for (uint32_t i = 0; i < np && i < SW_POLY2_MAX_VERTS; i++) {
		const gw a = p->v[i], b = p->v[i + 1 < np ? i + 1 : 0];
		const sw_fw id = sw_set1((float)(isb ? SW_POLY2_MAX_VERTS + i : i));
		sw_fw mx = sw_sub(b.c[1], a.c[1]), my = sw_neg(sw_sub(b.c[0], a.c[0]));
		sw_fw off = sw_add(sw_mul(mx, a.c[0]), sw_mul(my, a.c[1])), lo = axes_lo_w(q, nq, mx, my);
		sw_fw len2 = sw_add(sw_mul(mx, mx), sw_mul(my, my)), num = sw_sub(lo, off);
		sw_fw dot = sw_add(sw_mul(mx, r.c[0]), sw_mul(my, r.c[1])), u = isb ? sw_neg(dot) : dot;
		const sw_mw edge = sw_gt(len2, zero);
		num = sw_sel(edge, num, zero), u = sw_sel(edge, u, zero);
		/* the best axis at t = 0 (axes_take's compare) */
		const sw_fw sq = sw_mul(num, sw_abs(num));
		const sw_mw up = sw_mand(sw_gt(sw_mul(sq, s->blen2), sw_mul(s->bsq, len2)), edge);
		s->bnum = sw_sel(up, num, s->bnum), s->bsq = sw_sel(up, sq, s->bsq);
		s->blen2 = sw_sel(up, len2, s->blen2), s->bid = sw_sel(up, id, s->bid);
		const sw_fw w = sw_mul(tau, sw_sqrt(len2)), d = sw_neg(u);
		const sw_mw neg = sw_lt(u, zero), pos = sw_gt(u, zero), still = sw_eq(u, zero);
		const sw_fw grown = sw_sub(num, w);
		span_visit_w(&s->grow, grown, u, d, neg, pos, still);
		span_visit_w(&s->shrink, sw_add(num, w), u, d, neg, pos, still);
		s->apart = sw_mor(s->apart, sw_gt(grown, zero));
		const sw_mw in = sw_mand(neg, sw_gt(sw_mul(num, s->in_den), sw_mul(s->in_num, d)));
		s->in_num = sw_sel(in, num, s->in_num), s->in_den = sw_sel(in, d, s->in_den);
		s->in_id = sw_sel(in, id, s->in_id);
	}
}

/* the ends (a, b) of the lanes' edges id, as the edge loop formed them (zero for −1), and whether each is B's */
SW_INLINE sw_mw cast_edge_of(const axes_pair_w *pr, sw_fw id, gw *e0, gw *e1)
{
	*e0 = gw_zero(), *e1 = gw_zero();
	for (int side = 0; side < 2; side++) {
		const axes_poly *p = side ? &pr->pb : &pr->pa;
		for (uint32_t i = 0; i < p->n && i < SW_POLY2_MAX_VERTS; i++) {
			const sw_mw m = sw_eq(id, sw_set1((float)(side ? SW_POLY2_MAX_VERTS + i : i)));
			*e0 = gw_sel(m, p->v[i], *e0), *e1 = gw_sel(m, p->v[i + 1 < p->n ? i + 1 : 0], *e1);
		}
	}
	return sw_ge(id, sw_set1((float)SW_POLY2_MAX_VERTS));
}

/* a hit's rows (cast_hit): t, depth, point x, y, normal x, y, slide x, y */
SW_INLINE void cast_hit_w(const axes_pair_w *pr, const cast_w *s, sw_fw *rows)
{
	const sw_fw t = sw_div(s->in_num, s->in_den), rx = sw_mul(pr->r.c[0], t), ry = sw_mul(pr->r.c[1], t);
	gw p, e0, e1;
	const sw_mw fromb = cast_edge_of(pr, s->in_id, &e0, &e1);
	const sw_fw mx = sw_sub(e1.c[1], e0.c[1]), my = sw_neg(sw_sub(e1.c[0], e0.c[0]));
	const gw va = least_vertex_w(&pr->pa, mx, my), vb = least_vertex_w(&pr->pb, mx, my);
	const gw vbt = {{sw_add(vb.c[0], rx), sw_add(vb.c[1], ry)}};
	const gw e0t = {{sw_add(e0.c[0], rx), sw_add(e0.c[1], ry)}}, e1t = {{sw_add(e1.c[0], rx), sw_add(e1.c[1], ry)}};
	p = gw_sel(fromb, va, vbt);
	e0 = gw_sel(fromb, e0t, e0), e1 = gw_sel(fromb, e1t, e1);
	const sw_fw ex = sw_sub(e1.c[0], e0.c[0]), ey = sw_sub(e1.c[1], e0.c[1]);
	const sw_fw along = sw_add(sw_mul(sw_sub(p.c[0], e0.c[0]), ex), sw_mul(sw_sub(p.c[1], e0.c[1]), ey));
	const sw_fw ee = sw_add(sw_mul(ex, ex), sw_mul(ey, ey));
	p = gw_sel(sw_lt(along, sw_set1(0.0f)), e0, gw_sel(sw_gt(along, ee), e1, p));
	const sw_fw wx = sw_div(p.c[0], pr->sig), wy = sw_div(p.c[1], pr->sig);
	const sw_fw len = sw_sqrt(sw_add(sw_mul(mx, mx), sw_mul(my, my)));
	const sw_fw ux = sw_div(sw_sel(fromb, sw_neg(mx), mx), len);
	const sw_fw uy = sw_div(sw_sel(fromb, sw_neg(my), my), len);
	const sw_fw ca = pr->ca, sa = pr->sa, zero = sw_set1(0.0f);
	rows[0] = t, rows[1] = zero;
	rows[2] = sw_add(sw_sub(sw_mul(ca, wx), sw_mul(sa, wy)), sw_add(pr->pA.c[0], sw_mul(pr->da.c[0], t)));
	rows[3] = sw_add(sw_add(sw_mul(sa, wx), sw_mul(ca, wy)), sw_add(pr->pA.c[1], sw_mul(pr->da.c[1], t)));
	rows[4] = sw_sub(sw_mul(ca, ux), sw_mul(sa, uy)), rows[5] = sw_add(sw_mul(sa, ux), sw_mul(ca, uy));
	rows[6] = zero, rows[7] = zero;
}

/* the lanes overlapping at t = 0 by more than τ (ref cast_pen: the best separation at t = 0 below −τ) */

SW_INLINE sw_mw cast_deep_w(const cast_w *s, sw_fw tau)
{
	const sw_fw far = sw_mul(s->bnum, s->bnum), band = sw_mul(sw_mul(tau, tau), s->blen2);
	return sw_mand(sw_mand(sw_lt(s->bnum, sw_set1(0.0f)), sw_ge(far, band)),
		       sw_mnot(sw_eq(s->bnum, sw_set1(-INFINITY))));
}

/* their rows (ref cast_pen) in the lanes of start: t 0, depth minus the best separation, point the witness
 * on A's side, normal the axis' unit normal A → B */
SW_INLINE void cast_pen_w(const axes_pair_w *pr, const cast_w *s, sw_mw start, sw_fw *rows)
{
	const sw_fw zero = sw_set1(0.0f);
	axes_w b;
	b.num = s->bnum, b.sq = zero, b.len2 = s->blen2;
	b.fromb = cast_edge_of(pr, s->bid, &b.e0, &b.e1);
	/* the edge's own outward normal, formed as the edge loop formed it */
	b.mx = sw_sub(b.e1.c[1], b.e0.c[1]), b.my = sw_neg(sw_sub(b.e1.c[0], b.e0.c[0]));
	gw wa, wb;
	axes_pen_w(pr, &b, b.mx, b.my, &wa, &wb);
	const sw_fw len = sw_sqrt(b.len2), inv = sw_div(sw_set1(1.0f), pr->sig);
	const sw_fw ux = sw_div(sw_sel(b.fromb, sw_neg(b.mx), b.mx), len);
	const sw_fw uy = sw_div(sw_sel(b.fromb, sw_neg(b.my), b.my), len);
	const sw_fw wx = sw_mul(wa.c[0], inv), wy = sw_mul(wa.c[1], inv), ca = pr->ca, sa = pr->sa;
	const sw_fw pen[8] = {zero,
			      sw_neg(sw_mul(sw_div(b.num, len), inv)),
			      sw_add(sw_sub(sw_mul(ca, wx), sw_mul(sa, wy)), pr->pA.c[0]),
			      sw_add(sw_add(sw_mul(sa, wx), sw_mul(ca, wy)), pr->pA.c[1]),
			      sw_sub(sw_mul(ca, ux), sw_mul(sa, uy)),
			      sw_add(sw_mul(sa, ux), sw_mul(ca, uy)),
			      zero,
			      zero};
	for (int r = 0; r < 8; r++)
		rows[r] = sw_sel(start, pen[r], rows[r]);
}

/* the decided lanes' answers (a miss: t 1, the rest 0; start: SW_STARTS_OVERLAPPED, rows as given): a whole
 * block of consecutive pairs by one store per column (its lanes left to GJK are written again by GJK
 * afterwards), else lane by lane */
SW_INLINE void cast_store(const sw_job *j, sw_fw *rows, sw_mw miss, sw_mw start, const uint32_t *pk, unsigned lanes,
			  unsigned decided)
{
	const sw_cast_results *out = j->out;
	const sw_fw zero = sw_set1(0.0f);
	rows[0] = sw_sel(miss, sw_set1(1.0f), rows[0]);
	for (int k = 1; k < 8; k++)
		rows[k] = sw_sel(miss, zero, rows[k]);
	float *const dst[8] = {out->t, out->depth, out->px, out->py, out->nx, out->ny, out->sx, out->sy};
	if (j->order || lanes != SW_ALL_LANES) {
		store_rows(dst, rows, 8, pk, decided, 0);
		store_status(out->status, out->feature, pk, decided, 0, miss, SW_MISS, start, SW_STARTS_OVERLAPPED,
			     sw_mfalse(), SW_HIT, SW_HIT);
		return;
	}
	const uint32_t at = pk[0];
	for (int k = 0; k < 8; k++)
		if (dst[k])
			sw_storeu(dst[k] + at, rows[k]);
	sw_fw st = sw_sel(start, sw_set1((float)SW_STARTS_OVERLAPPED), sw_set1((float)SW_HIT));
	sw_store_bytes(out->status + at, sw_sel(miss, sw_set1((float)SW_MISS), st));
	if (out->feature)
		sw_store_codes(out->feature + at, zero, sw_mfrom_bits(SW_ALL_LANES));
}

/* the listed pairs (relative to j->off) through the GJK lanes (not inlined: one call per list, and a
 * profile tells its time from the axes') */
static __attribute__((noinline)) void cast_gjk(const sw_job *j, const uint32_t *list, size_t n)
{
	sw_job g = *j;
	g.order = list, g.n = n;
	if (n)
		gjk_rows(&g, SW_SRC_POLY2, SW_SRC_POLY2, Q_CAST);
}

static void gjk2_poly2_cast_kernel(const sw_job *j)
{
	const sw_gjk_opts *opts = j->opts;
	if (opts && opts->target > 0.0f) { /* a target separation: GJK (rounded contact) */
		gjk_rows(j, SW_SRC_POLY2, SW_SRC_POLY2, Q_CAST);
		return;
	}
	const sw_poly2_set *sa = j->a, *sb = j->b;
	enum { LIST = 256 };
	uint32_t list[LIST];
	size_t nl = 0;
	for (size_t b0 = 0; b0 < j->n; b0 += SW_W) {
		unsigned cnt = j->n - b0 < SW_W ? (unsigned)(j->n - b0) : SW_W;
		_Alignas(64) int32_t ix[2][SW_W], sh[2][SW_W], vb[2][SW_W];
		_Alignas(64) float pext[SW_W];
		uint32_t pk[SW_W], maxn[2];
		int run[2];
		unsigned ok = axes_fill(j, b0, cnt, ix, sh, vb, pk, maxn, pext, run);
		axes_pair_w pr;
		axes_frame_w(sa, sb, ix, vb, maxn, pext, run, 1, &pr);
		const unsigned lanes = (1u << cnt) - 1u, valid = lanes & ok & sw_mbits(pr.valid);
		const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f);
		const sw_fw tau = sw_mul(sw_set1(SW_POLY2_AXES_EPS), sw_mul(pr.ext, pr.sig));
		const span_w none = {zero, one, one, one, sw_mfalse()};
		const sw_fw none_id = sw_set1(-1.0f), ninf = sw_set1(-INFINITY);
		cast_w s = {none, none, zero, one, none_id, sw_mfalse(), ninf, ninf, one, none_id};
		const axes_poly *pa = &pr.pa, *pb = &pr.pb;
		if (pa->n == 8 && pb->n == 8) { /* the scene's usual block: counts known, loops unrolled */
			cast_edges_w(pa, pb, 8, 8, 0, pr.r, tau, &s);
			cast_edges_w(pb, pa, 8, 8, 1, pr.r, tau, &s);
		} else {
			cast_edges_w(pa, pb, pa->n, pb->n, 0, pr.r, tau, &s);
			cast_edges_w(pb, pa, pb->n, pa->n, 1, pr.r, tau, &s);
		}
		const sw_mw hit = sw_mand(s.apart, span_meets_w(&s.shrink));
		const sw_mw miss = sw_mandnot(hit, sw_mnot(span_meets_w(&s.grow)));
		const sw_mw start = cast_deep_w(&s, tau);
		const unsigned decided = valid & sw_mbits(sw_mor(sw_mor(hit, miss), start));
		if (decided) {
			sw_fw rows[8] = {zero, zero, zero, zero, zero, zero, zero, zero};
			/* the hit's rows only where a lane hits (a block of misses and overlapping pairs needs none) */
			if (valid & sw_mbits(hit))
				cast_hit_w(&pr, &s, rows);
			if (valid & sw_mbits(start))
				cast_pen_w(&pr, &s, start, rows);
			cast_store(j, rows, miss, start, pk, lanes, decided);
		}
		/* the rest through GJK */
		for (unsigned b = lanes & ~decided; b; b &= b - 1)
			list[nl++] = pk[(unsigned)__builtin_ctz(b)] - (uint32_t)j->off;
		if (nl > LIST - SW_W)
			cast_gjk(j, list, nl), nl = 0;
	}
	cast_gjk(j, list, nl);
}
SW_EXPORT(gjk2_poly2_cast)
