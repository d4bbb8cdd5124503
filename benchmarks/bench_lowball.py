#!/usr/bin/env python
"""Lowball evaluation speed (deuce-to-seven, ace-to-five / razz, badugi), in one
run, as a table of ratios against pokerkit.

    python benchmarks/bench_lowball.py            # full run (about a minute)
    python benchmarks/bench_lowball.py --quick    # smoke run, a few seconds
    python benchmarks/bench_lowball.py --markdown # the table as Markdown

Rows per game (one thread, the same seeded random hands for every row):

* ``evaluate_many``: handrank's bulk call on a prebuilt ``(N, k)`` ``uint8``
  array (every row checked: ids in range, no repeated card);
* ``strength()`` loop: handrank's single-hand call on id lists (timed on a prefix);
* pokerkit (pure Python, the only PyPI library found with these lows): its
  fastest route found for the game, on pre-parsed ``Card`` tuples (timed on a
  prefix): 5 cards -> ``Lookup.get_entry(cards)``; razz (7 cards) ->
  ``RegularLowHand.from_game(cards)`` (best of 21 lookups inside); badugi ->
  ``BadugiHand.from_game(cards)`` (these two on a twentieth of the prefix).
  Checked first to order the hands as handrank does.

Timing: ``time.perf_counter``, garbage collector off, one warm-up, best of
several repeats (the machine may be shared: the best repeat is the least
disturbed one). The load average is printed with the table.
"""

from __future__ import annotations

import argparse
import os
import platform
from collections.abc import Callable
from typing import Any

import numpy as np

from handrank import lowball
from handrank.cards import format_card
from _peers import timings  # noqa: E402 (benchmarks/ is the script folder)

SEED = 20261202




def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` random ``k``-card hands (distinct cards in a row) as ``(n, k)`` uint8."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def _pokerkit_routes() -> dict[str, tuple[Callable[[tuple[Any, ...]], Any], Callable[[Any], int], str]] | None:
    """Per game: (call on a Card tuple, its result -> key higher = better, description)."""
    try:
        import pokerkit as pk
    except ImportError:
        return None
    lookup27 = pk.StandardLowHand.lookup.get_entry
    lookup_a5 = pk.RegularLowHand.lookup.get_entry
    return {
        "deuce-to-seven": (lookup27, lambda e: -e.index, "StandardLowHand.lookup.get_entry"),
        "ace-to-five": (lookup_a5, lambda e: -e.index, "RegularLowHand.lookup.get_entry"),
        "razz (7 cards)": (pk.RegularLowHand.from_game, lambda h: -h.entry.index,
                           "RegularLowHand.from_game"),
        "badugi": (pk.BadugiHand.from_game, lambda h: -h.entry.index, "BadugiHand.from_game"),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few repeats")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()
    n = 200_000 if args.quick else 2_000_000
    reps = 3 if args.quick else 9
    n_py = 2_000 if args.quick else 20_000
    routes = _pokerkit_routes()
    if routes is not None:
        from pokerkit import Card
        deck = [next(iter(Card.parse(format_card(c)))) for c in range(52)]

    games = [("deuce-to-seven", lowball.deuce_to_seven, 5), ("ace-to-five", lowball.ace_to_five, 5),
             ("razz (7 cards)", lowball.ace_to_five, 7), ("badugi", lowball.badugi, 4)]
    rows: list[tuple[str, str, float, str]] = []
    for label, game, k in games:
        ids = random_hands(n, k, SEED + k)
        out = np.empty(n, dtype=np.int32)
        t_bulk = timings(lambda: game.evaluate_many(ids, out=out), reps)[1] / n
        rows.append((label, "handrank evaluate_many, (N, k) uint8", t_bulk, "1.0"))
        lists = ids[:n_py].tolist()
        strength = game.strength
        t_one = timings(lambda: [strength(h) for h in lists], max(1, reps // 3))[1] / n_py
        rows.append((label, "handrank strength() loop", t_one, f"{t_one / t_bulk:,.0f}x slower"))
        if routes is None:
            continue
        call, key, what = routes[label]
        n_peer = n_py if "lookup" in what else max(200, n_py // 20)  # from_game: ~1 ms a hand
        cards = [tuple(deck[c] for c in h) for h in lists[:n_peer]]
        ours = game.evaluate_many(ids[:n_peer])
        theirs = np.array([key(call(c)) for c in cards])
        order = np.lexsort((theirs, ours))  # same order: their keys rise with ours
        assert (np.diff(theirs[order]) >= 0).all(), f"pokerkit orders {label} differently"
        t_peer = timings(lambda: [call(c) for c in cards], max(1, reps // 3))[1] / n_peer
        rows.append((label, f"pokerkit {what}", t_peer, f"handrank bulk {t_peer / t_bulk:,.0f}x faster"))

    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    head = (f"lowball, {n:,} hands per bulk call, one thread; {platform.processor() or platform.machine()}, "
            f"Python {platform.python_version()}; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    if args.markdown:
        print(head + "\n\n| game | call | ns / hand | ratio |\n|---|---|---:|---|")
        for g, what, t, note in rows:
            print(f"| {g} | {what} | {t * 1e9:,.1f} | {note} |")
    else:
        print(head)
        for g, what, t, note in rows:
            print(f"{g:<16} {what:<44} {t * 1e9:>12,.1f} ns  {note}")
    if routes is None:
        print("(pokerkit is not installed: pip install pokerkit, or the 'bench' extra)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
