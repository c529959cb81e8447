/* src/seg2_set.c — the set of segments (swept/circle.h) on one column table (src/sets.h). Padding
 * slots hold the segment (0,0)–(1,0), at rest. A segment's endpoints are one 16-byte record (the
 * kernels load it whole). The set remembers whether any displacement written is
 * not +0, so kernels can skip reading a level at rest. */
#include <stddef.h>

#include "set_calls.h"

/* an item: endpoints, displacement */
typedef struct item {
	sw_seg2 seg;
	sw_vec2 d;
} item;
static const item pad_item = {{{0, 0}, {1, 0}}, {0, 0}};
static const sw_table_spec spec = {3, {16, 4, 4}, &pad_item};
_Static_assert(sizeof(item) == 6 * sizeof(float), "item layout");

SW_TABLE_SET_LIFECYCLE(seg2, spec)

sw_error sw_seg2_set_put(sw_seg2_set *set, uint32_t index, const sw_seg2 *seg, sw_vec2 disp)
{
	const item it = {seg ? *seg : pad_item.seg, disp};
	return set && seg ? sw_moving_write(&set->t, set->col, &spec, &set->moving, &it, &disp.x, 2, 0, &index)
			  : SW_ERR_NULL;
}

sw_error sw_seg2_set_add(sw_seg2_set *set, const sw_seg2 *seg, sw_vec2 disp, uint32_t *index)
{
	const item it = {seg ? *seg : pad_item.seg, disp};
	return set && seg ? sw_moving_write(&set->t, set->col, &spec, &set->moving, &it, &disp.x, 2, 1, index)
			  : SW_ERR_NULL;
}

sw_error sw_seg2_set_get(const sw_seg2_set *set, uint32_t index, sw_seg2 *seg, sw_vec2 *disp)
{
	item it;
	sw_error e = set ? sw_table_get(&set->t, set->col, &spec, index, &it) : SW_ERR_NULL;
	if (e == SW_OK && seg)
		*seg = it.seg;
	if (e == SW_OK && disp)
		*disp = it.d;
	return e;
}

sw_error sw_seg2_set_place(sw_seg2_set *set, uint32_t first, size_t n, const sw_vec2 *disps)
{
	if (!set)
		return SW_ERR_NULL;
	sw_error e = sw_table_place(&set->t, set->col, 0, 0, 1, 2, first, n, NULL, disps);
	set->moving |= e == SW_OK && disps && sw_floats_moving(&disps->x, 2 * n);
	return e;
}

sw_error sw_seg2_set_columns(sw_seg2_set *set, sw_seg2_cols *cols)
{
	if (!set || !cols)
		return SW_ERR_NULL;
	/* the caller may write any displacement: the kernels must read them */
	set->moving = 1;
	*cols = (sw_seg2_cols){set->seg, set->dx, set->dy};
	return SW_OK;
}

void sw_seg2_set_clear(sw_seg2_set *set)
{
	if (set) {
		sw_table_clear(&set->t, set->col, &spec);
		set->moving = 0;
	}
}
