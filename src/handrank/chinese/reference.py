"""Reference Chinese Poker: rows, fouls, naturals, the four scoring systems and
a brute-force solver, in plain Python (no tables, no cleverness).

Rules: ``docs/rules/chinese-poker.md``. Five-card rows use the reference poker
values (:mod:`handrank.poker.reference`): ``(category, tiebreak)`` tuples.
A front's value is ``(category, ranks)`` with category 0 high card, 1 pair,
2 three of a kind and ranks expanded most significant first (``(q, q, 4)``).
Cards are ids (``4 * rank + suit``). The fast path in :mod:`handrank.chinese`
is tested against this module.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, product

from ..poker import reference as rp

SYSTEMS = ("basic", "western", "eastern", "mandarin")
ROWS = ("front", "middle", "back")
SWEEP = {"basic": 3, "western": 4, "eastern": 3, "mandarin": 6}
FRONT_TO_POKER = {0: rp.HIGH_CARD, 1: rp.ONE_PAIR, 2: rp.THREE_OF_A_KIND}

FrontValue = tuple[int, tuple[int, ...]]


def expanded_ranks(cards: Sequence[int]) -> tuple[int, ...]:
    """Ranks sorted by (multiplicity, rank), most significant first, each
    repeated as often as it occurs: ``QQ4`` -> ``(q, q, 4)``."""
    counts = Counter(c >> 2 for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(r for r, n in groups for _ in range(n))


def front_value(cards: Sequence[int]) -> FrontValue:
    """Value of a three-card front: only trips, pair and high card count."""
    if len(cards) != 3 or len(set(cards)) != 3:
        raise ValueError("a front is three distinct cards")
    shape = sorted(Counter(c >> 2 for c in cards).values(), reverse=True)
    cat = 2 if shape == [3] else 1 if shape == [2, 1] else 0
    return (cat, expanded_ranks(cards))


def row_value(cards: Sequence[int]) -> tuple:
    """A front (3 cards) or five-card row value."""
    return front_value(cards) if len(cards) == 3 else rp.value5(cards)


def front_beats_middle(front: Sequence[int], middle: Sequence[int]) -> bool:
    """The rules page's comparison: category (front high card / pair / trips
    against the middle's poker category), then the front's ranks against the
    middle's ranks in the same order; all equal -> the middle is stronger [D]."""
    fcat, franks = front_value(front)
    mcat = rp.value5(middle)[0]
    pf = FRONT_TO_POKER[fcat]
    if pf != mcat:
        return pf > mcat
    return franks > expanded_ranks(middle)[:3]


def is_foul(front: Sequence[int], middle: Sequence[int], back: Sequence[int]) -> bool:
    """Wrong card counts (not 3, 5, 5), or middle beats back, or front beats middle."""
    if (len(front), len(middle), len(back)) != (3, 5, 5):
        return True
    return rp.value5(middle) > rp.value5(back) or front_beats_middle(front, middle)


def _is_straight3(cards: Sequence[int]) -> bool:
    r = sorted({c >> 2 for c in cards})
    return len(r) == 3 and (r[2] - r[0] == 2 or r == [0, 1, 12])


