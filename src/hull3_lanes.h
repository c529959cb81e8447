/* src/hull3_lanes.h — the hull code's loops of one plane against every vertex (the builder's support
 * offsets, the check's every-vertex-behind-every-face rule) the quickhull's new triangles' planes, the merge's
 * region planes and the edges' unit vectors:
 * a baseline version (SSE2, src/hull3_lanes.c) and one per tier (src/kernels/hull3_lanes_tmpl.c: four
 * doubles a step on AVX2 and AVX-512). Each vertex's or triangle's values are the same IEEE operations
 * on every version, and what each returns does not depend on the order the lanes meet the vertices,
 * so every tier gives the same bits. Vertices in columns xs, ys, zs (finite), n finite. */
#ifndef SWEPT_HULL3_LANES_H
#define SWEPT_HULL3_LANES_H

#include <stdint.h>

#include "sw_config.h"
#include "swept/cpu.h"
#include "swept/hull3.h"

/* whether some vertex has n·v − off > lim; *near: bit v set when n·v − off ≥ low (nv ≤ 64) */
typedef int sw_hull3_scan_fn(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3],
			     double off, double lim, double low, uint64_t *near);
/* max of n·v over the nv ≥ 1 vertices, the first maximal one when several are equal (which matters
 * only for ±0: a zero maximum has the sign of the first zero in vertex order) */
typedef double sw_hull3_fmax_fn(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3]);
/* scan and fmax in one pass over the same sums (a built hull's planes and its check, doc/numerics.md):
 * scan's answer and *near, and *dmax = fmax(xs, ys, zs, nv, n), bit for bit */
typedef int sw_hull3_scanmax_fn(const double *xs, const double *ys, const double *zs, uint32_t nv, const double n[3],
				double off, double lim, double low, uint64_t *near, double *dmax);

/* a triangle whose edges' cross product is below this times their lengths' product is degenerate */
#define SW_QH_DEGEN_SINE 1e-12

struct sw_qh;
/* the quickhull's planes of the m triangles q->f[fs[k]] (corners v[i]): the unit cross product of the
 * two shorter edges (the longest edge lg the first with l[lg] ≥ both others, in the order 0, 1, 2; the
 * cross product of the edges after and before it), or the normal of the neighbour across edge 0 when
 * that product is degenerate; d the mean ((n·p0 + n·p1) + n·p2) / 3 */
typedef void sw_hull3_planes_fn(struct sw_qh *q, const int *fs, uint32_t m);
/* the merge's region planes q->rn[s], q->rd[s] of the m one-triangle regions s = fs[k]: the unit
 * vector area (the face's own normal when it has none), d the largest n·p over the corners */
typedef void sw_hull3_rplanes_fn(struct sw_qh *q, const int *fs, uint32_t m);
/* us[e] = sw_hull3_edge_unit_(h, e) for every edge of h (its endpoints in range) */
typedef void sw_hull3_units_fn(const sw_hull3 *h, double (*us)[3]);

typedef struct sw_hull3_lanes {
	sw_hull3_scan_fn *scan;
	sw_hull3_fmax_fn *fmax;
	sw_hull3_planes_fn *planes;
	sw_hull3_rplanes_fn *rplanes;
	sw_hull3_units_fn *units;
	sw_hull3_scanmax_fn *scanmax;
} sw_hull3_lanes;

sw_hull3_scan_fn sw_hull3_scan_ref;
sw_hull3_fmax_fn sw_hull3_fmax_ref;
sw_hull3_planes_fn sw_hull3_planes_ref;
sw_hull3_rplanes_fn sw_hull3_rplanes_ref;
sw_hull3_units_fn sw_hull3_units_ref;
sw_hull3_scanmax_fn sw_hull3_scanmax_ref;
#define SW_HULL3_LANES_PROTO(t, isa)              \
	sw_hull3_scan_fn sw_hull3_scan_##t;       \
	sw_hull3_fmax_fn sw_hull3_fmax_##t;       \
	sw_hull3_planes_fn sw_hull3_planes_##t;   \
	sw_hull3_rplanes_fn sw_hull3_rplanes_##t; \
	sw_hull3_units_fn sw_hull3_units_##t;     \
	sw_hull3_scanmax_fn sw_hull3_scanmax_##t;
SW_TIERS(SW_HULL3_LANES_PROTO)
#undef SW_HULL3_LANES_PROTO

/* the scalar pieces every version shares: n·v as ((n0·x + n1·y) + n2·z) */
static inline double sw_hull3_dot_(const double *xs, const double *ys, const double *zs, uint32_t v, const double n[3])
{
	return n[0] * xs[v] + n[1] * ys[v] + n[2] * zs[v];
}

/* scan (and, with best, scanmax) over the vertices i..nv left after the vector steps: s = n·v − off */
static inline int sw_hull3_scan_tail_(const double *xs, const double *ys, const double *zs, uint32_t i, uint32_t nv,
				      const double n[3], double off, double lim, double low, uint64_t *near,
				      double *best)
{
	int any = 0;
	for (; i < nv; i++) {
		const double d = sw_hull3_dot_(xs, ys, zs, i, n), s = d - off;
		if (best)
			*best = d > *best ? d : *best;
		any |= s > lim;
		*near |= (uint64_t)(s >= low) << i;
	}
	return any;
}

/* the largest of k lane maxima, the first when equal (k ≥ 1) */
static inline double sw_hull3_lanes_max_(const double *x, uint32_t k)
{
	double best = x[0];
	for (uint32_t j = 1; j < k; j++)
		best = x[j] > best ? x[j] : best;
	return best;
}

/* a zero maximum takes the sign of the first zero n·v in vertex order; any other maximum is kept */
static inline double sw_hull3_zero_sign_(const double *xs, const double *ys, const double *zs, uint32_t nv,
					 const double n[3], double best)
{
	for (uint32_t v = 0; best == 0 && v < nv; v++) {
		const double d = sw_hull3_dot_(xs, ys, zs, v, n);
		if (d == 0)
			return d;
	}
	return best;
}

/* the version of tier isa (the baseline for a tier not compiled in), of the active tier */
const sw_hull3_lanes *sw_hull3_lanes_for(sw_isa isa);
const sw_hull3_lanes *sw_hull3_lanes_active(void);

#endif
