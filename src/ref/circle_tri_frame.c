/* src/ref/circle_tri_frame.c — a triangle seen from a moving centre (sw_tri_frame, ref/circle_ref.h):
 * the 3D capsule reference (ref/circle_capsule3.c) solves its end balls with it. Relative to the
 * centre at t = 0; the face by the offset plane, edge j by the disc seen along the edge
 * (sw_circle_ball3() on the motion without its component along e_j), vertex k by sw_circle_ball3();
 * features by the Voronoi region of the centre (face, outside an edge within its extent, a vertex).
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
