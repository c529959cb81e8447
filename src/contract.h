/* src/contract.h — the numerics contract both the scalar reference (src/ref/) and the SIMD kernels
 * (src/kernels/) implement: the thresholds, the input checks and the rules that decide ties. It is
 * neutral ground: it includes only the public headers, and neither side includes the other. The
 * kernels perform these checks lane-wise with the same operations (src/kernels/wide.h), so that every
 * tier gives the reference's bits.
 *
 * Ties: whenever two axes or directions give equal values, the lower feature id wins; reductions are
 * maxima and minima with that rule, so the visiting order never changes an answer. */
#ifndef SWEPT_CONTRACT_H
#define SWEPT_CONTRACT_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "swept/base.h"
#include "swept/batch.h"
#include "swept/gjk.h"
#include "swept/math.h"
#include "swept/obb3.h"
#include "swept/tri3.h"

/* the convex hull queries (ref/hull3_sat.c, kernels/hull3_sat_tmpl.c) skip an edge-pair direction
 * with |a_e × b_e|² below this on unit edges; the box and triangle queries skip no edge axis that
 * carries information (see sw_ref_axis_scale) */
#define SW_PARALLEL_EPS 1.0e-6f

/* an edge×edge axis of the box and triangle queries whose largest |component| is below this (zero or
 * denormal) carries no information and is skipped; every other one is kept, however close to
 * parallel its edges are */
#define SW_AXIS_MIN 0x1p-126f

/* relative speed along an axis at or below this is treated as no motion along it; keeps 1/a finite
 * (inputs are bounded by SW_MAX_COORD, so num/a stays far from NaN) */
#define SW_TINY_SPEED 1.0e-30f

/* a triangle with |(b − a) × (c − a)|² below this times (longest edge²)² is degenerate (its sine of
 * the smallest angle is below ~1e-6): its normal would be rounding noise */
#define SW_TRI3_DEGEN_EPS 1.0e-12f

/* feature ids travel through the kernels' lanes as small floats; this one means "none" and becomes
 * SW_FEATURE_NONE when stored (every family's ids are below it) */
#define SW_AXIS_NONE 255

static inline uint32_t sw_feature_of_lane(float f) { return f == (float)SW_AXIS_NONE ? SW_FEATURE_NONE : (uint32_t)f; }

/// The largest power of two ≤ x for a normal float x > 0: x with its mantissa bits cleared (0 for
/// zero or subnormal x). The kernels clear the same bits with an AND against +Inf's pattern.
static inline float sw_ref_pow2_floor(float x)
{
	uint32_t u;
	memcpy(&u, &x, sizeof u);
	u &= 0x7f800000u;
	memcpy(&x, &u, sizeof x);
	return x;
}

/// The exact power of two an edge×edge axis is scaled by, from m, its largest |component|: 2 / p with
/// p the largest power of two ≤ m, so the scaled axis' largest component lies in [2, 4). It is the
/// float whose exponent bits are m's complemented and whose mantissa is zero (the kernels: XOR then
/// AND with +Inf's bit pattern). Scaling by a power of two is exact, so the axis keeps its direction
/// to the bit while every product of the slab and penetration comparisons stays a product of two
/// lengths, whatever the angle between the edges. m zero or denormal gives +Inf (the axis is
/// skipped, see SW_AXIS_MIN).
static inline float sw_ref_axis_scale(float m)
{
	uint32_t u;
	memcpy(&u, &m, sizeof u);
	u = (u ^ 0x7f800000u) & 0x7f800000u;
	memcpy(&m, &u, sizeof m);
	return m;
}

/// |x| ≤ SW_MAX_COORD; false for NaN and ±Inf, so one compare covers all three.
static inline int sw_ref_coord_ok(float x) { return fabsf(x) <= SW_MAX_COORD; }
static inline int sw_ref_v3_ok(sw_vec3 v)
{
	return sw_ref_coord_ok(v.x) && sw_ref_coord_ok(v.y) && sw_ref_coord_ok(v.z);
}
/// A unit quaternion within SW_QUAT_TOL (|q|² summed in this order, as the kernels do); NaN and Inf
/// fail the compare, so its entries need no range test.
static inline int sw_ref_quat_ok(sw_quat q)
{
	float n2 = ((q.x * q.x + q.y * q.y) + q.z * q.z) + q.w * q.w;
	return fabsf(n2 - 1.0f) <= SW_QUAT_TOL;
}

