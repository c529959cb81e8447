/* src/tri3_set.c — the set of moving triangles (swept/tri3.h) on one column table (src/sets.h).
 * Padding slots hold the triangle (0,0,0), (1,0,0), (0,1,0), valid and at rest. The set remembers
 * whether any displacement written is not +0, so kernels can skip reading a level at rest. */
#include <stddef.h>

#include "set_calls.h"

/* an item: vertices, displacement */
typedef struct item {
	sw_tri3 shape;
	sw_vec3 d;
} item;
static const item pad_item = {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 0, 0}};
static const sw_table_spec spec = {12, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, &pad_item};
_Static_assert(sizeof(item) == 12 * sizeof(float), "item layout");

SW_TABLE_SET_LIFECYCLE(tri3, spec)

SW_MOVING_SET_CALLS(tri3, sw_tri3, sw_vec3, 3, 9)
