/* src/ref/obb3_valid.c — the OBB input contract, checked per pair by the reference. The kernels
 * check the same conditions lane-wise in obb3_sat_tmpl.c. */
#include "ref/ref.h"

#include <math.h>

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
