// bench/peer_bullet_sphere.cc — the Bullet peer of bench/peer_bullet_sphere.h.
//
// Traps kept in mind here:
// - btTriangleShape adds a collision margin (default 0.04) around the triangle: setMargin(0) makes it
//   the bare triangle. btSphereShape is a point grown by its margin, which is its radius: its casts
//   see the exact sphere.
// - btSubsimplexConvexCast reports no impact for a pair overlapping at t = 0, and can leave its loop
//   with a fraction past 1, which is no impact within this step.
// - btContinuousConvexCollision is conservative advancement: it reports a hit once the distance falls
//   below 1e-3, so near misses within that distance count as hits.
#include "peer_bullet_sphere.h"
#include "peer_bullet_cast.h"

#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionShapes/btTriangleShape.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btSubSimplexConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <memory>
#include <new>
#include <vector>

namespace
{

struct pair {
	btSphereShape sphere;
	btTriangleShape tri;
	btTransform from, to, rest;
	pair(const swp_sphere_tri &x)
	    : sphere(x.r), tri(btVector3(x.a[0], x.a[1], x.a[2]), btVector3(x.b[0], x.b[1], x.b[2]),
			       btVector3(x.t[0], x.t[1], x.t[2]))
	{
		tri.setMargin(0.f);
		from.setIdentity();
		from.setOrigin(btVector3(x.c[0], x.c[1], x.c[2]));
		to = from;
		to.setOrigin(from.getOrigin() + btVector3(x.v[0], x.v[1], x.v[2]));
		rest.setIdentity();
	}
};

} // namespace

struct swp_bullet_spheres {
	std::vector<std::unique_ptr<pair>> pairs;
};

extern "C" swp_bullet_spheres *swp_bullet_spheres_new(const swp_sphere_tri *in, size_t n)
{
	if (n && !in)
		return nullptr;
	std::unique_ptr<swp_bullet_spheres> p(new (std::nothrow) swp_bullet_spheres);
	if (!p)
		return nullptr;
	try {
		p->pairs.reserve(n);
		for (size_t k = 0; k < n; k++)
			p->pairs.push_back(std::unique_ptr<pair>(new pair(in[k])));
	} catch (const std::bad_alloc &) {
		return nullptr;
	}
	return p.release();
}

extern "C" size_t swp_bullet_spheres_subsimplex(swp_bullet_spheres *p, uint8_t *hit, float *toi)
{
	btVoronoiSimplexSolver simplex;
	return swp_bullet_cast_loop(p->pairs.size(), hit, toi, [&](size_t k, btConvexCast::CastResult &res) {
		pair &q = *p->pairs[k];
		btSubsimplexConvexCast cast(&q.sphere, &q.tri, &simplex);
		return cast.calcTimeOfImpact(q.from, q.to, q.rest, q.rest, res);
	});
}

extern "C" size_t swp_bullet_spheres_ccd(swp_bullet_spheres *p, uint8_t *hit, float *toi)
{
	btVoronoiSimplexSolver simplex;
	btGjkEpaPenetrationDepthSolver epa;
	return swp_bullet_cast_loop(p->pairs.size(), hit, toi, [&](size_t k, btConvexCast::CastResult &res) {
		pair &q = *p->pairs[k];
		btContinuousConvexCollision ccd(&q.sphere, &q.tri, &simplex, &epa);
		return ccd.calcTimeOfImpact(q.from, q.to, q.rest, q.rest, res);
	});
}

extern "C" void swp_bullet_spheres_free(swp_bullet_spheres *p) { delete p; }
