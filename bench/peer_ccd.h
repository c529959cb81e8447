/* bench/peer_ccd.h — libccd's boolean GJK and MPR on convex hulls, as peers of the swept GJK overlap.
 * libccd (Debian's build) computes in double precision; its shapes are support callbacks: here a
 * hull's vertices scanned in its local frame. Built only with -Dpeers when libccd is found. */
#ifndef SWEPT_BENCH_PEER_CCD_H
#define SWEPT_BENCH_PEER_CCD_H

#include <stddef.h>
#include <stdint.h>

#include "peer_bullet_hull.h"

/// Pairs prepared for libccd: per side the hull's vertices (double, local frame), its rotation and
/// position; built once outside the timing.
typedef struct swp_ccd swp_ccd;

/// Builds pairs (a[k], b[k]) over `shapes` (the same plain-float description as the Bullet peer);
/// NULL on failure.
swp_ccd *swp_ccd_new(const swp_hull_shape *shapes, size_t nshapes, const swp_hull_body *a, const swp_hull_body *b,
		     size_t n);

/// ccdGJKIntersect (mpr = 0) or ccdMPRIntersect (mpr = 1) on every pair at its start placement, with
/// libccd's default iteration cap and tolerances: hit[k] (may be NULL). Returns the hits.
size_t swp_ccd_intersect(swp_ccd *p, int mpr, uint8_t *hit);

void swp_ccd_free(swp_ccd *p);

#endif
