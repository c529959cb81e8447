/* bench/peer_box2d.h — Box2D 2.4's b2TimeOfImpact and b2ShapeCast as peers of the swept 2D polygon
 * sweep, behind a C interface so the C benchmark times them on the same pairs. Built only with
 * -Dpeers when Box2D is found.
 *
 * Both peers answer the translation-only question swept answers (no rotation over the step), on
 * zero-radius polygons. Neither is exact: Box2D stops short of contact by a target separation of
 * the order of b2_linearSlop (0.005 length units), so a pair that passes closer than that counts
 * as a hit, and its time is early by about that distance over the closing speed. */
#ifndef SWEPT_BENCH_PEER_BOX2D_H
#define SWEPT_BENCH_PEER_BOX2D_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Most vertices of a Box2D polygon (b2_maxPolygonVertices in 2.4).
#define SWP_BOX2D_MAX_VERTS 8

/// One placed, moving polygon in plain floats, so Box2D's translation unit needs none of swept's
/// headers. Vertices are local, counter-clockwise, strictly convex (as an sw_poly2).
typedef struct swp_poly {
	uint32_t count;                  ///< 3..SWP_BOX2D_MAX_VERTS
	float v[SWP_BOX2D_MAX_VERTS][2]; ///< local vertices
	float p[2];                      ///< position of the local origin
	float c, s;                      ///< rotation (cos, sin)
	float d[2];                      ///< displacement over the step
} swp_poly;

/// Pairs prepared for Box2D: two b2PolygonShapes per pair with m_radius = 0, their proxies and
/// placements, built once outside the timing.
typedef struct swp_box2d swp_box2d;

/// Outcome of one pair.
enum {
	SWP_B2_MISS = 0,
	SWP_B2_HIT = 1,        ///< touching (within Box2D's target separation) at t
	SWP_B2_OVERLAPPED = 2, ///< b2TimeOfImpact: already overlapped at t = 0
	SWP_B2_FAILED = 3,     ///< b2TimeOfImpact: no convergence (counted as a miss)
};

/// Builds the Box2D side of the pairs (a[k], b[k]); NULL on failure (a count outside 3..8 too).
swp_box2d *swp_box2d_new(const swp_poly *a, const swp_poly *b, size_t n);

/// Pairs where b2PolygonShape::Set kept a different number of vertices than given (it welds
/// vertices closer than 0.5·b2_linearSlop and drops collinear ones).
size_t swp_box2d_reshaped(const swp_box2d *p);

/// b2TimeOfImpact on every pair: b2Sweeps with a0 = a (no rotation), c0 → c over [0, 1], zero
/// local centre, tMax = 1. Writes outcome[k] (SWP_B2_*) and t[k] (its t; 1 on a miss); either
/// array may be NULL. Returns the number of hits (HIT or OVERLAPPED).
size_t swp_box2d_toi(swp_box2d *p, uint8_t *outcome, float *t);

/// b2ShapeCast on every pair: A fixed at its start, B cast by the relative displacement
/// (B's minus A's). Writes outcome[k] (SWP_B2_HIT or SWP_B2_MISS; Box2D reports an initial overlap
/// as a miss) and t[k] (lambda; 1 on a miss). Returns the number of hits.
size_t swp_box2d_cast(swp_box2d *p, uint8_t *outcome, float *t);

/// b2Distance (radii used: zero) on every pair at its start placement, a fresh simplex cache per pair:
/// dist[k] (may be NULL). Returns the number of pairs with a positive distance.
size_t swp_box2d_distance(swp_box2d *p, float *dist);

/// b2TestOverlap on every pair at its start placement: hit[k] (may be NULL). Returns the hits.
size_t swp_box2d_overlap(swp_box2d *p, uint8_t *hit);

/// Rays against polygons for b2PolygonShape::RayCast: ray k from (ray[k][0], ray[k][1]) to that plus
/// (ray[k][2], ray[k][3]), against polygon k (its placement; displacement ignored).
typedef struct swp_box2d_rays swp_box2d_rays;

swp_box2d_rays *swp_box2d_rays_new(const swp_poly *polys, const float (*ray)[4], size_t n);

/// b2PolygonShape::RayCast on every ray (maxFraction 1): hit[k] and t[k] (its fraction, 1 on a miss;
/// either may be NULL). A ray starting inside the polygon is a miss for Box2D. Returns the hits.
size_t swp_box2d_raycast(swp_box2d_rays *p, uint8_t *hit, float *t);

void swp_box2d_rays_free(swp_box2d_rays *p);

/// Box2D's version as "major.minor.revision" (static storage).
const char *swp_box2d_version(void);

/// Box2D's target separations with zero-radius polygons: b2TimeOfImpact's and b2ShapeCast's.
float swp_box2d_toi_target(void);
float swp_box2d_cast_target(void);

void swp_box2d_free(swp_box2d *p);

#ifdef __cplusplus
}
#endif
#endif
