/* src/kernels/wide.h — the lane vocabulary every kernel is written in. `sw_fw` holds SW_W float lanes,
 * `sw_mw` a per-lane mask. The width follows the tier being compiled (SW_TIER_*), never wider than the
 * tier's flags: SIMDe would emulate a wider vector and run slower than scalar.
 *
 * Besides arithmetic: gathers by 32-bit indices (of floats, and of 4-float records transposed), a block's set indices
 * from a pair list (sw_pair_lanes) and whether they are all one (sw_idx_same), and stores of integer-valued lanes as
 * bytes or uint32 codes (statuses and feature ids: sw_store_bytes, sw_store_codes), prefix sums of integer-valued
 * lanes (counts: sw_scan) and a vector's first n lanes stored with nothing past them (sw_store_first), on the
 * 16-lane tier, the only one whose kernels use them.
 *
 * Contract of every op: lane-wise IEEE single precision, no fusion (the build passes
 * -ffp-contract=off), so a kernel that performs the reference's operations in the reference's order
 * gets the reference's bits. Comparisons are ordered and quiet: NaN compares false. sw_transpose
 * (a W×W block of rows to columns, in place), sw_permute2, sw_compress / sw_compress_rows and
 * sw_expand_rows (a mask's lanes packed into the low lanes and back) only move data. */
#ifndef SWEPT_WIDE_H
#define SWEPT_WIDE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "contract.h"
#include "swept/base.h"

/* for a 4-bit mask m: sw_pack4_[m] holds in its bytes, in order, the lanes set in m (the rest 0);
 * sw_rank4_[m] holds in byte l the number of lanes set below l (for the lanes set in m; the rest 0).
 * The 4- and 8-lane tiers' sw_compress_rows / sw_expand_rows build their permutations from them */
static const uint32_t sw_pack4_[16] = {0x00000000u, 0x00000000u, 0x00000001u, 0x00000100u, 0x00000002u, 0x00000200u,
				       0x00000201u, 0x00020100u, 0x00000003u, 0x00000300u, 0x00000301u, 0x00030100u,
				       0x00000302u, 0x00030200u, 0x00030201u, 0x03020100u};
static const uint32_t sw_rank4_[16] = {0x00000000u, 0x00000000u, 0x00000000u, 0x00000100u, 0x00000000u, 0x00010000u,
				       0x00010000u, 0x00020100u, 0x00000000u, 0x01000000u, 0x01000000u, 0x02000100u,
				       0x01000000u, 0x02010000u, 0x02010000u, 0x03020100u};

#if defined(SW_TIER_AVX512)
#include <simde/x86/avx512.h>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif
#define SW_W 16
#define SW_SFX avx512
typedef simde__m512 sw_fw;
typedef simde__mmask16 sw_mw;

static inline sw_fw sw_set1(float x) { return simde_mm512_set1_ps(x); }
static inline sw_fw sw_load(const float *p) { return simde_mm512_load_ps(p); }
static inline sw_fw sw_loadu(const float *p) { return simde_mm512_loadu_ps(p); }
static inline void sw_storeu(float *p, sw_fw a) { simde_mm512_storeu_ps(p, a); }
static inline sw_fw sw_add(sw_fw a, sw_fw b) { return simde_mm512_add_ps(a, b); }
static inline sw_fw sw_sub(sw_fw a, sw_fw b) { return simde_mm512_sub_ps(a, b); }
static inline sw_fw sw_mul(sw_fw a, sw_fw b) { return simde_mm512_mul_ps(a, b); }
static inline sw_fw sw_div(sw_fw a, sw_fw b) { return simde_mm512_div_ps(a, b); }
static inline sw_fw sw_sqrt(sw_fw a) { return simde_mm512_sqrt_ps(a); }
static inline sw_fw sw_abs(sw_fw a) { return simde_mm512_abs_ps(a); }
static inline sw_fw sw_neg(sw_fw a) { return simde_mm512_xor_ps(a, simde_mm512_set1_ps(-0.0f)); }
static inline sw_mw sw_lt(sw_fw a, sw_fw b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LT_OQ); }
static inline sw_mw sw_le(sw_fw a, sw_fw b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LE_OQ); }
static inline sw_mw sw_gt(sw_fw a, sw_fw b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GT_OQ); }
static inline sw_mw sw_ge(sw_fw a, sw_fw b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GE_OQ); }
static inline sw_mw sw_eq(sw_fw a, sw_fw b) { return simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_EQ_OQ); }
static inline sw_fw sw_and(sw_fw a, sw_fw b) { return simde_mm512_and_ps(a, b); }
static inline sw_fw sw_xor(sw_fw a, sw_fw b) { return simde_mm512_xor_ps(a, b); }
static inline sw_fw sw_min(sw_fw a, sw_fw b) { return simde_mm512_min_ps(a, b); }
static inline sw_fw sw_max(sw_fw a, sw_fw b) { return simde_mm512_max_ps(a, b); }
static inline sw_fw sw_floor(sw_fw a)
{
	return simde_mm512_roundscale_ps(a, SIMDE_MM_FROUND_TO_NEG_INF | SIMDE_MM_FROUND_NO_EXC);
}
static inline sw_mw sw_mand(sw_mw a, sw_mw b) { return (sw_mw)(a & b); }
static inline sw_mw sw_mor(sw_mw a, sw_mw b) { return (sw_mw)(a | b); }
static inline sw_mw sw_mandnot(sw_mw a, sw_mw b) { return (sw_mw)(~a & b); } /* b and not a */
static inline sw_mw sw_mnot(sw_mw a) { return (sw_mw)~a; }
static inline sw_mw sw_mfalse(void) { return 0; }
static inline unsigned sw_mbits(sw_mw a) { return a; }
static inline sw_fw sw_sel(sw_mw m, sw_fw a, sw_fw b) { return simde_mm512_mask_blend_ps(m, b, a); }
/* the mask of the lanes whose bit is set in `bits` */
static inline sw_mw sw_mfrom_bits(unsigned bits) { return (sw_mw)bits; }
/* lanes holding whole floats in [0, 2^24) as uint32 codes, and SW_FEATURE_NONE (all ones) in the lanes of
 * `none`; and lanes holding whole floats in [0, 255] as bytes */
