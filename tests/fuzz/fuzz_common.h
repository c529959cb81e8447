/* tests/fuzz/fuzz_common.h — what the libFuzzer targets share: exact comparison of result rows
 * (bits, NaN matching NaN) with a loud abort naming the entry point, tier and lane. */
#ifndef SWEPT_FUZZ_COMMON_H
#define SWEPT_FUZZ_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_call.h"

static inline int fuzz_same(float p, float q) { return memcmp(&p, &q, 4) == 0 || (isnan(p) && isnan(q)); }

/* codes[r][l] and rows[r][l] of a tier against the reference's; aborts on the first difference */
static inline void fuzz_expect(const char *what, sw_isa isa, size_t n, int ncodes, uint8_t *const *got_c,
			       uint8_t *const *want_c, int nrows, float *const *got_f, float *const *want_f)
{
	for (size_t l = 0; l < n; l++) {
		int ok = 1;
		for (int r = 0; r < ncodes; r++)
			ok = ok && got_c[r][l] == want_c[r][l];
		for (int r = 0; r < nrows; r++)
			ok = ok && fuzz_same(got_f[r][l], want_f[r][l]);
		if (!ok) {
			fprintf(stderr, "%s: tier %s differs from the reference at lane %zu (status %u vs %u)\n", what,
				sw_isa_name(isa), l, got_c[0][l], want_c[0][l]);
			abort();
		}
	}
}

#endif
