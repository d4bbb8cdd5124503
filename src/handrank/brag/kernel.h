/* Three-card Brag kernels in plain C over the generated tables of
 * brag/tables.h. Other Cython modules use them through brag/_kernel.pxd
 * (e.g. `from handrank.brag._kernel cimport hr_brag_strength`).
 *
 * The bulk kernels never trust their input: a byte >= 52 or a repeated card
 * stops the loop and reports the row and column; no input can make them read
 * outside a table. hr_brag_strength itself has a precondition (three distinct
 * ids in 0..51) and checks nothing. */
#ifndef HANDRANK_BRAG_KERNEL_H
#define HANDRANK_BRAG_KERNEL_H
#include <stdint.h>
#include <stddef.h>
#include "_c/cardbits.h"
#include "brag/tables.h"

#include "_c/errors.h"

/* Option bits (the default rules are HR_BRAG_DEFAULT_OPTIONS). */
#define HR_BRAG_PRIAL_THREES_HIGH 1
#define HR_BRAG_A23_TOP_RUN 2
#define HR_BRAG_DEFAULT_OPTIONS 3

/* Strength (1..741) of three distinct card ids a, b, c (0..51) under one
 * option table (HR_BRAG_TABLE[options]). Unchecked. */
HR_INLINE int32_t hr_brag_strength_t(const int16_t *table, int a, int b, int c) {
    int idx = (a >> 2) * 169 + (b >> 2) * 13 + (c >> 2);
    int suited = (((a ^ b) | (a ^ c)) & 3) == 0;
    return table[idx + (suited ? HR_BRAG_FLUSH_OFFSET : 0)];
}

/* Strength (1..741, higher = stronger) of three distinct card ids in 0..51.
 * options: bit 0 = prial_threes_high, bit 1 = a23_top_run (3 = default rules).
 * PRECONDITION (unchecked): distinct ids in 0..51. */
HR_INLINE int32_t hr_brag_strength(int a, int b, int c, int options) {
    return hr_brag_strength_t(HR_BRAG_TABLE[options & 3], a, b, c);
}

/* The strength table of one option setting (options & 3), for inner loops
 * that call hr_brag_strength_t(table, a, b, c) many times. */
HR_INLINE const int16_t *hr_brag_table(int options) {
    return HR_BRAG_TABLE[options & 3];
}

/* First bad column of a row already known to be bad. */
HR_INLINE void hr_brag_find_bad(const uint8_t *row, int *err, int *col) {
    uint64_t seen = 0;
    int j;
    for (j = 0; j < 3; j++) {
        uint8_t c = row[j];
        if (c >= 52) { *err = HR_ERR_RANGE; *col = j; return; }
        if (seen >> c & 1) { *err = HR_ERR_DUPLICATE; *col = j; return; }
        seen |= (uint64_t)1 << c;
    }
    *err = HR_ERR_DUPLICATE; *col = -1;
}

/* Strengths of rows start..stop of a C-contiguous (N, 3) uint8 id array into
 * out. Returns -1, or the first bad row (with *err, *col set).
 * Any byte is safe: the per-byte tables cover 0..255 and map a non-card to
 * rank term 0, and the poison bit / OR-vs-sum test catches bytes >= 52 and
 * repeated cards with one branch per row. */
HR_INLINE ptrdiff_t hr_brag_eval_ids(const uint8_t *ids, ptrdiff_t start, ptrdiff_t stop,
                                     const int16_t *table, int32_t *out, int *err, int *col) {
    ptrdiff_t i;
    for (i = start; i < stop; i++) {
        const uint8_t *row = ids + 3 * i;
        unsigned a = row[0], b = row[1], c = row[2];
        uint64_t x = HR_BRAG_CARD_BIT[a], y = HR_BRAG_CARD_BIT[b], z = HR_BRAG_CARD_BIT[c];
        uint64_t m = x | y | z;
        if ((m != x + y + z) | (m >> 52)) {
            hr_brag_find_bad(row, err, col);
            return i;
        }
        out[i] = table[HR_BRAG_RANK_OFFSET[0][a] + HR_BRAG_RANK_OFFSET[1][b]
                       + HR_BRAG_RANK_OFFSET[2][c]
                       + (((((a ^ b) | (a ^ c)) & 3) == 0) ? HR_BRAG_FLUSH_OFFSET : 0)];
    }
    return -1;
}

/* The same loop with no validation at all: the "plain C loop" baseline the
 * benchmark compares the checked kernel against. PRECONDITION: valid rows. */
HR_INLINE void hr_brag_plain_loop(const uint8_t *ids, ptrdiff_t n, const int16_t *table,
                                  int32_t *out) {
    ptrdiff_t i;
    for (i = 0; i < n; i++) {
        const uint8_t *row = ids + 3 * i;
        out[i] = hr_brag_strength_t(table, row[0], row[1], row[2]);
    }
}

/* Strengths of masks start..stop (exactly three bits, all below 52) into out.
 * Returns -1, or the first bad row (with *err set). Three bits exactly: the
 * mask with its lowest two bits cleared is non-zero, with three cleared zero. */
HR_INLINE ptrdiff_t hr_brag_eval_masks(const uint64_t *masks, ptrdiff_t start, ptrdiff_t stop,
                                       const int16_t *table, int32_t *out, int *err) {
    ptrdiff_t i;
    for (i = start; i < stop; i++) {
        uint64_t m = masks[i], m1, m2;
        m1 = m & (m - 1);
        m2 = m1 & (m1 - 1);
        if ((m >> 52) | (m2 == 0) | ((m2 & (m2 - 1)) != 0)) {
            *err = (m >> 52) ? HR_ERR_RANGE : HR_ERR_SIZE;
            return i;
        }
        out[i] = hr_brag_strength_t(table, hr_ctz64(m), hr_ctz64(m1),
                                    hr_ctz64(m2));
    }
    return -1;
}

#endif
