"""Chinese Poker (13 cards set 3 / 5 / 5): rows, fouls, naturals, the four
scoring systems, pairwise table scoring, and an expected-score solver.

Rules: ``rules/chinese-poker.md`` (and ``rules/poker.md`` for the five-card
rows). Five-card rows (middle, back) use the poker evaluator's tables and
strengths (1..7462, see :mod:`handrank.poker`).

Front strength layout
---------------------
A front (three cards; only three of a kind, pair and high card count) has a
strength from 1 to 455, higher = stronger, equal = tie:

===============  ==========  =====
category         strengths   count
===============  ==========  =====
high card        1 .. 286     286
pair             287 .. 442   156
three of a kind  443 .. 455    13
===============  ==========  =====

Within a category the order is by rank: the trips rank; the pair rank then the
kicker; the three ranks high to low. Suits never count.

Front against middle (the foul test): the front loses to, or equals, a legal
middle when its category (high card < pair < trips, set against the middle's
full poker category) is lower, or when the categories match and the front's
ranks (pair rank, then kickers high to low) are not higher rank by rank than
the middle's ranks in the same order; when every front rank equals the
middle's, the middle is the stronger (it has more cards) **[D]**.

Scoring systems
---------------
``basic``, ``western`` (the default), ``eastern`` and ``mandarin``, exactly as
the rules page's table; see :func:`score`. A fouled hand pays 4 to every
player who did not foul; a declared natural scores a plain sweep of the system
(3 basic / eastern, 4 western, 6 mandarin, 9 for a mandarin home run); a dragon
beats the other naturals, which tie with each other.

Settings
--------
A setting is three rows: front (3 cards), middle (5), back (5). Bulk arrays lay
a setting out as 13 card ids in that order (columns 0-2 front, 3-7 middle,
8-12 back). Rows set with the wrong card counts (13 cards in all, but not 3,
5 and 5) are a foul, as the rules page defines it: :func:`is_foul` says so and
:func:`score` scores such a player as fouled. Anything that is not a player's
13 distinct cards (another total, a card used twice, a card not in the holding)
is bad input and raises.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache, partial
from typing import Any

import numpy as np

from . import _kernel as _chinese
from .. import poker
from .._support.arrays import as_id_array
from .._support.threads import MIN_ROWS_PER_THREAD, run_chunked
from ..cards import (
    RANK_NAMES,
    RANK_PLURALS,
    CardsLike,
    format_cards,
    parse_cards,
    rows_with_repeats,
)
from ..errors import (
    ArrayDtypeError,
    ArrayShapeError,
    CardRangeError,
    DuplicateCardError,
    HandrankError,
    HandSizeError,
    OptionError,
    SettingError,
)
from ..result import CategoryEnum, HandValue

__all__ = [
    "DEFAULT_SYSTEM",
    "ROWS",
    "SYSTEMS",
    "FrontCategory",
    "HeadsUp",
    "Natural",
    "PairScore",
    "Setting",
    "Solution",
    "TableScore",
    "default_tables",
    "describe_front",
    "evaluate",
    "evaluate_many",
    "expected_scores",
    "front_beats_middle",
    "front_category",
    "front_strength",
    "greedy",
    "greedy_many",
    "heads_up",
    "is_foul",
    "make_setting",
    "natural",
    "naturals",
    "score",
    "score_many",
    "solve",
    "solve_many",
    "solver_tables",
]

RULES_URL = "rules/chinese-poker.md"

#: Scoring systems, in the rules page's order (index = system code).
SYSTEMS = ("basic", "western", "eastern", "mandarin")
DEFAULT_SYSTEM = "western"
#: Row names, in layout order.
ROWS = ("front", "middle", "back")
#: The keys a player's mapping may have in :func:`score` (anything else is an OptionError).
PLAYER_KEYS = ("front", "middle", "back", "natural", "name", "holding")
ROW_SIZES = (3, 5, 5)
#: A declared natural's score against each opponent (mandarin home run: 9).
SWEEP = {"basic": 3, "western": 4, "eastern": 3, "mandarin": 6}
FOUL_PENALTY = 4
FRONT_MAX = 455
FRONT_FIRST = (1, 287, 443)  # first strength of high card, pair, trips


class FrontCategory(CategoryEnum):
    """Front (three-card) categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    THREE_OF_A_KIND = 2


class Natural(IntEnum):
    """Naturals (automatic wins), by code; ``NONE`` = no natural. ``DRAGON``
    beats the others, which tie with each other."""

    NONE = 0
    DRAGON = 1
    SIX_PAIRS = 2
    THREE_FLUSHES = 3
    THREE_STRAIGHTS = 4

    @property
    def label(self) -> str:
        """Display name: ``"three flushes"``."""
        return self.name.replace("_", " ").lower()


_NATURAL_NAMES = {n.label: n for n in Natural if n != Natural.NONE}


def _system(system: object) -> int:
    if not isinstance(system, str) or system.lower() not in SYSTEMS:
        raise OptionError(f"unknown scoring system {system!r}; accepted: {', '.join(SYSTEMS)}")
    return SYSTEMS.index(system.lower())


# ------------------------------------------------------------------ fronts

@lru_cache(maxsize=1)
def _front_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (_chinese.front_strength_table(), _chinese.front_key_table(),
            _chinese.middle_key_table())


def _front_of_ids(ids: Sequence[int]) -> int:
    a, b, c = sorted((x >> 2 for x in ids), reverse=True)
    return int(_front_tables()[0][a * 169 + b * 13 + c])


def _parse_row(cards: CardsLike, row: str) -> list[int]:
    """Card ids of one row; errors (and TypeError) name the row."""
    try:
        return parse_cards(cards)
    except HandrankError as e:
        raise e.with_context(row) from None
    except TypeError as e:
        raise TypeError(f"{row}: {e}") from None


def _row_ids(cards: CardsLike, size: int, row: str) -> list[int]:
    ids = _parse_row(cards, row)
    if len(ids) != size:
        raise SettingError(f"the {row} needs {size} cards, got {len(ids)}")
    return ids


def front_strength(cards: CardsLike) -> int:
    """Strength (1..455, higher = stronger) of a three-card front.

    ``cards``: text (``"QsQd4c"``) or three card ids / strings. Straights and
    flushes do not count in front. Raises CardParseError, CardRangeError,
    DuplicateCardError, SettingError (not three cards). Rule: ``rules/chinese-poker.md``.
    """
    return _front_of_ids(_row_ids(cards, 3, "front"))


