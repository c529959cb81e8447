/* tests/common/judge_sweep.h — the judging the brute-force suites of the moving box queries share
 * (tests/test_obb3_brute.c, tests/test_obb3_tri3_brute.c): the status, miss and time rules against an
 * oracle solved on the contract's axes ("c") and on all axes ("a"), within a touching band eps. The
 * suites fill the numbers from their own oracles; see the top of either suite for the rules. */
#ifndef SWEPT_TEST_JUDGE_SWEEP_H
#define SWEPT_TEST_JUDGE_SWEEP_H

#include <stddef.h>

#include <swept/batch.h>

/// Slack on every time window.
#define JUDGE_T_SLACK 1e-6

/// What the oracles say of one pair, for the status rules.
typedef struct judge_sweep {
	double eps;                  ///< touching band
	double sep0_c, sep0_a;       ///< f(0)
	double min_sep_c, min_sep_a; ///< min of f on [0,1]
	double t_at_min_a;           ///< where the all-axes minimum is
	int front_band;              ///< one-sided, approach within rounding of 0: a hit is not required
} judge_sweep;

/// The fields of judge_sweep from two oracle results with members sep0, min_sep and t_at_min.
#define JUDGE_SWEEP_OF(rc, ra, e, front) \
	((judge_sweep){(e), (rc).sep0, (ra).sep0, (rc).min_sep, (ra).min_sep, (ra).t_at_min, (front)})

/// Status rules: 1 for a touching-band case, 0 when decided, −1 on failure (reason in why).
int judge_sweep_status(const judge_sweep *j, const sw_sweep_result *o, char *why, size_t why_len);
/// A miss answers t = 1, a zero normal and SW_FEATURE_NONE: 0, or −1.
int judge_sweep_miss(const sw_sweep_result *o, char *why, size_t why_len);
/// t_first within [first_lo, first_hi] on a hit (first_hi < 0: up to 1), 0 when starting overlapped;
/// t_last within [last_lo, last_hi] (last_lo < 0: from t_first), t_first ≤ t_last ≤ 1: 0, or −1.
int judge_sweep_times(const sw_sweep_result *o, double first_lo, double first_hi, double last_lo, double last_hi,
		      char *why, size_t why_len);

#endif
