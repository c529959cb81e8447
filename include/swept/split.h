/* swept/split.h — splitting convex shapes by a plane (2D: a line): convex polygons in 2D and 3D,
 * triangles, convex hulls (with a cap face), and the area or volume and centroid of each side
 * without building the pieces (buoyancy). Single items and batches: many shapes by one plane, or
 * each shape by its own plane.
 *
 * The rule every split follows (doc/numerics.md, "Splitting by a plane"):
 * - Thick plane. A plane is a point p and a normal n (any length but zero); swept uses the unit
 *   normal u = n·(1/√(n·n)). A vertex x has signed distance s = u·(x − p) and is FRONT when
 *   s > eps, BACK when s < −eps, ON otherwise. eps is one absolute distance for the whole call, so
 *   that a vertex shared by several shapes classifies the same in all of them.
 * - On-vertex rule. A shape with no vertex strictly behind (FRONT and ON only) is returned whole in
 *   front, its back piece empty, and the other way round; a shape with every vertex ON
 *   (SW_SPLIT_COPLANAR) goes whole to one side: 2D polygons and hulls to the front, 3D polygons and
 *   triangles to the side their normal (right-hand rule over their winding) faces, the front when
 *   u·normal ≥ 0. In a straddling shape, ON vertices go to the front piece, and to the back piece too
 *   when a neighbour along the boundary is BACK: the ON vertices between the cuts stay in front, the
 *   back piece ends at the ON vertices that bound its run, and both pieces share one cut path, so
 *   they tile the shape exactly (Ericson, RTCD 8.3.4, splits thick-plane polygons the same way).
 * - One intersection direction. A new vertex is made only on an edge with one FRONT and one BACK
 *   end, always from the front end f toward the back end b: t = s_f / (s_f − s_b),
 *   x = f + t·(b − f), and attributes interpolated with the same t. s depends only on the vertex and
 *   the plane, so two shapes sharing an edge get bit-identical split points: no cracks, no
 *   T-junctions.
 * - Pieces keep the input's winding, never hold two equal consecutive vertices (bitwise) and have
 *   at least 3 vertices; a piece thinner than float32 resolves at the shape's coordinates (all its
 *   new vertices round onto one point) is returned empty even though the shape straddles.
 *
 * Status: SW_HIT when the shape straddles the plane (class SW_SPLIT_STRADDLE), SW_MISS when it lies
 * on one side or in the plane, SW_PAIR_INVALID for a bad shape or plane (that item only). The class
 * is an answer, not an error. Every function returns an sw_error: SW_OK (every item answered),
 * SW_ERR_NULL for a required pointer that is NULL, SW_ERR_ARG for options out of range (eps negative,
 * NaN or above SW_MAX_COORD; attributes wider than SW_SPLIT_MAX_ATTRS); then nothing is written.
 *
 * Memory: nothing is allocated except in the rare hull fallback (see sw_hull3_split). Stack: a
 * polygon or triangle call uses under 2 KB (a batched polygon call about 7 KB), a hull call about
 * 16 KB. Outputs must not overlap the inputs.
 */
#ifndef SWEPT_SPLIT_H
#define SWEPT_SPLIT_H

#include "swept/hull3.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most vertices of a polygon given to a polygon split (3D polygons and 2D ones alike).
#define SW_SPLIT_MAX_VERTS 32
/// Most vertices of a piece of a polygon of n vertices: n + n/2. A piece of a convex polygon has at
/// most n + 1; more only when rounding makes the sides of vertices within about δ (see
/// sw_poly2_split) of the plane alternate along the boundary, where every edge that changes side
/// is still cut (so neighbours stay crack-free). Raise eps above that noise to avoid it.
#define SW_SPLIT_MAX_PIECE(n) ((n) + (n) / 2)
/// Most attribute floats per vertex.
#define SW_SPLIT_MAX_ATTRS 16
/// Polygons must be convex to this relative tolerance (see sw_poly2_split).
#define SW_SPLIT_CONVEX_REL 1.0e-6f

