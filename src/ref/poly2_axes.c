/* src/ref/poly2_axes.c — the overlap of two placed polygons of the polygon API (no rounding radius) by the
 * separating axis test over both polygons' edge normals (Gottschalk, Lin, Manocha 1996; Ericson, RTCD
 * 4.4 and 5.2.1): the reference of the gjk2_poly2_overlap row, with sw_gjk2_overlap's contract, and the
 * first step of the gjk2_poly2_distance row's reference (sw_gjk2_distance's contract), which answers the
 * pairs this test finds apart by feature pairs (feat_edges, below), those it finds overlapping by the least
 * penetration over the same axes (dist_pen: depth, normal and witnesses, no GJK) and those near contact by
 * GJK, as it answers pairs of more than SW_POLY2_DIST_FEAT_MAX vertex pairs with no test at all. B's
 * vertices enter A's frame once; both are scaled by the power of two σ of the pair's extent (as GJK does:
 * no square overflows, and only separations far inside the band below can underflow); for each edge of
 * A the least projection of B's vertices against the edge's offset over the normal's length, and the
 * same for B's edges against A's vertices (compared squared, with their signs: no root or division per
 * edge).
 *
 * The rule (doc/numerics.md, GJK, "Polygon overlap by separating axes"). best = the largest of these
 * separations, τ = SW_POLY2_AXES_EPS × the pair's extent. best > τ: SW_MISS along that edge's normal,
 * gap best. best ≤ −τ: SW_HIT. Otherwise (|best| ≤ τ, near contact) the pair is answered by GJK
 * (sw_gjk2_overlap), whose touching band decides touching pairs. Rounding: every vertex of B in A's
 * frame, every edge normal and every projection carry at most a few ulps of the extent, so a computed
 * separation is within about 40 ulps (2.4e-6) of the exact separation along the computed axis, below
 * τ; a decision outside ±τ therefore has the sign of the exact geometry: MISS only where an axis truly
 * separates, HIT only where none does. The band is needed the other way as well: two pointed polygons
 * tip to tip are apart by D while every edge normal separates them by only about D × the tips' angle,
 * so a small positive best says little about the distance, and GJK answers it.
 *
 * Edges that give no axis: an edge whose length is zero or whose squared length underflows (len = 0)
 * is skipped. An edge of B collapsed by rounding into A's frame is one of them; the lane kernel's
 * padding (a shorter polygon's vertex row repeats v[0], so its extra edges have length zero) is
 * another. Skipping an edge of length ℓ removes one half-plane from the test; the region it alone
 * excluded is a triangle on that edge, every point of which lies within ℓ/2 of the other half-planes'
 * boundary, far inside τ, so best ≤ −τ still proves overlap and best > τ comes from a real edge. */
#include "ref/gjk_ref.h"
#include "ref/poly2_axes.h"
#include "ref/ref.h"

/* the running best axis: its separation numerator num = (least projection − offset) for the normal
 * (mx, my) (outward, A → B, not unit) of squared length len2; the separation is num / √len2 */
typedef struct axes2 {
	float num, len2, mx, my;
	int fromb;      /* the axis is an edge of B (mx, my then B's outward normal negated) */
	sw_vec2 e0, e1; /* the edge's ends */
} axes2;

/* the running least point–segment distance (feat_edges): key the squared distance (scaled), edge i of
 * side `side` (0: A's edges against B's vertices, 1: B's against A's), vertex j of the other side */
typedef struct feat2 {
	float key;
	uint32_t i, j, side;
} feat2;

/* the edges of p (n vertices, counter-clockwise) against the points q (m of them); sign +1: p is A,
 * whose outward normals point A → B; −1: p is B */
static void axes_edges(const sw_vec2 *p, uint32_t n, const sw_vec2 *q, uint32_t m, float sign, axes2 *s)
{
	for (uint32_t i = 0; i < n && i < SW_POLY2_MAX_VERTS; i++) {
		sw_vec2 a = p[i], b = p[i + 1 < n ? i + 1 : 0];
		float mx = b.y - a.y, my = -(b.x - a.x);
		float off = mx * a.x + my * a.y, lo = sw_poly2_axes_lo(q, m, mx, my);
		/* num/√len2 > best.num/√best.len2, squared with signs kept: no root or division per edge */
		float len2 = mx * mx + my * my, num = lo - off;
		if ((num * fabsf(num)) * s->len2 > (s->num * fabsf(s->num)) * len2 && len2 > 0.0f)
			s->num = num, s->len2 = len2, s->mx = sign * mx, s->my = sign * my, s->fromb = sign < 0.0f,
			s->e0 = a, s->e1 = b;
	}
}

