/* src/ref/gjk_tmpl.h — the GJK core, written once for D = 2 and D = 3 (SW_GJK_D, set by gjk2.c and
 * gjk3.c before including this file; every function here is static to that file).
 *
 * One loop answers the four queries. Let C = A − B be the Minkowski difference of the cores,
 * r the relative motion of B with respect to A, x = λ·r (λ ∈ [0,1]) and R the sum of the radii
 * (plus the cast's target separation). The loop keeps a simplex of points y_i = x − p_i of x − C
 * (p_i = a_i − b_i, support points of the cores) and v, the point of its hull closest to the origin:
 * v points from C towards x, so it is the A → B direction. Each iteration
 *   1. takes the support p = s_A(v) − s_B(−v) of C along v and y = x − p;
 *   2. tests the plane through p normal to v: v·y > R·|v| proves x farther than R from C.
 *      Overlap: a miss. Cast and ray: x advances along r onto the plane (van den Bergen, "Ray casting
 *      against general convex objects with application to continuous collision detection", JGT
 *      2004, and "Collision Detection in Interactive 3D Environments", 2004, 4.3.5), or the query
 *      misses when r does not approach the plane or the plane lies beyond λ = 1;
 *   3. stops on no progress: the support pair is already in the simplex, or the gap between the
 *      upper bound |v| and the lower bound v·y/|v| of the distance is within the tolerance. A cast
 *      still farther than R + tol then advances by the converged distance |v| instead (near an edge
 *      of C the plane test of step 2 can lose its sign to rounding before |v| is small); a stalled
 *      solve (step 4) advances so too, unless its v proves no separation (v·y ≤ 0): the run then
 *      ends in contact (a miss needs a separating plane, a hit's normal a supporting one);
 *   4. adds y to slot D (always free: a kept new point then moves to the lowest free slot) and
 *      finds the new closest point with Johnson's distance sub-algorithm (Gilbert, Johnson, Keerthi
 *      1988; van den Bergen 2004, 4.3.3): for the subsets X of the slots, the cofactors Δ_i(X) from the dot products
 * y_i·y_j, Δ_i({i}) = 1,  Δ_j(X ∪ {j}) = Σ_{i∈X} Δ_i(X)·(y_i·y_k − y_i·y_j), k = lowest slot of X, and keeps the first
 * X in ascending bit order with every Δ_i(X) > 0 and every Δ_j(X ∪ {j}) ≤ 0 (j outside X): v = Σ Δ_i(X) y_i / Σ Δ_i(X).
 * For a D-slot face, v and the full simplex's cofactors come from the face normal instead (facet_point, johnson_full):
 * the Gram products lose the direction of a short v and the sign of a thin simplex to rounding. Where x did not move,
 * the closest point lies in a face holding the new point (van den Bergen 2004, 4.3.3; Ericson, RTCD 9.5): only the
 * subsets with slot D are tested; none consistent (rounding at the floor) stops the loop, and so does, in a cast, a new
 * |v| not below the old one, unless the new simplex is full (it encloses x: its v is the rounding of a zero, of up to a
 * few ulps of the scale over a thin simplex, and may well be longer than the old v, which then does not separate:
 * the advance by |v| from it would answer a miss for a pair that starts overlapped). After x moved, every subset is
 * tested. It stops with contact when v is within the touching
 * tolerance of the origin (or of the rounded surface, |v| ≤ R + tol) or the simplex is full (D + 1 points enclose x).
 * All coordinates are scaled by a power of two that brings the pair's extent near 1 (gjk_set_scale).
 *
 * How a lane version follows it. Every value is a fixed function of its inputs: Δ_j(X) depends only
 * on the subset, j and the dot products (same formula, same summation order whichever slot is
 * newest), dot products sum their components in index order, and a subset is chosen by a fixed scan
 * over the 2^D bit masks with slot D (all 2^(D+1) − 1 after x moved). The scalar code caches: it
 * computes the dot products and cofactors of the subsets that contain the new or a refilled slot
 * only, and all of them after x has moved. A lane version recomputes the cofactors each iteration
 * (subsets with an empty slot masked off) and gets the same bits; the face formula and the weighted sum are both
 * computed and selected by the chosen subset's size, and a cast's advance uses v·y or |v|² selected by mask. The new
 * point goes to slot D in every lane, and moves to the lowest free slot by a masked write per slot; the support of a
 * vertex core is a max-scan with ties to the lowest index, masked to each lane's count; max is a > b ? a : b, the SIMD
 * max's operand order. The queries differ by which tests end a lane, never by the arithmetic of an iteration; the one
 * extra step, a second solve at the advanced x after a stalled solve in a cast, is the same solve run again under a
 * mask. The loop count is data dependent: a lane is done when its query is decided or its cap is reached.
 */
