/* tests/test_place.c — placements from 3×3 rotation matrices (sw_quat_from_mat3_many, the sets' place_m
 * calls): the quaternion's rotation (sw_mat3_from_quat, as every query computes it) equals the matrix
 * to float precision in both layouts, on uniform rotations and on the cases Shepperd's method
 * branches on (half turns, quarter turns, near half turns); a matrix that is not a rotation gives NaNs
 * and its pairs are SW_PAIR_INVALID; every tier stores the reference's bits at every length; the set
 * calls check their arguments, write nothing on an error, and their boxes answer as the same boxes
 * placed by the converted quaternions. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "place.h"
#include "scenes.h"
#include "sets.h"

/* the largest gap allowed between R(q) and the matrix: 8 float epsilons. The float quaternion nearest
 * the exact rotation gets 2.5 of them (measured on 2·10⁵ rotations), this conversion 4.5 */
#define MAT_TOL (8 * 1.1920929e-7)

/* a uniform rotation (Shoemake) in double precision, as a column-major matrix e[c][r] */
static void rotation(sc_rng *r, double e[3][3])
{
	double u1 = sc_uniform(r, 0, 1), u2 = 6.283185307179586 * sc_uniform(r, 0, 1),
	       u3 = 6.283185307179586 * sc_uniform(r, 0, 1);
	double a = sqrt(1 - u1), b = sqrt(u1), x = a * sin(u2), y = a * cos(u2), z = b * sin(u3), w = b * cos(u3);
	e[0][0] = 1 - 2 * (y * y + z * z), e[0][1] = 2 * (x * y + z * w), e[0][2] = 2 * (x * z - y * w);
	e[1][0] = 2 * (x * y - z * w), e[1][1] = 1 - 2 * (x * x + z * z), e[1][2] = 2 * (y * z + x * w);
	e[2][0] = 2 * (x * z + y * w), e[2][1] = 2 * (y * z - x * w), e[2][2] = 1 - 2 * (x * x + y * y);
}

/* matrix i of an array in `layout` from e[c][r] */
static void store(float *m, sw_mat3_layout layout, const double e[3][3])
{
	for (int c = 0; c < 3; c++)
		for (int r = 0; r < 3; r++)
			m[layout == SW_MAT3_ROW_MAJOR ? 3 * r + c : 3 * c + r] = (float)e[c][r];
}

/* max |R(q) − M| over the entries, M given column-major in e[c][r] as floats */
static double gap(sw_quat q, const float *m, sw_mat3_layout layout)
{
	sw_mat3 r = sw_mat3_from_quat(q);
	double g = 0;
	for (int c = 0; c < 3; c++) {
		const float *col = &r.col[c].x;
		for (int k = 0; k < 3; k++) {
			double d = fabs((double)col[k] - m[layout == SW_MAT3_ROW_MAJOR ? 3 * k + c : 3 * c + k]);
			g = d > g ? d : g;
		}
	}
	return g;
}

static int is_nan_quat(sw_quat q) { return isnan(q.x) && isnan(q.y) && isnan(q.z) && isnan(q.w); }

/* the special rotations: identity, half turns about the axes and diagonals, quarter turns, turns
 * near a half turn (where w is smallest) and axis permutations, as e[c][r] */
static size_t specials(double (*e)[3][3], size_t cap)
{
	size_t n = 0;
	const double axes[][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0},
				  {0, 1, 1}, {1, 0, 1}, {1, 1, 1}, {-1, 2, 0.5}};
	const double angles[] = {0,
				 3.141592653589793,
				 1.5707963267948966,
				 -1.5707963267948966,
				 3.141592653589793 - 1e-4,
				 3.141592653589793 - 1e-7,
				 1e-7,
				 2.0943951023931957};
	for (size_t a = 0; a < sizeof axes / sizeof axes[0]; a++)
		for (size_t k = 0; k < sizeof angles / sizeof angles[0] && n < cap; k++) {
			double l = sqrt(axes[a][0] * axes[a][0] + axes[a][1] * axes[a][1] + axes[a][2] * axes[a][2]);
			double s = sin(angles[k] / 2) / l, x = axes[a][0] * s, y = axes[a][1] * s, z = axes[a][2] * s,
			       w = cos(angles[k] / 2);
			double(*r)[3] = e[n++];
			r[0][0] = 1 - 2 * (y * y + z * z), r[0][1] = 2 * (x * y + z * w), r[0][2] = 2 * (x * z - y * w);
			r[1][0] = 2 * (x * y - z * w), r[1][1] = 1 - 2 * (x * x + z * z), r[1][2] = 2 * (y * z + x * w);
			r[2][0] = 2 * (x * z + y * w), r[2][1] = 2 * (y * z - x * w), r[2][2] = 1 - 2 * (x * x + y * y);
		}
	/* the cyclic permutation of the axes: x → y → z → x */
	if (n < cap) {
		memset(e[n], 0, sizeof e[n]);
		e[n][0][1] = e[n][1][2] = e[n][2][0] = 1;
		n++;
	}
	return n;
}

