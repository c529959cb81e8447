/* src/hull3_merge.c — after quickhull: neighbouring triangles within eps of coplanar merged into
 * polygonal faces (region growing, Barber, Dobkin, Huhdanpaa 1996, §4 "merged facets"), the faces'
 * boundary loops with vertices left on only two faces dropped, and the canonical hull (vertices in
 * point order, loops from their smallest vertex, faces sorted).
 */
#include "hull3_lanes.h"
#include "hull3_qh.h"

#include <math.h>
#include <string.h>

static void sub3(const double a[3], const double b[3], double o[3])
{
	o[0] = a[0] - b[0];
	o[1] = a[1] - b[1];
	o[2] = a[2] - b[2];
}

/* ---- merging coplanar triangles into polygonal faces ---- */

/* Regions are lists of faces in slot order (rhead, rnext), so a region is walked in the order a scan
 * of all slots would meet it: sums over a region round the same way. */

/* plane of region r: the normalised sum of its triangles' vector areas (for a planar region exactly
 * its normal), offset the largest n·v over its vertices (one-triangle regions: sw_hull3_rplanes_fn,
 * these operations in lanes) */
static void region_plane(sw_qh *q, int r)
{
	double a[3] = {0, 0, 0}, e1[3], e2[3], x[3];
	for (int s = q->rhead[r]; s >= 0; s = q->f[s].rnext) {
		const sw_qh_face *f = &q->f[s];
		sub3(q->p[f->v[1]], q->p[f->v[0]], e1);
		sub3(q->p[f->v[2]], q->p[f->v[0]], e2);
		sw_hd_cross(e1, e2, x);
		a[0] += x[0], a[1] += x[1], a[2] += x[2];
	}
	double l = sqrt(sw_hd_dot(a, a)), dmax = -INFINITY;
	for (int k = 0; k < 3; k++)
		q->rn[r][k] = l > 0 ? a[k] / l : q->f[r].n[k];
	for (int s = q->rhead[r]; s >= 0; s = q->f[s].rnext)
		for (int i = 0; i < 3; i++) {
			double d = sw_hd_dot(q->rn[r], q->p[q->f[s].v[i]]);
			dmax = d > dmax ? d : dmax;
		}
	q->rd[r] = dmax;
}

/* a point pt of region b above region a's plane or less than eps below it, pt not one of the corners of
 * a's one triangle; for two one-triangle regions across their common edge pt is b's corner opposite the
 * edge, the only point of b that is not one of a's (unless it is a's too) */
static inline int tri_leans(const sw_qh *q, int a, int pt)
{
	const sw_qh_face *fa = &q->f[q->rhead[a]];
	return pt != fa->v[0] && pt != fa->v[1] && pt != fa->v[2] &&
	       sw_hd_dot(q->rn[a], q->p[pt]) - q->rd[a] >= -q->eps;
}

/* marks the vertices of region r with a new stamp (q->mask by vertex id) and returns it */
static int mark_region(sw_qh *q, int r)
{
	int st = ++q->mstamp;
	for (int s = q->rhead[r]; s >= 0; s = q->f[s].rnext)
		for (int i = 0; i < 3; i++)
			q->mask[q->vid[q->f[s].v[i]]] = st;
	return st;
}

/* some vertex of region b that is not one of region a's lies above a's plane or less than eps below
 * it: the two are coplanar, or bent the wrong way by rounding */
static int leans_on(sw_qh *q, int a, int b)
{
	const sw_qh_face *fa = &q->f[q->rhead[a]];
	if (fa->rnext < 0) { /* a is one triangle (most regions): its vertex set is its three points */
		for (int s = q->rhead[b]; s >= 0; s = q->f[s].rnext)
			for (int i = 0; i < 3; i++)
				if (tri_leans(q, a, q->f[s].v[i]))
					return 1;
		return 0;
	}
	int st = mark_region(q, a);
	for (int s = q->rhead[b]; s >= 0; s = q->f[s].rnext)
		for (int i = 0; i < 3; i++) {
			int pt = q->f[s].v[i];
			if (q->mask[q->vid[pt]] != st && sw_hd_dot(q->rn[a], q->p[pt]) - q->rd[a] >= -q->eps)
				return 1;
		}
	return 0;
}

