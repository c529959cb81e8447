/* src/ref/gjk3.c — the 3D GJK queries (swept/gjk.h): the 3D pieces (input checks, the pair in A's
 * local frame, world space) under the core loop of gjk_tmpl.h and the queries of gjk_query.h. */
#define SW_GJK_D 3
#include "gjk_tmpl.h"

#include "ref/gjk_ref.h"

typedef sw_shape3 gq_shape;
typedef sw_pose3 gq_pose;
typedef sw_vec3 gq_vec;
typedef sw_mat3 gq_frame;
#define GQ_NAME(x) sw_gjk3_##x

static gv to_gv(sw_vec3 v)
{
	gv o = {{v.x, v.y, v.z}};
	return o;
}

static sw_vec3 to_v3(gv v) { return sw_v3(v.c[0], v.c[1], v.c[2]); }

static const sw_vec3 ZEROV = {0, 0, 0};

static sw_vec3 vec_add(sw_vec3 a, sw_vec3 b) { return sw_v3_add(a, b); }
static sw_vec3 vec_sub(sw_vec3 a, sw_vec3 b) { return sw_v3_sub(a, b); }
static sw_vec3 vec_scale(sw_vec3 a, float s) { return sw_v3_scale(a, s); }
static sw_vec3 vec3_of(sw_vec3 v) { return v; }
static int vec_ok(sw_vec3 v) { return sw_ref_v3_ok(v); }

static int shape_ok(const sw_shape3 *s, float *ext)
{
	const float half[3] = {s->half.x, s->half.y, s->half.z};
	return core_ok(s->type, s->count, (const float *)s->verts, half, s->radius, ext);
}

static int pose_ok(sw_pose3 p) { return sw_ref_v3_ok(p.p) && sw_ref_quat_ok(p.q); }

static sw_mat3 frame_of(sw_pose3 p) { return sw_mat3_from_quat(p.q); }

static gjk_core to_core(const sw_shape3 *s, float ext)
{
	gjk_core k = {s->type, s->count, (const float *)s->verts, to_gv(s->half), ext};
	return k;
}

/* the pair in A's frame: B's columns Raᵀ·Rb, B's origin Raᵀ(pb − pa), motion Raᵀ·rel */
static void make_pair(const sw_shape3 *a, const sw_mat3 *ra, sw_vec3 pa, const sw_shape3 *b, sw_pose3 pb, sw_vec3 rel,
		      float extra, int mode, uint32_t cap, const float ext[2], gjk_pair *pr)
{
	sw_mat3 rb = sw_mat3_from_quat(pb.q);
	pr->a = to_core(a, ext[0]);
	pr->b = to_core(b, ext[1]);
	for (int j = 0; j < 3; j++)
		pr->col[j] = to_gv(sw_mat3_tmul(ra, rb.col[j]));
	pr->off = to_gv(sw_mat3_tmul(ra, sw_v3_sub(pb.p, pa)));
	pr->r = to_gv(sw_mat3_tmul(ra, rel));
	pr->radius = (a->radius + b->radius) + extra;
	pr->mode = mode;
	pr->cap = cap;
	gjk_set_scale(pr);
}

/* a vector of A's frame in world space */
static sw_vec3 rot_world(const sw_mat3 *ra, gv x) { return sw_mat3_mul(ra, to_v3(x)); }

/* a point of A's frame in world space, shifted by `shift` */
static sw_vec3 to_world(const sw_mat3 *ra, gv x, sw_vec3 shift) { return sw_v3_add(sw_mat3_mul(ra, to_v3(x)), shift); }

/* the ray's point: a one-vertex shape at rest at the origin, not rotated */
static const sw_vec3 ray_vert = {0, 0, 0};

static sw_shape3 ray_shape(void) { return sw_shape3_verts(&ray_vert, 1, 0.0f); }

static sw_pose3 ray_pose(sw_vec3 origin) { return (sw_pose3){origin, {0, 0, 0, 1}}; }

#include "gjk_query.h"
