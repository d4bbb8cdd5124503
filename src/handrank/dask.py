"""Poker evaluation on Dask collections: lazy, block by block (``pip install handrank[dask]``).

Every function here builds a Dask graph and returns at once; nothing is evaluated
until ``.compute()`` (or ``dask.compute``, ``persist``, a distributed ``Client``).
Each block runs the ordinary in-process call (:func:`handrank.poker.evaluate_many`,
:func:`handrank.poker.categories`, :func:`handrank.poker.showdown_many`) on its own
rows, so the results are exactly those of the in-process call on the whole input,
whatever the chunking or the scheduler.

Arrays
------
:func:`evaluate_many`   ``(N, k)`` card ids (k = 5, 6, 7; any integer dtype) or ``(N,)``
                        ``uint64`` masks -> ``(N,)`` ``int32`` strengths 1..7462
:func:`categories`      strengths -> ``int8`` category values (card ids are evaluated first)
:func:`category_counts` the histogram: ``(9,)`` ``int64`` count per :class:`handrank.poker.Category`
:func:`showdown_many`   ``(N, b)`` boards and ``(N, P, h)`` holes -> ``(N, P)`` strengths and winners

Arrays must be chunked by rows only: a card-id array whose columns span several
blocks is rechunked to one column block (cheap: a row block of a 7-card ``uint8``
array is 7 bytes a row).

DataFrames
----------
:func:`evaluate_text`   a Dask Series of card text (``"As Kd Qh Jc Tc"``, ``"AsKdQhJcTc"``,
                        5 to 7 cards, lengths may differ row to row) -> an ``int32`` Series
                        of strengths with the same index and partitions

Errors
------
Shapes and dtypes are checked when the graph is built (ArrayShapeError,
ArrayDtypeError, HandSizeError, as the in-process calls raise them). A bad row is
found when its block runs and raises the in-process call's error (CardRangeError,
DuplicateCardError, CardParseError, ...) with the message's row number made
global: ``row 1234567`` is the row of the whole array, not of its block. (When the
array's row chunks are unknown, ``nan`` after a boolean mask, the message names the
block and its row instead.) For a DataFrame the row is named by its index label
and its position in the partition.

Rules: ``docs/rules/poker.md``. Scale-out recipes: ``docs/scale.md`` ("Dask").
"""

from __future__ import annotations

import math as _math
import re as _re
from typing import Any as _Any

import numpy as _np

from . import poker as _poker
from .errors import ArrayDtypeError as _ArrayDtypeError
from .errors import ArrayShapeError as _ArrayShapeError
from .errors import HandrankError as _HandrankError
from .errors import HandSizeError as _HandSizeError

try:
    import dask.array as _da
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError("handrank.dask needs Dask: pip install 'handrank[dask]'") from e

__all__ = ["categories", "category_counts", "evaluate_many", "evaluate_text", "showdown_many"]


def __dir__() -> list[str]:
    """The API only (imports are private; ``annotations`` is the __future__ flag)."""
    return sorted([*__all__, "N_CATEGORIES"])

#: Number of poker categories (high card .. straight flush), the length of category_counts.
N_CATEGORIES = len(_poker.Category)

_ROW = _re.compile(r"^(row|index) (\d+)")


def _globalise(e: _HandrankError, offset: int | None, block: int) -> _HandrankError:
    """``e`` (raised on one block) with its leading ``row r`` made the row of the whole
    array (``offset`` = the block's first row; None = unknown: name the block)."""
    msg = str(e.args[0]) if e.args else ""
    m = _ROW.match(msg)
    if m is None:
        return e.with_context(f"block {block}")
    r = int(m.group(2))
    where = f"{m.group(1)} {r + offset}" if offset is not None else f"block {block}, {m.group(0)}"
    e.args = (where + msg[m.end():],) + e.args[1:]
    if offset is not None and getattr(e, "row", None) is not None:
        e.row = r + offset  # type: ignore[attr-defined]
    return e


