/* Which x86-64 SIMD level the kernels may use, asked once per extension module:
 * 2 = AVX2, 1 = SSSE3, 0 = neither (or not x86-64 with GCC/clang: HR_HAVE_X86_SIMD
 * is then undefined and every kernel keeps its plain C loop). The environment
 * variable HANDRANK_SIMD (0, 1 or 2), read at the first call, caps the level; the
 * tests use it to run every kernel. Two threads racing on the first call only ask
 * twice, with the same answer. */
#ifndef HANDRANK_SIMD_H
#define HANDRANK_SIMD_H
#include "_c/cardbits.h"

#if !defined(HR_NO_SIMD) && (defined(__x86_64__) || defined(_M_X64) || defined(_M_AMD64)) \
    && (defined(__GNUC__) || defined(__clang__))
#define HR_HAVE_X86_SIMD 1
#include <stdlib.h>
#include <tmmintrin.h>
#include <immintrin.h>
static int hr_simd_level_cache = -1;
HR_INLINE int hr_simd_level(void) {
    if (hr_simd_level_cache < 0) {
        const char *cap = getenv("HANDRANK_SIMD");
        int level = __builtin_cpu_supports("avx2") ? 2 : __builtin_cpu_supports("ssse3") ? 1 : 0;
        if (cap && cap[0] >= '0' && cap[0] <= '2' && cap[0] - '0' < level) level = cap[0] - '0';
        hr_simd_level_cache = level;
    }
    return hr_simd_level_cache;
}
#else
HR_INLINE int hr_simd_level(void) { return 0; }
#endif

#endif
