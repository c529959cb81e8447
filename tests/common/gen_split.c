/* tests/common/gen_split.c — the split items' populations, fault classes, benchmark scenes and
 * single-item calls (gen_split.h). Polygons are points on a circle at sorted jittered angles (convex,
 * counter-clockwise), sometimes squashed to slivers, turned and moved, and in 3D embedded in a random
 * plane; planes run through the polygon's box, through its vertices, or along needles whose sides
 * alternate by rounding. */
#include "gen_split.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenes.h"

#define MAXV SW_SPLIT_MAX_VERTS

/* ---- storage ---- */

static int alloc_polys(gs_batch *g, gs_kind k, size_t n, size_t nv, uint32_t attrs, int per_item)
{
	memset(g, 0, sizeof *g);
	int D = gs_dim(k);
	g->kind = k, g->n = n, g->k = attrs;
	g->nplanes = per_item ? (n ? n : 1) : 1;
	g->verts = calloc(nv ? nv * (size_t)(k == GS_TRI3 ? 9 : D) : 1, sizeof(float));
	g->first = k == GS_TRI3 || k == GS_HULL3 ? NULL : calloc(n + 1, sizeof(uint32_t));
	g->attrs = attrs ? calloc(nv * attrs * (k == GS_TRI3 ? 3 : 1), sizeof(float)) : NULL;
	g->planes = calloc(g->nplanes * 2 * (size_t)D, sizeof(float));
	g->hulls = k == GS_HULL3 ? calloc(n ? n : 1, sizeof(sw_hull3)) : NULL;
	return g->verts && g->planes && (g->first || k == GS_TRI3 || k == GS_HULL3) && (!attrs || g->attrs) &&
	       (k != GS_HULL3 || g->hulls);
}

/* the view a split row reads; call after any change of the arrays */
static void finish(gs_batch *g)
{
	g->src = (sw_split_src){g->verts, g->first, g->hulls, g->attrs, g->k, g->planes, g->nplanes, 0};
	if (g->first)
		g->src.vend = sw_split_vend(&g->src, g->n);
	if (g->kind == GS_TRI3)
		g->src.vend = g->n;
}

void gs_free(gs_batch *g)
{
	free(g->verts), free(g->first), free(g->attrs), free(g->planes), free(g->hulls);
	memset(g, 0, sizeof *g);
}

/* ---- shapes ---- */

/* a convex polygon of n vertices on a circle of radius `size`, y squashed, turned and moved (2D), or
 * embedded by `rot` at `at` (3D); D floats per vertex into v. Returns 0 when rounding made two
 * consecutive vertices equal */
static int ring(sc_rng *r, uint32_t n, float size, float squash, const float at[3], int D, float *v)
{
	float a0 = sc_uniform(r, 0, 6.2831853f), c = cosf(a0), s = sinf(a0);
	sw_mat3 rot = sw_mat3_from_quat(sc_rotation(r));
	for (uint32_t i = 0; i < n; i++) {
		float ang = 6.2831853f * ((float)i + sc_uniform(r, 0.1f, 0.9f)) / (float)n;
		float x = size * cosf(ang), y = size * sinf(ang) * squash;
		float px = c * x - s * y, py = s * x + c * y;
		if (D == 2) {
			v[2 * i] = at[0] + px, v[2 * i + 1] = at[1] + py;
		} else {
			sw_vec3 w = sw_mat3_mul(&rot, sw_v3(px, py, 0));
			v[3 * i] = at[0] + w.x, v[3 * i + 1] = at[1] + w.y, v[3 * i + 2] = at[2] + w.z;
		}
	}
	for (uint32_t i = 0; i < n; i++)
		if (!memcmp(v + i * D, v + ((i + 1) % n) * D, sizeof(float) * (size_t)D))
			return 0;
	return 1;
}

