/* tests/common/compare.h — bit-exact comparison of batched results between a tier and the reference,
 * shared by the tier suites: owned result buffers, and a diff that hands each mismatching pair to
 * the suite's own reporter (which knows how to print that pair's inputs). */
#ifndef SWEPT_TESTS_COMPARE_H
#define SWEPT_TESTS_COMPARE_H

#include <stddef.h>

#include <swept/swept.h>

/// Whether two floats have the same bits, NaN matching NaN.
int cmp_same_bits(float x, float y);

/// Results of a static overlap query (least penetration, depth and normal) for n pairs, in owned
/// arrays poisoned with 0xA5.
typedef struct cmp_overlap3 {
	size_t n;
	uint8_t *st;
	uint32_t *ft;
	float *f; /* depth, nx, ny, nz: 4 rows of n */
	sw_overlap_results r;
} cmp_overlap3;

void cmp_overlap3_init(cmp_overlap3 *b, size_t n);
void cmp_overlap3_free(cmp_overlap3 *b);

/// Pairs where `got` and `want` differ in status, feature or any float bit; `report(k, got, want,
/// ctx)` is called for the first five. Returns the number of mismatching pairs.
size_t cmp_overlap3_diff(const cmp_overlap3 *got, const cmp_overlap3 *want,
			 void (*report)(size_t k, const cmp_overlap3 *got, const cmp_overlap3 *want, void *ctx),
			 void *ctx);

#endif
