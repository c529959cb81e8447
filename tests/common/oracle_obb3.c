/* tests/common/oracle_obb3.c — double-precision oracle for the moving OBB–OBB test (see oracle_obb3.h).
 *
 * Method. For a fixed unit axis L, the term g_L(t) = |L·d(t)| − rA(L) − rB(L) with
 * d(t) = d0 + t·v is the absolute value of an affine function minus a constant: convex and
 * piecewise linear in t. f = max_L g_L is therefore convex and piecewise linear too. By the
 * separating axis theorem for two boxes (3 + 3 face normals and 9 edge cross products), the boxes
 * are disjoint at time t exactly when some g_L(t) > 0, i.e. f(t) > 0; touching gives f(t) = 0.
 *
 * Convexity gives everything else:
 * - golden-section search finds min f on [0,1] (a convex function is unimodal; on ties the
 *   minimum lies between the two probes, so discarding either side is safe);
 * - the sublevel set {t : f(t) ≤ c} is an interval containing the minimiser t*, so on [0, t*]
 *   the predicate f(t) ≤ c is monotone (false ... true) and on [t*, 1] it is (true ... false):
 *   bisection on the predicate finds the first and last contact times.
 * No slab is ever intersected, so this shares no step with the library's ray clipping. */
#include "oracle_obb3.h"

#include <math.h>

enum { golden_iters = 200, bisect_iters = 200 };

static void vec_of(sw_vec3 v, double o[3])
{
	o[0] = v.x;
	o[1] = v.y;
	o[2] = v.z;
}

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

/* support half-width of a box (as the parallelepiped its columns span) along unit n; `col` is the
 * 3×3 column array flattened (a [3][3] parameter trips a false gcc 12 -Wstringop-overflow under ASan) */
static double radius_along(const double *col, const double half[3], const double n[3])
{
	return half[0] * fabs(dot3(col, n)) + half[1] * fabs(dot3(col + 3, n)) + half[2] * fabs(dot3(col + 6, n));
}

/* axis `id` as a unit vector; returns 0 when it is an edge axis below ORACLE_CROSS2_MIN to skip */
static int build_axis(oracle_obb3_problem *p, int id)
{
	double l[3], la2, lb2;
	if (id < 6) {
		const double *c = id < 3 ? p->col_a[id] : p->col_b[id - 3];
		l[0] = c[0], l[1] = c[1], l[2] = c[2];
		la2 = dot3(l, l), lb2 = 1;
	} else {
		int i = (id - 6) / 3, j = (id - 6) % 3;
		cross3(p->col_a[i], p->col_b[j], l);
		la2 = dot3(p->col_a[i], p->col_a[i]), lb2 = dot3(p->col_b[j], p->col_b[j]);
	}
	double n2 = dot3(l, l);
	p->cross_len[id] = id < 6 ? 1.0 : sqrt(n2 / (la2 * lb2));
	if (!(n2 > 0) || (id >= 6 && n2 < ORACLE_CROSS2_MIN * la2 * lb2)) {
		p->axis[id][0] = p->axis[id][1] = p->axis[id][2] = 0;
		return 0;
	}
	double inv = 1.0 / sqrt(n2);
	for (int k = 0; k < 3; k++)
		p->axis[id][k] = l[k] * inv;
	return 1;
}

static double max_abs3(const double a[3], double m)
{
	for (int k = 0; k < 3; k++)
		m = fmax(m, fabs(a[k]));
	return m;
}

void oracle_obb3_prepare(const sc_box *a, sw_vec3 da, const sc_box *b, sw_vec3 db, oracle_obb3_problem *p)
{
	double ca[3], cb[3], va[3], vb[3];
	vec_of(a->center, ca), vec_of(b->center, cb), vec_of(da, va), vec_of(db, vb);
	vec_of(a->half, p->half_a), vec_of(b->half, p->half_b);
	/* the boxes are the ones the library sees: its float expansion of the quaternions, then exact */
	sw_mat3 ra = sc_box_axes(a), rb = sc_box_axes(b);
	for (int k = 0; k < 3; k++) {
		vec_of(ra.col[k], p->col_a[k]);
		vec_of(rb.col[k], p->col_b[k]);
		/* float inputs: these differences are exact in double */
		p->d0[k] = cb[k] - ca[k];
		p->v[k] = vb[k] - va[k];
	}
	for (int id = 0; id < 15; id++) {
		p->used[id] = build_axis(p, id);
		p->p0[id] = dot3(p->axis[id], p->d0);
		p->w[id] = dot3(p->axis[id], p->v);
		p->rsum[id] = radius_along(&p->col_a[0][0], p->half_a, p->axis[id]) +
			      radius_along(&p->col_b[0][0], p->half_b, p->axis[id]);
	}
	p->sum_half = p->half_a[0] + p->half_a[1] + p->half_a[2] + p->half_b[0] + p->half_b[1] + p->half_b[2];
	p->len_d0 = sqrt(dot3(p->d0, p->d0));
	p->len_v = sqrt(dot3(p->v, p->v));
	double ea[3], eb[3];
	for (int k = 0; k < 3; k++)
		ea[k] = ca[k] + va[k], eb[k] = cb[k] + vb[k];
	p->max_coord = max_abs3(ca, max_abs3(cb, max_abs3(ea, max_abs3(eb, 0))));
	p->t_min = 0;
	p->f_min = oracle_obb3_sep(p, 0, NULL, NULL);
	/* golden-section search for the minimum of the convex f on [0,1] */
	const double g = 0.5 * (sqrt(5.0) - 1.0);
	double lo = 0, hi = 1, m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
	double f1 = oracle_obb3_sep(p, m1, NULL, NULL), f2 = oracle_obb3_sep(p, m2, NULL, NULL);
	for (int it = 0; it < golden_iters && m1 < m2; it++) {
		if (f1 <= f2) {
			hi = m2, m2 = m1, f2 = f1;
			m1 = hi - g * (hi - lo);
			f1 = oracle_obb3_sep(p, m1, NULL, NULL);
		} else {
			lo = m1, m1 = m2, f1 = f2;
			m2 = lo + g * (hi - lo);
			f2 = oracle_obb3_sep(p, m2, NULL, NULL);
		}
	}
	/* the endpoints are checked too: the minimum of a monotone f sits on one of them */
	double cand[4] = {m1, m2, 1.0, 0.5 * (lo + hi)};
	for (int k = 0; k < 4; k++) {
		double fk = oracle_obb3_sep(p, cand[k], NULL, NULL);
		if (fk < p->f_min)
			p->f_min = fk, p->t_min = cand[k];
	}
}

