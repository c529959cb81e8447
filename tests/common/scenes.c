/* tests/common/scenes.c — seeded scene generators (see scenes.h). */
#include "scenes.h"

#include <math.h>

sc_rng sc_rng_seed(uint64_t seed)
{
	/* splitmix64 spreads small consecutive seeds over the whole state */
	uint64_t z = seed + 0x9E3779B97F4A7C15ull;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	sc_rng r = {(z ^ (z >> 31)) | 1};
	return r;
}

uint64_t sc_next(sc_rng *r)
{
	uint64_t x = r->s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	r->s = x;
	return x * 0x2545F4914F6CDD1Dull;
}

float sc_uniform(sc_rng *r, float lo, float hi)
{
	float u = (float)(sc_next(r) >> 40) * (1.0f / 16777216.0f);
	return lo + (hi - lo) * u;
}

uint32_t sc_below(sc_rng *r, uint32_t n) { return (uint32_t)(((sc_next(r) >> 32) * (uint64_t)n) >> 32); }

sw_quat sc_rotation(sc_rng *r)
{
	/* Shoemake's uniform random unit quaternion */
	float u1 = sc_uniform(r, 0, 1), u2 = sc_uniform(r, 0, 6.2831853f), u3 = sc_uniform(r, 0, 6.2831853f);
	float a = sqrtf(1 - u1), b = sqrtf(u1);
	sw_quat q = {a * sinf(u2), a * cosf(u2), b * sinf(u3), b * cosf(u3)};
	return sw_quat_normalize(q);
}

void sc_ellipsoid_points(sc_rng *r, size_t n, sw_vec3 ax, float inner, sw_vec3 *pts)
{
	for (size_t i = 0; i < n; i++) {
		/* a direction uniform on the sphere (rejection from the cube), then onto the shell */
		sw_vec3 u;
		float l2;
		do {
			/* sequenced (z, y, x), so every compiler draws the same points */
			float z = sc_uniform(r, -1, 1), y = sc_uniform(r, -1, 1), x = sc_uniform(r, -1, 1);
			u = sw_v3(x, y, z);
			l2 = sw_v3_dot(u, u);
		} while (l2 > 1 || l2 < 1e-4f);
		float k = (inner >= 1.0f ? 1.0f : sc_uniform(r, inner, 1.0f)) / sqrtf(l2);
		pts[i] = sw_v3(u.x * k * ax.x, u.y * k * ax.y, u.z * k * ax.z);
	}
}

sc_obb3_params sc_obb3_defaults(void)
{
	sc_obb3_params p = {4.0f, {0, 0, 0}, 0.25f, 1.5f, 4.0f, 0};
	return p;
}

void sc_obb3(sc_rng *r, const sc_obb3_params *p, sc_box *box, sw_vec3 *disp)
{
	box->center = sw_v3(p->offset.x + sc_uniform(r, -p->world, p->world),
			    p->offset.y + sc_uniform(r, -p->world, p->world),
			    p->offset.z + sc_uniform(r, -p->world, p->world));
	box->rot = p->axis_aligned ? (sw_quat){0, 0, 0, 1} : sc_rotation(r);
	box->half = sw_v3(sc_uniform(r, p->half_lo, p->half_hi), sc_uniform(r, p->half_lo, p->half_hi),
			  sc_uniform(r, p->half_lo, p->half_hi));
	*disp = sw_v3(sc_uniform(r, -p->motion, p->motion), sc_uniform(r, -p->motion, p->motion),
		      sc_uniform(r, -p->motion, p->motion));
}

sw_error sc_obb3_set_fill(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		sc_box box;
		sw_vec3 d;
		sc_obb3(r, p, &box, &d);
		sw_obb3 shape = sc_box_shape(&box);
		sw_error e = sw_obb3_set_add(set, &shape, sc_box_pose(&box), d, NULL);
		if (e != SW_OK)
			return e;
	}
	return SW_OK;
}

void sc_pairs(sc_rng *r, sw_pair *pairs, size_t n, uint32_t na, uint32_t nb)
{
	for (size_t i = 0; i < n; i++) {
		pairs[i].a = sc_below(r, na);
		pairs[i].b = sc_below(r, nb);
	}
}

