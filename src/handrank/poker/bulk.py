"""Many poker hands at once: ``evaluate_many`` over card-id arrays, masks or rows."""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Executor

import numpy as np

from . import _kernel as _poker
from .._support.arrays import as_kernel_ids, as_mask_array, raise_kernel_error, result_array
from .._support._kernel import Team
from .._support.threads import KernelError, run_bulk
from ..cards import CardsLike
from .hands import HAND_SIZES


def evaluate_many(cards: np.ndarray | Iterable[CardsLike], *,
                  threads: int | None = None, out: np.ndarray | None = None,
                  executor: Executor | None = None) -> np.ndarray:
    """Strengths of many hands at once.

    ``cards``: an ``(N, k)`` integer array of card ids with k = 5, 6 or 7
    (any integer dtype, read in place: the kernel range-checks each id;
    ``uint8`` is the fastest, checked per block of rows with SIMD on x86-64,
    numpy's default ``int64`` costs two to three times as much), an ``(N,)``
    ``uint64`` array of card masks (5 to 7 bits each, bits 52..63 clear), or
    rows: a list, tuple, pandas column or 1-D object/str numpy array of card
    text (``"As Kd ..."``) or id lists, decoded by the compiled row parser.
    ``threads``: ``None``/1 = one thread, ``0`` = all cores, ``n`` = n threads
    (the kernel releases the GIL; small inputs stay on one thread).
    ``executor``: any ``concurrent.futures.Executor``; inputs above
    :data:`handrank._support.threads.EXECUTOR_UNIT_ROWS` hands are sent to it in
    units of that many rows (ids or masks out, int32 strengths back; ``run_bulk``,
    ``docs/scale.md`` says when that pays).

    ``out``: an ``(N,)`` ``int32`` array to write the strengths into (and return),
    reused from batch to batch so no fresh memory is touched; None = a new array.
    When a row is bad the error is raised with ``out`` partly written.

    Returns an ``(N,)`` ``int32`` array of strengths (1..7462).
    Raises ArrayDtypeError (a TypeError), ArrayShapeError (also for a bad ``out``),
    HandSizeError,
    CardRangeError (row, column; negative ids too), DuplicateCardError (row,
    both columns), CardParseError (row, token and position) for bad text;
    TypeError for an ``executor`` without ``submit``.
    Rule: ``docs/rules/poker.md``.
    """
    if isinstance(cards, np.ndarray) and cards.ndim == 1 and cards.dtype.kind not in "OU":
        masks = as_mask_array(cards)
        res = result_array(out, len(masks), (masks,))
        err = run_bulk(_mask_unit, (masks,), res, threads=threads, executor=executor)
        if err is not None:
            raise_kernel_error(err, masks, HAND_SIZES)
        return res
    ids = as_kernel_ids(cards, HAND_SIZES)
    res, err = eval_id_rows(ids, threads, result_array(out, ids.shape[0], (ids,)), executor)
    if err is not None:
        raise_kernel_error(err, ids, HAND_SIZES)
    return res


def _mask_unit(masks: np.ndarray, out: np.ndarray, *, start: int = 0, stop: int | None = None,
               team: Team | None = None, lead: bool = True) -> KernelError | None:
    """Rows of ``(m,)`` uint64 masks into ``out`` (a ``run_bulk`` unit, team-capable)."""
    return _poker.eval_masks(masks, out, start, len(out) if stop is None else stop, team, lead)


def _id_unit(ids: np.ndarray, out: np.ndarray, *, start: int = 0, stop: int | None = None,
             team: Team | None = None, lead: bool = True) -> KernelError | None:
    """Rows of ``(m, k)`` integer ids (any integer dtype) into ``out`` (a ``run_bulk``
    unit, team-capable)."""
    return _poker.eval_ids(ids.view(np.uint8), out, start, len(out) if stop is None else stop,
                           ids.dtype.itemsize, ids.dtype.kind == "i", team, lead)


def eval_id_rows(ids: np.ndarray, threads: int | None, out: np.ndarray | None = None,
                 executor: Executor | None = None) -> tuple[np.ndarray, KernelError | None]:
    """Run the id kernel over a C-contiguous, aligned, native ``(N, k)`` integer
    array (k in 5..7, any integer dtype, values unchecked: the kernel checks
    them) into ``out`` (a checked ``(N,)`` int32 array, or None for a new one),
    on ``threads`` or ``executor`` (``run_bulk``): ``(int32 strengths, None)``, or
    the first bad row's ``(row, column, kind)`` for the caller to name in its own
    layout."""
    if out is None:
        out = np.empty(ids.shape[0], dtype=np.int32)
    return out, run_bulk(_id_unit, (ids,), out, threads=threads, executor=executor)