#include <math.h>
#include <string.h>

#include "contract.h"
#include "swept/gjk.h"

#define D SW_GJK_D
#define NS (D + 1)
#define NSUB (1u << NS)

/* relative tolerances, times the pair's scale (see gjk_scale2): src/contract.h */
#define GJK_TOUCH_EPS SW_GJK_TOUCH_EPS
#define GJK_CONV_EPS SW_GJK_CONV_EPS

enum { GJK_OVERLAP = 0, GJK_DIST = 1, GJK_CAST = 2 };

/* how a run ended */
enum {
	END_CONTACT = 0,   /* within R + tolerance of C (or enclosed) */
	END_SEPARATED = 1, /* overlap: a separating plane was found */
	END_CONVERGED = 2, /* no more progress: the simplex gives the answer */
	END_MISS = 3,      /* cast: r leaves the plane, or the plane lies beyond λ = 1 */
	END_LIMIT = 4,     /* the iteration cap */
};

typedef struct gv {
	float c[D];
} gv;

/* a core in its local frame: vertices with stride D floats, or a box of half extents */
typedef struct gjk_core {
	uint32_t type, count;
	const float *v;
	gv half;
	float ext; /* largest |coordinate| of its points (from core_ok) */
} gjk_core;

/* a pair prepared in A's local frame: x_A = rot · x_B + off (rot's columns col[j]) */
typedef struct gjk_pair {
	gjk_core a, b;
	gv col[D];
	gv off;
	gv r;         /* relative motion of B with respect to A, A's frame */
	float radius; /* sum of the radii (+ the cast's target) */
	float sigma;  /* a power of two bringing the pair's extent near 1: support points, off, r and
		       * radius are multiplied by it (exactly), so no product of up to six lengths in
		       * Johnson's cofactors over- or underflows */
	uint32_t cap;
	int mode;
} gjk_pair;

typedef struct gjk_simplex {
	gv a[NS], b[NS], p[NS], y[NS]; /* core points of A and B (A's frame), p = a − b, y = x − p */
	uint32_t ida[NS], idb[NS];
	float dp[NS][NS];
	float det[NSUB][NS];
	float mu[NS]; /* barycentric weights of v over the slots in bits */
	unsigned bits;
	unsigned stale; /* slots refilled since their subsets' cofactors were computed */
} gjk_simplex;

/* the state a run ends in */
typedef struct gjk_run {
	gjk_simplex s;
	gv v, x, n;             /* closest point, x = λ·r, the normal of the last advance (cast) */
	float lam, vlen, scale; /* |v| and the scale: set when the run ends (the loop works squared) */
	float scale2;
	float vy; /* v·(x − p) of the last support point p (the lower bound v·y/|v| of the distance) */
	int end, inside;
	uint32_t iters;
} gjk_run;

/* a > b ? a : b: the operand order of the SIMD max (second operand on ties), where fmaxf would be
 * a library call */
static inline float gmax(float a, float b) { return a > b ? a : b; }

static inline float gdot(gv a, gv b)
{
#if D == 3
	return (a.c[0] * b.c[0] + a.c[1] * b.c[1]) + a.c[2] * b.c[2];
#else
	return a.c[0] * b.c[0] + a.c[1] * b.c[1];
#endif
}

