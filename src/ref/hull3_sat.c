/* src/ref/hull3_sat.c — moving separating-axis test and static overlap for a convex hull (A) against a
 * convex hull, an oriented box or a triangle (B): the scalar reference.
 *
 * Method. Two convex polyhedra are disjoint exactly when some face normal of their Minkowski
 * difference M = A ⊕ (−B) separates them (the SAT; Gottschalk, Lin, Manocha 1996; Ericson, RTCD
 * 5.2.1). M's face normals are A's face normals, B's face normals reversed, and ±(u_a × u_b)/|·| for
 * exactly those edge pairs whose arcs on the Gauss map cross: A's edge spans the arc between the
 * normals of its two faces (a0, a1), B's edge, seen in −B, the arc between −b0 and −b1 (Gregorius,
 * "The Separating Axis Test between convex polyhedra", GDC 2013). With BA and DC the poles of the two
 * arcs' great circles, the arcs cross iff
 *   (b0·BA)(b1·BA) < 0,  (a0·DC)(a1·DC) < 0  and  (b0·BA)(a1·DC) < 0,
 * the first two saying each arc straddles the other's great circle, the third that they do so in the
 * same hemisphere (Gregorius' CBA·DBA < 0, ADC·BDC < 0, CBA·BDC > 0 with c = −b0, d = −b1). The
 * poles are −u_a and −u_b (src/hull3_view.h: a positive multiple of a1 × a0, resp. b1 × b0, but
 * accurate to an ulp even for the short arc of a nearly flat edge, whose a1 × a0 is not). Pure
 * translation does not change M's faces, so the pruning holds for the whole sweep. Before the test,
 * whole edges are dropped: the Gauss map of −B is cut into regions, one per vertex of B (the
 * directions along which that vertex is B's lowest point), each convex; when the normals of A's two
 * faces at edge i have the same lowest vertex of B (the face loop below records it, first index among
 * ties), A's arc lies inside one region and crosses no arc of B. The same holds for B's edges against
 * A's regions (B a hull or a box; a triangle's arcs are half circles).
 *
 * Directions and gaps. Each direction n is unit and oriented from A towards B. The gap along n is
 *   g(t) = min_B n·b − max_A n·a + (n·v)·t         (v: B's motion relative to A),
 * where max_A n·a is A's face offset d for A's faces and min_B n·b is n·(a vertex of the face) for
 * B's. An edge pair's direction is n = σ·c/|c| with c = u_a × u_b formed as sw_hv_edge_cross does
 * (a relative error of a few ulps at every angle θ between the edges) and σ = ±1 read off the arc
 * test: its crossing point lies on A's arc at q = |y1|·a0 + |y0|·a1 (y_k = a_k·DC, of opposite signs),
 * and q·(BA × DC) has the sign of y1, with BA × DC a positive multiple of u_a × u_b; so σ = s(y1), no
 * centroid or thickness involved. The edge pair's gap is either
 *   - n·(b_e0 − a_e0), the distance between the two edges' lines, when |c|² ≥ SW_HULL_NEAR_PARALLEL
 *     (θ ≥ 30°); or
 *   - min_B n·b − max_A n·a over every vertex of both shapes below it.
 * The first is the true gap along n only while n lies on both arcs (each edge then supports its
 * shape along n); rounding moves n along the arcs by ~ulp/sin θ, so where the arcs cross within that
 * of an arc's end the line gap can exceed the true one by that angle times the shape's extent, at most
 * about 8 ulps of the pair's size at θ ≥ 30° (measured on reflected and twisted hulls: 2.7e-7 of the
 * size; the accuracy bar is 1e-6). The second, full supports, is the true gap along any n: it never
 * reports a separation that is not there, and where n drifts by ~ulp/θ from the face's exact normal,
 * it drifts across that face of M, a parallelogram only ~θ·(edge length) wide in that direction, so
 * the gap loses ~ulp × the edges' length at any θ (and where the drift carries n past an arc's end,
 * the face normal at that end is within the same angle of the exact normal and is tested anyway).
 * Only |c|² = 0 or denormal carries no direction: exactly parallel edges, whose sum is an edge of M,
 * not a face. Rounding near an arc's end can also flip the arc test (an end within a few ulps of the
 * other great circle); the face normal at that end is then within ~ulp/sin θ of the crossing, along
 * the thin direction of M's face, and the same bound holds. The whole-edge pruning errs only where
 * two vertices of the other shape tie along a face normal within rounding, i.e. where an arc's end
 * sits on the other shape's arc: again an end, with the same bound.
 *
 * Times. The shapes touch at t iff every g(t) ≤ 0; each n gives an entry time g/|n·v| (n·v < 0) or an
 * exit time −g/|n·v| (n·v > 0) (Ericson, RTCD 5.5.8 for the moving form): first contact is the latest
 * entry, last contact the earliest exit. Unlike the box and polygon kernels, which keep two
 * fractions, every direction is divided: a hull pair has hundreds of directions, the SIMD kernels
 * visit them in chunks, and a maximum of floats with ties to the lowest feature id (A's faces, B's
 * faces, edge pairs by (i, j)) does not depend on the visiting order (src/hull3_view.h). On overlap
 * at t = 0 the direction of least penetration is the largest g(0) ≤ 0. A's and B's faces are visited
 * before any edge pair; when they already prove a MISS (a separation that never closes, or entry
 * after exit) the edge pairs are skipped, since further directions can only raise the entry time or
 * lower the exit time.
 *
 * Data: both hulls are read packed (src/hull3_view.h: local frame, structure of arrays, unit edge
 * directions from each edge's own vertices, not the merged sw_hull3.dirs). Frame: A's local frame.
 * B's vertices become R_ab·b + p with R_ab = R_aᵀR_b and p = R_aᵀ(p_b − p_a), so world offsets of 1e4
 * cost only the rounding of p_b − p_a; A is used as stored.
 *
 * Flat hulls (two faces, a convex polygon) need no code of their own: they are packed as the prism of
 * no thickness they are the limit of (src/hull3_view.h), whose rims give the in-plane directions and
 * whose edges split each polygon edge's half-great-circle arc at its rim, so the arc tests above hold.
 *
 * Triangle B: a degenerate polytope with two faces, +n (front, face 0) and −n (back, face 1), both
 * through vertex a, and three edges whose two faces are +n and −n. The arc between +n and −n is a
 * half great circle, not determined by its ends, so its test is explicit: edge j (unit u_j, outward
 * in-plane normal m_j = u_j × n) has the normals {cos φ·n + sin φ·m_j : φ ∈ [0, π]} in B, i.e.
 * u_j·d = 0 and m_j·d ≥ 0; in −B, m_j·d ≤ 0. A's arc (a0, a1) crosses the plane u_j·d = 0 iff
 * α = a0·u_j and β = a1·u_j have opposite signs, at q = |β|·a0 + |α|·a1; the pair is a face of M
 * iff moreover q·m_j < 0 (α, β of opposite signs meaning s(α)·s(β) < 0), and then σ = −s(β) (as
 * above with the pole u_j in place of DC = −u_b). One-sided: as sw_obb3_tri3_sweep (doc/numerics.md).
 *
 * The SIMD kernels (kernels/hull3_sat_tmpl.c) compute every quantity with these operations in this
 * order; only the visiting order of the directions differs, which the rules above make irrelevant. */
