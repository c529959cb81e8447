/* src/kernels/poly2_dist_lanes.h — the polygon distance row (gjk2_poly2_distance), one pair per lane:
 * included by gjk2_tmpl.c after kernels/poly2_axes_lanes.h, whose block (axes_block: vertex rows loaded
 * whole and transposed, B in A's frame, the scale) it starts from. One loop runs the separating-axis pass
 * (the overlap row's projections, least and best axis, bit for bit) and the feature pass, whose cross
 * product is the axis pass's projection less its offset. Lanes whose best axis separates by more than the
 * band τ are apart: their distance is the least point–segment
 * distance over (B's vertices, A's edges) then (A's vertices, B's edges), repeating
 * src/ref/poly2_axes.c's feat_edges and witness operation for operation, so the same bits. A block costs
 * its largest vertex counts: maxA·maxB point–segment tests each way (a shorter polygon's row repeats v[0]
 * past its count: the repeated vertex ties with v[0] and never wins, and an edge from v[0] to v[0] has
 * den = 0, so its key is NaN and never wins either). Lanes whose best axis is below −τ overlap: their
 * answer is the least penetration along that axis (ref dist_pen: its edge's ends are kept by the pass).
 * The other lanes (near contact) are collected and answered afterwards by the GJK lanes (gjk_rows over
 * their list), as the reference answers them by GJK. Pairs of more than SW_POLY2_DIST_FEAT_MAX vertex pairs (n_A·n_B,
 * contract.h) are split off before the blocks (the row's ordering stage puts them last) and go to the GJK lanes with no
 * pass, as the reference sends them to GJK. The row keeps the ordering stage (polygons grouped by vertex counts, so
 * that a block's quadratic work follows its own polygons: measured faster on sse4 and avx2 and for polygons of up to 16
 * vertices, doc/benchmarks.md), so its blocks store lane by lane. */

/* the running least over edges (ref feat2): key, edge index, vertex index, side (0: A's edges, 1: B's) */
typedef struct feat_w {
	sw_fw key, i, j, side;
} feat_w;

/* the edges of p against the points q, the separating-axis pass (axes_edges_w: the same projections d,
 * least and best axis) and the feature pass (ref feat_edges) in one loop: c = d − off, t = q·e − a·e */
SW_INLINE void feat_edges_w(const axes_poly *p, const axes_poly *q, uint32_t np, uint32_t nq, int isb, axes_w *s,
			    feat_w *f)
{
	const sw_fw zero = sw_set1(0.0f), one = sw_set1(1.0f);
	for (uint32_t i = 0; i < np && i < SW_POLY2_MAX_VERTS; i++) {
		const gw a = p->v[i], b = p->v[i + 1 < np ? i + 1 : 0];
		sw_fw mx, my, off;
		axes_normal(a, b, &mx, &my, &off);
		const sw_fw ex = sw_sub(b.c[0], a.c[0]), ey = sw_sub(b.c[1], a.c[1]);
		const sw_fw toff = sw_add(sw_mul(ex, a.c[0]), sw_mul(ey, a.c[1]));
		const sw_fw den = sw_add(sw_mul(ex, ex), sw_mul(ey, ey));
		sw_fw lo = sw_set1(INFINITY), jl = zero, jv = zero, least = zero;
#pragma GCC unroll 8
		for (uint32_t j = 0; j < nq && j < SW_POLY2_MAX_VERTS; j++, jv = sw_add(jv, one)) {
			const sw_fw qx = q->v[j].c[0], qy = q->v[j].c[1];
			const sw_fw d = sw_add(sw_mul(mx, qx), sw_mul(my, qy));
			least = j ? sw_min(d, least) : d;
			const sw_fw c = sw_sub(d, off), t = sw_sub(sw_add(sw_mul(ex, qx), sw_mul(ey, qy)), toff);
			const sw_fw u = sw_sub(t, sw_min(sw_max(t, zero), den));
			const sw_fw num = sw_add(sw_mul(c, c), sw_mul(u, u));
			const sw_mw m = sw_lt(num, lo);
			lo = sw_sel(m, num, lo), jl = sw_sel(m, jv, jl);
		}
		axes_keep_edge(s, axes_take(mx, my, off, least, isb, s), a, b);
		const sw_fw key = sw_div(lo, den);
		const sw_mw up = sw_lt(key, f->key);
		f->key = sw_sel(up, key, f->key), f->i = sw_sel(up, sw_set1((float)i), f->i);
		f->j = sw_sel(up, jl, f->j), f->side = sw_sel(up, sw_set1((float)isb), f->side);
	}
}

/* vertex v of p into the winner's rows: edge (v, v + 1) as (e0, e1) in the lanes of me, v as q in those of mq */
SW_INLINE void feat_pick(const axes_poly *p, uint32_t v, sw_mw me, sw_mw mq, gw *e0, gw *e1, gw *q)
{
	const gw nx = p->v[v + 1 < p->n ? v + 1 : 0];
	for (int c = 0; c < 2; c++) {
		e0->c[c] = sw_sel(me, p->v[v].c[c], e0->c[c]);
		e1->c[c] = sw_sel(me, nx.c[c], e1->c[c]);
		q->c[c] = sw_sel(mq, p->v[v].c[c], q->c[c]);
	}
}

