/* src/ref/obb3_tri3_sat.c — moving separating-axis test for an oriented box (A) and a triangle (B): the
 * scalar reference, and the triangle's input contract.
 *
 * Method. The 13 axes of the static box–triangle test (Akenine-Möller, "Fast 3D triangle-box overlap
 * testing", JGT 2001; Ericson, RTCD 5.2.9): the box's 3 face normals, the triangle's normal and the
 * 9 cross products box edge i × triangle edge j. Extended to constant-velocity motion by slab
 * clipping over t ∈ [0,1] as in ref/obb3_sat.c (Ericson, RTCD 5.5.8): on an axis L the box projects
 * to [−r, r], the triangle to [lo, hi] + u·t, and they overlap on L while lo + u·t ≤ r and
 * hi + u·t ≥ −r, an interval [t_in, t_out]. First contact = max t_in, last = min t_out, kept as
 * fractions and compared by cross-multiplying; one division per time at the end.
 *
 * Frame and scale. Everything is expressed in the box's frame: the triangle's vertex a relative to
 * the box centre, rotated once; its edges are formed in world space (b − a is as exact as the
 * triangle's own size allows) and rotated. The edges are first scaled by s, the power of two that
 * brings the largest edge coordinate into [1, 2): a power-of-two scale is exact, so the axes built
 * from the scaled edges are the true axes times s or s², but their lengths stay near 1 whatever the
 * triangle's size, and the products of the slab comparisons stay products of two lengths, as in the
 * OBB–OBB test. Times do not depend on |L|.
 *
 * The triangle's projection. On every axis it is [p + min(0, x, y), p + max(0, x, y)] with p the
 * projection of vertex a and x, y those of b − a and c − a. On the triangle's normal x = y = 0. On
 * an edge axis L = e_i × f_j the two ends of edge j project alike (L·f_j is exactly 0 in float too:
 * its two products are the same) and the third vertex lies at o from them: on edge 0's axis
 * o = L·(c − a) and on edge 2's o = L·(b − a), both (e_i × f_j)·g = n_i with n = f_0 × g, g = −f_2
 * (the normal); on edge 1's o = L·(b − a) = (f_1 × f_0)_i = k_i. Each is the very two products of the
 * direct projection on the computed L, so its rounding error is proportional to |L|. (On edge 1's
 * axis o is not −n_i: that identity needs f_0 + f_1 + f_2 = 0, which the rounded edges miss by
 * ~1e-7, an error of ~1e-7 / |L| of the size for nearly parallel edges.) The triangle is thus flat
 * along its normal and along edge j exactly; the true one differs by the rounding of its edges.
 *
 * Nearly parallel edges. As in ref/obb3_sat.c, no edge axis is dropped for being close to
 * parallel: with every projection taken on the computed axis, the separation it measures is within
 * a few ulps of the size at every angle. Each edge axis is scaled by the power of two that brings
 * its largest component into [2, 4) (sw_ref_axis_scale), so the products compared stay products of
 * two lengths; an axis whose components are all zero or denormal carries no information and is
 * skipped.
 *
 * The SIMD kernels (kernels/obb3_tri3_sat_tmpl.c) perform these exact operations in this exact order.
 */
#include "ref/ref.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

_Static_assert(sizeof(sw_tri3) == 9 * sizeof(float), "sw_tri3 must be 9 packed floats");

static float dot3(const float a[3], const float b[3]) { return (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2]; }

/* n = f × g, the component order of sw_v3_cross() */
static void cross3(const float f[3], const float g[3], float n[3])
{
	n[0] = f[1] * g[2] - f[2] * g[1];
	n[1] = f[2] * g[0] - f[0] * g[2];
	n[2] = f[0] * g[1] - f[1] * g[0];
}

/* everything the 13 axes are built from, in the box's frame */
typedef struct tri_frame {
	float h[3];    /* half extents */
	float d[3];    /* vertex a − box centre */
	float v[3];    /* relative motion, triangle's minus box's */
	float f[3][3]; /* scaled edges f[j] */
	float x[3];    /* (b − a), unscaled */
	float y[3];    /* (c − a), unscaled */
	float n[3];    /* scaled normal f0 × (−f2): c's offset from edge 0, b's from edge 2, on their axes */
	float k[3];    /* f1 × f0: b's offset from a on the axes of edge 1 */
	float p;       /* the edges' scale's inverse (sw_tri_edges.p) */
	float s[2];    /* the pair's scale (sw_ref_pair_scale): every length above is at that scale */
} tri_frame;