static int pose2_ok(sw_pose2 x)
{
	float n2 = x.q.c * x.q.c + x.q.s * x.q.s;
	return fabsf(n2 - 1.0f) <= SW_QUAT_TOL && sw_ref_coord_ok(x.p.x) && sw_ref_coord_ok(x.p.y);
}

/* running largest |coordinate| (the operand order of the SIMD max) */
static float ext_of(float m, float x)
{
	float a = fabsf(x);
	return m > a ? m : a;
}

int sw_poly2_axes_frame(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, sw_vec2 rel,
			sw_poly2_axes_pair *o)
{
	if (!pose2_ok(xa) || !pose2_ok(xb))
		return 0;
	/* B in A's frame: R = R_aᵀR_b, t = R_aᵀ(p_b − p_a); the motion R_aᵀ·rel */
	const float ca = xa.q.c, sa = xa.q.s, cb = xb.q.c, sb = xb.q.s;
	const float rc = ca * cb + sa * sb, rs = ca * sb - sa * cb;
	const float dx = xb.p.x - xa.p.x, dy = xb.p.y - xa.p.y;
	const float tx = ca * dx + sa * dy, ty = ca * dy - sa * dx;
	const float rx = ca * rel.x + sa * rel.y, ry = ca * rel.y - sa * rel.x;
	float ext = ext_of(ext_of(0.0f, tx), ty);
	for (uint32_t k = 0; k < a->count; k++)
		ext = ext_of(ext_of(ext, a->v[k].x), a->v[k].y);
	for (uint32_t k = 0; k < b->count; k++)
		ext = ext_of(ext_of(ext, b->v[k].x), b->v[k].y);
	ext = ext_of(ext_of(ext, rx), ry);
	const float sig = sw_ref_gjk_scale(ext), stx = tx * sig, sty = ty * sig;
	for (uint32_t k = 0; k < a->count; k++)
		o->pa[k] = sw_v2(a->v[k].x * sig, a->v[k].y * sig);
	for (uint32_t k = 0; k < b->count; k++) {
		float bx = b->v[k].x * sig, by = b->v[k].y * sig;
		o->pb[k] = sw_v2((rc * bx - rs * by) + stx, (rs * bx + rc * by) + sty);
	}
	o->r = sw_v2(rx * sig, ry * sig);
	o->ca = ca, o->sa = sa, o->sig = sig, o->ext = ext;
	return 1;
}

/* the pair in A's frame, scaled, and its separating-axis pass: the overlap and distance rows' first step */
typedef struct axes_pair {
	sw_poly2_axes_pair f;
	float tau;
	axes2 s;
} axes_pair;

/* 0 for a placement out of the contract; otherwise the pair's frame, scale and best axis in *p and 1 */
static int axes_run(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, axes_pair *p)
{
	if (!sw_poly2_axes_frame(a, xa, b, xb, sw_v2(0.0f, 0.0f), &p->f))
		return 0;
	p->s = (axes2){-INFINITY, 1.0f, 0.0f, 0.0f, 0, {0.0f, 0.0f}, {0.0f, 0.0f}};
	axes_edges(p->f.pa, a->count, p->f.pb, b->count, 1.0f, &p->s);
	axes_edges(p->f.pb, b->count, p->f.pa, a->count, -1.0f, &p->s);
	p->tau = SW_POLY2_AXES_EPS * (p->f.ext * p->f.sig);
	return 1;
}

/* the pass's decision: 1 apart (best > τ), −1 overlapping (best ≤ −τ), 0 near contact or no axis;
 * compared squared: num² against τ²·len2 */
static int axes_side(const axes_pair *p)
{
	const float far = p->s.num * p->s.num, band = (p->tau * p->tau) * p->s.len2;
	if (p->s.num > 0.0f && far > band)
		return 1;
	if (p->s.num < 0.0f && far >= band && p->s.num != -INFINITY)
		return -1;
	return 0;
}