sw_error sc_obb3_close_pairs(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		sc_box a, b;
		sw_vec3 da, db;
		sc_obb3(r, p, &a, &da);
		sc_obb3(r, p, &b, &db);
		/* put B near A: a gap of up to two box sizes in a random direction */
		float s = 2.0f * p->half_hi;
		b.center = sw_v3(a.center.x + sc_uniform(r, -2 * s, 2 * s), a.center.y + sc_uniform(r, -2 * s, 2 * s),
				 a.center.z + sc_uniform(r, -2 * s, 2 * s));
		/* relative motion that points roughly towards A half of the time */
		if (sc_next(r) & 1) {
			sw_vec3 to_a = sw_v3_sub(a.center, b.center);
			db = sw_v3_add(da, sw_v3_scale(to_a, sc_uniform(r, 0.5f, 3.0f)));
		}
		uint32_t ia, ib;
		sw_obb3 sa = sc_box_shape(&a), sb = sc_box_shape(&b);
		sw_error e = sw_obb3_set_add(set, &sa, sc_box_pose(&a), da, &ia);
		if (e == SW_OK)
			e = sw_obb3_set_add(set, &sb, sc_box_pose(&b), db, &ib);
		if (e != SW_OK)
			return e;
		pairs[k].a = ia;
		pairs[k].b = ib;
	}
	return SW_OK;
}

sw_vec3 sc_obb3_feature_axis(const sc_box *a, const sc_box *b, uint32_t id)
{
	sw_axis_info f = sw_obb3_feature_decode(id);
	sw_mat3 ra = sc_box_axes(a), rb = sc_box_axes(b);
	if (f.kind == SW_AXIS_KIND_FACE_A)
		return ra.col[f.index_a];
	if (f.kind == SW_AXIS_KIND_FACE_B)
		return rb.col[f.index_b];
	sw_vec3 c = sw_v3_cross(ra.col[f.index_a], rb.col[f.index_b]);
	return sw_v3_scale(c, 1.0f / sw_v3_len(c));
}

/* n perpendicular to the unit directions of u and v, within tol */
static int across(sw_vec3 u, sw_vec3 v, sw_vec3 n, float tol)
{
	return fabsf(sw_v3_dot(n, u)) <= tol * sw_v3_len(u) && fabsf(sw_v3_dot(n, v)) <= tol * sw_v3_len(v);
}

int sc_obb3_feature_along(const sc_box *a, const sc_box *b, uint32_t id, sw_vec3 n, float tol)
{
	sw_axis_info f = sw_obb3_feature_decode(id);
	if (f.kind == SW_AXIS_KIND_NONE)
		return 0;
	if (f.kind != SW_AXIS_KIND_EDGE_EDGE)
		return fabsf(sw_v3_dot(sc_obb3_feature_axis(a, b, id), n)) >= 1 - tol;
	sw_mat3 ra = sc_box_axes(a), rb = sc_box_axes(b);
	return across(ra.col[f.index_a], rb.col[f.index_b], n, tol);
}

/* ---- box–triangle scenes ---- */

sc_tri3_params sc_tri3_defaults(void)
{
	sc_tri3_params p = {sc_obb3_defaults(), 0.5f, 2.5f};
	return p;
}

static sw_vec3 unit_dir(sc_rng *r)
{
	for (;;) {
		sw_vec3 v = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
		float l = sw_v3_len(v);
		if (l > 0.1f && l <= 1.0f)
			return sw_v3_scale(v, 1.0f / l);
	}
}

void sc_tri3(sc_rng *r, const sc_tri3_params *p, sw_vec3 centre, sw_tri3 *tri, sw_vec3 *disp)
{
	sw_vec3 *v[3] = {&tri->a, &tri->b, &tri->c};
	for (;;) {
		for (int k = 0; k < 3; k++)
			*v[k] = sw_v3_add(centre, sw_v3_scale(unit_dir(r), sc_uniform(r, p->edge_lo, p->edge_hi)));
		/* keep clearly non-degenerate triangles: sine of the smallest angle above 0.05 */
		sw_vec3 e[3] = {sw_v3_sub(tri->b, tri->a), sw_v3_sub(tri->c, tri->b), sw_v3_sub(tri->a, tri->c)};
		float n = sw_v3_len(sw_v3_cross(e[0], e[1]));
		int ok = 1;
		for (int k = 0; k < 3; k++)
			ok = ok && n > 0.05f * sw_v3_len(e[k]) * sw_v3_len(e[(k + 1) % 3]);
		if (ok)
			break;
	}
	float m = p->box.motion;
	*disp = sw_v3(sc_uniform(r, -m, m), sc_uniform(r, -m, m), sc_uniform(r, -m, m));
}

