/* tests/test_obb3_tri3_bad_input.c — bad input to the OBB–triangle queries gets SW_PAIR_INVALID for that
 * pair (or an error for a malformed call) and changes nothing else: NaN/Inf/out-of-range in every
 * field of the box, the triangle and both displacements, degenerate triangles, indices out of
 * range, on every tier, checked against the untouched answers of the neighbouring pairs. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenes.h"

enum { N = 64, BOX_FIELDS = 13, TRI_FIELDS = 12 };

typedef struct fixture {
	sw_obb3_set boxes;
	sw_tri3_set tris;
	sw_pair pairs[N];
	uint8_t st[N], ft[N];
	float f[5][N];
	sw_sweep_results res;
} fixture;

static void fixture_init(fixture *x)
{
	sc_rng r = sc_rng_seed(12);
	sc_tri3_params p = sc_tri3_defaults();
	cr_assert(sw_obb3_set_init(&x->boxes, N) == SW_OK);
	cr_assert(sw_tri3_set_init(&x->tris, N) == SW_OK);
	cr_assert(sc_tri3_close_pairs(&r, &p, &x->boxes, &x->tris, x->pairs, N) == SW_OK);
	sw_sweep_results res = {x->st, x->ft, x->f[0], x->f[1], x->f[2], x->f[3], x->f[4]};
	x->res = res;
}

static void fixture_free(fixture *x)
{
	sw_obb3_set_free(&x->boxes);
	sw_tri3_set_free(&x->tris);
}

/* field k of the pair's shapes: 0..12 the box (centre, quaternion, half extents, displacement),
 * 13..24 the triangle (a, b, c, displacement) */
static float *field(fixture *x, int k, size_t pair)
{
	uint32_t i = x->pairs[pair].a, j = x->pairs[pair].b;
	sw_obb3_set *s = &x->boxes;
	sw_tri3_set *t = &x->tris;
	float *a[BOX_FIELDS + TRI_FIELDS] = {s->cx, s->cy, s->cz, s->qx, s->qy, s->qz, s->qw, s->hx, s->hy,
					     s->hz, s->dx, s->dy, s->dz, t->ax, t->ay, t->az, t->bx, t->by,
					     t->bz, t->cx, t->cy, t->cz, t->dx, t->dy, t->dz};
	return &a[k][k < BOX_FIELDS ? i : j];
}

static sw_error run(fixture *x) { return sw_obb3_tri3_sweep_batch(&x->boxes, &x->tris, x->pairs, N, NULL, 0, &x->res); }

/* runs the batch and checks that only pair `victim` changed, to INVALID */
static void expect_only_victim_invalid(fixture *x, size_t victim, const char *what)
{
	uint8_t st[N];
	float f[5][N];
	memcpy(st, x->st, N);
	memcpy(f, x->f, sizeof f);
	cr_assert_eq(run(x), SW_OK);
	for (size_t k = 0; k < N; k++) {
		if (k == victim) {
			cr_expect_eq(x->st[k], SW_PAIR_INVALID, "%s: pair %zu on %s", what, k,
				     sw_isa_name(sw_active_isa()));
			cr_expect_eq(x->ft[k], SW_AXIS_NONE);
			cr_expect(isnan(x->f[0][k]) && isnan(x->f[1][k]) && isnan(x->f[2][k]));
		} else {
			cr_expect_eq(x->st[k], st[k], "%s: neighbour %zu changed", what, k);
			for (int q = 0; q < 5; q++)
				cr_expect(memcmp(&x->f[q][k], &f[q][k], 4) == 0, "%s: neighbour %zu changed", what, k);
		}
	}
}

/* caps the tier at `isa` and builds a fixture with its answers; 0 when the CPU lacks the tier */
static int tier_fixture(int isa, fixture *x)
{
	if (!sw_isa_available((sw_isa)isa))
		return 0;
	sw_set_isa_cap((sw_isa)isa);
	fixture_init(x);
	cr_assert_eq(run(x), SW_OK);
	for (size_t k = 0; k < N; k++)
		cr_assert_neq(x->st[k], SW_PAIR_INVALID, "the fixture itself is valid");
	return 1;
}

