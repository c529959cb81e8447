/* src/split_item.c — the single-item splits of convex polygons (2D and 3D) and triangles by a thick
 * plane: Sutherland–Hodgman (Sutherland & Hodgman, CACM 1974) run for both sides at once, with the
 * on-vertex rule and the front-to-back split points of split_item.h (see there how a lane version
 * follows it), and the polygon input checks.
 *
 * Coordinates are handled as D = 2 or 3 consecutive floats (sw_vec2 / sw_vec3 arrays); D is a
 * constant in every call, so the loops unroll. */
#include "split_item.h"

#include <string.h>

const char *sw_split_class_name(sw_split_class c)
{
	switch (c) {
	case SW_SPLIT_COPLANAR: return "coplanar";
	case SW_SPLIT_FRONT: return "front";
	case SW_SPLIT_BACK: return "back";
	case SW_SPLIT_STRADDLE: return "straddle";
	case SW_SPLIT_NONE: return "none";
	}
	return "?";
}

void sw_split_output_invalid(sw_split_output *out)
{
	out->status = SW_PAIR_INVALID;
	out->cls = SW_SPLIT_NONE;
	out->front_count = out->back_count = 0;
}

int sw_split_attrs_valid(const float *a, size_t count)
{
	int ok = a != NULL;
	for (size_t i = 0; ok && i < count; i++)
		ok = sw_split_coord_ok(a[i]);
	return ok;
}

/* ---- input checks ---- */

/* unit Newell normal of a 3D polygon from coordinates relative to v[0] scaled by a power of two (no
 * overflow at any size); returns the length of the scaled normal, 0 when the polygon has no area to
 * rounding */
static float newell_unit(const float *v, uint32_t n, float extent, float nrm[3])
{
	float sc = sw_split_pow2(extent), N[3] = {0, 0, 0};
	float a[3] = {(v[3] - v[0]) * sc, (v[4] - v[1]) * sc, (v[5] - v[2]) * sc};
	for (uint32_t i = 2; i < n; i++) {
		float b[3] = {(v[3 * i] - v[0]) * sc, (v[3 * i + 1] - v[1]) * sc, (v[3 * i + 2] - v[2]) * sc};
		N[0] += a[1] * b[2] - a[2] * b[1];
		N[1] += a[2] * b[0] - a[0] * b[2];
		N[2] += a[0] * b[1] - a[1] * b[0];
		memcpy(a, b, sizeof a);
	}
	float len2 = (N[0] * N[0] + N[1] * N[1]) + N[2] * N[2];
	nrm[0] = nrm[1] = nrm[2] = 0;
	if (!(len2 >= FLT_MIN))
		return 0;
	float len = sqrtf(len2), inv = 1.0f / len;
	for (int k = 0; k < 3; k++)
		nrm[k] = N[k] * inv;
	return len;
}

/* extent from v[0], largest |coordinate|, finiteness and no equal consecutive vertices */
SW_SPLIT_INLINE int poly_scan(int D, const float *v, uint32_t n, float *extent, float *mag)
{
	float L = 0, M = 0;
	for (uint32_t i = 0; i < n; i++) {
		const float *x = v + (size_t)i * D, *y = v + (size_t)(i + 1 == n ? 0 : i + 1) * D;
		for (int d = 0; d < D; d++) {
			if (!sw_split_coord_ok(x[d]))
				return 0;
			L = sw_split_max(L, fabsf(x[d] - v[d]));
			M = sw_split_max(M, fabsf(x[d]));
		}
		if (sw_split_same(D, x, y))
			return 0;
	}
	*extent = L;
	*mag = M;
	return 1;
}

/* corners convex about nrm (2D: +z) or within delta of straight, and the edge directions, projected on the plane
 * (i0, i1), winding at most once around: a star turns left at every corner but winds twice; a
 * polygon within delta of a segment may wind 0 or −1 times and is accepted as a degenerate one */