static inline gv gsub(gv a, gv b)
{
	gv o;
	for (int i = 0; i < D; i++)
		o.c[i] = a.c[i] - b.c[i];
	return o;
}

static inline gv gscale(gv a, float s)
{
	gv o;
	for (int i = 0; i < D; i++)
		o.c[i] = a.c[i] * s;
	return o;
}

static inline gv gload(const float *p)
{
	gv o;
	for (int i = 0; i < D; i++)
		o.c[i] = p[i];
	return o;
}

/* support of a core along d: the vertex with the largest d·v (ties to the lowest index); a box's
 * corner with +half where d_i ≥ 0, its id the sign bits */
static inline gv core_support(const gjk_core *k, gv d, uint32_t *id)
{
	if (k->type == SW_SHAPE_BOX) {
		gv o;
		uint32_t bits = 0;
		for (int i = 0; i < D; i++) {
			int pos = d.c[i] >= 0;
			o.c[i] = pos ? k->half.c[i] : -k->half.c[i];
			bits |= (uint32_t)pos << i;
		}
		*id = bits;
		return o;
	}
	uint32_t best = 0;
	float bd = gdot(gload(k->v), d);
	for (uint32_t i = 1; i < k->count; i++) {
		float s = gdot(gload(k->v + (size_t)i * D), d);
		if (s > bd) {
			bd = s;
			best = i;
		}
	}
	*id = best;
	return gload(k->v + (size_t)best * D);
}

/* B's support along d (A's frame) and the point in A's frame: rotᵀd, then rot·b + off */
static inline gv b_support(const gjk_pair *pr, gv d, uint32_t *id)
{
	gv db;
	for (int j = 0; j < D; j++)
		db.c[j] = gdot(pr->col[j], d);
	gv b = gscale(core_support(&pr->b, db, id), pr->sigma), o;
	for (int i = 0; i < D; i++) {
		float s = pr->col[0].c[i] * b.c[0] + pr->col[1].c[i] * b.c[1];
#if D == 3
		s = s + pr->col[2].c[i] * b.c[2];
#endif
		o.c[i] = s + pr->off.c[i];
	}
	return o;
}

/* Δ_j(X) for every subset X ⊆ all with two to D slots; with `fresh` set only those containing a slot
 * of `nb` (the others are unchanged since the last call). Ascending masks: every X∖{j} is computed
 * before X. The full set is johnson_full's. */
static void johnson_dets(gjk_simplex *s, unsigned all, unsigned nb, int fresh)
{
	for (unsigned x = 3; x < NSUB; x++) {
		if ((x & ~all) || (x & (x - 1)) == 0 || x == NSUB - 1 || (fresh && !(x & nb)))
			continue;
		for (int j = 0; j < NS; j++) {
			if (!(x & (1u << j)))
				continue;
			unsigned y = x & ~(1u << j);
			int k = __builtin_ctz(y);
			float sum = 0;
			int first = 1;
			for (int i = k; i < NS; i++) {
				if (!(y & (1u << i)))
					continue;
				float t = s->det[y][i] * (s->dp[i][k] - s->dp[i][j]);
				sum = first ? t : sum + t;
				first = 0;
			}
			s->det[x][j] = sum;
		}
	}
}

/* the first subset of `all` holding every slot of `need` (ascending masks) whose cofactors say it
 * holds the closest point, or 0 */
static unsigned johnson_select(const gjk_simplex *s, unsigned all, unsigned need)
{
	for (unsigned x = 1; x < NSUB; x++) {
		if ((x & ~all) || (x & need) != need)
			continue;
		int ok = 1;
		for (int i = 0; i < NS && ok; i++) {
			unsigned bi = 1u << i;
			if (x & bi)
				ok = s->det[x][i] > 0;
			else if (all & bi)
				ok = s->det[x | bi][i] <= 0;
		}
		if (ok)
			return x;
	}
	return 0;
}

