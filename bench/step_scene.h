/* bench/step_scene.h — a scene of shapes moving every step, as a simulation drives swept: the caller's
 * integration, the placements written into swept's set, candidate pairs from a sort-and-sweep
 * broadphase on swept bounding boxes, and one batched moving query over them. The step benchmark
 * (bench_step.c) times each phase.
 *
 * Families: boxes (box–box sweeps), box_tri (boxes over a static triangle ground: box–triangle sweeps),
 * poly2 (2D polygons of 3 to 8 vertices from 32 shapes), hull3 (hulls of 8 to 32 points from 64
 * shapes). Shapes start uniform in a cube (a square in 2D) sized for about one or two candidate pairs
 * per shape, move by a constant displacement of up to 0.3 units per step (bouncing off the walls) and
 * turn by up to 0.05 rad per step; fixed seeds. */
#ifndef SWEPT_BENCH_STEP_SCENE_H
#define SWEPT_BENCH_STEP_SCENE_H

#include <stddef.h>

#include <swept/swept.h>

typedef enum st_family { ST_BOXES, ST_BOX_TRI, ST_POLY2, ST_HULL3, ST_FAMILIES } st_family;

/// Short names ("boxes", "box_tri", "poly2", "hull3").
extern const char *const st_family_names[ST_FAMILIES];

typedef struct st_scene {
	st_family fam;
	size_t n;    ///< moving shapes
	size_t ntri; ///< static triangles (box_tri)
	float wall;  ///< shapes stay within [−wall, wall] on every axis (z of box_tri: a band over the ground)
	/* the caller's state: placements at the start of the step, displacement over it, turn per step,
	 * bounding radius */
	sw_pose3 *pose3;
	sw_pose2 *pose2;
	sw_vec3 *disp3;
	sw_vec2 *disp2;
	sw_quat *spin;
	sw_rot2 *turn;
	float *radius;
	/* swept's sets */
	sw_obb3_set *boxes;
	sw_tri3_set *tris;
	sw_poly2_set *polys;
	sw_hull3_set *hulls;
	/* the broadphase: bounds of every moving shape then every triangle, the sweep order, the pairs */
	float *lo[3], *hi[3];
	float *sorted_lo[3], *sorted_hi[3]; /* the moving shapes' bounds in sweep order */
	float *tri_lo[3], *tri_hi[3];       /* the triangles' bounds in sweep order */
	uint32_t *order;
	int sorted;
	sw_pair *pairs;
	size_t npairs, cap;
	/* the answers */
	uint8_t *status;
	uint32_t *feature;
	float *t_first, *nx, *ny, *nz;
} st_scene;

/// Builds the scene of `fam` with n moving shapes; 0 when memory or a shape build fails.
int st_scene_make(st_family fam, size_t n, st_scene *s);
void st_scene_free(st_scene *s);

/// The caller's integration: every shape moves by its displacement (reflected at the walls) and turns.
void st_integrate(st_scene *s);
/// Writes every placement into the set: one sw_*_set_place call (single thread: about a nanosecond
/// per shape, less than waking a worker costs at these sizes).
sw_error st_update(st_scene *s);
/// The candidate pairs of this step: sort-and-sweep on x of the shapes' swept bounding boxes (insertion
/// sort of the last step's order), then the other axes; box_tri keeps only box–triangle pairs.
/// Returns the number of pairs (s->npairs), or 0 when the pair list cannot grow.
size_t st_broadphase(st_scene *s);
/// The family's moving query over the pairs (all columns but t_last); opts may be NULL.
sw_error st_query(const st_scene *s, const sw_batch_opts *opts);

#endif
