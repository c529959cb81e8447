/* tests/common/oracle_split.c — see oracle_split.h. Written apart from the library: double
 * coordinates relative to a point of the shape, no thickness, no duplicate handling (a repeated point
 * adds an exact zero to every sum). */
#include "oracle_split.h"

#include <math.h>
#include <string.h>

#define OR_MAX 128

static void unit2(sw_vec2 n, double u[2])
{
	double l = sqrt((double)n.x * n.x + (double)n.y * n.y);
	u[0] = n.x / l, u[1] = n.y / l;
}

static void unit3(sw_vec3 n, double u[3])
{
	double l = sqrt((double)n.x * n.x + (double)n.y * n.y + (double)n.z * n.z);
	u[0] = n.x / l, u[1] = n.y / l, u[2] = n.z / l;
}

double or_dist2(sw_plane2 l, sw_vec2 x)
{
	double u[2];
	unit2(l.n, u);
	return ((double)x.x - l.p.x) * u[0] + ((double)x.y - l.p.y) * u[1];
}

double or_dist3(sw_plane3 pl, sw_vec3 x)
{
	double u[3];
	unit3(pl.n, u);
	return ((double)x.x - pl.p.x) * u[0] + ((double)x.y - pl.p.y) * u[1] + ((double)x.z - pl.p.z) * u[2];
}

/* polygon of n points (3 doubles each, z = 0 in 2D) relative to r: area along nrm and centroid */
static double area_rel(const double (*w)[3], uint32_t n, const double nrm[3], const double r[3], double c[3])
{
	double a = 0, m[3] = {0, 0, 0};
	for (uint32_t i = 0; i < n; i++) {
		const double *p = w[i], *q = w[(i + 1) % n];
		double x[3] = {p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]};
		double cr = x[0] * nrm[0] + x[1] * nrm[1] + x[2] * nrm[2];
		a += cr;
		for (int k = 0; k < 3; k++)
			m[k] += (p[k] + q[k]) * cr;
	}
	for (int k = 0; k < 3; k++)
		c[k] = a != 0 ? r[k] + m[k] / (3 * a) : r[k];
	return a / 2;
}

double or_area2(const sw_vec2 *v, uint32_t n, double c[2])
{
	double w[OR_MAX][3], r[3] = {v[0].x, v[0].y, 0}, nrm[3] = {0, 0, 1}, c3[3];
	for (uint32_t i = 0; i < n; i++)
		w[i][0] = v[i].x - r[0], w[i][1] = v[i].y - r[1], w[i][2] = 0;
	double a = area_rel((const double(*)[3])w, n, nrm, r, c3);
	c[0] = c3[0], c[1] = c3[1];
	return a;
}

double or_area3(const sw_vec3 *v, uint32_t n, const double nrm[3], double c[3])
{
	double w[OR_MAX][3], r[3] = {v[0].x, v[0].y, v[0].z};
	for (uint32_t i = 0; i < n; i++)
		w[i][0] = v[i].x - r[0], w[i][1] = v[i].y - r[1], w[i][2] = v[i].z - r[2];
	return area_rel((const double(*)[3])w, n, nrm, r, c);
}

void or_newell(const sw_vec3 *v, uint32_t n, double nrm[3])
{
	double s[3] = {0, 0, 0};
	for (uint32_t i = 0; i < n; i++) {
		const sw_vec3 a = v[i], b = v[(i + 1) % n];
		s[0] += ((double)a.y - b.y) * ((double)a.z + b.z);
		s[1] += ((double)a.z - b.z) * ((double)a.x + b.x);
		s[2] += ((double)a.x - b.x) * ((double)a.y + b.y);
	}
	double l = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
	for (int k = 0; k < 3; k++)
		nrm[k] = l > 0 ? s[k] / l : 0;
}

/* clips w[0..n) (relative coordinates, distances d) to side·d ≥ 0; returns the count */
static uint32_t clip(const double (*w)[3], const double *d, uint32_t n, int side, double (*o)[3])
{
	uint32_t m = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t j = (i + 1) % n;
		double di = side * d[i], dj = side * d[j];
		if (di >= 0)
			memcpy(o[m++], w[i], sizeof o[0]);
		if ((di > 0 && dj < 0) || (di < 0 && dj > 0)) {
			double t = di / (di - dj);
			for (int k = 0; k < 3; k++)
				o[m][k] = w[i][k] + t * (w[j][k] - w[i][k]);
			m++;
		}
	}
	return m;
}

