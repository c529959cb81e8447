/* src/set_calls.h — the calls every single-table set writes alike, for the set files (src/<shape>_set.c)
 * above the column table (src/set_table.c): creation, destruction and count, the write of an item
 * that ends in a displacement, and the calls of a set of one shape and a displacement. */
#ifndef SWEPT_SET_CALLS_H
#define SWEPT_SET_CALLS_H

#include <stddef.h>

#include "sets.h"

/// The create, destroy and count calls of a set type sw_<name>_set that is one column table (fields `t`
/// and `col`) with table spec `spec`: every single-table set has these three calls alike.
#define SW_TABLE_SET_LIFECYCLE(name, spec)                                                                             \
	sw_error sw_##name##_set_create(size_t capacity, sw_##name##_set **set)                                        \
	{                                                                                                              \
		return set ? sw_set_new((void **)set, sizeof **set, offsetof(sw_##name##_set, t),                      \
					offsetof(sw_##name##_set, col), &(spec), capacity)                             \
			   : SW_ERR_NULL;                                                                              \
	}                                                                                                              \
	void sw_##name##_set_destroy(sw_##name##_set *set)                                                             \
	{                                                                                                              \
		if (set)                                                                                               \
			sw_set_delete(set, sizeof *set, offsetof(sw_##name##_set, t), offsetof(sw_##name##_set, col)); \
	}                                                                                                              \
	size_t sw_##name##_set_count(const sw_##name##_set *set) { return set ? set->t.count : 0; }
/// Writes `item` of a set whose items end in a displacement of `dim` floats `disp` (segments,
/// triangles): at *index (sw_table_put), or appended when `append` is nonzero (sw_table_add, its index
/// in *index when not NULL); *moving is set when the call succeeds with a displacement that is not +0.
static inline sw_error sw_moving_write(sw_table *t, void **col, const sw_table_spec *spec, uint32_t *moving,
				       const void *item, const float *disp, size_t dim, int append, uint32_t *index)
{
	sw_error e = append ? sw_table_add(t, col, spec, item, index) : sw_table_put(t, col, spec, *index, item);
	*moving |= e == SW_OK && sw_floats_moving(disp, dim);
	return e;
}
/// The put, add, get, place and clear calls of a set type sw_<name>_set of items {SHAPE shape; VEC d; …}
/// (type `item`, table spec `spec`, padding `pad_item` and `item item_of(SHAPE, VEC)`, which fills any
/// columns past the displacement, in the set file): one shape and a displacement of `dim` floats from
/// column `dcol` on, at rest unless the set's `moving` flag says otherwise (segments, triangles).
#define SW_MOVING_SET_CALLS(name, SHAPE, VEC, dim, dcol)                                                               \
	sw_error sw_##name##_set_put(sw_##name##_set *set, uint32_t index, const SHAPE *shape, VEC disp)               \
	{                                                                                                              \
		const item it = item_of(shape ? *shape : pad_item.shape, disp);                                        \
		return set && shape                                                                                    \
			       ? sw_moving_write(&set->t, set->col, &spec, &set->moving, &it, &disp.x, dim, 0, &index) \
			       : SW_ERR_NULL;                                                                          \
	}                                                                                                              \
	sw_error sw_##name##_set_add(sw_##name##_set *set, const SHAPE *shape, VEC disp, uint32_t *index)              \
	{                                                                                                              \
		const item it = item_of(shape ? *shape : pad_item.shape, disp);                                        \
		return set && shape                                                                                    \
			       ? sw_moving_write(&set->t, set->col, &spec, &set->moving, &it, &disp.x, dim, 1, index)  \
			       : SW_ERR_NULL;                                                                          \
	}                                                                                                              \
	sw_error sw_##name##_set_get(const sw_##name##_set *set, uint32_t index, SHAPE *shape, VEC *disp)              \
	{                                                                                                              \
		item it;                                                                                               \
		sw_error e = set ? sw_table_get(&set->t, set->col, &spec, index, &it) : SW_ERR_NULL;                   \
		if (e == SW_OK && shape)                                                                               \
			*shape = it.shape;                                                                             \
		if (e == SW_OK && disp)                                                                                \
			*disp = it.d;                                                                                  \
		return e;                                                                                              \
	}                                                                                                              \
	sw_error sw_##name##_set_place(sw_##name##_set *set, uint32_t first, size_t n, const VEC *disps)               \
	{                                                                                                              \
		if (!set)                                                                                              \
			return SW_ERR_NULL;                                                                            \
		sw_error e = sw_table_place(&set->t, set->col, 0, 0, dcol, dim, first, n, NULL, disps);                \
		set->moving |= e == SW_OK && disps && sw_floats_moving(&disps->x, (size_t)(dim)*n);                    \
		return e;                                                                                              \
	}                                                                                                              \
	void sw_##name##_set_clear(sw_##name##_set *set)                                                               \
	{                                                                                                              \
		if (set) {                                                                                             \
			sw_table_clear(&set->t, set->col, &spec);                                                      \
			set->moving = 0;                                                                               \
		}                                                                                                      \
	}
#endif
