# cython: language_level=3
"""Compiled poker kernels (see ``handrank.poker`` for the documented API).

Every kernel checks each card id before using it as a table index, so no input
can make them read out of bounds; the Python layer turns the error codes they
return into exceptions that name the row and column.
"""

cimport cython
from cpython.list cimport PyList_GET_ITEM
from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_CheckExact
from cpython.object cimport PyObject, PyTypeObject
from cpython.tuple cimport PyTuple_GET_ITEM
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t

from time import thread_time as _now  # CPU time of this thread: steady under load

import numpy as np

from .._support._kernel cimport Team, hr_team_rows
from ..cards import format_card, parse_cards
from ..errors import CardRangeError, DuplicateCardError, HandSizeError

# Error kinds returned by the bulk kernels (third item of the error tuple).
KIND_RANGE = HR_ERR_RANGE          # card id >= 52 (ids) / bits >= 52 set (masks)
KIND_DUPLICATE = HR_ERR_DUPLICATE  # the same card twice in a row
KIND_SIZE = HR_ERR_SIZE            # mask with fewer than 5 or more than 7 cards

NUM_STRENGTHS = HR_NUM_STRENGTHS
NOFLUSH_SIZE = HR_NOFLUSH_SIZE
ROW_COUNT = HR_ROW_COUNT


cdef long card_arg(object x, int pos) except -1:
    """One positional card id: an int (or numpy integer, not a bool) in 0..51;
    CardRangeError or TypeError naming the position. Declared in _kernel.pxd."""
    cdef long v
    cdef int overflow = 0
    if PyLong_CheckExact(x):
        v = PyLong_AsLongAndOverflow(x, &overflow)
        if overflow or v < 0 or v >= 52:
            raise CardRangeError(f"card id {x} at position {pos} is out of range 0..51",
                                 column=pos)
        return v
    if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
        return card_arg(int(x), pos)
    raise TypeError(f"card id at position {pos} must be an int, got {type(x).__name__} {x!r}")


cdef inline int _single(PyObject** c, int n) except -1:
    """Validate n card-id objects, return their strength (or raise)."""
    cdef uint64_t key = HR_SUIT_BASE, mask = 0, bit
    cdef long v
    cdef int j
    for j in range(n):
        v = card_arg(<object>c[j], j)
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


ctypedef struct _IdRows:
    const uint8_t *ids
    int32_t *out
    int k, itemsize, signed


cdef Py_ssize_t _id_rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                         int *col) noexcept nogil:
    cdef _IdRows *c = <_IdRows*>ctx
    # One C kernel per row width and dtype, each with a fully unrolled inner loop.
    return hr_poker_eval_ids_any(c.ids, c.k, c.itemsize, c.signed, start, stop, c.out,
                                 err, col)


def eval_ids(const uint8_t[:, ::1] ids, int32_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
             int itemsize=1, bint signed=False, Team team=None, bint lead=True):
    """Kernel: strengths of rows start..stop of an (N, k) array of integer card
    ids, k in 5..7, into out. ``ids`` is the array's bytes as a C-contiguous
    (N, k * itemsize) uint8 view (``arr.view(np.uint8)`` of a native-order,
    aligned, C-contiguous array); ``itemsize`` (1, 2, 4, 8) and ``signed`` give
    its dtype. Ids are read in place and range-checked in the kernel (negative
    and too-large ids are caught with the repeats, no branch per card).
    ``team``: None, or a ``handrank._support._kernel.Team`` for rows start..stop
    that several threads pass to the same call at once, sharing its rows in blocks;
    the ``lead`` thread's call returns once all have left.
    Returns None, or (row, column, error kind) of the first bad row (with a team, the
    lead's call gives the team's lowest bad row; another's: the lowest met so far). Releases
    the GIL."""
    cdef int err = 0, col = -1
    cdef Py_ssize_t bad = -1
    cdef int64_t *t = NULL
    cdef _IdRows c
    if itemsize not in (1, 2, 4, 8):
        raise ValueError(f"itemsize must be 1, 2, 4 or 8, got {itemsize}")
    c.k = ids.shape[1] // itemsize
    if not 5 <= c.k <= 7 or ids.shape[1] != c.k * itemsize:
        raise ValueError("k must be 5..7")
    if start < 0 or stop > ids.shape[0] or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    if (<size_t>&ids[0, 0]) % itemsize:
        raise ValueError("ids must be aligned to their itemsize")
    c.ids = &ids[0, 0]; c.out = &out[0]; c.itemsize = itemsize; c.signed = signed
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _id_rows, &c, &err, &col)
    if bad >= 0:
        return (bad, col, err)
    return None


