/* tests/common/gen_gjk_shapes.c — the GJK family's shape libraries (every shape a GJK source holds:
 * spheres, capsules, segments, points, triangles, boxes, polytopes and hulls of up to 64 vertices,
 * polygons, needles, grid boxes, shapes from 1e-12 to 1e12) and the placement of a pair's two shapes
 * (close, overlapping, touching and grazing through the library's own distance, on a grid). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen_gjk.h"

#define NSCALES 7
static const float SCALES[NSCALES] = {1e-12f, 1e-8f, 1e-4f, 1.0f, 1e4f, 1e8f, 1e12f};

static sw_vec3 rand3(sc_rng *r, float lo, float hi)
{
	return sw_v3(sc_uniform(r, lo, hi), sc_uniform(r, lo, hi), sc_uniform(r, lo, hi));
}

static float quarter(sc_rng *r) { return 0.25f * (float)(1 + sc_below(r, 4)); }

/* the bounding radius of a shape about its origin, radius included */
static void set_size(gg_shape *s)
{
	float m = 0;
	if (s->type == SW_SHAPE_BOX)
		m = sw_v3_len(s->half);
	for (uint32_t k = 0; k < s->n; k++)
		m = fmaxf(m, sw_v3_len(s->v[k]));
	s->size = m + s->radius;
}

static gg_shape verts_shape(const sw_vec3 *v, uint32_t n, float radius)
{
	gg_shape s;
	memset(&s, 0, sizeof s);
	s.type = SW_SHAPE_VERTS, s.n = n, s.radius = radius;
	memcpy(s.v, v, n * sizeof *v);
	return s;
}

static gg_shape box_shape(sw_vec3 half, float radius)
{
	gg_shape s;
	memset(&s, 0, sizeof s);
	s.type = SW_SHAPE_BOX, s.half = half, s.radius = radius;
	return s;
}

/* ---- 3D ---- */

/* n points near an ellipsoid of semi-axes ax, turned and shifted by up to `shift` */
static void cloud3(sc_rng *r, uint32_t n, sw_vec3 ax, float shift, sw_vec3 *pts)
{
	sw_mat3 rot = sw_mat3_from_quat(sc_rotation(r));
	sw_vec3 c = rand3(r, -shift, shift);
	sc_ellipsoid_points(r, n, ax, 0.7f, pts);
	for (uint32_t i = 0; i < n; i++)
		pts[i] = sw_v3_add(c, sw_mat3_mul(&rot, pts[i]));
}

static sw_vec3 axes(sc_rng *r, float size, int needle)
{
	sw_vec3 ax = sw_v3_scale(rand3(r, 0.5f, 1.0f), size);
	if (needle)
		ax.y *= 1e-2f, ax.z *= sc_next(r) & 1 ? 1e-2f : 1e-3f;
	return ax;
}

