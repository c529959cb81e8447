/* tests/common/gen_hull3.c — populations of hull pairs: hull–hull, hull–box and hull–triangle, through
 * one set (pairs (2k, 2k+1), reversed, random), two sets in both orders; hulls of 4 to 64 points near
 * ellipsoids, boxes, slabs down to 1e-7 of their size, flat hulls (two-faced polygons, packed as
 * prisms of no thickness) and needles; close pairs with motion aimed at A half of the time, pairs
 * starting overlapped, face-aligned identical boxes (exact ties at t = 0 and t = 1), 1e4 offsets, zero
 * motion, tiny hulls, fast motion, boxes and triangles turned by 1e-8 to 1 rad from A's edges (around
 * 30°, where the kernels switch to full supports for an edge pair, and around 1e-3 rad), the same
 * moving onto an edge of A where a nearly parallel edge meets it first, broken poses and indices; and
 * an edge population of shapes of 1e-30 to 1e30 at positions up to 1e30 moving 1e10 times their size
 * (signed zeros, underflowing times, invalid pairs) whose first pair is a fuzzed case whose zero time
 * once differed in sign between tiers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

enum { NSHAPES = 40 };

/* ---- populations ---- */

typedef enum shape_mix {
	MIX_ALL,    /* clouds of 4..64 points, boxes, slabs, flat hulls and needles */
	MIX_FLAT,   /* slabs, flat hulls and needles only */
	MIX_PLATES, /* flat hulls only: convex polygons of 3 to 64 points */
	MIX_CUBES,  /* half of the shapes the same cube of half extent 0.5, the rest boxes on a grid of quarters */
} shape_mix;

typedef enum layout {
	LAY_CLOSE,   /* B within about its and A's radii of A */
	LAY_OVERLAP, /* B's centroid near A's: starts overlapped */
	LAY_TOUCH,   /* axis-aligned boxes on a grid of halves: faces, edges, corners touching */
	LAY_TWIST,   /* B (box, triangle) turned by 1e-8 to 1 rad from A's shape: near-parallel edges */
	LAY_AIM,     /* B (A's reflection, a box, a triangle) turned as LAY_TWIST and moving onto an edge of A
		      * where a nearly parallel edge of B meets it first */
	LAY_EXTREME, /* shapes of 1e-30 to 1e30 at positions up to 1e30, moving up to 1e10 times their size */
} layout;

typedef struct pop {
	const char *name;
	uint64_t seed;
	size_t n;               /* pairs */
	shape_mix mix;          /* shapes */
	float size_lo, size_hi; /* shape radius */
	float world, offset;    /* A at offset + [-world, world]³ */
	float motion;           /* displacement components in [-motion, motion] */
	float spread;           /* LAY_CLOSE: B's centre within spread·(both radii) of A's per axis */
	layout lay;
	int still;  /* zero motion everywhere */
	int broken; /* bad poses, bad boxes and triangles, out-of-range indices */
} pop;

static const pop POPS[] = {
	{"close", 1, 1200, MIX_ALL, 0.5f, 1.5f, 4, 0, 3, 1.2f, LAY_CLOSE, 0, 0},
	{"overlapped", 2, 500, MIX_ALL, 0.5f, 1.5f, 4, 0, 3, 1.2f, LAY_OVERLAP, 0, 0},
	{"touching_boxes", 3, 600, MIX_CUBES, 0.5f, 0.5f, 4, 0, 2, 1.2f, LAY_TOUCH, 0, 0},
	{"touching_still", 4, 300, MIX_CUBES, 0.5f, 0.5f, 4, 0, 0, 1.2f, LAY_TOUCH, 1, 0},
	{"offset_1e4", 5, 500, MIX_ALL, 0.5f, 1.5f, 4, 1e4f, 3, 1.2f, LAY_CLOSE, 0, 0},
	{"zero_motion", 6, 500, MIX_ALL, 0.5f, 1.5f, 4, 0, 3, 0.45f, LAY_CLOSE, 1, 0},
	{"tiny", 7, 500, MIX_ALL, 2.5e-4f, 1.5e-3f, 4e-3f, 0, 3e-3f, 1.2f, LAY_CLOSE, 0, 0},
	{"fast", 8, 500, MIX_ALL, 0.5f, 1.5f, 4, 0, 1e3f, 1.2f, LAY_CLOSE, 0, 0},
	{"flat", 9, 500, MIX_FLAT, 0.5f, 1.5f, 4, 0, 3, 1.2f, LAY_CLOSE, 0, 0},
	{"broken", 10, 500, MIX_ALL, 0.5f, 1.5f, 4, 0, 3, 1.2f, LAY_CLOSE, 0, 1},
	{"twisted_boxes", 11, 400, MIX_CUBES, 0.5f, 0.5f, 4, 0, 2, 0.8f, LAY_TWIST, 0, 0},
	{"twisted_hulls", 12, 400, MIX_ALL, 0.5f, 1.5f, 4, 0, 2, 0.8f, LAY_TWIST, 0, 0},
	{"aimed_edges_boxes", 13, 400, MIX_CUBES, 0.5f, 0.5f, 4, 0, 2, 0.8f, LAY_AIM, 0, 0},
	{"aimed_edges_hulls", 14, 400, MIX_ALL, 0.5f, 1.5f, 4, 0, 2, 0.8f, LAY_AIM, 0, 0},
	{"plates", 15, 500, MIX_PLATES, 0.5f, 1.5f, 4, 0, 3, 1.2f, LAY_CLOSE, 0, 0},
	{"twisted_plates", 16, 400, MIX_PLATES, 0.5f, 1.5f, 4, 0, 2, 0.8f, LAY_TWIST, 0, 0},
	{"aimed_edges_plates", 17, 400, MIX_PLATES, 0.5f, 1.5f, 4, 0, 2, 0.8f, LAY_AIM, 0, 0},
	{"extreme_scales", 21, 600, MIX_ALL, 0, 0, 0, 0, 0, 0, LAY_EXTREME, 0, 0},
};
#define NPOPS (sizeof POPS / sizeof POPS[0])

static sw_vec3 rand_vec(sc_rng *r, float lo, float hi)
{
	return sw_v3(sc_uniform(r, lo, hi), sc_uniform(r, lo, hi), sc_uniform(r, lo, hi));
}

/* a hull of n points near an ellipsoid of semi-axes ax (on it, or 0.7 to 1 of the way out), turned at
 * random and shifted off its origin by up to `shift`; 0 when the cloud does not build */
static int cloud_hull(sc_rng *r, int n, sw_vec3 ax, int shell, float shift, sw_hull3 *h)
{
	sw_vec3 pts[SW_HULL_MAX_VERTS];
	sw_mat3 rot = sw_mat3_from_quat(sc_rotation(r));
	sw_vec3 c = rand_vec(r, -shift, shift);
	sc_ellipsoid_points(r, (size_t)n, ax, shell ? 1.0f : 0.7f, pts);
	for (int i = 0; i < n; i++)
		pts[i] = sw_v3_add(c, sw_mat3_mul(&rot, pts[i]));
	return sw_hull3_build(pts, (size_t)n, NULL, h) == SW_OK;
}

