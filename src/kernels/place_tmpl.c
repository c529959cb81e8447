/* src/kernels/place_tmpl.c — 3×3 rotation matrices to unit quaternions, written once over the lane
 * vocabulary and compiled once per tier: src/place.c's reference lane-wise, operation for operation
 * (see that file for the method), so every tier stores the same bits. Lane blocks load each matrix as
 * three 4-float records (entries 0–3, 4–7, 5–8) and transpose them: nine gathers cost more; the
 * items past the last whole block go to the reference. */
#include <math.h>

#include "kernels/wide.h"
#include "place.h"

SW_INLINE sw_fw dot3_w(sw_fw ax, sw_fw ay, sw_fw az, sw_fw bx, sw_fw by, sw_fw bz)
{
	return sw_add(sw_add(sw_mul(ax, bx), sw_mul(ay, by)), sw_mul(az, bz));
}

SW_INLINE sw_mw near_w(sw_fw g, float want) { return sw_le(sw_abs(sw_sub(g, sw_set1(want))), sw_set1(SW_MAT3_TOL)); }

/* e[c][r]: the columns; the test of the reference's is_rotation() */
SW_INLINE sw_mw is_rotation_w(sw_fw e[3][3])
{
	const sw_fw *c0 = e[0], *c1 = e[1], *c2 = e[2];
	sw_fw g00 = dot3_w(c0[0], c0[1], c0[2], c0[0], c0[1], c0[2]),
	      g11 = dot3_w(c1[0], c1[1], c1[2], c1[0], c1[1], c1[2]);
	sw_fw g01 = dot3_w(c0[0], c0[1], c0[2], c1[0], c1[1], c1[2]);
	sw_fw kx = sw_sub(sw_mul(c0[1], c1[2]), sw_mul(c0[2], c1[1]));
	sw_fw ky = sw_sub(sw_mul(c0[2], c1[0]), sw_mul(c0[0], c1[2]));
	sw_fw kz = sw_sub(sw_mul(c0[0], c1[1]), sw_mul(c0[1], c1[0]));
	sw_mw ok = sw_mand(sw_mand(near_w(g00, 1.0f), near_w(g11, 1.0f)), near_w(g01, 0.0f));
	return sw_mand(ok, sw_mand(sw_mand(near_w(sw_sub(c2[0], kx), 0.0f), near_w(sw_sub(c2[1], ky), 0.0f)),
				   near_w(sw_sub(c2[2], kz), 0.0f)));
}

SW_INLINE void quat_w(sw_fw e[3][3], sw_fw q[4])
{
	const sw_fw m00 = e[0][0], m10 = e[0][1], m20 = e[0][2], m01 = e[1][0], m11 = e[1][1], m21 = e[1][2],
		    m02 = e[2][0], m12 = e[2][1], m22 = e[2][2], one = sw_set1(1.0f);
	sw_fw tw = sw_add(sw_add(sw_add(one, m00), m11), m22), tx = sw_sub(sw_sub(sw_add(one, m00), m11), m22);
	sw_fw ty = sw_sub(sw_add(sw_sub(one, m00), m11), m22), tz = sw_add(sw_sub(sw_sub(one, m00), m11), m22);
	sw_mw bx = sw_gt(tx, tw);
	sw_fw t1 = sw_sel(bx, tx, tw);
	sw_mw by = sw_gt(ty, t1);
	sw_fw t2 = sw_sel(by, ty, t1);
	sw_mw bz = sw_gt(tz, t2);
	sw_fw t = sw_sel(bz, tz, t2);
	sw_mw cz = bz, cy = sw_mandnot(bz, by), cx = sw_mandnot(sw_mor(by, bz), bx),
	      cw = sw_mnot(sw_mor(bx, sw_mor(by, bz)));
	sw_fw dx = sw_sub(m21, m12), dy = sw_sub(m02, m20), dz = sw_sub(m10, m01);
	sw_fw sxy = sw_add(m01, m10), sxz = sw_add(m02, m20), syz = sw_add(m12, m21);
	sw_fw pw = sw_sel(cw, t, sw_sel(cx, dx, sw_sel(cy, dy, dz)));
	sw_fw px = sw_sel(cx, t, sw_sel(cw, dx, sw_sel(cy, sxy, sxz)));
	sw_fw py = sw_sel(cy, t, sw_sel(cw, dy, sw_sel(cx, sxy, syz)));
	sw_fw pz = sw_sel(cz, t, sw_sel(cw, dz, sw_sel(cx, sxz, syz)));
	sw_fw pp = sw_add(sw_add(sw_add(sw_mul(px, px), sw_mul(py, py)), sw_mul(pz, pz)), sw_mul(pw, pw));
	sw_fw s = sw_sqrt(sw_sel(is_rotation_w(e), pp, sw_set1(NAN)));
	q[0] = sw_div(px, s), q[1] = sw_div(py, s), q[2] = sw_div(pz, s), q[3] = sw_div(pw, s);
}

static void mat3_kernel(const sw_mat3_job *job)
{
	_Alignas(64) int32_t idx[SW_W];
	for (int l = 0; l < SW_W; l++)
		idx[l] = 9 * l;
	const int row = job->layout == SW_MAT3_ROW_MAJOR;
	size_t i = 0;
	for (; i + SW_W <= job->n; i += SW_W) {
		const float *m = job->m + 9 * i;
		sw_fw a[12], e[3][3], q[4]; /* a[k]: entry k of each lane's matrix (a[8..10] unused) */
		sw_gather4k(m, idx, 1, a);
		sw_gather4k(m + 4, idx, 1, a + 4);
		sw_gather4k(m + 5, idx, 1, a + 8);
		a[8] = a[11];
		for (int c = 0; c < 3; c++)
			for (int r = 0; r < 3; r++)
				e[c][r] = a[row ? 3 * r + c : 3 * c + r];
		quat_w(e, q);
		for (int k = 0; k < 4; k++)
			sw_storeu(job->q[k] + i, q[k]);
	}
	if (i < job->n) {
		sw_mat3_job rest = {job->m + 9 * i,
				    job->layout,
				    job->n - i,
				    {job->q[0] + i, job->q[1] + i, job->q[2] + i, job->q[3] + i}};
		sw_quat_cols_from_mat3_ref(&rest);
	}
}

void SW_FN(sw_quat_cols_from_mat3)(const sw_mat3_job *job) { mat3_kernel(job); }