def front_category(strength: int) -> FrontCategory:
    """The :class:`FrontCategory` of a front strength (1..455); raises
    HandrankError outside that range, TypeError for a non-integer."""
    if isinstance(strength, bool) or not isinstance(strength, (int, np.integer)):
        raise TypeError(f"a strength is an int, got {type(strength).__name__} {strength!r}")
    s = int(strength)
    if not 1 <= s <= FRONT_MAX:
        raise HandrankError(f"front strength {s} is outside 1..{FRONT_MAX}")
    return FrontCategory(2 if s >= FRONT_FIRST[2] else 1 if s >= FRONT_FIRST[1] else 0)


def _front_ranks(strength: int) -> tuple[int, int, int]:
    key = int(_front_tables()[1][strength])
    return (key >> 8) & 15, (key >> 4) & 15, key & 15


def describe_front(strength: int) -> str:
    """Words for a front strength: ``"Pair of queens, four kicker"``. Raises as
    :func:`front_category`."""
    cat = front_category(strength)
    r = _front_ranks(strength)
    if cat == FrontCategory.THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[r[0]]}"
    if cat == FrontCategory.PAIR:
        return f"Pair of {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[2]]} kicker"
    return "High card, " + "-".join(RANK_NAMES[x] for x in r)


def evaluate(cards: CardsLike) -> HandValue:
    """Evaluate one row: three cards (a front, ``game="chinese-front"``,
    strength 1..455) or five cards (a middle or back: the poker value,
    ``game="poker"``, strength 1..7462).

    Raises CardParseError, CardRangeError, DuplicateCardError, HandSizeError
    (not 3 or 5 cards). Rule: ``rules/chinese-poker.md``.
    """
    ids = parse_cards(cards)
    if len(ids) == 5:
        return poker.evaluate(ids)
    if len(ids) != 3:
        raise HandSizeError(f"a Chinese Poker row has 3 (front) or 5 cards, got {len(ids)}")
    s = _front_of_ids(ids)
    cat = front_category(s)
    ranks = _front_ranks(s)
    pool = sorted(ids, reverse=True)
    ordered = []
    for r in ranks:  # most significant first
        c = next(x for x in pool if x >> 2 == r)
        pool.remove(c)
        ordered.append(c)
    return HandValue(game="chinese-front", category=cat, strength=s, name=cat.label,
                     description=describe_front(s), cards=tuple(ordered))


def evaluate_many(cards: object) -> np.ndarray:
    """Strengths of many rows: an ``(N, 3)`` integer array of fronts (-> 1..455)
    or ``(N, 5)`` of five-card rows (-> poker strengths 1..7462), or a list of
    rows (card text or id lists); returns
    ``(N,)`` ``int32``. Raises ArrayDtypeError, ArrayShapeError, HandSizeError,
    CardRangeError, DuplicateCardError naming the row."""
    ids = as_id_array(cards, (3, 5), "row")
    if ids.shape[1] == 5:
        return poker.evaluate_many(ids)
    _check_repeats(ids, "row")
    out = np.empty(ids.shape[0], dtype=np.int32)
    _chinese.front_strengths(ids, out)
    return out


def front_beats_middle(front: CardsLike, middle: CardsLike) -> bool:
    """True when the front beats the middle (a foul), by the rules page's
    comparison: category (high card < pair < trips against the middle's poker
    category), then the front's ranks against the middle's ranks in the same
    order; all equal means the middle is stronger **[D]**. Raises SettingError
    for rows of the wrong size and the card errors of :func:`parse_cards`."""
    f = _row_ids(front, 3, "front")
    m = _row_ids(middle, 5, "middle")
    _, fkey, mkey = _front_tables()
    return bool(fkey[_front_of_ids(f)] > mkey[poker.strength(m)])


def is_foul(front: CardsLike, middle: CardsLike, back: CardsLike) -> bool:
    """True when the setting is fouled: wrong card counts (a player's 13 cards in
    rows not of 3, 5 and 5), or the middle beats the back, or the front beats the
    middle (see :func:`front_beats_middle`). Back equal to middle is legal. Rows
    are cards from one deck; raises SettingError when the rows do not hold 13
    cards in all (not a player's hand at all), DuplicateCardError (a card in two
    rows, naming both) and the card errors of :func:`handrank.cards.parse_cards`
    (naming the row). Rule: ``rules/chinese-poker.md`` (Setting: Foul)."""
    rows = _parse_rows((front, middle, back))
    total = sum(len(r) for r in rows)
    if total != sum(ROW_SIZES):
        raise SettingError(f"a player sets 13 cards; these rows hold {total} "
                           f"({', '.join(f'{n} {len(r)}' for n, r in zip(ROWS, rows))})")
    if tuple(len(r) for r in rows) != ROW_SIZES:
        return True
    return Setting(tuple(rows[0]), tuple(rows[1]), tuple(rows[2])).foul


def _parse_rows(rows: Sequence[CardsLike]) -> list[list[int]]:
    """Parse front, middle, back (any sizes); a card in two rows is an error."""
    out = [_parse_row(x, r) for x, r in zip(rows, ROWS)]
    seen: dict[int, str] = {}
    for r, ids in zip(ROWS, out):
        for c in ids:
            if c in seen:
                raise DuplicateCardError(f"card {format_cards([c])} is in the {seen[c]} and the {r}",
                                         card=c)
            seen[c] = r
    return out


def _check_holding(rows: Sequence[Sequence[int]], holding: CardsLike) -> None:
    """Every card of the rows must be in the 13-card holding (naming the card and row)."""
    try:
        held = parse_cards(holding)
    except HandrankError as e:
        raise e.with_context("holding") from None
    except TypeError as e:
        raise TypeError(f"holding: {e}") from None
    if len(held) != 13:
        raise SettingError(f"a holding has 13 cards, got {len(held)}")
    hs = set(held)
    for r, ids in zip(ROWS, rows):
        for c in ids:
            if c not in hs:
                raise SettingError(f"card {format_cards([c])} in the {r} is not in the holding")


# ------------------------------------------------------------------ settings

