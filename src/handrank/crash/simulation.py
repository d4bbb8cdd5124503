"""Crash simulations: :func:`head_to_head` pits two setting strategies against
each other over many seeded deals, seats swapped."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import OptionError
from .hands import (
    _SCORING,
    _brag_opts,
    _check_bool,
    _check_cards_option,
    _check_players,
    _check_strategy,
    _rng,
    default_cards,
)
from .scoring import score_many
from .setting import set_many

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

