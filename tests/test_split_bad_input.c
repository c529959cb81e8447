/* tests/test_split_bad_input.c — every class of bad input to the splits: per item SW_PAIR_INVALID with
 * class SW_SPLIT_NONE and nothing written but the answer (poisoned outputs stay poisoned), the
 * neighbours in a batch answered exactly as alone; and malformed calls (NULL pointers, options out of
 * range), which return their error and write nothing at all, the answer included. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <swept/swept.h>

#define POISON 0xA5

static const sw_vec2 square[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
static const sw_plane2 mid = {{0.5f, 0}, {1, 0.25f}};
static const sw_plane3 mid3 = {{0.5f, 0, 0}, {1, 0.25f, 0.5f}};

static int poisoned(const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++)
		if (c[i] != POISON)
			return 0;
	return 1;
}

/* one bad polygon or call: `want` SW_OK gives the invalid answer, a call error writes nothing, the
 * answer included; pieces untouched either way; the mass query agrees */
static void bad_call2(const sw_vec2 *v, uint32_t n, sw_plane2 l, const sw_split_opts *o, const sw_split_attrs *at,
		      sw_error want, const char *what)
{
	sw_vec2 f[40], b[40];
	sw_split_output out;
	memset(f, POISON, sizeof f);
	memset(b, POISON, sizeof b);
	memset(&out, POISON, sizeof out);
	sw_error e = sw_poly2_split(v, n, l, o, at, f, b, &out);
	cr_expect_eq(e, want, "%s: error %d", what, e);
	if (want == SW_OK)
		cr_expect(out.status == SW_PAIR_INVALID && out.cls == SW_SPLIT_NONE && out.front_count == 0 &&
				  out.back_count == 0,
			  "%s: answer", what);
	else
		cr_expect(poisoned(&out, sizeof out), "%s: answer written", what);
	cr_expect(poisoned(f, sizeof f) && poisoned(b, sizeof b), "%s: pieces written", what);
	if (at)
		return;
	sw_split_mass2 m;
	memset(&m, POISON, sizeof m);
	cr_expect_eq(sw_poly2_split_mass(v, n, l, o, &m), want, "%s: mass", what);
	if (want == SW_OK)
		cr_expect(m.status == SW_PAIR_INVALID && m.cls == SW_SPLIT_NONE && isnan(m.front_area) &&
				  isnan(m.back_centroid.y),
			  "%s: mass answer", what);
	else
		cr_expect(poisoned(&m, sizeof m), "%s: mass answer written", what);
}

static void bad_poly2(const sw_vec2 *v, uint32_t n, sw_plane2 l, const sw_split_opts *o, const sw_split_attrs *at,
		      const char *what)
{
	bad_call2(v, n, l, o, at, SW_OK, what);
}

