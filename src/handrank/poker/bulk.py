"""Many poker hands at once: ``evaluate_many`` over card-id arrays, masks or rows."""

from __future__ import annotations

import numpy as np

from . import _kernel as _poker
from .._support.arrays import as_id_array, as_mask_array, raise_kernel_error
from .._support.threads import run_chunked
from ..errors import ArrayDtypeError
from .hands import HAND_SIZES


def evaluate_many(cards: object, *, threads: int | None = None) -> np.ndarray:
    """Strengths of many hands at once.

    ``cards``: an ``(N, k)`` integer array of card ids with k = 5, 6 or 7
    (``uint8`` is used as is; other integer dtypes are range-checked, then
    cast), an ``(N,)`` ``uint64`` array of card masks (5 to 7 bits each, bits
    52..63 clear), or a list of rows (card text or id lists).
    ``threads``: ``None``/1 = one thread, ``0`` = all cores, ``n`` = n threads
    (the kernel releases the GIL; small inputs stay on one thread).

    Returns an ``(N,)`` ``int32`` array of strengths (1..7462).
    Raises ArrayDtypeError (a TypeError), ArrayShapeError, HandSizeError,
    CardRangeError (row, column), DuplicateCardError (row, both columns).
    Rule: ``rules/poker.md``.
    """
    if isinstance(cards, np.ndarray) and cards.ndim == 1:
        if not (cards.dtype.kind == "u" and cards.dtype.itemsize == 8):
            raise ArrayDtypeError(
                f"a 1-D input must be uint64 card masks, got dtype {cards.dtype}; "
                f"card ids go in a 2-D (N, k) array")
        masks = as_mask_array(cards)
        out = np.empty(len(masks), dtype=np.int32)
        err = run_chunked(lambda a, b: _poker.eval_masks(masks, out, a, b), len(masks), threads)
        if err is not None:
            raise_kernel_error(err, masks, HAND_SIZES)
        return out
    ids = as_id_array(cards, HAND_SIZES)
    out = np.empty(ids.shape[0], dtype=np.int32)
    err = run_chunked(lambda a, b: _poker.eval_ids(ids, out, a, b), ids.shape[0], threads)
    if err is not None:
        raise_kernel_error(err, ids, HAND_SIZES)
    return out
