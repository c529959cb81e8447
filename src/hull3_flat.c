/* src/hull3_flat.c — the polygon of a flat cloud (every point within eps of one plane), which
 * sw_hull3_build turns into a flat hull (doc/numerics.md, "Flat hull representation").
 *
 * Method: quickhull in the plane (Eddy 1977; Barber, Dobkin, Huhdanpaa 1996 in two dimensions), in
 * double on the builder's coordinates relative to the cloud's centre. The plane is that of the
 * builder's initial triangle (the extreme pair and the point farthest from its line, so it is the
 * best-conditioned triangle the cloud offers); distances to an edge are taken along the in-plane
 * outward normal (b − a) × n0, so the points are projected implicitly. Lines are thick, as the
 * builder's planes: a point counts as outside an edge only when more than eps beyond it, so points
 * whose projections lie within eps of each other or of an edge never become vertices. Each corner is
 * then represented by the first point in (x, y, z) order (the builder's point order) among those
 * whose projections lie within eps of it: the two corners of a slab thinner than eps give the one
 * with the smaller z, whatever the order of the input. Last, corners within eps of straight are
 * dropped (a vertex within eps of the chord of its neighbours), the thick-line counterpart of the
 * builder's merge of coplanar faces.
 */
#include "hull3_int.h"

#include <math.h>
#include <string.h>

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* in-plane outward normal of the edge a → b of a polygon counter-clockwise about n0 (unit) */
static void edge_normal(const double (*p)[3], int a, int b, const double n0[3], double m[3])
{
	double e[3] = {p[b][0] - p[a][0], p[b][1] - p[a][1], p[b][2] - p[a][2]};
	m[0] = e[1] * n0[2] - e[2] * n0[1];
	m[1] = e[2] * n0[0] - e[0] * n0[2];
	m[2] = e[0] * n0[1] - e[1] * n0[0];
	double l = sqrt(dot3(m, m));
	for (int k = 0; k < 3; k++)
		m[k] = l > 0 ? m[k] / l : 0;
}

/* signed distance of point i beyond the edge starting at a with outward normal m */
static double beyond(const double (*p)[3], int a, const double m[3], int i)
{
	const double r[3] = {p[i][0] - p[a][0], p[i][1] - p[a][1], p[i][2] - p[a][2]};
	return dot3(m, r);
}

/* puts point i on the outside set of the edge among e[0..ne) it is farthest beyond, if > eps */
static void flat_assign(const double (*p)[3], sw_flat_poly *fp, const int *e, int ne, int *next, double eps, int i)
{
	int best = -1;
	double bd = eps;
	for (int j = 0; j < ne; j++) {
		double d = beyond(p, fp->ring[e[j]], fp->m[e[j]], i);
		if (d > bd)
			bd = d, best = e[j];
	}
	if (best >= 0) {
		next[i] = fp->head[best];
		fp->head[best] = i;
	}
}

/* splits edge j at its farthest outside point; the edge's points go to the two new edges */
static void flat_split(const double (*p)[3], sw_flat_poly *fp, int j, int *next, const double n0[3], double eps)
{
	int f = fp->head[j];
	double fd = beyond(p, fp->ring[j], fp->m[j], f);
	for (int i = next[f]; i >= 0; i = next[i]) {
		double d = beyond(p, fp->ring[j], fp->m[j], i);
		if (d > fd || (d == fd && i < f))
			fd = d, f = i;
	}
	int pts = fp->head[j];
	memmove(&fp->ring[j + 2], &fp->ring[j + 1], sizeof(int) * (size_t)(fp->k - j - 1));
	memmove(&fp->head[j + 2], &fp->head[j + 1], sizeof(int) * (size_t)(fp->k - j - 1));
	memmove(&fp->m[j + 2], &fp->m[j + 1], sizeof fp->m[0] * (size_t)(fp->k - j - 1));
	fp->k++;
	fp->ring[j + 1] = f;
	fp->head[j] = fp->head[j + 1] = -1;
	const int e[2] = {j, j + 1};
	for (int s = 0; s < 2; s++)
		edge_normal(p, fp->ring[e[s]], fp->ring[(e[s] + 1) % fp->k], n0, fp->m[e[s]]);
	for (int i = pts, nx; i >= 0; i = nx) {
		nx = next[i];
		if (i != f)
			flat_assign(p, fp, e, 2, next, eps, i);
	}
}