# ---------------------------------------------------------------- card text

# ASCII code -> rank / suit (255 = not one); the rest of the spellings (the
# Unicode suits) are in _suit_code.
cdef uint8_t _RANK_OF[128]
cdef uint8_t _SUIT_OF[128]
cdef int _i
for _i in range(128):
    _RANK_OF[_i] = 255
    _SUIT_OF[_i] = 255
for _i, _ch in enumerate("23456789TJQKA"):
    _RANK_OF[ord(_ch)] = _i
    _RANK_OF[ord(_ch.lower())] = _i
for _i, _ch in enumerate("cdhs"):
    _SUIT_OF[ord(_ch)] = _i
    _SUIT_OF[ord(_ch.upper())] = _i


cdef inline int _suit_code(Py_UCS4 ch) noexcept:
    if ch < 128:
        return _SUIT_OF[ch]
    if ch == 0x2663 or ch == 0x2667:  # black / white club
        return 0
    if ch == 0x2666 or ch == 0x2662:  # diamonds
        return 1
    if ch == 0x2665 or ch == 0x2661:  # hearts
        return 2
    if ch == 0x2660 or ch == 0x2664:  # spades
        return 3
    return 255


cdef Py_ssize_t _scan_text(str text, uint8_t* out, Py_ssize_t cap) noexcept:
    """Card ids of card text into out (at most cap); the count, or -1 when the
    text needs the exact scanner of handrank.cards (a bad token, a rare
    separator or variation selector, or more than cap cards). Same grammar:
    rank (2-9, T or 10, J, Q, K, A, any case) then suit (c d h s any case, or
    the eight Unicode suit symbols), separated by nothing, spaces, tabs,
    newlines, commas or semicolons."""
    cdef Py_ssize_t i = 0, n = len(text), cnt = 0
    cdef Py_UCS4 ch
    cdef int r, su
    while i < n:
        ch = text[i]
        if ch == 32 or ch == 44 or ch == 59 or ch == 9 or ch == 10 or ch == 13:
            i += 1
            continue
        if ch < 128 and _RANK_OF[ch] != 255:
            r = _RANK_OF[ch]
            i += 1
        elif ch == 49 and i + 1 < n and text[i + 1] == 48:  # "10"
            r = 8
            i += 2
        else:
            return -1
        if i >= n or cnt >= cap:
            return -1
        su = _suit_code(text[i])
        if su == 255:
            return -1
        out[cnt] = <uint8_t>(4 * r + su)
        cnt += 1
        i += 1
    return cnt


cdef Py_ssize_t _scan_ids(object seq, bint is_list, uint8_t* out, Py_ssize_t cap) noexcept:
    """A list or tuple of plain ints in 0..51 into out; the count, or -1 for
    anything else (other items, bad ids, more than cap)."""
    cdef Py_ssize_t j, n = len(seq)
    cdef PyObject* x
    cdef long v
    cdef int overflow = 0
    if n > cap:
        return -1
    for j in range(n):
        x = PyList_GET_ITEM(seq, j) if is_list else PyTuple_GET_ITEM(seq, j)
        if not PyLong_CheckExact(<object>x):
            return -1
        v = PyLong_AsLongAndOverflow(<object>x, &overflow)
        if overflow or v < 0 or v >= 52:
            return -1
        out[j] = <uint8_t>v
    return n


cdef Py_ssize_t _scan(object cards, uint8_t* out, Py_ssize_t cap) noexcept:
    """Fast parse of card text or a list/tuple of ids (see _scan_text, _scan_ids)."""
    cdef type t = type(cards)
    if t is str:
        return _scan_text(<str>cards, out, cap)
    if t is list:
        return _scan_ids(cards, True, out, cap)
    if t is tuple:
        return _scan_ids(cards, False, out, cap)
    return -1


