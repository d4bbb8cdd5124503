"""How many hands of each strength: ``strength_counts`` enumerates one whole deck."""

from __future__ import annotations

import numpy as np

from . import _kernel as _poker
from .._support.checks import check_int
from ..errors import HandSizeError
from .hands import HAND_SIZES


def strength_counts(n_cards: int = 7) -> np.ndarray:
    """How many of all ``n_cards``-card hands (5, 6 or 7; one deck) have each
    strength: an ``int64`` array of length 7463 indexed by strength (index 0 is
    always 0). Counts all 133,784,560 seven-card hands in about a tenth of a
    second on one core: nested loops add one card's key per level, and the
    last card, when no suit can reach five, is looked up once per rank (its four
    suits share the strength) and counted once per card of that rank. Raises
    HandSizeError (a ValueError) naming ``n_cards`` for anything but the int 5,
    6 or 7 (bools included)."""
    n = check_int(n_cards, "n_cards", min(HAND_SIZES), max(HAND_SIZES), error=HandSizeError)
    return _poker.strength_counts(n)
