# Broken Canada kernels for cimport by other modules (see canada/kernel.h).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t
from libc.stddef cimport ptrdiff_t

cdef extern from "canada/kernel.h" nogil:
    const int HR_CA_TB_BITS
    const int HR_CA_ERR_RANGE
    const int HR_CA_ERR_COPIES
    const uint16_t HR_CA_SET_INDEX[28561]
    const uint8_t HR_CA_PIT_INDEX[169]
    const int32_t HR_CA_RANK_STRENGTH[165620]
    const uint8_t HR_CA_RUN[8192]
    # Strength of one hand: 4 set ids, 2 pit ids. PRECONDITION: ids in 0..51 (unchecked).
    int32_t hr_canada_strength(const uint8_t* s, const uint8_t* p)
    int hr_canada_check(const uint8_t* s, const uint8_t* p, int decks, int* col)
    ptrdiff_t hr_canada_eval(const uint8_t* sets, ptrdiff_t set_stride,
                             const uint8_t* pits, ptrdiff_t pit_stride,
                             ptrdiff_t start, ptrdiff_t stop, int decks,
                             int32_t* out, int* err, int* col)
    void hr_canada_eval_unchecked(const uint8_t* ids6, ptrdiff_t n, int32_t* out)
    void hr_canada_odds_first(int first, uint64_t* hist)
    void hr_canada_odds_naive_first(int first, uint64_t* hist)

