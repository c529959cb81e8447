/* src/ref/poly2_cast.c — the linear shape cast of two placed polygons of the polygon API (no rounding
 * radius), both translating over t ∈ [0,1], by the moving separating axis test over both polygons'
 * edge normals: the reference of the gjk2_poly2_cast row, with sw_gjk2_cast's contract. Under
 * translation the supporting vertex of either polygon along a fixed axis does not change, so each
 * edge normal's separation is linear in t, num + u·t (both times the normal's length; u the relative
 * motion along the normal, A → B), and separates the polygons on a half-line of t: before
 * num/(−u) where u < 0 (its entry), after −num/u where u > 0 (its exit), always or never where u = 0.
 * Two convex polygons touch at t exactly when no edge normal separates them (the 2D SAT: under
 * translation no other axis is needed), so they first touch at the latest entry when it comes no later
 * than the earliest exit and than 1 (Ericson, RTCD 5.5.8; src/ref/poly2_sat.c's moving SAT). The pair
 * enters A's frame scaled by σ as the overlap row (ref/poly2_axes.c, whose pieces this shares); times
 * are compared as fractions by cross-multiplying, with one division at the end.
 *
 * The rule (doc/numerics.md, GJK, "Polygon cast by separating axes"). τ = SW_POLY2_AXES_EPS × the pair's
 * extent (which here includes the motion). The decision is taken three times: on the computed
 * separations, on them less τ along every normal (num − τ·|m|: the polygons grown, together, by τ) and
 * plus τ (num + τ·|m|: shrunk by τ). Shifting every separation by τ shifts the worst separation over
 * [0,1], max over axes and min over t, by exactly τ, so: shrunk polygons that touch in [0,1] prove that
 * the exact ones overlap by more than τ at some t (SW_HIT, at the computed latest entry); grown
 * polygons that never touch prove the exact ones stay apart by more than τ (SW_MISS). A hit also needs
 * some axis to separate the pair at t = 0 by more than τ (num > τ·|m|), which makes its time positive.
 * A pair whose largest separation at t = 0 is below −τ (the overlap row's test, on the same axes) starts
 * overlapped: SW_STARTS_OVERLAPPED at t = 0 with the least penetration (cast_pen). Every other pair is
 * answered by GJK (sw_gjk2_cast): pairs that nearly touch at t = 0, pairs that graze or reach contact
 * near t = 1 within the band, any pair with opts->target > 0, and pairs with an invalid pose or motion
 * (GJK's SW_PAIR_INVALID). Rounding: as in the overlap row, every separation and every u·t for t ∈ [0,1]
 * carries at most a few tens of ulps of the scaled extent (about 3e-6), and each cross-multiplied
 * compare a relative error of a few ulps, far below τ, so each decision outside the band has the sign of
 * the exact geometry.
 *
 * The answer of a hit: t = the latest entry's fraction; normal = that axis' unit normal, A → B (A's
 * outward edge normal, or B's negated); point, on A's surface at t: the other polygon's supporting
 * vertex on that axis (least projection, the first of equals) — B's vertex moved to t for an axis of A,
 * A's vertex for an axis of B — when it projects within the axis' edge (at t), otherwise the nearer end
 * of that edge (face–face contact: a point of both edges). A miss: t 1, point and normal zero. */
#include "ref/gjk_ref.h"
#include "ref/poly2_axes.h"
#include "ref/ref.h"

/* where one version of the separations lets the polygons touch: the latest entry in_num/in_den from 0
 * and the earliest exit out_num/out_den from 1 (dens > 0), and whether an axis separates at every t */
typedef struct cast_span {
	float in_num, in_den, out_num, out_den;
	int never;
} cast_span;

/* one axis' separation num + u·t into the span */
static void span_visit(cast_span *s, float num, float u)
{
	const float d = -u, xn = -num;
	if (u < 0.0f && num * s->in_den > s->in_num * d)
		s->in_num = num, s->in_den = d;
	if (u > 0.0f && xn * s->out_den < s->out_num * u)
		s->out_num = xn, s->out_den = u;
	s->never |= u == 0.0f && num > 0.0f;
}

/* whether the polygons touch at some t ∈ [0,1] */
static int span_meets(const cast_span *s) { return !s->never && s->in_num * s->out_den <= s->out_num * s->in_den; }

