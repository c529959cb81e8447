/* src/gjk_batch.c — the batched GJK queries: the reference rows of the kernel table, which read each pair
 * from its sources as the shapes of swept/gjk.h and answer it with the scalar reference
 * (src/ref/gjk3.c, gjk2.c), and the ordering stages, which group a chunk's pairs by the types and
 * vertex counts of their shapes so that a lane block runs one support loop of one length. The public
 * functions are defined from the query list (src/entries.c). */
#include <string.h>

#include "job.h"
#include "pipeline.h"
#include "ref/gjk_ref.h"
#include "ref/hull3_ref.h"
#include "ref/ref.h"

enum { Q_OVERLAP, Q_DISTANCE, Q_CAST, Q_RAY };

/* ---- a pair's side as a placed shape ---- */

typedef struct side3 {
	sw_shape3 shape;
	sw_vec3 v[SW_GJK_MAX_VERTS];
	sw_pose3 pose;
	sw_vec3 d;
} side3;

typedef struct side2 {
	sw_shape2 shape;
	sw_vec2 v[SW_GJK_MAX_VERTS];
	sw_pose2 pose;
	sw_vec2 d;
} side2;

/* n vertices of `dim` rows from row (stride pad(n)), as points */
static void rows_to_points(const float *row, uint32_t n, uint32_t stride, int dim, float *out)
{
	for (uint32_t k = 0; k < n; k++)
		for (int c = 0; c < dim; c++)
			out[(size_t)k * (size_t)dim + (size_t)c] = row[(size_t)c * stride + k];
}

