/* tests/test_sets.c — the opaque sets (boxes, triangles, polygons, hulls) through their API: create,
 * add, put, get, place, clear and count; data kept bit for bit across growth; padding slots never
 * visible (indices past the count are refused, and their pairs invalid); bad indices are SW_ERR_ARG,
 * NULL pointers SW_ERR_NULL; a failing allocator hook gives SW_ERR_NOMEM, leaves the set as it was
 * and leaks nothing. One test checks the column layout the kernels rely on (src/sets.h). */
#include <criterion/criterion.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hull3_int.h"
#include "scenes.h"
#include "sets.h"

static const sw_vec3 ZERO3 = {0, 0, 0};

/* ---- an allocator hook that counts, checks sizes and fails on demand ---- */

enum { TRACK_MAX = 256 };

typedef struct track {
	int fail_after; /* allocations past this many fail (−1: none fails) */
	int calls;      /* allocations asked for */
	int live;       /* blocks handed out and not returned */
	int bad;        /* frees of an unknown block or with the wrong size */
	void *ptr[TRACK_MAX];
	size_t size[TRACK_MAX];
} track;

static void *track_alloc(size_t size, size_t align, void *user)
{
	track *t = user;
	int n = ++t->calls;
	if (t->fail_after >= 0 && n > t->fail_after)
		return NULL;
	for (int k = 0; k < TRACK_MAX; k++) {
		if (t->ptr[k])
			continue;
		void *p = aligned_alloc(align, (size + align - 1) / align * align);
		if (p)
			t->ptr[k] = p, t->size[k] = size, t->live++;
		return p;
	}
	return NULL;
}

static void track_free(void *ptr, size_t size, void *user)
{
	track *t = user;
	for (int k = 0; k < TRACK_MAX; k++) {
		if (t->ptr[k] != ptr)
			continue;
		t->bad += t->size[k] != size;
		t->ptr[k] = NULL, t->live--;
		free(ptr);
		return;
	}
	t->bad++;
}

/* installs the hook; allocations past `fail_after` fail (−1: none) */
static void track_begin(track *t, int fail_after)
{
	memset(t, 0, sizeof *t);
	t->fail_after = fail_after;
	sw_set_allocator(track_alloc, track_free, t);
}

/* from now on the allocations past `more` further ones fail (−1: none) */
static void track_fail_after(track *t, int more) { t->fail_after = more < 0 ? -1 : t->calls + more; }

/* every block returned, with its size; the default allocator again */
static void track_end(track *t)
{
	sw_set_allocator(NULL, NULL, NULL);
	cr_expect_eq(t->live, 0, "%d blocks leaked", t->live);
	cr_expect_eq(t->bad, 0, "%d frees of an unknown block or with the wrong size", t->bad);
}

static sw_pose3 pose3(float x, float y, float z) { return sw_pose3_make(sw_v3(x, y, z), (sw_quat){0, 0, 0, 1}); }

/* ---- boxes ---- */

Test(sets, obb3_add_get_put_place_clear)
{
	sw_obb3_set *s = NULL;
	cr_assert_eq(sw_obb3_set_create(0, &s), SW_OK);
	cr_assert_not_null(s);
	cr_expect_eq(sw_obb3_set_count(s), 0);
	sc_rng r = sc_rng_seed(5);
	sc_obb3_params p = sc_obb3_defaults();
	enum { M = 100 };
	sc_box boxes[M];
	sw_vec3 disp[M];
	/* from capacity 0 through several growths: indices in order, every box kept bit for bit */
	for (uint32_t i = 0; i < M; i++) {
		uint32_t idx = 999;
		sc_obb3(&r, &p, &boxes[i], &disp[i]);
		sw_obb3 shape = sc_box_shape(&boxes[i]);
		cr_assert_eq(sw_obb3_set_add(s, &shape, sc_box_pose(&boxes[i]), disp[i], &idx), SW_OK);
		cr_expect_eq(idx, i);
		cr_expect_eq(sw_obb3_set_count(s), i + 1);
	}
	cr_assert_eq(sw_obb3_set_add(s, &(sw_obb3){{1, 1, 1}}, pose3(0, 0, 0), ZERO3, NULL), SW_OK,
		     "index may be NULL");
	for (uint32_t i = 0; i < M; i++) {
		sw_obb3 b;
		sw_pose3 x;
		sw_vec3 d;
		sw_obb3 want = sc_box_shape(&boxes[i]);
		sw_pose3 want_x = sc_box_pose(&boxes[i]);
		cr_assert_eq(sw_obb3_set_get(s, i, &b, &x, &d), SW_OK);
		cr_expect(memcmp(&b, &want, sizeof b) == 0 && memcmp(&x, &want_x, sizeof x) == 0 &&
				  memcmp(&d, &disp[i], sizeof d) == 0,
			  "box %u", i);
		cr_expect_eq(sw_obb3_set_get(s, i, NULL, NULL, NULL), SW_OK, "every output may be NULL");
	}
	/* put overwrites one box and nothing else */
	sw_obb3 nb = {{0.5f, 2, 3}};
	cr_assert_eq(sw_obb3_set_put(s, 7, &nb, pose3(1, 2, 3), sw_v3(4, 5, 6)), SW_OK);
	sw_obb3 b;
	sw_pose3 x;
	sw_vec3 d;
	cr_assert_eq(sw_obb3_set_get(s, 7, &b, &x, &d), SW_OK);
	cr_expect(b.half.y == 2 && x.p.z == 3 && x.q.w == 1 && d.x == 4);
	cr_assert_eq(sw_obb3_set_get(s, 8, &b, &x, &d), SW_OK);
	cr_expect(memcmp(&d, &disp[8], sizeof d) == 0);
	/* place writes poses and displacements of a range (NULL displacements: at rest), not the shapes */
	sw_pose3 poses[3] = {pose3(10, 0, 0), pose3(11, 0, 0), pose3(12, 0, 0)};
	sw_vec3 disps[3] = {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}};
	cr_assert_eq(sw_obb3_set_place(s, 20, 3, poses, disps), SW_OK);
	for (uint32_t k = 0; k < 3; k++) {
		cr_assert_eq(sw_obb3_set_get(s, 20 + k, &b, &x, &d), SW_OK);
		cr_expect(x.p.x == 10.0f + (float)k && d.x == 1.0f + (float)k, "placed box %u", 20 + k);
		cr_expect(b.half.x == boxes[20 + k].half.x, "place changed a shape");
	}
	cr_assert_eq(sw_obb3_set_place(s, 20, 3, poses, NULL), SW_OK);
	cr_assert_eq(sw_obb3_set_get(s, 21, NULL, NULL, &d), SW_OK);
	cr_expect(d.x == 0 && d.y == 0 && d.z == 0);
	cr_expect_eq(sw_obb3_set_place(s, M + 1, 0, NULL, NULL), SW_OK, "an empty range at the end");
	/* clear: empty, storage kept, indices from 0 again */
	sw_obb3_set_clear(s);
	cr_expect_eq(sw_obb3_set_count(s), 0);
	cr_expect_eq(sw_obb3_set_get(s, 0, &b, NULL, NULL), SW_ERR_ARG);
	uint32_t idx = 999;
	cr_assert_eq(sw_obb3_set_add(s, &nb, pose3(0, 0, 0), ZERO3, &idx), SW_OK);
	cr_expect_eq(idx, 0);
	sw_obb3_set_destroy(s);
	sw_obb3_set_destroy(NULL); /* ignored */
	cr_expect_eq(sw_obb3_set_count(NULL), 0);
}

