"""Pure-Python reference for Crash (13-card Brag): round scoring and the
brute-force ``lexicographic`` setting. Obvious and slow on purpose: the fast
path in :mod:`handrank.crash` is differential-tested against it.

Rules: ``docs/rules/brag-and-crash.md`` (Crash section). Brag hands are compared
with :func:`handrank.brag.reference.value`; ``**opts`` are its options
(``prial_threes_high``, ``a23_top_run``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from ..brag import reference as brag

Hand = tuple[int, int, int]

__all__ = [
    "is_high_card",
    "lexicographic_setting",
    "score_round",
    "setting_key",
    "settings",
    "sort_hands",
]


def is_high_card(hand: Sequence[int]) -> bool:
    """True if three distinct card ids make only a high-card Brag hand."""
    return brag.category(hand) == 0


def sort_hands(hands: Sequence[Sequence[int]], **opts: bool) -> list[Hand]:
    """The hands strongest first (ties in any order)."""
    return sorted((tuple(h) for h in hands), key=lambda h: brag.value(h, **opts),  # type: ignore[misc]
                  reverse=True)


def score_round(players: Sequence[Sequence[Sequence[int]]], *,
                count_high_card: bool = False, **opts: bool) -> list[int]:
    """Points of each player for one round.

    ``players``: per player, their hands (each three card ids), any order.
    Position by position (after sorting each player's hands strongest first),
    a unique strongest hand scores 1; a tie at the top scores nobody; without
    ``count_high_card`` a high-card hand never scores. Scoring every position
    earns 1 bonus point.
    """
    sorted_hands = [sort_hands(h, **opts) for h in players]
    n = len(players)
    nh = len(sorted_hands[0])
    points = [0] * n
    for k in range(nh):
        values = [brag.value(sorted_hands[p][k], **opts) for p in range(n)]
        best = max(values)
        winners = [p for p in range(n) if values[p] == best]
        if len(winners) != 1:
            continue
        if not count_high_card and is_high_card(sorted_hands[winners[0]][k]):
            continue
        points[winners[0]] += 1
    for p in range(n):
        if points[p] == nh:
            points[p] += 1
    return points


def _partitions(cards: list[int]) -> Iterator[list[Hand]]:
    """Every split of ``cards`` (a multiple of three) into unordered triples."""
    if not cards:
        yield []
        return
    first, rest = cards[0], cards[1:]
    for pair in combinations(rest, 2):
        left = [c for c in rest if c not in pair]
        for tail in _partitions(left):
            yield [(first, pair[0], pair[1])] + tail


def settings(holding: Sequence[int]) -> Iterator[tuple[list[Hand], tuple[int, ...]]]:
    """Every setting of a holding: (hands, dropped cards). A 13-card holding
    has 13 * 15,400 = 200,200 of them."""
    cards = list(holding)
    nh = len(cards) // 3
    for dropped in combinations(cards, len(cards) - 3 * nh):
        kept = [c for c in cards if c not in dropped]
        for hands in _partitions(kept):
            yield hands, dropped


def setting_key(hands: Sequence[Sequence[int]], **opts: bool) -> tuple:
    """Lexicographic key of a setting: the values of its hands, strongest first."""
    return tuple(brag.value(h, **opts) for h in sort_hands(hands, **opts))


def lexicographic_setting(holding: Sequence[int],
                          **opts: bool) -> tuple[list[Hand], tuple[int, ...]]:
    """The ``lexicographic`` setting by brute force over every setting: the
    sorted hands as strong as possible, position 1 first, then 2, ... Returns
    (hands strongest first, dropped cards); among equal settings the first found."""
    value = {h: brag.value(h, **opts) for h in combinations(list(holding), 3)}  # memo: 286
    best_key = None
    best: tuple[list[Hand], tuple[int, ...]] | None = None
    for hands, dropped in settings(holding):
        key = tuple(sorted((value[h] for h in hands), reverse=True))
        if best_key is None or key > best_key:
            best_key, best = key, (sort_hands(hands, **opts), dropped)
    assert best is not None
    return best
