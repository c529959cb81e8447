/* src/hull3_qh.h — the quickhull core of the builder (src/hull3_qh.c) as the entry (src/hull3.c) drives
 * it, and of the merging that follows (src/hull3_merge.c): the state, one scratch block laid out from
 * the number of points, and the steps in order (simplex, hull, merge, loops, emit). */
#ifndef SWEPT_HULL3_QH_H
#define SWEPT_HULL3_QH_H

#include "hull3_int.h"

typedef struct sw_qh_face {
	int v[3];       /* point indices, counter-clockwise from outside */
	int nb[3];      /* face across edge (v[i], v[i+1]) */
	double n[3], d; /* outward unit normal and offset, relative coordinates */
	int head;       /* first point of the outside set, −1 when empty */
	int live;
	int mark;   /* visibility stamp */
	int region; /* merge label: the representative face */
	int rnext;  /* next face of the region, in slot order, −1 at the end */
} sw_qh_face;

/* polygon loops of the merged faces */
typedef struct sw_qh_loops {
	int nl, total;
	int *first, *count; /* fcap each */
	int *idx;           /* 3·fcap vertex ids */
} sw_qh_loops;

typedef struct sw_qh_key {
	int a, b, loop, rot;
} sw_qh_key;

/* The builder's state. Every array lives in one scratch block (sw_qh_layout_) sized from the number of
 * points n: per point, and per vertex id or face slot up to vcap = min(n, SW_QH_MAX_VERTS) vertices and
 * fcap = 4·vcap + 16 face slots (live triangles ≤ 2V − 4 plus one cone ≤ V under construction;
 * freed slots are reused). */
typedef struct sw_qh {
	int n;          /* unique points */
	sw_vec3 *pts;   /* the sorted unique points */
	double (*p)[3]; /* relative coordinates */
	int *next;      /* outside-set links */
	int *vid;       /* vertex id of a point, −1 when not a vertex */
	double eps;     /* plane thickness */
	int vcap, fcap;
	int *vpt;
	int nv;
	int *hz; /* per vertex id: horizon edge starting there, −1 */
	sw_qh_face *f;
	int nf, stamp;
	int *freel, nfree;
	uint64_t *busy; /* per face slot: its outside set is not empty (one bit a slot) */
	int *vis, nvis;
	int *hf, *he, nh; /* horizon: visible face and its edge, in cycle order */
	int *ef, *ei;     /* horizon edges before they are ordered */
	int *cone;
	unsigned char *reach; /* fill_holes: faces reached from the lowest one */
	int *queue;
	double (*rn)[3], *rd; /* region planes, at the representative */
	int *rhead, *rtime;   /* region: first face (slot order), merge count when it last grew */
	int *ca, *cb, *ct;    /* per face edge: the regions last found not to lean, and when */
	int *mask;            /* scratch stamps per vertex id */
	int mstamp;
	int *deg, *map; /* per vertex id: faces after merging, output index */
	sw_qh_loops loops;
	sw_qh_key *keys;
	int tri[3];             /* the initial triangle; its plane is the cloud's when the cloud is flat */
	sw_flat_poly flat;      /* the polygon of a flat cloud */
	sw_hull3_shared shared; /* the finished hull's values for its check (sw_hull3_finish_) */
} sw_qh;

/* carves q's arrays for n points out of base (when not NULL); returns the block's size in bytes */
size_t sw_qh_layout_(sw_qh *q, size_t n, unsigned char *base);

/* the first tetrahedron of q's n points (relative coordinates and eps set, vid all −1), its points'
 * outside sets; SW_HULL_COLLINEAR, or SW_HULL_FLAT with q->tri the cloud's widest triangle */
sw_hull_status sw_qh_simplex_(sw_qh *q);

/* quickhull steps until no point is outside; SW_HULL_TOO_MANY past SW_QH_MAX_VERTS vertices,
 * SW_HULL_NUMERIC when a horizon is not one cycle */
sw_hull_status sw_qh_hull_(sw_qh *q);

/* edge index i of face f with v[i] = a, v[i + 1] = b, or −1 */
static inline int sw_qh_edge_of_(const sw_qh_face *f, int a, int b)
{
	/* a triangle's three vertices are distinct, so at most one edge matches: its index from the bits */
	int m0 = (f->v[0] == a) & (f->v[1] == b), m1 = (f->v[1] == a) & (f->v[2] == b),
	    m2 = (f->v[2] == a) & (f->v[0] == b);
	return (m1 | m2 << 1) - ((m0 | m1 | m2) ^ 1);
}

/* merges neighbouring triangles within eps of coplanar into regions (the polygonal faces) */
void sw_qh_merge_(sw_qh *q);

/* the regions' boundary loops in L, vertices on fewer than three faces dropped (deg: per vertex id,
 * the faces it is on); SW_HULL_NUMERIC when a region is not one simple loop */
sw_hull_status sw_qh_loops_(sw_qh *q, sw_qh_loops *L, int *deg);

/* the hull of the loops: vertices in point order, loops started at their smallest index, faces
 * sorted; counts and loops only (sw_hull3_finish_ derives the rest) */
sw_hull_status sw_qh_emit_(const sw_qh *q, sw_qh_loops *L, const int *deg, const sw_vec3 *pts, sw_hull3 *out);

#endif
