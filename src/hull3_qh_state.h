/* src/hull3_qh_state.h — the quickhull builder's state (faces, loops, the scratch arrays): what the
 * steps of src/hull3_qh.h and the lanes' plane functions of src/hull3_lanes.h read and write. */
#ifndef SWEPT_HULL3_QH_STATE_H
#define SWEPT_HULL3_QH_STATE_H

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

/* at most this many points dropped from the hull by the bounded merge (src/hull3.c, run) */
#define SW_QH_MAX_DROPS 16

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
	int *ha, *hb, *ho, nh;  /* horizon edges a → b of the visible faces, the face across, in cycle order */
	int *ea, *eb, *eo;      /* horizon edges before they are ordered */
	int *eva, *evb, *esucc; /* their ends' vertex ids, and the edge after each (horizon_walk) */
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
	int tri[3];               /* the initial triangle; its plane is the cloud's when the cloud is flat */
	sw_flat_poly flat;        /* the polygon of a flat cloud */
	sw_hull3_shared shared;   /* the finished hull's values for its check (sw_hull3_finish_) */
	sw_hull3_pairing pairing; /* sw_qh_emit_'s records of the output's half-edges */
	/* the bounded merge (src/hull3.c, run; bounded set): a join whose vertices would spread more than
	 * 2·eps off the joint plane is refused, and the first refusal's most leaning point is proposed for
	 * dropping (drop_pt, −1 when none); drops: the indices of the points dropped so far */
	int bounded, drop_pt, ndrop;
	int drops[SW_QH_MAX_DROPS];
} sw_qh;

#endif
