/* bench/step_scene.c — see step_scene.h. The worlds are long boxes (x 64 times the other sides), as a
 * corridor or a track is, so a sort-and-sweep on x meets a few dozen candidates per shape; the sweep
 * reads the bounds copied in sweep order. box_tri sweeps its boxes against the triangles, sorted once
 * (they never move). */
#include "step_scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenes.h"

const char *const st_family_names[ST_FAMILIES] = {"boxes", "box_tri", "poly2", "hull3"};

#define SEED 0x57e9ull
#define MAX_STEP 0.3f      /* largest displacement per axis and step */
#define MAX_TURN 0.05f     /* largest turn per step, radians */
#define ASPECT3 64.0f      /* x side over the other sides, 3D */
#define ASPECT2 64.0f      /* x side over y, 2D */
#define DENSITY3 0.08f     /* shapes per unit volume */
#define DENSITY2 0.5f      /* polygons per unit area */
#define GROUND_WIDTH 16.0f /* box_tri: the ground strip's y side; one box per unit area over it */
#define BAND_LO 0.3f       /* box_tri: the boxes' centres stay between these heights */
#define BAND_HI 1.5f
#define NSHAPES2 32
#define NSHAPES3 64

static void *zalloc(size_t bytes) { return calloc(1, bytes ? bytes : 1); }

void st_scene_free(st_scene *s)
{
	free(s->pose3), free(s->pose2), free(s->disp3), free(s->disp2), free(s->spin), free(s->turn);
	free(s->radius), free(s->order), free(s->pairs);
	for (int k = 0; k < 3; k++)
		free(s->lo[k]), free(s->hi[k]), free(s->sorted_lo[k]), free(s->sorted_hi[k]), free(s->tri_lo[k]),
			free(s->tri_hi[k]);
	free(s->status), free(s->feature), free(s->t_first), free(s->nx), free(s->ny), free(s->nz);
	sw_obb3_set_destroy(s->boxes), sw_tri3_set_destroy(s->tris), sw_poly2_set_destroy(s->polys);
	sw_hull3_set_destroy(s->hulls);
	memset(s, 0, sizeof *s);
}

/* the half sides of the world: x, then y (and z) */
static void world(const st_scene *s, float *lx, float *ly)
{
	if (s->fam == ST_POLY2) {
		*ly = sqrtf((float)s->n / DENSITY2 / (4 * ASPECT2)), *lx = ASPECT2 * *ly;
	} else if (s->fam == ST_BOX_TRI) {
		*ly = GROUND_WIDTH / 2, *lx = (float)s->n / GROUND_WIDTH / 2;
	} else {
		*ly = cbrtf((float)s->n / DENSITY3 / (8 * ASPECT3)), *lx = ASPECT3 * *ly;
	}
}

static int alloc_state(st_scene *s)
{
	size_t n = s->n, m = s->n + s->ntri;
	int ok = 1;
	if (s->fam == ST_POLY2)
		ok &= (s->pose2 = zalloc(n * sizeof *s->pose2)) && (s->disp2 = zalloc(n * sizeof *s->disp2)) &&
		      (s->turn = zalloc(n * sizeof *s->turn));
	else
		ok &= (s->pose3 = zalloc(n * sizeof *s->pose3)) && (s->disp3 = zalloc(n * sizeof *s->disp3)) &&
		      (s->spin = zalloc(n * sizeof *s->spin));
	ok &= (s->radius = zalloc(n * sizeof *s->radius)) && (s->order = zalloc(m * sizeof *s->order));
	for (int k = 0; k < 3; k++)
		ok &= (s->lo[k] = zalloc(m * sizeof(float))) && (s->hi[k] = zalloc(m * sizeof(float))) &&
		      (s->sorted_lo[k] = zalloc(n * sizeof(float))) && (s->sorted_hi[k] = zalloc(n * sizeof(float))) &&
		      (s->tri_lo[k] = zalloc(s->ntri * sizeof(float))) &&
		      (s->tri_hi[k] = zalloc(s->ntri * sizeof(float)));
	s->cap = 4 * n;
	ok &= (s->pairs = zalloc(s->cap * sizeof *s->pairs)) != NULL;
	return ok;
}

