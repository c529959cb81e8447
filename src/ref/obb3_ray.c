/* src/ref/obb3_ray.c — a ray against a placed box by the slab test (swept/obb3.h, sw_obb3_ray): the ray
 * in the box's frame is clipped against the six face planes ±x_i ≤ h_i, in the face order of
 * sw_hull3_box (−x, +x, −y, +y, −z, +z), keeping the latest entry and the earliest exit (Kay and Kajiya
 * 1986; Ericson, RTCD 5.3.3). Each slab is two of the half-spaces sw_hull3_ray clips with: num = h − (±o),
 * den = ±d, so a box answers as its hull (sw_hull3_box) does, to rounding. No iteration and no
 * tolerance. The lane kernel (src/kernels/obb3_ray_lanes.h) repeats these operations in the same
 * order, so both give the same bits. */
#include "ref/ref.h"

/* the clip state: latest entry, earliest exit, the entered face, a parallel face with the origin out */
typedef struct clipb {
	float tin, tout;
	uint32_t feature;
	int out;
} clipb;

/* face k = 2·axis + (sign > 0): num = h − s·o, den = s·d with s = ∓1 */
static void clip_slab_face(clipb *c, float h, float o, float d, uint32_t k)
{
	float num = h - o, den = d;
	if (sw_ref_clip(num, den, &c->tin, &c->tout, &c->out))
		c->feature = k;
}

sw_status sw_obb3_ray_pair_ref(sw_vec3 half, sw_pose3 x, sw_vec3 origin, sw_vec3 delta, sw_cast_result *out)
{
	const float h[3] = {half.x, half.y, half.z};
	int ok = sw_ref_v3_ok(x.p) && sw_ref_quat_ok(x.q) && sw_ref_v3_ok(origin) && sw_ref_v3_ok(delta);
	for (int i = 0; i < 3; i++)
		ok &= h[i] >= 0 && h[i] <= SW_MAX_COORD;
	if (!ok) {
		*out = sw_cast_result_invalid();
		return out->status;
	}
	const sw_mat3 r = sw_mat3_from_quat(x.q);
	const sw_vec3 lo = sw_mat3_tmul(&r, sw_v3_sub(origin, x.p)), ld = sw_mat3_tmul(&r, delta);
	const float o[3] = {lo.x, lo.y, lo.z}, d[3] = {ld.x, ld.y, ld.z};
	clipb c = {0.0f, 1.0f, SW_FEATURE_NONE, 0};
	for (uint32_t i = 0; i < 3; i++) {
		clip_slab_face(&c, h[i], -o[i], -d[i], 2 * i);   /* −x_i ≤ h_i */
		clip_slab_face(&c, h[i], o[i], d[i], 2 * i + 1); /* +x_i ≤ h_i */
	}
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
	if (c.out || !(c.tin <= c.tout))
		return out->status;
	out->t = c.tin;
	out->point = sw_v3_add(origin, sw_v3_scale(delta, c.tin));
	if (c.feature == SW_FEATURE_NONE) { /* inside (or on) every slab at t = 0 */
		out->status = SW_STARTS_OVERLAPPED;
		return out->status;
	}
	/* the entered face's outward normal in world space, negated: column axis of R times ∓1 */
	const sw_vec3 col = r.col[c.feature / 2];
	const float s = c.feature & 1 ? -1.0f : 1.0f;
	out->status = SW_HIT;
	out->feature = c.feature;
	out->normal = sw_v3(col.x * s, col.y * s, col.z * s);
	return out->status;
}

sw_error sw_obb3_ray(const sw_obb3 *box, sw_pose3 pose, sw_vec3 origin, sw_vec3 delta, sw_cast_result *out)
{
	if (!box || !out)
		return SW_ERR_NULL;
	sw_obb3_ray_pair_ref(box->half, pose, origin, delta, out);
	return SW_OK;
}