static void tri_frame_build(const sw_box3 *box, const sw_mat3 *r, const sw_tri3 *t, const sw_tri_edges *e, sw_vec3 v,
			    tri_frame *fr)
{
	float d[3] = {t->a.x - box->center.x, t->a.y - box->center.y, t->a.z - box->center.z};
	float vw[3] = {v.x, v.y, v.z}, p = e->p;
	fr->h[0] = box->half.x;
	fr->h[1] = box->half.y;
	fr->h[2] = box->half.z;
	/* a tiny pair is scaled up first (SW_PAIR_TINY), every length by the same two powers of two */
	const float len[10] = {fabsf(d[0]),  fabsf(d[1]), fabsf(d[2]), fabsf(vw[0]), fabsf(vw[1]),
			       fabsf(vw[2]), fr->h[0],    fr->h[1],    fr->h[2],     p};
	float m = len[0];
	for (int k = 1; k < 10; k++)
		m = len[k] > m ? len[k] : m;
	sw_ref_pair_scale(m, &fr->s[0], &fr->s[1]);
	for (int k = 0; k < 3; k++) {
		d[k] = (d[k] * fr->s[0]) * fr->s[1];
		vw[k] = (vw[k] * fr->s[0]) * fr->s[1];
		fr->h[k] = (fr->h[k] * fr->s[0]) * fr->s[1];
	}
	p = (p * fr->s[0]) * fr->s[1];
	for (int i = 0; i < 3; i++) {
		const float c[3] = {r->col[i].x, r->col[i].y, r->col[i].z};
		fr->d[i] = dot3(c, d);
		fr->v[i] = dot3(c, vw);
		for (int j = 0; j < 3; j++)
			fr->f[j][i] = dot3(c, e->w[j]);
	}
	float g[3];
	for (int i = 0; i < 3; i++) {
		g[i] = -fr->f[2][i];
		fr->x[i] = fr->f[0][i] * p;
		fr->y[i] = g[i] * p;
	}
	cross3(fr->f[0], g, fr->n);
	cross3(fr->f[1], fr->f[0], fr->k);
	fr->p = p;
}

/* one candidate axis: the triangle's interval [lo, hi] at t = 0, the box's radius r, the speed u of
 * the triangle along L, the axis (unnormalised) and its squared length; skip: a zero edge axis */
typedef struct tri_axis {
	float lo, hi, r, u;
	float l[3];
	float len2;
	int skip;
} tri_axis;

static float min0(float a) { return a < 0.0f ? a : 0.0f; }
static float max0(float a) { return a > 0.0f ? a : 0.0f; }

/* axis `id` in feature-id order */
static void tri_axis_get(const tri_frame *f, int id, tri_axis *x)
{
	x->skip = 0;
	if (id < 3) {
		/* box face i: L = e_i */
		int i = id;
		float a = f->x[i], b = f->y[i];
		float mn = min0(a < b ? a : b), mx = max0(a > b ? a : b);
		x->lo = f->d[i] + mn;
		x->hi = f->d[i] + mx;
		x->r = f->h[i];
		x->u = f->v[i];
		for (int c = 0; c < 3; c++)
			x->l[c] = c == i ? 1.0f : 0.0f;
		x->len2 = 1.0f;
	} else if (id == SW_TRI3_AXIS_FACE_TRI) {
		/* triangle normal: the triangle is a point on it */
		x->lo = x->hi = dot3(f->d, f->n);
		x->r = (f->h[0] * fabsf(f->n[0]) + f->h[1] * fabsf(f->n[1])) + f->h[2] * fabsf(f->n[2]);
		x->u = dot3(f->v, f->n);
		for (int c = 0; c < 3; c++)
			x->l[c] = f->n[c];
		x->len2 = dot3(f->n, f->n);
	} else {
		/* L = s·(e_i × f_j) = (L_i, L_i1, L_i2) = (0, −b, a), a = s·f_j[i1], b = s·f_j[i2] */
		int i = (id - SW_TRI3_AXIS_EDGE0) / 3, j = (id - SW_TRI3_AXIS_EDGE0) % 3;
		int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
		const float *fj = f->f[j];
		float fa = fabsf(fj[i1]), fb = fabsf(fj[i2]), m = fa > fb ? fa : fb;
		float s = sw_ref_axis_scale(m), a = fj[i1] * s, b = fj[i2] * s;
		float p = f->d[i2] * a - f->d[i1] * b;
		float o = ((j == 1 ? f->k[i] : f->n[i]) * s) * f->p;
		x->lo = p + min0(o);
		x->hi = p + max0(o);
		x->r = f->h[i1] * fabsf(b) + f->h[i2] * fabsf(a);
		x->u = f->v[i2] * a - f->v[i1] * b;
		x->l[i] = 0.0f;
		x->l[i1] = -b;
		x->l[i2] = a;
		x->len2 = a * a + b * b;
		/* zero or denormal: exactly (or all but exactly) parallel, no information */
		x->skip = !(m >= SW_AXIS_MIN);
	}
}