/// Where a shape lies relative to the thick plane: an answer, not an error. The value is the OR of
/// its vertices' sides (1 front, 2 back), so 0 means every vertex is ON.
typedef enum sw_split_class {
	/// Every vertex within eps of the plane.
	SW_SPLIT_COPLANAR = 0,
	/// Some vertex in front, none behind.
	SW_SPLIT_FRONT = 1,
	/// Some vertex behind, none in front.
	SW_SPLIT_BACK = 2,
	/// Vertices on both sides: the shape is cut.
	SW_SPLIT_STRADDLE = 3,
	/// The item was invalid (status SW_PAIR_INVALID).
	SW_SPLIT_NONE = 255,
} sw_split_class;

/// A 2D line through p with normal n (front is the side n points to). n need not be unit.
typedef struct sw_plane2 {
	/// A point of the line. Give one near the shapes it cuts: distances are accurate to the rounding
	/// of x − p.
	sw_vec2 p;
	/// Normal, finite and not zero (|n|² ≥ FLT_MIN).
	sw_vec2 n;
} sw_plane2;

/// A plane through p with normal n (front is the side n points to). n need not be unit.
typedef struct sw_plane3 {
	/// A point of the plane; as for sw_plane2, give one near the shapes.
	sw_vec3 p;
	/// Normal, finite and not zero (|n|² ≥ FLT_MIN).
	sw_vec3 n;
} sw_plane3;

/// Options of a split. NULL selects the defaults (eps = 0).
typedef struct sw_split_opts {
	/// Half thickness of the plane, an absolute distance ≥ 0 (finite, ≤ SW_MAX_COORD): vertices within
	/// eps are ON. 0 classifies by the sign of the distance alone. A few 1e-6 of the scene's size
	/// keeps vertices that sit on the plane from flipping side between frames.
	float eps;
	/// Nonzero: the hulls of the call are taken as passing sw_hull3_check (made by sw_hull3_build,
	/// sw_hull3_from_faces or a split, and not modified since) and are not checked again; only their
	/// counts and indices are range-checked, so a hull that does not pass gets unspecified pieces but
	/// never a crash. The check costs about 40 % of a hull split and six times a hull volume query
	/// (doc/benchmarks.md). Polygons and triangles are always checked.
	uint32_t trusted;
} sw_split_opts;

/// Per-vertex attributes (UVs, colours) carried through a polygon or triangle split: k floats per
/// vertex, kept for input vertices and interpolated with the position's t for new ones.
typedef struct sw_split_attrs {
	/// Floats per vertex, 1..SW_SPLIT_MAX_ATTRS (0: no attributes; the pointers are then ignored).
	uint32_t k;
	/// Input: k floats per input vertex, vertex i at in[i·k]; finite, |a| ≤ SW_MAX_COORD.
	const float *in;
	/// Output: k floats per front vertex, parallel to the front vertices; NULL: not written.
	float *front;
	/// Output: k floats per back vertex; NULL: not written.
	float *back;
} sw_split_attrs;

/// Answer of one polygon, triangle or hull split.
typedef struct sw_split_output {
	/// SW_HIT (straddles), SW_MISS (one side or coplanar) or SW_PAIR_INVALID.
	sw_status status;
	/// Where the shape lies; SW_SPLIT_NONE when invalid.
	sw_split_class cls;
	/// Size of the front piece: vertices (polygons, hulls) or triangles (triangle split); 0 when
	/// there is none (the shape lies behind, the piece is thinner than float32 resolves, or the item
	/// is invalid).
	uint32_t front_count;
	/// Size of the back piece, as front_count.
	uint32_t back_count;
} sw_split_output;

/// Area and centroid of each side of a 2D polygon.
typedef struct sw_split_mass2 {
	/// As sw_split_output.status.
	sw_status status;
	/// As sw_split_output.cls.
	sw_split_class cls;
	/// Area of the front piece (0 when there is none); NaN when invalid.
	float front_area;
	/// Area of the back piece; NaN when invalid.
	float back_area;
	/// Centroid of the front piece; the polygon's first vertex when its area is 0; NaN when invalid.
	sw_vec2 front_centroid;
	/// Centroid of the back piece, as front_centroid.
	sw_vec2 back_centroid;
} sw_split_mass2;

