/* examples/slice2d.c — slicing a 2D polygon soup: a field of convex "rocks" cut by a few lines, one
 * batched split per line (the pieces of one cut are the soup of the next), then an exploded SVG of
 * the pieces, each moved a little away from every line along that line's normal and coloured by the
 * sides it lies on. Also prints the total area before and after and the submerged area under the
 * first line from the area query, which builds no pieces.
 *
 * Usage: slice2d [out.svg]   (default slice2d.svg) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swept/swept.h>

enum { ROCKS = 24, LINES = 3 };

/* a small deterministic generator, so the picture is the same every run */
static float rnd(unsigned *s, float lo, float hi)
{
	*s = *s * 1664525u + 1013904223u;
	return lo + (hi - lo) * (float)(*s >> 8) / 16777216.0f;
}

/* the soup being cut: vertices, offsets, and per piece the bit set of lines it lies in front of */
typedef struct soup {
	sw_vec2 *v;
	uint32_t *first;
	uint8_t *sides;
	size_t n, nv, cap_n, cap_v;
} soup;

static int soup_alloc(soup *s, size_t cap_n, size_t cap_v)
{
	s->v = malloc(sizeof *s->v * cap_v);
	s->first = malloc(sizeof *s->first * (cap_n + 1));
	s->sides = malloc(cap_n);
	s->n = s->nv = 0;
	s->cap_n = cap_n;
	s->cap_v = cap_v;
	return s->v && s->first && s->sides;
}

static void soup_free(soup *s)
{
	free(s->v);
	free(s->first);
	free(s->sides);
}

static double area(const sw_vec2 *v, uint32_t n)
{
	double a = 0;
	for (uint32_t i = 0; i < n; i++) {
		sw_vec2 p = v[i], q = v[(i + 1) % n];
		a += ((double)p.x - v[0].x) * ((double)q.y - v[0].y) - ((double)p.y - v[0].y) * ((double)q.x - v[0].x);
	}
	return a / 2;
}

static double soup_area(const soup *s)
{
	double a = 0;
	for (size_t i = 0; i < s->n; i++)
		a += area(s->v + s->first[i], s->first[i + 1] - s->first[i]);
	return a;
}

/* cuts every piece of `in` by `line`; front and back pieces go to `out`, front ones marked with bit */
static int cut(const soup *in, sw_plane2 line, uint8_t bit, soup *out)
{
	/* room for every piece a side can get (a piece has at most n + n/2 vertices, n + 1 for a convex
	 * polygon cut cleanly), so the call runs in one pass */
	size_t cap = SW_SPLIT_ROOM(in->nv);
	sw_vec2 *fv = malloc(sizeof *fv * cap), *bv = malloc(sizeof *bv * cap);
	uint32_t *ff = malloc(sizeof *ff * (in->n + 1)), *bf = malloc(sizeof *bf * (in->n + 1));
	uint8_t *st = malloc(in->n ? in->n : 1);
	int ok = fv && bv && ff && bf && st;
	sw_poly2_soup soup_in = {in->v, in->first, in->n, NULL, 0};
	sw_poly2_pieces fp = {fv, NULL, cap, ff, 0}, bp = {bv, NULL, cap, bf, 0};
	sw_split_results res = {st, NULL};
	sw_split_opts opts = {.eps = 1e-5f}; /* a thick line: vertices within 1e-5 of it count as on it */
	if (ok)
		ok = sw_poly2_split_batch(&soup_in, &line, 1, &opts, NULL, &fp, &bp, &res) == SW_OK;
	out->n = out->nv = 0;
	for (size_t i = 0; ok && i < in->n; i++) {
		for (int side = 0; side < 2; side++) {
			const uint32_t *f = side ? bf : ff;
			const sw_vec2 *v = side ? bv : fv;
			uint32_t m = f[i + 1] - f[i];
			if (m == 0)
				continue;
			if (out->n == out->cap_n || out->nv + m > out->cap_v)
				return free(fv), free(bv), free(ff), free(bf), free(st), 0;
			out->first[out->n] = (uint32_t)out->nv;
			out->sides[out->n++] = (uint8_t)(in->sides[i] | (side ? 0 : bit));
			memcpy(out->v + out->nv, v + f[i], sizeof *v * m);
			out->nv += m;
		}
	}
	out->first[out->n] = (uint32_t)out->nv;
	free(fv), free(bv), free(ff), free(bf), free(st);
	return ok;
}

