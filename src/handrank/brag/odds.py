"""Brag equity: the chance a three-card hand beats random opponents (exact
enumeration for one opponent, seeded Monte Carlo otherwise), as the shared
:class:`~handrank.result.EquityResult`."""

from __future__ import annotations

import math
from concurrent.futures import Executor

import numpy as np

from . import _kernel as _brag
from .._support.checks import check_int
from .._support.seeds import SeedLike, rng, seed_word
from .._support.threads import check_executor, resolve_threads, run_counts
from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..errors import DuplicateCardError, HandrankError, OptionError
from ..result import EquityResult, PlayerEquity
from .hands import _ids, _option_bits

#: Monte Carlo samples when ``equity`` is not exact and ``samples`` is not given.
DEFAULT_SAMPLES = 200_000
#: Most Monte Carlo samples one call may ask for.
MAX_SAMPLES = 10**9
#: ``equity(executor=...)`` sends Monte Carlo deals in units of at most this many
#: (fewer when that leaves a worker idle).
EXECUTOR_UNIT_DEALS = 1 << 20

#: The former name of Brag's equity result, now the shared
#: :class:`~handrank.result.EquityResult` (``game="brag"``).
BragEquity = EquityResult


def equity(hand: CardsLike, opponents: int = 1, *, samples: int | None = None,
           seed: SeedLike = None, threads: int | None = None,
           dead: CardsLike | None = None, prial_threes_high: bool = True,
           a23_top_run: bool = True, executor: Executor | None = None) -> EquityResult:
    """How a 3-card Brag hand fares at showdown against ``opponents`` random hands.

    Each opponent is dealt 3 cards from the unseen cards (the 49 not in
    ``hand``, less any ``dead`` cards). With one opponent and ``samples=None``
    the answer is **exact**: every possible opponent hand (18,424 with no dead
    cards) is enumerated. Otherwise it is a seeded Monte Carlo estimate over
    ``samples`` deals (default 200,000) with its standard error; the same
    ``seed`` gives the same result whatever ``threads`` is. Ties split the pot
    equally among the hands tied for best (rules: ``docs/rules/brag-and-crash.md``,
    "Brag hands": suits never rank, equal hands tie).

    Args:
        hand: 3 cards (text or ids).
        opponents: 1 .. 16 (3 cards each must fit in the unseen cards).
        samples: Monte Carlo deals (1 .. 10**9); None = exact for one opponent,
            200,000 otherwise.
        seed: a non-negative int, a ``numpy.random.Generator`` or None (fresh entropy).
        threads: ``None``/1 = one thread, 0 = all cores (Monte Carlo only).
        executor: any ``concurrent.futures.Executor`` (Monte Carlo only): the deals
            go to it in units of at most :data:`EXECUTOR_UNIT_DEALS`; each deal has
            its own stream of the seed, so the result is that of ``threads=1``
            bit for bit (``docs/scale.md``).
        dead: cards known to be out of play (not dealt to opponents).
        prial_threes_high, a23_top_run: rule options (``docs/rules/brag-and-crash.md``).

    Returns an :class:`~handrank.result.EquityResult` with ``game="brag"``: one
    player, ``players[0]``, the hand (``equity``, ``win``, ``tie`` and ``lose`` as
    shares 0..1, ``wins`` / ``ties`` / ``losses`` as deal counts, ``stderr``);
    ``opponents`` the random opponents; ``deals`` the opponent hands enumerated
    (exact) or the samples drawn; ``seed`` the int seed of a Monte Carlo run;
    ``dead`` the dead cards as text.

    Raises CardParseError / CardRangeError / DuplicateCardError / HandSizeError
    for the hand or dead cards (a dead card in the hand is a DuplicateCardError),
    OptionError for a bad ``opponents``, ``samples``, ``seed`` or option;
    HandrankError for ``threads`` outside 0..4096 and TypeError for ``threads``
    of the wrong type or an unknown keyword, TypeError for an ``executor``
    without ``submit`` (seed, threads and executor are checked even when exact,
    where they are unused).
    """
    opts = _option_bits(prial_threes_high, a23_top_run)
    resolve_threads(threads)  # checked even when the exact path does not use it
    check_executor(executor)
    gen = rng(seed)
    try:
        a, b, c = _ids(hand)
    except HandrankError as e:
        raise e.with_context("hand") from None
    mask = (1 << a) | (1 << b) | (1 << c)
    dead_ids: list[int] = []
    if dead is not None:
        try:
            dead_ids = parse_cards(dead)
        except HandrankError as e:
            raise e.with_context("dead") from None
        for x in dead_ids:
            if x in (a, b, c):
                raise DuplicateCardError(f"dead card {format_card(x)} is in the hand", card=x)
            mask |= 1 << x
    unseen = 52 - mask.bit_count()
    if unseen < 3:
        raise OptionError(f"only {unseen} unseen cards (hand and dead cards removed): "
                          f"not enough to deal one opponent 3 cards")
    most = min(_brag.MAX_OPPONENTS, unseen // 3)
    n_opp = check_int(opponents, f"opponents ({unseen} unseen cards, 3 per opponent)", 1, most)
    if samples is not None:
        check_int(samples, "samples (None = exact for one opponent)", 1, MAX_SAMPLES)
    hand_text = format_cards((a, b, c))
    if n_opp == 1 and samples is None:
        w, t, lo = _brag.exact_one(a, b, c, mask, opts)
        n = w + t + lo
        player = PlayerEquity(hand=hand_text, equity=(w + t / 2) / n, win=w / n,
                              tie=t / 2 / n, lose=lo / n, wins=w, ties=t, losses=lo,
                              stderr=0.0)
        return EquityResult(game="brag", players=(player,), exact=True, deals=n,
                            opponents=n_opp, dead=format_cards(dead_ids))
    n = DEFAULT_SAMPLES if samples is None else int(samples)
    word = seed_word(gen)
    counts = run_counts(_mc_unit, (a, b, c, mask, n_opp, word, opts), n, threads=threads,
                        executor=executor, unit_rows=EXECUTOR_UNIT_DEALS)
    wins, losses = int(counts[0]), int(counts[1])
    ties = [int(x) for x in counts[2:]]  # ties[k-1]: tied with k opponents
    tie_share = sum(t / (k + 2) for k, t in enumerate(ties))
    share_sq = wins + sum(t / (k + 2) ** 2 for k, t in enumerate(ties))
    mean = (wins + tie_share) / n
    var = max(share_sq / n - mean * mean, 0.0)
    stderr = math.sqrt(var / (n - 1)) if n > 1 else math.inf
    player = PlayerEquity(hand=hand_text, equity=mean, win=wins / n, tie=tie_share / n,
                          lose=losses / n, wins=wins, ties=sum(ties), losses=losses,
                          stderr=stderr)
    return EquityResult(game="brag", players=(player,), exact=False, deals=n,
                        seed=int(seed) if isinstance(seed, (int, np.integer)) else None,
                        opponents=n_opp, dead=format_cards(dead_ids))


def _mc_unit(a: int, b: int, c: int, mask: int, opponents: int, word: int, opts: int,
             start: int, stop: int) -> np.ndarray:
    """Monte Carlo deals ``start..stop`` of :func:`equity` (picklable, a ``run_counts``
    unit): the kernel's integer counts (wins, losses, ties by opponents tied)."""
    return _brag.monte_carlo(a, b, c, mask, opponents, word, start, stop, opts)