/* the answer columns for the pair list's capacity */
static int alloc_answers(st_scene *s)
{
	free(s->status), free(s->feature), free(s->t_first), free(s->nx), free(s->ny), free(s->nz);
	s->status = zalloc(s->cap), s->feature = zalloc(s->cap * 4), s->t_first = zalloc(s->cap * 4);
	s->nx = zalloc(s->cap * 4), s->ny = zalloc(s->cap * 4), s->nz = zalloc(s->cap * 4);
	return s->status && s->feature && s->t_first && s->nx && s->ny && s->nz;
}

/* a moving shape's start: anywhere in the world (box_tri: in the band over the ground) */
static void start3(st_scene *s, sc_rng *r, size_t i, float lx, float ly)
{
	float zlo = s->fam == ST_BOX_TRI ? BAND_LO : -ly, zhi = s->fam == ST_BOX_TRI ? BAND_HI : ly;
	s->pose3[i].p = sw_v3(sc_uniform(r, -lx, lx), sc_uniform(r, -ly, ly), sc_uniform(r, zlo, zhi));
	s->pose3[i].q = sc_rotation(r);
	s->disp3[i] = sw_v3(sc_uniform(r, -MAX_STEP, MAX_STEP), sc_uniform(r, -MAX_STEP, MAX_STEP),
			    sc_uniform(r, -MAX_STEP, MAX_STEP) * (s->fam == ST_BOX_TRI ? 0.3f : 1.0f));
	s->spin[i] = sw_quat_from_axis_angle(sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, 0.1f, 1)),
					     sc_uniform(r, 0, MAX_TURN));
}

/* the ground of box_tri: a height field over the strip, two triangles per unit cell; their bounds
 * follow the moving shapes' in lo/hi */
static sw_error make_ground(st_scene *s, float lx, float ly)
{
	size_t gx = (size_t)(2 * lx), gy = (size_t)(2 * ly);
	s->ntri = 2 * gx * gy;
	sw_error e = sw_tri3_set_create(s->ntri, &s->tris);
	for (size_t i = 0; i < gx && e == SW_OK; i++)
		for (size_t j = 0; j < gy && e == SW_OK; j++) {
			sw_vec3 c[4];
			for (int k = 0; k < 4; k++) {
				float x = -lx + (float)(i + (size_t)(k & 1)), y = -ly + (float)(j + (size_t)(k >> 1));
				c[k] = sw_v3(x, y, 0.15f * sinf(0.7f * x) * cosf(0.9f * y));
			}
			const sw_tri3 t0 = {c[0], c[1], c[3]}, t1 = {c[0], c[3], c[2]};
			e = sw_tri3_set_add(s->tris, &t0, sw_v3(0, 0, 0), NULL);
			e = e == SW_OK ? sw_tri3_set_add(s->tris, &t1, sw_v3(0, 0, 0), NULL) : e;
		}
	return e;
}

static void tri_bounds(st_scene *s)
{
	for (uint32_t t = 0; t < s->ntri; t++) {
		sw_tri3 tri;
		sw_tri3_set_get(s->tris, t, &tri, NULL);
		const float *v[3] = {&tri.a.x, &tri.b.x, &tri.c.x};
		for (int k = 0; k < 3; k++) {
			float lo = fminf(fminf(v[0][k], v[1][k]), v[2][k]),
			      hi = fmaxf(fmaxf(v[0][k], v[1][k]), v[2][k]);
			s->lo[k][s->n + t] = lo, s->hi[k][s->n + t] = hi;
		}
	}
}

static sw_error make_boxes(st_scene *s, sc_rng *r, float lx, float ly)
{
	sw_error e = sw_obb3_set_create(s->n, &s->boxes);
	float small = s->fam == ST_BOX_TRI ? 0.15f : 0.2f, big = s->fam == ST_BOX_TRI ? 0.4f : 0.6f;
	for (size_t i = 0; i < s->n && e == SW_OK; i++) {
		sw_obb3 b = {{sc_uniform(r, small, big), sc_uniform(r, small, big), sc_uniform(r, small, big)}};
		s->radius[i] = sw_v3_len(b.half);
		start3(s, r, i, lx, ly);
		e = sw_obb3_set_add(s->boxes, &b, s->pose3[i], s->disp3[i], NULL);
	}
	return e;
}

