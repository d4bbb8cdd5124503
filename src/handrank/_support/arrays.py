"""Array coercion at the Python boundary and the mapping of kernel errors
(row, column, kind) to the exceptions of :mod:`handrank.errors`."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .. import errors
from ..cards import NUM_CARDS, format_card, parse_cards
from ..poker._kernel import KIND_RANGE, parse_rows
from .threads import KernelError

def as_id_array(cards: object, sizes: Sequence[int], what: str = "hand", *,
                masks: bool = False) -> np.ndarray:
    """Return ``cards`` as a C-contiguous ``(N, k)`` ``uint8`` array of card ids.

    Accepts what :func:`as_kernel_ids` accepts; ids of a wider dtype are checked
    to lie in 0..51 before the cast (for kernels that read only ``uint8``).
    With ``masks=True`` a 1-D numeric array is read as ``(N,)`` ``uint64`` card
    masks, as :func:`handrank.poker.evaluate_many` reads them (see
    :func:`ids_from_masks`).
    Raises as :func:`as_kernel_ids`, and CardRangeError naming the row and column.
    """
    if (masks and isinstance(cards, np.ndarray) and cards.ndim == 1
            and cards.dtype.kind not in "OU"):
        return ids_from_masks(cards, sizes)
    arr = as_kernel_ids(cards, sizes, what)
    if arr.dtype != np.uint8:
        check_id_range(arr)
        arr = arr.astype(np.uint8)
    return arr


def check_id_range(arr: np.ndarray) -> None:
    """CardRangeError naming the row and column of the first id of a 2-D integer
    array outside 0..51 (for kernels that do not check ids themselves)."""
    bad = (arr < 0) | (arr >= NUM_CARDS) if arr.dtype.kind == "i" else arr >= NUM_CARDS
    if bad.any():
        r, c = np.argwhere(bad)[0]
        raise errors.CardRangeError(f"row {r}, column {c}: card id {arr[r, c]} is out of range 0..51",
                                    row=int(r), column=int(c))


def as_kernel_ids(cards: object, sizes: Sequence[int], what: str = "hand") -> np.ndarray:
    """Return ``cards`` as a C-contiguous, aligned, native-order ``(N, k)`` integer
    array of card ids, with no copy when it already is one. Values are *not*
    checked: the caller's kernel range-checks them (poker reads every integer
    dtype in place).

    Accepts any integer numpy array, or rows: a list (or tuple, pandas column,
    1-D object/str numpy array) whose items are card text (``"AsKd..."``) or
    sequences of ids/strings, decoded by the compiled row parser (ids 0..51,
    repeats left to the kernel). ``k`` must be one of ``sizes``.
    Raises ArrayDtypeError, ArrayShapeError, HandSizeError, CardRangeError,
    CardParseError naming the row (and token, column).
    """
    if isinstance(cards, np.ndarray) and not (cards.ndim == 1 and cards.dtype.kind in "OU"):
        arr = cards
    else:
        arr = _rows_to_array(cards, sizes)
    if arr.dtype.kind not in "iu" or arr.dtype == np.bool_:
        raise errors.ArrayDtypeError(f"card ids must be an integer array, got dtype {arr.dtype}")
    if arr.ndim != 2:
        raise errors.ArrayShapeError(
            f"expected a 2-D (N, k) array of card ids with k in {list(sizes)}, got shape {arr.shape}")
    if arr.shape[1] not in sizes:
        raise errors.HandSizeError(f"each {what} must have {' or '.join(map(str, sizes))} cards; "
                                   f"the array has {arr.shape[1]} columns (shape {arr.shape})")
    return np.require(arr, dtype=arr.dtype.newbyteorder("="), requirements=["C", "A"])


def _rows_to_array(cards: object, sizes: Sequence[int]) -> np.ndarray:
    """A sequence of rows (card text, or sequences of ids / card strings) -> uint8 (N, k)."""
    if isinstance(cards, (str, bytes)):
        raise TypeError("expected many hands (an array, or a list of rows); "
                        "for one hand use evaluate()")
    if np.isscalar(cards) or cards is None:
        raise TypeError(f"expected an (N, k) array of card ids or (N,) uint64 masks, "
                        f"got {type(cards).__name__}")
    tolist = getattr(cards, "tolist", None)  # numpy / pandas columns: one fast copy
    try:
        rows = tolist() if callable(tolist) else list(cards)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"expected an (N, k) array of card ids or (N,) uint64 masks, "
                        f"got {type(cards).__name__}") from None
    if not rows:
        return np.zeros((0, max(sizes)), dtype=np.uint8)
    return parse_rows(rows, _parse_row)


def _parse_row(i: int, row: object) -> list[int]:
    """Row ``i`` that the compiled row parser could not read: its ids (repeats
    allowed), or the error naming the row (and the token)."""
    if np.isscalar(row) and not isinstance(row, str):
        raise errors.ArrayShapeError(f"row {i} is a single value ({row!r}), not a hand: "
                                     f"expected a list of rows")
    try:
        return parse_cards(row, allow_duplicates=True)  # type: ignore[arg-type]
    except errors.HandrankError as e:
        if hasattr(e, "row"):
            e.row = i
        raise e.with_context(f"row {i}") from None
    except TypeError as e:
        raise TypeError(f"row {i}: {e}") from None


def as_mask_array(masks: np.ndarray, ids_shape: str = "(N, k)") -> np.ndarray:
    """``(N,)`` ``uint64`` masks, C-contiguous (no copy when already so).

    Raises ArrayShapeError for another number of dimensions and ArrayDtypeError
    for another dtype (``ids_shape`` names the 2-D shape card ids go in)."""
    if masks.ndim != 1:
        raise errors.ArrayShapeError(f"masks must be a 1-D uint64 array, got shape {masks.shape}")
    if not (masks.dtype.kind == "u" and masks.dtype.itemsize == 8):
        raise errors.ArrayDtypeError(f"a 1-D input must be uint64 card masks, got dtype {masks.dtype}; "
                                     f"card ids go in a 2-D {ids_shape} array")
    # Native byte order and 8-byte alignment (a big-endian '>u8' or misaligned
    # view is copied, not rejected).
    return np.require(masks, dtype=np.uint64, requirements=["C", "A"])


def ids_from_masks(masks: np.ndarray, sizes: Sequence[int]) -> np.ndarray:
    """``(N,)`` ``uint64`` card masks (bit c = card id c) -> the ``(N, k)``
    ``uint8`` array of their ids, ascending in each row, for kernels that read
    ids only. Every mask must hold the same number k of cards, k in ``sizes``.

    Raises ArrayShapeError / ArrayDtypeError as :func:`as_mask_array`,
    CardRangeError naming the row of a mask with bits 52..63 set, HandSizeError
    naming the row of a mask with a card count outside ``sizes`` or unlike row 0's.
    """
    m = as_mask_array(masks)
    bits = np.unpackbits(m.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1,
                         bitorder="little").astype(bool)
    high = bits[:, NUM_CARDS:].any(axis=1)
    if high.any():
        r = int(np.argmax(high))
        raise errors.CardRangeError(f"row {r}: mask {int(m[r]):#x} has bits set at 52 or above",
                                    row=r)
    counts = bits.sum(axis=1)
    k = int(counts[0]) if len(m) else min(sizes)
    bad = (counts != k) if k in sizes else np.ones(len(m), dtype=bool)
    if bad.any():
        r = int(np.argmax(bad))
        want = " or ".join(map(str, sizes)) if k not in sizes else f"{k} (as row 0)"
        raise errors.HandSizeError(f"row {r}: mask {int(m[r]):#x} holds {int(counts[r])} cards; "
                                   f"expected {want}")
    return np.ascontiguousarray(np.nonzero(bits)[1].reshape(len(m), k).astype(np.uint8))


def raise_kernel_error(err: KernelError, arr: np.ndarray, sizes: Sequence[int]) -> None:
    """Turn a kernel's (row, column, kind) into the matching exception."""
    row, col, kind = err
    if arr.ndim == 1:  # masks
        m = int(arr[row])
        if kind == KIND_RANGE:
            raise errors.CardRangeError(f"row {row}: mask {m:#x} has bits set at 52 or above", row=row)
        raise errors.HandSizeError(f"row {row}: mask {m:#x} holds {bin(m).count('1')} cards; "
                                   f"expected {' to '.join(map(str, sorted({min(sizes), max(sizes)})))}")
    value = int(arr[row, col])
    if kind == KIND_RANGE:
        from ..compat import _treys_hint
        raise errors.CardRangeError(f"row {row}, column {col}: card id {value} is out of range "
                                    f"0..51{_treys_hint(value)}", row=row, column=col)
    earlier = np.flatnonzero(arr[row, :max(col, 0)] == value)
    if col < 0 or not len(earlier):  # the row changed under us (mutated while running)
        raise errors.HandrankError(f"row {row}: invalid hand {arr[row].tolist()}")
    first = int(earlier[0])
    raise errors.DuplicateCardError(
        f"row {row}: duplicate card {format_card(value)} (columns {first} and {col})",
        card=value, row=row)


