/* src/split_hull.c — reference split of a convex hull by a thick plane into two closed hulls with a
 * cap face, and the volume and centroid of each side without building them.
 *
 * Split: the vertices are classified once (src/split_item.h); each straddling edge gets one split point,
 * made from its front end, which both of its faces use. Every face is split as a polygon is: whole to
 * its side when it does not straddle (all ON: to the front), else by the on-vertex rule of its loop
 * (vertex ids, equal consecutive ids merged, split points equal to an end vertex merged into it,
 * faces left with fewer than 3 vertices dropped). Each face is thus partitioned between the sides,
 * so the front faces and the back faces are two open surfaces with one common boundary along the
 * cut; each piece's cap is that boundary chained in reverse, which keeps every edge used once in
 * each direction. The piece then goes through sw_hull3_from_faces (planes, edges, directions,
 * centroid and every check of sw_hull3_check). When the check fails — a cap nearly coplanar with a
 * clipped face, sliver faces from split points next to vertices, ON vertices off the plane bending
 * the cap, split points rounded off their faces far from the origin, or a boundary that is not one
 * simple loop — the piece is rebuilt by sw_hull3_build from its vertices, which merges what float32
 * cannot separate and gives a piece thinner than its plane thickness as a flat hull (the cut polygon);
 * only a piece the builder refuses too (within eps of a line) is returned empty.
 *
 * Flat hulls (two faces, a polygon and its reverse) are split as their face 0 is, and each piece is
 * given back in the flat representation; they have no volume.
 *
 * Mass: volume = Σ over the faces' parts of the cones from a point r of the cut plane, fanned from
 * each part's first vertex (tetrahedra r, w0, w_k, w_k+1; centroid of each (r + w0 + w_k + w_k+1)/4).
 * The cap, a face in the plane through r, adds cones of zero height, so it is never built; its actual
 * bend (ON vertices up to eps off the plane) is the only difference from the split's pieces. Sums in
 * coordinates relative to r scaled by a power of two (exact), as for polygons. */
#include "split_item.h"

#include "hull3_int.h"

#include <string.h>

/* the hull's vertices classified */
typedef struct hclass {
	float s[SW_HULL_MAX_VERTS];
	unsigned c[SW_HULL_MAX_VERTS];
	unsigned cls;
} hclass;

/* split points of the straddling edges, keyed by their end vertices (a < b) */
typedef struct xtab {
	uint32_t n;
	uint8_t a[SW_HULL_MAX_EDGES], b[SW_HULL_MAX_EDGES];
	float x[SW_HULL_MAX_EDGES][3];
} xtab;

static void classify(const sw_hull3 *h, const sw_split_plane *pl, hclass *hc)
{
	hc->cls = 0;
	for (uint32_t i = 0; i < h->num_verts; i++) {
		hc->s[i] = sw_split_dist(3, pl, &h->verts[i].x);
		hc->c[i] = sw_split_side(pl, hc->s[i]);
		hc->cls |= hc->c[i];
	}
}

static void split_points(const sw_hull3 *h, const hclass *hc, xtab *xt)
{
	xt->n = 0;
	for (uint32_t e = 0; e < h->num_edges; e++) {
		uint32_t a = h->edges[e].v[0], b = h->edges[e].v[1];
		if ((hc->c[a] | hc->c[b]) != 3)
			continue;
		xt->a[xt->n] = (uint8_t)a;
		xt->b[xt->n] = (uint8_t)b;
		sw_split_point(3, &h->verts[a].x, &h->verts[b].x, hc->s[a], hc->s[b], hc->c[a], xt->x[xt->n]);
		xt->n++;
	}
}

static uint32_t xfind(const xtab *xt, uint32_t a, uint32_t b)
{
	uint32_t lo = a < b ? a : b, hi = a < b ? b : a, j = 0;
	while (j < xt->n && !(xt->a[j] == lo && xt->b[j] == hi))
		j++;
	return j;
}

/* ---- one piece ---- */