/* a needle: 2m vertices within amp of the segment from `at` along a random direction, alternately
 * amp to either side, out and back (valid for amp below δ); its line of symmetry as the plane */
static void needle(sc_rng *r, uint32_t m, float len, float amp, const float at[3], int D, float *v, float *pl)
{
	float a0 = sc_uniform(r, 0, 6.2831853f), c = cosf(a0), s = sinf(a0);
	for (uint32_t h = 0; h < 2; h++)
		for (uint32_t i = 0; i < m; i++) {
			float x = h ? len * ((float)(m - 1 - i) + 0.5f) / (float)m : len * (float)i / (float)m;
			float y = i & 1 ? amp : -amp, px = c * x - s * y, py = s * x + c * y;
			float *w = v + (h * m + i) * D;
			w[0] = at[0] + px, w[1] = at[1] + py;
			if (D == 3)
				w[2] = at[2];
		}
	const float p[3] = {at[0], at[1], at[2]}, nrm[3] = {-s, c, 0};
	memcpy(pl, p, sizeof(float) * (size_t)D);
	memcpy(pl + D, nrm, sizeof(float) * (size_t)D);
}

/* a plane through the box of points v[0..n) (D floats each) with a random normal; `through` ≥ 1
 * puts it through vertex 0, 2 through vertices 0 and n/2 as well (a diagonal) */
static void plane_for(sc_rng *r, const float *v, uint32_t n, int D, int through, float *pl)
{
	float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
	for (uint32_t i = 0; i < n; i++)
		for (int d = 0; d < D; d++)
			lo[d] = fminf(lo[d], v[i * D + d]), hi[d] = fmaxf(hi[d], v[i * D + d]);
	for (int d = 0; d < D; d++) {
		pl[d] = through ? v[d] : sc_uniform(r, lo[d], hi[d]);
		pl[D + d] = sc_uniform(r, -1, 1);
	}
	if (through == 2 && D == 2) { /* normal across the diagonal v0 → v[n/2] */
		const float *b = v + (n / 2) * D;
		pl[2] = -(b[1] - v[1]), pl[3] = b[0] - v[0];
	} else if (through == 2) { /* normal across the diagonal, within the plane of v0, v1, v[n/2] */
		const float *b = v + (n / 2) * D, *c = v + D;
		sw_vec3 e = sw_v3(b[0] - v[0], b[1] - v[1], b[2] - v[2]),
			f = sw_v3(c[0] - v[0], c[1] - v[1], c[2] - v[2]);
		sw_vec3 nn = sw_v3_cross(e, sw_v3_cross(f, e));
		pl[3] = nn.x, pl[4] = nn.y, pl[5] = nn.z;
	}
}

/* ---- populations ---- */

typedef struct poly_pop {
	const char *name;
	uint32_t lo, hi;  /* vertex counts */
	float off, world; /* offset of the scene, spread of the polygons */
	float squash;     /* 1, or the sliver's squash */
	int per_item;     /* planes: one each, or one for all */
	int through;      /* 0 in the box, 1 through a vertex, 2 through two */
	float eps;        /* absolute, for polygons of size ~1 */
	uint32_t k;       /* attributes */
	int needles;      /* sides alternating by rounding */
	int broken;       /* every third item damaged */
} poly_pop;

