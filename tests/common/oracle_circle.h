/* tests/common/oracle_circle.h — an independent double-precision oracle for the swept circle, sphere
 * and capsule queries.
 *
 * The library enters the inflated segment or triangle feature by feature (planes, cylinders and
 * balls, closed forms in float). This oracle does not: it evaluates the exact distance function
 *
 *     f(t) = dist(mover's core at time t, geometry) − r
 *
 * in world space and double (point–segment by clamped projection, point–triangle by barycentric
 * coordinates and the three edges, a capsule's core by golden-section search along it, the
 * distance being convex along any line), finds its minimum over [0,1] by golden-section search (f
 * is convex in t: the distance from a translating convex set to a convex set) and its first
 * crossing of a level by bisection. 2D problems are the same with z = 0. */
#ifndef SWEPT_TESTS_ORACLE_CIRCLE_H
#define SWEPT_TESTS_ORACLE_CIRCLE_H

#include <swept/swept.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One mover–geometry pair in double.
typedef struct oracle_circle_problem {
	double c[3];       ///< the core's first point at t = 0 (a circle's or sphere's centre)
	double core[3];    ///< the core's second point minus its first (zero for a circle or sphere)
	double v[3];       ///< displacement over the step
	double r;          ///< radius
	double g[3][3];    ///< the segment's two points or the triangle's three
	int ng;            ///< 2 (segment) or 3 (triangle)
	double front[3];   ///< unit front normal of the segment (2D, right of p→q) or triangle; zero if none
	double side_pt[3]; ///< the point whose side counts for one-sided queries (centre, capsule pose)
	double scale;      ///< the pair's size: farthest geometry point from c, + |core| + |v| + r
	double max_coord;  ///< largest |coordinate| of the inputs
} oracle_circle_problem;

/// What the oracle knows about a pair.
typedef struct oracle_circle_result {
	double f0;   ///< f(0)
	double fmin; ///< min of f over [0,1]
	double tmin; ///< where it is reached
	double side; ///< signed distance of side_pt from the line or plane (front positive)
} oracle_circle_result;

/// A circle (centre c, radius r, motion v) and a segment, 2D.
void oracle_circle2_problem(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, oracle_circle_problem *p);
/// A sphere and a triangle.
void oracle_circle3_problem(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, oracle_circle_problem *p);
/// A capsule placed by a pose (its core's world points computed in double) and a segment or triangle.
void oracle_capsule2_problem(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s,
			     oracle_circle_problem *p);
void oracle_capsule3_problem(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t,
			     oracle_circle_problem *p);

/// f(t); when `core_pt` / `geo_pt` are not NULL, the closest points of the core and the geometry.
double oracle_circle_f(const oracle_circle_problem *p, double t, double core_pt[3], double geo_pt[3]);
/// Minimum of f over [0,1], f(0) and the side.
void oracle_circle_solve(const oracle_circle_problem *p, oracle_circle_result *out);
/// First t in [0,1] with f(t) ≤ level, or INFINITY when there is none.
double oracle_circle_first_below(const oracle_circle_problem *p, const oracle_circle_result *res, double level);
/// Distance from a world point to the geometry.
double oracle_circle_geo_dist(const oracle_circle_problem *p, const double x[3]);

#ifdef __cplusplus
}
#endif
#endif
