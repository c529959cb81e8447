/* src/split_batch.c — the batched splits: their public entry points (the call's checks, then the
 * pipeline on the split rows of the query list) and the reference rows of the kernel table, which
 * answer item by item with the scalar reference (src/ref/split_*.c) and write pieces by the passes of
 * a variable-length answer (src/job.h).
 *
 * How split joins the query list: its items are not pairs of set instances but the call's own soup or
 * hulls, each by its plane, so a split row's source is the whole call (sw_split_src, no pair list,
 * items [0, n)) and its answer a kind of its own: pieces (variable-length, two sides), hulls, or the
 * mass columns. The pipeline chunks items and runs threads as for pairs; pieces add one general
 * mechanism to it (count, prefix, write), which any query with variable-length output can use. */
#include <string.h>

#include "pipeline.h"
#include "split_item.h"
#include "split_job.h"

/* ---- reference rows ---- */

/* the prepared plane of item i with the call's eps, or NULL when it breaks the contract */
static const sw_split_plane *plane_at(const sw_job *j, size_t i, int D, sw_split_plane *pl)
{
	const sw_split_src *s = j->a;
	const float *f = sw_split_plane_of(s, i, D);
	float eps = ((const sw_split_opts *)j->opts)->eps;
	return sw_split_plane_prep(D, f, f + D, eps, pl) ? pl : NULL;
}

/* item i's elements of one side by the job's pass: `fl` floats and `fa` attribute floats each */
static void put_side(const sw_pieces_results *o, int side, size_t i, const float *el, const float *at, uint32_t cnt,
		     int fl, uint32_t fa)
{
	const sw_piece_side *sd = &o->side[side];
	if (!sd->first)
		return;
	if (o->pass == SW_PASS_COUNT) {
		sd->first[i + 1] = cnt;
		return;
	}
	size_t at0 = sd->first[i];
	memcpy(sd->elems + at0 * (size_t)fl, el, sizeof(float) * (size_t)fl * cnt);
	if (sd->attrs && fa)
		memcpy(sd->attrs + at0 * fa, at, sizeof(float) * fa * cnt);
	if (o->pass == SW_PASS_SEQ)
		sd->first[i + 1] = (uint32_t)(at0 + cnt);
}

static void put_status(const sw_pieces_results *o, size_t i, const sw_split_output *r)
{
	if (o->pass == SW_PASS_COUNT)
		return;
	o->status[i] = (uint8_t)r->status;
	if (o->cls)
		o->cls[i] = (uint8_t)r->cls;
}

#define PIECE SW_SPLIT_MAX_PIECE(SW_SPLIT_MAX_VERTS)

static void poly_rows(const sw_job *j, int D)
{
	const sw_split_src *s = j->a;
	const sw_pieces_results *o = j->out;
	float fv[PIECE * 3], bv[PIECE * 3], fa[PIECE * SW_SPLIT_MAX_ATTRS], ba[PIECE * SW_SPLIT_MAX_ATTRS];
	uint32_t k = s->k;
	int want_a = k && o->pass != SW_PASS_COUNT;
	for (size_t i = j->off; i < j->off + j->n; i++) {
		sw_split_plane pl;
		sw_split_output r;
		uint32_t n = sw_split_count(s, i);
		const float *v = s->verts + (size_t)s->first[i] * D, *a = k ? s->attrs + (size_t)s->first[i] * k : NULL;
		sw_split_poly_ref(D, n ? v : NULL, n, plane_at(j, i, D, &pl), a, k, fv, want_a ? fa : NULL, bv,
				  want_a ? ba : NULL, &r);
		put_side(o, 0, i, fv, fa, r.front_count, D, k);
		put_side(o, 1, i, bv, ba, r.back_count, D, k);
		put_status(o, i, &r);
	}
}

void sw_poly2_split_ref(const sw_job *j) { poly_rows(j, 2); }
void sw_poly3_split_ref(const sw_job *j) { poly_rows(j, 3); }

