/* tests/test_split_hull.c — hull splits: hand cases on boxes (through a vertex, three vertices, four
 * (a diagonal), along a face, a coplanar hull, a piece too thin for float32, 1e4 offsets, two boxes
 * sharing a face) and 10⁴ random hulls of 8–32 points cut by random planes, each checked for:
 * both pieces pass sw_hull3_check and go round trip through sw_hull3_from_faces, sw_hull3_build and
 * a hull set; their volumes add up to the hull's; their vertices lie on their side; the mass query
 * agrees with the independent oracle (tests/common/oracle_split.c) and with the pieces.
 *
 * Bounds (S: the hull's diameter, M: its largest |coordinate|, A = S² for the cut's area):
 *   |V_front + V_back − V| ≤ 4·(eps + 8·FLT_EPSILON·(M + S))·A — ON vertices may sit in both pieces
 *   (eps), and split points round to the coordinates' grid, which the builder's fallback can bulge;
 *   |mass − oracle| ≤ 2·eps·A + 64·FLT_EPSILON·S³ — the oracle clips at s = 0 exactly;
 *   a piece vertex lies within eps + 8·FLT_EPSILON·(M + S) of its side. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "hull3_int.h"
#include "oracle_split.h"
#include "scenes.h"
#include "sets.h"

static sw_hull3 H, F, B; /* 7 KB each: kept off the stack */

/* the box c ± half, built from its corners (bit for bit, six quads) */
static sw_hull3 *box_hull(sw_vec3 c, sw_vec3 half, sw_hull3 *out)
{
	sw_vec3 p[8];
	for (int k = 0; k < 8; k++)
		p[k] = sw_v3(k & 1 ? c.x + half.x : c.x - half.x, k & 2 ? c.y + half.y : c.y - half.y,
			     k & 4 ? c.z + half.z : c.z - half.z);
	cr_assert_eq(sw_hull3_build(p, 8, NULL, out), SW_OK);
	cr_assert_eq(out->num_faces, 6);
	return out;
}

/* whether two hulls hold the same bits in every field and entry in use */
static int same_hull(const sw_hull3 *a, const sw_hull3 *b)
{
	uint32_t ni = 0;
	for (uint32_t f = 0; f < a->num_faces; f++)
		ni += a->faces[f].count;
	return a->num_verts == b->num_verts && a->num_faces == b->num_faces && a->num_edges == b->num_edges &&
	       a->num_dirs == b->num_dirs && !memcmp(&a->centroid, &b->centroid, sizeof a->centroid) &&
	       !memcmp(&a->radius, &b->radius, 3 * sizeof(float)) &&
	       !memcmp(a->verts, b->verts, a->num_verts * sizeof a->verts[0]) &&
	       !memcmp(a->faces, b->faces, a->num_faces * sizeof a->faces[0]) &&
	       !memcmp(a->face_verts, b->face_verts, ni) &&
	       !memcmp(a->edges, b->edges, a->num_edges * sizeof a->edges[0]) &&
	       !memcmp(a->dirs, b->dirs, a->num_dirs * sizeof a->dirs[0]);
}

/* the split of a hull, its pieces checked; the same split of the hull trusted (not checked again) is
 * the same, bit for bit */
