/* tests/common/judge_sweep.c — shared judging of the moving box queries' brute-force suites. */
#include "judge_sweep.h"

#include <stdio.h>

#define FAIL(...) (snprintf(why, why_len, __VA_ARGS__), -1)

static int in_window(double t, double lo, double hi) { return t >= lo - JUDGE_T_SLACK && t <= hi + JUDGE_T_SLACK; }

int judge_sweep_status(const judge_sweep *j, const sw_sweep_result *o, char *why, size_t why_len)
{
	double e = j->eps;
	int so_may = j->sep0 <= e, so_must = j->sep0 <= -e;
	int hit_may = j->min_sep <= e, hit_must = j->min_sep <= -e;
	/* a one-sided back approach never hits; starts overlapped is not affected */
	if (j->front_band)
		hit_must = so_must;
	if (o->status == SW_STARTS_OVERLAPPED && !so_may)
		return FAIL("starts overlapped, but f(0) = %.9g > eps %.3g", j->sep0, e);
	if (o->status != SW_STARTS_OVERLAPPED && so_must)
		return FAIL("%s, but they overlap at t = 0 (f(0) = %.9g)", sw_status_name(o->status), j->sep0);
	if (o->status == SW_HIT && !hit_may)
		return FAIL("hit, but min f = %.9g > eps %.3g", j->min_sep, e);
	if (o->status == SW_MISS && hit_must)
		return FAIL("miss, but min f = %.9g at t = %.9g", j->min_sep, j->t_at_min);
	if (o->status == SW_PAIR_INVALID)
		return FAIL("valid pair reported invalid");
	return so_may != so_must || hit_may != hit_must;
}

int judge_sweep_miss(const sw_sweep_result *o, char *why, size_t why_len)
{
	if (o->t_first != 1.0f || o->t_last != 1.0f)
		return FAIL("miss with t = %.9g, %.9g", o->t_first, o->t_last);
	if (o->normal.x != 0 || o->normal.y != 0 || o->normal.z != 0 || o->feature != SW_FEATURE_NONE)
		return FAIL("miss with a normal or feature %u", o->feature);
	return 0;
}

int judge_sweep_times(const sw_sweep_result *o, double first_lo, double first_hi, double last_lo, double last_hi,
		      char *why, size_t why_len)
{
	if (o->status == SW_HIT) {
		if (first_hi < 0)
			first_hi = 1;
		if (!(o->t_first > 0) || !in_window(o->t_first, first_lo, first_hi))
			return FAIL("t_first %.9g outside [%.9g, %.9g]", o->t_first, first_lo, first_hi);
	} else if (o->t_first != 0.0f) {
		return FAIL("starts overlapped with t_first %.9g", o->t_first);
	}
	if (last_lo < 0)
		last_lo = o->t_first;
	if (!in_window(o->t_last, last_lo, last_hi) || o->t_last < o->t_first || o->t_last > 1)
		return FAIL("t_last %.9g outside [%.9g, %.9g] (t_first %.9g)", o->t_last, last_lo, last_hi, o->t_first);
	return 0;
}
