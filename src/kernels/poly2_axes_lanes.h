/* src/kernels/poly2_axes_lanes.h — the polygon overlap row (gjk2_poly2_overlap) by separating axes, one
 * pair per lane: included by gjk2_tmpl.c after kernels/gjk_drive.h (store_rows, store_status). Each
 * block of SW_W pairs reads its placements and each side's extent (the set's ext column) by gathers and
 * its polygons' interleaved vertex rows (the set's xy column) whole, transposed so that vertex k of every
 * lane's polygon is one vector, brings B's vertices into A's frame once, and repeats
 * src/ref/poly2_axes.c operation for operation (the frame, the extent and its power of two, each edge's
 * least projection, the largest separation), so the same bits. A block costs its largest vertex counts:
 * maxA·maxB projections for A's edges and as many for B's. A shorter polygon's row holds v[0] past its
 * count (src/poly2_set.c), so its extra edges run from v[0] to v[0]: their normal is exactly zero, so is
 * their length, and an edge of zero length is never taken as an axis (ref/poly2_axes.c skips it too);
 * the repeated vertex changes no least projection. Lanes whose largest separation lies within the
 * band ±τ are answered afterwards one by one by the reference (GJK near contact). The row has no ordering
 * stage: a whole block of consecutive pairs stores each column, the statuses and the features with one
 * vector store each, which measured faster than grouping pairs by vertex counts and storing lane by lane. */

/* the lanes' polygon: vertex rows gathered for counts up to maxn (past a lane's count: its v[0]) */
typedef struct axes_poly {
	gw v[SW_POLY2_MAX_VERTS];
	uint32_t n;
} axes_poly;

/* vertices [0, n) of the lanes' polygons from the interleaved rows xy (2·SW_POLY2_MAX_VERTS floats per
 * shape, bases xb; src/sets.h): per 8 vertices, SW_W floats loaded whole per lane and transposed (on
 * 16 lanes one load and one transpose give both coordinates of 8 vertices), instead of one gather per
 * vertex and coordinate (vertices up to the next multiple of min(SW_W, 8) are filled) */
SW_INLINE void axes_rows(const float *xy, const int32_t *xb, uint32_t n, axes_poly *p)
{
	for (uint32_t k0 = 0; k0 < n && k0 < SW_POLY2_MAX_VERTS; k0 += 8) {
#if SW_W == 16
		sw_fw r[SW_W];
		for (unsigned l = 0; l < SW_W; l++)
			r[l] = sw_loadu(xy + xb[l] + 2 * k0);
		sw_transpose(r);
		for (uint32_t k = 0; k < 8; k++)
			p->v[k0 + k].c[0] = r[k], p->v[k0 + k].c[1] = r[8 + k];
#else
		for (uint32_t k1 = k0; k1 < k0 + 8 && k1 < n; k1 += SW_W)
			for (int c = 0; c < 2; c++) {
				sw_fw r[SW_W];
				for (unsigned l = 0; l < SW_W; l++)
					r[l] = sw_loadu(xy + xb[l] + k0 + 8 * c + k1);
				sw_transpose(r);
				for (uint32_t k = 0; k < SW_W; k++)
					p->v[k1 + k].c[c] = r[k];
			}
#endif
	}
}

/* the running best axis of the lanes (ref/poly2_axes.c axes2): sq = num·|num| kept rather than formed
 * again per edge; the normal as its edge gave it, fromb the lanes whose axis is B's (negated at the end:
 * the reference's product by −1, exactly) */
typedef struct axes_w {
	sw_fw num, sq, len2, mx, my;
	sw_mw fromb;
	gw e0, e1; /* the edge's ends: kept only by the rows that answer overlapping pairs (axes_keep_edge) */
} axes_w;

/* the least projection of the lanes' points q (nq of them) on (mx, my) (sw_poly2_axes_lo) */
SW_INLINE sw_fw axes_lo_w(const axes_poly *q, uint32_t nq, sw_fw mx, sw_fw my)
{
	sw_fw lo = sw_add(sw_mul(mx, q->v[0].c[0]), sw_mul(my, q->v[0].c[1]));
#pragma GCC unroll 8
	for (uint32_t j = 1; j < nq && j < SW_POLY2_MAX_VERTS; j++)
		lo = sw_min(sw_add(sw_mul(mx, q->v[j].c[0]), sw_mul(my, q->v[j].c[1])), lo);
	return lo;
}

