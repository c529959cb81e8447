/* src/seg2_set.c — the set of segments (swept/circle.h) on one column table (src/sets.h). Padding
 * slots hold the segment (0,0)–(1,0), at rest. A segment's endpoints are one 16-byte record (the
 * kernels load it whole). The set remembers whether any displacement written is
 * not +0, so kernels can skip reading a level at rest. */
#include <stddef.h>

#include "set_calls.h"

/* an item: endpoints, displacement */
typedef struct item {
	sw_seg2 shape;
	sw_vec2 d;
} item;
static const item pad_item = {{{0, 0}, {1, 0}}, {0, 0}};
static const sw_table_spec spec = {3, {16, 4, 4}, &pad_item};
static item item_of(sw_seg2 shape, sw_vec2 d) { return (item){shape, d}; }
_Static_assert(sizeof(item) == 6 * sizeof(float), "item layout");

SW_TABLE_SET_LIFECYCLE(seg2, spec)

SW_MOVING_SET_CALLS(seg2, sw_seg2, sw_vec2, 2, 1)

sw_error sw_seg2_set_columns(sw_seg2_set *set, sw_seg2_cols *cols)
{
	if (!set || !cols)
		return SW_ERR_NULL;
	/* the caller may write any displacement: the kernels must read them */
	set->moving = 1;
	*cols = (sw_seg2_cols){set->seg, set->dx, set->dy};
	return SW_OK;
}
