/* tests/test_hull3_tiers.c — every SIMD tier the CPU has, through the batched hull API
 * (swept/hull_batch.h), meets the single-pair API (swept/hull_query.h) called pair by pair on the same
 * inputs, checkasm style: hull–hull, hull–box and hull–triangle, moving (two- and one-sided) and
 * static. The single-pair calls are the oracle: they check both hulls and pack them afresh at every
 * call and run the scalar reference, so they share no set pool, lanes, chunking or dispatch with the
 * batch (they do share the packed layout of src/hull3_view.h and its bookkeeping: tests/
 * test_hull3_hand.c and test_hull3_brute.c pin that against independent answers).
 *
 * Populations (fixed seeds): hulls of 4 to 64 points near ellipsoids, boxes, slabs down to 1e-7 of
 * their size, flat hulls (two-faced polygons, packed as prisms of no thickness) and needles,
 * mixed in one batch; close pairs with motion aimed at A half of the time, pairs starting overlapped,
 * face-aligned identical boxes (exact ties at t = 0 and t = 1), 1e4 offsets, zero motion, tiny hulls,
 * fast motion, a hull against itself, boxes and triangles turned by 1e-8 to 1 rad from A's edges
 * (around 30°, where the kernels switch to full supports for an edge pair, and around 1e-3 rad), the
 * same moving onto an edge of A where a nearly parallel edge meets it first, and broken poses and
 * indices; an edge batch of shapes
 * of 1e-30 to 1e30 at positions up to 1e30 moving 1e10 times their size (signed zeros, underflowing
 * times, invalid pairs), with a fuzzed pair whose zero time once differed in sign. Each runs through one
 * set (pairs (2k, 2k+1) and reversed), two sets in both orders, and random pairs over one set; then
 * batch lengths 0 to 40 at odd offsets, chunk sizes and thread counts.
 *
 * The contract is exact: status, feature id and every float bit for bit (NaN matches NaN), and
 * nothing written past the batch. A mismatch prints the tier, population, seed and pair with both
 * shapes' inputs in hex floats (the hull's vertices for the first one). Tiers the CPU lacks are
 * reported as skipped. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/hull_batch.h>

#include "compare.h"
#include "scenes.h"

enum { NSHAPES = 40, PAD = 16, POISON = 0xAB };

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
		      * where a nearly parallel edge of B meets it first (as tests/test_hull3_brute.c) */
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
	return sw_hull3_build(pts, (size_t)n, NULL, h) == SW_HULL_OK;
}

static void box_hull(sw_vec3 half, sw_quat rot, sw_hull3 *h)
{
	sw_obb3 box = {{0, 0, 0}, rot, half};
	cr_assert_eq(sw_hull3_box(&box, h), SW_HULL_OK);
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
			box_hull(sw_v3_scale(ax, 0.8f), sc_next(r) & 1 ? sc_rotation(r) : (sw_quat){0, 0, 0, 1}, h);
			ok = 1;
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
	cr_assert_fail("no random hull built in 64 attempts");
}

/* the point reflection of a hull (x → −x): its Gauss map is the antipode of the original's, so in
 * A − B its edges' arcs meet the original's edges' arcs and near-parallel edge pairs survive the
 * pruning */
