/* src/ref/gjk3.c — the 3D GJK queries (swept/gjk.h): input checks, the pair in A's local frame, the
 * core loop of gjk_tmpl.h, and each query's answer in world space. */
#define SW_GJK_D 3
#include "gjk_tmpl.h"

#include "ref/ref.h"

static gv to_gv(sw_vec3 v)
{
	gv o = {{v.x, v.y, v.z}};
	return o;
}

static sw_vec3 to_v3(gv v) { return sw_v3(v.c[0], v.c[1], v.c[2]); }

static const sw_vec3 NAN3 = {NAN, NAN, NAN};
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

sw_status sw_gjk3_overlap(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb, const sw_gjk_opts *opts,
			  sw_gjk_overlap3_output *out)
{
	uint32_t cap;
	float target, ext[2] = {0, 0};
	if (!out)
		return SW_PAIR_INVALID;
	if (!a || !b || !opts_ok(opts, &cap, &target) || !shape_ok(a, &ext[0]) || !shape_ok(b, &ext[1]) ||
	    !pose_ok(pa) || !pose_ok(pb)) {
		*out = (sw_gjk_overlap3_output){SW_PAIR_INVALID, NAN3, 0};
		return SW_PAIR_INVALID;
	}
	sw_mat3 ra = sw_mat3_from_quat(pa.q);
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, ZERO3, 0.0f, GJK_OVERLAP, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	out->iterations = st.iters;
	out->axis = ZERO3;
	if (st.end == END_CONTACT) {
		out->status = SW_HIT;
	} else {
		out->status = st.end == END_LIMIT ? SW_ITER_LIMIT : SW_MISS;
		out->axis = sw_mat3_mul(&ra, to_v3(gunit(st.v)));
	}
	return out->status;
}

sw_status sw_gjk3_distance(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb, const sw_gjk_opts *opts,
			   sw_gjk_dist3_output *out)
{
	uint32_t cap;
	float target, ext[2] = {0, 0};
	if (!out)
		return SW_PAIR_INVALID;
	if (!a || !b || !opts_ok(opts, &cap, &target) || !shape_ok(a, &ext[0]) || !shape_ok(b, &ext[1]) ||
	    !pose_ok(pa) || !pose_ok(pb)) {
		*out = (sw_gjk_dist3_output){SW_PAIR_INVALID, NAN, NAN3, NAN3, NAN3, 0};
		return SW_PAIR_INVALID;
	}
	sw_mat3 ra = sw_mat3_from_quat(pa.q);
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, ZERO3, 0.0f, GJK_DIST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	gv wa, wb;
	gjk_witness(&st, &pr, &wa, &wb);
	out->iterations = st.iters;
	if (st.end == END_CONTACT) {
		out->status = SW_STARTS_OVERLAPPED;
		out->distance = 0;
		out->point_a = out->point_b = to_world(&ra, wa, pa.p);
		out->normal = ZERO3;
		return out->status;
	}
	gv n = gunit(st.v);
	float touch = GJK_TOUCH_EPS * st.scale;
	out->distance = (st.vlen - pr.radius) / pr.sigma;
	out->status = st.end == END_LIMIT ? SW_ITER_LIMIT : st.vlen <= pr.radius + touch ? SW_HIT : SW_MISS;
	out->normal = sw_mat3_mul(&ra, to_v3(n));
	for (int i = 0; i < 3; i++) {
		wa.c[i] = wa.c[i] + n.c[i] * a->radius;
		wb.c[i] = wb.c[i] - n.c[i] * b->radius;
	}
	out->point_a = to_world(&ra, wa, pa.p);
	out->point_b = to_world(&ra, wb, pa.p);
	return out->status;
}

