/* src/kernels/split_tri_tmpl.c — triangle slicing, written once over the lane vocabulary and compiled
 * once per tier. One triangle per lane, the reference's (sw_split_tri_ref, src/split_item.c) answer
 * by layout: the three vertices' sides (front / on / back by the thick-plane rule) fix which triangles
 * each side gets and which input vertices and split points make their corners, as long as no two of
 * those points are equal (no duplicate dropped by the emission, no fan triangle dropped). The lanes
 * compute the distances, the sides and the three edges' split points from their front ends (kept
 * where the edge is cut; the reference's bits), and each lane's layout (tri_lays: 12 straddling sign
 * codes, whole to the front, whole to the back, nothing); a lane where two of the points are equal is
 * answered by sw_split_tri_ref itself. Triangles come in as rows (each lane's 9 floats loaded whole
 * and transposed into lanes); the split points leave the lanes as one row per lane (transposed
 * back), and each output triangle is picked from the lane's vertex row and split-point row by its
 * layout's corner sources and stored at its place: on the 16-lane tier, where a triangle fits one
 * vector, the counts' prefix sums are made in lanes, the block's output triangles listed in order and
 * each one sw_permute2 and one 9-float store; on the others, three-float copies a lane at a time. */
#include "kernels/split_lanes.h"
#include "split_item.h"

/* the block's triangles: vertex k of each lane, k = 3 repeating vertex 0, and each lane's 9 floats as
 * loaded (vrow[r][l]: floats r·SW_W onwards of lane l's triangle) */
typedef struct tblock {
	size_t item0;
	unsigned cnt;
	sw_fw v[4][3];
	sw_fw vrow[(9 + SW_W - 1) / SW_W][SW_W];
} tblock;

/* row blocks of a triangle's 9 floats in the tier's vectors */
#define TROWS ((9 + SW_W - 1) / SW_W)

/* one side's triangles in a layout: how many, and each corner's source (0–2: input vertex, 3–5: the
 * split point of edge k − 3, edge k from vertex k to vertex k + 1) */
typedef struct tri_side {
	uint8_t n, src[2][3];
} tri_side;
typedef struct tri_lay {
	tri_side side[2];
} tri_lay;

/* the layouts: Sutherland–Hodgman emission from vertex 0 with the on-vertex rule, fanned from its
 * first point, for the straddling codes (sides of vertices 0, 1, 2: Front, On, Back), then the whole
 * triangle to either side, and nothing (invalid lanes, lanes the reference answers) */
enum { TL_WHOLE_F = 12, TL_WHOLE_B = 13, TL_NONE = 14, TL_N = 15 };
static const tri_lay tri_lays[TL_N] = {
	{{{1, {{0, 1, 4}, {0, 0, 0}}}, {1, {{0, 4, 2}, {0, 0, 0}}}}}, /* OFB */
	{{{1, {{0, 4, 2}, {0, 0, 0}}}, {1, {{0, 1, 4}, {0, 0, 0}}}}}, /* OBF */
	{{{1, {{0, 1, 5}, {0, 0, 0}}}, {1, {{1, 2, 5}, {0, 0, 0}}}}}, /* FOB */
	{{{2, {{0, 1, 4}, {0, 4, 5}}}, {1, {{4, 2, 5}, {0, 0, 0}}}}}, /* FFB */
	{{{1, {{0, 3, 2}, {0, 0, 0}}}, {1, {{3, 1, 2}, {0, 0, 0}}}}}, /* FBO */
	{{{2, {{0, 3, 4}, {0, 4, 2}}}, {1, {{3, 1, 4}, {0, 0, 0}}}}}, /* FBF */
	{{{1, {{0, 3, 5}, {0, 0, 0}}}, {2, {{3, 1, 2}, {3, 2, 5}}}}}, /* FBB */
	{{{1, {{1, 2, 5}, {0, 0, 0}}}, {1, {{0, 1, 5}, {0, 0, 0}}}}}, /* BOF */
	{{{1, {{3, 1, 2}, {0, 0, 0}}}, {1, {{0, 3, 2}, {0, 0, 0}}}}}, /* BFO */
	{{{2, {{3, 1, 2}, {3, 2, 5}}}, {1, {{0, 3, 5}, {0, 0, 0}}}}}, /* BFF */
	{{{1, {{3, 1, 4}, {0, 0, 0}}}, {2, {{0, 3, 4}, {0, 4, 2}}}}}, /* BFB */
	{{{1, {{4, 2, 5}, {0, 0, 0}}}, {2, {{0, 1, 4}, {0, 4, 5}}}}}, /* BBF */
	{{{1, {{0, 1, 2}, {0, 0, 0}}}, {0, {{0, 0, 0}, {0, 0, 0}}}}}, /* whole front */
	{{{0, {{0, 0, 0}, {0, 0, 0}}}, {1, {{0, 1, 2}, {0, 0, 0}}}}}, /* whole back */
	{{{0, {{0, 0, 0}, {0, 0, 0}}}, {0, {{0, 0, 0}, {0, 0, 0}}}}}, /* none */
};

