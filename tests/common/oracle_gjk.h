/* tests/common/oracle_gjk.h — an independent double-precision oracle for the GJK queries
 * (swept/gjk.h), sharing no code with the library.
 *
 * A shape is its core's vertex set in world space (the library's float rotation sw_mat3_from_quat,
 * then exact in double; 2D shapes lie in z = 0) plus a radius. Its topology is found by brute force
 * once per shape, in local coordinates: the faces are the vertex triples with every other vertex on
 * one side (both sides for a flat set), the edges the vertex pairs of those triples.
 * - Distance: when the cores are apart, the minimum over every feature pair (point–point,
 *   point–segment, segment–segment, point–triangle; Ericson, RTCD 5.1); whether they are apart is
 *   decided by the separating-axis test over a complete set of directions (below), whose largest
 *   gap is also minus the penetration depth when they overlap. Both points and segments only
 *   (at most one dimension each): the feature distance alone.
 * - Directions: A's and B's face normals, every edge of A × every edge of B, and for a flat shape its
 *   edges × its plane normal; each in both orientations. These include every facet normal of the
 *   Minkowski difference A − B when it is full-dimensional, or flat in the plane of a flat shape
 *   (every 2D pair).
 * - Polytope casts (no radius): the ray t·r, r = B's motion minus A's, clipped against the half
 *   spaces of A − B along those directions (Cyrus–Beck): exact first and last contact.
 * - Rounded casts: the signed distance of the cores along the motion is convex in t; golden section
 *   finds its minimum and bisection the first time it reaches the sum of the radii (a quadratic for
 *   two spheres). */
#ifndef SWEPT_TESTS_ORACLE_GJK_H
#define SWEPT_TESTS_ORACLE_GJK_H

#include <swept/swept.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OG_MAX_VERTS 64
#define OG_MAX_TRIS 1024
#define OG_MAX_EDGES 512

/// A shape's core: vertices (double), faces and edges from brute force, its radius.
typedef struct og_shape {
	int nv, nt, ne;
	int flat;          ///< all vertices in one plane (always for 2D shapes)
	int dim2;          ///< a 2D shape (z = 0)
	double plane_n[3]; ///< unit normal of that plane when flat and it is defined
	double v[OG_MAX_VERTS][3];
	int tri[OG_MAX_TRIS][3];
	int edge[OG_MAX_EDGES][2];
	double radius;
	double size; ///< largest vertex distance from vertex 0, plus the radius
} og_shape;

/// The local shape of a 3D GJK shape (box: its 8 corners) with its topology.
void og_shape3_local(const sw_shape3 *s, og_shape *o);
/// The local shape of a 2D GJK shape (box: its 4 corners), in z = 0.
void og_shape2_local(const sw_shape2 *s, og_shape *o);
/// A copy of a local shape placed by a pose: R(q) from sw_mat3_from_quat, applied in double.
void og_place3(const og_shape *local, sw_pose3 p, og_shape *o);
void og_place2(const og_shape *local, sw_pose2 p, og_shape *o);

/// Distance from a point to a shape's core (0 inside a full-dimensional core is not detected: use it
/// for points expected on the boundary).
double og_point_dist(const og_shape *s, const double p[3]);

/// Largest gap min_B n·b − max_A n·a along unit n, B translated by shift, minus both radii.
double og_gap(const og_shape *a, const og_shape *b, const double shift[3], const double n[3]);

/// Distance between the cores of a and b, B translated by `shift`.
typedef struct og_dist {
	int overlap;         ///< the cores overlap or touch
	double core_dist;    ///< 0 when they overlap
	double sat;          ///< the largest gap over the directions (−depth when overlapping)
	double signed_sep;   ///< rounded shapes: core_dist − radii when apart, sat − radii when overlapping
	double pa[3], pb[3]; ///< closest core points when apart
} og_dist;

void og_distance(const og_shape *a, const og_shape *b, const double shift[3], og_dist *out);

/// A cast of b moving by r relative to a, contact meaning signed separation ≤ c (c = 0: touching;
/// c > 0 grows the shapes, as a target separation does).
typedef struct og_cast {
	sw_status status; ///< SW_MISS, SW_HIT or SW_STARTS_OVERLAPPED
	double t_first;   ///< 0 when starting in contact, 1 on a miss
	double sep0;      ///< signed separation at t = 0 minus c
	double min_sep;   ///< smallest signed separation over t ∈ [0,1] (polytopes: of the SAT gap)
	double normal[3]; ///< polytopes: the direction whose plane is entered last (A → B), else zero
	double t_lo;      ///< first contact with threshold c + band (1 if none): the earliest a hit may be
	double t_hi;      ///< first contact with threshold c − band (1 if none): the latest a hit may be
} og_cast;

/// Exact for polytopes (no radii): Cyrus–Beck against the Minkowski difference's planes.
void og_cast_poly(const og_shape *a, const og_shape *b, const double r[3], double c, double band, og_cast *out);
/// Any shapes: convex search on the signed separation.
void og_cast_rounded(const og_shape *a, const og_shape *b, const double r[3], double c, double band, og_cast *out);
/// Two spheres (one-vertex cores): the quadratic |d + t r| = ra + rb + c.
void og_cast_spheres(const og_shape *a, const og_shape *b, const double r[3], double c, double band, og_cast *out);

#ifdef __cplusplus
}
#endif
#endif
