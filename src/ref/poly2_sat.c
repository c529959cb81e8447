/* src/ref/poly2_sat.c — moving separating-axis test and static overlap for two 2D convex polygons
 * (segments included): the scalar reference.
 *
 * Method: two convex polygons are disjoint exactly when one lies wholly in front of an edge of the
 * other (the 2D SAT, one-sided as in Box2D's b2FindMaxSeparation): the candidate directions are A's
 * outward edge normals and B's outward edge normals reversed — the edge normals of the Minkowski
 * difference. Along such a unit n, pointing from A towards B, the gap is
 *   s(t) = min_B n·b − max_A n·a + (n·v)·t      (v: B's motion relative to A),
 * and the polygons touch at t iff every s(t) ≤ 0. Along its own edge normal a polygon's support is
 * that edge's first vertex, so only the other polygon is projected (as b2FindMaxSeparation does). Each direction gives
 * a half-line in t: an entry time where n·v < 0, an exit time where n·v > 0 (Ericson, RTCD 5.5.8 for the moving form).
 * First contact is the latest entry, last contact the earliest exit; the largest s(0) ≤ 0 is the least penetration.
 * Everything is expressed in A's local frame. As in the OBB reference, times are fractions compared by
 * cross-multiplying, divided once at the end. */
#include "ref/ref.h"
#include "swept/poly2.h"

#include <math.h>

/* a polygon's vertices in A's frame */
typedef struct poly_in_a {
	uint32_t n;
	sw_vec2 v[SW_POLY2_MAX_VERTS];
} poly_in_a;

/* bookkeeping over the directions (cf. sat_state in obb3_sat.c) */
typedef struct gap2 {
	float in_num, in_den, out_num, out_den; /* latest entry, earliest exit (den ≥ 0; 0 = ∓∞) */
	int in_axis;
	sw_vec2 in_normal;
	int sep0, never; /* separated at t = 0; separated with no motion along the direction */
	int sep_axis;    /* first direction separating at t = 0, its gap and normal */
	float sep_gap;
	sw_vec2 sep_normal;
	float best; /* largest gap at t = 0: minus the least penetration when overlapping */
	int best_axis;
	sw_vec2 best_normal;
} gap2;

static int xf_valid(sw_pose2 x)
{
	float n2 = x.q.c * x.q.c + x.q.s * x.q.s;
	return sw_ref_coord_ok(x.p.x) && sw_ref_coord_ok(x.p.y) && fabsf(n2 - 1.0f) <= SW_QUAT_TOL;
}

static int v2_valid(sw_vec2 v) { return sw_ref_coord_ok(v.x) && sw_ref_coord_ok(v.y); }

/* B's vertices in A's frame: qAᵀ·(qB·b + pB − pA) */
static void to_frame_a(const sw_poly2 *b, sw_pose2 xa, sw_pose2 xb, poly_in_a *out)
{
	sw_vec2 dp = sw_rot2_tmul(xa.q, sw_v2_sub(xb.p, xa.p));
	sw_rot2 q = {xa.q.c * xb.q.c + xa.q.s * xb.q.s, xa.q.c * xb.q.s - xa.q.s * xb.q.c};
	out->n = b->count;
	for (uint32_t k = 0; k < b->count; k++)
		out->v[k] = sw_v2_add(sw_rot2_mul(q, b->v[k]), dp);
}

static float project_min(const sw_vec2 *v, uint32_t n, sw_vec2 axis)
{
	float lo = sw_v2_dot(axis, v[0]);
	for (uint32_t k = 1; k < n; k++) {
		float d = sw_v2_dot(axis, v[k]);
		lo = d < lo ? d : lo;
	}
	return lo;
}

static float project_max(const sw_vec2 *v, uint32_t n, sw_vec2 axis)
{
	float hi = sw_v2_dot(axis, v[0]);
	for (uint32_t k = 1; k < n; k++) {
		float d = sw_v2_dot(axis, v[k]);
		hi = d > hi ? d : hi;
	}
	return hi;
}

