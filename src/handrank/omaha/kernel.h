/* Omaha kernels in plain C over poker's tables (poker/tables.h): the high hand
 * of 4, 5 or 6 hole cards + 5 board cards (exactly two hole + three board), the
 * eight-or-better low, and the checked bulk loops over (N, h) + (N, 5) id rows.
 * Other Cython modules (equity, later) may cimport these through
 * omaha/_kernel.pxd. Rules: docs/rules/omaha.md. Tables: omaha/tables.h
 * (tools/gen_omaha_tables.py) and poker's HR_FLUSH / HR_BYTE_KEY. */
#ifndef HANDRANK_OMAHA_KERNEL_H
#define HANDRANK_OMAHA_KERNEL_H
#include <stdint.h>
#include <stddef.h>
#include "poker/kernel.h"
#include "omaha/tables.h"
#include "_c/showdown_equity.h"

#if defined(__GNUC__) || defined(__clang__)
#define HR_OMAHA_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define HR_OMAHA_ALWAYS_INLINE HR_INLINE
#endif

#define HR_OMAHA_MIN_HOLE 4
#define HR_OMAHA_MAX_HOLE 6
#define HR_OMAHA_BOARD 5
/* Low strengths: 1 (8-7-6-5-4) .. 56 (the wheel 5-4-3-2-A); 0 = no qualifying low. */
#define HR_OMAHA_NO_LOW 0
#define HR_OMAHA_LOW_MAX 56

/* The ten 3-card subsets of the 5 board cards and the 2-card subsets of up to
 * 6 hole cards (the first 6 / 10 / 15 pairs are those of 4 / 5 / 6 cards). */
static const uint8_t HR_OMAHA_TRIPLES[10][3] = {
    {0, 1, 2}, {0, 1, 3}, {0, 1, 4}, {0, 2, 3}, {0, 2, 4},
    {0, 3, 4}, {1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4}};
static const uint8_t HR_OMAHA_PAIRS[15][2] = {
    {0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 3},
    {0, 4}, {1, 4}, {2, 4}, {3, 4},
    {0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}};

/* High strength (1..7462, poker's scale) of h hole cards (2..6) and the 5 board
 * cards: the best of every two hole + three board. PRECONDITION: h + 5 distinct
 * ids in 0..51 for a right answer; any bytes are memory-safe (ranks are
 * clamped to 12, suit counts read through the 256-entry HR_BYTE_KEY).
 *
 * A five-card hand in one suit has five distinct ranks, so its rank-only value
 * (high card or straight) is below every flush: the best hand is the larger of
 * the best rank-only value over all two + three (no suit looked at) and the best
 * flush, which exists only when a suit has 3+ board cards (at most one suit can)
 * and 2+ hole cards; those are looked up in poker's HR_FLUSH over that suit's
 * cards alone. Rank-only values come straight from HR_OMAHA_HIGH (tables.h):
 * one row per board triple, indexed by the hole pair, so each of the 60 / 100 /
 * 150 fives costs one load. */
HR_OMAHA_ALWAYS_INLINE int32_t hr_omaha_high_k(const uint8_t *hole, int h,
                                                const uint8_t *board) {
    unsigned hr[HR_OMAHA_MAX_HOLE], br[HR_OMAHA_BOARD], pp[15];
    int np = h * (h - 1) / 2, i, t;
    int32_t best = 0;
    uint64_t bsuits = 0;
    for (i = 0; i < h; i++) {
        unsigned r = hole[i] >> 2;
        hr[i] = r > 12 ? 12 : r;
    }
    for (i = 0; i < HR_OMAHA_BOARD; i++) {
        unsigned r = board[i] >> 2;
        br[i] = r > 12 ? 12 : r;
        bsuits += HR_BYTE_KEY[board[i]] >> HR_SUIT_SHIFT;
    }
    for (i = 0; i < np; i++)
        pp[i] = HR_OMAHA_PAIR_IDX[13 * hr[HR_OMAHA_PAIRS[i][0]] + hr[HR_OMAHA_PAIRS[i][1]]];
    for (t = 0; t < 10; t++) {
        const uint16_t *row = HR_OMAHA_HIGH + HR_OMAHA_TRIPLE_OFF[
            169 * br[HR_OMAHA_TRIPLES[t][0]] + 13 * br[HR_OMAHA_TRIPLES[t][1]]
            + br[HR_OMAHA_TRIPLES[t][2]]];
        for (i = 0; i < np; i++) {
            int32_t s = row[pp[i]];
            best = s > best ? s : best;
        }
    }
    /* Board suit counts are nibbles of bsuits (no base): a suit with 3+ cards. */
    {
        unsigned suit, nb = 0, nh = 0;
        uint32_t bb[HR_OMAHA_BOARD], hb[HR_OMAHA_MAX_HOLE];
        for (suit = 0; suit < 4; suit++)
            if (((bsuits >> (4 * suit)) & 15) >= 3) break;
        if (suit == 4) return best;
        for (i = 0; i < h; i++)
            if ((hole[i] & 3u) == suit) hb[nh++] = 1u << hr[i];
        if (nh < 2) return best;
        for (i = 0; i < HR_OMAHA_BOARD; i++)
            if ((board[i] & 3u) == suit) bb[nb++] = 1u << br[i];
        {
            unsigned a, b, c, x, y;
            for (a = 0; a < nb; a++)
                for (b = a + 1; b < nb; b++)
                    for (c = b + 1; c < nb; c++) {
                        uint32_t tr = bb[a] | bb[b] | bb[c];
                        for (x = 0; x < nh; x++)
                            for (y = x + 1; y < nh; y++) {
                                int32_t s = HR_FLUSH[tr | hb[x] | hb[y]];
                                best = s > best ? s : best;
                            }
                    }
        }
    }
    return best;
}