Test(tri3_bad_input, nan_inf_and_out_of_range_anywhere)
{
	const float bad[] = {NAN, INFINITY, -INFINITY, 2e15f};
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		fixture x;
		if (!tier_fixture(isa, &x))
			continue;
		for (int k = 0; k < BOX_FIELDS + TRI_FIELDS; k++) {
			for (int v = 0; v < 4; v++) {
				size_t victim = (size_t)(k * 5 + v) % N;
				float *p = field(&x, k, victim), keep = *p;
				*p = bad[v];
				expect_only_victim_invalid(&x, victim, k < BOX_FIELDS ? "box field" : "triangle field");
				*p = keep;
				cr_assert_eq(run(&x), SW_OK);
			}
		}
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

Test(tri3_bad_input, degenerate_triangles)
{
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		fixture x;
		if (!tier_fixture(isa, &x))
			continue;
		for (int v = 0; v < 4; v++) {
			size_t victim = 9 + 13 * (size_t)v;
			uint32_t j = x.pairs[victim].b;
			sw_tri3 t, keep;
			sw_vec3 d;
			sw_tri3_set_get(&x.tris, j, &keep, &d);
			t = keep;
			if (v == 0) /* a point */
				t.b = t.c = t.a;
			else if (v == 1) /* two equal vertices */
				t.c = t.b;
			else if (v == 2) /* collinear: c on the line through a and b, beyond b */
				t.c = sw_v3_add(t.b, sw_v3_sub(t.b, t.a));
			else /* a sliver far below the 1e-12 threshold: c 1e-8 of an edge off the line */
				t.c = sw_v3_add(sw_v3_scale(sw_v3_add(t.a, t.b), 0.5f),
						sw_v3_scale(sw_v3_sub(keep.c, t.a), 1e-8f));
			sw_tri3_set_put(&x.tris, j, &t, d);
			expect_only_victim_invalid(&x, victim, "degenerate");
			sw_tri3_set_put(&x.tris, j, &keep, d);
			cr_assert_eq(run(&x), SW_OK);
		}
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

Test(tri3_bad_input, box_extent_and_orientation)
{
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		fixture x;
		if (!tier_fixture(isa, &x))
			continue;
		const struct {
			int field;
			float value;
		} cases[] = {{7, 0.0f}, {8, -1.0f}, {9, -0.0f}, {3, 1.5f}, {6, 0.9f}};
		for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
			size_t victim = 2 + 11 * c;
			float *p = field(&x, cases[c].field, victim), keep = *p;
			*p = cases[c].value;
			expect_only_victim_invalid(&x, victim, "box extent/orientation");
			*p = keep;
			cr_assert_eq(run(&x), SW_OK);
		}
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

Test(tri3_bad_input, index_out_of_range)
{
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		fixture x;
		if (!tier_fixture(isa, &x))
			continue;
		const uint32_t bad[] = {(uint32_t)x.tris.count, (uint32_t)x.tris.capacity, UINT32_MAX};
		for (int v = 0; v < 3; v++) {
			size_t victim = 5 + 17 * (size_t)v;
			sw_pair keep = x.pairs[victim];
			x.pairs[victim].b = bad[v];
			expect_only_victim_invalid(&x, victim, "index b");
			x.pairs[victim] = keep;
			x.pairs[victim].a = bad[v] == x.tris.count ? (uint32_t)x.boxes.count : bad[v];
			expect_only_victim_invalid(&x, victim, "index a");
			x.pairs[victim] = keep;
			cr_assert_eq(run(&x), SW_OK);
		}
		/* the static query too */
		x.pairs[3].b = UINT32_MAX;
		sw_overlap_results o = {x.st, x.ft};
		cr_assert_eq(sw_obb3_tri3_overlap_batch(&x.boxes, &x.tris, x.pairs, N, NULL, &o), SW_OK);
		cr_expect_eq(x.st[3], SW_PAIR_INVALID);
		cr_expect_eq(x.ft[3], SW_AXIS_NONE);
		for (size_t k = 0; k < N; k++)
			if (k != 3)
				cr_expect_neq(x.st[k], SW_PAIR_INVALID, "overlap: neighbour %zu", k);
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

Test(tri3_bad_input, malformed_calls_write_nothing)
{
	fixture x;
	fixture_init(&x);
	memset(x.st, 0x5A, N);
	sw_sweep_results no_nx = x.res;
	no_nx.nx = NULL;
	cr_expect_eq(sw_obb3_tri3_sweep_batch(NULL, &x.tris, x.pairs, N, NULL, 0, &x.res), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, NULL, x.pairs, N, NULL, 0, &x.res), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, &x.tris, NULL, N, NULL, 0, &x.res), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, &x.tris, x.pairs, N, NULL, 0, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, &x.tris, x.pairs, N, NULL, 1, &no_nx), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, &x.tris, x.pairs, SW_MAX_BATCH + 1, NULL, 0, &x.res),
		     SW_ERR_SIZE);
	sw_tri3_set broken = x.tris;
	broken.count = broken.capacity + 1;
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, &broken, x.pairs, N, NULL, 0, &x.res), SW_ERR_ARG);
	broken = x.tris;
	broken.capacity = SW_SET_PAD - 1;
	broken.count = 0;
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, &broken, x.pairs, N, NULL, 0, &x.res), SW_ERR_ARG);
	broken = x.tris;
	broken.cy = NULL;
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, &broken, x.pairs, N, NULL, 0, &x.res), SW_ERR_NULL);
	sw_overlap_results o = {x.st, NULL};
	cr_expect_eq(sw_obb3_tri3_overlap_batch(&x.boxes, &x.tris, x.pairs, N, NULL, &o), SW_ERR_NULL);
	broken.cy = x.tris.cy;
	broken.dz = NULL;
	o.feature = x.ft;
	cr_expect_eq(sw_obb3_tri3_overlap_batch(&x.boxes, &broken, x.pairs, N, NULL, &o), SW_ERR_NULL);
	for (int k = 0; k < N; k++)
		cr_expect_eq(x.st[k], 0x5A, "a refused call wrote result %d", k);
	/* an empty batch is fine and needs no pairs */
	cr_expect_eq(sw_obb3_tri3_sweep_batch(&x.boxes, &x.tris, NULL, 0, NULL, 0, &x.res), SW_OK);
	fixture_free(&x);
}

