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

/* one monotone chain over p[0..n) into h (room for n); returns the chain length. A middle point m of
 * o → m → q goes when the turn is to the right by more than tol (distance from the line o → q). When the
 * three are collinear within tol, where they lie along the line decides: m between o and q goes; q
 * between o and m is within tol of the chain and is skipped; and when the chain folds back (o between
 * m and q, possible where many points share an x) the exact sign of the turn decides, as it would
 * without a tolerance: a tolerance may merge points, never cut off an extreme one */
static size_t chain(const pt *p, size_t n, int step, double tol, pt *h)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const pt *q = &p[step > 0 ? i : n - 1 - i];
		int skip = 0;
		while (k >= 2) {
			const pt *o = &h[k - 2], *m = &h[k - 1];
			double dx = q->x - o->x, dy = q->y - o->y, t = turn(o, m, q),
			       lim = tol * sqrt(dx * dx + dy * dy);
			if (t > lim)
				break;
			if (t >= -lim) {
				double along = (m->x - o->x) * dx + (m->y - o->y) * dy;
				if (along > dx * dx + dy * dy) {
					skip = 1;
					break;
				}
				if (along < 0 && t > 0)
					break;
			}
			k--;
		}
		if (!skip)
			h[k++] = *q;
	}
	return k;
}

/* The chains decide in double precision with a tolerance; the polygon is made of the input floats
 * and sw_poly2_check judges those exactly as it computes. A loop h[0..k) whose vertices are all within
 * the tolerance of a convex polygon can still turn right by a hair there (points at 1e-21 beside
 * points at 1e3). Any vertex where the loop, in the check's arithmetic, does not turn strictly left
 * goes: removing it only makes the polygon larger, so every input point stays inside. Returns the
 * new count. */
static size_t convex_in_floats(const sw_vec2 *points, pt *h, size_t k)
{
	int removed = 1;
	while (removed && k >= 3) {
		removed = 0;
		for (size_t i = 0; i < k && k >= 3;) {
			sw_vec2 a = points[h[(i + k - 1) % k].src], b = points[h[i].src],
				c = points[h[(i + 1) % k].src];
			if (side(a, b, c) > 0) {
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
	/* the chains share their end points in h: at most 2n entries */
	size_t bytes = (3 * n + 2) * sizeof(pt);
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
	/* exact duplicates sort next to each other; near-duplicates are popped by the chains */
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (m == 0 || p[i].x != p[m - 1].x || p[i].y != p[m - 1].y)
			p[m++] = p[i];
	sw_error st = SW_OK;
	if (m < 3) {
		st = SW_ERR_TOO_FEW;
	} else {
		/* lower chain left → right, upper chain right → left; each ends where the other starts */
		size_t lo = chain(p, m, 1, tol, h);
		size_t up = chain(p, m, -1, tol, h + lo - 1);
		size_t k = convex_in_floats(points, h, lo + up - 2);
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
