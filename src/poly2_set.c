/* src/poly2_set.c — polygon shapes and placed, moving instances of them (swept/poly2.h): two column
 * tables (src/sets.h). A shape is checked once, when added, and its vertex row padded by repeating
 * vertex 0; instance padding slots use shape 0 at rest, and the shape table's padding is a valid unit
 * box, so shape 0 is always readable. */
#include <string.h>

#include "alloc.h"
#include "sets.h"

#define ROW SW_POLY2_MAX_VERTS

/* an instance: shape id, placement, displacement */
typedef struct inst_item {
	uint32_t shape;
	float px, py, qc, qs, dx, dy;
} inst_item;
static const inst_item inst_pad = {0, 0, 0, 1, 0, 0, 0};
static const sw_table_spec inst_spec = {7, {4, 4, 4, 4, 4, 4, 4}, &inst_pad};

/* a shape: vertex rows x and y, count, ok */
typedef struct shape_item {
	float vx[ROW], vy[ROW];
	uint8_t n, ok;
} shape_item;
static const shape_item shape_pad = {{-1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
				     {-1, -1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
				     4,
				     1};
static const sw_table_spec shape_spec = {4, {4 * ROW, 4 * ROW, 1, 1}, &shape_pad};

sw_error sw_poly2_set_create(size_t capacity, sw_poly2_set **set)
{
	if (!set)
		return SW_ERR_NULL;
	*set = NULL;
	sw_poly2_set *s = sw_alloc(sizeof *s, _Alignof(sw_poly2_set));
	if (!s)
		return SW_ERR_NOMEM;
	memset(s, 0, sizeof *s);
	sw_error e = sw_table_reserve(&s->inst, s->icol, &inst_spec, capacity);
	e = e == SW_OK ? sw_table_reserve(&s->shapes, s->scol, &shape_spec, SW_SET_PAD) : e;
	if (e != SW_OK) {
		sw_poly2_set_destroy(s);
		return e;
	}
	*set = s;
	return SW_OK;
}

void sw_poly2_set_destroy(sw_poly2_set *set)
{
	if (!set)
		return;
	sw_table_free(&set->inst, set->icol);
	sw_table_free(&set->shapes, set->scol);
	sw_free(set, sizeof *set);
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
	}
	it.n = (uint8_t)n;
	it.ok = n && sw_poly2_check(poly) == SW_OK;
	sw_table_item(set->scol, &shape_spec, i, &it, 0);
	*shape = i;
	return SW_OK;
}

sw_error sw_poly2_set_put(sw_poly2_set *set, uint32_t index, uint32_t shape, sw_pose2 pose, sw_vec2 disp)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->inst.count)
		return SW_ERR_ARG;
	inst_item it = {shape, pose.p.x, pose.p.y, pose.q.c, pose.q.s, disp.x, disp.y};
	sw_table_item(set->icol, &inst_spec, index, &it, 0);
	return SW_OK;
}

sw_error sw_poly2_set_add(sw_poly2_set *set, uint32_t shape, sw_pose2 pose, sw_vec2 disp, uint32_t *index)
{
	if (!set)
		return SW_ERR_NULL;
	uint32_t i;
	sw_error e = sw_table_append(&set->inst, set->icol, &inst_spec, &i);
	if (e != SW_OK)
		return e;
	if (index)
		*index = i;
	return sw_poly2_set_put(set, i, shape, pose, disp);
}

sw_error sw_poly2_set_get(const sw_poly2_set *set, uint32_t index, uint32_t *shape, sw_poly2 *poly, sw_pose2 *pose,
			  sw_vec2 *disp)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->inst.count)
		return SW_ERR_ARG;
	inst_item it;
	sw_table_item(set->icol, &inst_spec, index, &it, 1);
	if (shape)
		*shape = it.shape;
	if (pose)
		*pose = (sw_pose2){{it.px, it.py}, {it.qc, it.qs}};
	if (disp)
		*disp = sw_v2(it.dx, it.dy);
	if (poly) {
		memset(poly, 0, sizeof *poly);
		if (it.shape >= set->shapes.count)
			return SW_ERR_ARG;
		uint32_t s = it.shape;
		poly->count = set->n[s];
		for (uint32_t k = 0; k < poly->count; k++)
			poly->v[k] = sw_v2(set->vx[ROW * s + k], set->vy[ROW * s + k]);
	}
	return SW_OK;
}

sw_error sw_poly2_set_place(sw_poly2_set *set, uint32_t first, size_t n, const sw_pose2 *poses, const sw_vec2 *disps)
{
	if (!set || (n && !poses))
		return SW_ERR_NULL;
	if (first > set->inst.count || n > set->inst.count - first)
		return SW_ERR_ARG;
	for (size_t k = 0; k < n; k++) {
		size_t i = first + k;
		sw_vec2 d = disps ? disps[k] : sw_v2(0, 0);
		set->px[i] = poses[k].p.x, set->py[i] = poses[k].p.y;
		set->qc[i] = poses[k].q.c, set->qs[i] = poses[k].q.s;
		set->dx[i] = d.x, set->dy[i] = d.y;
	}
	return SW_OK;
}

void sw_poly2_set_clear(sw_poly2_set *set)
{
	if (set)
		sw_table_clear(&set->inst, set->icol, &inst_spec);
}
