/* src/kernels/hull3_sat_tmpl.c — moving SAT and static overlap of a hull against a hull, a box or a
 * triangle, written once over the lane vocabulary and compiled once per tier. The method, and every
 * formula, is ref/hull3_sat.c's; here the lanes hold one pair's faces, edges or edge pairs, 16 at a
 * time on AVX-512:
 *   1. B's vertices, faces and edges go to A's frame, a row chunk per instruction.
 *   2. A's faces (lanes) against B's vertices, and B's faces against A's: the support loops run over
 *      the other hull's vertices in the reference's order, so each lane's minimum is the reference's.
 *   3. The Gauss-map test is split into sign tables: bit i of XP[g] (XN[g]) says B's face g is
 *      strictly on the positive (negative) side of the great circle of A's edge i, i.e.
 *      s(n_g·(−u_i)) > 0 (< 0), and YP[f], YN[f] the same for A's face f against B's edges. The
 *      reference's three sign conditions become word operations on these bits, so the O(E_A·E_B)
 *      part costs a few integer instructions per candidate instead of four dot products per pair;
 *      the dot products are F_B·E_A + F_A·E_B, computed in lanes. Which of the two ways the signs
 *      agree gives the direction's orientation σ.
 *   4. The surviving edge pairs, in (i, j) order, are turned into directions in lanes (gathers); the
 *      near-parallel ones (|c|² < SW_HULL_NEAR_PARALLEL) keep their place and get their gap from full
 *      supports, directions in lanes against each vertex of both shapes, before the merge.
 *   5. The bookkeeping of src/hull3_view.h runs over chunks of directions: each lane keeps its own
 *      latest entry and largest gap (strictly greater wins, so within a lane the lowest index among
 *      equal values), then the lanes and the chunks are merged with ties to the lowest feature id —
 *      the reference's answer, bit for bit, whatever the width.
 * As in the reference, the edge pairs are skipped when the faces already prove a MISS. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "hull3_call.h"
#include "job.h"
#include "kernels/wide.h"

/* directions buffered before a merge; edge-pair candidates listed before they are turned into
 * directions */
#define HK_CAP 512
#define HK_WORDS 3  /* 64-bit words of an edge bit set (≤ 192 edges) */
#define HK_LIVE 192 /* row stride of the compacted edge rows */

/* directions with their unit normal, gap and feature id, in feature-id order */
typedef struct hk_dirs {
	_Alignas(64) float nx[HK_CAP + 16], ny[HK_CAP + 16], nz[HK_CAP + 16], gap[HK_CAP + 16];
	uint32_t id[HK_CAP + 16];
	size_t len;
} hk_dirs;

typedef struct hk_scratch {
	_Alignas(64) float bmem[SW_HB_MAX_FLOATS];
	_Alignas(64) float box_fl[SW_HV_BOX_FLOATS];
	_Alignas(64) int32_t box_ix[32];
	/* the directions, and the positions in it of near-parallel edge pairs' directions whose gaps wait
	 * for their full supports (edge_dirs_w) */
	hk_dirs dirs;
	_Alignas(64) int32_t npos[HK_CAP + 16];
	size_t nlen;
	/* edge-pair candidates and their orientation σ (±1, arcs_cross in the reference) */
	_Alignas(64) int32_t ei[HK_CAP + 16], ej[HK_CAP + 16];
	_Alignas(64) float eo[HK_CAP + 16];
	uint64_t yp[SW_HV_MAX_FACES][HK_WORDS], yn[SW_HV_MAX_FACES][HK_WORDS];
	/* the other hull's supporting vertex of each face (as floats), cf. faces() in the reference */
	_Alignas(64) float sup_a[SW_HV_MAX_FACES + 16], sup_b[SW_HV_MAX_FACES + 16];
	/* A's edges that cross some arc of B; B's edges that cross some arc of A, with their arc and face
	 * normal rows copied together (9 rows of stride HK_LIVE) */
	int32_t live_a[SW_HV_MAX_EDGES];
	_Alignas(64) int32_t live_b[SW_HV_MAX_EDGES + 16], lg0[SW_HV_MAX_EDGES + 16], lg1[SW_HV_MAX_EDGES + 16];
	_Alignas(64) float brow[9 * HK_LIVE];
} hk_scratch;

static const _Alignas(64) float hk_iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

