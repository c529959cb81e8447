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

/* the supporting vertex of q (m points) on (mx, my): the least projection, the first of equals */
static inline sw_vec2 sw_poly2_axes_least(const sw_vec2 *q, uint32_t m, float mx, float my)
{
	sw_vec2 v = q[0];
	float lo = mx * q[0].x + my * q[0].y;
	for (uint32_t j = 1; j < m && j < SW_POLY2_MAX_VERTS; j++) {
		float d = mx * q[j].x + my * q[j].y;
		if (d < lo)
			lo = d, v = q[j];
	}
	return v;
}

/* the least penetration's witnesses of two polygons overlapping in A's frame (scaled), for the edge (e0, e1)
 * of least penetration, of outward normal (mx, my) (its own polygon's, not unit; fromb: the edge is B's),
 * separation num < 0 (the least projection of the other polygon's vertices less the edge's offset) and
 * len2 = mx² + my²: the other polygon's supporting vertex v on (mx, my) (its deepest point past the edge's
 * line, the first of equals) and w = v − (num/len2)·(mx, my), v moved onto that line. When w projects
 * outside the edge (the other polygon's supporting edge parallel: v its first end), the nearer end of the
 * edge replaces w and that end + (num/len2)·(mx, my) replaces v (a point of both supporting edges, the
 * other moved by the depth). *wa is the point of A's side, *wb B's; wb − wa = (num/√len2) × the unit
 * normal A → B */
void sw_poly2_axes_pen(const sw_poly2_axes_pair *f, uint32_t na, uint32_t nb, float num, float len2, float mx, float my,
		       int fromb, sw_vec2 e0, sw_vec2 e1, sw_vec2 *wa, sw_vec2 *wb);

#endif
