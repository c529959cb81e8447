/* tests/test_hull3_batch_bad_input.c — bad input to the batched hull queries (swept/hull_batch.h)
 * makes that pair SW_PAIR_INVALID (NaN floats, SW_HULL_FEATURE_NONE) and changes nothing else, on
 * every tier: a shape failing sw_hull3_check (stored flagged), instance and shape indices out of range,
 * NaN/Inf/out-of-range poses and non-unit quaternions, bad boxes and degenerate triangles. Each case
 * is checked against the answers of the untouched fixture, and the victim's inputs against the
 * single-pair API, which must reject them too. Malformed calls return an error and write nothing;
 * the set API keeps its contract (NULL arguments, put past the end, clear, free, pool growth). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/hull_batch.h>

#include "compare.h"
#include "scenes.h"

enum { N = 48, NSHAPES = 6, NQ = 7, POISON = 0x5C };

typedef enum qkind { Q_SWEEP, Q_OVERLAP, Q_OBB_SWEEP, Q_OBB_OVERLAP, Q_TRI_SWEEP, Q_TRI_SWEEP_1S, Q_TRI_OVERLAP } qkind;

static const char *const QNAME[NQ] = {"hull sweep", "hull overlap",        "obb sweep",  "obb overlap",
				      "tri sweep",  "tri sweep one-sided", "tri overlap"};

/* which queries a corruption touches */
enum {
	M_HULL = 1u << Q_SWEEP | 1u << Q_OVERLAP,
	M_OBB = 1u << Q_OBB_SWEEP | 1u << Q_OBB_OVERLAP,
	M_TRI = 1u << Q_TRI_SWEEP | 1u << Q_TRI_SWEEP_1S | 1u << Q_TRI_OVERLAP,
	M_ALL = M_HULL | M_OBB | M_TRI,
	/* a displacement only reaches the moving queries: the static overlaps ignore it */
	M_SWEEPS = 1u << Q_SWEEP | 1u << Q_OBB_SWEEP | 1u << Q_TRI_SWEEP | 1u << Q_TRI_SWEEP_1S,
};

static int is_sweep(int q) { return q == Q_SWEEP || q == Q_OBB_SWEEP || q == Q_TRI_SWEEP || q == Q_TRI_SWEEP_1S; }

/* results of one query for N pairs: status, feature, 5 float rows */
typedef struct qres {
	uint8_t st[N];
	uint32_t ft[N];
	float f[5][N];
} qres;

/* hull instances 2k (A) and 2k + 1 (B) of `s`; box k and triangle k near A; pair k of every query
 * names A of pair k */
typedef struct fixture {
	sw_hull3 shapes[NSHAPES];
	sw_hull3_set s;
	sw_obb3_set boxes;
	sw_tri3_set tris;
	sw_pair hh[N], hb[N];
	qres base[NQ]; /* answers of the untouched fixture */
	qres got[NQ];
} fixture;

static sw_vec3 rand_vec(sc_rng *r, float lo, float hi)
{
	return sw_v3(sc_uniform(r, lo, hi), sc_uniform(r, lo, hi), sc_uniform(r, lo, hi));
}

/* a hull from 6 to 30 points near an ellipsoid of radius 0.5 to 1.5 (or a box), about its origin */
static void random_hull(sc_rng *r, int box, sw_hull3 *h)
{
	if (box) {
		sw_obb3 b = {{0, 0, 0}, {0, 0, 0, 1}, rand_vec(r, 0.3f, 1.0f)};
		cr_assert_eq(sw_hull3_box(&b, h), SW_HULL_OK);
		return;
	}
	for (;;) {
		sw_vec3 pts[30], ax = rand_vec(r, 0.5f, 1.5f);
		int n = 6 + (int)sc_below(r, 25);
		sc_ellipsoid_points(r, (size_t)n, ax, 0.7f, pts);
		if (sw_hull3_build(pts, (size_t)n, NULL, h) == SW_HULL_OK)
			return;
	}
}

static sw_error run_q(const fixture *x, int q, const sw_hull3_set *s, const sw_pair *hh, const sw_pair *hb, size_t n,
		      qres *out)
{
	sw_hull_sweep_results sw = {out->st, out->ft, out->f[0], out->f[1], out->f[2], out->f[3], out->f[4]};
	sw_hull_overlap_results ov = {out->st, out->ft, out->f[0], out->f[1], out->f[2], out->f[3]};
	switch (q) {
	case Q_SWEEP: return sw_hull3_sweep_batch(s, s, hh, n, NULL, &sw);
	case Q_OVERLAP: return sw_hull3_overlap_batch(s, s, hh, n, NULL, &ov);
	case Q_OBB_SWEEP: return sw_hull3_obb3_sweep_batch(s, &x->boxes, hb, n, NULL, &sw);
	case Q_OBB_OVERLAP: return sw_hull3_obb3_overlap_batch(s, &x->boxes, hb, n, NULL, &ov);
	case Q_TRI_SWEEP: return sw_hull3_tri3_sweep_batch(s, &x->tris, hb, n, NULL, 0, &sw);
	case Q_TRI_SWEEP_1S: return sw_hull3_tri3_sweep_batch(s, &x->tris, hb, n, NULL, 1, &sw);
	default: return sw_hull3_tri3_overlap_batch(s, &x->tris, hb, n, NULL, &ov);
	}
}

/* runs every query of the fixture into x->got */
static void run_all(fixture *x)
{
	for (int q = 0; q < NQ; q++) {
		memset(&x->got[q], POISON, sizeof x->got[q]);
		cr_assert_eq(run_q(x, q, &x->s, x->hh, x->hb, N, &x->got[q]), SW_OK, "%s", QNAME[q]);
	}
}

