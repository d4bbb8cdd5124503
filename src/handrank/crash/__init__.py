"""Crash (13-card Brag): round scoring, setting a holding, and a game engine.

Rules: ``rules/brag-and-crash.md`` (Crash section). A player's holding of
``cards`` cards is split into ``cards // 3`` Brag hands (three cards each, ranked
by :mod:`handrank.brag`); leftover cards are dropped unseen. The hands are sorted
strongest first and compared position by position against the other players'.

Main entry points:

* :func:`score_round` -- points of one round (2-5 players, any hand count).
* :func:`set_hand` / :func:`set_many` -- set a holding with the ``lexicographic``
  or ``expected-points`` strategy (Cython kernels, GIL released).
* :func:`check_setting` -- validate a player's own setting against the holding.
* :class:`Game` -- seedable dealer, exchanges, rounds to a target score; players
  are :class:`Strategy` objects (:class:`LexicographicStrategy`,
  :class:`ExpectedPointsStrategy`, or your own).

Strengths reported here are :mod:`handrank.brag` strengths (``int32``, higher
is stronger). The kernels work on *dense* strengths ``0..740`` (the rank of a
Brag hand among the 741 distinct strengths, weakest 0); :func:`dense_strength`
maps between them.

By default Crash uses the Brag order of the rules page (3-3-3 the top prial,
A-2-3 the top run); the Brag options ``prial_threes_high`` and ``a23_top_run``
pass through every scoring and setting function and :class:`Game`.
"""

from __future__ import annotations

import abc
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np

from . import _kernel as _crash
from .. import cards
from .._support.arrays import as_id_array, raise_kernel_error
from .._support.threads import run_chunked
from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..errors import (
    DuplicateCardError,
    HandrankError,
    HandSizeError,
    OptionError,
    SettingError,
)

__all__ = [
    "DEFAULT_TARGET",
    "NUM_STRENGTHS",
    "OPTIONS",
    "STRATEGIES",
    "TARGETS",
    "ExpectedPointsStrategy",
    "Game",
    "GameResult",
    "HeadToHead",
    "LexicographicStrategy",
    "RoundRecord",
    "RoundScore",
    "Setting",
    "Strategy",
    "TableInfo",
    "brag_strength",
    "check_setting",
    "default_cards",
    "dense_strength",
    "hand_count",
    "head_to_head",
    "score_many",
    "score_round",
    "set_hand",
    "set_many",
    "strategy",
    "win_table",
]

#: Setting strategies understood by :func:`set_hand` and :func:`set_many`.
STRATEGIES = ("lexicographic", "expected-points")
#: Target scores offered by the rules; :class:`Game` accepts any positive int.
TARGETS = (7, 10, 15)
#: Default target score (rules: 10 **[D]**).
DEFAULT_TARGET = 10
#: Number of distinct Brag strengths (dense strengths are 0..740).
NUM_STRENGTHS = 741
MIN_PLAYERS, MAX_PLAYERS = 2, 5

HandsLike = Sequence[CardsLike]


# =========================================================================== strength tables

#: The Brag options Crash passes through: (prial_threes_high, a23_top_run).
Opts = tuple[bool, bool]
DEFAULT_OPTS: Opts = (True, True)
#: Keyword options of the scoring and setting functions, with their defaults.
OPTIONS = {"count_high_card": False, "prial_threes_high": True, "a23_top_run": True}


@lru_cache(maxsize=4)
def _tables(opts: Opts = DEFAULT_OPTS) -> tuple[np.ndarray, np.ndarray, int]:
    """(rank table, dense -> brag strength, number of high-card dense strengths)
    for one setting of the Brag options.

    The rank table is the kernels' strength lookup: ``int16`` of length 2 * 2197,
    index ``flush * 2197 + 169 * r1 + 13 * r2 + r3`` (ranks of the three cards
    in any order) -> dense strength. Built once from :mod:`handrank.brag`.
    """
    from .. import brag  # imported lazily: the Brag module is the source of truth

    r = np.arange(13)
    r1, r2, r3 = (a.ravel() for a in np.meshgrid(r, r, r, indexing="ij"))
    plain = np.stack([4 * r1 + 0, 4 * r2 + 1, 4 * r3 + 2], axis=1).astype(np.uint8)
    distinct = (r1 != r2) & (r2 != r3) & (r1 != r3)
    flush = np.stack([4 * r1, 4 * r2, 4 * r3], axis=1).astype(np.uint8)
    flush[~distinct] = plain[~distinct]  # no flush with a repeated rank; never looked up
    strengths = np.asarray(brag.evaluate_many(np.concatenate([plain, flush]),
                                              prial_threes_high=opts[0], a23_top_run=opts[1]),
                           dtype=np.int64)
    values, dense = np.unique(strengths, return_inverse=True)
    if len(values) != NUM_STRENGTHS:  # pragma: no cover - guards the Brag module
        raise RuntimeError(f"expected {NUM_STRENGTHS} Brag strengths, got {len(values)}")
    # The best high card is A-K-J offsuit (A-K-Q is a run): every dense value up to it.
    akj = int(dense[12 * 169 + 11 * 13 + 9])
    table = dense.astype(np.int16)
    table.setflags(write=False)
    values = values.astype(np.int32)
    values.setflags(write=False)
    return table, values, akj + 1


def brag_strength(dense: int, *, prial_threes_high: bool = True,
                  a23_top_run: bool = True) -> int:
    """The :mod:`handrank.brag` strength (same options) of a dense strength 0..740.
    Raises OptionError for a bad option, HandrankError outside 0..740."""
    opts = _brag_opts(prial_threes_high, a23_top_run, {})
    if isinstance(dense, bool) or not isinstance(dense, (int, np.integer)):
        raise TypeError(f"a dense strength is an int, got {dense!r}")
    if not 0 <= dense < NUM_STRENGTHS:
        raise HandrankError(f"dense strength {dense} is outside 0..740")
    return int(_tables(opts)[1][dense])


