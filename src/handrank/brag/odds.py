"""Brag equity: the chance a three-card hand beats random opponents (exact
enumeration for one opponent, seeded Monte Carlo otherwise)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import _kernel as _brag
from .._support.threads import resolve_threads, run_chunked
from ..cards import CardsLike, format_card, parse_cards
from ..cards import rng as cards_rng
from ..errors import DuplicateCardError, HandrankError, OptionError
from .hands import _ids, _option_bits

#: Monte Carlo samples when ``equity`` is not exact and ``samples`` is not given.
DEFAULT_SAMPLES = 200_000


@dataclass(frozen=True)
class BragEquity:
    """A Brag hand's showdown result against random opponents.

    Attributes:
        win: probability the hand beats every opponent outright.
        tie: probability it ties for best (with one or more opponents).
        lose: probability some opponent beats it. ``win + tie + lose == 1``.
        equity: expected share of the pot, ties shared equally
            (``win + tie`` shares; for one opponent ``win + tie / 2``).
        samples: opponent deals counted (exact: every possible hand, 18,424
            with no dead cards; Monte Carlo: the samples drawn).
        stderr: standard error of ``equity`` (0.0 when exact).
        exact: True when every opponent hand was enumerated.
        opponents: number of opponents.
    """

    win: float
    tie: float
    lose: float
    equity: float
    samples: int
    stderr: float
    exact: bool
    opponents: int


def _check_seed(seed: object) -> None:
    """OptionError for a seed that is not a non-negative int, a Generator or None."""
    if not isinstance(seed, np.random.Generator):
        cards_rng(seed)


def _seed_word(seed: int | np.random.Generator | None) -> int:
    _check_seed(seed)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    return int(rng.integers(0, 2**64, dtype=np.uint64))


def equity(hand: CardsLike, opponents: int = 1, *, samples: int | None = None,
           seed: int | np.random.Generator | None = None, threads: int | None = None,
           dead: CardsLike | None = None, prial_threes_high: bool = True,
           a23_top_run: bool = True, **unknown: object) -> BragEquity:
    """Probability that a 3-card Brag hand beats ``opponents`` random hands.

    Each opponent is dealt 3 cards from the unseen cards (the 49 not in
    ``hand``, less any ``dead`` cards). With one opponent and ``samples=None``
    the answer is **exact**: every possible opponent hand (18,424 with no dead
    cards) is enumerated. Otherwise it is a seeded Monte Carlo estimate over
    ``samples`` deals (default 200,000) with its standard error; the same
    ``seed`` gives the same result whatever ``threads`` is.

    Args:
        hand: 3 cards (text or ids).
        opponents: 1 .. 16 (3 cards each must fit in the unseen cards).
        samples: Monte Carlo deals (1 .. 10**9); None = exact for one opponent,
            200,000 otherwise.
        seed: int, ``numpy.random.Generator`` or None (fresh entropy).
        threads: ``None``/1 = one thread, 0 = all cores (Monte Carlo only).
        dead: cards known to be out of play (not dealt to opponents).
        prial_threes_high, a23_top_run: rule options (``rules/brag-and-crash.md``).

    Returns a :class:`BragEquity` (win, tie, lose, equity, samples, stderr, ...).
    Raises CardParseError / CardRangeError / DuplicateCardError / HandSizeError
    for the hand or dead cards (a dead card in the hand is a DuplicateCardError),
    OptionError for an unknown option, a bad ``opponents`` or ``samples``;
    HandrankError for a negative seed or ``threads`` outside 0..4096, TypeError
    for a seed or ``threads`` of the wrong type (checked even when exact).
    """
    opts = _option_bits(prial_threes_high, a23_top_run, unknown)
    resolve_threads(threads)  # checked even when the exact path does not use it
    _check_seed(seed)
    try:
        a, b, c = _ids(hand)
    except HandrankError as e:
        raise e.with_context("hand") from None
    mask = (1 << a) | (1 << b) | (1 << c)
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
    if isinstance(opponents, bool) or not isinstance(opponents, (int, np.integer)):
        raise OptionError(f"opponents must be an int from 1 to 16, got {opponents!r}")
    if unseen < 3:
        raise OptionError(f"only {unseen} unseen cards (hand and dead cards removed): "
                          f"not enough to deal one opponent 3 cards")
    if not 1 <= opponents <= _brag.MAX_OPPONENTS or 3 * opponents > unseen:
        raise OptionError(f"opponents must be 1 to {min(16, unseen // 3)} "
                          f"({unseen} unseen cards, 3 per opponent), got {opponents}")
    if samples is not None and (isinstance(samples, bool)
                                or not isinstance(samples, (int, np.integer))
                                or not 1 <= samples <= 10**9):
        raise OptionError(f"samples must be None (exact for one opponent) or an int "
                          f"from 1 to 1000000000, got {samples!r}")
    if opponents == 1 and samples is None:
        w, t, lo = _brag.exact_one(a, b, c, mask, opts)
        n = w + t + lo
        return BragEquity(win=w / n, tie=t / n, lose=lo / n, equity=(w + t / 2) / n,
                          samples=n, stderr=0.0, exact=True, opponents=1)
    n = DEFAULT_SAMPLES if samples is None else int(samples)
    word = _seed_word(seed)
    parts: dict[int, np.ndarray] = {}

    def kernel(start: int, stop: int) -> None:
        parts[start] = _brag.monte_carlo(a, b, c, mask, int(opponents), word, start, stop, opts)

    run_chunked(kernel, n, threads)
    counts = np.sum(list(parts.values()), axis=0)
    wins, losses = int(counts[0]), int(counts[1])
    ties = [int(x) for x in counts[2:]]  # ties[k-1]: tied with k opponents
    share = wins + sum(t / (k + 2) for k, t in enumerate(ties))
    share_sq = wins + sum(t / (k + 2) ** 2 for k, t in enumerate(ties))
    mean = share / n
    var = max(share_sq / n - mean * mean, 0.0)
    stderr = math.sqrt(var / (n - 1)) if n > 1 else float("nan")
    return BragEquity(win=wins / n, tie=sum(ties) / n, lose=losses / n, equity=mean,
                      samples=n, stderr=stderr, exact=False, opponents=int(opponents))
