# Omaha kernels (kernel.h) for other games' Cython modules (equity) to cimport.
from libc.stdint cimport uint8_t, uint32_t, int32_t
from libc.stddef cimport ptrdiff_t

cdef extern from "omaha/kernel.h" nogil:
    const int HR_OMAHA_MIN_HOLE
    const int HR_OMAHA_MAX_HOLE
    const int HR_OMAHA_NO_LOW
    const int HR_OMAHA_LOW_MAX
    # High strength (1..7462, poker's scale) of h (2..6) hole + 5 board cards:
    # exactly two hole + three board. PRECONDITION: distinct ids in 0..51.
    int32_t hr_omaha_high(const uint8_t* hole, int h, const uint8_t* board)
    # Eight-or-better low: 1..56 (higher = better), 0 = no qualifying low.
    int32_t hr_omaha_low(const uint8_t* hole, int h, const uint8_t* board)
    uint32_t hr_omaha_low_mask(const uint8_t* hole, int h, const uint8_t* board)
    int32_t hr_omaha_low_strength(uint32_t mask)
    int hr_omaha_check_row(const uint8_t* hole, int h, const uint8_t* board, int* col)
    ptrdiff_t hr_omaha_eval_rows(const uint8_t* holes, int h, const uint8_t* boards,
                                 ptrdiff_t start, ptrdiff_t stop, int low, int32_t* out,
                                 int* err, int* col)
