"""``handrank eval --game deuce-to-seven|ace-to-five|razz|badugi``: lowball hands.

Registered in :data:`handrank.cli.poker.EVAL_GAMES`; each function takes the parsed
``eval`` arguments and returns the exit status. Rules: ``docs/rules/lowball.md``.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..cards import format_cards
from ..errors import HandrankError, OptionError
from ..lowball import GAMES, LowballGame
from ._common import EXIT_OK


def _eval(game: LowballGame, args: argparse.Namespace) -> int:
    """Evaluate each hand of ``args.hands`` with ``game``, print them and the winner(s)
    (the best low: highest strength)."""
    if args.board is not None:
        raise OptionError(f"--board: {game.game} has no board; give each player's cards")
    values = []
    for i, text in enumerate(args.hands):
        try:
            values.append(game.evaluate(text))
        except HandrankError as e:
            raise e.with_context(f"hand {i + 1} ({text!r})") from None
    best = max(v.strength for v in values)
    winners = [i for i, v in enumerate(values) if v.strength == best]
    if args.output == "json":
        json.dump({"game": game.game,
                   "hands": [{"hand": i + 1, "input": t, "category": v.category.label,
                              "name": v.name, "strength": v.strength,
                              "description": v.description, "plays": format_cards(v.cards)}
                             for i, (t, v) in enumerate(zip(args.hands, values))],
                   "winners": [i + 1 for i in winners]}, sys.stdout, ensure_ascii=False)
        print()
        return EXIT_OK
    for i, v in enumerate(values):
        print(f"{i + 1}: {format_cards(v.cards)}  {v.description}  (strength {v.strength})")
    if len(values) > 1:
        if len(winners) == 1:
            print(f"winner: hand {winners[0] + 1} ({values[winners[0]].description})")
        else:
            print("split: hands " + ", ".join(str(i + 1) for i in winners)
                  + f" ({values[winners[0]].description})")
    return EXIT_OK


def eval_deuce_to_seven(args: argparse.Namespace) -> int:
    """``eval --game deuce-to-seven``: five cards each, aces high, straights and flushes count."""
    return _eval(GAMES["deuce-to-seven"], args)


def eval_ace_to_five(args: argparse.Namespace) -> int:
    """``eval --game ace-to-five`` (or ``razz``): 5 to 7 cards each, best five, aces low."""
    return _eval(GAMES["ace-to-five"], args)


def eval_badugi(args: argparse.Namespace) -> int:
    """``eval --game badugi``: four cards each."""
    return _eval(GAMES["badugi"], args)
