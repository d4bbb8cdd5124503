"""Monte Carlo: seeded chunks of deals on the C kernel, weighted combos drawn from
alias tables, stopping at a sample count or a standard-error target."""

from __future__ import annotations

import time

import numpy as np

from . import _kernel as _equity
from concurrent.futures import Executor

from .._support.threads import executor_workers, run_units
from .._support.seeds import seed_word
from ..errors import RangeSyntaxError
from .inputs import MAX_SAMPLES, Deal, Options, ProgressFn
from .results import HoldemEquity, player_equity

#: Monte Carlo deals when neither ``samples`` nor ``target_stderr`` is given.
DEFAULT_SAMPLES = 1_000_000
#: Monte Carlo runs in chunks of this many deals, chunk ``i`` on random stream ``i`` of the
#: seed (``_c/rng.h``): the
#: result depends on the seed and the sample count only, never on ``threads``.
CHUNK_SAMPLES = 16_384
#: A Monte Carlo work unit (one C call) covers at most this many chunks (262,144 deals:
#: milliseconds heads-up, well under a second with 10 players), so Ctrl-C stays prompt.
UNIT_CHUNKS = 16
#: ... and about this many seconds of work (sized from the time of chunk 0).
UNIT_SECONDS = 0.05
#: ... and at least this many units per thread on several threads (4 on one thread
#: and per executor worker): threads take units as they finish them, so a thread
#: that another process slows ends at most one short unit after the other (with 4
#: per worker, 3-way 22+,A2s+ vs random vs random, 2,000,000 deals: 8 units of 10 ms,
#: and the faster thread waited up to one of them at the end).
UNITS_PER_WORKER = 16
#: Monte Carlo gives up after this many consecutive deals with overlapping hands.
MAX_REJECTS = 1_000_000


def run_monte_carlo(deal: Deal, opts: Options, by_combo: bool = False) -> HoldemEquity:
    """Sample deals as ``opts`` asks (only the chunks of part ``opts.part`` when set)
    and build the result (with per-combo tables when ``by_combo``: the same deals, so
    the same player totals)."""
    source, reported_seed = opts.source()
    base = seed_word(source)
    per_combo = None  # per-combo counts: needed unless every player has one combo
    if by_combo and any(len(r) > 1 for r in deal.ranges):
        per_combo = np.zeros((5, sum(len(r) for r in deal.ranges)), dtype=np.int64)
    tot, N = _monte_carlo(deal, base, opts.samples, opts.target_stderr, opts.threads,
                          opts.progress, opts.executor, opts.part, per_combo)
    return monte_carlo_result(deal, tot, reported_seed, opts.part, by_combo, per_combo)


def monte_carlo_result(deal: Deal, tot: np.ndarray, seed: int | None,
                       part: tuple[int, int] | None = None, by_combo: bool = False,
                       per_combo: np.ndarray | None = None) -> HoldemEquity:
    """The result of (5, n) int64 Monte Carlo totals (wins, ties, share units, squared
    share units, deals); it keeps them as its ``tallies`` (for merging). ``by_combo``:
    with the per-combo counts ``per_combo`` (None when every player has one combo)."""
    N = int(tot[4, 0])
    se = _stderr(tot)
    tables: list = [None] * deal.players
    if by_combo:
        from .combos import monte_carlo_tables
        tables = monte_carlo_tables(deal, tot, per_combo)  # type: ignore[assignment]
    players = tuple(player_equity(deal.labels[p], len(deal.ranges[p]), int(tot[0, p]),
                                  int(tot[1, p]), int(tot[2, p]), N, float(se[p]), tables[p])
                    for p in range(deal.players))
    return HoldemEquity(game="holdem", players=players, exact=False, deals=float(N),
                        seed=seed, board=deal.board_text, dead=deal.dead_text,
                        tallies=tuple(tuple(int(x) for x in row) for row in tot),
                        parts=() if part is None else (part[0],),
                        of_parts=1 if part is None else part[1])