static int shape3_at(const sw_shape3_set *s, uint32_t i, side3 *o)
{
	if (i >= s->inst.count || s->shape[i] >= s->shapes.count || !s->ok[s->shape[i]])
		return 0;
	uint32_t sh = s->shape[i], n = s->n[sh];
	if (s->type[sh] == SW_SHAPE_BOX)
		o->shape = sw_shape3_box(sw_v3(s->hx[sh], s->hy[sh], s->hz[sh]), s->radius[sh]);
	else
		o->shape = sw_shape3_verts(o->v, n, s->radius[sh]);
	if (n)
		rows_to_points(s->pool + s->off[sh], n, sw_row_pad(n), 3, &o->v[0].x);
	o->pose = (sw_pose3){{s->px[i], s->py[i], s->pz[i]}, {s->qx[i], s->qy[i], s->qz[i], s->qw[i]}};
	o->d = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

static int hull3_at(const sw_hull3_set *s, uint32_t i, side3 *o)
{
	if (i >= s->inst.count || s->shape[i] >= s->num_shapes || !s->shapes[s->shape[i]].ok)
		return 0;
	const sw_hull3_shape *sh = &s->shapes[s->shape[i]];
	rows_to_points(s->pool + sh->fl_off, sh->nv, sw_row_pad(sh->nv), 3, &o->v[0].x);
	o->shape = sw_shape3_verts(o->v, sh->nv, 0);
	o->pose = (sw_pose3){{s->px[i], s->py[i], s->pz[i]}, {s->qx[i], s->qy[i], s->qz[i], s->qw[i]}};
	o->d = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

static int obb3_at(const sw_obb3_set *s, uint32_t i, side3 *o)
{
	if (i >= s->t.count)
		return 0;
	o->shape = sw_shape3_box(sw_v3(s->hx[i], s->hy[i], s->hz[i]), 0);
	o->pose = (sw_pose3){{s->px[i], s->py[i], s->pz[i]}, {s->qx[i], s->qy[i], s->qz[i], s->qw[i]}};
	o->d = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

/* a triangle (a, b, c) as the shape of vertices 0, b − a, c − a placed at a (swept/gjk.h) */
static int tri3_at(const sw_tri3_set *s, uint32_t i, side3 *o)
{
	if (i >= s->t.count)
		return 0;
	sw_vec3 a = sw_v3(s->ax[i], s->ay[i], s->az[i]);
	o->v[0] = sw_v3(0, 0, 0);
	o->v[1] = sw_v3_sub(sw_v3(s->bx[i], s->by[i], s->bz[i]), a);
	o->v[2] = sw_v3_sub(sw_v3(s->cx[i], s->cy[i], s->cz[i]), a);
	o->shape = sw_shape3_verts(o->v, 3, 0);
	o->pose = (sw_pose3){a, {0, 0, 0, 1}};
	o->d = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

static int side3_at(sw_src kind, const void *src, uint32_t i, side3 *o)
{
	switch (kind) {
	case SW_SRC_SHAPE3: return shape3_at(src, i, o);
	case SW_SRC_HULL3: return hull3_at(src, i, o);
	case SW_SRC_OBB3: return obb3_at(src, i, o);
	case SW_SRC_TRI3: return tri3_at(src, i, o);
	default: return 0;
	}
}

static int shape2_at(const sw_shape2_set *s, uint32_t i, side2 *o)
{
	if (i >= s->inst.count || s->shape[i] >= s->shapes.count || !s->ok[s->shape[i]])
		return 0;
	uint32_t sh = s->shape[i], n = s->n[sh];
	if (s->type[sh] == SW_SHAPE_BOX)
		o->shape = sw_shape2_box(sw_v2(s->hx[sh], s->hy[sh]), s->radius[sh]);
	else
		o->shape = sw_shape2_verts(o->v, n, s->radius[sh]);
	if (n)
		rows_to_points(s->pool + s->off[sh], n, sw_row_pad(n), 2, &o->v[0].x);
	o->pose = (sw_pose2){{s->px[i], s->py[i]}, {s->qc[i], s->qs[i]}};
	o->d = sw_v2(s->dx[i], s->dy[i]);
	return 1;
}

static int poly2_at(const sw_poly2_set *s, uint32_t i, side2 *o)
{
	if (i >= s->inst.count)
		return 0;
	uint32_t sh = s->shape[i];
	if (sh >= s->shapes.count || !s->ok[sh] || s->n[sh] < 2 || s->n[sh] > SW_POLY2_MAX_VERTS)
		return 0;
	uint32_t n = s->n[sh];
	for (uint32_t k = 0; k < n; k++)
		o->v[k] = sw_v2(s->vx[SW_POLY2_MAX_VERTS * sh + k], s->vy[SW_POLY2_MAX_VERTS * sh + k]);
	o->shape = sw_shape2_verts(o->v, n, 0);
	o->pose = (sw_pose2){{s->px[i], s->py[i]}, {s->qc[i], s->qs[i]}};
	o->d = sw_v2(s->dx[i], s->dy[i]);
	return 1;
}

static int side2_at(sw_src kind, const void *src, uint32_t i, side2 *o)
{
	switch (kind) {
	case SW_SRC_SHAPE2: return shape2_at(src, i, o);
	case SW_SRC_POLY2: return poly2_at(src, i, o);
	default: return 0;
	}
}

/* ---- the reference rows ---- */

/* the answers of a 2D query: its z columns are not written (swept/batch.h) */
static void planar(sw_answer kind, const void *out, void *copy)
{
	sw_columns c = sw_columns_of(kind, out);
	for (int k = 0; k < sw_answer_floats(kind); k++)
		if (sw_answer_zmask(kind) >> k & 1)
			c.f[k] = NULL;
	sw_columns_store(kind, &c, copy);
}

/* pairs [off, off + n) of a 3D query with sources ka, kb */
static void rows3(const sw_job *j, sw_src ka, sw_src kb, int q)
{
	const sw_gjk_opts *opts = j->opts;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		static const side3 zero;
		side3 a = zero, b = zero;
		sw_pair p = j->pairs[k];
		uint32_t it;
		int ok = side3_at(kb, j->b, p.b, &b);
		if (q == Q_RAY) {
			const sw_ray3_set *rays = j->a;
			sw_cast_result o = sw_cast_result_invalid();
			if (ok && p.a < rays->t.count) {
				sw_vec3 org = sw_v3(rays->ox[p.a], rays->oy[p.a], rays->oz[p.a]);
				sw_vec3 dl = sw_v3(rays->dx[p.a], rays->dy[p.a], rays->dz[p.a]);
				sw_gjk3_ray_pair_ref(&b.shape, b.pose, org, dl, opts, &o, &it);
			}
			sw_cast_put(j->out, k, &o);
			continue;
		}
		ok = ok && side3_at(ka, j->a, p.a, &a);
		if (q == Q_OVERLAP) {
			sw_overlap_result o = sw_overlap_result_invalid();
			if (ok)
				sw_gjk3_overlap_pair_ref(&a.shape, a.pose, &b.shape, b.pose, opts, &o, &it);
			sw_overlap_put(j->out, k, &o);
		} else if (q == Q_DISTANCE) {
			sw_distance_result o = sw_distance_result_invalid();
			if (ok)
				sw_gjk3_distance_pair_ref(&a.shape, a.pose, &b.shape, b.pose, opts, &o, &it);
			sw_distance_put(j->out, k, &o);
		} else {
			sw_cast_result o = sw_cast_result_invalid();
			if (ok)
				sw_gjk3_cast_pair_ref(&a.shape, a.pose, a.d, &b.shape, b.pose, b.d, opts, &o, &it);
			sw_cast_put(j->out, k, &o);
		}
	}
}

/* pairs [off, off + n) of a 2D query */
static void rows2(const sw_job *j, sw_src ka, sw_src kb, int q, sw_answer kind)
{
	const sw_gjk_opts *opts = j->opts;
	union {
		sw_overlap_results o;
		sw_distance_results d;
		sw_cast_results c;
	} out;
	planar(kind, j->out, &out);
	for (size_t k = j->off; k < j->off + j->n; k++) {
		static const side2 zero;
		side2 a = zero, b = zero;
		sw_pair p = j->pairs[k];
		uint32_t it;
		int ok = side2_at(kb, j->b, p.b, &b);
		if (q == Q_RAY) {
			const sw_ray2_set *rays = j->a;
			sw_cast_result o = sw_cast_result_invalid();
			if (ok && p.a < rays->t.count) {
				sw_vec2 org = sw_v2(rays->ox[p.a], rays->oy[p.a]),
					dl = sw_v2(rays->dx[p.a], rays->dy[p.a]);
				sw_gjk2_ray_pair_ref(&b.shape, b.pose, org, dl, opts, &o, &it);
			}
			sw_cast_put(&out.c, k, &o);
			continue;
		}
		ok = ok && side2_at(ka, j->a, p.a, &a);
		if (q == Q_OVERLAP) {
			sw_overlap_result o = sw_overlap_result_invalid();
			if (ok)
				sw_gjk2_overlap_pair_ref(&a.shape, a.pose, &b.shape, b.pose, opts, &o, &it);
			sw_overlap_put(&out.o, k, &o);
		} else if (q == Q_DISTANCE) {
			sw_distance_result o = sw_distance_result_invalid();
			if (ok)
				sw_gjk2_distance_pair_ref(&a.shape, a.pose, &b.shape, b.pose, opts, &o, &it);
			sw_distance_put(&out.d, k, &o);
		} else {
			sw_cast_result o = sw_cast_result_invalid();
			if (ok)
				sw_gjk2_cast_pair_ref(&a.shape, a.pose, a.d, &b.shape, b.pose, b.d, opts, &o, &it);
			sw_cast_put(&out.c, k, &o);
		}
	}
}

void sw_gjk3_overlap_ref(const sw_job *j) { rows3(j, SW_SRC_SHAPE3, SW_SRC_SHAPE3, Q_OVERLAP); }
void sw_gjk3_distance_ref(const sw_job *j) { rows3(j, SW_SRC_SHAPE3, SW_SRC_SHAPE3, Q_DISTANCE); }
void sw_gjk3_cast_ref(const sw_job *j) { rows3(j, SW_SRC_SHAPE3, SW_SRC_SHAPE3, Q_CAST); }
void sw_gjk3_ray_ref(const sw_job *j) { rows3(j, SW_SRC_RAY3, SW_SRC_SHAPE3, Q_RAY); }
void sw_gjk3_hull3_overlap_ref(const sw_job *j) { rows3(j, SW_SRC_HULL3, SW_SRC_HULL3, Q_OVERLAP); }
void sw_gjk3_hull3_distance_ref(const sw_job *j) { rows3(j, SW_SRC_HULL3, SW_SRC_HULL3, Q_DISTANCE); }
void sw_gjk3_hull3_cast_ref(const sw_job *j) { rows3(j, SW_SRC_HULL3, SW_SRC_HULL3, Q_CAST); }
void sw_gjk3_hull3_obb3_overlap_ref(const sw_job *j) { rows3(j, SW_SRC_HULL3, SW_SRC_OBB3, Q_OVERLAP); }
void sw_gjk3_hull3_obb3_distance_ref(const sw_job *j) { rows3(j, SW_SRC_HULL3, SW_SRC_OBB3, Q_DISTANCE); }
void sw_gjk3_hull3_obb3_cast_ref(const sw_job *j) { rows3(j, SW_SRC_HULL3, SW_SRC_OBB3, Q_CAST); }
void sw_gjk3_obb3_overlap_ref(const sw_job *j) { rows3(j, SW_SRC_OBB3, SW_SRC_OBB3, Q_OVERLAP); }
void sw_gjk3_obb3_distance_ref(const sw_job *j) { rows3(j, SW_SRC_OBB3, SW_SRC_OBB3, Q_DISTANCE); }
void sw_gjk3_obb3_cast_ref(const sw_job *j) { rows3(j, SW_SRC_OBB3, SW_SRC_OBB3, Q_CAST); }
void sw_gjk3_ray_tri3_ref(const sw_job *j) { rows3(j, SW_SRC_RAY3, SW_SRC_TRI3, Q_RAY); }
void sw_gjk2_overlap_ref(const sw_job *j) { rows2(j, SW_SRC_SHAPE2, SW_SRC_SHAPE2, Q_OVERLAP, SW_ANS_OVERLAP); }
void sw_gjk2_distance_ref(const sw_job *j) { rows2(j, SW_SRC_SHAPE2, SW_SRC_SHAPE2, Q_DISTANCE, SW_ANS_DISTANCE); }
void sw_gjk2_cast_ref(const sw_job *j) { rows2(j, SW_SRC_SHAPE2, SW_SRC_SHAPE2, Q_CAST, SW_ANS_CAST); }
void sw_gjk2_ray_ref(const sw_job *j) { rows2(j, SW_SRC_RAY2, SW_SRC_SHAPE2, Q_RAY, SW_ANS_CAST); }
/* the polygon ray row clips (sw_poly2_ray): the set's polygons have no rounding radius and were checked
 * when added */
void sw_gjk2_ray_poly2_ref(const sw_job *j)
{
	const sw_ray2_set *rays = j->a;
	const sw_poly2_set *s = j->b;
	sw_cast_results out;
	planar(SW_ANS_CAST, j->out, &out);
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_pair p = j->pairs[k];
		sw_cast_result o = sw_cast_result_invalid();
		uint32_t sh = p.b < s->inst.count ? s->shape[p.b] : UINT32_MAX;
		if (p.a < rays->t.count && sh < s->shapes.count && s->ok[sh] && s->n[sh] >= 2 &&
		    s->n[sh] <= SW_POLY2_MAX_VERTS) {
			sw_poly2 poly;
			poly.count = s->n[sh];
			for (uint32_t v = 0; v < poly.count; v++)
				poly.v[v] =
					sw_v2(s->vx[SW_POLY2_MAX_VERTS * sh + v], s->vy[SW_POLY2_MAX_VERTS * sh + v]);
			sw_pose2 x = {{s->px[p.b], s->py[p.b]}, {s->qc[p.b], s->qs[p.b]}};
			sw_vec2 org = sw_v2(rays->ox[p.a], rays->oy[p.a]), dl = sw_v2(rays->dx[p.a], rays->dy[p.a]);
			sw_poly2_ray_pair_ref(&poly, x, org, dl, &o);
		}
		sw_cast_put(&out, k, &o);
	}
}

/* the polygon overlap row tests separating axes (ref/poly2_axes.c), GJK near contact: the set's polygons
 * have no rounding radius and were checked when added */
static int poly2_item(const sw_poly2_set *s, uint32_t i, sw_poly2 *poly, sw_pose2 *x)
{
	uint32_t sh = i < s->inst.count ? s->shape[i] : UINT32_MAX;
	if (sh >= s->shapes.count || !s->ok[sh] || s->n[sh] < 2 || s->n[sh] > SW_POLY2_MAX_VERTS)
		return 0;
	poly->count = s->n[sh];
	for (uint32_t v = 0; v < poly->count; v++)
		poly->v[v] = sw_v2(s->vx[SW_POLY2_MAX_VERTS * sh + v], s->vy[SW_POLY2_MAX_VERTS * sh + v]);
	*x = (sw_pose2){{s->px[i], s->py[i]}, {s->qc[i], s->qs[i]}};
	return 1;
}

void sw_gjk2_poly2_overlap_one(const sw_job *j, size_t k, const sw_overlap_results *out)
{
	sw_pair p = j->pairs[k];
	sw_poly2 a, b;
	sw_pose2 xa, xb;
	sw_overlap_result o = sw_overlap_result_invalid();
	uint32_t it;
	if (poly2_item(j->a, p.a, &a, &xa) && poly2_item(j->b, p.b, &b, &xb))
		sw_gjk2_poly2_overlap_pair_ref(&a, xa, &b, xb, j->opts, &o, &it);
	sw_overlap_put(out, k, &o);
}

void sw_gjk2_poly2_overlap_ref(const sw_job *j)
{
	sw_overlap_results out;
	planar(SW_ANS_OVERLAP, j->out, &out);
	for (size_t k = j->off; k < j->off + j->n; k++)
		sw_gjk2_poly2_overlap_one(j, k, &out);
}

/* the polygon cast row moves separating axes (ref/poly2_cast.c), GJK near contact */
void sw_gjk2_poly2_cast_ref(const sw_job *j)
{
	const sw_poly2_set *sa = j->a, *sb = j->b;
	sw_cast_results out;
	planar(SW_ANS_CAST, j->out, &out);
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_pair p = j->pairs[k];
		sw_poly2 a, b;
		sw_pose2 xa, xb;
		sw_cast_result o = sw_cast_result_invalid();
		uint32_t it;
		if (poly2_item(sa, p.a, &a, &xa) && poly2_item(sb, p.b, &b, &xb))
			sw_gjk2_poly2_cast_pair_ref(&a, xa, sw_v2(sa->dx[p.a], sa->dy[p.a]), &b, xb,
						    sw_v2(sb->dx[p.b], sb->dy[p.b]), j->opts, &o, &it);
		sw_cast_put(&out, k, &o);
	}
}

/* the polygon distance row: the separating axes decide, feature pairs answer apart pairs, GJK the others
 * (ref/poly2_axes.c) */
void sw_gjk2_poly2_distance_ref(const sw_job *j)
{
	sw_distance_results out;
	planar(SW_ANS_DISTANCE, j->out, &out);
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_pair p = j->pairs[k];
		sw_poly2 a, b;
		sw_pose2 xa, xb;
		sw_distance_result o = sw_distance_result_invalid();
		uint32_t it;
		if (poly2_item(j->a, p.a, &a, &xa) && poly2_item(j->b, p.b, &b, &xb))
			sw_gjk2_poly2_distance_pair_ref(&a, xa, &b, xb, j->opts, &o, &it);
		sw_distance_put(&out, k, &o);
	}
}