@dataclass(frozen=True)
class Setting:
    """One player's setting: card ids of the front (3), middle (5) and back (5).
    Build with :func:`make_setting` (which parses card text); constructing one
    directly checks the rows too (integer ids 0..51, sizes 3 / 5 / 5, 13
    distinct cards: SettingError, CardRangeError, DuplicateCardError,
    TypeError for a non-integer)."""

    front: tuple[int, ...]
    middle: tuple[int, ...]
    back: tuple[int, ...]

    def __post_init__(self) -> None:
        f, m, b = self.front, self.middle, self.back
        if type(f) is tuple and type(m) is tuple and type(b) is tuple and (
                len(f), len(m), len(b)) == ROW_SIZES:  # fast path: already clean ids
            every = f + m + b
            if (all(type(c) is int for c in every) and len(set(every)) == 13
                    and min(every) >= 0 and max(every) < 52):
                return
        seen: set[int] = set()
        for name, size in zip(ROWS, ROW_SIZES):
            row = getattr(self, name)
            if isinstance(row, (str, bytes)) or not isinstance(row, (Sequence, np.ndarray)):
                raise TypeError(f"Setting.{name} must be a tuple of card ids, got "
                                f"{type(row).__name__}")
            ids = []
            for pos, c in enumerate(list(row)):
                if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
                    raise TypeError(f"Setting.{name} item {pos} ({c!r}) is not an integer "
                                    f"card id (use make_setting for card text)")
                v = int(c)
                if not 0 <= v < 52:
                    raise CardRangeError(f"the {name}: card id {v} at position {pos} is out "
                                         f"of range 0..51", column=pos)
                if v in seen:
                    raise DuplicateCardError(f"card {format_cards([v])} is used twice "
                                             f"(again in the {name})", card=v)
                seen.add(v)
                ids.append(v)
            if len(ids) != size:
                raise SettingError(f"the {name} needs {size} cards, got {len(ids)}")
            object.__setattr__(self, name, tuple(ids))

    @property
    def cards(self) -> tuple[int, ...]:
        """The 13 ids in layout order (front, middle, back)."""
        return self.front + self.middle + self.back

    @property
    def strengths(self) -> tuple[int, int, int]:
        """(front 1..455, middle 1..7462, back 1..7462)."""
        return (_front_of_ids(self.front), poker.strength5(*self.middle),
                poker.strength5(*self.back))

    @property
    def foul(self) -> bool:
        """Whether the setting is fouled (middle beats back, or front beats middle)."""
        f, m, b = self.strengths
        _, fkey, mkey = _front_tables()
        return m > b or bool(fkey[f] > mkey[m])

    @property
    def natural(self) -> Natural:
        """The best natural this setting makes (``Natural.NONE`` if none)."""
        made = naturals(self)
        return min(made) if made else Natural.NONE

    def __str__(self) -> str:
        return " / ".join(format_cards(r) for r in (self.front, self.middle, self.back))


SettingLike = Setting | Sequence[CardsLike]


def make_setting(front: CardsLike, middle: CardsLike, back: CardsLike, *,
                 holding: CardsLike | None = None) -> Setting:
    """Validate and build a :class:`Setting`.

    Rows are card text or ids: 3, 5 and 5 cards, 13 distinct cards in all.
    With ``holding`` (13 cards), the rows must use exactly those cards.
    Raises SettingError (a row of the wrong size -- a Setting always has 3 / 5
    / 5 cards; :func:`score` takes miscounted rows as a foul; a card not in the
    holding, naming it and its row), DuplicateCardError (a card used twice,
    naming both rows), CardParseError / CardRangeError (bad card, naming the
    row), TypeError (a row that is not cards).
    """
    rows = [_row_ids(x, n, r) for x, n, r in zip((front, middle, back), ROW_SIZES, ROWS)]
    rows = _parse_rows(rows)
    if holding is not None:
        _check_holding(rows, holding)
    return Setting(tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))


def _player_rows(x: object, where: str) -> list[list[int]]:
    """A player's rows as card ids, any sizes (cards parsed, no card twice, all in
    the ``holding`` if the mapping gives one); errors name ``where``."""
    try:
        if isinstance(x, Setting):
            return [list(x.front), list(x.middle), list(x.back)]
        if isinstance(x, Mapping):
            missing = [r for r in ROWS if r not in x]
            if missing:
                raise SettingError(f"missing row(s) {', '.join(missing)}")
            unknown = sorted(str(k) for k in x if k not in PLAYER_KEYS)
            if unknown:  # a misspelt "natural" must not silently score as no natural
                raise OptionError(f"unknown key(s) {', '.join(map(repr, unknown))}; a player "
                                  f"has {', '.join(PLAYER_KEYS)}")
            rows = _parse_rows([x["front"], x["middle"], x["back"]])
            if x.get("holding") is not None:
                _check_holding(rows, x["holding"])
            return rows
        if isinstance(x, (str, bytes)) or not isinstance(x, Sequence) or len(x) != 3:
            raise SettingError("a setting is (front, middle, back), a Setting, or a mapping "
                               "with keys front, middle, back")
        return _parse_rows([x[0], x[1], x[2]])
    except HandrankError as e:
        raise e.with_context(where) from None
    except TypeError as e:
        raise TypeError(f"{where}: {e}") from None


def _as_setting(x: object, where: str) -> Setting:
    if isinstance(x, Setting):
        return x
    rows = _player_rows(x, where)
    try:
        for ids, n, r in zip(rows, ROW_SIZES, ROWS):
            if len(ids) != n:
                raise SettingError(f"the {r} needs {n} cards, got {len(ids)}")
        return Setting(tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))
    except HandrankError as e:
        raise e.with_context(where) from None