Test(place, uniform_rotations_match_in_both_layouts)
{
	enum { N = 50000 };
	float *m = malloc(9 * N * sizeof *m);
	sw_quat *q = malloc(N * sizeof *q);
	cr_assert(m && q);
	for (int lay = 0; lay < 2; lay++) {
		sc_rng r = sc_rng_seed(0x9ace + (uint64_t)lay);
		for (size_t i = 0; i < N; i++) {
			double e[3][3];
			rotation(&r, e);
			store(m + 9 * i, (sw_mat3_layout)lay, e);
		}
		cr_assert_eq(sw_quat_from_mat3_many(m, (sw_mat3_layout)lay, N, q), SW_OK);
		for (size_t i = 0; i < N; i++) {
			double g = gap(q[i], m + 9 * i, (sw_mat3_layout)lay);
			double qq = (double)q[i].x * q[i].x + (double)q[i].y * q[i].y + (double)q[i].z * q[i].z +
				    (double)q[i].w * q[i].w;
			cr_assert(g <= MAT_TOL, "layout %d, matrix %zu: R(q) is %g from the matrix", lay, i, g);
			cr_assert(fabs(qq - 1) <= 1e-6, "layout %d, matrix %zu: |q|² − 1 = %g", lay, i, qq - 1);
		}
	}
	free(m), free(q);
}

Test(place, special_rotations_match)
{
	double e[80][3][3];
	size_t n = specials(e, 80);
	float m[80 * 9];
	sw_quat q[80];
	for (size_t i = 0; i < n; i++)
		store(m + 9 * i, SW_MAT3_COL_MAJOR, e[i]);
	cr_assert_eq(sw_quat_from_mat3_many(m, SW_MAT3_COL_MAJOR, n, q), SW_OK);
	for (size_t i = 0; i < n; i++) {
		double g = gap(q[i], m + 9 * i, SW_MAT3_COL_MAJOR);
		cr_assert(g <= MAT_TOL, "special %zu: R(q) is %g from the matrix", i, g);
		/* a component of largest magnitude (up to rounding: ties go to w, x, y, z) is positive */
		float c[4] = {q[i].x, q[i].y, q[i].z, q[i].w}, big = 0;
		int pos = 0;
		for (int k = 0; k < 4; k++)
			big = fabsf(c[k]) > big ? fabsf(c[k]) : big;
		for (int k = 0; k < 4; k++)
			pos |= c[k] > 0 && c[k] >= big * (1 - 1e-6f);
		cr_assert(pos, "special %zu: (%g, %g, %g, %g)", i, c[0], c[1], c[2], c[3]);
	}
	/* the identity is exactly the identity quaternion */
	cr_assert(q[0].x == 0 && q[0].y == 0 && q[0].z == 0 && q[0].w == 1);
}

