"""Cost of ``equity(..., by_combo=True)`` against the plain exact run (issue 14: at most 1.3x).

Each case is timed plain and by_combo alternately in one process (``--rounds``
rounds, the median of each; process CPU time, so a loaded machine slows both alike),
and the load average is printed. ``--plain-only`` times the plain runs alone (run it
with another checkout's interpreter to compare by_combo=False before/after a change).

    python benchmarks/bench_combos.py [--rounds 7] [--plain-only]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from handrank import equity as eq

#: (name, players, board): exact runs from one combination to about a million.
CASES: list[tuple[str, list[str], str]] = [
    ("AhAd vs KsKc preflop (1 combination)", ["AhAd", "KsKc"], ""),
    ("AA vs KK preflop", ["AA", "KK"], ""),
    ("QQ+,AKs vs JJ-99,AQs+ preflop", ["QQ+, AKs", "JJ-99, AQs+"], ""),
    ("flop: QQ+,AKs vs JJ", ["QQ+, AKs", "JJ"], "2c 7d 9h"),
    ("flop 3-way: AA,KK vs QQ,JJ vs TT", ["AA, KK", "QQ, JJ", "TT"], "2c 7d 9h"),
    ("turn: 22+,A2s+,KTs+,QTs+,ATo+ vs random", ["22+, A2s+, KTs+, QTs+, ATo+", "random"],
     "Kc 7h 2d 9s"),
    ("river: random vs random", ["random", "random"], "Kc 7h 2d 9s 4c"),
]


def cpu(fn: Callable[[], Any]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--plain-only", action="store_true")
    args = ap.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print(f"{'case':45s} {'plain ms':>10s} {'by_combo ms':>12s} {'ratio':>6s}")
    worst = 0.0
    for name, players, board in CASES:
        def plain(p: list[str] = players, b: str = board) -> Any:
            return eq.equity(p, board=b or None, method="exact", threads=1)

        def combo(p: list[str] = players, b: str = board) -> Any:
            return eq.equity(p, board=b or None, method="exact", threads=1, by_combo=True)

        plain()  # warm up (imports, first allocation)
        tp: list[float] = []
        tc: list[float] = []
        for _ in range(args.rounds):
            tp.append(cpu(plain))
            if not args.plain_only:
                tc.append(cpu(combo))
        mp = statistics.median(tp) * 1e3
        if args.plain_only:
            print(f"{name:45s} {mp:10.2f}")
            continue
        mc = statistics.median(tc) * 1e3
        worst = max(worst, mc / mp)
        print(f"{name:45s} {mp:10.2f} {mc:12.2f} {mc / mp:5.2f}x")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if not args.plain_only:
        print(f"worst ratio {worst:.2f}x (target <= 1.3x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