def naturals(setting: SettingLike) -> set[Natural]:
    """Every natural a setting makes (empty set if none): dragon (13 ranks),
    six pairs (quads count as two pairs, trips as one), three flushes, three
    straights (A-2-3 and Q-K-A count in front; a straight flush counts as
    either). A natural's rows are not checked for a foul. ``setting``: a
    :class:`Setting`, a ``(front, middle, back)`` triple or a mapping with
    those keys; raises SettingError / DuplicateCardError / card errors for
    rows that are not a 3 / 5 / 5 setting. Rule: ``rules/chinese-poker.md``."""
    s = _as_setting(setting, "setting")
    out = _card_naturals(s.cards)
    _, m, b = s.strengths
    cm, cb = poker.category(m), poker.category(b)
    fr = sorted({c >> 2 for c in s.front})
    flush_cats = (poker.Category.FLUSH, poker.Category.STRAIGHT_FLUSH)
    straight_cats = (poker.Category.STRAIGHT, poker.Category.STRAIGHT_FLUSH)
    if len({c & 3 for c in s.front}) == 1 and cm in flush_cats and cb in flush_cats:
        out.add(Natural.THREE_FLUSHES)
    front_straight = len(fr) == 3 and (fr[2] - fr[0] == 2 or fr == [0, 1, 12])
    if front_straight and cm in straight_cats and cb in straight_cats:
        out.add(Natural.THREE_STRAIGHTS)
    return out