/* a shape of a sw_shape3_set */
static gg_shape any3(sc_rng *r, const gg_pop *p, float size)
{
	sw_vec3 pts[SW_GJK_MAX_VERTS];
	int needle = p->mix == MIX_NEEDLES;
	float rad = sc_next(r) & 1 ? size * sc_uniform(r, 0.05f, 0.4f) : 0.0f;
	if (p->mix == MIX_GRID)
		return box_shape(sw_v3(quarter(r), quarter(r), quarter(r)), 0);
	if (p->mix == MIX_BENCH) {
		uint32_t n = 8 + sc_below(r, 25);
		sc_ellipsoid_points(r, n, sw_v3_scale(rand3(r, 0.5f, 1.0f), size), 0.7f, pts);
		return verts_shape(pts, n, 0);
	}
	uint32_t kind = sc_below(r, p->mix == MIX_MIXED ? 5 : 8);
	switch (kind) {
	case 0: /* sphere */ return verts_shape(&(sw_vec3){0, 0, 0}, 1, size * sc_uniform(r, 0.3f, 1.0f));
	case 1: /* capsule or segment */
		pts[0] = sw_v3_scale(rand3(r, -1, 1), size), pts[1] = sw_v3_scale(pts[0], -1.0f);
		return verts_shape(pts, 2, needle ? size * 1e-2f : rad);
	case 2: /* box, rounded half of the time */
	{
		sw_vec3 h = axes(r, size, needle);
		return box_shape(sw_v3_scale(h, 0.7f), rad * 0.5f);
	}
	case 3: /* polytope of 8 to 32 points */
	{
		uint32_t n = 8 + sc_below(r, 25);
		cloud3(r, n, axes(r, size, needle), 0.2f * size, pts);
		return verts_shape(pts, n, p->mix == MIX_MIXED ? 0 : rad * 0.3f);
	}
	case 4: /* triangle */
		cloud3(r, 3, axes(r, size, needle), 0.2f * size, pts);
		return verts_shape(pts, 3, rad * 0.5f);
	case 5: /* point */ return verts_shape(&(sw_vec3){0, 0, 0}, 1, 0);
	case 6: /* 48 to 64 points */
	{
		uint32_t n = 48 + sc_below(r, 17);
		cloud3(r, n, axes(r, size, needle), 0.2f * size, pts);
		return verts_shape(pts, n, 0);
	}
	default: /* 4 to 8 points, with duplicates now and then */
	{
		uint32_t n = 4 + sc_below(r, 5);
		cloud3(r, n, axes(r, size, needle), 0.2f * size, pts);
		if (sc_next(r) & 1)
			pts[n - 1] = pts[0];
		return verts_shape(pts, n, rad);
	}
	}
}

/* a hull of a sw_hull3_set; 0 when the cloud did not build */
static int hull3(sc_rng *r, const gg_pop *p, float size, sw_hull3 *h)
{
	sw_vec3 pts[SW_GJK_MAX_VERTS];
	if (p->mix == MIX_GRID || (p->mix == MIX_ANY && sc_below(r, 6) == 0)) {
		sw_obb3 box = {p->mix == MIX_GRID ? sw_v3(quarter(r), quarter(r), quarter(r))
						  : sw_v3_scale(rand3(r, 0.3f, 0.8f), size)};
		return sw_hull3_box(&box, h) == SW_OK;
	}
	uint32_t n = p->mix == MIX_BENCH ? 8 + sc_below(r, 25) : 4 + sc_below(r, 61);
	sw_vec3 ax = axes(r, size, p->mix == MIX_NEEDLES);
	if (p->mix == MIX_ANY && sc_below(r, 8) == 0)
		ax.z = 0; /* a flat hull */
	if (p->mix == MIX_BENCH)
		sc_ellipsoid_points(r, n, ax, 0.7f, pts);
	else
		cloud3(r, n, ax, 0.2f * size, pts);
	return sw_hull3_build(pts, n, NULL, h) == SW_OK && sw_hull3_check(h) == SW_OK;
}

/* ---- 2D ---- */

static gg_shape from2(const sw_vec2 *v, uint32_t n, float radius)
{
	sw_vec3 pts[SW_GJK_MAX_VERTS];
	for (uint32_t k = 0; k < n; k++)
		pts[k] = sw_v3(v[k].x, v[k].y, 0);
	return verts_shape(pts, n, radius);
}

/* a polygon of count vertices of size `size`, thin for needles */
static sw_poly2 poly(sc_rng *r, uint32_t count, float size, int needle)
{
	sw_poly2 q = sc_poly2(r, count, size);
	if (needle) {
		sw_vec2 pts[SW_POLY2_MAX_VERTS];
		for (uint32_t k = 0; k < q.count; k++)
			pts[k] = sw_v2(q.v[k].x, q.v[k].y * 1e-2f);
		sw_poly2 t;
		if (sw_poly2_build(pts, q.count, &t) == SW_OK)
			return t;
	}
	return q;
}