sw_status sw_gjk2_poly2_overlap_pair_ref(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb,
					 const sw_gjk_opts *opts, sw_overlap_result *out, uint32_t *iters)
{
	*iters = 0;
	axes_pair p;
	if (!axes_run(a, xa, b, xb, &p)) {
		*out = sw_overlap_result_invalid();
		return out->status;
	}
	const int side = axes_side(&p);
	if (side > 0) {
		const axes2 s = p.s;
		float len = sqrtf(s.len2), ux = s.mx / len, uy = s.my / len;
		*out = (sw_overlap_result){SW_MISS,
					   SW_FEATURE_NONE,
					   (s.num / len) / p.f.sig,
					   {p.f.ca * ux - p.f.sa * uy, p.f.sa * ux + p.f.ca * uy, 0}};
		return out->status;
	}
	if (side < 0) {
		*out = (sw_overlap_result){SW_HIT, SW_FEATURE_NONE, 0.0f, {0, 0, 0}};
		return out->status;
	}
	/* near contact (or no axis at all): GJK decides */
	sw_shape2 ga = sw_shape2_verts(a->v, a->count, 0.0f), gb = sw_shape2_verts(b->v, b->count, 0.0f);
	sw_gjk2_overlap_pair_ref(&ga, xa, &gb, xb, opts, out, iters);
	return out->status;
}

/* the least squared distance between the edges of p (n vertices) and the points q (m of them), scaled
 * by each edge's squared length: for edge i from a with vector e (den = e·e) and outward normal m (the
 * axes pass's, axes_edges: m·q − m·a is its projection less its offset), c = m·q_j − m·a, the
 * projection t = e·q_j − e·a and the part of t outside [0, den], u = t − min(max(t, 0), den); then
 * c² + u² = den² × (squared distance from q_j to the segment). The lanes form c from the very
 * projections of their axes pass (one loop for both). An edge's least
 * over j (first j on ties) divided by den is its key; the first edge of least key wins (den = 0 gives
 * NaN, which never wins). */
static void feat_edges(const sw_vec2 *p, uint32_t n, const sw_vec2 *q, uint32_t m, uint32_t side, feat2 *f)
{
	for (uint32_t i = 0; i < n && i < SW_POLY2_MAX_VERTS; i++) {
		sw_vec2 a = p[i], b = p[i + 1 < n ? i + 1 : 0];
		float mx = b.y - a.y, my = -(b.x - a.x), off = mx * a.x + my * a.y;
		float ex = b.x - a.x, ey = b.y - a.y, toff = ex * a.x + ey * a.y, den = ex * ex + ey * ey;
		float lo = INFINITY;
		uint32_t jl = 0;
		for (uint32_t j = 0; j < m && j < SW_POLY2_MAX_VERTS; j++) {
			float c = (mx * q[j].x + my * q[j].y) - off, t = (ex * q[j].x + ey * q[j].y) - toff;
			float cl = t > 0.0f ? t : 0.0f;
			cl = cl < den ? cl : den;
			float u = t - cl, num = c * c + u * u;
			if (num < lo)
				lo = num, jl = j;
		}
		float key = lo / den;
		if (key < f->key)
			f->key = key, f->i = i, f->j = jl, f->side = side;
	}
}

void sw_poly2_axes_pen(const sw_poly2_axes_pair *f, uint32_t na, uint32_t nb, float num, float len2, float mx, float my,
		       int fromb, sw_vec2 e0, sw_vec2 e1, sw_vec2 *wa, sw_vec2 *wb)
{
	const sw_vec2 v = fromb ? sw_poly2_axes_least(f->pa, na, mx, my) : sw_poly2_axes_least(f->pb, nb, mx, my);
	const float k = num / len2;
	sw_vec2 w = sw_v2(v.x - k * mx, v.y - k * my), o = v;
	/* w outside the edge: its nearer end, and that end moved back by the depth */
	const float ex = e1.x - e0.x, ey = e1.y - e0.y;
	const float along = (w.x - e0.x) * ex + (w.y - e0.y) * ey, ee = ex * ex + ey * ey;
	if (along < 0.0f || along > ee) {
		w = along < 0.0f ? e0 : e1;
		o = sw_v2(w.x + k * mx, w.y + k * my);
	}
	*wa = fromb ? o : w, *wb = fromb ? w : o;
}

/* overlapping by more than τ (axes_side −1): the least penetration (doc/numerics.md, "Polygon distance by
 * feature pairs"): SW_STARTS_OVERLAPPED, distance = the best separation (−depth), the unit normal of its
 * axis A → B, the witnesses of sw_poly2_axes_pen */
