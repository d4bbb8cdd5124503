#!/usr/bin/env python
"""Short-deck evaluation speed, in one run, as a table of ratios.

    python benchmarks/bench_shortdeck.py            # full run (about 20 seconds)
    python benchmarks/bench_shortdeck.py --quick    # smoke run, a few seconds
    python benchmarks/bench_shortdeck.py --markdown # the table as Markdown

Rows (the same seeded random 7-card short-deck hands for every row; one thread
unless noted):

* ``evaluate_many``: handrank's bulk call on a prebuilt ``(N, 7)`` ``uint8``
  array (every row checked: a short-deck card, no repeat), default order, then
  ``straight_beats_trips=True``, then 2 threads;
* ``evaluate_many`` on 5-card rows;
* ``strength()`` loop: one Python call per hand (timed on a prefix);
* pokerkit (when installed, ``pip install pokerkit``; it is in the ``bench``
  extra): ``ShortDeckHoldemHand.from_game(hole, board)``, its public best-hand
  call, timed on a prefix, and checked to give the same order as
  ``straight_beats_trips=True`` (pokerkit ranks the straight above three of a
  kind: its ``entry.index + 1`` equals our strength on that scale).

Timing: ``time.perf_counter``, garbage collector off, one warm-up, best of
several repeats (the machine may be shared: the best repeat is the least
disturbed one). The load average is printed with the table.
"""

from __future__ import annotations

import argparse
import os
import platform
from collections.abc import Callable

import numpy as np

from handrank import shortdeck
from handrank.cards import format_card
from _peers import timings  # noqa: E402 (benchmarks/ is the script folder)

SEED = 20261202




def deal(n: int, k: int, seed: int = SEED) -> np.ndarray:
    """``(n, k)`` uint8 rows of distinct short-deck cards (ids 16..51)."""
    rng = np.random.default_rng(seed)
    return (np.argsort(rng.random((n, 36)), axis=1)[:, :k] + 16).astype(np.uint8)


def pokerkit_rows(rows: np.ndarray) -> tuple[Callable[[], object], Callable[[], np.ndarray]] | None:
    """(timed loop, strengths) over ``rows`` with pokerkit, or None if not installed."""
    try:
        from pokerkit import Card, ShortDeckHoldemHand
    except ImportError:
        return None
    deck = {c: next(iter(Card.parse(format_card(c)))) for c in range(16, 52)}
    items = [(tuple(deck[c] for c in r[:2]), tuple(deck[c] for c in r[2:])) for r in rows.tolist()]
    g = ShortDeckHoldemHand.from_game

    def loop() -> list[object]:
        return [g(h, b) for h, b in items]

    def strengths() -> np.ndarray:
        return np.array([h.entry.index + 1 for h in loop()], dtype=np.int32)

    return loop, strengths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smoke run: small inputs, one repeat")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args(argv)
    n, repeats, prefix = (100_000, 1, 1_000) if args.quick else (2_000_000, 5, 5_000)
    rows7, rows5 = deal(n, 7), deal(n, 5, SEED + 1)
    out = np.empty(n, dtype=np.int32)
    table: list[tuple[str, float]] = []

    def bulk(label: str, rows: np.ndarray, **kw: object) -> float:
        t = timings(lambda: shortdeck.evaluate_many(rows, out=out, **kw), repeats)[1] / len(rows)
        table.append((label, t))
        return t

    base = bulk("evaluate_many, 7 cards", rows7)
    bulk("evaluate_many, 7 cards, straight_beats_trips", rows7, straight_beats_trips=True)
    bulk("evaluate_many, 7 cards, 2 threads", rows7, threads=2)
    bulk("evaluate_many, 5 cards", rows5)
    few = rows7[:prefix]
    lists = few.tolist()
    t = timings(lambda: [shortdeck.strength(r) for r in lists], max(1, repeats // 2))[1] / prefix
    table.append(("strength() per hand, 7 card ids", t))
    peer = pokerkit_rows(few)
    if peer is not None:
        loop, strengths = peer
        ours = shortdeck.evaluate_many(few, straight_beats_trips=True)
        if not (strengths() == ours).all():
            raise SystemExit("pokerkit and handrank (straight_beats_trips=True) disagree")
        t = timings(loop, max(1, repeats // 2))[1] / prefix
        table.append(("pokerkit ShortDeckHoldemHand.from_game", t))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"short deck, {n:,} seeded random hands; {platform.machine()}, "
          f"Python {platform.python_version()}, load average {load:.2f}")
    if args.markdown:
        print("\n| call | ns per hand | vs evaluate_many 7 cards |\n|---|---:|---:|")
        for label, t in table:
            print(f"| {label} | {t * 1e9:,.1f} | {t / base:,.2f}x |")
    else:
        for label, t in table:
            print(f"{label:48s} {t * 1e9:12,.1f} ns/hand  {t / base:10,.2f}x")
    if peer is None:
        print("pokerkit not installed: pip install pokerkit (the 'bench' extra) for the peer row")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
