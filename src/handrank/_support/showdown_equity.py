"""The shared variant-equity driver: exact enumeration or Monte Carlo of any poker
variant whose showdown is each player's own cards (plus a shared board) ranked by
the game's evaluation, the pot split high-only, high-low or low-only.

The C side is ``_c/showdown_equity.h`` (the generic loops) and
``_c/showdown_equity.pxd`` (the Cython glue). A game plugs in with:

1. a C callback ``void eval(int option, const uint8_t *own, int n_own, const
   uint8_t *board, int n_board, int want, int32_t *high, int32_t *low)`` (higher =
   better; low 0 = no qualifying low) in its ``kernel.h``;
2. two defs in its ``_kernel.pyx``, ``showdown_exact`` and ``showdown_monte_carlo``,
   each one line calling ``se_exact`` / ``se_monte_carlo`` with the callback
   (``omaha/_kernel.pyx`` is the model);
3. its ``equity()`` checking the input once, building a :class:`ShowdownDeal`
   (:func:`make_deal`) and calling :func:`showdown_equity` with the options read by
   :func:`handrank.equity.inputs.read_options`.

The result is a :class:`~handrank.result.ShowdownEquity`.
"""

from __future__ import annotations

import importlib
import math
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from ..errors import HandSizeError, OptionError
from ..result import ShowdownEquity
from .seeds import seed_word
from .threads import executor_workers, run_units

#: Pot rules (the kernel's ``rule`` argument): the best high hand(s) split the pot;
#: half to the best high, half to the best qualifying low (the high takes all
#: without one); the best low(s) split the pot, no qualifier.
HIGH, HILO, LOW = 0, 1, 2
POTS = {HIGH: "high", HILO: "hi-lo", LOW: "low"}
#: Pot units per deal: every share of every deal (a half split up to 10 ways) is whole.
UNITS = 5040
#: Counter rows of a unit's ``(ROWS, players)`` int64 output: wins (took the whole
#: pot alone), ties (part of it), high units, low units, squared units, deals.
ROWS = 6
#: The 52 cards.
FULL_DECK = (1 << 52) - 1
#: ``method="auto"`` is exact when the enumeration takes at most this many player
#: evaluations (deals x players); each game may pass its own limit.
MAX_EXACT_EVALS = 50_000_000
#: An exact work unit covers about this many player evaluations (a few tens of
#: milliseconds: Ctrl-C stays prompt); a Monte Carlo unit about as many.
UNIT_EVALS = 1 << 18
#: ``method="exact"`` is refused when one prefix of the enumeration (the smallest piece
#: a work unit can hold) would take more player evaluations than this (about a second
#: or two): such a run could not stop promptly on Ctrl-C, and would take hours anyway.
MAX_PREFIX_EVALS = 1 << 23
#: Monte Carlo: chunk ``i`` holds deals ``i * CHUNK_SAMPLES ..`` on random stream ``i``
#: of the seed (as Hold'em), so a result never depends on threads or executor.
CHUNK_SAMPLES = 16_384
#: Monte Carlo deals when neither ``samples`` nor ``target_stderr`` is given.
DEFAULT_SAMPLES = 1_000_000
#: A Monte Carlo unit covers at most this many chunks.
UNIT_CHUNKS = 16


@dataclass(frozen=True)
class ShowdownDeal:
    """A checked deal for the engine (the game has checked every card).

    ``own``: ``(players, own_size)`` uint8, each player's known own cards first (the
    rest of the row is dealt); ``own_known``: ``(players,)`` uint8 counts of those;
    ``board``: ``(board_size,)`` uint8, known cards first, ``board_known`` of them;
    ``dead_mask``: card mask of the dead cards; ``deck_mask``: the deck's cards
    (:data:`FULL_DECK`, or short deck's 36); ``rule``: :data:`HIGH` / :data:`HILO` /
    :data:`LOW`; ``option``: the game's own option for its callback; ``game``: the
    result's ``game``; ``labels``: each player's cards as text; ``board_text`` /
    ``dead_text``: for the result."""

    game: str
    rule: int
    own: np.ndarray
    own_known: np.ndarray
    board: np.ndarray
    board_known: int
    dead_mask: int
    labels: tuple[str, ...]
    deck_mask: int = FULL_DECK
    option: int = 0
    board_text: str = ""
    dead_text: str = ""

    @property
    def players(self) -> int:
        return int(self.own.shape[0])

    @cached_property
    def _sizes(self) -> tuple[tuple[int, ...], int, int]:
        size = int(self.own.shape[1])
        known = self.own_known.tolist()
        sizes = [len(self.board) - self.board_known] + [size - k for k in known]
        mask = self.dead_mask
        for p, row in enumerate(self.own.tolist()):
            for c in row[:known[p]]:
                mask |= 1 << c
        for c in self.board[:self.board_known].tolist():
            mask |= 1 << c
        left = (self.deck_mask & ~mask).bit_count()
        m, n = left, 1
        for k in sizes:
            n *= math.comb(m, k)
            m -= k
        return tuple(s for s in sizes if s > 0), left, n

    def groups(self) -> list[int]:
        """Sizes of the non-empty groups of cards to deal, in dealing order: the
        board's, then each player's."""
        return list(self._sizes[0])

    def left(self) -> int:
        """Cards left in the deck to deal from."""
        return self._sizes[1]

    def deals(self) -> int:
        """The number of distinct completions (exact enumeration's deal count)."""
        return self._sizes[2]


