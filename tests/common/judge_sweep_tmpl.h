/* tests/common/judge_sweep_tmpl.h — the rest of the brute-force judging of the moving box queries,
 * written once over the suite's oracle: included by tests/test_obb3_brute.c and
 * tests/test_obb3_tri3_brute.c after they define
 *   JUDGE_ORACLE(f)  the oracle's function f (oracle_obb3_##f, oracle_tri3_##f),
 *   JUDGE_AXES       its axis count,
 *   JUDGE_FRONT(j)   whether a one-sided approach is within rounding of 0 (0 for boxes),
 * and MAX_REPORTS, the types judge (oracle problems pc, pa, results rc, ra, eps), tally and pair_case,
 * and judge_pair() and check_normal(); they define report(), declared here. The rules are stated at
 * the top of either suite. */
#include "judge_sweep.h"

/* largest and second largest term at t, for the uniqueness of the maximising axis */
static int top_axis(const JUDGE_ORACLE(problem) * p, double t, double *gap_to_second)
{
	double terms[JUDGE_AXES], best = -INFINITY, second = -INFINITY;
	int id = -1;
	JUDGE_ORACLE(terms)(p, t, terms);
	for (int k = 0; k < JUDGE_AXES; k++) {
		if (terms[k] > best)
			second = best, best = terms[k], id = k;
		else if (terms[k] > second)
			second = terms[k];
	}
	*gap_to_second = best - second;
	return id;
}

/* status rules: 1 for a touching-band case, 0 when decided, -1 on failure */
static int check_status(const judge *j, const sw_sweep_result *o, char *why, size_t why_len)
{
	judge_sweep js = JUDGE_SWEEP_OF(j->rc, j->ra, j->eps, JUDGE_FRONT(j));
	return judge_sweep_status(&js, o, why, why_len);
}

/* the time windows from the oracle */
static int check_times(const judge *j, const sw_sweep_result *o, char *why, size_t why_len)
{
	double e = j->eps, first_lo = 0, first_hi = 0;
	if (o->status == SW_HIT) {
		first_lo = JUDGE_ORACLE(first_at_or_below)(&j->pc, e);
		first_hi = JUDGE_ORACLE(first_at_or_below)(&j->pa, -e);
	}
	return judge_sweep_times(o, first_lo, first_hi, JUDGE_ORACLE(last_at_or_below)(&j->pa, -e),
				 JUDGE_ORACLE(last_at_or_below)(&j->pc, e), why, why_len);
}

/* when one axis clearly wins at the oracle's time of interest, the ids must agree */
static int check_unique_feature(const judge *j, const sw_sweep_result *o, char *why, size_t why_len)
{
	if (j->rc.status != o->status || j->ra.status != o->status)
		return 0;
	double t = o->status == SW_HIT ? j->rc.t_first : 0.0, gap_c, gap_a;
	int id_c = top_axis(&j->pc, t, &gap_c), id_a = top_axis(&j->pa, t, &gap_a);
	double margin = 4 * j->eps;
	if (o->status == SW_HIT) {
		double lo = JUDGE_ORACLE(first_at_or_below)(&j->pc, j->eps);
		double hi = JUDGE_ORACLE(first_at_or_below)(&j->pa, -j->eps);
		margin = 2 * j->eps + j->pa.len_v * ((hi < 0 ? 1 : hi) - lo + 2 * JUDGE_T_SLACK);
	}
	if (id_c != id_a || gap_c <= margin)
		return 0;
	if (o->feature != (uint32_t)id_c) {
		snprintf(why, why_len, "feature %u, the oracle's axis %d wins by %.3g (margin %.3g)", o->feature, id_c,
			 gap_c, margin);
		return -1;
	}
	return 0;
}

/* 1: touching band, 0: pass, -1: failure described in why */
static int check_case(const pair_case *c, const sw_sweep_result *o, const judge *j, char *why, size_t why_len)
{
	int band = check_status(j, o, why, why_len);
	if (band < 0)
		return band;
	int r;
	if (o->status == SW_MISS)
		r = judge_sweep_miss(o, why, why_len);
	else if ((r = check_times(j, o, why, why_len)) == 0 && (r = check_normal(j, c, o, why, why_len)) == 0)
		r = check_unique_feature(j, o, why, why_len);
	return r < 0 ? r : band;
}

static void count(tally *t, const judge *j, const sw_sweep_result *o, int r)
{
	t->n++;
	t->miss += o->status == SW_MISS;
	t->hit += o->status == SW_HIT;
	t->overlapped += o->status == SW_STARTS_OVERLAPPED;
	t->band += r == 1;
	t->contract += j->rc.status != j->ra.status;
	t->failed += r < 0;
}

static void report(const char *pop, uint64_t seed, int i, const pair_case *c, const sw_sweep_result *o, const judge *j,
		   const char *why);

/* judges the library's answer o for pair c (case i of population `pop`, from `seed`) and counts it;
 * the first MAX_REPORTS failures are logged */
static void judge_case(const char *pop, uint64_t seed, int i, const pair_case *c, const sw_sweep_result *o, tally *t)
{
	judge j;
	judge_pair(c, &j);
	char why[256] = "";
	int res = check_case(c, o, &j, why, sizeof why);
	count(t, &j, o, res);
	if (res < 0 && t->failed <= MAX_REPORTS)
		report(pop, seed, i, c, o, &j, why);
}

/* a population's summary and its expectations: no failure, at most 1 % in the touching band */
static void judge_summary(const char *pop, const tally *t)
{
	cr_log_info("%s: %d pairs: %d miss, %d hit, %d starts overlapped; %d in the touching band, "
		    "%d decided differently by the near-parallel contract; %d failed",
		    pop, t->n, t->miss, t->hit, t->overlapped, t->band, t->contract, t->failed);
	cr_expect_eq(t->failed, 0, "%s: %d of %d pairs disagree with the oracle (first ones logged above)", pop,
		     t->failed, t->n);
	cr_expect(t->band * 100 <= t->n, "%s: %d of %d pairs in the touching band (> 1%%): the band is too wide", pop,
		  t->band, t->n);
}
