"""``handrank eval --game omaha`` and ``--game omaha-hilo``: Omaha hands given on the
command line (registered in ``EVAL_GAMES`` of :mod:`handrank.cli.poker`)."""

from __future__ import annotations

import argparse
import sys

from .. import omaha
from ..cards import format_cards, parse_cards
from ..errors import DuplicateCardError, HandrankError, HandSizeError
from ._common import EXIT_BAD_INPUT, PROG
from .poker import _listed, print_eval


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
    holes: list[list[int]] = []
    for i, text in enumerate(args.hands):
        try:
            hole, _ = omaha.hands.parse_hand(text, board)
            for c in hole:
                if c in seen:
                    raise DuplicateCardError(f"card {format_cards([c])} is also in {seen[c]}",
                                             card=c)
                seen[c] = f"hand {i + 1}"
            if holes and len(hole) != len(holes[0]):
                raise HandSizeError(f"{len(hole)} hole cards, but hand 1 has {len(holes[0])}; "
                                    f"every player of one Omaha game holds the same number")
        except HandrankError as e:
            raise e.with_context(f"hand {i + 1} ({text!r})") from None
        holes.append(hole)
    return board, holes


def _eval(args: argparse.Namespace, hilo: bool) -> int:
    dealt = _hands(args)
    if dealt is None:
        return EXIT_BAD_INPUT
    board, holes = dealt
    values = [omaha.evaluate(h, board) for h in holes]
    if not hilo:
        return print_eval(args, values, board=board)
    best = max(v.strength for v in values)
    winners = [i for i, v in enumerate(values) if v.strength == best]
    lows = [omaha.low(h, board) for h in holes]
    low_winners = [i for i, s in enumerate(lows) if s == max(lows)] if max(lows) else []
    shares = omaha.showdown_hilo(holes, board)
    return print_eval(
        args, values, board=board,
        extra=[{"low_strength": lo, "low": omaha.describe_low(lo), "share": str(sh)}
               for lo, sh in zip(lows, shares)],
        notes=[f"; {omaha.describe_low(lo)}; share {sh}" for lo, sh in zip(lows, shares)],
        outcome=[f"high: {_listed(winners)}",
                 f"low: {_listed(low_winners)}" if low_winners else "low: none qualifies"],
        more={"low_winners": [i + 1 for i in low_winners]})


def eval_omaha(args: argparse.Namespace) -> int:
    """``handrank eval --game omaha --board BOARD HOLE...``: each HOLE's best
    two + three and the winner(s) of the high pot."""
    return _eval(args, False)


def eval_omaha_hilo(args: argparse.Namespace) -> int:
    """``handrank eval --game omaha-hilo --board BOARD HOLE...``: high and low
    hands and each player's exact share of the pot."""
    return _eval(args, True)