/* the spread max − min of n·v over the vertices of regions a and b, n their joint plane's normal (the
 * normalised sum of both regions' vector areas, as region_plane would compute it after the join) */
static double joint_spread(const sw_qh *q, int a, int b)
{
	double s[3] = {0, 0, 0}, e1[3], e2[3], x[3], n[3];
	const int rs[2] = {a, b};
	for (int k = 0; k < 2; k++)
		for (int t = q->rhead[rs[k]]; t >= 0; t = q->f[t].rnext) {
			const sw_qh_face *f = &q->f[t];
			sub3(q->p[f->v[1]], q->p[f->v[0]], e1);
			sub3(q->p[f->v[2]], q->p[f->v[0]], e2);
			sw_hd_cross(e1, e2, x);
			s[0] += x[0], s[1] += x[1], s[2] += x[2];
		}
	double l = sqrt(sw_hd_dot(s, s)), lo = INFINITY, hi = -INFINITY;
	if (!(l > 0))
		return 0;
	n[0] = s[0] / l, n[1] = s[1] / l, n[2] = s[2] / l;
	for (int k = 0; k < 2; k++)
		for (int t = q->rhead[rs[k]]; t >= 0; t = q->f[t].rnext)
			for (int i = 0; i < 3; i++) {
				double d = sw_hd_dot(n, q->p[q->f[t].v[i]]);
				lo = d < lo ? d : lo, hi = d > hi ? d : hi;
			}
	return hi - lo;
}

/* the point of region b that is not one of region a's highest above a's plane, its height in *h */
static int highest_on(sw_qh *q, int a, int b, double *h)
{
	int st = mark_region(q, a), best = -1;
	*h = -INFINITY;
	for (int s = q->rhead[b]; s >= 0; s = q->f[s].rnext)
		for (int i = 0; i < 3; i++) {
			int pt = q->f[s].v[i];
			double d = sw_hd_dot(q->rn[a], q->p[pt]) - q->rd[a];
			if (q->mask[q->vid[pt]] != st && d > *h)
				*h = d, best = pt;
		}
	return best;
}

/* a join of leaning regions a and b refused by the bounded merge: the most leaning point of the two
 * (the highest above the other region's plane) is proposed for dropping, once per attempt */
static void propose_drop(sw_qh *q, int a, int b)
{
	if (q->drop_pt >= 0)
		return;
	double ha, hb;
	int pa = highest_on(q, a, b, &ha), pb = highest_on(q, b, a, &hb);
	q->drop_pt = hb > ha ? pb : pa;
}

/* region b joins region a: its faces are relabelled and the two lists merged in slot order */
static void join_regions(sw_qh *q, int a, int b)
{
	int ia = q->rhead[a], ib = q->rhead[b], head = -1, *tail = &head;
	while (ia >= 0 || ib >= 0) {
		int take;
		if (ib < 0 || (ia >= 0 && ia < ib)) {
			take = ia, ia = q->f[ia].rnext;
		} else {
			take = ib, ib = q->f[ib].rnext;
			q->f[take].region = a;
		}
		*tail = take;
		tail = &q->f[take].rnext;
	}
	*tail = -1;
	q->rhead[a] = head;
}

/* whether some edge between two triangles (every region still one triangle) leans. When none does, the
 * passes of sw_qh_merge_ would judge the same pairs the same way and merge nothing. one: the nr live
 * faces. Each half-edge (s, i) judges one side, tri_leans(s, t's corner opposite the edge), so an
 * edge's two half-edges make the pair of tests the passes make; these are the same tests on the same
 * values. Every live face's edge a → b is its neighbour's edge b → a: the simplex's faces are made so,
 * each cone face is linked across its horizon edge only where the face outside runs it back
 * (make_cone; otherwise SW_HULL_NUMERIC) and to its cone neighbours across the edges they share, and
 * every edge between a visible and a live face is on the horizon (horizon_walk takes every recorded
 * edge or fails), so no live face keeps a dead neighbour. t's corner off the edge is then the sum of its
 * corners less a and b, with no search for the edge. No branch per half-edge: the verdicts are
 * predictable (almost always none), the values are not. */