/* the hull of a box turned by `rot` about the origin: sw_hull3_box()'s topology, corners rotated */
static int box_hull(sw_vec3 half, sw_quat rot, sw_hull3 *h)
{
	sw_obb3 box = {half};
	sw_hull3 local;
	if (sw_hull3_box(&box, &local) != SW_OK)
		return 0;
	sw_mat3 m = sw_mat3_from_quat(rot);
	sw_vec3 pts[8];
	uint32_t sizes[6], loops[24];
	for (uint32_t v = 0; v < 8; v++)
		pts[v] = sw_mat3_mul(&m, local.verts[v]);
	for (uint32_t f = 0; f < 6; f++) {
		sizes[f] = local.faces[f].count;
		for (uint32_t k = 0; k < 4; k++)
			loops[4 * f + k] = local.face_verts[local.faces[f].first + k];
	}
	return sw_hull3_from_faces(pts, 8, sizes, loops, 6, h) == SW_OK;
}

/* one shape of the population's mix, of radius about [lo, hi] */
static void random_shape(sc_rng *r, shape_mix mix, float lo, float hi, sw_hull3 *h)
{
	for (int attempt = 0; attempt < 64; attempt++) {
		float size = sc_uniform(r, lo, hi);
		sw_vec3 ax = sw_v3_scale(rand_vec(r, 0.5f, 1.0f), size);
		uint32_t kind = mix == MIX_FLAT ? 2 + sc_below(r, 2) : mix == MIX_PLATES ? 9 : sc_below(r, 8);
		int ok = 0;
		switch (kind) {
		case 9: /* a flat hull: 3 to 64 points in a plane */
			ax.z = 0;
			ok = cloud_hull(r, 3 + (int)sc_below(r, 62), ax, (int)(sc_next(r) & 1), 0.1f * size, h) &&
			     h->num_faces == 2;
			break;
		case 0: /* a box, axis-aligned in its frame or turned */
			ok = box_hull(sw_v3_scale(ax, 0.8f), sc_next(r) & 1 ? sc_rotation(r) : (sw_quat){0, 0, 0, 1},
				      h);
			break;
		case 1: /* a tetrahedron */ ok = cloud_hull(r, 4, ax, 0, 0.2f * size, h); break;
		case 2: /* a slab: one axis 1e-2 to 1e-7 of the others (a thin solid), or a flat hull */
		{
			static const float thin[5] = {1e-2f, 1e-3f, 1e-5f, 1e-7f, 0.0f};
			ax.z *= thin[sc_below(r, 5)];
		}
			ok = cloud_hull(r, 8 + (int)sc_below(r, 25), ax, (int)(sc_next(r) & 1), 0.1f * size, h);
			break;
		case 3: /* a needle */
			ax.y *= 2e-2f, ax.z *= 2e-2f;
			ok = cloud_hull(r, 6 + (int)sc_below(r, 19), ax, (int)(sc_next(r) & 1), 0.1f * size, h);
			break;
		case 4: /* many vertices: 48 to 64 points on the ellipsoid */
			ok = cloud_hull(r, 48 + (int)sc_below(r, 17), ax, 1, 0.2f * size, h);
			break;
		default: ok = cloud_hull(r, 5 + (int)sc_below(r, 36), ax, (int)(sc_next(r) & 1), 0.3f * size, h); break;
		}
		if (ok)
			return;
	}
	/* not expected: the clouds above build; a unit cube keeps the population usable */
	box_hull(sw_v3(0.5f, 0.5f, 0.5f), (sw_quat){0, 0, 0, 1}, h);
}

/* the point reflection of a hull (x → −x): its Gauss map is the antipode of the original's, so in
 * A − B its edges' arcs meet the original's edges' arcs and near-parallel edge pairs survive the
 * pruning */
static void reflect(const sw_hull3 *h, sw_hull3 *out)
{
	sw_vec3 pts[SW_HULL_MAX_VERTS];
	for (uint32_t v = 0; v < h->num_verts; v++)
		pts[v] = sw_v3_scale(h->verts[v], -1.0f);
	if (sw_hull3_build(pts, h->num_verts, NULL, out) != SW_OK)
		*out = *h;
}

static void make_shapes(sc_rng *r, const pop *p, sw_hull3 *shapes)
{
	for (int i = 0; i < NSHAPES; i++) {
		if ((p->lay == LAY_TWIST || p->lay == LAY_AIM) && p->mix != MIX_CUBES && i >= NSHAPES / 2)
			reflect(&shapes[i - NSHAPES / 2], &shapes[i]);
		else if (p->mix != MIX_CUBES)
			random_shape(r, p->mix, p->size_lo, p->size_hi, &shapes[i]);
		else if (i < NSHAPES / 2)
			box_hull(sw_v3(0.5f, 0.5f, 0.5f), (sw_quat){0, 0, 0, 1}, &shapes[i]);
		else
			box_hull(sw_v3(0.25f * (float)(1 + sc_below(r, 4)), 0.25f * (float)(1 + sc_below(r, 4)),
				       0.25f * (float)(1 + sc_below(r, 4))),
				 (sw_quat){0, 0, 0, 1}, &shapes[i]);
	}
}

/* ---- scene: the same placed hulls in one set and in two, with boxes and triangles next to them ---- */

typedef struct body {
	uint32_t shape;
	sw_vec3 p;
	sw_quat q;
	sw_vec3 d;
} body;

typedef struct scene {
	const pop *p;
	sw_hull3 *shapes;   /* shape i of every set below */
	sw_hull3_set *one;  /* 2n instances: A of pair k at 2k, B at 2k + 1 */
	sw_hull3_set *a;    /* A of pair k at k */
	sw_hull3_set *b;    /* B of pair k at k */
	sw_obb3_set *boxes; /* box k near A of pair k */
	sw_tri3_set *tris;  /* triangle k near A of pair k */
	sw_pair *fwd;       /* (2k, 2k + 1) into `one` */
	sw_pair *rev;       /* (2k + 1, 2k) into `one` */
	sw_pair *idx;       /* (k, k) */
	sw_pair *rnd;       /* random pairs into `one`, an instance with itself now and then */
	sw_pair *cross;     /* benchmark scene: (2k, k) into `one` and `boxes` or `tris` */
	uint32_t nshapes;   /* shapes in `shapes` */
} scene;

static sw_vec3 world_centroid(const sw_hull3 *h, sw_vec3 p, sw_quat q)
{
	sw_mat3 m = sw_mat3_from_quat(q);
	return sw_v3_add(sw_mat3_mul(&m, h->centroid), p);
}

static float snap_half(float x) { return roundf(x * 2) * 0.5f; }

