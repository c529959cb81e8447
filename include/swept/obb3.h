/* swept/obb3.h — oriented boxes: the box, a set of placed moving boxes, and the moving and static
 * box–box separating-axis queries, one pair at a time and batched. */
#ifndef SWEPT_OBB3_H
#define SWEPT_OBB3_H

#include "swept/base.h"
#include "swept/batch.h"
#include "swept/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A box in its local frame, centred on the origin: half extents along the local axes (each > 0).
/// A sw_pose3 places it: its axes in world space are the columns of sw_mat3_from_quat(pose.q).
typedef struct sw_obb3 {
	sw_vec3 half;
} sw_obb3;

/// Feature ids of the box–box queries: 0..2 face normal i of A; 3..5 face normal j of B;
/// 6 + 3·i + j edge A_i × edge B_j (edge i of a box runs along its local axis i).
enum {
	SW_AXIS_FACE_A0 = 0,
	SW_AXIS_FACE_B0 = 3,
	SW_AXIS_EDGE0 = 6,
	SW_AXIS_COUNT = 15,
};

/// Kind of a feature.
typedef enum sw_axis_kind {
	SW_AXIS_KIND_NONE = 0,
	SW_AXIS_KIND_FACE_A = 1,
	SW_AXIS_KIND_FACE_B = 2,
	SW_AXIS_KIND_EDGE_EDGE = 3,
} sw_axis_kind;

/// A decoded feature id: its kind and the index in A and in B it involves (−1 when not involved).
typedef struct sw_axis_info {
	sw_axis_kind kind;
	int index_a;
	int index_b;
} sw_axis_info;

/// Decodes a box–box feature id.
static inline sw_axis_info sw_obb3_feature_decode(uint32_t id)
{
	sw_axis_info r = {SW_AXIS_KIND_NONE, -1, -1};
	if (id < 3) {
		r.kind = SW_AXIS_KIND_FACE_A;
		r.index_a = (int)id;
	} else if (id < 6) {
		r.kind = SW_AXIS_KIND_FACE_B;
		r.index_b = (int)id - 3;
	} else if (id < 15) {
		r.kind = SW_AXIS_KIND_EDGE_EDGE;
		r.index_a = (int)(id - 6) / 3;
		r.index_b = (int)(id - 6) % 3;
	}
	return r;
}

/// Moving box–box SAT: box A placed by pa moves by da over the step, B by db (constant velocity,
/// no rotation). SW_ERR_NULL when a pointer is NULL; otherwise SW_OK and the answer in *out.
SW_API sw_error sw_obb3_sweep(const sw_obb3 *a, sw_pose3 pa, sw_vec3 da, const sw_obb3 *b, sw_pose3 pb, sw_vec3 db,
			      sw_sweep_result *out);

/// Static box–box overlap: the axis of least penetration and its depth (distances normalised by each
/// axis' length, ties to the lower id), or on a miss the first separating axis and its gap.
SW_API sw_error sw_obb3_overlap(const sw_obb3 *a, sw_pose3 pa, const sw_obb3 *b, sw_pose3 pb, sw_overlap_result *out);

/// A ray origin + t·delta, t ∈ [0, 1], against a box placed by `pose`, by the slab test (Ericson, RTCD
/// 5.3.3): the ray in the box's frame clipped against its six faces in the order and with the feature
/// ids of sw_hull3_box (0 −x, 1 +x, 2 −y, 3 +y, 4 −z, 5 +z); no iteration. Answers as sw_hull3_ray does
/// (SW_HIT: t ∈ (0, 1] the entry fraction, point = origin + t·delta, normal the entered face's outward
/// unit normal negated, feature that face; SW_STARTS_OVERLAPPED: origin inside or on the box, t 0,
/// normal zero; SW_MISS: t 1, point and normal zero; a ray in a face's plane counts as inside it). Half
/// extents may be 0 (a flat box, as the GJK rows accept) up to SW_MAX_COORD; out of that range, a
/// rotation not unit within SW_QUAT_TOL or a coordinate out of range gives SW_PAIR_INVALID. SW_ERR_NULL
/// for a NULL pointer (nothing written), else SW_OK. Bounds: doc/numerics.md ("GJK", ray cast).
SW_API sw_error sw_obb3_ray(const sw_obb3 *box, sw_pose3 pose, sw_vec3 origin, sw_vec3 delta, sw_cast_result *out);

