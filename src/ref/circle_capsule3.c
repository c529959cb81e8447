/* src/ref/circle_capsule3.c — a 3D capsule moving against a static triangle: the scalar reference.
 *
 * Method. The capsule is its core K = A–B (unit direction d, length L) grown by r. The triangle
 * inflated by the core, T ⊖ K, is a prism; grown by r it is entered through a face (offset plane),
 * an edge (cylinder) or a vertex (ball), and each of these is one pair of features of K and T:
 *  - A's and B's balls against the triangle: two sphere–triangle problems (ref/circle3.c), which
 *    hold the prism's two triangular faces, its edges along the triangle's edges and its vertices;
 *  - K's side against triangle edge j (the prism's side faces) and against vertex k (its edges
 *    along d).
 * The side problems are solved in the plane orthogonal to d, where the side is a disc of radius r
 * around K's trace moving by v⊥ = v − (d·v)d: against vertex k's trace (a round feature, as for
 * the sphere's edges) and against edge j's trace, a segment (as for the circle's interior), whose
 * contact must also fall within K (core parameter in [0, L]). Projecting along d keeps them
 * well conditioned when an edge is nearly parallel to K: the common normal d × e_j of the two
 * lines is then known only to ε/θ, but it is applied to vectors with no component along d and
 * at most the projected edge's length θ·|e_j| across it, so the error stays ε·|e_j|; and the
 * core parameter, ill-conditioned as θ → 0, moves the answer only by its square (a contact just
 * beyond K's end is one of A's or B's, within (ε·S)²/(2r)). An edge exactly parallel to K has a
 * point as trace and no side candidate (the vertices' cover it). The normal of a side–edge contact
 * is the lines' common normal; rounding the inputs alone turns it by ε/θ, and so much it may be off.
 * Feature ids: (part << 8) | triangle feature, part SW_CAPSULE_END0 (A), _END1 (B) or _SIDE.
 *
 * Feature at the contact: the region within the problem that gave the time; an end ball's
 * closest triangle point that projects onto K's interior means the side is closer (the seam
 * between adjacent regions, as in ref/circle_capsule2.c), and its side pair is reported; a side
 * contact with a vertex whose trace has K's trace over an adjacent edge's trace is that edge's.
 * Starting overlapped: the least distance over the pairs whose regions agree (A's or B's closest
 * triangle point not projecting into K, the side's core point in the edge's or vertex's region).
 * When K pierces the triangle (A and B strictly on either side of the plane, the piercing point
 * inside) or touches it, the least translation separating them is the distance from the origin to
 * the prism's boundary plus r: the least distance to a face plane whose foot lies on that face (the
 * triangular faces: A's or B's distance from the plane, when it projects into the triangle; the
 * side faces: the two lines' distance, when both feet are interior).
 *
 * Frame: relative to the pose's position (A = R·a, B = R·b, vertices − pose.p), K's direction
 * R·(b − a). One-sided: the pose's position decides the side. Lanes: every problem and candidate
 * in this order with blends, as in ref/circle2.c.
 */
#include "ref/circle_ref.h"

#define PART(p) ((uint32_t)(p) << 8)

/* the side problems: everything seen along d, relative to A at t = 0 */
typedef struct core_frame {
	sw_vec3 d;     /* unit core direction (zero when a = b) */
	float len;     /* core length */
	int line;      /* the core has a direction, hence a side */
	sw_vec3 g[3];  /* vertices − A */
	float sig[3];  /* their core parameters d·g_k */
	sw_vec3 gp[3]; /* their traces g_k − sig_k·d */
	float rr[3];   /* the vertices' squared distances from K's line */
	sw_vec3 ew[3]; /* world edges a→b, b→c, c→a */
	sw_vec3 u[3];  /* unit edge traces */
	float ell[3];  /* their lengths */
	int ok[3];     /* the edge trace has a direction (and the core one) */
	sw_vec3 n[3];  /* d × u_j normalised (u_j leaves d's normal plane by ε/θ): the common normal */
	float s0[3];   /* K's line's signed distance from edge j's line along n_j */
	float vd;      /* d·v */
	sw_vec3 vp;    /* v − vd·d */
	sw_vec3 up;    /* unit vp */
	float wp, iwp; /* |vp| and its reciprocal */
	int across;    /* vp has a direction */
} core_frame;

