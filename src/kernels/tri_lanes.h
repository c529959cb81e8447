/* src/kernels/tri_lanes.h — the triangle's input contract lane-wise (sw_tri3_valid_ref's arithmetic,
 * src/ref/obb3_tri3_sat.c): its edges scaled by one power of two, and the degeneracy test on them.
 * Shared by the kernel templates that hold a triangle per lane. */
#ifndef SWEPT_TRI_LANES_H
#define SWEPT_TRI_LANES_H

#include "kernels/lanes.h"

/* scaled world edges (tri_edges_scaled): w[j][k], and p, the power of two the scale divides by */
SW_INLINE void tedges(const sw_fw a[3], const sw_fw b[3], const sw_fw c[3], sw_fw w[3][3], sw_fw *p)
{
	const sw_fw *v[3] = {a, b, c};
	sw_fw raw[3][3], m = sw_set1(0.0f);
	for (int j = 0; j < 3; j++) {
		for (int k = 0; k < 3; k++) {
			raw[j][k] = sw_sub(v[(j + 1) % 3][k], v[j][k]);
			m = gt_sel(sw_abs(raw[j][k]), m);
		}
	}
	*p = pow2_floor(m);
	sw_fw s = sw_div(sw_set1(1.0f), *p);
	for (int j = 0; j < 3; j++)
		for (int k = 0; k < 3; k++)
			w[j][k] = sw_mul(raw[j][k], s);
}

/* the triangle's contract: coordinates in range (checked by the caller) and not degenerate */
SW_INLINE sw_mw tri_not_degenerate_w(sw_fw w[3][3])
{
	sw_fw g[3] = {sw_neg(w[2][0]), sw_neg(w[2][1]), sw_neg(w[2][2])};
	sw_fw n0 = sw_sub(sw_mul(w[0][1], g[2]), sw_mul(w[0][2], g[1]));
	sw_fw n1 = sw_sub(sw_mul(w[0][2], g[0]), sw_mul(w[0][0], g[2]));
	sw_fw n2 = sw_sub(sw_mul(w[0][0], g[1]), sw_mul(w[0][1], g[0]));
	sw_fw l0 = sw_dot3(w[0][0], w[0][1], w[0][2], w[0][0], w[0][1], w[0][2]);
	sw_fw l1 = sw_dot3(w[1][0], w[1][1], w[1][2], w[1][0], w[1][1], w[1][2]);
	sw_fw l2 = sw_dot3(w[2][0], w[2][1], w[2][2], w[2][0], w[2][1], w[2][2]);
	sw_fw big = gt_sel(l0, l1);
	big = gt_sel(l2, big);
	return sw_ge(sw_dot3(n0, n1, n2, n0, n1, n2), sw_mul(sw_set1(SW_TRI3_DEGEN_EPS), sw_mul(big, big)));
}

#endif
