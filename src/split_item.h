/* src/split_item.h — the arithmetic every split shares (classification, split points, input checks)
 * and the internal single-item entry points the batched calls use: the reference rows
 * (src/split_rows.c) and the kernels, which hand the items they do not take in lanes to the
 * single-item splits of src/split_item.c. Below both, as src/contract.h is; the hull split
 * (src/split_hull.c) and the mass sums (src/split_mass.c) stand beside it.
 *
 * How a lane version follows this reference operation for operation (one item per lane, items of one
 * vertex count together):
 * - the plane is prepared once per plane (sw_split_plane_prep): u = n·(1/√(n·n)), then per vertex
 *   s = ((x0 − p0)·u0 + (x1 − p1)·u1) + (x2 − p2)·u2, left to right, no fused multiply-add
 *   (-ffp-contract=off); the side is (s > eps) | (s < −eps) << 1, two compares into a mask;
 * - the split point of an edge (a, b) picks its operands by the mask, not its operations: f, k, s_f,
 *   s_k = a is front ? (a, b, s_a, s_b) : (b, a, s_b, s_a), then t = s_f / (s_f − s_k) and
 *   x = f + t·(k − f) per coordinate and attribute. A lane computes it for every edge and keeps it
 *   where the edge straddles; the bits are the same as the reference's;
 * - a piece is written by Sutherland–Hodgman emission in edge order: vertex i if the on-vertex rule
 *   (sw_split_to_front / sw_split_to_back, masks of its and its neighbours' sides) puts it there,
 *   then the edge's split point if it straddles, each skipped when it equals (bitwise)
 *   the vertex emitted just before; a lane keeps its running count and last vertex and stores at
 *   its own offset. The closing test (last equal to first) and the "fewer than 3 vertices → empty"
 *   rule are per-lane selects at the end. (The triangle kernel takes each layout's pieces from a
 *   table by the three sides and hands triangles with two equal points to sw_split_tri_ref; the
 *   polygon kernel finds the same pieces as one cyclic run of input vertices a side between the two
 *   split points, and hands the polygons where the duplicate rule could act, or whose sides
 *   alternate, to sw_split_poly_ref; src/kernels/split_poly_tmpl.c says how);
 * - sums (areas, moments, volumes) are accumulated in emission order, in scaled coordinates relative
 *   to the item's reference point (exact power-of-two scaling, sw_split_pow2), so they neither
 *   overflow nor depend on the distance from the origin.
 * Validation (finite coordinates, convexity to δ, winding) is per vertex and per corner with fixed
 * operation order too; only its sqrt is taken for every corner by a lane where the reference takes it
 * for reflex-looking ones. */
#ifndef SWEPT_SPLIT_ITEM_H
#define SWEPT_SPLIT_ITEM_H

#include <float.h>
#include <math.h>
#include <stdint.h>

#include "contract.h"
#include "swept/split.h"

/* helpers taking the dimension D inline into a caller that passes it as a constant, so each of the
 * 2D and 3D entry points gets its own unrolled copy */
#if defined(__GNUC__)
#define SW_SPLIT_INLINE static inline __attribute__((always_inline))
#else
#define SW_SPLIT_INLINE static inline
#endif

/* a plane ready for classification: point, unit normal, half thickness */
typedef struct sw_split_plane {
	float p[3], u[3];
	float eps, neg_eps;
} sw_split_plane;

static inline int sw_split_coord_ok(float x) { return fabsf(x) <= SW_MAX_COORD; }

/* the larger of two values known not to be NaN (fmaxf is a libm call without fast-math) */
static inline float sw_split_max(float a, float b) { return a > b ? a : b; }

/* eps of the options (NULL → 0); returns 0 when it breaks the contract */
static inline int sw_split_eps(const sw_split_opts *opts, float *eps)
{
	*eps = opts ? opts->eps : 0.0f;
	return *eps >= 0.0f && *eps <= SW_MAX_COORD;
}

/* D = 2 or 3 coordinates at p and n; returns 0 for a non-finite point or a zero, tiny or huge normal */
static inline int sw_split_plane_prep(int D, const float *p, const float *n, float eps, sw_split_plane *pl)
{
	float len2 = n[0] * n[0] + n[1] * n[1];
	if (D == 3)
		len2 += n[2] * n[2];
	int ok = len2 >= FLT_MIN && len2 <= FLT_MAX;
	float inv = 1.0f / sqrtf(len2);
	for (int k = 0; k < 3; k++) {
		float pk = k < D ? p[k] : 0.0f, nk = k < D ? n[k] : 0.0f;
		ok = ok && sw_split_coord_ok(pk) && sw_split_coord_ok(nk);
		pl->p[k] = pk;
		pl->u[k] = nk * inv;
	}
	pl->eps = eps;
	pl->neg_eps = -eps;
	return ok;
}

/* the checks of a single-item call: `out` (and attribute values when attributes are asked for)
 * present, eps and the attribute width in range; SW_OK or the call's error */
static inline sw_error sw_split_call(const sw_split_opts *opts, const sw_split_attrs *attrs, const void *out)
{
	float eps;
	if (!out || (attrs && attrs->k && !attrs->in))
		return SW_ERR_NULL;
	if (!sw_split_eps(opts, &eps) || (attrs && attrs->k > SW_SPLIT_MAX_ATTRS))
		return SW_ERR_ARG;
	return SW_OK;
}

/* the plane of a call with the options' eps; NULL when either breaks the contract */
static inline const sw_split_plane *sw_split_prep2(sw_plane2 line, const sw_split_opts *opts, sw_split_plane *pl)
{
	float eps;
	int ok = sw_split_eps(opts, &eps);
	const float p[2] = {line.p.x, line.p.y}, n[2] = {line.n.x, line.n.y};
	return sw_split_plane_prep(2, p, n, eps, pl) && ok ? pl : NULL;
}