def dense_strength(cards: CardsLike, *, prial_threes_high: bool = True,
                   a23_top_run: bool = True) -> int:
    """Dense strength (0..740, weakest 0) of one three-card Brag hand.
    Raises CardParseError, DuplicateCardError, HandSizeError, OptionError."""
    opts = _brag_opts(prial_threes_high, a23_top_run, {})
    ids = parse_cards(cards)
    if len(ids) != 3:
        raise HandSizeError(f"a Brag hand has 3 cards, got {len(ids)}")
    return _dense3(ids, opts)


def _dense3(ids: Sequence[int], opts: Opts = DEFAULT_OPTS) -> int:
    a, b, c = ids
    i = 169 * (a >> 2) + 13 * (b >> 2) + (c >> 2)
    if (a & 3) == (b & 3) == (c & 3):
        i += 2197
    return int(_tables(opts)[0][i])


# =========================================================================== options

def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise OptionError(f"players must be an int 2..5, got {players!r}")
    if not MIN_PLAYERS <= int(players) <= MAX_PLAYERS:
        raise OptionError(f"players must be 2..5, got {players}")
    return int(players)


def default_cards(players: int) -> int:
    """Cards dealt to each player by default: 13, or 10 with five players (rules
    **[D]**, ``rules/brag-and-crash.md``). Raises OptionError for a player count
    outside 2..5."""
    return 10 if _check_players(players) == 5 else 13


def _check_cards_option(cards: object, players: int) -> int:
    if isinstance(cards, bool) or not isinstance(cards, (int, np.integer)):
        raise OptionError(f"cards per player must be an int, got {cards!r}")
    hi = 52 // players
    if not 3 <= int(cards) <= hi:
        raise OptionError(f"cards per player must be 3..{hi} with {players} players "
                          f"(3 <= cards <= 52 // players), got {cards}")
    return int(cards)


def hand_count(cards: int) -> int:
    """Brag hands formed from a holding of ``cards`` cards: ``cards // 3``
    (the rest are dropped; ``rules/brag-and-crash.md``). Raises HandSizeError
    outside 3..26 cards, TypeError for a non-integer."""
    if isinstance(cards, bool) or not isinstance(cards, (int, np.integer)):
        raise TypeError(f"cards must be an int, got {cards!r}")
    if not 3 <= cards <= _crash.MAX_CARDS:
        raise HandSizeError(f"a Crash holding has 3 to {_crash.MAX_CARDS} cards, got {cards}")
    return int(cards) // 3


def _check_strategy(name: object) -> int:
    if name not in STRATEGIES:
        raise OptionError(f"unknown strategy {name!r}; accepted: {', '.join(STRATEGIES)}")
    return STRATEGIES.index(name)  # type: ignore[arg-type]


