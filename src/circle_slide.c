/* src/circle_slide.c — collide-and-slide (swept/circle.h), built on the batched sweep. Each round sweeps
 * every pair of every mover still moving, from where it is, with radius r + skin and its remaining
 * motion (a mover set of the call's own, written each round), a window of pairs at a time through the
 * pipeline; the answers are folded in pair order into each mover's earliest blocking contact (a later
 * pair replaces it only with a strictly smaller t: the lowest pair index among equals, whatever the
 * threads and chunks); then every mover moves to it and slides.
 *
 * Blocking. An answer blocks the motion m unless the distance to that feature provably stays
 * ≥ r + skin/2 over the whole motion. The distance from a point moving on a line to a convex set is a
 * convex function of t, so it lies above its tangent:
 *  - HIT at t with normal n: dist(τ) ≥ r + skin + (τ − t)·(m·n) for τ ≥ t (and ≥ r + skin before),
 *    which stays ≥ r + skin/2 on [0,1] when (1 − t)·(m·n) ≥ −skin/2;
 *  - STARTS_OVERLAPPED with depth d (dist(0) = r + skin − d): dist(τ) ≥ dist(0) + τ·(m·n), which stays
 *    ≥ r + skin/2 when (skin/2 − d) + m·n ≥ 0; and m·n ≥ 0 never brings it closer.
 * Both read: blocking ⇔ m·n < 0 and (skin/2 − depth) + (1 − t)·(m·n) < 0 (depth is 0 on a HIT). Moving
 * to the earliest blocking t keeps every candidate at distance ≥ min(its distance at the start,
 * r + skin/2): a mover that starts outside (distance ≥ r) never ends inside, up to the rounding of
 * positions the skin absorbs. A contact the slide grazes after rounding (m·n a few ulps below 0) does
 * not block, which keeps a mover from stalling along a wall.
 *
 * Corners. When a blocking contact n follows an earlier one p in the same step, the remaining motion
 * m is projected onto the cone {x : x·n ≥ 0, x·p ≥ 0} of motions that approach neither: m clipped
 * against n if that does not approach p, else m clipped against p if that does not approach n (the
 * longer of the two when both qualify), else the cone's edge — in 2D the apex (the mover stops in the
 * corner), in 3D the crease line n × p (it slides along the crease), as Quake's and most character
 * controllers do. "Does not approach" allows a few ulps of |m| (2^-20 of its largest coordinate): a
 * slide along one wall computed in float approaches it by rounding, and the same wall hit twice, or
 * two opposite walls of a corridor, must not stop the mover. No guarantee depends on this choice:
 * penetration is prevented by the blocking rule whatever direction the slide takes. */
#include "alloc.h"
#include "circle_call.h"
#include "ref/circle_ref.h"

/* a mover during the call */
typedef struct mover {
	float p[3], rem[3], r;
	float bt, bn[3];   /* the round's earliest blocking contact: time, normal */
	uint32_t bp;       /* its pair (SW_FEATURE_NONE: none) */
	uint32_t it, hits; /* sweeps made, blocking contacts */
	float prev[3];     /* the last blocking normal */
	sw_status st;
	uint32_t on; /* active() in this round: set by place(), cleared by invalidate() */
} mover;

static float dot(const float a[3], const float b[3]) { return (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2]; }

/* m with its component into n removed (sw_circle_clip3) */
static void clip(const float m[3], const float n[3], float o[3])
{
	float mn = dot(m, n), k = mn < 0.0f ? mn : 0.0f;
	for (int a = 0; a < 3; a++)
		o[a] = m[a] - k * n[a];
}

/* the motion m left after blocking contact n, the last one p (NULL: none before) */
static void corner(int dim, const float m[3], const float n[3], const float *p, float o[3])
{
	float a[3], b[3];
	clip(m, n, a);
	if (!p) {
		memcpy(o, a, sizeof a);
		return;
	}
	clip(m, p, b);
	float big = sw_circle_max(sw_circle_max(fabsf(m[0]), fabsf(m[1])), fabsf(m[2]));
	float tol = 0x1p-20f * big;
	int a_ok = dot(a, p) >= -tol, b_ok = dot(b, n) >= -tol;
	const float *pick = a_ok && b_ok ? (dot(a, a) >= dot(b, b) ? a : b) : a_ok ? a : b_ok ? b : NULL;
	if (pick) {
		memcpy(o, pick, sizeof a);
		return;
	}
	/* the apex in 2D; the crease in 3D: m projected onto n × p (zero if they are parallel) */
	sw_vec3 d = sw_v3_cross(sw_v3(n[0], n[1], n[2]), sw_v3(p[0], p[1], p[2]));
	float dd = dim == 3 ? sw_v3_dot(d, d) : 0.0f,
	      k = dd > 0.0f ? (d.x * m[0] + d.y * m[1] + d.z * m[2]) / dd : 0.0f;
	o[0] = dd > 0.0f ? d.x * k : 0.0f, o[1] = dd > 0.0f ? d.y * k : 0.0f, o[2] = dd > 0.0f ? d.z * k : 0.0f;
}