/* outward unit normal of edge i of a counter-clockwise polygon (of a segment: the two sides) */
static sw_vec2 edge_normal(const sw_vec2 *v, uint32_t n, uint32_t i)
{
	sw_vec2 e = sw_v2_sub(v[(i + 1) % n], v[i]);
	float len = sw_v2_len(e);
	return sw_v2(e.y / len, -e.x / len);
}

/* direction n (unit, from A towards B) with feature id `id` and gap min_B − max_A along it */
static void gap_visit(gap2 *s, int id, sw_vec2 n, float gap, sw_vec2 v)
{
	float u = sw_v2_dot(n, v);
	int sep = gap > 0;
	if (sep && !s->sep0) {
		s->sep_axis = id;
		s->sep_gap = gap;
		s->sep_normal = n;
	}
	s->sep0 |= sep;
	if (gap > s->best) {
		s->best = gap;
		s->best_axis = id;
		s->best_normal = n;
	}
	float a_u = fabsf(u);
	if (!(a_u > SW_TINY_SPEED)) {
		s->never |= sep;
		return;
	}
	if (sw_ref_gap_times(gap, u, a_u, &s->in_num, &s->in_den, &s->out_num, &s->out_den)) {
		s->in_axis = id;
		s->in_normal = n;
	}
}

/* A's outward edge normals, then B's reversed, into the state; v = relative motion in A's frame */
static void gap_all(gap2 *s, const poly_in_a *pa, const poly_in_a *pb, sw_vec2 v)
{
	*s = (gap2){-1.0f, 0.0f, 1.0f, 0.0f, 0, {0, 0}, 0, 0, SW_AXIS_NONE, 0.0f, {0, 0}, -INFINITY, 0, {0, 0}};
	for (uint32_t i = 0; i < pa->n; i++) {
		sw_vec2 n = edge_normal(pa->v, pa->n, i);
		gap_visit(s, (int)i, n, project_min(pb->v, pb->n, n) - sw_v2_dot(n, pa->v[i]), v);
	}
	for (uint32_t j = 0; j < pb->n; j++) {
		sw_vec2 m = edge_normal(pb->v, pb->n, j), n = sw_v2(-m.x, -m.y);
		gap_visit(s, SW_POLY2_MAX_VERTS + (int)j, n, sw_v2_dot(n, pb->v[j]) - project_max(pa->v, pa->n, n), v);
	}
}

/* A's vertices as they are, and the pair scaled up when it is tiny (SW_PAIR_TINY): the largest |x|, |y|
 * of A's vertices, B's in A's frame and the motion decides; every length by the same two powers of two */
static void pair_frame(const sw_poly2 *a, poly_in_a *pa, poly_in_a *pb, sw_vec2 *v, float s[2])
{
	pa->n = a->count;
	float m = fabsf(v->x);
	m = fabsf(v->y) > m ? fabsf(v->y) : m;
	for (uint32_t k = 0; k < a->count; k++) {
		pa->v[k] = a->v[k];
		m = fabsf(a->v[k].x) > m ? fabsf(a->v[k].x) : m;
		m = fabsf(a->v[k].y) > m ? fabsf(a->v[k].y) : m;
	}
	for (uint32_t k = 0; k < pb->n; k++) {
		m = fabsf(pb->v[k].x) > m ? fabsf(pb->v[k].x) : m;
		m = fabsf(pb->v[k].y) > m ? fabsf(pb->v[k].y) : m;
	}
	sw_ref_pair_scale(m, &s[0], &s[1]);
	if (s[0] == 1.0f && s[1] == 1.0f)
		return;
	*v = sw_v2((v->x * s[0]) * s[1], (v->y * s[0]) * s[1]);
	for (uint32_t k = 0; k < pa->n; k++)
		pa->v[k] = sw_v2((pa->v[k].x * s[0]) * s[1], (pa->v[k].y * s[0]) * s[1]);
	for (uint32_t k = 0; k < pb->n; k++)
		pb->v[k] = sw_v2((pb->v[k].x * s[0]) * s[1], (pb->v[k].y * s[0]) * s[1]);
}

