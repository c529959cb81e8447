/* src/ref/poly2_axes.h — the pieces the polygon rows by separating axes share (ref/poly2_axes.c for
 * the overlap, ref/poly2_cast.c for the shape cast): the pair in A's frame, scaled by the power of two
 * σ of the pair's extent, and an edge's least projection of the other polygon's vertices. */
#ifndef SWEPT_REF_POLY2_AXES_H
#define SWEPT_REF_POLY2_AXES_H

#include "ref/ref.h"
#include "swept/poly2.h"

/* two polygons in A's frame: A's vertices and B's (placed, at t = 0), the relative motion of B, all
 * times σ; A's rotation (c, s) for the answers; ext the pair's extent before scaling */
typedef struct sw_poly2_axes_pair {
	sw_vec2 pa[SW_POLY2_MAX_VERTS], pb[SW_POLY2_MAX_VERTS];
	sw_vec2 r;
	float ca, sa, sig, ext;
} sw_poly2_axes_pair;

/* the pair in A's frame with B moving by rel (world) relative to A; 0 (nothing written) when a pose
 * is not valid. The extent is the largest |coordinate| of B's offset, of both polygons' vertices and
 * of the motion in A's frame (a zero motion leaves it as the overlap's) */
int sw_poly2_axes_frame(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, sw_vec2 rel,
			sw_poly2_axes_pair *o);

/* the least projection of the points q (m of them) on (mx, my) */
static inline float sw_poly2_axes_lo(const sw_vec2 *q, uint32_t m, float mx, float my)
{
	float lo = mx * q[0].x + my * q[0].y;
	for (uint32_t j = 1; j < m && j < SW_POLY2_MAX_VERTS; j++) {
		float d = mx * q[j].x + my * q[j].y;
		lo = d < lo ? d : lo;
	}
	return lo;
}

#endif