/* SIMDe 0.7.4 has neither conversion: the native ones, or lane by lane */
static inline void sw_store_codes(uint32_t *p, sw_fw a, sw_mw none)
{
#if defined(__AVX512F__)
	__m512i i = _mm512_mask_mov_epi32(_mm512_cvttps_epi32(a), none, _mm512_set1_epi32(-1));
	_mm512_storeu_si512((void *)p, i);
#else
	float t[16];
	simde_mm512_storeu_ps(t, a);
	for (int l = 0; l < 16; l++)
		p[l] = (none >> l & 1) ? 0xFFFFFFFFu : (uint32_t)t[l];
#endif
}
static inline void sw_store_bytes(uint8_t *p, sw_fw a)
{
#if defined(__AVX512F__)
	_mm_storeu_si128((__m128i *)(void *)p, _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(a)));
#else
	float t[16];
	simde_mm512_storeu_ps(t, a);
	for (int l = 0; l < 16; l++)
		p[l] = (uint8_t)t[l];
#endif
}
/* lanes base[idx[l]]; idx is 64-byte aligned. SIMDe 0.7.4 has no AVX-512 gather: use the native one */
static inline sw_fw sw_gather(const float *base, const int32_t *idx)
{
#if defined(__AVX512F__)
	return _mm512_i32gather_ps(_mm512_load_si512((const void *)idx), base, 4);
#else
	float t[16];
	for (int l = 0; l < 16; l++)
		t[l] = base[idx[l]];
	return simde_mm512_loadu_ps(t);
#endif
}
/* the largest lane (no lane NaN; of +0 and -0 either) */
static inline float sw_hmax(sw_fw a)
{
	sw_fw m = simde_mm512_max_ps(a, simde_mm512_shuffle_f32x4(a, a, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
	m = simde_mm512_max_ps(m, simde_mm512_shuffle_f32x4(m, m, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
	simde__m128 x = simde_mm512_castps512_ps128(m);
	x = simde_mm_max_ps(x, simde_mm_movehl_ps(x, x));
	x = simde_mm_max_ps(x, simde_mm_shuffle_ps(x, x, 1));
	return simde_mm_cvtss_f32(x);
}

/* records of four floats anywhere: o[c] lanes base[k·idx[step·l] + c], c = 0..3 (one unaligned 16-byte
 * load per lane, then a transpose, instead of four gathers touching four cache lines per lane). `step`
 * 2 reads one side of a pair list's indices in place */
static inline void sw_gather4ks(const float *base, const int32_t *idx, ptrdiff_t step, ptrdiff_t k, sw_fw o[4])
{
#if defined(__AVX512F__)
	__m512 r[4];
	for (int g = 0; g < 4; g++) {
		__m512 v = _mm512_castps128_ps512(_mm_loadu_ps(base + k * idx[step * (4 * g)]));
		v = _mm512_insertf32x4(v, _mm_loadu_ps(base + k * idx[step * (4 * g + 1)]), 1);
		v = _mm512_insertf32x4(v, _mm_loadu_ps(base + k * idx[step * (4 * g + 2)]), 2);
		r[g] = _mm512_insertf32x4(v, _mm_loadu_ps(base + k * idx[step * (4 * g + 3)]), 3);
	}
	/* records 0–7 and 8–15: components 0 and 1 (2 and 3) of eight records each, then halves joined */
	const __m512i c01 = _mm512_set_epi32(29, 25, 21, 17, 13, 9, 5, 1, 28, 24, 20, 16, 12, 8, 4, 0);
	const __m512i c23 = _mm512_set_epi32(31, 27, 23, 19, 15, 11, 7, 3, 30, 26, 22, 18, 14, 10, 6, 2);
	__m512 a01 = _mm512_permutex2var_ps(r[0], c01, r[1]), b01 = _mm512_permutex2var_ps(r[2], c01, r[3]);
	__m512 a23 = _mm512_permutex2var_ps(r[0], c23, r[1]), b23 = _mm512_permutex2var_ps(r[2], c23, r[3]);
	o[0] = _mm512_shuffle_f32x4(a01, b01, 0x44), o[1] = _mm512_shuffle_f32x4(a01, b01, 0xEE);
	o[2] = _mm512_shuffle_f32x4(a23, b23, 0x44), o[3] = _mm512_shuffle_f32x4(a23, b23, 0xEE);
#else
	float t[4][16];
	for (int l = 0; l < 16; l++)
		for (int c = 0; c < 4; c++)
			t[c][l] = base[k * idx[step * l] + c];
	for (int c = 0; c < 4; c++)
		o[c] = simde_mm512_loadu_ps(t[c]);
#endif
}
/* whether the SW_W indices at idx (64-byte aligned) are all equal */
static inline int sw_idx_same(const int32_t *idx)
{
	simde__m512i v = simde_mm512_load_si512((const void *)idx);
	return simde_mm512_cmpeq_epi32_mask(v, simde_mm512_set1_epi32(idx[0])) == 0xFFFF;
}
/* the set indices of SW_W consecutive pairs: ia[l] = pairs[l].a and ib[l] = pairs[l].b where both are
 * below their counts, else 0 and 0; returns the lanes in range. ia and ib are 64-byte aligned */
static inline sw_mw sw_pair_lanes(const sw_pair *pairs, uint32_t ca, uint32_t cb, int32_t *ia, int32_t *ib)
{
#if defined(__AVX512F__)
	__m512i v0 = _mm512_loadu_si512(pairs), v1 = _mm512_loadu_si512(pairs + 8);
	const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
	const __m512i odd = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
	__m512i a = _mm512_permutex2var_epi32(v0, even, v1), b = _mm512_permutex2var_epi32(v0, odd, v1);
	__mmask16 in = _mm512_cmplt_epu32_mask(a, _mm512_set1_epi32((int)ca)) &
		       _mm512_cmplt_epu32_mask(b, _mm512_set1_epi32((int)cb));
	_mm512_store_si512(ia, _mm512_maskz_mov_epi32(in, a));
	_mm512_store_si512(ib, _mm512_maskz_mov_epi32(in, b));
	return in;
#else
	sw_mw in = 0;
	for (int l = 0; l < 16; l++) {
		int ok = pairs[l].a < ca && pairs[l].b < cb;
		ia[l] = ok ? (int32_t)pairs[l].a : 0;
		ib[l] = ok ? (int32_t)pairs[l].b : 0;
		in = (sw_mw)(in | ok << l);
	}
	return in;
#endif
}
/* lanes of a then b picked by idx[l] in [0, 2·SW_W) (SW_W int32 at idx); data movement only */
static inline sw_fw sw_permute2(sw_fw a, sw_fw b, const int32_t *idx)
{
	return simde_mm512_permutex2var_ps(a, simde_mm512_loadu_si512((const void *)idx), b);
}
/* the lanes of a whose bit is set in `bits`, in order, packed into the lowest lanes; the others 0 on
 * this tier, unspecified on the others (data movement only). vcompressps to a register (to memory it
 * is microcoded on some CPUs) */
static inline sw_fw sw_compress(sw_fw a, unsigned bits)
{
	return simde_mm512_maskz_compress_ps((simde__mmask16)bits, a);
}
/* sw_compress of each row a[0..n) by the lanes set in m (expand: the low lanes spread in order into
 * the lanes set in m, the others 0); data movement only, one mask for n rows */
static inline void sw_compress_rows(sw_mw m, sw_fw *a, int n)
{
	for (int k = 0; k < n; k++)
		a[k] = sw_compress(a[k], sw_mbits(m));
}
static inline void sw_expand_rows(sw_mw m, sw_fw *a, int n)
{
	for (int k = 0; k < n; k++) {
#if defined(__AVX512F__)
		a[k] = _mm512_maskz_expand_ps(m, a[k]);
#else
		float t[16], o[16] = {0};
		simde_mm512_storeu_ps(t, a[k]);
		for (int l = 0, j = 0; l < 16; l++)
			if (m >> l & 1)
				o[l] = t[j++];
		a[k] = simde_mm512_loadu_ps(o);
#endif
	}
}
/* inclusive prefix sums of the lanes (lane l: a[0] + .. + a[l], added as a log-step scan: exact for
 * whole floats below 2^24, the only use) */
static inline sw_fw sw_scan(sw_fw a)
{
#if defined(__AVX512F__)
	const __m512i z = _mm512_setzero_si512();
	__m512i x = _mm512_castps_si512(a);
	x = _mm512_castps_si512(
		_mm512_add_ps(_mm512_castsi512_ps(x), _mm512_castsi512_ps(_mm512_alignr_epi32(x, z, 15))));
	x = _mm512_castps_si512(
		_mm512_add_ps(_mm512_castsi512_ps(x), _mm512_castsi512_ps(_mm512_alignr_epi32(x, z, 14))));
	x = _mm512_castps_si512(
		_mm512_add_ps(_mm512_castsi512_ps(x), _mm512_castsi512_ps(_mm512_alignr_epi32(x, z, 12))));
	x = _mm512_castps_si512(
		_mm512_add_ps(_mm512_castsi512_ps(x), _mm512_castsi512_ps(_mm512_alignr_epi32(x, z, 8))));
	return _mm512_castsi512_ps(x);
#else
	float t[16];
	simde_mm512_storeu_ps(t, a);
	for (int l = 1; l < 16; l++)
		t[l] += t[l - 1];
	return simde_mm512_loadu_ps(t);
#endif
}
/* lanes [0, n) of a stored at p, nothing past them */
static inline void sw_store_first(float *p, sw_fw a, unsigned n)
{
#if defined(__AVX512F__)
	_mm512_mask_storeu_ps(p, (__mmask16)((1u << n) - 1u), a);
#else
	float t[16];
	simde_mm512_storeu_ps(t, a);
	memcpy(p, t, n * sizeof(float));
#endif
}
/* r[0..16) as a 16×16 matrix of rows, transposed in place (data movement only, every tier alike):
 * unpack 32-bit, unpack 64-bit, then two rounds of 128-bit block shuffles */
static inline void sw_transpose(sw_fw *r)
{
	sw_fw t[16], u[16], x[16];
	for (int i = 0; i < 16; i += 2) {
		t[i] = simde_mm512_unpacklo_ps(r[i], r[i + 1]);
		t[i + 1] = simde_mm512_unpackhi_ps(r[i], r[i + 1]);
	}
	for (int i = 0; i < 16; i += 4)
		for (int h = 0; h < 2; h++) {
			simde__m512d a = simde_mm512_castps_pd(t[i + h]), b = simde_mm512_castps_pd(t[i + 2 + h]);
			u[i + 2 * h] = simde_mm512_castpd_ps(simde_mm512_unpacklo_pd(a, b));
			u[i + 2 * h + 1] = simde_mm512_castpd_ps(simde_mm512_unpackhi_pd(a, b));
		}
	/* u[4g + m]: column m, 4 + m, 8 + m, 12 + m of rows 4g .. 4g + 3, one 128-bit block each */
	for (int m = 0; m < 4; m++)
		for (int g = 0; g < 4; g += 2) {
			x[4 * g + m] = simde_mm512_shuffle_f32x4(u[4 * g + m], u[4 * g + 4 + m], 0x44);
			x[4 * g + 4 + m] = simde_mm512_shuffle_f32x4(u[4 * g + m], u[4 * g + 4 + m], 0xEE);
		}
	for (int m = 0; m < 4; m++) {
		r[m] = simde_mm512_shuffle_f32x4(x[m], x[8 + m], 0x88);
		r[4 + m] = simde_mm512_shuffle_f32x4(x[m], x[8 + m], 0xDD);
		r[8 + m] = simde_mm512_shuffle_f32x4(x[4 + m], x[12 + m], 0x88);
		r[12 + m] = simde_mm512_shuffle_f32x4(x[4 + m], x[12 + m], 0xDD);
	}
}

#elif defined(SW_TIER_AVX2)
#include <simde/x86/avx2.h>
#define SW_W 8
#define SW_SFX avx2
typedef simde__m256 sw_fw;
typedef simde__m256 sw_mw;

static inline sw_fw sw_set1(float x) { return simde_mm256_set1_ps(x); }
static inline sw_fw sw_load(const float *p) { return simde_mm256_load_ps(p); }
static inline sw_fw sw_loadu(const float *p) { return simde_mm256_loadu_ps(p); }
static inline void sw_storeu(float *p, sw_fw a) { simde_mm256_storeu_ps(p, a); }
static inline sw_fw sw_add(sw_fw a, sw_fw b) { return simde_mm256_add_ps(a, b); }
static inline sw_fw sw_sub(sw_fw a, sw_fw b) { return simde_mm256_sub_ps(a, b); }
static inline sw_fw sw_mul(sw_fw a, sw_fw b) { return simde_mm256_mul_ps(a, b); }
static inline sw_fw sw_div(sw_fw a, sw_fw b) { return simde_mm256_div_ps(a, b); }
static inline sw_fw sw_sqrt(sw_fw a) { return simde_mm256_sqrt_ps(a); }
static inline sw_fw sw_abs(sw_fw a) { return simde_mm256_andnot_ps(simde_mm256_set1_ps(-0.0f), a); }
static inline sw_fw sw_neg(sw_fw a) { return simde_mm256_xor_ps(a, simde_mm256_set1_ps(-0.0f)); }
static inline sw_mw sw_lt(sw_fw a, sw_fw b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_LT_OQ); }
static inline sw_mw sw_le(sw_fw a, sw_fw b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_LE_OQ); }
static inline sw_mw sw_gt(sw_fw a, sw_fw b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ); }
static inline sw_mw sw_ge(sw_fw a, sw_fw b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_GE_OQ); }
static inline sw_mw sw_eq(sw_fw a, sw_fw b) { return simde_mm256_cmp_ps(a, b, SIMDE_CMP_EQ_OQ); }
static inline sw_fw sw_and(sw_fw a, sw_fw b) { return simde_mm256_and_ps(a, b); }
static inline sw_fw sw_xor(sw_fw a, sw_fw b) { return simde_mm256_xor_ps(a, b); }
static inline sw_fw sw_floor(sw_fw a) { return simde_mm256_floor_ps(a); }
static inline sw_fw sw_min(sw_fw a, sw_fw b) { return simde_mm256_min_ps(a, b); }
static inline sw_fw sw_max(sw_fw a, sw_fw b) { return simde_mm256_max_ps(a, b); }
static inline sw_mw sw_mand(sw_mw a, sw_mw b) { return simde_mm256_and_ps(a, b); }
static inline sw_mw sw_mor(sw_mw a, sw_mw b) { return simde_mm256_or_ps(a, b); }
static inline sw_mw sw_mandnot(sw_mw a, sw_mw b) { return simde_mm256_andnot_ps(a, b); }
static inline sw_mw sw_mnot(sw_mw a)
{
	return simde_mm256_xor_ps(a, simde_mm256_castsi256_ps(simde_mm256_set1_epi32(-1)));
}
static inline sw_mw sw_mfalse(void) { return simde_mm256_setzero_ps(); }
static inline unsigned sw_mbits(sw_mw a) { return (unsigned)simde_mm256_movemask_ps(a); }
static inline sw_fw sw_sel(sw_mw m, sw_fw a, sw_fw b) { return simde_mm256_blendv_ps(b, a, m); }
static inline sw_mw sw_mfrom_bits(unsigned bits)
{
	const simde__m256i lane = simde_mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
	simde__m256i b = simde_mm256_and_si256(simde_mm256_set1_epi32((int)bits), lane);
	return simde_mm256_castsi256_ps(simde_mm256_cmpeq_epi32(b, lane));
}
static inline void sw_store_codes(uint32_t *p, sw_fw a, sw_mw none)
{
	simde__m256i i = simde_mm256_blendv_epi8(simde_mm256_cvttps_epi32(a), simde_mm256_set1_epi32(-1),
						 simde_mm256_castps_si256(none));
	simde_mm256_storeu_si256((void *)p, i);
}
static inline void sw_store_bytes(uint8_t *p, sw_fw a)
{
	simde__m256i i = simde_mm256_cvttps_epi32(a);
	simde__m128i w = simde_mm_packus_epi32(simde_mm256_castsi256_si128(i), simde_mm256_extracti128_si256(i, 1));
	simde_mm_storel_epi64((void *)p, simde_mm_packus_epi16(w, w));
}
static inline sw_fw sw_gather(const float *base, const int32_t *idx)
{
	return simde_mm256_i32gather_ps(base, simde_mm256_load_si256((const simde__m256i *)(const void *)idx), 4);
}
static inline float sw_hmax(sw_fw a)
{
	simde__m128 x = simde_mm_max_ps(simde_mm256_castps256_ps128(a), simde_mm256_extractf128_ps(a, 1));
	x = simde_mm_max_ps(x, simde_mm_movehl_ps(x, x));
	x = simde_mm_max_ps(x, simde_mm_shuffle_ps(x, x, 1));
	return simde_mm_cvtss_f32(x);
}