def make_deal(game: str, rule: int, own: list[list[int]], own_size: int, board: list[int],
              board_size: int, dead: list[int], labels: tuple[str, ...], *,
              deck_mask: int = FULL_DECK, option: int = 0, board_text: str = "",
              dead_text: str = "") -> ShowdownDeal:
    """A :class:`ShowdownDeal` from checked card-id lists (each player's known own
    cards, the known board cards, the dead cards). Raises HandSizeError when the deck
    has fewer cards left than the deal needs (naming both numbers)."""
    n = len(own)
    arr = np.zeros((n, own_size), dtype=np.uint8)
    for p, cs in enumerate(own):
        arr[p, :len(cs)] = cs
    b = np.zeros(board_size, dtype=np.uint8)
    b[:len(board)] = board
    for a in (arr, b):
        a.setflags(write=False)
    known = np.array([len(cs) for cs in own], dtype=np.uint8)
    known.setflags(write=False)
    deal = ShowdownDeal(game, rule, arr, known, b, len(board),
                        sum(1 << c for c in set(dead)), labels, deck_mask, option,
                        board_text, dead_text)
    need = sum(deal.groups())
    if deal.left() < need:
        raise HandSizeError(f"only {deal.left()} cards are left in the deck to deal the "
                            f"{need} unknown cards ({n} players, {len(dead)} dead)")
    return deal


def showdown_equity(deal: ShowdownDeal, opts: Any, kernel: str, *,
                    max_exact_evals: int = MAX_EXACT_EVALS) -> ShowdownEquity:
    """Equity of ``deal`` as ``opts`` asks (an :class:`~handrank.equity.inputs.Options`
    from ``read_options``: method, samples, target_stderr, seed, threads, progress,
    executor, part). ``kernel``: the game's kernel module name (``"handrank.omaha._kernel"``)
    holding ``showdown_exact`` and ``showdown_monte_carlo``. ``method="auto"`` is exact
    when the enumeration takes at most ``max_exact_evals`` player evaluations.

    Raises OptionError for a Monte Carlo ``part=`` without an int seed, and for
    ``method="exact"`` on an enumeration whose smallest work unit would exceed
    :data:`MAX_PREFIX_EVALS` evaluations (seven-card stud from third street)."""
    evals = deal.deals() * deal.players
    if opts.method == "exact" or (not opts.monte_carlo and evals <= max_exact_evals):
        return _exact(deal, kernel, opts.threads, opts.progress, opts.executor, opts.part)
    if opts.part is not None and opts.reported_seed is None:
        raise OptionError("part= with Monte Carlo needs an int seed (every part must draw "
                          "from the same seed)")
    return _monte_carlo(deal, kernel, opts)


def _args(deal: ShowdownDeal) -> tuple[Any, ...]:
    return (np.ascontiguousarray(deal.own), np.ascontiguousarray(deal.own_known),
            np.ascontiguousarray(deal.board), deal.board_known, deal.dead_mask,
            deal.deck_mask, deal.rule, deal.option)


def _exact_unit(kernel: str, args: tuple[Any, ...], prefix: int, start: int,
                stop: int) -> np.ndarray:
    """One exact work unit (picklable): prefixes ``start..stop`` as (ROWS, players) counts."""
    out = np.zeros((ROWS, args[0].shape[0]), dtype=np.int64)
    importlib.import_module(kernel).showdown_exact(*args, prefix, start, stop, out)
    return out


def _mc_unit(kernel: str, args: tuple[Any, ...], seed: int, first: int,
             deals: int) -> np.ndarray:
    """One Monte Carlo work unit (picklable): ``deals`` deals from chunk ``first``."""
    out = np.zeros((ROWS, args[0].shape[0]), dtype=np.int64)
    importlib.import_module(kernel).showdown_monte_carlo(*args, seed, first, CHUNK_SAMPLES,
                                                         deals, out)
    return out


def _prefix_weights(m: int, groups: list[int], s: int) -> list[int]:
    """Deals under each prefix of ``s`` cards of the first group (lexicographic
    order of deck indexes, as the kernel walks them)."""
    if not groups:
        return [1]
    k, rest, left = groups[0], 1, m - groups[0]
    for g in groups[1:]:
        rest *= math.comb(left, g)
        left -= g
    if s == 0:
        return [math.comb(m, k) * rest]
    top = m - k + s
    if s == 1:
        return [math.comb(m - 1 - i, k - 1) * rest for i in range(top)]
    return [math.comb(m - 1 - j, k - 2) * rest for i in range(top) for j in range(i + 1, top)]