cdef int _hand(object cards, uint8_t* ids) except -1:
    """Parse and check one poker hand into ids (room for 7); returns its card
    count, 5..7. Plain text and lists of ids are read once here; anything else
    (other spellings, numpy ids, and every bad hand) goes to
    handrank.cards.parse_cards, which accepts every spelling and raises the
    error naming the bad token, id or repeat."""
    cdef Py_ssize_t n = _scan(cards, ids, 7), j
    cdef uint64_t mask = 0, bit
    if n >= 5:
        for j in range(n):
            bit = (<uint64_t>1) << ids[j]
            if mask & bit:
                n = -1
                break
            mask |= bit
    if n < 5:
        lst = parse_cards(cards)
        if not 5 <= len(lst) <= 7:
            raise HandSizeError(f"a poker hand has 5, 6 or 7 cards, got {len(lst)}")
        n = len(lst)
        for j in range(n):
            ids[j] = <uint8_t>lst[j]
    return <int>n


cdef inline int32_t _strength_ids(const uint8_t* ids, int n) noexcept nogil:
    """Strength of n (5..7) distinct valid ids."""
    cdef uint64_t key = HR_SUIT_BASE, mask = 0
    cdef int j
    for j in range(n):
        key += HR_CARD_KEY[ids[j]]
        mask |= (<uint64_t>1) << ids[j]
    return hr_poker_strength(key, mask)


def strength(cards):
    """Strength (1..7462, higher = stronger) of one hand of 5, 6 or 7 cards.

    ``cards``: text (``"AsKsQsJsTs"``) or a sequence of card ids / card strings.
    Text and lists/tuples of ids are parsed and checked once, in C.
    Raises CardParseError, CardRangeError, DuplicateCardError, HandSizeError.
    For the fastest single call on ids use :func:`strength7` and friends.
    """
    cdef uint8_t ids[7]
    cdef int n = _hand(cards, ids)
    return _strength_ids(ids, n)


cdef tuple _best_five(const uint8_t* ids, int n, int32_t s):
    """The five of ids[:n] making strength s's class, most significant first (for
    each rank of the class, in order, the highest-suited unused card; of the
    flush suit for a flush or straight flush)."""
    cdef uint8_t pool[7]
    cdef int i, j, c, fs = -1, r
    cdef uint32_t packed = HR_CLASS_RANKS[s]
    cdef int counts[4]
    cdef long five[5]
    # Pool sorted descending (insertion sort of at most 7 ids).
    for i in range(n):
        c = ids[i]
        j = i
        while j > 0 and pool[j - 1] < c:
            pool[j] = pool[j - 1]
            j -= 1
        pool[j] = <uint8_t>c
    if (HR_CATEGORY_FIRST[5] <= s < HR_CATEGORY_FIRST[6]) or s >= HR_CATEGORY_FIRST[8]:
        counts[0] = counts[1] = counts[2] = counts[3] = 0
        for i in range(n):
            counts[ids[i] & 3] += 1
        for i in range(4):
            if counts[i] >= 5:
                fs = i
    for i in range(5):
        r = (packed >> (4 * (4 - i))) & 15
        five[i] = -1
        for j in range(n):
            c = pool[j]
            if c != 255 and (c >> 2) == r and (fs < 0 or (c & 3) == fs):
                five[i] = c
                pool[j] = 255
                break
    return (five[0], five[1], five[2], five[3], five[4])


def best_five(cards):
    """``(strength, five)`` of one hand of 5, 6 or 7 cards (given as for
    :func:`strength`, whose errors it raises): ``five`` is a tuple of the card
    ids making the hand's class, most significant first (for each rank of the
    class, in order, the highest-suited unused card; of the flush suit for a
    flush or straight flush)."""
    cdef uint8_t ids[7]
    cdef int n = _hand(cards, ids)
    cdef int32_t s = _strength_ids(ids, n)
    return s, _best_five(ids, n, s)


cdef extern from "Python.h":
    int PyObject_GenericSetAttr(object o, object name, object value) except -1
    PyTypeObject PyBaseObject_Type

# What evaluate builds (set once by handrank.poker.hands through bind_values):
# the result class, its fields per strength (None until first used) and the
# function that fills one entry.
cdef type _value_cls = None
cdef list _value_fields = None
cdef object _value_fill = None


