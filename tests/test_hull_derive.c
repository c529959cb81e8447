/* tests/test_hull_derive.c — a built hull's derived data against plain restatements of its rules
 * (doc/numerics.md): each face's offset is the largest n·v over all vertices, taken one vertex at a
 * time in double (the builder takes it in SSE2 lanes), and the edge direction classes are the greedy
 * ones, each edge compared with every earlier class in index order (the builder searches a window
 * of classes sorted by |x|). Clouds: ellipsoids of 8 to 64 points, lattices and prisms whose edges are
 * parallel or within a few 1e-6 rad of it, and the same at an offset of 1e4. The loops of one plane
 * against every vertex (src/hull3_lanes.h) on every tier the CPU has, against the same plain loops, on
 * small integer coordinates with ±0: ties and zero maxima of either sign. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hull3_int.h"
#include "hull3_lanes.h"
#include "hull3_qh.h"
#include "scenes.h"

/* the offset of face f as sw_hull3_finish_ defines it: the normal of the loop (Newell, relative to
 * the vertices' bounding-box centre c) and the first largest n·(v − c), plus n·c */
static float plain_offset(const sw_hull3 *h, uint32_t f)
{
	double c[3], e, t, r[SW_HULL_MAX_VERTS][3], n[3];
	sw_hull3_tolerances_(h->verts, h->num_verts, 0.0, c, &e, &t);
	sw_hull3_rel_verts_(h, c, r);
	double l = sw_hull3_newell_(h, h->num_faces == 2 ? 0 : f, (const double(*)[3])r, n);
	for (int k = 0; k < 3; k++)
		n[k] /= h->num_faces == 2 && f == 1 ? -l : l;
	double m = -INFINITY;
	for (uint32_t v = 0; v < h->num_verts; v++) {
		double d = n[0] * r[v][0] + n[1] * r[v][1] + n[2] * r[v][2];
		m = d > m ? d : m;
	}
	return (float)(m + (n[0] * c[0] + n[1] * c[1] + n[2] * c[2]));
}

/* the greedy classes: each edge joins the first earlier class within SW_HULL_DIR_EPS, else founds one */
static void expect_plain_dirs(const sw_hull3 *h)
{
	double rep[SW_HULL_MAX_EDGES][3];
	uint32_t nd = 0;
	for (uint32_t e = 0; e < h->num_edges; e++) {
		double u[3], x[3];
		sw_hull3_edge_unit_(h, e, u);
		uint32_t best = nd;
		for (uint32_t k = 0; k < nd && best == nd; k++) {
			sw_hd_cross(u, rep[k], x);
			if (sw_hd_len(x) <= SW_HULL_DIR_EPS)
				best = k;
		}
		if (best == nd) {
			memcpy(rep[nd], u, sizeof u);
			cr_expect(h->dirs[nd].x == (float)u[0] && h->dirs[nd].y == (float)u[1] &&
					  h->dirs[nd].z == (float)u[2],
				  "direction %u is not edge %u's unit vector", nd, e);
			nd++;
		}
		cr_expect_eq(h->edges[e].dir, best, "edge %u: class %u, the greedy rule gives %u", e, h->edges[e].dir,
			     best);
	}
	cr_expect_eq(h->num_dirs, nd);
}

static void expect_plain(const sw_vec3 *p, size_t n)
{
	sw_hull3 h;
	cr_assert_eq(sw_hull3_build(p, n, NULL, &h), SW_OK);
	for (uint32_t f = 0; f < h.num_faces; f++) {
		float d = plain_offset(&h, f);
		cr_expect(memcmp(&d, &h.faces[f].d, sizeof d) == 0, "face %u: offset %a, plainly %a", f,
			  (double)h.faces[f].d, (double)d);
	}
	expect_plain_dirs(&h);
	double us[SW_HULL_MAX_EDGES][3], u[3];
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) { /* every tier's edge units: sw_hull3_edge_unit_'s */
		if (isa != SW_ISA_REF && !sw_isa_available((sw_isa)isa))
			continue;
		sw_hull3_lanes_for((sw_isa)isa)->units(&h, us);
		for (uint32_t e = 0; e < h.num_edges; e++) {
			sw_hull3_edge_unit_(&h, e, u);
			cr_expect(memcmp(u, us[e], sizeof u) == 0, "%s: edge %u's unit vector differs",
				  sw_isa_name((sw_isa)isa), e);
		}
	}
}

Test(hull_derive, ellipsoid_clouds)
{
	sc_rng r = sc_rng_seed(0xde71);
	sw_vec3 p[64];
	for (int k = 0; k < 200; k++) {
		size_t n = 8 + sc_below(&r, 57);
		sw_vec3 ax = sw_v3(sc_uniform(&r, 0.2f, 2), sc_uniform(&r, 0.2f, 2), sc_uniform(&r, 0.2f, 2));
		sc_ellipsoid_points(&r, n, ax, 0.7f, p);
		if (k % 4 == 3)
			for (size_t i = 0; i < n; i++)
				p[i] = sw_v3_add(p[i], sw_v3(1e4f, -1e4f, 5e3f));
		expect_plain(p, n);
	}
}

