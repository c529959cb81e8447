/* src/kernels/split_tri_tmpl.c — triangle slicing, written once over the lane vocabulary and compiled
 * once per tier. One triangle per lane; it repeats sw_split_tri_ref (ref/split_poly.c) lane-wise: the
 * three distances, the split points of the three edges from their front ends, the emission of each
 * side's piece (at most 4 points) with the duplicate and closing rules, then the fan (w0, w1, w2),
 * (w0, w2, w3) without its degenerate triangles. A triangle that does not straddle goes whole to its
 * side (coplanar: the side its normal faces). The pieces' points are placed by selects (point p of a
 * piece is the kept candidate whose place is p). Triangles come in and go out as rows: each lane's 9
 * floats loaded whole and transposed into lanes, and each fan triangle's 9 lanes transposed back into
 * one row per lane, stored at the lane's place. */
#include "kernels/split_lanes.h"

/* the block's triangles: vertex k of each lane, k = 3 repeating vertex 0 */
typedef struct tblock {
	size_t item0;
	unsigned cnt;
	sw_fw v[4][3];
} tblock;

/* row blocks of a triangle's 9 floats in the tier's vectors */
#define TROWS ((9 + SW_W - 1) / SW_W)

/* each lane's 9 floats as rows, loaded whole and transposed (a row running past the soup's end, vend
 * triangles, is read float by float) */
SW_INLINE void tri_gather(const sw_split_src *s, size_t item0, unsigned cnt, tblock *b)
{
	sw_fw rows[TROWS][SW_W];
	const size_t end = 9 * s->vend;
	b->item0 = item0, b->cnt = cnt;
	for (unsigned r = 0; r < TROWS; r++) {
		for (unsigned l = 0; l < SW_W; l++) {
			size_t at = 9 * (item0 + (l < cnt ? l : cnt - 1)) + r * SW_W;
			if (at + SW_W <= end) {
				rows[r][l] = sw_loadu(s->verts + at);
			} else {
				_Alignas(64) float tmp[SW_W] = {0};
				for (size_t q = at; q < end && q < at + SW_W; q++)
					tmp[q - at] = s->verts[q];
				rows[r][l] = sw_load(tmp);
			}
		}
		sw_transpose(rows[r]);
	}
	for (int q = 0; q < 9; q++)
		b->v[q / 3][q % 3] = rows[q / SW_W][q % SW_W];
	for (int d = 0; d < 3; d++)
		b->v[3][d] = b->v[0][d];
}

/* one side's piece placed by position and fanned: its triangles' vertices w[p] (p < 4), the source of
 * each (candidate j: vertex j/2 or the split point of edge j/2) and the lanes of each fan triangle */
typedef struct tside {
	_Alignas(64) float w[4][3][SW_W];
	_Alignas(64) float src[4][SW_W];
	unsigned t1, t2; /* lanes with the triangle (w0, w1, w2), and with (w0, w2, w3) */
} tside;

typedef struct tcls {
	sw_fw s[4];
	sw_mw f[4], bk[4], any_f, any_b, straddle, whole_f, whole_b;
	unsigned valid;
} tcls;

