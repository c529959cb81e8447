/* tests/common/oracle_obb3_tri3.h — an independent double-precision oracle for the moving OBB–triangle test.
 *
 * The library clips the relative-motion ray against one slab per axis, in float, in the box's
 * frame with scaled triangle edges. This oracle does not: it builds the separation function
 *
 *     f(t) = max over the 13 SAT axes L̂ of max( lo_L(t) − rA(L̂), −rA(L̂) − hi_L(t) )
 *
 * in world space and double, where [lo_L(t), hi_L(t)] is the projection of the three vertices at
 * time t relative to the box centre and rA the box's projected radius; it finds the minimum on
 * [0,1] by golden-section search and the zero crossings by bisection (the method of
 * oracle_obb3.h). f(t) ≤ 0 exactly when no axis separates the shapes at time t. Axis ids follow
 * the library's numbering (0..2 box faces, 3 triangle normal, 4 + 3·i + j box edge i × triangle
 * edge j) so tests can compare features. */
#ifndef SWEPT_TESTS_ORACLE_OBB3_TRI3_H
#define SWEPT_TESTS_ORACLE_OBB3_TRI3_H

#include "scenes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ORACLE_TRI3_AXES 13

/// One pair, converted to double and projected once onto each axis.
typedef struct oracle_tri3_problem {
	double vert[3][3];                  ///< vertices − box centre at t = 0 (exact: float differences in double)
	double v[3];                        ///< triangle's displacement minus the box's
	double col[3][3];                   ///< the box's axes, as the library expands its quaternion
	double half[3];                     ///< the box's half extents
	double normal[3];                   ///< (b − a) × (c − a), unit
	double axis[ORACLE_TRI3_AXES][3];   ///< unit axes; zero for skipped ones
	int used[ORACLE_TRI3_AXES];         ///< 0: edge pair below ORACLE_CROSS2_MIN, never separates
	double cross_len[ORACLE_TRI3_AXES]; ///< |ê_i × f̂_j| for edge axes (1 for the others)
	double lo[ORACLE_TRI3_AXES], hi[ORACLE_TRI3_AXES], w[ORACLE_TRI3_AXES], r[ORACLE_TRI3_AXES];
	double t_min, f_min; ///< where f reaches its minimum on [0,1], and that minimum
	double size;         ///< Σ half extents + longest triangle edge
	double sine;         ///< |(b − a) × (c − a)| / longest edge²: how far from degenerate
	double len_d0;       ///< distance from the box centre to the farthest vertex at t = 0
	double len_v;
	double max_coord; ///< largest |coordinate| of the box centre or a vertex, at t = 0 or t = 1
} oracle_tri3_problem;

/// The oracle's answer, as oracle_obb3_result.
typedef struct oracle_tri3_result {
	sw_status status; ///< SW_MISS, SW_HIT or SW_STARTS_OVERLAPPED
	double t_first;   ///< 0 when starts overlapped, 1 on a miss
	double t_last;    ///< 1 on a miss
	double min_sep;   ///< min of f on [0,1]
	double t_at_min;
	double sep0, sep1; ///< f(0), f(1)
	double speed_n;    ///< v · n̂: > 0 when the relative motion approaches the triangle's front
} oracle_tri3_result;

/// Converts a pair; edge axes with |e_i × f_j|² < ORACLE_CROSS2_MIN · |e_i|²|f_j|² are skipped
/// (oracle_obb3.h says why that is harmless).
void oracle_tri3_prepare(const sc_box *a, sw_vec3 da, const sw_tri3 *t, sw_vec3 dt, oracle_tri3_problem *p);
/// f(t); the maximising axis id and that axis oriented from the box towards the triangle when not NULL.
double oracle_tri3_sep(const oracle_tri3_problem *p, double t, int *axis_id, double axis[3]);
/// Each axis' term at time t; −INFINITY for skipped axes.
void oracle_tri3_terms(const oracle_tri3_problem *p, double t, double terms[ORACLE_TRI3_AXES]);
/// Separation along an arbitrary direction n (normalised here) at time t.
double oracle_tri3_sep_along(const oracle_tri3_problem *p, const double n[3], double t);
/// n · (triangle centroid − box centre)(t).
double oracle_tri3_dir_along(const oracle_tri3_problem *p, const double n[3], double t);
/// First / last t in [0,1] with f(t) ≤ c, or −1 when there is none.
double oracle_tri3_first_at_or_below(const oracle_tri3_problem *p, double c);
double oracle_tri3_last_at_or_below(const oracle_tri3_problem *p, double c);
/// Classifies a prepared pair (two-sided).
sw_status oracle_tri3_solve(const oracle_tri3_problem *p, oracle_tri3_result *out);

#ifdef __cplusplus
}
#endif
#endif
