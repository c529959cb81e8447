/* src/kernels/hull3_ray_lanes.h — the hull ray row (gjk3_ray_hull3) by clipping, one ray per lane:
 * included by gjk3_tmpl.c after kernels/gjk_drive.h (mat_of, tmul, rot_world, pose_ok, gw_ok,
 * store_rows, cols_xyz). Each block of SW_W pairs reads its rays and placements by gathers and SW_W
 * faces at a time of every lane's packed hull (src/hull3_view.h: normal and offset rows of the face
 * block) as one load per lane and row, transposed in registers (faster than a gather per face and row),
 * and repeats src/ref/hull3_ray.c operation for operation: the same faces in the same order, so the
 * same bits. */

/* the clip state of the lanes (ref/hull3_ray.c clip3) and the entered face's normal; feature −1: none */
typedef struct hray_clip {
	sw_fw tin, tout, feature;
	gw m;
	sw_mw out;
} hray_clip;

/* the lanes' face blocks (the normal's x row; y, z and the offset follow at strides fs) */
typedef struct hray_rows {
	const float *f[SW_W];
	uint32_t fs[SW_W];
} hray_rows;

/* what a lane without a pair, or past its hull's padded faces, reads: zeros (its answer is masked) */
static const _Alignas(64) float hray_none[16];

/* face k in the lanes `act` (clip_face): normal n, offset off */
SW_INLINE void hray_face(hray_clip *c, sw_mw act, gw n, sw_fw off, uint32_t k, const gw *o, const gw *d)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_fw num = sw_sub(off, gw_dot(n, *o)), den = gw_dot(n, *d);
	sw_fw t = sw_div(num, den);
	sw_mw enter = sw_mand(act, sw_lt(den, zero)), leave = sw_mand(act, sw_gt(den, zero));
	sw_mw up = sw_mand(enter, sw_gt(t, c->tin)), down = sw_mand(leave, sw_lt(t, c->tout));
	c->tin = sw_sel(up, t, c->tin);
	c->m = gw_sel(up, n, c->m);
	c->feature = sw_sel(up, sw_set1((float)k), c->feature);
	c->tout = sw_sel(down, t, c->tout);
	c->out = sw_mor(c->out, sw_mand(sw_mand(act, sw_eq(den, zero)), sw_lt(num, zero)));
}

/* faces [k0, k0 + SW_W) of every lane: each lane's SW_W consecutive floats of each row (rows are padded
 * to a multiple of 16 faces, so they stay inside the lane's rows), transposed so that vector j holds
 * face k0 + j of every lane; then those faces in order */
SW_INLINE void hray_chunk(hray_clip *c, const hray_rows *r, sw_fw n, uint32_t k0, uint32_t maxn, const gw *o,
			  const gw *d)
{
	sw_fw col[4][SW_W];
	for (unsigned l = 0; l < SW_W; l++) {
		const int in = k0 < r->fs[l];
		const float *b = in ? r->f[l] + k0 : hray_none;
		const size_t fs = in ? r->fs[l] : 0;
		for (int q = 0; q < 4; q++)
			col[q][l] = sw_loadu(b + (size_t)q * fs);
	}
	for (int q = 0; q < 4; q++)
		sw_transpose(col[q]);
	for (uint32_t j = 0; j < SW_W && k0 + j < maxn; j++) {
		gw nk = {{col[0][j], col[1][j], col[2][j]}};
		hray_face(c, sw_lt(sw_set1((float)(k0 + j)), n), nk, col[3][j], k0 + j, o, d);
	}
}

/* a block's pairs into lanes: ray and instance indices, face rows, counts; returns the valid lanes
 * (index in range, shape usable as in put_hull3) */
SW_INLINE unsigned hray_fill(const sw_job *j, size_t b0, unsigned cnt, int32_t *ir, int32_t *ip, hray_rows *r, float *n,
			     uint32_t *pk, uint32_t *maxn)
{
	const sw_ray3_set *rays = j->a;
	const sw_hull3_set *s = j->b;
	unsigned ok = 0;
	*maxn = 0;
	for (unsigned l = 0; l < SW_W; l++) {
		ir[l] = ip[l] = 0, n[l] = 0, r->f[l] = hray_none, r->fs[l] = 0;
		if (l >= cnt)
			continue;
		size_t k = j->order ? j->order[b0 + l] : b0 + l;
		pk[l] = (uint32_t)(j->off + k);
		sw_pair p = j->pairs[j->off + k];
		uint32_t sh = p.b < s->inst.count ? s->shape[p.b] : UINT32_MAX;
		if (p.a >= rays->t.count || sh >= s->num_shapes || !s->shapes[sh].ok)
			continue;
		const sw_hull3_shape *h = &s->shapes[sh];
		ir[l] = (int32_t)p.a, ip[l] = (int32_t)p.b;
		r->f[l] = s->pool + h->fl_off + 3 * (size_t)sw_hv_pad(h->nv), r->fs[l] = sw_hv_pad(h->nf);
		n[l] = (float)h->nf;
		*maxn = h->nf > *maxn ? h->nf : *maxn;
		ok |= 1u << l;
	}
	return ok;
}

