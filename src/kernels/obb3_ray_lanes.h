/* src/kernels/obb3_ray_lanes.h — the box ray row (gjk3_ray_obb3) by the slab test, one ray per lane:
 * included by gjk3_tmpl.c after kernels/hull3_ray_lanes.h (hray_clip, ray_frame_of, hray_store; store_ray of
 * kernels/gjk_drive.h). Each block of SW_W consecutive pairs reads its rays, boxes and placements by gathers and
 * repeats src/ref/obb3_ray.c operation for operation: the same six faces in the same order, so the same bits. */

/* face k: num = h − o, den = d (the caller passes ∓o, ∓d), in the lanes `act` (clip_slab_face) */
SW_INLINE void bray_face(hray_clip *c, sw_fw h, sw_fw o, sw_fw d, float k)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_fw num = sw_sub(h, o);
	sw_fw t = sw_div(num, d);
	sw_mw up = sw_mand(sw_lt(d, zero), sw_gt(t, c->tin)), down = sw_mand(sw_gt(d, zero), sw_lt(t, c->tout));
	c->tin = sw_sel(up, t, c->tin);
	c->feature = sw_sel(up, sw_set1(k), c->feature);
	c->tout = sw_sel(down, t, c->tout);
	c->out = sw_mor(c->out, sw_mand(sw_eq(d, zero), sw_lt(num, zero)));
}

/* a block's pairs into lanes: ray and box indices; returns the lanes whose indices are in range */
SW_INLINE unsigned bray_fill(const sw_job *j, size_t b0, unsigned cnt, int32_t *ir, int32_t *ib, uint32_t *pk)
{
	const sw_ray3_set *rays = j->a;
	const sw_obb3_set *s = j->b;
	unsigned ok = 0;
	for (unsigned l = 0; l < SW_W; l++) {
		ir[l] = ib[l] = 0;
		if (l >= cnt)
			continue;
		size_t k = j->order ? j->order[b0 + l] : b0 + l;
		pk[l] = (uint32_t)(j->off + k);
		sw_pair p = j->pairs[j->off + k];
		if (p.a >= rays->t.count || p.b >= s->t.count)
			continue;
		ir[l] = (int32_t)p.a, ib[l] = (int32_t)p.b;
		ok |= 1u << l;
	}
	return ok;
}

static void gjk3_ray_obb3_kernel(const sw_job *j)
{
	const sw_ray3_set *rays = j->a;
	const sw_obb3_set *s = j->b;
	const sw_fw zero = sw_set1(0.0f), big = sw_set1(SW_MAX_COORD);
	const float *const pq[7] = {s->px, s->py, s->pz, s->qx, s->qy, s->qz, s->qw};
	for (size_t b0 = 0; b0 < j->n; b0 += SW_W) {
		unsigned cnt = j->n - b0 < SW_W ? (unsigned)(j->n - b0) : SW_W;
		_Alignas(64) int32_t ir[SW_W], ib[SW_W];
		uint32_t pk[SW_W];
		unsigned ok = bray_fill(j, b0, cnt, ir, ib, pk);
		ray_frame r;
		ray_frame_of(rays, ir, pq, ib, &r);
		gw h = {{sw_gather(s->hx, ib), sw_gather(s->hy, ib), sw_gather(s->hz, ib)}};
		sw_mw valid = r.valid;
		for (int i = 0; i < 3; i++)
			valid = sw_mand(valid, sw_mand(sw_ge(h.c[i], zero), sw_le(h.c[i], big)));
		const unsigned lanes = (1u << cnt) - 1u, invalid = lanes & ~(ok & sw_mbits(valid));
		const gw o = r.o, d = r.d;
		hray_clip c = {zero, sw_set1(1.0f), sw_set1(-1.0f), gw_zero(), sw_mfalse()};
		for (int i = 0; i < 3; i++) {
			bray_face(&c, h.c[i], sw_neg(o.c[i]), sw_neg(d.c[i]), (float)(2 * i));
			bray_face(&c, h.c[i], o.c[i], d.c[i], (float)(2 * i + 1));
		}
		/* the entered face's column of R times +1 (face −x_i) or −1 (+x_i), as ref/obb3_ray.c */
		sw_mw c0 = sw_lt(c.feature, sw_set1(2.0f)), c1 = sw_lt(c.feature, sw_set1(4.0f));
		sw_mw odd = sw_mor(sw_eq(c.feature, sw_set1(1.0f)),
				   sw_mor(sw_eq(c.feature, sw_set1(3.0f)), sw_eq(c.feature, sw_set1(5.0f))));
		sw_fw sg = sw_sel(odd, sw_set1(-1.0f), sw_set1(1.0f));
		gw w = gw_sel(c0, r.rot.col[0], gw_sel(c1, r.rot.col[1], r.rot.col[2]));
		w = (gw){{sw_mul(w.c[0], sg), sw_mul(w.c[1], sg), sw_mul(w.c[2], sg)}};
		hray_store(j, &c, &w, &r.org, &r.dl, pk, lanes, invalid);
	}
}
SW_EXPORT(gjk3_ray_obb3)
