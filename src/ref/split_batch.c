/* src/ref/split_batch.c — batched splits answered item by item with the single-item reference (the
 * baseline the SIMD tiers will be held to): call checks, one or per-item planes, and the packing of
 * variable-length pieces into the caller's arrays with prefix offsets.
 *
 * Packing: a side's pieces go out in item order. With room for the worst case (V + n vertices,
 * 2n triangles) a single pass writes them; with less, a first pass counts exactly (the same code,
 * nothing stored) and the call either proceeds or returns SW_ERR_SIZE with the count. */
#include "ref/split_int.h"

#include <string.h>

/* one side's output of a polygon or triangle batch, in floats */
typedef struct side {
	float *v, *a;    /* elements (vertices or triangles) and attributes, or NULL */
	size_t cap;      /* room, in elements */
	uint32_t *first; /* n + 1 offsets */
	size_t *total;
	size_t need; /* elements counted */
} side;

/* planes: stride 2·D floats (point, normal); one for all or one per item */
typedef struct planes {
	const float *f;
	size_t n;
	int D;
	float eps;
	sw_split_plane one;
	int one_ok;
} planes;

static sw_error planes_init(planes *P, int D, const void *pl, size_t nplanes, size_t n, const sw_split_opts *opts)
{
	if (!pl && n)
		return SW_ERR_NULL;
	if (n > SW_MAX_BATCH || (n && nplanes != 1 && nplanes != n))
		return SW_ERR_SIZE;
	if (!sw_split_eps(opts, &P->eps))
		return SW_ERR_ARG;
	P->f = pl;
	P->n = nplanes;
	P->D = D;
	P->one_ok = n && nplanes == 1 && sw_split_plane_prep(D, P->f, P->f + D, P->eps, &P->one);
	return SW_OK;
}

/* the prepared plane of item i, or NULL when it is invalid */
static const sw_split_plane *plane_of(const planes *P, size_t i, sw_split_plane *tmp)
{
	if (P->n == 1)
		return P->one_ok ? &P->one : NULL;
	const float *f = P->f + i * 2 * (size_t)P->D;
	return sw_split_plane_prep(P->D, f, f + P->D, P->eps, tmp) ? tmp : NULL;
}

static sw_error side_init(side *s, void *elems, float *attrs, size_t cap, uint32_t *first, size_t *total)
{
	s->v = elems;
	s->a = attrs;
	s->cap = cap;
	s->first = first;
	s->total = total;
	s->need = 0;
	return !first || (!elems && cap) ? SW_ERR_NULL : SW_OK;
}

/* SW_OK when every present side can take `need` elements; else SW_ERR_SIZE and totals set */
static sw_error sides_fit(side *f, side *b)
{
	int fits = (!f || f->need <= f->cap) && (!b || b->need <= b->cap);
	int small = (!f || f->need <= UINT32_MAX) && (!b || b->need <= UINT32_MAX);
	if (fits && small)
		return SW_OK;
	if (f)
		*f->total = f->need;
	if (b)
		*b->total = b->need;
	return SW_ERR_SIZE;
}

/* ---- polygons ---- */

typedef struct polys {
	int D;
	const float *v;
	const uint32_t *first;
	size_t n;
	const float *a;
	uint32_t k;
} polys;

static uint32_t poly_count(const polys *in, size_t i)
{
	uint32_t lo = in->first[i], hi = in->first[i + 1];
	return hi >= lo ? hi - lo : 0; /* decreasing offsets: count 0, the item is invalid */
}

