/* src/ref/circle3.c — a sphere moving against a static triangle: the scalar reference, written as the
 * lanes compute it (src/kernels/circle_tmpl.c follows it operation for operation).
 *
 * Method. The sphere (centre c, radius r, displacement v, t ∈ [0,1]) touches the triangle when its
 * centre enters the triangle inflated by r: the slab over the face (±r along the normal), the
 * cylinders of radius r around the three edges and the balls of radius r at the three vertices.
 * The first contact is the earliest entry into any of the seven (Ericson, RTCD 5.5.6 and 5.5.7;
 * the slab's sides lie inside the edge cylinders and the cylinders' ends inside the vertex balls,
 * so only the slab's faces and the cylinders' round sides count); every candidate is computed and
 * the earliest valid one gives the time, ties to the lowest feature id:
 *  - face: the offset plane on the side the centre starts on, reached at (|s0| − r)/closing speed,
 *    with the centre projecting into the triangle then (three edge-side tests, closed);
 *  - edge j: the distance from the centre to the edge's line is |(t·v − f_j) × e_j| / |e_j|, so the
 *    cylinder is entered at the smaller root of |t·A − B|² = r²·|e_j|² with A = v × e_j and
 *    B = f_j × e_j, a ball problem in the plane across the edge; valid when the contact projects
 *    onto the edge;
 *  - vertex k: the smaller root of |t·v − f_k|² = r².
 * A ball problem |t·A − B|² = ρ² (A the scaled motion's image) is solved as in ref/circle2.c:
 * b = A·B, c = |B|² − ρ², Δ = ρ²·|A|² − |A × B|² (Lagrange's identity; for an edge A × B =
 * −(v·B)·e_j, so |A × B|² = (v·B)²·|e_j|²), and t = kv·c / (b + √Δ): no cancellation between large
 * terms, no normalisation of any direction, and valid when c > 0, b > 0 and Δ ≥ 0.
 *
 * Frame and scale. Everything is relative to the centre at t = 0 (f_k = x_k − c). Each edge e_j is
 * the world difference of its vertices scaled by its own power of two (largest component in
 * [1, 2), exact), the motion too; the face normal is e_0 × (−e_2) unnormalised. Every product then
 * holds at most two lengths next to numbers of order 1, so nothing overflows or underflows within
 * the coordinate contract, for triangles of 1e-12 and of 1e12 alike. Degenerate triangles are
 * SW_PAIR_INVALID by the contract of sw_tri3 (sw_tri3_valid_ref, as for the OBB–triangle queries).
 *
 * Starting overlapped: within r of the face (|s0| ≤ r projecting inside), of an edge (c_j ≤ 0
 * projecting onto it) or of a vertex (c_k ≤ 0): the comparisons the candidates' validity makes. The
 * feature, point and normal come from the Voronoi region of the centre at the contact (inside the
 * triangle: the face; else the first edge it is outside of and projects onto; else the nearest
 * vertex), as in ref/circle2.c: the region's vector (±normal, the rejection from the edge's line,
 * centre − vertex) normalised once; the distance is its dot product with the centre's offset.
 */
#include "ref/circle_ref.h"

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

static float max3(sw_vec3 a) { return sw_circle_max(sw_circle_max(fabsf(a.x), fabsf(a.y)), fabsf(a.z)); }

/* a vector scaled by the power of two that brings its largest |component| into [1, 2); *p is that
 * power's inverse (its floor) */
static sw_vec3 scaled3(sw_vec3 a, float *p)
{
	float m = max3(a), k = sw_circle_pow2_inv(m);
	*p = sw_ref_pow2_floor(m);
	return sw_v3_scale(a, k);
}

/* the triangle seen from the centre at t = 0 */
typedef struct tri_view {
	sw_vec3 x[3]; /* vertices, world */
	sw_vec3 f[3]; /* vertices − centre */
	float ff[3];  /* their squared distances */
	sw_vec3 e[3]; /* scaled edges a→b, b→c, c→a */
	float ee[3];  /* e·e */
	float ll[3];  /* (e·e)/k: e·y at the edge's second vertex */
	sw_vec3 n;    /* e0 × (−e2): the front normal, unnormalised */
	float ln;     /* |n| */
	sw_vec3 m[3]; /* n × e_j: in the plane, into the triangle across edge j */
	float s0;     /* −n·f0: ln·(signed distance), front positive */
	float g;      /* |s0| − r·ln */
	sw_vec3 vs;   /* v·kv */
	float kv;     /* the motion's power of two */
	int moving;   /* v has a direction */
} tri_view;

