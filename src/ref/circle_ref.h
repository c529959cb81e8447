/* src/ref/circle_ref.h — the operations the swept circle, sphere and capsule references share: unit
 * vectors without overflow or underflow, the first contact with a round feature (an endpoint, a
 * vertex, or an edge seen along its own direction), the slide clip, and the validity checks.
 *
 * Lanes. Every helper is a fixed sequence of float operations whose only data-dependent steps are
 * selections (a ? x : y) and comparisons; a SIMD version computes both sides and blends with the
 * comparison's mask, in this order, and gets these bits. NaN or Inf that appear in a result that
 * is then selected away (1/0, 0/0 of a masked-off candidate) are harmless in lanes and here. */
#ifndef SWEPT_CIRCLE_REF_H
#define SWEPT_CIRCLE_REF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "swept/circle.h"
#include "ref/ref.h"

/* a 2D answer as the 2D references form it: sw_cast_result's fields in the plane (sw_circle2_cast()
 * writes it out with z = 0) */
typedef struct sw_circle2_output {
	sw_status status;
	float t, depth;
	sw_vec2 point, normal, slide;
	uint32_t feature;
} sw_circle2_output;

/* the public answer of a 2D one: z = 0, NaN when invalid */
static inline void sw_circle2_cast(const sw_circle2_output *o, sw_cast_result *out)
{
	float z = o->status == SW_PAIR_INVALID ? NAN : 0.0f;
	out->status = o->status;
	out->feature = o->feature;
	out->t = o->t;
	out->depth = o->depth;
	out->point = sw_v3(o->point.x, o->point.y, z);
	out->normal = sw_v3(o->normal.x, o->normal.y, z);
	out->slide = sw_v3(o->slide.x, o->slide.y, z);
}

/* 1/s for a power of two s in [2^-126, 2^126], exactly, without a division: the exponent negated
 * (bits 0x7F000000 − bits(s)); lanes do the same integer subtraction */
static inline float sw_circle_pow2_recip(float s)
{
	uint32_t u;
	memcpy(&u, &s, sizeof u);
	u = 0x7F000000u - u;
	memcpy(&s, &u, sizeof s);
	return s;
}

static inline float sw_circle_max(float a, float b) { return a > b ? a : b; }

/* the smallest normal float: a vector whose largest |component| is below it carries no direction a
 * float can hold */
#define SW_CIRCLE_MIN_NORMAL 0x1p-126f

/* 1/p for p the largest power of two ≤ m (m normal), exactly: half of sw_ref_axis_scale(m), the float
 * with m's exponent bits complemented (lanes: XOR and AND with +Inf's pattern, then × 0.5). +Inf for
 * zero and subnormal m */
static inline float sw_circle_pow2_inv(float m) { return 0.5f * sw_ref_axis_scale(m); }

/* v/|v| for a v whose largest |component| is normal, given k = sw_circle_pow2_inv() of it: scaled by
 * that power of two first (exact), so nothing overflows or underflows; one square root and one
 * division, in the lanes' order */
static inline sw_vec2 sw_circle_normalize2(sw_vec2 v, float k)
{
	sw_vec2 w = sw_v2(v.x * k, v.y * k);
	float il = 1.0f / sqrtf(w.x * w.x + w.y * w.y);
	return sw_v2(w.x * il, w.y * il);
}

static inline sw_vec3 sw_circle_normalize3(sw_vec3 v, float k)
{
	sw_vec3 w = sw_v3(v.x * k, v.y * k, v.z * k);
	float il = 1.0f / sqrtf(sw_v3_dot(w, w));
	return sw_v3(w.x * il, w.y * il, w.z * il);
}

/* unit vector, length and its reciprocal of v. v is first scaled by 1/s, s the power of two at or
 * below its largest |coordinate|: exact, so v·v neither overflows nor underflows whatever v's size,
 * and the direction is as accurate for 1e-30 as for 1e15; one square root and one division. Returns 0
 * (u, len and inv zero) when every coordinate is zero or subnormal: the vector carries no direction
 * a float can hold */
