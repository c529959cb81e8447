/* tests/test_parallel_edges.c — box–box and box–triangle pairs whose closest features are two nearly
 * parallel edges, at edge angles 1e-1 … 1e-7 rad and gaps ±1e-5 … ±1e-3 of the size, through the
 * static overlap, the static penetration and the sweep (tests/common/edge_pairs.h builds them).
 *
 * Exact answers. They are computed here, in double, from the float inputs the library receives (a
 * box is its float centre, the columns of sc_box_axes() and its half extents; a triangle its three
 * float vertices): the separating-axis test over every axis with the true cross products of the
 * edges, and for a motion the slab times t_in = max, t_out = min over the axes. With every face
 * normal of the Minkowski difference among the axes this is exact up to double rounding, and it
 * shares nothing with the library's float code. Each case also checks that the scene is the one
 * intended: the exact gap is the constructed one to within 1e-6 of the size when they are apart
 * (overlapping, a face may penetrate less than the edges; see check_built() below 1e-5 rad), and
 * the exact first contact of a pass along n is where the constructed gap closes.
 *
 * The family runs at unit size and again with every length times 1e-15 and 1e12.
 *
 * What must hold: the exact status whenever the exact margin is at least 1e-5 of the size (every
 * case here; the contract asks for 1e-6), t_first within T_TOL = 1e-5, depths and gaps within
 * D_TOL = 1e-6 of the size (a few ulps of the size; the contract allows 1e-5), the separation along
 * the reported normal equal to the reported gap or depth, and a hit's normal along its feature
 * (perpendicular to both edges within 1e-5 for an edge pair). Before the edge axes
 * were kept at every angle, the cases between 1e-5 and 1e-2 rad failed: edge pairs within 1e-3 rad
 * of parallel were skipped (contact early by up to ~θ·size/4), and B's radius on the kept ones was
 * off by ~1e-7/θ of the size. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <swept/swept.h>

#include "edge_pairs.h"
#include "scenes.h"

#define T_TOL 1e-5
#define D_TOL 1e-6

/* ---- exact answers in double ---- */

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

static void dv(sw_vec3 v, double o[3]) { o[0] = v.x, o[1] = v.y, o[2] = v.z; }

/* a box as the library defines it: float centre, the columns of sc_box_axes(), half extents */
typedef struct xbox {
	double c[3], col[3][3], h[3];
} xbox;

static xbox xbox_of(const sc_box *b)
{
	xbox x;
	sw_mat3 m = sc_box_axes(b);
	dv(b->center, x.c);
	dv(b->half, x.h);
	for (int k = 0; k < 3; k++)
		dv(m.col[k], x.col[k]);
	return x;
}

static double radius(const xbox *b, const double n[3])
{
	return b->h[0] * fabs(dot3(b->col[0], n)) + b->h[1] * fabs(dot3(b->col[1], n)) +
	       b->h[2] * fabs(dot3(b->col[2], n));
}

/* the exact answer: f(0) = max over the axes of the gap, and the contact interval */
typedef struct xans {
	double sep0, t_first, t_last;
	int never;
	sw_status status;
} xans;

static void xans_init(xans *x)
{
	x->sep0 = -INFINITY, x->t_first = -INFINITY, x->t_last = INFINITY;
	x->never = 0;
}

/* one axis: the other shape projects to [lo, hi] + u·t relative to A's centre, A to [−r, r] */
static void xans_axis(xans *x, double lo, double hi, double r, double u)
{
	x->sep0 = fmax(x->sep0, fmax(lo - r, -r - hi));
	if (u == 0) {
		x->never |= lo > r || hi < -r;
		return;
	}
	double a = (-r - hi) / u, b = (r - lo) / u; /* u > 0: enters at a, leaves at b */
	x->t_first = fmax(x->t_first, u > 0 ? a : b);
	x->t_last = fmin(x->t_last, u > 0 ? b : a);
}

static void xans_finish(xans *x)
{
	if (x->sep0 <= 0)
		x->status = SW_STARTS_OVERLAPPED, x->t_first = 0;
	else if (!x->never && x->t_first <= x->t_last && x->t_first <= 1 && x->t_last >= 0)
		x->status = SW_HIT;
	else
		x->status = SW_MISS;
}

