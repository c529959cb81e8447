/* src/hull3_qh.c — the quickhull core of sw_hull3_build (driven by src/hull3.c).
 *
 * Method: quickhull (Barber, Dobkin, Huhdanpaa 1996) over triangles, in double precision, on
 * coordinates taken relative to the cloud's bounding-box centre (exact for float input, so a cloud at
 * 1e4 gives the very numbers it gives at the origin). Planes are thick: a point counts as outside a
 * face only when more than eps above it, so duplicates, near-duplicates and points on the hull never
 * become vertices; a face counts as visible from the new vertex unless the vertex is more than eps
 * behind it, so the new triangles are never slivers (see find_visible). Afterwards adjacent
 * triangles that are coplanar or bent the wrong way within eps are merged into polygonal faces
 * (region growing, Barber et al. §4 "merged facets"), vertices left on only two faces (in the middle
 * of an edge) are dropped, and the result is made canonical.
 *
 * Termination: each step turns one outside point into a vertex and no point is ever re-added, so the
 * main loop runs at most min(n, SW_QH_MAX_VERTS) times; every other loop is bounded by the face pool.
 */
#include "hull3_qh.h"
#include "hull3_lanes.h"

#include <math.h>
#include <string.h>

/* carves q's arrays for n points out of base (when not NULL); returns the block's size in bytes */
size_t sw_qh_layout_(sw_qh *q, size_t n, unsigned char *base)
{
	size_t at = 0;
	int vcap = n < SW_QH_MAX_VERTS ? (int)n : SW_QH_MAX_VERTS, fcap = 4 * vcap + 16;
#define QH_CARVE(field, count)                            \
	do {                                              \
		at = (at + 15) & ~(size_t)15;             \
		if (base)                                 \
			q->field = (void *)(base + at);   \
		at += (size_t)(count) * sizeof *q->field; \
	} while (0)
	QH_CARVE(p, n);
	QH_CARVE(pts, n);
	QH_CARVE(next, n);
	QH_CARVE(vid, n);
	QH_CARVE(f, fcap);
	QH_CARVE(rn, fcap);
	QH_CARVE(rd, fcap);
	QH_CARVE(rhead, fcap);
	QH_CARVE(rtime, fcap);
	QH_CARVE(ca, 3 * fcap);
	QH_CARVE(cb, 3 * fcap);
	QH_CARVE(ct, 3 * fcap);
	QH_CARVE(keys, fcap);
	QH_CARVE(freel, fcap);
	QH_CARVE(busy, (fcap + 63) / 64);
	QH_CARVE(vis, fcap);
	QH_CARVE(ha, fcap);
	QH_CARVE(hb, fcap);
	QH_CARVE(ho, fcap);
	QH_CARVE(ea, fcap);
	QH_CARVE(eb, fcap);
	QH_CARVE(eo, fcap);
	QH_CARVE(eva, fcap);
	QH_CARVE(evb, fcap);
	QH_CARVE(esucc, fcap);
	QH_CARVE(cone, fcap);
	QH_CARVE(queue, fcap);
	QH_CARVE(loops.first, fcap);
	QH_CARVE(loops.count, fcap);
	QH_CARVE(loops.idx, 3 * fcap);
	QH_CARVE(reach, fcap);
	QH_CARVE(vpt, vcap);
	QH_CARVE(hz, vcap);
	QH_CARVE(mask, vcap);
	QH_CARVE(deg, vcap);
	QH_CARVE(map, vcap);
	QH_CARVE(flat.ring, vcap);
	QH_CARVE(flat.head, vcap);
	QH_CARVE(flat.m, vcap);
#undef QH_CARVE
	if (base) {
		q->vcap = q->flat.cap = vcap;
		q->fcap = fcap;
	}
	return at;
}

/* ---- small vector helpers ---- */

static void sub3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[0] - b[0];
	o[1] = a[1] - b[1];
	o[2] = a[2] - b[2];
}

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void cross3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[1] * b[2] - a[2] * b[1];
	o[1] = a[2] * b[0] - a[0] * b[2];
	o[2] = a[0] * b[1] - a[1] * b[0];
}

static double dist(const sw_qh *q, const sw_qh_face *f, int pt) { return dot3(f->n, q->p[pt]) - f->d; }

/* ---- faces ---- */

/* plane of a triangle from its two shorter edges; a degenerate one (SW_QH_DEGEN_SINE) borrows the
 * normal of `nb` (it will merge into that neighbour). The new triangles of a step take theirs from
 * sw_hull3_planes_fn (make_cone), these operations in lanes. */
