/* tests/fuzz/fuzz_obb3.c — libFuzzer target: every SIMD tier against the reference on inputs the
 * fuzzer chooses, through the packed and the indexed entry points. The contract is the tier tests':
 * statuses, feature ids and float bits identical (NaN matches NaN), never a crash. The static
 * penetration query is compared on the same pairs. A control byte
 * per lane normalises the quaternions and makes the extents positive, so valid pairs are explored
 * as much as invalid ones. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_call.h"

enum { LANE_FLOATS = 23, LANE_BYTES = LANE_FLOATS * 4 + 1 };

/* one lane's pair from raw bytes: centre, quaternion, half extents of A and B, then B's displacement */
static void lane_from_bytes(const uint8_t *p, sw_obb3 *a, sw_obb3 *b, sw_vec3 *v)
{
	float f[LANE_FLOATS];
	memcpy(f, p, sizeof f);
	uint8_t ctl = p[sizeof f];
	memcpy(a, f, sizeof *a);
	memcpy(b, f + 10, sizeof *b);
	*v = sw_v3(f[20], f[21], f[22]);
	if (ctl & 1) {
		a->rot = sw_quat_normalize(a->rot);
		b->rot = sw_quat_normalize(b->rot);
	}
	if (ctl & 2) {
		a->half = sw_v3(fabsf(a->half.x), fabsf(a->half.y), fabsf(a->half.z));
		b->half = sw_v3(fabsf(b->half.x), fabsf(b->half.y), fabsf(b->half.z));
	}
}

typedef struct res16 {
	uint8_t st[SW_BLOCK], ft[SW_BLOCK];
	float f[5][SW_BLOCK];
	sw_sweep_results r;
} res16;

static void res_init(res16 *x)
{
	memset(x, 0xA5, sizeof *x);
	sw_sweep_results r = {x->st, x->ft, x->f[0], x->f[1], x->f[2], x->f[3], x->f[4]};
	x->r = r;
}

static int same(float p, float q) { return memcmp(&p, &q, 4) == 0 || (isnan(p) && isnan(q)); }

static void expect_same(const char *what, sw_isa isa, const res16 *got, const res16 *want, size_t n)
{
	for (size_t l = 0; l < n; l++) {
		int ok = got->st[l] == want->st[l] && got->ft[l] == want->ft[l];
		for (int k = 0; k < 5; k++)
			ok = ok && same(got->f[k][l], want->f[k][l]);
		if (!ok) {
			fprintf(stderr, "%s: tier %s lane %zu: got st %u ft %u t %a, want st %u ft %u t %a\n", what,
				sw_isa_name(isa), l, got->st[l], got->ft[l], got->f[0][l], want->st[l], want->ft[l],
				want->f[0][l]);
			abort();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n = size / LANE_BYTES;
	if (n == 0)
		return 0;
	if (n > SW_BLOCK)
		n = SW_BLOCK;
	static sw_obb3_block blk;
	sw_obb3_set set;
	if (sw_obb3_set_init(&set, 2 * n) != SW_OK)
		return 0;
	sw_pair pairs[SW_BLOCK];
	for (size_t l = 0; l < n; l++) {
		sw_obb3 a, b;
		sw_vec3 v;
		lane_from_bytes(data + l * LANE_BYTES, &a, &b, &v);
		sw_obb3_block_put(&blk, (unsigned)l, &a, sw_v3(0, 0, 0), &b, v);
		sw_obb3_set_add(&set, &a, sw_v3(0, 0, 0), &pairs[l].a);
		sw_obb3_set_add(&set, &b, v, &pairs[l].b);
	}
	sw_obb3_block_fill(&blk, (unsigned)n);
	/* a trailing byte, when present, sends one pair's index out of range */
	if (size % LANE_BYTES)
		pairs[data[size - 1] % n].b = (uint32_t)(2 * n + data[size - 1]);

	res16 want_p, want_i;
	res_init(&want_p);
	res_init(&want_i);
	const sw_kernels *ref = sw_kernels_for(SW_ISA_REF);
	kcall(ref, SW_Q_obb3_sweep_packed, &blk, NULL, NULL, n, NULL, NULL, &want_p.r);
	kcall(ref, SW_Q_obb3_sweep, &set, &set, pairs, n, NULL, NULL, &want_i.r);
	for (int isa = 1; isa < SW_ISA_COUNT; isa++) {
		const sw_kernels *k = sw_kernels_for((sw_isa)isa);
		if (!k)
			continue;
		res16 got;
		res_init(&got);
		kcall(k, SW_Q_obb3_sweep_packed, &blk, NULL, NULL, n, NULL, NULL, &got.r);
		expect_same("packed", (sw_isa)isa, &got, &want_p, n);
		res_init(&got);
		kcall(k, SW_Q_obb3_sweep, &set, &set, pairs, n, NULL, NULL, &got.r);
		expect_same("indexed", (sw_isa)isa, &got, &want_i, n);
		/* static penetration: codes and the four float rows of the results */
		res16 pg, pw;
		res_init(&pg), res_init(&pw);
		sw_overlap3_results rg = {pg.st, pg.ft, pg.f[0], pg.f[1], pg.f[2], pg.f[3]};
		sw_overlap3_results rw = {pw.st, pw.ft, pw.f[0], pw.f[1], pw.f[2], pw.f[3]};
		kcall(ref, SW_Q_obb3_penetration, &set, &set, pairs, n, NULL, NULL, &rw);
		kcall(k, SW_Q_obb3_penetration, &set, &set, pairs, n, NULL, NULL, &rg);
		expect_same("penetration", (sw_isa)isa, &pg, &pw, n);
	}
	sw_obb3_set_free(&set);
	return 0;
}
