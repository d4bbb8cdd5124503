#!/usr/bin/env python
"""The four poker input paths side by side, in one run (ratios; tests never time).

    python benchmarks/bench_poker_paths.py            # full run, about half a minute
    python benchmarks/bench_poker_paths.py --quick    # smoke run, a few seconds
    python benchmarks/bench_poker_paths.py --markdown-out paths.md

Each row times a call on the same seeded random 7-card hands, with its baseline
in the same run:

1. ``poker.strength(list of 7 ids)`` vs ``eval7.evaluate(list of 7 eval7.Card)``
   (each library's per-hand call on its own prebuilt input, in a ``for`` loop);
   target: handrank at least 2x faster.
2. ``poker.evaluate("As Ks ...")`` (the rich HandValue: category, name, words,
   best five) vs ``phevaluator.evaluate_cards(*texts)`` (an int) on the same
   card text; target: handrank at least 3x faster.
3. ``poker.evaluate_many`` on numpy's default ``int64`` ids vs ``uint8`` ids;
   target: int64 costs at most 1.5x uint8.
4. ``poker.evaluate_many`` on text rows (a list of ``"As Ks ..."`` strings, and a
   pandas column when pandas is installed) vs ``uint8`` ids, ns per hand; before
   the compiled row parser a list of strings cost 4,470 ns/hand.

A second table (issue 11) puts each speed row next to the "limit of this
design", a plain C loop over the same tables with no checks
(``_poker._plain_loop_benchmark``, ``_poker._plain_enumeration_benchmark``),
and gives it as a fraction of that limit (limit time / row time; 1.0 = as fast
as the bare loop, above 1 = faster):

5. ``evaluate_many`` on ``uint8`` (N, 7) ids, one thread, vs the plain loop
   (target 2.0 ns/hand), and vs phevaluator's ``_pheval.evaluate_7cards(*ids)``
   in a Python loop (target 55x);
6. ``evaluate_many(..., threads=2)`` vs one thread, wall time (target 1.8x;
   needs two idle cores: the other-load column says whether it had them);
7. ``strength_counts(7)`` vs the plain seven nested loops (target 120 ms).

These single-thread rows are timed in the calling thread's CPU time
(``time.thread_time``, the clock the plain-loop functions use too), which a busy
machine disturbs far less than wall time; the two-thread row uses wall time.

Timing: one warm-up, then repeats with the GC off, each row's call and its
baseline alternating (so a burst of load from other processes hits both); the
table gives the median repeat (and the best), ratios use medians. Every row's results are checked
against ``strength7`` first. The machine load (load average, and the cores other
processes kept busy during each row, from /proc/stat) is printed with the table.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _peers import CARD_TEXT, random_hands  # noqa: E402
from compare_peers import (  # noqa: E402
    Timing,
    abort,
    fmt_ns,
    _system_cpu,
    machine_info,
    measure,
    order_mismatches,
)

from handrank import poker  # noqa: E402

#: ns per hand of text rows before the compiled row parser (the issue's figure).
TEXT_ROWS_BEFORE_NS = 4470


def paired(fa: Callable[[], Any], fb: Callable[[], Any], n: int,
           repeats: int) -> tuple[Timing, Timing | None]:
    """Time ``fa`` and ``fb`` (each handling ``n`` hands) in alternation, one
    repeat of each in turn after a warm-up, so that a burst of load from other
    processes hits both sides of a ratio alike. GC off; ``others`` = cores other
    processes kept busy over the whole pair (Linux)."""
    walls: tuple[list[float], list[float]] = ([], [])
    fa()
    fb()
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    sys0, c0, w0 = _system_cpu(), time.process_time(), time.perf_counter()
    try:
        for _ in range(repeats):
            for side, fn in enumerate((fa, fb)):
                t0 = time.perf_counter()
                fn()
                walls[side].append(time.perf_counter() - t0)
    finally:
        if was_enabled:
            gc.enable()
    w_all, c_all, sys1 = time.perf_counter() - w0, time.process_time() - c0, _system_cpu()
    others = None
    if sys0 and sys1 and sys1[1] > sys0[1] and w_all > 0:
        busy = (sys1[0] - sys0[0]) / (sys1[1] - sys0[1]) * (os.cpu_count() or 1)
        others = max(0.0, busy - c_all / w_all)
    ta, tb = (Timing(n, min(w) / n, statistics.median(w) / n, c_all / w_all, others)
              for w in walls)
    return ta, tb


def cpu_paired(fa: Callable[[], Any], fb: Callable[[], Any],
               repeats: int) -> tuple[list[float], list[float]]:
    """Seconds of this thread's CPU time per call of ``fa`` and of ``fb``,
    alternating, after one warm-up each, GC off. A function that returns a float
    (the plain-loop benchmarks) reports its own timed part instead."""
    res: tuple[list[float], list[float]] = ([], [])
    fa()
    fb()
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeats):
            for side, fn in enumerate((fa, fb)):
                t0 = time.thread_time()
                r = fn()
                t = time.thread_time() - t0
                res[side].append(r if isinstance(r, float) else t)
    finally:
        if was_enabled:
            gc.enable()
    return res


def limit_table(hands: np.ndarray, repeats: int, emit: Callable[[str], None],
                with_pheval: bool) -> None:
    """Issue 11's rows next to the plain C loops over the same tables (see the
    module docstring, rows 5-7)."""
    from handrank.poker import _kernel as _poker
    n = len(hands)
    out = np.empty(n, dtype=np.int32)
    want = poker.evaluate_many(hands)
    _poker._plain_loop_benchmark(hands, out, 1)
    if not np.array_equal(out, want):
        abort("_plain_loop_benchmark != evaluate_many")
    counts = poker.strength_counts(7)
    t_plain_enum, hist = _poker._plain_enumeration_benchmark(1)
    if not np.array_equal(hist, counts):
        abort("_plain_enumeration_benchmark != strength_counts(7)")
    rows: list[tuple[str, str, float, str, float, str, str]] = []
    reps = repeats * 3
    hr, limit = cpu_paired(lambda: poker.evaluate_many(hands),
                           lambda: _poker._plain_loop_benchmark(hands, out, 1), reps)
    m_hr, m_lim = statistics.median(hr) / n, statistics.median(limit) / n
    rows.append(("5. bulk 7-card ids, 1 thread", "`evaluate_many(uint8 (N, 7))`", m_hr,
                 "plain C loop over the same tables", m_lim, "≤ 2.0 ns/hand",
                 "yes" if m_hr <= 2.0e-9 else "NO"))
    if with_pheval:
        from phevaluator import _pheval
        ev7 = _pheval.evaluate_7cards
        rows_py = [tuple(r) for r in hands[:min(n, 200_000)].tolist()]

        def ph_loop() -> None:
            for r in rows_py:
                ev7(*r)
        ph, hr2 = cpu_paired(ph_loop, lambda: poker.evaluate_many(hands), max(3, repeats // 2))
        ratio = (statistics.median(ph) / len(rows_py)) / (statistics.median(hr2) / n)
        emit(f"- phevaluator `_pheval.evaluate_7cards(*ids)` loop: "
             f"{fmt_ns(statistics.median(ph) / len(rows_py))} ns/hand; `evaluate_many` is "
             f"**{ratio:.1f}×** faster in the same run (target ≥ 55×: "
             f"{'yes' if ratio >= 55 else 'NO'}).")
    t1, t2 = paired(lambda: poker.evaluate_many(hands, threads=1),
                    lambda: poker.evaluate_many(hands, threads=2), n, reps)
    rows.append(("6. bulk, 2 threads (wall)", "`evaluate_many(..., threads=2)`", t2.median,
                 "the same call, 1 thread (wall)", t1.median, "≥ 1.8× one thread",
                 f"{'yes' if t1.median / t2.median >= 1.8 else 'NO'} "
                 f"({t1.median / t2.median:.2f}×, other load {t2.others or 0:.2f} cores)"))
    ce, cl = cpu_paired(lambda: poker.strength_counts(7),
                        lambda: _poker._plain_enumeration_benchmark(1)[0], max(3, repeats // 3))
    m_e, m_l = statistics.median(ce), statistics.median(cl)
    rows.append(("7. all 133,784,560 7-card hands", "`strength_counts(7)`", m_e,
                 "plain 7 nested loops over the same tables", m_l, "≤ 120 ms",
                 "yes" if m_e <= 0.120 else "NO"))
    emit("| row | handrank call | time | limit of this design | limit time | "
         "fraction of the limit | target | met |")
    emit("|---|---|---:|---|---:|---:|---|---|")
    for row, call, t, base, tb, target, met in rows:
        unit = (lambda x: f"{x * 1e3:.1f} ms") if t > 1e-3 else (lambda x: f"{fmt_ns(x)} ns/hand")
        emit(f"| {row} | {call} | {unit(t)} | {base} | {unit(tb)} | {tb / t:.2f} | "
             f"{target} | {met} |")
    emit()
    emit("Fraction of the limit = limit time / row time (1.0 = as fast as the bare loop). "
         "Rows 5 and 7 and the phevaluator ratio: medians of this thread's CPU time; "
         "row 6: wall medians.")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few repeats")
    ap.add_argument("--markdown-out", metavar="FILE", help="also write the report to FILE")
    ap.add_argument("--seed", type=int, default=20240607)
    args = ap.parse_args(argv)
    n_single = 5_000 if args.quick else 50_000
    n_bulk = 100_000 if args.quick else 1_000_000
    n_text = 20_000 if args.quick else 200_000
    repeats = 3 if args.quick else 9

    out: list[str] = []

    def emit(s: str = "") -> None:
        print(s, flush=True)
        out.append(s)

    try:
        import eval7
    except ImportError:
        eval7 = None
    try:
        import phevaluator
    except ImportError:
        phevaluator = None
    try:
        import pandas
    except ImportError:
        pandas = None

    hands = random_hands(n_bulk, args.seed)
    ids = hands[:n_single].tolist()
    texts = [" ".join(CARD_TEXT[c] for c in h) for h in ids]
    want = [poker.strength7(*h) for h in ids]
    # Correctness first: every timed call gives strength7's answer (or the same order).
    if [poker.strength(h) for h in ids] != want:
        abort("poker.strength(list) != strength7")
    if [poker.evaluate(t).strength for t in texts] != want:
        abort("poker.evaluate(text) != strength7")
    h64 = hands.astype(np.int64)
    ref_bulk = poker.evaluate_many(hands)
    if not np.array_equal(poker.evaluate_many(h64), ref_bulk):
        abort("evaluate_many(int64) != evaluate_many(uint8)")
    text_rows = [" ".join(CARD_TEXT[c] for c in h) for h in hands[:n_text].tolist()]
    if not np.array_equal(poker.evaluate_many(text_rows), ref_bulk[:n_text]):
        abort("evaluate_many(text rows) != evaluate_many(uint8)")
    e7_hands = [[eval7.Card(CARD_TEXT[c]) for c in h] for h in ids] if eval7 else None
    ph_texts = [t.split() for t in texts]
    if eval7:
        e7 = np.array([eval7.evaluate(h) for h in e7_hands[:1000]], dtype=np.int64)
        if order_mismatches(np.array(want[:1000]), e7)[0]:
            abort("eval7.evaluate orders hands differently from strength7")
    if phevaluator:
        ph = np.array([phevaluator.evaluate_cards(*t) for t in ph_texts[:2000]])
        if not np.array_equal(7463 - ph, want[:2000]):
            abort("phevaluator.evaluate_cards disagrees with strength7")

    emit("# handrank poker input paths: the four ratios")
    emit()
    for k, v in machine_info():
        emit(f"- **{k}**: {v}")
    emit(f"- **settings**: {'--quick' if args.quick else 'full run'}, seed {args.seed}, "
         f"{repeats} repeats after 1 warm-up, GC off, one thread; medians (best in brackets)")
    emit()

    table: list[tuple[str, str, Timing, str, Timing | None, str, str]] = []

    def loop(fn: Callable[[Any], Any], items: list[Any]) -> Callable[[], None]:
        def go() -> None:
            for x in items:
                fn(x)
        return go

    # 1. strength(list of ids) vs eval7.evaluate
    if eval7:
        t_hr, t_e7 = paired(loop(poker.strength, ids), loop(eval7.evaluate, e7_hands),
                            len(ids), repeats)
    else:
        t_hr, t_e7 = measure(loop(poker.strength, ids), len(ids), repeats), None
    table.append(("1. single hand, ids", "`poker.strength([7 ids])`", t_hr,
                  "`eval7.evaluate([7 Card])`", t_e7, "≥ 2×", "speedup"))

    # 2. evaluate(text) vs phevaluator.evaluate_cards(*texts)
    if phevaluator:
        ev = phevaluator.evaluate_cards

        def ph_loop() -> None:
            for t in ph_texts:
                ev(*t)
        t_hr, t_ph = paired(loop(poker.evaluate, texts), ph_loop, len(texts), repeats)
    else:
        t_hr, t_ph = measure(loop(poker.evaluate, texts), len(texts), repeats), None
    table.append(("2. single hand, text, rich result", '`poker.evaluate("As Ks ...")`', t_hr,
                  "`phevaluator.evaluate_cards(*texts)`", t_ph, "≥ 3×", "speedup"))

    # 3. evaluate_many int64 vs uint8
    bulk_repeats = repeats * 3
    t_64, t_u8 = paired(lambda: poker.evaluate_many(h64), lambda: poker.evaluate_many(hands),
                        n_bulk, bulk_repeats)
    table.append(("3. bulk ids, numpy default int64", "`evaluate_many(int64 (N, 7))`", t_64,
                  "`evaluate_many(uint8 (N, 7))`", t_u8, "≤ 1.5×", "cost"))

    # 4. text rows vs uint8 ids
    ids_text = hands[:n_text]
    t_txt, t_u8 = paired(lambda: poker.evaluate_many(text_rows),
                         lambda: poker.evaluate_many(ids_text), n_text, repeats)
    table.append(("4. bulk text rows", "`evaluate_many(list of str)`", t_txt,
                  "`evaluate_many(uint8 (N, 7))`", t_u8,
                  f"< {TEXT_ROWS_BEFORE_NS:,} ns/hand (before)", "cost"))
    if pandas is not None:
        col = pandas.Series(text_rows)
        t_pd, t_u8 = paired(lambda: poker.evaluate_many(col),
                            lambda: poker.evaluate_many(ids_text), n_text, repeats)
        table.append(("4. bulk text rows", "`evaluate_many(pandas str column)`", t_pd,
                      "`evaluate_many(uint8 (N, 7))`", t_u8,
                      f"< {TEXT_ROWS_BEFORE_NS:,} ns/hand (before)", "cost"))

    emit("| path | handrank call | ns/hand | baseline | baseline ns/hand | ratio | target | met | "
         "other load |")
    emit("|---|---|---:|---|---:|---:|---|---|---:|")
    for path, call, t, base, tb, target, how in table:
        if tb is None:
            ratio, met = "n/a", "n/a (baseline not installed)"
        elif how == "speedup":
            r = tb.median / t.median
            ratio = f"{r:.2f}× faster"
            met = "yes" if r >= float(target.strip("≥ ×")) else "NO"
        else:
            r = t.median / tb.median
            ratio = f"{r:.2f}× the cost"
            if target.startswith("≤"):
                met = "yes" if r <= float(target.strip("≤ ×")) else "NO"
            else:
                met = "yes" if t.median * 1e9 < TEXT_ROWS_BEFORE_NS else "NO"
        base_ns = f"{fmt_ns(tb.median)} ({fmt_ns(tb.best)})" if tb else "n/a"
        others = f"{t.others:.2f}" if t.others is not None else "?"
        emit(f"| {path} | {call} | {fmt_ns(t.median)} ({fmt_ns(t.best)}) | {base} | {base_ns} | "
             f"{ratio} | {target} | {met} | {others} |")
    emit()
    emit("`other load`: cores kept busy by other processes while the handrank row ran "
         f"(from /proc/stat; this machine has {os.cpu_count()} logical CPUs).")
    emit()
    limit_table(hands, repeats, emit, phevaluator is not None)
    if hasattr(os, "getloadavg"):
        emit(f"Load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}.")
    if args.markdown_out:
        Path(args.markdown_out).write_text("\n".join(out) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
