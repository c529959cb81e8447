/* src/ref/circle3.c — a sphere moving against a static triangle: the scalar reference.
 *
 * Method. The sphere (centre c, radius r, displacement v, t ∈ [0,1]) touches the triangle when its
 * centre enters the triangle inflated by r: the slab over the face (±r along the normal), the
 * cylinders of radius r around the three edges and the balls of radius r at the three vertices.
 * The first contact is the earliest entry into any of the seven (Ericson, RTCD 5.5.6 and 5.5.7;
 * the slab's sides lie inside the edge cylinders and the cylinders' ends inside the vertex balls,
 * so only the slab's faces and the cylinders' round sides count):
 *  - face: the centre's signed distance from the plane, s(t) = s0 + t·(n·v), reaches ±r on the side
 *    it starts on, with the centre's projection inside the triangle then (three edge-side tests
 *    with the in-plane edge normals n × e_j, closed);
 *  - edge j: seen along the edge's unit direction e_j the cylinder is a disc: the centre's motion
 *    without its component along e_j, v⊥ = v − (v·e_j)e_j, meets the disc of radius r around the
 *    edge line's trace, by sw_circle_ball3() on the projected problem, and the contact's projection
 *    onto the edge lies between its vertices;
 *  - vertex k: the smaller root of |c + t·v − x_k|² = r² by sw_circle_ball3().
 * Every candidate is computed and the earliest valid one gives the time. No fudge constant decides
 * a contact. Feature, point and normal come from the Voronoi region of the centre at the contact
 * (face; outside an edge within its extent; a vertex), as in ref/circle2.c.
 *
 * Frame and scale. Everything is relative to the sphere's centre at t = 0 (f_k = x_k − c); edge
 * directions come from world-space vertex differences, normalised after a power-of-two scale
 * (sw_circle_unit3), and the face normal is the normalised cross product of the unit edges a→b and
 * a→c, so no product exceeds two lengths and triangles of 1e-12 and 1e12 behave alike. Path
 * lengths become times only at the end. Degenerate triangles are SW_PAIR_INVALID by the
 * contract of sw_tri3 (sw_tri3_valid_ref, as for the OBB–triangle queries).
 *
 * Starting overlapped: the distance at t = 0 is that of the centre's region (|s0|, the distance to
 * the edge's line, or to the vertex; the last two squared), compared with r as the candidates do.
 *
 * Lanes: as for ref/circle2.c — every candidate for every lane in this order, blends for the
 * selections, the contact formed once from the selected feature's data.
 */
#include "ref/circle_ref.h"

void sw_tri_frame_build(const sw_tri3 *t, const sw_vec3 f[3], sw_vec3 v, sw_tri_frame *fr)
{
	fr->x[0] = t->a, fr->x[1] = t->b, fr->x[2] = t->c;
	for (int k = 0; k < 3; k++) {
		fr->f[k] = f[k];
		fr->ff[k] = sw_v3_dot(fr->f[k], fr->f[k]);
		sw_circle_unit3(sw_v3_sub(fr->x[(k + 1) % 3], fr->x[k]), &fr->e[k], &fr->len[k]);
	}
	float l;
	sw_vec3 back = sw_v3(-fr->e[2].x, -fr->e[2].y, -fr->e[2].z);
	sw_circle_unit3(sw_v3_cross(fr->e[0], back), &fr->n, &l);
	fr->s0 = -sw_v3_dot(fr->n, fr->f[0]);
	for (int j = 0; j < 3; j++) {
		fr->m[j] = sw_v3_cross(fr->n, fr->e[j]);
		fr->mu0[j] = -sw_v3_dot(fr->e[j], fr->f[j]);
		fr->perp[j] = sw_v3_add(fr->f[j], sw_v3_scale(fr->e[j], fr->mu0[j]));
		fr->pp[j] = sw_v3_dot(fr->perp[j], fr->perp[j]);
	}
	fr->moving = sw_circle_unit3i(v, &fr->um, &fr->w, &fr->iw);
}

/* whether the point x (relative to the centre at t = 0) projects into the triangle (closed) */
static int tri_inside(const sw_tri_frame *fr, sw_vec3 x)
{
	int in = 1;
	for (int j = 0; j < 3; j++)
		in &= sw_v3_dot(fr->m[j], sw_v3_sub(x, fr->f[j])) >= 0.0f;
	return in;
}

