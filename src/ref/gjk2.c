/* src/ref/gjk2.c — the 2D GJK queries (swept/gjk.h): input checks, the pair in A's local frame, the
 * core loop of gjk_tmpl.h, and each query's answer in world space (z components 0). */
#define SW_GJK_D 2
#include "gjk_tmpl.h"

#include "ref/gjk_ref.h"

static gv to_gv(sw_vec2 v)
{
	gv o = {{v.x, v.y}};
	return o;
}

static const sw_vec3 ZERO3 = {0, 0, 0};
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

/* a vector of A's frame in world space (z = 0) */
static sw_vec3 rot_world(const sw_rot2 *ra, gv x)
{
	sw_vec2 w = sw_rot2_mul(*ra, sw_v2(x.c[0], x.c[1]));
	return sw_v3(w.x, w.y, 0);
}

/* a point of A's frame in world space, shifted by `shift` */
static sw_vec3 to_world(const sw_rot2 *ra, gv x, sw_vec2 shift)
{
	sw_vec2 w = sw_v2_add(sw_rot2_mul(*ra, sw_v2(x.c[0], x.c[1])), shift);
	return sw_v3(w.x, w.y, 0);
}

/* the checks every query shares: pointers (SW_ERR_NULL), options (SW_ERR_ARG), then the shapes and
 * poses (*valid) */
static sw_error check(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb, const sw_gjk_opts *opts,
		      const void *out, uint32_t *cap, float *target, float ext[2], int *valid)
{
	if (!a || !b || !out)
		return SW_ERR_NULL;
	if (!gjk_opts_ok(opts, cap, target))
		return SW_ERR_ARG;
	ext[0] = ext[1] = 0;
	*valid = shape_ok(a, &ext[0]) && shape_ok(b, &ext[1]) && pose_ok(pa) && pose_ok(pb);
	return SW_OK;
}

sw_error sw_gjk2_overlap_pair_ref(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb,
				  const sw_gjk_opts *opts, sw_overlap_result *out, uint32_t *iters)
{
	uint32_t cap;
	float target, ext[2];
	int valid;
	sw_error e = check(a, pa, b, pb, opts, out, &cap, &target, ext, &valid);
	if (e != SW_OK)
		return e;
	*iters = 0;
	if (!valid) {
		*out = sw_overlap_result_invalid();
		return SW_OK;
	}
	sw_rot2 ra = pa.q;
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, ZERO2, 0.0f, GJK_OVERLAP, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	*iters = st.iters;
	out->feature = SW_FEATURE_NONE;
	out->depth = 0;
	out->normal = ZERO3;
	if (st.end == END_CONTACT) {
		out->status = SW_HIT;
		return SW_OK;
	}
	int limit = st.end == END_LIMIT;
	out->status = limit ? SW_ITER_LIMIT : SW_MISS;
	out->normal = rot_world(&ra, (gunit(st.v)));
	out->depth = gjk_gap(&st, &pr, limit);
	return SW_OK;
}

sw_error sw_gjk2_distance_pair_ref(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb,
				   const sw_gjk_opts *opts, sw_distance_result *out, uint32_t *iters)
{
	uint32_t cap;
	float target, ext[2];
	int valid;
	sw_error e = check(a, pa, b, pb, opts, out, &cap, &target, ext, &valid);
	if (e != SW_OK)
		return e;
	*iters = 0;
	if (!valid) {
		*out = sw_distance_result_invalid();
		return SW_OK;
	}
	sw_rot2 ra = pa.q;
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, ZERO2, 0.0f, GJK_DIST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	*iters = st.iters;
	gv wa, wb;
	gjk_witness(&st, &pr, &wa, &wb);
	out->feature = SW_FEATURE_NONE;
	if (st.end == END_CONTACT) {
		out->status = SW_STARTS_OVERLAPPED;
		out->distance = 0;
		out->point_a = out->point_b = to_world(&ra, wa, pa.p);
		out->normal = ZERO3;
		return SW_OK;
	}
	gv n = gunit(st.v);
	out->status = gjk_dist_status(&st, &pr);
	out->distance = (st.vlen - pr.radius) / pr.sigma;
	out->normal = rot_world(&ra, (n));
	gjk_round_out(&wa, &wb, n, a->radius, b->radius);
	out->point_a = to_world(&ra, wa, pa.p);
	out->point_b = to_world(&ra, wb, pa.p);
	return SW_OK;
}