/* matrices that are not rotations, column-major */
static size_t not_rotations(float (*m)[9])
{
	size_t n = 0;
	const float id[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
	float *k;
	/* scaled by 1 + 2·tol */
	k = m[n++];
	for (int i = 0; i < 9; i++)
		k[i] = id[i] * (1 + 2 * SW_QUAT_TOL);
	/* a symmetric shear, which Shepperd's formulas alone would take for the identity */
	k = m[n++];
	memcpy(k, id, sizeof id), k[1] = k[3] = 0.1f;
	/* a reflection */
	k = m[n++];
	memcpy(k, id, sizeof id), k[8] = -1;
	/* the zero matrix, NaN, Inf, a huge entry */
	k = m[n++];
	memset(k, 0, 9 * sizeof *k);
	k = m[n++];
	memcpy(k, id, sizeof id), k[4] = NAN;
	k = m[n++];
	memcpy(k, id, sizeof id), k[2] = INFINITY;
	k = m[n++];
	memcpy(k, id, sizeof id), k[5] = 1e30f;
	/* a half turn with its last column flipped (det −1) */
	k = m[n++];
	const float h[9] = {1, 0, 0, 0, -1, 0, 0, 0, 1};
	memcpy(k, h, sizeof h);
	return n;
}

Test(place, non_rotations_give_nan)
{
	float m[16][9];
	size_t n = not_rotations(m);
	sw_quat q[16];
	cr_assert_eq(sw_quat_from_mat3_many(&m[0][0], SW_MAT3_COL_MAJOR, n, q), SW_OK);
	for (size_t i = 0; i < n; i++)
		cr_assert(is_nan_quat(q[i]), "matrix %zu: (%g, %g, %g, %g), want NaNs", i, q[i].x, q[i].y, q[i].z,
			  q[i].w);
	/* within the tolerance: accepted, and unit */
	const float near[9] = {1 + 0.4f * SW_QUAT_TOL, 0, 0, 0, 1, 0.4f * SW_QUAT_TOL, 0, 0, 1};
	cr_assert_eq(sw_quat_from_mat3_many(near, SW_MAT3_ROW_MAJOR, 1, q), SW_OK);
	cr_assert(!is_nan_quat(q[0]));
	cr_assert(fabsf(q[0].x * q[0].x + q[0].y * q[0].y + q[0].z * q[0].z + q[0].w * q[0].w - 1) < 1e-6f);
}

Test(place, every_tier_stores_the_reference_bits)
{
	enum { N = 1000 };
	float *m = malloc(9 * N * sizeof *m), *want = malloc(4 * N * sizeof *want), *got = malloc(4 * N * sizeof *got);
	cr_assert(m && want && got);
	sc_rng r = sc_rng_seed(0x7e57);
	double e[80][3][3];
	size_t ns = specials(e, 80);
	float bad[16][9];
	size_t nb = not_rotations(bad);
	for (size_t i = 0; i < N; i++) {
		double x[3][3];
		if (i % 5 == 1 && i / 5 < ns)
			memcpy(x, e[i / 5], sizeof x);
		else
			rotation(&r, x);
		store(m + 9 * i, SW_MAT3_COL_MAJOR, x);
		if (i % 7 == 3)
			memcpy(m + 9 * i, bad[i % nb], sizeof bad[0]);
		if (i % 11 == 5) /* an entry off by a few ulps */
			m[9 * i + i % 9] = nextafterf(m[9 * i + i % 9], 2);
	}
	for (int lay = 0; lay < 2; lay++) {
		for (size_t n = 1; n <= N; n = n < 40 ? n + 1 : n * 5) {
			sw_mat3_job jw = {m, (sw_mat3_layout)lay, n, {want, want + N, want + 2 * N, want + 3 * N}};
			sw_quat_cols_from_mat3_ref(&jw);
			for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
				if (!sw_isa_available((sw_isa)isa))
					continue;
				memset(got, 0xAB, 4 * N * sizeof *got);
				sw_mat3_job jg = {m, (sw_mat3_layout)lay, n, {got, got + N, got + 2 * N, got + 3 * N}};
				sw_quat_cols_from_mat3(&jg, (sw_isa)isa);
				for (size_t k = 0; k < 4; k++)
					for (size_t i = 0; i < n; i++) {
						float a = got[k * N + i], b = want[k * N + i];
						cr_assert(memcmp(&a, &b, 4) == 0 || (isnan(a) && isnan(b)),
							  "tier %s, layout %d, n %zu: item %zu component %zu: %a, want "
							  "%a",
							  sw_isa_name((sw_isa)isa), lay, n, i, k, a, b);
					}
				/* nothing past n */
				uint32_t past;
				memcpy(&past, &got[n < N ? n : 0], 4);
				cr_assert(n == N || past == 0xABABABABu, "tier %s, n %zu: item n written",
					  sw_isa_name((sw_isa)isa), n);
			}
		}
	}
	free(m), free(want), free(got);
}

