"""Broken Canada commands of the ``handrank`` tool: ``handrank canada eval|rank|play|head-to-head|odds``.

Rules: ``docs/rules/broken-canada.md``; see :mod:`handrank.canada` and
:mod:`handrank.canada.engine`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from .. import canada
from ..canada.engine import STRATEGIES, Game
from ..cards import format_cards, parse_cards
from ..errors import HandrankError
from .files import BadRow, Line, TextChunk, open_input, parse_text_chunk
from ._common import add_head_to_head, print_head_to_head
from ._common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    PROG,
    Column,
    Run,
    _fresh_seed,
    _pct,
    _pos_int,
    _plural,
    _seed,
    _threads,
    add_command,
    add_format_option,
    add_group,
    add_input_options,
    add_output_options,
    add_scheduler_option,
    dask_client,
    make_sink,
)

EVAL_EPILOG = """\
A hand is the player's set (4 cards) and the pit (2 cards); curves care which
is which. Card text: "Ts Js Qs Ks", "TsJsQsKs", "10s J♠ Q♠ K♠".

output: category (as named in docs/rules/broken-canada.md), strength (category << 15 |
lower-card value; higher is stronger), the words, and the cards that make it.

examples:
  handrank canada eval --set "Ts Js Qs Ks" --pit "As 2s"
  handrank canada eval --set "Ah Ah 9h 9s" --pit "Kc Kd" --decks 2
  handrank canada eval --set "Ac 3d 5h 7s" --pit "Kc 9d" --output json
"""

PLAY_EPILOG = """\
Plays one deal with bots and prints the game log: the deal, the switch, the
flip, the showdown (with any Family Feud draws) and the one-time redeal after
a Broken Canada. Five or more players use ceil(players / 4) decks. Players are
numbered from 1 (player 1 sits at seat 1). Strategies: greedy (the default)
and stand-pat (never changes a card).

examples:
  handrank canada play --players 4 --seed 1
  handrank canada play --players 9 --seed 12 --dealer 3
  handrank canada play --seed 2 --seats greedy,stand-pat,stand-pat
"""

H2H_EPILOG = """\
Plays two strategies heads-up over the same seeded deals, each deal twice with
the seats swapped, and prints each side's mean share of the pot per round and
the margin with its 95% confidence interval. (Also available as "duel".)

examples:
  handrank canada head-to-head greedy stand-pat --rounds 1000 --seed 1
  handrank canada head-to-head greedy greedy --rounds 200 -o json
"""

ODDS_EPILOG = """\
Enumerates all 305,377,800 one-deck (set, pit) deals and prints the exact count
and probability of every category, strongest first (about a second or two
on one core).

examples:
  handrank canada odds
  handrank canada odds --threads 0 --output json
  handrank canada odds --scheduler local:2        # the 49 units on a Dask cluster
"""


RANK_EPILOG = """\
input: one hand per line, 6 cards with the 4 set cards first and then the 2 pit
cards ("Ts Js Qs Ks As 2s", "TsJsQsKsAs2s", or "Ts Js Qs Ks | As 2s" as this
command prints them); blank lines and lines starting
with # are skipped. With --decks N a card may appear up to N times in a line.

output: per hand the line number, set | pit, category, strength (category << 15
| lower-card value; higher is stronger) and description; then a summary of the
categories, strongest first.

exit status: 0 ok; 2 bad rows (without --skip-bad), unreadable file or bad usage.

examples:
  handrank canada rank hands.txt
  handrank canada rank --decks 2 --summary-only hands.txt
  handrank canada rank --output csv hands.txt > ranked.csv
