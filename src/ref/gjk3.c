/* src/ref/gjk3.c — the 3D GJK queries (swept/gjk.h): input checks, the pair in A's local frame, the
 * core loop of gjk_tmpl.h, and each query's answer in world space. */
#define SW_GJK_D 3
#include "gjk_tmpl.h"

#include "ref/gjk_ref.h"

static gv to_gv(sw_vec3 v)
{
	gv o = {{v.x, v.y, v.z}};
	return o;
}

static sw_vec3 to_v3(gv v) { return sw_v3(v.c[0], v.c[1], v.c[2]); }

static const sw_vec3 ZERO3 = {0, 0, 0};

static int shape_ok(const sw_shape3 *s, float *ext)
{
	const float half[3] = {s->half.x, s->half.y, s->half.z};
	return core_ok(s->type, s->count, (const float *)s->verts, half, s->radius, ext);
}

static int pose_ok(sw_pose3 p) { return sw_ref_v3_ok(p.p) && sw_ref_quat_ok(p.q); }

static gjk_core to_core(const sw_shape3 *s, float ext)
{
	gjk_core k = {s->type, s->count, (const float *)s->verts, to_gv(s->half), ext};
	return k;
}

/* the pair in A's frame: B's columns Raᵀ·Rb, B's origin Raᵀ(pb − pa), motion Raᵀ·rel */
static void make_pair(const sw_shape3 *a, const sw_mat3 *ra, sw_vec3 pa, const sw_shape3 *b, sw_pose3 pb, sw_vec3 rel,
		      float extra, int mode, uint32_t cap, const float ext[2], gjk_pair *pr)
{
	sw_mat3 rb = sw_mat3_from_quat(pb.q);
	pr->a = to_core(a, ext[0]);
	pr->b = to_core(b, ext[1]);
	for (int j = 0; j < 3; j++)
		pr->col[j] = to_gv(sw_mat3_tmul(ra, rb.col[j]));
	pr->off = to_gv(sw_mat3_tmul(ra, sw_v3_sub(pb.p, pa)));
	pr->r = to_gv(sw_mat3_tmul(ra, rel));
	pr->radius = (a->radius + b->radius) + extra;
	pr->mode = mode;
	pr->cap = cap;
	gjk_set_scale(pr);
}

/* a point of A's frame in world space, shifted by `shift` */
static sw_vec3 to_world(const sw_mat3 *ra, gv x, sw_vec3 shift) { return sw_v3_add(sw_mat3_mul(ra, to_v3(x)), shift); }

/* the checks every query shares: pointers (SW_ERR_NULL), options (SW_ERR_ARG), then the shapes and
 * poses (*valid) */
static sw_error check(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb, const sw_gjk_opts *opts,
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

sw_error sw_gjk3_overlap_pair_ref(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb,
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
	sw_mat3 ra = sw_mat3_from_quat(pa.q);
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, ZERO3, 0.0f, GJK_OVERLAP, cap, ext, &pr);
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
	out->normal = sw_mat3_mul(&ra, to_v3(gunit(st.v)));
	out->depth = gjk_gap(&st, &pr, limit);
	return SW_OK;
}

sw_error sw_gjk3_distance_pair_ref(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb,
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
	sw_mat3 ra = sw_mat3_from_quat(pa.q);
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, ZERO3, 0.0f, GJK_DIST, cap, ext, &pr);
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
	out->normal = sw_mat3_mul(&ra, to_v3(n));
	gjk_round_out(&wa, &wb, n, a->radius, b->radius);
	out->point_a = to_world(&ra, wa, pa.p);
	out->point_b = to_world(&ra, wb, pa.p);
	return SW_OK;
}

