/* The bulk poker kernel over card-id rows, in plain C so that each row width
 * (5, 6, 7) gets its own fully unrolled loop. Any byte value is safe: bad ids
 * (>= 52) and repeats are caught without a branch per card, and the first bad
 * column is located only for a bad row. Other Cython modules may cimport these
 * through poker/_kernel.pxd. */
#ifndef HANDRANK_POKER_KERNEL_H
#define HANDRANK_POKER_KERNEL_H
#include <stdint.h>
#include <stddef.h>
#include "poker/tables.h"
#include "_c/cardbits.h"

#include "_c/errors.h"

HR_INLINE int32_t hr_poker_strength(uint64_t key, uint64_t mask) {
    if (key & HR_FLUSH_CHECK) {
        uint64_t f = (key >> 32) & 0x8888;
        unsigned suit = (f & 0x8) ? 0 : (f & 0x80) ? 1 : (f & 0x800) ? 2 : 3;
        return HR_FLUSH[hr_suit_ranks(mask, suit)];
    }
    uint32_t k = (uint32_t)key;
    return HR_NOFLUSH[(k & 0xFFF) + HR_ROW_OFFSET[k >> 12]];
}

/* Locate the first bad column of a row already known to be bad. */
HR_INLINE void hr_find_bad(const uint8_t *row, int k, int *err, int *col) {
    uint64_t seen = 0;
    int j;
    for (j = 0; j < k; j++) {
        uint8_t c = row[j];
        if (c >= 52) { *err = HR_ERR_RANGE; *col = j; return; }
        if (seen >> c & 1) { *err = HR_ERR_DUPLICATE; *col = j; return; }
        seen |= (uint64_t)1 << c;
    }
}

/* Per-card accumulation over the generated table HR_KB[2 * v] = {key, bit}
 * for every byte value v: key is HR_CARD_KEY (or the poison bit 48 for ids
 * >= 52), bit is 1 << id (0 for ids >= 52). A row's key is the sum of its keys; its mask the OR of its bits;
 * a repeated card makes the plain sum of the bits differ from their OR.
 * SSE2 (every x86-64) and NEON (every arm64) do key and bit in one 128-bit add;
 * other targets use plain 64-bit arithmetic. */
#if !defined(HR_NO_SIMD) && (defined(__x86_64__) || defined(_M_X64) || defined(_M_AMD64))
#include <emmintrin.h>
#define HR_ACC_DECL const __m128i hr_base = _mm_set_epi64x(0, (long long)HR_SUIT_BASE)
#define HR_ACC_VARS __m128i hr_s, hr_o
#define HR_ACC_INIT hr_s = hr_base; hr_o = _mm_setzero_si128()
#define HR_ACC_ADD(kb, c) do { __m128i v_ = _mm_loadu_si128((const __m128i *)((kb) + 2 * (c))); \
        hr_s = _mm_add_epi64(hr_s, v_); hr_o = _mm_or_si128(hr_o, v_); } while (0)
#define HR_ACC_KEY ((uint64_t)_mm_cvtsi128_si64(hr_s))
#define HR_ACC_SUM ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(hr_s, hr_s)))
#define HR_ACC_MASK ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(hr_o, hr_o)))
#elif !defined(HR_NO_SIMD) && (defined(__ARM_NEON) || defined(_M_ARM64))
#include <arm_neon.h>
#define HR_ACC_DECL const uint64x2_t hr_base = vcombine_u64(vcreate_u64(HR_SUIT_BASE), vcreate_u64(0))
#define HR_ACC_VARS uint64x2_t hr_s, hr_o
#define HR_ACC_INIT hr_s = hr_base; hr_o = vdupq_n_u64(0)
#define HR_ACC_ADD(kb, c) do { uint64x2_t v_ = vld1q_u64((kb) + 2 * (c)); \
        hr_s = vaddq_u64(hr_s, v_); hr_o = vorrq_u64(hr_o, v_); } while (0)
#define HR_ACC_KEY vgetq_lane_u64(hr_s, 0)
#define HR_ACC_SUM vgetq_lane_u64(hr_s, 1)
#define HR_ACC_MASK vgetq_lane_u64(hr_o, 1)
#else
#define HR_ACC_DECL (void)0
#define HR_ACC_VARS uint64_t hr_key, hr_sum, hr_mask
#define HR_ACC_INIT hr_key = HR_SUIT_BASE; hr_sum = 0; hr_mask = 0
#define HR_ACC_ADD(kb, c) do { hr_key += (kb)[2 * (c)]; hr_sum += (kb)[2 * (c) + 1]; \
        hr_mask |= (kb)[2 * (c) + 1]; } while (0)
#define HR_ACC_KEY hr_key
#define HR_ACC_SUM hr_sum
#define HR_ACC_MASK hr_mask
#endif

#define HR_DEFINE_IDS_KERNEL(K)                                                     \
HR_INLINE ptrdiff_t hr_poker_eval_ids##K(const uint8_t *ids, ptrdiff_t start,          \
        ptrdiff_t stop, int32_t *out, int *err, int *col) {                         \
    ptrdiff_t i;                                                                    \
    HR_ACC_DECL;                                                                    \
    for (i = start; i < stop; i++) {                                                \
        const uint8_t *row = ids + i * K;                                           \
        uint64_t key, mask;                                                         \
        int j;                                                                      \
        HR_ACC_VARS;                                                                \
        HR_ACC_INIT;                                                                \
        for (j = 0; j < K; j++) HR_ACC_ADD(HR_KB, row[j]);                          \
        key = HR_ACC_KEY;                                                           \
        mask = HR_ACC_MASK;                                                         \
        if ((key >> 48) | (HR_ACC_SUM ^ mask)) {                                    \
            hr_find_bad(row, K, err, col);                                          \
            return i;                                                               \
        }                                                                           \
        out[i] = hr_poker_strength(key, mask);                                      \
    }                                                                               \
    return -1;                                                                      \
}

