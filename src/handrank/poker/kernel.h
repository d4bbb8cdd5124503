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
#include "_c/simd.h"

/* The flush suit of a hand whose key has a HR_FLUSH_CHECK bit set (the suit whose
 * counter reached 5: one at most, in 7 cards), without a branch: a chain of tests
 * of the four bits cost the bulk kernel a mispredicted branch on many flushes. Any
 * key gives 0..3. */
HR_INLINE unsigned hr_flush_suit(uint64_t key) {
    return (unsigned)(hr_ctz64(((key >> HR_SUIT_SHIFT) & 0x8888) | 0x80000) >> 2) & 3;
}

HR_INLINE int32_t hr_poker_strength(uint64_t key, uint64_t mask) {
    if (key & HR_FLUSH_CHECK)
        return HR_FLUSH[hr_suit_ranks(mask, hr_flush_suit(key))];
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

/* The fused checked kernel: every row summed and checked as it is evaluated.
 * hr_poker_eval_ids##K runs it on a block that failed the block check below
 * (to name the first bad row and column exactly), and on targets without the
 * SIMD block check. */
#define HR_DEFINE_CHECKED_KERNEL(K)                                                 \
HR_INLINE ptrdiff_t hr_poker_eval_checked##K(const uint8_t *ids, ptrdiff_t start,      \
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

HR_DEFINE_CHECKED_KERNEL(5)
HR_DEFINE_CHECKED_KERNEL(6)
HR_DEFINE_CHECKED_KERNEL(7)

#if defined(__GNUC__) || defined(__clang__)
#define HR_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define HR_UNLIKELY(x) (x)
#endif

/* Strength from a hand's key (HR_SUIT_BASE + the HR_CARD_KEY of each card, as
 * for hr_poker_strength) and its SUIT-MAJOR card mask: the OR of
 * HR_BYTE_SUIT_BIT[id] = 1 << (16 * suit + rank), so the flush suit's ranks are
 * one shift. For kernels that accumulate that mask instead of the id-order one.
 * Memory-safe for any sum of at most 7 HR_BYTE_KEY / HR_CARD_KEY entries and any
 * mask (the tables are padded); right for 5..7 distinct cards. */
HR_INLINE int32_t hr_poker_strength_sm(uint64_t key, uint64_t smask) {
    if (HR_UNLIKELY(key & HR_FLUSH_CHECK))
        return HR_FLUSH[(smask >> (16 * hr_flush_suit(key))) & 0x1FFF];
    {
        uint32_t k = (uint32_t)key;
        return HR_NOFLUSH[(k & 0xFFF) + HR_ROW_OFFSET[k >> 12]];
    }
}

/* Strength of one row of K card-id bytes with no check at all: the rank and
 * suit key from HR_BYTE_KEY (one load and add per card), the suit-major mask
 * only for the few hands with a flush. Memory-safe for ANY bytes (bytes >= 52
 * add nothing; the tables are padded for any 7 keys); right when the row holds
 * K distinct ids < 52. The bulk kernels call it only on checked rows; it is
 * also the loop of _plain_loop_benchmark, the "limit of this design". */
#define HR_DEFINE_ROW_STRENGTH(K)                                                   \
HR_INLINE int32_t hr_poker_row_strength##K(const uint8_t *row) {                    \
    uint64_t key = HR_SUIT_BASE;                                                    \
    int j;                                                                          \
    for (j = 0; j < K; j++) key += HR_BYTE_KEY[row[j]];                             \
    if (HR_UNLIKELY(key & HR_FLUSH_CHECK)) {                                        \
        uint64_t sm = 0;                                                            \
        for (j = 0; j < K; j++) sm |= HR_BYTE_SUIT_BIT[row[j]];                     \
        return hr_poker_strength_sm(key, sm);                                       \
    }                                                                               \
    {                                                                               \
        uint32_t k = (uint32_t)key;                                                 \
        return HR_NOFLUSH[(k & 0xFFF) + HR_ROW_OFFSET[k >> 12]];                    \
    }                                                                               \
}
HR_DEFINE_ROW_STRENGTH(5)
HR_DEFINE_ROW_STRENGTH(6)
HR_DEFINE_ROW_STRENGTH(7)

