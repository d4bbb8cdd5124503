/* Random cards without replacement: the one card-drawing routine of the kernels
 * (Monte Carlo boards in equity/sampling.h, cards.deal in equity/_kernel.pyx).
 *
 * Why not Fisher-Yates on a deck array: dealing a few cards from 52 is cheaper
 * by rejection on a 52-bit mask of the cards already out. Each 64-bit output of
 * the generator (_c/rng.h) is cut into ten 6-bit chunks (the top 4 bits are
 * dropped); a chunk c is a card when c < 52 and bit c of `used` is clear, else it
 * is skipped. Every chunk is uniform on 0..63 and independent of the others, so
 * an accepted card is uniform on the cards not yet used: exactly the
 * distribution of a shuffle's first cards. Dealing 7 cards from a fresh deck
 * takes 9.2 chunks on average (64 * (1/52 + ... + 1/46)), under one 64-bit
 * output; the step has no data-dependent branch (the card is written at the
 * current position, which only advances when it was accepted), so rejections
 * cost no branch mispredictions.
 *
 * The chunks left in an output carry over to the next call through hr_bits, so a
 * caller dealing many small hands (one Monte Carlo board after another) wastes
 * none. For many cards (k above HR_DEAL_REJECT_MAX) rejection would need too many
 * chunks (a whole deck: 64 * H(52) = 290): hr_deal_cards switches to a partial
 * Fisher-Yates shuffle (hr_rng_deal_u8).
 */
#ifndef HANDRANK_DEAL_H
#define HANDRANK_DEAL_H
#include <stdint.h>
#include "_c/rng.h"

/* Unused 6-bit chunks of the last 64-bit output. */
typedef struct { uint64_t bits; int left; } hr_bits;

HR_INLINE void hr_bits_init(hr_bits *b) { b->bits = 0; b->left = 0; }

/* Appends k cards not in *used to out[0..k), each uniform on the cards still
 * unused, and adds them to *used. The caller guarantees that at least k of the
 * ids 0..51 are unused (else this never returns). The step keeps the chain
 * from one chunk to the next short: the chunk's bit (0 for c >= 52) is ORed
 * into the mask unconditionally, and the chunk was a new card exactly when
 * that changed the mask. */
HR_INLINE void hr_draw_cards(hr_rng *g, hr_bits *b, uint64_t *used, int k, uint8_t *out) {
    const uint64_t deck = ((uint64_t)1 << 52) - 1;
    uint64_t u = *used, bits = b->bits;
    int left = b->left, pos = 0;
    while (pos < k) {
        uint64_t c, nu;
        if (left == 0) { bits = hr_rng_next(g); left = 10; }
        c = bits & 63; bits >>= 6; left--;
        nu = u | (((uint64_t)1 << c) & deck);
        out[pos] = (uint8_t)c;
        pos += nu != u;
        u = nu;
    }
    b->bits = bits; b->left = left;
    *used = u;
}

/* A Monte Carlo board: r <= 5 cards not in `used` into out[0..r) (out has room
 * for 10), each uniform on the cards still unused (as hr_draw_cards). All ten
 * chunks of one fresh 64-bit output are tried at once (no branch on each card:
 * only when fewer than r of them were new cards, 3% of 5-card boards, are more
 * drawn); the new cards after the first r are dropped. */
HR_INLINE void hr_draw_board(hr_rng *g, uint64_t used, int r, uint8_t *out) {
    const uint64_t deck = ((uint64_t)1 << 52) - 1;
    uint64_t x, u = used;
    int i, pos = 0;
    if (r <= 0) return;
    x = hr_rng_next(g);
    for (i = 0; i < 10; i++) {
        uint64_t c = (x >> (6 * i)) & 63, nu = u | (((uint64_t)1 << c) & deck);
        out[pos] = (uint8_t)c;
        pos += nu != u;
        u = nu;
    }
    if (pos < r) {
        hr_bits b;
        hr_bits_init(&b);
        hr_draw_cards(g, &b, &u, r - pos, out + pos);
    }
}

/* Partial Fisher-Yates shuffle of a[0..n) (n <= 65536), as hr_rng_deal_u8 but
 * with 16-bit draws, four from each 64-bit output (b holds the unused ones):
 * Lemire's multiply-shift on a 16-bit word, the words whose low product half is
 * below 2^16 mod range drawn again (under 1 in 1,000 for range <= 52), so each
 * swap target is exactly uniform. Afterwards a[0..k) is a uniform ordered
 * k-card deal from a[0..n), whatever order a[] started in. */
HR_INLINE void hr_deal_u8_16(hr_rng *g, hr_bits *b, uint8_t *a, uint32_t n, uint32_t k) {
    uint64_t bits = b->bits;
    int left = b->left;
    uint32_t j;
    for (j = 0; j < k && j < n; j++) {
        uint32_t range = n - j, prod, r;
        uint8_t t;
        for (;;) {
            if (left == 0) { bits = hr_rng_next(g); left = 4; }
            prod = (uint32_t)(bits & 0xFFFF) * range;
            bits >>= 16; left--;
            if ((prod & 0xFFFF) >= range || (prod & 0xFFFF) >= (0x10000U - range) % range) break;
        }
        r = j + (prod >> 16);
        t = a[j]; a[j] = a[r]; a[r] = t;
    }
    b->bits = bits; b->left = left;
}

/* cards.deal draws rows in blocks of this many, block j from stream j of the seed. */
#define HR_DEAL_BLOCK 256

/* Rows [start, stop) of cards.deal: out[i*k .. i*k + k) gets k distinct card ids
 * (a uniform ordered deal from a full deck) for each row i. Row i is drawn from
 * stream i / HR_DEAL_BLOCK of `seed` (rows before it in the same block first),
 * so a row never depends on how the rows are split between calls or threads;
 * start must be a multiple of HR_DEAL_BLOCK (stop need not be). 0 <= k <= 52.
 * One deck per block: each row shuffles the first k cards of the deck the row
 * before left (a partial shuffle deals uniformly from any order, and each row's
 * draws are fresh, so rows are independent). Faster than rejection on a mask
 * (hr_draw_cards) at every k: no unpredictable branch. */
HR_INLINE void hr_deal_rows(uint64_t seed, int64_t start, int64_t stop, int k, uint8_t *out) {
    int64_t i = start;
    if (k < 0 || k > 52) return;
    while (i < stop) {
        hr_rng g;
        hr_bits b;
        uint8_t deck[52];
        int64_t end = i + HR_DEAL_BLOCK < stop ? i + HR_DEAL_BLOCK : stop;
        int c;
        hr_rng_stream(&g, seed, (uint64_t)(i / HR_DEAL_BLOCK));
        hr_bits_init(&b);
        for (c = 0; c < 52; c++) deck[c] = (uint8_t)c;
        for (; i < end; i++) {
            uint8_t *row = out + i * k;
            hr_deal_u8_16(&g, &b, deck, 52, (uint32_t)k);
            for (c = 0; c < k; c++) row[c] = deck[c];
        }
    }
}

#endif
