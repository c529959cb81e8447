/* src/shape_set.c — the GJK shape sets of swept/gjk.h, 3D and 2D: shapes checked once when added (the
 * input contract of src/contract.h), their vertices copied into a pool as rows padded by repeating
 * vertex 0, and placed, moving instances of them on a column table (src/sets.h). */
#include <stddef.h>
#include <string.h>

#include "alloc.h"
#include "contract.h"
#include "sets.h"

#define POOL_ALIGN 64

/* ---- the pool: one block of vertex rows, grown by doubling ---- */

/* room for `dim` rows of n vertices; their offset goes to *off (SW_ERR_SIZE past 2^32 floats) */
static sw_error pool_rows(float **pool, size_t *used, size_t *cap, uint32_t n, int dim, uint32_t *off)
{
	size_t need = (size_t)dim * sw_row_pad(n);
	if (*used + need > UINT32_MAX)
		return SW_ERR_SIZE;
	void *p = *pool;
	if (sw_grow(&p, cap, *used, need, sizeof(float), POOL_ALIGN) != SW_OK)
		return SW_ERR_NOMEM;
	*pool = p;
	*off = (uint32_t)*used;
	*used += need;
	return SW_OK;
}

/* vertex k of v (dim floats each) into the rows from `row` (stride pad(n)), every slot past n vertex 0 */
static void pool_fill(float *row, const float *v, uint32_t n, int dim)
{
	uint32_t stride = sw_row_pad(n);
	for (int c = 0; c < dim; c++)
		for (uint32_t k = 0; k < stride; k++)
			row[(size_t)c * stride + k] = v[(size_t)(k < n ? k : 0) * (size_t)dim + (size_t)c];
}

/* ---- 3D ---- */

typedef struct inst3 {
	uint32_t shape;
	sw_pose3 pose;
	sw_vec3 d;
} inst3;
static const inst3 inst3_pad = {0, {{0, 0, 0}, {0, 0, 0, 1}}, {0, 0, 0}};
static const sw_table_spec inst3_spec = {11, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, &inst3_pad};
_Static_assert(sizeof(inst3) == 11 * 4, "item layout");

/* a shape row: pool offset, count, type, ok, radius, extent, half extents; padding: a valid unit box */
typedef struct shape3_item {
	uint32_t off, n, type, ok;
	float radius, ext, hx, hy, hz;
} shape3_item;
static const shape3_item shape3_pad = {0, 0, SW_SHAPE_BOX, 1, 0, 0.5f, 0.5f, 0.5f, 0.5f};
static const sw_table_spec shape3_spec = {9, {4, 4, 4, 4, 4, 4, 4, 4, 4}, &shape3_pad};
_Static_assert(sizeof(shape3_item) == 9 * 4, "item layout");
#define AT3 offsetof(sw_shape3_set, inst), offsetof(sw_shape3_set, icol)

sw_error sw_shape3_set_create(size_t capacity, sw_shape3_set **set)
{
	sw_error e = set ? sw_set_new((void **)set, sizeof **set, AT3, &inst3_spec, capacity) : SW_ERR_NULL;
	if (e == SW_OK && (e = sw_table_reserve(&(*set)->shapes, (*set)->scol, &shape3_spec, SW_SET_PAD)) != SW_OK) {
		sw_shape3_set_destroy(*set);
		*set = NULL;
	}
	return e;
}

void sw_shape3_set_destroy(sw_shape3_set *set)
{
	if (!set)
		return;
	sw_free(set->pool, set->pool_capacity * sizeof(float));
	sw_table_free(&set->shapes, set->scol);
	sw_set_delete(set, sizeof *set, AT3);
}

size_t sw_shape3_set_count(const sw_shape3_set *set) { return set ? set->inst.count : 0; }