Test(place, obb3_place_m_stores_the_conversion_and_checks_arguments)
{
	enum { N = 37 };
	sw_obb3_set *s;
	cr_assert_eq(sw_obb3_set_create(8, &s), SW_OK);
	const sw_obb3 box = {{1, 0.5f, 0.25f}};
	const sw_pose3 rest = {{0, 0, 0}, {0, 0, 0, 1}};
	for (int i = 0; i < N; i++)
		cr_assert_eq(sw_obb3_set_add(s, &box, rest, sw_v3(9, 9, 9), NULL), SW_OK);
	float m[N * 9];
	sw_vec3 p[N], d[N];
	sw_quat q[N];
	sc_rng r = sc_rng_seed(5);
	for (int i = 0; i < N; i++) {
		double e[3][3];
		rotation(&r, e);
		store(m + 9 * i, SW_MAT3_ROW_MAJOR, e);
		p[i] = sw_v3((float)i, -1, 2), d[i] = sw_v3(0, (float)i, 0);
	}
	cr_assert_eq(sw_quat_from_mat3_many(m + 9, SW_MAT3_ROW_MAJOR, N - 3, q), SW_OK);
	/* errors first: nothing is written */
	cr_assert_eq(sw_obb3_set_place_m(NULL, 0, 1, p, m, SW_MAT3_COL_MAJOR, d), SW_ERR_NULL);
	cr_assert_eq(sw_obb3_set_place_m(s, 0, 1, NULL, m, SW_MAT3_COL_MAJOR, d), SW_ERR_NULL);
	cr_assert_eq(sw_obb3_set_place_m(s, 0, 1, p, NULL, SW_MAT3_COL_MAJOR, d), SW_ERR_NULL);
	cr_assert_eq(sw_obb3_set_place_m(s, 0, 1, p, m, (sw_mat3_layout)2, d), SW_ERR_ARG);
	cr_assert_eq(sw_obb3_set_place_m(s, 1, N, p, m, SW_MAT3_COL_MAJOR, d), SW_ERR_ARG);
	cr_assert_eq(sw_obb3_set_place_m(s, N + 1, 0, p, m, SW_MAT3_COL_MAJOR, d), SW_ERR_ARG);
	cr_assert_eq(sw_obb3_set_place_m(s, N, 0, NULL, NULL, SW_MAT3_COL_MAJOR, NULL), SW_OK);
	for (uint32_t i = 0; i < N; i++) {
		sw_pose3 got;
		sw_vec3 gd;
		cr_assert_eq(sw_obb3_set_get(s, i, NULL, &got, &gd), SW_OK);
		cr_assert(memcmp(&got, &rest, sizeof rest) == 0 && gd.x == 9);
	}
	/* items [1, N − 2) from matrices [1, N − 2); displacements NULL: at rest */
	cr_assert_eq(sw_obb3_set_place_m(s, 1, N - 3, p + 1, m + 9, SW_MAT3_ROW_MAJOR, NULL), SW_OK);
	for (uint32_t i = 0; i < N; i++) {
		sw_obb3 b;
		sw_pose3 got;
		sw_vec3 gd;
		cr_assert_eq(sw_obb3_set_get(s, i, &b, &got, &gd), SW_OK);
		cr_assert(memcmp(&b, &box, sizeof box) == 0, "box %u: extents changed", i);
		if (i == 0 || i >= N - 2) {
			cr_assert(memcmp(&got, &rest, sizeof rest) == 0 && gd.x == 9, "box %u: outside the range", i);
			continue;
		}
		cr_assert(memcmp(&got.p, &p[i], sizeof p[i]) == 0 && memcmp(&got.q, &q[i - 1], sizeof q[i]) == 0,
			  "box %u: pose differs from the conversion", i);
		cr_assert(gd.x == 0 && gd.y == 0 && gd.z == 0);
	}
	/* with displacements */
	cr_assert_eq(sw_obb3_set_place_m(s, 0, N, p, m, SW_MAT3_ROW_MAJOR, d), SW_OK);
	for (uint32_t i = 0; i < N; i++) {
		sw_vec3 gd;
		cr_assert_eq(sw_obb3_set_get(s, i, NULL, NULL, &gd), SW_OK);
		cr_assert(memcmp(&gd, &d[i], sizeof gd) == 0);
	}
	sw_obb3_set_destroy(s);
}

