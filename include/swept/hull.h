/* swept/hull.h — convex polyhedra (hulls) for the moving-SAT and GJK kernels: the hull type, a robust
 * builder from a point cloud, validated construction from caller-supplied faces, and checks.
 *
 * Memory layout: a sw_hull3 is one self-contained value with fixed-capacity arrays (about 7 KB); it
 * owns no pointers, so it can be copied with memcpy and needs no free. Counts say how much of each
 * array is in use.
 *
 * Orientation: every face normal points out of the solid; a face's vertex loop runs counter-clockwise
 * seen from outside (right-hand rule about the normal). For points x on face f, n·x = d; for every
 * point of the hull n·x ≤ d (within `tol`): d is the hull's support value along n.
 *
 * Tolerance rule (both construction paths). Let c be the centre of the points' axis-aligned bounding
 * box and S = Σ_axes max_i |p_i − c| (the sum of the box's half extents). Then
 *   eps = rel_eps · S, rel_eps = SW_HULL_REL_EPS (4·FLT_EPSILON ≈ 4.8e-7) unless overridden;
 *   tol = 4·eps + 4·FLT_EPSILON·(|c.x| + |c.y| + |c.z|).
 * eps is the plane thickness: a point within eps of a face plane counts as on it, and adjacent faces
 * closer than that to coplanar are merged. It is float-based, not double-based, on purpose: the
 * builder computes in double relative to c (its own rounding, ~1e-16·S, is negligible), but its input
 * and output are float. A box given by rotated float corners is planar only to ~FLT_EPSILON·S, and a
 * float plane resolves nothing finer; a DBL_EPSILON threshold would split such faces into triangles
 * and emit facets thinner than any float kernel can see. eps depends only on the cloud's extent about
 * its own centre, so the same cloud translated by 1e4 gives the same topology. tol bounds what a
 * caller observes through the stored float data: every input point p has n·p − d ≤ tol for every
 * face, and every face vertex lies within tol of its plane. Its second term is the rounding of float
 * planes far from the origin (ulp(1e4) ≈ 1e-3): build hulls about their own origin and place them
 * with a pose. Noise right at the scale of eps (points a little more than eps off a plane or apart)
 * can leave the thick-plane construction inconsistent; the builder then starts over with eps 8 and
 * 64 times larger, and the hull's eps and tol fields report the values it was built with.
 */
#ifndef SWEPT_HULL_H
#define SWEPT_HULL_H

#include "swept/base.h"
#include "swept/math.h"
#include "swept/shapes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most vertices a hull holds.
#define SW_HULL_MAX_VERTS 64
/// Most faces (a fully triangulated hull of SW_HULL_MAX_VERTS vertices has 2·V − 4).
#define SW_HULL_MAX_FACES (2 * SW_HULL_MAX_VERTS - 4)
/// Most undirected edges (3·V − 6).
#define SW_HULL_MAX_EDGES (3 * SW_HULL_MAX_VERTS - 6)
/// Capacity of the face index array: the face sizes sum to 2·E.
#define SW_HULL_MAX_FACE_INDICES (2 * SW_HULL_MAX_EDGES)
/// Most input points sw_hull3_build accepts.
#define SW_HULL_MAX_POINTS ((size_t)1 << 26)
/// Default relative plane thickness (see the tolerance rule above).
#define SW_HULL_REL_EPS (4.0f * 1.1920929e-7f)
/// Edge directions closer than this angle (radians, measured as |u × w| of unit vectors) are merged.
#define SW_HULL_DIR_EPS 1.0e-5f