def _block_place(block_info: _Any) -> tuple[int | None, int]:
    """(first row of the block in the whole array or None if unknown, block number)."""
    if not block_info or None not in block_info:
        return None, 0
    info = block_info[None]
    start = info["array-location"][0][0]
    block = int(info["chunk-location"][0])
    if start is None or (isinstance(start, float) and _math.isnan(start)):
        return None, block
    return int(start), block


def _rows(x: _Any, what: str) -> _Any:
    """``x`` as a Dask array chunked by rows only (other axes one block each)."""
    if not isinstance(x, _da.Array):
        raise TypeError(f"{what}: expected a dask.array.Array, got {type(x).__name__} "
                        f"(use handrank.poker for numpy arrays)")
    if x.dtype.kind not in "iu" or x.dtype == _np.bool_:
        raise _ArrayDtypeError(f"{what} must hold integers, got dtype {x.dtype}")
    if x.ndim > 1 and any(len(c) > 1 for c in x.chunks[1:]):
        x = x.rechunk({i: -1 for i in range(1, x.ndim)})
    return x


# --------------------------------------------------------------------------- arrays


def _eval_block(block: _np.ndarray, threads: int | None, block_info: _Any = None) -> _np.ndarray:
    try:
        return _poker.evaluate_many(block, threads=threads)
    except _HandrankError as e:
        raise _globalise(e, *_block_place(block_info)) from None


def evaluate_many(cards: _Any, *, threads: int | None = None) -> _Any:
    """Strengths of many hands, lazily, block by block.

    ``cards``: a Dask array of card ids ``(N, k)`` (k = 5, 6 or 7, any integer dtype,
    chunked by rows) or of card masks ``(N,)`` ``uint64``. ``threads``: per block, as
    in :func:`handrank.poker.evaluate_many` (None = one thread: let Dask run the blocks
    in parallel; on a distributed worker keep it 1 or the worker's share of cores).

    Returns an ``(N,)`` ``int32`` Dask array of strengths 1..7462 (chunks = the row
    chunks of ``cards``). Raises at once ArrayDtypeError, ArrayShapeError,
    HandSizeError for a bad shape or dtype; on compute, the errors of
    :func:`handrank.poker.evaluate_many` naming the global row.
    Rule: ``docs/rules/poker.md``.
    """
    x = _rows(cards, "cards")
    if x.ndim == 1:
        if not (x.dtype.kind == "u" and x.dtype.itemsize == 8):
            raise _ArrayDtypeError(f"a 1-D input must be uint64 card masks, got dtype {x.dtype}; "
                                  f"card ids go in a 2-D (N, k) array")
        return x.map_blocks(_eval_block, threads, dtype=_np.int32,
                            meta=_np.empty((0,), dtype=_np.int32))
    if x.ndim != 2:
        raise _ArrayShapeError(f"expected a 2-D (N, k) array of card ids with k in "
                              f"{list(_poker.HAND_SIZES)}, got shape {x.shape}")
    if x.shape[1] not in _poker.HAND_SIZES:
        raise _HandSizeError(f"each hand must have 5, 6 or 7 cards; the array has "
                            f"{x.shape[1]} columns (shape {x.shape})")
    return x.map_blocks(_eval_block, threads, dtype=_np.int32, drop_axis=1,
                        meta=_np.empty((0,), dtype=_np.int32))


def _cat_block(block: _np.ndarray, block_info: _Any = None) -> _np.ndarray:
    try:
        return _poker.categories(block)
    except _HandrankError as e:
        raise _globalise(e, *_block_place(block_info)) from None


def _strengths(x: _Any, threads: int | None) -> _Any:
    x = _rows(x, "strengths or cards")
    return evaluate_many(x, threads=threads) if x.ndim == 2 else x


