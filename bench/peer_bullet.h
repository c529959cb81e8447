/* bench/peer_bullet.h — Bullet's continuous convex collision as a peer of the swept OBB sweep, behind
 * a C interface so the C benchmark can time both on the same pairs. Built only with -Dpeers. */
#ifndef SWEPT_BENCH_PEER_BULLET_H
#define SWEPT_BENCH_PEER_BULLET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One moving box in plain floats, so Bullet's translation unit needs none of swept's headers.
typedef struct swp_box {
	float c[3]; ///< centre
	float r[9]; ///< orientation, r[3*j + i] = component i of local axis j (sw_mat3_from_quat(pose.q) columns)
	float h[3]; ///< half extents
	float d[3]; ///< displacement over the step
} swp_box;

/// Pairs prepared for Bullet: two zero-margin btBoxShapes and from/to transforms per pair.
typedef struct swp_bullet swp_bullet;

/// Builds the Bullet side of the pairs (a[k], b[k]) once, outside the timing: shapes and
/// transforms are what a Bullet user keeps between steps. Returns NULL on failure.
swp_bullet *swp_bullet_new(const swp_box *a, const swp_box *b, size_t n);

/// Runs btContinuousConvexCollision::calcTimeOfImpact on every pair (translation only, t ∈ [0,1]).
/// Writes hit[k] = 1 when Bullet reports an impact, else 0, and toi[k] = its fraction (1 on a
/// miss); either array may be NULL. Returns the number of hits.
size_t swp_bullet_sweep(swp_bullet *p, uint8_t *hit, float *toi);

/// Bullet's version number (e.g. 324 for 3.24).
int swp_bullet_version(void);

void swp_bullet_free(swp_bullet *p);

#ifdef __cplusplus
}
#endif
#endif