#include "ref/hull3_ref.h"
#include "alloc.h"
#include "hull3_int.h"
#include "hull3_view.h"
#include "ref/ref.h"

#include <float.h>
#include <stdlib.h>
#include <math.h>

/* B's rows in A's frame: points R_ab·x + p, directions R_ab·x, over the padded lanes too (they repeat
 * element 0, so they stay copies of B's first vertex, face and edge) */
static void xf_rows(const sw_mat3 *m, sw_vec3 p, int with_p, const float *x, const float *y, const float *z, size_t n,
		    float *ox, float *oy, float *oz)
{
	const sw_vec3 *c = m->col;
	for (size_t k = 0; k < n; k++) {
		float a = (c[0].x * x[k] + c[1].x * y[k]) + c[2].x * z[k];
		float b = (c[0].y * x[k] + c[1].y * y[k]) + c[2].y * z[k];
		float d = (c[0].z * x[k] + c[1].z * y[k]) + c[2].z * z[k];
		ox[k] = with_p ? a + p.x : a, oy[k] = with_p ? b + p.y : b, oz[k] = with_p ? d + p.z : d;
	}
}

static void bside_hull(const sw_hull_pair *pr, float *mem, sw_hull_bside *s)
{
	const sw_hull_view *b = pr->b;
	sw_hull_bside_init(s, b->nv, b->nf, b->ne, b->ef, 0, mem);
	const float *v = b->v, *f = b->f, *e = b->e;
	size_t vs = s->vs, fs = s->fs, es = s->es;
	xf_rows(&pr->rab, pr->p, 1, v, v + vs, v + 2 * vs, vs, s->v, s->v + vs, s->v + 2 * vs);
	xf_rows(&pr->rab, pr->p, 0, f, f + fs, f + 2 * fs, fs, s->f, s->f + fs, s->f + 2 * fs);
	xf_rows(&pr->rab, pr->p, 1, f + SW_HV_PX * fs, f + SW_HV_PY * fs, f + SW_HV_PZ * fs, fs, s->f + 3 * fs,
		s->f + 4 * fs, s->f + 5 * fs);
	/* unit directions and first vertices (B's rows 0..2 and 6..8; 3..5 are a triangle's) */
	xf_rows(&pr->rab, pr->p, 0, e, e + es, e + 2 * es, es, s->e, s->e + es, s->e + 2 * es);
	xf_rows(&pr->rab, pr->p, 1, e + SW_HV_OX * es, e + SW_HV_OY * es, e + SW_HV_OZ * es, es, s->e + SW_HB_OX * es,
		s->e + SW_HB_OY * es, s->e + SW_HB_OZ * es);
}