/* running state over the axes; see sat_state in ref/obb3_sat.c (den = 0 encodes ∓infinity) */
typedef struct tri_state {
	float in_num, in_den;
	int in_axis;
	float in_u;
	float out_num, out_den;
	int sep0, never;
	float pen2, pen_len2;
	int pen_axis;
	float pen_sign;
} tri_state;

static void tri_visit(tri_state *s, int id, const tri_axis *x)
{
	if (x->skip)
		return;
	/* pos: depth if the triangle left towards +L, neg: towards −L; the smaller is the penetration,
	 * and it is < 0 exactly when L separates (a float difference has the exact sign) */
	float pos = x->r - x->lo, neg = x->r + x->hi;
	int plus = pos <= neg;
	float pen = plus ? pos : neg;
	int sep = pen < 0.0f;
	s->sep0 |= sep;
	/* least normalised penetration: pen²·len2_best < pen2_best·len2 (pen ≥ 0 when it matters) */
	float pen2 = pen * pen;
	if (pen2 * s->pen_len2 < s->pen2 * x->len2) {
		s->pen2 = pen2;
		s->pen_len2 = x->len2;
		s->pen_axis = id;
		s->pen_sign = plus ? 1.0f : -1.0f;
	}
	float a = fabsf(x->u);
	if (!(a > SW_TINY_SPEED)) {
		s->never |= sep; /* no motion along L: separated forever, or overlapping forever */
		return;
	}
	/* u > 0: enters when hi + u t = −r, leaves when lo + u t = r; u < 0 the other way round */
	float nin = x->u < 0 ? -pos : -neg, nout = x->u < 0 ? neg : pos;
	if (sw_ref_slab(nin, nout, a, &s->in_num, &s->in_den, &s->out_num, &s->out_den)) {
		s->in_axis = id;
		s->in_u = x->u;
	}
}

/* unit normal in world space: the box's rotation times sign·L/|L| */
static sw_vec3 world_normal(const sw_mat3 *ra, const tri_axis *x, float sign)
{
	return sw_ref_world_normal(ra, x->l, x->len2, sign);
}

/* the sweep on valid inputs; v = triangle's displacement minus the box's */
static sw_status tri3_sweep_core(const sw_box3 *box, const sw_tri3 *t, sw_vec3 v, int one_sided, sw_sweep_result *out)
{
	sw_mat3 r = sw_mat3_from_quat(box->rot);
	sw_tri_edges e;
	sw_tri3_edges_scaled(t, &e);
	tri_frame f;
	tri_frame_build(box, &r, t, &e, v, &f);
	tri_axis ax[SW_TRI3_AXIS_COUNT];
	tri_state s = {-1.0f, 0.0f, 0, 0.0f, 1.0f, 0.0f, 0, 0, INFINITY, 1.0f, 0, 1.0f};
	for (int k = 0; k < SW_TRI3_AXIS_COUNT; k++) {
		tri_axis_get(&f, k, &ax[k]);
		tri_visit(&s, k, &ax[k]);
	}
	/* one-sided: the triangle must move towards +n relative to the box, i.e. the box approach
	 * its front; no motion along n does not approach */
	int front = !one_sided || ax[SW_TRI3_AXIS_FACE_TRI].u > SW_TINY_SPEED;

	float t_last = s.out_num / s.out_den;
	t_last = t_last < 1.0f ? t_last : 1.0f;
	if (!s.sep0)
		*out = sw_sweep_result_of(SW_STARTS_OVERLAPPED, (uint32_t)s.pen_axis, 0.0f, t_last,
					  world_normal(&r, &ax[s.pen_axis], s.pen_sign));
	else if (!s.never && s.in_num * s.out_den <= s.out_num * s.in_den && s.in_num <= s.in_den &&
		 s.out_num >= 0.0f && front)
		/* separated at 0, so t_in > 0 here (see ref/obb3_sat.c); u > 0: the triangle arrives from −L,
		 * so the normal from box to triangle is −L */
		*out = sw_sweep_result_of(SW_HIT, (uint32_t)s.in_axis, s.in_num / s.in_den, t_last,
					  world_normal(&r, &ax[s.in_axis], s.in_u < 0 ? 1.0f : -1.0f));
	else
		*out = sw_sweep_result_miss();
	return out->status;
}

