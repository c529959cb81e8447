/* src/kernels/split_lanes.h — the lane arithmetic of the split kernels (split_poly_tmpl.c,
 * split_tri_tmpl.c): one item per lane, the reference's operations in the reference's order
 * (src/split_item.h says how the reference is written for this). Included after kernels/wide.h. */
#ifndef SWEPT_SPLIT_LANES_H
#define SWEPT_SPLIT_LANES_H

#include <float.h>
#include <math.h>
#include <string.h>

#include "job.h"
#include "kernels/wide.h"
#include "split_job.h"

#define VMAX SW_SPLIT_MAX_VERTS

/* a plane per lane, as sw_split_plane_prep: point, unit normal, and whether it is valid */
typedef struct plane_w {
	sw_fw p[3], u[3];
	sw_mw ok;
} plane_w;

/* D coordinates of the point p and normal n per lane */
SW_INLINE void plane_prep(int D, const sw_fw *p, const sw_fw *n, plane_w *r)
{
	sw_fw len2 = sw_add(sw_mul(n[0], n[0]), sw_mul(n[1], n[1]));
	if (D == 3)
		len2 = sw_add(len2, sw_mul(n[2], n[2]));
	sw_mw ok = sw_mand(sw_ge(len2, sw_set1(FLT_MIN)), sw_le(len2, sw_set1(FLT_MAX)));
	sw_fw inv = sw_div(sw_set1(1.0f), sw_sqrt(len2));
	for (int k = 0; k < 3; k++) {
		sw_fw pk = k < D ? p[k] : sw_set1(0.0f), nk = k < D ? n[k] : sw_set1(0.0f);
		ok = sw_mand(ok, sw_mand(sw_coord_ok(pk), sw_coord_ok(nk)));
		r->p[k] = pk;
		r->u[k] = sw_mul(nk, inv);
	}
	r->ok = ok;
}

/* the planes of lanes whose items are item0 + l (l < cnt; later lanes repeat the last): one plane for
 * every item, or one each, loaded as rows of the planes' floats and transposed (rows running past the
 * last plane read float by float; gathers measured slower) */
SW_INLINE void plane_lanes(int D, const sw_split_src *s, size_t item0, unsigned cnt, plane_w *r)
{
	sw_fw p[3], n[3];
	if (s->nplanes == 1) {
		for (int d = 0; d < D; d++)
			p[d] = sw_set1(s->planes[d]), n[d] = sw_set1(s->planes[D + d]);
	} else {
		enum { ROWS = (6 + SW_W - 1) / SW_W };
		sw_fw rows[ROWS][SW_W];
		const size_t end = s->nplanes * 2 * (size_t)D;
		for (unsigned q = 0; q < ROWS; q++) {
			for (unsigned l = 0; l < SW_W; l++) {
				size_t at = (item0 + (l < cnt ? l : cnt - 1)) * 2 * (size_t)D + q * SW_W;
				if (at + SW_W <= end) {
					rows[q][l] = sw_loadu(s->planes + at);
				} else {
					_Alignas(64) float tmp[SW_W] = {0};
					for (size_t i = at; i < end && i < at + SW_W; i++)
						tmp[i - at] = s->planes[i];
					rows[q][l] = sw_load(tmp);
				}
			}
			sw_transpose(rows[q]);
		}
		for (int d = 0; d < D; d++)
			p[d] = rows[d / SW_W][d % SW_W], n[d] = rows[(D + d) / SW_W][(D + d) % SW_W];
	}
	plane_prep(D, p, n, r);
}

/* the planes of the job's block after the one at `base`, if there is one (made a block ahead, before
 * the writer of the block at `base`, their square root and division wait for nothing it does) */
SW_INLINE void plane_next(int D, const sw_split_src *s, const sw_job *j, size_t base, plane_w *r)
{
	if (base + SW_W < j->n) {
		const size_t left = j->n - base - SW_W;
		plane_lanes(D, s, j->off + base + SW_W, left < SW_W ? (unsigned)left : SW_W, r);
	}
}

/* signed distance in the reference's order: ((x − p)·u summed x, y, z left to right) */
SW_INLINE sw_fw plane_dist(int D, const plane_w *pl, const sw_fw *x)
{
	sw_fw s = sw_add(sw_mul(sw_sub(x[0], pl->p[0]), pl->u[0]), sw_mul(sw_sub(x[1], pl->p[1]), pl->u[1]));
	if (D == 3)
		s = sw_add(s, sw_mul(sw_sub(x[2], pl->p[2]), pl->u[2]));
	return s;
}

/* mask a where m, else b */
SW_INLINE sw_mw msel(sw_mw m, sw_mw a, sw_mw b) { return sw_mor(sw_mand(m, a), sw_mandnot(m, b)); }

