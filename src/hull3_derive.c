/* src/hull3_derive.c — a hull's derived data (edge records from the face loops, planes, edge
 * directions, centroid, radius, tolerances), for the builder and for hulls made from faces
 * (src/hull3_faces.c).
 *
 * Everything geometric is computed in double relative to the bounding-box centre of the vertices:
 * differences of floats are exact in double, so the result does not degrade far from the origin.
 * Face normals are Newell's (the polygon's vector area), exact for planar loops and a
 * least-squares-like average for nearly planar ones. Every loop is bounded by the counts, which the
 * callers have range-checked.
 */
#include "hull3_int.h"
#include "hull3_lanes.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *sw_hull_status_name(sw_hull_status s)
{
	switch (s) {
	case SW_HULL_OK: return "ok";
	case SW_HULL_EMPTY: return "empty";
	case SW_HULL_TOO_FEW: return "too_few";
	case SW_HULL_COLLINEAR: return "collinear";
	case SW_HULL_FLAT: return "flat";
	case SW_HULL_TOO_MANY: return "too_many";
	case SW_HULL_INVALID_INPUT: return "invalid_input";
	case SW_HULL_NO_MEMORY: return "no_memory";
	case SW_HULL_NUMERIC: return "numeric";
	case SW_HULL_BAD_FACES_INDEX: return "bad_faces_index";
	case SW_HULL_BAD_FACES_DEGENERATE: return "bad_faces_degenerate";
	case SW_HULL_BAD_FACES_OPEN: return "bad_faces_open";
	case SW_HULL_BAD_FACES_NONMANIFOLD: return "bad_faces_nonmanifold";
	case SW_HULL_BAD_FACES_WINDING: return "bad_faces_winding";
	case SW_HULL_BAD_FACES_EULER: return "bad_faces_euler";
	case SW_HULL_BAD_FACES_INWARD: return "bad_faces_inward";
	case SW_HULL_BAD_FACES_NONPLANAR: return "bad_faces_nonplanar";
	case SW_HULL_BAD_FACES_NONCONVEX: return "bad_faces_nonconvex";
	case SW_HULL_BAD_FACES_COPLANAR: return "bad_faces_coplanar";
	}
	return "?";
}

void sw_hull3_clear_(sw_hull3 *h)
{
	h->num_verts = h->num_faces = h->num_edges = h->num_dirs = 0;
	h->seal = 0;
}

void sw_hull3_tolerances_(const sw_vec3 *p, size_t n, double rel, double c[3], double *eps, double *tol)
{
	/* the extremes in float: converting to double is exact and keeps the order, so they are the
	 * double extremes (a ±0 tie keeps the first met either way). A point's x, y, z in the first three
	 * lanes of an SSE vector (minps(q, l) is q < l ? q : l, lane by lane: the scalar rule); the fourth
	 * lane, the next point's x, is not read back, and the last point is loaded on its own */
	simde__m128 lo4 = simde_mm_setr_ps(p[0].x, p[0].y, p[0].z, 0.0f), hi4 = lo4;
	for (size_t i = 1; i + 1 < n; i++) {
		const simde__m128 q = simde_mm_loadu_ps((const float *)(const void *)(p + i));
		lo4 = simde_mm_min_ps(q, lo4);
		hi4 = simde_mm_max_ps(q, hi4);
	}
	if (n > 1) {
		const simde__m128 q = simde_mm_setr_ps(p[n - 1].x, p[n - 1].y, p[n - 1].z, 0.0f);
		lo4 = simde_mm_min_ps(q, lo4);
		hi4 = simde_mm_max_ps(q, hi4);
	}
	float lf[4], hf[4];
	simde_mm_storeu_ps(lf, lo4);
	simde_mm_storeu_ps(hf, hi4);
	const double lo[3] = {lf[0], lf[1], lf[2]}, hi[3] = {hf[0], hf[1], hf[2]};
	double s = 0, cabs = 0;
	for (int k = 0; k < 3; k++) {
		c[k] = 0.5 * (lo[k] + hi[k]); /* exact: a sum of two floats fits a double */
		s += 0.5 * (hi[k] - lo[k]);
		cabs += fabs(c[k]);
	}
	*eps = rel * s;
	*tol = 4.0 * *eps + 4.0 * FLT_EPSILON * cabs;
}

