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

/* writes lanes [0, cnt) of a block's sweep answers at `base`; `invalid` lanes become SW_PAIR_INVALID */
SW_INLINE void sweep_store(const sw_sweep_results *out, size_t base, unsigned cnt, const sweep_w *o, unsigned invalid)
{
	_Alignas(64) float feat[SW_W];
	invalid &= (1u << cnt) - 1u;
	row_store(out->t_first, base, cnt, o->t_first, invalid);
	row_store(out->t_last, base, cnt, o->t_last, invalid);
	row_store(out->nx, base, cnt, o->n[0], invalid);
	row_store(out->ny, base, cnt, o->n[1], invalid);
	row_store(out->nz, base, cnt, o->n[2], invalid);
	sw_storeu(feat, o->feature);
	unsigned ov = sw_mbits(o->overlapped), hit = sw_mbits(o->hit);
	for (unsigned l = 0; l < cnt; l++) {
		int bad = invalid >> l & 1;
		out->status[base + l] = bad              ? SW_PAIR_INVALID
					: (ov >> l & 1)  ? SW_STARTS_OVERLAPPED
					: (hit >> l & 1) ? SW_HIT
							 : SW_MISS;
		if (out->feature)
			out->feature[base + l] = bad ? SW_FEATURE_NONE : sw_feature_of_lane(feat[l]);
	}
}

/* writes lanes [0, cnt) of a static overlap block at `base`: rows are depth, nx, ny, nz; separated
 * lanes are SW_MISS, the others SW_HIT; `invalid` lanes become SW_PAIR_INVALID with NaN. A HIT's
 * feature is none when the call asks for neither depth nor normal (swept/batch.h) */
SW_INLINE void overlap_store(const sw_overlap_results *out, size_t base, unsigned cnt, const sw_fw rows[4],
			     sw_fw feature, sw_mw sep, unsigned invalid)
{
	_Alignas(64) float feat[SW_W];
	invalid &= (1u << cnt) - 1u;
	float *dst[4] = {out->depth, out->nx, out->ny, out->nz};
	for (int k = 0; k < 4; k++)
		row_store(dst[k], base, cnt, rows[k], invalid);
	sw_storeu(feat, feature);
	unsigned sb = sw_mbits(sep);
	int full = sw_overlap_full(out);
	for (unsigned l = 0; l < cnt; l++) {
		int inv = invalid >> l & 1, miss = sb >> l & 1;
		out->status[base + l] = inv ? SW_PAIR_INVALID : miss ? SW_MISS : SW_HIT;
		if (out->feature)
			out->feature[base + l] =
				inv || (!miss && !full) ? SW_FEATURE_NONE : sw_feature_of_lane(feat[l]);
	}
}

/* box_rotation and box_valid together: the box part of sw_obb3_valid_ref (no displacement) */
SW_INLINE sw_mw box_checked(box_w *b, sw_fw x, sw_fw y, sw_fw z, sw_fw w)
{
	return sw_mand(box_rotation(b, x, y, z, w), box_valid(b));
}

#endif
