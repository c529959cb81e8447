/* src/hull3_lanes.c — the baseline (SSE2) loops of one plane against every vertex and of the
 * quickhull's planes, and the choice of a tier's version (src/hull3_lanes.h). */
#include "hull3_lanes.h"
#include "hull3_qh_state.h"

#include <math.h>
#include <simde/x86/sse2.h>

/* two vertices a step; the leftover one as the scalar ((n0·x + n1·y) + n2·z) − off */
int sw_hull3_scan_ref(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3], double off,
		      double lim, double low, uint64_t *near)
{
	const simde__m128d m0 = simde_mm_set1_pd(n[0]), m1 = simde_mm_set1_pd(n[1]), m2 = simde_mm_set1_pd(n[2]);
	const simde__m128d o = simde_mm_set1_pd(off), l = simde_mm_set1_pd(lim), w = simde_mm_set1_pd(low);
	simde__m128d bad = simde_mm_setzero_pd();
	uint64_t m = 0;
	uint32_t i = 0;
	for (; i + 2 <= nv; i += 2) {
		simde__m128d s = simde_mm_add_pd(simde_mm_mul_pd(m0, simde_mm_loadu_pd(xs + i)),
						 simde_mm_mul_pd(m1, simde_mm_loadu_pd(ys + i)));
		s = simde_mm_sub_pd(simde_mm_add_pd(s, simde_mm_mul_pd(m2, simde_mm_loadu_pd(zs + i))), o);
		bad = simde_mm_or_pd(bad, simde_mm_cmpgt_pd(s, l));
		m |= (uint64_t)simde_mm_movemask_pd(simde_mm_cmpge_pd(s, w)) << i;
	}
	int any = simde_mm_movemask_pd(bad) != 0;
	any |= sw_hull3_scan_tail_(xs, ys, zs, i, nv, n, off, lim, low, &m, NULL);
	*near = m;
	return any;
}

/* C leaves the sign of a zero maximum open and compilers differ when they inline fmax, so the rule is
 * spelled out. Equal doubles other than ±0 are equal bits (no NaN here), so the lanes keep values
 * only: four of them (lane j takes the vertices v ≡ j mod 4, two SSE2 vectors of two; maxpd(d, m) is
 * d > m ? d : m, keeping m when equal), and a zero maximum is looked up again in vertex order. */
double sw_hull3_fmax_ref(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3])
{
	const simde__m128d n0 = simde_mm_set1_pd(n[0]), n1 = simde_mm_set1_pd(n[1]), n2 = simde_mm_set1_pd(n[2]);
	simde__m128d m01 = simde_mm_set1_pd(-INFINITY), m23 = m01;
	uint32_t v = 0;
	for (; v + 4 <= nv; v += 4) {
		simde__m128d d01 = simde_mm_add_pd(simde_mm_mul_pd(n0, simde_mm_loadu_pd(xs + v)),
						   simde_mm_mul_pd(n1, simde_mm_loadu_pd(ys + v)));
		simde__m128d d23 = simde_mm_add_pd(simde_mm_mul_pd(n0, simde_mm_loadu_pd(xs + v + 2)),
						   simde_mm_mul_pd(n1, simde_mm_loadu_pd(ys + v + 2)));
		d01 = simde_mm_add_pd(d01, simde_mm_mul_pd(n2, simde_mm_loadu_pd(zs + v)));
		d23 = simde_mm_add_pd(d23, simde_mm_mul_pd(n2, simde_mm_loadu_pd(zs + v + 2)));
		m01 = simde_mm_max_pd(d01, m01);
		m23 = simde_mm_max_pd(d23, m23);
	}
	double m[4];
	simde_mm_storeu_pd(m, m01), simde_mm_storeu_pd(m + 2, m23);
	for (uint32_t j = 0; v < nv; v++, j++) {
		const double d = sw_hull3_dot_(xs, ys, zs, v, n);
		m[j] = d > m[j] ? d : m[j];
	}
	return sw_hull3_zero_sign_(xs, ys, zs, nv, n, sw_hull3_lanes_max_(m, 4));
}

