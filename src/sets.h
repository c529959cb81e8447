/* src/sets.h — the sets' storage, as the kernels and the reference rows read it. Every table of a set
 * (a set's items, or its shapes) is one aligned allocation holding one column per scalar, through the
 * allocator hook. The layout rules the kernels rely on:
 *   - every column starts 64-byte aligned, and consecutive columns start one cache line apart modulo
 *     4 KB (a column of 1024 floats would otherwise start at the same low address bits as the next,
 *     and filling or gathering them together would alias in L1);
 *   - capacity is a multiple of SW_SET_PAD (≥ SW_SET_PAD), and slots [count, capacity) hold a valid
 *     item (the table's padding item), so a kernel may read whole lanes past the count;
 *   - the sets are opaque to callers: counts, shape ids and flags are written only by the library. */
#ifndef SWEPT_SETS_H
#define SWEPT_SETS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "contract.h"
#include "swept/circle.h"
#include "swept/gjk.h"
#include "swept/hull3.h"
#include "swept/obb3.h"
#include "swept/poly2.h"
#include "swept/tri3.h"

/// Capacity granule of every table: a kernel may read SW_SET_PAD lanes from any slot below capacity.
#define SW_SET_PAD 16
/// Most columns a table has.
#define SW_TABLE_MAX_COLS 16

/// The columns of a table: bytes per item of each column, and the item written into padding slots
/// (the columns' values concatenated, column 0 first).
typedef struct sw_table_spec {
	int ncols;
	uint16_t bytes[SW_TABLE_MAX_COLS];
	const void *pad;
} sw_table_spec;

/// A table: count, capacity and the block holding its columns (col[k] points into it).
typedef struct sw_table {
	size_t count, capacity;
	void *mem;
	size_t bytes;
} sw_table;

/// Grows the table to hold `capacity` items (rounded up to SW_SET_PAD) in one new block, copying the
/// items and padding the new slots; SW_ERR_SIZE past SW_MAX_BATCH, SW_ERR_NOMEM (table unchanged).
sw_error sw_table_reserve(sw_table *t, void **col, const sw_table_spec *spec, size_t capacity);
/// Room for one more item (doubling the capacity when full); its index goes to *index.
sw_error sw_table_append(sw_table *t, void **col, const sw_table_spec *spec, uint32_t *index);
/// Writes item i (its columns' values concatenated) or, with `read`, reads it.
void sw_table_item(void *const *col, const sw_table_spec *spec, size_t i, void *item, int read);
/// Count 0, every slot padding again.
void sw_table_clear(sw_table *t, void *const *col, const sw_table_spec *spec);
/// Frees the block; the table is empty.
void sw_table_free(sw_table *t, void **col);

/* ---- the set API on a table (every set's functions are these, plus packing its item) ---- */

/// Writes item `index` (< count): SW_ERR_ARG past the count.
sw_error sw_table_put(sw_table *t, void *const *col, const sw_table_spec *spec, uint32_t index, const void *item);
/// Appends an item; its index goes to *index (may be NULL).
sw_error sw_table_add(sw_table *t, void **col, const sw_table_spec *spec, const void *item, uint32_t *index);
/// Reads item `index` (< count): SW_ERR_ARG past the count, and nothing written.
sw_error sw_table_get(const sw_table *t, void *const *col, const sw_table_spec *spec, uint32_t index, void *item);
/// Writes the placements of items [first, first + n): `npose` float columns from col[pose_col] (each
/// placement `npose` floats, as sw_pose3 or sw_pose2 hold them; npose 0: none) and `ndisp` from
/// col[disp_col] (displacements of `ndisp` floats; disps NULL: zero). SW_ERR_ARG past the count.
sw_error sw_table_place(const sw_table *t, void *const *col, int pose_col, int npose, int disp_col, int ndisp,
			uint32_t first, size_t n, const void *poses, const void *disps);
/// Columns col[0, k) from slot i on ← n items of k floats each at src (src NULL: zeros).
void sw_table_scatter(void *const *col, int k, size_t i, const float *src, size_t n);
/// Writes placements of items [first, first + n) from positions and 3×3 rotation matrices (converted to
/// the quaternion columns col[pose_col + 3, + 7), src/place.h) and displacements (NULL: zero).
/// SW_ERR_NULL, or SW_ERR_ARG past the count or for an unknown layout.
sw_error sw_table_place_m(const sw_table *t, void *const *col, int pose_col, int disp_col, uint32_t first, size_t n,
			  const sw_vec3 *positions, const float *matrices, sw_mat3_layout layout, const sw_vec3 *disps);
