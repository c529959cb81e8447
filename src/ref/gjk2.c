/* src/ref/gjk2.c — the 2D GJK queries (swept/gjk.h): the 2D pieces (input checks, the pair in A's
 * local frame, world space with z = 0) under the core loop of gjk_tmpl.h and the queries of
 * gjk_query.h. */
#define SW_GJK_D 2
#include "gjk_tmpl.h"

#include "ref/gjk_ref.h"

typedef sw_shape2 gq_shape;
typedef sw_pose2 gq_pose;
typedef sw_vec2 gq_vec;
typedef sw_rot2 gq_frame;
#define GQ_NAME(x) sw_gjk2_##x

static gv to_gv(sw_vec2 v)
{
	gv o = {{v.x, v.y}};
	return o;
}

static const sw_vec2 ZEROV = {0, 0};

static sw_vec2 vec_add(sw_vec2 a, sw_vec2 b) { return sw_v2_add(a, b); }
static sw_vec2 vec_sub(sw_vec2 a, sw_vec2 b) { return sw_v2_sub(a, b); }
static sw_vec2 vec_scale(sw_vec2 a, float s) { return sw_v2_scale(a, s); }
static sw_vec3 vec3_of(sw_vec2 v) { return sw_v3(v.x, v.y, 0); }
static int vec_ok(sw_vec2 v) { return sw_ref_coord_ok(v.x) && sw_ref_coord_ok(v.y); }

static int shape_ok(const sw_shape2 *s, float *ext)
{
	const float half[2] = {s->half.x, s->half.y};
	return core_ok(s->type, s->count, (const float *)s->verts, half, s->radius, ext);
}

/* position in range and a unit rotation within SW_QUAT_TOL (NaN fails the compare) */
static int pose_ok(sw_pose2 p)
{
	float n2 = p.q.c * p.q.c + p.q.s * p.q.s;
	return vec_ok(p.p) && fabsf(n2 - 1.0f) <= SW_QUAT_TOL;
}

static sw_rot2 frame_of(sw_pose2 p) { return p.q; }

static gjk_core to_core(const sw_shape2 *s, float ext)
{
	gjk_core k = {s->type, s->count, (const float *)s->verts, to_gv(s->half), ext};
	return k;
}

/* the pair in A's frame: B's columns qaᵀ·qb, B's origin qaᵀ(pb − pa), motion qaᵀ·rel */
static void make_pair(const sw_shape2 *a, const sw_rot2 *ra, sw_vec2 pa, const sw_shape2 *b, sw_pose2 pb, sw_vec2 rel,
		      float extra, int mode, uint32_t cap, const float ext[2], gjk_pair *pr)
{
	const sw_vec2 rb[2] = {{pb.q.c, pb.q.s}, {-pb.q.s, pb.q.c}};
	pr->a = to_core(a, ext[0]);
	pr->b = to_core(b, ext[1]);
	for (int j = 0; j < 2; j++)
		pr->col[j] = to_gv(sw_rot2_tmul(*ra, rb[j]));
	pr->off = to_gv(sw_rot2_tmul(*ra, sw_v2_sub(pb.p, pa)));
	pr->r = to_gv(sw_rot2_tmul(*ra, rel));
	pr->radius = (a->radius + b->radius) + extra;
	pr->mode = mode;
	pr->cap = cap;
	gjk_set_scale(pr);
}

/* a vector of A's frame in world space (z = 0) */
static sw_vec3 rot_world(const sw_rot2 *ra, gv x)
{
	sw_vec2 w = sw_rot2_mul(*ra, sw_v2(x.c[0], x.c[1]));
	return sw_v3(w.x, w.y, 0);
}

/* a point of A's frame in world space, shifted by `shift` */
static sw_vec3 to_world(const sw_rot2 *ra, gv x, sw_vec2 shift)
{
	sw_vec2 w = sw_v2_add(sw_rot2_mul(*ra, sw_v2(x.c[0], x.c[1])), shift);
	return sw_v3(w.x, w.y, 0);
}

/* the ray's point: a one-vertex shape at rest at the origin, not rotated */
static const sw_vec2 ray_vert = {0, 0};

static sw_shape2 ray_shape(void) { return sw_shape2_verts(&ray_vert, 1, 0.0f); }

static sw_pose2 ray_pose(sw_vec2 origin) { return (sw_pose2){origin, {1, 0}}; }

#include "gjk_query.h"
