/* tests/common/scenes.h — seeded generators of boxes and pairs shared by the tests and the benchmarks.
 * Everything is deterministic in the seed, so a failing case reruns alone. */
#ifndef SWEPT_TESTS_SCENES_H
#define SWEPT_TESTS_SCENES_H

#include <stdint.h>
#include <swept/swept.h>

#ifdef __cplusplus
extern "C" {
#endif

/// splitmix64-seeded xorshift generator.
typedef struct sc_rng {
	uint64_t s;
} sc_rng;

sc_rng sc_rng_seed(uint64_t seed);
uint64_t sc_next(sc_rng *r);
/// Uniform in [lo, hi).
float sc_uniform(sc_rng *r, float lo, float hi);
/// Uniform integer in [0, n).
uint32_t sc_below(sc_rng *r, uint32_t n);
/// Uniformly distributed rotation (unit quaternion).
sw_quat sc_rotation(sc_rng *r);

/// Parameters of a random box scene.
typedef struct sc_obb3_params {
	float world;    ///< centres uniform in [-world, world]^3 around `offset`
	sw_vec3 offset; ///< added to every centre (e.g. 1e4 to test precision far from the origin)
	float half_lo;  ///< half extents uniform in [half_lo, half_hi]
	float half_hi;
	float motion;     ///< displacement components uniform in [-motion, motion]
	int axis_aligned; ///< 1: identity orientation for every box
} sc_obb3_params;

/// Defaults: world 4, no offset, half extents [0.25, 1.5], motion 4, random orientation.
sc_obb3_params sc_obb3_defaults(void);
/// One random box and its displacement.
void sc_obb3(sc_rng *r, const sc_obb3_params *p, sw_obb3 *box, sw_vec3 *disp);
/// Fills `set` (initialised by the caller) with n random boxes.
sw_error sc_obb3_set_fill(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, size_t n);
/// n random pairs of indices into sets of na and nb boxes.
void sc_pairs(sc_rng *r, sw_pair *pairs, size_t n, uint32_t na, uint32_t nb);
/// Fills `set` with 2n boxes where box 2k and 2k+1 form a close pair and writes pairs (2k, 2k+1):
/// with the defaults about 48 % miss, 48 % hit and 3 % start overlapped, the kind of candidate list
/// a broadphase of swept bounds emits.
sw_error sc_obb3_close_pairs(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, sw_pair *pairs, size_t n);

/// World direction of an OBB–OBB feature id: a face normal, or the normalised cross product of the
/// two edge directions (unsigned; the tests compare it with the reported normal up to sign).
sw_vec3 sc_obb3_feature_axis(const sw_obb3 *a, const sw_obb3 *b, uint8_t id);

#ifdef __cplusplus
}
#endif
#endif