static const poly_pop POLY_POPS[] = {
	{"ring_3_16", 3, 16, 0, 2, 1, 1, 0, 0, 0, 0, 0},        {"one_plane", 3, 16, 0, 4, 1, 0, 0, 0, 0, 0, 0},
	{"eight_thick", 8, 8, 0, 2, 1, 1, 0, 1e-3f, 0, 0, 0},   {"ring_3_32", 3, 32, 0, 2, 1, 1, 0, 0, 0, 0, 0},
	{"far_1e4", 3, 16, 1e4f, 2, 1, 1, 0, 1e-3f, 0, 0, 0},   {"slivers", 3, 16, 0, 2, 1e-4f, 1, 0, 0, 0, 0, 0},
	{"through_vertices", 3, 16, 0, 2, 1, 1, 1, 0, 0, 0, 0}, {"diagonals", 4, 16, 0, 2, 1, 1, 2, 0, 0, 0, 0},
	{"needles", 4, 32, 0, 2, 1, 1, 0, 0, 0, 1, 0},          {"wide_eps", 3, 16, 0, 2, 1, 1, 0, 0.3f, 0, 0, 0},
	{"attributes", 3, 16, 0, 2, 1, 1, 0, 1e-4f, 3, 0, 0},   {"broken", 3, 16, 0, 2, 1, 1, 0, 0, 2, 0, 1},
};
#define NPOLY (sizeof POLY_POPS / sizeof POLY_POPS[0])

static const char *const TRI_POPS[] = {"random",  "one_plane",  "vertex_on_plane", "degenerate",
				       "far_1e4", "attributes", "thick",           "broken"};
#define NTRI (sizeof TRI_POPS / sizeof TRI_POPS[0])

static const char *const HULL_POPS[] = {"random_8_32", "boxes", "flat", "one_plane", "broken"};
#define NHULL (sizeof HULL_POPS / sizeof HULL_POPS[0])

size_t gs_npops(gs_kind k) { return k == GS_TRI3 ? NTRI : k == GS_HULL3 ? NHULL : NPOLY; }

const char *gs_pop_name(gs_kind k, size_t p)
{
	if (p >= gs_npops(k))
		return "?";
	return k == GS_TRI3 ? TRI_POPS[p] : k == GS_HULL3 ? HULL_POPS[p] : POLY_POPS[p].name;
}

static int make_polys(gs_kind kind, const poly_pop *pp, uint64_t seed, size_t n, gs_batch *g)
{
	int D = gs_dim(kind);
	sc_rng r = sc_rng_seed(seed);
	if (!alloc_polys(g, kind, n, n * MAXV, pp->k, pp->per_item))
		return 0;
	g->opts.eps = pp->eps;
	size_t nv = 0;
	for (size_t i = 0; i < n; i++) {
		float *v = g->verts + nv * D, *pl = g->planes + (pp->per_item ? i : 0) * 2 * D;
		float at[3] = {pp->off + sc_uniform(&r, -pp->world, pp->world),
			       -pp->off + sc_uniform(&r, -pp->world, pp->world), sc_uniform(&r, -pp->world, pp->world)};
		uint32_t m = pp->lo + sc_below(&r, pp->hi - pp->lo + 1);
		if (pp->needles) {
			m &= ~1u;
			float len = sc_uniform(&r, 1, 4), amp = len * sc_uniform(&r, 0.01f, 0.5f) * 1e-6f;
			float tmp[6];
			needle(&r, m / 2, len, amp, at, D, v, tmp);
			if (pp->per_item || i == 0)
				memcpy(pl, tmp, sizeof(float) * 2 * (size_t)D);
		} else {
			float squash = pp->squash < 1 && sc_below(&r, 2) ? pp->squash : 1;
			while (!ring(&r, m, sc_uniform(&r, 0.2f, 3), squash, at, D, v))
				;
			if (pp->per_item)
				plane_for(&r, v, m, D, pp->through, pl);
		}
		for (uint32_t a = 0; a < m * pp->k; a++)
			g->attrs[nv * pp->k + a] = sc_uniform(&r, -1, 1);
		g->first[i] = (uint32_t)nv;
		nv += m;
	}
	g->first[n] = (uint32_t)nv;
	g->nverts = nv;
	if (!pp->per_item && !pp->needles) { /* one plane through the scene's middle */
		for (int d = 0; d < D; d++)
			g->planes[d] = (d == 0   ? pp->off
					: d == 1 ? -pp->off
						 : 0) +
				       sc_uniform(&r, -0.5f, 0.5f),
			g->planes[D + d] = sc_uniform(&r, -1, 1);
	}
	finish(g);
	if (pp->broken)
		for (size_t i = 1; i < n; i += 3)
			gs_damage(g, i, (unsigned)(i / 3) % gs_nfaults(kind));
	return 1;
}