static void write_svg(FILE *f, const soup *s, const sw_plane2 *lines)
{
	static const char *fill[8] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2",
				      "#59a14f", "#edc948", "#b07aa1", "#ff9da7"};
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-1 -1 22 22\" width=\"660\" height=\"660\">\n");
	fprintf(f, "<rect x=\"-1\" y=\"-1\" width=\"22\" height=\"22\" fill=\"white\"/>\n");
	for (size_t i = 0; i < s->n; i++) {
		sw_vec2 push = {0, 0}; /* exploded view: away from each line, toward the piece's side */
		for (int k = 0; k < LINES; k++) {
			float g = (s->sides[i] >> k & 1 ? 0.25f : -0.25f) / sw_v2_len(lines[k].n);
			push = sw_v2_add(push, sw_v2_scale(lines[k].n, g));
		}
		fprintf(f, "<polygon fill=\"%s\" stroke=\"black\" stroke-width=\"0.03\" points=\"",
			fill[s->sides[i] & 7]);
		for (uint32_t j = s->first[i]; j < s->first[i + 1]; j++)
			fprintf(f, "%.4f,%.4f ", s->v[j].x + push.x, 20 - (s->v[j].y + push.y));
		fprintf(f, "\"/>\n");
	}
	for (int k = 0; k < LINES; k++) { /* each line drawn across the picture */
		sw_vec2 d = {-lines[k].n.y, lines[k].n.x}, a = sw_v2_add(lines[k].p, sw_v2_scale(d, -40)),
			b = sw_v2_add(lines[k].p, sw_v2_scale(d, 40));
		fprintf(f,
			"<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" stroke=\"gray\" stroke-width=\"0.04\" "
			"stroke-dasharray=\"0.2 0.2\"/>\n",
			a.x, 20 - a.y, b.x, 20 - b.y);
	}
	fprintf(f, "</svg>\n");
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "slice2d.svg";
	const sw_plane2 lines[LINES] = {{{10, 10}, {0.3f, 1}}, {{7, 10}, {1, -0.15f}}, {{14, 6}, {1, 0.9f}}};
	size_t max_n = ROCKS << LINES, max_v = max_n * (SW_POLY2_MAX_VERTS + LINES);
	soup a, b;
	if (!soup_alloc(&a, max_n, max_v) || !soup_alloc(&b, max_n, max_v))
		return 1;
	/* rocks: convex hulls of random points, on a jittered 6 × 4 grid */
	unsigned seed = 7;
	for (int r = 0; r < ROCKS; r++) {
		sw_vec2 pts[12], c = {1.7f + 3.3f * (float)(r % 6) + rnd(&seed, -0.3f, 0.3f),
				      3 + 4.5f * (float)(r / 6) + rnd(&seed, -0.3f, 0.3f)};
		for (int k = 0; k < 12; k++)
			pts[k] = sw_v2(c.x + rnd(&seed, -1.5f, 1.5f), c.y + rnd(&seed, -1.8f, 1.8f));
		sw_poly2 p;
		if (sw_poly2_build(pts, 12, &p) != SW_OK)
			continue;
		a.first[a.n] = (uint32_t)a.nv;
		a.sides[a.n++] = 0;
		memcpy(a.v + a.nv, p.v, sizeof *p.v * p.count);
		a.nv += p.count;
	}
	a.first[a.n] = (uint32_t)a.nv;
	double before = soup_area(&a);
	size_t nrocks = a.n;

	/* the area under the first line, without building pieces */
	float back[ROCKS];
	uint8_t st[ROCKS];
	sw_poly2_soup rocks = {a.v, a.first, a.n, NULL, 0};
	sw_split_mass_results mr = {st, NULL, NULL, back, NULL, NULL, NULL, NULL, NULL, NULL};
	if (sw_poly2_split_mass_batch(&rocks, &lines[0], 1, NULL, NULL, &mr) != SW_OK)
		return 1;
	double under = 0;
	for (size_t i = 0; i < a.n; i++)
		under += back[i];

	soup *cur = &a, *next = &b;
	for (int k = 0; k < LINES; k++) {
		if (!cut(cur, lines[k], (uint8_t)(1 << k), next))
			return 1;
		soup *t = cur;
		cur = next;
		next = t;
	}
	FILE *f = fopen(path, "w");
	if (!f)
		return 1;
	write_svg(f, cur, lines);
	fclose(f);
	printf("%zu rocks cut by %d lines into %zu pieces (%s)\n", nrocks, LINES, cur->n, path);
	printf("area before %.6f, after %.6f; under the first line %.6f\n", before, soup_area(cur), under);
	soup_free(&a);
	soup_free(&b);
	return 0;
}
