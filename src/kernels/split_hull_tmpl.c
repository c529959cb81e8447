/* src/kernels/split_hull_tmpl.c — the hull splits on every tier: the reference row. A hull's split is
 * face loops of different lengths clipped one after the other, a cap chained from the open boundary
 * and sw_hull3_from_faces' checks: branchy scalar work per hull, where lanes would idle. Its only
 * lane-friendly part, the vertices' signed distances, is a few percent of the call. */
#include "job.h"
#include "kernels/wide.h"

static void hull3_split_kernel(const sw_job *j) { sw_hull3_split_ref(j); }
static void hull3_split_mass_kernel(const sw_job *j) { sw_hull3_split_mass_ref(j); }

SW_EXPORT(hull3_split)
SW_EXPORT(hull3_split_mass)