/* lanes (x, y, z) to A's frame: R·x (+ p), in sw_mat3_mul's order */
SW_INLINE void rot_w(const sw_mat3 *m, sw_vec3 p, int with_p, sw_fw vx, sw_fw vy, sw_fw vz, sw_fw *ox, sw_fw *oy,
		     sw_fw *oz)
{
	const sw_vec3 *c = m->col;
	sw_fw a = sw_add(sw_add(sw_mul(sw_set1(c[0].x), vx), sw_mul(sw_set1(c[1].x), vy)), sw_mul(sw_set1(c[2].x), vz));
	sw_fw b = sw_add(sw_add(sw_mul(sw_set1(c[0].y), vx), sw_mul(sw_set1(c[1].y), vy)), sw_mul(sw_set1(c[2].y), vz));
	sw_fw d = sw_add(sw_add(sw_mul(sw_set1(c[0].z), vx), sw_mul(sw_set1(c[1].z), vy)), sw_mul(sw_set1(c[2].z), vz));
	if (with_p)
		a = sw_add(a, sw_set1(p.x)), b = sw_add(b, sw_set1(p.y)), d = sw_add(d, sw_set1(p.z));
	*ox = a, *oy = b, *oz = d;
}

/* rows (x, y, z) of n floats to A's frame: R·x (+ p) */
SW_INLINE void xf_rows_w(const sw_mat3 *m, sw_vec3 p, int with_p, const float *x, const float *y, const float *z,
			 size_t n, float *ox, float *oy, float *oz)
{
	for (size_t k = 0; k < n; k += SW_W) {
		sw_fw a, b, d;
		rot_w(m, p, with_p, sw_load(x + k), sw_load(y + k), sw_load(z + k), &a, &b, &d);
		sw_storeu(ox + k, a), sw_storeu(oy + k, b), sw_storeu(oz + k, d);
	}
}

static void bside_hull_w(const sw_hull_pair *pr, float *mem, sw_hull_bside *s)
{
	const sw_hull_view *b = pr->b;
	sw_hull_bside_init(s, b->nv, b->nf, b->ne, b->ef, 0, mem);
	const float *v = b->v, *f = b->f, *e = b->e;
	size_t vs = s->vs, fs = s->fs, es = s->es;
	xf_rows_w(&pr->rab, pr->p, 1, v, v + vs, v + 2 * vs, vs, s->v, s->v + vs, s->v + 2 * vs);
	xf_rows_w(&pr->rab, pr->p, 0, f, f + fs, f + 2 * fs, fs, s->f, s->f + fs, s->f + 2 * fs);
	xf_rows_w(&pr->rab, pr->p, 1, f + SW_HV_PX * fs, f + SW_HV_PY * fs, f + SW_HV_PZ * fs, fs, s->f + 3 * fs,
		  s->f + 4 * fs, s->f + 5 * fs);
	/* the unit directions (the arcs' poles); the first vertices are rotated only for the edge pairs that
	 * need them (edge_dirs_w), with the same operations */
	xf_rows_w(&pr->rab, pr->p, 0, e, e + es, e + 2 * es, es, s->e, s->e + es, s->e + 2 * es);
}

/* ---- the directions buffers and their merge into the pair's state ---- */

typedef struct hk_buf {
	hk_scratch *s;
	const sw_hull_pair *pr;
} hk_buf;

/* merges the directions of d (src/hull3_view.h) into r and empties d. Within d, lanes keep the lowest
 * index among equal values and the lanes are merged by lowest index, so d must hold its directions in
 * feature-id order; between calls the merge is by feature id */
