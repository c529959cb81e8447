/* bench/bench_mixed.c — what a mixed pair list costs over calls per pair type: the benchmark scenes of
 * the box, box–triangle and hull sweeps (a third of the pairs each), shuffled into one list for
 * sw_mixed_sweep_batch() (`mixed/sweep/one_call/<pairs>`), against the same pairs answered by one
 * sw_run() per type on the same pairs bucketed by the caller beforehand, untimed (`mixed/sweep/per_type/<pairs>`):
 * the difference is what bucketing and putting the answers back cost. items_per_second
 * is pairs per second; `mismatch` counts pairs whose one-call answer differs from the per-type one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/swept.h>

#include "bench_common.h"
#include "bench_mixed.h"
#include "bench_scene.h"
#include "pipeline.h"
#include "shim.h"

#define MX_TYPES 3
#define MX_SIZES 2

static const size_t mx_sizes[MX_SIZES] = {3 * 1024, 3 * 16384};
/* the pair types of the list, a third of its pairs each */
static const sw_query mx_query[MX_TYPES] = {SW_Q_obb3_sweep, SW_Q_obb3_tri3_sweep, SW_Q_hull3_sweep};

typedef struct mx_arg {
	int one_call;
	size_t n;
	char name[64];
} mx_arg;

static mx_arg mx_args[2 * MX_SIZES];

/* the scenes, the shuffled list and the answers of both ways */
typedef struct mx_input {
	bench_scene *s[MX_TYPES];
	sw_set_ref sets[2 * MX_TYPES];
	sw_mixed_pair *list;
	sw_pair *per;    /* the list bucketed by type, in the list's order within a type */
	uint32_t *where; /* list position → position in `per` */
	uint8_t *status, *status_per;
	float *t, *t_per, *nx, *nx_per;
} mx_input;

static void mx_free(mx_input *in)
{
	free(in->list), free(in->per), free(in->where);
	free(in->status), free(in->status_per);
	free(in->t), free(in->t_per), free(in->nx), free(in->nx_per);
}

static sw_set_kind mx_kind(sw_src s)
{
	return s == SW_SRC_OBB3 ? SW_SET_OBB3 : s == SW_SRC_TRI3 ? SW_SET_TRI3 : SW_SET_HULL3;
}

static int mx_make(size_t n, mx_input *in)
{
	const gen_family *fam[MX_TYPES] = {&gen_box_family, &gen_box_tri_family, &gen_hull_family};
	memset(in, 0, sizeof *in);
	size_t each = n / MX_TYPES;
	in->list = malloc(n * sizeof *in->list), in->where = malloc(n * sizeof *in->where);
	in->per = malloc(n * sizeof *in->per);
	in->status = malloc(n), in->status_per = malloc(n);
	in->t = malloc(n * 4), in->t_per = malloc(n * 4), in->nx = malloc(n * 4), in->nx_per = malloc(n * 4);
	if (!in->list || !in->per || !in->where || !in->status || !in->status_per || !in->t || !in->t_per || !in->nx ||
	    !in->nx_per)
		return 0;
	for (int k = 0; k < MX_TYPES; k++) {
		const sw_query_desc *d = &sw_query_descs[mx_query[k]];
		in->s[k] = bench_scene_get(fam[k], 0, d->a, d->b, each);
		if (!in->s[k])
			return 0;
		in->sets[2 * k] = (sw_set_ref){mx_kind(d->a), in->s[k]->g.a};
		in->sets[2 * k + 1] = (sw_set_ref){mx_kind(d->b), in->s[k]->g.b};
		for (size_t i = 0; i < each; i++) {
			const sw_pair *p = &in->s[k]->g.pairs[i];
			in->list[k * each + i] = (sw_mixed_pair){2u * k, p->a, 2u * k + 1, p->b};
		}
	}
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (size_t i = n - 1; i > 0; i--) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		size_t j = (size_t)(x % (i + 1));
		sw_mixed_pair t = in->list[i];
		in->list[i] = in->list[j], in->list[j] = t;
	}
	/* the caller's own bucketing, done once: the per-type calls see each type's pairs in the order
	 * the list has them, as the one call's buckets do */
	size_t fill[MX_TYPES] = {0};
	for (size_t i = 0; i < MX_TYPES * each; i++) {
		uint32_t k = in->list[i].set_a / 2;
		size_t at = k * each + fill[k]++;
		in->per[at] = (sw_pair){in->list[i].a, in->list[i].b};
		in->where[i] = (uint32_t)at;
	}
	return 1;
}

static sw_error mx_per_type(const mx_input *in, size_t each)
{
	sw_error e = SW_OK;
	for (int k = 0; k < MX_TYPES && e == SW_OK; k++) {
		size_t o = k * each;
		sw_sweep_results r = {in->status_per + o, NULL, in->t_per + o, NULL, in->nx_per + o, NULL, NULL};
		e = sw_run(mx_query[k], in->s[k]->g.a, in->s[k]->g.b, in->per + o, each, NULL, NULL, &r);
	}
	return e;
}

static void bench_mixed(sw_bench_state *st, void *varg)
{
	const mx_arg *a = varg;
	mx_input in;
	if (!mx_make(a->n, &in)) {
		mx_free(&in);
		sw_bench_skip_with_error(st, "scene generation failed");
		return;
	}
	size_t each = a->n / MX_TYPES, n = each * MX_TYPES;
	sw_isa prev = sw_active_isa();
	bench_select_isa(sw_best_isa());
	sw_sweep_results r = {in.status, NULL, in.t, NULL, in.nx, NULL, NULL};
	sw_error e = SW_OK;
	while (sw_bench_keep_running(st) && e == SW_OK)
		e = a->one_call ? sw_mixed_sweep_batch(in.sets, 2 * MX_TYPES, in.list, n, NULL, NULL, &r)
				: mx_per_type(&in, each);
	if (e == SW_OK && a->one_call && mx_per_type(&in, each) == SW_OK) {
		size_t bad = 0;
		for (size_t i = 0; i < n; i++)
			bad += in.status[i] != in.status_per[in.where[i]] ||
			       memcmp(&in.t[i], &in.t_per[in.where[i]], 4) != 0 ||
			       memcmp(&in.nx[i], &in.nx_per[in.where[i]], 4) != 0;
		sw_bench_counter(st, "mismatch", (double)bad);
	}
	sw_set_isa_cap(prev);
	if (e != SW_OK)
		sw_bench_skip_with_error(st, "a call failed");
	sw_bench_set_items_processed(st, sw_bench_iterations(st) * (int64_t)n);
	mx_free(&in);
}

void bench_mixed_register(void)
{
	size_t k = 0;
	for (int one = 1; one >= 0; one--)
		for (size_t s = 0; s < MX_SIZES; s++) {
			mx_arg *a = &mx_args[k++];
			a->one_call = one, a->n = mx_sizes[s];
			snprintf(a->name, sizeof a->name, "mixed/sweep/%s/%zu", one ? "one_call" : "per_type", a->n);
			sw_bench_register(a->name, bench_mixed, a);
		}
}
