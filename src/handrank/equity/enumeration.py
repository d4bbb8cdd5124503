"""Exact enumeration: every remaining board for one representative of each class of
compatible hole-card combinations, on the C kernel."""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import numpy as np

from .._support._kernel import Team
from .._support.threads import executor_workers, run_units, team_round
from . import _kernel as _equity
from .inputs import Deal, ProgressFn
from .planning import ExactPlan
from .results import HoldemEquity, _clean, player_equity

if TYPE_CHECKING:
    from .combos import ExactCombos

# Nominal work per kernel call (boards x players, before suit isomorphism: a call
# evaluates 1/20 to 1/8 of those boards preflop, 1/6 to 1/3 on the flop, so a
# call lasts a few milliseconds), and assignments per batch (memory stays
# O(batch), not O(combinations)).
_TASK_EVALS = 8_000_000
_BATCH = 1 << 16
# The suit isomorphism's usual cut of the nominal work, by cards to deal (boards
# evaluated per board: 1/20 preflop, 1/3 on the flop, all on the turn and river).
_ISO_CUT = {5: 20, 2: 3}
# Less work than this (after _ISO_CUT) runs on one thread whatever ``threads`` says:
# about 0.5 ms, less than a second thread costs to start and join here (0.1-0.2 ms)
# plus what it saves (AhAd vs KsKc preflop, 0.4 ms, took 1.2x longer on two threads
# than on one).
_MIN_THREADED_EVALS = 200_000
# Work (after _ISO_CUT) of a block of units taken at once by a thread of _shared:
# about 50-80 us, so that two threads neither trade the team's cache line every few
# units (1,000 nominal evaluations a block cost a flop 15% of two threads' gain)
# nor leave the round's lead waiting long for the other's last block.
_BLOCK_EVALS = 60_000


