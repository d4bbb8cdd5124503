#!/usr/bin/env python
"""Another library's cards given to handrank as they are, vs that library's own call
(issue 16; docs/migrating.md). One run, ratios, medians; tests never time.

    python benchmarks/bench_compat.py           # a few seconds
    python benchmarks/bench_compat.py --n 20000

Rows, on the same seeded random 7-card hands (ns per hand, each library on its own
prebuilt input in a ``for`` loop):

1. ``poker.strength`` on lists of ``eval7.Card`` (read through their text) vs
   ``eval7.evaluate`` on the same lists, and ``poker.strength`` on lists of ids;
2. ``poker.strength`` on lists of ``pokerkit.Card`` (read by rank and suit) vs
   ``pokerkit.StandardHighHand.from_game`` on the same cards;
3. treys: ``Evaluator.evaluate(board, hand)`` on Cactus-Kev ints, one call per hand,
   vs ``compat.from_treys`` of the ``(N, 7)`` int array then ``poker.evaluate_many``
   (conversion included).

Timing: CPU time of the calling thread (``time.thread_time``), one warm-up, then
``--repeats`` repeats with the GC off, each row's calls alternating; the table gives
medians and the ratio to the peer. Results are checked against each other first. The
load average is printed with the table: the machine is shared.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from handrank import cards, compat, poker


def _time(fn: Callable[[], Any]) -> float:
    t = time.thread_time()
    fn()
    return time.thread_time() - t


def _rows(calls: dict[str, Callable[[], Any]], n: int, repeats: int) -> dict[str, float]:
    for fn in calls.values():
        fn()  # warm-up
    times: dict[str, list[float]] = {k: [] for k in calls}
    gc.disable()
    try:
        for _ in range(repeats):
            for k, fn in calls.items():
                times[k].append(_time(fn))
    finally:
        gc.enable()
    return {k: statistics.median(v) / n * 1e9 for k, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=5000, help="hands per repeat")
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    hands = cards.deal(a.n, 7, seed=16)
    ids = hands.tolist()
    want = poker.evaluate_many(hands).tolist()
    table: list[tuple[str, str, float, float]] = []

    try:
        import eval7
    except ImportError:
        eval7 = None
    if eval7 is not None:
        e7 = [compat.to_eval7(h) for h in ids]
        assert [poker.strength(h) for h in e7] == want
        t = _rows({"peer": lambda: [eval7.evaluate(h) for h in e7],
                   "ours": lambda: [poker.strength(h) for h in e7],
                   "ids": lambda: [poker.strength(h) for h in ids]}, a.n, a.repeats)
        table.append(("poker.strength(eval7 Cards)", "eval7.evaluate", t["ours"], t["peer"]))
        table.append(("poker.strength(ids)", "eval7.evaluate", t["ids"], t["peer"]))

    try:
        import pokerkit
    except ImportError:
        pokerkit = None
    if pokerkit is not None:
        m = min(a.n, 1000)  # pokerkit is slow: fewer hands
        pk = [compat.to_pokerkit(h) for h in ids[:m]]
        assert [poker.strength(h) for h in pk] == want[:m]
        hi = pokerkit.StandardHighHand
        t = _rows({"peer": lambda: [hi.from_game(h[:2], h[2:]) for h in pk],
                   "ours": lambda: [poker.strength(h) for h in pk]}, m, a.repeats)
        table.append(("poker.strength(pokerkit Cards)", "StandardHighHand.from_game",
                      t["ours"], t["peer"]))

    try:
        import treys
    except ImportError:
        treys = None
    if treys is not None:
        ck = compat.to_treys(hands)
        ck_lists = [(r[:5], r[5:]) for r in ck.tolist()]
        ev = treys.Evaluator()
        assert compat.strength_from_rank(np.array([ev.evaluate(b, h) for b, h in ck_lists])
                                         ).tolist() == want
        t = _rows({"peer": lambda: [ev.evaluate(b, h) for b, h in ck_lists],
                   "ours": lambda: poker.evaluate_many(compat.from_treys(ck))}, a.n, a.repeats)
        table.append(("evaluate_many(from_treys(array))", "Evaluator.evaluate", t["ours"],
                      t["peer"]))

    print(f"{a.n:,} random 7-card hands, {a.repeats} repeats, medians; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'handrank call':36s} {'ns/hand':>9s}  {'peer call':28s} {'ns/hand':>10s} "
          f"{'speed-up':>9s}")
    for ours, peer, t_ours, t_peer in table:
        print(f"{ours:36s} {t_ours:9,.0f}  {peer:28s} {t_peer:10,.0f} {t_peer / t_ours:8.1f}x")


if __name__ == "__main__":
    main()
