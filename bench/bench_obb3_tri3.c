/* bench/bench_obb3_tri3.c — throughput of the batched moving OBB–triangle query, per SIMD tier and batch
 * size: obb3_tri3_sweep/<tier>/<batch>, items_per_second = pairs per second, one iteration = one
 * whole batched call (two-sided). As in bench_obb3.c, batches smaller than POOL_MIN walk through
 * consecutive windows of a POOL_MIN-pair scene so the branch predictor cannot learn the pairs, and
 * each run checks its statuses against the single-pair API (counter `mismatch`, must be 0) and
 * reports the mix (`hit`, `start_ovl`). Diagnostics go to stderr only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/swept.h>

#include "bench_obb3_tri3.h"
#include "scenes.h"
#include "bench_common.h"
#include "shim.h"

#define TRI3_SEED 0x5eed7e3ull
#define POOL_MIN 16384

static const size_t tri3_sizes[] = {64, 1024, 16384, 1048576};
#define NSIZE (sizeof tri3_sizes / sizeof tri3_sizes[0])

/* one generated scene of n box–triangle pairs, the reference statuses and result storage */
typedef struct tri3_scene {
	size_t n; /* 0: not generated */
	sw_obb3_set boxes;
	sw_tri3_set tris;
	sw_pair *pairs;
	uint8_t *want, *status, *feature;
	float *f; /* 5·n floats: t_first, t_last, nx, ny, nz */
} tri3_scene;

static tri3_scene tri3_scenes[NSIZE];

typedef struct tri3_arg {
	sw_isa isa;
	size_t batch;
} tri3_arg;

static tri3_arg tri3_args[SW_ISA_COUNT * NSIZE];

static void scene_release(tri3_scene *s)
{
	sw_obb3_set_free(&s->boxes);
	sw_tri3_set_free(&s->tris);
	free(s->pairs);
	free(s->want);
	free(s->status);
	free(s->feature);
	free(s->f);
	memset(s, 0, sizeof *s);
}

/* the scene batches of `batch` pairs run on, generated on first use; NULL on failure */
static tri3_scene *scene_for(size_t batch)
{
	size_t n = batch < POOL_MIN ? POOL_MIN : batch;
	tri3_scene *s = NULL;
	for (size_t i = 0; i < NSIZE && !s; i++) {
		if (tri3_scenes[i].n == n)
			return &tri3_scenes[i];
		if (tri3_scenes[i].n == 0)
			s = &tri3_scenes[i];
	}
	if (!s)
		return NULL;
	memset(s, 0, sizeof *s);
	s->pairs = malloc(n * sizeof *s->pairs);
	s->want = malloc(n);
	s->status = malloc(n);
	s->feature = malloc(n);
	s->f = malloc(5 * n * sizeof(float));
	int ok = s->pairs && s->want && s->status && s->feature && s->f && sw_obb3_set_init(&s->boxes, n) == SW_OK &&
		 sw_tri3_set_init(&s->tris, n) == SW_OK;
	if (ok) {
		sc_rng rng = sc_rng_seed(TRI3_SEED ^ n);
		sc_tri3_params p = sc_tri3_defaults();
		ok = sc_tri3_close_pairs(&rng, &p, &s->boxes, &s->tris, s->pairs, n) == SW_OK;
	}
	if (!ok) {
		scene_release(s);
		return NULL;
	}
	for (size_t k = 0; k < n; k++) {
		sw_obb3 a;
		sw_tri3 t;
		sw_vec3 da, dt;
		sw_sweep_output o;
		sw_obb3_set_get(&s->boxes, s->pairs[k].a, &a, &da);
		sw_tri3_set_get(&s->tris, s->pairs[k].b, &t, &dt);
		s->want[k] = (uint8_t)sw_obb3_tri3_sweep(&a, da, &t, dt, 0, &o);
	}
	s->n = n;
	return s;
}

/* one batched call on a window of the scene (bench_run_windows) */
static int run_window(const void *ctx, size_t off, size_t batch)
{
	const tri3_scene *s = ctx;
	const size_t n = s->n;
	sw_sweep_results r = {s->status + off,    s->feature + off,   s->f + off,        s->f + n + off,
			      s->f + 2 * n + off, s->f + 3 * n + off, s->f + 4 * n + off};
	return sw_obb3_tri3_sweep_batch(&s->boxes, &s->tris, s->pairs + off, batch, NULL, 0, &r);
}

static void bench_tri3(sw_bench_state *st, void *varg)
{
	const tri3_arg *arg = varg;
	tri3_scene *s = scene_for(arg->batch);
	if (!s) {
		sw_bench_skip_with_error(st, "scene generation failed (out of memory?)");
		return;
	}
	const size_t done = bench_run_windows(st, arg->isa, s->status, s->n, arg->batch, run_window, s);
	if (!done)
		return;
	char name[64];
	snprintf(name, sizeof name, "obb3_tri3_sweep/%s/%zu", sw_isa_name(arg->isa), arg->batch);
	bench_report_statuses(st, name, s->status, s->want, done, 1);
}

static void release_all(void)
{
	for (size_t i = 0; i < NSIZE; i++)
		scene_release(&tri3_scenes[i]);
}

void bench_tri3_register(void)
{
	atexit(release_all);
	char name[128];
	size_t nargs = 0;
	for (size_t b = 0; b < NSIZE; b++) {
		for (int i = 0; i < SW_ISA_COUNT; i++) {
			if (!sw_isa_available((sw_isa)i))
				continue;
			tri3_arg *a = &tri3_args[nargs++];
			a->isa = (sw_isa)i;
			a->batch = tri3_sizes[b];
			snprintf(name, sizeof name, "obb3_tri3_sweep/%s/%zu", sw_isa_name(a->isa), a->batch);
			sw_bench_register(name, bench_tri3, a);
		}
	}
}
