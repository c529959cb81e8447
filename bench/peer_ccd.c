/* bench/peer_ccd.c — the libccd peer of bench/peer_ccd.h. A hull's support callback turns the direction
 * into the hull's frame, scans its vertices and turns the best one back (what a libccd user writes for a
 * convex polytope; libccd ships no polytope support). The rotation is the matrix of swept's quaternion,
 * in double. */
#include "peer_ccd.h"

#include <ccd/ccd.h>
#include <ccd/vec3.h>
#include <stdlib.h>

/* one placed hull: vertices (local, double), rotation matrix rows, position */
typedef struct ccd_hull {
	const double *v;
	uint32_t n;
	double r[3][3]; /* world = r · local + p */
	double p[3];
} ccd_hull;

struct swp_ccd {
	double *verts; /* every shape's vertices, 3 doubles each */
	ccd_hull *a, *b;
	size_t n;
};

static void support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
	const ccd_hull *h = obj;
	double d[3] = {ccdVec3X(dir), ccdVec3Y(dir), ccdVec3Z(dir)}, l[3];
	for (int i = 0; i < 3; i++)
		l[i] = h->r[0][i] * d[0] + h->r[1][i] * d[1] + h->r[2][i] * d[2]; /* rᵀ·d */
	uint32_t best = 0;
	double bd = l[0] * h->v[0] + l[1] * h->v[1] + l[2] * h->v[2];
	for (uint32_t k = 1; k < h->n; k++) {
		const double *v = h->v + 3 * (size_t)k;
		double s = l[0] * v[0] + l[1] * v[1] + l[2] * v[2];
		if (s > bd)
			bd = s, best = k;
	}
	const double *v = h->v + 3 * (size_t)best;
	for (int i = 0; i < 3; i++)
		out->v[i] = h->r[i][0] * v[0] + h->r[i][1] * v[1] + h->r[i][2] * v[2] + h->p[i];
}

static void center(const void *obj, ccd_vec3_t *c)
{
	const ccd_hull *h = obj;
	ccdVec3Set(c, h->p[0], h->p[1], h->p[2]);
}

/* the rotation of a unit quaternion (x, y, z, w), rows */
static void place(const swp_hull_body *x, const double *verts, const swp_hull_shape *s, ccd_hull *h)
{
	double q[4] = {x->q[0], x->q[1], x->q[2], x->q[3]};
	double xx = q[0] * q[0], yy = q[1] * q[1], zz = q[2] * q[2], xy = q[0] * q[1], xz = q[0] * q[2];
	double yz = q[1] * q[2], wx = q[3] * q[0], wy = q[3] * q[1], wz = q[3] * q[2];
	double r[3][3] = {{1 - 2 * (yy + zz), 2 * (xy - wz), 2 * (xz + wy)},
			  {2 * (xy + wz), 1 - 2 * (xx + zz), 2 * (yz - wx)},
			  {2 * (xz - wy), 2 * (yz + wx), 1 - 2 * (xx + yy)}};
	for (int i = 0; i < 3; i++) {
		for (int j = 0; j < 3; j++)
			h->r[i][j] = r[i][j];
		h->p[i] = x->p[i];
	}
	h->v = verts, h->n = s->count;
}

swp_ccd *swp_ccd_new(const swp_hull_shape *shapes, size_t nshapes, const swp_hull_body *a, const swp_hull_body *b,
		     size_t n)
{
	swp_ccd *p = calloc(1, sizeof *p);
	size_t total = 0;
	for (size_t s = 0; s < nshapes; s++)
		total += shapes[s].count;
	size_t *first = malloc((nshapes ? nshapes : 1) * sizeof *first);
	if (!p || !first)
		goto fail;
	p->verts = malloc((total ? total : 1) * 3 * sizeof(double));
	p->a = malloc((n ? n : 1) * sizeof *p->a), p->b = malloc((n ? n : 1) * sizeof *p->b);
	if (!p->verts || !p->a || !p->b)
		goto fail;
	for (size_t s = 0, at = 0; s < nshapes; s++) {
		first[s] = at;
		for (size_t k = 0; k < 3 * (size_t)shapes[s].count; k++)
			p->verts[3 * at + k] = shapes[s].verts[k];
		at += shapes[s].count;
	}
	for (size_t k = 0; k < n; k++) {
		if (a[k].shape >= nshapes || b[k].shape >= nshapes)
			goto fail;
		place(&a[k], p->verts + 3 * first[a[k].shape], &shapes[a[k].shape], &p->a[k]);
		place(&b[k], p->verts + 3 * first[b[k].shape], &shapes[b[k].shape], &p->b[k]);
	}
	p->n = n;
	free(first);
	return p;
fail:
	free(first);
	swp_ccd_free(p);
	return NULL;
}

size_t swp_ccd_intersect(swp_ccd *p, int mpr, uint8_t *hit)
{
	ccd_t ccd;
	CCD_INIT(&ccd);
	ccd.support1 = support, ccd.support2 = support;
	ccd.center1 = center, ccd.center2 = center;
	size_t hits = 0;
	for (size_t k = 0; k < p->n; k++) {
		int h = mpr ? ccdMPRIntersect(&p->a[k], &p->b[k], &ccd) : ccdGJKIntersect(&p->a[k], &p->b[k], &ccd);
		hits += h != 0;
		if (hit)
			hit[k] = h != 0;
	}
	return hits;
}

void swp_ccd_free(swp_ccd *p)
{
	if (!p)
		return;
	free(p->verts), free(p->a), free(p->b);
	free(p);
}
