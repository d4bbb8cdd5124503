"""Simulation over many seeded deals: :func:`head_to_head` (any two strategies,
seats swapped over the same deals, with a confidence interval) and
:func:`heads_up` (the solver against the greedy baseline, with foul counts)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._support.checks import check_int
from .._support.seeds import SeedLike, replayable, rng
from ..cards import deal_stream
from ..engine import HeadToHead, check_rounds, head_to_head_result, paired_deals, strategy_name
from .engine import BUILTIN_STRATEGIES, StrategyLike, _play_table, strategy
from .rows import DEFAULT_SYSTEM, SYSTEMS, _system
from .scoring import score_many
from .solver import greedy_many, solve_many

#: Deals per bulk step of the built-in fast path (bounds memory, not results).
CHUNK = 20_000


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


def _decide_many(name: str, holdings: np.ndarray, system: str,
                 threads: int | None) -> tuple[np.ndarray, np.ndarray]:
    """A built-in strategy's answers for ``(N, 13)`` holdings: ``(N, 13)`` settings
    (the natural's setting where it declares) and ``(N,)`` bool declarations."""
    if name == "greedy":
        return greedy_many(holdings, threads=threads), np.zeros(len(holdings), bool)
    sol = solve_many(holdings, system, threads=threads)
    decl = sol["declare"]
    return np.where(decl[:, None], sol["natural_setting"], sol["setting"]), decl


def heads_up(deals: int, seed: SeedLike = 0, system: str = DEFAULT_SYSTEM, *,
             threads: int | None = None, chunk: int = CHUNK) -> HeadsUp:
    """Simulate ``deals`` heads-up deals (26 cards from one shuffled deck):
    the solver (declaring naturals when it pays) against the greedy baseline
    (never declares), scored under ``system``. Reproducible for a given
    ``seed``. Returns a :class:`HeadsUp` with the solver's mean score per deal
    and a normal-approximation 95% confidence interval (mean +- 1.96 standard
    errors, from the sample variance). Raises OptionError for a bad system,
    ``deals`` (an int from 2 to ``engine.MAX_ROUNDS``), ``seed`` or ``chunk``
    (an int >= 1). See :func:`head_to_head` for any two strategies, seats swapped."""
    code = _system(system)
    n = check_rounds(deals, low=2, name="deals")
    chunk = check_int(chunk, "chunk", 1)
    take = deal_stream(rng(seed))  # the shared seed check (OptionError)
    total = total2 = 0.0
    fouls_s = fouls_g = declared = 0
    left = n
    while left:
        k = min(chunk, left)
        cards = take(n - left, k, 26)  # the same deals whatever the chunk size
        left -= k
        a, decl = _decide_many("solver", cards[:, :13], SYSTEMS[code], threads)
        g, _ = _decide_many("greedy", cards[:, 13:], SYSTEMS[code], threads)
        res = score_many(np.stack([a, g], axis=1),
                         np.stack([decl, np.zeros_like(decl)], axis=1), SYSTEMS[code],
                         threads=threads, details=True)
        s = res["pairs"][:, 0, 1].astype(np.float64)
        total += s.sum()
        total2 += (s * s).sum()
        fouls_s += int((res["fouls"][:, 0] & ~decl).sum())
        fouls_g += int(res["fouls"][:, 1].sum())
        declared += int(decl.sum())
    mean = float(total / n)
    var = max(total2 / n - mean * mean, 0.0) * n / (n - 1)
    se = float((var / n) ** 0.5)
    return HeadsUp(deals=n, system=SYSTEMS[code], mean=mean, stderr=se,
                   ci95=(mean - 1.96 * se, mean + 1.96 * se), solver_fouls=fouls_s,
                   greedy_fouls=fouls_g, declared=declared)


def head_to_head(a: StrategyLike = "solver", b: StrategyLike = "greedy",
                 rounds: int = 10_000, *, seed: SeedLike = 0, system: str = DEFAULT_SYSTEM,
                 threads: int | None = None) -> HeadToHead:
    """Pit two strategies against each other heads-up over many seeded deals.

    ``a``, ``b``: built-in names (``"solver"``, ``"greedy"``) or strategy objects
    (see :class:`handrank.chinese.Strategy`). Every deal (26 cards from one shuffled
    deck) is played twice, the second time with the seats swapped, so the luck of
    the deal cancels; ``rounds`` (an int from 1 to ``engine.MAX_ROUNDS``) is rounded
    up to an even number. Two built-in names take the bulk kernel path
    (``threads`` as in :func:`handrank.poker.evaluate_many`); objects play through
    the engine, every answer checked as in :class:`Game`.

    Returns the shared :class:`handrank.engine.HeadToHead` (``game="chinese"``;
    mean points per round of each side, margin and its 95% confidence interval,
    deals paired). Raises OptionError (bad name, system, rounds or seed) and the
    engine's errors naming the player for a strategy's bad answer.
    Rule: ``docs/rules/chinese-poker.md``.
    """
    code = _system(system)
    deals = paired_deals(rounds)
    gen, seed = replayable(seed)
    sys_name = SYSTEMS[code]
    bulk = all(isinstance(x, str) and x in BUILTIN_STRATEGIES for x in (a, b))
    seats = (strategy(a), strategy(b))
    parts = []
    take = deal_stream(gen)
    for start in range(0, deals, CHUNK):
        k = min(CHUNK, deals - start)
        cards = take(start, k, 26).reshape(2 * k, 13)  # rows 2i, 2i+1: deal i's two hands
        if bulk:
            sa, da = _decide_many(str(a), cards, sys_name, threads)
            sb, db = _decide_many(str(b), cards, sys_name, threads)
            one = score_many(np.stack([sa[0::2], sb[1::2]], axis=1),
                             np.stack([da[0::2], db[1::2]], axis=1), sys_name, threads=threads)
            two = score_many(np.stack([sb[0::2], sa[1::2]], axis=1),
                             np.stack([db[0::2], da[1::2]], axis=1), sys_name, threads=threads)
            parts.append((one[:, 0, 1] + two[:, 1, 0]) / 2.0)
            continue
        part = np.empty(k)
        for i in range(k):
            h = (tuple(int(c) for c in cards[2 * i]), tuple(int(c) for c in cards[2 * i + 1]))
            r = 2 * (start + i)
            first = _play_table(seats, h, code, r)[2]
            swapped = _play_table(seats[::-1], h, code, r + 1)[2]
            part[i] = (first.totals[0] + swapped.totals[1]) / 2.0
        parts.append(part)
    pa = np.concatenate(parts)
    return head_to_head_result("chinese", strategy_name(seats[0]), strategy_name(seats[1]),
                               pa, -pa, 2 * deals, seed)
