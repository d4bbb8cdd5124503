#!/usr/bin/env python
"""Compare handrank's 7-card poker evaluation with its peers, in one run.

    python benchmarks/compare_peers.py                 # full run (about a minute)
    python benchmarks/compare_peers.py --quick         # smoke run, a few seconds
    python benchmarks/compare_peers.py --markdown-out results.md

Measures, on one thread and the same seeded random hands for every library:

(a) single call: each library's fastest per-hand Python call, called in a
    plain ``for`` loop over prebuilt inputs (ns per call, loop included);
(b) bulk: 1,000,000 random hands. handrank ``evaluate_many`` on a prebuilt
    (N, 7) uint8 array (plus extra rows: threads=2, uint64 masks, and a
    ``starmap`` loop of ``strength7``); peers: their fastest loop building the
    list of scores (``starmap``/``map``, or their batch API), timed on a prefix
    of the same hands and reported per hand;
(c) all 133,784,560 seven-card hands: handrank ``strength_counts(7)``
    (measured); every other row extrapolated from its per-hand rate in (b).

Timing: ``time.perf_counter``; one warm-up call, then several repeats with the
garbage collector off; the table shows the best (minimum) and the median
repeat, ratios and targets use the best. Before any timing every library's
scores are checked against handrank for the same order (pairwise, ties
included) on a few thousand hands; the script exits with status 2 if not.

Peers that are not installed are skipped with a note. Inputs are converted to
each library's own card type before timing (conversion not timed).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _peers import (
    ALL_7_CARD_HANDS,
    CARD_TEXT,
    Adapter,
    handrank_adapters,
    load_peers,
    masks_of,
    random_hands,
    version_of,
)

from handrank import poker

PHEVAL_LIBRARY = "phevaluator"

# Targets (from the project brief).
TARGET_SINGLE = 1.2   # handrank strength7 vs phevaluator's call, speedup
TARGET_BULK = 25.0    # handrank evaluate_many (1 thread) vs phevaluator per hand
TARGET_ALL7_S = 0.5   # strength_counts(7), seconds

# Known 7-card category counts (straight flush .. high card), for the sanity check.
SEVEN_CARD_CATEGORY_COUNTS = {
    "STRAIGHT_FLUSH": 41_584, "FOUR_OF_A_KIND": 224_848, "FULL_HOUSE": 3_473_184,
    "FLUSH": 4_047_644, "STRAIGHT": 6_180_020, "THREE_OF_A_KIND": 6_461_620,
    "TWO_PAIR": 31_433_400, "ONE_PAIR": 58_627_800, "HIGH_CARD": 23_294_460,
}

# Hands that exercise the edges (wheel, straight flush over a higher flush, ...).
EDGE_HANDS = [
    "As Ks Qs Js Ts 2c 3d",  # royal flush
    "Ah 2h 3h 4h 5h Kd Kc",  # steel wheel (5-high straight flush)
    "2h 3h 4h 5h 6h Ah Kh",  # 6-high straight flush, ace and king of the suit too
    "9h 8h 7h 6h 5h Ah Kh",  # 9-high straight flush beats the ace-high flush
    "Ac 2d 3h 4s 5c Kd Qh",  # wheel
    "Ac 2d 3h 4s 5c 6d Kh",  # 6-high straight over a wheel
    "Tc Jd Qh Ks Ac 2d 3h",  # broadway
    "Ac Ad Ah As Kc Kd Kh",  # quads, king kicker (and trips kings)
    "2c 2d 2h 2s 3c 3d 4h",  # quad deuces, four kicker
    "Kc Kd Kh Qc Qd Qh 2s",  # two trips: kings full of queens
    "Ac Ad Kc Kd Qc Qd Jh",  # three pairs
    "Ac Kc 9c 7c 5c 3c 2d",  # six clubs: ace-high flush, best five
    "Ac Kd 9h 7s 5c 3d 2h",  # high card, no straight
    "7c 5d 4h 3s 2c 9d 8h",  # 9-high straight (5-9) with a 7-5-4-3-2 trap
]


# ------------------------------------------------------------------ utilities

@dataclass
class Timing:
    n: int              # hands per repeat
    best: float         # seconds per hand, best repeat
    median: float       # seconds per hand, median repeat
    cpu_ratio: float    # process CPU time / wall time (median repeats); ~1 = one core
    others: float | None = None  # cores other processes kept busy meanwhile (Linux)


def _system_cpu() -> tuple[int, int] | None:
    """(busy, total) jiffies of the whole machine, from /proc/stat (Linux)."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    total = sum(v)
    return total - v[3] - (v[4] if len(v) > 4 else 0), total


