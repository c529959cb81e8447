/* src/hull3_int.h — internals shared by the hull builder (hull3.c, hull3_flat.c) and the hull's
 * derived data and validation (hull3_check.c). */
#ifndef SWEPT_HULL3_INT_H
#define SWEPT_HULL3_INT_H

#include "swept/hull3.h"

/* the builder's and checker's own outcome; the public functions answer with its sw_error (src/hull3_api.c) */
// Outcome of building or validating a hull. On anything but SW_HULL_OK the output hull is left empty
// (all counts zero).
typedef enum sw_hull_status {
	// The hull was built and passes sw_hull3_check.
	SW_HULL_OK = 0,
	// No points (n == 0 or a NULL array).
	SW_HULL_EMPTY = 1,
	// Fewer than 3 distinct points (exact duplicates count once), or fewer than 3 vertices given.
	SW_HULL_TOO_FEW = 2,
	// All points lie within eps of one line.
	SW_HULL_COLLINEAR = 3,
	// Not returned: a cloud within eps of one plane gives a flat hull. Kept so the numbering stays.
	SW_HULL_FLAT = 4,
	// The hull has more than SW_HULL_MAX_VERTS vertices. No reduction is attempted: simplify the
	// cloud first (or raise rel_eps, which merges nearly coplanar faces).
	SW_HULL_TOO_MANY = 5,
	// NaN or Inf, a coordinate with |x| > SW_MAX_COORD, a NULL output, more than
	// SW_HULL_MAX_POINTS points, or options out of range.
	SW_HULL_INVALID_INPUT = 6,
	// Scratch memory for the builder could not be allocated.
	SW_HULL_NO_MEMORY = 7,
	// The builder could not produce a hull that passes its own checks, even with eps raised 64-fold
	// (the cloud is degenerate in a way it does not resolve). Not expected; report the input.
	SW_HULL_NUMERIC = 8,
	// sw_hull3_from_faces: a face with fewer than 3 vertices, an index ≥ nv, a vertex repeated in a
	// face, NULL face arrays, fewer than 2 or more faces or indices than the capacities allow, or two
	// faces that are not a flat hull's loops.
	SW_HULL_BAD_FACES_INDEX = 9,
	// A face at most SW_HULL_MIN_WIDTH wide, two vertices at the same position, a vertex on fewer than
	// three faces of a solid (a vertex in the middle of an edge), or a flat hull's straight corner.
	SW_HULL_BAD_FACES_DEGENERATE = 10,
	// An edge used by only one face: the surface has a hole.
	SW_HULL_BAD_FACES_OPEN = 11,
	// An edge used by more than two faces.
	SW_HULL_BAD_FACES_NONMANIFOLD = 12,
	// An edge traversed twice in the same direction: the faces are not consistently wound.
	SW_HULL_BAD_FACES_WINDING = 13,
	// V − E + F ≠ 2 (an unused vertex, several components, or a handle).
	SW_HULL_BAD_FACES_EULER = 14,
	// Consistently wound but clockwise from outside (normals point inwards: negative volume).
	SW_HULL_BAD_FACES_INWARD = 15,
	// A face whose vertices are not within tol of one plane.
	SW_HULL_BAD_FACES_NONPLANAR = 16,
	// A reflex corner in a face, a face loop winding more than once, or a vertex more than tol in
	// front of a face plane.
	SW_HULL_BAD_FACES_NONCONVEX = 17,
	// Two adjacent faces whose normals differ by less than eps / (4·S) radians: give them as one face.
	SW_HULL_BAD_FACES_COPLANAR = 18,
} sw_hull_status;

/* the builder and checker, answering with the status */
sw_hull_status sw_hull3_build_st_(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, sw_hull3 *out);
sw_hull_status sw_hull3_from_faces_st_(const sw_vec3 *verts, size_t nv, const uint32_t *face_sizes,
				       const uint32_t *face_indices, size_t nf, sw_hull3 *out);
sw_hull_status sw_hull3_box_st_(const sw_obb3 *box, sw_hull3 *out);
const char *sw_hull_status_name(sw_hull_status s);

/* the builder gives up (SW_HULL_TOO_MANY) past this many vertices; a few may still disappear when
 * faces merge or corners straighten, so it works with more than the output holds */
#define SW_QH_MAX_VERTS (4 * SW_HULL_MAX_VERTS)

/* the polygon of a flat cloud while it is built: a ring of point indices, counter-clockwise about the
 * plane's normal, and per edge ring[i] → ring[i + 1] its outside set and in-plane outward normal */
typedef struct sw_flat_poly {
	int k;
	int ring[SW_QH_MAX_VERTS];
	int head[SW_QH_MAX_VERTS];
	double m[SW_QH_MAX_VERTS][3];
} sw_flat_poly;

/* the polygon of n points p (relative coordinates) all within eps of the plane of the triangle tri:
 * fp->ring[0 .. fp->k) counter-clockwise about that triangle's normal. next is scratch of n ints.
 * SW_HULL_COLLINEAR when fewer than three corners are more than eps from straight, SW_HULL_TOO_MANY
 * past SW_QH_MAX_VERTS corners */
sw_hull_status sw_hull3_flat_(const double (*p)[3], int n, double eps, const int tri[3], int *next, sw_flat_poly *fp);

/* the tolerance rule of doc/numerics.md over n points: bounding-box centre c, eps = rel·S and tol */
void sw_hull3_tolerances_(const sw_vec3 *p, size_t n, double rel, double c[3], double *eps, double *tol);

/* completes a hull whose vertices, face loops and counts are set: face planes, edge records, edge
 * directions, centroid, radius, eps and tol. Fails only when the loops do not pair into edges
 * (open, non-manifold, inconsistently wound) or a face has no area; the geometry is not judged here */
sw_hull_status sw_hull3_finish_(sw_hull3 *h, double eps, double tol);

/* every invariant of sw_hull3_check, answering with the status of the first violated rule. strict adds
 * the builder's own promises for solid hulls: faces at least eps wide, neighbours bent by more than
 * eps/2 at every vertex (faces within eps of coplanar were merged), centroid strictly inside */
sw_hull_status sw_hull3_validate_(const sw_hull3 *h, int strict, char *why, size_t why_len);

/* sets all counts to zero (the state of a hull after a failed build) */
void sw_hull3_clear_(sw_hull3 *h);

#endif
