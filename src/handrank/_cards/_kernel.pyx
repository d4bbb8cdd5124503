# cython: language_level=3
"""Compiled core of ``handrank.cards.deal`` (see its docstring for the documented API).

The C loop is ``hr_deal_rows`` of ``_c/deal.h`` (on the shared generator of
``_c/rng.h``). A package of its own so that ``handrank.cards``, which every game
imports, does not import a game's kernel."""

from libc.stdint cimport uint8_t, uint64_t, int64_t

from ..errors import HandrankError

cdef extern from "_c/deal.h" nogil:
    const int HR_DEAL_BLOCK
    void hr_deal_rows(uint64_t seed, int64_t start, int64_t stop, int k, uint8_t *out)

#: Rows are drawn in blocks of this many, block j from random stream j of the seed.
DEAL_BLOCK = HR_DEAL_BLOCK


def deal_rows(uint64_t seed, int64_t start, int64_t stop, uint8_t[:, ::1] out):
    """Kernel: rows ``start..stop`` of the deal stream of ``seed`` into ``out``
    (``(stop - start, k)`` uint8, k <= 52): random deals of ``k`` distinct card ids,
    row i from stream ``i // DEAL_BLOCK`` of ``seed`` (so rows never depend on how
    they are split). Releases the GIL. HandrankError on bad arguments."""
    cdef int k
    if out.shape[1] > 52:
        raise HandrankError(f"at most 52 cards per row, got {out.shape[1]}")
    if not 0 <= start <= stop or stop - start != out.shape[0]:
        raise HandrankError(f"bad row range {start}..{stop} for {out.shape[0]} rows")
    k = <int>out.shape[1]
    if stop == start or k == 0:
        return
    with nogil:
        hr_deal_rows(seed, start, stop, k, &out[0, 0])
