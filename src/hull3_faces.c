/* src/hull3_faces.c — hulls from what a caller already has: sw_hull3_from_faces (loops checked, derived
 * data completed by src/hull3_derive.c, the whole checked by src/hull3_check.c), the box's hull and the
 * support vertex. */
#include <math.h>
#include <string.h>

#include "contract.h"
#include "hull3_int.h"

static int coord_ok(float x) { return isfinite(x) && fabsf(x) <= SW_MAX_COORD; }

/* copies the loops after the index rules (sizes ≥ 3, capacity, indices < nv, no repeats) */
static sw_hull_status copy_faces(const uint32_t *sizes, const uint32_t *idx, size_t nf, size_t nv, sw_hull3 *h)
{
	size_t total = 0;
	if (!sizes || !idx || nf < 2 || nf > SW_HULL_MAX_FACES)
		return SW_HULL_BAD_FACES_INDEX;
	for (size_t f = 0; f < nf; f++) {
		if (sizes[f] < 3 || sizes[f] > SW_HULL_MAX_FACE_INDICES - total)
			return SW_HULL_BAD_FACES_INDEX;
		h->faces[f].first = (uint16_t)total;
		h->faces[f].count = (uint16_t)sizes[f];
		for (uint32_t k = 0; k < sizes[f]; k++) {
			uint32_t v = idx[total + k];
			if (v >= nv)
				return SW_HULL_BAD_FACES_INDEX;
			for (uint32_t j = 0; j < k; j++)
				if (idx[total + j] == v)
					return SW_HULL_BAD_FACES_INDEX;
			h->face_verts[total + k] = (uint8_t)v;
		}
		total += sizes[f];
	}
	h->num_faces = (uint32_t)nf;
	return SW_HULL_OK;
}

sw_hull_status sw_hull3_from_faces_st_(const sw_vec3 *verts, size_t nv, const uint32_t *face_sizes,
				       const uint32_t *face_indices, size_t nf, sw_hull3 *out)
{
	if (!out)
		return SW_HULL_INVALID_INPUT;
	memset(out, 0, sizeof *out);
	if (!verts || nv == 0)
		return SW_HULL_EMPTY;
	if (nv > SW_HULL_MAX_VERTS) /* counts first: nothing past what the caller may hold is read */
		return SW_HULL_TOO_MANY;
	if (nv < 3)
		return SW_HULL_TOO_FEW;
	for (size_t i = 0; i < nv; i++)
		if (!coord_ok(verts[i].x) || !coord_ok(verts[i].y) || !coord_ok(verts[i].z))
			return SW_HULL_INVALID_INPUT;
	sw_hull_status st = copy_faces(face_sizes, face_indices, nf, nv, out);
	if (st == SW_HULL_OK)
		st = sw_hull3_distinct_(verts, nv, NULL, 0);
	if (st == SW_HULL_OK) {
		double c[3], eps, tol;
		memcpy(out->verts, verts, nv * sizeof *verts);
		out->num_verts = (uint32_t)nv;
		sw_hull3_tolerances_(verts, nv, SW_HULL_REL_EPS, c, &eps, &tol);
		st = sw_hull3_finish_(out, eps, tol, NULL);
	}
	if (st == SW_HULL_OK)
		st = sw_hull3_validate_(out, 0, NULL, 0);
	if (st == SW_HULL_OK)
		sw_hull3_put_seal_(out);
	else
		sw_hull3_clear_(out);
	return st;
}

sw_hull_status sw_hull3_box_st_(const sw_obb3 *box, sw_hull3 *out)
{
	static const uint32_t sizes[6] = {4, 4, 4, 4, 4, 4};
	static const uint32_t loops[24] = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
	if (!out)
		return SW_HULL_INVALID_INPUT;
	sw_box3 local = {{0, 0, 0}, {0, 0, 0, 1}, box ? box->half : sw_v3(0, 0, 0)};
	if (!box || !sw_obb3_valid_ref(&local, sw_v3(0, 0, 0))) {
		sw_hull3_clear_(out);
		return SW_HULL_INVALID_INPUT;
	}
	sw_vec3 v[8];
	for (int k = 0; k < 8; k++)
		v[k] = sw_v3(k & 1 ? box->half.x : -box->half.x, k & 2 ? box->half.y : -box->half.y,
			     k & 4 ? box->half.z : -box->half.z);
	return sw_hull3_from_faces_st_(v, 8, sizes, loops, 6, out);
}

int sw_hull3_support(const sw_hull3 *h, sw_vec3 dir)
{
	if (!h || h->num_verts == 0 || h->num_verts > SW_HULL_MAX_VERTS)
		return -1;
	int best = 0;
	float bd = sw_v3_dot(h->verts[0], dir);
	for (uint32_t v = 1; v < h->num_verts; v++) {
		float d = sw_v3_dot(h->verts[v], dir);
		if (d > bd) {
			bd = d;
			best = (int)v;
		}
	}
	return best;
}
