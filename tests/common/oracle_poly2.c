/* tests/common/oracle_poly2.c — see oracle_poly2.h. B(t) = B + t·v touches A exactly when t·v lies in
 * M = A ⊖ B = {a − b}, a convex polygon: the hull of all vertex differences. Clipping the segment
 * t·v, t ∈ [0,1], against M's edge half-planes gives the first and last contact directly. */
#include "oracle_poly2.h"

#include <math.h>
#include <stdlib.h>

typedef struct dpt {
	double x, y;
} dpt;

static dpt world(sw_vec2 p, sw_pose2 x)
{
	double c = x.q.c, s = x.q.s;
	dpt r = {c * p.x - s * p.y + x.p.x, s * p.x + c * p.y + x.p.y};
	return r;
}

static int dpt_less(const void *pa, const void *pb)
{
	const dpt *a = pa, *b = pb;
	return a->x != b->x ? (a->x < b->x ? -1 : 1) : a->y != b->y ? (a->y < b->y ? -1 : 1) : 0;
}

static double cross(dpt o, dpt a, dpt b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

/* convex hull, counter-clockwise, collinear points dropped (exact predicates are not needed: the
 * difference set is in general position up to rounding, and a kept near-collinear vertex does not
 * change the half-plane intersection) */
static size_t hull(dpt *p, size_t n, dpt *h)
{
	qsort(p, n, sizeof *p, dpt_less);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0)
			k--;
		h[k++] = p[i];
	}
	for (size_t i = n - 1, t = k + 1; i-- > 0;) {
		while (k >= t && cross(h[k - 2], h[k - 1], p[i]) <= 0)
			k--;
		h[k++] = p[i];
	}
	return k - 1;
}

void oracle_poly2_sweep(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb, sw_vec2 db,
			double inflate, oracle_poly2_result *out)
{
	dpt d[SW_POLY2_MAX_VERTS * SW_POLY2_MAX_VERTS], h[2 * SW_POLY2_MAX_VERTS * SW_POLY2_MAX_VERTS + 2];
	size_t n = 0;
	double ea = 0, eb = 0;
	for (uint32_t i = 0; i < a->count; i++) {
		dpt pa = world(a->v[i], xa);
		ea = fmax(ea, hypot(a->v[i].x, a->v[i].y));
		for (uint32_t j = 0; j < b->count; j++) {
			dpt pb = world(b->v[j], xb);
			d[n++] = (dpt){pa.x - pb.x, pa.y - pb.y};
		}
	}
	for (uint32_t j = 0; j < b->count; j++)
		eb = fmax(eb, hypot(b->v[j].x, b->v[j].y));
	double vx = (double)db.x - da.x, vy = (double)db.y - da.y;
	out->scale = ea + eb + hypot(vx, vy);
	size_t m = hull(d, n, h);
	/* Cyrus–Beck: t·v inside edge k ⇔ t·(n_k·v) ≤ c_k + inflate, n_k outward unit */
	double t0 = 0, t1 = 1;
	int inside0 = 1, empty = 0;
	for (size_t k = 0; k < m; k++) {
		dpt p = h[k], q = h[(k + 1) % m];
		double ex = q.x - p.x, ey = q.y - p.y, len = hypot(ex, ey);
		if (len == 0)
			continue;
		double nx = ey / len, ny = -ex / len, c = nx * p.x + ny * p.y + inflate, u = nx * vx + ny * vy;
		if (c < 0)
			inside0 = 0;
		if (u == 0) {
			if (c < 0)
				empty = 1;
		} else if (u > 0) {
			t1 = fmin(t1, c / u);
		} else {
			t0 = fmax(t0, c / u);
		}
	}
	if (inside0) {
		out->status = SW_STARTS_OVERLAPPED;
		out->t_first = 0;
		out->t_last = empty ? 0 : t1;
	} else if (!empty && t0 <= t1) {
		out->status = SW_HIT;
		out->t_first = t0;
		out->t_last = t1;
	} else {
		out->status = SW_MISS;
		out->t_first = out->t_last = 1;
	}
}

double oracle_poly2_gap_along(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb, sw_vec2 db,
			      double t, sw_vec2 n)
{
	double max_a = -INFINITY, min_b = INFINITY;
	for (uint32_t i = 0; i < a->count; i++) {
		dpt p = world(a->v[i], xa);
		max_a = fmax(max_a, n.x * (p.x + t * da.x) + n.y * (p.y + t * da.y));
	}
	for (uint32_t j = 0; j < b->count; j++) {
		dpt p = world(b->v[j], xb);
		min_b = fmin(min_b, n.x * (p.x + t * db.x) + n.y * (p.y + t * db.y));
	}
	return min_b - max_a;
}