/* exact rotations: identity, and half turns about an axis */
static sw_quat grid_rotation(sc_rng *r)
{
	static const sw_quat q[4] = {{0, 0, 0, 1}, {1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
	return q[sc_below(r, 2) ? 0 : sc_below(r, 4)];
}

/* a grid step from A to B: 1 along one axis (faces touch), or along two or three (edges, corners),
 * the other axes 0 or ±0.5; now and then 0 (coincident) */
static sw_vec3 grid_step(sc_rng *r)
{
	float s[3];
	uint32_t touch = sc_below(r, 8), axis = sc_below(r, 3);
	for (int k = 0; k < 3; k++)
		s[k] = 0.5f * (float)((int)sc_below(r, 3) - 1);
	s[axis] = sc_next(r) & 1 ? 1.0f : -1.0f;
	if (touch == 0)
		s[(axis + 1) % 3] = sc_next(r) & 1 ? 1.0f : -1.0f;
	if (touch == 1)
		s[0] = s[1] = s[2] = 1.0f;
	if (touch == 2)
		s[0] = s[1] = s[2] = 0.0f;
	return sw_v3(s[0], s[1], s[2]);
}

static sw_vec3 grid_motion(sc_rng *r, float motion, sw_vec3 step)
{
	sw_vec3 d = sw_v3(snap_half(sc_uniform(r, -motion, motion)), snap_half(sc_uniform(r, -motion, motion)),
			  snap_half(sc_uniform(r, -motion, motion)));
	/* a quarter of them exactly in the plane of the touching faces */
	if (sc_below(r, 4) == 0) {
		if (step.x != 0)
			d.x = 0;
		else if (step.y != 0)
			d.y = 0;
		else
			d.z = 0;
	}
	return d;
}

/* a rotation about `axis` (a random one when zero) by 1e-8 to 1 rad (log-uniform), or, a third of the
 * time each, within a factor √2 of 30° (where the kernels switch from the edges' own gap to full
 * supports: sin²θ = SW_HULL_NEAR_PARALLEL) or of 1e-3 rad (the old parallel threshold) */
static sw_quat twist_about(sc_rng *r, sw_vec3 axis)
{
	while (sw_v3_dot(axis, axis) < 0.01f)
		axis = rand_vec(r, -1, 1);
	uint32_t band = sc_below(r, 3);
	float angle = band == 0   ? powf(10.0f, sc_uniform(r, -8, 0))
		      : band == 1 ? 0.52359878f * exp2f(sc_uniform(r, -0.5f, 0.5f))
				  : 1e-3f * exp2f(sc_uniform(r, -0.5f, 0.5f));
	return sw_quat_from_axis_angle(axis, angle);
}

static sw_quat twist(sc_rng *r) { return twist_about(r, sw_v3(0, 0, 0)); }

/* the bisector of an edge's faces; for a flat hull's edge (faces n and −n), its outward in-plane
 * normal u × n_f0 */
static sw_vec3 edge_out(const sw_hull3 *h, const sw_hull_edge *ed)
{
	sw_vec3 n0 = h->faces[ed->f[0]].normal, b = sw_v3_add(n0, h->faces[ed->f[1]].normal);
	if (sw_v3_dot(b, b) < 1e-6f)
		b = sw_v3_cross(sw_v3_sub(h->verts[ed->v[1]], h->verts[ed->v[0]]), n0);
	return sw_v3_scale(b, 1.0f / sw_v3_len(b));
}

/* an edge of h: a point on it (its middle ± 0.3 of its length) and the bisector of its faces, local */
static void aim_edge(sc_rng *r, const sw_hull3 *h, sw_vec3 *at, sw_vec3 *n, sw_vec3 *e)
{
	const sw_hull_edge *ed = &h->edges[sc_below(r, h->num_edges)];
	sw_vec3 v0 = h->verts[ed->v[0]], v1 = h->verts[ed->v[1]];
	*e = sw_v3_sub(v1, v0);
	*at = sw_v3_add(sw_v3_scale(sw_v3_add(v0, v1), 0.5f), sw_v3_scale(*e, sc_uniform(r, -0.3f, 0.3f)));
	*n = edge_out(h, ed);
}

/* where a twisted thing sits in A's frame: next to a box (half of the time edge to edge, where
 * the near-parallel edge pair decides), within 0.8 radii of a hull */
static sw_vec3 twist_offset(sc_rng *r, const pop *p, const sw_hull3 *ha)
{
	if (p->mix != MIX_CUBES)
		return rand_vec(r, -p->spread * ha->radius, p->spread * ha->radius);
	if (sc_next(r) & 1)
		return grid_step(r);
	float s[3] = {sc_next(r) & 1 ? 1.0f : -1.0f, sc_next(r) & 1 ? 1.0f : -1.0f, 0};
	uint32_t k = sc_below(r, 3);
	return k == 0 ? sw_v3(s[0], s[1], s[2]) : k == 1 ? sw_v3(s[2], s[0], s[1]) : sw_v3(s[1], s[2], s[0]);
}

/* the relative motion of a thing at `cb` aimed at `ca` (through and past it) */
static sw_vec3 aimed(sc_rng *r, const pop *p, sw_vec3 ca, sw_vec3 cb)
{
	sw_vec3 to = sw_v3_sub(ca, cb);
	float s = sc_uniform(r, 0.5f, 3.0f), len = sw_v3_len(to);
	if (p->motion > 10 && len > 1e-6f)
		s += sc_uniform(r, 0, p->motion) / len;
	return sw_v3_scale(to, s);
}

static void place_pair(sc_rng *r, const scene *sc, body *A, body *B)
{
	const pop *p = sc->p;
	A->shape = sc_below(r, NSHAPES);
	B->shape = sc_below(r, NSHAPES);
	if (p->lay == LAY_TOUCH && sc_below(r, 4))
		B->shape = A->shape = sc_below(r, NSHAPES / 2); /* the same cube */
	const sw_hull3 *ha = &sc->shapes[A->shape], *hb = &sc->shapes[B->shape];
	A->p = sw_v3_add(sw_v3(p->offset, -p->offset, p->offset), rand_vec(r, -p->world, p->world));
	A->d = rand_vec(r, -p->motion, p->motion);
	B->d = rand_vec(r, -p->motion, p->motion);
	if (p->lay == LAY_TOUCH) {
		A->p = sw_v3(snap_half(A->p.x), snap_half(A->p.y), snap_half(A->p.z));
		A->q = grid_rotation(r), B->q = grid_rotation(r);
		/* an eighth turned at random: a box coinciding with A then ties faces with edge pairs */
		if (sc_below(r, 8) == 0)
			A->q = sc_rotation(r);
		sw_vec3 step = grid_step(r);
		B->p = sw_v3_add(A->p, step);
		A->d = grid_motion(r, p->motion, step);
		B->d = sc_next(r) & 1 ? A->d : grid_motion(r, p->motion, step);
		return;
	}
	A->q = sc_rotation(r), B->q = sc_rotation(r);
	if (p->lay == LAY_AIM) {
		/* B = A's reflection turned by θ: in A's frame −R_θ·A + c, touching when c enters
		 * A ⊕ R_θ·A, next to its edge made of e and R_θ·e */
		B->shape = p->mix == MIX_CUBES ? A->shape : (A->shape + NSHAPES / 2) % NSHAPES;
		sw_vec3 at, n, e;
		aim_edge(r, ha, &at, &n, &e);
		sw_quat tw = twist_about(r, sw_v3_add(n, rand_vec(r, -0.3f, 0.3f)));
		sw_mat3 ma = sw_mat3_from_quat(A->q), mt = sw_mat3_from_quat(tw);
		float out = sc_uniform(r, 0.1f, 1.0f) * ha->radius;
		B->q = sw_quat_mul(A->q, tw);
		B->p = sw_v3_add(A->p,
				 sw_mat3_mul(&ma, sw_v3_add(sw_v3_add(at, sw_mat3_mul(&mt, at)), sw_v3_scale(n, out))));
		B->d = sw_v3_add(A->d, sw_mat3_mul(&ma, sw_v3_scale(n, -out * sc_uniform(r, 1.0f, 2.0f))));
		return;
	}
	if (p->lay == LAY_TWIST) {
		sw_mat3 ma = sw_mat3_from_quat(A->q);
		/* the same shape, or its reflection (twisted_hulls: shape i + NSHAPES/2 reflects shape i) */
		B->shape = p->mix == MIX_CUBES || (sc_next(r) & 1) ? A->shape : (A->shape + NSHAPES / 2) % NSHAPES;
		hb = &sc->shapes[B->shape];
		B->q = sw_quat_mul(A->q, twist(r));
		B->p = sw_v3_add(A->p, sw_mat3_mul(&ma, twist_offset(r, p, ha)));
	}
	sw_vec3 ca = world_centroid(ha, A->p, A->q);
	float reach = ha->radius + hb->radius;
	if (p->lay == LAY_OVERLAP) {
		sw_vec3 cb = sw_v3_add(ca, rand_vec(r, -0.2f * reach, 0.2f * reach));
		sw_mat3 mb = sw_mat3_from_quat(B->q);
		B->p = sw_v3_sub(cb, sw_mat3_mul(&mb, hb->centroid));
	} else if (p->lay == LAY_CLOSE) {
		B->p = sw_v3_add(ca, rand_vec(r, -p->spread * reach, p->spread * reach));
	}
	if (sc_next(r) & 1)
		B->d = sw_v3_add(A->d, aimed(r, p, ca, world_centroid(hb, B->p, B->q)));
}

static void place_box(sc_rng *r, const scene *sc, const body *A, sc_box *box, sw_vec3 *d)
{
	const pop *p = sc->p;
	const sw_hull3 *ha = &sc->shapes[A->shape];
	if (p->lay == LAY_TOUCH) {
		sw_vec3 step = grid_step(r);
		*box = (sc_box){sw_v3_add(A->p, step), grid_rotation(r), {0.5f, 0.5f, 0.5f}};
		/* A's own cube, same pose: every gap ties with another */
		if (A->shape < NSHAPES / 2 && sc_below(r, 4) == 0)
			*box = (sc_box){A->p, A->q, {0.5f, 0.5f, 0.5f}};
		*d = sc_next(r) & 1 ? A->d : grid_motion(r, p->motion, step);
		return;
	}
	float size = sc_uniform(r, p->size_lo, p->size_hi);
	box->half = sw_v3_scale(rand_vec(r, 0.3f, 0.8f), size);
	box->rot = sc_rotation(r);
	sw_vec3 ca = world_centroid(ha, A->p, A->q);
	if (p->lay == LAY_AIM) {
		/* turned by θ from A's frame, its edge facing e pushed out by its half extents along e's faces
		 * (exactly parallel to e for a box A) */
		sw_vec3 at, n, e;
		aim_edge(r, ha, &at, &n, &e);
		sw_quat tw = twist_about(r, sw_v3_add(n, rand_vec(r, -0.3f, 0.3f)));
		sw_mat3 ma = sw_mat3_from_quat(A->q), mt = sw_mat3_from_quat(tw);
		sw_vec3 h = box->half;
		sw_vec3 push = sw_v3(n.x > 0.3f    ? h.x
				     : n.x < -0.3f ? -h.x
						   : 0,
				     n.y > 0.3f    ? h.y
				     : n.y < -0.3f ? -h.y
						   : 0,
				     n.z > 0.3f    ? h.z
				     : n.z < -0.3f ? -h.z
						   : 0);
		float out = sc_uniform(r, 0.1f, 1.0f) * ha->radius;
		box->rot = sw_quat_mul(A->q, tw);
		box->center = sw_v3_add(
			A->p, sw_mat3_mul(&ma, sw_v3_add(sw_v3_add(at, sw_mat3_mul(&mt, push)), sw_v3_scale(n, out))));
		*d = sw_v3_add(A->d, sw_mat3_mul(&ma, sw_v3_scale(n, -out * sc_uniform(r, 1.0f, 2.0f))));
		return;
	}
	if (p->lay == LAY_TWIST) {
		/* edges near A's: A's own box when it is one, else a box in A's frame */
		sw_mat3 ma = sw_mat3_from_quat(A->q);
		if (p->mix == MIX_CUBES)
			box->half = ha->verts[ha->num_verts - 1]; /* vertex 7 of sw_hull3_box: (+hx, +hy, +hz) */
		box->rot = sw_quat_mul(A->q, twist(r));
		box->center = sw_v3_add(A->p, sw_mat3_mul(&ma, twist_offset(r, p, ha)));
		*d = sc_next(r) & 1 ? A->d : rand_vec(r, -p->motion, p->motion);
		return;
	}
	float reach = ha->radius + sw_v3_len(box->half);
	float near = p->lay == LAY_OVERLAP ? 0.2f : p->spread;
	box->center = sw_v3_add(ca, rand_vec(r, -near * reach, near * reach));
	*d = rand_vec(r, -p->motion, p->motion);
	if (sc_next(r) & 1)
		*d = sw_v3_add(A->d, aimed(r, p, ca, box->center));
}

static float twice_area(const sw_tri3 *t)
{
	return sw_v3_len(sw_v3_cross(sw_v3_sub(t->b, t->a), sw_v3_sub(t->c, t->a)));
}

static void place_tri(sc_rng *r, const scene *sc, const body *A, sw_tri3 *t, sw_vec3 *d)
{
	const pop *p = sc->p;
	const sw_hull3 *ha = &sc->shapes[A->shape];
	if (p->lay == LAY_TOUCH) {
		/* in the plane of one of A's faces (A is a box on the grid), vertices on the grid of halves */
		uint32_t axis = sc_below(r, 3);
		float side = sc_next(r) & 1 ? 1.0f : -1.0f;
		do {
			sw_vec3 v[3];
			for (int k = 0; k < 3; k++) {
				float c[3];
				for (int q = 0; q < 3; q++)
					c[q] = 0.5f * (float)((int)sc_below(r, 7) - 3);
				c[axis] = 0.5f * side;
				v[k] = sw_v3_add(A->p, sw_v3(c[0], c[1], c[2]));
			}
			*t = (sw_tri3){v[0], v[1], v[2]};
		} while (twice_area(t) < 0.2f);
		*d = sc_next(r) & 1 ? A->d : grid_motion(r, p->motion, sw_v3(axis == 0, axis == 1, axis == 2));
		return;
	}
	if (p->lay == LAY_AIM) {
		/* standing on its edge, along e turned by θ, out along the bisector of e's faces */
		sw_vec3 at, n, e;
		aim_edge(r, ha, &at, &n, &e);
		sw_mat3 ma = sw_mat3_from_quat(A->q),
			mt = sw_mat3_from_quat(twist_about(r, sw_v3_add(n, rand_vec(r, -0.3f, 0.3f))));
		float out = sc_uniform(r, 0.1f, 1.0f) * ha->radius;
		sw_vec3 base = sw_v3_add(at, sw_v3_scale(n, out)), h = sw_mat3_mul(&mt, sw_v3_scale(e, 0.6f));
		sw_vec3 v[3] = {sw_v3_sub(base, h), sw_v3_add(base, h), sw_v3_add(base, sw_v3_scale(n, ha->radius))};
		for (int k = 0; k < 3; k++)
			v[k] = sw_v3_add(A->p, sw_mat3_mul(&ma, v[k]));
		*t = sc_next(r) & 1 ? (sw_tri3){v[0], v[1], v[2]} : (sw_tri3){v[1], v[0], v[2]};
		*d = sw_v3_add(A->d, sw_mat3_mul(&ma, sw_v3_scale(n, -out * sc_uniform(r, 1.0f, 2.0f))));
		return;
	}
	if (p->lay == LAY_TWIST) {
		/* edge to edge with A: a and b just off one of A's edges (along the bisector of its faces),
		 * c further out, the whole turned by a tiny angle about the edge's midpoint */
		const sw_hull_edge *e = &ha->edges[sc_below(r, ha->num_edges)];
		sw_vec3 v0 = ha->verts[e->v[0]], v1 = ha->verts[e->v[1]], mid = sw_v3_scale(sw_v3_add(v0, v1), 0.5f);
		sw_vec3 out = edge_out(ha, e);
		sw_vec3 side = sw_v3_cross(sw_v3_sub(v1, v0), out);
		side = sw_v3_scale(side, 1.0f / sw_v3_len(side));
		float rad = ha->radius, gap = sc_uniform(r, -0.02f, 0.02f) * rad;
		sw_vec3 v[3] = {sw_v3_add(v0, sw_v3_scale(out, gap)), sw_v3_add(v1, sw_v3_scale(out, gap)),
				sw_v3_add(sw_v3_add(mid, sw_v3_scale(out, 0.6f * rad)),
					  sw_v3_scale(side, sc_uniform(r, -0.5f, 0.5f) * rad))};
		sw_mat3 ma = sw_mat3_from_quat(A->q), mt = sw_mat3_from_quat(twist(r));
		for (int k = 0; k < 3; k++)
			v[k] = sw_v3_add(A->p,
					 sw_mat3_mul(&ma, sw_v3_add(mid, sw_mat3_mul(&mt, sw_v3_sub(v[k], mid)))));
		*t = sc_next(r) & 1 ? (sw_tri3){v[0], v[1], v[2]} : (sw_tri3){v[1], v[0], v[2]};
		*d = sc_next(r) & 1 ? A->d : rand_vec(r, -p->motion, p->motion);
		return;
	}
	sw_vec3 ca = world_centroid(ha, A->p, A->q);
	float size = sc_uniform(r, p->size_lo, p->size_hi), reach = ha->radius + size;
	float near = p->lay == LAY_OVERLAP ? 0.2f : p->spread;
	sw_vec3 c = sw_v3_add(ca, rand_vec(r, -near * reach, near * reach));
	do {
		sw_vec3 v[3];
		for (int k = 0; k < 3; k++)
			v[k] = sw_v3_add(c, sw_v3_scale(rand_vec(r, -1, 1), sc_uniform(r, 0.3f, 1.5f) * size));
		*t = (sw_tri3){v[0], v[1], v[2]};
	} while (twice_area(t) < 0.05f * size * size);
	*d = rand_vec(r, -p->motion, p->motion);
	if (sc_next(r) & 1)
		*d = sw_v3_add(A->d, aimed(r, p, ca, c));
}

/* broken population: every 7th pair gets a bad pose, box or triangle, every 13th instance a shape
 * index out of range (indices out of range are set in the pair lists) */
static void break_pair(sc_rng *r, body *A, body *B, sc_box *box, sw_vec3 *db, sw_tri3 *t, sw_vec3 *dt)
{
	body *h = sc_next(r) & 1 ? A : B;
	switch (sc_below(r, 12)) {
	case 0: h->p.x = NAN; break;
	case 1: h->d.y = INFINITY; break;
	case 2: h->p.z = 1e16f; break;
	case 3: h->q = (sw_quat){h->q.x * 1.1f, h->q.y * 1.1f, h->q.z * 1.1f, h->q.w * 1.1f}; break;
	case 4: h->q.w = NAN; break;
	case 5: h->d.z = -2e15f; break;
	case 6: box->half.y = 0; break;
	case 7: box->center.x = NAN, db->z = INFINITY; break;
	case 8: box->rot.x = 2.0f; break;
	case 9: t->c = t->b; break;
	case 10: t->a.y = NAN; break;
	default: dt->x = -INFINITY; break;
	}
}

/* ---- extreme scales and signed zeros ----
 * Shapes of 1e-30 to 1e30 (hulls past SW_MAX_COORD do not build and stay flagged shapes; boxes and
 * triangles past it are invalid pairs) at positions up to 1e30 and 1e11, moving 1e10 times their size
 * (or about their size), where products underflow to signed zeros and entry times underflow. Pair 0
 * is a fuzzed case: a 4-point hull 2^-125 in size at 1e11 hit by a triangle moving 3.4e10, whose first
 * contact underflows to a time one tier once gave as −0 and the others as +0 (tests/test_hull3_hand.c
 * pins its answer). */

static const float XSCALE[] = {1e-30f, 0x1p-125f, 1e-20f, 1e-8f, 1.0f, 1e8f, 1e14f, 1e30f};
#define NXSCALE (sizeof XSCALE / sizeof XSCALE[0])

static const sw_vec3 FUZZ_PTS[4] = {{-0x1.5a7a38p-126f, -0x1.c496acp-126f, 0x1.26b7ecp-126f},
				    {0x1.faedc8p-126f, 0x1.ac4f68p-127f, 0x1.0e9c4cp-126f},
				    {0x1.e90f04p-126f, 0x1.da7cep-127f, -0x1.9235fcp-126f},
				    {0x1.6dd518p-127f, 0x1.266028p-127f, -0x1.1ad418p-126f}};
static const sw_quat FUZZ_Q = {-0x1.bcfe4p-8f, 0x1.27bdp-1f, 0x1.9a1cccp-1f, -0x1.41f51ep-3f};
static const sw_tri3 FUZZ_TRI = {{0x1.74876ep+36f, 0x1.74877ep+36f, 0x1.748776p+36f},
				 {0x1.74876ep+36f, 0x1.74876ep+36f, 0x1.74876ep+36f},
				 {0x1.74876ep+36f, 0x1.74875ep+36f, 0x1.748776p+36f}};
static const sw_vec3 FUZZ_D = {-0x1.faa3b4p+34f, 0, 0};

/* shape i: scale XSCALE[i % NXSCALE]; a cloud, a box or a tetrahedron; empty when it does not build */
static void extreme_shape(sc_rng *r, int i, sw_hull3 *h)
{
	float s = XSCALE[i % NXSCALE];
	sw_vec3 pts[SW_HULL_MAX_VERTS];
	int n = i < 2 * (int)NXSCALE ? 4 : 6 + (int)sc_below(r, 20);
	if (i == 0) {
		memcpy(pts, FUZZ_PTS, sizeof FUZZ_PTS);
	} else {
		sw_vec3 ax = sw_v3_scale(rand_vec(r, 0.5f, 1.0f), s);
		sc_ellipsoid_points(r, (size_t)n, ax, 0.7f, pts);
	}
	if (i % 5 == 4) {
		sw_obb3 box = {sw_v3_scale(rand_vec(r, 0.3f, 1.0f), s)};
		if (sw_hull3_box(&box, h) == SW_OK)
			return;
	}
	if (sw_hull3_build(pts, (size_t)n, NULL, h) != SW_OK)
		memset(h, 0, sizeof *h);
}

/* a position for scale s: the origin, 1e11, 1e30 (invalid), or a few sizes off the origin */
static sw_vec3 extreme_pos(sc_rng *r, float s)
{
	switch (sc_below(r, 4)) {
	case 0: return sw_v3(0, 0, 0);
	case 1: return sw_v3(1e11f, 1e11f, 1e11f);
	case 2: return sw_v3(1e30f, -1e30f, 0);
	default: return rand_vec(r, -4 * s, 4 * s);
	}
}

/* pair k of the extreme population: A and B of one scale (shapes i and i + m·NXSCALE), a box and a
 * triangle of that scale near A */
static void extreme_pair(sc_rng *r, size_t k, body *A, body *B, sc_box *box, sw_vec3 *db, sw_tri3 *t, sw_vec3 *dt)
{
	uint32_t sa = sc_below(r, NSHAPES), sb = sa % NXSCALE + NXSCALE * sc_below(r, NSHAPES / NXSCALE);
	float s = XSCALE[sa % NXSCALE];
	*A = (body){sa, extreme_pos(r, s), sc_rotation(r), rand_vec(r, -s, s)};
	*B = (body){sb, sw_v3_add(A->p, rand_vec(r, -3 * s, 3 * s)), sc_rotation(r), rand_vec(r, -s, s)};
	float m = sc_next(r) & 1 ? 1e10f : sc_uniform(r, 0.5f, 3.0f);
	sw_vec3 aim = sw_v3_scale(sw_v3_sub(A->p, B->p), m);
	if (sc_next(r) & 1)
		B->d = sw_v3_add(A->d, aim);
	*box = (sc_box){B->p, B->q, sw_v3_scale(rand_vec(r, 0.3f, 1.0f), s)};
	sw_vec3 v[3];
	for (int q = 0; q < 3; q++)
		v[q] = sw_v3_add(A->p, rand_vec(r, -2 * s, 2 * s));
	*t = (sw_tri3){v[0], v[1], v[2]};
	*db = B->d, *dt = sw_v3_add(A->d, aim);
	if (k == 0) {
		*A = (body){0, FUZZ_TRI.b, FUZZ_Q, {0, 0, 0}};
		*t = FUZZ_TRI, *dt = FUZZ_D;
	}
}

/* ---- the family ---- */

/* pairings of a population: hull–hull through one set forwards, reversed, at random, and two sets in
 * both orders; hull–box and hull–triangle with A from either set */
enum { PAIRINGS = 5 };
static const char *const PAIRING[PAIRINGS] = {"one", "one_reversed", "a_b", "b_a", "one_random"};

typedef struct hull_state {
	scene sc;
	char name[64];
} hull_state;
/* as add_shapes, for shapes that may fail their check (then flagged) */
static int add_shapes(sw_hull3_set **s, const sw_hull3 *shapes, size_t cap)
{
	if (sw_hull3_set_create(cap, s) != SW_OK)
		return 0;
	for (uint32_t i = 0; i < NSHAPES; i++) {
		uint32_t id;
		if (sw_hull3_set_add_shape(*s, &shapes[i], &id) != SW_OK || id != i)
			return 0;
	}
	return 1;
}

static int add_inst(sw_hull3_set *s, const body *x)
{
	return sw_hull3_set_add(s, x->shape, sw_pose3_make(x->p, x->q), x->d, NULL) == SW_OK;
}

static void scene_free(scene *sc)
{
	sw_hull3_set_destroy(sc->one), sw_hull3_set_destroy(sc->a), sw_hull3_set_destroy(sc->b);
	sw_obb3_set_destroy(sc->boxes), sw_tri3_set_destroy(sc->tris);
	free(sc->shapes), free(sc->fwd), free(sc->rev), free(sc->idx), free(sc->rnd), free(sc->cross);
	memset(sc, 0, sizeof *sc);
}

static int scene_make(scene *sc, const pop *p, size_t n)
{
	sc_rng r = sc_rng_seed(p->seed);
	memset(sc, 0, sizeof *sc);
	sc->p = p;
	sc->nshapes = NSHAPES;
	sc->shapes = malloc(NSHAPES * sizeof *sc->shapes);
	sc->fwd = malloc(n * sizeof *sc->fwd), sc->rev = malloc(n * sizeof *sc->rev);
	sc->idx = malloc(n * sizeof *sc->idx), sc->rnd = malloc(n * sizeof *sc->rnd);
	if (!sc->shapes || !sc->fwd || !sc->rev || !sc->idx || !sc->rnd)
		return 0;
	if (p->lay == LAY_EXTREME)
		for (int i = 0; i < NSHAPES; i++)
			extreme_shape(&r, i, &sc->shapes[i]);
	else
		make_shapes(&r, p, sc->shapes);
	int ok = add_shapes(&sc->one, sc->shapes, 2 * n) && add_shapes(&sc->a, sc->shapes, n) &&
		 add_shapes(&sc->b, sc->shapes, n) && sw_obb3_set_create(n, &sc->boxes) == SW_OK &&
		 sw_tri3_set_create(n, &sc->tris) == SW_OK;
	for (size_t k = 0; k < n && ok; k++) {
		body A, B;
		sc_box box;
		sw_tri3 t;
		sw_vec3 db, dt;
		if (p->lay == LAY_EXTREME) {
			extreme_pair(&r, k, &A, &B, &box, &db, &t, &dt);
		} else {
			place_pair(&r, sc, &A, &B);
			place_box(&r, sc, &A, &box, &db);
			place_tri(&r, sc, &A, &t, &dt);
		}
		if (p->still)
			A.d = B.d = db = dt = sw_v3(0, 0, 0);
		if (p->broken && k % 7 == 0)
			break_pair(&r, &A, &B, &box, &db, &t, &dt);
		if (p->broken && k % 13 == 5)
			(sc_next(&r) & 1 ? &A : &B)->shape = NSHAPES + (uint32_t)sc_below(&r, 3);
		sw_obb3 shape = sc_box_shape(&box);
		ok = add_inst(sc->one, &A) && add_inst(sc->one, &B) && add_inst(sc->a, &A) && add_inst(sc->b, &B) &&
		     sw_obb3_set_add(sc->boxes, &shape, sc_box_pose(&box), db, NULL) == SW_OK &&
		     sw_tri3_set_add(sc->tris, &t, dt, NULL) == SW_OK;
	}
	for (size_t k = 0; k < n; k++) {
		sc->fwd[k] = (sw_pair){(uint32_t)(2 * k), (uint32_t)(2 * k + 1)};
		sc->rev[k] = (sw_pair){(uint32_t)(2 * k + 1), (uint32_t)(2 * k)};
		sc->idx[k] = (sw_pair){(uint32_t)k, (uint32_t)k};
		uint32_t i = sc_below(&r, (uint32_t)(2 * n));
		sc->rnd[k] = (sw_pair){i, k % 16 == 3 ? i : sc_below(&r, (uint32_t)(2 * n))};
	}
	if (p->broken) {
		for (size_t k = 3; k < n; k += 11) {
			uint32_t past = (uint32_t)(2 * n + k), far = k % 2 ? UINT32_MAX : past;
			if (k % 3)
				sc->fwd[k].b = sc->rev[k].a = sc->idx[k].b = sc->rnd[k].b = far;
			else
				sc->fwd[k].a = sc->rev[k].b = sc->idx[k].a = sc->rnd[k].a = past;
		}
	}
	return ok;
}

static const char *pop_name(size_t p)
{
	static char buf[NPOPS * PAIRINGS][64];
	if (p >= NPOPS * PAIRINGS)
		return "?";
	if (!buf[p][0])
		snprintf(buf[p], sizeof buf[p], "%s/%s", POPS[p / PAIRINGS].name, PAIRING[p % PAIRINGS]);
	return buf[p];
}

static void hull_free(gen_batch *g)
{
	hull_state *st = g->state;
	if (st) {
		scene_free(&st->sc);
		free(st);
	}
	memset(g, 0, sizeof *g);
}

static int hull_make(size_t p, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)a;
	size_t pairing = p % PAIRINGS;
	memset(g, 0, sizeof *g);
	/* hull–box and hull–triangle: A from one of the two sets */
	if (b != SW_SRC_HULL3 && pairing > 1)
		return 0;
	hull_state *st = calloc(1, sizeof *st);
	if (!st)
		return 0;
	g->state = st;
	const pop *pp = &POPS[(p / PAIRINGS) % NPOPS];
	n = n ? n : pp->n;
	if (!scene_make(&st->sc, pp, n)) {
		hull_free(g);
		return 0;
	}
	scene *sc = &st->sc;
	g->n = n;
	if (b == SW_SRC_HULL3) {
		const sw_hull3_set *as[PAIRINGS] = {sc->one, sc->one, sc->a, sc->b, sc->one};
		const sw_hull3_set *bs[PAIRINGS] = {sc->one, sc->one, sc->b, sc->a, sc->one};
		const sw_pair *ps[PAIRINGS] = {sc->fwd, sc->rev, sc->idx, sc->idx, sc->rnd};
		g->a = as[pairing], g->b = bs[pairing], g->pairs = ps[pairing];
	} else {
		g->a = pairing ? sc->b : sc->a;
		g->b = b == SW_SRC_OBB3 ? (const void *)sc->boxes : (const void *)sc->tris;
		g->pairs = sc->idx;
	}
	return 1;
}

typedef struct inst {
	const sw_hull3 *h;
	sw_pose3 pose;
	sw_vec3 d;
} inst;

/* instance i of a hull set with the caller's copy of its shape; 0 when an index is out of range */
static int get_inst(const scene *sc, const sw_hull3_set *s, uint32_t i, inst *o)
{
	uint32_t shape;
	if (sw_hull3_set_get(s, i, &shape, &o->pose, &o->d) != SW_OK || shape >= sc->nshapes)
		return 0;
	o->h = &sc->shapes[shape];
	return 1;
}

static void single(const gen_batch *g, sw_query q, const void *opts, size_t k, const void *out)
{
	const hull_state *st = g->state;
	const sw_query_desc *d = &sw_query_descs[q];
	sw_sweep_result so = sw_sweep_result_invalid();
	sw_overlap_result oo = sw_overlap_result_invalid();
	int sweep = d->answer == SW_ANS_SWEEP;
	inst A, B;
	sw_vec3 db;
	uint32_t j = g->pairs[k].b;
	if (get_inst(&st->sc, g->a, g->pairs[k].a, &A)) {
		if (d->b == SW_SRC_HULL3 && get_inst(&st->sc, g->b, j, &B)) {
			if (sweep)
				sw_hull3_sweep(A.h, A.pose, A.d, B.h, B.pose, B.d, &so);
			else
				sw_hull3_overlap(A.h, A.pose, B.h, B.pose, &oo);
		} else if (d->b == SW_SRC_OBB3) {
			sw_obb3 box;
			sw_pose3 pb;
			if (sw_obb3_set_get(g->b, j, &box, &pb, &db) == SW_OK) {
				if (sweep)
					sw_hull3_obb3_sweep(A.h, A.pose, A.d, &box, pb, db, &so);
				else
					sw_hull3_obb3_overlap(A.h, A.pose, &box, pb, &oo);
			}
		} else if (d->b == SW_SRC_TRI3) {
			sw_tri3 t;
			if (sw_tri3_set_get(g->b, j, &t, &db) == SW_OK) {
				if (sweep)
					sw_hull3_tri3_sweep(A.h, A.pose, A.d, &t, db, opts, &so);
				else
					sw_hull3_tri3_overlap(A.h, A.pose, &t, &oo);
			}
		}
	}
	if (sweep)
		sw_sweep_put(out, k, &so);
	else
		sw_overlap_put(out, k, &oo);
}

static void print_pair(const gen_batch *g, size_t k, FILE *f)
{
	const hull_state *st = g->state;
	inst A;
	if (get_inst(&st->sc, g->a, g->pairs[k].a, &A))
		fprintf(f, "  A[%u]: %u vertices, p %a %a %a q %a %a %a %a d %a %a %a\n", g->pairs[k].a, A.h->num_verts,
			A.pose.p.x, A.pose.p.y, A.pose.p.z, A.pose.q.x, A.pose.q.y, A.pose.q.z, A.pose.q.w, A.d.x,
			A.d.y, A.d.z);
	else
		fprintf(f, "  A: index %u (or its shape) out of range\n", g->pairs[k].a);
	fprintf(f, "  B: index %u of the second source\n", g->pairs[k].b);
}

/* ---- the benchmark scene ---- */

/* BENCH_SHAPES hulls of 8 to 32 points near ellipsoids of radius 0.5 to 1.5 about their own origin,
 * and n close pairs of placed instances of them: positions in [-4, 4]³, motion in [-3, 3]³, B within
 * ±3 of A per axis, its relative motion aimed at A half of the time; then per pair a box (half extents
 * 0.3 to 0.8 times B's radius) and a triangle (three of B's vertices), both placed and moving as B */
#define BENCH_SEED 0x5eed4a11ull
enum { BENCH_SHAPES = 1024 };

static int bench_hull(sc_rng *r, sw_hull3 *h)
{
	sw_vec3 pts[32];
	for (int attempt = 0; attempt < 16; attempt++) {
		uint32_t n = 8 + sc_below(r, 25);
		float radius = sc_uniform(r, 0.5f, 1.5f);
		sw_vec3 axes = sw_v3_scale(rand_vec(r, 0.5f, 1.0f), radius);
		sc_ellipsoid_points(r, n, axes, 0.7f, pts);
		if (sw_hull3_build(pts, n, NULL, h) == SW_OK)
			return sw_hull3_check(h) == SW_OK;
	}
	return 0;
}

static void bench_bodies(sc_rng *r, body *A, body *B, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		body *a = &A[k], *b = &B[k];
		a->shape = sc_below(r, BENCH_SHAPES);
		b->shape = sc_below(r, BENCH_SHAPES);
		a->p = rand_vec(r, -4.0f, 4.0f);
		a->q = sc_rotation(r);
		b->q = sc_rotation(r);
		a->d = rand_vec(r, -3.0f, 3.0f);
		b->d = rand_vec(r, -3.0f, 3.0f);
		b->p = sw_v3_add(a->p, rand_vec(r, -3.0f, 3.0f));
		if (sc_next(r) & 1)
			b->d = sw_v3_add(a->d, sw_v3_scale(sw_v3_sub(a->p, b->p), sc_uniform(r, 0.5f, 3.0f)));
	}
}

