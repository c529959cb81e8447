/* tests/common/expect.h — criterion assertions on a moving query's answer that the hand suites share:
 * its status, its times within a tolerance, its normal within 1e-4. */
#ifndef SWEPT_TESTS_EXPECT_H
#define SWEPT_TESTS_EXPECT_H

#include <criterion/criterion.h>
#include <math.h>

#include <swept/swept.h>

static inline void expect_status(const sw_sweep_result *o, sw_status want)
{
	cr_assert_eq(o->status, want, "status %s, want %s", sw_status_name(o->status), sw_status_name(want));
}

static inline void expect_times(const sw_sweep_result *o, double t_first, double t_last, double tol)
{
	cr_assert(fabs(o->t_first - t_first) <= tol, "t_first %.9g, want %.9g (tol %g)", o->t_first, t_first, tol);
	cr_assert(fabs(o->t_last - t_last) <= tol, "t_last %.9g, want %.9g (tol %g)", o->t_last, t_last, tol);
}

static inline void expect_normal(const sw_sweep_result *o, sw_vec3 n)
{
	sw_vec3 d = sw_v3_sub(o->normal, n);
	cr_assert(sw_v3_len(d) <= 1e-4, "normal (%.7g %.7g %.7g), want (%.7g %.7g %.7g)", o->normal.x, o->normal.y,
		  o->normal.z, n.x, n.y, n.z);
}

#endif