/* the hull ray row clips (sw_hull3_ray) the set's packed faces: hull set shapes have no rounding
 * radius and were checked when added */
void sw_gjk3_ray_hull3_ref(const sw_job *j)
{
	const sw_ray3_set *rays = j->a;
	const sw_hull3_set *s = j->b;
	const sw_cast_results *out = j->out;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_pair p = j->pairs[k];
		sw_cast_result o = sw_cast_result_invalid();
		uint32_t sh = p.b < s->inst.count ? s->shape[p.b] : UINT32_MAX;
		if (p.a < rays->t.count && sh < s->num_shapes && s->shapes[sh].ok) {
			const sw_hull3_shape *h = &s->shapes[sh];
			const float *f = s->pool + h->fl_off + 3 * (size_t)sw_hv_pad(h->nv);
			sw_pose3 x = {{s->px[p.b], s->py[p.b], s->pz[p.b]},
				      {s->qx[p.b], s->qy[p.b], s->qz[p.b], s->qw[p.b]}};
			sw_vec3 org = sw_v3(rays->ox[p.a], rays->oy[p.a], rays->oz[p.a]);
			sw_vec3 dl = sw_v3(rays->dx[p.a], rays->dy[p.a], rays->dz[p.a]);
			sw_hull3_ray_pair_ref(f, h->nf, sw_hv_pad(h->nf), x, org, dl, &o);
		}
		sw_cast_put(out, k, &o);
	}
}