static sw_vec3 neg3(sw_vec3 a) { return sw_v3(-a.x, -a.y, -a.z); }
static sw_vec3 rot3(sw_quat q, sw_vec3 x)
{
	sw_mat3 m = sw_mat3_from_quat(q);
	return sw_mat3_mul(&m, x);
}

static void core_frame_build(sw_vec3 A, sw_vec3 ek, const sw_vec3 X[3], const sw_tri3 *t, sw_vec3 v, core_frame *k)
{
	const sw_vec3 x[3] = {t->a, t->b, t->c};
	k->line = sw_circle_unit3(ek, &k->d, &k->len);
	for (int i = 0; i < 3; i++) {
		k->g[i] = sw_v3_sub(X[i], A);
		k->sig[i] = sw_v3_dot(k->d, k->g[i]);
		k->gp[i] = sw_v3_sub(k->g[i], sw_v3_scale(k->d, k->sig[i]));
		k->rr[i] = sw_v3_dot(k->gp[i], k->gp[i]);
	}
	for (int j = 0; j < 3; j++) {
		k->ew[j] = sw_v3_sub(x[(j + 1) % 3], x[j]);
		sw_vec3 ep = sw_v3_sub(k->ew[j], sw_v3_scale(k->d, sw_v3_dot(k->d, k->ew[j])));
		float l;
		k->ok[j] = sw_circle_unit3(ep, &k->u[j], &k->ell[j]) & k->line;
		sw_circle_unit3(sw_v3_cross(k->d, k->u[j]), &k->n[j], &l);
		k->s0[j] = -sw_v3_dot(k->n[j], k->gp[j]);
	}
	k->vd = sw_v3_dot(k->d, v);
	k->vp = sw_v3_sub(v, sw_v3_scale(k->d, k->vd));
	k->across = sw_circle_unit3i(k->vp, &k->up, &k->wp, &k->iwp);
}

/* side against edge j with K's trace displaced by x (= t·v⊥): the trace's projection onto the
 * edge's trace (mu) and the core parameter of the edge point there, K having moved by t·v */
static float side_edge_param(const core_frame *k, uint32_t j, sw_vec3 x, float t, float *mu)
{
	*mu = sw_v3_dot(k->u[j], sw_v3_sub(x, k->gp[j]));
	float phi = *mu / k->ell[j];
	return (k->sig[j] + phi * sw_v3_dot(k->d, k->ew[j])) - t * k->vd;
}

static float side_edge_time(const core_frame *k, uint32_t j, float r, int *ok)
{
	float vn = sw_v3_dot(k->n[j], k->vp);
	float gap = fabsf(k->s0[j]) - r;
	float closing = k->s0[j] > 0.0f ? -vn : vn;
	float te = gap / closing, mu;
	float s = side_edge_param(k, j, sw_v3_scale(k->vp, te), te, &mu);
	*ok = k->ok[j] & (gap > 0.0f) & (closing > 0.0f) & (te <= 1.0f) & (mu >= 0.0f) & (mu <= k->ell[j]) &
	      (s >= 0.0f) & (s <= k->len);
	return te;
}

static float side_vertex_time(const core_frame *k, uint32_t i, float r, int *ok)
{
	float s;
	int hit = sw_circle_ball3(k->gp[i], k->rr[i], k->up, r, &s);
	float tv = s * k->iwp;
	float sig = k->sig[i] - tv * k->vd;
	*ok = k->line & k->across & hit & (tv <= 1.0f) & (sig >= 0.0f) & (sig <= k->len);
	return tv;
}

