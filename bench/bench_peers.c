/* bench/bench_peers.c — the one registration of the peers (bench_peers.h) and their timed body. */
#include "bench_peers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_common.h"
#include "shim.h"

static const bench_peer *const PEERS[] = {
#ifdef SW_HAVE_BULLET
	&bench_peer_bullet_box,
#endif
#ifdef SW_HAVE_BOX2D
	&bench_peer_box2d_toi,
	&bench_peer_box2d_cast,
#endif
#ifdef SW_HAVE_BULLET
	&bench_peer_bullet_hull_subsimplex,
	&bench_peer_bullet_hull_ccd,
#endif
#ifdef SW_HAVE_BOX2D
	&bench_peer_circle_cast,
	&bench_peer_circle_toi,
#endif
#ifdef SW_HAVE_BULLET
	&bench_peer_sphere_subsimplex,
	&bench_peer_sphere_ccd,
#endif
#ifdef SW_HAVE_CCD
	&bench_peer_ccd_gjk,
	&bench_peer_ccd_mpr,
#endif
#ifdef SW_HAVE_BULLET
	&bench_peer_bullet_gjk,
	&bench_peer_bullet_gjk_subsimplex,
	&bench_peer_bullet_gjk_cast,
	&bench_peer_bullet_ray_hull,
#endif
#ifdef SW_HAVE_BOX2D
	&bench_peer_box2d_distance,
	&bench_peer_box2d_overlap,
	&bench_peer_box2d_gjk_cast,
	&bench_peer_box2d_ray,
#endif
	NULL, /* keeps the array non-empty without peers */
};
#define NPEERS (sizeof PEERS / sizeof PEERS[0] - 1)

static const size_t BATCHES[] = {1024, 16384};
#define NBATCH (sizeof BATCHES / sizeof BATCHES[0])

/* a built side, shared by the peers with the same builder on the same batch */
typedef struct side {
	void *(*build)(const gen_batch *g, size_t n);
	void (*free)(void *side);
	size_t batch;
	void *p;
} side;

static side sides[NPEERS * NBATCH + 1];

/* one peer on one batch and its agreement figures */
typedef struct peer_arg {
	const bench_peer *peer;
	size_t batch;
	void *side;
	int checked;
	bench_agree agree;
} peer_arg;

static peer_arg args[NPEERS * NBATCH + 1];

static void *side_get(const bench_peer *p, const gen_batch *g, size_t batch)
{
	for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		side *s = &sides[i];
		if (s->build == p->build && s->batch == batch)
			return s->p;
		if (!s->build) {
			if (!(s->p = p->build(g, batch)))
				return NULL;
			s->build = p->build, s->free = p->free, s->batch = batch;
			return s->p;
		}
	}
	return NULL;
}

/* one timed pass of the peer over its pairs (bench_time_peer) */
static size_t peer_pass(void *varg)
{
	const peer_arg *a = varg;
	return a->peer->pass(a->side, a->peer->variant);
}

static void bench_peer_run(sw_bench_state *st, void *varg)
{
	peer_arg *a = varg;
	const bench_peer *p = a->peer;
	const sw_query_desc *d = &sw_query_descs[p->q];
	bench_scene *s = bench_scene_get(gen_for(d), 0, d->a, d->b, bench_pool(a->batch));
	const bench_cols *want = s ? bench_scene_want(s, p->q) : NULL;
	if (!want) {
		sw_bench_skip_with_error(st, "scene generation failed (out of memory?)");
		return;
	}
	if (!a->side && !(a->side = side_get(p, &s->g, a->batch))) {
		sw_bench_skip_with_error(st, "building the peer's shapes failed");
		return;
	}
	if (!a->checked) {
		if (!p->check(a->side, p->variant, &s->g, want, a->batch, &a->agree)) {
			sw_bench_skip_with_error(st, "out of memory");
			return;
		}
		a->checked = 1;
	}
	bench_time_peer(st, a->batch, peer_pass, a, a->agree.agree, a->agree.agree_sep, a->agree.toi_dmean);
	if (a->agree.stop_gap >= 0)
		sw_bench_counter(st, "stop_gap", a->agree.stop_gap);
}

void bench_peers_register(void)
{
	char name[128];
	size_t nargs = 0;
	/* PEERS ends with NULL (and is only that without peers) */
	for (size_t i = 0; PEERS[i]; i++) {
		for (size_t b = 0; b < NBATCH; b++) {
			peer_arg *a = &args[nargs++];
			a->peer = PEERS[i], a->batch = BATCHES[b];
			snprintf(name, sizeof name, "%s/%zu", PEERS[i]->name, BATCHES[b]);
			sw_bench_register(name, bench_peer_run, a);
		}
	}
}

void bench_peers_free(void)
{
	for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++)
		if (sides[i].build)
			sides[i].free(sides[i].p);
}

int bench_tally_add(bench_tally *t, int status, float t_first, int peer_hit, float peer_t)
{
	int sh = bench_is_hit(status), same = sh == (peer_hit != 0);
	t->n++;
	t->agree += same;
	if (status != SW_STARTS_OVERLAPPED) {
		t->nsep++;
		t->agree_sep += same;
	}
	if (same && status == SW_HIT) {
		double d = (double)peer_t - (double)t_first;
		t->toi_sum += fabs(d);
		t->toi_max = fabs(d) > t->toi_max ? fabs(d) : t->toi_max;
		t->late += d > 0;
		t->off += fabs(d) > 1e-2;
		t->ntoi++;
	}
	if (!same) {
		t->dis_ovl += status == SW_STARTS_OVERLAPPED;
		t->dis_hit += status == SW_HIT;
		t->dis_miss += !sh;
	}
	return same;
}

void bench_tally_agree(const bench_tally *t, bench_agree *out)
{
	out->agree = t->n ? (double)t->agree / (double)t->n : 1.0;
	out->agree_sep = t->nsep ? (double)t->agree_sep / (double)t->nsep : 1.0;
	out->toi_dmean = t->ntoi ? t->toi_sum / (double)t->ntoi : 0.0;
	out->stop_gap = -1;
}
