/* src/hull3_view.h — the packed form of a hull that the reference and every SIMD tier read, and the
 * scalar steps of a hull pair that all of them share (pose checks, the pair frame, the bounding-sphere
 * cull, B's side for a triangle, the bookkeeping over directions and the answer). Sharing them is what
 * makes every tier give the reference's bits: only the loops over vertices, faces and edges differ.
 *
 * Packed hull, local frame, structure of arrays. Every row holds pad(count) floats (count rounded up
 * to a multiple of 16); lanes past the count repeat element 0, so a support taken over padded
 * vertices is unchanged and no load runs off the end.
 *   v:  3 rows of pad(nv):  x, y, z
 *   f:  7 rows of pad(nf):  normal x, y, z; offset d; first vertex of the face's loop x, y, z
 *   e:  6 rows of pad(ne):  unit direction u = (v1 − v0)/|v1 − v0|; v0
 *   ef: 2 int rows of pad(ne): the faces f0 and f1 of each edge
 * The edge's arc on the Gauss map runs from n_f0 to n_f1 on the great circle of pole −u (n_f1 × n_f0 is
 * a positive multiple of −u: f[0] is the face whose loop runs v0 → v1, doc/numerics.md), and the tests use
 * −u as that pole: it comes from the vertices to an ulp, while n_f1 × n_f0 of two nearly equal normals
 * (a nearly flat edge) has an error of ulp/|n_f1 × n_f0| in direction. */
#ifndef SWEPT_HULL3_VIEW_H
#define SWEPT_HULL3_VIEW_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "contract.h"
#include "swept/hull3.h"

static inline uint32_t sw_hv_pad(uint32_t n) { return (n + 15u) & ~15u; }

/* rows of the float blocks */
enum { SW_HV_VX, SW_HV_VY, SW_HV_VZ };
enum { SW_HV_FX, SW_HV_FY, SW_HV_FZ, SW_HV_FD, SW_HV_PX, SW_HV_PY, SW_HV_PZ, SW_HV_FROWS };
enum { SW_HV_UX, SW_HV_UY, SW_HV_UZ, SW_HV_OX, SW_HV_OY, SW_HV_OZ, SW_HV_EROWS };

/* floats and ints of a packed hull */
static inline size_t sw_hv_floats(uint32_t nv, uint32_t nf, uint32_t ne)
{
	return 3 * (size_t)sw_hv_pad(nv) + SW_HV_FROWS * (size_t)sw_hv_pad(nf) + SW_HV_EROWS * (size_t)sw_hv_pad(ne);
}
static inline size_t sw_hv_ints(uint32_t ne) { return 2 * (size_t)sw_hv_pad(ne); }

/* most faces and edges of a packed hull: a solid's faces (a flat hull's prism has at most
 * SW_HULL_MAX_VERTS + 2), a flat hull's prism's edges (a solid has at most SW_HULL_MAX_EDGES) */
#define SW_HV_MAX_FACES SW_HULL_MAX_FACES
#define SW_HV_MAX_EDGES (3 * SW_HULL_MAX_VERTS)
_Static_assert(SW_HULL_MAX_VERTS + 2 <= SW_HV_MAX_FACES && SW_HULL_MAX_EDGES <= SW_HV_MAX_EDGES,
	       "packed capacities hold a flat hull's prism and any solid");
/* the largest packed hull */
#define SW_HV_MAX_FLOATS (3 * 64 + SW_HV_FROWS * 128 + SW_HV_EROWS * 192)
/* a box */
#define SW_HV_BOX_FLOATS (3 * 16 + SW_HV_FROWS * 16 + SW_HV_EROWS * 16)
#define SW_HV_MAX_INTS (2 * 192)

typedef struct sw_hull_view {
	uint32_t nv, nf, ne;
	uint32_t vs, fs, es; /* row strides: pad(nv), pad(nf), pad(ne) */
	sw_vec3 centroid;
	float radius;
	const float *v, *f, *e;
	const int32_t *ef;
} sw_hull_view;

static inline const float *sw_hv_v(const sw_hull_view *h, int row) { return h->v + (size_t)row * h->vs; }
static inline const float *sw_hv_f(const sw_hull_view *h, int row) { return h->f + (size_t)row * h->fs; }
static inline const float *sw_hv_e(const sw_hull_view *h, int row) { return h->e + (size_t)row * h->es; }

