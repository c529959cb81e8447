/* src/pipeline.c — the batched pipeline: validate the whole call, split the pairs into chunks, let the
 * query's ordering stage group each chunk's pairs, and run the active kernel on it; chunks go to
 * OpenMP threads when built with it. Per-pair problems are the kernels' business (SW_PAIR_INVALID);
 * only a malformed call is refused here, before anything is written. */
#include "pipeline.h"

#include <stdint.h>
#include <string.h>

#include "alloc.h"
#include "swept/poly2.h"
#if SW_HAVE_OPENMP
#include <omp.h>
#endif

#define SW_Q_DESC(t, name, a, b, opts, answer, order) \
	[SW_Q_##name] = {#name, SW_SRC_##a, SW_SRC_##b, SW_OPTS_##opts, SW_ANS_##answer, SW_ORDER_##order},
const sw_query_desc sw_query_descs[SW_Q_COUNT] = {SW_QUERIES(SW_Q_DESC, _)};
#undef SW_Q_DESC

/* most threads one call starts */
#define MAX_THREADS 256

/* ---- validation ---- */

/* a set's count and capacity: kernels read slot 0 for out-of-range indices and whole lanes past count */
static sw_error check_counts(size_t count, size_t capacity)
{
	return capacity < SW_SET_PAD || count > capacity || count > SW_MAX_BATCH ? SW_ERR_ARG : SW_OK;
}

static sw_error check_obb3(const sw_obb3_set *s)
{
	if (!s->cx || !s->cy || !s->cz || !s->qx || !s->qy || !s->qz || !s->qw || !s->hx || !s->hy || !s->hz ||
	    !s->dx || !s->dy || !s->dz)
		return SW_ERR_NULL;
	return check_counts(s->count, s->capacity);
}

static sw_error check_tri3(const sw_tri3_set *s)
{
	if (!s->ax || !s->ay || !s->az || !s->bx || !s->by || !s->bz || !s->cx || !s->cy || !s->cz || !s->dx ||
	    !s->dy || !s->dz)
		return SW_ERR_NULL;
	return check_counts(s->count, s->capacity);
}

static sw_error check_poly2(const sw_poly2_set *s)
{
	if (!s->px || !s->py || !s->qc || !s->qs || !s->dx || !s->dy || !s->vx || !s->vy || !s->n || !s->ok)
		return SW_ERR_NULL;
	return check_counts(s->count, s->capacity);
}

static sw_error check_hull3(const sw_hull3_set *s)
{
	if (!s->shape || !s->px || !s->py || !s->pz || !s->qx || !s->qy || !s->qz || !s->qw || !s->dx || !s->dy ||
	    !s->dz || (s->num_shapes && !s->shapes))
		return SW_ERR_NULL;
	return s->count > s->capacity || s->num_shapes > s->shape_capacity ? SW_ERR_ARG : SW_OK;
}

/* packed blocks are 64-byte aligned types: a block elsewhere (malloc's 16) is refused on every tier
 * alike, instead of loading fine on some and faulting on others */
static sw_error check_blocks(const void *blocks) { return (uintptr_t)blocks % 64 ? SW_ERR_ALIGN : SW_OK; }

static sw_error check_src(sw_src kind, const void *p)
{
	if (kind == SW_SRC_NONE)
		return SW_OK;
	if (!p)
		return SW_ERR_NULL;
	switch (kind) {
	case SW_SRC_OBB3: return check_obb3(p);
	case SW_SRC_TRI3: return check_tri3(p);
	case SW_SRC_POLY2: return check_poly2(p);
	case SW_SRC_HULL3: return check_hull3(p);
	default: return check_blocks(p);
	}
}

/* every column of a results struct of k pointers */
static sw_error check_cols(const void *out, size_t k)
{
	void *const *col = out;
	for (size_t i = 0; i < k; i++)
		if (!col[i])
			return SW_ERR_NULL;
	return SW_OK;
}

static sw_error check_out(sw_answer kind, const void *out)
{
	if (!out)
		return SW_ERR_NULL;
	switch (kind) {
	case SW_ANS_SWEEP3: return check_cols(out, sizeof(sw_sweep_results) / sizeof(void *));
	case SW_ANS_OVERLAP_FIRST: return check_cols(out, sizeof(sw_overlap_results) / sizeof(void *));
	case SW_ANS_OVERLAP3: return check_cols(out, sizeof(sw_overlap3_results) / sizeof(void *));
	case SW_ANS_SWEEP2: return check_cols(out, sizeof(sw_sweep2_results) / sizeof(void *));
	case SW_ANS_OVERLAP2: return check_cols(out, sizeof(sw_overlap2_results) / sizeof(void *));
	case SW_ANS_HULL_SWEEP: return check_cols(out, sizeof(sw_hull_sweep_results) / sizeof(void *));
	case SW_ANS_HULL_OVERLAP: return check_cols(out, sizeof(sw_hull_overlap_results) / sizeof(void *));
	}
	return SW_ERR_ARG;
}

/* ---- running ---- */

size_t sw_chunk_size(const sw_batch_opts *opts)
{
	size_t c = opts && opts->chunk ? opts->chunk : SW_CHUNK_DEFAULT;
	return (c + SW_BLOCK - 1) / SW_BLOCK * SW_BLOCK;
}

/* one chunk: the ordering stage over runs of at most SW_ORDER_RUN pairs (its order array lives on the
 * stack: 4 KB), then the kernel */
static void run_chunk(sw_kernel_fn *fn, sw_order_fn *order, const sw_job *proto, size_t off, size_t cnt, void *scratch)
{
	sw_job job = *proto;
	job.scratch = scratch;
	if (!order) {
		job.off = off, job.n = cnt;
		fn(&job);
		return;
	}
	uint32_t ord[SW_ORDER_RUN];
	for (size_t g = 0; g < cnt; g += SW_ORDER_RUN) {
		job.off = off + g;
		job.n = cnt - g < SW_ORDER_RUN ? cnt - g : SW_ORDER_RUN;
		job.order = NULL;
		order(&job, ord);
		job.order = ord;
		fn(&job);
	}
}

/* how many threads the call runs on: clamped, never trusted (libgomp allocates per requested thread
 * and exits the process when that fails) */
static size_t thread_count(const sw_batch_opts *opts, size_t chunks)
{
#if SW_HAVE_OPENMP
	size_t want = opts && opts->threads ? opts->threads : (size_t)omp_get_num_procs();
	want = want < chunks ? want : chunks;
	return want < MAX_THREADS ? want : MAX_THREADS;
#else
	(void)opts, (void)chunks;
	return 1;
#endif
}

sw_error sw_run(sw_query q, const void *a, const void *b, const sw_pair *pairs, size_t n, const void *qopts,
		const sw_batch_opts *opts, const void *out)
{
	static const sw_sweep_opts sweep_defaults = {0};
	const sw_query_desc *d = &sw_query_descs[q];
	int packed = d->b == SW_SRC_NONE;
	if (n > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	sw_error e = check_out(d->answer, out);
	e = e == SW_OK ? check_src(d->a, a) : e;
	e = e == SW_OK ? check_src(d->b, b) : e;
	if (e == SW_OK && !packed && n && !pairs)
		e = SW_ERR_NULL;
	if (e != SW_OK || n == 0)
		return e;
	if (d->opts == SW_OPTS_SWEEP && !qopts)
		qopts = &sweep_defaults;

	size_t chunk = sw_chunk_size(opts), chunks = (n + chunk - 1) / chunk, threads = thread_count(opts, chunks);
	size_t bytes = d->a == SW_SRC_HULL3 ? threads * SW_SCRATCH : 0;
	unsigned char *scratch = bytes ? sw_alloc(bytes, 64) : NULL;
	if (bytes && !scratch)
		return SW_ERR_NOMEM;
	sw_kernel_fn *fn = sw_kernels_get()->fn[q];
	sw_job proto = {a, b, pairs, NULL, qopts, out, NULL, 0, 0};
	int keep = opts && opts->keep_order;
	sw_order_fn *order = keep ? NULL : d->order;
#if SW_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads((int)threads) if (threads > 1)
#endif
	for (size_t c = 0; c < chunks; c++) {
#if SW_HAVE_OPENMP
		size_t tid = (size_t)omp_get_thread_num();
#else
		size_t tid = 0;
#endif
		size_t off = c * chunk;
		run_chunk(fn, order, &proto, off, n - off < chunk ? n - off : chunk,
			  scratch ? scratch + tid * SW_SCRATCH : NULL);
	}
	sw_free(scratch, bytes);
	return SW_OK;
}
