/* tests/common/oracle_obb3.h — an independent double-precision oracle for the moving OBB–OBB test.
 *
 * The library clips the relative-motion ray against one slab per separating axis, in float. This
 * oracle does not: it builds the separation function
 *
 *     f(t) = max over the 15 SAT axes L of ( |L̂·(cB − cA + t·(dB − dA))| − rA(L̂) − rB(L̂) )
 *
 * in double, finds its minimum on [0,1] by golden-section search and its zero crossings by
 * bisection. f(t) ≤ 0 exactly when no axis separates the boxes at time t, i.e. they overlap or
 * touch. Axis ids follow the library's numbering (0..2 faces of A, 3..5 faces of B,
 * 6 + 3·i + j for edge A_i × edge B_j) so tests can compare features. */
#ifndef SWEPT_TESTS_ORACLE_OBB3_H
#define SWEPT_TESTS_ORACLE_OBB3_H

#include "scenes.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Edge axes with |â_i × b̂_j|² below this (edges within 1e-9 rad of parallel) are left out: their
/// double cross product would carry a relative error above 1e-7. Leaving one out moves f by at most
/// its Minkowski face's width, ~1e-9 × the size, far inside any touching band (test_obb3_brute.c).
#define ORACLE_CROSS2_MIN 1e-18

/// One pair, converted to double and projected once onto each axis. Radii do not depend on t
/// (no rotation), so each axis term is |p0 + t·w| − rsum.
typedef struct oracle_obb3_problem {
	double d0[3];       ///< cB − cA at t = 0
	double v[3];        ///< dB − dA
	double col_a[3][3]; ///< columns of A's rotation, as given (not re-orthonormalised)
	double col_b[3][3];
	double half_a[3], half_b[3];
	double axis[15][3];   ///< unit axes; zero for skipped ones
	int used[15];         ///< 0: edge axis below ORACLE_CROSS2_MIN, never separates
	double cross_len[15]; ///< |a_i × b_j| for edge axes (1 for face axes)
	double p0[15], w[15], rsum[15];
	double t_min, f_min; ///< where f reaches its minimum on [0,1], and that minimum
	double sum_half;     ///< Σ half extents of both boxes
	double len_d0, len_v;
	double max_coord; ///< largest |coordinate| of either centre, at t = 0 or t = 1
} oracle_obb3_problem;

/// The oracle's answer. Times are exact up to double rounding of the float inputs.
typedef struct oracle_obb3_result {
	sw_status status; ///< SW_MISS, SW_HIT or SW_STARTS_OVERLAPPED
	double t_first;   ///< as the library's contract: 0 when starts overlapped, 1 on a miss
	double t_last;    ///< 1 on a miss
	double min_sep;   ///< min of f on [0,1] (≤ 0: they touch at some time)
	double t_at_min;
	double sep0, sep1; ///< f(0), f(1)
	double scale;      ///< Σ half extents + |dB − dA|: the length scale of the pair
} oracle_obb3_result;

/// Converts a pair; edge axes with |a_i × b_j|² < ORACLE_CROSS2_MIN · |a_i|²|b_j|² are skipped.
void oracle_obb3_prepare(const sc_box *a, sw_vec3 da, const sc_box *b, sw_vec3 db, oracle_obb3_problem *p);
/// f(t). When axis_id / axis are not NULL, they receive the id of the maximising axis and that
/// axis oriented from A towards B at time t (L·(cB − cA) ≥ 0).
double oracle_obb3_sep(const oracle_obb3_problem *p, double t, int *axis_id, double axis[3]);
/// Each axis' term at time t; −INFINITY for skipped axes.
void oracle_obb3_terms(const oracle_obb3_problem *p, double t, double terms[15]);
/// Separation of the boxes along an arbitrary direction n (normalised here) at time t.
double oracle_obb3_sep_along(const oracle_obb3_problem *p, const double n[3], double t);
/// n · (cB − cA)(t): positive when n points from A towards B.
double oracle_obb3_dir_along(const oracle_obb3_problem *p, const double n[3], double t);
/// First t in [0,1] with f(t) ≤ c, or −1 when there is none.
double oracle_obb3_first_at_or_below(const oracle_obb3_problem *p, double c);
/// Last t in [0,1] with f(t) ≤ c, or −1 when there is none.
double oracle_obb3_last_at_or_below(const oracle_obb3_problem *p, double c);
/// Classifies a prepared pair.
sw_status oracle_obb3_solve(const oracle_obb3_problem *p, oracle_obb3_result *out);
/// One-call form: prepare and solve. Returns out->status.
sw_status oracle_obb3_sweep(const sc_box *a, sw_vec3 da, const sc_box *b, sw_vec3 db, oracle_obb3_result *out);
/// Static separation f of two boxes (≤ 0: overlap or touch) and the maximising axis id.
double oracle_obb3_static_sep(const sc_box *a, const sc_box *b, int *axis_id);

#ifdef __cplusplus
}
#endif
#endif
