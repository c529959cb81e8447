/* bench/gjk_lanes_probe2.c — the 2D GJK kernels (src/kernels/gjk2_tmpl.c) with the lane counters and the
 * refill threshold of gjk_lanes_probe.h, exported as sw_<row>_probe (built with the AVX-512 tier's
 * flags). */
#include "gjk_lanes_probe.h"
#include "kernels/wide.h"

#undef SW_SFX
#define SW_SFX probe
#include "kernels/gjk2_tmpl.c"
