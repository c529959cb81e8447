/* bench/bench_orient.c — matrix or quaternion: which way of storing a box's orientation makes the
 * indexed OBB kernels cheaper? Times the probes of orient_probe_tmpl.c (fetch, validate, produce the
 * 9 matrix entries, for the two boxes of each pair) per tier and batch size.
 *
 * Benchmarks are named orient_matrix/<tier>/<pairs> and orient_quat/<tier>/<pairs>; one iteration is
 * one call over <pairs> pairs and items_per_second is pairs per second. Both variants of a size run
 * on the same rotations and the same index stream: 2·pairs boxes, both indices of every pair
 * uniform over them, as in the obb3 benchmarks' scenes. The data of a size is generated once, on
 * first use, outside the timed loop, and freed at exit.
 *
 * Before timing, every run checks its probe on a short prefix of the stream: the checksum must match
 * a double-precision sum over the stored matrices (so the quaternion conversion puts every entry in
 * its place), and a box made invalid on purpose must be counted. Counters: `invalid` (pairs
 * rejected per call, 0 on this data) and `checksum` (the same for both variants up to rounding). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/cpu.h>

#include "orient_probe.h"
#include "scenes.h"
#include "shim.h"

#define ORIENT_SEED 0x0e1e47ull
#define TWO_PI 6.283185307179586 /* M_PI is not ISO C */

static const size_t orient_sizes[] = {16384, 1048576};
#define NSIZE (sizeof orient_sizes / sizeof orient_sizes[0])

/* Pairs of the pre-timing check: a multiple of 16, so every tier takes it whole. */
#define CHECK_PAIRS 64
/* Largest |checksum − reference| of a correct probe on CHECK_PAIRS pairs: float accumulation and the
 * quaternion's float conversion stay below 1e-3 there; one misplaced or mis-signed entry moves the
 * sum by several units. */
#define CHECK_TOL 0.05

/* One data set: `boxes` = 2·pairs valid boxes at [0, boxes) and one invalid box at index `boxes`,
 * which the timed stream never reads (the check does). */
typedef struct orient_data {
	size_t pairs; /* 0: not generated */
	size_t boxes;
	float *r[9], *q[4];
	const float *rc[9], *qc[4]; /* the same arrays, as the probes take them */
	int32_t *ia, *ib;
} orient_data;

static orient_data orient_sets[NSIZE];

typedef struct orient_tier {
	sw_isa isa;
	sw_orient_probe_fn matrix, quat;
} orient_tier;

static const orient_tier orient_tiers[] = {
	{SW_ISA_SSE4, sw_orient_probe_matrix_sse4, sw_orient_probe_quat_sse4},
	{SW_ISA_AVX2, sw_orient_probe_matrix_avx2, sw_orient_probe_quat_avx2},
	{SW_ISA_AVX512, sw_orient_probe_matrix_avx512, sw_orient_probe_quat_avx512},
};
#define NTIER (sizeof orient_tiers / sizeof orient_tiers[0])

typedef struct orient_arg {
	int quat; /* 0: matrix layout, 1: quaternion layout */
	sw_isa isa;
	size_t pairs;
	sw_orient_probe_fn fn;
} orient_arg;

static orient_arg orient_args[2 * NTIER * NSIZE];

/* aligned_alloc wants a size that is a multiple of the alignment */
static void *alloc64(size_t bytes) { return aligned_alloc(64, (bytes + 63) / 64 * 64); }

static void data_free(orient_data *d)
{
	for (int k = 0; k < 9; k++)
		free(d->r[k]);
	for (int k = 0; k < 4; k++)
		free(d->q[k]);
	free(d->ia);
	free(d->ib);
	memset(d, 0, sizeof *d);
}

static void data_free_all(void)
{
	for (size_t i = 0; i < NSIZE; i++)
		data_free(&orient_sets[i]);
}

/* box i: quaternion (x, y, z, w) and its matrix (column-major, as sw_obb3_set stores it), both
 * rounded to float from the same double-precision rotation */
static void data_put(orient_data *d, size_t i, double x, double y, double z, double w)
{
	const double m[9] = {
		1 - 2 * (y * y + z * z), 2 * (x * y + z * w),     2 * (x * z - y * w),
		2 * (x * y - z * w),     1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
		2 * (x * z + y * w),     2 * (y * z - x * w),     1 - 2 * (x * x + y * y),
	};
	for (int k = 0; k < 9; k++)
		d->r[k][i] = (float)m[k];
	d->q[0][i] = (float)x;
	d->q[1][i] = (float)y;
	d->q[2][i] = (float)z;
	d->q[3][i] = (float)w;
}

