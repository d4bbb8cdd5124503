"""Many Omaha hands at once: ``evaluate_many`` (high) and ``low_many``."""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Executor

import numpy as np

from .. import errors
from .._support.arrays import as_id_array, result_array
from .._support._kernel import Team
from .._support.threads import KernelError, run_bulk
from ..cards import CardsLike, format_card
from . import _kernel
from .hands import BOARD_SIZE, HOLE_SIZES

#: Rows worth a thread of their own (one Omaha row costs about 60..150 lookups).
MIN_ROWS_PER_THREAD = 2048


def id_rows(holes: np.ndarray | Iterable[CardsLike],
            boards: np.ndarray | Iterable[CardsLike]) -> tuple[np.ndarray, np.ndarray]:
    """``(holes, boards)`` as C-contiguous ``uint8`` ``(N, h)`` and ``(N, 5)``
    arrays (h = 4, 5 or 6), ids of wider dtypes range-checked. Raises
    ArrayDtypeError, ArrayShapeError (also for different row counts),
    HandSizeError, CardRangeError, CardParseError, each with ``holes`` or
    ``boards`` context."""
    try:
        h = as_id_array(holes, HOLE_SIZES, "Omaha hole")
    except errors.HandSizeError as e:
        if "has 2 columns" in str(e):
            raise errors.HandSizeError(f"holes: {e} (two hole cards is a Hold'em hand: use "
                                       f"handrank.poker.evaluate_many(hole + board))") from None
        raise e.with_context("holes") from None
    except errors.HandrankError as e:
        raise e.with_context("holes") from None
    try:
        b = as_id_array(boards, (BOARD_SIZE,), "Omaha board")
    except errors.HandrankError as e:
        raise e.with_context("boards") from None
    if h.shape[0] != b.shape[0]:
        raise errors.ArrayShapeError(f"holes has {h.shape[0]} rows and boards {b.shape[0]}: "
                                     f"one board per hole")
    return h, b


def raise_row_error(err: KernelError, holes: np.ndarray, boards: np.ndarray) -> None:
    """The exception for a kernel's (row, column, kind); the column counts the
    hole's cards first, then the board's."""
    row, col, kind = err
    h = holes.shape[1]
    cards = holes[row].tolist() + boards[row].tolist()

    def where(j: int) -> str:
        return f"hole column {j}" if j < h else f"board column {j - h}"

    value = cards[col]
    if kind == _kernel.KIND_RANGE:
        raise errors.CardRangeError(f"row {row}, {where(col)}: card id {value} is out of range 0..51",
                                    row=row, column=col if col < h else col - h)
    first = cards.index(value)
    raise errors.DuplicateCardError(
        f"row {row}: duplicate card {format_card(value)} ({where(first)} and {where(col)})",
        card=value, row=row)


def _run(holes: object, boards: object, threads: int | None, out: np.ndarray | None,
         low: bool, executor: Executor | None = None) -> np.ndarray:
    h, b = id_rows(holes, boards)  # type: ignore[arg-type]
    res = result_array(out, h.shape[0], (h, b))
    err = run_bulk(_rows_unit, (h, b), res, (low,), threads=threads, executor=executor,
                   min_rows=MIN_ROWS_PER_THREAD)
    if err is not None:
        raise_row_error(err, h, b)
    return res


def _rows_unit(h: np.ndarray, b: np.ndarray, out: np.ndarray, low: bool, *, start: int = 0,
               stop: int | None = None, team: Team | None = None,
               lead: bool = True) -> KernelError | None:
    """``(m, h)`` holes and ``(m, 5)`` boards into ``out`` (a ``run_bulk`` unit,
    team-capable)."""
    return _kernel.eval_rows(h, b, out, start, len(out) if stop is None else stop, low, team,
                             lead)


def evaluate_many(holes: np.ndarray | Iterable[CardsLike], boards: np.ndarray | Iterable[CardsLike],
                  *, threads: int | None = None, out: np.ndarray | None = None,
                  executor: Executor | None = None) -> np.ndarray:
    """High strengths of many Omaha hands at once.

    ``holes``: an ``(N, h)`` integer array of card ids, h = 4, 5 or 6 (``uint8``
    is read in place; wider dtypes are range-checked and copied), or rows of
    card text / id lists; ``boards``: ``(N, 5)`` the same way, row i the board of
    hole i. ``threads``: ``None``/1 = one thread, ``0`` = all cores, ``n`` = n
    threads (the kernel releases the GIL). ``out``: an ``(N,)`` ``int32`` array
    to write into (and return), or None for a new one.
    ``executor``: any ``concurrent.futures.Executor``; inputs above
    ``EXECUTOR_UNIT_ROWS`` rows go to it in units of that many (``docs/scale.md``).

    Returns an ``(N,)`` ``int32`` array of strengths (1..7462, poker's scale),
    each the best of exactly two hole + three board cards.
    Raises ArrayDtypeError, ArrayShapeError (also for a bad ``out``, or when
    holes and boards have different row counts), HandSizeError,
    CardRangeError (row and ``hole column`` / ``board column``),
    DuplicateCardError (row, both places, also across hole and board),
    CardParseError. Rule: ``docs/rules/omaha.md``.
    """
    return _run(holes, boards, threads, out, False, executor)


def low_many(holes: np.ndarray | Iterable[CardsLike], boards: np.ndarray | Iterable[CardsLike],
             *, threads: int | None = None, out: np.ndarray | None = None,
             executor: Executor | None = None) -> np.ndarray:
    """Eight-or-better low strengths of many Omaha hands: an ``(N,)`` ``int32``
    array, 1..56 (higher = better low) or 0 (no qualifying low). Arguments and
    errors as :func:`evaluate_many`. Rule: ``docs/rules/omaha.md``."""
    return _run(holes, boards, threads, out, True, executor)