def measure(fn: Callable[[], Any], n: int, repeats: int) -> Timing:
    """Time ``fn`` (which handles ``n`` hands): one warm-up, then ``repeats``
    runs with the GC disabled."""
    fn()
    walls, cpus = [], []
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    sys0 = _system_cpu()
    c_all = time.process_time()
    w_all = time.perf_counter()
    try:
        for _ in range(repeats):
            c0 = time.process_time()
            t0 = time.perf_counter()
            fn()
            t1 = time.perf_counter()
            c1 = time.process_time()
            walls.append(t1 - t0)
            cpus.append(c1 - c0)
    finally:
        if was_enabled:
            gc.enable()
    w_all = time.perf_counter() - w_all
    c_all = time.process_time() - c_all
    sys1 = _system_cpu()
    others = None
    if sys0 and sys1 and sys1[1] > sys0[1] and w_all > 0:
        busy_cores = (sys1[0] - sys0[0]) / (sys1[1] - sys0[1]) * (os.cpu_count() or 1)
        others = max(0.0, busy_cores - c_all / w_all)
    med = statistics.median(walls)
    return Timing(n, min(walls) / n, med / n,
                  statistics.median(cpus) / med if med > 0 else float("nan"), others)


def calibrated_items(adapter: Adapter, rows: list[tuple[int, ...]], run: str,
                     target_s: float, floor: int, cap: int) -> list[Any]:
    """Native inputs for as many of ``rows`` (a prefix) as make one run of
    ``adapter.loop``/``bulk`` last about ``target_s``, between floor and cap."""
    probe_n = min(len(rows), max(floor, 200))
    probe = adapter.prepare(rows[:probe_n])
    fn = adapter.loop if run == "loop" else adapter.bulk
    fn(probe)
    t0 = time.perf_counter()
    fn(probe)
    per = (time.perf_counter() - t0) / probe_n
    n = int(min(cap, len(rows), max(floor, target_s / max(per, 1e-9))))
    return probe if n <= probe_n else adapter.prepare(rows[:n])


def fmt_ns(sec: float) -> str:
    ns = sec * 1e9
    if ns >= 100:
        return f"{ns:,.0f}"
    return f"{ns:.2f}"


def fmt_s(sec: float) -> str:
    if sec >= 3600:
        return f"{sec / 3600:,.1f} h"
    if sec >= 60:
        return f"{sec / 60:,.1f} min"
    return f"{sec:.3f} s"