static sw_split_output split(const sw_hull3 *h, sw_plane3 pl, float eps)
{
	static sw_hull3 tf, tb;
	sw_split_opts o = {.eps = eps}, trust = {.eps = eps, .trusted = 1};
	sw_split_output so, to;
	cr_assert_eq(sw_hull3_split(h, pl, &o, &F, &B, &so), SW_OK);
	cr_assert_eq(sw_hull3_split(h, pl, &trust, &tf, &tb, &to), SW_OK);
	cr_assert(to.status == so.status && to.cls == so.cls && to.front_count == so.front_count &&
			  to.back_count == so.back_count && (!F.num_verts || same_hull(&F, &tf)) &&
			  (!B.num_verts || same_hull(&B, &tb)),
		  "a trusted split differs");
	cr_assert_eq(so.front_count, F.num_verts);
	cr_assert_eq(so.back_count, B.num_verts);
	sw_error e;
	if (F.num_verts)
		cr_assert((e = sw_hull3_check(&F)) == SW_OK, "front piece: %s", sw_error_name(e));
	if (B.num_verts)
		cr_assert((e = sw_hull3_check(&B)) == SW_OK, "back piece: %s", sw_error_name(e));
	/* every piece carries the seal of its contents (a piece copied whole: the input's), an empty one none */
	const sw_hull3 *piece[2] = {&F, &B};
	for (int k = 0; k < 2; k++)
		cr_expect(piece[k]->num_verts ? piece[k]->seal == sw_hull3_seal_of_(piece[k]) : piece[k]->seal == 0,
			  "%s piece: seal %llx, its contents' %llx", k ? "back" : "front",
			  (unsigned long long)piece[k]->seal, (unsigned long long)sw_hull3_seal_of_(piece[k]));
	return so;
}

static double vol(const sw_hull3 *h)
{
	double c[3];
	return h->num_verts ? or_hull_volume(h, c) : 0;
}

static sw_plane3 plane(float px, float py, float pz, float nx, float ny, float nz)
{
	sw_plane3 p = {{px, py, pz}, {nx, ny, nz}};
	return p;
}

Test(split_hull, box_halves)
{
	box_hull(sw_v3(0, 0, 0), sw_v3(1, 1, 1), &H);
	sw_split_output o = split(&H, plane(0, 0, 0, 0, 0, 1), 0);
	cr_expect(o.status == SW_HIT && o.front_count == 8 && o.back_count == 8);
	cr_expect(F.num_faces == 6 && B.num_faces == 6);
	cr_expect(fabs(vol(&F) - 4) < 1e-5 && fabs(vol(&B) - 4) < 1e-5);
	cr_expect(fabsf(F.centroid.z - 0.5f) < 1e-6f && fabsf(B.centroid.z + 0.5f) < 1e-6f);
	sw_split_mass3 m;
	sw_hull3_split_mass(&H, plane(0, 0, 0, 0, 0, 1), NULL, &m);
	cr_expect(fabsf(m.front_measure - 4) < 1e-5f && fabsf(m.back_measure - 4) < 1e-5f);
	cr_expect(fabsf(m.front_centroid.z - 0.5f) < 1e-6f && fabsf(m.back_centroid.x) < 1e-6f);
}

Test(split_hull, corner_cut_through_three_vertices)
{
	/* x + y + z = 1 holds (1,1,−1), (1,−1,1), (−1,1,1) and leaves (1,1,1) in front: a corner
	 * tetrahedron of volume 8/6, no new vertex; behind, 7 vertices and 7 faces */
	box_hull(sw_v3(0, 0, 0), sw_v3(1, 1, 1), &H);
	sw_split_output o = split(&H, plane(1, 0, 0, 1, 1, 1), 0);
	cr_expect(o.front_count == 4 && o.back_count == 7, "%u + %u vertices", o.front_count, o.back_count);
	cr_expect(F.num_faces == 4 && B.num_faces == 7);
	cr_expect(fabs(vol(&F) - 4.0 / 3) < 1e-5 && fabs(vol(&B) - 20.0 / 3) < 1e-5);
}

Test(split_hull, through_one_vertex)
{
	/* the plane through (1,1,1) with normal (1,1,0.5): s ∝ x + y + 0.5z − 2.5, only (1,1,1) is ON and
	 * it goes to both pieces; the front is empty of strict vertices → the box lies behind */
	box_hull(sw_v3(0, 0, 0), sw_v3(1, 1, 1), &H);
	sw_split_output o = split(&H, plane(1, 1, 1, 1, 1, 0.5f), 0);
	cr_expect(o.cls == SW_SPLIT_BACK && o.front_count == 0 && o.back_count == 8);
	cr_expect(!memcmp(&B, &H, sizeof H), "copied whole");
	/* tilted so that it cuts: (1,1,1) ON, (1,1,−1) in front */
	o = split(&H, plane(1, 1, 1, 1, 1, -0.5f), 0);
	cr_expect_eq(o.cls, SW_SPLIT_STRADDLE);
	cr_expect(fabs(vol(&F) + vol(&B) - 8) < 1e-5);
}

