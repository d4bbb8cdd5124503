#!/usr/bin/env python3
"""Broken Canada benchmarks: bulk evaluation rate and exact-odds time, each next
to a plain C loop over the same tables, in the same run. No peer library
evaluates Broken Canada, so the baselines are ours:

* bulk: ``canada.evaluate_many`` (validation + kernel, one thread) against
  ``_canada.eval_unchecked``, a bare C loop calling the same per-hand function
  on the same trusted rows (no checks, no Python between rows);
* odds: ``canada.exact_odds()`` (incremental enumeration: set state once per
  set, pits precomputed) against ``exact_odds(naive=True)``, a plain C loop
  that builds and evaluates each of the 305,377,800 deals from scratch;
* for scale: the pure-Python reference, Monte Carlo equity and head-to-head play.

Usage: ``python benchmarks/bench_canada.py [--rows N] [--repeat R] [--markdown]``.
Timings are best-of-R wall-clock seconds; on a shared machine they are noisy.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from handrank.canada import _kernel as _canada
from handrank import canada
from handrank.cards import deal
from handrank.canada import reference as ref


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def _ratio(r: float) -> str:
    if math.isnan(r):
        return ""
    return f"{r:.2f}x" if r >= 0.01 else f"{r:.1e}x"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=2_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()

    hands = deal(args.rows, 6, seed=1)
    sets, pits = np.ascontiguousarray(hands[:, :4]), np.ascontiguousarray(hands[:, 4:])
    out = np.empty(args.rows, dtype=np.int32)
    rows = []

    t_c = best(lambda: _canada.eval_unchecked(hands, out), args.repeat)
    t_six = best(lambda: canada.evaluate_many(hands), args.repeat)
    t_split = best(lambda: canada.evaluate_many(sets, pits), args.repeat)
    t_two = best(lambda: canada.evaluate_many(hands, threads=2), args.repeat)
    n = args.rows
    rows.append(("plain C loop, same tables (N, 6)", n / t_c / 1e6, "M hands/s", 1.0))
    rows.append(("evaluate_many (N, 6), 1 thread", n / t_six / 1e6, "M hands/s", t_c / t_six))
    rows.append(("evaluate_many (N, 4) + (N, 2), 1 thread", n / t_split / 1e6, "M hands/s",
                 t_c / t_split))
    rows.append(("evaluate_many (N, 6), 2 threads", n / t_two / 1e6, "M hands/s", t_c / t_two))

    small = hands[:2000].tolist()
    t_ref = best(lambda: [ref.category_row(h[:4], h[4:]) for h in small], 1)
    rows.append(("pure-Python reference", len(small) / t_ref / 1e6, "M hands/s",
                 len(small) * t_c / (t_ref * n)))

    odds_repeat = max(1, args.repeat // 2)
    t_naive = best(lambda: canada.exact_odds(naive=True), odds_repeat)
    t_odds = best(lambda: canada.exact_odds(), odds_repeat)
    t_odds2 = best(lambda: canada.exact_odds(threads=2), odds_repeat)
    rows.append(("odds: plain C loop, every deal from scratch", t_naive, "s", 1.0))
    rows.append(("odds: exact_odds(), 1 thread (target <= 30 s)", t_odds, "s", t_naive / t_odds))
    rows.append(("odds: exact_odds(threads=2)", t_odds2, "s", t_naive / t_odds2))

    samples = 1_000_000
    t_eq = best(lambda: canada.equity("Ac 3d 5h 7s", "Kc 9d", 3, samples=samples, seed=1), 2)
    rows.append(("equity, 3 opponents, 1 thread", samples / t_eq / 1e6, "M samples/s", float("nan")))
    t_eq2 = best(lambda: canada.equity("Ac 3d 5h 7s", "Kc 9d", 3, samples=samples, seed=1,
                                       threads=2), 2)
    rows.append(("equity, 3 opponents, 2 threads", samples / t_eq2 / 1e6, "M samples/s",
                 float("nan")))
    deals = 200
    t_h2h = best(lambda: canada.head_to_head("greedy", "stand-pat", deals, seed=1), 2)
    rows.append(("head_to_head greedy vs stand-pat (2 plays a deal)", deals / t_h2h, "deals/s",
                 float("nan")))

    if args.markdown:
        print("| measurement | value | unit | vs plain C loop |")
        print("|---|---:|---|---:|")
        for name, v, unit, ratio in rows:
            print(f"| {name} | {v:.3g} | {unit} | {_ratio(ratio)} |")
    else:
        w = max(len(r[0]) for r in rows)
        print(f"{'measurement':<{w}}  {'value':>10}  {'unit':<12} vs plain C loop")
        for name, v, unit, ratio in rows:
            print(f"{name:<{w}}  {v:>10.3g}  {unit:<12} {_ratio(ratio)}")
    print(f"\n{args.rows:,} random one-deck hands; best of {args.repeat} "
          f"({odds_repeat} for odds); ratio > 1 = faster than the plain C loop "
          f"(for odds: deals per second vs the naive loop).")


if __name__ == "__main__":
    main()