sw_error sc_tri3_close_pairs(sc_rng *r, const sc_tri3_params *p, sw_obb3_set *boxes, sw_tri3_set *tris, sw_pair *pairs,
			     size_t n)
{
	for (size_t k = 0; k < n; k++) {
		sc_box a;
		sw_tri3 t;
		sw_vec3 da, dt;
		sc_obb3(r, &p->box, &a, &da);
		/* the centroid within two box sizes of the box centre */
		float s = 2.0f * p->box.half_hi;
		sw_vec3 c = sw_v3(a.center.x + sc_uniform(r, -2 * s, 2 * s), a.center.y + sc_uniform(r, -2 * s, 2 * s),
				  a.center.z + sc_uniform(r, -2 * s, 2 * s));
		sc_tri3(r, p, c, &t, &dt);
		if (sc_next(r) & 1)
			dt = sw_v3_add(da, sw_v3_scale(sw_v3_sub(a.center, c), sc_uniform(r, 0.5f, 3.0f)));
		uint32_t ia, ib;
		sw_obb3 sa = sc_box_shape(&a);
		sw_error e = sw_obb3_set_add(boxes, &sa, sc_box_pose(&a), da, &ia);
		if (e == SW_OK)
			e = sw_tri3_set_add(tris, &t, dt, &ib);
		if (e != SW_OK)
			return e;
		pairs[k].a = ia;
		pairs[k].b = ib;
	}
	return SW_OK;
}

sw_vec3 sc_tri3_feature_axis(const sc_box *a, const sw_tri3 *t, uint32_t id)
{
	sw_axis_info f = sw_obb3_tri3_feature_decode(id);
	sw_mat3 ra = sc_box_axes(a);
	/* unit edges: squares of huge triangles' raw cross products would overflow */
	sw_vec3 e[3] = {sw_v3_sub(t->b, t->a), sw_v3_sub(t->c, t->b), sw_v3_sub(t->a, t->c)};
	for (int k = 0; k < 3; k++) {
		e[k] = sw_v3_scale(e[k], 1.0f / fmaxf(fabsf(e[k].x), fmaxf(fabsf(e[k].y), fabsf(e[k].z))));
		e[k] = sw_v3_scale(e[k], 1.0f / sw_v3_len(e[k]));
	}
	sw_vec3 c;
	if (f.kind == SW_AXIS_KIND_FACE_A)
		return ra.col[f.index_a];
	if (f.kind == SW_AXIS_KIND_FACE_B)
		c = sw_v3_cross(e[0], sw_v3_scale(e[2], -1.0f));
	else
		c = sw_v3_cross(ra.col[f.index_a], e[f.index_b]);
	return sw_v3_scale(c, 1.0f / sw_v3_len(c));
}

int sc_tri3_feature_along(const sc_box *a, const sw_tri3 *t, uint32_t id, sw_vec3 n, float tol)
{
	sw_axis_info f = sw_obb3_tri3_feature_decode(id);
	if (f.kind == SW_AXIS_KIND_NONE)
		return 0;
	if (f.kind != SW_AXIS_KIND_EDGE_EDGE)
		return fabsf(sw_v3_dot(sc_tri3_feature_axis(a, t, id), n)) >= 1 - tol;
	const sw_vec3 v[3] = {t->a, t->b, t->c};
	sw_mat3 ra = sc_box_axes(a);
	return across(ra.col[f.index_a], sw_v3_sub(v[(f.index_b + 1) % 3], v[f.index_b]), n, tol);
}

sw_poly2 sc_poly2(sc_rng *r, uint32_t count, float size)
{
	sw_poly2 p;
	if (count <= 2) {
		float a = sc_uniform(r, 0, 6.2831853f);
		return sw_poly2_segment(sw_v2(-size * cosf(a), -size * sinf(a)), sw_v2(size * cosf(a), size * sinf(a)));
	}
	/* count points at sorted random angles on a ring of jittered radius: convex, no three collinear */
	for (;;) {
		float ang[SW_POLY2_MAX_VERTS];
		for (uint32_t i = 0; i < count; i++)
			ang[i] = 6.2831853f * ((float)i + sc_uniform(r, 0.1f, 0.9f)) / (float)count;
		sw_vec2 pts[SW_POLY2_MAX_VERTS];
		float rad = size * sc_uniform(r, 0.8f, 1.0f);
		for (uint32_t i = 0; i < count; i++)
			pts[i] = sw_v2(rad * cosf(ang[i]), rad * sinf(ang[i]));
		if (sw_poly2_build(pts, count, &p) == SW_OK && p.count == count)
			return p;
	}
}

