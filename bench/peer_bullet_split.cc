// bench/peer_bullet_split.cc — the Bullet peer of bench/peer_bullet_split.h.
//
// clipFace keeps the part of a polygon where n·x + d < 0 and computes each crossing from the edge's
// start vertex toward its end (so a shared edge is cut from either direction depending on which
// polygon is clipped), with no plane thickness and no duplicate removal. One call makes one side:
// a split's two pieces are two calls, the second with the plane reversed.
#include "peer_bullet_split.h"

#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>
#include <LinearMath/btScalar.h>

#include <new>
#include <vector>

struct swp_bullet_clip {
	std::vector<btVertexArray> polys;
	btVector3 n;
	btScalar d;
	btVertexArray out;
};

extern "C" swp_bullet_clip *swp_bullet_clip_new(const float *verts, const uint32_t *first, size_t n, const float p[3],
						const float u[3])
{
	swp_bullet_clip *c = new (std::nothrow) swp_bullet_clip;
	if (!c)
		return nullptr;
	try {
		c->polys.resize(n);
		for (size_t i = 0; i < n; i++)
			for (uint32_t k = first[i]; k < first[i + 1]; k++)
				c->polys[i].push_back(btVector3(verts[3 * k], verts[3 * k + 1], verts[3 * k + 2]));
		c->out.reserve(64);
	} catch (...) {
		delete c;
		return nullptr;
	}
	c->n = btVector3(u[0], u[1], u[2]);
	c->d = -(c->n.dot(btVector3(p[0], p[1], p[2])));
	return c;
}

extern "C" size_t swp_bullet_clip_run(swp_bullet_clip *c, size_t off, size_t n, int both, uint32_t *front,
				      uint32_t *back)
{
	size_t made = 0;
	for (size_t i = 0; i < n && off + i < c->polys.size(); i++) {
		const btVertexArray &poly = c->polys[off + i];
		c->out.resize(0);
		btPolyhedralContactClipping::clipFace(poly, c->out, c->n, c->d);
		made += (size_t)c->out.size();
		if (back)
			back[i] = (uint32_t)c->out.size();
		if (!both)
			continue;
		c->out.resize(0);
		btPolyhedralContactClipping::clipFace(poly, c->out, -c->n, -c->d);
		made += (size_t)c->out.size();
		if (front)
			front[i] = (uint32_t)c->out.size();
	}
	return made;
}

extern "C" void swp_bullet_clip_free(swp_bullet_clip *c) { delete c; }
