"""Random holdings for the table generators, from numpy alone.

The committed sampled tables (Crash win counts, Chinese Poker solver tables) must
regenerate bit for bit whatever handrank's own random streams become, so the
generators do not call :func:`handrank.cards.deal` (its stream changed in issue 11);
they draw with this sampler instead: handrank's ``deal`` before issue 11, kept here
unchanged (a partial Fisher-Yates per row, column by column, on a numpy Generator).
"""

from __future__ import annotations

import numpy as np

NUM_CARDS = 52
_CHUNK = 1 << 16  # rows shuffled at a time


def deal(n: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` uniform random rows of ``k`` distinct card ids: ``(n, k)`` ``uint8``."""
    out = np.empty((n, k), dtype=np.uint8)
    if n == 0 or k == 0:
        return out
    # Column j's swap targets for every row, drawn before column j + 1's.
    for j in range(k):
        for a in range(0, n, _CHUNK):
            b = min(n, a + _CHUNK)
            out[a:b, j] = rng.integers(j, NUM_CARDS, size=b - a)
    for a in range(0, n, _CHUNK):
        b = min(n, a + _CHUNK)
        picks = out[a:b].copy()
        decks = np.tile(np.arange(NUM_CARDS, dtype=np.uint8), (b - a, 1))
        rows = np.arange(b - a)
        for j in range(k):
            pick = picks[:, j]
            chosen = decks[rows, pick]
            decks[rows, pick] = decks[:, j]
            decks[:, j] = chosen
        out[a:b] = decks[:, :k]
    return out
