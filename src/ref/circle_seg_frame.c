/* src/ref/circle_seg_frame.c — a segment seen from a moving centre (sw_seg_frame, ref/circle_ref.h):
 * the four circle–segment problems of the 2D capsule reference (ref/circle_capsule2.c) are built on
 * it. Relative to the centre at t = 0; unit directions by sw_circle_unit2(); the interior's candidate
 * by the offset line, the endpoints' by sw_circle_ball2(); features by the Voronoi region of the
 * centre (its projection onto the segment: before p, between, after q; boundaries to the interior).
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