SW_SPLIT_INLINE int poly_corners(int D, const float *v, uint32_t n, const float nrm[3], int i0, int i1, float delta)
{
	int wind = 0;
	for (uint32_t i = 0; i < n; i++) {
		const float *a = v + (size_t)(i == 0 ? n - 1 : i - 1) * D, *b = v + (size_t)i * D;
		const float *c = v + (size_t)(i + 1 == n ? 0 : i + 1) * D;
		float e1[3] = {0, 0, 0}, e2[3] = {0, 0, 0};
		for (int d = 0; d < D; d++) {
			e1[d] = b[d] - a[d];
			e2[d] = c[d] - b[d];
		}
		float cz = e1[0] * e2[1] - e1[1] * e2[0], cr = cz;
		if (D == 3)
			cr = ((e1[1] * e2[2] - e1[2] * e2[1]) * nrm[0] + (e1[2] * e2[0] - e1[0] * e2[2]) * nrm[1]) +
			     cz * nrm[2];
		/* reflex beyond rounding: the triangle (a, b, c) turns clockwise and even its smallest height,
		 * |cr| over its longest side, exceeds delta (a tiny edge or a needle tip of a polygon thinner
		 * than its coordinates' rounding has a height within it). A lane computes the lengths always */
		if (cr < 0) {
			float l1 = 0, l2 = 0, lc = 0;
			for (int d = 0; d < D; d++) {
				l1 += e1[d] * e1[d];
				l2 += e2[d] * e2[d];
				lc += (c[d] - a[d]) * (c[d] - a[d]);
			}
			if (-cr > delta * sqrtf(sw_split_max(sw_split_max(l1, l2), lc)))
				return 0;
		}
		float pc = e1[i0] * e2[i1] - e1[i1] * e2[i0];
		if (e1[i1] < 0 && e2[i1] >= 0 && pc > 0)
			wind++;
		else if (e1[i1] >= 0 && e2[i1] < 0 && pc < 0)
			wind--;
	}
	return wind >= -1 && wind <= 1;
}

SW_SPLIT_INLINE int poly_valid(int D, const float *v, uint32_t n, sw_split_poly_info *info)
{
	float L, M;
	info->nrm[0] = info->nrm[1] = 0;
	info->nrm[2] = 1;
	if (!v || n < 3 || n > SW_SPLIT_MAX_VERTS || !poly_scan(D, v, n, &L, &M))
		return 0;
	info->extent = L;
	float delta = SW_SPLIT_CONVEX_REL * (L + M);
	int i0 = 0, i1 = 1;
	if (D == 3) {
		float len = newell_unit(v, n, L, info->nrm);
		if (len == 0)
			return 1; /* no area: nothing to be convex about */
		/* planar to delta plus the error of the float normal: the scaled cross products (coordinates
		 * ≤ 2) carry ≤ 8·FLT_EPSILON each, so its direction is good to 8·n·FLT_EPSILON / len, which
		 * loosens the test for slivers (len ~ 2·area) */
		const float *u = info->nrm;
		float plan = delta + 16.0f * (float)n * FLT_EPSILON * L / len;
		for (uint32_t i = 1; i < n; i++) {
			const float *x = v + 3 * (size_t)i;
			if (fabsf(((x[0] - v[0]) * u[0] + (x[1] - v[1]) * u[1]) + (x[2] - v[2]) * u[2]) > plan)
				return 0;
		}
		/* project along the dominant axis, keeping the orientation about the normal */
		int drop = fabsf(u[0]) >= fabsf(u[1]) && fabsf(u[0]) >= fabsf(u[2]) ? 0
			   : fabsf(u[1]) >= fabsf(u[2])                             ? 1
										    : 2;
		i0 = (drop + 1) % 3;
		i1 = (drop + 2) % 3;
		if (u[drop] < 0) {
			int t = i0;
			i0 = i1;
			i1 = t;
		}
	}
	return poly_corners(D, v, n, info->nrm, i0, i1, delta);
}

/* ---- Sutherland–Hodgman with the on-vertex rule ---- */

typedef struct sh_out {
	float *v, *a; /* vertices (never NULL: scratch when the caller wants none), attributes or NULL */
	uint32_t n;
} sh_out;

SW_SPLIT_INLINE void sh_emit(int D, sh_out *o, const float *x, const float *xa, uint32_t k)
{
	if (o->n && sw_split_same(D, o->v + (size_t)(o->n - 1) * D, x))
		return;
	memcpy(o->v + (size_t)o->n * D, x, sizeof(float) * (size_t)D);
	if (o->a)
		memcpy(o->a + (size_t)o->n * k, xa, sizeof(float) * k);
	o->n++;
}

SW_SPLIT_INLINE uint32_t sh_close(int D, sh_out *o)
{
	if (o->n >= 2 && sw_split_same(D, o->v + (size_t)(o->n - 1) * D, o->v))
		o->n--;
	if (o->n < 3)
		o->n = 0;
	return o->n;
}

/* both pieces of a straddling polygon, classes c and distances s per vertex */
SW_SPLIT_INLINE void sh_split(int D, const float *v, uint32_t n, const float *s, const unsigned *c, const float *ain,
			      uint32_t k, sh_out *fo, sh_out *bo)
{
	float x[3], xa[SW_SPLIT_MAX_ATTRS];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t j = i + 1 == n ? 0 : i + 1, h = i == 0 ? n - 1 : i - 1;
		const float *a = v + (size_t)i * D, *b = v + (size_t)j * D;
		const float *aa = ain ? ain + (size_t)i * k : NULL;
		if (sw_split_to_front(c[i]))
			sh_emit(D, fo, a, aa, k);
		if (sw_split_to_back(c[i], c[h], c[j]))
			sh_emit(D, bo, a, aa, k);
		if ((c[i] | c[j]) == 3) {
			float t = sw_split_point(D, a, b, s[i], s[j], c[i], x);
			if (ain)
				sw_split_attr_point(aa, ain + (size_t)j * k, c[i], t, k, xa);
			sh_emit(D, fo, x, xa, k);
			sh_emit(D, bo, x, xa, k);
		}
	}
	sh_close(D, fo);
	sh_close(D, bo);
}