void sw_hull3_rel_verts_(const sw_hull3 *h, const double ref[3], double (*r)[3])
{
	for (uint32_t v = 0; v < h->num_verts; v++) {
		r[v][0] = (double)h->verts[v].x - ref[0];
		r[v][1] = (double)h->verts[v].y - ref[1];
		r[v][2] = (double)h->verts[v].z - ref[2];
	}
}

/* ---- edges: pair the half-edges of the face loops ---- */

/* lowest set bit of a non-zero mask */
/* one vertex pair lo < hi: how many loops run it each way (runs[1]: lo → hi), the first face each
 * way and the second face in either */
typedef struct pair_use {
	uint8_t runs[2], face[2], second;
} pair_use;

/* the general pairing: counts every run of every pair (loops that run a pair the same way twice) */
static sw_hull_status pair_counted(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne, char *why, size_t why_len)
{
	/* adj[lo] has bit hi set for every pair in use; its entry in use[] is made when the bit is first
	 * set, so nothing needs clearing. Walking the bits in order gives the pairs sorted. */
	uint64_t adj[SW_HULL_MAX_VERTS] = {0};
	uint16_t id[SW_HULL_MAX_VERTS][SW_HULL_MAX_VERTS];
	pair_use use[SW_HULL_MAX_FACE_INDICES];
	uint32_t np = 0, e = 0;
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const uint8_t *lp = &h->face_verts[h->faces[f].first];
		uint32_t c = h->faces[f].count;
		for (uint32_t k = 0; k < c; k++) {
			uint32_t a = lp[k], b = lp[k + 1 == c ? 0 : k + 1], lo = a < b ? a : b, hi = a < b ? b : a;
			/* id[lo][hi] is read only after it is written (an unwritten entry's value is indeterminate:
			 * even a select that discards it may not be computed from it) */
			uint32_t up = a < b;
			if (!(adj[lo] >> hi & 1)) {
				adj[lo] |= (uint64_t)1 << hi;
				id[lo][hi] = (uint16_t)np;
				use[np++] = (pair_use){{0, 0}, {0, 0}, 0};
			}
			pair_use *u = &use[id[lo][hi]];
			uint32_t first = u->runs[up]++ == 0;
			u->face[up] = first ? (uint8_t)f : u->face[up];
			u->second = first ? u->second : (uint8_t)f;
		}
	}
	for (uint32_t lo = 0; lo < h->num_verts; lo++)
		for (uint64_t m = adj[lo]; m; m &= m - 1) {
			uint32_t hi = sw_low_bit(m);
			const pair_use *u = &use[id[lo][hi]];
			uint32_t n = (uint32_t)u->runs[0] + u->runs[1];
			if (n == 1)
				SW_HULL_FAIL(SW_HULL_BAD_FACES_OPEN, "edge %u-%u has one face (%u)", lo, hi,
					     u->face[u->runs[1] == 1]);
			if (n > 2)
				SW_HULL_FAIL(SW_HULL_BAD_FACES_NONMANIFOLD, "edge %u-%u has %u faces", lo, hi, n);
			if (u->runs[0] != 1)
				SW_HULL_FAIL(SW_HULL_BAD_FACES_WINDING, "faces %u and %u both run %u-%u the same way",
					     u->face[u->runs[1] == 2], u->second, lo, hi);
			edges[e++] = (sw_hull_edge){{(uint8_t)lo, (uint8_t)hi}, {u->face[1], u->face[0]}, 0};
		}
	*ne = e;
	return SW_HULL_OK;
}

/* every pair run exactly once each way (every hull the builder makes): the edges follow from the
 * two bit rows per vertex and the face running each half-edge (sw_hull3_pairing). The rows are equal
 * and hold half as many pairs as there are half-edges exactly when no pair is run only once or twice
 * the same way (a loop from a vertex to itself makes the rows differ); otherwise the general pairing
 * above, whose judgement this is in that case (the same edges, the same first failure) */
sw_hull_status sw_hull3_pairing_edges_(const sw_hull3_pairing *p, const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne,
				       char *why, size_t why_len)
{
	uint32_t e = 0;
	for (uint32_t lo = 0; lo < p->nv; lo++) {
		/* a bit in both rows: both half-edges were run, so both faces are written */
		if (p->rows[1][lo] != p->rows[0][lo])
			return pair_counted(h, edges, ne, why, why_len);
		for (uint64_t m = p->rows[1][lo]; m; m &= m - 1) {
			uint32_t hi = sw_low_bit(m);
			edges[e++] = (sw_hull_edge){{(uint8_t)lo, (uint8_t)hi}, {p->face[lo][hi], p->face[hi][lo]}, 0};
		}
	}
	if (2 * e != p->total)
		return pair_counted(h, edges, ne, why, why_len);
	*ne = e;
	return SW_HULL_OK;
}

