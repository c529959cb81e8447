/* swept/hull3.h — convex polyhedra (hulls): the hull, building one from points or faces, checks, a set
 * of shapes with placed moving instances, and the moving and static separating-axis queries of a hull
 * against a hull, a box or a triangle, one pair at a time and batched. The representation, the
 * tolerance rule of the builder, thin solids and flat hulls (a convex polygon as a hull of two faces)
 * are in doc/numerics.md ("Hulls: representation, tolerance rule, thin and flat hulls"); the queries'
 * directions and answers in its "Convex hulls". */
#ifndef SWEPT_HULL3_H
#define SWEPT_HULL3_H

#include "swept/tri3.h"

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
/// Default relative plane thickness of the tolerance rule.
#define SW_HULL_REL_EPS (4.0f * 1.1920929e-7f)
/// Edge directions closer than this angle (radians, as |u × w| of unit vectors) are merged.
#define SW_HULL_DIR_EPS 1.0e-5f
/// A face is degenerate when twice its area is at most this times its longest edge squared (a
/// triangle's height at most 2^-28 ≈ 3.7e-9 of its longest side), where its normal, computed in double
/// from the float vertices, stops being exact to float32.
#define SW_HULL_MIN_WIDTH 0x1p-28

/// One face: its plane and where its vertex loop sits in sw_hull3.face_verts.
typedef struct sw_hull_face {
	/// Unit outward normal.
	sw_vec3 normal;
	/// Plane offset: n·x = d on the face, and d = the maximum over the hull's vertices of n·v.
	float d;
	/// Index of the face's first vertex index in face_verts.
	uint16_t first;
	/// Number of vertices (≥ 3); face_verts[first .. first + count) is the loop, counter-clockwise
	/// seen from outside.
	uint16_t count;
} sw_hull_face;

/// One undirected edge and the two faces it separates.
typedef struct sw_hull_edge {
	/// Vertex indices, v[0] < v[1].
	uint8_t v[2];
	/// f[0]: the face whose loop runs v[0] → v[1]; f[1]: the face whose loop runs v[1] → v[0].
	uint8_t f[2];
	/// Index into dirs of this edge's direction (parallel or antiparallel to v[1] − v[0]).
	uint8_t dir;
} sw_hull_edge;

/// A convex polyhedron in its local frame: one self-contained value of fixed capacity (about 7 KB),
/// no pointers, copyable with memcpy. Counts say how much of each array is in use.
typedef struct sw_hull3 {
	/// Number of vertices (≥ 4, ≥ 3 for a flat hull; 0 after a failed build).
	uint32_t num_verts;
	/// Number of faces (≥ 4; exactly 2 for a flat hull, a convex polygon with faces +n and −n).
	uint32_t num_faces;
	/// Number of undirected edges (V − E + F = 2).
	uint32_t num_edges;
	/// Number of distinct edge directions.
	uint32_t num_dirs;
	/// Centre of mass of the solid (a flat hull: the polygon's area centroid).
	sw_vec3 centroid;
	/// Radius of a sphere about the centroid that contains every vertex.
	float radius;
	/// Plane thickness eps of the tolerance rule the hull was built with.
	float eps;
	/// Observable tolerance of the tolerance rule (planarity, containment of the input).
	float tol;
	/// Vertices (sw_hull3_build: input points bit for bit, sorted by (x, y, z); a flat hull's in loop
	/// order).
	sw_vec3 verts[SW_HULL_MAX_VERTS];
	/// Faces.
	sw_hull_face faces[SW_HULL_MAX_FACES];
	/// Concatenated vertex loops of the faces.
	uint8_t face_verts[SW_HULL_MAX_FACE_INDICES];
	/// Undirected edges, sorted by (v[0], v[1]) (a flat hull's: edge i joins vertices i and i + 1).
	sw_hull_edge edges[SW_HULL_MAX_EDGES];
	/// Unit edge directions, one per class of parallel edges (u and −u count once; the stored sign
	/// makes the largest-magnitude component positive).
	sw_vec3 dirs[SW_HULL_MAX_EDGES];
	/// Seal: a 64-bit hash of everything above that sw_hull3_check reads, written by the calls that
	/// have just checked the hull (sw_hull3_build, sw_hull3_build_many, sw_hull3_from_faces,
	/// sw_hull3_box, sw_hull3_seal, the pieces of sw_hull3_split_batch), 0 when the hull is not known to
	/// pass. sw_hull3_set_add_shape takes a hull whose seal matches its contents without checking it
	/// again; any change to the contents breaks the match, and the hull is then checked in full.
	/// Callers must not write it (copying the whole hull keeps it). Not a security measure: a forged
	/// seal makes an unchecked hull trusted (its counts and indices are still range-checked); see
	/// doc/numerics.md.
	uint64_t seal;
} sw_hull3;

