#!/usr/bin/env python
"""Omaha evaluation and equity speed against phevaluator, pokerkit and poker-equity,
in one run, as ratios.

    python benchmarks/bench_omaha.py            # full run (a few minutes)
    python benchmarks/bench_omaha.py --quick    # smoke run, a few seconds
    python benchmarks/bench_omaha.py --markdown # the tables as Markdown
    python benchmarks/bench_omaha.py --equity   # the equity table only

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

Equity table (``omaha.equity`` against poker-equity's ``omaha`` / ``omaha_hi_lo``
variants, the same spots, ns per showdown = per deal dealt, all players ranked):

* PLO4 exact on the flop: heads-up, 20 seeded random flop spots (820 boards each),
  one call per spot, both libraries;
* PLO4 exact preflop heads-up (1,086,008 boards; full run only): handrank on 1 and
  2 threads, poker-equity on its default threads (it takes no thread count here);
* PLO4 Monte Carlo preflop, heads-up and 6-handed, high and Hi-Lo: the same number
  of deals, one thread each (``chunk_from_text(..., threads=1)``).

Exact results are checked to agree (equity to 1e-12) before timing.
"""

from __future__ import annotations

import argparse
import os
import platform
from collections.abc import Callable

import numpy as np

from handrank import omaha
from handrank.cards import format_cards
from _peers import load_average, poker_equity_or_none, timings  # noqa: E402 (benchmarks/ is the script folder)

SEED = 20261202




def deals(n: int, h: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random deals: ``(n, h)`` holes and ``(n, 5)`` boards, uint8, distinct cards."""
    rng = np.random.default_rng(seed)
    rows = np.argsort(rng.random((n, 52)), axis=1)[:, :h + 5].astype(np.uint8)
    return np.ascontiguousarray(rows[:, :h]), np.ascontiguousarray(rows[:, h:])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few repeats")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--equity", action="store_true", help="the equity table only")
    args = ap.parse_args()
    if args.equity:
        return equity_table(args)
    n = 100_000 if args.quick else 1_000_000
    reps = 3 if args.quick else 9
    n_py = 3_000 if args.quick else 30_000
    n_pk = 100 if args.quick else 1_000

    rows: list[tuple[str, float, float, str]] = []  # (what, median s/hand, best s/hand, note)

    def add(name: str, fn: Callable[[], object], count: int, note: str = "") -> None:
        med, best = timings(fn, reps)
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
    print()
    return equity_table(args)




def equity_table(args: argparse.Namespace) -> int:
    """handrank's Omaha equity against poker-equity's, in the same run (see the docstring)."""
    pe = poker_equity_or_none()
    reps = 3 if args.quick else 7
    rng = np.random.default_rng(SEED)
    text = lambda ids: format_cards(ids, sep="")  # noqa: E731
    spots = []
    for _ in range(5 if args.quick else 20):
        d = rng.permutation(52)[:11].tolist()
        spots.append(([text(d[:4]), text(d[4:8])], text(d[8:11])))
    # rows: (what, deals per call, handrank fn, peer fn or None, note)
    rows: list[tuple[str, int, Callable[[], object], Callable[[], object] | None, str]] = []
    flop_deals = 820 * len(spots)
    if pe is not None:
        for holes, board in spots:
            ours = omaha.equity(holes, board)
            theirs = pe.exact_from_text("omaha", holes, board)
            assert theirs["samples"] == ours.deals and all(
                abs(p.equity - q["equity"]) < 1e-12
                for p, q in zip(ours.players, theirs["players"]))
    rows.append(("PLO4 exact, flop, heads-up", flop_deals,
                 lambda: [omaha.equity(h, b) for h, b in spots],
                 None if pe is None else
                 lambda: [pe.exact_from_text("omaha", h, b) for h, b in spots],
                 f"{len(spots)} spots x 820 boards"))
    hu = list(spots[0][0])
    if not args.quick:
        pre = 1_086_008
        rows.append(("PLO4 exact, preflop, heads-up", pre, lambda: omaha.equity(hu),
                     None if pe is None else lambda: pe.exact_from_text("omaha", hu),
                     "handrank 1 thread; poker-equity its default threads"))
        rows.append(("PLO4 exact, preflop, heads-up, threads=2", pre,
                     lambda: omaha.equity(hu, threads=2), None, "2 cores, shared"))
    n = 20_000 if args.quick else 200_000
    d = rng.permutation(52)[:24].tolist()
    six = [text(d[4 * i:4 * i + 4]) for i in range(6)]
    for players, label in ((hu, "heads-up"), (six, "6-handed")):
        for hilo, variant in ((False, "omaha"), (True, "omaha_hi_lo")):
            rows.append((f"PLO4 Monte Carlo, preflop, {label}{', Hi-Lo' if hilo else ''}", n,
                         lambda p=players, h=hilo: omaha.equity(p, hilo=h, samples=n, seed=1),
                         None if pe is None else
                         lambda p=players, v=variant: pe.chunk_from_text(v, p, "", samples=n,
                                                                         seed=1, threads=1),
                         f"{n:,} deals, 1 thread each"))
    print(f"# Omaha equity, {platform.machine()}, {platform.python_version()}, {load_average()}")
    if args.markdown:
        print("| what | handrank ns/showdown (median) | poker-equity ns/showdown | "
              "poker-equity / handrank | note |")
        print("|---|---:|---:|---:|---|")
    for name, count, ours_fn, peer_fn, note in rows:
        ours_t = timings(ours_fn, reps)[0] / count
        peer_t = timings(peer_fn, max(1, reps // 2) if "preflop, heads-up" in name and
                       "exact" in name else reps)[0] / count if peer_fn is not None else None
        peer = f"{peer_t * 1e9:,.1f}" if peer_t is not None else "-"
        ratio = f"{peer_t / ours_t:,.1f}" if peer_t is not None else "-"
        if args.markdown:
            print(f"| {name} | {ours_t * 1e9:,.1f} | {peer} | {ratio} | {note} |")
        else:
            print(f"{name:48s} {ours_t * 1e9:10,.1f} ns  poker-equity {peer:>10s} ns  "
                  f"x{ratio:>6s}  {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