static void hk_flush(hk_dirs *d, sw_vec3 v, sw_hull_red *r)
{
	size_t len = d->len;
	d->len = 0;
	if (!len)
		return;
	const sw_fw vx = sw_set1(v.x), vy = sw_set1(v.y), vz = sw_set1(v.z), zero = sw_set1(0.0f);
	const sw_fw tiny = sw_set1(SW_TINY_SPEED), iota = sw_loadu(hk_iota), flen = sw_set1((float)len);
	sw_fw best_v = sw_set1(-INFINITY), best_i = sw_set1(INFINITY);
	sw_fw in_v = sw_set1(-INFINITY), in_i = sw_set1(INFINITY), out_v = sw_set1(INFINITY);
	unsigned never = 0;
	long sep_at = -1;
	for (size_t k = 0; k < len; k += SW_W) {
		sw_fw idx = sw_add(sw_set1((float)k), iota);
		sw_mw valid = sw_lt(idx, flen);
		sw_fw nx = sw_load(d->nx + k), ny = sw_load(d->ny + k), nz = sw_load(d->nz + k),
		      g = sw_load(d->gap + k);
		sw_fw u = sw_dot3(nx, ny, nz, vx, vy, vz), a = sw_abs(u);
		sw_mw sep = sw_mand(valid, sw_gt(g, zero));
		if (sep_at < 0 && sw_mbits(sep))
			sep_at = (long)k + __builtin_ctz(sw_mbits(sep));
		sw_mw up = sw_mand(valid, sw_gt(g, best_v));
		best_v = sw_sel(up, g, best_v), best_i = sw_sel(up, idx, best_i);
		sw_mw moving = sw_gt(a, tiny);
		never |= sw_mbits(sw_mandnot(moving, sep));
		sw_mw ent = sw_mand(sw_mand(valid, moving), sw_lt(u, zero));
		sw_mw ext = sw_mandnot(sw_lt(u, zero), sw_mand(valid, moving));
		/* −g/a is −(g/a) bit for bit (round to nearest is symmetric) */
		sw_fw t_in = sw_div(g, a), t_out = sw_neg(t_in);
		sw_mw ui = sw_mand(ent, sw_gt(t_in, in_v));
		in_v = sw_sel(ui, t_in, in_v), in_i = sw_sel(ui, idx, in_i);
		out_v = sw_sel(sw_mand(ext, sw_lt(t_out, out_v)), t_out, out_v);
	}
	_Alignas(64) float bv[SW_W], bi[SW_W], iv[SW_W], ii[SW_W], ov[SW_W];
	sw_storeu(bv, best_v), sw_storeu(bi, best_i), sw_storeu(iv, in_v), sw_storeu(ii, in_i), sw_storeu(ov, out_v);
	/* across the lanes, without branches: the largest value, then the lowest index holding it (a lane
	 * that took no direction holds −∞ at index +∞) */
	float bval = bv[0], eval = iv[0], oval = ov[0];
	for (int l = 1; l < SW_W; l++) {
		bval = bv[l] > bval ? bv[l] : bval;
		eval = iv[l] > eval ? iv[l] : eval;
		oval = ov[l] < oval ? ov[l] : oval;
	}
	float bidx = INFINITY, eidx = INFINITY;
	for (int l = 0; l < SW_W; l++) {
		bidx = bv[l] == bval && bi[l] < bidx ? bi[l] : bidx;
		eidx = iv[l] == eval && ii[l] < eidx ? ii[l] : eidx;
	}
	/* the winner's own value: +0 and −0 compare equal, and the lane that held the maximum first may
	 * hold the other zero than the lowest index (the reference keeps the lowest id's value) */
	for (int l = 0; l < SW_W; l++)
		eval = ii[l] == eidx ? iv[l] : eval;
	long b = bidx < INFINITY ? (long)bidx : -1, e = eidx < INFINITY ? (long)eidx : -1;
	if (sep_at >= 0 && (!r->sep0 || d->id[sep_at] < r->sep_id)) {
		r->sep0 = 1;
		r->sep_id = d->id[sep_at];
		r->sep_gap = d->gap[sep_at];
		r->sep_n = sw_v3(d->nx[sep_at], d->ny[sep_at], d->nz[sep_at]);
	}
	if (b >= 0 && (bval > r->best || (bval == r->best && d->id[b] < r->best_id))) {
		r->best = d->gap[b];
		r->best_id = d->id[b];
		r->best_n = sw_v3(d->nx[b], d->ny[b], d->nz[b]);
	}
	if (e >= 0 && (eval > r->t_in || (eval == r->t_in && d->id[e] < r->in_id))) {
		r->t_in = eval;
		r->in_id = d->id[e];
		r->in_n = sw_v3(d->nx[e], d->ny[e], d->nz[e]);
	}
	r->t_out = oval < r->t_out ? oval : r->t_out;
	r->never |= never != 0;
}

/* ---- faces ---- */

