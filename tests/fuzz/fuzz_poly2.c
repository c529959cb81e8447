/* tests/fuzz/fuzz_poly2.c — libFuzzer target: every tier against the reference on fuzzer-chosen 2D
 * polygon pairs, through the indexed sweep (grouped and in order), the static overlap and the packed
 * sweep. A lane is a vertex count byte, up to 8 points per polygon, placements and a control byte:
 * bit 0 builds each polygon from its points (valid, convex) instead of taking them as given (mostly
 * invalid), bit 1 normalises the rotations. */
#include "fuzz_common.h"

#include <swept/poly2.h>

enum { PTS = 8, LANE_FLOATS = 2 * (2 * PTS + 4) + 2, LANE_BYTES = LANE_FLOATS * 4 + 3, N = SW_BLOCK };

typedef struct rows6 {
	uint8_t st[N], ft[N];
	float f[4][N];
} rows6;

static void side(const float *f, uint8_t cnt, int build, int unit, sw_poly2 *p, sw_xf2 *x)
{
	sw_vec2 pts[PTS];
	uint32_t c = 2 + cnt % (PTS - 1);
	for (uint32_t k = 0; k < PTS; k++)
		pts[k] = sw_v2(f[2 * k], f[2 * k + 1]);
	memset(p, 0, sizeof *p);
	if (!build || sw_poly2_build(pts, c, p) != SW_POLY2_OK) {
		p->count = c;
		for (uint32_t k = 0; k < c; k++)
			p->v[k] = pts[k];
	}
	*x = (sw_xf2){{f[2 * PTS], f[2 * PTS + 1]}, {f[2 * PTS + 2], f[2 * PTS + 3]}};
	if (unit) {
		float len = sqrtf(x->q.c * x->q.c + x->q.s * x->q.s);
		x->q = len > 0 ? (sw_rot2){x->q.c / len, x->q.s / len} : (sw_rot2){1, 0};
	}
}

static void expect(const char *what, sw_isa isa, size_t n, rows6 *g, rows6 *w, int nrows)
{
	uint8_t *gc[2] = {g->st, g->ft}, *wc[2] = {w->st, w->ft};
	float *gf[4] = {g->f[0], g->f[1], g->f[2], g->f[3]}, *wf[4] = {w->f[0], w->f[1], w->f[2], w->f[3]};
	fuzz_expect(what, isa, n, 2, gc, wc, nrows, gf, wf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n = size / LANE_BYTES;
	if (n == 0)
		return 0;
	n = n > N ? N : n;
	static sw_poly2_block blk;
	sw_poly2_set set;
	if (sw_poly2_set_init(&set, 2 * n) != SW_OK)
		return 0;
	sw_pair pairs[N];
	for (size_t l = 0; l < n; l++) {
		const uint8_t *p = data + l * LANE_BYTES;
		float f[LANE_FLOATS];
		memcpy(f, p, sizeof f);
		uint8_t ca = p[sizeof f], cb = p[sizeof f + 1], ctl = p[sizeof f + 2];
		sw_poly2 a, b;
		sw_xf2 xa, xb;
		side(f, ca, ctl & 1, ctl & 2, &a, &xa);
		side(f + 2 * PTS + 4, cb, ctl & 1, ctl & 2, &b, &xb);
		sw_vec2 v = sw_v2(f[LANE_FLOATS - 2], f[LANE_FLOATS - 1]);
		sw_poly2_block_put(&blk, (unsigned)l, &a, xa, sw_v2(0, 0), &b, xb, v);
		sw_poly2_set_add(&set, &a, xa, sw_v2(0, 0), &pairs[l].a);
		sw_poly2_set_add(&set, &b, xb, v, &pairs[l].b);
	}
	sw_poly2_block_fill(&blk, (unsigned)n);
	if (size % LANE_BYTES) /* a trailing byte sends one pair's index out of range */
		pairs[data[size - 1] % n].b = (uint32_t)(2 * n + data[size - 1]);

	const sw_kernels *ref = sw_kernels_for(SW_ISA_REF);
	uint32_t order[N];
	for (size_t l = 0; l < n; l++)
		order[l] = (uint32_t)(n - 1 - l);
	for (int isa = 1; isa < SW_ISA_COUNT; isa++) {
		const sw_kernels *k = sw_kernels_for((sw_isa)isa);
		if (!k)
			continue;
		rows6 g, w;
		memset(&g, 0xA5, sizeof g), memset(&w, 0xA5, sizeof w);
		sw_sweep2_results gr = {g.st, g.ft, g.f[0], g.f[1], g.f[2], g.f[3]};
		sw_sweep2_results wr = {w.st, w.ft, w.f[0], w.f[1], w.f[2], w.f[3]};
		kcall(ref, SW_Q_poly2_sweep, &set, &set, pairs, n, NULL, NULL, &wr);
		kcall(k, SW_Q_poly2_sweep, &set, &set, pairs, n, NULL, NULL, &gr);
		expect("indexed sweep", (sw_isa)isa, n, &g, &w, 4);
		kcall(k, SW_Q_poly2_sweep, &set, &set, pairs, n, order, NULL, &gr);
		expect("indexed sweep, reordered", (sw_isa)isa, n, &g, &w, 4);
		kcall(ref, SW_Q_poly2_sweep_packed, &blk, NULL, NULL, n, NULL, NULL, &wr);
		kcall(k, SW_Q_poly2_sweep_packed, &blk, NULL, NULL, n, NULL, NULL, &gr);
		expect("packed sweep", (sw_isa)isa, n, &g, &w, 4);
		sw_overlap2_results go = {g.st, g.ft, g.f[0], g.f[1], g.f[2]};
		sw_overlap2_results wo = {w.st, w.ft, w.f[0], w.f[1], w.f[2]};
		kcall(ref, SW_Q_poly2_overlap, &set, &set, pairs, n, NULL, NULL, &wo);
		kcall(k, SW_Q_poly2_overlap, &set, &set, pairs, n, NULL, NULL, &go);
		expect("overlap", (sw_isa)isa, n, &g, &w, 3);
	}
	sw_poly2_set_free(&set);
	return 0;
}
