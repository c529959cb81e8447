/* bench/bench_hull_build.c — the cost of making hulls: building one from a point cloud
 * (sw_hull3_build), building many at once (sw_hull3_build_many), and packing one into a hull set
 * (sw_hull3_set_add_shape, which checks it first).
 *
 * Rows, for 8, 16, 32 and 64 points per cloud:
 * - hull_build/<points>: one sw_hull3_build per iteration, through a pool of HB_POOL clouds, so the
 *   time per iteration is the time per hull;
 * - hull_build_many/<points>: one sw_hull3_build_many of the whole pool per iteration;
 *   items_per_second is hulls per second;
 * - hull_set_add/<points>: one sw_hull3_set_add_shape per iteration of the pool's hulls, built
 *   before timing (so they carry their seals and are not checked again); the set is emptied
 *   (untimed) every HB_SET_ROUND shapes.
 *
 * Clouds: points near an ellipsoid of semi-axes 0.5 to 1 times a radius of 0.5 to 1.5 (0.7 to 1 times
 * its surface, as the shapes of bench_hull3.c), about the origin, fixed seed; most points are
 * vertices. Counter `verts`: the mean vertex count of the pool's hulls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/swept.h>

#include "bench_hull_build.h"
#include "scenes.h"
#include "sets.h" /* a shape's flag */
#include "shim.h"

#define HB_SEED 0xb011d5ull
/* clouds per size */
#define HB_POOL 256
/* shapes added to one set before it is emptied */
#define HB_SET_ROUND 4096

static const uint32_t hb_sizes[] = {8, 16, 32, 64};
#define HB_NSIZE (sizeof hb_sizes / sizeof hb_sizes[0])

typedef enum hb_kind { HB_BUILD, HB_BUILD_MANY, HB_SET_ADD, HB_KINDS } hb_kind;
static const char *const hb_names[HB_KINDS] = {"hull_build", "hull_build_many", "hull_set_add"};

/* the clouds of one size and their hulls */
typedef struct hb_pool {
	uint32_t points;
	sw_vec3 *pts; /* HB_POOL clouds of `points` points, one after the other */
	sw_hull3 *hulls;
	double verts;
} hb_pool;

typedef struct hb_arg {
	hb_kind kind;
	hb_pool *pool;
} hb_arg;

static hb_pool hb_pools[HB_NSIZE];
static hb_arg hb_args[HB_KINDS * HB_NSIZE];

static void hb_free_all(void)
{
	for (size_t i = 0; i < HB_NSIZE; i++) {
		free(hb_pools[i].pts);
		free(hb_pools[i].hulls);
		memset(&hb_pools[i], 0, sizeof hb_pools[i]);
	}
}

/* the pool's clouds (replacing any that does not build) and their hulls; 0 on failure */
static int hb_generate(hb_pool *p)
{
	if (p->hulls)
		return 1;
	p->pts = malloc((size_t)HB_POOL * p->points * sizeof *p->pts);
	p->hulls = malloc(HB_POOL * sizeof *p->hulls);
	if (!p->pts || !p->hulls)
		return 0;
	sc_rng r = sc_rng_seed(HB_SEED + p->points);
	size_t nv = 0;
	for (size_t k = 0; k < HB_POOL; k++) {
		sw_vec3 *c = p->pts + k * p->points;
		int ok = 0;
		for (int attempt = 0; attempt < 16 && !ok; attempt++) {
			float radius = sc_uniform(&r, 0.5f, 1.5f);
			sw_vec3 ax = sw_v3(sc_uniform(&r, 0.5f, 1) * radius, sc_uniform(&r, 0.5f, 1) * radius,
					   sc_uniform(&r, 0.5f, 1) * radius);
			sc_ellipsoid_points(&r, p->points, ax, 0.7f, c);
			ok = sw_hull3_build(c, p->points, NULL, &p->hulls[k]) == SW_OK;
		}
		if (!ok)
			return 0;
		nv += p->hulls[k].num_verts;
	}
	p->verts = (double)nv / HB_POOL;
	return 1;
}