/* a lane's layout by its key: sides' code c0 | c1 << 2 | c2 << 4 (1 front, 2 back) when it straddles,
 * else 64 (whole to the front), 65 (whole to the back) or 66 (nothing) */
static const uint8_t tri_slot[67] = {
	[36] = 0, [24] = 1, [33] = 2,  [37] = 3,  [9] = 4,           [25] = 5,          [41] = 6,      [18] = 7,
	[6] = 8,  [22] = 9, [38] = 10, [26] = 11, [64] = TL_WHOLE_F, [65] = TL_WHOLE_B, [66] = TL_NONE};

#if TROWS == 1
/* the layouts as sw_permute2 indices into (vertex row, split-point row) */
#define TP(s, d) ((s) < 3 ? 3 * (s) + (d) : SW_W + 3 * ((s)-3) + (d))
#define TPT(a, b, c)                                                                                     \
	{                                                                                                \
		TP(a, 0), TP(a, 1), TP(a, 2), TP(b, 0), TP(b, 1), TP(b, 2), TP(c, 0), TP(c, 1), TP(c, 2) \
	}
/* by a lane's key (tri_slot), so the writer reads a lane's indices with no lookup in between */
_Alignas(64) static const int32_t tri_perm[67][2][2][SW_W] = {
	[36] = {{TPT(0, 1, 4), TPT(0, 0, 0)}, {TPT(0, 4, 2), TPT(0, 0, 0)}},
	[24] = {{TPT(0, 4, 2), TPT(0, 0, 0)}, {TPT(0, 1, 4), TPT(0, 0, 0)}},
	[33] = {{TPT(0, 1, 5), TPT(0, 0, 0)}, {TPT(1, 2, 5), TPT(0, 0, 0)}},
	[37] = {{TPT(0, 1, 4), TPT(0, 4, 5)}, {TPT(4, 2, 5), TPT(0, 0, 0)}},
	[9] = {{TPT(0, 3, 2), TPT(0, 0, 0)}, {TPT(3, 1, 2), TPT(0, 0, 0)}},
	[25] = {{TPT(0, 3, 4), TPT(0, 4, 2)}, {TPT(3, 1, 4), TPT(0, 0, 0)}},
	[41] = {{TPT(0, 3, 5), TPT(0, 0, 0)}, {TPT(3, 1, 2), TPT(3, 2, 5)}},
	[18] = {{TPT(1, 2, 5), TPT(0, 0, 0)}, {TPT(0, 1, 5), TPT(0, 0, 0)}},
	[6] = {{TPT(3, 1, 2), TPT(0, 0, 0)}, {TPT(0, 3, 2), TPT(0, 0, 0)}},
	[22] = {{TPT(3, 1, 2), TPT(3, 2, 5)}, {TPT(0, 3, 5), TPT(0, 0, 0)}},
	[38] = {{TPT(3, 1, 4), TPT(0, 0, 0)}, {TPT(0, 3, 4), TPT(0, 4, 2)}},
	[26] = {{TPT(4, 2, 5), TPT(0, 0, 0)}, {TPT(0, 1, 4), TPT(0, 4, 5)}},
	[64] = {{TPT(0, 1, 2), TPT(0, 0, 0)}, {TPT(0, 0, 0), TPT(0, 0, 0)}},
	[65] = {{TPT(0, 0, 0), TPT(0, 0, 0)}, {TPT(0, 1, 2), TPT(0, 0, 0)}},
	[66] = {{TPT(0, 0, 0), TPT(0, 0, 0)}, {TPT(0, 0, 0), TPT(0, 0, 0)}},
};
#endif