def naturals(front: Sequence[int], middle: Sequence[int], back: Sequence[int]) -> set[str]:
    """Names of every natural the setting makes (rows of the wrong sizes make
    only the naturals of the 13 cards alone: dragon, six pairs)."""
    cards = list(front) + list(middle) + list(back)
    ranks = Counter(c >> 2 for c in cards)
    out = set()
    if len(ranks) == 13:
        out.add("dragon")
    if sum(n // 2 for n in ranks.values()) >= 6:
        out.add("six pairs")
    if (len(front), len(middle), len(back)) != (3, 5, 5):
        return out
    cm, cb = rp.value5(middle)[0], rp.value5(back)[0]
    if (len({c & 3 for c in front}) == 1 and cm in (rp.FLUSH, rp.STRAIGHT_FLUSH)
            and cb in (rp.FLUSH, rp.STRAIGHT_FLUSH)):
        out.add("three flushes")
    if (_is_straight3(front) and cm in (rp.STRAIGHT, rp.STRAIGHT_FLUSH)
            and cb in (rp.STRAIGHT, rp.STRAIGHT_FLUSH)):
        out.add("three straights")
    return out


def bonus(row: int, value: tuple) -> int:
    """Eastern / mandarin bonus of a won row (0 = none): back straight flush 5,
    four of a kind 4; middle straight flush 10, four of a kind 8, full house 2;
    front three of a kind 3 (eastern only; mandarin gives front trips 3 as its
    row value instead)."""
    if row == 0:
        return 3 if value[0] == 2 else 0
    cat = value[0]
    if row == 2:
        return {rp.STRAIGHT_FLUSH: 5, rp.FOUR_OF_A_KIND: 4}.get(cat, 0)
    return {rp.STRAIGHT_FLUSH: 10, rp.FOUR_OF_A_KIND: 8, rp.FULL_HOUSE: 2}.get(cat, 0)


class Player:
    """One seat: its rows, values, foul and declared natural ("dragon",
    "other" or None). Rows of the wrong sizes are a foul (no values)."""

    def __init__(self, front: Sequence[int], middle: Sequence[int], back: Sequence[int],
                 declare: bool = False):
        self.rows = (list(front), list(middle), list(back))
        if sum(map(len, self.rows)) != 13 or len({c for r in self.rows for c in r}) != 13:
            raise ValueError("a player sets 13 distinct cards")
        self.foul = is_foul(*self.rows)
        self.values: tuple = ()
        if tuple(map(len, self.rows)) == (3, 5, 5):
            self.values = tuple(row_value(r) for r in self.rows)
        made = naturals(*self.rows)
        self.declared: str | None = None
        if declare:
            if not made:
                raise ValueError("declared natural not made")
            self.declared = "dragon" if "dragon" in made else "other"


def natural_beats(a: Player, b: Player) -> bool:
    """a's declared natural beats b (b has no natural, or a dragon beats another)."""
    return a.declared is not None and (b.declared is None
                                       or (a.declared == "dragon" and b.declared == "other"))


def shoots(a: Player, b: Player) -> bool:
    """a shoots b: wins all three rows (or beats b with a natural); never a
    fouled b [D]."""
    if b.foul and b.declared is None:
        return False
    if a.declared is not None:
        return natural_beats(a, b)
    if b.declared is not None or a.foul:
        return False
    return all(x > y for x, y in zip(a.values, b.values))


def pair_score(a: Player, b: Player, system: str, home_a: bool = False, home_b: bool = False) -> int:
    """A's score against B under ``system``."""
    if a.declared or b.declared:
        sweep_a = 9 if system == "mandarin" and home_a else SWEEP[system]
        sweep_b = 9 if system == "mandarin" and home_b else SWEEP[system]
        if natural_beats(a, b):
            return sweep_a
        if natural_beats(b, a):
            return -sweep_b
        return 0
    if a.foul and b.foul:
        return 0
    if a.foul:
        return -4
    if b.foul:
        return 4
    won = [x > y for x, y in zip(a.values, b.values)]
    lost = [x < y for x, y in zip(a.values, b.values)]
    w, lo = sum(won), sum(lost)
    if system == "basic":
        return w - lo
    if system == "western":
        return w - lo + (1 if w > lo else -1 if lo > w else 0)
    total = 0
    for r in range(3):
        if not (won[r] or lost[r]):
            continue
        value = a.values[r] if won[r] else b.values[r]
        sign = 1 if won[r] else -1
        if system == "eastern":
            total += sign * (bonus(r, value) or 1)
        else:  # mandarin
            base = 3 if r == 0 and value[0] == 2 else 1
            shot = w == 3 if won[r] else lo == 3
            home = home_a if won[r] else home_b
            mult = (3 if home else 2) if shot else 1
            total += sign * (mult * base + (bonus(r, value) if r else 0))
    return total


def score_table(players: Sequence[Player], system: str) -> list[list[int]]:
    """Pairwise score matrix of 2..4 players (row = scoring player)."""
    n = len(players)
    home = [system == "mandarin" and n == 4
            and all(shoots(players[i], players[j]) for j in range(n) if j != i) for i in range(n)]
    return [[0 if i == j else pair_score(players[i], players[j], system, home[i], home[j])
             for j in range(n)] for i in range(n)]


# ------------------------------------------------------------------ solver

class OpponentRows:
    """Opponent row distributions from histograms of strengths (lists of counts
    indexed by a strength: front 1..455, middle / back 1..7462), with
    ``categories[row][strength]``: the category of that strength (front 0 high
    card / 1 pair / 2 trips; five-card rows the poker category 0..8), which is
    all the row bonuses need."""

    def __init__(self, counts: Sequence[Sequence[int]], categories: Sequence[Sequence[int]]):
        self.counts = [list(c) for c in counts]
        self.values = [[(int(c),) for c in cats] for cats in categories]
        self.total = [sum(c[1:]) for c in self.counts]
        self._memo: dict = {}

    def outcome(self, row: int, s: int, system: str) -> tuple[float, float, float, float]:
        """(P(win), P(lose), E[opp row points; opp wins], E[opp base points; opp wins])
        for my strength ``s`` in ``row``. Row points: the value the opponent scores
        for the row when it wins it (1; eastern bonus; mandarin base + bonus)."""
        key = (row, s, system)
        if key in self._memo:
            return self._memo[key]
        c, tot = self.counts[row], self.total[row]
        win = sum(c[1:s]) / tot
        lose = ev = evbase = 0.0
        for t in range(s + 1, len(c)):
            if not c[t]:
                continue
            p = c[t] / tot
            lose += p
            v = self.values[row][t]
            if system == "eastern":
                ev += p * (bonus(row, v) or 1)
            elif system == "mandarin":
                base = 3 if row == 0 and v[0] == 2 else 1
                evbase += p * base
                ev += p * (base + (bonus(row, v) if row else 0))
            else:
                ev += p
        self._memo[key] = (win, lose, ev, evbase)
        return win, lose, ev, evbase


def expected_score(values: Sequence[tuple], strengths: Sequence[int], opp: OpponentRows,
                   system: str) -> float:
    """Expected score of a legal setting against the opponent distribution, by
    enumerating the 27 row outcomes (rows independent)."""
    outs = [opp.outcome(r, strengths[r], system) for r in range(3)]
    total = 0.0
    for combo in product((1, 0, -1), repeat=3):
        prob = 1.0
        for r, o in enumerate(combo):
            w, lo = outs[r][0], outs[r][1]
            prob *= w if o == 1 else lo if o == -1 else 1 - w - lo
        if prob == 0.0:
            continue
        wins, losses = combo.count(1), combo.count(-1)
        pts = 0.0
        for r, o in enumerate(combo):
            if o == 0:
                continue
            if o == 1:
                v = values[r]
                if system in ("basic", "western"):
                    pts += 1
                elif system == "eastern":
                    pts += bonus(r, v) or 1
                else:
                    base = 3 if r == 0 and v[0] == 2 else 1
                    pts += (2 if wins == 3 else 1) * base + (bonus(r, v) if r else 0)
            else:
                w, lo, ev, evbase = outs[r]
                cond = ev / lo  # expected opponent points given it wins this row
                if system == "mandarin" and losses == 3:
                    cond += evbase / lo  # shot: base doubled
                pts -= cond
        if system == "western":
            pts += 1 if wins > losses else -1 if losses > wins else 0
        total += prob * pts
    return total


def all_settings(cards: Sequence[int]):
    """Every (front, middle, back) of 13 cards: 72,072 settings."""
    cards = list(cards)
    for back in combinations(cards, 5):
        rest = [c for c in cards if c not in back]
        for middle in combinations(rest, 5):
            front = [c for c in rest if c not in middle]
            yield front, list(middle), list(back)


def solve(cards: Sequence[int], opp: OpponentRows, strength_of, system: str):
    """Naive search: the legal setting with the highest expected score.
    ``strength_of(row_cards)`` maps a row to the strength index used by
    ``opp``'s histograms. Returns (expected score, (front, middle, back))."""
    best = None
    for f, m, b in all_settings(cards):
        if is_foul(f, m, b):
            continue
        vals = (front_value(f), rp.value5(m), rp.value5(b))
        ev = expected_score(vals, [strength_of(f), strength_of(m), strength_of(b)], opp, system)
        if best is None or ev > best[0]:
            best = (ev, (f, m, b))
    return best
