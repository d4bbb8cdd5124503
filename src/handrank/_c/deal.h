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
 * needs many chunks for long rows: a whole deck takes 64 * H(52) = 290). With
 * AVX2, rows of up to 8 cards run four blocks (four generators) at once, the
 * generators and the draws in the vector (hr_deal4_avx2): the same cards, 1.6-1.8x
 * faster (7-card rows: 6.3-6.5 ns against 10.7-12).
 */
#ifndef HANDRANK_DEAL_H
#define HANDRANK_DEAL_H
#include <stddef.h>
#include <stdint.h>
#include "_c/rng.h"
#include "_c/simd.h"

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

#ifdef HR_HAVE_X86_SIMD
/* Four xoshiro256** generators, one per 64-bit lane (hr_rng_next in each lane:
 * the multiplications by 5 and 9 are a shift and an add). */
typedef struct { __m256i s0, s1, s2, s3; } hr_rng4;

__attribute__((target("avx2"))) static inline __m256i hr_rng4_next(hr_rng4 *g) {
    __m256i x = _mm256_add_epi64(g->s1, _mm256_slli_epi64(g->s1, 2));
    __m256i r = _mm256_or_si256(_mm256_slli_epi64(x, 7), _mm256_srli_epi64(x, 57));
    __m256i res = _mm256_add_epi64(r, _mm256_slli_epi64(r, 3));
    __m256i t = _mm256_slli_epi64(g->s1, 17);
    g->s2 = _mm256_xor_si256(g->s2, g->s0);
    g->s3 = _mm256_xor_si256(g->s3, g->s1);
    g->s1 = _mm256_xor_si256(g->s1, g->s2);
    g->s0 = _mm256_xor_si256(g->s0, g->s3);
    g->s2 = _mm256_xor_si256(g->s2, t);
    g->s3 = _mm256_or_si256(_mm256_slli_epi64(g->s3, 45), _mm256_srli_epi64(g->s3, 19));
    return res;
}

/* Lane q of g to or from a scalar generator (the rare rows redone in scalar). */
__attribute__((target("avx2"))) static inline void hr_rng4_lane(hr_rng4 *g, int q, hr_rng *one,
                                                                int put) {
    uint64_t a[4][4];
    int w;
    _mm256_storeu_si256((__m256i *)a[0], g->s0); _mm256_storeu_si256((__m256i *)a[1], g->s1);
    _mm256_storeu_si256((__m256i *)a[2], g->s2); _mm256_storeu_si256((__m256i *)a[3], g->s3);
    for (w = 0; w < 4; w++) {
        if (put) a[w][q] = one->s[w];
        else one->s[w] = a[w][q];
    }
    g->s0 = _mm256_loadu_si256((const __m256i *)a[0]);
    g->s1 = _mm256_loadu_si256((const __m256i *)a[1]);
    g->s2 = _mm256_loadu_si256((const __m256i *)a[2]);
    g->s3 = _mm256_loadu_si256((const __m256i *)a[3]);
}

/* The 16-bit words of one output: card j's range 52 - j (word j % 4 of output j / 4)
 * and its rejection threshold 2^16 mod range, as in hr_deal_u8_16. */
#define HR_W4(f, j) ((long long)((uint64_t)f(j) | (uint64_t)f((j) + 1) << 16 \
                                 | (uint64_t)f((j) + 2) << 32 | (uint64_t)f((j) + 3) << 48))
#define HR_RANGE52(j) (52U - (j))
#define HR_THRESH52(j) (0x10000U % (52U - (j)))

/* Blocks b .. b + 3 of the deal stream of `seed` (HR_DEAL_BLOCK rows each, k <= 8
 * cards per row, whole blocks) into out4[q] for block b + q: exactly what
 * hr_deal_u8_16 deals from each block's own generator, four rows at once. Each
 * row's one or two outputs and their draws (multiply-high of each 16-bit word by
 * its range) are computed for the four generators in the vector; where a word
 * would be rejected (its low product half below the threshold: under 0.2% of
 * 7-card rows), that generator's row is dealt again by hr_deal_u8_16 from the
 * generator's state at the row's start, which draws the replacement words in the
 * scalar order. The deck swaps stay scalar, one deck per block. */
