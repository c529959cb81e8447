/* src/kernels/split_poly_tmpl.c — placeholder: the reference rows until the lane kernels land */
#include "job.h"
#include "kernels/wide.h"

static void poly2_split_kernel(const sw_job *j) { sw_poly2_split_ref(j); }
static void poly3_split_kernel(const sw_job *j) { sw_poly3_split_ref(j); }
static void tri3_split_kernel(const sw_job *j) { sw_tri3_split_ref(j); }
static void poly2_split_mass_kernel(const sw_job *j) { sw_poly2_split_mass_ref(j); }
static void poly3_split_mass_kernel(const sw_job *j) { sw_poly3_split_mass_ref(j); }

SW_EXPORT(poly2_split)
SW_EXPORT(poly3_split)
SW_EXPORT(tri3_split)
SW_EXPORT(poly2_split_mass)
SW_EXPORT(poly3_split_mass)