Test(split_hull, diagonal_through_four_vertices)
{
	box_hull(sw_v3(0, 0, 0), sw_v3(1, 1, 1), &H);
	sw_split_output o = split(&H, plane(0, 0, 0, 1, -1, 0), 0);
	cr_expect(o.front_count == 6 && o.back_count == 6);
	cr_expect(F.num_faces == 5 && B.num_faces == 5);
	cr_expect(fabs(vol(&F) - 4) < 1e-5 && fabs(vol(&B) - 4) < 1e-5);
}

Test(split_hull, along_a_face_and_coplanar)
{
	box_hull(sw_v3(0, 0, 0), sw_v3(1, 1, 1), &H);
	sw_split_output o = split(&H, plane(0, 0, 1, 0, 0, 1), 0);
	cr_expect(o.cls == SW_SPLIT_BACK && o.status == SW_MISS && o.front_count == 0);
	/* a slab 2e-4 thick inside eps = 1e-3 of z = 0: coplanar, whole in front */
	box_hull(sw_v3(0, 0, 0), sw_v3(1, 1, 1e-4f), &H);
	o = split(&H, plane(0, 0, 0, 0, 0, 1), 1e-3f);
	cr_expect(o.cls == SW_SPLIT_COPLANAR && o.front_count == 8 && o.back_count == 0);
}

Test(split_hull, piece_too_thin_for_float)
{
	/* z = 1 − 2⁻²⁴ leaves a slab 6e-8 thick in front, an ulp of its coordinates: sw_hull3_from_faces
	 * holds such a thin solid exactly (swept/hull3.h), so the front is a box of volume 4·2⁻²⁴ and the
	 * back the rest */
	box_hull(sw_v3(0, 0, 0), sw_v3(1, 1, 1), &H);
	sw_split_output o = split(&H, plane(0, 0, 1 - 5.9604645e-8f, 0, 0, 1), 0);
	cr_expect(o.status == SW_HIT && o.cls == SW_SPLIT_STRADDLE);
	cr_expect(o.front_count == 8 && F.num_faces == 6 && o.back_count == 8, "%u (%u faces) + %u", o.front_count,
		  F.num_faces, o.back_count);
	cr_expect(fabs(vol(&F) - 4 * 5.9604645e-8) < 1e-12, "front volume %g", vol(&F));
	cr_expect(fabs(vol(&B) - 8) < 1e-5);
	sw_split_mass3 m;
	sw_hull3_split_mass(&H, plane(0, 0, 1 - 5.9604645e-8f, 0, 0, 1), NULL, &m);
	cr_expect(m.front_measure >= 0 && m.front_measure < 1e-6f, "front volume %g", m.front_measure);
}

