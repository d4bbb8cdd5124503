# Shared poker kernels: other games' Cython modules cimport these.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t
from libc.stddef cimport ptrdiff_t

cdef extern from "poker/tables.h" nogil:
    const int HR_ROW_SHIFT
    const uint64_t HR_SUIT_BASE
    const uint64_t HR_FLUSH_CHECK
    const int HR_NOFLUSH_SIZE
    const int HR_ROW_COUNT
    const int HR_ROW_OFFSET_LEN
    const int HR_NOFLUSH_LEN
    const int HR_SUIT_SHIFT
    const int HR_NUM_STRENGTHS
    const uint16_t HR_CATEGORY_FIRST[9]
    const uint64_t HR_CARD_KEY[52]
    const uint32_t HR_ROW_OFFSET[]
    const uint16_t HR_NOFLUSH[]
    const uint16_t HR_FLUSH[8192]
    const uint32_t HR_CLASS_RANKS[7463]
    const uint64_t HR_KB[512]
    const uint64_t HR_NIBBLE_KEY[208]
    const uint8_t HR_RANK_KEY_PLANES[48]
    const uint64_t HR_BYTE_KEY[256]
    const uint64_t HR_BYTE_SUIT_BIT[256]

cdef extern from "_c/cardbits.h" nogil:
    uint32_t hr_suit_ranks(uint64_t mask, unsigned suit)
    int hr_popcount64(uint64_t x)

cdef extern from "poker/kernel.h" nogil:
    # Strength of 5..7 cards from their summed key (HR_SUIT_BASE + HR_CARD_KEY
    # of each) and their card mask. PRECONDITION: 5 to 7 distinct ids in 0..51
    # (unchecked); the hr_poker_eval_ids* kernels check every row themselves.
    int32_t hr_poker_strength(uint64_t key, uint64_t mask)
    # The same from the key and a SUIT-MAJOR mask (OR of HR_BYTE_SUIT_BIT[id] =
    # 1 << (16 * suit + rank)): the flush suit's ranks are one shift.
    int32_t hr_poker_strength_sm(uint64_t key, uint64_t smask)
    # One row of 5/6/7 id bytes, unchecked (memory-safe on any bytes).
    int32_t hr_poker_row_strength5(const uint8_t* row)
    int32_t hr_poker_row_strength6(const uint8_t* row)
    int32_t hr_poker_row_strength7(const uint8_t* row)
    void hr_poker_plain_loop7(const uint8_t* ids, ptrdiff_t n, int32_t* out)
    void hr_poker_count_all(int n, uint32_t* hist)
    void hr_poker_plain_enumeration7(uint32_t* hist)
    ptrdiff_t hr_poker_eval_ids5(const uint8_t* ids, ptrdiff_t start, ptrdiff_t stop,
                                 int32_t* out, int* err, int* col)
    ptrdiff_t hr_poker_eval_ids6(const uint8_t* ids, ptrdiff_t start, ptrdiff_t stop,
                                 int32_t* out, int* err, int* col)
    ptrdiff_t hr_poker_eval_ids7(const uint8_t* ids, ptrdiff_t start, ptrdiff_t stop,
                                 int32_t* out, int* err, int* col)
    ptrdiff_t hr_poker_eval_ids_any(const void* ids, int k, int itemsize, int is_signed,
                                    ptrdiff_t start, ptrdiff_t stop, int32_t* out,
                                    int* err, int* col)
    const int HR_ERR_RANGE
    const int HR_ERR_DUPLICATE
    const int HR_ERR_SIZE


# One positional card id (an int or numpy integer, not a bool, in 0..51) for the
# single-hand entry points; raises CardRangeError or TypeError naming the position.
cdef long card_arg(object x, int pos) except -1
# Card text or a list/tuple of plain int ids (at most cap cards) into out: the
# count, or -1 for anything else (any other spelling, a bad card, more than cap);
# repeats are not checked. The fast path of the single-hand calls (omaha's too).
cdef Py_ssize_t _scan(object cards, uint8_t* out, Py_ssize_t cap) noexcept