/// Measure and centroid of each side of a 3D polygon (area) or hull (volume).
typedef struct sw_split_mass3 {
	/// As sw_split_output.status.
	sw_status status;
	/// As sw_split_output.cls.
	sw_split_class cls;
	/// Area (polygons) or volume (hulls) of the front piece, 0 when there is none; NaN when invalid.
	/// Volumes overflow to Inf for hulls larger than about 1e12.
	float front_measure;
	/// Area or volume of the back piece; NaN when invalid.
	float back_measure;
	/// Centroid of the front piece; the shape's first vertex when its measure is 0; NaN when invalid.
	sw_vec3 front_centroid;
	/// Centroid of the back piece, as front_centroid.
	sw_vec3 back_centroid;
} sw_split_mass3;

/// The plane of a placed shape in the shape's local frame: p_l = R(q)ᵀ(p − pose.p), n_l = R(q)ᵀn.
static inline sw_plane3 sw_plane3_to_local(sw_plane3 world, sw_pose3 pose)
{
	sw_mat3 r = sw_mat3_from_quat(pose.q);
	sw_plane3 l = {sw_mat3_tmul(&r, sw_v3_sub(world.p, pose.p)), sw_mat3_tmul(&r, world.n)};
	return l;
}

/// The line of a placed 2D shape in its local frame: p_l = qᵀ(p − pose.p), n_l = qᵀn.
static inline sw_plane2 sw_plane2_to_local(sw_plane2 world, sw_pose2 pose)
{
	sw_plane2 l = {sw_rot2_tmul(pose.q, sw_v2_sub(world.p, pose.p)), sw_rot2_tmul(pose.q, world.n)};
	return l;
}

/* ---- single items ---- */

/// Splits a convex polygon v[0..n) by a line (Sutherland–Hodgman, Sutherland & Hodgman 1974, run
/// for both sides at once; Ericson, RTCD 8.3.4). Writes the front piece to `front` and the back piece
/// to `back` (room for SW_SPLIT_MAX_PIECE(n) vertices each; NULL: that side is not written, its count
/// is still reported), with attributes when `attrs` is not NULL. The pieces start where the input's vertex
/// order first enters them and are convex to rounding. `out` is required; v may be NULL only for
/// n = 0 (an invalid item); attrs->in is required when attrs->k > 0.
/// Input contract (else SW_PAIR_INVALID, nothing written but `out`): 3 ≤ n ≤ SW_SPLIT_MAX_VERTS;
/// coordinates finite with |x| ≤ SW_MAX_COORD; no two equal consecutive vertices; counter-clockwise
/// and convex to δ = SW_SPLIT_CONVEX_REL·(L + M) (L: the polygon's extent from v[0], M: its largest
/// |coordinate|): no three consecutive vertices turn clockwise by more than δ (the smallest height of
/// their triangle), and the edge directions wind around at most once (no stars; a polygon within δ of
/// a segment passes as a degenerate one); the line valid (finite, |n|² ≥ FLT_MIN); attribute values
/// finite. A piece returned by a split passes again.
SW_API sw_error sw_poly2_split(const sw_vec2 *v, uint32_t n, sw_plane2 line, const sw_split_opts *opts,
			       const sw_split_attrs *attrs, sw_vec2 *front, sw_vec2 *back, sw_split_output *out);

/// Splits a planar convex polygon in 3D by a plane; as sw_poly2_split. Convexity is judged about the
/// polygon's own normal (Newell's, in float), every vertex within δ of its plane plus the accuracy of
/// that normal (16·n·FLT_EPSILON·L² / twice the area: looser for slivers, so pieces of pieces pass); a
/// polygon of zero area passes.
SW_API sw_error sw_poly3_split(const sw_vec3 *v, uint32_t n, sw_plane3 plane, const sw_split_opts *opts,
			       const sw_split_attrs *attrs, sw_vec3 *front, sw_vec3 *back, sw_split_output *out);