static sw_vec3 row3(const float *base, size_t stride, size_t k)
{
	return sw_v3(base[k], base[stride + k], base[2 * stride + k]);
}

static float dot3(sw_vec3 a, sw_vec3 b) { return (a.x * b.x + a.y * b.y) + a.z * b.z; }

static sw_vec3 neg3(sw_vec3 a) { return sw_v3(-a.x, -a.y, -a.z); }

/* opposite signs, neither zero */
static int opposite(float x, float y) { return (x < 0.0f && y > 0.0f) || (x > 0.0f && y < 0.0f); }

/* A's faces, then B's faces; with each face the first vertex of the other hull that supports it (the
 * region of the other hull's Gauss map its normal lies in), for the edge pruning below */
static void faces(const sw_hull_view *a, const sw_hull_bside *b, sw_vec3 v, sw_hull_red *r, int *sup_a, int *sup_b)
{
	for (uint32_t f = 0; f < a->nf; f++) {
		sw_vec3 n = row3(a->f, a->fs, f);
		float lo = dot3(n, row3(b->v, b->vs, 0));
		int at = 0;
		for (uint32_t k = 1; k < b->nv; k++) {
			float p = dot3(n, row3(b->v, b->vs, k));
			if (p < lo)
				lo = p, at = (int)k;
		}
		sup_a[f] = at;
		sw_hull_red_visit(r, SW_HULL_FEATURE_FACE_A | f, n, lo - a->f[SW_HV_FD * a->fs + f], v);
	}
	for (uint32_t g = 0; g < b->nf; g++) {
		sw_vec3 n = neg3(row3(b->f, b->fs, g));
		float hi = dot3(n, row3(a->v, a->vs, 0));
		int at = 0;
		for (uint32_t k = 1; k < a->nv; k++) {
			float p = dot3(n, row3(a->v, a->vs, k));
			if (p > hi)
				hi = p, at = (int)k;
		}
		sup_b[g] = at;
		sw_hull_red_visit(r, SW_HULL_FEATURE_FACE_B | g, n, dot3(n, row3(b->f + 3 * b->fs, b->fs, g)) - hi, v);
	}
}

/* whether edge i of A and edge j of B make a face of A ⊕ (−B) (the file comment): 0 if not, else the
 * sign σ for which σ·(u_a × u_b) is that face's normal, oriented from A to B */
