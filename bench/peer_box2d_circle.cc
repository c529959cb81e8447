// bench/peer_box2d_circle.cc — the Box2D 2.4 peer of bench/peer_box2d_circle.h.
//
// Traps kept in mind here:
// - b2EdgeShape carries a skin: m_radius = b2_polygonRadius by default. It is set to 0, so the edge
//   is the bare segment. b2ShapeCast raises each proxy's radius to at least b2_polygonRadius and
//   targets a separation of max(b2_polygonRadius, rA + rB − b2_polygonRadius): with the edge's 0 and
//   a circle of r ≥ b2_polygonRadius that is r, the swept contact, to within b2_linearSlop/2.
// - b2TimeOfImpact targets max(b2_linearSlop, r − 3·b2_linearSlop): its contacts are 0.015 deep.
// - b2TimeOfImpact reads a wall clock per call (its statistics); that cost is part of the call.
#include "peer_box2d_circle.h"
#include "peer_box2d_toi.h"

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_common.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_math.h>
#include <box2d/b2_settings.h>
#include <box2d/b2_time_of_impact.h>

#include <memory>
#include <new>
#include <vector>

namespace
{

// One pair: the shapes (the proxies point into them, so a pair never moves), placements, motion.
struct pair {
	b2CircleShape circle;
	b2EdgeShape edge;
	b2DistanceProxy pc, pe;
	b2Transform xc, xe;
	b2Sweep sc, se;
	b2Vec2 v;
};

} // namespace

struct swp_box2d_circles {
	std::vector<std::unique_ptr<pair>> pairs;
};

extern "C" swp_box2d_circles *swp_box2d_circles_new(const swp_circle_edge *in, size_t n)
{
	if (n && !in)
		return nullptr;
	std::unique_ptr<swp_box2d_circles> p(new (std::nothrow) swp_box2d_circles);
	if (!p)
		return nullptr;
	try {
		p->pairs.reserve(n);
		for (size_t k = 0; k < n; k++) {
			std::unique_ptr<pair> q(new pair);
			const swp_circle_edge &x = in[k];
			q->circle.m_radius = x.r;
			q->circle.m_p.SetZero();
			q->edge.SetTwoSided(b2Vec2(x.p[0], x.p[1]), b2Vec2(x.q[0], x.q[1]));
			q->edge.m_radius = 0.0f;
			q->pc.Set(&q->circle, 0);
			q->pe.Set(&q->edge, 0);
			q->xc.Set(b2Vec2(x.c[0], x.c[1]), 0.0f);
			q->xe.SetIdentity();
			q->v.Set(x.v[0], x.v[1]);
			q->sc.localCenter.SetZero();
			q->sc.c0 = q->xc.p;
			q->sc.c = q->xc.p + q->v;
			q->sc.a0 = q->sc.a = 0.0f;
			q->sc.alpha0 = 0.0f;
			q->se.localCenter.SetZero();
			q->se.c0 = q->se.c = b2Vec2(0.0f, 0.0f);
			q->se.a0 = q->se.a = 0.0f;
			q->se.alpha0 = 0.0f;
			p->pairs.push_back(std::move(q));
		}
	} catch (const std::bad_alloc &) {
		return nullptr;
	}
	return p.release();
}

extern "C" size_t swp_box2d_circles_cast(swp_box2d_circles *p, uint8_t *outcome, float *t)
{
	size_t hits = 0, n = p->pairs.size();
	b2ShapeCastInput in;
	for (size_t k = 0; k < n; k++) {
		const pair &q = *p->pairs[k];
		in.proxyA = q.pe;
		in.proxyB = q.pc;
		in.transformA = q.xe;
		in.transformB = q.xc;
		in.translationB = q.v;
		b2ShapeCastOutput out;
		bool h = b2ShapeCast(&out, &in);
		hits += h;
		if (outcome)
			outcome[k] = h ? SWP_B2_HIT : SWP_B2_MISS;
		if (t)
			t[k] = h ? out.lambda : 1.0f;
	}
	return hits;
}

extern "C" size_t swp_box2d_circles_toi(swp_box2d_circles *p, uint8_t *outcome, float *t)
{
	size_t hits = 0, n = p->pairs.size();
	b2TOIInput in;
	in.tMax = 1.0f;
	for (size_t k = 0; k < n; k++) {
		const pair &q = *p->pairs[k];
		in.proxyA = q.pe;
		in.proxyB = q.pc;
		in.sweepA = q.se;
		in.sweepB = q.sc;
		hits += (size_t)swp_b2_toi(&in, k, outcome, t);
	}
	return hits;
}

extern "C" float swp_box2d_circles_cast_slack(void) { return 0.5f * b2_linearSlop; }

extern "C" float swp_box2d_circles_toi_slack(void) { return 3.25f * b2_linearSlop; }

extern "C" void swp_box2d_circles_free(swp_box2d_circles *p) { delete p; }