/* the box ray row by the slab test (sw_obb3_ray) */
void sw_gjk3_ray_obb3_ref(const sw_job *j)
{
	const sw_ray3_set *rays = j->a;
	const sw_obb3_set *s = j->b;
	const sw_cast_results *out = j->out;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_pair p = j->pairs[k];
		sw_cast_result o = sw_cast_result_invalid();
		if (p.a < rays->t.count && p.b < s->t.count) {
			sw_pose3 x = {{s->px[p.b], s->py[p.b], s->pz[p.b]},
				      {s->qx[p.b], s->qy[p.b], s->qz[p.b], s->qw[p.b]}};
			sw_vec3 org = sw_v3(rays->ox[p.a], rays->oy[p.a], rays->oz[p.a]);
			sw_vec3 dl = sw_v3(rays->dx[p.a], rays->dy[p.a], rays->dz[p.a]);
			sw_obb3_ray_pair_ref(sw_v3(s->hx[p.b], s->hy[p.b], s->hz[p.b]), x, org, dl, &o);
		}
		sw_cast_put(out, k, &o);
	}
}

/* ---- the ordering stages ---- */

/* size class of a vertex count: 1 to 4 as they are, then one class per 4 more (5–8, 9–12, … 61–64);
 * 0 for boxes, rays and out-of-range items (the kernel flags those) */
