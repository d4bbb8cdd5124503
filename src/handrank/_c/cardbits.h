/* Small portable bit helpers shared by the kernels (no compiler intrinsics). */
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

#endif
