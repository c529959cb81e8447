/* bench/bench_circle.c — the calls built on the swept circle sweeps, per tier: the earliest hit of every
 * mover over its sixteen candidates (<family>_earliest/<tier>/<movers>) and collide-and-slide with four
 * iterations (<family>_slide/<tier>/<movers>), on the families' benchmark scenes (sixteen candidate
 * segments or triangles per mover, tests/common/gen_circle.c). items_per_second is movers per second;
 * one iteration is one whole call over every mover. Counters: `hit` (movers with a contact),
 * `sweeps` (pair sweeps per mover, slide only) and `mismatch` (movers whose answer differs in any
 * column from the reference tier's: must be 0). */
#include "bench_circle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_scene.h"
#include "shim.h"

enum { CANDIDATES = 16, SLIDE_ITERS = 4 };

static const size_t MOVERS[] = {1024, 16384};
#define NMOVERS (sizeof MOVERS / sizeof MOVERS[0])

typedef struct circle_arg {
	int dim, slide;
	sw_isa isa;
	size_t movers;
	char name[96];
} circle_arg;

static circle_arg args[2 * 2 * NMOVERS * SW_ISA_COUNT];

/* owned answer columns of one call: earliest (cast columns and first pairs) or slide */
typedef struct answers {
	size_t n;
	uint8_t *st;
	uint32_t *u[3];
	float *f[SW_MAX_FLOAT_COLS];
	sw_cast_results cast;
	sw_slide_results slide;
} answers;

static int answers_init(answers *a, size_t n)
{
	memset(a, 0, sizeof *a);
	a->n = n;
	int ok = (a->st = calloc(n, 1)) != NULL;
	for (int k = 0; k < 3; k++)
		ok = ok && (a->u[k] = calloc(SW_CIRCLE_MAX_ITERS * n, 4)) != NULL;
	for (int k = 0; k < SW_MAX_FLOAT_COLS; k++)
		ok = ok && (a->f[k] = calloc(SW_CIRCLE_MAX_ITERS * n, sizeof(float))) != NULL;
	float **f = a->f;
	a->cast = (sw_cast_results){a->st, a->u[0], f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10]};
	a->slide = (sw_slide_results){a->st,   f[0],    f[1], f[2], f[3], f[4],   f[5],
				      a->u[0], a->u[1], f[6], f[7], f[8], a->u[2]};
	return ok;
}

static void answers_free(answers *a)
{
	free(a->st);
	for (int k = 0; k < 3; k++)
		free(a->u[k]);
	for (int k = 0; k < SW_MAX_FLOAT_COLS; k++)
		free(a->f[k]);
}

/* movers whose answers differ (bit for bit, NaN matching NaN) in their own row of every column: the
 * earliest hit's answer and first pair, the slide's position, motion left, iterations and hits */
static size_t mismatches(const answers *x, const answers *y, size_t movers)
{
	size_t bad = 0;
	for (size_t i = 0; i < movers; i++) {
		int same = x->st[i] == y->st[i];
		for (int k = 0; k < 2; k++)
			same = same && x->u[k][i] == y->u[k][i];
		for (int k = 0; k < SW_MAX_FLOAT_COLS; k++) {
			float a = x->f[k][i], b = y->f[k][i];
			same = same && (memcmp(&a, &b, 4) == 0 || (a != a && b != b));
		}
		bad += !same;
	}
	return bad;
}

static sw_error call(const circle_arg *a, const gen_batch *g, const sw_circle_opts *o, answers *out)
{
	const sw_cast_results *c = &out->cast;
	if (a->slide)
		return a->dim == 2 ? sw_circle2_seg2_slide_batch(g->a, g->b, g->pairs, g->n, o, NULL, &out->slide)
				   : sw_circle3_tri3_slide_batch(g->a, g->b, g->pairs, g->n, o, NULL, &out->slide);
	return a->dim == 2 ? sw_circle2_seg2_earliest_batch(g->a, g->b, g->pairs, g->n, o, NULL, c, out->u[1], NULL)
			   : sw_circle3_tri3_earliest_batch(g->a, g->b, g->pairs, g->n, o, NULL, c, out->u[1], NULL);
}

static void bench_circle(sw_bench_state *st, void *varg)
{
	const circle_arg *a = varg;
	const gen_family *fam = a->dim == 2 ? &gen_circle2_family : &gen_circle3_family;
	sw_src sa = a->dim == 2 ? SW_SRC_CIRCLE2 : SW_SRC_CIRCLE3, sb = a->dim == 2 ? SW_SRC_SEG2 : SW_SRC_TRI3;
	bench_scene *s = bench_scene_get(fam, 0, sa, sb, CANDIDATES * a->movers);
	answers got, want;
	if (!s || !answers_init(&got, a->movers) || !answers_init(&want, a->movers)) {
		sw_bench_skip_with_error(st, "scene generation failed (out of memory?)");
		return;
	}
	const sw_circle_opts o = {0, a->slide ? 1e-3f : 0.0f, SLIDE_ITERS};
	sw_isa prev = sw_active_isa();
	sw_error e = bench_select_isa(SW_ISA_REF) ? call(a, &s->g, &o, &want) : SW_ERR_UNSUPPORTED;
	if (e == SW_OK && !bench_select_isa(a->isa))
		e = SW_ERR_UNSUPPORTED;
	while (e == SW_OK && sw_bench_keep_running(st))
		e = call(a, &s->g, &o, &got);
	sw_set_isa_cap(prev);
	if (e != SW_OK) {
		sw_bench_skip_with_error(st, "the call failed or the tier is not available");
	} else {
		size_t hit = 0, sweeps = 0;
		for (size_t i = 0; i < a->movers; i++) {
			hit += got.st[i] == SW_HIT || got.st[i] == SW_STARTS_OVERLAPPED;
			sweeps += a->slide ? got.u[0][i] : 1;
		}
		sw_bench_set_items_processed(st, sw_bench_iterations(st) * (int64_t)a->movers);
		sw_bench_counter(st, "hit", (double)hit / (double)a->movers);
		if (a->slide)
			sw_bench_counter(st, "sweeps", (double)(sweeps * CANDIDATES) / (double)a->movers);
		size_t bad = mismatches(&got, &want, a->movers);
		sw_bench_counter(st, "mismatch", (double)bad);
		if (bad)
			fprintf(stderr, "%s: %zu of %zu movers differ from the reference tier's\n", a->name, bad,
				a->movers);
	}
	answers_free(&got), answers_free(&want);
}

void bench_circle_register(void)
{
	size_t nargs = 0;
	for (int dim = 2; dim <= 3; dim++)
		for (int slide = 0; slide < 2; slide++)
			for (size_t m = 0; m < NMOVERS; m++)
				for (int i = 0; i < SW_ISA_COUNT; i++) {
					if (!sw_isa_available((sw_isa)i))
						continue;
					circle_arg *a = &args[nargs++];
					a->dim = dim, a->slide = slide, a->isa = (sw_isa)i, a->movers = MOVERS[m];
					snprintf(a->name, sizeof a->name, "%s_%s/%s/%zu",
						 dim == 2 ? "circle2_seg2" : "circle3_tri3",
						 slide ? "slide" : "earliest", sw_isa_name(a->isa), a->movers);
					sw_bench_register(a->name, bench_circle, a);
				}
}