/// Outcome of building or validating a hull. On anything but SW_HULL_OK the output hull is left empty
/// (all counts zero).
typedef enum sw_hull_status {
	/// The hull was built and passes sw_hull3_check.
	SW_HULL_OK = 0,
	/// No points (n == 0 or a NULL array).
	SW_HULL_EMPTY = 1,
	/// Fewer than 4 distinct points (exact duplicates count once), or fewer than 4 vertices given.
	SW_HULL_TOO_FEW = 2,
	/// All points lie within eps of one line.
	SW_HULL_COLLINEAR = 3,
	/// All points lie within eps of one plane.
	SW_HULL_FLAT = 4,
	/// The hull has more than SW_HULL_MAX_VERTS vertices. No reduction is attempted: simplify the
	/// cloud first (or raise rel_eps, which merges nearly coplanar faces).
	SW_HULL_TOO_MANY = 5,
	/// NaN or Inf, a coordinate with |x| > SW_MAX_COORD, a NULL output, more than
	/// SW_HULL_MAX_POINTS points, or options out of range.
	SW_HULL_INVALID_INPUT = 6,
	/// Scratch memory for the builder could not be allocated.
	SW_HULL_NO_MEMORY = 7,
	/// The builder could not produce a hull that passes its own checks, even with eps raised 64-fold
	/// (the cloud is degenerate in a way it does not resolve). Not expected; report the input.
	SW_HULL_NUMERIC = 8,
	/// sw_hull3_from_faces: a face with fewer than 3 vertices, an index ≥ nv, a vertex repeated in a
	/// face, NULL face arrays, or more faces or indices than the capacities allow.
	SW_HULL_BAD_FACES_INDEX = 9,
	/// A face of (near) zero area, two vertices at the same position, or a vertex on fewer than three
	/// faces (a vertex in the middle of an edge).
	SW_HULL_BAD_FACES_DEGENERATE = 10,
	/// An edge used by only one face: the surface has a hole.
	SW_HULL_BAD_FACES_OPEN = 11,
	/// An edge used by more than two faces.
	SW_HULL_BAD_FACES_NONMANIFOLD = 12,
	/// An edge traversed twice in the same direction: the faces are not consistently wound.
	SW_HULL_BAD_FACES_WINDING = 13,
	/// V − E + F ≠ 2 (an unused vertex, several components, or a handle).
	SW_HULL_BAD_FACES_EULER = 14,
	/// Consistently wound but clockwise from outside (normals point inwards: negative volume).
	SW_HULL_BAD_FACES_INWARD = 15,
	/// A face whose vertices are not within tol of one plane.
	SW_HULL_BAD_FACES_NONPLANAR = 16,
	/// A reflex corner in a face, a face loop winding more than once, or a vertex more than tol in
	/// front of a face plane.
	SW_HULL_BAD_FACES_NONCONVEX = 17,
	/// Two adjacent faces coplanar within eps: give them as one face.
	SW_HULL_BAD_FACES_COPLANAR = 18,
} sw_hull_status;

/// One face: its plane and where its vertex loop sits in sw_hull3.face_verts.
typedef struct sw_hull_face {
	/// Unit outward normal.
	sw_vec3 normal;
	/// Plane offset: n·x = d on the face, and d = max over the hull's vertices of n·v.
	float d;
	/// Index of the face's first vertex index in face_verts.
	uint16_t first;
	/// Number of vertices (≥ 3); face_verts[first .. first + count) is the loop, counter-clockwise
	/// from outside.
	uint16_t count;
} sw_hull_face;

/// One undirected edge and the two faces it separates (the arc of the Gauss map between their
/// normals, used to prune edge-edge axes).
typedef struct sw_hull_edge {
	/// Vertex indices, v[0] < v[1].
	uint8_t v[2];
	/// f[0]: the face whose loop runs v[0] → v[1]; f[1]: the face whose loop runs v[1] → v[0].
	uint8_t f[2];
	/// Index into dirs of this edge's direction (parallel or antiparallel to v[1] − v[0]).
	uint8_t dir;
} sw_hull_edge;

/// A convex polyhedron. Fixed capacity; see the file comment for conventions and tolerances.
typedef struct sw_hull3 {
	/// Number of vertices in use (4..SW_HULL_MAX_VERTS; 0 after a failed build).
	uint32_t num_verts;
	/// Number of faces in use.
	uint32_t num_faces;
	/// Number of undirected edges in use (V − E + F = 2).
	uint32_t num_edges;
	/// Number of distinct edge directions in use.
	uint32_t num_dirs;
	/// Centre of mass of the solid (strictly inside it).
	sw_vec3 centroid;
	/// Radius of a sphere about the centroid that contains every vertex.
	float radius;
	/// Plane thickness eps of the tolerance rule (faces within it of coplanar were merged).
	float eps;
	/// Observable tolerance of the tolerance rule (planarity, containment of the input).
	float tol;
	/// Vertices. sw_hull3_build sorts them lexicographically by (x, y, z); they are input points,
	/// bit for bit. sw_hull3_from_faces keeps the caller's order.
	sw_vec3 verts[SW_HULL_MAX_VERTS];
	/// Faces. sw_hull3_build sorts them by their loops, each loop starting at its smallest vertex
	/// index; sw_hull3_from_faces keeps the caller's faces and loops.
	sw_hull_face faces[SW_HULL_MAX_FACES];
	/// Concatenated vertex loops of the faces.
	uint8_t face_verts[SW_HULL_MAX_FACE_INDICES];
	/// Undirected edges, sorted by (v[0], v[1]).
	sw_hull_edge edges[SW_HULL_MAX_EDGES];
	/// Unit edge directions, one per class of parallel edges: u and −u count once (the stored sign
	/// makes the largest-magnitude component positive), and directions within SW_HULL_DIR_EPS are
	/// merged (the first edge of a class, in edge order, gives its direction).
	sw_vec3 dirs[SW_HULL_MAX_EDGES];
} sw_hull3;

