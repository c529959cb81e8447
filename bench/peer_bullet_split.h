/* bench/peer_bullet_split.h — Bullet's polygon clipping (btPolyhedralContactClipping::clipFace, the
 * Sutherland–Hodgman step of its contact clipping) as the peer of the swept polygon split, behind a C
 * interface so the C benchmark can time both on the same polygons. Built only when Bullet is found
 * (-Dpeers). */
#ifndef SWEPT_BENCH_PEER_BULLET_SPLIT_H
#define SWEPT_BENCH_PEER_BULLET_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Polygons prepared for Bullet: each as its btVertexArray (what a Bullet user clips), and the plane.
typedef struct swp_bullet_clip swp_bullet_clip;

/// Copies n 3D polygons (polygon i: verts[3·first[i] .. 3·first[i+1])) and the plane through p with
/// unit normal u, once, outside the timing. NULL on failure.
swp_bullet_clip *swp_bullet_clip_new(const float *verts, const uint32_t *first, size_t n, const float p[3],
				     const float u[3]);

/// Clips polygons [off, off + n): each one's back piece (u·(x − p) < 0 kept) and, when `both`, its
/// front piece (the plane reversed), each into a reused btVertexArray, as a split makes both pieces.
/// Writes each piece's vertex count to front[i] / back[i] (i from 0) when not NULL. Returns the
/// vertices made in all.
size_t swp_bullet_clip_run(swp_bullet_clip *c, size_t off, size_t n, int both, uint32_t *front, uint32_t *back);

void swp_bullet_clip_free(swp_bullet_clip *c);

#ifdef __cplusplus
}
#endif
#endif
