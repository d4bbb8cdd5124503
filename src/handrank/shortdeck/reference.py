"""Reference short-deck (6+) hand ranking: best five cards by brute force, no tables.

Rules: ``docs/rules/shortdeck.md``. 36 cards (sixes to aces); A-6-7-8-9 is the
lowest straight (the ace plays low there), T-J-Q-K-A the highest, no
wrap-around; a flush beats a full house; three of a kind beats a straight
unless ``straight_beats_trips``; suits never break ties; six or seven cards
are worth their best five.

A hand's value is a tuple ``(order, tiebreak)`` that compares with ordinary
tuple ordering: ``order`` is the category's place in the ranking in force
(0 = high card .. 8 = straight flush), ``tiebreak`` the ranks (card ranks,
6 = four .. 12 = ace as in :mod:`handrank.cards`) that decide ties within
the category, most significant first.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from typing import Sequence

#: Category names (as poker's Category members), weakest first, per ranking.
ORDER = ("HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "STRAIGHT", "THREE_OF_A_KIND",
         "FULL_HOUSE", "FLUSH", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH")
ORDER_SBT = ("HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT",
             "FULL_HOUSE", "FLUSH", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH")
#: Card ranks in the short deck: six (4) .. ace (12).
RANKS = range(4, 13)

Value = tuple[int, tuple[int, ...]]


def is_short_deck(card: int) -> bool:
    """True for a card id of the 36-card deck (rank six or higher)."""
    return 16 <= card < 52


def straight_high(ranks: Sequence[int]) -> int | None:
    """High rank of the straight five distinct ranks form, or None. A-6-7-8-9
    is a straight whose high card is the nine (rank 7)."""
    r = sorted(set(ranks))
    if len(r) != 5:
        return None
    if r[4] - r[0] == 4:
        return r[4]
    if r == [4, 5, 6, 7, 12]:
        return 7
    return None


def category5(ranks: Sequence[int], flush: bool) -> tuple[str, tuple[int, ...]]:
    """(category name, tiebreak) of five cards given their ranks and whether
    they share a suit, by predicates."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    by_group = tuple(r for r, _ in groups)
    high = straight_high(ranks)
    if high is not None:
        return ("STRAIGHT_FLUSH" if flush else "STRAIGHT", (high,))
    if flush:
        return "FLUSH", by_group
    return {(4, 1): "FOUR_OF_A_KIND", (3, 2): "FULL_HOUSE", (3, 1, 1): "THREE_OF_A_KIND",
            (2, 2, 1): "TWO_PAIR", (2, 1, 1, 1): "ONE_PAIR"}.get(tuple(shape), "HIGH_CARD"), by_group


def value5(cards: Sequence[int], straight_beats_trips: bool = False) -> Value:
    """Value of exactly five distinct short-deck card ids."""
    if len(cards) != 5 or len(set(cards)) != 5 or not all(is_short_deck(c) for c in cards):
        raise ValueError("exactly five distinct short-deck cards required")
    cat, tb = category5([c // 4 for c in cards], len({c % 4 for c in cards}) == 1)
    return (ORDER_SBT if straight_beats_trips else ORDER).index(cat), tb


def best_five(cards: Sequence[int], straight_beats_trips: bool = False
              ) -> tuple[Value, tuple[int, ...]]:
    """The best five of 5..7 distinct short-deck cards: ``(value, five cards)``."""
    cards = list(cards)
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"short-deck hands have 5 to 7 cards, got {len(cards)}")
    return max((value5(f, straight_beats_trips), f) for f in combinations(cards, 5))


def value(cards: Sequence[int], straight_beats_trips: bool = False) -> Value:
    """Value of the best five of 5..7 distinct short-deck cards."""
    return best_five(cards, straight_beats_trips)[0]


def category(cards: Sequence[int], straight_beats_trips: bool = False) -> str:
    """Category name of the best five of 5..7 short-deck cards."""
    v = value(cards, straight_beats_trips)
    return (ORDER_SBT if straight_beats_trips else ORDER)[v[0]]


def all_values(straight_beats_trips: bool = False) -> list[Value]:
    """Every distinct five-card value, weakest first (strength = index + 1):
    one hand per rank multiset, plus its one-suit twin for five distinct ranks."""
    vals = set()
    for ms in combinations_with_replacement(RANKS, 5):
        if max(Counter(ms).values()) > 4:
            continue
        seen: Counter[int] = Counter()
        cards = []
        for r in ms:
            cards.append(4 * r + seen[r])
            seen[r] += 1
        if len(set(ms)) == 5:
            cards[0] += 1  # five ranks: not one suit
        vals.add(value5(cards, straight_beats_trips))
        if len(set(ms)) == 5:
            vals.add(value5([4 * r for r in ms], straight_beats_trips))
    return sorted(vals)


def compare(a: Sequence[int], b: Sequence[int], straight_beats_trips: bool = False) -> int:
    """-1 if hand ``a`` loses to ``b``, 0 for a tie, 1 if ``a`` wins."""
    va, vb = value(a, straight_beats_trips), value(b, straight_beats_trips)
    return (va > vb) - (va < vb)


def showdown(board: Sequence[int], holes: Sequence[Sequence[int]],
             straight_beats_trips: bool = False) -> list[int]:
    """Winners (indices into ``holes``, ascending) of a short-deck Hold'em showdown:
    each player's two hole cards with the five-card ``board``."""
    values = [value(list(h) + list(board), straight_beats_trips) for h in holes]
    return [i for i, v in enumerate(values) if v == max(values)]


def equity(holes: Sequence[Sequence[int]], board: Sequence[int] = (),
           dead: Sequence[int] = (), straight_beats_trips: bool = False
           ) -> tuple[list[int], list[int], list[Fraction], int]:
    """Exact short-deck Hold'em equity by walking every board completion from the
    36-card deck minus the known and dead cards: ``(wins, ties, shares, deals)`` per
    player, wins = boards won alone, ties = boards split, shares = pot fractions
    (a split ``k`` ways pays ``1/k``), deals = boards walked. Small cases only."""
    known = [c for h in holes for c in h] + list(board) + list(dead)
    if len(set(known)) != len(known) or not all(is_short_deck(c) for c in known):
        raise ValueError("known cards must be distinct short-deck ids")
    if len(board) not in (0, 3, 4, 5):
        raise ValueError("the board has 0, 3, 4 or 5 cards")
    n = len(holes)
    wins, ties, shares = [0] * n, [0] * n, [Fraction(0)] * n
    deals = 0
    rest = [c for c in range(16, 52) if c not in set(known)]
    for extra in combinations(rest, 5 - len(board)):
        best = showdown(list(board) + list(extra), holes, straight_beats_trips)
        deals += 1
        for p in best:
            if len(best) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
            shares[p] += Fraction(1, len(best))
    return wins, ties, shares, deals