void sw_tri3_split_ref(const sw_job *j)
{
	const sw_split_src *s = j->a;
	const sw_pieces_results *o = j->out;
	float ft[18], bt[18], fa[6 * SW_SPLIT_MAX_ATTRS], ba[6 * SW_SPLIT_MAX_ATTRS];
	uint32_t k = s->k;
	int want_a = k && o->pass != SW_PASS_COUNT;
	for (size_t i = j->off; i < j->off + j->n; i++) {
		sw_split_plane pl;
		sw_split_output r;
		sw_split_tri_ref(s->verts + 9 * i, plane_at(j, i, 3, &pl), k ? s->attrs + 3 * k * i : NULL, k, ft,
				 want_a ? fa : NULL, bt, want_a ? ba : NULL, &r);
		put_side(o, 0, i, ft, fa, r.front_count, 9, 3 * k);
		put_side(o, 1, i, bt, ba, r.back_count, 9, 3 * k);
		put_status(o, i, &r);
	}
}

void sw_hull3_split_ref(const sw_job *j)
{
	const sw_split_src *s = j->a;
	const sw_split_hull_results *o = j->out;
	int trusted = ((const sw_split_opts *)j->opts)->trusted != 0;
	for (size_t i = j->off; i < j->off + j->n; i++) {
		sw_split_plane pl;
		sw_split_output r;
		sw_hull3 *f = o->front ? &o->front[i] : NULL, *b = o->back ? &o->back[i] : NULL;
		sw_split_hull_ref(&s->hulls[i], plane_at(j, i, 3, &pl), trusted, f, b, &r);
		if (r.status == SW_PAIR_INVALID) /* no pieces for an invalid item */
			for (int side = 0; side < 2; side++) {
				sw_hull3 *h = side ? b : f;
				if (h) {
					h->num_verts = h->num_faces = h->num_edges = h->num_dirs = 0;
					h->seal = 0;
				}
			}
		o->status[i] = (uint8_t)r.status;
		if (o->cls)
			o->cls[i] = (uint8_t)r.cls;
	}
}

/* item i's mass answer into the columns that are not NULL (2D: no z) */
static void mass_put(const sw_split_mass_results *o, size_t i, const sw_split_mass3 *m, int D)
{
	float *col[8] = {o->front_measure,
			 o->back_measure,
			 o->front_cx,
			 o->front_cy,
			 D == 3 ? o->front_cz : NULL,
			 o->back_cx,
			 o->back_cy,
			 D == 3 ? o->back_cz : NULL};
	const float val[8] = {m->front_measure,    m->back_measure,    m->front_centroid.x, m->front_centroid.y,
			      m->front_centroid.z, m->back_centroid.x, m->back_centroid.y,  m->back_centroid.z};
	o->status[i] = (uint8_t)m->status;
	if (o->cls)
		o->cls[i] = (uint8_t)m->cls;
	for (int c = 0; c < 8; c++)
		if (col[c])
			col[c][i] = val[c];
}

static void poly_mass_rows(const sw_job *j, int D)
{
	const sw_split_src *s = j->a;
	for (size_t i = j->off; i < j->off + j->n; i++) {
		sw_split_plane pl;
		sw_split_mass3 m;
		uint32_t n = sw_split_count(s, i);
		sw_split_poly_mass_ref(D, n ? s->verts + (size_t)s->first[i] * D : NULL, n, plane_at(j, i, D, &pl), &m);
		mass_put(j->out, i, &m, D);
	}
}

void sw_poly2_split_mass_ref(const sw_job *j) { poly_mass_rows(j, 2); }
void sw_poly3_split_mass_ref(const sw_job *j) { poly_mass_rows(j, 3); }

void sw_hull3_split_mass_ref(const sw_job *j)
{
	const sw_split_src *s = j->a;
	int trusted = ((const sw_split_opts *)j->opts)->trusted != 0;
	for (size_t i = j->off; i < j->off + j->n; i++) {
		sw_split_plane pl;
		sw_split_mass3 m;
		sw_split_hull_mass_ref(&s->hulls[i], plane_at(j, i, 3, &pl), trusted, &m);
		mass_put(j->out, i, &m, 3);
	}
}

/* ---- public entry points ---- */

/* the checks every batched split shares: results, planes, counts, options */
static sw_error call_check(size_t n, const void *planes, size_t nplanes, const sw_split_opts *opts, const void *status)
{
	float eps;
	if (n && (!planes || !status))
		return SW_ERR_NULL;
	if (n > SW_MAX_BATCH || (n && nplanes != 1 && nplanes != n))
		return SW_ERR_SIZE;
	return sw_split_eps(opts, &eps) ? SW_OK : SW_ERR_ARG;
}

