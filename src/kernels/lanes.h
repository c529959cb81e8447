/* src/kernels/lanes.h — lane helpers every kernel template over sets may use: the reference's
 * selections (a < b ? a : b), a block's set indices and its float rows'
 * store. Included by templates only, after or instead of kernels/wide.h, so every helper is compiled
 * at the tier's width. */
#ifndef SWEPT_LANES_H
#define SWEPT_LANES_H

#include <math.h>
#include <string.h>

#include "contract.h"
#include "job.h"
#include "kernels/wide.h"

/* a < b ? a : b and a > b ? a : b, as the reference writes them */
SW_INLINE sw_fw lt_sel(sw_fw a, sw_fw b) { return sw_sel(sw_lt(a, b), a, b); }
SW_INLINE sw_fw gt_sel(sw_fw a, sw_fw b) { return sw_sel(sw_gt(a, b), a, b); }

/* writes lanes [0, cnt) of a float row at dst + base (a NULL column is skipped); `invalid` lanes get NaN */
SW_INLINE void row_store(float *dst, size_t base, unsigned cnt, sw_fw v, unsigned invalid)
{
	_Alignas(64) float tmp[SW_W];
	if (!dst)
		return;
	if (cnt == SW_W && !invalid) {
		sw_storeu(dst + base, v);
		return;
	}
	sw_storeu(tmp, v);
	for (unsigned l = 0; l < cnt; l++)
		dst[base + l] = (invalid >> l & 1) ? NAN : tmp[l];
}

/* lanes' set indices for pairs [base, base+cnt); lanes past cnt repeat the last pair, and pairs
 * whose index is out of range read slot 0 and are flagged in the returned bits */
SW_INLINE unsigned lanes_indices(size_t count_a, size_t count_b, const sw_pair *pairs, unsigned cnt, int32_t *ia,
				 int32_t *ib)
{
	unsigned bad = 0;
	for (unsigned l = 0; l < SW_W; l++) {
		sw_pair p = pairs[l < cnt ? l : cnt - 1];
		int ok = p.a < count_a && p.b < count_b;
		ia[l] = ok ? (int32_t)p.a : 0;
		ib[l] = ok ? (int32_t)p.b : 0;
		bad |= (unsigned)!ok << l;
	}
	return bad;
}

/* lanes_indices() for the pairs [0, cnt) of a block, returning the lanes whose indices are in range as
 * a mask (a whole block in vector registers, sw_pair_lanes) */
SW_INLINE sw_mw lanes_pairs(size_t count_a, size_t count_b, const sw_pair *pairs, unsigned cnt, int32_t *ia,
			    int32_t *ib)
{
	/* counts are at most SW_MAX_BATCH = 2^31: they fit in 32 bits */
	if (cnt == SW_W)
		return sw_pair_lanes(pairs, (uint32_t)count_a, (uint32_t)count_b, ia, ib);
	_Alignas(64) float okf[SW_W];
	unsigned bad = lanes_indices(count_a, count_b, pairs, cnt, ia, ib);
	for (unsigned l = 0; l < SW_W; l++)
		okf[l] = (float)(~bad >> l & 1);
	return sw_gt(sw_load(okf), sw_set1(0.5f));
}

#endif
