/* tests/fuzz/fuzz_hull_check.c — libFuzzer target: arbitrary bytes read three ways,
 *   1. as a sw_hull3 (the input's first sizeof(sw_hull3) bytes, zero-filled): sw_hull3_check,
 *      sw_hull3_support, and sw_hull3_set_add_shape (which packs a hull that passes the check or
 *      carries its seal);
 *   2. as a face list for sw_hull3_from_faces: byte 0 flags (bit 0: coordinates are signed bytes,
 *      else raw float bits), byte 1 the vertex count, byte 2 the face count, then one byte per face
 *      size, one byte per index, then the coordinates;
 *   3. as a point cloud of raw floats for sw_hull3_build (at most 256 points).
 * Nothing may crash, hang or touch memory out of bounds (built with address and undefined
 * sanitizers); a refused hull must say why, and every hull the constructors return must pass the
 * check. Built with -Dfuzz=true (./scripts/test.sh --clang runs it briefly, ./scripts/test.sh --fuzz N
 * for N seconds), seeded from tests/fuzz/corpus/fuzz_hull_check: valid and broken hulls, face lists
 * and clouds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hull3_int.h"
#include "sets.h"

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_hull_check: %s\n", what);
	abort();
}

static void as_hull(const uint8_t *data, size_t size)
{
	static sw_hull3 h;
	char why[96];
	memset(&h, 0, sizeof h);
	memcpy(&h, data, size < sizeof h ? size : sizeof h);
	why[0] = 0;
	int ok = sw_hull3_validate_(&h, 0, why, sizeof why) == SW_HULL_OK;
	if (!ok && why[0] == 0)
		fail("a hull was refused without a reason");
	if (ok != (sw_hull3_check(&h) == SW_OK))
		fail("the public check and the checker disagree");
	(void)sw_hull3_support(&h, sw_v3(0.3f, -1, 2));
	sw_hull3_set *set;
	uint32_t id;
	if (sw_hull3_set_create(1, &set) != SW_OK)
		return;
	/* a hull carrying the seal of its contents is taken unchecked: the fuzzer can write the hash its
	 * seal is compared with (a forged seal, which gives what a trusted hull gets), and packing it
	 * must still stay in bounds */
	if (sw_hull3_set_add_shape(set, &h, &id) == SW_OK && set->shapes[id].ok != (uint32_t)ok &&
	    !sw_hull3_sealed_(&h))
		fail("the set and the check disagree");
	sw_hull3_set_destroy(set);
}

static void expect_checked(const sw_hull3 *h, const char *who)
{
	char why[96];
	if (sw_hull3_validate_(h, 0, why, sizeof why) != SW_HULL_OK) {
		fprintf(stderr, "fuzz_hull_check: %s returned a hull that fails its check: %s\n", who, why);
		abort();
	}
}

static void as_faces(const uint8_t *data, size_t size)
{
	static sw_vec3 v[256];
	static uint32_t sizes[256], idx[SW_HULL_MAX_FACE_INDICES];
	static sw_hull3 h;
	if (size < 3)
		return;
	size_t nv = data[1], nf = data[2], at = 3, total = 0;
	for (size_t f = 0; f < nf; f++) {
		sizes[f] = at < size ? data[at] : 0;
		at++;
		total += sizes[f];
	}
	memset(idx, 0, sizeof idx);
	for (size_t k = 0; k < total && k < SW_HULL_MAX_FACE_INDICES; k++, at++)
		idx[k] = at < size ? data[at] : 0;
	for (size_t i = 0; i < nv; i++) {
		float c[3] = {0, 0, 0};
		for (int a = 0; a < 3; a++) {
			if (data[0] & 1) {
				c[a] = at < size ? (float)(int8_t)data[at] : 0;
				at++;
			} else {
				if (at + 4 <= size)
					memcpy(&c[a], data + at, 4);
				at += 4;
			}
		}
		v[i] = sw_v3(c[0], c[1], c[2]);
	}
	if (sw_hull3_from_faces(v, nv, sizes, idx, nf, &h) == SW_OK)
		expect_checked(&h, "sw_hull3_from_faces");
}

static void as_cloud(const uint8_t *data, size_t size)
{
	static sw_vec3 p[256];
	static sw_hull3 h;
	size_t n = size / sizeof p[0];
	n = n > 256 ? 256 : n;
	memcpy(p, data, n * sizeof p[0]);
	if (sw_hull3_build(p, n, NULL, &h) == SW_OK)
		expect_checked(&h, "sw_hull3_build");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	as_hull(data, size);
	as_faces(data, size);
	as_cloud(data, size);
	return 0;
}