/* Flat hulls (num_faces == 2: a convex polygon of k vertices, doc/numerics.md) are packed as the prism
 * of zero thickness they are the limit of, so that every query reads them as any hull:
 *   vertices: the k polygon vertices;
 *   faces: 0 (+n) and 1 (−n) as in the hull, then face 2 + i, the rim of edge i (the edge from vertex
 *     i to i + 1 mod k): its outward in-plane normal m_i = u_i × n (u_i along the loop of face 0),
 *     offset max over the vertices of m_i·v, through the vertex attaining it;
 *   edges: i < k, edge i between face 0 and rim i; k + i, edge i between rim i and face 1 (both along
 *     u_i from vertex i); 2k + j, vertex j as an edge of length zero along +n between rims j − 1 and
 *     j (mod k).
 * Each edge's faces are ordered so that n_f1 × n_f0 is a positive multiple of −u, as for a solid. The
 * Gauss map of the polygon, whose edges have half great circles from n to −n as arcs, is the prism's
 * with those arcs split at m_i, plus the rims' normals (the in-plane directions a polygon separates
 * along) and the vertices' arcs between neighbouring rims: the limit of a slab whose thickness goes
 * to zero, for which the SAT over these faces and edge pairs stays exact. */

/* the packed counts of a hull: as stored, or a flat hull's prism */
static inline void sw_hull_view_counts(const sw_hull3 *h, uint32_t *nv, uint32_t *nf, uint32_t *ne)
{
	int flat = h->num_faces == 2;
	*nv = h->num_verts;
	*nf = flat ? h->num_verts + 2 : h->num_faces;
	*ne = flat ? 3 * h->num_verts : h->num_edges;
}

/* packs a hull that passes sw_hull3_check into fl (sw_hv_floats of its packed counts) and ix
 * (sw_hv_ints) and points view at them */
void sw_hull_view_pack(const sw_hull3 *h, float *fl, int32_t *ix, sw_hull_view *view);

/* the box of half extents `half` as a packed hull in its own frame (the topology and feature ids of
 * sw_hull3_box); storage as for sw_hull_view_pack */
void sw_hull_view_box(sw_vec3 half, float *fl, int32_t *ix, sw_hull_view *view);

/* ---- B in A's frame ---- */

/* rows of B's side (A's frame): 3 of vertices (stride vs), 6 of faces (normal, first vertex; stride
 * fs), 9 of edges (unit direction, m, v0; stride es). m is a triangle's outward in-plane edge normal
 * m_j = u_j × n (the file comment of ref/hull3_sat.c), unused for a hull */
enum { SW_HB_NX, SW_HB_NY, SW_HB_NZ, SW_HB_PX, SW_HB_PY, SW_HB_PZ };
enum { SW_HB_UX, SW_HB_UY, SW_HB_UZ, SW_HB_MX, SW_HB_MY, SW_HB_MZ, SW_HB_OX, SW_HB_OY, SW_HB_OZ, SW_HB_EROWS };
#define SW_HB_MAX_FLOATS (3 * 64 + 6 * 128 + SW_HB_EROWS * 192)
/* a triangle's side */
#define SW_HB_TRI_FLOATS (3 * 16 + 6 * 16 + SW_HB_EROWS * 16)

typedef struct sw_hull_bside {
	uint32_t nv, nf, ne, vs, fs, es;
	int tri;
	float *v, *f, *e; /* rows as above */
	const int32_t *ef;
} sw_hull_bside;

/* lays B's rows out in `mem` (SW_HB_MAX_FLOATS floats) for the counts of `b` */
static inline void sw_hull_bside_init(sw_hull_bside *s, uint32_t nv, uint32_t nf, uint32_t ne, const int32_t *ef,
				      int tri, float *mem)
{
	s->nv = nv, s->nf = nf, s->ne = ne, s->tri = tri, s->ef = ef;
	s->vs = sw_hv_pad(nv), s->fs = sw_hv_pad(nf), s->es = sw_hv_pad(ne);
	s->v = mem;
	s->f = mem + 3 * (size_t)s->vs;
	s->e = s->f + 6 * (size_t)s->fs;
}

/* the triangle's two faces share this index block: both edges' faces are 0 (front) and 1 (back) */
extern const _Alignas(64) int32_t sw_hull_tri_ef[32];

/* the triangle (world space) in A's frame (rotation ra, position pa), in the order of the file comment
 * of ref/hull3_sat.c; every lane past the counts repeats element 0 */
void sw_hull_bside_tri(const sw_tri3 *t, const sw_mat3 *ra, sw_vec3 pa, float *mem, sw_hull_bside *s);

/* ---- the pair ---- */

/* R_a, R_ab = R_aᵀR_b (column k = R_aᵀ·column k of R_b) and p = R_aᵀ(p_b − p_a) */
static inline void sw_hv_frame(sw_vec3 pa, sw_quat qa, sw_vec3 pb, sw_quat qb, sw_mat3 *ra, sw_mat3 *rab, sw_vec3 *p)
{
	*ra = sw_mat3_from_quat(qa);
	sw_mat3 rb = sw_mat3_from_quat(qb);
	for (int k = 0; k < 3; k++)
		rab->col[k] = sw_mat3_tmul(ra, rb.col[k]);
	*p = sw_mat3_tmul(ra, sw_v3_sub(pb, pa));
}