"""


def _players(s: str) -> int:
    v = int(s)
    if not 2 <= v <= 52:
        raise argparse.ArgumentTypeError(f"must be 2 to 52, got {v}")
    return v


def _decks(s: str) -> int:
    v = int(s)
    if not 1 <= v <= canada.MAX_DECKS:
        raise argparse.ArgumentTypeError(f"must be 1 to {canada.MAX_DECKS}, got {v}")
    return v


_players.__name__ = "player count"
_decks.__name__ = "deck count"


def register(subparsers: argparse._SubParsersAction) -> None:
    """The ``canada`` command group: ``eval``, ``rank``, ``play``, ``head-to-head``, ``odds``."""
    cmds = add_group(
        subparsers, "canada", help="Broken Canada hands (eval, rank, play, head-to-head, odds)",
        description="Broken Canada (docs/rules/broken-canada.md): evaluate a hand, rank a file, "
                    "play a deal, pit two strategies against each other, exact odds.")

    p = add_command(cmds, "eval", cmd_eval, epilog=EVAL_EPILOG)
    p.add_argument("--set", required=True, dest="set_cards", metavar="CARDS",
                   help="the player's 4 set cards")
    p.add_argument("--pit", required=True, metavar="CARDS", help="the 2 pit cards")
    p.add_argument("--decks", type=_decks, default=1, metavar="N",
                   help="decks in play: a card may appear up to N times (default 1)")
    add_format_option(p)

    p = add_command(cmds, "rank", cmd_rank, epilog=RANK_EPILOG)
    add_input_options(p)
    add_output_options(p)
    p.add_argument("--decks", type=_decks, default=1, metavar="N",
                   help="decks in play: a card may appear up to N times in a hand (default 1)")

    p = _game_parser(cmds, "play", cmd_play, PLAY_EPILOG,
                     "text log (default) or JSON with the log, winners and feud")
    p.add_argument("--players", type=_players, default=None, metavar="N",
                   help="players (2..52; default 4, or one per --seats name)")
    p.add_argument("--dealer", type=_pos_int, default=1, metavar="SEAT",
                   help="dealer's seat, from 1 (default 1); play starts at the dealer's left")
    p.add_argument("--seats", default=None, metavar="S1,S2,...",
                   help=f"one strategy per seat, comma-separated ({', '.join(STRATEGIES)}); "
                        f"sets the player count; default: greedy in every seat")
    p.add_argument("--decks", type=_decks, default=None, metavar="N",
                   help="decks (default ceil(players / 4))")

    add_head_to_head(cmds, cmd_head_to_head, list(STRATEGIES), 1_000, H2H_EPILOG,
                     aliases=("duel",))

    p = add_command(cmds, "odds", cmd_odds, epilog=ODDS_EPILOG)
    p.add_argument("--threads", type=_threads, default=0, metavar="N",
                   help="threads (0 = all cores, the default)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_scheduler_option(p, "run the 49 units")
    add_format_option(p, ("text", "csv", "json", "markdown"))


def _game_parser(cmds: argparse._SubParsersAction, name: str,
                 func: Callable[[argparse.Namespace], int], epilog: str,
                 output_help: str) -> argparse.ArgumentParser:
    """A command that plays deals: ``--seed`` and ``--output text|json``."""
    p = add_command(cmds, name, func, epilog=epilog)
    p.add_argument("--seed", type=_seed, default=None, metavar="S",
                   help="random seed, a non-negative integer (same seed, same result); "
                        "default: fresh entropy")
    add_format_option(p, help=output_help)
    return p


def _error(e: Exception) -> int:
    print(f"{PROG}: error: {e}", file=sys.stderr)
    return EXIT_BAD_INPUT


def cmd_eval(args: argparse.Namespace) -> int:
    """evaluate one hand (set + pit)

    Evaluate one Broken Canada hand.
    """
    try:
        hv = canada.evaluate(args.set_cards, args.pit, decks=args.decks)
        ids = canada._hand(args.set_cards, args.pit, args.decks)
    except HandrankError as e:
        return _error(e)
    row = canada.Category(hv.category).row
    if args.output == "json":
        json.dump({"set": format_cards(ids[:4]), "pit": format_cards(ids[4:]),
                   "category": hv.name, "row": row, "strength": hv.strength,
                   "description": hv.description, "cards": format_cards(hv.cards)},
                  sys.stdout)
        print()
        return EXIT_OK
    print(f"hand:        {canada.format_hand(ids)}")
    print(f"category:    {hv.name} (row {row} of 35)")
    print(f"strength:    {hv.strength}")
    print(f"description: {hv.description}")
    print(f"made by:     {format_cards(hv.cards)}")
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    """play one deal with bots and print the game log

    Play one deal of Broken Canada with bots (players numbered from 1).
    """
    players: int | list[str] = 4 if args.players is None else args.players
    if args.seats is not None:
        players = [x.strip() for x in args.seats.split(",")]
        for i, name in enumerate(players):
            if name not in STRATEGIES:
                return _error(HandrankError(f"--seats: seat {i + 1}: unknown strategy {name!r}; "
                                            f"expected one of {', '.join(STRATEGIES)}"))
        if not 2 <= len(players) <= 52:
            return _error(HandrankError(f"--seats names {len(players)} strateg{'ies' if len(players) != 1 else 'y'}; "
                                        f"a table has 2 to 52 players"))
        if args.players is not None and args.players != len(players):
            return _error(HandrankError(f"--seats names {len(players)} strategies for "
                                        f"{args.players} players"))
    n = players if isinstance(players, int) else len(players)
    if args.dealer > n:
        return _error(HandrankError(f"--dealer must be a seat 1..{n}, got {args.dealer}"))
    try:
        result = Game(players=players, seed=_fresh_seed(args), dealer=args.dealer - 1,
                      decks=args.decks).play()
    except HandrankError as e:
        return _error(e)
    log = result.lines(1)
    if args.output == "json":
        json.dump({"seed": args.seed, "log": log, "winners": [w + 1 for w in result.winners],
                   "redealt": result.redealt,
                   "strengths": result.showdown.strengths,
                   "sets": [format_cards(s) for s in result.sets],
                   "pit": format_cards(result.pit),
                   "feud": [[d.round + 1, d.player + 1, format_cards([d.card])]
                            for d in result.showdown.feud]}, sys.stdout)
        print()
    else:
        print("\n".join(log))
        print(f"(seed {args.seed})")
    return EXIT_OK


def cmd_head_to_head(args: argparse.Namespace) -> int:
    """two strategies heads-up, seats swapped

    Broken Canada head-to-head: strategy A against B (handrank.canada.head_to_head).
    """
    try:
        r = canada.head_to_head(args.a, args.b, args.rounds, seed=_fresh_seed(args))
    except HandrankError as e:
        return _error(e)
    return print_head_to_head(args, r)


def cmd_odds(args: argparse.Namespace) -> int:
    """exact category odds over every one-deck deal

    Exact odds of every Broken Canada category.
    """
    show = not args.no_progress and sys.stderr.isatty()
    with contextlib.ExitStack() as stack:
        executor = (dask_client(args.scheduler, stack).get_executor()
                    if args.scheduler is not None else None)
        t0 = time.perf_counter()
        counts = canada.exact_odds(threads=args.threads, progress=show, executor=executor)
        secs = time.perf_counter() - t0
    rows = canada.odds_rows(counts)
    total = int(counts.sum())
    if args.output == "json":
        json.dump({"total": total, "seconds": round(secs, 3),
                   "categories": [{"row": c.row, "category": c.label, "count": n,
                                   "probability": p} for c, n, p in rows]}, sys.stdout)
        print()
    elif args.output == "csv":
        print("row,category,count,probability")
        for c, n, p in rows:
            print(f"{c.row},{c.label},{n},{p:.10g}")
    elif args.output == "markdown":
        print("| # | category | deals | probability |")
        print("|---:|---|---:|---:|")
        for c, n, p in rows:
            print(f"| {c.row} | {c.label} | {n:,} | {p:.6%} |")
        print(f"| | total | {total:,} | 100% |")
    else:
        width = max(len(c.label) for c, _, _ in rows)
        for c, n, p in rows:
            print(f"{c.row:>2}  {c.label:<{width}}  {n:>12,}  {p:>11.6%}")
        print(f"    {'total':<{width}}  {total:>12,}")
        print(f"{PROG}: enumerated {total:,} deals in {secs:.2f} s", file=sys.stderr)
    return EXIT_OK


# =========================================================================== rank


@lru_cache(maxsize=1 << 16)
def _describe(s: int) -> str:
    return canada.describe(s)


def _parse_multi(chunk: list[Line], decks: int) -> tuple[TextChunk, list[BadRow]]:
    """Lines of 6 cards where a card may repeat up to ``decks`` times."""
    good, bad = TextChunk(), []
    for lineno, text in chunk:
        s = (text or "").strip()
        if text is None:
            bad.append(BadRow(lineno, "not valid UTF-8 text"))
            continue
        if not s or s[0] == "#":
            continue
        try:
            ids = parse_cards(s, allow_duplicates=True)
            if len(ids) != 6:
                raise HandrankError(f"{len(ids)} card{'s' if len(ids) != 1 else ''}; "
                                    f"a Broken Canada hand is 6 cards")
            canada._check_copies(ids, decks, "hand")
        except HandrankError as e:
            bad.append(BadRow(lineno, str(e)))
            continue
        good.lines.append(lineno)
        good.hands.append(ids)
    return good, bad


def _split_pipes(chunk: list[Line]) -> tuple[list[Line], list[BadRow]]:
    """Lines "set | pit" become "set pit"; a "|" that does not follow exactly 4 set
    cards (or more than one "|") is a bad row."""
    out: list[Line] = []
    bad: list[BadRow] = []
    for n, t in chunk:
        if t is None or "|" not in t:
            out.append((n, t))
            continue
        left, _, right = t.partition("|")
        try:
            n_set = len(parse_cards(left, allow_duplicates=True))
        except HandrankError:
            n_set = -1
        if "|" in right or n_set not in (-1, 4):
            bad.append(BadRow(n, f"'|' must separate the 4 set cards from the 2 pit cards "
                                 f"(found {n_set} card{'s' if n_set != 1 else ''} before it)"
                              if "|" not in right else "more than one '|' in the line"))
            continue
        out.append((n, left + " " + right))
    return out, bad


def cmd_rank(args: argparse.Namespace) -> int:
    """rank hands in a file (6 cards a line, set then pit)

    Evaluate one Broken Canada hand per line of FILE and
    summarise the categories.
    """
    columns = [Column("line", right=True, min_width=4), Column("hand"), Column("category"),
               Column("strength", right=True), Column("description")]
    inp = open_input(args.file)
    with inp:
        run = Run(args, inp, "ranking")
        sink = make_sink(args, columns, "hands")
        counts = np.zeros(35, dtype=np.int64)
        for chunk in run.chunks():
            # "set | pit", the form this command prints, reads back; a "|" anywhere but
            # after the 4 set cards is a bad row (which cards are set matters for curves).
            chunk, pipe_bad = _split_pipes(chunk)
            if args.decks == 1:
                good, bad = parse_text_chunk(chunk, sizes=(6,))
                bad = [BadRow(b.line, b.reason.replace("a hand needs 6 cards",
                                                       "a Broken Canada hand is 6 cards"))
                       for b in bad]
            else:
                good, bad = _parse_multi(chunk, args.decks)
            bad = sorted(bad + pipe_bad, key=lambda b: b.line)
            if any(b.reason.startswith("duplicate card") for b in bad):
                run.hint = "with several decks in play, pass --decks N"
            run.report(bad)
            if run.failed or not len(good):
                continue
            ids = np.array(good.hands, dtype=np.uint8).reshape(len(good), 6)
            strengths = canada.evaluate_many(ids, decks=args.decks, threads=args.threads)
            counts += np.bincount(strengths >> 15, minlength=35)
            run.counted(len(strengths))
            if sink is not None:
                labels = canada.LABELS
                sink.rows([(ln, canada.format_hand(h), labels[s >> 15], s, _describe(s))
                           for ln, h, s in zip(good.lines, good.hands, strengths.tolist())])
        return run.conclude(sink, lambda skipped: _summary(counts, skipped))


def _summary(counts: np.ndarray, skipped: int) -> tuple[str, dict, list[list[Any]]]:
    total = int(counts.sum())
    rows = [(c.row, c.label, int(counts[c.value])) for c in
            (canada.Category(v) for v in range(34, -1, -1))]
    head = f"Summary: {_plural(total, 'Broken Canada hand')}"
    if skipped:
        head += f" ({_plural(skipped, 'bad row')} skipped)"
    w = max(len(r[1]) for r in rows) + 2
    lines = [head, f"  {'#':>2}  {'category':<{w}}  {'count':>10}  {'share':>8}"]
    lines += [f"  {r:>2}  {nm:<{w}}  {n:>10}  {_pct(n, total):>8}" for r, nm, n in rows]
    lines.append(f"  {'':>2}  {'total':<{w}}  {total:>10}  {_pct(total, total):>8}")
    js: dict[str, Any] = {
        "hands": total, "skipped": skipped,
        "categories": [{"row": r, "category": nm, "count": n,
                        "share": (n / total if total else 0.0)} for r, nm, n in rows]}
    csv_rows: list[list[Any]] = [["row", "category", "count", "share"]]
    csv_rows += [[r, nm, n, f"{n / total:.6f}" if total else ""] for r, nm, n in rows]
    return "\n".join(lines) + "\n", js, csv_rows