/* each lane's 9 floats as rows, loaded whole and transposed (a row running past the soup's end, vend
 * triangles, is read float by float) */
SW_INLINE void tri_gather(const sw_split_src *s, size_t item0, unsigned cnt, tblock *b)
{
	sw_fw rows[TROWS][SW_W];
	const size_t end = 9 * s->vend;
	b->item0 = item0, b->cnt = cnt;
	const int inner = cnt == SW_W && 9 * (item0 + SW_W - 1) + TROWS * SW_W <= end;
	for (unsigned r = 0; r < TROWS; r++) {
		if (inner) { /* the common block: whole rows, no test a lane, each stored once as loaded */
			SW_UNROLL
			for (unsigned l = 0; l < SW_W; l++)
				b->vrow[r][l] = rows[r][l] = sw_loadu(s->verts + 9 * (item0 + l) + r * SW_W);
		} else
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
		if (!inner)
			memcpy(b->vrow[r], rows[r], sizeof rows[r]);
		sw_transpose(rows[r]);
	}
	for (int q = 0; q < 9; q++)
		b->v[q / 3][q % 3] = rows[q / SW_W][q % SW_W];
	for (int d = 0; d < 3; d++)
		b->v[3][d] = b->v[0][d];
}

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

/* the block's split points and layouts */
typedef struct tcut {
	_Alignas(64) float t[3][SW_W]; /* split parameters of the three edges */
	_Alignas(64) uint32_t key[SW_W];
	sw_fw keyv;              /* key as lanes */
	sw_fw xrow[TROWS][SW_W]; /* each lane's split points x0, x1, x2 as a row */
	unsigned fbits[3];       /* lanes whose vertex k is FRONT */
	unsigned slow;           /* lanes answered by sw_split_tri_ref */
	uint32_t nref[SW_W][2];  /* their triangle counts */
#if TROWS > 1
	_Alignas(64) float aos[SW_W][2][TROWS * SW_W]; /* each lane's vertex and split-point rows */
#endif
} tcut;

/* lanes whose vertices, and split points of cut edges, are not all distinct: the emission could drop a
 * duplicate or the fan a degenerate triangle, which the layouts leave out */
SW_INLINE sw_mw tri_repeats_all(const tblock *b, const sw_mw cut[3], sw_fw x[3][3])
{
	sw_mw eq =
		sw_mor(same_w(3, b->v[0], b->v[1]), sw_mor(same_w(3, b->v[1], b->v[2]), same_w(3, b->v[2], b->v[0])));
	for (int k = 0; k < 3; k++) {
		sw_mw hit =
			sw_mor(same_w(3, x[k], b->v[0]), sw_mor(same_w(3, x[k], b->v[1]), same_w(3, x[k], b->v[2])));
		for (int q = 0; q < k; q++)
			hit = sw_mor(hit, sw_mand(cut[q], same_w(3, x[k], x[q])));
		eq = sw_mor(eq, sw_mand(cut[k], hit));
	}
	return eq;
}

/* one float of a point's coordinates: equal points (float ==, ±0 alike) give equal ones; constants
 * below 1 so finite coordinates give no NaN */
SW_INLINE sw_fw point_key(const sw_fw *p)
{
	return sw_add(sw_add(p[0], sw_mul(p[1], sw_set1(0.7548776662f))), sw_mul(p[2], sw_set1(0.5698402910f)));
}

/* tri_repeats_all, first on one float a point: it finds none in almost every block, and where it
 * finds some the whole test decides (the lanes with non-finite coordinates are invalid already) */