Test(tri3_bad_input, single_pair_api)
{
	sw_obb3 a = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	sw_tri3 t = {{-2, -2, 5}, {2, -2, 5}, {0, 2, 5}};
	sw_sweep_output o;
	cr_expect_eq(sw_obb3_tri3_sweep(NULL, sw_v3(0, 0, 0), &t, sw_v3(0, 0, 0), 0, &o), SW_PAIR_INVALID);
	cr_expect(isnan(o.t_first) && isnan(o.normal.x) && o.feature == SW_AXIS_NONE);
	cr_expect_eq(sw_obb3_tri3_sweep(&a, sw_v3(0, 0, 0), NULL, sw_v3(0, 0, 0), 0, &o), SW_PAIR_INVALID);
	cr_expect_eq(sw_obb3_tri3_sweep(&a, sw_v3(0, 0, 0), &t, sw_v3(0, 0, 0), 0, NULL), SW_PAIR_INVALID);
	cr_expect_eq(sw_obb3_tri3_sweep(&a, sw_v3(0, 0, NAN), &t, sw_v3(0, 0, 0), 0, &o), SW_PAIR_INVALID);
	cr_expect_eq(sw_obb3_tri3_overlap(NULL, &t, NULL), SW_PAIR_INVALID);
	uint8_t axis = 0;
	sw_tri3 flat = t;
	flat.c = flat.b;
	cr_expect_eq(sw_obb3_tri3_overlap(&a, &flat, &axis), SW_PAIR_INVALID);
	cr_expect_eq(axis, SW_AXIS_NONE);
	/* the threshold is relative: a valid triangle stays valid at any scale */
	for (float s = 1e-14f; s < 1e15f; s *= 1e3f) {
		sw_tri3 u = {sw_v3_scale(t.a, s), sw_v3_scale(t.b, s), sw_v3_scale(t.c, s)};
		cr_expect_neq(sw_obb3_tri3_overlap(&a, &u, NULL), SW_PAIR_INVALID, "scale %g", s);
	}
}
