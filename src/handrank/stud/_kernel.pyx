# cython: language_level=3
"""Compiled seven-card stud kernels (see ``handrank.stud`` for the documented API):
the hand values of ``kernel.h`` (high, eight-or-better low, razz) on one
player's cards.

Every entry point copies the ids it is given into a C buffer after checking
them (5..7 distinct ids in 0..51), so no call can index out of bounds.
"""

from libc.stdint cimport uint8_t, int32_t, int64_t, uint64_t

from .._c.showdown_equity cimport hr_se_eval_fn, se_exact, se_monte_carlo

cdef extern from "stud/kernel.h" nogil:
    const int HR_STUD_CARDS
    const int HR_STUD_MIN_KNOWN
    const int HR_STUD_MAX_PLAYERS
    const int HR_OMAHA_NO_LOW
    const int HR_STUD_EIGHT
    const int HR_STUD_RAZZ
    void hr_stud_se_eval(int option, const uint8_t* own, int n_own, const uint8_t* board,
                         int n_board, int want, int32_t* high, int32_t* low) noexcept
    int32_t hr_stud_low8(const uint8_t* cards, int k)
    int32_t hr_stud_high(const uint8_t* seven)
    int32_t hr_stud_razz(const uint8_t* seven)

CARDS = HR_STUD_CARDS
MIN_KNOWN = HR_STUD_MIN_KNOWN
MAX_PLAYERS = HR_STUD_MAX_PLAYERS
NO_LOW = HR_OMAHA_NO_LOW
#: The equity callback's options: the eight-or-better low (stud, stud Hi-Lo) or razz's.
EIGHT = HR_STUD_EIGHT
RAZZ = HR_STUD_RAZZ


cdef int _load(object ids, uint8_t* out) except -1:
    """Copy 5..7 distinct ids in 0..51 into out; ValueError otherwise."""
    cdef Py_ssize_t n = len(ids), j
    cdef unsigned long long seen = 0
    if not 5 <= n <= HR_STUD_CARDS:
        raise ValueError("need 5 to 7 card ids")
    for j in range(n):
        v = ids[j]
        if not 0 <= v < 52:
            raise ValueError("card ids must be in 0..51")
        if seen >> <int>v & 1:
            raise ValueError("card ids must be distinct")
        seen |= 1ULL << <int>v
        out[j] = <uint8_t>v
    return <int>n


def low(ids):
    """Eight-or-better low strength (1..56, 0 = none) of 5..7 distinct ids: the
    best low of any five."""
    cdef uint8_t row[7]
    cdef int n = _load(ids, row)
    return hr_stud_low8(row, n)


def high(ids):
    """Poker strength (1..7462) of seven distinct ids."""
    cdef uint8_t row[7]
    if _load(ids, row) != 7:
        raise ValueError("need 7 card ids")
    return hr_stud_high(row)


def razz(ids):
    """Ace-to-five strength (1..6175) of seven distinct ids, best five."""
    cdef uint8_t row[7]
    if _load(ids, row) != 7:
        raise ValueError("need 7 card ids")
    return hr_stud_razz(row)


cdef int _stud_shape(const uint8_t[:, ::1] own, const uint8_t[::1] board) except -1:
    if own.shape[1] != HR_STUD_CARDS or board.shape[0] != 0:
        raise ValueError("stud equity: 7 own cards per player and no board")
    return 0


def showdown_exact(const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                   const uint8_t[::1] board, int board_known, uint64_t dead_mask,
                   uint64_t deck_mask, int rule, int option, int prefix, int64_t start,
                   int64_t stop, int64_t[:, ::1] out):
    """Equity engine unit (``_c/showdown_equity.h``), exact: the counts of prefixes
    start..stop added to ``out`` (6, players) int64, stud's evaluation (poker high;
    low: eight-or-better for option EIGHT, ace-to-five for RAZZ). ``own`` is
    (players, 7), ``board`` empty. Releases the GIL; ValueError / IndexError for bad
    sizes, cards or ranges (nothing added)."""
    _stud_shape(own, board)
    se_exact(<hr_se_eval_fn>hr_stud_se_eval, option, rule, own, own_known, board,
             board_known, dead_mask, deck_mask, prefix, start, stop, out)


def showdown_monte_carlo(const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                         const uint8_t[::1] board, int board_known, uint64_t dead_mask,
                         uint64_t deck_mask, int rule, int option, uint64_t seed,
                         int64_t first, int64_t chunk_deals, int64_t deals,
                         int64_t[:, ::1] out):
    """Equity engine unit, Monte Carlo: ``deals`` deals from chunk ``first`` (chunk i
    on stream i of ``seed``) added to ``out`` (6, players). As :func:`showdown_exact`."""
    _stud_shape(own, board)
    se_monte_carlo(<hr_se_eval_fn>hr_stud_se_eval, option, rule, own, own_known, board,
                   board_known, dead_mask, deck_mask, seed, first, chunk_deals, deals, out)