sw_hull_status sw_hull3_pair_edges_(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne, char *why, size_t why_len)
{
	sw_hull3_pairing p;
	sw_hull3_pairing_start_(&p, h->num_verts);
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const uint8_t *lp = &h->face_verts[h->faces[f].first];
		/* the closing half-edge first: the records do not depend on the order they are made in */
		uint32_t c = h->faces[f].count, a = c ? lp[c - 1] : 0;
		for (uint32_t k = 0; k < c; a = lp[k++])
			sw_hull3_pairing_add_(&p, a, lp[k], f);
	}
	return sw_hull3_pairing_edges_(&p, h, edges, ne, why, why_len);
}

/* ---- flat hulls: two faces, one loop and its reverse ---- */

sw_hull_status sw_hull3_flat_loops_(const sw_hull3 *h, char *why, size_t why_len)
{
	uint32_t k = h->num_verts;
	const uint8_t *l0 = &h->face_verts[h->faces[0].first], *l1 = &h->face_verts[h->faces[1].first];
	if (h->faces[0].count != k || h->faces[1].count != k)
		SW_HULL_FAIL(SW_HULL_BAD_FACES_INDEX, "flat hull: faces of %u and %u vertices, not both %u",
			     h->faces[0].count, h->faces[1].count, k);
	for (uint32_t i = 0; i < k; i++)
		if (l0[i] != i)
			SW_HULL_FAIL(SW_HULL_BAD_FACES_INDEX, "flat hull: face 0 is not the loop 0, 1, ..., %u", k - 1);
	for (uint32_t i = 0; i < k; i++)
		if (l1[i] != (k - i) % k)
			SW_HULL_FAIL(l1[i] == i ? SW_HULL_BAD_FACES_WINDING : SW_HULL_BAD_FACES_INDEX,
				     "flat hull: face 1 is not the loop 0, %u, ..., 1", k - 1);
	return SW_HULL_OK;
}

void sw_hull3_flat_edges_(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne)
{
	uint32_t k = h->num_verts;
	for (uint32_t i = 0; i + 1 < k; i++)
		edges[i] = (sw_hull_edge){{(uint8_t)i, (uint8_t)(i + 1)}, {0, 1}, 0};
	edges[k - 1] = (sw_hull_edge){{0, (uint8_t)(k - 1)}, {1, 0}, 0};
	*ne = k;
}

/* ---- derived data ---- */

void sw_hull3_edge_unit_(const sw_hull3 *h, uint32_t e, double u[3])
{
	const sw_vec3 a = h->verts[h->edges[e].v[0]], b = h->verts[h->edges[e].v[1]];
	u[0] = (double)b.x - (double)a.x;
	u[1] = (double)b.y - (double)a.y;
	u[2] = (double)b.z - (double)a.z;
	double l = sw_hd_len(u);
	int big = 0;
	for (int k = 1; k < 3; k++)
		big = fabs(u[k]) > fabs(u[big]) ? k : big;
	double s = copysign(1.0 / l, u[big]); /* −1/l when u[big] < 0 (it is not zero) */
	for (int k = 0; k < 3; k++)
		u[k] *= s;
}

/* buckets of the classes' |x|: keys floor(|x|·2^15) (width 2^-15 > 2e-5, so a class within 2e-5 of
 * an edge's |x| has the edge's key or a neighbour's), hashed into DIR_SLOTS chains */
#define DIR_SLOTS 256
#define DIR_SCALE 32768.0
/* a bit per key modulo DIR_OCC: whether a class has it; three clear bits (most edges: a class in a
 * neighbour's key is rare) settle that no class is near without walking the chains, whose shared
 * slots would make that test a branch no predictor learns */
#define DIR_OCC 4096

/* the bucket key of |x|: a unit's |x| is at most 1 (a little over it by rounding); an edge of zero
 * length has a NaN unit, which no class matches (every comparison with it is false): key 0, where
 * converting NaN to an integer would be undefined */
static inline uint32_t dir_key(double aux) { return aux >= 0 && aux <= 2 ? (uint32_t)(aux * DIR_SCALE) : 0; }

/* the classes within 2e-5 of aux (the test [lo, hi] of its rounded bounds; key = dir_key(aux)), ascending in *c;
 * their count */
