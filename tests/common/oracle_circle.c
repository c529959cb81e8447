/* tests/common/oracle_circle.c — the double-precision distance-function oracle of oracle_circle.h. */
#include "oracle_circle.h"

#include <math.h>
#include <string.h>

#define GOLD 0.6180339887498949
#define T_ITERS 72    /* golden section on [0,1]: 0.618^72 ≈ 1e-15 */
#define CORE_ITERS 56 /* along the capsule's core: 0.618^56 ≈ 2e-12 of its length */
#define BISECT_ITERS 64

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void sub(const double a[3], const double b[3], double o[3])
{
	for (int k = 0; k < 3; k++)
		o[k] = a[k] - b[k];
}
static void lerp(const double a[3], double s, const double d[3], double o[3])
{
	for (int k = 0; k < 3; k++)
		o[k] = a[k] + s * d[k];
}
static double dist(const double a[3], const double b[3])
{
	double d[3];
	sub(a, b, d);
	return sqrt(dot(d, d));
}

/* closest point to x on the segment a–b (clamped projection) */
static void closest_on_segment(const double x[3], const double a[3], const double b[3], double o[3])
{
	double ab[3], ax[3];
	sub(b, a, ab);
	sub(x, a, ax);
	double l2 = dot(ab, ab), s = l2 > 0 ? dot(ax, ab) / l2 : 0;
	s = s < 0 ? 0 : s > 1 ? 1 : s;
	lerp(a, s, ab, o);
}

/* closest point to x on the triangle: the plane's foot when its barycentric coordinates are all
 * ≥ 0, else the nearest of the three edges' closest points */
static void closest_on_triangle(const double x[3], const double g[3][3], double o[3])
{
	double e0[3], e1[3], w[3];
	sub(g[1], g[0], e0);
	sub(g[2], g[0], e1);
	sub(x, g[0], w);
	double a = dot(e0, e0), b = dot(e0, e1), c = dot(e1, e1), d = dot(w, e0), e = dot(w, e1);
	double det = a * c - b * b;
	double u = (c * d - b * e) / det, v = (a * e - b * d) / det;
	if (u >= 0 && v >= 0 && u + v <= 1) {
		for (int k = 0; k < 3; k++)
			o[k] = g[0][k] + u * e0[k] + v * e1[k];
		return;
	}
	double best = INFINITY;
	for (int j = 0; j < 3; j++) {
		double q[3];
		closest_on_segment(x, g[j], g[(j + 1) % 3], q);
		double dj = dist(x, q);
		if (dj < best) {
			best = dj;
			memcpy(o, q, sizeof q);
		}
	}
}

static void closest_on_geo(const oracle_circle_problem *p, const double x[3], double o[3])
{
	if (p->ng == 2)
		closest_on_segment(x, p->g[0], p->g[1], o);
	else
		closest_on_triangle(x, p->g, o);
}

double oracle_circle_geo_dist(const oracle_circle_problem *p, const double x[3])
{
	double q[3];
	closest_on_geo(p, x, q);
	return dist(x, q);
}

/* distance from the core point at parameter s (time t) to the geometry */
static double core_dist(const oracle_circle_problem *p, double t, double s, double x[3], double q[3])
{
	for (int k = 0; k < 3; k++)
		x[k] = p->c[k] + s * p->core[k] + t * p->v[k];
	closest_on_geo(p, x, q);
	return dist(x, q);
}

