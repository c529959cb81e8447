/* tests/test_split_brute.c — polygon and triangle splits on 10⁴ random cases each, against exact
 * rules and the independent double oracle (tests/common/oracle_split.c), and shared-edge meshes split
 * without cracks.
 *
 * Bounds (L: the shape's extent, M: its largest |coordinate|, r = 8·FLT_EPSILON·(M + L), the rounding
 * of a split point off its edge):
 * - areas: |A_front + A_back − A| ≤ 4·r·L: the pieces share their (at most two) split points and tile
 *   the shape, up to each split point's rounding off its edge;
 * - sides: every front vertex has s ≥ −eps − r, every back vertex s ≤ eps + r;
 * - convexity: no corner of a piece turns clockwise with every height of its triangle above r, no two
 *   equal consecutive vertices, positive area, and every piece is valid input to a split again;
 * - oracle: |A_front − A_oracle| ≤ 2·eps·D + the area bound (ON vertices within eps go to both
 *   pieces; D is the shape's diameter);
 * - mass query: areas within the area bound + 1e-6·A of the returned pieces'; centroids within
 *   r·L·(L²/A) + 1e-6·L when A ≥ 1e-3·L²;
 * - meshes: the pieces of all faces, both sides, are watertight again: every directed edge has its
 *   reverse, bit for bit (the shared edges split at the same points, no cracks, no T-junctions). */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oracle_split.h"
#include "scenes.h"

#define NMAX SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS) /* room for any piece */

typedef struct pshape {
	uint32_t n;
	sw_vec3 v[NMAX]; /* z = 0 for 2D */
	double L, M;
} pshape;

static void measure(pshape *s)
{
	s->L = s->M = 0;
	for (uint32_t i = 0; i < s->n; i++) {
		const float *x = &s->v[i].x, *o = &s->v[0].x;
		for (int k = 0; k < 3; k++) {
			s->L = fmax(s->L, fabs((double)x[k] - o[k]));
			s->M = fmax(s->M, fabs(x[k]));
		}
	}
}

/* a random convex polygon: a ring polygon of 3–16 vertices, sometimes flattened to a sliver, turned,
 * moved by off; drawn again when rounding at the offset made two consecutive vertices equal */
static void random_poly2(sc_rng *r, float off, pshape *s)
{
	for (int dup = 1; dup;) {
		sw_poly2 p = sc_poly2(r, 3 + sc_below(r, 14), sc_uniform(r, 0.2f, 3));
		float squash = sc_below(r, 8) == 0 ? 1e-4f : 1, a = sc_uniform(r, 0, 6.2831853f), c = cosf(a),
		      sn = sinf(a);
		sw_vec2 o = {off + sc_uniform(r, -2, 2), -off + sc_uniform(r, -2, 2)};
		s->n = p.count;
		for (uint32_t i = 0; i < p.count; i++) {
			float x = p.v[i].x, y = p.v[i].y * squash;
			s->v[i] = sw_v3(o.x + (c * x - sn * y), o.y + (sn * x + c * y), 0);
		}
		dup = 0;
		for (uint32_t i = 0; i < p.count; i++)
			dup |= !memcmp(&s->v[i], &s->v[(i + 1) % p.count], sizeof(sw_vec3));
	}
	measure(s);
}

static sw_plane2 random_line(sc_rng *r, const pshape *s)
{
	float lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
	for (uint32_t i = 0; i < s->n; i++) {
		lo[0] = fminf(lo[0], s->v[i].x), hi[0] = fmaxf(hi[0], s->v[i].x);
		lo[1] = fminf(lo[1], s->v[i].y), hi[1] = fmaxf(hi[1], s->v[i].y);
	}
	sw_plane2 l = {{sc_uniform(r, lo[0], hi[0]), sc_uniform(r, lo[1], hi[1])},
		       {sc_uniform(r, -1, 1), sc_uniform(r, -1, 1)}};
	if (sc_below(r, 16) == 0) /* through a vertex */
		l.p = sw_v2(s->v[0].x, s->v[0].y);
	return l;
}