def chunk_span(samples: int | None, part: tuple[int, int] | None) -> tuple[int, int]:
    """The chunks ``[first, stop)`` of part ``(i, k)`` of a run of ``samples`` deals
    (default :data:`DEFAULT_SAMPLES`): the i-th of k contiguous slices of its
    ``ceil(samples / CHUNK_SAMPLES)`` chunks."""
    n_chunks = -(-(samples or DEFAULT_SAMPLES) // CHUNK_SAMPLES)
    if part is None:
        return 0, n_chunks
    i, k = part
    return n_chunks * i // k, n_chunks * (i + 1) // k


def _mc_unit(combos: np.ndarray, off: np.ndarray, prob: np.ndarray, alias: np.ndarray,
             uniform: np.ndarray, board: np.ndarray, dead_mask: int, base: int, k: int,
             i: int, per_combo: int = 0) -> tuple[np.ndarray, np.ndarray | None]:
    """One work unit (picklable): ``k`` deals from chunk ``i`` on (chunk j on random
    stream j of ``base``), as (5, n) int64 totals, and with ``per_combo`` = K > 0 the
    (5, K) int64 per-combo counts of the same deals (else None)."""
    pc = np.zeros((5, per_combo), dtype=np.int64) if per_combo else None
    rc, res = _equity.monte_carlo(combos, off, prob, alias, uniform, board, dead_mask,
                                  base, k, MAX_REJECTS, i, CHUNK_SAMPLES, pc)
    if rc:
        raise RangeSyntaxError(
            f"the players' ranges almost never fit together ({MAX_REJECTS:,} deals in "
            f"a row dealt overlapping hole cards); narrow them")
    return res, pc


def _monte_carlo(deal: Deal, base: int, samples: int | None, target: float | None,
                 threads: int, progress: ProgressFn | None,
                 executor: Executor | None = None, part: tuple[int, int] | None = None,
                 per_combo: np.ndarray | None = None) -> tuple[np.ndarray, int]:
    """(5, n) int64 totals (wins, ties, share units, squared units, deals) and deals.
    ``per_combo``: a zeroed ``(5, K)`` int64 array (K = every player's combos, in
    order) that receives the per-combo counts of the same deals (``equity/combos.h``)."""
    n, ranges, board, dead_mask = deal.players, deal.ranges, deal.board, deal.dead_mask
    combos = np.ascontiguousarray(np.concatenate([r.combos for r in ranges]))
    off = np.concatenate([[0], np.cumsum([len(r) for r in ranges])]).astype(np.int64)
    tables = [_alias_table(r.weights) for r in ranges]
    prob = np.concatenate([t[0] for t in tables])
    alias = np.concatenate([t[1] + o for t, o in zip(tables, off[:-1])]).astype(np.int64)
    uniform = np.array([r.uniform for r in ranges], dtype=np.uint8)
    cap = samples if samples is not None else (MAX_SAMPLES if target is not None
                                               else DEFAULT_SAMPLES)
    first, n_chunks = chunk_span(cap, part)
    workers = executor_workers(executor, threads)
    totals = np.zeros((5, n), dtype=np.int64)
    next_chunk = first
    # A work unit is one C call over `per` consecutive chunks. With a target, one chunk
    # (to stop early). Else the first chunk runs alone, timed, and the units after it take
    # as many chunks as fit in about UNIT_SECONDS (at most UNIT_CHUNKS, and at least
    # UNITS_PER_WORKER units per thread, 4 on one thread or per executor worker, whose
    # round trips cost more), so Ctrl-C stays prompt even for slow deals (ranges that
    # rarely fit together). The counts never depend on `per` (a stream per chunk), so
    # neither on the number of workers nor on the executor.
    per = 1
    # Waves of units, added up (and checked against the target) in chunk order.
    wave = 1 if target is None else max(4, 4 * workers)
    done0 = 0
    while next_chunk < n_chunks:
        starts = range(next_chunk, min(n_chunks, next_chunk + wave), per)
        # unit i: chunks i .. i + per - 1, cut at the part's end and the last deal
        units = [(combos, off, prob, alias, uniform, board, dead_mask, base,
                  min(min(per, n_chunks - i) * CHUNK_SAMPLES, cap - i * CHUNK_SAMPLES), i,
                  0 if per_combo is None else per_combo.shape[1])
                 for i in starts]
        work = [u[8] for u in units]
        t0 = time.perf_counter()
        span = min(n_chunks * CHUNK_SAMPLES, cap) - first * CHUNK_SAMPLES
        results = run_units(_mc_unit, units, threads=threads, executor=executor,
                            progress=progress, work=work, done0=done0,
                            total=span if target is None
                            else done0 + len(starts) * CHUNK_SAMPLES)
        elapsed = time.perf_counter() - t0
        for i, (res, pc) in zip(starts, results):  # in chunk order: the stop never depends on threads
            totals += res
            if pc is not None:
                per_combo += pc
            done0 = int(totals[4, 0])
            next_chunk = min(n_chunks, i + per)
            if target is not None and _stderr(totals).max() <= target:  # >= 1 chunk
                return totals, int(totals[4, 0])
        if target is None and next_chunk == first + 1:  # the first chunk ran alone: size units
            # (on an executor its time is mostly the round trip: size by the count alone)
            fit = UNIT_CHUNKS if executor is not None else int(UNIT_SECONDS / max(elapsed, 1e-9))
            each = UNITS_PER_WORKER if executor is None and workers > 1 else 4
            per = max(1, min(UNIT_CHUNKS, (n_chunks - first - 1) // (each * workers), fit))
            wave = min(n_chunks, 1024 * per)
        wave = min(wave * 2, 1024 * per)
    return totals, int(totals[4, 0])


def _alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker/Vose alias table of ``weights`` (> 0): slot i (drawn uniformly) is kept
    with probability ``prob[i]``, else ``alias[i]`` is taken; each index comes out with
    probability weight / sum(weights)."""
    k = len(weights)
    scaled = weights * (k / weights.sum())
    prob = np.ones(k)
    alias = np.arange(k, dtype=np.int64)
    small = [i for i in range(k) if scaled[i] < 1.0]
    large = [i for i in range(k) if scaled[i] >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob[s], alias[s] = scaled[s], g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return prob, alias  # leftovers (rounding) keep prob 1


def _stderr(totals: np.ndarray) -> np.ndarray:
    N = float(totals[4, 0])
    if N < 2:
        return np.full(totals.shape[1], np.inf)
    u = float(_equity.SHARE_UNITS)
    mean = totals[2] / u / N
    var = (totals[3] / (u * u) - N * mean * mean) / (N - 1)
    return np.asarray(np.sqrt(np.maximum(var, 0.0) / N), dtype=np.float64)