static void face_plane(sw_qh *q, sw_qh_face *f, const sw_qh_face *nb)
{
	double e[3][3], l[3], x[3];
	for (int i = 0; i < 3; i++) {
		sub3(q->p[f->v[(i + 1) % 3]], q->p[f->v[i]], e[i]);
		l[i] = sqrt(dot3(e[i], e[i]));
	}
	/* the longest edge lg: l0 ≥ l1 ? (l0 ≥ l2 ? 0 : 2) : (l1 ≥ l2 ? 1 : 2), without branches */
	int a01 = l[0] >= l[1], a02 = l[0] >= l[2], a12 = l[1] >= l[2];
	int lg = ((a01 & a02) ^ 1) * (2 - ((a01 ^ 1) & a12));
	static const int after[3] = {1, 2, 0}, before[3] = {2, 0, 1};
	int i1 = after[lg], i2 = before[lg];
	cross3(e[i1], e[i2], x);
	double len = sqrt(dot3(x, x));
	if (len > SW_QH_DEGEN_SINE * l[i1] * l[i2] && len > 0) {
		for (int k = 0; k < 3; k++)
			f->n[k] = x[k] / len;
	} else if (nb) {
		memcpy(f->n, nb->n, sizeof f->n);
	} else {
		f->n[0] = 1, f->n[1] = f->n[2] = 0;
	}
	f->d = (dot3(f->n, q->p[f->v[0]]) + dot3(f->n, q->p[f->v[1]]) + dot3(f->n, q->p[f->v[2]])) / 3;
}

/* new_face with q's slot counts in *nf, *nfree: a caller making many faces keeps them in registers
 * (q's int fields would be reloaded after every store to a face) */
static inline int new_face_in(sw_qh *q, int *nf, int *nfree, int a, int b, int c)
{
	/* by masks: whether a freed slot is at hand is not predictable, and selects here were compiled as
	 * branches. The top of the free list is read either way (entry nfree − reuse: 0 when the list is
	 * empty, which the attempt writes) and kept only when reuse is 1 */
	const int reuse = *nfree > 0, top = q->freel[*nfree - reuse];
	const int s = (top & -reuse) | (*nf & (reuse - 1));
	if (s >= q->fcap)
		return -1;
	*nfree -= reuse;
	*nf += reuse ^ 1;
	/* every field but the plane (n, d), which the caller writes before anything reads it (mark 0 is
	 * no visibility stamp: they start at 1). The slot's busy bit is clear: the attempt clears them all
	 * and a face is freed only by retire_visible, which clears its bit. */
	sw_qh_face *f = &q->f[s];
	f->v[0] = a, f->v[1] = b, f->v[2] = c;
	f->nb[0] = f->nb[1] = f->nb[2] = -1;
	f->head = -1;
	f->live = 1;
	f->mark = 0;
	f->region = s;
	f->rnext = -1;
	return s;
}

static inline int new_face(sw_qh *q, int a, int b, int c) { return new_face_in(q, &q->nf, &q->nfree, a, b, c); }

static void add_vertex(sw_qh *q, int pt)
{
	q->vid[pt] = q->nv;
	q->vpt[q->nv++] = pt;
}

/* ---- initial simplex ---- */

/* farthest pair among the six axis-extreme points */
static void extreme_pair(const sw_qh *q, int *i0, int *i1)
{
	int ext[6] = {0, 0, 0, 0, 0, 0};
	for (int i = 1; i < q->n; i++)
		for (int k = 0; k < 3; k++) {
			ext[2 * k] = q->p[i][k] < q->p[ext[2 * k]][k] ? i : ext[2 * k];
			ext[2 * k + 1] = q->p[i][k] > q->p[ext[2 * k + 1]][k] ? i : ext[2 * k + 1];
		}
	double best = -1;
	for (int a = 0; a < 6; a++)
		for (int b = a + 1; b < 6; b++) {
			double d[3];
			sub3(q->p[ext[a]], q->p[ext[b]], d);
			if (dot3(d, d) > best) {
				best = dot3(d, d);
				*i0 = ext[a], *i1 = ext[b];
			}
		}
}

