/* swept/tri3.h — triangles: the triangle, a set of moving triangles (level geometry, soups), and the
 * moving and static box–triangle separating-axis queries, one pair at a time and batched. */
#ifndef SWEPT_TRI3_H
#define SWEPT_TRI3_H

#include "swept/obb3.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A triangle given by its vertices in world space (its pose is the identity). Its front is the side
/// (b − a) × (c − a) points to: the vertices run counter-clockwise seen from the front. Edge 0 runs
/// a→b, edge 1 b→c, edge 2 c→a. It must not be degenerate (doc/numerics.md, "OBB–triangle").
typedef struct sw_tri3 {
	sw_vec3 a, b, c;
} sw_tri3;

/// Feature ids of the box–triangle queries (A is the box): 0..2 box face i; 3 the triangle's face;
/// 4 + 3·i + j box edge i × triangle edge j.
enum {
	SW_TRI3_AXIS_FACE_BOX0 = 0,
	SW_TRI3_AXIS_FACE_TRI = 3,
	SW_TRI3_AXIS_EDGE0 = 4,
	SW_TRI3_AXIS_COUNT = 13,
};

/// Decodes a box–triangle feature id: FACE_A with index_a = i for a box face, FACE_B for the
/// triangle's face (both indices −1), EDGE_EDGE with box edge index_a and triangle edge index_b.
static inline sw_axis_info sw_obb3_tri3_feature_decode(uint32_t id)
{
	sw_axis_info r = {SW_AXIS_KIND_NONE, -1, -1};
	if (id < 3) {
		r.kind = SW_AXIS_KIND_FACE_A;
		r.index_a = (int)id;
	} else if (id == 3) {
		r.kind = SW_AXIS_KIND_FACE_B;
	} else if (id < 13) {
		r.kind = SW_AXIS_KIND_EDGE_EDGE;
		r.index_a = (int)(id - 4) / 3;
		r.index_b = (int)(id - 4) % 3;
	}
	return r;
}

/// Moving box–triangle SAT (13 axes): box A placed by pa moves by da, the triangle by dt. The normal
/// points from the box to the triangle. `opts->one_sided` hits the triangle from its front only: a
/// pair separated at t = 0 whose relative motion does not approach the front is a MISS; a pair
/// touching at t = 0 is SW_STARTS_OVERLAPPED from either side. opts may be NULL (two-sided).
SW_API sw_error sw_obb3_tri3_sweep(const sw_obb3 *a, sw_pose3 pa, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt,
				   const sw_sweep_opts *opts, sw_sweep_result *out);

/// Static box–triangle overlap: least penetration and depth, or the first separating axis and gap.
SW_API sw_error sw_obb3_tri3_overlap(const sw_obb3 *a, sw_pose3 pa, const sw_tri3 *t, sw_overlap_result *out);

/// A set of moving triangles, stored structure of arrays. Opaque, like sw_obb3_set; triangles are
/// stored as given (the queries check them per pair).
typedef struct sw_tri3_set sw_tri3_set;

/// A new empty set with room for `capacity` triangles (it grows as needed).
SW_API sw_error sw_tri3_set_create(size_t capacity, sw_tri3_set **set);
/// Frees a set (NULL is ignored).
SW_API void sw_tri3_set_destroy(sw_tri3_set *set);
/// Triangles in the set (0 for NULL).
SW_API size_t sw_tri3_set_count(const sw_tri3_set *set);
/// Appends a triangle with its displacement over the step; its index goes to *index (may be NULL).
SW_API sw_error sw_tri3_set_add(sw_tri3_set *set, const sw_tri3 *tri, sw_vec3 disp, uint32_t *index);
/// Overwrites triangle `index` (< count; SW_ERR_ARG otherwise).
SW_API sw_error sw_tri3_set_put(sw_tri3_set *set, uint32_t index, const sw_tri3 *tri, sw_vec3 disp);
/// Reads triangle `index` (either output may be NULL).
SW_API sw_error sw_tri3_set_get(const sw_tri3_set *set, uint32_t index, sw_tri3 *tri, sw_vec3 *disp);
/// Writes the displacements of triangles [first, first + n) (disps NULL: all at rest).
SW_API sw_error sw_tri3_set_place(sw_tri3_set *set, uint32_t first, size_t n, const sw_vec3 *disps);
/// Removes every triangle, keeping the storage.
SW_API void sw_tri3_set_clear(sw_tri3_set *set);

/// Moving box–triangle SAT for each pair (boxes[pairs[k].a], tris[pairs[k].b]) with the sets'
/// displacements; the answers of sw_obb3_tri3_sweep() (opts for the whole call, may be NULL).
SW_API sw_error sw_obb3_tri3_sweep_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs,
					 size_t n, const sw_sweep_opts *opts, const sw_batch_opts *run,
					 const sw_sweep_results *out);
/// Static box–triangle overlap for each pair (displacements ignored); the answers of
/// sw_obb3_tri3_overlap(), or only the first separating axis when depth and normals are not asked for.
SW_API sw_error sw_obb3_tri3_overlap_batch(const sw_obb3_set *boxes, const sw_tri3_set *tris, const sw_pair *pairs,
					   size_t n, const sw_batch_opts *run, const sw_overlap_results *out);

#ifdef __cplusplus
}
#endif
#endif
