/* src/split_job.h — the items of a batched split call as the pipeline hands them to the reference rows
 * (src/split_rows.c) and the kernels (src/kernels/split_*_tmpl.c): the caller's soup or hulls, the
 * planes (one for every item or one each), and the hull answer's columns. Neutral ground: public
 * headers only.
 *
 * A split row's items are [0, n) of the call, each answered by itself (no pair list); the options are
 * sw_split_opts (eps, checked by the entry point). Pieces answers follow src/job.h's
 * "variable-length answers": a polygon side's element is a vertex (D floats, attribute k floats), a
 * triangle side's a triangle (9 floats, 3·k attribute floats). */
#ifndef SWEPT_SPLIT_JOB_H
#define SWEPT_SPLIT_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "swept/split.h"

/// The items of a split call.
typedef struct sw_split_src {
	const float *verts;    ///< polygons: D floats per vertex; triangles: 9 floats per item
	const uint32_t *first; ///< polygons: n + 1 vertex offsets (caller's: may decrease, then invalid)
	const sw_hull3 *hulls; ///< hulls: n of them
	const float *attrs;    ///< k floats per input vertex (triangles: 3·k per item), or NULL
	uint32_t k;            ///< attribute floats per vertex, 0..SW_SPLIT_MAX_ATTRS
	const float *planes;   ///< 2·D floats per plane: point then normal
	size_t nplanes;        ///< 1 (every item by planes[0]) or n (item i by planes[i])
	/// Polygons: the end of the furthest polygon of at most SW_SPLIT_MAX_VERTS vertices (the vertices
	/// below it lie in the caller's array, so a kernel may read any of them); triangles: the count.
	size_t vend;
} sw_split_src;

/// The answers of a batched hull split: status and class columns, and the pieces (n hulls each side,
/// or NULL: not built).
typedef struct sw_split_hull_results {
	uint8_t *status;
	uint8_t *cls;
	sw_hull3 *front, *back;
} sw_split_hull_results;

/// The vertex count of polygon i as the kernels and the reference rows read it: first[i + 1] −
/// first[i], or 0 when the offsets decrease (an invalid item).
static inline uint32_t sw_split_count(const sw_split_src *s, size_t i)
{
	uint32_t lo = s->first[i], hi = s->first[i + 1];
	return hi >= lo ? hi - lo : 0;
}

/// The end of the furthest polygon of at most SW_SPLIT_MAX_VERTS vertices among items [0, n): the
/// `vend` of a polygon source.
static inline size_t sw_split_vend(const sw_split_src *s, size_t n)
{
	size_t end = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t c = sw_split_count(s, i);
		end = c && c <= SW_SPLIT_MAX_VERTS && s->first[i + 1] > end ? s->first[i + 1] : end;
	}
	return end;
}

/// Floats of plane i (its point, then its normal; D floats each).
static inline const float *sw_split_plane_of(const sw_split_src *s, size_t i, int D)
{
	return s->planes + (s->nplanes == 1 ? 0 : i) * 2 * (size_t)D;
}

/// The mass answer's float columns in one order: front and back measure, front centroid x, y, z, back
/// centroid x, y, z (the z columns NULL in 2D); the order of sw_split_mass3's fields, which the
/// reference rows and the kernels both write by it.
static inline void sw_split_mass_cols(const sw_split_mass_results *o, int D, float *cols[8])
{
	cols[0] = o->front_measure, cols[1] = o->back_measure;
	cols[2] = o->front_cx, cols[3] = o->front_cy, cols[4] = D == 3 ? o->front_cz : NULL;
	cols[5] = o->back_cx, cols[6] = o->back_cy, cols[7] = D == 3 ? o->back_cz : NULL;
}

#endif
