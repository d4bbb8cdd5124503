"""Many poker hands at once: ``evaluate_many`` over card-id arrays, masks or rows."""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Executor

import numpy as np

from . import _kernel as _poker
from .._support.arrays import as_kernel_ids, as_mask_array, raise_kernel_error, result_array
from .._support.threads import KernelError, check_executor, row_spans, run_chunked, run_units
from ..cards import CardsLike
from .hands import HAND_SIZES


#: ``evaluate_many(executor=...)`` sends rows to the executor in units of this many
#: hands (a few milliseconds of evaluation each); smaller inputs run in-process.
EXECUTOR_UNIT_ROWS = 1 << 20


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
    :data:`EXECUTOR_UNIT_ROWS` hands are sent to it in units of that many rows (ids
    or masks out, int32 strengths back: ``docs/scale.md`` says when that pays).

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
    ex = check_executor(executor)
    if isinstance(cards, np.ndarray) and cards.ndim == 1 and cards.dtype.kind not in "OU":
        masks = as_mask_array(cards)
        res = result_array(out, len(masks), (masks,))
        if ex is not None and len(masks) > EXECUTOR_UNIT_ROWS:
            err = _on_executor(ex, masks, res)
        else:
            err = run_chunked(lambda a, b: _poker.eval_masks(masks, res, a, b), len(masks),
                              threads)
        if err is not None:
            raise_kernel_error(err, masks, HAND_SIZES)
        return res
    ids = as_kernel_ids(cards, HAND_SIZES)
    if ex is not None and ids.shape[0] > EXECUTOR_UNIT_ROWS:
        res = result_array(out, ids.shape[0], (ids,))
        err = _on_executor(ex, ids, res)
    else:
        res, err = eval_id_rows(ids, threads, result_array(out, ids.shape[0], (ids,)))
    if err is not None:
        raise_kernel_error(err, ids, HAND_SIZES)
    return res


def _eval_unit(rows: np.ndarray) -> tuple[np.ndarray, KernelError | None]:
    """One work unit of :func:`evaluate_many` (picklable): ``(m,)`` uint64 masks or
    ``(m, k)`` integer ids evaluated on one thread, with the first bad row (within
    the unit) instead of raising."""
    # an engine may hand over unaligned buffers (Dask's serialisation does): copy those
    rows = np.require(rows, requirements=["C", "A"])
    if rows.ndim == 1:
        res = np.empty(len(rows), dtype=np.int32)
        return res, _poker.eval_masks(rows, res, 0, len(rows))
    return eval_id_rows(rows, 1)


def _on_executor(executor: Executor, rows: np.ndarray, res: np.ndarray) -> KernelError | None:
    """``rows`` evaluated in units on ``executor`` into ``res``; the lowest bad row."""
    spans = row_spans(len(rows), EXECUTOR_UNIT_ROWS)
    for (a, b), (part, err) in zip(spans, run_units(_eval_unit, [(rows[a:b],) for a, b in spans],
                                                  executor=executor)):
        if err is not None:  # units in row order: the first error is the lowest bad row
            return a + err[0], err[1], err[2]
        res[a:b] = part
    return None


def eval_id_rows(ids: np.ndarray, threads: int | None, out: np.ndarray | None = None
                 ) -> tuple[np.ndarray, KernelError | None]:
    """Run the id kernel over a C-contiguous, aligned, native ``(N, k)`` integer
    array (k in 5..7, any integer dtype, values unchecked: the kernel checks
    them) into ``out`` (a checked ``(N,)`` int32 array, or None for a new one):
    ``(int32 strengths, None)``, or the first bad row's ``(row, column, kind)``
    for the caller to name in its own layout."""
    raw, size, signed = ids.view(np.uint8), ids.dtype.itemsize, ids.dtype.kind == "i"
    if out is None:
        out = np.empty(ids.shape[0], dtype=np.int32)
    err = run_chunked(lambda a, b: _poker.eval_ids(raw, out, a, b, size, signed),
                      ids.shape[0], threads)
    return out, err
