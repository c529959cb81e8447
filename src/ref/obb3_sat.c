/* src/ref/obb3_sat.c — moving separating-axis test for two oriented boxes: the scalar reference.
 *
 * Orientations arrive as unit quaternions and are expanded once per box with sw_mat3_from_quat().
 * Method: Gottschalk's 15 OBB axes (Gottschalk, Lin, Manocha 1996; Ericson, RTCD 4.4.1) extended to
 * constant-velocity motion by slab clipping (Ericson, RTCD 5.5.8). Everything is expressed in A's
 * frame, so world offsets of 1e4 and beyond cost only the rounding of cB − cA. On an axis L, B's
 * centre projects to w + u·t and the boxes' projected radii sum to r; the boxes overlap on L exactly
 * while |w + u·t| ≤ r, an interval [t_in, t_out]. They touch at t iff every interval contains t, so
 * first contact = max t_in, last contact = min t_out. Axes are left unnormalised (the times do not
 * depend on |L|); only the winning axis is normalised, to give the normal. The running max/min of
 * the times are kept as fractions, so one pair costs two divisions, not thirty.
 *
 * Nearly parallel edges. No axis is dropped because its edges are close to parallel: any axis is a
 * valid separating axis, and the slab times are ratios that do not depend on its length. What must
 * hold is that every projection on an edge axis L = e_i × b_j is taken on that same L, so that its
 * rounding error stays proportional to |L|: A's radius and B's centre and motion are projected on
 * the computed L directly, and B's radius uses b_k · L = (b_j × b_k)_i, the cofactors of the computed
 * R = R_aᵀR_b, not the identity |R[i][k']| that holds only for an exactly orthonormal R (off by
 * ~1e-7 absolute, i.e. by ~1e-7 / |L| of the size once normalised). The separation along the axis
 * is then within a few ulps of the size at every angle; its direction may be off by ~1e-7 / |L|,
 * but only about b_j, across the Minkowski face of the two edges, which is ~|L| × the size wide in
 * that direction, so the gap it measures stays within ~1e-7 of the size of the true one. Each edge
 * axis is scaled by the power of two that brings its largest component into [2, 4)
 * (sw_ref_axis_scale): exact, so nothing above changes, and the products compared stay products of
 * two lengths however small |L| is. An axis whose components are all zero or denormal (exactly or
 * all but exactly parallel edges) carries no information and is skipped; the face axes bound the
 * boxes there to within that axis' |L| × the size, below rounding.
 *
 * The SIMD kernels (kernels/obb3_sat_tmpl.c) perform these exact operations in this exact order, so
 * statuses and feature ids agree bit for bit and floats agree to the last bit on every tier.
 */
#include "ref/ref.h"

#include <math.h>

/* one candidate axis in A's frame: projections of B's centre offset and relative motion, the sum of
 * projected radii, the (unnormalised) axis and its squared length; ok = 0: a zero edge axis */
typedef struct sat_axis {
	float w, u, r;
	float l[3];
	float len2;
	int ok;
} sat_axis;

