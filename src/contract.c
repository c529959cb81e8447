/* src/contract.c — the input contract of the boxes and triangles, checked per pair by the reference
 * rows and the single-pair functions (the kernels check the same conditions lane-wise), and the scaled
 * edges a triangle's check and its separating axes share. */
#include "contract.h"

#include <stdint.h>
#include <string.h>

void sw_tri3_edges_scaled(const sw_tri3 *t, sw_tri_edges *e)
{
	const sw_vec3 v[3] = {t->a, t->b, t->c};
	float raw[3][3], m = 0.0f;
	for (int j = 0; j < 3; j++) {
		const sw_vec3 p = v[j], q = v[(j + 1) % 3];
		raw[j][0] = q.x - p.x;
		raw[j][1] = q.y - p.y;
		raw[j][2] = q.z - p.z;
		for (int k = 0; k < 3; k++) {
			float x = fabsf(raw[j][k]);
			m = x > m ? x : m;
		}
	}
	e->p = sw_ref_pow2_floor(m);
	float s = 1.0f / e->p;
	for (int j = 0; j < 3; j++)
		for (int k = 0; k < 3; k++)
			e->w[j][k] = raw[j][k] * s;
}

static float dot3(const float a[3], const float b[3]) { return (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2]; }

/* |n|² ≥ eps·(max |edge|²)² on the scaled edges, n = e0 × (−e2) in the component order of
 * sw_v3_cross(): the same decision as on the raw ones (the scale is a power of two), and no overflow
 * or underflow whatever the triangle's size */
int sw_tri3_edges_ok(const sw_tri_edges *e)
{
	const float *f = e->w[0], g[3] = {-e->w[2][0], -e->w[2][1], -e->w[2][2]};
	const float n[3] = {f[1] * g[2] - f[2] * g[1], f[2] * g[0] - f[0] * g[2], f[0] * g[1] - f[1] * g[0]};
	float l0 = dot3(e->w[0], e->w[0]), l1 = dot3(e->w[1], e->w[1]), l2 = dot3(e->w[2], e->w[2]);
	float big = l0 > l1 ? l0 : l1;
	big = l2 > big ? l2 : big;
	return dot3(n, n) >= SW_TRI3_DEGEN_EPS * (big * big);
}

int sw_tri3_valid_ref(const sw_tri3 *tri, sw_vec3 disp)
{
	const float v[12] = {tri->a.x, tri->a.y, tri->a.z, tri->b.x, tri->b.y, tri->b.z,
			     tri->c.x, tri->c.y, tri->c.z, disp.x,   disp.y,   disp.z};
	for (int k = 0; k < 12; k++)
		if (!sw_ref_coord_ok(v[k]))
			return 0;
	sw_tri_edges e;
	sw_tri3_edges_scaled(tri, &e);
	return sw_tri3_edges_ok(&e);
}

int sw_obb3_valid_ref(const sw_box3 *box, sw_vec3 disp)
{
	const float v[9] = {box->center.x, box->center.y, box->center.z, box->half.x, box->half.y,
			    box->half.z,   disp.x,        disp.y,        disp.z};
	for (int k = 0; k < 9; k++)
		if (!sw_ref_coord_ok(v[k]))
			return 0;
	if (!(box->half.x > 0) || !(box->half.y > 0) || !(box->half.z > 0))
		return 0;
	return sw_ref_quat_ok(box->rot);
}