/* every axis of the pair: the 3 + 3 face normals and the 9 edge cross products (zero ones skipped) */
static xans exact_box_box(const sc_box *a, sw_vec3 da, const sc_box *b, sw_vec3 db)
{
	xbox xa = xbox_of(a), xb = xbox_of(b);
	double d[3], v[3], va[3], vb[3];
	dv(da, va), dv(db, vb);
	for (int k = 0; k < 3; k++)
		d[k] = xb.c[k] - xa.c[k], v[k] = vb[k] - va[k];
	xans x;
	xans_init(&x);
	for (int id = 0; id < 15; id++) {
		double l[3];
		if (id < 6) {
			const double *c = id < 3 ? xa.col[id] : xb.col[id - 3];
			l[0] = c[0], l[1] = c[1], l[2] = c[2];
		} else {
			cross3(xa.col[(id - 6) / 3], xb.col[(id - 6) % 3], l);
		}
		double len = sqrt(dot3(l, l));
		if (len == 0)
			continue;
		for (int k = 0; k < 3; k++)
			l[k] /= len;
		double w = dot3(l, d), rb = radius(&xb, l);
		xans_axis(&x, w - rb, w + rb, radius(&xa, l), dot3(l, v));
	}
	xans_finish(&x);
	return x;
}

/* the 3 face normals of the box, the triangle's normal and the 9 box edge × triangle edge axes */
static xans exact_box_tri(const sc_box *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt)
{
	xbox xa = xbox_of(a);
	double p[3][3], e[3][3], v[3], va[3], vt[3];
	dv(t->a, p[0]), dv(t->b, p[1]), dv(t->c, p[2]), dv(da, va), dv(dt, vt);
	for (int k = 0; k < 3; k++) {
		v[k] = vt[k] - va[k];
		for (int q = 0; q < 3; q++)
			p[k][q] -= xa.c[q];
	}
	for (int j = 0; j < 3; j++)
		for (int q = 0; q < 3; q++)
			e[j][q] = p[(j + 1) % 3][q] - p[j][q];
	xans x;
	xans_init(&x);
	for (int id = 0; id < 13; id++) {
		double l[3], g[3] = {-e[2][0], -e[2][1], -e[2][2]};
		if (id < 3)
			l[0] = xa.col[id][0], l[1] = xa.col[id][1], l[2] = xa.col[id][2];
		else if (id == 3)
			cross3(e[0], g, l);
		else
			cross3(xa.col[(id - 4) / 3], e[(id - 4) % 3], l);
		double len = sqrt(dot3(l, l));
		if (len == 0)
			continue;
		for (int k = 0; k < 3; k++)
			l[k] /= len;
		double lo = INFINITY, hi = -INFINITY;
		for (int k = 0; k < 3; k++)
			lo = fmin(lo, dot3(l, p[k])), hi = fmax(hi, dot3(l, p[k]));
		xans_axis(&x, lo, hi, radius(&xa, l), dot3(l, v));
	}
	xans_finish(&x);
	return x;
}

/* the separation of the two shapes along the direction n (normalised here), A to B */
static double box_box_along(const sc_box *a, const sc_box *b, sw_vec3 nf)
{
	xbox xa = xbox_of(a), xb = xbox_of(b);
	double n[3], d[3];
	dv(nf, n);
	double len = sqrt(dot3(n, n));
	for (int k = 0; k < 3; k++)
		n[k] /= len, d[k] = xb.c[k] - xa.c[k];
	return dot3(n, d) - radius(&xa, n) - radius(&xb, n);
}

static double box_tri_along(const sc_box *a, const sw_tri3 *t, sw_vec3 nf)
{
	xbox xa = xbox_of(a);
	double n[3], p[3][3], lo = INFINITY;
	dv(nf, n), dv(t->a, p[0]), dv(t->b, p[1]), dv(t->c, p[2]);
	double len = sqrt(dot3(n, n));
	for (int k = 0; k < 3; k++)
		n[k] /= len;
	for (int k = 0; k < 3; k++) {
		for (int q = 0; q < 3; q++)
			p[k][q] -= xa.c[q];
		lo = fmin(lo, dot3(n, p[k]));
	}
	return lo - radius(&xa, n);
}

/* ---- checks ---- */

/* the scene is the one intended: apart, the exact gap is the built one. Below 1e-5 rad the float
 * rounding of the inputs (up to a few 1e-7 rad for a short triangle edge away from the origin) may
 * turn the edges' common normal away from n, and f(0), the best face normal's gap, fall short of
 * the distance by tens of percent: only its sign is sure */