/* the three versions and the latest entry of the computed separations with its axis: fromb, the edge's
 * ends e0, e1 (B's at t = 0; its normal is formed from them again); apart:
 * some axis separates the pair at t = 0 by more than τ */
typedef struct cast_axes {
	cast_span grow, shrink;
	float in_num, in_den;
	int fromb, apart;
	sw_vec2 e0, e1;
	/* the largest separation at t = 0 (ref/poly2_axes.c's best axis): num, len2, the edge's own outward
	 * normal, whether it is B's */
	float bnum, blen2, bmx, bmy;
	int bfromb;
	sw_vec2 be0, be1;
} cast_axes;

/* the edges of p (n vertices) against the points q (m of them); isb: p is B, whose outward normals
 * point B → A (u is negated) */
static void cast_edges(const sw_vec2 *p, uint32_t n, const sw_vec2 *q, uint32_t m, int isb, sw_vec2 r, float tau,
		       cast_axes *s)
{
	for (uint32_t i = 0; i < n && i < SW_POLY2_MAX_VERTS; i++) {
		sw_vec2 a = p[i], b = p[i + 1 < n ? i + 1 : 0];
		float mx = b.y - a.y, my = -(b.x - a.x);
		float off = mx * a.x + my * a.y, lo = sw_poly2_axes_lo(q, m, mx, my);
		float len2 = mx * mx + my * my, num = lo - off, dot = mx * r.x + my * r.y;
		float u = isb ? -dot : dot;
		/* an edge of zero length (or whose square underflows) gives no axis (ref/poly2_axes.c) */
		if (!(len2 > 0.0f))
			num = 0.0f, u = 0.0f;
		const float w = tau * sqrtf(len2);
		span_visit(&s->grow, num - w, u);
		span_visit(&s->shrink, num + w, u);
		s->apart |= num - w > 0.0f;
		/* num/√len2 > bnum/√blen2, squared with signs kept (ref/poly2_axes.c axes_edges) */
		if ((num * fabsf(num)) * s->blen2 > (s->bnum * fabsf(s->bnum)) * len2 && len2 > 0.0f)
			s->bnum = num, s->blen2 = len2, s->bmx = mx, s->bmy = my, s->bfromb = isb, s->be0 = a,
			s->be1 = b;
		if (u < 0.0f && num * s->in_den > s->in_num * -u)
			s->in_num = num, s->in_den = -u, s->fromb = isb, s->e0 = a, s->e1 = b;
	}
}

/* a hit's answer from the latest entry (the rule above) */
static void cast_hit(const sw_poly2_axes_pair *pr, const cast_axes *s, uint32_t na, uint32_t nb, sw_vec2 pa, sw_vec2 da,
		     sw_cast_result *out)
{
	const float t = s->in_num / s->in_den, rx = pr->r.x * t, ry = pr->r.y * t;
	sw_vec2 e0 = s->e0, e1 = s->e1;
	/* the axis' normal again from its edge, as cast_edges formed it */
	const float mx = e1.y - e0.y, my = -(e1.x - e0.x);
	sw_vec2 p = s->fromb ? sw_poly2_axes_least(pr->pa, na, mx, my) : sw_poly2_axes_least(pr->pb, nb, mx, my);
	if (s->fromb)
		e0 = sw_v2(e0.x + rx, e0.y + ry), e1 = sw_v2(e1.x + rx, e1.y + ry);
	else
		p = sw_v2(p.x + rx, p.y + ry);
	const float ex = e1.x - e0.x, ey = e1.y - e0.y;
	const float along = (p.x - e0.x) * ex + (p.y - e0.y) * ey, ee = ex * ex + ey * ey;
	p = along < 0.0f ? e0 : along > ee ? e1 : p;
	const float wx = p.x / pr->sig, wy = p.y / pr->sig;
	const float len = sqrtf(mx * mx + my * my);
	const float ux = (s->fromb ? -mx : mx) / len, uy = (s->fromb ? -my : my) / len;
	const float ca = pr->ca, sa = pr->sa;
	*out = (sw_cast_result){
		SW_HIT,
		SW_FEATURE_NONE,
		t,
		0.0f,
		{(ca * wx - sa * wy) + (pa.x + da.x * t), (sa * wx + ca * wy) + (pa.y + da.y * t), 0.0f},
		{ca * ux - sa * uy, sa * ux + ca * uy, 0.0f},
		{0.0f, 0.0f, 0.0f}};
}

