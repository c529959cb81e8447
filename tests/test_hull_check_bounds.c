/* tests/test_hull_check_bounds.c — a sw_hull3 is caller-writable memory: sw_hull3_check (and so
 * sw_hull3_set_add_shape and every single-pair hull query) must range-check every count and index it
 * reads before using it, and sw_hull3_from_faces must check its counts before reading the arrays.
 * Each case here read or wrote out of bounds before those checks (run under the sanitizers with
 * ./scripts/test.sh --sanitize to see the access itself). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "hull3_int.h"
#include "scenes.h"

/* the check's verdict with its reason (the internal checker), which the public check must share */
static int check(const sw_hull3 *h, char *why, size_t why_len)
{
	int ok = sw_hull3_validate_(h, 0, why, why_len) == SW_HULL_OK;
	cr_expect_eq(ok, sw_hull3_check(h) == SW_OK, "the public check disagrees (%s)", why);
	return ok;
}

static void cube(sw_hull3 *h)
{
	sw_vec3 p[8];
	for (int k = 0; k < 8; k++)
		p[k] = sw_v3(k & 1 ? 1.0f : -1.0f, k & 2 ? 1.0f : -1.0f, k & 4 ? 1.0f : -1.0f);
	cr_assert_eq(sw_hull3_build(p, 8, NULL, h), SW_OK);
}

/* 64 distinct vertices, face_verts[k] = k, and nf faces that all are the loop 0..63: each loop is
 * in range alone, but together they hold more half-edges than any hull has */
static void overlapping_loops(sw_hull3 *h, uint32_t nf)
{
	memset(h, 0, sizeof *h);
	h->num_verts = 64;
	h->num_faces = nf;
	h->num_edges = 64;
	h->num_dirs = 1;
	h->eps = 1e-6f;
	h->tol = 4e-6f;
	h->radius = 2;
	for (uint32_t k = 0; k < 64; k++) {
		float a = 6.2831853f * (float)k / 64;
		h->verts[k] = sw_v3(cosf(a), sinf(a), (float)(k % 2));
		h->face_verts[k] = (uint8_t)k;
	}
	for (uint32_t f = 0; f < nf; f++)
		h->faces[f] = (sw_hull_face){{0, 0, 1}, 1, 0, 64};
}

Test(hull_check_bounds, overlapping_face_loops_are_refused)
{
	static sw_hull3 h;
	char why[200];
	const uint32_t counts[3] = {6, 7, SW_HULL_MAX_FACES};
	for (int i = 0; i < 3; i++) {
		overlapping_loops(&h, counts[i]);
		why[0] = 0;
		cr_expect_not(check(&h, why, sizeof why), "%u faces", counts[i]);
		cr_expect_neq(why[0], 0, "no reason given");
		cr_expect(strstr(why, "indices") != NULL, "%u faces: %s", counts[i], why);
	}
	/* through the set and a query, which check the hull first */
	sw_hull3_set *set;
	uint32_t id;
	cr_assert_eq(sw_hull3_set_create(4, &set), SW_OK);
	cr_expect_eq(sw_hull3_set_add_shape(set, &h, &id), SW_OK);
	const sw_pose3 at = sw_pose3_make(sw_v3(0, 0, 0), (sw_quat){0, 0, 0, 1});
	cr_assert_eq(sw_hull3_set_add(set, id, at, sw_v3(0, 0, 0), NULL), SW_OK);
	cr_assert_eq(sw_hull3_set_add(set, id, at, sw_v3(1, 0, 0), NULL), SW_OK);
	const sw_pair pair = {0, 1};
	uint8_t st = 0xFF;
	const sw_sweep_results col = {.status = &st};
	cr_expect_eq(sw_hull3_sweep_batch(set, set, &pair, 1, NULL, &col), SW_OK);
	cr_expect_eq(st, SW_PAIR_INVALID, "a flagged shape's pair: %s", sw_status_name((sw_status)st));
	sw_hull3_set_destroy(set);
	sw_sweep_result o;
	const sw_quat q = {0, 0, 0, 1};
	const sw_vec3 z = {0, 0, 0};
	cr_expect_eq(sc_hull3_sweep(&h, z, q, z, &h, z, q, z, &o), SW_PAIR_INVALID);
}

