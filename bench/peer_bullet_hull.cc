// bench/peer_bullet_hull.cc — the Bullet peer of bench/peer_bullet_hull.h.
//
// Traps kept in mind here:
// - btConvexHullShape adds its collision margin (default 0.04) around the points: setMargin(0)
//   makes the Bullet shape exactly the hull of the vertices. The cached local AABB is recomputed
//   after the change (the casts do not use it, but a stale one would be a trap for any later use).
// - Both casts are translation only here: from and to share the basis, so btContinuousConvexCollision
//   sees no angular motion.
// - btSubsimplexConvexCast assumes the pair does not overlap at t = 0: on such pairs it reports no
//   impact (its normal stays zero). It can also leave its loop with a fraction past 1, which is no
//   impact within this step.
// - btContinuousConvexCollision is conservative advancement: it reports a hit once the distance
//   falls below 1e-3, so near misses within that distance count as hits, and it misses pairs that
//   start overlapped but separate.
#include "peer_bullet_hull.h"
#include "peer_bullet_cast.h"

#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btSubSimplexConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <LinearMath/btScalar.h>

#include <memory>
#include <new>
#include <vector>

namespace
{

struct motion {
	btTransform from, to;
};

motion make_motion(const swp_hull_body &x)
{
	// btQuaternion(x, y, z, w): the same component order and rotation convention as swept
	btTransform from(btQuaternion(x.q[0], x.q[1], x.q[2], x.q[3]), btVector3(x.p[0], x.p[1], x.p[2]));
	motion m;
	m.from = from;
	m.to = from;
	m.to.setOrigin(from.getOrigin() + btVector3(x.d[0], x.d[1], x.d[2]));
	return m;
}

} // namespace

struct swp_bullet_hulls {
	std::vector<std::unique_ptr<btConvexHullShape>> shapes;
	std::vector<uint32_t> sa, sb; // shape of each side, per pair
	std::vector<motion> ma, mb;
};

extern "C" swp_bullet_hulls *swp_bullet_hulls_new(const swp_hull_shape *shapes, size_t nshapes, const swp_hull_body *a,
						  const swp_hull_body *b, size_t n)
{
	if ((nshapes && !shapes) || (n && (!a || !b)))
		return nullptr;
	std::unique_ptr<swp_bullet_hulls> p(new (std::nothrow) swp_bullet_hulls);
	if (!p)
		return nullptr;
	try {
		p->shapes.reserve(nshapes);
		for (size_t s = 0; s < nshapes; s++) {
			// btScalar is float in this build; the constructor reads `stride` bytes per point
			std::unique_ptr<btConvexHullShape> h(
				new btConvexHullShape(shapes[s].verts, (int)shapes[s].count, (int)(3 * sizeof(float))));
			h->setMargin(0.f);
			h->recalcLocalAabb();
			p->shapes.push_back(std::move(h));
		}
		p->sa.reserve(n);
		p->sb.reserve(n);
		p->ma.reserve(n);
		p->mb.reserve(n);
		for (size_t k = 0; k < n; k++) {
			if (a[k].shape >= nshapes || b[k].shape >= nshapes)
				return nullptr;
			p->sa.push_back(a[k].shape);
			p->sb.push_back(b[k].shape);
			p->ma.push_back(make_motion(a[k]));
			p->mb.push_back(make_motion(b[k]));
		}
	} catch (const std::bad_alloc &) {
		return nullptr;
	}
	return p.release();
}

extern "C" size_t swp_bullet_hulls_subsimplex(swp_bullet_hulls *p, uint8_t *hit, float *toi)
{
	// calcTimeOfImpact resets the simplex solver at its start: one solver serves every pair
	btVoronoiSimplexSolver simplex;
	return swp_bullet_cast_loop(p->sa.size(), hit, toi, [&](size_t k, btConvexCast::CastResult &res) {
		btSubsimplexConvexCast cast(p->shapes[p->sa[k]].get(), p->shapes[p->sb[k]].get(), &simplex);
		return cast.calcTimeOfImpact(p->ma[k].from, p->ma[k].to, p->mb[k].from, p->mb[k].to, res);
	});
}

extern "C" size_t swp_bullet_hulls_ccd(swp_bullet_hulls *p, uint8_t *hit, float *toi)
{
	btVoronoiSimplexSolver simplex;
	btGjkEpaPenetrationDepthSolver epa;
	return swp_bullet_cast_loop(p->sa.size(), hit, toi, [&](size_t k, btConvexCast::CastResult &res) {
		btContinuousConvexCollision ccd(p->shapes[p->sa[k]].get(), p->shapes[p->sb[k]].get(), &simplex, &epa);
		return ccd.calcTimeOfImpact(p->ma[k].from, p->ma[k].to, p->mb[k].from, p->mb[k].to, res);
	});
}

extern "C" size_t swp_bullet_hulls_gjkcast(swp_bullet_hulls *p, uint8_t *hit, float *toi)
{
	btVoronoiSimplexSolver simplex;
	return swp_bullet_cast_loop(p->sa.size(), hit, toi, [&](size_t k, btConvexCast::CastResult &res) {
		btGjkConvexCast cast(p->shapes[p->sa[k]].get(), p->shapes[p->sb[k]].get(), &simplex);
		return cast.calcTimeOfImpact(p->ma[k].from, p->ma[k].to, p->mb[k].from, p->mb[k].to, res);
	});
}

extern "C" size_t swp_bullet_hulls_distance(swp_bullet_hulls *p, float *dist)
{
	// btGjkPairDetector resets its simplex solver per query; no penetration solver: GJK alone
	btVoronoiSimplexSolver simplex;
	size_t apart = 0, n = p->sa.size();
	for (size_t k = 0; k < n; k++) {
		btGjkPairDetector gjk(p->shapes[p->sa[k]].get(), p->shapes[p->sb[k]].get(), &simplex, nullptr);
		btDiscreteCollisionDetectorInterface::ClosestPointInput in;
		in.m_transformA = p->ma[k].from;
		in.m_transformB = p->mb[k].from;
		btPointCollector out;
		gjk.getClosestPoints(in, out, nullptr);
		bool ok = out.m_hasResult && out.m_distance >= 0.f;
		apart += ok;
		if (dist)
			dist[k] = ok ? (float)out.m_distance : -1.f;
	}
	return apart;
}

extern "C" void swp_bullet_hulls_free(swp_bullet_hulls *p) { delete p; }
