/* src/ref/gjk_query.h — the four GJK queries of the reference (overlap, distance, cast, ray) and their
 * public single-pair functions, written once for 2D and 3D: included at the end of gjk2.c and gjk3.c
 * (after gjk_tmpl.h) over the per-dimension pieces each defines first:
 *   gq_shape, gq_pose, gq_vec, gq_frame   the dimension's shape, pose, vector and A's rotation;
 *   GQ_NAME(x)                            sw_gjk2_x or sw_gjk3_x;
 *   shape_ok, pose_ok, vec_ok             the input checks;
 *   frame_of(pose), make_pair(...)       A's rotation, the pair in A's frame;
 *   rot_world, to_world, vec3_of          A's frame, and the dimension's vectors, to world sw_vec3;
 *   vec_add, vec_sub, vec_scale, ZEROV    the dimension's vector arithmetic;
 *   ray_shape(), ray_pose(origin)         the ray as a point shape at rest at its origin.
 * Every answer is in world space (z components 0 in 2D). */

static const sw_vec3 ZERO3 = {0, 0, 0};

/* the checks every query shares: pointers (SW_ERR_NULL), options (SW_ERR_ARG), then the shapes and
 * poses (*valid) */
static sw_error check(const gq_shape *a, gq_pose pa, const gq_shape *b, gq_pose pb, const sw_gjk_opts *opts,
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

/* what every query does after check(): A's frame, the pair in it (motion of B against A; target the
 * cast's target separation or 0) and GJK to its end. *ran is 0 (and *iters 0) when the call passed its
 * checks but the pair is invalid: the caller writes its invalid answer. */
static sw_error run_query(const gq_shape *a, gq_pose pa, const gq_shape *b, gq_pose pb, const sw_gjk_opts *opts,
			  const void *out, int motion_ok, gq_vec motion, int use_target, int mode, uint32_t *iters,
			  gq_frame *ra, gjk_pair *pr, gjk_run *st, int *ran)
{
	uint32_t cap;
	float target, ext[2];
	int valid;
	*ran = 0;
	sw_error e = check(a, pa, b, pb, opts, out, &cap, &target, ext, &valid);
	if (e != SW_OK)
		return e;
	*iters = 0;
	if (!valid || !motion_ok)
		return SW_OK;
	*ra = frame_of(pa);
	make_pair(a, ra, pa.p, b, pb, motion, use_target ? target : 0.0f, mode, cap, ext, pr);
	gjk_loop(pr, gjk_guess(pr), st);
	*iters = st->iters;
	*ran = 1;
	return SW_OK;
}

sw_error GQ_NAME(overlap_pair_ref)(const gq_shape *a, gq_pose pa, const gq_shape *b, gq_pose pb,
				   const sw_gjk_opts *opts, sw_overlap_result *out, uint32_t *iters)
{
	gq_frame ra;
	gjk_pair pr;
	gjk_run st;
	int ran;
	sw_error e = run_query(a, pa, b, pb, opts, out, 1, ZEROV, 0, GJK_OVERLAP, iters, &ra, &pr, &st, &ran);
	if (e != SW_OK || !ran) {
		if (e == SW_OK)
			*out = sw_overlap_result_invalid();
		return e;
	}
	out->feature = SW_FEATURE_NONE;
	out->depth = 0;
	out->normal = ZERO3;
	if (st.end == END_CONTACT) {
		out->status = SW_HIT;
		return SW_OK;
	}
	int limit = st.end == END_LIMIT;
	out->status = limit ? SW_ITER_LIMIT : SW_MISS;
	out->normal = rot_world(&ra, gunit(st.v));
	out->depth = gjk_gap(&st, &pr, limit);
	return SW_OK;
}

sw_error GQ_NAME(distance_pair_ref)(const gq_shape *a, gq_pose pa, const gq_shape *b, gq_pose pb,
				    const sw_gjk_opts *opts, sw_distance_result *out, uint32_t *iters)
{
	gq_frame ra;
	gjk_pair pr;
	gjk_run st;
	int ran;
	sw_error e = run_query(a, pa, b, pb, opts, out, 1, ZEROV, 0, GJK_DIST, iters, &ra, &pr, &st, &ran);
	if (e != SW_OK || !ran) {
		if (e == SW_OK)
			*out = sw_distance_result_invalid();
		return e;
	}
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
	out->normal = rot_world(&ra, n);
	gjk_round_out(&wa, &wb, n, a->radius, b->radius);
	out->point_a = to_world(&ra, wa, pa.p);
	out->point_b = to_world(&ra, wb, pa.p);
	return SW_OK;
}

/* the cast's answer from a finished run: contact point on A's rounded surface at time t */
static void cast_answer(const gjk_run *st, const gjk_pair *pr, const gq_frame *ra, gq_vec pa, gq_vec da, float radius_a,
			sw_cast_result *out)
{
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0, ZERO3, ZERO3, ZERO3};
	if (st->end == END_MISS)
		return;
	gv wa, wb, n;
	gjk_witness(st, pr, &wa, &wb);
	gq_vec shift = vec_add(pa, vec_scale(da, st->lam));
	int start = gjk_cast_start(st);
	out->t = st->lam;
	out->status = st->end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
	if (start && gjk_cores_touch(st)) {
		out->point = to_world(ra, wa, shift);
		return;
	}
	n = gunit(start ? st->v : gjk_hit_normal(st, pr->radius));
	for (int i = 0; i < D; i++)
		wa.c[i] = wa.c[i] + n.c[i] * radius_a;
	out->point = to_world(ra, wa, shift);
	out->normal = rot_world(ra, n);
}