static inline void sw_gather4ks(const float *base, const int32_t *idx, ptrdiff_t step, ptrdiff_t k, sw_fw o[4])
{
	/* r[j] holds records j and j + 4; a 4×4 transpose in each 128-bit half */
	simde__m256 r[4];
	for (int j = 0; j < 4; j++)
		r[j] = simde_mm256_insertf128_ps(
			simde_mm256_castps128_ps256(simde_mm_loadu_ps(base + k * idx[step * j])),
			simde_mm_loadu_ps(base + k * idx[step * (j + 4)]), 1);
	simde__m256 t0 = simde_mm256_unpacklo_ps(r[0], r[1]), t1 = simde_mm256_unpackhi_ps(r[0], r[1]);
	simde__m256 t2 = simde_mm256_unpacklo_ps(r[2], r[3]), t3 = simde_mm256_unpackhi_ps(r[2], r[3]);
	o[0] = simde_mm256_shuffle_ps(t0, t2, SIMDE_MM_SHUFFLE(1, 0, 1, 0));
	o[1] = simde_mm256_shuffle_ps(t0, t2, SIMDE_MM_SHUFFLE(3, 2, 3, 2));
	o[2] = simde_mm256_shuffle_ps(t1, t3, SIMDE_MM_SHUFFLE(1, 0, 1, 0));
	o[3] = simde_mm256_shuffle_ps(t1, t3, SIMDE_MM_SHUFFLE(3, 2, 3, 2));
}
static inline int sw_idx_same(const int32_t *idx)
{
	simde__m256i v = simde_mm256_load_si256((const void *)idx);
	return simde_mm256_movemask_epi8(simde_mm256_cmpeq_epi32(v, simde_mm256_set1_epi32(idx[0]))) == -1;
}
static inline sw_mw sw_pair_lanes(const sw_pair *pairs, uint32_t ca, uint32_t cb, int32_t *ia, int32_t *ib)
{
	const simde__m256i split = simde_mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
	simde__m256i v0 = simde_mm256_permutevar8x32_epi32(simde_mm256_loadu_si256((const void *)pairs), split);
	simde__m256i v1 = simde_mm256_permutevar8x32_epi32(simde_mm256_loadu_si256((const void *)(pairs + 4)), split);
	simde__m256i a = simde_mm256_permute2x128_si256(v0, v1, 0x20), b = simde_mm256_permute2x128_si256(v0, v1, 0x31);
	/* unsigned a < ca as a signed compare with the sign bits flipped */
	const simde__m256i s = simde_mm256_set1_epi32(INT32_MIN);
	simde__m256i ina = simde_mm256_cmpgt_epi32(simde_mm256_xor_si256(simde_mm256_set1_epi32((int32_t)ca), s),
						   simde_mm256_xor_si256(a, s));
	simde__m256i inb = simde_mm256_cmpgt_epi32(simde_mm256_xor_si256(simde_mm256_set1_epi32((int32_t)cb), s),
						   simde_mm256_xor_si256(b, s));
	simde__m256i in = simde_mm256_and_si256(ina, inb);
	simde_mm256_store_si256((simde__m256i *)(void *)ia, simde_mm256_and_si256(a, in));
	simde_mm256_store_si256((simde__m256i *)(void *)ib, simde_mm256_and_si256(b, in));
	return simde_mm256_castsi256_ps(in);
}
/* lanes of a then b picked by idx[l] in [0, 2·SW_W) (SW_W int32 at idx); data movement only */
static inline sw_fw sw_permute2(sw_fw a, sw_fw b, const int32_t *idx)
{
	simde__m256i i = simde_mm256_loadu_si256((const void *)idx);
	simde__m256i hi = simde_mm256_cmpgt_epi32(i, simde_mm256_set1_epi32(7));
	return simde_mm256_blendv_ps(simde_mm256_permutevar8x32_ps(a, i), simde_mm256_permutevar8x32_ps(b, i),
				     simde_mm256_castsi256_ps(hi));
}
/* the lane indices of a permutation, one byte each in a 64-bit word, as eight 32-bit lanes */
static inline simde__m256i sw_perm8_(uint64_t bytes)
{
	return simde_mm256_cvtepu8_epi32(simde_mm_cvtsi64_si128((int64_t)bytes));
}
/* the permutation packing the lanes set in `bits` into the low lanes */
static inline simde__m256i sw_pack8_(unsigned bits)
{
	unsigned lo = bits & 15u, hi = bits >> 4 & 15u;
	/* the high half's lanes (+4) follow the low half's */
	return sw_perm8_(sw_pack4_[lo] | (uint64_t)(sw_pack4_[hi] + 0x04040404u) << (8 * __builtin_popcount(lo)));
}
/* sw_compress as on the 16-lane tier; the other lanes copies of a's */
static inline sw_fw sw_compress(sw_fw a, unsigned bits) { return simde_mm256_permutevar8x32_ps(a, sw_pack8_(bits)); }
/* sw_compress of each row a[0..n) by the lanes set in m (expand: the low lanes spread in order into
 * the lanes set in m, the others copies); data movement only, one permutation for the n rows */
