/* src/ref/hull3_ref.h — internals of the hull queries shared by the reference (ref/hull3_sat.c), its
 * table rows and the tests: the sweep on hulls already known to pass sw_hull3_check(), with the
 * Gauss-map pruning of edge pairs switchable so that a test can compare it with the full set. */
#ifndef SWEPT_HULL3_REF_H
#define SWEPT_HULL3_REF_H

#include "swept/hull_query.h"

/* which edge pairs the sweep tests */
typedef enum sw_hull_edges_mode {
	/* pairs whose Gauss-map arcs cross (faces of the Minkowski difference), gap from the two edges
	 * or, for nearly parallel edges, from full supports: what the library does */
	SW_HULL_EDGES_PRUNED = 0,
	/* every pair with a nonzero (normal) cross product, both orientations, gap from full
	 * projections of both hulls: the plain SAT, for tests only */
	SW_HULL_EDGES_ALL = 1,
} sw_hull_edges_mode;

/* the moving SAT for two hulls that pass sw_hull3_check() (not checked here; the poses and
 * displacements are); INVALID on a bad pose or displacement */
sw_status sw_hull3_sweep_checked_(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, sw_vec3 da, const sw_hull3 *b, sw_vec3 pb,
				  sw_quat qb, sw_vec3 db, sw_hull_edges_mode mode, sw_hull_sweep_output *out);

/* the static overlap on checked hulls, as above */
sw_status sw_hull3_overlap_checked_(const sw_hull3 *a, sw_vec3 pa, sw_quat qa, const sw_hull3 *b, sw_vec3 pb,
				    sw_quat qb, sw_hull_edges_mode mode, sw_hull_overlap_output *out);

/* writes the INVALID answers */
void sw_hull_sweep_output_invalid(sw_hull_sweep_output *out);
void sw_hull_overlap_output_invalid(sw_hull_overlap_output *out);

#endif
