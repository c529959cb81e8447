/* src/ref/ref.h — internals of the scalar reference: the functions its files share with each other and
 * with the reference rows of the kernel table (src/<family>_batch.c), and the slab arithmetic every moving
 * SAT uses. The thresholds and input checks live in src/contract.h, shared with the kernels. */
#ifndef SWEPT_REF_H
#define SWEPT_REF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "contract.h"
#include "swept/poly2.h"

/// The box–box sweep on placed boxes (valid, not checked here) where `v` is B's displacement minus
/// A's; the single-pair function and the reference rows end here.
sw_status sw_obb3_sweep_rel_ref(const sw_box3 *a, const sw_box3 *b, sw_vec3 v, sw_sweep_result *out);
/// The first of the 15 axes that separates two placed boxes at rest (SW_MISS), SW_HIT, or
/// SW_PAIR_INVALID; the fast static test the overlap rows without depth use.
sw_status sw_obb3_overlap_test_pair(const sw_box3 *a, const sw_box3 *b, uint32_t *separating_axis);
/// The static box–box overlap with least penetration (sw_obb3_overlap() on placed boxes).
sw_status sw_obb3_overlap_pair(const sw_box3 *a, const sw_box3 *b, sw_overlap_result *out);

/// The box–triangle queries on a placed box (checked here, as sw_obb3_tri3_sweep() does).
sw_status sw_obb3_tri3_sweep_pair(const sw_box3 *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt, int one_sided,
				  sw_sweep_result *out);
sw_status sw_obb3_tri3_overlap_test_pair(const sw_box3 *a, const sw_tri3 *t, uint32_t *separating_axis);
sw_status sw_obb3_tri3_overlap_pair(const sw_box3 *a, const sw_tri3 *t, sw_overlap_result *out);

/// The 2D polygon sweep and overlap; `checked` ≠ 0 skips the convexity check of the polygons (the
/// caller holds a set's or block's ok flags, computed by the same sw_poly2_check). The batched
/// reference rows use these, so the reference tier does not redo per pair what the set did once.
sw_status sw_poly2_sweep_pair_ref(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb,
				  sw_vec2 db, int checked, sw_sweep_result *out);
sw_status sw_poly2_overlap_pair_ref(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, int checked,
				    sw_overlap_result *out);
/// sw_poly2_ray on a polygon already checked (a set's ok flag): the pose, origin and delta are checked here.
sw_status sw_poly2_ray_pair_ref(const sw_poly2 *p, sw_pose2 x, sw_vec2 origin, sw_vec2 delta, sw_cast_result *out);
/// sw_obb3_ray on half extents (checked here, in [0, SW_MAX_COORD]), pose, origin and delta.
sw_status sw_obb3_ray_pair_ref(sw_vec3 half, sw_pose3 x, sw_vec3 origin, sw_vec3 delta, sw_cast_result *out);

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

/* One half-space of a ray clipped against a convex shape (Cyrus–Beck; Ericson RTCD 5.3.8): num ≥ 0
 * where the origin is inside, den < 0 where the ray enters. Raises *tin where the ray enters later
 * (returns 1: the caller records the entered feature), lowers *tout where it leaves sooner, sets *out
 * when the ray runs parallel outside. Shared by the polygon, hull and box rays (poly2_ray.c,
 * hull3_ray.c, obb3_ray.c), whose lane kernels repeat the same operations. */
static inline int sw_ref_clip(float num, float den, float *tin, float *tout, int *out)
{
	if (den < 0) {
		float t = num / den;
		if (t > *tin) {
			*tin = t;
			return 1;
		}
	} else if (den > 0) {
		float t = num / den;
		if (t < *tout)
			*tout = t;
	} else if (num < 0) {
		*out = 1;
	}
	return 0;
}

#endif