/// A set object: `size` bytes through the allocator hook, zeroed, its table at byte `table_at` and
/// column pointers at `col_at` reserved for `capacity` items. *out is NULL on failure.
sw_error sw_set_new(void **out, size_t size, size_t table_at, size_t col_at, const sw_table_spec *spec,
		    size_t capacity);
/// Whether n floats are not all +0 (bit pattern zero): a displacement that is not "at rest".
static inline int sw_floats_moving(const float *v, size_t n)
{
	uint32_t any = 0;
	for (size_t k = 0; k < n; k++) {
		uint32_t u;
		memcpy(&u, &v[k], sizeof u);
		any |= u;
	}
	return any != 0;
}
/// Frees a set object made by sw_set_new() and its table (not its other storage).
void sw_set_delete(void *set, size_t size, size_t table_at, size_t col_at);
/// Room for `need` more elements of `size` bytes in an array of *cap elements, `used` in use, from the
/// allocator hook aligned to `align` (doubling; SW_ERR_NOMEM leaves it unchanged).
sw_error sw_grow(void **array, size_t *cap, size_t used, size_t need, size_t size, size_t align);

/* ---- the sets ---- */

struct sw_obb3_set {
	sw_table t;
	union {
		struct {
			float *px, *py, *pz;      /* centre */
			float *qx, *qy, *qz, *qw; /* orientation */
			float *hx, *hy, *hz;      /* half extents */
			float *dx, *dy, *dz;      /* displacement over the step */
		};
		void *col[13];
	};
};

/// A triangle's vertices as one record (a kernel loads it as three 16-byte rows): v = a, b, c; ok 1
/// when the vertices meet the input contract (sw_tri3_valid_ref with a +0 displacement), else 0.
typedef struct sw_tri3_rec {
	float v[9]; ///< a.x, a.y, a.z, b.x, …, c.z
	float ok;   ///< 1: the vertices are valid; 0: not
	float pad[2];
} sw_tri3_rec;

struct sw_tri3_set {
	sw_table t;
	union {
		struct {
			float *ax, *ay, *az, *bx, *by, *bz, *cx, *cy, *cz; /* vertices */
			float *dx, *dy, *dz;                               /* displacement */
			sw_tri3_rec *rec; /* the vertices again, one record per triangle (src/tri3_set.c) */
		};
		void *col[13];
	};
	/* 0: every displacement is +0 (all bits zero), so a kernel may take them as such without reading
	 * them (v − (+0) is v, bit for bit); set by any other value written, cleared by clear() */
	uint32_t moving;
};

/// A polygon shape's vertex row: SW_POLY2_MAX_VERTS slots, those past its count repeating vertex 0
/// (which leaves every support and projection unchanged).
struct sw_poly2_set {
	sw_table inst;
	union {
		struct {
			uint32_t *shape;          /* shape id of each instance */
			float *px, *py, *qc, *qs; /* placement */
			float *dx, *dy;           /* displacement */
		};
		void *icol[7];
	};
	sw_table shapes;
	union {
		struct {
			float *vx, *vy; /* vertex rows, SW_POLY2_MAX_VERTS floats per shape */
			/* the vertex row again, coordinates interleaved by eights: x of vertices 0..7, their y, x of
			 * 8..15, their y (2·SW_POLY2_MAX_VERTS floats per shape; one 16-float load holds both
			 * coordinates of 8 vertices) */
			float *xy;
			float *ext;  /* largest |coordinate| of the vertices (ref/poly2_axes.c's extent of a side) */
			uint8_t *n;  /* vertex count */
			uint8_t *ok; /* 1: passed sw_poly2_check() when added */
		};
		void *scol[6];
	};
};

/// Whether pair p of the polygon distance row goes to GJK with no separating-axis pass: both polygons
/// usable (instance and shape in range, at most SW_POLY2_MAX_VERTS vertices, checked when added) and more
/// than SW_POLY2_DIST_FEAT_MAX vertex pairs (contract.h; such counts are at least 5 each). The row's
/// ordering stage puts these pairs last and its kernels hand them to the GJK lanes; an unusable pair
/// stays with the pass, which flags it.
static inline int sw_poly2_dist_large(const sw_poly2_set *sa, const sw_poly2_set *sb, sw_pair p)
{
	if (p.a >= sa->inst.count || p.b >= sb->inst.count)
		return 0;
	const uint32_t ha = sa->shape[p.a], hb = sb->shape[p.b];
	if (ha >= sa->shapes.count || hb >= sb->shapes.count)
		return 0;
	const uint32_t na = sa->n[ha], nb = sb->n[hb];
	return na <= SW_POLY2_MAX_VERTS && nb <= SW_POLY2_MAX_VERTS && !sw_poly2_dist_by_features(na, nb) &&
	       sa->ok[ha] && sb->ok[hb];
}