static void fixture_init(fixture *x)
{
	sc_rng r = sc_rng_seed(41);
	memset(x, 0, sizeof *x);
	cr_assert_eq(sw_hull3_set_init(&x->s, 4), SW_OK);
	for (uint32_t i = 0; i < NSHAPES; i++) {
		uint32_t id;
		random_hull(&r, i == 0, &x->shapes[i]);
		cr_assert_eq(sw_hull3_set_add_shape(&x->s, &x->shapes[i], &id), SW_OK);
		cr_assert_eq(id, i);
		cr_assert_eq(x->s.shapes[id].ok, 1);
	}
	cr_assert_eq(sw_obb3_set_init(&x->boxes, N), SW_OK);
	cr_assert_eq(sw_tri3_set_init(&x->tris, N), SW_OK);
	for (uint32_t k = 0; k < N; k++) {
		/* A at a random place, B, the box and the triangle within reach, half of them moving at A */
		sw_vec3 pa = rand_vec(&r, -4, 4), da = rand_vec(&r, -2, 2);
		sw_vec3 pb = sw_v3_add(pa, rand_vec(&r, -2.5f, 2.5f)), db = rand_vec(&r, -2, 2);
		if (k % 2)
			db = sw_v3_add(da, sw_v3_scale(sw_v3_sub(pa, pb), 1.5f));
		cr_assert_eq(sw_hull3_set_add(&x->s, sc_below(&r, NSHAPES), pa, sc_rotation(&r), da), SW_OK);
		cr_assert_eq(sw_hull3_set_add(&x->s, sc_below(&r, NSHAPES), pb, sc_rotation(&r), db), SW_OK);
		sw_obb3 box = {sw_v3_add(pa, rand_vec(&r, -2.5f, 2.5f)), sc_rotation(&r), rand_vec(&r, 0.3f, 1.2f)};
		sw_vec3 dbox =
			k % 2 ? sw_v3_add(da, sw_v3_scale(sw_v3_sub(pa, box.center), 1.5f)) : rand_vec(&r, -2, 2);
		cr_assert_eq(sw_obb3_set_add(&x->boxes, &box, dbox, NULL), SW_OK);
		sw_vec3 c = sw_v3_add(pa, rand_vec(&r, -2.5f, 2.5f));
		sw_tri3 t = {sw_v3_add(c, sw_v3(1, 0, 0)), sw_v3_add(c, sw_v3(-0.5f, 0.9f, 0.1f)),
			     sw_v3_add(c, sw_v3(-0.5f, -0.9f, -0.1f))};
		sw_vec3 dt = k % 2 ? sw_v3_add(da, sw_v3_scale(sw_v3_sub(pa, c), 1.5f)) : rand_vec(&r, -2, 2);
		cr_assert_eq(sw_tri3_set_add(&x->tris, &t, dt, NULL), SW_OK);
		x->hh[k] = (sw_pair){2 * k, 2 * k + 1};
		x->hb[k] = (sw_pair){2 * k, k};
	}
	run_all(x);
	memcpy(x->base, x->got, sizeof x->base);
	int hits = 0;
	for (int q = 0; q < NQ; q++)
		for (size_t k = 0; k < N; k++) {
			cr_assert_neq(x->base[q].st[k], SW_PAIR_INVALID, "the fixture itself is valid (%s pair %zu)",
				      QNAME[q], k);
			hits += x->base[q].st[k] != SW_MISS;
		}
	cr_assert_gt(hits, N, "the fixture has contacts to lose");
}

static void fixture_free(fixture *x)
{
	sw_hull3_set_free(&x->s);
	sw_obb3_set_free(&x->boxes);
	sw_tri3_set_free(&x->tris);
}

/* runs every query; pair `victim` of the queries in `mask` must be INVALID, everything else equal to
 * the untouched answers bit for bit */
static void expect_victim(fixture *x, unsigned mask, size_t victim, const char *what)
{
	run_all(x);
	const char *tier = sw_isa_name(sw_active_isa());
	for (int q = 0; q < NQ; q++) {
		const qres *g = &x->got[q], *b = &x->base[q];
		int rows = is_sweep(q) ? 5 : 4;
		for (size_t k = 0; k < N; k++) {
			if (k == victim && (mask >> q & 1)) {
				cr_expect_eq(g->st[k], SW_PAIR_INVALID, "%s: %s pair %zu on %s: status %u", what,
					     QNAME[q], k, tier, g->st[k]);
				cr_expect_eq(g->ft[k], SW_HULL_FEATURE_NONE, "%s: %s pair %zu on %s: feature %#x", what,
					     QNAME[q], k, tier, g->ft[k]);
				for (int f = 0; f < rows; f++)
					cr_expect(isnan(g->f[f][k]), "%s: %s pair %zu on %s: float %d is %a", what,
						  QNAME[q], k, tier, f, g->f[f][k]);
				continue;
			}
			int same = g->st[k] == b->st[k] && g->ft[k] == b->ft[k];
			for (int f = 0; f < rows; f++)
				same = same && memcmp(&g->f[f][k], &b->f[f][k], sizeof(float)) == 0;
			cr_expect(same, "%s: %s neighbour %zu changed on %s (victim %zu): st %u/%u ft %#x/%#x t %a/%a",
				  what, QNAME[q], k, tier, victim, g->st[k], b->st[k], g->ft[k], b->ft[k], g->f[0][k],
				  b->f[0][k]);
		}
	}
}