HR_DEFINE_IDS_KERNEL(5)
HR_DEFINE_IDS_KERNEL(6)
HR_DEFINE_IDS_KERNEL(7)

/* The same kernel over wider (or signed) integer ids, read in place: each id is
 * converted to uint64 (a negative one wraps to a huge value) and clamped to 52,
 * whose HR_KB entry is the poison key, so the row check above catches it with
 * no extra branch. One kernel per (width, type). */
/* Wide rows stream many more bytes than the tables can share the cache with:
 * fetch the input a few rows ahead, marked as used once (it stays out of the
 * caches' long-lived part and leaves them to the tables). Reading past the end
 * is never done: a prefetch is only a hint, never a load. */
#if defined(__GNUC__) || defined(__clang__)
#define HR_PREFETCH(p) __builtin_prefetch((p), 0, 0)
#else
#define HR_PREFETCH(p) ((void)0)
#endif
#define HR_PREFETCH_ROWS 16

#define HR_DEFINE_TYPED_KERNEL(K, T, SUF)                                           \
HR_INLINE ptrdiff_t hr_poker_eval_ids##K##SUF(const T *ids, ptrdiff_t start,           \
        ptrdiff_t stop, int32_t *out, int *err, int *col) {                         \
    ptrdiff_t i;                                                                    \
    HR_ACC_DECL;                                                                    \
    for (i = start; i < stop; i++) {                                                \
        const T *row = ids + i * K;                                                 \
        uint64_t key, mask, seen = 0;                                               \
        HR_PREFETCH(row + HR_PREFETCH_ROWS * K);                                    \
        int j;                                                                      \
        HR_ACC_VARS;                                                                \
        HR_ACC_INIT;                                                                \
        for (j = 0; j < K; j++) {                                                   \
            uint64_t c_ = (uint64_t)row[j];                                         \
            HR_ACC_ADD(HR_KB, c_ < 52 ? c_ : 52);                                   \
        }                                                                           \
        key = HR_ACC_KEY;                                                           \
        mask = HR_ACC_MASK;                                                         \
        if ((key >> 48) | (HR_ACC_SUM ^ mask)) {                                    \
            for (j = 0; j < K; j++) {                                               \
                uint64_t c_ = (uint64_t)row[j];                                     \
                if (c_ >= 52) { *err = HR_ERR_RANGE; *col = j; break; }             \
                if (seen >> c_ & 1) { *err = HR_ERR_DUPLICATE; *col = j; break; }   \
                seen |= (uint64_t)1 << c_;                                          \
            }                                                                       \
            return i;                                                               \
        }                                                                           \
        out[i] = hr_poker_strength(key, mask);                                      \
    }                                                                               \
    return -1;                                                                      \
}

#define HR_DEFINE_TYPED_KERNELS(T, SUF) \
    HR_DEFINE_TYPED_KERNEL(5, T, SUF) HR_DEFINE_TYPED_KERNEL(6, T, SUF) HR_DEFINE_TYPED_KERNEL(7, T, SUF)
HR_DEFINE_TYPED_KERNELS(int8_t, _i8)
HR_DEFINE_TYPED_KERNELS(int16_t, _i16)
HR_DEFINE_TYPED_KERNELS(uint16_t, _u16)
HR_DEFINE_TYPED_KERNELS(int32_t, _i32)
HR_DEFINE_TYPED_KERNELS(uint32_t, _u32)
HR_DEFINE_TYPED_KERNELS(int64_t, _i64)
HR_DEFINE_TYPED_KERNELS(uint64_t, _u64)

/* Rows start..stop of a C-contiguous, aligned (N, k) array of integer ids of
 * `itemsize` bytes (1, 2, 4 or 8), signed or not, k in 5..7. Returns the first
 * bad row (with *err, *col) or -1; -2 for an unsupported itemsize or k. */
HR_INLINE ptrdiff_t hr_poker_eval_ids_any(const void *ids, int k, int itemsize, int is_signed,
        ptrdiff_t start, ptrdiff_t stop, int32_t *out, int *err, int *col) {
#define HR_BY_K(SUF, T) switch (k) {                                                   \
        case 5: return hr_poker_eval_ids5##SUF((const T *)ids, start, stop, out, err, col); \
        case 6: return hr_poker_eval_ids6##SUF((const T *)ids, start, stop, out, err, col); \
        case 7: return hr_poker_eval_ids7##SUF((const T *)ids, start, stop, out, err, col); \
        default: return -2; }
    switch (itemsize * 2 + (is_signed != 0)) {
        case 2: HR_BY_K(, uint8_t)
        case 3: HR_BY_K(_i8, int8_t)
        case 4: HR_BY_K(_u16, uint16_t)
        case 5: HR_BY_K(_i16, int16_t)
        case 8: HR_BY_K(_u32, uint32_t)
        case 9: HR_BY_K(_i32, int32_t)
        case 16: HR_BY_K(_u64, uint64_t)
        case 17: HR_BY_K(_i64, int64_t)
        default: return -2;
    }
#undef HR_BY_K
}

#endif
