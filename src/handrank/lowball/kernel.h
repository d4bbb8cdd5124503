/* Lowball kernels in plain C over the generated tables of lowball/tables.h
 * (deuce-to-seven: poker's 5-card kernel, then one remap table; ace-to-five:
 * sort the ace-low ranks, one table lookup by multiset number; badugi: the
 * best of the 15 card subsets through one rank-set table).
 *
 * The bulk kernels never trust their input: a byte >= 52 or a repeated card
 * stops the loop and reports the row and column; no input can make them read
 * outside a table. The single-row functions have a precondition (distinct ids
 * in 0..51) and check nothing, but are memory-safe on any bytes. */
#ifndef HANDRANK_LOWBALL_KERNEL_H
#define HANDRANK_LOWBALL_KERNEL_H
#include <stdint.h>
#include <stddef.h>
#include "_c/cardbits.h"
#include "_c/errors.h"
#include "poker/kernel.h"
#include "lowball/tables.h"

/* Ace-low rank of a byte (0 = ace, 1 = deuce .. 12 = king); any byte maps into
 * 0..12 so a bad byte can never index outside a table. */
HR_INLINE int hr_low_rank(unsigned c) {
    unsigned r = (c >> 2) + 1;
    return (int)(r % 13);
}

/* Ace-to-five strength (1..6175) of k = 5, 6 or 7 ids (best five).
 * PRECONDITION (unchecked): distinct ids in 0..51; memory-safe on any bytes
 * (returns 0 for an impossible rank multiset). */
HR_INLINE int32_t hr_low_a5_row(const uint8_t *row, int k) {
    int r[7], i, j, x;
    int32_t idx = 0;
    for (i = 0; i < k; i++) {
        x = hr_low_rank(row[i]);
        for (j = i; j > 0 && r[j - 1] > x; j--) r[j] = r[j - 1];
        r[j] = x;
    }
    for (i = 0; i < k; i++) idx += HR_LOW_CHOOSE[r[i] + i][i + 1];
    if (k == 5) return HR_LOW_A5_5[idx];
    if (k == 6) return HR_LOW_A5_6[idx];
    return HR_LOW_A5_7[idx];
}

/* Badugi strength (1..1092) of four ids. PRECONDITION (unchecked): distinct
 * ids in 0..51; memory-safe on any bytes. Every subset of the four cards whose
 * ranks and suits are all different is looked up by its rank set; the table
 * orders sets by size first, so the largest wins. */
HR_INLINE int32_t hr_low_badugi_row(const uint8_t *row) {
    uint32_t rb[4], sb[4];
    int32_t best = 0, v;
    int s, i;
    for (i = 0; i < 4; i++) {
        rb[i] = 1u << hr_low_rank(row[i]);
        sb[i] = 1u << (row[i] & 3);
    }
    for (s = 1; s < 16; s++) {
        uint32_t rm = 0, sm = 0, rs = 0, ss = 0;
        for (i = 0; i < 4; i++) {
            if (s >> i & 1) {
                rm |= rb[i]; rs += rb[i];
                sm |= sb[i]; ss += sb[i];
            }
        }
        if (rm == rs && sm == ss) {  /* no rank and no suit twice */
            v = HR_LOW_BADUGI[rm & 8191];
            if (v > best) best = v;
        }
    }
    return best;
}

/* First bad column of a row: *err = HR_ERR_RANGE or HR_ERR_DUPLICATE; returns
 * 1 when the row is bad, 0 when it is k distinct ids in 0..51. */
HR_INLINE int hr_low_check_row(const uint8_t *row, int k, int *err, int *col) {
    uint64_t seen = 0;
    int j;
    for (j = 0; j < k; j++) {
        unsigned c = row[j];
        if (c >= 52) { *err = HR_ERR_RANGE; *col = j; return 1; }
        if (seen >> c & 1) { *err = HR_ERR_DUPLICATE; *col = j; return 1; }
        seen |= (uint64_t)1 << c;
    }
    return 0;
}

/* Ace-to-five strengths of rows start..stop of a C-contiguous (N, k) uint8 id
 * array (k = 5, 6 or 7) into out. Returns -1, or the first bad row (with *err,
 * *col set). */
HR_INLINE ptrdiff_t hr_low_a5_eval_ids(const uint8_t *ids, int k, ptrdiff_t start,
                                       ptrdiff_t stop, int32_t *out, int *err, int *col) {
    ptrdiff_t i;
    for (i = start; i < stop; i++) {
        const uint8_t *row = ids + (ptrdiff_t)k * i;
        if (hr_low_check_row(row, k, err, col)) return i;
        out[i] = hr_low_a5_row(row, k);
    }
    return -1;
}

/* Badugi strengths of rows start..stop of a C-contiguous (N, 4) uint8 id array. */
HR_INLINE ptrdiff_t hr_low_badugi_eval_ids(const uint8_t *ids, ptrdiff_t start, ptrdiff_t stop,
                                           int32_t *out, int *err, int *col) {
    ptrdiff_t i;
    for (i = start; i < stop; i++) {
        const uint8_t *row = ids + 4 * i;
        if (hr_low_check_row(row, 4, err, col)) return i;
        out[i] = hr_low_badugi_row(row);
    }
    return -1;
}

/* Deuce-to-seven strengths of rows start..stop of a C-contiguous (N, 5) uint8
 * id array: poker's checked 5-card kernel (it stops at the first bad row, with
 * *err, *col set), then the remap of the rows it wrote. */
HR_INLINE ptrdiff_t hr_low_27_eval_ids(const uint8_t *ids, ptrdiff_t start, ptrdiff_t stop,
                                       int32_t *out, int *err, int *col) {
    ptrdiff_t bad = hr_poker_eval_ids5(ids, start, stop, out, err, col), i;
    ptrdiff_t end = bad >= 0 ? bad : stop;
    for (i = start; i < end; i++) {
        int32_t s = out[i];
        out[i] = HR_LOW_27_FROM_POKER[(s >= 0 && s <= 7462) ? s : 0];
    }
    return bad;
}

#endif