static void bench_build(sw_bench_state *st, hb_pool *p)
{
	static sw_hull3 h;
	size_t k = 0;
	int bad = 0;
	while (sw_bench_keep_running(st)) {
		bad |= sw_hull3_build(p->pts + k * p->points, p->points, NULL, &h) != SW_OK;
		k = k + 1 == HB_POOL ? 0 : k + 1;
	}
	if (bad)
		sw_bench_skip_with_error(st, "a build failed");
	sw_bench_set_items_processed(st, sw_bench_iterations(st));
}

static void bench_build_many(sw_bench_state *st, hb_pool *p)
{
	uint32_t counts[HB_POOL];
	sw_error status[HB_POOL];
	sw_hull3 *out = malloc(HB_POOL * sizeof *out);
	if (!out) {
		sw_bench_skip_with_error(st, "out of memory");
		return;
	}
	for (size_t k = 0; k < HB_POOL; k++)
		counts[k] = p->points;
	int bad = 0;
	while (sw_bench_keep_running(st))
		bad |= sw_hull3_build_many(p->pts, counts, HB_POOL, NULL, out, status) != SW_OK;
	for (size_t k = 0; k < HB_POOL && !bad; k++)
		bad = status[k] != SW_OK || memcmp(&out[k], &p->hulls[k], sizeof *out) != 0;
	free(out);
	if (bad)
		sw_bench_skip_with_error(st, "a batched build failed or differs from sw_hull3_build");
	sw_bench_set_items_processed(st, sw_bench_iterations(st) * HB_POOL);
}

static void bench_set_add(sw_bench_state *st, hb_pool *p)
{
	sw_hull3_set *set;
	if (sw_hull3_set_create(0, &set) != SW_OK) {
		sw_bench_skip_with_error(st, "set init failed");
		return;
	}
	size_t k = 0, added = 0;
	int bad = 0;
	while (sw_bench_keep_running(st)) {
		uint32_t id;
		bad |= sw_hull3_set_add_shape(set, &p->hulls[k], &id) != SW_OK || !set->shapes[id].ok;
		k = k + 1 == HB_POOL ? 0 : k + 1;
		if (++added == HB_SET_ROUND) {
			sw_bench_pause_timing(st);
			sw_hull3_set_destroy(set);
			bad |= sw_hull3_set_create(0, &set) != SW_OK;
			added = 0;
			sw_bench_resume_timing(st);
		}
	}
	sw_hull3_set_destroy(set);
	if (bad)
		sw_bench_skip_with_error(st, "a shape was not added or was flagged");
	sw_bench_set_items_processed(st, sw_bench_iterations(st));
}

static void bench_hb(sw_bench_state *st, void *arg)
{
	const hb_arg *a = arg;
	if (!hb_generate(a->pool)) {
		sw_bench_skip_with_error(st, "could not generate the clouds");
		return;
	}
	if (a->kind == HB_BUILD)
		bench_build(st, a->pool);
	else if (a->kind == HB_BUILD_MANY)
		bench_build_many(st, a->pool);
	else
		bench_set_add(st, a->pool);
	sw_bench_counter(st, "verts", a->pool->verts);
}

void bench_hull_build_register(void)
{
	char name[64];
	atexit(hb_free_all);
	for (size_t s = 0; s < HB_NSIZE; s++)
		hb_pools[s].points = hb_sizes[s];
	for (int k = 0; k < HB_KINDS; k++)
		for (size_t s = 0; s < HB_NSIZE; s++) {
			hb_arg *a = &hb_args[k * HB_NSIZE + s];
			a->kind = (hb_kind)k;
			a->pool = &hb_pools[s];
			snprintf(name, sizeof name, "%s/%u", hb_names[k], hb_sizes[s]);
			sw_bench_register(name, bench_hb, a);
		}
}
