/* src/hull3_int.h — internals shared by the hull builder (hull3.c, hull3_flat.c) and the hull's
 * derived data and validation (hull3_check.c). */
#ifndef SWEPT_HULL3_INT_H
#define SWEPT_HULL3_INT_H

#include "swept/hull3.h"

/* the builder's and checker's own outcome; the public functions answer with its sw_error (src/hull3_api.c) */
// Outcome of building or validating a hull. On anything but SW_HULL_OK the output hull is left empty
// (all counts zero).
typedef enum sw_hull_status {
	// The hull was built and passes sw_hull3_check.
	SW_HULL_OK = 0,
	// No points (n == 0 or a NULL array).
	SW_HULL_EMPTY = 1,
	// Fewer than 3 distinct points (exact duplicates count once), or fewer than 3 vertices given.
	SW_HULL_TOO_FEW = 2,
	// All points lie within eps of one line.
	SW_HULL_COLLINEAR = 3,
	// Not returned: a cloud within eps of one plane gives a flat hull. Kept so the numbering stays.
	SW_HULL_FLAT = 4,
	// The hull has more than SW_HULL_MAX_VERTS vertices. No reduction is attempted: simplify the
	// cloud first (or raise rel_eps, which merges nearly coplanar faces).
	SW_HULL_TOO_MANY = 5,
	// NaN or Inf, a coordinate with |x| > SW_MAX_COORD, a NULL output, more than
	// SW_HULL_MAX_POINTS points, or options out of range.
	SW_HULL_INVALID_INPUT = 6,
	// Scratch memory for the builder could not be allocated.
	SW_HULL_NO_MEMORY = 7,
	// The builder could not produce a hull that passes its own checks, even with eps raised 64-fold
	// (the cloud is degenerate in a way it does not resolve). Not expected; report the input.
	SW_HULL_NUMERIC = 8,
	// sw_hull3_from_faces: a face with fewer than 3 vertices, an index ≥ nv, a vertex repeated in a
	// face, NULL face arrays, fewer than 2 or more faces or indices than the capacities allow, or two
	// faces that are not a flat hull's loops.
	SW_HULL_BAD_FACES_INDEX = 9,
	// A face at most SW_HULL_MIN_WIDTH wide, two vertices at the same position, a vertex on fewer than
	// three faces of a solid (a vertex in the middle of an edge), or a flat hull's straight corner.
	SW_HULL_BAD_FACES_DEGENERATE = 10,
	// An edge used by only one face: the surface has a hole.
	SW_HULL_BAD_FACES_OPEN = 11,
	// An edge used by more than two faces.
	SW_HULL_BAD_FACES_NONMANIFOLD = 12,
	// An edge traversed twice in the same direction: the faces are not consistently wound.
	SW_HULL_BAD_FACES_WINDING = 13,
	// V − E + F ≠ 2 (an unused vertex, several components, or a handle).
	SW_HULL_BAD_FACES_EULER = 14,
	// Consistently wound but clockwise from outside (normals point inwards: negative volume).
	SW_HULL_BAD_FACES_INWARD = 15,
	// A face whose vertices are not within tol of one plane.
	SW_HULL_BAD_FACES_NONPLANAR = 16,
	// A reflex corner in a face, a face loop winding more than once, or a vertex more than tol in
	// front of a face plane.
	SW_HULL_BAD_FACES_NONCONVEX = 17,
	// Two adjacent faces whose normals differ by less than eps / (4·S) radians: give them as one face.
	SW_HULL_BAD_FACES_COPLANAR = 18,
} sw_hull_status;

/* the builder and checker, answering with the status */
sw_hull_status sw_hull3_build_st_(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, sw_hull3 *out);
sw_hull_status sw_hull3_from_faces_st_(const sw_vec3 *verts, size_t nv, const uint32_t *face_sizes,
				       const uint32_t *face_indices, size_t nf, sw_hull3 *out);
sw_hull_status sw_hull3_box_st_(const sw_obb3 *box, sw_hull3 *out);
const char *sw_hull_status_name(sw_hull_status s);