/* The plain loop over the same tables, no check at all (the "limit of this
 * design" row of the benchmarks). PRECONDITION: valid rows (any bytes are
 * memory-safe, see hr_poker_row_strength7). */
HR_INLINE void hr_poker_plain_loop7(const uint8_t *ids, ptrdiff_t n, int32_t *out) {
    ptrdiff_t i;
    for (i = 0; i < n; i++) out[i] = hr_poker_row_strength7(ids + 7 * i);
}

/* 1 when rows start..stop of K-byte rows are all valid (ids < 52, no repeat). */
HR_INLINE int hr_poker_rows_ok(const uint8_t *ids, int k, ptrdiff_t start, ptrdiff_t stop) {
    ptrdiff_t i;
    for (i = start; i < stop; i++) {
        const uint8_t *row = ids + k * i;
        uint64_t seen = 0;
        int j;
        for (j = 0; j < k; j++) {
            if (row[j] >= 52 || (seen >> row[j] & 1)) return 0;
            seen |= (uint64_t)1 << row[j];
        }
    }
    return 1;
}

/* Rows per block: the check's verdict is taken once per block; a bad block is
 * evaluated again by the checked kernel (which names the row), so a block is
 * small enough to stay in L1 and to cost little to redo. */
#define HR_CHECK_BLOCK 256

/* The fast uint8 kernel (x86-64 CPUs with SSSE3, chosen at run time; every
 * x86-64 CPU since about 2008): per pair of rows, one 16-byte load and a few
 * byte shuffles check both rows, folded into running "bad" vectors; the rows
 * themselves go through the unchecked hr_poker_row_strength##K. Each row goes
 * to its own 64-bit lane (its K bytes, the rest zeroed): an id > 51 shows in a
 * saturating subtract, a repeat when the row equals itself rotated by 1..K/2
 * bytes in some byte (those rotations pair every two of the K positions). At
 * the end of each block of HR_CHECK_BLOCK rows the vectors are tested once;
 * a bad block is redone by the checked kernel, which finds the row and column.
 * Loads stay inside rows start..stop (the last rows of a call, whose 16-byte
 * load would pass the end, are checked one by one). */
#ifdef HR_HAVE_X86_SIMD
#define HR_HAVE_FAST_IDS 1
/* Shuffle pattern: lane byte p (p < K) takes row byte (p + d) % K, others 0. */
#define HR_ROT_B(K, d, p) ((p) < (K) ? (char)(((p) + (d)) % (K)) : (char)0x80)
#define HR_ROT_PAT(K, d) _mm_setr_epi8(                                              \
    HR_ROT_B(K, d, 0), HR_ROT_B(K, d, 1), HR_ROT_B(K, d, 2), HR_ROT_B(K, d, 3),      \
    HR_ROT_B(K, d, 4), HR_ROT_B(K, d, 5), HR_ROT_B(K, d, 6), HR_ROT_B(K, d, 7),      \
    (char)(HR_ROT_B(K, d, 0) + K), (char)(HR_ROT_B(K, d, 1) + K),                  \
    (char)(HR_ROT_B(K, d, 2) + K), (char)(HR_ROT_B(K, d, 3) + K),                  \
    (char)(HR_ROT_B(K, d, 4) + K), (char)((K) > 5 ? HR_ROT_B(K, d, 5) + K : 0x80),   \
    (char)((K) > 6 ? HR_ROT_B(K, d, 6) + K : 0x80), (char)0x80)
