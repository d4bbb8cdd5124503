"""Broken Canada odds: exact category counts over every one-deck deal, and Monte
Carlo equity of a set against random opponents."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import _kernel as _canada
from .._support.checks import check_bool, check_int, check_part, is_int
from .._support.seeds import SeedLike, seed_word
from concurrent.futures import Executor

from .._support.threads import check_executor, resolve_threads, run_counts, run_units
from ..cards import CardsLike, format_cards
from ..errors import ArrayDtypeError, ArrayShapeError, OptionError
from ..result import EquityResult, PlayerEquity
from .hands import MAX_DECKS, Category, _check_decks, _hand, decks_for, format_hand

#: Number of one-deck (set, pit) deals: C(52, 4) * C(48, 2).
TOTAL_DEALS = 305_377_800
#: ``equity(executor=...)`` sends samples in units of at most this many (fewer when
#: that leaves a worker idle).
EXECUTOR_UNIT_SAMPLES = 1 << 18


def _odds_unit(first: int, naive: bool) -> np.ndarray:
    """One work unit of :func:`exact_odds` (picklable): the (35,) int64 category
    counts of the deals whose set's lowest card is ``first``."""
    return _canada.odds_first(first, naive)


def exact_odds(*, threads: int | None = None,
               progress: bool | Callable[[int, int], None] = False,
               naive: bool = False, executor: Executor | None = None,
               part: tuple[int, int] | None = None) -> np.ndarray:
    """Exact category counts over all 305,377,800 one-deck (set, pit) deals.

    Enumerates every 4-card set and every 2-card pit from the other 48 cards
    with the fast kernel, incrementally (set state computed once per set).
    ``threads``: None/1 one thread, 0 all cores. ``progress``: True for a tqdm
    bar on stderr, or a callable ``(deals_done, total)``. ``naive``: use the
    plain-loop baseline (each deal evaluated from scratch; for benchmarks).
    ``executor``: any ``concurrent.futures.Executor`` to run the 49 units (one per
    lowest set card, (35,) int64 counts each) on instead of threads; the counts add
    up to the same array (``docs/scale.md``). ``part=(i, k)``: only units
    ``i, i + k, i + 2k, ...`` (``k`` of 1..49), for runs split by hand: the
    :func:`merge_odds` of all ``k`` parts is the whole array, bit for bit.

    Returns an ``int64`` array of length 35 indexed by :class:`Category` value;
    it sums to :data:`TOTAL_DEALS` (a part: to its deals). See :func:`odds_rows`
    for a table. Raises OptionError for a ``progress`` that is neither a bool nor
    a callable, a ``naive`` that is not a bool or a bad ``part``; TypeError for an
    ``executor`` without ``submit``.
    """
    naive = check_bool(naive, "naive")
    if not isinstance(progress, bool) and not callable(progress):
        raise OptionError(f"progress must be True, False or a callable (done, total), "
                          f"got {progress!r}")
    t = resolve_threads(threads)
    ex = check_executor(executor)
    i, k = check_part(part, 49) or (0, 1)
    firsts = list(range(i, 49, k))  # round robin: unit a's work falls fast with a
    weight = {a: math.comb(51 - a, 3) * 1128 for a in firsts}
    hist = np.zeros(35, dtype=np.int64)
    bar = None
    callback: Callable[[int, int], None] | None = None
    if progress is True:
        from tqdm import tqdm
        bar = tqdm(total=sum(weight.values()), desc="deals", unit_scale=True, file=sys.stderr, leave=False)
    elif callable(progress):
        callback = progress
    shown = [0]

    def report(done: int, total: int) -> None:
        if bar is not None:
            bar.update(done - shown[0])
            shown[0] = done
        if callback is not None:
            callback(done, total)

    try:
        parts = run_units(_odds_unit, [(a, naive) for a in firsts], threads=t, executor=ex,
                          progress=report, work=[weight[a] for a in firsts],
                          total=sum(weight.values()))
    finally:
        if bar is not None:
            bar.close()
    for part in parts:  # integer counts: the sum does not depend on the order or threads
        hist += part
    return hist