static inline void sw_compress_rows(sw_mw m, sw_fw *a, int n)
{
	simde__m256i i = sw_pack8_(sw_mbits(m));
	for (int k = 0; k < n; k++)
		a[k] = simde_mm256_permutevar8x32_ps(a[k], i);
}
static inline void sw_expand_rows(sw_mw m, sw_fw *a, int n)
{
	unsigned bits = sw_mbits(m), lo = bits & 15u, hi = bits >> 4;
	/* the high half's ranks count the low half's lanes too */
	uint64_t b = sw_rank4_[lo] | (uint64_t)(sw_rank4_[hi] + 0x01010101u * (uint32_t)__builtin_popcount(lo)) << 32;
	simde__m256i i = sw_perm8_(b);
	for (int k = 0; k < n; k++)
		a[k] = simde_mm256_permutevar8x32_ps(a[k], i);
}
/* r[0..8) as an 8×8 matrix of rows, transposed in place (data movement only) */
static inline void sw_transpose(sw_fw *r)
{
	sw_fw t[8], u[8];
	for (int i = 0; i < 8; i += 2) {
		t[i] = simde_mm256_unpacklo_ps(r[i], r[i + 1]);
		t[i + 1] = simde_mm256_unpackhi_ps(r[i], r[i + 1]);
	}
	for (int i = 0; i < 8; i += 4) {
		u[i] = simde_mm256_shuffle_ps(t[i], t[i + 2], 0x44);
		u[i + 1] = simde_mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
		u[i + 2] = simde_mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
		u[i + 3] = simde_mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
	}
	for (int m = 0; m < 4; m++) {
		r[m] = simde_mm256_permute2f128_ps(u[m], u[4 + m], 0x20);
		r[4 + m] = simde_mm256_permute2f128_ps(u[m], u[4 + m], 0x31);
	}
}