SW_INLINE sw_mw tri_repeats(const tblock *b, const sw_mw cut[3], sw_fw x[3][3])
{
	sw_fw hv[3], hx[3];
	for (int k = 0; k < 3; k++)
		hv[k] = point_key(b->v[k]), hx[k] = point_key(x[k]);
	sw_mw eq = sw_mor(sw_eq(hv[0], hv[1]), sw_mor(sw_eq(hv[1], hv[2]), sw_eq(hv[2], hv[0])));
	for (int k = 0; k < 3; k++) {
		sw_mw hit = sw_mor(sw_eq(hx[k], hv[0]), sw_mor(sw_eq(hx[k], hv[1]), sw_eq(hx[k], hv[2])));
		for (int q = 0; q < k; q++)
			hit = sw_mor(hit, sw_mand(cut[q], sw_eq(hx[k], hx[q])));
		eq = sw_mor(eq, sw_mand(cut[k], hit));
	}
	return sw_mbits(eq) ? tri_repeats_all(b, cut, x) : sw_mfalse();
}

/* split points, layouts, and the counts of the lanes the reference answers */
SW_INLINE void tri_cut(const sw_split_src *src, const tblock *b, const tcls *c, float eps, tcut *tc)
{
	sw_fw x[3][3], code = sw_set1(0.0f);
	sw_mw cut[3];
	for (int k = 0; k < 3; k++) {
		cut[k] = sw_mor(sw_mand(c->f[k], c->bk[k + 1]), sw_mand(c->bk[k], c->f[k + 1]));
		sw_storeu(tc->t[k], split_point_w(3, b->v[k], b->v[k + 1], c->s[k], c->s[k + 1], c->f[k], x[k]));
		tc->fbits[k] = sw_mbits(c->f[k]);
		code = sw_add(code, sw_add(sw_sel(c->f[k], sw_set1((float)(1 << 2 * k)), sw_set1(0.0f)),
					   sw_sel(c->bk[k], sw_set1((float)(2 << 2 * k)), sw_set1(0.0f))));
	}
	tc->slow = sw_mbits(sw_mand(c->straddle, tri_repeats(b, cut, x))) & c->valid;
	sw_mw none = sw_mnot(sw_mfrom_bits(c->valid & ~tc->slow));
	code = sw_sel(c->straddle, code, sw_sel(c->whole_f, sw_set1(64.0f), sw_set1(65.0f)));
	tc->keyv = sw_sel(none, sw_set1(66.0f), code);
	sw_store_codes(tc->key, tc->keyv, sw_mfalse());
	for (unsigned r = 0; r < TROWS; r++) {
		for (unsigned l = 0; l < SW_W; l++) {
			unsigned q = r * SW_W + l;
			tc->xrow[r][l] = q < 9 ? x[q / 3][q % 3] : sw_set1(0.0f);
		}
		sw_transpose(tc->xrow[r]);
	}
#if TROWS > 1
	for (unsigned l = 0; l < b->cnt; l++)
		for (unsigned r = 0; r < TROWS; r++) {
			sw_storeu(tc->aos[l][0] + r * SW_W, b->vrow[r][l]);
			sw_storeu(tc->aos[l][1] + r * SW_W, tc->xrow[r][l]);
		}
#endif
	for (unsigned m = tc->slow; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctz(m);
		size_t i = b->item0 + l;
		sw_split_plane pl;
		sw_split_output r;
		const float *f = sw_split_plane_of(src, i, 3);
		sw_split_plane_prep(3, f, f + 3, eps, &pl);
		sw_split_tri_ref(src->verts + 9 * i, &pl, NULL, 0, NULL, NULL, NULL, NULL, &r);
		tc->nref[l][0] = r.front_count, tc->nref[l][1] = r.back_count;
	}
}

/* lane l's attributes of one side's triangles at `oa` (3·k per triangle) */
SW_INLINE void tri_attrs(const sw_split_src *s, size_t item, const tri_side *ly, const tcut *tc, unsigned l, float *oa)
{
	uint32_t k = s->k;
	const float *a = s->attrs + 3 * k * item;
	for (unsigned f = 0; f < ly->n; f++, oa += 3 * k)
		for (int q = 0; q < 3; q++) {
			unsigned sq = ly->src[f][q], j = sq < 3 ? 2 * sq : 2 * (sq - 3) + 1;
			point_attrs(a, k, j, tc->t[j >> 1][l], tc->fbits[j >> 1] >> l & 1, oa + q * k);
		}
}

