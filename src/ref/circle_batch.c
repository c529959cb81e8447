/* src/ref/circle_batch.c — the earliest hit per mover and collide-and-slide over a broadphase's pair
 * list (swept/circle.h), for circles against segments and spheres against triangles: the template
 * ref/circle_batch_tmpl.h instantiated twice, and the slide against two contacts (corners).
 *
 * Corners. When a blocking contact n follows an earlier one p in the same step, the remaining
 * motion m is projected onto the cone {x : x·n ≥ 0, x·p ≥ 0} of motions that approach neither:
 * m clipped against n if that does not approach p, else m clipped against p if that does not
 * approach n (the longer of the two when both qualify), else the cone's edge — in 2D the apex (the
 * mover stops in the corner), in 3D the crease line n × p (it slides along the crease), as Quake's
 * and most character controllers do. "Does not approach" allows a few ulps of |m| (2^-20 of its
 * largest coordinate): a slide along one wall computed in float approaches it by rounding, and the
 * same wall hit twice, or two opposite walls of a corridor, must not stop the mover. No guarantee
 * depends on this choice: penetration is prevented by the blocking rule of the template, whatever
 * direction the slide takes; the cone only decides how much motion is kept.
 */
#include "alloc.h"
#include "ref/circle_ref.h"

/* 2^-20 of the largest coordinate: a few ulps of |m| */
static float slack2(sw_vec2 m) { return 0x1p-20f * sw_circle_max(fabsf(m.x), fabsf(m.y)); }
static float slack3(sw_vec3 m) { return 0x1p-20f * sw_circle_max(sw_circle_max(fabsf(m.x), fabsf(m.y)), fabsf(m.z)); }

static sw_vec2 corner2(sw_vec2 m, sw_vec2 n, const sw_vec2 *p)
{
	sw_vec2 a = sw_circle_clip2(m, n);
	if (!p)
		return a;
	sw_vec2 b = sw_circle_clip2(m, *p);
	float tol = slack2(m);
	int a_ok = sw_v2_dot(a, *p) >= -tol, b_ok = sw_v2_dot(b, n) >= -tol;
	if (a_ok && b_ok)
		return sw_v2_dot(a, a) >= sw_v2_dot(b, b) ? a : b;
	if (a_ok)
		return a;
	if (b_ok)
		return b;
	return sw_v2(0.0f, 0.0f);
}

static sw_vec3 corner3(sw_vec3 m, sw_vec3 n, const sw_vec3 *p)
{
	sw_vec3 a = sw_circle_clip3(m, n);
	if (!p)
		return a;
	sw_vec3 b = sw_circle_clip3(m, *p);
	float tol = slack3(m);
	int a_ok = sw_v3_dot(a, *p) >= -tol, b_ok = sw_v3_dot(b, n) >= -tol;
	if (a_ok && b_ok)
		return sw_v3_dot(a, a) >= sw_v3_dot(b, b) ? a : b;
	if (a_ok)
		return a;
	if (b_ok)
		return b;
	/* the crease: m projected onto n × p (zero if the two are parallel) */
	sw_vec3 d = sw_v3_cross(n, *p);
	float dd = sw_v3_dot(d, d);
	return dd > 0.0f ? sw_v3_scale(d, sw_v3_dot(d, m) / dd) : sw_v3(0.0f, 0.0f, 0.0f);
}

static sw_vec2 axpy2(sw_vec2 y, float a, sw_vec2 x) { return sw_v2(y.x + a * x.x, y.y + a * x.y); }
static sw_vec3 axpy3(sw_vec3 y, float a, sw_vec3 x) { return sw_v3(y.x + a * x.x, y.y + a * x.y, y.z + a * x.z); }

#define CB_FN(name) cb2_##name
#define CB_VEC sw_vec2
#define CB_GEOM sw_seg2
#define CB_MOVER sw_circle2_mover
#define CB_OUT sw_circle2_output
#define CB_SLIDE_OUT sw_circle2_slide_output
#define CB_REF sw_circle2_seg2_ref
#define CB_MISS sw_circle2_output_miss
#define CB_INVALID sw_circle2_output_invalid
#define CB_VEC_OK sw_circle_v2_ok
#define CB_DOT sw_v2_dot
#define CB_AXPY axpy2
#define CB_SCALE sw_v2_scale
#define CB_ZERO sw_v2(0.0f, 0.0f)
#define CB_NAN sw_v2(NAN, NAN)
#define CB_CORNER corner2
#define CB_EARLIEST sw_circle2_seg2_earliest
#define CB_SLIDE sw_circle2_seg2_slide
#include "ref/circle_batch_tmpl.h"
#undef CB_FN
#undef CB_VEC
#undef CB_GEOM
#undef CB_MOVER
#undef CB_OUT
#undef CB_SLIDE_OUT
#undef CB_REF
#undef CB_MISS
#undef CB_INVALID
#undef CB_VEC_OK
#undef CB_DOT
#undef CB_AXPY
#undef CB_SCALE
#undef CB_ZERO
#undef CB_NAN
#undef CB_CORNER
#undef CB_EARLIEST
#undef CB_SLIDE

#define CB_FN(name) cb3_##name
#define CB_VEC sw_vec3
#define CB_GEOM sw_tri3
#define CB_MOVER sw_circle3_mover
#define CB_OUT sw_circle3_output
#define CB_SLIDE_OUT sw_circle3_slide_output
#define CB_REF sw_circle3_tri3_ref
#define CB_MISS sw_circle3_output_miss
#define CB_INVALID sw_circle3_output_invalid
#define CB_VEC_OK sw_ref_v3_ok
#define CB_DOT sw_v3_dot
#define CB_AXPY axpy3
#define CB_SCALE sw_v3_scale
#define CB_ZERO sw_v3(0.0f, 0.0f, 0.0f)
#define CB_NAN sw_v3(NAN, NAN, NAN)
#define CB_CORNER corner3
#define CB_EARLIEST sw_circle3_tri3_earliest
#define CB_SLIDE sw_circle3_tri3_slide
#include "ref/circle_batch_tmpl.h"
