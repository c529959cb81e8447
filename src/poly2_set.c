/* src/poly2_set.c — the SoA set of 2D polygons: per-polygon arrays, a vertex pool with a fixed row
 * of SW_POLY2_MAX_VERTS per polygon whose unused slots repeat vertex 0, and a validity flag computed
 * when a polygon is stored (see swept/soa.h for the layout rules). */
#include "swept/poly2.h"
#include "swept/soa.h"

#include <stdlib.h>
#include <string.h>

#define ROW SW_POLY2_MAX_VERTS

/* the float arrays and their entries per polygon (1 or a whole vertex row) */
static float **farray(sw_poly2_set *s, int k, size_t *per)
{
	float **a[8] = {&s->px, &s->py, &s->qc, &s->qs, &s->dx, &s->dy, &s->vx, &s->vy};
	*per = k >= 6 ? ROW : 1;
	return a[k];
}

static void write_row(sw_poly2_set *s, size_t i, const sw_poly2 *p)
{
	uint32_t n = p->count;
	for (uint32_t k = 0; k < ROW; k++) {
		sw_vec2 v = n ? p->v[k < n ? k : 0] : sw_v2(0, 0);
		s->vx[ROW * i + k] = v.x;
		s->vy[ROW * i + k] = v.y;
	}
	s->n[i] = (uint8_t)n;
	s->ok[i] = sw_poly2_check(p, 1) == SW_POLY2_OK;
}

static void write_slot(sw_poly2_set *s, size_t i, const sw_poly2 *p, sw_xf2 xf, sw_vec2 d)
{
	s->px[i] = xf.p.x, s->py[i] = xf.p.y, s->qc[i] = xf.q.c, s->qs[i] = xf.q.s;
	s->dx[i] = d.x, s->dy[i] = d.y;
	write_row(s, i, p);
}

static void fill_padding(sw_poly2_set *s, size_t from)
{
	sw_poly2 unit = sw_poly2_box(1, 1);
	sw_xf2 id = {{0, 0}, {1, 0}};
	for (size_t i = from; i < s->capacity; i++)
		write_slot(s, i, &unit, id, sw_v2(0, 0));
}

sw_error sw_poly2_set_init(sw_poly2_set *set, size_t capacity)
{
	if (!set)
		return SW_ERR_NULL;
	memset(set, 0, sizeof *set);
	return sw_poly2_set_reserve(set, capacity);
}

sw_error sw_poly2_set_reserve(sw_poly2_set *set, size_t capacity)
{
	if (!set)
		return SW_ERR_NULL;
	if (capacity > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	capacity = capacity < SW_SET_PAD ? SW_SET_PAD : (capacity + SW_SET_PAD - 1) / SW_SET_PAD * SW_SET_PAD;
	if (set->capacity >= capacity && set->px)
		return SW_OK;
	void *fresh[10] = {0};
	int ok = 1;
	for (int k = 0; k < 10; k++) {
		size_t per = k >= 6 && k < 8 ? ROW : 1, elem = k < 8 ? sizeof(float) : 1;
		fresh[k] = aligned_alloc(SW_SET_ALIGN,
					 (capacity * per * elem + SW_SET_ALIGN - 1) / SW_SET_ALIGN * SW_SET_ALIGN);
		ok = ok && fresh[k];
	}
	if (!ok) {
		for (int k = 0; k < 10; k++)
			free(fresh[k]);
		return SW_ERR_NOMEM;
	}
	for (int k = 0; k < 8; k++) {
		size_t per;
		float **a = farray(set, k, &per);
		if (*a)
			memcpy(fresh[k], *a, set->count * per * sizeof(float));
		free(*a);
		*a = fresh[k];
	}
	uint8_t **b[2] = {&set->n, &set->ok};
	for (int k = 0; k < 2; k++) {
		if (*b[k])
			memcpy(fresh[8 + k], *b[k], set->count);
		free(*b[k]);
		*b[k] = fresh[8 + k];
	}
	set->capacity = capacity;
	fill_padding(set, set->count);
	return SW_OK;
}

sw_error sw_poly2_set_put(sw_poly2_set *set, uint32_t index, const sw_poly2 *poly, sw_xf2 xf, sw_vec2 displacement)
{
	if (!set || !poly)
		return SW_ERR_NULL;
	if (index >= set->count || poly->count > SW_POLY2_MAX_VERTS)
		return SW_ERR_ARG;
	write_slot(set, index, poly, xf, displacement);
	return SW_OK;
}

sw_error sw_poly2_set_add(sw_poly2_set *set, const sw_poly2 *poly, sw_xf2 xf, sw_vec2 displacement, uint32_t *index)
{
	if (!set || !poly)
		return SW_ERR_NULL;
	if (poly->count > SW_POLY2_MAX_VERTS)
		return SW_ERR_ARG;
	if (set->count >= SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (set->count >= set->capacity || !set->px) {
		sw_error e = sw_poly2_set_reserve(set, 2 * set->capacity);
		if (e != SW_OK)
			return e;
	}
	uint32_t i = (uint32_t)set->count++;
	if (index)
		*index = i;
	write_slot(set, i, poly, xf, displacement);
	return SW_OK;
}

sw_error sw_poly2_set_get(const sw_poly2_set *set, uint32_t index, sw_poly2 *poly, sw_xf2 *xf, sw_vec2 *displacement)
{
	if (!set)
		return SW_ERR_NULL;
	if (index >= set->count)
		return SW_ERR_ARG;
	/* n is caller-writable memory: a count past the row is refused, never used to read */
	if (set->n[index] > ROW)
		return SW_ERR_ARG;
	if (poly) {
		memset(poly, 0, sizeof *poly);
		poly->count = set->n[index];
		for (uint32_t k = 0; k < poly->count; k++)
			poly->v[k] = sw_v2(set->vx[ROW * index + k], set->vy[ROW * index + k]);
	}
	if (xf)
		*xf = (sw_xf2){{set->px[index], set->py[index]}, {set->qc[index], set->qs[index]}};
	if (displacement)
		*displacement = sw_v2(set->dx[index], set->dy[index]);
	return SW_OK;
}

sw_error sw_poly2_set_recheck(sw_poly2_set *set, uint32_t index)
{
	sw_poly2 p;
	sw_error e = sw_poly2_set_get(set, index, &p, NULL, NULL);
	if (e == SW_OK)
		write_row(set, index, &p);
	else if (e == SW_ERR_ARG && index < set->count)
		set->ok[index] = 0; /* a count out of range: the polygon stays flagged */
	return e;
}

void sw_poly2_set_clear(sw_poly2_set *set)
{
	if (!set || !set->px)
		return;
	set->count = 0;
	fill_padding(set, 0);
}

void sw_poly2_set_free(sw_poly2_set *set)
{
	if (!set)
		return;
	for (int k = 0; k < 8; k++) {
		size_t per;
		float **a = farray(set, k, &per);
		free(*a);
		*a = NULL;
	}
	free(set->n);
	free(set->ok);
	set->n = set->ok = NULL;
	set->count = set->capacity = 0;
}
