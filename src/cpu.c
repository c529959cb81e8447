/* src/cpu.c — what this CPU can run, and tier names. Built with baseline flags only: nothing here
 * may execute an instruction the CPU lacks. */
#include "job.h"

#include <string.h>

#include "sw_config.h"

static const char *const names[SW_ISA_COUNT] = {"ref", "sse4", "avx2", "avx512", "neon"};

const char *sw_isa_name(sw_isa isa) { return (unsigned)isa < SW_ISA_COUNT ? names[isa] : "?"; }

sw_isa sw_isa_from_name(const char *name)
{
	for (int k = 0; name && k < SW_ISA_COUNT; k++)
		if (!strcmp(name, names[k]))
			return (sw_isa)k;
	return SW_ISA_COUNT;
}

unsigned sw_isa_lanes(sw_isa isa)
{
	switch (isa) {
	case SW_ISA_SSE4:
	case SW_ISA_NEON: return 4;
	case SW_ISA_AVX2: return 8;
	case SW_ISA_AVX512: return 16;
	default: return 1;
	}
}

/* whether the CPU (and the OS, for the wide register state) supports a tier; libgcc's
 * __builtin_cpu_supports checks XGETBV for the AVX and AVX-512 state */
static int cpu_has(sw_isa isa)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_cpu_init();
	switch (isa) {
	case SW_ISA_SSE4: return __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("sse4.2");
	case SW_ISA_AVX2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
	case SW_ISA_AVX512:
		return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
		       __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
	default: return isa == SW_ISA_REF;
	}
#elif defined(__aarch64__)
	return isa == SW_ISA_REF || isa == SW_ISA_NEON; /* Advanced SIMD is mandatory on arm64 */
#else
	return isa == SW_ISA_REF;
#endif
}

static int compiled_in(sw_isa isa)
{
	switch (isa) {
	case SW_ISA_REF: return 1;
#ifdef SW_HAVE_SSE4
	case SW_ISA_SSE4: return 1;
#endif
#ifdef SW_HAVE_AVX2
	case SW_ISA_AVX2: return 1;
#endif
#ifdef SW_HAVE_AVX512
	case SW_ISA_AVX512: return 1;
#endif
#ifdef SW_HAVE_NEON
	case SW_ISA_NEON: return 1;
#endif
	default: return 0;
	}
}

int sw_isa_available(sw_isa isa) { return (unsigned)isa < SW_ISA_COUNT && compiled_in(isa) && cpu_has(isa); }

int sw_isa_rank_(sw_isa isa) { return isa == SW_ISA_NEON ? 1 : (int)isa; }

int sw_isa_native_(sw_isa isa)
{
	if (isa == SW_ISA_REF)
		return 1;
#if defined(__x86_64__) || defined(__i386__)
	return isa == SW_ISA_SSE4 || isa == SW_ISA_AVX2 || isa == SW_ISA_AVX512;
#elif defined(__aarch64__)
	return isa == SW_ISA_NEON;
#else
	return 0;
#endif
}
