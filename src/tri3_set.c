/* src/tri3_set.c — the set of moving triangles (swept/tri3.h) on one column table (src/sets.h).
 * Padding slots hold the triangle (0,0,0), (1,0,0), (0,1,0), valid and at rest. The set remembers
 * whether any displacement written is not +0, so kernels can skip reading a level at rest. Besides
 * the twelve columns, each triangle is kept as one 48-byte record (sw_tri3_rec), which a kernel that
 * reads every vertex loads with three 16-byte loads instead of nine gathers. */
#include <stddef.h>

#include "contract.h"
#include "set_calls.h"

/* an item: vertices, displacement, the record */
typedef struct item {
	sw_tri3 shape;
	sw_vec3 d;
	sw_tri3_rec rec;
} item;
static const item pad_item = {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 0, 0}, {{0, 0, 0, 1, 0, 0, 0, 1, 0}, 1, {0, 0}}};
static const sw_table_spec spec = {13, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, sizeof(sw_tri3_rec)}, &pad_item};
_Static_assert(sizeof(item) == 24 * sizeof(float), "item layout");

/* the record's vertices and validity are those of the columns: every write of a vertex goes through
 * here (place writes displacements only) */
static item item_of(sw_tri3 shape, sw_vec3 d)
{
	item it = {shape, d, {{0}, 0, {0, 0}}};
	const float v[9] = {shape.a.x, shape.a.y, shape.a.z, shape.b.x, shape.b.y,
			    shape.b.z, shape.c.x, shape.c.y, shape.c.z};
	for (int k = 0; k < 9; k++)
		it.rec.v[k] = v[k];
	/* the vertices' share of the contract (a +0 displacement passes its own) */
	it.rec.ok = sw_tri3_valid_ref(&shape, (sw_vec3){0, 0, 0}) ? 1.0f : 0.0f;
	return it;
}

SW_TABLE_SET_LIFECYCLE(tri3, spec)

SW_MOVING_SET_CALLS(tri3, sw_tri3, sw_vec3, 3, 9)