static void reflect(const sw_hull3 *h, sw_hull3 *out)
{
	sw_vec3 pts[SW_HULL_MAX_VERTS];
	for (uint32_t v = 0; v < h->num_verts; v++)
		pts[v] = sw_v3_scale(h->verts[v], -1.0f);
	cr_assert_eq(sw_hull3_build(pts, h->num_verts, NULL, out), SW_HULL_OK);
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
		cr_assert(sw_hull3_check(&shapes[i], NULL, 0), "shape %d of %s fails its check", i, p->name);
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
	sw_hull3 *shapes;  /* shape i of every set below */
	sw_hull3_set one;  /* 2n instances: A of pair k at 2k, B at 2k + 1 */
	sw_hull3_set a;    /* A of pair k at k */
	sw_hull3_set b;    /* B of pair k at k */
	sw_obb3_set boxes; /* box k near A of pair k */
	sw_tri3_set tris;  /* triangle k near A of pair k */
	sw_pair *fwd;      /* (2k, 2k + 1) into `one` */
	sw_pair *rev;      /* (2k + 1, 2k) into `one` */
	sw_pair *idx;      /* (k, k) */
	sw_pair *rnd;      /* random pairs into `one`, an instance with itself now and then */
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

static void place_box(sc_rng *r, const scene *sc, const body *A, sw_obb3 *box, sw_vec3 *d)
{
	const pop *p = sc->p;
	const sw_hull3 *ha = &sc->shapes[A->shape];
	if (p->lay == LAY_TOUCH) {
		sw_vec3 step = grid_step(r);
		*box = (sw_obb3){sw_v3_add(A->p, step), grid_rotation(r), {0.5f, 0.5f, 0.5f}};
		/* A's own cube, same pose: every gap ties with another */
		if (A->shape < NSHAPES / 2 && sc_below(r, 4) == 0)
			*box = (sw_obb3){A->p, A->q, {0.5f, 0.5f, 0.5f}};
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
static void break_pair(sc_rng *r, body *A, body *B, sw_obb3 *box, sw_vec3 *db, sw_tri3 *t, sw_vec3 *dt)
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

static void add_shapes(sw_hull3_set *s, const sw_hull3 *shapes)
{
	cr_assert_eq(sw_hull3_set_init(s, 0), SW_OK);
	for (uint32_t i = 0; i < NSHAPES; i++) {
		uint32_t id = 12345;
		cr_assert_eq(sw_hull3_set_add_shape(s, &shapes[i], &id), SW_OK);
		cr_assert_eq(id, i);
		cr_assert_eq(s->shapes[id].ok, 1, "shape %u passed sw_hull3_check but is flagged", i);
	}
}

/* as add_shapes, for shapes that may fail their check (then flagged) */
static void add_shapes_flagged(sw_hull3_set *s, const sw_hull3 *shapes)
{
	cr_assert_eq(sw_hull3_set_init(s, 0), SW_OK);
	for (uint32_t i = 0; i < NSHAPES; i++) {
		uint32_t id = 12345;
		cr_assert_eq(sw_hull3_set_add_shape(s, &shapes[i], &id), SW_OK);
		cr_assert_eq(id, i);
		cr_assert_eq(s->shapes[id].ok, (uint32_t)sw_hull3_check(&shapes[i], NULL, 0));
	}
}

static void scene_make(scene *sc, const pop *p)
{
	size_t n = p->n;
	sc_rng r = sc_rng_seed(p->seed);
	memset(sc, 0, sizeof *sc);
	sc->p = p;
	sc->shapes = malloc(NSHAPES * sizeof *sc->shapes);
	cr_assert(sc->shapes);
	make_shapes(&r, p, sc->shapes);
	add_shapes(&sc->one, sc->shapes);
	add_shapes(&sc->a, sc->shapes);
	add_shapes(&sc->b, sc->shapes);
	cr_assert_eq(sw_obb3_set_init(&sc->boxes, n), SW_OK);
	cr_assert_eq(sw_tri3_set_init(&sc->tris, n), SW_OK);
	for (size_t k = 0; k < n; k++) {
		body A, B;
		sw_obb3 box;
		sw_tri3 t;
		sw_vec3 db, dt;
		place_pair(&r, sc, &A, &B);
		place_box(&r, sc, &A, &box, &db);
		place_tri(&r, sc, &A, &t, &dt);
		if (p->still)
			A.d = B.d = db = dt = sw_v3(0, 0, 0);
		if (p->broken && k % 7 == 0)
			break_pair(&r, &A, &B, &box, &db, &t, &dt);
		if (p->broken && k % 13 == 5)
			(sc_next(&r) & 1 ? &A : &B)->shape = NSHAPES + (uint32_t)sc_below(&r, 3);
		cr_assert_eq(sw_hull3_set_add(&sc->one, A.shape, A.p, A.q, A.d), SW_OK);
		cr_assert_eq(sw_hull3_set_add(&sc->one, B.shape, B.p, B.q, B.d), SW_OK);
		cr_assert_eq(sw_hull3_set_add(&sc->a, A.shape, A.p, A.q, A.d), SW_OK);
		cr_assert_eq(sw_hull3_set_add(&sc->b, B.shape, B.p, B.q, B.d), SW_OK);
		cr_assert_eq(sw_obb3_set_add(&sc->boxes, &box, db, NULL), SW_OK);
		cr_assert_eq(sw_tri3_set_add(&sc->tris, &t, dt, NULL), SW_OK);
	}
	sc->fwd = malloc(n * sizeof *sc->fwd), sc->rev = malloc(n * sizeof *sc->rev);
	sc->idx = malloc(n * sizeof *sc->idx), sc->rnd = malloc(n * sizeof *sc->rnd);
	cr_assert(sc->fwd && sc->rev && sc->idx && sc->rnd);
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
}

static void scene_free(scene *sc)
{
	sw_hull3_set_free(&sc->one), sw_hull3_set_free(&sc->a), sw_hull3_set_free(&sc->b);
	sw_obb3_set_free(&sc->boxes), sw_tri3_set_free(&sc->tris);
	free(sc->shapes), free(sc->fwd), free(sc->rev), free(sc->idx), free(sc->rnd);
}

/* ---- results ---- */

typedef enum qkind { Q_SWEEP, Q_OVERLAP, Q_OBB_SWEEP, Q_OBB_OVERLAP, Q_TRI_SWEEP, Q_TRI_SWEEP_1S, Q_TRI_OVERLAP } qkind;

static const char *const QNAME[] = {"hull sweep", "hull overlap",        "obb sweep",  "obb overlap",
				    "tri sweep",  "tri sweep one-sided", "tri overlap"};

static int is_sweep(qkind q) { return q == Q_SWEEP || q == Q_OBB_SWEEP || q == Q_TRI_SWEEP || q == Q_TRI_SWEEP_1S; }

/* one batched call: A from a hull set, B from a hull, box or triangle set */
typedef struct call {
	qkind q;
	const char *sets; /* "one", "a,b", ... for the report */
	const sw_hull3_set *as;
	const void *bs;
	const sw_pair *pairs;
	size_t n;
} call;

/* results of n pairs in owned arrays with PAD poisoned entries past the end; float row r of entry k
 * is f[r·cap + k]: t_first, t_last, nx, ny, nz (sweep) or depth, nx, ny, nz (overlap) */
typedef struct res {
	size_t n, cap;
	uint8_t *st;
	uint32_t *ft;
	float *f;
	sw_hull_sweep_results sw;
	sw_hull_overlap_results ov;
} res;

static void res_init(res *b, size_t n)
{
	size_t cap = n + PAD;
	b->n = n, b->cap = cap;
	b->st = malloc(cap), b->ft = malloc(cap * sizeof *b->ft), b->f = malloc(5 * cap * sizeof *b->f);
	cr_assert(b->st && b->ft && b->f);
	memset(b->st, POISON, cap), memset(b->ft, POISON, cap * sizeof *b->ft);
	memset(b->f, POISON, 5 * cap * sizeof *b->f);
	float *f = b->f;
	b->sw = (sw_hull_sweep_results){b->st, b->ft, f, f + cap, f + 2 * cap, f + 3 * cap, f + 4 * cap};
	b->ov = (sw_hull_overlap_results){b->st, b->ft, f, f + cap, f + 2 * cap, f + 3 * cap};
}

static void res_free(res *b) { free(b->st), free(b->ft), free(b->f); }

static void put_sweep(res *b, size_t k, const sw_hull_sweep_output *o)
{
	b->st[k] = (uint8_t)o->status, b->ft[k] = o->feature;
	const float v[5] = {o->t_first, o->t_last, o->normal.x, o->normal.y, o->normal.z};
	for (int q = 0; q < 5; q++)
		b->f[q * b->cap + k] = v[q];
}

static void put_overlap(res *b, size_t k, const sw_hull_overlap_output *o)
{
	b->st[k] = (uint8_t)o->status, b->ft[k] = o->feature;
	const float v[4] = {o->depth, o->normal.x, o->normal.y, o->normal.z};
	for (int q = 0; q < 4; q++)
		b->f[q * b->cap + k] = v[q];
}

/* ---- the single-pair oracle ---- */

typedef struct inst {
	const sw_hull3 *h;
	sw_vec3 p, d;
	sw_quat q;
} inst;

/* instance i of a hull set with the caller's copy of its shape; 0 when an index is out of range */
static int get_inst(const scene *sc, const sw_hull3_set *s, uint32_t i, inst *o)
{
	if (i >= s->count || s->shape[i] >= NSHAPES)
		return 0;
	o->h = &sc->shapes[s->shape[i]];
	o->p = sw_v3(s->px[i], s->py[i], s->pz[i]);
	o->q = (sw_quat){s->qx[i], s->qy[i], s->qz[i], s->qw[i]};
	o->d = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

static int get_box(const sw_obb3_set *s, uint32_t i, sw_obb3 *box, sw_vec3 *d)
{
	if (i >= s->count)
		return 0;
	*box = (sw_obb3){{s->cx[i], s->cy[i], s->cz[i]},
			 {s->qx[i], s->qy[i], s->qz[i], s->qw[i]},
			 {s->hx[i], s->hy[i], s->hz[i]}};
	*d = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

static int get_tri(const sw_tri3_set *s, uint32_t i, sw_tri3 *t, sw_vec3 *d)
{
	if (i >= s->count)
		return 0;
	*t = (sw_tri3){{s->ax[i], s->ay[i], s->az[i]}, {s->bx[i], s->by[i], s->bz[i]}, {s->cx[i], s->cy[i], s->cz[i]}};
	*d = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

/* what the single-pair API answers for every pair of the call (INVALID for an index out of range,
 * which only a batch can express) */
static void oracle(const scene *sc, const call *c, res *want)
{
	for (size_t k = 0; k < c->n; k++) {
		sw_hull_sweep_output so = {SW_PAIR_INVALID, NAN, NAN, {NAN, NAN, NAN}, SW_HULL_FEATURE_NONE};
		sw_hull_overlap_output oo = {SW_PAIR_INVALID, SW_HULL_FEATURE_NONE, NAN, {NAN, NAN, NAN}};
		inst A, B;
		sw_obb3 box;
		sw_tri3 t;
		sw_vec3 d;
		uint32_t j = c->pairs[k].b;
		if (get_inst(sc, c->as, c->pairs[k].a, &A)) {
			switch (c->q) {
			case Q_SWEEP:
				if (get_inst(sc, c->bs, j, &B))
					sw_hull3_sweep(A.h, A.p, A.q, A.d, B.h, B.p, B.q, B.d, &so);
				break;
			case Q_OVERLAP:
				if (get_inst(sc, c->bs, j, &B))
					sw_hull3_overlap(A.h, A.p, A.q, B.h, B.p, B.q, &oo);
				break;
			case Q_OBB_SWEEP:
				if (get_box(c->bs, j, &box, &d))
					sw_hull3_obb3_sweep(A.h, A.p, A.q, A.d, &box, d, &so);
				break;
			case Q_OBB_OVERLAP:
				if (get_box(c->bs, j, &box, &d))
					sw_hull3_obb3_overlap(A.h, A.p, A.q, &box, &oo);
				break;
			case Q_TRI_SWEEP:
			case Q_TRI_SWEEP_1S:
				if (get_tri(c->bs, j, &t, &d))
					sw_hull3_tri3_sweep(A.h, A.p, A.q, A.d, &t, d, c->q == Q_TRI_SWEEP_1S, &so);
				break;
			case Q_TRI_OVERLAP:
				if (get_tri(c->bs, j, &t, &d))
					sw_hull3_tri3_overlap(A.h, A.p, A.q, &t, &oo);
				break;
			}
		}
		if (is_sweep(c->q))
			put_sweep(want, k, &so);
		else
			put_overlap(want, k, &oo);
	}
}

/* the batched call on the active tier over pairs [off, off + n) */
static sw_error run_batch(const call *c, size_t off, size_t n, const sw_batch_opts *o, res *out)
{
	const sw_pair *pr = c->pairs + off;
	switch (c->q) {
	case Q_SWEEP: return sw_hull3_sweep_batch(c->as, c->bs, pr, n, o, &out->sw);
	case Q_OVERLAP: return sw_hull3_overlap_batch(c->as, c->bs, pr, n, o, &out->ov);
	case Q_OBB_SWEEP: return sw_hull3_obb3_sweep_batch(c->as, c->bs, pr, n, o, &out->sw);
	case Q_OBB_OVERLAP: return sw_hull3_obb3_overlap_batch(c->as, c->bs, pr, n, o, &out->ov);
	case Q_TRI_SWEEP: return sw_hull3_tri3_sweep_batch(c->as, c->bs, pr, n, o, 0, &out->sw);
	case Q_TRI_SWEEP_1S: return sw_hull3_tri3_sweep_batch(c->as, c->bs, pr, n, o, 1, &out->sw);
	case Q_TRI_OVERLAP: return sw_hull3_tri3_overlap_batch(c->as, c->bs, pr, n, o, &out->ov);
	}
	return SW_ERR_ARG;
}

/* ---- reporting ---- */

static void print_hull_inst(const char *tag, const sw_hull3_set *s, uint32_t i, const scene *sc, int verts)
{
	if (i >= s->count) {
		fprintf(stderr, "  %s instance %u: out of range (count %zu)\n", tag, i, s->count);
		return;
	}
	fprintf(stderr, "  %s instance %u: shape %u p %a %a %a q %a %a %a %a d %a %a %a\n", tag, i, s->shape[i],
		s->px[i], s->py[i], s->pz[i], s->qx[i], s->qy[i], s->qz[i], s->qw[i], s->dx[i], s->dy[i], s->dz[i]);
	if (s->shape[i] >= NSHAPES) {
		fprintf(stderr, "    shape index out of range\n");
		return;
	}
	const sw_hull3 *h = &sc->shapes[s->shape[i]];
	fprintf(stderr, "    %u verts, %u faces, %u edges%s", h->num_verts, h->num_faces, h->num_edges,
		verts ? "; verts (sw_hull3_build of these gives the shape):" : "\n");
	if (!verts)
		return;
	for (uint32_t v = 0; v < h->num_verts; v++)
		fprintf(stderr, "%s{%a, %a, %a},", v % 3 ? " " : "\n    ", h->verts[v].x, h->verts[v].y, h->verts[v].z);
	fprintf(stderr, "\n");
}

static void print_pair(const scene *sc, const call *c, size_t k, int verts)
{
	uint32_t j = c->pairs[k].b;
	sw_obb3 box;
	sw_tri3 t;
	sw_vec3 d;
	print_hull_inst("A", c->as, c->pairs[k].a, sc, verts);
	if (c->q == Q_SWEEP || c->q == Q_OVERLAP) {
		print_hull_inst("B", c->bs, j, sc, verts);
	} else if (c->q == Q_OBB_SWEEP || c->q == Q_OBB_OVERLAP) {
		if (get_box(c->bs, j, &box, &d))
			fprintf(stderr, "  B box %u: c %a %a %a q %a %a %a %a h %a %a %a d %a %a %a\n", j, box.center.x,
				box.center.y, box.center.z, box.rot.x, box.rot.y, box.rot.z, box.rot.w, box.half.x,
				box.half.y, box.half.z, d.x, d.y, d.z);
		else
			fprintf(stderr, "  B box %u: out of range\n", j);
	} else if (get_tri(c->bs, j, &t, &d)) {
		fprintf(stderr, "  B triangle %u: a %a %a %a b %a %a %a c %a %a %a d %a %a %a\n", j, t.a.x, t.a.y,
			t.a.z, t.b.x, t.b.y, t.b.z, t.c.x, t.c.y, t.c.z, d.x, d.y, d.z);
	} else {
		fprintf(stderr, "  B triangle %u: out of range\n", j);
	}
}

static void print_entry(const char *tag, const res *b, size_t k, int rows)
{
	fprintf(stderr, "  %s st %u feature %#x f", tag, b->st[k], b->ft[k]);
	for (int q = 0; q < rows; q++)
		fprintf(stderr, " %a", b->f[q * b->cap + k]);
	fprintf(stderr, "\n");
}

/* compares got[0, n) with want[off, off + n) and checks the poison past n; returns the mismatches */
static size_t diff(const scene *sc, const call *c, const char *how, size_t off, const res *got, const res *want)
{
	int rows = is_sweep(c->q) ? 5 : 4;
	size_t n = got->n, bad = 0;
	for (size_t k = 0; k < n; k++) {
		size_t w = off + k;
		int same = got->st[k] == want->st[w] && got->ft[k] == want->ft[w];
		for (int q = 0; q < rows; q++)
			same = same && cmp_same_bits(got->f[q * got->cap + k], want->f[q * want->cap + w]);
		if (same || bad++ >= 3)
			continue;
		fprintf(stderr, "%s mismatch (%s): tier %s, population %s (seed %llu), sets %s, pair %zu\n",
			QNAME[c->q], how, sw_isa_name(sw_active_isa()), sc->p->name, (unsigned long long)sc->p->seed,
			c->sets, w);
		print_entry("got ", got, k, rows);
		print_entry("want", want, w, rows);
		print_pair(sc, c, w, bad == 1);
	}
	for (size_t k = n; k < got->cap; k++) {
		int clean = got->st[k] == POISON && got->ft[k] == 0xABABABABu;
		for (int q = 0; q < 5; q++) {
			uint32_t u;
			memcpy(&u, &got->f[q * got->cap + k], 4);
			clean = clean && u == 0xABABABABu;
		}
		if (!clean && bad++ < 3)
			fprintf(stderr, "%s (%s): tier %s, population %s: entry %zu written past the batch of %zu\n",
				QNAME[c->q], how, sw_isa_name(sw_active_isa()), sc->p->name, k, n);
	}
	return bad;
}

/* the call over [off, off + n) with opts on the active tier, against the oracle's answers */
static size_t check_call(const scene *sc, const call *c, const char *how, size_t off, size_t n,
			 const sw_batch_opts *opts, const res *want)
{
	res got;
	res_init(&got, n);
	sw_error e = run_batch(c, off, n, opts, &got);
	cr_expect_eq(e, SW_OK, "%s (%s) returned %d", QNAME[c->q], how, (int)e);
	size_t bad = diff(sc, c, how, off, &got, want);
	res_free(&got);
	return bad;
}

/* what a population holds, from the oracle: statuses and the kind of the deciding feature */
typedef struct tally {
	size_t st[4];   /* by sw_status */
	size_t kind[4]; /* by sw_axis_kind of non-NONE features */
} tally;

static void count(tally *t, const res *want)
{
	for (size_t k = 0; k < want->n; k++) {
		t->st[want->st[k] & 3]++;
		if (want->ft[k] != SW_HULL_FEATURE_NONE)
			t->kind[sw_hull_feature_decode(want->ft[k]).kind]++;
	}
}

/* the oracle's answers for the whole call, then the batch with default options */
static size_t check_full(const scene *sc, const call *c, tally *t)
{
	res want;
	res_init(&want, c->n);
	oracle(sc, c, &want);
	count(t, &want);
	size_t bad = check_call(sc, c, "default options", 0, c->n, NULL, &want);
	res_free(&want);
	return bad;
}

/* ---- the suites ---- */

typedef enum family { FAM_HULL, FAM_OBB, FAM_TRI } family;

static size_t check_family(const scene *sc, family fam, tally *t)
{
	size_t n = sc->p->n, bad = 0;
	if (fam == FAM_HULL) {
		const call calls[] = {
			{Q_SWEEP, "one,one", &sc->one, &sc->one, sc->fwd, n},
			{Q_OVERLAP, "one,one", &sc->one, &sc->one, sc->fwd, n},
			{Q_SWEEP, "one,one reversed", &sc->one, &sc->one, sc->rev, n},
			{Q_OVERLAP, "one,one reversed", &sc->one, &sc->one, sc->rev, n},
			{Q_SWEEP, "a,b", &sc->a, &sc->b, sc->idx, n},
			{Q_OVERLAP, "a,b", &sc->a, &sc->b, sc->idx, n},
			{Q_SWEEP, "b,a", &sc->b, &sc->a, sc->idx, n},
			{Q_OVERLAP, "b,a", &sc->b, &sc->a, sc->idx, n},
			{Q_SWEEP, "one,one random", &sc->one, &sc->one, sc->rnd, n},
			{Q_OVERLAP, "one,one random", &sc->one, &sc->one, sc->rnd, n},
		};
		for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
			bad += check_full(sc, &calls[i], t);
	} else if (fam == FAM_OBB) {
		const call calls[] = {
			{Q_OBB_SWEEP, "a,boxes", &sc->a, &sc->boxes, sc->idx, n},
			{Q_OBB_OVERLAP, "a,boxes", &sc->a, &sc->boxes, sc->idx, n},
			{Q_OBB_SWEEP, "b,boxes", &sc->b, &sc->boxes, sc->idx, n},
			{Q_OBB_OVERLAP, "b,boxes", &sc->b, &sc->boxes, sc->idx, n},
		};
		for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
			bad += check_full(sc, &calls[i], t);
	} else {
		const call calls[] = {
			{Q_TRI_SWEEP, "a,tris", &sc->a, &sc->tris, sc->idx, n},
			{Q_TRI_SWEEP_1S, "a,tris", &sc->a, &sc->tris, sc->idx, n},
			{Q_TRI_OVERLAP, "a,tris", &sc->a, &sc->tris, sc->idx, n},
			{Q_TRI_SWEEP, "b,tris", &sc->b, &sc->tris, sc->idx, n},
			{Q_TRI_SWEEP_1S, "b,tris", &sc->b, &sc->tris, sc->idx, n},
			{Q_TRI_OVERLAP, "b,tris", &sc->b, &sc->tris, sc->idx, n},
		};
		for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
			bad += check_full(sc, &calls[i], t);
	}
	return bad;
}

static void select_tier(sw_isa isa)
{
	if (!sw_isa_available(isa))
		cr_skip_test("tier %s is not available on this CPU or build", sw_isa_name(isa));
	cr_assert_eq(sw_set_isa_cap(isa), isa);
}

/* every population through one family of queries on one tier; each population must hold contacts
 * and misses, and the valid ones no invalid pair, or the comparison proves little */
static void check_tier(sw_isa isa, family fam)
{
	static const char *const FAM[] = {"hull", "obb", "tri"};
	select_tier(isa);
	for (size_t i = 0; i < NPOPS; i++) {
		scene sc;
		tally t = {{0}, {0}};
		scene_make(&sc, &POPS[i]);
		size_t bad = check_family(&sc, fam, &t);
		cr_expect_eq(bad, 0, "tier %s, population %s: %zu mismatching entries", sw_isa_name(isa), POPS[i].name,
			     bad);
		cr_log_info("%s %s: miss %zu hit %zu overlapped %zu invalid %zu; face A %zu face B %zu edges %zu",
			    FAM[fam], POPS[i].name, t.st[SW_MISS], t.st[SW_HIT], t.st[SW_STARTS_OVERLAPPED],
			    t.st[SW_PAIR_INVALID], t.kind[SW_AXIS_KIND_FACE_A], t.kind[SW_AXIS_KIND_FACE_B],
			    t.kind[SW_AXIS_KIND_EDGE_EDGE]);
		size_t all = t.st[0] + t.st[1] + t.st[2] + t.st[3];
		cr_expect_geq(t.st[SW_HIT] + t.st[SW_STARTS_OVERLAPPED], all / 10, "%s %s: too few contacts", FAM[fam],
			      POPS[i].name);
		if (POPS[i].broken)
			cr_expect_geq(t.st[SW_PAIR_INVALID], all / 10, "%s %s: too few broken pairs", FAM[fam],
				      POPS[i].name);
		else
			cr_expect_eq(t.st[SW_PAIR_INVALID], 0, "%s %s: invalid pairs in a valid population", FAM[fam],
				     POPS[i].name);
		scene_free(&sc);
	}
	sw_set_isa_cap(sw_best_isa());
}

static const pop *find_pop(const char *name)
{
	for (size_t i = 0; i < NPOPS; i++)
		if (strcmp(POPS[i].name, name) == 0)
			return &POPS[i];
	cr_assert_fail("no population %s", name);
	return NULL;
}

/* batch lengths 0..40 at odd offsets, chunk sizes and thread counts: the same answers as the oracle
 * for every query of the "close" and "broken" populations */
static void check_tier_opts(sw_isa isa)
{
	static const sw_batch_opts OPTS[] = {
		{1, 16, 0}, {1, 64, 0}, {2, 16, 0}, {2, 64, 0},   {2, 0, 0},
		{0, 0, 0},  {1, 1, 0},  {2, 17, 0}, {1, 1000, 1},
	};
	select_tier(isa);
	const pop *pops[] = {find_pop("close"), find_pop("broken")};
	size_t bad = 0;
	for (size_t pi = 0; pi < 2; pi++) {
		scene sc;
		scene_make(&sc, pops[pi]);
		size_t n = sc.p->n;
		const call calls[] = {
			{Q_SWEEP, "one,one", &sc.one, &sc.one, sc.fwd, n},
			{Q_OVERLAP, "a,b", &sc.a, &sc.b, sc.idx, n},
			{Q_OBB_SWEEP, "a,boxes", &sc.a, &sc.boxes, sc.idx, n},
			{Q_OBB_OVERLAP, "a,boxes", &sc.a, &sc.boxes, sc.idx, n},
			{Q_TRI_SWEEP, "a,tris", &sc.a, &sc.tris, sc.idx, n},
			{Q_TRI_SWEEP_1S, "a,tris", &sc.a, &sc.tris, sc.idx, n},
			{Q_TRI_OVERLAP, "a,tris", &sc.a, &sc.tris, sc.idx, n},
		};
		for (size_t ci = 0; ci < sizeof calls / sizeof calls[0]; ci++) {
			const call *c = &calls[ci];
			res want;
			res_init(&want, n);
			oracle(&sc, c, &want);
			char how[64];
			for (size_t o = 0; o < sizeof OPTS / sizeof OPTS[0]; o++) {
				snprintf(how, sizeof how, "threads %u chunk %u", OPTS[o].threads, OPTS[o].chunk);
				bad += check_call(&sc, c, how, 0, n, &OPTS[o], &want);
			}
			/* every short length, starting at an odd pair so each window holds other pairs */
			for (size_t len = 0; len <= 40; len++) {
				size_t off = (37 * len + 1) % (n - 40);
				snprintf(how, sizeof how, "length %zu at %zu", len, off);
				bad += check_call(&sc, c, how, off, len, len % 2 ? &OPTS[0] : NULL, &want);
			}
			res_free(&want);
		}
		scene_free(&sc);
	}
	cr_expect_eq(bad, 0, "tier %s: %zu mismatching entries", sw_isa_name(isa), bad);
	sw_set_isa_cap(sw_best_isa());
}

/* ---- edge batches: signed zeros and extreme scales ----
 * Shapes of 1e-30 to 1e30 (hulls past SW_MAX_COORD do not build and stay flagged shapes; boxes and
 * triangles past it are invalid pairs) at positions up to 1e30 and 1e11, moving 1e10 times their size
 * (or about their size), where products underflow to signed zeros and entry times underflow. Pair 0
 * is a case found by fuzzing: a 4-point hull 2⁻¹²⁵ in size at 1e11 hit by a triangle moving 3.4e10,
 * whose first contact underflows to a zero time that one tier gave as −0 and the others as +0. */

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
		sw_obb3 box = {{0, 0, 0}, sc_rotation(r), sw_v3_scale(rand_vec(r, 0.3f, 1.0f), s)};
		if (sw_hull3_box(&box, h) == SW_HULL_OK)
			return;
	}
	if (sw_hull3_build(pts, (size_t)n, NULL, h) != SW_HULL_OK)
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

static void extreme_scene(scene *sc, const pop *p)
{
	size_t n = p->n;
	sc_rng r = sc_rng_seed(p->seed);
	memset(sc, 0, sizeof *sc);
	sc->p = p;
	sc->shapes = malloc(NSHAPES * sizeof *sc->shapes);
	cr_assert(sc->shapes);
	for (int i = 0; i < NSHAPES; i++)
		extreme_shape(&r, i, &sc->shapes[i]);
	cr_assert_eq(sc->shapes[0].num_verts, 4, "the fuzzed hull no longer builds");
	add_shapes_flagged(&sc->one, sc->shapes);
	add_shapes_flagged(&sc->a, sc->shapes);
	add_shapes_flagged(&sc->b, sc->shapes);
	cr_assert_eq(sw_obb3_set_init(&sc->boxes, n), SW_OK);
	cr_assert_eq(sw_tri3_set_init(&sc->tris, n), SW_OK);
	for (size_t k = 0; k < n; k++) {
		/* A and B of one scale (shape i and i + m·NXSCALE) */
		uint32_t sa = sc_below(&r, NSHAPES), sb = sa % NXSCALE + NXSCALE * sc_below(&r, NSHAPES / NXSCALE);
		float s = XSCALE[sa % NXSCALE];
		body A = {sa, extreme_pos(&r, s), sc_rotation(&r), rand_vec(&r, -s, s)};
		body B = {sb, sw_v3_add(A.p, rand_vec(&r, -3 * s, 3 * s)), sc_rotation(&r), rand_vec(&r, -s, s)};
		float m = sc_next(&r) & 1 ? 1e10f : sc_uniform(&r, 0.5f, 3.0f);
		sw_vec3 aim = sw_v3_scale(sw_v3_sub(A.p, B.p), m);
		if (sc_next(&r) & 1)
			B.d = sw_v3_add(A.d, aim);
		sw_obb3 box = {B.p, B.q, sw_v3_scale(rand_vec(&r, 0.3f, 1.0f), s)};
		sw_vec3 v[3];
		for (int q = 0; q < 3; q++)
			v[q] = sw_v3_add(A.p, rand_vec(&r, -2 * s, 2 * s));
		sw_tri3 t = {v[0], v[1], v[2]};
		sw_vec3 db = B.d, dt = sw_v3_add(A.d, aim);
		if (k == 0) {
			A = (body){0, FUZZ_TRI.b, FUZZ_Q, {0, 0, 0}};
			t = FUZZ_TRI, dt = FUZZ_D;
		}
		cr_assert_eq(sw_hull3_set_add(&sc->one, A.shape, A.p, A.q, A.d), SW_OK);
		cr_assert_eq(sw_hull3_set_add(&sc->one, B.shape, B.p, B.q, B.d), SW_OK);
		cr_assert_eq(sw_hull3_set_add(&sc->a, A.shape, A.p, A.q, A.d), SW_OK);
		cr_assert_eq(sw_hull3_set_add(&sc->b, B.shape, B.p, B.q, B.d), SW_OK);
		cr_assert_eq(sw_obb3_set_add(&sc->boxes, &box, db, NULL), SW_OK);
		cr_assert_eq(sw_tri3_set_add(&sc->tris, &t, dt, NULL), SW_OK);
	}
	sc->fwd = malloc(n * sizeof *sc->fwd), sc->rev = malloc(n * sizeof *sc->rev);
	sc->idx = malloc(n * sizeof *sc->idx), sc->rnd = malloc(n * sizeof *sc->rnd);
	cr_assert(sc->fwd && sc->rev && sc->idx && sc->rnd);
	for (size_t k = 0; k < n; k++) {
		sc->fwd[k] = (sw_pair){(uint32_t)(2 * k), (uint32_t)(2 * k + 1)};
		sc->rev[k] = (sw_pair){(uint32_t)(2 * k + 1), (uint32_t)(2 * k)};
		sc->idx[k] = sc->rnd[k] = (sw_pair){(uint32_t)k, (uint32_t)k};
	}
}

/* every query on the extreme-scale batch; the fuzzed pair's answer pinned: a HIT whose underflowing
 * first contact is reported as the smallest positive time, never a signed zero */
static void check_extremes(sw_isa isa)
{
	static const pop XPOP = {"extreme_scales", 21, 600, MIX_ALL, 0, 0, 0, 0, 0, 0, LAY_CLOSE, 0, 1};
	select_tier(isa);
	scene sc;
	extreme_scene(&sc, &XPOP);
	tally t = {{0}, {0}};
	size_t bad = 0;
	for (int fam = FAM_HULL; fam <= FAM_TRI; fam++)
		bad += check_family(&sc, (family)fam, &t);
	cr_expect_eq(bad, 0, "tier %s, extreme scales: %zu mismatching entries", sw_isa_name(isa), bad);
	cr_log_info("extreme scales: miss %zu hit %zu overlapped %zu invalid %zu", t.st[SW_MISS], t.st[SW_HIT],
		    t.st[SW_STARTS_OVERLAPPED], t.st[SW_PAIR_INVALID]);
	cr_expect_geq(t.st[SW_HIT], 20, "too few hits at extreme scales");
	cr_expect_geq(t.st[SW_PAIR_INVALID], 20, "too few invalid pairs at extreme scales");
	sw_hull_sweep_output o;
	sw_hull3_tri3_sweep(&sc.shapes[0], FUZZ_TRI.b, FUZZ_Q, sw_v3(0, 0, 0), &FUZZ_TRI, FUZZ_D, 0, &o);
	cr_expect(o.status == SW_HIT && o.t_first == FLT_TRUE_MIN, "fuzzed pair: %s t_first %a",
		  sw_status_name(o.status), o.t_first);
	scene_free(&sc);
	sw_set_isa_cap(sw_best_isa());
}

#define TIER_TESTS(tier, isa)                                                      \
	Test(hull3_tiers, hull_##tier) { check_tier(isa, FAM_HULL); }              \
	Test(hull3_tiers, obb_##tier) { check_tier(isa, FAM_OBB); }                \
	Test(hull3_tiers, tri_##tier) { check_tier(isa, FAM_TRI); }                \
	Test(hull3_tiers, lengths_chunks_threads_##tier) { check_tier_opts(isa); } \
	Test(hull3_tiers, extreme_scales_##tier) { check_extremes(isa); }

TIER_TESTS(ref, SW_ISA_REF)
TIER_TESTS(sse4, SW_ISA_SSE4)
TIER_TESTS(avx2, SW_ISA_AVX2)
TIER_TESTS(avx512, SW_ISA_AVX512)
TIER_TESTS(neon, SW_ISA_NEON)
