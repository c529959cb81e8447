/* tests/common/gen_gjk.h — internals of the GJK generator family (gen_gjk.c, gen_gjk_shapes.c): shape
 * libraries of every source kind a GJK query reads, placed pairs of their shapes, and the sets built
 * from them. 2D shapes and pairs use the same types with z = 0 and the rotation (c, s) in (q.x, q.y). */
#ifndef SWEPT_TESTS_GEN_GJK_H
#define SWEPT_TESTS_GEN_GJK_H

#include "gen.h"

/// A library shape in its local frame: a GJK core and radius; `size` bounds its points about the
/// origin (radius included).
typedef struct gg_shape {
	uint32_t type, n;
	sw_vec3 v[SW_GJK_MAX_VERTS];
	sw_vec3 half;
	float radius, size;
} gg_shape;

/// A placed instance: its library shape, pose and displacement; a ray: origin p and delta d.
typedef struct gg_inst {
	uint32_t shape;
	sw_vec3 p;
	sw_quat q;
	sw_vec3 d;
} gg_inst;

/// The shapes of one source: the cores, and for hull and polygon sources the hulls and polygons the
/// sets hold (a library shape is then their vertices).
typedef struct gg_lib {
	size_t n, cap;
	gg_shape *s;
	sw_hull3 *hulls;
	sw_poly2 *polys;
} gg_lib;

/// How a population's shapes look.
typedef enum gg_mix {
	MIX_ANY,     ///< every shape the source holds
	MIX_NEEDLES, ///< long and thin
	MIX_GRID,    ///< boxes with half extents on a grid of quarters (polygons: boxes; triangles: right ones)
	MIX_BENCH,   ///< the benchmark scene's: polytopes of 8–32 points (3D), polygons of 3–8 vertices (2D)
	MIX_MIXED,   ///< the benchmark's mixed scene: spheres, capsules, boxes and polytopes
} gg_mix;

/// Where a population puts B (or the ray) relative to A.
typedef enum gg_layout {
	L_CLOSE,   ///< within a few sizes, moving at random or aimed at A
	L_OVERLAP, ///< B's origin near A's
	L_TOUCH,   ///< moved along the distance normal until touching (to rounding)
	L_GRAZE,   ///< touching, the relative motion along the contact plane (± a little)
	L_GRID,    ///< on a grid of halves: faces, edges and corners exactly touching
} gg_layout;

/// A population.
typedef struct gg_pop {
	const char *name;
	uint64_t seed;
	size_t n;
	gg_mix mix;
	float size_lo, size_hi; ///< shape size
	float world, offset;    ///< A at offset + [−world, world]
	float motion;           ///< displacements in [−motion, motion]
	float spread;           ///< B within spread · (both sizes) of A per axis
	gg_layout layout;
	int still;  ///< no motion
	int wide;   ///< every pair at its own scale, 1e-12 to 1e12
	int broken; ///< bad poses, displacements, shapes and indices
} gg_pop;

/// Fills `lib` with `count` shapes for source `kind` (RAY sources have none).
int gg_lib_make(sc_rng *r, const gg_pop *p, sw_src kind, size_t count, gg_lib *lib);
/// Appends a shape to a library (the broken population's flagged shapes); its id, or UINT32_MAX.
uint32_t gg_lib_add(gg_lib *lib, const gg_shape *s);
void gg_lib_free(gg_lib *lib);

/// Places pair k: A (an instance of lib a, or a ray when ka is a ray source) and B (lib b).
void gg_place(sc_rng *r, const gg_pop *p, sw_src ka, const gg_lib *la, sw_src kb, const gg_lib *lb, gg_inst *a,
	      gg_inst *b);

/// A library shape as the shape of the single-pair functions (verts point into the library).
sw_shape3 gg_shape3(const gg_shape *s);
sw_shape2 gg_shape2(const gg_shape *s, sw_vec2 *verts);

#endif