Test(split_hull, flat_hulls_split_as_polygons)
{
	/* the square [0, 1]² at z = 0.5 as a flat hull, cut by x = 0.25: two flat hulls, the rectangles
	 * x ≥ 0.25 and x ≤ 0.25, with the cut's points shared; a cut along its plane is coplanar */
	const sw_vec3 sq[4] = {{0, 0, 0.5f}, {1, 0, 0.5f}, {1, 1, 0.5f}, {0, 1, 0.5f}};
	cr_assert_eq(sw_hull3_build(sq, 4, NULL, &H), SW_OK);
	cr_assert_eq(H.num_faces, 2);
	sw_split_output o = split(&H, plane(0.25f, 0, 0, 1, 0, 0), 0);
	cr_expect(o.status == SW_HIT && F.num_faces == 2 && B.num_faces == 2 && o.front_count == 4 &&
		  o.back_count == 4);
	cr_expect(fabsf(F.centroid.x - 0.625f) < 1e-6f && fabsf(B.centroid.x - 0.125f) < 1e-6f);
	for (uint32_t i = 0; i < 4; i++)
		cr_expect(F.verts[i].x >= 0.25f && B.verts[i].x <= 0.25f && F.verts[i].z == 0.5f);
	o = split(&H, plane(0, 0, 0.5f, 0, 0, -1), 0);
	cr_expect(o.cls == SW_SPLIT_COPLANAR && o.front_count == 4 && !memcmp(&F, &H, sizeof H));
	sw_split_mass3 m;
	cr_assert_eq(sw_hull3_split_mass(&H, plane(0.25f, 0, 0, 1, 0, 0), NULL, &m), SW_OK);
	cr_expect(m.status == SW_HIT && m.front_measure == 0 && m.back_measure == 0, "a flat hull has no volume");
}

Test(split_hull, far_from_the_origin)
{
	box_hull(sw_v3(1e4f, -1e4f, 1e4f), sw_v3(1, 1, 1), &H);
	sw_split_output o = split(&H, plane(1e4f, -1e4f, 1e4f + 0.5f, 0, 0, 1), 0);
	cr_expect(o.front_count == 8 && o.back_count == 8);
	cr_expect(fabs(vol(&F) - 2) < 1e-4 && fabs(vol(&B) - 6) < 1e-4, "%g %g", vol(&F), vol(&B));
	sw_split_mass3 m;
	sw_hull3_split_mass(&H, plane(1e4f, -1e4f, 1e4f + 0.5f, 0, 0, 1), NULL, &m);
	cr_expect(fabsf(m.front_measure - 2) < 1e-5f && fabsf(m.back_measure - 6) < 1e-5f);
	cr_expect(fabsf(m.front_centroid.z - (1e4f + 0.75f)) < 2e-3f);
}

/* vertices of a piece with x exactly 1, sorted bitwise */
static int on_x1(const sw_hull3 *h, sw_vec3 *out)
{
	int n = 0;
	for (uint32_t i = 0; i < h->num_verts; i++)
		if (h->verts[i].x == 1)
			out[n++] = h->verts[i];
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && memcmp(&out[j - 1], &out[j], sizeof *out) > 0; j--) {
			sw_vec3 t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n;
}

Test(split_hull, boxes_sharing_a_face_split_without_cracks)
{
	/* [−1, 1]³ and [1, 3]×[−1, 1]² share the face x = 1; whatever the plane, the pieces of both meet
	 * that face in the same points, bit for bit */
	static sw_hull3 A, Af, Ab, Bf, Bb;
	box_hull(sw_v3(0, 0, 0), sw_v3(1, 1, 1), &A);
	box_hull(sw_v3(2, 0, 0), sw_v3(1, 1, 1), &H);
	sc_rng r = sc_rng_seed(11);
	for (int it = 0; it < 500; it++) {
		sw_plane3 pl = plane(sc_uniform(&r, 0, 2), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1),
				     sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1));
		sw_split_output oa, ob;
		sw_hull3_split(&A, pl, NULL, &Af, &Ab, &oa);
		sw_hull3_split(&H, pl, NULL, &Bf, &Bb, &ob);
		sw_vec3 p[2][64];
		int n0 = on_x1(&Af, p[0]), n1 = on_x1(&Bf, p[1]);
		cr_assert(n0 == n1 && !memcmp(p[0], p[1], sizeof(sw_vec3) * (size_t)n0),
			  "plane %d: front pieces differ on the face", it);
		n0 = on_x1(&Ab, p[0]), n1 = on_x1(&Bb, p[1]);
		cr_assert(n0 == n1 && !memcmp(p[0], p[1], sizeof(sw_vec3) * (size_t)n0),
			  "plane %d: back pieces differ on the face", it);
	}
}

/* ---- random hulls ---- */