Test(split_bad_input, poly2_each_class)
{
	sw_vec2 v[40];
	memcpy(v, square, sizeof square);
	bad_poly2(v, 2, mid, NULL, NULL, "2 vertices");
	bad_poly2(v, SW_SPLIT_MAX_VERTS + 1, mid, NULL, NULL, "33 vertices");
	bad_call2(NULL, 4, mid, NULL, NULL, SW_ERR_NULL, "NULL vertices");
	bad_poly2(NULL, 0, mid, NULL, NULL, "no vertices");
	v[2].x = NAN;
	bad_poly2(v, 4, mid, NULL, NULL, "NaN vertex");
	v[2].x = INFINITY;
	bad_poly2(v, 4, mid, NULL, NULL, "Inf vertex");
	v[2].x = 2e15f;
	bad_poly2(v, 4, mid, NULL, NULL, "vertex beyond SW_MAX_COORD");
	memcpy(v, square, sizeof square);
	sw_plane2 l = mid;
	l.n = sw_v2(0, 0);
	bad_poly2(v, 4, l, NULL, NULL, "zero normal");
	l.n = sw_v2(1e-20f, 0);
	bad_poly2(v, 4, l, NULL, NULL, "normal too small to normalise");
	l.n = sw_v2(NAN, 1);
	bad_poly2(v, 4, l, NULL, NULL, "NaN normal");
	l = mid;
	l.p.y = INFINITY;
	bad_poly2(v, 4, l, NULL, NULL, "Inf plane point");
	sw_split_opts o = {.eps = -1e-3f};
	bad_call2(v, 4, mid, &o, NULL, SW_ERR_ARG, "negative eps");
	o.eps = NAN;
	bad_call2(v, 4, mid, &o, NULL, SW_ERR_ARG, "NaN eps");
	o.eps = INFINITY;
	bad_call2(v, 4, mid, &o, NULL, SW_ERR_ARG, "Inf eps");
	cr_expect_eq(sw_poly2_split(square, 4, mid, NULL, NULL, NULL, NULL, NULL), SW_ERR_NULL, "NULL answer");
	cr_expect_eq(sw_poly2_split_mass(square, 4, mid, NULL, NULL), SW_ERR_NULL, "NULL mass answer");
	const sw_vec2 cw[4] = {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
	bad_poly2(cw, 4, mid, NULL, NULL, "clockwise");
	const sw_vec2 dart[4] = {{0, 0}, {2, 1}, {0, 2}, {0.5f, 1}};
	bad_poly2(dart, 4, mid, NULL, NULL, "non-convex dart");
	sw_vec2 star[5]; /* {5/2}: every corner turns left, the directions wind twice */
	for (int i = 0; i < 5; i++)
		star[i] = sw_v2(cosf(4 * 3.14159265f * (float)i / 5), sinf(4 * 3.14159265f * (float)i / 5));
	bad_poly2(star, 5, mid, NULL, NULL, "pentagram");
	const sw_vec2 dup[5] = {{0, 0}, {1, 0}, {1, 0}, {1, 1}, {0, 1}};
	bad_poly2(dup, 5, mid, NULL, NULL, "repeated vertex");
	const sw_vec2 wrap[5] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}};
	bad_poly2(wrap, 5, mid, NULL, NULL, "last vertex repeats the first");
	float uv[8] = {0, 0, 1, 0, 1, 1, 0, NAN}, fa[10], ba[10];
	sw_split_attrs at = {2, uv, fa, ba};
	bad_poly2(square, 4, mid, NULL, &at, "NaN attribute");
	uv[7] = 1;
	at.k = SW_SPLIT_MAX_ATTRS + 1;
	bad_call2(square, 4, mid, NULL, &at, SW_ERR_ARG, "too many attributes");
	at.k = 2;
	at.in = NULL;
	bad_call2(square, 4, mid, NULL, &at, SW_ERR_NULL, "attributes without values");
}