Test(sets, obb3_bad_indices_and_null)
{
	sw_obb3_set *s;
	sw_obb3 b = {{1, 1, 1}};
	sw_pose3 x = pose3(0, 0, 0), poses[2] = {x, x};
	cr_expect_eq(sw_obb3_set_create(4, NULL), SW_ERR_NULL);
	s = (sw_obb3_set *)&b;
	cr_expect_eq(sw_obb3_set_create(SW_MAX_BATCH + 1, &s), SW_ERR_SIZE);
	cr_expect_null(s, "a failed create leaves *set NULL");
	cr_assert_eq(sw_obb3_set_create(4, &s), SW_OK);
	for (int k = 0; k < 3; k++)
		cr_assert_eq(sw_obb3_set_add(s, &b, x, ZERO3, NULL), SW_OK);
	cr_expect_eq(sw_obb3_set_get(s, 3, &b, NULL, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_obb3_set_get(s, UINT32_MAX, NULL, NULL, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_obb3_set_put(s, 3, &b, x, ZERO3), SW_ERR_ARG);
	cr_expect_eq(sw_obb3_set_place(s, 2, 2, poses, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_obb3_set_place(s, 4, 0, poses, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_obb3_set_place(s, UINT32_MAX, 2, poses, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_obb3_set_place(s, 1, SIZE_MAX, poses, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_obb3_set_add(NULL, &b, x, ZERO3, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_add(s, NULL, x, ZERO3, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_put(NULL, 0, &b, x, ZERO3), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_put(s, 0, NULL, x, ZERO3), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_get(NULL, 0, &b, NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_place(NULL, 0, 1, poses, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_place(s, 0, 1, NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_obb3_set_count(s), 3, "refused calls change nothing");
	sw_obb3_set_clear(NULL); /* ignored */
	sw_obb3_set_destroy(s);
}

/* slots past the count hold a valid box for the kernels, but a pair naming one is invalid */
Test(sets, obb3_padding_is_not_visible)
{
	sw_obb3_set *s;
	cr_assert_eq(sw_obb3_set_create(16, &s), SW_OK);
	sc_box a = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}}, b = {{3, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	sw_obb3 sa = sc_box_shape(&a), sb = sc_box_shape(&b);
	cr_assert_eq(sw_obb3_set_add(s, &sa, sc_box_pose(&a), ZERO3, NULL), SW_OK);
	cr_assert_eq(sw_obb3_set_add(s, &sb, sc_box_pose(&b), sw_v3(-2, 0, 0), NULL), SW_OK);
	const sw_pair pairs[5] = {{0, 1}, {0, 2}, {2, 0}, {0, 15}, {16, 1}};
	uint8_t st[5];
	uint32_t ft[5];
	float t0[5];
	sw_sweep_results res = {st, ft, t0, NULL, NULL, NULL, NULL};
	cr_assert_eq(sw_obb3_sweep_batch(s, s, pairs, 5, NULL, &res), SW_OK);
	sw_sweep_result one;
	cr_expect_eq(sc_obb3_sweep(&a, ZERO3, &b, sw_v3(-2, 0, 0), &one), SW_HIT);
	cr_expect(st[0] == SW_HIT && ft[0] == one.feature && t0[0] == one.t_first);
	for (int k = 1; k < 5; k++)
		cr_expect(st[k] == SW_PAIR_INVALID && ft[k] == SW_FEATURE_NONE, "pair %d past the count: %u", k, st[k]);
	sw_obb3_set_clear(s);
	cr_assert_eq(sw_obb3_sweep_batch(s, s, pairs, 1, NULL, &res), SW_OK);
	cr_expect_eq(st[0], SW_PAIR_INVALID, "a cleared set has no boxes");
	sw_obb3_set_destroy(s);
}

/* ---- triangles ---- */

Test(sets, tri3_add_get_put_place_clear)
{
	sw_tri3_set *s;
	cr_assert_eq(sw_tri3_set_create(5, &s), SW_OK);
	sc_rng r = sc_rng_seed(6);
	sc_tri3_params p = sc_tri3_defaults();
	enum { M = 40 };
	sw_tri3 kept[M];
	sw_vec3 kd[M];
	for (uint32_t i = 0; i < M; i++) {
		uint32_t idx;
		sc_tri3(&r, &p, sw_v3(0, 0, 0), &kept[i], &kd[i]);
		cr_assert_eq(sw_tri3_set_add(s, &kept[i], kd[i], &idx), SW_OK);
		cr_expect_eq(idx, i);
	}
	cr_expect_eq(sw_tri3_set_count(s), M);
	for (uint32_t i = 0; i < M; i++) {
		sw_tri3 t;
		sw_vec3 d;
		cr_assert_eq(sw_tri3_set_get(s, i, &t, &d), SW_OK);
		cr_expect(memcmp(&t, &kept[i], sizeof t) == 0 && memcmp(&d, &kd[i], sizeof d) == 0, "triangle %u", i);
	}
	cr_expect_eq(sw_tri3_set_get(s, M, NULL, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_tri3_set_put(s, M, &kept[0], kd[0]), SW_ERR_ARG);
	cr_expect_eq(sw_tri3_set_put(s, 3, NULL, kd[0]), SW_ERR_NULL);
	cr_expect_eq(sw_tri3_set_add(s, NULL, kd[0], NULL), SW_ERR_NULL);
	cr_expect_eq(sw_tri3_set_add(NULL, &kept[0], kd[0], NULL), SW_ERR_NULL);
	cr_expect_eq(sw_tri3_set_get(NULL, 0, NULL, NULL), SW_ERR_NULL);
	cr_assert_eq(sw_tri3_set_put(s, 3, &kept[4], kd[5]), SW_OK);
	sw_tri3 t;
	sw_vec3 d;
	cr_assert_eq(sw_tri3_set_get(s, 3, &t, &d), SW_OK);
	cr_expect(memcmp(&t, &kept[4], sizeof t) == 0 && memcmp(&d, &kd[5], sizeof d) == 0);
	/* place writes displacements only; NULL: at rest */
	const sw_vec3 disps[2] = {{7, 8, 9}, {-1, -2, -3}};
	cr_assert_eq(sw_tri3_set_place(s, M - 2, 2, disps), SW_OK);
	cr_assert_eq(sw_tri3_set_get(s, M - 1, &t, &d), SW_OK);
	cr_expect(d.z == -3 && memcmp(&t, &kept[M - 1], sizeof t) == 0);
	cr_assert_eq(sw_tri3_set_place(s, 0, 2, NULL), SW_OK);
	cr_assert_eq(sw_tri3_set_get(s, 1, NULL, &d), SW_OK);
	cr_expect(d.x == 0 && d.y == 0 && d.z == 0);
	cr_expect_eq(sw_tri3_set_place(s, M - 1, 2, disps), SW_ERR_ARG);
	cr_expect_eq(sw_tri3_set_place(NULL, 0, 1, disps), SW_ERR_NULL);
	/* a triangle index past the count is an invalid pair, even though its slot holds a valid one */
	sw_obb3_set *boxes;
	cr_assert_eq(sw_obb3_set_create(1, &boxes), SW_OK);
	cr_assert_eq(sw_obb3_set_add(boxes, &(sw_obb3){{1, 1, 1}}, pose3(0, 0, 0), ZERO3, NULL), SW_OK);
	const sw_pair pairs[3] = {{0, 0}, {0, M}, {1, 0}};
	uint8_t st[3];
	const sw_overlap_results res = {st, NULL, NULL, NULL, NULL, NULL};
	cr_assert_eq(sw_obb3_tri3_overlap_batch(boxes, s, pairs, 3, NULL, &res), SW_OK);
	cr_expect(st[0] != SW_PAIR_INVALID && st[1] == SW_PAIR_INVALID && st[2] == SW_PAIR_INVALID);
	sw_tri3_set_clear(s);
	cr_expect_eq(sw_tri3_set_count(s), 0);
	cr_assert_eq(sw_obb3_tri3_overlap_batch(boxes, s, pairs, 1, NULL, &res), SW_OK);
	cr_expect_eq(st[0], SW_PAIR_INVALID);
	sw_obb3_set_destroy(boxes);
	sw_tri3_set_destroy(s);
	sw_tri3_set_destroy(NULL);
	cr_expect_eq(sw_tri3_set_count(NULL), 0);
}

/* ---- polygons: shapes and instances ---- */

Test(sets, poly2_shapes_and_instances)
{
	sw_poly2_set *s;
	cr_assert_eq(sw_poly2_set_create(0, &s), SW_OK);
	sc_rng r = sc_rng_seed(7);
	enum { SHAPES = 20, M = 50 };
	sw_poly2 polys[SHAPES];
	for (uint32_t k = 0; k < SHAPES; k++) {
		uint32_t id = 999;
		polys[k] = sc_poly2(&r, 2 + k % (SW_POLY2_MAX_VERTS - 1), 1.0f);
		cr_assert_eq(sw_poly2_set_add_shape(s, &polys[k], &id), SW_OK);
		cr_expect_eq(id, k);
	}
	cr_expect_eq(sw_poly2_set_count(s), 0, "shapes are not instances");
	sw_pose2 poses[M];
	sw_vec2 disps[M];
	for (uint32_t i = 0; i < M; i++) {
		uint32_t idx = 999;
		poses[i] = sw_pose2_make(sw_v2(sc_uniform(&r, -5, 5), sc_uniform(&r, -5, 5)), sc_uniform(&r, 0, 6));
		disps[i] = sw_v2(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1));
		cr_assert_eq(sw_poly2_set_add(s, i % SHAPES, poses[i], disps[i], &idx), SW_OK);
		cr_expect_eq(idx, i);
	}
	cr_expect_eq(sw_poly2_set_count(s), M);
	for (uint32_t i = 0; i < M; i++) {
		uint32_t shape;
		sw_poly2 poly;
		sw_pose2 x;
		sw_vec2 d;
		cr_assert_eq(sw_poly2_set_get(s, i, &shape, &poly, &x, &d), SW_OK);
		const sw_poly2 *want = &polys[i % SHAPES];
		cr_expect_eq(shape, i % SHAPES);
		cr_expect(poly.count == want->count && memcmp(poly.v, want->v, want->count * sizeof poly.v[0]) == 0,
			  "instance %u: polygon", i);
		cr_expect(memcmp(&x, &poses[i], sizeof x) == 0 && memcmp(&d, &disps[i], sizeof d) == 0,
			  "instance %u: placement", i);
	}
	/* put changes the shape and placement of one instance */
	cr_assert_eq(sw_poly2_set_put(s, 4, 0, poses[9], disps[9]), SW_OK);
	uint32_t shape;
	sw_pose2 x;
	sw_vec2 d;
	cr_assert_eq(sw_poly2_set_get(s, 4, &shape, NULL, &x, &d), SW_OK);
	cr_expect(shape == 0 && memcmp(&x, &poses[9], sizeof x) == 0 && memcmp(&d, &disps[9], sizeof d) == 0);
	/* place: poses and displacements of a range, NULL displacements at rest */
	cr_assert_eq(sw_poly2_set_place(s, 10, 3, poses, disps), SW_OK);
	cr_assert_eq(sw_poly2_set_get(s, 12, &shape, NULL, &x, &d), SW_OK);
	cr_expect(shape == 12 % SHAPES && memcmp(&x, &poses[2], sizeof x) == 0 && memcmp(&d, &disps[2], sizeof d) == 0);
	cr_assert_eq(sw_poly2_set_place(s, 10, 3, poses, NULL), SW_OK);
	cr_assert_eq(sw_poly2_set_get(s, 11, NULL, NULL, NULL, &d), SW_OK);
	cr_expect(d.x == 0 && d.y == 0);
	/* bad indices and NULL */
	cr_expect_eq(sw_poly2_set_get(s, M, NULL, NULL, NULL, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_poly2_set_put(s, M, 0, x, d), SW_ERR_ARG);
	cr_expect_eq(sw_poly2_set_place(s, M - 1, 2, poses, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_poly2_set_add_shape(s, NULL, &shape), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_set_add_shape(s, &polys[0], NULL), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_set_add_shape(NULL, &polys[0], &shape), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_set_add(NULL, 0, x, d, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_set_get(NULL, 0, NULL, NULL, NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_set_place(s, 0, 1, NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_poly2_set_create(1, NULL), SW_ERR_NULL);
	/* an instance of a shape id no shape has is stored; reading its polygon is SW_ERR_ARG */
	cr_assert_eq(sw_poly2_set_put(s, 5, SHAPES + 3, x, d), SW_OK);
	sw_poly2 poly;
	cr_expect_eq(sw_poly2_set_get(s, 5, &shape, &poly, NULL, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_poly2_set_get(s, 5, &shape, NULL, NULL, NULL), SW_OK);
	cr_expect_eq(shape, SHAPES + 3);
	/* pairs past the count or with that shape id are invalid */
	const sw_pair pairs[4] = {{0, 1}, {0, M}, {M + 3, 1}, {5, 1}};
	uint8_t st[4];
	const sw_overlap_results res = {st, NULL, NULL, NULL, NULL, NULL};
	cr_assert_eq(sw_poly2_overlap_batch(s, s, pairs, 4, NULL, &res), SW_OK);
	cr_expect(st[0] != SW_PAIR_INVALID && st[1] == SW_PAIR_INVALID && st[2] == SW_PAIR_INVALID &&
			  st[3] == SW_PAIR_INVALID,
		  "statuses %u %u %u %u", st[0], st[1], st[2], st[3]);
	/* clear removes the instances, the shapes stay */
	sw_poly2_set_clear(s);
	cr_expect_eq(sw_poly2_set_count(s), 0);
	uint32_t idx = 999;
	cr_assert_eq(sw_poly2_set_add(s, SHAPES - 1, poses[0], disps[0], &idx), SW_OK);
	cr_expect_eq(idx, 0);
	cr_assert_eq(sw_poly2_set_get(s, 0, NULL, &poly, NULL, NULL), SW_OK);
	cr_expect(poly.count == polys[SHAPES - 1].count &&
		  memcmp(poly.v, polys[SHAPES - 1].v, poly.count * sizeof poly.v[0]) == 0);
	cr_assert_eq(sw_poly2_set_add_shape(s, &polys[0], &shape), SW_OK);
	cr_expect_eq(shape, SHAPES, "shape ids go on after a clear");
	sw_poly2_set_destroy(s);
	sw_poly2_set_destroy(NULL);
	cr_expect_eq(sw_poly2_set_count(NULL), 0);
}

/* ---- hulls: shapes and instances ---- */

static sw_hull3 box_hull(float hx, float hy, float hz)
{
	sw_hull3 h;
	cr_assert_eq(sw_hull3_box(&(sw_obb3){{hx, hy, hz}}, &h), SW_OK);
	return h;
}

Test(sets, hull3_shapes_and_instances)
{
	static sw_hull3 hulls[3];
	hulls[0] = box_hull(1, 1, 1), hulls[1] = box_hull(0.5f, 2, 1), hulls[2] = box_hull(3, 0.25f, 0.5f);
	sw_hull3_set *s;
	cr_assert_eq(sw_hull3_set_create(0, &s), SW_OK);
	for (uint32_t k = 0; k < 3; k++) {
		uint32_t id = 999;
		cr_assert_eq(sw_hull3_set_add_shape(s, &hulls[k], &id), SW_OK);
		cr_expect_eq(id, k);
	}
	cr_expect_eq(sw_hull3_set_count(s), 0);
	sc_rng r = sc_rng_seed(8);
	enum { M = 70 };
	sw_pose3 poses[M];
	sw_vec3 disps[M];
	for (uint32_t i = 0; i < M; i++) {
		uint32_t idx = 999;
		poses[i] = sw_pose3_make(sw_v3(sc_uniform(&r, -5, 5), sc_uniform(&r, -5, 5), sc_uniform(&r, -5, 5)),
					 sc_rotation(&r));
		disps[i] = sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1));
		cr_assert_eq(sw_hull3_set_add(s, i % 3, poses[i], disps[i], &idx), SW_OK);
		cr_expect_eq(idx, i);
	}
	cr_expect_eq(sw_hull3_set_count(s), M);
	for (uint32_t i = 0; i < M; i++) {
		uint32_t shape;
		sw_pose3 x;
		sw_vec3 d;
		cr_assert_eq(sw_hull3_set_get(s, i, &shape, &x, &d), SW_OK);
		cr_expect(shape == i % 3 && memcmp(&x, &poses[i], sizeof x) == 0 &&
				  memcmp(&d, &disps[i], sizeof d) == 0,
			  "instance %u", i);
	}
	uint32_t shape;
	sw_pose3 x;
	sw_vec3 d;
	cr_assert_eq(sw_hull3_set_put(s, 2, 0, poses[5], disps[6]), SW_OK);
	cr_assert_eq(sw_hull3_set_get(s, 2, &shape, &x, &d), SW_OK);
	cr_expect(shape == 0 && memcmp(&x, &poses[5], sizeof x) == 0 && memcmp(&d, &disps[6], sizeof d) == 0);
	cr_assert_eq(sw_hull3_set_place(s, M - 3, 3, poses, NULL), SW_OK);
	cr_assert_eq(sw_hull3_set_get(s, M - 1, &shape, &x, &d), SW_OK);
	cr_expect(shape == (M - 1) % 3 && memcmp(&x, &poses[2], sizeof x) == 0 && d.x == 0 && d.y == 0 && d.z == 0);
	cr_expect_eq(sw_hull3_set_get(s, M, NULL, NULL, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_hull3_set_put(s, M, 0, x, d), SW_ERR_ARG);
	cr_expect_eq(sw_hull3_set_place(s, M - 2, 3, poses, NULL), SW_ERR_ARG);
	cr_expect_eq(sw_hull3_set_add_shape(s, NULL, &shape), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_set_add_shape(s, &hulls[0], NULL), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_set_add(NULL, 0, x, d, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_set_get(NULL, 0, NULL, NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_set_place(s, 0, 1, NULL, NULL), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_set_create(1, NULL), SW_ERR_NULL);
	/* a hull failing its check is kept as a flagged shape; its pairs, a shape id no shape has and
	 * instances past the count are invalid */
	sw_hull3 broken = hulls[0];
	broken.faces[1].d += 0.5f;
	cr_assert_eq(sw_hull3_set_add_shape(s, &broken, &shape), SW_OK);
	cr_expect_eq(shape, 3);
	cr_assert_eq(sw_hull3_set_put(s, 7, 3, poses[7], disps[7]), SW_OK);
	cr_assert_eq(sw_hull3_set_put(s, 8, 99, poses[8], disps[8]), SW_OK);
	const sw_pair pairs[5] = {{0, 1}, {7, 1}, {1, 8}, {M, 0}, {0, M + 20}};
	uint8_t st[5];
	const sw_overlap_results res = {st, NULL, NULL, NULL, NULL, NULL};
	cr_assert_eq(sw_hull3_overlap_batch(s, s, pairs, 5, NULL, &res), SW_OK);
	cr_expect(st[0] != SW_PAIR_INVALID, "a valid pair");
	for (int k = 1; k < 5; k++)
		cr_expect_eq(st[k], SW_PAIR_INVALID, "pair %d", k);
	sw_hull3_set_clear(s);
	cr_expect_eq(sw_hull3_set_count(s), 0);
	uint32_t idx = 999;
	cr_assert_eq(sw_hull3_set_add(s, 2, poses[0], disps[0], &idx), SW_OK);
	cr_expect_eq(idx, 0);
	cr_assert_eq(sw_hull3_set_get(s, 0, &shape, NULL, NULL), SW_OK);
	cr_expect_eq(shape, 2, "the shapes stay");
	sw_hull3_set_destroy(s);
	sw_hull3_set_destroy(NULL);
	cr_expect_eq(sw_hull3_set_count(NULL), 0);
}

/* whether a hull added to a set is a valid shape (1) or a flagged one (0) */
static int added_ok(sw_hull3_set *s, const sw_hull3 *h)
{
	uint32_t id;
	cr_assert_eq(sw_hull3_set_add_shape(s, h, &id), SW_OK);
	return (int)s->shapes[id].ok;
}

/* the seal (sw_hull3.seal): written by the builders and sw_hull3_seal, kept by a copy, broken by any
 * change to what the check reads, never making the set take a hull the check refuses (short of a
 * forged seal, whose counts and indices are still range-checked) */
Test(sets, hull3_seal)
{
	static sw_hull3 h, g, made;
	sw_vec3 p[32];
	sc_rng r = sc_rng_seed(31);
	sc_ellipsoid_points(&r, 32, sw_v3(1, 0.7f, 0.5f), 0.7f, p);
	cr_assert_eq(sw_hull3_build(p, 32, NULL, &h), SW_OK);
	cr_expect(h.seal != 0 && h.seal == sw_hull3_seal_of_(&h), "a built hull is sealed");
	g = box_hull(1, 2, 3);
	cr_expect(g.seal != 0 && g.seal == sw_hull3_seal_of_(&g), "a box's hull is sealed");
	memcpy(&made, &h, sizeof h);
	made.seal = 0;
	cr_expect(!sw_hull3_sealed_(&made));
	cr_expect_eq(sw_hull3_seal(&made), SW_OK);
	cr_expect_eq(made.seal, h.seal, "sw_hull3_seal writes the builder's seal");
	cr_expect_eq(sw_hull3_seal(NULL), SW_ERR_NULL);
	sw_hull3_set *s;
	cr_assert_eq(sw_hull3_set_create(0, &s), SW_OK);
	cr_expect(added_ok(s, &h) && added_ok(s, &g) && added_ok(s, &made));
	/* unused capacity is not the hull's: writing it keeps the seal */
	made.verts[SW_HULL_MAX_VERTS - 1] = sw_v3(NAN, 1, 2);
	made.dirs[SW_HULL_MAX_EDGES - 1] = sw_v3(5, 6, 7);
	cr_expect(sw_hull3_sealed_(&made));
	/* every bit of what the check reads breaks the seal; the set then answers as the check */
	const size_t regions[6][2] = {
		{0, offsetof(sw_hull3, verts)},
		{offsetof(sw_hull3, verts), h.num_verts * sizeof h.verts[0]},
		{offsetof(sw_hull3, faces), h.num_faces * sizeof h.faces[0]},
		{offsetof(sw_hull3, face_verts), sizeof h.face_verts},
		{offsetof(sw_hull3, edges), h.num_edges * sizeof h.edges[0]},
		{offsetof(sw_hull3, dirs), h.num_dirs * sizeof h.dirs[0]},
	};
	int kept = 0, disagree = 0, flips = 0;
	for (int k = 0; k < 6; k++)
		for (size_t b = regions[k][0]; b < regions[k][0] + regions[k][1]; b++) {
			memcpy(&g, &h, sizeof h);
			((unsigned char *)&g)[b] ^= (unsigned char)(1u << (b % 8));
			kept += sw_hull3_sealed_(&g);
			if (b % 5 == 0) {
				disagree += added_ok(s, &g) != (sw_hull3_check(&g) == SW_OK);
				flips++;
			}
		}
	cr_expect_eq(kept, 0, "%d changes kept the seal", kept);
	cr_expect_eq(disagree, 0, "the set and the check disagree on %d of %d changed hulls", disagree, flips);
	/* a broken hull: sw_hull3_seal refuses it and clears the seal */
	memcpy(&g, &h, sizeof h);
	g.faces[0].d += 0.25f;
	cr_expect_neq(sw_hull3_seal(&g), SW_OK);
	cr_expect_eq(g.seal, 0);
	cr_expect(!added_ok(s, &g));
	/* a forged seal over counts past the capacities: range-checked, then refused by the check */
	memcpy(&g, &h, sizeof h);
	g.num_verts = 200;
	g.edges[0].dir = 255;
	g.seal = sw_hull3_seal_of_(&g);
	cr_expect(!sw_hull3_sealed_(&g));
	cr_expect(!added_ok(s, &g));
	sw_hull3_set_destroy(s);
}

/* ---- allocation failure ---- */

/* the four sets behind one interface, for the allocation tests */
static sw_error create_kind(int kind, size_t capacity, void **set)
{
	sw_error e = SW_ERR_ARG;
	if (kind == 0) {
		sw_obb3_set *p = *set; /* the caller's sentinel, to see it reset */
		e = sw_obb3_set_create(capacity, &p);
		*set = p;
	} else if (kind == 1) {
		sw_tri3_set *p = *set; /* the caller's sentinel, to see it reset */
		e = sw_tri3_set_create(capacity, &p);
		*set = p;
	} else if (kind == 2) {
		sw_poly2_set *p = *set; /* the caller's sentinel, to see it reset */
		e = sw_poly2_set_create(capacity, &p);
		*set = p;
	} else {
		sw_hull3_set *p = *set; /* the caller's sentinel, to see it reset */
		e = sw_hull3_set_create(capacity, &p);
		*set = p;
	}
	return e;
}

static void destroy_kind(int kind, void *set)
{
	if (kind == 0)
		sw_obb3_set_destroy(set);
	else if (kind == 1)
		sw_tri3_set_destroy(set);
	else if (kind == 2)
		sw_poly2_set_destroy(set);
	else
		sw_hull3_set_destroy(set);
}

/* appends item i (shape 0 for polygons and hulls) */
static sw_error add_kind(int kind, void *set, uint32_t i, uint32_t *index)
{
	float f = (float)i;
	if (kind == 0)
		return sw_obb3_set_add(set, &(sw_obb3){{1, 1, f + 1}}, pose3(f, 0, 0), sw_v3(0, f, 0), index);
	if (kind == 1)
		return sw_tri3_set_add(set, &(sw_tri3){{f, 0, 0}, {f + 1, 0, 0}, {f, 1, 0}}, sw_v3(0, 0, f), index);
	if (kind == 2)
		return sw_poly2_set_add(set, 0, sw_pose2_make(sw_v2(f, 0), 0), sw_v2(0, f), index);
	return sw_hull3_set_add(set, 0, pose3(f, 0, 0), sw_v3(0, f, 0), index);
}

/* item i reads back as add_kind wrote it */
static int item_ok(int kind, const void *set, uint32_t i)
{
	float f = (float)i;
	if (kind == 0) {
		sw_obb3 b;
		sw_pose3 x;
		sw_vec3 d;
		return sw_obb3_set_get(set, i, &b, &x, &d) == SW_OK && b.half.z == f + 1 && x.p.x == f && d.y == f;
	}
	if (kind == 1) {
		sw_tri3 t;
		sw_vec3 d;
		return sw_tri3_set_get(set, i, &t, &d) == SW_OK && t.b.x == f + 1 && d.z == f;
	}
	if (kind == 2) {
		uint32_t shape = 9;
		sw_pose2 x;
		sw_vec2 d;
		return sw_poly2_set_get(set, i, &shape, NULL, &x, &d) == SW_OK && shape == 0 && x.p.x == f && d.y == f;
	}
	uint32_t shape = 9;
	sw_pose3 x;
	sw_vec3 d;
	return sw_hull3_set_get(set, i, &shape, &x, &d) == SW_OK && shape == 0 && x.p.x == f && d.y == f;
}

static size_t count_kind(int kind, const void *set)
{
	return kind == 0   ? sw_obb3_set_count(set)
	       : kind == 1 ? sw_tri3_set_count(set)
	       : kind == 2 ? sw_poly2_set_count(set)
			   : sw_hull3_set_count(set);
}

static const char *const kind_name[4] = {"obb3", "tri3", "poly2", "hull3"};

/* create failing at each of its allocations in turn: SW_ERR_NOMEM, *set NULL, nothing held */
Test(sets, create_reports_failed_allocations)
{
	track t;
	for (int kind = 0; kind < 4; kind++) {
		track_begin(&t, -1);
		void *s = NULL;
		cr_assert_eq(create_kind(kind, 40, &s), SW_OK);
		int calls = t.calls;
		cr_expect_gt(calls, 0, "%s: create goes through the hook", kind_name[kind]);
		destroy_kind(kind, s);
		track_end(&t);
		for (int ok = 0; ok < calls; ok++) {
			track_begin(&t, ok);
			s = &t;
			cr_expect_eq(create_kind(kind, 40, &s), SW_ERR_NOMEM, "%s failing after %d", kind_name[kind],
				     ok);
			cr_expect_null(s, "%s: a failed create leaves *set NULL", kind_name[kind]);
			track_end(&t);
		}
	}
}

/* growth failing: SW_ERR_NOMEM, the set as it was (count and items), and usable once memory comes
 * back; nothing leaked in the end */
Test(sets, growth_reports_failed_allocations)
{
	track t;
	for (int kind = 0; kind < 4; kind++) {
		track_begin(&t, -1);
		void *s = NULL;
		cr_assert_eq(create_kind(kind, 0, &s), SW_OK);
		if (kind >= 2) {
			/* shape 0 for the instances */
			uint32_t id = 9;
			sw_error e = kind == 2 ? sw_poly2_set_add_shape(s, &(sw_poly2){0}, &id)
					       : sw_hull3_set_add_shape(s, &(sw_hull3){0}, &id);
			cr_assert(e == SW_OK && id == 0);
		}
		/* fill the first capacity, then fail the growth */
		uint32_t n = 0, idx;
		for (int k = 0;; k++) {
			cr_assert_lt(k, 1000, "%s: no growth within 1000 items", kind_name[kind]);
			int before = t.calls;
			cr_assert_eq(add_kind(kind, s, n, &idx), SW_OK);
			cr_expect_eq(idx, n);
			n++;
			if (t.calls != before)
				break; /* this add grew the set */
		}
		/* with every allocation failing, add until the set must grow */
		sw_error e = SW_OK;
		for (int k = 0; k < 1000 && e == SW_OK; k++) {
			track_fail_after(&t, 0);
			e = add_kind(kind, s, n, &idx);
			track_fail_after(&t, -1);
			if (e == SW_OK)
				cr_expect_eq(idx, n++);
		}
		cr_expect_eq(e, SW_ERR_NOMEM, "%s: %s", kind_name[kind], sw_error_name(e));
		cr_expect_geq(n, 32, "%s: growth failed before the capacity was used", kind_name[kind]);
		cr_expect_eq(count_kind(kind, s), n, "%s: a failed add changed the count", kind_name[kind]);
		for (uint32_t i = 0; i < n; i++)
			cr_expect(item_ok(kind, s, i), "%s: item %u changed by a failed growth", kind_name[kind], i);
		cr_assert_eq(add_kind(kind, s, n, &idx), SW_OK, "%s: usable again", kind_name[kind]);
		cr_expect_eq(idx, n);
		for (uint32_t i = 0; i <= n; i++)
			cr_expect(item_ok(kind, s, i), "%s: item %u", kind_name[kind], i);
		destroy_kind(kind, s);
		track_end(&t);
	}
}

/* adding a shape failing at each of its allocations: SW_ERR_NOMEM, no shape added (the next id is
 * unchanged), the stored shapes still used; nothing leaked */
Test(sets, add_shape_reports_failed_allocations)
{
	static sw_hull3 cube;
	cube = box_hull(1, 1, 1);
	sw_poly2 square = sw_poly2_box(1, 1);
	track t;
	/* polygons: the shape table grows past 16 shapes */
	track_begin(&t, -1);
	sw_poly2_set *ps;
	cr_assert_eq(sw_poly2_set_create(1, &ps), SW_OK);
	uint32_t id = 0;
	for (uint32_t k = 0; k < 16; k++)
		cr_assert(sw_poly2_set_add_shape(ps, &square, &id) == SW_OK && id == k);
	track_fail_after(&t, 0);
	cr_expect_eq(sw_poly2_set_add_shape(ps, &square, &id), SW_ERR_NOMEM);
	track_fail_after(&t, -1);
	cr_assert_eq(sw_poly2_set_add_shape(ps, &square, &id), SW_OK);
	cr_expect_eq(id, 16, "the failed add left no shape");
	sw_poly2_set_destroy(ps);
	track_end(&t);
	/* hulls: the first shape allocates its record table and the two pools */
	for (int ok = 0;; ok++) {
		cr_assert_lt(ok, 10);
		track_begin(&t, -1);
		sw_hull3_set *hs;
		cr_assert_eq(sw_hull3_set_create(1, &hs), SW_OK);
		track_fail_after(&t, ok);
		int before = t.calls;
		sw_error e = sw_hull3_set_add_shape(hs, &cube, &id);
		int allocations = t.calls - before;
		track_fail_after(&t, -1);
		if (e == SW_OK) {
			cr_expect_eq(id, 0);
			cr_expect_geq(ok, 3, "the first hull shape needs its table and two pools");
			sw_hull3_set_destroy(hs);
			track_end(&t);
			break;
		}
		cr_expect_eq(e, SW_ERR_NOMEM, "failing after %d of %d: %s", ok, allocations, sw_error_name(e));
		cr_assert_eq(sw_hull3_set_add_shape(hs, &cube, &id), SW_OK);
		cr_expect_eq(id, 0, "failing after %d: the failed add left a shape", ok);
		/* and the shape added afterwards answers */
		cr_assert_eq(sw_hull3_set_add(hs, 0, pose3(0, 0, 0), ZERO3, NULL), SW_OK);
		cr_assert_eq(sw_hull3_set_add(hs, 0, pose3(1.5f, 0, 0), ZERO3, NULL), SW_OK);
		const sw_pair pair = {0, 1};
		uint8_t st = 0;
		float depth = 0;
		const sw_overlap_results res = {&st, NULL, &depth, NULL, NULL, NULL};
		cr_assert_eq(sw_hull3_overlap_batch(hs, hs, &pair, 1, NULL, &res), SW_OK);
		cr_expect(st == SW_HIT && fabsf(depth - 0.5f) < 1e-6f, "failing after %d: %u depth %g", ok, st, depth);
		sw_hull3_set_destroy(hs);
		track_end(&t);
	}
}

/* ---- the layout the kernels rely on (src/sets.h) ---- */

static void expect_column(const void *col, const char *what)
{
	cr_expect_eq((uintptr_t)col % 64, 0, "%s misaligned", what);
}

Test(sets, layout_promises_the_kernels_rely_on)
{
	sw_obb3_set *b;
	sw_tri3_set *t;
	cr_assert_eq(sw_obb3_set_create(5, &b), SW_OK);
	cr_assert_eq(sw_tri3_set_create(5, &t), SW_OK);
	for (int round = 0; round < 2; round++) {
		cr_expect_eq(b->t.capacity % SW_SET_PAD, 0);
		cr_expect_geq(b->t.capacity, SW_SET_PAD);
		for (int k = 0; k < 13; k++)
			expect_column(b->col[k], "box column");
		for (size_t i = b->t.count; i < b->t.capacity; i++)
			cr_expect(b->hx[i] == 1 && b->hy[i] == 1 && b->hz[i] == 1 && b->qw[i] == 1 && b->qx[i] == 0 &&
					  b->dx[i] == 0,
				  "box padding slot %zu", i);
		cr_expect_eq(t->t.capacity % SW_SET_PAD, 0);
		for (int k = 0; k < 12; k++)
			expect_column(t->col[k], "triangle column");
		for (size_t i = t->t.count; i < t->t.capacity; i++)
			cr_expect(t->ax[i] == 0 && t->bx[i] == 1 && t->cy[i] == 1 && t->by[i] == 0 && t->dz[i] == 0,
				  "triangle padding slot %zu", i);
		/* grow both past their first capacity */
		for (uint32_t i = 0; i < 37; i++) {
			cr_assert_eq(add_kind(0, b, i, NULL), SW_OK);
			cr_assert_eq(add_kind(1, t, i, NULL), SW_OK);
		}
	}
	/* the padding box and triangle are valid: a kernel reading whole lanes never sees garbage */
	sc_box box = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	sw_tri3 pad = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
	sw_overlap_result o;
	cr_expect_eq(sc_obb3_tri3_overlap(&box, &pad, &o), SW_HIT);
	cr_expect_eq(sc_obb3_overlap(&box, &box, &o), SW_HIT);
	sw_obb3_set_destroy(b);
	sw_tri3_set_destroy(t);
}
