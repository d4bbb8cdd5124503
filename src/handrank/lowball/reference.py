"""Reference lowball ranking: brute force, no tables (the specification the
generated tables of ``tools/gen_lowball.py`` come from and the kernels are tested against).

Rules: ``docs/rules/lowball.md``. Every ``*_value`` here is a tuple that compares
with ordinary tuple ordering, **higher = better low** (so ``max`` picks the winner).
Ranks inside the values are the rank numbers of the game's own order: for
deuce-to-seven 0 = deuce .. 12 = ace (aces high only); for ace-to-five and badugi
0 = ace .. 12 = king (aces low only).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Sequence

#: Categories of a high hand ranked with aces high only (deuce-to-seven's view):
#: the poker categories, 0 = high card .. 8 = straight flush.
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, \
    FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(9)

#: Ace-to-five shapes, best (0) to worst (5): rank-count patterns.
A5_SHAPES = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1))

Value = tuple


def _check(cards: Sequence[int], sizes: Sequence[int]) -> list[int]:
    cards = list(cards)
    if len(cards) not in sizes:
        raise ValueError(f"need {' or '.join(map(str, sizes))} cards, got {len(cards)}")
    if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        raise ValueError("cards must be distinct ids in 0..51")
    return cards


def _grouped(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(count pattern, ranks ordered by count then rank, both descending)."""
    cnt = Counter(ranks)
    order = sorted(cnt, key=lambda r: (cnt[r], r), reverse=True)
    return tuple(cnt[r] for r in order), tuple(order)


def high_value_ace_high(cards: Sequence[int]) -> Value:
    """Five cards ranked as a high hand with aces high only (A-2-3-4-5 is no
    straight): ``(category, tiebreak ranks)``, higher = stronger high hand."""
    cards = _check(cards, (5,))
    ranks = [c // 4 for c in cards]
    shape, order = _grouped(ranks)
    flush = len({c % 4 for c in cards}) == 1
    straight = len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
    if straight and flush:
        cat = STRAIGHT_FLUSH
    elif shape == (4, 1):
        cat = FOUR_OF_A_KIND
    elif shape == (3, 2):
        cat = FULL_HOUSE
    elif flush:
        cat = FLUSH
    elif straight:
        cat = STRAIGHT
    else:
        cat = {(3, 1, 1): THREE_OF_A_KIND, (2, 2, 1): TWO_PAIR,
               (2, 1, 1, 1): ONE_PAIR}.get(shape, HIGH_CARD)
    return (cat, order)


def deuce_to_seven_value(cards: Sequence[int]) -> Value:
    """Deuce-to-seven value of exactly five cards: the ace-high-only high value
    turned around (the worst high hand is the best low)."""
    cat, order = high_value_ace_high(cards)
    return (-cat, tuple(-r for r in order))


def ace_low_rank(card: int) -> int:
    """Rank of a card id with aces low: 0 = ace, 1 = deuce .. 12 = king."""
    return (card // 4 + 1) % 13


def ace_to_five_value5(cards: Sequence[int]) -> Value:
    """Ace-to-five value of five cards: ``(-shape index, -ranks...)`` where
    the ranks (aces low) are ordered by count, then from the highest down."""
    cards = _check(cards, (5,))
    shape, order = _grouped([ace_low_rank(c) for c in cards])
    return (-A5_SHAPES.index(shape), tuple(-r for r in order))


def ace_to_five_best(cards: Sequence[int]) -> tuple[Value, tuple[int, ...]]:
    """The best five (ace-to-five) of 5..7 cards: ``(value, five cards)``."""
    cards = _check(cards, (5, 6, 7))
    return max((ace_to_five_value5(five), five) for five in combinations(cards, 5))


def ace_to_five_value(cards: Sequence[int]) -> Value:
    """Ace-to-five value of the best five of 5..7 cards (razz)."""
    return ace_to_five_best(cards)[0]


def badugi_best(cards: Sequence[int]) -> tuple[Value, tuple[int, ...]]:
    """Badugi value of four cards and the cards that play: the largest set with
    no two of one rank or one suit, the best such set when several have that
    size. Value ``(size, -ranks from the highest down)``, aces low."""
    cards = _check(cards, (4,))
    best: tuple[Value, tuple[int, ...]] | None = None
    for n in range(1, 5):
        for sub in combinations(cards, n):
            if len({ace_low_rank(c) for c in sub}) == n and len({c % 4 for c in sub}) == n:
                v = (n, tuple(sorted((-ace_low_rank(c) for c in sub))))
                if best is None or v > best[0]:
                    best = (v, sub)
    assert best is not None
    return best


def badugi_value(cards: Sequence[int]) -> Value:
    """Badugi value of four cards (see :func:`badugi_best`)."""
    return badugi_best(cards)[0]


def sample_hand(ranks: Sequence[int], flush: bool) -> list[int]:
    """Five card ids with these deuce-high ranks (0..12), all of one suit or never
    a flush (repeated ranks get different suits)."""
    if flush:
        return [4 * r for r in ranks]
    seen: Counter[int] = Counter()
    out = []
    for r in ranks:
        out.append(4 * r + seen[r])
        seen[r] += 1
    if len(set(ranks)) == 5:
        out[-1] += 1
    return out


def five_card_classes() -> list[tuple[tuple[int, ...], bool]]:
    """Every distinct five-card (deuce-high rank multiset, one suit) pair of one deck."""
    out: list[tuple[tuple[int, ...], bool]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            out.append((ranks, False))
            if len(set(ranks)) == 5:
                out.append((ranks, True))
    return out


def deuce_to_seven_classes() -> list[Value]:
    """Every distinct deuce-to-seven value, worst first (strength = index + 1): 7,462."""
    return sorted({deuce_to_seven_value(sample_hand(r, f)) for r, f in five_card_classes()})


def ace_to_five_classes() -> list[Value]:
    """Every distinct ace-to-five value, worst first (strength = index + 1): 6,175."""
    return sorted({ace_to_five_value5(sample_hand(r, False)) for r, f in five_card_classes()})


def badugi_classes() -> list[Value]:
    """Every distinct badugi value, worst first (strength = index + 1): 1,092."""
    return sorted({(n, tuple(sorted(-r for r in ranks)))
                   for n in range(1, 5) for ranks in combinations(range(13), n)})


def strength_of(value: Value, classes: Sequence[Value]) -> int:
    """The strength (1-based position among ``classes``, worst first) of a value."""
    from bisect import bisect_left
    i = bisect_left(classes, value)
    if i == len(classes) or classes[i] != value:
        raise ValueError(f"{value!r} is not a class")
    return i + 1


def compare(value_a: Value, value_b: Value) -> int:
    """1 if value ``a`` is the better low, -1 if worse, 0 for a tie."""
    return (value_a > value_b) - (value_a < value_b)
