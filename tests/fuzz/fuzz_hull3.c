/* tests/fuzz/fuzz_hull3.c — libFuzzer target: every tier against the reference on fuzzer-chosen hull
 * pairs, through the batched hull–hull, hull–box and hull–triangle sweeps (two- and one-sided) and
 * static overlaps. A lane is two point clouds of up to 8 points (built into hulls; clouds that do not
 * build become flagged shapes), two placements, a box, a triangle and a control byte: bit 0
 * normalises the quaternions, bit 1 scales the clouds down to 1e-3. */
#include "fuzz_common.h"

#include "hull3_view.h"
#include "kernel_call.h"

enum { PTS = 8, LANE_FLOATS = 2 * 3 * PTS + 2 * 10 + 9 + 3, LANE_BYTES = LANE_FLOATS * 4 + 3, N = 16 };

typedef struct rows7 {
	uint8_t st[N];
	uint32_t ft[N];
	float f[5][N];
} rows7;

static sw_quat quat(const float *f, int unit)
{
	sw_quat q = {f[0], f[1], f[2], f[3]};
	float n = sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
	if (unit)
		q = n > 1e-3f && isfinite(n) ? (sw_quat){q.x / n, q.y / n, q.z / n, q.w / n} : (sw_quat){0, 0, 0, 1};
	return q;
}

static void expect(const char *what, sw_isa isa, size_t n, rows7 *g, rows7 *w)
{
	uint8_t *gc[1] = {g->st}, *wc[1] = {w->st};
	float *gf[5] = {g->f[0], g->f[1], g->f[2], g->f[3], g->f[4]},
	      *wf[5] = {w->f[0], w->f[1], w->f[2], w->f[3], w->f[4]};
	fuzz_expect(what, isa, n, 1, gc, wc, 5, gf, wf);
	for (size_t l = 0; l < n; l++)
		if (g->ft[l] != w->ft[l]) {
			fprintf(stderr, "%s: tier %s feature differs at lane %zu\n", what, sw_isa_name(isa), l);
			abort();
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n = size / LANE_BYTES;
	if (n == 0)
		return 0;
	n = n > N ? N : n;
	static sw_hull3 h;
	sw_hull3_set set;
	sw_obb3_set boxes;
	sw_tri3_set tris;
	if (sw_hull3_set_init(&set, 2 * n) != SW_OK || sw_obb3_set_init(&boxes, n) != SW_OK ||
	    sw_tri3_set_init(&tris, n) != SW_OK)
		return 0;
	sw_pair pairs[N], pk[N];
	for (size_t l = 0; l < n; l++) {
		const uint8_t *p = data + l * LANE_BYTES;
		float f[LANE_FLOATS];
		memcpy(f, p, sizeof f);
		uint8_t na = p[sizeof f], nb = p[sizeof f + 1], ctl = p[sizeof f + 2];
		float scale = ctl & 2 ? 1e-3f : 1.0f;
		for (int s = 0; s < 2; s++) {
			sw_vec3 pts[PTS];
			uint32_t c = 4 + (s ? nb : na) % (PTS - 3);
			for (uint32_t k = 0; k < c; k++)
				pts[k] = sw_v3(f[s * 3 * PTS + 3 * k] * scale, f[s * 3 * PTS + 3 * k + 1] * scale,
					       f[s * 3 * PTS + 3 * k + 2] * scale);
			uint32_t id;
			sw_hull3_build(pts, c, NULL, &h); /* a failed build leaves an empty hull: a flagged shape */
			sw_hull3_set_add_shape(&set, &h, &id);
			const float *x = f + 2 * 3 * PTS + 10 * s;
			sw_hull3_set_add(&set, id, sw_v3(x[0], x[1], x[2]), quat(x + 3, ctl & 1),
					 sw_v3(x[7], x[8], x[9]));
		}
		const float *t = f + 2 * 3 * PTS + 20, *hb = t + 9;
		const float *xb = f + 2 * 3 * PTS + 10;
		sw_obb3 box = {sw_v3(xb[0], xb[1], xb[2]), quat(xb + 3, ctl & 1), sw_v3(hb[0], hb[1], hb[2])};
		sw_tri3 tri = {sw_v3(t[0], t[1], t[2]), sw_v3(t[3], t[4], t[5]), sw_v3(t[6], t[7], t[8])};
		sw_obb3_set_add(&boxes, &box, sw_v3(xb[7], xb[8], xb[9]), NULL);
		sw_tri3_set_add(&tris, &tri, sw_v3(xb[7], xb[8], xb[9]), NULL);
		pairs[l] = (sw_pair){(uint32_t)(2 * l), (uint32_t)(2 * l + 1)};
		pk[l] = (sw_pair){(uint32_t)(2 * l), (uint32_t)l};
	}
	if (size % LANE_BYTES) /* a trailing byte sends one pair's index out of range */
		pairs[data[size - 1] % n].b = pk[data[size - 1] % n].b = (uint32_t)(2 * n + data[size - 1]);

	const sw_kernels *ref = sw_kernels_for(SW_ISA_REF);
	static const struct {
		sw_query q;
		int b_kind, sweep, one_sided;
		const char *what;
	} calls[] = {{SW_Q_hull3_sweep, 0, 1, 0, "hull sweep"},
		     {SW_Q_hull3_overlap, 0, 0, 0, "hull overlap"},
		     {SW_Q_hull3_obb3_sweep, 1, 1, 0, "box sweep"},
		     {SW_Q_hull3_obb3_overlap, 1, 0, 0, "box overlap"},
		     {SW_Q_hull3_tri3_sweep, 2, 1, 0, "triangle sweep"},
		     {SW_Q_hull3_tri3_sweep, 2, 1, 1, "one-sided triangle sweep"},
		     {SW_Q_hull3_tri3_overlap, 2, 0, 0, "triangle overlap"}};
	for (int isa = 1; isa < SW_ISA_COUNT; isa++) {
		const sw_kernels *k = sw_kernels_for((sw_isa)isa);
		if (!k)
			continue;
		for (size_t q = 0; q < sizeof calls / sizeof calls[0]; q++) {
			rows7 g, w;
			memset(&g, 0xA5, sizeof g), memset(&w, 0xA5, sizeof w);
			sw_hull_sweep_results gs = {g.st, g.ft, g.f[0], g.f[1], g.f[2], g.f[3], g.f[4]};
			sw_hull_sweep_results ws = {w.st, w.ft, w.f[0], w.f[1], w.f[2], w.f[3], w.f[4]};
			sw_hull_overlap_results go = {g.st, g.ft, g.f[0], g.f[1], g.f[2], g.f[3]};
			sw_hull_overlap_results wo = {w.st, w.ft, w.f[0], w.f[1], w.f[2], w.f[3]};
			const void *b = calls[q].b_kind == 0   ? (const void *)&set
					: calls[q].b_kind == 1 ? (const void *)&boxes
							       : (const void *)&tris;
			sw_sweep_opts o = {(uint32_t)calls[q].one_sided};
			kcall(ref, calls[q].q, &set, b, calls[q].b_kind == 0 ? pairs : pk, n, NULL, &o,
			      calls[q].sweep ? (const void *)&ws : (const void *)&wo);
			kcall(k, calls[q].q, &set, b, calls[q].b_kind == 0 ? pairs : pk, n, NULL, &o,
			      calls[q].sweep ? (const void *)&gs : (const void *)&go);
			expect(calls[q].what, (sw_isa)isa, n, &g, &w);
		}
	}
	sw_hull3_set_free(&set);
	sw_obb3_set_free(&boxes);
	sw_tri3_set_free(&tris);
	return 0;
}
