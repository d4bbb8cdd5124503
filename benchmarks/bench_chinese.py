"""Chinese Poker benchmark: solver time per hand and scorer throughput, in one
run, as ratios.

    python benchmarks/bench_chinese.py [--hands 2000] [--tables 200000] [--repeat 3]

Solver: the Cython kernel (``chinese.solve_many``, one thread) against a naive
Python search over the same 72,072 settings with the same tables (fast poker
strengths, per-row table lookups, the same expected-score formula) and against
the pure-Python reference search (``handrank.chinese.reference.solve``, timed
on one hand). Scorer: ``chinese.score_many`` (one thread) on heads-up and
four-player tables against ``chinese.score`` (one table per call) and the
reference scorer. Times are the best of ``--repeat`` runs in CPU time of the
process (all single-threaded); on a shared machine they are still noisy.
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from handrank import chinese, poker
from handrank.cards import deal
from handrank.chinese import _kernel as _chinese
from handrank.chinese import reference as ref
from handrank.chinese.rows import _front_of_ids, _front_tables


def best_of(fn, repeat: int) -> float:
    """Best of ``repeat`` runs, in CPU seconds of this process (everything here
    runs on one thread, and CPU time is steadier than wall time on a shared machine)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def naive_search(holding: list[int], tables) -> tuple[float, tuple]:
    """What a user would write in Python: every setting, fast row strengths,
    legal ones scored by the western expected-score formula from the tables."""
    pw = [t[0] for t in tables.arrays]
    pl = [t[1] for t in tables.arrays]
    fkey = _front_tables()[1]
    mkey = _front_tables()[2]
    best = (-1e9, ())
    s5 = poker.strength5
    for back in itertools.combinations(holding, 5):
        rest = [c for c in holding if c not in back]
        sb = s5(*back)
        for mid in itertools.combinations(rest, 5):
            sm = s5(*mid)
            if sm > sb:
                continue
            front = [c for c in rest if c not in mid]
            sf = _front_of_ids(front)
            if fkey[sf] > mkey[sm]:
                continue
            w = (pw[0][sf], pw[1][sm], pw[2][sb])
            lo = (pl[0][sf], pl[1][sm], pl[2][sb])
            t = [1 - a - b for a, b in zip(w, lo)]
            ev = sum(w) - sum(lo)
            pos = neg = 0.0
            for combo in itertools.product((1, 0, -1), repeat=3):
                p = 1.0
                for r, o in enumerate(combo):
                    p *= w[r] if o == 1 else lo[r] if o == -1 else t[r]
                d = sum(combo)
                if d > 0:
                    pos += p
                elif d < 0:
                    neg += p
            ev += pos - neg
            if ev > best[0]:
                best = (ev, (front, mid, back))
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--tables", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--reference", action="store_true",
                    help="also time the pure-Python reference search (tens of seconds)")
    a = ap.parse_args()
    rng = np.random.default_rng(1)
    holdings = deal(a.hands, 13, rng)
    tables = chinese.default_tables()
    chinese.solve_many(holdings[:10])  # warm up
    rows = []

    t_kernel = best_of(lambda: chinese.solve_many(holdings, "western", threads=1), a.repeat) / a.hands
    one = holdings[0].tolist()
    t_naive = best_of(lambda: naive_search(one, tables), 1)
    ev_naive = naive_search(one, tables)[0]
    ev_kernel = float(chinese.solve_many(holdings[:1])["expected"][0])
    assert abs(ev_naive - ev_kernel) < 1e-9, (ev_naive, ev_kernel)
    rows.append(("solver, western (kernel, 1 thread)", f"{t_kernel * 1e3:.3f} ms/hand", "1"))
    rows.append(("naive Python search (fast strengths)", f"{t_naive * 1e3:.0f} ms/hand",
                 f"{t_naive / t_kernel:,.0f}x slower"))
    for system in ("basic", "eastern", "mandarin"):
        t = best_of(lambda s=system: chinese.solve_many(holdings, s, threads=1), a.repeat) / a.hands
        rows.append((f"solver, {system} (kernel, 1 thread)", f"{t * 1e3:.3f} ms/hand",
                     f"{t / t_kernel:.2f}"))
    g = best_of(lambda: chinese.greedy_many(holdings, threads=1), a.repeat) / a.hands
    rows.append(("greedy baseline (kernel)", f"{g * 1e3:.3f} ms/hand", f"{g / t_kernel:.2f}"))
    if a.reference:
        counts = _chinese.default_counts()
        cats = [[0] + [int(chinese.front_category(s)) for s in range(1, 456)],
                [0] + poker.categories(np.arange(1, 7463, dtype=np.int32)).tolist()]
        opp = ref.OpponentRows(counts, [cats[0], cats[1], cats[1]])
        strength_of = (lambda r: _front_of_ids(r) if len(r) == 3 else poker.strength5(*r))
        t_ref = best_of(lambda: ref.solve(one, opp, strength_of, "western"), 1)
        rows.append(("reference search (pure Python)", f"{t_ref * 1e3:.0f} ms/hand",
                     f"{t_ref / t_kernel:,.0f}x slower"))

    for n_players in (2, 4):
        d = deal(a.tables, 13 * n_players, rng).reshape(a.tables, n_players, 13)
        settings = chinese.greedy_many(d.reshape(-1, 13)).reshape(d.shape)
        t_many = best_of(lambda s=settings: chinese.score_many(s, threads=1), a.repeat) / a.tables
        few = settings[:300]
        players = [[(s[:3], s[3:8], s[8:]) for s in t.tolist()] for t in few]
        t_one = best_of(lambda p=players: [chinese.score(x) for x in p], 1) / len(few)
        refp = [[ref.Player(s[:3], s[3:8], s[8:]) for s in t.tolist()] for t in few]
        t_ref = best_of(lambda p=refp: [ref.score_table(x, "western") for x in p], 1) / len(few)
        rows.append((f"score_many, {n_players} players (1 thread)",
                     f"{1 / t_many / 1e6:.2f} M tables/s", "1"))
        rows.append((f"score() one table per call, {n_players} players",
                     f"{1 / t_one / 1e3:.1f} k tables/s", f"{t_one / t_many:,.0f}x slower"))
        rows.append((f"reference scorer (rows pre-evaluated), {n_players} players",
                     f"{1 / t_ref / 1e3:.1f} k tables/s", f"{t_ref / t_many:,.0f}x slower"))

    w = max(len(r[0]) for r in rows)
    print(f"{'what':<{w}}  {'speed':>18}  ratio")
    for name, speed, ratio in rows:
        print(f"{name:<{w}}  {speed:>18}  {ratio}")


if __name__ == "__main__":
    main()
