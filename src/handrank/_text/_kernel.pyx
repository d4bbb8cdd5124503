# cython: language_level=3
"""Compiled core of the fast text path of ``handrank rank``: one pass over a byte
buffer of hand lines, each line's cards written as ids, no Python object per line.

A package of its own (``handrank._text``) so the reader imports no game kernel.
The scanner accepts only a strict subset of what :func:`handrank.cards.parse_cards`
reads (two-character tokens of an upper-case rank ``23456789TJQKA`` and a lower-case
suit ``cdhs``, run together or single-space separated, ASCII blanks around the line,
5 to 7 distinct cards); every other line is left to the Python path (status -1),
which accepts every spelling and names the bad token, so the two paths agree."""

from libc.stdint cimport uint8_t, int8_t, int64_t, uint64_t

from ..errors import ArrayShapeError

cdef signed char RANK[256]
cdef signed char SUIT[256]
cdef bint BLANK[256]

cdef int _i
for _i in range(256):
    RANK[_i] = -1
    SUIT[_i] = -1
    BLANK[_i] = 0
for _i, _ch in enumerate(bytearray(b"23456789TJQKA")):
    RANK[_ch] = _i
for _i, _ch in enumerate(bytearray(b"cdhs")):
    SUIT[_ch] = _i
for _ch in bytearray(b" \t\r\x0b\x0c"):
    BLANK[_ch] = 1

cdef enum:
    _SKIP = 0
    _OTHER = -1

#: Line status: a blank or ``#`` comment line (skipped, as the Python path skips it).
SKIP = _SKIP
#: Line status: not read here; the caller hands the line to the Python path.
OTHER = _OTHER


cdef inline int8_t _line(const uint8_t* b, Py_ssize_t p, Py_ssize_t e, uint8_t* out) noexcept nogil:
    """Status of the line b[p:e] (no newline): SKIP, OTHER or its card count 5..7
    (the ids then in out[0:count])."""
    cdef int k = 0, r, s, c
    cdef uint64_t mask = 0, bit
    while p < e and BLANK[b[p]]:
        p += 1
    while e > p and BLANK[b[e - 1]]:
        e -= 1
    if p == e or b[p] == 35:  # '#'
        return _SKIP
    while p < e:
        if k == 7 or p + 1 >= e:
            return _OTHER
        r = RANK[b[p]]
        s = SUIT[b[p + 1]]
        if r < 0 or s < 0:
            return _OTHER
        c = 4 * r + s
        bit = (<uint64_t>1) << c
        if mask & bit:
            return _OTHER
        mask |= bit
        out[k] = <uint8_t>c
        k += 1
        p += 2
        if p < e and b[p] == 32:  # one space between cards (the line is trimmed)
            p += 1
    return <int8_t>k if k >= 5 else _OTHER


def scan_lines(const uint8_t[::1] buf, Py_ssize_t pos, bint eof, uint8_t[:, ::1] out,
               int8_t[::1] status, int64_t[::1] starts):
    """Scan the lines of ``buf[pos:]``: at most ``out.shape[0]`` of them, each ending
    in ``\\n`` (the last one may lack it when ``eof``).

    ``out``: ``(cap, 7)`` ``uint8``, row i gets line i's card ids; ``status``: at least
    ``cap`` ``int8``, line i's card count 5..7, SKIP (0) or OTHER (-1);
    ``starts``: at least ``cap + 1`` ``int64``, line i is ``buf[starts[i]:starts[i+1]]``
    (newline included). Returns ``(lines, end)``: lines scanned and the offset after
    the last one (``pos`` when no complete line is there).
    Raises ArrayShapeError for arrays of the wrong size or a ``pos`` outside ``buf``.
    """
    cdef Py_ssize_t n = buf.shape[0], cap = out.shape[0], i = 0, p, e
    if out.shape[1] != 7 or status.shape[0] < cap or starts.shape[0] < cap + 1:
        raise ArrayShapeError("scan_lines: out must be (cap, 7), status (>= cap,), "
                              "starts (>= cap + 1,)")
    if pos < 0 or pos > n:
        raise ArrayShapeError(f"scan_lines: pos {pos} is outside the buffer (0..{n})")
    cdef const uint8_t* b = &buf[0] if n > 0 else NULL
    p = pos
    with nogil:
        while i < cap and p < n:
            e = p
            while e < n and b[e] != 10:
                e += 1
            if e == n and not eof:
                break
            starts[i] = p
            status[i] = _line(b, p, e, &out[i, 0])
            i += 1
            p = e + 1 if e < n else n
        starts[i] = p
    return i, p
