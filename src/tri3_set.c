/* src/tri3_set.c — the set of moving triangles (swept/tri3.h) on one column table (src/sets.h).
 * Padding slots hold the triangle (0,0,0), (1,0,0), (0,1,0), valid and at rest. */
#include <string.h>

#include "alloc.h"
#include "sets.h"

static const float pad_item[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0};
static const sw_table_spec spec = {12, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, pad_item};

sw_error sw_tri3_set_create(size_t capacity, sw_tri3_set **set)
{
	if (!set)
		return SW_ERR_NULL;
	*set = NULL;
	sw_tri3_set *s = sw_alloc(sizeof *s, _Alignof(sw_tri3_set));
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

void sw_tri3_set_destroy(sw_tri3_set *set)
{
	if (!set)
		return;
	sw_table_free(&set->t, set->col);
	sw_free(set, sizeof *set);
}

size_t sw_tri3_set_count(const sw_tri3_set *set) { return set ? set->t.count : 0; }

sw_error sw_tri3_set_put(sw_tri3_set *set, uint32_t index, const sw_tri3 *tri, sw_vec3 disp)
{
	if (!set || !tri)
		return SW_ERR_NULL;
	if (index >= set->t.count)
		return SW_ERR_ARG;
	const float v[12] = {tri->a.x, tri->a.y, tri->a.z, tri->b.x, tri->b.y, tri->b.z,
			     tri->c.x, tri->c.y, tri->c.z, disp.x,   disp.y,   disp.z};
	sw_table_item(set->col, &spec, index, (void *)v, 0);
	return SW_OK;
}

sw_error sw_tri3_set_add(sw_tri3_set *set, const sw_tri3 *tri, sw_vec3 disp, uint32_t *index)
{
	if (!set || !tri)
		return SW_ERR_NULL;
	uint32_t i;
	sw_error e = sw_table_append(&set->t, set->col, &spec, &i);
	if (e != SW_OK)
		return e;
	if (index)
		*index = i;
	return sw_tri3_set_put(set, i, tri, disp);
}

sw_error sw_tri3_set_get(const sw_tri3_set *set, uint32_t index, sw_tri3 *tri, sw_vec3 *disp)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->t.count)
		return SW_ERR_ARG;
	float v[12];
	sw_table_item(set->col, &spec, index, v, 1);
	if (tri)
		*tri = (sw_tri3){{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}};
	if (disp)
		*disp = sw_v3(v[9], v[10], v[11]);
	return SW_OK;
}

sw_error sw_tri3_set_place(sw_tri3_set *set, uint32_t first, size_t n, const sw_vec3 *disps)
{
	if (!set)
		return SW_ERR_NULL;
	if (first > set->t.count || n > set->t.count - first)
		return SW_ERR_ARG;
	for (size_t k = 0; k < n; k++) {
		sw_vec3 d = disps ? disps[k] : sw_v3(0, 0, 0);
		set->dx[first + k] = d.x, set->dy[first + k] = d.y, set->dz[first + k] = d.z;
	}
	return SW_OK;
}

void sw_tri3_set_clear(sw_tri3_set *set)
{
	if (set)
		sw_table_clear(&set->t, set->col, &spec);
}
