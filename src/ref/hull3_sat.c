/* src/ref/hull3_sat.c — moving separating-axis test and static overlap for a convex hull (A) against a
 * convex hull, an oriented box or a triangle (B): the scalar reference.
 *
 * Method. Two convex polyhedra are disjoint exactly when some face normal of their Minkowski
 * difference M = A ⊕ (−B) separates them (the SAT; Gottschalk, Lin, Manocha 1996; Ericson, RTCD
 * 5.2.1). M's face normals are A's face normals, B's face normals reversed, and n = ±(a_e × b_e)/|·|
 * for exactly those edge pairs whose arcs on the Gauss map cross: A's edge spans the arc between
 * the normals of its two faces (a0, a1), B's edge, seen in −B, the arc between −b0 and −b1
 * (Gregorius, "The Separating Axis Test between convex polyhedra", GDC 2013). With BA = a1 × a0 and
 * DC = b1 × b0 (both along their edge) the arcs cross iff
 *   (b0·BA)(b1·BA) < 0,  (a0·DC)(a1·DC) < 0  and  (b0·BA)(a1·DC) < 0,
 * the first two saying each arc straddles the other's great circle, the third that they do so in the
 * same hemisphere (Gregorius' CBA·DBA < 0, ADC·BDC < 0, CBA·BDC > 0 with c = −b0, d = −b1). Pure
 * translation does not change M's faces, so the pruning holds for the whole sweep. A pair outside
 * the test is not a face of M: its direction could only report a separation that a face of M also
 * reports. At the arcs' ends (a product exactly 0 or rounding to either side) the edge direction
 * coincides with a face normal of A or B, which is tested anyway.
 *
 * Each direction n is unit and oriented from A towards B: an edge axis so that
 * n·(a_e0 − A's centroid) > 0 (n then lies on A's arc and A's edge is A's support along n, B's edge
 * B's lowest point). The gap along n is
 *   g(t) = min_B n·b − max_A n·a + (n·v)·t         (v: B's motion relative to A),
 * where max_A n·a is A's face offset d for A's faces, min_B n·b is n·(a vertex of the face) for B's,
 * and g = n·(b_e0 − a_e0) for an edge pair. The shapes touch at t iff every g(t) ≤ 0; each n gives
 * an entry time (n·v < 0) or an exit time (n·v > 0) as in ref/poly2_sat.c (Ericson, RTCD 5.5.8 for
 * the moving form): first contact is the latest entry, last contact the earliest exit, kept as
 * fractions compared by cross-multiplying and divided once at the end. On overlap at t = 0 the
 * direction of least penetration is the largest g(0) ≤ 0. Ties go to the first direction in
 * feature-id order (A's faces, B's faces, edge pairs by (i, j)).
 *
 * Edges: the unit direction of each edge is (v1 − v0)/|v1 − v0| from its own vertices (not the
 * merged sw_hull3.dirs, which may differ by SW_HULL_DIR_EPS and would tilt the axis). A pair with
 * |a_e × b_e|² < SW_PARALLEL_EPS is skipped (within ~1e-3 rad of parallel): skipping a direction can
 * only report contact early, never a false separation, and the faces bound the shapes there.
 *
 * Frame: A's local frame. B's vertices become R_ab·b + p with R_ab = R_aᵀR_b and p = R_aᵀ(p_b − p_a),
 * so world offsets of 1e4 cost only the rounding of p_b − p_a; A is used as stored.
 *
 * Triangle B: a degenerate polytope with two faces, +n (front, face 0) and −n (back, face 1), both
 * through vertex a, and three edges whose two faces are +n and −n. The arc between +n and −n is a
 * half great circle, not determined by its ends, so its test is explicit: edge j (unit u_j, outward
 * in-plane normal m_j = u_j × n) has the normals {cos φ·n + sin φ·m_j : φ ∈ [0, π]} in B, i.e.
 * u_j·d = 0 and m_j·d ≥ 0; in −B, m_j·d ≤ 0. A's arc (a0, a1) crosses the plane u_j·d = 0 iff
 * α = a0·u_j and β = a1·u_j have opposite signs, at q = |β|·a0 + |α|·a1; the pair is a face of M
 * iff moreover q·m_j < 0. One-sided: as sw_obb3_tri3_sweep (doc/numerics.md).
 *
 * The SIMD kernels (kernels/hull3_sat_tmpl.c) repeat these operations in this order, lane-wise. */