static void tri_view_build(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, tri_view *w)
{
	w->x[0] = t->a, w->x[1] = t->b, w->x[2] = t->c;
	for (int k = 0; k < 3; k++) {
		w->f[k] = sw_v3_sub(w->x[k], c);
		w->ff[k] = sw_v3_dot(w->f[k], w->f[k]);
	}
	for (int j = 0; j < 3; j++) {
		float p;
		w->e[j] = scaled3(sw_v3_sub(w->x[(j + 1) % 3], w->x[j]), &p);
		w->ee[j] = sw_v3_dot(w->e[j], w->e[j]);
		w->ll[j] = w->ee[j] * p;
	}
	w->n = sw_v3_cross(w->e[0], sw_v3(-w->e[2].x, -w->e[2].y, -w->e[2].z));
	w->ln = sqrtf(sw_v3_dot(w->n, w->n));
	for (int j = 0; j < 3; j++)
		w->m[j] = sw_v3_cross(w->n, w->e[j]);
	w->s0 = -sw_v3_dot(w->n, w->f[0]);
	w->g = fabsf(w->s0) - r * w->ln;
	float mv = max3(v);
	w->moving = mv >= SW_CIRCLE_MIN_NORMAL;
	w->kv = w->moving ? sw_circle_pow2_inv(mv) : 0.0f;
	w->vs = sw_v3_scale(v, w->kv);
}

/* whether the centre displaced by x projects into the triangle (closed) */
static int tri_inside(const tri_view *w, sw_vec3 x)
{
	int in = 1;
	for (int j = 0; j < 3; j++)
		in &= sw_v3_dot(w->m[j], sw_v3_sub(x, w->f[j])) >= 0.0f;
	return in;
}

/* the smaller root of |t·A − B|² = ρ² (t in units of the scaled motion, times kv), *ok if a valid
 * contact in (0, 1]; `axb2` is |A × B|² */
static float ball(float aa, float ab, float bb, float axb2, float rho2, float kv, int moving, int *ok)
{
	float c = bb - rho2;
	float disc = rho2 * aa - axb2;
	float root = sqrtf(disc > 0.0f ? disc : 0.0f);
	float t = c / (ab + root) * kv;
	*ok = moving & (c > 0.0f) & (ab > 0.0f) & (disc >= 0.0f) & (t <= 1.0f);
	return t;
}

/* the earliest valid candidate in (0, 1] and its id (SW_FEATURE_NONE: none); *over: the centre
 * starts within r */
static float tri_first(const tri_view *w, sw_vec3 v, float r, uint32_t *feat, int *over)
{
	float rr = r * r;
	/* face: the offset plane on the centre's side */
	float vn = sw_v3_dot(w->n, v);
	float closing = w->s0 > 0.0f ? -vn : vn;
	float tf = w->g / closing;
	int inside = w->g <= 0.0f;
	int face = (w->g > 0.0f) & (closing > 0.0f) & (tf <= 1.0f) & tri_inside(w, sw_v3_scale(v, tf));
	int within = inside & tri_inside(w, sw_v3(0, 0, 0));
	float best = face ? tf : INFINITY;
	uint32_t id = face ? SW_TRI3_FACE : SW_FEATURE_NONE;
	/* edges: the cylinders' round sides */
	for (uint32_t j = 0; j < 3; j++) {
		sw_vec3 e = w->e[j], a = sw_v3_cross(w->vs, e), b = sw_v3_cross(w->f[j], e);
		float vb = sw_v3_dot(w->vs, b), rho2 = rr * w->ee[j], bb = sw_v3_dot(b, b);
		int hit;
		float te =
			ball(sw_v3_dot(a, a), sw_v3_dot(a, b), bb, (vb * vb) * w->ee[j], rho2, w->kv, w->moving, &hit);
		float mu = sw_v3_dot(e, sw_v3_sub(sw_v3_scale(v, te), w->f[j]));
		int better = hit & (mu >= 0.0f) & (mu <= w->ll[j]) & (te < best);
		best = better ? te : best;
		id = better ? SW_TRI3_EDGE0 + j : id;
		float mu0 = -sw_v3_dot(e, w->f[j]);
		within |= (bb <= rho2) & (mu0 >= 0.0f) & (mu0 <= w->ll[j]);
	}
	/* vertices: the balls */
	for (uint32_t k = 0; k < 3; k++) {
		sw_vec3 f = w->f[k], x = sw_v3_cross(w->vs, f);
		int hit;
		float tk = ball(sw_v3_dot(w->vs, w->vs), sw_v3_dot(w->vs, f), w->ff[k], sw_v3_dot(x, x), rr, w->kv,
				w->moving, &hit);
		int better = hit & (tk < best);
		best = better ? tk : best;
		id = better ? SW_TRI3_VERTEX0 + k : id;
		within |= w->ff[k] <= rr;
	}
	*feat = id;
	*over = within;
	return best;
}

