/* src/ref/circle_batch_tmpl.h — the earliest hit per mover and collide-and-slide over a pair list,
 * written once for 2D (circles and segments) and 3D (spheres and triangles). Included by
 * ref/circle_batch.c with these macros defined:
 *   CB_VEC, CB_GEOM, CB_MOVER, CB_OUT, CB_SLIDE_OUT  the types;
 *   CB_REF(c, r, v, geom, one_sided, out)            the single-pair reference;
 *   CB_MISS(out), CB_INVALID(out)                    its MISS and INVALID answers;
 *   CB_VEC_OK(v), CB_DOT(a, b), CB_AXPY(y, a, x)     y + a·x; CB_SCALE(x, a); CB_ZERO, CB_NAN;
 *   CB_CORNER(m, n, prev)                            the slide against two contacts;
 *   CB_EARLIEST, CB_SLIDE                            the names to define.
 *
 * Both are order-independent folds over the pair list: per mover, the smallest t among blocking
 * answers, ties to the lowest pair index (pairs are visited in index order and only a strictly
 * smaller t replaces the held one). A batched SIMD version computes the pairs' answers in lanes and
 * folds them with the same rule, which makes its results identical whatever the chunking. */

/* a mover satisfies the contract on its own */
static int CB_FN(mover_ok)(const CB_MOVER *m) { return CB_VEC_OK(m->c) & CB_VEC_OK(m->v) & sw_circle_radius_ok(m->r); }

/* folds pair k's answer `a` into mover answer `first` */
static void CB_FN(fold)(CB_OUT *first, uint32_t *first_pair, const CB_OUT *a, uint32_t k)
{
	if (first->status == SW_PAIR_INVALID)
		return;
	if (a->status == SW_PAIR_INVALID) {
		CB_INVALID(first);
		*first_pair = SW_CIRCLE_FEATURE_NONE;
		return;
	}
	int contact = a->status == SW_HIT || a->status == SW_STARTS_OVERLAPPED;
	if (contact && (first->status == SW_MISS || a->t < first->t)) {
		*first = *a;
		*first_pair = k;
	}
}

