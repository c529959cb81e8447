/* src/hull3.c — sw_hull3_build: the convex hull of a point cloud.
 *
 * Method: quickhull (Barber, Dobkin, Huhdanpaa 1996) over triangles, in double precision, on
 * coordinates taken relative to the cloud's bounding-box centre (exact for float input, so a cloud at
 * 1e4 gives the very numbers it gives at the origin). Planes are thick: a point counts as outside a
 * face only when more than eps above it, so duplicates, near-duplicates and points on the hull never
 * become vertices; a face counts as visible from the new vertex unless the vertex is more than eps
 * behind it, so the new triangles are never slivers (see find_visible). Afterwards adjacent triangles that are coplanar
 * or bent the wrong way within eps are merged into polygonal faces (region growing, Barber et al. §4 "merged facets"),
 * vertices left on only two faces (in the middle of an edge) are dropped, and the result is made canonical.
 *
 * Order independence: the points are sorted lexicographically and exact duplicates removed before
 * anything else, so every permutation of a cloud runs the same computation and gives the same bits.
 * Termination: each step turns one outside point into a vertex and no point is ever re-added, so the
 * main loop runs at most min(n, QH_MAX_VERTS) times; every other loop is bounded by the face pool.
 * The finished hull is checked (sw_hull3_check plus containment of every input point within tol);
 * when it fails, everything is redone with a thicker plane (run), and a hull that still fails is
 * reported as SW_HULL_NUMERIC, never returned.
 */
#include "hull3_int.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define QH_MAX_VERTS SW_QH_MAX_VERTS
/* face slots: live triangles ≤ 2V − 4 plus one cone under construction; freed slots are reused */
#define QH_MAX_FACES (4 * QH_MAX_VERTS)
/* a triangle whose edges' cross product is below this times their lengths' product is degenerate: its
 * normal is taken from its neighbour instead (it will merge into that neighbour) */
#define QH_DEGEN_SINE 1e-12
/* attempts at growing plane thickness before SW_HULL_NUMERIC (see run) */
#define QH_RETRIES 3

typedef struct qh_face {
	int v[3];       /* point indices, counter-clockwise from outside */
	int nb[3];      /* face across edge (v[i], v[i+1]) */
	double n[3], d; /* outward unit normal and offset, relative coordinates */
	int head;       /* first point of the outside set, −1 when empty */
	int live;
	int mark;   /* visibility stamp */
	int region; /* merge label: the representative face */
} qh_face;

typedef struct qh {
	int n;          /* unique points */
	double (*p)[3]; /* relative coordinates */
	int *next;      /* outside-set links */
	int *vid;       /* vertex id of a point, −1 when not a vertex */
	double eps;     /* plane thickness */
	int vpt[QH_MAX_VERTS];
	int nv;
	int hz[QH_MAX_VERTS]; /* per vertex id: horizon edge starting there, −1 */
	qh_face f[QH_MAX_FACES];
	int nf, stamp;
	int freel[QH_MAX_FACES], nfree;
	int vis[QH_MAX_FACES], nvis;
	int hf[QH_MAX_FACES], he[QH_MAX_FACES], nh; /* horizon: visible face and its edge, in cycle order */
	int cone[QH_MAX_FACES];
	double rn[QH_MAX_FACES][3], rd[QH_MAX_FACES]; /* region planes, at the representative */
	int mask[QH_MAX_VERTS];                       /* scratch stamps per vertex id */
	int mstamp;
	int tri[3];        /* the initial triangle; its plane is the cloud's when the cloud is flat */
	sw_flat_poly flat; /* the polygon of a flat cloud */
} qh;

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

static double dist(const qh *q, const qh_face *f, int pt) { return dot3(f->n, q->p[pt]) - f->d; }

/* ---- input: validate, sort, deduplicate ---- */

