/* src/ref/gjk_ref.h — the GJK reference's functions (src/ref/gjk3.c, gjk2.c) as the library's other
 * files and the tests use them: each public single-pair query with the number of support evaluations
 * it used (0 for an invalid pair), which the oracle suite reports. */
#ifndef SWEPT_GJK_REF_H
#define SWEPT_GJK_REF_H

#include "swept/gjk.h"

sw_error sw_gjk3_overlap_pair_ref(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb,
				  const sw_gjk_opts *opts, sw_overlap_result *out, uint32_t *iters);
sw_error sw_gjk3_distance_pair_ref(const sw_shape3 *a, sw_pose3 pa, const sw_shape3 *b, sw_pose3 pb,
				   const sw_gjk_opts *opts, sw_distance_result *out, uint32_t *iters);
sw_error sw_gjk3_ray_pair_ref(const sw_shape3 *s, sw_pose3 ps, sw_vec3 origin, sw_vec3 delta, const sw_gjk_opts *opts,
			      sw_cast_result *out, uint32_t *iters);
sw_error sw_gjk3_cast_pair_ref(const sw_shape3 *a, sw_pose3 pa, sw_vec3 da, const sw_shape3 *b, sw_pose3 pb, sw_vec3 db,
			       const sw_gjk_opts *opts, sw_cast_result *out, uint32_t *iters);

sw_error sw_gjk2_overlap_pair_ref(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb,
				  const sw_gjk_opts *opts, sw_overlap_result *out, uint32_t *iters);
sw_error sw_gjk2_distance_pair_ref(const sw_shape2 *a, sw_pose2 pa, const sw_shape2 *b, sw_pose2 pb,
				   const sw_gjk_opts *opts, sw_distance_result *out, uint32_t *iters);
sw_error sw_gjk2_ray_pair_ref(const sw_shape2 *s, sw_pose2 ps, sw_vec2 origin, sw_vec2 delta, const sw_gjk_opts *opts,
			      sw_cast_result *out, uint32_t *iters);
sw_error sw_gjk2_cast_pair_ref(const sw_shape2 *a, sw_pose2 pa, sw_vec2 da, const sw_shape2 *b, sw_pose2 pb, sw_vec2 db,
			       const sw_gjk_opts *opts, sw_cast_result *out, uint32_t *iters);

/* the gjk2_poly2_overlap row's reference (src/ref/poly2_axes.c): sw_gjk2_overlap's answer for two polygons
 * already checked (a set's ok flag; the poses are checked here) by separating axes, by GJK near contact */
sw_status sw_gjk2_poly2_overlap_pair_ref(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb,
					 const sw_gjk_opts *opts, sw_overlap_result *out, uint32_t *iters);
/* the gjk2_poly2_cast row's reference (src/ref/poly2_cast.c): sw_gjk2_cast's answer for two polygons
 * already checked by the moving separating axes, by GJK near contact, at t = 0 and when opts->target > 0 */
sw_status sw_gjk2_poly2_cast_pair_ref(const sw_poly2 *a, sw_pose2 xa, sw_vec2 da, const sw_poly2 *b, sw_pose2 xb,
				      sw_vec2 db, const sw_gjk_opts *opts, sw_cast_result *out, uint32_t *iters);
/* pair k of a gjk2_poly2_overlap job answered by it into `out` (z column NULL), as the reference row does
 * (src/gjk_batch.c); the lane kernel sends the pairs near contact here */
struct sw_job;
void sw_gjk2_poly2_overlap_one(const struct sw_job *j, size_t k, const sw_overlap_results *out);

/* the gjk2_poly2_distance row's reference (src/ref/poly2_axes.c): sw_gjk2_distance's answer for two
 * polygons already checked, by the separating axes' decision, then the least point–segment distance over
 * both sides' (vertex, edge) pairs when apart, by GJK otherwise */
sw_status sw_gjk2_poly2_distance_pair_ref(const sw_poly2 *a, sw_pose2 xa, const sw_poly2 *b, sw_pose2 xb,
					  const sw_gjk_opts *opts, sw_distance_result *out, uint32_t *iters);

#endif