Test(split_bad_input, poly3_tri3_each_class)
{
	const sw_vec3 sq[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
	sw_vec3 v[4], f[8], b[8];
	sw_split_output o;
	memcpy(v, sq, sizeof sq);
	v[2].z = 0.2f; /* off the plane of the others */
	cr_expect(sw_poly3_split(v, 4, mid3, NULL, NULL, f, b, &o) == SW_OK && o.status == SW_PAIR_INVALID,
		  "not planar");
	memcpy(v, sq, sizeof sq);
	v[1].y = NAN;
	cr_expect(sw_poly3_split(v, 4, mid3, NULL, NULL, f, b, &o) == SW_OK && o.status == SW_PAIR_INVALID, "NaN");
	const sw_vec3 dart[4] = {{0, 0, 0}, {2, 1, 0}, {0, 2, 0}, {0.5f, 1, 0}};
	cr_expect(sw_poly3_split(dart, 4, mid3, NULL, NULL, f, b, &o) == SW_OK && o.status == SW_PAIR_INVALID, "dart");
	sw_split_mass3 m;
	cr_expect(sw_poly3_split_mass(dart, 4, mid3, NULL, &m) == SW_OK && m.status == SW_PAIR_INVALID);
	cr_expect(isnan(m.front_measure) && isnan(m.front_centroid.z));
	cr_expect_eq(sw_poly3_split(NULL, 4, mid3, NULL, NULL, f, b, &o), SW_ERR_NULL, "NULL vertices");
	/* triangles: any finite triangle is valid, even a degenerate one */
	sw_tri3 t = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, tf[2], tb[2];
	cr_expect(sw_tri3_split(&t, mid3, NULL, NULL, tf, tb, &o) == SW_OK && o.status != SW_PAIR_INVALID,
		  "collinear triangle");
	t.c.z = INFINITY;
	memset(tf, POISON, sizeof tf);
	cr_expect(sw_tri3_split(&t, mid3, NULL, NULL, tf, tb, &o) == SW_OK && o.status == SW_PAIR_INVALID,
		  "Inf vertex");
	cr_expect(poisoned(tf, sizeof tf) && o.cls == SW_SPLIT_NONE);
	t.c.z = 0;
	sw_plane3 z = {{0, 0, 0}, {0, 0, 0}};
	cr_expect(sw_tri3_split(&t, z, NULL, NULL, tf, tb, &o) == SW_OK && o.status == SW_PAIR_INVALID, "zero normal");
	cr_expect_eq(sw_tri3_split(NULL, mid3, NULL, NULL, tf, tb, &o), SW_ERR_NULL, "NULL triangle");
	sw_split_opts nan_eps = {.eps = NAN};
	cr_expect_eq(sw_tri3_split(&t, mid3, &nan_eps, NULL, tf, tb, &o), SW_ERR_ARG, "NaN eps");
}

Test(split_bad_input, hull_each_class)
{
	static sw_hull3 h, f, b;
	sw_obb3 box = {{1, 1, 1}};
	cr_assert_eq(sw_hull3_box(&box, &h), SW_OK);
	sw_split_output o;
	sw_split_mass3 m;
	sw_plane3 z = {{0, 0, 0}, {0, 0, 0}};
	memset(&f, POISON, sizeof f);
	cr_expect(sw_hull3_split(&h, z, NULL, &f, &b, &o) == SW_OK && o.status == SW_PAIR_INVALID, "zero normal");
	cr_expect(o.cls == SW_SPLIT_NONE && poisoned(&f, sizeof f));
	cr_expect_eq(sw_hull3_split(NULL, mid3, NULL, &f, &b, &o), SW_ERR_NULL, "NULL hull");
	cr_expect_eq(sw_hull3_split(&h, mid3, NULL, &f, &b, NULL), SW_ERR_NULL, "NULL answer");
	h.faces[2].normal.y = -h.faces[2].normal.y; /* no longer passes sw_hull3_check */
	cr_expect(sw_hull3_split(&h, mid3, NULL, &f, &b, &o) == SW_OK && o.status == SW_PAIR_INVALID, "corrupt hull");
	/* trusted, a hull is only range-checked: an index out of range is still refused */
	const sw_split_opts trust = {.trusted = 1};
	sw_hull3 g = h;
	g.face_verts[g.faces[3].first + 1] = (uint8_t)g.num_verts;
	cr_expect(sw_hull3_split(&g, mid3, &trust, &f, &b, &o) == SW_OK && o.status == SW_PAIR_INVALID, "index");
	g = h;
	g.edges[0].v[1] = 200;
	cr_expect(sw_hull3_split_mass(&g, mid3, &trust, &m) == SW_OK && m.status == SW_PAIR_INVALID, "edge end");
	g = h;
	g.faces[1].count = 400;
	cr_expect(sw_hull3_split(&g, mid3, &trust, &f, &b, &o) == SW_OK && o.status == SW_PAIR_INVALID, "loop");
	cr_expect(poisoned(&f, sizeof f));
	cr_expect(sw_hull3_split_mass(&h, mid3, NULL, &m) == SW_OK && m.status == SW_PAIR_INVALID);
	cr_expect(isnan(m.back_measure) && m.cls == SW_SPLIT_NONE);
	h.num_verts = 0;
	cr_expect(sw_hull3_split(&h, mid3, NULL, &f, &b, &o) == SW_OK && o.status == SW_PAIR_INVALID, "empty hull");
}

/* ---- batches ---- */

enum { N = 5, CAP = 64 };

typedef struct batch {
	sw_vec2 verts[32], fv[CAP], bv[CAP];
	uint32_t first[N + 1], ff[N + 1], bf[N + 1];
	uint8_t st[N], cls[N];
	sw_poly2_soup soup;
	sw_poly2_pieces fp, bp;
	sw_split_results res;
} batch;

/* five squares moved apart; polygon 2 wound clockwise */
static void batch_init(batch *B)
{
	memset(B, POISON, sizeof *B);
	uint32_t nv = 0;
	for (int i = 0; i < N; i++) {
		B->first[i] = nv;
		for (int k = 0; k < 4; k++)
			B->verts[nv++] =
				sw_v2(square[i == 2 ? 3 - k : k].x + 0.3f * (float)i, square[i == 2 ? 3 - k : k].y);
	}
	B->first[N] = nv;
	B->soup = (sw_poly2_soup){B->verts, B->first, N, NULL, 0};
	B->fp = (sw_poly2_pieces){B->fv, NULL, CAP, B->ff, 0};
	B->bp = (sw_poly2_pieces){B->bv, NULL, CAP, B->bf, 0};
	B->res = (sw_split_results){B->st, B->cls};
}

Test(split_bad_input, poly2_batch_neighbours_untouched)
{
	static batch B;
	batch_init(&B);
	sw_plane2 planes[N];
	for (int i = 0; i < N; i++)
		planes[i] = mid;
	planes[4].n = sw_v2(0, 0); /* a bad plane for item 4 only */
	cr_assert_eq(sw_poly2_split_batch(&B.soup, planes, N, NULL, NULL, &B.fp, &B.bp, &B.res), SW_OK);
	for (int i = 0; i < N; i++) {
		sw_vec2 f[8], b[8];
		sw_split_output o;
		sw_poly2_split(B.verts + B.first[i], 4, planes[i], NULL, NULL, f, b, &o);
		cr_expect(B.st[i] == o.status && B.cls[i] == o.cls, "item %d", i);
		cr_expect(B.ff[i + 1] - B.ff[i] == o.front_count && B.bf[i + 1] - B.bf[i] == o.back_count, "item %d",
			  i);
		cr_expect(!memcmp(B.fv + B.ff[i], f, sizeof *f * o.front_count), "item %d", i);
	}
	cr_expect(B.st[2] == SW_PAIR_INVALID && B.st[4] == SW_PAIR_INVALID && B.cls[2] == SW_SPLIT_NONE);
	cr_expect(B.st[0] == SW_HIT && B.st[3] != SW_PAIR_INVALID);
	/* one bad plane for all: every item invalid, still SW_OK */
	batch_init(&B);
	cr_assert_eq(sw_poly2_split_batch(&B.soup, &planes[4], 1, NULL, NULL, &B.fp, &B.bp, &B.res), SW_OK);
	for (int i = 0; i < N; i++)
		cr_expect(B.st[i] == SW_PAIR_INVALID);
	cr_expect(B.fp.total == 0 && B.ff[N] == 0);
}

Test(split_bad_input, poly2_batch_call_errors_write_nothing)
{
	static batch B, ref;
	sw_split_opts neg = {.eps = -1};
	struct {
		const char *what;
		sw_error want;
	} cases[] = {
		{"NULL soup", SW_ERR_NULL},          {"NULL results", SW_ERR_NULL},
		{"NULL status", SW_ERR_NULL},        {"NULL planes", SW_ERR_NULL},
		{"nplanes 0", SW_ERR_SIZE},          {"nplanes 2", SW_ERR_SIZE},
		{"negative eps", SW_ERR_ARG},        {"17 attributes", SW_ERR_ARG},
		{"attributes missing", SW_ERR_NULL}, {"pieces without first", SW_ERR_NULL},
		{"NULL vertices", SW_ERR_NULL},      {"capacity without room", SW_ERR_NULL},
	};
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		batch_init(&B);
		batch_init(&ref);
		const sw_poly2_soup *soup = &B.soup;
		const sw_plane2 *pl = &mid;
		size_t np = 1;
		const sw_split_opts *o = NULL;
		const sw_split_results *res = &B.res;
		switch (c) {
		case 0: soup = NULL; break;
		case 1: res = NULL; break;
		case 2: B.res.status = NULL; break;
		case 3: pl = NULL; break;
		case 4: np = 0; break;
		case 5: np = 2; break;
		case 6: o = &neg; break;
		case 7: B.soup.attr_count = SW_SPLIT_MAX_ATTRS + 1, B.soup.attrs = (const float *)B.verts; break;
		case 8: B.soup.attr_count = 2; break;
		case 9: B.fp.first = NULL; break;
		case 10: B.soup.verts = NULL; break;
		case 11: B.bp.verts = NULL; break;
		}
		sw_error e = sw_poly2_split_batch(soup, pl, np, o, NULL, &B.fp, &B.bp, res);
		cr_expect_eq(e, cases[c].want, "%s: %d", cases[c].what, e);
		cr_expect(!memcmp(B.fv, ref.fv, sizeof B.fv) && !memcmp(B.ff, ref.ff, sizeof B.ff) &&
				  !memcmp(B.st, ref.st, sizeof B.st) && !memcmp(B.bf, ref.bf, sizeof B.bf),
			  "%s: something was written", cases[c].what);
	}
}