/// Slices a triangle: one triangle on one side and two on the other, or one and one when a vertex
/// is ON, or the triangle whole on one side. Each side's piece (3 or 4 vertices, as sw_poly3_split
/// makes it) is fanned from its first vertex: (w0, w1, w2) then (w0, w2, w3). A triangle with two
/// bitwise-equal vertices is not emitted. front_count / back_count are triangles (0..2); `front` and
/// `back` need room for 2 (NULL: not written); attributes (attrs->in: 3·k floats) go out as 3·k
/// floats per triangle. Any finite triangle is valid, degenerate ones included.
SW_API sw_error sw_tri3_split(const sw_tri3 *tri, sw_plane3 plane, const sw_split_opts *opts,
			      const sw_split_attrs *attrs, sw_tri3 *front, sw_tri3 *back, sw_split_output *out);

/// Splits a convex hull (in its own frame; see sw_plane3_to_local) into two convex hulls that pass
/// sw_hull3_check: each face split as a polygon is (the on-vertex rule per face loop, coplanar faces
/// to the front), split points made once per cut edge, and a cap face on the cut (outward normal
/// about −u for the front piece, +u for the back) from the pieces' common open boundary. Both pieces
/// share the cap's vertices bit for bit. A piece is made directly from its loops: kept faces keep their
/// plane, the piece keeps the hull's eps and tol, and only what the cut made (new vertices, cut faces,
/// the cap) is judged. When a piece's faces do not form a valid hull (near-coplanar
/// faces, slivers, ON vertices off the plane), it is rebuilt by sw_hull3_build from its vertices,
/// which allocates; a piece thinner than the builder's plane thickness (about 5e-7 × its size, which
/// float32 cannot hold as a solid) then comes back as a flat hull (num_faces == 2: the cut polygon),
/// and only a piece the builder refuses too (its points within eps of a line) is returned empty
/// (num_verts = 0, count 0). A flat hull (a convex polygon) is split as its polygon is: its pieces
/// are flat hulls. A hull whose cut leaves it on one side is copied whole to that side.
/// front_count / back_count are the pieces' vertex counts. `front` / `back` may be NULL (not built);
/// `h` and `out` are required. Input: a hull passing sw_hull3_check (checked unless opts->trusted;
/// else SW_PAIR_INVALID), whose
/// pieces fit: kept vertices plus cut edges ≤ SW_HULL_MAX_VERTS (else SW_PAIR_INVALID; only hulls of
/// more than about 30 vertices come near).
SW_API sw_error sw_hull3_split(const sw_hull3 *h, sw_plane3 plane, const sw_split_opts *opts, sw_hull3 *front,
			       sw_hull3 *back, sw_split_output *out);

/// Area and centroid of each side of sw_poly2_split's pieces without building them (the same
/// classification and split points, summed as they are made). Same input contract.
SW_API sw_error sw_poly2_split_mass(const sw_vec2 *v, uint32_t n, sw_plane2 line, const sw_split_opts *opts,
				    sw_split_mass2 *out);

/// Area and centroid of each side of sw_poly3_split's pieces, without building them.
SW_API sw_error sw_poly3_split_mass(const sw_vec3 *v, uint32_t n, sw_plane3 plane, const sw_split_opts *opts,
				    sw_split_mass3 *out);

/// Volume and centroid of each side of a hull (the submerged volume and its centre of buoyancy, with
/// the plane as the water surface and the back as the water): the faces clipped as sw_hull3_split
/// clips them, summed as cones from a point of the cut plane, so the cap is never built. Volumes of
/// the pieces sw_hull3_split returns agree to within eps·(cut area) plus rounding (more when a piece
/// fell back to the builder). Same input contract.
SW_API sw_error sw_hull3_split_mass(const sw_hull3 *h, sw_plane3 plane, const sw_split_opts *opts, sw_split_mass3 *out);