/* lattice points of a box, a few dropped: many edges exactly parallel */
Test(hull_derive, lattices)
{
	sc_rng r = sc_rng_seed(0x1a77);
	sw_vec3 p[64];
	for (int k = 0; k < 50; k++) {
		size_t n = 0;
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 4; j++)
				for (int l = 0; l < 4; l++)
					if (sc_below(&r, 3) != 0)
						p[n++] = sw_v3((float)i, 0.5f * (float)j,
							       0.25f * (float)l + 0.1f * (float)i);
		expect_plain(p, n);
	}
}

/* prisms whose side edges are tilted by a few 1e-6 rad against each other: classes met within and
 * just outside SW_HULL_DIR_EPS, where the window of candidate classes matters */
Test(hull_derive, nearly_parallel_prisms)
{
	sc_rng r = sc_rng_seed(0x9a15);
	sw_vec3 p[64];
	for (int k = 0; k < 100; k++) {
		int m = 3 + (int)sc_below(&r, 12);
		for (int i = 0; i < m; i++) {
			float a = 6.2831853f * (float)i / (float)m, tilt = sc_uniform(&r, -2e-5f, 2e-5f);
			p[2 * i] = sw_v3(cosf(a), sinf(a), 0);
			p[2 * i + 1] = sw_v3(cosf(a) + tilt, sinf(a) - tilt, 2);
		}
		expect_plain(p, (size_t)(2 * m));
	}
}

/* every tier's scan and fmax against plain loops over the vertices in order, bit for bit */
Test(hull_derive, lanes_every_tier)
{
	static const double coord[] = {-2, -1, -0.0, 0, 1, 2, 0.5}, normal[] = {-1, -0.5, -0.0, 0, 0.5, 1};
	sc_rng r = sc_rng_seed(0x1a4e);
	double xs[64], ys[64], zs[64];
	for (int k = 0; k < 4000; k++) {
		uint32_t nv = 1 + sc_below(&r, 64);
		for (uint32_t v = 0; v < nv; v++)
			xs[v] = coord[sc_below(&r, 7)], ys[v] = coord[sc_below(&r, 7)], zs[v] = coord[sc_below(&r, 7)];
		const double n[3] = {normal[sc_below(&r, 6)], normal[sc_below(&r, 6)], normal[sc_below(&r, 6)]};
		const double off = coord[sc_below(&r, 7)], lim = 0.25 * (double)sc_below(&r, 9), low = -lim;
		double want = -INFINITY;
		uint64_t want_near = 0;
		int want_any = 0;
		for (uint32_t v = 0; v < nv; v++) {
			double d = n[0] * xs[v] + n[1] * ys[v] + n[2] * zs[v];
			want = d > want ? d : want;
			want_any |= d - off > lim;
			want_near |= (uint64_t)(d - off >= low) << v;
		}
		for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
			if (isa != SW_ISA_REF && !sw_isa_available((sw_isa)isa))
				continue;
			const sw_hull3_lanes *l = sw_hull3_lanes_for((sw_isa)isa);
			double got = l->fmax(xs, ys, zs, nv, n);
			uint64_t near = 0;
			int any = l->scan(xs, ys, zs, nv, n, off, lim, low, &near);
			cr_assert(memcmp(&got, &want, sizeof got) == 0, "%s, case %d: fmax %a, plainly %a",
				  sw_isa_name((sw_isa)isa), k, got, want);
			cr_assert(any == want_any && near == want_near, "%s, case %d: scan differs",
				  sw_isa_name((sw_isa)isa), k);
			double both = 0;
			uint64_t near2 = 0;
			int any2 = l->scanmax(xs, ys, zs, nv, n, off, lim, low, &near2, &both);
			cr_assert(any2 == want_any && near2 == want_near && memcmp(&both, &want, sizeof both) == 0,
				  "%s, case %d: scanmax differs (max %a, plainly %a)", sw_isa_name((sw_isa)isa), k,
				  both, want);
		}
	}
}

/* every tier's quickhull planes and merge region planes against the baseline's, bit for bit, on
 * triangles of small integer corners: slivers, collinear and repeated corners (the neighbour's or the
 * face's own normal lent) among them */
