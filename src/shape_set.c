/* src/shape_set.c — the GJK shape sets of swept/gjk.h, 3D and 2D: shapes checked once when added (the
 * input contract of src/contract.h), their vertices copied into a pool as rows padded by repeating
 * vertex 0, and placed, moving instances of them on a column table (src/sets.h). The two differ only in
 * their dimension and types, so one definition makes both. */
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

/* a shape row: pool offset, count, type, ok, radius, extent, half extents (the first D of h); padding: a
 * valid unit box */
typedef struct shape_item {
	uint32_t off, n, type, ok;
	float radius, ext, h[3];
} shape_item;
static const shape_item shape_pad = {0, 0, SW_SHAPE_BOX, 1, 0, 0.5f, {0.5f, 0.5f, 0.5f}};
static const sw_table_spec shape3_spec = {9, {4, 4, 4, 4, 4, 4, 4, 4, 4}, &shape_pad};
static const sw_table_spec shape2_spec = {8, {4, 4, 4, 4, 4, 4, 4, 4}, &shape_pad};
_Static_assert(sizeof(shape_item) == 9 * 4, "item layout");

/* a shape of dimension dim checked (an invalid one is kept, flagged, as a box) and its vertices pooled,
 * as the next row of the shape table; its row index in *shape */
static sw_error add_shape(sw_table *shapes, void **scol, const sw_table_spec *spec, float **pool, size_t *used,
			  size_t *cap, uint32_t type, uint32_t count, const float *verts, int dim, const float *half,
			  float radius, uint32_t *shape)
{
	float ext = 0;
	shape_item it = {0, 0, SW_SHAPE_BOX, 0, 0, 0, {0, 0, 0}};
	if (sw_ref_gjk_core_ok(type, count, verts, dim, half, radius, &ext)) {
		it = (shape_item){0, 0, type, 1, radius, ext, {half[0], half[1], dim == 3 ? half[2] : 0}};
		if (type == SW_SHAPE_VERTS) {
			sw_error e = pool_rows(pool, used, cap, count, dim, &it.off);
			if (e != SW_OK)
				return e;
			it.n = count;
		}
	}
	uint32_t i;
	sw_error e = sw_table_append(shapes, scol, spec, &i);
	if (e != SW_OK)
		return e;
	if (it.n)
		pool_fill(*pool + it.off, verts, it.n, dim);
	sw_table_item(scol, spec, i, &it, 0);
	*shape = i;
	return SW_OK;
}

