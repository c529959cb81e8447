// bench/peer_box2d.cc — the Box2D 2.4 peer of bench/peer_box2d.h.
//
// Traps kept in mind here:
// - b2PolygonShape carries a skin: m_radius = b2_polygonRadius (2·b2_linearSlop = 0.01) by default.
//   It is set to 0 after Set(), so the core polygon is the swept polygon and the proxies have zero
//   radius. b2TimeOfImpact then targets a separation of b2_linearSlop (max(slop, 0 − 3·slop)),
//   ± slop/4. b2ShapeCast clamps each proxy's radius up to b2_polygonRadius whatever m_radius says,
//   and targets a core separation of max(b2_polygonRadius, 2·b2_polygonRadius − b2_polygonRadius)
//   = 0.01, ± slop/2: a zero skin does not make it exact.
// - b2PolygonShape::Set() recomputes the hull: it welds vertices closer than 0.5·b2_linearSlop and
//   drops collinear ones, so a shape may end up with fewer vertices (counted, see _reshaped()).
// - b2Sweep::GetTransform() rebuilds the rotation from the angle (sinf/cosf of atan2 of swept's
//   (c, s)): b2TimeOfImpact's polygons are rotated by that, within a few ulps of swept's rotation.
//   b2ShapeCast takes the b2Transform as given, with swept's (c, s) unchanged.
// - b2TimeOfImpact reads a wall clock per call (its statistics); that cost is part of the call.
#include "peer_box2d.h"
#include "peer_box2d_toi.h"

#include <box2d/b2_collision.h>
#include <box2d/b2_common.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_math.h>
#include <box2d/b2_polygon_shape.h>
#include <box2d/b2_settings.h>
#include <box2d/b2_time_of_impact.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <new>
#include <vector>

static_assert(b2_maxPolygonVertices == SWP_BOX2D_MAX_VERTS, "Box2D's polygon size differs from the peer's");

namespace
{

// One side of a pair: the shape (its proxy points into it, so it must not move), placement, motion.
struct side {
	b2PolygonShape shape;
	b2DistanceProxy proxy;
	b2Transform xf; // placement at t = 0, swept's rotation as given
	b2Sweep sweep;  // translation only: a0 = a, c0 → c
	b2Vec2 d;
};

bool make_side(const swp_poly &x, side &s)
{
	if (x.count < 3 || x.count > SWP_BOX2D_MAX_VERTS)
		return false;
	b2Vec2 v[SWP_BOX2D_MAX_VERTS];
	for (uint32_t i = 0; i < x.count; i++)
		v[i].Set(x.v[i][0], x.v[i][1]);
	s.shape.Set(v, (int32)x.count);
	s.shape.m_radius = 0.0f; // no skin: compare the bare polygons
	s.xf.p.Set(x.p[0], x.p[1]);
	s.xf.q.s = x.s;
	s.xf.q.c = x.c;
	s.d.Set(x.d[0], x.d[1]);
	float angle = std::atan2(x.s, x.c);
	s.sweep.localCenter.SetZero(); // the local origin is the sweep's centre
	s.sweep.c0 = s.xf.p;
	s.sweep.c = s.xf.p + s.d;
	s.sweep.a0 = angle;
	s.sweep.a = angle;
	s.sweep.alpha0 = 0.0f;
	return true;
}

} // namespace

struct swp_box2d {
	// unique_ptr elements: a side's proxy points into its own shape, so sides never move
	std::vector<std::unique_ptr<side>> a, b;
	size_t reshaped = 0;
};

extern "C" swp_box2d *swp_box2d_new(const swp_poly *a, const swp_poly *b, size_t n)
{
	if (n && (!a || !b))
		return nullptr;
	std::unique_ptr<swp_box2d> p(new (std::nothrow) swp_box2d);
	if (!p)
		return nullptr;
	try {
		p->a.reserve(n);
		p->b.reserve(n);
		for (size_t k = 0; k < n; k++) {
			std::unique_ptr<side> sa(new side), sb(new side);
			if (!make_side(a[k], *sa) || !make_side(b[k], *sb))
				return nullptr;
			// proxies are set once the shapes are in place (and after m_radius = 0)
			sa->proxy.Set(&sa->shape, 0);
			sb->proxy.Set(&sb->shape, 0);
			p->reshaped +=
				(uint32_t)sa->shape.m_count != a[k].count || (uint32_t)sb->shape.m_count != b[k].count;
			p->a.push_back(std::move(sa));
			p->b.push_back(std::move(sb));
		}
	} catch (const std::bad_alloc &) {
		return nullptr;
	}
	return p.release();
}