/* side a coplanar shape goes to: 2D the front, 3D the side its normal faces */
static unsigned coplanar_side(int D, const float *nrm, const sw_split_plane *pl)
{
	if (D == 2)
		return 1;
	return ((nrm[0] * pl->u[0] + nrm[1] * pl->u[1]) + nrm[2] * pl->u[2]) >= 0 ? 1 : 2;
}

SW_SPLIT_INLINE unsigned classify(int D, const float *v, uint32_t n, const sw_split_plane *pl, float *s, unsigned *c)
{
	unsigned cls = 0;
	for (uint32_t i = 0; i < n; i++) {
		s[i] = sw_split_dist(D, pl, v + (size_t)i * D);
		c[i] = sw_split_side(pl, s[i]);
		cls |= c[i];
	}
	return cls;
}

SW_SPLIT_INLINE sw_status poly_ref(int D, const float *v, uint32_t n, const sw_split_plane *pl, const float *ain,
				   uint32_t k, float *fv, float *fa, float *bv, float *ba, sw_split_output *out)
{
	sw_split_poly_info info;
	if (!pl || !poly_valid(D, v, n, &info) || (k && !sw_split_attrs_valid(ain, (size_t)n * k))) {
		sw_split_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	float s[SW_SPLIT_MAX_VERTS];
	unsigned c[SW_SPLIT_MAX_VERTS];
	unsigned cls = classify(D, v, n, pl, s, c);
	out->cls = (sw_split_class)cls;
	out->status = cls == SW_SPLIT_STRADDLE ? SW_HIT : SW_MISS;
	if (cls != SW_SPLIT_STRADDLE) {
		unsigned side = cls ? cls : coplanar_side(D, info.nrm, pl);
		float *dv = side == 1 ? fv : bv, *da = side == 1 ? fa : ba;
		if (dv)
			memcpy(dv, v, sizeof(float) * (size_t)n * D);
		if (da && k)
			memcpy(da, ain, sizeof(float) * (size_t)n * k);
		out->front_count = side == 1 ? n : 0;
		out->back_count = side == 1 ? 0 : n;
		return out->status;
	}
	float fs[SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS) * 3], bs[SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS) * 3];
	sh_out fo = {fv ? fv : fs, k ? fa : NULL, 0}, bo = {bv ? bv : bs, k ? ba : NULL, 0};
	sh_split(D, v, n, s, c, k ? ain : NULL, k, &fo, &bo);
	out->front_count = fo.n;
	out->back_count = bo.n;
	return out->status;
}

int sw_split_poly_valid(int D, const float *v, uint32_t n, sw_split_poly_info *info)
{
	return D == 2 ? poly_valid(2, v, n, info) : poly_valid(3, v, n, info);
}

sw_status sw_split_poly_ref(int D, const float *v, uint32_t n, const sw_split_plane *pl, const float *ain, uint32_t k,
			    float *fv, float *fa, float *bv, float *ba, sw_split_output *out)
{
	return D == 2 ? poly_ref(2, v, n, pl, ain, k, fv, fa, bv, ba, out)
		      : poly_ref(3, v, n, pl, ain, k, fv, fa, bv, ba, out);
}

/* ---- triangles ---- */

/* piece w[0..m) (m = 0, 3 or 4) fanned from w0 into triangles; those with two equal vertices are
 * dropped. Returns the triangles written */
static uint32_t fan(const float *w, const float *wa, uint32_t m, uint32_t k, float *tris, float *ta)
{
	uint32_t nt = 0;
	for (uint32_t j = 1; j + 1 < m; j++) {
		const float *p0 = w, *p1 = w + 3 * j, *p2 = w + 3 * (j + 1);
		if (sw_split_same(3, p0, p1) || sw_split_same(3, p1, p2) || sw_split_same(3, p0, p2))
			continue;
		if (tris) {
			memcpy(tris + 9 * nt, p0, 3 * sizeof(float));
			memcpy(tris + 9 * nt + 3, p1, 3 * sizeof(float));
			memcpy(tris + 9 * nt + 6, p2, 3 * sizeof(float));
		}
		if (ta) {
			memcpy(ta + (size_t)3 * k * nt, wa, k * sizeof(float));
			memcpy(ta + (size_t)3 * k * nt + k, wa + (size_t)k * j, k * sizeof(float));
			memcpy(ta + (size_t)3 * k * nt + 2 * k, wa + (size_t)k * (j + 1), k * sizeof(float));
		}
		nt++;
	}
	return nt;
}