/* a soup's items (vertices and, for polygons, offsets) and attributes */
static sw_error soup_check(size_t n, const void *verts, int offsets_ok, const float *attrs, uint32_t k)
{
	if ((n && (!verts || !offsets_ok)) || (k && !attrs))
		return SW_ERR_NULL;
	return k > SW_SPLIT_MAX_ATTRS ? SW_ERR_ARG : SW_OK;
}

/* one side of a pieces answer from the caller's struct fields (elems NULL only with capacity 0) */
static sw_error side_of(sw_piece_side *sd, void *elems, float *attrs, size_t capacity, uint32_t *first, size_t *total)
{
	if (!first || (!elems && capacity))
		return SW_ERR_NULL;
	*sd = (sw_piece_side){elems, attrs, capacity, first, total};
	return SW_OK;
}

/* a pieces call after its checks: n = 0 writes the empty offsets */
static sw_error run_pieces(sw_query q, const sw_split_src *src, size_t n, const sw_split_opts *opts,
			   const sw_batch_opts *run, sw_pieces_results *o)
{
	if (n == 0) {
		for (int s = 0; s < 2; s++)
			if (o->side[s].first)
				o->side[s].first[0] = 0, *o->side[s].total = 0;
		return SW_OK;
	}
	return sw_run(q, src, NULL, NULL, n, opts, run, o);
}

/* the most vertices either side of a polygon soup's pieces can take (n + n/2 per valid polygon), and
 * the end of the furthest polygon the split reads (src->vend) */
static size_t poly_worst(sw_split_src *s, size_t n)
{
	size_t w = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t c = sw_split_count(s, i);
		w += c <= SW_SPLIT_MAX_VERTS ? SW_SPLIT_MAX_PIECE(c) : 0;
	}
	s->vend = sw_split_vend(s, n);
	return w;
}

/* the end of the furthest polygon (for the mass queries, which need no worst case) */
static void poly_end(sw_split_src *s, size_t n) { s->vend = sw_split_vend(s, n); }

static sw_error poly_split(sw_query q, const void *verts, const uint32_t *first, size_t n, const float *attrs,
			   uint32_t k, const void *planes, size_t nplanes, const sw_split_opts *opts,
			   const sw_batch_opts *run, const sw_split_results *res, sw_pieces_results *o)
{
	if (!res)
		return SW_ERR_NULL;
	sw_error e = call_check(n, planes, nplanes, opts, res->status);
	e = e == SW_OK ? soup_check(n, verts, first != NULL, attrs, k) : e;
	if (e != SW_OK)
		return e;
	sw_split_src src = {verts, first, NULL, attrs, k, planes, nplanes, 0};
	o->status = res->status, o->cls = res->cls;
	o->worst = poly_worst(&src, n);
	return run_pieces(q, &src, n, opts, run, o);
}

/* the front (s = 0) or back (s = 1) side of a pieces call from its pieces struct p of any family (NULL:
 * that side not wanted); `elems` names the struct's output array */
#define SIDE_OF(o, s, p, elems) \
	((p) ? side_of(&(o)->side[s], (p)->elems, (p)->attrs, (p)->capacity, (p)->first, &(p)->total) : SW_OK)

/* the polygon split of dimension D */
#define POLY_SPLIT_BATCH(D)                                                                                         \
	sw_error sw_poly##D##_split_batch(const sw_poly##D##_soup *in, const sw_plane##D *planes, size_t nplanes,   \
					  const sw_split_opts *opts, const sw_batch_opts *run,                      \
					  sw_poly##D##_pieces *front, sw_poly##D##_pieces *back,                    \
					  const sw_split_results *res)                                              \
	{                                                                                                           \
		sw_pieces_results o;                                                                                \
		memset(&o, 0, sizeof o);                                                                            \
		sw_error e = in ? SIDE_OF(&o, 0, front, verts) : SW_ERR_NULL;                                       \
		e = e == SW_OK ? SIDE_OF(&o, 1, back, verts) : e;                                                   \
		if (e != SW_OK)                                                                                     \
			return e;                                                                                   \
		return poly_split(SW_Q_poly##D##_split, in->verts, in->first, in->count, in->attrs, in->attr_count, \
				  planes, nplanes, opts, run, res, &o);                                             \
	}

POLY_SPLIT_BATCH(2)
POLY_SPLIT_BATCH(3)

