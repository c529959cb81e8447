/* src/ref/ref.h — internals shared by the scalar reference and the batched pipeline: the constants of
 * the numerics contract and the validity checks. The SIMD kernels repeat these exact operations
 * lane-wise (same order, no contraction) so that every tier gives the reference's bits. */
#ifndef SWEPT_REF_H
#define SWEPT_REF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "swept/query.h"
#include "swept/batch.h"

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

/// Whether a box and its displacement satisfy the input contract (finite, |x| ≤ SW_MAX_COORD,
/// half extents > 0, unit quaternion within SW_QUAT_TOL).
int sw_obb3_valid_ref(const sw_obb3 *box, sw_vec3 disp);

/// The reference sweep on world-space inputs where `v` is B's displacement minus A's. The single-pair
/// API and the packed reference entry both end here.
sw_status sw_obb3_sweep_rel_ref(const sw_obb3 *a, const sw_obb3 *b, sw_vec3 v, sw_sweep_output *out);

/// Writes the INVALID answer.
void sw_sweep_output_invalid(sw_sweep_output *out);

/* a triangle with |(b − a) × (c − a)|² below this times (longest edge²)² is degenerate (its sine of
 * the smallest angle is below ~1e-6): its normal would be rounding noise */
#define SW_TRI3_DEGEN_EPS 1.0e-12f

/// Whether a triangle and its displacement satisfy the input contract (every coordinate finite with
/// |x| ≤ SW_MAX_COORD, not degenerate as above).
int sw_tri3_valid_ref(const sw_tri3 *tri, sw_vec3 disp);

/// The 2D polygon sweep and overlap; `checked` ≠ 0 skips the convexity check of the polygons (the
/// caller holds a set's or block's ok flags, computed by the same sw_poly2_check). The batched
/// reference rows use these, so the reference tier does not redo per pair what the set did once.
sw_status sw_poly2_sweep_ref(const sw_poly2 *a, sw_xf2 xa, sw_vec2 da, const sw_poly2 *b, sw_xf2 xb, sw_vec2 db,
			     int checked, sw_sweep2_output *out);
sw_status sw_poly2_overlap_ref(const sw_poly2 *a, sw_xf2 xa, const sw_poly2 *b, sw_xf2 xb, int checked,
			       sw_overlap2_output *out);

/// Writers of one pair's answer into batched result arrays at index k (the reference rows).
/* the fields every 3D sweep answer has (sw_sweep_output, sw_hull_sweep_output) into results arrays */
#define SW_SWEEP3_WRITE(out, k, o)                       \
	do {                                             \
		(out)->status[k] = (uint8_t)(o)->status; \
		(out)->feature[k] = (o)->feature;        \
		(out)->t_first[k] = (o)->t_first;        \
		(out)->t_last[k] = (o)->t_last;          \
		(out)->nx[k] = (o)->normal.x;            \
		(out)->ny[k] = (o)->normal.y;            \
		(out)->nz[k] = (o)->normal.z;            \
	} while (0)

static inline void sw_sweep_write(const sw_sweep_results *out, size_t k, const sw_sweep_output *o)
{
	SW_SWEEP3_WRITE(out, k, o);
}

static inline void sw_sweep2_write(const sw_sweep2_results *out, size_t k, const sw_sweep2_output *o)
{
	out->status[k] = (uint8_t)o->status;
	out->feature[k] = o->feature;
	out->t_first[k] = o->t_first;
	out->t_last[k] = o->t_last;
	out->nx[k] = o->normal.x;
	out->ny[k] = o->normal.y;
}

static inline void sw_overlap3_write(const sw_overlap3_results *out, size_t k, const sw_overlap3_output *o)
{
	out->status[k] = (uint8_t)o->status;
	out->feature[k] = o->feature;
	out->depth[k] = o->depth;
	out->nx[k] = o->normal.x;
	out->ny[k] = o->normal.y;
	out->nz[k] = o->normal.z;
}

/// One slab's entry and exit times, nin/a and nout/a (a > 0), folded into the running latest entry
/// in_num/in_den and earliest exit out_num/out_den (fractions with den ≥ 0, compared by
/// cross-multiplying). Returns whether the entry moved, so the caller records its axis.
static inline int sw_ref_slab(float nin, float nout, float a, float *in_num, float *in_den, float *out_num,
			      float *out_den)
{
	int moved = nin * *in_den > *in_num * a;
	if (moved) {
		*in_num = nin;
		*in_den = a;
	}
	if (nout * *out_den < *out_num * a) {
		*out_num = nout;
		*out_den = a;
	}
	return moved;
}

/// One one-sided direction's gap g(t) = gap + u·t ≤ 0 folded into the running entry/exit fractions:
/// u < 0 closes the gap (an entry at gap/|u|), u > 0 opens it (an exit at −gap/u); |u| = a > 0.
/// Returns whether the entry moved, so the caller records its direction.
static inline int sw_ref_gap_times(float gap, float u, float a, float *in_num, float *in_den, float *out_num,
				   float *out_den)
{
	if (u < 0) {
		if (!(gap * *in_den > *in_num * a))
			return 0;
		*in_num = gap;
		*in_den = a;
		return 1;
	}
	if (-gap * *out_den < *out_num * a) {
		*out_num = -gap;
		*out_den = a;
	}
	return 0;
}

/// Unit normal in world space: rotation ra times sign·l/|l| (len2 = |l|²), in the kernels' order.
static inline sw_vec3 sw_ref_world_normal(const sw_mat3 *ra, const float l[3], float len2, float sign)
{
	float s = sign / sqrtf(len2);
	float n0 = l[0] * s, n1 = l[1] * s, n2 = l[2] * s;
	const sw_vec3 *c = ra->col;
	return sw_v3((c[0].x * n0 + c[1].x * n1) + c[2].x * n2, (c[0].y * n0 + c[1].y * n1) + c[2].y * n2,
		     (c[0].z * n0 + c[1].z * n1) + c[2].z * n2);
}

#endif