def bind_values(type cls, list fields, fill):
    """Set what :func:`evaluate` returns: instances of ``cls`` (a plain class such
    as ``HandValue``, built without calling its ``__init__``) whose ``__dict__``
    is ``fields[strength]`` (``fill(strength)`` fills a None entry) plus
    ``cards``. ``fields`` needs an entry for every strength 0..7462."""
    global _value_cls, _value_fields, _value_fill
    if len(fields) <= HR_NUM_STRENGTHS:
        raise ValueError("fields needs an entry for every strength")
    _value_cls, _value_fields, _value_fill = cls, fields, fill


def evaluate(cards):
    """Evaluate one hand of 5, 6 or 7 cards (best five) to a :class:`HandValue`.

    ``cards``: text (``"As Ks Qs Js Ts 2c 3d"``) or a sequence of card ids or
    card strings. The result's ``cards`` are the best five, most significant
    first (e.g. trips before kickers). Rule: ``docs/rules/poker.md``.
    Text and lists/tuples of ids are parsed and checked once, in C; the
    category, name and description are cached per strength.
    Raises CardParseError (names the token and position), CardRangeError,
    DuplicateCardError, HandSizeError (fewer than 5 or more than 7 cards).
    """
    cdef uint8_t ids[7]
    cdef int n = _hand(cards, ids)
    cdef int32_t s = _strength_ids(ids, n)
    if _value_cls is None:
        raise RuntimeError("bind_values() was not called (import handrank.poker)")
    f = _value_fields[s]
    if f is None:
        f = _value_fill(s)
    obj = PyBaseObject_Type.tp_new(_value_cls, <PyObject*>(), NULL)
    # Plain attribute stores (object.__setattr__, which the frozen class's own
    # __setattr__ would refuse): the instance keeps CPython's compact attribute
    # layout, no per-instance dict is built.
    for k, v in (<dict?>f).items():
        PyObject_GenericSetAttr(obj, k, v)
    PyObject_GenericSetAttr(obj, "cards", _best_five(ids, n, s))
    return obj


def parse_rows(rows, slow):
    """Card rows (a list, tuple or other sequence of card text or lists/tuples of
    ids) -> a C-contiguous (N, k) uint8 array of ids in 0..51, k the first row's
    card count (at most 52). Repeats are not checked here (the evaluating kernel
    does). A row the fast scanner cannot read is handed to ``slow(i, row)``,
    which returns its ids or raises the error naming the row and token.
    Raises HandSizeError when rows have different counts."""
    cdef list items = rows if type(rows) is list else list(rows)
    cdef Py_ssize_t n = len(items), i, j, cnt, k = -1
    cdef uint8_t buf[52]
    cdef uint8_t[:, ::1] view
    arr = None
    for i in range(n):
        row = items[i]
        cnt = _scan(row, buf, 52)
        if cnt < 0:
            lst = slow(i, row)
            cnt = len(lst)
            if cnt > 52:
                raise HandSizeError(f"row {i} has {cnt} cards; one deck has 52")
            for j in range(cnt):
                buf[j] = <uint8_t>lst[j]
        if k < 0:
            k = cnt
            arr = np.empty((n, k), dtype=np.uint8)
            view = arr
        elif cnt != k:
            raise HandSizeError(f"row {i} has {cnt} cards, row 0 has {k}: "
                                f"every row needs the same count")
        for j in range(k):
            view[i, j] = buf[j]
    if arr is None:
        return np.zeros((0, 0), dtype=np.uint8)
    return arr


ctypedef struct _MaskRows:
    const uint64_t *masks
    int32_t *out


cdef Py_ssize_t _mask_rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                           int *col) noexcept nogil:
    cdef _MaskRows *c = <_MaskRows*>ctx
    cdef Py_ssize_t i
    cdef uint64_t m, key, cnt
    cdef int r
    col[0] = -1
    for i in range(start, stop):
        m = c.masks[i]
        if m >> 52:
            err[0] = HR_ERR_RANGE
            return i
        # Count first: the key's 4-bit suit counters only hold up to 7 cards.
        cnt = hr_popcount64(m)
        if cnt < 5 or cnt > 7:
            err[0] = HR_ERR_SIZE
            return i
        key = HR_SUIT_BASE
        for r in range(13):
            key += HR_NIBBLE_KEY[16 * r + ((m >> (4 * r)) & 15)]
        c.out[i] = hr_poker_strength(key, m)
    return -1