static void check_built(const char *what, const ep_params *p, const xans *x, double size)
{
	if (p->gap < 0)
		return;
	if (p->theta >= 1e-5)
		cr_assert(fabs(x->sep0 - p->gap) <= 1e-6 * size, "%s: exact f(0) %.9g, built %.9g", what, x->sep0,
			  p->gap);
	else
		cr_assert(x->sep0 > 0, "%s: exact f(0) %.9g, built %.9g", what, x->sep0, p->gap);
}

static sw_vec3 along(const double n[3], double s)
{
	return sw_v3((float)(n[0] * s), (float)(n[1] * s), (float)(n[2] * s));
}

/* B moved by s·n, in double, rounded once */
static sc_box box_moved(const sc_box *b, const double n[3], double s)
{
	sc_box m = *b;
	m.center = sw_v3((float)(b->center.x + n[0] * s), (float)(b->center.y + n[1] * s),
			 (float)(b->center.z + n[2] * s));
	return m;
}

static sw_tri3 tri_moved(const sw_tri3 *t, const double n[3], double s)
{
	const sw_vec3 *v[3] = {&t->a, &t->b, &t->c};
	sw_vec3 o[3];
	for (int k = 0; k < 3; k++)
		o[k] = sw_v3((float)(v[k]->x + n[0] * s), (float)(v[k]->y + n[1] * s), (float)(v[k]->z + n[2] * s));
	return (sw_tri3){o[0], o[1], o[2]};
}

/* the sweep's status and first contact; `along`: whether its normal lies along its feature
 * (sc_obb3_feature_along(): perpendicular to both edges for an edge pair) */
static void expect_sweep(const char *what, const sw_sweep_result *o, const xans *x, int along)
{
	if (o->status == SW_HIT)
		cr_expect(along, "%s: the normal (%g %g %g) is not along feature %d", what, o->normal.x, o->normal.y,
			  o->normal.z, o->feature);
	cr_expect_eq(o->status, x->status, "%s: status %s, exact %s (t_first %.9g, f(0) %.3g)", what,
		     sw_status_name(o->status), sw_status_name(x->status), x->t_first, x->sep0);
	if (o->status == x->status && x->status == SW_HIT)
		cr_expect(fabs(o->t_first - x->t_first) <= T_TOL, "%s: t_first %.9g, exact %.9g", what, o->t_first,
			  x->t_first);
}

/* the static queries on a pair at rest: status, depth or gap against f(0), and the gap along the
 * reported normal (`along`, exact) equal to the reported one: the library's axis is honest */
static void expect_static(const char *what, sw_status ov, const sw_overlap_result *pen, const xans *x, double size,
			  double along)
{
	sw_status want = x->sep0 > 0 ? SW_MISS : SW_HIT;
	cr_expect_eq(ov, want, "%s: overlap %s, exact f(0) = %.9g", what, sw_status_name(ov), x->sep0);
	cr_expect_eq(pen->status, want, "%s: penetration %s, exact f(0) = %.9g", what, sw_status_name(pen->status),
		     x->sep0);
	if (pen->status != want)
		return;
	/* on a miss the first separating axis' gap: positive, at most f(0) here (only the edge axis or
	 * a face parallel to it separates these pairs by more than rounding); on a hit −f(0) */
	double want_d = want == SW_MISS ? x->sep0 : -x->sep0;
	cr_expect(fabs(pen->depth - want_d) <= D_TOL * size ||
			  (want == SW_MISS && pen->depth > 0 && pen->depth < want_d),
		  "%s: %s %.9g, exact %.9g", what, want == SW_MISS ? "gap" : "depth", pen->depth, want_d);
	double claimed = want == SW_MISS ? pen->depth : -pen->depth;
	cr_expect(fabs(along - claimed) <= D_TOL * size, "%s: separation along the normal %.9g, reported %.9g", what,
		  along, claimed);
}

static double box_size(const sc_box *a) { return a->half.x + a->half.y + a->half.z; }

