/* tests/fuzz/fuzz_tiers.c — libFuzzer target over the whole query list: the first byte picks a query,
 * the second is a control byte, the rest becomes that query's sources through the public API (sets
 * from raw floats, hulls built from raw points) or, for packed queries, raw bytes copied straight
 * into lane blocks (arbitrary counts, flags and floats) at an offset the control byte picks. Every
 * tier must give the reference's bits (NaN matching NaN) through the kernels, the public entry must
 * agree with them or refuse misaligned blocks with SW_ERR_ALIGN, and nothing may crash: the library
 * is built with the same sanitizers as this target. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "pipeline.h"

enum { MAXP = 32 };

/* a cursor over the input */
typedef struct cur {
	const uint8_t *p;
	size_t left;
} cur;

static float take_f(cur *c)
{
	float f = 0;
	if (c->left >= 4) {
		memcpy(&f, c->p, 4);
		c->p += 4, c->left -= 4;
	}
	return f;
}

static uint8_t take_b(cur *c)
{
	uint8_t b = 0;
	if (c->left) {
		b = *c->p;
		c->p++, c->left--;
	}
	return b;
}

static sw_vec3 take_v3(cur *c)
{
	float x = take_f(c), y = take_f(c);
	return sw_v3(x, y, take_f(c));
}

/* everything a case owns */
typedef struct fcase {
	sw_obb3_set *boxes;
	sw_tri3_set *tris;
	sw_poly2_set *polys;
	sw_hull3_set *hulls, *hulls_b;
	sw_circle2_set *circles;
	sw_circle3_set *spheres;
	sw_seg2_set *segs;
	sw_shape3_set *shapes3;
	sw_shape2_set *shapes2;
	sw_ray3_set *rays3;
	sw_ray2_set *rays2;
	void *raw;
	const void *a, *b;
	sw_pair pairs[MAXP];
	size_t n;
} fcase;

static void fcase_free(fcase *f)
{
	sw_obb3_set_destroy(f->boxes), sw_tri3_set_destroy(f->tris), sw_poly2_set_destroy(f->polys);
	sw_hull3_set_destroy(f->hulls), sw_hull3_set_destroy(f->hulls_b);
	sw_circle2_set_destroy(f->circles), sw_circle3_set_destroy(f->spheres), sw_seg2_set_destroy(f->segs);
	sw_shape3_set_destroy(f->shapes3), sw_shape2_set_destroy(f->shapes2);
	sw_ray3_set_destroy(f->rays3), sw_ray2_set_destroy(f->rays2);
	free(f->raw);
}

static sw_quat take_quat(cur *c, int normalise)
{
	sw_quat q = {take_f(c), take_f(c), take_f(c), take_f(c)};
	return normalise && q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w > 1e-12f ? sw_quat_normalize(q) : q;
}

static sw_obb3_set *boxes_from(cur *c, uint8_t ctl, size_t n)
{
	sw_obb3_set *s;
	if (sw_obb3_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		sw_vec3 p = take_v3(c);
		sw_quat q = take_quat(c, ctl & 1);
		sw_obb3 b = {take_v3(c)};
		if (ctl & 2)
			b.half = sw_v3(fabsf(b.half.x), fabsf(b.half.y), fabsf(b.half.z));
		sw_obb3_set_add(s, &b, sw_pose3_make(p, q), take_v3(c), NULL);
	}
	return s;
}

static sw_tri3_set *tris_from(cur *c, size_t n)
{
	sw_tri3_set *s;
	if (sw_tri3_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		sw_tri3 t = {take_v3(c), take_v3(c), take_v3(c)};
		sw_tri3_set_add(s, &t, take_v3(c), NULL);
	}
	return s;
}

static sw_poly2_set *polys_from(cur *c, uint8_t ctl, size_t n)
{
	sw_poly2_set *s;
	if (sw_poly2_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < 4; i++) {
		sw_poly2 p;
		memset(&p, 0, sizeof p);
		p.count = take_b(c) % (SW_POLY2_MAX_VERTS + 3);
		for (uint32_t k = 0; k < SW_POLY2_MAX_VERTS; k++)
			p.v[k] = sw_v2(take_f(c), take_f(c));
		sw_poly2 built;
		/* half of the shapes through the builder, so valid polygons are explored too */
		if ((ctl & 1) && p.count <= SW_POLY2_MAX_VERTS && sw_poly2_build(p.v, p.count, &built) == SW_OK)
			p = built;
		uint32_t id;
		sw_poly2_set_add_shape(s, &p, &id);
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t shape = take_b(c) % 5; /* 4 is past the shapes */
		float px = take_f(c), py = take_f(c), a = take_f(c);
		sw_pose2 pose = (ctl & 2) && isfinite(a) ? sw_pose2_make(sw_v2(px, py), a)
							 : (sw_pose2){{px, py}, {a, take_f(c)}};
		sw_poly2_set_add(s, shape, pose, sw_v2(take_f(c), take_f(c)), NULL);
	}
	return s;
}

