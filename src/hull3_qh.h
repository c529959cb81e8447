/* src/hull3_qh.h — the quickhull core of the builder (src/hull3_qh.c) as the entry (src/hull3.c) drives
 * it, and of the merging that follows (src/hull3_merge.c): the state (src/hull3_qh_state.h), one
 * scratch block laid out from the number of points, and the steps in order (simplex, hull, merge,
 * loops, emit). */
#ifndef SWEPT_HULL3_QH_H
#define SWEPT_HULL3_QH_H

#include "hull3_int.h"
#include "hull3_qh_state.h"

/* carves q's arrays for n points out of base (when not NULL); returns the block's size in bytes */
size_t sw_qh_layout_(sw_qh *q, size_t n, unsigned char *base);

/* the first tetrahedron of q's n points (relative coordinates and eps set, vid all −1), its points'
 * outside sets; SW_HULL_COLLINEAR, or SW_HULL_FLAT with q->tri the cloud's widest triangle */
sw_hull_status sw_qh_simplex_(sw_qh *q);

/* quickhull steps until no point is outside; SW_HULL_TOO_MANY past SW_QH_MAX_VERTS vertices,
 * SW_HULL_NUMERIC when a horizon is not one cycle */
sw_hull_status sw_qh_hull_(sw_qh *q);

/* edge index i of face f with v[i] = a, v[i + 1] = b, or −1 */
static inline int sw_qh_edge_of_(const sw_qh_face *f, int a, int b)
{
	/* a triangle's three vertices are distinct, so at most one edge matches: its index from the bits */
	int m0 = (f->v[0] == a) & (f->v[1] == b), m1 = (f->v[1] == a) & (f->v[2] == b),
	    m2 = (f->v[2] == a) & (f->v[0] == b);
	return (m1 | m2 << 1) - ((m0 | m1 | m2) ^ 1);
}

/* merges neighbouring triangles within eps of coplanar into regions (the polygonal faces) */
void sw_qh_merge_(sw_qh *q);

/* the regions' boundary loops in L, vertices on fewer than three faces dropped (deg: per vertex id,
 * the faces it is on); SW_HULL_NUMERIC when a region is not one simple loop */
sw_hull_status sw_qh_loops_(sw_qh *q, sw_qh_loops *L, int *deg);

/* the hull of the loops: vertices in point order, loops started at their smallest index, faces
 * sorted; counts, loops and, unless there are two loops (judged by sw_hull3_finish_ as a flat hull's),
 * the edge records paired from them with sw_hull3_pair_edges_'s answer (sw_hull3_finish_paired_
 * derives the rest) */
sw_hull_status sw_qh_emit_(sw_qh *q, sw_qh_loops *L, const int *deg, const sw_vec3 *pts, sw_hull3 *out);

#endif