static void check_box_pair(const ep_params *p, const char *tag)
{
	char what[160];
	snprintf(what, sizeof what, "box %s θ %.0e gap %+.0e of the size", tag, p->theta,
		 p->gap / (p->ha[0] + p->ha[1] + p->ha[2]));
	sc_box a, b;
	double n[3];
	ep_obb3_pair(p, &a, &b, n);
	double size = box_size(&a), dist = 0.5 * size;
	sw_vec3 zero = sw_v3(0, 0, 0);
	/* at rest */
	xans x = exact_box_box(&a, zero, &b, zero);
	check_built(what, p, &x, size);
	uint32_t axis;
	sw_overlap_result pen;
	sw_status ov = sc_obb3_overlap_test(&a, &b, &axis);
	sc_obb3_overlap(&a, &b, &pen);
	expect_static(what, ov, &pen, &x, size, box_box_along(&a, &b, pen.normal));
	/* B comes in along −n from dist away and stops where it is now: a hit iff they overlap there */
	sc_box b0 = box_moved(&b, n, dist);
	sw_vec3 stop = along(n, -dist), pass = along(n, -2 * dist);
	sw_sweep_result o;
	sc_obb3_sweep(&a, zero, &b0, stop, &o);
	x = exact_box_box(&a, zero, &b0, stop);
	expect_sweep(what, &o, &x, sc_obb3_feature_along(&a, &b0, o.feature, o.normal, 1e-5f));
	/* A goes through B's place instead: first contact halfway, plus gap over the distance run */
	sc_obb3_sweep(&a, sw_v3(-pass.x, -pass.y, -pass.z), &b0, zero, &o);
	x = exact_box_box(&a, sw_v3(-pass.x, -pass.y, -pass.z), &b0, zero);
	cr_assert(fabs(x.t_first - (0.5 + p->gap / (2 * dist))) <= 1e-6, "%s: exact t_first %.9g", what, x.t_first);
	expect_sweep(what, &o, &x, sc_obb3_feature_along(&a, &b0, o.feature, o.normal, 1e-5f));
}

static void check_tri_pair(const ep_params *p, const char *tag)
{
	char what[160];
	snprintf(what, sizeof what, "triangle %s edge %d θ %.0e gap %+.0e of the size", tag, p->j, p->theta,
		 p->gap / (p->ha[0] + p->ha[1] + p->ha[2]));
	sc_box a;
	sw_tri3 t;
	double n[3];
	ep_tri3_pair(p, &a, &t, n);
	double size = box_size(&a), dist = 0.5 * size;
	sw_vec3 zero = sw_v3(0, 0, 0);
	xans x = exact_box_tri(&a, zero, &t, zero);
	check_built(what, p, &x, size);
	uint32_t axis;
	sw_overlap_result pen;
	sw_status ov = sc_obb3_tri3_overlap_test(&a, &t, &axis);
	sc_obb3_tri3_overlap(&a, &t, &pen);
	expect_static(what, ov, &pen, &x, size, box_tri_along(&a, &t, pen.normal));
	sw_tri3 t0 = tri_moved(&t, n, dist);
	sw_vec3 stop = along(n, -dist), pass = along(n, -2 * dist);
	sw_sweep_result o;
	sc_obb3_tri3_sweep(&a, zero, &t0, stop, 0, &o);
	x = exact_box_tri(&a, zero, &t0, stop);
	expect_sweep(what, &o, &x, sc_tri3_feature_along(&a, &t0, o.feature, o.normal, 1e-5f));
	sc_obb3_tri3_sweep(&a, sw_v3(-pass.x, -pass.y, -pass.z), &t0, zero, 0, &o);
	x = exact_box_tri(&a, sw_v3(-pass.x, -pass.y, -pass.z), &t0, zero);
	cr_assert(fabs(x.t_first - (0.5 + p->gap / (2 * dist))) <= 1e-6, "%s: exact t_first %.9g", what, x.t_first);
	expect_sweep(what, &o, &x, sc_tri3_feature_along(&a, &t0, o.feature, o.normal, 1e-5f));
}

/* ---- the family ---- */

static const double thetas[] = {1e-1, 3e-2, 1e-2, 3e-3, 1e-3, 3e-4, 1e-4, 3e-5, 1e-5, 1e-6, 1e-7};
static const double gaps[] = {1e-5, -1e-5, 1e-4, -1e-4, 1e-3, -1e-3};
#define N_THETA (sizeof thetas / sizeof thetas[0])
#define N_GAP (sizeof gaps / sizeof gaps[0])

/* three scenes: the reproducer's (A axis-aligned, unit cubes, B rolled 30°, n at 60°), and two
 * turned and moved ones with unequal extents and other edge pairs */