static int arcs_cross(const sw_hull_view *a, uint32_t i, const sw_hull_bside *b, uint32_t j)
{
	sw_vec3 a0 = row3(a->f, a->fs, (size_t)a->ef[i]), a1 = row3(a->f, a->fs, (size_t)a->ef[a->es + i]);
	if (b->tri) {
		sw_vec3 u = row3(b->e, b->es, j), m = row3(b->e + SW_HB_MX * b->es, b->es, j);
		float al = dot3(a0, u), be = dot3(a1, u);
		float fa = fabsf(al), fb = fabsf(be);
		sw_vec3 q = sw_v3(fb * a0.x + fa * a1.x, fb * a0.y + fa * a1.y, fb * a0.z + fa * a1.z);
		return opposite(al, be) && dot3(q, m) < 0.0f ? (be > 0.0f ? -1 : 1) : 0;
	}
	/* the arcs' poles −u (src/hull3_view.h) */
	sw_vec3 arc_a = neg3(row3(a->e, a->es, i)), arc_b = neg3(row3(b->e, b->es, j));
	sw_vec3 m0 = row3(b->f, b->fs, (size_t)b->ef[j]), m1 = row3(b->f, b->fs, (size_t)b->ef[b->es + j]);
	float x0 = dot3(m0, arc_a), x1 = dot3(m1, arc_a);
	float y0 = dot3(a0, arc_b), y1 = dot3(a1, arc_b);
	return opposite(x0, x1) && opposite(y0, y1) && opposite(x0, y1) ? (y1 > 0.0f ? 1 : -1) : 0;
}

/* min (or max) of n·x over the rows' first `count` points */
static float min_rows(const float *x, size_t stride, uint32_t count, sw_vec3 n, int want_max)
{
	float lo = dot3(n, row3(x, stride, 0));
	for (uint32_t k = 1; k < count; k++) {
		float p = dot3(n, row3(x, stride, k));
		lo = want_max ? (p > lo ? p : lo) : (p < lo ? p : lo);
	}
	return lo;
}

/* min_B n·b − max_A n·a over every vertex of both: the gap along any n, honest for any n */
static float full_gap(const sw_hull_view *a, const sw_hull_bside *b, sw_vec3 n)
{
	return min_rows(b->v, b->vs, b->nv, n, 0) - min_rows(a->v, a->vs, a->nv, n, 1);
}

static void edges(const sw_hull_view *a, const sw_hull_bside *b, sw_vec3 v, sw_hull_edges_mode mode, sw_hull_red *r,
		  const int *sup_a, const int *sup_b)
{
	int prune = mode != SW_HULL_EDGES_ALL;
	for (uint32_t i = 0; i < a->ne; i++) {
		if (prune && sup_a[a->ef[i]] == sup_a[a->ef[a->es + i]])
			continue;
		for (uint32_t j = 0; j < b->ne; j++) {
			uint32_t id = SW_HULL_FEATURE_EDGES | i << 8 | j;
			if (prune && !b->tri && sup_b[b->ef[j]] == sup_b[b->ef[b->es + j]])
				continue;
			/* the Gauss-map test first: it rejects most pairs with a few dot products, before any
			 * cross product, square root or division */
			int o = mode == SW_HULL_EDGES_ALL ? 1 : arcs_cross(a, i, b, j);
			if (!o)
				continue;
			sw_vec3 c = sw_hv_edge_cross(row3(a->e, a->es, i), row3(b->e, b->es, j));
			float l2 = dot3(c, c);
			if (!(l2 >= FLT_MIN))
				continue;
			float s = 1.0f / sqrtf(l2);
			sw_vec3 n = sw_v3(c.x * s, c.y * s, c.z * s);
			if (o < 0)
				n = neg3(n);
			if (mode == SW_HULL_EDGES_ALL) {
				/* the plain SAT: both orientations, full projections */
				for (int k = 0; k < 2; k++, n = neg3(n))
					sw_hull_red_visit(r, id, n, full_gap(a, b, n), v);
				continue;
			}
			float g;
			if (l2 < SW_HULL_NEAR_PARALLEL) {
				g = full_gap(a, b, n);
			} else {
				sw_vec3 ob = row3(b->e + SW_HB_OX * b->es, b->es, j),
					oa = row3(a->e + SW_HV_OX * a->es, a->es, i);
				g = dot3(n, sw_v3(ob.x - oa.x, ob.y - oa.y, ob.z - oa.z));
			}
			sw_hull_red_visit(r, id, n, g, v);
		}
	}
}

