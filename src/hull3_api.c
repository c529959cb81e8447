/* src/hull3_api.c — the public face of the hull builder and checker (swept/hull3.h): their outcome as
 * the library's one call-error enum. */
#include "hull3_int.h"

sw_error sw_hull_error_(sw_hull_status st)
{
	switch (st) {
	case SW_HULL_OK: return SW_OK;
	case SW_HULL_EMPTY: return SW_ERR_EMPTY;
	case SW_HULL_TOO_FEW: return SW_ERR_TOO_FEW;
	case SW_HULL_COLLINEAR: return SW_ERR_COLLINEAR;
	case SW_HULL_FLAT: return SW_ERR_FLAT;
	case SW_HULL_TOO_MANY: return SW_ERR_TOO_MANY;
	case SW_HULL_INVALID_INPUT: return SW_ERR_INPUT;
	case SW_HULL_NO_MEMORY: return SW_ERR_NOMEM;
	case SW_HULL_NUMERIC: return SW_ERR_NUMERIC;
	case SW_HULL_BAD_FACES_INDEX: return SW_ERR_FACES_INDEX;
	case SW_HULL_BAD_FACES_DEGENERATE: return SW_ERR_FACES_DEGENERATE;
	case SW_HULL_BAD_FACES_OPEN: return SW_ERR_FACES_OPEN;
	case SW_HULL_BAD_FACES_NONMANIFOLD: return SW_ERR_FACES_NONMANIFOLD;
	case SW_HULL_BAD_FACES_WINDING: return SW_ERR_FACES_WINDING;
	case SW_HULL_BAD_FACES_EULER: return SW_ERR_FACES_EULER;
	case SW_HULL_BAD_FACES_INWARD: return SW_ERR_FACES_INWARD;
	case SW_HULL_BAD_FACES_NONPLANAR: return SW_ERR_FACES_NONPLANAR;
	case SW_HULL_BAD_FACES_NONCONVEX: return SW_ERR_NOT_CONVEX;
	case SW_HULL_BAD_FACES_COPLANAR: return SW_ERR_FACES_COPLANAR;
	}
	return SW_ERR_NUMERIC;
}

sw_error sw_hull3_build(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, sw_hull3 *out)
{
	return out ? sw_hull_error_(sw_hull3_build_st_(points, n, opts, out)) : SW_ERR_NULL;
}

sw_error sw_hull3_from_faces(const sw_vec3 *verts, size_t nv, const uint32_t *face_sizes, const uint32_t *face_indices,
			     size_t nf, sw_hull3 *out)
{
	return out ? sw_hull_error_(sw_hull3_from_faces_st_(verts, nv, face_sizes, face_indices, nf, out))
		   : SW_ERR_NULL;
}

sw_error sw_hull3_box(const sw_obb3 *box, sw_hull3 *out)
{
	return out ? sw_hull_error_(sw_hull3_box_st_(box, out)) : SW_ERR_NULL;
}

sw_error sw_hull3_check(const sw_hull3 *h)
{
	return h ? sw_hull_error_(sw_hull3_validate_(h, 0, NULL, 0)) : SW_ERR_NULL;
}
