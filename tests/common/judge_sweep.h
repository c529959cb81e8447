/* tests/common/judge_sweep.h — the judging the brute-force suites of the moving box queries share
 * (tests/test_obb3_brute.c, tests/test_tri3_brute.c): the status, miss and time rules against an
 * oracle over every axis, within a touching band eps. The suites fill the numbers from their own
 * oracles; see the top of either suite for the rules. */
#ifndef SWEPT_TEST_JUDGE_SWEEP_H
#define SWEPT_TEST_JUDGE_SWEEP_H

#include <stddef.h>

#include <swept/batch.h>

/// Slack on every time window.
#define JUDGE_T_SLACK 1e-6

/// What the oracle says of one pair, for the status rules.
typedef struct judge_sweep {
	double eps;      ///< touching band
	double sep0;     ///< f(0)
	double min_sep;  ///< min of f on [0,1]
	double t_at_min; ///< where that minimum is
	int front_band;  ///< one-sided, approach within rounding of 0: a hit is not required
} judge_sweep;

/// The fields of judge_sweep from an oracle result with members sep0, min_sep and t_at_min.
#define JUDGE_SWEEP_OF(r, e, front) ((judge_sweep){(e), (r).sep0, (r).min_sep, (r).t_at_min, (front)})

/// Status rules: 1 for a touching-band case, 0 when decided, −1 on failure (reason in why).
int judge_sweep_status(const judge_sweep *j, const sw_sweep_result *o, char *why, size_t why_len);
/// A miss answers t = 1, a zero normal and SW_FEATURE_NONE: 0, or −1.
int judge_sweep_miss(const sw_sweep_result *o, char *why, size_t why_len);
/// t_first within [first_lo, first_hi] on a hit (first_hi < 0: up to 1), 0 when starting overlapped;
/// t_last within [last_lo, last_hi] (last_lo < 0: from t_first), t_first ≤ t_last ≤ 1: 0, or −1.
int judge_sweep_times(const sw_sweep_result *o, double first_lo, double first_hi, double last_lo, double last_hi,
		      char *why, size_t why_len);

#endif