sw_error CB_EARLIEST(const CB_MOVER *movers, size_t n_movers, const CB_GEOM *geo, size_t n_geo, const sw_pair *pairs,
		     size_t n_pairs, const sw_circle_opts *opts, CB_OUT *first, uint32_t *first_pair, CB_OUT *per_pair)
{
	if (!first || (n_movers && !movers) || (n_pairs && !pairs) || (n_geo && !geo))
		return SW_ERR_NULL;
	if (n_movers > SW_MAX_BATCH || n_pairs > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	uint32_t one_sided = opts ? opts->one_sided : 0u, dummy;
	for (size_t i = 0; i < n_movers; i++) {
		if (CB_FN(mover_ok)(&movers[i]))
			CB_MISS(&first[i]);
		else
			CB_INVALID(&first[i]);
		if (first_pair)
			first_pair[i] = SW_CIRCLE_FEATURE_NONE;
	}
	for (size_t k = 0; k < n_pairs; k++) {
		uint32_t i = pairs[k].a, j = pairs[k].b;
		CB_OUT a;
		if (i >= n_movers || j >= n_geo)
			CB_INVALID(&a);
		else
			CB_REF(movers[i].c, movers[i].r, movers[i].v, &geo[j], one_sided, &a);
		if (per_pair)
			per_pair[k] = a;
		if (i < n_movers)
			CB_FN(fold)(&first[i], first_pair ? &first_pair[i] : &dummy, &a, (uint32_t)k);
	}
	return SW_OK;
}

/* Collide-and-slide. The sweep runs with radius r + skin. An answer blocks the motion m unless the
 * distance to that feature provably stays ≥ r + skin/2 over the whole motion. The distance from a
 * point moving on a line to a convex set is a convex function of t, so it lies above its tangent:
 *  - HIT at t with normal n: dist(τ) ≥ r + skin + (τ − t)·(m·n) for τ ≥ t (and ≥ r + skin before),
 *    which stays ≥ r + skin/2 on [0,1] when (1 − t)·(m·n) ≥ −skin/2;
 *  - STARTS_OVERLAPPED with depth d (dist(0) = r + skin − d): dist(τ) ≥ dist(0) + τ·(m·n), which
 *    stays ≥ r + skin/2 when (skin/2 − d) + m·n ≥ 0; and m·n ≥ 0 never brings it closer.
 * Both read: blocking ⇔ m·n < 0 and (skin/2 − depth) + (1 − t)·(m·n) < 0 (depth is 0 on a HIT).
 * Moving to the earliest blocking t therefore keeps every candidate at distance ≥ min(its distance
 * at the start, r + skin/2): a mover that starts outside (distance ≥ r) never ends inside, up to
 * the rounding of positions the skin absorbs. A contact the slide grazes after rounding (m·n a few
 * ulps below 0) does not block, which keeps a mover from stalling along a wall. */
static int CB_FN(blocks)(const CB_OUT *a, CB_VEC m, float skin)
{
	if (a->status != SW_HIT && a->status != SW_STARTS_OVERLAPPED)
		return 0;
	float mn = CB_DOT(m, a->normal);
	float g = (1.0f - a->t) * mn;
	return (mn < 0.0f) & ((0.5f * skin - a->depth) + g < 0.0f);
}

/* per mover, the round's earliest blocking contact */
typedef struct CB_FN(best) {
	float t;
	uint32_t pair;
} CB_FN(best);

static void CB_FN(slide_init)(const CB_MOVER *m, CB_SLIDE_OUT *s)
{
	memset(s, 0, sizeof *s);
	if (!CB_FN(mover_ok)(m)) {
		s->status = SW_PAIR_INVALID;
		s->position = s->remaining = CB_NAN;
		return;
	}
	s->status = SW_MISS;
	s->position = m->c;
	s->remaining = m->v;
}

static void CB_FN(slide_invalidate)(CB_SLIDE_OUT *s)
{
	memset(s, 0, sizeof *s);
	s->status = SW_PAIR_INVALID;
	s->position = s->remaining = CB_NAN;
}

/* still moving in round `it`: valid, took part in every round so far, motion left (round 0: all) */
static int CB_FN(active)(const CB_SLIDE_OUT *s, uint32_t it)
{
	if (s->status == SW_PAIR_INVALID || s->iterations != it)
		return 0;
	return it == 0 || CB_DOT(s->remaining, s->remaining) > 0.0f;
}

/* moves the mover to its round's blocking contact (or by all its motion) and slides */
static void CB_FN(advance)(CB_SLIDE_OUT *s, const CB_FN(best) * b)
{
	s->iterations++;
	if (b->pair == SW_CIRCLE_FEATURE_NONE) {
		s->position = CB_AXPY(s->position, 1.0f, s->remaining);
		s->remaining = CB_ZERO;
		return;
	}
	CB_VEC n = s->normals[s->hits];
	s->position = CB_AXPY(s->position, b->t, s->remaining);
	CB_VEC m = CB_SCALE(s->remaining, 1.0f - b->t);
	s->remaining = CB_CORNER(m, n, s->hits ? &s->normals[s->hits - 1] : NULL);
	s->pairs[s->hits++] = b->pair;
	if (s->status == SW_MISS)
		s->status = SW_HIT;
}

/* one round: every active mover's pairs swept from where it is, then every active mover advanced */
static void CB_FN(slide_round)(const CB_MOVER *movers, size_t n_movers, const CB_GEOM *geo, size_t n_geo,
			       const sw_pair *pairs, size_t n_pairs, const sw_circle_opts *o, uint32_t it,
			       CB_FN(best) * best, CB_SLIDE_OUT *out)
{
	for (size_t i = 0; i < n_movers; i++)
		best[i] = (CB_FN(best)){INFINITY, SW_CIRCLE_FEATURE_NONE};
	for (size_t k = 0; k < n_pairs; k++) {
		uint32_t i = pairs[k].a, j = pairs[k].b;
		if (i >= n_movers || !CB_FN(active)(&out[i], it))
			continue;
		CB_SLIDE_OUT *s = &out[i];
		CB_OUT a;
		if (j < n_geo)
			CB_REF(s->position, movers[i].r + o->skin, s->remaining, &geo[j], o->one_sided, &a);
		else
			CB_INVALID(&a);
		if (a.status == SW_PAIR_INVALID) {
			CB_FN(slide_invalidate)(s);
			continue;
		}
		/* started overlapping: within r, i.e. at least `skin` deep in the inflated sweep */
		if (it == 0 && a.status == SW_STARTS_OVERLAPPED && a.depth >= o->skin)
			s->status = SW_STARTS_OVERLAPPED;
		if (CB_FN(blocks)(&a, s->remaining, o->skin) && a.t < best[i].t) {
			best[i] = (CB_FN(best)){a.t, (uint32_t)k};
			s->normals[s->hits] = a.normal;
		}
	}
	for (size_t i = 0; i < n_movers; i++)
		if (CB_FN(active)(&out[i], it))
			CB_FN(advance)(&out[i], &best[i]);
}

sw_error CB_SLIDE(const CB_MOVER *movers, size_t n_movers, const CB_GEOM *geo, size_t n_geo, const sw_pair *pairs,
		  size_t n_pairs, const sw_circle_opts *opts, CB_SLIDE_OUT *out)
{
	if (!out || (n_movers && !movers) || (n_pairs && !pairs) || (n_geo && !geo))
		return SW_ERR_NULL;
	if (n_movers > SW_MAX_BATCH || n_pairs > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	sw_circle_opts o = opts ? *opts : SW_CIRCLE_OPTS_DEFAULT;
	if (o.iterations < 1 || o.iterations > SW_CIRCLE_MAX_ITERS || !(o.skin >= 0.0f && o.skin <= SW_MAX_COORD))
		return SW_ERR_ARG;
	CB_FN(best) *best = NULL;
	size_t bytes = n_movers * sizeof *best;
	if (n_movers && !(best = sw_alloc(bytes, 8)))
		return SW_ERR_NOMEM;
	for (size_t i = 0; i < n_movers; i++)
		CB_FN(slide_init)(&movers[i], &out[i]);
	for (uint32_t it = 0; it < o.iterations; it++)
		CB_FN(slide_round)(movers, n_movers, geo, n_geo, pairs, n_pairs, &o, it, best, out);
	sw_free(best, bytes);
	return SW_OK;
}