double oracle_circle_f(const oracle_circle_problem *p, double t, double core_pt[3], double geo_pt[3])
{
	double x[3], q[3];
	double best;
	if (dot(p->core, p->core) == 0) {
		best = core_dist(p, t, 0, x, q);
	} else {
		/* golden section along the core: the distance is convex in s */
		double lo = 0, hi = 1, x1[3], q1[3];
		for (int i = 0; i < CORE_ITERS; i++) {
			double m1 = hi - GOLD * (hi - lo), m2 = lo + GOLD * (hi - lo);
			if (core_dist(p, t, m1, x1, q1) <= core_dist(p, t, m2, x1, q1))
				hi = m2;
			else
				lo = m1;
		}
		best = core_dist(p, t, 0.5 * (lo + hi), x, q);
		/* the ends, where a flat minimum may sit */
		for (int e = 0; e < 2; e++) {
			double d = core_dist(p, t, e, x1, q1);
			if (d < best) {
				best = d;
				memcpy(x, x1, sizeof x1);
				memcpy(q, q1, sizeof q1);
			}
		}
	}
	if (core_pt)
		memcpy(core_pt, x, sizeof x);
	if (geo_pt)
		memcpy(geo_pt, q, sizeof q);
	return best - p->r;
}

void oracle_circle_solve(const oracle_circle_problem *p, oracle_circle_result *out)
{
	double lo = 0, hi = 1;
	for (int i = 0; i < T_ITERS; i++) {
		double m1 = hi - GOLD * (hi - lo), m2 = lo + GOLD * (hi - lo);
		if (oracle_circle_f(p, m1, NULL, NULL) <= oracle_circle_f(p, m2, NULL, NULL))
			hi = m2;
		else
			lo = m1;
	}
	out->tmin = 0.5 * (lo + hi);
	out->fmin = oracle_circle_f(p, out->tmin, NULL, NULL);
	out->f0 = oracle_circle_f(p, 0, NULL, NULL);
	double f1 = oracle_circle_f(p, 1, NULL, NULL);
	if (out->f0 <= out->fmin)
		out->fmin = out->f0, out->tmin = 0;
	if (f1 < out->fmin)
		out->fmin = f1, out->tmin = 1;
	double d[3];
	sub(p->side_pt, p->g[0], d);
	out->side = dot(d, p->front);
}

