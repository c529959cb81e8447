/* src/circle_batch.c — the batched swept circle and sphere queries: the reference rows of the kernel
 * table, which answer pair by pair with the scalar reference (src/ref/circle2.c, circle3.c) on the
 * relative motion v − d. The public functions are defined from the query list (src/entries.c); the
 * earliest hit and collide-and-slide built on them are in src/circle_slide.c. */
#include "job.h"
#include "ref/circle_ref.h"

/* mover i of a set and its displacement; 0 when the index is out of range */
static int circle2_at(const sw_circle2_set *s, uint32_t i, sw_vec2 *c, float *r, sw_vec2 *v)
{
	if (i >= s->t.count)
		return 0;
	*c = sw_v2(s->cx[i], s->cy[i]), *r = s->r[i], *v = sw_v2(s->dx[i], s->dy[i]);
	return 1;
}

static int seg2_at(const sw_seg2_set *s, uint32_t i, sw_seg2 *g, sw_vec2 *d)
{
	if (i >= s->t.count)
		return 0;
	*g = s->seg[i], *d = sw_v2(s->dx[i], s->dy[i]);
	return 1;
}

static int circle3_at(const sw_circle3_set *s, uint32_t i, sw_vec3 *c, float *r, sw_vec3 *v)
{
	if (i >= s->t.count)
		return 0;
	*c = sw_v3(s->cx[i], s->cy[i], s->cz[i]), *r = s->r[i], *v = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

static int tri3_at(const sw_tri3_set *s, uint32_t i, sw_tri3 *t, sw_vec3 *d)
{
	if (i >= s->t.count)
		return 0;
	*t = (sw_tri3){{s->ax[i], s->ay[i], s->az[i]}, {s->bx[i], s->by[i], s->bz[i]}, {s->cx[i], s->cy[i], s->cz[i]}};
	*d = sw_v3(s->dx[i], s->dy[i], s->dz[i]);
	return 1;
}

void sw_circle2_seg2_sweep_ref(const sw_job *j)
{
	uint32_t one_sided = ((const sw_circle_opts *)j->opts)->one_sided;
	/* a 2D query leaves the z columns alone */
	sw_cast_results out = *(const sw_cast_results *)j->out;
	out.pz = out.nz = out.sz = NULL;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_vec2 c, v, d;
		float r;
		sw_seg2 g;
		sw_cast_result o;
		sw_circle3_invalid(&o);
		if (circle2_at(j->a, j->pairs[k].a, &c, &r, &v) && seg2_at(j->b, j->pairs[k].b, &g, &d) &&
		    sw_circle_v2_ok(v) && sw_circle_v2_ok(d))
			sw_circle2_seg2_ref(c, r, sw_v2_sub(v, d), &g, one_sided, &o);
		sw_cast_put(&out, k, &o);
	}
}

/* lane l of a packed block back as the single-pair function's arguments */
static void seg_block_read(const sw_circle2_seg2_block *blk, unsigned l, sw_vec2 *c, float *r, sw_vec2 *v, sw_seg2 *s)
{
	*c = sw_v2(blk->c[0][l], blk->c[1][l]), *r = blk->r[l], *v = sw_v2(blk->v[0][l], blk->v[1][l]);
	*s = (sw_seg2){{blk->p[0][l], blk->p[1][l]}, {blk->q[0][l], blk->q[1][l]}};
}

void sw_circle2_seg2_sweep_packed_ref(const sw_job *j)
{
	uint32_t one_sided = ((const sw_circle_opts *)j->opts)->one_sided;
	const sw_circle2_seg2_block *blocks = j->a;
	sw_cast_results out = *(const sw_cast_results *)j->out;
	out.pz = out.nz = out.sz = NULL;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_vec2 c, v;
		float r;
		sw_seg2 s;
		sw_cast_result o;
		seg_block_read(&blocks[k / SW_BLOCK], (unsigned)(k % SW_BLOCK), &c, &r, &v, &s);
		sw_circle2_seg2_ref(c, r, v, &s, one_sided, &o);
		sw_cast_put(&out, k, &o);
	}
}

void sw_circle2_seg2_block_put(sw_circle2_seg2_block *blk, unsigned lane, sw_vec2 c, float r, sw_vec2 v,
			       const sw_seg2 *s)
{
	if (!blk || !s || lane >= SW_BLOCK)
		return;
	blk->c[0][lane] = c.x, blk->c[1][lane] = c.y, blk->r[lane] = r;
	blk->v[0][lane] = v.x, blk->v[1][lane] = v.y;
	blk->p[0][lane] = s->p.x, blk->p[1][lane] = s->p.y, blk->q[0][lane] = s->q.x, blk->q[1][lane] = s->q.y;
}

void sw_circle2_seg2_block_fill(sw_circle2_seg2_block *blk, unsigned from)
{
	const sw_seg2 s = {{2, 0}, {3, 0}};
	for (unsigned l = from; l < SW_BLOCK; l++)
		sw_circle2_seg2_block_put(blk, l, sw_v2(0, 0), 0.5f, sw_v2(0, 0), &s);
}

void sw_circle3_tri3_sweep_ref(const sw_job *j)
{
	uint32_t one_sided = ((const sw_circle_opts *)j->opts)->one_sided;
	for (size_t k = j->off; k < j->off + j->n; k++) {
		sw_vec3 c, v, d;
		float r;
		sw_tri3 t;
		sw_cast_result o;
		sw_circle3_invalid(&o);
		if (circle3_at(j->a, j->pairs[k].a, &c, &r, &v) && tri3_at(j->b, j->pairs[k].b, &t, &d) &&
		    sw_ref_v3_ok(v) && sw_ref_v3_ok(d))
			sw_circle3_tri3_ref(c, r, sw_v3_sub(v, d), &t, one_sided, &o);
		sw_cast_put(j->out, k, &o);
	}
}