static void random_tri(sc_rng *r, float off, float size, float *t)
{
	float at[3] = {off + sc_uniform(r, -2, 2), -off + sc_uniform(r, -2, 2), sc_uniform(r, -2, 2)};
	for (int k = 0; k < 9; k++)
		t[k] = at[k % 3] + sc_uniform(r, -size, size);
}

static int make_tris(size_t p, uint64_t seed, size_t n, gs_batch *g)
{
	sc_rng r = sc_rng_seed(seed);
	const char *name = TRI_POPS[p];
	int one = !strcmp(name, "one_plane");
	uint32_t k = !strcmp(name, "attributes") ? 4 : !strcmp(name, "broken") ? 1 : 0;
	if (!alloc_polys(g, GS_TRI3, n, n, k, !one))
		return 0;
	g->opts.eps = !strcmp(name, "thick") ? 1e-2f : 0;
	float off = !strcmp(name, "far_1e4") ? 1e4f : 0;
	for (size_t i = 0; i < n; i++) {
		float *t = g->verts + 9 * i, *pl = g->planes + (one ? 0 : 6 * i);
		random_tri(&r, off, sc_uniform(&r, 0.1f, 3), t);
		if (!strcmp(name, "degenerate")) { /* collinear, or two vertices equal */
			float u = sc_uniform(&r, -1, 2);
			for (int d = 0; d < 3; d++)
				t[6 + d] = sc_below(&r, 2) ? t[d] + u * (t[3 + d] - t[d]) : t[3 + d];
		}
		for (uint32_t a = 0; a < 3 * k; a++)
			g->attrs[3 * k * i + a] = sc_uniform(&r, -1, 1);
		if (one)
			continue;
		int through = !strcmp(name, "vertex_on_plane") ? 1 + (int)sc_below(&r, 2) : 0;
		if (through) { /* through vertex a, b or c (rotate the triangle so it is v0), or two of them */
			uint32_t rot = sc_below(&r, 3);
			float tmp[9];
			for (int q = 0; q < 9; q++)
				tmp[q] = t[(q + 3 * rot) % 9];
			plane_for(&r, tmp, 3, 3, 1, pl);
			if (through == 2) { /* the plane through tmp[0] and tmp[1], normal ⟂ that edge */
				sw_vec3 e = sw_v3(tmp[3] - tmp[0], tmp[4] - tmp[1], tmp[5] - tmp[2]);
				sw_vec3 w = sw_v3(pl[3], pl[4], pl[5]), nn = sw_v3_cross(e, sw_v3_cross(w, e));
				pl[3] = nn.x, pl[4] = nn.y, pl[5] = nn.z;
			}
		} else {
			plane_for(&r, t, 3, 3, 0, pl);
		}
	}
	if (one)
		for (int d = 0; d < 3; d++)
			g->planes[d] = sc_uniform(&r, -0.5f, 0.5f), g->planes[3 + d] = sc_uniform(&r, -1, 1);
	g->nverts = 3 * n;
	finish(g);
	if (!strcmp(name, "broken"))
		for (size_t i = 1; i < n; i += 3)
			gs_damage(g, i, (unsigned)(i / 3) % gs_nfaults(GS_TRI3));
	return 1;
}

