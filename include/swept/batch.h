/* swept/batch.h — the kinds of answer every family shares (one struct for a single pair, one struct of
 * columns for a batch), the options of moving queries and of batched calls. A batched call takes sets
 * and the broadphase's pair list and writes one answer per pair into caller-owned columns; it gives
 * the single-pair function's answer bit for bit on every SIMD tier. */
#ifndef SWEPT_BATCH_H
#define SWEPT_BATCH_H

#include "swept/base.h"
#include "swept/math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One pair's answer of a moving query over t ∈ [0,1] (doc/numerics.md, "Statuses").
typedef struct sw_sweep_result {
	/// SW_HIT, SW_MISS, SW_STARTS_OVERLAPPED or SW_PAIR_INVALID.
	sw_status status;
	/// The axis or direction the normal came from (the family's feature ids); SW_FEATURE_NONE on
	/// MISS and INVALID.
	uint32_t feature;
	/// HIT: first time of contact, in (0, 1]. STARTS_OVERLAPPED: 0. MISS: 1. INVALID: NaN.
	float t_first;
	/// HIT, STARTS_OVERLAPPED: the last time in [0, 1] the shapes touch (1 when they still touch at
	/// the end of the step). MISS: 1. INVALID: NaN.
	float t_last;
	/// Unit normal in world space from A towards B. HIT: the axis crossed last (the contact normal at
	/// t_first). STARTS_OVERLAPPED: the axis of least penetration at t = 0. MISS: zero. INVALID:
	/// NaN. 2D queries set z = 0.
	sw_vec3 normal;
} sw_sweep_result;

/// One pair's answer of a static overlap query.
typedef struct sw_overlap_result {
	/// SW_HIT (overlap or touch), SW_MISS or SW_PAIR_INVALID.
	sw_status status;
	/// HIT: the axis of least penetration; MISS: the first separating axis in feature-id order (a
	/// cache for the next step); SW_FEATURE_NONE when INVALID.
	uint32_t feature;
	/// HIT: penetration depth ≥ 0 along `normal` (moving B by depth·normal leaves them touching).
	/// MISS: the gap along the separating axis (> 0). INVALID: NaN.
	float depth;
	/// Unit normal of that axis, world space, from A to B (NaN when INVALID). 2D: z = 0.
	sw_vec3 normal;
} sw_overlap_result;

/// One pair's answer of a cast: a ray, or a shape moving linearly against another over t ∈ [0, 1],
/// answered at the first time of contact (the GJK ray and shape casts, swept circles and spheres). Each
/// family's section of doc/numerics.md states which fields it fills and its feature ids.
typedef struct sw_cast_result {
	/// SW_HIT, SW_MISS, SW_STARTS_OVERLAPPED (touching or overlapping at t = 0), SW_PAIR_INVALID, or
	/// SW_ITER_LIMIT (an iterative query that reached its cap: the other fields are its last estimate).
	sw_status status;
	/// The feature of B that is hit (the family's ids); SW_FEATURE_NONE on MISS and INVALID.
	uint32_t feature;
	/// HIT: time of impact in (0, 1] (a ray: the fraction of its displacement). STARTS_OVERLAPPED: 0.
	/// MISS: 1. INVALID: NaN.
	float t;
	/// STARTS_OVERLAPPED: penetration depth ≥ 0 along `normal`, when the query computes one (else 0).
	/// HIT, MISS: 0. INVALID: NaN.
	float depth;
	/// HIT: the contact point at time t, world space. STARTS_OVERLAPPED: a point of the overlap. MISS:
	/// zero. INVALID: NaN. 2D: z = 0.
	sw_vec3 point;
	/// HIT, STARTS_OVERLAPPED: unit contact normal, world space, from A towards B (a ray, which is A:
	/// from the ray into B, i.e. B's outward normal negated). MISS: zero. INVALID: NaN. 2D: z = 0.
	sw_vec3 normal;
	/// Swept circles and spheres: the motion left after the contact, (1 − t)·v, without its component
	/// into the contact (the slide). Other queries, and MISS: zero. INVALID: NaN. 2D: z = 0.
	sw_vec3 slide;
} sw_cast_result;

/// One pair's answer of a distance query (GJK).
typedef struct sw_distance_result {
	/// SW_MISS: apart. SW_HIT: touching or overlapping; SW_STARTS_OVERLAPPED: the cores overlap or touch
	/// (doc/numerics.md states what the family computes then). SW_PAIR_INVALID, or SW_ITER_LIMIT (the
	/// fields are its last estimate).
	sw_status status;
	/// The family's feature ids; SW_FEATURE_NONE when it reports none.
	uint32_t feature;
	/// MISS: the distance > 0. HIT and STARTS_OVERLAPPED: minus the penetration depth when the family
	/// computes it (the polygon distance row for polygons overlapping beyond its band), else 0. INVALID: NaN.
	float distance;
	/// Unit normal from A towards B (MISS: along point_b − point_a). Zero when the family has none to
	/// give. INVALID: NaN. 2D: z = 0.
	sw_vec3 normal;
	/// Witness points on A and on B, world space (MISS: the closest points). INVALID: NaN. 2D: z = 0.
	sw_vec3 point_a, point_b;
} sw_distance_result;

