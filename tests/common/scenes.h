/* tests/common/scenes.h — seeded generators of boxes and pairs shared by the tests and the benchmarks.
 * Everything is deterministic in the seed, so a failing case reruns alone. */
#ifndef SWEPT_TESTS_SCENES_H
#define SWEPT_TESTS_SCENES_H

#include <stdint.h>
#include <stdio.h>
#include <swept/advanced.h>
#include <swept/swept.h>

#ifdef __cplusplus
extern "C" {
#endif

/// splitmix64-seeded xorshift generator.
typedef struct sc_rng {
	uint64_t s;
} sc_rng;

sc_rng sc_rng_seed(uint64_t seed);
uint64_t sc_next(sc_rng *r);
/// Uniform in [lo, hi).
float sc_uniform(sc_rng *r, float lo, float hi);
/// Uniform integer in [0, n).
uint32_t sc_below(sc_rng *r, uint32_t n);
/// Uniformly distributed rotation (unit quaternion).
sw_quat sc_rotation(sc_rng *r);
/// n points about the origin near an ellipsoid of semi-axes `ax`: a direction uniform on the sphere,
/// then a radius of `inner` to 1 times the ellipsoid's along it (inner ≥ 1: on the ellipsoid, and no
/// draw for the radius). Random hull clouds.
void sc_ellipsoid_points(sc_rng *r, size_t n, sw_vec3 ax, float inner, sw_vec3 *pts);

/// A placed box as the tests build it: centre, orientation and half extents in one value (the API
/// takes the shape and its pose apart: sc_box_shape(), sc_box_pose()).
typedef struct sc_box {
	sw_vec3 center;
	sw_quat rot;
	sw_vec3 half;
} sc_box;

static inline sw_obb3 sc_box_shape(const sc_box *b)
{
	sw_obb3 s = {b->half};
	return s;
}
static inline sw_pose3 sc_box_pose(const sc_box *b)
{
	sw_pose3 p = {b->center, b->rot};
	return p;
}
/// The box's local axes in world space (the columns), as every query computes them.
static inline sw_mat3 sc_box_axes(const sc_box *b) { return sw_mat3_from_quat(b->rot); }

/* single-pair queries on placed boxes, answering with the status (the shape of the calls the hand and
 * oracle suites make) */
static inline sw_status sc_obb3_sweep(const sc_box *a, sw_vec3 da, const sc_box *b, sw_vec3 db, sw_sweep_result *o)
{
	sw_obb3 sa = sc_box_shape(a), sb = sc_box_shape(b);
	sw_obb3_sweep(&sa, sc_box_pose(a), da, &sb, sc_box_pose(b), db, o);
	return o->status;
}
static inline sw_status sc_obb3_overlap(const sc_box *a, const sc_box *b, sw_overlap_result *o)
{
	sw_obb3 sa = sc_box_shape(a), sb = sc_box_shape(b);
	sw_obb3_overlap(&sa, sc_box_pose(a), &sb, sc_box_pose(b), o);
	return o->status;
}
static inline sw_status sc_obb3_tri3_sweep(const sc_box *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt, int one_sided,
					   sw_sweep_result *o)
{
	sw_obb3 sa = sc_box_shape(a);
	sw_sweep_opts opts = {(uint32_t)one_sided};
	sw_obb3_tri3_sweep(&sa, sc_box_pose(a), da, t, dt, &opts, o);
	return o->status;
}
static inline sw_status sc_obb3_tri3_overlap(const sc_box *a, const sw_tri3 *t, sw_overlap_result *o)
{
	sw_obb3 sa = sc_box_shape(a);
	sw_obb3_tri3_overlap(&sa, sc_box_pose(a), t, o);
	return o->status;
}

/* single-pair hull queries on hulls placed by position and quaternion and on placed boxes,
 * answering with the status */
static inline sw_status sc_hull3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_hull3 *b,
				       sw_vec3 pb, sw_quat qb, sw_vec3 db, sw_sweep_result *o)
{
	sw_hull3_sweep(a, sw_pose3_make(pa, qa), da, b, sw_pose3_make(pb, qb), db, o);
	return o->status;
}
static inline sw_status sc_hull3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_hull3 *b, sw_vec3 pb,
					 sw_quat qb, sw_overlap_result *o)
{
	sw_hull3_overlap(a, sw_pose3_make(pa, qa), b, sw_pose3_make(pb, qb), o);
	return o->status;
}
static inline sw_status sc_hull3_obb3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sc_box *b,
					    sw_vec3 db, sw_sweep_result *o)
{
	sw_obb3 sb = sc_box_shape(b);
	sw_hull3_obb3_sweep(a, sw_pose3_make(pa, qa), da, &sb, sc_box_pose(b), db, o);
	return o->status;
}
static inline sw_status sc_hull3_obb3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sc_box *b,
					      sw_overlap_result *o)
{
	sw_obb3 sb = sc_box_shape(b);
	sw_hull3_obb3_overlap(a, sw_pose3_make(pa, qa), &sb, sc_box_pose(b), o);
	return o->status;
}
static inline sw_status sc_hull3_tri3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_tri3 *t,
					    sw_vec3 dt, int one_sided, sw_sweep_result *o)
{
	sw_sweep_opts opts = {(uint32_t)one_sided};
	sw_hull3_tri3_sweep(a, sw_pose3_make(pa, qa), da, t, dt, &opts, o);
	return o->status;
}
static inline sw_status sc_hull3_tri3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_tri3 *t,
					      sw_overlap_result *o)
{
	sw_hull3_tri3_overlap(a, sw_pose3_make(pa, qa), t, o);
	return o->status;
}
/// The hull of a placed box's shape in its own frame (sw_hull3_box()).
static inline sw_error sc_hull3_box(const sc_box *b, sw_hull3 *out)
{
	sw_obb3 s = sc_box_shape(b);
	return sw_hull3_box(&s, out);
}
/// sw_hull3_check() as a truth value, the error's name in why (when not NULL) on failure.
static inline int sc_hull3_check(const sw_hull3 *h, char *why, size_t why_len)
{
	sw_error e = sw_hull3_check(h);
	if (e != SW_OK && why && why_len)
		snprintf(why, why_len, "%s", sw_error_name(e));
	return e == SW_OK;
}