/* a random hull of 8–32 points near an ellipsoid (about 1 in size) at `at`, or a flat one */
static void random_hull(sc_rng *r, const float at[3], int flat, sw_hull3 *h)
{
	for (;;) {
		sw_vec3 pts[32];
		size_t m = 8 + sc_below(r, 25);
		sw_vec3 ax = sw_v3(sc_uniform(r, 0.3f, 1.5f), sc_uniform(r, 0.3f, 1.5f),
				   flat ? 0 : sc_uniform(r, 0.3f, 1.5f));
		sc_ellipsoid_points(r, m, ax, sc_below(r, 2) ? 1.0f : 0.5f, pts);
		sw_mat3 rot = sw_mat3_from_quat(sc_rotation(r));
		for (size_t i = 0; i < m; i++)
			pts[i] = sw_v3_add(sw_mat3_mul(&rot, pts[i]), sw_v3(at[0], at[1], at[2]));
		if (sw_hull3_build(pts, m, NULL, h) == SW_OK)
			return;
	}
}

static int make_hulls(size_t p, uint64_t seed, size_t n, gs_batch *g)
{
	sc_rng r = sc_rng_seed(seed);
	const char *name = HULL_POPS[p];
	int one = !strcmp(name, "one_plane");
	if (!alloc_polys(g, GS_HULL3, n, 0, 0, !one))
		return 0;
	for (size_t i = 0; i < n; i++) {
		sw_hull3 *h = &g->hulls[i];
		float at[3] = {sc_uniform(&r, -3, 3), sc_uniform(&r, -3, 3), sc_uniform(&r, -3, 3)};
		if (!strcmp(name, "boxes")) {
			sw_vec3 half = sw_v3(sc_uniform(&r, 0.2f, 1.5f), sc_uniform(&r, 0.2f, 1.5f),
					     sc_uniform(&r, 0.2f, 1.5f));
			sw_obb3 b = {half};
			sw_hull3_box(&b, h);
		} else {
			random_hull(&r, one ? at : (const float[3]){0, 0, 0}, !strcmp(name, "flat"), h);
		}
		float *pl = g->planes + (one ? 0 : 6 * i);
		if (!one)
			plane_for(&r, &h->verts[0].x, h->num_verts, 3, sc_below(&r, 4) == 0, pl);
	}
	if (one)
		for (int d = 0; d < 3; d++)
			g->planes[d] = sc_uniform(&r, -0.5f, 0.5f), g->planes[3 + d] = sc_uniform(&r, -1, 1);
	finish(g);
	if (!strcmp(name, "broken"))
		for (size_t i = 1; i < n; i += 3)
			gs_damage(g, i, (unsigned)(i / 3) % gs_nfaults(GS_HULL3));
	return 1;
}

int gs_make(gs_kind k, size_t p, size_t n, gs_batch *g)
{
	if (p >= gs_npops(k))
		return 0;
	uint64_t seed = 0x5917 + 1000 * (uint64_t)k + p;
	switch (k) {
	case GS_POLY2:
	case GS_POLY3: return make_polys(k, &POLY_POPS[p], seed, n ? n : 1500, g);
	case GS_TRI3: return make_tris(p, seed, n ? n : 3000, g);
	case GS_HULL3: return make_hulls(p, seed, n ? n : 120, g);
	default: return 0;
	}
}

int gs_bench(gs_kind k, unsigned mix, size_t n, gs_batch *g)
{
	int per_item = mix >= 8;
	mix &= 7;
	if (k == GS_POLY2 || k == GS_POLY3) {
		static const uint32_t lo[3] = {3, 8, 16}, hi[3] = {16, 8, 16};
		if (mix > 2)
			return 0;
		poly_pop pp = {"bench", lo[mix], hi[mix], 0, 4, 1, per_item, 0, 0, 0, 0, 0};
		return make_polys(k, &pp, 0xbe4c + mix, n, g);
	}
	if (mix != 0)
		return 0;
	if (k == GS_TRI3)
		return make_tris(per_item ? 0 : 1, 0xbe4d, n, g);
	if (k == GS_HULL3)
		return make_hulls(per_item ? 0 : 3, 0xbe4e, n, g);
	return 0;
}

/* ---- faults ---- */

