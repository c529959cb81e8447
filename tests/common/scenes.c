/* tests/common/scenes.c — seeded scene generators (see scenes.h). */
#include "scenes.h"

#include <math.h>

sc_rng sc_rng_seed(uint64_t seed)
{
	/* splitmix64 spreads small consecutive seeds over the whole state */
	uint64_t z = seed + 0x9E3779B97F4A7C15ull;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	sc_rng r = {(z ^ (z >> 31)) | 1};
	return r;
}

uint64_t sc_next(sc_rng *r)
{
	uint64_t x = r->s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	r->s = x;
	return x * 0x2545F4914F6CDD1Dull;
}

float sc_uniform(sc_rng *r, float lo, float hi)
{
	float u = (float)(sc_next(r) >> 40) * (1.0f / 16777216.0f);
	return lo + (hi - lo) * u;
}

uint32_t sc_below(sc_rng *r, uint32_t n) { return (uint32_t)(((sc_next(r) >> 32) * (uint64_t)n) >> 32); }

sw_quat sc_rotation(sc_rng *r)
{
	/* Shoemake's uniform random unit quaternion */
	float u1 = sc_uniform(r, 0, 1), u2 = sc_uniform(r, 0, 6.2831853f), u3 = sc_uniform(r, 0, 6.2831853f);
	float a = sqrtf(1 - u1), b = sqrtf(u1);
	sw_quat q = {a * sinf(u2), a * cosf(u2), b * sinf(u3), b * cosf(u3)};
	return sw_quat_normalize(q);
}

sc_obb3_params sc_obb3_defaults(void)
{
	sc_obb3_params p = {4.0f, {0, 0, 0}, 0.25f, 1.5f, 4.0f, 0};
	return p;
}

void sc_obb3(sc_rng *r, const sc_obb3_params *p, sw_obb3 *box, sw_vec3 *disp)
{
	box->center = sw_v3(p->offset.x + sc_uniform(r, -p->world, p->world),
			    p->offset.y + sc_uniform(r, -p->world, p->world),
			    p->offset.z + sc_uniform(r, -p->world, p->world));
	box->rot = p->axis_aligned ? (sw_quat){0, 0, 0, 1} : sc_rotation(r);
	box->half = sw_v3(sc_uniform(r, p->half_lo, p->half_hi), sc_uniform(r, p->half_lo, p->half_hi),
			  sc_uniform(r, p->half_lo, p->half_hi));
	*disp = sw_v3(sc_uniform(r, -p->motion, p->motion), sc_uniform(r, -p->motion, p->motion),
		      sc_uniform(r, -p->motion, p->motion));
}

sw_error sc_obb3_set_fill(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		sw_obb3 box;
		sw_vec3 d;
		sc_obb3(r, p, &box, &d);
		sw_error e = sw_obb3_set_add(set, &box, d, NULL);
		if (e != SW_OK)
			return e;
	}
	return SW_OK;
}

void sc_pairs(sc_rng *r, sw_pair *pairs, size_t n, uint32_t na, uint32_t nb)
{
	for (size_t i = 0; i < n; i++) {
		pairs[i].a = sc_below(r, na);
		pairs[i].b = sc_below(r, nb);
	}
}

sw_error sc_obb3_close_pairs(sc_rng *r, const sc_obb3_params *p, sw_obb3_set *set, sw_pair *pairs, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		sw_obb3 a, b;
		sw_vec3 da, db;
		sc_obb3(r, p, &a, &da);
		sc_obb3(r, p, &b, &db);
		/* put B near A: a gap of up to two box sizes in a random direction */
		float s = 2.0f * p->half_hi;
		b.center = sw_v3(a.center.x + sc_uniform(r, -2 * s, 2 * s), a.center.y + sc_uniform(r, -2 * s, 2 * s),
				 a.center.z + sc_uniform(r, -2 * s, 2 * s));
		/* relative motion that points roughly towards A half of the time */
		if (sc_next(r) & 1) {
			sw_vec3 to_a = sw_v3_sub(a.center, b.center);
			db = sw_v3_add(da, sw_v3_scale(to_a, sc_uniform(r, 0.5f, 3.0f)));
		}
		uint32_t ia, ib;
		sw_error e = sw_obb3_set_add(set, &a, da, &ia);
		if (e == SW_OK)
			e = sw_obb3_set_add(set, &b, db, &ib);
		if (e != SW_OK)
			return e;
		pairs[k].a = ia;
		pairs[k].b = ib;
	}
	return SW_OK;
}

sw_vec3 sc_obb3_feature_axis(const sw_obb3 *a, const sw_obb3 *b, uint8_t id)
{
	sw_axis_info f = sw_axis_decode(id);
	sw_mat3 ra = sw_obb3_axes(a), rb = sw_obb3_axes(b);
	if (f.kind == SW_AXIS_KIND_FACE_A)
		return ra.col[f.edge_a];
	if (f.kind == SW_AXIS_KIND_FACE_B)
		return rb.col[f.edge_b];
	sw_vec3 c = sw_v3_cross(ra.col[f.edge_a], rb.col[f.edge_b]);
	return sw_v3_scale(c, 1.0f / sw_v3_len(c));
}