/// The first-separating-axis test of a placed pair (the overlap twin a batched call runs when it asks
/// for neither depth nor normal): SW_MISS with the first separating axis in *axis, SW_HIT with
/// SW_FEATURE_NONE, or SW_PAIR_INVALID.
sw_status sc_obb3_overlap_test(const sc_box *a, const sc_box *b, uint32_t *axis);
sw_status sc_obb3_tri3_overlap_test(const sc_box *a, const sw_tri3 *t, uint32_t *axis);

/// Parameters of a random box scene.
typedef struct sc_obb3_params {
	float world;    ///< centres uniform in [-world, world]^3 around `offset`
	sw_vec3 offset; ///< added to every centre (e.g. 1e4 to test precision far from the origin)
	float half_lo;  ///< half extents uniform in [half_lo, half_hi]
	float half_hi;
	float motion;     ///< displacement components uniform in [-motion, motion]
	int axis_aligned; ///< 1: identity orientation for every box
} sc_obb3_params;

/// Defaults: world 4, no offset, half extents [0.25, 1.5], motion 4, random orientation.
sc_obb3_params sc_obb3_defaults(void);
/// One random box and its displacement.
void sc_obb3(sc_rng *r, const sc_obb3_params *p, sc_box *box, sw_vec3 *disp);
/// Fills `set` (created by the caller) with n random boxes.
sw_error sc_obb3_set_fill(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, size_t n);
/// n random pairs of indices into sets of na and nb boxes.
void sc_pairs(sc_rng *r, sw_pair *pairs, size_t n, uint32_t na, uint32_t nb);
/// Fills `set` with 2n boxes where box 2k and 2k+1 form a close pair and writes pairs (2k, 2k+1):
/// with the defaults about 48 % miss, 48 % hit and 3 % start overlapped, the kind of candidate list
/// a broadphase of swept bounds emits.
sw_error sc_obb3_close_pairs(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, sw_pair *pairs, size_t n);