static inline int sw_circle_unit2i(sw_vec2 v, sw_vec2 *u, float *len, float *inv)
{
	float m = sw_circle_max(fabsf(v.x), fabsf(v.y));
	float s = sw_ref_pow2_floor(m);
	int ok = s > 0.0f;
	float k = ok ? sw_circle_pow2_recip(s) : 0.0f;
	sw_vec2 w = sw_v2(v.x * k, v.y * k);
	float l = sqrtf(w.x * w.x + w.y * w.y);
	float il = ok ? 1.0f / l : 0.0f;
	*u = sw_v2(w.x * il, w.y * il);
	*len = l * s;
	*inv = il * k;
	return ok;
}

static inline int sw_circle_unit3i(sw_vec3 v, sw_vec3 *u, float *len, float *inv)
{
	float m = sw_circle_max(sw_circle_max(fabsf(v.x), fabsf(v.y)), fabsf(v.z));
	float s = sw_ref_pow2_floor(m);
	int ok = s > 0.0f;
	float k = ok ? sw_circle_pow2_recip(s) : 0.0f;
	sw_vec3 w = sw_v3(v.x * k, v.y * k, v.z * k);
	float l = sqrtf(sw_v3_dot(w, w));
	float il = ok ? 1.0f / l : 0.0f;
	*u = sw_v3(w.x * il, w.y * il, w.z * il);
	*len = l * s;
	*inv = il * k;
	return ok;
}

static inline int sw_circle_unit2(sw_vec2 v, sw_vec2 *u, float *len)
{
	float inv;
	return sw_circle_unit2i(v, u, len, &inv);
}

static inline int sw_circle_unit3(sw_vec3 v, sw_vec3 *u, float *len)
{
	float inv;
	return sw_circle_unit3i(v, u, len, &inv);
}

/* First contact of a centre moving from the origin along the unit direction u with a round feature
 * at f (relative to the centre, ff = f·f already known): the smallest path length s ≥ 0 with
 * |s·u − f| = r. With b = u·f, the roots are s = b ∓ √(r² − h²), h the distance from f to the path's
 * line. Two cancellations are avoided:
 *  - r² − h² is formed from the rejection l = f − b·u (h² = l·l), not as b² − (f·f − r²), whose
 *    terms are |f|² large when the path passes far away or fast (Haines et al., "Precision
 *    improvements for ray/sphere intersection", Ray Tracing Gems, ch. 7, 2019);
 *  - the smaller root is c / (b + √disc) with c = f·f − r², not b − √disc, which cancels when the
 *    centre starts near the feature (Press et al., Numerical Recipes, 3rd ed., 5.6). c carries an
 *    error of a few ulps of |f|², i.e. of ulps of |f| in the gap |f| − r: no worse than forming
 *    the gap from |f|, and it needs no square root. c > 0 exactly when ff > r·r (a float
 *    difference is positive iff its operands are ordered so), the comparison the start test makes.
 * Valid when the centre starts outside, approaches (b > 0) and passes within r (disc ≥ 0); then
 * s > 0. Every product is of two lengths, so nothing overflows within the coordinate contract. */
static inline int sw_circle_ball2(sw_vec2 f, float ff, sw_vec2 u, float r, float *s)
{
	float b = u.x * f.x + u.y * f.y;
	sw_vec2 l = sw_v2(f.x - b * u.x, f.y - b * u.y);
	float rr = r * r;
	float disc = rr - (l.x * l.x + l.y * l.y);
	float c = ff - rr;
	float root = sqrtf(disc > 0.0f ? disc : 0.0f);
	*s = c / (b + root);
	return (c > 0.0f) & (b > 0.0f) & (disc >= 0.0f);
}

