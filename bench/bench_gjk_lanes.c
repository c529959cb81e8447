/* bench/bench_gjk_lanes.c — lane utilisation of the GJK kernels on the AVX-512 tier: the share of lane
 * iterations that work on a pair (lanes active entering an iteration of a lane block, over the block's
 * width times its iterations), with the library's refill (new pairs enter once half the lanes are free)
 * and without (a block's pairs run until its slowest one ends), on the hull and polygon scenes and the
 * mixed-shape scene (spheres, capsules, boxes and polytopes; gen_gjk.c). The polygon ray row clips
 * (no GJK loop, one ray per lane for one block pass) and has no row here; the polygon cast row's GJK
 * lanes run only the pairs its moving separating axes leave (near contact, overlapping at t = 0), so its
 * rows count those. The rows run the probe kernels
 * of gjk_lanes_probe3.c / _probe2.c (the tier's kernels with counters) in place of the tier's, through
 * the same batched call as every query row, and check their answers against the reference row.
 *
 * Rows: gjk_lanes/<query><scene>/<refill|block>/16384, counters lane_util, iters_per_pair (lane
 * iterations a pair takes), steps_per_pair (block iterations per pair: the time of a pair over it is an
 * upper bound of a block iteration's) and mismatch. */
#include <stdio.h>
#include <string.h>

#include <swept/swept.h>

#include "bench_common.h"
#include "bench_gjk_lanes.h"
#include "bench_scene.h"
#include "gjk_lanes_probe.h"
#include "shim.h"

gjk_lane_stats gjk_probe_stats;
unsigned gjk_probe_refill_at;

/* the probe kernels (gjk_lanes_probe3.c, _probe2.c) */
#define PROBE_PROTO(name) sw_kernel_fn sw_##name##_probe;
/* clang-format off */
#define PROBE_ROWS(X) \
	X(gjk3_hull3_overlap) X(gjk3_hull3_distance) X(gjk3_hull3_cast) \
	X(gjk2_poly2_overlap) X(gjk2_poly2_distance) X(gjk2_poly2_cast) \
	X(gjk3_overlap) X(gjk3_distance) X(gjk3_cast) X(gjk3_ray)
/* clang-format on */
PROBE_ROWS(PROBE_PROTO)

typedef struct lanes_row {
	sw_query q;
	sw_kernel_fn *probe;
	unsigned mix; /* gen_gjk_family's scene: 0 hulls and polygons, 1 mixed shapes */
	int refill;
	char name[96];
} lanes_row;

#define PROBE_ROW(name) {SW_Q_##name, sw_##name##_probe, 0, 0, ""},
static lanes_row rows[2 * 10] = {PROBE_ROWS(PROBE_ROW) PROBE_ROWS(PROBE_ROW)};

typedef struct lanes_ctx {
	const bench_scene *s;
	sw_query q;
} lanes_ctx;

static int run_window(const void *vctx, size_t off, size_t batch)
{
	const lanes_ctx *c = vctx;
	return bench_call(c->q, c->s, &c->s->out, off, batch);
}

static void bench_lanes(sw_bench_state *st, void *varg)
{
	const lanes_row *r = varg;
	const sw_query_desc *d = &sw_query_descs[r->q];
	bench_scene *s = bench_scene_get(&gen_gjk_family, r->mix, d->a, d->b, BENCH_POOL);
	const bench_cols *want = s ? bench_scene_want(s, r->q) : NULL;
	/* the AVX-512 table's entry, swapped for the probe while the row runs */
	sw_kernels *t = (sw_kernels *)sw_kernels_for(SW_ISA_AVX512);
	if (!want || !t || t->isa != SW_ISA_AVX512) {
		sw_bench_skip_with_error(st, want ? "no AVX-512 tier" : "scene generation failed");
		return;
	}
	sw_kernel_fn *own = t->fn[r->q];
	t->fn[r->q] = r->probe;
	gjk_probe_refill_at = r->refill ? SW_BLOCK / 2 : SW_BLOCK + 1;
	memset(&gjk_probe_stats, 0, sizeof gjk_probe_stats);
	bench_poison(&s->out, r->q);
	const lanes_ctx ctx = {s, r->q};
	const size_t done = bench_run_windows(st, SW_ISA_AVX512, s->out.status, s->n, BENCH_POOL, run_window, &ctx);
	t->fn[r->q] = own;
	if (!done)
		return;
	const gjk_lane_stats n = gjk_probe_stats;
	const double pairs = (double)sw_bench_iterations(st) * (double)BENCH_POOL;
	sw_bench_counter(st, "lane_util", n.steps ? (double)n.active / (double)(n.steps * SW_BLOCK) : 1.0);
	sw_bench_counter(st, "iters_per_pair", (double)n.active / pairs);
	sw_bench_counter(st, "steps_per_pair", (double)n.steps / pairs);
	sw_bench_counter(st, "mismatch", (double)bench_mismatches(&s->out, want, r->q, done));
}

int bench_gjk_lanes_register(void)
{
	if (!sw_isa_available(SW_ISA_AVX512))
		return 0;
	for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		lanes_row *r = &rows[k];
		const sw_query_desc *d = &sw_query_descs[r->q];
		r->refill = k < sizeof rows / sizeof rows[0] / 2;
		r->mix = d->a == SW_SRC_SHAPE3 || d->b == SW_SRC_SHAPE3;
		snprintf(r->name, sizeof r->name, "gjk_lanes/%s%s/%s/%d", d->name, r->mix ? "_mixed" : "",
			 r->refill ? "refill" : "block", BENCH_POOL);
		if (sw_bench_register(r->name, bench_lanes, r))
			return -1;
	}
	return 0;
}
