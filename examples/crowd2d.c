/* examples/crowd2d.c — a crowd of circles walking through a 2D level of segments with
 * collide-and-slide: the agents live in a circle set and the walls in a segment set; each step every
 * agent heads for the exit (its velocity written into the set in bulk), a simple grid broadphase lists
 * the segments near its swept circle, and one sw_circle2_seg2_slide_batch() call moves the whole crowd,
 * sliding along walls and stopping in corners. Agents do not collide with each other here (that is
 * a circle–circle query); they pass through one another.
 *
 *   crowd2d              prints a summary
 *   crowd2d crowd.svg    also draws the level and the agents' paths */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <swept/swept.h>

enum { AGENTS = 400, STEPS = 600, CELL = 4, GX = 12, GY = 6, MAX_SEGS = 64 };

static const float dt = 1.0f / 30.0f, speed = 3.0f, skin = 1e-3f;
static const sw_vec2 exit_at = {44, 10};

/* the level: a room 40 × 20 (walls facing in: clockwise) with a door on the right wall, and
 * obstacles facing out (counter-clockwise) */
static int build_level(sw_seg2 *s)
{
	static const float room[][2] = {{0, 0}, {0, 20}, {40, 20}, {40, 11.5f}, {40, 8.5f}, {40, 0}};
	int n = 0;
	for (int k = 0; k < 6; k++) {
		if (k == 3)
			continue; /* the door between (40, 11.5) and (40, 8.5) */
		const float *a = room[k], *b = room[(k + 1) % 6];
		s[n++] = (sw_seg2){{a[0], a[1]}, {b[0], b[1]}};
	}
	/* pillars: squares of half-size h at (x, y) */
	static const float pillars[][3] = {{12, 5, 1.5f}, {12, 15, 1.5f}, {22, 10, 2}, {31, 4, 1}, {31, 16, 1}};
	for (int p = 0; p < 5; p++) {
		float x = pillars[p][0], y = pillars[p][1], h = pillars[p][2];
		sw_vec2 c[4] = {{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}};
		for (int k = 0; k < 4; k++)
			s[n++] = (sw_seg2){c[k], c[(k + 1) % 4]};
	}
	/* a funnel towards the door */
	s[n++] = (sw_seg2){{35, 3}, {38, 7.5f}};
	s[n++] = (sw_seg2){{38, 12.5f}, {35, 17}};
	return n;
}

/* the grid broadphase: each cell lists the segments whose bounds touch it */
typedef struct grid {
	uint16_t count[GX][GY];
	uint16_t seg[GX][GY][MAX_SEGS];
} grid;

static int cell_of(float x, int n) { return x < 0 ? 0 : (int)(x / CELL) >= n ? n - 1 : (int)(x / CELL); }

static void grid_build(grid *g, const sw_seg2 *s, int n)
{
	for (int i = 0; i < GX; i++)
		for (int j = 0; j < GY; j++)
			g->count[i][j] = 0;
	for (int k = 0; k < n; k++) {
		int x0 = cell_of(fminf(s[k].p.x, s[k].q.x), GX), x1 = cell_of(fmaxf(s[k].p.x, s[k].q.x), GX);
		int y0 = cell_of(fminf(s[k].p.y, s[k].q.y), GY), y1 = cell_of(fmaxf(s[k].p.y, s[k].q.y), GY);
		for (int i = x0; i <= x1; i++)
			for (int j = y0; j <= y1; j++)
				g->seg[i][j][g->count[i][j]++] = (uint16_t)k;
	}
}

/* candidate pairs for every agent: the segments in the cells its swept, inflated circle covers
 * (a segment in several cells is listed once per cell; duplicates are harmless) */