Test(place, boxes_from_matrices_answer_as_their_quaternions)
{
	enum { N = 64 };
	sw_obb3_set *s;
	cr_assert_eq(sw_obb3_set_create(N, &s), SW_OK);
	float m[N * 9];
	sw_vec3 p[N], d[N];
	sw_obb3 box[N];
	sc_rng r = sc_rng_seed(77);
	for (int i = 0; i < N; i++) {
		double e[3][3];
		rotation(&r, e);
		store(m + 9 * i, SW_MAT3_COL_MAJOR, e);
		box[i].half = sw_v3(sc_uniform(&r, 0.2f, 1), sc_uniform(&r, 0.2f, 1), sc_uniform(&r, 0.2f, 1));
		p[i] = sw_v3(sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2));
		d[i] = sw_v3(sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2), sc_uniform(&r, -2, 2));
		cr_assert_eq(sw_obb3_set_add(s, &box[i], sw_pose3_make(p[i], (sw_quat){0, 0, 0, 1}), d[i], NULL),
			     SW_OK);
	}
	/* box 5's matrix is not a rotation */
	m[9 * 5 + 1] = m[9 * 5 + 3] = 0.5f;
	cr_assert_eq(sw_obb3_set_place_m(s, 0, N, p, m, SW_MAT3_COL_MAJOR, d), SW_OK);
	sw_quat q[N];
	cr_assert_eq(sw_quat_from_mat3_many(m, SW_MAT3_COL_MAJOR, N, q), SW_OK);
	sw_pair pairs[N - 1];
	for (uint32_t i = 0; i + 1 < N; i++)
		pairs[i] = (sw_pair){i, i + 1};
	uint8_t st[N];
	uint32_t ft[N];
	float t0[N], t1[N], nx[N], ny[N], nz[N];
	sw_sweep_results out = {st, ft, t0, t1, nx, ny, nz};
	cr_assert_eq(sw_obb3_sweep_batch(s, s, pairs, N - 1, NULL, &out), SW_OK);
	size_t hits = 0;
	for (uint32_t k = 0; k + 1 < N; k++) {
		sw_sweep_result one;
		sw_obb3_sweep(&box[k], sw_pose3_make(p[k], q[k]), d[k], &box[k + 1], sw_pose3_make(p[k + 1], q[k + 1]),
			      d[k + 1], &one);
		cr_assert_eq(st[k], one.status, "pair %u", k);
		if (k == 4 || k == 5)
			cr_assert_eq(st[k], SW_PAIR_INVALID, "pair %u with the sheared box", k);
		else
			cr_assert(one.status != SW_PAIR_INVALID);
		cr_assert(ft[k] == one.feature, "pair %u", k);
		cr_assert(memcmp(&t0[k], &one.t_first, 4) == 0 || (isnan(t0[k]) && isnan(one.t_first)), "pair %u", k);
		hits += st[k] != SW_MISS;
	}
	cr_assert(hits > 8, "the scene should have contacts (%zu)", hits);
	sw_obb3_set_destroy(s);
}

Test(place, hull3_place_m_stores_the_conversion)
{
	sw_hull3_set *s;
	cr_assert_eq(sw_hull3_set_create(4, &s), SW_OK);
	const sw_vec3 pts[] = {{-1, -1, -1}, {1, -1, -1}, {0, 1, -1}, {0, 0, 1}};
	sw_hull3 h;
	uint32_t shape;
	cr_assert_eq(sw_hull3_build(pts, 4, NULL, &h), SW_OK);
	cr_assert_eq(sw_hull3_set_add_shape(s, &h, &shape), SW_OK);
	const sw_pose3 rest = {{0, 0, 0}, {0, 0, 0, 1}};
	for (int i = 0; i < 3; i++)
		cr_assert_eq(sw_hull3_set_add(s, shape, rest, sw_v3(1, 1, 1), NULL), SW_OK);
	/* a quarter turn about z, row-major */
	const float m[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1};
	const sw_vec3 p = {4, 5, 6}, d = {0, 0, -1};
	cr_assert_eq(sw_hull3_set_place_m(s, 3, 1, &p, m, SW_MAT3_ROW_MAJOR, &d), SW_ERR_ARG);
	cr_assert_eq(sw_hull3_set_place_m(NULL, 0, 1, &p, m, SW_MAT3_ROW_MAJOR, &d), SW_ERR_NULL);
	cr_assert_eq(sw_hull3_set_place_m(s, 1, 1, &p, m, SW_MAT3_ROW_MAJOR, &d), SW_OK);
	uint32_t got_shape;
	sw_pose3 got;
	sw_vec3 gd;
	cr_assert_eq(sw_hull3_set_get(s, 1, &got_shape, &got, &gd), SW_OK);
	cr_assert_eq(got_shape, shape);
	cr_assert(got.p.x == 4 && got.p.y == 5 && got.p.z == 6 && gd.z == -1);
	/* sin 45° = cos 45°: (0, 0, s, s) */
	cr_assert(got.q.x == 0 && got.q.y == 0 && fabsf(got.q.z - 0.70710678f) < 1e-7f &&
		  fabsf(got.q.w - 0.70710678f) < 1e-7f);
	sw_hull3_set_get(s, 0, NULL, &got, &gd);
	cr_assert(memcmp(&got, &rest, sizeof rest) == 0 && gd.x == 1);
	sw_hull3_set_destroy(s);
}

