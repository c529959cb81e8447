/* bench/peer_box2d_toi.h — one Box2D b2TimeOfImpact call as the peers' outcome codes (peer_box2d.h),
 * shared by the polygon and the circle peers. C++ only. */
#ifndef SWP_PEER_BOX2D_TOI_H
#define SWP_PEER_BOX2D_TOI_H

#include <box2d/b2_time_of_impact.h>

#include "peer_box2d.h"

/* answers `in`: writes outcome[k] (SWP_B2_*) and t[k] (1 when there is no contact), either may be
 * NULL; returns whether it touches or overlaps */
static inline int swp_b2_toi(const b2TOIInput *in, size_t k, uint8_t *outcome, float *t)
{
	b2TOIOutput out;
	b2TimeOfImpact(&out, in);
	uint8_t o = SWP_B2_MISS;
	switch (out.state) {
	case b2TOIOutput::e_touching: o = SWP_B2_HIT; break;
	case b2TOIOutput::e_overlapped: o = SWP_B2_OVERLAPPED; break;
	case b2TOIOutput::e_failed: o = SWP_B2_FAILED; break;
	default: break;
	}
	int h = o == SWP_B2_HIT || o == SWP_B2_OVERLAPPED;
	if (outcome)
		outcome[k] = o;
	if (t)
		t[k] = h ? out.t : 1.0f;
	return h;
}

#endif