/* a 2D normal in the 3D answer (z = 0) */
static sw_vec3 v3_of(sw_vec2 v) { return sw_v3(v.x, v.y, 0.0f); }

/* `checked`: the polygons are known to pass sw_poly2_check (a set's or block's ok flags) */
static int pair_valid(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, int checked)
{
	if (!a || !b)
		return 0;
	if (!checked && (sw_poly2_check(a) != SW_OK || sw_poly2_check(b) != SW_OK))
		return 0;
	return xf_valid(xa) && xf_valid(xb);
}

sw_status sw_poly2_sweep_pair_ref(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb,
				  sw_vec2 db, int checked, sw_sweep_result *out)
{
	if (!pair_valid(a, xa, b, xb, checked) || !v2_valid(da) || !v2_valid(db)) {
		*out = sw_sweep_result_invalid();
		return SW_PAIR_INVALID;
	}
	poly_in_a pa, pb;
	to_frame_a(b, xa, xb, &pb);
	sw_vec2 v = sw_rot2_tmul(xa.q, sw_v2_sub(db, da));
	float scale[2];
	pair_frame(a, &pa, &pb, &v, scale);
	gap2 s;
	gap_all(&s, &pa, &pb, v);
	float t_last = s.out_num / s.out_den;
	t_last = t_last < 1.0f ? t_last : 1.0f;
	if (!s.sep0)
		*out = sw_sweep_result_of(SW_STARTS_OVERLAPPED, (uint32_t)s.best_axis, 0.0f, t_last,
					  v3_of(sw_rot2_mul(xa.q, s.best_normal)));
	else if (!s.never && s.in_num * s.out_den <= s.out_num * s.in_den && s.in_num <= s.in_den && s.out_num >= 0.0f)
		*out = sw_sweep_result_of(SW_HIT, (uint32_t)s.in_axis, s.in_num / s.in_den, t_last,
					  v3_of(sw_rot2_mul(xa.q, s.in_normal)));
	else
		*out = sw_sweep_result_miss();
	return out->status;
}

sw_status sw_poly2_overlap_pair_ref(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb, int checked,
				    sw_overlap_result *out)
{
	if (!pair_valid(a, xa, b, xb, checked)) {
		*out = sw_overlap_result_invalid();
		return SW_PAIR_INVALID;
	}
	poly_in_a pa, pb;
	to_frame_a(b, xa, xb, &pb);
	sw_vec2 v = sw_v2(0, 0);
	float scale[2];
	pair_frame(a, &pa, &pb, &v, scale);
	gap2 s;
	gap_all(&s, &pa, &pb, v);
	/* the depth or gap back at the pair's own scale (exact: powers of two) */
	float depth = s.sep0 ? s.sep_gap : -s.best;
	depth = (depth * (1.0f / scale[1])) * (1.0f / scale[0]);
	if (s.sep0)
		*out = (sw_overlap_result){SW_MISS, (uint32_t)s.sep_axis, depth,
					   v3_of(sw_rot2_mul(xa.q, s.sep_normal))};
	else
		*out = (sw_overlap_result){SW_HIT, (uint32_t)s.best_axis, depth,
					   v3_of(sw_rot2_mul(xa.q, s.best_normal))};
	return out->status;
}

sw_error sw_poly2_sweep(const sw_poly2 *a, sw_pose2 pa, sw_vec2 da, const sw_poly2 *b, sw_pose2 pb, sw_vec2 db,
			sw_sweep_result *out)
{
	if (!a || !b || !out)
		return SW_ERR_NULL;
	sw_poly2_sweep_pair_ref(a, pa, da, b, pb, db, 0, out);
	return SW_OK;
}

sw_error sw_poly2_overlap(const sw_poly2 *a, sw_pose2 pa, const sw_poly2 *b, sw_pose2 pb, sw_overlap_result *out)
{
	if (!a || !b || !out)
		return SW_ERR_NULL;
	sw_poly2_overlap_pair_ref(a, pa, b, pb, 0, out);
	return SW_OK;
}