static inline int sw_circle_ball3(sw_vec3 f, float ff, sw_vec3 u, float r, float *s)
{
	float b = sw_v3_dot(u, f);
	sw_vec3 l = sw_v3(f.x - b * u.x, f.y - b * u.y, f.z - b * u.z);
	float rr = r * r;
	float disc = rr - sw_v3_dot(l, l);
	float c = ff - rr;
	float root = sqrtf(disc > 0.0f ? disc : 0.0f);
	*s = c / (b + root);
	return (c > 0.0f) & (b > 0.0f) & (disc >= 0.0f);
}

/* m with its component into n removed: m − min(m·n, 0)·n */
static inline sw_vec2 sw_circle_clip2(sw_vec2 m, sw_vec2 n)
{
	float mn = m.x * n.x + m.y * n.y;
	float k = mn < 0.0f ? mn : 0.0f;
	return sw_v2(m.x - k * n.x, m.y - k * n.y);
}

static inline sw_vec3 sw_circle_clip3(sw_vec3 m, sw_vec3 n)
{
	float mn = sw_v3_dot(m, n);
	float k = mn < 0.0f ? mn : 0.0f;
	return sw_v3(m.x - k * n.x, m.y - k * n.y, m.z - k * n.z);
}

/* a radius is valid when 0 ≤ r ≤ SW_MAX_COORD (NaN fails) */
static inline int sw_circle_radius_ok(float r) { return r >= 0.0f && r <= SW_MAX_COORD; }
static inline int sw_circle_v2_ok(sw_vec2 v) { return sw_ref_coord_ok(v.x) && sw_ref_coord_ok(v.y); }

static inline int sw_seg2_valid_ref(const sw_seg2 *s) { return sw_circle_v2_ok(s->p) & sw_circle_v2_ok(s->q); }

/* A segment seen from a centre at t = 0 (ref/circle2.c): what the start test, the candidates and the
 * contact use. Built from relative quantities so that the capsule movers can reuse it with any point
 * as the centre and any segment (their own core included). */
typedef struct sw_seg_frame {
	sw_vec2 f[2]; /* endpoints − centre */
	float ff[2];  /* their squared distances from the centre */
	sw_vec2 u;    /* unit direction p → q (zero for a point segment) */
	sw_vec2 n;    /* front normal (u.y, −u.x); +y for a point segment (the fallback normal) */
	float len;    /* |q − p| */
	int line;     /* the segment has a direction, hence an interior */
	float s0;     /* signed distance of the centre from the line, front positive */
	float mu0;    /* the centre's projection on the line, from p */
	sw_vec2 um;   /* unit motion (zero when not moving) */
	float w, iw;  /* |v| and 1/|v| */
	int moving;
} sw_seg_frame;

/* f0, f1: the endpoints relative to the centre; e = q − p formed where it is most accurate */
void sw_seg_frame_build(sw_vec2 f0, sw_vec2 f1, sw_vec2 e, sw_vec2 v, sw_seg_frame *fr);
/* the squared distance at t = 0 to the interior when the centre projects onto it, else +Inf */
float sw_seg_frame_interior_d2(const sw_seg_frame *fr);
/* the feature whose Voronoi region holds the centre displaced by x: the interior when it projects
 * onto the segment (closed), else the endpoint on its side; END0 for a point segment */
uint32_t sw_seg_frame_region(const sw_seg_frame *fr, sw_vec2 x);
/* the squared distance at t = 0 and the feature realising it (its region) */
float sw_seg_frame_start(const sw_seg_frame *fr, uint32_t *feat);
/* whether the start is within r: |s0| ≤ r for the interior, d2 ≤ r·r for an endpoint (the very
 * comparisons the candidates' validity makes, so a pair not within r has positive gaps) */
int sw_seg_frame_within(const sw_seg_frame *fr, uint32_t feat, float d2, float r);
/* the interior's candidate time; *ok when it is a contact in (0, 1] */
float sw_seg_frame_interior(const sw_seg_frame *fr, sw_vec2 v, float r, int *ok);
/* the earliest contact in (0, 1] over the interior and the endpoints, and the candidate that gave it
 * (+Inf and SW_FEATURE_NONE if none); meaningful only when the start distance exceeds r */
