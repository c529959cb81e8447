/* src/kernels/gjk_tmpl.c — the GJK queries' tier kernels. Until the lane kernels land, every tier runs
 * the reference rows (src/gjk_batch.c). */
#include "job.h"
#include "kernels/wide.h"

#define GJK_ROW(t, name, a, b, opts, answer, order, pub) GJK_ROW_##opts(name)
#define GJK_ROW_NONE(name)
#define GJK_ROW_SWEEP(name)
#define GJK_ROW_GJK(name)                                                      \
	static void name##_kernel(const sw_job *j) { sw_##name##_ref(j); } \
	SW_EXPORT(name)
SW_QUERIES(GJK_ROW, _)
