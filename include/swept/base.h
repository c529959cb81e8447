/* swept/base.h — version, export macro, statuses, error codes and feature ids shared by every query. */
#ifndef SWEPT_BASE_H
#define SWEPT_BASE_H

#include <stddef.h>
#include <stdint.h>

#define SW_VERSION_MAJOR 0
#define SW_VERSION_MINOR 1
#define SW_VERSION_PATCH 0

#if defined(_WIN32) && defined(SWEPT_SHARED_BUILD)
#define SW_API __declspec(dllexport)
#elif defined(__GNUC__)
#define SW_API __attribute__((visibility("default")))
#else
#define SW_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// Per-pair answer of a query. Stored as one byte per pair in the batched result arrays.
typedef enum sw_status {
	/// The shapes do not touch anywhere in t ∈ [0,1] (static queries: they do not overlap).
	SW_MISS = 0,
	/// The shapes first touch at t_first ∈ (0,1] (static queries: they overlap or touch).
	SW_HIT = 1,
	/// The shapes already overlap or touch at t = 0; t_first is 0 and the normal is the axis of
	/// least penetration.
	SW_STARTS_OVERLAPPED = 2,
	/// The pair's input is invalid (NaN/Inf, out-of-range value, bad extent or orientation,
	/// index out of range). Nothing else about this pair is meaningful.
	SW_PAIR_INVALID = 3,
	/// An iterative query (GJK) reached its iteration cap before deciding; the output holds its
	/// best estimate, as each query's output type documents.
	SW_ITER_LIMIT = 4,
} sw_status;

/// Result of a whole call. Per-pair problems never produce an error: they produce SW_PAIR_INVALID.
typedef enum sw_error {
	SW_OK = 0,
	/// A required pointer is NULL.
	SW_ERR_NULL = -1,
	/// A size is out of range (batch longer than SW_MAX_BATCH, set capacity too small).
	SW_ERR_SIZE = -2,
	/// Memory allocation failed.
	SW_ERR_NOMEM = -3,
	/// An argument is malformed (e.g. a set whose count exceeds its capacity).
	SW_ERR_ARG = -4,
} sw_error;

/// Largest number of pairs one batched call accepts.
#define SW_MAX_BATCH ((size_t)1 << 31)

/// Largest magnitude accepted for any coordinate, displacement or extent. Larger values, NaN and
/// Inf make the pair SW_PAIR_INVALID. The bound keeps every intermediate product finite.
#define SW_MAX_COORD 1.0e15f

/// Orientation quaternions must be unit to this tolerance: |q·q − 1| ≤ SW_QUAT_TOL. swept does not
/// normalise them: the rotation used is sw_mat3_from_quat(q), orthonormal to about this tolerance.
#define SW_QUAT_TOL 1.0e-3f

/// Separating-axis feature ids reported by the OBB–OBB queries (one byte per pair).
/// 0..2: face normal i of A; 3..5: face normal j of B; 6..14: edge A_i × edge B_j as
/// 6 + 3·i + j, where edge i of a box runs along its axis i.
enum {
	SW_AXIS_FACE_A0 = 0,
	SW_AXIS_FACE_B0 = 3,
	SW_AXIS_EDGE0 = 6,
	SW_AXIS_COUNT = 15,
	SW_AXIS_NONE = 255,
};

/// Kind of a feature id.
typedef enum sw_axis_kind {
	SW_AXIS_KIND_NONE = 0,
	SW_AXIS_KIND_FACE_A = 1,
	SW_AXIS_KIND_FACE_B = 2,
	SW_AXIS_KIND_EDGE_EDGE = 3,
} sw_axis_kind;

/// Decoded feature id: kind plus the axis index of A and/or B it involves (−1 when not involved).
typedef struct sw_axis_info {
	sw_axis_kind kind;
	int edge_a;
	int edge_b;
} sw_axis_info;

/// Decodes a feature id written by an OBB–OBB query.
static inline sw_axis_info sw_axis_decode(uint8_t id)
{
	sw_axis_info r = {SW_AXIS_KIND_NONE, -1, -1};
	if (id < 3) {
		r.kind = SW_AXIS_KIND_FACE_A;
		r.edge_a = id;
	} else if (id < 6) {
		r.kind = SW_AXIS_KIND_FACE_B;
		r.edge_b = id - 3;
	} else if (id < 15) {
		r.kind = SW_AXIS_KIND_EDGE_EDGE;
		r.edge_a = (id - 6) / 3;
		r.edge_b = (id - 6) % 3;
	}
	return r;
}

/// Separating-axis feature ids reported by the OBB–triangle queries (A is the box, B the
/// triangle). 0..2: face normal i of the box; 3: the triangle's normal; 4..12: box edge i ×
/// triangle edge j as 4 + 3·i + j, where triangle edge 0 runs a→b, 1 b→c, 2 c→a.
enum {
	SW_TRI3_AXIS_FACE_BOX0 = 0,
	SW_TRI3_AXIS_FACE_TRI = 3,
	SW_TRI3_AXIS_EDGE0 = 4,
	SW_TRI3_AXIS_COUNT = 13,
};

/// Decodes a feature id written by an OBB–triangle query: SW_AXIS_KIND_FACE_A with edge_a = i for
/// a box face, SW_AXIS_KIND_FACE_B for the triangle's face (edge_a = edge_b = −1: it has only one),
/// SW_AXIS_KIND_EDGE_EDGE with box edge edge_a and triangle edge edge_b.
static inline sw_axis_info sw_tri3_axis_decode(uint8_t id)
{
	sw_axis_info r = {SW_AXIS_KIND_NONE, -1, -1};
	if (id < 3) {
		r.kind = SW_AXIS_KIND_FACE_A;
		r.edge_a = id;
	} else if (id == 3) {
		r.kind = SW_AXIS_KIND_FACE_B;
	} else if (id < 13) {
		r.kind = SW_AXIS_KIND_EDGE_EDGE;
		r.edge_a = (id - 4) / 3;
		r.edge_b = (id - 4) % 3;
	}
	return r;
}

/// Short name of a status ("hit", "miss", "starts_overlapped", "invalid", "iter_limit").
SW_API const char *sw_status_name(sw_status s);

/// Allocates `size` bytes aligned to `alignment` (a power of two, at most 4096); returns NULL on
/// failure. `user` is the pointer given to sw_set_allocator().
typedef void *sw_alloc_fn(size_t size, size_t alignment, void *user);
/// Frees a block sw_alloc_fn returned, with the size it was asked for (ptr is never NULL).
typedef void sw_free_fn(void *ptr, size_t size, void *user);

/// Routes every allocation swept makes (sets, builder scratch, per-call scratch) through `alloc` and
/// `free_fn`; NULL for both restores the C library's aligned_alloc and free. Set it before any
/// other call: memory is always returned to the allocator that gave it, so the hooks must stay
/// valid while swept holds blocks from them. Not thread-safe with respect to running calls.
SW_API void sw_set_allocator(sw_alloc_fn *alloc, sw_free_fn *free_fn, void *user);

#ifdef __cplusplus
}
#endif
#endif