/* lane l's triangles of side s (and attributes) as sw_split_tri_ref gives them */
static void put_ref(const sw_split_src *src, size_t i, float eps, int s, float *out, float *oa)
{
	sw_split_plane pl;
	sw_split_output r;
	const float *f = sw_split_plane_of(src, i, 3);
	sw_split_plane_prep(3, f, f + 3, eps, &pl);
	uint32_t k = oa ? src->k : 0;
	sw_split_tri_ref(src->verts + 9 * i, &pl, k ? src->attrs + 3 * k * i : NULL, k, s ? NULL : out, s ? NULL : oa,
			 s ? out : NULL, s ? oa : NULL, &r);
}

#if TROWS == 1
/* each lane's triangle count on side s in lanes: a straddling lane's side gets two triangles where
 * two of the vertices lie on it, else one (tri_lays); a whole lane's side one or none; the lanes the
 * reference answers, which the loop after sets, and the invalid ones none */
SW_INLINE sw_fw side_counts(const tcls *c, const tcut *tc, int s)
{
	const sw_mw *in = s ? c->bk : c->f;
	const sw_fw one = sw_set1(1.0f), zero = sw_set1(0.0f);
	sw_mw two = sw_mor(sw_mand(in[0], sw_mor(in[1], in[2])), sw_mand(in[1], in[2]));
	sw_fw n = sw_sel(c->straddle, sw_sel(two, sw_set1(2.0f), one), sw_sel(s ? c->whole_b : c->whole_f, one, zero));
	n = sw_sel(sw_mfrom_bits(c->valid & ~tc->slow), n, zero);
	if (!tc->slow)
		return n;
	_Alignas(64) float t[SW_W];
	sw_storeu(t, n);
	for (unsigned m = tc->slow; m; m &= m - 1)
		t[__builtin_ctz(m)] = (float)tc->nref[__builtin_ctz(m)][s];
	return sw_load(t);
}

/* bits 0..15 of x spread to the even bits 0..30 */
SW_INLINE uint32_t spread_bits(uint32_t x)
{
	x = (x | x << 8) & 0x00FF00FFu;
	x = (x | x << 4) & 0x0F0F0F0Fu;
	x = (x | x << 2) & 0x33333333u;
	return (x | x << 1) & 0x55555555u;
}

/* the block's output triangles of one side in order (lane, then its first or second) for lanes with
 * counts n, each entry its tri_perm row times SW_W plus its lane: the lanes' two entries interleaved
 * and compressed by the bits of those present, in registers (a list stored byte by byte at the lanes'
 * offsets made the writer's loads wait for those stores, whose addresses came from the prefix sums
 * through memory, and the writer then looked up the lane's key); returns their number */
SW_INLINE uint32_t side_list(sw_fw n, sw_fw key, int s, uint32_t *list)
{
	_Alignas(64) static const float lane[SW_W] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
	_Alignas(64) static const int32_t mix[2][SW_W] = {
		{0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23},
		{8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31}};
	/* entry (lane l, which w): its row of tri_perm, (key·2 + s)·2 + w, times SW_W, plus l */
	sw_fw first = sw_add(sw_mul(sw_add(sw_mul(key, sw_set1(4.0f)), sw_set1(2.0f * (float)s)), sw_set1(SW_W)),
			     sw_load(lane));
	sw_fw second = sw_add(first, sw_set1(SW_W));
	const uint32_t m =
		spread_bits(sw_mbits(sw_ge(n, sw_set1(1.0f)))) | spread_bits(sw_mbits(sw_ge(n, sw_set1(2.0f)))) << 1;
	const unsigned lo = m & 0xFFFFu, nlo = (unsigned)__builtin_popcount(lo);
	sw_store_codes(list, sw_compress(sw_permute2(first, second, mix[0]), lo), sw_mfalse());
	sw_store_codes(list + nlo, sw_compress(sw_permute2(first, second, mix[1]), m >> 16), sw_mfalse());
	return (uint32_t)__builtin_popcount(m);
}

/* where each lane's triangles of side s go: its count cn[l] and first triangle at[l] from the block's
 * first (in lanes: sw_scan), and the side's list (side_list); returns the block's total. Writes the
 * counts (SW_PASS_COUNT) or the offsets (SW_PASS_SEQ) of the side */
