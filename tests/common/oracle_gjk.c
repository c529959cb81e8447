/* tests/common/oracle_gjk.c — double-precision oracle for the GJK queries (see oracle_gjk.h):
 * brute-force topology, feature-pair distances, a separating-axis test over a complete direction set,
 * Cyrus–Beck clipping for polytope casts and a convex search for rounded casts. */
#include "oracle_gjk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { golden_iters = 90, bisect_iters = 64 };

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void sub3(const double a[3], const double b[3], double o[3])
{
	for (int i = 0; i < 3; i++)
		o[i] = a[i] - b[i];
}

static void cross3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

static double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* ---- topology ---- */

static void add_edge(og_shape *o, unsigned char seen[OG_MAX_VERTS][OG_MAX_VERTS], int i, int j)
{
	if (i > j) {
		int t = i;
		i = j;
		j = t;
	}
	if (seen[i][j] || o->ne >= OG_MAX_EDGES)
		return;
	seen[i][j] = 1;
	o->edge[o->ne][0] = i;
	o->edge[o->ne][1] = j;
	o->ne++;
}

/* 3D: triples with every vertex on one side are faces (both orientations for a flat set) */
static void topology3(og_shape *o, unsigned char seen[OG_MAX_VERTS][OG_MAX_VERTS])
{
	double best = 0;
	int any = 0, all_flat = 1;
	for (int i = 0; i < o->nv; i++)
		for (int j = i + 1; j < o->nv; j++)
			for (int k = j + 1; k < o->nv; k++) {
				double e1[3], e2[3], n[3];
				sub3(o->v[j], o->v[i], e1);
				sub3(o->v[k], o->v[i], e2);
				cross3(e1, e2, n);
				double nl = sqrt(dot3(n, n));
				if (nl <= 1e-12 * o->size * o->size)
					continue;
				double tol = 1e-10 * nl * o->size;
				int pos = 0, neg = 0;
				for (int m = 0; m < o->nv; m++) {
					double d[3];
					sub3(o->v[m], o->v[i], d);
					double s = dot3(n, d);
					pos |= s > tol;
					neg |= s < -tol;
				}
				any = 1;
				all_flat &= !pos && !neg;
				if (nl > best) {
					best = nl;
					for (int c = 0; c < 3; c++)
						o->plane_n[c] = n[c] / nl;
				}
				if (pos && neg)
					continue;
				if (o->nt + 2 > OG_MAX_TRIS)
					continue;
				if (!pos) {
					o->tri[o->nt][0] = i, o->tri[o->nt][1] = j, o->tri[o->nt][2] = k;
					o->nt++;
				}
				if (!neg) {
					o->tri[o->nt][0] = i, o->tri[o->nt][1] = k, o->tri[o->nt][2] = j;
					o->nt++;
				}
				add_edge(o, seen, i, j);
				add_edge(o, seen, j, k);
				add_edge(o, seen, i, k);
			}
	o->flat = any && all_flat;
	if (!any) /* points or collinear: every pair is an edge */
		for (int i = 0; i < o->nv; i++)
			for (int j = i + 1; j < o->nv; j++)
				add_edge(o, seen, i, j);
}

/* 2D: pairs with every vertex on one side of their line are edges */
static void topology2(og_shape *o, unsigned char seen[OG_MAX_VERTS][OG_MAX_VERTS])
{
	o->flat = 1;
	o->plane_n[0] = 0, o->plane_n[1] = 0, o->plane_n[2] = 1;
	for (int i = 0; i < o->nv; i++)
		for (int j = i + 1; j < o->nv; j++) {
			double ex = o->v[j][0] - o->v[i][0], ey = o->v[j][1] - o->v[i][1];
			double el = sqrt(ex * ex + ey * ey);
			if (el <= 1e-12 * o->size)
				continue;
			int pos = 0, neg = 0;
			for (int m = 0; m < o->nv; m++) {
				double s = ex * (o->v[m][1] - o->v[i][1]) - ey * (o->v[m][0] - o->v[i][0]);
				pos |= s > 1e-10 * el * o->size;
				neg |= s < -1e-10 * el * o->size;
			}
			if (!(pos && neg))
				add_edge(o, seen, i, j);
		}
}

