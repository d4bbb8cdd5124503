#!/usr/bin/env python
"""Three-card Brag evaluation speed, in one run, as a table of ratios.

    python benchmarks/bench_brag.py            # full run (about 20 seconds)
    python benchmarks/bench_brag.py --quick    # smoke run, a few seconds
    python benchmarks/bench_brag.py --markdown # the table as Markdown

Rows (one thread unless noted, the same seeded random hands for every row):

* ``evaluate_many``: handrank's bulk call on a prebuilt ``(N, 3)`` ``uint8``
  array (every row checked: ids in range, no repeated card), default rules,
  then with both [D] options off, on ``uint64`` masks, and on 2 threads;
* ``kernel only``: the same checked C kernel called directly (no Python wrapper);
* ``plain C loop``: the bare loop over the same strength table with no
  per-row checks (``_brag._plain_loop_benchmark``), the ceiling for this
  table layout; ``evaluate_many`` is reported as a fraction of it;
* ``numpy vectorised``: a straightforward whole-array numpy Brag evaluator
  (sort ranks, category masks, packed key) as a user would write without
  handrank, checked to order hands as handrank does;
* ``strength()`` loop / reference: per-hand Python calls (timed on a prefix);
* equity: exact one-opponent enumeration and a 200,000-deal Monte Carlo.

No Python Brag library exists on PyPI to compare with (searched: the names
there are unrelated projects). Timing: ``time.perf_counter``, garbage
collector off, one warm-up, best of several repeats (the machine may be shared:
the best repeat is the least disturbed one). Target: >= 300 M hands/s on one
thread for ``evaluate_many``.
"""

from __future__ import annotations

import argparse
import platform
from collections.abc import Callable

import numpy as np

from handrank.brag import _kernel as _brag
from handrank import brag
from handrank.brag import reference as ref
from _peers import timings  # noqa: E402 (benchmarks/ is the script folder)

SEED = 20261129
TARGET = 300e6




