/* tests/test_poly2_brute.c — the 2D polygon sweep against the independent oracle (Minkowski
 * difference hull + Cyrus–Beck clipping in double, tests/common/oracle_poly2.c) on random pairs.
 *
 * Touching band and time bound: float rounding in the library moves each projection by a few ulps
 * of the problem's size S (extents + motion, from the oracle) and of the coordinates' magnitude M,
 * so the oracle is run on the Minkowski difference grown and shrunk by eps = 2⁻¹⁸·S + 2⁻²¹·M
 * (≈ 4e-6·S + 4 ulps of M). A status must match unless
 * the grown and shrunk answers differ (the pair touches within eps: counted, and capped at 1 %).
 * t_first must lie between the grown and the shrunk oracle's first contact (± 1e-6), t_last between
 * the shrunk and the grown last contact; the normal must be unit, and at t_first the gap along it
 * must be within 2·eps of zero for a hit. */
#include <criterion/criterion.h>
#include <math.h>

#include "oracle_poly2.h"
#include "scenes.h"

enum { PAIRS = 10000 };

typedef struct pop {
	float world, size_lo, size_hi, motion, offset;
	int segments, boxes;
} pop;

static void random_poly(sc_rng *r, const pop *p, sw_poly2 *out)
{
	float size = sc_uniform(r, p->size_lo, p->size_hi);
	if (p->boxes) {
		*out = sw_poly2_box(size, sc_uniform(r, p->size_lo, p->size_hi));
		return;
	}
	if (p->segments && (sc_next(r) & 1)) {
		float a = sc_uniform(r, 0, 6.2831853f);
		*out = sw_poly2_segment(sw_v2(-size * cosf(a), -size * sinf(a)), sw_v2(size * cosf(a), size * sinf(a)));
		return;
	}
	for (;;) {
		sw_vec2 pts[8];
		int n = 3 + (int)sc_below(r, 6);
		for (int i = 0; i < n; i++) {
			float a = sc_uniform(r, 0, 6.2831853f), d = size * sc_uniform(r, 0.3f, 1.0f);
			pts[i] = sw_v2(d * cosf(a), d * sinf(a));
		}
		if (sw_poly2_build(pts, (size_t)n, out) == SW_OK)
			return;
	}
}

static sw_pose2 random_xf(sc_rng *r, const pop *p)
{
	return sw_pose2_make(
		sw_v2(p->offset + sc_uniform(r, -p->world, p->world), -p->offset + sc_uniform(r, -p->world, p->world)),
		sc_uniform(r, 0, 6.2831853f));
}

static void run(const char *name, uint64_t seed, const pop *p)
{
	sc_rng r = sc_rng_seed(seed);
	int band = 0, hits = 0;
	for (int i = 0; i < PAIRS; i++) {
		sw_poly2 a, b;
		random_poly(&r, p, &a);
		random_poly(&r, p, &b);
		sw_pose2 xa = random_xf(&r, p), xb = random_xf(&r, p);
		sw_vec2 da = sw_v2(sc_uniform(&r, -p->motion, p->motion), sc_uniform(&r, -p->motion, p->motion));
		sw_vec2 db = sw_v2(sc_uniform(&r, -p->motion, p->motion), sc_uniform(&r, -p->motion, p->motion));
		sw_sweep_result o;
		cr_assert_eq(sw_poly2_sweep(&a, xa, da, &b, xb, db, &o), SW_OK);
		oracle_poly2_result exact, grown, shrunk;
		oracle_poly2_sweep(&a, xa, da, &b, xb, db, 0, &exact);
		/* a few ulps of the problem's size, plus a few of the coordinates' magnitude */
		double eps = 0x1p-18 * exact.scale + 0x1p-21 * fabs(p->offset);
		oracle_poly2_sweep(&a, xa, da, &b, xb, db, eps, &grown);
		oracle_poly2_sweep(&a, xa, da, &b, xb, db, -eps, &shrunk);
		if (grown.status != shrunk.status) {
			band++;
			continue;
		}
		int ok = o.status == exact.status;
		if (ok && o.status != SW_MISS) {
			hits++;
			ok = o.t_first >= grown.t_first - 1e-6 && o.t_first <= shrunk.t_first + 1e-6 &&
			     o.t_last >= shrunk.t_last - 1e-6 && o.t_last <= grown.t_last + 1e-6 &&
			     fabsf(sw_v3_len(o.normal) - 1) < 1e-5f && o.normal.z == 0;
			if (ok && o.status == SW_HIT)
				ok = fabs(oracle_poly2_gap_along(&a, xa, da, &b, xb, db, o.t_first,
								 sw_v2(o.normal.x, o.normal.y))) <=
				     2 * eps + 1e-6 * exact.scale;
		}
		if (!ok) {
			cr_log_error("%s case %d (seed %llu): library %s t [%.9g, %.9g] n (%.6g, %.6g); oracle %s t "
				     "[%.9g, %.9g] "
				     "(grown [%.9g, %.9g], shrunk [%.9g, %.9g])",
				     name, i, (unsigned long long)seed, sw_status_name(o.status), o.t_first, o.t_last,
				     o.normal.x, o.normal.y, sw_status_name(exact.status), exact.t_first, exact.t_last,
				     grown.t_first, grown.t_last, shrunk.t_first, shrunk.t_last);
			cr_log_error("  A: %u verts at (%a, %a) q (%a, %a) d (%a, %a); B: %u verts at (%a, %a) q (%a, "
				     "%a) d (%a, %a)",
				     a.count, xa.p.x, xa.p.y, xa.q.c, xa.q.s, da.x, da.y, b.count, xb.p.x, xb.p.y,
				     xb.q.c, xb.q.s, db.x, db.y);
			cr_assert_fail("%s: mismatch at case %d", name, i);
		}
	}
	cr_log_info("%s: %d pairs, %d hit or overlapping, %d in the touching band", name, PAIRS, hits, band);
	cr_expect_leq(band, PAIRS / 100, "%s: touching band holds %d pairs", name, band);
	cr_expect_geq(hits, PAIRS / 10, "%s: too few contacts to test anything", name);
}

Test(poly2_brute, random_polygons)
{
	pop p = {3, 0.25f, 1.5f, 4, 0, 0, 0};
	run("random_polygons", 1, &p);
}

Test(poly2_brute, polygons_and_segments)
{
	pop p = {3, 0.25f, 1.5f, 4, 0, 1, 0};
	run("polygons_and_segments", 2, &p);
}

Test(poly2_brute, boxes)
{
	pop p = {3, 0.25f, 1.5f, 4, 0, 0, 1};
	run("boxes", 3, &p);
}

Test(poly2_brute, offset_1e4)
{
	pop p = {3, 0.25f, 1.5f, 4, 1e4f, 0, 0};
	run("offset_1e4", 4, &p);
}

Test(poly2_brute, tiny)
{
	pop p = {3e-3f, 2.5e-4f, 1.5e-3f, 4e-3f, 0, 1, 0};
	run("tiny", 5, &p);
}

Test(poly2_brute, fast_motion)
{
	pop p = {3, 0.25f, 1.5f, 400, 0, 1, 0};
	run("fast_motion", 6, &p);
}