static void faces_w(const sw_hull_view *a, const sw_hull_bside *b, hk_buf *bf)
{
	hk_scratch *s = bf->s;
	hk_dirs *d = &s->dirs;
	const float *bx = b->v, *by = b->v + b->vs, *bz = b->v + 2 * (size_t)b->vs;
	for (uint32_t f = 0; f < a->nf; f += SW_W) {
		const float *fr = a->f + f;
		sw_fw nx = sw_load(fr), ny = sw_load(fr + a->fs), nz = sw_load(fr + 2 * (size_t)a->fs);
		sw_fw lo = sw_dot3(nx, ny, nz, sw_set1(bx[0]), sw_set1(by[0]), sw_set1(bz[0])), at = sw_set1(0.0f);
		for (uint32_t k = 1; k < b->nv; k++) {
			sw_fw p = sw_dot3(nx, ny, nz, sw_set1(bx[k]), sw_set1(by[k]), sw_set1(bz[k]));
			sw_mw m = sw_lt(p, lo);
			lo = sw_sel(m, p, lo), at = sw_sel(m, sw_set1((float)k), at);
		}
		sw_storeu(s->sup_a + f, at);
		size_t o = d->len;
		sw_storeu(d->nx + o, nx), sw_storeu(d->ny + o, ny), sw_storeu(d->nz + o, nz);
		sw_storeu(d->gap + o, sw_sub(lo, sw_load(fr + SW_HV_FD * (size_t)a->fs)));
		uint32_t cnt = a->nf - f < SW_W ? a->nf - f : SW_W;
		for (uint32_t l = 0; l < cnt; l++)
			d->id[o + l] = SW_HULL_FEATURE_FACE_A | (f + l);
		d->len += cnt;
	}
	const float *ax = a->v, *ay = a->v + a->vs, *az = a->v + 2 * (size_t)a->vs;
	for (uint32_t g = 0; g < b->nf; g += SW_W) {
		const float *fr = b->f + g;
		size_t fs = b->fs;
		sw_fw nx = sw_neg(sw_load(fr)), ny = sw_neg(sw_load(fr + fs)), nz = sw_neg(sw_load(fr + 2 * fs));
		sw_fw hi = sw_dot3(nx, ny, nz, sw_set1(ax[0]), sw_set1(ay[0]), sw_set1(az[0])), at = sw_set1(0.0f);
		for (uint32_t k = 1; k < a->nv; k++) {
			sw_fw p = sw_dot3(nx, ny, nz, sw_set1(ax[k]), sw_set1(ay[k]), sw_set1(az[k]));
			sw_mw m = sw_gt(p, hi);
			hi = sw_sel(m, p, hi), at = sw_sel(m, sw_set1((float)k), at);
		}
		sw_storeu(s->sup_b + g, at);
		sw_fw on = sw_dot3(nx, ny, nz, sw_load(fr + 3 * fs), sw_load(fr + 4 * fs), sw_load(fr + 5 * fs));
		size_t o = d->len;
		sw_storeu(d->nx + o, nx), sw_storeu(d->ny + o, ny), sw_storeu(d->nz + o, nz);
		sw_storeu(d->gap + o, sw_sub(on, hi));
		uint32_t cnt = b->nf - g < SW_W ? b->nf - g : SW_W;
		for (uint32_t l = 0; l < cnt; l++)
			d->id[o + l] = SW_HULL_FEATURE_FACE_B | (g + l);
		d->len += cnt;
	}
}

/* ---- edge pairs ---- */

/* the gaps of the waiting near-parallel directions from full supports, min_B n·b − max_A n·a over
 * every vertex in the reference's order (full_gap), written into their places in the directions */
static void near_gaps(const sw_hull_view *a, const sw_hull_bside *b, hk_scratch *s)
{
	hk_dirs *d = &s->dirs;
	size_t n = s->nlen;
	s->nlen = 0;
	if (!n)
		return;
	const float *ax = a->v, *ay = a->v + a->vs, *az = a->v + 2 * (size_t)a->vs;
	const float *bx = b->v, *by = b->v + b->vs, *bz = b->v + 2 * (size_t)b->vs;
	for (size_t l = n; l < (n + SW_W - 1) / SW_W * SW_W; l++)
		s->npos[l] = s->npos[n - 1];
	for (size_t k = 0; k < n; k += SW_W) {
		const int32_t *at = s->npos + k;
		sw_fw nx = sw_gather(d->nx, at), ny = sw_gather(d->ny, at), nz = sw_gather(d->nz, at);
		sw_fw lo = sw_dot3(nx, ny, nz, sw_set1(bx[0]), sw_set1(by[0]), sw_set1(bz[0]));
		for (uint32_t q = 1; q < b->nv; q++) {
			sw_fw p = sw_dot3(nx, ny, nz, sw_set1(bx[q]), sw_set1(by[q]), sw_set1(bz[q]));
			lo = sw_sel(sw_lt(p, lo), p, lo);
		}
		sw_fw hi = sw_dot3(nx, ny, nz, sw_set1(ax[0]), sw_set1(ay[0]), sw_set1(az[0]));
		for (uint32_t q = 1; q < a->nv; q++) {
			sw_fw p = sw_dot3(nx, ny, nz, sw_set1(ax[q]), sw_set1(ay[q]), sw_set1(az[q]));
			hi = sw_sel(sw_gt(p, hi), p, hi);
		}
		_Alignas(64) float g[SW_W];
		sw_storeu(g, sw_sub(lo, hi));
		size_t cnt = n - k < SW_W ? n - k : SW_W;
		for (size_t l = 0; l < cnt; l++)
			d->gap[at[l]] = g[l];
	}
}

/* turns candidates [0, n) of ei/ej/eo into directions: n = σ·c/|c| with c = sw_hv_edge_cross(u_a, u_b),
 * gap n·(b_e0 − a_e0), or, below SW_HULL_NEAR_PARALLEL, the gap of full supports (near_gaps, before the
 * directions are merged); a zero or denormal |c|² gives no direction (a NaN gap, which takes part in no
 * rule) */