#define GJK_CLASSES 20

static unsigned count_class(uint32_t n) { return n <= 4 ? n : n <= SW_GJK_MAX_VERTS ? 4 + (n - 1) / 4 : 0; }

static unsigned side_class(sw_src kind, const void *src, uint32_t i)
{
	uint32_t n = 0;
	if (kind == SW_SRC_SHAPE3) {
		const sw_shape3_set *s = src;
		n = i < s->inst.count && s->shape[i] < s->shapes.count ? s->n[s->shape[i]] : 0;
	} else if (kind == SW_SRC_SHAPE2) {
		const sw_shape2_set *s = src;
		n = i < s->inst.count && s->shape[i] < s->shapes.count ? s->n[s->shape[i]] : 0;
	} else if (kind == SW_SRC_HULL3) {
		const sw_hull3_set *s = src;
		n = i < s->inst.count && s->shape[i] < s->num_shapes ? s->shapes[s->shape[i]].nv : 0;
	} else if (kind == SW_SRC_POLY2) {
		const sw_poly2_set *s = src;
		n = i < s->inst.count && s->shape[i] < s->shapes.count ? s->n[s->shape[i]] : 0;
	}
	return count_class(n);
}

/* a stable counting sort of the job's pairs by (class of A, class of B) */
static void gjk_order(const sw_job *j, sw_src ka, sw_src kb, uint32_t *order)
{
	uint32_t start[GJK_CLASSES * GJK_CLASSES + 1] = {0};
	const sw_pair *pairs = j->pairs + j->off;
	uint16_t cls[SW_ORDER_RUN];
	for (size_t k = 0; k < j->n; k++) {
		cls[k] = (uint16_t)(side_class(ka, j->a, pairs[k].a) * GJK_CLASSES + side_class(kb, j->b, pairs[k].b));
		start[cls[k] + 1]++;
	}
	for (unsigned c = 1; c <= GJK_CLASSES * GJK_CLASSES; c++)
		start[c] += start[c - 1];
	for (size_t k = 0; k < j->n; k++)
		order[start[cls[k]]++] = (uint32_t)k;
}

void sw_gjk3_by_class(const sw_job *j, uint32_t *order) { gjk_order(j, SW_SRC_SHAPE3, SW_SRC_SHAPE3, order); }
void sw_gjk3_ray_by_class(const sw_job *j, uint32_t *order) { gjk_order(j, SW_SRC_RAY3, SW_SRC_SHAPE3, order); }
void sw_gjk3_hull_by_size(const sw_job *j, uint32_t *order) { gjk_order(j, SW_SRC_HULL3, SW_SRC_HULL3, order); }
void sw_gjk3_hull_obb_by_size(const sw_job *j, uint32_t *order) { gjk_order(j, SW_SRC_HULL3, SW_SRC_OBB3, order); }
void sw_gjk3_ray_hull_by_size(const sw_job *j, uint32_t *order) { gjk_order(j, SW_SRC_RAY3, SW_SRC_HULL3, order); }
void sw_gjk2_by_class(const sw_job *j, uint32_t *order) { gjk_order(j, SW_SRC_SHAPE2, SW_SRC_SHAPE2, order); }
void sw_gjk2_ray_by_class(const sw_job *j, uint32_t *order) { gjk_order(j, SW_SRC_RAY2, SW_SRC_SHAPE2, order); }