static float random_eps(sc_rng *r, double L)
{
	static const float rel[4] = {0, 0, 1e-6f, 1e-2f};
	return rel[sc_below(r, 4)] * (float)L;
}

/* no equal consecutive vertices, no corner turning clockwise (about nrm; 2D: +z) with all three
 * heights of its triangle above tol */
static void piece_shape_ok(const sw_vec3 *w, uint32_t m, const double nrm[3], double tol, const char *what, int it)
{
	cr_assert(m == 0 || m >= 3, "case %d %s: %u vertices", it, what, m);
	for (uint32_t i = 0; i < m; i++) {
		sw_vec3 a = w[(i + m - 1) % m], b = w[i], c = w[(i + 1) % m];
		cr_assert(memcmp(&b, &c, sizeof b), "case %d %s: vertices %u and %u equal", it, what, i, (i + 1) % m);
		double ab[3] = {(double)b.x - a.x, (double)b.y - a.y, (double)b.z - a.z};
		double ac[3] = {(double)c.x - a.x, (double)c.y - a.y, (double)c.z - a.z};
		double bc[3] = {ac[0] - ab[0], ac[1] - ab[1], ac[2] - ab[2]};
		double x[3] = {ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2],
			       ab[0] * ac[1] - ab[1] * ac[0]};
		double cr = x[0] * nrm[0] + x[1] * nrm[1] + x[2] * nrm[2];
		double lng = sqrt(fmax(fmax(ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2],
					    ac[0] * ac[0] + ac[1] * ac[1] + ac[2] * ac[2]),
				       bc[0] * bc[0] + bc[1] * bc[1] + bc[2] * bc[2]));
		cr_assert(cr >= -tol * lng, "case %d %s: corner %u reflex by %g (tol %g)", it, what, i, -cr / lng, tol);
	}
}

/* ---- 2D polygons ---- */

typedef struct run2 {
	sw_split_output o;
	sw_vec2 f[NMAX], b[NMAX];
	sw_split_mass2 m;
} run2;

static void to2(const pshape *s, sw_vec2 *v)
{
	for (uint32_t i = 0; i < s->n; i++)
		v[i] = sw_v2(s->v[i].x, s->v[i].y);
}