static ep_params scene(int k)
{
	const double deg = 3.14159265358979323846 / 180;
	ep_params p = {0};
	p.s1 = p.s2 = 1;
	p.scene_q[3] = 1;
	for (int c = 0; c < 3; c++)
		p.ha[c] = p.hb[c] = 0.5;
	p.beta = 60 * deg, p.phi = 30 * deg, p.gamma = 30 * deg;
	p.tri_len = 1.2, p.tri_reach = 0.8;
	if (k == 1) {
		const double q[4] = {0.2, -0.5, 0.3, 0.7874007874011811}; /* unit */
		p.i = 1, p.j = 2, p.s1 = -1, p.beta = 35 * deg, p.phi = -20 * deg, p.gamma = 65 * deg, p.along = 0.3;
		for (int c = 0; c < 4; c++)
			p.scene_q[c] = q[c];
		const double t[3] = {1.5, -2.0, 0.7}, ha[3] = {0.4, 0.7, 0.3}, hb[3] = {0.6, 0.2, 0.5};
		for (int c = 0; c < 3; c++)
			p.scene_t[c] = t[c], p.ha[c] = ha[c], p.hb[c] = hb[c];
		p.tri_len = 2.5, p.tri_reach = 1.5;
	} else if (k == 2) {
		const double q[4] = {-0.6, 0.1, 0.4, 0.6855654600401044}; /* unit */
		p.i = 2, p.j = 1, p.s2 = -1, p.beta = 50 * deg, p.phi = 65 * deg, p.gamma = 20 * deg, p.along = -0.45;
		for (int c = 0; c < 4; c++)
			p.scene_q[c] = q[c];
		const double t[3] = {-3.0, 0.25, 2.0}, ha[3] = {1.2, 0.3, 0.8}, hb[3] = {0.25, 1.1, 0.7};
		for (int c = 0; c < 3; c++)
			p.scene_t[c] = t[c], p.ha[c] = ha[c], p.hb[c] = hb[c];
		p.tri_len = 0.7, p.tri_reach = 2.0;
	}
	return p;
}

/* every scene, angle and gap (and triangle edge), with every length of the scene times `scale` */
static void family(double scale, int triangle)
{
	for (int k = 0; k < 3; k++) {
		for (int j = 0; j < (triangle ? 3 : 1); j++) {
			for (size_t a = 0; a < N_THETA; a++) {
				for (size_t g = 0; g < N_GAP; g++) {
					ep_params p = scene(k);
					for (int c = 0; c < 3; c++)
						p.ha[c] *= scale, p.hb[c] *= scale, p.scene_t[c] *= scale;
					p.tri_len *= scale, p.tri_reach *= scale;
					p.theta = thetas[a];
					p.gap = gaps[g] * (p.ha[0] + p.ha[1] + p.ha[2]);
					char tag[40];
					snprintf(tag, sizeof tag, "scene %d × %g", k, scale);
					if (triangle) {
						p.j = j;
						check_tri_pair(&p, tag);
					} else {
						check_box_pair(&p, tag);
					}
				}
			}
		}
	}
}

Test(parallel_edges, box_box_family) { family(1, 0); }
Test(parallel_edges, box_triangle_family) { family(1, 1); }

/* the same at the ends of the size range: at 1e-15 the products the least-penetration and slab
 * comparisons form (pen² · len2) underflow for edge axes left at their length (~θ): the axes are
 * scaled by a power of two so that they do not */
Test(parallel_edges, box_box_family_tiny_and_huge)
{
	family(1e-15, 0);
	family(1e12, 0);
}

Test(parallel_edges, box_triangle_family_tiny_and_huge)
{
	family(1e-15, 1);
	family(1e12, 1);
}

/* ---- the reproducer ---- */

/* unit cubes; B turned 30° about x, then 9.9e-4 rad about n = (0, cos 60°, sin 60°), placed so that
 * the edges A_x and B_x, 9.9e-4 rad apart, are 1e-4 apart along n */
static const sc_box rep_a = {{0, 0, 0}, {0, 0, 0, 1}, {0.5f, 0.5f, 0.5f}};
static const sc_box rep_b = {{0.000181182491f, 0.683062792f, 1.18309927f},
			     {0.258819014f, 0.000350017828f, 0.000350017857f, 0.965925694f},
			     {0.5f, 0.5f, 0.5f}};