static __attribute__((noinline)) void edge_dirs_w(const sw_hull_view *a, const sw_hull_bside *b, size_t n, hk_buf *bf,
						  sw_vec3 v, sw_hull_red *r)
{
	hk_scratch *s = bf->s;
	hk_dirs *d = &s->dirs;
	const float *ae = a->e, *be = b->e;
	size_t as = a->es, bs = b->es;
	/* B's local first vertices (a hull or a box), rotated per candidate */
	const float *le = b->tri ? NULL : bf->pr->b->e;
	size_t ls = b->tri ? 0 : bf->pr->b->es;
	const sw_fw one = sw_set1(1.0f), zero = sw_set1(0.0f), qnan = sw_set1(NAN);
	const sw_fw tiny = sw_set1(FLT_MIN), near = sw_set1(SW_HULL_NEAR_PARALLEL);
	size_t len = d->len, nlen = s->nlen;
	for (size_t k = 0; k < n; k += SW_W) {
		if (len + SW_W > HK_CAP) {
			d->len = len, s->nlen = nlen;
			near_gaps(a, b, s);
			hk_flush(d, v, r);
			len = nlen = 0;
		}
		const int32_t *i = s->ei + k, *j = s->ej + k;
		sw_fw ux = sw_gather(ae, i), uy = sw_gather(ae + as, i), uz = sw_gather(ae + 2 * as, i);
		sw_fw wx = sw_gather(be, j), wy = sw_gather(be + bs, j), wz = sw_gather(be + 2 * bs, j), ox, oy, oz;
		if (!le) {
			ox = sw_gather(be + SW_HB_OX * bs, j), oy = sw_gather(be + SW_HB_OY * bs, j);
			oz = sw_gather(be + SW_HB_OZ * bs, j);
		} else {
			/* to A's frame as in xf_rows_w */
			rot_w(&bf->pr->rab, bf->pr->p, 1, sw_gather(le + SW_HV_OX * ls, j),
			      sw_gather(le + SW_HV_OY * ls, j), sw_gather(le + SW_HV_OZ * ls, j), &ox, &oy, &oz);
		}
		/* sw_hv_edge_cross: u_a × (u_b ∓ u_a) */
		sw_mw opp = sw_lt(sw_dot3(ux, uy, uz, wx, wy, wz), zero);
		wx = sw_sel(opp, sw_add(wx, ux), sw_sub(wx, ux));
		wy = sw_sel(opp, sw_add(wy, uy), sw_sub(wy, uy));
		wz = sw_sel(opp, sw_add(wz, uz), sw_sub(wz, uz));
		sw_fw cx = sw_sub(sw_mul(uy, wz), sw_mul(uz, wy));
		sw_fw cy = sw_sub(sw_mul(uz, wx), sw_mul(ux, wz));
		sw_fw cz = sw_sub(sw_mul(ux, wy), sw_mul(uy, wx));
		sw_fw l2 = sw_dot3(cx, cy, cz, cx, cy, cz);
		/* 1/|c| with σ: σ·(c·(1/|c|)) is the reference's n bit for bit (σ = ±1) */
		sw_fw sc = sw_div(one, sw_sqrt(l2)), o = sw_load(s->eo + k);
		sw_fw nx = sw_mul(sw_mul(cx, sc), o), ny = sw_mul(sw_mul(cy, sc), o), nz = sw_mul(sw_mul(cz, sc), o);
		sw_fw dx = sw_sub(ox, sw_gather(ae + SW_HV_OX * as, i));
		sw_fw dy = sw_sub(oy, sw_gather(ae + SW_HV_OY * as, i));
		sw_fw dz = sw_sub(oz, sw_gather(ae + SW_HV_OZ * as, i));
		sw_mw some = sw_ge(l2, tiny), far = sw_ge(l2, near);
		sw_fw g = sw_sel(far, sw_dot3(nx, ny, nz, dx, dy, dz), qnan);
		size_t cnt = n - k < SW_W ? n - k : SW_W;
		sw_storeu(d->nx + len, nx), sw_storeu(d->ny + len, ny), sw_storeu(d->nz + len, nz);
		sw_storeu(d->gap + len, g);
		for (size_t l = 0; l < cnt; l++)
			d->id[len + l] = SW_HULL_FEATURE_EDGES | (uint32_t)i[l] << 8 | (uint32_t)j[l];
		/* the near-parallel lanes wait for near_gaps */
		for (unsigned m = sw_mbits(sw_mandnot(far, some)) & ((1u << cnt) - 1u); m; m &= m - 1)
			s->npos[nlen++] = (int32_t)(len + (unsigned)__builtin_ctz(m));
		len += cnt;
	}
	d->len = len, s->nlen = nlen;
}