double oracle_circle_first_below(const oracle_circle_problem *p, const oracle_circle_result *res, double level)
{
	if (res->f0 <= level)
		return 0;
	if (res->fmin > level)
		return INFINITY;
	/* f decreases on [0, tmin]: bisect the crossing */
	double lo = 0, hi = res->tmin;
	for (int i = 0; i < BISECT_ITERS; i++) {
		double mid = 0.5 * (lo + hi);
		if (oracle_circle_f(p, mid, NULL, NULL) <= level)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* ---- problem set-up ---- */

static void finish(oracle_circle_problem *p, const float *coords, int n)
{
	double far = 0;
	for (int j = 0; j < p->ng; j++) {
		double d = dist(p->g[j], p->c);
		far = d > far ? d : far;
	}
	p->scale = far + sqrt(dot(p->core, p->core)) + sqrt(dot(p->v, p->v)) + p->r;
	p->max_coord = 0;
	for (int k = 0; k < n; k++)
		p->max_coord = fabs(coords[k]) > p->max_coord ? fabs(coords[k]) : p->max_coord;
}

static void seg_geo(const sw_seg2 *s, oracle_circle_problem *p)
{
	p->ng = 2;
	p->g[0][0] = s->p.x, p->g[0][1] = s->p.y, p->g[0][2] = 0;
	p->g[1][0] = s->q.x, p->g[1][1] = s->q.y, p->g[1][2] = 0;
	double ex = p->g[1][0] - p->g[0][0], ey = p->g[1][1] - p->g[0][1], l = sqrt(ex * ex + ey * ey);
	p->front[0] = l > 0 ? ey / l : 0;
	p->front[1] = l > 0 ? -ex / l : 0;
	p->front[2] = 0;
}

static void tri_geo(const sw_tri3 *t, oracle_circle_problem *p)
{
	const sw_vec3 x[3] = {t->a, t->b, t->c};
	p->ng = 3;
	for (int j = 0; j < 3; j++)
		p->g[j][0] = x[j].x, p->g[j][1] = x[j].y, p->g[j][2] = x[j].z;
	double e0[3], e1[3];
	sub(p->g[1], p->g[0], e0);
	sub(p->g[2], p->g[0], e1);
	double n[3] = {e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2], e0[0] * e1[1] - e0[1] * e1[0]};
	double l = sqrt(dot(n, n));
	for (int k = 0; k < 3; k++)
		p->front[k] = n[k] / l;
}

void oracle_circle2_problem(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, oracle_circle_problem *p)
{
	memset(p, 0, sizeof *p);
	p->c[0] = p->side_pt[0] = c.x, p->c[1] = p->side_pt[1] = c.y;
	p->v[0] = v.x, p->v[1] = v.y;
	p->r = r;
	seg_geo(s, p);
	const float coords[] = {c.x, c.y, s->p.x, s->p.y, s->q.x, s->q.y};
	finish(p, coords, 6);
}

void oracle_circle3_problem(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, oracle_circle_problem *p)
{
	memset(p, 0, sizeof *p);
	p->c[0] = c.x, p->c[1] = c.y, p->c[2] = c.z;
	memcpy(p->side_pt, p->c, sizeof p->c);
	p->v[0] = v.x, p->v[1] = v.y, p->v[2] = v.z;
	p->r = r;
	tri_geo(t, p);
	const float coords[] = {c.x, c.y, c.z, t->a.x, t->a.y, t->a.z, t->b.x, t->b.y, t->b.z, t->c.x, t->c.y, t->c.z};
	finish(p, coords, 12);
}

void oracle_capsule2_problem(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s,
			     oracle_circle_problem *p)
{
	memset(p, 0, sizeof *p);
	double qc = pose.q.c, qs = pose.q.s;
	double a[2] = {qc * cap->a.x - qs * cap->a.y + pose.p.x, qs * cap->a.x + qc * cap->a.y + pose.p.y};
	double b[2] = {qc * cap->b.x - qs * cap->b.y + pose.p.x, qs * cap->b.x + qc * cap->b.y + pose.p.y};
	p->c[0] = a[0], p->c[1] = a[1];
	p->core[0] = b[0] - a[0], p->core[1] = b[1] - a[1];
	p->v[0] = v.x, p->v[1] = v.y;
	p->r = cap->r;
	p->side_pt[0] = pose.p.x, p->side_pt[1] = pose.p.y;
	seg_geo(s, p);
	const float coords[] = {pose.p.x, pose.p.y, s->p.x, s->p.y, s->q.x, s->q.y};
	finish(p, coords, 6);
}

/* x rotated by the quaternion q (not normalised: the rotation matrix of q's components) */
static void quat_rotate(sw_quat q, sw_vec3 x, double o[3])
{
	double qx = q.x, qy = q.y, qz = q.z, qw = q.w;
	double m[3][3] = {{1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qw * qz), 2 * (qx * qz + qw * qy)},
			  {2 * (qx * qy + qw * qz), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qw * qx)},
			  {2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy)}};
	for (int i = 0; i < 3; i++)
		o[i] = m[i][0] * x.x + m[i][1] * x.y + m[i][2] * x.z;
}

void oracle_capsule3_problem(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t,
			     oracle_circle_problem *p)
{
	memset(p, 0, sizeof *p);
	double a[3], b[3];
	quat_rotate(pose.q, cap->a, a);
	quat_rotate(pose.q, cap->b, b);
	const double pp[3] = {pose.p.x, pose.p.y, pose.p.z};
	for (int k = 0; k < 3; k++) {
		p->c[k] = a[k] + pp[k];
		p->core[k] = b[k] - a[k];
	}
	p->v[0] = v.x, p->v[1] = v.y, p->v[2] = v.z;
	p->r = cap->r;
	p->side_pt[0] = pose.p.x, p->side_pt[1] = pose.p.y, p->side_pt[2] = pose.p.z;
	tri_geo(t, p);
	const float coords[] = {pose.p.x, pose.p.y, pose.p.z, t->a.x, t->a.y, t->a.z,
				t->b.x,   t->b.y,   t->b.z,   t->c.x, t->c.y, t->c.z};
	finish(p, coords, 12);
}