def _check_bool(value: object, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise OptionError(f"{name} must be True or False, got {value!r}")
    return bool(value)


_rng = cards.rng  # seed checking shared by every game (OptionError for bad seeds)


def _reject_unknown(unknown: dict[str, object], accepted: Sequence[str]) -> None:
    if unknown:
        name = next(iter(unknown))
        raise OptionError(f"unknown option {name!r}; accepted: {', '.join(accepted)}")


_SCORING = ("count_high_card", "prial_threes_high", "a23_top_run")
_SETTING = ("players",) + _SCORING


def _brag_opts(prial_threes_high: object, a23_top_run: object,
               unknown: dict[str, object], accepted: Sequence[str] = _SCORING) -> Opts:
    """Validate the Brag options (and reject unknown keyword options)."""
    _reject_unknown(unknown, accepted)
    return (_check_bool(prial_threes_high, "prial_threes_high"),
            _check_bool(a23_top_run, "a23_top_run"))


# =========================================================================== win tables

def _win_from_counts(counts: np.ndarray, players: int, count_high_card: bool,
                     opts: Opts = DEFAULT_OPTS) -> np.ndarray:
    """``(nh, 741)`` per-position dense-strength counts of one opponent's hands ->
    win chances ``P(opponent strictly weaker) ** (players - 1)``, high cards
    zeroed unless they count. Cumulated in integers, so exactly monotone."""
    c = np.asarray(counts, dtype=np.int64)
    below = (np.cumsum(c, axis=1) - c) / c.sum(axis=1, keepdims=True)
    w = below ** (players - 1)
    if not count_high_card:
        w[:, :_tables(opts)[2]] = 0.0
    return np.ascontiguousarray(w)


def win_table(cards: int, players: int = 4, count_high_card: bool = False, *,
              prial_threes_high: bool = True, a23_top_run: bool = True,
              **unknown: object) -> np.ndarray:
    """Per-position win chances used by the ``expected-points`` strategy.

    Returns a read-only ``(cards // 3, 741)`` ``float64`` array: entry ``[k, s]``
    is the estimated chance that a hand of dense strength ``s`` in position
    ``k`` (0 = strongest hand) scores that position against ``players - 1``
    opponents holding random cards: every opponent's hand there is strictly
    weaker, i.e. ``F_k(s-) ** (players - 1)`` with ``F_k`` the committed
    per-position distribution of one opponent's hands (opponents independent,
    card removal ignored). With ``count_high_card`` off a high-card hand never
    scores (rules **[D]**), so its entries are 0.

    ``F_k`` models opponents who set their hands the same way: for the default
    tables (13 cards with 2, 3 or 4 players, 10 with 5; either
    ``count_high_card``) it is measured on holdings set by ``expected-points``
    itself (one fixed-point iteration from lexicographic opponents); for other
    card counts, on holdings set ``lexicographic``-ally. See
    ``tools/gen_crash_tables.py``.

    With a non-default Brag option (``prial_threes_high`` / ``a23_top_run``
    False) the counts, made under the default order, are re-indexed to the
    option's order (the classes of equal hands are the same, only their order
    changes): an approximation, since opponents would then set a little
    differently. Raises OptionError for bad players, cards or options (unknown
    ones named, with the accepted list). Rule: ``rules/brag-and-crash.md``
    ("Setting a Crash hand"); counts from ``tools/gen_crash_tables.py``.
    """
    opts = _brag_opts(prial_threes_high, a23_top_run, unknown)
    players = _check_players(players)
    cards = _check_cards_option(cards, players)
    return _win_table(cards, players, _check_bool(count_high_card, "count_high_card"), opts)


@cache
def _win_table(cards: int, players: int, count_high_card: bool, opts: Opts) -> np.ndarray:
    from . import _win_tables as _crash_tables

    counts = _crash_tables.self_play_counts(cards, players, count_high_card)
    if counts is None:
        counts = _crash_tables.counts(cards)
    if opts != DEFAULT_OPTS:
        perm = np.full(NUM_STRENGTHS, -1, dtype=np.int64)
        perm[_tables()[0]] = _tables(opts)[0]
        if (perm < 0).any() or len(set(perm.tolist())) != NUM_STRENGTHS or \
                (perm[_tables()[0]] != _tables(opts)[0]).any():  # pragma: no cover
            raise RuntimeError("Brag option tables do not share their classes")
        moved = np.zeros_like(counts)
        moved[:, perm] = counts
        counts = moved
    w = _win_from_counts(counts, players, count_high_card, opts)
    w.setflags(write=False)
    return w


# =========================================================================== setting

@dataclass(frozen=True)
class Setting:
    """A holding set into Brag hands.

    Attributes:
        hands: the hands (tuples of three card ids, each highest rank first),
            sorted strongest first: ``hands[0]`` plays position 1.
        dropped: the card(s) left over (``cards - 3 * len(hands)`` of them).
        strengths: :mod:`handrank.brag` strength of each hand (non-increasing).
        expected_points: estimated points this setting scores in a round against
            random opponents (per-position win chances plus the bonus point;
            see :func:`win_table`).
        strategy: the strategy that produced it.
    """

    hands: tuple[tuple[int, int, int], ...]
    dropped: tuple[int, ...]
    strengths: tuple[int, ...]
    expected_points: float
    strategy: str = "lexicographic"

    def describe(self) -> list[str]:
        """One line per hand: ``"1. As Ad Ac  Prial of aces"`` (card text and
        the Brag description, default Brag options)."""
        from .. import brag

        out = []
        for i, h in enumerate(self.hands):
            out.append(f"{i + 1}. {format_cards(h)}  {brag.evaluate(list(h)).description}")
        return out

    def __str__(self) -> str:
        hands = " | ".join(format_cards(h) for h in self.hands)
        drop = format_cards(self.dropped) if self.dropped else "-"
        return f"{hands}  (dropped {drop}; expected points {self.expected_points:.3f})"


def _hand_sorted(h: Sequence[int]) -> tuple[int, int, int]:
    a, b, c = sorted(h, reverse=True)
    return (a, b, c)


def _setting_from_row(row: np.ndarray, dense: np.ndarray, ev: float, nh: int,
                      strategy: str, opts: Opts = DEFAULT_OPTS) -> Setting:
    vals = _tables(opts)[1]
    ids = [int(x) for x in row]
    hands = tuple(_hand_sorted(ids[3 * k:3 * k + 3]) for k in range(nh))
    return Setting(hands=hands, dropped=tuple(sorted(ids[3 * nh:], reverse=True)),
                   strengths=tuple(int(vals[d]) for d in dense),
                   expected_points=float(ev), strategy=strategy)


def set_many(holdings: object, strategy: str = "lexicographic", *, players: int = 4,
             count_high_card: bool = False, prial_threes_high: bool = True,
             a23_top_run: bool = True, threads: int | None = None,
             **unknown: object) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Set many holdings at once (Cython kernel, GIL released).

    ``holdings``: ``(N, c)`` integer array of card ids (or a list of rows),
    3 <= c <= 26, distinct cards per row. ``strategy``: ``"lexicographic"``
    (the sorted hands as strong as possible, position 1 first: exact over every
    setting) or ``"expected-points"`` (maximise the expected round score against
    ``players - 1`` random opponents; see :func:`win_table`). ``players`` and
    ``count_high_card`` select the win table (and so the expected points).
    ``prial_threes_high`` / ``a23_top_run``: the Brag order (see
    :mod:`handrank.brag`; defaults as the rules page).

    Returns ``(cards, strengths, expected)``: ``(N, c)`` ``uint8`` card ids
    rearranged (hand 1's three cards, hand 2's, ..., then the dropped cards),
    ``(N, c // 3)`` ``int32`` Brag strengths per position (non-increasing),
    ``(N,)`` ``float64`` expected points.
    Raises OptionError (strategy, players, an option or an unknown option;
    cards per player above ``52 // players``), ArrayShapeError, ArrayDtypeError,
    HandSizeError, CardRangeError, DuplicateCardError (row and columns).
    Rule: ``rules/brag-and-crash.md``.
    """
    opts = _brag_opts(prial_threes_high, a23_top_run, unknown, _SETTING + ("threads",))
    mode = _check_strategy(strategy)
    players = _check_players(players)
    count_high_card = _check_bool(count_high_card, "count_high_card")
    arr = as_id_array(holdings, range(3, _crash.MAX_CARDS + 1), "holding")
    c = arr.shape[1]
    _check_cards_option(c, players)
    nh = c // 3
    n = arr.shape[0]
    win = _win_table(c, players, count_high_card, opts)
    table, vals, _ = _tables(opts)
    out_cards = np.empty((n, c), dtype=np.uint8)
    out_dense = np.empty((n, nh), dtype=np.int16)
    out_ev = np.empty(n, dtype=np.float64)

    def kernel(start: int, stop: int) -> tuple[int, int, int] | None:
        return _crash.set_rows(table, NUM_STRENGTHS, arr, nh, mode, win, out_cards,
                               out_dense, out_ev, start, stop)

    err = run_chunked(kernel, n, threads, min_rows=64)  # a holding costs microseconds
    if err is not None:
        raise_kernel_error(err, arr, [c])
    return out_cards, vals[out_dense], out_ev


def _dense_many(holdings: np.ndarray, strategy: str, players: int, count_high_card: bool,
                opts: Opts = DEFAULT_OPTS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Like set_many on a validated uint8 array but returning dense strengths."""
    n, c = holdings.shape
    nh = c // 3
    out_cards = np.empty((n, c), dtype=np.uint8)
    out_dense = np.empty((n, nh), dtype=np.int16)
    out_ev = np.empty(n, dtype=np.float64)
    err = _crash.set_rows(_tables(opts)[0], NUM_STRENGTHS, holdings, nh,
                          STRATEGIES.index(strategy), _win_table(c, players, count_high_card, opts),
                          out_cards, out_dense, out_ev, 0, n)
    if err is not None:
        raise_kernel_error(err, holdings, [c])
    return out_cards, out_dense, out_ev


def set_hand(cards: CardsLike, strategy: str = "lexicographic", *, players: int = 4,
             count_high_card: bool = False, prial_threes_high: bool = True,
             a23_top_run: bool = True, **unknown: object) -> Setting:
    """Set one holding (13 cards by default rules; any 3..26) into
    ``len(cards) // 3`` Brag hands and return a :class:`Setting`.

    ``strategy``: ``"lexicographic"`` or ``"expected-points"`` (see
    :func:`set_many`). With 13 cards that is one dropped card and four hands,
    the best of all 200,200 settings. ``players``/``count_high_card`` are the
    table the setting is for (they shape ``expected-points`` and the reported
    expected points); ``prial_threes_high`` / ``a23_top_run`` the Brag order.

    Raises CardParseError, DuplicateCardError, CardRangeError, HandSizeError
    (fewer than 3 or more than 26 cards), OptionError (unknown strategy or
    option, listing the accepted ones; bad players; more cards than
    ``52 // players``, so holdings above 13 cards need ``players`` 2 or 3);
    TypeError for an item that is neither card text nor a card id (as
    :func:`handrank.cards.parse_cards`).
    Rule: ``rules/brag-and-crash.md`` ("Setting a Crash hand").
    """
    opts = _brag_opts(prial_threes_high, a23_top_run, unknown, _SETTING)
    mode = _check_strategy(strategy)
    ids = parse_cards(cards)
    hand_count(len(ids))
    players = _check_players(players)
    _check_cards_option(len(ids), players)
    arr = np.array([ids], dtype=np.uint8)
    out, dense, ev = _dense_many(arr, STRATEGIES[mode], players,
                                 _check_bool(count_high_card, "count_high_card"), opts)
    return _setting_from_row(out[0], dense[0], ev[0], len(ids) // 3, STRATEGIES[mode], opts)


def _parse_hand(h: object, where: str) -> list[int]:
    """Card ids of one hand of a setting; anything that is not cards (None, a
    float, a number instead of a hand) is a SettingError naming ``where``."""
    try:
        return parse_cards(h, allow_duplicates=True)  # type: ignore[arg-type]
    except HandrankError as e:
        raise e.with_context(where) from None
    except TypeError as e:
        raise SettingError(f"{where} is not three cards: {e}") from None


def check_setting(holding: CardsLike, hands: HandsLike | Setting, *,
                  prial_threes_high: bool = True,
                  a23_top_run: bool = True) -> tuple[tuple[int, int, int], ...]:
    """Validate a player's own setting of ``holding`` and return its hands
    sorted strongest first (each a tuple of three card ids, highest rank first).

    ``hands``: a :class:`Setting` or a sequence of ``len(holding) // 3`` hands,
    each three cards (text or ids), in any order (the rules sort them).
    Raises SettingError naming the culprit: a card the player does not hold, a
    card used twice, a hand of the wrong size or not made of cards, the wrong
    number of hands. Also CardParseError / DuplicateCardError / HandSizeError
    for a bad holding (TypeError if it is not cards at all, as
    :func:`handrank.cards.parse_cards`), OptionError for a bad Brag option.
    Rule: ``rules/brag-and-crash.md`` ("Forming").
    """
    opts = _brag_opts(prial_threes_high, a23_top_run, {})
    held = parse_cards(holding)
    nh = hand_count(len(held))
    raw = hands.hands if isinstance(hands, Setting) else hands
    if isinstance(raw, str):
        raise SettingError("hands must be a sequence of hands (e.g. ['As Ad Ac', ...]), "
                           "not one string")
    try:
        raw_list = list(raw)
    except TypeError:
        raise SettingError(f"hands must be a sequence of hands, got {type(raw).__name__}") from None
    if len(raw_list) != nh:
        raise SettingError(f"a holding of {len(held)} cards forms {nh} hands "
                           f"(cards // 3), got {len(raw_list)}")
    held_set = set(held)
    used: dict[int, int] = {}
    out = []
    for i, h in enumerate(raw_list):
        ids = _parse_hand(h, f"hand {i}")
        if len(ids) != 3:
            raise SettingError(f"hand {i} has {len(ids)} cards; a Brag hand has 3")
        for c in ids:
            if c not in held_set:
                raise SettingError(f"hand {i} uses {format_card(c)}, which the player "
                                   f"does not hold")
            if c in used:
                raise SettingError(f"hand {i} uses {format_card(c)}, already used in "
                                   f"hand {used[c]}")
            used[c] = i
        out.append(_hand_sorted(ids))
    out.sort(key=lambda h: _dense3(h, opts), reverse=True)
    return tuple(out)


# =========================================================================== scoring

@dataclass(frozen=True)
class RoundScore:
    """The result of one round.

    Attributes:
        points: points per player (positions won, plus 1 for the bonus).
        winners: per position (0 = strongest hands), the winning player's index,
            or None (tie at the top, or a high card when those do not count).
        bonus: per player, whether they scored every position (+1 point).
        hands: per player, the hands as compared (sorted strongest first).
    """

    points: tuple[int, ...]
    winners: tuple[int | None, ...]
    bonus: tuple[bool, ...]
    hands: tuple[tuple[tuple[int, int, int], ...], ...]


def _player_hands(p: int, hands: HandsLike | Setting) -> list[tuple[int, int, int]]:
    raw = hands.hands if isinstance(hands, Setting) else hands
    if isinstance(raw, str):
        raise SettingError(f"player {p}: hands must be a sequence of three-card hands, "
                           f"not one string")
    try:
        raw_list = list(raw)
    except TypeError:
        raise SettingError(f"player {p}: hands must be a sequence of three-card hands, "
                           f"got {type(raw).__name__}") from None
    out = []
    for i, h in enumerate(raw_list):
        ids = _parse_hand(h, f"player {p}, hand {i}")
        if len(ids) != 3:
            raise HandSizeError(f"player {p}, hand {i} has {len(ids)} cards; "
                                f"a Brag hand has 3")
        out.append(_hand_sorted(ids))
    return out


def score_round(hands: Sequence[HandsLike | Setting], *, count_high_card: bool = False,
                prial_threes_high: bool = True, a23_top_run: bool = True, **unknown: object
                ) -> RoundScore:
    """Score one round of Crash.

    ``hands``: per player (2..5 players), their Brag hands: a :class:`Setting`
    or a sequence of hands (each three cards as text or ids), in any order --
    they are sorted strongest first before comparing. Every player must have
    the same number of hands (1 or more); all cards must be distinct (one deck).

    Position by position, a unique strongest hand scores 1 point; a tie at the
    top scores nobody. With ``count_high_card`` off (default, rules **[D]**) a
    high-card hand cannot score: if the strongest hand in a position is a high
    card, nobody scores it. A player who scores every position gets 1 bonus
    point.

    Raises HandSizeError (a hand not of 3 cards), SettingError (players with
    different hand counts, no hands, a player's entry or hand that is not
    cards), DuplicateCardError (a card held twice,
    naming both places), OptionError (player count, an option, an unknown option
    naming the accepted ones; ``prial_threes_high`` / ``a23_top_run`` select the
    Brag order as in :mod:`handrank.brag`), and card
    parsing errors; TypeError if ``hands`` is not a sequence of players. Rule: ``rules/brag-and-crash.md`` ("Scoring a round").
    """
    opts = _brag_opts(prial_threes_high, a23_top_run, unknown)
    count_high_card = _check_bool(count_high_card, "count_high_card")
    if isinstance(hands, (str, Setting)):
        raise TypeError("score_round takes one entry per player")
    try:
        players = list(hands)
    except TypeError:
        raise TypeError(f"score_round takes one entry per player, got "
                        f"{type(hands).__name__}") from None
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise OptionError(f"Crash is for 2..5 players, got {n}")
    per = [_player_hands(p, h) for p, h in enumerate(players)]
    nh = len(per[0])
    if nh == 0:
        raise SettingError("player 0 has no hands")
    for p, hs in enumerate(per):
        if len(hs) != nh:
            raise SettingError(f"player {p} has {len(hs)} hands, player 0 has {nh}: "
                               f"every player needs the same number")
    seen: dict[int, tuple[int, int]] = {}
    for p, hs in enumerate(per):
        for i, h in enumerate(hs):
            for c in h:
                if c in seen:
                    q, j = seen[c]
                    raise DuplicateCardError(
                        f"card {format_card(c)} appears twice: player {q}, hand {j} and "
                        f"player {p}, hand {i}", card=c)
                seen[c] = (p, i)
    hc_limit = _tables(opts)[2]
    dense = []
    sorted_hands = []
    for hs in per:
        ds = sorted(((_dense3(h, opts), h) for h in hs), key=lambda t: t[0], reverse=True)
        dense.append([d for d, _ in ds])
        sorted_hands.append(tuple(h for _, h in ds))
    points = [0] * n
    winners: list[int | None] = []
    for k in range(nh):
        col = [dense[p][k] for p in range(n)]
        top = max(col)
        who = [p for p in range(n) if col[p] == top]
        if len(who) == 1 and (count_high_card or top >= hc_limit):
            winners.append(who[0])
            points[who[0]] += 1
        else:
            winners.append(None)
    bonus = [points[p] == nh for p in range(n)]
    for p in range(n):
        if bonus[p]:
            points[p] += 1
    return RoundScore(points=tuple(points), winners=tuple(winners), bonus=tuple(bonus),
                      hands=tuple(sorted_hands))


def score_many(strengths: object, *, count_high_card: bool = False,
               prial_threes_high: bool = True, a23_top_run: bool = True,
               **unknown: object) -> np.ndarray:
    """Score many rounds at once (vectorised :func:`score_round`).

    ``strengths``: ``(N, players, hands)`` integer array of :mod:`handrank.brag`
    strengths, each player's hands already sorted strongest first (as
    :func:`set_many` returns them); 2..5 players. Returns ``(N, players)``
    ``int32`` points (positions won plus the bonus), same rules as
    :func:`score_round`. Raises ArrayShapeError / ArrayDtypeError for a bad
    array, OptionError for a player count outside 2..5, SettingError if a
    player's strengths are not sorted strongest first, HandrankError for a value
    that is not a Brag strength (naming the round). The strengths must come
    from the same Brag options as passed here. Rule: ``rules/brag-and-crash.md``
    ("Scoring a round").
    """
    opts = _brag_opts(prial_threes_high, a23_top_run, unknown)
    from ..errors import ArrayDtypeError, ArrayShapeError

    count_high_card = _check_bool(count_high_card, "count_high_card")
    try:
        s = np.asarray(strengths)
    except ValueError:  # ragged nested lists
        raise ArrayShapeError("strengths must be (N, players, hands): rows of unequal "
                              "length") from None
    if s.dtype.kind not in "iu" or s.dtype == np.bool_:
        raise ArrayDtypeError(f"strengths must be an integer array, got dtype {s.dtype}")
    if s.ndim != 3 or s.shape[2] < 1:
        raise ArrayShapeError(f"strengths must be (N, players, hands), got shape {s.shape}")
    _check_players(s.shape[1])
    vals = _tables(opts)[1]
    if s.size:
        idx = np.searchsorted(vals, s)
        bad = (idx >= len(vals)) | (vals[np.minimum(idx, len(vals) - 1)] != s)
        if bad.any():
            r = int(np.argwhere(bad)[0][0])
            raise HandrankError(f"round {r}: {s[bad][0]} is not a Brag strength")
        unsorted = (s[:, :, 1:] > s[:, :, :-1]).any(axis=2)  # no np.diff: unsigned wraps
        if unsorted.any():
            r, p = (int(x) for x in np.argwhere(unsorted)[0])
            raise SettingError(f"round {r}, player {p}: hands are not sorted strongest first")
    top = s.max(axis=1)                                  # (N, hands)
    at_top = s == top[:, None, :]                        # (N, players, hands)
    unique = at_top.sum(axis=1) == 1
    if not count_high_card:
        unique &= top >= vals[_tables(opts)[2]]
    won = at_top & unique[:, None, :]
    points = won.sum(axis=2)
    points += points == s.shape[2]
    return points.astype(np.int32)


@dataclass(frozen=True)
class HeadToHead:
    """Result of :func:`head_to_head`.

    Attributes:
        rounds: rounds played (two per deal).
        mean_a, mean_b: mean points per round of one seat playing strategy a / b.
        margin: ``mean_a - mean_b`` (points per round).
        ci95: 95% confidence interval of the margin (normal approximation over
            deals, each deal's two rounds paired).
    """

    rounds: int
    mean_a: float
    mean_b: float
    margin: float
    ci95: tuple[float, float]


def head_to_head(a: str = "expected-points", b: str = "lexicographic", *, rounds: int = 100_000,
                 seed: int | np.random.Generator | None = 0, players: int = 4,
                 cards: int | None = None, count_high_card: bool = False,
                 prial_threes_high: bool = True, a23_top_run: bool = True,
                 threads: int | None = None, chunk: int = 20_000,
                 **unknown: object) -> HeadToHead:
    """Pit two setting strategies against each other over many seeded rounds.

    Seats alternate a, b, a, b, ...; every deal is played twice, the second
    time with the strategies swapped between seats (duplicate format), so luck
    of the deal cancels. No exchanges (as with 4 or 5 players). ``rounds`` is
    rounded up to an even number. Returns a :class:`HeadToHead`. Raises
    OptionError for a bad strategy, players, cards, rounds, seed or option (an
    unknown keyword option is named with the accepted ones).
    Rule: ``rules/brag-and-crash.md`` ("Setting a Crash hand": expected-points
    must beat lexicographic head-to-head).
    """
    from ..cards import deal

    _brag_opts(prial_threes_high, a23_top_run, unknown,
               ("rounds", "seed", "players", "cards") + _SCORING + ("threads", "chunk"))
    _check_bool(count_high_card, "count_high_card")
    _check_strategy(a)
    _check_strategy(b)
    players = _check_players(players)
    cards = default_cards(players) if cards is None else _check_cards_option(cards, players)
    if isinstance(rounds, bool) or not isinstance(rounds, (int, np.integer)) or rounds < 2:
        raise OptionError(f"rounds must be an int >= 2, got {rounds!r}")
    if isinstance(chunk, bool) or not isinstance(chunk, (int, np.integer)) or chunk < 1:
        raise OptionError(f"chunk must be a positive int, got {chunk!r}")
    deals = (int(rounds) + 1) // 2
    rng = _rng(seed)
    seat_a = np.arange(players) % 2 == 0
    margins = []
    tot_a = tot_b = 0.0
    for start in range(0, deals, chunk):
        m = min(chunk, deals - start)
        holdings = deal(m, players * cards, seed=rng).reshape(m * players, cards)
        opts = {"prial_threes_high": prial_threes_high, "a23_top_run": a23_top_run}
        _, sa, _ = set_many(holdings, a, players=players, count_high_card=count_high_card,
                            threads=threads, **opts)
        _, sb, _ = set_many(holdings, b, players=players, count_high_card=count_high_card,
                            threads=threads, **opts)
        sa = sa.reshape(m, players, -1)
        sb = sb.reshape(m, players, -1)
        one = score_many(np.where(seat_a[None, :, None], sa, sb),
                         count_high_card=count_high_card, **opts)
        two = score_many(np.where(seat_a[None, :, None], sb, sa),
                         count_high_card=count_high_card, **opts)
        pa = (one[:, seat_a].mean(axis=1) + two[:, ~seat_a].mean(axis=1)) / 2
        pb = (one[:, ~seat_a].mean(axis=1) + two[:, seat_a].mean(axis=1)) / 2
        tot_a += float(pa.sum())
        tot_b += float(pb.sum())
        margins.append(pa - pb)
    d = np.concatenate(margins)
    half = 1.96 * float(d.std(ddof=1)) / math.sqrt(len(d)) if len(d) > 1 else math.inf
    mean = float(d.mean())
    return HeadToHead(rounds=2 * deals, mean_a=tot_a / deals, mean_b=tot_b / deals,
                      margin=mean, ci95=(mean - half, mean + half))


# =========================================================================== strategies

@dataclass(frozen=True)
class TableInfo:
    """What a :class:`Strategy` knows when it decides.

    Attributes:
        players: number of players (2..5).
        cards: cards per player.
        seat: the deciding player's index.
        scores: every player's score before this round.
        target: the target score.
        count_high_card: the table option.
        round: round number, from 0.
        prial_threes_high, a23_top_run: the Brag order in use.
    """

    players: int
    cards: int
    seat: int
    scores: tuple[int, ...]
    target: int
    count_high_card: bool
    round: int
    prial_threes_high: bool = True
    a23_top_run: bool = True


class Strategy(abc.ABC):
    """A Crash player: plug an engine or a bot into :class:`Game`.

    Subclasses implement :meth:`set_hand`; :meth:`exchange` has a default rule.
    Strategies must be deterministic given their inputs (or seeded), so a game
    with a fixed ``seed`` is reproducible.
    """

    #: Display name used in game logs.
    name: str = "strategy"

    @abc.abstractmethod
    def set_hand(self, holding: tuple[int, ...], info: TableInfo) -> Sequence[Sequence[int]]:
        """Return ``len(holding) // 3`` hands of three card ids from ``holding``
        (any order; the game validates with :func:`check_setting` and sorts)."""

    def exchange(self, holding: tuple[int, ...], info: TableInfo) -> bool:
        """Whether to swap ``holding`` for as many unseen cards (when the rules
        offer it): must return True or False (anything else is an OptionError
        naming the player). Default rule: swap when the holding's expected points (its
        best ``expected-points`` setting) are below the average of a random
        holding at this table -- a swap brings, on average, exactly that."""
        opts = (info.prial_threes_high, info.a23_top_run)
        ev = set_hand(list(holding), "expected-points", players=info.players,
                      count_high_card=info.count_high_card, prial_threes_high=opts[0],
                      a23_top_run=opts[1]).expected_points
        return ev < _mean_expected_points(info.cards, info.players, info.count_high_card, opts)


@cache
def _mean_expected_points(cards: int, players: int, count_high_card: bool,
                          opts: Opts = DEFAULT_OPTS) -> float:
    """Average expected points of a random holding (fixed-seed sample of 2,000)."""
    from ..cards import deal

    holdings = deal(2000, cards, seed=20261129)
    return float(_dense_many(holdings, "expected-points", players, count_high_card,
                             opts)[2].mean())


class _Builtin(Strategy):
    _strategy = "lexicographic"

    def __init__(self) -> None:
        self.name = self._strategy

    def set_hand(self, holding: tuple[int, ...], info: TableInfo) -> Sequence[Sequence[int]]:
        return set_hand(list(holding), self._strategy, players=info.players,
                        count_high_card=info.count_high_card,
                        prial_threes_high=info.prial_threes_high,
                        a23_top_run=info.a23_top_run).hands

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class LexicographicStrategy(_Builtin):
    """Sets hands as strong as possible, position 1 first (``lexicographic``);
    default exchange rule."""

    _strategy = "lexicographic"


class ExpectedPointsStrategy(_Builtin):
    """Sets hands to maximise the expected round score (``expected-points``);
    default exchange rule."""

    _strategy = "expected-points"


def strategy(name: str) -> Strategy:
    """A built-in strategy by name (one of :data:`STRATEGIES`). Raises
    OptionError listing the accepted names."""
    return [LexicographicStrategy, ExpectedPointsStrategy][_check_strategy(name)]()


# =========================================================================== game

@dataclass(frozen=True)
class RoundRecord:
    """One played round.

    Attributes:
        number: round number from 0.
        dealt: each player's holding as dealt.
        exchanged: per player, whether they swapped their holding.
        holdings: each player's holding after exchanges.
        settings: each player's hands, sorted strongest first.
        score: the :class:`RoundScore`.
        totals: every player's score after the round.
    """

    number: int
    dealt: tuple[tuple[int, ...], ...]
    exchanged: tuple[bool, ...]
    holdings: tuple[tuple[int, ...], ...]
    settings: tuple[tuple[tuple[int, int, int], ...], ...]
    score: RoundScore
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameResult:
    """A finished game: ``scores`` (final), ``winners`` (every player with the
    top score: equal top scores share the win), ``rounds`` (the records)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundRecord, ...] = field(repr=False)


StrategyLike = Strategy | str


class Game:
    """A game of Crash between strategy objects.

    ``players``: a sequence of 2..5 :class:`Strategy` objects or built-in
    strategy names (``"lexicographic"``, ``"expected-points"``), one per seat.
    ``seed``: int or ``numpy.random.Generator`` for the dealer (a fresh shuffled
    deck each round). ``target``: play rounds until, after a round, someone has
    at least this many points (rules offer 7, 10 or 15; default 10 **[D]**).
    ``cards``: cards per player (default 13, or 10 with five players **[D]**;
    3..52 // players). ``count_high_card``: scoring option (default off **[D]**).
    ``prial_threes_high`` / ``a23_top_run``: the Brag order (defaults as the
    rules page; see :mod:`handrank.brag`). ``max_rounds``: safety stop
    (HandrankError if reached).

    Exchanges (rules): with 2 players each, in seat order from the round's
    first player, may throw in their holding for as many new cards from the
    undealt ones (thrown-in cards leave the round; no swap if too few cards are
    left). With 3 players the undealt cards (the first ``cards`` of them) are
    offered in turn from the round's first player; the first who takes them
    swaps, and nobody else may. 4 or 5 players: no exchange. The first player
    moves one seat to the left each round.

    Raises OptionError for a bad or unknown option, naming it (also, naming
    the player, if a strategy's ``exchange`` returns anything but True/False);
    SettingError (naming the player) if a strategy returns a setting its
    holding cannot make or that is not cards at all.
    Rule: ``rules/brag-and-crash.md`` (Crash: exchange, scoring, game).
    """

    def __init__(self, players: Sequence[StrategyLike], *, seed: int | np.random.Generator | None = None,
                 target: int = DEFAULT_TARGET, cards: int | None = None,
                 count_high_card: bool = False, prial_threes_high: bool = True,
                 a23_top_run: bool = True, max_rounds: int = 10_000,
                 **unknown: object) -> None:
        self.opts = _brag_opts(prial_threes_high, a23_top_run, unknown,
                               ("seed", "target", "cards") + _SCORING + ("max_rounds",))
        if isinstance(players, (str, Strategy)):
            raise OptionError("players must be a sequence of strategies, one per seat")
        try:
            seats = list(players)
        except TypeError:
            raise OptionError(f"players must be a sequence of strategies, one per seat, "
                              f"got {type(players).__name__}") from None
        n = _check_players(len(seats))
        self.players: list[Strategy] = []
        for i, s in enumerate(seats):
            if isinstance(s, str):
                try:
                    self.players.append(strategy(s))
                except OptionError as e:
                    raise e.with_context(f"player {i}") from None
            elif isinstance(s, Strategy):
                self.players.append(s)
            else:
                raise OptionError(f"player {i}: expected a Strategy or one of "
                                  f"{', '.join(STRATEGIES)}, got {s!r}")
        if isinstance(target, bool) or not isinstance(target, (int, np.integer)) or target < 1:
            raise OptionError(f"target must be a positive int (rules offer "
                              f"{', '.join(map(str, TARGETS))}), got {target!r}")
        self.target = int(target)
        self.cards = default_cards(n) if cards is None else _check_cards_option(cards, n)
        self.count_high_card = _check_bool(count_high_card, "count_high_card")
        if (isinstance(max_rounds, bool) or not isinstance(max_rounds, (int, np.integer))
                or max_rounds < 1):
            raise OptionError(f"max_rounds must be a positive int, got {max_rounds!r}")
        self.max_rounds = int(max_rounds)
        self.rng = _rng(seed)
        self.scores = [0] * n
        self.rounds: list[RoundRecord] = []

    @property
    def n_players(self) -> int:
        return len(self.players)

    def _info(self, seat: int) -> TableInfo:
        return TableInfo(players=self.n_players, cards=self.cards, seat=seat,
                         scores=tuple(self.scores), target=self.target,
                         count_high_card=self.count_high_card, round=len(self.rounds),
                         prial_threes_high=self.opts[0], a23_top_run=self.opts[1])

    def _who(self, p: int) -> str:
        return f"player {p} ({getattr(self.players[p], 'name', type(self.players[p]).__name__)})"

    def _wants_exchange(self, p: int, holding: tuple[int, ...]) -> bool:
        """Ask player ``p``; anything but True/False is an OptionError naming them."""
        try:
            answer = self.players[p].exchange(holding, self._info(p))
        except HandrankError as e:
            raise e.with_context(self._who(p)) from None
        if not isinstance(answer, (bool, np.bool_)):
            raise OptionError(f"{self._who(p)}: exchange() must return True or False, "
                              f"got {answer!r}")
        return bool(answer)

    def play_round(self) -> RoundRecord:
        """Deal, exchange, set, score one round; update and return its record.

        Raises HandrankError once the game is over (someone has reached the target),
        SettingError / OptionError naming the player whose strategy answered badly.
        """
        if self.over:
            raise HandrankError(f"the game is over: {self.result().scores} with target "
                                f"{self.target}; start a new Game")
        n, c = self.n_players, self.cards
        deck = [int(x) for x in self.rng.permutation(52)]
        dealt = [tuple(deck[p * c:(p + 1) * c]) for p in range(n)]
        undealt = deck[n * c:]
        holdings = list(dealt)
        exchanged = [False] * n
        first = len(self.rounds) % n
        order = [(first + i) % n for i in range(n)]
        if n == 2:
            for p in order:
                if len(undealt) >= c and self._wants_exchange(p, holdings[p]):
                    holdings[p], undealt = tuple(undealt[:c]), undealt[c:]
                    exchanged[p] = True
        elif n == 3 and len(undealt) >= c:
            for p in order:
                if self._wants_exchange(p, holdings[p]):
                    holdings[p] = tuple(undealt[:c])
                    exchanged[p] = True
                    break
        settings = []
        for p in range(n):
            try:
                hands = self.players[p].set_hand(holdings[p], self._info(p))
                settings.append(check_setting(list(holdings[p]), hands,
                                              prial_threes_high=self.opts[0],
                                              a23_top_run=self.opts[1]))
            except HandrankError as e:
                raise e.with_context(self._who(p)) from None
        score = score_round(settings, count_high_card=self.count_high_card,
                            prial_threes_high=self.opts[0], a23_top_run=self.opts[1])
        for p in range(n):
            self.scores[p] += score.points[p]
        rec = RoundRecord(number=len(self.rounds), dealt=tuple(dealt), exchanged=tuple(exchanged),
                          holdings=tuple(holdings), settings=tuple(settings), score=score,
                          totals=tuple(self.scores))
        self.rounds.append(rec)
        return rec

    @property
    def over(self) -> bool:
        """True once someone has reached the target score."""
        return max(self.scores) >= self.target

    def play(self) -> GameResult:
        """Play rounds until someone reaches the target; the top score wins,
        equal top scores share the win."""
        while not self.over:
            if len(self.rounds) >= self.max_rounds:
                raise HandrankError(f"no player reached {self.target} points in "
                                    f"{self.max_rounds} rounds (max_rounds)")
            self.play_round()
        return self.result()

    def result(self) -> GameResult:
        """The result so far (winners = players with the top score)."""
        top = max(self.scores)
        return GameResult(scores=tuple(self.scores),
                          winners=tuple(p for p, s in enumerate(self.scores) if s == top),
                          rounds=tuple(self.rounds))
