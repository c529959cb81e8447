/* src/soa.c — the SoA box and triangle sets: aligned arrays, capacity in multiples of SW_SET_PAD, padding slots
 * holding a valid shape (unit box, unit right triangle) so kernels can read whole lanes past `count`. */
#include "swept/soa.h"

#include <stdlib.h>
#include <string.h>

#define OBB3_ARRAYS 13

/* the set's arrays in the order of sw_obb3's floats, then the displacement */
static float **arrays(sw_obb3_set *s, int k)
{
	float **a[OBB3_ARRAYS] = {&s->cx, &s->cy, &s->cz, &s->qx, &s->qy, &s->qz, &s->qw,
				  &s->hx, &s->hy, &s->hz, &s->dx, &s->dy, &s->dz};
	return a[k];
}

/* value of array k in a padding slot: identity orientation, unit half extents, zero elsewhere */
static float pad_value(int k) { return k == 6 || (k >= 7 && k < 10) ? 1.0f : 0.0f; }

static void fill_padding(sw_obb3_set *s, size_t from)
{
	for (int k = 0; k < OBB3_ARRAYS; k++) {
		float *a = *arrays(s, k), v = pad_value(k);
		for (size_t i = from; i < s->capacity; i++)
			a[i] = v;
	}
}

sw_error sw_obb3_set_init(sw_obb3_set *set, size_t capacity)
{
	if (!set)
		return SW_ERR_NULL;
	memset(set, 0, sizeof *set);
	return sw_obb3_set_reserve(set, capacity);
}

sw_error sw_obb3_set_reserve(sw_obb3_set *set, size_t capacity)
{
	if (!set)
		return SW_ERR_NULL;
	if (capacity > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (capacity < SW_SET_PAD)
		capacity = SW_SET_PAD;
	capacity = (capacity + SW_SET_PAD - 1) / SW_SET_PAD * SW_SET_PAD;
	if (set->capacity >= capacity && set->cx)
		return SW_OK;
	float *fresh[OBB3_ARRAYS];
	for (int k = 0; k < OBB3_ARRAYS; k++) {
		fresh[k] = aligned_alloc(SW_SET_ALIGN, capacity * sizeof(float));
		if (!fresh[k]) {
			while (k--)
				free(fresh[k]);
			return SW_ERR_NOMEM;
		}
	}
	for (int k = 0; k < OBB3_ARRAYS; k++) {
		float **a = arrays(set, k);
		if (*a)
			memcpy(fresh[k], *a, set->count * sizeof(float));
		free(*a);
		*a = fresh[k];
	}
	set->capacity = capacity;
	fill_padding(set, set->count);
	return SW_OK;
}

sw_error sw_obb3_set_put(sw_obb3_set *set, uint32_t index, const sw_obb3 *box, sw_vec3 displacement)
{
	if (!set || !box)
		return SW_ERR_NULL;
	if (index >= set->count)
		return SW_ERR_ARG;
	const float *f = &box->center.x; /* 10 packed floats: centre, quaternion, half */
	const float d[3] = {displacement.x, displacement.y, displacement.z};
	for (int k = 0; k < 10; k++)
		(*arrays(set, k))[index] = f[k];
	for (int k = 0; k < 3; k++)
		(*arrays(set, 10 + k))[index] = d[k];
	return SW_OK;
}

sw_error sw_obb3_set_add(sw_obb3_set *set, const sw_obb3 *box, sw_vec3 displacement, uint32_t *index)
{
	if (!set || !box)
		return SW_ERR_NULL;
	if (set->count >= SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (set->count >= set->capacity || !set->cx) {
		sw_error e = sw_obb3_set_reserve(set, set->capacity < SW_SET_PAD ? SW_SET_PAD : 2 * set->capacity);
		if (e != SW_OK)
			return e;
	}
	uint32_t i = (uint32_t)set->count++;
	if (index)
		*index = i;
	return sw_obb3_set_put(set, i, box, displacement);
}

sw_error sw_obb3_set_get(const sw_obb3_set *set, uint32_t index, sw_obb3 *box, sw_vec3 *displacement)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->count)
		return SW_ERR_ARG;
	sw_obb3_set *s = (sw_obb3_set *)set;
	if (box) {
		float *f = &box->center.x;
		for (int k = 0; k < 10; k++)
			f[k] = (*arrays(s, k))[index];
	}
	if (displacement)
		*displacement = sw_v3(s->dx[index], s->dy[index], s->dz[index]);
	return SW_OK;
}

void sw_obb3_set_clear(sw_obb3_set *set)
{
	if (!set || !set->cx)
		return;
	set->count = 0;
	fill_padding(set, 0);
}

void sw_obb3_set_free(sw_obb3_set *set)
{
	if (!set)
		return;
	for (int k = 0; k < OBB3_ARRAYS; k++) {
		float **a = arrays(set, k);
		free(*a);
		*a = NULL;
	}
	set->count = set->capacity = 0;
}

