"""Setting a Crash holding into Brag hands: the win tables of the
``expected-points`` strategy, :func:`set_hand` / :func:`set_many` (Cython kernels)
and :func:`check_setting` for a player's own setting."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache

import numpy as np

from . import _kernel as _crash
from .._support.arrays import as_id_array, raise_kernel_error
from .._support.checks import check_bool
from .._support.threads import KernelError, check_executor, row_spans, run_chunked, run_units
from ..cards import CardsLike, card_repr, format_card, format_cards, parse_cards
from ..errors import HandrankError, SettingError
from .hands import (
    DEFAULT_OPTS,
    NUM_STRENGTHS,
    STRATEGIES,
    HandsLike,
    Opts,
    _brag_opts,
    _check_cards_option,
    _check_players,
    _check_strategy,
    _dense3,
    _tables,
    hand_count,
)

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
              prial_threes_high: bool = True, a23_top_run: bool = True) -> np.ndarray:
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
    differently. Raises OptionError for bad players, cards or options (TypeError
    for an unknown keyword). Rule: ``docs/rules/brag-and-crash.md``
    ("Setting a Crash hand"); counts from ``tools/gen_crash_tables.py``.
    """
    opts = _brag_opts(prial_threes_high, a23_top_run)
    players = _check_players(players)
    cards = _check_cards_option(cards, players)
    return _win_table(cards, players, check_bool(count_high_card, "count_high_card"), opts)


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

    __repr__ = card_repr("hands", "dropped")


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