/* the cast's answer from a finished run: contact point on A's rounded surface at time t */
static void cast_answer(const gjk_run *st, const gjk_pair *pr, const sw_rot2 *ra, sw_vec2 pa, sw_vec2 da,
			float radius_a, sw_cast_result *out)
{
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0, ZERO3, ZERO3, ZERO3};
	if (st->end == END_MISS)
		return;
	gv wa, wb, n;
	gjk_witness(st, pr, &wa, &wb);
	sw_vec2 shift = sw_v2_add(pa, sw_v2_scale(da, st->lam));
	int start = gjk_cast_start(st);
	out->t = st->lam;
	out->status = st->end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
	if (start && gjk_cores_touch(st)) {
		out->point = to_world(ra, wa, shift);
		return;
	}
	n = gunit(start ? st->v : gjk_hit_normal(st, pr->radius));
	for (int i = 0; i < 2; i++)
		wa.c[i] = wa.c[i] + n.c[i] * radius_a;
	out->point = to_world(ra, wa, shift);
	out->normal = rot_world(ra, (n));
}

sw_error sw_gjk2_cast_pair_ref(const sw_shape2 *a, sw_pose2 pa, sw_vec2 da, const sw_shape2 *b, sw_pose2 pb, sw_vec2 db,
			       const sw_gjk_opts *opts, sw_cast_result *out, uint32_t *iters)
{
	uint32_t cap;
	float target, ext[2];
	int valid;
	sw_error e = check(a, pa, b, pb, opts, out, &cap, &target, ext, &valid);
	if (e != SW_OK)
		return e;
	*iters = 0;
	if (!valid || !v2_ok(da) || !v2_ok(db)) {
		*out = sw_cast_result_invalid();
		return SW_OK;
	}
	sw_rot2 ra = pa.q;
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, sw_v2_sub(db, da), target, GJK_CAST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	*iters = st.iters;
	cast_answer(&st, &pr, &ra, pa.p, da, a->radius, out);
	return SW_OK;
}

/* the ray as a shape: a point B at the origin, moving by delta against a still A */
static const sw_vec2 ray_vert = {0, 0};

sw_error sw_gjk2_ray_pair_ref(const sw_shape2 *s, sw_pose2 ps, sw_vec2 origin, sw_vec2 delta, const sw_gjk_opts *opts,
			      sw_cast_result *out, uint32_t *iters)
{
	const sw_shape2 pt = sw_shape2_verts(&ray_vert, 1, 0.0f);
	const sw_pose2 po = {origin, {1, 0}};
	uint32_t cap;
	float target, ext[2];
	int valid;
	sw_error e = check(s, ps, &pt, po, opts, out, &cap, &target, ext, &valid);
	if (e != SW_OK)
		return e;
	*iters = 0;
	if (!valid || !v2_ok(delta)) {
		*out = sw_cast_result_invalid();
		return SW_OK;
	}
	sw_rot2 ra = ps.q;
	gjk_pair pr;
	gjk_run st;
	make_pair(s, &ra, ps.p, &pt, po, delta, 0.0f, GJK_CAST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	*iters = st.iters;
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0, ZERO3, ZERO3, ZERO3};
	if (st.end == END_MISS)
		return SW_OK;
	int start = gjk_cast_start(&st);
	out->status = st.end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->t = st.lam;
	/* the A → B normal of the last advance points from the shape to the ray: the ray's normal is its
	 * negation */
	if (!start)
		out->normal = rot_world(&ra, (gunit(gscale(gjk_hit_normal(&st, pr.radius), -1.0f))));
	sw_vec2 at = sw_v2_add(origin, sw_v2_scale(delta, out->t));
	out->point = sw_v3(at.x, at.y, 0);
	return SW_OK;
}

sw_error sw_gjk2_overlap(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb, const sw_gjk_opts *opts,
			 sw_overlap_result *out)
{
	uint32_t it;
	return sw_gjk2_overlap_pair_ref(a, pa, b, pb, opts, out, &it);
}

sw_error sw_gjk2_distance(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb, const sw_gjk_opts *opts,
			  sw_distance_result *out)
{
	uint32_t it;
	return sw_gjk2_distance_pair_ref(a, pa, b, pb, opts, out, &it);
}

sw_error sw_gjk2_cast(const sw_shape2 *a, sw_pose2 pa, sw_vec2 da, const sw_shape2 *b, sw_pose2 pb, sw_vec2 db,
		      const sw_gjk_opts *opts, sw_cast_result *out)
{
	uint32_t it;
	return sw_gjk2_cast_pair_ref(a, pa, da, b, pb, db, opts, out, &it);
}

sw_error sw_gjk2_ray(const sw_shape2 *s, sw_pose2 ps, sw_vec2 origin, sw_vec2 delta, const sw_gjk_opts *opts,
		     sw_cast_result *out)
{
	uint32_t it;
	return sw_gjk2_ray_pair_ref(s, ps, origin, delta, opts, out, &it);
}
