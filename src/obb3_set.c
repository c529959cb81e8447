/* src/obb3_set.c — the set of placed, moving boxes (swept/obb3.h) on one column table (src/sets.h).
 * Padding slots hold a unit box at the origin, at rest. */
#include <stddef.h>

#include "set_calls.h"

/* an item: centre, quaternion, half extents, displacement */
typedef struct item {
	sw_pose3 pose;
	sw_vec3 half, d;
} item;
static const item pad_item = {{{0, 0, 0}, {0, 0, 0, 1}}, {1, 1, 1}, {0, 0, 0}};
static const sw_table_spec spec = {13, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, &pad_item};
_Static_assert(sizeof(item) == 13 * sizeof(float), "item layout");

SW_TABLE_SET_LIFECYCLE(obb3, spec)

sw_error sw_obb3_set_put(sw_obb3_set *set, uint32_t index, const sw_obb3 *box, sw_pose3 pose, sw_vec3 disp)
{
	if (!set || !box)
		return SW_ERR_NULL;
	const item it = {pose, box->half, disp};
	return sw_table_put(&set->t, set->col, &spec, index, &it);
}

sw_error sw_obb3_set_add(sw_obb3_set *set, const sw_obb3 *box, sw_pose3 pose, sw_vec3 disp, uint32_t *index)
{
	if (!set || !box)
		return SW_ERR_NULL;
	const item it = {pose, box->half, disp};
	return sw_table_add(&set->t, set->col, &spec, &it, index);
}

sw_error sw_obb3_set_get(const sw_obb3_set *set, uint32_t index, sw_obb3 *box, sw_pose3 *pose, sw_vec3 *disp)
{
	item it;
	sw_error e = set ? sw_table_get(&set->t, set->col, &spec, index, &it) : SW_ERR_NULL;
	if (e != SW_OK)
		return e;
	if (pose)
		*pose = it.pose;
	if (box)
		box->half = it.half;
	if (disp)
		*disp = it.d;
	return SW_OK;
}

sw_error sw_obb3_set_place(sw_obb3_set *set, uint32_t first, size_t n, const sw_pose3 *poses, const sw_vec3 *disps)
{
	return set ? sw_table_place(&set->t, set->col, 0, 7, 10, 3, first, n, poses, disps) : SW_ERR_NULL;
}

sw_error sw_obb3_set_place_m(sw_obb3_set *set, uint32_t first, size_t n, const sw_vec3 *positions,
			     const float *matrices, sw_mat3_layout layout, const sw_vec3 *disps)
{
	return set ? sw_table_place_m(&set->t, set->col, 0, 10, first, n, positions, matrices, layout, disps)
		   : SW_ERR_NULL;
}

sw_error sw_obb3_set_columns(sw_obb3_set *set, sw_place3_cols *cols)
{
	if (!set || !cols)
		return SW_ERR_NULL;
	*cols = (sw_place3_cols){set->px, set->py, set->pz, set->qx, set->qy,
				 set->qz, set->qw, set->dx, set->dy, set->dz};
	return SW_OK;
}

void sw_obb3_set_clear(sw_obb3_set *set)
{
	if (set)
		sw_table_clear(&set->t, set->col, &spec);
}
