/* src/ref/hull3_ray.c — a ray against a placed convex hull by clipping (swept/hull3.h, sw_hull3_ray):
 * the ray in the hull's frame is clipped against each face's half-space n·x ≤ d, keeping the latest
 * entry and the earliest exit (Cyrus and Beck 1978; Ericson, RTCD 5.3.8). The faces are the packed
 * ones a hull set stores (src/hull3_view.h: a flat hull as its prism of zero thickness). No iteration
 * and no tolerance: every decision is a sign or a comparison of the computed fractions. The lane
 * kernel (src/kernels/hull3_ray_lanes.h) repeats these operations in the same order, so both give the
 * same bits. */
#include "hull3_int.h"
#include "ref/hull3_ref.h"
#include "ref/ref.h"

/* the clip state: latest entry, earliest exit, the entered face's id, and whether a face parallel to
 * the ray has the origin outside */
typedef struct clip3 {
	float tin, tout;
	uint32_t feature;
	int out;
} clip3;

/* face k: n·x ≤ d against origin o and delta d (hull frame). num = d − n·o ≥ 0 where the origin is
 * inside, den = n·delta < 0 where the ray enters. A flat hull's faces 0 and 1 (normals exact negatives,
 * d0 + d1 ≥ 0) give num and den of opposite signs and equal magnitude up to d0 + d1, so entry ≤ exit by
 * the monotonicity of rounding: a ray through the polygon is never lost between them */
static void clip_face(clip3 *c, const float *f, uint32_t fs, uint32_t k, sw_vec3 o, sw_vec3 d)
{
	float nx = f[SW_HV_FX * fs + k], ny = f[SW_HV_FY * fs + k], nz = f[SW_HV_FZ * fs + k];
	float off = f[SW_HV_FD * fs + k];
	float num = off - ((nx * o.x + ny * o.y) + nz * o.z), den = (nx * d.x + ny * d.y) + nz * d.z;
	if (sw_ref_clip(num, den, &c->tin, &c->tout, &c->out))
		c->feature = k;
}

sw_status sw_hull3_ray_pair_ref(const float *f, uint32_t nf, uint32_t fs, sw_pose3 x, sw_vec3 origin, sw_vec3 delta,
				sw_cast_result *out)
{
	if (!sw_ref_v3_ok(x.p) || !sw_ref_quat_ok(x.q) || !sw_ref_v3_ok(origin) || !sw_ref_v3_ok(delta)) {
		*out = sw_cast_result_invalid();
		return out->status;
	}
	const sw_mat3 r = sw_mat3_from_quat(x.q);
	const sw_vec3 o = sw_mat3_tmul(&r, sw_v3_sub(origin, x.p)), d = sw_mat3_tmul(&r, delta);
	clip3 c = {0.0f, 1.0f, SW_FEATURE_NONE, 0};
	for (uint32_t k = 0; k < nf && k < SW_HV_MAX_FACES; k++)
		clip_face(&c, f, fs, k, o, d);
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
	if (c.out || !(c.tin <= c.tout))
		return out->status;
	out->t = c.tin;
	out->point = sw_v3_add(origin, sw_v3_scale(delta, c.tin));
	if (c.feature == SW_FEATURE_NONE) { /* inside (or on) every face's half-space at t = 0 */
		out->status = SW_STARTS_OVERLAPPED;
		return out->status;
	}
	const uint32_t k = c.feature;
	sw_vec3 w = sw_mat3_mul(&r, sw_v3(f[SW_HV_FX * fs + k], f[SW_HV_FY * fs + k], f[SW_HV_FZ * fs + k]));
	out->status = SW_HIT;
	out->feature = k;
	out->normal = sw_v3(-w.x, -w.y, -w.z);
	return out->status;
}

sw_error sw_hull3_ray(const sw_hull3 *hull, sw_pose3 pose, sw_vec3 origin, sw_vec3 delta, sw_cast_result *out)
{
	if (!hull || !out)
		return SW_ERR_NULL;
	if (!sw_hull3_sealed_(hull) && sw_hull3_check(hull) != SW_OK) {
		*out = sw_cast_result_invalid();
		return SW_OK;
	}
	_Alignas(64) float fl[SW_HV_MAX_FLOATS];
	_Alignas(64) int32_t ix[SW_HV_MAX_INTS];
	sw_hull_view v;
	sw_hull_view_pack(hull, fl, ix, &v);
	sw_hull3_ray_pair_ref(v.f, v.nf, v.fs, pose, origin, delta, out);
	return SW_OK;
}