static uint32_t near_classes(const double *ax, const uint8_t *head, const uint8_t *next, double aux, uint32_t key,
			     uint8_t *c)
{
	const double lo = aux - 2e-5, hi = aux + 2e-5;
	uint32_t nc = 0;
	for (uint32_t s = key + DIR_SLOTS - 1; s <= key + DIR_SLOTS + 1; s++)
		for (uint32_t j = head[s % DIR_SLOTS]; j; j = next[j - 1]) /* j: class + 1, 0 ends a chain */
			if (ax[j - 1] >= lo && ax[j - 1] <= hi) {
				uint32_t i = nc++;
				for (; i > 0 && c[i - 1] > j - 1; i--) /* at most a few: classes this close are rare */
					c[i] = c[i - 1];
				c[i] = (uint8_t)(j - 1);
			}
	return nc;
}

/* classes of parallel edges, greedy in edge order: an edge joins the first class whose direction is
 * within SW_HULL_DIR_EPS (|u × w|, sign-blind), else founds one. Unit vectors within 1e-5 rad of
 * parallel differ by at most 1.00001e-5 in each coordinate (up to sign), so only the classes whose
 * |x| lies within 2e-5 of the edge's are candidates: they are found in buckets of |x| (near_classes)
 * and judged in class order, the first within SW_HULL_DIR_EPS taken. Each edge costs its few
 * candidates, not a pass over every class. */
void sw_hull3_edge_dirs_(sw_hull3 *h)
{
	double us[SW_HULL_MAX_EDGES][3], ax[SW_HULL_MAX_EDGES];
	uint8_t founder[SW_HULL_MAX_EDGES]; /* per class: the edge that made it */
	uint8_t head[DIR_SLOTS] = {0}, next[SW_HULL_MAX_EDGES], cand[SW_HULL_MAX_EDGES];
	uint64_t occ[DIR_OCC / 64] = {0};
	uint32_t nd = 0;
	/* the units first, in lanes (sw_hull3_edge_unit_'s operations): independent of each other, where in
	 * the greedy loop below each would wait for the previous edge's search */
	sw_hull3_lanes_active()->units(h, us);
	for (uint32_t e = 0; e < h->num_edges; e++) {
		const double *u = us[e];
		const double aux = fabs(u[0]);
		const uint32_t key = dir_key(aux), s = key % DIR_SLOTS, o = key % DIR_OCC;
		const uint32_t ol = (o + DIR_OCC - 1) % DIR_OCC, oh = (o + 1) % DIR_OCC;
		uint32_t best = nd;
		/* most edges: no class in the three keys, a new class */
		if ((occ[ol / 64] >> ol % 64 | occ[o / 64] >> o % 64 | occ[oh / 64] >> oh % 64) & 1) {
			uint32_t nc = near_classes(ax, head, next, aux, key, cand);
			for (uint32_t i = 0; i < nc && best == nd; i++) {
				double x[3];
				sw_hd_cross(u, us[founder[cand[i]]], x);
				best = sw_hd_len(x) <= SW_HULL_DIR_EPS ? cand[i] : best;
			}
		}
		if (best == nd) {
			ax[nd] = aux;
			founder[nd] = (uint8_t)e;
			next[nd] = head[s], head[s] = (uint8_t)(nd + 1);
			occ[o / 64] |= (uint64_t)1 << o % 64;
			h->dirs[nd++] = sw_v3((float)u[0], (float)u[1], (float)u[2]);
		}
		h->edges[e].dir = (uint8_t)best;
	}
	h->num_dirs = nd;
}

/* a solid hull's planes as face_planes writes them (the largest n·r over all vertices from the scan
 * that also gives its check's values, sw_hull3_scanmax_fn), and those values kept in sh: the face's
 * own largest and smallest n·r as the check takes them (v_face_areas), every vertex against the
 * largest (v_convex's scan). ns: the unit normals, l their lengths before the division; rc: r in
 * columns, room for SW_HULL_MAX_VERTS */
