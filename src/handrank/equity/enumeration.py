"""Exact enumeration: every remaining board for one representative of each class of
compatible hole-card combinations, on the C kernel."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from . import _kernel as _equity
from .._support.threads import run_tasks
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


def _done(u: int, parts: int, per: int) -> int:
    """Nominal work of units 0..u: ``per`` for each whole assignment, its parts
    sharing it (integers adding up to ``per``)."""
    return (u // parts) * per + (u % parts) * per // parts


def run_exact(deal: Deal, plan: ExactPlan, threads: int, progress: ProgressFn | None,
              by_combo: bool = False) -> HoldemEquity:
    """Enumerate ``plan`` and build the result (with per-combo tables when ``by_combo``)."""
    sink = None
    if by_combo:
        from .combos import ExactCombos
        sink = ExactCombos(deal, plan, math.comb(deal.left, deal.to_deal))
    tot, total, boards = _exact(deal, plan, threads, progress, sink)
    tables = sink.tables(deal, total) if sink is not None else [None] * deal.players
    players = tuple(player_equity(deal.labels[p], len(deal.ranges[p]), tot[0, p], tot[1, p],
                                  tot[2, p], total, 0.0, tables[p])
                    for p in range(deal.players))
    return HoldemEquity(game="holdem", players=players, exact=True, deals=_clean(total),
                        board=deal.board_text, dead=deal.dead_text,
                        combinations=len(plan.holes), boards=boards)


def _exact(deal: Deal, plan: ExactPlan, threads: int, progress: ProgressFn | None,
           sink: ExactCombos | None = None) -> tuple[np.ndarray, float, int]:
    """Weighted (3, n) totals (wins, ties, share units), total weight x boards, boards.
    Only the class representatives ``plan.holes[plan.reps]`` are enumerated;
    combination i has the counts of class ``plan.inverse[i]``.

    Each representative's boards run in the C kernel ``exact_iso`` (board suit
    isomorphism, ``equity/enumeration.h``), one call per work unit of at most about
    ``_TASK_EVALS`` nominal evaluations (a few milliseconds: Ctrl-C stays prompt).
    With fewer representatives than threads x 4, each one's boards are split into
    ``parts`` (the choices of its first two levels dealt round-robin) so every thread
    gets work.
    Counts are integers per unit, added per representative and weighted once, so
    the result does not depend on ``threads``. ``sink`` (by_combo) receives each
    batch's counts per representative."""
    n = deal.players
    reps = plan.reps
    rep_holes = plan.holes if len(reps) == len(plan.holes) else plan.holes[reps]
    rep_holes = np.ascontiguousarray(rep_holes, dtype=np.uint8)
    A = len(rep_holes)
    boards = math.comb(deal.left, deal.to_deal)
    per = boards * n  # nominal evaluations of one representative (progress units)
    parts = 1
    if threads > 1 and A < 4 * threads and deal.to_deal >= 2:
        parts = min(64, -(-8 * threads // A))
    # class weights: the combinations' weights summed per class
    class_weight = plan.weights if len(reps) == len(plan.holes) else \
        np.bincount(plan.inverse, weights=plan.weights, minlength=A)
    board, dead_mask = deal.board, deal.dead_mask
    total_work = A * per
    unit_per_task = max(1, _TASK_EVALS * parts // max(1, per))
    if threads > 1:  # several tasks per thread (taken in turn) so threads finish together,
        # none below _TASK_EVALS / 16 (a thread's start costs more than a tiny task)
        unit_per_task = min(unit_per_task, max(1, -(-A * parts // (4 * threads)),
                                               _TASK_EVALS * parts // (16 * max(1, per))))
    totals = np.zeros(3 * n)
    for b0 in range(0, A, _BATCH):
        hb = rep_holes[b0:b0 + _BATCH]
        nb = len(hb)
        units = nb * parts
        out = np.zeros((units, 3 * n), dtype=np.int64)

        def task(s: int, e: int, hb: np.ndarray = hb, out: np.ndarray = out) -> int:
            _equity.exact_iso(hb, board, dead_mask, parts, s, e, out)
            return _done(e, parts, per) - _done(s, parts, per)

        if units <= unit_per_task and progress is None:
            task(0, units)  # one C call: no task list, no thread pool
        else:
            tasks = [lambda s=s, e=min(units, s + unit_per_task): task(s, e)
                     for s in range(0, units, unit_per_task)]
            run_tasks(tasks, threads, progress, b0 * per, total_work)
        counts = out if parts == 1 else out.reshape(nb, parts, 3 * n).sum(axis=1)
        totals += class_weight[b0:b0 + nb] @ counts
        if sink is not None:
            sink.add(b0, counts)
    return totals.reshape(3, n), float(plan.weights.sum()) * boards, boards