/* hr_omaha_high_k with the hole count made a constant for 4, 5 and 6 (the
 * compiler then unrolls the pair loops), any other h (2, 3) as a variable. */
HR_INLINE int32_t hr_omaha_high(const uint8_t *hole, int h, const uint8_t *board) {
    switch (h) {
        case 4: return hr_omaha_high_k(hole, 4, board);
        case 5: return hr_omaha_high_k(hole, 5, board);
        case 6: return hr_omaha_high_k(hole, 6, board);
        default: return hr_omaha_high_k(hole, h, board);
    }
}

/* Eight-or-better low bit of a card id: ace -> bit 0, deuce -> bit 1, ...,
 * eight -> bit 7; nine to king -> 0 (never in a low). */
HR_INLINE uint32_t hr_omaha_low_bit(unsigned id) {
    unsigned r = id >> 2;
    return r == 12 ? 1u : r <= 6 ? 1u << (r + 1) : 0u;
}

/* The low strength of a five-rank low mask (5 of the 8 bits set): lows compare
 * from the highest card down, which for masks of five bits is their order as
 * integers; its colex index among the 56 such masks (0 = the wheel) counts the
 * better lows, so the strength is 56 - index (the wheel 56, 8-7-6-5-4 1). */
HR_INLINE int32_t hr_omaha_low_strength(uint32_t mask) {
    static const uint8_t binom[8][6] = {
        {1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0}, {1, 3, 3, 1, 0, 0},
        {1, 4, 6, 4, 1, 0}, {1, 5, 10, 10, 5, 1}, {1, 6, 15, 20, 15, 6}, {1, 7, 21, 35, 35, 21}};
    int32_t idx = 0;
    int pos, i = 1;
    for (pos = 0; pos < 8; pos++)
        if (mask >> pos & 1) idx += binom[pos][i++];
    return HR_OMAHA_LOW_MAX - idx;
}

/* The best low mask of h hole + 5 board cards (two hole + three board, five
 * distinct ranks all eight or lower, ace low), or 0 when none qualifies. Only
 * the sets of low ranks matter: for each two distinct low ranks of the hole, the
 * best three board ranks are the three lowest of the others (the union of
 * disjoint bit sets is their sum). PRECONDITION: ids in 0..51. */
HR_INLINE uint32_t hr_omaha_low_mask(const uint8_t *hole, int h, const uint8_t *board) {
    uint32_t hm = 0, bm = 0, best = 0x100, a, b;
    int i;
    for (i = 0; i < h; i++) hm |= hr_omaha_low_bit(hole[i]);
    for (i = 0; i < HR_OMAHA_BOARD; i++) bm |= hr_omaha_low_bit(board[i]);
    /* Fewer than three low board ranks or two low hole ranks: no low. */
    if (!(bm & (bm - 1) & ((bm & (bm - 1)) - 1)) || !(hm & (hm - 1))) return 0;
    for (a = hm; a; a &= a - 1) {
        uint32_t la = a & (0u - a);
        for (b = a & (a - 1); b; b &= b - 1) {
            uint32_t p = la | (b & (0u - b)), av = bm & ~p, u;
            u = av & (0u - av); av &= av - 1;
            u |= av & (0u - av); av &= av - 1;
            if (!av) continue;  /* fewer than three board ranks left */
            u |= (av & (0u - av)) | p;
            best = u < best ? u : best;
        }
    }
    return best == 0x100 ? 0 : best;
}