/* each corner becomes the first point (in point order) whose projection lies within eps of it */
static void flat_canonical_corners(const double (*p)[3], sw_flat_poly *fp, const double n0[3], double eps)
{
	for (int i = 0; i < fp->k; i++) {
		int v = fp->ring[i], best = v;
		for (int j = 0; j < v; j++) {
			double d[3] = {p[j][0] - p[v][0], p[j][1] - p[v][1], p[j][2] - p[v][2]}, h = dot3(d, n0);
			for (int c = 0; c < 3; c++)
				d[c] -= h * n0[c];
			if (dot3(d, d) <= eps * eps) {
				best = j;
				break;
			}
		}
		for (int k = 0; k < fp->k && best != v; k++)
			best = fp->ring[k] == best ? v : best; /* already a corner: keep v */
		fp->ring[i] = best;
	}
}

/* drops corners within eps of straight until none is left; 0 when fewer than 3 corners remain */
static int flat_drop_straight(const double (*p)[3], sw_flat_poly *fp, const double n0[3], double eps)
{
	for (int changed = 1, pass = 0; changed && pass < SW_QH_MAX_VERTS; pass++) {
		changed = 0;
		for (int i = 0; i < fp->k && fp->k >= 3; i++) {
			double m[3];
			int a = fp->ring[(i + fp->k - 1) % fp->k], b = fp->ring[(i + 1) % fp->k];
			edge_normal(p, a, b, n0, m);
			if (beyond(p, a, m, fp->ring[i]) > eps)
				continue;
			memmove(&fp->ring[i], &fp->ring[i + 1], sizeof(int) * (size_t)(fp->k - i - 1));
			fp->k--, i--, changed = 1;
		}
	}
	return fp->k >= 3;
}

sw_hull_status sw_hull3_flat_(const double (*p)[3], int n, double eps, const int tri[3], int *next, sw_flat_poly *fp)
{
	double e1[3], e2[3], n0[3], u[3];
	for (int c = 0; c < 3; c++) {
		e1[c] = p[tri[1]][c] - p[tri[0]][c];
		e2[c] = p[tri[2]][c] - p[tri[0]][c];
	}
	n0[0] = e1[1] * e2[2] - e1[2] * e2[1];
	n0[1] = e1[2] * e2[0] - e1[0] * e2[2];
	n0[2] = e1[0] * e2[1] - e1[1] * e2[0];
	double ln = sqrt(dot3(n0, n0)), lu = sqrt(dot3(e1, e1));
	for (int c = 0; c < 3; c++)
		n0[c] /= ln, u[c] = e1[c] / lu;
	/* the extremes along the extreme pair's direction are vertices: the starting chord */
	int lo = 0, hi = 0;
	for (int i = 1; i < n; i++) {
		lo = dot3(u, p[i]) < dot3(u, p[lo]) ? i : lo;
		hi = dot3(u, p[i]) > dot3(u, p[hi]) ? i : hi;
	}
	static const int both[2] = {0, 1};
	fp->k = 2;
	fp->ring[0] = lo, fp->ring[1] = hi;
	fp->head[0] = fp->head[1] = -1;
	edge_normal(p, lo, hi, n0, fp->m[0]);
	edge_normal(p, hi, lo, n0, fp->m[1]);
	for (int i = 0; i < n; i++)
		if (i != lo && i != hi)
			flat_assign(p, fp, both, 2, next, eps, i);
	/* each step makes one point a vertex: at most n steps, and the ring's capacity bounds them */
	for (int step = 0; step <= n; step++) {
		int j = 0;
		while (j < fp->k && fp->head[j] < 0)
			j++;
		if (j == fp->k)
			break;
		if (fp->k == fp->cap) /* points remain outside, so cap < n: cap is SW_QH_MAX_VERTS */
			return SW_HULL_TOO_MANY;
		flat_split(p, fp, j, next, n0, eps);
	}
	flat_canonical_corners(p, fp, n0, eps);
	if (!flat_drop_straight(p, fp, n0, eps))
		return SW_HULL_COLLINEAR;
	return SW_HULL_OK;
}