static int any_leaning_edge(const sw_qh *q, const int *one, int nr)
{
	const double lim = -q->eps; /* tri_leans: n·p − d ≥ −eps */
	for (int k = 0; k < nr; k++) {
		const int s = one[k];
		const sw_qh_face *f = &q->f[s];
		const int v0 = f->v[0], v1 = f->v[1], v2 = f->v[2], vs[4] = {v0, v1, v2, v0};
		int lean = 0;
		for (int i = 0; i < 3; i++) {
			const int a = vs[i], b = vs[i + 1];
			const sw_qh_face *g = &q->f[f->nb[i]];
			const int other = g->v[0] + g->v[1] + g->v[2] - a - b;
			lean |= (other != v0) & (other != v1) & (other != v2) &
				(sw_hd_dot(q->rn[s], q->p[other]) - q->rd[s] >= lim);
		}
		if (lean)
			return 1;
	}
	return 0;
}

/* grows regions across edges until no two neighbours lean on each other (with q->bounded, or a join
 * is refused as too thick); each merge removes a region, so the passes end. A pair of regions found not to lean is not
 * asked again until one of them grows (leans_on depends on nothing else). */
void sw_qh_merge_(sw_qh *q)
{
	int time = 0, nr = 0, *one = q->queue; /* queue: fill_holes' scratch, free here */
	/* the live faces listed by a select (which slots are dead is not predictable); a dead slot's region
	 * fields are written too and never read: every region and list holds live faces only */
	for (int s = 0, nf = q->nf; s < nf; s++) {
		q->ct[3 * s] = q->ct[3 * s + 1] = q->ct[3 * s + 2] = -1;
		q->rhead[s] = s, q->f[s].rnext = -1, q->rtime[s] = 0;
		one[nr] = s;
		nr += q->f[s].live != 0;
	}
	/* every region one triangle: region_plane's operations, in lanes */
	sw_hull3_lanes_active()->rplanes(q, one, (uint32_t)nr);
	if (!any_leaning_edge(q, one, nr)) /* most hulls: every triangle is a face */
		return;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int s = 0; s < q->nf; s++)
			for (int i = 0; i < 3 && q->f[s].live; i++) {
				int a = q->f[s].region, b = q->f[q->f[s].nb[i]].region, k = 3 * s + i;
				if (a == b || (q->ct[k] >= 0 && q->ca[k] == a && q->cb[k] == b &&
					       q->rtime[a] <= q->ct[k] && q->rtime[b] <= q->ct[k]))
					continue;
				const sw_qh_face *f = &q->f[s];
				int t = f->nb[i], j = sw_qh_edge_of_(&q->f[t], f->v[(i + 1) % 3], f->v[i]),
				    kt = 3 * t + j;
				int lean = j >= 0 && q->f[q->rhead[a]].rnext < 0 && q->f[q->rhead[b]].rnext < 0
						   ? tri_leans(q, a, q->f[t].v[(j + 2) % 3]) ||
							     tri_leans(q, b, f->v[(i + 2) % 3])
						   : leans_on(q, a, b) || leans_on(q, b, a);
				/* the bounded merge: a join that would leave the face more than 2·eps thick (half
				 * of tol's 4·eps, the rest for the final loop's own normal) is refused, and a
				 * point is proposed for dropping instead */
				if (lean && q->bounded && joint_spread(q, a, b) > 2 * q->eps) {
					propose_drop(q, a, b);
					lean = 0;
				}
				if (!lean) { /* both sides of the edge learn it */
					q->ca[k] = q->cb[kt] = a, q->cb[k] = q->ca[kt] = b, q->ct[k] = q->ct[kt] = time;
					continue;
				}
				join_regions(q, a, b);
				region_plane(q, a);
				q->rtime[a] = ++time;
				changed = 1;
			}
	}
}

/* ---- polygon loops ---- */

