/* tests/common/oracle_hull3.h — an independent double-precision oracle for the moving hull tests
 * (hull–hull, and hull–triangle with the triangle as a flat point set).
 *
 * The library tests only the face normals of the Minkowski difference (Gauss-map pruning of edge
 * pairs) and reads the gaps off single vertices and edges, in float. This oracle does not: each shape
 * is its world-space vertex set in double (the library's float rotation of the local vertices, then
 * exact), the directions are every face normal of both shapes and the normalised cross product of
 * EVERY pair of edges (no pruning), each tested in both orientations against the projections of all
 * vertices, and for a flat shape (a flat hull or a triangle: two faces) its in-plane edge normals,
 * which two coplanar polygons need. The separation
 *
 *     f(t) = max over directions n of ( min_B n·b(t) − max_A n·a(t) )
 *
 * is a maximum of affine functions of t (pure translation), hence convex; f(t) ≤ 0 exactly when no
 * direction separates the shapes at t. Its minimum on [0,1] comes from golden-section search, the
 * first and last times with f ≤ c from bisection on either side of it (as tests/common/oracle_obb3.c). */
#ifndef SWEPT_TESTS_ORACLE_HULL3_H
#define SWEPT_TESTS_ORACLE_HULL3_H

#include <swept/swept.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A shape in world space: vertices, face normals (unit or not) and edge vectors, in double.
typedef struct oracle_hull3_shape {
	int nv, nf, ne;
	double v[SW_HULL_MAX_VERTS][3];
	double fn[SW_HULL_MAX_FACES][3];
	double e[SW_HULL_MAX_EDGES][3];
	double size; ///< largest distance of a vertex from the first one
} oracle_hull3_shape;

/// A hull placed by pose (p, q): x = R(q)·x_local + p, R = sw_mat3_from_quat(q) in float, applied in
/// double. A flat hull (two faces) is its polygon: faces ±n, its k edges.
void oracle_hull3_shape_hull(const sw_hull3 *h, sw_pose3 pose, oracle_hull3_shape *s);
/// A triangle: three vertices, its normal as both faces (±n), its three edges.
void oracle_hull3_shape_tri(const sw_tri3 *t, oracle_hull3_shape *s);

/// A prepared pair: directions with the projections of both shapes at t = 0 and B's relative speed.
typedef struct oracle_hull3_problem {
	oracle_hull3_shape a, b;
	double v[3]; ///< B's displacement minus A's
	int nd;
	double (*dir)[3];
	double *gap0, *w; ///< min_B − max_A along dir at t = 0, and dir·v
	double t_min, f_min;
	double scale; ///< sizes of both shapes + |v|: the pair's length scale
} oracle_hull3_problem;

/// The oracle's answer for a threshold c (contact means f ≤ c).
typedef struct oracle_hull3_result {
	sw_status status; ///< SW_MISS, SW_HIT or SW_STARTS_OVERLAPPED
	double t_first;   ///< 0 when starting in contact, 1 on a miss
	double t_last;    ///< 1 on a miss
	double min_sep;   ///< min of f on [0,1]
} oracle_hull3_result;

/// Prepares a pair (allocates; free with oracle_hull3_free).
void oracle_hull3_prepare(const oracle_hull3_shape *a, sw_vec3 da, const oracle_hull3_shape *b, sw_vec3 db,
			  oracle_hull3_problem *p);
void oracle_hull3_free(oracle_hull3_problem *p);
/// f(t).
double oracle_hull3_sep(const oracle_hull3_problem *p, double t);
/// min_B n·b(t) − max_A n·a(t) along n (normalised here).
double oracle_hull3_gap_along(const oracle_hull3_problem *p, const double n[3], double t);
/// Classifies the pair with contact meaning f ≤ c (c > 0 grows the shapes, c < 0 shrinks them).
sw_status oracle_hull3_solve(const oracle_hull3_problem *p, double c, oracle_hull3_result *out);

#ifdef __cplusplus
}
#endif
#endif