#include "ref/hull3_ref.h"
#include "ref/ref.h"

#include <math.h>

#define MAXV SW_HULL_MAX_VERTS
#define MAXF SW_HULL_MAX_FACES
#define MAXE SW_HULL_MAX_EDGES

/* |x| ≤ SW_MAX_COORD is false for NaN and ±Inf */
static int in_range(float x) { return fabsf(x) <= SW_MAX_COORD; }
static int v3_ok(sw_vec3 v) { return in_range(v.x) && in_range(v.y) && in_range(v.z); }

/* unit within SW_QUAT_TOL, as sw_obb3_valid_ref; NaN and Inf fail the compare */
static int quat_ok(sw_quat q)
{
	float n2 = ((q.x * q.x + q.y * q.y) + q.z * q.z) + q.w * q.w;
	return fabsf(n2 - 1.0f) <= SW_QUAT_TOL;
}

static sw_vec3 neg3(sw_vec3 a) { return sw_v3(-a.x, -a.y, -a.z); }

static sw_vec3 unit3(sw_vec3 e)
{
	float l = sqrtf(sw_v3_dot(e, e));
	return sw_v3(e.x / l, e.y / l, e.z / l);
}

/* A in its own frame, with what its edges need */
typedef struct side_a {
	const sw_hull3 *h;
	sw_vec3 eu[MAXE];  /* unit edge direction */
	sw_vec3 ec[MAXE];  /* first vertex − centroid: orients edge axes outwards */
	sw_vec3 arc[MAXE]; /* n_f1 × n_f0, along the edge */
} side_a;

/* B in A's frame */
typedef struct side_b {
	uint32_t nv, nf, ne;
	int tri;
	sw_vec3 v[MAXV];            /* vertices */
	sw_vec3 fn[MAXF];           /* outward unit face normals */
	sw_vec3 fv[MAXF];           /* a vertex of each face (its loop's first) */
	sw_vec3 eu[MAXE];           /* unit edge directions */
	sw_vec3 ev[MAXE];           /* first vertex of each edge */
	sw_vec3 arc[MAXE];          /* hull: n_f1 × n_f0; triangle: the outward in-plane edge normal */
	uint8_t f0[MAXE], f1[MAXE]; /* the edge's two faces */
} side_b;

static void side_a_build(const sw_hull3 *h, side_a *s)
{
	s->h = h;
	for (uint32_t i = 0; i < h->num_edges; i++) {
		const sw_hull_edge *e = &h->edges[i];
		sw_vec3 v0 = h->verts[e->v[0]];
		s->eu[i] = unit3(sw_v3_sub(h->verts[e->v[1]], v0));
		s->ec[i] = sw_v3_sub(v0, h->centroid);
		s->arc[i] = sw_v3_cross(h->faces[e->f[1]].normal, h->faces[e->f[0]].normal);
	}
}

/* R_a, R_ab = R_aᵀR_b (column k = R_aᵀ·column k of R_b) and p = R_aᵀ(p_b − p_a) */
static void frame_ab(sw_vec3 pa, sw_quat qa, sw_vec3 pb, sw_quat qb, sw_mat3 *ra, sw_mat3 *rab, sw_vec3 *p)
{
	*ra = sw_mat3_from_quat(qa);
	sw_mat3 rb = sw_mat3_from_quat(qb);
	for (int k = 0; k < 3; k++)
		rab->col[k] = sw_mat3_tmul(ra, rb.col[k]);
	*p = sw_mat3_tmul(ra, sw_v3_sub(pb, pa));
}

static void side_b_hull(const sw_hull3 *h, const sw_mat3 *rab, sw_vec3 p, side_b *s)
{
	s->nv = h->num_verts, s->nf = h->num_faces, s->ne = h->num_edges, s->tri = 0;
	for (uint32_t k = 0; k < h->num_verts; k++)
		s->v[k] = sw_v3_add(sw_mat3_mul(rab, h->verts[k]), p);
	for (uint32_t g = 0; g < h->num_faces; g++) {
		s->fn[g] = sw_mat3_mul(rab, h->faces[g].normal);
		s->fv[g] = s->v[h->face_verts[h->faces[g].first]];
	}
	for (uint32_t j = 0; j < h->num_edges; j++) {
		const sw_hull_edge *e = &h->edges[j];
		s->eu[j] = sw_mat3_mul(rab, unit3(sw_v3_sub(h->verts[e->v[1]], h->verts[e->v[0]])));
		s->ev[j] = s->v[e->v[0]];
		s->f0[j] = e->f[0], s->f1[j] = e->f[1];
		s->arc[j] = sw_v3_cross(s->fn[e->f[1]], s->fn[e->f[0]]);
	}
}

