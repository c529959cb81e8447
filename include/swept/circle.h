/* swept/circle.h — swept circles and spheres against level geometry: a circle (2D) moving through
 * segments, a sphere (3D) moving through triangles, capsules doing the same, one pair at a time and
 * batched; the earliest hit of every mover over a broadphase's pair list, and collide-and-slide. The
 * method and the numerics are in doc/numerics.md ("Swept circles and spheres").
 *
 * Motion: a mover translates by its displacement v over the step, t ∈ [0,1]. The single-pair
 * functions take the geometry at rest; geometry that moves by d is handled by relative motion (pass
 * v − d, which is what the batched calls do with the sets' displacements): the time, normal,
 * feature and slide are then those of the pair, and the contact point is given at the geometry's
 * start position (add t·d for where it is at the contact).
 *
 * Answers are sw_cast_result (swept/batch.h): status, feature, t, depth, point, normal (from the
 * geometry towards the mover's centre), slide; 2D answers have z = 0 and batched 2D calls leave the
 * z columns alone.
 *
 * Input contract (else SW_PAIR_INVALID): every coordinate and displacement finite with
 * |x| ≤ SW_MAX_COORD; 0 ≤ radius ≤ SW_MAX_COORD (radius 0 is a moving point); triangles not
 * degenerate (swept/tri3.h); capsule rotations unit within SW_QUAT_TOL. A segment of zero length is a
 * point and is answered.
 *
 * Memory: a single-pair call uses under 1 KiB of stack. The batched sweeps allocate nothing and use
 * up to about 52 KiB of stack (the live lanes of 512 pairs packed together, and their answers); the
 * earliest-hit and slide calls allocate a window of SW_CIRCLE_WINDOW pairs and their answers (244
 * KiB) plus 12 bytes per mover (earliest hit) or about 100 bytes per mover (collide-and-slide: its
 * state and a mover set of its own) through the allocator hook, once per call. */
#ifndef SWEPT_CIRCLE_H
#define SWEPT_CIRCLE_H

#include "swept/base.h"
#include "swept/batch.h"
#include "swept/math.h"
#include "swept/tri3.h"

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

/// Feature ids of a triangle hit by a sphere: its face, edge k (0: a→b, 1: b→c, 2: c→a) as
/// SW_TRI3_EDGE0 + k, and vertex k (a, b, c) as SW_TRI3_VERTEX0 + k.
#define SW_TRI3_FACE 0u
#define SW_TRI3_EDGE0 1u
#define SW_TRI3_VERTEX0 4u

/// Capsule movers: the part of the capsule that touches, in bits 8..15 of the feature id
/// ((part << 8) | feature of the segment or triangle). A circle or sphere is part 0.
#define SW_CAPSULE_END0 0u ///< the ball around the capsule's first core point, a
#define SW_CAPSULE_END1 1u ///< the ball around its second core point, b
#define SW_CAPSULE_SIDE 2u ///< the round side around the core's interior

/// Most sweeps collide-and-slide makes per mover (the largest `iterations`), and the stride of its
/// per-hit columns.
#define SW_CIRCLE_MAX_ITERS 8u

/// Pairs the earliest-hit and slide calls sweep at a time (their working memory).
#define SW_CIRCLE_WINDOW 4096u

/// Options of the swept circle and sphere queries; NULL selects the defaults {0, 0, 4}.
typedef struct sw_circle_opts {
	/// 0 (default): the geometry is hit from both sides. Otherwise only from its front (a segment's
	/// right side, a triangle's (b − a) × (c − a) side): a mover whose centre starts strictly behind
	/// the line or plane is a MISS, even when it overlaps the geometry at t = 0 (one-way platforms
	/// and walls let it pass). A centre on the line or plane, or in front, is answered as two-sided.
	uint32_t one_sided;
	/// Collide-and-slide only: the mover is swept with radius r + skin and stops there (≥ 0,
	/// finite; default 0). It should exceed the rounding of the scene's coordinates for the
	/// no-penetration guarantee: a few ulps of the largest coordinate plus motion, e.g. 1e-5 × that
	/// size (doc/numerics.md). The sweeps and the earliest hit ignore it.
	float skin;
	/// Collide-and-slide only: most sweeps per mover, 1..SW_CIRCLE_MAX_ITERS (default 4). The sweeps
	/// and the earliest hit ignore it.
	uint32_t iterations;
} sw_circle_opts;

