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
 * Every candidate is computed for every pair and the earliest valid one wins (ties to the lowest
 * feature id: interior, p, q), so a fast circle that passes the line beyond an endpoint is still
 * caught by the endpoint's disc; no candidate is tried "first". No fudge constant decides a contact:
 * the comparisons are closed (touching counts) and exact on the computed values.
 *
 * Frame. Everything is relative to the circle's centre at t = 0 (f_k = p_k − c): one rounding of
 * each endpoint, then lengths of the problem's own size, so 1e4 offsets cost nothing beyond that
 * rounding. The segment's direction comes from q − p in world space (exact up to its own size),
 * normalised after a power-of-two scale (sw_circle_unit2), as is the motion. Path lengths are
 * divided by |v| only at the end: the times of a huge and a tiny motion are alike accurate.
 *
 * Starting overlapped. The distance at t = 0 is the least of |s0| (when the centre projects onto
 * the segment), |f_0| and |f_1|: the same quantities the candidates start from, so a pair that is
 * not overlapped by this test has every candidate's initial gap positive.
 *
 * Lanes. A SIMD version (one pair per lane) computes the frame, the start distance and all three
 * candidates for every lane, exactly in this order, replaces each `a ? x : y` by a blend on the
 * comparison's mask and each `if (valid && t < best)` by a masked blend of (t, id); the contact's
 * point and normal are then formed once from the selected feature's data, both forms computed and
 * blended. The branches below only skip work whose result is selected away.
 */
#include "ref/circle_ref.h"

/* everything the start test, the candidates and the contact use, relative to the centre at t = 0 */
typedef struct seg_frame {
	sw_vec2 f[2]; /* endpoints − centre */
	float df[2];  /* their distances from the centre */
	sw_vec2 u;    /* unit direction p → q (zero for a point segment) */
	sw_vec2 n;    /* front normal (u.y, −u.x); +y for a point segment (the fallback normal) */
	float len;    /* |q − p| */
	int line;     /* the segment has a direction, hence an interior */
	float s0;     /* signed distance of the centre from the line, front positive */
	float mu0;    /* the centre's projection on the line, from p */
	sw_vec2 um;   /* unit motion (zero when not moving) */
	float w;      /* |v| */
	int moving;
} seg_frame;

static void seg_frame_build(sw_vec2 c, sw_vec2 v, const sw_seg2 *s, seg_frame *fr)
{
	fr->f[0] = sw_v2_sub(s->p, c);
	fr->f[1] = sw_v2_sub(s->q, c);
	fr->df[0] = sw_v2_len(fr->f[0]);
	fr->df[1] = sw_v2_len(fr->f[1]);
	fr->line = sw_circle_unit2(sw_v2_sub(s->q, s->p), &fr->u, &fr->len);
	fr->n = fr->line ? sw_v2(fr->u.y, -fr->u.x) : sw_v2(0.0f, 1.0f);
	fr->s0 = -sw_v2_dot(fr->n, fr->f[0]);
	fr->mu0 = -sw_v2_dot(fr->u, fr->f[0]);
	fr->moving = sw_circle_unit2(v, &fr->um, &fr->w);
}

/* distance from the centre to the segment at t = 0, and the feature realising it (ties to the
 * lowest id): the interior when the centre projects onto it, else the nearer endpoint */
static float seg_start(const seg_frame *fr, uint32_t *feat)
{
	int in = fr->line & (fr->mu0 >= 0.0f) & (fr->mu0 <= fr->len);
	float d = in ? fabsf(fr->s0) : INFINITY;
	uint32_t id = SW_SEG2_INTERIOR;
	for (uint32_t k = 0; k < 2; k++) {
		int closer = fr->df[k] < d;
		d = closer ? fr->df[k] : d;
		id = closer ? SW_SEG2_END0 + k : id;
	}
	*feat = id;
	return d;
}

/* the earliest valid contact in (0, 1] over the three features: its time and id, or
 * SW_CIRCLE_FEATURE_NONE. Valid only for pairs not overlapped at t = 0 */