/* pair k: A and B at 2k and 2k + 1 of `one`, box and triangle k */
static int bench_sets(sc_rng *r, scene *sc, const body *A, const body *B, size_t n)
{
	if (sw_hull3_set_create(2 * n, &sc->one) != SW_OK || sw_obb3_set_create(n, &sc->boxes) != SW_OK ||
	    sw_tri3_set_create(n, &sc->tris) != SW_OK)
		return 0;
	for (uint32_t i = 0; i < BENCH_SHAPES; i++) {
		uint32_t id;
		if (sw_hull3_set_add_shape(sc->one, &sc->shapes[i], &id) != SW_OK || id != i)
			return 0;
	}
	for (size_t k = 0; k < n; k++) {
		const body *b = &B[k];
		const sw_hull3 *hb = &sc->shapes[b->shape];
		sc->fwd[k] = (sw_pair){(uint32_t)(2 * k), (uint32_t)(2 * k + 1)};
		sc->cross[k] = (sw_pair){(uint32_t)(2 * k), (uint32_t)k};
		sw_obb3 box = {sw_v3_scale(rand_vec(r, 0.3f, 0.8f), hb->radius)};
		sw_mat3 m = sw_mat3_from_quat(b->q);
		sw_vec3 v[3];
		for (size_t j = 0; j < 3; j++)
			v[j] = sw_v3_add(b->p,
					 sw_mat3_mul(&m, hb->verts[(k + j * (hb->num_verts / 3)) % hb->num_verts]));
		sw_tri3 t = {v[0], v[1], v[2]};
		if (!add_inst(sc->one, &A[k]) || !add_inst(sc->one, b) ||
		    sw_obb3_set_add(sc->boxes, &box, sw_pose3_make(b->p, b->q), b->d, NULL) != SW_OK ||
		    sw_tri3_set_add(sc->tris, &t, b->d, NULL) != SW_OK)
			return 0;
	}
	return 1;
}

