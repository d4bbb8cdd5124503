/* Small portable bit helpers shared by the kernels (no intrinsics; a compiler
 * builtin where there is one, with a portable fallback). */
#ifndef HANDRANK_CARDBITS_H
#define HANDRANK_CARDBITS_H
#include <stdint.h>

#if defined(_MSC_VER) && !defined(__cplusplus)
#define HR_INLINE static __inline
#else
#define HR_INLINE static inline
#endif

/* Ranks (13-bit mask, bit = rank) of suit `suit` in a 52-bit card mask
 * (bit = 4 * rank + suit): gathers every fourth bit. */
HR_INLINE uint32_t hr_suit_ranks(uint64_t mask, unsigned suit) {
    uint64_t x = (mask >> suit) & 0x0001111111111111ULL;
    x = (x | (x >> 3)) & 0x0303030303030303ULL;
    x = (x | (x >> 6)) & 0x000F000F000F000FULL;
    x = (x | (x >> 12)) & 0x000000FF000000FFULL;
    x = (x | (x >> 24)) & 0xFFFFULL;
    return (uint32_t)x;
}

/* Number of set bits (portable SWAR; no dependence on a popcount instruction). */
HR_INLINE int hr_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* Index of the lowest set bit of a non-zero x: the compiler's builtin where there
 * is one (bsf/tzcnt), else a portable de Bruijn multiplication. */
#if defined(__GNUC__) || defined(__clang__)
HR_INLINE int hr_ctz64(uint64_t x) {
    return __builtin_ctzll(x);
}
#else
static const uint8_t HR_DEBRUIJN64[64] = {
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6
};
HR_INLINE int hr_ctz64(uint64_t x) {
    return HR_DEBRUIJN64[((x & (0 - x)) * 0x03f79d71b4cb0a89ULL) >> 58];
}
#endif

#endif
