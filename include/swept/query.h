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

/// Moving OBB–triangle separating-axis test (13 axes). Box A moves by `da` and triangle `t` by `dt`
/// over the step (constant velocity, no rotation). The normal points from the box towards the
/// triangle; `feature` is an SW_TRI3_AXIS_* id (sw_tri3_axis_decode()). With `one_sided` ≠ 0 the
/// triangle is only hit from its front: a pair separated at t = 0 whose relative motion does not
/// approach the front ((dt − da) · ((b − a) × (c − a)) not above the no-motion threshold) is a
/// MISS; a pair already touching at t = 0 is SW_STARTS_OVERLAPPED whichever side it touches from
/// (doc/numerics.md). Returns out->status.
SW_API sw_status sw_obb3_tri3_sweep(const sw_obb3 *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt, int one_sided,
				    sw_sweep_output *out);

/// Static OBB–triangle overlap (touching counts): SW_HIT, SW_MISS or SW_PAIR_INVALID. On SW_MISS,
/// `*separating_axis` (may be NULL) receives the first of the 13 axes, in id order, that separates
/// them; otherwise SW_AXIS_NONE.
SW_API sw_status sw_obb3_tri3_overlap(const sw_obb3 *a, const sw_tri3 *t, uint8_t *separating_axis);

/// Answer of a 3D static penetration query.
typedef struct sw_overlap3_output {
	/// SW_HIT (overlap or touch), SW_MISS or SW_PAIR_INVALID.
	sw_status status;
	/// HIT: the axis of least penetration; MISS: the first separating axis; else SW_AXIS_NONE.
	uint8_t feature;
	/// HIT: penetration depth ≥ 0 along `normal` (moving B by depth·normal leaves them touching).
	/// MISS: the gap along the separating axis (> 0). INVALID: NaN.
	float depth;
	/// Unit normal of that axis in world space, from A to B (NaN when INVALID).
	sw_vec3 normal;
} sw_overlap3_output;

/// Static OBB–triangle overlap with the axis of least penetration and its depth (the 13 axes of
/// sw_obb3_tri3_sweep, distances normalised by each axis' length; ties go to the lower id).
SW_API sw_status sw_obb3_tri3_penetration(const sw_obb3 *a, const sw_tri3 *t, sw_overlap3_output *out);

/// Static OBB–OBB overlap with the axis of least penetration and its depth (the 15 axes of
/// sw_obb3_sweep, distances normalised by each axis' length, ties to the lower id), or on a miss the
/// first separating axis and its gap.
SW_API sw_status sw_obb3_penetration(const sw_obb3 *a, const sw_obb3 *b, sw_overlap3_output *out);

/// Answer of a 2D moving query over t ∈ [0,1]; fields as in sw_sweep_output, in the plane.
typedef struct sw_sweep2_output {
	sw_status status;
	float t_first;
	float t_last;
	sw_vec2 normal;
	/// Polygon pairs: edge i of A is feature i, edge j of B is SW_POLY2_MAX_VERTS + j;
	/// SW_AXIS_NONE on MISS and INVALID.
	uint8_t feature;
} sw_sweep2_output;

/// Answer of a 2D static overlap query.
typedef struct sw_overlap2_output {
	/// SW_HIT (overlap or touch), SW_MISS or SW_PAIR_INVALID.
	sw_status status;
	/// HIT: the axis of least penetration; MISS: the first separating axis (A's edges, then B's).
	uint8_t feature;
	/// HIT: penetration depth ≥ 0 along `normal` (moving B by depth·normal leaves them touching).
	/// MISS: the gap along the separating axis (> 0). INVALID: NaN.
	float depth;
	/// Unit normal of that axis, from A to B, world space (NaN when INVALID).
	sw_vec2 normal;
} sw_overlap2_output;

/// Moving SAT for two 2D convex polygons (or segments, count = 2), placed by xa and xb and
/// translating by da and db over the step. The polygons must pass sw_poly2_check(p, 1) and the
/// rotations be unit within SW_QUAT_TOL, else SW_PAIR_INVALID. Returns out->status.
SW_API sw_status sw_poly2_sweep(const sw_poly2 *a, sw_xf2 xa, sw_vec2 da, const sw_poly2 *b, sw_xf2 xb, sw_vec2 db,
				sw_sweep2_output *out);

/// Static 2D polygon overlap with the axis of least penetration and its depth.
SW_API sw_status sw_poly2_overlap(const sw_poly2 *a, sw_xf2 xa, const sw_poly2 *b, sw_xf2 xb, sw_overlap2_output *out);

#ifdef __cplusplus
}
#endif
#endif