/// Options of sw_hull3_build. NULL selects the defaults.
typedef struct sw_hull_opts {
	/// Relative plane thickness (eps = rel_eps · S). 0 selects SW_HULL_REL_EPS; otherwise it must
	/// lie in [FLT_EPSILON, 1e-2]. Larger values merge nearly coplanar faces and drop points close
	/// to the hull.
	float rel_eps;
} sw_hull_opts;

/// Convex hull of n points (quickhull, Barber, Dobkin, Huhdanpaa 1996, in double precision relative to
/// the cloud's bounding-box centre, with faces coplanar within eps merged into polygons). The result
/// does not depend on the order of the points: the same multiset gives the same bits. Duplicates and
/// points within eps of the hull are dropped; exactly the vertices of the hull remain. Terminates in
/// at most min(n, 4·SW_HULL_MAX_VERTS) steps. Returns SW_HULL_OK or the status describing the input.
SW_API sw_hull_status sw_hull3_build(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, sw_hull3 *out);

/// A hull from caller-supplied faces: nv vertices, nf faces, face k having face_sizes[k] vertex
/// indices taken in turn from face_indices (counter-clockwise from outside). Accepted when the faces
/// form a closed, consistently outward-wound 2-manifold with V − E + F = 2, every face planar within
/// tol and convex, every vertex on or behind every face plane, no two adjacent faces coplanar (eps
/// and tol from the tolerance rule with the default rel_eps). The first violated rule picks the
/// status, checked in this order: input (EMPTY, INVALID_INPUT, TOO_MANY, TOO_FEW), INDEX, coincident
/// vertices (DEGENERATE), OPEN / NONMANIFOLD / WINDING, EULER, DEGENERATE, INWARD, NONPLANAR,
/// NONCONVEX, COPLANAR. Vertex and face order and the loops are kept; planes, edges, directions,
/// centroid and radius are computed.
SW_API sw_hull_status sw_hull3_from_faces(const sw_vec3 *verts, size_t nv, const uint32_t *face_sizes,
					  const uint32_t *face_indices, size_t nf, sw_hull3 *out);

/// The hull of an oriented box (8 vertices, 6 quads, 12 edges, 3 directions). Vertex k is
/// centre + Σ_i ±half_i·axis_i with + where bit i of k is set; faces are −x, +x, −y, +y, −z, +z of the
/// box's frame. Returns SW_HULL_INVALID_INPUT when the box breaks the input contract of swept/shapes.h.
SW_API sw_hull_status sw_hull3_box(const sw_obb3 *box, sw_hull3 *out);

/// Validates every invariant of a hull: counts within capacity, closed consistently wound
/// 2-manifold, Euler, planar convex faces, vertices behind every plane, no coplanar neighbours,
/// unit normals and offsets matching the vertices, edge records and directions, centroid inside,
/// radius. Returns 1 when valid; otherwise 0 and, when why is not NULL, a short reason in why
/// (truncated to why_len, always terminated).
SW_API int sw_hull3_check(const sw_hull3 *h, char *why, size_t why_len);

/// Index of the vertex with the largest dot product with dir (the lowest index among exact ties);
/// −1 for a NULL or empty hull.
SW_API int sw_hull3_support(const sw_hull3 *h, sw_vec3 dir);

/// Short name of a status ("ok", "too_many", "bad_faces_open", ...).
SW_API const char *sw_hull_status_name(sw_hull_status s);

#ifdef __cplusplus
}
#endif
#endif
