/* Seven-card stud kernels in plain C: the three hand values of one player's
 * cards, each on another game's tables (no table of its own).
 *
 *   high: poker's best five of seven (poker/kernel.h), 1..7462
 *   low8: the best eight-or-better low of any five (stud Hi-Lo), on Omaha's low
 *         scale 1..56 (omaha/kernel.h), 0 = no qualifying low
 *   razz: ace-to-five, best five of seven, no qualifier (lowball/kernel.h), 1..6175
 *
 * Every function here has the precondition "distinct ids in 0..51" (the Python
 * layer checks the deal once) and is memory-safe on any bytes: each of the other
 * games' row functions maps every byte into its tables. */
#ifndef HANDRANK_STUD_KERNEL_H
#define HANDRANK_STUD_KERNEL_H
#include <stdint.h>
#include <stddef.h>
#include "_c/cardbits.h"
#include "poker/kernel.h"
#include "omaha/kernel.h"
#include "lowball/kernel.h"
#include "_c/showdown_equity.h"

#define HR_STUD_CARDS 7
#define HR_STUD_MIN_KNOWN 3
#define HR_STUD_MAX_PLAYERS 7
/* The equity callback's option: which low a hand has. */
#define HR_STUD_EIGHT 0   /* stud high and stud Hi-Lo: the eight-or-better low */
#define HR_STUD_RAZZ 1    /* razz: ace-to-five, no qualifier */

/* The best eight-or-better low mask of k cards (bit 0 = ace .. bit 7 = eight):
 * the five lowest distinct low ranks, or 0 when there are fewer than five. Lows
 * compare from the highest card down, so the five lowest ranks are the best low. */
HR_INLINE uint32_t hr_stud_low_mask(const uint8_t *cards, int k) {
    uint32_t m = 0;
    int j, n, bit;
    for (j = 0; j < k && j < HR_STUD_CARDS; j++) m |= hr_omaha_low_bit(cards[j]);
    n = hr_popcount64(m);
    for (bit = 7; n > 5; bit--)  /* drop the highest ranks */
        if (m >> bit & 1) { m ^= 1u << bit; n--; }
    return n == 5 ? m : 0;
}

/* Eight-or-better low strength of k (5..7) cards: 1 (8-7-6-5-4) .. 56 (the
 * wheel), HR_OMAHA_NO_LOW (0) without a qualifying low. */
HR_INLINE int32_t hr_stud_low8(const uint8_t *cards, int k) {
    uint32_t m = hr_stud_low_mask(cards, k);
    return m ? hr_omaha_low_strength(m) : HR_OMAHA_NO_LOW;
}

/* High strength (1..7462) of seven cards. */
HR_INLINE int32_t hr_stud_high(const uint8_t *seven) {
    return hr_poker_row_strength7(seven);
}

/* Razz strength (ace-to-five, 1..6175, higher = better low) of seven cards. */
HR_INLINE int32_t hr_stud_razz(const uint8_t *seven) {
    return hr_low_a5_row(seven, HR_STUD_CARDS);
}

/* The equity engine's evaluation callback (_c/showdown_equity.h): one player's
 * seven own cards (no board) -> the high (poker) and the low: eight-or-better
 * (option HR_STUD_EIGHT; 0 = none) or razz's ace-to-five (HR_STUD_RAZZ, always
 * > 0). Other sizes leave both 0 (the engine checks sizes before any deal). */
static void hr_stud_se_eval(int option, const uint8_t *own, int n_own, const uint8_t *board,
                            int n_board, int want, int32_t *high, int32_t *low) {
    (void)board;
    if (n_own != HR_STUD_CARDS || n_board != 0) return;
    if (want & HR_SE_WANT_HIGH) *high = hr_stud_high(own);
    if (want & HR_SE_WANT_LOW)
        *low = option == HR_STUD_RAZZ ? hr_stud_razz(own) : hr_stud_low8(own, HR_STUD_CARDS);
}

#endif
