"""Reference Omaha evaluation: every two hole + three board cards by brute force,
on the pure-Python poker reference; no tables, no kernel.

Rules: ``docs/rules/omaha.md``. The high hand is the best five-card poker hand
(``handrank.poker.reference``) made of **exactly two** of the 4, 5 or 6 hole
cards and **exactly three** of the five board cards. The eight-or-better low is
the best five cards, again two hole + three board, of five distinct ranks all
eight or lower, ace low, straights and flushes ignored; lows compare from the
highest card down. Hi-Lo: half the pot to the best high, half to the best low
(the whole pot to the high when no low qualifies); ties split their half.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from ..poker import reference as poker_reference

#: A low as its five ranks, highest first, ace = 1 .. eight = 8.
Low = tuple[int, int, int, int, int]

#: Every low, best (the wheel 5-4-3-2-A) first: ``LOWS[0] == (5, 4, 3, 2, 1)``.
LOWS: list[Low] = sorted((tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5)))  # type: ignore[misc]


def _check(hole: Sequence[int], board: Sequence[int]) -> tuple[list[int], list[int]]:
    hole, board = list(hole), list(board)
    if not 4 <= len(hole) <= 6 or len(board) != 5:
        raise ValueError(f"Omaha needs 4..6 hole cards and 5 board cards, got {len(hole)} + {len(board)}")
    cards = hole + board
    if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        raise ValueError("cards must be distinct ids in 0..51")
    return hole, board


def best_high(hole: Sequence[int], board: Sequence[int]) -> tuple[poker_reference.Value, tuple[int, ...]]:
    """``(value, five)``: the best high hand of two hole + three board cards
    (``value`` as :func:`handrank.poker.reference.value`, ``five`` two hole
    cards then three board cards)."""
    hole, board = _check(hole, board)
    return max((poker_reference.value5(p + t), p + t)
               for p in combinations(hole, 2) for t in combinations(board, 3))


def value(hole: Sequence[int], board: Sequence[int]) -> poker_reference.Value:
    """The high value (higher = stronger) of an Omaha hand."""
    return best_high(hole, board)[0]


def low_rank(card: int) -> int:
    """A card's low rank: ace 1, deuce 2 .. king 13."""
    r = card // 4
    return 1 if r == 12 else r + 2


def best_low(hole: Sequence[int], board: Sequence[int]) -> Low | None:
    """The best eight-or-better low (ranks highest first, ace 1), or None."""
    hole, board = _check(hole, board)
    lows = []
    for p in combinations(hole, 2):
        for t in combinations(board, 3):
            ranks = sorted((low_rank(c) for c in p + t), reverse=True)
            if len(set(ranks)) == 5 and ranks[0] <= 8:
                lows.append(tuple(ranks))
    return min(lows) if lows else None  # type: ignore[return-value]


def low_strength(low: Low | None) -> int:
    """1 (8-7-6-5-4) .. 56 (the wheel), 0 for None (no qualifying low)."""
    return 0 if low is None else len(LOWS) - LOWS.index(low)


def hilo_shares(holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[Fraction]:
    """Each player's exact share of the pot in Omaha Hi-Lo (they sum to 1)."""
    highs = [value(h, board) for h in holes]
    lows = [best_low(h, board) for h in holes]
    hi_win = [i for i, v in enumerate(highs) if v == max(highs)]
    qualified = [lo for lo in lows if lo is not None]
    shares = [Fraction(0)] * len(holes)
    if not qualified:
        for i in hi_win:
            shares[i] += Fraction(1, len(hi_win))
        return shares
    lo_win = [i for i, lo in enumerate(lows) if lo == min(qualified)]
    for i in hi_win:
        shares[i] += Fraction(1, 2 * len(hi_win))
    for i in lo_win:
        shares[i] += Fraction(1, 2 * len(lo_win))
    return shares


def equity_counts(holes: Sequence[Sequence[int]], board: Sequence[int],
                  dead: Sequence[int] = (), hilo: bool = False
                  ) -> tuple[int, list[Fraction], list[Fraction], list[Fraction], list[int]]:
    """Exact equity by brute force: every completion of the board (0..5 known cards)
    from the cards no one holds, each showdown settled by :func:`hilo_shares` (or
    the high alone). Returns ``(deals, equity sums, high sums, low sums, scoops)``:
    per player the pot shares summed over the deals (exact fractions; divide by
    ``deals`` for probabilities) and the deals taken whole alone."""
    holes = [list(h) for h in holes]
    known = set(board) | set(dead) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in known]
    n = len(holes)
    total = [Fraction(0)] * n
    high = [Fraction(0)] * n
    low = [Fraction(0)] * n
    scoops = [0] * n
    deals = 0
    for extra in combinations(deck, 5 - len(board)):
        full = list(board) + list(extra)
        deals += 1
        highs = [value(h, full) for h in holes]
        hi_win = [i for i, v in enumerate(highs) if v == max(highs)]
        lows = [best_low(h, full) for h in holes] if hilo else [None] * n
        qualified = [lo for lo in lows if lo is not None]
        half = Fraction(1, 2) if qualified else Fraction(1)
        shares = [Fraction(0)] * n
        for i in hi_win:
            shares[i] += half / len(hi_win)
            high[i] += half / len(hi_win)
        if qualified:
            lo_win = [i for i, lo in enumerate(lows) if lo == min(qualified)]
            for i in lo_win:
                shares[i] += half / len(lo_win)
                low[i] += half / len(lo_win)
        for i in range(n):
            total[i] += shares[i]
            scoops[i] += shares[i] == 1
    return deals, total, high, low, scoops