static void invalidate(mover *m)
{
	memset(m, 0, sizeof *m);
	m->st = SW_PAIR_INVALID;
	for (int a = 0; a < 3; a++)
		m->p[a] = m->rem[a] = NAN;
}

/* still moving in round `it`: valid, in every round so far, motion left (round 0: all) */
static int active(const mover *m, uint32_t it)
{
	return m->st != SW_PAIR_INVALID && m->it == it && (it == 0 || dot(m->rem, m->rem) > 0.0f);
}

/* whether a contact (HIT or STARTS_OVERLAPPED) at t with depth and normal n blocks the motion m */
static int blocks(float t, float depth, const float n[3], const float m[3], float skin)
{
	float mn = dot(m, n), g = (1.0f - t) * mn;
	return (mn < 0.0f) & ((0.5f * skin - depth) + g < 0.0f);
}

/* the round's movers as a set: centre where it is, radius r + skin, the motion left */
static void place(const circle_call *c, void *set, mover *mv, float skin, uint32_t it)
{
	for (size_t i = 0; i < c->n_movers; i++) {
		mover *m = &mv[i];
		m->on = (uint32_t)active(m, it);
		if (!m->on)
			continue;
		if (c->dim == 2) {
			sw_circle2_set *s = set;
			s->cx[i] = m->p[0], s->cy[i] = m->p[1], s->r[i] = m->r + skin;
			s->dx[i] = m->rem[0], s->dy[i] = m->rem[1];
		} else {
			sw_circle3_set *s = set;
			s->cx[i] = m->p[0], s->cy[i] = m->p[1], s->cz[i] = m->p[2], s->r[i] = m->r + skin;
			s->dx[i] = m->rem[0], s->dy[i] = m->rem[1], s->dz[i] = m->rem[2];
		}
	}
}

/* folds window answers [0, cnt) into the movers' earliest blocking contacts; only a contact's time,
 * depth and normal are read (the 2D z column is zero: circle_window_init) */
static void fold(const circle_window *w, size_t cnt, mover *mv, float skin, uint32_t it)
{
	for (size_t l = 0; l < cnt; l++) {
		mover *m = &mv[w->pairs[l].a];
		uint8_t st = w->status[l];
		if (st == SW_MISS || !m->on)
			continue;
		if (st == SW_PAIR_INVALID) {
			invalidate(m);
			continue;
		}
		if (st != SW_HIT && st != SW_STARTS_OVERLAPPED)
			continue;
		float t = w->f[0][l], depth = w->f[1][l], n[3] = {w->f[5][l], w->f[6][l], w->f[7][l]};
		/* started within r: at least `skin` deep in the inflated sweep */
		if (it == 0 && st == SW_STARTS_OVERLAPPED && depth >= skin)
			m->st = SW_STARTS_OVERLAPPED;
		if (blocks(t, depth, n, m->rem, skin) && t < m->bt) {
			m->bt = t, m->bp = w->index[l];
			memcpy(m->bn, n, sizeof n);
		}
	}
}

/* moves a mover to its round's blocking contact (or by all its motion) and slides; hit h's normal
 * and pair go to the output rows */
static void advance(int dim, mover *m, size_t i, const sw_slide_results *out)
{
	m->it++;
	if (m->bp == SW_FEATURE_NONE) {
		for (int a = 0; a < 3; a++)
			m->p[a] = m->p[a] + 1.0f * m->rem[a], m->rem[a] = 0.0f;
		return;
	}
	float rest[3];
	for (int a = 0; a < 3; a++) {
		m->p[a] = m->p[a] + m->bt * m->rem[a];
		rest[a] = m->rem[a] * (1.0f - m->bt);
	}
	corner(dim, rest, m->bn, m->hits ? m->prev : NULL, m->rem);
	size_t at = SW_CIRCLE_MAX_ITERS * i + m->hits;
	float *nc[3] = {out->nx, out->ny, dim == 3 ? out->nz : NULL};
	for (int a = 0; a < 3; a++)
		if (nc[a])
			nc[a][at] = m->bn[a];
	if (out->pair)
		out->pair[at] = m->bp;
	memcpy(m->prev, m->bn, sizeof m->prev);
	m->hits++;
	if (m->st == SW_MISS)
		m->st = SW_HIT;
}

