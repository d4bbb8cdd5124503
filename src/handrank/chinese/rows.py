"""Rows and settings: the front (three-card) evaluator, five-card rows via
:mod:`handrank.poker`, the foul test, :class:`Setting` and its parsing, and the
bulk-array helpers the other modules share. Rule: ``docs/rules/chinese-poker.md``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from . import _kernel as _chinese
from .. import poker
from .._support.arrays import as_id_array, check_id_range, result_array
from .._support._kernel import Team
from .._support.threads import MIN_ROWS_PER_THREAD, run_bulk, run_chunked
from ..cards import (
    RANK_NAMES,
    RANK_PLURALS,
    CardsLike,
    card_repr,
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

if TYPE_CHECKING:
    from .natural_hands import Natural

RULES_URL = "docs/rules/chinese-poker.md"

#: Scoring systems, in the rules page's order (index = system code).
SYSTEMS = ("basic", "western", "eastern", "mandarin")
DEFAULT_SYSTEM = "western"
#: Row names, in layout order.
ROWS = ("front", "middle", "back")
#: The keys a player's mapping may have in :func:`score` (anything else is an OptionError).
PLAYER_KEYS = ("front", "middle", "back", "natural", "name", "holding")
ROW_SIZES = (3, 5, 5)
#: A declared natural's score against each opponent (mandarin home run: 9).
FRONT_MAX = 455
FRONT_FIRST = (1, 287, 443)  # first strength of high card, pair, trips


class FrontCategory(CategoryEnum):
    """Front (three-card) categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    THREE_OF_A_KIND = 2


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
    DuplicateCardError, SettingError (not three cards). Rule: ``docs/rules/chinese-poker.md``.
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
    (not 3 or 5 cards). Rule: ``docs/rules/chinese-poker.md``.
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


def evaluate_many(cards: np.ndarray | Sequence[CardsLike], *,
                  out: np.ndarray | None = None, threads: int | None = None,
                  executor: Executor | None = None) -> np.ndarray:
    """Strengths of many rows: an ``(N, 3)`` integer array of fronts (-> 1..455)
    or ``(N, 5)`` of five-card rows (-> poker strengths 1..7462), or a list of
    rows (card text or id lists); returns
    ``(N,)`` ``int32`` (written into ``out``, an ``(N,)`` ``int32`` array reused
    from batch to batch, when given). ``threads``: ``None``/1 = one thread, ``0`` = all
    cores; ``executor``: any ``concurrent.futures.Executor``, inputs above
    ``EXECUTOR_UNIT_ROWS`` rows go to it in units of that many (``docs/scale.md``). Raises ArrayDtypeError, ArrayShapeError
    (also for a bad ``out``), HandSizeError, CardRangeError, DuplicateCardError
    naming the row."""
    ids = as_id_array(cards, (3, 5), "row")
    if ids.shape[1] == 5:
        return poker.evaluate_many(ids, out=out, threads=threads, executor=executor)
    check_id_range(ids)  # uint8 input is used as is: the front kernel needs ids checked
    _check_repeats(ids, "row")
    out = result_array(out, ids.shape[0], (ids,))
    run_bulk(_front_unit, (ids,), out, threads=threads, executor=executor)
    return out


def _front_unit(ids: np.ndarray, out: np.ndarray, *, start: int = 0, stop: int | None = None,
                team: Team | None = None, lead: bool = True) -> None:
    """``(m, 3)`` checked uint8 fronts into ``out`` (a ``run_bulk`` unit, team-capable)."""
    _chinese.front_strengths(ids, out, start, stop, team, lead)


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
    (naming the row). Rule: ``docs/rules/chinese-poker.md`` (Setting: Foul)."""
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
    _no_card_twice(out)
    return out


def _no_card_twice(rows: Sequence[Sequence[int]]) -> None:
    """DuplicateCardError naming both rows of a card used twice (ids already parsed)."""
    seen: dict[int, str] = {}
    for r, ids in zip(ROWS, rows):
        for c in ids:
            if c in seen:
                raise DuplicateCardError(f"card {format_cards([c])} is in the {seen[c]} and the {r}",
                                         card=c)
            seen[c] = r


def _check_holding(rows: Sequence[Sequence[int]], holding: CardsLike) -> None:
    """Every card of the rows must be in the 13-card holding (naming the card and row)."""
    held = _parse_row(holding, "holding")
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
        from .natural_hands import natural
        return natural(self)

    def __str__(self) -> str:
        """Card text, rows split by ``/``: ``"Qs Qd 4c / ... / ..."``."""
        return " / ".join(format_cards(r) for r in (self.front, self.middle, self.back))

    #: Card text per row: ``Setting(front='Qs Qd 4c', middle=..., back=...)``.
    __repr__ = card_repr("front", "middle", "back")


SettingLike = Setting | Sequence[CardsLike]
#: One player of :func:`score`: a setting, or a mapping with front, middle, back and
#: optional natural, name, holding.
PlayerLike = SettingLike | Mapping[str, Any]


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
    _no_card_twice(rows)  # each row parsed once above
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


def _id_array(value: object, what: str) -> np.ndarray:
    """Integer array -> uint8 ids (range-checked), or a library error."""
    try:
        a = np.asarray(value)
    except ValueError as e:
        raise ArrayShapeError(f"{what}: not a rectangular array ({e})") from None
    if a.ndim == 0:
        raise ArrayShapeError(f"{what} must be an array of card-id rows, got the scalar "
                              f"{value!r}")
    if a.size == 0 and a.dtype == np.float64 and not isinstance(value, np.ndarray):
        a = a.astype(np.uint8)  # an empty list: no dtype, the shape still tells
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
