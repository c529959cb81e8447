/* src/ref/poly2_ray.c — a ray against a placed convex polygon by clipping (swept/poly2.h,
 * sw_poly2_ray): the ray in the polygon's frame is clipped against each edge's half-plane, keeping the
 * latest entry and the earliest exit (Cyrus and Beck 1978; Ericson, RTCD 5.3.8). No iteration and no
 * tolerance: every decision is a sign or a comparison of the computed fractions. The lane kernel
 * (src/kernels/poly2_ray_lanes.h) repeats these operations in the same order, so both give the same
 * bits. */
#include "ref/ref.h"

/* the clip state: latest entry, earliest exit, the entering plane's normal and id, and whether a plane
 * parallel to the ray has the origin outside */
typedef struct clip2 {
	float tin, tout, mx, my;
	uint32_t feature;
	int out;
} clip2;

/* one half-plane m·x ≤ m·q (m need not be unit) against origin o and delta d, both in the polygon's
 * frame: num = m·(q − o) ≥ 0 where the origin is inside, den = m·d < 0 where the ray enters */
static void clip_plane(clip2 *c, float mx, float my, sw_vec2 q, sw_vec2 o, sw_vec2 d, uint32_t id)
{
	float wx = q.x - o.x, wy = q.y - o.y;
	float num = mx * wx + my * wy, den = mx * d.x + my * d.y;
	if (sw_ref_clip(num, den, &c->tin, &c->tout, &c->out)) {
		c->mx = mx;
		c->my = my;
		c->feature = id;
	}
}

/* the edges i = 0 … n − 1 (v[i] → v[i + 1], outward normal (e.y, −e.x) of a counter-clockwise
 * polygon), then a segment's end caps: id 2 at v[0] (normal −e), id 3 at v[1] (normal e) */
static void clip_poly(const sw_poly2 *p, sw_vec2 o, sw_vec2 d, clip2 *c)
{
	uint32_t n = p->count;
	for (uint32_t i = 0; i < n; i++) {
		sw_vec2 a = p->v[i], b = p->v[i + 1 < n ? i + 1 : 0];
		float ex = b.x - a.x, ey = b.y - a.y;
		clip_plane(c, ey, -ex, a, o, d, i);
	}
	if (n == 2) {
		float ex = p->v[1].x - p->v[0].x, ey = p->v[1].y - p->v[0].y;
		clip_plane(c, -ex, -ey, p->v[0], o, d, 2);
		clip_plane(c, ex, ey, p->v[1], o, d, 3);
	}
}

sw_status sw_poly2_ray_pair_ref(const sw_poly2 *p, sw_pose2 x, sw_vec2 origin, sw_vec2 delta, sw_cast_result *out)
{
	float n2 = x.q.c * x.q.c + x.q.s * x.q.s;
	int ok = sw_ref_coord_ok(x.p.x) && sw_ref_coord_ok(x.p.y) && fabsf(n2 - 1.0f) <= SW_QUAT_TOL &&
		 sw_ref_coord_ok(origin.x) && sw_ref_coord_ok(origin.y) && sw_ref_coord_ok(delta.x) &&
		 sw_ref_coord_ok(delta.y);
	if (!ok) {
		*out = sw_cast_result_invalid();
		return out->status;
	}
	const sw_vec2 o = sw_rot2_tmul(x.q, sw_v2_sub(origin, x.p)), d = sw_rot2_tmul(x.q, delta);
	clip2 c = {0.0f, 1.0f, 0.0f, 0.0f, SW_FEATURE_NONE, 0};
	clip_poly(p, o, d, &c);
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
	if (c.out || !(c.tin <= c.tout))
		return out->status;
	out->t = c.tin;
	out->point = sw_v3(origin.x + delta.x * c.tin, origin.y + delta.y * c.tin, 0);
	if (c.feature == SW_FEATURE_NONE) { /* inside (or on) every half-plane at t = 0 */
		out->status = SW_STARTS_OVERLAPPED;
		return out->status;
	}
	float len = sqrtf(c.mx * c.mx + c.my * c.my);
	sw_vec2 w = sw_rot2_mul(x.q, sw_v2(c.mx / len, c.my / len));
	out->status = SW_HIT;
	out->feature = c.feature;
	out->normal = sw_v3(-w.x, -w.y, 0);
	return out->status;
}

sw_error sw_poly2_ray(const sw_poly2 *poly, sw_pose2 pose, sw_vec2 origin, sw_vec2 delta, sw_cast_result *out)
{
	if (!poly || !out)
		return SW_ERR_NULL;
	if (sw_poly2_check(poly) != SW_OK)
		*out = sw_cast_result_invalid();
	else
		sw_poly2_ray_pair_ref(poly, pose, origin, delta, out);
	return SW_OK;
}
