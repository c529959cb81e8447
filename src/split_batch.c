/* src/split_batch.c — the batched splits: their public entry points (the call's checks, then the
 * pipeline on the split rows of the query list; their reference rows are in src/split_rows.c).
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

/* a soup's mass rows: the soup's checks, then the call's */
static sw_error poly_mass(sw_query q, const void *verts, const uint32_t *first, size_t n, const void *planes,
			  size_t nplanes, const sw_split_opts *opts, const sw_batch_opts *run,
			  const sw_split_mass_results *out)
{
	sw_error e = soup_check(n, verts, first != NULL, NULL, 0);
	sw_split_src src = {verts, first, NULL, NULL, 0, planes, nplanes, 0};
	if (e == SW_OK && n <= SW_MAX_BATCH)
		poly_end(&src, n);
	return e != SW_OK ? e : mass_batch(q, &src, n, opts, run, out);
}

sw_error sw_poly2_split_mass_batch(const sw_poly2_soup *in, const sw_plane2 *planes, size_t nplanes,
				   const sw_split_opts *opts, const sw_batch_opts *run,
				   const sw_split_mass_results *out)
{
	return in ? poly_mass(SW_Q_poly2_split_mass, in->verts, in->first, in->count, planes, nplanes, opts, run, out)
		  : SW_ERR_NULL;
}

sw_error sw_poly3_split_mass_batch(const sw_poly3_soup *in, const sw_plane3 *planes, size_t nplanes,
				   const sw_split_opts *opts, const sw_batch_opts *run,
				   const sw_split_mass_results *out)
{
	return in ? poly_mass(SW_Q_poly3_split_mass, in->verts, in->first, in->count, planes, nplanes, opts, run, out)
		  : SW_ERR_NULL;
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