Test(place, columns_are_the_placements)
{
	sw_obb3_set *b;
	sw_poly2_set *p;
	sw_hull3_set *h;
	cr_assert_eq(sw_obb3_set_create(4, &b), SW_OK);
	cr_assert_eq(sw_poly2_set_create(4, &p), SW_OK);
	cr_assert_eq(sw_hull3_set_create(4, &h), SW_OK);
	sw_place3_cols c3;
	sw_place2_cols c2;
	cr_assert_eq(sw_obb3_set_columns(NULL, &c3), SW_ERR_NULL);
	cr_assert_eq(sw_obb3_set_columns(b, NULL), SW_ERR_NULL);
	cr_assert_eq(sw_poly2_set_columns(NULL, &c2), SW_ERR_NULL);
	cr_assert_eq(sw_hull3_set_columns(h, NULL), SW_ERR_NULL);
	const sw_obb3 box = {{1, 2, 3}};
	const sw_poly2 sq = sw_poly2_box(1, 1);
	uint32_t shape;
	cr_assert_eq(sw_poly2_set_add_shape(p, &sq, &shape), SW_OK);
	const sw_pose3 rest = {{0, 0, 0}, {0, 0, 0, 1}};
	/* past the first capacity, so the columns have moved once */
	for (int i = 0; i < 40; i++) {
		cr_assert_eq(sw_obb3_set_add(b, &box, rest, sw_v3(0, 0, 0), NULL), SW_OK);
		cr_assert_eq(sw_poly2_set_add(p, shape, sw_pose2_make(sw_v2(0, 0), 0), sw_v2(0, 0), NULL), SW_OK);
		cr_assert_eq(sw_hull3_set_add(h, 0, rest, sw_v3(0, 0, 0), NULL), SW_OK);
	}
	cr_assert_eq(sw_obb3_set_columns(b, &c3), SW_OK);
	float *w3[10] = {c3.px, c3.py, c3.pz, c3.qx, c3.qy, c3.qz, c3.qw, c3.dx, c3.dy, c3.dz};
	for (int k = 0; k < 10; k++)
		w3[k][37] = (float)(k + 1) * 0.125f;
	sw_pose3 got;
	sw_vec3 d;
	sw_obb3 gb;
	cr_assert_eq(sw_obb3_set_get(b, 37, &gb, &got, &d), SW_OK);
	const float want[10] = {0.125f, 0.25f, 0.375f, 0.5f, 0.625f, 0.75f, 0.875f, 1, 1.125f, 1.25f};
	const float seen[10] = {got.p.x, got.p.y, got.p.z, got.q.x, got.q.y, got.q.z, got.q.w, d.x, d.y, d.z};
	cr_assert(memcmp(want, seen, sizeof want) == 0 && memcmp(&gb, &box, sizeof box) == 0);
	/* and a placement call writes what the columns read */
	const sw_pose3 pose = {{5, 6, 7}, {0, 0.6f, 0, 0.8f}};
	const sw_vec3 disp = {-1, -2, -3};
	cr_assert_eq(sw_hull3_set_place(h, 39, 1, &pose, &disp), SW_OK);
	cr_assert_eq(sw_hull3_set_columns(h, &c3), SW_OK);
	cr_assert(c3.px[39] == 5 && c3.py[39] == 6 && c3.pz[39] == 7 && c3.qy[39] == 0.6f && c3.qw[39] == 0.8f &&
		  c3.dz[39] == -3);
	const sw_pose2 p2 = {{3, 4}, {0.6f, 0.8f}};
	const sw_vec2 d2 = {0.5f, -0.5f};
	cr_assert_eq(sw_poly2_set_place(p, 2, 1, &p2, &d2), SW_OK);
	cr_assert_eq(sw_poly2_set_columns(p, &c2), SW_OK);
	cr_assert(c2.px[2] == 3 && c2.py[2] == 4 && c2.qc[2] == 0.6f && c2.qs[2] == 0.8f && c2.dx[2] == 0.5f &&
		  c2.dy[2] == -0.5f);
	sw_obb3_set_destroy(b), sw_poly2_set_destroy(p), sw_hull3_set_destroy(h);
}
