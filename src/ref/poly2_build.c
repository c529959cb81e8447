/* src/ref/poly2_build.c — 2D convex polygons from arbitrary points, and the check of polygons given
 * as already convex. Method: Andrew's monotone chain (Andrew 1979; de Berg et al., Computational
 * Geometry, 1.1), in double precision, with a collinearity tolerance relative to the cloud's extent. */
#include "alloc.h"
#include "ref/ref.h"
#include "swept/poly2.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* relative size below which a point counts as on a line, or two points as one */
#define POLY2_REL_TOL 1.0e-6

typedef struct pt {
	double x, y;
	uint32_t src; /* index of the input point */
} pt;

static int pt_less(const void *pa, const void *pb)
{
	const pt *a = pa, *b = pb;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	return 0;
}

/* (a − o) × (b − o): > 0 when o → a → b turns counter-clockwise */
static double turn(const pt *o, const pt *a, const pt *b)
{
	return (a->x - o->x) * (b->y - o->y) - (a->y - o->y) * (b->x - o->x);
}

/* c × (d relative to c) sign test for the check: vertex q against edge a → b */
static double side(sw_vec2 a, sw_vec2 b, sw_vec2 q)
{
	return ((double)b.x - a.x) * ((double)q.y - a.y) - ((double)b.y - a.y) * ((double)q.x - a.x);
}

/* one monotone chain over p[0..n) into h (room for n); returns the chain length. A middle point goes
 * unless the chain turns strictly left at it: no tolerance here, so no extreme point is ever cut off
 * (near-collinear and near-duplicate points are merged afterwards, by simplify()) */
static size_t chain(const pt *p, size_t n, int step, pt *h)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const pt *q = &p[step > 0 ? i : n - 1 - i];
		while (k >= 2 && !(turn(&h[k - 2], &h[k - 1], q) > 0))
			k--;
		h[k++] = *q;
	}
	return k;
}

/* squared distance from q to the segment a–b */
static double seg_dist2(const pt *a, const pt *b, const pt *q)
{
	double ex = b->x - a->x, ey = b->y - a->y, qx = q->x - a->x, qy = q->y - a->y;
	double ee = ex * ex + ey * ey, s = ee > 0 ? (qx * ex + qy * ey) / ee : 0;
	s = s < 0 ? 0 : s > 1 ? 1 : s;
	double dx = qx - s * ex, dy = qy - s * ey;
	return dx * dx + dy * dy;
}

/* Merges near-duplicate and near-collinear vertices of the loop h[0..k) (nx, pv: its links, room for
 * k): a vertex goes when every vertex of h between its two neighbours (those dropped before
 * included) lies within tol of the segment joining the neighbours, so the boundary moves by at most
 * tol anywhere and every input point stays within tol of the polygon. Stops when a whole turn of the
 * loop drops nothing; returns the number left and the first of them in *first. */
static size_t simplify(const pt *h, size_t k, double tol, uint32_t *nx, uint32_t *pv, uint32_t *first)
{
	for (size_t i = 0; i < k; i++)
		nx[i] = (uint32_t)((i + 1) % k), pv[i] = (uint32_t)((i + k - 1) % k);
	size_t left = k, still = 0;
	uint32_t cur = 0;
	const double tol2 = tol * tol;
	/* each step drops a vertex or counts one more kept in a row: at most k + 1 steps per drop */
	for (size_t step = 0; step < (k + 1) * (k + 1) && left > 2 && still < left; step++) {
		uint32_t a = pv[cur], c = nx[cur];
		int drop = 1;
		for (uint32_t j = (a + 1) % (uint32_t)k; j != c && drop; j = (j + 1) % (uint32_t)k)
			drop = seg_dist2(&h[a], &h[c], &h[j]) <= tol2;
		if (drop) {
			nx[a] = c, pv[c] = a;
			left--, still = 0;
			cur = a;
		} else {
			still++;
			cur = c;
		}
	}
	*first = cur;
	return left;
}

/* The chains and simplify() keep a loop whose vertices are input floats; sw_poly2_check judges them
 * by side(), which is turn() on the same values (the points' doubles are the floats exactly, the
 * operations the same). A loop merged within the tolerance can still turn right by a hair at a vertex
 * it kept (points at 1e-21 beside points at 1e3): any vertex where it does not turn strictly left
 * goes, which only makes the polygon larger, so every input point stays inside. Returns the new
 * count. */
static size_t convex_in_floats(pt *h, size_t k)
{
	int removed = 1;
	while (removed && k >= 3) {
		removed = 0;
		for (size_t i = 0; i < k && k >= 3;) {
			if (turn(&h[(i + k - 1) % k], &h[i], &h[(i + 1) % k]) > 0) {
				i++;
				continue;
			}
			memmove(&h[i], &h[i + 1], (k - i - 1) * sizeof *h);
			k--;
			removed = 1;
		}
	}
	return k;
}