def merge_odds(*parts: np.ndarray) -> np.ndarray:
    """The counts of a split :func:`exact_odds` run: the sum of its ``part=(i, k)``
    arrays, in int64 (integer counts: any order gives the same bits; all ``k`` parts
    give ``exact_odds()`` exactly, ``docs/scale.md``).

    ``parts``: one or more ``(35,)`` integer arrays of non-negative counts. Returns a
    ``(35,)`` ``int64`` array. Raises OptionError for no parts or a negative count,
    and when the merged counts exceed :data:`TOTAL_DEALS` (a part given twice);
    ArrayShapeError / ArrayDtypeError for another shape or dtype, naming the part."""
    if not parts:
        raise OptionError("merge_odds needs at least one part")
    total = np.zeros(35, dtype=np.int64)
    for j, p in enumerate(parts):
        try:
            odds_rows(p)  # the checks of a counts array
        except (ArrayShapeError, ArrayDtypeError, OptionError) as e:
            raise type(e)(f"part {j}: {e}") from None
        total += np.asarray(p, dtype=np.int64)
    if int(total.sum()) > TOTAL_DEALS:
        raise OptionError(f"the merged counts add up to {int(total.sum()):,} deals, more "
                          f"than the {TOTAL_DEALS:,} there are: a part was given twice?")
    return total


def odds_rows(counts: np.ndarray) -> list[tuple[Category, int, float]]:
    """``(category, count, probability)`` strongest first, from :func:`exact_odds`.

    ``counts``: 35 non-negative integer counts indexed by :class:`Category` value.
    Raises ArrayShapeError for another shape, ArrayDtypeError for non-integers and
    OptionError for a negative count, each naming ``counts``."""
    try:
        c = np.asarray(counts)
    except ValueError as e:
        raise ArrayShapeError(f"counts: not a rectangular array ({e})") from None
    if c.shape != (35,):
        raise ArrayShapeError(f"counts must have shape (35,) (one count per Category), "
                              f"got shape {c.shape}")
    if c.dtype.kind not in "iu":
        raise ArrayDtypeError(f"counts must be integers, got dtype {c.dtype}")
    if (c < 0).any():
        raise OptionError(f"counts must be non-negative, got {int(c.min())} at index "
                          f"{int(np.argmin(c))}")
    n = [int(v) for v in c]
    total = sum(n)
    return [(cat, n[cat.value], n[cat.value] / total if total else 0.0)
            for cat in (Category(v) for v in range(34, -1, -1))]


# =========================================================================== equity


@dataclass(frozen=True)
class CanadaEquity(EquityResult):
    """Result of :func:`equity`: the shared :class:`~handrank.result.EquityResult`
    with ``game="canada"``, ``players[0]`` the set and pit (``hand`` is
    ``"set | pit"``), ``opponents`` random sets, ``exact=False`` and ``deals`` the
    number of samples. In ``players[0]``: ``wins`` samples won alone, ``ties``
    samples tied for best (Full House ties shared ``1/k``, not feuded), ``losses``
    the rest; ``equity == win + tie`` is the expected share of the pot.

    Attributes (beyond the shared ones):
        decks: decks in play.
        pit: the pit cards as text.
    """

    decks: int = 1
    pit: str = ""

    def _footer(self) -> str:
        return (super()._footer() + f", pit {self.pit}, {self.decks} "
                f"deck{'s' if self.decks != 1 else ''}")


