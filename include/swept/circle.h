/* swept/circle.h — swept circles and spheres against static level geometry: a circle (2D) moving
 * through segments, a sphere (3D) moving through triangles, capsules doing the same, the earliest hit
 * of each mover over a broadphase's pair list, and collide-and-slide. The method and the numerics
 * are in src/ref/circle2.c, src/ref/circle3.c and doc/numerics.md ("Swept circles and spheres").
 *
 * Motion: a mover translates by its displacement v over the step, t ∈ [0,1]; the geometry is
 * static. A segment or triangle that moves by d is handled by relative motion: pass v − d; the
 * time, normal, feature and slide are then those of the pair, and the contact point is given at
 * the geometry's start position (add t·d for where it is at the contact).
 *
 * Input contract (else SW_PAIR_INVALID): every coordinate and displacement finite with
 * |x| ≤ SW_MAX_COORD; 0 ≤ radius ≤ SW_MAX_COORD (radius 0 is a moving point); triangles not
 * degenerate as sw_tri3 says (swept/shapes.h); capsule rotations unit within SW_QUAT_TOL. A segment
 * of zero length is a point and is answered.
 *
 * Memory: a single-pair call uses under 1 KiB of stack; the earliest-hit calls nothing beyond their
 * outputs; collide-and-slide allocates 8 bytes per mover through the allocator hook.
 */
#ifndef SWEPT_CIRCLE_H
#define SWEPT_CIRCLE_H

#include "swept/base.h"
#include "swept/math.h"
#include "swept/shapes.h"
#include "swept/soa.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A 2D segment from p to q in world space. Its front (for one-sided queries) is the right of
/// p → q, the side the normal (q − p) turned clockwise, ((q − p).y, −(q − p).x), points to: the
/// outside of a counter-clockwise polygon's edges. p = q is a point (no front: always two-sided).
typedef struct sw_seg2 {
	sw_vec2 p, q;
} sw_seg2;

/// Feature ids of a segment: its interior (the line between the endpoints) and its endpoints.
#define SW_SEG2_INTERIOR 0u
#define SW_SEG2_END0 1u ///< p
#define SW_SEG2_END1 2u ///< q

/// Feature ids of a triangle: its face, edge k (0: a→b, 1: b→c, 2: c→a) as SW_TRI3_EDGE0 + k, and
/// vertex k (a, b, c) as SW_TRI3_VERTEX0 + k.
#define SW_TRI3_FACE 0u
#define SW_TRI3_EDGE0 1u
#define SW_TRI3_VERTEX0 4u

/// Capsule movers: the part of the capsule that touches, in bits 8..15 of the feature id
/// ((part << 8) | feature of the segment or triangle). A circle or sphere is part 0.
#define SW_CAPSULE_END0 0u ///< the ball around the capsule's first core point, a
#define SW_CAPSULE_END1 1u ///< the ball around its second core point, b
#define SW_CAPSULE_SIDE 2u ///< the round side around the core's interior
/// Feature id of MISS and INVALID answers.
#define SW_CIRCLE_FEATURE_NONE 0xFFFFFFFFu

/// Most sweeps collide-and-slide makes per mover (the largest `iterations`).
#define SW_CIRCLE_MAX_ITERS 8u

/// Options of the swept circle and sphere queries; NULL means SW_CIRCLE_OPTS_DEFAULT.
typedef struct sw_circle_opts {
	/// 0: the geometry is hit from both sides. 1: only from its front (a segment's right side, a
	/// triangle's (b − a) × (c − a) side): a mover whose centre starts strictly behind the line or
	/// plane is a MISS, even when it overlaps the geometry at t = 0 (one-way platforms and walls let
	/// it pass). A centre on the line or plane, or in front, is answered as two-sided.
	uint32_t one_sided;
	/// Collide-and-slide only: the distance r + skin it stops at from what it hits (≥ 0, finite).
	/// It must exceed the rounding of the scene's coordinates for the no-penetration guarantee: a
	/// few ulps of the largest coordinate plus motion, e.g. 1e-5 × that size. Sweeps ignore it.
	float skin;
	/// Collide-and-slide only: most sweeps per mover, 1..SW_CIRCLE_MAX_ITERS. Sweeps ignore it.
	uint32_t iterations;
} sw_circle_opts;

/// Two-sided, no skin, 4 iterations.
#define SW_CIRCLE_OPTS_DEFAULT ((sw_circle_opts){0u, 0.0f, 4u})