sw_error sw_poly2_build(const sw_vec2 *points, size_t n, sw_poly2 *out)
{
	if (!out)
		return SW_ERR_NULL;
	memset(out, 0, sizeof *out); /* unused slots are zero: equal polygons compare equal */
	if (!points || n == 0)
		return SW_ERR_EMPTY;
	if (n > SW_POLY2_MAX_POINTS)
		return SW_ERR_INPUT;
	for (size_t i = 0; i < n; i++)
		if (!sw_ref_coord_ok(points[i].x) || !sw_ref_coord_ok(points[i].y))
			return SW_ERR_INPUT;
	/* p: the sorted points, later the loop's links; h: the chains (they share their end points; a
	 * point both chains keep by rounding counts twice: at most 2n entries), then the kept loop */
	size_t bytes = (5 * n + 4) * sizeof(pt);
	pt *p = sw_alloc(bytes, _Alignof(pt));
	if (!p)
		return SW_ERR_NOMEM;
	pt *h = p + n;
	double cx = 0, cy = 0, ext = 0;
	for (size_t i = 0; i < n; i++) {
		p[i] = (pt){points[i].x, points[i].y, (uint32_t)i};
		cx += p[i].x / (double)n, cy += p[i].y / (double)n;
	}
	for (size_t i = 0; i < n; i++)
		ext = fmax(ext, fmax(fabs(p[i].x - cx), fabs(p[i].y - cy)));
	double tol = POLY2_REL_TOL * ext;
	qsort(p, n, sizeof *p, pt_less);
	/* exact duplicates sort next to each other; near-duplicates are merged by simplify() */
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (m == 0 || p[i].x != p[m - 1].x || p[i].y != p[m - 1].y)
			p[m++] = p[i];
	sw_error st = SW_OK;
	if (m < 3) {
		st = SW_ERR_TOO_FEW;
	} else {
		/* lower chain left → right, upper chain right → left; each ends where the other starts */
		size_t lo = chain(p, m, 1, h);
		size_t up = chain(p, m, -1, h + lo - 1);
		size_t loop = lo + up - 2;
		/* p is free now: the links of the loop in it (8 of its 24 bytes a point), the vertices
		 * kept after the loop in h */
		uint32_t *nx = (uint32_t *)p, *pv = nx + loop, first = 0;
		size_t k = 0;
		if (loop >= 3) {
			k = simplify(h, loop, tol, nx, pv, &first);
			pt *kept = h + loop;
			for (size_t i = 0, j = first; i < k; i++, j = nx[j])
				kept[i] = h[j];
			h = kept;
			k = convex_in_floats(h, k);
		}
		if (k < 3)
			st = SW_ERR_COLLINEAR;
		else if (k > SW_POLY2_MAX_VERTS)
			st = SW_ERR_TOO_MANY;
		else
			st = SW_OK;
		if (st == SW_OK) {
			/* start at the lowest, then leftmost vertex: independent of the input order */
			size_t s = 0;
			for (size_t i = 1; i < k; i++)
				if (h[i].y < h[s].y || (h[i].y == h[s].y && h[i].x < h[s].x))
					s = i;
			out->count = (uint32_t)k;
			for (size_t i = 0; i < k; i++)
				out->v[i] = points[h[(s + i) % k].src];
			/* locally convex everywhere; a loop that still fails the whole check is too thin to
			 * represent in floats: refused as a line */
			if (sw_poly2_check(out) != SW_OK) {
				memset(out, 0, sizeof *out);
				st = SW_ERR_COLLINEAR;
			}
		}
	}
	sw_free(p, bytes);
	return st;
}

sw_error sw_poly2_check(const sw_poly2 *poly)
{
	if (!poly)
		return SW_ERR_NULL;
	uint32_t n = poly->count;
	if (n > SW_POLY2_MAX_VERTS || n < 2)
		return SW_ERR_BAD_COUNT;
	for (uint32_t i = 0; i < n; i++)
		if (!sw_ref_coord_ok(poly->v[i].x) || !sw_ref_coord_ok(poly->v[i].y))
			return SW_ERR_INPUT;
	for (uint32_t i = 0; i < n; i++)
		if (poly->v[i].x == poly->v[(i + 1) % n].x && poly->v[i].y == poly->v[(i + 1) % n].y)
			return SW_ERR_DUPLICATE;
	if (n == 2)
		return SW_OK;
	/* signed area first, so a clockwise polygon is named as such */
	double area = 0;
	for (uint32_t i = 0; i < n; i++)
		area += side(poly->v[0], poly->v[i], poly->v[(i + 1) % n]);
	if (area <= 0)
		return SW_ERR_CLOCKWISE;
	for (uint32_t i = 0; i < n; i++) {
		sw_vec2 a = poly->v[i], b = poly->v[(i + 1) % n];
		if (!(side(a, b, poly->v[(i + 2) % n]) > 0))
			return SW_ERR_NOT_CONVEX;
		for (uint32_t k = 0; k < n; k++)
			if (side(a, b, poly->v[k]) < 0)
				return SW_ERR_NOT_CONVEX;
	}
	return SW_OK;
}

sw_poly2 sw_poly2_box(float hx, float hy)
{
	sw_poly2 p;
	memset(&p, 0, sizeof p);
	p.count = 4;
	p.v[0] = sw_v2(-hx, -hy);
	p.v[1] = sw_v2(hx, -hy);
	p.v[2] = sw_v2(hx, hy);
	p.v[3] = sw_v2(-hx, hy);
	return p;
}

sw_poly2 sw_poly2_segment(sw_vec2 a, sw_vec2 b)
{
	sw_poly2 p;
	memset(&p, 0, sizeof p);
	p.count = 2;
	p.v[0] = a;
	p.v[1] = b;
	return p;
}
