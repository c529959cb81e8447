/* src/tri3_set.c — the set of moving triangles (swept/tri3.h) on one column table (src/sets.h).
 * Padding slots hold the triangle (0,0,0), (1,0,0), (0,1,0), valid and at rest. The set remembers
 * whether any displacement written is not +0, so kernels can skip reading a level at rest. */
#include <stddef.h>

#include "set_calls.h"

/* an item: vertices, displacement */
typedef struct item {
	sw_tri3 tri;
	sw_vec3 d;
} item;
static const item pad_item = {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 0, 0}};
static const sw_table_spec spec = {12, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, &pad_item};
_Static_assert(sizeof(item) == 12 * sizeof(float), "item layout");

SW_TABLE_SET_LIFECYCLE(tri3, spec)

sw_error sw_tri3_set_put(sw_tri3_set *set, uint32_t index, const sw_tri3 *tri, sw_vec3 disp)
{
	const item it = {tri ? *tri : pad_item.tri, disp};
	return set && tri ? sw_moving_write(&set->t, set->col, &spec, &set->moving, &it, &disp.x, 3, 0, &index)
			  : SW_ERR_NULL;
}

sw_error sw_tri3_set_add(sw_tri3_set *set, const sw_tri3 *tri, sw_vec3 disp, uint32_t *index)
{
	const item it = {tri ? *tri : pad_item.tri, disp};
	return set && tri ? sw_moving_write(&set->t, set->col, &spec, &set->moving, &it, &disp.x, 3, 1, index)
			  : SW_ERR_NULL;
}

sw_error sw_tri3_set_get(const sw_tri3_set *set, uint32_t index, sw_tri3 *tri, sw_vec3 *disp)
{
	item it;
	sw_error e = set ? sw_table_get(&set->t, set->col, &spec, index, &it) : SW_ERR_NULL;
	if (e == SW_OK && tri)
		*tri = it.tri;
	if (e == SW_OK && disp)
		*disp = it.d;
	return e;
}

sw_error sw_tri3_set_place(sw_tri3_set *set, uint32_t first, size_t n, const sw_vec3 *disps)
{
	if (!set)
		return SW_ERR_NULL;
	sw_error e = sw_table_place(&set->t, set->col, 0, 0, 9, 3, first, n, NULL, disps);
	set->moving |= e == SW_OK && disps && sw_floats_moving(&disps->x, 3 * n);
	return e;
}

void sw_tri3_set_clear(sw_tri3_set *set)
{
	if (set) {
		sw_table_clear(&set->t, set->col, &spec);
		set->moving = 0;
	}
}