double or_clip_area2(const sw_vec2 *v, uint32_t n, sw_plane2 l, int side, double c[2])
{
	double w[OR_MAX][3], d[OR_MAX], o[OR_MAX][3], r[3] = {v[0].x, v[0].y, 0}, nrm[3] = {0, 0, 1}, c3[3];
	for (uint32_t i = 0; i < n; i++) {
		w[i][0] = v[i].x - r[0], w[i][1] = v[i].y - r[1], w[i][2] = 0;
		d[i] = or_dist2(l, v[i]);
	}
	uint32_t m = clip((const double(*)[3])w, d, n, side, o);
	double a = m >= 3 ? area_rel((const double(*)[3])o, m, nrm, r, c3) : 0;
	if (m < 3)
		c3[0] = r[0], c3[1] = r[1];
	c[0] = c3[0], c[1] = c3[1];
	return a;
}

double or_clip_area3(const sw_vec3 *v, uint32_t n, sw_plane3 pl, int side, const double nrm[3], double c[3])
{
	double w[OR_MAX][3], d[OR_MAX], o[OR_MAX][3], r[3] = {v[0].x, v[0].y, v[0].z};
	for (uint32_t i = 0; i < n; i++) {
		w[i][0] = v[i].x - r[0], w[i][1] = v[i].y - r[1], w[i][2] = v[i].z - r[2];
		d[i] = or_dist3(pl, v[i]);
	}
	uint32_t m = clip((const double(*)[3])w, d, n, side, o);
	if (m < 3) {
		memcpy(c, r, sizeof r);
		return 0;
	}
	return area_rel((const double(*)[3])o, m, nrm, r, c);
}

/* cones from the origin over a loop of relative points: volume·6 and moment·24 added */
static void cones(const double (*w)[3], uint32_t m, double *v6, double mom[3])
{
	for (uint32_t k = 1; k + 1 < m; k++) {
		const double *a = w[0], *b = w[k], *c = w[k + 1];
		double d = a[0] * (b[1] * c[2] - b[2] * c[1]) + a[1] * (b[2] * c[0] - b[0] * c[2]) +
			   a[2] * (b[0] * c[1] - b[1] * c[0]);
		*v6 += d;
		for (int i = 0; i < 3; i++)
			mom[i] += (a[i] + b[i] + c[i]) * d;
	}
}

static double finish(double v6, const double mom[3], const double r[3], double c[3])
{
	for (int k = 0; k < 3; k++)
		c[k] = v6 != 0 ? r[k] + mom[k] / (4 * v6) : r[k];
	return v6 / 6;
}

static uint32_t face_rel(const sw_hull3 *h, uint32_t f, const double r[3], double (*w)[3], uint32_t *idx)
{
	const sw_hull_face *fc = &h->faces[f];
	for (uint32_t k = 0; k < fc->count; k++) {
		uint32_t i = h->face_verts[fc->first + k];
		idx[k] = i;
		w[k][0] = h->verts[i].x - r[0], w[k][1] = h->verts[i].y - r[1], w[k][2] = h->verts[i].z - r[2];
	}
	return fc->count;
}

double or_hull_volume(const sw_hull3 *h, double c[3])
{
	double r[3] = {h->verts[0].x, h->verts[0].y, h->verts[0].z}, v6 = 0, mom[3] = {0, 0, 0};
	double w[OR_MAX][3];
	uint32_t idx[OR_MAX];
	for (uint32_t f = 0; f < h->num_faces; f++) {
		uint32_t m = face_rel(h, f, r, w, idx);
		cones((const double(*)[3])w, m, &v6, mom);
	}
	return finish(v6, mom, r, c);
}

double or_hull_clip_volume(const sw_hull3 *h, sw_plane3 pl, int side, double c[3])
{
	double u[3], r[3], v6 = 0, mom[3] = {0, 0, 0}, w[OR_MAX][3], d[OR_MAX], o[OR_MAX][3];
	uint32_t idx[OR_MAX];
	unit3(pl.n, u);
	double s0 = or_dist3(pl, h->verts[0]);
	for (int k = 0; k < 3; k++)
		r[k] = (&h->verts[0].x)[k] - s0 * u[k];
	for (uint32_t f = 0; f < h->num_faces; f++) {
		uint32_t m = face_rel(h, f, r, w, idx);
		for (uint32_t k = 0; k < m; k++)
			d[k] = or_dist3(pl, h->verts[idx[k]]);
		uint32_t q = clip((const double(*)[3])w, d, m, side, o);
		if (q >= 3)
			cones((const double(*)[3])o, q, &v6, mom);
	}
	return finish(v6, mom, r, c);
}