/* the 15 axes of the pair, in feature-id order (face A 0..2, face B 3..5, edge A_i × B_j at 6+3i+j) */
static void obb3_axes(const sw_box3 *a, const sw_mat3 *ra, const sw_box3 *b, const sw_mat3 *rb, sw_vec3 v,
		      sat_axis ax[SW_AXIS_COUNT], float scale[2])
{
	sw_vec3 d = sw_v3_sub(b->center, a->center);
	float ha[3] = {a->half.x, a->half.y, a->half.z}, hb[3] = {b->half.x, b->half.y, b->half.z};
	float t[3], vv[3], rm[3][3], ar[3][3], ac[3][3];
	/* a tiny pair is scaled up first (SW_PAIR_TINY), every length by the same two powers of two */
	const float len[12] = {fabsf(d.x), fabsf(d.y), fabsf(d.z), fabsf(v.x), fabsf(v.y), fabsf(v.z),
			       ha[0],      ha[1],      ha[2],      hb[0],      hb[1],      hb[2]};
	float m = len[0];
	for (int k = 1; k < 12; k++)
		m = len[k] > m ? len[k] : m;
	sw_ref_pair_scale(m, &scale[0], &scale[1]);
	d = sw_v3((d.x * scale[0]) * scale[1], (d.y * scale[0]) * scale[1], (d.z * scale[0]) * scale[1]);
	v = sw_v3((v.x * scale[0]) * scale[1], (v.y * scale[0]) * scale[1], (v.z * scale[0]) * scale[1]);
	for (int k = 0; k < 3; k++) {
		ha[k] = (ha[k] * scale[0]) * scale[1];
		hb[k] = (hb[k] * scale[0]) * scale[1];
	}
	for (int i = 0; i < 3; i++) {
		sw_vec3 ai = ra->col[i];
		t[i] = (ai.x * d.x + ai.y * d.y) + ai.z * d.z;
		vv[i] = (ai.x * v.x + ai.y * v.y) + ai.z * v.z;
		for (int j = 0; j < 3; j++) {
			sw_vec3 bj = rb->col[j];
			rm[i][j] = (ai.x * bj.x + ai.y * bj.y) + ai.z * bj.z;
			ar[i][j] = fabsf(rm[i][j]);
		}
	}
	/* ac[j][i] = |(b_j × b_{j+1})_i|, the cofactors of R (R itself when R is exactly orthonormal) */
	for (int j = 0; j < 3; j++) {
		int j1 = (j + 1) % 3;
		for (int i = 0; i < 3; i++) {
			int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
			ac[j][i] = fabsf(rm[i1][j] * rm[i2][j1] - rm[i2][j] * rm[i1][j1]);
		}
	}
	/* faces of A: L = e_i */
	for (int i = 0; i < 3; i++) {
		sat_axis *x = &ax[i];
		x->w = t[i];
		x->u = vv[i];
		x->r = ha[i] + ((hb[0] * ar[i][0] + hb[1] * ar[i][1]) + hb[2] * ar[i][2]);
		x->l[0] = i == 0;
		x->l[1] = i == 1;
		x->l[2] = i == 2;
		x->len2 = 1.0f;
		x->ok = 1;
	}
	/* faces of B: L = b_j = column j of R */
	for (int j = 0; j < 3; j++) {
		sat_axis *x = &ax[3 + j];
		x->w = (t[0] * rm[0][j] + t[1] * rm[1][j]) + t[2] * rm[2][j];
		x->u = (vv[0] * rm[0][j] + vv[1] * rm[1][j]) + vv[2] * rm[2][j];
		x->r = ((ha[0] * ar[0][j] + ha[1] * ar[1][j]) + ha[2] * ar[2][j]) + hb[j];
		x->l[0] = rm[0][j];
		x->l[1] = rm[1][j];
		x->l[2] = rm[2][j];
		x->len2 = (rm[0][j] * rm[0][j] + rm[1][j] * rm[1][j]) + rm[2][j] * rm[2][j];
		x->ok = 1;
	}
	/* edges: L = s·(e_i × b_j) has components L_i = 0, L_i1 = −q, L_i2 = p with p = s·R[i1][j],
	 * q = s·R[i2][j] (s: sw_ref_axis_scale). B's radius: |b_k · L| = s·|(b_j × b_k)_i| for the two
	 * other columns, b_j × b_{j1} = C_j and b_j × b_{j2} = −C_{j2} */
	for (int i = 0; i < 3; i++) {
		int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
		for (int j = 0; j < 3; j++) {
			int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
			sat_axis *x = &ax[SW_AXIS_EDGE0 + 3 * i + j];
			float m = ar[i1][j] > ar[i2][j] ? ar[i1][j] : ar[i2][j];
			float s = sw_ref_axis_scale(m), p = rm[i1][j] * s, q = rm[i2][j] * s;
			x->w = t[i2] * p - t[i1] * q;
			x->u = vv[i2] * p - vv[i1] * q;
			x->r = (ha[i1] * fabsf(q) + ha[i2] * fabsf(p)) +
			       (hb[j1] * (ac[j][i] * s) + hb[j2] * (ac[j2][i] * s));
			x->l[i] = 0.0f;
			x->l[i1] = -q;
			x->l[i2] = p;
			x->len2 = p * p + q * q;
			x->ok = m >= SW_AXIS_MIN;
		}
	}
}

