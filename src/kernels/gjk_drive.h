/* src/kernels/gjk_drive.h — the answers and the lane driver of the GJK kernels, shared by gjk2_tmpl.c
 * and gjk3_tmpl.c: included after the template's per-dimension pieces (kernels/gjk_lanes.h's D), it
 * writes each query's answers (ref/gjk2.c, gjk3.c) and runs a job's pairs through the lanes.
 *
 * What the template defines first: place_w (one side's placement: p, d, core), frame_w and
 * frame_of(a) (A's rotation in lanes), rot_world(ra, v) and to_world(ra, v, shift) (A's frame to world
 * space), side_of, pose_ok, gw_ok, make_pair_w(a, ra, b, rel, extra, cap, pr), GJK_SRC_RAY (the ray
 * source of its dimension) and the put_side / put_none of its sources.
 *
 * Two hooks for a measuring build (bench/gjk_lanes_probe.c), which the library leaves at their
 * defaults: GJK_LANE_STAT(act) sees the active lanes of every iteration, and GJK_REFILL_AT is how many
 * lanes must be free before new pairs come in while others still run (more than SW_W: never, so a
 * block's pairs run until its slowest one ends). */

#ifndef GJK_LANE_STAT
#define GJK_LANE_STAT(act) ((void)0)
#endif
#ifndef GJK_REFILL_AT
#define GJK_REFILL_AT (SW_W / 2 ? SW_W / 2 : 1)
#endif

/* ---- the answers (ref/gjk2.c, gjk3.c) ---- */

/* the D columns x, y (, z) into dst from k; the next k */
SW_INLINE int cols_xyz(float **dst, int k, float *x, float *y, float *z)
{
	dst[k] = x, dst[k + 1] = y;
#if D == 3
	dst[k + 2] = z;
#else
	(void)z;
#endif
	return k + D;
}