static void check2(const pshape *s, sw_plane2 l, float eps, const run2 *R, int it)
{
	sw_vec2 v[NMAX];
	sw_vec3 w[NMAX];
	to2(s, v);
	double c[2], cf[2], cb[2], zc[3] = {0, 0, 1}, r = 8 * FLT_EPSILON * (s->M + s->L);
	double A = or_area2(v, s->n, c), ab = 4 * r * s->L;
	double Af = R->o.front_count ? or_area2(R->f, R->o.front_count, cf) : 0;
	double Ab = R->o.back_count ? or_area2(R->b, R->o.back_count, cb) : 0;
	cr_assert_neq(R->o.status, SW_PAIR_INVALID, "case %d", it);
	cr_assert_eq(R->o.status == SW_HIT, R->o.cls == SW_SPLIT_STRADDLE);
	cr_assert(fabs(Af + Ab - A) <= ab, "case %d: areas %.9g + %.9g vs %.9g (bound %g)", it, Af, Ab, A, ab);
	for (uint32_t i = 0; i < R->o.front_count; i++)
		cr_assert(or_dist2(l, R->f[i]) >= -eps - r, "case %d: front vertex %u at %g", it, i,
			  or_dist2(l, R->f[i]));
	for (uint32_t i = 0; i < R->o.back_count; i++)
		cr_assert(or_dist2(l, R->b[i]) <= eps + r, "case %d: back vertex %u at %g", it, i,
			  or_dist2(l, R->b[i]));
	for (uint32_t i = 0; i < R->o.front_count; i++)
		w[i] = sw_v3(R->f[i].x, R->f[i].y, 0);
	piece_shape_ok(w, R->o.front_count, zc, r, "front", it);
	for (uint32_t i = 0; i < R->o.back_count; i++)
		w[i] = sw_v3(R->b[i].x, R->b[i].y, 0);
	piece_shape_ok(w, R->o.back_count, zc, r, "back", it);
	cr_assert(Af >= -ab && Ab >= -ab, "case %d: a piece winds clockwise", it);
	double D = 2.9 * s->L, oc[2];
	double of = or_clip_area2(v, s->n, l, 1, oc), ob = or_clip_area2(v, s->n, l, -1, oc);
	cr_assert(fabs(Af - of) <= 2 * eps * D + ab && fabs(Ab - ob) <= 2 * eps * D + ab,
		  "case %d: pieces %g %g, oracle %g %g", it, Af, Ab, of, ob);
	/* the mass query against the pieces */
	cr_assert(R->m.status == R->o.status && R->m.cls == R->o.cls);
	cr_assert(fabs(R->m.front_area - Af) <= ab + 1e-6 * A && fabs(R->m.back_area - Ab) <= ab + 1e-6 * A,
		  "case %d: mass %g %g, pieces %g %g", it, R->m.front_area, R->m.back_area, Af, Ab);
	double L2 = s->L * s->L;
	if (Af >= 1e-3 * L2)
		cr_assert(hypot(R->m.front_centroid.x - cf[0], R->m.front_centroid.y - cf[1]) <=
				  r * s->L * L2 / Af + 1e-6 * s->L,
			  "case %d: front centroid", it);
	if (Ab >= 1e-3 * L2)
		cr_assert(hypot(R->m.back_centroid.x - cb[0], R->m.back_centroid.y - cb[1]) <=
				  r * s->L * L2 / Ab + 1e-6 * s->L,
			  "case %d: back centroid", it);
}

/* pieces are valid input: split again */
static void resplit2(sc_rng *r, const sw_vec2 *v, uint32_t n, int it)
{
	if (!n)
		return;
	pshape s;
	s.n = n;
	for (uint32_t i = 0; i < n; i++)
		s.v[i] = sw_v3(v[i].x, v[i].y, 0);
	measure(&s);
	sw_vec2 f[NMAX + 1], b[NMAX + 1];
	sw_split_output o;
	sw_poly2_split(v, n, random_line(r, &s), NULL, NULL, n + 1 <= NMAX ? f : NULL, n + 1 <= NMAX ? b : NULL, &o);
	cr_assert_neq(o.status, SW_PAIR_INVALID, "case %d: a piece is refused as input", it);
}

Test(split_brute, poly2_random)
{
	sc_rng r = sc_rng_seed(21);
	int hits = 0;
	for (int it = 0; it < 10000; it++) {
		pshape s;
		random_poly2(&r, it & 1 ? 1e4f : 0, &s);
		sw_vec2 v[NMAX];
		to2(&s, v);
		sw_plane2 l = random_line(&r, &s);
		sw_split_opts o = {.eps = random_eps(&r, s.L)};
		run2 R;
		sw_poly2_split(v, s.n, l, &o, NULL, R.f, R.b, &R.o);
		sw_poly2_split_mass(v, s.n, l, &o, &R.m);
		check2(&s, l, o.eps, &R, it);
		hits += R.o.status == SW_HIT;
		if (R.o.front_count < NMAX)
			resplit2(&r, R.f, R.o.front_count, it);
	}
	cr_expect(hits > 5000, "%d straddling", hits);
}

/* ---- 3D polygons ---- */