/* boundary of region r as one loop of vertex ids appended to L; 0 when it is not a single simple loop */
static int region_loop(sw_qh *q, int r, sw_qh_loops *L)
{
	const sw_qh_face *one = &q->f[q->rhead[r]];
	if (one->rnext < 0) { /* one triangle (distinct corners): the walk below, from the last edge's start */
		int *lp = &L->idx[L->total];
		lp[0] = q->vid[one->v[2]], lp[1] = q->vid[one->v[0]], lp[2] = q->vid[one->v[1]];
		L->first[L->nl] = L->total;
		L->count[L->nl++] = 3;
		L->total += 3;
		return 1;
	}
	int nb = 0, start = -1, ok = 1, *nxt = q->hz;
	for (int s = q->rhead[r]; s >= 0; s = q->f[s].rnext)
		for (int i = 0; i < 3; i++) {
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
	for (int s = q->rhead[r]; s >= 0; s = q->f[s].rnext) /* reset the scratch map */
		for (int i = 0; i < 3; i++)
			nxt[q->vid[q->f[s].v[i]]] = -1;
	if (ok) {
		L->count[L->nl++] = len;
		L->total += len;
	}
	return ok;
}

/* drops vertices on fewer than three faces (they sit in the middle of an edge, within eps) */
static int drop_edge_vertices(const sw_qh *q, sw_qh_loops *L, int *deg)
{
	memset(deg, 0, sizeof(int) * (size_t)q->nv);
	int low = 0;
	for (int k = 0; k < L->total; k++)
		deg[L->idx[k]]++;
	for (int k = 0; k < L->total; k++)
		low |= deg[L->idx[k]] < 3;
	if (!low) /* every vertex kept (most hulls): the loops as they are, each at least 3 long */
		return 1;
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

sw_hull_status sw_qh_loops_(sw_qh *q, sw_qh_loops *L, int *deg)
{
	/* the counts in locals: in L, each would be read again after every store to the loops (they may
	 * alias), a chain through memory from one face to the next. A one-triangle region (most) is written
	 * here as region_loop writes it */
	int nl = 0, total = 0, *idx = L->idx, *first = L->first, *count = L->count;
	const int *vid = q->vid;
	for (int s = 0; s < q->nf; s++) {
		if (!q->f[s].live || q->f[s].region != s)
			continue;
		const sw_qh_face *one = &q->f[q->rhead[s]];
		if (one->rnext < 0) {
			idx[total] = vid[one->v[2]], idx[total + 1] = vid[one->v[0]], idx[total + 2] = vid[one->v[1]];
			first[nl] = total;
			count[nl++] = 3;
			total += 3;
			continue;
		}
		L->nl = nl, L->total = total;
		if (!region_loop(q, s, L))
			return SW_HULL_NUMERIC;
		nl = L->nl, total = L->total;
	}
	L->nl = nl, L->total = total;
	return drop_edge_vertices(q, L, deg) ? SW_HULL_OK : SW_HULL_NUMERIC;
}

/* ---- canonical output ---- */

/* the loops sorted by (smallest vertex, next vertex): no two loops share that pair (it is a directed
 * edge, which one face runs), so the order is total and any sort gives it. Each key sets bit b of a
 * row per vertex a < nv; when the rows hold n bits (no pair twice) each key's place is the keys of the
 * rows before plus those of its row below b, with no comparison to predict and no branch on a row's
 * count. Keys that do not all land (a pair twice) are sorted by counting and insertion as before. */
static void sort_keys(const sw_qh_key *in, sw_qh_key *k, int n, int nv)
{
	uint64_t row[SW_HULL_MAX_VERTS];
	uint32_t before[SW_HULL_MAX_VERTS], j = 0;
	memset(row, 0, (size_t)nv * sizeof row[0]);
	for (int i = 0; i < n; i++)
		row[in[i].a] |= (uint64_t)1 << in[i].b;
	for (int a = 0; a < nv; a++) {
		before[a] = j;
		j += sw_bit_count(row[a]);
	}
	if (j == (uint32_t)n) {
		for (int i = 0; i < n; i++) {
			const int a = in[i].a;
			k[before[a] + sw_bit_count(row[a] & (((uint64_t)1 << in[i].b) - 1))] = in[i];
		}
		return;
	}
	int first[SW_HULL_MAX_VERTS + 1] = {0}, fill[SW_HULL_MAX_VERTS];
	for (int i = 0; i < n; i++)
		first[in[i].a + 1]++;
	for (int a = 0; a < SW_HULL_MAX_VERTS; a++)
		first[a + 1] += first[a], fill[a] = first[a];
	for (int i = 0; i < n; i++) {
		sw_qh_key v = in[i];
		int t = fill[v.a]++;
		for (; t > first[v.a] && k[t - 1].b > v.b; t--)
			k[t] = k[t - 1];
		k[t] = v;
	}
}

/* vertices in point order (= lexicographic), loops started at their smallest index, faces sorted */
sw_hull_status sw_qh_emit_(sw_qh *q, sw_qh_loops *L, const int *deg, const sw_vec3 *pts, sw_hull3 *out)
{
	int *map = q->map, nv = 0;
	for (int i = 0; i < q->n; i++) /* points are sorted, so this visits vertices in order */
		if (q->vid[i] >= 0 && deg[q->vid[i]] >= 3) {
			if (nv == SW_HULL_MAX_VERTS)
				return SW_HULL_TOO_MANY;
			map[q->vid[i]] = nv;
			out->verts[nv++] = pts[i];
		}
	if (L->nl > SW_HULL_MAX_FACES || L->total > SW_HULL_MAX_FACE_INDICES)
		return SW_HULL_NUMERIC;
	sw_qh_key *keys = q->keys, *raw = keys + L->nl; /* keys holds fcap > 4·V ≥ 2·nl entries */
	for (int f = 0; f < L->nl; f++) {
		int *lp = &L->idx[L->first[f]], m = L->count[f], r = 0;
		if (m == 3) { /* most faces: the loop below unrolled (the first smallest corner), by masks (selects
			       * here were compiled as branches, and which corner is smallest is not predictable) */
			const int c0 = map[lp[0]], c1 = map[lp[1]], c2 = map[lp[2]];
			lp[0] = c0, lp[1] = c1, lp[2] = c2;
			const int r1 = c1 < c0, m1 = -r1, lo1 = (c1 & m1) | (c0 & ~m1), r2 = c2 < lo1, m2 = -r2;
			const int after1 = (c2 & m1) | (c1 & ~m1); /* the corner after the smaller of c0, c1 */
			r = r2 << 1 | (r1 & (r2 ^ 1));
			raw[f] = (sw_qh_key){(c2 & m2) | (lo1 & ~m2), (c0 & m2) | (after1 & ~m2), f, r};
			continue;
		}
		for (int k = 0; k < m; k++) {
			lp[k] = map[lp[k]];
			r = lp[k] < lp[r] ? k : r;
		}
		raw[f] = (sw_qh_key){lp[r], lp[r + 1 == m ? 0 : r + 1], f, r};
	}
	sort_keys(raw, keys, L->nl, nv);
	/* the edge records paired as the loops are written (sw_hull3_pair_edges_'s records, met here) */
	sw_hull3_pairing *pr = &q->pairing;
	sw_hull3_pairing_start_(pr, (uint32_t)nv);
	int w = 0;
	for (int f = 0; f < L->nl; f++) {
		const int *lp = &L->idx[L->first[keys[f].loop]];
		int m = L->count[keys[f].loop];
		out->faces[f].first = (uint16_t)w;
		out->faces[f].count = (uint16_t)m;
		if (m == 3) { /* most faces: the three corners from the rotation directly */
			static const int next[3] = {1, 2, 0}, prev[3] = {2, 0, 1};
			const int r = keys[f].rot;
			const uint32_t c0 = (uint32_t)lp[r], c1 = (uint32_t)lp[next[r]], c2 = (uint32_t)lp[prev[r]];
			out->face_verts[w] = (uint8_t)c0;
			out->face_verts[w + 1] = (uint8_t)c1;
			out->face_verts[w + 2] = (uint8_t)c2;
			sw_hull3_pairing_add_(pr, c0, c1, (uint32_t)f);
			sw_hull3_pairing_add_(pr, c1, c2, (uint32_t)f);
			sw_hull3_pairing_add_(pr, c2, c0, (uint32_t)f);
			w += 3;
			continue;
		}
		for (int k = 0, j = keys[f].rot; k < m; k++, j = j + 1 == m ? 0 : j + 1) { /* j = (rot + k) mod m */
			out->face_verts[w++] = (uint8_t)lp[j];
			sw_hull3_pairing_add_(pr, (uint32_t)lp[j], (uint32_t)lp[j + 1 == m ? 0 : j + 1], (uint32_t)f);
		}
	}
	out->num_verts = (uint32_t)nv;
	out->num_faces = (uint32_t)L->nl;
	if (L->nl == 2) /* a flat hull's loops: sw_hull3_finish_ judges them */
		return SW_HULL_OK;
	return sw_hull3_pairing_edges_(pr, out, out->edges, &out->num_edges, NULL, 0);
}