#elif defined(SW_TIER_SSE4) || defined(SW_TIER_NEON)
/* the NEON tier is this same 4-lane source; on arm64 SIMDe maps every op to NEON */
#include <simde/x86/sse4.1.h>
#define SW_W 4
#if defined(SW_TIER_NEON)
#define SW_SFX neon
#else
#define SW_SFX sse4
#endif
typedef simde__m128 sw_fw;
typedef simde__m128 sw_mw;

static inline sw_fw sw_set1(float x) { return simde_mm_set1_ps(x); }
static inline sw_fw sw_load(const float *p) { return simde_mm_load_ps(p); }
static inline sw_fw sw_loadu(const float *p) { return simde_mm_loadu_ps(p); }
static inline void sw_storeu(float *p, sw_fw a) { simde_mm_storeu_ps(p, a); }
static inline sw_fw sw_add(sw_fw a, sw_fw b) { return simde_mm_add_ps(a, b); }
static inline sw_fw sw_sub(sw_fw a, sw_fw b) { return simde_mm_sub_ps(a, b); }
static inline sw_fw sw_mul(sw_fw a, sw_fw b) { return simde_mm_mul_ps(a, b); }
static inline sw_fw sw_div(sw_fw a, sw_fw b) { return simde_mm_div_ps(a, b); }
static inline sw_fw sw_sqrt(sw_fw a) { return simde_mm_sqrt_ps(a); }
static inline sw_fw sw_abs(sw_fw a) { return simde_mm_andnot_ps(simde_mm_set1_ps(-0.0f), a); }
static inline sw_fw sw_neg(sw_fw a) { return simde_mm_xor_ps(a, simde_mm_set1_ps(-0.0f)); }
static inline sw_mw sw_lt(sw_fw a, sw_fw b) { return simde_mm_cmplt_ps(a, b); }
static inline sw_mw sw_le(sw_fw a, sw_fw b) { return simde_mm_cmple_ps(a, b); }
static inline sw_mw sw_gt(sw_fw a, sw_fw b) { return simde_mm_cmpgt_ps(a, b); }
static inline sw_mw sw_ge(sw_fw a, sw_fw b) { return simde_mm_cmpge_ps(a, b); }
static inline sw_mw sw_eq(sw_fw a, sw_fw b) { return simde_mm_cmpeq_ps(a, b); }
static inline sw_fw sw_and(sw_fw a, sw_fw b) { return simde_mm_and_ps(a, b); }
static inline sw_fw sw_xor(sw_fw a, sw_fw b) { return simde_mm_xor_ps(a, b); }
static inline sw_fw sw_floor(sw_fw a) { return simde_mm_floor_ps(a); }
static inline sw_fw sw_min(sw_fw a, sw_fw b) { return simde_mm_min_ps(a, b); }
static inline sw_fw sw_max(sw_fw a, sw_fw b) { return simde_mm_max_ps(a, b); }
static inline sw_mw sw_mand(sw_mw a, sw_mw b) { return simde_mm_and_ps(a, b); }
static inline sw_mw sw_mor(sw_mw a, sw_mw b) { return simde_mm_or_ps(a, b); }
static inline sw_mw sw_mandnot(sw_mw a, sw_mw b) { return simde_mm_andnot_ps(a, b); }
static inline sw_mw sw_mnot(sw_mw a) { return simde_mm_xor_ps(a, simde_mm_castsi128_ps(simde_mm_set1_epi32(-1))); }
static inline sw_mw sw_mfalse(void) { return simde_mm_setzero_ps(); }
static inline unsigned sw_mbits(sw_mw a) { return (unsigned)simde_mm_movemask_ps(a); }
static inline sw_fw sw_sel(sw_mw m, sw_fw a, sw_fw b) { return simde_mm_blendv_ps(b, a, m); }
static inline sw_mw sw_mfrom_bits(unsigned bits)
{
	const simde__m128i lane = simde_mm_setr_epi32(1, 2, 4, 8);
	simde__m128i b = simde_mm_and_si128(simde_mm_set1_epi32((int)bits), lane);
	return simde_mm_castsi128_ps(simde_mm_cmpeq_epi32(b, lane));
}
static inline void sw_store_codes(uint32_t *p, sw_fw a, sw_mw none)
{
	simde__m128i i =
		simde_mm_blendv_epi8(simde_mm_cvttps_epi32(a), simde_mm_set1_epi32(-1), simde_mm_castps_si128(none));
	simde_mm_storeu_si128((void *)p, i);
}
static inline void sw_store_bytes(uint8_t *p, sw_fw a)
{
	simde__m128i w = simde_mm_packus_epi32(simde_mm_cvttps_epi32(a), simde_mm_setzero_si128());
	int32_t four = simde_mm_cvtsi128_si32(simde_mm_packus_epi16(w, w));
	memcpy(p, &four, 4);
}
static inline sw_fw sw_gather(const float *base, const int32_t *idx)
{
	return simde_mm_set_ps(base[idx[3]], base[idx[2]], base[idx[1]], base[idx[0]]);
}
static inline float sw_hmax(sw_fw x)
{
	x = simde_mm_max_ps(x, simde_mm_movehl_ps(x, x));
	x = simde_mm_max_ps(x, simde_mm_shuffle_ps(x, x, 1));
	return simde_mm_cvtss_f32(x);
}

