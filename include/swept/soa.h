/* swept/soa.h — structure-of-arrays shape sets that the batched queries read, and the pair type a
 * broadphase emits into them. */
#ifndef SWEPT_SOA_H
#define SWEPT_SOA_H

#include "swept/base.h"
#include "swept/shapes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Alignment in bytes of every array of a set, and the multiple its capacity is rounded up to.
#define SW_SET_ALIGN 64
#define SW_SET_PAD 16

/// A candidate pair: indices of shape a in the first set and shape b in the second set.
typedef struct sw_pair {
	uint32_t a, b;
} sw_pair;

/// A set of oriented boxes, one array per scalar, plus each box's linear displacement over the step.
///
/// Layout rules (the batched kernels rely on them):
/// - every array is SW_SET_ALIGN-byte aligned and holds `capacity` floats;
/// - `capacity` is a multiple of SW_SET_PAD and at least SW_SET_PAD;
/// - slots [count, capacity) hold a valid unit box at the origin, so a kernel may read whole lanes;
/// - the orientation is a unit quaternion (qx, qy, qz, qw), as in sw_obb3.
/// Fields may be written directly (e.g. a simulation updating positions each step) as long as
/// `count ≤ capacity` and the padding rule is kept; sw_obb3_set_add() maintains it.
typedef struct sw_obb3_set {
	size_t count;
	size_t capacity;
	float *cx, *cy, *cz;      ///< centre
	float *qx, *qy, *qz, *qw; ///< orientation quaternion
	float *hx, *hy, *hz;      ///< half extents
	float *dx, *dy, *dz;      ///< linear displacement over the step, t ∈ [0,1]
} sw_obb3_set;

/// Initialises an empty set able to hold `capacity` boxes without reallocating.
SW_API sw_error sw_obb3_set_init(sw_obb3_set *set, size_t capacity);
/// Grows the arrays so the set holds at least `capacity` boxes; existing boxes are kept.
SW_API sw_error sw_obb3_set_reserve(sw_obb3_set *set, size_t capacity);
/// Appends a box with its displacement; writes its index to `index` (may be NULL).
/// The box is stored as given: validity is checked per pair by the queries.
SW_API sw_error sw_obb3_set_add(sw_obb3_set *set, const sw_obb3 *box, sw_vec3 displacement, uint32_t *index);
/// Overwrites box `index` (< count) and its displacement.
SW_API sw_error sw_obb3_set_put(sw_obb3_set *set, uint32_t index, const sw_obb3 *box, sw_vec3 displacement);
/// Reads box `index` (< count) and its displacement (either output may be NULL).
SW_API sw_error sw_obb3_set_get(const sw_obb3_set *set, uint32_t index, sw_obb3 *box, sw_vec3 *displacement);
/// Removes every box, keeping the storage.
SW_API void sw_obb3_set_clear(sw_obb3_set *set);
/// Frees the arrays; the set is left empty and may be initialised again.
SW_API void sw_obb3_set_free(sw_obb3_set *set);

#ifdef __cplusplus
}
#endif
#endif