/* the triangle in A's frame; edges are formed and normalised in world space, then rotated */
static void side_b_tri(const sw_tri3 *t, const sw_mat3 *ra, sw_vec3 pa, side_b *s)
{
	const sw_vec3 w[3] = {t->a, t->b, t->c};
	s->nv = 3, s->nf = 2, s->ne = 3, s->tri = 1;
	for (int k = 0; k < 3; k++)
		s->v[k] = sw_mat3_tmul(ra, sw_v3_sub(w[k], pa));
	for (int j = 0; j < 3; j++) {
		s->eu[j] = sw_mat3_tmul(ra, unit3(sw_v3_sub(w[(j + 1) % 3], w[j])));
		s->ev[j] = s->v[j];
		s->f0[j] = 0, s->f1[j] = 1;
	}
	/* u2 × u0 points along (b − a) × (c − a) */
	sw_vec3 n = unit3(sw_v3_cross(s->eu[2], s->eu[0]));
	s->fn[0] = n, s->fn[1] = neg3(n);
	s->fv[0] = s->fv[1] = s->v[0];
	for (int j = 0; j < 3; j++)
		s->arc[j] = sw_v3_cross(s->eu[j], n);
}

/* min (or max) of d·x over the points */
static float min_dot(const sw_vec3 *x, uint32_t n, sw_vec3 d)
{
	float lo = sw_v3_dot(d, x[0]);
	for (uint32_t k = 1; k < n; k++) {
		float p = sw_v3_dot(d, x[k]);
		lo = p < lo ? p : lo;
	}
	return lo;
}

static float max_dot(const sw_vec3 *x, uint32_t n, sw_vec3 d)
{
	float hi = sw_v3_dot(d, x[0]);
	for (uint32_t k = 1; k < n; k++) {
		float p = sw_v3_dot(d, x[k]);
		hi = p > hi ? p : hi;
	}
	return hi;
}

/* whether edge i of A and edge j of B make a face of A ⊕ (−B) (the file comment) */
static int arcs_cross(const side_a *a, uint32_t i, const side_b *b, uint32_t j)
{
	const sw_hull_edge *e = &a->h->edges[i];
	sw_vec3 a0 = a->h->faces[e->f[0]].normal, a1 = a->h->faces[e->f[1]].normal;
	if (b->tri) {
		float al = sw_v3_dot(a0, b->eu[j]), be = sw_v3_dot(a1, b->eu[j]);
		float fa = fabsf(al), fb = fabsf(be);
		sw_vec3 q = sw_v3(fb * a0.x + fa * a1.x, fb * a0.y + fa * a1.y, fb * a0.z + fa * a1.z);
		return al * be < 0.0f && sw_v3_dot(q, b->arc[j]) < 0.0f;
	}
	sw_vec3 m0 = b->fn[b->f0[j]], m1 = b->fn[b->f1[j]];
	float x0 = sw_v3_dot(m0, a->arc[i]), x1 = sw_v3_dot(m1, a->arc[i]);
	float y0 = sw_v3_dot(a0, b->arc[j]), y1 = sw_v3_dot(a1, b->arc[j]);
	return x0 * x1 < 0.0f && y0 * y1 < 0.0f && x0 * y1 < 0.0f;
}

/* bookkeeping over the directions (cf. gap2 in ref/poly2_sat.c) */
typedef struct gap3 {
	float in_num, in_den, out_num, out_den; /* latest entry, earliest exit (den ≥ 0; 0 = ∓∞) */
	uint32_t in_id;
	sw_vec3 in_n;
	int sep0, never; /* separated at t = 0; separated with no motion along the direction */
	uint32_t sep_id; /* first direction separating at t = 0, its gap and normal */
	float sep_gap;
	sw_vec3 sep_n;
	float best; /* largest gap at t = 0: minus the least penetration when overlapping */
	uint32_t best_id;
	sw_vec3 best_n;
} gap3;

