/* bench/bench_place.c — what re-entering moving shapes costs per step, next to what querying them
 * costs: a simulation writes every shape's placement (pose and displacement over the step) again
 * before each batch of queries.
 *
 * Rows place/<family>/<how>, family obb3 (boxes), poly2 (polygon instances) or hull3 (hull
 * instances); one iteration re-enters PL_N shapes (items_per_second: shapes per second) or, for
 * `query`, answers PL_N pairs (pairs per second):
 * - put: one sw_<family>_set_put per shape;
 * - add: sw_<family>_set_clear, then one sw_<family>_set_add per shape;
 * - place: one sw_<family>_set_place of every shape (sw_pose3 or sw_pose2 and displacements);
 * - mat_col, mat_row (3D): the same placements from 3×3 rotation matrices, column-major or row-major,
 *   in one sw_<family>_set_place_m;
 * - mat_convert (3D): from column-major matrices the way before place_m, each converted by the caller
 *   with sw_quat_from_mat3(), then one sw_<family>_set_place;
 * - columns (boxes): a caller holding its placements as columns copies them into the set's own
 *   (sw_obb3_set_columns): ten arrays of PL_N floats;
 * - query: the family's moving query on the best tier, single thread, over the PL_N pairs of the
 *   family's benchmark scene (the scene of the <query>/<tier>/16384 rows).
 * Every row makes its own set, so the first rows of a fresh process see fresh memory as a user's
 * first step does. Placements are drawn once per row before timing: centres in a 100-unit cube,
 * uniform rotations, displacements up to 1. Matrices are the quaternions' rotations computed in
 * double precision and rounded to float. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/swept.h>

#include "bench_common.h"
#include "bench_place.h"
#include "bench_scene.h"
#include "scenes.h"
#include "shim.h"

#define PL_N 16384
#define PL_SEED 0x91ace5ull

typedef enum pl_family { PL_OBB3, PL_POLY2, PL_HULL3, PL_FAMILIES } pl_family;
typedef enum pl_how {
	PL_PUT,
	PL_ADD,
	PL_PLACE,
	PL_MAT_COL,
	PL_MAT_ROW,
	PL_MAT_CONVERT,
	PL_COLUMNS,
	PL_QUERY,
	PL_HOWS
} pl_how;
static const char *const pl_family_names[PL_FAMILIES] = {"obb3", "poly2", "hull3"};
static const char *const pl_how_names[PL_HOWS] = {"put",     "add",         "place",   "mat_col",
						  "mat_row", "mat_convert", "columns", "query"};

typedef struct pl_arg {
	pl_family fam;
	pl_how how;
	char name[64];
} pl_arg;
static pl_arg pl_args[PL_FAMILIES * PL_HOWS];

/* the placements of one row, as a caller holds them */
typedef struct pl_input {
	sw_pose3 *pose3, *scratch;
	sw_vec3 *pos3;
	sw_vec3 *disp3;
	float *mcol, *mrow; /* 9 floats per shape */
	sw_pose2 *pose2;
	sw_vec2 *disp2;
	float *cols_in; /* 10 columns of PL_N floats: centres, quaternions, displacements */
} pl_input;

static void pl_input_free(pl_input *in)
{
	free(in->pose3), free(in->scratch), free(in->pos3), free(in->disp3), free(in->mcol), free(in->mrow),
		free(in->pose2), free(in->disp2);
	free(in->cols_in);
	memset(in, 0, sizeof *in);
}

