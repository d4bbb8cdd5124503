"""Generate ``src/handrank/chinese/tables.h``: the opponent row-strength
histograms behind the Chinese Poker solver (``handrank.chinese.solve``).

How the tables are made (all seeded, so the output is reproducible):

1. Deal ``--samples`` random 13-card holdings and set each with the greedy
   baseline (strongest back, strongest middle of the rest); count the front,
   middle and back strengths. These are the pass-0 tables.
2. ``--passes`` times: deal ``--samples`` fresh holdings, set each with the
   solver (``western`` scoring) using the previous pass's tables, count again.

The last pass's counts are written: front (456 bins, strengths 1..455),
middle and back (7463 bins, poker strengths 1..7462), index 0 unused. A
"random opponent" is thus a random holding set by the solver itself (one round
of fictitious play from the greedy start). Opponent naturals are ignored.

Usage::

    python tools/gen_chinese_tables.py            # write the header (a minute or two on one core)
    python tools/gen_chinese_tables.py --check    # regenerate and compare with the committed file

The tool imports the compiled ``handrank.chinese._kernel`` but passes every table it
uses explicitly, so its output never depends on the header it writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from handrank import chinese, poker

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/_emit.py, also when loaded by path
from _emit import banner, c_array, c_header, main  # noqa: E402
from _sampling import deal  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "src" / "handrank" / "chinese" / "tables.h"
TOOL = "gen_chinese_tables.py"


def histograms(settings: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row-strength counts of (N, 13) settings (front, middle, back)."""
    f = chinese.evaluate_many(np.ascontiguousarray(settings[:, :3]))
    m = poker.evaluate_many(np.ascontiguousarray(settings[:, 3:8]))
    b = poker.evaluate_many(np.ascontiguousarray(settings[:, 8:]))
    return (np.bincount(f, minlength=456).astype(np.int64),
            np.bincount(m, minlength=7463).astype(np.int64),
            np.bincount(b, minlength=7463).astype(np.int64))


def generate(samples: int, passes: int, seed: int, threads: int | None,
             log=print) -> tuple[tuple[np.ndarray, ...], str]:
    rng = np.random.default_rng(seed)
    counts = histograms(chinese.greedy_many(deal(samples, 13, rng), threads=threads))
    log(f"pass 0 (greedy): {samples} holdings")
    for p in range(1, passes + 1):
        # Smoothing: one extra count in every reachable bin so no strength has
        # probability 0 (ties and wins stay ordered).
        tables = chinese.solver_tables(*(c + (np.arange(len(c)) > 0) for c in counts))
        sol = chinese.solve_many(deal(samples, 13, rng), "western", tables=tables, threads=threads)
        counts = histograms(sol["setting"])
        log(f"pass {p} (solver, western): {samples} holdings")
    lines = [
        f"#define HRC_TABLE_SAMPLES {samples}",
        f"#define HRC_TABLE_PASSES {passes}",
        f"#define HRC_TABLE_SEED {seed}",
    ]
    for name, c in zip(("FRONT", "MIDDLE", "BACK"), counts):
        lines.append(c_array("uint32_t", f"HRC_COUNT_{name}", [int(x) for x in c]))
    comment = banner(TOOL, f""".
 * Opponent row-strength histograms: {samples} random holdings per pass,
 * {passes} solver pass(es) after a greedy pass, seed {seed}.""")
    return counts, c_header("HANDRANK_CHINESE_TABLES_H", comment, "\n".join(lines) + "\n")


def options(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--samples", type=int, default=100_000)
    ap.add_argument("--passes", type=int, default=1)
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--threads", type=int, default=None)


def render(a: argparse.Namespace) -> str:
    return generate(a.samples, a.passes, a.seed, a.threads,
                    log=lambda s: print(s, file=sys.stderr))[1]


if __name__ == "__main__":
    sys.exit(main(render, OUT, TOOL, __doc__.split("\n\n")[0], options=options))