__attribute__((target("avx2"), always_inline)) static inline void hr_deal4_avx2_k(
        uint64_t seed, uint64_t b, int k, uint8_t *const out4[4]) {
    const __m256i range0 = _mm256_set1_epi64x(HR_W4(HR_RANGE52, 0));
    const __m256i range1 = _mm256_set1_epi64x(HR_W4(HR_RANGE52, 4));
    const __m256i flip = _mm256_set1_epi16((short)0x8000);  /* unsigned compare */
    const __m256i th0 = _mm256_xor_si256(_mm256_set1_epi64x(HR_W4(HR_THRESH52, 0)), flip);
    const __m256i th1 = _mm256_xor_si256(_mm256_set1_epi64x(HR_W4(HR_THRESH52, 4)), flip);
    /* movemask bits of the words in use in one lane (2 bits per word) */
    const unsigned use0 = k >= 4 ? 0xFFu : (1u << (2 * k)) - 1;
    const unsigned use1 = k > 4 ? (1u << (2 * (k - 4))) - 1 : 0;
    hr_rng4 g;
    hr_rng one;
    uint8_t deck[4][52];
    uint64_t st[4][4];
    int q, c, i;
    for (q = 0; q < 4; q++) {
        hr_rng_stream(&one, seed, b + (uint64_t)q);
        for (c = 0; c < 4; c++) st[c][q] = one.s[c];
        for (c = 0; c < 52; c++) deck[q][c] = (uint8_t)c;
    }
    g.s0 = _mm256_loadu_si256((const __m256i *)st[0]);
    g.s1 = _mm256_loadu_si256((const __m256i *)st[1]);
    g.s2 = _mm256_loadu_si256((const __m256i *)st[2]);
    g.s3 = _mm256_loadu_si256((const __m256i *)st[3]);
    for (i = 0; i < HR_DEAL_BLOCK; i++) {
        hr_rng4 start = g;
        __m256i x0 = hr_rng4_next(&g), x1 = k > 4 ? hr_rng4_next(&g) : _mm256_setzero_si256();
        __m256i lo0 = _mm256_xor_si256(_mm256_mullo_epi16(x0, range0), flip);
        __m256i lo1 = _mm256_xor_si256(_mm256_mullo_epi16(x1, range1), flip);
        unsigned rej0 = (unsigned)_mm256_movemask_epi8(_mm256_cmpgt_epi16(th0, lo0));
        unsigned rej1 = (unsigned)_mm256_movemask_epi8(_mm256_cmpgt_epi16(th1, lo1));
        uint16_t r[2][16];
        _mm256_storeu_si256((__m256i *)r[0], _mm256_mulhi_epu16(x0, range0));
        _mm256_storeu_si256((__m256i *)r[1], _mm256_mulhi_epu16(x1, range1));
        for (q = 0; q < 4; q++) {
            uint8_t *a = deck[q], *o = out4[q] + (ptrdiff_t)i * k;
            int j;
            if ((rej0 >> (8 * q) & use0) | (rej1 >> (8 * q) & use1)) {
                hr_rng4_lane(&start, q, &one, 0);
                hr_deal_u8_16(&one, a, 52, (uint32_t)k, o);
                hr_rng4_lane(&g, q, &one, 1);
                continue;
            }
            for (j = 0; j < k; j++) {
                uint32_t t = (uint32_t)j + r[j >> 2][4 * q + (j & 3)];
                uint8_t v = a[t];
                a[t] = a[j]; a[j] = v; o[j] = v;
            }
        }
    }
}

/* hr_deal4_avx2_k with the common row sizes as constants (unrolled loops: half
 * the instructions of a variable k). */
__attribute__((target("avx2"))) static void hr_deal4_avx2(uint64_t seed, uint64_t b, int k,
                                                         uint8_t *const out4[4]) {
    if (k == 7) hr_deal4_avx2_k(seed, b, 7, out4);
    else if (k == 5) hr_deal4_avx2_k(seed, b, 5, out4);
    else if (k == 2) hr_deal4_avx2_k(seed, b, 2, out4);
    else hr_deal4_avx2_k(seed, b, k, out4);
}
#endif

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
#ifdef HR_HAVE_X86_SIMD
    const int four = k >= 1 && k <= 8 && hr_simd_level() >= 2;
#endif
    if (k < 0 || k > 52 || start < 0) return;
    i = start - start % HR_DEAL_BLOCK;
    while (i < stop) {
        hr_rng g;
        uint8_t deck[52];
        int64_t end = i + HR_DEAL_BLOCK < stop ? i + HR_DEAL_BLOCK : stop;
        int c;
#ifdef HR_HAVE_X86_SIMD
        if (four && i >= start && stop - i >= 4 * HR_DEAL_BLOCK) {  /* four whole blocks */
            uint8_t *const o4[4] = {out + (i - start) * k, out + (i - start + HR_DEAL_BLOCK) * k,
                                    out + (i - start + 2 * HR_DEAL_BLOCK) * k,
                                    out + (i - start + 3 * HR_DEAL_BLOCK) * k};
            hr_deal4_avx2(seed, (uint64_t)(i / HR_DEAL_BLOCK), k, o4);
            i += 4 * HR_DEAL_BLOCK;
            continue;
        }
#endif
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