static inline void sw_gather4ks(const float *base, const int32_t *idx, ptrdiff_t step, ptrdiff_t k, sw_fw o[4])
{
	simde__m128 r[4];
	for (int j = 0; j < 4; j++)
		r[j] = simde_mm_loadu_ps(base + k * idx[step * j]);
	simde__m128 t0 = simde_mm_unpacklo_ps(r[0], r[1]), t1 = simde_mm_unpackhi_ps(r[0], r[1]);
	simde__m128 t2 = simde_mm_unpacklo_ps(r[2], r[3]), t3 = simde_mm_unpackhi_ps(r[2], r[3]);
	o[0] = simde_mm_movelh_ps(t0, t2), o[1] = simde_mm_movehl_ps(t2, t0);
	o[2] = simde_mm_movelh_ps(t1, t3), o[3] = simde_mm_movehl_ps(t3, t1);
}
static inline int sw_idx_same(const int32_t *idx)
{
	simde__m128i v = simde_mm_load_si128((const void *)idx);
	return simde_mm_movemask_epi8(simde_mm_cmpeq_epi32(v, simde_mm_set1_epi32(idx[0]))) == 0xFFFF;
}
static inline sw_mw sw_pair_lanes(const sw_pair *pairs, uint32_t ca, uint32_t cb, int32_t *ia, int32_t *ib)
{
	simde__m128 v0 = simde_mm_castsi128_ps(simde_mm_loadu_si128((const void *)pairs));
	simde__m128 v1 = simde_mm_castsi128_ps(simde_mm_loadu_si128((const void *)(pairs + 2)));
	simde__m128i a = simde_mm_castps_si128(simde_mm_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(2, 0, 2, 0)));
	simde__m128i b = simde_mm_castps_si128(simde_mm_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(3, 1, 3, 1)));
	const simde__m128i s = simde_mm_set1_epi32(INT32_MIN);
	simde__m128i ina =
		simde_mm_cmpgt_epi32(simde_mm_xor_si128(simde_mm_set1_epi32((int32_t)ca), s), simde_mm_xor_si128(a, s));
	simde__m128i inb =
		simde_mm_cmpgt_epi32(simde_mm_xor_si128(simde_mm_set1_epi32((int32_t)cb), s), simde_mm_xor_si128(b, s));
	simde__m128i in = simde_mm_and_si128(ina, inb);
	simde_mm_store_si128((void *)ia, simde_mm_and_si128(a, in));
	simde_mm_store_si128((void *)ib, simde_mm_and_si128(b, in));
	return simde_mm_castsi128_ps(in);
}
/* lanes of a then b picked by idx[l] in [0, 2·SW_W) (SW_W int32 at idx); data movement only */
static inline sw_fw sw_permute2(sw_fw a, sw_fw b, const int32_t *idx)
{
	float t[8], o[4];
	simde_mm_storeu_ps(t, a);
	simde_mm_storeu_ps(t + 4, b);
	for (int l = 0; l < 4; l++)
		o[l] = t[idx[l] & 7];
	return simde_mm_loadu_ps(o);
}
/* the byte shuffle moving lane l to byte lanes of the lane whose index is byte l of `src` */
static inline simde__m128i sw_lane_shuffle_(uint32_t src)
{
	simde__m128i s = simde_mm_shuffle_epi8(simde_mm_cvtsi32_si128((int32_t)src),
					       simde_mm_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3));
	s = simde_mm_add_epi8(s, s);
	s = simde_mm_add_epi8(s, s);
	return simde_mm_add_epi8(s, simde_mm_setr_epi8(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3));
}
/* sw_compress as on the 16-lane tier; the other lanes copies of a's */
static inline sw_fw sw_compress(sw_fw a, unsigned bits)
{
	simde__m128i s = sw_lane_shuffle_(sw_pack4_[bits & 15u]);
	return simde_mm_castsi128_ps(simde_mm_shuffle_epi8(simde_mm_castps_si128(a), s));
}
/* sw_compress of each row a[0..n) by the lanes set in m (expand: the low lanes spread in order into
 * the lanes set in m, the others copies); data movement only, one byte shuffle for the n rows */