/* the feature whose Voronoi region holds the centre displaced by x: the face when it projects into
 * the triangle (closed); else the first edge it lies outside of whose extent it projects onto
 * (closed); else the nearest vertex (by squared distance, the first of equals) */
static uint32_t tri_region(const tri_view *w, sw_vec3 x)
{
	uint32_t id = SW_FEATURE_NONE;
	int in = 1;
	for (uint32_t j = 0; j < 3; j++) {
		sw_vec3 y = sw_v3_sub(x, w->f[j]);
		float s = sw_v3_dot(w->m[j], y), mu = sw_v3_dot(w->e[j], y);
		int edge = (s < 0.0f) & (mu >= 0.0f) & (mu <= w->ll[j]) & (id == SW_FEATURE_NONE);
		id = edge ? SW_TRI3_EDGE0 + j : id;
		in &= s >= 0.0f;
	}
	float best = INFINITY;
	uint32_t vert = SW_TRI3_VERTEX0;
	for (uint32_t k = 0; k < 3; k++) {
		sw_vec3 y = sw_v3_sub(x, w->f[k]);
		float d = sw_v3_dot(y, y);
		int closer = d < best;
		best = closer ? d : best;
		vert = closer ? SW_TRI3_VERTEX0 + k : vert;
	}
	id = id == SW_FEATURE_NONE ? vert : id;
	return in ? SW_TRI3_FACE : id;
}

sw_status sw_circle3_tri3_ref(sw_vec3 c, float r, sw_vec3 v, const sw_tri3 *t, uint32_t one_sided, sw_cast_result *out)
{
	if (!tri_valid(c, r, v, t)) {
		sw_circle3_invalid(out);
		return SW_PAIR_INVALID;
	}
	tri_view w;
	tri_view_build(c, r, v, t, &w);
	uint32_t hit_id;
	int over;
	float th = tri_first(&w, v, r, &hit_id, &over);
	int behind = (one_sided != 0) & (w.s0 < 0.0f);
	if (behind | (!over & (hit_id == SW_FEATURE_NONE))) {
		sw_circle3_miss(out);
		return SW_MISS;
	}
	/* the region at the contact: its vertex i (the face's is a), the centre's offset y from it and
	 * the region's vector */
	float tt = over ? 0.0f : th;
	sw_vec3 x = sw_v3_scale(v, tt);
	uint32_t id = tri_region(&w, x);
	int face = id == SW_TRI3_FACE, vert = id >= SW_TRI3_VERTEX0;
	uint32_t i = face ? 0 : vert ? id - SW_TRI3_VERTEX0 : id - SW_TRI3_EDGE0;
	sw_vec3 y = sw_v3_sub(x, w.f[i]), e = w.e[i];
	float h = sw_v3_dot(w.n, y);
	sw_vec3 side = h >= 0.0f ? w.n : sw_v3(-w.n.x, -w.n.y, -w.n.z);
	float ey = sw_v3_dot(e, y);
	sw_vec3 across = sw_v3_sub(sw_v3_scale(y, w.ee[i]), sw_v3_scale(e, ey));
	sw_vec3 nv = face ? side : vert ? y : across;
	/* a centre on the triangle's boundary: the front normal */
	float m = max3(nv);
	int none = m < SW_CIRCLE_MIN_NORMAL;
	sw_vec3 n = sw_circle_normalize3(none ? w.n : nv, sw_circle_pow2_inv(none ? max3(w.n) : m));
	float dist = sw_v3_dot(n, y);
	/* the foot: on the plane by the normal, on an edge by the projection (the rejection that gave an
	 * edge's normal cancels where y runs far along the edge: a normal off by δ would move the foot
	 * by δ·|y|) */
	sw_vec3 plane = sw_v3_sub(y, sw_v3_scale(n, dist)), line = sw_v3_scale(e, ey / w.ee[i]);
	sw_vec3 along = face ? plane : line;
	out->status = over ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->feature = id;
	out->t = tt;
	out->depth = over ? r - dist : 0.0f;
	out->point = vert ? w.x[i] : sw_v3_add(w.x[i], along);
	out->normal = n;
	out->slide = sw_circle_clip3(sw_v3_scale(v, 1.0f - tt), n);
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