/// Answers of a batched moving query: column k holds pair k's field of sw_sweep_result. `status` is
/// required; any other column may be NULL, and is then not written. 2D queries ignore nz.
typedef struct sw_sweep_results {
	uint8_t *status; ///< sw_status
	uint32_t *feature;
	float *t_first, *t_last;
	float *nx, *ny, *nz;
} sw_sweep_results;

/// Answers of a batched static overlap query: column k holds pair k's field of sw_overlap_result.
/// `status` is required; any other column may be NULL, and is then not written. When depth and
/// every normal column are NULL the boxes' and box–triangle queries run a cheaper test that stops at
/// the first separating axis; `feature` then holds SW_FEATURE_NONE on a HIT (no least-penetration
/// axis is computed), on every family alike. 2D queries ignore nz.
typedef struct sw_overlap_results {
	uint8_t *status; ///< sw_status
	uint32_t *feature;
	float *depth;
	float *nx, *ny, *nz;
} sw_overlap_results;

/// Answers of a batched cast query: column k holds pair k's field of sw_cast_result. `status` is
/// required; any other column may be NULL, and is then not written. 2D queries ignore pz, nz and sz.
typedef struct sw_cast_results {
	uint8_t *status; ///< sw_status
	uint32_t *feature;
	float *t, *depth;
	float *px, *py, *pz;
	float *nx, *ny, *nz;
	float *sx, *sy, *sz;
} sw_cast_results;

/// Answers of a batched distance query: column k holds pair k's field of sw_distance_result. `status`
/// is required; any other column may be NULL, and is then not written. 2D queries ignore the z columns.
typedef struct sw_distance_results {
	uint8_t *status; ///< sw_status
	uint32_t *feature;
	float *distance;
	float *nx, *ny, *nz;
	float *ax, *ay, *az;
	float *bx, *by, *bz;
} sw_distance_results;

/// Options of a moving query; NULL selects the defaults (all zero).
typedef struct sw_sweep_opts {
	/// Triangle B only: nonzero hits the triangle from its front only (doc/numerics.md,
	/// "OBB–triangle"), 0 (default) from both sides. Ignored by pairs without a triangle.
	uint32_t one_sided;
} sw_sweep_opts;

/// A task of a batched call, as the caller's scheduler runs it: items [start, end) of the task (chunks
/// of the pair list) on the scheduler's worker `worker`; `task_ctx` is the call's.
typedef void sw_task_fn(uint32_t start, uint32_t end, uint32_t worker, void *task_ctx);
/// The caller's scheduler (the shape of Box2D's enqueueTask): runs task(start, end, worker, task_ctx)
/// over ranges that cover [0, count) once each, of at least `min_range` items but the last, on its
/// workers, where `worker` < sw_batch_opts.threads and no two ranges running at the same time have
/// the same worker. Returns a handle for sw_finish_fn, or NULL when every range has run already.
typedef void *sw_enqueue_fn(sw_task_fn *task, uint32_t count, uint32_t min_range, void *task_ctx, void *user);
/// Returns once every range of the task `handle` (from sw_enqueue_fn) has run.
typedef void sw_finish_fn(void *handle, void *user);

/// sw_batch_opts.isa for a call capped at tier `isa` (swept/cpu.h).
#define SW_BATCH_ISA(isa) ((unsigned)(isa) + 1u)

/// Options of a batched call; NULL selects the defaults (all zero). They change how a call runs,
/// never its answers: every thread count, chunk size, scheduler and tier gives the same bits.
typedef struct sw_batch_opts {
	/// Worker threads (0 = one per core), clamped to the number of chunks and to 256. Used when
	/// swept is built with -Dopenmp=enabled; otherwise the call runs on the calling thread. With
	/// `enqueue`: the number of the scheduler's workers (≥ 1), which bounds the worker indices it
	/// passes. Calls are reentrant: a caller may also split the pair list and call from its threads.
	unsigned threads;
	/// Pairs per chunk (0 = default 512); rounded up to a multiple of 16. A chunk is the unit of work
	/// a thread or a scheduler's range takes.
	unsigned chunk;
	/// 0: the active tier (sw_active_isa()); SW_BATCH_ISA(tier): the lower of that tier and the
	/// active one, for this call only (sw_set_isa_cap() sets the active tier for the process). A tier
	/// of another architecture or an unknown value: SW_ERR_UNSUPPORTED, nothing written.
	unsigned isa;
	/// The caller's scheduler: with both set, the call's chunks run as one task on it (enqueue, then
	/// finish on the handle) instead of OpenMP; one of them NULL: SW_ERR_NULL. A worker index ≥
	/// `threads` makes the call return SW_ERR_ARG with the ranges given it unanswered.
	sw_enqueue_fn *enqueue;
	sw_finish_fn *finish;
	/// Passed to enqueue and finish.
	void *user;
} sw_batch_opts;

#ifdef __cplusplus
}
#endif
#endif
