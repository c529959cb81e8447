/* src/poly2_set.c — polygon shapes and placed, moving instances of them (swept/poly2.h): two column
 * tables (src/sets.h). A shape is checked once, when added, and its vertex row padded by repeating
 * vertex 0; instance padding slots use shape 0 at rest, and the shape table's padding is a valid unit
 * box, so shape 0 is always readable. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "sets.h"

#define ROW SW_POLY2_MAX_VERTS

/* an instance: shape id, placement, displacement */
typedef struct inst_item {
	uint32_t shape;
	sw_pose2 pose;
	sw_vec2 d;
} inst_item;
static const inst_item inst_pad = {0, {{0, 0}, {1, 0}}, {0, 0}};
static const sw_table_spec inst_spec = {7, {4, 4, 4, 4, 4, 4, 4}, &inst_pad};
_Static_assert(sizeof(inst_item) == 7 * 4, "item layout");
#define AT offsetof(sw_poly2_set, inst), offsetof(sw_poly2_set, icol)

/* a shape: vertex rows x and y, the rows interleaved by eights, the extent, count, ok */
typedef struct shape_item {
	float vx[ROW], vy[ROW], xy[2 * ROW], ext;
	uint8_t n, ok;
} shape_item;
static const shape_item shape_pad = {{-1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
				     {-1, -1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
				     {-1, 1,  1,  -1, -1, -1, -1, -1, -1, -1, 1,  1,  -1, -1, -1, -1,
				      -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
				     1,
				     4,
				     1};
static const sw_table_spec shape_spec = {6, {4 * ROW, 4 * ROW, 8 * ROW, 4, 1, 1}, &shape_pad};
_Static_assert(offsetof(shape_item, n) == 4 * (4 * ROW + 1), "item layout");
_Static_assert(ROW % 8 == 0, "rows interleaved by eights");

sw_error sw_poly2_set_create(size_t capacity, sw_poly2_set **set)
{
	sw_error e = set ? sw_set_new((void **)set, sizeof **set, AT, &inst_spec, capacity) : SW_ERR_NULL;
	if (e == SW_OK && (e = sw_table_reserve(&(*set)->shapes, (*set)->scol, &shape_spec, SW_SET_PAD)) != SW_OK) {
		sw_poly2_set_destroy(*set);
		*set = NULL;
	}
	return e;
}

void sw_poly2_set_destroy(sw_poly2_set *set)
{
	if (!set)
		return;
	sw_table_free(&set->shapes, set->scol);
	sw_set_delete(set, sizeof *set, AT);
}

size_t sw_poly2_set_count(const sw_poly2_set *set) { return set ? set->inst.count : 0; }

sw_error sw_poly2_set_add_shape(sw_poly2_set *set, const sw_poly2 *poly, uint32_t *shape)
{
	if (!set || !poly || !shape)
		return SW_ERR_NULL;
	uint32_t i;
	sw_error e = sw_table_append(&set->shapes, set->scol, &shape_spec, &i);
	if (e != SW_OK)
		return e;
	/* a count past the row is stored as an empty, flagged shape */
	uint32_t n = poly->count <= ROW ? poly->count : 0;
	shape_item it;
	memset(&it, 0, sizeof it);
	for (uint32_t k = 0; k < ROW; k++) {
		sw_vec2 v = n ? poly->v[k < n ? k : 0] : sw_v2(0, 0);
		it.vx[k] = v.x, it.vy[k] = v.y;
		it.xy[k / 8 * 16 + k % 8] = v.x, it.xy[k / 8 * 16 + 8 + k % 8] = v.y;
	}
	/* as ref/poly2_axes.c ext_of: max is exact, so any order gives the same extent */
	for (uint32_t k = 0; k < n; k++) {
		float x = fabsf(it.vx[k]), y = fabsf(it.vy[k]);
		it.ext = it.ext > x ? it.ext : x;
		it.ext = it.ext > y ? it.ext : y;
	}
	it.n = (uint8_t)n;
	it.ok = n && sw_poly2_check(poly) == SW_OK;
	sw_table_item(set->scol, &shape_spec, i, &it, 0);
	*shape = i;
	return SW_OK;
}

sw_error sw_poly2_set_put(sw_poly2_set *set, uint32_t index, uint32_t shape, sw_pose2 pose, sw_vec2 disp)
{
	const inst_item it = {shape, pose, disp};
	return set ? sw_table_put(&set->inst, set->icol, &inst_spec, index, &it) : SW_ERR_NULL;
}

sw_error sw_poly2_set_add(sw_poly2_set *set, uint32_t shape, sw_pose2 pose, sw_vec2 disp, uint32_t *index)
{
	const inst_item it = {shape, pose, disp};
	return set ? sw_table_add(&set->inst, set->icol, &inst_spec, &it, index) : SW_ERR_NULL;
}

sw_error sw_poly2_set_get(const sw_poly2_set *set, uint32_t index, uint32_t *shape, sw_poly2 *poly, sw_pose2 *pose,
			  sw_vec2 *disp)
{
	inst_item it;
	sw_error e = set ? sw_table_get(&set->inst, set->icol, &inst_spec, index, &it) : SW_ERR_NULL;
	if (e != SW_OK)
		return e;
	if (poly && it.shape >= set->shapes.count)
		return SW_ERR_ARG; /* nothing written */
	if (shape)
		*shape = it.shape;
	if (pose)
		*pose = it.pose;
	if (disp)
		*disp = it.d;
	if (poly) {
		memset(poly, 0, sizeof *poly);
		uint32_t s = it.shape;
		poly->count = set->n[s];
		for (uint32_t k = 0; k < poly->count; k++)
			poly->v[k] = sw_v2(set->vx[ROW * s + k], set->vy[ROW * s + k]);
	}
	return SW_OK;
}

sw_error sw_poly2_set_place(sw_poly2_set *set, uint32_t first, size_t n, const sw_pose2 *poses, const sw_vec2 *disps)
{
	return set ? sw_table_place(&set->inst, set->icol, 1, 4, 5, 2, first, n, poses, disps) : SW_ERR_NULL;
}

sw_error sw_poly2_set_columns(sw_poly2_set *set, sw_place2_cols *cols)
{
	if (!set || !cols)
		return SW_ERR_NULL;
	*cols = (sw_place2_cols){set->px, set->py, set->qc, set->qs, set->dx, set->dy};
	return SW_OK;
}

void sw_poly2_set_clear(sw_poly2_set *set)
{
	if (set)
		sw_table_clear(&set->inst, set->icol, &inst_spec);
}