/* turns the n listed candidates into directions when `room` more would not fit (room 0: always) and
 * empties the list; the list is padded to a whole chunk with copies of its last candidate first, so
 * the gathers stay in range */
SW_INLINE size_t drain_cands(const sw_hull_view *a, const sw_hull_bside *b, size_t n, size_t room, hk_buf *bf,
			     sw_vec3 v, sw_hull_red *r)
{
	if (!n || (room && n + room <= HK_CAP))
		return n;
	hk_scratch *s = bf->s;
	for (size_t l = n; l < ((n + SW_W - 1) / SW_W) * SW_W; l++)
		s->ei[l] = s->ei[n - 1], s->ej[l] = s->ej[n - 1], s->eo[l] = s->eo[n - 1];
	edge_dirs_w(a, b, n, bf, v, r);
	return 0;
}

/* bit sets over `count` elements of `rows` (x, y, z rows of stride st) of the sign of m·row, for each
 * of the nm normals m (rows mx, my, mz of stride ms) */
static void sign_table(const float *mx, size_t ms, uint32_t nm, const float *rows, size_t st, uint32_t count,
		       uint64_t (*pos)[HK_WORDS], uint64_t (*neg)[HK_WORDS])
{
	const sw_fw zero = sw_set1(0.0f);
	for (uint32_t g = 0; g < nm; g++) {
		sw_fw m0 = sw_set1(mx[g]), m1 = sw_set1(mx[ms + g]), m2 = sw_set1(mx[2 * ms + g]);
		for (uint32_t w0 = 0; w0 < count; w0 += 64) {
			/* one 64-bit word: its chunks' sign masks, then the lanes past `count` cleared */
			uint32_t end = count - w0 < 64 ? count : w0 + 64;
			uint64_t bp = 0, bn = 0;
			for (uint32_t i = w0; i < end; i += SW_W) {
				sw_fw x = sw_dot3(m0, m1, m2, sw_load(rows + i), sw_load(rows + st + i),
						  sw_load(rows + 2 * st + i));
				bp |= (uint64_t)sw_mbits(sw_gt(x, zero)) << (i - w0);
				bn |= (uint64_t)sw_mbits(sw_lt(x, zero)) << (i - w0);
			}
			uint64_t keep = end - w0 == 64 ? ~(uint64_t)0 : ((uint64_t)1 << (end - w0)) - 1;
			pos[g][w0 >> 6] = bp & keep;
			neg[g][w0 >> 6] = bn & keep;
		}
	}
}