static size_t broadphase(const grid *g, const sw_vec2 *c, const float *r, const sw_vec2 *v, int n, sw_pair *pairs,
			 size_t cap)
{
	size_t np = 0;
	for (int a = 0; a < n; a++) {
		float reach = r[a] + skin;
		float lo_x = fminf(c[a].x, c[a].x + v[a].x) - reach, hi_x = fmaxf(c[a].x, c[a].x + v[a].x) + reach;
		float lo_y = fminf(c[a].y, c[a].y + v[a].y) - reach, hi_y = fmaxf(c[a].y, c[a].y + v[a].y) + reach;
		for (int i = cell_of(lo_x, GX); i <= cell_of(hi_x, GX); i++)
			for (int j = cell_of(lo_y, GY); j <= cell_of(hi_y, GY); j++)
				for (int k = 0; k < g->count[i][j] && np < cap; k++)
					pairs[np++] = (sw_pair){(uint32_t)a, g->seg[i][j][k]};
	}
	return np;
}

static float frand(unsigned *state, float lo, float hi)
{
	*state = *state * 1664525u + 1013904223u;
	return lo + (hi - lo) * (float)(*state >> 8) / 16777216.0f;
}

static void write_svg(const char *path, const sw_seg2 *s, int ns, const sw_vec2 (*trail)[STEPS / 10 + 1], int frames,
		      const sw_vec2 *c, const float *r)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		return;
	}
	fprintf(f, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='-1 -1 48 22' width='960' height='440'>\n");
	fprintf(f, "<g transform='translate(0,20) scale(1,-1)' fill='none' stroke-width='0.05'>\n");
	for (int k = 0; k < ns; k++)
		fprintf(f, "<line x1='%g' y1='%g' x2='%g' y2='%g' stroke='black' stroke-width='0.15'/>\n", s[k].p.x,
			s[k].p.y, s[k].q.x, s[k].q.y);
	for (int a = 0; a < AGENTS; a += 8) {
		fprintf(f, "<polyline stroke='steelblue' points='");
		for (int t = 0; t < frames; t++)
			fprintf(f, "%g,%g ", trail[a][t].x, trail[a][t].y);
		fprintf(f, "'/>\n");
	}
	for (int a = 0; a < AGENTS; a++)
		fprintf(f, "<circle cx='%g' cy='%g' r='%g' stroke='firebrick'/>\n", c[a].x, c[a].y, r[a]);
	fprintf(f, "</g>\n</svg>\n");
	fclose(f);
}

/* the slide's answer columns for every agent (hit normals: SW_CIRCLE_MAX_ITERS per agent) */
typedef struct answers {
	uint8_t status[AGENTS];
	float px[AGENTS], py[AGENTS], rx[AGENTS], ry[AGENTS];
	uint32_t iterations[AGENTS], hits[AGENTS];
	float nx[AGENTS * SW_CIRCLE_MAX_ITERS], ny[AGENTS * SW_CIRCLE_MAX_ITERS];
} answers;

