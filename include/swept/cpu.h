/* swept/cpu.h — which instruction-set tier runs the batched kernels, and how to cap it. */
#ifndef SWEPT_CPU_H
#define SWEPT_CPU_H

#include "swept/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Kernel tiers. On x86-64 they are ordered REF < SSE4 < AVX2 < AVX512; on arm64 REF < NEON.
typedef enum sw_isa {
	SW_ISA_REF = 0,
	SW_ISA_SSE4 = 1,
	SW_ISA_AVX2 = 2,
	SW_ISA_AVX512 = 3,
	SW_ISA_NEON = 4,
	SW_ISA_COUNT = 5,
} sw_isa;

/// The tier the batched queries use now.
SW_API sw_isa sw_active_isa(void);
/// Highest tier both compiled in and supported by this CPU.
SW_API sw_isa sw_best_isa(void);
/// Caps the tier (a cap above what the CPU has selects the best available) and returns the tier
/// now active. A tier of another architecture (SW_ISA_NEON on x86-64, SW_ISA_SSE4…AVX512 on
/// arm64) or an unknown value changes nothing and returns SW_ISA_COUNT. Overrides the SWEPT_ISA
/// environment variable (ref|sse4|avx2|avx512|neon; a foreign or unknown name is ignored), which is
/// read once at the first query. Not thread-safe with respect to running queries.
SW_API sw_isa sw_set_isa_cap(sw_isa cap);
/// Whether `isa` is compiled in and supported by this CPU.
SW_API int sw_isa_available(sw_isa isa);
/// Lowercase name ("ref", "sse4", "avx2", "avx512", "neon"); "?" for an unknown value.
SW_API const char *sw_isa_name(sw_isa isa);
/// Parses a name as above; returns SW_ISA_COUNT when unknown.
SW_API sw_isa sw_isa_from_name(const char *name);
/// Lanes per kernel call of a tier (1 for the reference).
SW_API unsigned sw_isa_lanes(sw_isa isa);

#ifdef __cplusplus
}
#endif
#endif
