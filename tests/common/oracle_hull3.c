/* tests/common/oracle_hull3.c — double-precision oracle for the moving hull tests (see
 * oracle_hull3.h): all face normals and all edge-pair cross products, both orientations, full
 * projections; golden section for the minimum of the convex separation, bisection for the roots. */
#include "oracle_hull3.h"

#include <math.h>
#include <stdlib.h>

enum { golden_iters = 100, bisect_iters = 64 };

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

static void size_of(oracle_hull3_shape *s)
{
	s->size = 0;
	for (int k = 1; k < s->nv; k++) {
		double d[3] = {s->v[k][0] - s->v[0][0], s->v[k][1] - s->v[0][1], s->v[k][2] - s->v[0][2]};
		s->size = fmax(s->size, sqrt(dot3(d, d)));
	}
}

/* R·x in double with R's float columns */
static void rotate(const sw_mat3 *r, sw_vec3 x, double o[3])
{
	const double l[3] = {x.x, x.y, x.z};
	const sw_vec3 *c = r->col;
	o[0] = c[0].x * l[0] + c[1].x * l[1] + c[2].x * l[2];
	o[1] = c[0].y * l[0] + c[1].y * l[1] + c[2].y * l[2];
	o[2] = c[0].z * l[0] + c[1].z * l[1] + c[2].z * l[2];
}

void oracle_hull3_shape_hull(const sw_hull3 *h, sw_pose3 pose, oracle_hull3_shape *s)
{
	sw_mat3 r = sw_mat3_from_quat(pose.q);
	const double pp[3] = {pose.p.x, pose.p.y, pose.p.z};
	s->nv = (int)h->num_verts, s->nf = (int)h->num_faces, s->ne = (int)h->num_edges;
	for (int k = 0; k < s->nv; k++) {
		rotate(&r, h->verts[k], s->v[k]);
		for (int c = 0; c < 3; c++)
			s->v[k][c] += pp[c];
	}
	for (int f = 0; f < s->nf; f++)
		rotate(&r, h->faces[f].normal, s->fn[f]);
	for (int e = 0; e < s->ne; e++) {
		const double *a = s->v[h->edges[e].v[0]], *b = s->v[h->edges[e].v[1]];
		for (int c = 0; c < 3; c++)
			s->e[e][c] = b[c] - a[c];
	}
	size_of(s);
}

void oracle_hull3_shape_tri(const sw_tri3 *t, oracle_hull3_shape *s)
{
	const sw_vec3 w[3] = {t->a, t->b, t->c};
	s->nv = 3, s->nf = 2, s->ne = 3;
	for (int k = 0; k < 3; k++)
		s->v[k][0] = w[k].x, s->v[k][1] = w[k].y, s->v[k][2] = w[k].z;
	for (int j = 0; j < 3; j++)
		for (int c = 0; c < 3; c++)
			s->e[j][c] = s->v[(j + 1) % 3][c] - s->v[j][c];
	double g[3] = {-s->e[2][0], -s->e[2][1], -s->e[2][2]};
	cross3(s->e[0], g, s->fn[0]);
	for (int c = 0; c < 3; c++)
		s->fn[1][c] = -s->fn[0][c];
	size_of(s);
}

static void project(const oracle_hull3_shape *s, const double n[3], double *lo, double *hi)
{
	*lo = INFINITY, *hi = -INFINITY;
	for (int k = 0; k < s->nv; k++) {
		double d = dot3(n, s->v[k]);
		*lo = fmin(*lo, d), *hi = fmax(*hi, d);
	}
}

/* adds ±n (normalised) to the directions; n with |n|² ≤ tiny is dropped */
static void add_dir(oracle_hull3_problem *p, const double n[3], double tiny)
{
	double l2 = dot3(n, n);
	if (!(l2 > tiny))
		return;
	double inv = 1 / sqrt(l2), u[3] = {n[0] * inv, n[1] * inv, n[2] * inv};
	double la, ha, lb, hb;
	project(&p->a, u, &la, &ha);
	project(&p->b, u, &lb, &hb);
	double w = dot3(u, p->v);
	for (int s = 0; s < 2; s++) {
		double *d = p->dir[p->nd];
		for (int c = 0; c < 3; c++)
			d[c] = s ? -u[c] : u[c];
		/* along u: min_B − max_A; along −u: min_B(−u) − max_A(−u) = la − hb */
		p->gap0[p->nd] = s ? la - hb : lb - ha;
		p->w[p->nd] = s ? -w : w;
		p->nd++;
	}
}