sw_error sw_shape3_set_add_shape(sw_shape3_set *set, const sw_shape3 *s, uint32_t *shape)
{
	if (!set || !s || !shape)
		return SW_ERR_NULL;
	const float half[3] = {s->half.x, s->half.y, s->half.z};
	float ext = 0;
	int ok = sw_ref_gjk_core_ok(s->type, s->count, (const float *)s->verts, 3, half, s->radius, &ext);
	shape3_item it = {0, 0, SW_SHAPE_BOX, 0, 0, 0, 0, 0, 0};
	if (ok) {
		it = (shape3_item){0, 0, s->type, 1, s->radius, ext, half[0], half[1], half[2]};
		if (s->type == SW_SHAPE_VERTS) {
			sw_error e = pool_rows(&set->pool, &set->pool_used, &set->pool_capacity, s->count, 3, &it.off);
			if (e != SW_OK)
				return e;
			it.n = s->count;
		}
	}
	uint32_t i;
	sw_error e = sw_table_append(&set->shapes, set->scol, &shape3_spec, &i);
	if (e != SW_OK)
		return e;
	if (it.n)
		pool_fill(set->pool + it.off, (const float *)s->verts, it.n, 3);
	sw_table_item(set->scol, &shape3_spec, i, &it, 0);
	*shape = i;
	return SW_OK;
}

sw_error sw_shape3_set_add(sw_shape3_set *set, uint32_t shape, sw_pose3 pose, sw_vec3 disp, uint32_t *index)
{
	const inst3 it = {shape, pose, disp};
	return set ? sw_table_add(&set->inst, set->icol, &inst3_spec, &it, index) : SW_ERR_NULL;
}

sw_error sw_shape3_set_put(sw_shape3_set *set, uint32_t index, uint32_t shape, sw_pose3 pose, sw_vec3 disp)
{
	const inst3 it = {shape, pose, disp};
	return set ? sw_table_put(&set->inst, set->icol, &inst3_spec, index, &it) : SW_ERR_NULL;
}

sw_error sw_shape3_set_get(const sw_shape3_set *set, uint32_t index, uint32_t *shape, sw_pose3 *pose, sw_vec3 *disp)
{
	inst3 it;
	sw_error e = set ? sw_table_get(&set->inst, set->icol, &inst3_spec, index, &it) : SW_ERR_NULL;
	if (e != SW_OK)
		return e;
	if (shape)
		*shape = it.shape;
	if (pose)
		*pose = it.pose;
	if (disp)
		*disp = it.d;
	return SW_OK;
}

sw_error sw_shape3_set_place(sw_shape3_set *set, uint32_t first, size_t n, const sw_pose3 *poses, const sw_vec3 *disps)
{
	return set ? sw_table_place(&set->inst, set->icol, 1, 7, 8, 3, first, n, poses, disps) : SW_ERR_NULL;
}

void sw_shape3_set_clear(sw_shape3_set *set)
{
	if (set)
		sw_table_clear(&set->inst, set->icol, &inst3_spec);
}

/* ---- 2D ---- */

typedef struct inst2 {
	uint32_t shape;
	sw_pose2 pose;
	sw_vec2 d;
} inst2;
static const inst2 inst2_pad = {0, {{0, 0}, {1, 0}}, {0, 0}};
static const sw_table_spec inst2_spec = {7, {4, 4, 4, 4, 4, 4, 4}, &inst2_pad};
_Static_assert(sizeof(inst2) == 7 * 4, "item layout");

typedef struct shape2_item {
	uint32_t off, n, type, ok;
	float radius, ext, hx, hy;
} shape2_item;
static const shape2_item shape2_pad = {0, 0, SW_SHAPE_BOX, 1, 0, 0.5f, 0.5f, 0.5f};
static const sw_table_spec shape2_spec = {8, {4, 4, 4, 4, 4, 4, 4, 4}, &shape2_pad};
_Static_assert(sizeof(shape2_item) == 8 * 4, "item layout");
#define AT2 offsetof(sw_shape2_set, inst), offsetof(sw_shape2_set, icol)