static void edges_hull_w(const sw_hull_view *a, const sw_hull_bside *b, hk_buf *bf, sw_vec3 v, sw_hull_red *r)
{
	hk_scratch *s = bf->s;
	/* the edges whose arcs leave their region of the other hull's Gauss map (the reference's pruning) */
	uint32_t na = 0, nb = 0;
	for (uint32_t i = 0; i < a->ne; i++)
		if (s->sup_a[a->ef[i]] != s->sup_a[a->ef[a->es + i]])
			s->live_a[na++] = (int32_t)i;
	const size_t es = b->es, fs = b->fs;
	for (uint32_t j = 0; j < b->ne; j++) {
		int32_t g0 = b->ef[j], g1 = b->ef[es + j];
		s->live_b[nb] = (int32_t)j, s->lg0[nb] = g0, s->lg1[nb] = g1;
		nb += s->sup_b[g0] != s->sup_b[g1];
	}
	if (!na || !nb)
		return;
	for (uint32_t k = nb; k < (nb + SW_W - 1) / SW_W * SW_W; k++)
		s->live_b[k] = s->live_b[0], s->lg0[k] = s->lg0[0], s->lg1[k] = s->lg1[0];
	/* the live edges' arc poles −u, then the normals of their faces f0 and f1 (B's face rows: the
	 * same rotated bits), gathered into rows of stride HK_LIVE */
	for (uint32_t k = 0; k < nb; k += SW_W) {
		const int32_t *lj = s->live_b + k, *l0 = s->lg0 + k, *l1 = s->lg1 + k;
		for (int q = 0; q < 3; q++) {
			sw_storeu(s->brow + q * HK_LIVE + k, sw_neg(sw_gather(b->e + (size_t)(SW_HB_UX + q) * es, lj)));
			sw_storeu(s->brow + (3 + q) * HK_LIVE + k, sw_gather(b->f + q * fs, l0));
			sw_storeu(s->brow + (6 + q) * HK_LIVE + k, sw_gather(b->f + q * fs, l1));
		}
	}
	/* Y: A's faces against the live B arcs (dot(n_f, arc_b)), as sign bits over them */
	sign_table(a->f, a->fs, a->nf, s->brow, HK_LIVE, nb, s->yp, s->yn);
	const sw_fw zero = sw_set1(0.0f);
	const float *m0 = s->brow + 3 * HK_LIVE, *m1 = s->brow + 6 * HK_LIVE;
	const float *ua = a->e + (size_t)SW_HV_UX * a->es;
	size_t n = 0;
	for (uint32_t li = 0; li < na; li++) {
		uint32_t i = (uint32_t)s->live_a[li];
		int32_t f0 = a->ef[i], f1 = a->ef[a->es + i];
		const uint64_t *yp0 = s->yp[f0], *yn0 = s->yn[f0], *yp1 = s->yp[f1], *yn1 = s->yn[f1];
		/* A's arc pole −u_i */
		sw_fw ax = sw_set1(-ua[i]), ay = sw_set1(-ua[a->es + i]), az = sw_set1(-ua[2 * (size_t)a->es + i]);
		for (uint32_t j = 0; j < nb; j += SW_W) {
			/* live B edges j.. in lanes: x0 = n_g0·(−u_i) and x1 = n_g1·(−u_i) (the reference's) */
			sw_fw x0 = sw_dot3(sw_load(m0 + j), sw_load(m0 + HK_LIVE + j), sw_load(m0 + 2 * HK_LIVE + j),
					   ax, ay, az);
			sw_fw x1 = sw_dot3(sw_load(m1 + j), sw_load(m1 + HK_LIVE + j), sw_load(m1 + 2 * HK_LIVE + j),
					   ax, ay, az);
			uint64_t p = sw_mbits(sw_mand(sw_lt(x0, zero), sw_gt(x1, zero)));
			uint64_t q = sw_mbits(sw_mand(sw_gt(x0, zero), sw_lt(x1, zero)));
			uint32_t w = j >> 6, sh = j & 63;
			/* x0 < 0 < x1 needs y0 < 0 < y1, and x0 > 0 > x1 needs y0 > 0 > y1: then s(x0)·s(x1),
			 * s(y0)·s(y1) and s(x0)·s(y1) are all −1 (bits past nb are clear in the Y table) */
			uint64_t cp = p & ((yn0[w] & yp1[w]) >> sh) & SW_ALL_LANES;
			uint64_t cand = cp | (q & ((yp0[w] & yn1[w]) >> sh) & SW_ALL_LANES);
			/* σ = s(y1): +1 for the first kind, −1 for the second */
			while (cand) {
				unsigned l = (unsigned)__builtin_ctzll(cand);
				s->ei[n] = (int32_t)i, s->ej[n] = s->live_b[j + l];
				s->eo[n++] = cp >> l & 1 ? 1.0f : -1.0f;
				cand &= cand - 1;
			}
		}
		n = drain_cands(a, b, n, nb, bf, v, r);
	}
	drain_cands(a, b, n, 0, bf, v, r);
}

static void edges_tri_w(const sw_hull_view *a, const sw_hull_bside *b, hk_buf *bf, sw_vec3 v, sw_hull_red *r)
{
	hk_scratch *s = bf->s;
	const sw_fw zero = sw_set1(0.0f);
	sw_fw ux[3], uy[3], uz[3], mx[3], my[3], mz[3];
	for (int j = 0; j < 3; j++) {
		ux[j] = sw_set1(b->e[j]), uy[j] = sw_set1(b->e[b->es + j]), uz[j] = sw_set1(b->e[2 * b->es + j]);
		mx[j] = sw_set1(b->e[3 * b->es + j]), my[j] = sw_set1(b->e[4 * b->es + j]);
		mz[j] = sw_set1(b->e[5 * b->es + j]);
	}
	size_t fs = a->fs, n = 0;
	for (uint32_t i = 0; i < a->ne; i += SW_W) {
		const int32_t *f0 = a->ef + i, *f1 = a->ef + a->es + i;
		sw_fw a0x = sw_gather(a->f, f0), a0y = sw_gather(a->f + fs, f0), a0z = sw_gather(a->f + 2 * fs, f0);
		sw_fw a1x = sw_gather(a->f, f1), a1y = sw_gather(a->f + fs, f1), a1z = sw_gather(a->f + 2 * fs, f1);
		unsigned hit[3], neg[3];
		for (int j = 0; j < 3; j++) {
			sw_fw al = sw_dot3(a0x, a0y, a0z, ux[j], uy[j], uz[j]),
			      be = sw_dot3(a1x, a1y, a1z, ux[j], uy[j], uz[j]);
			sw_fw fa = sw_abs(al), fb = sw_abs(be);
			sw_fw qx = sw_add(sw_mul(fb, a0x), sw_mul(fa, a1x));
			sw_fw qy = sw_add(sw_mul(fb, a0y), sw_mul(fa, a1y));
			sw_fw qz = sw_add(sw_mul(fb, a0z), sw_mul(fa, a1z));
			sw_mw up = sw_mand(sw_lt(al, zero), sw_gt(be, zero));
			sw_mw opp = sw_mor(up, sw_mand(sw_gt(al, zero), sw_lt(be, zero)));
			hit[j] = sw_mbits(sw_mand(opp, sw_lt(sw_dot3(qx, qy, qz, mx[j], my[j], mz[j]), zero)));
			neg[j] = sw_mbits(up); /* σ = −s(β) */
		}
		/* A's edges whose arc leaves its region of the triangle (the reference's pruning), and the
		 * lanes past ne */
		uint32_t cnt = a->ne - i < SW_W ? a->ne - i : SW_W;
		unsigned live = sw_mbits(sw_mnot(sw_eq(sw_gather(s->sup_a, f0), sw_gather(s->sup_a, f1))));
		live &= cnt == SW_W ? SW_ALL_LANES : (1u << cnt) - 1u;
		for (int j = 0; j < 3; j++)
			hit[j] &= live;
		for (unsigned m = hit[0] | hit[1] | hit[2]; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctz(m);
			for (int j = 0; j < 3; j++) {
				s->ei[n] = (int32_t)(i + l), s->ej[n] = j;
				s->eo[n] = neg[j] >> l & 1u ? -1.0f : 1.0f;
				n += hit[j] >> l & 1u;
			}
		}
		n = drain_cands(a, b, n, 3 * SW_W, bf, v, r);
	}
	drain_cands(a, b, n, 0, bf, v, r);
}

