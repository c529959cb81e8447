/* src/set_table.c — the one column allocator every set uses (src/sets.h): a table's columns live in one
 * aligned block from the allocator hook, each column 64-byte aligned and staggered by a cache line
 * modulo 4 KB against the previous one. */
#include <stdint.h>
#include <string.h>

#include "alloc.h"
#include "place.h"
#include "sets.h"

#define LINE 64

/* sw_table_place() reads placements and displacements as packed floats */
_Static_assert(sizeof(sw_pose3) == 7 * sizeof(float) && sizeof(sw_pose2) == 4 * sizeof(float), "pose layout");
_Static_assert(sizeof(sw_vec3) == 3 * sizeof(float) && sizeof(sw_vec2) == 2 * sizeof(float), "vector layout");
#define PAGE 4096

/* column offsets in a block for `capacity` items: column k starts at the first 64-byte boundary past
 * column k − 1 whose offset modulo 4 KB is k cache lines on */
static size_t layout(const sw_table_spec *spec, size_t capacity, size_t *off)
{
	size_t at = 0;
	for (int k = 0; k < spec->ncols; k++) {
		at = (at + LINE - 1) / LINE * LINE;
		size_t want = (size_t)k * LINE % PAGE;
		at += (want + PAGE - at % PAGE) % PAGE;
		off[k] = at;
		at += capacity * spec->bytes[k];
	}
	return at;
}

/* slots [from, to) of every column get the padding item's value: column by column, a 4-byte value
 * as a word (a memcpy of a run-time size per slot costs a call) */
static void pad_range(void *const *col, const sw_table_spec *spec, size_t from, size_t to)
{
	const unsigned char *v = spec->pad;
	for (int k = 0; k < spec->ncols; k++) {
		size_t b = spec->bytes[k];
		unsigned char *c = col[k];
		if (b == 4) {
			uint32_t w, *cw = (uint32_t *)(void *)c;
			memcpy(&w, v, 4);
			for (size_t i = from; i < to; i++)
				cw[i] = w;
		} else {
			for (size_t i = from; i < to; i++)
				memcpy(c + i * b, v, b);
		}
		v += b;
	}
}