/// Answer of a 2D swept circle query against one segment.
typedef struct sw_circle2_output {
	/// SW_HIT, SW_MISS, SW_STARTS_OVERLAPPED or SW_PAIR_INVALID.
	sw_status status;
	/// HIT: time of first contact, in (0, 1]. STARTS_OVERLAPPED: 0. MISS: 1. INVALID: NaN.
	float t;
	/// STARTS_OVERLAPPED: penetration depth r − distance ≥ 0 at t = 0 (moving the mover by
	/// depth · normal leaves it touching). HIT and MISS: 0. INVALID: NaN.
	float depth;
	/// HIT: the contact point on the segment at t. STARTS_OVERLAPPED: the segment's point closest to
	/// the mover's centre at t = 0. World space. MISS: zero. INVALID: NaN.
	sw_vec2 point;
	/// Unit normal from the contact point towards the mover's centre: HIT at t,
	/// STARTS_OVERLAPPED at t = 0 (the direction of least penetration; when the centre lies on the
	/// segment, the segment's front normal, and +y for a point segment). MISS: zero. INVALID: NaN.
	sw_vec2 normal;
	/// The remaining motion (1 − t)·v with its component into the normal removed:
	/// m − min(m·normal, 0)·normal. HIT: orthogonal to the normal. STARTS_OVERLAPPED: v, clipped so.
	/// MISS: zero (no motion remains). INVALID: NaN.
	sw_vec2 slide;
	/// HIT / STARTS_OVERLAPPED: the segment's feature touched (SW_SEG2_*): the one whose Voronoi
	/// region holds the centre then (its projection before p, between p and q with both ends, after
	/// q); a point segment is always SW_SEG2_END0. MISS, INVALID: SW_CIRCLE_FEATURE_NONE.
	uint32_t feature;
} sw_circle2_output;

/// Answer of a 3D swept sphere query against one triangle; fields as in
/// sw_circle2_output, in space: `point` lies on the triangle, `normal` points from it towards the
/// sphere's centre, a centre lying on the triangle gets the triangle's front normal, and
/// `feature` is an SW_TRI3_FACE / SW_TRI3_EDGE0 + k / SW_TRI3_VERTEX0 + k id: the face when the
/// centre projects into the triangle (edges included), an edge when it lies outside that edge and
/// projects onto it, else a vertex.
typedef struct sw_circle3_output {
	sw_status status;
	float t;
	float depth;
	sw_vec3 point;
	sw_vec3 normal;
	sw_vec3 slide;
	uint32_t feature;
} sw_circle3_output;

/// Circle of radius r centred at c, moving by v, against the segment s. Returns out->status.
SW_API sw_status sw_circle2_seg2_sweep(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, const sw_circle_opts *opts,
				       sw_circle2_output *out);

/// Sphere of radius r centred at c, moving by v, against the triangle t. Returns out->status.
SW_API sw_status sw_circle3_tri3_sweep(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, const sw_circle_opts *opts,
				       sw_circle3_output *out);

/// A 2D capsule in its local frame: the points within r of the core segment a–b (a = b: a circle).
typedef struct sw_capsule2 {
	sw_vec2 a, b;
	float r;
} sw_capsule2;

/// A 3D capsule in its local frame: the points within r of the core segment a–b (a = b: a sphere).
typedef struct sw_capsule3 {
	sw_vec3 a, b;
	float r;
} sw_capsule3;

/// Capsule placed by `pose` (its core runs from pose.q·a + pose.p to pose.q·b + pose.p), moving by v,
/// against the segment s; the answer is read as for a circle with "centre" meaning the core:
/// `point` is the segment's point closest to the core, `normal` points from it towards the core,
/// `feature` is (part << 8) | segment feature with part SW_CAPSULE_END0, _END1 or _SIDE. When the
/// cores cross or touch at t = 0, STARTS_OVERLAPPED gives the least translation that separates the
/// capsule (depth = r + the distance the core must move, normal its direction) and the point where
/// they cross. With one_sided, pose.p decides the side the capsule starts on. Returns out->status.
SW_API sw_status sw_capsule2_seg2_sweep(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s,
					const sw_circle_opts *opts, sw_circle2_output *out);

/// Capsule placed by `pose` (core from pose.q·a + pose.p to pose.q·b + pose.p, pose.q a unit
/// quaternion within SW_QUAT_TOL), moving by v, against the triangle t; read as
/// sw_capsule2_seg2_sweep(). When the core pierces or touches the triangle at t = 0,
/// STARTS_OVERLAPPED gives the least translation out of the prism t ⊖ core (depth = r + the distance
/// the core must move) and the piercing point. Returns out->status.
SW_API sw_status sw_capsule3_tri3_sweep(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t,
					const sw_circle_opts *opts, sw_circle3_output *out);

/// A moving circle: centre at the start of the step, radius, displacement over the step.
typedef struct sw_circle2_mover {
	sw_vec2 c;
	float r;
	sw_vec2 v;
} sw_circle2_mover;

/// A moving sphere: centre at the start of the step, radius, displacement over the step.
typedef struct sw_circle3_mover {
	sw_vec3 c;
	float r;
	sw_vec3 v;
} sw_circle3_mover;