def set_many(holdings: np.ndarray | Sequence[CardsLike], strategy: str = "lexicographic", *,
             players: int = 4, count_high_card: bool = False, prial_threes_high: bool = True,
             a23_top_run: bool = True, threads: int | None = None,
             executor: Executor | None = None,
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Set many holdings at once (Cython kernel, GIL released).

    ``holdings``: ``(N, c)`` integer array of card ids (or a list of rows),
    3 <= c <= 26, distinct cards per row. ``strategy``: ``"lexicographic"``
    (the sorted hands as strong as possible, position 1 first: exact over every
    setting) or ``"expected-points"`` (maximise the expected round score against
    ``players - 1`` random opponents; see :func:`win_table`). ``players`` and
    ``count_high_card`` select the win table (and so the expected points).
    ``prial_threes_high`` / ``a23_top_run``: the Brag order (see
    :mod:`handrank.brag`; defaults as the rules page).
    ``executor``: any ``concurrent.futures.Executor`` to set units of
    :data:`EXECUTOR_UNIT_HOLDINGS` holdings on instead of threads (the same
    answers; ``docs/scale.md``).

    Returns ``(cards, strengths, expected)``: ``(N, c)`` ``uint8`` card ids
    rearranged (hand 1's three cards, hand 2's, ..., then the dropped cards),
    ``(N, c // 3)`` ``int32`` Brag strengths per position (non-increasing),
    ``(N,)`` ``float64`` expected points.
    Raises OptionError (strategy, players, an option; cards per player above
    ``52 // players``), ArrayShapeError, ArrayDtypeError, HandSizeError,
    CardRangeError, DuplicateCardError (row and columns); TypeError for an unknown
    keyword or an ``executor`` without ``submit``.
    Rule: ``docs/rules/brag-and-crash.md``.
    """
    ex = check_executor(executor)
    opts = _brag_opts(prial_threes_high, a23_top_run)
    mode = _check_strategy(strategy)
    players = _check_players(players)
    count_high_card = check_bool(count_high_card, "count_high_card")
    arr = as_id_array(holdings, range(3, _crash.MAX_CARDS + 1), "holding")
    c = arr.shape[1]
    _check_cards_option(c, players)
    if ex is not None:
        out_cards, out_dense, out_ev = _dense_on(ex, arr, STRATEGIES[mode], players,
                                                 count_high_card, opts)
    else:
        out_cards, out_dense, out_ev = _dense_many(arr, STRATEGIES[mode], players,
                                                   count_high_card, opts, threads)
    return out_cards, _tables(opts)[1][out_dense], out_ev


#: Holdings per work unit of :func:`set_many` on an executor (about 10 ms for 13 cards).
EXECUTOR_UNIT_HOLDINGS = 4096


def _set_unit(holdings: np.ndarray, strategy: str, players: int, count_high_card: bool,
              opts: Opts) -> tuple[np.ndarray, np.ndarray, np.ndarray, KernelError | None]:
    """One work unit of :func:`set_many` (picklable): :func:`_dense_many` of ``(m, c)``
    uint8 holdings on one thread, with the first bad row's error (row within the
    unit) instead of raising it."""
    n, c = holdings.shape
    nh = c // 3
    out_cards = np.empty((n, c), dtype=np.uint8)
    out_dense = np.empty((n, nh), dtype=np.int16)
    out_ev = np.empty(n, dtype=np.float64)
    err = _crash.set_rows(_tables(opts)[0], NUM_STRENGTHS, holdings, nh,
                          STRATEGIES.index(strategy),
                          _win_table(c, players, count_high_card, opts), out_cards, out_dense,
                          out_ev, 0, n)
    return out_cards, out_dense, out_ev, err


def _dense_on(executor: Executor, holdings: np.ndarray, strategy: str, players: int,
              count_high_card: bool, opts: Opts
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_dense_many` in units on ``executor``, merged in row order."""
    n, c = holdings.shape
    spans = row_spans(n, EXECUTOR_UNIT_HOLDINGS)
    parts = run_units(_set_unit, [(holdings[a:b], strategy, players, count_high_card, opts)
                                  for a, b in spans], executor=executor)
    for (a, _), p in zip(spans, parts):
        if p[3] is not None:  # units in row order: the first error is the lowest bad row
            raise_kernel_error((a + p[3][0], p[3][1], p[3][2]), holdings, [c])
    if not parts:
        return (np.empty((0, c), np.uint8), np.empty((0, c // 3), np.int16),
                np.empty(0, np.float64))
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(3))  # type: ignore[return-value]


def _dense_many(holdings: np.ndarray, strategy: str, players: int, count_high_card: bool,
                opts: Opts = DEFAULT_OPTS, threads: int | None = None,
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`set_many` of a checked ``(N, c)`` uint8 array and checked options, but
    returning ``(N, c // 3)`` int16 *dense* strengths (the unchecked inner path)."""
    n, c = holdings.shape
    nh = c // 3
    table = _tables(opts)[0]
    win = _win_table(c, players, count_high_card, opts)
    mode = STRATEGIES.index(strategy)
    out_cards = np.empty((n, c), dtype=np.uint8)
    out_dense = np.empty((n, nh), dtype=np.int16)
    out_ev = np.empty(n, dtype=np.float64)

    def kernel(start: int, stop: int) -> tuple[int, int, int] | None:
        return _crash.set_rows(table, NUM_STRENGTHS, holdings, nh, mode, win, out_cards,
                               out_dense, out_ev, start, stop)

    err = run_chunked(kernel, n, threads, min_rows=64)  # a holding costs microseconds
    if err is not None:
        raise_kernel_error(err, holdings, [c])
    return out_cards, out_dense, out_ev


def set_hand(cards: CardsLike, strategy: str = "lexicographic", *, players: int = 4,
             count_high_card: bool = False, prial_threes_high: bool = True,
             a23_top_run: bool = True) -> Setting:
    """Set one holding (13 cards by default rules; any 3..26) into
    ``len(cards) // 3`` Brag hands and return a :class:`Setting`.

    ``strategy``: ``"lexicographic"`` or ``"expected-points"`` (see
    :func:`set_many`). With 13 cards that is one dropped card and four hands,
    the best of all 200,200 settings. ``players``/``count_high_card`` are the
    table the setting is for (they shape ``expected-points`` and the reported
    expected points); ``prial_threes_high`` / ``a23_top_run`` the Brag order.

    Raises CardParseError, DuplicateCardError, CardRangeError, HandSizeError
    (fewer than 3 or more than 26 cards), OptionError (unknown strategy, listing
    the accepted ones; an option that is not True/False; bad players; more cards
    than ``52 // players``, so holdings above 13 cards need ``players`` 2 or 3);
    TypeError for an item that is neither card text nor a card id (as
    :func:`handrank.cards.parse_cards`) and for an unknown keyword.
    Rule: ``docs/rules/brag-and-crash.md`` ("Setting a Crash hand").
    """
    opts = _brag_opts(prial_threes_high, a23_top_run)
    mode = _check_strategy(strategy)
    ids = parse_cards(cards)
    hand_count(len(ids))
    players = _check_players(players)
    _check_cards_option(len(ids), players)
    return _set_one(ids, STRATEGIES[mode], players,
                    check_bool(count_high_card, "count_high_card"), opts)


def _set_one(ids: Sequence[int], strategy: str, players: int, count_high_card: bool,
             opts: Opts) -> Setting:
    """:func:`set_hand` of a checked holding and checked options (the engine's path)."""
    arr = np.array([ids], dtype=np.uint8)
    out, dense, ev = _dense_many(arr, strategy, players, count_high_card, opts)
    return _setting_from_row(out[0], dense[0], ev[0], len(ids) // 3, strategy, opts)


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
    Rule: ``docs/rules/brag-and-crash.md`` ("Forming").
    """
    return _check_setting(parse_cards(holding), hands,
                          _brag_opts(prial_threes_high, a23_top_run))


def _check_setting(held: list[int], hands: HandsLike | Setting, opts: Opts,
                   ) -> tuple[tuple[int, int, int], ...]:
    """:func:`check_setting` of a parsed holding and checked options."""
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

