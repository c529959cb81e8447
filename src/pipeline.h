/* src/pipeline.h — the one batched pipeline every public batched entry point runs:
 * validate → chunk → (order) → kernel, chunks on threads. */
#ifndef SWEPT_PIPELINE_H
#define SWEPT_PIPELINE_H

#include "job.h"

/// Pairs per chunk when sw_batch_opts.chunk is 0, and the most pairs one ordering stage sorts at once.
#define SW_CHUNK_DEFAULT 512u
#define SW_ORDER_RUN 1024u

/// The chunk a call with these options uses (a multiple of SW_BLOCK).
size_t sw_chunk_size(const sw_batch_opts *opts);

/// The kernel table a call with these options runs (the active one, or lower as opts->isa caps it);
/// SW_ERR_UNSUPPORTED for a tier of another architecture or an unknown value.
sw_error sw_call_kernels(const sw_batch_opts *opts, const sw_kernels **out);

/// The scheduler options of a call: both callbacks or neither, and workers to run on (SW_ERR_NULL,
/// SW_ERR_ARG).
sw_error sw_check_sched(const sw_batch_opts *opts);

/// Runs query q on n pairs (or n packed lanes) with the active tier, or the tier `opts` caps it at.
/// Validates the whole call first: a malformed call (NULL source, pairs or required results column,
/// n > SW_MAX_BATCH, a set whose counts are inconsistent, blocks not 64-byte aligned, a foreign tier
/// cap, half a scheduler, a scheduler without workers) returns its error and writes nothing; SW_ERR_NOMEM when the
/// per-thread scratch cannot be had, also before anything is written.
sw_error sw_run(sw_query q, const void *a, const void *b, const sw_pair *pairs, size_t n, const void *qopts,
		const sw_batch_opts *opts, const void *out);

#endif