/* ---- the SoA triangle set: same layout rules; padding slots hold the triangle (0,0,0), (1,0,0),
 * (0,1,0), which is valid (not degenerate) and does not move ---- */

#define TRI3_ARRAYS 12

/* the set's arrays in the order of sw_tri3's floats (a, b, c), then the displacement */
static float **tri_arrays(sw_tri3_set *s, int k)
{
	float **a[TRI3_ARRAYS] = {&s->ax, &s->ay, &s->az, &s->bx, &s->by, &s->bz,
				  &s->cx, &s->cy, &s->cz, &s->dx, &s->dy, &s->dz};
	return a[k];
}

/* value of array k in a padding slot: b.x = c.y = 1, zero elsewhere */
static float tri_pad_value(int k) { return k == 3 || k == 7 ? 1.0f : 0.0f; }

static void tri_fill_padding(sw_tri3_set *s, size_t from)
{
	for (int k = 0; k < TRI3_ARRAYS; k++) {
		float *a = *tri_arrays(s, k), v = tri_pad_value(k);
		for (size_t i = from; i < s->capacity; i++)
			a[i] = v;
	}
}

sw_error sw_tri3_set_init(sw_tri3_set *set, size_t capacity)
{
	if (!set)
		return SW_ERR_NULL;
	memset(set, 0, sizeof *set);
	return sw_tri3_set_reserve(set, capacity);
}

sw_error sw_tri3_set_reserve(sw_tri3_set *set, size_t capacity)
{
	if (!set)
		return SW_ERR_NULL;
	if (capacity > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (capacity < SW_SET_PAD)
		capacity = SW_SET_PAD;
	capacity = (capacity + SW_SET_PAD - 1) / SW_SET_PAD * SW_SET_PAD;
	if (set->capacity >= capacity && set->ax)
		return SW_OK;
	float *fresh[TRI3_ARRAYS];
	for (int k = 0; k < TRI3_ARRAYS; k++) {
		fresh[k] = aligned_alloc(SW_SET_ALIGN, capacity * sizeof(float));
		if (!fresh[k]) {
			while (k--)
				free(fresh[k]);
			return SW_ERR_NOMEM;
		}
	}
	for (int k = 0; k < TRI3_ARRAYS; k++) {
		float **a = tri_arrays(set, k);
		if (*a)
			memcpy(fresh[k], *a, set->count * sizeof(float));
		free(*a);
		*a = fresh[k];
	}
	set->capacity = capacity;
	tri_fill_padding(set, set->count);
	return SW_OK;
}

sw_error sw_tri3_set_put(sw_tri3_set *set, uint32_t index, const sw_tri3 *tri, sw_vec3 displacement)
{
	if (!set || !tri)
		return SW_ERR_NULL;
	if (index >= set->count)
		return SW_ERR_ARG;
	const float v[9] = {tri->a.x, tri->a.y, tri->a.z, tri->b.x, tri->b.y, tri->b.z, tri->c.x, tri->c.y, tri->c.z};
	const float d[3] = {displacement.x, displacement.y, displacement.z};
	for (int k = 0; k < 9; k++)
		(*tri_arrays(set, k))[index] = v[k];
	for (int k = 0; k < 3; k++)
		(*tri_arrays(set, 9 + k))[index] = d[k];
	return SW_OK;
}

sw_error sw_tri3_set_add(sw_tri3_set *set, const sw_tri3 *tri, sw_vec3 displacement, uint32_t *index)
{
	if (!set || !tri)
		return SW_ERR_NULL;
	if (set->count >= SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (set->count >= set->capacity || !set->ax) {
		sw_error e = sw_tri3_set_reserve(set, set->capacity < SW_SET_PAD ? SW_SET_PAD : 2 * set->capacity);
		if (e != SW_OK)
			return e;
	}
	uint32_t i = (uint32_t)set->count++;
	if (index)
		*index = i;
	return sw_tri3_set_put(set, i, tri, displacement);
}

sw_error sw_tri3_set_get(const sw_tri3_set *set, uint32_t index, sw_tri3 *tri, sw_vec3 *displacement)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->count)
		return SW_ERR_ARG;
	const sw_tri3_set *s = set;
	if (tri) {
		tri->a = sw_v3(s->ax[index], s->ay[index], s->az[index]);
		tri->b = sw_v3(s->bx[index], s->by[index], s->bz[index]);
		tri->c = sw_v3(s->cx[index], s->cy[index], s->cz[index]);
	}
	if (displacement)
		*displacement = sw_v3(s->dx[index], s->dy[index], s->dz[index]);
	return SW_OK;
}

void sw_tri3_set_clear(sw_tri3_set *set)
{
	if (!set || !set->ax)
		return;
	set->count = 0;
	tri_fill_padding(set, 0);
}

void sw_tri3_set_free(sw_tri3_set *set)
{
	if (!set)
		return;
	for (int k = 0; k < TRI3_ARRAYS; k++) {
		float **a = tri_arrays(set, k);
		free(*a);
		*a = NULL;
	}
	set->count = set->capacity = 0;
}