/* sw_poly2_axes_least lane-wise over the lanes' points q (counts up to q->n; past a lane's count its v[0],
 * which never beats v[0]) */
SW_INLINE gw least_vertex_w(const axes_poly *q, sw_fw mx, sw_fw my)
{
	gw v = q->v[0];
	sw_fw lo = sw_add(sw_mul(mx, q->v[0].c[0]), sw_mul(my, q->v[0].c[1]));
	for (uint32_t j = 1; j < q->n && j < SW_POLY2_MAX_VERTS; j++) {
		sw_fw d = sw_add(sw_mul(mx, q->v[j].c[0]), sw_mul(my, q->v[j].c[1]));
		sw_mw lt = sw_lt(d, lo);
		lo = sw_sel(lt, d, lo), v = gw_sel(lt, q->v[j], v);
	}
	return v;
}

/* edge (a, b)'s outward normal (not unit) and offset (ref axes_edges) */
SW_INLINE void axes_normal(gw a, gw b, sw_fw *mx, sw_fw *my, sw_fw *off)
{
	*mx = sw_sub(b.c[1], a.c[1]), *my = sw_neg(sw_sub(b.c[0], a.c[0]));
	*off = sw_add(sw_mul(*mx, a.c[0]), sw_mul(*my, a.c[1]));
}

/* an edge's least projection lo of the other side's points into the running best axis; isb: the edge is B's;
 * returns the lanes it became the best of */
SW_INLINE sw_mw axes_take(sw_fw mx, sw_fw my, sw_fw off, sw_fw lo, int isb, axes_w *s)
{
	sw_fw len2 = sw_add(sw_mul(mx, mx), sw_mul(my, my)), num = sw_sub(lo, off);
	sw_fw sq = sw_mul(num, sw_abs(num));
	sw_mw up = sw_mand(sw_gt(sw_mul(sq, s->len2), sw_mul(s->sq, len2)), sw_gt(len2, sw_set1(0.0f)));
	s->num = sw_sel(up, num, s->num), s->sq = sw_sel(up, sq, s->sq), s->len2 = sw_sel(up, len2, s->len2);
	s->mx = sw_sel(up, mx, s->mx), s->my = sw_sel(up, my, s->my);
	if (isb)
		s->fromb = sw_mor(s->fromb, up);
	return up;
}

/* the edge (a, b) into the best axis' ends in the lanes of up */
SW_INLINE void axes_keep_edge(axes_w *s, sw_mw up, gw a, gw b)
{
	s->e0 = gw_sel(up, a, s->e0), s->e1 = gw_sel(up, b, s->e1);
}

/* the edges of p against the points q (axes_edges); isb: p is B */
SW_INLINE void axes_edges_w(const axes_poly *p, const axes_poly *q, uint32_t np, uint32_t nq, int isb, axes_w *s)
{
	for (uint32_t i = 0; i < np && i < SW_POLY2_MAX_VERTS; i++) {
		sw_fw mx, my, off;
		axes_normal(p->v[i], p->v[i + 1 < np ? i + 1 : 0], &mx, &my, &off);
		axes_take(mx, my, off, axes_lo_w(q, nq, mx, my), isb, s);
	}
}

/* one side's pair into a lane: instance index, shape and interleaved row base; 0 when out of range or
 * unusable */
SW_INLINE int axes_item(const sw_poly2_set *s, uint32_t i, int32_t *ix, int32_t *sh_, int32_t *xb, uint32_t *n)
{
	uint32_t sh = i < s->inst.count ? s->shape[i] : UINT32_MAX;
	if (sh >= s->shapes.count || !s->ok[sh] || s->n[sh] < 2 || s->n[sh] > SW_POLY2_MAX_VERTS)
		return 0;
	*ix = (int32_t)i, *sh_ = (int32_t)sh, *xb = (int32_t)(2 * SW_POLY2_MAX_VERTS * sh), *n = s->n[sh];
	return 1;
}