/* scan's two lanes, and their sums before off is taken kept by maxpd as fmax keeps them (the maximum
 * depends on the values only; a zero maximum is looked up again in vertex order) */
int sw_hull3_scanmax_ref(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3],
			 double off, double lim, double low, uint64_t *near, double *dmax)
{
	const simde__m128d m0 = simde_mm_set1_pd(n[0]), m1 = simde_mm_set1_pd(n[1]), m2 = simde_mm_set1_pd(n[2]);
	const simde__m128d o = simde_mm_set1_pd(off), l = simde_mm_set1_pd(lim), w = simde_mm_set1_pd(low);
	simde__m128d bad = simde_mm_setzero_pd(), mx = simde_mm_set1_pd(-INFINITY);
	uint64_t m = 0;
	uint32_t i = 0;
	for (; i + 2 <= nv; i += 2) {
		simde__m128d d = simde_mm_add_pd(simde_mm_mul_pd(m0, simde_mm_loadu_pd(xs + i)),
						 simde_mm_mul_pd(m1, simde_mm_loadu_pd(ys + i)));
		d = simde_mm_add_pd(d, simde_mm_mul_pd(m2, simde_mm_loadu_pd(zs + i)));
		mx = simde_mm_max_pd(d, mx);
		const simde__m128d s = simde_mm_sub_pd(d, o);
		bad = simde_mm_or_pd(bad, simde_mm_cmpgt_pd(s, l));
		m |= (uint64_t)simde_mm_movemask_pd(simde_mm_cmpge_pd(s, w)) << i;
	}
	int any = simde_mm_movemask_pd(bad) != 0;
	double x[2];
	simde_mm_storeu_pd(x, mx);
	double best = sw_hull3_lanes_max_(x, 2);
	any |= sw_hull3_scan_tail_(xs, ys, zs, i, nv, n, off, lim, low, &m, &best);
	*near = m;
	*dmax = sw_hull3_zero_sign_(xs, ys, zs, nv, n, best);
	return any;
}

/* the lanes' vocabulary of src/hull3_planes.inc, src/hull3_rplanes.inc and src/hull3_units.inc */
#define PL_FN(name) name##_ref
#define PL_LANES 2
#define PL_V simde__m128d
#define PL_SET1 simde_mm_set1_pd
#define PL_ADD simde_mm_add_pd
#define PL_SUB simde_mm_sub_pd
#define PL_MUL simde_mm_mul_pd
#define PL_DIV simde_mm_div_pd
#define PL_SQRT simde_mm_sqrt_pd
#define PL_GE simde_mm_cmpge_pd
#define PL_GT simde_mm_cmpgt_pd
#define PL_AND simde_mm_and_pd
#define PL_ANDNOT simde_mm_andnot_pd
#define PL_OR simde_mm_or_pd
#define PL_MAX simde_mm_max_pd
#define PL_STOREU simde_mm_storeu_pd
#define PL_SETJ(E) simde_mm_set_pd(E(1), E(0))
#include "hull3_planes.inc"
#include "hull3_rplanes.inc"
#include "hull3_units.inc"

const sw_hull3_lanes *sw_hull3_lanes_for(sw_isa isa)
{
	static const sw_hull3_lanes ref = {sw_hull3_scan_ref,    sw_hull3_fmax_ref,  sw_hull3_planes_ref,
					   sw_hull3_rplanes_ref, sw_hull3_units_ref, sw_hull3_scanmax_ref};
#define SW_HULL3_LANES_PICK(t, tier)                                                                                  \
	if (isa == tier && sw_isa_available(tier)) {                                                                  \
		static const sw_hull3_lanes l_##t = {sw_hull3_scan_##t,    sw_hull3_fmax_##t,  sw_hull3_planes_##t,   \
						     sw_hull3_rplanes_##t, sw_hull3_units_##t, sw_hull3_scanmax_##t}; \
		return &l_##t;                                                                                        \
	}
	SW_TIERS(SW_HULL3_LANES_PICK)
#undef SW_HULL3_LANES_PICK
	return &ref;
}

const sw_hull3_lanes *sw_hull3_lanes_active(void) { return sw_hull3_lanes_for(sw_active_isa()); }
