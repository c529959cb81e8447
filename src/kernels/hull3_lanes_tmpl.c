/* src/kernels/hull3_lanes_tmpl.c — the loops of src/hull3_lanes.h compiled once per tier: four
 * doubles a step on AVX2 and AVX-512 (256-bit vectors: the loops are a few dozen vertices or triangles
 * long), each vertex's or triangle's values in the baseline's operations, answers independent of the
 * lanes' order (see src/hull3_lanes.c); the other tiers run the baseline. */
#include <math.h>

#include "hull3_lanes.h"
#include "hull3_qh_state.h"
#include "kernels/wide.h"

#if defined(SW_TIER_AVX2) || defined(SW_TIER_AVX512)
#include <simde/x86/avx.h>

static inline simde__m256d dot4(simde__m256d n0, simde__m256d n1, simde__m256d n2, const double *xs, const double *ys,
				const double *zs)
{
	return simde_mm256_add_pd(simde_mm256_add_pd(simde_mm256_mul_pd(n0, simde_mm256_loadu_pd(xs)),
						     simde_mm256_mul_pd(n1, simde_mm256_loadu_pd(ys))),
				  simde_mm256_mul_pd(n2, simde_mm256_loadu_pd(zs)));
}

int SW_FN(sw_hull3_scan)(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3],
			 double off, double lim, double low, uint64_t *near)
{
	const simde__m256d m0 = simde_mm256_set1_pd(n[0]), m1 = simde_mm256_set1_pd(n[1]),
			   m2 = simde_mm256_set1_pd(n[2]);
	const simde__m256d o = simde_mm256_set1_pd(off), l = simde_mm256_set1_pd(lim), w = simde_mm256_set1_pd(low);
	simde__m256d bad = simde_mm256_setzero_pd();
	uint64_t m = 0;
	uint32_t i = 0;
	for (; i + 4 <= nv; i += 4) {
		const simde__m256d s = simde_mm256_sub_pd(dot4(m0, m1, m2, xs + i, ys + i, zs + i), o);
		bad = simde_mm256_or_pd(bad, simde_mm256_cmp_pd(s, l, SIMDE_CMP_GT_OQ));
		m |= (uint64_t)simde_mm256_movemask_pd(simde_mm256_cmp_pd(s, w, SIMDE_CMP_GE_OQ)) << i;
	}
	int any = simde_mm256_movemask_pd(bad) != 0;
	any |= sw_hull3_scan_tail_(xs, ys, zs, i, nv, n, off, lim, low, &m, NULL);
	*near = m;
	return any;
}

double SW_FN(sw_hull3_fmax)(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3])
{
	const simde__m256d n0 = simde_mm256_set1_pd(n[0]), n1 = simde_mm256_set1_pd(n[1]),
			   n2 = simde_mm256_set1_pd(n[2]);
	simde__m256d mx = simde_mm256_set1_pd(-INFINITY);
	uint32_t v = 0;
	for (; v + 4 <= nv; v += 4)
		mx = simde_mm256_max_pd(dot4(n0, n1, n2, xs + v, ys + v, zs + v), mx);
	double m[4];
	simde_mm256_storeu_pd(m, mx);
	for (uint32_t j = 0; v < nv; v++, j++) {
		const double d = sw_hull3_dot_(xs, ys, zs, v, n);
		m[j] = d > m[j] ? d : m[j];
	}
	return sw_hull3_zero_sign_(xs, ys, zs, nv, n, sw_hull3_lanes_max_(m, 4));
}

int SW_FN(sw_hull3_scanmax)(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3],
			    double off, double lim, double low, uint64_t *near, double *dmax)
{
	const simde__m256d m0 = simde_mm256_set1_pd(n[0]), m1 = simde_mm256_set1_pd(n[1]),
			   m2 = simde_mm256_set1_pd(n[2]);
	const simde__m256d o = simde_mm256_set1_pd(off), l = simde_mm256_set1_pd(lim), w = simde_mm256_set1_pd(low);
	simde__m256d bad = simde_mm256_setzero_pd(), mx = simde_mm256_set1_pd(-INFINITY);
	uint64_t m = 0;
	uint32_t i = 0;
	for (; i + 4 <= nv; i += 4) {
		const simde__m256d d = dot4(m0, m1, m2, xs + i, ys + i, zs + i), s = simde_mm256_sub_pd(d, o);
		mx = simde_mm256_max_pd(d, mx);
		bad = simde_mm256_or_pd(bad, simde_mm256_cmp_pd(s, l, SIMDE_CMP_GT_OQ));
		m |= (uint64_t)simde_mm256_movemask_pd(simde_mm256_cmp_pd(s, w, SIMDE_CMP_GE_OQ)) << i;
	}
	int any = simde_mm256_movemask_pd(bad) != 0;
	double x[4];
	simde_mm256_storeu_pd(x, mx);
	double best = sw_hull3_lanes_max_(x, 4);
	any |= sw_hull3_scan_tail_(xs, ys, zs, i, nv, n, off, lim, low, &m, &best);
	*near = m;
	*dmax = sw_hull3_zero_sign_(xs, ys, zs, nv, n, best);
	return any;
}

/* the lanes' vocabulary of src/hull3_planes.inc, src/hull3_rplanes.inc and src/hull3_units.inc */
#define PL_FN(name) SW_FN(name)
#define PL_LANES 4
#define PL_V simde__m256d
#define PL_SET1 simde_mm256_set1_pd
#define PL_ADD simde_mm256_add_pd
#define PL_SUB simde_mm256_sub_pd
#define PL_MUL simde_mm256_mul_pd
#define PL_DIV simde_mm256_div_pd
#define PL_SQRT simde_mm256_sqrt_pd
#define PL_GE(a, b) simde_mm256_cmp_pd(a, b, SIMDE_CMP_GE_OQ)
#define PL_GT(a, b) simde_mm256_cmp_pd(a, b, SIMDE_CMP_GT_OQ)
#define PL_AND simde_mm256_and_pd
#define PL_ANDNOT simde_mm256_andnot_pd
#define PL_OR simde_mm256_or_pd
#define PL_MAX simde_mm256_max_pd
#define PL_STOREU simde_mm256_storeu_pd
#define PL_SETJ(E) simde_mm256_set_pd(E(3), E(2), E(1), E(0))
#include "hull3_planes.inc"
#include "hull3_rplanes.inc"
#include "hull3_units.inc"

#else

int SW_FN(sw_hull3_scan)(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3],
			 double off, double lim, double low, uint64_t *near)
{
	return sw_hull3_scan_ref(xs, ys, zs, nv, n, off, lim, low, near);
}

double SW_FN(sw_hull3_fmax)(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3])
{
	return sw_hull3_fmax_ref(xs, ys, zs, nv, n);
}

void SW_FN(sw_hull3_planes)(sw_qh *q, const int *fs, uint32_t m) { sw_hull3_planes_ref(q, fs, m); }

void SW_FN(sw_hull3_rplanes)(sw_qh *q, const int *fs, uint32_t m) { sw_hull3_rplanes_ref(q, fs, m); }

void SW_FN(sw_hull3_units)(const sw_hull3 *h, double (*us)[3]) { sw_hull3_units_ref(h, us); }

int SW_FN(sw_hull3_scanmax)(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3],
			    double off, double lim, double low, uint64_t *near, double *dmax)
{
	return sw_hull3_scanmax_ref(xs, ys, zs, nv, n, off, lim, low, near, dmax);
}

#endif
