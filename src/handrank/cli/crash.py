"""Crash commands of the ``handrank`` tool: ``handrank crash set`` and ``handrank crash play``.

Examples::

    handrank crash set "As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h"
    handrank crash set --strategy expected-points "As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h"
    handrank crash play --players 4 --seed 7
    handrank crash play --players 3 --seed 1 --target 7 --seats expected-points,lexicographic,lexicographic
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .. import crash
from ..cards import format_card, format_cards, parse_cards
from ..errors import HandrankError
from ._common import EXIT_BAD_INPUT, EXIT_OK, PROG, _fresh_seed, _pos_int, _seed
from ._common import add_command, add_format_option, add_group, add_head_to_head
from ._common import print_head_to_head
from .brag import add_brag_options

SET_EPILOG = """\
examples:
  handrank crash set "As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h"
  handrank crash set --strategy expected-points --players 4 "AsAdAcKhQhJh2c3d4s9s9d7c5h"
  handrank crash set -o json "Ts 9s 8s 7d 7c 2h 3h 4h Kc Kd Qs Jd 5c"

Prints the hands strongest first (position 1 first), the dropped card(s) and the
expected points of the setting in a round against random opponents.
"""

H2H_EPILOG = """\
Seats alternate A, B, A, B, ...; every deal is played twice with the strategies
swapped between seats, so the luck of the deal cancels. Prints each side's mean
points per round and the margin with its 95% confidence interval.

examples:
  handrank crash head-to-head expected-points lexicographic --rounds 20000 --seed 1
  handrank crash head-to-head expected-points lexicographic --players 2 -o json
"""

PLAY_EPILOG = """\
examples:
  handrank crash play --players 4 --seed 7
  handrank crash play --players 5 --seed 1 --target 15 --count-high-card
  handrank crash play --players 2 --seed 3 --cards 10 --seats expected-points,lexicographic