/* whether the bounding spheres (A's centroid and radius; B's centroid cb in A's frame and radius rb)
 * stay apart for all t ∈ [0,1] under B's relative motion v, with a relative margin far above
 * rounding: then the hulls never touch and the answer is the plain MISS the full test would give */
static inline int sw_hv_spheres_apart(sw_vec3 ca, float ra, sw_vec3 cb, float rb, sw_vec3 v)
{
	double d[3] = {(double)cb.x - ca.x, (double)cb.y - ca.y, (double)cb.z - ca.z};
	double w[3] = {v.x, v.y, v.z}, dw = d[0] * w[0] + d[1] * w[1] + d[2] * w[2],
	       ww = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
	double t = ww > 0 ? -dw / ww : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	double c[3] = {d[0] + t * w[0], d[1] + t * w[1], d[2] + t * w[2]};
	double dist = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]), reach = (double)ra + rb;
	double margin = 1e-4 * (reach + sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) + sqrt(ww));
	return dist > reach + margin;
}

/* ---- edge pairs ----
 * The direction of edge pair (u_a, u_b) (unit directions, A's frame) is c = u_a × (u_b − σ·u_a),
 * σ = +1 when u_a·u_b ≥ 0, else −1: the vector u_a × u_b, formed from the difference of two nearly
 * equal directions, which is exact or rounded relative to itself. c then carries a relative error of a
 * few ulps at every angle θ between the edges, and n = c/|c| is perpendicular to both edges to a few
 * ulps; u_a × u_b formed directly has an absolute error of an ulp, a tilt of ulp/θ out of the edges'
 * common perpendicular plane. What remains is the direction's drift within that plane, ~ulp/θ, which
 * the inputs' own rounding causes and no formula removes (ref/hull3_sat.c: why it is harmless).
 * Only c = 0 or a denormal |c|² carries no direction (exactly parallel edges). */
static inline sw_vec3 sw_hv_edge_cross(sw_vec3 ua, sw_vec3 ub)
{
	float d = (ua.x * ub.x + ua.y * ub.y) + ua.z * ub.z;
	sw_vec3 w =
		d < 0.0f ? sw_v3(ub.x + ua.x, ub.y + ua.y, ub.z + ua.z) : sw_v3(ub.x - ua.x, ub.y - ua.y, ub.z - ua.z);
	return sw_v3(ua.y * w.z - ua.z * w.y, ua.z * w.x - ua.x * w.z, ua.x * w.y - ua.y * w.x);
}

/* |c|² (= sin²θ) below which an edge pair's gap comes from full supports of both shapes instead of the
 * two edges (ref/hull3_sat.c): θ below 30° */
#define SW_HULL_NEAR_PARALLEL 0.25f

/* ---- bookkeeping over the directions ----
 * Each direction has a feature id, a unit normal n (A's frame, from A towards B) and the gap
 * g = min_B n·b − max_A n·a at t = 0. With u = n·v (v: B's motion relative to A) and a = |u|:
 *   - separated at t = 0 when g > 0; the first such direction in id order is kept (static MISS);
 *   - the largest g, the first in id order among equal values (least penetration);
 *   - a ≤ SW_TINY_SPEED: no motion along n; separated there means separated for the whole step;
 *   - u < 0: an entry time g/a; the latest is kept, the first in id order among equal values;
 *   - u > 0: an exit time −g/a; the earliest is kept.
 * Every rule is a maximum or minimum with ties to the lowest id, so the result does not depend on
 * the order the directions are visited in: the kernels visit them in SIMD chunks. */
typedef struct sw_hull_red {
	int sep0, never;
	uint32_t sep_id;
	float sep_gap;
	sw_vec3 sep_n;
	float best;
	uint32_t best_id;
	sw_vec3 best_n;
	float t_in;
	uint32_t in_id;
	sw_vec3 in_n;
	float t_out;
} sw_hull_red;

static inline void sw_hull_red_init(sw_hull_red *r)
{
	const sw_vec3 z = {0, 0, 0};
	*r = (sw_hull_red){0, 0,         SW_FEATURE_NONE, 0.0f, z,       -INFINITY, SW_FEATURE_NONE,
			   z, -INFINITY, SW_FEATURE_NONE, z,    INFINITY};
}