static int bench_scene(scene *sc, size_t n)
{
	sc_rng r = sc_rng_seed(BENCH_SEED);
	memset(sc, 0, sizeof *sc);
	sc->nshapes = BENCH_SHAPES;
	sc->shapes = malloc(BENCH_SHAPES * sizeof *sc->shapes);
	sc->fwd = malloc(n * sizeof *sc->fwd), sc->cross = malloc(n * sizeof *sc->cross);
	body *A = malloc(n * sizeof *A), *B = malloc(n * sizeof *B);
	int ok = sc->shapes && sc->fwd && sc->cross && A && B;
	for (size_t i = 0; i < BENCH_SHAPES && ok; i++)
		ok = bench_hull(&r, &sc->shapes[i]);
	if (ok) {
		bench_bodies(&r, A, B, n);
		ok = bench_sets(&r, sc, A, B, n);
	}
	free(A), free(B);
	return ok;
}

static int hull_bench(unsigned mix, size_t n, sw_src a, sw_src b, gen_batch *g)
{
	(void)a;
	memset(g, 0, sizeof *g);
	if (mix != 0 || n == 0)
		return 0;
	hull_state *st = calloc(1, sizeof *st);
	if (!st)
		return 0;
	g->state = st;
	if (!bench_scene(&st->sc, n)) {
		hull_free(g);
		return 0;
	}
	const scene *sc = &st->sc;
	g->a = sc->one;
	g->b = b == SW_SRC_HULL3  ? (const void *)sc->one
	       : b == SW_SRC_OBB3 ? (const void *)sc->boxes
				  : (const void *)sc->tris;
	g->pairs = b == SW_SRC_HULL3 ? sc->fwd : sc->cross;
	g->n = n;
	return 1;
}