/* the normal of the affine hull of D slots (a triangle in 3D, a segment in 2D) from its edge vectors,
 * scaled by its largest component (so n·n ∈ [1, D] whatever the size); 0 when degenerate */
static int facet_normal(const gjk_simplex *s, unsigned x, gv *n, int *first)
{
	int idx[D], m = 0;
	for (int i = 0; i < NS; i++)
		if (x & (1u << i))
			idx[m++] = i;
	gv e1 = gsub(s->y[idx[1]], s->y[idx[0]]), o;
#if D == 3
	gv e2 = gsub(s->y[idx[2]], s->y[idx[0]]);
	o.c[0] = e1.c[1] * e2.c[2] - e1.c[2] * e2.c[1];
	o.c[1] = e1.c[2] * e2.c[0] - e1.c[0] * e2.c[2];
	o.c[2] = e1.c[0] * e2.c[1] - e1.c[1] * e2.c[0];
#else
	o.c[0] = -e1.c[1];
	o.c[1] = e1.c[0];
#endif
	float big = 0;
	for (int i = 0; i < D; i++)
		big = gmax(big, fabsf(o.c[i]));
	*first = idx[0];
	if (!(big > 0))
		return 0;
	*n = gscale(o, 1.0f / big);
	return 1;
}

/* the point of a D-slot affine hull closest to the origin, along its normal: n·(n·y_i)/(n·n), i its
 * lowest slot. The weighted sum Σ μ_i y_i of points of size L carries an error of a few ulps of L;
 * where |v| ≪ L its direction would be off by ulp(L)/|v| and the plane tests of the next iterations
 * would be noise (GJK's √ε floor), while n comes from edge vectors and is accurate to a few ulps. */
static int facet_point(const gjk_simplex *s, unsigned x, gv *v)
{
	gv n;
	int f;
	if (!facet_normal(s, x, &n, &f))
		return 0;
	*v = gscale(n, gdot(n, s->y[f]) / gdot(n, n));
	return 1;
}

/* Δ_j of the full set (D + 1 slots) as Δ(X)·v_X·(y_k − y_j), X the full set without j, v_X its facet
 * point, k X's lowest slot: the Gram recursion's value, but with the facet's accurate normal instead
 * of products of dot products, whose rounding (ulps of L⁶) drowns the true value Δ(X)·|v_X|·h_j once
 * the height h_j of y_j over X is below about √ε·L, which is every near-flat simplex near contact.
 * A simplex with a vertex within the touching tolerance of the opposite facet's plane is flat: it
 * cannot enclose x, and its cofactors are set to 0 (the full set is rejected, and the facets'
 * tests against their opposite vertex pass). */
static void johnson_full(gjk_simplex *s, float scale2)
{
	const unsigned full = NSUB - 1;
	int flat = 0;
	for (int j = 0; j < NS; j++) {
		unsigned x = full & ~(1u << j);
		gv n;
		int k;
		if (!facet_normal(s, x, &n, &k)) {
			flat = 1;
			continue;
		}
		float dx = 0, nn = gdot(n, n);
		int first = 1;
		for (int i = 0; i < NS; i++)
			if (x & (1u << i)) {
				dx = first ? s->det[x][i] : dx + s->det[x][i];
				first = 0;
			}
		gv v = gscale(n, gdot(n, s->y[k]) / nn), e = gsub(s->y[k], s->y[j]);
		float h = gdot(n, e);
		flat |= h * h <= GJK_TOUCH_EPS * GJK_TOUCH_EPS * scale2 * nn;
		s->det[full][j] = dx * gdot(v, e);
	}
	if (flat)
		for (int j = 0; j < NS; j++)
			s->det[full][j] = 0;
}

/* v and the weights of subset x: Σ Δ_i y_i / Σ Δ_i, or the facet formula above for D slots. The sums
 * run over every slot in slot order with Δ_i = 0 and the term +0 outside x, so a lane sums the same
 * terms and no slot outside x (whose y may date from an earlier x) reaches the result, not even as
 * the sign of a zero */
