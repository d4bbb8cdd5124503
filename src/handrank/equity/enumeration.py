"""Exact enumeration: every remaining board for one representative of each class of
compatible hole-card combinations, on the C kernel."""

from __future__ import annotations

import itertools
import math

import numpy as np

from . import _kernel as _equity
from .._support.threads import run_tasks
from .inputs import Deal, ProgressFn
from .planning import ExactPlan
from .results import HoldemEquity, _clean, player_equity

# Exact work per kernel call (hand evaluations), and units per batch.
_TASK_EVALS = 4_000_000
_BATCH_UNITS = 1 << 16


def run_exact(deal: Deal, plan: ExactPlan, threads: int, progress: ProgressFn | None
              ) -> HoldemEquity:
    """Enumerate ``plan`` and build the result."""
    tot, total, boards = _exact(deal, plan, threads, progress)
    players = tuple(player_equity(deal.labels[p], len(deal.ranges[p]), tot[0, p], tot[1, p],
                                  tot[2, p], total, 0.0) for p in range(deal.players))
    return HoldemEquity(game="holdem", players=players, exact=True, deals=_clean(total),
                        board=deal.board_text, dead=deal.dead_text,
                        combinations=len(plan.holes), boards=boards)


def _exact(deal: Deal, plan: ExactPlan, threads: int, progress: ProgressFn | None
           ) -> tuple[np.ndarray, float, int]:
    """Weighted (3, n) totals (wins, ties, share units), total weight x boards, boards.
    Only the class representatives ``plan.holes[plan.reps]`` are enumerated;
    combination i has the counts of class ``plan.inverse[i]``."""
    n = deal.players
    rep_holes = np.ascontiguousarray(plan.holes[plan.reps])
    A = len(rep_holes)
    r_cards, left, board, dead_mask = deal.to_deal, deal.left, deal.board, deal.dead_mask
    boards = math.comb(left, r_cards)
    # Preflop, units split a combination's boards by first dealt card (unit i0:
    # comb(left - 1 - i0, r - 1) boards); with a flop or turn a unit is a whole
    # combination (at most ~1,000 boards: per-unit setup would dominate otherwise).
    split = r_cards >= 3
    m0 = left - r_cards + 1 if split else 1
    unit_work = np.array([math.comb(left - 1 - i, r_cards - 1) for i in range(m0)]
                         if split else [boards], dtype=np.int64) * n
    class_weight = np.bincount(plan.inverse, weights=plan.weights, minlength=A)  # summed per class
    totals = np.zeros(3 * n)
    per_batch = max(1, _BATCH_UNITS // m0)
    total_work = A * boards * n
    done = 0
    for b0 in range(0, A, per_batch):
        hb = np.ascontiguousarray(rep_holes[b0:b0 + per_batch])
        nb = len(hb)
        out = np.zeros((nb * m0, 3 * n), dtype=np.int64)
        cum = np.concatenate([[0], np.cumsum(np.tile(unit_work, nb))])
        # Several tasks per thread (balanced by work) so threads finish together.
        step = int(min(_TASK_EVALS, max(_TASK_EVALS // 16, cum[-1] // (8 * threads) + 1)))
        cuts = np.unique(np.searchsorted(cum, np.arange(0, int(cum[-1]), step),
                                         side="right") - 1)
        bounds = sorted({int(c) for c in cuts} | {nb * m0})

        def task(s: int, e: int, hb: np.ndarray = hb, out: np.ndarray = out,
                 cum: np.ndarray = cum) -> int:
            _equity.exact_units(hb, board, dead_mask, s, e, out, split)
            return int(cum[e] - cum[s])

        tasks = [lambda s=s, e=e: task(s, e) for s, e in itertools.pairwise(bounds)]
        run_tasks(tasks, threads, progress, done, total_work)
        done += int(cum[-1])
        # weighted per batch: memory stays O(batch), not O(combinations)
        totals += class_weight[b0:b0 + nb] @ out.reshape(nb, m0, 3 * n).sum(axis=1)
    return totals.reshape(3, n), float(plan.weights.sum()) * boards, boards
