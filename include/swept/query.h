/* swept/query.h — the single-pair API. Every batched query has a twin here that gives the same answer
 * for one pair; these are the scalar reference implementations the SIMD kernels are tested against. */
#ifndef SWEPT_QUERY_H
#define SWEPT_QUERY_H

#include "swept/base.h"
#include "swept/shapes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Answer of a moving separating-axis query over t ∈ [0,1].
typedef struct sw_sweep_output {
	/// SW_HIT, SW_MISS, SW_STARTS_OVERLAPPED or SW_PAIR_INVALID.
	sw_status status;
	/// HIT: first time of contact. STARTS_OVERLAPPED: 0. MISS: 1. INVALID: NaN.
	float t_first;
	/// HIT / STARTS_OVERLAPPED: last time in [0,1] at which the shapes touch (1 when they still
	/// touch at the end of the step). MISS: 1. INVALID: NaN.
	float t_last;
	/// Unit normal in world space, pointing from A towards B. HIT: the separating axis that is
	/// crossed last (the contact normal at t_first). STARTS_OVERLAPPED: the axis of least
	/// penetration at t = 0. MISS: zero. INVALID: NaN.
	sw_vec3 normal;
	/// The axis the normal came from (SW_AXIS_* id, see sw_axis_decode()); SW_AXIS_NONE on MISS
	/// and INVALID.
	uint8_t feature;
} sw_sweep_output;

/// Moving OBB–OBB separating-axis test. Box A moves by `da` and box B by `db` over the step
/// (constant velocity, no rotation). Returns out->status.
SW_API sw_status sw_obb3_sweep(const sw_obb3 *a, sw_vec3 da, const sw_obb3 *b, sw_vec3 db, sw_sweep_output *out);

/// Static OBB–OBB overlap (touching counts as overlap): SW_HIT, SW_MISS or SW_PAIR_INVALID.
/// On SW_MISS, `*separating_axis` (may be NULL) receives the first of the 15 axes that separates
/// the boxes, a cheap cache for the next step; otherwise SW_AXIS_NONE.
SW_API sw_status sw_obb3_overlap(const sw_obb3 *a, const sw_obb3 *b, uint8_t *separating_axis);

#ifdef __cplusplus
}
#endif
#endif
