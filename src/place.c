/* src/place.c — 3×3 rotation matrices to the sets' unit quaternions (src/place.h): the reference of one
 * matrix, the choice of tier, and sw_quat_from_mat3_many(). Shepperd's method (S. W. Shepperd,
 * "Quaternion from rotation matrix", J. Guidance and Control 1(3), 1978): of 4w², 4x², 4y², 4z² =
 * 1 ± m00 ± m11 ± m22, take the largest, its component is half its square root, and the other three
 * follow from sums and differences of opposite off-diagonal entries divided by 4 times it; no
 * division by a small number. Written as selects, so the lane version (src/kernels/place_tmpl.c)
 * repeats it operation for operation. */
#include "place.h"

#include <math.h>
#include <string.h>

#include "job.h"

/* entry (r, c) of matrix m in either layout */
static float at(const float *m, sw_mat3_layout layout, int r, int c)
{
	return layout == SW_MAT3_ROW_MAJOR ? m[3 * r + c] : m[3 * c + r];
}

static float dot3(float ax, float ay, float az, float bx, float by, float bz) { return (ax * bx + ay * by) + az * bz; }

/* whether the columns are a rotation within SW_MAT3_TOL: c0 and c1 of unit length and orthogonal, and
 * c2 = c0 × c1, each entry within the tolerance (false for NaN) */
static int is_rotation(const float e[3][3])
{
	const float *c0 = e[0], *c1 = e[1], *c2 = e[2]; /* e[c][r]: the columns */
	float g00 = dot3(c0[0], c0[1], c0[2], c0[0], c0[1], c0[2]),
	      g11 = dot3(c1[0], c1[1], c1[2], c1[0], c1[1], c1[2]);
	float g01 = dot3(c0[0], c0[1], c0[2], c1[0], c1[1], c1[2]);
	float kx = c0[1] * c1[2] - c0[2] * c1[1], ky = c0[2] * c1[0] - c0[0] * c1[2],
	      kz = c0[0] * c1[1] - c0[1] * c1[0];
	return fabsf(g00 - 1.0f) <= SW_MAT3_TOL && fabsf(g11 - 1.0f) <= SW_MAT3_TOL && fabsf(g01) <= SW_MAT3_TOL &&
	       fabsf(c2[0] - kx) <= SW_MAT3_TOL && fabsf(c2[1] - ky) <= SW_MAT3_TOL && fabsf(c2[2] - kz) <= SW_MAT3_TOL;
}

/* one matrix: q = (x, y, z, w) */
static void quat_of(const float *m, sw_mat3_layout layout, float q[4])
{
	float e[3][3];
	for (int c = 0; c < 3; c++)
		for (int r = 0; r < 3; r++)
			e[c][r] = at(m, layout, r, c);
	const float m00 = e[0][0], m10 = e[0][1], m20 = e[0][2], m01 = e[1][0], m11 = e[1][1], m21 = e[1][2],
		    m02 = e[2][0], m12 = e[2][1], m22 = e[2][2];
	float tw = ((1.0f + m00) + m11) + m22, tx = ((1.0f + m00) - m11) - m22;
	float ty = ((1.0f - m00) + m11) - m22, tz = ((1.0f - m00) - m11) + m22;
	/* the largest; ties to the first of w, x, y, z */
	int bx = tx > tw;
	float t1 = bx ? tx : tw;
	int by = ty > t1;
	float t2 = by ? ty : t1;
	int bz = tz > t2;
	float t = bz ? tz : t2;
	int cz = bz, cy = by && !bz, cx = bx && !by && !bz, cw = !bx && !by && !bz;
	/* 4·c·q, c the chosen component: that component is 4c² = t, the others sums or differences */
	float dx = m21 - m12, dy = m02 - m20, dz = m10 - m01, sxy = m01 + m10, sxz = m02 + m20, syz = m12 + m21;
	float pw = cw ? t : cx ? dx : cy ? dy : dz, px = cx ? t : cw ? dx : cy ? sxy : sxz;
	float py = cy ? t : cw ? dy : cx ? sxy : syz, pz = cz ? t : cw ? dz : cx ? sxz : syz;
	/* scaled to unit length, which also divides out 4c; NaN when not a rotation */
	float s = sqrtf(is_rotation(e) ? ((px * px + py * py) + pz * pz) + pw * pw : NAN);
	q[0] = px / s, q[1] = py / s, q[2] = pz / s, q[3] = pw / s;
}

void sw_quat_cols_from_mat3_ref(const sw_mat3_job *job)
{
	for (size_t i = 0; i < job->n; i++) {
		float q[4];
		quat_of(job->m + 9 * i, job->layout, q);
		for (int k = 0; k < 4; k++)
			job->q[k][i] = q[k];
	}
}

void sw_quat_cols_from_mat3(const sw_mat3_job *job, sw_isa isa)
{
	sw_mat3_fn *fn = sw_quat_cols_from_mat3_ref;
#define SW_MAT3_PICK(t, tier) \
	if (isa == tier)      \
		fn = sw_quat_cols_from_mat3_##t;
	SW_TIERS(SW_MAT3_PICK)
#undef SW_MAT3_PICK
	fn(job);
}

sw_error sw_quat_from_mat3_many(const float *matrices, sw_mat3_layout layout, size_t n, sw_quat *out)
{
	if (n && (!matrices || !out))
		return SW_ERR_NULL;
	if (layout != SW_MAT3_COL_MAJOR && layout != SW_MAT3_ROW_MAJOR)
		return SW_ERR_ARG;
	enum { RUN = 256 };
	float cols[4][RUN];
	sw_isa isa = sw_active_isa();
	for (size_t i = 0; i < n; i += RUN) {
		sw_mat3_job j = {
			matrices + 9 * i, layout, n - i < RUN ? n - i : RUN, {cols[0], cols[1], cols[2], cols[3]}};
		sw_quat_cols_from_mat3(&j, isa);
		for (size_t k = 0; k < j.n; k++)
			out[i + k] = (sw_quat){cols[0][k], cols[1][k], cols[2][k], cols[3][k]};
	}
	return SW_OK;
}