static gg_shape any2(sc_rng *r, const gg_pop *p, float size)
{
	int needle = p->mix == MIX_NEEDLES;
	float rad = sc_next(r) & 1 ? size * sc_uniform(r, 0.05f, 0.4f) : 0.0f;
	if (p->mix == MIX_GRID)
		return box_shape(sw_v3(quarter(r), quarter(r), 0), 0);
	if (p->mix == MIX_BENCH) {
		sw_poly2 q = sc_poly2(r, 3 + sc_below(r, 6), size);
		return from2(q.v, q.count, 0);
	}
	uint32_t kind = sc_below(r, p->mix == MIX_MIXED ? 4 : 7);
	sw_vec2 pts[SW_GJK_MAX_VERTS];
	switch (kind) {
	case 0: /* circle */ return verts_shape(&(sw_vec3){0, 0, 0}, 1, size * sc_uniform(r, 0.3f, 1.0f));
	case 1: /* capsule or segment */
	{
		float a = sc_uniform(r, 0, 6.2831853f);
		pts[0] = sw_v2(size * cosf(a), size * sinf(a)), pts[1] = sw_v2(-pts[0].x, -pts[0].y);
		return from2(pts, 2, needle ? size * 1e-2f : rad);
	}
	case 2: /* box */
		return box_shape(sw_v3(size * sc_uniform(r, 0.3f, 0.8f),
				       size * sc_uniform(r, 0.3f, 0.8f) * (needle ? 1e-2f : 1), 0),
				 rad * 0.5f);
	case 3: /* polygon of 3 to 8 vertices */
	{
		sw_poly2 q = poly(r, 3 + sc_below(r, 6), size, needle);
		return from2(q.v, q.count, p->mix == MIX_MIXED ? 0 : rad * 0.3f);
	}
	case 4: /* polygon of 9 to 16 */
	{
		sw_poly2 q = poly(r, 9 + sc_below(r, 8), size, needle);
		return from2(q.v, q.count, 0);
	}
	case 5: /* a cloud of 3 to 64 points, not in convex position */
	{
		uint32_t n = 3 + sc_below(r, 62);
		for (uint32_t k = 0; k < n; k++)
			pts[k] = sw_v2(sc_uniform(r, -size, size), sc_uniform(r, -size, size) * (needle ? 1e-2f : 1));
		return from2(pts, n, rad * 0.3f);
	}
	default: /* point */ return verts_shape(&(sw_vec3){0, 0, 0}, 1, 0);
	}
}

static sw_poly2 poly2_of(sc_rng *r, const gg_pop *p, float size)
{
	if (p->mix == MIX_GRID)
		return sw_poly2_box(quarter(r), quarter(r));
	uint32_t count = p->mix == MIX_BENCH ? 3 + sc_below(r, 6) : 2 + sc_below(r, SW_POLY2_MAX_VERTS - 1);
	return poly(r, count, size, p->mix == MIX_NEEDLES);
}

/* ---- libraries ---- */

uint32_t gg_lib_add(gg_lib *lib, const gg_shape *s)
{
	if (lib->n == lib->cap) {
		size_t cap = lib->cap ? 2 * lib->cap : 64;
		gg_shape *ns = realloc(lib->s, cap * sizeof *ns);
		if (!ns)
			return UINT32_MAX;
		lib->s = ns;
		if (lib->hulls) {
			sw_hull3 *nh = realloc(lib->hulls, cap * sizeof *nh);
			if (!nh)
				return UINT32_MAX;
			lib->hulls = nh;
		}
		if (lib->polys) {
			sw_poly2 *np = realloc(lib->polys, cap * sizeof *np);
			if (!np)
				return UINT32_MAX;
			lib->polys = np;
		}
		lib->cap = cap;
	}
	lib->s[lib->n] = *s;
	return (uint32_t)lib->n++;
}

void gg_lib_free(gg_lib *lib)
{
	free(lib->s), free(lib->hulls), free(lib->polys);
	memset(lib, 0, sizeof *lib);
}