static const double rep_n[3] = {0, 0.5, 0.86602540378443865};

Test(parallel_edges, reproducer_box_box)
{
	const sw_vec3 zero = sw_v3(0, 0, 0);
	xans x = exact_box_box(&rep_a, zero, &rep_b, zero);
	cr_assert(fabs(x.sep0 - 1.00007e-4) <= 1e-9, "exact gap %.9g", x.sep0);
	uint32_t axis = 0;
	cr_expect_eq(sc_obb3_overlap_test(&rep_a, &rep_b, &axis), SW_MISS, "overlap says they touch");
	cr_expect_eq(axis, (uint32_t)SW_AXIS_EDGE0, "separating axis %u, want A_x × B_x", axis);
	sw_overlap_result pen;
	cr_expect_eq(sc_obb3_overlap(&rep_a, &rep_b, &pen), SW_MISS, "penetration says they overlap, depth %.9g",
		     pen.depth);
	cr_expect(fabs(pen.depth - x.sep0) <= D_TOL, "gap %.9g, exact %.9g", pen.depth, x.sep0);
	/* from 0.5 along n, velocity −n: first contact at 0.5 + gap */
	sc_box b0 = box_moved(&rep_b, rep_n, 0.5);
	sw_vec3 v = along(rep_n, -1);
	sw_sweep_result o;
	sc_obb3_sweep(&rep_a, zero, &b0, v, &o);
	x = exact_box_box(&rep_a, zero, &b0, v);
	cr_assert(fabs(x.t_first - 0.5001) <= 1e-6, "exact t_first %.9g", x.t_first);
	expect_sweep("reproducer", &o, &x, sc_obb3_feature_along(&rep_a, &b0, o.feature, o.normal, 1e-5f));
	cr_expect_eq(o.feature, SW_AXIS_EDGE0 + 0, "feature %d, want A_x × B_x", o.feature);
}

/* the triangle made of B's closest edge and B's face next to it that leans away from A, with that
 * edge as edge 0, 1 and 2 in turn */
Test(parallel_edges, reproducer_box_triangle)
{
	const sw_vec3 zero = sw_v3(0, 0, 0);
	sw_mat3 m = sc_box_axes(&rep_b);
	/* the edge along b_x whose faces face −n: n·b_y > 0 and n·b_z > 0, so the corner −b_y − b_z */
	sw_vec3 mid = sw_v3_sub(rep_b.center, sw_v3_scale(sw_v3_add(m.col[1], m.col[2]), 0.5f));
	sw_vec3 e0 = sw_v3_sub(mid, sw_v3_scale(m.col[0], 0.5f)), e1 = sw_v3_add(mid, sw_v3_scale(m.col[0], 0.5f));
	sw_vec3 far = sw_v3_add(e1, m.col[1]);
	const sw_tri3 tris[3] = {{e0, e1, far}, {far, e0, e1}, {e1, far, e0}};
	for (int j = 0; j < 3; j++) {
		char what[64];
		snprintf(what, sizeof what, "reproducer triangle, edge %d", j);
		const sw_tri3 *t = &tris[j];
		xans x = exact_box_tri(&rep_a, zero, t, zero);
		cr_assert(fabs(x.sep0 - 1.0e-4) <= 1e-6, "%s: exact gap %.9g", what, x.sep0);
		uint32_t axis = 0;
		sw_overlap_result pen;
		sw_status ov = sc_obb3_tri3_overlap_test(&rep_a, t, &axis);
		sc_obb3_tri3_overlap(&rep_a, t, &pen);
		expect_static(what, ov, &pen, &x, 1.5, box_tri_along(&rep_a, t, pen.normal));
		cr_expect_eq(axis, (uint32_t)(SW_TRI3_AXIS_EDGE0 + j), "%s: separating axis %u", what, axis);
		sw_tri3 t0 = tri_moved(t, rep_n, 0.5);
		sw_vec3 v = along(rep_n, -1);
		sw_sweep_result o;
		sc_obb3_tri3_sweep(&rep_a, zero, &t0, v, 0, &o);
		x = exact_box_tri(&rep_a, zero, &t0, v);
		cr_assert(fabs(x.t_first - 0.5001) <= 1e-6, "%s: exact t_first %.9g", what, x.t_first);
		expect_sweep(what, &o, &x, sc_tri3_feature_along(&rep_a, &t0, o.feature, o.normal, 1e-5f));
	}
}
