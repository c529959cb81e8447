/* src/ref/obb3_valid.c — the OBB input contract, checked per pair by the reference. The kernels
 * check the same conditions lane-wise in obb3_sat_tmpl.c. */
#include "ref/ref.h"

#include <math.h>

_Static_assert(sizeof(sw_obb3) == 10 * sizeof(float), "sw_obb3 must be 10 packed floats");

/* |x| ≤ SW_MAX_COORD is false for NaN and ±Inf, so one compare covers all three */
static int in_range(float x) { return fabsf(x) <= SW_MAX_COORD; }

int sw_obb3_valid_ref(const sw_obb3 *box, sw_vec3 disp)
{
	const float v[9] = {box->center.x, box->center.y, box->center.z, box->half.x, box->half.y,
			    box->half.z,   disp.x,        disp.y,        disp.z};
	for (int k = 0; k < 9; k++)
		if (!in_range(v[k]))
			return 0;
	if (!(box->half.x > 0) || !(box->half.y > 0) || !(box->half.z > 0))
		return 0;
	/* unit quaternion; NaN and Inf fail the compare, so its entries need no range test */
	sw_quat q = box->rot;
	float n2 = ((q.x * q.x + q.y * q.y) + q.z * q.z) + q.w * q.w;
	return fabsf(n2 - 1.0f) <= SW_QUAT_TOL;
}