/* the point farthest from the line (i0, i1), and that distance */
static int far_from_line(const sw_qh *q, int i0, int i1, double *dmax)
{
	double u[3], x[3], r[3];
	sub3(q->p[i1], q->p[i0], u);
	double lu = sqrt(dot3(u, u)), sbest = -1;
	int best = -1;
	*dmax = -1;
	for (int i = 0; i < q->n; i++) {
		sub3(q->p[i], q->p[i0], r);
		cross3(r, u, x);
		double s = dot3(x, x);
		if (s < sbest) /* sqrt(s)/lu ≤ the best: both steps are monotonic */
			continue;
		double d = sqrt(s) / lu;
		if (d > *dmax)
			*dmax = d, best = i, sbest = s;
	}
	return best;
}

/* the point farthest from the plane (i0, i1, i2) on either side, its signed distance in *sd */
static int far_from_plane(const sw_qh *q, int i0, int i1, int i2, double *sd)
{
	double a[3], b[3], n[3], r[3];
	sub3(q->p[i1], q->p[i0], a);
	sub3(q->p[i2], q->p[i0], b);
	cross3(a, b, n);
	double ln = sqrt(dot3(n, n)), dmax = -1, tbest = -1;
	int best = -1;
	for (int i = 0; i < q->n; i++) {
		sub3(q->p[i], q->p[i0], r);
		double t = dot3(n, r);
		if (fabs(t) < tbest) /* |t|/ln ≤ the best: the quotient is monotonic in |t| */
			continue;
		double d = t / ln;
		if (fabs(d) > dmax)
			dmax = fabs(d), best = i, *sd = d, tbest = fabs(t);
	}
	return best;
}

/* links the neighbours of the four faces of the simplex */
static void link_simplex(sw_qh *q, const int fs[4])
{
	for (int a = 0; a < 4; a++)
		for (int i = 0; i < 3; i++) {
			sw_qh_face *f = &q->f[fs[a]];
			for (int b = 0; b < 4; b++)
				if (b != a && sw_qh_edge_of_(&q->f[fs[b]], f->v[(i + 1) % 3], f->v[i]) >= 0)
					f->nb[i] = fs[b];
		}
}

/* pushes point pt onto the outside set of the face among fs[0..m) it is farthest above (the first
 * such), if > eps. By selects: which face is farther is not predictable */
static void assign_point(sw_qh *q, const int *fs, int m, int pt)
{
	int best = -1;
	double bd = q->eps;
	for (int k = 0; k < m; k++) {
		double d = dist(q, &q->f[fs[k]], pt);
		best = d > bd ? fs[k] : best;
		bd = d > bd ? d : bd;
	}
	if (best >= 0) {
		q->next[pt] = q->f[best].head;
		q->f[best].head = pt;
		q->busy[best >> 6] |= (uint64_t)1 << (best & 63);
	}
}

sw_hull_status sw_qh_simplex_(sw_qh *q)
{
	int i0 = 0, i1 = 1, fs[4];
	double dl, sd = 0;
	extreme_pair(q, &i0, &i1);
	int i2 = far_from_line(q, i0, i1, &dl);
	if (!(dl > q->eps))
		return SW_HULL_COLLINEAR;
	int i3 = far_from_plane(q, i0, i1, i2, &sd);
	q->tri[0] = i0, q->tri[1] = i1, q->tri[2] = i2;
	if (!(fabs(sd) > q->eps))
		return SW_HULL_FLAT;
	if (sd > 0) { /* i3 must lie behind (i0, i1, i2) */
		int t = i1;
		i1 = i2, i2 = t;
	}
	const int tri[4][3] = {{i0, i1, i2}, {i0, i3, i1}, {i1, i3, i2}, {i2, i3, i0}};
	for (int k = 0; k < 4; k++)
		fs[k] = new_face(q, tri[k][0], tri[k][1], tri[k][2]);
	link_simplex(q, fs);
	for (int k = 0; k < 4; k++)
		face_plane(q, &q->f[fs[k]], NULL);
	add_vertex(q, i0), add_vertex(q, i1), add_vertex(q, i2), add_vertex(q, i3);
	for (int i = 0; i < q->n; i++)
		if (q->vid[i] < 0)
			assign_point(q, fs, 4, i);
	return SW_HULL_OK;
}

/* ---- one quickhull step ---- */

/* The horizon as one cycle of edges a → b of the visible faces (each with the face across it). Its
 * edges are recorded in the order of a scan of the visible faces (horizon_edge), then walked: from
 * edge 0 the walk must come back to edge 0 exactly after visiting every edge (horizon_walk; 0 when
 * the horizon is not a simple cycle): each vertex starts at most one horizon edge, so an early return
 * or a detour into another cycle is caught. */

