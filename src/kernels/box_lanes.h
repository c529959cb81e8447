/* src/kernels/box_lanes.h — lane helpers shared by the kernel templates that hold an oriented box per
 * lane (OBB–OBB, OBB–triangle): the box, its rotation from the quaternion and its input checks, and
 * the sweep and overlap answers of a block and their stores (the generic helpers are in kernels/lanes.h).
 * Included by templates only, so every helper is compiled at the tier's width. */
#ifndef SWEPT_BOX_LANES_H
#define SWEPT_BOX_LANES_H

#include <math.h>
#include <string.h>

#include "contract.h"
#include "job.h"
#include "kernels/lanes.h"

/* one box per lane */
typedef struct box_w {
	sw_fw c[3], r[9], h[3]; /* r[3*j + i]: component i of local axis j, from the quaternion */
} box_w;

/* expands unit quaternions into b->r with sw_mat3_from_quat()'s exact arithmetic, and returns the
 * lanes whose quaternion is unit within SW_QUAT_TOL (NaN and Inf fail the compare) */
SW_INLINE sw_mw box_rotation(box_w *b, sw_fw x, sw_fw y, sw_fw z, sw_fw w)
{
	const sw_fw one = sw_set1(1.0f);
	sw_fw x2 = sw_add(x, x), y2 = sw_add(y, y), z2 = sw_add(z, z);
	sw_fw xx = sw_mul(x, x2), yy = sw_mul(y, y2), zz = sw_mul(z, z2);
	sw_fw xy = sw_mul(x, y2), xz = sw_mul(x, z2), yz = sw_mul(y, z2);
	sw_fw wx = sw_mul(w, x2), wy = sw_mul(w, y2), wz = sw_mul(w, z2);
	b->r[0] = sw_sub(one, sw_add(yy, zz));
	b->r[1] = sw_add(xy, wz);
	b->r[2] = sw_sub(xz, wy);
	b->r[3] = sw_sub(xy, wz);
	b->r[4] = sw_sub(one, sw_add(xx, zz));
	b->r[5] = sw_add(yz, wx);
	b->r[6] = sw_add(xz, wy);
	b->r[7] = sw_sub(yz, wx);
	b->r[8] = sw_sub(one, sw_add(xx, yy));
	sw_fw n2 = sw_add(sw_dot3(x, y, z, x, y, z), sw_mul(w, w));
	return sw_le(sw_abs(sw_sub(n2, one)), sw_set1(SW_QUAT_TOL));
}

/* the rest of sw_obb3_valid_ref's contract, lane-wise: centre and half extents in range, extents > 0 */
SW_INLINE sw_mw box_valid(const box_w *b)
{
	sw_mw ok = sw_mand(sw_coord_ok(b->c[0]), sw_mand(sw_coord_ok(b->c[1]), sw_coord_ok(b->c[2])));
	for (int k = 0; k < 3; k++)
		ok = sw_mand(ok, sw_mand(sw_coord_ok(b->h[k]), sw_gt(b->h[k], sw_set1(0.0f))));
	return ok;
}

/* lane results of the sweep before they are stored */
typedef struct sweep_w {
	sw_mw overlapped, hit;
	sw_fw t_first, t_last, n[3], feature;
} sweep_w;

/* writes lanes [0, cnt) of status and feature codes at `base`: both lanes hold whole floats; the
 * lanes of `none` get SW_FEATURE_NONE. Whole blocks are stored as vectors */
SW_INLINE void codes_store(uint8_t *status, uint32_t *feature, size_t base, unsigned cnt, sw_fw st, sw_fw ft,
			   sw_mw none)
{
	if (cnt == SW_W) {
		sw_store_bytes(status + base, st);
		if (feature)
			sw_store_codes(feature + base, ft, none);
		return;
	}
	_Alignas(64) float s[SW_W], f[SW_W];
	sw_storeu(s, st);
	sw_storeu(f, ft);
	unsigned nb = sw_mbits(none);
	for (unsigned l = 0; l < cnt; l++) {
		status[base + l] = (uint8_t)s[l];
		if (feature)
			feature[base + l] = (nb >> l & 1) ? SW_FEATURE_NONE : (uint32_t)f[l];
	}
}

