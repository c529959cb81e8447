/* src/ref/obb3_valid.c — the OBB input contract, checked per pair by the reference. The kernels
 * check the same conditions lane-wise in obb3_sat_tmpl.c. */
#include "ref/ref.h"

#include <math.h>

/* |x| ≤ SW_MAX_COORD is false for NaN and ±Inf, so one compare covers all three */
static int in_range(float x) { return fabsf(x) <= SW_MAX_COORD; }

static int column_dot_ok(sw_vec3 p, sw_vec3 q, float want)
{
	float d = (p.x * q.x + p.y * q.y) + p.z * q.z;
	return fabsf(d - want) <= SW_ORTHO_TOL;
}

int sw_obb3_valid_ref(const sw_obb3 *box, sw_vec3 disp)
{
	const float *f = &box->center.x;
	/* sw_obb3 is 15 packed floats: centre, 3 columns, half extents */
	for (int k = 0; k < 15; k++)
		if (!in_range(f[k]))
			return 0;
	if (!in_range(disp.x) || !in_range(disp.y) || !in_range(disp.z))
		return 0;
	if (!(box->half.x > 0) || !(box->half.y > 0) || !(box->half.z > 0))
		return 0;
	const sw_vec3 *c = box->rot.col;
	return column_dot_ok(c[0], c[0], 1) && column_dot_ok(c[1], c[1], 1) && column_dot_ok(c[2], c[2], 1) &&
	       column_dot_ok(c[0], c[1], 0) && column_dot_ok(c[0], c[2], 0) && column_dot_ok(c[1], c[2], 0);
}

_Static_assert(sizeof(sw_obb3) == 15 * sizeof(float), "sw_obb3 must be 15 packed floats");
