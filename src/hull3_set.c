/* src/hull3_set.c — the hull set of swept/hull_batch.h: shapes packed once into a pool (the layout of
 * src/hull3_view.h) and placed, moving instances of them, structure of arrays. */
#include "hull3_view.h"

#include <stdlib.h>
#include <string.h>

#define POOL_ALIGN 64

/* the instance arrays, in one table so that growing and freeing treat them alike */
static float **inst_floats(sw_hull3_set *s, int k)
{
	float **f[10] = {&s->px, &s->py, &s->pz, &s->qx, &s->qy, &s->qz, &s->qw, &s->dx, &s->dy, &s->dz};
	return f[k];
}

static sw_error grow_instances(sw_hull3_set *s, size_t capacity)
{
	if (capacity <= s->capacity && s->shape)
		return SW_OK;
	if (capacity < 16)
		capacity = 16;
	float *fresh[10] = {0};
	uint32_t *shape = malloc(capacity * sizeof *shape);
	int ok = shape != NULL;
	for (int k = 0; k < 10 && ok; k++)
		ok = (fresh[k] = malloc(capacity * sizeof(float))) != NULL;
	if (!ok) {
		free(shape);
		for (int k = 0; k < 10; k++)
			free(fresh[k]);
		return SW_ERR_NOMEM;
	}
	if (s->count) {
		memcpy(shape, s->shape, s->count * sizeof *shape);
		for (int k = 0; k < 10; k++)
			memcpy(fresh[k], *inst_floats(s, k), s->count * sizeof(float));
	}
	free(s->shape);
	s->shape = shape;
	for (int k = 0; k < 10; k++) {
		free(*inst_floats(s, k));
		*inst_floats(s, k) = fresh[k];
	}
	s->capacity = capacity;
	return SW_OK;
}

sw_error sw_hull3_set_init(sw_hull3_set *set, size_t capacity)
{
	if (!set)
		return SW_ERR_NULL;
	memset(set, 0, sizeof *set);
	if (capacity > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	return grow_instances(set, capacity);
}

/* room for `need` more elements of size `size` in an aligned pool of `*cap` elements */
static sw_error pool_reserve(void **pool, size_t *cap, size_t used, size_t need, size_t size)
{
	if (used + need <= *cap)
		return SW_OK;
	size_t c = *cap ? *cap : 4096;
	while (c < used + need)
		c *= 2;
	size_t bytes = (c * size + POOL_ALIGN - 1) / POOL_ALIGN * POOL_ALIGN;
	void *fresh = aligned_alloc(POOL_ALIGN, bytes);
	if (!fresh)
		return SW_ERR_NOMEM;
	if (used)
		memcpy(fresh, *pool, used * size);
	free(*pool);
	*pool = fresh;
	*cap = c;
	return SW_OK;
}

sw_error sw_hull3_set_add_shape(sw_hull3_set *set, const sw_hull3 *hull, uint32_t *shape_id)
{
	if (!set || !hull || !shape_id)
		return SW_ERR_NULL;
	if (set->num_shapes >= UINT32_MAX)
		return SW_ERR_SIZE;
	if (set->num_shapes == set->shape_capacity) {
		size_t c = set->shape_capacity ? 2 * set->shape_capacity : 16;
		sw_hull3_set_shape *fresh = realloc(set->shapes, c * sizeof *fresh);
		if (!fresh)
			return SW_ERR_NOMEM;
		set->shapes = fresh;
		set->shape_capacity = c;
	}
	sw_hull3_set_shape sh;
	memset(&sh, 0, sizeof sh);
	if (sw_hull3_check(hull, NULL, 0)) {
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
		sh = (sw_hull3_set_shape){pv,
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
	*shape_id = (uint32_t)set->num_shapes++;
	return SW_OK;
}

static void put(sw_hull3_set *s, size_t i, uint32_t shape, sw_vec3 p, sw_quat q, sw_vec3 d)
{
	const float v[10] = {p.x, p.y, p.z, q.x, q.y, q.z, q.w, d.x, d.y, d.z};
	s->shape[i] = shape;
	for (int k = 0; k < 10; k++)
		(*inst_floats(s, k))[i] = v[k];
}

sw_error sw_hull3_set_add(sw_hull3_set *set, uint32_t shape, sw_vec3 p, sw_quat q, sw_vec3 d)
{
	if (!set)
		return SW_ERR_NULL;
	if (set->count >= SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (set->count == set->capacity || !set->shape) {
		sw_error e = grow_instances(set, set->capacity ? 2 * set->capacity : 16);
		if (e != SW_OK)
			return e;
	}
	put(set, set->count++, shape, p, q, d);
	return SW_OK;
}

sw_error sw_hull3_set_put(sw_hull3_set *set, uint32_t index, uint32_t shape, sw_vec3 p, sw_quat q, sw_vec3 d)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->count)
		return SW_ERR_ARG;
	put(set, index, shape, p, q, d);
	return SW_OK;
}

void sw_hull3_set_clear(sw_hull3_set *set)
{
	if (set)
		set->count = 0;
}

void sw_hull3_set_free(sw_hull3_set *set)
{
	if (!set)
		return;
	free(set->shape);
	for (int k = 0; k < 10; k++)
		free(*inst_floats(set, k));
	free(set->shapes);
	free(set->pool);
	free(set->ipool);
	memset(set, 0, sizeof *set);
}
