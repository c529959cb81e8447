/* src/batch.c — the public batched entry points: validate the call, split the pairs into chunks,
 * run the active kernel on each chunk (on several threads when built with OpenMP) and let it write
 * straight into the caller's result arrays. Per-pair problems are the kernels' business (they
 * produce SW_PAIR_INVALID); only a malformed call is refused here, before anything is written. */
#include "kernels/kernels.h"
#include "ref/ref.h"
#include "sw_config.h"

#include <string.h>
#if SW_HAVE_OPENMP
#include <omp.h>
#endif

#define DEFAULT_CHUNK 512u

static sw_error check_set(const sw_obb3_set *s)
{
	if (!s || !s->cx || !s->cy || !s->cz || !s->qx || !s->qy || !s->qz || !s->qw || !s->hx || !s->hy || !s->hz ||
	    !s->dx || !s->dy || !s->dz)
		return SW_ERR_NULL;
	/* kernels read slot 0 for out-of-range indices and whole lanes past count */
	if (s->capacity < SW_SET_PAD || s->count > s->capacity || s->count > SW_MAX_BATCH)
		return SW_ERR_ARG;
	return SW_OK;
}

static sw_error check_sweep_out(const sw_sweep_results *o)
{
	if (!o || !o->status || !o->feature || !o->t_first || !o->t_last || !o->nx || !o->ny || !o->nz)
		return SW_ERR_NULL;
	return SW_OK;
}

static sw_error check_call(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n)
{
	if (n > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	if (n && !pairs)
		return SW_ERR_NULL;
	sw_error e = check_set(as);
	return e != SW_OK ? e : check_set(bs);
}

static sw_sweep_results sweep_at(const sw_sweep_results *o, size_t k)
{
	sw_sweep_results r = {o->status + k, o->feature + k, o->t_first + k, o->t_last + k,
			      o->nx + k,     o->ny + k,      o->nz + k};
	return r;
}

static size_t chunk_size(const sw_batch_opts *opts)
{
	size_t c = opts && opts->chunk ? opts->chunk : DEFAULT_CHUNK;
	return (c + SW_BLOCK - 1) / SW_BLOCK * SW_BLOCK;
}

/* runs fn on consecutive chunks of [0, n); chunks go to OpenMP threads when built with it */
typedef void (*chunk_fn)(const void *ctx, size_t off, size_t cnt);

static void run_chunks(size_t n, const sw_batch_opts *opts, chunk_fn fn, const void *ctx)
{
	size_t chunk = chunk_size(opts), chunks = (n + chunk - 1) / chunk;
#if SW_HAVE_OPENMP
	int threads = opts && opts->threads ? (int)opts->threads : omp_get_num_procs();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (chunks > 1)
#endif
	for (size_t c = 0; c < chunks; c++) {
		size_t off = c * chunk;
		fn(ctx, off, n - off < chunk ? n - off : chunk);
	}
}

/* what a chunk of an indexed call needs */
typedef struct idx_call {
	const sw_kernels *kt;
	const sw_obb3_set *as, *bs;
	const sw_pair *pairs;
	const void *out;
} idx_call;

static void sweep_chunk(const void *ctx, size_t off, size_t cnt)
{
	const idx_call *c = ctx;
	sw_sweep_results r = sweep_at(c->out, off);
	c->kt->obb3_sweep_idx(c->as, c->bs, c->pairs + off, cnt, &r);
}

static void overlap_chunk(const void *ctx, size_t off, size_t cnt)
{
	const idx_call *c = ctx;
	const sw_overlap_results *o = c->out;
	sw_overlap_results r = {o->status + off, o->feature + off};
	c->kt->obb3_overlap_idx(c->as, c->bs, c->pairs + off, cnt, &r);
}

sw_error sw_obb3_sweep_batch(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n,
			     const sw_batch_opts *opts, const sw_sweep_results *out)
{
	sw_error e = check_call(as, bs, pairs, n);
	if (e == SW_OK)
		e = check_sweep_out(out);
	if (e != SW_OK || n == 0)
		return e;
	idx_call c = {sw_kernels_get(), as, bs, pairs, out};
	run_chunks(n, opts, sweep_chunk, &c);
	return SW_OK;
}

sw_error sw_obb3_overlap_batch(const sw_obb3_set *as, const sw_obb3_set *bs, const sw_pair *pairs, size_t n,
			       const sw_batch_opts *opts, const sw_overlap_results *out)
{
	sw_error e = check_call(as, bs, pairs, n);
	if (e == SW_OK && (!out || !out->status || !out->feature))
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	idx_call c = {sw_kernels_get(), as, bs, pairs, out};
	run_chunks(n, opts, overlap_chunk, &c);
	return SW_OK;
}

sw_error sw_obb3_sweep_packed(const sw_obb3_block *blocks, size_t n, const sw_sweep_results *out)
{
	if (n > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	sw_error e = check_sweep_out(out);
	if (e == SW_OK && n && !blocks)
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	sw_kernels_get()->obb3_sweep_packed(blocks, n, out);
	return SW_OK;
}

void sw_obb3_block_put(sw_obb3_block *blk, unsigned lane, const sw_obb3 *a, sw_vec3 da, const sw_obb3 *b, sw_vec3 db)
{
	if (!blk || !a || !b || lane >= SW_BLOCK)
		return;
	const float *fa = &a->center.x, *fb = &b->center.x; /* centre, quaternion, half: 10 floats */
	for (int k = 0; k < 3; k++) {
		blk->ac[k][lane] = fa[k];
		blk->bc[k][lane] = fb[k];
		blk->ah[k][lane] = fa[7 + k];
		blk->bh[k][lane] = fb[7 + k];
	}
	for (int k = 0; k < 4; k++) {
		blk->aq[k][lane] = fa[3 + k];
		blk->bq[k][lane] = fb[3 + k];
	}
	sw_vec3 v = sw_v3_sub(db, da);
	blk->v[0][lane] = v.x;
	blk->v[1][lane] = v.y;
	blk->v[2][lane] = v.z;
}

void sw_obb3_block_fill(sw_obb3_block *blk, unsigned from)
{
	sw_obb3 unit = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
	sw_obb3 far = unit;
	far.center.x = 4.0f;
	for (unsigned l = from; blk && l < SW_BLOCK; l++)
		sw_obb3_block_put(blk, l, &unit, sw_v3(0, 0, 0), &far, sw_v3(0, 0, 0));
}
