/* Lowball kernels in plain C over the generated tables of lowball/tables.h
 * (deuce-to-seven: poker's 5-card kernel, then one remap table; ace-to-five:
 * the sum of poker's rank keys through poker's perfect hash into its own table;
 * badugi: the largest conflict-free card subsets through one rank-set table).
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

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(HR_LOW_A5_LEN == HR_NOFLUSH_LEN, "ace-to-five table follows poker's hash");
#endif

/* Ace-to-five strength (1..6175, best five) from the sum of the cards' rank
 * keys (the low 32 bits of HR_BYTE_KEY): one perfect-hash lookup, no sort.
 * Any sum of at most 7 byte keys stays inside the tables (0 for a sum no
 * rank multiset makes). */
HR_INLINE int32_t hr_low_a5_key(uint32_t key) {
    return HR_LOW_A5[(key & 0xFFF) + HR_ROW_OFFSET[key >> 12]];
}

/* Ace-to-five strength of k = 5, 6 or 7 ids (best five).
 * PRECONDITION (unchecked): distinct ids in 0..51; memory-safe on any bytes. */
HR_INLINE int32_t hr_low_a5_row(const uint8_t *row, int k) {
    uint32_t key = 0;
    int j;
    for (j = 0; j < k && j < 7; j++) key += (uint32_t)HR_BYTE_KEY[row[j]];
    return hr_low_a5_key(key);
}

/* Badugi strength (1..1092) of four ids. PRECONDITION (unchecked): distinct
 * ids in 0..51; memory-safe on any bytes. The pairs of cards that share a rank
 * or a suit make a 6-bit mask; HR_LOW_BADUGI_SUBSETS gives the largest subsets
 * free of them, and the best of those (by rank set) plays. */
HR_INLINE int32_t hr_low_badugi_row(const uint8_t *row) {
    unsigned a = row[0], b = row[1], c = row[2], d = row[3];
    uint32_t ra = 1u << hr_low_rank(a), rb = 1u << hr_low_rank(b);
    uint32_t rc = 1u << hr_low_rank(c), rd = 1u << hr_low_rank(d);
    uint32_t m[16];
    unsigned conflicts, subsets, S;
    int32_t best = 0, v;
#define HR_LOW_CLASH(x, y) ((unsigned)(((x) >> 2) == ((y) >> 2) || (((x) ^ (y)) & 3) == 0))
    conflicts = HR_LOW_CLASH(a, b) | HR_LOW_CLASH(a, c) << 1 | HR_LOW_CLASH(a, d) << 2
              | HR_LOW_CLASH(b, c) << 3 | HR_LOW_CLASH(b, d) << 4 | HR_LOW_CLASH(c, d) << 5;
#undef HR_LOW_CLASH
    subsets = HR_LOW_BADUGI_SUBSETS[conflicts & 63];
    m[0] = 0;
    m[1] = ra; m[2] = rb; m[3] = ra | rb; m[4] = rc; m[5] = ra | rc; m[6] = rb | rc;
    m[7] = ra | rb | rc;
    for (S = 8; S < 16; S++) m[S] = m[S - 8] | rd;
    subsets &= 0xFFFE;
    while (subsets) {  /* each candidate subset (lowest set bit first) */
#if defined(__GNUC__) || defined(__clang__)
        S = (unsigned)__builtin_ctz(subsets);
#else
        for (S = 1; !(subsets >> S & 1); S++) {}
#endif
        subsets &= subsets - 1;
        v = HR_LOW_BADUGI[m[S & 15] & 8191];
        best = v > best ? v : best;
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

/* Ace-to-five strengths of rows start..stop of a C-contiguous (N, K) uint8 id
 * array (K = 5, 6 or 7, a constant after inlining) into out. A row is bad when
 * the OR of its cards' bits differs from their sum (a repeat) or reaches bit
 * 52 (a byte >= 52 maps to the poison bit 63): one branch per row. Returns -1,
 * or the first bad row (with *err, *col set). */
HR_INLINE ptrdiff_t hr_low_a5_eval_k(const uint8_t *ids, int K, ptrdiff_t start,
                                     ptrdiff_t stop, int32_t *out, int *err, int *col) {
    ptrdiff_t i;
    for (i = start; i < stop; i++) {
        const uint8_t *row = ids + (ptrdiff_t)K * i;
        uint64_t m = 0, sum = 0;
        uint32_t key = 0;
        int j;
        for (j = 0; j < K; j++) {
            unsigned c = row[j];
            uint64_t bit = (uint64_t)1 << (c < 52 ? c : 63);
            m |= bit;
            sum += bit;
            key += (uint32_t)HR_BYTE_KEY[c];
        }
        if ((m != sum) | (m >> 52)) {
            hr_low_check_row(row, K, err, col);
            return i;
        }
        out[i] = hr_low_a5_key(key);
    }
    return -1;
}

HR_INLINE ptrdiff_t hr_low_a5_eval_ids(const uint8_t *ids, int k, ptrdiff_t start,
                                       ptrdiff_t stop, int32_t *out, int *err, int *col) {
    if (k == 5) return hr_low_a5_eval_k(ids, 5, start, stop, out, err, col);
    if (k == 6) return hr_low_a5_eval_k(ids, 6, start, stop, out, err, col);
    return hr_low_a5_eval_k(ids, 7, start, stop, out, err, col);
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