/// World direction of an OBB–OBB feature id: a face normal, or the normalised cross product of the
/// two edge directions (unsigned; the tests compare it with the reported normal up to sign).
sw_vec3 sc_obb3_feature_axis(const sc_box *a, const sc_box *b, uint32_t id);
/// Whether the unit normal n lies along OBB–OBB feature id: parallel to a face normal (|n·f| ≥ 1 − tol),
/// or perpendicular to both edges of an edge pair (|n·a_i|, |n·b_j| ≤ tol), which for nearly parallel
/// edges is all a float normal can be held to: about the edges its direction is only as good as
/// ulp / |a_i × b_j|. 0 for SW_FEATURE_NONE.
int sc_obb3_feature_along(const sc_box *a, const sc_box *b, uint32_t id, sw_vec3 n, float tol);

/// Parameters of a random box–triangle scene.
typedef struct sc_tri3_params {
	sc_obb3_params box; ///< boxes (and the triangles' placement: `world`, `offset`, `motion`)
	float edge_lo;      ///< triangle vertices lie at distances uniform in [edge_lo, edge_hi]
	float edge_hi;      ///< from the triangle's centroid, in random directions
} sc_tri3_params;

/// Defaults: sc_obb3_defaults() boxes, vertices 0.5 to 2.5 from the centroid.
sc_tri3_params sc_tri3_defaults(void);
/// One random triangle around `centre` (never degenerate by swept's contract) and its displacement.
void sc_tri3(sc_rng *r, const sc_tri3_params *p, sw_vec3 centre, sw_tri3 *tri, sw_vec3 *disp);
/// Adds n close box–triangle pairs to `boxes` and `tris` (both initialised by the caller) and writes
/// pairs (box index, triangle index): the triangle's centroid within two box sizes of the box, its
/// relative motion aimed at the box half of the time.
sw_error sc_tri3_close_pairs(sc_rng *r, const sc_tri3_params *p, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs,
			     size_t n);
/// World direction of an OBB–triangle feature id: a box face normal, the triangle's normal, or the
/// normalised cross product box edge × triangle edge (unsigned, as sc_obb3_feature_axis()).
sw_vec3 sc_tri3_feature_axis(const sc_box *a, const sw_tri3 *t, uint32_t id);
/// sc_obb3_feature_along() for an OBB–triangle feature id (an edge pair: box edge i, triangle edge j).
int sc_tri3_feature_along(const sc_box *a, const sw_tri3 *t, uint32_t id, sw_vec3 n, float tol);

/// A random convex polygon of `count` vertices (2: a segment; 3..SW_POLY2_MAX_VERTS: built from
/// points on a ring, so it is strictly convex), of radius about `size`.
sw_poly2 sc_poly2(sc_rng *r, uint32_t count, float size);

/// Parameters of a random 2D polygon scene.
typedef struct sc_poly2_params {
	float world; ///< positions uniform in [-world, world]² around (offset, −offset)
	float offset;
	float size_lo, size_hi;      ///< polygon radius
	float motion;                ///< displacement components uniform in [-motion, motion]
	uint32_t count_lo, count_hi; ///< vertex counts uniform in [count_lo, count_hi] (2 = segment)
} sc_poly2_params;

/// Defaults: world 3, no offset, size [0.25, 1.5], motion 4, 3 to 8 vertices.
sc_poly2_params sc_poly2_defaults(void);
/// Adds 2n polygons (a shape and an instance each) to `set`, where 2k and 2k+1 form a close pair,
/// and writes pairs (2k, 2k+1).
sw_error sc_poly2_close_pairs(sc_rng *r, const sc_poly2_params *p, sw_poly2_set *set, sw_pair *pairs, size_t n);

#ifdef __cplusplus
}
#endif
#endif
