/* src/hull3.c — sw_hull3_build and sw_hull3_build_many: the convex hull of a point cloud.
 *
 * The input is checked, sorted lexicographically and rid of exact duplicates before anything else, so
 * every permutation of a cloud runs the same computation and gives the same bits. A cloud with volume
 * goes through the quickhull of src/hull3_qh.c, a flat one through the planar hull of
 * src/hull3_flat.c; the result is finished (src/hull3_derive.c), every input point must lie within tol
 * of it, and it must pass the checks (src/hull3_check.c) with the builder's own stricter promises.
 * When it fails, everything is redone with a thicker plane (run), then with the bounded merge, which
 * drops points from the hull rather than make a face thicker than its rule (run), and a hull that
 * still fails is reported as SW_HULL_NUMERIC, never returned. All the memory is one scratch block
 * (sw_qh_layout_) through the allocator hook.
 */
#include "alloc.h"
#include "hull3_qh.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* attempts at growing plane thickness before SW_HULL_NUMERIC (see run) */
#define QH_RETRIES 3

/* ---- input: validate, sort, deduplicate ---- */

/* strict lexicographic (x, y, z) order; equal points are equal bits (−0 folded first, no NaN). Without
 * branches: the outcomes of a sort's comparisons are not predictable. */
static int pt_less(const sw_vec3 *a, const sw_vec3 *b)
{
	return (a->x < b->x) | ((a->x == b->x) & ((a->y < b->y) | ((a->y == b->y) & (a->z < b->z))));
}

/* finite and within SW_MAX_COORD: |x| ≤ SW_MAX_COORD (finite) is false for NaN and ±∞ too */
static int coord_ok(float x) { return fabsf(x) <= SW_MAX_COORD; }

static sw_hull_status check_input(const sw_vec3 *pts, size_t n, const sw_hull_opts *opts, double *rel)
{
	*rel = SW_HULL_REL_EPS;
	if (opts && opts->rel_eps != 0) {
		if (!(opts->rel_eps >= FLT_EPSILON && opts->rel_eps <= 1e-2f))
			return SW_HULL_INVALID_INPUT;
		*rel = opts->rel_eps;
	}
	if (n > SW_HULL_MAX_POINTS)
		return SW_HULL_INVALID_INPUT;
	int ok = 1; /* one verdict for the cloud: no branch per coordinate */
	for (size_t i = 0; i < n; i++)
		ok &= coord_ok(pts[i].x) & coord_ok(pts[i].y) & coord_ok(pts[i].z);
	return ok ? SW_HULL_OK : SW_HULL_INVALID_INPUT;
}

/* merge sort: runs of 8 by insertion, then merges of doubling width between a and tmp (n points
 * each); the result ends in a. Equal points are equal bits, so any correct sort gives these bits. */
static void sort_points(sw_vec3 *a, size_t n, sw_vec3 *tmp)
{
	for (size_t lo = 0; lo < n; lo += 8)
		for (size_t i = lo + 1; i < n && i < lo + 8; i++) {
			sw_vec3 v = a[i];
			size_t j = i;
			for (; j > lo && pt_less(&v, &a[j - 1]); j--)
				a[j] = a[j - 1];
			a[j] = v;
		}
	sw_vec3 *src = a, *dst = tmp;
	for (size_t w = 8; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n, i = lo, j = mid,
			       k = lo;
			while (i < mid && j < hi) {
				size_t tj = (size_t)pt_less(&src[j], &src[i]);
				dst[k++] = src[tj ? j : i];
				j += tj, i += tj ^ 1;
			}
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
		}
		sw_vec3 *t = src;
		src = dst, dst = t;
	}
	if (src != a)
		memcpy(a, src, n * sizeof *a);
}

/* at most this many points are sorted by counting each one's rank (rank_sort) */
#define RANK_SORT_MAX 64