static void finish_local(og_shape *o, int dim2)
{
	static unsigned char seen[OG_MAX_VERTS][OG_MAX_VERTS];
	memset(seen, 0, sizeof seen);
	o->dim2 = dim2;
	o->nt = o->ne = 0;
	o->size = 0;
	for (int k = 1; k < o->nv; k++) {
		double d[3];
		sub3(o->v[k], o->v[0], d);
		o->size = fmax(o->size, sqrt(dot3(d, d)));
	}
	if (dim2)
		topology2(o, seen);
	else
		topology3(o, seen);
	o->size += o->radius;
}

void og_shape3_local(const sw_shape3 *s, og_shape *o)
{
	o->radius = s->radius;
	if (s->type == SW_SHAPE_BOX) {
		o->nv = 8;
		for (int k = 0; k < 8; k++) {
			o->v[k][0] = (k & 1) ? s->half.x : -(double)s->half.x;
			o->v[k][1] = (k & 2) ? s->half.y : -(double)s->half.y;
			o->v[k][2] = (k & 4) ? s->half.z : -(double)s->half.z;
		}
	} else {
		o->nv = (int)s->count;
		for (int k = 0; k < o->nv; k++) {
			o->v[k][0] = s->verts[k].x;
			o->v[k][1] = s->verts[k].y;
			o->v[k][2] = s->verts[k].z;
		}
	}
	finish_local(o, 0);
}

void og_shape2_local(const sw_shape2 *s, og_shape *o)
{
	o->radius = s->radius;
	if (s->type == SW_SHAPE_BOX) {
		o->nv = 4;
		for (int k = 0; k < 4; k++) {
			o->v[k][0] = (k & 1) ? s->half.x : -(double)s->half.x;
			o->v[k][1] = (k & 2) ? s->half.y : -(double)s->half.y;
			o->v[k][2] = 0;
		}
	} else {
		o->nv = (int)s->count;
		for (int k = 0; k < o->nv; k++) {
			o->v[k][0] = s->verts[k].x;
			o->v[k][1] = s->verts[k].y;
			o->v[k][2] = 0;
		}
	}
	finish_local(o, 1);
}

void og_place3(const og_shape *local, sw_pose3 p, og_shape *o)
{
	*o = *local;
	sw_mat3 r = sw_mat3_from_quat(p.q);
	const sw_vec3 *c = r.col;
	const double m[3][3] = {{c[0].x, c[1].x, c[2].x}, {c[0].y, c[1].y, c[2].y}, {c[0].z, c[1].z, c[2].z}};
	const double t[3] = {p.p.x, p.p.y, p.p.z};
	for (int k = 0; k < o->nv; k++)
		for (int i = 0; i < 3; i++)
			o->v[k][i] = dot3(m[i], local->v[k]) + t[i];
	if (o->flat)
		for (int i = 0; i < 3; i++)
			o->plane_n[i] = dot3(m[i], local->plane_n);
}

void og_place2(const og_shape *local, sw_pose2 p, og_shape *o)
{
	*o = *local;
	double c = p.q.c, s = p.q.s;
	for (int k = 0; k < o->nv; k++) {
		double x = local->v[k][0], y = local->v[k][1];
		o->v[k][0] = c * x - s * y + p.p.x;
		o->v[k][1] = s * x + c * y + p.p.y;
		o->v[k][2] = 0;
	}
}

/* ---- directions and gaps ---- */

typedef struct dirs {
	int n;
	double (*d)[3];
} dirs;

static void push_dir(dirs *ds, const double n[3], double ref)
{
	double l = sqrt(dot3(n, n));
	if (!(l > 1e-9 * ref))
		return;
	for (int s = -1; s <= 1; s += 2)
		for (int i = 0; i < 3; i++)
			ds->d[ds->n + (s > 0)][i] = s * n[i] / l;
	ds->n += 2;
}

static void edge_vec(const og_shape *s, int e, double o[3]) { sub3(s->v[s->edge[e][1]], s->v[s->edge[e][0]], o); }

static void face_normal(const og_shape *s, int f, double n[3])
{
	double e1[3], e2[3];
	sub3(s->v[s->tri[f][1]], s->v[s->tri[f][0]], e1);
	sub3(s->v[s->tri[f][2]], s->v[s->tri[f][0]], e2);
	cross3(e1, e2, n);
}