/* one item into the sides at their running offsets (NULL outputs: counting only) */
static void poly_item(const polys *in, const planes *P, size_t i, int store, side *fs, side *bs,
		      const sw_split_results *res)
{
	int D = in->D;
	float fv[(SW_SPLIT_MAX_VERTS + 1) * 3], bv[(SW_SPLIT_MAX_VERTS + 1) * 3];
	float fa[(SW_SPLIT_MAX_VERTS + 1) * SW_SPLIT_MAX_ATTRS], ba[(SW_SPLIT_MAX_VERTS + 1) * SW_SPLIT_MAX_ATTRS];
	sw_split_plane tmp;
	sw_split_output o;
	uint32_t n = poly_count(in, i), k = in->k;
	const float *v = in->v ? in->v + (size_t)in->first[i] * D : NULL;
	const float *a = k ? in->a + (size_t)in->first[i] * k : NULL;
	int want_fa = store && fs && fs->a && k, want_ba = store && bs && bs->a && k;
	sw_split_poly_ref(D, n ? v : NULL, n, plane_of(P, i, &tmp), a, k, fv, want_fa ? fa : NULL, bv,
			  want_ba ? ba : NULL, &o);
	side *sd[2] = {fs, bs};
	const float *src[2] = {fv, bv}, *srca[2] = {fa, ba};
	uint32_t cnt[2] = {o.front_count, o.back_count};
	for (int j = 0; j < 2; j++) {
		side *s = sd[j];
		if (!s)
			continue;
		if (store) {
			memcpy(s->v + s->need * D, src[j], sizeof(float) * cnt[j] * D);
			if (s->a && k)
				memcpy(s->a + s->need * k, srca[j], sizeof(float) * cnt[j] * k);
		}
		s->need += cnt[j];
		if (store)
			s->first[i + 1] = (uint32_t)s->need;
	}
	if (store) {
		res->status[i] = (uint8_t)o.status;
		if (res->cls)
			res->cls[i] = (uint8_t)o.cls;
	}
}

static sw_error poly_batch(const polys *in, const planes *P, side *fs, side *bs, const sw_split_results *res)
{
	size_t worst = 0;
	for (size_t i = 0; i < in->n; i++)
		worst += poly_count(in, i) + 1;
	if (worst > UINT32_MAX || (fs && fs->cap < worst) || (bs && bs->cap < worst)) {
		for (size_t i = 0; i < in->n; i++)
			poly_item(in, P, i, 0, fs, bs, res);
		sw_error e = sides_fit(fs, bs);
		if (e != SW_OK)
			return e;
		if (fs)
			fs->need = 0;
		if (bs)
			bs->need = 0;
	}
	if (fs)
		fs->first[0] = 0;
	if (bs)
		bs->first[0] = 0;
	for (size_t i = 0; i < in->n; i++)
		poly_item(in, P, i, 1, fs, bs, res);
	if (fs)
		*fs->total = fs->need;
	if (bs)
		*bs->total = bs->need;
	return SW_OK;
}

/* the checks both polygon batches share */
static sw_error soup_check(const void *verts, const uint32_t *first, size_t n, const float *attrs, uint32_t k,
			   const sw_split_results *res)
{
	if (!res || (n && (!res->status || !first)))
		return SW_ERR_NULL;
	if ((n && !verts) || (k && !attrs))
		return SW_ERR_NULL;
	if (k > SW_SPLIT_MAX_ATTRS)
		return SW_ERR_ARG;
	return SW_OK;
}

sw_error sw_poly2_split_batch(const sw_poly2_soup *in, const sw_plane2 *planes_, size_t nplanes,
			      const sw_split_opts *opts, sw_poly2_pieces *front, sw_poly2_pieces *back,
			      const sw_split_results *res)
{
	planes P;
	side fs = {0}, bs = {0};
	if (!in)
		return SW_ERR_NULL;
	sw_error e = soup_check(in->verts, in->first, in->count, in->attrs, in->attr_count, res);
	if (e == SW_OK)
		e = planes_init(&P, 2, planes_, nplanes, in->count, opts);
	if (e == SW_OK && front)
		e = side_init(&fs, front->verts, front->attrs, front->capacity, front->first, &front->total);
	if (e == SW_OK && back)
		e = side_init(&bs, back->verts, back->attrs, back->capacity, back->first, &back->total);
	if (e != SW_OK)
		return e;
	polys ps = {2, (const float *)in->verts, in->first, in->count, in->attrs, in->attr_count};
	return poly_batch(&ps, &P, front ? &fs : NULL, back ? &bs : NULL, res);
}

sw_error sw_poly3_split_batch(const sw_poly3_soup *in, const sw_plane3 *planes_, size_t nplanes,
			      const sw_split_opts *opts, sw_poly3_pieces *front, sw_poly3_pieces *back,
			      const sw_split_results *res)
{
	planes P;
	side fs = {0}, bs = {0};
	if (!in)
		return SW_ERR_NULL;
	sw_error e = soup_check(in->verts, in->first, in->count, in->attrs, in->attr_count, res);
	if (e == SW_OK)
		e = planes_init(&P, 3, planes_, nplanes, in->count, opts);
	if (e == SW_OK && front)
		e = side_init(&fs, front->verts, front->attrs, front->capacity, front->first, &front->total);
	if (e == SW_OK && back)
		e = side_init(&bs, back->verts, back->attrs, back->capacity, back->first, &back->total);
	if (e != SW_OK)
		return e;
	polys ps = {3, (const float *)in->verts, in->first, in->count, in->attrs, in->attr_count};
	return poly_batch(&ps, &P, front ? &fs : NULL, back ? &bs : NULL, res);
}

