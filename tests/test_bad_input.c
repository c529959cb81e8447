/* tests/test_bad_input.c — bad input gets SW_PAIR_INVALID for that pair (or an error for a malformed
 * call) and changes nothing else: every class of bad value, on every tier, checked against the
 * untouched answers of the neighbouring pairs. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenes.h"

enum { N = 64, FIELDS = 13 };

typedef struct fixture {
	sw_obb3_set s;
	sw_pair pairs[N];
	uint8_t st[N], ft[N];
	float f[5][N];
	sw_sweep_results res;
} fixture;

static void fixture_init(fixture *x)
{
	sc_rng r = sc_rng_seed(11);
	sc_obb3_params p = sc_obb3_defaults();
	cr_assert(sw_obb3_set_init(&x->s, 2 * N) == SW_OK);
	cr_assert(sc_obb3_close_pairs(&r, &p, &x->s, x->pairs, N) == SW_OK);
	sw_sweep_results res = {x->st, x->ft, x->f[0], x->f[1], x->f[2], x->f[3], x->f[4]};
	x->res = res;
}

/* field k of box i: 0..2 centre, 3..6 quaternion, 7..9 half extents, 10..12 displacement */
static float *field(sw_obb3_set *s, int k, uint32_t i)
{
	float *a[FIELDS] = {s->cx, s->cy, s->cz, s->qx, s->qy, s->qz, s->qw, s->hx, s->hy, s->hz, s->dx, s->dy, s->dz};
	return &a[k][i];
}

/* runs the batch, then breaks pair `victim` with `edit` and checks only that pair changed, to INVALID */
static void expect_only_victim_invalid(fixture *x, size_t victim, const char *what)
{
	fixture before = *x;
	memcpy(before.st, x->st, N);
	memcpy(before.f, x->f, sizeof x->f);
	cr_assert_eq(sw_obb3_sweep_batch(&x->s, &x->s, x->pairs, N, NULL, &x->res), SW_OK);
	for (size_t k = 0; k < N; k++) {
		if (k == victim) {
			cr_expect_eq(x->st[k], SW_PAIR_INVALID, "%s: pair %zu on %s", what, k,
				     sw_isa_name(sw_active_isa()));
			cr_expect_eq(x->ft[k], SW_AXIS_NONE);
			cr_expect(isnan(x->f[0][k]) && isnan(x->f[1][k]) && isnan(x->f[2][k]));
		} else {
			cr_expect_eq(x->st[k], before.st[k], "%s: neighbour %zu changed", what, k);
			for (int q = 0; q < 5; q++)
				cr_expect(memcmp(&x->f[q][k], &before.f[q][k], 4) == 0, "%s: neighbour %zu changed",
					  what, k);
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
	cr_assert_eq(sw_obb3_sweep_batch(&x->s, &x->s, x->pairs, N, NULL, &x->res), SW_OK);
	return 1;
}

/* each bad value in each field of A and of B, on every tier the CPU has */
static void sweep_all_fields(const float *bad_values, int nbad, int first_field, int last_field, const char *what)
{
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		fixture x;
		if (!tier_fixture(isa, &x))
			continue;
		for (int k = first_field; k <= last_field; k++) {
			for (int v = 0; v < nbad; v++) {
				size_t victim = (size_t)(k * 7 + v) % N;
				uint32_t i = (k + v) & 1 ? x.pairs[victim].a : x.pairs[victim].b;
				float *p = field(&x.s, k, i), keep = *p;
				*p = bad_values[v];
				expect_only_victim_invalid(&x, victim, what);
				*p = keep;
				cr_assert_eq(sw_obb3_sweep_batch(&x.s, &x.s, x.pairs, N, NULL, &x.res), SW_OK);
			}
		}
		sw_obb3_set_free(&x.s);
	}
	sw_set_isa_cap(sw_best_isa());
}

Test(bad_input, nan_and_inf_anywhere)
{
	const float bad[] = {NAN, INFINITY, -INFINITY, 2e15f};
	sweep_all_fields(bad, 4, 0, FIELDS - 1, "non-finite");
}

Test(bad_input, zero_or_negative_extents)
{
	const float bad[] = {0.0f, -0.0f, -1.0f, -1e-30f};
	sweep_all_fields(bad, 4, 7, 9, "extent");
}

Test(bad_input, non_unit_quaternion)
{
	/* any quaternion entry set to these breaks |q|² ≈ 1 by far more than SW_QUAT_TOL */
	const float bad[] = {1.5f, -2.0f, 0.9f};
	sweep_all_fields(bad, 3, 3, 6, "orientation");
}

Test(bad_input, quaternion_within_tolerance_is_accepted)
{
	sw_obb3 a = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}}, b = a;
	b.center.x = 5;
	sw_sweep_output o;
	a.rot.w = 1.0f + 0.4f * SW_QUAT_TOL; /* |q|² − 1 ≈ 0.8·tol */
	cr_expect_eq(sw_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(-4, 0, 0), &o), SW_HIT);
	cr_expect_float_eq(o.t_first, 0.75f, 1e-6f, "x = y = z = 0: the rotation is exactly the identity");
	a.rot.w = 1.0f + 0.6f * SW_QUAT_TOL; /* ≈ 1.2·tol */
	cr_expect_eq(sw_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(-4, 0, 0), &o), SW_PAIR_INVALID);
	a.rot = (sw_quat){0, 0, 0, 0};
	cr_expect_eq(sw_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(-4, 0, 0), &o), SW_PAIR_INVALID);
	/* −q is the same rotation */
	a.rot = (sw_quat){0, 0, 0, -1};
	cr_expect_eq(sw_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(-4, 0, 0), &o), SW_HIT);
	cr_expect_float_eq(o.t_first, 0.75f, 1e-6f);
}

