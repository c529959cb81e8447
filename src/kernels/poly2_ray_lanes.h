/* src/kernels/poly2_ray_lanes.h — the polygon ray row (gjk2_ray_poly2) by clipping, one ray per lane:
 * included by gjk2_tmpl.c after kernels/gjk_drive.h (tmul, store_rows, cols_xyz). Each block of SW_W
 * pairs (in the ordering stage's order, which groups polygons by vertex count) reads its rays and
 * placements by gathers and the polygons' vertex rows as columns (vertex k of every lane's polygon is
 * one gather), and repeats src/ref/poly2_ray.c operation for operation: the same planes in the same
 * order, so the same bits. */

/* the clip state of the lanes (ref/poly2_ray.c clip2); feature −1: none */
typedef struct pray_clip {
	sw_fw tin, tout, mx, my, feature;
	sw_mw out;
} pray_clip;

/* one half-plane m·x ≤ m·q in the lanes `act` (clip_plane) */
SW_INLINE void pray_plane(pray_clip *c, sw_mw act, sw_fw mx, sw_fw my, sw_fw qx, sw_fw qy, const gw *o, const gw *d,
			  sw_fw id)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_fw wx = sw_sub(qx, o->c[0]), wy = sw_sub(qy, o->c[1]);
	sw_fw num = sw_add(sw_mul(mx, wx), sw_mul(my, wy)), den = sw_add(sw_mul(mx, d->c[0]), sw_mul(my, d->c[1]));
	sw_fw t = sw_div(num, den);
	sw_mw enter = sw_mand(act, sw_lt(den, zero)), leave = sw_mand(act, sw_gt(den, zero));
	sw_mw up = sw_mand(enter, sw_gt(t, c->tin)), down = sw_mand(leave, sw_lt(t, c->tout));
	c->tin = sw_sel(up, t, c->tin);
	c->mx = sw_sel(up, mx, c->mx), c->my = sw_sel(up, my, c->my);
	c->feature = sw_sel(up, id, c->feature);
	c->tout = sw_sel(down, t, c->tout);
	c->out = sw_mor(c->out, sw_mand(sw_mand(act, sw_eq(den, zero)), sw_lt(num, zero)));
}

/* the lanes' polygons: vertex row bases vb (SW_POLY2_MAX_VERTS floats per shape), counts n (0 in a lane
 * without a pair), the largest count; the edges in order, then the segments' end caps (clip_poly) */
SW_INLINE void pray_edges(const sw_poly2_set *s, const int32_t *vb, sw_fw n, uint32_t maxn, unsigned segs, const gw *o,
			  const gw *d, pray_clip *c)
{
	const sw_fw p0x = sw_gather(s->vx, vb), p0y = sw_gather(s->vy, vb);
	sw_fw px = p0x, py = p0y;
	for (uint32_t k = 1; k < maxn && k < SW_POLY2_MAX_VERTS; k++) {
		sw_fw cx = sw_gather(s->vx + k, vb), cy = sw_gather(s->vy + k, vb);
		sw_mw act = sw_lt(sw_set1((float)k), n);
		sw_fw ex = sw_sub(cx, px), ey = sw_sub(cy, py);
		pray_plane(c, act, ey, sw_neg(ex), px, py, o, d, sw_set1((float)(k - 1)));
		px = sw_sel(act, cx, px), py = sw_sel(act, cy, py);
	}
	/* the closing edge v[n − 1] → v[0] */
	sw_fw ex = sw_sub(p0x, px), ey = sw_sub(p0y, py);
	pray_plane(c, sw_ge(n, sw_set1(2.0f)), ey, sw_neg(ex), px, py, o, d, sw_sub(n, sw_set1(1.0f)));
	if (!segs)
		return;
	const sw_mw seg = sw_mfrom_bits(segs);
	sw_fw v1x = sw_gather(s->vx + 1, vb), v1y = sw_gather(s->vy + 1, vb);
	ex = sw_sub(v1x, p0x), ey = sw_sub(v1y, p0y);
	pray_plane(c, seg, sw_neg(ex), sw_neg(ey), p0x, p0y, o, d, sw_set1(2.0f));
	pray_plane(c, seg, ex, ey, v1x, v1y, o, d, sw_set1(3.0f));
}

/* a block's pairs into lanes: ray and instance indices, vertex row bases, counts; returns the valid
 * lanes (index in range, polygon usable as in put_poly2) */