/* a block's pairs into lanes: instance indices, vertex row bases, the largest counts, the larger of
 * the two sides' extents (the set's ext column; 0 in a lane not valid), and in *run for each side
 * whether its instance indices are consecutive (ix[l] = ix[0] + l in every lane); returns the valid
 * lanes (as the reference row's poly2_item) */
SW_INLINE unsigned axes_fill(const sw_job *j, size_t b0, unsigned cnt, int32_t (*ix)[SW_W], int32_t (*sh)[SW_W],
			     int32_t (*vb)[SW_W], uint32_t *pk, uint32_t *maxn, float *ext, int *run)
{
	const sw_poly2_set *sa = j->a, *sb = j->b;
	unsigned ok = 0;
	maxn[0] = maxn[1] = 0;
	for (unsigned l = 0; l < SW_W; l++) {
		ix[0][l] = ix[1][l] = sh[0][l] = sh[1][l] = vb[0][l] = vb[1][l] = 0, ext[l] = 0.0f;
		if (l >= cnt)
			continue;
		size_t k = j->order ? j->order[b0 + l] : b0 + l;
		pk[l] = (uint32_t)(j->off + k);
		sw_pair p = j->pairs[j->off + k];
		uint32_t na, nb;
		if (!axes_item(j->a, p.a, &ix[0][l], &sh[0][l], &vb[0][l], &na) ||
		    !axes_item(j->b, p.b, &ix[1][l], &sh[1][l], &vb[1][l], &nb)) {
			ix[0][l] = ix[1][l] = sh[0][l] = sh[1][l] = vb[0][l] = vb[1][l] = 0;
			continue;
		}
		const float ea = sa->ext[sh[0][l]], eb = sb->ext[sh[1][l]];
		ext[l] = ea > eb ? ea : eb;
		maxn[0] = na > maxn[0] ? na : maxn[0];
		maxn[1] = nb > maxn[1] ? nb : maxn[1];
		ok |= 1u << l;
	}
	run[0] = run[1] = ok == SW_ALL_LANES;
	for (unsigned l = 1; l < SW_W; l++)
		run[0] &= ix[0][l] == ix[0][0] + (int32_t)l, run[1] &= ix[1][l] == ix[1][0] + (int32_t)l;
	return ok;
}

/* a placement column's lanes: one load where the block's instances are consecutive (pairs in index
 * order), a gather otherwise */
SW_INLINE sw_fw axes_col(const float *col, const int32_t *ix, int run)
{
	return run ? sw_loadu(col + ix[0]) : sw_gather(col, ix);
}

/* a placement's validity (ref/poly2_axes.c pose2_ok) */
SW_INLINE sw_mw axes_pose_ok(sw_fw qc, sw_fw qs, sw_fw px, sw_fw py)
{
	sw_fw n2 = sw_add(sw_mul(qc, qc), sw_mul(qs, qs));
	sw_mw ok = sw_le(sw_abs(sw_sub(n2, sw_set1(1.0f))), sw_set1(SW_QUAT_TOL));
	return sw_mand(ok, sw_mand(sw_coord_ok(px), sw_coord_ok(py)));
}

/* sw_ref_gjk_scale lane-wise (as set_scale_w) */
SW_INLINE sw_fw axes_sigma(sw_fw l)
{
	const sw_fw inf = sw_set1(INFINITY);
	sw_fw s = sw_mul(sw_and(sw_xor(l, inf), inf), sw_set1(0.25f));
	return sw_sel(sw_lt(l, sw_set1(0x1p-126f)), sw_set1(0x1p126f), s);
}

/* the running largest |coordinate| (ref ext_of) */
SW_INLINE sw_fw axes_ext(sw_fw m, sw_fw x) { return sw_max(m, sw_abs(x)); }

/* a block's pairs in A's frame, scaled by σ (ref/poly2_axes.c sw_poly2_axes_frame): both polygons'
 * vertices, the relative motion r (moving: B's displacement minus A's, in A's frame; else zero and not
 * part of the extent), A's rotation, σ, the extent, and the lanes whose poses (and motions) are valid */