Test(bad_input, index_out_of_range)
{
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		fixture x;
		if (!tier_fixture(isa, &x))
			continue;
		const uint32_t bad[] = {(uint32_t)x.s.count, (uint32_t)x.s.capacity, UINT32_MAX};
		for (int v = 0; v < 3; v++) {
			size_t victim = 5 + 17 * (size_t)v;
			sw_pair keep = x.pairs[victim];
			x.pairs[victim].b = bad[v];
			expect_only_victim_invalid(&x, victim, "index b");
			x.pairs[victim] = keep;
			x.pairs[victim].a = bad[v];
			expect_only_victim_invalid(&x, victim, "index a");
			x.pairs[victim] = keep;
			cr_assert_eq(sw_obb3_sweep_batch(&x.s, &x.s, x.pairs, N, NULL, &x.res), SW_OK);
		}
		/* the static query too */
		x.pairs[3].a = UINT32_MAX;
		sw_overlap_results o = {x.st, x.ft};
		cr_assert_eq(sw_obb3_overlap_batch(&x.s, &x.s, x.pairs, N, NULL, &o), SW_OK);
		cr_expect_eq(x.st[3], SW_PAIR_INVALID);
		cr_expect_eq(x.ft[3], SW_AXIS_NONE);
		sw_obb3_set_free(&x.s);
	}
	sw_set_isa_cap(sw_best_isa());
}

Test(bad_input, malformed_calls_write_nothing)
{
	fixture x;
	fixture_init(&x);
	memset(x.st, 0x5A, N);
	sw_sweep_results no_status = x.res;
	no_status.status = NULL;
	cr_expect_eq(sw_obb3_sweep_batch(NULL, &x.s, x.pairs, N, NULL, &x.res), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_sweep_batch(&x.s, &x.s, NULL, N, NULL, &x.res), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_sweep_batch(&x.s, &x.s, x.pairs, N, NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_sweep_batch(&x.s, &x.s, x.pairs, N, NULL, &no_status), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_sweep_batch(&x.s, &x.s, x.pairs, SW_MAX_BATCH + 1, NULL, &x.res), SW_ERR_SIZE);
	cr_expect_eq(sw_obb3_sweep_packed(NULL, N, &x.res), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_sweep_packed(NULL, SW_MAX_BATCH + 1, &x.res), SW_ERR_SIZE);
	sw_obb3_set broken = x.s;
	broken.count = broken.capacity + 1;
	cr_expect_eq(sw_obb3_sweep_batch(&x.s, &broken, x.pairs, N, NULL, &x.res), SW_ERR_ARG);
	broken = x.s;
	broken.qz = NULL;
	cr_expect_eq(sw_obb3_sweep_batch(&broken, &x.s, x.pairs, N, NULL, &x.res), SW_ERR_NULL);
	sw_overlap_results o = {x.st, NULL};
	cr_expect_eq(sw_obb3_overlap_batch(&x.s, &x.s, x.pairs, N, NULL, &o), SW_ERR_NULL);
	for (int k = 0; k < N; k++)
		cr_expect_eq(x.st[k], 0x5A, "a refused call wrote result %d", k);
	/* an empty batch is fine and needs no pairs */
	cr_expect_eq(sw_obb3_sweep_batch(&x.s, &x.s, NULL, 0, NULL, &x.res), SW_OK);
	sw_obb3_set_free(&x.s);
}

Test(bad_input, single_pair_api)
{
	sw_obb3 a = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}}, b = a;
	sw_sweep_output o;
	cr_expect_eq(sw_obb3_sweep(NULL, sw_v3(0, 0, 0), &b, sw_v3(0, 0, 0), &o), SW_PAIR_INVALID);
	cr_expect(isnan(o.t_first));
	cr_expect_eq(sw_obb3_sweep(&a, sw_v3(0, 0, 0), &b, sw_v3(0, 0, 0), NULL), SW_PAIR_INVALID);
	cr_expect_eq(sw_obb3_overlap(NULL, &b, NULL), SW_PAIR_INVALID);
	b.half.y = NAN;
	uint8_t axis = 0;
	cr_expect_eq(sw_obb3_overlap(&a, &b, &axis), SW_PAIR_INVALID);
	cr_expect_eq(axis, SW_AXIS_NONE);
}