static sw_error make_hulls(st_scene *s, sc_rng *r, float lx, float ly)
{
	float reach[NSHAPES3];
	uint32_t id[NSHAPES3];
	sw_hull3 *h = malloc(sizeof *h);
	sw_error e = h ? sw_hull3_set_create(s->n, &s->hulls) : SW_ERR_NOMEM;
	for (int k = 0; k < NSHAPES3 && e == SW_OK; k++) {
		sw_vec3 pts[32];
		size_t np = 8 + sc_below(r, 25);
		sc_ellipsoid_points(
			r, np, sw_v3(sc_uniform(r, 0.3f, 0.6f), sc_uniform(r, 0.3f, 0.6f), sc_uniform(r, 0.3f, 0.6f)),
			0.7f, pts);
		e = sw_hull3_build(pts, np, NULL, h);
		e = e == SW_OK ? sw_hull3_set_add_shape(s->hulls, h, &id[k]) : e;
		reach[k] = sw_v3_len(h->centroid) + h->radius;
	}
	free(h);
	for (size_t i = 0; i < s->n && e == SW_OK; i++) {
		uint32_t k = sc_below(r, NSHAPES3);
		s->radius[i] = reach[k];
		start3(s, r, i, lx, ly);
		e = sw_hull3_set_add(s->hulls, id[k], s->pose3[i], s->disp3[i], NULL);
	}
	return e;
}

static sw_error make_polys(st_scene *s, sc_rng *r, float lx, float ly)
{
	float reach[NSHAPES2];
	uint32_t id[NSHAPES2];
	sw_error e = sw_poly2_set_create(s->n, &s->polys);
	for (int k = 0; k < NSHAPES2 && e == SW_OK; k++) {
		sw_vec2 pts[8];
		size_t np = 3 + sc_below(r, 6);
		float rad = sc_uniform(r, 0.3f, 0.6f), a0 = sc_uniform(r, 0, 6.28f);
		for (size_t j = 0; j < np; j++) {
			float a = a0 + 6.2831853f * ((float)j + sc_uniform(r, -0.3f, 0.3f)) / (float)np;
			pts[j] = sw_v2(rad * cosf(a), rad * sinf(a));
		}
		sw_poly2 p;
		e = sw_poly2_build(pts, np, &p);
		e = e == SW_OK ? sw_poly2_set_add_shape(s->polys, &p, &id[k]) : e;
		reach[k] = rad;
	}
	for (size_t i = 0; i < s->n && e == SW_OK; i++) {
		uint32_t k = sc_below(r, NSHAPES2);
		s->radius[i] = reach[k];
		s->pose2[i] = sw_pose2_make(sw_v2(sc_uniform(r, -lx, lx), sc_uniform(r, -ly, ly)),
					    sc_uniform(r, -3.14f, 3.14f));
		s->disp2[i] = sw_v2(sc_uniform(r, -MAX_STEP, MAX_STEP), sc_uniform(r, -MAX_STEP, MAX_STEP));
		s->turn[i] = sw_rot2_from_angle(sc_uniform(r, -MAX_TURN, MAX_TURN));
		e = sw_poly2_set_add(s->polys, id[k], s->pose2[i], s->disp2[i], NULL);
	}
	return e;
}

int st_scene_make(st_family fam, size_t n, st_scene *s)
{
	memset(s, 0, sizeof *s);
	s->fam = fam, s->n = n;
	float lx, ly;
	world(s, &lx, &ly);
	s->wall = ly;
	sc_rng r = sc_rng_seed(SEED ^ (uint64_t)fam << 40 ^ n);
	sw_error e = fam == ST_BOX_TRI ? make_ground(s, lx, ly) : SW_OK;
	if (e != SW_OK || !alloc_state(s) || !alloc_answers(s)) {
		st_scene_free(s);
		return 0;
	}
	if (fam == ST_BOXES || fam == ST_BOX_TRI)
		e = make_boxes(s, &r, lx, ly);
	else if (fam == ST_HULL3)
		e = make_hulls(s, &r, lx, ly);
	else
		e = make_polys(s, &r, lx, ly);
	if (e != SW_OK) {
		st_scene_free(s);
		return 0;
	}
	if (fam == ST_BOX_TRI)
		tri_bounds(s);
	return 1;
}

/* ---- the step ---- */