SW_INLINE uint32_t side_starts(const tcls *c, const tcut *tc, const tblock *b, const sw_pieces_results *o, int s,
			       uint32_t *cn, uint32_t *at, uint32_t *list)
{
	const sw_piece_side *sd = &o->side[s];
	sw_fw n = side_counts(c, tc, s), in = sw_scan(n);
	sw_store_codes(cn, n, sw_mfalse());
	sw_store_codes(at, sw_sub(in, n), sw_mfalse());
	if (o->pass == SW_PASS_COUNT) {
		memcpy(sd->first + b->item0 + 1, cn, b->cnt * sizeof(uint32_t));
	} else if (o->pass == SW_PASS_SEQ) {
		const uint32_t base = sd->first[b->item0];
		for (unsigned l = 0; l < b->cnt; l++)
			sd->first[b->item0 + l + 1] = base + at[l] + cn[l];
	}
	return o->pass == SW_PASS_COUNT ? 0 : side_list(n, tc->keyv, s, list);
}

/* the block's triangles of both sides by the pass: counts, or each output triangle in turn, its lane
 * and its permute row listed first (side_list: the front side's list, then the back side's): one
 * sw_permute2 and one store of exactly 9 floats a triangle written, none for a lane's missing ones,
 * in one loop over both lists (one exit a block to mispredict, not one a side). The reference's lanes
 * (layout none: vertex 0 three times, as many as their counts) are written last, over their places */
SW_INLINE void tri_put(const sw_split_src *src, const tblock *b, const tcls *c, const tcut *tc, float eps,
		       const sw_pieces_results *o)
{
	_Alignas(64) uint32_t cn[2][SW_W], at[2][SW_W], list[6 * SW_W];
	uint32_t total[2] = {0, 0};
	float *e[2] = {NULL, NULL};
	for (int s = 0; s < 2; s++)
		if (o->side[s].first) {
			total[s] = side_starts(c, tc, b, o, s, cn[s], at[s], list + total[0]);
			if (o->pass != SW_PASS_COUNT)
				e[s] = o->side[s].elems + 9 * (size_t)o->side[s].first[b->item0];
		}
	if (o->pass == SW_PASS_COUNT)
		return;
	const uint32_t t0 = total[0], all = total[0] + total[1];
	for (uint32_t j = 0; j < all; j++) {
		const unsigned q = list[j], l = q % SW_W;
		float *const to = j < t0 ? e[0] + 9 * (size_t)j : e[1] + 9 * (size_t)(j - t0);
		sw_store_first(to, sw_permute2(b->vrow[0][l], tc->xrow[0][l], (const int32_t *)tri_perm + (q - l)), 9);
	}
	for (int s = 0; s < 2; s++) {
		const sw_piece_side *sd = &o->side[s];
		if (!sd->first)
			continue;
		const size_t base = sd->first[b->item0];
		const int attrs = src->k && sd->attrs;
		for (unsigned m = tc->slow; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctz(m);
			size_t q = base + at[s][l];
			put_ref(src, b->item0 + l, eps, s, sd->elems + 9 * q,
				attrs ? sd->attrs + 3 * src->k * q : NULL);
		}
		for (unsigned l = 0; attrs && l < b->cnt; l++)
			if (!(tc->slow >> l & 1))
				tri_attrs(src, b->item0 + l, &tri_lays[tri_slot[tc->key[l]]].side[s], tc, l,
					  sd->attrs + 3 * src->k * (base + at[s][l]));
	}
}
#else
/* lane l's triangles of one layout side at `out`, `room` floats writable from there */
SW_INLINE void put_lane(const tblock *b, const tcut *tc, unsigned l, int s, float *out, size_t room)
{
	const unsigned slot = tri_slot[tc->key[l]];
	const tri_side *ly = &tri_lays[slot].side[s];
	(void)b;
	const float(*row)[TROWS * SW_W] = tc->aos[l];
	if (__builtin_expect(room >= 19, 1)) { /* both, four floats a corner: the block writes past later */
		for (unsigned f = 0; f < 2; f++)
			for (int q = 0; q < 3; q++) {
				unsigned sq = ly->src[f][q];
				memcpy(out + 9 * f + 3 * q, row[sq >= 3] + 3 * (sq % 3), 4 * sizeof(float));
			}
		return;
	}
	for (unsigned f = 0; f < ly->n; f++)
		for (int q = 0; q < 3; q++) {
			unsigned sq = ly->src[f][q];
			memcpy(out + 9 * f + 3 * q, row[sq >= 3] + 3 * (sq % 3), 3 * sizeof(float));
		}
}

