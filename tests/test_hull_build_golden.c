/* tests/test_hull_build_golden.c — sw_hull3_build gives the same bytes as the builder of commit
 * 35b769e (the quickhull before its scratch and validation were reworked for speed): 480 seeded
 * clouds of twelve kinds (uniform, ellipsoid shells, spheres, lattices, noisy box faces that take the
 * retry path, near-duplicates, snapped spheres, rotated boxes with face grids, 1e4 offsets, tiny
 * scales, coarse rel_eps and slivers, and clouds with too many vertices), each hashed (FNV-1a 64 over
 * the status and, on success, every byte of the sw_hull3 before its seal) against the value recorded from that
 * commit. None of the clouds is flat, so the flat-hull representation does not change them.
 *
 * SW_GOLDEN_PRINT=1 in the environment prints the table instead (to record a deliberate change). */
#include <criterion/criterion.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hull3_int.h"
#include "scenes.h"

#define GOLDEN_CLOUDS 480
#define GOLDEN_MAX_PTS 256

#include "hull_build_golden.inc"

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}

/* Every draw is sequenced: the table was recorded with z drawn before y before x, so each compiler
 * builds the same clouds (the order of evaluation of a call's arguments is unspecified in C). */
static sw_vec3 urand(sc_rng *r, float h)
{
	float z = sc_uniform(r, -h, h), y = sc_uniform(r, -h, h), x = sc_uniform(r, -h, h);
	return sw_v3(x, y, z);
}

/* points on the faces of the box of half extents (1, 0.5, 2), noise of about eps off the faces */
static size_t box_faces(sc_rng *r, sw_vec3 *p, size_t n, float noise)
{
	const float half[3] = {1, 0.5f, 2};
	for (size_t i = 0; i < n; i++) {
		float c[3];
		c[0] = sc_uniform(r, -1, 1);
		c[1] = sc_uniform(r, -0.5f, 0.5f);
		c[2] = sc_uniform(r, -2, 2);
		int a = (int)sc_below(r, 3);
		float sign = sc_below(r, 2) ? 1.0f : -1.0f;
		c[a] = sign * half[a] * (1 + sc_uniform(r, -noise, noise));
		p[i] = sw_v3(c[0], c[1], c[2]);
	}
	return n;
}

/* a rotated box: its corners, points on its faces, placed at o */
static size_t rotated_box(sc_rng *r, sw_vec3 *p, sw_vec3 o)
{
	sw_mat3 m = sw_mat3_from_quat(sc_rotation(r));
	size_t n = box_faces(r, p, 8 + sc_below(r, 40), 0);
	for (int k = 0; k < 8; k++)
		p[n++] = sw_v3(k & 1 ? 1.0f : -1.0f, k & 2 ? 0.5f : -0.5f, k & 4 ? 2.0f : -2.0f);
	for (size_t i = 0; i < n; i++)
		p[i] = sw_v3_add(sw_mat3_mul(&m, p[i]), o);
	return n;
}

