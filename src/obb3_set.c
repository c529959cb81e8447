/* src/obb3_set.c — the set of placed, moving boxes (swept/obb3.h) on one column table (src/sets.h).
 * Padding slots hold a unit box at the origin, at rest. */
#include <string.h>

#include "alloc.h"
#include "sets.h"

/* an item: centre, quaternion, half extents, displacement */
static const float pad_item[13] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0};
static const sw_table_spec spec = {13, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, pad_item};

static void pack(const sw_obb3 *box, sw_pose3 pose, sw_vec3 d, float v[13])
{
	const float f[13] = {pose.p.x,    pose.p.y,    pose.p.z,    pose.q.x, pose.q.y, pose.q.z, pose.q.w,
			     box->half.x, box->half.y, box->half.z, d.x,      d.y,      d.z};
	memcpy(v, f, sizeof f);
}

sw_error sw_obb3_set_create(size_t capacity, sw_obb3_set **set)
{
	if (!set)
		return SW_ERR_NULL;
	*set = NULL;
	sw_obb3_set *s = sw_alloc(sizeof *s, _Alignof(sw_obb3_set));
	if (!s)
		return SW_ERR_NOMEM;
	memset(s, 0, sizeof *s);
	sw_error e = sw_table_reserve(&s->t, s->col, &spec, capacity);
	if (e != SW_OK) {
		sw_free(s, sizeof *s);
		return e;
	}
	*set = s;
	return SW_OK;
}

void sw_obb3_set_destroy(sw_obb3_set *set)
{
	if (!set)
		return;
	sw_table_free(&set->t, set->col);
	sw_free(set, sizeof *set);
}

size_t sw_obb3_set_count(const sw_obb3_set *set) { return set ? set->t.count : 0; }

sw_error sw_obb3_set_put(sw_obb3_set *set, uint32_t index, const sw_obb3 *box, sw_pose3 pose, sw_vec3 disp)
{
	if (!set || !box)
		return SW_ERR_NULL;
	if (index >= set->t.count)
		return SW_ERR_ARG;
	float v[13];
	pack(box, pose, disp, v);
	sw_table_item(set->col, &spec, index, v, 0);
	return SW_OK;
}

sw_error sw_obb3_set_add(sw_obb3_set *set, const sw_obb3 *box, sw_pose3 pose, sw_vec3 disp, uint32_t *index)
{
	if (!set || !box)
		return SW_ERR_NULL;
	uint32_t i;
	sw_error e = sw_table_append(&set->t, set->col, &spec, &i);
	if (e != SW_OK)
		return e;
	if (index)
		*index = i;
	return sw_obb3_set_put(set, i, box, pose, disp);
}

sw_error sw_obb3_set_get(const sw_obb3_set *set, uint32_t index, sw_obb3 *box, sw_pose3 *pose, sw_vec3 *disp)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->t.count)
		return SW_ERR_ARG;
	float v[13];
	sw_table_item(set->col, &spec, index, v, 1);
	if (pose)
		*pose = (sw_pose3){{v[0], v[1], v[2]}, {v[3], v[4], v[5], v[6]}};
	if (box)
		box->half = sw_v3(v[7], v[8], v[9]);
	if (disp)
		*disp = sw_v3(v[10], v[11], v[12]);
	return SW_OK;
}

sw_error sw_obb3_set_place(sw_obb3_set *set, uint32_t first, size_t n, const sw_pose3 *poses, const sw_vec3 *disps)
{
	if (!set || (n && !poses))
		return SW_ERR_NULL;
	if (first > set->t.count || n > set->t.count - first)
		return SW_ERR_ARG;
	for (size_t k = 0; k < n; k++) {
		size_t i = first + k;
		sw_pose3 p = poses[k];
		sw_vec3 d = disps ? disps[k] : sw_v3(0, 0, 0);
		set->px[i] = p.p.x, set->py[i] = p.p.y, set->pz[i] = p.p.z;
		set->qx[i] = p.q.x, set->qy[i] = p.q.y, set->qz[i] = p.q.z, set->qw[i] = p.q.w;
		set->dx[i] = d.x, set->dy[i] = d.y, set->dz[i] = d.z;
	}
	return SW_OK;
}

void sw_obb3_set_clear(sw_obb3_set *set)
{
	if (set)
		sw_table_clear(&set->t, set->col, &spec);
}
