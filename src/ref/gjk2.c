/* src/ref/gjk2.c — the 2D GJK queries (swept/gjk.h): input checks, the pair in A's local frame, the
 * core loop of gjk_tmpl.h, and each query's answer in world space. */
#define SW_GJK_D 2
#include "gjk_tmpl.h"

#include "ref/ref.h"

static gv to_gv(sw_vec2 v)
{
	gv o = {{v.x, v.y}};
	return o;
}

static sw_vec2 to_v2(gv v) { return sw_v2(v.c[0], v.c[1]); }

static const sw_vec2 NAN2 = {NAN, NAN};
static const sw_vec2 ZERO2 = {0, 0};

static int shape_ok(const sw_shape2 *s, float *ext)
{
	const float half[2] = {s->half.x, s->half.y};
	return core_ok(s->type, s->count, (const float *)s->verts, half, s->radius, ext);
}

static int v2_ok(sw_vec2 v) { return sw_ref_coord_ok(v.x) && sw_ref_coord_ok(v.y); }

/* position in range and a unit rotation within SW_QUAT_TOL (NaN fails the compare) */
static int pose_ok(sw_pose2 p)
{
	float n2 = p.q.c * p.q.c + p.q.s * p.q.s;
	return v2_ok(p.p) && fabsf(n2 - 1.0f) <= SW_QUAT_TOL;
}

static gjk_core to_core(const sw_shape2 *s, float ext)
{
	gjk_core k = {s->type, s->count, (const float *)s->verts, to_gv(s->half), ext};
	return k;
}

/* the pair in A's frame: B's columns qaᵀ·qb, B's origin qaᵀ(pb − pa), motion qaᵀ·rel */
static void make_pair(const sw_shape2 *a, const sw_rot2 *ra, sw_vec2 pa, const sw_shape2 *b, sw_pose2 pb, sw_vec2 rel,
		      float extra, int mode, uint32_t cap, const float ext[2], gjk_pair *pr)
{
	const sw_vec2 rb[2] = {{pb.q.c, pb.q.s}, {-pb.q.s, pb.q.c}};
	pr->a = to_core(a, ext[0]);
	pr->b = to_core(b, ext[1]);
	for (int j = 0; j < 2; j++)
		pr->col[j] = to_gv(sw_rot2_tmul(*ra, rb[j]));
	pr->off = to_gv(sw_rot2_tmul(*ra, sw_v2_sub(pb.p, pa)));
	pr->r = to_gv(sw_rot2_tmul(*ra, rel));
	pr->radius = (a->radius + b->radius) + extra;
	pr->mode = mode;
	pr->cap = cap;
	gjk_set_scale(pr);
}

/* a point of A's frame in world space, shifted by `shift` */
static sw_vec2 to_world(const sw_rot2 *ra, gv x, sw_vec2 shift) { return sw_v2_add(sw_rot2_mul(*ra, to_v2(x)), shift); }

sw_status sw_gjk2_overlap(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb, const sw_gjk_opts *opts,
			  sw_gjk_overlap2_output *out)
{
	uint32_t cap;
	float target, ext[2] = {0, 0};
	if (!out)
		return SW_PAIR_INVALID;
	if (!a || !b || !opts_ok(opts, &cap, &target) || !shape_ok(a, &ext[0]) || !shape_ok(b, &ext[1]) ||
	    !pose_ok(pa) || !pose_ok(pb)) {
		*out = (sw_gjk_overlap2_output){SW_PAIR_INVALID, NAN2, 0};
		return SW_PAIR_INVALID;
	}
	sw_rot2 ra = pa.q;
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, ZERO2, 0.0f, GJK_OVERLAP, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	out->iterations = st.iters;
	out->axis = ZERO2;
	if (st.end == END_CONTACT) {
		out->status = SW_HIT;
	} else {
		out->status = st.end == END_LIMIT ? SW_ITER_LIMIT : SW_MISS;
		out->axis = sw_rot2_mul(ra, to_v2(gunit(st.v)));
	}
	return out->status;
}

sw_status sw_gjk2_distance(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb, const sw_gjk_opts *opts,
			   sw_gjk_dist2_output *out)
{
	uint32_t cap;
	float target, ext[2] = {0, 0};
	if (!out)
		return SW_PAIR_INVALID;
	if (!a || !b || !opts_ok(opts, &cap, &target) || !shape_ok(a, &ext[0]) || !shape_ok(b, &ext[1]) ||
	    !pose_ok(pa) || !pose_ok(pb)) {
		*out = (sw_gjk_dist2_output){SW_PAIR_INVALID, NAN, NAN2, NAN2, NAN2, 0};
		return SW_PAIR_INVALID;
	}
	sw_rot2 ra = pa.q;
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, ZERO2, 0.0f, GJK_DIST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	gv wa, wb;
	gjk_witness(&st, &pr, &wa, &wb);
	out->iterations = st.iters;
	if (st.end == END_CONTACT) {
		out->status = SW_STARTS_OVERLAPPED;
		out->distance = 0;
		out->point_a = out->point_b = to_world(&ra, wa, pa.p);
		out->normal = ZERO2;
		return out->status;
	}
	gv n = gunit(st.v);
	float touch = GJK_TOUCH_EPS * st.scale;
	out->distance = (st.vlen - pr.radius) / pr.sigma;
	out->status = st.end == END_LIMIT ? SW_ITER_LIMIT : st.vlen <= pr.radius + touch ? SW_HIT : SW_MISS;
	out->normal = sw_rot2_mul(ra, to_v2(n));
	for (int i = 0; i < 2; i++) {
		wa.c[i] = wa.c[i] + n.c[i] * a->radius;
		wb.c[i] = wb.c[i] - n.c[i] * b->radius;
	}
	out->point_a = to_world(&ra, wa, pa.p);
	out->point_b = to_world(&ra, wb, pa.p);
	return out->status;
}