Test(split_brute, poly3_random)
{
	sc_rng r = sc_rng_seed(22);
	int hits = 0;
	for (int it = 0; it < 10000; it++) {
		pshape s;
		float off = it & 1 ? 1e4f : 0;
		for (int dup = 1; dup;) { /* drawn again when rounding made two consecutive vertices equal */
			random_poly2(&r, 0, &s);
			sw_mat3 rot = sw_mat3_from_quat(sc_rotation(&r));
			for (uint32_t i = 0; i < s.n; i++)
				s.v[i] = sw_v3_add(sw_mat3_mul(&rot, s.v[i]), sw_v3(off, -off, off));
			dup = 0;
			for (uint32_t i = 0; i < s.n; i++)
				dup |= !memcmp(&s.v[i], &s.v[(i + 1) % s.n], sizeof(sw_vec3));
		}
		measure(&s);
		double nrm[3], c[3], cf[3], r8 = 8 * FLT_EPSILON * (s.M + s.L);
		or_newell(s.v, s.n, nrm);
		sw_plane3 pl = {sw_v3_add(s.v[sc_below(&r, s.n)],
					  sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1))),
				{sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1)}};
		sw_split_opts o = {.eps = random_eps(&r, s.L)};
		sw_vec3 f[NMAX], b[NMAX];
		sw_split_output so;
		sw_split_mass3 m;
		sw_poly3_split(s.v, s.n, pl, &o, NULL, f, b, &so);
		sw_poly3_split_mass(s.v, s.n, pl, &o, &m);
		cr_assert_neq(so.status, SW_PAIR_INVALID, "case %d", it);
		hits += so.status == SW_HIT;
		double A = or_area3(s.v, s.n, nrm, c), ab = 4 * r8 * s.L;
		double Af = so.front_count ? or_area3(f, so.front_count, nrm, cf) : 0;
		double Ab = so.back_count ? or_area3(b, so.back_count, nrm, c) : 0;
		cr_assert(fabs(Af + Ab - A) <= ab, "case %d: areas %.9g + %.9g vs %.9g", it, Af, Ab, A);
		for (uint32_t i = 0; i < so.front_count; i++)
			cr_assert(or_dist3(pl, f[i]) >= -o.eps - r8, "case %d: front vertex %u", it, i);
		for (uint32_t i = 0; i < so.back_count; i++)
			cr_assert(or_dist3(pl, b[i]) <= o.eps + r8, "case %d: back vertex %u", it, i);
		piece_shape_ok(f, so.front_count, nrm, r8, "front", it);
		piece_shape_ok(b, so.back_count, nrm, r8, "back", it);
		double of = or_clip_area3(s.v, s.n, pl, 1, nrm, c), D = 3.5 * s.L;
		if (so.cls != SW_SPLIT_COPLANAR)
			cr_assert(fabs(Af - of) <= 2 * o.eps * D + ab, "case %d: front %g, oracle %g", it, Af, of);
		cr_assert(fabs(m.front_measure - Af) <= ab + 1e-6 * A && fabs(m.back_measure - Ab) <= ab + 1e-6 * A,
			  "case %d: mass %g %g, pieces %g %g", it, m.front_measure, m.back_measure, Af, Ab);
		if (so.front_count) {
			sw_split_output o2;
			sw_poly3_split(f, so.front_count, pl, NULL, NULL, NULL, NULL, &o2);
			cr_assert_neq(o2.status, SW_PAIR_INVALID, "case %d: the front piece is refused as input", it);
		}
	}
	cr_expect(hits > 5000, "%d straddling", hits);
}

/* ---- triangles ---- */

