/* src/ray_set.c — the ray sets of swept/gjk.h, 3D and 2D: origin and delta columns on a column table
 * (src/sets.h), written every step like placements and checked in the query. The two differ only in
 * their vector type and dimension, so one definition makes both. */
#include <stddef.h>

#include "set_calls.h"

static const sw_ray3 pad3 = {{0, 0, 0}, {0, 0, 0}};
static const sw_ray2 pad2 = {{0, 0}, {0, 0}};
static const sw_table_spec spec3 = {6, {4, 4, 4, 4, 4, 4}, &pad3};
static const sw_table_spec spec2 = {4, {4, 4, 4, 4}, &pad2};
_Static_assert(sizeof(sw_ray3) == 6 * 4 && sizeof(sw_ray2) == 4 * 4, "item layout");

/* the calls of the ray set of dimension D (vectors VEC) */
#define RAY_SET(D, VEC)                                                                                              \
	SW_TABLE_SET_LIFECYCLE(ray##D, spec##D)                                                                      \
	sw_error sw_ray##D##_set_add(sw_ray##D##_set *set, const sw_ray##D *ray, uint32_t *index)                    \
	{                                                                                                            \
		return set && ray ? sw_table_add(&set->t, set->col, &spec##D, ray, index) : SW_ERR_NULL;             \
	}                                                                                                            \
	sw_error sw_ray##D##_set_put(sw_ray##D##_set *set, uint32_t index, const sw_ray##D *ray)                     \
	{                                                                                                            \
		return set && ray ? sw_table_put(&set->t, set->col, &spec##D, index, ray) : SW_ERR_NULL;             \
	}                                                                                                            \
	sw_error sw_ray##D##_set_get(const sw_ray##D##_set *set, uint32_t index, sw_ray##D *ray)                     \
	{                                                                                                            \
		return set && ray ? sw_table_get(&set->t, set->col, &spec##D, index, ray) : SW_ERR_NULL;             \
	}                                                                                                            \
	sw_error sw_ray##D##_set_place(sw_ray##D##_set *set, uint32_t first, size_t n, const VEC *origins,           \
				       const VEC *deltas)                                                            \
	{                                                                                                            \
		return set ? sw_table_place(&set->t, set->col, 0, D, D, D, first, n, origins, deltas) : SW_ERR_NULL; \
	}                                                                                                            \
	void sw_ray##D##_set_clear(sw_ray##D##_set *set)                                                             \
	{                                                                                                            \
		if (set)                                                                                             \
			sw_table_clear(&set->t, set->col, &spec##D);                                                 \
	}

RAY_SET(3, sw_vec3)
RAY_SET(2, sw_vec2)
