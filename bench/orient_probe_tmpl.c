/* bench/orient_probe_tmpl.c — probe kernels for one storage question: is a box's orientation cheaper
 * to fetch as a 3×3 matrix (9 gathers, then the orthonormality test) or as a unit quaternion
 * (4 gathers, the unit-norm test, then the conversion to the matrix)? Written once over the lane
 * vocabulary of src/kernels/wide.h and compiled once per tier, like the library's kernels; the
 * contract is in orient_probe.h.
 *
 * Both variants feed the same consumer (9 accumulators and an invalid-lane count), so the difference
 * between them is the fetch, the validation and the conversion, nothing else. The consumer is
 * what keeps the work alive: every matrix entry and every mask reaches the result. */
#include <stddef.h>
#include <stdint.h>

#include <swept/base.h>

#include "kernels/wide.h"
#include "orient_probe.h"

/* |c_p · c_q − want| ≤ SW_ORIENT_MATRIX_TOL for columns p and q of a column-major matrix */
SW_INLINE sw_mw col_dot_ok(const sw_fw m[9], int p, int q, float want)
{
	sw_fw d = sw_dot3(m[3 * p], m[3 * p + 1], m[3 * p + 2], m[3 * q], m[3 * q + 1], m[3 * q + 2]);
	return sw_le(sw_abs(sw_sub(d, sw_set1(want))), sw_set1(SW_ORIENT_MATRIX_TOL));
}

/* variant 1: the 9 stored entries and the library's orthonormality test (6 column pairs) */
SW_INLINE sw_mw matrix_fetch(const float *const *r, const int32_t *idx, sw_fw m[9])
{
	for (int k = 0; k < 9; k++)
		m[k] = sw_gather(r[k], idx);
	sw_mw ok = sw_mand(col_dot_ok(m, 0, 0, 1), sw_mand(col_dot_ok(m, 1, 1, 1), col_dot_ok(m, 2, 2, 1)));
	return sw_mand(ok, sw_mand(col_dot_ok(m, 0, 1, 0), sw_mand(col_dot_ok(m, 0, 2, 0), col_dot_ok(m, 1, 2, 0))));
}

/* variant 2: the 4 stored components, |q·q − 1| ≤ SW_ORIENT_QUAT_TOL, then the matrix of the
 * (assumed unit) quaternion from 9 shared products. The products are taken against doubled
 * components (y·(y+y) and so on): doubling is exact, so (barring underflow) each entry has the bits of
 * the textbook 1 − 2(y²+z²), 2(xy + zw), ... without its separate factor 2. */
SW_INLINE sw_mw quat_fetch(const float *const *q, const int32_t *idx, sw_fw m[9])
{
	const sw_fw x = sw_gather(q[0], idx), y = sw_gather(q[1], idx), z = sw_gather(q[2], idx),
		    w = sw_gather(q[3], idx);
	const sw_fw one = sw_set1(1.0f);
	sw_fw n2 = sw_add(sw_dot3(x, y, z, x, y, z), sw_mul(w, w));
	sw_mw ok = sw_le(sw_abs(sw_sub(n2, one)), sw_set1(SW_ORIENT_QUAT_TOL));

	const sw_fw x2 = sw_add(x, x), y2 = sw_add(y, y), z2 = sw_add(z, z);
	const sw_fw xx = sw_mul(x, x2), yy = sw_mul(y, y2), zz = sw_mul(z, z2);
	const sw_fw xy = sw_mul(x, y2), xz = sw_mul(x, z2), yz = sw_mul(y, z2);
	const sw_fw wx = sw_mul(w, x2), wy = sw_mul(w, y2), wz = sw_mul(w, z2);
	m[0] = sw_sub(one, sw_add(yy, zz)); /* r00 */
	m[1] = sw_add(xy, wz);              /* r10 */
	m[2] = sw_sub(xz, wy);              /* r20 */
	m[3] = sw_sub(xy, wz);              /* r01 */
	m[4] = sw_sub(one, sw_add(xx, zz)); /* r11 */
	m[5] = sw_add(yz, wx);              /* r21 */
	m[6] = sw_add(xz, wy);              /* r02 */
	m[7] = sw_sub(yz, wx);              /* r12 */
	m[8] = sw_sub(one, sw_add(xx, yy)); /* r22 */
	return ok;
}

/* the consumer: one accumulator per entry, one add per entry and box (9 independent chains, so the
 * add latency never limits the block loop) */
SW_INLINE void sink_add(sw_fw acc[9], const sw_fw a[9], const sw_fw b[9])
{
	for (int k = 0; k < 9; k++)
		acc[k] = sw_add(acc[k], sw_add(a[k], b[k]));
}

SW_INLINE size_t invalid_lanes(sw_mw ok) { return (size_t)__builtin_popcount(~sw_mbits(ok) & SW_ALL_LANES); }

/* the checksum of orient_probe.h: sum over k of (k+1)·(sum of acc[k]'s lanes), in double */
SW_INLINE float sink_sum(const sw_fw acc[9])
{
	_Alignas(64) float t[SW_W];
	double s = 0;
	for (int k = 0; k < 9; k++) {
		sw_storeu(t, acc[k]);
		double lanes = 0;
		for (int l = 0; l < SW_W; l++)
			lanes += (double)t[l];
		s += (double)(k + 1) * lanes;
	}
	return (float)s;
}

/* the timed loop of both variants: fetch two boxes' orientations per lane block, count invalid
 * lanes, consume all nine entries */
typedef sw_mw (*fetch_fn)(const float *const *src, const int32_t *idx, sw_fw out[9]);

SW_INLINE float probe_run(const float *const *src, const int32_t *ia, const int32_t *ib, size_t n, size_t *invalid,
			  fetch_fn fetch)
{
	sw_fw acc[9];
	size_t bad = 0;
	for (int k = 0; k < 9; k++)
		acc[k] = sw_set1(0.0f);
	for (size_t base = 0; base < n; base += SW_W) {
		sw_fw a[9], b[9];
		sw_mw ok = sw_mand(fetch(src, ia + base, a), fetch(src, ib + base, b));
		bad += invalid_lanes(ok);
		sink_add(acc, a, b);
	}
	*invalid = bad;
	return sink_sum(acc);
}

decl_orient_probe_fn(SW_FN(sw_orient_probe_matrix)) { return probe_run(src, ia, ib, n, invalid, matrix_fetch); }

decl_orient_probe_fn(SW_FN(sw_orient_probe_quat)) { return probe_run(src, ia, ib, n, invalid, quat_fetch); }
