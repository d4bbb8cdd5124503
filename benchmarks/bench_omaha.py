#!/usr/bin/env python
"""Omaha evaluation speed against phevaluator and pokerkit, in one run, as ratios.

    python benchmarks/bench_omaha.py            # full run (about a minute)
    python benchmarks/bench_omaha.py --quick    # smoke run, a few seconds
    python benchmarks/bench_omaha.py --markdown # the table as Markdown

Rows (one thread unless noted, the same seeded random deals for every row of a
hole count; a deal is h hole + 5 board cards, distinct):

* ``omaha.evaluate_many``: handrank's bulk high call on prebuilt ``(N, h)`` and
  ``(N, 5)`` ``uint8`` arrays (every row checked: ids in range, no card twice),
  for PLO4, PLO5 and PLO6, and PLO4 on 2 threads;
* ``omaha.low_many``: the eight-or-better low, same arrays;
* ``omaha.strength`` loop: one Python call per hand (card-id lists);
* ``phevaluator.evaluate_omaha_cards``: its per-hand call on card ids (board
  first, then the 4 hole cards; its current wheel has PLO4 only), looped in
  Python as its users call it;
* ``pokerkit OmahaHoldemHand.from_game``: pokerkit's Omaha evaluation on card
  text (pure Python), timed on a prefix.

Before timing, phevaluator's ranks are checked to be 7463 - handrank's
strength on every timed PLO4 deal, and pokerkit's order to agree with ours on
a prefix. Timing: ``time.perf_counter``, garbage collector off, one warm-up,
then the median (and the best) of several repeats; the load average is printed
(the machine may be shared: compare the ratios of one run, not runs).
Targets (issue 13): PLO4 bulk >= 5x phevaluator per call, >= 100x pokerkit.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import time
from collections.abc import Callable

import numpy as np

from handrank import omaha
from handrank.cards import format_cards

SEED = 20261202


def times(fn: Callable[[], object], repeats: int) -> tuple[float, float]:
    """(median, best) seconds of ``repeats`` runs after one warm-up."""
    fn()
    gc.disable()
    try:
        ts = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            fn()
            ts.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return statistics.median(ts), min(ts)


def deals(n: int, h: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random deals: ``(n, h)`` holes and ``(n, 5)`` boards, uint8, distinct cards."""
    rng = np.random.default_rng(seed)
    rows = np.argsort(rng.random((n, 52)), axis=1)[:, :h + 5].astype(np.uint8)
    return np.ascontiguousarray(rows[:, :h]), np.ascontiguousarray(rows[:, h:])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few repeats")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()
    n = 100_000 if args.quick else 1_000_000
    reps = 3 if args.quick else 9
    n_py = 3_000 if args.quick else 30_000
    n_pk = 100 if args.quick else 1_000

    rows: list[tuple[str, float, float, str]] = []  # (what, median s/hand, best s/hand, note)

    def add(name: str, fn: Callable[[], object], count: int, note: str = "") -> None:
        med, best = times(fn, reps)
        rows.append((name, med / count, best / count, note))

    data = {h: deals(n, h, SEED + h) for h in omaha.HOLE_SIZES}
    out = np.empty(n, dtype=np.int32)
    for h in omaha.HOLE_SIZES:
        holes, boards = data[h]
        add(f"omaha.evaluate_many, PLO{h}", lambda: omaha.evaluate_many(holes, boards, out=out), n,
            "checked rows, uint8")
    holes4, boards4 = data[4]
    add("omaha.evaluate_many, PLO4, threads=2",
        lambda: omaha.evaluate_many(holes4, boards4, threads=2, out=out), n, "2 cores, shared")
    for h in (4, 6):
        holes, boards = data[h]
        add(f"omaha.low_many, PLO{h}", lambda: omaha.low_many(holes, boards, out=out), n,
            "eight-or-better")
    ours4 = omaha.evaluate_many(holes4, boards4)
    hl, bl = holes4[:n_py].tolist(), boards4[:n_py].tolist()
    add("omaha.strength loop, PLO4", lambda: [omaha.strength(h, b) for h, b in zip(hl, bl)], n_py,
        "one Python call per hand")

    try:
        from phevaluator import evaluate_omaha_cards
    except ImportError:
        evaluate_omaha_cards = None
    if evaluate_omaha_cards is not None:
        items = [tuple(b) + tuple(h) for h, b in zip(hl, bl)]
        got = np.array([evaluate_omaha_cards(*c) for c in items])
        assert np.array_equal(7463 - got, ours4[:n_py]), "phevaluator disagrees with handrank"
        add("phevaluator evaluate_omaha_cards, PLO4",
            lambda: [evaluate_omaha_cards(*c) for c in items], n_py, "per call, card ids")
        try:
            h5, b5 = data[5]
            evaluate_omaha_cards(*(b5[0].tolist() + h5[0].tolist()))
        except (ValueError, NotImplementedError) as e:
            print(f"phevaluator PLO5: not supported ({type(e).__name__}: {e})")

    try:
        from pokerkit import OmahaHoldemHand
    except ImportError:
        OmahaHoldemHand = None
    if OmahaHoldemHand is not None:
        texts = [(format_cards(h, sep=""), format_cards(b, sep="")) for h, b in zip(hl[:n_pk], bl[:n_pk])]
        pk = [OmahaHoldemHand.from_game(h, b) for h, b in texts]
        for i in range(len(pk) - 1):
            a, b = int(ours4[i]), int(ours4[i + 1])
            assert (pk[i] < pk[i + 1]) == (a < b) and (pk[i] > pk[i + 1]) == (a > b), \
                "pokerkit orders hands differently"
        add("pokerkit OmahaHoldemHand.from_game, PLO4",
            lambda: [OmahaHoldemHand.from_game(h, b) for h, b in texts], n_pk, "pure Python, text")

    base = rows[0][1]
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"# Omaha evaluation, {platform.machine()}, {platform.python_version()}, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    if args.markdown:
        print("| what | ns/hand (median) | best | time / PLO4 bulk | note |")
        print("|---|---:|---:|---:|---|")
    for name, med, best, note in rows:
        ratio = med / base
        if args.markdown:
            print(f"| {name} | {med * 1e9:,.1f} | {best * 1e9:,.1f} | {ratio:,.1f} | {note} |")
        else:
            print(f"{name:45s} {med * 1e9:12,.1f} ns  (best {best * 1e9:10,.1f})  "
                  f"x{ratio:10,.1f}  {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