static void random_hull(sc_rng *r, float off, sw_hull3 *out)
{
	for (;;) {
		sw_vec3 pts[32];
		int n = 8 + (int)sc_below(r, 25), shell = (int)(sc_next(r) & 1);
		float ax[3];
		for (int k = 0; k < 3; k++)
			ax[k] = sc_uniform(r, 0.25f, 1.5f);
		sw_mat3 rot = sw_mat3_from_quat(sc_rotation(r));
		for (int i = 0; i < n; i++) {
			sw_vec3 d;
			do
				d = sw_v3(sc_uniform(r, -1, 1), sc_uniform(r, -1, 1), sc_uniform(r, -1, 1));
			while (sw_v3_dot(d, d) > 1 || sw_v3_dot(d, d) < 1e-4f);
			if (shell)
				d = sw_v3_scale(d, 1 / sw_v3_len(d));
			pts[i] = sw_v3_add(sw_mat3_mul(&rot, sw_v3(d.x * ax[0], d.y * ax[1], d.z * ax[2])),
					   sw_v3(off, -off, off));
		}
		if (sw_hull3_build(pts, (size_t)n, NULL, out) == SW_OK)
			return;
	}
}

/* the hull tolerance rule's eps at the default rel_eps (swept/hull.h) */
static double default_eps(const sw_hull3 *p)
{
	double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY}, s = 0;
	for (uint32_t i = 0; i < p->num_verts; i++)
		for (int k = 0; k < 3; k++) {
			lo[k] = fmin(lo[k], (&p->verts[i].x)[k]);
			hi[k] = fmax(hi[k], (&p->verts[i].x)[k]);
		}
	for (int k = 0; k < 3; k++)
		s += 0.5 * (hi[k] - lo[k]);
	return SW_HULL_REL_EPS * s;
}

/* a piece goes round trip through its own faces, its points and a hull set. sw_hull3_from_faces
 * always judges at the default tolerance, so a piece the builder fallback made with a raised one
 * (its retry) may fail there and only there: returns 0 then */
static int round_trip(const sw_hull3 *p, sw_hull3_set *set)
{
	static sw_hull3 q;
	uint32_t sizes[SW_HULL_MAX_FACES], idx[SW_HULL_MAX_FACE_INDICES], id;
	for (uint32_t f = 0; f < p->num_faces; f++)
		sizes[f] = p->faces[f].count;
	for (uint32_t i = 0; i < SW_HULL_MAX_FACE_INDICES; i++)
		idx[i] = p->face_verts[i];
	sw_error st = sw_hull3_from_faces(p->verts, p->num_verts, sizes, idx, p->num_faces, &q);
	cr_assert(st == SW_OK || p->eps > 1.5 * default_eps(p), "from_faces: %s at eps %g (default %g)",
		  sw_error_name(st), p->eps, default_eps(p));
	sw_error sb = sw_hull3_build(p->verts, p->num_verts, NULL, &q);
	cr_assert_eq(sb, SW_OK, "build: %s", sw_error_name(sb));
	cr_assert_eq(sw_hull3_set_add_shape(set, p, &id), SW_OK);
	cr_assert(set->shapes[id].ok);
	return st == SW_OK;
}

static void sides_ok(const sw_hull3 *p, sw_plane3 pl, int side, double tol)
{
	for (uint32_t i = 0; i < p->num_verts; i++)
		cr_assert(side * or_dist3(pl, p->verts[i]) >= -tol, "vertex %u at %g on the wrong side (tol %g)", i,
			  or_dist3(pl, p->verts[i]), tol);
}