#define HR_DEFINE_FAST_KERNEL(K)                                                    \
__attribute__((target("ssse3"))) static inline ptrdiff_t hr_poker_eval_fast##K(      \
        const uint8_t *ids, ptrdiff_t start, ptrdiff_t stop, int32_t *out,          \
        int *err, int *col) {                                                       \
    const __m128i p0 = HR_ROT_PAT(K, 0), p1 = HR_ROT_PAT(K, 1);                     \
    const __m128i p2 = HR_ROT_PAT(K, 2), p3 = HR_ROT_PAT(K, 3);                     \
    const __m128i lane = _mm_set1_epi64x((long long)((1ULL << (8 * K)) - 1));      \
    const __m128i top = _mm_set1_epi8(51);                                          \
    /* rows i < vlim may start a 2-row step (its 16-byte load ends inside row     \
       stop - 1); found once, not per step */                                       \
    const ptrdiff_t vlim = K * stop >= 16 ? (K * stop - 16) / K + 1 : 0;            \
    ptrdiff_t b, e, i, e2;                                                          \
    for (b = start; b < stop; b = e) {                                              \
        __m128i bad = _mm_setzero_si128(), same = _mm_setzero_si128();              \
        e = stop - b > HR_CHECK_BLOCK ? b + HR_CHECK_BLOCK : stop;                  \
        e2 = e - 1 < vlim ? e - 1 : vlim;                                           \
        for (i = b; i < e2; i += 2) {                                               \
            __m128i x = _mm_loadu_si128((const __m128i *)(ids + K * i));            \
            __m128i y = _mm_shuffle_epi8(x, p0);                                    \
            bad = _mm_or_si128(bad, _mm_subs_epu8(y, top));                         \
            same = _mm_or_si128(same, _mm_cmpeq_epi8(y, _mm_shuffle_epi8(x, p1)));  \
            same = _mm_or_si128(same, _mm_cmpeq_epi8(y, _mm_shuffle_epi8(x, p2)));  \
            if (K > 5)                                                              \
                same = _mm_or_si128(same, _mm_cmpeq_epi8(y, _mm_shuffle_epi8(x, p3))); \
            out[i] = hr_poker_row_strength##K(ids + K * i);                         \
            out[i + 1] = hr_poker_row_strength##K(ids + K * i + K);                 \
        }                                                                           \
        bad = _mm_or_si128(bad, _mm_and_si128(same, lane));                         \
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) != 0xFFFF   \
                || !hr_poker_rows_ok(ids, K, i, e)) {                               \
            ptrdiff_t r = hr_poker_eval_checked##K(ids, b, e, out, err, col);       \
            if (r >= 0) return r;                                                   \
        } else {                                                                    \
            for (; i < e; i++) out[i] = hr_poker_row_strength##K(ids + K * i);      \
        }                                                                           \
    }                                                                               \
    return -1;                                                                      \
}
HR_DEFINE_FAST_KERNEL(5)
HR_DEFINE_FAST_KERNEL(6)
HR_DEFINE_FAST_KERNEL(7)

/* The AVX2 kernel (chosen at run time when the CPU and OS have AVX2): four rows
 * per iteration, one row per 64-bit lane of a 256-bit vector, checked as above,
 * and their keys computed in the vector too, with no table load per card: the
 * rank key's three bytes come from byte shuffles of HR_RANK_KEY_PLANES indexed
 * by id >> 2 and are summed across the row with psadbw; the suit counters the
 * same way (two shuffles of id & 3, counts 1 and 16 per suit, summed into
 * nibbles). Pad bytes are set to 0xFF first, which looks up rank 15 (a zero
 * entry) and a suit index with bit 7 set (shuffle gives 0), so they add
 * nothing; any byte adds at most one rank key, so the row loop's bounds hold.
 * Then per row the two table loads in scalar code. On 7 cards, a row that may
 * hold a flush (about 3% of random rows) is not a branch there: every row gets
 * its non-flush lookup, each step stores its four rows' flush bits (from the
 * vector) at its own place, and the rows noted are redone at the end of the
 * block (hr_poker_row_strength##K, its suit found without a branch). A branch
 * per row that mispredicts on each flush throws away the long chain of vector
 * work in flight behind it: 1.62 against 1.39 ns/hand in a C loop here (issue
 * 11, round 6). On 5 and 6 cards flushes are rarer (0.2% and 0.8%) and the
 * branch is the cheaper (1.05 against 1.17 ns/hand on 5). */