static const char *const POLY_FAULTS[] = {"two_vertices", "33_vertices",     "nan_vertex",  "inf_vertex",
					  "huge_vertex",  "repeated_vertex", "clockwise",   "dart",
					  "zero_normal",  "nan_plane",       "tiny_normal", "nan_attribute"};
static const char *const TRI_FAULTS[] = {"nan_vertex",  "inf_vertex", "huge_vertex",
					 "zero_normal", "nan_plane",  "nan_attribute"};
static const char *const HULL_FAULTS[] = {"corrupt_normal", "empty_hull", "zero_normal", "nan_plane"};

unsigned gs_nfaults(gs_kind k) { return k == GS_TRI3 ? 6 : k == GS_HULL3 ? 4 : 12; }

const char *gs_fault_name(gs_kind k, unsigned c)
{
	if (c >= gs_nfaults(k))
		return "?";
	return k == GS_TRI3 ? TRI_FAULTS[c] : k == GS_HULL3 ? HULL_FAULTS[c] : POLY_FAULTS[c];
}

/* polygon i's vertices replaced by m vertices from w (attributes kept where they exist, else 0) */
static int replace_poly(gs_batch *g, size_t i, const float *w, uint32_t m)
{
	int D = gs_dim(g->kind);
	uint32_t old = g->first[i + 1] - g->first[i];
	size_t nv = g->nverts - old + m;
	float *v = calloc(nv * D + 1, sizeof(float)), *a = g->k ? calloc(nv * g->k + 1, sizeof(float)) : NULL;
	if (!v || (g->k && !a)) {
		free(v), free(a);
		return 0;
	}
	size_t before = g->first[i], after = g->nverts - g->first[i + 1];
	memcpy(v, g->verts, sizeof(float) * before * D);
	memcpy(v + before * D, w, sizeof(float) * m * D);
	memcpy(v + (before + m) * D, g->verts + (size_t)g->first[i + 1] * D, sizeof(float) * after * D);
	if (a) {
		memcpy(a, g->attrs, sizeof(float) * before * g->k);
		memcpy(a + before * g->k, g->attrs + before * g->k, sizeof(float) * (m < old ? m : old) * g->k);
		memcpy(a + (before + m) * g->k, g->attrs + (size_t)g->first[i + 1] * g->k,
		       sizeof(float) * after * g->k);
	}
	for (size_t j = i + 1; j <= g->n; j++)
		g->first[j] = g->first[j] + m - old;
	free(g->verts), free(g->attrs);
	g->verts = v, g->attrs = a, g->nverts = nv;
	finish(g);
	return 1;
}

static int damage_plane(gs_batch *g, size_t i, unsigned what)
{
	if (g->nplanes != g->n)
		return 0;
	int D = gs_dim(g->kind);
	float *pl = g->planes + i * 2 * D;
	if (what == 0)
		memset(pl + D, 0, sizeof(float) * (size_t)D);
	else if (what == 1)
		pl[1] = NAN;
	else
		for (int d = 0; d < D; d++)
			pl[D + d] = d == 0 ? 1e-20f : 0;
	return 1;
}