static double tri_signed_area(const sw_tri3 *t, const double nrm[3])
{
	double e1[3] = {(double)t->b.x - t->a.x, (double)t->b.y - t->a.y, (double)t->b.z - t->a.z};
	double e2[3] = {(double)t->c.x - t->a.x, (double)t->c.y - t->a.y, (double)t->c.z - t->a.z};
	double x[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
	return (x[0] * nrm[0] + x[1] * nrm[1] + x[2] * nrm[2]) / 2;
}

Test(split_brute, tri3_random)
{
	sc_rng r = sc_rng_seed(23);
	int hits = 0, pattern[3][3] = {{0}};
	for (int it = 0; it < 10000; it++) {
		float off = it & 1 ? 1e4f : 0;
		pshape s;
		s.n = 3;
		for (int k = 0; k < 3; k++)
			s.v[k] = sw_v3(off + sc_uniform(&r, -2, 2), -off + sc_uniform(&r, -2, 2),
				       off + sc_uniform(&r, -2, 2));
		if (sc_below(&r, 8) == 0) /* a sliver: c next to the line ab */
			s.v[2] = sw_v3_add(sw_v3_add(s.v[0], sw_v3_scale(sw_v3_sub(s.v[1], s.v[0]), 0.3f)),
					   sw_v3(1e-4f, -1e-4f, 1e-4f));
		measure(&s);
		sw_tri3 t = {s.v[0], s.v[1], s.v[2]}, f[2], b[2];
		sw_plane3 pl = {sw_v3_add(s.v[sc_below(&r, 3)],
					  sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1))),
				{sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1)}};
		if (sc_below(&r, 8) == 0) /* through a vertex */
			pl.p = s.v[sc_below(&r, 3)];
		sw_split_opts o = {.eps = random_eps(&r, s.L)};
		float at[9], fa[18], ba[18]; /* attributes: the positions themselves */
		memcpy(at, &t, sizeof at);
		sw_split_attrs attrs = {3, at, fa, ba};
		sw_split_output so;
		sw_tri3_split(&t, pl, &o, &attrs, f, b, &so);
		cr_assert_neq(so.status, SW_PAIR_INVALID, "case %d", it);
		hits += so.status == SW_HIT;
		pattern[so.front_count][so.back_count] += so.status == SW_HIT;
		double nrm[3], r8 = 8 * FLT_EPSILON * (s.M + s.L);
		or_newell(s.v, 3, nrm);
		double A = tri_signed_area(&t, nrm), sum = 0;
		for (uint32_t i = 0; i < so.front_count + so.back_count; i++) {
			const sw_tri3 *q = i < so.front_count ? &f[i] : &b[i - so.front_count];
			const float *qa = i < so.front_count ? fa + 9 * i : ba + 9 * (i - so.front_count);
			double a = tri_signed_area(q, nrm);
			cr_assert(a >= -r8 * s.L, "case %d: output triangle %u flipped (%g)", it, i, a);
			sum += a;
			if (so.status == SW_HIT)
				cr_assert(memcmp(&q->a, &q->b, 12) && memcmp(&q->b, &q->c, 12) &&
						  memcmp(&q->a, &q->c, 12),
					  "case %d: triangle %u has equal vertices", it, i);
			for (int k = 0; k < 9; k++)
				cr_assert(fabsf(qa[k] - (&q->a.x)[k]) <= r8, "case %d: attribute off its position", it);
			for (int k = 0; k < 3; k++) {
				double d = or_dist3(pl, (&q->a)[k]);
				cr_assert(i < so.front_count ? d >= -o.eps - r8 : d <= o.eps + r8,
					  "case %d: wrong side", it);
			}
		}
		cr_assert(fabs(sum - A) <= 4 * r8 * s.L, "case %d: areas %.9g vs %.9g", it, sum, A);
	}
	/* an empty side: slivers at 1e4 whose offset from the line ab rounds away (zero area) */
	cr_log_info("triangles: %d cut; 1+1 %d, 1+2 %d, 2+1 %d, with an empty side %d", hits, pattern[1][1],
		    pattern[1][2], pattern[2][1], pattern[0][1] + pattern[0][2] + pattern[1][0] + pattern[2][0]);
	cr_expect(hits > 5000 && pattern[1][1] > 0 && pattern[1][2] > 0 && pattern[2][1] > 0);
}

/* ---- crack-free meshes ----
 * The pieces of every face, both sides, together cover the mesh again, subdivided at the split
 * points. When shared edges split identically, every directed edge u → v of a piece is matched by
 * a v → u of a piece of the neighbouring face (or of the same face along the cut); a crack or a
 * T-junction leaves an edge unmatched. Edges of zero length are skipped: a piece that collapsed to
 * two points, or a dropped triangle with two equal vertices, adds edges that cancel. */