static int pl_input_make(pl_input *in)
{
	memset(in, 0, sizeof *in);
	in->pose3 = malloc(PL_N * sizeof *in->pose3), in->scratch = malloc(PL_N * sizeof *in->scratch);
	in->pos3 = malloc(PL_N * sizeof *in->pos3), in->disp3 = malloc(PL_N * sizeof *in->disp3);
	in->mcol = malloc(PL_N * 9 * sizeof(float)), in->mrow = malloc(PL_N * 9 * sizeof(float));
	in->pose2 = malloc(PL_N * sizeof *in->pose2), in->disp2 = malloc(PL_N * sizeof *in->disp2);
	in->cols_in = calloc(10 * PL_N, sizeof(float));
	if (!in->pose3 || !in->scratch || !in->pos3 || !in->disp3 || !in->mcol || !in->mrow || !in->pose2 ||
	    !in->disp2 || !in->cols_in) {
		pl_input_free(in);
		return 0;
	}
	sc_rng r = sc_rng_seed(PL_SEED);
	for (size_t i = 0; i < PL_N; i++) {
		sw_quat q = sc_rotation(&r);
		in->pose3[i].p = sw_v3(sc_uniform(&r, 0, 100), sc_uniform(&r, 0, 100), sc_uniform(&r, 0, 100));
		in->pose3[i].q = q;
		in->pos3[i] = in->pose3[i].p;
		in->disp3[i] = sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1));
		double x = q.x, y = q.y, z = q.z, w = q.w, n = x * x + y * y + z * z + w * w;
		x /= sqrt(n), y /= sqrt(n), z /= sqrt(n), w /= sqrt(n);
		/* m[c][r]: entry (r, c) of the rotation */
		const double m[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)},
					{2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)},
					{2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)}};
		for (int c = 0; c < 3; c++)
			for (int k = 0; k < 3; k++) {
				in->mcol[9 * i + 3 * c + k] = (float)m[c][k];
				in->mrow[9 * i + 3 * k + c] = (float)m[c][k];
			}
		const float v[10] = {in->pose3[i].p.x, in->pose3[i].p.y, in->pose3[i].p.z, q.x, q.y, q.z, q.w,
				     in->disp3[i].x,   in->disp3[i].y,   in->disp3[i].z};
		for (int k = 0; k < 10; k++)
			in->cols_in[(size_t)k * PL_N + i] = v[k];
		in->pose2[i] = sw_pose2_make(sw_v2(in->pose3[i].p.x, in->pose3[i].p.y), sc_uniform(&r, -3.14f, 3.14f));
		in->disp2[i] = sw_v2(in->disp3[i].x, in->disp3[i].y);
	}
	return 1;
}

/* ---- the sets: PL_N items of one shape ---- */

typedef struct pl_sets {
	sw_obb3_set *obb3;
	sw_poly2_set *poly2;
	sw_hull3_set *hull3;
	uint32_t shape;
} pl_sets;

static const sw_obb3 pl_box = {{0.5f, 0.4f, 0.3f}};

static void pl_sets_free(pl_sets *s)
{
	sw_obb3_set_destroy(s->obb3), sw_poly2_set_destroy(s->poly2), sw_hull3_set_destroy(s->hull3);
	memset(s, 0, sizeof *s);
}

/* the shapes a row uses, and PL_N items placed by `in` */
static int pl_sets_make(pl_family f, const pl_input *in, pl_sets *s)
{
	memset(s, 0, sizeof *s);
	sw_error e = SW_OK;
	if (f == PL_OBB3) {
		e = sw_obb3_set_create(PL_N, &s->obb3);
		for (size_t i = 0; i < PL_N && e == SW_OK; i++)
			e = sw_obb3_set_add(s->obb3, &pl_box, in->pose3[i], in->disp3[i], NULL);
	} else if (f == PL_POLY2) {
		const sw_poly2 hex = sw_poly2_box(0.5f, 0.3f);
		e = sw_poly2_set_create(PL_N, &s->poly2);
		e = e == SW_OK ? sw_poly2_set_add_shape(s->poly2, &hex, &s->shape) : e;
		for (size_t i = 0; i < PL_N && e == SW_OK; i++)
			e = sw_poly2_set_add(s->poly2, s->shape, in->pose2[i], in->disp2[i], NULL);
	} else {
		sw_vec3 pts[32];
		sw_hull3 h;
		sc_rng r = sc_rng_seed(PL_SEED + 1);
		sc_ellipsoid_points(&r, 32, sw_v3(0.5f, 0.4f, 0.3f), 0.8f, pts);
		e = sw_hull3_build(pts, 32, NULL, &h);
		e = e == SW_OK ? sw_hull3_set_create(PL_N, &s->hull3) : e;
		e = e == SW_OK ? sw_hull3_set_add_shape(s->hull3, &h, &s->shape) : e;
		for (size_t i = 0; i < PL_N && e == SW_OK; i++)
			e = sw_hull3_set_add(s->hull3, s->shape, in->pose3[i], in->disp3[i], NULL);
	}
	if (e != SW_OK)
		pl_sets_free(s);
	return e == SW_OK;
}