/* the fixture answers as untouched again */
static void expect_restored(fixture *x, const char *what)
{
	run_all(x);
	cr_expect(memcmp(x->got, x->base, sizeof x->base) == 0, "%s: restoring the input did not restore the answers",
		  what);
}

typedef struct body {
	uint32_t shape;
	sw_vec3 p;
	sw_quat q;
	sw_vec3 d;
} body;

static body get_body(const sw_hull3_set *s, uint32_t i)
{
	body b = {s->shape[i],
		  {s->px[i], s->py[i], s->pz[i]},
		  {s->qx[i], s->qy[i], s->qz[i], s->qw[i]},
		  {s->dx[i], s->dy[i], s->dz[i]}};
	return b;
}

static void put_body(sw_hull3_set *s, uint32_t i, const body *b)
{
	cr_assert_eq(sw_hull3_set_put(s, i, b->shape, b->p, b->q, b->d), SW_OK);
}

/* the single-pair API on hull–hull pair k as stored, with `h` for instance `who` */
static sw_status single_pair(const fixture *x, size_t k, uint32_t who, const sw_hull3 *h)
{
	body a = get_body(&x->s, x->hh[k].a), b = get_body(&x->s, x->hh[k].b);
	const sw_hull3 *ha = a.shape < NSHAPES ? &x->shapes[a.shape] : NULL;
	const sw_hull3 *hb = b.shape < NSHAPES ? &x->shapes[b.shape] : NULL;
	if (who == x->hh[k].a)
		ha = h;
	else if (who == x->hh[k].b)
		hb = h;
	cr_assert(ha && hb);
	sw_hull_sweep_output o;
	return sw_hull3_sweep(ha, a.p, a.q, a.d, hb, b.p, b.q, b.d, &o);
}

/* caps the tier; 0 when the CPU lacks it */
static int select_tier(int isa)
{
	if (!sw_isa_available((sw_isa)isa))
		return 0;
	cr_assert_eq(sw_set_isa_cap((sw_isa)isa), (sw_isa)isa);
	return 1;
}

/* ---- flagged shapes ---- */

typedef void (*corrupt_fn)(sw_hull3 *h);

static void bad_normal(sw_hull3 *h) { h->faces[0].normal.x += 0.25f; }
static void bad_three_verts(sw_hull3 *h) { h->num_verts = 3; }
static void bad_nan_vertex(sw_hull3 *h) { h->verts[1].y = NAN; }
static void bad_offset(sw_hull3 *h) { h->faces[1].d += 0.5f; }
static void bad_edge_face(sw_hull3 *h) { h->edges[0].f[0] = h->edges[0].f[1]; }
static void bad_empty(sw_hull3 *h) { memset(h, 0, sizeof *h); }
static void bad_too_many(sw_hull3 *h) { h->num_verts = SW_HULL_MAX_VERTS + 1; }
static void bad_radius(sw_hull3 *h) { h->radius = 0; }

Test(hull3_batch_bad_input, flagged_shape)
{
	static const struct {
		const char *name;
		corrupt_fn fn;
	} cases[] = {{"face normal", bad_normal},    {"num_verts 3", bad_three_verts}, {"NaN vertex", bad_nan_vertex},
		     {"face offset", bad_offset},    {"edge faces", bad_edge_face},    {"all zero", bad_empty},
		     {"num_verts 65", bad_too_many}, {"radius 0", bad_radius}};
	static fixture x;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		fixture_init(&x);
		for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
			sw_hull3 h = x.shapes[1 + c % (NSHAPES - 1)];
			cases[c].fn(&h);
			cr_assert(!sw_hull3_check(&h, NULL, 0), "%s: the corrupt hull must fail its check",
				  cases[c].name);
			uint32_t id = 999, before = (uint32_t)x.s.num_shapes;
			cr_assert_eq(sw_hull3_set_add_shape(&x.s, &h, &id), SW_OK, "%s", cases[c].name);
			cr_assert_eq(id, before, "%s: shape ids are consecutive", cases[c].name);
			cr_assert_eq(x.s.num_shapes, before + 1);
			const sw_hull3_set_shape *e = &x.s.shapes[id];
			cr_expect_eq(e->ok, 0, "%s: stored unflagged", cases[c].name);
			cr_expect(e->nv == 0 && e->nf == 0 && e->ne == 0, "%s: a flagged shape is empty (%u %u %u)",
				  cases[c].name, e->nv, e->nf, e->ne);
			/* as A of pair v (every query), then as B of pair w (hull–hull only) */
			size_t v = 3 + 5 * c, w = 4 + 5 * c;
			uint32_t ia = x.hh[v].a, ib = x.hh[w].b;
			body ka = get_body(&x.s, ia), kb = get_body(&x.s, ib), bad = ka;
			cr_expect_eq(single_pair(&x, v, ia, &h), SW_PAIR_INVALID, "%s: single-pair API accepts it",
				     cases[c].name);
			bad.shape = id;
			put_body(&x.s, ia, &bad);
			expect_victim(&x, M_ALL, v, cases[c].name);
			put_body(&x.s, ia, &ka);
			bad = kb, bad.shape = id;
			put_body(&x.s, ib, &bad);
			expect_victim(&x, M_HULL, w, cases[c].name);
			put_body(&x.s, ib, &kb);
			expect_restored(&x, cases[c].name);
		}
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

/* ---- indices out of range ---- */