void oracle_hull3_prepare(const oracle_hull3_shape *a, sw_vec3 da, const oracle_hull3_shape *b, sw_vec3 db,
			  oracle_hull3_problem *p)
{
	p->a = *a, p->b = *b;
	p->v[0] = (double)db.x - da.x, p->v[1] = (double)db.y - da.y, p->v[2] = (double)db.z - da.z;
	int cap = 2 * (a->nf + b->nf + a->ne * b->ne + a->ne + b->ne);
	p->dir = malloc(sizeof *p->dir * (size_t)cap);
	p->gap0 = malloc(sizeof *p->gap0 * (size_t)cap);
	p->w = malloc(sizeof *p->w * (size_t)cap);
	p->nd = 0;
	for (int f = 0; f < a->nf; f++)
		add_dir(p, a->fn[f], 0);
	for (int f = 0; f < b->nf; f++)
		add_dir(p, b->fn[f], 0);
	for (int i = 0; i < a->ne; i++)
		for (int j = 0; j < b->ne; j++) {
			double n[3];
			cross3(a->e[i], b->e[j], n);
			/* every pair that is not parallel to double rounding */
			add_dir(p, n, 1e-24 * dot3(a->e[i], a->e[i]) * dot3(b->e[j], b->e[j]));
		}
	/* a flat shape's in-plane edge normals: two polygons in one plane separate only along those */
	const oracle_hull3_shape *s2[2] = {a, b};
	for (int q = 0; q < 2; q++)
		if (s2[q]->nf == 2)
			for (int i = 0; i < s2[q]->ne; i++) {
				double n[3];
				cross3(s2[q]->fn[0], s2[q]->e[i], n);
				add_dir(p, n, 0);
			}
	p->scale = a->size + b->size + sqrt(dot3(p->v, p->v));
	p->t_min = 0;
	p->f_min = oracle_hull3_sep(p, 0);
	const double g = 0.5 * (sqrt(5.0) - 1.0);
	double lo = 0, hi = 1, m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
	double f1 = oracle_hull3_sep(p, m1), f2 = oracle_hull3_sep(p, m2);
	for (int it = 0; it < golden_iters && m1 < m2; it++) {
		if (f1 <= f2) {
			hi = m2, m2 = m1, f2 = f1;
			m1 = hi - g * (hi - lo);
			f1 = oracle_hull3_sep(p, m1);
		} else {
			lo = m1, m1 = m2, f1 = f2;
			m2 = lo + g * (hi - lo);
			f2 = oracle_hull3_sep(p, m2);
		}
	}
	double cand[4] = {m1, m2, 1.0, 0.5 * (lo + hi)};
	for (int k = 0; k < 4; k++) {
		double fk = oracle_hull3_sep(p, cand[k]);
		if (fk < p->f_min)
			p->f_min = fk, p->t_min = cand[k];
	}
}

void oracle_hull3_free(oracle_hull3_problem *p)
{
	free(p->dir), free(p->gap0), free(p->w);
	p->dir = NULL, p->gap0 = p->w = NULL;
}

double oracle_hull3_sep(const oracle_hull3_problem *p, double t)
{
	double best = -INFINITY;
	for (int k = 0; k < p->nd; k++)
		best = fmax(best, p->gap0[k] + t * p->w[k]);
	return best;
}

double oracle_hull3_gap_along(const oracle_hull3_problem *p, const double n[3], double t)
{
	double l = sqrt(dot3(n, n)), u[3] = {n[0] / l, n[1] / l, n[2] / l}, la, ha, lb, hb;
	project(&p->a, u, &la, &ha);
	project(&p->b, u, &lb, &hb);
	return lb - ha + t * dot3(u, p->v);
}

/* the crossing of f = c between `out` (f > c) and `in` (f ≤ c); returns the f ≤ c end */
static double bisect(const oracle_hull3_problem *p, double c, double out, double in)
{
	for (int it = 0; it < bisect_iters; it++) {
		double mid = 0.5 * (out + in);
		if (mid == out || mid == in)
			break;
		if (oracle_hull3_sep(p, mid) <= c)
			in = mid;
		else
			out = mid;
	}
	return in;
}

sw_status oracle_hull3_solve(const oracle_hull3_problem *p, double c, oracle_hull3_result *out)
{
	out->min_sep = p->f_min;
	if (p->f_min > c) {
		out->status = SW_MISS;
		out->t_first = out->t_last = 1;
		return out->status;
	}
	out->status = oracle_hull3_sep(p, 0) <= c ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->t_first = out->status == SW_HIT ? bisect(p, c, 0, p->t_min) : 0;
	out->t_last = oracle_hull3_sep(p, 1) <= c ? 1 : bisect(p, c, 1, p->t_min);
	return out->status;
}