static float lib_size(sc_rng *r, const gg_pop *p, size_t i)
{
	float s = sc_uniform(r, p->size_lo, p->size_hi);
	return p->wide ? s * SCALES[i % NSCALES] : s;
}

int gg_lib_make(sc_rng *r, const gg_pop *p, sw_src kind, size_t count, gg_lib *lib)
{
	memset(lib, 0, sizeof *lib);
	if (kind == SW_SRC_RAY3 || kind == SW_SRC_RAY2)
		return 1;
	lib->cap = count;
	lib->s = calloc(count, sizeof *lib->s);
	if (kind == SW_SRC_HULL3)
		lib->hulls = calloc(count, sizeof *lib->hulls);
	if (kind == SW_SRC_POLY2)
		lib->polys = calloc(count, sizeof *lib->polys);
	if (!lib->s || (kind == SW_SRC_HULL3 && !lib->hulls) || (kind == SW_SRC_POLY2 && !lib->polys))
		return 0;
	for (size_t i = 0; i < count; i++) {
		float size = lib_size(r, p, i);
		gg_shape s;
		switch (kind) {
		case SW_SRC_SHAPE3: s = any3(r, p, size); break;
		case SW_SRC_SHAPE2: s = any2(r, p, size); break;
		case SW_SRC_OBB3:
			s = box_shape(p->mix == MIX_GRID ? sw_v3(quarter(r), quarter(r), quarter(r))
							 : sw_v3_scale(axes(r, size, p->mix == MIX_NEEDLES), 0.7f),
				      0);
			break;
		case SW_SRC_TRI3: {
			sw_vec3 pts[3];
			if (p->mix == MIX_GRID) {
				float a = quarter(r), b = quarter(r);
				pts[0] = sw_v3(0, 0, 0), pts[1] = sw_v3(a, 0, 0), pts[2] = sw_v3(0, b, 0);
			} else {
				cloud3(r, 3, axes(r, size, p->mix == MIX_NEEDLES), 0.2f * size, pts);
			}
			s = verts_shape(pts, 3, 0);
			break;
		}
		case SW_SRC_HULL3: {
			sw_hull3 *h = &lib->hulls[i];
			int ok = 0;
			for (int attempt = 0; attempt < 32 && !ok; attempt++)
				ok = hull3(r, p, size, h);
			if (!ok && sw_hull3_box(&(sw_obb3){{size, size, size}}, h) != SW_OK)
				return 0;
			s = verts_shape(h->verts, h->num_verts, 0);
			break;
		}
		case SW_SRC_POLY2:
			lib->polys[i] = poly2_of(r, p, size);
			s = from2(lib->polys[i].v, lib->polys[i].count, 0);
			break;
		default: return 0;
		}
		set_size(&s);
		lib->s[i] = s;
	}
	lib->n = count;
	return 1;
}

sw_shape3 gg_shape3(const gg_shape *s)
{
	return s->type == SW_SHAPE_BOX ? sw_shape3_box(s->half, s->radius) : sw_shape3_verts(s->v, s->n, s->radius);
}

sw_shape2 gg_shape2(const gg_shape *s, sw_vec2 *verts)
{
	for (uint32_t k = 0; k < s->n; k++)
		verts[k] = sw_v2(s->v[k].x, s->v[k].y);
	return s->type == SW_SHAPE_BOX ? sw_shape2_box(sw_v2(s->half.x, s->half.y), s->radius)
				       : sw_shape2_verts(verts, s->n, s->radius);
}

/* ---- placement ---- */

static float snap_half(float x) { return roundf(x * 2) * 0.5f; }

static int is_ray(sw_src k) { return k == SW_SRC_RAY3 || k == SW_SRC_RAY2; }
static int is_2d(sw_src k) { return sw_src_planar(k); }