def random_hands(n: int, seed: int) -> np.ndarray:
    """``n`` random 3-card hands (distinct cards in a row) as ``(n, 3)`` uint8."""
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, 52, size=(n + n // 4 + 100, 3), dtype=np.uint8)
    ok = (rows[:, 0] != rows[:, 1]) & (rows[:, 0] != rows[:, 2]) & (rows[:, 1] != rows[:, 2])
    return np.ascontiguousarray(rows[ok][:n])  # about 94% of rows are distinct


def numpy_brag(ids: np.ndarray) -> np.ndarray:
    """A plain numpy Brag evaluator (default rules): int64 keys, higher = stronger."""
    r = np.sort(ids >> 2, axis=1)[:, ::-1].astype(np.int64)  # ranks high to low
    s = ids & 3
    suited = (s[:, 0] == s[:, 1]) & (s[:, 1] == s[:, 2])
    prial = r[:, 0] == r[:, 2]
    pair = ~prial & ((r[:, 0] == r[:, 1]) | (r[:, 1] == r[:, 2]))
    a23 = (r[:, 0] == 12) & (r[:, 1] == 1) & (r[:, 2] == 0)
    run = ((r[:, 0] == r[:, 1] + 1) & (r[:, 1] == r[:, 2] + 1)) | a23
    cat = np.select([prial, run & suited, run, suited, pair], [5, 4, 3, 2, 1], 0)
    pair_rank = r[:, 1]
    kicker = np.where(r[:, 0] == r[:, 1], r[:, 2], r[:, 0])
    tie = np.select(
        [prial, run, pair],
        [np.where(r[:, 0] == 1, 13, r[:, 0]) * 256, np.where(a23, 13, r[:, 0]) * 256,
         pair_rank * 256 + kicker * 16],
        r[:, 0] * 256 + r[:, 1] * 16 + r[:, 2])
    return cat * 4096 + tie


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few repeats")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()
    n = 300_000 if args.quick else 4_000_000
    reps = 3 if args.quick else 15
    n_py = 5_000 if args.quick else 30_000
    ids = random_hands(n, SEED)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), ids.astype(np.uint64)), axis=1)
    out = np.empty(n, dtype=np.int32)

    # Correctness before timing: numpy peer and handrank order hands alike.
    check = ids[:20_000]
    hs, ks = brag.evaluate_many(check), numpy_brag(check)
    order = np.argsort(hs, kind="stable")
    assert (np.diff(ks[order]) >= 0).all() and len(np.unique(hs)) == len(np.unique(ks)), \
        "numpy peer disagrees with handrank"

    rows: list[tuple[str, float, str]] = []  # (what, seconds per hand, note)

    def bulk(name: str, fn: Callable[[], object], count: int = n, note: str = "") -> None:
        rows.append((name, timings(fn, reps)[1] / count, note))

    bulk("evaluate_many, (N, 3) uint8", lambda: brag.evaluate_many(ids),
         note="checked; default rules")
    bulk("evaluate_many, options off", lambda: brag.evaluate_many(
        ids, prial_threes_high=False, a23_top_run=False), note="another table, same kernel")
    bulk("evaluate_many, uint64 masks", lambda: brag.evaluate_many(masks), note="checked")
    bulk("evaluate_many, threads=2", lambda: brag.evaluate_many(ids, threads=2),
         note="2 cores, shared machine")
    bulk("kernel only (_brag.eval_ids)", lambda: _brag.eval_ids(ids, out, 0, n), note="checked")
    plain = _brag._plain_loop_benchmark(ids, out, 3, reps)
    rows.append(("plain C loop, same table", plain / n, "no checks: the ceiling"))
    m = min(n, 1_000_000)
    bulk("numpy vectorised evaluator", lambda: numpy_brag(ids[:m]), count=m, note="peer")
    few = [row.tolist() for row in ids[:n_py]]
    bulk("brag.strength3() loop", lambda: [brag.strength3(a, b, c) for a, b, c in few],
         count=n_py, note="one call per hand, ids")
    bulk("brag.strength() loop", lambda: [brag.strength(h) for h in few], count=n_py,
         note="one call per hand, parsed")
    bulk("reference (pure Python)", lambda: [ref.value(h) for h in few[: n_py // 3]],
         count=n_py // 3, note="handrank.brag.reference")

    base = rows[0][1]
    print(f"Three-card Brag evaluation, {n:,} random hands; best of {reps}; "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"numpy {np.__version__}")
    header = ("what", "M hands/s", "ns/hand", "speed vs evaluate_many", "note")
    table = []
    for name, sec, note in rows:
        speed = base / sec
        table.append((name, f"{1e-6 / sec:,.1f}", f"{sec * 1e9:,.2f}",
                      f"{speed:.2f}x" if speed >= 0.1 else f"1/{1 / speed:,.0f}", note))
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" for _ in header) + "|")
        for r in table:
            print("| " + " | ".join(r) + " |")
    else:
        w = [max(len(h), *(len(r[i]) for r in table)) for i, h in enumerate(header)]
        print("  ".join(h.ljust(w[i]) if i in (0, 4) else h.rjust(w[i])
                        for i, h in enumerate(header)))
        for r in table:
            print("  ".join(c.ljust(w[i]) if i in (0, 4) else c.rjust(w[i])
                            for i, c in enumerate(r)))
    rate = 1 / base
    print(f"\nevaluate_many: {rate / 1e6:,.0f} M hands/s on one thread (target >= 300): "
          f"{'met' if rate >= TARGET else 'NOT met'}; "
          f"{plain / n / base:.0%} of the plain C loop over the same table.")

    t_exact = timings(lambda: brag.equity("Kc Kd 4h"), reps)[1]
    t_mc = timings(lambda: brag.equity("Kc Kd 4h", 2, samples=200_000, seed=1), max(3, reps // 3))[1]
    print(f"equity: exact vs 1 opponent (18,424 hands) {t_exact * 1e3:.2f} ms; "
          f"Monte Carlo vs 2 opponents, 200,000 deals {t_mc * 1e3:.1f} ms "
          f"({200_000 / t_mc / 1e6:.1f} M deals/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
