# Shared Three-card Brag kernels: other games' Cython modules cimport these,
# e.g. ``from handrank.brag._kernel cimport hr_brag_strength``. Everything is a static
# inline C function or a static const table from the headers, so a cimporting
# module inlines it (no call through this extension at run time).
# Layout and option bits: see brag/tables.h / tools/gen_brag_tables.py.
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int16_t, int32_t
from libc.stddef cimport ptrdiff_t

cdef extern from "brag/tables.h" nogil:
    const int HR_BRAG_NUM_STRENGTHS      # 741: strengths are 1..741, higher = stronger
    const int HR_BRAG_FLUSH_OFFSET       # 2197: added to the rank pattern for one suit
    const int HR_BRAG_TABLE_SIZE         # 4394 entries per option table
    # Lowest strength of: high card, pair, flush, run, running flush, prial.
    const int16_t HR_BRAG_CATEGORY_FIRST[6]
    # [options][169*r0 + 13*r1 + r2 (+ HR_BRAG_FLUSH_OFFSET if suited)] -> strength
    const int16_t HR_BRAG_TABLE[4][4394]
    # Per-byte (0..255) tables of the checked bulk kernel: 1 << id (poison bit
    # 63 for a non-card byte), and the rank pattern term per column.
    const uint64_t HR_BRAG_CARD_BIT[256]
    const uint16_t HR_BRAG_RANK_OFFSET[3][256]

cdef extern from "brag/kernel.h" nogil:
    # Option bits: bit 0 = prial_threes_high, bit 1 = a23_top_run; 3 = default rules.
    const int HR_BRAG_PRIAL_THREES_HIGH
    const int HR_BRAG_A23_TOP_RUN
    const int HR_BRAG_DEFAULT_OPTIONS
    const int HR_BRAG_ERR_RANGE "HR_ERR_RANGE"
    const int HR_BRAG_ERR_DUPLICATE "HR_ERR_DUPLICATE"
    const int HR_BRAG_ERR_SIZE "HR_ERR_SIZE"
    # Strength (1..741, higher = stronger) of three card ids under the option
    # table `options`. PRECONDITION (unchecked): a, b, c distinct ids in 0..51.
    int32_t hr_brag_strength(int a, int b, int c, int options) noexcept nogil
    # The same with the option table already chosen (hr_brag_table(options)),
    # for inner loops.
    const int16_t* hr_brag_table(int options) noexcept nogil
    int32_t hr_brag_strength_t(const int16_t* table, int a, int b, int c) noexcept nogil
    # Checked bulk kernels: return -1, or the first bad row (err = HR_ERR_*,
    # col = first bad column, masks: no column).
    ptrdiff_t hr_brag_eval_ids(const uint8_t* ids, ptrdiff_t start, ptrdiff_t stop,
                               const int16_t* table, int32_t* out, int* err, int* col) noexcept nogil
    ptrdiff_t hr_brag_eval_masks(const uint64_t* masks, ptrdiff_t start, ptrdiff_t stop,
                                 const int16_t* table, int32_t* out, int* err) noexcept nogil
    # Unchecked baseline loop (benchmarks only).
    void hr_brag_plain_loop(const uint8_t* ids, ptrdiff_t n, const int16_t* table,
                            int32_t* out) noexcept nogil