/* ---- one pass: every shape re-entered once; returns an error or SW_OK ---- */

static sw_error pl_put(pl_family f, const pl_input *in, const pl_sets *s)
{
	sw_error e = SW_OK;
	for (uint32_t i = 0; i < PL_N; i++) {
		if (f == PL_OBB3)
			e |= sw_obb3_set_put(s->obb3, i, &pl_box, in->pose3[i], in->disp3[i]);
		else if (f == PL_POLY2)
			e |= sw_poly2_set_put(s->poly2, i, s->shape, in->pose2[i], in->disp2[i]);
		else
			e |= sw_hull3_set_put(s->hull3, i, s->shape, in->pose3[i], in->disp3[i]);
	}
	return e;
}

static sw_error pl_add(pl_family f, const pl_input *in, const pl_sets *s)
{
	sw_error e = SW_OK;
	if (f == PL_OBB3) {
		sw_obb3_set_clear(s->obb3);
		for (uint32_t i = 0; i < PL_N; i++)
			e |= sw_obb3_set_add(s->obb3, &pl_box, in->pose3[i], in->disp3[i], NULL);
	} else if (f == PL_POLY2) {
		sw_poly2_set_clear(s->poly2);
		for (uint32_t i = 0; i < PL_N; i++)
			e |= sw_poly2_set_add(s->poly2, s->shape, in->pose2[i], in->disp2[i], NULL);
	} else {
		sw_hull3_set_clear(s->hull3);
		for (uint32_t i = 0; i < PL_N; i++)
			e |= sw_hull3_set_add(s->hull3, s->shape, in->pose3[i], in->disp3[i], NULL);
	}
	return e;
}

static sw_error pl_place(pl_family f, const pl_input *in, const pl_sets *s)
{
	if (f == PL_OBB3)
		return sw_obb3_set_place(s->obb3, 0, PL_N, in->pose3, in->disp3);
	if (f == PL_POLY2)
		return sw_poly2_set_place(s->poly2, 0, PL_N, in->pose2, in->disp2);
	return sw_hull3_set_place(s->hull3, 0, PL_N, in->pose3, in->disp3);
}

/* from matrices: sw_<family>_set_place_m converts them as it places */
static sw_error pl_mat(pl_family f, const pl_input *in, const pl_sets *s, int row_major)
{
	const sw_mat3_layout lay = row_major ? SW_MAT3_ROW_MAJOR : SW_MAT3_COL_MAJOR;
	const float *m = row_major ? in->mrow : in->mcol;
	if (f == PL_OBB3)
		return sw_obb3_set_place_m(s->obb3, 0, PL_N, in->pos3, m, lay, in->disp3);
	return sw_hull3_set_place_m(s->hull3, 0, PL_N, in->pos3, m, lay, in->disp3);
}

/* the way before sw_<family>_set_place_m: the caller converts each matrix with sw_quat_from_mat3(),
 * then places */
static sw_error pl_mat_convert(pl_family f, const pl_input *in, const pl_sets *s)
{
	for (size_t i = 0; i < PL_N; i++) {
		const float *m = in->mcol + 9 * i;
		sw_mat3 r;
		for (int c = 0; c < 3; c++)
			r.col[c] = sw_v3(m[3 * c], m[3 * c + 1], m[3 * c + 2]);
		in->scratch[i] = sw_pose3_make(in->pos3[i], sw_quat_from_mat3(&r));
	}
	if (f == PL_OBB3)
		return sw_obb3_set_place(s->obb3, 0, PL_N, in->scratch, in->disp3);
	return sw_hull3_set_place(s->hull3, 0, PL_N, in->scratch, in->disp3);
}