static int cmp_pt(const void *pa, const void *pb)
{
	const sw_vec3 *a = pa, *b = pb;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	if (a->z != b->z)
		return a->z < b->z ? -1 : 1;
	return 0;
}

static int coord_ok(float x) { return isfinite(x) && fabsf(x) <= SW_MAX_COORD; }

static sw_hull_status check_input(const sw_vec3 *pts, size_t n, const sw_hull_opts *opts, double *rel)
{
	*rel = SW_HULL_REL_EPS;
	if (opts && opts->rel_eps != 0) {
		if (!(opts->rel_eps >= FLT_EPSILON && opts->rel_eps <= 1e-2f))
			return SW_HULL_INVALID_INPUT;
		*rel = opts->rel_eps;
	}
	if (n > SW_HULL_MAX_POINTS)
		return SW_HULL_INVALID_INPUT;
	for (size_t i = 0; i < n; i++)
		if (!coord_ok(pts[i].x) || !coord_ok(pts[i].y) || !coord_ok(pts[i].z))
			return SW_HULL_INVALID_INPUT;
	return SW_HULL_OK;
}

/* sorted unique copy (−0 folded into +0 first, so it cannot make the order depend on the input's) */
static size_t unique_sorted(const sw_vec3 *in, size_t n, sw_vec3 *out)
{
	for (size_t i = 0; i < n; i++)
		out[i] = sw_v3(in[i].x + 0.0f, in[i].y + 0.0f, in[i].z + 0.0f);
	qsort(out, n, sizeof *out, cmp_pt);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (m == 0 || cmp_pt(&out[m - 1], &out[i]) != 0)
			out[m++] = out[i];
	return m;
}

/* ---- faces ---- */

/* plane of a triangle from its two shorter edges; a degenerate one borrows the normal of `nb` */
static void face_plane(qh *q, qh_face *f, const qh_face *nb)
{
	double e[3][3], l[3], x[3];
	for (int i = 0; i < 3; i++) {
		sub3(q->p[f->v[(i + 1) % 3]], q->p[f->v[i]], e[i]);
		l[i] = sqrt(dot3(e[i], e[i]));
	}
	int lg = l[0] >= l[1] ? (l[0] >= l[2] ? 0 : 2) : (l[1] >= l[2] ? 1 : 2);
	int i1 = (lg + 1) % 3, i2 = (lg + 2) % 3;
	cross3(e[i1], e[i2], x);
	double len = sqrt(dot3(x, x));
	if (len > QH_DEGEN_SINE * l[i1] * l[i2] && len > 0) {
		for (int k = 0; k < 3; k++)
			f->n[k] = x[k] / len;
	} else if (nb) {
		memcpy(f->n, nb->n, sizeof f->n);
	} else {
		f->n[0] = 1, f->n[1] = f->n[2] = 0;
	}
	f->d = (dot3(f->n, q->p[f->v[0]]) + dot3(f->n, q->p[f->v[1]]) + dot3(f->n, q->p[f->v[2]])) / 3;
}

static int new_face(qh *q, int a, int b, int c)
{
	int s;
	if (q->nfree > 0)
		s = q->freel[--q->nfree];
	else if (q->nf < QH_MAX_FACES)
		s = q->nf++;
	else
		return -1;
	qh_face *f = &q->f[s];
	memset(f, 0, sizeof *f);
	f->v[0] = a, f->v[1] = b, f->v[2] = c;
	f->nb[0] = f->nb[1] = f->nb[2] = -1;
	f->head = -1;
	f->live = 1;
	f->region = s;
	return s;
}

/* edge index i of face f with v[i] = a, v[i+1] = b, or −1 */
static int edge_of(const qh_face *f, int a, int b)
{
	for (int i = 0; i < 3; i++)
		if (f->v[i] == a && f->v[(i + 1) % 3] == b)
			return i;
	return -1;
}

static void add_vertex(qh *q, int pt)
{
	q->vid[pt] = q->nv;
	q->vpt[q->nv++] = pt;
}