typedef struct piece {
	uint32_t nv, nf, ni;          /* vertices, faces, loop indices */
	int vid[SW_HULL_MAX_VERTS];   /* piece id of a hull vertex, −1 */
	int xid[SW_HULL_MAX_EDGES];   /* piece id of a split point, −1 */
	sw_vec3 v[SW_HULL_MAX_VERTS]; /* positions by id */
	uint32_t fsize[SW_HULL_MAX_FACES];
	uint32_t idx[SW_HULL_MAX_FACE_INDICES];
	uint64_t he[SW_HULL_MAX_VERTS];  /* bit b of he[a]: a loop runs a → b */
	int bad;                         /* the loops are not a clean open surface */
	int src;                         /* the hull face of the loop being made, −1 for the cap */
	int cut;                         /* the loop being made is a cut face or the cap */
	int16_t fsrc[SW_HULL_MAX_FACES]; /* each face's hull face, −1 for the cap */
	uint64_t fresh_f[2];             /* the cut faces and the cap */
	uint64_t fresh_v;                /* the split points that are new vertices */
} piece;

static int vert_id(piece *P, const sw_hull3 *h, uint32_t i)
{
	if (P->vid[i] < 0) {
		P->vid[i] = (int)P->nv;
		P->v[P->nv++] = h->verts[i];
	}
	return P->vid[i];
}

/* a split point equal to an end vertex (bitwise) is that vertex */
static int x_id(piece *P, const sw_hull3 *h, const xtab *xt, uint32_t j)
{
	if (P->xid[j] < 0) {
		const float *x = xt->x[j];
		if (sw_split_same(3, x, &h->verts[xt->a[j]].x))
			P->xid[j] = vert_id(P, h, xt->a[j]);
		else if (sw_split_same(3, x, &h->verts[xt->b[j]].x))
			P->xid[j] = vert_id(P, h, xt->b[j]);
		else {
			P->xid[j] = (int)P->nv;
			P->fresh_v |= (uint64_t)1 << P->nv;
			P->v[P->nv++] = sw_v3(x[0], x[1], x[2]);
		}
	}
	return P->xid[j];
}

static void push(piece *P, uint32_t start, uint32_t id)
{
	if (P->ni > start && P->idx[P->ni - 1] == id)
		return;
	if (P->ni >= SW_HULL_MAX_FACE_INDICES) {
		P->bad = 1;
		return;
	}
	P->idx[P->ni++] = id;
}

/* closes a face's loop: merges last into first, drops it under 3 vertices, records its half-edges */
static void end_face(piece *P, uint32_t start)
{
	if (P->ni - start >= 2 && P->idx[P->ni - 1] == P->idx[start])
		P->ni--;
	uint32_t m = P->ni - start;
	if (m < 3 || P->nf >= SW_HULL_MAX_FACES) {
		P->bad |= m >= 3;
		P->ni = start;
		return;
	}
	for (uint32_t k = 0; k < m; k++) {
		uint32_t a = P->idx[start + k], b = P->idx[start + (k + 1) % m];
		P->bad |= (int)(P->he[a] >> b & 1); /* an edge twice in one direction */
		P->he[a] |= (uint64_t)1 << b;
	}
	P->fsrc[P->nf] = (int16_t)P->src;
	P->fresh_f[P->nf >> 6] |= (uint64_t)(P->cut != 0) << (P->nf & 63);
	P->fsize[P->nf++] = m;
}

/* a face's class: the OR of its vertices' sides */
static unsigned face_class(const sw_hull3 *h, const hclass *hc, uint32_t f)
{
	const uint8_t *lp = &h->face_verts[h->faces[f].first];
	unsigned fc = 0;
	for (uint32_t k = 0; k < h->faces[f].count; k++)
		fc |= hc->c[lp[k]];
	return fc;
}

/* each face as the polygon split treats it: whole on its side (coplanar faces in front), or cut; a
 * flat hull's face 0 only (face 1 is its reverse) */