/// Options of sw_hull3_build; NULL selects the defaults.
typedef struct sw_hull_opts {
	/// Relative plane thickness; 0 selects SW_HULL_REL_EPS, otherwise in [FLT_EPSILON, 1e-2].
	float rel_eps;
} sw_hull_opts;

/// Convex hull of n points (quickhull in double precision, faces coplanar within eps merged). The
/// same multiset of points gives the same bits. A cloud within eps of one plane gives a flat hull.
/// Errors: SW_ERR_NULL, SW_ERR_EMPTY, SW_ERR_INPUT, SW_ERR_TOO_FEW (fewer than 3 distinct points),
/// SW_ERR_COLLINEAR, SW_ERR_TOO_MANY, SW_ERR_NOMEM, SW_ERR_NUMERIC; on any of them the hull is left
/// empty. (SW_ERR_FLAT is not returned.)
SW_API sw_error sw_hull3_build(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, sw_hull3 *out);

/// Builds num_hulls hulls at once: cloud k is counts[k] points of `points`, the clouds one after the
/// other. out[k] and errors[k] are exactly what sw_hull3_build(cloud k, counts[k], opts, &out[k]) gives,
/// bit for bit. Memory: one scratch block through the allocator hook, sized for the largest cloud (44
/// bytes per point plus about 11 KB for 8 points, 33 KB for 32 and 240 KB from 256 points on), allocated
/// once per call and reused (sw_hull3_build allocates such a block per call); about 36 KB of stack.
/// Returns SW_OK (every errors[k] written), SW_ERR_NULL (counts, out or errors NULL, or points NULL with
/// a point to read), SW_ERR_SIZE (num_hulls > SW_MAX_BATCH), SW_ERR_ARG (opts->rel_eps out of range) or
/// SW_ERR_NOMEM; on those nothing is written. num_hulls = 0 is a valid empty call.
SW_API sw_error sw_hull3_build_many(const sw_vec3 *points, const uint32_t *counts, size_t num_hulls,
				    const sw_hull_opts *opts, sw_hull3 *out, sw_error *errors);

/// A hull from caller-supplied faces: nv vertices, nf faces, face k with face_sizes[k] vertex indices
/// taken in turn from face_indices (counter-clockwise from outside). Thin solids are accepted down to
/// float32's limit (SW_HULL_MIN_WIDTH); two faces (nf = 2) are a flat hull, given exactly in its
/// representation (face 0 = 0, 1, …, nv − 1; face 1 = 0, nv − 1, …, 1). Counts are checked before any
/// array is read. The first violated rule gives the error (SW_ERR_EMPTY, SW_ERR_TOO_MANY,
/// SW_ERR_TOO_FEW, SW_ERR_INPUT, then the SW_ERR_FACES_* rules).
SW_API sw_error sw_hull3_from_faces(const sw_vec3 *verts, size_t nv, const uint32_t *face_sizes,
				    const uint32_t *face_indices, size_t nf, sw_hull3 *out);