typedef struct dedge {
	sw_vec3 u, v;
} dedge;

static int cmp_edge(const void *a, const void *b) { return memcmp(a, b, sizeof(dedge)); }

/* edges of a closed loop appended forward to e and reversed to r */
static size_t add_loop(const sw_vec3 *w, uint32_t m, dedge *e, dedge *r, size_t n, int (*skip)(sw_vec3, sw_vec3))
{
	for (uint32_t i = 0; i < m; i++) {
		sw_vec3 a = w[i], b = w[(i + 1) % m];
		if (!memcmp(&a, &b, sizeof a) || skip(a, b))
			continue;
		e[n] = (dedge){a, b};
		r[n++] = (dedge){b, a};
	}
	return n;
}

/* the number of directed edges without a twin */
static size_t unmatched(dedge *e, dedge *r, size_t n)
{
	size_t bad = 0;
	qsort(e, n, sizeof *e, cmp_edge);
	qsort(r, n, sizeof *r, cmp_edge);
	for (size_t i = 0; i < n; i++)
		bad += memcmp(&e[i], &r[i], sizeof *e) != 0;
	return bad;
}

enum { G = 12 };
static float grid_off;

/* an edge along the grid's outer boundary (both ends on the same side of the box) has no twin */
static int on_box(sw_vec3 a, sw_vec3 b)
{
	float lo = grid_off, hi = grid_off + G;
	return (a.x == lo && b.x == lo) || (a.x == hi && b.x == hi) || (a.y == lo && b.y == lo) ||
	       (a.y == hi && b.y == hi);
}

/* a G × G grid over [off, off + G]² with jittered inner points, as quads or as triangles */
static size_t grid_mesh(sc_rng *r, float off, int tris, sw_vec2 *verts, uint32_t *first)
{
	sw_vec2 g[G + 1][G + 1];
	for (int i = 0; i <= G; i++)
		for (int j = 0; j <= G; j++) {
			int inner = i > 0 && i < G && j > 0 && j < G;
			g[i][j] = sw_v2(off + (float)i + (inner ? sc_uniform(r, -0.2f, 0.2f) : 0),
					off + (float)j + (inner ? sc_uniform(r, -0.2f, 0.2f) : 0));
		}
	size_t np = 0, nv = 0;
	for (int i = 0; i < G; i++)
		for (int j = 0; j < G; j++) {
			sw_vec2 q[4] = {g[i][j], g[i + 1][j], g[i + 1][j + 1], g[i][j + 1]};
			if (!tris) {
				first[np++] = (uint32_t)nv;
				memcpy(verts + nv, q, sizeof q);
				nv += 4;
				continue;
			}
			int d = (i + j) & 1; /* alternate diagonals */
			sw_vec2 t0[3] = {q[0], q[1], q[2 + d]}, t1[3] = {q[d], q[2], q[3]};
			first[np++] = (uint32_t)nv;
			memcpy(verts + nv, t0, sizeof t0);
			nv += 3;
			first[np++] = (uint32_t)nv;
			memcpy(verts + nv, t1, sizeof t1);
			nv += 3;
		}
	first[np] = (uint32_t)nv;
	return np;
}

static size_t add_pieces2(const sw_vec2 *v, const uint32_t *first, size_t np, dedge *e, dedge *r, size_t n)
{
	for (size_t t = 0; t < np; t++) {
		sw_vec3 w[NMAX];
		uint32_t m = first[t + 1] - first[t];
		for (uint32_t i = 0; i < m; i++)
			w[i] = sw_v3(v[first[t] + i].x, v[first[t] + i].y, 0);
		n = add_loop(w, m, e, r, n, on_box);
	}
	return n;
}

