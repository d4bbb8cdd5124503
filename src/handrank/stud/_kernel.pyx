# cython: language_level=3
"""Compiled seven-card stud kernels (see ``handrank.stud`` for the documented API):
the hand values of ``kernel.h`` (high, eight-or-better low, razz) on one
player's cards.

Every entry point copies the ids it is given into a C buffer after checking
them (5..7 distinct ids in 0..51), so no call can index out of bounds.
"""

from libc.stdint cimport uint8_t, int32_t

cdef extern from "stud/kernel.h" nogil:
    const int HR_STUD_CARDS
    const int HR_STUD_MIN_KNOWN
    const int HR_STUD_MAX_PLAYERS
    const int HR_OMAHA_NO_LOW
    int32_t hr_stud_low8(const uint8_t* cards, int k)
    int32_t hr_stud_high(const uint8_t* seven)
    int32_t hr_stud_razz(const uint8_t* seven)

CARDS = HR_STUD_CARDS
MIN_KNOWN = HR_STUD_MIN_KNOWN
MAX_PLAYERS = HR_STUD_MAX_PLAYERS
NO_LOW = HR_OMAHA_NO_LOW


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