sw_error sw_shape2_set_create(size_t capacity, sw_shape2_set **set)
{
	sw_error e = set ? sw_set_new((void **)set, sizeof **set, AT2, &inst2_spec, capacity) : SW_ERR_NULL;
	if (e == SW_OK && (e = sw_table_reserve(&(*set)->shapes, (*set)->scol, &shape2_spec, SW_SET_PAD)) != SW_OK) {
		sw_shape2_set_destroy(*set);
		*set = NULL;
	}
	return e;
}

void sw_shape2_set_destroy(sw_shape2_set *set)
{
	if (!set)
		return;
	sw_free(set->pool, set->pool_capacity * sizeof(float));
	sw_table_free(&set->shapes, set->scol);
	sw_set_delete(set, sizeof *set, AT2);
}

size_t sw_shape2_set_count(const sw_shape2_set *set) { return set ? set->inst.count : 0; }

sw_error sw_shape2_set_add_shape(sw_shape2_set *set, const sw_shape2 *s, uint32_t *shape)
{
	if (!set || !s || !shape)
		return SW_ERR_NULL;
	const float half[2] = {s->half.x, s->half.y};
	float ext = 0;
	int ok = sw_ref_gjk_core_ok(s->type, s->count, (const float *)s->verts, 2, half, s->radius, &ext);
	shape2_item it = {0, 0, SW_SHAPE_BOX, 0, 0, 0, 0, 0};
	if (ok) {
		it = (shape2_item){0, 0, s->type, 1, s->radius, ext, half[0], half[1]};
		if (s->type == SW_SHAPE_VERTS) {
			sw_error e = pool_rows(&set->pool, &set->pool_used, &set->pool_capacity, s->count, 2, &it.off);
			if (e != SW_OK)
				return e;
			it.n = s->count;
		}
	}
	uint32_t i;
	sw_error e = sw_table_append(&set->shapes, set->scol, &shape2_spec, &i);
	if (e != SW_OK)
		return e;
	if (it.n)
		pool_fill(set->pool + it.off, (const float *)s->verts, it.n, 2);
	sw_table_item(set->scol, &shape2_spec, i, &it, 0);
	*shape = i;
	return SW_OK;
}

sw_error sw_shape2_set_add(sw_shape2_set *set, uint32_t shape, sw_pose2 pose, sw_vec2 disp, uint32_t *index)
{
	const inst2 it = {shape, pose, disp};
	return set ? sw_table_add(&set->inst, set->icol, &inst2_spec, &it, index) : SW_ERR_NULL;
}

sw_error sw_shape2_set_put(sw_shape2_set *set, uint32_t index, uint32_t shape, sw_pose2 pose, sw_vec2 disp)
{
	const inst2 it = {shape, pose, disp};
	return set ? sw_table_put(&set->inst, set->icol, &inst2_spec, index, &it) : SW_ERR_NULL;
}

sw_error sw_shape2_set_get(const sw_shape2_set *set, uint32_t index, uint32_t *shape, sw_pose2 *pose, sw_vec2 *disp)
{
	inst2 it;
	sw_error e = set ? sw_table_get(&set->inst, set->icol, &inst2_spec, index, &it) : SW_ERR_NULL;
	if (e != SW_OK)
		return e;
	if (shape)
		*shape = it.shape;
	if (pose)
		*pose = it.pose;
	if (disp)
		*disp = it.d;
	return SW_OK;
}

sw_error sw_shape2_set_place(sw_shape2_set *set, uint32_t first, size_t n, const sw_pose2 *poses, const sw_vec2 *disps)
{
	return set ? sw_table_place(&set->inst, set->icol, 1, 4, 5, 2, first, n, poses, disps) : SW_ERR_NULL;
}

void sw_shape2_set_clear(sw_shape2_set *set)
{
	if (set)
		sw_table_clear(&set->inst, set->icol, &inst2_spec);
}