int main(int argc, char **argv)
{
	sw_seg2 level[MAX_SEGS];
	int ns = build_level(level);
	static grid g;
	grid_build(&g, level, ns);
	sw_seg2_set *walls;
	sw_circle2_set *crowd;
	if (sw_seg2_set_create((size_t)ns, &walls) != SW_OK || sw_circle2_set_create(AGENTS, &crowd) != SW_OK)
		return 1;
	for (int k = 0; k < ns; k++)
		sw_seg2_set_add(walls, &level[k], sw_v2(0, 0), NULL);

	/* the crowd starts on the left, spread out, each agent at least its radius + skin from walls */
	static sw_vec2 c[AGENTS], v[AGENTS];
	static float r[AGENTS];
	unsigned rng = 12345;
	for (int a = 0; a < AGENTS; a++) {
		c[a] = sw_v2(frand(&rng, 1, 9), frand(&rng, 1, 19));
		r[a] = frand(&rng, 0.2f, 0.4f);
		sw_circle2_set_add(crowd, c[a], r[a], sw_v2(0, 0), NULL);
	}

	size_t cap = (size_t)AGENTS * 4 * MAX_SEGS;
	sw_pair *pairs = malloc(cap * sizeof *pairs);
	answers *ans = calloc(1, sizeof *ans);
	static sw_vec2 trail[AGENTS][STEPS / 10 + 1];
	if (!pairs || !ans)
		return 1;
	const sw_slide_results out = {ans->status,     ans->px,   ans->py, NULL,    ans->rx, ans->ry, NULL,
				      ans->iterations, ans->hits, ans->nx, ans->ny, NULL,    NULL};
	sw_circle_opts opts = {0, skin, 4};
	size_t total_pairs = 0, contacts = 0, sweeps = 0;
	int frames = 0;
	for (int step = 0; step < STEPS; step++) {
		/* each agent walks towards the exit; one blocked in the last step also walks along the wall
		 * that blocked it, the way that leads towards the exit (on its own side of the room's centre
		 * line when the wall faces the exit squarely), so it goes around */
		for (int a = 0; a < AGENTS; a++) {
			sw_vec2 d = sw_v2_sub(exit_at, c[a]);
			float l = sw_v2_len(d);
			d = l > 1e-3f ? sw_v2_scale(d, 1 / l) : sw_v2(0, 0);
			if (step > 0 && ans->hits[a] > 0) {
				size_t h = (size_t)a * SW_CIRCLE_MAX_ITERS + ans->hits[a] - 1;
				sw_vec2 n = sw_v2(ans->nx[h], ans->ny[h]), along = sw_v2(-n.y, n.x);
				float ahead = sw_v2_dot(along, d), side = c[a].y >= exit_at.y ? along.y : -along.y;
				float way = fabsf(ahead) > 0.2f ? ahead : side;
				d = sw_v2_add(d, sw_v2_scale(along, way >= 0 ? 1.0f : -1.0f));
				l = sw_v2_len(d);
				d = l > 1e-3f ? sw_v2_scale(d, 1 / l) : d;
			}
			v[a] = sw_v2_scale(d, speed * dt);
		}
		/* the step's placements in bulk, the broadphase, one call for the crowd */
		sw_circle2_set_place(crowd, 0, AGENTS, c, v);
		size_t np = broadphase(&g, c, r, v, AGENTS, pairs, cap);
		if (sw_circle2_seg2_slide_batch(crowd, walls, pairs, np, &opts, NULL, &out) != SW_OK)
			return 1;
		for (int a = 0; a < AGENTS; a++) {
			c[a] = sw_v2(ans->px[a], ans->py[a]);
			contacts += ans->hits[a];
			sweeps += ans->iterations[a];
		}
		total_pairs += np;
		if (step % 10 == 0)
			for (int a = 0; a < AGENTS; a++)
				trail[a][frames] = c[a];
		frames += step % 10 == 0;
	}

	/* how it went: who got out, and the smallest clearance from any wall (never below zero) */
	int out_of_room = 0;
	float clearance = INFINITY;
	for (int a = 0; a < AGENTS; a++) {
		out_of_room += c[a].x > 40;
		sw_cast_result o;
		for (int k = 0; k < ns; k++) {
			sw_circle2_seg2_sweep(c[a], r[a], sw_v2(0, 0), &level[k], NULL, &o);
			if (o.status == SW_STARTS_OVERLAPPED)
				clearance = fminf(clearance, -o.depth);
		}
	}
	printf("crowd2d: %d agents, %d segments, %d steps of %.3f s\n", AGENTS, ns, STEPS, dt);
	printf("  %zu candidate pairs, %zu sweeps, %zu blocking contacts\n", total_pairs, sweeps, contacts);
	printf("  %d agents through the door; %s\n", out_of_room,
	       clearance < 0 ? "some agent overlaps a wall" : "no agent overlaps a wall");
	if (argc > 1) {
		write_svg(argv[1], level, ns, (const sw_vec2(*)[STEPS / 10 + 1]) trail, frames, c, r);
		printf("  wrote %s\n", argv[1]);
	}
	sw_circle2_set_destroy(crowd);
	sw_seg2_set_destroy(walls);
	free(pairs);
	free(ans);
	return clearance < 0;
}
