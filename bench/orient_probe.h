/* bench/orient_probe.h — the probe kernels of bench/orient_probe_tmpl.c (one set per x86 tier) and the
 * registration of their benchmarks (bench/bench_orient.c).
 *
 * The question they answer: should a box's orientation be stored as a 3×3 matrix (9 floats per box)
 * or as a unit quaternion (4 floats per box, converted to the matrix in the kernel)? Each probe does
 * only the orientation part of the OBB kernels' per-block work, for two boxes per pair: gather by
 * index from structure-of-arrays storage, validate, produce the 9 matrix entries.
 *
 * Contract of every probe: n is a multiple of 16 (every tier's width divides it); ia and ib hold n
 * indices each, start on 64 bytes (the wide gathers load the indices aligned) and are in range for
 * the arrays (no check: this is a measurement, not the library). `src` is the 9 matrix arrays r0..r8
 * (column-major, as in sw_obb3_set) or the 4 quaternion arrays qx, qy, qz, qw. The return value is a
 * weighted checksum of every matrix entry produced, sum over pairs and k of (k+1)·(rA_k + rB_k),
 * so both layouts return the same number on the same rotations; *invalid receives the number of
 * pairs with at least one box failing validation. */
#ifndef SWEPT_BENCH_ORIENT_PROBE_H
#define SWEPT_BENCH_ORIENT_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include <swept/base.h>

/// Validation tolerances of the two encodings: |q·q − 1| for a quaternion (the library's
/// SW_QUAT_TOL), |c_p·c_q − δ_pq| for the columns of a matrix. Either only rejects corrupt data.
#define SW_ORIENT_QUAT_TOL SW_QUAT_TOL
#define SW_ORIENT_MATRIX_TOL 1.0e-3f

#define decl_orient_probe_fn(name) \
	float name(const float *const *src, const int32_t *ia, const int32_t *ib, size_t n, size_t *invalid)

typedef decl_orient_probe_fn((*sw_orient_probe_fn));

#define SW_ORIENT_PROBE_TIER(sfx)                           \
	decl_orient_probe_fn(sw_orient_probe_matrix_##sfx); \
	decl_orient_probe_fn(sw_orient_probe_quat_##sfx);

SW_ORIENT_PROBE_TIER(sse4)
SW_ORIENT_PROBE_TIER(avx2)
SW_ORIENT_PROBE_TIER(avx512)

/// Registers orient_matrix/<tier>/<pairs> and orient_quat/<tier>/<pairs> for every tier this CPU
/// runs. Call before sw_bench_run().
void bench_orient_register(void);

#endif