Test(hull3_batch_bad_input, index_out_of_range)
{
	static fixture x;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		fixture_init(&x);
		const uint32_t count = (uint32_t)x.s.count;
		const uint32_t past[] = {count, count + 7, (uint32_t)x.s.capacity, UINT32_MAX};
		for (size_t c = 0; c < 4; c++) {
			size_t v = 2 + 9 * c;
			sw_pair hh = x.hh[v], hb = x.hb[v];
			/* A's instance index: every query */
			x.hh[v].a = x.hb[v].a = past[c];
			expect_victim(&x, M_ALL, v, "A index out of range");
			x.hh[v] = hh, x.hb[v] = hb;
			/* B's index: a hull instance, then a box and a triangle */
			x.hh[v].b = past[c];
			expect_victim(&x, M_HULL, v, "B instance out of range");
			x.hh[v] = hh;
			const uint32_t bpast[] = {(uint32_t)x.boxes.count, (uint32_t)x.boxes.count + 3,
						  (uint32_t)x.boxes.capacity, UINT32_MAX};
			x.hb[v].b = bpast[c];
			expect_victim(&x, M_OBB | M_TRI, v, "box/triangle index out of range");
			x.hb[v] = hb;
			/* a shape index out of range, stored by put and by add */
			uint32_t i = x.hh[v].a;
			body keep = get_body(&x.s, i), bad = keep;
			bad.shape = c < 2 ? (uint32_t)x.s.num_shapes + (uint32_t)c : UINT32_MAX - (uint32_t)c;
			put_body(&x.s, i, &bad);
			cr_expect_eq(x.s.shape[i], bad.shape, "put stores the shape index as given");
			expect_victim(&x, M_ALL, v, "shape index out of range");
			put_body(&x.s, i, &keep);
			expect_restored(&x, "index out of range");
		}
		/* add with an out-of-range shape: stored, and its pairs invalid */
		body b = get_body(&x.s, 0);
		cr_assert_eq(sw_hull3_set_add(&x.s, (uint32_t)x.s.num_shapes, b.p, b.q, b.d), SW_OK);
		cr_expect_eq(x.s.count, 2 * N + 1);
		cr_expect_eq(x.s.shape[2 * N], x.s.num_shapes);
		sw_pair keep = x.hh[7];
		x.hh[7].b = 2 * N;
		expect_victim(&x, M_HULL, 7, "added with a shape out of range");
		x.hh[7] = keep;
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

/* ---- bad poses ---- */

Test(hull3_batch_bad_input, bad_pose_anywhere)
{
	const float bad[] = {NAN, INFINITY, -INFINITY, 1e16f, -2e15f};
	static fixture x;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		fixture_init(&x);
		for (int f = 0; f < 10; f++) {
			for (int v = 0; v < 5; v++) {
				size_t victim = (size_t)(f * 5 + v) % N;
				int as_b = (f + v) % 2;
				uint32_t i = as_b ? x.hh[victim].b : x.hh[victim].a;
				body keep = get_body(&x.s, i), b = keep;
				float *fld[10] = {&b.p.x, &b.p.y, &b.p.z, &b.q.x, &b.q.y,
						  &b.q.z, &b.q.w, &b.d.x, &b.d.y, &b.d.z};
				*fld[f] = bad[v];
				put_body(&x.s, i, &b);
				char what[64];
				snprintf(what, sizeof what, "pose field %d = %g (instance %s)", f, bad[v],
					 as_b ? "B" : "A");
				cr_expect_eq(single_pair(&x, victim, UINT32_MAX, NULL), SW_PAIR_INVALID,
					     "%s: single-pair API accepts it", what);
				unsigned mask = (as_b ? M_HULL : M_ALL) & (f >= 7 ? M_SWEEPS : M_ALL);
				expect_victim(&x, mask, victim, what);
				put_body(&x.s, i, &keep);
			}
		}
		expect_restored(&x, "bad pose");
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

Test(hull3_batch_bad_input, non_unit_quaternion)
{
	/* |q|² − 1 beyond SW_QUAT_TOL either way, zero, and a sign-flipped NaN */
	const float scale[] = {1.01f, 0.999f, 0.0f, 2.0f, -1.5f};
	static fixture x;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		fixture_init(&x);
		for (size_t c = 0; c < sizeof scale / sizeof scale[0]; c++) {
			for (int as_b = 0; as_b < 2; as_b++) {
				size_t victim = 5 + 7 * c + (size_t)as_b;
				uint32_t i = as_b ? x.hh[victim].b : x.hh[victim].a;
				body keep = get_body(&x.s, i), b = keep;
				b.q = (sw_quat){b.q.x * scale[c], b.q.y * scale[c], b.q.z * scale[c], b.q.w * scale[c]};
				put_body(&x.s, i, &b);
				char what[64];
				snprintf(what, sizeof what, "quaternion scaled by %g", scale[c]);
				cr_expect_eq(single_pair(&x, victim, UINT32_MAX, NULL), SW_PAIR_INVALID,
					     "%s: single-pair API accepts it", what);
				expect_victim(&x, as_b ? M_HULL : M_ALL, victim, what);
				put_body(&x.s, i, &keep);
			}
		}
		expect_restored(&x, "non-unit quaternion");
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

/* ---- bad boxes and triangles ---- */

Test(hull3_batch_bad_input, bad_box)
{
	static fixture x;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		fixture_init(&x);
		for (int c = 0; c < 12; c++) {
			size_t victim = (size_t)(3 * c + 1) % N;
			uint32_t j = x.hb[victim].b;
			sw_obb3 keep, box;
			sw_vec3 dk, d;
			cr_assert_eq(sw_obb3_set_get(&x.boxes, j, &keep, &dk), SW_OK);
			box = keep, d = dk;
			switch (c) {
			case 0: box.half.x = 0; break;
			case 1: box.half.y = -1; break;
			case 2: box.half.z = -0.0f; break;
			case 3: box.half.x = NAN; break;
			case 4: box.half.y = INFINITY; break;
			case 5: box.half.z = 1e16f; break;
			case 6: box.center.y = NAN; break;
			case 7: box.center.z = -1e16f; break;
			case 8: box.rot.w = NAN; break;
			case 9:
				box.rot = (sw_quat){box.rot.x * 1.1f, box.rot.y * 1.1f, box.rot.z * 1.1f,
						    box.rot.w * 1.1f};
				break;
			case 10: d.x = INFINITY; break;
			default: d.z = NAN; break;
			}
			cr_assert_eq(sw_obb3_set_put(&x.boxes, j, &box, d), SW_OK);
			char what[32];
			snprintf(what, sizeof what, "bad box %d", c);
			body a = get_body(&x.s, x.hb[victim].a);
			sw_hull_sweep_output o;
			cr_expect_eq(sw_hull3_obb3_sweep(&x.shapes[a.shape], a.p, a.q, a.d, &box, d, &o),
				     SW_PAIR_INVALID, "%s: single-pair API accepts it", what);
			expect_victim(&x, M_OBB & (c >= 10 ? M_SWEEPS : M_ALL), victim, what);
			cr_assert_eq(sw_obb3_set_put(&x.boxes, j, &keep, dk), SW_OK);
		}
		expect_restored(&x, "bad box");
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

Test(hull3_batch_bad_input, bad_triangle)
{
	static fixture x;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		fixture_init(&x);
		for (int c = 0; c < 9; c++) {
			size_t victim = (size_t)(5 * c + 2) % N;
			uint32_t j = x.hb[victim].b;
			sw_tri3 keep, t;
			sw_vec3 dk, d;
			cr_assert_eq(sw_tri3_set_get(&x.tris, j, &keep, &dk), SW_OK);
			t = keep, d = dk;
			switch (c) {
			case 0: t.b = t.c = t.a; break;                           /* a point */
			case 1: t.c = t.b; break;                                 /* two equal vertices */
			case 2: t.c = sw_v3_add(t.b, sw_v3_sub(t.b, t.a)); break; /* collinear */
			case 3: /* a sliver far below the area threshold */
				t.c = sw_v3_add(sw_v3_scale(sw_v3_add(t.a, t.b), 0.5f),
						sw_v3_scale(sw_v3_sub(keep.c, t.a), 1e-8f));
				break;
			case 4: t.a.x = NAN; break;
			case 5: t.b.z = INFINITY; break;
			case 6: t.c.y = 1e16f; break;
			case 7: d.y = -INFINITY; break;
			default: d.x = NAN; break;
			}
			cr_assert_eq(sw_tri3_set_put(&x.tris, j, &t, d), SW_OK);
			char what[32];
			snprintf(what, sizeof what, "bad triangle %d", c);
			body a = get_body(&x.s, x.hb[victim].a);
			sw_hull_sweep_output o;
			cr_expect_eq(sw_hull3_tri3_sweep(&x.shapes[a.shape], a.p, a.q, a.d, &t, d, 0, &o),
				     SW_PAIR_INVALID, "%s: single-pair API accepts it", what);
			expect_victim(&x, M_TRI & (c >= 7 ? M_SWEEPS : M_ALL), victim, what);
			cr_assert_eq(sw_tri3_set_put(&x.tris, j, &keep, dk), SW_OK);
		}
		expect_restored(&x, "bad triangle");
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

/* every seventh pair broken at once, different ways: the rest still answer as untouched (a bad
 * displacement leaves the static overlaps as they were) */
Test(hull3_batch_bad_input, many_bad_pairs_in_one_batch)
{
	static fixture x;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		fixture_init(&x);
		sw_hull3 h = x.shapes[2];
		h.num_verts = 3;
		uint32_t flagged;
		cr_assert_eq(sw_hull3_set_add_shape(&x.s, &h, &flagged), SW_OK);
		for (size_t k = 0; k < N; k += 7) {
			body b = get_body(&x.s, x.hh[k].a);
			switch (k / 7 % 4) {
			case 0: b.p.y = NAN; break;
			case 1: b.shape = flagged; break;
			case 2: b.d.x = 1e16f; break;
			default: b.q.x += 0.5f; break;
			}
			put_body(&x.s, x.hh[k].a, &b);
		}
		run_all(&x);
		for (int q = 0; q < NQ; q++)
			for (size_t k = 0; k < N; k++) {
				const qres *g = &x.got[q], *b = &x.base[q];
				if (k % 7 == 0 && (k / 7 % 4 != 2 || is_sweep(q))) {
					cr_expect(g->st[k] == SW_PAIR_INVALID && g->ft[k] == SW_HULL_FEATURE_NONE &&
							  isnan(g->f[0][k]),
						  "%s pair %zu on %s not invalid", QNAME[q], k,
						  sw_isa_name((sw_isa)isa));
					continue;
				}
				int rows = is_sweep(q) ? 5 : 4, same = g->st[k] == b->st[k] && g->ft[k] == b->ft[k];
				for (int f = 0; f < rows; f++)
					same = same && memcmp(&g->f[f][k], &b->f[f][k], sizeof(float)) == 0;
				cr_expect(same, "%s neighbour %zu changed on %s", QNAME[q], k,
					  sw_isa_name((sw_isa)isa));
			}
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

/* ---- malformed calls ---- */

/* pattern-filled results for every query */
static void poison(qres *r) { memset(r, POISON, sizeof *r); }

static int untouched(const qres *r)
{
	qres p;
	poison(&p);
	return memcmp(r, &p, sizeof p) == 0;
}

/* calls query q with the given pieces (any may be NULL) into r */
static sw_error call_q(int q, const sw_hull3_set *a, const sw_hull3_set *bh, const sw_obb3_set *bo,
		       const sw_tri3_set *bt, const sw_pair *pairs, size_t n, const void *out)
{
	switch (q) {
	case Q_SWEEP: return sw_hull3_sweep_batch(a, bh, pairs, n, NULL, out);
	case Q_OVERLAP: return sw_hull3_overlap_batch(a, bh, pairs, n, NULL, out);
	case Q_OBB_SWEEP: return sw_hull3_obb3_sweep_batch(a, bo, pairs, n, NULL, out);
	case Q_OBB_OVERLAP: return sw_hull3_obb3_overlap_batch(a, bo, pairs, n, NULL, out);
	case Q_TRI_SWEEP: return sw_hull3_tri3_sweep_batch(a, bt, pairs, n, NULL, 0, out);
	case Q_TRI_SWEEP_1S: return sw_hull3_tri3_sweep_batch(a, bt, pairs, n, NULL, 1, out);
	default: return sw_hull3_tri3_overlap_batch(a, bt, pairs, n, NULL, out);
	}
}

static void expect_error(sw_error got, sw_error want, const qres *r, int q, const char *what)
{
	cr_expect_eq(got, want, "%s, %s on %s: returned %d, want %d", QNAME[q], what, sw_isa_name(sw_active_isa()),
		     (int)got, (int)want);
	cr_expect(untouched(r), "%s, %s on %s: wrote results", QNAME[q], what, sw_isa_name(sw_active_isa()));
}

/* result array m (in field order) set to NULL */
static void null_member(int m, sw_hull_sweep_results *sw, sw_hull_overlap_results *ov)
{
	switch (m) {
	case 0: sw->status = NULL, ov->status = NULL; break;
	case 1: sw->feature = NULL, ov->feature = NULL; break;
	case 2: sw->t_first = NULL, ov->depth = NULL; break;
	case 3: sw->t_last = NULL, ov->nx = NULL; break;
	case 4: sw->nx = NULL, ov->ny = NULL; break;
	case 5: sw->ny = NULL, ov->nz = NULL; break;
	default: sw->nz = NULL; break;
	}
}

Test(hull3_batch_bad_input, malformed_calls)
{
	static fixture x;
	static qres r;
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		fixture_init(&x);
		for (int q = 0; q < NQ; q++) {
			const sw_pair *pairs = q < Q_OBB_SWEEP ? x.hh : x.hb;
			const sw_obb3_set *bo = &x.boxes;
			const sw_tri3_set *bt = &x.tris;
			sw_hull_sweep_results sw = {r.st, r.ft, r.f[0], r.f[1], r.f[2], r.f[3], r.f[4]};
			sw_hull_overlap_results ov = {r.st, r.ft, r.f[0], r.f[1], r.f[2], r.f[3]};
			const void *out = is_sweep(q) ? (const void *)&sw : (const void *)&ov;
			/* the well-formed call, for contrast */
			poison(&r);
			cr_expect_eq(call_q(q, &x.s, &x.s, bo, bt, pairs, N, out), SW_OK);
			cr_expect(memcmp(r.st, x.base[q].st, N) == 0, "%s: the well-formed call answers", QNAME[q]);
			/* n = 0: nothing to do, nothing written, NULL pairs allowed or not */
			poison(&r);
			cr_expect_eq(call_q(q, &x.s, &x.s, bo, bt, pairs, 0, out), SW_OK, "%s with n = 0", QNAME[q]);
			cr_expect(untouched(&r), "%s with n = 0 wrote results", QNAME[q]);
			/* NULL pieces */
			poison(&r);
			expect_error(call_q(q, NULL, &x.s, bo, bt, pairs, N, out), SW_ERR_NULL, &r, q, "NULL A set");
			poison(&r);
			expect_error(call_q(q, &x.s, NULL, NULL, NULL, pairs, N, out), SW_ERR_NULL, &r, q,
				     "NULL B set");
			poison(&r);
			expect_error(call_q(q, &x.s, &x.s, bo, bt, NULL, N, out), SW_ERR_NULL, &r, q, "NULL pairs");
			poison(&r);
			expect_error(call_q(q, &x.s, &x.s, bo, bt, pairs, N, NULL), SW_ERR_NULL, &r, q, "NULL results");
			/* each result array NULL in turn */
			for (int m = 0; m < (is_sweep(q) ? 7 : 6); m++) {
				sw_hull_sweep_results sw2 = sw;
				sw_hull_overlap_results ov2 = ov;
				null_member(m, &sw2, &ov2);
				poison(&r);
				char what[40];
				snprintf(what, sizeof what, "result array %d NULL", m);
				const void *out2 = is_sweep(q) ? (const void *)&sw2 : (const void *)&ov2;
				expect_error(call_q(q, &x.s, &x.s, bo, bt, pairs, N, out2), SW_ERR_NULL, &r, q, what);
			}
			/* sets whose count exceeds their capacity */
			sw_hull3_set sbad = x.s;
			sbad.count = sbad.capacity + 1;
			poison(&r);
			expect_error(call_q(q, &sbad, &x.s, bo, bt, pairs, N, out), SW_ERR_ARG, &r, q,
				     "A count > capacity");
			if (q < Q_OBB_SWEEP) {
				poison(&r);
				expect_error(call_q(q, &x.s, &sbad, bo, bt, pairs, N, out), SW_ERR_ARG, &r, q,
					     "B count > capacity");
			} else if (q < Q_TRI_SWEEP) {
				sw_obb3_set obad = x.boxes;
				obad.count = obad.capacity + 1;
				poison(&r);
				expect_error(call_q(q, &x.s, &x.s, &obad, bt, pairs, N, out), SW_ERR_ARG, &r, q,
					     "box count > capacity");
			} else {
				sw_tri3_set tbad = x.tris;
				tbad.count = tbad.capacity + 1;
				poison(&r);
				expect_error(call_q(q, &x.s, &x.s, bo, &tbad, pairs, N, out), SW_ERR_ARG, &r, q,
					     "triangle count > capacity");
			}
			/* a batch longer than SW_MAX_BATCH (never read: the call must refuse it first) */
			if (SIZE_MAX > SW_MAX_BATCH) {
				poison(&r);
				expect_error(call_q(q, &x.s, &x.s, bo, bt, pairs, SW_MAX_BATCH + 1, out), SW_ERR_SIZE,
					     &r, q, "n > SW_MAX_BATCH");
			}
		}
		fixture_free(&x);
	}
	sw_set_isa_cap(sw_best_isa());
}

/* ---- the set API ---- */

static int same_f(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }

Test(hull3_batch_bad_input, set_api)
{
	sc_rng r = sc_rng_seed(5);
	sw_hull3 h;
	random_hull(&r, 0, &h);
	sw_hull3_set s;
	uint32_t id = 77;
	/* NULL arguments */
	cr_expect_eq(sw_hull3_set_init(NULL, 4), SW_ERR_NULL);
	cr_assert_eq(sw_hull3_set_init(&s, 0), SW_OK);
	cr_expect(s.count == 0 && s.num_shapes == 0);
	cr_expect_eq(sw_hull3_set_add_shape(NULL, &h, &id), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_set_add_shape(&s, NULL, &id), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_set_add_shape(&s, &h, NULL), SW_ERR_NULL);
	cr_expect_eq(s.num_shapes, 0, "a refused add_shape adds nothing");
	cr_expect_eq(id, 77, "a refused add_shape writes no id");
	const sw_vec3 o = {0, 0, 0};
	const sw_quat qi = {0, 0, 0, 1};
	cr_expect_eq(sw_hull3_set_add(NULL, 0, o, qi, o), SW_ERR_NULL);
	cr_expect_eq(sw_hull3_set_put(NULL, 0, 0, o, qi, o), SW_ERR_NULL);
	cr_assert_eq(sw_hull3_set_add_shape(&s, &h, &id), SW_OK);
	cr_expect_eq(id, 0);
	cr_expect(s.num_shapes == 1 && s.shapes[0].ok == 1);
	cr_expect_eq((uintptr_t)s.pool % 64, 0, "the pool is 64-byte aligned");
	/* put on an empty set, then past the end */
	cr_expect_eq(sw_hull3_set_put(&s, 0, 0, o, qi, o), SW_ERR_ARG);
	/* add grows from capacity 0; values are stored bit for bit (a bad shape index too) */
	for (uint32_t i = 0; i < 100; i++) {
		sw_vec3 p = rand_vec(&r, -5, 5), d = rand_vec(&r, -1, 1);
		sw_quat q = sc_rotation(&r);
		uint32_t shape = i % 10 == 9 ? 5 + i : 0;
		cr_assert_eq(sw_hull3_set_add(&s, shape, p, q, d), SW_OK);
		cr_assert_eq(s.count, i + 1);
		cr_assert_geq(s.capacity, s.count);
		cr_expect(s.shape[i] == shape && same_f(s.px[i], p.x) && same_f(s.py[i], p.y) && same_f(s.pz[i], p.z) &&
				  same_f(s.qx[i], q.x) && same_f(s.qy[i], q.y) && same_f(s.qz[i], q.z) &&
				  same_f(s.qw[i], q.w) && same_f(s.dx[i], d.x) && same_f(s.dy[i], d.y) &&
				  same_f(s.dz[i], d.z),
			  "instance %u stored as given", i);
	}
	/* put past the end: refused, nothing changes */
	float x99 = s.px[99];
	cr_expect_eq(sw_hull3_set_put(&s, 100, 0, o, qi, o), SW_ERR_ARG);
	cr_expect_eq(sw_hull3_set_put(&s, UINT32_MAX, 0, o, qi, o), SW_ERR_ARG);
	cr_expect_eq(s.count, 100);
	cr_expect(same_f(s.px[99], x99));
	/* put inside */
	cr_expect_eq(sw_hull3_set_put(&s, 99, 0, sw_v3(1.5f, -2, 3), qi, sw_v3(0.25f, 0, 0)), SW_OK);
	cr_expect(s.shape[99] == 0 && s.px[99] == 1.5f && s.py[99] == -2 && s.pz[99] == 3 && s.qw[99] == 1 &&
		  s.dx[99] == 0.25f);
	/* clear keeps the shapes */
	sw_hull3_set_clear(&s);
	cr_expect(s.count == 0 && s.num_shapes == 1);
	cr_expect_eq(sw_hull3_set_put(&s, 0, 0, o, qi, o), SW_ERR_ARG);
	cr_assert_eq(sw_hull3_set_add(&s, 0, o, qi, o), SW_OK);
	cr_assert_eq(sw_hull3_set_add(&s, 0, sw_v3(0.5f, 0.25f, 0), qi, o), SW_OK);
	sw_pair pr = {0, 1};
	uint8_t st = POISON;
	uint32_t ft;
	float fl[4];
	sw_hull_overlap_results ov = {&st, &ft, &fl[0], &fl[1], &fl[2], &fl[3]};
	cr_expect_eq(sw_hull3_overlap_batch(&s, &s, &pr, 1, NULL, &ov), SW_OK);
	cr_expect_eq(st, SW_HIT, "a shape survives clear");
	/* free leaves an empty set that may be initialised again */
	sw_hull3_set_free(&s);
	cr_expect(s.count == 0 && s.num_shapes == 0);
	cr_assert_eq(sw_hull3_set_init(&s, 3), SW_OK);
	cr_expect(s.count == 0 && s.num_shapes == 0 && s.capacity >= 3);
	sw_hull3_set_free(&s);
}

/* 300 shapes force the pool to grow several times: answers on the first shapes stay the same bits,
 * and every shape answers as the single-pair API */
Test(hull3_batch_bad_input, pool_growth)
{
	enum { SHAPES = 300, PAIRS = N };
	sc_rng r = sc_rng_seed(9);
	sw_hull3 *shapes = malloc(SHAPES * sizeof *shapes);
	cr_assert(shapes);
	sw_hull3_set s;
	cr_assert_eq(sw_hull3_set_init(&s, 0), SW_OK);
	for (int i = 0; i < 2; i++) {
		uint32_t id;
		random_hull(&r, i, &shapes[i]);
		cr_assert_eq(sw_hull3_set_add_shape(&s, &shapes[i], &id), SW_OK);
	}
	sw_pair pairs[PAIRS];
	for (uint32_t k = 0; k < PAIRS; k++) {
		sw_vec3 pa = rand_vec(&r, -3, 3), pb = sw_v3_add(pa, rand_vec(&r, -2, 2));
		cr_assert_eq(sw_hull3_set_add(&s, k % 2, pa, sc_rotation(&r), rand_vec(&r, -2, 2)), SW_OK);
		cr_assert_eq(
			sw_hull3_set_add(&s, (k / 2) % 2, pb, sc_rotation(&r), sw_v3_scale(sw_v3_sub(pa, pb), 1.5f)),
			SW_OK);
		pairs[k] = (sw_pair){2 * k, 2 * k + 1};
	}
	static qres before, after;
	sw_hull_sweep_results rb = {before.st,   before.ft,   before.f[0], before.f[1],
				    before.f[2], before.f[3], before.f[4]};
	sw_hull_sweep_results ra = {after.st, after.ft, after.f[0], after.f[1], after.f[2], after.f[3], after.f[4]};
	memset(&before, POISON, sizeof before);
	memset(&after, POISON, sizeof after);
	cr_assert_eq(sw_hull3_sweep_batch(&s, &s, pairs, PAIRS, NULL, &rb), SW_OK);
	size_t pool0 = s.pool_capacity;
	for (int i = 2; i < SHAPES; i++) {
		uint32_t id;
		random_hull(&r, i % 5 == 0, &shapes[i]);
		cr_assert_eq(sw_hull3_set_add_shape(&s, &shapes[i], &id), SW_OK);
		cr_assert_eq(id, (uint32_t)i);
		cr_assert_eq(s.shapes[id].ok, 1);
	}
	cr_expect_eq(s.num_shapes, SHAPES);
	cr_expect_gt(s.pool_capacity, pool0, "300 shapes did not grow the pool");
	cr_expect_eq((uintptr_t)s.pool % 64, 0, "the grown pool is 64-byte aligned");
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		memset(&after, POISON, sizeof after);
		cr_assert_eq(sw_hull3_sweep_batch(&s, &s, pairs, PAIRS, NULL, &ra), SW_OK);
		cr_expect(memcmp(&before, &after, sizeof before) == 0, "answers changed after the pool grew (%s)",
			  sw_isa_name((sw_isa)isa));
	}
	/* now every pair on the later shapes, against the single-pair API */
	for (uint32_t k = 0; k < 2 * PAIRS; k++) {
		body b = get_body(&s, k);
		b.shape = 2 + (k * 37) % (SHAPES - 2);
		cr_assert_eq(sw_hull3_set_put(&s, k, b.shape, b.p, b.q, b.d), SW_OK);
	}
	for (int isa = 0; isa < SW_ISA_COUNT; isa++) {
		if (!select_tier(isa))
			continue;
		memset(&after, POISON, sizeof after);
		cr_assert_eq(sw_hull3_sweep_batch(&s, &s, pairs, PAIRS, NULL, &ra), SW_OK);
		for (uint32_t k = 0; k < PAIRS; k++) {
			body a = get_body(&s, 2 * k), b = get_body(&s, 2 * k + 1);
			sw_hull_sweep_output w;
			sw_hull3_sweep(&shapes[a.shape], a.p, a.q, a.d, &shapes[b.shape], b.p, b.q, b.d, &w);
			const float wf[5] = {w.t_first, w.t_last, w.normal.x, w.normal.y, w.normal.z};
			int same = after.st[k] == w.status && after.ft[k] == w.feature;
			for (int f = 0; f < 5; f++)
				same = same && cmp_same_bits(after.f[f][k], wf[f]);
			cr_expect(same, "pair %u (shapes %u, %u) on %s: got %u %#x %a, single-pair %u %#x %a", k,
				  a.shape, b.shape, sw_isa_name((sw_isa)isa), after.st[k], after.ft[k], after.f[0][k],
				  w.status, w.feature, w.t_first);
		}
	}
	sw_set_isa_cap(sw_best_isa());
	sw_hull3_set_free(&s);
	free(shapes);
}
