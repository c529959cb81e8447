/* src/hull3_set.c — the hull set of swept/hull3.h: shapes packed once into pools (the layout of
 * src/hull3_view.h) and placed, moving instances of them on a column table (src/sets.h). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "alloc.h"
#include "hull3_int.h"
#include "hull3_view.h"
#include "sets.h"

#define POOL_ALIGN 64

/* an instance: shape id, placement, displacement; padding: shape 0 at rest */
typedef struct inst_item {
	uint32_t shape;
	sw_pose3 pose;
	sw_vec3 d;
} inst_item;
static const inst_item inst_pad = {0, {{0, 0, 0}, {0, 0, 0, 1}}, {0, 0, 0}};
static const sw_table_spec inst_spec = {11, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, &inst_pad};
_Static_assert(sizeof(inst_item) == 11 * 4, "item layout");
#define AT offsetof(sw_hull3_set, inst), offsetof(sw_hull3_set, icol)

sw_error sw_hull3_set_create(size_t capacity, sw_hull3_set **set)
{
	return set ? sw_set_new((void **)set, sizeof **set, AT, &inst_spec, capacity) : SW_ERR_NULL;
}

void sw_hull3_set_destroy(sw_hull3_set *set)
{
	if (!set)
		return;
	sw_free(set->shapes, set->shape_capacity * sizeof *set->shapes);
	sw_free(set->pool, set->pool_capacity * sizeof(float));
	sw_free(set->ipool, set->ipool_capacity * sizeof(int32_t));
	sw_set_delete(set, sizeof *set, AT);
}

size_t sw_hull3_set_count(const sw_hull3_set *set) { return set ? set->inst.count : 0; }

/* the largest |coordinate| of n packed vertices (rows of sw_row_pad(n) floats) */
static float rows_ext(const float *rows, uint32_t n)
{
	float e = 0.0f;
	for (int c = 0; c < 3; c++)
		for (uint32_t k = 0; k < n; k++)
			e = fmaxf(e, fabsf(rows[(size_t)c * sw_row_pad(n) + k]));
	return e;
}

sw_error sw_hull3_set_add_shape(sw_hull3_set *set, const sw_hull3 *hull, uint32_t *shape)
{
	if (!set || !hull || !shape)
		return SW_ERR_NULL;
	if (set->num_shapes >= UINT32_MAX)
		return SW_ERR_SIZE;
	void *shapes = set->shapes;
	if (sw_grow(&shapes, &set->shape_capacity, set->num_shapes, 1, sizeof *set->shapes, 64) != SW_OK)
		return SW_ERR_NOMEM;
	set->shapes = shapes;
	sw_hull3_shape sh;
	memset(&sh, 0, sizeof sh);
	if (sw_hull3_sealed_(hull) || sw_hull3_check(hull) == SW_OK) {
		uint32_t pv, pf, pe; /* packed counts (a flat hull packs as a prism) */
		sw_hull_view_counts(hull, &pv, &pf, &pe);
		size_t nf = sw_hv_floats(pv, pf, pe), ni = sw_hv_ints(pe);
		void *fp = set->pool, *ip = set->ipool;
		if (sw_grow(&fp, &set->pool_capacity, set->pool_used, nf, sizeof(float), POOL_ALIGN) != SW_OK)
			return SW_ERR_NOMEM;
		set->pool = fp;
		if (sw_grow(&ip, &set->ipool_capacity, set->ipool_used, ni, sizeof(int32_t), POOL_ALIGN) != SW_OK)
			return SW_ERR_NOMEM;
		set->ipool = ip;
		sw_hull_view v;
		sw_hull_view_pack(hull, set->pool + set->pool_used, set->ipool + set->ipool_used, &v);
		sh = (sw_hull3_shape){pv,
				      pf,
				      pe,
				      1,
				      set->pool_used,
				      set->ipool_used,
				      {hull->centroid.x, hull->centroid.y, hull->centroid.z},
				      hull->radius,
				      rows_ext(set->pool + set->pool_used, pv)};
		set->pool_used += nf;
		set->ipool_used += ni;
	}
	set->shapes[set->num_shapes] = sh;
	*shape = (uint32_t)set->num_shapes++;
	return SW_OK;
}

sw_error sw_hull3_set_put(sw_hull3_set *set, uint32_t index, uint32_t shape, sw_pose3 pose, sw_vec3 disp)
{
	const inst_item it = {shape, pose, disp};
	return set ? sw_table_put(&set->inst, set->icol, &inst_spec, index, &it) : SW_ERR_NULL;
}

sw_error sw_hull3_set_add(sw_hull3_set *set, uint32_t shape, sw_pose3 pose, sw_vec3 disp, uint32_t *index)
{
	const inst_item it = {shape, pose, disp};
	return set ? sw_table_add(&set->inst, set->icol, &inst_spec, &it, index) : SW_ERR_NULL;
}

sw_error sw_hull3_set_get(const sw_hull3_set *set, uint32_t index, uint32_t *shape, sw_pose3 *pose, sw_vec3 *disp)
{
	inst_item it;
	sw_error e = set ? sw_table_get(&set->inst, set->icol, &inst_spec, index, &it) : SW_ERR_NULL;
	if (e != SW_OK)
		return e;
	if (shape)
		*shape = it.shape;
	if (pose)
		*pose = it.pose;
	if (disp)
		*disp = it.d;
	return SW_OK;
}

sw_error sw_hull3_set_place(sw_hull3_set *set, uint32_t first, size_t n, const sw_pose3 *poses, const sw_vec3 *disps)
{
	return set ? sw_table_place(&set->inst, set->icol, 1, 7, 8, 3, first, n, poses, disps) : SW_ERR_NULL;
}

sw_error sw_hull3_set_place_m(sw_hull3_set *set, uint32_t first, size_t n, const sw_vec3 *positions,
			      const float *matrices, sw_mat3_layout layout, const sw_vec3 *disps)
{
	return set ? sw_table_place_m(&set->inst, set->icol, 1, 8, first, n, positions, matrices, layout, disps)
		   : SW_ERR_NULL;
}

sw_error sw_hull3_set_columns(sw_hull3_set *set, sw_place3_cols *cols)
{
	if (!set || !cols)
		return SW_ERR_NULL;
	*cols = (sw_place3_cols){set->px, set->py, set->pz, set->qx, set->qy,
				 set->qz, set->qw, set->dx, set->dy, set->dz};
	return SW_OK;
}

void sw_hull3_set_clear(sw_hull3_set *set)
{
	if (set)
		sw_table_clear(&set->inst, set->icol, &inst_spec);
}