/* out = the n ≤ RANK_SORT_MAX points of in (finite, no −0) in pt_less order: each point's rank counted
 * as the points before it in that order plus the equal ones at lower indices, four at a time in SSE2
 * (the baseline of x86-64; SIMDe elsewhere). No comparison outcome steers a branch, where a merge
 * sort's do at every step; the lanes past n hold +∞, which is neither before nor equal to a point */
static void rank_sort(const sw_vec3 *in, size_t n, sw_vec3 *out)
{
	_Alignas(16) float c[3][RANK_SORT_MAX];
	const size_t n4 = (n + 3) & ~(size_t)3;
	for (size_t j = 0; j < n4; j++) {
		const int live = j < n;
		c[0][j] = live ? in[j].x : INFINITY;
		c[1][j] = live ? in[j].y : INFINITY;
		c[2][j] = live ? in[j].z : INFINITY;
	}
	for (size_t i = 0; i < n; i++) {
		const simde__m128 xi = simde_mm_set1_ps(in[i].x), yi = simde_mm_set1_ps(in[i].y),
				  zi = simde_mm_set1_ps(in[i].z);
		const simde__m128i ii = simde_mm_set1_epi32((int)i);
		simde__m128i cnt = simde_mm_setzero_si128(), jj = simde_mm_setr_epi32(0, 1, 2, 3);
		for (size_t j = 0; j < n4; j += 4, jj = simde_mm_add_epi32(jj, simde_mm_set1_epi32(4))) {
			const simde__m128 xj = simde_mm_load_ps(&c[0][j]), yj = simde_mm_load_ps(&c[1][j]),
					  zj = simde_mm_load_ps(&c[2][j]);
			const simde__m128 ex = simde_mm_cmpeq_ps(xj, xi), ey = simde_mm_cmpeq_ps(yj, yi);
			const simde__m128 lz =
				simde_mm_or_ps(simde_mm_cmplt_ps(zj, zi),
					       simde_mm_and_ps(simde_mm_cmpeq_ps(zj, zi),
							       simde_mm_castsi128_ps(simde_mm_cmplt_epi32(jj, ii))));
			const simde__m128 ly = simde_mm_or_ps(simde_mm_cmplt_ps(yj, yi), simde_mm_and_ps(ey, lz));
			const simde__m128 before = simde_mm_or_ps(simde_mm_cmplt_ps(xj, xi), simde_mm_and_ps(ex, ly));
			cnt = simde_mm_sub_epi32(cnt, simde_mm_castps_si128(before)); /* a true lane is −1 */
		}
		cnt = simde_mm_add_epi32(cnt, simde_mm_shuffle_epi32(cnt, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
		cnt = simde_mm_add_epi32(cnt, simde_mm_shuffle_epi32(cnt, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
		out[simde_mm_cvtsi128_si32(cnt)] = in[i];
	}
}

/* rank_sort when no two of the n ≤ RANK_SORT_MAX points share an x (most clouds): pt_less is then the
 * order of x alone, and each point's rank the count of smaller x, one comparison four at a time where
 * rank_sort makes six. Returns 0, with out partly written, when two x are equal: their ranks collide, so
 * the ranks are not every index below n. The lanes past n hold +∞, which is no point's x */
static int rank_sort_x(const sw_vec3 *in, size_t n, sw_vec3 *out)
{
	_Alignas(16) float c[RANK_SORT_MAX];
	const size_t n4 = (n + 3) & ~(size_t)3;
	for (size_t j = 0; j < n4; j++)
		c[j] = j < n ? in[j].x : INFINITY;
	uint64_t seen = 0;
	for (size_t i = 0; i < n; i++) {
		const simde__m128 xi = simde_mm_set1_ps(in[i].x);
		simde__m128i cnt = simde_mm_setzero_si128();
		for (size_t j = 0; j < n4; j += 4) /* a true lane is −1 */
			cnt = simde_mm_sub_epi32(cnt,
						 simde_mm_castps_si128(simde_mm_cmplt_ps(simde_mm_load_ps(&c[j]), xi)));
		cnt = simde_mm_add_epi32(cnt, simde_mm_shuffle_epi32(cnt, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
		cnt = simde_mm_add_epi32(cnt, simde_mm_shuffle_epi32(cnt, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
		const uint32_t rank = (uint32_t)simde_mm_cvtsi128_si32(cnt);
		seen |= (uint64_t)1 << rank;
		out[rank] = in[i];
	}
	return seen == (n == 64 ? ~0ull : ((uint64_t)1 << n) - 1);
}

/* sorted unique copy (−0 folded into +0 first, so it cannot make the order depend on the input's);
 * tmp: scratch of n points */
static size_t unique_sorted(const sw_vec3 *in, size_t n, sw_vec3 *out, sw_vec3 *tmp)
{
	sw_vec3 *folded = n <= RANK_SORT_MAX ? tmp : out;
	for (size_t i = 0; i < n; i++)
		folded[i] = sw_v3(in[i].x + 0.0f, in[i].y + 0.0f, in[i].z + 0.0f);
	if (n <= RANK_SORT_MAX && rank_sort_x(tmp, n, out))
		return n; /* every x distinct: no two points are equal */
	if (n > RANK_SORT_MAX)
		sort_points(out, n, tmp);
	else
		rank_sort(tmp, n, out);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (m == 0 || pt_less(&out[m - 1], &out[i]))
			out[m++] = out[i];
	return m;
}

/* ---- flat clouds ---- */

/* the flat hull of the polygon q->flat: normal sign canonical (its largest-magnitude component
 * positive, the ring reversed when that flips it), loop started at the first vertex in point order */
static sw_hull_status emit_flat(sw_qh *q, const sw_vec3 *pts, sw_hull3 *out)
{
	sw_flat_poly *fp = &q->flat;
	int k = fp->k, *ring = q->map, first = 0;
	if (k > SW_HULL_MAX_VERTS)
		return SW_HULL_TOO_MANY;
	double nw[3] = {0, 0, 0};
	for (int i = 0; i < k; i++) {
		const double *a = q->p[fp->ring[i]], *b = q->p[fp->ring[(i + 1) % k]];
		nw[0] += (a[1] - b[1]) * (a[2] + b[2]);
		nw[1] += (a[2] - b[2]) * (a[0] + b[0]);
		nw[2] += (a[0] - b[0]) * (a[1] + b[1]);
	}
	int big = fabs(nw[1]) > fabs(nw[0]) ? 1 : 0;
	big = fabs(nw[2]) > fabs(nw[big]) ? 2 : big;
	for (int i = 0; i < k; i++) {
		ring[i] = nw[big] < 0 ? fp->ring[k - 1 - i] : fp->ring[i];
		first = ring[i] < ring[first] ? i : first;
	}
	for (int i = 0; i < k; i++) {
		out->verts[i] = pts[ring[(first + i) % k]];
		out->face_verts[i] = (uint8_t)i;
		out->face_verts[k + i] = (uint8_t)((k - i) % k);
	}
	out->faces[0].first = 0;
	out->faces[1].first = (uint16_t)k;
	out->faces[0].count = out->faces[1].count = (uint16_t)k;
	out->num_verts = (uint32_t)k;
	out->num_faces = 2;
	return SW_HULL_OK;
}

/* any of the n points (columns xs, ys, zs) with m·(p − o) > lim */
static int any_beyond(const double *xs, const double *ys, const double *zs, size_t n, const double m[3],
		      const double o[3], double lim)
{
	int bad = 0;
	for (size_t i = 0; i < n; i++)
		bad |= m[0] * (xs[i] - o[0]) + m[1] * (ys[i] - o[1]) + m[2] * (zs[i] - o[2]) > lim;
	return bad;
}

/* every input point within tol of the finished hull, judged with the stored float data: behind every
 * face plane and, for a flat hull, behind every side (the plane through an edge along the normal).
 * The points are laid out in columns over q->p, which the attempt no longer needs: the points that
 * are not vertices first (nn of them), then the vertices.
 *
 * The vertices need no test against the planes: d is the largest n·v over them (n the double unit
 * normal), and storing n and d as floats moves n_f·v − d_f by at most 2^-24·((√3 + 1)|c|₁ + 3S)
 * (c the bounding-box centre, S its half extents' sum), while tol ≥ 4·FLT_EPSILON·(S + |c|₁). */
static int contains_all(const sw_hull3 *h, sw_qh *q)
{
	size_t n = (size_t)q->n, nn = 0, nv = n;
	double *xs = &q->p[0][0], *ys = xs + n, *zs = ys + n;
	int *mark = q->next;
	/* by masks: which points are vertices is not predictable (v & −(v ≥ 0) is v, or 0 for a point) */
	for (size_t i = 0; i < n && h->num_faces != 2; i++) {
		const int v = q->vid[i];
		mark[i] = (v >= 0) & (q->deg[v & -(v >= 0)] >= 3);
	}
	for (size_t i = 0; i < n && h->num_faces == 2; i++)
		mark[i] = 0;
	for (int j = 0; h->num_faces == 2 && j < q->flat.k; j++)
		mark[q->flat.ring[j]] = 1;
	for (size_t i = 0; i < n; i++) {
		size_t m = (size_t)mark[i], at = m ? nv - 1 : nn;
		nv -= m, nn += m ^ 1;
		xs[at] = q->pts[i].x, ys[at] = q->pts[i].y, zs[at] = q->pts[i].z;
	}
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const sw_hull_face *fc = &h->faces[f];
		const double m[3] = {fc->normal.x, fc->normal.y, fc->normal.z};
		if (sw_hull3_any_above_(xs, ys, zs, nn, m, fc->d, h->tol))
			return 0;
	}
	for (uint32_t e = 0; h->num_faces == 2 && e < h->num_verts; e++) {
		const sw_vec3 a = h->verts[e], b = h->verts[(e + 1) % h->num_verts], nf = h->faces[0].normal;
		const double u[3] = {(double)b.x - a.x, (double)b.y - a.y, (double)b.z - a.z}, o[3] = {a.x, a.y, a.z};
		double m[3] = {u[1] * nf.z - u[2] * nf.y, u[2] * nf.x - u[0] * nf.z, u[0] * nf.y - u[1] * nf.x};
		double l = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
		if (any_beyond(xs, ys, zs, n, m, o, h->tol * l))
			return 0;
	}
	return 1;
}

/* ---- entry ---- */

/* one attempt at plane thickness rel·S on sorted unique points (q's per-point arrays allocated);
 * fresh: out is still all zeros */
static sw_hull_status attempt(sw_qh *q, const sw_vec3 *pts, double rel, int fresh, sw_hull3 *out)
{
	double c[3], tol;
	int *deg = q->deg;
	sw_qh_loops *L = &q->loops;
	q->nv = q->nf = q->nfree = q->stamp = q->mstamp = 0;
	q->freel[0] = 0; /* read by new_face_in before a slot is freed, and discarded */
	for (int k = 0; k < q->vcap; k++)
		q->hz[k] = -1, q->mask[k] = 0;
	memset(q->busy, 0, sizeof(uint64_t) * (size_t)((q->fcap + 63) / 64));
	sw_hull3_tolerances_(pts, (size_t)q->n, rel, c, &q->eps, &tol);
	for (int i = 0; i < q->n; i++) {
		q->p[i][0] = (double)pts[i].x - c[0];
		q->p[i][1] = (double)pts[i].y - c[1];
		q->p[i][2] = (double)pts[i].z - c[2];
		q->vid[i] = -1;
	}
	q->drop_pt = -1;
	if (q->ndrop > 0) { /* the dropped points (run) moved to the others' centroid, inside their hull */
		double m[3] = {0, 0, 0};
		int kept = q->n;
		for (int k = 0; k < q->ndrop; k++)
			q->vid[q->drops[k]] = -2;
		for (int i = 0; i < q->n; i++)
			for (int k = 0; k < 3 && q->vid[i] == -1; k++)
				m[k] += q->p[i][k];
		kept -= q->ndrop;
		for (int k = 0; k < q->ndrop; k++)
			for (int j = 0; j < 3; j++)
				q->p[q->drops[k]][j] = m[j] / kept, q->vid[q->drops[k]] = -1;
	}
	if (!fresh) /* a retry: the first attempt found the output zeroed (start) */
		memset(out, 0, sizeof *out);
	sw_hull_status st = sw_qh_simplex_(q);
	if (st == SW_HULL_FLAT) {
		st = sw_hull3_flat_((const double(*)[3])q->p, q->n, q->eps, q->tri, q->next, &q->flat);
		if (st == SW_HULL_OK)
			st = emit_flat(q, pts, out);
	} else {
		if (st == SW_HULL_OK)
			st = sw_qh_hull_(q);
		if (st != SW_HULL_OK)
			return st;
		sw_qh_merge_(q);
		st = sw_qh_loops_(q, L, deg);
		if (st == SW_HULL_OK)
			st = sw_qh_emit_(q, L, deg, pts, out);
	}
	if (st == SW_HULL_OK) /* the edges of a solid's loops are paired by sw_qh_emit_ */
		st = out->num_faces == 2 ? sw_hull3_finish_(out, q->eps, tol, &q->shared)
					 : sw_hull3_finish_paired_(out, q->eps, tol, &q->shared);
	/* the builder's own loops found not to be a closed surface (an edge paired wrongly after a merge):
	 * a numeric failure of this attempt, retried as the others, not a verdict on caller faces */
	if (st >= SW_HULL_BAD_FACES_INDEX)
		st = SW_HULL_NUMERIC;
	if (st == SW_HULL_OK && !contains_all(out, q))
		st = SW_HULL_NUMERIC;
	/* out and q->shared as the finish just made them (contains_all only reads out) */
	if (st == SW_HULL_OK && sw_hull3_validate_made_(out, &q->shared) != SW_HULL_OK)
		st = SW_HULL_NUMERIC;
	if (st == SW_HULL_OK)
		sw_hull3_put_seal_(out);
	return st;
}

/* noise right at the scale of eps (points a little more than eps apart or off a plane) can leave
 * the thick-plane construction inconsistent; it is then redone with eps 8 and 64 times larger,
 * which absorbs that noise. The hull reports the eps it was built with.
 *
 * A gently curved surface sampled finely (the top of a thin slab: neighbouring triangles bent by less
 * than eps) defeats that ladder: region growing joins triangles pairwise, each pair within eps of
 * coplanar, into a face whose vertices spread more than tol off its plane, and a thicker plane only
 * joins larger patches. When the ladder fails, it is run again with the bounded merge: a join that
 * would spread the face's vertices more than 2·eps off its plane is refused, and the most leaning point
 * of the first refusal is dropped from the hull (moved inside, to the other points' centroid; it stays
 * an input point that must lie within tol of the result); the attempt is repeated until it passes, no
 * join is refused, or SW_QH_MAX_DROPS points are dropped. It runs only where the ladder failed, so every
 * hull the ladder builds keeps its bits. */
static sw_hull_status run(sw_qh *q, const sw_vec3 *pts, double rel, sw_hull3 *out)
{
	sw_hull_status st = SW_HULL_NUMERIC;
	const double rel0 = rel;
	q->bounded = q->ndrop = 0;
	for (int k = 0; k < QH_RETRIES && st == SW_HULL_NUMERIC; k++, rel *= 8)
		st = attempt(q, pts, rel, k == 0, out);
	rel = rel0;
	for (int k = 0; k < QH_RETRIES && st == SW_HULL_NUMERIC; k++, rel *= 8) {
		q->bounded = 1, q->ndrop = 0;
		st = attempt(q, pts, rel, 0, out);
		while (st == SW_HULL_NUMERIC && q->drop_pt >= 0 && q->ndrop < SW_QH_MAX_DROPS && q->ndrop + 4 < q->n) {
			q->drops[q->ndrop++] = q->drop_pt;
			st = attempt(q, pts, rel, 0, out);
		}
	}
	q->bounded = q->ndrop = 0;
	return st;
}

/* one build in a scratch block laid out for at least n points */
static sw_hull_status build_in(const sw_vec3 *points, size_t n, double rel, unsigned char *scratch, sw_hull3 *out)
{
	sw_qh q;
	sw_qh_layout_(&q, n, scratch);
	q.n = (int)unique_sorted(points, n, q.pts, (sw_vec3 *)(void *)q.p); /* p is free until attempt */
	sw_hull_status st = q.n < 3 ? SW_HULL_TOO_FEW : run(&q, q.pts, rel, out);
	if (st != SW_HULL_OK)
		sw_hull3_clear_(out);
	return st;
}

/* the input rules of sw_hull3_build for one cloud; *rel the plane thickness to build with */
static sw_hull_status start(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, double *rel, sw_hull3 *out)
{
	memset(out, 0, sizeof *out); /* unused capacity is zero too: equal hulls are equal bytes */
	if (!points || n == 0)
		return SW_HULL_EMPTY;
	return check_input(points, n, opts, rel);
}

sw_hull_status sw_hull3_build_st_(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, sw_hull3 *out)
{
	double rel;
	if (!out)
		return SW_HULL_INVALID_INPUT;
	sw_hull_status st = start(points, n, opts, &rel, out);
	if (st != SW_HULL_OK)
		return st;
	sw_qh sizing;
	size_t bytes = sw_qh_layout_(&sizing, n, NULL);
	unsigned char *scratch = sw_alloc(bytes, 16);
	if (!scratch)
		return SW_HULL_NO_MEMORY;
	st = build_in(points, n, rel, scratch, out);
	sw_free(scratch, bytes);
	return st;
}

sw_error sw_hull3_build_many(const sw_vec3 *points, const uint32_t *counts, size_t num_hulls, const sw_hull_opts *opts,
			     sw_hull3 *out, sw_error *status)
{
	if (num_hulls == 0)
		return SW_OK;
	if (!counts || !out || !status)
		return SW_ERR_NULL;
	if (num_hulls > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (opts && opts->rel_eps != 0 && !(opts->rel_eps >= FLT_EPSILON && opts->rel_eps <= 1e-2f))
		return SW_ERR_ARG;
	size_t total = 0, most = 0;
	for (size_t k = 0; k < num_hulls; k++) {
		total += counts[k];
		if (counts[k] <= SW_HULL_MAX_POINTS && counts[k] > most)
			most = counts[k];
	}
	if (!points && total > 0)
		return SW_ERR_NULL;
	sw_qh sizing;
	size_t bytes = most ? sw_qh_layout_(&sizing, most, NULL) : 0;
	unsigned char *scratch = bytes ? sw_alloc(bytes, 16) : NULL;
	if (bytes && !scratch)
		return SW_ERR_NOMEM;
	for (size_t k = 0, at = 0; k < num_hulls; at += counts[k++]) {
		double rel;
		sw_hull_status st = start(counts[k] ? points + at : NULL, counts[k], opts, &rel, &out[k]);
		if (st == SW_HULL_OK)
			st = build_in(points + at, counts[k], rel, scratch, &out[k]);
		status[k] = sw_hull_error_(st);
	}
	sw_free(scratch, bytes);
	return SW_OK;
}
