/* swept/hull_query.h — moving separating-axis test and static overlap for convex hulls (sw_hull3,
 * swept/hull.h) against hulls, oriented boxes and triangles: the single-pair API, its output types and
 * the feature ids. The method and the numerics are in src/ref/hull3_sat.c and doc/numerics.md
 * ("Convex hulls").
 *
 * Placement: a hull's vertices and planes are in its local frame; it is placed by a position p (the
 * local origin in world space) and a unit quaternion q (|q·q − 1| ≤ SW_QUAT_TOL), exactly as the
 * columns of sw_mat3_from_quat(q) span it: x_world = R(q)·x_local + p. Build hulls about their own
 * origin and move them with the pose. Every position and displacement must be finite with
 * |x| ≤ SW_MAX_COORD; the hulls must pass sw_hull3_check(); else the pair is SW_PAIR_INVALID.
 * These single-pair functions run sw_hull3_check() on both shapes at every call.
 */
#ifndef SWEPT_HULL_QUERY_H
#define SWEPT_HULL_QUERY_H

#include "swept/base.h"
#include "swept/hull.h"
#include "swept/math.h"
#include "swept/shapes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Feature ids of the hull queries (32 bits): the kind in bits 16..17, the indices below.
/// - SW_HULL_FEATURE_FACE_A | f: face f of A (its outward normal);
/// - SW_HULL_FEATURE_FACE_B | g: face g of B (its outward normal reversed). For a triangle B, face 0
///   is its front (normal (b − a) × (c − a)) and face 1 its back;
/// - SW_HULL_FEATURE_EDGES | (i << 8) | j: edge i of A × edge j of B (edge indices of
///   sw_hull3.edges; a triangle's edge 0 runs a→b, 1 b→c, 2 c→a; an OBB's are those of
///   sw_hull3_box()).
/// - SW_HULL_FEATURE_NONE on MISS and INVALID.
/// A flat hull (num_faces == 2, k vertices, swept/hull.h) is answered as a prism of no thickness, with
/// more faces and edges than it stores: face 0 (+n) and face 1 (−n) are its own; face 2 + i is the rim
/// of edge i (its outward normal within the plane, from vertex i to i + 1); edge i < k is edge i on
/// face 0's side, edge k + i the same edge on face 1's side, edge 2k + j vertex j (the corner between
/// rims j − 1 and j, a zero-length edge along +n).
#define SW_HULL_FEATURE_FACE_A 0x10000u
#define SW_HULL_FEATURE_FACE_B 0x20000u
#define SW_HULL_FEATURE_EDGES 0x30000u
#define SW_HULL_FEATURE_NONE 0xFFFFFFFFu

/// Decoded hull feature id: kind, index in A (face or edge, −1 when not involved), index in B.
typedef struct sw_hull_feature_info {
	sw_axis_kind kind;
	int index_a;
	int index_b;
} sw_hull_feature_info;

/// Unpacks a hull feature id (SW_AXIS_KIND_NONE for SW_HULL_FEATURE_NONE or an unknown id).
static inline sw_hull_feature_info sw_hull_feature_decode(uint32_t id)
{
	sw_hull_feature_info r = {SW_AXIS_KIND_NONE, -1, -1};
	uint32_t kind = id & 0xFFFF0000u, low = id & 0xFFFFu;
	if (kind == SW_HULL_FEATURE_FACE_A) {
		r.kind = SW_AXIS_KIND_FACE_A;
		r.index_a = (int)low;
	} else if (kind == SW_HULL_FEATURE_FACE_B) {
		r.kind = SW_AXIS_KIND_FACE_B;
		r.index_b = (int)low;
	} else if (kind == SW_HULL_FEATURE_EDGES) {
		r.kind = SW_AXIS_KIND_EDGE_EDGE;
		r.index_a = (int)(low >> 8);
		r.index_b = (int)(low & 0xFFu);
	}
	return r;
}

/// Answer of a moving hull query over t ∈ [0,1]. Fields as in sw_sweep_output (swept/query.h):
/// HIT: t_first ∈ (0,1], t_last, unit world normal from A to B of the direction crossed last;
/// STARTS_OVERLAPPED: t_first = 0, the direction of least penetration (largest gap ≤ 0 at t = 0);
/// MISS: t_first = t_last = 1, zero normal; INVALID: NaN. `feature` is a SW_HULL_FEATURE_* id.
typedef struct sw_hull_sweep_output {
	sw_status status;
	float t_first;
	float t_last;
	sw_vec3 normal;
	uint32_t feature;
} sw_hull_sweep_output;

/// Answer of a static hull overlap query.
typedef struct sw_hull_overlap_output {
	/// SW_HIT (overlap or touch), SW_MISS or SW_PAIR_INVALID.
	sw_status status;
	/// HIT: the direction of least penetration; MISS: the first separating direction (A's faces,
	/// B's faces, then edge pairs, in id order). SW_HULL_FEATURE_NONE when INVALID.
	uint32_t feature;
	/// HIT: penetration depth ≥ 0 along `normal` (moving B by depth·normal leaves them touching).
	/// MISS: the gap along the separating direction (> 0). INVALID: NaN.
	float depth;
	/// Unit normal of that direction, from A to B, world space (NaN when INVALID).
	sw_vec3 normal;
} sw_hull_overlap_output;

/// Moving SAT for two convex hulls placed by (pa, qa) and (pb, qb), translating by da and db over the
/// step. Returns out->status.
SW_API sw_status sw_hull3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_hull3 *b, sw_vec3 pb,
				sw_quat qb, sw_vec3 db, sw_hull_sweep_output *out);

/// Static overlap of two placed hulls: least penetration and depth, or the first separating
/// direction and the gap. Returns out->status.
SW_API sw_status sw_hull3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_hull3 *b, sw_vec3 pb, sw_quat qb,
				  sw_hull_overlap_output *out);

/// Moving SAT for a hull (A) and an oriented box (B, the OBB contract of swept/shapes.h) moving by
/// db. The box is the hull sw_hull3_box() makes of it in its own frame (faces −x, +x, −y, +y, −z, +z;
/// feature ids refer to that hull). Returns out->status.
SW_API sw_status sw_hull3_obb3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_obb3 *b,
				     sw_vec3 db, sw_hull_sweep_output *out);

/// Static overlap of a placed hull and an oriented box.
SW_API sw_status sw_hull3_obb3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_obb3 *b,
				       sw_hull_overlap_output *out);

/// Moving SAT for a hull (A) and a triangle (B, world space, the triangle contract of
/// swept/shapes.h) moving by dt. With `one_sided` ≠ 0 the triangle is hit from its front only, as in
/// sw_obb3_tri3_sweep(): a pair separated at t = 0 whose relative motion (dt − da) · n does not
/// exceed the no-motion threshold (n the triangle's unit normal) is a MISS; a pair touching at
/// t = 0 is SW_STARTS_OVERLAPPED from either side. Returns out->status.
SW_API sw_status sw_hull3_tri3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_tri3 *t,
				     sw_vec3 dt, int one_sided, sw_hull_sweep_output *out);

/// Static overlap of a placed hull and a triangle.
SW_API sw_status sw_hull3_tri3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_tri3 *t,
				       sw_hull_overlap_output *out);

#ifdef __cplusplus
}
#endif
#endif
