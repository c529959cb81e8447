/* tests/common/edge_pairs.h — box–box and box–triangle pairs whose closest features are two nearly
 * parallel edges, built in double from the geometry and then rounded to the float inputs.
 *
 * Construction, in A's frame. A's edge runs along its axis i at the corner s1·h_i1·e_i1 + s2·h_i2·e_i2;
 * n = cos β·s1·e_i1 + sin β·s2·e_i2 (0 < β < π/2) lies inside that edge's normal cone. The other
 * shape's edge starts parallel to e_i, on the far side of the plane n·x = n·(A's edge), with −n inside
 * its own normal cone (a box: B's axis j along e_i, rolled by φ about it, its edge the corner whose
 * faces face −n; a triangle: edge j, its third vertex off the edge along cos γ·s1·e_i1 + sin γ·s2·e_i2,
 * 0 < γ < π/2).
 * It is then turned by θ about n through the crossing point: both edges stay perpendicular to n,
 * their directions now θ apart, their common normal is n, and both normal cones still hold ±n. The
 * crossing is placed `gap` along n from the point of A's edge at `along` × h_i, so the two shapes
 * are `gap` apart (gap > 0) or overlap by −gap along n, and the Minkowski face of the two edges,
 * |sin θ| × the edges' lengths wide, is what decides. The whole scene is then rotated by `scene_q`
 * and moved by `scene_t`; rounding to float moves every input by an ulp, so exact answers must be
 * computed from the float inputs, not from these parameters. */
#ifndef SWEPT_TESTS_EDGE_PAIRS_H
#define SWEPT_TESTS_EDGE_PAIRS_H

#include <swept/swept.h>

#include "scenes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The parameters of one pair (see the top of this file).
typedef struct ep_params {
	double theta;        ///< angle between the two edges (rad)
	double gap;          ///< signed distance along their common normal n (< 0: overlap)
	int i, j;            ///< A's edge axis; B's edge axis (box) or the triangle's edge j
	int s1, s2;          ///< ±1: which of A's four edges along e_i
	double beta;         ///< n = cos β·s1·e_i1 + sin β·s2·e_i2, β in (0, π/2)
	double phi;          ///< box: B's roll about the edge (n must not be nearly parallel to B's faces)
	double gamma;        ///< triangle: direction of the third vertex, in (0, π/2)
	double along;        ///< crossing at along × h_i on A's edge, |along| < 1
	double scene_q[4];   ///< rotation of the whole scene (x, y, z, w), unit
	double scene_t[3];   ///< translation of the whole scene
	double ha[3], hb[3]; ///< half extents of A and (box) B
	double tri_len;      ///< triangle: length of edge j, centred on the crossing
	double tri_reach;    ///< triangle: distance of the third vertex from the crossing
} ep_params;

/// Builds a box pair; n receives the edges' common normal in world space (from A towards B).
void ep_obb3_pair(const ep_params *p, sc_box *a, sc_box *b, double n[3]);
/// Builds a box–triangle pair; n as ep_obb3_pair().
void ep_tri3_pair(const ep_params *p, sc_box *a, sw_tri3 *t, double n[3]);
/// Random parameters: θ log-uniform in [theta_lo, theta_hi], |gap| log-uniform in [gap_lo, gap_hi]
/// times the pair's size (Σ half extents of A) with a random sign, every other choice uniform.
void ep_random(sc_rng *r, double theta_lo, double theta_hi, double gap_lo, double gap_hi, ep_params *p);

/// The motion of a pair built with normal n (from A to B) and size: at rest, B brought in along −n to
/// where it was built and stopped there, or carried through with a slide and a drift; A, B or both
/// move. *shift moves B back along n to its start; *da and *db are the displacements.
void ep_motion(sc_rng *r, const double n[3], double size, sw_vec3 *shift, sw_vec3 *da, sw_vec3 *db);

#ifdef __cplusplus
}
#endif
#endif
