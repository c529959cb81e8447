/* src/soa.c — the SoA box and triangle sets: aligned float arrays, capacity in multiples of
 * SW_SET_PAD, padding slots holding a valid shape (unit box, unit right triangle) so kernels can read
 * whole lanes past `count`. Both sets are a list of float arrays, one per scalar of the shape and its
 * displacement; the generic part below works on that list. */
#include "swept/soa.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ARRAYS 16

/* a set seen as its arrays, the value each holds in a padding slot, and its count and capacity */
typedef struct soa_view {
	float **arr[MAX_ARRAYS];
	const float *pad;
	int n;
	size_t *count, *capacity;
} soa_view;

static void soa_fill(const soa_view *v, size_t from)
{
	for (int k = 0; k < v->n; k++)
		for (size_t i = from; i < *v->capacity; i++)
			(*v->arr[k])[i] = v->pad[k];
}

static sw_error soa_reserve(const soa_view *v, size_t capacity)
{
	if (capacity > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	capacity = capacity < SW_SET_PAD ? SW_SET_PAD : (capacity + SW_SET_PAD - 1) / SW_SET_PAD * SW_SET_PAD;
	if (*v->capacity >= capacity && *v->arr[0])
		return SW_OK;
	float *fresh[MAX_ARRAYS];
	for (int k = 0; k < v->n; k++) {
		fresh[k] = aligned_alloc(SW_SET_ALIGN, capacity * sizeof(float));
		if (!fresh[k]) {
			while (k--)
				free(fresh[k]);
			return SW_ERR_NOMEM;
		}
	}
	for (int k = 0; k < v->n; k++) {
		if (*v->arr[k])
			memcpy(fresh[k], *v->arr[k], *v->count * sizeof(float));
		free(*v->arr[k]);
		*v->arr[k] = fresh[k];
	}
	*v->capacity = capacity;
	soa_fill(v, *v->count);
	return SW_OK;
}

/* room for one more shape; returns its index in *index */
static sw_error soa_append(const soa_view *v, uint32_t *index)
{
	if (*v->count >= SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (*v->count >= *v->capacity || !*v->arr[0]) {
		sw_error e = soa_reserve(v, *v->capacity < SW_SET_PAD ? SW_SET_PAD : 2 * *v->capacity);
		if (e != SW_OK)
			return e;
	}
	*index = (uint32_t)(*v->count)++;
	return SW_OK;
}

/* writes (or, with `read`, reads) the n values of shape i */
static void soa_copy(const soa_view *v, size_t i, float *vals, int read)
{
	for (int k = 0; k < v->n; k++) {
		if (read)
			vals[k] = (*v->arr[k])[i];
		else
			(*v->arr[k])[i] = vals[k];
	}
}

static void soa_clear(const soa_view *v)
{
	if (!*v->arr[0])
		return;
	*v->count = 0;
	soa_fill(v, 0);
}

static void soa_free(const soa_view *v)
{
	for (int k = 0; k < v->n; k++) {
		free(*v->arr[k]);
		*v->arr[k] = NULL;
	}
	*v->count = *v->capacity = 0;
}

/* ---- oriented boxes: the 10 floats of sw_obb3 (centre, quaternion, half extents), then the
 * displacement; padding: identity orientation, unit half extents, at rest at the origin ---- */

static const float obb3_pad[13] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0};

static soa_view obb3_view(sw_obb3_set *s)
{
	soa_view v = {{&s->cx, &s->cy, &s->cz, &s->qx, &s->qy, &s->qz, &s->qw, &s->hx, &s->hy, &s->hz, &s->dx, &s->dy,
		       &s->dz},
		      obb3_pad,
		      13,
		      &s->count,
		      &s->capacity};
	return v;
}

static void obb3_pack(const sw_obb3 *box, sw_vec3 d, float vals[13])
{
	memcpy(vals, &box->center.x, 10 * sizeof(float)); /* sw_obb3 is 10 packed floats */
	vals[10] = d.x, vals[11] = d.y, vals[12] = d.z;
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
	soa_view v = obb3_view(set);
	return soa_reserve(&v, capacity);
}

sw_error sw_obb3_set_put(sw_obb3_set *set, uint32_t index, const sw_obb3 *box, sw_vec3 displacement)
{
	if (!set || !box)
		return SW_ERR_NULL;
	if (index >= set->count)
		return SW_ERR_ARG;
	float vals[13];
	obb3_pack(box, displacement, vals);
	soa_view v = obb3_view(set);
	soa_copy(&v, index, vals, 0);
	return SW_OK;
}

sw_error sw_obb3_set_add(sw_obb3_set *set, const sw_obb3 *box, sw_vec3 displacement, uint32_t *index)
{
	if (!set || !box)
		return SW_ERR_NULL;
	soa_view v = obb3_view(set);
	uint32_t i;
	sw_error e = soa_append(&v, &i);
	if (e != SW_OK)
		return e;
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
	float vals[13];
	soa_view v = obb3_view((sw_obb3_set *)set);
	soa_copy(&v, index, vals, 1);
	if (box)
		memcpy(&box->center.x, vals, 10 * sizeof(float));
	if (displacement)
		*displacement = sw_v3(vals[10], vals[11], vals[12]);
	return SW_OK;
}

void sw_obb3_set_clear(sw_obb3_set *set)
{
	if (!set)
		return;
	soa_view v = obb3_view(set);
	soa_clear(&v);
}

void sw_obb3_set_free(sw_obb3_set *set)
{
	if (!set)
		return;
	soa_view v = obb3_view(set);
	soa_free(&v);
}

/* ---- triangles: vertices a, b, c, then the displacement; padding: the triangle (0,0,0), (1,0,0),
 * (0,1,0), which is valid (not degenerate) and does not move ---- */

static const float tri3_pad[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0};

static soa_view tri3_view(sw_tri3_set *s)
{
	soa_view v = {{&s->ax, &s->ay, &s->az, &s->bx, &s->by, &s->bz, &s->cx, &s->cy, &s->cz, &s->dx, &s->dy, &s->dz},
		      tri3_pad,
		      12,
		      &s->count,
		      &s->capacity};
	return v;
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
	soa_view v = tri3_view(set);
	return soa_reserve(&v, capacity);
}

sw_error sw_tri3_set_put(sw_tri3_set *set, uint32_t index, const sw_tri3 *tri, sw_vec3 displacement)
{
	if (!set || !tri)
		return SW_ERR_NULL;
	if (index >= set->count)
		return SW_ERR_ARG;
	float vals[12] = {tri->a.x, tri->a.y, tri->a.z, tri->b.x,       tri->b.y,       tri->b.z,
			  tri->c.x, tri->c.y, tri->c.z, displacement.x, displacement.y, displacement.z};
	soa_view v = tri3_view(set);
	soa_copy(&v, index, vals, 0);
	return SW_OK;
}

sw_error sw_tri3_set_add(sw_tri3_set *set, const sw_tri3 *tri, sw_vec3 displacement, uint32_t *index)
{
	if (!set || !tri)
		return SW_ERR_NULL;
	soa_view v = tri3_view(set);
	uint32_t i;
	sw_error e = soa_append(&v, &i);
	if (e != SW_OK)
		return e;
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
	float f[12];
	soa_view v = tri3_view((sw_tri3_set *)set);
	soa_copy(&v, index, f, 1);
	if (tri)
		*tri = (sw_tri3){{f[0], f[1], f[2]}, {f[3], f[4], f[5]}, {f[6], f[7], f[8]}};
	if (displacement)
		*displacement = sw_v3(f[9], f[10], f[11]);
	return SW_OK;
}

void sw_tri3_set_clear(sw_tri3_set *set)
{
	if (!set)
		return;
	soa_view v = tri3_view(set);
	soa_clear(&v);
}

void sw_tri3_set_free(sw_tri3_set *set)
{
	if (!set)
		return;
	soa_view v = tri3_view(set);
	soa_free(&v);
}