def eval_masks(const uint64_t[::1] masks, int32_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
               Team team=None, bint lead=True):
    """Kernel: strengths of masks start..stop into out. ``team``, ``lead``: as for
    eval_ids. Returns None, or (row, -1, error kind) of the first bad mask.
    Releases the GIL."""
    cdef Py_ssize_t bad = -1
    cdef int err = 0, col = -1
    cdef int64_t *t = NULL
    cdef _MaskRows c
    if start < 0 or stop > masks.shape[0] or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    c.masks = &masks[0]; c.out = &out[0]
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _mask_rows, &c, &err, &col)
    if bad >= 0:
        return (bad, -1, err)
    return None


def strength_counts(int n_cards):
    """Enumerate every n_cards-card hand (5, 6 or 7) of one deck and return an
    int64 array of length 7463: how many hands have each strength (index 0 unused).
    Nested loops add one card's key per level (hr_poker_count_all in
    kernel.h); for the last card, when no suit can reach five, its four suits
    share one lookup on the rank key. Releases the GIL."""
    if not 5 <= n_cards <= 7:
        raise ValueError(f"n_cards must be 5, 6 or 7, got {n_cards}")
    cdef uint32_t[::1] hist = np.zeros(HR_NUM_STRENGTHS + 1, dtype=np.uint32)
    with nogil:
        hr_poker_count_all(n_cards, &hist[0])
    return np.asarray(hist).astype(np.int64)


def _plain_loop_benchmark(const uint8_t[:, ::1] ids, int32_t[::1] out, int repeats=1):
    """Benchmark baseline: the bare table loop over (N, 7) uint8 ids with no
    per-row check (hr_poker_plain_loop7, the "limit of this design" the
    checked evaluate_many is compared with), run ``repeats`` times; returns the
    best time of one pass in seconds. Ids >= 52 are refused once up front
    (outside the timed loop); repeated cards are not checked (any bytes are
    memory-safe, a repeat only gives a wrong strength). Releases the GIL while
    looping."""
    cdef Py_ssize_t n = ids.shape[0]
    cdef int r
    cdef double best = 1e300, t0, t1
    if ids.shape[1] != 7 or out.shape[0] < n:
        raise ValueError("need (N, 7) ids and N outputs")
    if repeats < 1:
        raise ValueError("repeats must be at least 1")
    if n == 0:
        return 0.0
    if np.asarray(ids).max() >= 52:
        raise ValueError("card ids must be in 0..51")
    for r in range(repeats):
        t0 = _now()
        with nogil:
            hr_poker_plain_loop7(&ids[0, 0], n, &out[0])
        t1 = _now()
        best = min(best, t1 - t0)
    return best


def _plain_enumeration_benchmark(int repeats=1):
    """Benchmark baseline: seven plain nested loops over all 133,784,560
    seven-card hands, hr_poker_strength on every hand (hr_poker_plain_enumeration7,
    the "limit of this design" strength_counts(7) is compared with), run
    ``repeats`` times. Returns (best seconds of one pass, int64 histogram of
    length 7463, which must equal strength_counts(7)). Releases the GIL."""
    cdef uint32_t[::1] hist = np.zeros(HR_NUM_STRENGTHS + 1, dtype=np.uint32)
    cdef int r
    cdef double best = 1e300, t0, t1
    if repeats < 1:
        raise ValueError("repeats must be at least 1")
    for r in range(repeats):
        hist[:] = 0
        t0 = _now()
        with nogil:
            hr_poker_plain_enumeration7(&hist[0])
        t1 = _now()
        best = min(best, t1 - t0)
    return best, np.asarray(hist).astype(np.int64)


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
    return (sizeof(HR_CARD_KEY) + HR_ROW_OFFSET_LEN * 4 + HR_NOFLUSH_LEN * 2
            + sizeof(HR_FLUSH) + sizeof(HR_CLASS_RANKS) + sizeof(HR_CATEGORY_FIRST)
            + sizeof(HR_NIBBLE_KEY) + sizeof(HR_KB) + sizeof(HR_BYTE_KEY)
            + sizeof(HR_BYTE_SUIT_BIT) + sizeof(HR_RANK_KEY_PLANES))
