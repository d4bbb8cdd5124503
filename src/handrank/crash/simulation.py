"""Crash simulations: :func:`head_to_head` pits two strategies against each other
over many seeded deals, seats swapped, and returns the shared
:class:`~handrank.engine.HeadToHead`."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .._support.checks import check_bool, check_int
from .._support.seeds import SeedLike, replayable
from ..cards import deal_stream
from ..engine import HeadToHead, head_to_head_result, paired_deals, strategy_name
from .engine import Game, StrategyLike, _resolve_seats
from .hands import (
    Opts,
    _brag_opts,
    _check_cards_option,
    _check_players,
    _check_strategy,
    _tables,
    default_cards,
)
from .scoring import _points
from .setting import _dense_many

__all__ = ["HeadToHead", "head_to_head"]


def head_to_head(a: StrategyLike = "expected-points", b: StrategyLike = "lexicographic",
                 rounds: int = 100_000, *, seed: SeedLike = 0, players: int = 4,
                 cards: int | None = None, count_high_card: bool = False,
                 prial_threes_high: bool = True, a23_top_run: bool = True,
                 threads: int | None = None, chunk: int = 20_000) -> HeadToHead:
    """Pit two Crash strategies against each other over many seeded rounds.

    ``a`` and ``b``: built-in strategy names (``"lexicographic"``,
    ``"expected-points"``) or strategy objects (``name``, ``set_hand(view)``,
    ``exchange(view)``; see :class:`~handrank.crash.Strategy`). Two names play
    through the bulk setting kernels (``threads`` threads); otherwise every
    setting is asked of the strategies and checked strictly, as in
    :class:`~handrank.crash.Game` (errors name the player, from 0). A built-in
    given as an object plays exactly as its name does.

    Seats alternate a, b, a, b, ... (``players`` seats, 2..5); every deal is
    played twice, the second time with the strategies swapped between seats
    (duplicate format), so luck of the deal cancels. No exchanges (as with 4 or 5
    players). ``rounds`` (1 to :data:`handrank.engine.MAX_ROUNDS`) is rounded up
    to an even number; deals are drawn ``chunk`` at a time from ``seed`` (the
    same deals, so the same result, whatever ``chunk`` and ``threads``).

    Returns the shared :class:`~handrank.engine.HeadToHead` (``game="crash"``,
    mean points per round of a seat playing a / b, the margin and its 95%
    confidence interval over deals). Raises OptionError for a bad strategy,
    players, cards, rounds (naming the cap), chunk, seed or option; TypeError for
    an unknown keyword. Rule: ``docs/rules/brag-and-crash.md`` ("Setting a Crash
    hand": expected-points must beat lexicographic head-to-head).
    """
    opts = _brag_opts(prial_threes_high, a23_top_run)
    count_high_card = check_bool(count_high_card, "count_high_card")
    players = _check_players(players)
    cards = default_cards(players) if cards is None else _check_cards_option(cards, players)
    deals = paired_deals(rounds)
    chunk = check_int(chunk, "chunk", 1)
    gen, seed = replayable(seed)
    seat_a = np.arange(players) % 2 == 0
    batches = _deals(gen, deals, chunk, players, cards)
    if isinstance(a, str) and isinstance(b, str):
        _check_strategy(a)
        _check_strategy(b)
        names = (a, b)
        points = [_bulk(h, a, b, seat_a, count_high_card, opts, threads) for h in batches]
    else:
        sa, sb = _resolve_seats([a, b])
        names = (strategy_name(sa), strategy_name(sb))
        seats = [[sa if x else sb for x in seat_a], [sb if x else sa for x in seat_a]]
        games = [Game(s, cards=cards, count_high_card=count_high_card,
                      prial_threes_high=opts[0], a23_top_run=opts[1]) for s in seats]
        points = []
        for h in batches:
            points.append(_played(h, games, seat_a, first=len(points) * chunk))
    pa = np.concatenate([p[0] for p in points])
    pb = np.concatenate([p[1] for p in points])
    return head_to_head_result("crash", names[0], names[1], pa, pb, 2 * deals, seed)


def _deals(gen: np.random.Generator, deals: int, chunk: int, players: int, cards: int,
           ) -> Iterator[np.ndarray]:
    """``(m, players, cards)`` uint8 holdings, ``chunk`` deals at a time (the same
    deals whatever ``chunk``: one stream read in pieces)."""
    take = deal_stream(gen)
    for start in range(0, deals, chunk):
        m = min(chunk, deals - start)
        yield take(start, m, players * cards).reshape(m, players, cards)


def _swapped_means(one: np.ndarray, two: np.ndarray, seat_a: np.ndarray,
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Per-deal mean points of a seat playing a / b, from ``(m, players)`` points of
    the deal played a-b-a-b (``one``) and b-a-b-a (``two``)."""
    pa = (one[:, seat_a].mean(axis=1) + two[:, ~seat_a].mean(axis=1)) / 2
    pb = (one[:, ~seat_a].mean(axis=1) + two[:, seat_a].mean(axis=1)) / 2
    return pa, pb


def _bulk(holdings: np.ndarray, a: str, b: str, seat_a: np.ndarray, count_high_card: bool,
          opts: Opts, threads: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Both plays of each deal with built-in strategies, through the bulk kernels
    (inputs already checked: dense strengths, no second validation)."""
    m, players, cards = holdings.shape
    flat = holdings.reshape(m * players, cards)
    sa, sb = (_dense_many(flat, s, players, count_high_card, opts, threads)[1]
              .reshape(m, players, -1) for s in (a, b))
    high = _tables(opts)[2]
    one = _points(np.where(seat_a[None, :, None], sa, sb), count_high_card, high)
    two = _points(np.where(seat_a[None, :, None], sb, sa), count_high_card, high)
    return _swapped_means(one, two, seat_a)


def _played(holdings: np.ndarray, games: list[Game], seat_a: np.ndarray, first: int,
            ) -> tuple[np.ndarray, np.ndarray]:
    """Both plays of each deal (deal ``first + i`` is round ``first + i`` of the views),
    every setting asked of the strategies and checked."""
    m = holdings.shape[0]
    points = np.zeros((2, m, len(seat_a)), dtype=np.int64)
    for i in range(m):
        deal_i = [tuple(int(c) for c in row) for row in holdings[i]]
        for g, game in enumerate(games):
            points[g, i] = game._settle(deal_i, first + i)[1].points
    return _swapped_means(points[0], points[1], seat_a)
