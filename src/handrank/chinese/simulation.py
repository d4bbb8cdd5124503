"""Simulation: the solver against the greedy baseline over many seeded deals
(:func:`heads_up`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import OptionError
from .rows import DEFAULT_SYSTEM, SYSTEMS, _system
from .scoring import score_many
from .solver import greedy_many, solve_many

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