def categories(strengths: _Any, *, threads: int | None = None) -> _Any:
    """Category values, lazily: :func:`handrank.poker.categories` block by block.

    ``strengths``: a 1-D integer Dask array of strengths (1..7462), or a 2-D ``(N, k)``
    array of card ids, evaluated first with :func:`evaluate_many` (``threads`` as there).
    Returns an ``(N,)`` ``int8`` Dask array of :class:`handrank.poker.Category` values
    (0 = high card .. 8 = straight flush). Raises on compute HandrankError naming the
    global index of a strength outside 1..7462 (or the errors of evaluate_many).
    """
    s = _strengths(strengths, threads)
    if s.ndim != 1:
        raise _ArrayShapeError(f"strengths must be 1-D (or card ids 2-D), got shape {s.shape}")
    return s.map_blocks(_cat_block, dtype=_np.int8, meta=_np.empty((0,), dtype=_np.int8))


def _count_block(block: _np.ndarray) -> _np.ndarray:
    return _np.bincount(block, minlength=N_CATEGORIES).astype(_np.int64)[None, :]


def category_counts(strengths: _Any, *, threads: int | None = None) -> _Any:
    """The category histogram, lazily: a reduction over the blocks.

    ``strengths``: as for :func:`categories` (strengths, or card ids evaluated first).
    Returns a ``(9,)`` ``int64`` Dask array: the number of hands of each
    :class:`handrank.poker.Category`, indexed by its value (royal flushes count as
    straight flushes). Errors as :func:`categories`, on compute.
    """
    cats = categories(strengths, threads=threads).astype(_np.int64)
    per_block = cats.map_blocks(_count_block, dtype=_np.int64, new_axis=1,
                                chunks=((1,) * cats.numblocks[0], (N_CATEGORIES,)),
                                meta=_np.empty((0, 0), dtype=_np.int64))
    return per_block.sum(axis=0)


def _showdown_block(board: _np.ndarray, holes: _np.ndarray, threads: int | None,
                    block_info: _Any = None) -> _np.ndarray:
    try:
        return _poker.showdown_many(board[:, :, 0], holes, threads=threads)[0]
    except _HandrankError as e:
        raise _globalise(e, *_block_place(block_info)) from None


def showdown_many(board: _Any, holes: _Any, *, threads: int | None = None) -> tuple[_Any, _Any]:
    """Many showdowns, lazily: :func:`handrank.poker.showdown_many` block by block.

    ``board``: an ``(N, b)`` integer Dask array (b = 0..5); ``holes``: ``(N, P, h)``
    (P >= 1 players, b + h in 5..7); ``board`` is rechunked to the row chunks of
    ``holes``. Returns ``(strengths, winners)``: ``(N, P)`` ``int32`` and ``(N, P)``
    ``bool`` Dask arrays (several True in a row = split pot). Raises at once
    ArrayShapeError / ArrayDtypeError / HandSizeError for shapes and dtypes; on
    compute CardRangeError / DuplicateCardError naming the global row.
    Rule: ``docs/rules/poker.md``.
    """
    b, hl = _rows(board, "board"), _rows(holes, "holes")
    if b.ndim != 2 or hl.ndim != 3:
        raise _ArrayShapeError(f"board must be (N, b) and holes (N, P, h); got shapes "
                              f"{b.shape} and {hl.shape}")
    n, players, h = hl.shape
    if not (_math.isnan(b.shape[0]) or _math.isnan(n)) and b.shape[0] != n:
        raise _ArrayShapeError(f"board has {b.shape[0]} rows but holes has {n}")
    if players < 1:
        raise _HandSizeError("showdown needs at least one player")
    if b.shape[1] + h not in _poker.HAND_SIZES:
        raise _HandSizeError(f"board ({b.shape[1]} cards) + hole cards ({h}) make "
                            f"{b.shape[1] + h}; a poker hand has 5, 6 or 7")
    if b.chunks[0] != hl.chunks[0]:
        b = b.rechunk({0: hl.chunks[0]})
    s = _da.map_blocks(_showdown_block, b[:, :, None], hl, threads, dtype=_np.int32,
                      chunks=(hl.chunks[0], (players,)), drop_axis=2,
                      meta=_np.empty((0, 0), dtype=_np.int32))
    return s, s == s.max(axis=1, keepdims=True)