Test(split_brute, poly2_mesh_without_cracks)
{
	enum { NP = 2 * G * G, NV = 6 * G * G };
	static sw_vec2 verts[NV], fv[NV + NP], bv[NV + NP];
	static uint32_t first[NP + 1], ff[NP + 1], bf[NP + 1];
	static uint8_t st[NP];
	static dedge e[2 * (NV + NP)], rv[2 * (NV + NP)];
	sc_rng r = sc_rng_seed(24);
	size_t lines = 0, cut = 0;
	for (int m = 0; m < 8; m++) {
		grid_off = m & 1 ? 1e4f : 0;
		size_t np = grid_mesh(&r, grid_off, m & 2, verts, first);
		sw_poly2_soup soup = {verts, first, np, NULL, 0};
		for (int k = 0; k < 60; k++, lines++) {
			sw_plane2 l = {{grid_off + sc_uniform(&r, 0, G), grid_off + sc_uniform(&r, 0, G)},
				       {sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1)}};
			sw_split_opts o = {.eps = k % 3 == 0 ? 1e-3f : 0};
			sw_poly2_pieces fp = {fv, NULL, NV + NP, ff, 0}, bp = {bv, NULL, NV + NP, bf, 0};
			sw_split_results res = {st, NULL};
			cr_assert_eq(sw_poly2_split_batch(&soup, &l, 1, &o, NULL, &fp, &bp, &res), SW_OK);
			for (size_t i = 0; i < np; i++) {
				cr_assert_neq(st[i], SW_PAIR_INVALID, "mesh %d polygon %zu", m, i);
				cut += st[i] == SW_HIT;
			}
			size_t n = add_pieces2(fv, ff, np, e, rv, 0);
			n = add_pieces2(bv, bf, np, e, rv, n);
			size_t bad = unmatched(e, rv, n);
			cr_assert_eq(bad, 0, "mesh %d line %d: %zu piece edges without a twin (a crack)", m, k, bad);
		}
	}
	cr_log_info("%zu lines over grid meshes, %zu polygons cut", lines, cut);
}

static int never(sw_vec3 a, sw_vec3 b)
{
	(void)a, (void)b;
	return 0;
}

/* a closed jittered latitude–longitude sphere: every edge is shared by two triangles */
static size_t sphere_mesh(sc_rng *r, float off, sw_tri3 *tris)
{
	enum { LAT = 10, LON = 16 };
	sw_vec3 g[LAT + 1][LON];
	for (int i = 0; i <= LAT; i++)
		for (int j = 0; j < LON; j++) {
			float th = 3.14159265f * (float)i / LAT, ph = 6.2831853f * (float)j / LON;
			float rad = 1 + sc_uniform(r, -0.05f, 0.05f);
			g[i][j] = (i == 0 || i == LAT) ? sw_v3(off, -off, off + (i ? -1.0f : 1.0f))
						       : sw_v3(off + rad * sinf(th) * cosf(ph),
							       -off + rad * sinf(th) * sinf(ph), off + rad * cosf(th));
		}
	size_t nt = 0;
	for (int i = 0; i < LAT; i++)
		for (int j = 0; j < LON; j++) {
			int k = (j + 1) % LON;
			sw_vec3 a = g[i][j], b = g[i + 1][j], c = g[i + 1][k], d = g[i][k];
			if (i > 0)
				tris[nt++] = (sw_tri3){a, b, d};
			if (i < LAT - 1)
				tris[nt++] = (sw_tri3){d, b, c};
		}
	return nt;
}