double oracle_obb3_sep(const oracle_obb3_problem *p, double t, int *axis_id, double axis[3])
{
	double best = -INFINITY;
	int best_id = -1;
	for (int id = 0; id < 15; id++) {
		if (!p->used[id])
			continue;
		double g = fabs(p->p0[id] + t * p->w[id]) - p->rsum[id];
		if (g > best)
			best = g, best_id = id;
	}
	if (axis_id)
		*axis_id = best_id;
	if (axis) {
		/* no usable axis only happens for degenerate boxes: report a zero axis */
		double s = best_id < 0 ? 0.0 : p->p0[best_id] + t * p->w[best_id] < 0 ? -1.0 : 1.0;
		for (int k = 0; k < 3; k++)
			axis[k] = best_id < 0 ? 0.0 : s * p->axis[best_id][k];
	}
	return best;
}

void oracle_obb3_terms(const oracle_obb3_problem *p, double t, double terms[15])
{
	for (int id = 0; id < 15; id++)
		terms[id] = p->used[id] ? fabs(p->p0[id] + t * p->w[id]) - p->rsum[id] : -INFINITY;
}

double oracle_obb3_sep_along(const oracle_obb3_problem *p, const double n[3], double t)
{
	double len = sqrt(dot3(n, n)), u[3], d[3];
	for (int k = 0; k < 3; k++) {
		u[k] = n[k] / len;
		d[k] = p->d0[k] + t * p->v[k];
	}
	return fabs(dot3(u, d)) - radius_along(&p->col_a[0][0], p->half_a, u) -
	       radius_along(&p->col_b[0][0], p->half_b, u);
}

double oracle_obb3_dir_along(const oracle_obb3_problem *p, const double n[3], double t)
{
	double d[3];
	for (int k = 0; k < 3; k++)
		d[k] = p->d0[k] + t * p->v[k];
	return dot3(n, d);
}

/* the crossing of f = c between `out` (f > c) and `in` (f ≤ c), f monotonic between them; returns
 * the end of the bracket on the f ≤ c side, so the answer is always a time that touches */
static double bisect_crossing(const oracle_obb3_problem *p, double c, double out, double in)
{
	for (int it = 0; it < bisect_iters; it++) {
		double mid = 0.5 * (out + in);
		if (mid == out || mid == in)
			break;
		if (oracle_obb3_sep(p, mid, NULL, NULL) <= c)
			in = mid;
		else
			out = mid;
	}
	return in;
}

double oracle_obb3_first_at_or_below(const oracle_obb3_problem *p, double c)
{
	if (oracle_obb3_sep(p, 0, NULL, NULL) <= c)
		return 0;
	if (p->f_min > c)
		return -1;
	/* f is non-increasing on [0, t_min]: f(0) > c ≥ f(t_min) */
	return bisect_crossing(p, c, 0, p->t_min);
}

double oracle_obb3_last_at_or_below(const oracle_obb3_problem *p, double c)
{
	if (p->f_min > c)
		return -1;
	if (oracle_obb3_sep(p, 1, NULL, NULL) <= c)
		return 1;
	/* f is non-decreasing on [t_min, 1]: f(t_min) ≤ c < f(1) */
	return bisect_crossing(p, c, 1, p->t_min);
}

sw_status oracle_obb3_solve(const oracle_obb3_problem *p, oracle_obb3_result *out)
{
	out->sep0 = oracle_obb3_sep(p, 0, NULL, NULL);
	out->sep1 = oracle_obb3_sep(p, 1, NULL, NULL);
	out->min_sep = p->f_min;
	out->t_at_min = p->t_min;
	out->scale = p->sum_half + p->len_v;
	if (out->sep0 <= 0) {
		out->status = SW_STARTS_OVERLAPPED;
		out->t_first = 0;
		out->t_last = oracle_obb3_last_at_or_below(p, 0);
	} else if (p->f_min <= 0) {
		out->status = SW_HIT;
		out->t_first = oracle_obb3_first_at_or_below(p, 0);
		out->t_last = oracle_obb3_last_at_or_below(p, 0);
	} else {
		out->status = SW_MISS;
		out->t_first = out->t_last = 1;
	}
	return out->status;
}

sw_status oracle_obb3_sweep(const sc_box *a, sw_vec3 da, const sc_box *b, sw_vec3 db, oracle_obb3_result *out)
{
	oracle_obb3_problem p;
	oracle_obb3_prepare(a, da, b, db, &p);
	return oracle_obb3_solve(&p, out);
}

double oracle_obb3_static_sep(const sc_box *a, const sc_box *b, int *axis_id)
{
	oracle_obb3_problem p;
	sw_vec3 zero = {0, 0, 0};
	oracle_obb3_prepare(a, zero, b, zero, &p);
	return oracle_obb3_sep(&p, 0, axis_id, NULL);
}
