/* src/ref/circle2.c — a circle moving against a static 2D segment: the scalar reference.
 *
 * Method. The circle (centre c, radius r, displacement v, t ∈ [0,1]) touches the segment when its
 * centre reaches the capsule of radius r around the segment: the union of the rectangle swept by
 * the segment's interior along its normal (±r) and the discs of radius r at its endpoints. The
 * first contact is the earliest entry into any of the three (Ericson, RTCD 5.5.7, "Intersecting
 * moving sphere against segment"; entering the rectangle through its short sides means having
 * entered a disc first, so only its long sides count):
 *  - interior: the centre's signed distance from the line, s(t) = s0 + t·(n·v), reaches ±r on the
 *    side it starts on, and its projection onto the line lies between the endpoints then;
 *  - endpoint k: the smaller root of |c + t·v − p_k|² = r², by sw_circle_ball2() (cancellation-free
 *    discriminant and root).
 * Every candidate is computed for every pair and the earliest valid one gives the time, so a fast
 * circle that passes the line beyond an endpoint is still caught by the endpoint's disc; no
 * candidate is tried "first". No fudge constant decides a contact: the comparisons are closed
 * (touching counts) and exact on the computed values.
 *
 * Feature, point and normal. They come from the Voronoi region the centre is in at the contact (its
 * projection onto the segment: before p, between, after q; boundaries to the interior), not from
 * the candidate that gave the time: near a seam the interior's and an endpoint's times (and start
 * distances) differ by δ²/(2r) at δ from it, below float resolution, while their normals differ by
 * δ/r; the projection tells them apart to an ulp.
 *
 * Frame. Everything is relative to the circle's centre at t = 0 (f_k = p_k − c): one rounding of
 * each endpoint, then lengths of the problem's own size, so 1e4 offsets cost nothing beyond that
 * rounding. The segment's direction comes from q − p in world space (exact up to its own size),
 * normalised after a power-of-two scale (sw_circle_unit2), as is the motion. Path lengths become
 * times only at the end (times 1/|v|): the times of a huge and a tiny motion are alike accurate.
 *
 * Starting overlapped. The distance at t = 0 is that of the centre's region: |s0| when it projects
 * onto the segment, else |f_k|, compared with r as the candidates compare them (|s0| ≤ r,
 * f_k·f_k ≤ r·r), so a pair that is not overlapped by this test has the initial gap of every
 * candidate that can still be first positive. Endpoint distances stay squared (no square root)
 * until a depth is reported.
 *
 * Lanes. A SIMD version (one pair per lane) computes the frame, the start distance and all three
 * candidates for every lane, exactly in this order, replaces each `a ? x : y` by a blend on the
 * comparison's mask and each `if (valid && t < best)` by a masked blend of (t, id); the contact's
 * point and normal are then formed once from the selected feature's data, both forms computed and
 * blended. The branches below only skip work whose result is selected away.
 */
#include "ref/circle_ref.h"

void sw_seg_frame_build(sw_vec2 f0, sw_vec2 f1, sw_vec2 e, sw_vec2 v, sw_seg_frame *fr)
{
	fr->f[0] = f0;
	fr->f[1] = f1;
	fr->ff[0] = sw_v2_dot(f0, f0);
	fr->ff[1] = sw_v2_dot(f1, f1);
	fr->line = sw_circle_unit2(e, &fr->u, &fr->len);
	fr->n = fr->line ? sw_v2(fr->u.y, -fr->u.x) : sw_v2(0.0f, 1.0f);
	fr->s0 = -sw_v2_dot(fr->n, fr->f[0]);
	fr->mu0 = -sw_v2_dot(fr->u, fr->f[0]);
	fr->moving = sw_circle_unit2i(v, &fr->um, &fr->w, &fr->iw);
}

float sw_seg_frame_interior_d2(const sw_seg_frame *fr)
{
	int in = fr->line & (fr->mu0 >= 0.0f) & (fr->mu0 <= fr->len);
	return in ? fr->s0 * fr->s0 : INFINITY;
}

uint32_t sw_seg_frame_region(const sw_seg_frame *fr, sw_vec2 x)
{
	float mu = sw_v2_dot(fr->u, sw_v2_sub(x, fr->f[0]));
	uint32_t id = mu > fr->len ? SW_SEG2_END1 : SW_SEG2_INTERIOR;
	id = mu < 0.0f ? SW_SEG2_END0 : id;
	return fr->line ? id : SW_SEG2_END0;
}

float sw_seg_frame_start(const sw_seg_frame *fr, uint32_t *feat)
{
	uint32_t id = sw_seg_frame_region(fr, sw_v2(0.0f, 0.0f));
	*feat = id;
	return id == SW_SEG2_INTERIOR ? fr->s0 * fr->s0 : fr->ff[id - SW_SEG2_END0];
}

int sw_seg_frame_within(const sw_seg_frame *fr, uint32_t feat, float d2, float r)
{
	return feat == SW_SEG2_INTERIOR ? fabsf(fr->s0) <= r : d2 <= r * r;
}