static inline void sw_compress_rows(sw_mw m, sw_fw *a, int n)
{
	simde__m128i s = sw_lane_shuffle_(sw_pack4_[sw_mbits(m)]);
	for (int k = 0; k < n; k++)
		a[k] = simde_mm_castsi128_ps(simde_mm_shuffle_epi8(simde_mm_castps_si128(a[k]), s));
}
static inline void sw_expand_rows(sw_mw m, sw_fw *a, int n)
{
	simde__m128i s = sw_lane_shuffle_(sw_rank4_[sw_mbits(m)]);
	for (int k = 0; k < n; k++)
		a[k] = simde_mm_castsi128_ps(simde_mm_shuffle_epi8(simde_mm_castps_si128(a[k]), s));
}
/* r[0..4) as a 4×4 matrix of rows, transposed in place (data movement only) */
static inline void sw_transpose(sw_fw *r)
{
	sw_fw t0 = simde_mm_unpacklo_ps(r[0], r[1]), t1 = simde_mm_unpacklo_ps(r[2], r[3]);
	sw_fw t2 = simde_mm_unpackhi_ps(r[0], r[1]), t3 = simde_mm_unpackhi_ps(r[2], r[3]);
	r[0] = simde_mm_movelh_ps(t0, t1), r[1] = simde_mm_movehl_ps(t1, t0);
	r[2] = simde_mm_movelh_ps(t2, t3), r[3] = simde_mm_movehl_ps(t3, t2);
}