/* x bounces between −lim and lim, its motion d turned back at the wall */
static void bounce(float *x, float *d, float lo, float hi)
{
	if (*x > hi)
		*x = 2 * hi - *x, *d = -fabsf(*d);
	else if (*x < lo)
		*x = 2 * lo - *x, *d = fabsf(*d);
}

void st_integrate(st_scene *s)
{
	float lx, ly;
	world(s, &lx, &ly);
	if (s->fam == ST_POLY2) {
		for (size_t i = 0; i < s->n; i++) {
			sw_pose2 *p = &s->pose2[i];
			p->p = sw_v2_add(p->p, s->disp2[i]);
			bounce(&p->p.x, &s->disp2[i].x, -lx, lx), bounce(&p->p.y, &s->disp2[i].y, -ly, ly);
			sw_rot2 t = s->turn[i], q = p->q;
			float c = q.c * t.c - q.s * t.s, sn = q.s * t.c + q.c * t.s, u = 1.0f / sqrtf(c * c + sn * sn);
			p->q = (sw_rot2){c * u, sn * u};
		}
		return;
	}
	float zlo = s->fam == ST_BOX_TRI ? BAND_LO : -ly, zhi = s->fam == ST_BOX_TRI ? BAND_HI : ly;
	for (size_t i = 0; i < s->n; i++) {
		sw_pose3 *p = &s->pose3[i];
		sw_vec3 *d = &s->disp3[i];
		p->p = sw_v3_add(p->p, *d);
		bounce(&p->p.x, &d->x, -lx, lx), bounce(&p->p.y, &d->y, -ly, ly), bounce(&p->p.z, &d->z, zlo, zhi);
		sw_quat q = sw_quat_mul(s->spin[i], p->q);
		float u = 1.0f / sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
		p->q = (sw_quat){q.x * u, q.y * u, q.z * u, q.w * u};
	}
}

sw_error st_update(st_scene *s)
{
	if (s->fam == ST_POLY2)
		return sw_poly2_set_place(s->polys, 0, s->n, s->pose2, s->disp2);
	if (s->fam == ST_HULL3)
		return sw_hull3_set_place(s->hulls, 0, s->n, s->pose3, s->disp3);
	return sw_obb3_set_place(s->boxes, 0, s->n, s->pose3, s->disp3);
}

/* swept bounds of the moving shapes: their bounding spheres at the start and the end of the step */
static void moving_bounds(st_scene *s)
{
	int dims = s->fam == ST_POLY2 ? 2 : 3;
	for (size_t i = 0; i < s->n; i++) {
		const float *p = s->fam == ST_POLY2 ? &s->pose2[i].p.x : &s->pose3[i].p.x;
		const float *d = s->fam == ST_POLY2 ? &s->disp2[i].x : &s->disp3[i].x;
		for (int k = 0; k < dims; k++) {
			float a = p[k], b = p[k] + d[k];
			s->lo[k][i] = fminf(a, b) - s->radius[i], s->hi[k][i] = fmaxf(a, b) + s->radius[i];
		}
	}
}

static const float *sort_key;
static int by_key(const void *a, const void *b)
{
	float x = sort_key[*(const uint32_t *)a], y = sort_key[*(const uint32_t *)b];
	return (x > y) - (x < y);
}

/* order[0, m) by key, from the last step's order: insertion sort (shapes move little per step); the
 * first time, a full sort */
static void sort_by(uint32_t *order, size_t m, const float *key, int *sorted)
{
	if (!*sorted) {
		for (size_t i = 0; i < m; i++)
			order[i] = (uint32_t)i;
		sort_key = key;
		qsort(order, m, sizeof *order, by_key);
		*sorted = 1;
		return;
	}
	for (size_t i = 1; i < m; i++) {
		uint32_t v = order[i];
		float k = key[v];
		size_t j = i;
		for (; j > 0 && key[order[j - 1]] > k; j--)
			order[j] = order[j - 1];
		order[j] = v;
	}
}

/* twice the room for pairs (and answers) */
static int grow(st_scene *s)
{
	sw_pair *p = realloc(s->pairs, 2 * s->cap * sizeof *p);
	if (!p)
		return 0;
	s->pairs = p, s->cap *= 2;
	return alloc_answers(s);
}

/* the moving shapes swept against each other: bounds copied in sweep order, so the inner loop reads
 * consecutive slots */