/* ---- triangles ---- */

static void tri_item(const sw_tri3_soup *in, const planes *P, size_t i, int store, side *fs, side *bs,
		     const sw_split_results *res)
{
	float ft[18], bt[18], fa[6 * SW_SPLIT_MAX_ATTRS], ba[6 * SW_SPLIT_MAX_ATTRS];
	sw_split_plane tmp;
	sw_split_output o;
	uint32_t k = in->attr_count;
	const float *a = k ? in->attrs + (size_t)3 * k * i : NULL;
	int want_fa = store && fs && fs->a && k, want_ba = store && bs && bs->a && k;
	sw_split_tri_ref((const float *)&in->tris[i], plane_of(P, i, &tmp), a, k, ft, want_fa ? fa : NULL, bt,
			 want_ba ? ba : NULL, &o);
	side *sd[2] = {fs, bs};
	const float *src[2] = {ft, bt}, *srca[2] = {fa, ba};
	uint32_t cnt[2] = {o.front_count, o.back_count};
	for (int j = 0; j < 2; j++) {
		side *s = sd[j];
		if (!s)
			continue;
		if (store) {
			memcpy(s->v + s->need * 9, src[j], sizeof(float) * 9 * cnt[j]);
			if (s->a && k)
				memcpy(s->a + s->need * 3 * k, srca[j], sizeof(float) * 3 * k * cnt[j]);
		}
		s->need += cnt[j];
		if (store)
			s->first[i + 1] = (uint32_t)s->need;
	}
	if (store) {
		res->status[i] = (uint8_t)o.status;
		if (res->cls)
			res->cls[i] = (uint8_t)o.cls;
	}
}

sw_error sw_tri3_split_batch(const sw_tri3_soup *in, const sw_plane3 *planes_, size_t nplanes,
			     const sw_split_opts *opts, sw_tri3_pieces *front, sw_tri3_pieces *back,
			     const sw_split_results *res)
{
	planes P;
	side fs = {0}, bs = {0};
	if (!in || !res || (in->count && (!res->status || !in->tris)))
		return SW_ERR_NULL;
	if (in->attr_count && !in->attrs)
		return SW_ERR_NULL;
	if (in->attr_count > SW_SPLIT_MAX_ATTRS)
		return SW_ERR_ARG;
	sw_error e = planes_init(&P, 3, planes_, nplanes, in->count, opts);
	if (e == SW_OK && front)
		e = side_init(&fs, front->tris, front->attrs, front->capacity, front->first, &front->total);
	if (e == SW_OK && back)
		e = side_init(&bs, back->tris, back->attrs, back->capacity, back->first, &back->total);
	if (e != SW_OK)
		return e;
	side *f = front ? &fs : NULL, *b = back ? &bs : NULL;
	size_t worst = 2 * in->count;
	if ((f && f->cap < worst) || (b && b->cap < worst)) {
		for (size_t i = 0; i < in->count; i++)
			tri_item(in, &P, i, 0, f, b, res);
		if ((e = sides_fit(f, b)) != SW_OK)
			return e;
		if (f)
			f->need = 0;
		if (b)
			b->need = 0;
	}
	if (f)
		f->first[0] = 0;
	if (b)
		b->first[0] = 0;
	for (size_t i = 0; i < in->count; i++)
		tri_item(in, &P, i, 1, f, b, res);
	if (f)
		*f->total = f->need;
	if (b)
		*b->total = b->need;
	return SW_OK;
}

/* ---- hulls ---- */

sw_error sw_hull3_split_batch(const sw_hull3 *hulls, size_t n, const sw_plane3 *planes_, size_t nplanes,
			      const sw_split_opts *opts, sw_hull3 *front, sw_hull3 *back, const sw_split_results *res)
{
	planes P;
	if (!res || (n && (!hulls || !res->status)))
		return SW_ERR_NULL;
	sw_error e = planes_init(&P, 3, planes_, nplanes, n, opts);
	if (e != SW_OK)
		return e;
	for (size_t i = 0; i < n; i++) {
		sw_split_plane tmp;
		sw_split_output o;
		sw_split_hull_ref(&hulls[i], plane_of(&P, i, &tmp), 0, front ? &front[i] : NULL, back ? &back[i] : NULL,
				  &o);
		if (o.status == SW_PAIR_INVALID) { /* no pieces for an invalid item */
			if (front)
				front[i].num_verts = front[i].num_faces = front[i].num_edges = front[i].num_dirs = 0;
			if (back)
				back[i].num_verts = back[i].num_faces = back[i].num_edges = back[i].num_dirs = 0;
		}
		res->status[i] = (uint8_t)o.status;
		if (res->cls)
			res->cls[i] = (uint8_t)o.cls;
	}
	return SW_OK;
}

