/* tests/common/oracle_obb3_tri3.c — double-precision oracle for the moving OBB–triangle test (see
 * oracle_obb3_tri3.h).
 *
 * Method. For a fixed unit axis L the triangle's projection at time t is [lo + w·t, hi + w·t]
 * (lo, hi: min and max of the three vertices' projections; w = L·v) and the box's is [−r, r], so
 * the term g_L(t) = max(lo + w·t − r, −r − hi − w·t) is a max of affine functions: convex. f =
 * max_L g_L is convex too, and by the separating axis theorem for a box and a triangle (3 box face
 * normals, the triangle's normal, 9 edge cross products; Akenine-Möller 2001) the shapes are
 * disjoint at t exactly when f(t) > 0. Golden-section search for the minimum and bisection for the
 * crossings follow from convexity as in oracle_obb3.c. Projections use all three vertices, in world
 * space: nothing is shared with the library's box-frame slabs and flat-edge shortcuts. */
#include "oracle_obb3_tri3.h"

#include "oracle_obb3.h"

#include <math.h>

enum { golden_iters = 200, bisect_iters = 200 };

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

static double radius_along(const oracle_tri3_problem *p, const double n[3])
{
	return p->half[0] * fabs(dot3(p->col[0], n)) + p->half[1] * fabs(dot3(p->col[1], n)) +
	       p->half[2] * fabs(dot3(p->col[2], n));
}

/* projection interval of the vertices at t = 0 on unit n */
static void tri_interval(const oracle_tri3_problem *p, const double n[3], double *lo, double *hi)
{
	*lo = INFINITY, *hi = -INFINITY;
	for (int k = 0; k < 3; k++) {
		double x = dot3(p->vert[k], n);
		*lo = fmin(*lo, x), *hi = fmax(*hi, x);
	}
}

static void set_axis(oracle_tri3_problem *p, int id, const double l[3], int use)
{
	double n2 = dot3(l, l);
	p->used[id] = use && n2 > 0;
	for (int k = 0; k < 3; k++)
		p->axis[id][k] = p->used[id] ? l[k] / sqrt(n2) : 0.0;
}

void oracle_tri3_prepare(const sc_box *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt, oracle_tri3_problem *p)
{
	const sw_vec3 vs[3] = {t->a, t->b, t->c};
	const double c[3] = {a->center.x, a->center.y, a->center.z};
	sw_mat3 r = sc_box_axes(a);
	const double mva[3] = {da.x, da.y, da.z}, mvt[3] = {dt.x, dt.y, dt.z};
	double edge[3][3], emax2 = 0, mc = 0;
	for (int k = 0; k < 3; k++) {
		const double x[3] = {vs[k].x, vs[k].y, vs[k].z};
		for (int q = 0; q < 3; q++) {
			p->vert[k][q] = x[q] - c[q];
			mc = fmax(mc, fmax(fabs(x[q]), fabs(x[q] + mvt[q])));
			mc = fmax(mc, fmax(fabs(c[q]), fabs(c[q] + mva[q])));
		}
		p->col[k][0] = r.col[k].x, p->col[k][1] = r.col[k].y, p->col[k][2] = r.col[k].z;
	}
	p->max_coord = mc;
	p->half[0] = a->half.x, p->half[1] = a->half.y, p->half[2] = a->half.z;
	for (int q = 0; q < 3; q++)
		p->v[q] = mvt[q] - mva[q];
	for (int j = 0; j < 3; j++) {
		for (int q = 0; q < 3; q++)
			edge[j][q] = p->vert[(j + 1) % 3][q] - p->vert[j][q];
		emax2 = fmax(emax2, dot3(edge[j], edge[j]));
	}
	double g[3] = {-edge[2][0], -edge[2][1], -edge[2][2]}, n[3];
	cross3(edge[0], g, n);
	double nl = sqrt(dot3(n, n));
	for (int q = 0; q < 3; q++)
		p->normal[q] = n[q] / nl;
	p->sine = nl / emax2;
	p->size = p->half[0] + p->half[1] + p->half[2] + sqrt(emax2);

	for (int i = 0; i < 3; i++) {
		set_axis(p, i, p->col[i], 1);
		p->cross_len[i] = 1;
	}
	set_axis(p, 3, n, 1);
	p->cross_len[3] = 1;
	for (int i = 0; i < 3; i++) {
		for (int j = 0; j < 3; j++) {
			int id = 4 + 3 * i + j;
			double l[3], la2 = dot3(p->col[i], p->col[i]), lb2 = dot3(edge[j], edge[j]);
			cross3(p->col[i], edge[j], l);
			double n2 = dot3(l, l);
			p->cross_len[id] = sqrt(n2 / (la2 * lb2));
			set_axis(p, id, l, n2 >= ORACLE_CROSS2_MIN * la2 * lb2);
		}
	}
	p->len_d0 = 0;
	for (int k = 0; k < 3; k++)
		p->len_d0 = fmax(p->len_d0, sqrt(dot3(p->vert[k], p->vert[k])));
	p->len_v = sqrt(dot3(p->v, p->v));
	for (int id = 0; id < ORACLE_TRI3_AXES; id++) {
		tri_interval(p, p->axis[id], &p->lo[id], &p->hi[id]);
		p->w[id] = dot3(p->axis[id], p->v);
		p->r[id] = radius_along(p, p->axis[id]);
	}

	p->t_min = 0;
	p->f_min = oracle_tri3_sep(p, 0, NULL, NULL);
	const double gr = 0.5 * (sqrt(5.0) - 1.0);
	double lo = 0, hi = 1, m1 = hi - gr * (hi - lo), m2 = lo + gr * (hi - lo);
	double f1 = oracle_tri3_sep(p, m1, NULL, NULL), f2 = oracle_tri3_sep(p, m2, NULL, NULL);
	for (int it = 0; it < golden_iters && m1 < m2; it++) {
		if (f1 <= f2) {
			hi = m2, m2 = m1, f2 = f1;
			m1 = hi - gr * (hi - lo);
			f1 = oracle_tri3_sep(p, m1, NULL, NULL);
		} else {
			lo = m1, m1 = m2, f1 = f2;
			m2 = lo + gr * (hi - lo);
			f2 = oracle_tri3_sep(p, m2, NULL, NULL);
		}
	}
	double cand[4] = {m1, m2, 1.0, 0.5 * (lo + hi)};
	for (int k = 0; k < 4; k++) {
		double fk = oracle_tri3_sep(p, cand[k], NULL, NULL);
		if (fk < p->f_min)
			p->f_min = fk, p->t_min = cand[k];
	}
}