/* records edge i of visible face f, whose neighbour is not visible; *ok = 0 when the horizon passes
 * its first vertex twice */
static inline void horizon_edge(sw_qh *q, const sw_qh_face *f, int i, int *ne, int *ok)
{
	static const int after[3] = {1, 2, 0};
	int a = q->vid[f->v[i]], e = *ne;
	if (q->hz[a] >= 0 || e >= q->fcap) {
		*ok = 0;
		return;
	}
	q->hz[a] = e, q->ea[e] = f->v[i], q->eb[e] = f->v[after[i]], q->eo[e] = f->nb[i];
	q->eva[e] = a, q->evb[e] = q->vid[f->v[after[i]]];
	*ne = e + 1;
}

/* the cycle of the ne recorded edges in q->ha, hb, ho (q->nh); the vertices' records cleared. Each
 * edge's successor (the edge starting at its end, or −1) is looked up for all edges first, the lookups
 * independent of each other, so the walk waits on one load an edge rather than three */
static int horizon_walk(sw_qh *q, int ne, int ok)
{
	const int *ea = q->ea, *eb = q->eb, *eo = q->eo;
	int *succ = q->esucc, k = 0, nh = 0;
	for (int j = 0; j < ne; j++)
		succ[j] = q->hz[q->evb[j]];
	while (ok && nh < ne) {
		q->ha[nh] = ea[k], q->hb[nh] = eb[k], q->ho[nh++] = eo[k];
		k = succ[k];
		if (k <= 0)
			break;
	}
	q->nh = nh;
	for (int j = 0; j < ne; j++)
		q->hz[q->eva[j]] = -1;
	return ok && k == 0 && nh == ne && ne >= 3;
}

/* the horizon of the visible faces as they are marked (after fill_holes) */
static int horizon(sw_qh *q)
{
	int ne = 0, ok = 1;
	for (int k = 0; k < q->nvis; k++)
		for (int i = 0; i < 3; i++) {
			const sw_qh_face *f = &q->f[q->vis[k]];
			if (q->f[f->nb[i]].mark != q->stamp)
				horizon_edge(q, f, i, &ne, &ok);
		}
	return horizon_walk(q, ne, ok);
}

/* faces visible from eye: those connected to f0 with the eye above them or less than eps below.
 * Taking in the faces the eye is nearly coplanar with (Barber et al.'s coplanar horizon facets)
 * leaves the eye at least eps behind every face on the far side of the horizon, so every new
 * triangle is at least eps high over its horizon edge: its normal is well conditioned and it cannot
 * fold back over its neighbour. The search meets the edges in horizon's order and each neighbour it
 * finds not visible stays so (nothing else marks it), so it records the horizon as it goes; returns
 * horizon_walk's verdict. */
static int find_visible(sw_qh *q, int f0, int eye)
{
	/* the counts, the stamp and eps in locals: every store to a face's int fields would make the
	 * compiler read q's int fields again */
	sw_qh_face *F = q->f;
	int *vis = q->vis;
	const int stamp = ++q->stamp;
	const double neps = -q->eps;
	int ne = 0, ok = 1, nvis = 0;
	vis[nvis++] = f0;
	F[f0].mark = stamp;
	for (int k = 0; k < nvis; k++) {
		/* the face and its neighbours read once: the stores below (marks, the list, the horizon's
		 * records) would make the compiler read them again for each neighbour, on the chain */
		const sw_qh_face *f = &F[vis[k]];
		const int nbs[3] = {f->nb[0], f->nb[1], f->nb[2]};
		for (int i = 0; i < 3; i++) {
			const int g = nbs[i];
			if (F[g].mark == stamp)
				continue;
			if (dist(q, &F[g], eye) > neps) {
				F[g].mark = stamp;
				vis[nvis++] = g;
			} else {
				horizon_edge(q, f, i, &ne, &ok);
			}
		}
	}
	q->nvis = nvis;
	return horizon_walk(q, ne, ok);
}

/* near-degenerate input can leave an invisible island inside the visible region; everything not
 * connected to the face most below the eye is made visible, so the horizon can be one cycle */
