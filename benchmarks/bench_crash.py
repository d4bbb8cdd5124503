"""Crash setting speed: per 13-card holding, both strategies vs the brute-force
pure-Python reference, in the same run, as ratios.

    python benchmarks/bench_crash.py            # about 15 seconds
    python benchmarks/bench_crash.py --quick    # a few seconds, rough numbers

Rows:

* ``lexicographic`` / ``expected-points`` bulk: ``crash.set_many`` over N seeded
  holdings on one thread (time per holding = best of R runs / N);
* the same strategies through ``crash.set_hand`` one holding at a time (the
  per-call cost a game engine pays: parsing, validation, result object);
* the brute-force reference (``handrank.crash.reference.lexicographic_setting``,
  all 200,200 settings) on a few holdings.

Ratios are against the reference's time per holding. Wall-clock, best of R: on a
shared machine other load shows up directly.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from handrank import crash
from handrank.cards import deal
from handrank.crash import reference as ref


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seed", type=int, default=20261129)
    args = ap.parse_args()
    n_bulk, n_single, n_ref, repeat = (2_000, 200, 1, 3) if args.quick else (20_000, 2_000, 3, 5)
    holdings = deal(n_bulk, 13, seed=args.seed)
    lists = [[int(c) for c in row] for row in holdings[:n_single]]
    crash.set_many(holdings[:10], "expected-points")  # load tables, warm up

    rows = []
    t_ref = best_of(lambda: [ref.lexicographic_setting(h) for h in lists[:n_ref]], 1) / n_ref
    for strat in crash.STRATEGIES:
        t = best_of(lambda strat=strat: crash.set_many(holdings, strat, threads=1), repeat) / n_bulk
        rows.append((f"{strat}, set_many (bulk, 1 thread)", t))
        t = best_of(lambda strat=strat: [crash.set_hand(h, strat) for h in lists], repeat) / n_single
        rows.append((f"{strat}, set_hand (one call per holding)", t))
    rows.append(("brute force, pure-Python reference (200,200 settings)", t_ref))

    print(f"Crash setting, one 13-card holding -> 4 hands + dropped card "
          f"({platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.2f}; best of {repeat})")
    print()
    print("| method | time per holding | holdings/s | speed-up vs brute force |")
    print("|---|---:|---:|---:|")
    for name, t in rows:
        unit = f"{t * 1e6:,.1f} µs" if t < 1e-3 else f"{t * 1e3:,.1f} ms"
        print(f"| {name} | {unit} | {1 / t:,.0f} | {t_ref / t:,.0f}x |")
    print()
    print("Target: <= 5 ms per holding for each strategy (both are far below).")


if __name__ == "__main__":
    main()
