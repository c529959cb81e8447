/* tests/fuzz/fuzz_obb3_tri3.c — libFuzzer target: every tier against the reference on fuzzer-chosen
 * box–triangle pairs, through the indexed sweep (two- and one-sided), the static overlap, the static
 * penetration and the packed sweep. A control byte per lane normalises the box's quaternion and
 * makes its extents positive, so valid pairs are explored as much as invalid ones. */
#include "fuzz_common.h"

enum { LANE_FLOATS = 22, LANE_BYTES = LANE_FLOATS * 4 + 1, N = SW_BLOCK };

typedef struct rows7 {
	uint8_t st[N], ft[N];
	float f[5][N];
} rows7;

static sw_sweep_results as_sweep(rows7 *r)
{
	memset(r, 0xA5, sizeof *r);
	return (sw_sweep_results){r->st, r->ft, r->f[0], r->f[1], r->f[2], r->f[3], r->f[4]};
}

static sw_overlap3_results as_pen(rows7 *r)
{
	memset(r, 0xA5, sizeof *r);
	return (sw_overlap3_results){r->st, r->ft, r->f[0], r->f[1], r->f[2], r->f[3]};
}

static void expect(const char *what, sw_isa isa, size_t n, rows7 *g, rows7 *w, int nrows)
{
	uint8_t *gc[2] = {g->st, g->ft}, *wc[2] = {w->st, w->ft};
	float *gf[5] = {g->f[0], g->f[1], g->f[2], g->f[3], g->f[4]},
	      *wf[5] = {w->f[0], w->f[1], w->f[2], w->f[3], w->f[4]};
	fuzz_expect(what, isa, n, 2, gc, wc, nrows, gf, wf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n = size / LANE_BYTES;
	if (n == 0)
		return 0;
	n = n > N ? N : n;
	static sw_obb3_tri3_block blk;
	sw_obb3_set boxes;
	sw_tri3_set tris;
	if (sw_obb3_set_init(&boxes, n) != SW_OK || sw_tri3_set_init(&tris, n) != SW_OK)
		return 0;
	sw_pair pairs[N];
	for (size_t l = 0; l < n; l++) {
		float f[LANE_FLOATS];
		memcpy(f, data + l * LANE_BYTES, sizeof f);
		uint8_t ctl = data[l * LANE_BYTES + sizeof f];
		sw_obb3 box;
		memcpy(&box, f, sizeof box);
		if (ctl & 1)
			box.rot = sw_quat_normalize(box.rot);
		if (ctl & 2)
			box.half = sw_v3(fabsf(box.half.x), fabsf(box.half.y), fabsf(box.half.z));
		sw_tri3 t = {{f[10], f[11], f[12]}, {f[13], f[14], f[15]}, {f[16], f[17], f[18]}};
		sw_vec3 v = sw_v3(f[19], f[20], f[21]);
		sw_obb3_tri3_block_put(&blk, (unsigned)l, &box, sw_v3(0, 0, 0), &t, v);
		sw_obb3_set_add(&boxes, &box, sw_v3(0, 0, 0), &pairs[l].a);
		sw_tri3_set_add(&tris, &t, v, &pairs[l].b);
	}
	sw_obb3_tri3_block_fill(&blk, (unsigned)n);
	if (size % LANE_BYTES) /* a trailing byte sends one pair's index out of range */
		pairs[data[size - 1] % n].b = (uint32_t)(n + data[size - 1]);

	const sw_kernels *ref = sw_kernels_for(SW_ISA_REF);
	for (int isa = 1; isa < SW_ISA_COUNT; isa++) {
		const sw_kernels *k = sw_kernels_for((sw_isa)isa);
		if (!k)
			continue;
		rows7 g, w;
		for (int one_sided = 0; one_sided < 2; one_sided++) {
			sw_sweep_results gr = as_sweep(&g), wr = as_sweep(&w);
			kcall(ref, SW_Q_obb3_tri3_sweep, &boxes, &tris, pairs, n, NULL,
			      &(sw_sweep_opts){(uint32_t)(one_sided)}, &wr);
			kcall(k, SW_Q_obb3_tri3_sweep, &boxes, &tris, pairs, n, NULL,
			      &(sw_sweep_opts){(uint32_t)(one_sided)}, &gr);
			expect("indexed sweep", (sw_isa)isa, n, &g, &w, 5);
			gr = as_sweep(&g), wr = as_sweep(&w);
			kcall(ref, SW_Q_obb3_tri3_sweep_packed, &blk, NULL, NULL, n, NULL,
			      &(sw_sweep_opts){(uint32_t)(one_sided)}, &wr);
			kcall(k, SW_Q_obb3_tri3_sweep_packed, &blk, NULL, NULL, n, NULL,
			      &(sw_sweep_opts){(uint32_t)(one_sided)}, &gr);
			expect("packed sweep", (sw_isa)isa, n, &g, &w, 5);
		}
		sw_overlap_results go = {g.st, g.ft}, wo = {w.st, w.ft};
		kcall(ref, SW_Q_obb3_tri3_overlap, &boxes, &tris, pairs, n, NULL, NULL, &wo);
		kcall(k, SW_Q_obb3_tri3_overlap, &boxes, &tris, pairs, n, NULL, NULL, &go);
		expect("overlap", (sw_isa)isa, n, &g, &w, 0);
		sw_overlap3_results gp = as_pen(&g), wp = as_pen(&w);
		kcall(ref, SW_Q_obb3_tri3_penetration, &boxes, &tris, pairs, n, NULL, NULL, &wp);
		kcall(k, SW_Q_obb3_tri3_penetration, &boxes, &tris, pairs, n, NULL, NULL, &gp);
		expect("penetration", (sw_isa)isa, n, &g, &w, 4);
	}
	sw_obb3_set_free(&boxes);
	sw_tri3_set_free(&tris);
	return 0;
}