SW_INLINE void tri_classify(const tblock *b, const plane_w *pl, sw_split_opts o, unsigned valid, tcls *c)
{
	const sw_fw eps = sw_set1(o.eps), neps = sw_set1(-o.eps);
	sw_mw ok = pl->ok;
	for (int k = 0; k < 3; k++)
		for (int d = 0; d < 3; d++)
			ok = sw_mand(ok, sw_coord_ok(b->v[k][d]));
	c->any_f = c->any_b = sw_mfalse();
	for (int k = 0; k < 4; k++) {
		c->s[k] = plane_dist(3, pl, b->v[k]);
		c->f[k] = sw_gt(c->s[k], eps);
		c->bk[k] = sw_lt(c->s[k], neps);
		if (k < 3)
			c->any_f = sw_mor(c->any_f, c->f[k]), c->any_b = sw_mor(c->any_b, c->bk[k]);
	}
	c->valid = sw_mbits(ok) & valid;
	c->straddle = sw_mand(c->any_f, c->any_b);
	/* coplanar: the side (b − a) × (c − a) faces (tri_coplanar_side) */
	sw_fw e1[3], e2[3];
	for (int d = 0; d < 3; d++)
		e1[d] = sw_sub(b->v[1][d], b->v[0][d]), e2[d] = sw_sub(b->v[2][d], b->v[0][d]);
	sw_fw n0 = sw_sub(sw_mul(e1[1], e2[2]), sw_mul(e1[2], e2[1]));
	sw_fw n1 = sw_sub(sw_mul(e1[2], e2[0]), sw_mul(e1[0], e2[2]));
	sw_fw n2 = sw_sub(sw_mul(e1[0], e2[1]), sw_mul(e1[1], e2[0]));
	sw_mw to_f = sw_ge(sw_dot3(n0, n1, n2, pl->u[0], pl->u[1], pl->u[2]), sw_set1(0.0f));
	sw_mw cop = sw_mnot(sw_mor(c->any_f, c->any_b));
	c->whole_f = sw_mor(sw_mandnot(c->any_b, c->any_f), sw_mand(cop, to_f));
	c->whole_b = sw_mor(sw_mandnot(c->any_f, c->any_b), sw_mandnot(to_f, cop));
}

/* candidate j's point placed at p when kept there */
SW_INLINE void place(sw_fw w[4][3], sw_fw src[4], sw_mw keep, sw_fw pos, const sw_fw *x, float j)
{
	for (int p = 0; p < 4; p++) {
		sw_mw at = sw_mand(keep, sw_eq(pos, sw_set1((float)p)));
		for (int d = 0; d < 3; d++)
			w[p][d] = sw_sel(at, x[d], w[p][d]);
		src[p] = sw_sel(at, sw_set1(j), src[p]);
	}
}

/* both sides: emission, closing, fan; ts[s] ready for the writer, t (split parameters) and fbits */
SW_INLINE void tri_pieces(const tblock *b, const tcls *c, tside *ts, float t_out[3][SW_W], unsigned *fbits)
{
	emit_w e[2];
	sw_fw w[2][4][3], src[2][4];
	emit_init(&e[0]), emit_init(&e[1]);
	for (int s = 0; s < 2; s++)
		for (int p = 0; p < 4; p++) {
			src[s][p] = sw_set1(0.0f);
			for (int d = 0; d < 3; d++)
				w[s][p][d] = sw_set1(0.0f);
		}
	sw_mw bprev = c->bk[2];
	for (int k = 0; k < 3; k++) {
		sw_mw onv = sw_mnot(sw_mor(c->f[k], c->bk[k]));
		sw_mw to_b = sw_mor(c->bk[k], sw_mand(onv, sw_mor(bprev, c->bk[k + 1])));
		sw_mw tf = sw_mand(c->straddle, sw_mnot(c->bk[k])), tb = sw_mand(c->straddle, to_b);
		sw_mw cut =
			sw_mand(c->straddle, sw_mor(sw_mand(c->f[k], c->bk[k + 1]), sw_mand(c->bk[k], c->f[k + 1])));
		bprev = c->bk[k];
		sw_fw x[3], pos;
		sw_fw t = split_point_w(3, b->v[k], b->v[k + 1], c->s[k], c->s[k + 1], c->f[k], x);
		sw_storeu(t_out[k], t);
		fbits[k] = sw_mbits(c->f[k]);
		sw_mw kf = emit_w_step(3, &e[0], tf, b->v[k], &pos);
		place(w[0], src[0], kf, pos, b->v[k], (float)(2 * k));
		sw_mw kb = emit_w_step(3, &e[1], tb, b->v[k], &pos);
		place(w[1], src[1], kb, pos, b->v[k], (float)(2 * k));
		kf = emit_w_step(3, &e[0], cut, x, &pos);
		place(w[0], src[0], kf, pos, x, (float)(2 * k + 1));
		kb = emit_w_step(3, &e[1], cut, x, &pos);
		place(w[1], src[1], kb, pos, x, (float)(2 * k + 1));
	}
	for (int s = 0; s < 2; s++) {
		sw_fw m = emit_close(3, &e[s]);
		sw_mw whole = s ? c->whole_b : c->whole_f;
		for (int p = 0; p < 3; p++) { /* a whole triangle is its own piece, degenerate or not */
			for (int d = 0; d < 3; d++)
				w[s][p][d] = sw_sel(whole, b->v[p][d], w[s][p][d]);
			src[s][p] = sw_sel(whole, sw_set1((float)(2 * p)), src[s][p]);
		}
		sw_mw d01 = same_w(3, w[s][0], w[s][1]), d12 = same_w(3, w[s][1], w[s][2]),
		      d02 = same_w(3, w[s][0], w[s][2]);
		sw_mw d23 = same_w(3, w[s][2], w[s][3]), d03 = same_w(3, w[s][0], w[s][3]);
		sw_mw t1 = sw_mandnot(sw_mor(d01, sw_mor(d12, d02)), sw_ge(m, sw_set1(3.0f)));
		sw_mw t2 = sw_mandnot(sw_mor(d02, sw_mor(d23, d03)), sw_ge(m, sw_set1(4.0f)));
		ts[s].t1 = (sw_mbits(sw_mor(t1, whole)) & c->valid);
		ts[s].t2 = (sw_mbits(sw_mandnot(whole, t2)) & c->valid);
		for (int p = 0; p < 4; p++) {
			for (int d = 0; d < 3; d++)
				sw_storeu(ts[s].w[p][d], w[s][p][d]);
			sw_storeu(ts[s].src[p], src[s][p]);
		}
	}
}