SW_INLINE void answer_overlap(const sw_overlap_results *out, const run_w *st, const pair_w *pr, const frame_w *ra,
			      const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw contact = sw_eq(st->end, sw_set1((float)GW_CONTACT)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	gw n = rot_world(ra, unit_w(st->v));
	sw_fw d = sw_sel(limit, st->vlen, sw_div(st->vy, st->vlen));
	sw_fw gap = sw_div(sw_sub(d, pr->radius), pr->sigma);
	sw_fw rows[1 + D];
	rows[0] = sw_sel(contact, zero, gap);
	for (int i = 0; i < D; i++)
		rows[1 + i] = sw_sel(contact, zero, n.c[i]);
	float *dst[1 + D] = {out->depth};
	cols_xyz(dst, 1, out->nx, out->ny, out->nz);
	store_rows(dst, rows, 1 + D, pk, lanes, invalid);
	store_status(out->status, out->feature, pk, lanes, invalid, contact, SW_HIT, limit, SW_ITER_LIMIT, limit,
		     SW_ITER_LIMIT, SW_MISS);
}

SW_INLINE void answer_distance(const sw_distance_results *out, const run_w *st, const pair_w *pr, const frame_w *ra,
			       const place_w *a, const place_w *b, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw contact = sw_eq(st->end, sw_set1((float)GW_CONTACT)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	gw wa, wb;
	witness_w(st, pr, &wa, &wb);
	gw common = to_world(ra, wa, a->p);
	gw n = unit_w(st->v);
	sw_mw hit = sw_le(st->vlen, sw_add(pr->radius, sw_mul(sw_set1(SW_GJK_TOUCH_EPS), st->scale)));
	sw_fw dist = sw_div(sw_sub(st->vlen, pr->radius), pr->sigma);
	gw nw = rot_world(ra, n);
	for (int i = 0; i < D; i++) {
		wa.c[i] = sw_add(wa.c[i], sw_mul(n.c[i], a->core.radius));
		wb.c[i] = sw_sub(wb.c[i], sw_mul(n.c[i], b->core.radius));
	}
	gw pa = to_world(ra, wa, a->p), pb = to_world(ra, wb, a->p);
	sw_fw rows[1 + 3 * D];
	rows[0] = sw_sel(contact, zero, dist);
	for (int i = 0; i < D; i++) {
		rows[1 + i] = sw_sel(contact, zero, nw.c[i]);
		rows[1 + D + i] = sw_sel(contact, common.c[i], pa.c[i]);
		rows[1 + 2 * D + i] = sw_sel(contact, common.c[i], pb.c[i]);
	}
	float *dst[1 + 3 * D] = {out->distance};
	int k = cols_xyz(dst, 1, out->nx, out->ny, out->nz);
	k = cols_xyz(dst, k, out->ax, out->ay, out->az);
	cols_xyz(dst, k, out->bx, out->by, out->bz);
	store_rows(dst, rows, 1 + 3 * D, pk, lanes, invalid);
	store_status(out->status, out->feature, pk, lanes, invalid, contact, SW_STARTS_OVERLAPPED, limit, SW_ITER_LIMIT,
		     hit, SW_HIT, SW_MISS);
}

/* the cast's and the ray's rows: t, depth, point, normal, slide */
SW_INLINE void store_cast(const sw_cast_results *out, sw_mw miss, sw_mw start, sw_mw limit, sw_fw t, gw point,
			  gw normal, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_fw rows[2 + 3 * D];
	rows[0] = sw_sel(miss, sw_set1(1.0f), t);
	rows[1] = zero;
	for (int i = 0; i < D; i++) {
		rows[2 + i] = sw_sel(miss, zero, point.c[i]);
		rows[2 + D + i] = sw_sel(miss, zero, normal.c[i]);
		rows[2 + 2 * D + i] = zero;
	}
	float *dst[2 + 3 * D] = {out->t, out->depth};
	int k = cols_xyz(dst, 2, out->px, out->py, out->pz);
	k = cols_xyz(dst, k, out->nx, out->ny, out->nz);
	cols_xyz(dst, k, out->sx, out->sy, out->sz);
	store_rows(dst, rows, 2 + 3 * D, pk, lanes, invalid);
	store_status(out->status, out->feature, pk, lanes, invalid, miss, SW_MISS, limit, SW_ITER_LIMIT, start,
		     SW_STARTS_OVERLAPPED, SW_HIT);
}

SW_INLINE void answer_cast(const sw_cast_results *out, const run_w *st, const pair_w *pr, const frame_w *ra,
			   const place_w *a, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_eq(st->end, sw_set1((float)GW_MISS)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	sw_mw start = sw_mandnot(limit, sw_eq(st->lam, zero));
	gw wa, wb;
	witness_w(st, pr, &wa, &wb);
	gw shift;
	for (int i = 0; i < D; i++)
		shift.c[i] = sw_add(a->p.c[i], sw_mul(a->d.c[i], st->lam));
	sw_mw touch = sw_mor(st->inside, sw_le(st->vlen, sw_mul(sw_set1(SW_GJK_TOUCH_EPS), st->scale)));
	sw_mw cores = sw_mand(start, touch);
	gw common = to_world(ra, wa, shift);
	gw n = unit_w(gw_sel(start, st->v, hit_normal_w(st, pr)));
	for (int i = 0; i < D; i++)
		wa.c[i] = sw_add(wa.c[i], sw_mul(n.c[i], a->core.radius));
	gw point = gw_sel(cores, common, to_world(ra, wa, shift));
	gw normal = gw_sel(cores, gw_zero(), rot_world(ra, n));
	store_cast(out, miss, start, limit, st->lam, point, normal, pk, lanes, invalid);
}

SW_INLINE void answer_ray(const sw_cast_results *out, const run_w *st, const pair_w *pr, const frame_w *ra,
			  const place_w *ray, const uint32_t *pk, unsigned lanes, unsigned invalid)
{
	const sw_fw zero = sw_set1(0.0f);
	sw_mw miss = sw_eq(st->end, sw_set1((float)GW_MISS)), limit = sw_eq(st->end, sw_set1((float)GW_LIMIT));
	sw_mw start = sw_mandnot(limit, sw_eq(st->lam, zero));
	gw n = rot_world(ra, unit_w(gw_scale(hit_normal_w(st, pr), sw_set1(-1.0f))));
	gw point;
	for (int i = 0; i < D; i++)
		point.c[i] = sw_add(ray->p.c[i], sw_mul(ray->d.c[i], st->lam));
	store_cast(out, miss, start, limit, st->lam, point, gw_sel(start, gw_zero(), n), pk, lanes, invalid);
}

/* a clipped ray's answers (ref/poly2_ray.c, hull3_ray.c, obb3_ray.c): rows t, depth, point, normal,
 * slide (2 + 3·D), the statuses from `miss` and `start`, the entered feature of a hit. A whole block of
 * consecutive pairs (no ordering stage) stores each column with one store, others lane by lane. */
SW_INLINE void store_ray(const sw_job *j, const sw_fw *rows, sw_fw feature, sw_mw miss, sw_mw start, const uint32_t *pk,
			 unsigned lanes, unsigned invalid)
{
	const sw_cast_results *out = j->out;
	float *dst[2 + 3 * D] = {out->t, out->depth};
	int k = cols_xyz(dst, 2, out->px, out->py, out->pz);
	k = cols_xyz(dst, k, out->nx, out->ny, out->nz);
	cols_xyz(dst, k, out->sx, out->sy, out->sz);
	if (!j->order && lanes == SW_ALL_LANES) {
		const uint32_t at = pk[0];
		const sw_mw bad = sw_mfrom_bits(invalid);
		for (int r = 0; r < 2 + 3 * D; r++)
			if (dst[r])
				sw_storeu(dst[r] + at, sw_sel(bad, sw_set1(NAN), rows[r]));
		sw_fw st = sw_sel(start, sw_set1((float)SW_STARTS_OVERLAPPED), sw_set1((float)SW_HIT));
		st = sw_sel(miss, sw_set1((float)SW_MISS), st);
		sw_store_bytes(out->status + at, sw_sel(bad, sw_set1((float)SW_PAIR_INVALID), st));
		if (out->feature)
			sw_store_codes(out->feature + at, feature, sw_mor(bad, sw_mor(miss, start)));
		return;
	}
	store_rows(dst, rows, 2 + 3 * D, pk, lanes, invalid);
	_Alignas(64) float feat[SW_W];
	sw_storeu(feat, feature);
	const unsigned bm = sw_mbits(miss), bs = sw_mbits(start);
	for (unsigned b = lanes; b; b &= b - 1) {
		unsigned l = (unsigned)__builtin_ctz(b);
		int bad = invalid >> l & 1, hit = !bad && !(bm >> l & 1) && !(bs >> l & 1);
		out->status[pk[l]] = bad             ? SW_PAIR_INVALID
				     : (bm >> l & 1) ? SW_MISS
				     : (bs >> l & 1) ? SW_STARTS_OVERLAPPED
						     : SW_HIT;
		if (out->feature)
			out->feature[pk[l]] = hit ? (uint32_t)feat[l] : SW_FEATURE_NONE;
	}
}

/* ---- the lanes: pairs enter as lanes free up ---- */

/* everything the lanes hold between iterations */
typedef struct lanes_w {
	lane_in in[2];
	rows_w rows[2];
	place_w A, B; /* the GJK's A (the target of a ray) and B (the ray's point) */
	frame_w ra;
	pair_w pr;
	run_w st;
	uint32_t pk[SW_W];
	unsigned busy, invalid;
} lanes_w;
_Static_assert(sizeof(lanes_w) <= SW_SCRATCH, "the GJK lanes fit the per-thread scratch");

/* the answers of the lanes in `lanes` (done, or invalid) */
SW_INLINE void answer(const sw_job *j, int q, lanes_w *L, unsigned lanes)
{
	run_w fin = L->st;
	loop_end(&fin);
	unsigned inv = L->invalid;
	if (q == Q_OVERLAP)
		answer_overlap(j->out, &fin, &L->pr, &L->ra, L->pk, lanes, inv);
	else if (q == Q_DISTANCE)
		answer_distance(j->out, &fin, &L->pr, &L->ra, &L->A, &L->B, L->pk, lanes, inv);
	else if (q == Q_CAST)
		answer_cast(j->out, &fin, &L->pr, &L->ra, &L->A, L->pk, lanes, inv);
	else
		answer_ray(j->out, &fin, &L->pr, &L->ra, &L->B, L->pk, lanes, inv);
}

/* the next pairs of the queue into the free lanes `fill`; their runs start (the invalid ones done) */
SW_INLINE void refill(const sw_job *j, sw_src ka, sw_src kb, int q, lanes_w *L, unsigned fill, size_t *next)
{
	const sw_pair *pairs = j->pairs + j->off;
	/* a ray row: the target is the GJK's A (input 0), the ray its point B (input 1) */
	sw_src k0 = q == Q_RAY ? kb : ka, k1 = q == Q_RAY ? GJK_SRC_RAY : kb;
	const void *s0 = q == Q_RAY ? j->b : j->a, *s1 = q == Q_RAY ? j->a : j->b;
	unsigned in = 0;
	for (unsigned l = 0; l < SW_W && *next < j->n; l++) {
		if (!(fill >> l & 1))
			continue;
		uint32_t k = j->order ? j->order[*next] : (uint32_t)*next;
		(*next)++;
		L->pk[l] = (uint32_t)j->off + k;
		sw_pair p = pairs[k];
		uint32_t i0 = q == Q_RAY ? p.b : p.a, i1 = q == Q_RAY ? p.a : p.b;
		int ok = put_side(k0, s0, i0, l, &L->in[0], &L->rows[0]) &&
			 put_side(k1, s1, i1, l, &L->in[1], &L->rows[1]);
		if (!ok)
			put_none(&L->in[0], &L->rows[0], l), put_none(&L->in[1], &L->rows[1], l);
		in |= 1u << l;
		L->invalid = (L->invalid & ~(1u << l)) | (unsigned)!ok << l;
	}
	L->busy |= in;
	/* the new pairs' setup, computed in every lane and kept in the new ones */
	place_w A, B;
	sw_mw valid = sw_mand(side_of(k0, s0, &L->in[0], &L->rows[0], &A), side_of(k1, s1, &L->in[1], &L->rows[1], &B));
	sw_fw cap, target;
	opts_of(j->opts, &cap, &target);
	valid = sw_mand(valid, sw_mand(pose_ok(&A), pose_ok(&B)));
	gw rel = gw_zero();
	if (q == Q_CAST) {
		valid = sw_mand(valid, sw_mand(gw_ok(A.d), gw_ok(B.d)));
		rel = gw_sub(B.d, A.d);
	} else if (q == Q_RAY) {
		valid = sw_mand(valid, gw_ok(B.d));
		rel = B.d;
	}
	L->invalid |= in & ~sw_mbits(valid);
	/* the setup is a function of each lane's inputs alone: the lanes that keep running get theirs again */
	sw_mw m = sw_mfrom_bits(in);
	L->ra = frame_of(&A);
	make_pair_w(&A, &L->ra, &B, rel, q == Q_CAST ? target : sw_set1(0.0f), cap, &L->pr);
	L->A = A, L->B = B;
	lane_init(&L->pr, guess_w(&L->pr), m, sw_mfrom_bits(in & ~L->invalid), &L->st);
}

/* the rows of a job: pairs flow through the lanes; a lane's answer is written as soon as it is done,
 * and new pairs come in once half the lanes are free (or none is running) */
SW_INLINE void gjk_rows(const sw_job *j, sw_src ka, sw_src kb, int q)
{
	lanes_w *L = j->scratch;
	memset(L, 0, sizeof *L);
	const int mode = q == Q_OVERLAP ? GW_OVERLAP : q == Q_DISTANCE ? GW_DIST : GW_CAST;
	const unsigned half = GJK_REFILL_AT;
	size_t next = 0;
	lane_init(&L->pr, gw_zero(), sw_mnot(sw_mfalse()), sw_mfalse(), &L->st);
	for (;;) {
		unsigned act = sw_mbits(L->st.act), done = L->busy & ~act, free_ = ~L->busy & SW_ALL_LANES;
		unsigned nfree = (unsigned)__builtin_popcount(done | free_);
		int more = next < j->n;
		if (done && (!act || !more || nfree >= half)) {
			answer(j, q, L, done);
			L->busy &= ~done;
			free_ |= done;
		}
		if (more && free_ && (!act || (unsigned)__builtin_popcount(free_) >= half)) {
			refill(j, ka, kb, q, L, free_, &next);
			continue;
		}
		if (!act) {
			if (!more && !L->busy)
				return;
			continue;
		}
		GJK_LANE_STAT(act);
		lane_step(&L->pr, mode, &L->st);
	}
}