#define HR_B2(v) _mm256_broadcastsi128_si256(v)
#define HR_DEFINE_AVX2_KERNEL(K)                                                    \
__attribute__((target("avx2"))) static inline ptrdiff_t hr_poker_eval_avx2_##K(       \
        const uint8_t *ids, ptrdiff_t start, ptrdiff_t stop, int32_t *out,          \
        int *err, int *col) {                                                       \
    const __m256i p0 = HR_B2(HR_ROT_PAT(K, 0)), p1 = HR_B2(HR_ROT_PAT(K, 1));       \
    const __m256i p2 = HR_B2(HR_ROT_PAT(K, 2)), p3 = HR_B2(HR_ROT_PAT(K, 3));       \
    const __m256i lane = _mm256_set1_epi64x((long long)((1ULL << (8 * K)) - 1));   \
    const __m256i pad = _mm256_andnot_si256(lane, _mm256_set1_epi8(-1));            \
    const __m256i top = _mm256_set1_epi8(51), zero = _mm256_setzero_si256();        \
    const __m256i m3f = _mm256_set1_epi8(0x3F), m83 = _mm256_set1_epi8((char)0x83); \
    const __m256i sa_t = HR_B2(_mm_setr_epi8(1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)); \
    const __m256i sb_t = HR_B2(_mm_setr_epi8(0, 0, 1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)); \
    const __m256i t0 = HR_B2(_mm_loadu_si128((const __m128i *)HR_RANK_KEY_PLANES));  \
    const __m256i t1 = HR_B2(_mm_loadu_si128((const __m128i *)(HR_RANK_KEY_PLANES + 16))); \
    const __m256i t2 = HR_B2(_mm_loadu_si128((const __m128i *)(HR_RANK_KEY_PLANES + 32))); \
    const __m256i base = _mm256_set1_epi64x((long long)HR_SUIT_BASE);               \
    const __m256i fchk = _mm256_set1_epi64x((long long)HR_FLUSH_CHECK);             \
    /* rows i < vlim may start a 4-row step (its second 16-byte load ends inside  \
       row stop - 1); found once, not per step */                                   \
    const ptrdiff_t vlim = K * stop >= 2 * K + 16 ? (K * stop - 2 * K - 16) / K + 1 : 0; \
    ptrdiff_t b, e, i, e4;                                                          \
    /* 7 cards: step j's 4-bit mask of rows that may hold a flush (rows           \
       b + 4j .. b + 4j + 3), redone at the end of the block */                     \
    uint8_t flush_at[HR_CHECK_BLOCK / 4 + 32] = {0};  /* read 32 at a time */     \
    for (b = start; b < stop; b = e) {                                              \
        __m256i bad = zero, same = zero;                                            \
        e = stop - b > HR_CHECK_BLOCK ? b + HR_CHECK_BLOCK : stop;                  \
        e4 = e - 3 < vlim ? e - 3 : vlim;                                           \
        for (i = b; i < e4; i += 4) {                                               \
            __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(             \
                _mm_loadu_si128((const __m128i *)(ids + K * i))),                   \
                _mm_loadu_si128((const __m128i *)(ids + K * i + 2 * K)), 1);        \
            __m256i y = _mm256_shuffle_epi8(x, p0), yp, r, s, key, su;              \
            uint64_t kk[4];                                                         \
            int q;                                                                  \
            bad = _mm256_or_si256(bad, _mm256_subs_epu8(y, top));                   \
            same = _mm256_or_si256(same, _mm256_cmpeq_epi8(y, _mm256_shuffle_epi8(x, p1))); \
            same = _mm256_or_si256(same, _mm256_cmpeq_epi8(y, _mm256_shuffle_epi8(x, p2))); \
            if (K > 5)                                                              \
                same = _mm256_or_si256(same, _mm256_cmpeq_epi8(y, _mm256_shuffle_epi8(x, p3))); \
            yp = _mm256_or_si256(y, pad);                                           \
            r = _mm256_and_si256(_mm256_srli_epi16(yp, 2), m3f);                    \
            key = _mm256_add_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(t0, r), zero), \
                _mm256_slli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(t1, r), zero), 8)); \
            key = _mm256_add_epi64(key,                                             \
                _mm256_slli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(t2, r), zero), 16)); \
            s = _mm256_and_si256(yp, m83);                                          \
            su = _mm256_add_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(sa_t, s), zero), \
                _mm256_slli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(sb_t, s), zero), 8)); \
            key = _mm256_add_epi64(_mm256_add_epi64(key, _mm256_slli_epi64(su, HR_SUIT_SHIFT)), base); \
            _mm256_storeu_si256((__m256i *)kk, key);                                \
            if (K == 7) {  /* a flush row's value is replaced at the block's end */ \
                flush_at[(i - b) >> 2] = (uint8_t)(_mm256_movemask_pd(              \
                    _mm256_castsi256_pd(_mm256_cmpeq_epi64(                         \
                        _mm256_and_si256(key, fchk), zero))) ^ 0xF);                \
                for (q = 0; q < 4; q++) {                                           \
                    uint32_t k32 = (uint32_t)kk[q];                                 \
                    out[i + q] = HR_NOFLUSH[(k32 & 0xFFF) + HR_ROW_OFFSET[k32 >> 12]]; \
                }                                                                   \
            } else {  /* 5 or 6 cards: flushes are rare, a branch is cheaper */     \
                for (q = 0; q < 4; q++) {                                           \
                    uint64_t kq = kk[q];                                            \
                    if (HR_UNLIKELY(kq & HR_FLUSH_CHECK)) {                         \
                        out[i + q] = hr_poker_row_strength##K(ids + K * (i + q));   \
                    } else {                                                        \
                        uint32_t k32 = (uint32_t)kq;                                \
                        out[i + q] = HR_NOFLUSH[(k32 & 0xFFF) + HR_ROW_OFFSET[k32 >> 12]]; \
                    }                                                               \
                }                                                                   \
            }                                                                       \
        }                                                                           \
        bad = _mm256_or_si256(bad, _mm256_and_si256(same, lane));                   \
        if (!_mm256_testz_si256(bad, bad) || !hr_poker_rows_ok(ids, K, i, e)) {     \
            ptrdiff_t rr = hr_poker_eval_checked##K(ids, b, e, out, err, col);      \
            if (rr >= 0) return rr;                                                 \
        } else {                                                                    \
            ptrdiff_t steps = (i - b) >> 2, j0, j;                                  \
            for (j0 = 0; K == 7 && j0 < steps; j0 += 32) {                          \
                /* the steps with a flush row among the next 32, one bit each */    \
                uint64_t nz = (uint32_t)~_mm256_movemask_epi8(_mm256_cmpeq_epi8(     \
                    _mm256_loadu_si256((const __m256i *)(flush_at + j0)), zero));   \
                if (steps - j0 < 32) nz &= ((uint64_t)1 << (steps - j0)) - 1;       \
                for (; nz; nz &= nz - 1) {                                          \
                    unsigned m;                                                     \
                    j = j0 + hr_ctz64(nz);                                          \
                    for (m = flush_at[j]; m; m &= m - 1) {                          \
                        ptrdiff_t r = b + 4 * j + hr_ctz64(m);                      \
                        out[r] = hr_poker_row_strength##K(ids + K * r);             \
                    }                                                               \
                }                                                                   \
            }                                                                       \
            for (; i < e; i++) out[i] = hr_poker_row_strength##K(ids + K * i);      \
        }                                                                           \
    }                                                                               \
    return -1;                                                                      \
}
HR_DEFINE_AVX2_KERNEL(5)
HR_DEFINE_AVX2_KERNEL(6)
HR_DEFINE_AVX2_KERNEL(7)