Test(split_brute, tri3_closed_mesh_without_cracks)
{
	static sw_tri3 tris[400], ft[800], bt[800];
	static uint32_t ff[401], bf[401];
	static uint8_t st[400];
	static sw_plane3 planes[400];
	static dedge e[3 * 1600], rv[3 * 1600];
	sc_rng r = sc_rng_seed(25);
	size_t cut = 0;
	for (int m = 0; m < 10; m++) {
		float off = m & 1 ? 1e4f : 0;
		size_t nt = sphere_mesh(&r, off, tris);
		sw_tri3_soup soup = {tris, nt, NULL, 0};
		for (int k = 0; k < 100; k++) {
			sw_plane3 pl = {{off + sc_uniform(&r, -1, 1), -off + sc_uniform(&r, -1, 1),
					 off + sc_uniform(&r, -1, 1)},
					{sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1)}};
			sw_split_opts o = {.eps = k % 3 == 0 ? 1e-4f : 0};
			sw_tri3_pieces fp = {ft, NULL, 800, ff, 0}, bp = {bt, NULL, 800, bf, 0};
			sw_split_results res = {st, NULL};
			/* every other plane given per item (all equal): the same answer */
			for (size_t i = 0; i < nt; i++)
				planes[i] = pl;
			cr_assert_eq(sw_tri3_split_batch(&soup, k & 1 ? planes : &pl, k & 1 ? nt : 1, &o, NULL, &fp,
							 &bp, &res),
				     SW_OK);
			for (size_t i = 0; i < nt; i++)
				cut += st[i] == SW_HIT;
			size_t n = 0;
			for (size_t i = 0; i < fp.total; i++)
				n = add_loop(&ft[i].a, 3, e, rv, n, never);
			for (size_t i = 0; i < bp.total; i++)
				n = add_loop(&bt[i].a, 3, e, rv, n, never);
			size_t bad = unmatched(e, rv, n);
			cr_assert_eq(bad, 0, "mesh %d plane %d: %zu piece edges without a twin (a crack)", m, k, bad);
		}
	}
	cr_log_info("%zu triangles cut over closed meshes", cut);
}

/* ---- batches give the single-item answers ---- */

Test(split_brute, poly2_batch_equals_single)
{
	enum { N = 500 };
	static sw_vec2 verts[N * 16], fv[N * 17], bv[N * 17];
	static float attrs[N * 16 * 2], fa[N * 17 * 2], ba[N * 17 * 2];
	static uint32_t first[N + 1], ff[N + 1], bf[N + 1];
	static sw_plane2 lines[N];
	static uint8_t st[N], cls[N];
	sc_rng r = sc_rng_seed(26);
	size_t nv = 0;
	for (int i = 0; i < N; i++) {
		pshape s;
		random_poly2(&r, i & 1 ? 1e4f : 0, &s);
		first[i] = (uint32_t)nv;
		to2(&s, verts + nv);
		for (uint32_t k = 0; k < 2 * s.n; k++)
			attrs[2 * nv + k] = sc_uniform(&r, 0, 1);
		lines[i] = random_line(&r, &s);
		nv += s.n;
	}
	first[N] = (uint32_t)nv;
	sw_poly2_soup soup = {verts, first, N, attrs, 2};
	sw_poly2_pieces fp = {fv, fa, N * 17, ff, 0}, bp = {bv, ba, N * 17, bf, 0};
	sw_split_results res = {st, cls};
	sw_split_opts o = {.eps = 1e-5f};
	cr_assert_eq(sw_poly2_split_batch(&soup, lines, N, &o, NULL, &fp, &bp, &res), SW_OK);
	for (int i = 0; i < N; i++) {
		sw_vec2 f[17], b[17];
		float sfa[34], sba[34];
		sw_split_attrs at = {2, attrs + 2 * first[i], sfa, sba};
		sw_split_output so;
		sw_poly2_split(verts + first[i], first[i + 1] - first[i], lines[i], &o, &at, f, b, &so);
		cr_assert(st[i] == so.status && cls[i] == so.cls, "item %d", i);
		cr_assert(ff[i + 1] - ff[i] == so.front_count && bf[i + 1] - bf[i] == so.back_count, "item %d counts",
			  i);
		cr_assert(!memcmp(fv + ff[i], f, sizeof *f * so.front_count) &&
				  !memcmp(bv + bf[i], b, sizeof *b * so.back_count),
			  "item %d vertices", i);
		cr_assert(!memcmp(fa + 2 * ff[i], sfa, 8 * so.front_count) &&
				  !memcmp(ba + 2 * bf[i], sba, 8 * so.back_count),
			  "item %d attributes", i);
	}
}