/* the library's call error for a builder or checker outcome */
static inline sw_error sw_hull_error_(sw_hull_status st)
{
	switch (st) {
	case SW_HULL_OK: return SW_OK;
	case SW_HULL_EMPTY: return SW_ERR_EMPTY;
	case SW_HULL_TOO_FEW: return SW_ERR_TOO_FEW;
	case SW_HULL_COLLINEAR: return SW_ERR_COLLINEAR;
	case SW_HULL_FLAT: return SW_ERR_FLAT;
	case SW_HULL_TOO_MANY: return SW_ERR_TOO_MANY;
	case SW_HULL_INVALID_INPUT: return SW_ERR_INPUT;
	case SW_HULL_NO_MEMORY: return SW_ERR_NOMEM;
	case SW_HULL_NUMERIC: return SW_ERR_NUMERIC;
	case SW_HULL_BAD_FACES_INDEX: return SW_ERR_FACES_INDEX;
	case SW_HULL_BAD_FACES_DEGENERATE: return SW_ERR_FACES_DEGENERATE;
	case SW_HULL_BAD_FACES_OPEN: return SW_ERR_FACES_OPEN;
	case SW_HULL_BAD_FACES_NONMANIFOLD: return SW_ERR_FACES_NONMANIFOLD;
	case SW_HULL_BAD_FACES_WINDING: return SW_ERR_FACES_WINDING;
	case SW_HULL_BAD_FACES_EULER: return SW_ERR_FACES_EULER;
	case SW_HULL_BAD_FACES_INWARD: return SW_ERR_FACES_INWARD;
	case SW_HULL_BAD_FACES_NONPLANAR: return SW_ERR_FACES_NONPLANAR;
	case SW_HULL_BAD_FACES_NONCONVEX: return SW_ERR_NOT_CONVEX;
	case SW_HULL_BAD_FACES_COPLANAR: return SW_ERR_FACES_COPLANAR;
	}
	return SW_ERR_NUMERIC;
}

/* the builder gives up (SW_HULL_TOO_MANY) past this many vertices; a few may still disappear when
 * faces merge or corners straighten, so it works with more than the output holds */
#define SW_QH_MAX_VERTS (4 * SW_HULL_MAX_VERTS)

/* the polygon of a flat cloud while it is built: a ring of point indices, counter-clockwise about the
 * plane's normal, and per edge ring[i] → ring[i + 1] its outside set and in-plane outward normal;
 * the arrays hold cap = min(points, SW_QH_MAX_VERTS) entries (the builder's scratch) */
typedef struct sw_flat_poly {
	int k, cap;
	int *ring;
	int *head;
	double (*m)[3];
} sw_flat_poly;

/* the polygon of n points p (relative coordinates) all within eps of the plane of the triangle tri:
 * fp->ring[0 .. fp->k) counter-clockwise about that triangle's normal. next is scratch of n ints.
 * SW_HULL_COLLINEAR when fewer than three corners are more than eps from straight, SW_HULL_TOO_MANY
 * past SW_QH_MAX_VERTS corners */
sw_hull_status sw_hull3_flat_(const double (*p)[3], int n, double eps, const int tri[3], int *next, sw_flat_poly *fp);

#include <math.h>
#include <simde/x86/sse2.h>
#include <stdio.h>

/* returns st from the calling function, with a reason in why (when why and why_len allow) */
#define SW_HULL_FAIL(st, ...)                                \
	do {                                                 \
		if (why && why_len)                          \
			snprintf(why, why_len, __VA_ARGS__); \
		return (st);                                 \
	} while (0)

/* the number of set bits of m: by shifts and masks where the baseline has no popcnt instruction
 * (x86-64 before SSE4.2: the builtin would be a library call) */
static inline uint32_t sw_bit_count(uint64_t m)
{
#if defined(__GNUC__) && defined(__POPCNT__)
	return (uint32_t)__builtin_popcountll(m);
#else
	m = m - (m >> 1 & 0x5555555555555555ull);
	m = (m & 0x3333333333333333ull) + (m >> 2 & 0x3333333333333333ull);
	m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (uint32_t)((m * 0x0101010101010101ull) >> 56);
#endif
}