/* the feature whose Voronoi region holds the centre displaced by x: the face when it projects into
 * the triangle (closed); else the first edge it lies outside of whose extent it projects onto
 * (closed); else a vertex region, the nearest vertex there. Rounding can leave a point between an
 * edge's and a vertex's region by an ulp; the nearest vertex then is the edge's own end, and the
 * two normals agree to that ulp */
uint32_t sw_tri_frame_region(const sw_tri_frame *fr, sw_vec3 x)
{
	uint32_t id = SW_FEATURE_NONE;
	int in = 1;
	for (uint32_t j = 0; j < 3; j++) {
		sw_vec3 y = sw_v3_sub(x, fr->f[j]);
		float w = sw_v3_dot(fr->m[j], y), mu = sw_v3_dot(fr->e[j], y);
		int edge = (w < 0.0f) & (mu >= 0.0f) & (mu <= fr->len[j]) & (id == SW_FEATURE_NONE);
		id = edge ? SW_TRI3_EDGE0 + j : id;
		in &= w >= 0.0f;
	}
	float best = INFINITY;
	uint32_t vert = SW_TRI3_VERTEX0;
	for (uint32_t k = 0; k < 3; k++) {
		float d = sw_v3_len(sw_v3_sub(x, fr->f[k]));
		int closer = d < best;
		best = closer ? d : best;
		vert = closer ? SW_TRI3_VERTEX0 + k : vert;
	}
	id = id == SW_FEATURE_NONE ? vert : id;
	return in ? SW_TRI3_FACE : id;
}

/* distance from the centre to the triangle at t = 0 and the feature realising it (its region) */
float sw_tri_frame_start(const sw_tri_frame *fr, uint32_t *feat)
{
	uint32_t id = sw_tri_frame_region(fr, sw_v3(0, 0, 0));
	*feat = id;
	if (id == SW_TRI3_FACE)
		return fr->s0 * fr->s0;
	return id < SW_TRI3_VERTEX0 ? fr->pp[id - SW_TRI3_EDGE0] : fr->ff[id - SW_TRI3_VERTEX0];
}

int sw_tri_frame_within(const sw_tri_frame *fr, uint32_t feat, float d2, float r)
{
	return feat == SW_TRI3_FACE ? fabsf(fr->s0) <= r : d2 <= r * r;
}

/* the earliest valid contact in (0, 1] over the seven features, or SW_FEATURE_NONE. Valid
 * only for pairs not overlapped at t = 0 */
float sw_tri_frame_first(const sw_tri_frame *fr, sw_vec3 v, float r, uint32_t *feat)
{
	/* face: the offset plane on the centre's side, reached over the triangle */
	float vn = sw_v3_dot(fr->n, v);
	float gap = fabsf(fr->s0) - r;
	float closing = fr->s0 > 0.0f ? -vn : vn;
	float tf = gap / closing;
	int ok = (gap > 0.0f) & (closing > 0.0f) & (tf <= 1.0f) & tri_inside(fr, sw_v3_scale(v, tf));
	float best = ok ? tf : INFINITY;
	uint32_t id = ok ? SW_TRI3_FACE : SW_FEATURE_NONE;
	/* edges: the round sides of the cylinders, seen along each edge */
	for (uint32_t j = 0; j < 3; j++) {
		sw_vec3 e = fr->e[j], vp = sw_v3_sub(v, sw_v3_scale(e, sw_v3_dot(v, e))), up;
		float wp, iwp, s;
		int across = sw_circle_unit3i(vp, &up, &wp, &iwp);
		int hit = sw_circle_ball3(fr->perp[j], fr->pp[j], up, r, &s);
		float te = s * iwp;
		float mu = sw_v3_dot(e, sw_v3_sub(sw_v3_scale(v, te), fr->f[j]));
		int better = across & hit & (te <= 1.0f) & (mu >= 0.0f) & (mu <= fr->len[j]) & (te < best);
		best = better ? te : best;
		id = better ? SW_TRI3_EDGE0 + j : id;
	}
	/* vertices: the balls */
	for (uint32_t k = 0; k < 3; k++) {
		float s;
		int hit = sw_circle_ball3(fr->f[k], fr->ff[k], fr->um, r, &s);
		float tk = s * fr->iw;
		int better = fr->moving & hit & (tk <= 1.0f) & (tk < best);
		best = better ? tk : best;
		id = better ? SW_TRI3_VERTEX0 + k : id;
	}
	*feat = id;
	return best;
}