static size_t sweep_moving(st_scene *s, int dims)
{
	float *c[6];
	for (int k = 0; k < 3; k++)
		c[2 * k] = s->sorted_lo[k], c[2 * k + 1] = s->sorted_hi[k];
	for (size_t i = 0; i < s->n; i++)
		for (int k = 0; k < dims; k++)
			c[2 * k][i] = s->lo[k][s->order[i]], c[2 * k + 1][i] = s->hi[k][s->order[i]];
	for (size_t i = 0; i < s->n; i++) {
		float hx = c[1][i], ly = c[2][i], hy = c[3][i], lz = dims > 2 ? c[4][i] : 0,
		      hz = dims > 2 ? c[5][i] : 0;
		/* every candidate is written, and kept when the other axes overlap: no branch on the test */
		for (size_t j = i + 1; j < s->n && c[0][j] <= hx; j++) {
			int keep =
				(c[2][j] <= hy) & (ly <= c[3][j]) & (dims < 3 || ((c[4][j] <= hz) & (lz <= c[5][j])));
			if (s->npairs == s->cap && !grow(s))
				return 0;
			s->pairs[s->npairs] = (sw_pair){s->order[i], s->order[j]};
			s->npairs += (size_t)keep;
		}
	}
	return s->npairs;
}

size_t st_broadphase(st_scene *s)
{
	int dims = s->fam == ST_POLY2 ? 2 : 3;
	moving_bounds(s);
	sort_by(s->order, s->n, s->lo[0], &s->sorted);
	s->npairs = 0;
	const float *lo = s->lo[0], *hi = s->hi[0];
	if (s->fam != ST_BOX_TRI)
		return sweep_moving(s, dims);
	/* boxes against the triangles, sorted once, their bounds copied in that order: a window of those
	 * whose x range can reach the box */
	uint32_t *tri = s->order + s->n;
	if (s->sorted == 1) {
		for (size_t t = 0; t < s->ntri; t++)
			tri[t] = (uint32_t)(s->n + t);
		sort_key = lo;
		qsort(tri, s->ntri, sizeof *tri, by_key);
		for (size_t t = 0; t < s->ntri; t++)
			for (int k = 0; k < 3; k++)
				s->tri_lo[k][t] = s->lo[k][tri[t]], s->tri_hi[k][t] = s->hi[k][tri[t]];
		s->sorted = 2;
	}
	const float *tl[3] = {s->tri_lo[0], s->tri_lo[1], s->tri_lo[2]},
		    *th[3] = {s->tri_hi[0], s->tri_hi[1], s->tri_hi[2]};
	size_t t0 = 0;
	for (size_t i = 0; i < s->n; i++) {
		uint32_t a = s->order[i];
		float ax = lo[a], bx = hi[a], ay = s->lo[1][a], by = s->hi[1][a], az = s->lo[2][a], bz = s->hi[2][a];
		while (t0 < s->ntri && tl[0][t0] < ax - 1.0f) /* triangles are at most 1 unit wide */
			t0++;
		for (size_t j = t0; j < s->ntri && tl[0][j] <= bx; j++) {
			if (s->npairs == s->cap && !grow(s))
				return 0;
			s->pairs[s->npairs] = (sw_pair){a, (uint32_t)(tri[j] - s->n)};
			s->npairs += (size_t)((th[0][j] >= ax) & (tl[1][j] <= by) & (ay <= th[1][j]) &
					      (tl[2][j] <= bz) & (az <= th[2][j]));
		}
	}
	return s->npairs;
}

sw_error st_query(const st_scene *s, const sw_batch_opts *opts)
{
	sw_sweep_results out = {s->status, s->feature, s->t_first, NULL, s->nx, s->ny, s->nz};
	switch (s->fam) {
	case ST_BOXES: return sw_obb3_sweep_batch(s->boxes, s->boxes, s->pairs, s->npairs, opts, &out);
	case ST_BOX_TRI: return sw_obb3_tri3_sweep_batch(s->boxes, s->tris, s->pairs, s->npairs, NULL, opts, &out);
	case ST_POLY2: return sw_poly2_sweep_batch(s->polys, s->polys, s->pairs, s->npairs, opts, &out);
	default: return sw_hull3_sweep_batch(s->hulls, s->hulls, s->pairs, s->npairs, opts, &out);
	}
}
