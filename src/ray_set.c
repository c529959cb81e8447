/* src/ray_set.c — the ray sets of swept/gjk.h, 3D and 2D: origin and delta columns on a column table
 * (src/sets.h), written every step like placements and checked in the query. */
#include <stddef.h>

#include "sets.h"

/* ---- 3D ---- */

static const sw_ray3 ray3_pad = {{0, 0, 0}, {0, 0, 0}};
static const sw_table_spec ray3_spec = {6, {4, 4, 4, 4, 4, 4}, &ray3_pad};
_Static_assert(sizeof(sw_ray3) == 6 * 4, "item layout");
#define AT3 offsetof(sw_ray3_set, t), offsetof(sw_ray3_set, col)

sw_error sw_ray3_set_create(size_t capacity, sw_ray3_set **set)
{
	return set ? sw_set_new((void **)set, sizeof **set, AT3, &ray3_spec, capacity) : SW_ERR_NULL;
}

void sw_ray3_set_destroy(sw_ray3_set *set)
{
	if (set)
		sw_set_delete(set, sizeof *set, AT3);
}

size_t sw_ray3_set_count(const sw_ray3_set *set) { return set ? set->t.count : 0; }

sw_error sw_ray3_set_add(sw_ray3_set *set, const sw_ray3 *ray, uint32_t *index)
{
	return set && ray ? sw_table_add(&set->t, set->col, &ray3_spec, ray, index) : SW_ERR_NULL;
}

sw_error sw_ray3_set_put(sw_ray3_set *set, uint32_t index, const sw_ray3 *ray)
{
	return set && ray ? sw_table_put(&set->t, set->col, &ray3_spec, index, ray) : SW_ERR_NULL;
}

sw_error sw_ray3_set_get(const sw_ray3_set *set, uint32_t index, sw_ray3 *ray)
{
	return set && ray ? sw_table_get(&set->t, set->col, &ray3_spec, index, ray) : SW_ERR_NULL;
}

sw_error sw_ray3_set_place(sw_ray3_set *set, uint32_t first, size_t n, const sw_vec3 *origins, const sw_vec3 *deltas)
{
	return set ? sw_table_place(&set->t, set->col, 0, 3, 3, 3, first, n, origins, deltas) : SW_ERR_NULL;
}

void sw_ray3_set_clear(sw_ray3_set *set)
{
	if (set)
		sw_table_clear(&set->t, set->col, &ray3_spec);
}

/* ---- 2D ---- */

static const sw_ray2 ray2_pad = {{0, 0}, {0, 0}};
static const sw_table_spec ray2_spec = {4, {4, 4, 4, 4}, &ray2_pad};
_Static_assert(sizeof(sw_ray2) == 4 * 4, "item layout");
#define AT2 offsetof(sw_ray2_set, t), offsetof(sw_ray2_set, col)

sw_error sw_ray2_set_create(size_t capacity, sw_ray2_set **set)
{
	return set ? sw_set_new((void **)set, sizeof **set, AT2, &ray2_spec, capacity) : SW_ERR_NULL;
}

void sw_ray2_set_destroy(sw_ray2_set *set)
{
	if (set)
		sw_set_delete(set, sizeof *set, AT2);
}

size_t sw_ray2_set_count(const sw_ray2_set *set) { return set ? set->t.count : 0; }

sw_error sw_ray2_set_add(sw_ray2_set *set, const sw_ray2 *ray, uint32_t *index)
{
	return set && ray ? sw_table_add(&set->t, set->col, &ray2_spec, ray, index) : SW_ERR_NULL;
}

sw_error sw_ray2_set_put(sw_ray2_set *set, uint32_t index, const sw_ray2 *ray)
{
	return set && ray ? sw_table_put(&set->t, set->col, &ray2_spec, index, ray) : SW_ERR_NULL;
}

sw_error sw_ray2_set_get(const sw_ray2_set *set, uint32_t index, sw_ray2 *ray)
{
	return set && ray ? sw_table_get(&set->t, set->col, &ray2_spec, index, ray) : SW_ERR_NULL;
}

sw_error sw_ray2_set_place(sw_ray2_set *set, uint32_t first, size_t n, const sw_vec2 *origins, const sw_vec2 *deltas)
{
	return set ? sw_table_place(&set->t, set->col, 0, 2, 2, 2, first, n, origins, deltas) : SW_ERR_NULL;
}

void sw_ray2_set_clear(sw_ray2_set *set)
{
	if (set)
		sw_table_clear(&set->t, set->col, &ray2_spec);
}