/// Circle of radius r centred at c, moving by v, against the segment s (at rest). Writes the
/// answer to *out: point on the segment, normal from it towards the centre, feature SW_SEG2_*; a
/// STARTS_OVERLAPPED answer has the least-penetration normal and the depth r − distance. SW_OK, or
/// SW_ERR_NULL when s or out is NULL.
SW_API sw_error sw_circle2_seg2_sweep(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, const sw_circle_opts *opts,
				      sw_cast_result *out);

/// Sphere of radius r centred at c, moving by v, against the triangle t (at rest); as
/// sw_circle2_seg2_sweep() with feature SW_TRI3_FACE, SW_TRI3_EDGE0 + k or SW_TRI3_VERTEX0 + k.
SW_API sw_error sw_circle3_tri3_sweep(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, const sw_circle_opts *opts,
				      sw_cast_result *out);

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
/// they cross. With one_sided, pose.p decides the side the capsule starts on. SW_OK, or SW_ERR_NULL.
SW_API sw_error sw_capsule2_seg2_sweep(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s,
				       const sw_circle_opts *opts, sw_cast_result *out);

/// Capsule placed by `pose` (core from pose.q·a + pose.p to pose.q·b + pose.p), moving by v, against
/// the triangle t; read as sw_capsule2_seg2_sweep(). When the core pierces or touches the triangle at
/// t = 0, STARTS_OVERLAPPED gives the least translation out of the prism t ⊖ core (depth = r + the
/// distance the core must move) and the piercing point. SW_OK, or SW_ERR_NULL.
SW_API sw_error sw_capsule3_tri3_sweep(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t,
				       const sw_circle_opts *opts, sw_cast_result *out);

/* ---- sets ---- */

/// Moving circles (2D movers): centre at the start of the step, radius, displacement. Stored
/// structure of arrays, as given (the queries check them per pair). Opaque.
typedef struct sw_circle2_set sw_circle2_set;
/// Moving spheres (3D movers), as sw_circle2_set.
typedef struct sw_circle3_set sw_circle3_set;
/// Segments with a displacement over the step (level geometry, usually at rest). Opaque.
typedef struct sw_seg2_set sw_seg2_set;

/// A mover set's placement columns, for callers that keep their movers structure of arrays and write
/// them in place (sw_circle2_set_columns(), sw_circle3_set_columns()): entry i of each column is mover
/// i's, for i below the set's count; the z columns are NULL for circles. Only these columns are
/// writable; the queries check every value they read.
typedef struct sw_mover_cols {
	float *cx, *cy, *cz; ///< centre at the start of the step
	float *dx, *dy, *dz; ///< displacement over the step
} sw_mover_cols;

/// A segment set's columns (sw_seg2_set_columns()), as sw_mover_cols; the endpoints are stored as
/// one record per segment.
typedef struct sw_seg2_cols {
	sw_seg2 *seg;   ///< endpoints
	float *dx, *dy; ///< displacement over the step
} sw_seg2_cols;

/// A new empty set with room for `capacity` items (it grows as needed).
SW_API sw_error sw_circle2_set_create(size_t capacity, sw_circle2_set **set);
/// Frees a set (NULL is ignored).
SW_API void sw_circle2_set_destroy(sw_circle2_set *set);
/// Circles in the set (0 for NULL).
SW_API size_t sw_circle2_set_count(const sw_circle2_set *set);
/// Appends a circle: centre, radius, displacement; its index goes to *index (may be NULL).
SW_API sw_error sw_circle2_set_add(sw_circle2_set *set, sw_vec2 centre, float radius, sw_vec2 disp, uint32_t *index);
/// Overwrites circle `index` (< count; SW_ERR_ARG otherwise).
SW_API sw_error sw_circle2_set_put(sw_circle2_set *set, uint32_t index, sw_vec2 centre, float radius, sw_vec2 disp);
/// Reads circle `index` (outputs may be NULL).
SW_API sw_error sw_circle2_set_get(const sw_circle2_set *set, uint32_t index, sw_vec2 *centre, float *radius,
				   sw_vec2 *disp);
/// Writes the centres and displacements of circles [first, first + n) (disps NULL: at rest).
SW_API sw_error sw_circle2_set_place(sw_circle2_set *set, uint32_t first, size_t n, const sw_vec2 *centres,
				     const sw_vec2 *disps);