/// A set of placed, moving boxes, stored structure of arrays for the batched queries. Opaque: it is
/// changed only through the functions below, which never validate poses (the queries do, per pair).
typedef struct sw_obb3_set sw_obb3_set;

/// A new empty set with room for `capacity` boxes (it grows as needed).
SW_API sw_error sw_obb3_set_create(size_t capacity, sw_obb3_set **set);
/// Frees a set (NULL is ignored).
SW_API void sw_obb3_set_destroy(sw_obb3_set *set);
/// Boxes in the set (0 for NULL).
SW_API size_t sw_obb3_set_count(const sw_obb3_set *set);
/// Appends a box with its placement and displacement over the step; its index goes to *index (may be
/// NULL). SW_ERR_SIZE past SW_MAX_BATCH boxes, SW_ERR_NOMEM when growing fails.
SW_API sw_error sw_obb3_set_add(sw_obb3_set *set, const sw_obb3 *box, sw_pose3 pose, sw_vec3 disp, uint32_t *index);
/// Overwrites box `index` (< count; SW_ERR_ARG otherwise).
SW_API sw_error sw_obb3_set_put(sw_obb3_set *set, uint32_t index, const sw_obb3 *box, sw_pose3 pose, sw_vec3 disp);
/// Reads box `index` (any output may be NULL).
SW_API sw_error sw_obb3_set_get(const sw_obb3_set *set, uint32_t index, sw_obb3 *box, sw_pose3 *pose, sw_vec3 *disp);
/// Writes the placements and displacements of boxes [first, first + n) (the step's update; disps may
/// be NULL for boxes at rest). SW_ERR_ARG when the range passes the count.
SW_API sw_error sw_obb3_set_place(sw_obb3_set *set, uint32_t first, size_t n, const sw_pose3 *poses,
				  const sw_vec3 *disps);
/// Writes the placements of boxes [first, first + n) from positions and 3×3 rotation matrices (9 floats
/// each in `layout`, the columns being the box's axes in world space) and their displacements (NULL:
/// at rest). Each matrix becomes the unit quaternion sw_quat_from_mat3_many() gives (swept/math.h):
/// its rotation equals the matrix to float precision; a matrix that is not a rotation makes the box's
/// pairs SW_PAIR_INVALID. Costs about 2.5 times sw_obb3_set_place() (doc/benchmarks.md, "Placements").
/// SW_ERR_NULL, or SW_ERR_ARG past the count or for an unknown layout (nothing written).
SW_API sw_error sw_obb3_set_place_m(sw_obb3_set *set, uint32_t first, size_t n, const sw_vec3 *positions,
				    const float *matrices, sw_mat3_layout layout, const sw_vec3 *disps);
/// The placement columns of the set (swept/math.h), for writing placements in place: entry i < count
/// of each. Valid until the next sw_obb3_set_add (which may move them) or sw_obb3_set_destroy().
/// SW_ERR_NULL when a pointer is NULL.
SW_API sw_error sw_obb3_set_columns(sw_obb3_set *set, sw_place3_cols *cols);
/// Removes every box, keeping the storage.
SW_API void sw_obb3_set_clear(sw_obb3_set *set);

/// Moving box–box SAT for each pair (a_set[pairs[k].a], b_set[pairs[k].b]) with the sets'
/// displacements; the answers of sw_obb3_sweep(). An index ≥ the set's count makes that pair
/// SW_PAIR_INVALID. The sets may be one set. A malformed call (NULL set, pairs or status column,
/// n > SW_MAX_BATCH) returns its error and writes nothing.
SW_API sw_error sw_obb3_sweep_batch(const sw_obb3_set *a_set, const sw_obb3_set *b_set, const sw_pair *pairs, size_t n,
				    const sw_batch_opts *run, const sw_sweep_results *out);
/// Static box–box overlap for each pair (displacements ignored); the answers of sw_obb3_overlap(),
/// or only the first separating axis when depth and normals are not asked for (swept/batch.h).
SW_API sw_error sw_obb3_overlap_batch(const sw_obb3_set *a_set, const sw_obb3_set *b_set, const sw_pair *pairs,
				      size_t n, const sw_batch_opts *run, const sw_overlap_results *out);

#ifdef __cplusplus
}
#endif
#endif