#else
#error "wide.h needs a tier: define SW_TIER_SSE4, SW_TIER_AVX2, SW_TIER_AVX512 or SW_TIER_NEON"
#endif

/* records of four floats: o[c] lanes base[k·idx[l] + c] (sw_gather4k), base[4·idx[l] + c] (sw_gather4) */
static inline void sw_gather4k(const float *base, const int32_t *idx, ptrdiff_t k, sw_fw o[4])
{
	sw_gather4ks(base, idx, 1, k, o);
}
static inline void sw_gather4(const float *base, const int32_t *idx, sw_fw o[4]) { sw_gather4k(base, idx, 4, o); }

/// Kernel helpers must inline into the block loop, or the lanes round-trip through memory. Builds with
/// AddressSanitizer leave inlining to the compiler: forced into each row, the GJK lane engine makes an
/// instrumented kernel file take tens of CPU minutes to compile. The operations, and so the bits, are
/// the same.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SW_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SW_SANITIZED 1
#endif
#if defined(__GNUC__) && !defined(SW_SANITIZED)
#define SW_INLINE static inline __attribute__((always_inline))
#define SW_UNROLL _Pragma("GCC unroll 16")
#else
#define SW_INLINE static inline
#define SW_UNROLL
#endif

#define SW_CAT_(a, b) a##_##b
#define SW_CAT(a, b) SW_CAT_(a, b)
/// Tier-suffixed name: SW_FN(sw_obb3_sweep_idx) → sw_obb3_sweep_idx_avx2 in the AVX2 build.
#define SW_FN(name) SW_CAT(name, SW_SFX)

/// All lanes set in a mask of this width.
#define SW_ALL_LANES ((1u << SW_W) - 1u)

/// a·b lane-wise in sw_v3_dot()'s order: (x·x' + y·y') + z·z'.
SW_INLINE sw_fw sw_dot3(sw_fw ax, sw_fw ay, sw_fw az, sw_fw bx, sw_fw by, sw_fw bz)
{
	return sw_add(sw_add(sw_mul(ax, bx), sw_mul(ay, by)), sw_mul(az, bz));
}

/// |x| ≤ SW_MAX_COORD per lane (false for NaN and ±Inf), as sw_ref_coord_ok().
SW_INLINE sw_mw sw_coord_ok(sw_fw x) { return sw_le(sw_abs(x), sw_set1(SW_MAX_COORD)); }

/* ---- the scales of src/contract.h, lane-wise ---- */

/* sw_ref_axis_scale lane-wise: the float whose exponent bits are m's complemented, mantissa zero */
SW_INLINE sw_fw axis_scale(sw_fw m)
{
	const sw_fw inf = sw_set1(INFINITY);
	return sw_and(sw_xor(m, inf), inf);
}

/* sw_ref_pow2_floor lane-wise: m with its mantissa cleared (an AND with +Inf's bit pattern) */
SW_INLINE sw_fw pow2_floor(sw_fw m) { return sw_and(m, sw_set1(INFINITY)); }

/* sw_ref_pair_scale lane-wise */
SW_INLINE void pair_scale(sw_fw m, sw_fw *s1, sw_fw *s2)
{
	const sw_fw one = sw_set1(1.0f);
	sw_fw a = sw_sel(sw_lt(m, sw_set1(0x1p-100f)), sw_set1(0x1p100f), one), b = axis_scale(sw_mul(m, a));
	sw_mw tiny = sw_lt(m, sw_set1(SW_PAIR_TINY));
	*s1 = sw_sel(tiny, a, one);
	*s2 = sw_sel(tiny, b, one);
}

/* (x·s1)·s2: a length at the pair's scale */
SW_INLINE sw_fw scaled(sw_fw x, sw_fw s1, sw_fw s2) { return sw_mul(sw_mul(x, s1), s2); }

#endif
