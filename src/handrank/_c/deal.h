/* Random cards without replacement: the card-drawing routines of the kernels
 * (Monte Carlo boards in equity/sampling.h, cards.deal in _cards/_kernel.pyx),
 * all on the shared generator of _c/rng.h.
 *
 * Boards (a few cards from a deck with a few cards out): rejection on a 52-bit
 * mask of the cards already out. A 64-bit output is cut into ten 6-bit chunks
 * (the top 4 bits are dropped); a chunk c is a card when c < 52 and bit c of
 * the mask is clear, else it is skipped. Every chunk is uniform on 0..63 and
 * independent of the others, so an accepted card is uniform on the cards not
 * yet out: exactly the distribution of a shuffle's first cards. A 5-card board
 * after two hands takes 7 chunks on average, so one output nearly always
 * suffices (hr_draw_board) and no branch depends on a rejection.
 *
 * Whole rows (cards.deal, up to 52 cards): a partial Fisher-Yates shuffle with
 * four 16-bit draws per output (hr_deal_u8_16). Measured faster than rejection
 * at every row length (rejection ends each row on an unpredictable branch, and
 * needs many chunks for long rows: a whole deck takes 64 * H(52) = 290).
 */
#ifndef HANDRANK_DEAL_H
#define HANDRANK_DEAL_H
#include <stddef.h>
#include <stdint.h>
#include "_c/rng.h"

/* Bit of chunk value c: 1 << c for a card (c < 52), 0 for the values 52..63 that
 * are no card (one load instead of a shift and a mask). */
#define HR_CB(c) ((c) < 52 ? (uint64_t)1 << (c) : (uint64_t)0)
static const uint64_t HR_CHUNK_BIT[64] = {
    HR_CB(0), HR_CB(1), HR_CB(2), HR_CB(3), HR_CB(4), HR_CB(5), HR_CB(6), HR_CB(7),
    HR_CB(8), HR_CB(9), HR_CB(10), HR_CB(11), HR_CB(12), HR_CB(13), HR_CB(14),
    HR_CB(15), HR_CB(16), HR_CB(17), HR_CB(18), HR_CB(19), HR_CB(20), HR_CB(21),
    HR_CB(22), HR_CB(23), HR_CB(24), HR_CB(25), HR_CB(26), HR_CB(27), HR_CB(28),
    HR_CB(29), HR_CB(30), HR_CB(31), HR_CB(32), HR_CB(33), HR_CB(34), HR_CB(35),
    HR_CB(36), HR_CB(37), HR_CB(38), HR_CB(39), HR_CB(40), HR_CB(41), HR_CB(42),
    HR_CB(43), HR_CB(44), HR_CB(45), HR_CB(46), HR_CB(47), HR_CB(48), HR_CB(49),
    HR_CB(50), HR_CB(51), HR_CB(52), HR_CB(53), HR_CB(54), HR_CB(55), HR_CB(56),
    HR_CB(57), HR_CB(58), HR_CB(59), HR_CB(60), HR_CB(61), HR_CB(62), HR_CB(63)
};
#undef HR_CB

/* Appends k cards not in *used to out[0..k), each uniform on the cards still
 * unused, and adds them to *used, taking chunks of fresh outputs one by one
 * (the chunks left in the last output are dropped). The caller guarantees that
 * at least k of the ids 0..51 are unused (else this never returns). The step
 * keeps the chain from one chunk to the next short: the chunk's bit (0 for
 * c >= 52) is ORed into the mask unconditionally, and the chunk was a new card
 * exactly when that changed the mask. */
HR_INLINE void hr_draw_cards(hr_rng *g, uint64_t *used, int k, uint8_t *out) {
    uint64_t u = *used, bits = 0;
    int left = 0;
    size_t pos = 0;
    while (pos < (size_t)k) {
        uint64_t c, nu;
        if (left == 0) { bits = hr_rng_next(g); left = 10; }
        c = bits & 63; bits >>= 6; left--;
        nu = u | HR_CHUNK_BIT[c];
        out[pos] = (uint8_t)c;
        pos += nu != u;
        u = nu;
    }
    *used = u;
}

/* A Monte Carlo board: r <= 5 cards not in `used` into out[0..r) (out has room
 * for 10), each uniform on the cards still unused (as hr_draw_cards). All ten
 * chunks of one fresh 64-bit output are tried at once (no branch on each card:
 * only when fewer than r of them were new cards, 3% of 5-card boards, are more
 * drawn); the new cards after the first r are dropped. */