def _card_naturals(ids: Sequence[int]) -> set[Natural]:
    """The naturals that depend on the 13 cards alone: dragon, six pairs."""
    ranks = [c >> 2 for c in ids]
    out = set()
    if len(set(ranks)) == 13:
        out.add(Natural.DRAGON)
    if sum(ranks.count(r) // 2 for r in set(ranks)) >= 6:
        out.add(Natural.SIX_PAIRS)
    return out


def natural(setting: SettingLike) -> Natural:
    """The best natural the setting makes (dragon first), or ``Natural.NONE``;
    raises as :func:`naturals`. Rule: ``rules/chinese-poker.md`` (Naturals)."""
    made = naturals(setting)
    return min(made) if made else Natural.NONE


# ------------------------------------------------------------------ scoring

@dataclass(frozen=True)
class PairScore:
    """Player ``a`` against player ``b``: ``points`` (a's score; b scores minus
    it), ``kind`` ("rows", "foul", "natural"), per-row ``rows`` as (row name,
    winner index or None, points to a), ``shot`` / ``home_run`` (mandarin
    row-value multipliers), and a one-line ``text``."""

    a: int
    b: int
    points: int
    kind: str
    rows: tuple[tuple[str, int | None, int], ...]
    shot: int | None
    home_run: int | None
    text: str


@dataclass(frozen=True)
class TableScore:
    """A scored table. ``matrix[i][j]`` is player i's score against j
    (zero-sum: ``matrix[j][i] == -matrix[i][j]``); ``totals[i]`` the sum of row i.
    ``pairs`` explains every pair (i < j); :meth:`text` is a readable report.
    ``rows`` holds each player's rows as given (card ids); ``miscounts[i]`` is
    None, or why player i's rows have the wrong card counts (a foul; then
    ``settings[i]`` is None and ``strengths[i]`` is (0, 0, 0))."""

    system: str
    names: tuple[str, ...]
    settings: tuple[Setting | None, ...]
    strengths: tuple[tuple[int, int, int], ...]
    fouls: tuple[bool, ...]
    declared: tuple[Natural, ...]
    home_runs: tuple[bool, ...]
    matrix: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    pairs: tuple[PairScore, ...] = field(repr=False)
    rows: tuple[tuple[tuple[int, ...], ...], ...] = field(default=(), repr=False)
    miscounts: tuple[str | None, ...] = ()

    def text(self) -> str:
        """Multi-line report: each player's rows, then each pair, then totals."""
        out = [f"system: {self.system}"]
        for i, n in enumerate(self.names):
            s = self.settings[i]
            tags = []
            if self.declared[i]:
                tags.append(f"declares {self.declared[i].label}")
            elif self.fouls[i]:
                tags.append("FOUL")
            if self.home_runs[i]:
                tags.append("home run")
            if s is None:
                rows = self.rows[i]
                words = "; ".join(f"{r} {format_cards(c)} ({len(c)} cards)"
                                  for r, c in zip(ROWS, rows))
                tags.append(f"wrong card counts: {self.miscounts[i]}")
            else:
                f, m, b = self.strengths[i]
                words = (f"front {format_cards(s.front)} ({describe_front(f)}); "
                         f"middle {format_cards(s.middle)} ({poker.describe(m)}); "
                         f"back {format_cards(s.back)} ({poker.describe(b)})")
            out.append(f"{n}: {words}" + (f" [{', '.join(tags)}]" if tags else ""))
        for p in self.pairs:
            out.append(p.text)
        out.append("totals: " + ", ".join(f"{n} {t:+d}" for n, t in zip(self.names, self.totals)))
        return "\n".join(out)


def _east_value(row: int, s: int) -> int:
    if row == 0:
        return 3 if s >= FRONT_FIRST[2] else 1
    b = _bonus(row, s)
    return b if b else 1


def _bonus(row: int, s: int) -> int:
    if row == 0:
        return 0
    c = poker.category(s)
    if c == poker.Category.STRAIGHT_FLUSH:
        return 10 if row == 1 else 5
    if c == poker.Category.FOUR_OF_A_KIND:
        return 8 if row == 1 else 4
    if c == poker.Category.FULL_HOUSE and row == 1:
        return 2
    return 0


def _pair_detail(t: dict[str, Any], i: int, j: int, points: int) -> PairScore:
    names, system = t["names"], t["system"]
    ni, nj = names[i], names[j]
    di, dj = t["declared"][i], t["declared"][j]
    head = f"{ni} vs {nj}: {points:+d} to {ni}"
    if di or dj:
        if di and dj:
            why = (f"both declare naturals ({di.label}, {dj.label})" if points == 0 else
                   f"{(ni if points > 0 else nj)}'s dragon beats the other natural")
        else:
            who, nat = (ni, di) if di else (nj, dj)
            why = f"{who} declares {nat.label}: a sweep"
        if system == "mandarin" and abs(points) == 9:
            why += " (home run)"
        return PairScore(i, j, points, "natural", (), None, None, f"{head} ({why})")
    fi, fj = t["fouls"][i], t["fouls"][j]
    if fi or fj:
        why = "both foul" if fi and fj else f"{ni if fi else nj} fouls and pays {FOUL_PENALTY}"
        for k, nk in ((i, ni), (j, nj)):
            if t["miscounts"][k]:
                why += f"; {nk}'s rows have wrong card counts"
        return PairScore(i, j, points, "foul", (), None, None, f"{head} ({why})")
    si, sj = t["strengths"][i], t["strengths"][j]
    w = sum(a > b for a, b in zip(si, sj))
    lo = sum(a < b for a, b in zip(si, sj))
    rows: list[tuple[str, int | None, int]] = []
    shot: int | None = None
    home: int | None = None
    mult_i = mult_j = 1
    if system == "mandarin":
        if w == 3:
            mult_i = 3 if t["home"][i] else 2
            shot, home = i, (i if t["home"][i] else None)
        if lo == 3:
            mult_j = 3 if t["home"][j] else 2
            shot, home = j, (j if t["home"][j] else None)
    for r in range(3):
        a, b = si[r], sj[r]
        if a == b:
            rows.append((ROWS[r], None, 0))
            continue
        win, s, sign, mult = (i, a, 1, mult_i) if a > b else (j, b, -1, mult_j)
        if system in ("basic", "western"):
            v = 1
        elif system == "eastern":
            v = _east_value(r, s)
        else:
            v = mult * (3 if r == 0 and s >= FRONT_FIRST[2] else 1) + _bonus(r, s)
        rows.append((ROWS[r], win, sign * v))
    parts = []
    for rname, rwin, rpts in rows:
        parts.append(f"{rname} " + ("tie" if rwin is None else f"{names[rwin]} {rpts:+d}"))
    extra = ""
    if system == "western" and w != lo:
        extra = f"; majority {'+1' if w > lo else '-1'}"
    if shot is not None:
        extra += f"; {names[shot]} {'home run' if home is not None else 'shot'}"
    return PairScore(i, j, points, "rows", tuple(rows), shot, home,
                     f"{head} ({', '.join(parts)}{extra})")


def _declared_code(value: object, made_fn: Callable[[], set[Natural]],
                   words: Callable[[], str], where: str) -> Natural:
    """A player's natural declaration -> the natural scored (NONE if not
    declared). ``made_fn()``: the naturals the player's setting makes;
    ``words()``: the setting in words, for messages."""
    if value is None or value is False:
        return Natural.NONE
    made = made_fn()
    if value is True:
        if not made:
            raise SettingError(f"{where}: declares a natural, but {words()} makes none")
        return min(made)
    if isinstance(value, str):
        key = value.strip().lower().replace("_", " ").replace("-", " ")
        if key in ("", "no", "none", "false", "0"):
            return Natural.NONE
        if key in ("yes", "true", "1"):
            return _declared_code(True, lambda: made, words, where)
        if key not in _NATURAL_NAMES:
            raise OptionError(f"{where}: unknown natural {value!r}; accepted: "
                              f"{', '.join(_NATURAL_NAMES)} (or true/false)")
        want = _NATURAL_NAMES[key]
        if want not in made:
            raise SettingError(f"{where}: declares {want.label}, which {words()} does not make")
        return min(made)  # scored as the best natural the cards make
    raise OptionError(f"{where}: a natural declaration is a bool or a natural's name, "
                      f"got {value!r}")


def score(players: Sequence[object], system: str = DEFAULT_SYSTEM, *,
          names: Sequence[str] | None = None) -> TableScore:
    """Score one table of 2 to 4 players pairwise (zero-sum) under ``system``.

    ``players``: one entry per player, each a :class:`Setting`, a
    ``(front, middle, back)`` triple of card text/ids, or a mapping with keys
    ``front``, ``middle``, ``back`` and optional ``natural`` (True, or a
    natural's name: "dragon", "six pairs", "three flushes", "three straights"),
    ``holding`` (13 cards the rows must use) and ``name``. All cards come from
    one deck. Rows with the wrong card counts (a player's 13 cards, but not set
    3 / 5 / 5) are a foul, as the rules page says: the player pays 4 to each
    non-fouler (``miscounts`` says why); such a player can still declare a
    dragon or six pairs, which do not depend on the rows. ``system``: "basic", "western" (default), "eastern" or "mandarin".
    ``names``: labels for the players (override the mappings' ``name``; error
    messages then name players by these labels alone).

    Returns a :class:`TableScore` (matrix, totals, per-pair breakdown).
    Raises OptionError (unknown system or natural name), SettingError (a
    player without 13 cards, 2..4 players, card not in its holding, natural
    declared that the cards do not make), DuplicateCardError (a card held by
    two players, or twice by one), card errors, TypeError (an entry that is not
    cards); every message names the player (0-based index, or its name).
    Rule: ``rules/chinese-poker.md``.
    """
    code = _system(system)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise SettingError("players must be a sequence of settings")
    n = len(players)
    if not 2 <= n <= 4:
        raise SettingError(f"a table has 2 to 4 players, got {n}")
    given = [p.get("name") if isinstance(p, Mapping) else None for p in players]
    if names is not None:
        if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
            raise TypeError(f"names must be a sequence of strings, got {type(names).__name__}")
        if len(names) != n:
            raise SettingError(f"{len(names)} names for {n} players")
        given = list(names)
    labels = tuple(str(g) if g is not None else f"player {i}" for i, g in enumerate(given))
    settings: list[Setting | None] = []
    declared: list[Natural] = []
    allrows: list[tuple[tuple[int, ...], ...]] = []
    miscounts: list[str | None] = []
    for i, p in enumerate(players):
        if names is not None:  # the caller's labels (e.g. the CLI's 1-based "player 1")
            where = labels[i]
        else:
            where = f"player {i}" + (f" ({labels[i]})" if given[i] is not None else "")
        rows = _player_rows(p, where)
        sizes = tuple(len(r) for r in rows)
        cards = [c for r in rows for c in r]
        s: Setting | None = None
        miss: str | None = None
        made_fn: Callable[[], set[Natural]]
        words: Callable[[], str]
        if sizes == ROW_SIZES:
            s = Setting(tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))
            made_fn, words = partial(naturals, s), s.__str__
        elif len(cards) == 13:  # the player's 13 cards, wrongly counted: a foul
            miss = ", ".join(f"{r} has {k} cards" for r, k, want in zip(ROWS, sizes, ROW_SIZES)
                             if k != want)
            made_fn = partial(_card_naturals, cards)
            words = partial("{} (wrong card counts)".format, format_cards(cards))
        else:
            bad = next(k for k in range(3) if sizes[k] != ROW_SIZES[k])
            raise SettingError(f"{where}: the {ROWS[bad]} needs {ROW_SIZES[bad]} cards, got "
                               f"{sizes[bad]} ({len(cards)} cards in all; a player sets 13)")
        settings.append(s)
        allrows.append(tuple(tuple(r) for r in rows))
        miscounts.append(miss)
        declared.append(_declared_code(p.get("natural") if isinstance(p, Mapping) else None,
                                       made_fn, words, where))
    owner: dict[int, int] = {}
    for i, prows in enumerate(allrows):
        for c in (c for r in prows for c in r):
            if c in owner:
                raise DuplicateCardError(f"card {format_cards([c])} is held by {labels[owner[c]]} "
                                         f"and {labels[i]}", card=c, row=i)
            owner[c] = i
    ids = np.array([[c for r in prows for c in r] for prows in allrows], dtype=np.uint8)[None]
    decl = np.array([[(d != Natural.NONE) | (2 if m else 0) for d, m in zip(declared, miscounts)]],
                    dtype=np.uint8)
    res = _score_arrays(ids, decl, code, None)
    matrix = res["pairs"][0]
    strengths = [(0, 0, 0) if miscounts[i] else (int(r[0]), int(r[1]), int(r[2]))
                 for i, r in enumerate(res["rows"][0])]
    fouls = [bool(x) for x in res["fouls"][0]]
    home = [bool(x) for x in res["home"][0]]
    t: dict[str, Any] = {"names": labels, "system": SYSTEMS[code], "declared": declared,
                         "fouls": fouls, "strengths": strengths, "home": home,
                         "miscounts": miscounts}
    pairs = tuple(_pair_detail(t, i, j, int(matrix[i, j])) for i in range(n) for j in range(i + 1, n))
    return TableScore(system=SYSTEMS[code], names=labels, settings=tuple(settings),
                      strengths=tuple(strengths), fouls=tuple(fouls),
                      declared=tuple(declared), home_runs=tuple(home),
                      matrix=tuple(tuple(int(v) for v in r) for r in matrix),
                      totals=tuple(int(v) for v in matrix.sum(axis=1)), pairs=pairs,
                      rows=tuple(allrows), miscounts=tuple(miscounts))