typedef struct axes_pair_w {
	axes_poly pa, pb;
	gw r, pA, da; /* the motion in A's frame; A's position and displacement (moving) */
	sw_fw ca, sa, sig, ext;
	sw_mw valid;
} axes_pair_w;

SW_INLINE void axes_frame_w(const sw_poly2_set *sa, const sw_poly2_set *sb, int32_t (*ix)[SW_W], int32_t (*vb)[SW_W],
			    const uint32_t *maxn, const float *pext, const int *run, int moving, axes_pair_w *o)
{
	const sw_fw ca = axes_col(sa->qc, ix[0], run[0]), sa_ = axes_col(sa->qs, ix[0], run[0]);
	const sw_fw cb = axes_col(sb->qc, ix[1], run[1]), sb_ = axes_col(sb->qs, ix[1], run[1]);
	const sw_fw pax = axes_col(sa->px, ix[0], run[0]), pay = axes_col(sa->py, ix[0], run[0]);
	const sw_fw pbx = axes_col(sb->px, ix[1], run[1]), pby = axes_col(sb->py, ix[1], run[1]);
	o->valid = sw_mand(axes_pose_ok(ca, sa_, pax, pay), axes_pose_ok(cb, sb_, pbx, pby));
	/* B in A's frame */
	const sw_fw rc = sw_add(sw_mul(ca, cb), sw_mul(sa_, sb_)), rs = sw_sub(sw_mul(ca, sb_), sw_mul(sa_, cb));
	const sw_fw dx = sw_sub(pbx, pax), dy = sw_sub(pby, pay);
	const sw_fw tx = sw_add(sw_mul(ca, dx), sw_mul(sa_, dy)), ty = sw_sub(sw_mul(ca, dy), sw_mul(sa_, dx));
	o->pa.n = maxn[0], o->pb.n = maxn[1];
	/* the extent: the offset's, then each side's from the set (max is exact: the reference's value),
	 * then the motion's */
	sw_fw ext = axes_ext(axes_ext(sw_set1(0.0f), tx), ty);
	ext = sw_max(ext, sw_load(pext));
	sw_fw rx = sw_set1(0.0f), ry = rx;
	if (moving) {
		const sw_fw dax = axes_col(sa->dx, ix[0], run[0]), day = axes_col(sa->dy, ix[0], run[0]);
		const sw_fw dbx = axes_col(sb->dx, ix[1], run[1]), dby = axes_col(sb->dy, ix[1], run[1]);
		const sw_mw dok = sw_mand(sw_mand(sw_coord_ok(dax), sw_coord_ok(day)),
					  sw_mand(sw_coord_ok(dbx), sw_coord_ok(dby)));
		o->valid = sw_mand(o->valid, dok);
		const sw_fw vx = sw_sub(dbx, dax), vy = sw_sub(dby, day);
		rx = sw_add(sw_mul(ca, vx), sw_mul(sa_, vy)), ry = sw_sub(sw_mul(ca, vy), sw_mul(sa_, vx));
		ext = axes_ext(axes_ext(ext, rx), ry);
		o->da.c[0] = dax, o->da.c[1] = day;
	}
	o->pA.c[0] = pax, o->pA.c[1] = pay;
	axes_rows(sa->xy, vb[0], o->pa.n, &o->pa), axes_rows(sb->xy, vb[1], o->pb.n, &o->pb);
	const sw_fw sig = axes_sigma(ext), stx = sw_mul(tx, sig), sty = sw_mul(ty, sig);
	for (uint32_t k = 0; k < o->pa.n && k < SW_POLY2_MAX_VERTS; k++)
		o->pa.v[k].c[0] = sw_mul(o->pa.v[k].c[0], sig), o->pa.v[k].c[1] = sw_mul(o->pa.v[k].c[1], sig);
	for (uint32_t k = 0; k < o->pb.n && k < SW_POLY2_MAX_VERTS; k++) {
		sw_fw bx = sw_mul(o->pb.v[k].c[0], sig), by = sw_mul(o->pb.v[k].c[1], sig);
		o->pb.v[k].c[0] = sw_add(sw_sub(sw_mul(rc, bx), sw_mul(rs, by)), stx);
		o->pb.v[k].c[1] = sw_add(sw_add(sw_mul(rs, bx), sw_mul(rc, by)), sty);
	}
	o->r.c[0] = sw_mul(rx, sig), o->r.c[1] = sw_mul(ry, sig);
	o->ca = ca, o->sa = sa_, o->sig = sig, o->ext = ext;
}