static sw_hull3_set *hulls_from(cur *c, uint8_t ctl, size_t n)
{
	sw_hull3_set *s;
	if (sw_hull3_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < 3; i++) {
		sw_vec3 pts[12];
		size_t m = 4 + take_b(c) % 9;
		for (size_t k = 0; k < m; k++)
			pts[k] = take_v3(c);
		sw_hull3 h;
		uint32_t id;
		if (sw_hull3_build(pts, m, NULL, &h) != SW_OK)
			sw_hull3_box(&(sw_obb3){{1, 1, 1}}, &h);
		sw_hull3_set_add_shape(s, &h, &id);
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t shape = take_b(c) % 4;
		sw_vec3 p = take_v3(c);
		sw_quat q = take_quat(c, ctl & 1);
		sw_hull3_set_add(s, shape, sw_pose3_make(p, q), take_v3(c), NULL);
	}
	return s;
}

/* movers: centre, radius (|r| when ctl bit 1 is set), displacement */
static sw_circle2_set *circles_from(cur *c, uint8_t ctl, size_t n)
{
	sw_circle2_set *s;
	if (sw_circle2_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		sw_vec2 p = sw_v2(take_f(c), take_f(c));
		float r = take_f(c);
		sw_circle2_set_add(s, p, ctl & 2 ? fabsf(r) : r, sw_v2(take_f(c), take_f(c)), NULL);
	}
	return s;
}

static sw_circle3_set *spheres_from(cur *c, uint8_t ctl, size_t n)
{
	sw_circle3_set *s;
	if (sw_circle3_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		sw_vec3 p = take_v3(c);
		float r = take_f(c);
		sw_circle3_set_add(s, p, ctl & 2 ? fabsf(r) : r, take_v3(c), NULL);
	}
	return s;
}

/* GJK shapes from raw floats: a type byte (boxes, vertex clouds of any count, past the range too), a
 * radius, half extents and vertices as they come */
static sw_shape3_set *shapes3_from(cur *c, uint8_t ctl, size_t n)
{
	sw_shape3_set *s;
	if (sw_shape3_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < 4; i++) {
		sw_vec3 v[SW_GJK_MAX_VERTS + 2];
		uint8_t t = take_b(c);
		uint32_t count = t % (SW_GJK_MAX_VERTS + 2);
		for (uint32_t k = 0; k < count && k < 12; k++)
			v[k] = take_v3(c);
		for (uint32_t k = 12; k < count; k++)
			v[k] = v[k % 12];
		float radius = take_f(c);
		sw_shape3 sh = {(uint32_t)(t >> 7), count, v, take_v3(c), (ctl & 2) ? fabsf(radius) : radius};
		uint32_t id;
		sw_shape3_set_add_shape(s, &sh, &id);
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t shape = take_b(c) % 5;
		sw_vec3 p = take_v3(c);
		sw_quat q = take_quat(c, ctl & 1);
		sw_shape3_set_add(s, shape, sw_pose3_make(p, q), take_v3(c), NULL);
	}
	return s;
}

static sw_seg2_set *segs_from(cur *c, size_t n)
{
	sw_seg2_set *s;
	if (sw_seg2_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		sw_seg2 g = {{take_f(c), take_f(c)}, {take_f(c), take_f(c)}};
		sw_seg2_set_add(s, &g, sw_v2(take_f(c), take_f(c)), NULL);
	}
	return s;
}