/* the cast's answer from a finished run: contact point on A's rounded surface at time t */
static void cast_answer(const gjk_run *st, const gjk_pair *pr, const sw_mat3 *ra, sw_vec3 pa, sw_vec3 da,
			float radius_a, sw_cast_result *out)
{
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0, ZERO3, ZERO3, ZERO3};
	if (st->end == END_MISS)
		return;
	gv wa, wb, n;
	gjk_witness(st, pr, &wa, &wb);
	sw_vec3 shift = sw_v3_add(pa, sw_v3_scale(da, st->lam));
	int start = gjk_cast_start(st);
	out->t = st->lam;
	out->status = st->end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
	if (start && gjk_cores_touch(st)) {
		out->point = to_world(ra, wa, shift);
		return;
	}
	n = gunit(start ? st->v : gjk_hit_normal(st, pr->radius));
	for (int i = 0; i < 3; i++)
		wa.c[i] = wa.c[i] + n.c[i] * radius_a;
	out->point = to_world(ra, wa, shift);
	out->normal = sw_mat3_mul(ra, to_v3(n));
}

sw_error sw_gjk3_cast_pair_ref(const sw_shape3 *a, sw_pose3 pa, sw_vec3 da, const sw_shape3 *b, sw_pose3 pb, sw_vec3 db,
			       const sw_gjk_opts *opts, sw_cast_result *out, uint32_t *iters)
{
	uint32_t cap;
	float target, ext[2];
	int valid;
	sw_error e = check(a, pa, b, pb, opts, out, &cap, &target, ext, &valid);
	if (e != SW_OK)
		return e;
	*iters = 0;
	if (!valid || !sw_ref_v3_ok(da) || !sw_ref_v3_ok(db)) {
		*out = sw_cast_result_invalid();
		return SW_OK;
	}
	sw_mat3 ra = sw_mat3_from_quat(pa.q);
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, sw_v3_sub(db, da), target, GJK_CAST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	*iters = st.iters;
	cast_answer(&st, &pr, &ra, pa.p, da, a->radius, out);
	return SW_OK;
}

/* the ray as a shape: a point B at the origin, moving by delta against a still A */
static const sw_vec3 ray_vert = {0, 0, 0};

sw_error sw_gjk3_ray_pair_ref(const sw_shape3 *s, sw_pose3 ps, sw_vec3 origin, sw_vec3 delta, const sw_gjk_opts *opts,
			      sw_cast_result *out, uint32_t *iters)
{
	const sw_shape3 pt = sw_shape3_verts(&ray_vert, 1, 0.0f);
	const sw_pose3 po = {origin, {0, 0, 0, 1}};
	uint32_t cap;
	float target, ext[2];
	int valid;
	sw_error e = check(s, ps, &pt, po, opts, out, &cap, &target, ext, &valid);
	if (e != SW_OK)
		return e;
	*iters = 0;
	if (!valid || !sw_ref_v3_ok(delta)) {
		*out = sw_cast_result_invalid();
		return SW_OK;
	}
	sw_mat3 ra = sw_mat3_from_quat(ps.q);
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
		out->normal = sw_mat3_mul(&ra, to_v3(gunit(gscale(gjk_hit_normal(&st, pr.radius), -1.0f))));
	out->point = sw_v3_add(origin, sw_v3_scale(delta, out->t));
	return SW_OK;
}

sw_error sw_gjk3_overlap(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb, const sw_gjk_opts *opts,
			 sw_overlap_result *out)
{
	uint32_t it;
	return sw_gjk3_overlap_pair_ref(a, pa, b, pb, opts, out, &it);
}

sw_error sw_gjk3_distance(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb, const sw_gjk_opts *opts,
			  sw_distance_result *out)
{
	uint32_t it;
	return sw_gjk3_distance_pair_ref(a, pa, b, pb, opts, out, &it);
}

sw_error sw_gjk3_cast(const sw_shape3 *a, sw_pose3 pa, sw_vec3 da, const sw_shape3 *b, sw_pose3 pb, sw_vec3 db,
		      const sw_gjk_opts *opts, sw_cast_result *out)
{
	uint32_t it;
	return sw_gjk3_cast_pair_ref(a, pa, da, b, pb, db, opts, out, &it);
}

sw_error sw_gjk3_ray(const sw_shape3 *s, sw_pose3 ps, sw_vec3 origin, sw_vec3 delta, const sw_gjk_opts *opts,
		     sw_cast_result *out)
{
	uint32_t it;
	return sw_gjk3_ray_pair_ref(s, ps, origin, delta, opts, out, &it);
}