def rectangular(value: object, what: str) -> np.ndarray:
    """``np.asarray(value)``, or ArrayShapeError naming ``what`` for ragged nested lists
    (numpy's own ValueError otherwise)."""
    try:
        return np.asarray(value)
    except ValueError as e:
        raise errors.ArrayShapeError(f"{what}: not a rectangular array ({e})") from None


def int_array(value: object, what: str) -> np.ndarray:
    """``value`` as an integer numpy array, or ArrayShapeError / ArrayDtypeError."""
    a = rectangular(value, what)
    if a.size == 0 and not isinstance(value, np.ndarray):
        a = a.astype(np.int64)  # an empty list has no dtype of its own
    if a.dtype.kind not in "iu":
        raise errors.ArrayDtypeError(f"{what} must hold integers, got dtype {a.dtype}")
    return a


def result_array(out: object, n: int, inputs: Sequence[np.ndarray] = ()) -> np.ndarray:
    """The ``(n,)`` ``int32`` array a bulk call writes its strengths into: a new one
    when ``out`` is None, else ``out`` itself once checked, so a caller that ranks
    batch after batch reuses one buffer (a fresh result costs its page faults: about
    2 ns per hand on a small VM, as much as the evaluation). A bulk call that raises
    on a bad row leaves ``out`` partly written.

    Raises TypeError (``out`` not a numpy array), ArrayDtypeError (not native
    ``int32``), ArrayShapeError (not ``(n,)``; not C-contiguous, aligned and
    writeable; sharing memory with one of ``inputs``, which the kernel reads while
    it writes)."""
    if out is None:
        return np.empty(n, dtype=np.int32)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy int32 array of shape ({n},), got "
                        f"{type(out).__name__}")
    if out.dtype != np.dtype(np.int32):
        raise errors.ArrayDtypeError(f"out must have dtype int32 (native byte order), "
                                     f"got {out.dtype}")
    if out.shape != (n,):
        raise errors.ArrayShapeError(f"out must have shape ({n},), one strength per hand, "
                                     f"got {out.shape}")
    if not (out.flags.c_contiguous and out.flags.aligned and out.flags.writeable):
        raise errors.ArrayShapeError("out must be a C-contiguous, aligned, writeable array")
    if any(np.may_share_memory(out, a) for a in inputs):
        raise errors.ArrayShapeError("out shares memory with the hands it would be "
                                     "computed from")
    return out
