/* src/ref/circle2.c — a circle moving against a static 2D segment: the scalar reference, written as
 * the lanes compute it (src/kernels/circle_tmpl.c follows it operation for operation).
 *
 * Method. The circle (centre c, radius r, displacement v, t ∈ [0,1]) touches the segment when its
 * centre enters the capsule of radius r around the segment: the rectangle swept by the interior
 * along its normal (±r) and the discs of radius r at its endpoints. The capsule lies inside the
 * strip |s| ≤ r around the segment's line (s the signed distance), which the centre, moving on a
 * line, enters once, at t_s = (|s0| − r)/closing speed (or is in from the start). Inside the strip
 * its projection μ onto the line moves monotonically, so (Ericson, RTCD 5.3.7, the capsule as a
 * cylinder with caps, in the plane):
 *  - μ(t_s) ∈ [0, |q − p|]: the centre is in the rectangle at t_s, which is the first contact;
 *  - μ(t_s) < 0: while in the strip the centre can only meet the disc at p (beyond p the strip holds
 *    nothing else of the capsule, and crossing μ = 0 inside the strip means being in that disc
 *    already): the contact is p's disc entry, the smaller root of |c + t·v − p|² = r², or none;
 *  - μ(t_s) > |q − p|: the same with q.
 * A circle that never enters the strip within the step misses. So one division gives the strip's
 * time and one quadratic the endpoint's, at any speed and with no fudge constant; the comparisons
 * are closed (touching counts). A zero-length segment is its point p's disc.
 *
 * The quadratic. With v scaled by the power of two kv that brings its largest component into
 * [1, 2) (exact), b = v'·f, c = f·f − r² and Δ = r²·(v'·v') − (v' × f)², the smaller root is
 * t = kv·c / (b + √Δ). Δ is formed from the cross product (r² − h², h the distance of f from the
 * path's line, times |v'|²), not as b² − |v'|²·c, whose terms are |f|² large when the path passes far
 * away or fast (Haines et al., "Precision improvements for ray/sphere intersection", Ray Tracing
 * Gems, ch. 7, 2019); and the root as c / (b + √Δ), not b − √Δ, which cancels when the centre starts
 * near the endpoint (Press et al., Numerical Recipes, 3rd ed., 5.6). Valid when the centre starts
 * outside the disc (c > 0), approaches it (b > 0) and passes within r (Δ ≥ 0); then t > 0.
 *
 * Frame and scale. Everything is relative to the centre at t = 0 (f_k = p_k − c: one rounding per
 * endpoint, so 1e4 offsets cost only that rounding). The segment's direction e = q − p is taken in
 * world space and scaled by the power of two ke that brings its largest component into [1, 2):
 * exact, so its direction is kept to the bit whatever its length, and with n' = (e'.y, −e'.x) every
 * product is one of a length and a number of order 1: the signed distance s0 is S0 = −n'·f0 over
 * |e'|, the gap |s0| − r is G = |S0| − r·|e'| over |e'|, and nothing overflows or underflows within
 * the coordinate contract, however tiny or huge the segment, the radius or the motion.
 *
 * Starting overlapped: within r of the interior (G ≤ 0 and μ(0) on the segment) or of an endpoint
 * (f·f ≤ r²), the very comparisons the candidates' validity makes, so a pair not overlapped has a
 * positive gap in every candidate. Feature, point and normal come from the Voronoi region of the
 * centre at the contact (μ before p, on the segment, after q; boundaries to the interior), not from
 * the candidate that gave t: near a seam the two candidates' times differ by δ²/(2r) at δ from it,
 * below float resolution, while their normals differ by δ/r. The normal is the region's vector
 * (±n' for the interior, centre − endpoint for an endpoint) normalised once; depth r − its length.
 */
#include "ref/circle_ref.h"

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

/* the segment seen from the centre: endpoints, scaled direction and normal, distance and gap */
typedef struct seg_view {
	sw_vec2 f[2]; /* endpoints − centre */
	sw_vec2 e;    /* (q − p)·ke */
	sw_vec2 n;    /* (e.y, −e.x): the front normal, |n| = le */
	float le;     /* |e| */
	float ll;     /* (e·e)/ke: μ·le at q */
	int line;     /* the segment has a direction */
	float s0;     /* −n·f0: le·(signed distance of the centre), front positive */
	float g;      /* |s0| − r·le: le·(gap to the strip) */
} seg_view;

static void seg_view_build(sw_vec2 c, float r, const sw_seg2 *s, seg_view *w)
{
	w->f[0] = sw_v2_sub(s->p, c);
	w->f[1] = sw_v2_sub(s->q, c);
	sw_vec2 d = sw_v2_sub(s->q, s->p);
	float m = sw_circle_max(fabsf(d.x), fabsf(d.y));
	w->line = m >= SW_CIRCLE_MIN_NORMAL;
	float ke = w->line ? sw_circle_pow2_inv(m) : 0.0f;
	w->e = sw_v2(d.x * ke, d.y * ke);
	float ee = w->e.x * w->e.x + w->e.y * w->e.y;
	w->le = sqrtf(ee);
	w->ll = ee * sw_ref_pow2_floor(m);
	w->n = sw_v2(w->e.y, -w->e.x);
	w->s0 = -(w->n.x * w->f[0].x + w->n.y * w->f[0].y);
	w->g = fabsf(w->s0) - r * w->le;
}

/* μ·le of the centre displaced by x, and the region it is in */
static float seg_mu(const seg_view *w, sw_vec2 x)
{
	sw_vec2 y = sw_v2_sub(x, w->f[0]);
	return w->e.x * y.x + w->e.y * y.y;
}