static sw_hull_status shared_planes(sw_hull3 *h, const double c[3], const double (*r)[3],
				    double (*rc)[SW_HULL_MAX_VERTS], const double (*ns)[3], sw_hull3_shared *sh)
{
	sw_hull3_scanmax_fn *scanmax = sw_hull3_lanes_active()->scanmax;
	const double tol = h->tol, low = -0.5 * h->eps;
	/* the columns padded to a multiple of four with copies of the last vertex, so no lane function runs
	 * a scalar tail: a copy changes no maximum (the first in vertex order is still the original) and no
	 * verdict, and its near bits are cleared */
	const uint32_t nv = h->num_verts, nv4 = (nv + 3) & ~3u;
	const uint64_t live = nv >= 64 ? ~0ull : ((uint64_t)1 << nv) - 1;
	for (uint32_t v = nv; v < nv4; v++)
		rc[0][v] = rc[0][nv - 1], rc[1][v] = rc[1][nv - 1], rc[2][v] = rc[2][nv - 1];
	memcpy(sh->c, c, sizeof sh->c);
	memcpy(sh->r, r, h->num_verts * sizeof r[0]);
	memcpy(sh->n, ns, h->num_faces * sizeof ns[0]);
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const uint8_t *lp = &h->face_verts[h->faces[f].first];
		const double *n = ns[f];
		double hi = -INFINITY, lo = INFINITY;
		for (uint32_t k = 0; k < h->faces[f].count; k++) {
			double s = sw_hd_dot(n, r[lp[k]]);
			hi = s > hi ? s : hi; /* fmax, fmin */
			lo = s < lo ? s : lo;
		}
		sh->dmax[f] = hi, sh->dmin[f] = lo;
		sh->above[f] = (uint8_t)scanmax(rc[0], rc[1], rc[2], nv4, n, hi, tol, low, &sh->near[f], &sh->dall[f]);
		sh->near[f] &= live;
		h->faces[f].normal = sw_v3((float)n[0], (float)n[1], (float)n[2]);
		h->faces[f].d = (float)(sh->dall[f] + sw_hd_dot(n, c));
	}
	sh->solid = 1;
	return SW_HULL_OK;
}

/* unit normals (Newell) and offsets d = max over all vertices of n·v, the support value along n; face
 * 1 of a flat hull takes face 0's normal negated, so the two are exactly opposite. r: the vertices
 * relative to c; sh: see shared_planes */
static sw_hull_status face_planes(sw_hull3 *h, const double c[3], const double (*r)[3], sw_hull3_shared *sh)
{
	double rc[3][SW_HULL_MAX_VERTS]; /* r in columns, for support */
	sw_hull3_fmax_fn *support = sw_hull3_lanes_active()->fmax;
	for (uint32_t v = 0; v < h->num_verts; v++)
		rc[0][v] = r[v][0], rc[1][v] = r[v][1], rc[2][v] = r[v][2];
	/* the normals first, up to the first face without area: independent of each other, their square
	 * roots and divisions overlap; then the offsets of those faces (a failed hull is written as far) */
	double ns[SW_HULL_MAX_FACES][3];
	uint32_t good = 0;
	for (; good < h->num_faces; good++) {
		double *n = ns[good], l = -1.0; /* l = −1: a flat hull's face 1 is face 0's normal negated, exactly */
		if (good == 1 && h->num_faces == 2)
			memcpy(n, ns[0], sizeof ns[0]);
		else
			l = sw_hull3_newell_(h, good, r, n);
		if (!(l > 0) && l != -1.0)
			break;
		if (sh)
			sh->l[good] = l;
		for (int k = 0; k < 3; k++)
			n[k] /= l;
	}
	if (sh && good == h->num_faces && h->num_faces != 2)
		return shared_planes(h, c, r, rc, ns, sh);
	for (uint32_t f = 0; f < good; f++) {
		const double *n = ns[f], dmax = support(rc[0], rc[1], rc[2], h->num_verts, n);
		h->faces[f].normal = sw_v3((float)n[0], (float)n[1], (float)n[2]);
		h->faces[f].d = (float)(dmax + sw_hd_dot(n, c));
	}
	return good == h->num_faces ? SW_HULL_OK : SW_HULL_BAD_FACES_DEGENERATE;
}

/* area centroid of a flat hull's polygon from the fan triangles of face 0, weighted by their signed
 * areas along the face's normal; returns the total weight (not positive: no usable area) */
static double flat_centroid(const sw_hull3 *h, const double (*r)[3], double acc[3])
{
	double nw[3], x[3], area = 0;
	sw_hull3_newell_(h, 0, r, nw);
	const double *a = r[0];
	for (uint32_t k = 1; k + 1 < h->num_verts; k++) {
		const double *b = r[k], *d = r[k + 1];
		const double e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]},
			     e2[3] = {d[0] - a[0], d[1] - a[1], d[2] - a[2]};
		sw_hd_cross(e1, e2, x);
		double w = sw_hd_dot(x, nw);
		area += w;
		for (int i = 0; i < 3; i++)
			acc[i] += w * (a[i] + b[i] + d[i]) / 3;
	}
	return area;
}