def equity(set_cards: CardsLike, pit: CardsLike, opponents: int = 1, *,
           samples: int = 100_000, seed: SeedLike = None, threads: int | None = None,
           decks: int | None = None, executor: Executor | None = None) -> CanadaEquity:
    """A set's equity against ``opponents`` random sets given the pit (Monte Carlo).

    Each sample deals every opponent 4 cards from the cards not in the hero's
    set or the pit (``decks`` decks, default ``ceil((opponents + 1) / 4)`` [D])
    and compares at showdown by the rules (``docs/rules/broken-canada.md``): a better
    category wins, then the lower card; a pot shared by ``k`` best hands pays each
    ``1/k`` (Full House ties too: the Family Feud is a fair draw, so the equity
    splits it evenly); the one-time redeal after a Broken Canada is not modelled
    (hands are compared as dealt).

    ``set_cards``: 4 cards, ``pit``: 2 cards (text or ids). ``opponents``: random
    sets (1..255 by default; up to ``4 * decks * 13 - 2`` with an explicit
    ``decks`` of 1..64). ``samples``: number of deals (1..10**10); ``seed``: int or
    numpy Generator (same seed -> same result, whatever ``threads``: the kernel
    counts whole samples per thread and the shares are computed once);
    ``threads``: None/1 one thread, 0 all cores. ``executor``: any
    ``concurrent.futures.Executor``: the samples go to it in units of at most
    :data:`EXECUTOR_UNIT_SAMPLES`, each sample drawn from its own stream of the
    seed, so the result is that of ``threads=1`` bit for bit (``docs/scale.md``).

    Returns a :class:`CanadaEquity` (a :class:`~handrank.result.EquityResult`).
    Raises HandSizeError, CardParseError, DuplicateCardError, OptionError
    (opponents, samples, decks or seed out of range; opponents and samples must be
    ints, not bools); TypeError for an ``executor`` without ``submit``.
    """
    check_executor(executor)
    if is_int(opponents) and decks is None and opponents >= 4 * MAX_DECKS:
        raise OptionError(f"opponents must be from 1 to {4 * MAX_DECKS - 1} (more with an "
                          f"explicit decks), got {opponents}")
    k = check_int(opponents, "opponents", 1)
    n = check_int(samples, "samples", 1, 10**10)
    d = _check_decks(decks_for(k + 1) if decks is None else decks)
    ids = _hand(set_cards, pit, d)
    stock = np.repeat(np.arange(52, dtype=np.uint8), d)
    keep = np.ones(stock.size, dtype=bool)
    for c in ids:
        keep[np.flatnonzero((stock == c) & keep)[0]] = False
    stock = np.ascontiguousarray(stock[keep])
    if k > stock.size // 4:
        raise OptionError(f"opponents must be from 1 to {stock.size // 4} with {d} "
                          f"deck{'s' if d > 1 else ''}, got {k}")
    base = seed_word(seed)
    hero = np.asarray(ids, dtype=np.uint8)
    # a sample is far heavier than a row: 256 are worth a thread; integer counts,
    # the same whatever the chunks
    split = run_counts(_equity_unit, (hero, stock, k, base), n, threads=threads,
                       executor=executor, min_rows=256, unit_rows=EXECUTOR_UNIT_SAMPLES)
    size = np.arange(len(split))
    share = np.divide(1.0, size, out=np.zeros(len(split)), where=size > 0)
    wins, losses = int(split[1]), int(split[0])
    ties = int(split[2:].sum())
    mean = float(split @ share) / n
    var = max(float(split @ share**2) / n - mean * mean, 0.0)
    hand = PlayerEquity(hand=format_hand(ids), equity=mean, win=wins / n,
                        tie=float(split[2:] @ share[2:]) / n, lose=losses / n, wins=wins,
                        ties=ties, losses=losses,
                        stderr=math.sqrt(var / (n - 1)) if n > 1 else math.inf)
    return CanadaEquity(game="canada", players=(hand,), exact=False, deals=n,
                        seed=None if seed is None or isinstance(seed, np.random.Generator)
                        else int(seed),
                        opponents=k, decks=d, pit=format_cards(ids[4:]))


def _equity_unit(hero: np.ndarray, stock: np.ndarray, opponents: int, base: int, start: int,
                 stop: int) -> np.ndarray:
    """Samples ``start..stop`` of :func:`equity` (picklable, a ``run_counts`` unit): the
    ``(opponents + 2,)`` int64 counts (losses, wins, then pots shared by k hands)."""
    split = np.zeros(opponents + 2, dtype=np.int64)
    _canada.equity_kernel(np.require(hero, requirements=["C", "A"]),
                          np.require(stock, requirements=["C", "A"]), opponents, base, start,
                          stop, split)
    return split
