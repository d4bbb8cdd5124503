"""``cards.deal`` against the evaluation of the hands it deals, in the same run.

    python benchmarks/bench_deal.py [--repeat N] [--rows N]

For k = 5, 7 and 52 cards per row: ``cards.deal(n, k, seed)`` ns per row, and for
k = 5 and 7 ``poker.evaluate_many`` (one thread) ns per hand on the rows just
dealt, with the ratio deal / evaluate (issue 11's target: at most 5x for 7
cards). Process CPU time, medians of N rounds with deal and evaluate alternating,
so both see the same load (printed).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from handrank import cards, poker


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=9, help="rounds (median; default 9)")
    ap.add_argument("--rows", type=int, default=1_000_000, help="rows per call")
    args = ap.parse_args()
    n = args.rows
    print(f"cards.deal vs poker.evaluate_many, {n:,} rows, median of {args.repeat}; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"  {'k':>3s} {'deal ns/row':>12s} {'evaluate ns/hand':>17s} {'deal / evaluate':>16s}")
    for k in (5, 7, 52):
        td, te = [], []
        for r in range(args.repeat):
            t = time.process_time()
            rows = cards.deal(n, k, seed=r)
            td.append(time.process_time() - t)
            if k <= 7:
                t = time.process_time()
                poker.evaluate_many(rows, threads=1)
                te.append(time.process_time() - t)
        d = statistics.median(td) / n * 1e9
        if te:
            e = statistics.median(te) / n * 1e9
            print(f"  {k:3d} {d:12.1f} {e:17.2f} {d / e:15.1f}x")
        else:
            print(f"  {k:3d} {d:12.1f} {'-':>17s} {'-':>16s}")
    print(f"load average now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