/* centre of mass from the fan tetrahedra (c, loop[0], loop[k], loop[k+1]), or a flat hull's area
 * centroid; the vertex mean when the volume (area) is not positive (a hull about to be rejected).
 * Radius rounded up to cover. Returns six times the volume (a flat hull: twice its area). */
double sw_hull3_centroid_radius_(sw_hull3 *h, const double c[3], const double (*r)[3])
{
	double vol = 0, acc[3] = {0, 0, 0}, mean[3] = {0, 0, 0}, g[3];
	if (h->num_faces == 2)
		vol = flat_centroid(h, r, acc);
	for (uint32_t f = 0; f < h->num_faces && h->num_faces != 2; f++) {
		const uint8_t *lp = &h->face_verts[h->faces[f].first];
		const double *a = r[lp[0]];
		for (uint32_t k = 1; k + 1 < h->faces[f].count; k++) {
			const double *b = r[lp[k]], *d = r[lp[k + 1]];
			double x[3];
			sw_hd_cross(b, d, x);
			double v = sw_hd_dot(a, x);
			vol += v;
			for (int i = 0; i < 3; i++)
				acc[i] += v * (a[i] + b[i] + d[i]) * 0.25;
		}
	}
	for (uint32_t v = 0; v < h->num_verts && !(vol > 0); v++) /* the mean only where it is used */
		for (int i = 0; i < 3; i++)
			mean[i] += r[v][i] / h->num_verts;
	for (int i = 0; i < 3; i++)
		g[i] = (vol > 0 ? acc[i] / vol : mean[i]) + c[i];
	h->centroid = sw_v3((float)g[0], (float)g[1], (float)g[2]);
	double gc[3] = {h->centroid.x, h->centroid.y, h->centroid.z}, r2 = 0;
	for (uint32_t v = 0; v < h->num_verts; v++) {
		const double q[3] = {(double)h->verts[v].x - gc[0], (double)h->verts[v].y - gc[1],
				     (double)h->verts[v].z - gc[2]};
		r2 = sw_hd_dot(q, q) > r2 ? sw_hd_dot(q, q) : r2;
	}
	h->radius = nextafterf((float)sqrt(r2), INFINITY);
	return vol;
}

/* everything after the edge records: planes, directions, centroid and radius (c: the bounding-box
 * centre of the vertices) */
static sw_hull_status finish_rest(sw_hull3 *h, const double c[3], sw_hull3_shared *sh)
{
	double r[SW_HULL_MAX_VERTS][3];
	sw_hull3_rel_verts_(h, c, r);
	if (sh)
		sh->solid = 0;
	sw_hull_status st = face_planes(h, c, (const double(*)[3])r, sh);
	if (st != SW_HULL_OK)
		return st;
	sw_hull3_edge_dirs_(h);
	double vol = sw_hull3_centroid_radius_(h, c, (const double(*)[3])r);
	if (sh)
		sh->vol = vol, sh->g = h->centroid, sh->radius = h->radius;
	return SW_HULL_OK;
}

sw_hull_status sw_hull3_finish_(sw_hull3 *h, double eps, double tol, sw_hull3_shared *sh)
{
	double c[3], e_unused, t_unused;
	sw_hull3_tolerances_(h->verts, h->num_verts, 0.0, c, &e_unused, &t_unused);
	h->eps = (float)eps;
	h->tol = nextafterf((float)tol, INFINITY);
	sw_hull_status st = SW_HULL_OK;
	if (h->num_faces == 2 && (st = sw_hull3_flat_loops_(h, NULL, 0)) == SW_HULL_OK)
		sw_hull3_flat_edges_(h, h->edges, &h->num_edges);
	else if (h->num_faces != 2)
		st = sw_hull3_pair_edges_(h, h->edges, &h->num_edges, NULL, 0);
	if (st != SW_HULL_OK)
		return st;
	return finish_rest(h, c, sh);
}

sw_hull_status sw_hull3_finish_paired_(sw_hull3 *h, double eps, double tol, sw_hull3_shared *sh)
{
	double c[3], e_unused, t_unused;
	sw_hull3_tolerances_(h->verts, h->num_verts, 0.0, c, &e_unused, &t_unused);
	h->eps = (float)eps;
	h->tol = nextafterf((float)tol, INFINITY);
	return finish_rest(h, c, sh);
}