static void random_population(uint64_t seed, float off, float eps_rel, int count)
{
	sc_rng r = sc_rng_seed(seed);
	sw_hull3_set *set;
	cr_assert_eq(sw_hull3_set_create(0, &set), SW_OK);
	int hits = 0, empty = 0, shared = 0, raised = 0;
	for (int it = 0; it < count; it++) {
		random_hull(&r, off, &H);
		double S = 2.0 * H.radius, M = fabs(off) + S, A = S * S, c[3];
		float eps = eps_rel * (float)S;
		sw_vec3 n = sw_v3(sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1), sc_uniform(&r, -1, 1));
		sw_vec3 p = sw_v3_add(H.centroid, sw_v3(sc_uniform(&r, -.5f, .5f), sc_uniform(&r, -.5f, .5f),
							sc_uniform(&r, -.5f, .5f)));
		sw_plane3 pl = {p, n};
		sw_split_output o = split(&H, pl, eps);
		sw_split_mass3 m;
		sw_split_opts opts = {.eps = eps};
		cr_assert_eq(sw_hull3_split_mass(&H, pl, &opts, &m), SW_OK);
		cr_assert_eq(m.status, o.status);
		cr_assert_eq(m.cls, o.cls);
		double round = 8 * FLT_EPSILON * (M + S), vb = 4 * (eps + round) * A;
		double of = or_hull_clip_volume(&H, pl, 1, c), ob = or_hull_clip_volume(&H, pl, -1, c);
		double mb = 2 * eps * A + 64 * FLT_EPSILON * S * S * S;
		cr_assert(fabs(m.front_measure - of) <= mb && fabs(m.back_measure - ob) <= mb,
			  "seed %llu case %d: mass %g %g, oracle %g %g", (unsigned long long)seed, it, m.front_measure,
			  m.back_measure, of, ob);
		if (o.status != SW_HIT)
			continue;
		hits++;
		double vf = vol(&F), vbk = vol(&B);
		cr_assert(fabs(vf + vbk - vol(&H)) <= vb, "case %d: %g + %g vs %g", it, vf, vbk, vol(&H));
		cr_assert(fabs(vf - m.front_measure) <= vb && fabs(vbk - m.back_measure) <= vb,
			  "case %d: pieces %g %g, mass %g %g", it, vf, vbk, m.front_measure, m.back_measure);
		sides_ok(&F, pl, 1, eps + round);
		sides_ok(&B, pl, -1, eps + round);
		if (!F.num_verts || !B.num_verts) {
			empty++;
			cr_assert(fmin(of, ob) < 1e-5 * S * S * S, "case %d: empty piece of volume %g", it,
				  fmin(of, ob));
			continue;
		}
		raised += !round_trip(&F, set);
		raised += !round_trip(&B, set);
		/* every new vertex of the front piece is a vertex of the back piece */
		int all = 1;
		for (uint32_t i = 0; i < F.num_verts && all; i++) {
			int known = 0;
			for (uint32_t j = 0; j < H.num_verts && !known; j++)
				known = !memcmp(&F.verts[i], &H.verts[j], sizeof(sw_vec3));
			for (uint32_t j = 0; j < B.num_verts && !known; j++)
				known = !memcmp(&F.verts[i], &B.verts[j], sizeof(sw_vec3));
			all = known;
		}
		shared += all;
	}
	sw_hull3_set_destroy(set);
	cr_log_info("seed %llu offset %g eps %g·S: %d cut, %d with an empty piece, %d share every cap vertex, %d "
		    "pieces with a raised tolerance",
		    (unsigned long long)seed, off, eps_rel, hits, empty, shared, raised);
	cr_expect(raised <= hits / 200 + 1, "%d pieces rebuilt with a raised tolerance", raised);
	cr_expect(hits > count / 2);
	cr_expect(empty <= hits / 1000 + 1, "%d empty pieces", empty);
	if (off == 0 && eps_rel == 0)
		cr_expect(shared >= hits - hits / 100, "%d of %d share their cap", shared, hits);
}

Test(split_hull, random_hulls_exact_plane) { random_population(1, 0, 0, 6000); }
Test(split_hull, random_hulls_thick_plane) { random_population(2, 0, 1e-3f, 2000); }
Test(split_hull, random_hulls_far_from_origin) { random_population(3, 1e4f, 1e-6f, 2000); }