/* the in-plane edge normals of a flat shape */
static void flat_dirs(const og_shape *s, dirs *ds)
{
	if (!s->flat)
		return;
	for (int e = 0; e < s->ne; e++) {
		double ev[3], n[3];
		edge_vec(s, e, ev);
		cross3(ev, s->plane_n, n);
		push_dir(ds, n, sqrt(dot3(ev, ev)));
	}
}

static dirs make_dirs(const og_shape *a, const og_shape *b)
{
	dirs ds;
	int cap = 2 * (a->nt + b->nt + a->ne * b->ne + a->ne + b->ne) + 2;
	ds.d = malloc(sizeof *ds.d * (size_t)cap);
	ds.n = 0;
	for (int f = 0; f < a->nt; f++) {
		double n[3];
		face_normal(a, f, n);
		push_dir(&ds, n, a->size * a->size);
	}
	for (int f = 0; f < b->nt; f++) {
		double n[3];
		face_normal(b, f, n);
		push_dir(&ds, n, b->size * b->size);
	}
	for (int i = 0; i < a->ne && !a->dim2; i++)
		for (int j = 0; j < b->ne; j++) {
			double ea[3], eb[3], n[3];
			edge_vec(a, i, ea);
			edge_vec(b, j, eb);
			cross3(ea, eb, n);
			push_dir(&ds, n, sqrt(dot3(ea, ea) * dot3(eb, eb)));
		}
	flat_dirs(a, &ds);
	flat_dirs(b, &ds);
	return ds;
}

/* min over B (shifted) of n·b minus max over A of n·a */
static double gap_along(const og_shape *a, const og_shape *b, const double shift[3], const double n[3])
{
	double ma = -INFINITY, mb = INFINITY;
	for (int k = 0; k < a->nv; k++)
		ma = fmax(ma, dot3(n, a->v[k]));
	for (int k = 0; k < b->nv; k++)
		mb = fmin(mb, dot3(n, b->v[k]));
	return mb + dot3(n, shift) - ma;
}

static double sat_sep(const og_shape *a, const og_shape *b, const dirs *ds, const double shift[3])
{
	double best = -INFINITY;
	for (int k = 0; k < ds->n; k++)
		best = fmax(best, gap_along(a, b, shift, ds->d[k]));
	return best;
}

/* ---- feature distances (Ericson, RTCD 5.1.2, 5.1.5, 5.1.9) ---- */

static double pt_seg(const double p[3], const double a[3], const double b[3], double q[3])
{
	double ab[3], ap[3];
	sub3(b, a, ab);
	sub3(p, a, ap);
	double den = dot3(ab, ab), t = den > 0 ? clamp01(dot3(ap, ab) / den) : 0;
	for (int i = 0; i < 3; i++)
		q[i] = a[i] + t * ab[i];
	double d[3];
	sub3(p, q, d);
	return dot3(d, d);
}

static double seg_seg(const double p1[3], const double q1[3], const double p2[3], const double q2[3], double c1[3],
		      double c2[3])
{
	double d1[3], d2[3], r[3];
	sub3(q1, p1, d1);
	sub3(q2, p2, d2);
	sub3(p1, p2, r);
	double a = dot3(d1, d1), e = dot3(d2, d2), f = dot3(d2, r), s, t;
	if (a <= 0 && e <= 0) {
		s = t = 0;
	} else if (a <= 0) {
		s = 0;
		t = clamp01(f / e);
	} else {
		double c = dot3(d1, r);
		if (e <= 0) {
			t = 0;
			s = clamp01(-c / a);
		} else {
			double b = dot3(d1, d2), den = a * e - b * b;
			s = den > 0 ? clamp01((b * f - c * e) / den) : 0;
			t = (b * s + f) / e;
			if (t < 0) {
				t = 0;
				s = clamp01(-c / a);
			} else if (t > 1) {
				t = 1;
				s = clamp01((b - c) / a);
			}
		}
	}
	for (int i = 0; i < 3; i++) {
		c1[i] = p1[i] + d1[i] * s;
		c2[i] = p2[i] + d2[i] * t;
	}
	double d[3];
	sub3(c1, c2, d);
	return dot3(d, d);
}