/* the four kinds of problem */
typedef struct cap3 {
	sw_tri_frame end[2]; /* A's and B's balls */
	core_frame side;
} cap3;

static void cap3_build(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t, cap3 *k)
{
	sw_vec3 A = rot3(pose.q, cap->a), B = rot3(pose.q, cap->b), ek = rot3(pose.q, sw_v3_sub(cap->b, cap->a));
	const sw_vec3 X[3] = {sw_v3_sub(t->a, pose.p), sw_v3_sub(t->b, pose.p), sw_v3_sub(t->c, pose.p)};
	const sw_vec3 fa[3] = {sw_v3_sub(X[0], A), sw_v3_sub(X[1], A), sw_v3_sub(X[2], A)};
	const sw_vec3 fb[3] = {sw_v3_sub(X[0], B), sw_v3_sub(X[1], B), sw_v3_sub(X[2], B)};
	sw_tri_frame_build(t, fa, v, &k->end[0]);
	sw_tri_frame_build(t, fb, v, &k->end[1]);
	core_frame_build(A, ek, X, t, v, &k->side);
}

/* the feature of end ball `part` at time t (displaced by x = t·v), refined: when the triangle's
 * closest edge or vertex has its own closest core point inside K (strictly past this end) and the
 * side pair exists there (both feet interior), the side is closer than the ball */
static uint32_t cap3_end_region(const cap3 *k, uint32_t part, sw_vec3 x, float t)
{
	const core_frame *c = &k->side;
	uint32_t f = sw_tri_frame_region(&k->end[part], x);
	int vert = f >= SW_TRI3_VERTEX0, j = vert ? (int)(f - SW_TRI3_VERTEX0) : (int)f - (int)SW_TRI3_EDGE0;
	float mu = 0.0f, s = 0.0f;
	int ok = 0;
	if (vert) {
		s = c->sig[j] - t * c->vd;
		ok = c->line;
	} else if (f != SW_TRI3_FACE) {
		s = side_edge_param(c, (uint32_t)j, sw_v3_scale(c->vp, t), t, &mu);
		ok = c->ok[j] & (mu >= 0.0f) & (mu <= c->ell[j]);
	}
	int past = part == SW_CAPSULE_END0 ? s > 0.0f : s < c->len;
	int side = ok & past & (s >= 0.0f) & (s <= c->len);
	return side ? PART(SW_CAPSULE_SIDE) | f : PART(part) | f;
}

/* the feature of the side's contact with vertex i at time t, refined: when K's trace then projects
 * onto an adjacent edge's trace (closed) and that edge's point across lies within K, the side–edge
 * pair is as close (the vertex lies on the edge's line), and it is reported; of two such edges the
 * nearer. The two candidates' times differ by δ²/(2r) at δ from the seam, below float resolution,
 * but their normals by δ/r: the region decides, not the time (as for the sphere's features), and
 * not a comparison of the two distances, equal to rounding there */
static uint32_t cap3_side_vertex_region(const core_frame *c, uint32_t i, float t)
{
	sw_vec3 trace = sw_v3_scale(c->vp, t);
	float best = INFINITY;
	uint32_t id = PART(SW_CAPSULE_SIDE) | (SW_TRI3_VERTEX0 + i);
	const uint32_t adj[2] = {i, (i + 2) % 3}; /* the edges from and to vertex i */
	for (int a = 0; a < 2; a++) {
		uint32_t j = adj[a];
		float mu, s = side_edge_param(c, j, trace, t, &mu);
		float h = sw_v3_dot(c->n[j], sw_v3_sub(trace, c->gp[j]));
		int ok = c->ok[j] & (mu >= 0.0f) & (mu <= c->ell[j]) & (s >= 0.0f) & (s <= c->len) & (h * h < best);
		best = ok ? h * h : best;
		id = ok ? PART(SW_CAPSULE_SIDE) | (SW_TRI3_EDGE0 + j) : id;
	}
	return id;
}

/* the cores' squared distance at t = 0 over the pairs whose regions agree (a rounding gap between
 * regions falls back to the plain least) */