/* a rotation: random, or (grid) the identity or a half turn; 2D as (c, s, 0, 0) */
static sw_quat rotation(sc_rng *r, int grid, int dim2)
{
	static const sw_quat half3[4] = {{0, 0, 0, 1}, {1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
	if (dim2) {
		float a = grid ? (sc_next(r) & 1 ? 3.14159265f : 0.0f) : sc_uniform(r, 0, 6.2831853f);
		return grid ? (sw_quat){a != 0 ? -1.0f : 1.0f, 0, 0, 0} : (sw_quat){cosf(a), sinf(a), 0, 0};
	}
	return grid ? half3[sc_below(r, 2) ? 0 : sc_below(r, 4)] : sc_rotation(r);
}

static sw_vec3 flat(sw_vec3 v, int dim2) { return dim2 ? sw_v3(v.x, v.y, 0) : v; }

/* the signed distance between A and B (the library's own answer) and its normal A → B; 0 when the cores
 * overlap or the pair is not valid */
static int distance_of(sw_src ka, const gg_lib *la, const gg_inst *a, const gg_lib *lb, const gg_inst *b, float *dist,
		       sw_vec3 *n, int dim2)
{
	static const gg_shape point;
	const gg_shape *sa = is_ray(ka) ? &point : &la->s[a->shape], *sb = &lb->s[b->shape];
	sw_distance_result o;
	if (dim2) {
		sw_vec2 va[SW_GJK_MAX_VERTS], vb[SW_GJK_MAX_VERTS];
		sw_shape2 s2a = gg_shape2(sa, va), s2b = gg_shape2(sb, vb);
		sw_pose2 pa = {{a->p.x, a->p.y}, {a->q.x, a->q.y}}, pb = {{b->p.x, b->p.y}, {b->q.x, b->q.y}};
		if (is_ray(ka))
			pa.q = (sw_rot2){1, 0};
		sw_gjk2_distance(&s2a, pa, &s2b, pb, NULL, &o);
	} else {
		sw_shape3 s3a = gg_shape3(sa), s3b = gg_shape3(sb);
		sw_pose3 pa = {a->p, is_ray(ka) ? (sw_quat){0, 0, 0, 1} : a->q}, pb = {b->p, b->q};
		sw_gjk3_distance(&s3a, pa, &s3b, pb, NULL, &o);
	}
	*dist = o.distance, *n = o.normal;
	return o.status == SW_MISS || o.status == SW_HIT;
}

/* a grid step from A to B along the axes: touching along one axis (the sum of the half extents), the
 * others a multiple of a quarter within reach, now and then 0 (coincident) */
static sw_vec3 grid_step(sc_rng *r, sw_vec3 ha, sw_vec3 hb, int dim2)
{
	float h[3] = {ha.x + hb.x, ha.y + hb.y, ha.z + hb.z}, s[3];
	int axis = (int)sc_below(r, dim2 ? 2 : 3);
	for (int k = 0; k < 3; k++)
		s[k] = 0.25f * (float)((int)sc_below(r, 2 * (int)(h[k] * 4) + 1) - (int)(h[k] * 4));
	s[axis] = sc_next(r) & 1 ? h[axis] : -h[axis];
	if (sc_below(r, 8) == 0)
		s[0] = s[1] = s[2] = 0;
	return flat(sw_v3(s[0], s[1], s[2]), dim2);
}

static void grid_place(sc_rng *r, sw_src ka, const gg_lib *la, const gg_lib *lb, gg_inst *a, gg_inst *b, int dim2)
{
	sw_vec3 hb = lb->s[b->shape].half, ha = is_ray(ka) ? sw_v3(0, 0, 0) : la->s[a->shape].half;
	b->p = flat(sw_v3(snap_half(b->p.x), snap_half(b->p.y), snap_half(b->p.z)), dim2);
	b->q = rotation(r, 1, dim2);
	if (is_ray(ka)) {
		/* from a grid point, along an axis, onto faces, edges and corners */
		a->p = sw_v3_add(b->p, grid_step(r, hb, sw_v3(0, 0, 0), dim2));
		int axis = (int)sc_below(r, dim2 ? 2 : 3);
		float len = (float)(1 + sc_below(r, 4)) * (sc_next(r) & 1 ? 1.0f : -1.0f);
		a->d = sw_v3(axis == 0 ? len : 0, axis == 1 ? len : 0, axis == 2 ? len : 0);
		return;
	}
	a->q = rotation(r, 1, dim2);
	a->p = sw_v3_sub(b->p, grid_step(r, ha, hb, dim2));
	a->d = flat(sw_v3(snap_half(a->d.x), snap_half(a->d.y), snap_half(a->d.z)), dim2);
	b->d = sc_next(r) & 1 ? a->d : flat(sw_v3(snap_half(b->d.x), snap_half(b->d.y), snap_half(b->d.z)), dim2);
}

void gg_place(sc_rng *r, const gg_pop *p, sw_src ka, const gg_lib *la, sw_src kb, const gg_lib *lb, gg_inst *a,
	      gg_inst *b)
{
	int dim2 = is_2d(kb), ray = is_ray(ka);
	memset(a, 0, sizeof *a), memset(b, 0, sizeof *b);
	b->shape = sc_below(r, (uint32_t)lb->n);
	/* shapes of one scale in a pair of the wide population */
	a->shape =
		ray ? 0
		: p->wide
			? (uint32_t)((b->shape % NSCALES + NSCALES * sc_below(r, (uint32_t)(la->n / NSCALES))) % la->n)
			: sc_below(r, (uint32_t)la->n);
	float sb = lb->s[b->shape].size, sa = ray ? 0 : la->s[a->shape].size;
	float u = p->wide ? sb : 1.0f;
	b->p = flat(sw_v3_add(sw_v3(p->offset, -p->offset, p->offset), sw_v3_scale(rand3(r, -p->world, p->world), u)),
		    dim2);
	b->q = rotation(r, 0, dim2);
	a->q = ray ? (sw_quat){0, 0, 0, 1} : rotation(r, 0, dim2);
	a->d = flat(sw_v3_scale(rand3(r, -p->motion, p->motion), u), dim2);
	b->d = flat(sw_v3_scale(rand3(r, -p->motion, p->motion), u), dim2);
	float reach = p->layout == L_OVERLAP ? 0.2f * (sa + sb) : p->spread * (sa + sb + (ray ? u : 0));
	a->p = flat(sw_v3_add(b->p, rand3(r, -reach, reach)), dim2);
	/* half of the pairs aimed: B's motion relative to A (the ray) towards A, through and past it */
	if (sc_next(r) & 1) {
		sw_vec3 to = sw_v3_scale(sw_v3_sub(b->p, a->p), sc_uniform(r, 0.5f, 3.0f));
		if (ray)
			a->d = to;
		else
			b->d = sw_v3_sub(a->d, to);
	}
	if (p->layout == L_GRID)
		grid_place(r, ka, la, lb, a, b, dim2);
	if (p->layout == L_TOUCH || p->layout == L_GRAZE) {
		float dist;
		sw_vec3 n;
		if (distance_of(ka, la, a, lb, b, &dist, &n, dim2)) {
			/* B moves against the normal by the distance: touching, to the rounding of the answer */
			b->p = sw_v3_sub(b->p, sw_v3_scale(n, dist));
			if (p->layout == L_GRAZE) {
				/* the relative motion (a ray's delta) along the contact plane, ± a little */
				sw_vec3 rel = ray ? a->d : sw_v3_sub(b->d, a->d);
				rel = sw_v3_sub(rel, sw_v3_scale(n, sw_v3_dot(rel, n)));
				float len = sw_v3_len(rel) + u;
				rel = sw_v3_add(rel, sw_v3_scale(n, sc_uniform(r, -2e-3f, 2e-3f) * len));
				if (ray)
					a->d = rel;
				else
					b->d = sw_v3_add(a->d, rel);
			}
		}
	}
	if (p->still)
		a->d = ray ? a->d : sw_v3(0, 0, 0), b->d = sw_v3(0, 0, 0);
}