static double pt_tri(const double p[3], const double a[3], const double b[3], const double c[3], double q[3])
{
	double ab[3], ac[3], ap[3], bp[3], cp[3];
	sub3(b, a, ab);
	sub3(c, a, ac);
	sub3(p, a, ap);
	double d1 = dot3(ab, ap), d2 = dot3(ac, ap);
	sub3(p, b, bp);
	double d3 = dot3(ab, bp), d4 = dot3(ac, bp);
	sub3(p, c, cp);
	double d5 = dot3(ab, cp), d6 = dot3(ac, cp);
	double va = d3 * d6 - d5 * d4, vb = d5 * d2 - d1 * d6, vc = d1 * d4 - d3 * d2;
	double u, v, w;
	if (d1 <= 0 && d2 <= 0) {
		u = 1, v = 0, w = 0;
	} else if (d3 >= 0 && d4 <= d3) {
		u = 0, v = 1, w = 0;
	} else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
		v = d1 / (d1 - d3), u = 1 - v, w = 0;
	} else if (d6 >= 0 && d5 <= d6) {
		u = 0, v = 0, w = 1;
	} else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
		w = d2 / (d2 - d6), u = 1 - w, v = 0;
	} else if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
		w = (d4 - d3) / ((d4 - d3) + (d5 - d6)), v = 1 - w, u = 0;
	} else {
		double den = 1 / (va + vb + vc);
		v = vb * den, w = vc * den, u = 1 - v - w;
	}
	for (int i = 0; i < 3; i++)
		q[i] = u * a[i] + v * b[i] + w * c[i];
	double d[3];
	sub3(p, q, d);
	return dot3(d, d);
}

/* smallest feature-pair distance² between a and b + shift, with the closest points */
static double feature_dist2(const og_shape *a, const og_shape *b, const double shift[3], double pa[3], double pb[3])
{
	double bv[OG_MAX_VERTS][3], best = INFINITY, qa[3], qb[3];
	for (int k = 0; k < b->nv; k++)
		for (int i = 0; i < 3; i++)
			bv[k][i] = b->v[k][i] + shift[i];
#define KEEP(d2, x, y)                                       \
	do {                                                 \
		double d2_ = (d2);                           \
		if (d2_ < best) {                            \
			best = d2_;                          \
			memcpy(pa, (x), sizeof(double) * 3); \
			memcpy(pb, (y), sizeof(double) * 3); \
		}                                            \
	} while (0)
	for (int i = 0; i < a->nv; i++)
		for (int j = 0; j < b->nv; j++) {
			double d[3];
			sub3(a->v[i], bv[j], d);
			KEEP(dot3(d, d), a->v[i], bv[j]);
		}
	for (int i = 0; i < a->nv; i++)
		for (int e = 0; e < b->ne; e++) {
			double d2 = pt_seg(a->v[i], bv[b->edge[e][0]], bv[b->edge[e][1]], qb);
			KEEP(d2, a->v[i], qb);
		}
	for (int j = 0; j < b->nv; j++)
		for (int e = 0; e < a->ne; e++) {
			double d2 = pt_seg(bv[j], a->v[a->edge[e][0]], a->v[a->edge[e][1]], qa);
			KEEP(d2, qa, bv[j]);
		}
	for (int e = 0; e < a->ne; e++)
		for (int f = 0; f < b->ne; f++) {
			double d2 = seg_seg(a->v[a->edge[e][0]], a->v[a->edge[e][1]], bv[b->edge[f][0]],
					    bv[b->edge[f][1]], qa, qb);
			KEEP(d2, qa, qb);
		}
	for (int i = 0; i < a->nv; i++)
		for (int t = 0; t < b->nt; t++) {
			const int *tr = b->tri[t];
			double d2 = pt_tri(a->v[i], bv[tr[0]], bv[tr[1]], bv[tr[2]], qb);
			KEEP(d2, a->v[i], qb);
		}
	for (int j = 0; j < b->nv; j++)
		for (int t = 0; t < a->nt; t++) {
			const int *tr = a->tri[t];
			double d2 = pt_tri(bv[j], a->v[tr[0]], a->v[tr[1]], a->v[tr[2]], qa);
			KEEP(d2, qa, bv[j]);
		}
#undef KEEP
	return best;
}

/* both cores at most one-dimensional: the feature distance is the whole answer */
static int low_dim(const og_shape *s) { return s->nv <= 2 || (!s->dim2 && !s->flat && s->nt == 0); }

