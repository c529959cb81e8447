/* src/hull3_api.c — the public face of the hull builder and checker (swept/hull3.h): their outcome as
 * the library's one call-error enum. */
#include "hull3_int.h"

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