/* one direction (the reference visits them one by one) */
static inline void sw_hull_red_visit(sw_hull_red *r, uint32_t id, sw_vec3 n, float gap, sw_vec3 v)
{
	float u = (n.x * v.x + n.y * v.y) + n.z * v.z;
	float a = fabsf(u);
	int sep = gap > 0.0f;
	if (sep && (!r->sep0 || id < r->sep_id)) {
		r->sep_id = id;
		r->sep_gap = gap;
		r->sep_n = n;
	}
	r->sep0 |= sep;
	if (gap > r->best || (gap == r->best && id < r->best_id)) {
		r->best = gap;
		r->best_id = id;
		r->best_n = n;
	}
	if (!(a > SW_TINY_SPEED)) {
		r->never |= sep;
		return;
	}
	if (u < 0.0f) {
		float t = gap / a;
		if (t > r->t_in || (t == r->t_in && id < r->in_id)) {
			r->t_in = t;
			r->in_id = id;
			r->in_n = n;
		}
	} else {
		float t = -gap / a;
		r->t_out = t < r->t_out ? t : r->t_out;
	}
}

/* whether the answer is already a MISS whatever directions follow (each rule only raises t_in,
 * lowers t_out or sets `never`); `front` is 0 when a one-sided triangle is not approached from its
 * front */
static inline int sw_hull_red_doomed(const sw_hull_red *r, int front)
{
	return r->sep0 && (!front || r->never || r->t_in > 1.0f || r->t_out < 0.0f || r->t_in > r->t_out);
}

/* the moving answer; t_last is min(t_out, 1) + 0 (a −0 exit becomes +0, whichever equal value won).
 * A HIT separates at t = 0 (some gap > 0) and every separating direction is then an entry g/a with
 * g > 0: the first contact is strictly after 0, and t_in ≤ 0 only when g/a underflows (gaps below
 * 2⁻¹⁴⁹ of the speed). Such a HIT reports t_first = FLT_TRUE_MIN (2⁻¹⁴⁹), the true time rounded up,
 * so a HIT's t_first is always in (0, 1] and never a signed zero */
static inline sw_status sw_hull_red_sweep(const sw_hull_red *r, const sw_mat3 *ra, int front, sw_sweep_result *out)
{
	float t_last = (r->t_out < 1.0f ? r->t_out : 1.0f) + 0.0f;
	if (!r->sep0)
		*out = sw_sweep_result_of(SW_STARTS_OVERLAPPED, r->best_id, 0.0f, t_last, sw_mat3_mul(ra, r->best_n));
	else if (!sw_hull_red_doomed(r, front))
		*out = sw_sweep_result_of(SW_HIT, r->in_id, r->t_in > 0.0f ? r->t_in : FLT_TRUE_MIN, t_last,
					  sw_mat3_mul(ra, r->in_n));
	else
		*out = sw_sweep_result_miss();
	return out->status;
}

/* the static answer; a HIT's depth is 0 − best, so touching gives +0, never −0 */
static inline sw_status sw_hull_red_overlap(const sw_hull_red *r, const sw_mat3 *ra, sw_overlap_result *out)
{
	if (r->sep0)
		*out = (sw_overlap_result){SW_MISS, r->sep_id, r->sep_gap, sw_mat3_mul(ra, r->sep_n)};
	else
		*out = (sw_overlap_result){SW_HIT, r->best_id, 0.0f - r->best, sw_mat3_mul(ra, r->best_n)};
	return out->status;
}

/* ---- one pair, prepared: what every tier's pair loop starts from ---- */
typedef struct sw_hull_pair {
	const sw_hull_view *a;
	const sw_hull_view *b; /* B's packed hull (local frame); NULL for a triangle */
	sw_mat3 ra, rab;       /* A's rotation; B's rotation in A's frame */
	sw_vec3 p;             /* B's origin in A's frame */
	sw_vec3 v;             /* B's motion relative to A, A's frame (0 for the static query) */
	int front;             /* one-sided triangle approached from its front (1 otherwise) */
} sw_hull_pair;

/* the prepared pair from poses (single-pair API and batches): 0 on a bad pose or displacement, 2
 * when `sweep` and the bounding spheres stay apart (a plain MISS), else 1 */
int sw_hull_pair_setup(sw_hull_pair *pr, const sw_hull_view *a, sw_vec3 pa, sw_quat qa, sw_vec3 da,
		       const sw_hull_view *b, sw_vec3 pb, sw_quat qb, sw_vec3 db, int sweep);
/* the same for a triangle B (world space, displacement dt), whose side goes to `tri` from `mem` */
int sw_hull_pair_setup_tri(sw_hull_pair *pr, const sw_hull_view *a, sw_vec3 pa, sw_quat qa, sw_vec3 da,
			   const sw_tri3 *t, sw_vec3 dt, int one_sided, float *mem, sw_hull_bside *tri);

#endif
