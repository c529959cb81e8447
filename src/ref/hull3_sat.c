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
 * reports. Before the test, whole edges are dropped: the Gauss map of −B is cut into regions, one
 * per vertex of B (the directions along which that vertex is B's lowest point), each convex; when
 * the normals of A's two faces at edge i have the same lowest vertex of B (the face loop below
 * records it, first index among ties), A's arc lies inside one region and crosses no arc of B. The
 * same holds for B's edges against A's regions (B a hull or a box; a triangle's arcs are half
 * circles). Ties at a region's border are arc ends, covered by the face directions as above. At the arcs' ends (a
 * product exactly 0 or rounding to either side) the edge direction coincides with a face normal of A or B, which is
 * tested anyway.
 *
 * Each direction n is unit and oriented from A towards B: an edge axis so that
 * n·(a_e0 − A's centroid) > 0 (n then lies on A's arc and A's edge is A's support along n, B's edge
 * B's lowest point). The gap along n is
 *   g(t) = min_B n·b − max_A n·a + (n·v)·t         (v: B's motion relative to A),
 * where max_A n·a is A's face offset d for A's faces, min_B n·b is n·(a vertex of the face) for B's,
 * and g = n·(b_e0 − a_e0) for an edge pair. The shapes touch at t iff every g(t) ≤ 0; each n gives
 * an entry time g/|n·v| (n·v < 0) or an exit time −g/|n·v| (n·v > 0) (Ericson, RTCD 5.5.8 for the
 * moving form): first contact is the latest entry, last contact the earliest exit. Unlike the box and
 * polygon kernels, which keep two fractions, every direction is divided: a hull pair has hundreds of
 * directions, the SIMD kernels visit them in chunks, and a maximum of floats with ties to the lowest
 * feature id (A's faces, B's faces, edge pairs by (i, j)) does not depend on the visiting order
 * (src/hull3_view.h). On overlap at t = 0 the direction of least penetration is the largest
 * g(0) ≤ 0. A's and B's faces are visited before any edge pair; when they already prove a MISS (a
 * separation that never closes, or entry after exit) the edge pairs are skipped, since further
 * directions can only raise the entry time or lower the exit time.
 *
 * Edges: the unit direction of each edge is (v1 − v0)/|v1 − v0| from its own vertices (not the
 * merged sw_hull3.dirs, which may differ by SW_HULL_DIR_EPS and would tilt the axis). A pair with
 * |a_e × b_e|² < SW_PARALLEL_EPS is skipped (within ~1e-3 rad of parallel): skipping a direction can
 * only report contact early, never a false separation, and the faces bound the shapes there.
 *
 * Data: both hulls are read packed (src/hull3_view.h: local frame, structure of arrays, unit edge
 * directions and arcs computed once when packed). Frame: A's local frame. B's vertices become R_ab·b + p with R_ab =
 * R_aᵀR_b and p = R_aᵀ(p_b − p_a), so world offsets of 1e4 cost only the rounding of p_b − p_a; A is used as stored.
 *
 * Triangle B: a degenerate polytope with two faces, +n (front, face 0) and −n (back, face 1), both
 * through vertex a, and three edges whose two faces are +n and −n. The arc between +n and −n is a
 * half great circle, not determined by its ends, so its test is explicit: edge j (unit u_j, outward
 * in-plane normal m_j = u_j × n) has the normals {cos φ·n + sin φ·m_j : φ ∈ [0, π]} in B, i.e.
 * u_j·d = 0 and m_j·d ≥ 0; in −B, m_j·d ≤ 0. A's arc (a0, a1) crosses the plane u_j·d = 0 iff
 * α = a0·u_j and β = a1·u_j have opposite signs, at q = |β|·a0 + |α|·a1; the pair is a face of M
 * iff moreover q·m_j < 0 (α, β of opposite signs meaning s(α)·s(β) < 0). One-sided: as sw_obb3_tri3_sweep
 * (doc/numerics.md).
 *
 * The SIMD kernels (kernels/hull3_sat_tmpl.c) compute every quantity with these operations in this
 * order; only the visiting order of the directions differs, which the rules above make irrelevant. */
#include "ref/hull3_ref.h"
#include "alloc.h"
#include "hull3_view.h"
#include "ref/ref.h"

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
	for (int r = 0; r < 3; r++) {
		const float *x = e + (size_t)(3 * r + (r == 2 ? 3 : 0)) * es;
		/* unit direction (rows 0..2), arc (3..5), v0 (9..11 of the packed hull) */
		xf_rows(&pr->rab, pr->p, r == 2, x, x + es, x + 2 * es, es, s->e + 3 * r * es, s->e + (3 * r + 1) * es,
			s->e + (3 * r + 2) * es);
	}
}

static sw_vec3 row3(const float *base, size_t stride, size_t k)
{
	return sw_v3(base[k], base[stride + k], base[2 * stride + k]);
}

static float dot3(sw_vec3 a, sw_vec3 b) { return (a.x * b.x + a.y * b.y) + a.z * b.z; }

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
		sw_vec3 m = row3(b->f, b->fs, g), n = sw_v3(-m.x, -m.y, -m.z);
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

/* whether edge i of A and edge j of B make a face of A ⊕ (−B) (the file comment) */
static int arcs_cross(const sw_hull_view *a, uint32_t i, const sw_hull_bside *b, uint32_t j)
{
	sw_vec3 a0 = row3(a->f, a->fs, (size_t)a->ef[i]), a1 = row3(a->f, a->fs, (size_t)a->ef[a->es + i]);
	if (b->tri) {
		sw_vec3 u = row3(b->e, b->es, j), m = row3(b->e + 3 * b->es, b->es, j);
		float al = dot3(a0, u), be = dot3(a1, u);
		float fa = fabsf(al), fb = fabsf(be);
		sw_vec3 q = sw_v3(fb * a0.x + fa * a1.x, fb * a0.y + fa * a1.y, fb * a0.z + fa * a1.z);
		return opposite(al, be) && dot3(q, m) < 0.0f;
	}
	sw_vec3 arc_a = row3(a->e + SW_HV_AX * a->es, a->es, i), arc_b = row3(b->e + 3 * b->es, b->es, j);
	sw_vec3 m0 = row3(b->f, b->fs, (size_t)b->ef[j]), m1 = row3(b->f, b->fs, (size_t)b->ef[b->es + j]);
	float x0 = dot3(m0, arc_a), x1 = dot3(m1, arc_a);
	float y0 = dot3(a0, arc_b), y1 = dot3(a1, arc_b);
	return opposite(x0, x1) && opposite(y0, y1) && opposite(x0, y1);
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
			if (mode != SW_HULL_EDGES_ALL && !arcs_cross(a, i, b, j))
				continue;
			sw_vec3 ua = row3(a->e, a->es, i), ub = row3(b->e, b->es, j);
			sw_vec3 c =
				sw_v3(ua.y * ub.z - ua.z * ub.y, ua.z * ub.x - ua.x * ub.z, ua.x * ub.y - ua.y * ub.x);
			float l2 = dot3(c, c);
			if (!(l2 >= SW_PARALLEL_EPS))
				continue;
			float s = 1.0f / sqrtf(l2);
			sw_vec3 n = sw_v3(c.x * s, c.y * s, c.z * s);
			if (mode == SW_HULL_EDGES_ALL) {
				/* the plain SAT: both orientations, full projections */
				for (int k = 0; k < 2; k++, n = sw_v3(-n.x, -n.y, -n.z))
					sw_hull_red_visit(r, id, n,
							  min_rows(b->v, b->vs, b->nv, n, 0) -
								  min_rows(a->v, a->vs, a->nv, n, 1),
							  v);
				continue;
			}
			if (dot3(n, row3(a->e + SW_HV_CX * a->es, a->es, i)) < 0.0f)
				n = sw_v3(-n.x, -n.y, -n.z);
			sw_vec3 ob = row3(b->e + 6 * b->es, b->es, j), oa = row3(a->e + SW_HV_OX * a->es, a->es, i);
			sw_hull_red_visit(r, id, n, dot3(n, sw_v3(ob.x - oa.x, ob.y - oa.y, ob.z - oa.z)), v);
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
	int sup_a[SW_HULL_MAX_FACES], sup_b[SW_HULL_MAX_FACES];
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
		sw_hull_sweep_out_miss(sweep);
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

static int hull_ok(const sw_hull3 *h) { return sw_hull3_check(h) == SW_OK; }

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