static int damage_poly(gs_batch *g, size_t i, unsigned c)
{
	int D = gs_dim(g->kind);
	uint32_t m = g->first[i + 1] - g->first[i];
	float w[(MAXV + 1) * 3], *v = g->verts + (size_t)g->first[i] * D;
	memcpy(w, v, sizeof(float) * m * D);
	switch (c) {
	case 0: return replace_poly(g, i, w, 2);
	case 1: /* 33 vertices: the polygon's, then points on its last edge */
		for (uint32_t j = m; j < MAXV + 1; j++)
			for (int d = 0; d < D; d++)
				w[j * D + d] =
					w[(m - 1) * D + d] + (w[d] - w[(m - 1) * D + d]) * (float)(j - m + 1) / 40.0f;
		return replace_poly(g, i, w, MAXV + 1);
	case 2: v[D * (m / 2)] = NAN; return 1;
	case 3: v[D * (m / 2) + 1] = -INFINITY; return 1;
	case 4: v[D * (m / 2)] = 2e15f; return 1;
	case 5: memcpy(v + D, v, sizeof(float) * (size_t)D); return 1;
	case 6: /* a 3D polygon has no winding of its own: clockwise is counter-clockwise about −n */
		if (D == 3)
			return 0;
		for (uint32_t j = 0; j < m; j++)
			memcpy(v + j * D, w + (m - 1 - j) * D, sizeof(float) * (size_t)D);
		return 1;
	case 7: /* a dart: vertex 1 reflected across the chord of its neighbours, a reflex corner */
		if (m < 4)
			return 0;
		for (int d = 0; d < D; d++)
			v[D + d] = w[d] + w[2 * D + d] - w[D + d];
		return 1;
	case 8:
	case 9:
	case 10: return damage_plane(g, i, c - 8);
	case 11:
		if (!g->k)
			return 0;
		g->attrs[(size_t)g->first[i] * g->k] = NAN;
		return 1;
	default: return 0;
	}
}

int gs_damage(gs_batch *g, size_t i, unsigned c)
{
	if (i >= g->n || c >= gs_nfaults(g->kind))
		return 0;
	switch (g->kind) {
	case GS_POLY2:
	case GS_POLY3: return damage_poly(g, i, c);
	case GS_TRI3:
		if (c <= 2) {
			g->verts[9 * i + 4] = c == 0 ? NAN : c == 1 ? INFINITY : -3e15f;
			return 1;
		}
		if (c <= 4)
			return damage_plane(g, i, c - 3);
		if (!g->k)
			return 0;
		g->attrs[3 * g->k * i + 1] = NAN;
		return 1;
	case GS_HULL3:
		if (c == 0) {
			g->hulls[i].faces[0].normal.x = -g->hulls[i].faces[0].normal.x + 0.5f;
			return 1;
		}
		if (c == 1) {
			g->hulls[i].num_verts = 0;
			return 1;
		}
		return damage_plane(g, i, c - 2);
	default: return 0;
	}
}

/* ---- printing and single calls ---- */

void gs_print(const gs_batch *g, size_t i, FILE *f)
{
	int D = gs_dim(g->kind);
	const float *pl = g->planes + (g->nplanes == 1 ? 0 : i) * 2 * D;
	fprintf(f, "#   item %zu, eps %a, plane", i, g->opts.eps);
	for (int d = 0; d < 2 * D; d++)
		fprintf(f, " %a", pl[d]);
	fprintf(f, "\n#   ");
	if (g->kind == GS_HULL3) {
		fprintf(f, "hull of %u vertices, %u faces:", g->hulls[i].num_verts, g->hulls[i].num_faces);
		for (uint32_t v = 0; v < g->hulls[i].num_verts && v < SW_HULL_MAX_VERTS; v++)
			fprintf(f, " (%a %a %a)", g->hulls[i].verts[v].x, g->hulls[i].verts[v].y,
				g->hulls[i].verts[v].z);
	} else {
		uint32_t lo = g->kind == GS_TRI3 ? 3 * (uint32_t)i : g->first[i];
		uint32_t hi = g->kind == GS_TRI3 ? lo + 3 : g->first[i + 1];
		fprintf(f, "%u vertices:", hi - lo);
		for (uint32_t v = lo; v < hi && v < lo + 64; v++) {
			fprintf(f, " (");
			for (int d = 0; d < D; d++)
				fprintf(f, d ? " %a" : "%a", g->verts[(size_t)v * D + d]);
			fprintf(f, ")");
		}
	}
	fprintf(f, "\n");
}

static const gs_kind KIND_OF[] = {GS_POLY2, GS_POLY3, GS_TRI3, GS_HULL3};