#endif

/* The bulk uint8 kernel: rows start..stop of an (N, K) array of card ids into
 * out; returns -1, or the first bad row with *err (HR_ERR_RANGE or
 * HR_ERR_DUPLICATE) and *col (its first bad column). Any byte values are safe.
 * The AVX2 or SSSE3 kernel where the CPU allows, else the fused checked
 * kernel; all give the same strengths and the same first error (the level:
 * hr_simd_level of _c/simd.h, which HANDRANK_SIMD caps). */
#ifdef HR_HAVE_FAST_IDS
#define HR_DEFINE_IDS_KERNEL(K)                                                     \
HR_INLINE ptrdiff_t hr_poker_eval_ids##K(const uint8_t *ids, ptrdiff_t start,          \
        ptrdiff_t stop, int32_t *out, int *err, int *col) {                         \
    int level_ = hr_simd_level();                                             \
    if (level_ == 2) return hr_poker_eval_avx2_##K(ids, start, stop, out, err, col); \
    if (level_ == 1) return hr_poker_eval_fast##K(ids, start, stop, out, err, col); \
    return hr_poker_eval_checked##K(ids, start, stop, out, err, col);               \
}
#else
#define HR_DEFINE_IDS_KERNEL(K)                                                     \
HR_INLINE ptrdiff_t hr_poker_eval_ids##K(const uint8_t *ids, ptrdiff_t start,          \
        ptrdiff_t stop, int32_t *out, int *err, int *col) {                         \
    return hr_poker_eval_checked##K(ids, start, stop, out, err, col);               \
}
#endif