/* the answers of a block's lanes (apart lanes right, overlapping lanes SW_STARTS_OVERLAPPED, the others
 * overwritten later by GJK), lane by lane: the row always runs in its ordering stage's order */
SW_INLINE void dist_store(const sw_job *j, const sw_fw *rows, const axes_blk *k)
{
	const sw_distance_results *out = j->out;
	float *dst[7] = {out->distance, out->nx, out->ny, out->ax, out->ay, out->bx, out->by};
	store_rows(dst, rows, 7, k->pk, k->lanes, k->invalid);
	store_status(out->status, out->feature, k->pk, k->lanes, k->invalid, k->hit, SW_STARTS_OVERLAPPED, sw_mfalse(),
		     SW_MISS, sw_mfalse(), SW_MISS, SW_MISS);
}

/* the rows of the lanes overlapping by more than τ (ref dist_pen): distance the best separation (−depth),
 * its axis' unit normal A → B, the witnesses of axes_pen_w, in world space */
SW_INLINE void dist_pen_w(const axes_blk *k, sw_fw *rows)
{
	const axes_w *s = &k->s;
	gw wa, wb;
	/* the edge's own outward normal: B's is the axis negated back (exact) */
	const sw_fw mx = sw_sel(s->fromb, sw_neg(s->mx), s->mx), my = sw_sel(s->fromb, sw_neg(s->my), s->my);
	axes_pen_w(&k->f, s, mx, my, &wa, &wb);
	const sw_fw len = sw_sqrt(s->len2), inv = sw_div(sw_set1(1.0f), k->f.sig);
	const frame_w ra = {k->f.ca, k->f.sa};
	const gw un = {{sw_div(s->mx, len), sw_div(s->my, len)}}, shift = {{k->f.pA.c[0], k->f.pA.c[1]}};
	const gw n = rot_world(&ra, un);
	for (int c = 0; c < 2; c++)
		wa.c[c] = sw_mul(wa.c[c], inv), wb.c[c] = sw_mul(wb.c[c], inv);
	const gw va = to_world(&ra, wa, shift), vb = to_world(&ra, wb, shift);
	const sw_fw pen[7] = {sw_mul(sw_div(s->num, len), inv), n.c[0], n.c[1], va.c[0], va.c[1], vb.c[0], vb.c[1]};
	for (int r = 0; r < 7; r++)
		rows[r] = sw_sel(k->hit, pen[r], rows[r]);
}

/* the GJK lanes over the listed pairs (indices relative to the job's off) */
SW_INLINE void dist_gjk(const sw_job *j, const uint32_t *list, size_t n)
{
	sw_job sub = *j;
	sub.order = list, sub.n = n;
	gjk_rows(&sub, SW_SRC_POLY2, SW_SRC_POLY2, Q_DISTANCE);
}

enum { DIST_LIST = 32 * SW_W, DIST_RUN = 1024 };