sw_error GQ_NAME(cast_pair_ref)(const gq_shape *a, gq_pose pa, gq_vec da, const gq_shape *b, gq_pose pb, gq_vec db,
				const sw_gjk_opts *opts, sw_cast_result *out, uint32_t *iters)
{
	gq_frame ra;
	gjk_pair pr;
	gjk_run st;
	int ran;
	sw_error e = run_query(a, pa, b, pb, opts, out, vec_ok(da) && vec_ok(db), vec_sub(db, da), 1, GJK_CAST, iters,
			       &ra, &pr, &st, &ran);
	if (e != SW_OK || !ran) {
		if (e == SW_OK)
			*out = sw_cast_result_invalid();
		return e;
	}
	cast_answer(&st, &pr, &ra, pa.p, da, a->radius, out);
	return SW_OK;
}

/* the ray as a shape: a point B at the origin, moving by delta against a still A */
sw_error GQ_NAME(ray_pair_ref)(const gq_shape *s, gq_pose ps, gq_vec origin, gq_vec delta, const sw_gjk_opts *opts,
			       sw_cast_result *out, uint32_t *iters)
{
	const gq_shape pt = ray_shape();
	const gq_pose po = ray_pose(origin);
	gq_frame ra;
	gjk_pair pr;
	gjk_run st;
	int ran;
	sw_error e =
		run_query(s, ps, &pt, po, opts, out, vec_ok(delta), delta, 0, GJK_CAST, iters, &ra, &pr, &st, &ran);
	if (e != SW_OK || !ran) {
		if (e == SW_OK)
			*out = sw_cast_result_invalid();
		return e;
	}
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0, ZERO3, ZERO3, ZERO3};
	if (st.end == END_MISS)
		return SW_OK;
	int start = gjk_cast_start(&st);
	out->status = st.end == END_LIMIT ? SW_ITER_LIMIT : start ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->t = st.lam;
	/* the A → B normal of the last advance points from the shape to the ray: the ray's normal is its
	 * negation */
	if (!start)
		out->normal = rot_world(&ra, gunit(gscale(gjk_hit_normal(&st, pr.radius), -1.0f)));
	out->point = vec3_of(vec_add(origin, vec_scale(delta, out->t)));
	return SW_OK;
}

sw_error GQ_NAME(overlap)(const gq_shape *a, gq_pose pa, const gq_shape *b, gq_pose pb, const sw_gjk_opts *opts,
			  sw_overlap_result *out)
{
	uint32_t it;
	return GQ_NAME(overlap_pair_ref)(a, pa, b, pb, opts, out, &it);
}

sw_error GQ_NAME(distance)(const gq_shape *a, gq_pose pa, const gq_shape *b, gq_pose pb, const sw_gjk_opts *opts,
			   sw_distance_result *out)
{
	uint32_t it;
	return GQ_NAME(distance_pair_ref)(a, pa, b, pb, opts, out, &it);
}

sw_error GQ_NAME(cast)(const gq_shape *a, gq_pose pa, gq_vec da, const gq_shape *b, gq_pose pb, gq_vec db,
		       const sw_gjk_opts *opts, sw_cast_result *out)
{
	uint32_t it;
	return GQ_NAME(cast_pair_ref)(a, pa, da, b, pb, db, opts, out, &it);
}

sw_error GQ_NAME(ray)(const gq_shape *s, gq_pose ps, gq_vec origin, gq_vec delta, const sw_gjk_opts *opts,
		      sw_cast_result *out)
{
	uint32_t it;
	return GQ_NAME(ray_pair_ref)(s, ps, origin, delta, opts, out, &it);
}