static void clip_faces(piece *P, const sw_hull3 *h, const hclass *hc, const xtab *xt, unsigned side)
{
	uint32_t nf = h->num_faces == 2 ? 1 : h->num_faces;
	for (uint32_t f = 0; f < nf; f++) {
		const uint8_t *lp = &h->face_verts[h->faces[f].first];
		uint32_t m = h->faces[f].count, start = P->ni;
		unsigned fc = face_class(h, hc, f), whole = fc == side || (side == 1 && fc == 0);
		if (!whole && fc != 3)
			continue;
		P->src = (int)f;
		P->cut = !whole;
		for (uint32_t k = 0, prev = lp[m - 1]; k < m; prev = lp[k++]) {
			uint32_t a = lp[k], b = lp[k + 1 == m ? 0 : k + 1];
			unsigned ca = hc->c[a], cb = hc->c[b];
			if (whole || (side == 1 ? sw_split_to_front(ca) : sw_split_to_back(ca, hc->c[prev], cb)))
				push(P, start, (uint32_t)vert_id(P, h, a));
			if (whole || (ca | cb) != 3)
				continue;
			uint32_t j = xfind(xt, a, b);
			if (j < xt->n)
				push(P, start, (uint32_t)x_id(P, h, xt, j));
			P->bad |= j == xt->n; /* a loop edge without its record */
		}
		end_face(P, start);
	}
}

/* the cap: every half-edge a → b without its twin, reversed and chained into one loop */
static void add_cap(piece *P)
{
	int next[SW_HULL_MAX_VERTS];
	uint32_t nb = 0, start = P->ni;
	for (uint32_t a = 0; a < P->nv; a++)
		next[a] = -1;
	for (uint32_t a = 0; a < P->nv; a++) {
		for (uint64_t bits = P->he[a]; bits; bits &= bits - 1) {
			uint32_t b = sw_low_bit(bits);
			if (P->he[b] >> a & 1)
				continue;
			P->bad |= next[b] >= 0;
			next[b] = (int)a;
			nb++;
		}
	}
	uint32_t v0 = 0;
	while (v0 < P->nv && next[v0] < 0)
		v0++;
	if (P->bad || nb < 3 || v0 == P->nv) {
		P->bad = 1;
		return;
	}
	uint32_t v = v0, steps = 0;
	P->src = -1;
	P->cut = 1;
	do {
		push(P, start, v);
		v = (uint32_t)next[v];
		steps++;
	} while (v != v0 && steps < nb);
	P->bad |= v != v0 || steps != nb;
	if (!P->bad)
		end_face(P, start);
}

/* a flat hull's piece: face 0's clipped loop, whose ids run 0, 1, …, k − 1 as they were met, and
 * its reverse (the flat representation of swept/hull3.h) */
static sw_error flat_piece(piece *P, sw_hull3 *out)
{
	uint32_t k = P->nf == 1 ? P->fsize[0] : 0;
	for (uint32_t i = 0; i < k; i++)
		if (P->idx[i] != i)
			return SW_ERR_NUMERIC;
	if (k < 3 || k != P->nv)
		return SW_ERR_NUMERIC;
	P->fsize[1] = k;
	P->idx[k] = 0;
	for (uint32_t i = 1; i < k; i++)
		P->idx[k + i] = k - i;
	P->nf = 2;
	return sw_hull3_from_faces(P->v, P->nv, P->fsize, P->idx, 2, out);
}

static void empty_hull(sw_hull3 *out)
{
	out->num_verts = out->num_faces = out->num_edges = out->num_dirs = 0;
	out->centroid = sw_v3(0, 0, 0);
	out->radius = out->eps = out->tol = 0;
	out->seal = 0;
}

/* a solid piece made directly from its loops: the hull's vertices and planes where kept (faces cut
 * keep their hull face's plane), the cap's plane −u in front, u behind, at the support of the piece's
 * vertices; the hull's eps and tol; edge records, directions, centroid and radius as
 * sw_hull3_from_faces makes them. Then only what the cut made is judged (sw_hull3_validate_piece_:
 * the piece then passes sw_hull3_check); 0 when it fails, and the piece goes the general way. */