/* lanes that are invalid, or whose feature lane holds SW_AXIS_NONE */
SW_INLINE sw_mw none_lanes(sw_fw feature, sw_mw invalid)
{
	return sw_mor(invalid, sw_eq(feature, sw_set1((float)SW_AXIS_NONE)));
}

/* writes lanes [0, cnt) of a block's sweep answers at `base`; `invalid` lanes become SW_PAIR_INVALID */
SW_INLINE void sweep_store(const sw_sweep_results *out, size_t base, unsigned cnt, const sweep_w *o, unsigned invalid)
{
	invalid &= (1u << cnt) - 1u;
	row_store(out->t_first, base, cnt, o->t_first, invalid);
	row_store(out->t_last, base, cnt, o->t_last, invalid);
	row_store(out->nx, base, cnt, o->n[0], invalid);
	row_store(out->ny, base, cnt, o->n[1], invalid);
	row_store(out->nz, base, cnt, o->n[2], invalid);
	sw_mw bad = sw_mfrom_bits(invalid);
	sw_fw st = sw_sel(bad, sw_set1(SW_PAIR_INVALID),
			  sw_sel(o->overlapped, sw_set1(SW_STARTS_OVERLAPPED),
				 sw_sel(o->hit, sw_set1(SW_HIT), sw_set1(SW_MISS))));
	codes_store(out->status, out->feature, base, cnt, st, o->feature, none_lanes(o->feature, bad));
}

/* writes lanes [0, cnt) of a static overlap block at `base`: rows are depth, nx, ny, nz; separated
 * lanes are SW_MISS, the others SW_HIT; `invalid` lanes become SW_PAIR_INVALID with NaN. A HIT's
 * feature is none when the call asks for neither depth nor normal (swept/batch.h) */
SW_INLINE void overlap_store(const sw_overlap_results *out, size_t base, unsigned cnt, const sw_fw rows[4],
			     sw_fw feature, sw_mw sep, unsigned invalid)
{
	invalid &= (1u << cnt) - 1u;
	float *dst[4] = {out->depth, out->nx, out->ny, out->nz};
	for (int k = 0; k < 4; k++)
		row_store(dst[k], base, cnt, rows[k], invalid);
	sw_mw bad = sw_mfrom_bits(invalid);
	sw_fw st = sw_sel(bad, sw_set1(SW_PAIR_INVALID), sw_sel(sep, sw_set1(SW_MISS), sw_set1(SW_HIT)));
	sw_mw none = none_lanes(feature, bad);
	if (!sw_overlap_full(out))
		none = sw_mor(none, sw_mnot(sep));
	codes_store(out->status, out->feature, base, cnt, st, feature, none);
}

/* writes lanes [0, cnt) of a first-separating-axis test at `base`: status and feature only (the
 * "_test" rows); `feature` holds each lane's first separating axis, SW_AXIS_NONE when it has none */
SW_INLINE void test_store(const sw_overlap_results *out, size_t base, unsigned cnt, sw_fw feature, sw_mw sep,
			  unsigned invalid)
{
	sw_mw bad = sw_mfrom_bits(invalid & ((1u << cnt) - 1u));
	sw_fw st = sw_sel(bad, sw_set1(SW_PAIR_INVALID), sw_sel(sep, sw_set1(SW_MISS), sw_set1(SW_HIT)));
	codes_store(out->status, out->feature, base, cnt, st, feature, none_lanes(feature, bad));
}

/* box_rotation and box_valid together: the box part of sw_obb3_valid_ref (no displacement) */
SW_INLINE sw_mw box_checked(box_w *b, sw_fw x, sw_fw y, sw_fw z, sw_fw w)
{
	return sw_mand(box_rotation(b, x, y, z, w), box_valid(b));
}

#endif