/// A packed hull shape (src/hull3_view.h): counts, where its rows sit in the pools, its sphere.
typedef struct sw_hull3_shape {
	uint32_t nv, nf, ne;
	uint32_t ok; /* 1: passed sw_hull3_check() when added */
	size_t fl_off, ix_off;
	float centroid[3];
	float radius;
	float ext; /* largest |coordinate| of the packed vertices (the GJK kernels' extent, contract.h) */
} sw_hull3_shape;

struct sw_hull3_set {
	sw_table inst;
	union {
		struct {
			uint32_t *shape;
			float *px, *py, *pz;
			float *qx, *qy, *qz, *qw;
			float *dx, *dy, *dz;
		};
		void *icol[11];
	};
	size_t num_shapes, shape_capacity;
	sw_hull3_shape *shapes;
	float *pool; /* packed shape floats, 64-byte aligned */
	size_t pool_used, pool_capacity;
	int32_t *ipool; /* packed shape indices */
	size_t ipool_used, ipool_capacity;
};

/* the swept circles' movers and segments (swept/circle.h) */
struct sw_circle2_set {
	sw_table t;
	union {
		struct {
			float *cx, *cy; /* centre */
			float *r;       /* radius */
			float *dx, *dy; /* displacement */
		};
		void *col[5];
	};
};

struct sw_circle3_set {
	sw_table t;
	union {
		struct {
			float *cx, *cy, *cz;
			float *r;
			float *dx, *dy, *dz;
		};
		void *col[7];
	};
};

struct sw_seg2_set {
	sw_table t;
	union {
		struct {
			sw_seg2 *seg;   /* endpoints, one 16-byte record per segment (a kernel loads it whole) */
			float *dx, *dy; /* displacement */
		};
		void *col[3];
	};
	uint32_t moving; /* as sw_tri3_set's */
};

/// Floats a vertex row of n vertices takes in a pool (rounded up to 16; the slots past n repeat
/// vertex 0, which changes no support).
static inline uint32_t sw_row_pad(uint32_t n) { return (n + 15u) & ~15u; }

/// GJK shapes (swept/gjk.h) and placed instances. A shape's row in the shape table: where its vertex
/// rows start in the pool, its vertex count, type and flag, radius, extent (largest |coordinate|,
/// contract.h) and a box's half extents. A vertex core's rows are `dim` rows of sw_row_pad(n) floats
/// (x, then y, then z) from `off`. Flagged shapes (and the table's padding) are stored as boxes, so a
/// kernel reading slot 0 for an out-of-range id never reads the pool of a shape that has none.
struct sw_shape3_set {
	sw_table inst;
	union {
		struct {
			uint32_t *shape;
			float *px, *py, *pz;
			float *qx, *qy, *qz, *qw;
			float *dx, *dy, *dz;
		};
		void *icol[11];
	};
	sw_table shapes;
	union {
		struct {
			uint32_t *off, *n, *type, *ok;
			float *radius, *ext;
			float *hx, *hy, *hz;
		};
		void *scol[9];
	};
	float *pool;
	size_t pool_used, pool_capacity;
};

/// 2D GJK shapes and placed instances; as sw_shape3_set, with two vertex rows (x, y).
struct sw_shape2_set {
	sw_table inst;
	union {
		struct {
			uint32_t *shape;
			float *px, *py, *qc, *qs;
			float *dx, *dy;
		};
		void *icol[7];
	};
	sw_table shapes;
	union {
		struct {
			uint32_t *off, *n, *type, *ok;
			float *radius, *ext;
			float *hx, *hy;
		};
		void *scol[8];
	};
	float *pool;
	size_t pool_used, pool_capacity;
};

/// Rays: origin and delta columns.
struct sw_ray3_set {
	sw_table t;
	union {
		struct {
			float *ox, *oy, *oz, *dx, *dy, *dz;
		};
		void *col[6];
	};
};

struct sw_ray2_set {
	sw_table t;
	union {
		struct {
			float *ox, *oy, *dx, *dy;
		};
		void *col[4];
	};
};

#endif