/* overlapping at t = 0 by more than τ (the largest separation at t = 0 below −τ, as ref/poly2_axes.c's
 * axes_side decides): SW_STARTS_OVERLAPPED at t = 0, depth = minus that separation, normal its axis' unit
 * normal A → B, point the witness on A's side (sw_poly2_axes_pen) */
static int cast_pen(const sw_poly2_axes_pair *pr, const cast_axes *s, float tau, uint32_t na, uint32_t nb, sw_vec2 pa,
		    sw_cast_result *out)
{
	const float far = s->bnum * s->bnum, band = (tau * tau) * s->blen2;
	if (!(s->bnum < 0.0f && far >= band && s->bnum != -INFINITY))
		return 0;
	sw_vec2 wa, wb;
	sw_poly2_axes_pen(pr, na, nb, s->bnum, s->blen2, s->bmx, s->bmy, s->bfromb, s->be0, s->be1, &wa, &wb);
	const float len = sqrtf(s->blen2), inv = 1.0f / pr->sig;
	const float ux = (s->bfromb ? -s->bmx : s->bmx) / len, uy = (s->bfromb ? -s->bmy : s->bmy) / len;
	const float wx = wa.x * inv, wy = wa.y * inv, ca = pr->ca, sa = pr->sa;
	*out = (sw_cast_result){SW_STARTS_OVERLAPPED,
				SW_FEATURE_NONE,
				0.0f,
				-((s->bnum / len) * inv),
				{(ca * wx - sa * wy) + pa.x, (sa * wx + ca * wy) + pa.y, 0.0f},
				{ca * ux - sa * uy, sa * ux + ca * uy, 0.0f},
				{0.0f, 0.0f, 0.0f}};
	return 1;
}

/* 1 (and the answer in *out) when the separating axes decide the pair, 0 when GJK must */
static int cast_axes_decide(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb, sw_vec2 db,
			    sw_cast_result *out)
{
	sw_poly2_axes_pair pr;
	if (!sw_ref_coord_ok(da.x) || !sw_ref_coord_ok(da.y) || !sw_ref_coord_ok(db.x) || !sw_ref_coord_ok(db.y))
		return 0;
	if (!sw_poly2_axes_frame(a, xa, b, xb, sw_v2(db.x - da.x, db.y - da.y), &pr))
		return 0;
	const float tau = SW_POLY2_AXES_EPS * (pr.ext * pr.sig);
	const cast_span none = {0.0f, 1.0f, 1.0f, 1.0f, 0};
	cast_axes s = {none, none, 0.0f, 1.0f,         0,           0, {0.0f, 0.0f}, {0.0f, 0.0f}, -INFINITY, 1.0f,
		       0.0f, 0.0f, 0,    {0.0f, 0.0f}, {0.0f, 0.0f}};
	cast_edges(pr.pa, a->count, pr.pb, b->count, 0, pr.r, tau, &s);
	cast_edges(pr.pb, b->count, pr.pa, a->count, 1, pr.r, tau, &s);
	if (cast_pen(&pr, &s, tau, a->count, b->count, xa.p, out))
		return 1;
	if (s.apart && span_meets(&s.shrink)) {
		cast_hit(&pr, &s, a->count, b->count, xa.p, da, out);
		return 1;
	}
	/* grown polygons that never touch were apart at t = 0 as well */
	if (!span_meets(&s.grow)) {
		*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0.0f, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
		return 1;
	}
	return 0;
}

sw_status sw_gjk2_poly2_cast_pair_ref(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb,
				      sw_vec2 db, const sw_gjk_opts *opts, sw_cast_result *out, uint32_t *iters)
{
	*iters = 0;
	if (!(opts && opts->target > 0.0f) && cast_axes_decide(a, xa, da, b, xb, db, out))
		return out->status;
	sw_shape2 ga = sw_shape2_verts(a->v, a->count, 0.0f), gb = sw_shape2_verts(b->v, b->count, 0.0f);
	sw_gjk2_cast_pair_ref(&ga, xa, da, &gb, xb, db, opts, out, iters);
	return out->status;
}
