/* src/pipeline.c — the batched pipeline: validate the whole call, split the pairs into chunks, let the
 * query's ordering stage group each chunk's pairs, and run the kernel of the call's tier on it; chunks
 * go to the caller's scheduler when the call brings one, else to OpenMP threads when built with it. Per-pair problems
 * are the kernels' business (SW_PAIR_INVALID); only a malformed call is refused here, before anything is written. */
#include "pipeline.h"

#include <stdint.h>
#include <string.h>

#include "alloc.h"
#if SW_HAVE_OPENMP
#include <omp.h>
#endif

#define SW_Q_DESC(t, name, a, b, opts, answer, order, pub)                               \
	[SW_Q_##name] = {#name,           SW_SRC_##a,       SW_SRC_##b,  SW_OPTS_##opts, \
			 SW_ANS_##answer, SW_ORDER_##order, SW_PUB_##pub},
const sw_query_desc sw_query_descs[SW_Q_COUNT] = {SW_QUERIES(SW_Q_DESC, _)};
#undef SW_Q_DESC

/* most threads one call starts */
#define MAX_THREADS 256

/* ---- validation ---- */

/* packed blocks are 64-byte aligned types: a block elsewhere (malloc's 16) is refused on every tier
 * alike, instead of loading fine on some and faulting on others */
static sw_error check_blocks(const void *blocks) { return (uintptr_t)blocks % 64 ? SW_ERR_ALIGN : SW_OK; }

static sw_error check_src(sw_src kind, const void *p)
{
	if (kind == SW_SRC_NONE)
		return SW_OK;
	if (!p)
		return SW_ERR_NULL;
	/* sets are opaque: their counts are the library's own; blocks are the caller's */
	return sw_src_block_size(kind) ? check_blocks(p) : SW_OK;
}

/* the status column is required; every other column is optional */
static sw_error check_out(sw_answer kind, const void *out)
{
	return out && sw_columns_of(kind, out).status ? SW_OK : SW_ERR_NULL;
}

size_t sw_src_block_size(sw_src s)
{
	switch (s) {
	case SW_SRC_OBB3_BLOCK: return sizeof(sw_obb3_block);
	case SW_SRC_OBB3_TRI3_BLOCK: return sizeof(sw_obb3_tri3_block);
	case SW_SRC_POLY2_BLOCK: return sizeof(sw_poly2_block);
	case SW_SRC_CIRCLE_BLOCK: return sizeof(sw_circle2_seg2_block);
	default: return 0;
	}
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

/* an overlap query's first-separating-axis twin (the row named <name>_test), or q itself */
static sw_query twin_of(sw_query q)
{
	static _Atomic int ready;
	static sw_query twin[SW_Q_COUNT];
	if (!ready) {
		for (int i = 0; i < SW_Q_COUNT; i++) {
			twin[i] = (sw_query)i;
			size_t len = strlen(sw_query_descs[i].name);
			for (int k = 0; k < SW_Q_COUNT; k++)
				if (strncmp(sw_query_descs[k].name, sw_query_descs[i].name, len) == 0 &&
				    strcmp(sw_query_descs[k].name + len, "_test") == 0)
					twin[i] = (sw_query)k;
		}
		ready = 1; /* every thread computes the same table: a race writes equal values */
	}
	return twin[q];
}

sw_error sw_call_kernels(const sw_batch_opts *opts, const sw_kernels **out)
{
	const sw_kernels *k = sw_kernels_get();
	if (opts && opts->isa) {
		unsigned cap = opts->isa - 1u;
		if (cap >= SW_ISA_COUNT || !sw_isa_native_((sw_isa)cap))
			return SW_ERR_UNSUPPORTED;
		if (sw_isa_rank_((sw_isa)cap) < sw_isa_rank_(k->isa))
			k = sw_kernels_capped((sw_isa)cap);
	}
	*out = k;
	return SW_OK;
}

/* the scheduler options: both callbacks or neither, and workers to run on */
sw_error sw_check_sched(const sw_batch_opts *opts)
{
	if (!opts || (!opts->enqueue && !opts->finish))
		return SW_OK;
	if (!opts->enqueue || !opts->finish)
		return SW_ERR_NULL;
	return opts->threads ? SW_OK : SW_ERR_ARG;
}

/* a call's chunks as one task of the caller's scheduler */
typedef struct task_ctx {
	sw_kernel_fn *fn;
	sw_order_fn *order;
	const sw_job *proto;
	size_t chunk, n, chunks;
	unsigned char *scratch; /* SW_SCRATCH bytes per worker, or NULL */
	uint32_t workers;
	_Atomic int bad_worker;
} task_ctx;

static void run_task(uint32_t start, uint32_t end, uint32_t worker, void *vctx)
{
	task_ctx *t = vctx;
	if (worker >= t->workers) {
		t->bad_worker = 1; /* another worker's scratch may be in use: answer nothing */
		return;
	}
	for (size_t c = start; c < end && c < t->chunks; c++) {
		size_t off = c * t->chunk;
		run_chunk(t->fn, t->order, t->proto, off, t->n - off < t->chunk ? t->n - off : t->chunk,
			  t->scratch ? t->scratch + (size_t)worker * SW_SCRATCH : NULL);
	}
}

/* ---- variable-length answers (src/job.h, "variable-length answers") ---- */

/* the wanted sides' first[] of a pieces answer turned from counts into prefix offsets; 0 when a
 * side's total does not fit its room (or an offset), its need then in *total */
static int pieces_prefix(const sw_pieces_results *o, size_t n)
{
	int fits = 1;
	for (int s = 0; s < 2; s++) {
		const sw_piece_side *sd = &o->side[s];
		if (!sd->first)
			continue;
		size_t sum = 0;
		sd->first[0] = 0;
		for (size_t i = 0; i < n; i++) {
			sum += sd->first[i + 1];
			sd->first[i + 1] = (uint32_t)sum; /* wraps only when sum > UINT32_MAX: refused below */
		}
		*sd->total = sum;
		fits = fits && sum <= sd->capacity && sum <= UINT32_MAX;
	}
	return fits;
}

/* the chunks of one pass, on `threads` threads (1: in item order) or on the caller's scheduler */
static sw_error run_pass(sw_kernel_fn *fn, const sw_job *proto, size_t n, size_t chunk, size_t threads,
			 const sw_batch_opts *opts)
{
	size_t chunks = (n + chunk - 1) / chunk;
	if (opts && opts->enqueue && chunks > 1) {
		task_ctx t = {fn, NULL, proto, chunk, n, chunks, NULL, (uint32_t)threads, 0};
		void *h = opts->enqueue(run_task, (uint32_t)chunks, 1, &t, opts->user);
		if (h)
			opts->finish(h, opts->user);
		return t.bad_worker ? SW_ERR_ARG : SW_OK;
	}
#if SW_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads((int)threads) if (threads > 1)
#endif
	for (size_t c = 0; c < chunks; c++) {
		size_t off = c * chunk;
		run_chunk(fn, NULL, proto, off, n - off < chunk ? n - off : chunk, NULL);
	}
	(void)threads;
	return SW_OK;
}

/* one pass in item order when one thread runs and every wanted side has room for the worst case, else
 * counting, prefix offsets (SW_ERR_SIZE when they do not fit: only `first` and the totals written),
 * then writing at the offsets */
static sw_error run_pieces(sw_kernel_fn *fn, sw_job proto, size_t n, const sw_batch_opts *opts)
{
	sw_pieces_results o = *(const sw_pieces_results *)proto.out;
	size_t chunk = sw_chunk_size(opts), chunks = (n + chunk - 1) / chunk;
	size_t threads = opts && opts->enqueue ? (opts->threads < MAX_THREADS ? opts->threads : MAX_THREADS)
					       : thread_count(opts, chunks);
	int roomy = o.worst <= UINT32_MAX;
	for (int s = 0; s < 2; s++)
		roomy = roomy && (!o.side[s].first || o.worst <= o.side[s].capacity);
	proto.out = &o;
	if (roomy && (threads == 1 || chunks == 1)) {
		o.pass = SW_PASS_SEQ;
		for (int s = 0; s < 2; s++)
			if (o.side[s].first)
				o.side[s].first[0] = 0;
		run_pass(fn, &proto, n, chunk, 1, NULL);
		for (int s = 0; s < 2; s++)
			if (o.side[s].first)
				*o.side[s].total = o.side[s].first[n];
		return SW_OK;
	}
	o.pass = SW_PASS_COUNT;
	sw_error e = run_pass(fn, &proto, n, chunk, threads, opts);
	if (e != SW_OK)
		return e;
	if (!pieces_prefix(&o, n))
		return SW_ERR_SIZE;
	o.pass = SW_PASS_AT;
	return run_pass(fn, &proto, n, chunk, threads, opts);
}

sw_error sw_run(sw_query q, const void *a, const void *b, const sw_pair *pairs, size_t n, const void *qopts,
		const sw_batch_opts *opts, const void *out)
{
	static const sw_sweep_opts sweep_defaults = {0};
	static const sw_gjk_opts gjk_defaults = {0, 0};
	static const sw_circle_opts circle_defaults = {0, 0.0f, 4};
	static const sw_split_opts split_defaults = {0};
	if (sw_query_descs[q].answer == SW_ANS_OVERLAP && out && !sw_overlap_full(out))
		q = twin_of(q);
	const sw_query_desc *d = &sw_query_descs[q];
	int packed = d->b == SW_SRC_NONE;
	if (n > SW_MAX_BATCH)
		return SW_ERR_SIZE;
	const sw_kernels *kt = NULL;
	sw_error e = check_out(d->answer, out);
	e = e == SW_OK ? check_src(d->a, a) : e;
	e = e == SW_OK ? check_src(d->b, b) : e;
	if (e == SW_OK && !packed && n && !pairs)
		e = SW_ERR_NULL;
	e = e == SW_OK ? sw_check_sched(opts) : e;
	e = e == SW_OK ? sw_call_kernels(opts, &kt) : e;
	if (e == SW_OK && d->opts == SW_OPTS_GJK && qopts && !sw_gjk_opts_valid(qopts))
		e = SW_ERR_ARG;
	if (e != SW_OK || n == 0)
		return e;
	if (d->opts == SW_OPTS_SWEEP && !qopts)
		qopts = &sweep_defaults;
	if (d->opts == SW_OPTS_GJK && !qopts)
		qopts = &gjk_defaults;
	if (d->opts == SW_OPTS_CIRCLE && !qopts)
		qopts = &circle_defaults;
	if (d->opts == SW_OPTS_SPLIT && !qopts)
		qopts = &split_defaults;
	if (d->answer == SW_ANS_PIECES) {
		sw_job proto = {a, b, pairs, NULL, qopts, out, NULL, 0, 0};
		return run_pieces(kt->fn[q], proto, n, opts);
	}

	int sched = opts && opts->enqueue;
	size_t chunk = sw_chunk_size(opts), chunks = (n + chunk - 1) / chunk;
	size_t threads =
		sched ? (opts->threads < MAX_THREADS ? opts->threads : MAX_THREADS) : thread_count(opts, chunks);
	size_t bytes = sw_query_scratch(d->a, d->opts) ? threads * SW_SCRATCH : 0;
	unsigned char *scratch = bytes ? sw_alloc(bytes, 64) : NULL;
	if (bytes && !scratch)
		return SW_ERR_NOMEM;
	sw_kernel_fn *fn = kt->fn[q];
	sw_job proto = {a, b, pairs, NULL, qopts, out, NULL, 0, 0};
	sw_order_fn *order = d->order;
	if (sched) {
		/* one chunk runs here; more go to the scheduler */
		task_ctx t = {fn, order, &proto, chunk, n, chunks, scratch, (uint32_t)threads, 0};
		void *h = chunks == 1 ? (run_task(0, 1, 0, &t), NULL)
				      : opts->enqueue(run_task, (uint32_t)chunks, 1, &t, opts->user);
		if (h)
			opts->finish(h, opts->user);
		sw_free(scratch, bytes);
		return t.bad_worker ? SW_ERR_ARG : SW_OK;
	}
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