static float cap3_start(const cap3 *k, uint32_t *feat)
{
	const core_frame *c = &k->side;
	float d = INFINITY, any = INFINITY;
	uint32_t id = SW_FEATURE_NONE, any_id = SW_FEATURE_NONE;
	for (uint32_t part = 0; part < 2; part++) {
		uint32_t f;
		float dk = sw_tri_frame_start(&k->end[part], &f);
		uint32_t g = cap3_end_region(k, part, sw_v3(0, 0, 0), 0.0f);
		int agree = ((g >> 8) == part) & (dk < d);
		d = agree ? dk : d;
		id = agree ? g : id;
		int closer = dk < any;
		any = closer ? dk : any;
		any_id = closer ? PART(part) | f : any_id;
	}
	for (uint32_t j = 0; j < 3; j++) {
		/* side and edge j: both feet interior, and K's foot in the edge's region */
		float mu, s = side_edge_param(c, j, sw_v3(0, 0, 0), 0.0f, &mu), dj = c->s0[j] * c->s0[j];
		uint32_t reg = sw_tri_frame_region(&k->end[0], sw_v3_scale(c->d, s));
		int ok = c->ok[j] & (mu >= 0.0f) & (mu <= c->ell[j]) & (s >= 0.0f) & (s <= c->len) &
			 (reg == SW_TRI3_EDGE0 + j) & (dj < d);
		d = ok ? dj : d;
		id = ok ? PART(SW_CAPSULE_SIDE) | (SW_TRI3_EDGE0 + j) : id;
	}
	for (uint32_t i = 0; i < 3; i++) {
		/* side and vertex i: K's foot interior and in the vertex's region */
		float s = c->sig[i];
		uint32_t reg = sw_tri_frame_region(&k->end[0], sw_v3_scale(c->d, s));
		int ok = c->line & (s >= 0.0f) & (s <= c->len) & (reg == SW_TRI3_VERTEX0 + i) & (c->rr[i] < d);
		d = ok ? c->rr[i] : d;
		id = ok ? PART(SW_CAPSULE_SIDE) | (SW_TRI3_VERTEX0 + i) : id;
	}
	int gap = id == SW_FEATURE_NONE;
	*feat = gap ? any_id : id;
	return gap ? any : d;
}

/* the earliest contact over the four kinds of problem and the candidate that gave it */
static float cap3_first(const cap3 *k, sw_vec3 v, float r, uint32_t *feat)
{
	float best = INFINITY;
	uint32_t id = SW_FEATURE_NONE;
	for (uint32_t part = 0; part < 2; part++) {
		uint32_t f;
		float tk = sw_tri_frame_first(&k->end[part], v, r, &f);
		int better = (f != SW_FEATURE_NONE) & (tk < best);
		best = better ? tk : best;
		id = better ? PART(part) | f : id;
	}
	for (uint32_t j = 0; j < 3; j++) {
		int ok;
		float tj = side_edge_time(&k->side, j, r, &ok);
		int better = ok & (tj < best);
		best = better ? tj : best;
		id = better ? PART(SW_CAPSULE_SIDE) | (SW_TRI3_EDGE0 + j) : id;
	}
	for (uint32_t i = 0; i < 3; i++) {
		int ok;
		float ti = side_vertex_time(&k->side, i, r, &ok);
		int better = ok & (ti < best);
		best = better ? ti : best;
		id = better ? PART(SW_CAPSULE_SIDE) | (SW_TRI3_VERTEX0 + i) : id;
	}
	*feat = id;
	return best;
}