/// The answers of an invalid pair: NaN floats, no feature.
static inline sw_sweep_result sw_sweep_result_invalid(void)
{
	sw_sweep_result r = {SW_PAIR_INVALID, SW_FEATURE_NONE, NAN, NAN, {NAN, NAN, NAN}};
	return r;
}
/// The answers of a moving query other than INVALID (swept/batch.h): MISS, and a contact.
static inline sw_sweep_result sw_sweep_result_miss(void)
{
	sw_sweep_result r = {SW_MISS, SW_FEATURE_NONE, 1.0f, 1.0f, {0, 0, 0}};
	return r;
}
static inline sw_sweep_result sw_sweep_result_of(sw_status st, uint32_t feature, float t_first, float t_last,
						 sw_vec3 normal)
{
	sw_sweep_result r = {st, feature, t_first, t_last, normal};
	return r;
}
static inline sw_overlap_result sw_overlap_result_invalid(void)
{
	sw_overlap_result r = {SW_PAIR_INVALID, SW_FEATURE_NONE, NAN, {NAN, NAN, NAN}};
	return r;
}

static inline sw_cast_result sw_cast_result_invalid(void)
{
	sw_cast_result r = {SW_PAIR_INVALID, SW_FEATURE_NONE, NAN, NAN, {NAN, NAN, NAN},
			    {NAN, NAN, NAN}, {NAN, NAN, NAN}};
	return r;
}
static inline sw_distance_result sw_distance_result_invalid(void)
{
	sw_distance_result r = {SW_PAIR_INVALID, SW_FEATURE_NONE, NAN,
				{NAN, NAN, NAN}, {NAN, NAN, NAN}, {NAN, NAN, NAN}};
	return r;
}

/// A pair whose lengths are all below this (shapes, offset and motion) is scaled up before its axes are
/// formed: products of two of its lengths would otherwise underflow, and the slab times (compared as
/// cross-multiplied fractions) would lose their meaning.
#define SW_PAIR_TINY 0x1p-32f

/// The exact powers of two s1, s2 that bring a tiny pair's largest length m into [2, 4): (x·s1)·s2
/// for each length x (two factors, so that a denormal m is brought up without overflow); 1 and 1 when
/// m ≥ SW_PAIR_TINY (or NaN), so a pair of ordinary size is computed exactly as it is given. Scaling by
/// powers of two is exact: times and normals do not change, and lengths are scaled back exactly.
static inline void sw_ref_pair_scale(float m, float *s1, float *s2)
{
	float a = m < 0x1p-100f ? 0x1p100f : 1.0f, b = sw_ref_axis_scale(m * a);
	int tiny = m < SW_PAIR_TINY;
	*s1 = tiny ? a : 1.0f;
	*s2 = tiny ? b : 1.0f;
}

/// A placed box: the form (sw_obb3, sw_pose3) takes in every box query.
typedef struct sw_box3 {
	sw_vec3 center;
	sw_quat rot;
	sw_vec3 half;
} sw_box3;

static inline sw_box3 sw_box3_of(const sw_obb3 *box, sw_pose3 pose)
{
	sw_box3 b = {pose.p, pose.q, box->half};
	return b;
}

/// Whether a placed box and its displacement satisfy the input contract (finite, |x| ≤
/// SW_MAX_COORD, half extents > 0, unit quaternion within SW_QUAT_TOL).
int sw_obb3_valid_ref(const sw_box3 *box, sw_vec3 disp);

/// A triangle's edges a→b, b→c, c→a scaled by 1/p, p the largest power of two ≤ their largest
/// |component| (a point triangle: p = 0 and NaN edges, which fail every later comparison).
typedef struct sw_tri_edges {
	float p;       ///< the scale's inverse, a power of two
	float w[3][3]; ///< w[j][k]: component k of scaled edge j
} sw_tri_edges;
void sw_tri3_edges_scaled(const sw_tri3 *t, sw_tri_edges *e);
/// Whether scaled edges are not degenerate (the test above, on the scaled edges).
int sw_tri3_edges_ok(const sw_tri_edges *e);