/* the answers of a block (ref/hull3_ray.c, obb3_ray.c): rows t, depth, point, normal, slide; statuses,
 * features; w: a hit's world normal (from the ray into the shape) */
SW_INLINE void hray_store(const sw_job *j, const hray_clip *c, const gw *w, const gw *org, const gw *dl,
			  const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_mor(c->out, sw_mnot(sw_le(c->tin, c->tout)));
	sw_mw start = sw_mandnot(miss, sw_lt(c->feature, zero));
	sw_mw flat = sw_mor(miss, start); /* no normal */
	sw_fw rows[11];
	rows[0] = sw_sel(miss, sw_set1(1.0f), c->tin);
	rows[1] = zero;
	for (int i = 0; i < 3; i++) {
		rows[2 + i] = sw_sel(miss, zero, sw_add(org->c[i], sw_mul(dl->c[i], c->tin)));
		rows[5 + i] = sw_sel(flat, zero, w->c[i]);
		rows[8 + i] = zero;
	}
	store_ray(j, rows, c->feature, miss, start, pk, lanes, invalid);
}

/* a block's rays (lanes ir) and their targets' placements (lanes ip, the position and rotation columns
 * pq of a hull or box set), gathered; the lanes whose ray and pose are valid; the ray in the target's
 * frame (o, d) and the rotation that brings normals back to world space */
typedef struct ray_frame {
	gw org, dl, o, d;
	mat_w rot;
	sw_mw valid;
} ray_frame;

SW_INLINE void ray_frame_of(const sw_ray3_set *rays, const int32_t *ir, const float *const pq[7], const int32_t *ip,
			    ray_frame *r)
{
	r->org = (gw){{sw_gather(rays->ox, ir), sw_gather(rays->oy, ir), sw_gather(rays->oz, ir)}};
	r->dl = (gw){{sw_gather(rays->dx, ir), sw_gather(rays->dy, ir), sw_gather(rays->dz, ir)}};
	place3 x;
	x.p = (gw){{sw_gather(pq[0], ip), sw_gather(pq[1], ip), sw_gather(pq[2], ip)}};
	x.qx = sw_gather(pq[3], ip), x.qy = sw_gather(pq[4], ip), x.qz = sw_gather(pq[5], ip);
	x.qw = sw_gather(pq[6], ip);
	r->valid = sw_mand(pose_ok(&x), sw_mand(gw_ok(r->org), gw_ok(r->dl)));
	r->rot = mat_of(x.qx, x.qy, x.qz, x.qw);
	r->o = tmul(&r->rot, gw_sub(r->org, x.p)), r->d = tmul(&r->rot, r->dl);
}

static void gjk3_ray_hull3_kernel(const sw_job *j)
{
	const sw_ray3_set *rays = j->a;
	const sw_hull3_set *s = j->b;
	const float *const pq[7] = {s->px, s->py, s->pz, s->qx, s->qy, s->qz, s->qw};
	for (size_t b0 = 0; b0 < j->n; b0 += SW_W) {
		unsigned cnt = j->n - b0 < SW_W ? (unsigned)(j->n - b0) : SW_W;
		_Alignas(64) int32_t ir[SW_W], ip[SW_W];
		_Alignas(64) float nf[SW_W];
		hray_rows fr;
		uint32_t pk[SW_W], maxn;
		unsigned ok = hray_fill(j, b0, cnt, ir, ip, &fr, nf, pk, &maxn);
		ray_frame r;
		ray_frame_of(rays, ir, pq, ip, &r);
		const unsigned lanes = (1u << cnt) - 1u, invalid = lanes & ~(ok & sw_mbits(r.valid));
		hray_clip c = {sw_set1(0.0f), sw_set1(1.0f), sw_set1(-1.0f), gw_zero(), sw_mfalse()};
		const sw_fw n = sw_load(nf);
		for (uint32_t k0 = 0; k0 < maxn && k0 < SW_HV_MAX_FACES; k0 += SW_W)
			hray_chunk(&c, &fr, n, k0, maxn, &r.o, &r.d);
		gw w = rot_world(&r.rot, c.m);
		w = (gw){{sw_neg(w.c[0]), sw_neg(w.c[1]), sw_neg(w.c[2])}};
		hray_store(j, &c, &w, &r.org, &r.dl, pk, lanes, invalid);
	}
}
SW_EXPORT(gjk3_ray_hull3)