/* point on the triangle and normal towards K for feature id at t (not the piercing case) */
static void cap3_contact(const cap3 *k, const sw_tri3 *t, sw_vec3 v, float tt, uint32_t id, sw_vec3 *point,
			 sw_vec3 *normal)
{
	uint32_t part = id >> 8, f = id & 0xFFu;
	if (part != SW_CAPSULE_SIDE) {
		sw_tri_frame_contact(&k->end[part], v, tt, f, point, normal);
		return;
	}
	const core_frame *c = &k->side;
	const sw_vec3 x[3] = {t->a, t->b, t->c};
	sw_vec3 trace = sw_v3_scale(c->vp, tt);
	if (f < SW_TRI3_VERTEX0) {
		/* the edge's point across from K (on the edge: a seam refinement reaches here without the
		 * candidate's extent test), and the side of the edge's line K's trace is on */
		uint32_t j = f - SW_TRI3_EDGE0;
		float mu = sw_v3_dot(c->u[j], sw_v3_sub(trace, c->gp[j]));
		float h = sw_v3_dot(c->n[j], sw_v3_sub(trace, c->gp[j]));
		float phi = mu / c->ell[j];
		phi = phi > 0.0f ? phi : 0.0f;
		phi = phi < 1.0f ? phi : 1.0f;
		*point = sw_v3_add(x[j], sw_v3_scale(c->ew[j], phi));
		*normal = h >= 0.0f ? c->n[j] : neg3(c->n[j]);
		return;
	}
	uint32_t i = f - SW_TRI3_VERTEX0;
	sw_vec3 u;
	float l;
	int ok = sw_circle_unit3(sw_v3_sub(trace, c->gp[i]), &u, &l);
	*point = x[i];
	*normal = ok ? u : k->end[0].n;
}

/* piercing or touching cores: the least translation out of the prism, as depth − r */
static float cap3_deep(const cap3 *k, uint32_t *feat, sw_vec3 *normal)
{
	const core_frame *c = &k->side;
	float d = INFINITY, any = INFINITY;
	uint32_t id = SW_FEATURE_NONE, any_id = SW_FEATURE_NONE;
	sw_vec3 n = k->end[0].n, any_n = n;
	for (uint32_t part = 0; part < 2; part++) {
		/* A or B pushed back across the plane; the face counts where it projects into the triangle */
		const sw_tri_frame *fr = &k->end[part];
		float dj = fabsf(fr->s0);
		int foot = sw_tri_frame_region(fr, sw_v3(0, 0, 0)) == SW_TRI3_FACE;
		sw_vec3 nj = fr->s0 > 0.0f ? neg3(fr->n) : fr->n;
		int closer = foot & (dj < d);
		d = closer ? dj : d;
		id = closer ? PART(part) | SW_TRI3_FACE : id;
		n = closer ? nj : n;
		closer = dj < any;
		any = closer ? dj : any;
		any_id = closer ? PART(part) | SW_TRI3_FACE : any_id;
		any_n = closer ? nj : any_n;
	}
	for (uint32_t j = 0; j < 3; j++) {
		/* the capsule pushed past edge j along the lines' common normal; both feet interior */
		float mu, s = side_edge_param(c, j, sw_v3(0, 0, 0), 0.0f, &mu), dj = fabsf(c->s0[j]);
		sw_vec3 nj = c->s0[j] > 0.0f ? neg3(c->n[j]) : c->n[j];
		int foot = (mu >= 0.0f) & (mu <= c->ell[j]) & (s >= 0.0f) & (s <= c->len);
		int closer = c->ok[j] & foot & (dj < d);
		d = closer ? dj : d;
		id = closer ? PART(SW_CAPSULE_SIDE) | (SW_TRI3_EDGE0 + j) : id;
		n = closer ? nj : n;
		closer = c->ok[j] & (dj < any);
		any = closer ? dj : any;
		any_id = closer ? PART(SW_CAPSULE_SIDE) | (SW_TRI3_EDGE0 + j) : any_id;
		any_n = closer ? nj : any_n;
	}
	int gap = id == SW_FEATURE_NONE;
	*feat = gap ? any_id : id;
	*normal = gap ? any_n : n;
	return gap ? any : d;
}

