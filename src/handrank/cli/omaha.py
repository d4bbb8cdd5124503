"""``handrank eval --game omaha`` and ``--game omaha-hilo``: Omaha hands given on the
command line (registered in ``EVAL_GAMES`` of :mod:`handrank.cli.poker`)."""

from __future__ import annotations

import argparse
import json
import sys

from .. import omaha
from ..cards import format_cards, parse_cards
from ..errors import DuplicateCardError, HandrankError
from ._common import EXIT_BAD_INPUT, EXIT_OK, PROG


def _hands(args: argparse.Namespace) -> tuple[list[int], list[list[int]]] | None:
    """The board and every HAND's hole cards, from one deck; None (after printing
    the error) when --board is missing. Raises HandrankError naming the hand."""
    if args.board is None:
        print(f"{PROG} eval: error: --game {args.game} needs --board (the 5 community "
              f"cards); each HAND is one player's 4, 5 or 6 hole cards", file=sys.stderr)
        return None
    try:
        board = parse_cards(args.board)
    except HandrankError as e:
        raise e.with_context(f"board ({args.board!r})") from None
    seen = {c: "the board" for c in board}
    holes = []
    for i, text in enumerate(args.hands):
        try:
            hole, _ = omaha.hands.parse_hand(text, board)
            for c in hole:
                if c in seen:
                    raise DuplicateCardError(f"card {format_cards([c])} is also in {seen[c]}",
                                             card=c)
                seen[c] = f"hand {i + 1}"
        except HandrankError as e:
            raise e.with_context(f"hand {i + 1} ({text!r})") from None
        holes.append(hole)
    return board, holes


def _listed(indices: list[int]) -> str:
    if len(indices) == 1:
        return f"hand {indices[0] + 1}"
    return "hands " + ", ".join(str(i + 1) for i in indices)


def _eval(args: argparse.Namespace, hilo: bool) -> int:
    dealt = _hands(args)
    if dealt is None:
        return EXIT_BAD_INPUT
    board, holes = dealt
    values = [omaha.evaluate(h, board) for h in holes]
    best = max(v.strength for v in values)
    winners = [i for i, v in enumerate(values) if v.strength == best]
    lows = [omaha.low(h, board) for h in holes] if hilo else []
    low_winners = ([i for i, s in enumerate(lows) if s == max(lows)] if hilo and max(lows)
                   else [])
    shares = omaha.showdown_hilo(holes, board) if hilo else []
    if args.output == "json":
        rows = []
        for i, (text, v) in enumerate(zip(args.hands, values)):
            row = {"hand": i + 1, "input": text, "category": v.category.label, "name": v.name,
                   "strength": v.strength, "description": v.description,
                   "best_five": format_cards(v.cards)}
            if hilo:
                row.update(low_strength=lows[i], low=omaha.describe_low(lows[i]),
                           share=str(shares[i]))
            rows.append(row)
        doc: dict[str, object] = {"game": args.game, "board": format_cards(board), "hands": rows,
                                  "winners": [i + 1 for i in winners]}
        if hilo:
            doc["low_winners"] = [i + 1 for i in low_winners]
        json.dump(doc, sys.stdout, ensure_ascii=False)
        print()
        return EXIT_OK
    for i, v in enumerate(values):
        line = f"{i + 1}: {format_cards(holes[i])}  {v.description} [{format_cards(v.cards)}]"
        if hilo:
            line += f"; {omaha.describe_low(lows[i])}; share {shares[i]}"
        print(line)
    if len(values) > 1 or hilo:
        what = "winner" if len(winners) == 1 else "split"
        print(f"{'high' if hilo else what}: {_listed(winners)}")
    if hilo:
        print(f"low: {_listed(low_winners)}" if low_winners else "low: none qualifies")
    return EXIT_OK


def eval_omaha(args: argparse.Namespace) -> int:
    """``handrank eval --game omaha --board BOARD HOLE...``: each HOLE's best
    two + three and the winner(s) of the high pot."""
    return _eval(args, False)


def eval_omaha_hilo(args: argparse.Namespace) -> int:
    """``handrank eval --game omaha-hilo --board BOARD HOLE...``: high and low
    hands and each player's exact share of the pot."""
    return _eval(args, True)