/* ---- batches ----
 * Every batched call takes `planes` with `nplanes` = 1 (one plane for every item: many shapes by one
 * plane) or n (item i by planes[i]: each shape by its own plane), answers item by item exactly as the
 * single-item call does (bit for bit, on every SIMD tier), and writes nothing but the documented
 * scratch on a call error: SW_ERR_NULL (a required pointer is NULL), SW_ERR_SIZE (n > SW_MAX_BATCH,
 * nplanes not 1 or n, pieces that do not fit), SW_ERR_ARG (eps negative, NaN or > SW_MAX_COORD;
 * attributes wider than SW_SPLIT_MAX_ATTRS). A bad plane or shape makes that item SW_PAIR_INVALID
 * with class SW_SPLIT_NONE and no pieces; the other items are unaffected. `run` (NULL: defaults)
 * sets threads and chunk size (swept/batch.h); it never changes an answer. */

/// Status and class of each item of a batched split.
typedef struct sw_split_results {
	/// n entries: sw_status. Required.
	uint8_t *status;
	/// n entries: sw_split_class; NULL: not written.
	uint8_t *cls;
} sw_split_results;

/// Convex polygons in one vertex array: polygon i is verts[first[i] .. first[i+1]).
typedef struct sw_poly2_soup {
	/// All vertices.
	const sw_vec2 *verts;
	/// count + 1 offsets; a polygon whose offsets decrease is invalid.
	const uint32_t *first;
	/// Number of polygons.
	size_t count;
	/// attr_count floats per vertex, parallel to verts; NULL when attr_count is 0.
	const float *attrs;
	/// Floats per vertex, 0..SW_SPLIT_MAX_ATTRS.
	uint32_t attr_count;
} sw_poly2_soup;

/// 3D convex polygons in one vertex array; fields as sw_poly2_soup.
typedef struct sw_poly3_soup {
	const sw_vec3 *verts;  ///< all vertices
	const uint32_t *first; ///< count + 1 offsets
	size_t count;          ///< number of polygons
	const float *attrs;    ///< attr_count floats per vertex, or NULL
	uint32_t attr_count;   ///< floats per vertex
} sw_poly3_soup;

/// A triangle soup.
typedef struct sw_tri3_soup {
	/// count triangles.
	const sw_tri3 *tris;
	/// Number of triangles.
	size_t count;
	/// 3·attr_count floats per triangle (vertex a, b, c); NULL when attr_count is 0.
	const float *attrs;
	/// Floats per vertex, 0..SW_SPLIT_MAX_ATTRS.
	uint32_t attr_count;
} sw_tri3_soup;

/// One side's pieces of a batched polygon split, packed in item order: item i's piece is
/// verts[first[i] .. first[i+1]) (empty when equal). A piece has at most n + n/2 vertices (n + 1
/// unless rounding makes the polygon's sides alternate along its boundary), so room for
/// SW_SPLIT_ROOM(V) vertices (V the input's vertices) is always enough: the call then runs in
/// one pass when on one thread. With less room, or on several threads, it counts first and writes
/// second (about 1.5 times the work); when the count does not fit it returns SW_ERR_SIZE with
/// `total` set to the vertices needed and `first` used as scratch, nothing else written (capacity 0
/// is a size query).
typedef struct sw_poly2_pieces {
	/// Output vertices; may be NULL only when capacity is 0.
	sw_vec2 *verts;
	/// Attributes, attr_count floats per output vertex; NULL: not written.
	float *attrs;
	/// Room in verts (and attrs), in vertices.
	size_t capacity;
	/// n + 1 offsets written. Required.
	uint32_t *first;
	/// Out: vertices written (or needed, with SW_ERR_SIZE).
	size_t total;
} sw_poly2_pieces;

/// One side's pieces of a batched 3D polygon split; as sw_poly2_pieces.
typedef struct sw_poly3_pieces {
	sw_vec3 *verts;  ///< output vertices
	float *attrs;    ///< attr_count floats per output vertex, or NULL
	size_t capacity; ///< room, in vertices
	uint32_t *first; ///< n + 1 offsets written
	size_t total;    ///< out: vertices written or needed
} sw_poly3_pieces;