static int cap3_valid(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t)
{
	return sw_circle_radius_ok(cap->r) & sw_ref_v3_ok(cap->a) & sw_ref_v3_ok(cap->b) & sw_ref_v3_ok(pose.p) &
	       sw_ref_quat_ok(pose.q) & sw_ref_v3_ok(v) & sw_tri3_valid_ref(t, sw_v3(0, 0, 0));
}

/* whether K pierces the triangle: its ends strictly on either side, the crossing point inside; *x
 * is that point relative to A */
static int cap3_pierces(const cap3 *k, sw_vec3 *x)
{
	float a = k->end[0].s0, b = k->end[1].s0;
	int opposite = ((a > 0.0f) & (b < 0.0f)) | ((a < 0.0f) & (b > 0.0f));
	*x = sw_v3_scale(k->side.d, k->side.len * (a / (a - b)));
	return opposite & (sw_tri_frame_region(&k->end[0], *x) == SW_TRI3_FACE);
}

sw_status sw_capsule3_tri3_ref(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t, uint32_t one_sided,
			       sw_cast_result *out)
{
	if (!cap3_valid(cap, pose, v, t)) {
		sw_circle3_invalid(out);
		return SW_PAIR_INVALID;
	}
	float r = cap->r;
	cap3 k;
	cap3_build(cap, pose, v, t, &k);
	uint32_t start_id, hit_id, deep_id;
	float d2 = cap3_start(&k, &start_id);
	float th = cap3_first(&k, v, r, &hit_id);
	sw_vec3 cross_x, deep_n;
	int pierces = cap3_pierces(&k, &cross_x);
	float deep_d = cap3_deep(&k, &deep_id, &deep_n);
	/* the pose's position against the front */
	float side = -sw_v3_dot(k.end[0].n, sw_v3_sub(t->a, pose.p));
	int behind = (one_sided != 0) & (side < 0.0f);
	int deep = pierces | (d2 == 0.0f);
	int over = deep | (d2 <= r * r);
	if (behind | (!over & (hit_id == SW_FEATURE_NONE))) {
		sw_circle3_miss(out);
		return SW_MISS;
	}
	/* a hit's feature: the region at t within the problem that gave t */
	float tt = over ? 0.0f : th;
	uint32_t hit_part = hit_id >> 8;
	if (!over && hit_part != SW_CAPSULE_SIDE)
		hit_id = cap3_end_region(&k, hit_part, sw_v3_scale(v, tt), tt);
	if (!over && (hit_id >> 8) == SW_CAPSULE_SIDE && (hit_id & 0xFFu) >= SW_TRI3_VERTEX0)
		hit_id = cap3_side_vertex_region(&k.side, (hit_id & 0xFFu) - SW_TRI3_VERTEX0, tt);
	out->status = over ? SW_STARTS_OVERLAPPED : SW_HIT;
	out->t = tt;
	out->depth = deep ? deep_d + r : over ? r - sqrtf(d2) : 0.0f;
	cap3_contact(&k, t, v, tt, over ? start_id : hit_id, &out->point, &out->normal);
	if (pierces) {
		const sw_tri_frame *fr = &k.end[0];
		sw_vec3 y = sw_v3_sub(cross_x, fr->f[0]);
		out->point = sw_v3_add(fr->x[0], sw_v3_sub(y, sw_v3_scale(fr->n, sw_v3_dot(fr->n, y))));
	}
	if (deep)
		out->normal = deep_n;
	out->slide = sw_circle_clip3(sw_v3_scale(v, 1.0f - tt), out->normal);
	out->feature = deep ? deep_id : over ? start_id : hit_id;
	return out->status;
}

sw_error sw_capsule3_tri3_sweep(const sw_capsule3 *cap, sw_pose3 pose, sw_vec3 v, const sw_tri3 *t,
				const sw_circle_opts *opts, sw_cast_result *out)
{
	if (!cap || !t || !out)
		return SW_ERR_NULL;
	sw_capsule3_tri3_ref(cap, pose, v, t, opts ? opts->one_sided : 0u, out);
	return SW_OK;
}
