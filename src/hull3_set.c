/* src/hull3_set.c — the hull set of swept/hull3.h: shapes packed once into pools (the layout of
 * src/hull3_view.h) and placed, moving instances of them on a column table (src/sets.h). */
#include <string.h>

#include "alloc.h"
#include "hull3_view.h"
#include "sets.h"

#define POOL_ALIGN 64

/* an instance: shape id, position, orientation, displacement; padding: shape 0 at rest */
typedef struct inst_item {
	uint32_t shape;
	float p[3], q[4], d[3];
} inst_item;
static const inst_item inst_pad = {0, {0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0}};
static const sw_table_spec inst_spec = {11, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, &inst_pad};

sw_error sw_hull3_set_create(size_t capacity, sw_hull3_set **set)
{
	if (!set)
		return SW_ERR_NULL;
	*set = NULL;
	sw_hull3_set *s = sw_alloc(sizeof *s, _Alignof(sw_hull3_set));
	if (!s)
		return SW_ERR_NOMEM;
	memset(s, 0, sizeof *s);
	sw_error e = sw_table_reserve(&s->inst, s->icol, &inst_spec, capacity);
	if (e != SW_OK) {
		sw_free(s, sizeof *s);
		return e;
	}
	*set = s;
	return SW_OK;
}

void sw_hull3_set_destroy(sw_hull3_set *set)
{
	if (!set)
		return;
	sw_table_free(&set->inst, set->icol);
	sw_free(set->shapes, set->shape_capacity * sizeof *set->shapes);
	sw_free(set->pool, set->pool_capacity * sizeof(float));
	sw_free(set->ipool, set->ipool_capacity * sizeof(int32_t));
	sw_free(set, sizeof *set);
}

size_t sw_hull3_set_count(const sw_hull3_set *set) { return set ? set->inst.count : 0; }

/* room for `need` more elements of `size` bytes in an aligned pool of *cap elements */
static sw_error pool_reserve(void **pool, size_t *cap, size_t used, size_t need, size_t size)
{
	if (used + need <= *cap)
		return SW_OK;
	size_t c = *cap ? *cap : 4096;
	while (c < used + need)
		c *= 2;
	void *fresh = sw_alloc(c * size, POOL_ALIGN);
	if (!fresh)
		return SW_ERR_NOMEM;
	if (used)
		memcpy(fresh, *pool, used * size);
	sw_free(*pool, *cap * size);
	*pool = fresh;
	*cap = c;
	return SW_OK;
}

/* room for one more shape record */
static sw_error shapes_reserve(sw_hull3_set *set)
{
	if (set->num_shapes < set->shape_capacity)
		return SW_OK;
	size_t c = set->shape_capacity ? 2 * set->shape_capacity : 16;
	sw_hull3_shape *fresh = sw_alloc(c * sizeof *fresh, _Alignof(sw_hull3_shape));
	if (!fresh)
		return SW_ERR_NOMEM;
	if (set->num_shapes)
		memcpy(fresh, set->shapes, set->num_shapes * sizeof *fresh);
	sw_free(set->shapes, set->shape_capacity * sizeof *set->shapes);
	set->shapes = fresh;
	set->shape_capacity = c;
	return SW_OK;
}

sw_error sw_hull3_set_add_shape(sw_hull3_set *set, const sw_hull3 *hull, uint32_t *shape)
{
	if (!set || !hull || !shape)
		return SW_ERR_NULL;
	if (set->num_shapes >= UINT32_MAX)
		return SW_ERR_SIZE;
	if (shapes_reserve(set) != SW_OK)
		return SW_ERR_NOMEM;
	sw_hull3_shape sh;
	memset(&sh, 0, sizeof sh);
	if (sw_hull3_check(hull) == SW_OK) {
		uint32_t pv, pf, pe; /* packed counts (a flat hull packs as a prism) */
		sw_hull_view_counts(hull, &pv, &pf, &pe);
		size_t nf = sw_hv_floats(pv, pf, pe), ni = sw_hv_ints(pe);
		void *fp = set->pool, *ip = set->ipool;
		if (pool_reserve(&fp, &set->pool_capacity, set->pool_used, nf, sizeof(float)) != SW_OK)
			return SW_ERR_NOMEM;
		set->pool = fp;
		if (pool_reserve(&ip, &set->ipool_capacity, set->ipool_used, ni, sizeof(int32_t)) != SW_OK)
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
				      hull->radius};
		set->pool_used += nf;
		set->ipool_used += ni;
	}
	set->shapes[set->num_shapes] = sh;
	*shape = (uint32_t)set->num_shapes++;
	return SW_OK;
}

sw_error sw_hull3_set_put(sw_hull3_set *set, uint32_t index, uint32_t shape, sw_pose3 pose, sw_vec3 disp)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->inst.count)
		return SW_ERR_ARG;
	inst_item it = {shape,
			{pose.p.x, pose.p.y, pose.p.z},
			{pose.q.x, pose.q.y, pose.q.z, pose.q.w},
			{disp.x, disp.y, disp.z}};
	sw_table_item(set->icol, &inst_spec, index, &it, 0);
	return SW_OK;
}

sw_error sw_hull3_set_add(sw_hull3_set *set, uint32_t shape, sw_pose3 pose, sw_vec3 disp, uint32_t *index)
{
	if (!set)
		return SW_ERR_NULL;
	uint32_t i;
	sw_error e = sw_table_append(&set->inst, set->icol, &inst_spec, &i);
	if (e != SW_OK)
		return e;
	if (index)
		*index = i;
	return sw_hull3_set_put(set, i, shape, pose, disp);
}

sw_error sw_hull3_set_get(const sw_hull3_set *set, uint32_t index, uint32_t *shape, sw_pose3 *pose, sw_vec3 *disp)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->inst.count)
		return SW_ERR_ARG;
	inst_item it;
	sw_table_item(set->icol, &inst_spec, index, &it, 1);
	if (shape)
		*shape = it.shape;
	if (pose)
		*pose = (sw_pose3){{it.p[0], it.p[1], it.p[2]}, {it.q[0], it.q[1], it.q[2], it.q[3]}};
	if (disp)
		*disp = sw_v3(it.d[0], it.d[1], it.d[2]);
	return SW_OK;
}

sw_error sw_hull3_set_place(sw_hull3_set *set, uint32_t first, size_t n, const sw_pose3 *poses, const sw_vec3 *disps)
{
	if (!set || (n && !poses))
		return SW_ERR_NULL;
	if (first > set->inst.count || n > set->inst.count - first)
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

void sw_hull3_set_clear(sw_hull3_set *set)
{
	if (set)
		sw_table_clear(&set->inst, set->icol, &inst_spec);
}