static inline const sw_split_plane *sw_split_prep3(sw_plane3 plane, const sw_split_opts *opts, sw_split_plane *pl)
{
	float eps;
	int ok = sw_split_eps(opts, &eps);
	const float p[3] = {plane.p.x, plane.p.y, plane.p.z}, n[3] = {plane.n.x, plane.n.y, plane.n.z};
	return sw_split_plane_prep(3, p, n, eps, pl) && ok ? pl : NULL;
}

/* signed distance of x from the plane, in the documented order */
static inline float sw_split_dist(int D, const sw_split_plane *pl, const float *x)
{
	float s = (x[0] - pl->p[0]) * pl->u[0] + (x[1] - pl->p[1]) * pl->u[1];
	if (D == 3)
		s += (x[2] - pl->p[2]) * pl->u[2];
	return s;
}

/* 0 on, 1 front, 2 back */
static inline unsigned sw_split_side(const sw_split_plane *pl, float s)
{
	return (unsigned)(s > pl->eps) | (unsigned)(s < pl->neg_eps) << 1;
}

/* the on-vertex rule inside a straddling loop (vertex class c, its neighbours' cp and cn): FRONT and
 * ON vertices go to the front piece; BACK vertices, and ON vertices next to a BACK one, to the back.
 * So the ON vertices between the two cuts stay in front, the back piece ends at the ON vertices that
 * bound its own run, and the two pieces share one cut path: they tile the shape */
static inline int sw_split_to_front(unsigned c) { return c != 2; }
static inline int sw_split_to_back(unsigned c, unsigned cp, unsigned cn)
{
	return c == 2 || (c == 0 && (cp == 2 || cn == 2));
}

/* the split point of edge (a, b), one front and one back end (ca: a's side), computed from the front
 * end; writes D coordinates to x and returns t */
static inline float sw_split_point(int D, const float *a, const float *b, float sa, float sb, unsigned ca, float *x)
{
	int af = ca == 1;
	const float *f = af ? a : b, *k = af ? b : a;
	float sf = af ? sa : sb, sk = af ? sb : sa;
	float t = sf / (sf - sk);
	for (int d = 0; d < D; d++)
		x[d] = f[d] + t * (k[d] - f[d]);
	return t;
}

/* attributes of that split point: the same t from the same end */
static inline void sw_split_attr_point(const float *aa, const float *ab, unsigned ca, float t, uint32_t k, float *x)
{
	const float *f = ca == 1 ? aa : ab, *q = ca == 1 ? ab : aa;
	for (uint32_t d = 0; d < k; d++)
		x[d] = f[d] + t * (q[d] - f[d]);
}

/* the power of two 2^e with extent·2^e in [1, 2) for extents from FLT_MIN up (2^126 below, 1 for 0);
 * scaling by it is exact. Half of sw_ref_axis_scale's 2/p (p the largest power of two ≤ extent), which
 * a lane forms with two bit operations */
static inline float sw_split_pow2(float extent)
{
	return extent >= FLT_MIN ? 0.5f * sw_ref_axis_scale(extent) : extent > 0 ? 0x1p126f : 1.0f;
}

static inline int sw_split_same(int D, const float *a, const float *b)
{
	int eq = a[0] == b[0] && a[1] == b[1];
	return D == 3 ? eq && a[2] == b[2] : eq;
}

/* ---- checked polygons ---- */

/* what validation learns about a polygon and the mass queries reuse */
typedef struct sw_split_poly_info {
	float extent; /* max |v_i − v_0| over coordinates */
	float nrm[3]; /* 3D: unit normal (Newell's), zero for a polygon of zero area */
} sw_split_poly_info;

/* the polygon contract of swept/split.h (2D or 3D); fills info */
int sw_split_poly_valid(int D, const float *v, uint32_t n, sw_split_poly_info *info);
/* attributes finite within SW_MAX_COORD */
int sw_split_attrs_valid(const float *a, size_t count);

/* ---- single items on a prepared plane (pl NULL: the plane was invalid) ---- */

/* polygon split into fv/bv (room for n + 1; NULL allowed) and fa/ba (k floats per vertex) */
sw_status sw_split_poly_ref(int D, const float *v, uint32_t n, const sw_split_plane *pl, const float *ain, uint32_t k,
			    float *fv, float *fa, float *bv, float *ba, sw_split_output *out);
/* triangle slicing into up to 2 triangles per side (9 floats each) */
sw_status sw_split_tri_ref(const float *v, const sw_split_plane *pl, const float *ain, uint32_t k, float *ft, float *fa,
			   float *bt, float *ba, sw_split_output *out);
/* polygon measure (2D or 3D area) and centroids; a 2D answer leaves the z fields 0 */
sw_status sw_split_poly_mass_ref(int D, const float *v, uint32_t n, const sw_split_plane *pl, sw_split_mass3 *out);
/* hull split and hull mass; `checked` ≠ 0 skips sw_hull3_check of the input */
sw_status sw_split_hull_ref(const sw_hull3 *h, const sw_split_plane *pl, int checked, sw_hull3 *front, sw_hull3 *back,
			    sw_split_output *out);
sw_status sw_split_hull_mass_ref(const sw_hull3 *h, const sw_split_plane *pl, int checked, sw_split_mass3 *out);

/* the invalid answers */
void sw_split_output_invalid(sw_split_output *out);
void sw_split_mass_invalid(sw_split_mass3 *out);

#endif