/// The hull of a box in its local frame (8 vertices, 6 quads, 12 edges): vertex k at ±half with +
/// where bit i of k is set; faces −x, +x, −y, +y, −z, +z. SW_ERR_INPUT for a box breaking its contract.
SW_API sw_error sw_hull3_box(const sw_obb3 *box, sw_hull3 *out);

/// Validates every invariant of a hull (counts within capacity, closed consistently wound manifold,
/// Euler, planar convex faces, vertices behind every plane, no coplanar neighbours, stored planes,
/// edges, directions, centroid, radius; for a flat hull the same restated for its two loops): SW_OK or
/// the error of the first rule broken.
SW_API sw_error sw_hull3_check(const sw_hull3 *h);

/// Checks h as sw_hull3_check does and writes its seal (sw_hull3.seal): the hash of its contents when
/// it passes, 0 when it does not. For hulls a caller made or changed, so that adding them to a set
/// does not check them again. Returns what sw_hull3_check returns.
SW_API sw_error sw_hull3_seal(sw_hull3 *h);

/// Index of the vertex with the largest dot product with dir (the lowest index among ties); −1 for a
/// NULL or empty hull.
SW_API int sw_hull3_support(const sw_hull3 *h, sw_vec3 dir);

/// Feature ids of the hull queries: the kind in bits 16..17, the indices below.
/// FACE_A | f: face f of A; FACE_B | g: face g of B (reversed; for a triangle B, face 0 is its front
/// and face 1 its back); EDGES | (i << 8) | j: edge i of A × edge j of B (a triangle's edge 0 runs
/// a→b; a box's edges are those of sw_hull3_box()). A flat hull (k vertices) is answered as a prism
/// of no thickness, with more faces and edges than it stores: faces 0 (+n) and 1 (−n) are its own,
/// face 2 + i the rim of edge i (its outward normal within the plane); edge i < k is edge i on face
/// 0's side, edge k + i the same edge on face 1's side, edge 2k + j vertex j (a zero-length edge
/// along +n between rims j − 1 and j).
#define SW_HULL_FEATURE_FACE_A 0x10000u
#define SW_HULL_FEATURE_FACE_B 0x20000u
#define SW_HULL_FEATURE_EDGES 0x30000u

/// Decodes a hull feature id (SW_AXIS_KIND_NONE for SW_FEATURE_NONE or an unknown id).
static inline sw_axis_info sw_hull3_feature_decode(uint32_t id)
{
	sw_axis_info r = {SW_AXIS_KIND_NONE, -1, -1};
	uint32_t kind = id & 0xFFFF0000u, low = id & 0xFFFFu;
	if (kind == SW_HULL_FEATURE_FACE_A) {
		r.kind = SW_AXIS_KIND_FACE_A;
		r.index_a = (int)low;
	} else if (kind == SW_HULL_FEATURE_FACE_B) {
		r.kind = SW_AXIS_KIND_FACE_B;
		r.index_b = (int)low;
	} else if (kind == SW_HULL_FEATURE_EDGES) {
		r.kind = SW_AXIS_KIND_EDGE_EDGE;
		r.index_a = (int)(low >> 8);
		r.index_b = (int)(low & 0xFFu);
	}
	return r;
}

/// Scratch a batched hull call allocates per thread through the allocator hook (bytes).
#define SW_HULL_CALL_SCRATCH ((size_t)96 * 1024)
/// Scratch a single-pair hull query allocates through the allocator hook (bytes; SW_ERR_NOMEM when it
/// cannot).
#define SW_HULL_PAIR_SCRATCH ((size_t)48 * 1024)

/// Moving SAT for two hulls placed by pa and pb, moving by da and db. Both must pass
/// sw_hull3_check() (checked at every call), else the pair is SW_PAIR_INVALID.
SW_API sw_error sw_hull3_sweep(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_hull3 *b, sw_pose3 pb, sw_vec3 db,
			       sw_sweep_result *out);