Test(split_bad_input, poly2_batch_capacity_and_size_query)
{
	static batch B, ref;
	batch_init(&B);
	batch_init(&ref);
	/* a size query: no room at all */
	B.fp = (sw_poly2_pieces){NULL, NULL, 0, B.ff, 0};
	B.bp = (sw_poly2_pieces){NULL, NULL, 0, B.bf, 0};
	cr_assert_eq(sw_poly2_split_batch(&B.soup, &mid, 1, NULL, NULL, &B.fp, &B.bp, &B.res), SW_ERR_SIZE);
	size_t need_f = B.fp.total, need_b = B.bp.total;
	cr_expect(need_f > 0 && need_b > 0 && need_f < N * 5);
	/* first[] is the count's scratch (swept/split.h); nothing else is written */
	cr_expect(!memcmp(B.st, ref.st, sizeof B.st) && !memcmp(B.cls, ref.cls, sizeof B.cls), "size query wrote");
	/* one short: still SW_ERR_SIZE, nothing written */
	B.fp = (sw_poly2_pieces){B.fv, NULL, need_f - 1, B.ff, 0};
	B.bp = (sw_poly2_pieces){B.bv, NULL, need_b, B.bf, 0};
	cr_assert_eq(sw_poly2_split_batch(&B.soup, &mid, 1, NULL, NULL, &B.fp, &B.bp, &B.res), SW_ERR_SIZE);
	cr_expect(!memcmp(B.fv, ref.fv, sizeof B.fv) && !memcmp(B.bv, ref.bv, sizeof B.bv), "short call wrote");
	/* exact room: done, and no element past it touched */
	B.fp.capacity = need_f;
	cr_assert_eq(sw_poly2_split_batch(&B.soup, &mid, 1, NULL, NULL, &B.fp, &B.bp, &B.res), SW_OK);
	cr_expect(B.fp.total == need_f && B.ff[N] == need_f && B.bf[N] == need_b);
	cr_expect(poisoned(B.fv + need_f, sizeof(sw_vec2) * (CAP - need_f)));
	/* only one side wanted */
	batch_init(&B);
	cr_assert_eq(sw_poly2_split_batch(&B.soup, &mid, 1, NULL, NULL, NULL, &B.bp, &B.res), SW_OK);
	cr_expect(B.bp.total == need_b && poisoned(B.fv, sizeof B.fv));
}