def _weighted(weights: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """``weights @ counts`` for ``(m,)`` weights and ``(m, k)`` int64 counts, as a
    ``(k,)`` float64 array, in C (``weighted_sum``), not numpy's ``@``: that went to
    OpenBLAS, whose threads then spun on the other cores for a while after each
    call, taking them from this run's own threads (two threads gained 1.2-1.3x
    instead of 1.9x on a 3-way flop; issue 11)."""
    out = np.zeros(counts.shape[1])
    _equity.weighted_sum(np.ascontiguousarray(weights, dtype=np.float64),
                         np.ascontiguousarray(counts, dtype=np.int64), out)
    return out


def _done(u: int, parts: int, per: int) -> int:
    """Nominal work of units 0..u: ``per`` for each whole assignment, its parts
    sharing it (integers adding up to ``per``)."""
    return (u // parts) * per + (u % parts) * per // parts


def run_exact(deal: Deal, plan: ExactPlan, threads: int, progress: ProgressFn | None,
              executor: Executor | None = None, part: tuple[int, int] | None = None,
              by_combo: bool = False) -> HoldemEquity:
    """Enumerate ``plan`` (or part ``i`` of ``k`` of its classes, ``part=(i, k)``)
    and build the result (with per-combo tables when ``by_combo``; not with ``part``)."""
    sink = None
    if by_combo:
        from .combos import ExactCombos
        sink = ExactCombos(deal, plan, math.comb(deal.left, deal.to_deal))
    tot, total, boards, combinations = _exact(deal, plan, threads, progress, executor, part,
                                              sink)
    tables = sink.tables(deal, total) if sink is not None else [None] * deal.players
    players = tuple(player_equity(deal.labels[p], len(deal.ranges[p]), tot[0, p], tot[1, p],
                                  tot[2, p], total, 0.0, tables[p])
                    for p in range(deal.players))
    return HoldemEquity(game="holdem", players=players, exact=True, deals=_clean(total),
                        board=deal.board_text, dead=deal.dead_text,
                        combinations=combinations, boards=boards,
                        tallies=tuple(tuple(float(x) for x in row) for row in tot),
                        parts=() if part is None else (part[0],),
                        of_parts=1 if part is None else part[1])


def _unit_counts(holes: np.ndarray, parts: int) -> np.ndarray:
    """Zeroed ``(A * parts, 3n)`` int64 counts: one row per work unit of ``exact_iso``."""
    return np.zeros((holes.shape[0] * parts, holes.shape[1] // 2 * 3), dtype=np.int64)


def _exact_unit(holes: np.ndarray, board: np.ndarray, dead_mask: int, parts: int, start: int,
                stop: int, out: np.ndarray | None = None) -> np.ndarray:
    """One work unit (picklable: a module-level function of arrays and ints): units
    ``start..stop`` of ``holes`` (unit u = row ``u // parts``, part ``u % parts``),
    as an ``(stop - start, 3n)`` int64 array of counts (``exact_iso``), written into
    ``out`` (as :func:`_unit_counts` makes it) when given."""
    if out is None:
        out = _unit_counts(holes, parts)
    _equity.exact_iso(holes, board, dead_mask, parts, start, stop, out)
    return out[start:stop]


def _shared(holes: np.ndarray, board: np.ndarray, dead_mask: int, parts: int, s0: int,
            e0: int, workers: int, round_units: int, block: int, progress: ProgressFn | None,
            done_at: Callable[[int], int], total: int, out: np.ndarray) -> np.ndarray:
    """Units ``s0..e0`` of ``holes`` (as :func:`_exact_unit`) on ``workers`` threads
    that share them in C (:func:`~handrank._support.threads.team_round`, ``block``
    units per atomic take, fewer when a round would have under 8 blocks per thread):
    per round of at most ``round_units`` units, one kernel call per thread,
    no Python between units and no worker to join, so a thread that starts late
    takes fewer. Rounds keep Ctrl-C prompt (it is raised between them) and report
    ``progress(done_at(unit), total)``. ``out``: the ``(A * parts, 3n)`` int64 counts
    to fill (:func:`_unit_counts`; reused from batch to batch, as every unit run
    writes its whole row)."""

    def kernel(a: int, b: int, team: Team | None, lead: bool) -> None:
        _equity.exact_iso(holes, board, dead_mask, parts, a, b, out, team, lead)

    for r0 in range(s0, e0, round_units):
        r1 = min(e0, r0 + round_units)
        team_round(kernel, r0, r1, min(workers, r1 - r0),
                   max(1, min(block, (r1 - r0) // (8 * workers))))
        if progress is not None:
            progress(done_at(r1), total)
    return out[s0:e0]


def _exact(deal: Deal, plan: ExactPlan, threads: int, progress: ProgressFn | None,
           executor: Executor | None = None, part: tuple[int, int] | None = None,
           sink: ExactCombos | None = None) -> tuple[np.ndarray, float, int, int]:
    """Weighted (3, n) totals (wins, ties, share units), total weight x boards, boards,
    combinations enumerated. Only the class representatives ``plan.holes[plan.reps]``
    are enumerated; combination i has the counts of class ``plan.inverse[i]``.

    Each representative's boards run in the C kernel ``exact_iso`` (board suit
    isomorphism, ``equity/enumeration.h``) in work units of at most about
    ``_TASK_EVALS`` nominal evaluations (a few milliseconds: Ctrl-C stays prompt).
    With fewer representatives than workers x 16, each one's boards are split into
    ``parts`` (the choices of its first level dealt round-robin) so every worker
    gets work. On one thread (or an executor) a task is :func:`_exact_unit` of the
    representatives it covers (it pickles, for ``executor``); on several threads
    :func:`_shared` runs rounds of about four tasks' worth per thread, each thread
    one kernel call per round sharing its units in a team (progress is
    reported per round). Exact work under ``_MIN_THREADED_EVALS`` (after the
    isomorphism's usual cut) stays on one thread.
    ``part=(i, k)`` keeps the i-th of k contiguous slices of the units (each
    representative cut into ``ceil(k / classes)`` parts when there are fewer classes
    than ``k``, whatever the workers); its deals are then counted from the share
    units (every board hands out ``SHARE_UNITS``) and its combinations are those of
    the classes whose first unit it holds, so the parts add up to the whole run.
    Counts are integers per unit, added per representative and weighted once, so
    the result does not depend on ``threads`` or the executor. ``sink`` (by_combo,
    whole runs only) receives each batch's counts per representative, in order."""
    n = deal.players
    boards = math.comb(deal.left, deal.to_deal)
    if len(plan.holes) == 1 and part is None and progress is None and executor is None \
            and (threads == 1 or deal.to_deal < 2):
        # one combination on one thread (hole cards heads-up: the common call): one C
        # call and the same arithmetic as below (1 x weight, no pool, no batches)
        counts = _exact_unit(plan.holes, deal.board, deal.dead_mask, 1, 0, 1)
        if sink is not None:
            sink.add(0, counts)
        w = float(plan.weights[0])
        return (w * counts[0]).reshape(3, n), w * boards, boards, 1
    reps = plan.reps
    A = len(reps)
    rep_holes = plan.holes if len(reps) == len(plan.holes) else plan.holes[reps]
    # class weights: the combinations' weights summed per class
    class_weight = plan.weights if len(reps) == len(plan.holes) else \
        np.bincount(plan.inverse, weights=plan.weights, minlength=A)
    per = boards * n  # nominal evaluations of one representative (progress units)
    if executor is not None and A * per <= _TASK_EVALS:
        executor = None  # one unit's work: a round trip would cost more (same counts)
    workers = executor_workers(executor, threads)
    if executor is None and workers > 1 and \
            A * per // _ISO_CUT.get(deal.to_deal, 1) < _MIN_THREADED_EVALS:
        workers = threads = 1
    parts = 1
    if part is not None:  # the cut must not depend on the workers
        if A < part[1] and deal.to_deal >= 2:
            parts = min(64, -(-part[1] // A))
    elif workers > 1 and A < 16 * workers and deal.to_deal >= 2:
        # at least 16 units per worker (a part costs little: equity/enumeration.h),
        # so that units of uneven size still end together
        parts = min(64, -(-16 * workers // A))
    combinations = len(plan.holes)
    r0, lo, hi = 0, 0, A * parts  # representatives from r0; units lo..hi of those
    if part is not None:
        u0, u1 = A * parts * part[0] // part[1], A * parts * (part[0] + 1) // part[1]
        r0, r1 = u0 // parts, -(-u1 // parts)
        sizes = np.ones(A, dtype=np.int64) if len(reps) == len(plan.holes) else \
            np.bincount(plan.inverse, minlength=A)
        combinations = int(sizes[-(-u0 // parts):-(-u1 // parts)].sum())
        rep_holes, class_weight = rep_holes[r0:r1], class_weight[r0:r1]
        lo, hi = u0 - r0 * parts, u1 - r0 * parts
    rep_holes = np.ascontiguousarray(rep_holes, dtype=np.uint8)
    board, dead_mask = deal.board, deal.dead_mask

    def done(u: int) -> int:
        return _done(u, parts, per) - _done(lo, parts, per)

    total_work = done(hi)
    unit_per_task = max(1, _TASK_EVALS * parts // max(1, per))
    round_units = unit_per_task * workers * 4  # in-process threads: a round of _shared
    # units per atomic take in _shared: about _BLOCK_EVALS of work (tiny river and
    # turn units in blocks of hundreds or thousands)
    block = max(1, -(-_BLOCK_EVALS * _ISO_CUT.get(deal.to_deal, 1) * parts // max(1, per)))
    if workers > 1:  # several tasks per worker (taken in turn) so workers finish together,
        # none below _TASK_EVALS / 32 (about 0.1 ms: a task's Python costs 10-20 us)
        unit_per_task = min(unit_per_task, max(1, -(-(hi - lo) // (8 * workers)),
                                               _TASK_EVALS * parts // (32 * max(1, per))))
    totals = np.zeros(3 * n)
    deals = 0.0
    # one counts buffer for every batch run in this process (fresh memory each batch cost
    # a page fault per 4 KB on the VMs: 1-2 ms per batch of 65,536 combinations)
    buf = _unit_counts(rep_holes[:_BATCH], parts)
    for b0 in range(0, len(rep_holes), _BATCH):
        hb = rep_holes[b0:b0 + _BATCH]
        nb = len(hb)
        s0, e0 = max(0, lo - b0 * parts), min(nb * parts, hi - b0 * parts)
        if e0 <= s0:
            continue
        if executor is None and workers > 1:  # threads: they share the units in C
            def done_at(u: int, first: int = b0 * parts) -> int:
                return done(first + u)
            got = _shared(hb, board, dead_mask, parts, s0, e0, workers, round_units, block,
                          progress, done_at, total_work, buf[:nb * parts])
        elif e0 - s0 <= unit_per_task and progress is None and executor is None:
            # one C call, no pool
            got = _exact_unit(hb, board, dead_mask, parts, s0, e0, buf[:nb * parts])
        else:
            spans = [(s, min(e0, s + unit_per_task)) for s in range(s0, e0, unit_per_task)]
            # each unit carries only the representatives it covers
            args = [(hb[s // parts:-(-e // parts)], board, dead_mask, parts,
                     s - s // parts * parts, e - s // parts * parts) for s, e in spans]
            work = [done(b0 * parts + e) - done(b0 * parts + s) for s, e in spans]
            got = np.concatenate(run_units(_exact_unit, args, threads=threads,
                                           executor=executor, progress=progress, work=work,
                                           done0=done(b0 * parts + s0), total=total_work))
        if s0 == 0 and e0 == nb * parts:
            out = got
        else:  # a part's first or last representative: only some of its units
            out = np.zeros((nb * parts, 3 * n), dtype=np.int64)
            out[s0:e0] = got
        counts = out if parts == 1 else out.reshape(nb, parts, 3 * n).sum(axis=1)
        totals += _weighted(class_weight[b0:b0 + nb], counts)
        if sink is not None:
            sink.add(b0, counts)
        if part is not None:  # boards = share units handed out / SHARE_UNITS
            deals += float(_weighted(class_weight[b0:b0 + nb],
                                     counts[:, 2 * n:].sum(axis=1, keepdims=True)
                                     // _equity.SHARE_UNITS)[0])
    if part is None:
        deals = float(plan.weights.sum()) * boards
    return totals.reshape(3, n), deals, boards, combinations