static unsigned tri_coplanar_side(const float *v, const sw_split_plane *pl)
{
	float e1[3] = {v[3] - v[0], v[4] - v[1], v[5] - v[2]}, e2[3] = {v[6] - v[0], v[7] - v[1], v[8] - v[2]};
	float nrm[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
	return coplanar_side(3, nrm, pl);
}

sw_status sw_split_tri_ref(const float *v, const sw_split_plane *pl, const float *ain, uint32_t k, float *ft, float *fa,
			   float *bt, float *ba, sw_split_output *out)
{
	int ok = pl && v && (!k || sw_split_attrs_valid(ain, 3 * (size_t)k));
	for (int i = 0; ok && i < 9; i++)
		ok = sw_split_coord_ok(v[i]);
	if (!ok) {
		sw_split_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	float s[3];
	unsigned c[3], cls = classify(3, v, 3, pl, s, c);
	out->cls = (sw_split_class)cls;
	out->status = cls == SW_SPLIT_STRADDLE ? SW_HIT : SW_MISS;
	if (cls != SW_SPLIT_STRADDLE) {
		unsigned side = cls ? cls : tri_coplanar_side(v, pl);
		float *dt = side == 1 ? ft : bt, *da = side == 1 ? fa : ba;
		if (dt)
			memcpy(dt, v, 9 * sizeof(float));
		if (da && k)
			memcpy(da, ain, 3 * sizeof(float) * k);
		out->front_count = side == 1;
		out->back_count = side != 1;
		return out->status;
	}
	float fw[12], bw[12], fwa[4 * SW_SPLIT_MAX_ATTRS], bwa[4 * SW_SPLIT_MAX_ATTRS];
	sh_out fo = {fw, k ? fwa : NULL, 0}, bo = {bw, k ? bwa : NULL, 0};
	sh_split(3, v, 3, s, c, k ? ain : NULL, k, &fo, &bo);
	out->front_count = fan(fw, fwa, fo.n, k, ft, k ? fa : NULL);
	out->back_count = fan(bw, bwa, bo.n, k, bt, k ? ba : NULL);
	return out->status;
}

/* ---- public single items ---- */

sw_error sw_poly2_split(const sw_vec2 *v, uint32_t n, sw_plane2 line, const sw_split_opts *opts,
			const sw_split_attrs *attrs, sw_vec2 *front, sw_vec2 *back, sw_split_output *out)
{
	sw_error e = sw_split_call(opts, attrs, out);
	if (e != SW_OK || (!v && n))
		return e != SW_OK ? e : SW_ERR_NULL;
	sw_split_plane pl;
	uint32_t k = attrs ? attrs->k : 0;
	sw_split_poly_ref(2, (const float *)v, n, sw_split_prep2(line, opts, &pl), k ? attrs->in : NULL, k,
			  (float *)front, k ? attrs->front : NULL, (float *)back, k ? attrs->back : NULL, out);
	return SW_OK;
}

sw_error sw_poly3_split(const sw_vec3 *v, uint32_t n, sw_plane3 plane, const sw_split_opts *opts,
			const sw_split_attrs *attrs, sw_vec3 *front, sw_vec3 *back, sw_split_output *out)
{
	sw_error e = sw_split_call(opts, attrs, out);
	if (e != SW_OK || (!v && n))
		return e != SW_OK ? e : SW_ERR_NULL;
	sw_split_plane pl;
	uint32_t k = attrs ? attrs->k : 0;
	sw_split_poly_ref(3, (const float *)v, n, sw_split_prep3(plane, opts, &pl), k ? attrs->in : NULL, k,
			  (float *)front, k ? attrs->front : NULL, (float *)back, k ? attrs->back : NULL, out);
	return SW_OK;
}

sw_error sw_tri3_split(const sw_tri3 *tri, sw_plane3 plane, const sw_split_opts *opts, const sw_split_attrs *attrs,
		       sw_tri3 *front, sw_tri3 *back, sw_split_output *out)
{
	sw_error e = sw_split_call(opts, attrs, out);
	if (e != SW_OK || !tri)
		return e != SW_OK ? e : SW_ERR_NULL;
	sw_split_plane pl;
	uint32_t k = attrs ? attrs->k : 0;
	sw_split_tri_ref((const float *)tri, sw_split_prep3(plane, opts, &pl), k ? attrs->in : NULL, k, (float *)front,
			 k ? attrs->front : NULL, (float *)back, k ? attrs->back : NULL, out);
	return SW_OK;
}
