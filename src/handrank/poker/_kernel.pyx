# cython: language_level=3
"""Compiled poker kernels (see ``handrank.poker`` for the documented API).

Every kernel checks each card id before using it as a table index, so no input
can make them read out of bounds; the Python layer turns the error codes they
return into exceptions that name the row and column.
"""

cimport cython
from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_CheckExact
from cpython.object cimport PyObject
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t

import numpy as np

from ..cards import format_card
from ..errors import CardRangeError, DuplicateCardError

# Error kinds returned by the bulk kernels (third item of the error tuple).
KIND_RANGE = HR_ERR_RANGE          # card id >= 52 (ids) / bits >= 52 set (masks)
KIND_DUPLICATE = HR_ERR_DUPLICATE  # the same card twice in a row
KIND_SIZE = HR_ERR_SIZE            # mask with fewer than 5 or more than 7 cards

NUM_STRENGTHS = HR_NUM_STRENGTHS
NOFLUSH_SIZE = HR_NOFLUSH_SIZE
ROW_COUNT = HR_ROW_COUNT


cdef inline long _card_arg(object x, int pos) except -1:
    """One positional card id: an int (or numpy integer) in 0..51."""
    cdef long v
    cdef int overflow = 0
    if PyLong_CheckExact(x):
        v = PyLong_AsLongAndOverflow(x, &overflow)
        if overflow or v < 0 or v >= 52:
            raise CardRangeError(f"card id {x} at position {pos} is out of range 0..51",
                                 column=pos)
        return v
    if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
        return _card_arg(int(x), pos)
    raise TypeError(f"card id at position {pos} must be an int, got {type(x).__name__} {x!r}")


cdef inline int _single(PyObject** c, int n) except -1:
    """Validate n card-id objects, return their strength (or raise)."""
    cdef uint64_t key = HR_SUIT_BASE, mask = 0, bit
    cdef long v
    cdef int j
    for j in range(n):
        v = _card_arg(<object>c[j], j)
        bit = (<uint64_t>1) << v
        if mask & bit:
            raise DuplicateCardError(f"duplicate card {format_card(v)} (id {v}) at position {j}",
                                     card=v)
        mask |= bit
        key += HR_CARD_KEY[v]
    return hr_poker_strength(key, mask)


def strength5(a, b, c, d, e, /):
    """Strength (1..7462, higher = stronger) of five card ids (ints 0..51).
    Raises CardRangeError for an id outside 0..51, DuplicateCardError for a
    repeated card (both ValueErrors), TypeError for a non-integer (floats and
    bools are not card ids)."""
    cdef PyObject* v[5]
    v[0] = <PyObject*>a; v[1] = <PyObject*>b; v[2] = <PyObject*>c; v[3] = <PyObject*>d; v[4] = <PyObject*>e
    return _single(v, 5)


def strength6(a, b, c, d, e, f, /):
    """Strength of the best five of six card ids (see strength5)."""
    cdef PyObject* v[6]
    v[0] = <PyObject*>a; v[1] = <PyObject*>b; v[2] = <PyObject*>c; v[3] = <PyObject*>d; v[4] = <PyObject*>e; v[5] = <PyObject*>f
    return _single(v, 6)


def strength7(a, b, c, d, e, f, g, /):
    """Strength of the best five of seven card ids (see strength5)."""
    cdef PyObject* v[7]
    v[0] = <PyObject*>a; v[1] = <PyObject*>b; v[2] = <PyObject*>c; v[3] = <PyObject*>d; v[4] = <PyObject*>e; v[5] = <PyObject*>f; v[6] = <PyObject*>g
    return _single(v, 7)