/* placed instances: shape id, pose, displacement */
typedef struct inst3 {
	uint32_t shape;
	sw_pose3 pose;
	sw_vec3 d;
} inst3;
typedef struct inst2 {
	uint32_t shape;
	sw_pose2 pose;
	sw_vec2 d;
} inst2;
static const inst3 inst3_pad = {0, {{0, 0, 0}, {0, 0, 0, 1}}, {0, 0, 0}};
static const inst2 inst2_pad = {0, {{0, 0}, {1, 0}}, {0, 0}};
static const sw_table_spec inst3_spec = {11, {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, &inst3_pad};
static const sw_table_spec inst2_spec = {7, {4, 4, 4, 4, 4, 4, 4}, &inst2_pad};
_Static_assert(sizeof(inst3) == 11 * 4 && sizeof(inst2) == 7 * 4, "item layout");

/* the calls of the shape set of dimension D: poses POSE of P floats, vectors VEC */
#define SHAPE_SET(D, POSE, P, VEC)                                                                                     \
	sw_error sw_shape##D##_set_create(size_t capacity, sw_shape##D##_set **set)                                    \
	{                                                                                                              \
		sw_error e = set ? sw_set_new((void **)set, sizeof **set, offsetof(sw_shape##D##_set, inst),           \
					      offsetof(sw_shape##D##_set, icol), &inst##D##_spec, capacity)            \
				 : SW_ERR_NULL;                                                                        \
		if (e == SW_OK &&                                                                                      \
		    (e = sw_table_reserve(&(*set)->shapes, (*set)->scol, &shape##D##_spec, SW_SET_PAD)) != SW_OK) {    \
			sw_shape##D##_set_destroy(*set);                                                               \
			*set = NULL;                                                                                   \
		}                                                                                                      \
		return e;                                                                                              \
	}                                                                                                              \
	void sw_shape##D##_set_destroy(sw_shape##D##_set *set)                                                         \
	{                                                                                                              \
		if (!set)                                                                                              \
			return;                                                                                        \
		sw_free(set->pool, set->pool_capacity * sizeof(float));                                                \
		sw_table_free(&set->shapes, set->scol);                                                                \
		sw_set_delete(set, sizeof *set, offsetof(sw_shape##D##_set, inst), offsetof(sw_shape##D##_set, icol)); \
	}                                                                                                              \
	size_t sw_shape##D##_set_count(const sw_shape##D##_set *set) { return set ? set->inst.count : 0; }             \
	sw_error sw_shape##D##_set_add_shape(sw_shape##D##_set *set, const sw_shape##D *s, uint32_t *shape)            \
	{                                                                                                              \
		if (!set || !s || !shape)                                                                              \
			return SW_ERR_NULL;                                                                            \
		return add_shape(&set->shapes, set->scol, &shape##D##_spec, &set->pool, &set->pool_used,               \
				 &set->pool_capacity, s->type, s->count, (const float *)s->verts, D, &s->half.x,       \
				 s->radius, shape);                                                                    \
	}                                                                                                              \
	sw_error sw_shape##D##_set_add(sw_shape##D##_set *set, uint32_t shape, POSE pose, VEC disp, uint32_t *index)   \
	{                                                                                                              \
		const inst##D it = {shape, pose, disp};                                                                \
		return set ? sw_table_add(&set->inst, set->icol, &inst##D##_spec, &it, index) : SW_ERR_NULL;           \
	}                                                                                                              \
	sw_error sw_shape##D##_set_put(sw_shape##D##_set *set, uint32_t index, uint32_t shape, POSE pose, VEC disp)    \
	{                                                                                                              \
		const inst##D it = {shape, pose, disp};                                                                \
		return set ? sw_table_put(&set->inst, set->icol, &inst##D##_spec, index, &it) : SW_ERR_NULL;           \
	}                                                                                                              \
	sw_error sw_shape##D##_set_get(const sw_shape##D##_set *set, uint32_t index, uint32_t *shape, POSE *pose,      \
				       VEC *disp)                                                                      \
	{                                                                                                              \
		inst##D it;                                                                                            \
		sw_error e = set ? sw_table_get(&set->inst, set->icol, &inst##D##_spec, index, &it) : SW_ERR_NULL;     \
		if (e == SW_OK && shape)                                                                               \
			*shape = it.shape;                                                                             \
		if (e == SW_OK && pose)                                                                                \
			*pose = it.pose;                                                                               \
		if (e == SW_OK && disp)                                                                                \
			*disp = it.d;                                                                                  \
		return e;                                                                                              \
	}                                                                                                              \
	sw_error sw_shape##D##_set_place(sw_shape##D##_set *set, uint32_t first, size_t n, const POSE *poses,          \
					 const VEC *disps)                                                             \
	{                                                                                                              \
		return set ? sw_table_place(&set->inst, set->icol, 1, P, P + 1, D, first, n, poses, disps)             \
			   : SW_ERR_NULL;                                                                              \
	}                                                                                                              \
	void sw_shape##D##_set_clear(sw_shape##D##_set *set)                                                           \
	{                                                                                                              \
		if (set)                                                                                               \
			sw_table_clear(&set->inst, set->icol, &inst##D##_spec);                                        \
	}

SHAPE_SET(3, sw_pose3, 7, sw_vec3)
SHAPE_SET(2, sw_pose2, 4, sw_vec2)
