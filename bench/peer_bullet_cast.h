// bench/peer_bullet_cast.h — the loop every Bullet cast adapter runs (peer_bullet.cc,
// peer_bullet_hull.cc, peer_bullet_sphere.cc): one btConvexCast per pair, a hit counted only within
// the step, the hit flags and times written where asked. C++ only, for the peers' sides.
#ifndef SWEPT_PEER_BULLET_CAST_H
#define SWEPT_PEER_BULLET_CAST_H

#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btConvexCast.h>

#include <cstddef>
#include <cstdint>

// Runs cast(k, res) (true: Bullet reports an impact, its fraction in res) for pairs [0, n); a fraction
// past the end of the step (or before its start) is no hit of this step. hit and toi may be NULL; a
// miss's time is 1. Returns the number of hits.
template <class Cast> size_t swp_bullet_cast_loop(size_t n, uint8_t *hit, float *toi, Cast cast)
{
	size_t hits = 0;
	for (size_t k = 0; k < n; k++) {
		btConvexCast::CastResult res;
		bool h = cast(k, res) && res.m_fraction >= 0.f && res.m_fraction <= 1.f;
		hits += h;
		if (hit)
			hit[k] = h;
		if (toi)
			toi[k] = h ? (float)res.m_fraction : 1.f;
	}
	return hits;
}

#endif