/* the state over every direction of a prepared pair; the edge pairs are skipped when the faces already
 * decide (a MISS of the sweep, or a separation of the static test) */
static void gaps(const sw_hull_pair *pr, const sw_hull_bside *tri, sw_hull_edges_mode mode, int sweep, sw_hull_red *r)
{
	float mem[SW_HB_MAX_FLOATS];
	sw_hull_bside bs;
	const sw_hull_bside *b = tri;
	if (!b) {
		bside_hull(pr, mem, &bs);
		b = &bs;
	}
	int sup_a[SW_HV_MAX_FACES], sup_b[SW_HV_MAX_FACES];
	sw_hull_red_init(r);
	faces(pr->a, b, pr->v, r, sup_a, sup_b);
	if (sweep ? sw_hull_red_doomed(r, pr->front) : r->sep0)
		return;
	edges(pr->a, b, pr->v, mode, r, sup_a, sup_b);
}

/* the scalar core of a prepared pair, for the reference rows of the batched calls (src/hull3_batch.c) */
void sw_hull3_gaps_ref(const sw_hull_pair *pr, const sw_hull_bside *tri, int sweep, sw_hull_red *r)
{
	gaps(pr, tri, SW_HULL_EDGES_PRUNED, sweep, r);
}

/* what one pair needs beside the core's stack: both hulls packed (a box or a triangle take B's place) */
typedef struct pair_mem {
	_Alignas(64) float fa[SW_HV_MAX_FLOATS];
	_Alignas(64) float fb[SW_HV_MAX_FLOATS];
	_Alignas(64) int32_t ia[SW_HV_MAX_INTS];
	_Alignas(64) int32_t ib[SW_HV_MAX_INTS];
	sw_hull_view a, b;
	sw_hull_bside tri;
} pair_mem;
_Static_assert(sizeof(pair_mem) <= SW_HULL_PAIR_SCRATCH, "a single pair's scratch fits SW_HULL_PAIR_SCRATCH");

/* the answer of a prepared pair (st as sw_hull_pair_setup returned it) */
static void answer(int st, const sw_hull_pair *pr, const sw_hull_bside *tri, sw_hull_edges_mode mode,
		   sw_sweep_result *sweep, sw_overlap_result *overlap)
{
	sw_hull_red r;
	if (st == 1)
		gaps(pr, tri, mode, sweep != NULL, &r);
	if (sweep && st == 0)
		*sweep = sw_sweep_result_invalid();
	else if (sweep && st == 2)
		*sweep = sw_sweep_result_miss();
	else if (sweep)
		sw_hull_red_sweep(&r, &pr->ra, pr->front, sweep);
	else if (st == 0)
		*overlap = sw_overlap_result_invalid();
	else
		sw_hull_red_overlap(&r, &pr->ra, overlap);
}

static void hull_pair(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_hull3 *b, sw_pose3 pb, sw_vec3 db,
		      sw_hull_edges_mode mode, pair_mem *k, sw_sweep_result *sweep, sw_overlap_result *overlap)
{
	sw_hull_view_pack(a, k->fa, k->ia, &k->a);
	sw_hull_view_pack(b, k->fb, k->ib, &k->b);
	sw_hull_pair pr;
	int st = sw_hull_pair_setup(&pr, &k->a, pa.p, pa.q, da, &k->b, pb.p, pb.q, db, sweep != NULL);
	answer(st, &pr, NULL, mode, sweep, overlap);
}

void sw_hull3_pair_checked_(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_hull3 *b, sw_pose3 pb, sw_vec3 db,
			    sw_hull_edges_mode mode, sw_sweep_result *sweep, sw_overlap_result *overlap)
{
	pair_mem *k = sw_alloc(sizeof *k, 64);
	if (!k)
		abort(); /* the test hook has no error to return */
	hull_pair(a, pa, da, b, pb, db, mode, k, sweep, overlap);
	sw_free(k, sizeof *k);
}

