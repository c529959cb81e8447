/* src/split_rows.c — the split rows of the kernel table's reference: each answers item by item
 * with the scalar reference (src/split_item.c, src/split_hull.c, src/split_mass.c) and
 * writes pieces by the passes of a variable-length answer (src/job.h). The hull rows serve every
 * tier too (src/kernels/split_hull_tmpl.c says why). */
#include <string.h>

#include "job.h"
#include "split_item.h"
#include "split_job.h"

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
	float *col[8];
	sw_split_mass_cols(o, D, col);
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
