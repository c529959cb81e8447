/* src/ref/hull3_ref.h — internals of the hull queries shared by the reference (ref/hull3_sat.c), its
 * table rows and the tests: the sweep on hulls already known to pass sw_hull3_check(), with the
 * Gauss-map pruning of edge pairs switchable so that a test can compare it with the full set. */
#ifndef SWEPT_HULL3_REF_H
#define SWEPT_HULL3_REF_H

#include "hull3_view.h"
#include "swept/hull3.h"

/* which edge pairs the sweep tests */
typedef enum sw_hull_edges_mode {
	/* pairs whose Gauss-map arcs cross (faces of the Minkowski difference), gap from the two edges
	 * or, for nearly parallel edges, from full supports: what the library does */
	SW_HULL_EDGES_PRUNED = 0,
	/* every pair with a nonzero (normal) cross product, both orientations, gap from full
	 * projections of both hulls: the plain SAT, for tests only */
	SW_HULL_EDGES_ALL = 1,
} sw_hull_edges_mode;

/* the moving SAT (sweep not NULL) or the static overlap (overlap not NULL) of two hulls that pass
 * sw_hull3_check() (not checked here; the poses and displacements are) */
void sw_hull3_pair_checked_(const sw_hull3 *a, sw_pose3 pa, sw_vec3 da, const sw_hull3 *b, sw_pose3 pb, sw_vec3 db,
			    sw_hull_edges_mode mode, sw_sweep_result *sweep, sw_overlap_result *overlap);

/* the state over every direction of a prepared pair (the reference's loops, pruned edge pairs); `tri`
 * is B's side when B is a triangle, else NULL */
void sw_hull3_gaps_ref(const sw_hull_pair *pr, const sw_hull_bside *tri, int sweep, sw_hull_red *r);

/* sw_hull3_ray on a packed hull's face rows (f: the face block of sw_hull_view, nf faces, row stride fs)
 * of a hull already checked: the pose, origin and delta are checked here (ref/hull3_ray.c) */
sw_status sw_hull3_ray_pair_ref(const float *f, uint32_t nf, uint32_t fs, sw_pose3 x, sw_vec3 origin, sw_vec3 delta,
				sw_cast_result *out);

#endif
