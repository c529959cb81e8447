/* tests/common/oracle_split.h — an independent double-precision reference for the split tests: exact
 * half-plane / half-space clipping with no thickness (s ≥ 0 front, s ≤ 0 back), areas, volumes and
 * centroids summed in double, and measures of the pieces swept returns. */
#ifndef SWEPT_TESTS_ORACLE_SPLIT_H
#define SWEPT_TESTS_ORACLE_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include <swept/swept.h>

/// Signed distance of x from the plane in double (normal normalised in double).
double or_dist2(sw_plane2 l, sw_vec2 x);
double or_dist3(sw_plane3 pl, sw_vec3 x);

/// Area (signed, counter-clockwise positive) and centroid of a 2D polygon in double.
double or_area2(const sw_vec2 *v, uint32_t n, double c[2]);
/// Area along `nrm` (unit) and centroid of a planar 3D polygon in double.
double or_area3(const sw_vec3 *v, uint32_t n, const double nrm[3], double c[3]);
/// Unit Newell normal of a 3D polygon in double (zero for no area).
void or_newell(const sw_vec3 *v, uint32_t n, double nrm[3]);

/// The part of a 2D polygon with side·s ≥ 0 (side = +1 front, −1 back): area and centroid.
double or_clip_area2(const sw_vec2 *v, uint32_t n, sw_plane2 l, int side, double c[2]);
/// The same for a planar 3D polygon, area along nrm.
double or_clip_area3(const sw_vec3 *v, uint32_t n, sw_plane3 pl, int side, const double nrm[3], double c[3]);

/// Volume and centroid of a hull (faces as cones from its first vertex).
double or_hull_volume(const sw_hull3 *h, double c[3]);
/// Volume and centroid of the part of a hull with side·s ≥ 0: every face clipped, cones from a point
/// of the plane (the cap adds nothing).
double or_hull_clip_volume(const sw_hull3 *h, sw_plane3 pl, int side, double c[3]);

#endif
