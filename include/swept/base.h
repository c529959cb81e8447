/* swept/base.h — version, export macro, the per-pair status and the call error of every function, the
 * pair type, the input limits and the allocator hook. */
#ifndef SWEPT_BASE_H
#define SWEPT_BASE_H

#include <stddef.h>
#include <stdint.h>

#define SW_VERSION_MAJOR 0
#define SW_VERSION_MINOR 2
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

/// Per-pair answer of a query (one byte per pair in batched results). doc/numerics.md gives every
/// field of every answer for each status.
typedef enum sw_status {
	/// The shapes do not touch anywhere in t ∈ [0,1] (static queries: they do not overlap).
	SW_MISS = 0,
	/// The shapes first touch at t_first ∈ (0,1] (static queries: they overlap or touch).
	SW_HIT = 1,
	/// The shapes already overlap or touch at t = 0: t_first is 0.
	SW_STARTS_OVERLAPPED = 2,
	/// The pair's input breaks the input contract (NaN/Inf, out-of-range value, bad extent or
	/// orientation, flagged shape, index out of range). Nothing else about this pair is meaningful.
	SW_PAIR_INVALID = 3,
	/// An iterative query (GJK) reached its iteration cap: the answer's fields are its last estimate.
	SW_ITER_LIMIT = 4,
} sw_status;

/// Result of a whole call. Per-pair problems never produce an error: they produce SW_PAIR_INVALID.
/// Shape builders and checkers answer with the rule the input breaks.
typedef enum sw_error {
	SW_OK = 0,
	/// A required pointer is NULL.
	SW_ERR_NULL = -1,
	/// A size is out of range (more than SW_MAX_BATCH pairs or items).
	SW_ERR_SIZE = -2,
	/// Memory allocation failed.
	SW_ERR_NOMEM = -3,
	/// An argument is malformed (an index past a set's count, a value out of its documented range).
	SW_ERR_ARG = -4,
	/// A pointer is not aligned as its type requires (packed lane blocks: 64 bytes).
	SW_ERR_ALIGN = -5,
	/// Not available here (a SIMD tier of another architecture).
	SW_ERR_UNSUPPORTED = -6,

	/// Shape input: no points or vertices.
	SW_ERR_EMPTY = -20,
	/// Shape input: NaN, Inf or |x| > SW_MAX_COORD, or more points than the builder accepts.
	SW_ERR_INPUT = -21,
	/// Shape input: fewer distinct points than the shape needs.
	SW_ERR_TOO_FEW = -22,
	/// Shape input: all points on one line.
	SW_ERR_COLLINEAR = -23,
	/// Shape input: all points on one plane where a solid is required.
	SW_ERR_FLAT = -24,
	/// Shape input: the result would have more vertices than the shape type holds.
	SW_ERR_TOO_MANY = -25,
	/// Shape input: the builder could not produce a shape passing its own checks (report the input).
	SW_ERR_NUMERIC = -26,

	/// Shape check: a vertex count outside the type's range.
	SW_ERR_BAD_COUNT = -30,
	/// Shape check: two consecutive vertices coincide.
	SW_ERR_DUPLICATE = -31,
	/// Shape check: the vertices turn clockwise (counter-clockwise required).
	SW_ERR_CLOCKWISE = -32,
	/// Shape check: a reflex corner, a vertex outside an edge's or face's half-space, three collinear
	/// vertices, or a face loop winding more than once.
	SW_ERR_NOT_CONVEX = -33,
	/// Faces: a face with fewer than 3 vertices, an index out of range, a vertex repeated in a face,
	/// or more faces or indices than the capacities allow.
	SW_ERR_FACES_INDEX = -40,
	/// Faces: a face of (near) zero area, two vertices at one position, a vertex on too few faces.
	SW_ERR_FACES_DEGENERATE = -41,
	/// Faces: an edge used by only one face (the surface has a hole).
	SW_ERR_FACES_OPEN = -42,
	/// Faces: an edge used by more than two faces.
	SW_ERR_FACES_NONMANIFOLD = -43,
	/// Faces: an edge traversed twice in the same direction (inconsistent winding).
	SW_ERR_FACES_WINDING = -44,
	/// Faces: V − E + F ≠ 2 (an unused vertex, several components, or a handle).
	SW_ERR_FACES_EULER = -45,
	/// Faces: wound clockwise from outside (normals point inwards).
	SW_ERR_FACES_INWARD = -46,
	/// Faces: a face whose vertices are not on one plane within the tolerance.
	SW_ERR_FACES_NONPLANAR = -47,
	/// Faces: two adjacent faces coplanar within the tolerance (give them as one face).
	SW_ERR_FACES_COPLANAR = -48,
} sw_error;

/// Short name of a status ("hit", "miss", "starts_overlapped", "invalid").
SW_API const char *sw_status_name(sw_status s);
/// Short name of an error ("ok", "null", "nomem", "faces_open", …); "?" for an unknown value.
SW_API const char *sw_error_name(sw_error e);

/// A candidate pair of a batched call: index a in the first set and b in the second.
typedef struct sw_pair {
	uint32_t a, b;
} sw_pair;

/// Largest number of pairs one batched call accepts, and of items one set holds.
#define SW_MAX_BATCH ((size_t)1 << 31)

/// Largest magnitude accepted for any coordinate, displacement or extent. Larger values, NaN and
/// Inf make the pair SW_PAIR_INVALID. The bound keeps every intermediate product finite.
#define SW_MAX_COORD 1.0e15f

/// Orientation quaternions must be unit to this tolerance: |q·q − 1| ≤ SW_QUAT_TOL. swept does not
/// normalise them: the rotation used is sw_mat3_from_quat(q), orthonormal to about this tolerance.
#define SW_QUAT_TOL 1.0e-3f

/// The feature id of an answer that has none (a miss, an invalid pair).
#define SW_FEATURE_NONE 0xFFFFFFFFu

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
