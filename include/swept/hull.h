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
 *
 * Flat hulls. A cloud whose points all lie within eps of one plane (a plate, a flat 3D polygon, a slab
 * thinner than eps) gives a flat hull: a two-sided convex polygon, recognisable as num_faces == 2.
 *   - num_verts = k ≥ 3 polygon vertices (input points, bit for bit), in loop order: counter-clockwise
 *     seen from the side face 0's normal points to. Vertex 0 is the first in (x, y, z) order;
 *   - face 0: unit normal +n, loop 0, 1, …, k − 1; face 1: normal −n (face 0's, negated exactly), loop
 *     0, k − 1, …, 1. n's sign makes its largest-magnitude component positive. The d of each face is
 *     the largest n·v (−n·v) over the vertices, so the solid is the slab between the two planes, no
 *     thicker than the vertices' spread along n (within tol);
 *   - num_edges = k: edge i joins vertices i and i + 1 (mod k), so edge k − 1 is {0, k − 1} and the
 *     edges are in loop order, not sorted; f[0] is the face whose loop runs v[0] → v[1] (face 0 on
 *     every edge but the last, face 1 on the last). Edge directions as for any hull;
 *   - centroid: the polygon's area centroid (in its plane); radius as for any hull.
 * V − E + F = k − k + 2 = 2 holds and every vertex is on both faces. n is the polygon's Newell normal
 * (its vector area direction, the best-fit plane of the outline) after a planar quickhull in the plane
 * of the cloud's widest triangle. Points whose projections lie within eps of a corner are represented
 * by the first of them in (x, y, z) order, so a slab thinner than eps keeps its lower corners, whatever
 * the order of the input; corners within eps of straight are dropped.
 *
 * Thin hulls and the float32 limit. A solid however thin is accepted as long as its faces are well
 * defined: a face is degenerate only when twice its area is at most SW_HULL_MIN_WIDTH (2^-28) times its
 * longest edge squared, the width below which its normal, computed in double from the float vertices
 * (rounding about 2^-52 · length / width), is no longer exact to float32's 2^-24. What float32 itself
 * cannot carry is a thin solid whose vertices it must round: a vertex coordinate x is rounded by up to
 * ulp(x)/2 ≈ 6e-8·|x|, so a rotated or offset slab needs a thickness of about 2 ulp of its largest
 * coordinate (2.4e-7 of it); thinner, its top and bottom corners round onto each other or twist its
 * side faces (DEGENERATE, NONCONVEX). An axis-aligned slab near the origin stays exact far thinner,
 * down to the width limit. Thinner still, give it as a flat hull, or let sw_hull3_build make one. Collinear and
 * single-point input is not a hull: a segment or a point is answered by the GJK family's segment and point shapes.
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
/// A face is degenerate when twice its area is at most this times its longest edge squared (for a
/// triangle: its height is at most 2^-28 ≈ 3.7e-9 of its longest side). See "Thin and flat hulls".
#define SW_HULL_MIN_WIDTH 0x1p-28

/// Outcome of building or validating a hull. On anything but SW_HULL_OK the output hull is left empty
/// (all counts zero).
typedef enum sw_hull_status {
	/// The hull was built and passes sw_hull3_check.
	SW_HULL_OK = 0,
	/// No points (n == 0 or a NULL array).
	SW_HULL_EMPTY = 1,
	/// Fewer than 3 distinct points (exact duplicates count once), or fewer than 3 vertices given. A
	/// point is not a hull: use the GJK family's point shape.
	SW_HULL_TOO_FEW = 2,
	/// All points lie within eps of one line. A segment is not a hull: use the GJK family's segment.
	SW_HULL_COLLINEAR = 3,
	/// Not returned: a cloud within eps of one plane gives a flat hull (see the file comment). Kept so
	/// that the numbering stays.
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
	/// face, NULL face arrays, fewer than 2 or more faces or indices than the capacities allow, or two
	/// faces that are not a flat hull's loops (face 0 = 0, 1, …, nv − 1 and face 1 = 0, nv − 1, …, 1).
	SW_HULL_BAD_FACES_INDEX = 9,
	/// A face at most SW_HULL_MIN_WIDTH wide, two vertices at the same position, a vertex on fewer
	/// than three faces of a solid (a vertex in the middle of an edge), or a flat hull's corner
	/// straighter than the COPLANAR angle.
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
	/// Two adjacent faces whose normals differ by less than eps / (4·S) radians (S of the tolerance
	/// rule; about 1.2e-7 with the default rel_eps, float32's resolution of a direction): give them
	/// as one face. An angle, not a distance: the narrow faces of a thin hull are not coplanar with
	/// their wide neighbours.
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
	/// Number of vertices in use (4..SW_HULL_MAX_VERTS, 3.. for a flat hull; 0 after a failed build).
	uint32_t num_verts;
	/// Number of faces in use (≥ 4; exactly 2 for a flat hull).
	uint32_t num_faces;
	/// Number of undirected edges in use (V − E + F = 2).
	uint32_t num_edges;
	/// Number of distinct edge directions in use.
	uint32_t num_dirs;
	/// Centre of mass of the solid, inside it (within tol: float rounding can put it a little outside
	/// a thin hull; on the plane of a flat hull, the polygon's area centroid).
	sw_vec3 centroid;
	/// Radius of a sphere about the centroid that contains every vertex.
	float radius;
	/// Plane thickness eps of the tolerance rule (faces within it of coplanar were merged).
	float eps;
	/// Observable tolerance of the tolerance rule (planarity, containment of the input).
	float tol;
	/// Vertices. sw_hull3_build sorts them lexicographically by (x, y, z) (a flat hull: in loop order
	/// from the first in that order); they are input points, bit for bit. sw_hull3_from_faces keeps
	/// the caller's order.
	sw_vec3 verts[SW_HULL_MAX_VERTS];
	/// Faces. sw_hull3_build sorts them by their loops, each loop starting at its smallest vertex
	/// index; sw_hull3_from_faces keeps the caller's faces and loops.
	sw_hull_face faces[SW_HULL_MAX_FACES];
	/// Concatenated vertex loops of the faces.
	uint8_t face_verts[SW_HULL_MAX_FACE_INDICES];
	/// Undirected edges, sorted by (v[0], v[1]); a flat hull's in loop order (see the file comment).
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
/// at most min(n, 4·SW_HULL_MAX_VERTS) steps. A cloud within eps of one plane gives a flat hull (the
/// file comment). Memory: one scratch block through the allocator hook, sized as for
/// sw_hull3_build_many, freed before it returns; about 26 KB of stack. Returns SW_HULL_OK or the
/// status describing the input.
SW_API sw_hull_status sw_hull3_build(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, sw_hull3 *out);

/// Builds num_hulls hulls at once: cloud k is counts[k] points of `points`, the clouds one after the
/// other (cloud k starts at the sum of counts[0 .. k)). out[k] and status[k] are exactly what
/// sw_hull3_build(cloud k, counts[k], opts, &out[k]) gives, bit for bit. Memory: one scratch block
/// through the allocator hook (sw_set_allocator), sized for the largest cloud (44 bytes per point plus
/// about 11 KB for 8 points, 33 KB for 32 and 240 KB from 256 points on), allocated once per call and
/// reused for every hull, where sw_hull3_build allocates such a block per call; nothing else is
/// allocated. Stack: as sw_hull3_build. Returns SW_OK (every status written), SW_ERR_NULL (counts, out or status
/// NULL, or points NULL with a point to read), SW_ERR_SIZE (num_hulls > SW_MAX_BATCH), SW_ERR_ARG
/// (opts->rel_eps out of range) or SW_ERR_NOMEM; on an error nothing is written. num_hulls = 0 is a
/// valid empty call.
SW_API sw_error sw_hull3_build_many(const sw_vec3 *points, const uint32_t *counts, size_t num_hulls,
				    const sw_hull_opts *opts, sw_hull3 *out, sw_hull_status *status);

/// A hull from caller-supplied faces: nv vertices, nf faces, face k having face_sizes[k] vertex
/// indices taken in turn from face_indices (counter-clockwise from outside). Accepted when the faces
/// form a closed, consistently outward-wound 2-manifold with V − E + F = 2, every face planar within
/// tol and convex, every vertex on or behind every face plane, no two adjacent faces coplanar (eps
/// and tol from the tolerance rule with the default rel_eps). Thin solids are accepted down to the
/// float32 limit of the file comment. Two faces (nf = 2) are a flat hull, given exactly in its
/// representation (face 0 = 0, 1, …, nv − 1; face 1 = 0, nv − 1, …, 1; nv ≥ 3). The first violated
/// rule picks the status, checked in this order: input (EMPTY, TOO_MANY, TOO_FEW, then
/// INVALID_INPUT: counts are checked before any array is read),
/// INDEX, coincident vertices (DEGENERATE), OPEN / NONMANIFOLD / WINDING (a flat hull: its loops,
/// INDEX or WINDING), EULER, DEGENERATE, INWARD, NONPLANAR, NONCONVEX, COPLANAR (a flat hull: a
/// straight corner, DEGENERATE). Vertex and face order and the loops are kept; planes, edges,
/// directions, centroid and radius are computed.
SW_API sw_hull_status sw_hull3_from_faces(const sw_vec3 *verts, size_t nv, const uint32_t *face_sizes,
					  const uint32_t *face_indices, size_t nf, sw_hull3 *out);

/// The hull of an oriented box (8 vertices, 6 quads, 12 edges, 3 directions). Vertex k is
/// centre + Σ_i ±half_i·axis_i with + where bit i of k is set; faces are −x, +x, −y, +y, −z, +z of the
/// box's frame. Returns SW_HULL_INVALID_INPUT when the box breaks the input contract of swept/shapes.h.
SW_API sw_hull_status sw_hull3_box(const sw_obb3 *box, sw_hull3 *out);

/// Validates every invariant of a hull: counts within capacity, closed consistently wound
/// 2-manifold, Euler, planar convex faces, vertices behind every plane, no coplanar neighbours,
/// unit normals and offsets matching the vertices, edge records and directions, centroid inside,
/// radius; for a flat hull the same restated for two faces: its loops and edges in the
/// representation, exactly opposite normals, a convex loop without straight corners, the centroid
/// within tol of the polygon. Every count and index is range-checked before it is used, so any bytes
/// are safe to check. No allocation; about 26 KB of stack. Returns 1 when valid; otherwise 0 and, when why is not NULL,
/// a short reason in why (truncated to why_len, always terminated).
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