static sw_shape2_set *shapes2_from(cur *c, uint8_t ctl, size_t n)
{
	sw_shape2_set *s;
	if (sw_shape2_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < 4; i++) {
		sw_vec2 v[SW_GJK_MAX_VERTS + 2];
		uint8_t t = take_b(c);
		uint32_t count = t % (SW_GJK_MAX_VERTS + 2);
		for (uint32_t k = 0; k < count && k < 12; k++)
			v[k] = sw_v2(take_f(c), take_f(c));
		for (uint32_t k = 12; k < count; k++)
			v[k] = v[k % 12];
		float radius = take_f(c), hx = take_f(c);
		sw_shape2 sh = {(uint32_t)(t >> 7), count, v, sw_v2(hx, take_f(c)), (ctl & 2) ? fabsf(radius) : radius};
		uint32_t id;
		sw_shape2_set_add_shape(s, &sh, &id);
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t shape = take_b(c) % 5;
		float px = take_f(c), py = take_f(c), a = take_f(c);
		sw_pose2 pose = (ctl & 1) && isfinite(a) ? sw_pose2_make(sw_v2(px, py), a)
							 : (sw_pose2){{px, py}, {a, take_f(c)}};
		sw_shape2_set_add(s, shape, pose, sw_v2(take_f(c), take_f(c)), NULL);
	}
	return s;
}

static sw_ray3_set *rays3_from(cur *c, size_t n)
{
	sw_ray3_set *s;
	if (sw_ray3_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		sw_ray3 ray = {take_v3(c), take_v3(c)};
		sw_ray3_set_add(s, &ray, NULL);
	}
	return s;
}

static sw_ray2_set *rays2_from(cur *c, size_t n)
{
	sw_ray2_set *s;
	if (sw_ray2_set_create(n, &s) != SW_OK)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		float ox = take_f(c), oy = take_f(c), dx = take_f(c);
		sw_ray2 ray = {sw_v2(ox, oy), sw_v2(dx, take_f(c))};
		sw_ray2_set_add(s, &ray, NULL);
	}
	return s;
}

/* the query's sources from the input; 0 when there is too little of it */
static int build(const sw_query_desc *d, cur *c, uint8_t ctl, fcase *f)
{
	memset(f, 0, sizeof *f);
	f->n = 1 + take_b(c) % MAXP;
	if (sw_src_split(d->a))
		return 0; /* split rows: tests/fuzz/fuzz_split.c */
	if (d->b == SW_SRC_NONE) {
		/* raw blocks: whatever bytes, at an offset of 0..7 floats from the alignment */
		size_t nb = (f->n + SW_BLOCK - 1) / SW_BLOCK, bs = sw_src_block_size(d->a), off = 8 * ((ctl >> 3) & 7);
		f->raw = aligned_alloc(64, nb * bs + 64);
		if (!f->raw)
			return 0;
		memset(f->raw, 0, nb * bs + 64);
		size_t take = c->left < nb * bs ? c->left : nb * bs;
		memcpy((char *)f->raw + off, c->p, take);
		f->a = (char *)f->raw + off;
		return 1;
	}
	size_t na = f->n, nb = f->n;
	switch (d->a) {
	case SW_SRC_OBB3: f->a = f->boxes = boxes_from(c, ctl, na); break;
	case SW_SRC_POLY2: f->a = f->polys = polys_from(c, ctl, na); break;
	case SW_SRC_HULL3: f->a = f->hulls = hulls_from(c, ctl, na); break;
	case SW_SRC_CIRCLE2: f->a = f->circles = circles_from(c, ctl, na); break;
	case SW_SRC_CIRCLE3: f->a = f->spheres = spheres_from(c, ctl, na); break;
	case SW_SRC_SHAPE3: f->a = f->shapes3 = shapes3_from(c, ctl, na); break;
	case SW_SRC_SHAPE2: f->a = f->shapes2 = shapes2_from(c, ctl, na); break;
	case SW_SRC_RAY3: f->a = f->rays3 = rays3_from(c, na); break;
	case SW_SRC_RAY2: f->a = f->rays2 = rays2_from(c, na); break;
	default: return 0;
	}
	switch (d->b) {
	case SW_SRC_OBB3: f->b = d->a == SW_SRC_OBB3 ? f->boxes : (f->boxes = boxes_from(c, ctl, nb)); break;
	case SW_SRC_TRI3: f->b = f->tris = tris_from(c, nb); break;
	case SW_SRC_POLY2: f->b = f->polys ? f->polys : (f->polys = polys_from(c, ctl, nb)); break;
	case SW_SRC_HULL3: f->b = f->hulls ? f->hulls : (f->hulls = hulls_from(c, ctl, nb)); break;
	case SW_SRC_SHAPE3: f->b = f->shapes3 ? f->shapes3 : (f->shapes3 = shapes3_from(c, ctl, nb)); break;
	case SW_SRC_SHAPE2: f->b = f->shapes2 ? f->shapes2 : (f->shapes2 = shapes2_from(c, ctl, nb)); break;
	case SW_SRC_SEG2: f->b = f->segs = segs_from(c, nb); break;
	default: return 0;
	}
	for (size_t k = 0; k < f->n; k++) {
		uint8_t ia = take_b(c), ib = take_b(c);
		/* now and then an index past the count */
		f->pairs[k].a = ia == 255 ? UINT32_MAX : ia % na;
		f->pairs[k].b = ib == 255 ? (uint32_t)nb + ib : ib % nb;
	}
	return f->a && f->b;
}

