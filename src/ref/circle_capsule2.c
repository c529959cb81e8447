/* src/ref/circle_capsule2.c — a 2D capsule moving against a static segment: the scalar reference.
 *
 * Method. The capsule is its core segment K = A–B grown by r, the segment S = P–Q. In 2D two
 * segments that do not cross are closest at an endpoint of one of them, so the first contact of
 * the moving capsule is the earliest of four circle–segment problems, each solved by the machinery
 * of ref/circle2.c (sw_seg_frame):
 *  - the circles of radius r at A and at B against S (interior and endpoints), moving by v;
 *  - S's endpoints P and Q against the capsule's side, the interior of K: by relative motion, a
 *    circle of radius r at P (or Q) moving by −v against K, interior only (its endpoint cases are
 *    the A–P, A–Q, B–P and B–Q cases above).
 * The feature is (part << 8) | feature of S: the region of the problem that gave the time, where an
 * endpoint–endpoint pair yields to the side when the other endpoint projects onto K (both regions
 * must agree, see cap2_end_region).
 * Starting overlapped: the least of the four distances, unless the cores cross (A and B strictly on
 * either side of S's line and P and Q strictly on either side of K's line) or touch (distance 0);
 * then the least translation separating them is the distance from the origin to the boundary of
 * the parallelogram S ⊖ K plus r: the least of |s_A|, |s_B| (A's and B's distances from S's line;
 * the capsule is pushed back across it) and |s_P|, |s_Q| (P's and Q's from K's line; the capsule is
 * pushed past them), each plus r.
 *
 * Frame. Relative to the pose's position: A = R·a, B = R·b, P − pose.p, Q − pose.p, and K's
 * direction R·(b − a); each problem then takes its own centre. One-sided: the pose's position (the
 * capsule's centre when a = −b) decides the side it starts on.
 *
 * Lanes: four frames per lane, every candidate, blends for the selections, as in ref/circle2.c.
 */
#include "ref/circle_ref.h"

#define PART(p) ((uint32_t)(p) << 8)

/* the four problems */
typedef struct cap2 {
	sw_seg_frame end[2];  /* circles at A, B against S */
	sw_seg_frame side[2]; /* P, Q against K (motion −v) */
} cap2;

static sw_vec2 rot2(sw_rot2 q, sw_vec2 x) { return sw_rot2_mul(q, x); }

static void cap2_build(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s, cap2 *k)
{
	sw_vec2 A = rot2(pose.q, cap->a), B = rot2(pose.q, cap->b), ek = rot2(pose.q, sw_v2_sub(cap->b, cap->a));
	sw_vec2 P = sw_v2_sub(s->p, pose.p), Q = sw_v2_sub(s->q, pose.p), es = sw_v2_sub(s->q, s->p);
	sw_vec2 mv = sw_v2(-v.x, -v.y);
	sw_seg_frame_build(sw_v2_sub(P, A), sw_v2_sub(Q, A), es, v, &k->end[0]);
	sw_seg_frame_build(sw_v2_sub(P, B), sw_v2_sub(Q, B), es, v, &k->end[1]);
	sw_seg_frame_build(sw_v2_sub(A, P), sw_v2_sub(B, P), ek, mv, &k->side[0]);
	sw_seg_frame_build(sw_v2_sub(A, Q), sw_v2_sub(B, Q), ek, mv, &k->side[1]);
}

/* the feature of end problem k displaced by x, refined: when its region is an endpoint j of S, the
 * pair (end k, S's endpoint j) is the closest one only if the endpoint's own region on K is end k
 * too; if it projects onto K's interior the side is closer (two adjacent regions of one distance
 * function, which a distance comparison could not tell apart near their seam) */
static uint32_t cap2_end_region(const cap2 *k, uint32_t part, sw_vec2 x, int *side_j)
{
	uint32_t f = sw_seg_frame_region(&k->end[part], x);
	*side_j = -1;
	if (f == SW_SEG2_INTERIOR)
		return PART(part) | f;
	uint32_t j = f - SW_SEG2_END0;
	uint32_t g = sw_seg_frame_region(&k->side[j], sw_v2(-x.x, -x.y));
	*side_j = g == SW_SEG2_INTERIOR ? (int)j : g == SW_SEG2_END0 + part ? -1 : -2;
	return *side_j >= 0 ? PART(SW_CAPSULE_SIDE) | f : PART(part) | f;
}