HR_DEFINE_IDS_KERNEL(5)
HR_DEFINE_IDS_KERNEL(6)
HR_DEFINE_IDS_KERNEL(7)

/* Bring the 7-card lookup tables (HR_ROW_OFFSET, HR_NOFLUSH, HR_FLUSH: about 200
 * KB) into the cache ahead of a short kernel that reads them at random (an exact
 * enumeration: about 0.4 ms). After other work has evicted them, the kernel's first
 * lookups would each wait for memory in turn; these prefetches overlap those waits
 * (a cold AhAd vs KsKc enumeration: see benchmarks/README.md). About 3,200
 * instructions, nothing when the tables are already cached. */
HR_INLINE void hr_poker_prefetch_tables(void) {
#if defined(__GNUC__) || defined(__clang__)
    size_t i;
    for (i = 0; i < sizeof(HR_ROW_OFFSET); i += 64) __builtin_prefetch((const char *)HR_ROW_OFFSET + i, 0, 2);
    for (i = 0; i < sizeof(HR_NOFLUSH); i += 64) __builtin_prefetch((const char *)HR_NOFLUSH + i, 0, 2);
    for (i = 0; i < sizeof(HR_FLUSH); i += 64) __builtin_prefetch((const char *)HR_FLUSH + i, 0, 2);
#endif
}

/* The last card of an enumeration: every card first..51 added to k (the key of
 * the cards before it) and sm (their suit-major mask), counted by strength. When
 * no suit has 4 of the cards before it, no last card can make a flush, so its
 * four suits give the same strength: one lookup per rank of the last card
 * (HR_NOFLUSH on the rank key alone), counted once per card of that rank still
 * to come (4, or fewer for the lowest rank). Otherwise each card is evaluated
 * with its flush check. */
HR_INLINE void hr_poker_count_last(uint64_t k, uint64_t sm, int first, uint32_t *hist) {
    int c, r;
    /* A suit with 4 cards: counter 3 + 4 = 7, and + 1 sets its bit 3. */
    if (((k + ((uint64_t)0x1111 << HR_SUIT_SHIFT)) & HR_FLUSH_CHECK) == 0) {
        uint32_t rk = (uint32_t)k;
        int r0 = first >> 2;
        uint32_t kk = rk + (uint32_t)HR_CARD_KEY[4 * r0];
        hist[HR_NOFLUSH[(kk & 0xFFF) + HR_ROW_OFFSET[kk >> 12]]] += (uint32_t)(4 * r0 + 4 - first);
        for (r = r0 + 1; r < 13; r++) {
            kk = rk + (uint32_t)HR_CARD_KEY[4 * r];
            hist[HR_NOFLUSH[(kk & 0xFFF) + HR_ROW_OFFSET[kk >> 12]]] += 4;
        }
    } else {
        for (c = first; c < 52; c++)
            hist[hr_poker_strength_sm(k + HR_CARD_KEY[c], sm | HR_BYTE_SUIT_BIT[c])] += 1;
    }
}

