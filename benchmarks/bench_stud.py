#!/usr/bin/env python
"""Seven-card stud, stud Hi-Lo, razz and short-deck equity speed against
poker-equity's ``stud``, ``stud_hi_lo``, ``razz`` and ``short_deck`` variants, in
one run, as ratios.

    python benchmarks/bench_stud.py             # full run (a minute or two)
    python benchmarks/bench_stud.py --quick     # smoke run, a few seconds
    python benchmarks/bench_stud.py --markdown  # the table as Markdown

Rows (ns per showdown = per deal dealt, every player ranked; the same spots for
both libraries; handrank on one thread unless noted):

* stud / stud Hi-Lo / razz exact on sixth street: heads-up, 10 seeded random
  spots of 6 known cards each (1,560 completions a spot), one call per spot;
* stud Hi-Lo exact on fifth street, heads-up (5 known each: 671,580 completions);
* stud / stud Hi-Lo / razz Monte Carlo on third street (3 known cards each),
  heads-up and 6-handed: the same number of deals, one thread each
  (``chunk_from_text(..., threads=1)``);
* short deck exact on the flop (heads-up, 406 boards a spot, 10 spots) and
  Monte Carlo preflop heads-up. poker-equity's ``short_deck`` keeps the straight
  above three of a kind, so handrank runs with ``straight_beats_trips=True``.

Exact results are checked to agree with poker-equity (equity to 1e-12) before
timing. Timing: ``time.perf_counter``, garbage collector off, one warm-up, then the
median of several repeats; the load average is printed (the machine may be
shared: compare the ratios of one run, not runs).
"""

from __future__ import annotations

import argparse
import platform
from collections.abc import Callable

import numpy as np

from handrank import shortdeck, stud
from handrank.cards import format_cards
from _peers import load_average, poker_equity_or_none, timings  # noqa: E402 (benchmarks/ is the script folder)

SEED = 20261202
#: poker-equity's variant of each of our games.
VARIANT = {"high": "stud", "hilo": "stud_hi_lo", "razz": "razz"}






def ours(game: str, hands: list[str], **kw: object):
    if game == "razz":
        return stud.razz_equity(hands, **kw)  # type: ignore[arg-type]
    return stud.equity(hands, hilo=game == "hilo", **kw)  # type: ignore[arg-type]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few repeats")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()
    pe = poker_equity_or_none()
    reps = 3 if args.quick else 7
    rng = np.random.default_rng(SEED)
    text = lambda ids: format_cards(ids, sep="")  # noqa: E731
    spots = []
    for _ in range(3 if args.quick else 10):
        d = rng.permutation(52)[:12].tolist()
        spots.append([text(d[:6]), text(d[6:12])])
    rows: list[tuple[str, int, Callable[[], object], Callable[[], object] | None, str]] = []
    for game in ("high", "hilo", "razz"):
        if pe is not None:
            for hands in spots:
                a = ours(game, hands)
                b = pe.exact_from_text(VARIANT[game], hands)
                assert b["samples"] == a.deals and all(
                    abs(p.equity - q["equity"]) < 1e-12 for p, q in zip(a.players, b["players"]))
        rows.append((f"{VARIANT[game]} exact, sixth street, heads-up", 1560 * len(spots),
                     lambda g=game: [ours(g, h) for h in spots],
                     None if pe is None else
                     lambda g=game: [pe.exact_from_text(VARIANT[g], h) for h in spots],
                     f"{len(spots)} spots x 1,560 completions"))
    if not args.quick:
        d = rng.permutation(52)[:10].tolist()
        fifth = [text(d[:5]), text(d[5:])]
        rows.append(("stud_hi_lo exact, fifth street, heads-up", 671_580,
                     lambda: ours("hilo", fifth),
                     None if pe is None else lambda: pe.exact_from_text("stud_hi_lo", fifth),
                     "handrank 1 thread; poker-equity its default threads"))
        rows.append(("stud_hi_lo exact, fifth street, heads-up, threads=2", 671_580,
                      lambda: ours("hilo", fifth, threads=2), None, "2 cores, shared"))
    n = 20_000 if args.quick else 200_000
    d = rng.permutation(52)[:18].tolist()
    six = [text(d[3 * i:3 * i + 3]) for i in range(6)]
    for players, label in ((six[:2], "heads-up"), (six, "6-handed")):
        for game in ("high", "hilo", "razz"):
            rows.append((f"{VARIANT[game]} Monte Carlo, third street, {label}", n,
                         lambda p=players, g=game: ours(g, p, samples=n, seed=1),
                         None if pe is None else
                         lambda p=players, g=game: pe.chunk_from_text(VARIANT[g], p, "",
                                                                      samples=n, seed=1,
                                                                      threads=1),
                         f"{n:,} deals, 1 thread each"))
    # short deck
    sd = []
    for _ in range(3 if args.quick else 10):
        d = (16 + rng.permutation(36)[:7]).tolist()
        sd.append(([text(d[:2]), text(d[2:4])], text(d[4:])))
    if pe is not None:
        for holes, board in sd:
            a = shortdeck.equity(holes, board, straight_beats_trips=True)
            b = pe.exact_from_text("short_deck", holes, board)
            assert b["samples"] == a.deals and all(
                abs(p.equity - q["equity"]) < 1e-12 for p, q in zip(a.players, b["players"]))
    rows.append(("short_deck exact, flop, heads-up", 406 * len(sd),
                 lambda: [shortdeck.equity(h, b, straight_beats_trips=True) for h, b in sd],
                 None if pe is None else
                 lambda: [pe.exact_from_text("short_deck", h, b) for h, b in sd],
                 f"{len(sd)} spots x 406 boards"))
    hu = sd[0][0]
    rows.append(("short_deck Monte Carlo, preflop, heads-up", n,
                 lambda: shortdeck.equity(hu, straight_beats_trips=True, samples=n, seed=1),
                 None if pe is None else
                 lambda: pe.chunk_from_text("short_deck", hu, "", samples=n, seed=1, threads=1),
                 f"{n:,} deals, 1 thread each"))

    print(f"# stud and short-deck equity, {platform.machine()}, {platform.python_version()}, "
          f"{load_average()}")
    if args.markdown:
        print("| what | handrank ns/showdown (median) | poker-equity ns/showdown | "
              "poker-equity / handrank | note |")
        print("|---|---:|---:|---:|---|")
    for name, count, ours_fn, peer_fn, note in rows:
        ours_t = timings(ours_fn, reps)[0] / count
        peer_t = timings(peer_fn, reps)[0] / count if peer_fn is not None else None
        peer = f"{peer_t * 1e9:,.1f}" if peer_t is not None else "-"
        ratio = f"{peer_t / ours_t:,.1f}" if peer_t is not None else "-"
        if args.markdown:
            print(f"| {name} | {ours_t * 1e9:,.1f} | {peer} | {ratio} | {note} |")
        else:
            print(f"{name:54s} {ours_t * 1e9:10,.1f} ns  poker-equity {peer:>10s} ns  "
                  f"x{ratio:>6s}  {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