/* direction n (unit, from A towards B) with feature id `id` and gap min_B − max_A along it */
static void gap_visit(gap3 *s, uint32_t id, sw_vec3 n, float gap, sw_vec3 v)
{
	float u = sw_v3_dot(n, v);
	int sep = gap > 0;
	if (sep && !s->sep0) {
		s->sep_id = id;
		s->sep_gap = gap;
		s->sep_n = n;
	}
	s->sep0 |= sep;
	if (gap > s->best) {
		s->best = gap;
		s->best_id = id;
		s->best_n = n;
	}
	float a_u = fabsf(u);
	if (!(a_u > SW_TINY_SPEED)) {
		s->never |= sep;
		return;
	}
	if (sw_ref_gap_times(gap, u, a_u, &s->in_num, &s->in_den, &s->out_num, &s->out_den)) {
		s->in_id = id;
		s->in_n = n;
	}
}

/* every direction of the pair in feature-id order; v = B's motion relative to A, in A's frame */
static void gap_all(gap3 *s, const side_a *a, const side_b *b, sw_vec3 v, sw_hull_edges_mode mode)
{
	const sw_hull3 *h = a->h;
	const sw_vec3 zero = {0, 0, 0};
	*s = (gap3){-1.0f, 0.0f, 1.0f, 0.0f, 0, zero, 0, 0, SW_HULL_FEATURE_NONE, 0.0f, zero, -INFINITY, 0, zero};
	for (uint32_t f = 0; f < h->num_faces; f++) {
		sw_vec3 n = h->faces[f].normal;
		gap_visit(s, SW_HULL_FEATURE_FACE_A | f, n, min_dot(b->v, b->nv, n) - h->faces[f].d, v);
	}
	for (uint32_t g = 0; g < b->nf; g++) {
		sw_vec3 n = neg3(b->fn[g]);
		gap_visit(s, SW_HULL_FEATURE_FACE_B | g, n, sw_v3_dot(n, b->fv[g]) - max_dot(h->verts, h->num_verts, n),
			  v);
	}
	for (uint32_t i = 0; i < h->num_edges; i++) {
		for (uint32_t j = 0; j < b->ne; j++) {
			uint32_t id = SW_HULL_FEATURE_EDGES | i << 8 | j;
			/* the Gauss-map test first: it rejects most pairs with a few dot products, before any
			 * cross product, square root or division (the set of pairs visited is the same) */
			if (mode != SW_HULL_EDGES_ALL && !arcs_cross(a, i, b, j))
				continue;
			sw_vec3 c = sw_v3_cross(a->eu[i], b->eu[j]);
			float l2 = sw_v3_dot(c, c);
			if (!(l2 >= SW_PARALLEL_EPS))
				continue;
			sw_vec3 n = sw_v3_scale(c, 1.0f / sqrtf(l2));
			if (mode == SW_HULL_EDGES_ALL) {
				/* the plain SAT: both orientations, full projections */
				for (int k = 0; k < 2; k++, n = neg3(n))
					gap_visit(s, id, n,
						  min_dot(b->v, b->nv, n) - max_dot(h->verts, h->num_verts, n), v);
				continue;
			}
			if (sw_v3_dot(n, a->ec[i]) < 0.0f)
				n = neg3(n);
			gap_visit(s, id, n, sw_v3_dot(n, sw_v3_sub(b->ev[j], h->verts[h->edges[i].v[0]])), v);
		}
	}
}

void sw_hull_sweep_output_invalid(sw_hull_sweep_output *out)
{
	out->status = SW_PAIR_INVALID;
	out->t_first = out->t_last = NAN;
	out->normal = sw_v3(NAN, NAN, NAN);
	out->feature = SW_HULL_FEATURE_NONE;
}

void sw_hull_overlap_output_invalid(sw_hull_overlap_output *out)
{
	*out = (sw_hull_overlap_output){SW_PAIR_INVALID, SW_HULL_FEATURE_NONE, NAN, {NAN, NAN, NAN}};
}

