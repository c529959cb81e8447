/* bench/peer_box2d_circle.h — Box2D 2.4's b2ShapeCast and b2TimeOfImpact of a circle against an edge
 * shape, as peers of the swept circle–segment sweep, behind a C interface so the C benchmark times
 * them on the same pairs. Built only with -Dpeers when Box2D is found.
 *
 * The circle (b2CircleShape of radius r) moves by the relative displacement, the edge
 * (b2EdgeShape, two-sided) stays. Neither peer is exact: b2ShapeCast stops within b2_linearSlop/2 of
 * the target separation r, and b2TimeOfImpact targets r − 3·b2_linearSlop, ± b2_linearSlop/4. */
#ifndef SWEPT_BENCH_PEER_BOX2D_CIRCLE_H
#define SWEPT_BENCH_PEER_BOX2D_CIRCLE_H

#include <stddef.h>
#include <stdint.h>

#include "peer_box2d.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One pair in plain floats: the circle (centre, radius, relative displacement) and the segment.
typedef struct swp_circle_edge {
	float c[2], r, v[2];
	float p[2], q[2];
} swp_circle_edge;

/// Pairs prepared for Box2D: a b2CircleShape and a b2EdgeShape (zero skin) per pair, their proxies
/// and placements, built once outside the timing.
typedef struct swp_box2d_circles swp_box2d_circles;

/// Builds the Box2D side of the pairs; NULL on failure.
swp_box2d_circles *swp_box2d_circles_new(const swp_circle_edge *pairs, size_t n);

/// b2ShapeCast on every pair (the edge fixed, the circle cast by v): outcome[k] SWP_B2_HIT or
/// SWP_B2_MISS (an initial overlap is a miss), t[k] lambda (1 on a miss); either array may be NULL.
/// Returns the number of hits.
size_t swp_box2d_circles_cast(swp_box2d_circles *p, uint8_t *outcome, float *t);

/// b2TimeOfImpact on every pair (b2Sweeps without rotation, tMax = 1): outcome[k] SWP_B2_*, t[k].
size_t swp_box2d_circles_toi(swp_box2d_circles *p, uint8_t *outcome, float *t);

/// The distance from the contact each peer stops at: b2ShapeCast's tolerance (b2_linearSlop/2) and
/// b2TimeOfImpact's depth (3·b2_linearSlop, ± b2_linearSlop/4).
float swp_box2d_circles_cast_slack(void);
float swp_box2d_circles_toi_slack(void);

void swp_box2d_circles_free(swp_box2d_circles *p);

#ifdef __cplusplus
}
#endif
#endif