static void fill_holes(sw_qh *q, int eye)
{
	unsigned char *reach = q->reach;
	int *queue = q->queue, qn = 0, low = -1;
	double ld = INFINITY;
	memset(reach, 0, (size_t)q->nf);
	for (int s = 0; s < q->nf; s++)
		if (q->f[s].live && q->f[s].mark != q->stamp && dist(q, &q->f[s], eye) < ld)
			ld = dist(q, &q->f[s], eye), low = s;
	if (low < 0)
		return;
	reach[low] = 1;
	queue[qn++] = low;
	for (int k = 0; k < qn; k++)
		for (int i = 0; i < 3; i++) {
			int g = q->f[queue[k]].nb[i];
			if (!reach[g] && q->f[g].mark != q->stamp)
				reach[g] = 1, queue[qn++] = g;
		}
	for (int s = 0; s < q->nf; s++)
		if (q->f[s].live && q->f[s].mark != q->stamp && !reach[s]) {
			q->f[s].mark = q->stamp;
			q->vis[q->nvis++] = s;
		}
}

/* the cone of new faces from the horizon to the eye, linked to each other and to the outside */
static int make_cone(sw_qh *q, int eye, sw_hull3_planes_fn *planes)
{
	/* the slot counts and the horizon's length in locals (see find_visible) */
	sw_qh_face *F = q->f;
	int *cone = q->cone;
	const int nh = q->nh;
	int nf = q->nf, nfree = q->nfree, ok = 1;
	for (int k = 0; k < nh && ok; k++) {
		int a = q->ha[k], b = q->hb[k], out = q->ho[k];
		int s = new_face_in(q, &nf, &nfree, a, b, eye);
		int j = s < 0 ? -1 : sw_qh_edge_of_(&F[out], b, a);
		if (j < 0) {
			ok = 0;
			break;
		}
		cone[k] = s;
		F[s].nb[0] = out;
		F[out].nb[j] = s;
		if (k > 0) /* around the eye: the previous face lies across edge 2, this one across its edge 1 */
			F[s].nb[2] = cone[k - 1], F[cone[k - 1]].nb[1] = s;
	}
	q->nf = nf, q->nfree = nfree;
	if (!ok)
		return 0;
	F[cone[0]].nb[2] = cone[nh - 1], F[cone[nh - 1]].nb[1] = cone[0];
	/* the planes after the links (they read edge 0's neighbour), all in lanes: the faces' planes do not
	 * depend on each other */
	planes(q, q->cone, (uint32_t)q->nh);
	return 1;
}

/* outside points of the visible faces go to the new faces (or are inside now); the visible faces die */
static void retire_visible(sw_qh *q, int eye)
{
	/* the counts in locals (see find_visible) */
	const int nvis = q->nvis, nh = q->nh, *vis = q->vis, *cone = q->cone;
	int nfree = q->nfree;
	for (int k = 0; k < nvis; k++) {
		const int s = vis[k];
		sw_qh_face *f = &q->f[s];
		for (int pt = f->head, nx; pt >= 0; pt = nx) {
			nx = q->next[pt];
			if (pt != eye)
				assign_point(q, cone, nh, pt);
		}
		f->live = 0;
		f->head = -1;
		q->busy[s >> 6] &= ~((uint64_t)1 << (s & 63));
		q->freel[nfree++] = s;
	}
	q->nfree = nfree;
}

static int farthest_outside(const sw_qh *q, const sw_qh_face *f)
{
	int best = f->head;
	double bd = dist(q, f, best);
	for (int pt = q->next[best]; pt >= 0; pt = q->next[pt]) {
		double d = dist(q, f, pt);
		best = d > bd ? pt : best;
		bd = d > bd ? d : bd;
	}
	return best;
}

sw_hull_status sw_qh_hull_(sw_qh *q)
{
	sw_hull3_planes_fn *planes = sw_hull3_lanes_active()->planes;
	for (int iter = 0; iter <= q->n; iter++) {
		int f0 = -1; /* the lowest slot with outside points (they are all live) */
		for (int w = 0; w <= (q->nf - 1) / 64 && f0 < 0; w++)
			if (q->busy[w])
				f0 = 64 * w + (int)sw_low_bit(q->busy[w]);
		if (f0 < 0)
			return SW_HULL_OK;
		if (q->nv >= SW_QH_MAX_VERTS)
			return SW_HULL_TOO_MANY;
		int eye = farthest_outside(q, &q->f[f0]);
		if (!find_visible(q, f0, eye)) {
			fill_holes(q, eye);
			if (!horizon(q))
				return SW_HULL_NUMERIC;
		}
		add_vertex(q, eye);
		if (!make_cone(q, eye, planes))
			return SW_HULL_NUMERIC;
		retire_visible(q, eye);
	}
	return SW_HULL_NUMERIC; /* unreachable: every step consumes a point */
}