/* the answer from the state; `front` is 0 when a one-sided triangle is not approached from its front */
static sw_status sweep_finish(const gap3 *s, const sw_mat3 *ra, int front, sw_hull_sweep_output *out)
{
	float t_last = s->out_num / s->out_den;
	t_last = t_last < 1.0f ? t_last : 1.0f;
	if (!s->sep0) {
		out->status = SW_STARTS_OVERLAPPED;
		out->t_first = 0.0f;
		out->t_last = t_last;
		out->normal = sw_mat3_mul(ra, s->best_n);
		out->feature = s->best_id;
	} else if (!s->never && s->in_num * s->out_den <= s->out_num * s->in_den && s->in_num <= s->in_den &&
		   s->out_num >= 0.0f && front) {
		out->status = SW_HIT;
		out->t_first = s->in_num / s->in_den;
		out->t_last = t_last;
		out->normal = sw_mat3_mul(ra, s->in_n);
		out->feature = s->in_id;
	} else {
		out->status = SW_MISS;
		out->t_first = out->t_last = 1.0f;
		out->normal = sw_v3(0, 0, 0);
		out->feature = SW_HULL_FEATURE_NONE;
	}
	return out->status;
}

static void overlap_finish(const gap3 *s, const sw_mat3 *ra, sw_hull_overlap_output *out)
{
	if (s->sep0)
		*out = (sw_hull_overlap_output){SW_MISS, s->sep_id, s->sep_gap, sw_mat3_mul(ra, s->sep_n)};
	else
		*out = (sw_hull_overlap_output){SW_HIT, s->best_id, -s->best, sw_mat3_mul(ra, s->best_n)};
}

/* whether the hulls' bounding spheres (centroid, radius) stay apart for all t ∈ [0,1], with a
 * relative margin far above rounding: then the hulls never touch and the answer is the plain MISS
 * the full test would give, for a few dozen flops instead of the O(E_A·E_B) edge loop */
static int spheres_apart(const sw_hull3 *a, const sw_hull3 *b, const sw_mat3 *rab, sw_vec3 p, sw_vec3 v)
{
	sw_vec3 cb = sw_v3_add(sw_mat3_mul(rab, b->centroid), p);
	double d[3] = {(double)cb.x - a->centroid.x, (double)cb.y - a->centroid.y, (double)cb.z - a->centroid.z};
	double w[3] = {v.x, v.y, v.z}, dw = d[0] * w[0] + d[1] * w[1] + d[2] * w[2],
	       ww = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
	double t = ww > 0 ? -dw / ww : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	double c[3] = {d[0] + t * w[0], d[1] + t * w[1], d[2] + t * w[2]};
	double dist = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]), reach = (double)a->radius + b->radius;
	double margin = 1e-4 * (reach + sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) + sqrt(ww));
	return dist > reach + margin;
}

