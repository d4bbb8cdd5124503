"""Reference poker hand ranking: best five cards by brute force, no tables.

Rules: ``docs/rules/poker.md`` (standard ranking, ace low only in the wheel A-2-3-4-5,
no wrap-around, suits never break ties, best five of six or seven).

A hand's value here is a tuple ``(category, tiebreak)`` that compares with
ordinary tuple ordering: ``category`` is 0 (high card) .. 8 (straight flush),
``tiebreak`` the ranks (0 = deuce .. 12 = ace) that decide ties within the
category, most significant first.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Sequence

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, \
    FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(9)

Value = tuple[int, tuple[int, ...]]


def straight_high(ranks: Sequence[int]) -> int | None:
    """High rank of the straight formed by five distinct ranks, or None.

    The wheel A-2-3-4-5 is a straight whose high card is the five (rank 3).
    """
    r = sorted(set(ranks))
    if len(r) != 5:
        return None
    if r[4] - r[0] == 4:
        return r[4]
    if r == [0, 1, 2, 3, 12]:
        return 3
    return None


def value_of_ranks(ranks: Sequence[int], flush: bool) -> Value:
    """Value of five cards given their ranks and whether they share one suit."""
    if len(ranks) != 5:
        raise ValueError("exactly five ranks required")
    counts = Counter(ranks)
    # Ranks grouped by multiplicity, then by rank, most significant first.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    by_group = tuple(r for r, _ in groups)
    high = straight_high(ranks)
    if high is not None and flush:
        return (STRAIGHT_FLUSH, (high,))
    if shape == [4, 1]:
        return (FOUR_OF_A_KIND, by_group)
    if shape == [3, 2]:
        return (FULL_HOUSE, by_group)
    if flush:
        return (FLUSH, tuple(sorted(ranks, reverse=True)))
    if high is not None:
        return (STRAIGHT, (high,))
    if shape == [3, 1, 1]:
        return (THREE_OF_A_KIND, by_group)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, by_group)
    if shape == [2, 1, 1, 1]:
        return (ONE_PAIR, by_group)
    return (HIGH_CARD, by_group)


def value5(cards: Sequence[int]) -> Value:
    """Value of exactly five distinct card ids (id = 4 * rank + suit)."""
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError("exactly five distinct cards required")
    ranks = [c // 4 for c in cards]
    flush = len({c % 4 for c in cards}) == 1
    return value_of_ranks(ranks, flush)


def best_five(cards: Sequence[int]) -> tuple[Value, tuple[int, ...]]:
    """The best five of 5..7 distinct cards: ``(value, five cards)``."""
    cards = list(cards)
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"poker hands have 5 to 7 cards, got {len(cards)}")
    if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        raise ValueError("cards must be distinct ids in 0..51")
    return max((value5(five), five) for five in combinations(cards, 5))


def value(cards: Sequence[int]) -> Value:
    """Value of the best five of 5..7 distinct cards."""
    return best_five(cards)[0]


def compare(a: Sequence[int], b: Sequence[int]) -> int:
    """-1 if hand ``a`` loses to ``b``, 0 for a tie, 1 if ``a`` wins."""
    va, vb = value(a), value(b)
    return (va > vb) - (va < vb)


def showdown(board: Sequence[int], holes: Sequence[Sequence[int]]) -> list[int]:
    """Indices of the players whose hole cards + board make the best hand."""
    values = [value(list(board) + list(h)) for h in holes]
    best = max(values)
    return [i for i, v in enumerate(values) if v == best]