sw_query gs_split_query(gs_kind k)
{
	static const sw_query q[] = {SW_Q_poly2_split, SW_Q_poly3_split, SW_Q_tri3_split, SW_Q_hull3_split};
	return k < GS_KINDS ? q[k] : SW_Q_COUNT;
}

sw_query gs_mass_query(gs_kind k)
{
	static const sw_query q[] = {SW_Q_poly2_split_mass, SW_Q_poly3_split_mass, SW_Q_COUNT, SW_Q_hull3_split_mass};
	return k < GS_KINDS ? q[k] : SW_Q_COUNT;
}

gs_kind gs_kind_of(sw_query q)
{
	for (int k = 0; k < GS_KINDS; k++)
		if (gs_split_query(KIND_OF[k]) == q || gs_mass_query(KIND_OF[k]) == q)
			return KIND_OF[k];
	return GS_KINDS;
}

sw_error gs_single_call(const gs_batch *g, sw_query q, size_t i, gs_single *out, sw_hull3 *hf, sw_hull3 *hb)
{
	int D = gs_dim(g->kind);
	const float *pl = g->planes + (g->nplanes == 1 ? 0 : i) * 2 * D;
	sw_plane2 l2 = {{pl[0], pl[1]}, {pl[2], pl[3]}};
	sw_plane3 l3 = {{0, 0, 0}, {0, 0, 0}};
	if (D == 3) /* a 2D plane is 4 floats: the last one's would end past the array */
		l3 = (sw_plane3){{pl[0], pl[1], pl[2]}, {pl[3], pl[4], pl[5]}};
	uint32_t lo = g->first ? g->first[i] : 0, hi = g->first ? g->first[i + 1] : 0;
	uint32_t n = hi >= lo ? hi - lo : 0;
	const float *v = g->first ? g->verts + (size_t)lo * D : g->verts + 9 * i;
	const float *a = !g->k ? NULL : g->first ? g->attrs + (size_t)lo * g->k : g->attrs + 3 * g->k * i;
	sw_split_attrs at = {g->k, a, out->fa, out->ba}, *pat = g->k ? &at : NULL;
	memset(&out->m, 0, sizeof out->m);
	if (q == SW_Q_poly2_split)
		return sw_poly2_split((const sw_vec2 *)v, n, l2, &g->opts, pat, (sw_vec2 *)out->fe, (sw_vec2 *)out->be,
				      &out->o);
	if (q == SW_Q_poly3_split)
		return sw_poly3_split((const sw_vec3 *)v, n, l3, &g->opts, pat, (sw_vec3 *)out->fe, (sw_vec3 *)out->be,
				      &out->o);
	if (q == SW_Q_tri3_split)
		return sw_tri3_split((const sw_tri3 *)v, l3, &g->opts, pat, (sw_tri3 *)out->fe, (sw_tri3 *)out->be,
				     &out->o);
	if (q == SW_Q_hull3_split)
		return sw_hull3_split(&g->hulls[i], l3, &g->opts, hf, hb, &out->o);
	if (q == SW_Q_poly2_split_mass) {
		sw_split_mass2 m2;
		sw_error e = sw_poly2_split_mass((const sw_vec2 *)v, n, l2, &g->opts, &m2);
		out->m = (sw_split_mass3){m2.status,
					  m2.cls,
					  m2.front_area,
					  m2.back_area,
					  {m2.front_centroid.x, m2.front_centroid.y, 0},
					  {m2.back_centroid.x, m2.back_centroid.y, 0}};
		return e;
	}
	if (q == SW_Q_poly3_split_mass)
		return sw_poly3_split_mass((const sw_vec3 *)v, n, l3, &g->opts, &out->m);
	if (q == SW_Q_hull3_split_mass)
		return sw_hull3_split_mass(&g->hulls[i], l3, &g->opts, &out->m);
	return SW_ERR_ARG;
}
