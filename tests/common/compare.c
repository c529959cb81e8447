/* tests/common/compare.c — see compare.h. */
#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int cmp_same_bits(float x, float y) { return memcmp(&x, &y, sizeof x) == 0 || (isnan(x) && isnan(y)); }

void cmp_overlap3_init(cmp_overlap3 *b, size_t n)
{
	b->n = n;
	b->st = malloc(n), b->ft = malloc(n * sizeof *b->ft), b->f = malloc(4 * n * sizeof(float));
	memset(b->st, 0xA5, n), memset(b->ft, 0xA5, n * sizeof *b->ft), memset(b->f, 0xA5, 4 * n * sizeof(float));
	b->r = (sw_overlap_results){b->st, b->ft, b->f, b->f + n, b->f + 2 * n, b->f + 3 * n};
}

void cmp_overlap3_free(cmp_overlap3 *b)
{
	free(b->st), free(b->ft), free(b->f);
	b->st = NULL, b->ft = NULL, b->f = NULL;
}

size_t cmp_overlap3_diff(const cmp_overlap3 *got, const cmp_overlap3 *want,
			 void (*report)(size_t k, const cmp_overlap3 *got, const cmp_overlap3 *want, void *ctx),
			 void *ctx)
{
	size_t n = want->n, bad = 0;
	for (size_t k = 0; k < n; k++) {
		int same = got->st[k] == want->st[k] && got->ft[k] == want->ft[k];
		for (int c = 0; c < 4; c++)
			same = same && cmp_same_bits(got->f[c * n + k], want->f[c * n + k]);
		if (!same && bad++ < 5)
			report(k, got, want, ctx);
	}
	return bad;
}