sw_error sw_table_reserve(sw_table *t, void **col, const sw_table_spec *spec, size_t capacity)
{
	if (capacity > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	capacity = capacity < SW_SET_PAD ? SW_SET_PAD : (capacity + SW_SET_PAD - 1) / SW_SET_PAD * SW_SET_PAD;
	if (t->mem && t->capacity >= capacity)
		return SW_OK;
	size_t off[SW_TABLE_MAX_COLS], bytes = layout(spec, capacity, off);
	unsigned char *mem = sw_alloc(bytes, LINE);
	if (!mem)
		return SW_ERR_NOMEM;
	void *fresh[SW_TABLE_MAX_COLS];
	for (int k = 0; k < spec->ncols; k++) {
		fresh[k] = mem + off[k];
		if (t->mem)
			memcpy(fresh[k], col[k], t->count * spec->bytes[k]);
	}
	sw_free(t->mem, t->bytes);
	for (int k = 0; k < spec->ncols; k++)
		col[k] = fresh[k];
	t->mem = mem, t->bytes = bytes, t->capacity = capacity;
	pad_range(col, spec, t->count, capacity);
	return SW_OK;
}

sw_error sw_table_append(sw_table *t, void **col, const sw_table_spec *spec, uint32_t *index)
{
	if (t->count >= SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (!t->mem || t->count == t->capacity) {
		sw_error e = sw_table_reserve(t, col, spec, 2 * t->capacity);
		if (e != SW_OK)
			return e;
	}
	*index = (uint32_t)t->count++;
	return SW_OK;
}

void sw_table_item(void *const *col, const sw_table_spec *spec, size_t i, void *item, int read)
{
	unsigned char *v = item;
	for (int k = 0; k < spec->ncols; k++) {
		size_t b = spec->bytes[k];
		unsigned char *slot = (unsigned char *)col[k] + i * b;
		if (b == 4) /* a fixed-size copy the compiler inlines */
			memcpy(read ? v : slot, read ? slot : v, 4);
		else
			memcpy(read ? v : slot, read ? slot : v, b);
		v += b;
	}
}

void sw_table_clear(sw_table *t, void *const *col, const sw_table_spec *spec)
{
	/* slots from the count on hold padding already */
	if (t->mem)
		pad_range(col, spec, 0, t->count);
	t->count = 0;
}

void sw_table_free(sw_table *t, void **col)
{
	sw_free(t->mem, t->bytes);
	memset(t, 0, sizeof *t);
	(void)col;
}

sw_error sw_table_put(sw_table *t, void *const *col, const sw_table_spec *spec, uint32_t index, const void *item)
{
	if (index >= t->count)
		return SW_ERR_ARG;
	sw_table_item(col, spec, index, (void *)item, 0);
	return SW_OK;
}

sw_error sw_table_add(sw_table *t, void **col, const sw_table_spec *spec, const void *item, uint32_t *index)
{
	uint32_t i;
	sw_error e = sw_table_append(t, col, spec, &i);
	if (e != SW_OK)
		return e;
	if (index)
		*index = i;
	return sw_table_put(t, col, spec, i, item);
}

sw_error sw_table_get(const sw_table *t, void *const *col, const sw_table_spec *spec, uint32_t index, void *item)
{
	if (index >= t->count)
		return SW_ERR_ARG;
	sw_table_item(col, spec, index, item, 1);
	return SW_OK;
}

/* columns col[0, K) from slot i on ← K floats per item of src, n items (the caller's AoS placements
 * into the set's columns); one function per K, so the copies are straight-line code */
#define SCATTER(K)                                                                     \
	static void scatter##K(void *const *col, size_t i, const float *src, size_t n) \
	{                                                                              \
		float *d[K];                                                           \
		for (int c = 0; c < K; c++)                                            \
			d[c] = (float *)col[c] + i;                                    \
		for (size_t k = 0; k < n; k++)                                         \
			for (int c = 0; c < K; c++)                                    \
				d[c][k] = src[(size_t)K * k + (size_t)c];              \
	}
SCATTER(2)
SCATTER(3)
SCATTER(4)
SCATTER(7)
#undef SCATTER

void sw_table_scatter(void *const *col, int k, size_t i, const float *src, size_t n)
{
	if (!src) {
		for (int c = 0; c < k; c++)
			memset((float *)col[c] + i, 0, n * sizeof(float));
		return;
	}
	switch (k) {
	case 2: scatter2(col, i, src, n); break;
	case 3: scatter3(col, i, src, n); break;
	case 4: scatter4(col, i, src, n); break;
	case 7: scatter7(col, i, src, n); break;
	default:
		for (size_t j = 0; j < n; j++)
			for (int c = 0; c < k; c++)
				((float *)col[c])[i + j] = src[(size_t)k * j + (size_t)c];
	}
}

sw_error sw_table_place(const sw_table *t, void *const *col, int pose_col, int npose, int disp_col, int ndisp,
			uint32_t first, size_t n, const void *poses, const void *disps)
{
	if ((n && npose && !poses))
		return SW_ERR_NULL;
	if (first > t->count || n > t->count - first)
		return SW_ERR_ARG;
	if (npose)
		sw_table_scatter(col + pose_col, npose, first, poses, n);
	if (ndisp)
		sw_table_scatter(col + disp_col, ndisp, first, disps, n);
	return SW_OK;
}

sw_error sw_table_place_m(const sw_table *t, void *const *col, int pose_col, int disp_col, uint32_t first, size_t n,
			  const sw_vec3 *positions, const float *matrices, sw_mat3_layout layout, const sw_vec3 *disps)
{
	if (n && (!positions || !matrices))
		return SW_ERR_NULL;
	if ((layout != SW_MAT3_COL_MAJOR && layout != SW_MAT3_ROW_MAJOR) || first > t->count || n > t->count - first)
		return SW_ERR_ARG;
	sw_table_scatter(col + pose_col, 3, first, (const float *)(const void *)positions, n);
	sw_mat3_job job = {matrices, layout, n, {NULL, NULL, NULL, NULL}};
	for (int k = 0; k < 4; k++)
		job.q[k] = (float *)col[pose_col + 3 + k] + first;
	sw_quat_cols_from_mat3(&job, sw_active_isa());
	sw_table_scatter(col + disp_col, 3, first, (const float *)(const void *)disps, n);
	return SW_OK;
}

sw_error sw_set_new(void **out, size_t size, size_t table_at, size_t col_at, const sw_table_spec *spec, size_t capacity)
{
	*out = NULL;
	unsigned char *s = sw_alloc(size, LINE);
	if (!s)
		return SW_ERR_NOMEM;
	memset(s, 0, size);
	sw_error e = sw_table_reserve((sw_table *)(s + table_at), (void **)(s + col_at), spec, capacity);
	if (e != SW_OK) {
		sw_free(s, size);
		return e;
	}
	*out = s;
	return SW_OK;
}

void sw_set_delete(void *set, size_t size, size_t table_at, size_t col_at)
{
	unsigned char *s = set;
	sw_table_free((sw_table *)(s + table_at), (void **)(s + col_at));
	sw_free(s, size);
}

sw_error sw_grow(void **array, size_t *cap, size_t used, size_t need, size_t size, size_t align)
{
	if (need <= *cap - used)
		return SW_OK;
	size_t c = *cap ? *cap : 16;
	while (c - used < need) {
		if (c > SIZE_MAX / 2 / size)
			return SW_ERR_NOMEM;
		c *= 2;
	}
	void *fresh = sw_alloc(c * size, align);
	if (!fresh)
		return SW_ERR_NOMEM;
	if (used)
		memcpy(fresh, *array, used * size);
	sw_free(*array, *cap * size);
	*array = fresh;
	*cap = c;
	return SW_OK;
}