/* all D coordinates equal (float ==, as sw_split_same) */
SW_INLINE sw_mw same_w(int D, const sw_fw *a, const sw_fw *b)
{
	sw_mw m = sw_mand(sw_eq(a[0], b[0]), sw_eq(a[1], b[1]));
	return D == 3 ? sw_mand(m, sw_eq(a[2], b[2])) : m;
}

/* the split point of edge (a, b), computed from its front end (fa: a is FRONT): t and x */
SW_INLINE sw_fw split_point_w(int D, const sw_fw *a, const sw_fw *b, sw_fw sa, sw_fw sb, sw_mw fa, sw_fw *x)
{
	sw_fw sf = sw_sel(fa, sa, sb), sk = sw_sel(fa, sb, sa);
	sw_fw t = sw_div(sf, sw_sub(sf, sk));
	for (int d = 0; d < D; d++) {
		sw_fw f = sw_sel(fa, a[d], b[d]), k = sw_sel(fa, b[d], a[d]);
		x[d] = sw_add(f, sw_mul(t, sw_sub(k, f)));
	}
	return t;
}

/* Sutherland–Hodgman emission of one side with the reference's duplicate rule: a point is emitted
 * when its mask says so and it differs from the last one emitted; pos is its place in the piece */
typedef struct emit_w {
	sw_fw cnt, first[3], last[3];
} emit_w;

SW_INLINE void emit_init(emit_w *e)
{
	e->cnt = sw_set1(0.0f);
	for (int d = 0; d < 3; d++)
		e->first[d] = e->last[d] = sw_set1(0.0f);
}

/* returns the lanes that emit x; *pos: its place in their pieces */
SW_INLINE sw_mw emit_w_step(int D, emit_w *e, sw_mw mask, const sw_fw *x, sw_fw *pos)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw dup = sw_mand(sw_gt(e->cnt, zero), same_w(D, x, e->last));
	sw_mw keep = sw_mandnot(dup, mask), first = sw_mand(keep, sw_eq(e->cnt, zero));
	*pos = e->cnt;
	for (int d = 0; d < D; d++) {
		e->first[d] = sw_sel(first, x[d], e->first[d]);
		e->last[d] = sw_sel(keep, x[d], e->last[d]);
	}
	e->cnt = sw_sel(keep, sw_add(e->cnt, sw_set1(1.0f)), e->cnt);
	return keep;
}

/* the piece's final size: the last point dropped when it closes onto the first, none under 3 */
SW_INLINE sw_fw emit_close(int D, const emit_w *e)
{
	sw_mw wrap = sw_mand(sw_ge(e->cnt, sw_set1(2.0f)), same_w(D, e->last, e->first));
	sw_fw n = sw_sel(wrap, sw_sub(e->cnt, sw_set1(1.0f)), e->cnt);
	return sw_sel(sw_lt(n, sw_set1(3.0f)), sw_set1(0.0f), n);
}

/* lanes [0, cnt) of a float vector as integers */
SW_INLINE void lanes_u32(sw_fw v, uint32_t *out, unsigned cnt)
{
	_Alignas(64) float t[SW_W];
	sw_storeu(t, v);
	for (unsigned l = 0; l < cnt; l++)
		out[l] = (uint32_t)t[l];
}

/* the answer's status and class of lanes [0, cnt) at items item0 + l, made in lanes and stored as
 * bytes (a per-lane branch on the class mispredicted on every other straddling item) */
SW_INLINE void store_class(uint8_t *status, uint8_t *cls, size_t item0, unsigned cnt, unsigned valid, sw_mw any_f,
			   sw_mw any_b)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw ok = sw_mfrom_bits(valid);
	sw_fw c = sw_add(sw_sel(any_f, sw_set1((float)SW_SPLIT_FRONT), zero),
			 sw_sel(any_b, sw_set1((float)SW_SPLIT_BACK), zero));
	sw_fw st = sw_sel(sw_mand(any_f, any_b), sw_set1((float)SW_HIT), sw_set1((float)SW_MISS));
	st = sw_sel(ok, st, sw_set1((float)SW_PAIR_INVALID));
	c = sw_sel(ok, c, sw_set1((float)SW_SPLIT_NONE));
	if (cnt == SW_W) {
		sw_store_bytes(status + item0, st);
		if (cls)
			sw_store_bytes(cls + item0, c);
		return;
	}
	uint8_t tmp[2][SW_W < 8 ? 8 : SW_W];
	sw_store_bytes(tmp[0], st);
	sw_store_bytes(tmp[1], c);
	memcpy(status + item0, tmp[0], cnt);
	if (cls)
		memcpy(cls + item0, tmp[1], cnt);
}

/* attribute values finite within SW_MAX_COORD, as sw_split_attrs_valid */
static inline int attrs_ok(const float *a, size_t count)
{
	int ok = 1;
	for (size_t i = 0; i < count; i++)
		ok &= fabsf(a[i]) <= SW_MAX_COORD;
	return ok;
}

#endif
