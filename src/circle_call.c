/* src/circle_call.c — see circle_call.h. */
#include "circle_call.h"

#include "pipeline.h"
#include "ref/circle_ref.h"

circle_call circle_call_of(int dim, const void *movers, const void *geo)
{
	circle_call c = {dim == 2 ? SW_Q_circle2_seg2_sweep : SW_Q_circle3_tri3_sweep, dim, movers, geo, 0};
	c.n_movers = dim == 2 ? sw_circle2_set_count(movers) : sw_circle3_set_count(movers);
	return c;
}

int circle_mover(const circle_call *c, size_t i, float centre[3], float *r, float disp[3])
{
	if (c->dim == 2) {
		const sw_circle2_set *s = c->movers;
		centre[0] = s->cx[i], centre[1] = s->cy[i], centre[2] = 0.0f;
		disp[0] = s->dx[i], disp[1] = s->dy[i], disp[2] = 0.0f;
		*r = s->r[i];
	} else {
		const sw_circle3_set *s = c->movers;
		centre[0] = s->cx[i], centre[1] = s->cy[i], centre[2] = s->cz[i];
		disp[0] = s->dx[i], disp[1] = s->dy[i], disp[2] = s->dz[i];
		*r = s->r[i];
	}
	int ok = sw_circle_radius_ok(*r);
	for (int a = 0; a < 3; a++)
		ok &= sw_ref_coord_ok(centre[a]) & sw_ref_coord_ok(disp[a]);
	return ok;
}

sw_error circle_window_sweep(const circle_call *c, const void *movers, const sw_pair *pairs, circle_window *w, size_t n,
			     const sw_circle_opts *opts, const sw_batch_opts *run)
{
	float *f[11];
	for (int k = 0; k < 11; k++)
		f[k] = c->dim == 2 && (sw_answer_zmask(SW_ANS_CAST) >> k & 1) ? NULL : w->f[k];
	const sw_cast_results out = {w->status, w->feature, f[0], f[1], f[2], f[3], f[4],
				     f[5],      f[6],       f[7], f[8], f[9], f[10]};
	return sw_run(c->q, movers, c->geo, pairs, n, opts, run, &out);
}

void circle_window_init(const circle_call *c, circle_window *w)
{
	for (int k = 0; k < 11; k++)
		if (c->dim == 2 && (sw_answer_zmask(SW_ANS_CAST) >> k & 1))
			memset(w->f[k], 0, sizeof w->f[k]);
}

sw_cast_result circle_window_row(const circle_window *w, size_t l)
{
	float z[3];
	for (int a = 0; a < 3; a++)
		z[a] = w->f[4 + 3 * a][l];
	sw_cast_result r = {(sw_status)w->status[l],
			    w->feature[l],
			    w->f[0][l],
			    w->f[1][l],
			    {w->f[2][l], w->f[3][l], z[0]},
			    {w->f[5][l], w->f[6][l], z[1]},
			    {w->f[8][l], w->f[9][l], z[2]}};
	return r;
}

void circle_put(const circle_call *c, const sw_cast_results *out, size_t k, const sw_cast_result *r)
{
	sw_cast_results o = *out;
	if (c->dim == 2)
		o.pz = o.nz = o.sz = NULL;
	sw_cast_put(&o, k, r);
}
