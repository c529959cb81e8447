/* bench/bench_peer_box.c — Bullet's btContinuousConvexCollision as a peer of obb3_sweep
 * (obb3_sweep_peer/bullet_ccd/<batch>): the boxes of the scene read through the set getters, two
 * zero-margin btBoxShapes per pair, translation only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_peers.h"
#include "peer_bullet.h"

static swp_box peer_box(const sw_obb3_set *set, uint32_t i)
{
	sw_obb3 box;
	sw_pose3 pose;
	sw_vec3 d;
	sw_obb3_set_get(set, i, &box, &pose, &d);
	swp_box p = {{pose.p.x, pose.p.y, pose.p.z}, {0}, {box.half.x, box.half.y, box.half.z}, {d.x, d.y, d.z}};
	sw_mat3 m = sw_mat3_from_quat(pose.q); /* the very rotation swept uses */
	for (int j = 0; j < 3; j++) {
		p.r[3 * j + 0] = m.col[j].x;
		p.r[3 * j + 1] = m.col[j].y;
		p.r[3 * j + 2] = m.col[j].z;
	}
	return p;
}

static void *build(const gen_batch *g, size_t n)
{
	swp_box *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	swp_bullet *bp = NULL;
	if (a && b) {
		for (size_t k = 0; k < n; k++) {
			a[k] = peer_box(g->a, g->pairs[k].a);
			b[k] = peer_box(g->b, g->pairs[k].b);
		}
		bp = swp_bullet_new(a, b, n);
	}
	free(a);
	free(b);
	return bp;
}

/* the single-pair sweep with both boxes grown by `grow` (negative: shrunk) */
static int hit_grown(const gen_batch *g, size_t k, float grow)
{
	sw_obb3 a, b;
	sw_pose3 pa, pb;
	sw_vec3 da, db;
	sw_sweep_result o;
	sw_obb3_set_get(g->a, g->pairs[k].a, &a, &pa, &da);
	sw_obb3_set_get(g->b, g->pairs[k].b, &b, &pb, &db);
	a.half = sw_v3(a.half.x + grow, a.half.y + grow, a.half.z + grow);
	b.half = sw_v3(b.half.x + grow, b.half.y + grow, b.half.z + grow);
	sw_obb3_sweep(&a, pa, da, &b, pb, db, &o);
	return bench_is_hit(o.status);
}

/* Bullet's hit/miss against swept's on every pair; a disagreement is near-touching when swept's
 * answer flips once both boxes shrink (swept hit) or grow (swept miss) by the near gap */
static int check(void *side, unsigned variant, const gen_batch *g, const bench_cols *want, size_t n, bench_agree *out)
{
	(void)variant;
	uint8_t *bhit = malloc(n);
	float *btoi = malloc(n * sizeof(float));
	if (!bhit || !btoi) {
		free(bhit);
		free(btoi);
		return 0;
	}
	swp_bullet_sweep(side, bhit, btoi);
	bench_tally t = {0};
	size_t near = 0;
	for (size_t k = 0; k < n; k++) {
		int sh = bench_is_hit(want->status[k]);
		if (!bench_tally_add(&t, want->status[k], want->f[0][k], bhit[k], btoi[k]))
			near += hit_grown(g, k, sh ? -BENCH_BULLET_NEAR_GAP : BENCH_BULLET_NEAR_GAP) != sh;
	}
	bench_tally_agree(&t, out);
	fprintf(stderr,
		"obb3_sweep_peer/bullet_ccd/%zu: %zu of %zu pairs disagree with swept: %zu start overlapped; of %zu "
		"start separated, %zu swept hit/bullet miss and %zu swept miss/bullet hit; %zu of all are "
		"near-touching (flip within %g); |toi - t_first| on common hits: mean %.2e, max %.2e\n",
		n, n - t.agree, n, t.dis_ovl, t.nsep, t.dis_hit, t.dis_miss, near, (double)BENCH_BULLET_NEAR_GAP,
		out->toi_dmean, t.toi_max);
	free(bhit);
	free(btoi);
	return 1;
}

static size_t pass(void *side, unsigned variant)
{
	(void)variant;
	return swp_bullet_sweep(side, NULL, NULL);
}

static void side_free(void *side) { swp_bullet_free(side); }

const bench_peer bench_peer_bullet_box = {
	"obb3_sweep_peer/bullet_ccd", SW_Q_obb3_sweep, 0, build, check, pass, side_free};