/// Earliest hit of every mover over its candidate pairs: pairs[k] = (mover index, segment index),
/// in any order and with any number of pairs per mover. For each mover i, first[i] is the answer
/// of the pair with the smallest t among its HIT and STARTS_OVERLAPPED pairs (ties to the lowest
/// pair index: deterministic), and first_pair[i] that pair's index; a mover with no such pair gets
/// the MISS answer and first_pair[i] = SW_CIRCLE_FEATURE_NONE. A mover that is invalid itself or has
/// an invalid pair (bad segment, segment index ≥ n_segs) gets SW_PAIR_INVALID: its earliest hit is
/// unknown. A pair whose mover index is ≥ n_movers is SW_PAIR_INVALID in per_pair and belongs to no
/// mover. per_pair (n_pairs entries) and first_pair (n_movers) may be NULL; first must not be.
/// Uses no memory beyond the outputs. Returns SW_ERR_NULL / SW_ERR_SIZE (more than SW_MAX_BATCH
/// movers or pairs) for a malformed call, then writes nothing.
SW_API sw_error sw_circle2_seg2_earliest(const sw_circle2_mover *movers, size_t n_movers, const sw_seg2 *segs,
					 size_t n_segs, const sw_pair *pairs, size_t n_pairs,
					 const sw_circle_opts *opts, sw_circle2_output *first, uint32_t *first_pair,
					 sw_circle2_output *per_pair);

/// sw_circle2_seg2_earliest() for spheres and triangles.
SW_API sw_error sw_circle3_tri3_earliest(const sw_circle3_mover *movers, size_t n_movers, const sw_tri3 *tris,
					 size_t n_tris, const sw_pair *pairs, size_t n_pairs,
					 const sw_circle_opts *opts, sw_circle3_output *first, uint32_t *first_pair,
					 sw_circle3_output *per_pair);

/// Answer of collide-and-slide for one 2D mover.
typedef struct sw_circle2_slide_output {
	/// SW_MISS: it moved by its whole displacement without a blocking contact. SW_HIT: at least one
	/// contact blocked it. SW_STARTS_OVERLAPPED: it started overlapping (distance ≤ r) a candidate;
	/// it still moved, never deeper into it. SW_PAIR_INVALID: the mover or one of its pairs is invalid
	/// (everything else NaN, counts 0).
	sw_status status;
	/// Final centre.
	sw_vec2 position;
	/// Motion left when the iteration cap stopped it (zero when it finished).
	sw_vec2 remaining;
	/// Sweeps made, 1..iterations.
	uint32_t iterations;
	/// Blocking contacts, 0..iterations; normals[0..hits) and pairs[0..hits) describe them in order.
	uint32_t hits;
	/// Unit normal of each blocking contact (from the geometry towards the centre).
	sw_vec2 normals[SW_CIRCLE_MAX_ITERS];
	/// Pair index of each blocking contact.
	uint32_t pairs[SW_CIRCLE_MAX_ITERS];
} sw_circle2_slide_output;

/// Answer of collide-and-slide for one 3D mover; fields as in sw_circle2_slide_output.
typedef struct sw_circle3_slide_output {
	sw_status status;
	sw_vec3 position;
	sw_vec3 remaining;
	uint32_t iterations;
	uint32_t hits;
	sw_vec3 normals[SW_CIRCLE_MAX_ITERS];
	uint32_t pairs[SW_CIRCLE_MAX_ITERS];
} sw_circle3_slide_output;

/// Collide-and-slide for every mover against its candidate segments (pairs as in
/// sw_circle2_seg2_earliest): up to opts->iterations times, sweep with radius r + skin, move to the
/// earliest blocking contact, replace the motion by the slide along it (two contacts in a row
/// form a corner: slide along both or stop, see doc/numerics.md). A mover that starts at distance
/// ≥ r from its candidates ends at distance ≥ r from them. Allocates 8 bytes per mover through the
/// allocator hook. Returns SW_ERR_NULL, SW_ERR_SIZE, SW_ERR_ARG (iterations out of range, skin
/// negative or not finite) or SW_ERR_NOMEM for a malformed call, then writes nothing.
SW_API sw_error sw_circle2_seg2_slide(const sw_circle2_mover *movers, size_t n_movers, const sw_seg2 *segs,
				      size_t n_segs, const sw_pair *pairs, size_t n_pairs, const sw_circle_opts *opts,
				      sw_circle2_slide_output *out);

/// sw_circle2_seg2_slide() for spheres and triangles: a crease of two contacts is slid along.
SW_API sw_error sw_circle3_tri3_slide(const sw_circle3_mover *movers, size_t n_movers, const sw_tri3 *tris,
				      size_t n_tris, const sw_pair *pairs, size_t n_pairs, const sw_circle_opts *opts,
				      sw_circle3_slide_output *out);

#ifdef __cplusplus
}
#endif
#endif