sw_error sw_tri3_split_batch(const sw_tri3_soup *in, const sw_plane3 *planes, size_t nplanes, const sw_split_opts *opts,
			     const sw_batch_opts *run, sw_tri3_pieces *front, sw_tri3_pieces *back,
			     const sw_split_results *res)
{
	sw_pieces_results o;
	memset(&o, 0, sizeof o);
	if (!in || !res)
		return SW_ERR_NULL;
	sw_error e = call_check(in->count, planes, nplanes, opts, res->status);
	e = e == SW_OK ? soup_check(in->count, in->tris, 1, in->attrs, in->attr_count) : e;
	e = e == SW_OK ? SIDE_OF(&o, 0, front, tris) : e;
	e = e == SW_OK ? SIDE_OF(&o, 1, back, tris) : e;
	if (e != SW_OK)
		return e;
	sw_split_src src = {(const float *)in->tris, NULL,    NULL,     in->attrs, in->attr_count,
			    (const float *)planes,   nplanes, in->count};
	o.status = res->status, o.cls = res->cls;
	o.worst = 2 * in->count;
	return run_pieces(SW_Q_tri3_split, &src, in->count, opts, run, &o);
}

sw_error sw_hull3_split_batch(const sw_hull3 *hulls, size_t n, const sw_plane3 *planes, size_t nplanes,
			      const sw_split_opts *opts, const sw_batch_opts *run, sw_hull3 *front, sw_hull3 *back,
			      const sw_split_results *res)
{
	if (!res || (n && !hulls))
		return SW_ERR_NULL;
	sw_error e = call_check(n, planes, nplanes, opts, res->status);
	if (e != SW_OK || n == 0)
		return e;
	sw_split_src src = {NULL, NULL, hulls, NULL, 0, (const float *)planes, nplanes, 0};
	sw_split_hull_results o = {res->status, res->cls, front, back};
	return sw_run(SW_Q_hull3_split, &src, NULL, NULL, n, opts, run, &o);
}

static sw_error mass_batch(sw_query q, const sw_split_src *src, size_t n, const sw_split_opts *opts,
			   const sw_batch_opts *run, const sw_split_mass_results *out)
{
	if (!out)
		return SW_ERR_NULL;
	sw_error e = call_check(n, src->planes, src->nplanes, opts, out->status);
	if (e != SW_OK || n == 0)
		return e;
	return sw_run(q, src, NULL, NULL, n, opts, run, out);
}

sw_error sw_poly2_split_mass_batch(const sw_poly2_soup *in, const sw_plane2 *planes, size_t nplanes,
				   const sw_split_opts *opts, const sw_batch_opts *run,
				   const sw_split_mass_results *out)
{
	if (!in)
		return SW_ERR_NULL;
	sw_error e = soup_check(in->count, in->verts, in->first != NULL, NULL, 0);
	sw_split_src src = {(const float *)in->verts, in->first, NULL, NULL, 0, (const float *)planes, nplanes, 0};
	if (e == SW_OK && in->count <= SW_MAX_BATCH)
		poly_end(&src, in->count);
	return e != SW_OK ? e : mass_batch(SW_Q_poly2_split_mass, &src, in->count, opts, run, out);
}

sw_error sw_poly3_split_mass_batch(const sw_poly3_soup *in, const sw_plane3 *planes, size_t nplanes,
				   const sw_split_opts *opts, const sw_batch_opts *run,
				   const sw_split_mass_results *out)
{
	if (!in)
		return SW_ERR_NULL;
	sw_error e = soup_check(in->count, in->verts, in->first != NULL, NULL, 0);
	sw_split_src src = {(const float *)in->verts, in->first, NULL, NULL, 0, (const float *)planes, nplanes, 0};
	if (e == SW_OK && in->count <= SW_MAX_BATCH)
		poly_end(&src, in->count);
	return e != SW_OK ? e : mass_batch(SW_Q_poly3_split_mass, &src, in->count, opts, run, out);
}

sw_error sw_hull3_split_mass_batch(const sw_hull3 *hulls, size_t n, const sw_plane3 *planes, size_t nplanes,
				   const sw_split_opts *opts, const sw_batch_opts *run,
				   const sw_split_mass_results *out)
{
	if (n && !hulls)
		return SW_ERR_NULL;
	sw_split_src src = {NULL, NULL, hulls, NULL, 0, (const float *)planes, nplanes, 0};
	return mass_batch(SW_Q_hull3_split_mass, &src, n, opts, run, out);
}