sw_status sw_obb3_tri3_sweep_pair(const sw_box3 *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt, int one_sided,
				  sw_sweep_result *out)
{
	if (!sw_obb3_valid_ref(a, da) || !sw_tri3_valid_ref(t, dt)) {
		*out = sw_sweep_result_invalid();
		return SW_PAIR_INVALID;
	}
	return tri3_sweep_core(a, t, sw_v3_sub(dt, da), one_sided, out);
}

sw_error sw_obb3_tri3_sweep(const sw_obb3 *a, sw_pose3 pa, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt,
			    const sw_sweep_opts *opts, sw_sweep_result *out)
{
	if (!a || !t || !out)
		return SW_ERR_NULL;
	sw_box3 box = sw_box3_of(a, pa);
	sw_obb3_tri3_sweep_pair(&box, da, t, dt, opts && opts->one_sided, out);
	return SW_OK;
}

sw_status sw_obb3_tri3_overlap_test_pair(const sw_box3 *a, const sw_tri3 *t, uint32_t *separating_axis)
{
	*separating_axis = SW_FEATURE_NONE;
	sw_vec3 zero = {0, 0, 0};
	if (!sw_obb3_valid_ref(a, zero) || !sw_tri3_valid_ref(t, zero))
		return SW_PAIR_INVALID;
	sw_mat3 r = sw_mat3_from_quat(a->rot);
	sw_tri_edges e;
	sw_tri3_edges_scaled(t, &e);
	tri_frame f;
	tri_frame_build(a, &r, t, &e, zero, &f);
	for (int k = 0; k < SW_TRI3_AXIS_COUNT; k++) {
		tri_axis x;
		tri_axis_get(&f, k, &x);
		float pos = x.r - x.lo, neg = x.r + x.hi;
		if (!x.skip && (pos <= neg ? pos : neg) < 0.0f) {
			*separating_axis = (uint32_t)k;
			return SW_MISS;
		}
	}
	return SW_HIT;
}

/* least penetration (or first separation) over the 13 axes of a pair at rest */
sw_status sw_obb3_tri3_overlap_pair(const sw_box3 *a, const sw_tri3 *t, sw_overlap_result *out)
{
	sw_vec3 zero = {0, 0, 0};
	if (!sw_obb3_valid_ref(a, zero) || !sw_tri3_valid_ref(t, zero)) {
		*out = sw_overlap_result_invalid();
		return SW_PAIR_INVALID;
	}
	sw_mat3 r = sw_mat3_from_quat(a->rot);
	sw_tri_edges e;
	sw_tri3_edges_scaled(t, &e);
	tri_frame f;
	tri_frame_build(a, &r, t, &e, zero, &f);
	tri_axis best = {0}, sep = {0};
	float best_pen = 0, best_pen2 = INFINITY, best_sign = 1, sep_pen = 0, sep_sign = 1;
	int best_id = 0, sep_id = -1;
	best.len2 = 1.0f;
	for (int k = 0; k < SW_TRI3_AXIS_COUNT; k++) {
		tri_axis x;
		tri_axis_get(&f, k, &x);
		if (x.skip)
			continue;
		float pos = x.r - x.lo, neg = x.r + x.hi, pen = pos <= neg ? pos : neg;
		float sign = pos <= neg ? 1.0f : -1.0f;
		if (pen < 0.0f && sep_id < 0) {
			sep = x, sep_id = k, sep_pen = pen, sep_sign = sign;
		}
		/* pen/|L| smallest ⇔ pen²·len2_best < pen2_best·len2 (pen ≥ 0 when it matters) */
		float pen2 = pen * pen;
		if (pen2 * best.len2 < best_pen2 * x.len2) {
			best = x, best_id = k, best_pen = pen, best_pen2 = pen2, best_sign = sign;
		}
	}
	/* the depth or gap back at the pair's own scale (exact: powers of two) */
	float depth = sep_id >= 0 ? -sep_pen / sqrtf(sep.len2) : best_pen / sqrtf(best.len2);
	depth = (depth * (1.0f / f.s[1])) * (1.0f / f.s[0]);
	if (sep_id >= 0)
		*out = (sw_overlap_result){SW_MISS, (uint32_t)sep_id, depth, world_normal(&r, &sep, sep_sign)};
	else
		*out = (sw_overlap_result){SW_HIT, (uint32_t)best_id, depth, world_normal(&r, &best, best_sign)};
	return out->status;
}

sw_error sw_obb3_tri3_overlap(const sw_obb3 *a, sw_pose3 pa, const sw_tri3 *t, sw_overlap_result *out)
{
	if (!a || !t || !out)
		return SW_ERR_NULL;
	sw_box3 box = sw_box3_of(a, pa);
	sw_obb3_tri3_overlap_pair(&box, t, out);
	return SW_OK;
}