/* the cores' squared distance at t = 0 and its feature: the least over the pairs whose regions
 * agree (a rounding gap between regions falls back to the plain least) */
static float cap2_start(const cap2 *k, uint32_t *feat)
{
	float d = INFINITY, any = INFINITY;
	uint32_t id = SW_FEATURE_NONE, any_id = SW_FEATURE_NONE;
	for (uint32_t part = 0; part < 2; part++) {
		int side_j;
		uint32_t f;
		float dk = sw_seg_frame_start(&k->end[part], &f);
		uint32_t g = cap2_end_region(k, part, sw_v2(0.0f, 0.0f), &side_j);
		int agree = (side_j == -1) & (dk < d);
		d = agree ? dk : d;
		id = agree ? g : id;
		int closer = dk < any;
		any = closer ? dk : any;
		any_id = closer ? PART(part) | f : any_id;
	}
	for (uint32_t j = 0; j < 2; j++) {
		float dj = sw_seg_frame_interior_d2(&k->side[j]);
		int closer = dj < d;
		d = closer ? dj : d;
		id = closer ? PART(SW_CAPSULE_SIDE) | (SW_SEG2_END0 + j) : id;
	}
	int gap = id == SW_FEATURE_NONE;
	*feat = gap ? any_id : id;
	return gap ? any : d;
}

static int opposite(float a, float b) { return ((a > 0.0f) & (b < 0.0f)) | ((a < 0.0f) & (b > 0.0f)); }

/* crossing or touching cores: the least translation out of the parallelogram, as depth − r */
static float cap2_deep(const cap2 *k, uint32_t *feat, sw_vec2 *normal)
{
	const sw_seg_frame *e = k->end, *s = k->side;
	float d = INFINITY;
	uint32_t id = SW_FEATURE_NONE;
	sw_vec2 n = sw_v2(0.0f, 1.0f);
	for (uint32_t j = 0; j < 2; j++) {
		/* A or B pushed back across S's line */
		float dj = fabsf(e[j].s0);
		int closer = e[j].line & (dj < d);
		sw_vec2 nj = e[j].s0 > 0.0f ? sw_v2(-e[j].n.x, -e[j].n.y) : e[j].n;
		d = closer ? dj : d;
		id = closer ? PART(SW_CAPSULE_END0 + j) | SW_SEG2_INTERIOR : id;
		n = closer ? nj : n;
	}
	for (uint32_t j = 0; j < 2; j++) {
		/* the capsule pushed past P or Q, across K's line */
		float dj = fabsf(s[j].s0);
		int closer = s[j].line & (dj < d);
		sw_vec2 nj = s[j].s0 >= 0.0f ? s[j].n : sw_v2(-s[j].n.x, -s[j].n.y);
		d = closer ? dj : d;
		id = closer ? PART(SW_CAPSULE_SIDE) | (SW_SEG2_END0 + j) : id;
		n = closer ? nj : n;
	}
	/* two points: they coincide, any direction separates */
	int none = id == SW_FEATURE_NONE;
	*feat = none ? PART(SW_CAPSULE_END0) | SW_SEG2_END0 : id;
	*normal = n;
	return none ? 0.0f : d;
}

/* the earliest contact over the four problems (ties to the lowest id) */
static float cap2_first(const cap2 *k, sw_vec2 v, float r, uint32_t *feat)
{
	uint32_t f0, f1;
	float best = sw_seg_frame_first(&k->end[0], v, r, &f0), t1 = sw_seg_frame_first(&k->end[1], v, r, &f1);
	uint32_t id = f0 == SW_FEATURE_NONE ? f0 : PART(SW_CAPSULE_END0) | f0;
	int better = (f1 != SW_FEATURE_NONE) & (t1 < best);
	best = better ? t1 : best;
	id = better ? PART(SW_CAPSULE_END1) | f1 : id;
	sw_vec2 mv = sw_v2(-v.x, -v.y);
	for (uint32_t j = 0; j < 2; j++) {
		int ok;
		float tj = sw_seg_frame_interior(&k->side[j], mv, r, &ok);
		better = ok & (tj < best);
		best = better ? tj : best;
		id = better ? PART(SW_CAPSULE_SIDE) | (SW_SEG2_END0 + j) : id;
	}
	*feat = id;
	return best;
}