SW_INLINE unsigned pray_fill(const sw_job *j, size_t b0, unsigned cnt, int32_t *ir, int32_t *ip, int32_t *vb, float *n,
			     uint32_t *pk, uint32_t *maxn, unsigned *segs)
{
	const sw_ray2_set *rays = j->a;
	const sw_poly2_set *s = j->b;
	unsigned ok = 0;
	*maxn = 0, *segs = 0;
	for (unsigned l = 0; l < SW_W; l++) {
		ir[l] = ip[l] = vb[l] = 0, n[l] = 0;
		if (l >= cnt)
			continue;
		size_t k = j->order ? j->order[b0 + l] : b0 + l;
		pk[l] = (uint32_t)(j->off + k);
		sw_pair p = j->pairs[j->off + k];
		uint32_t sh = p.b < s->inst.count ? s->shape[p.b] : UINT32_MAX;
		if (p.a >= rays->t.count || sh >= s->shapes.count || !s->ok[sh] || s->n[sh] < 2 ||
		    s->n[sh] > SW_POLY2_MAX_VERTS)
			continue;
		ir[l] = (int32_t)p.a, ip[l] = (int32_t)p.b, vb[l] = (int32_t)(SW_POLY2_MAX_VERTS * sh);
		n[l] = (float)s->n[sh];
		*maxn = s->n[sh] > *maxn ? s->n[sh] : *maxn;
		*segs |= (unsigned)(s->n[sh] == 2) << l;
		ok |= 1u << l;
	}
	return ok;
}

/* the answers of a block (ref/poly2_ray.c): rows t, depth, point, normal, slide; statuses, features */
SW_INLINE void pray_store(const sw_job *j, const pray_clip *c, sw_fw qc, sw_fw qs, const gw *org, const gw *dl,
			  const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_mor(c->out, sw_mnot(sw_le(c->tin, c->tout)));
	sw_mw start = sw_mandnot(miss, sw_lt(c->feature, zero));
	sw_mw flat = sw_mor(miss, start); /* no normal */
	sw_fw len = sw_sqrt(sw_add(sw_mul(c->mx, c->mx), sw_mul(c->my, c->my)));
	sw_fw ux = sw_div(c->mx, len), uy = sw_div(c->my, len);
	sw_fw wx = sw_sub(sw_mul(qc, ux), sw_mul(qs, uy)), wy = sw_add(sw_mul(qs, ux), sw_mul(qc, uy));
	sw_fw rows[8] = {sw_sel(miss, sw_set1(1.0f), c->tin),
			 zero,
			 sw_sel(miss, zero, sw_add(org->c[0], sw_mul(dl->c[0], c->tin))),
			 sw_sel(miss, zero, sw_add(org->c[1], sw_mul(dl->c[1], c->tin))),
			 sw_sel(flat, zero, sw_neg(wx)),
			 sw_sel(flat, zero, sw_neg(wy)),
			 zero,
			 zero};
	store_ray(j, rows, c->feature, miss, start, pk, lanes, invalid);
}

static void gjk2_ray_poly2_kernel(const sw_job *j)
{
	const sw_ray2_set *rays = j->a;
	const sw_poly2_set *s = j->b;
	for (size_t b0 = 0; b0 < j->n; b0 += SW_W) {
		unsigned cnt = j->n - b0 < SW_W ? (unsigned)(j->n - b0) : SW_W, segs;
		_Alignas(64) int32_t ir[SW_W], ip[SW_W], vb[SW_W];
		_Alignas(64) float nf[SW_W];
		uint32_t pk[SW_W], maxn;
		unsigned ok = pray_fill(j, b0, cnt, ir, ip, vb, nf, pk, &maxn, &segs);
		gw org = {{sw_gather(rays->ox, ir), sw_gather(rays->oy, ir)}};
		gw dl = {{sw_gather(rays->dx, ir), sw_gather(rays->dy, ir)}};
		place2 x;
		x.p.c[0] = sw_gather(s->px, ip), x.p.c[1] = sw_gather(s->py, ip);
		x.qc = sw_gather(s->qc, ip), x.qs = sw_gather(s->qs, ip);
		sw_mw valid = sw_mand(pose_ok(&x), sw_mand(gw_ok(org), gw_ok(dl)));
		const unsigned lanes = (1u << cnt) - 1u, invalid = lanes & ~(ok & sw_mbits(valid));
		gw o = tmul(x.qc, x.qs, gw_sub(org, x.p)), d = tmul(x.qc, x.qs, dl);
		pray_clip c = {sw_set1(0.0f), sw_set1(1.0f), sw_set1(0.0f), sw_set1(0.0f), sw_set1(-1.0f), sw_mfalse()};
		pray_edges(s, vb, sw_load(nf), maxn, segs, &o, &d, &c);
		pray_store(j, &c, x.qc, x.qs, &org, &dl, pk, lanes, invalid);
	}
}
SW_EXPORT(gjk2_ray_poly2)