/* Every hand made of the cards behind key k / suit-major mask sm plus five
 * more cards all from lo..51, counted by strength (the last of the five through
 * hr_poker_count_last). */
HR_INLINE void hr_poker_count_five_more(uint64_t k, uint64_t sm, int lo, uint32_t *hist) {
    int c, d, e, f;
    for (c = lo; c < 48; c++) {
        uint64_t kc = k + HR_CARD_KEY[c], mc = sm | HR_BYTE_SUIT_BIT[c];
        for (d = c + 1; d < 49; d++) {
            uint64_t kd = kc + HR_CARD_KEY[d], md = mc | HR_BYTE_SUIT_BIT[d];
            for (e = d + 1; e < 50; e++) {
                uint64_t ke = kd + HR_CARD_KEY[e], me = md | HR_BYTE_SUIT_BIT[e];
                for (f = e + 1; f < 51; f++)
                    hr_poker_count_last(ke + HR_CARD_KEY[f], me | HR_BYTE_SUIT_BIT[f], f + 1, hist);
            }
        }
    }
}

/* Every n-card hand of one deck (n = 5, 6 or 7), counted by strength into
 * hist[0..HR_NUM_STRENGTHS] (zeroed by the caller; uint32 holds every count,
 * 133,784,560 at most): nested loops, each level adding one card's key and
 * suit-major bit to its parent's (the first n - 5 cards here, the other five in
 * hr_poker_count_five_more). Anything but 5..7 counts nothing. */
HR_INLINE void hr_poker_count_all(int n, uint32_t *hist) {
    int a, b;
    if (n == 5) hr_poker_count_five_more(HR_SUIT_BASE, 0, 0, hist);
    if (n == 6)
        for (a = 0; a < 47; a++)
            hr_poker_count_five_more(HR_SUIT_BASE + HR_CARD_KEY[a], HR_BYTE_SUIT_BIT[a], a + 1, hist);
    if (n == 7)
        for (a = 0; a < 46; a++)
            for (b = a + 1; b < 47; b++)
                hr_poker_count_five_more(HR_SUIT_BASE + HR_CARD_KEY[a] + HR_CARD_KEY[b],
                                         HR_BYTE_SUIT_BIT[a] | HR_BYTE_SUIT_BIT[b], b + 1, hist);
}

/* The plain enumeration over the same tables (the "limit of this design" row of
 * the benchmarks): seven nested loops over all 133,784,560 seven-card hands,
 * keys and id-order masks added incrementally, hr_poker_strength on every hand,
 * counted into hist (zeroed by the caller). */
HR_INLINE void hr_poker_plain_enumeration7(uint32_t *hist) {
    int a, b, c, d, e, f, g;
    for (a = 0; a < 46; a++) {
        uint64_t ka = HR_SUIT_BASE + HR_CARD_KEY[a], ma = (uint64_t)1 << a;
        for (b = a + 1; b < 47; b++) {
            uint64_t kb = ka + HR_CARD_KEY[b], mb = ma | (uint64_t)1 << b;
            for (c = b + 1; c < 48; c++) {
                uint64_t kc = kb + HR_CARD_KEY[c], mc = mb | (uint64_t)1 << c;
                for (d = c + 1; d < 49; d++) {
                    uint64_t kd = kc + HR_CARD_KEY[d], md = mc | (uint64_t)1 << d;
                    for (e = d + 1; e < 50; e++) {
                        uint64_t ke = kd + HR_CARD_KEY[e], me = md | (uint64_t)1 << e;
                        for (f = e + 1; f < 51; f++) {
                            uint64_t kf = ke + HR_CARD_KEY[f], mf = me | (uint64_t)1 << f;
                            for (g = f + 1; g < 52; g++)
                                hist[hr_poker_strength(kf + HR_CARD_KEY[g], mf | (uint64_t)1 << g)] += 1;
                        }
                    }
                }
            }
        }
    }
}

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