/* owned result columns of any answer kind */
typedef struct res {
	uint8_t st[MAXP];
	uint32_t ft[MAXP];
	float f[SW_MAX_FLOAT_COLS][MAXP];
	sw_any_results out;
} res;

static const void *res_init(res *r, const sw_query_desc *d)
{
	memset(r, 0xA5, sizeof *r);
	sw_columns c;
	memset(&c, 0, sizeof c);
	c.status = r->st, c.feature = r->ft;
	for (int k = 0; k < sw_answer_floats(d->answer); k++)
		c.f[k] = r->f[k];
	sw_columns_store(d->answer, &c, &r->out);
	return &r->out;
}

static int same(float p, float q) { return memcmp(&p, &q, 4) == 0 || (isnan(p) && isnan(q)); }

static void expect_same(const sw_query_desc *d, const char *how, sw_isa isa, const res *got, const res *want, size_t n)
{
	for (size_t l = 0; l < n; l++) {
		int ok = got->st[l] == want->st[l] && got->ft[l] == want->ft[l];
		for (int k = 0; k < SW_MAX_FLOAT_COLS; k++)
			ok = ok && same(got->f[k][l], want->f[k][l]);
		if (!ok) {
			fprintf(stderr, "%s (%s): tier %s pair %zu: got st %u ft %u f %a, want st %u ft %u f %a\n",
				d->name, how, sw_isa_name(isa), l, got->st[l], got->ft[l], got->f[0][l], want->st[l],
				want->ft[l], want->f[0][l]);
			abort();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static void *scratch;
	if (!scratch && !(scratch = aligned_alloc(64, SW_SCRATCH)))
		return 0;
	if (size < 3)
		return 0;
	const sw_query_desc *d = &sw_query_descs[data[0] % SW_Q_COUNT];
	sw_query q = (sw_query)(data[0] % SW_Q_COUNT);
	uint8_t ctl = data[1];
	cur c = {data + 2, size - 2};
	fcase f;
	if (!build(d, &c, ctl, &f)) {
		fcase_free(&f);
		return 0;
	}
	sw_opts_any opts;
	const void *qo = sw_opts_sided(d->opts, (ctl >> 2) & 1, &opts);
	/* GJK: the default cap or 1 to 7 support evaluations, a target separation now and then */
	if (d->opts == SW_OPTS_GJK)
		opts.gjk = (sw_gjk_opts){(ctl >> 4) & 7, (ctl & 0x80) ? 0.01f : 0.0f};
	int aligned = (uintptr_t)f.a % 64 == 0;
	res want;
	const void *wo = res_init(&want, d);
	sw_job j = {f.a, f.b, d->b == SW_SRC_NONE ? NULL : f.pairs, NULL, qo, wo, scratch, 0, f.n};
	if (aligned)
		sw_kernels_for(SW_ISA_REF)->fn[q](&j);
	for (int isa = 1; isa < SW_ISA_COUNT && aligned; isa++) {
		const sw_kernels *k = sw_kernels_for((sw_isa)isa);
		if (!k)
			continue;
		res got;
		j.out = res_init(&got, d);
		k->fn[q](&j);
		expect_same(d, "kernel", (sw_isa)isa, &got, &want, f.n);
	}
	/* the public pipeline on the best tier: the same bits, or SW_ERR_ALIGN for blocks off alignment */
	res got;
	const void *go = res_init(&got, d);
	sw_error e = sw_run(q, f.a, f.b, d->b == SW_SRC_NONE ? NULL : f.pairs, f.n, qo, NULL, go);
	if (!aligned) {
		if (e != SW_ERR_ALIGN || got.st[0] != 0xA5) {
			fprintf(stderr, "%s: blocks off alignment gave %s\n", d->name, sw_error_name(e));
			abort();
		}
	} else {
		if (e != SW_OK) {
			fprintf(stderr, "%s: the pipeline failed with %s\n", d->name, sw_error_name(e));
			abort();
		}
		expect_same(d, "pipeline", sw_active_isa(), &got, &want, f.n);
	}
	fcase_free(&f);
	return 0;
}