static void dist_pen(const axes_pair *p, uint32_t na, uint32_t nb, sw_pose2 xa, sw_distance_result *out)
{
	const axes2 s = p->s;
	sw_vec2 wa, wb;
	/* the edge's own outward normal: B's is the axis negated back (exact) */
	sw_poly2_axes_pen(&p->f, na, nb, s.num, s.len2, s.fromb ? -s.mx : s.mx, s.fromb ? -s.my : s.my, s.fromb, s.e0,
			  s.e1, &wa, &wb);
	const float len = sqrtf(s.len2), inv = 1.0f / p->f.sig;
	const sw_rot2 ra = {p->f.ca, p->f.sa};
	const sw_vec2 n = sw_rot2_mul(ra, sw_v2(s.mx / len, s.my / len));
	const sw_vec2 va = sw_v2_add(sw_rot2_mul(ra, sw_v2(wa.x * inv, wa.y * inv)), xa.p);
	const sw_vec2 vb = sw_v2_add(sw_rot2_mul(ra, sw_v2(wb.x * inv, wb.y * inv)), xa.p);
	*out = (sw_distance_result){SW_STARTS_OVERLAPPED, SW_FEATURE_NONE, (s.num / len) * inv,
				    {n.x, n.y, 0},        {va.x, va.y, 0}, {vb.x, vb.y, 0}};
}

sw_status sw_gjk2_poly2_distance_pair_ref(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb,
					  const sw_gjk_opts *opts, sw_distance_result *out, uint32_t *iters)
{
	*iters = 0;
	axes_pair p;
	/* polygons too large for the feature pass to pay (sw_poly2_dist_by_features): GJK answers, with no
	 * separating-axis pass */
	const int feat = sw_poly2_dist_by_features(a->count, b->count);
	if (feat && !axes_run(a, xa, b, xb, &p)) {
		*out = sw_distance_result_invalid();
		return out->status;
	}
	const int side = feat ? axes_side(&p) : 0;
	if (side < 0) {
		dist_pen(&p, a->count, b->count, xa, out);
		return out->status;
	}
	if (side == 0) {
		/* near contact (or too large): GJK answers */
		sw_shape2 ga = sw_shape2_verts(a->v, a->count, 0.0f), gb = sw_shape2_verts(b->v, b->count, 0.0f);
		sw_gjk2_distance_pair_ref(&ga, xa, &gb, xb, opts, out, iters);
		return out->status;
	}
	/* apart: the least point–segment distance over (B's vertices, A's edges) then (A's, B's) */
	feat2 f = {INFINITY, 0, 0, 0};
	feat_edges(p.f.pa, a->count, p.f.pb, b->count, 0, &f);
	feat_edges(p.f.pb, b->count, p.f.pa, a->count, 1, &f);
	const sw_vec2 *pe = f.side ? p.f.pb : p.f.pa, *pq = f.side ? p.f.pa : p.f.pb;
	const uint32_t ne = f.side ? b->count : a->count;
	const sw_vec2 e0 = pe[f.i], e1 = pe[f.i + 1 < ne ? f.i + 1 : 0], q = pq[f.j];
	/* the winner's closest point on its segment: e0 + (clamped t / den)·e */
	float ex = e1.x - e0.x, ey = e1.y - e0.y, den = ex * ex + ey * ey;
	float t = (q.x - e0.x) * ex + (q.y - e0.y) * ey;
	float cl = t > 0.0f ? t : 0.0f;
	cl = cl < den ? cl : den;
	const float r = cl / den;
	const sw_vec2 on = sw_v2(e0.x + r * ex, e0.y + r * ey);
	const sw_vec2 wa = f.side ? q : on, wb = f.side ? on : q;
	const float nx = wb.x - wa.x, ny = wb.y - wa.y, d = sqrtf(nx * nx + ny * ny);
	const float inv = 1.0f / p.f.sig;
	const sw_rot2 ra = {p.f.ca, p.f.sa};
	const sw_vec2 n = sw_rot2_mul(ra, sw_v2(nx / d, ny / d));
	const sw_vec2 va = sw_v2_add(sw_rot2_mul(ra, sw_v2(wa.x * inv, wa.y * inv)), xa.p);
	const sw_vec2 vb = sw_v2_add(sw_rot2_mul(ra, sw_v2(wb.x * inv, wb.y * inv)), xa.p);
	*out = (sw_distance_result){SW_MISS,       SW_FEATURE_NONE, d / p.f.sig,
				    {n.x, n.y, 0}, {va.x, va.y, 0}, {vb.x, vb.y, 0}};
	return out->status;
}
