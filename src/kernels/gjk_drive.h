/* src/kernels/gjk_drive.h — the lane driver of the GJK kernels, shared by gjk2_tmpl.c and
 * gjk3_tmpl.c: included after the template's lanes_w, answer() and refill(), it runs a job's pairs
 * through the lanes (kernels/gjk_lanes.h).
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