/// Whether a triangle and its displacement satisfy the input contract (every coordinate finite with
/// |x| ≤ SW_MAX_COORD, not degenerate as above).
int sw_tri3_valid_ref(const sw_tri3 *tri, sw_vec3 disp);

/* ---- GJK (ref/gjk_tmpl.h, kernels/gjk_*_tmpl.c) ---- */

/* relative tolerances of the GJK queries, times the pair's scale: the touching band around contact,
 * and the distance gap at which the loop counts as converged */
#define SW_GJK_TOUCH_EPS 1.0e-6f
#define SW_GJK_CONV_EPS 1.0e-6f
/* the polygon overlap by separating axes (ref/poly2_axes.c): separations within this × the pair's extent
 * are left to GJK */
#define SW_POLY2_AXES_EPS 1.0e-5f
/* the polygon distance row (ref/poly2_axes.c, kernels/poly2_dist_lanes.h): the separating-axis and
 * feature passes take 2·n_A·n_B tests where GJK's supports scan n_A + n_B vertices per iteration, so a
 * pair of more than SW_POLY2_DIST_FEAT_MAX vertex pairs (n_A·n_B) goes to GJK with no pass (the
 * crossover measured on polygons of 2–16 vertices, doc/benchmarks.md) */
#define SW_POLY2_DIST_FEAT_MAX 64u
static inline int sw_poly2_dist_by_features(uint32_t na, uint32_t nb) { return na * nb <= SW_POLY2_DIST_FEAT_MAX; }

/// The power of two σ = 2^−e a GJK pair is scaled by, for the pair's extent l ∈ [2^(e−1), 2^e) (l ≥ 0):
/// σ·l ∈ [0.5, 1). Built from l's exponent bits as sw_ref_axis_scale() does (that gives 2^(128−x) for
/// the biased exponent x; σ is a quarter of it), so the kernels form the same bits with XOR and AND.
/// l below 2^−126 (zero or subnormal, where σ would overflow) gives 2^126.
static inline float sw_ref_gjk_scale(float l) { return l < 0x1p-126f ? 0x1p126f : sw_ref_axis_scale(l) * 0.25f; }

/// Whether GJK options are in their ranges (swept/gjk.h): the cap at most SW_GJK_MAX_ITERS, the target
/// finite in [0, SW_MAX_COORD].
static inline int sw_gjk_opts_valid(const sw_gjk_opts *o)
{
	return o->max_iters <= SW_GJK_MAX_ITERS && o->target >= 0 && o->target <= SW_MAX_COORD;
}

/// Whether a GJK core (swept/gjk.h: a type, `count` vertices of `dim` floats, or `dim` half extents)
/// and its radius satisfy the input contract, and the core's extent, its largest |coordinate| (the
/// running m > a ? m : a from 0, the operand order of the SIMD max). The single-pair queries and the
/// sets (which check a shape once, when added) share it, so both find the same extent.
static inline int sw_ref_gjk_core_ok(uint32_t type, uint32_t count, const float *v, int dim, const float *half,
				     float radius, float *ext)
{
	float m = 0;
	int bad = !(radius >= 0 && radius <= SW_MAX_COORD);
	if (type == SW_SHAPE_BOX) {
		for (int i = 0; i < dim; i++) {
			bad |= !(half[i] >= 0 && half[i] <= SW_MAX_COORD);
			m = m > half[i] ? m : half[i];
		}
	} else if (type != SW_SHAPE_VERTS || count < 1 || count > SW_GJK_MAX_VERTS || !v) {
		return 0;
	} else {
		for (size_t i = 0; i < (size_t)count * (size_t)dim; i++) {
			float a = fabsf(v[i]);
			bad |= !(a <= SW_MAX_COORD);
			m = m > a ? m : a;
		}
	}
	*ext = m;
	return !bad;
}

#endif
