/* src/circle_set.c — the sets of moving circles and spheres (swept/circle.h), each on one column table
 * (src/sets.h): centre, radius, displacement. Padding slots hold a unit circle or sphere at the origin,
 * at rest. The two differ only in their vector type and dimension, so one definition makes both. */
#include <stddef.h>

#include "set_calls.h"

/* an item: centre, radius, displacement */
typedef struct item2 {
	sw_vec2 c;
	float r;
	sw_vec2 d;
} item2;
typedef struct item3 {
	sw_vec3 c;
	float r;
	sw_vec3 d;
} item3;
static const item2 pad2 = {{0, 0}, 1, {0, 0}};
static const item3 pad3 = {{0, 0, 0}, 1, {0, 0, 0}};
static const sw_table_spec spec2 = {5, {4, 4, 4, 4, 4}, &pad2};
static const sw_table_spec spec3 = {7, {4, 4, 4, 4, 4, 4, 4}, &pad3};
_Static_assert(sizeof(item2) == 5 * sizeof(float) && sizeof(item3) == 7 * sizeof(float), "item layout");

/* the columns of a set as sw_mover_cols (no z in 2D) */
static sw_mover_cols cols2(sw_circle2_set *s) { return (sw_mover_cols){s->cx, s->cy, NULL, s->dx, s->dy, NULL}; }
static sw_mover_cols cols3(sw_circle3_set *s) { return (sw_mover_cols){s->cx, s->cy, s->cz, s->dx, s->dy, s->dz}; }

/* the calls of the set of dimension D (vectors VEC) */
#define CIRCLE_SET(D, VEC)                                                                                            \
	SW_TABLE_SET_LIFECYCLE(circle##D, spec##D)                                                                    \
	sw_error sw_circle##D##_set_put(sw_circle##D##_set *set, uint32_t index, VEC centre, float radius, VEC disp)  \
	{                                                                                                             \
		const item##D it = {centre, radius, disp};                                                            \
		return set ? sw_table_put(&set->t, set->col, &spec##D, index, &it) : SW_ERR_NULL;                     \
	}                                                                                                             \
	sw_error sw_circle##D##_set_add(sw_circle##D##_set *set, VEC centre, float radius, VEC disp, uint32_t *index) \
	{                                                                                                             \
		const item##D it = {centre, radius, disp};                                                            \
		return set ? sw_table_add(&set->t, set->col, &spec##D, &it, index) : SW_ERR_NULL;                     \
	}                                                                                                             \
	sw_error sw_circle##D##_set_get(const sw_circle##D##_set *set, uint32_t index, VEC *centre, float *radius,    \
					VEC *disp)                                                                    \
	{                                                                                                             \
		item##D it;                                                                                           \
		sw_error e = set ? sw_table_get(&set->t, set->col, &spec##D, index, &it) : SW_ERR_NULL;               \
		if (e == SW_OK && centre)                                                                             \
			*centre = it.c;                                                                               \
		if (e == SW_OK && radius)                                                                             \
			*radius = it.r;                                                                               \
		if (e == SW_OK && disp)                                                                               \
			*disp = it.d;                                                                                 \
		return e;                                                                                             \
	}                                                                                                             \
	sw_error sw_circle##D##_set_place(sw_circle##D##_set *set, uint32_t first, size_t n, const VEC *centres,      \
					  const VEC *disps)                                                           \
	{                                                                                                             \
		return set ? sw_table_place(&set->t, set->col, 0, D, D + 1, D, first, n, centres, disps)              \
			   : SW_ERR_NULL;                                                                             \
	}                                                                                                             \
	sw_error sw_circle##D##_set_columns(sw_circle##D##_set *set, sw_mover_cols *cols)                             \
	{                                                                                                             \
		if (!set || !cols)                                                                                    \
			return SW_ERR_NULL;                                                                           \
		*cols = cols##D(set);                                                                                 \
		return SW_OK;                                                                                         \
	}                                                                                                             \
	void sw_circle##D##_set_clear(sw_circle##D##_set *set)                                                        \
	{                                                                                                             \
		if (set)                                                                                              \
			sw_table_clear(&set->t, set->col, &spec##D);                                                  \
	}

CIRCLE_SET(2, sw_vec2)
CIRCLE_SET(3, sw_vec3)