def _id_array(value: object, what: str) -> np.ndarray:
    """Integer array -> uint8 ids (range-checked), or a library error."""
    try:
        a = np.asarray(value)
    except ValueError as e:
        raise ArrayShapeError(f"{what}: not a rectangular array ({e})") from None
    if a.dtype.kind not in "iu" or a.dtype == np.bool_:
        raise ArrayDtypeError(f"{what} must be an integer array of card ids, got dtype {a.dtype}")
    if a.size and a.dtype != np.uint8:
        bad = (a < 0) | (a >= 52) if a.dtype.kind == "i" else a >= 52
        if bad.any():
            idx = tuple(int(x) for x in np.argwhere(bad)[0])
            raise CardRangeError(f"{what} index {idx}: card id {a[idx]} is out of range 0..51",
                                 row=idx[0], column=idx[-1])
    elif a.size and (a >= 52).any():
        idx = tuple(int(x) for x in np.argwhere(a >= 52)[0])
        raise CardRangeError(f"{what} index {idx}: card id {a[idx]} is out of range 0..51",
                             row=idx[0], column=idx[-1])
    return np.ascontiguousarray(a, dtype=np.uint8)


def _check_repeats(flat: np.ndarray, what: str) -> None:
    if flat.shape[0] == 0:
        return
    rep = rows_with_repeats(flat)
    if rep.any():
        r = int(np.flatnonzero(rep)[0])
        row = flat[r].tolist()
        c = next(c for k, c in enumerate(row) if c in row[:k])
        raise DuplicateCardError(f"{what} {r}: card {format_cards([c])} appears twice "
                                 f"(columns {row.index(c)} and {row.index(c, row.index(c) + 1)})",
                                 card=c, row=r)