def machine_info() -> list[tuple[str, str]]:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count() or 0
    repo = Path(__file__).resolve().parent.parent
    commit = "?"
    try:
        commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True, timeout=10).stdout.strip() or "?"
        dirty = subprocess.run(["git", "-C", str(repo), "status", "--porcelain", "--", "src"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        if dirty:
            commit += " (src/ has uncommitted changes)"
    except (OSError, subprocess.SubprocessError):
        pass
    load = "?"
    if hasattr(os, "getloadavg"):
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    libs = []
    for dist in ("handrank", "phevaluator", "eval7", "treys", "pokerkit", "poker-equity"):
        libs.append(f"{dist} {version_of(dist) or 'not installed'}")
    return [
        ("CPU", f"{cpu} ({os.cpu_count()} logical CPUs, {affinity} usable)"),
        ("OS", platform.platform()),
        ("Python", f"{platform.python_implementation()} {platform.python_version()} "
                   f"({platform.python_compiler()})"),
        ("numpy", np.__version__),
        ("libraries", ", ".join(libs)),
        ("handrank commit", commit),
        ("load average at start", load),
        ("date", time.strftime("%Y-%m-%d %H:%M:%S %Z")),
    ]


# ---------------------------------------------------------- correctness check

def check_handrank_self(sample: np.ndarray) -> np.ndarray:
    """handrank's entry points agree with each other; returns the strengths."""
    rows = [tuple(r) for r in sample.tolist()]
    s7 = np.array([poker.strength7(*r) for r in rows], dtype=np.int64)
    problems = []
    if not np.array_equal(poker.evaluate_many(sample), s7):
        problems.append("evaluate_many(ids) != strength7")
    if not np.array_equal(poker.evaluate_many(sample, threads=2), s7):
        problems.append("evaluate_many(ids, threads=2) != strength7")
    if not np.array_equal(poker.evaluate_many(masks_of(sample)), s7):
        problems.append("evaluate_many(masks) != strength7")
    if not np.array_equal([poker.evaluate(list(r)).strength for r in rows], s7):
        problems.append("evaluate(ids).strength != strength7")
    if not np.array_equal([poker.strength(list(r)) for r in rows], s7):
        problems.append("strength(ids) != strength7")
    if s7.min() < poker.MIN_STRENGTH or s7.max() > poker.MAX_STRENGTH:
        problems.append("strength outside 1..7462")
    if problems:
        abort("handrank's own entry points disagree: " + "; ".join(problems))
    return s7


def order_mismatches(ref: np.ndarray, other: np.ndarray) -> tuple[int, tuple[int, int] | None]:
    """Number of pairs (i < j) whose order/tie differs, and the first one."""
    n = len(ref)
    bad = 0
    first = None
    step = 512
    for a in range(0, n, step):
        r = np.sign(ref[a:a + step, None] - ref[None, :])
        o = np.sign(other[a:a + step, None] - other[None, :])
        diff = r != o
        bad += int(diff.sum())
        if first is None and diff.any():
            i, j = np.argwhere(diff)[0]
            first = (a + int(i), int(j))
    return bad // 2, first


def check_agreement(sample: np.ndarray, hr: np.ndarray, adapters: list[Adapter]) -> list[str]:
    rows = [tuple(r) for r in sample.tolist()]
    n = len(rows)
    lines = []
    for ad in adapters:
        scores = ad.higher_better(ad.bulk(ad.prepare(rows)))
        bad, first = order_mismatches(hr, scores)
        if bad:
            i, j = first  # type: ignore[misc]
            txt = lambda k: " ".join(CARD_TEXT[c] for c in rows[k])
            abort(f"{ad.library} [{ad.call}] disagrees with handrank on {bad} of "
                  f"{n * (n - 1) // 2} pairs, e.g. [{txt(i)}] vs [{txt(j)}]: handrank "
                  f"{hr[i]} vs {hr[j]}, {ad.library} (higher = stronger) "
                  f"{scores[i]} vs {scores[j]}")
        exact = ""
        if ad.library in ("phevaluator", "treys") and np.array_equal(scores, hr - 7463):
            exact = "; scores are exactly 7463 - strength"
        lines.append(f"{ad.library} `{ad.call}`: same order and ties as handrank on all "
                     f"{n * (n - 1) // 2:,} pairs of {n:,} hands{exact}")
    return lines


def check_counts() -> str:
    counts = poker.strength_counts(7)
    if int(counts.sum()) != ALL_7_CARD_HANDS or counts[0] != 0:
        abort(f"strength_counts(7) sums to {int(counts.sum())}, expected {ALL_7_CARD_HANDS}")
    cats = poker.categories(np.arange(1, poker.MAX_STRENGTH + 1))
    per_cat = np.bincount(cats, weights=counts[1:], minlength=9).astype(np.int64)
    for name, want in SEVEN_CARD_CATEGORY_COUNTS.items():
        got = int(per_cat[poker.Category[name]])
        if got != want:
            abort(f"strength_counts(7): {name} has {got} hands, expected {want}")
    distinct = int((counts > 0).sum())
    if distinct != 4824:
        abort(f"strength_counts(7) reaches {distinct} distinct strengths, expected 4824")
    return ("handrank `strength_counts(7)`: 133,784,560 hands, the 9 known category "
            "counts, 4,824 distinct strengths")


def abort(msg: str) -> None:
    print(f"\nCORRECTNESS CHECK FAILED: {msg}\nNo timings taken.", file=sys.stderr)
    sys.exit(2)


# ----------------------------------------------------------------- the table

@dataclass
class Row:
    test: str
    library: str
    call: str
    hands: str
    best: float | None = None      # seconds per hand
    median: float | None = None
    total: str = ""
    cpu_ratio: float | None = None
    others: float | None = None
    ratio: float | None = None
    target: str = ""
    met: str = ""


def render(rows: list[Row]) -> str:
    head = ["test", "library", "call", "hands timed", "ns/hand (best)", "ns/hand (median)",
            "total", "speedup vs phevaluator", "CPU/wall", "other load", "target", "met"]
    out = ["| " + " | ".join(head) + " |", "|" + "|".join(
        ["---"] * 3 + ["---:"] * 7 + ["---"] * 2) + "|"]
    for r in rows:
        cells = [
            r.test, r.library, f"`{r.call}`", r.hands,
            fmt_ns(r.best) if r.best is not None else "",
            fmt_ns(r.median) if r.median is not None else "",
            r.total,
            f"{r.ratio:.2f}×" if r.ratio is not None else "n/a",
            f"{r.cpu_ratio:.2f}" if r.cpu_ratio is not None else "",
            f"{r.others:.2f}" if r.others is not None else "",
            r.target, r.met,
        ]
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="small sizes and few repeats (smoke run; numbers are rough)")
    ap.add_argument("--markdown-out", metavar="FILE", help="also write the report to FILE")
    ap.add_argument("--seed", type=int, default=20240607, help="numpy seed for the hands")
    args = ap.parse_args(argv)

    quick = args.quick
    n_bulk = 100_000 if quick else 1_000_000
    n_check = 1_000 if quick else 3_000
    repeats = 3 if quick else 7
    target_s = 0.02 if quick else 0.25     # wall time per repeat of a loop
    single_cap = 20_000 if quick else 200_000
    peer_bulk_cap = 20_000 if quick else 200_000
    floor = 50 if quick else 300

    out: list[str] = []

    def emit(s: str = "") -> None:
        print(s, flush=True)
        out.append(s)

    emit("# handrank vs peers: 7-card poker evaluation")
    emit()
    for k, v in machine_info():
        emit(f"- **{k}**: {v}")
    emit(f"- **settings**: {'--quick' if quick else 'full run'}, seed {args.seed}, "
         f"{n_bulk:,} bulk hands, {repeats} repeats after 1 warm-up (more for the "
         f"millisecond `evaluate_many` calls; best and median "
         f"shown; ratios and targets use the best), GC off while timing, one thread "
         f"unless a row says otherwise")
    emit()

    hr_adapters = handrank_adapters()
    peers, skipped = load_peers()
    pheval = [a for a in peers if a.library == PHEVAL_LIBRARY]

    # --- correctness -------------------------------------------------------
    sample = random_hands(n_check, args.seed + 1)
    perm_rng = np.random.default_rng(args.seed + 2)
    copies = sample[:500].copy()
    for row in copies:  # suits permuted per hand: must tie with the original
        perm = perm_rng.permutation(4)
        row[:] = (row & ~np.uint8(3)) | perm[row & 3].astype(np.uint8)
    edge = np.array([[CARD_TEXT.index(t) for t in h.split()] for h in EDGE_HANDS],
                    dtype=np.uint8)
    sample = np.concatenate([sample, copies, edge])
    t0 = time.perf_counter()
    hr_sample = check_handrank_self(sample)
    if not np.array_equal(hr_sample[n_check:n_check + 500], hr_sample[:500]):
        abort("handrank: a suit-permuted hand does not tie with the original")
    check_lines = [
        "handrank `strength7`, `evaluate_many` (ids, masks, threads=2), `evaluate`, `strength`: "
        f"identical strengths on {len(sample):,} hands",
        check_counts(),
    ]
    check_lines += check_agreement(sample, hr_sample, peers)
    emit(f"## Correctness check (passed, {time.perf_counter() - t0:.1f} s)")
    emit()
    emit(f"{len(sample):,} hands: {n_check:,} random, 500 of them again with suits permuted "
         f"(must tie), {len(EDGE_HANDS)} edge cases (wheel, steel wheel, straight flush "
         "under a higher flush, two trips, three pairs, six-card flush, ...). Each "
         "library's score is turned so higher = stronger and compared with handrank's "
         "on every pair (order and ties).")
    emit()
    for line in check_lines:
        emit(f"- {line}")
    emit()

    # --- data ----------------------------------------------------------------
    hands = random_hands(n_bulk, args.seed)
    tuples = [tuple(r) for r in hands[:max(single_cap, peer_bulk_cap)].tolist()]
    masks = masks_of(hands)

    rows: list[Row] = []

    # Loop overhead, for reference.
    n_empty = min(len(tuples), single_cap)
    empty_items = tuples[:n_empty]

    def empty_loop() -> None:
        for h in empty_items:
            pass

    t_empty = measure(empty_loop, n_empty, repeats)

    # --- (a) single call -----------------------------------------------------
    sec_a = "(a) single call"
    single: dict[str, Timing] = {}
    for ad in hr_adapters + peers:
        items = calibrated_items(ad, tuples, "loop", target_s, floor, single_cap)
        tm = measure(lambda: ad.loop(items), len(items), repeats)
        single[f"{ad.library}|{ad.call}"] = tm
        rows.append(Row(sec_a, ad.library, ad.call, f"{tm.n:,}", tm.best, tm.median,
                        cpu_ratio=tm.cpu_ratio, others=tm.others))
        del items
    ph_a = single.get(f"{pheval[0].library}|{pheval[0].call}") if pheval else None
    for r in rows:
        if ph_a is not None:
            r.ratio = ph_a.best / r.best  # type: ignore[operator]
        if r.library == "handrank" and r.call == "strength7(*ids)":
            r.target = f"≥ {TARGET_SINGLE}×"
            r.met = ("yes" if r.ratio >= TARGET_SINGLE else "NO") if r.ratio else "n/a"

    # --- (b) bulk ------------------------------------------------------------
    sec_b = f"(b) bulk {n_bulk:,}"
    bulk_rows: list[tuple[Row, Timing]] = []
    # Millisecond calls: many repeats (about 4x a loop row's repeat time in all),
    # for a steadier best and enough /proc/stat ticks for the `other load` column.
    t0 = time.perf_counter()
    poker.evaluate_many(hands)
    one_call = time.perf_counter() - t0
    bulk_repeats = int(min(300, max(repeats * 3, 4 * target_s / max(one_call, 1e-6))))

    tm = measure(lambda: poker.evaluate_many(hands), n_bulk, bulk_repeats)
    r_main = Row(sec_b, "handrank", "evaluate_many(uint8 (N,7))", f"{n_bulk:,}",
                 tm.best, tm.median, cpu_ratio=tm.cpu_ratio, others=tm.others,
                 target=f"≥ {TARGET_BULK:g}×")
    bulk_rows.append((r_main, tm))
    tm = measure(lambda: poker.evaluate_many(hands, threads=2), n_bulk, bulk_repeats)
    bulk_rows.append((Row(sec_b, "handrank", "evaluate_many(uint8 (N,7), threads=2) [2 threads]",
                          f"{n_bulk:,}", tm.best, tm.median, cpu_ratio=tm.cpu_ratio,
                          others=tm.others), tm))
    tm = measure(lambda: poker.evaluate_many(masks), n_bulk, bulk_repeats)
    bulk_rows.append((Row(sec_b, "handrank", "evaluate_many(uint64 masks (N,))",
                          f"{n_bulk:,}", tm.best, tm.median, cpu_ratio=tm.cpu_ratio,
                          others=tm.others), tm))
    hr_em = bulk_rows[0][1]

    peer_bulk: list[tuple[Adapter, Timing]] = []
    for ad in [hr_adapters[0]] + peers:
        items = calibrated_items(ad, tuples, "bulk", target_s, floor, peer_bulk_cap)
        if ad.library == "poker-equity":  # a real batch call: give it every hand
            items = ad.prepare([tuple(r) for r in hands.tolist()])
        tm = measure(lambda: ad.bulk(items), len(items), repeats)
        peer_bulk.append((ad, tm))
        bulk_rows.append((Row(sec_b, ad.library, ad.bulk_call, f"{tm.n:,}", tm.best,
                              tm.median, cpu_ratio=tm.cpu_ratio, others=tm.others), tm))
        del items
    ph_b = next((tm for ad, tm in peer_bulk if ad.library == PHEVAL_LIBRARY), None)
    for r, tm in bulk_rows:
        if ph_b is not None:
            r.ratio = ph_b.best / tm.best
    if r_main.ratio is not None:
        r_main.met = "yes" if r_main.ratio >= TARGET_BULK else "NO"
    else:
        r_main.met = "n/a"
    rows += [r for r, _ in bulk_rows]

    # --- (c) every 7-card hand -------------------------------------------------
    sec_c = "(c) all 7-card hands"
    c_repeats = 2 if quick else 5
    tm = measure(lambda: poker.strength_counts(7), ALL_7_CARD_HANDS, c_repeats)
    all7_best = tm.best * ALL_7_CARD_HANDS
    r_c = Row(sec_c, "handrank", "strength_counts(7)", f"{ALL_7_CARD_HANDS:,}",
              tm.best, tm.median, total=f"{fmt_s(all7_best)} (median "
              f"{fmt_s(tm.median * ALL_7_CARD_HANDS)})", cpu_ratio=tm.cpu_ratio,
              others=tm.others,
              target=f"≤ {TARGET_ALL7_S} s", met="yes" if all7_best <= TARGET_ALL7_S else "NO")
    c_rows = [r_c]
    c_rows.append(Row(sec_c, "handrank", "evaluate_many(uint8 (N,7)) (extrapolated from (b))",
                      "extrapolated", hr_em.best, hr_em.median,
                      total=f"{fmt_s(hr_em.best * ALL_7_CARD_HANDS)} (extrapolated)"))
    for ad, ptm in peer_bulk:
        c_rows.append(Row(sec_c, ad.library, f"{ad.bulk_call} (extrapolated from (b))",
                          "extrapolated", ptm.best, ptm.median,
                          total=f"{fmt_s(ptm.best * ALL_7_CARD_HANDS)} (extrapolated)"))
    ph_c = ph_b.best if ph_b is not None else None
    for r in c_rows:
        if ph_c is not None:
            r.ratio = ph_c / r.best  # type: ignore[operator]
    rows += c_rows

    # --- report ----------------------------------------------------------------
    emit("## Results")
    emit()
    emit(render(rows))
    emit()
    emit("## Notes")
    emit()
    emit("- **speedup vs phevaluator** = phevaluator's time per hand / this row's, within "
         "the same test: in (a) against `_pheval.evaluate_7cards(*ids)` in the same loop, "
         "in (b) and (c) against phevaluator's bulk loop `list(starmap(evaluate_7cards, "
         "tuples))`. Higher = faster.")
    if ph_a is not None and ph_b is not None:
        emit(f"- Bulk target against phevaluator's single-call loop from (a) instead: "
             f"{ph_a.best / hr_em.best:.1f}× (against its starmap loop: "
             f"{ph_b.best / hr_em.best:.1f}×).")
    emit(f"- (a) rows include the Python loop: an empty `for h in tuples: pass` costs "
         f"{fmt_ns(t_empty.best)} ns per iteration here. Inputs are prebuilt in each "
         "library's own form (tuples of ids, lists of `eval7.Card`, treys ints, pokerkit "
         "`Card`s, poker-equity text); building them is not timed.")
    emit("- (b) peers are timed on a prefix of the same 1M hands (sized to about "
         f"{target_s:g} s per repeat, at most {peer_bulk_cap:,}), except poker-equity's "
         "batch call, which gets all of them.")
    emit("- `CPU/wall`: this process's CPU time / wall time (≈ 1: one busy core; the "
         "threads=2 row is the only one meant to use more). `other load`: cores kept "
         "busy by *other* processes meanwhile (from /proc/stat); on this "
         f"{os.cpu_count()}-CPU machine, other load near 1 leaves the 2-thread row one "
         "core to share, and a `CPU/wall` below 1 means the row waited for a core.")
    emit("- (c) only `strength_counts(7)` enumerates; the other rows multiply their best "
         "per-hand time from (b) by 133,784,560 (they would also need the hands generated).")
    for ad in hr_adapters + peers:
        if ad.note:
            emit(f"- {ad.library} `{ad.call}`: {ad.note}.")
    for s in skipped:
        emit(f"- {s}")
    if not pheval:
        emit("- phevaluator is not installed: no ratios, targets marked n/a.")
    if hasattr(os, "getloadavg"):
        emit(f"- Load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
             f"({os.cpu_count()} logical CPUs). Rows with `CPU/wall` well below 1 were "
             "slowed by other processes; rerun on an idle machine for clean numbers.")
    emit()

    if args.markdown_out:
        Path(args.markdown_out).write_text("\n".join(out) + "\n", encoding="utf-8")
        print(f"(report written to {args.markdown_out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