const sw_hull3 *gen_hull3_shape(const gen_batch *g, uint32_t shape)
{
	const hull_state *st = g ? g->state : NULL;
	return st && shape < st->sc.nshapes ? &st->sc.shapes[shape] : NULL;
}

static const char *const FAULTS[] = {"hull_position_nan", "hull_quat_not_unit", "hull_disp_inf",
				     "hull_shape_out",    "index_a_out",        "index_b_out"};
#define NFAULTS (sizeof FAULTS / sizeof FAULTS[0])

static const char *fault_name(unsigned c) { return c < NFAULTS ? FAULTS[c] : "?"; }

/* A of pair k, in a set that gives every pair its own instances (the close pairings) */
static int damage(gen_batch *g, const sw_query_desc *dq, size_t k, unsigned c)
{
	if (c == 2 && dq->answer != SW_ANS_SWEEP)
		return 0; /* a static query reads no displacement */
	sw_pair *pairs = (sw_pair *)g->pairs;
	if (c == 4) {
		pairs[k].a = UINT32_MAX;
		return 1;
	}
	if (c == 5) {
		pairs[k].b = (uint32_t)(1u << 31);
		return 1;
	}
	sw_hull3_set *s = (sw_hull3_set *)g->a;
	uint32_t shape;
	sw_pose3 pose;
	sw_vec3 d;
	if (sw_hull3_set_get(s, pairs[k].a, &shape, &pose, &d) != SW_OK)
		return 0;
	switch (c) {
	case 0: pose.p.x = NAN; break;
	case 1: pose.q = (sw_quat){1, 1, 1, 1}; break;
	case 2: d.z = INFINITY; break;
	default: shape = NSHAPES + 7; break;
	}
	sw_hull3_set_put(s, pairs[k].a, shape, pose, d);
	return 1;
}

static int serves(sw_src a, sw_src b)
{
	return a == SW_SRC_HULL3 && (b == SW_SRC_HULL3 || b == SW_SRC_OBB3 || b == SW_SRC_TRI3);
}

const gen_family gen_hull_family = {"hull", serves,  NPOPS *PAIRINGS, pop_name, hull_make, print_pair,
				    single, NFAULTS, fault_name,      damage,   hull_free, hull_bench};