/* The data set of `pairs` pairs, generated on first use; NULL when out of memory. */
static orient_data *data_get(size_t pairs)
{
	orient_data *d = NULL;
	for (size_t i = 0; i < NSIZE && !d; i++) {
		if (orient_sets[i].pairs == pairs)
			return &orient_sets[i];
		if (orient_sets[i].pairs == 0)
			d = &orient_sets[i];
	}
	if (!d)
		return NULL;
	memset(d, 0, sizeof *d);
	const size_t boxes = 2 * pairs, slots = boxes + 1;
	int ok = 1;
	for (int k = 0; k < 9; k++)
		ok &= (d->r[k] = alloc64(slots * sizeof(float))) != NULL;
	for (int k = 0; k < 4; k++)
		ok &= (d->q[k] = alloc64(slots * sizeof(float))) != NULL;
	ok &= (d->ia = alloc64(pairs * sizeof(int32_t))) != NULL;
	ok &= (d->ib = alloc64(pairs * sizeof(int32_t))) != NULL;
	if (!ok) {
		data_free(d);
		return NULL;
	}

	/* a seed per size, so a data set does not depend on which others were generated */
	sc_rng rng = sc_rng_seed(ORIENT_SEED ^ pairs);
	for (size_t i = 0; i < boxes; i++) {
		/* Shoemake: uniform over unit quaternions, hence over rotations */
		double u1 = sc_uniform(&rng, 0, 1), u2 = TWO_PI * sc_uniform(&rng, 0, 1),
		       u3 = TWO_PI * sc_uniform(&rng, 0, 1);
		double a = sqrt(1 - u1), b = sqrt(u1);
		data_put(d, i, a * sin(u2), a * cos(u2), b * sin(u3), b * cos(u3));
	}
	/* the invalid box: identity scaled by 1.01, out of both tolerances (|q·q − 1| = |c·c − 1| ≈ 0.02) */
	for (int k = 0; k < 9; k++)
		d->r[k][boxes] = k % 4 == 0 ? 1.01f : 0.0f;
	d->q[0][boxes] = d->q[1][boxes] = d->q[2][boxes] = 0.0f;
	d->q[3][boxes] = 1.01f;

	for (size_t k = 0; k < pairs; k++) {
		d->ia[k] = (int32_t)sc_below(&rng, (uint32_t)boxes);
		d->ib[k] = (int32_t)sc_below(&rng, (uint32_t)boxes);
	}
	for (int k = 0; k < 9; k++)
		d->rc[k] = d->r[k];
	for (int k = 0; k < 4; k++)
		d->qc[k] = d->q[k];
	d->boxes = boxes;
	d->pairs = pairs;
	return d;
}

/* The pre-timing check of a probe (see the top of the file); 0 and a message in `msg` on failure. */
static int probe_check(const orient_arg *a, const orient_data *d, char *msg, size_t len)
{
	_Alignas(64) int32_t ia[CHECK_PAIRS], ib[CHECK_PAIRS];
	const float *const *src = a->quat ? d->qc : d->rc;
	size_t invalid = 0;

	double want = 0;
	for (size_t p = 0; p < CHECK_PAIRS; p++) {
		for (int k = 0; k < 9; k++)
			want += (k + 1) * ((double)d->r[k][d->ia[p]] + (double)d->r[k][d->ib[p]]);
	}
	double got = a->fn(src, d->ia, d->ib, CHECK_PAIRS, &invalid);
	if (fabs(got - want) > CHECK_TOL || invalid != 0) {
		snprintf(msg, len, "check: checksum %.6g, want %.6g; %zu invalid pairs, want 0", got, want, invalid);
		return 0;
	}

	/* every third pair's second box is the invalid one */
	size_t want_invalid = 0;
	for (size_t p = 0; p < CHECK_PAIRS; p++) {
		ia[p] = d->ia[p];
		ib[p] = p % 3 ? d->ib[p] : (int32_t)d->boxes;
		want_invalid += p % 3 == 0;
	}
	a->fn(src, ia, ib, CHECK_PAIRS, &invalid);
	if (invalid != want_invalid) {
		snprintf(msg, len, "check: %zu invalid pairs, want %zu", invalid, want_invalid);
		return 0;
	}
	return 1;
}

static void bench_orient(sw_bench_state *st, void *varg)
{
	const orient_arg *a = varg;
	char msg[160];
	orient_data *d = data_get(a->pairs);
	if (!d) {
		sw_bench_skip_with_error(st, "data generation failed (out of memory?)");
		return;
	}
	if (!probe_check(a, d, msg, sizeof msg)) {
		sw_bench_skip_with_error(st, msg);
		return;
	}
	const float *const *src = a->quat ? d->qc : d->rc;
	float sum = 0;
	size_t invalid = 0;
	/* the probe lives in another library: the call is opaque and runs every iteration */
	while (sw_bench_keep_running(st))
		sum = a->fn(src, d->ia, d->ib, d->pairs, &invalid);
	sw_bench_set_items_processed(st, sw_bench_iterations(st) * (int64_t)d->pairs);
	sw_bench_counter(st, "invalid", (double)invalid);
	sw_bench_counter(st, "checksum", (double)sum);
}

void bench_orient_register(void)
{
	char name[128];
	size_t nargs = 0;
	atexit(data_free_all);
	/* the two variants of a tier and size side by side, so a listing compares them directly */
	for (size_t s = 0; s < NSIZE; s++) {
		for (size_t t = 0; t < NTIER; t++) {
			if (!sw_isa_available(orient_tiers[t].isa))
				continue;
			for (int quat = 0; quat < 2; quat++) {
				orient_arg *a = &orient_args[nargs++];
				a->quat = quat;
				a->isa = orient_tiers[t].isa;
				a->pairs = orient_sizes[s];
				a->fn = quat ? orient_tiers[t].quat : orient_tiers[t].matrix;
				snprintf(name, sizeof name, "orient_%s/%s/%zu", quat ? "quat" : "matrix",
					 sw_isa_name(a->isa), a->pairs);
				sw_bench_register(name, bench_orient, a);
			}
		}
	}
}