/// One side's triangles of a batched triangle split: item i's are tris[first[i] .. first[i+1])
/// (0..2). Room for 2n triangles is always enough (one pass); less works as for sw_poly2_pieces.
typedef struct sw_tri3_pieces {
	/// Output triangles; may be NULL only when capacity is 0.
	sw_tri3 *tris;
	/// 3·attr_count floats per output triangle; NULL: not written.
	float *attrs;
	/// Room in tris, in triangles.
	size_t capacity;
	/// n + 1 offsets written. Required.
	uint32_t *first;
	/// Out: triangles written (or needed, with SW_ERR_SIZE).
	size_t total;
} sw_tri3_pieces;

/// Room for every piece of one side of a batched polygon split of polygons of V vertices in all.
#define SW_SPLIT_ROOM(V) ((V) + (V) / 2)

/// Measure and centroid of each side per item of a batched mass query (column k: item k's field of
/// sw_split_mass2 / sw_split_mass3); status required, every other column optional (NULL: not
/// written). 2D calls: the measure is an area and the z columns are not written.
typedef struct sw_split_mass_results {
	uint8_t *status;                       ///< sw_status
	uint8_t *cls;                          ///< sw_split_class
	float *front_measure, *back_measure;   ///< area (polygons) or volume (hulls) of each side
	float *front_cx, *front_cy, *front_cz; ///< front centroid
	float *back_cx, *back_cy, *back_cz;    ///< back centroid
} sw_split_mass_results;

/// Splits every polygon of a soup. `front` / `back` may be NULL (that side not written).
SW_API sw_error sw_poly2_split_batch(const sw_poly2_soup *in, const sw_plane2 *planes, size_t nplanes,
				     const sw_split_opts *opts, const sw_batch_opts *run, sw_poly2_pieces *front,
				     sw_poly2_pieces *back, const sw_split_results *res);
/// Splits every 3D polygon of a soup.
SW_API sw_error sw_poly3_split_batch(const sw_poly3_soup *in, const sw_plane3 *planes, size_t nplanes,
				     const sw_split_opts *opts, const sw_batch_opts *run, sw_poly3_pieces *front,
				     sw_poly3_pieces *back, const sw_split_results *res);
/// Slices every triangle of a soup.
SW_API sw_error sw_tri3_split_batch(const sw_tri3_soup *in, const sw_plane3 *planes, size_t nplanes,
				    const sw_split_opts *opts, const sw_batch_opts *run, sw_tri3_pieces *front,
				    sw_tri3_pieces *back, const sw_split_results *res);
/// Splits n hulls; `front` / `back`: n hulls each, or NULL (not built). Each hull is checked
/// (sw_hull3_check) at every call unless opts->trusted.
SW_API sw_error sw_hull3_split_batch(const sw_hull3 *hulls, size_t n, const sw_plane3 *planes, size_t nplanes,
				     const sw_split_opts *opts, const sw_batch_opts *run, sw_hull3 *front,
				     sw_hull3 *back, const sw_split_results *res);
/// Area and centroid of each side of every polygon of a soup (attributes ignored).
SW_API sw_error sw_poly2_split_mass_batch(const sw_poly2_soup *in, const sw_plane2 *planes, size_t nplanes,
					  const sw_split_opts *opts, const sw_batch_opts *run,
					  const sw_split_mass_results *out);
/// Area and centroid of each side of every 3D polygon of a soup.
SW_API sw_error sw_poly3_split_mass_batch(const sw_poly3_soup *in, const sw_plane3 *planes, size_t nplanes,
					  const sw_split_opts *opts, const sw_batch_opts *run,
					  const sw_split_mass_results *out);
/// Volume and centroid of each side of n hulls.
SW_API sw_error sw_hull3_split_mass_batch(const sw_hull3 *hulls, size_t n, const sw_plane3 *planes, size_t nplanes,
					  const sw_split_opts *opts, const sw_batch_opts *run,
					  const sw_split_mass_results *out);

/// Short name of a class ("coplanar", "front", "back", "straddle", "none").
SW_API const char *sw_split_class_name(sw_split_class c);

#ifdef __cplusplus
}
#endif
#endif
