"""Broken Canada odds: exact category counts over every one-deck deal, and Monte
Carlo equity of a set against random opponents."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from . import _kernel as _canada
from .._support.threads import resolve_threads, run_chunked
from ..cards import CardsLike
from ..errors import OptionError
from .hands import MAX_DECKS, Category, SeedLike, _check_decks, _hand, _no_unknown, decks_for
from .showdowns import _rng

#: Number of one-deck (set, pit) deals: C(52, 4) * C(48, 2).
TOTAL_DEALS = 305_377_800


def exact_odds(*, threads: int | None = None,
               progress: bool | Callable[[int, int], None] = False, naive: bool = False,
               **unknown: object) -> np.ndarray:
    """Exact category counts over all 305,377,800 one-deck (set, pit) deals.

    Enumerates every 4-card set and every 2-card pit from the other 48 cards
    with the fast kernel, incrementally (set state computed once per set).
    ``threads``: None/1 one thread, 0 all cores. ``progress``: True for a tqdm
    bar on stderr, or a callable ``(deals_done, total)``. ``naive``: use the
    plain-loop baseline (each deal evaluated from scratch; for benchmarks).

    Returns an ``int64`` array of length 35 indexed by :class:`Category` value;
    it sums to :data:`TOTAL_DEALS`. See :func:`odds_rows` for a table.
    """
    _no_unknown("exact_odds", unknown, "threads, progress, naive")
    if not isinstance(progress, bool) and not callable(progress):
        raise OptionError(f"progress must be True, False or a callable (done, total), "
                          f"got {progress!r}")
    t = resolve_threads(threads)
    firsts = list(range(49))
    weight = {a: math.comb(51 - a, 3) * 1128 for a in firsts}
    hist = np.zeros(35, dtype=np.int64)
    bar = None
    callback: Callable[[int, int], None] | None = None
    if progress is True:
        from tqdm import tqdm
        bar = tqdm(total=TOTAL_DEALS, desc="deals", unit_scale=True, file=sys.stderr, leave=False)
    elif callable(progress):
        callback = progress
    done = 0

    def one(a: int) -> np.ndarray:
        return _canada.odds_first(a, naive)

    pool = ThreadPoolExecutor(max_workers=t) if t > 1 else None
    try:
        results: Iterator[np.ndarray]
        results = map(one, firsts) if pool is None else pool.map(one, firsts)
        for a, h in zip(firsts, results):
            hist += h
            done += weight[a]
            if bar is not None:
                bar.update(weight[a])
            if callback is not None:
                callback(done, TOTAL_DEALS)
    finally:
        if pool is not None:  # also when a progress callback raises
            pool.shutdown(cancel_futures=True)
        if bar is not None:
            bar.close()
    return hist


def odds_rows(counts: np.ndarray) -> list[tuple[Category, int, float]]:
    """``(category, count, probability)`` strongest first, from :func:`exact_odds`."""
    total = int(np.sum(counts))
    return [(c, int(counts[c.value]), int(counts[c.value]) / total if total else 0.0)
            for c in (Category(v) for v in range(34, -1, -1))]


# =========================================================================== equity


@dataclass(frozen=True)
class CanadaEquity:
    """Result of :func:`equity`.

    Attributes:
        equity: the set's expected share of the pot (0..1): wins count 1, a tie
            among k players 1/k (Full House ties shared, not feuded).
        win: share of samples won outright; tie: share of samples tied for best.
        samples: number of random deals; stderr: standard error of ``equity``.
        opponents, decks: the settings used.
    """

    equity: float
    win: float
    tie: float
    samples: int
    stderr: float
    opponents: int
    decks: int


def equity(set_cards: CardsLike, pit: CardsLike, opponents: int = 1, *,
           samples: int = 100_000, seed: SeedLike = None, threads: int | None = None,
           decks: int | None = None, **unknown: object) -> CanadaEquity:
    """A set's equity against ``opponents`` random sets given the pit (Monte Carlo).

    Each sample deals every opponent 4 cards from the cards not in the hero's
    set or the pit (``decks`` decks, default ``ceil((opponents + 1) / 4)`` [D])
    and compares at showdown by the rules (``rules/broken-canada.md``): a better
    category wins, then the lower card; Full House ties are counted as shared
    (the Family Feud is a coin the equity splits evenly); the one-time redeal
    after a Broken Canada is not modelled (hands are compared as dealt).

    ``samples``: number of deals (1..10**10); ``seed``: int or numpy Generator
    (same seed -> same result, whatever ``threads``); ``threads``: None/1 one
    thread, 0 all cores. Returns a :class:`CanadaEquity` (equity, win, tie,
    samples, stderr). Raises HandSizeError, CardParseError, DuplicateCardError,
    OptionError (opponents, samples, decks or seed out of range).
    """
    _no_unknown("equity", unknown, "samples, seed, threads, decks")
    if isinstance(opponents, bool) or not isinstance(opponents, (int, np.integer)):
        raise OptionError(f"opponents must be an int, got {opponents!r}")
    if opponents < 1 or (decks is None and opponents >= 4 * MAX_DECKS):
        raise OptionError(f"opponents must be from 1 to {4 * MAX_DECKS - 1} (more with an "
                          f"explicit decks), got {opponents}")
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
        raise OptionError(f"samples must be an int, got {samples!r}")
    if not 1 <= samples <= 10**10:
        raise OptionError(f"samples must be from 1 to 10**10, got {samples}")
    d = _check_decks(decks_for(opponents + 1) if decks is None else decks)
    ids = _hand(set_cards, pit, d)
    stock = np.repeat(np.arange(52, dtype=np.uint8), d)
    keep = np.ones(stock.size, dtype=bool)
    for c in ids:
        keep[np.flatnonzero((stock == c) & keep)[0]] = False
    stock = np.ascontiguousarray(stock[keep])
    if not 1 <= opponents <= stock.size // 4:
        raise OptionError(f"opponents must be from 1 to {stock.size // 4} with {d} "
                          f"deck{'s' if d > 1 else ''}, got {opponents}")
    base = int(_rng(seed).integers(0, 2**63, dtype=np.int64))
    hero = np.asarray(ids, dtype=np.uint8)
    parts: dict[int, tuple[float, float, int, int]] = {}

    def kernel(a: int, b: int) -> None:
        parts[a] = _canada.equity_kernel(hero, stock, int(opponents), base, a, b)

    n = int(samples)
    run_chunked(kernel, n, threads, min_rows=256)  # a sample is far heavier than a row
    s1 = sum(x[0] for x in parts.values())
    s2 = sum(x[1] for x in parts.values())
    wins = sum(x[2] for x in parts.values())
    ties = sum(x[3] for x in parts.values())
    mean = s1 / n
    var = max(s2 / n - mean * mean, 0.0)
    se = math.sqrt(var / (n - 1)) if n > 1 else float("nan")
    return CanadaEquity(equity=mean, win=wins / n, tie=ties / n, samples=n, stderr=se,
                        opponents=int(opponents), decks=d)