/* running state of the sweep over the axes. Times are kept as fractions num/den with den ≥ 0 and
 * compared by cross-multiplying, so the loop needs no division; den = 0 encodes ∓infinity. */
typedef struct sat_state {
	float in_num, in_den; /* latest entry time so far (starts at −1/0 = −∞) */
	int in_axis;          /* axis of that entry, and its u (the normal's sign) */
	float in_u;
	float out_num, out_den; /* earliest exit time so far (starts at 1/0 = +∞) */
	int sep0;               /* some axis separates at t = 0 */
	int never;              /* some axis separates and has no motion along it */
	float pen2, pen_len2;   /* least penetration at t = 0 as pen²/len2, kept as a fraction */
	int pen_axis;
	float pen_w;
} sat_state;

static void sat_visit(sat_state *s, int id, const sat_axis *x)
{
	/* a zero edge axis (exactly parallel edges) says nothing */
	if (!x->ok)
		return;
	float aw = fabsf(x->w);
	int sep = aw > x->r;
	s->sep0 |= sep;
	/* least normalised penetration: pen/|L| smallest ⇔ pen²·len2_best < pen2_best·len2 */
	float pen = x->r - aw, pen2 = pen * pen;
	if (pen2 * s->pen_len2 < s->pen2 * x->len2) {
		s->pen2 = pen2;
		s->pen_len2 = x->len2;
		s->pen_axis = id;
		s->pen_w = x->w;
	}
	float a = fabsf(x->u);
	if (!(a > SW_TINY_SPEED)) {
		s->never |= sep; /* no motion along L: separated forever, or overlapping forever */
		return;
	}
	/* slab |w + u t| ≤ r: with sw = sign(u)·w, entry = (−r − sw)/|u|, exit = (r − sw)/|u| */
	float sw = x->u < 0 ? -x->w : x->w;
	float nin = -x->r - sw, nout = x->r - sw;
	if (sw_ref_slab(nin, nout, a, &s->in_num, &s->in_den, &s->out_num, &s->out_den)) {
		s->in_axis = id;
		s->in_u = x->u;
	}
}

/* unit normal in world space: A's rotation times sign·L/|L| */
static sw_vec3 world_normal(const sw_mat3 *ra, const sat_axis *x, float sign)
{
	return sw_ref_world_normal(ra, x->l, x->len2, sign);
}

sw_status sw_obb3_sweep_rel_ref(const sw_box3 *a, const sw_box3 *b, sw_vec3 v, sw_sweep_result *out)
{
	sw_mat3 ra = sw_mat3_from_quat(a->rot), rb = sw_mat3_from_quat(b->rot);
	sat_axis ax[SW_AXIS_COUNT];
	float scale[2];
	obb3_axes(a, &ra, b, &rb, v, ax, scale);
	sat_state s = {-1.0f, 0.0f, 0, 0.0f, 1.0f, 0.0f, 0, 0, INFINITY, 1.0f, 0, 0.0f};
	for (int k = 0; k < SW_AXIS_COUNT; k++)
		sat_visit(&s, k, &ax[k]);

	float t_last = s.out_num / s.out_den;
	t_last = t_last < 1.0f ? t_last : 1.0f;
	if (!s.sep0) /* B's centre lies on the side sign(w) of the axis of least penetration */
		*out = sw_sweep_result_of(SW_STARTS_OVERLAPPED, (uint32_t)s.pen_axis, 0.0f, t_last,
					  world_normal(&ra, &ax[s.pen_axis], s.pen_w < 0 ? -1.0f : 1.0f));
	else if (!s.never && s.in_num * s.out_den <= s.out_num * s.in_den && s.in_num <= s.in_den && s.out_num >= 0.0f)
		/* t_in ≤ t_out, t_in ≤ 1, t_out ≥ 0. Separated at 0 ⇒ some slab has t_in > 0 or t_out < 0 with
		 * an exact sign, so here t_in > 0; at t_in B's centre sits at −sign(u)·r on L: the normal from
		 * A to B is −sign(u)·L */
		*out = sw_sweep_result_of(SW_HIT, (uint32_t)s.in_axis, s.in_num / s.in_den, t_last,
					  world_normal(&ra, &ax[s.in_axis], s.in_u < 0 ? 1.0f : -1.0f));
	else
		*out = sw_sweep_result_miss();
	return out->status;
}