/* the cast's answer from a finished run: contact point on A's rounded surface at time t */
static void cast_answer(const gjk_run *st, const gjk_pair *pr, const sw_rot2 *ra, sw_vec2 pa, sw_vec2 da,
			float radius_a, sw_gjk_cast2_output *out)
{
	out->iterations = st->iters;
	out->t = st->lam;
	out->point = ZERO2;
	out->normal = ZERO2;
	if (st->end == END_MISS) {
		out->status = SW_MISS;
		out->t = 1.0f;
		return;
	}
	gv wa, wb, n;
	gjk_witness(st, pr, &wa, &wb);
	sw_vec2 shift = sw_v2_add(pa, sw_v2_scale(da, st->lam));
	int start = st->lam == 0 && st->end != END_LIMIT;
	out->status = st->end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
	if (start && (st->inside || st->vlen <= GJK_TOUCH_EPS * st->scale)) {
		out->point = to_world(ra, wa, shift);
		return;
	}
	n = gunit(start ? st->v : gjk_hit_normal(st, pr->radius));
	for (int i = 0; i < 2; i++)
		wa.c[i] = wa.c[i] + n.c[i] * radius_a;
	out->point = to_world(ra, wa, shift);
	out->normal = sw_rot2_mul(*ra, to_v2(n));
}

sw_status sw_gjk2_cast(const sw_shape2 *a, sw_pose2 pa, sw_vec2 da, const sw_shape2 *b, sw_pose2 pb, sw_vec2 db,
		       const sw_gjk_opts *opts, sw_gjk_cast2_output *out)
{
	uint32_t cap;
	float target, ext[2] = {0, 0};
	if (!out)
		return SW_PAIR_INVALID;
	if (!a || !b || !opts_ok(opts, &cap, &target) || !shape_ok(a, &ext[0]) || !shape_ok(b, &ext[1]) ||
	    !pose_ok(pa) || !pose_ok(pb) || !v2_ok(da) || !v2_ok(db)) {
		*out = (sw_gjk_cast2_output){SW_PAIR_INVALID, NAN, NAN2, NAN2, 0};
		return SW_PAIR_INVALID;
	}
	sw_rot2 ra = pa.q;
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, sw_v2_sub(db, da), target, GJK_CAST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	cast_answer(&st, &pr, &ra, pa.p, da, a->radius, out);
	return out->status;
}

sw_status sw_gjk2_ray(const sw_shape2 *s, sw_pose2 ps, sw_vec2 origin, sw_vec2 delta, const sw_gjk_opts *opts,
		      sw_gjk_ray2_output *out)
{
	uint32_t cap;
	float target, ext[2] = {0, 0};
	if (!out)
		return SW_PAIR_INVALID;
	if (!s || !opts_ok(opts, &cap, &target) || !shape_ok(s, &ext[0]) || !pose_ok(ps) || !v2_ok(origin) ||
	    !v2_ok(delta)) {
		*out = (sw_gjk_ray2_output){SW_PAIR_INVALID, NAN, NAN2, NAN2, 0};
		return SW_PAIR_INVALID;
	}
	/* the ray is a point B at the origin moving by delta against a still A */
	static const sw_vec2 zero_vert = {0, 0};
	const sw_shape2 pt = sw_shape2_verts(&zero_vert, 1, 0.0f);
	const sw_pose2 po = {origin, {1, 0}};
	sw_rot2 ra = ps.q;
	gjk_pair pr;
	gjk_run st;
	make_pair(s, &ra, ps.p, &pt, po, delta, 0.0f, GJK_CAST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	out->iterations = st.iters;
	out->normal = ZERO2;
	if (st.end == END_MISS) {
		out->status = SW_MISS;
		out->t = 1.0f;
	} else {
		int start = st.lam == 0 && st.end != END_LIMIT;
		out->status = st.end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
		out->t = st.lam;
		/* the A → B normal of the last advance is the shape's outward normal (B is the ray) */
		if (!start)
			out->normal = sw_rot2_mul(ra, to_v2(gunit(gjk_hit_normal(&st, pr.radius))));
	}
	out->point = sw_v2_add(origin, sw_v2_scale(delta, out->t));
	return out->status;
}