def _exact(deal: ShowdownDeal, kernel: str, threads: int, progress: Any,
           executor: Executor | None, part: tuple[int, int] | None) -> ShowdownEquity:
    n = deal.players
    groups, m = deal.groups(), deal.left()
    total = deal.deals() * n
    # prefix length from the size alone (and part's k), never from the workers
    s = 0
    if groups:
        while s < min(2, groups[0]) and (
                total > UNIT_EVALS * math.comb(m - groups[0] + s, s)
                or (part is not None and math.comb(m - groups[0] + s, s) < part[1])):
            s += 1
    weights = _prefix_weights(m, groups, s)
    if max(weights) * n > MAX_PREFIX_EVALS:
        raise OptionError(
            f"exact enumeration is too large: {deal.deals():,} deals ({total:,} hand "
            "evaluations) cannot be cut into work units that stop promptly; use "
            "method='monte-carlo' (samples= or target_stderr=), or give more known cards")
    lo, hi = 0, len(weights)
    if part is not None:
        lo, hi = len(weights) * part[0] // part[1], len(weights) * (part[0] + 1) // part[1]
    if executor is not None and total <= UNIT_EVALS:
        executor = None  # one unit's work: a round trip would cost more (same counts)
    workers = executor_workers(executor, threads)
    budget = max(1, min(UNIT_EVALS, -(-total // (4 * workers)) if workers > 1 else UNIT_EVALS))
    spans, work, a, acc = [], [], lo, 0
    for i in range(lo, hi):
        acc += weights[i] * n
        if acc >= budget or i == hi - 1:
            spans.append((a, i + 1))
            work.append(acc)
            a, acc = i + 1, 0
    args = _args(deal)
    totals = np.zeros((ROWS, n), dtype=np.int64)
    if len(spans) == 1 and progress is None and executor is None:
        totals = _exact_unit(kernel, args, s, *spans[0])  # one C call, no pool
    elif spans:
        units = [(kernel, args, s, a, b) for a, b in spans]
        for got in run_units(_exact_unit, units, threads=threads, executor=executor,
                             progress=progress, work=work, total=sum(work)):
            totals += got
    return ShowdownEquity.from_tallies(
        deal.game, POTS[deal.rule], deal.labels, totals, True, UNITS, None, deal.board_text,
        deal.dead_text, () if part is None else (part[0],), 1 if part is None else part[1])


def _stderr(t: np.ndarray) -> np.ndarray:
    n = float(t[5, 0])
    if n < 2:
        return np.full(t.shape[1], np.inf)
    mean = (t[2] + t[3]) / UNITS / n
    var = (t[4] / (UNITS * UNITS) - n * mean * mean) / (n - 1)
    return np.asarray(np.sqrt(np.maximum(var, 0.0) / n))


def _monte_carlo(deal: ShowdownDeal, kernel: str, opts: Any) -> ShowdownEquity:
    from ..equity.inputs import MAX_SAMPLES

    source, reported = opts.source()
    base = seed_word(source)
    target = opts.target_stderr
    cap = opts.samples if opts.samples is not None else (
        MAX_SAMPLES if target is not None else DEFAULT_SAMPLES)
    n_chunks = -(-cap // CHUNK_SAMPLES)
    first, stop = 0, n_chunks
    if opts.part is not None:
        i, k = opts.part
        first, stop = n_chunks * i // k, n_chunks * (i + 1) // k
    n = deal.players
    workers = executor_workers(opts.executor, opts.threads)
    args = _args(deal)
    # chunks per unit: about UNIT_EVALS evaluations, at most UNIT_CHUNKS, and at least
    # 4 units per worker when there are enough; one chunk with a target (to stop early)
    per = 1 if target is not None else max(1, min(
        UNIT_CHUNKS, UNIT_EVALS // (CHUNK_SAMPLES * n) or 1,
        (stop - first) // (4 * workers) or 1))
    wave = max(4, 4 * workers) * per if target is not None else stop - first
    totals = np.zeros((ROWS, n), dtype=np.int64)
    span = min(stop * CHUNK_SAMPLES, cap) - first * CHUNK_SAMPLES
    c = first
    while c < stop:
        starts = range(c, min(stop, c + wave), per)
        units = [(kernel, args, base, i, min(min(per, stop - i) * CHUNK_SAMPLES,
                                             cap - i * CHUNK_SAMPLES)) for i in starts]
        work = [u[4] for u in units]
        done0 = int(totals[5, 0])
        results = run_units(_mc_unit, units, threads=opts.threads, executor=opts.executor,
                            progress=opts.progress, work=work, done0=done0,
                            total=span if target is None else done0 + sum(work))
        for i, got in zip(starts, results):  # in chunk order: the stop never depends on threads
            totals += got
            c = min(stop, i + per)
            if target is not None and _stderr(totals).max() <= target:
                c = stop
                break
        wave = min(2 * wave, 1024 * per)
    return ShowdownEquity.from_tallies(
        deal.game, POTS[deal.rule], deal.labels, totals, False, UNITS, reported,
        deal.board_text, deal.dead_text, () if opts.part is None else (opts.part[0],),
        1 if opts.part is None else opts.part[1])