/* a caller holding its placements as columns writes the set's columns directly (sw_obb3_set_columns):
 * ten float arrays copied */
static sw_error pl_columns(const pl_input *in, const pl_sets *s)
{
	sw_place3_cols c;
	sw_error e = sw_obb3_set_columns(s->obb3, &c);
	float *dst[10] = {c.px, c.py, c.pz, c.qx, c.qy, c.qz, c.qw, c.dx, c.dy, c.dz};
	for (int k = 0; k < 10 && e == SW_OK; k++)
		memcpy(dst[k], in->cols_in + (size_t)k * PL_N, PL_N * sizeof(float));
	return e;
}

/* ---- the query row ---- */

static void pl_query(sw_bench_state *st, pl_family f)
{
	static const sw_query q[PL_FAMILIES] = {SW_Q_obb3_sweep, SW_Q_poly2_sweep, SW_Q_hull3_sweep};
	static const gen_family *const fam[PL_FAMILIES] = {&gen_box_family, &gen_poly2_family, &gen_hull_family};
	const sw_query_desc *d = &sw_query_descs[q[f]];
	bench_scene *s = bench_scene_get(fam[f], 0, d->a, d->b, PL_N);
	if (!s) {
		sw_bench_skip_with_error(st, "scene generation failed");
		return;
	}
	sw_isa prev = sw_active_isa();
	bench_select_isa(sw_best_isa());
	sw_error e = SW_OK;
	while (sw_bench_keep_running(st) && e == SW_OK)
		e = bench_call(q[f], s, &s->out, 0, PL_N);
	sw_set_isa_cap(prev);
	if (e != SW_OK)
		sw_bench_skip_with_error(st, "query failed");
	sw_bench_set_items_processed(st, sw_bench_iterations(st) * (int64_t)PL_N);
}

static void bench_place(sw_bench_state *st, void *varg)
{
	const pl_arg *a = varg;
	if (a->how == PL_QUERY) {
		pl_query(st, a->fam);
		return;
	}
	pl_input in;
	pl_sets s;
	if (!pl_input_make(&in) || !pl_sets_make(a->fam, &in, &s)) {
		pl_input_free(&in);
		sw_bench_skip_with_error(st, "set-up failed (out of memory?)");
		return;
	}
	sw_error e = SW_OK;
	while (sw_bench_keep_running(st) && e == SW_OK) {
		switch (a->how) {
		case PL_PUT: e = pl_put(a->fam, &in, &s); break;
		case PL_ADD: e = pl_add(a->fam, &in, &s); break;
		case PL_PLACE: e = pl_place(a->fam, &in, &s); break;
		case PL_MAT_CONVERT: e = pl_mat_convert(a->fam, &in, &s); break;
		case PL_COLUMNS: e = pl_columns(&in, &s); break;
		default: e = pl_mat(a->fam, &in, &s, a->how == PL_MAT_ROW); break;
		}
	}
	if (e != SW_OK)
		sw_bench_skip_with_error(st, "a set call failed");
	sw_bench_set_items_processed(st, sw_bench_iterations(st) * (int64_t)PL_N);
	pl_sets_free(&s);
	pl_input_free(&in);
}

void bench_place_register(void)
{
	size_t k = 0;
	for (int f = 0; f < PL_FAMILIES; f++)
		for (int h = 0; h < PL_HOWS; h++) {
			if (f == PL_POLY2 && (h == PL_MAT_COL || h == PL_MAT_ROW || h == PL_MAT_CONVERT))
				continue; /* a 2D rotation is its matrix's first column already */
			if (f != PL_OBB3 && h == PL_COLUMNS)
				continue; /* a 2D rotation is its matrix's first column already */
			pl_arg *a = &pl_args[k++];
			a->fam = (pl_family)f, a->how = (pl_how)h;
			snprintf(a->name, sizeof a->name, "place/%s/%s", pl_family_names[f], pl_how_names[h]);
			sw_bench_register(a->name, bench_place, a);
		}
}