/* Low strength 1..56 (higher = better low), HR_OMAHA_NO_LOW (0) without one. */
HR_INLINE int32_t hr_omaha_low(const uint8_t *hole, int h, const uint8_t *board) {
    uint32_t m = hr_omaha_low_mask(hole, h, board);
    return m ? hr_omaha_low_strength(m) : HR_OMAHA_NO_LOW;
}

/* Check one row: h hole ids then 5 board ids; 0 if all < 52 and distinct, else
 * the kind (HR_ERR_RANGE / HR_ERR_DUPLICATE) with *col its first bad column
 * (0..h-1 in the hole, h..h+4 on the board). */
HR_INLINE int hr_omaha_check_row(const uint8_t *hole, int h, const uint8_t *board, int *col) {
    uint64_t seen = 0;
    int j;
    for (j = 0; j < h + HR_OMAHA_BOARD; j++) {
        uint8_t c = j < h ? hole[j] : board[j - h];
        if (c >= 52) { *col = j; return HR_ERR_RANGE; }
        if (seen >> c & 1) { *col = j; return HR_ERR_DUPLICATE; }
        seen |= (uint64_t)1 << c;
    }
    return 0;
}

/* Rows start..stop of (N, h) hole ids and (N, 5) board ids (uint8, C order):
 * the high (low == 0) or low (low != 0) strength of each into out. Returns -1,
 * or the first bad row with *err and *col (see hr_omaha_check_row); rows before
 * it are written. h must be 2..6 (the caller checks). Any bytes are safe. */
HR_OMAHA_ALWAYS_INLINE ptrdiff_t hr_omaha_eval_rows_k(const uint8_t *holes, int h,
        const uint8_t *boards, ptrdiff_t start, ptrdiff_t stop, int low, int32_t *out,
        int *err, int *col) {
    ptrdiff_t i;
    for (i = start; i < stop; i++) {
        const uint8_t *hole = holes + (size_t)i * (size_t)h;
        const uint8_t *board = boards + (size_t)i * HR_OMAHA_BOARD;
        uint64_t orr = 0, sum = 0;
        unsigned big = 0;
        int j;
        /* Branch-free row check: an id >= 52 sets a bit >= 52 (ids >= 64 show in
         * big), a repeat makes the sum of the bits differ from their OR (a sum
         * that wraps needs bits >= 52 too). The slow check names the column. */
        for (j = 0; j < h; j++) {
            uint64_t bit = (uint64_t)1 << (hole[j] & 63);
            orr |= bit; sum += bit; big |= hole[j];
        }
        for (j = 0; j < HR_OMAHA_BOARD; j++) {
            uint64_t bit = (uint64_t)1 << (board[j] & 63);
            orr |= bit; sum += bit; big |= board[j];
        }
        if (HR_UNLIKELY((orr >> 52) | (orr ^ sum) | (big & 0xC0))) {
            *err = hr_omaha_check_row(hole, h, board, col);
            return i;
        }
        out[i] = low ? hr_omaha_low(hole, h, board) : hr_omaha_high_k(hole, h, board);
    }
    return -1;
}

HR_INLINE ptrdiff_t hr_omaha_eval_rows(const uint8_t *holes, int h, const uint8_t *boards,
        ptrdiff_t start, ptrdiff_t stop, int low, int32_t *out, int *err, int *col) {
    if (low) return hr_omaha_eval_rows_k(holes, h, boards, start, stop, 1, out, err, col);
    switch (h) {
        case 4: return hr_omaha_eval_rows_k(holes, 4, boards, start, stop, 0, out, err, col);
        case 5: return hr_omaha_eval_rows_k(holes, 5, boards, start, stop, 0, out, err, col);
        case 6: return hr_omaha_eval_rows_k(holes, 6, boards, start, stop, 0, out, err, col);
        default: return hr_omaha_eval_rows_k(holes, h, boards, start, stop, 0, out, err, col);
    }
}

/* The equity engine's evaluation callback (_c/showdown_equity.h): one player's
 * high and eight-or-better low of n_own (2..6) hole cards and the 5-card board;
 * other sizes leave both 0 (the engine checks sizes before any deal). */
static inline void hr_omaha_se_eval(int option, const uint8_t *own, int n_own, const uint8_t *board,
                             int n_board, int want, int32_t *high, int32_t *low) {
    (void)option;
    if (n_own < 2 || n_own > HR_OMAHA_MAX_HOLE || n_board != HR_OMAHA_BOARD) return;
    if (want & HR_SE_WANT_HIGH) *high = hr_omaha_high(own, n_own, board);
    if (want & HR_SE_WANT_LOW) *low = hr_omaha_low(own, n_own, board);
}

#endif