Seats play the built-in strategies (default: all expected-points) with the
default exchange rule. Same seed, same game.
"""


def register(subparsers: Any) -> None:
    """Add the ``crash`` command group."""
    cmds = add_group(subparsers, "crash", help="Crash (13-card Brag): set a holding, play a game",
                     description="Crash (13-card Brag), docs/rules/brag-and-crash.md")

    s = add_command(cmds, "set", cmd_set, epilog=SET_EPILOG)
    s.add_argument("cards", metavar="CARDS", nargs="+",
                   help="a holding, quoted (13 cards by default rules; 3 to 52 // players, "
                        "so up to 26 with --players 2), e.g. "
                        "\"As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h\"; several holdings allowed")
    s.add_argument("--strategy", choices=crash.STRATEGIES, default="lexicographic",
                   help="lexicographic (strongest hands, position 1 first; default) or "
                        "expected-points (most points expected in a round)")
    s.add_argument("--players", type=int, choices=range(2, 6), default=4,
                   help="players at the table (2-5; default 4): sets the expected points")
    s.add_argument("--count-high-card", action="store_true",
                   help="high-card hands can score a position (off by default)")
    add_format_option(s)
    add_brag_options(s)

    h = add_head_to_head(cmds, cmd_head_to_head, crash.STRATEGIES, 20_000, H2H_EPILOG)
    h.add_argument("--players", type=int, choices=range(2, 6), default=4,
                   help="seats, 2-5, strategies alternating a, b, a, ... (default 4)")
    h.add_argument("--count-high-card", action="store_true",
                   help="high-card hands can score a position (off by default)")
    add_brag_options(h)

    g = add_command(cmds, "play", cmd_play, epilog=PLAY_EPILOG)
    g.add_argument("--players", type=int, choices=range(2, 6), default=4,
                   help="players, 2-5 (default 4)")
    g.add_argument("--seed", type=_seed, default=None,
                   help="dealer seed, a non-negative integer (same seed, same game; "
                        "default: a fresh seed, printed in the header)")
    g.add_argument("--target", type=_pos_int, default=crash.DEFAULT_TARGET,
                   help=f"target score: play until someone has this many points "
                        f"(rules offer {', '.join(map(str, crash.TARGETS))}; default "
                        f"{crash.DEFAULT_TARGET})")
    g.add_argument("--cards", type=_pos_int, default=None,
                   help="cards per player (default 13, or 10 with five players; "
                        "3 to 52 // players)")
    g.add_argument("--seats", default=None, metavar="S1,S2,...",
                   help="strategy per seat, comma separated (lexicographic or "
                        "expected-points; default expected-points for all); a single "
                        "name applies to every seat")
    g.add_argument("--count-high-card", action="store_true",
                   help="high-card hands can score a position (off by default)")
    g.add_argument("-q", "--quiet", action="store_true", help="print only the final result")
    add_brag_options(g)


def _opts(args: argparse.Namespace) -> dict[str, bool]:
    return {"prial_threes_high": args.prial_threes_high, "a23_top_run": args.a23_top_run}


def _hand_text(h: tuple[int, ...], opts: dict[str, bool]) -> str:
    from .. import brag

    return f"{format_cards(h)}  {brag.evaluate(list(h), **opts).description}"


def _position_text(rec: crash.RoundRecord, k: int, names: list[str], chc: bool,
                   opts: dict[str, bool]) -> str:
    """``"2: P3 (pair)"``, or why nobody scored: ``"3: - (tie)"`` / ``"(high card)"``."""
    from .. import brag

    w = rec.score.winners[k]
    if w is not None:
        cat = brag.category(brag.strength(list(rec.settings[w][k]), **opts))
        return f"{k + 1}: {names[w]} ({cat.label.lower()})"
    tops = [brag.strength(list(hs[k]), **opts) for hs in rec.settings]
    top = max(tops)
    why = "tie" if tops.count(top) > 1 or chc else "high card"
    return f"{k + 1}: - ({why})"


def cmd_set(args: argparse.Namespace) -> int:
    """set a holding into Brag hands"""
    out: list[dict[str, Any]] = []
    status = EXIT_OK
    unquoted = len(args.cards) > 1 and all(len(t.split()) == 1 and len(t) <= 3
                                           for t in args.cards)
    for i, text in enumerate(args.cards):
        try:
            ids = parse_cards(text)
            s = crash.set_hand(ids, args.strategy, players=args.players,
                               count_high_card=args.count_high_card, **_opts(args))
        except HandrankError as e:
            print(f"{PROG}: error: holding {i + 1} ({text!r}): {e}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            if unquoted:
                print(f"{PROG}: hint: each argument is one holding; quote the cards of a "
                      f"holding together, e.g. \"{' '.join(args.cards)}\"", file=sys.stderr)
                break
            continue
        if args.output == "json":
            out.append({"holding": format_cards(ids), "strategy": args.strategy,
                        "hands": [format_cards(h) for h in s.hands],
                        "strengths": list(s.strengths),
                        "dropped": [format_card(c) for c in s.dropped],
                        "expected_points": round(s.expected_points, 6)})
            continue
        if i:
            print()
        print(f"holding  {format_cards(ids)}  ({args.strategy}, {args.players} players)")
        for k, h in enumerate(s.hands):
            print(f"  {k + 1}. {_hand_text(h, _opts(args))}")
        print(f"  dropped: {format_cards(s.dropped) if s.dropped else '-'}")
        print(f"  expected points: {s.expected_points:.3f} (model estimate from the win tables)")
    if args.output == "json" and out:
        json.dump(out if len(args.cards) > 1 else out[0], sys.stdout, indent=2)
        print()
    return status


def cmd_head_to_head(args: argparse.Namespace) -> int:
    """two setting strategies against each other, seats swapped

    Pit two Crash setting strategies against each other over many seeded deals,
    each played twice with the strategies swapped between seats
    (crash.head_to_head).
    """
    try:
        r = crash.head_to_head(args.a, args.b, args.rounds, seed=_fresh_seed(args),
                               players=args.players, count_high_card=args.count_high_card,
                               prial_threes_high=args.prial_threes_high,
                               a23_top_run=args.a23_top_run, threads=0)
    except HandrankError as e:
        print(f"{PROG} crash head-to-head: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return print_head_to_head(args, r, f"{args.players} players, ")


def cmd_play(args: argparse.Namespace) -> int:
    """play a whole game between bots, round by round"""
    n = args.players
    seats = (args.seats or "expected-points").split(",")
    seats = [s.strip() for s in seats]
    if len(seats) == 1:
        seats = seats * n
    if len(seats) != n:
        print(f"{PROG}: error: --seats names {len(seats)} strategies for {n} players",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    for p, name in enumerate(seats):
        if name not in crash.STRATEGIES:
            print(f"{PROG}: error: --seats: seat {p + 1} (P{p + 1}): unknown strategy "
                  f"{name!r}; accepted: {', '.join(crash.STRATEGIES)}", file=sys.stderr)
            return EXIT_BAD_INPUT
    game = crash.Game(seats, seed=_fresh_seed(args), target=args.target, cards=args.cards,
                      count_high_card=args.count_high_card, **_opts(args))
    names = [f"P{p + 1}" for p in range(n)]
    if not args.quiet:
        print(f"Crash: {n} players, {game.cards} cards each ({game.cards // 3} hands), "
              f"target {game.target}, high cards {'count' if game.count_high_card else 'do not count'}, "
              f"seed {args.seed}")
        for p in range(n):
            print(f"  {names[p]}: {game.players[p].name}")
    while not game.over:
        if len(game.rounds) >= game.max_rounds:
            raise HandrankError(f"no player reached {game.target} points in "
                                f"{game.max_rounds} rounds")
        rec = game.play_round()
        if args.quiet:
            continue
        print()
        print(f"Round {rec.number + 1}")
        for p in range(n):
            if rec.exchanged[p]:
                print(f"  {names[p]} exchanged their cards")
        for p in range(n):
            pts = rec.score.points[p]
            bonus = " (bonus)" if rec.score.bonus[p] else ""
            print(f"  {names[p]}: {' | '.join(format_cards(h) for h in rec.settings[p])}"
                  f"   +{pts}{bonus}")
        print("  positions " + ", ".join(_position_text(rec, k, names, game.count_high_card,
                                                        _opts(args))
                                         for k in range(len(rec.score.winners))))
        print(f"  scores {'  '.join(f'{names[p]} {rec.totals[p]}' for p in range(n))}")
    res = game.result()
    who = " and ".join(names[p] for p in res.winners)
    shared = " (shared win)" if len(res.winners) > 1 else ""
    print()
    print(f"Game over after {len(res.rounds)} round{'s' if len(res.rounds) != 1 else ''}: {who} win{'' if len(res.winners) > 1 else 's'}"
          f" with {max(res.scores)} points{shared}. Final scores: "
          + ", ".join(f"{names[p]} {res.scores[p]}" for p in range(n)))
    return EXIT_OK
