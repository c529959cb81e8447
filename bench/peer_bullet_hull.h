/* bench/peer_bullet_hull.h — Bullet's convex casts on convex hulls, as peers of the swept hull sweep,
 * behind a C interface so the C benchmark can time both on the same pairs. Built only when Bullet is
 * found (-Dpeers). */
#ifndef SWEPT_BENCH_PEER_BULLET_HULL_H
#define SWEPT_BENCH_PEER_BULLET_HULL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A hull's vertices in its local frame: count points of 3 floats each (x, y, z).
typedef struct swp_hull_shape {
	const float *verts;
	uint32_t count;
} swp_hull_shape;

/// One placed, moving hull in plain floats, so Bullet's translation unit needs none of swept's
/// headers: world = R(q)·local + p, translated by d over the step.
typedef struct swp_hull_body {
	uint32_t shape; ///< index into the shapes given to swp_bullet_hulls_new()
	float p[3];     ///< position of the local origin
	float q[4];     ///< unit quaternion x, y, z, w (swept's order and Bullet's)
	float d[3];     ///< displacement over the step
} swp_hull_body;

/// Pairs prepared for Bullet: one zero-margin btConvexHullShape per shape (shared by every pair that
/// uses it) and from/to transforms per pair.
typedef struct swp_bullet_hulls swp_bullet_hulls;

/// Builds the Bullet side once, outside the timing (shapes and transforms are what a Bullet user
/// keeps between steps): pair k is (a[k], b[k]). The vertex arrays are copied. NULL on failure or on a
/// shape index out of range.
swp_bullet_hulls *swp_bullet_hulls_new(const swp_hull_shape *shapes, size_t nshapes, const swp_hull_body *a,
				       const swp_hull_body *b, size_t n);

/// Runs btSubsimplexConvexCast (btVoronoiSimplexSolver) on every pair, translation only, t ∈ [0,1].
/// Writes hit[k] = 1 on a reported impact within the step, else 0, and toi[k] = its fraction (1 on a
/// miss); either array may be NULL. Returns the number of hits.
size_t swp_bullet_hulls_subsimplex(swp_bullet_hulls *p, uint8_t *hit, float *toi);

/// The same with btContinuousConvexCollision (btVoronoiSimplexSolver + btGjkEpaPenetrationDepthSolver).
size_t swp_bullet_hulls_ccd(swp_bullet_hulls *p, uint8_t *hit, float *toi);

/// The same with btGjkConvexCast (btVoronoiSimplexSolver).
size_t swp_bullet_hulls_gjkcast(swp_bullet_hulls *p, uint8_t *hit, float *toi);

/// btGjkPairDetector (btVoronoiSimplexSolver, no penetration solver: GJK alone) on every pair at its
/// start placement: dist[k] the distance between the hulls, or a negative value where Bullet finds
/// them overlapping (it reports no distance then); dist may be NULL. Returns the number of pairs it
/// finds apart.
size_t swp_bullet_hulls_distance(swp_bullet_hulls *p, float *dist);

void swp_bullet_hulls_free(swp_bullet_hulls *p);

#ifdef __cplusplus
}
#endif
#endif