Test(split_bad_input, tri3_hull_mass_batches)
{
	sw_tri3 tris[3] = {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
			   {{0, 0, 0}, {1, NAN, 0}, {0, 1, 0}},
			   {{0, 0, 0}, {1, 0, 0}, {0, 1, 1}}};
	sw_tri3 ft[6], bt[6];
	uint32_t ff[4], bf[4];
	uint8_t st[3], cls[3];
	sw_tri3_soup soup = {tris, 3, NULL, 0};
	sw_tri3_pieces fp = {ft, NULL, 6, ff, 0}, bp = {bt, NULL, 6, bf, 0};
	sw_split_results res = {st, cls};
	cr_assert_eq(sw_tri3_split_batch(&soup, &mid3, 1, NULL, NULL, &fp, &bp, &res), SW_OK);
	cr_expect(st[0] == SW_HIT && st[1] == SW_PAIR_INVALID && st[2] == SW_HIT && cls[1] == SW_SPLIT_NONE);
	cr_expect(ff[2] == ff[1] && bf[2] == bf[1], "no pieces for the invalid triangle");
	sw_split_opts neg = {.eps = -1};
	cr_expect_eq(sw_tri3_split_batch(&soup, &mid3, 1, &neg, NULL, &fp, &bp, &res), SW_ERR_ARG);
	cr_expect_eq(sw_tri3_split_batch(&soup, &mid3, 2, NULL, NULL, &fp, &bp, &res), SW_ERR_SIZE);
	/* hulls: a corrupt one between two boxes */
	static sw_hull3 hulls[3], front[3], back[3];
	sw_obb3 box = {{1, 1, 1}};
	for (int i = 0; i < 3; i++)
		cr_assert_eq(sw_hull3_box(&box, &hulls[i]), SW_OK);
	hulls[1].faces[0].d += 1;
	cr_assert_eq(sw_hull3_split_batch(hulls, 3, &mid3, 1, NULL, NULL, front, back, &res), SW_OK);
	cr_expect(st[0] == SW_HIT && st[1] == SW_PAIR_INVALID && st[2] == SW_HIT);
	cr_expect(front[1].num_verts == 0 && back[1].num_verts == 0 && front[2].num_verts > 0);
	float vol[6];
	uint8_t mst[3];
	sw_split_mass_results mr = {mst, NULL, vol, vol + 3, NULL, NULL, NULL, NULL, NULL, NULL};
	cr_assert_eq(sw_hull3_split_mass_batch(hulls, 3, &mid3, 1, NULL, NULL, &mr), SW_OK);
	cr_expect(mst[1] == SW_PAIR_INVALID && isnan(vol[1]) && fabsf(vol[0] + vol[3] - 8) < 1e-5f && vol[2] == vol[0]);
	cr_expect_eq(sw_hull3_split_mass_batch(hulls, 3, NULL, 1, NULL, NULL, &mr), SW_ERR_NULL);
	/* 2D mass: the clockwise square of a poly2 soup */
	static batch B;
	batch_init(&B);
	float area[2 * N];
	uint8_t ast[N];
	sw_split_mass_results m2 = {ast, NULL, area, area + N, NULL, NULL, NULL, NULL, NULL, NULL};
	cr_assert_eq(sw_poly2_split_mass_batch(&B.soup, &mid, 1, NULL, NULL, &m2), SW_OK);
	cr_expect(ast[2] == SW_PAIR_INVALID && isnan(area[2]) && ast[0] == SW_HIT);
	cr_expect(fabsf(area[0] + area[N] - 1) < 1e-6f);
}
