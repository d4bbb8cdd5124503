# Shared poker kernels: other games' Cython modules cimport these.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t

cdef extern from "_poker_tables.h" nogil:
    const int HR_ROW_SHIFT
    const uint64_t HR_SUIT_BASE
    const uint64_t HR_FLUSH_CHECK
    const int HR_NOFLUSH_SIZE
    const int HR_ROW_COUNT
    const int HR_NUM_STRENGTHS
    const uint16_t HR_CATEGORY_FIRST[9]
    const uint64_t HR_CARD_KEY[52]
    const uint32_t HR_ROW_OFFSET[]
    const uint16_t HR_NOFLUSH[]
    const uint16_t HR_FLUSH[8192]
    const uint32_t HR_CLASS_RANKS[7463]

cdef extern from "_cardbits.h" nogil:
    uint32_t hr_suit_ranks(uint64_t mask, unsigned suit)


cdef inline int32_t poker_strength_from(uint64_t key, uint64_t mask) noexcept nogil:
    """Strength of 5..7 distinct cards, given their summed key (HR_SUIT_BASE +
    card keys) and their card mask. Caller guarantees 5..7 valid, distinct cards."""
    cdef uint32_t k
    cdef uint64_t f
    cdef unsigned suit
    if key & HR_FLUSH_CHECK:
        f = (key >> 32) & 0x8888
        if f & 0x8:
            suit = 0
        elif f & 0x80:
            suit = 1
        elif f & 0x800:
            suit = 2
        else:
            suit = 3
        return HR_FLUSH[hr_suit_ranks(mask, suit)]
    k = <uint32_t>key
    return HR_NOFLUSH[(k & 0xFFF) + HR_ROW_OFFSET[k >> 12]]


cdef int32_t poker_strength_ids(const uint8_t* cards, int n) noexcept nogil