/// The set's placement columns, for writing centres and displacements in place. Valid until the next
/// sw_circle2_set_add (which may move them) or sw_circle2_set_destroy(). SW_ERR_NULL when a pointer
/// is NULL.
SW_API sw_error sw_circle2_set_columns(sw_circle2_set *set, sw_mover_cols *cols);
/// Removes every circle, keeping the storage.
SW_API void sw_circle2_set_clear(sw_circle2_set *set);

SW_API sw_error sw_circle3_set_create(size_t capacity, sw_circle3_set **set);
SW_API void sw_circle3_set_destroy(sw_circle3_set *set);
SW_API size_t sw_circle3_set_count(const sw_circle3_set *set);
SW_API sw_error sw_circle3_set_add(sw_circle3_set *set, sw_vec3 centre, float radius, sw_vec3 disp, uint32_t *index);
SW_API sw_error sw_circle3_set_put(sw_circle3_set *set, uint32_t index, sw_vec3 centre, float radius, sw_vec3 disp);
SW_API sw_error sw_circle3_set_get(const sw_circle3_set *set, uint32_t index, sw_vec3 *centre, float *radius,
				   sw_vec3 *disp);
SW_API sw_error sw_circle3_set_place(sw_circle3_set *set, uint32_t first, size_t n, const sw_vec3 *centres,
				     const sw_vec3 *disps);
SW_API sw_error sw_circle3_set_columns(sw_circle3_set *set, sw_mover_cols *cols);
SW_API void sw_circle3_set_clear(sw_circle3_set *set);

SW_API sw_error sw_seg2_set_create(size_t capacity, sw_seg2_set **set);
SW_API void sw_seg2_set_destroy(sw_seg2_set *set);
SW_API size_t sw_seg2_set_count(const sw_seg2_set *set);
/// Appends a segment with its displacement over the step; its index goes to *index (may be NULL).
SW_API sw_error sw_seg2_set_add(sw_seg2_set *set, const sw_seg2 *seg, sw_vec2 disp, uint32_t *index);
SW_API sw_error sw_seg2_set_put(sw_seg2_set *set, uint32_t index, const sw_seg2 *seg, sw_vec2 disp);
SW_API sw_error sw_seg2_set_get(const sw_seg2_set *set, uint32_t index, sw_seg2 *seg, sw_vec2 *disp);
/// Writes the displacements of segments [first, first + n) (disps NULL: at rest).
SW_API sw_error sw_seg2_set_place(sw_seg2_set *set, uint32_t first, size_t n, const sw_vec2 *disps);
/// The set's columns, for writing segments and displacements in place (validity as
/// sw_circle2_set_columns()). The set then counts as moving until sw_seg2_set_clear(): its kernels
/// read the displacement columns instead of skipping them (a level at rest is cheaper).
SW_API sw_error sw_seg2_set_columns(sw_seg2_set *set, sw_seg2_cols *cols);
SW_API void sw_seg2_set_clear(sw_seg2_set *set);

/* ---- batched ---- */

/// The sweep of every pair (movers[pairs[k].a], segs[pairs[k].b]) with the sets' displacements: the
/// answer of sw_circle2_seg2_sweep() with motion v − d, bit for bit on every tier (opts for the whole
/// call, may be NULL). An index out of range makes that pair SW_PAIR_INVALID. Callers that keep their
/// pairs in lane blocks across steps have sw_circle2_seg2_sweep_packed() (swept/advanced.h).
SW_API sw_error sw_circle2_seg2_sweep_batch(const sw_circle2_set *movers, const sw_seg2_set *segs, const sw_pair *pairs,
					    size_t n, const sw_circle_opts *opts, const sw_batch_opts *run,
					    const sw_cast_results *out);
/// sw_circle2_seg2_sweep_batch() for spheres and triangles (sw_circle3_tri3_sweep()).
SW_API sw_error sw_circle3_tri3_sweep_batch(const sw_circle3_set *movers, const sw_tri3_set *tris, const sw_pair *pairs,
					    size_t n, const sw_circle_opts *opts, const sw_batch_opts *run,
					    const sw_cast_results *out);

