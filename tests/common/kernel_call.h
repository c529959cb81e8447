/* tests/common/kernel_call.h — one kernel of a tier's table called directly on a whole batch (one job
 * from pair 0, no chunking, the ordering stage given explicitly), with scratch when it needs some. */
#ifndef SWEPT_TESTS_KERNEL_CALL_H
#define SWEPT_TESTS_KERNEL_CALL_H

#include <stdlib.h>

#include "job.h"

static inline void kcall(const sw_kernels *k, sw_query q, const void *a, const void *b, const sw_pair *pairs, size_t n,
			 const uint32_t *order, const void *opts, const void *out)
{
	static const sw_sweep_opts none = {0};
	void *scratch = aligned_alloc(64, SW_SCRATCH);
	sw_job j = {a, b, pairs, order, opts ? opts : &none, out, scratch, 0, n};
	k->fn[q](&j);
	free(scratch);
}

#endif