/* the attributes of piece point p of lane l (k floats) from the input's (3·k per triangle) */
SW_INLINE void point_attrs(const float *a, uint32_t k, unsigned j, float t, int ff, float *out)
{
	unsigned q = j >> 1, r = q == 2 ? 0 : q + 1;
	if (!(j & 1)) {
		memcpy(out, a + q * k, sizeof(float) * k);
		return;
	}
	const float *fa = a + (ff ? q : r) * k, *ka = a + (ff ? r : q) * k;
	for (uint32_t i = 0; i < k; i++)
		out[i] = fa[i] + t * (ka[i] - fa[i]);
}

/* lane l's attributes of one side's triangles at `oa` (3·k per triangle) */
SW_INLINE void tri_attrs(const sw_split_src *s, size_t item, const tside *ts, const float t[3][SW_W],
			 const unsigned *fbits, unsigned l, float *oa)
{
	static const int fan[2][3] = {{0, 1, 2}, {0, 2, 3}};
	uint32_t k = s->k;
	const float *a = s->attrs + 3 * k * item;
	for (int f = 0; f < 2; f++) {
		if (!((f ? ts->t2 : ts->t1) >> l & 1))
			continue;
		for (int q = 0; q < 3; q++) {
			unsigned j = (unsigned)ts->src[fan[f][q]][l];
			point_attrs(a, k, j, t[j >> 1][l], fbits[j >> 1] >> l & 1, oa + q * k);
		}
		oa += 3 * k;
	}
}

/* fan triangle f of every lane as rows: lane l's triangle is the first 9 floats of rows[.][l] */
SW_INLINE void tri_rows(const tside *ts, int f, sw_fw rows[TROWS][SW_W])
{
	static const int fan[2][3] = {{0, 1, 2}, {0, 2, 3}};
	for (unsigned r = 0; r < TROWS; r++) {
		for (unsigned c = 0; c < SW_W; c++) {
			unsigned q = r * SW_W + c;
			rows[r][c] = q < 9 ? sw_load(ts->w[fan[f][q / 3]][q % 3]) : sw_set1(0.0f);
		}
		sw_transpose(rows[r]);
	}
}

/* a triangle row of lane l to `out`: whole vectors when `room` (floats writable from out) takes them,
 * else its 9 floats one by one */