/// Static overlap of two placed hulls.
SW_API sw_error sw_hull3_overlap(const sw_hull3 *a, sw_pose3 pa, const sw_hull3 *b, sw_pose3 pb,
				 sw_overlap_result *out);
/// Moving SAT of a hull (A) and a box (B, as the hull sw_hull3_box() makes of it; feature ids refer
/// to that hull).
SW_API sw_error sw_hull3_obb3_sweep(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_obb3 *b, sw_pose3 pb,
				    sw_vec3 db, sw_sweep_result *out);
/// Static overlap of a hull and a box.
SW_API sw_error sw_hull3_obb3_overlap(const sw_hull3 *a, sw_pose3 pa, const sw_obb3 *b, sw_pose3 pb,
				      sw_overlap_result *out);
/// Moving SAT of a hull (A) and a triangle (B); `opts->one_sided` as in sw_obb3_tri3_sweep().
SW_API sw_error sw_hull3_tri3_sweep(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt,
				    const sw_sweep_opts *opts, sw_sweep_result *out);
/// Static overlap of a hull and a triangle.
SW_API sw_error sw_hull3_tri3_overlap(const sw_hull3 *a, sw_pose3 pa, const sw_tri3 *t, sw_overlap_result *out);

/// A ray origin + t·delta, t ∈ [0, 1], against a hull placed by `pose`, by clipping the ray against each
/// face's half-space n·x ≤ d (Ericson, RTCD 5.3.8); no iteration, no rounding radius (a rounded hull is
/// a sw_shape3 for sw_gjk3_ray). A flat hull is clipped as the prism a hull set stores: faces 0 (+n) and
/// 1 (−n), then face 2 + i, the rim of edge i (doc/numerics.md). The ray is side A of sw_cast_result.
/// SW_HIT: t ∈ (0, 1] the entry fraction, point = origin + t·delta, normal the entered face's outward
/// unit normal negated (from the ray into the hull), feature that face's index. SW_STARTS_OVERLAPPED:
/// the origin is inside or on every face's half-space (a zero-length delta is a point query: this or
/// MISS): t 0, point the origin, normal zero. SW_MISS: t 1, point and normal zero. A ray in a face's
/// plane counts as inside that face's half-space. depth and slide are 0. A hull failing
/// sw_hull3_check() (a sealed hull is trusted, as by sw_hull3_set_add_shape), a rotation not unit within
/// SW_QUAT_TOL or a coordinate out of range gives SW_PAIR_INVALID. SW_ERR_NULL for a NULL pointer
/// (nothing written), else SW_OK. Bounds: doc/numerics.md ("GJK", ray cast). No allocation; about 11 KB
/// of stack (the packed hull).
SW_API sw_error sw_hull3_ray(const sw_hull3 *hull, sw_pose3 pose, sw_vec3 origin, sw_vec3 delta, sw_cast_result *out);

/// Hull shapes (packed once for the kernels, each checked once when added) and placed, moving
/// instances of them. Opaque.
typedef struct sw_hull3_set sw_hull3_set;

/// A new empty set with room for `capacity` instances (it grows as needed).
SW_API sw_error sw_hull3_set_create(size_t capacity, sw_hull3_set **set);
/// Frees a set (NULL is ignored).
SW_API void sw_hull3_set_destroy(sw_hull3_set *set);
/// Instances in the set (0 for NULL).
SW_API size_t sw_hull3_set_count(const sw_hull3_set *set);
/// Packs a hull as a new shape (about 5 KB for 20 vertices); its id goes to *shape. A hull failing
/// sw_hull3_check() is kept as a flagged shape: every pair using it is SW_PAIR_INVALID. A hull whose
/// seal matches its contents (sw_hull3.seal) is not checked again (about 20 times faster).
SW_API sw_error sw_hull3_set_add_shape(sw_hull3_set *set, const sw_hull3 *hull, uint32_t *shape);
/// Appends an instance of `shape` with its placement and displacement; its index goes to *index (may
/// be NULL). A shape id ≥ the number of shapes is stored; its pairs are SW_PAIR_INVALID.
SW_API sw_error sw_hull3_set_add(sw_hull3_set *set, uint32_t shape, sw_pose3 pose, sw_vec3 disp, uint32_t *index);
/// Overwrites instance `index` (< count; SW_ERR_ARG otherwise).
SW_API sw_error sw_hull3_set_put(sw_hull3_set *set, uint32_t index, uint32_t shape, sw_pose3 pose, sw_vec3 disp);
/// Reads instance `index` (outputs may be NULL).
SW_API sw_error sw_hull3_set_get(const sw_hull3_set *set, uint32_t index, uint32_t *shape, sw_pose3 *pose,
				 sw_vec3 *disp);