/* sw_poly2_axes_pen lane-wise: the least penetration's witnesses wa (A's side) and wb of the best axis of b
 * (separation num, length² len2, the edge's ends), whose own outward normal is (mx, my) (an edge of B in the
 * lanes of b->fromb) */
SW_INLINE void axes_pen_w(const axes_pair_w *f, const axes_w *b, sw_fw mx, sw_fw my, gw *wa, gw *wb)
{
	const gw va = least_vertex_w(&f->pa, mx, my), vb = least_vertex_w(&f->pb, mx, my);
	const gw v = gw_sel(b->fromb, va, vb);
	const sw_fw k = sw_div(b->num, b->len2);
	const gw w = {{sw_sub(v.c[0], sw_mul(k, mx)), sw_sub(v.c[1], sw_mul(k, my))}};
	/* w outside the edge: its nearer end, and that end moved back by the depth */
	const sw_fw ex = sw_sub(b->e1.c[0], b->e0.c[0]), ey = sw_sub(b->e1.c[1], b->e0.c[1]);
	const sw_fw along = sw_add(sw_mul(sw_sub(w.c[0], b->e0.c[0]), ex), sw_mul(sw_sub(w.c[1], b->e0.c[1]), ey));
	const sw_fw ee = sw_add(sw_mul(ex, ex), sw_mul(ey, ey));
	const sw_mw before = sw_lt(along, sw_set1(0.0f)), out = sw_mor(before, sw_gt(along, ee));
	const gw end = gw_sel(before, b->e0, b->e1);
	const gw back = {{sw_add(end.c[0], sw_mul(k, mx)), sw_add(end.c[1], sw_mul(k, my))}};
	const gw p = gw_sel(out, end, w), o = gw_sel(out, back, v);
	*wa = gw_sel(b->fromb, o, p), *wb = gw_sel(b->fromb, p, o);
}

/* the answers of a whole block of consecutive pairs from `at`: every column in one store */
SW_INLINE void axes_store_block(const sw_overlap_results *out, float *const *dst, const sw_fw *rows, sw_mw miss,
				uint32_t at, unsigned invalid)
{
	const sw_mw bad = sw_mfrom_bits(invalid);
	for (int k = 0; k < 3; k++)
		if (dst[k])
			sw_storeu(dst[k] + at, sw_sel(bad, sw_set1(NAN), rows[k]));
	sw_fw st = sw_sel(miss, sw_set1((float)SW_MISS), sw_set1((float)SW_HIT));
	sw_store_bytes(out->status + at, sw_sel(bad, sw_set1((float)SW_PAIR_INVALID), st));
	if (out->feature)
		sw_store_codes(out->feature + at, sw_set1(0.0f), sw_mfrom_bits(SW_ALL_LANES));
}

/* a block of the polygon rows after the separating-axis pass: its pairs, validity, A's rotation, both
 * polygons in A's frame scaled by σ, the best axis (normal A → B) and its decision */
typedef struct axes_blk {
	uint32_t pk[SW_W];
	unsigned cnt, lanes, invalid;
	axes_pair_w f; /* the pair in A's frame (axes_frame_w, not moving) */
	sw_fw tau;
	axes_w s;
	sw_mw miss, hit;
} axes_blk;

/* the block of pairs from b0 up to both polygons in A's frame, scaled (ref/poly2_axes.c axes_run) */
SW_INLINE void axes_setup(const sw_job *j, size_t b0, axes_blk *k)
{
	unsigned cnt = j->n - b0 < SW_W ? (unsigned)(j->n - b0) : SW_W;
	_Alignas(64) int32_t ix[2][SW_W], sh[2][SW_W], vb[2][SW_W];
	_Alignas(64) float pext[SW_W];
	uint32_t maxn[2];
	int run[2];
	unsigned ok = axes_fill(j, b0, cnt, ix, sh, vb, k->pk, maxn, pext, run);
	axes_frame_w(j->a, j->b, ix, vb, maxn, pext, run, 0, &k->f);
	k->cnt = cnt, k->lanes = (1u << cnt) - 1u, k->invalid = k->lanes & ~(ok & sw_mbits(k->f.valid));
	k->tau = sw_mul(sw_set1(SW_POLY2_AXES_EPS), sw_mul(k->f.ext, k->f.sig));
	k->s = (axes_w){sw_set1(-INFINITY), sw_set1(-INFINITY), sw_set1(1.0f), sw_set1(0.0f),
			sw_set1(0.0f),      sw_mfalse(),        gw_zero(),     gw_zero()};
}