/* the state over every direction of a prepared pair (cf. gaps() in ref/hull3_sat.c) */
static void gaps_w(const sw_hull_pair *pr, const sw_hull_bside *tri, int sweep, hk_scratch *s, sw_hull_red *r)
{
	sw_hull_bside bs;
	const sw_hull_bside *b = tri;
	if (!b) {
		bside_hull_w(pr, s->bmem, &bs);
		b = &bs;
	}
	sw_hull_red_init(r);
	hk_buf bf = {s, pr};
	s->dirs.len = s->nlen = 0;
	faces_w(pr->a, b, &bf);
	hk_flush(&s->dirs, pr->v, r);
	if (sweep ? sw_hull_red_doomed(r, pr->front) : r->sep0)
		return;
	if (b->tri)
		edges_tri_w(pr->a, b, &bf, pr->v, r);
	else
		edges_hull_w(pr->a, b, &bf, pr->v, r);
	near_gaps(pr->a, b, s);
	hk_flush(&s->dirs, pr->v, r);
}

_Static_assert(sizeof(hk_scratch) <= SW_SCRATCH, "the hull kernel's rows fit the pipeline's scratch");

/* pairs [off, off + n) of a hull call: per pair the shared scalar set-up (the source), the lanes over
 * its directions (the core), the shared answer writer (the store) */
static void hull_pairs(const sw_job *j, sw_hull_b_kind kind, int sweep)
{
	sw_hull_call call = sw_hull_call_of(j, kind, sweep);
	const sw_hull_call *c = &call;
	hk_scratch *s = j->scratch;
	_Alignas(64) float tri_mem[SW_HB_TRI_FLOATS];
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_hull_view av, bv;
		sw_hull_bside tri;
		sw_hull_pair pr;
		int st = sw_hull_pair_prepare(c, k, &av, &bv, s->box_fl, s->box_ix, tri_mem, &tri, &pr);
		sw_hull_red r;
		if (st == 1)
			gaps_w(&pr, c->kind == SW_HULL_B_TRI ? &tri : NULL, c->sweep, s, &r);
		sw_hull_pair_write(c, k, st, &pr, &r);
	}
}

static void hull3_sweep_kernel(const sw_job *j) { hull_pairs(j, SW_HULL_B_HULL, 1); }
static void hull3_overlap_kernel(const sw_job *j) { hull_pairs(j, SW_HULL_B_HULL, 0); }
static void hull3_obb3_sweep_kernel(const sw_job *j) { hull_pairs(j, SW_HULL_B_OBB, 1); }
static void hull3_obb3_overlap_kernel(const sw_job *j) { hull_pairs(j, SW_HULL_B_OBB, 0); }
static void hull3_tri3_sweep_kernel(const sw_job *j) { hull_pairs(j, SW_HULL_B_TRI, 1); }
static void hull3_tri3_overlap_kernel(const sw_job *j) { hull_pairs(j, SW_HULL_B_TRI, 0); }

SW_EXPORT(hull3_sweep)
SW_EXPORT(hull3_overlap)
SW_EXPORT(hull3_obb3_sweep)
SW_EXPORT(hull3_obb3_overlap)
SW_EXPORT(hull3_tri3_sweep)
SW_EXPORT(hull3_tri3_overlap)
