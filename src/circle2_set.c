/* src/circle2_set.c — the set of moving circles (swept/circle.h) on one column table (src/sets.h).
 * Padding slots hold a unit circle at the origin, at rest. */
#include <stddef.h>

#include "sets.h"

/* an item: centre, radius, displacement */
typedef struct item {
	sw_vec2 c;
	float r;
	sw_vec2 d;
} item;
static const item pad_item = {{0, 0}, 1, {0, 0}};
static const sw_table_spec spec = {5, {4, 4, 4, 4, 4}, &pad_item};
_Static_assert(sizeof(item) == 5 * sizeof(float), "item layout");
#define AT offsetof(sw_circle2_set, t), offsetof(sw_circle2_set, col)

sw_error sw_circle2_set_create(size_t capacity, sw_circle2_set **set)
{
	return set ? sw_set_new((void **)set, sizeof **set, AT, &spec, capacity) : SW_ERR_NULL;
}

void sw_circle2_set_destroy(sw_circle2_set *set)
{
	if (set)
		sw_set_delete(set, sizeof *set, AT);
}

size_t sw_circle2_set_count(const sw_circle2_set *set) { return set ? set->t.count : 0; }

sw_error sw_circle2_set_put(sw_circle2_set *set, uint32_t index, sw_vec2 centre, float radius, sw_vec2 disp)
{
	if (!set)
		return SW_ERR_NULL;
	const item it = {centre, radius, disp};
	return sw_table_put(&set->t, set->col, &spec, index, &it);
}

sw_error sw_circle2_set_add(sw_circle2_set *set, sw_vec2 centre, float radius, sw_vec2 disp, uint32_t *index)
{
	if (!set)
		return SW_ERR_NULL;
	const item it = {centre, radius, disp};
	return sw_table_add(&set->t, set->col, &spec, &it, index);
}

sw_error sw_circle2_set_get(const sw_circle2_set *set, uint32_t index, sw_vec2 *centre, float *radius, sw_vec2 *disp)
{
	item it;
	sw_error e = set ? sw_table_get(&set->t, set->col, &spec, index, &it) : SW_ERR_NULL;
	if (e != SW_OK)
		return e;
	if (centre)
		*centre = it.c;
	if (radius)
		*radius = it.r;
	if (disp)
		*disp = it.d;
	return SW_OK;
}

sw_error sw_circle2_set_place(sw_circle2_set *set, uint32_t first, size_t n, const sw_vec2 *centres,
			      const sw_vec2 *disps)
{
	return set ? sw_table_place(&set->t, set->col, 0, 2, 3, 2, first, n, centres, disps) : SW_ERR_NULL;
}

sw_error sw_circle2_set_columns(sw_circle2_set *set, sw_mover_cols *cols)
{
	if (!set || !cols)
		return SW_ERR_NULL;
	*cols = (sw_mover_cols){set->cx, set->cy, NULL, set->dx, set->dy, NULL};
	return SW_OK;
}

void sw_circle2_set_clear(sw_circle2_set *set)
{
	if (set)
		sw_table_clear(&set->t, set->col, &spec);
}