static float seg_first_contact(const seg_frame *fr, sw_vec2 v, float r, uint32_t *feat)
{
	/* interior: the offset line on the centre's side, reached inside the segment's extent */
	float vn = sw_v2_dot(fr->n, v);
	float gap = fabsf(fr->s0) - r;
	float closing = fr->s0 > 0.0f ? -vn : vn;
	float ti = gap / closing;
	float mu = sw_v2_dot(fr->u, sw_v2_sub(sw_v2_scale(v, ti), fr->f[0]));
	int ok = fr->line & (gap > 0.0f) & (closing > 0.0f) & (ti <= 1.0f) & (mu >= 0.0f) & (mu <= fr->len);
	float best = ok ? ti : INFINITY;
	uint32_t id = ok ? SW_SEG2_INTERIOR : SW_CIRCLE_FEATURE_NONE;
	/* endpoints: the discs of radius r */
	for (uint32_t k = 0; k < 2; k++) {
		float s;
		int hit = sw_circle_ball2(fr->f[k], fr->df[k], fr->um, r, &s);
		float tk = s / fr->w;
		int better = fr->moving & hit & (tk <= 1.0f) & (tk < best);
		best = better ? tk : best;
		id = better ? SW_SEG2_END0 + k : id;
	}
	*feat = id;
	return best;
}

/* contact point on the segment and unit normal towards the centre, for feature `id` with the centre
 * at c + t·v (t = 0 for the start). A centre on the segment gets the front normal */
static void seg_contact(const seg_frame *fr, const sw_seg2 *s, sw_vec2 v, float t, uint32_t id, sw_vec2 *point,
			sw_vec2 *normal)
{
	sw_vec2 x = sw_v2_scale(v, t);
	if (id == SW_SEG2_INTERIOR) {
		float mu = sw_v2_dot(fr->u, sw_v2_sub(x, fr->f[0]));
		*point = sw_v2_add(s->p, sw_v2_scale(fr->u, mu));
		*normal = fr->s0 >= 0.0f ? fr->n : sw_v2(-fr->n.x, -fr->n.y);
		return;
	}
	uint32_t k = id - SW_SEG2_END0;
	sw_vec2 u;
	float l;
	int ok = sw_circle_unit2(sw_v2_sub(x, fr->f[k]), &u, &l);
	*point = k ? s->q : s->p;
	*normal = ok ? u : fr->n;
}

void sw_circle2_output_invalid(sw_circle2_output *out)
{
	const float nan = NAN;
	*out = (sw_circle2_output){SW_PAIR_INVALID,       nan, nan, {nan, nan}, {nan, nan}, {nan, nan},
				   SW_CIRCLE_FEATURE_NONE};
}

void sw_circle2_output_miss(sw_circle2_output *out)
{
	*out = (sw_circle2_output){SW_MISS, 1.0f, 0.0f, {0, 0}, {0, 0}, {0, 0}, SW_CIRCLE_FEATURE_NONE};
}

static int seg_valid(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s)
{
	return sw_circle_radius_ok(r) & sw_circle_v2_ok(c) & sw_circle_v2_ok(v) & sw_circle_v2_ok(s->p) &
	       sw_circle_v2_ok(s->q);
}

sw_status sw_circle2_seg2_ref(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, uint32_t one_sided,
			      sw_circle2_output *out)
{
	if (!seg_valid(c, r, v, s)) {
		sw_circle2_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	seg_frame fr;
	seg_frame_build(c, v, s, &fr);
	uint32_t start_id, hit_id;
	float dist = seg_start(&fr, &start_id);
	float th = seg_first_contact(&fr, v, r, &hit_id);
	int behind = (one_sided != 0) & fr.line & (fr.s0 < 0.0f);
	int over = dist <= r;
	if (behind | (!over & (hit_id == SW_CIRCLE_FEATURE_NONE))) {
		sw_circle2_output_miss(out);
		return SW_MISS;
	}
	float t = over ? 0.0f : th;
	uint32_t id = over ? start_id : hit_id;
	out->status = over ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->t = t;
	out->depth = over ? r - dist : 0.0f;
	seg_contact(&fr, s, v, t, id, &out->point, &out->normal);
	out->slide = sw_circle_clip2(sw_v2_scale(v, 1.0f - t), out->normal);
	out->feature = id;
	return out->status;
}

sw_status sw_circle2_seg2_sweep(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, const sw_circle_opts *opts,
				sw_circle2_output *out)
{
	if (!out)
		return SW_PAIR_INVALID;
	if (!s) {
		sw_circle2_output_invalid(out);
		return SW_PAIR_INVALID;
	}
	return sw_circle2_seg2_ref(c, r, v, s, opts ? opts->one_sided : 0u, out);
}