/* double vectors of the builder and the checks (left-to-right sums: every caller rounds alike) */
/* index of the lowest set bit of m ≠ 0 */
static inline uint32_t sw_low_bit(uint64_t m)
{
#if defined(__GNUC__)
	return (uint32_t)__builtin_ctzll(m);
#else
	uint32_t k = 0;
	while (!(m >> k & 1))
		k++;
	return k;
#endif
}

static inline double sw_hd_dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static inline double sw_hd_len(const double a[3]) { return sqrt(sw_hd_dot(a, a)); }
static inline void sw_hd_cross(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

/* whether m·p − off > lim for any of the n points in columns xs, ys, zs. Two points per SSE2 step (the
 * baseline of x86-64; SIMDe elsewhere): each point's value is the scalar code's ((m0·x + m1·y) + m2·z)
 * − off in the same IEEE operations, so the answer does not depend on the vector width. */
static inline int sw_hull3_any_above_(const double *xs, const double *ys, const double *zs, size_t n, const double m[3],
				      double off, double lim)
{
	const simde__m128d m0 = simde_mm_set1_pd(m[0]), m1 = simde_mm_set1_pd(m[1]), m2 = simde_mm_set1_pd(m[2]);
	const simde__m128d o = simde_mm_set1_pd(off), l = simde_mm_set1_pd(lim);
	simde__m128d bad = simde_mm_setzero_pd();
	size_t i = 0;
	for (; i + 2 <= n; i += 2) {
		simde__m128d s = simde_mm_add_pd(simde_mm_mul_pd(m0, simde_mm_loadu_pd(xs + i)),
						 simde_mm_mul_pd(m1, simde_mm_loadu_pd(ys + i)));
		s = simde_mm_add_pd(s, simde_mm_mul_pd(m2, simde_mm_loadu_pd(zs + i)));
		bad = simde_mm_or_pd(bad, simde_mm_cmpgt_pd(simde_mm_sub_pd(s, o), l));
	}
	int any = simde_mm_movemask_pd(bad) != 0;
	for (; i < n; i++)
		any |= m[0] * xs[i] + m[1] * ys[i] + m[2] * zs[i] - off > lim;
	return any;
}

/* the tolerance rule of doc/numerics.md over n points: bounding-box centre c, eps = rel·S and tol */
void sw_hull3_tolerances_(const sw_vec3 *p, size_t n, double rel, double c[3], double *eps, double *tol);

/* what the planes of a built solid hull are made of, kept for its check (sw_hull3_validate_built_),
 * which reads them instead of computing them again (doc/numerics.md): the frame c (the bounding-box
 * centre of the stored vertices), the vertices relative to it (r), and per face Newell's unit normal
 * n (its length l before the division), from one pass of n·r over every vertex the largest (dall:
 * the stored d is dall + n·c) and, against the largest and smallest over the face's own vertices
 * (dmax, dmin), whether some vertex is more than tol in front (above) and the vertices at or above
 * dmax − eps/2 (near) */
typedef struct sw_hull3_shared {
	double c[3];
	double r[SW_HULL_MAX_VERTS][3];
	double n[SW_HULL_MAX_FACES][3], l[SW_HULL_MAX_FACES];
	double dall[SW_HULL_MAX_FACES], dmax[SW_HULL_MAX_FACES], dmin[SW_HULL_MAX_FACES];
	uint64_t near[SW_HULL_MAX_FACES];
	uint8_t above[SW_HULL_MAX_FACES];
	double vol; /* six times the volume, the fan sum of sw_hull3_centroid_radius_ over r */
	int solid;  /* the values are filled (a solid hull whose faces all have area) */
	sw_vec3 g;  /* the centroid and radius sw_hull3_centroid_radius_ wrote */
	float radius;
} sw_hull3_shared;

/* completes a hull whose vertices, face loops and counts are set: face planes, edge records, edge
 * directions, centroid, radius, eps and tol. Fails only when the loops do not pair into edges
 * (open, non-manifold, inconsistently wound) or a face has no area; the geometry is not judged here.
 * sh (NULL: not kept): a solid hull's values for its check; the stored bits do not depend on it */
sw_hull_status sw_hull3_finish_(sw_hull3 *h, double eps, double tol, sw_hull3_shared *sh);

/* sw_hull3_finish_ for a solid hull whose edge records (edges, num_edges; each dir 0) are already
 * sw_hull3_pair_edges_'s */
sw_hull_status sw_hull3_finish_paired_(sw_hull3 *h, double eps, double tol, sw_hull3_shared *sh);

/* every invariant of sw_hull3_check, answering with the status of the first violated rule.
 * built: h is sw_hull3_build's, made by sw_hull3_finish_ from loops the builder made (distinct
 * vertices, edge records paired from the loops, directions from the edges: not checked again), with
 * every input point already found within tol behind every stored plane; the builder's own promises
 * for solid hulls are checked in their place: faces at least eps wide, neighbours bent by more than
 * eps/2 at every vertex (faces within eps of coplanar were merged), centroid strictly inside */
sw_hull_status sw_hull3_validate_(const sw_hull3 *h, int built, char *why, size_t why_len);

/* sw_hull3_validate_(h, 1, …) judging a solid hull with the values sw_hull3_finish_ kept in sh: every
 * rule of the built check in sh's frame, plus that sh is h's: r is h's vertices relative to the
 * bounding-box centre of h's vertices, bit for bit, and every stored plane is the rounding of sh's
 * n and dall + n·c. A hull changed after sw_hull3_finish_ (a vertex, a plane) is refused. A flat hull
 * (or sh not filled) is judged by sw_hull3_validate_(h, 1, …) */
sw_hull_status sw_hull3_validate_built_(const sw_hull3 *h, const sw_hull3_shared *sh, char *why, size_t why_len);

/* sw_hull3_validate_built_ for the builder, whose sh sw_hull3_finish_ has just made from h, unchanged
 * since: the same rules, but sh's r and the stored planes are taken as h's without comparing them (they
 * are, by construction: doc/numerics.md, "The frame of the check"). Any other caller confirms them */
sw_hull_status sw_hull3_validate_made_(const sw_hull3 *h, const sw_hull3_shared *sh);

/* the seal of h's contents (src/hull3_seal.c; never 0) */
uint64_t sw_hull3_seal_of_(const sw_hull3 *h);

/* writes h's seal: only for a hull that has just passed the checks */
void sw_hull3_put_seal_(sw_hull3 *h);

/* whether every count and index of h is in range (so that reading the hull stays inside it): what a
 * trusted or sealed hull must still pass, since nothing else of it is judged */
int sw_hull3_in_range_(const sw_hull3 *h);

/* whether h carries the seal of its contents (its counts and indices then in range) */
int sw_hull3_sealed_(const sw_hull3 *h);

/* sets all counts and the seal to zero (the state of a hull after a failed build) */
void sw_hull3_clear_(sw_hull3 *h);

/* DEGENERATE when two of the n vertices are at the same position */
sw_hull_status sw_hull3_distinct_(const sw_vec3 *v, size_t n, char *why, size_t why_len);

/* r[v] = vertex v − ref in double, for every vertex */
void sw_hull3_rel_verts_(const sw_hull3 *h, const double ref[3], double (*r)[3]);

/* Newell's normal of face f from the vertices r (twice its vector area); returns its length */
static inline double sw_hull3_newell_(const sw_hull3 *h, uint32_t f, const double (*r)[3], double n[3])
{
	const uint8_t *lp = &h->face_verts[h->faces[f].first];
	uint32_t m = h->faces[f].count;
	n[0] = n[1] = n[2] = 0;
	if (m == 3) { /* most faces: the loop below unrolled, its sums in its order (0 + t0 keeps −0 → +0) */
		const double *a = r[lp[0]], *b = r[lp[1]], *c = r[lp[2]];
		n[0] = ((0.0 + (a[1] - b[1]) * (a[2] + b[2])) + (b[1] - c[1]) * (b[2] + c[2])) +
		       (c[1] - a[1]) * (c[2] + a[2]);
		n[1] = ((0.0 + (a[2] - b[2]) * (a[0] + b[0])) + (b[2] - c[2]) * (b[0] + c[0])) +
		       (c[2] - a[2]) * (c[0] + a[0]);
		n[2] = ((0.0 + (a[0] - b[0]) * (a[1] + b[1])) + (b[0] - c[0]) * (b[1] + c[1])) +
		       (c[0] - a[0]) * (c[1] + a[1]);
		return sw_hd_len(n);
	}
	for (uint32_t k = 0; k < m; k++) {
		const double *a = r[lp[k]], *b = r[lp[k + 1 == m ? 0 : k + 1]];
		n[0] += (a[1] - b[1]) * (a[2] + b[2]);
		n[1] += (a[2] - b[2]) * (a[0] + b[0]);
		n[2] += (a[0] - b[0]) * (a[1] + b[1]);
	}
	return sw_hd_len(n);
}

/* the edge records of the face loops (counts and indices range-checked, loops totalling at most
 * SW_HULL_MAX_FACE_INDICES), sorted by vertex pair; OPEN, NONMANIFOLD or WINDING when they do not pair */
sw_hull_status sw_hull3_pair_edges_(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne, char *why, size_t why_len);

/* what sw_hull3_pair_edges_ records of the half-edges, for a caller that meets them as it writes the
 * loops (the builder's output): rows[1][lo] has bit hi for a loop running lo → hi, rows[0][lo] for one
 * running hi → lo, face[a][b] the face running a → b (read only where both bits are set), total the
 * half-edges; rows cleared for the nv vertices by sw_hull3_pairing_start_ */
typedef struct sw_hull3_pairing {
	uint64_t rows[2][SW_HULL_MAX_VERTS];
	uint8_t face[SW_HULL_MAX_VERTS][SW_HULL_MAX_VERTS];
	uint32_t nv, total;
} sw_hull3_pairing;

static inline void sw_hull3_pairing_start_(sw_hull3_pairing *p, uint32_t nv)
{
	for (uint32_t v = 0; v < nv; v++)
		p->rows[0][v] = p->rows[1][v] = 0;
	p->nv = nv, p->total = 0;
}

/* half-edge a → b of face f (a, b < nv) */
static inline void sw_hull3_pairing_add_(sw_hull3_pairing *p, uint32_t a, uint32_t b, uint32_t f)
{
	uint32_t up = a < b, lo = up ? a : b, hi = up ? b : a;
	p->rows[up][lo] |= (uint64_t)1 << hi;
	p->face[a][b] = (uint8_t)f;
	p->total++;
}

/* sw_hull3_pair_edges_'s answer for h from the records of all its loops' half-edges, p */
sw_hull_status sw_hull3_pairing_edges_(const sw_hull3_pairing *p, const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne,
				       char *why, size_t why_len);

/* a flat hull's loops in the representation of doc/numerics.md: face 0 runs 0, 1, …, k − 1 and face 1
 * runs 0, k − 1, …, 1, over all k vertices (k ≥ 3, counts and indices range-checked) */
sw_hull_status sw_hull3_flat_loops_(const sw_hull3 *h, char *why, size_t why_len);

/* a flat hull's edges: edge i joins vertices i and i + 1 (mod k); face 0 runs v[0] → v[1] except on
 * the closing edge */
void sw_hull3_flat_edges_(const sw_hull3 *h, sw_hull_edge *edges, uint32_t *ne);

/* unit direction of edge e with the sign making its largest-magnitude component positive */
void sw_hull3_edge_unit_(const sw_hull3 *h, uint32_t e, double u[3]);

/* the edges' direction classes and each edge's class (greedy in edge order, as sw_hull3_finish_) */
void sw_hull3_edge_dirs_(sw_hull3 *h);

/* centroid and radius as sw_hull3_finish_ sets them, from the vertices r relative to c; returns six
 * times the volume (a flat hull: twice its area) */
double sw_hull3_centroid_radius_(sw_hull3 *h, const double c[3], const double (*r)[3]);

/* sw_hull3_validate_ of a piece cut from a hull that passes sw_hull3_check, answering as
 * sw_hull3_check would while re-judging only what the cut changed. The piece keeps the hull's eps and
 * tol; a face not in fresh_f has a loop of the hull's vertices, bit for bit, in the hull's order, and
 * the hull face's stored plane; a vertex not in fresh_v is a vertex of the hull, bit for bit; edge
 * records and directions are made by sw_hull3_pair_edges_ and sw_hull3_edge_dirs_. */
sw_hull_status sw_hull3_validate_piece_(const sw_hull3 *h, const uint64_t fresh_f[2], uint64_t fresh_v);

#endif
