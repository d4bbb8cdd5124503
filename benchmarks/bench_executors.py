"""Overhead of running the heavy calls on an executor (docs/scale.md): each call in
process on one thread, on a warm ProcessPoolExecutor(2) and on a warm Dask LocalCluster
of 2 worker processes (1 thread each), median wall time of ``--repeat`` runs, with the
load average. Usage: ``python benchmarks/bench_executors.py [--repeat 3] [--no-dask]``."""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from handrank import canada, chinese, crash, poker
from handrank.equity import equity


def calls() -> dict[str, tuple]:
    rng = np.random.default_rng(0)
    deals = np.argsort(rng.random((20_000, 52)), axis=1).astype(np.uint8)
    hold = np.ascontiguousarray(deals[:, :13])
    hands = np.ascontiguousarray(np.argsort(rng.random((1 << 16, 52)), axis=1)[:, :7]
                                 .astype(np.uint8))
    hands = np.tile(hands, (64, 1))  # 4M hands
    return {
        "equity exact, AhKh vs 7c7d preflop (1.7M boards, 1 class)":
            (equity, (["AhKh", "7c7d"],), {}),
        "equity exact, QQ+,AK vs TT-77 preflop (816 combinations)":
            (equity, (["QQ+, AK", "TT-77"],), {}),
        "equity exact, QQ+,AK vs 22+ vs ATs+,KQ on 2h 9h Td (44,121 combinations)":
            (equity, (["QQ+, AK", "22+", "ATs+, KQ"], "2h 9h Td"), {}),
        "equity Monte Carlo, 2M deals, 3 ranges":
            (equity, (["QQ+, AK", "22+", "random"],), {"samples": 2_000_000, "seed": 1}),
        "canada.exact_odds (305M deals)": (canada.exact_odds, (), {}),
        "chinese.solve_many, 400 holdings": (chinese.solve_many, (hold[:400],), {}),
        "crash.set_many, 20,000 holdings": (crash.set_many, (hold,), {}),
        "poker.evaluate_many, 4M hands (uint8)": (poker.evaluate_many, (hands,), {}),
    }


def timed(fn, args, kw, repeat: int) -> float:
    ts = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args, **kw)
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--only", default="", help="run the calls whose name contains this")
    a = ap.parse_args()
    print(f"load average before: {os.getloadavg()}")
    ex = {"pool": ProcessPoolExecutor(2)}
    client = None
    if not a.no_dask:
        from distributed import Client, LocalCluster
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
        client = Client(cluster)
        ex["dask"] = client.get_executor(pure=False)  # pure=True would reuse repeats
    for name, e in ex.items():  # warm up: workers started, modules and tables loaded
        equity(["AhKh", "7c7d"], "2c 3d 4h", executor=e)
        chinese.solve_many(np.arange(13, dtype=np.uint8)[None], executor=e)
    print("| call | 1 process, 1 thread | 2 threads | ProcessPool(2) | Dask 2 workers |")
    print("|---|---|---|---|---|")
    for name, (fn, args, kw) in calls().items():
        if a.only not in name:
            continue
        row = [timed(fn, args, kw, a.repeat), timed(fn, args, {**kw, "threads": 2}, a.repeat)]
        for e in ex.values():
            row.append(timed(fn, args, {**kw, "executor": e}, a.repeat))
        print(f"| {name} | " + " | ".join(f"{t:.3f} s" for t in row) +
              (" | - |" if client is None else " |"))
    print(f"load average after: {os.getloadavg()}")
    if client is not None:
        client.close()


if __name__ == "__main__":
    main()