float sw_seg_frame_interior(const sw_seg_frame *fr, sw_vec2 v, float r, int *ok)
{
	/* the offset line on the centre's side, reached inside the segment's extent */
	float vn = sw_v2_dot(fr->n, v);
	float gap = fabsf(fr->s0) - r;
	float closing = fr->s0 > 0.0f ? -vn : vn;
	float ti = gap / closing;
	float mu = sw_v2_dot(fr->u, sw_v2_sub(sw_v2_scale(v, ti), fr->f[0]));
	*ok = fr->line & (gap > 0.0f) & (closing > 0.0f) & (ti <= 1.0f) & (mu >= 0.0f) & (mu <= fr->len);
	return ti;
}

float sw_seg_frame_first(const sw_seg_frame *fr, sw_vec2 v, float r, uint32_t *feat)
{
	int ok;
	float ti = sw_seg_frame_interior(fr, v, r, &ok);
	float best = ok ? ti : INFINITY;
	uint32_t id = ok ? SW_SEG2_INTERIOR : SW_FEATURE_NONE;
	/* endpoints: the discs of radius r */
	for (uint32_t k = 0; k < 2; k++) {
		float s;
		int hit = sw_circle_ball2(fr->f[k], fr->ff[k], fr->um, r, &s);
		float tk = s * fr->iw;
		int better = fr->moving & hit & (tk <= 1.0f) & (tk < best);
		best = better ? tk : best;
		id = better ? SW_SEG2_END0 + k : id;
	}
	*feat = id;
	return best;
}

void sw_seg_frame_contact(const sw_seg_frame *fr, const sw_seg2 *s, sw_vec2 v, float t, uint32_t id, sw_vec2 *point,
			  sw_vec2 *normal)
{
	sw_vec2 x = sw_v2_scale(v, t);
	if (id == SW_SEG2_INTERIOR) {
		/* the side the centre is on at t (at t = 0 this is s0) */
		sw_vec2 y = sw_v2_sub(x, fr->f[0]);
		float mu = sw_v2_dot(fr->u, y), h = sw_v2_dot(fr->n, y);
		*point = sw_v2_add(s->p, sw_v2_scale(fr->u, mu));
		*normal = h >= 0.0f ? fr->n : sw_v2(-fr->n.x, -fr->n.y);
		return;
	}
	uint32_t k = id - SW_SEG2_END0;
	sw_vec2 u;
	float l;
	int ok = sw_circle_unit2(sw_v2_sub(x, fr->f[k]), &u, &l);
	*point = k ? s->q : s->p;
	*normal = ok ? u : fr->n;
}

void sw_circle2_invalid(sw_circle2_output *out)
{
	const float nan = NAN;
	*out = (sw_circle2_output){SW_PAIR_INVALID, nan, nan, {nan, nan}, {nan, nan}, {nan, nan}, SW_FEATURE_NONE};
}

void sw_circle2_miss(sw_circle2_output *out)
{
	*out = (sw_circle2_output){SW_MISS, 1.0f, 0.0f, {0, 0}, {0, 0}, {0, 0}, SW_FEATURE_NONE};
}

static int seg_valid(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s)
{
	return sw_circle_radius_ok(r) & sw_circle_v2_ok(c) & sw_circle_v2_ok(v) & sw_seg2_valid_ref(s);
}

sw_status sw_circle2_seg2_ref(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, uint32_t one_sided,
			      sw_circle2_output *out)
{
	if (!seg_valid(c, r, v, s)) {
		sw_circle2_invalid(out);
		return SW_PAIR_INVALID;
	}
	sw_seg_frame fr;
	sw_seg_frame_build(sw_v2_sub(s->p, c), sw_v2_sub(s->q, c), sw_v2_sub(s->q, s->p), v, &fr);
	uint32_t start_id, hit_id;
	float d2 = sw_seg_frame_start(&fr, &start_id);
	float th = sw_seg_frame_first(&fr, v, r, &hit_id);
	int behind = (one_sided != 0) & fr.line & (fr.s0 < 0.0f);
	int over = sw_seg_frame_within(&fr, start_id, d2, r);
	float dist = start_id == SW_SEG2_INTERIOR ? fabsf(fr.s0) : sqrtf(d2);
	if (behind | (!over & (hit_id == SW_FEATURE_NONE))) {
		sw_circle2_miss(out);
		return SW_MISS;
	}
	/* the contact's feature is the region the centre is in then, not the candidate that gave t:
	 * near a seam two candidates' times differ by δ² while their normals differ by δ */
	float t = over ? 0.0f : th;
	uint32_t id = sw_seg_frame_region(&fr, sw_v2_scale(v, t));
	out->status = over ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->t = t;
	out->depth = over ? r - dist : 0.0f;
	sw_seg_frame_contact(&fr, s, v, t, id, &out->point, &out->normal);
	out->slide = sw_circle_clip2(sw_v2_scale(v, 1.0f - t), out->normal);
	out->feature = id;
	return out->status;
}

sw_error sw_circle2_seg2_sweep(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, const sw_circle_opts *opts,
			       sw_cast_result *out)
{
	if (!s || !out)
		return SW_ERR_NULL;
	sw_circle2_output o;
	sw_circle2_seg2_ref(c, r, v, s, opts ? opts->one_sided : 0u, &o);
	sw_circle2_cast(&o, out);
	return SW_OK;
}