static void distance_with(const og_shape *a, const og_shape *b, const dirs *ds, const double shift[3], og_dist *out)
{
	double r = a->radius + b->radius;
	double d2 = feature_dist2(a, b, shift, out->pa, out->pb);
	if (low_dim(a) && low_dim(b)) {
		out->core_dist = sqrt(d2);
		out->sat = out->core_dist;
		out->overlap = out->core_dist <= 1e-12 * (a->size + b->size);
		out->signed_sep = out->core_dist - r;
		return;
	}
	out->sat = sat_sep(a, b, ds, shift);
	out->overlap = out->sat <= 0;
	out->core_dist = out->overlap ? 0 : sqrt(d2);
	out->signed_sep = (out->overlap ? out->sat : out->core_dist) - r;
}

void og_distance(const og_shape *a, const og_shape *b, const double shift[3], og_dist *out)
{
	dirs ds = make_dirs(a, b);
	distance_with(a, b, &ds, shift, out);
	free(ds.d);
}

/* ---- casts ---- */

/* the first contact time with every gap g_k + t·w_k ≤ c, or −1 for none in [0,1]; the entering
 * direction in *dir */
static double clip(const double *g, const double *w, int n, double c, int *dir)
{
	double t_in = 0, t_out = 1, best = -INFINITY;
	*dir = -1;
	for (int k = 0; k < n; k++) {
		double gk = g[k] - c;
		if (w[k] == 0) {
			if (gk > 0)
				return -1;
		} else if (w[k] < 0) {
			double te = gk / -w[k];
			if (te > best)
				best = te, *dir = k;
			t_in = fmax(t_in, te);
		} else {
			t_out = fmin(t_out, -gk / w[k]);
		}
	}
	return t_in <= t_out ? t_in : -1;
}

static double envelope(const double *g, const double *w, int n, double t)
{
	double m = -INFINITY;
	for (int k = 0; k < n; k++)
		m = fmax(m, g[k] + t * w[k]);
	return m;
}

void og_cast_poly(const og_shape *a, const og_shape *b, const double r[3], double c, double band, og_cast *out)
{
	dirs ds = make_dirs(a, b);
	const double zero[3] = {0, 0, 0};
	double *g = malloc(sizeof(double) * (size_t)(2 * ds.n + 1)), *w = g + ds.n;
	for (int k = 0; k < ds.n; k++) {
		g[k] = gap_along(a, b, zero, ds.d[k]);
		w[k] = dot3(ds.d[k], r);
	}
	double lo = 0, hi = 1, phi = 0.5 * (sqrt(5.0) - 1);
	for (int it = 0; it < golden_iters; it++) {
		double m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo);
		if (envelope(g, w, ds.n, m1) < envelope(g, w, ds.n, m2))
			hi = m2;
		else
			lo = m1;
	}
	out->min_sep =
		fmin(envelope(g, w, ds.n, 0), fmin(envelope(g, w, ds.n, 0.5 * (lo + hi)), envelope(g, w, ds.n, 1))) - c;
	int dir, d2;
	double t = clip(g, w, ds.n, c, &dir), tl = clip(g, w, ds.n, c + band, &d2),
	       th = clip(g, w, ds.n, c - band, &d2);
	out->sep0 = envelope(g, w, ds.n, 0) - c;
	out->t_lo = tl < 0 ? 1 : tl;
	out->t_hi = th < 0 ? 1 : th;
	memset(out->normal, 0, sizeof out->normal);
	if (t < 0) {
		out->status = SW_MISS;
		out->t_first = 1;
	} else if (envelope(g, w, ds.n, 0) <= c) {
		out->status = SW_STARTS_OVERLAPPED;
		out->t_first = 0;
	} else {
		out->status = SW_HIT;
		out->t_first = t;
		memcpy(out->normal, ds.d[dir], sizeof out->normal);
	}
	free(g);
	free(ds.d);
}

static double sep_at(const og_shape *a, const og_shape *b, const dirs *ds, const double r[3], double t, double c)
{
	double s[3] = {t * r[0], t * r[1], t * r[2]};
	og_dist d;
	distance_with(a, b, ds, s, &d);
	return d.signed_sep - c;
}

