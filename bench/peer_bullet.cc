// bench/peer_bullet.cc — the Bullet peer of bench/peer_bullet.h.
//
// Traps kept in mind here:
// - btBoxShape's half extents include its collision margin (default 0.04): the shape is built with
//   the true half extents and then setMargin(0), which moves the margin back into the implicit
//   dimensions, so the Bullet box is exactly the swept box.
// - btMatrix3x3's constructor takes the matrix row by row; swp_box stores r[3*j + i] = row i,
//   column j (component i of local axis j), and Bullet's basis columns are also local axes in world.
// - btContinuousConvexCollision is conservative advancement: it reports a hit once the distance
//   falls below 1e-3, so near misses within that distance count as hits, and it reports a miss for
//   pairs that start overlapped but separate along the contact normal, or have no relative motion.
#include "peer_bullet.h"
#include "peer_bullet_cast.h"

#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <LinearMath/btScalar.h>

#include <memory>
#include <new>
#include <vector>

namespace
{

struct box_motion {
	btTransform from, to;
};

btBoxShape *make_box(const swp_box &x)
{
	btBoxShape *b = new btBoxShape(btVector3(x.h[0], x.h[1], x.h[2]));
	b->setMargin(0.f);
	return b;
}

box_motion make_motion(const swp_box &x)
{
	btMatrix3x3 basis(x.r[0], x.r[3], x.r[6],  // row x: x components of axes 0, 1, 2
			  x.r[1], x.r[4], x.r[7],  // row y
			  x.r[2], x.r[5], x.r[8]); // row z
	btVector3 c(x.c[0], x.c[1], x.c[2]);
	btVector3 d(x.d[0], x.d[1], x.d[2]);
	box_motion m;
	m.from = btTransform(basis, c);
	m.to = btTransform(basis, c + d);
	return m;
}

} // namespace

struct swp_bullet {
	// One shape per side per pair.
	std::vector<std::unique_ptr<btBoxShape>> a, b;
	std::vector<box_motion> ma, mb;
};

extern "C" swp_bullet *swp_bullet_new(const swp_box *a, const swp_box *b, size_t n)
{
	if (n && (!a || !b))
		return nullptr;
	std::unique_ptr<swp_bullet> p(new (std::nothrow) swp_bullet);
	if (!p)
		return nullptr;
	try {
		p->a.reserve(n);
		p->b.reserve(n);
		p->ma.reserve(n);
		p->mb.reserve(n);
		for (size_t k = 0; k < n; k++) {
			p->a.emplace_back(make_box(a[k]));
			p->b.emplace_back(make_box(b[k]));
			p->ma.push_back(make_motion(a[k]));
			p->mb.push_back(make_motion(b[k]));
		}
	} catch (const std::bad_alloc &) {
		return nullptr;
	}
	return p.release();
}

extern "C" size_t swp_bullet_sweep(swp_bullet *p, uint8_t *hit, float *toi)
{
	// The solvers keep no state between pairs that matters: calcTimeOfImpact resets the simplex.
	btVoronoiSimplexSolver simplex;
	btGjkEpaPenetrationDepthSolver epa;
	return swp_bullet_cast_loop(p->a.size(), hit, toi, [&](size_t k, btConvexCast::CastResult &res) {
		btContinuousConvexCollision ccd(p->a[k].get(), p->b[k].get(), &simplex, &epa);
		return ccd.calcTimeOfImpact(p->ma[k].from, p->ma[k].to, p->mb[k].from, p->mb[k].to, res);
	});
}

extern "C" int swp_bullet_version(void) { return btGetVersion(); }

extern "C" void swp_bullet_free(swp_bullet *p) { delete p; }
