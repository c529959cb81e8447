/* bench/peer_bullet_sphere.h — Bullet's convex casts of a sphere against a triangle, as peers of the
 * swept sphere–triangle sweep, behind a C interface so the C benchmark times them on the same pairs.
 * Built only when Bullet is found (-Dpeers). */
#ifndef SWEPT_BENCH_PEER_BULLET_SPHERE_H
#define SWEPT_BENCH_PEER_BULLET_SPHERE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One pair in plain floats: the sphere (centre, radius, relative displacement) and the triangle.
typedef struct swp_sphere_tri {
	float c[3], r, v[3];
	float a[3], b[3], t[3];
} swp_sphere_tri;

/// Pairs prepared for Bullet: a btSphereShape and a zero-margin btTriangleShape per pair and the
/// sphere's from/to transforms, built once outside the timing.
typedef struct swp_bullet_spheres swp_bullet_spheres;

/// Builds the Bullet side; NULL on failure.
swp_bullet_spheres *swp_bullet_spheres_new(const swp_sphere_tri *pairs, size_t n);

/// btSubsimplexConvexCast (btVoronoiSimplexSolver) on every pair, translation only, t ∈ [0, 1]: hit[k]
/// 1 on a reported impact within the step, toi[k] its fraction (1 on a miss); either may be NULL.
/// Returns the number of hits.
size_t swp_bullet_spheres_subsimplex(swp_bullet_spheres *p, uint8_t *hit, float *toi);

/// The same with btContinuousConvexCollision (btVoronoiSimplexSolver + btGjkEpaPenetrationDepthSolver).
size_t swp_bullet_spheres_ccd(swp_bullet_spheres *p, uint8_t *hit, float *toi);

void swp_bullet_spheres_free(swp_bullet_spheres *p);

#ifdef __cplusplus
}
#endif
#endif