/* the cast's answer from a finished run: contact point on A's rounded surface at time t */
static void cast_answer(const gjk_run *st, const gjk_pair *pr, const sw_mat3 *ra, sw_vec3 pa, sw_vec3 da,
			float radius_a, sw_gjk_cast3_output *out)
{
	out->iterations = st->iters;
	out->t = st->lam;
	out->point = ZERO3;
	out->normal = ZERO3;
	if (st->end == END_MISS) {
		out->status = SW_MISS;
		out->t = 1.0f;
		return;
	}
	gv wa, wb, n;
	gjk_witness(st, pr, &wa, &wb);
	sw_vec3 shift = sw_v3_add(pa, sw_v3_scale(da, st->lam));
	int start = st->lam == 0 && st->end != END_LIMIT;
	out->status = st->end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
	if (start && (st->inside || st->vlen <= GJK_TOUCH_EPS * st->scale)) {
		out->point = to_world(ra, wa, shift);
		return;
	}
	n = gunit(start ? st->v : gjk_hit_normal(st, pr->radius));
	for (int i = 0; i < 3; i++)
		wa.c[i] = wa.c[i] + n.c[i] * radius_a;
	out->point = to_world(ra, wa, shift);
	out->normal = sw_mat3_mul(ra, to_v3(n));
}

sw_status sw_gjk3_cast(const sw_shape3 *a, sw_pose3 pa, sw_vec3 da, const sw_shape3 *b, sw_pose3 pb, sw_vec3 db,
		       const sw_gjk_opts *opts, sw_gjk_cast3_output *out)
{
	uint32_t cap;
	float target, ext[2] = {0, 0};
	if (!out)
		return SW_PAIR_INVALID;
	if (!a || !b || !opts_ok(opts, &cap, &target) || !shape_ok(a, &ext[0]) || !shape_ok(b, &ext[1]) ||
	    !pose_ok(pa) || !pose_ok(pb) || !sw_ref_v3_ok(da) || !sw_ref_v3_ok(db)) {
		*out = (sw_gjk_cast3_output){SW_PAIR_INVALID, NAN, NAN3, NAN3, 0};
		return SW_PAIR_INVALID;
	}
	sw_mat3 ra = sw_mat3_from_quat(pa.q);
	gjk_pair pr;
	gjk_run st;
	make_pair(a, &ra, pa.p, b, pb, sw_v3_sub(db, da), target, GJK_CAST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	cast_answer(&st, &pr, &ra, pa.p, da, a->radius, out);
	return out->status;
}

sw_status sw_gjk3_ray(const sw_shape3 *s, sw_pose3 ps, sw_vec3 origin, sw_vec3 delta, const sw_gjk_opts *opts,
		      sw_gjk_ray3_output *out)
{
	uint32_t cap;
	float target, ext[2] = {0, 0};
	if (!out)
		return SW_PAIR_INVALID;
	if (!s || !opts_ok(opts, &cap, &target) || !shape_ok(s, &ext[0]) || !pose_ok(ps) || !sw_ref_v3_ok(origin) ||
	    !sw_ref_v3_ok(delta)) {
		*out = (sw_gjk_ray3_output){SW_PAIR_INVALID, NAN, NAN3, NAN3, 0};
		return SW_PAIR_INVALID;
	}
	/* the ray is a point B at the origin moving by delta against a still A */
	static const sw_vec3 zero_vert = {0, 0, 0};
	const sw_shape3 pt = sw_shape3_verts(&zero_vert, 1, 0.0f);
	const sw_pose3 po = {origin, {0, 0, 0, 1}};
	sw_mat3 ra = sw_mat3_from_quat(ps.q);
	gjk_pair pr;
	gjk_run st;
	make_pair(s, &ra, ps.p, &pt, po, delta, 0.0f, GJK_CAST, cap, ext, &pr);
	gjk_loop(&pr, gjk_guess(&pr), &st);
	out->iterations = st.iters;
	out->normal = ZERO3;
	if (st.end == END_MISS) {
		out->status = SW_MISS;
		out->t = 1.0f;
	} else {
		int start = st.lam == 0 && st.end != END_LIMIT;
		out->status = st.end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
		out->t = st.lam;
		/* the A → B normal of the last advance is the shape's outward normal (B is the ray) */
		if (!start)
			out->normal = sw_mat3_mul(&ra, to_v3(gunit(gjk_hit_normal(&st, pr.radius))));
	}
	out->point = sw_v3_add(origin, sw_v3_scale(delta, out->t));
	return out->status;
}