/* cloud i of the table: its points, and the options it is built with */
static size_t golden_cloud(int i, sw_vec3 *p, sw_hull_opts *o)
{
	sc_rng r = sc_rng_seed(0x601dull * 1000 + (uint64_t)i);
	size_t n = 0;
	o->rel_eps = 0;
	switch (i % 12) {
	case 0: /* uniform in a cube */
		n = 4 + sc_below(&r, 200);
		for (size_t k = 0; k < n; k++)
			p[k] = urand(&r, 1);
		break;
	case 1: /* ellipsoid shells, as the benchmarks' shapes */
		n = 8 + sc_below(&r, 57);
		{
			float ay = sc_uniform(&r, 0.5f, 1), ax = sc_uniform(&r, 0.5f, 1);
			sc_ellipsoid_points(&r, n, sw_v3(ax, ay, 1), 0.7f, p);
		}
		break;
	case 2: /* on a sphere: every point a vertex */
		n = 16 + sc_below(&r, 49);
		sc_ellipsoid_points(&r, n, sw_v3(1, 1, 1), 1, p);
		break;
	case 3: /* lattice: many coplanar and collinear points */
		n = 8 + sc_below(&r, 150);
		for (size_t k = 0; k < n; k++) {
			sw_vec3 v = urand(&r, 1);
			p[k] = sw_v3(roundf(v.x * 2) / 2, roundf(v.y * 2) / 2, roundf(v.z * 2) / 2);
		}
		break;
	case 4: /* box faces, noise near eps: exercises the thicker retries */
		n = box_faces(&r, p, 20 + sc_below(&r, 150), 2e-6f);
		break;
	case 5: /* near-duplicates of earlier points */
		n = 8 + sc_below(&r, 100);
		for (size_t k = 0; k < n; k++) {
			if (k < 5) {
				p[k] = urand(&r, 1);
				continue;
			}
			float dx = sc_uniform(&r, -1e-6f, 1e-6f);
			p[k] = sw_v3_add(p[sc_below(&r, (uint32_t)k)], sw_v3(dx, 0, 0));
		}
		break;
	case 6: /* a sphere snapped to a coarse grid */
		n = 8 + sc_below(&r, 150);
		for (size_t k = 0; k < n; k++) {
			sw_vec3 v = urand(&r, 1);
			float l = sw_v3_len(v) + 1e-3f;
			p[k] = sw_v3(roundf(v.x / l * 8) / 8, roundf(v.y / l * 8) / 8, roundf(v.z / l * 8) / 8);
		}
		break;
	case 7: /* rotated box with face points */ n = rotated_box(&r, p, urand(&r, 3)); break;
	case 8: /* ellipsoid shell at 1e4 */
		n = 8 + sc_below(&r, 57);
		sc_ellipsoid_points(&r, n, sw_v3(1, sc_uniform(&r, 0.3f, 1), 0.7f), 0.5f, p);
		for (size_t k = 0; k < n; k++)
			p[k] = sw_v3_add(p[k], sw_v3(1e4f, -1e4f, 3e3f));
		break;
	case 9: /* tiny: size about 1e-3 */
		n = 4 + sc_below(&r, 100);
		for (size_t k = 0; k < n; k++)
			p[k] = sw_v3_scale(urand(&r, 1), 1.3e-3f);
		break;
	case 10: /* coarse rel_eps, or a sliver of height 1e-3 .. 1e-4 over a grid */
		if (i % 24 == 10) {
			o->rel_eps = 1e-4f;
			n = box_faces(&r, p, 40 + sc_below(&r, 100), 5e-5f);
		} else {
			float h = sc_uniform(&r, 1e-4f, 1e-3f);
			for (int a = 0; a <= 4; a++)
				for (int b = 0; b <= 4; b++)
					p[n++] = sw_v3(0.25f * a, 0.25f * b, 0);
			float y = sc_uniform(&r, 0.1f, 0.9f), x = sc_uniform(&r, 0.1f, 0.9f);
			p[n++] = sw_v3(x, y, h);
		}
		break;
	default: /* shells of 60 to 90 points: some have too many vertices */
		n = 60 + sc_below(&r, 31);
		sc_ellipsoid_points(&r, n, sw_v3(1, 0.8f, 0.6f), 0.97f, p);
		break;
	}
	return n;
}

static uint64_t golden_hash(int i, sw_hull_status *st_out)
{
	static sw_vec3 p[GOLDEN_MAX_PTS];
	static sw_hull3 h;
	sw_hull_opts o;
	size_t n = golden_cloud(i, p, &o);
	sw_hull_status st = sw_hull3_build_st_(p, n, &o, &h);
	uint32_t s = (uint32_t)st;
	uint64_t x = fnv(0xcbf29ce484222325ull, &s, sizeof s);
	*st_out = st;
	/* the bytes before the seal are the whole hull of the recording commit */
	_Static_assert(offsetof(sw_hull3, seal) == 6824, "the recorded hull's size");
	cr_expect(st != SW_HULL_OK || h.seal == sw_hull3_seal_of_(&h), "cloud %d: a built hull carries its seal", i);
	return st == SW_HULL_OK ? fnv(x, &h, offsetof(sw_hull3, seal)) : x;
}

Test(hull_build_golden, same_bytes_as_recorded)
{
	if (getenv("SW_GOLDEN_PRINT")) {
		for (int i = 0; i < GOLDEN_CLOUDS; i++) {
			sw_hull_status st;
			uint64_t x = golden_hash(i, &st);
			printf("\t0x%016llxull,%s", (unsigned long long)x, i % 3 == 2 ? "\n" : "");
		}
		return;
	}
	int ok = 0, bad = 0;
	for (int i = 0; i < GOLDEN_CLOUDS; i++) {
		sw_hull_status st;
		uint64_t x = golden_hash(i, &st);
		ok += st == SW_HULL_OK;
		if (x != golden_table[i] && bad++ < 10)
			cr_expect_eq(x, golden_table[i], "cloud %d (kind %d, %s) differs", i, i % 12,
				     sw_hull_status_name(st));
	}
	cr_expect_eq(bad, 0, "%d clouds differ", bad);
	cr_expect_gt(ok, 400, "only %d clouds built", ok);
}