def _run(kernel: Any, n: int, threads: int | None, weight: int) -> Any:
    """run_chunked over ``n`` rows that each cost about ``weight`` poker rows, so
    that threads start at a sensible row count."""
    return run_chunked(kernel, n, threads, min_rows=max(1, MIN_ROWS_PER_THREAD // weight))


def _score_arrays(ids: np.ndarray, declare: np.ndarray, code: int,
                  threads: int | None) -> dict[str, np.ndarray]:
    n, p = ids.shape[0], ids.shape[1]
    out: dict[str, np.ndarray] = {"pairs": np.zeros((n, p, p), np.int32), "rows": np.zeros((n, p, 3), np.int32),
           "fouls": np.zeros((n, p), np.uint8), "naturals": np.zeros((n, p), np.uint8),
           "home": np.zeros((n, p), np.uint8)}
    err = _run(lambda a, b: _chinese.score_tables(
        ids, declare, code, out["pairs"], out["rows"], out["fouls"], out["naturals"],
        out["home"], a, b), n, threads, 32)
    if err is not None:
        t, pl, _ = err
        raise SettingError(f"table {t}, player {pl}: a natural is declared, but the setting "
                           f"{format_cards(ids[t, pl].tolist())} makes none")
    return out


def score_many(settings: object, declare: object = None, system: str = DEFAULT_SYSTEM, *,
               threads: int | None = None, details: bool = False) -> Any:
    """Score many tables at once (the fast path of :func:`score`).

    ``settings``: ``(N, P, 13)`` integer card ids, P = 2..4 players, each
    player's 13 cards laid out front (3), middle (5), back (5); one deck per
    table. ``declare``: optional ``(N, P)`` bool, True where the player declares
    a natural (scored as the best natural the cards make). ``threads`` as in
    :func:`handrank.poker.evaluate_many` (the kernel releases the GIL).

    Returns the ``(N, P, P)`` ``int32`` pairwise scores (``[t, i, j]`` = player
    i against j; totals are ``.sum(axis=2)``). With ``details=True``, a dict
    with ``pairs``, ``rows`` ``(N, P, 3)`` strengths, ``fouls``, ``naturals``
    (made, ``(N, P)`` codes of :class:`Natural`) and ``home`` (mandarin home runs).
    Raises OptionError, ArrayShapeError, ArrayDtypeError, CardRangeError,
    DuplicateCardError (naming the table), SettingError (a declared natural
    not made, naming the table and player). Rule: ``rules/chinese-poker.md``.
    """
    code = _system(system)
    ids = _id_array(settings, "settings")
    if ids.ndim != 3 or ids.shape[2] != 13 or not 2 <= ids.shape[1] <= 4:
        raise ArrayShapeError(f"settings must be (N, P, 13) with P = 2..4 players, got shape "
                              f"{ids.shape}")
    n, p = ids.shape[:2]
    _check_repeats(ids.reshape(n, p * 13), "table")
    if declare is None:
        decl = np.zeros((n, p), np.uint8)
    else:
        d = np.asarray(declare)
        if d.shape != (n, p):
            raise ArrayShapeError(f"declare must have shape {(n, p)}, got {d.shape}")
        if d.dtype != np.bool_ and d.dtype.kind not in "iu":
            raise ArrayDtypeError(f"declare must be bool, got dtype {d.dtype}")
        decl = np.ascontiguousarray(d != 0, dtype=np.uint8)
    out = _score_arrays(ids, decl, code, threads)
    if details:
        return {k: (v.astype(bool) if k in ("fouls", "home") else v) for k, v in out.items()}
    return out["pairs"]


# ------------------------------------------------------------------ solver

def solver_tables(front: object, middle: object, back: object) -> _chinese.Tables:
    """Solver tables from opponent row-strength histograms: ``front`` (456,),
    ``middle`` and ``back`` (7463,) non-negative counts indexed by strength
    (index 0 ignored). Rows are treated as independent. Raises HandrankError
    for a bad histogram."""
    east_val, base, bonus = _row_values()
    arrays = []
    samples = 0
    for row, (counts, size) in enumerate(zip((front, middle, back), (456, 7463, 7463))):
        try:
            c = np.array(counts, dtype=np.float64)
        except (TypeError, ValueError):
            raise HandrankError(f"{ROWS[row]} counts must be numbers") from None
        if c.shape != (size,) or (c < 0).any() or not np.isfinite(c).all() or c[1:].sum() <= 0:
            raise HandrankError(f"{ROWS[row]} counts must be a non-negative ({size},) histogram "
                                f"with a positive total")
        c[0] = 0.0
        total = c.sum()
        samples = int(total)
        p = c / total
        below = np.concatenate([[0.0], np.cumsum(p)[:-1]])
        above = np.clip(1.0 - below - p, 0.0, 1.0)

        def tail(v: np.ndarray, p: np.ndarray = p) -> np.ndarray:
            x = p * v
            return np.concatenate([np.cumsum(x[::-1])[::-1][1:], [0.0]])

        arrays.append([below, above, tail(east_val[row]), tail(base[row]), tail(bonus[row])])
    return _chinese.Tables(arrays, samples)


def _row_values() -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]:
    """Per row, arrays indexed by strength: eastern value of a won row, mandarin
    base value, mandarin bonus."""
    cat = np.zeros(7463, dtype=np.int64)
    cat[1:] = poker.categories(np.arange(1, 7463, dtype=np.int32))
    trips = np.arange(456) >= FRONT_FIRST[2]
    east = [np.where(trips, 3.0, 1.0)]
    base = [np.where(trips, 3.0, 1.0)]
    bonus = [np.zeros(456)]
    for b in (np.select([cat == 8, cat == 7, cat == 6], [10.0, 8.0, 2.0], 0.0),
              np.select([cat == 8, cat == 7], [5.0, 4.0], 0.0)):
        east.append(np.where(b > 0, b, 1.0))
        base.append(np.ones(7463))
        bonus.append(b)
    return east, base, bonus


@lru_cache(maxsize=1)
def default_tables() -> _chinese.Tables:
    """The solver tables built from the committed histograms
    (``_chinese_tables.h``, made by ``tools/gen_chinese_tables.py``)."""
    return solver_tables(*_chinese.default_counts())


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one holding: ``setting`` (best legal rows),
    ``expected`` (its expected score against a random opponent, in points of
    ``system``), ``natural`` (the natural the holding makes, or NONE),
    ``declare`` (whether declaring it scores more than playing), and
    ``natural_setting`` (a setting making the natural, for three flushes /
    straights; else the same as ``setting``)."""

    setting: Setting
    expected: float
    natural: Natural
    declare: bool
    natural_setting: Setting
    system: str

    @property
    def value(self) -> float:
        """Expected score of the decision (the natural's sweep when declared)."""
        return float(SWEEP[self.system]) if self.declare else self.expected


def _holdings(holdings: object) -> np.ndarray:
    ids = _id_array(holdings, "holdings")
    if ids.ndim != 2 or ids.shape[1] != 13:
        raise ArrayShapeError(f"holdings must be (N, 13) card ids, got shape {ids.shape}")
    _check_repeats(ids, "holding")
    return ids


def solve_many(holdings: object, system: str = DEFAULT_SYSTEM, *,
               tables: _chinese.Tables | None = None,
               threads: int | None = None) -> dict[str, np.ndarray]:
    """Solve many holdings: ``(N, 13)`` integer card ids, one deck per row.

    Considers all 72,072 settings of each holding; the expected score of each
    legal one is computed from per-row tables of the opponent's row strengths
    (``tables``, default :func:`default_tables`), rows taken as independent.
    Returns a dict: ``setting`` ``(N, 13)`` ``uint8`` (front 3, middle 5, back
    5, each row high card first), ``expected`` ``(N,)`` ``float64``,
    ``natural`` ``(N,)`` ``int8`` (:class:`Natural` codes), ``declare``
    ``(N,)`` bool (declaring scores more), ``natural_setting`` ``(N, 13)``.
    Raises OptionError, ArrayShapeError, ArrayDtypeError, CardRangeError,
    DuplicateCardError (naming the row). Releases the GIL.
    """
    code = _system(system)
    ids = _holdings(holdings)
    t = _tables(tables)
    n = ids.shape[0]
    setting = np.zeros((n, 13), np.uint8)
    nat_setting = np.zeros((n, 13), np.uint8)
    ev = np.zeros(n, np.float64)
    nat = np.zeros(n, np.int8)
    _run(lambda a, b: _chinese.solve(ids, code, t, setting, ev, nat, nat_setting, a, b),
         n, threads, 4096)
    declare = (nat != 0) & (SWEEP[SYSTEMS[code]] > ev)
    return {"setting": setting, "expected": ev, "natural": nat, "declare": declare,
            "natural_setting": nat_setting}


def expected_scores(settings: object, system: str = DEFAULT_SYSTEM, *,
                    tables: _chinese.Tables | None = None) -> np.ndarray:
    """The solver's expected score of given settings: ``(N, 13)`` card ids laid
    out front, middle, back (one deck per row). Returns ``(N,)`` ``float64``,
    NaN for a fouled setting. Raises as :func:`solve_many`."""
    code = _system(system)
    ids = _holdings(settings)
    out = np.empty(ids.shape[0], np.float64)
    _chinese.setting_ev(ids, code, _tables(tables), out)
    return out


def _tables(tables: object) -> _chinese.Tables:
    if tables is None:
        return default_tables()
    if not isinstance(tables, _chinese.Tables):
        raise TypeError(f"tables must come from solver_tables() or default_tables(), got "
                        f"{type(tables).__name__}")
    return tables


def _split(row: np.ndarray) -> Setting:
    r = [int(x) for x in row]
    return Setting(tuple(r[:3]), tuple(r[3:8]), tuple(r[8:]))


def _holding(cards: CardsLike) -> np.ndarray:
    try:
        ids = parse_cards(cards)
    except HandrankError as e:
        raise e.with_context("holding") from None
    except TypeError as e:
        raise TypeError(f"holding: {e}") from None
    if len(ids) != 13:
        raise HandSizeError(f"a Chinese Poker holding has 13 cards, got {len(ids)}")
    return np.array([ids], dtype=np.uint8)


def solve(holding: CardsLike, system: str = DEFAULT_SYSTEM, *,
          tables: _chinese.Tables | None = None) -> Solution:
    """The setting of 13 cards with the highest expected score against a random
    opponent under ``system``, and whether to declare a natural.

    ``holding``: 13 card text / ids. Returns a :class:`Solution`. Raises
    OptionError (unknown system), HandSizeError (not 13 cards), card errors.
    Rule: ``rules/chinese-poker.md`` (Solver).
    """
    r = solve_many(_holding(holding), system, tables=tables)
    return Solution(setting=_split(r["setting"][0]), expected=float(r["expected"][0]),
                    natural=Natural(int(r["natural"][0])), declare=bool(r["declare"][0]),
                    natural_setting=_split(r["natural_setting"][0]), system=system.lower())


def greedy_many(holdings: object, *, threads: int | None = None) -> np.ndarray:
    """The greedy baseline for ``(N, 13)`` holdings: strongest back, then the
    strongest middle from the rest, the rest in front; if that fouls, the
    strongest non-fouling middle under that back (else the legal setting with the
    strongest back, then middle). Returns ``(N, 13)`` ``uint8`` settings (front
    3, middle 5, back 5, each row high card first). Raises ArrayShapeError,
    ArrayDtypeError, CardRangeError, DuplicateCardError (naming the row), and
    HandrankError / TypeError for a bad ``threads``. Releases the GIL."""
    ids = _holdings(holdings)
    out = np.zeros_like(ids)
    _run(lambda a, b: _chinese.greedy(ids, out, a, b), ids.shape[0], threads, 512)
    return out


def greedy(holding: CardsLike) -> Setting:
    """The greedy baseline setting of one 13-card holding (see :func:`greedy_many`).
    Raises HandSizeError (not 13 cards), the card errors, TypeError (not cards)."""
    return _split(greedy_many(_holding(holding))[0])


@dataclass(frozen=True)
class HeadsUp:
    """Result of :func:`heads_up`: the solver's mean score per deal against the
    greedy baseline, its standard error and a 95% confidence interval."""

    deals: int
    system: str
    mean: float
    stderr: float
    ci95: tuple[float, float]
    solver_fouls: int
    greedy_fouls: int
    declared: int


def heads_up(deals: int, seed: int | np.random.Generator | None = 0,
             system: str = DEFAULT_SYSTEM, *, threads: int | None = None,
             chunk: int = 20_000) -> HeadsUp:
    """Simulate ``deals`` heads-up deals (26 cards from one shuffled deck):
    the solver (declaring naturals when it pays) against the greedy baseline
    (never declares), scored under ``system``. Reproducible for a given
    ``seed``. Returns a :class:`HeadsUp` with the solver's mean score per deal
    and a normal-approximation 95% confidence interval (mean +- 1.96 standard
    errors, from the sample variance). Raises OptionError for a bad system,
    ``deals`` (an int >= 2), ``seed`` or ``chunk`` (an int >= 1)."""
    from ..cards import deal
    from ..cards import rng as _rng
    code = _system(system)
    for what, v, low in (("deals", deals, 2), ("chunk", chunk, 1)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < low:
            raise OptionError(f"{what} must be an int >= {low}, got {v!r}")
    rng = _rng(seed)  # the shared seed check (OptionError)
    total = total2 = 0.0
    fouls_s = fouls_g = declared = 0
    left = int(deals)
    chunk = int(chunk)
    while left:
        k = min(chunk, left)
        left -= k
        cards = deal(k, 26, rng)
        sol = solve_many(cards[:, :13], SYSTEMS[code], threads=threads)
        g = greedy_many(cards[:, 13:], threads=threads)
        decl = sol["declare"]
        a = np.where(decl[:, None], sol["natural_setting"], sol["setting"])
        tables = np.stack([a, g], axis=1)
        res = score_many(tables, np.stack([decl, np.zeros_like(decl)], axis=1), SYSTEMS[code],
                         threads=threads, details=True)
        s = res["pairs"][:, 0, 1].astype(np.float64)
        total += s.sum()
        total2 += (s * s).sum()
        fouls_s += int((res["fouls"][:, 0] & ~decl).sum())
        fouls_g += int(res["fouls"][:, 1].sum())
        declared += int(decl.sum())
    n = int(deals)
    mean = float(total / n)
    var = max(total2 / n - mean * mean, 0.0) * n / (n - 1)
    se = float((var / n) ** 0.5)
    return HeadsUp(deals=n, system=SYSTEMS[code], mean=mean, stderr=se,
                   ci95=(mean - 1.96 * se, mean + 1.96 * se), solver_fouls=fouls_s,
                   greedy_fouls=fouls_g, declared=declared)
