/* The one random generator of the kernels: xoshiro256** seeded by splitmix64.
 *
 * Why xoshiro256** (Blackman & Vigna, https://prng.di.unimi.it/): 256 bits of
 * state (period 2^256 - 1), passes BigCrush and PractRand, and costs a few
 * shifts and two multiplies per 64-bit output. splitmix64 alone (a 64-bit
 * counter through a mixing function) is as fast but has only 2^64 states; it
 * is used here for what it is recommended for: turning a 64-bit seed into the
 * 256-bit state.
 *
 * Streams. Chunked and multi-threaded work must not depend on how the work is
 * split, so every unit of work (an equity chunk, one Brag or Broken Canada
 * deal) draws from its own generator, hr_rng_stream(g, seed, index): the same
 * (seed, index) always gives the same numbers, whichever thread runs it, and
 * distinct indexes give unrelated states (the index goes through the
 * splitmix64 mixer before it meets the seed, and the state is four splitmix64
 * outputs from there; two streams would share state words only if their keys
 * fell within 4 steps of each other on the splitmix64 counter, chance about
 * 2^-61 per pair).
 *
 * Bounded draws are unbiased: hr_rng_below uses Lemire's multiply-shift with
 * rejection ("Fast random integer generation in an interval", ACM TOMACS
 * 2019): a 32-bit word x maps to floor(x * range / 2^32), and the words whose
 * low product half is below 2^32 mod range are drawn again, so each of the
 * `range` results comes from exactly floor(2^32 / range) words.
 */
#ifndef HANDRANK_RNG_H
#define HANDRANK_RNG_H
#include <stdint.h>
#include "_c/cardbits.h"

#define HR_GOLDEN_GAMMA 0x9E3779B97F4A7C15ULL

typedef struct { uint64_t s[4]; } hr_rng;

/* The splitmix64 output function (a bijection of 64-bit words). */
HR_INLINE uint64_t hr_mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* One splitmix64 step: advance the counter *x by the golden gamma, mix it. */
HR_INLINE uint64_t hr_splitmix64(uint64_t *x) {
    return hr_mix64(*x += HR_GOLDEN_GAMMA);
}

/* State = the next four splitmix64 outputs from `seed` (never all zero). */
HR_INLINE void hr_rng_seed(hr_rng *g, uint64_t seed) {
    int i;
    for (i = 0; i < 4; i++) g->s[i] = hr_splitmix64(&seed);
}

/* Generator number `index` of the family `seed` (see "Streams" above). */
HR_INLINE void hr_rng_stream(hr_rng *g, uint64_t seed, uint64_t index) {
    hr_rng_seed(g, seed ^ hr_mix64(index + HR_GOLDEN_GAMMA));
}

/* Next 64-bit output of xoshiro256**. */
HR_INLINE uint64_t hr_rng_next(hr_rng *g) {
    uint64_t *s = g->s;
    uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Rejection threshold of Lemire's method for a range >= 1: 2^32 mod range. */
HR_INLINE uint32_t hr_lemire_threshold(uint32_t range) {
    return (0U - range) % range;
}

/* Lemire's step on one 32-bit word x, given threshold = hr_lemire_threshold(range):
 * returns 1 and sets *out = floor(x * range / 2^32) when x is accepted, 0 when
 * x must be replaced by a fresh word. Exposed so a caller drawing many values
 * from one fixed range can use both halves of a 64-bit output (equity's board
 * cards: range 52, threshold 48). */
HR_INLINE int hr_lemire32(uint32_t x, uint32_t range, uint32_t threshold, uint32_t *out) {
    uint64_t prod = (uint64_t)x * range;
    if ((uint32_t)prod < threshold) return 0;
    *out = (uint32_t)(prod >> 32);
    return 1;
}

/* Unbiased integer in [0, range), range >= 1. The threshold (a division) is
 * only computed in the rare case the first low half is below range. */
HR_INLINE uint32_t hr_rng_below(hr_rng *g, uint32_t range) {
    uint64_t prod = (hr_rng_next(g) >> 32) * (uint64_t)range;
    if ((uint32_t)prod < range) {
        uint32_t threshold = hr_lemire_threshold(range);
        while ((uint32_t)prod < threshold)
            prod = (hr_rng_next(g) >> 32) * (uint64_t)range;
    }
    return (uint32_t)(prod >> 32);
}

/* Uniform double in [0, 1): the top 53 bits of one output. */
HR_INLINE double hr_rng_unit(hr_rng *g) {
    return (double)(hr_rng_next(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* Partial Fisher-Yates shuffle of the n bytes a[0..n): afterwards a[0..k) is
 * a uniformly random k-card deal (ordered) from them, k <= n. */
HR_INLINE void hr_rng_deal_u8(hr_rng *g, uint8_t *a, uint32_t n, uint32_t k) {
    uint32_t j;
    for (j = 0; j < k; j++) {
        uint32_t r = j + hr_rng_below(g, n - j);
        uint8_t t = a[j]; a[j] = a[r]; a[r] = t;
    }
}

#endif
