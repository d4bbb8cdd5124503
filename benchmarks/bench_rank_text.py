#!/usr/bin/env python
"""``handrank rank`` on a text file vs ``evaluate_many`` on the same hands' ids (issue 15).

    python benchmarks/bench_rank_text.py            # 1,000,000 lines, about 20 s
    python benchmarks/bench_rank_text.py --quick    # 100,000 lines, a few seconds
    python benchmarks/bench_rank_text.py --markdown-out rank.md

Writes seeded random 7-card hands as text (``As Kd Qh ...`` and ``AsKdQh...``), then
times, in this process, one thread:

1. ``evaluate_many`` on the ``(N, 7)`` ``uint8`` ids (the evaluation alone);
2. ``handrank rank --summary-only`` on each file (read, parse, evaluate, summary),
   through ``handrank.cli.main``, so the interpreter's start is not counted;
3. the Python text path it replaced (``read_chunks`` + ``parse_text_chunk`` +
   evaluation by length), once, for the record.

Target: rank costs at most 100 ns per hand on top of evaluation (row 2 minus row 1).
Medians of the repeats in CPU time of this process (``time.process_time``: one
thread, so a busy machine's waiting is not counted) and, beside it, wall time, with
the load average printed (the machine is shared: read the wall figures with it).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
import time

import numpy as np

from handrank import cards, poker
from handrank.cli import main
from handrank.cli.files import InputFile, group_by_length, parse_text_chunk, read_chunks


def _median(fn, repeats: int) -> tuple[float, float]:
    """Median (CPU seconds of this process, wall seconds) of ``repeats`` calls."""
    fn()  # warm-up (page cache, imports, tables)
    cpu, wall = [], []
    for _ in range(repeats):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall)


def _rank(path: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        rc = main(["rank", "--summary-only", "--no-progress", "--threads", "1", path])
    assert rc == 0, rc


def _python_path(path: str) -> int:
    n = 0
    with open(path, "rb") as f:
        for chunk in read_chunks(InputFile(path, f, None, False), 100_000):
            good, _ = parse_text_chunk(chunk)
            for _, arr in group_by_length(good.hands):
                n += len(poker.evaluate_many(arr))
    return n


def main_(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="100,000 lines, fewer repeats")
    ap.add_argument("--lines", type=int, default=None)
    ap.add_argument("--repeats", type=int, default=None)
    ap.add_argument("--markdown-out", default=None)
    args = ap.parse_args(argv)
    n = args.lines or (100_000 if args.quick else 1_000_000)
    repeats = args.repeats or (3 if args.quick else 7)
    ids = cards.deal(n, 7, seed=15)
    names = np.array([cards.format_card(c) for c in range(52)])
    rows: list[tuple[str, tuple[float, float]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        spaced, compact = os.path.join(tmp, "spaced.txt"), os.path.join(tmp, "compact.txt")
        text = names[ids]
        with open(spaced, "w") as f:
            f.write("\n".join(" ".join(r) for r in text.tolist()) + "\n")
        with open(compact, "w") as f:
            f.write("\n".join("".join(r) for r in text.tolist()) + "\n")
        load0 = os.getloadavg()
        t_eval = _median(lambda: poker.evaluate_many(ids, threads=1), repeats)
        rows.append(("evaluate_many, (N, 7) uint8 ids", t_eval))
        t_sp = _median(lambda: _rank(spaced), repeats)
        rows.append(("handrank rank -s, 'As Kd Qh Jc Tc 9s 8s' lines", t_sp))
        t_co = _median(lambda: _rank(compact), repeats)
        rows.append(("handrank rank -s, 'AsKdQhJcTc9s8s' lines", t_co))
        c, w = time.process_time(), time.perf_counter()
        assert _python_path(spaced) == n
        rows.append(("before: read_chunks + parse_text_chunk + evaluate (once)",
                     (time.process_time() - c, time.perf_counter() - w)))
        load1 = os.getloadavg()
    lines = [f"rank vs evaluate_many, {n:,} 7-card hands, one thread, median of {repeats}; "
             f"load average {load0[0]:.2f} before, {load1[0]:.2f} after",
             "", "| path | CPU ms | ns per hand (CPU) | on top of evaluation, ns per hand (CPU) "
                 "| wall ms |",
             "|---|---:|---:|---:|---:|"]
    for name, (cpu, wall) in rows:
        extra = "-" if name.startswith("evaluate_many") else f"{(cpu - t_eval[0]) / n * 1e9:,.0f}"
        lines.append(f"| {name} | {cpu * 1e3:,.1f} | {cpu / n * 1e9:,.1f} | {extra} "
                     f"| {wall * 1e3:,.1f} |")
    worst = (max(t_sp[0], t_co[0]) - t_eval[0]) / n * 1e9
    lines.append("")
    lines.append(f"target: at most 100 ns per hand on top of evaluation (CPU): "
                 f"{'met' if worst <= 100 else 'NOT met'} ({worst:.0f} ns)")
    report = "\n".join(lines)
    print(report)
    if args.markdown_out:
        with open(args.markdown_out, "w") as f:
            f.write(report + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main_())
