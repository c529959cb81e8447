/* tests/test_soa.c — the box and triangle sets keep their layout promises: alignment, padded
 * capacity, valid shapes in the padding, data kept across growth, bounds-checked access. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "scenes.h"

static void check_layout(const sw_obb3_set *s)
{
	const float *arr[] = {s->cx, s->cy, s->cz, s->qx, s->qy, s->qz, s->qw,
			      s->hx, s->hy, s->hz, s->dx, s->dy, s->dz};
	for (size_t k = 0; k < sizeof arr / sizeof arr[0]; k++)
		cr_expect_eq((uintptr_t)arr[k] % SW_SET_ALIGN, 0, "array %zu misaligned", k);
	cr_expect_eq(s->capacity % SW_SET_PAD, 0);
	cr_expect_geq(s->capacity, SW_SET_PAD);
	for (size_t i = s->count; i < s->capacity; i++) {
		cr_expect_eq(s->hx[i], 1.0f);
		cr_expect_eq(s->qx[i], 0.0f);
		cr_expect_eq(s->qw[i], 1.0f);
		cr_expect_eq(s->dx[i], 0.0f);
	}
}

Test(soa, init_rounds_capacity_and_pads)
{
	sw_obb3_set s;
	cr_assert_eq(sw_obb3_set_init(&s, 5), SW_OK);
	cr_expect_eq(s.capacity, 16);
	cr_expect_eq(s.count, 0);
	check_layout(&s);
	sw_obb3_set_free(&s);
	cr_expect_null(s.cx);
	sw_obb3_set_free(&s); /* freeing twice is harmless */
}

Test(soa, add_grows_and_keeps_data)
{
	sw_obb3_set s;
	cr_assert_eq(sw_obb3_set_init(&s, 0), SW_OK);
	sc_rng r = sc_rng_seed(5);
	sc_obb3_params p = sc_obb3_defaults();
	sw_obb3 boxes[100];
	sw_vec3 disp[100];
	for (uint32_t i = 0; i < 100; i++) {
		uint32_t idx = 999;
		sc_obb3(&r, &p, &boxes[i], &disp[i]);
		cr_assert_eq(sw_obb3_set_add(&s, &boxes[i], disp[i], &idx), SW_OK);
		cr_expect_eq(idx, i);
	}
	check_layout(&s);
	for (uint32_t i = 0; i < 100; i++) {
		sw_obb3 b;
		sw_vec3 d;
		cr_assert_eq(sw_obb3_set_get(&s, i, &b, &d), SW_OK);
		cr_expect_arr_eq(&b, &boxes[i], sizeof b);
		cr_expect_arr_eq(&d, &disp[i], sizeof d);
		cr_expect_eq(s.qz[i], boxes[i].rot.z);
	}
	sw_obb3 b;
	cr_expect_eq(sw_obb3_set_get(&s, 100, &b, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_obb3_set_put(&s, 100, &b, sw_v3(0, 0, 0)), SW_ERR_ARG);
	sw_obb3_set_clear(&s);
	cr_expect_eq(s.count, 0);
	check_layout(&s);
	sw_obb3_set_free(&s);
}

Test(soa, null_arguments)
{
	sw_obb3 b = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	cr_expect_eq(sw_obb3_set_init(NULL, 4), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_add(NULL, &b, sw_v3(0, 0, 0), NULL), SW_ERR_NULL);
	sw_obb3_set s;
	cr_assert_eq(sw_obb3_set_init(&s, 4), SW_OK);
	cr_expect_eq(sw_obb3_set_add(&s, NULL, sw_v3(0, 0, 0), NULL), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_reserve(&s, SW_MAX_BATCH + 1), SW_ERR_SIZE);
	sw_obb3_set_free(&s);
}

/* the triangle set keeps the same promises; its padding triangle (0,0,0), (1,0,0), (0,1,0) is valid */
static void check_tri_layout(const sw_tri3_set *s)
{
	const float *arr[] = {s->ax, s->ay, s->az, s->bx, s->by, s->bz, s->cx, s->cy, s->cz, s->dx, s->dy, s->dz};
	for (size_t k = 0; k < sizeof arr / sizeof arr[0]; k++)
		cr_expect_eq((uintptr_t)arr[k] % SW_SET_ALIGN, 0, "array %zu misaligned", k);
	cr_expect_eq(s->capacity % SW_SET_PAD, 0);
	cr_expect_geq(s->capacity, SW_SET_PAD);
	for (size_t i = s->count; i < s->capacity; i++)
		cr_expect(s->ax[i] == 0 && s->bx[i] == 1 && s->cy[i] == 1 && s->by[i] == 0 && s->dz[i] == 0);
}

Test(soa, tri3_set)
{
	sw_tri3_set s;
	cr_assert_eq(sw_tri3_set_init(&s, 5), SW_OK);
	cr_expect_eq(s.capacity, 16);
	check_tri_layout(&s);
	sc_rng r = sc_rng_seed(6);
	sc_tri3_params p = sc_tri3_defaults();
	sw_tri3 kept[40];
	sw_vec3 kd[40];
	for (uint32_t i = 0; i < 40; i++) {
		uint32_t idx;
		sc_tri3(&r, &p, sw_v3(0, 0, 0), &kept[i], &kd[i]);
		cr_assert_eq(sw_tri3_set_add(&s, &kept[i], kd[i], &idx), SW_OK);
		cr_expect_eq(idx, i);
	}
	check_tri_layout(&s);
	for (uint32_t i = 0; i < 40; i++) {
		sw_tri3 t;
		sw_vec3 d;
		cr_assert_eq(sw_tri3_set_get(&s, i, &t, &d), SW_OK);
		cr_expect(memcmp(&t, &kept[i], sizeof t) == 0 && memcmp(&d, &kd[i], sizeof d) == 0, "triangle %u", i);
	}
	cr_expect_eq(sw_tri3_set_get(&s, 40, NULL, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_tri3_set_put(&s, 40, &kept[0], kd[0]), SW_ERR_ARG);
	cr_expect_eq(sw_tri3_set_put(&s, 3, NULL, kd[0]), SW_ERR_NULL);
	/* the padding triangle is valid: a kernel reading whole lanes never sees garbage */
	sw_obb3 box = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	sw_tri3 pad = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
	cr_expect_eq(sw_obb3_tri3_overlap(&box, &pad, NULL), SW_HIT);
	sw_tri3_set_clear(&s);
	cr_expect_eq(s.count, 0);
	check_tri_layout(&s);
	sw_tri3_set_free(&s);
	cr_expect_null(s.ax);
	sw_tri3_set_free(&s);
}