/* one side's triangles of the block by the pass: counts, or each lane's at its place (whole vectors
 * may run past a lane's triangles into the block's next ones, written after them, never past the
 * block's last one; the reference's lanes are written last) */
SW_INLINE void tri_put_side(const sw_split_src *src, const tblock *b, const tcls *c, const tcut *tc, float eps,
			    const sw_pieces_results *o, int s)
{
	const sw_piece_side *sd = &o->side[s];
	(void)c;
	if (!sd->first)
		return;
	size_t at[SW_W + 1];
	at[0] = o->pass == SW_PASS_COUNT ? 0 : sd->first[b->item0];
	for (unsigned l = 0; l < b->cnt; l++)
		at[l + 1] = at[l] + (tc->slow >> l & 1 ? tc->nref[l][s] : tri_lays[tri_slot[tc->key[l]]].side[s].n);
	if (o->pass == SW_PASS_COUNT) {
		for (unsigned l = 0; l < b->cnt; l++)
			sd->first[b->item0 + l + 1] = (uint32_t)(at[l + 1] - at[l]);
		return;
	}
	if (o->pass == SW_PASS_SEQ)
		for (unsigned l = 0; l < b->cnt; l++)
			sd->first[b->item0 + l + 1] = (uint32_t)at[l + 1];
	for (unsigned l = 0; l < b->cnt; l++)
		put_lane(b, tc, l, s, sd->elems + 9 * at[l], 9 * (at[b->cnt] - at[l]));
	const int attrs = src->k && sd->attrs;
	for (unsigned m = tc->slow; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctz(m);
		put_ref(src, b->item0 + l, eps, s, sd->elems + 9 * at[l],
			attrs ? sd->attrs + 3 * src->k * at[l] : NULL);
	}
	for (unsigned l = 0; attrs && l < b->cnt; l++)
		if (!(tc->slow >> l & 1))
			tri_attrs(src, b->item0 + l, &tri_lays[tri_slot[tc->key[l]]].side[s], tc, l,
				  sd->attrs + 3 * src->k * at[l]);
}

#endif

static void tri3_split_kernel(const sw_job *j)
{
	const sw_split_src *src = j->a;
	const sw_pieces_results *o = j->out;
	sw_split_opts opts = *(const sw_split_opts *)j->opts;
	tblock b;
	plane_w pl[2];
	tcls c;
	tcut tc;
	/* each block's planes are made before the previous block's triangles are written (plane_next); one
	 * plane for every item is made once */
	const size_t flip = src->nplanes > 1;
	plane_lanes(3, src, j->off, j->n < SW_W ? (unsigned)j->n : SW_W, &pl[0]);
	for (size_t base = 0, blk = 0; base < j->n; base += SW_W, blk ^= flip) {
		unsigned cnt = j->n - base < SW_W ? (unsigned)(j->n - base) : SW_W;
		size_t item0 = j->off + base;
		unsigned valid = SW_ALL_LANES;
		for (unsigned l = 0; src->k && l < cnt; l++)
			if (!attrs_ok(src->attrs + 3 * src->k * (item0 + l), 3 * (size_t)src->k))
				valid &= ~(1u << l);
		tri_gather(src, item0, cnt, &b);
		tri_classify(&b, &pl[blk], opts, valid, &c);
		c.valid &= (unsigned)((1ull << cnt) - 1);
		tri_cut(src, &b, &c, opts.eps, &tc);
		if (flip)
			plane_next(3, src, j, base, &pl[blk ^ 1]);
#if TROWS == 1
		tri_put(src, &b, &c, &tc, opts.eps, o);
#else
		tri_put_side(src, &b, &c, &tc, opts.eps, o, 0);
		tri_put_side(src, &b, &c, &tc, opts.eps, o, 1);
#endif
		if (o->pass != SW_PASS_COUNT)
			store_class(o->status, o->cls, item0, cnt, c.valid, c.any_f, c.any_b);
	}
}

SW_EXPORT(tri3_split)