/// Writes the placements and displacements of instances [first, first + n) (disps may be NULL).
SW_API sw_error sw_hull3_set_place(sw_hull3_set *set, uint32_t first, size_t n, const sw_pose3 *poses,
				   const sw_vec3 *disps);
/// Writes the placements of instances [first, first + n) from positions and 3×3 rotation matrices, as
/// sw_obb3_set_place_m() does for boxes (disps may be NULL).
SW_API sw_error sw_hull3_set_place_m(sw_hull3_set *set, uint32_t first, size_t n, const sw_vec3 *positions,
				     const float *matrices, sw_mat3_layout layout, const sw_vec3 *disps);
/// The placement columns of the set (swept/math.h), for writing placements in place: entry i < count
/// of each. Valid until the next sw_hull3_set_add (which may move them) or sw_hull3_set_destroy().
/// SW_ERR_NULL when a pointer is NULL.
SW_API sw_error sw_hull3_set_columns(sw_hull3_set *set, sw_place3_cols *cols);
/// Removes every instance (the shapes stay).
SW_API void sw_hull3_set_clear(sw_hull3_set *set);

/// Moving SAT for each pair of instances; the answers of sw_hull3_sweep(). A batched hull call
/// allocates SW_HULL_CALL_SCRATCH bytes per thread through the allocator hook (SW_ERR_NOMEM, nothing
/// written, when it cannot); lanes hold one pair's faces, edges and edge pairs (doc/numerics.md).
SW_API sw_error sw_hull3_sweep_batch(const sw_hull3_set *a_set, const sw_hull3_set *b_set, const sw_pair *pairs,
				     size_t n, const sw_batch_opts *run, const sw_sweep_results *out);
/// Static overlap for each pair of instances.
SW_API sw_error sw_hull3_overlap_batch(const sw_hull3_set *a_set, const sw_hull3_set *b_set, const sw_pair *pairs,
				       size_t n, const sw_batch_opts *run, const sw_overlap_results *out);
/// Moving SAT of hull instances (pairs[k].a) against boxes (pairs[k].b).
SW_API sw_error sw_hull3_obb3_sweep_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs,
					  size_t n, const sw_batch_opts *run, const sw_sweep_results *out);
/// Static hull–box overlap for each pair.
SW_API sw_error sw_hull3_obb3_overlap_batch(const sw_hull3_set *hulls, const sw_obb3_set *boxes, const sw_pair *pairs,
					    size_t n, const sw_batch_opts *run, const sw_overlap_results *out);
/// Moving SAT of hull instances against triangles (opts for the whole call, may be NULL).
SW_API sw_error sw_hull3_tri3_sweep_batch(const sw_hull3_set *hulls, const sw_tri3_set *tris, const sw_pair *pairs,
					  size_t n, const sw_sweep_opts *opts, const sw_batch_opts *run,
					  const sw_sweep_results *out);
/// Static hull–triangle overlap for each pair.
SW_API sw_error sw_hull3_tri3_overlap_batch(const sw_hull3_set *hulls, const sw_tri3_set *tris, const sw_pair *pairs,
					    size_t n, const sw_batch_opts *run, const sw_overlap_results *out);

#ifdef __cplusplus
}
#endif
#endif
