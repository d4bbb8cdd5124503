"""Reference Three-card Brag hand ranking: predicates straight from the rules, no tables.

Rules: ``docs/rules/brag-and-crash.md`` ("Brag hands"). Categories, strongest first:
prial (three of a rank), running flush (a run in one suit), run (three
consecutive ranks), flush (one suit), pair, high card. K-A-2 is not a run;
A-2-3 is. Suits never rank; equal hands tie.

Options (both **[D]** on the rules page, default True):

* ``prial_threes_high``: 3-3-3 is the top prial (then A-A-A, K-K-K ... 2-2-2);
  when False prials rank by rank, A-A-A top and 2-2-2 bottom.
* ``a23_top_run``: A-2-3 is the top run / running flush (then A-K-Q, K-Q-J ...
  4-3-2); when False A-2-3 is the lowest run, below 4-3-2.

A hand's value is a tuple ``(category, tiebreak)`` compared with ordinary tuple
ordering (higher = stronger): ``category`` 0 = high card .. 5 = prial,
``tiebreak`` a tuple of ints, most significant first (ranks 0 = deuce .. 12 =
ace; 13 marks the option-promoted top prial / top run, and 1 the demoted
A-2-3 run).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

HIGH_CARD, PAIR, FLUSH, RUN, RUNNING_FLUSH, PRIAL = range(6)
CATEGORY_NAMES = ("High card", "Pair", "Flush", "Run", "Running flush", "Prial")

Value = tuple[int, tuple[int, ...]]

THREE, ACE = 1, 12


def _check(cards: Sequence[int]) -> list[int]:
    cards = list(cards)
    if len(cards) != 3:
        raise ValueError(f"a Brag hand has 3 cards, got {len(cards)}")
    if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 52 for c in cards):
        raise ValueError(f"card ids must be ints in 0..51, got {cards}")
    if len(set(cards)) != 3:
        raise ValueError(f"cards must be distinct, got {cards}")
    return cards


def run_high(ranks: Sequence[int], a23_top_run: bool = True) -> int | None:
    """Ordering key of the run made by three ranks, or None if they make no run.

    Q-K-A -> 12 (ace), J-Q-K -> 11, ..., 2-3-4 -> 2 (four); A-2-3 -> 13 when
    ``a23_top_run`` else 1 (below 2-3-4). K-A-2 is not a run.
    """
    r = sorted(ranks)
    if r == [0, 1, ACE]:
        return 13 if a23_top_run else 1
    if r[1] == r[0] + 1 and r[2] == r[1] + 1:
        return r[2]
    return None


def value(cards: Sequence[int], *, prial_threes_high: bool = True,
          a23_top_run: bool = True) -> Value:
    """Value of three distinct card ids (id = 4 * rank + suit); higher = stronger."""
    cards = _check(cards)
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suited = len({c % 4 for c in cards}) == 1
    if ranks[0] == ranks[2]:
        r = ranks[0]
        return (PRIAL, (13 if (prial_threes_high and r == THREE) else r,))
    high = run_high(ranks, a23_top_run)
    if high is not None:
        return (RUNNING_FLUSH if suited else RUN, (high,))
    if suited:
        return (FLUSH, tuple(ranks))
    if ranks[0] == ranks[1]:
        return (PAIR, (ranks[0], ranks[2]))
    if ranks[1] == ranks[2]:
        return (PAIR, (ranks[1], ranks[0]))
    return (HIGH_CARD, tuple(ranks))


def category(cards: Sequence[int], *, prial_threes_high: bool = True,
             a23_top_run: bool = True) -> int:
    """Category 0 (high card) .. 5 (prial) of three distinct card ids."""
    return value(cards, prial_threes_high=prial_threes_high, a23_top_run=a23_top_run)[0]


def compare(a: Sequence[int], b: Sequence[int], *, prial_threes_high: bool = True,
            a23_top_run: bool = True) -> int:
    """-1 if hand ``a`` loses to ``b``, 0 for a tie, 1 if ``a`` wins."""
    va = value(a, prial_threes_high=prial_threes_high, a23_top_run=a23_top_run)
    vb = value(b, prial_threes_high=prial_threes_high, a23_top_run=a23_top_run)
    return (va > vb) - (va < vb)


def showdown(hands: Sequence[Sequence[int]], *, prial_threes_high: bool = True,
             a23_top_run: bool = True) -> list[int]:
    """Indices of the strongest hands (several = a tie)."""
    values = [value(h, prial_threes_high=prial_threes_high, a23_top_run=a23_top_run)
              for h in hands]
    best = max(values)
    return [i for i, v in enumerate(values) if v == best]


def all_hands() -> list[tuple[int, int, int]]:
    """Every 3-card hand of one deck (22,100), as ascending id triples."""
    return list(combinations(range(52), 3))


def equity(hand: Sequence[int], opponents: Sequence[Sequence[int]], *,
           prial_threes_high: bool = True, a23_top_run: bool = True) -> float:
    """Share of the pot ``hand`` wins against the given opponents' hands (ties split)."""
    values = [value(h, prial_threes_high=prial_threes_high, a23_top_run=a23_top_run)
              for h in [hand, *opponents]]
    best = max(values)
    if values[0] != best:
        return 0.0
    return 1.0 / sum(v == best for v in values)