/* the decision from the best axis (ref axes_side): B's normals negated, best > τ apart, ≤ −τ overlapping */
SW_INLINE void axes_decide(axes_blk *k)
{
	axes_w *s = &k->s;
	s->mx = sw_sel(s->fromb, sw_neg(s->mx), s->mx), s->my = sw_sel(s->fromb, sw_neg(s->my), s->my);
	const sw_fw zero = sw_set1(0.0f);
	const sw_fw far = sw_mul(s->num, s->num), band = sw_mul(sw_mul(k->tau, k->tau), s->len2);
	k->miss = sw_mand(sw_gt(s->num, zero), sw_gt(far, band));
	k->hit = sw_mand(sw_mand(sw_lt(s->num, zero), sw_ge(far, band)), sw_mnot(sw_eq(s->num, sw_set1(-INFINITY))));
}

/* the block of pairs from b0 through the separating-axis pass and its decision (ref axes_run, axes_side) */
SW_INLINE void axes_block(const sw_job *j, size_t b0, axes_blk *k)
{
	axes_setup(j, b0, k);
	const axes_poly *pa = &k->f.pa, *pb = &k->f.pb;
	if (pa->n == 8 && pb->n == 8) { /* the scene's usual block: counts known, loops unrolled */
		axes_edges_w(pa, pb, 8, 8, 0, &k->s);
		axes_edges_w(pb, pa, 8, 8, 1, &k->s);
	} else {
		axes_edges_w(pa, pb, pa->n, pb->n, 0, &k->s);
		axes_edges_w(pb, pa, pb->n, pa->n, 1, &k->s);
	}
	axes_decide(k);
}

static void gjk2_poly2_overlap_kernel(const sw_job *j)
{
	const sw_overlap_results *out = j->out;
	sw_overlap_results planar_out = *out;
	planar_out.nz = NULL;
	for (size_t b0 = 0; b0 < j->n; b0 += SW_W) {
		axes_blk k;
		axes_block(j, b0, &k);
		const sw_fw zero = sw_set1(0.0f);
		const sw_mw miss = k.miss;
		sw_fw len = sw_sqrt(k.s.len2), ux = sw_div(k.s.mx, len), uy = sw_div(k.s.my, len);
		sw_fw rows[3] = {sw_sel(miss, sw_div(sw_div(k.s.num, len), k.f.sig), zero),
				 sw_sel(miss, sw_sub(sw_mul(k.f.ca, ux), sw_mul(k.f.sa, uy)), zero),
				 sw_sel(miss, sw_add(sw_mul(k.f.sa, ux), sw_mul(k.f.ca, uy)), zero)};
		float *dst[3] = {out->depth, out->nx, out->ny};
		if (!j->order && k.lanes == SW_ALL_LANES)
			axes_store_block(out, dst, rows, miss, k.pk[0], k.invalid);
		else {
			store_rows(dst, rows, 3, k.pk, k.lanes, k.invalid);
			store_status(out->status, out->feature, k.pk, k.lanes, k.invalid, miss, SW_MISS, sw_mfalse(),
				     SW_MISS, sw_mfalse(), SW_MISS, SW_HIT);
		}
		/* near contact: the reference, pair by pair (GJK) */
		const unsigned near = k.lanes & ~k.invalid & ~sw_mbits(sw_mor(miss, k.hit));
		for (unsigned b = near; b; b &= b - 1)
			sw_gjk2_poly2_overlap_one(j, k.pk[(unsigned)__builtin_ctz(b)], &planar_out);
	}
}
SW_EXPORT(gjk2_poly2_overlap)