/* one round: the pairs of the movers still moving, a window at a time, then every such mover moves */
static sw_error round_run(const circle_call *c, void *set, const sw_pair *pairs, size_t n, const sw_circle_opts *o,
			  const sw_batch_opts *run, circle_window *w, mover *mv, uint32_t it,
			  const sw_slide_results *out)
{
	place(c, set, mv, o->skin, it);
	for (size_t i = 0; i < c->n_movers; i++)
		mv[i].bt = INFINITY, mv[i].bp = SW_FEATURE_NONE;
	size_t k = 0;
	while (k < n) {
		size_t cnt = 0;
		for (; k < n && cnt < SW_CIRCLE_WINDOW; k++) {
			if (pairs[k].a >= c->n_movers || !mv[pairs[k].a].on)
				continue;
			w->pairs[cnt] = pairs[k], w->index[cnt++] = (uint32_t)k;
		}
		sw_error e = cnt ? circle_window_sweep(c, set, w->pairs, w, cnt, o, run) : SW_OK;
		if (e != SW_OK)
			return e;
		fold(w, cnt, mv, o->skin, it);
	}
	for (size_t i = 0; i < c->n_movers; i++)
		if (mv[i].on)
			advance(c->dim, &mv[i], i, out);
	return SW_OK;
}

static void results(const circle_call *c, const mover *mv, const sw_slide_results *out)
{
	float *pc[3] = {out->px, out->py, c->dim == 3 ? out->pz : NULL};
	float *rc[3] = {out->rx, out->ry, c->dim == 3 ? out->rz : NULL};
	for (size_t i = 0; i < c->n_movers; i++) {
		const mover *m = &mv[i];
		out->status[i] = (uint8_t)m->st;
		for (int a = 0; a < 3; a++) {
			if (pc[a])
				pc[a][i] = m->p[a];
			if (rc[a])
				rc[a][i] = m->rem[a];
		}
		if (out->iterations)
			out->iterations[i] = m->it;
		if (out->hits)
			out->hits[i] = m->hits;
	}
}

/* the call's own mover set, and the movers' start */
static void *movers_new(const circle_call *c, mover *mv)
{
	void *set = NULL;
	sw_error e = c->dim == 2 ? sw_circle2_set_create(c->n_movers, (sw_circle2_set **)&set)
				 : sw_circle3_set_create(c->n_movers, (sw_circle3_set **)&set);
	/* the set's table holds n_movers items: its count is what the kernels check indices against */
	if (e == SW_OK && c->dim == 2)
		((sw_circle2_set *)set)->t.count = c->n_movers;
	if (e == SW_OK && c->dim == 3)
		((sw_circle3_set *)set)->t.count = c->n_movers;
	for (size_t i = 0; e == SW_OK && i < c->n_movers; i++) {
		mover *m = &mv[i];
		memset(m, 0, sizeof *m);
		if (!circle_mover(c, i, m->p, &m->r, m->rem))
			invalidate(m);
	}
	return e == SW_OK ? set : NULL;
}

static void movers_free(const circle_call *c, void *set)
{
	if (c->dim == 2)
		sw_circle2_set_destroy(set);
	else
		sw_circle3_set_destroy(set);
}

static sw_error slide(int dim, const void *movers, const void *geo, const sw_pair *pairs, size_t n,
		      const sw_circle_opts *opts, const sw_batch_opts *run, const sw_slide_results *out)
{
	if (!movers || !geo || !out || !out->status || (n && !pairs))
		return SW_ERR_NULL;
	if (n > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	sw_circle_opts o = opts ? *opts : (sw_circle_opts){0, 0.0f, 4};
	if (o.iterations < 1 || o.iterations > SW_CIRCLE_MAX_ITERS || !(o.skin >= 0.0f && o.skin <= SW_MAX_COORD))
		return SW_ERR_ARG;
	circle_call c = circle_call_of(dim, movers, geo);
	size_t bytes = (c.n_movers ? c.n_movers : 1) * sizeof(mover);
	mover *mv = sw_alloc(bytes, 64);
	circle_window *w = sw_alloc(sizeof *w, 64);
	void *set = mv && w ? movers_new(&c, mv) : NULL;
	if (!set) {
		sw_free(mv, bytes), sw_free(w, sizeof *w);
		return SW_ERR_NOMEM;
	}
	circle_window_init(&c, w);
	sw_error e = SW_OK;
	for (uint32_t it = 0; it < o.iterations && e == SW_OK; it++)
		e = round_run(&c, set, pairs, n, &o, run, w, mv, it, out);
	if (e == SW_OK)
		results(&c, mv, out);
	movers_free(&c, set);
	sw_free(mv, bytes), sw_free(w, sizeof *w);
	return e;
}

sw_error sw_circle2_seg2_slide_batch(const sw_circle2_set *movers, const sw_seg2_set *segs, const sw_pair *pairs,
				     size_t n, const sw_circle_opts *opts, const sw_batch_opts *run,
				     const sw_slide_results *out)
{
	return slide(2, movers, segs, pairs, n, opts, run, out);
}

sw_error sw_circle3_tri3_slide_batch(const sw_circle3_set *movers, const sw_tri3_set *tris, const sw_pair *pairs,
				     size_t n, const sw_circle_opts *opts, const sw_batch_opts *run,
				     const sw_slide_results *out)
{
	return slide(3, movers, tris, pairs, n, opts, run, out);
}