/* the blocks of the job's pairs through both passes; the lanes not apart listed for the GJK lanes */
static void dist_blocks(const sw_job *j)
{
	uint32_t list[DIST_LIST];
	size_t nl = 0;
	for (size_t b0 = 0; b0 < j->n; b0 += SW_W) {
		axes_blk k;
		axes_setup(j, b0, &k);
		const sw_fw zero = sw_set1(0.0f);
		const axes_poly *pa = &k.f.pa, *pb = &k.f.pb;
		feat_w f = {sw_set1(INFINITY), zero, zero, zero};
		if (pa->n == 8 && pb->n == 8) { /* the scene's usual block: counts known, loops unrolled */
			feat_edges_w(pa, pb, 8, 8, 0, &k.s, &f);
			feat_edges_w(pb, pa, 8, 8, 1, &k.s, &f);
		} else {
			feat_edges_w(pa, pb, pa->n, pb->n, 0, &k.s, &f);
			feat_edges_w(pb, pa, pb->n, pa->n, 1, &k.s, &f);
		}
		axes_decide(&k);
		const unsigned apart = k.lanes & ~k.invalid & sw_mbits(k.miss);
		sw_fw rows[7] = {zero, zero, zero, zero, zero, zero, zero};
		if (apart) {
			/* the winner's edge (e0, e1) and vertex q, selected from the lanes' rows */
			const sw_mw isb = sw_eq(f.side, sw_set1(1.0f));
			gw e0 = gw_zero(), e1 = gw_zero(), q = gw_zero();
			const uint32_t nmax = pa->n > pb->n ? pa->n : pb->n;
			for (uint32_t v = 0; v < nmax && v < SW_POLY2_MAX_VERTS; v++) {
				const sw_fw kv = sw_set1((float)v);
				const sw_mw mi = sw_eq(f.i, kv), mj = sw_eq(f.j, kv);
				if (v < pa->n)
					feat_pick(pa, v, sw_mandnot(isb, mi), sw_mand(isb, mj), &e0, &e1, &q);
				if (v < pb->n)
					feat_pick(pb, v, sw_mand(isb, mi), sw_mandnot(isb, mj), &e0, &e1, &q);
			}
			/* the closest point on the winner's segment: e0 + (clamped t / den)·e (ref witness) */
			const sw_fw ex = sw_sub(e1.c[0], e0.c[0]), ey = sw_sub(e1.c[1], e0.c[1]);
			const sw_fw den = sw_add(sw_mul(ex, ex), sw_mul(ey, ey));
			const sw_fw t =
				sw_add(sw_mul(sw_sub(q.c[0], e0.c[0]), ex), sw_mul(sw_sub(q.c[1], e0.c[1]), ey));
			const sw_fw r = sw_div(sw_min(sw_max(t, zero), den), den);
			const gw on = {{sw_add(e0.c[0], sw_mul(r, ex)), sw_add(e0.c[1], sw_mul(r, ey))}};
			gw wa, wb;
			for (int c = 0; c < 2; c++)
				wa.c[c] = sw_sel(isb, q.c[c], on.c[c]), wb.c[c] = sw_sel(isb, on.c[c], q.c[c]);
			const sw_fw nx = sw_sub(wb.c[0], wa.c[0]), ny = sw_sub(wb.c[1], wa.c[1]);
			const sw_fw d = sw_sqrt(sw_add(sw_mul(nx, nx), sw_mul(ny, ny)));
			const sw_fw inv = sw_div(sw_set1(1.0f), k.f.sig);
			const frame_w ra = {k.f.ca, k.f.sa};
			const gw un = {{sw_div(nx, d), sw_div(ny, d)}}, shift = {{k.f.pA.c[0], k.f.pA.c[1]}};
			const gw n = rot_world(&ra, un);
			for (int c = 0; c < 2; c++)
				wa.c[c] = sw_mul(wa.c[c], inv), wb.c[c] = sw_mul(wb.c[c], inv);
			const gw va = to_world(&ra, wa, shift), vb = to_world(&ra, wb, shift);
			rows[0] = sw_div(d, k.f.sig), rows[1] = n.c[0], rows[2] = n.c[1];
			rows[3] = va.c[0], rows[4] = va.c[1], rows[5] = vb.c[0], rows[6] = vb.c[1];
		}
		/* overlapping by more than τ: the least penetration */
		const unsigned deep = k.lanes & ~k.invalid & sw_mbits(k.hit);
		if (deep)
			dist_pen_w(&k, rows);
		dist_store(j, rows, &k);
		/* near contact: GJK, in lanes, once enough of them are listed */
		const unsigned rest = k.lanes & ~k.invalid & ~apart & ~deep;
		for (unsigned b = rest; b; b &= b - 1)
			list[nl++] = k.pk[(unsigned)__builtin_ctz(b)] - (uint32_t)j->off;
		if (nl > DIST_LIST - SW_W)
			dist_gjk(j, list, nl), nl = 0;
	}
	if (nl)
		dist_gjk(j, list, nl);
}

/* whether pair k (relative to the job's off) goes to GJK with no pass (sw_poly2_dist_large) */
SW_INLINE int dist_large(const sw_job *j, size_t k) { return sw_poly2_dist_large(j->a, j->b, j->pairs[j->off + k]); }

/* the pairs split by their vertex counts: the large ones straight to the GJK lanes (no pass run for
 * them), the others through the blocks. The row's ordering stage (sw_poly2_dist_by_size) puts the large
 * ones last, so bisection finds where they start; a call without an order (the pipeline always gives
 * one) makes it here, in runs of DIST_RUN pairs as the pipeline does. */
static void gjk2_poly2_distance_kernel(const sw_job *j)
{
	if (!j->order) {
		uint32_t ord[DIST_RUN];
		for (size_t g = 0; g < j->n; g += DIST_RUN) {
			sw_job run = *j;
			run.off = j->off + g, run.n = j->n - g < DIST_RUN ? j->n - g : DIST_RUN;
			sw_poly2_dist_by_size(&run, ord);
			run.order = ord;
			gjk2_poly2_distance_kernel(&run);
		}
		return;
	}
	size_t lo = 0, hi = j->n;
	while (lo < hi) {
		const size_t mid = lo + (hi - lo) / 2;
		if (dist_large(j, j->order[mid]))
			hi = mid;
		else
			lo = mid + 1;
	}
	sw_job sub = *j;
	sub.n = lo;
	if (lo)
		dist_blocks(&sub);
	if (lo < j->n)
		dist_gjk(j, j->order + lo, j->n - lo);
}
SW_EXPORT(gjk2_poly2_distance)