/* contact point on the triangle and unit normal towards the centre, for feature `id` with the
 * centre at c + t·v. A centre on the triangle gets the front normal */
void sw_tri_frame_contact(const sw_tri_frame *fr, sw_vec3 v, float t, uint32_t id, sw_vec3 *point, sw_vec3 *normal)
{
	sw_vec3 x = sw_v3_scale(v, t);
	if (id == SW_TRI3_FACE) {
		sw_vec3 y = sw_v3_sub(x, fr->f[0]);
		float h = sw_v3_dot(fr->n, y);
		*point = sw_v3_add(fr->x[0], sw_v3_sub(y, sw_v3_scale(fr->n, h)));
		*normal = h >= 0.0f ? fr->n : sw_v3(-fr->n.x, -fr->n.y, -fr->n.z);
		return;
	}
	/* an edge: the foot on its line; a vertex: the vertex (direction zero) */
	int edge = id < SW_TRI3_VERTEX0;
	uint32_t k = edge ? id - SW_TRI3_EDGE0 : id - SW_TRI3_VERTEX0;
	sw_vec3 d = edge ? fr->e[k] : sw_v3(0, 0, 0);
	sw_vec3 y = sw_v3_sub(x, fr->f[k]);
	float mu = sw_v3_dot(d, y);
	sw_vec3 u;
	float l;
	int ok = sw_circle_unit3(sw_v3_sub(y, sw_v3_scale(d, mu)), &u, &l);
	*point = sw_v3_add(fr->x[k], sw_v3_scale(d, mu));
	*normal = ok ? u : fr->n;
}

void sw_circle3_invalid(sw_cast_result *out)
{
	const float nan = NAN;
	*out = (sw_cast_result){SW_PAIR_INVALID, SW_FEATURE_NONE, nan, nan, {nan, nan, nan},
				{nan, nan, nan}, {nan, nan, nan}};
}

void sw_circle3_miss(sw_cast_result *out)
{
	*out = (sw_cast_result){SW_MISS, SW_FEATURE_NONE, 1.0f, 0.0f, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
}

static int tri_valid(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t)
{
	return sw_circle_radius_ok(r) & sw_ref_v3_ok(c) & sw_ref_v3_ok(v) & sw_tri3_valid_ref(t, sw_v3(0, 0, 0));
}

sw_status sw_circle3_tri3_ref(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, uint32_t one_sided, sw_cast_result *out)
{
	if (!tri_valid(c, r, v, t)) {
		sw_circle3_invalid(out);
		return SW_PAIR_INVALID;
	}
	sw_tri_frame fr;
	const sw_vec3 f[3] = {sw_v3_sub(t->a, c), sw_v3_sub(t->b, c), sw_v3_sub(t->c, c)};
	sw_tri_frame_build(t, f, v, &fr);
	uint32_t start_id, hit_id;
	float d2 = sw_tri_frame_start(&fr, &start_id);
	float th = sw_tri_frame_first(&fr, v, r, &hit_id);
	int behind = (one_sided != 0) & (fr.s0 < 0.0f);
	int over = sw_tri_frame_within(&fr, start_id, d2, r);
	float dist = start_id == SW_TRI3_FACE ? fabsf(fr.s0) : sqrtf(d2);
	if (behind | (!over & (hit_id == SW_FEATURE_NONE))) {
		sw_circle3_miss(out);
		return SW_MISS;
	}
	/* the contact's feature is the region the centre is in then (see ref/circle2.c) */
	float tt = over ? 0.0f : th;
	uint32_t id = sw_tri_frame_region(&fr, sw_v3_scale(v, tt));
	out->status = over ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->t = tt;
	out->depth = over ? r - dist : 0.0f;
	sw_tri_frame_contact(&fr, v, tt, id, &out->point, &out->normal);
	out->slide = sw_circle_clip3(sw_v3_scale(v, 1.0f - tt), out->normal);
	out->feature = id;
	return out->status;
}

sw_error sw_circle3_tri3_sweep(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, const sw_circle_opts *opts,
			       sw_cast_result *out)
{
	if (!t || !out)
		return SW_ERR_NULL;
	sw_circle3_tri3_ref(c, r, v, t, opts ? opts->one_sided : 0u, out);
	return SW_OK;
}