Test(hull_derive, planes_every_tier)
{
	static const double coord[] = {-2, -1, -0.0, 0, 1, 2, 0.5, 1e-7};
	enum { NP = 32, NT = 37 };
	sw_qh q;
	size_t bytes = sw_qh_layout_(&q, NP, NULL);
	unsigned char *block = malloc(bytes);
	cr_assert(block);
	sw_qh_layout_(&q, NP, block);
	cr_assert(q.fcap >= 2 * NT + 1);
	sc_rng r = sc_rng_seed(0x91a2);
	int fs[NT];
	for (int k = 0; k < 500; k++) {
		for (int i = 0; i < NP; i++)
			for (int c = 0; c < 3; c++)
				q.p[i][c] = coord[sc_below(&r, 8)];
		uint32_t m = 1 + sc_below(&r, NT);
		for (uint32_t j = 0; j < m; j++) {
			sw_qh_face *f = &q.f[j], *nb = &q.f[NT + j];
			for (int i = 0; i < 3; i++)
				f->v[i] = (int)sc_below(&r, NP);
			f->nb[0] = NT + (int)j;
			for (int c = 0; c < 3; c++)
				nb->n[c] = coord[sc_below(&r, 8)];
			fs[j] = (int)j;
		}
		sw_hull3_planes_ref(&q, fs, m);
		sw_qh_face want[NT];
		memcpy(want, q.f, m * sizeof want[0]);
		for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
			if (isa == SW_ISA_REF || !sw_isa_available((sw_isa)isa))
				continue;
			for (uint32_t j = 0; j < m; j++)
				q.f[j].n[0] = q.f[j].n[1] = q.f[j].n[2] = q.f[j].d = NAN;
			sw_hull3_lanes_for((sw_isa)isa)->planes(&q, fs, m);
			for (uint32_t j = 0; j < m; j++)
				cr_assert(memcmp(q.f[j].n, want[j].n, sizeof want[j].n) == 0 &&
						  memcmp(&q.f[j].d, &want[j].d, sizeof want[j].d) == 0,
					  "%s, case %d: triangle %u's plane differs", sw_isa_name((sw_isa)isa), k, j);
		}
		/* the merge's one-triangle region planes, the faces' own normals lent where there is no area */
		double rn[NT][3], rd[NT];
		sw_hull3_planes_ref(&q, fs, m);
		sw_hull3_rplanes_ref(&q, fs, m);
		memcpy(rn, q.rn, m * sizeof rn[0]);
		memcpy(rd, q.rd, m * sizeof rd[0]);
		for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
			if (isa == SW_ISA_REF || !sw_isa_available((sw_isa)isa))
				continue;
			for (uint32_t j = 0; j < m; j++)
				q.rn[j][0] = q.rn[j][1] = q.rn[j][2] = q.rd[j] = NAN;
			sw_hull3_lanes_for((sw_isa)isa)->rplanes(&q, fs, m);
			cr_assert(memcmp(q.rn, rn, m * sizeof rn[0]) == 0 && memcmp(q.rd, rd, m * sizeof rd[0]) == 0,
				  "%s, case %d: a region plane differs", sw_isa_name((sw_isa)isa), k);
		}
	}
	free(block);
}

/* the pairing of a cube's loops, broken: an open edge (a loop short of a corner: each pair run once),
 * a loop reversed (pairs run twice the same way: the counted pairing) and a doubled face (three faces
 * on an edge); the intact loops give the stored edges */
Test(hull_derive, paired_loops_broken)
{
	static const sw_vec3 p[8] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
				     {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
	sw_hull3 h, b;
	sw_hull_edge e[SW_HULL_MAX_EDGES];
	uint32_t ne = 0;
	cr_assert_eq(sw_hull3_build(p, 8, NULL, &h), SW_OK);
	cr_assert_eq(sw_hull3_pair_edges_(&h, e, &ne, NULL, 0), SW_HULL_OK);
	cr_assert_eq(ne, h.num_edges);
	for (uint32_t i = 0; i < ne; i++) /* the vertices and faces; the direction is set later */
		cr_expect(!memcmp(e[i].v, h.edges[i].v, 2) && !memcmp(e[i].f, h.edges[i].f, 2), "edge %u", i);
	b = h;
	b.faces[0].count = 3; /* the quad's last corner left out */
	cr_expect_eq(sw_hull3_pair_edges_(&b, e, &ne, NULL, 0), SW_HULL_BAD_FACES_OPEN);
	b = h;
	for (uint32_t k = 0; k < b.faces[0].count; k++) /* face 0 run backwards */
		b.face_verts[b.faces[0].first + k] = h.face_verts[h.faces[0].first + b.faces[0].count - 1 - k];
	cr_expect_eq(sw_hull3_pair_edges_(&b, e, &ne, NULL, 0), SW_HULL_BAD_FACES_WINDING);
	b = h;
	b.faces[b.num_faces++] = b.faces[0]; /* face 0's loop a second time */
	cr_expect_eq(sw_hull3_pair_edges_(&b, e, &ne, NULL, 0), SW_HULL_BAD_FACES_NONMANIFOLD);
}