def eval_ids(const uint8_t[:, ::1] ids, int32_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Kernel: strengths of rows start..stop of a C-contiguous (N, k) uint8 array,
    k in 5..7, into out. Returns None, or (row, column, error kind) of the first
    bad row. Releases the GIL."""
    cdef int k = ids.shape[1]
    cdef int err = 0, col = -1
    cdef Py_ssize_t bad = -1
    if not 5 <= k <= 7:
        raise ValueError("k must be 5..7")
    if start < 0 or stop > ids.shape[0] or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    with nogil:
        # One C kernel per row width, each with a fully unrolled inner loop.
        if k == 7:
            bad = hr_poker_eval_ids7(&ids[0, 0], start, stop, &out[0], &err, &col)
        elif k == 6:
            bad = hr_poker_eval_ids6(&ids[0, 0], start, stop, &out[0], &err, &col)
        else:
            bad = hr_poker_eval_ids5(&ids[0, 0], start, stop, &out[0], &err, &col)
    if bad >= 0:
        return (bad, col, err)
    return None


def eval_masks(const uint64_t[::1] masks, int32_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Kernel: strengths of masks start..stop into out. Returns None, or
    (row, -1, error kind) of the first bad mask. Releases the GIL."""
    cdef Py_ssize_t i, bad = -1
    cdef uint64_t m, key, cnt
    cdef int r, err = 0
    if start < 0 or stop > masks.shape[0] or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    with nogil:
        for i in range(start, stop):
            m = masks[i]
            if m >> 52:
                err = HR_ERR_RANGE
                bad = i
                break
            # Count first: the key's 4-bit suit counters only hold up to 7 cards.
            cnt = hr_popcount64(m)
            if cnt < 5 or cnt > 7:
                err = HR_ERR_SIZE
                bad = i
                break
            key = HR_SUIT_BASE
            for r in range(13):
                key += HR_NIBBLE_KEY[16 * r + ((m >> (4 * r)) & 15)]
            out[i] = hr_poker_strength(key, m)
    if bad >= 0:
        return (bad, -1, err)
    return None


@cython.boundscheck(False)
@cython.wraparound(False)
def strength_counts(int n_cards):
    """Enumerate every n_cards-card hand (5, 6 or 7) of one deck and return an
    int64 array of length 7463: how many hands have each strength (index 0 unused).
    All 133,784,560 seven-card hands are visited incrementally (one key addition
    and one table lookup per hand). Releases the GIL."""
    if not 5 <= n_cards <= 7:
        raise ValueError(f"n_cards must be 5, 6 or 7, got {n_cards}")
    cdef uint32_t[::1] hist = np.zeros(HR_NUM_STRENGTHS + 1, dtype=np.uint32)
    cdef int n = n_cards, d, last = n_cards - 1, c
    cdef int idx[8]
    cdef uint64_t key[8]
    cdef uint64_t msk[8]
    cdef uint64_t kprev, mprev, kk
    cdef uint32_t* h = &hist[0]
    with nogil:
        key[0] = HR_SUIT_BASE
        msk[0] = 0
        d = 0
        idx[0] = -1
        while d >= 0:
            if d == last:
                # Innermost level: a tight loop over the last card.
                kprev = key[d]
                mprev = msk[d]
                for c in range(idx[d - 1] + 1 if d > 0 else 0, 52):
                    kk = kprev + HR_CARD_KEY[c]
                    h[hr_poker_strength(kk, mprev | ((<uint64_t>1) << c))] += 1
                d -= 1
                continue
            idx[d] += 1
            if idx[d] > 52 - (n - d):
                d -= 1
                continue
            key[d + 1] = key[d] + HR_CARD_KEY[idx[d]]
            msk[d + 1] = msk[d] | ((<uint64_t>1) << idx[d])
            d += 1
            if d < last:
                idx[d] = idx[d - 1]
    return np.asarray(hist).astype(np.int64)


def class_ranks():
    """uint32 array (7463,): the five ranks of each strength class, most
    significant first, packed 4 bits each (rank 0 = deuce); index 0 unused."""
    cdef uint32_t[::1] out = np.empty(7463, dtype=np.uint32)
    cdef int i
    for i in range(7463):
        out[i] = HR_CLASS_RANKS[i]
    return np.asarray(out)


def category_first():
    """int32 array (9,): the lowest strength of each category, high card first."""
    return np.array([HR_CATEGORY_FIRST[i] for i in range(9)], dtype=np.int32)


def table_bytes():
    """Total size in bytes of the compiled lookup tables."""
    return (sizeof(HR_CARD_KEY) + HR_ROW_COUNT * 4 + HR_NOFLUSH_SIZE * 2
            + sizeof(HR_FLUSH) + sizeof(HR_CLASS_RANKS) + sizeof(HR_CATEGORY_FIRST)
            + sizeof(HR_NIBBLE_KEY) + sizeof(HR_KB))