/// Earliest hit of every mover over its candidate pairs: pairs[k] = (mover, segment), in any order,
/// any number per mover. Row i of `first` (count(movers) rows) is the answer of the pair with the
/// least t among mover i's HIT and STARTS_OVERLAPPED pairs, the lowest pair index among equal times
/// (whatever the threads and chunks), and first_pair[i] that pair's index; a mover without one gets
/// the MISS answer and SW_FEATURE_NONE. A mover with an invalid pair (its own input, the segment's, a
/// segment index out of range) gets SW_PAIR_INVALID: its earliest hit is unknown. A pair whose mover
/// index is out of range is SW_PAIR_INVALID in per_pair and belongs to no mover. per_pair (n rows)
/// and first_pair may be NULL, and so may any column of `first` but its status. Errors: SW_ERR_NULL,
/// SW_ERR_SIZE, SW_ERR_NOMEM, before anything is written.
SW_API sw_error sw_circle2_seg2_earliest_batch(const sw_circle2_set *movers, const sw_seg2_set *segs,
					       const sw_pair *pairs, size_t n, const sw_circle_opts *opts,
					       const sw_batch_opts *run, const sw_cast_results *first,
					       uint32_t *first_pair, const sw_cast_results *per_pair);
/// sw_circle2_seg2_earliest_batch() for spheres and triangles.
SW_API sw_error sw_circle3_tri3_earliest_batch(const sw_circle3_set *movers, const sw_tri3_set *tris,
					       const sw_pair *pairs, size_t n, const sw_circle_opts *opts,
					       const sw_batch_opts *run, const sw_cast_results *first,
					       uint32_t *first_pair, const sw_cast_results *per_pair);

/// Answers of collide-and-slide, one row per mover (row i: mover i of the set). `status` is required;
/// any other column may be NULL and is then not written. 2D calls ignore pz, rz and nz.
typedef struct sw_slide_results {
	/// SW_MISS: it moved by its whole displacement without a blocking contact. SW_HIT: at least one
	/// contact blocked it. SW_STARTS_OVERLAPPED: it started within r of a candidate; it still moved,
	/// never deeper into it. SW_PAIR_INVALID: the mover or one of its pairs is invalid (position and
	/// remaining NaN, counts 0).
	uint8_t *status;
	/// Final centre.
	float *px, *py, *pz;
	/// Motion left when the iteration cap stopped it (zero when it finished).
	float *rx, *ry, *rz;
	/// Sweeps made, 1..iterations (0 when invalid).
	uint32_t *iterations;
	/// Blocking contacts, 0..iterations.
	uint32_t *hits;
	/// Unit normal of blocking contact h (from the geometry towards the centre) of mover i, at
	/// [SW_CIRCLE_MAX_ITERS·i + h] for h < hits (the other entries are not written).
	float *nx, *ny, *nz;
	/// Pair index of blocking contact h of mover i, same layout.
	uint32_t *pair;
} sw_slide_results;

/// Collide-and-slide for every mover of the set against its candidate segments (pairs as in
/// sw_circle2_seg2_earliest_batch()): up to opts->iterations times, sweep every candidate with radius r + skin from
/// where the mover is, move to the earliest blocking contact and replace the motion by the slide along it (two contacts
/// in a row form a corner: the mover stops in it; doc/numerics.md). A mover that starts at distance
/// ≥ r from its candidates ends at distance ≥ r from them, up to rounding the skin absorbs. The same
/// answers whatever the threads and chunks. Errors: SW_ERR_NULL, SW_ERR_SIZE, SW_ERR_ARG (iterations
/// out of 1..SW_CIRCLE_MAX_ITERS, skin negative or not finite), SW_ERR_NOMEM, before anything is
/// written. The level is meant to be at rest: a segment's displacement d enters every sweep as the
/// relative motion, as in sw_circle2_seg2_sweep_batch(), against the segment at its start position.
SW_API sw_error sw_circle2_seg2_slide_batch(const sw_circle2_set *movers, const sw_seg2_set *segs, const sw_pair *pairs,
					    size_t n, const sw_circle_opts *opts, const sw_batch_opts *run,
					    const sw_slide_results *out);
/// sw_circle2_seg2_slide_batch() for spheres and triangles: two contacts in a row form a crease,
/// which the sphere slides along.
SW_API sw_error sw_circle3_tri3_slide_batch(const sw_circle3_set *movers, const sw_tri3_set *tris, const sw_pair *pairs,
					    size_t n, const sw_circle_opts *opts, const sw_batch_opts *run,
					    const sw_slide_results *out);

#ifdef __cplusplus
}
#endif
#endif