static int direct_piece(const sw_hull3 *h, const piece *P, const float *u, unsigned side, sw_hull3 *out)
{
	out->num_verts = P->nv;
	out->num_faces = P->nf;
	memcpy(out->verts, P->v, P->nv * sizeof P->v[0]);
	const double n_cap[3] = {side == 1 ? -u[0] : u[0], side == 1 ? -u[1] : u[1], side == 1 ? -u[2] : u[2]};
	double d_cap = -INFINITY;
	for (uint32_t v = 0; v < P->nv; v++) {
		const double a[3] = {P->v[v].x, P->v[v].y, P->v[v].z};
		double d = sw_hd_dot(n_cap, a);
		d_cap = d > d_cap ? d : d_cap;
	}
	for (uint32_t f = 0, at = 0; f < P->nf; at += P->fsize[f++]) {
		sw_hull_face *fc = &out->faces[f];
		fc->first = (uint16_t)at;
		fc->count = (uint16_t)P->fsize[f];
		for (uint32_t k = 0; k < P->fsize[f]; k++)
			out->face_verts[at + k] = (uint8_t)P->idx[at + k];
		if (P->fsrc[f] >= 0) {
			fc->normal = h->faces[P->fsrc[f]].normal;
			fc->d = h->faces[P->fsrc[f]].d;
		} else {
			fc->normal = sw_v3((float)n_cap[0], (float)n_cap[1], (float)n_cap[2]);
			fc->d = nextafterf((float)d_cap, INFINITY);
		}
	}
	out->eps = h->eps;
	out->tol = h->tol;
	if (sw_hull3_pair_edges_(out, out->edges, &out->num_edges, NULL, 0) != SW_HULL_OK)
		return 0;
	sw_hull3_edge_dirs_(out);
	double c[3], unused_e, unused_t, r[SW_HULL_MAX_VERTS][3];
	sw_hull3_tolerances_(out->verts, out->num_verts, 0.0, c, &unused_e, &unused_t);
	sw_hull3_rel_verts_(out, c, r);
	if (!(sw_hull3_centroid_radius_(out, c, (const double(*)[3])r) > 0))
		return 0;
	if (sw_hull3_validate_piece_(out, P->fresh_f, P->fresh_v) != SW_HULL_OK)
		return 0;
	sw_hull3_put_seal_(out); /* it passes sw_hull3_check (sw_hull3_validate_piece_) */
	return 1;
}

/* the piece of one side (1 front, 2 back); returns its vertex count (0: empty) */
static uint32_t build_piece(const sw_hull3 *h, const sw_split_plane *pl, const hclass *hc, const xtab *xt,
			    unsigned side, sw_hull3 *out)
{
	piece P;
	P.nv = P.nf = P.ni = 0;
	P.bad = 0;
	P.fresh_f[0] = P.fresh_f[1] = P.fresh_v = 0;
	memset(P.vid, -1, sizeof P.vid);
	memset(P.xid, -1, sizeof P.xid);
	memset(P.he, 0, sizeof P.he);
	clip_faces(&P, h, hc, xt, side);
	int flat = h->num_faces == 2;
	if (!P.bad && !flat)
		add_cap(&P);
	if (!P.bad && !flat && direct_piece(h, &P, pl->u, side, out))
		return out->num_verts;
	sw_error st = SW_ERR_NUMERIC;
	if (!P.bad)
		st = flat ? flat_piece(&P, out) : sw_hull3_from_faces(P.v, P.nv, P.fsize, P.idx, P.nf, out);
	if (st != SW_OK) /* the builder merges what float32 cannot separate; a thin piece comes out flat */
		st = sw_hull3_build(P.v, P.nv, NULL, out);
	if (st != SW_OK)
		empty_hull(out);
	return out->num_verts;
}

/* ---- entry points ---- */

/* the input contract: a checked hull (or a trusted one in range) whose pieces fit (kept vertices +
 * split points per side) */
static int hull_ok(const sw_hull3 *h, const sw_split_plane *pl, int checked)
{
	return pl && h && h->num_verts <= SW_HULL_MAX_VERTS && h->num_edges <= SW_HULL_MAX_EDGES &&
	       (checked ? sw_hull3_in_range_(h) : sw_hull3_check(h) == SW_OK);
}