HR_INLINE void hr_draw_board(hr_rng *g, uint64_t used, int r, uint8_t *out) {
    uint64_t x, u = used;
    size_t pos = 0;
    int i;
    if (r <= 0) return;
    x = hr_rng_next(g);
    for (i = 0; i < 10; i++) {
        uint64_t c = (x >> (6 * i)) & 63, nu = u | HR_CHUNK_BIT[c];
        out[pos] = (uint8_t)c;
        pos += nu != u;
        u = nu;
    }
    if (pos < (size_t)r) hr_draw_cards(g, &u, r - (int)pos, out + pos);
}

/* Partial Fisher-Yates shuffle of a[0..n) (n <= 65536), as hr_rng_deal_u8 but
 * with 16-bit draws, four from each 64-bit output: Lemire's multiply-shift on
 * a 16-bit word; a word whose low product half is below 2^16 mod range (under 1
 * in 1,000 for range <= 52) is replaced by a full hr_rng_below draw, so each
 * swap target is exactly uniform. Afterwards a[0..k) is a uniform ordered
 * k-card deal from a[0..n), whatever order a[] started in, also written to
 * out[0..k) as it is drawn (no copy afterwards). */
HR_INLINE void hr_deal_u8_16(hr_rng *g, uint8_t *a, uint32_t n, uint32_t k, uint8_t *out) {
    uint32_t j, q;
    if (k > n) k = n;
    for (j = 0; j < k; j += 4) {
        uint64_t x = hr_rng_next(g);
        for (q = 0; q < 4 && j + q < k; q++) {
            uint32_t range = n - j - q, prod = (uint32_t)((x >> (16 * q)) & 0xFFFF) * range, r;
            uint8_t t;
            if ((prod & 0xFFFF) < range && (prod & 0xFFFF) < (0x10000U - range) % range)
                r = hr_rng_below(g, range);
            else
                r = prod >> 16;
            r += j + q;
            t = a[r]; a[r] = a[j + q]; a[j + q] = t;
            out[j + q] = t;
        }
    }
}

/* cards.deal draws rows in blocks of this many, block j from stream j of the seed. */
#define HR_DEAL_BLOCK 256

/* Rows [start, stop) of the deal stream of `seed` into out[(i - start) * k ..
 * (i - start) * k + k) for each row i: k distinct card ids (a uniform ordered deal
 * from a full deck). Row i is drawn from stream i / HR_DEAL_BLOCK of `seed`, after
 * the rows before it in the same block (drawn into a scratch row when they are
 * before start), so a row never depends on how the rows are split between calls
 * or threads. 0 <= start, 0 <= k <= 52.
 * One deck per block: each row shuffles the first k cards of the deck the row
 * before left (a partial shuffle deals uniformly from any order, and each row's
 * draws are fresh, so rows are independent). Faster than rejection on a mask
 * (hr_draw_cards) at every k: no unpredictable branch. */
HR_INLINE void hr_deal_rows(uint64_t seed, int64_t start, int64_t stop, int k, uint8_t *out) {
    int64_t i;
    uint8_t skip[52];
    if (k < 0 || k > 52 || start < 0) return;
    i = start - start % HR_DEAL_BLOCK;
    while (i < stop) {
        hr_rng g;
        uint8_t deck[52];
        int64_t end = i + HR_DEAL_BLOCK < stop ? i + HR_DEAL_BLOCK : stop;
        int c;
        hr_rng_stream(&g, seed, (uint64_t)(i / HR_DEAL_BLOCK));
        for (c = 0; c < 52; c++) deck[c] = (uint8_t)c;
        for (; i < start; i++) hr_deal_u8_16(&g, deck, 52, (uint32_t)k, skip);
        /* The common hand sizes get a copy of the loop with k a constant (unrolled). */
        if (k == 7)
            for (; i < end; i++) hr_deal_u8_16(&g, deck, 52, 7, out + (i - start) * 7);
        else if (k == 5)
            for (; i < end; i++) hr_deal_u8_16(&g, deck, 52, 5, out + (i - start) * 5);
        else
            for (; i < end; i++) hr_deal_u8_16(&g, deck, 52, (uint32_t)k, out + (i - start) * k);
    }
}

#endif