/* ---- mass ---- */

static void mass2_write(const sw_split_mass2_results *out, size_t i, const sw_split_mass3 *m)
{
	out->status[i] = (uint8_t)m->status;
	if (out->cls)
		out->cls[i] = (uint8_t)m->cls;
	if (out->front_area)
		out->front_area[i] = m->front_measure;
	if (out->back_area)
		out->back_area[i] = m->back_measure;
	if (out->front_cx)
		out->front_cx[i] = m->front_centroid.x;
	if (out->front_cy)
		out->front_cy[i] = m->front_centroid.y;
	if (out->back_cx)
		out->back_cx[i] = m->back_centroid.x;
	if (out->back_cy)
		out->back_cy[i] = m->back_centroid.y;
}

static void mass3_write(const sw_split_mass3_results *out, size_t i, const sw_split_mass3 *m)
{
	float *col[8] = {out->front_measure, out->back_measure, out->front_cx, out->front_cy,
			 out->front_cz,      out->back_cx,      out->back_cy,  out->back_cz};
	float val[8] = {m->front_measure,    m->back_measure,    m->front_centroid.x, m->front_centroid.y,
			m->front_centroid.z, m->back_centroid.x, m->back_centroid.y,  m->back_centroid.z};
	out->status[i] = (uint8_t)m->status;
	if (out->cls)
		out->cls[i] = (uint8_t)m->cls;
	for (int j = 0; j < 8; j++)
		if (col[j])
			col[j][i] = val[j];
}

static sw_error poly_mass_batch(int D, const float *verts, const uint32_t *first, size_t n, const void *planes_,
				size_t nplanes, const sw_split_opts *opts, const void *out, uint8_t *status)
{
	planes P;
	if (!out || (n && (!status || !first || !verts)))
		return SW_ERR_NULL;
	sw_error e = planes_init(&P, D, planes_, nplanes, n, opts);
	if (e != SW_OK)
		return e;
	polys ps = {D, verts, first, n, NULL, 0};
	for (size_t i = 0; i < n; i++) {
		sw_split_plane tmp;
		sw_split_mass3 m;
		uint32_t c = poly_count(&ps, i);
		sw_split_poly_mass_ref(D, c && verts ? verts + (size_t)first[i] * D : NULL, c, plane_of(&P, i, &tmp),
				       &m);
		if (D == 2)
			mass2_write(out, i, &m);
		else
			mass3_write(out, i, &m);
	}
	return SW_OK;
}

sw_error sw_poly2_split_mass_batch(const sw_poly2_soup *in, const sw_plane2 *planes_, size_t nplanes,
				   const sw_split_opts *opts, const sw_split_mass2_results *out)
{
	if (!in || !out)
		return SW_ERR_NULL;
	return poly_mass_batch(2, (const float *)in->verts, in->first, in->count, planes_, nplanes, opts, out,
			       out->status);
}

sw_error sw_poly3_split_mass_batch(const sw_poly3_soup *in, const sw_plane3 *planes_, size_t nplanes,
				   const sw_split_opts *opts, const sw_split_mass3_results *out)
{
	if (!in || !out)
		return SW_ERR_NULL;
	return poly_mass_batch(3, (const float *)in->verts, in->first, in->count, planes_, nplanes, opts, out,
			       out->status);
}

sw_error sw_hull3_split_mass_batch(const sw_hull3 *hulls, size_t n, const sw_plane3 *planes_, size_t nplanes,
				   const sw_split_opts *opts, const sw_split_mass3_results *out)
{
	planes P;
	if (!out || (n && (!hulls || !out->status)))
		return SW_ERR_NULL;
	sw_error e = planes_init(&P, 3, planes_, nplanes, n, opts);
	if (e != SW_OK)
		return e;
	for (size_t i = 0; i < n; i++) {
		sw_split_plane tmp;
		sw_split_mass3 m;
		sw_split_hull_mass_ref(&hulls[i], plane_of(&P, i, &tmp), 0, &m);
		mass3_write(out, i, &m);
	}
	return SW_OK;
}