/* the first t in [0, tm] with sep ≤ c given sep(tm) ≤ c (bisection), or 1 when sep(tm) > c */
static double first_below(const og_shape *a, const og_shape *b, const dirs *ds, const double r[3], double tm, double c)
{
	if (sep_at(a, b, ds, r, 0, c) <= 0)
		return 0;
	if (sep_at(a, b, ds, r, tm, c) > 0)
		return 1;
	double l = 0, h = tm;
	for (int it = 0; it < bisect_iters; it++) {
		double m = 0.5 * (l + h);
		if (sep_at(a, b, ds, r, m, c) <= 0)
			h = m;
		else
			l = m;
	}
	return h;
}

void og_cast_rounded(const og_shape *a, const og_shape *b, const double r[3], double c, double band, og_cast *out)
{
	dirs ds = make_dirs(a, b);
	memset(out->normal, 0, sizeof out->normal);
	double lo = 0, hi = 1, phi = 0.5 * (sqrt(5.0) - 1);
	for (int it = 0; it < golden_iters; it++) {
		double m1 = hi - phi * (hi - lo), m2 = lo + phi * (hi - lo);
		if (sep_at(a, b, &ds, r, m1, c) < sep_at(a, b, &ds, r, m2, c))
			hi = m2;
		else
			lo = m1;
	}
	double tm = 0.5 * (lo + hi), s0 = sep_at(a, b, &ds, r, 0, c), s1 = sep_at(a, b, &ds, r, 1, c);
	double sm = sep_at(a, b, &ds, r, tm, c);
	if (s1 < sm)
		tm = 1, sm = s1;
	out->min_sep = fmin(s0, sm);
	out->sep0 = s0;
	out->t_lo = first_below(a, b, &ds, r, tm, c + band);
	out->t_hi = first_below(a, b, &ds, r, tm, c - band);
	if (s0 <= 0) {
		out->status = SW_STARTS_OVERLAPPED;
		out->t_first = 0;
	} else if (sm > 0) {
		out->status = SW_MISS;
		out->t_first = 1;
	} else {
		out->status = SW_HIT;
		out->t_first = first_below(a, b, &ds, r, tm, c);
	}
	free(ds.d);
}

void og_cast_spheres(const og_shape *a, const og_shape *b, const double r[3], double c, double band, og_cast *out)
{
	double d[3], rad = a->radius + b->radius + c;
	sub3(b->v[0], a->v[0], d);
	double dd = dot3(d, d), dr = dot3(d, r), rr = dot3(r, r);
	double tm = rr > 0 ? clamp01(-dr / rr) : 0, m[3];
	for (int i = 0; i < 3; i++)
		m[i] = d[i] + tm * r[i];
	out->min_sep = sqrt(dot3(m, m)) - rad;
	out->sep0 = sqrt(dd) - rad;
	for (int k = 0; k < 2; k++) { /* the window for thresholds c ± band, from the same quadratic */
		double rb = fmax(rad + (k ? -band : band), 0), dk = dr * dr - rr * (dd - rb * rb);
		double tk = dd <= rb * rb ? 0 : (rr == 0 || dk < 0 || dr >= 0) ? 1 : (dd - rb * rb) / (-dr + sqrt(dk));
		*(k ? &out->t_hi : &out->t_lo) = fmin(tk, 1);
	}
	memset(out->normal, 0, sizeof out->normal);
	out->status = SW_MISS;
	out->t_first = 1;
	if (dd <= rad * rad) {
		out->status = SW_STARTS_OVERLAPPED;
		out->t_first = 0;
		return;
	}
	double disc = dr * dr - rr * (dd - rad * rad);
	if (rr == 0 || disc < 0 || dr >= 0)
		return;
	double t = (dd - rad * rad) / (-dr + sqrt(disc)); /* the smaller root, without cancellation */
	if (t <= 1) {
		out->status = SW_HIT;
		out->t_first = t;
	}
}

double og_point_dist(const og_shape *s, const double p[3])
{
	og_shape pt;
	pt.nv = 1, pt.nt = 0, pt.ne = 0, pt.flat = 0, pt.dim2 = s->dim2, pt.radius = 0, pt.size = 0;
	memcpy(pt.v[0], p, sizeof pt.v[0]);
	const double zero[3] = {0, 0, 0};
	double qa[3], qb[3];
	return sqrt(feature_dist2(s, &pt, zero, qa, qb));
}

double og_gap(const og_shape *a, const og_shape *b, const double shift[3], const double n[3])
{
	return gap_along(a, b, shift, n) - a->radius - b->radius;
}