extern "C" size_t swp_box2d_reshaped(const swp_box2d *p) { return p->reshaped; }

extern "C" size_t swp_box2d_toi(swp_box2d *p, uint8_t *outcome, float *t)
{
	size_t hits = 0, n = p->a.size();
	b2TOIInput in;
	in.tMax = 1.0f;
	for (size_t k = 0; k < n; k++) {
		const side &sa = *p->a[k], &sb = *p->b[k];
		in.proxyA = sa.proxy;
		in.proxyB = sb.proxy;
		in.sweepA = sa.sweep;
		in.sweepB = sb.sweep;
		hits += (size_t)swp_b2_toi(&in, k, outcome, t);
	}
	return hits;
}

extern "C" size_t swp_box2d_cast(swp_box2d *p, uint8_t *outcome, float *t)
{
	size_t hits = 0, n = p->a.size();
	b2ShapeCastInput in;
	for (size_t k = 0; k < n; k++) {
		const side &sa = *p->a[k], &sb = *p->b[k];
		in.proxyA = sa.proxy;
		in.proxyB = sb.proxy;
		in.transformA = sa.xf;
		in.transformB = sb.xf;
		in.translationB = sb.d - sa.d; // A stays put, B moves by the relative displacement
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

extern "C" size_t swp_box2d_distance(swp_box2d *p, float *dist)
{
	size_t apart = 0, n = p->a.size();
	b2DistanceInput in;
	in.useRadii = true;
	for (size_t k = 0; k < n; k++) {
		const side &sa = *p->a[k], &sb = *p->b[k];
		in.proxyA = sa.proxy;
		in.proxyB = sb.proxy;
		in.transformA = sa.xf;
		in.transformB = sb.xf;
		b2SimplexCache cache;
		cache.count = 0;
		b2DistanceOutput out;
		b2Distance(&out, &cache, &in);
		apart += out.distance > 0.0f;
		if (dist)
			dist[k] = out.distance;
	}
	return apart;
}

extern "C" size_t swp_box2d_overlap(swp_box2d *p, uint8_t *hit)
{
	size_t hits = 0, n = p->a.size();
	for (size_t k = 0; k < n; k++) {
		const side &sa = *p->a[k], &sb = *p->b[k];
		bool h = b2TestOverlap(&sa.shape, 0, &sb.shape, 0, sa.xf, sb.xf);
		hits += h;
		if (hit)
			hit[k] = h;
	}
	return hits;
}

struct swp_box2d_rays {
	std::vector<std::unique_ptr<side>> polys;
	std::vector<b2RayCastInput> rays;
};

extern "C" swp_box2d_rays *swp_box2d_rays_new(const swp_poly *polys, const float (*ray)[4], size_t n)
{
	if (n && (!polys || !ray))
		return nullptr;
	std::unique_ptr<swp_box2d_rays> p(new (std::nothrow) swp_box2d_rays);
	if (!p)
		return nullptr;
	try {
		p->polys.reserve(n);
		p->rays.reserve(n);
		for (size_t k = 0; k < n; k++) {
			std::unique_ptr<side> s(new side);
			if (!make_side(polys[k], *s))
				return nullptr;
			b2RayCastInput in;
			in.p1.Set(ray[k][0], ray[k][1]);
			in.p2.Set(ray[k][0] + ray[k][2], ray[k][1] + ray[k][3]);
			in.maxFraction = 1.0f;
			p->polys.push_back(std::move(s));
			p->rays.push_back(in);
		}
	} catch (const std::bad_alloc &) {
		return nullptr;
	}
	return p.release();
}

extern "C" size_t swp_box2d_raycast(swp_box2d_rays *p, uint8_t *hit, float *t)
{
	size_t hits = 0, n = p->rays.size();
	for (size_t k = 0; k < n; k++) {
		const side &s = *p->polys[k];
		b2RayCastOutput out;
		bool h = s.shape.RayCast(&out, p->rays[k], s.xf, 0);
		hits += h;
		if (hit)
			hit[k] = h;
		if (t)
			t[k] = h ? out.fraction : 1.0f;
	}
	return hits;
}

extern "C" void swp_box2d_rays_free(swp_box2d_rays *p) { delete p; }

extern "C" const char *swp_box2d_version(void)
{
	static char buf[32];
	std::snprintf(buf, sizeof buf, "%d.%d.%d", (int)b2_version.major, (int)b2_version.minor,
		      (int)b2_version.revision);
	return buf;
}

extern "C" float swp_box2d_toi_target(void) { return b2_linearSlop; }

extern "C" float swp_box2d_cast_target(void) { return b2_polygonRadius; }

extern "C" void swp_box2d_free(swp_box2d *p) { delete p; }