/* point on S and normal towards the core for feature id at t (not the crossing case) */
static void cap2_contact(const cap2 *k, const sw_seg2 *s, sw_vec2 v, float t, uint32_t id, sw_vec2 *point,
			 sw_vec2 *normal)
{
	uint32_t part = id >> 8, f = id & 0xFFu;
	if (part != SW_CAPSULE_SIDE) {
		sw_seg_frame_contact(&k->end[part], s, v, t, f, point, normal);
		return;
	}
	/* P or Q against K's interior: K lies opposite the side P is on at t (P moves by −v) */
	uint32_t j = f - SW_SEG2_END0;
	const sw_seg_frame *fr = &k->side[j];
	float h = sw_v2_dot(fr->n, sw_v2_sub(sw_v2_scale(v, -t), fr->f[0]));
	*point = j ? s->q : s->p;
	*normal = h >= 0.0f ? sw_v2(-fr->n.x, -fr->n.y) : fr->n;
}

/* where K crosses S: S's point at the fraction s_P / (s_P − s_Q) of its length */
static sw_vec2 cap2_crossing_point(const cap2 *k, const sw_seg2 *s)
{
	const sw_seg_frame *e = &k->end[0];
	float a = k->side[0].s0, b = k->side[1].s0;
	float mu = e->len * (a / (a - b));
	return sw_v2_add(s->p, sw_v2_scale(e->u, mu));
}

static int cap2_valid(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s)
{
	float q2 = pose.q.c * pose.q.c + pose.q.s * pose.q.s;
	return sw_circle_radius_ok(cap->r) & sw_circle_v2_ok(cap->a) & sw_circle_v2_ok(cap->b) &
	       sw_circle_v2_ok(pose.p) & (fabsf(q2 - 1.0f) <= SW_QUAT_TOL) & sw_circle_v2_ok(v) & sw_seg2_valid_ref(s);
}

sw_status sw_capsule2_seg2_ref(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s, uint32_t one_sided,
			       sw_circle2_output *out)
{
	if (!cap2_valid(cap, pose, v, s)) {
		sw_circle2_invalid(out);
		return SW_PAIR_INVALID;
	}
	float r = cap->r;
	cap2 k;
	cap2_build(cap, pose, v, s, &k);
	uint32_t start_id, hit_id, deep_id;
	float d2 = cap2_start(&k, &start_id);
	float th = cap2_first(&k, v, r, &hit_id);
	int crossing = k.end[0].line & k.side[0].line & opposite(k.end[0].s0, k.end[1].s0) &
		       opposite(k.side[0].s0, k.side[1].s0);
	sw_vec2 deep_n;
	float deep_d = cap2_deep(&k, &deep_id, &deep_n);
	/* the pose's position against S's front */
	float side = -sw_v2_dot(k.end[0].n, sw_v2_sub(s->p, pose.p));
	int behind = (one_sided != 0) & k.end[0].line & (side < 0.0f);
	int deep = crossing | (d2 == 0.0f);
	int over = deep | (d2 <= r * r);
	if (behind | (!over & (hit_id == SW_FEATURE_NONE))) {
		sw_circle2_miss(out);
		return SW_MISS;
	}
	/* a hit's feature: the region at t within the problem that gave t (see cap2_end_region) */
	float t = over ? 0.0f : th;
	int side_j;
	uint32_t hit_part = hit_id >> 8;
	if (!over && hit_part != SW_CAPSULE_SIDE)
		hit_id = cap2_end_region(&k, hit_part, sw_v2_scale(v, t), &side_j);
	uint32_t id = deep ? deep_id : over ? start_id : hit_id;
	out->status = over ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->t = t;
	out->depth = deep ? deep_d + r : over ? r - sqrtf(d2) : 0.0f;
	cap2_contact(&k, s, v, t, over ? start_id : hit_id, &out->point, &out->normal);
	if (crossing)
		out->point = cap2_crossing_point(&k, s);
	if (deep)
		out->normal = deep_n;
	out->slide = sw_circle_clip2(sw_v2_scale(v, 1.0f - t), out->normal);
	out->feature = id;
	return out->status;
}

sw_error sw_capsule2_seg2_sweep(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s,
				const sw_circle_opts *opts, sw_cast_result *out)
{
	if (!cap || !s || !out)
		return SW_ERR_NULL;
	sw_circle2_output o;
	sw_capsule2_seg2_ref(cap, pose, v, s, opts ? opts->one_sided : 0u, &o);
	sw_circle2_cast(&o, out);
	return SW_OK;
}