SW_INLINE void put_tri(sw_fw rows[TROWS][SW_W], unsigned l, float *out, size_t room)
{
	if (__builtin_expect(room >= TROWS * SW_W, 1)) {
		for (unsigned r = 0; r < TROWS; r++)
			sw_storeu(out + r * SW_W, rows[r][l]);
		return;
	}
	_Alignas(64) float tmp[TROWS * SW_W];
	for (unsigned r = 0; r < TROWS; r++)
		sw_storeu(tmp + r * SW_W, rows[r][l]);
	for (int q = 0; q < 9; q++)
		out[q] = tmp[q];
}

/* one side's triangles of the block by the pass: counts, or each lane's at its place (whole vectors
 * may run past a triangle into the block's next one, written after it, never past the block's last
 * one) */
SW_INLINE void tri_put(const sw_split_src *src, const tblock *b, const tside *ts, const float t[3][SW_W],
		       const unsigned *fbits, const sw_pieces_results *o, int s)
{
	const sw_piece_side *sd = &o->side[s];
	if (!sd->first)
		return;
	if (o->pass == SW_PASS_COUNT) {
		for (unsigned l = 0; l < b->cnt; l++)
			sd->first[b->item0 + l + 1] = (ts->t1 >> l & 1) + (ts->t2 >> l & 1);
		return;
	}
	size_t at[SW_W + 1];
	at[0] = sd->first[b->item0];
	for (unsigned l = 0; l < b->cnt; l++)
		at[l + 1] = at[l] + (ts->t1 >> l & 1) + (ts->t2 >> l & 1);
	if (o->pass == SW_PASS_SEQ)
		for (unsigned l = 0; l < b->cnt; l++)
			sd->first[b->item0 + l + 1] = (uint32_t)at[l + 1];
	/* in the output's order: a triangle's whole vectors may run into the next one only */
	const unsigned live = (unsigned)((1ull << b->cnt) - 1);
	unsigned lanes = (ts->t1 | ts->t2) & live;
	sw_fw rows[2][TROWS][SW_W];
	tri_rows(ts, 0, rows[0]);
	if (ts->t2 & live)
		tri_rows(ts, 1, rows[1]);
	for (; lanes; lanes &= lanes - 1) {
		unsigned l = (unsigned)__builtin_ctz(lanes);
		size_t q = at[l];
		if (ts->t1 >> l & 1)
			put_tri(rows[0], l, sd->elems + 9 * q, 9 * (at[b->cnt] - q)), q++;
		if (ts->t2 >> l & 1)
			put_tri(rows[1], l, sd->elems + 9 * q, 9 * (at[b->cnt] - q));
	}
	for (unsigned l = 0; src->k && sd->attrs && l < b->cnt; l++)
		if (at[l + 1] > at[l])
			tri_attrs(src, b->item0 + l, ts, t, fbits, l, sd->attrs + 3 * src->k * at[l]);
}

static void tri3_split_kernel(const sw_job *j)
{
	const sw_split_src *src = j->a;
	const sw_pieces_results *o = j->out;
	sw_split_opts opts = *(const sw_split_opts *)j->opts;
	tblock b;
	plane_w pl;
	tcls c;
	tside ts[2];
	_Alignas(64) float t[3][SW_W];
	unsigned fbits[3];
	for (size_t base = 0; base < j->n; base += SW_W) {
		unsigned cnt = j->n - base < SW_W ? (unsigned)(j->n - base) : SW_W;
		size_t item0 = j->off + base;
		unsigned valid = SW_ALL_LANES;
		for (unsigned l = 0; src->k && l < cnt; l++)
			if (!attrs_ok(src->attrs + 3 * src->k * (item0 + l), 3 * (size_t)src->k))
				valid &= ~(1u << l);
		tri_gather(src, item0, cnt, &b);
		plane_lanes(3, src, item0, cnt, &pl);
		tri_classify(&b, &pl, opts, valid, &c);
		tri_pieces(&b, &c, ts, t, fbits);
		tri_put(src, &b, &ts[0], (const float(*)[SW_W])t, fbits, o, 0);
		tri_put(src, &b, &ts[1], (const float(*)[SW_W])t, fbits, o, 1);
		if (o->pass != SW_PASS_COUNT)
			store_class(o->status, o->cls, item0, cnt, c.valid, c.any_f, c.any_b);
	}
}

SW_EXPORT(tri3_split)