/* every count and index field of a valid hull set out of range, one at a time */
Test(hull_check_bounds, corrupt_counts_and_indices)
{
	static sw_hull3 h, g;
	char why[200];
	cube(&h);
	const uint32_t big[5] = {SW_HULL_MAX_VERTS + 1, 255, 256, 65535, UINT32_MAX};
	for (int b = 0; b < 5; b++) {
		uint32_t *counts[4] = {&g.num_verts, &g.num_faces, &g.num_edges, &g.num_dirs};
		for (int c = 0; c < 4; c++) {
			g = h;
			*counts[c] = big[b];
			cr_expect_not(check(&g, why, sizeof why), "count %d = %u", c, big[b]);
		}
		for (uint32_t f = 0; f < h.num_faces; f++) {
			g = h;
			g.faces[f].first = (uint16_t)big[b];
			cr_expect_not(check(&g, why, sizeof why), "face %u first %u", f, big[b]);
			g = h;
			g.faces[f].count = (uint16_t)big[b];
			cr_expect_not(check(&g, why, sizeof why), "face %u count %u", f, big[b]);
		}
	}
	for (uint32_t e = 0; e < h.num_edges; e++)
		for (int k = 0; k < 5; k++) {
			g = h;
			uint8_t *field[5] = {&g.edges[e].v[0], &g.edges[e].v[1], &g.edges[e].f[0], &g.edges[e].f[1],
					     &g.edges[e].dir};
			*field[k] = 255;
			cr_expect_not(check(&g, why, sizeof why), "edge %u field %d", e, k);
		}
	for (uint32_t i = 0; i < 24; i++) {
		g = h;
		g.face_verts[i] = 200;
		cr_expect_not(check(&g, why, sizeof why), "face_verts[%u]", i);
	}
}

/* seeded random bytes over the counts, faces and edges of a valid hull never crash the check */
Test(hull_check_bounds, random_corruption)
{
	static sw_hull3 h, g;
	sc_rng r = sc_rng_seed(61);
	cube(&h);
	for (int t = 0; t < 20000; t++) {
		g = h;
		unsigned char *b = (unsigned char *)&g;
		for (int k = 0, m = 1 + (int)sc_below(&r, 8); k < m; k++) {
			/* mostly the header, faces, loops and edges; sometimes anywhere */
			size_t lim = sc_below(&r, 4) ? offsetof(sw_hull3, dirs) : sizeof g;
			b[sc_below(&r, (uint32_t)lim)] = (unsigned char)sc_next(&r);
		}
		char why[64];
		int ok = check(&g, why, sizeof why);
		cr_expect(ok || why[0] != 0, "trial %d: refused without a reason", t);
	}
}

/* the count is checked before any point is read: 65 points whose last is NaN are too many, not
 * invalid, and a count of SIZE_MAX reads nothing */
Test(hull_check_bounds, from_faces_checks_counts_before_reading)
{
	static sw_vec3 p[SW_HULL_MAX_VERTS + 1];
	sw_hull3 h;
	static const uint32_t sizes[6] = {4, 4, 4, 4, 4, 4};
	static const uint32_t loops[24] = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
	for (int k = 0; k <= SW_HULL_MAX_VERTS; k++)
		p[k] = sw_v3((float)k, 0, 0);
	p[SW_HULL_MAX_VERTS].x = NAN;
	cr_expect_eq(sw_hull3_from_faces(p, SW_HULL_MAX_VERTS + 1, sizes, loops, 6, &h), SW_ERR_TOO_MANY);
	cr_expect_eq(sw_hull3_from_faces(p, SIZE_MAX, sizes, loops, 6, &h), SW_ERR_TOO_MANY);
	cr_expect_eq(sw_hull3_from_faces(p, 8, sizes, loops, SIZE_MAX, &h), SW_ERR_FACES_INDEX);
	cr_expect_eq(h.num_verts, 0);
	/* sizes summing past the capacity are refused before the indices past it are read */
	static const uint32_t huge[6] = {4, 4, 4, 4, 4, UINT32_MAX};
	cr_expect_eq(sw_hull3_from_faces(p, 8, huge, loops, 6, &h), SW_ERR_FACES_INDEX);
}
