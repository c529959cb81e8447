/* tests/common/edge_pairs.c — pairs whose closest features are two nearly parallel edges (see
 * edge_pairs.h for the construction). Everything is built in double and rounded once at the end. */
#include "edge_pairs.h"

#include <math.h>

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

/* o = v rotated by the unit quaternion q (x, y, z, w): v + 2w·(u × v) + 2·u × (u × v) */
static void qrot(const double q[4], const double v[3], double o[3])
{
	double u[3] = {q[0], q[1], q[2]}, c[3], cc[3];
	cross3(u, v, c);
	cross3(u, c, cc);
	for (int k = 0; k < 3; k++)
		o[k] = v[k] + 2.0 * q[3] * c[k] + 2.0 * cc[k];
}

static void qmul(const double a[4], const double b[4], double o[4])
{
	double r[4] = {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
		       a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
		       a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
		       a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
	for (int k = 0; k < 4; k++)
		o[k] = r[k];
}

static void qaxis(const double axis[3], double angle, double q[4])
{
	double l = sqrt(dot3(axis, axis)), s = sin(0.5 * angle) / l;
	q[0] = axis[0] * s, q[1] = axis[1] * s, q[2] = axis[2] * s, q[3] = cos(0.5 * angle);
}

/* unit quaternion of the rotation whose columns are col[0..2] (Shepperd: largest diagonal term) */
static void qof_cols(const double col[3][3], double q[4])
{
	double m00 = col[0][0], m11 = col[1][1], m22 = col[2][2], tr = m00 + m11 + m22;
	/* m[r][c] = col[c][r] */
	double m21 = col[1][2], m12 = col[2][1], m02 = col[2][0], m20 = col[0][2], m10 = col[0][1], m01 = col[1][0];
	if (tr > 0) {
		double s = 2.0 * sqrt(1.0 + tr);
		q[3] = 0.25 * s, q[0] = (m21 - m12) / s, q[1] = (m02 - m20) / s, q[2] = (m10 - m01) / s;
	} else if (m00 > m11 && m00 > m22) {
		double s = 2.0 * sqrt(1.0 + m00 - m11 - m22);
		q[3] = (m21 - m12) / s, q[0] = 0.25 * s, q[1] = (m01 + m10) / s, q[2] = (m02 + m20) / s;
	} else if (m11 > m22) {
		double s = 2.0 * sqrt(1.0 + m11 - m00 - m22);
		q[3] = (m02 - m20) / s, q[0] = (m01 + m10) / s, q[1] = 0.25 * s, q[2] = (m12 + m21) / s;
	} else {
		double s = 2.0 * sqrt(1.0 + m22 - m00 - m11);
		q[3] = (m10 - m01) / s, q[0] = (m02 + m20) / s, q[1] = (m12 + m21) / s, q[2] = 0.25 * s;
	}
}

static sw_vec3 fv(const double v[3]) { return sw_v3((float)v[0], (float)v[1], (float)v[2]); }

static sw_quat fq(const double q[4]) { return (sw_quat){(float)q[0], (float)q[1], (float)q[2], (float)q[3]}; }

/* a local point to world */
static void to_world(const ep_params *p, const double x[3], double o[3])
{
	qrot(p->scene_q, x, o);
	for (int k = 0; k < 3; k++)
		o[k] += p->scene_t[k];
}

/* what both shapes share: n, the crossing point X, and the tilt about n (all in A's frame) */
typedef struct ep_frame {
	double e[3][3], n[3], x[3], tilt[4];
	int i1, i2;
} ep_frame;

static void ep_frame_build(const ep_params *p, ep_frame *f)
{
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			f->e[r][c] = r == c;
	int i = p->i, i1 = (i + 1) % 3, i2 = (i + 2) % 3;
	f->i1 = i1, f->i2 = i2;
	for (int k = 0; k < 3; k++) {
		f->n[k] = cos(p->beta) * p->s1 * f->e[i1][k] + sin(p->beta) * p->s2 * f->e[i2][k];
		double corner = p->s1 * p->ha[i1] * f->e[i1][k] + p->s2 * p->ha[i2] * f->e[i2][k];
		f->x[k] = corner + p->along * p->ha[i] * f->e[i][k] + p->gap * f->n[k];
	}
	qaxis(f->n, p->theta, f->tilt);
}

static sc_box box_a(const ep_params *p)
{
	double c[3] = {0, 0, 0}, w[3], ha[3] = {p->ha[0], p->ha[1], p->ha[2]};
	to_world(p, c, w);
	return (sc_box){fv(w), fq(p->scene_q), fv(ha)};
}

void ep_obb3_pair(const ep_params *p, sc_box *a, sc_box *b, double n[3])
{
	ep_frame f;
	ep_frame_build(p, &f);
	int j = p->j, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
	/* B before the tilt: b_j = e_i, b_j1, b_j2 rolled by φ in the plane of e_i1, e_i2 */
	double col[3][3], c0[3] = {0, 0, 0};
	for (int k = 0; k < 3; k++) {
		col[j][k] = f.e[p->i][k];
		col[j1][k] = cos(p->phi) * f.e[f.i1][k] + sin(p->phi) * f.e[f.i2][k];
		col[j2][k] = -sin(p->phi) * f.e[f.i1][k] + cos(p->phi) * f.e[f.i2][k];
	}
	/* B's edge along b_j whose two faces face −n */
	double t1 = dot3(f.n, col[j1]) > 0 ? -1.0 : 1.0, t2 = dot3(f.n, col[j2]) > 0 ? -1.0 : 1.0;
	for (int k = 0; k < 3; k++)
		c0[k] = t1 * p->hb[j1] * col[j1][k] + t2 * p->hb[j2] * col[j2][k];
	double q0[4], qb[4], c1[3], cb[3], wb[3];
	qof_cols(col, q0);
	qmul(f.tilt, q0, qb);
	qrot(f.tilt, c0, c1);
	for (int k = 0; k < 3; k++)
		cb[k] = f.x[k] - c1[k];
	to_world(p, cb, wb);
	double qw[4], hb[3] = {p->hb[0], p->hb[1], p->hb[2]};
	qmul(p->scene_q, qb, qw);
	*a = box_a(p);
	*b = (sc_box){fv(wb), fq(qw), fv(hb)};
	qrot(p->scene_q, f.n, n);
}

void ep_tri3_pair(const ep_params *p, sc_box *a, sw_tri3 *t, double n[3])
{
	ep_frame f;
	ep_frame_build(p, &f);
	double d0[3], w0[3], d[3], w[3], v[3][3];
	for (int k = 0; k < 3; k++) {
		d0[k] = f.e[p->i][k];
		w0[k] = cos(p->gamma) * p->s1 * f.e[f.i1][k] + sin(p->gamma) * p->s2 * f.e[f.i2][k];
	}
	qrot(f.tilt, d0, d);
	qrot(f.tilt, w0, w);
	/* edge j from v[j] to v[j+1]; the third vertex v[j+2] */
	int j = p->j;
	for (int k = 0; k < 3; k++) {
		v[j][k] = f.x[k] - 0.5 * p->tri_len * d[k];
		v[(j + 1) % 3][k] = f.x[k] + 0.5 * p->tri_len * d[k];
		v[(j + 2) % 3][k] = f.x[k] + p->tri_reach * w[k];
	}
	double vw[3][3];
	for (int k = 0; k < 3; k++)
		to_world(p, v[k], vw[k]);
	*a = box_a(p);
	*t = (sw_tri3){fv(vw[0]), fv(vw[1]), fv(vw[2])};
	qrot(p->scene_q, f.n, n);
}

static double unit(sc_rng *r) { return (double)(sc_next(r) >> 11) * 0x1p-53; }

static double uni(sc_rng *r, double lo, double hi) { return lo + (hi - lo) * unit(r); }

static double log_uni(sc_rng *r, double lo, double hi) { return exp(uni(r, log(lo), log(hi))); }

void ep_random(sc_rng *r, double theta_lo, double theta_hi, double gap_lo, double gap_hi, ep_params *p)
{
	const double quarter = 1.5707963267948966;
	p->i = (int)sc_below(r, 3), p->j = (int)sc_below(r, 3);
	p->s1 = sc_below(r, 2) ? 1 : -1, p->s2 = sc_below(r, 2) ? 1 : -1;
	p->beta = uni(r, 0.2, quarter - 0.2);
	p->gamma = uni(r, 0.2, quarter - 0.2);
	/* B's faces next to its edge must not be nearly parallel to n (its edge would be ill-defined) */
	for (int it = 0; it < 100; it++) {
		p->phi = uni(r, 0, 4 * quarter);
		double cb = cos(p->beta), sb = sin(p->beta), cp = cos(p->phi), sp = sin(p->phi);
		double d1 = p->s1 * cb * cp + p->s2 * sb * sp, d2 = -p->s1 * cb * sp + p->s2 * sb * cp;
		if (fabs(d1) > 0.15 && fabs(d2) > 0.15)
			break;
	}
	p->along = uni(r, -0.7, 0.7);
	sw_quat q = sc_rotation(r);
	double ql = sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
	p->scene_q[0] = q.x / ql, p->scene_q[1] = q.y / ql, p->scene_q[2] = q.z / ql, p->scene_q[3] = q.w / ql;
	double size = 0;
	for (int k = 0; k < 3; k++) {
		p->scene_t[k] = uni(r, -4, 4);
		p->ha[k] = uni(r, 0.25, 1.5);
		p->hb[k] = uni(r, 0.25, 1.5);
		size += p->ha[k];
	}
	p->tri_len = uni(r, 0.5, 3.0);
	p->tri_reach = uni(r, 0.5, 2.5);
	p->theta = log_uni(r, theta_lo, theta_hi);
	p->gap = (sc_below(r, 2) ? 1 : -1) * log_uni(r, gap_lo, gap_hi) * size;
}

/* the relative motion of an edge pair built with its normal n (A to B) and size: at rest, B brought
 * in along −n to where it is built and stopped there, or carried through with a slide and a drift;
 * A or B or both move */
void ep_motion(sc_rng *r, const double n[3], double size, sw_vec3 *shift, sw_vec3 *da, sw_vec3 *db)
{
	uint32_t kind = sc_below(r, 4);
	double back = kind ? size * sc_uniform(r, 0.05f, 1.0f) : 0, run = kind == 1 ? back : 2 * back;
	double v[3];
	for (int k = 0; k < 3; k++)
		v[k] = -run * n[k] + (kind == 3 ? size * sc_uniform(r, -0.3f, 0.3f) : 0);
	*shift = sw_v3((float)(back * n[0]), (float)(back * n[1]), (float)(back * n[2]));
	float share = kind ? sc_uniform(r, -0.5f, 1.5f) : 0;
	*db = sw_v3((float)(v[0] * share), (float)(v[1] * share), (float)(v[2] * share));
	*da = sw_v3((float)(v[0] * (share - 1)), (float)(v[1] * (share - 1)), (float)(v[2] * (share - 1)));
}
