/* src/kernels/gjk_tmpl.c — the 2D GJK queries' tier kernels. Until the 2D lane kernels land, every tier
 * runs the reference rows (src/gjk_batch.c). */
#include "job.h"
#include "kernels/wide.h"

#define GJK_ROW(name)                                                      \
	static void name##_kernel(const sw_job *j) { sw_##name##_ref(j); } \
	SW_EXPORT(name)
GJK_ROW(gjk2_overlap)
GJK_ROW(gjk2_distance)
GJK_ROW(gjk2_cast)
GJK_ROW(gjk2_ray)
GJK_ROW(gjk2_poly2_overlap)
GJK_ROW(gjk2_poly2_distance)
GJK_ROW(gjk2_poly2_cast)
GJK_ROW(gjk2_ray_poly2)