static uint32_t seg_region(const seg_view *w, float mu)
{
	uint32_t id = mu > w->ll ? SW_SEG2_END1 : SW_SEG2_INTERIOR;
	id = mu < 0.0f ? SW_SEG2_END0 : id;
	return w->line ? id : SW_SEG2_END0;
}

/* the endpoint's disc: first contact time of the centre moving by v (scaled v', kv), *ok if valid */
static float seg_cap(sw_vec2 f, float rr, sw_vec2 vs, float kv, int moving, int *ok)
{
	float c = (f.x * f.x + f.y * f.y) - rr;
	float b = vs.x * f.x + vs.y * f.y;
	float x = vs.x * f.y - vs.y * f.x;
	float disc = rr * (vs.x * vs.x + vs.y * vs.y) - x * x;
	float root = sqrtf(disc > 0.0f ? disc : 0.0f);
	float t = c / (b + root) * kv;
	*ok = moving & (c > 0.0f) & (b > 0.0f) & (disc >= 0.0f) & (t <= 1.0f);
	return t;
}

/* the first contact over the strip and the one endpoint it leads to; INFINITY if none. *over: the
 * centre starts within r */
static float seg_first(const seg_view *w, sw_vec2 v, float r, int *over)
{
	float m = sw_circle_max(fabsf(v.x), fabsf(v.y));
	int moving = m >= SW_CIRCLE_MIN_NORMAL;
	float kv = moving ? sw_circle_pow2_inv(m) : 0.0f;
	sw_vec2 vs = sw_v2(v.x * kv, v.y * kv);
	float rr = r * r;
	/* the strip: entered at ts, or in from the start */
	float vn = w->n.x * v.x + w->n.y * v.y;
	float closing = w->s0 > 0.0f ? -vn : vn;
	float ts = w->g / closing;
	int inside = w->g <= 0.0f;
	int enters = (w->g > 0.0f) & (closing > 0.0f) & (ts <= 1.0f);
	float tz = inside ? 0.0f : ts;
	float mu = seg_mu(w, sw_v2_scale(v, tz));
	int on = (mu >= 0.0f) & (mu <= w->ll);
	int rect = w->line & enters & on;
	/* the endpoint on μ's side (p for a point segment), unless the strip is never entered */
	int k = w->line & (mu > w->ll);
	int ok;
	float tk = seg_cap(w->f[k], rr, vs, kv, moving, &ok);
	int cap = ((!w->line) | inside | enters) & !rect & ok;
	float ff0 = w->f[0].x * w->f[0].x + w->f[0].y * w->f[0].y;
	float ff1 = w->f[1].x * w->f[1].x + w->f[1].y * w->f[1].y;
	*over = (w->line & inside & on) | (ff0 <= rr) | (ff1 <= rr);
	return rect ? ts : cap ? tk : INFINITY;
}

sw_status sw_circle2_seg2_ref(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, uint32_t one_sided, sw_cast_result *out)
{
	if (!seg_valid(c, r, v, s)) {
		sw_circle2_output o;
		sw_circle2_invalid(&o);
		sw_circle2_cast(&o, out);
		return SW_PAIR_INVALID;
	}
	seg_view w;
	seg_view_build(c, r, s, &w);
	int over;
	float th = seg_first(&w, v, r, &over);
	int behind = (one_sided != 0) & w.line & (w.s0 < 0.0f);
	if (behind | (!over & (th == INFINITY))) {
		sw_circle2_output o;
		sw_circle2_miss(&o);
		sw_circle2_cast(&o, out);
		return SW_MISS;
	}
	/* the region at the contact gives the feature, the normal's vector and the point */
	float t = over ? 0.0f : th;
	sw_vec2 x = sw_v2_scale(v, t);
	uint32_t id = seg_region(&w, seg_mu(&w, x));
	int end = id != SW_SEG2_INTERIOR;
	sw_vec2 fk = id == SW_SEG2_END1 ? w.f[1] : w.f[0];
	sw_vec2 y = sw_v2_sub(x, fk);
	float h = w.n.x * y.x + w.n.y * y.y;
	sw_vec2 side = h >= 0.0f ? w.n : sw_v2(-w.n.x, -w.n.y);
	sw_vec2 nv = end ? y : side;
	/* a centre on the endpoint: the front normal (+y for a point segment), whose largest |component|
	 * lies in [1, 2): its power of two is 1 */
	sw_vec2 front = w.line ? w.n : sw_v2(0.0f, 1.0f);
	float m = sw_circle_max(fabsf(nv.x), fabsf(nv.y));
	int none = m < SW_CIRCLE_MIN_NORMAL;
	sw_vec2 n = sw_circle_normalize2(none ? front : nv, none ? 1.0f : sw_circle_pow2_inv(m));
	float dist = n.x * y.x + n.y * y.y;
	sw_vec2 along = sw_v2(y.x - n.x * dist, y.y - n.y * dist);
	sw_vec2 pk = id == SW_SEG2_END1 ? s->q : s->p;
	sw_vec2 point = end ? pk : sw_v2_add(s->p, along);
	sw_vec2 slide = sw_circle_clip2(sw_v2_scale(v, 1.0f - t), n);
	out->status = over ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->feature = id;
	out->t = t;
	out->depth = over ? r - dist : 0.0f;
	out->point = sw_v3(point.x, point.y, 0.0f);
	out->normal = sw_v3(n.x, n.y, 0.0f);
	out->slide = sw_v3(slide.x, slide.y, 0.0f);
	return out->status;
}

sw_error sw_circle2_seg2_sweep(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, const sw_circle_opts *opts,
			       sw_cast_result *out)
{
	if (!s || !out)
		return SW_ERR_NULL;
	sw_circle2_seg2_ref(c, r, v, s, opts ? opts->one_sided : 0u, out);
	return SW_OK;
}