sw_error sw_obb3_sweep(const sw_obb3 *a, sw_pose3 pa, sw_vec3 da, const sw_obb3 *b, sw_pose3 pb, sw_vec3 db,
		       sw_sweep_result *out)
{
	if (!a || !b || !out)
		return SW_ERR_NULL;
	sw_box3 ba = sw_box3_of(a, pa), bb = sw_box3_of(b, pb);
	if (!sw_obb3_valid_ref(&ba, da) || !sw_obb3_valid_ref(&bb, db))
		*out = sw_sweep_result_invalid();
	else
		sw_obb3_sweep_rel_ref(&ba, &bb, sw_v3_sub(db, da), out);
	return SW_OK;
}

sw_status sw_obb3_overlap_test_pair(const sw_box3 *a, const sw_box3 *b, uint32_t *separating_axis)
{
	*separating_axis = SW_FEATURE_NONE;
	sw_vec3 zero = {0, 0, 0};
	if (!sw_obb3_valid_ref(a, zero) || !sw_obb3_valid_ref(b, zero))
		return SW_PAIR_INVALID;
	sw_mat3 ra = sw_mat3_from_quat(a->rot), rb = sw_mat3_from_quat(b->rot);
	sat_axis ax[SW_AXIS_COUNT];
	float scale[2];
	obb3_axes(a, &ra, b, &rb, zero, ax, scale);
	for (int k = 0; k < SW_AXIS_COUNT; k++) {
		if (ax[k].ok && fabsf(ax[k].w) > ax[k].r) {
			*separating_axis = (uint32_t)k;
			return SW_MISS;
		}
	}
	return SW_HIT;
}

sw_status sw_obb3_overlap_pair(const sw_box3 *a, const sw_box3 *b, sw_overlap_result *out)
{
	sw_vec3 zero = {0, 0, 0};
	if (!sw_obb3_valid_ref(a, zero) || !sw_obb3_valid_ref(b, zero)) {
		*out = sw_overlap_result_invalid();
		return SW_PAIR_INVALID;
	}
	sw_mat3 ra = sw_mat3_from_quat(a->rot), rb = sw_mat3_from_quat(b->rot);
	sat_axis ax[SW_AXIS_COUNT];
	float scale[2];
	obb3_axes(a, &ra, b, &rb, zero, ax, scale);
	int sep = -1, best = 0;
	float sep_pen = 0, best_pen = 0, best_pen2 = INFINITY, best_len2 = 1.0f;
	for (int k = 0; k < SW_AXIS_COUNT; k++) {
		const sat_axis *x = &ax[k];
		if (!x->ok)
			continue;
		float pen = x->r - fabsf(x->w), pen2 = pen * pen;
		if (pen < 0.0f && sep < 0)
			sep = k, sep_pen = pen;
		/* pen/|L| smallest ⇔ pen²·len2_best < pen2_best·len2 (pen ≥ 0 when it matters) */
		if (pen2 * best_len2 < best_pen2 * x->len2)
			best = k, best_pen = pen, best_pen2 = pen2, best_len2 = x->len2;
	}
	int k = sep >= 0 ? sep : best;
	/* B lies on the side sign(w) of the axis */
	sw_vec3 n = world_normal(&ra, &ax[k], ax[k].w < 0 ? -1.0f : 1.0f);
	/* the depth or gap back at the pair's own scale (exact: powers of two) */
	float depth = sep >= 0 ? -sep_pen / sqrtf(ax[k].len2) : best_pen / sqrtf(ax[k].len2);
	depth = (depth * (1.0f / scale[1])) * (1.0f / scale[0]);
	*out = (sw_overlap_result){sep >= 0 ? SW_MISS : SW_HIT, (uint32_t)k, depth, n};
	return out->status;
}

sw_error sw_obb3_overlap(const sw_obb3 *a, sw_pose3 pa, const sw_obb3 *b, sw_pose3 pb, sw_overlap_result *out)
{
	if (!a || !b || !out)
		return SW_ERR_NULL;
	sw_box3 ba = sw_box3_of(a, pa), bb = sw_box3_of(b, pb);
	sw_obb3_overlap_pair(&ba, &bb, out);
	return SW_OK;
}