sc_poly2_params sc_poly2_defaults(void)
{
	sc_poly2_params p = {3.0f, 0.0f, 0.25f, 1.5f, 4.0f, 3, 8};
	return p;
}

sw_error sc_poly2_close_pairs(sc_rng *r, const sc_poly2_params *p, sw_poly2_set *set, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		uint32_t idx[2];
		sw_vec2 at = sw_v2(p->offset + sc_uniform(r, -p->world, p->world),
				   -p->offset + sc_uniform(r, -p->world, p->world));
		for (int s = 0; s < 2; s++) {
			uint32_t cnt = p->count_lo + sc_below(r, p->count_hi - p->count_lo + 1);
			sw_poly2 poly = sc_poly2(r, cnt, sc_uniform(r, p->size_lo, p->size_hi));
			float g = 2.0f * p->size_hi;
			sw_vec2 c = s ? sw_v2(at.x + sc_uniform(r, -2 * g, 2 * g), at.y + sc_uniform(r, -2 * g, 2 * g))
				      : at;
			sw_vec2 d = sw_v2(sc_uniform(r, -p->motion, p->motion), sc_uniform(r, -p->motion, p->motion));
			uint32_t shape;
			sw_error e = sw_poly2_set_add_shape(set, &poly, &shape);
			if (e == SW_OK)
				e = sw_poly2_set_add(set, shape, sw_pose2_make(c, sc_uniform(r, 0, 6.2831853f)), d,
						     &idx[s]);
			if (e != SW_OK)
				return e;
		}
		pairs[k].a = idx[0];
		pairs[k].b = idx[1];
	}
	return SW_OK;
}

sw_status sc_obb3_overlap_test(const sc_box *a, const sc_box *b, uint32_t *axis)
{
	sw_obb3_set *s;
	uint8_t st = SW_PAIR_INVALID;
	*axis = SW_FEATURE_NONE;
	if (sw_obb3_set_create(2, &s) != SW_OK)
		return SW_PAIR_INVALID;
	sw_obb3 sa = sc_box_shape(a), sb = sc_box_shape(b);
	sw_obb3_set_add(s, &sa, sc_box_pose(a), sw_v3(0, 0, 0), NULL);
	sw_obb3_set_add(s, &sb, sc_box_pose(b), sw_v3(0, 0, 0), NULL);
	const sw_pair pair = {0, 1};
	sw_overlap_results res = {&st, axis, NULL, NULL, NULL, NULL};
	sw_obb3_overlap_batch(s, s, &pair, 1, NULL, &res);
	sw_obb3_set_destroy(s);
	return (sw_status)st;
}

sw_status sc_obb3_tri3_overlap_test(const sc_box *a, const sw_tri3 *t, uint32_t *axis)
{
	sw_obb3_set *s;
	sw_tri3_set *ts;
	uint8_t st = SW_PAIR_INVALID;
	*axis = SW_FEATURE_NONE;
	if (sw_obb3_set_create(1, &s) != SW_OK)
		return SW_PAIR_INVALID;
	if (sw_tri3_set_create(1, &ts) != SW_OK) {
		sw_obb3_set_destroy(s);
		return SW_PAIR_INVALID;
	}
	sw_obb3 sa = sc_box_shape(a);
	sw_obb3_set_add(s, &sa, sc_box_pose(a), sw_v3(0, 0, 0), NULL);
	sw_tri3_set_add(ts, t, sw_v3(0, 0, 0), NULL);
	const sw_pair pair = {0, 0};
	sw_overlap_results res = {&st, axis, NULL, NULL, NULL, NULL};
	sw_obb3_tri3_overlap_batch(s, ts, &pair, 1, NULL, &res);
	sw_obb3_set_destroy(s);
	sw_tri3_set_destroy(ts);
	return (sw_status)st;
}