/* g_L(t) and the side the triangle is on (+1: towards +L) */
static double term(const oracle_tri3_problem *p, int id, double t, double *side)
{
	double lo = p->lo[id] + t * p->w[id], hi = p->hi[id] + t * p->w[id];
	double gp = lo - p->r[id], gm = -p->r[id] - hi;
	if (side)
		*side = gp >= gm ? 1.0 : -1.0;
	return fmax(gp, gm);
}

double oracle_tri3_sep(const oracle_tri3_problem *p, double t, int *axis_id, double axis[3])
{
	double best = -INFINITY, side = 1;
	int best_id = -1;
	for (int id = 0; id < ORACLE_TRI3_AXES; id++) {
		if (!p->used[id])
			continue;
		double s, g = term(p, id, t, &s);
		if (g > best)
			best = g, best_id = id, side = s;
	}
	if (axis_id)
		*axis_id = best_id;
	if (axis)
		for (int k = 0; k < 3; k++)
			axis[k] = best_id < 0 ? 0.0 : side * p->axis[best_id][k];
	return best;
}

void oracle_tri3_terms(const oracle_tri3_problem *p, double t, double terms[ORACLE_TRI3_AXES])
{
	for (int id = 0; id < ORACLE_TRI3_AXES; id++)
		terms[id] = p->used[id] ? term(p, id, t, NULL) : -INFINITY;
}

double oracle_tri3_sep_along(const oracle_tri3_problem *p, const double n[3], double t)
{
	double len = sqrt(dot3(n, n)), u[3], lo, hi;
	for (int k = 0; k < 3; k++)
		u[k] = n[k] / len;
	tri_interval(p, u, &lo, &hi);
	double s = t * dot3(u, p->v), r = radius_along(p, u);
	return fmax(lo + s - r, -r - hi - s);
}

double oracle_tri3_dir_along(const oracle_tri3_problem *p, const double n[3], double t)
{
	double d[3];
	for (int k = 0; k < 3; k++)
		d[k] = (p->vert[0][k] + p->vert[1][k] + p->vert[2][k]) / 3.0 + t * p->v[k];
	return dot3(n, d);
}

/* the crossing of f = c between `out` (f > c) and `in` (f ≤ c); returns the end on the f ≤ c side */
static double bisect_crossing(const oracle_tri3_problem *p, double c, double out, double in)
{
	for (int it = 0; it < bisect_iters; it++) {
		double mid = 0.5 * (out + in);
		if (mid == out || mid == in)
			break;
		if (oracle_tri3_sep(p, mid, NULL, NULL) <= c)
			in = mid;
		else
			out = mid;
	}
	return in;
}

double oracle_tri3_first_at_or_below(const oracle_tri3_problem *p, double c)
{
	if (oracle_tri3_sep(p, 0, NULL, NULL) <= c)
		return 0;
	if (p->f_min > c)
		return -1;
	return bisect_crossing(p, c, 0, p->t_min);
}

double oracle_tri3_last_at_or_below(const oracle_tri3_problem *p, double c)
{
	if (p->f_min > c)
		return -1;
	if (oracle_tri3_sep(p, 1, NULL, NULL) <= c)
		return 1;
	return bisect_crossing(p, c, 1, p->t_min);
}

sw_status oracle_tri3_solve(const oracle_tri3_problem *p, oracle_tri3_result *out)
{
	out->sep0 = oracle_tri3_sep(p, 0, NULL, NULL);
	out->sep1 = oracle_tri3_sep(p, 1, NULL, NULL);
	out->min_sep = p->f_min;
	out->t_at_min = p->t_min;
	out->speed_n = dot3(p->v, p->normal);
	if (out->sep0 <= 0) {
		out->status = SW_STARTS_OVERLAPPED;
		out->t_first = 0;
		out->t_last = oracle_tri3_last_at_or_below(p, 0);
	} else if (p->f_min <= 0) {
		out->status = SW_HIT;
		out->t_first = oracle_tri3_first_at_or_below(p, 0);
		out->t_last = oracle_tri3_last_at_or_below(p, 0);
	} else {
		out->status = SW_MISS;
		out->t_first = out->t_last = 1;
	}
	return out->status;
}