float sw_seg_frame_first(const sw_seg_frame *fr, sw_vec2 v, float r, uint32_t *feat);
/* contact point on the segment s (world) and unit normal towards the centre at t, for feature id;
 * a centre on the segment gets the front normal */
void sw_seg_frame_contact(const sw_seg_frame *fr, const sw_seg2 *s, sw_vec2 v, float t, uint32_t id, sw_vec2 *point,
			  sw_vec2 *normal);

/* A triangle seen from a centre at t = 0 (ref/circle3.c), as sw_seg_frame. */
typedef struct sw_tri_frame {
	sw_vec3 x[3];    /* the vertices, world space */
	sw_vec3 f[3];    /* vertices − centre */
	float ff[3];     /* their squared distances */
	sw_vec3 e[3];    /* unit edge directions: a→b, b→c, c→a */
	float len[3];    /* edge lengths */
	sw_vec3 n;       /* unit front normal, along (b − a) × (c − a) */
	sw_vec3 m[3];    /* n × e_j: in the plane, pointing into the triangle across edge j */
	float s0;        /* signed distance of the centre from the plane, front positive */
	float mu0[3];    /* the centre's projection on edge j's line, from its first vertex */
	sw_vec3 perp[3]; /* f_j + mu0_j·e_j: edge j's line as seen from the centre, across the edge */
	float pp[3];     /* the centre's squared distance from edge j's line */
	sw_vec3 um;      /* unit motion (zero when not moving) */
	float w, iw;     /* |v| and 1/|v| */
	int moving;
} sw_tri_frame;

/* f: the vertices relative to the centre; edges and points come from t's world vertices */
void sw_tri_frame_build(const sw_tri3 *t, const sw_vec3 f[3], sw_vec3 v, sw_tri_frame *fr);
/* the feature whose Voronoi region holds the centre displaced by x */
uint32_t sw_tri_frame_region(const sw_tri_frame *fr, sw_vec3 x);
/* the squared distance at t = 0 and the feature realising it (its region) */
float sw_tri_frame_start(const sw_tri_frame *fr, uint32_t *feat);
/* whether the start is within r (as sw_seg_frame_within) */
int sw_tri_frame_within(const sw_tri_frame *fr, uint32_t feat, float d2, float r);
/* the earliest contact in (0, 1] over the seven features, and the candidate that gave it */
float sw_tri_frame_first(const sw_tri_frame *fr, sw_vec3 v, float r, uint32_t *feat);
/* contact point on the triangle (world) and unit normal towards the centre at t, for feature id */
void sw_tri_frame_contact(const sw_tri_frame *fr, sw_vec3 v, float t, uint32_t id, sw_vec3 *point, sw_vec3 *normal);

/* the answers for one pair with an explicit radius and two-sidedness; the public functions and the
 * earliest-hit and slide drivers all end here */
sw_status sw_circle2_seg2_ref(sw_vec2 c, float r, sw_vec2 v, const sw_seg2 *s, uint32_t one_sided, sw_cast_result *out);
sw_status sw_circle3_tri3_ref(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, uint32_t one_sided, sw_cast_result *out);

sw_status sw_capsule2_seg2_ref(const sw_capsule2 *cap, sw_pose2 pose, sw_vec2 v, const sw_seg2 *s, uint32_t one_sided,
			       sw_circle2_output *out);

sw_status sw_capsule3_tri3_ref(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t, uint32_t one_sided,
			       sw_cast_result *out);

/* the INVALID and MISS answers */
void sw_circle2_invalid(sw_circle2_output *out);
void sw_circle2_miss(sw_circle2_output *out);
void sw_circle3_invalid(sw_cast_result *out);
void sw_circle3_miss(sw_cast_result *out);

#endif