/* ---- initial simplex ---- */

/* farthest pair among the six axis-extreme points */
static void extreme_pair(const qh *q, int *i0, int *i1)
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
static int far_from_line(const qh *q, int i0, int i1, double *dmax)
{
	double u[3], x[3], r[3];
	sub3(q->p[i1], q->p[i0], u);
	double lu = sqrt(dot3(u, u));
	int best = -1;
	*dmax = -1;
	for (int i = 0; i < q->n; i++) {
		sub3(q->p[i], q->p[i0], r);
		cross3(r, u, x);
		double d = sqrt(dot3(x, x)) / lu;
		if (d > *dmax)
			*dmax = d, best = i;
	}
	return best;
}

/* the point farthest from the plane (i0, i1, i2) on either side, its signed distance in *sd */
static int far_from_plane(const qh *q, int i0, int i1, int i2, double *sd)
{
	double a[3], b[3], n[3], r[3];
	sub3(q->p[i1], q->p[i0], a);
	sub3(q->p[i2], q->p[i0], b);
	cross3(a, b, n);
	double ln = sqrt(dot3(n, n)), dmax = -1;
	int best = -1;
	for (int i = 0; i < q->n; i++) {
		sub3(q->p[i], q->p[i0], r);
		double d = dot3(n, r) / ln;
		if (fabs(d) > dmax)
			dmax = fabs(d), best = i, *sd = d;
	}
	return best;
}

/* links the neighbours of the four faces of the simplex */
static void link_simplex(qh *q, const int fs[4])
{
	for (int a = 0; a < 4; a++)
		for (int i = 0; i < 3; i++) {
			qh_face *f = &q->f[fs[a]];
			for (int b = 0; b < 4; b++)
				if (b != a && edge_of(&q->f[fs[b]], f->v[(i + 1) % 3], f->v[i]) >= 0)
					f->nb[i] = fs[b];
		}
}

/* pushes point pt onto the outside set of the face among fs[0..m) it is farthest above, if > eps */
static void assign_point(qh *q, const int *fs, int m, int pt)
{
	int best = -1;
	double bd = q->eps;
	for (int k = 0; k < m; k++) {
		double d = dist(q, &q->f[fs[k]], pt);
		if (d > bd)
			bd = d, best = fs[k];
	}
	if (best >= 0) {
		q->next[pt] = q->f[best].head;
		q->f[best].head = pt;
	}
}

static sw_hull_status initial_simplex(qh *q)
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

/* faces visible from eye: those connected to f0 with the eye above them or less than eps below.
 * Taking in the faces the eye is nearly coplanar with (Barber et al.'s coplanar horizon facets)
 * leaves the eye at least eps behind every face on the far side of the horizon, so every new
 * triangle is at least eps high over its horizon edge: its normal is well conditioned and it cannot
 * fold back over its neighbour. */
static void find_visible(qh *q, int f0, int eye)
{
	q->stamp++;
	q->nvis = 0;
	q->vis[q->nvis++] = f0;
	q->f[f0].mark = q->stamp;
	for (int k = 0; k < q->nvis; k++)
		for (int i = 0; i < 3; i++) {
			int g = q->f[q->vis[k]].nb[i];
			if (q->f[g].mark != q->stamp && dist(q, &q->f[g], eye) > -q->eps) {
				q->f[g].mark = q->stamp;
				q->vis[q->nvis++] = g;
			}
		}
}

/* near-degenerate input can leave an invisible island inside the visible region; everything not
 * connected to the face most below the eye is made visible, so the horizon can be one cycle */