sw_status sw_hull3_sweep_checked_(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_hull3 *b, sw_vec3 pb,
				  sw_quat qb, sw_vec3 db, sw_hull_edges_mode mode, sw_hull_sweep_output *out)
{
	if (!v3_ok(pa) || !v3_ok(pb) || !v3_ok(da) || !v3_ok(db) || !quat_ok(qa) || !quat_ok(qb)) {
		sw_hull_sweep_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	sw_mat3 ra, rab;
	sw_vec3 p;
	frame_ab(pa, qa, pb, qb, &ra, &rab, &p);
	sw_vec3 v = sw_mat3_tmul(&ra, sw_v3_sub(db, da));
	if (spheres_apart(a, b, &rab, p, v)) {
		*out = (sw_hull_sweep_output){SW_MISS, 1.0f, 1.0f, {0, 0, 0}, SW_HULL_FEATURE_NONE};
		return SW_MISS;
	}
	side_a sa;
	side_b sb;
	side_a_build(a, &sa);
	side_b_hull(b, &rab, p, &sb);
	gap3 s;
	gap_all(&s, &sa, &sb, v, mode);
	return sweep_finish(&s, &ra, 1, out);
}

sw_status sw_hull3_overlap_checked_(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_hull3 *b, sw_vec3 pb,
				    sw_quat qb, sw_hull_edges_mode mode, sw_hull_overlap_output *out)
{
	if (!v3_ok(pa) || !v3_ok(pb) || !quat_ok(qa) || !quat_ok(qb)) {
		sw_hull_overlap_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	sw_mat3 ra, rab;
	sw_vec3 p;
	frame_ab(pa, qa, pb, qb, &ra, &rab, &p);
	side_a sa;
	side_b sb;
	side_a_build(a, &sa);
	side_b_hull(b, &rab, p, &sb);
	gap3 s;
	gap_all(&s, &sa, &sb, sw_v3(0, 0, 0), mode);
	overlap_finish(&s, &ra, out);
	return out->status;
}

static int hull_ok(const sw_hull3 *h) { return h && sw_hull3_check(h, NULL, 0); }

sw_status sw_hull3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_hull3 *b, sw_vec3 pb,
			 sw_quat qb, sw_vec3 db, sw_hull_sweep_output *out)
{
	if (!out)
		return SW_PAIR_INVALID;
	if (!hull_ok(a) || !hull_ok(b)) {
		sw_hull_sweep_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	return sw_hull3_sweep_checked_(a, pa, qa, da, b, pb, qb, db, SW_HULL_EDGES_PRUNED, out);
}

sw_status sw_hull3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_hull3 *b, sw_vec3 pb, sw_quat qb,
			   sw_hull_overlap_output *out)
{
	if (!out)
		return SW_PAIR_INVALID;
	if (!hull_ok(a) || !hull_ok(b)) {
		sw_hull_overlap_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	return sw_hull3_overlap_checked_(a, pa, qa, b, pb, qb, SW_HULL_EDGES_PRUNED, out);
}

/* the box as a hull in its own frame (centre 0, no rotation: exact ±half corners and axis normals);
 * 0 when the box breaks the OBB contract */
static int box_hull(const sw_obb3 *b, sw_vec3 db, sw_hull3 *h)
{
	if (!b || !sw_obb3_valid_ref(b, db))
		return 0;
	sw_obb3 local = {{0, 0, 0}, {0, 0, 0, 1}, b->half};
	return sw_hull3_box(&local, h) == SW_HULL_OK;
}

sw_status sw_hull3_obb3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_obb3 *b, sw_vec3 db,
			      sw_hull_sweep_output *out)
{
	if (!out)
		return SW_PAIR_INVALID;
	sw_hull3 hb;
	if (!hull_ok(a) || !box_hull(b, db, &hb)) {
		sw_hull_sweep_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	return sw_hull3_sweep_checked_(a, pa, qa, da, &hb, b->center, b->rot, db, SW_HULL_EDGES_PRUNED, out);
}

sw_status sw_hull3_obb3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_obb3 *b,
				sw_hull_overlap_output *out)
{
	if (!out)
		return SW_PAIR_INVALID;
	sw_hull3 hb;
	if (!hull_ok(a) || !box_hull(b, sw_v3(0, 0, 0), &hb)) {
		sw_hull_overlap_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	return sw_hull3_overlap_checked_(a, pa, qa, &hb, b->center, b->rot, SW_HULL_EDGES_PRUNED, out);
}

/* the hull–triangle state on valid inputs; v = the triangle's motion minus A's, world space */
static void tri_gaps(const sw_hull3 *a, sw_vec3 pa, const sw_mat3 *ra, const sw_tri3 *t, sw_vec3 v, gap3 *s,
		     float *u_front)
{
	side_a sa;
	side_b sb;
	side_a_build(a, &sa);
	side_b_tri(t, ra, pa, &sb);
	sw_vec3 va = sw_mat3_tmul(ra, v);
	gap_all(s, &sa, &sb, va, SW_HULL_EDGES_PRUNED);
	*u_front = sw_v3_dot(sb.fn[0], va);
}

sw_status sw_hull3_tri3_sweep(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt,
			      int one_sided, sw_hull_sweep_output *out)
{
	if (!out)
		return SW_PAIR_INVALID;
	if (!hull_ok(a) || !t || !sw_tri3_valid_ref(t, dt) || !v3_ok(pa) || !v3_ok(da) || !quat_ok(qa)) {
		sw_hull_sweep_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	sw_mat3 ra = sw_mat3_from_quat(qa);
	gap3 s;
	float u_front;
	tri_gaps(a, pa, &ra, t, sw_v3_sub(dt, da), &s, &u_front);
	/* one-sided: the triangle must move towards its front relative to A, i.e. A approach the front */
	return sweep_finish(&s, &ra, !one_sided || u_front > SW_TINY_SPEED, out);
}

sw_status sw_hull3_tri3_overlap(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_tri3 *t,
				sw_hull_overlap_output *out)
{
	if (!out)
		return SW_PAIR_INVALID;
	if (!hull_ok(a) || !t || !sw_tri3_valid_ref(t, sw_v3(0, 0, 0)) || !v3_ok(pa) || !quat_ok(qa)) {
		sw_hull_overlap_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	sw_mat3 ra = sw_mat3_from_quat(qa);
	gap3 s;
	float u_front;
	tri_gaps(a, pa, &ra, t, sw_v3(0, 0, 0), &s, &u_front);
	overlap_finish(&s, &ra, out);
	return out->status;
}
