/* src/split_mass.c — area and centroid of each side of a polygon split without building the
 * pieces: the vertices sw_split_poly_ref would emit, in its order, summed as they come.
 *
 * Sums: a piece w_0..w_{m−1}, relative to the polygon's first vertex r, has twice its area
 * A = Σ c_i with c_i = w_i × w_{i+1} (2D; in 3D the component along the polygon's unit normal) and
 * centroid r + Σ (w_i + w_{i+1})·c_i / (3A) (the triangle fan from r; Ericson, RTCD 12.4.1 for the
 * 2D form). The coordinates are scaled by the power of two that brings the polygon's extent into
 * [1, 2), so the cubic moments neither overflow nor underflow at any size the contract allows, and
 * the split points are made from the scaled relative coordinates with the split's t. Emission needs
 * no duplicate test: a repeated point adds an exact 0. */
#include "split_item.h"

#include <string.h>

typedef struct acc {
	float first[3], last[3];
	float a, m[3];
	uint32_t n;
} acc;

SW_SPLIT_INLINE void acc_edge(int D, acc *q, const float *p, const float *w, const float *nrm)
{
	float c = p[0] * w[1] - p[1] * w[0];
	if (D == 3)
		c = ((p[1] * w[2] - p[2] * w[1]) * nrm[0] + (p[2] * w[0] - p[0] * w[2]) * nrm[1]) + c * nrm[2];
	q->a += c;
	for (int d = 0; d < D; d++)
		q->m[d] += (p[d] + w[d]) * c;
}

SW_SPLIT_INLINE void acc_add(int D, acc *q, const float *w, const float *nrm)
{
	if (q->n == 0)
		memcpy(q->first, w, sizeof(float) * (size_t)D);
	else
		acc_edge(D, q, q->last, w, nrm);
	memcpy(q->last, w, sizeof(float) * (size_t)D);
	q->n++;
}

/* closes the loop; area (unscaled) and centroid to out */
SW_SPLIT_INLINE void acc_finish(int D, acc *q, const float *nrm, const float *r, float inv, float *area, sw_vec3 *cen)
{
	if (q->n >= 2)
		acc_edge(D, q, q->last, q->first, nrm);
	float c[3] = {r[0], r[1], D == 3 ? r[2] : 0.0f};
	*area = 0;
	if (q->a > 0) {
		*area = 0.5f * q->a * inv * inv;
		float k = inv / (3.0f * q->a);
		for (int d = 0; d < D; d++)
			c[d] = r[d] + q->m[d] * k;
	}
	*cen = sw_v3(c[0], c[1], c[2]);
}

void sw_split_mass_invalid(sw_split_mass3 *out)
{
	out->status = SW_PAIR_INVALID;
	out->cls = SW_SPLIT_NONE;
	out->front_measure = out->back_measure = NAN;
	out->front_centroid = out->back_centroid = sw_v3(NAN, NAN, NAN);
}

SW_SPLIT_INLINE sw_status mass_ref(int D, const float *v, uint32_t n, const sw_split_plane *pl, sw_split_mass3 *out)
{
	sw_split_poly_info info;
	if (!pl || !sw_split_poly_valid(D, v, n, &info)) {
		sw_split_mass_invalid(out);
		return SW_PAIR_INVALID;
	}
	float s[SW_SPLIT_MAX_VERTS], w[SW_SPLIT_MAX_VERTS][3], sc = sw_split_pow2(info.extent);
	unsigned c[SW_SPLIT_MAX_VERTS], cls = 0;
	for (uint32_t i = 0; i < n; i++) {
		const float *x = v + (size_t)i * D;
		s[i] = sw_split_dist(D, pl, x);
		c[i] = sw_split_side(pl, s[i]);
		cls |= c[i];
		for (int d = 0; d < D; d++)
			w[i][d] = (x[d] - v[d]) * sc;
	}
	out->cls = (sw_split_class)cls;
	out->status = cls == SW_SPLIT_STRADDLE ? SW_HIT : SW_MISS;
	if (cls != SW_SPLIT_STRADDLE) { /* whole to one side; coplanar by the split's rule */
		unsigned side = cls;
		if (cls == SW_SPLIT_COPLANAR)
			side = D == 2 || ((info.nrm[0] * pl->u[0] + info.nrm[1] * pl->u[1]) + info.nrm[2] * pl->u[2]) >=
						       0
				       ? 1
				       : 2;
		for (uint32_t i = 0; i < n; i++)
			c[i] = side;
	}
	acc fa = {{0}, {0}, 0, {0}, 0}, ba = fa;
	float x[3];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t j = i + 1 == n ? 0 : i + 1, h = i == 0 ? n - 1 : i - 1;
		if (cls != SW_SPLIT_STRADDLE ? c[i] == 1 : sw_split_to_front(c[i]))
			acc_add(D, &fa, w[i], info.nrm);
		if (cls != SW_SPLIT_STRADDLE ? c[i] == 2 : sw_split_to_back(c[i], c[h], c[j]))
			acc_add(D, &ba, w[i], info.nrm);
		if ((c[i] | c[j]) == 3) {
			sw_split_point(D, w[i], w[j], s[i], s[j], c[i], x);
			acc_add(D, &fa, x, info.nrm);
			acc_add(D, &ba, x, info.nrm);
		}
	}
	float inv = 1.0f / sc;
	acc_finish(D, &fa, info.nrm, v, inv, &out->front_measure, &out->front_centroid);
	acc_finish(D, &ba, info.nrm, v, inv, &out->back_measure, &out->back_centroid);
	return out->status;
}

sw_status sw_split_poly_mass_ref(int D, const float *v, uint32_t n, const sw_split_plane *pl, sw_split_mass3 *out)
{
	return D == 2 ? mass_ref(2, v, n, pl, out) : mass_ref(3, v, n, pl, out);
}

sw_error sw_poly2_split_mass(const sw_vec2 *v, uint32_t n, sw_plane2 line, const sw_split_opts *opts,
			     sw_split_mass2 *out)
{
	sw_error e = sw_split_call(opts, NULL, out);
	if (e != SW_OK || (!v && n))
		return e != SW_OK ? e : SW_ERR_NULL;
	sw_split_plane pl;
	sw_split_mass3 m;
	sw_split_poly_mass_ref(2, (const float *)v, n, sw_split_prep2(line, opts, &pl), &m);
	out->status = m.status;
	out->cls = m.cls;
	out->front_area = m.front_measure;
	out->back_area = m.back_measure;
	out->front_centroid = sw_v2(m.front_centroid.x, m.front_centroid.y);
	out->back_centroid = sw_v2(m.back_centroid.x, m.back_centroid.y);
	return SW_OK;
}

sw_error sw_poly3_split_mass(const sw_vec3 *v, uint32_t n, sw_plane3 plane, const sw_split_opts *opts,
			     sw_split_mass3 *out)
{
	sw_error e = sw_split_call(opts, NULL, out);
	if (e != SW_OK || (!v && n))
		return e != SW_OK ? e : SW_ERR_NULL;
	sw_split_plane pl;
	sw_split_poly_mass_ref(3, (const float *)v, n, sw_split_prep3(plane, opts, &pl), out);
	return SW_OK;
}