static void fill_holes(qh *q, int eye)
{
	unsigned char reach[QH_MAX_FACES] = {0};
	int queue[QH_MAX_FACES], qn = 0, low = -1;
	double ld = INFINITY;
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

/* the horizon as one cycle of (visible face, edge); 0 when it is not a simple cycle. The walk from
 * edge 0 must come back to edge 0 exactly after visiting every edge: each vertex starts at most one
 * horizon edge, so an early return or a detour into another cycle is caught. */
static int horizon(qh *q)
{
	int ne = 0, ok = 1, ef[QH_MAX_FACES], ei[QH_MAX_FACES];
	for (int k = 0; k < q->nvis; k++)
		for (int i = 0; i < 3; i++) {
			const qh_face *f = &q->f[q->vis[k]];
			if (q->f[f->nb[i]].mark == q->stamp)
				continue;
			int a = q->vid[f->v[i]];
			if (q->hz[a] >= 0 || ne >= QH_MAX_FACES)
				ok = 0; /* the horizon passes this vertex twice */
			else
				q->hz[a] = ne, ef[ne] = q->vis[k], ei[ne++] = i;
		}
	int k = 0, nh = 0;
	while (ok && nh < ne) {
		q->hf[nh] = ef[k], q->he[nh++] = ei[k];
		k = q->hz[q->vid[q->f[ef[k]].v[(ei[k] + 1) % 3]]];
		if (k <= 0)
			break;
	}
	q->nh = nh;
	for (int j = 0; j < ne; j++)
		q->hz[q->vid[q->f[ef[j]].v[ei[j]]]] = -1;
	return ok && k == 0 && nh == ne && ne >= 3;
}

/* the cone of new faces from the horizon to the eye, linked to each other and to the outside */
static int make_cone(qh *q, int eye)
{
	for (int k = 0; k < q->nh; k++) {
		const qh_face *f = &q->f[q->hf[k]];
		int a = f->v[q->he[k]], b = f->v[(q->he[k] + 1) % 3], out = f->nb[q->he[k]];
		int s = new_face(q, a, b, eye);
		if (s < 0)
			return 0;
		q->cone[k] = s;
		int j = edge_of(&q->f[out], b, a);
		if (j < 0)
			return 0;
		q->f[s].nb[0] = out;
		q->f[out].nb[j] = s;
		face_plane(q, &q->f[s], &q->f[out]);
	}
	for (int k = 0; k < q->nh; k++) {
		q->f[q->cone[k]].nb[1] = q->cone[(k + 1) % q->nh];
		q->f[q->cone[k]].nb[2] = q->cone[(k + q->nh - 1) % q->nh];
	}
	return 1;
}

/* outside points of the visible faces go to the new faces (or are inside now); the visible faces die */
static void retire_visible(qh *q, int eye)
{
	for (int k = 0; k < q->nvis; k++) {
		qh_face *f = &q->f[q->vis[k]];
		for (int pt = f->head, nx; pt >= 0; pt = nx) {
			nx = q->next[pt];
			if (pt != eye)
				assign_point(q, q->cone, q->nh, pt);
		}
		f->live = 0;
		f->head = -1;
		q->freel[q->nfree++] = q->vis[k];
	}
}

static int farthest_outside(const qh *q, const qh_face *f)
{
	int best = f->head;
	double bd = dist(q, f, best);
	for (int pt = q->next[best]; pt >= 0; pt = q->next[pt])
		if (dist(q, f, pt) > bd)
			bd = dist(q, f, pt), best = pt;
	return best;
}

static sw_hull_status quickhull(qh *q)
{
	for (int iter = 0; iter <= q->n; iter++) {
		int f0 = -1;
		for (int s = 0; s < q->nf && f0 < 0; s++)
			if (q->f[s].live && q->f[s].head >= 0)
				f0 = s;
		if (f0 < 0)
			return SW_HULL_OK;
		if (q->nv >= QH_MAX_VERTS)
			return SW_HULL_TOO_MANY;
		int eye = farthest_outside(q, &q->f[f0]);
		find_visible(q, f0, eye);
		if (!horizon(q)) {
			fill_holes(q, eye);
			if (!horizon(q))
				return SW_HULL_NUMERIC;
		}
		add_vertex(q, eye);
		if (!make_cone(q, eye))
			return SW_HULL_NUMERIC;
		retire_visible(q, eye);
	}
	return SW_HULL_NUMERIC; /* unreachable: every step consumes a point */
}

/* ---- merging coplanar triangles into polygonal faces ---- */

/* plane of region r: the normalised sum of its triangles' vector areas (for a planar region exactly
 * its normal), offset the largest n·v over its vertices */
static void region_plane(qh *q, int r)
{
	double a[3] = {0, 0, 0}, e1[3], e2[3], x[3];
	for (int s = 0; s < q->nf; s++) {
		const qh_face *f = &q->f[s];
		if (!f->live || f->region != r)
			continue;
		sub3(q->p[f->v[1]], q->p[f->v[0]], e1);
		sub3(q->p[f->v[2]], q->p[f->v[0]], e2);
		cross3(e1, e2, x);
		a[0] += x[0], a[1] += x[1], a[2] += x[2];
	}
	double l = sqrt(dot3(a, a)), dmax = -INFINITY;
	for (int k = 0; k < 3; k++)
		q->rn[r][k] = l > 0 ? a[k] / l : q->f[r].n[k];
	for (int s = 0; s < q->nf; s++)
		if (q->f[s].live && q->f[s].region == r)
			for (int i = 0; i < 3; i++)
				dmax = fmax(dmax, dot3(q->rn[r], q->p[q->f[s].v[i]]));
	q->rd[r] = dmax;
}

/* some vertex of region b that is not one of region a's lies above a's plane or less than eps below
 * it: the two are coplanar, or bent the wrong way by rounding */
static int leans_on(qh *q, int a, int b)
{
	int st = ++q->mstamp;
	for (int s = 0; s < q->nf; s++)
		if (q->f[s].live && q->f[s].region == a)
			for (int i = 0; i < 3; i++)
				q->mask[q->vid[q->f[s].v[i]]] = st;
	for (int s = 0; s < q->nf; s++) {
		if (!q->f[s].live || q->f[s].region != b)
			continue;
		for (int i = 0; i < 3; i++) {
			int pt = q->f[s].v[i];
			if (q->mask[q->vid[pt]] != st && dot3(q->rn[a], q->p[pt]) - q->rd[a] >= -q->eps)
				return 1;
		}
	}
	return 0;
}

/* grows regions across edges until no two neighbours lean on each other; each merge removes a
 * region, so the passes end */
static void merge_regions(qh *q)
{
	for (int s = 0; s < q->nf; s++)
		if (q->f[s].live)
			region_plane(q, s);
	for (int changed = 1; changed;) {
		changed = 0;
		for (int s = 0; s < q->nf; s++)
			for (int i = 0; i < 3 && q->f[s].live; i++) {
				int a = q->f[s].region, b = q->f[q->f[s].nb[i]].region;
				if (a == b || !(leans_on(q, a, b) || leans_on(q, b, a)))
					continue;
				for (int t = 0; t < q->nf; t++)
					if (q->f[t].live && q->f[t].region == b)
						q->f[t].region = a;
				region_plane(q, a);
				changed = 1;
			}
	}
}

/* ---- polygon loops ---- */

typedef struct qh_loops {
	int nl, total;
	int first[QH_MAX_FACES], count[QH_MAX_FACES];
	int idx[3 * QH_MAX_FACES]; /* vertex ids */
} qh_loops;

/* boundary of region r as one loop of vertex ids appended to L; 0 when it is not a single simple loop */
static int region_loop(qh *q, int r, qh_loops *L)
{
	int nb = 0, start = -1, ok = 1, *nxt = q->hz;
	for (int s = 0; s < q->nf; s++)
		for (int i = 0; i < 3 && q->f[s].live && q->f[s].region == r; i++) {
			if (q->f[q->f[s].nb[i]].region == r)
				continue;
			int a = q->vid[q->f[s].v[i]], b = q->vid[q->f[s].v[(i + 1) % 3]];
			ok &= nxt[a] < 0;
			nxt[a] = b, start = a, nb++;
		}
	int len = 0, v = start;
	L->first[L->nl] = L->total;
	while (ok && len < nb) {
		L->idx[L->total + len++] = v;
		v = nxt[v];
		if (v < 0 || v == start)
			break;
	}
	ok = ok && v == start && len == nb && len >= 3;
	for (int s = 0; s < q->nf; s++) /* reset the scratch map */
		for (int i = 0; i < 3 && q->f[s].live && q->f[s].region == r; i++)
			nxt[q->vid[q->f[s].v[i]]] = -1;
	if (ok) {
		L->count[L->nl++] = len;
		L->total += len;
	}
	return ok;
}

/* drops vertices on fewer than three faces (they sit in the middle of an edge, within eps) */
static int drop_edge_vertices(const qh *q, qh_loops *L, int *deg)
{
	memset(deg, 0, sizeof(int) * (size_t)q->nv);
	for (int k = 0; k < L->total; k++)
		deg[L->idx[k]]++;
	int w = 0;
	for (int f = 0; f < L->nl; f++) {
		int first = w;
		for (int k = 0; k < L->count[f]; k++)
			if (deg[L->idx[L->first[f] + k]] >= 3)
				L->idx[w++] = L->idx[L->first[f] + k];
		L->first[f] = first;
		L->count[f] = w - first;
		if (L->count[f] < 3)
			return 0;
	}
	L->total = w;
	return 1;
}

static sw_hull_status build_loops(qh *q, qh_loops *L, int *deg)
{
	L->nl = L->total = 0;
	for (int s = 0; s < q->nf; s++)
		if (q->f[s].live && q->f[s].region == s && !region_loop(q, s, L))
			return SW_HULL_NUMERIC;
	return drop_edge_vertices(q, L, deg) ? SW_HULL_OK : SW_HULL_NUMERIC;
}

/* ---- canonical output ---- */

typedef struct loop_key {
	int a, b, loop, rot;
} loop_key;

static int cmp_key(const void *pa, const void *pb)
{
	const loop_key *x = pa, *y = pb;
	if (x->a != y->a)
		return x->a < y->a ? -1 : 1;
	return (x->b > y->b) - (x->b < y->b);
}

/* vertices in point order (= lexicographic), loops started at their smallest index, faces sorted */
static sw_hull_status emit(const qh *q, qh_loops *L, const int *deg, const sw_vec3 *pts, sw_hull3 *out)
{
	int map[QH_MAX_VERTS], nv = 0;
	for (int i = 0; i < q->n; i++) /* points are sorted, so this visits vertices in order */
		if (q->vid[i] >= 0 && deg[q->vid[i]] >= 3) {
			if (nv == SW_HULL_MAX_VERTS)
				return SW_HULL_TOO_MANY;
			map[q->vid[i]] = nv;
			out->verts[nv++] = pts[i];
		}
	if (L->nl > SW_HULL_MAX_FACES || L->total > SW_HULL_MAX_FACE_INDICES)
		return SW_HULL_NUMERIC;
	loop_key keys[QH_MAX_FACES];
	for (int f = 0; f < L->nl; f++) {
		int *lp = &L->idx[L->first[f]], m = L->count[f], r = 0;
		for (int k = 0; k < m; k++) {
			lp[k] = map[lp[k]];
			r = lp[k] < lp[r] ? k : r;
		}
		keys[f] = (loop_key){lp[r], lp[(r + 1) % m], f, r};
	}
	qsort(keys, (size_t)L->nl, sizeof *keys, cmp_key);
	int w = 0;
	for (int f = 0; f < L->nl; f++) {
		const int *lp = &L->idx[L->first[keys[f].loop]];
		int m = L->count[keys[f].loop];
		out->faces[f].first = (uint16_t)w;
		out->faces[f].count = (uint16_t)m;
		for (int k = 0; k < m; k++)
			out->face_verts[w++] = (uint8_t)lp[(keys[f].rot + k) % m];
	}
	out->num_verts = (uint32_t)nv;
	out->num_faces = (uint32_t)L->nl;
	return SW_HULL_OK;
}

/* ---- flat clouds ---- */

/* the flat hull of the polygon q->flat: normal sign canonical (its largest-magnitude component
 * positive, the ring reversed when that flips it), loop started at the first vertex in point order */
static sw_hull_status emit_flat(qh *q, const sw_vec3 *pts, sw_hull3 *out)
{
	sw_flat_poly *fp = &q->flat;
	int k = fp->k, ring[QH_MAX_VERTS], first = 0;
	if (k > SW_HULL_MAX_VERTS)
		return SW_HULL_TOO_MANY;
	double nw[3] = {0, 0, 0};
	for (int i = 0; i < k; i++) {
		const double *a = q->p[fp->ring[i]], *b = q->p[fp->ring[(i + 1) % k]];
		nw[0] += (a[1] - b[1]) * (a[2] + b[2]);
		nw[1] += (a[2] - b[2]) * (a[0] + b[0]);
		nw[2] += (a[0] - b[0]) * (a[1] + b[1]);
	}
	int big = fabs(nw[1]) > fabs(nw[0]) ? 1 : 0;
	big = fabs(nw[2]) > fabs(nw[big]) ? 2 : big;
	for (int i = 0; i < k; i++) {
		ring[i] = nw[big] < 0 ? fp->ring[k - 1 - i] : fp->ring[i];
		first = ring[i] < ring[first] ? i : first;
	}
	for (int i = 0; i < k; i++) {
		out->verts[i] = pts[ring[(first + i) % k]];
		out->face_verts[i] = (uint8_t)i;
		out->face_verts[k + i] = (uint8_t)((k - i) % k);
	}
	out->faces[0].first = 0;
	out->faces[1].first = (uint16_t)k;
	out->faces[0].count = out->faces[1].count = (uint16_t)k;
	out->num_verts = (uint32_t)k;
	out->num_faces = 2;
	return SW_HULL_OK;
}

/* every input point within tol of the finished hull, judged with the stored float data: behind every
 * face plane and, for a flat hull, behind every side (the plane through an edge along the normal) */
static int contains_all(const sw_hull3 *h, const sw_vec3 *pts, size_t n)
{
	for (uint32_t f = 0; f < h->num_faces; f++) {
		const sw_hull_face *fc = &h->faces[f];
		for (size_t i = 0; i < n; i++) {
			double s = (double)fc->normal.x * pts[i].x + (double)fc->normal.y * pts[i].y +
				   (double)fc->normal.z * pts[i].z - fc->d;
			if (s > h->tol)
				return 0;
		}
	}
	for (uint32_t e = 0; h->num_faces == 2 && e < h->num_verts; e++) {
		const sw_vec3 a = h->verts[e], b = h->verts[(e + 1) % h->num_verts], nf = h->faces[0].normal;
		const double u[3] = {(double)b.x - a.x, (double)b.y - a.y, (double)b.z - a.z};
		double m[3] = {u[1] * nf.z - u[2] * nf.y, u[2] * nf.x - u[0] * nf.z, u[0] * nf.y - u[1] * nf.x};
		double l = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
		for (size_t i = 0; i < n; i++) {
			double s = m[0] * ((double)pts[i].x - a.x) + m[1] * ((double)pts[i].y - a.y) +
				   m[2] * ((double)pts[i].z - a.z);
			if (s > h->tol * l)
				return 0;
		}
	}
	return 1;
}

/* ---- entry ---- */

/* one attempt at plane thickness rel·S on sorted unique points (q's per-point arrays allocated) */
static sw_hull_status attempt(qh *q, const sw_vec3 *pts, double rel, qh_loops *L, sw_hull3 *out)
{
	double c[3], tol;
	int deg[QH_MAX_VERTS];
	q->nv = q->nf = q->nfree = q->stamp = q->mstamp = 0;
	memset(q->mask, 0, sizeof q->mask);
	for (int k = 0; k < QH_MAX_VERTS; k++)
		q->hz[k] = -1;
	sw_hull3_tolerances_(pts, (size_t)q->n, rel, c, &q->eps, &tol);
	for (int i = 0; i < q->n; i++) {
		const double v[3] = {pts[i].x, pts[i].y, pts[i].z};
		sub3(v, c, q->p[i]);
		q->vid[i] = -1;
	}
	memset(out, 0, sizeof *out);
	sw_hull_status st = initial_simplex(q);
	if (st == SW_HULL_FLAT) {
		st = sw_hull3_flat_((const double(*)[3])q->p, q->n, q->eps, q->tri, q->next, &q->flat);
		if (st == SW_HULL_OK)
			st = emit_flat(q, pts, out);
	} else {
		if (st == SW_HULL_OK)
			st = quickhull(q);
		if (st != SW_HULL_OK)
			return st;
		merge_regions(q);
		st = build_loops(q, L, deg);
		if (st == SW_HULL_OK)
			st = emit(q, L, deg, pts, out);
	}
	if (st == SW_HULL_OK)
		st = sw_hull3_finish_(out, q->eps, tol);
	if (st == SW_HULL_OK && !contains_all(out, pts, (size_t)q->n))
		st = SW_HULL_NUMERIC;
	if (st == SW_HULL_OK && sw_hull3_validate_(out, 1, NULL, 0) != SW_HULL_OK)
		st = SW_HULL_NUMERIC;
	return st;
}

/* noise right at the scale of eps (points a little more than eps apart or off a plane) can leave
 * the thick-plane construction inconsistent; it is then redone with eps 8 and 64 times larger,
 * which absorbs that noise. The hull reports the eps it was built with. */
static sw_hull_status run(qh *q, const sw_vec3 *pts, double rel, sw_hull3 *out)
{
	qh_loops *L = malloc(sizeof *L);
	if (!L)
		return SW_HULL_NO_MEMORY;
	sw_hull_status st = SW_HULL_NUMERIC;
	for (int k = 0; k < QH_RETRIES && st == SW_HULL_NUMERIC; k++, rel *= 8)
		st = attempt(q, pts, rel, L, out);
	free(L);
	return st;
}

sw_hull_status sw_hull3_build_st_(const sw_vec3 *points, size_t n, const sw_hull_opts *opts, sw_hull3 *out)
{
	double rel;
	if (!out)
		return SW_HULL_INVALID_INPUT;
	memset(out, 0, sizeof *out); /* unused capacity is zero too: equal hulls are equal bytes */
	if (!points || n == 0)
		return SW_HULL_EMPTY;
	sw_hull_status st = check_input(points, n, opts, &rel);
	if (st != SW_HULL_OK)
		return st;
	sw_vec3 *pts = malloc(n * sizeof *pts);
	qh *q = calloc(1, sizeof *q);
	if (q) {
		q->p = malloc(n * sizeof *q->p);
		q->next = malloc(n * sizeof *q->next);
		q->vid = malloc(n * sizeof *q->vid);
	}
	if (!pts || !q || !q->p || !q->next || !q->vid) {
		st = SW_HULL_NO_MEMORY;
	} else {
		q->n = (int)unique_sorted(points, n, pts);
		st = q->n < 3 ? SW_HULL_TOO_FEW : run(q, pts, rel, out);
	}
	if (q) {
		free(q->p);
		free(q->next);
		free(q->vid);
	}
	free(q);
	free(pts);
	if (st != SW_HULL_OK)
		sw_hull3_clear_(out);
	return st;
}