# --------------------------------------------------------------------------- dataframes


def _eval_text_part(part: _Any, threads: int | None, partition_info: _Any = None) -> _Any:
    import pandas as pd

    from .cli.files import group_by_length
    from ._support.arrays import as_kernel_ids

    out = _np.empty(len(part), dtype=_np.int32)
    try:
        try:
            ids = as_kernel_ids(part, _poker.HAND_SIZES)
            out[:] = _poker.evaluate_many(ids, threads=threads)
        except (_HandrankError, TypeError):
            if len(part) == 0:
                raise
            # mixed hand lengths (or a bad row): one row at a time names the bad one
            rows = _text_rows(part)
            for idx, arr in group_by_length(rows):
                try:
                    out[idx] = _poker.evaluate_many(arr, threads=threads)
                except _HandrankError as e:
                    m = _ROW.match(str(e.args[0]) if e.args else "")
                    if m is not None:
                        _globalise(e, int(idx[int(m.group(2))]) - int(m.group(2)), 0)
                    raise
    except _HandrankError as e:
        raise _label(e, part, partition_info) from None
    return pd.Series(out, index=part.index, name=part.name)


def _text_rows(part: _Any) -> list[list[int]]:
    """Card-id lists of a partition's rows, any length 5..7 (errors name the row)."""
    from .cards import parse_cards

    rows = []
    for i, text in enumerate(part.tolist()):
        try:
            ids = parse_cards(text)
        except _HandrankError as e:
            raise e.with_context(f"row {i}") from None
        except TypeError as e:  # a missing value (None, NA) or a non-text cell
            raise _HandrankError(f"row {i}: not card text ({type(text).__name__}): {e}") from None
        if len(ids) not in _poker.HAND_SIZES:
            raise _HandSizeError(f"row {i}: {len(ids)} cards; a hand needs 5 to 7 cards")
        rows.append(ids)
    return rows


def _label(e: _HandrankError, part: _Any, partition_info: _Any) -> _HandrankError:
    """Name the bad row by its index label, partition and position in the partition."""
    msg = str(e.args[0]) if e.args else ""
    m = _ROW.match(msg)
    number = partition_info.get("number") if partition_info else None
    where = f"partition {number}, " if number is not None else ""
    if m is None:
        return e.with_context(where.rstrip(", ") or "partition")
    r = int(m.group(2))
    label = part.index[r] if 0 <= r < len(part) else "?"
    e.args = (f"index {label!r} ({where}row {r})" + msg[m.end():],) + e.args[1:]
    return e


def evaluate_text(series: _Any, *, threads: int | None = None) -> _Any:
    """Strengths of a Dask Series of card text, lazily, partition by partition.

    ``series``: a ``dask.dataframe.Series`` of strings, one hand of 5 to 7 cards per
    row in any form :func:`handrank.cards.parse_cards` reads (``"As Kd Qh Jc Tc"``,
    ``"AsKdQhJcTc"``, ``"10d 9d 8d 7d 6d"``); rows may differ in length.
    Returns an ``int32`` Dask Series of strengths 1..7462 with the same index,
    name and partitions. Raises TypeError for a non-Dask input; on compute
    CardParseError, HandSizeError, DuplicateCardError, or HandrankError for a
    missing value (None, NA), naming the row by its index label (and partition and
    position). Rule: ``docs/rules/poker.md``.
    """
    import pandas as pd
    from dask.dataframe import Series as DaskSeries

    if not isinstance(series, DaskSeries):
        raise TypeError(f"expected a dask.dataframe.Series of card text, got "
                        f"{type(series).__name__}")
    meta = pd.Series(_np.empty(0, dtype=_np.int32), name=series.name)
    return series.map_partitions(_eval_text_part, threads, meta=meta)