static int pieces_fit(const sw_hull3 *h, const hclass *hc, uint32_t nx)
{
	uint32_t nf = 0, nb = 0;
	for (uint32_t i = 0; i < h->num_verts; i++) {
		nf += hc->c[i] != 2;
		nb += hc->c[i] != 1;
	}
	return nf + nx <= SW_HULL_MAX_VERTS && nb + nx <= SW_HULL_MAX_VERTS;
}

sw_status sw_split_hull_ref(const sw_hull3 *h, const sw_split_plane *pl, int checked, sw_hull3 *front, sw_hull3 *back,
			    sw_split_output *out)
{
	hclass hc;
	xtab xt;
	if (!hull_ok(h, pl, checked)) {
		sw_split_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	classify(h, pl, &hc);
	out->cls = (sw_split_class)hc.cls;
	out->status = hc.cls == SW_SPLIT_STRADDLE ? SW_HIT : SW_MISS;
	out->front_count = out->back_count = 0;
	if (hc.cls != SW_SPLIT_STRADDLE) {
		unsigned side = hc.cls ? hc.cls : 1;
		sw_hull3 *to = side == 1 ? front : back, *other = side == 1 ? back : front;
		if (to)
			*to = *h;
		if (other)
			empty_hull(other);
		*(side == 1 ? &out->front_count : &out->back_count) = h->num_verts;
		return out->status;
	}
	split_points(h, &hc, &xt);
	if (!pieces_fit(h, &hc, xt.n)) {
		sw_split_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	if (front)
		out->front_count = build_piece(h, pl, &hc, &xt, 1, front);
	if (back)
		out->back_count = build_piece(h, pl, &hc, &xt, 2, back);
	return out->status;
}

/* ---- mass ---- */

typedef struct vacc {
	float v, m[3]; /* 6 × volume and its first moment (4 × centroid × 6 × volume), scaled */
} vacc;

/* one clipped face's fan from its first emitted point, as cones from the origin (r) */
typedef struct fan {
	float w0[3], last[3];
	uint32_t n;
} fan;

static inline void fan_add(fan *F, vacc *A, const float *w)
{
	if (F->n >= 2) {
		const float *a = F->w0, *b = F->last;
		float d = (a[0] * (b[1] * w[2] - b[2] * w[1]) + a[1] * (b[2] * w[0] - b[0] * w[2])) +
			  a[2] * (b[0] * w[1] - b[1] * w[0]);
		A->v += d;
		for (int k = 0; k < 3; k++)
			A->m[k] += ((a[k] + b[k]) + w[k]) * d;
	}
	if (F->n == 0)
		memcpy(F->w0, w, sizeof F->w0);
	memcpy(F->last, w, sizeof F->last);
	F->n++;
}

/* volume and centroid v0 + (o + moment / (4·6V)) from the scaled sums */
static void vacc_finish(const vacc *A, const float *v0, const float *o, float inv, const sw_vec3 *first, float *vol,
			sw_vec3 *cen)
{
	*vol = 0;
	*cen = *first;
	if (A->v > 0) {
		*vol = A->v / 6.0f * inv * inv * inv;
		float k = inv / (4.0f * A->v);
		*cen = sw_v3(v0[0] + (o[0] + A->m[0] * k), v0[1] + (o[1] + A->m[1] * k), v0[2] + (o[2] + A->m[2] * k));
	}
}

/* the faces' parts as clip_faces makes them, both sides in one pass over each loop (each side's sums in
 * face order, as two separate passes would make them); every face whole into *fa when !cut */
static void mass_sides(const sw_hull3 *h, const hclass *hc, float (*w)[3], int cut, vacc *fa, vacc *ba)
{
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const uint8_t *lp = &h->face_verts[h->faces[f].first];
		uint32_t m = h->faces[f].count;
		unsigned fc = face_class(h, hc, f);
		fan F = {{0}, {0}, 0}, B = F;
		if (!cut || fc != 3) { /* whole: coplanar and front faces to the front */
			vacc *A = cut && fc == 2 ? ba : fa;
			for (uint32_t k = 0; k < m; k++)
				fan_add(&F, A, w[lp[k]]);
			continue;
		}
		for (uint32_t k = 0, prev = lp[m - 1]; k < m; prev = lp[k++]) {
			uint32_t a = lp[k], b = lp[k + 1 == m ? 0 : k + 1];
			unsigned ca = hc->c[a], cb = hc->c[b];
			if (sw_split_to_front(ca))
				fan_add(&F, fa, w[a]);
			if (sw_split_to_back(ca, hc->c[prev], cb))
				fan_add(&B, ba, w[a]);
			if ((ca | cb) == 3) {
				float x[3];
				sw_split_point(3, w[a], w[b], hc->s[a], hc->s[b], ca, x);
				fan_add(&F, fa, x);
				fan_add(&B, ba, x);
			}
		}
	}
}

sw_status sw_split_hull_mass_ref(const sw_hull3 *h, const sw_split_plane *pl, int checked, sw_split_mass3 *out)
{
	hclass hc;
	if (!hull_ok(h, pl, checked)) {
		sw_split_mass_invalid(out);
		return SW_PAIR_INVALID;
	}
	classify(h, pl, &hc);
	out->cls = (sw_split_class)hc.cls;
	out->status = hc.cls == SW_SPLIT_STRADDLE ? SW_HIT : SW_MISS;
	/* r = v0 + o: on the cut plane when straddling (the cap adds nothing; o = −s0·u), else v0 itself.
	 * Coordinates are taken as (v − v0) − o, exact for v − v0, so r need not be representable */
	const float *v0 = &h->verts[0].x;
	float o[3], ext = 0, w[SW_HULL_MAX_VERTS][3];
	int cut = hc.cls == SW_SPLIT_STRADDLE;
	for (int k = 0; k < 3; k++)
		o[k] = cut ? -hc.s[0] * pl->u[k] : 0.0f;
	for (uint32_t i = 0; i < h->num_verts; i++)
		for (int k = 0; k < 3; k++) {
			w[i][k] = ((&h->verts[i].x)[k] - v0[k]) - o[k];
			ext = sw_split_max(ext, fabsf(w[i][k]));
		}
	float sc = sw_split_pow2(ext), inv = 1.0f / sc;
	for (uint32_t i = 0; i < h->num_verts; i++)
		for (int k = 0; k < 3; k++)
			w[i][k] *= sc;
	vacc fa = {0, {0, 0, 0}}, ba = fa;
	if (h->num_faces == 2) {
		/* a flat hull has no volume: both sides 0, centroids at its first vertex */
	} else if (cut) {
		mass_sides(h, &hc, w, 1, &fa, &ba);
	} else {
		mass_sides(h, &hc, w, 0, hc.cls == SW_SPLIT_BACK ? &ba : &fa, NULL);
	}
	vacc_finish(&fa, v0, o, inv, &h->verts[0], &out->front_measure, &out->front_centroid);
	vacc_finish(&ba, v0, o, inv, &h->verts[0], &out->back_measure, &out->back_centroid);
	return out->status;
}

/* ---- public single items ---- */

sw_error sw_hull3_split(const sw_hull3 *h, sw_plane3 plane, const sw_split_opts *opts, sw_hull3 *front, sw_hull3 *back,
			sw_split_output *out)
{
	sw_error e = sw_split_call(opts, NULL, out);
	if (e != SW_OK || !h)
		return e != SW_OK ? e : SW_ERR_NULL;
	sw_split_plane pl;
	sw_split_hull_ref(h, sw_split_prep3(plane, opts, &pl), opts && opts->trusted, front, back, out);
	return SW_OK;
}

sw_error sw_hull3_split_mass(const sw_hull3 *h, sw_plane3 plane, const sw_split_opts *opts, sw_split_mass3 *out)
{
	sw_error e = sw_split_call(opts, NULL, out);
	if (e != SW_OK || !h)
		return e != SW_OK ? e : SW_ERR_NULL;
	sw_split_plane pl;
	sw_split_hull_mass_ref(h, sw_split_prep3(plane, opts, &pl), opts && opts->trusted, out);
	return SW_OK;
}
