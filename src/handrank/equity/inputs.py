"""Checking what :func:`~handrank.equity.equity` is given: players (hole cards or
ranges), board, dead cards and the Monte Carlo options."""

from __future__ import annotations

import numpy as np

from ..cards import CardsLike, format_card, parse_cards
from ..errors import HandrankError, HandSizeError, OptionError, RangeSyntaxError
from .ranges import Range, parse_range

#: Accepted values of ``method``.
METHODS = ("auto", "exact", "monte-carlo")
#: Cap on deals when only ``target_stderr`` is given.
MAX_SAMPLES = 10**10


def _cards(value: CardsLike | None, what: str) -> list[int]:
    if value is None:
        return []
    try:
        return parse_cards(value)
    except HandrankError as e:
        raise e.with_context(what) from None


def _player(spec: object, i: int) -> tuple[Range, str, bool]:
    """(range, label, exact hole cards?) of player i."""
    if isinstance(spec, Range):
        c, w = np.asarray(spec.combos), np.asarray(spec.weights, dtype=np.float64)
        if c.ndim != 2 or c.shape[1] != 2 or c.dtype.kind not in "iu" or len(w) != len(c) \
                or (len(c) and (c.min() < 0 or c.max() >= 52 or (c[:, 0] == c[:, 1]).any())):
            raise RangeSyntaxError(f"player {i}: a Range needs (k, 2) distinct card ids 0..51 "
                                   f"and k weights")
        if not np.all(np.isfinite(w) & (w >= 0) & (w <= 1)):
            raise RangeSyntaxError(f"player {i}: range weights must be between 0 and 1")
        keep = w > 0
        hi, lo = np.maximum(c[:, 0], c[:, 1]), np.minimum(c[:, 0], c[:, 1])
        if len(c) and len(np.unique(hi.astype(np.int64) * 52 + lo)) != len(c):
            raise RangeSyntaxError(f"player {i}: a Range lists the same combo twice")
        rr = Range(np.stack([hi, lo], axis=1).astype(np.uint8)[keep], w[keep], spec.text)
        return rr, spec.text or f"{len(rr)} combos", len(rr) == 1
    if isinstance(spec, str):
        try:
            ids = parse_cards(spec)
        except HandrankError:
            ids = []
        if len(ids) == 2:
            r = Range(np.array([[max(ids), min(ids)]], dtype=np.uint8), np.ones(1), spec.strip())
            return r, spec.strip(), True
        try:
            return parse_range(spec), spec.strip(), False
        except HandrankError as e:
            raise e.with_context(f"player {i}") from None
    if isinstance(spec, (list, tuple, np.ndarray)):
        try:
            ids = parse_cards(list(spec))
        except HandrankError as e:
            raise e.with_context(f"player {i}") from None
        if len(ids) != 2:
            raise HandSizeError(f"player {i}: hole cards are 2 cards, got {len(ids)}")
        label = format_card(ids[0]) + format_card(ids[1])
        return Range(np.array([[max(ids), min(ids)]], dtype=np.uint8), np.ones(1), label), \
            label, True
    raise TypeError(f"player {i}: expected hole cards or a range, got {type(spec).__name__}")



def _check_options(method: str, samples: int | None, target_stderr: float | None) -> None:
    if method not in METHODS:
        raise OptionError(f"unknown method {method!r}; accepted: {', '.join(METHODS)}")
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
            raise TypeError(f"samples must be an int, got {type(samples).__name__}")
        if not 1 <= samples <= MAX_SAMPLES:
            raise OptionError(f"samples must be 1 to {MAX_SAMPLES}, got {samples}")
    if target_stderr is not None:
        if isinstance(target_stderr, bool) or not isinstance(target_stderr, (int, float)):
            raise TypeError(f"target_stderr must be a number, got {type(target_stderr).__name__}")
        if not 0 < target_stderr < 1:
            raise OptionError(f"target_stderr must be between 0 and 1, got {target_stderr}")
    if method == "exact" and (samples is not None or target_stderr is not None):
        raise OptionError("method='exact' takes no samples or target_stderr "
                          "(those are Monte Carlo options)")