static gv johnson_point(gjk_simplex *s, unsigned x)
{
	float d[NS], sum = 0;
	for (int i = 0; i < NS; i++) {
		d[i] = x & (1u << i) ? s->det[x][i] : 0.0f;
		sum = i ? sum + d[i] : d[i];
	}
	gv v, zero = {{0}};
	for (int i = 0; i < NS; i++) {
		/* d / sum, not d · (1/sum): a subnormal sum of a sliver has no finite reciprocal */
		s->mu[i] = d[i] / sum;
		gv t = x & (1u << i) ? gscale(s->y[i], s->mu[i]) : zero;
		for (int c = 0; c < D; c++)
			v.c[c] = i ? v.c[c] + t.c[c] : t.c[c];
	}
	gv f;
	/* bit counts of the masks 0..15 */
	static const unsigned char pop[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
	if (pop[x] == D && facet_point(s, x, &f))
		return f;
	return v;
}

/* dot products of slot n with every slot in `all` (all includes n) */
static void johnson_dots(gjk_simplex *s, unsigned all, int n)
{
	for (int i = 0; i < NS; i++)
		if (all & (1u << i)) {
			float d = gdot(s->y[i], s->y[n]);
			s->dp[i][n] = d;
			s->dp[n][i] = d;
		}
}

/* the pair's length scale squared: the largest |p|² seen and |x|² (tolerances are relative to it) */
static inline float gjk_scale2(float maxpp, gv x) { return gmax(maxpp, gdot(x, x)); }

/* whether the support pair (ia, ib) already sits in a slot of the simplex */
static inline int gjk_dup(const gjk_simplex *s, uint32_t ia, uint32_t ib)
{
	int dup = 0;
	for (int i = 0; i < NS; i++)
		dup |= (s->bits >> i & 1u) && s->ida[i] == ia && s->idb[i] == ib;
	return dup;
}

/* step 2 for the cast: advance x onto the plane v·(x − p) = R·|v| or end with a miss */
static int gjk_advance(const gjk_pair *pr, gjk_run *st, float vy)
{
	float vr = gdot(st->v, pr->r);
	if (!(vr < 0))
		return 0;
	float lam = st->lam + (vy - pr->radius * st->vlen) / -vr;
	if (!(lam <= 1.0f))
		return 0;
	st->lam = lam;
	st->x = gscale(pr->r, lam);
	st->n = st->v;
	return 1;
}

/* the new point, kept in slot D by a solve that did not choose the full set, moves to the lowest slot
 * the chosen subset leaves free, so that slot D is free for the next one. The values move unchanged
 * (dot products are symmetric bit for bit); the cofactors of subsets with the refilled slot are
 * recomputed by the next solve (stale). */
static void gjk_settle(gjk_simplex *s)
{
	const int n = D;
	if (!(s->bits >> n & 1u) || s->bits == NSUB - 1)
		return;
	int f = __builtin_ctz(~s->bits);
	s->a[f] = s->a[n];
	s->b[f] = s->b[n];
	s->p[f] = s->p[n];
	s->y[f] = s->y[n];
	s->ida[f] = s->ida[n];
	s->idb[f] = s->idb[n];
	s->mu[f] = s->mu[n];
	s->mu[n] = 0.0f;
	s->bits = (s->bits & ~(1u << n)) | 1u << f;
	for (int i = 0; i < NS; i++)
		if (s->bits >> i & 1u) {
			float d = s->dp[i == f ? n : i][n];
			s->dp[f][i] = d;
			s->dp[i][f] = d;
		}
	s->stale |= 1u << f;
}

/* step 4: put y in slot D (kept free between iterations, gjk_settle) and solve for the new closest
 * point. Where x did not move, the closest point of the new simplex lies in a face that holds the new
 * point (van den Bergen 2004, 4.3.3; Ericson, RTCD 9.5), so only those subsets are tested; after x
 * moved, every subset. Returns 0 (no progress: the loop ends) when Johnson's sub-algorithm finds no
 * consistent subset, or, in a cast (`descent`) where x did not move, the new |v| is not below the old
 * one (GJK's strict descent; both only by rounding, at the precision floor: the cast then advances by
 * |v|, where a stalled solve would otherwise repeat), except for the full set, which encloses x and
 * ends the run in contact whatever its rounded v; the simplex and v are then left as they were */
static int gjk_insert(gjk_run *st, gv a, gv b, uint32_t ia, uint32_t ib, int add, int moved, int descent)
{
	gjk_simplex *s = &st->s;
	const int n = D;
	unsigned all = s->bits;
	add &= !(all >> n & 1u); /* slot D is free here; never overwrite a point */
	if (add) {
		s->a[n] = a;
		s->b[n] = b;
		s->p[n] = gsub(a, b);
		s->ida[n] = ia;
		s->idb[n] = ib;
		all |= 1u << n;
	}
	if (moved) {
		for (int i = 0; i < NS; i++)
			if (all & (1u << i))
				s->y[i] = gsub(st->x, s->p[i]);
		for (int i = 0; i < NS; i++)
			if (all & (1u << i))
				johnson_dots(s, all & ((2u << i) - 1), i);
	} else {
		s->y[n] = gsub(st->x, s->p[n]);
		johnson_dots(s, all, n);
	}
	for (int i = 0; i < NS; i++)
		s->det[1u << i][i] = 1.0f;
	johnson_dets(s, all, 1u << n | s->stale, !moved);
	s->stale = 0;
	if (all == NSUB - 1)
		johnson_full(s, st->scale2);
	unsigned x = johnson_select(s, all, moved ? 0u : 1u << n);
	if (!x)
		return 0;
	float mu[NS];
	memcpy(mu, s->mu, sizeof mu);
	gv v = johnson_point(s, x);
	if (descent && !moved && s->bits && x != NSUB - 1 && !(gdot(v, v) < gdot(st->v, st->v))) {
		memcpy(s->mu, mu, sizeof mu);
		return 0;
	}
	s->bits = x;
	st->v = v;
	st->inside = x == NSUB - 1;
	gjk_settle(s);
	return 1;
}

/* a cast whose distance has converged at x while x is still farther than R + touch from C (else the
 * top test would have ended the loop): the plane test can lose its sign to rounding there (its
 * dot products carry ulps of the scale times the scale, more than |v|² once |v| is below about
 * √ε·scale along an edge of C), so x advances by the converged distance |v| itself. Returns 0 (the
 * run ends with a miss) when r does not approach or the contact lies beyond λ = 1. */
static int gjk_converged_advance(const gjk_pair *pr, gjk_run *st, float vv)
{
	if (gjk_advance(pr, st, vv))
		return 1;
	st->end = END_MISS;
	return 0;
}

/* the GJK loop (see the file comment); `guess` is the first search direction (any non-zero vector) */
static void gjk_iterate(const gjk_pair *pr, gv guess, gjk_run *st)
{
	const float R = pr->radius;
	float maxpp = 0;
	memset(&st->s, 0, sizeof st->s);
	st->lam = 0;
	st->x = gscale(pr->r, 0.0f);
	st->n = st->x;
	st->v = guess;
	st->inside = 0;
	st->iters = 0;
	st->scale2 = 0;
	st->end = END_LIMIT;
	for (;;) {
		/* squared tests: |v| is only needed with a radius (the scaled pair has no overflow) */
		float vv = gdot(st->v, st->v), t2 = GJK_TOUCH_EPS * GJK_TOUCH_EPS * st->scale2;
		st->vlen = R > 0 ? sqrtf(vv) : 0.0f;
		if (st->s.bits) {
			int near = vv <= t2;
			if (pr->mode != GJK_DIST && R > 0) {
				float reach = R + sqrtf(t2);
				near = vv <= reach * reach;
			}
			if (st->inside || near) {
				st->end = END_CONTACT;
				return;
			}
		}
		if (st->iters == pr->cap)
			return;
		st->iters++;
		uint32_t ia, ib;
		gv nv = gscale(st->v, -1.0f);
		gv a = gscale(core_support(&pr->a, st->v, &ia), pr->sigma);
		gv b = b_support(pr, nv, &ib);
		gv p = gsub(a, b);
		maxpp = gmax(maxpp, gdot(p, p));
		float vy = gdot(st->v, gsub(st->x, p));
		int moved = 0;
		st->vy = vy;
		if (vy > R * st->vlen) {
			if (pr->mode == GJK_OVERLAP) {
				st->end = END_SEPARATED;
				return;
			}
			if (pr->mode == GJK_CAST) {
				if (!gjk_advance(pr, st, vy)) {
					st->end = END_MISS;
					return;
				}
				moved = 1;
			}
		}
		/* the scale for this iteration's tests and the next one's top test (maxpp and x are final
		 * until the next support, unless a converged advance moves x below) */
		st->scale2 = gjk_scale2(maxpp, st->x);
		int dup = gjk_dup(&st->s, ia, ib);
		if (!moved && st->s.bits) {
			float gap = vv - vy; /* (upper − lower bound)·|v| */
			if (dup || gap <= 0 || gap * gap <= GJK_CONV_EPS * GJK_CONV_EPS * st->scale2 * vv) {
				if (pr->mode != GJK_CAST) {
					st->end = END_CONVERGED;
					return;
				}
				if (!gjk_converged_advance(pr, st, vv))
					return;
				st->scale2 = gjk_scale2(maxpp, st->x);
				moved = 1;
			}
		}
		if (gjk_insert(st, a, b, ia, ib, !dup, moved, pr->mode == GJK_CAST))
			continue;
		/* a stalled solve in a cast advances by |v|, except where x moved, or where v proves no
		 * separation (v·y ≤ 0: x may lie in C, at the precision floor of a thin simplex): contact
		 * there, for a miss needs a separating plane and an advance along v would take v's direction,
		 * not a supporting plane's, as the normal */
		if (pr->mode != GJK_CAST || moved || !(vy > 0)) {
			st->end = END_CONVERGED;
			return;
		}
		if (!gjk_converged_advance(pr, st, vv))
			return;
		st->scale2 = gjk_scale2(maxpp, st->x);
		if (!gjk_insert(st, a, b, ia, ib, 0, 1, 1)) {
			st->end = END_CONVERGED;
			return;
		}
	}
}

/* gjk_iterate, then |v| and the scale of the final state for the answers */
static void gjk_loop(const gjk_pair *pr, gv guess, gjk_run *st)
{
	gjk_iterate(pr, guess, st);
	st->vlen = sqrtf(gdot(st->v, st->v));
	st->scale = sqrtf(st->scale2);
}

/* the weighted core points of the final simplex (A's frame, unscaled; b without the shift by x): every
 * slot in slot order, μ_i = 0 outside the simplex */
static void gjk_witness(const gjk_run *st, const gjk_pair *pr, gv *pa, gv *pb)
{
	gv a, b;
	for (int i = 0; i < NS; i++) {
		gv ta = gscale(st->s.a[i], st->s.mu[i]), tb = gscale(st->s.b[i], st->s.mu[i]);
		for (int c = 0; c < D; c++) {
			a.c[c] = i ? a.c[c] + ta.c[c] : ta.c[c];
			b.c[c] = i ? b.c[c] + tb.c[c] : tb.c[c];
		}
	}
	*pa = gscale(a, 1.0f / pr->sigma);
	*pb = gscale(b, 1.0f / pr->sigma);
}

/* the contact normal (A → B, not unit) of a cast that advanced: the last plane's normal, which is a
 * supporting plane of C at the hit, exact on a face of a polytope; with a radius clearly above the
 * touching band, the final v instead (its direction error is the rounding over the radius, where
 * the last plane of a curved surface is off by about √(tolerance / radius)) */
static inline gv gjk_hit_normal(const gjk_run *st, float radius)
{
	return radius > 16.0f * GJK_TOUCH_EPS * st->scale ? st->v : st->n;
}

/* a unit vector along v, or zero when v is zero; scaled by its largest component first, so that a
 * tiny v (a guess of coincident origins, a subnormal |v|²) keeps its direction */
static inline gv gunit(gv v)
{
	float big = 0;
	for (int i = 0; i < D; i++)
		big = gmax(big, fabsf(v.c[i]));
	if (!(big > 0))
		return gscale(v, 0.0f);
	v = gscale(v, 1.0f / big);
	return gscale(v, 1.0f / sqrtf(gdot(v, v)));
}

/* the first search direction: B's origin seen from A's, or the first axis when they coincide */
static inline gv gjk_guess(const gjk_pair *pr)
{
	gv g = pr->off;
	if (gdot(g, g) > 0)
		return g;
	gv e = {{1.0f}};
	return e;
}

/* sets sigma = 2^−e with the pair's extent L in [2^(e−1), 2^e) (sw_ref_gjk_scale) and scales off, r
 * and radius by it; L bounds every support point, x and the radius: A's extent, B's offset plus twice
 * its extent, the motion */
static void gjk_set_scale(gjk_pair *pr)
{
	float l = gmax(pr->a.ext, pr->radius), eb = 2.0f * pr->b.ext;
	for (int i = 0; i < D; i++)
		l = gmax(l, gmax(fabsf(pr->off.c[i]) + eb, fabsf(pr->r.c[i])));
	pr->sigma = sw_ref_gjk_scale(l);
	pr->off = gscale(pr->off, pr->sigma);
	pr->r = gscale(pr->r, pr->sigma);
	pr->radius = pr->radius * pr->sigma;
}

/* core validity and extent (src/contract.h, shared with the sets) */
static int core_ok(uint32_t type, uint32_t count, const float *v, const float *half, float radius, float *ext)
{
	return sw_ref_gjk_core_ok(type, count, v, D, half, radius, ext);
}

/* the iteration cap and target from the options; 0 when they are out of range */
static int gjk_opts_ok(const sw_gjk_opts *o, uint32_t *cap, float *target)
{
	*cap = SW_GJK_DEFAULT_ITERS;
	*target = 0;
	if (!o)
		return 1;
	if (!sw_gjk_opts_valid(o))
		return 0;
	if (o->max_iters)
		*cap = o->max_iters;
	*target = o->target;
	return 1;
}

/* ---- answers from a finished run (every query's fields, doc/numerics.md "GJK") ---- */

/* overlap: the gap along the answer's normal. A miss: the lower bound v·y/|v| of the core distance the
 * last support proves, minus the radii; at the cap: the upper bound |v| minus the radii */
static float gjk_gap(const gjk_run *st, const gjk_pair *pr, int limit)
{
	float d = limit ? st->vlen : st->vy / st->vlen;
	return (d - pr->radius) / pr->sigma;
}

/* distance: the status of a run that did not end in contact of the cores */
static sw_status gjk_dist_status(const gjk_run *st, const gjk_pair *pr)
{
	if (st->end == END_LIMIT)
		return SW_ITER_LIMIT;
	return st->vlen <= pr->radius + GJK_TOUCH_EPS * st->scale ? SW_HIT : SW_MISS;
}

/* the closest core points moved out to the rounded surfaces along the unit normal n (A → B) */
static void gjk_round_out(gv *wa, gv *wb, gv n, float ra, float rb)
{
	for (int i = 0; i < D; i++) {
		wa->c[i] = wa->c[i] + n.c[i] * ra;
		wb->c[i] = wb->c[i] - n.c[i] * rb;
	}
}

/* a cast (or ray) that ended in contact at λ = 0 */
static int gjk_cast_start(const gjk_run *st) { return st->lam == 0 && st->end != END_LIMIT; }

/* the cores themselves overlap or touch (enclosed, or within the touching band) */
static int gjk_cores_touch(const gjk_run *st) { return st->inside || st->vlen <= GJK_TOUCH_EPS * st->scale; }
