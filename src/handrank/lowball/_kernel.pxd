# Shared lowball kernels: other games' Cython modules cimport these, e.g.
# ``from handrank.lowball._kernel cimport hr_low_a5_row`` (razz equity). Everything
# is a static inline C function or a static const table from the headers.
# Layout: see lowball/tables.h / tools/gen_lowball.py.
from libc.stdint cimport uint8_t, uint16_t, int16_t, int32_t
from libc.stddef cimport ptrdiff_t

cdef extern from "lowball/tables.h" nogil:
    const int HR_LOW_27_NUM_STRENGTHS      # 7462
    const int HR_LOW_A5_NUM_STRENGTHS      # 6175
    const int HR_LOW_BADUGI_NUM_STRENGTHS  # 1092
    # Lowest strength of each category, worst category first.
    const int16_t HR_LOW_27_CATEGORY_FIRST[9]
    const int16_t HR_LOW_A5_CATEGORY_FIRST[6]
    const int16_t HR_LOW_BADUGI_CATEGORY_FIRST[4]
    const int16_t HR_LOW_27_FROM_POKER[7463]
    const int HR_LOW_A5_LEN
    const int16_t HR_LOW_A5[84354]
    const int16_t HR_LOW_BADUGI[8192]
    const uint16_t HR_LOW_BADUGI_SUBSETS[64]

cdef extern from "lowball/kernel.h" nogil:
    const int HR_LOW_ERR_RANGE "HR_ERR_RANGE"
    const int HR_LOW_ERR_DUPLICATE "HR_ERR_DUPLICATE"
    # Single rows. PRECONDITION (unchecked): distinct ids in 0..51 (memory-safe
    # on any bytes). k = 5, 6 or 7 for ace-to-five (best five).
    int32_t hr_low_a5_row(const uint8_t* row, int k) noexcept nogil
    int32_t hr_low_badugi_row(const uint8_t* row) noexcept nogil
    # Checked bulk kernels over C-contiguous uint8 (N, k) ids: return -1, or the
    # first bad row (err = HR_ERR_*, col = its first bad column).
    ptrdiff_t hr_low_a5_eval_ids(const uint8_t* ids, int k, ptrdiff_t start, ptrdiff_t stop,
                                 int32_t* out, int* err, int* col) noexcept nogil
    ptrdiff_t hr_low_badugi_eval_ids(const uint8_t* ids, ptrdiff_t start, ptrdiff_t stop,
                                     int32_t* out, int* err, int* col) noexcept nogil
    ptrdiff_t hr_low_27_eval_ids(const uint8_t* ids, ptrdiff_t start, ptrdiff_t stop,
                                 int32_t* out, int* err, int* col) noexcept nogil