static int hull_ok(const sw_hull3 *h) { return sw_hull3_validate_(h, 0, NULL, 0) == SW_HULL_OK; }

/* the single-pair functions: one scratch block from the allocator hook, the hulls checked at every call */
static sw_error single(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const void *b, int kind, sw_pose3 pb, sw_vec3 db,
		       int one_sided, sw_sweep_result *sweep, sw_overlap_result *overlap)
{
	pair_mem *k = sw_alloc(sizeof *k, 64);
	if (!k)
		return SW_ERR_NOMEM;
	sw_hull_pair pr;
	int st = 0;
	if (!hull_ok(a)) {
		st = 0;
	} else if (kind == 0) {
		if (hull_ok(b))
			hull_pair(a, pa, da, b, pb, db, SW_HULL_EDGES_PRUNED, k, sweep, overlap);
		else
			answer(0, &pr, NULL, SW_HULL_EDGES_PRUNED, sweep, overlap);
		sw_free(k, sizeof *k);
		return SW_OK;
	} else if (kind == 1) {
		sw_box3 box = sw_box3_of(b, pb);
		if (sw_obb3_valid_ref(&box, db)) {
			sw_hull_view_pack(a, k->fa, k->ia, &k->a);
			sw_hull_view_box(box.half, k->fb, k->ib, &k->b);
			st = sw_hull_pair_setup(&pr, &k->a, pa.p, pa.q, da, &k->b, pb.p, pb.q, db, sweep != NULL);
		}
	} else {
		sw_hull_view_pack(a, k->fa, k->ia, &k->a);
		st = sw_hull_pair_setup_tri(&pr, &k->a, pa.p, pa.q, da, b, db, one_sided, k->fb, &k->tri);
	}
	answer(st, &pr, kind == 2 ? &k->tri : NULL, SW_HULL_EDGES_PRUNED, sweep, overlap);
	sw_free(k, sizeof *k);
	return SW_OK;
}

static const sw_pose3 identity = {{0, 0, 0}, {0, 0, 0, 1}};

sw_error sw_hull3_sweep(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_hull3 *b, sw_pose3 pb, sw_vec3 db,
			sw_sweep_result *out)
{
	return a && b && out ? single(a, pa, da, b, 0, pb, db, 0, out, NULL) : SW_ERR_NULL;
}

sw_error sw_hull3_overlap(const sw_hull3 *a, sw_pose3 pa, const sw_hull3 *b, sw_pose3 pb, sw_overlap_result *out)
{
	const sw_vec3 zero = {0, 0, 0};
	return a && b && out ? single(a, pa, zero, b, 0, pb, zero, 0, NULL, out) : SW_ERR_NULL;
}

sw_error sw_hull3_obb3_sweep(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_obb3 *b, sw_pose3 pb, sw_vec3 db,
			     sw_sweep_result *out)
{
	return a && b && out ? single(a, pa, da, b, 1, pb, db, 0, out, NULL) : SW_ERR_NULL;
}

sw_error sw_hull3_obb3_overlap(const sw_hull3 *a, sw_pose3 pa, const sw_obb3 *b, sw_pose3 pb, sw_overlap_result *out)
{
	const sw_vec3 zero = {0, 0, 0};
	return a && b && out ? single(a, pa, zero, b, 1, pb, zero, 0, NULL, out) : SW_ERR_NULL;
}

sw_error sw_hull3_tri3_sweep(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt,
			     const sw_sweep_opts *opts, sw_sweep_result *out)
{
	int one_sided = opts && opts->one_sided;
	return a && t && out ? single(a, pa, da, t, 2, identity, dt, one_sided, out, NULL) : SW_ERR_NULL;
}

sw_error sw_hull3_tri3_overlap(const sw_hull3 *a, sw_pose3 pa, const sw_tri3 *t, sw_overlap_result *out)
{
	const sw_vec3 zero = {0, 0, 0};
	return a && t && out ? single(a, pa, zero, t, 2, identity, zero, 0, NULL, out) : SW_ERR_NULL;
}
