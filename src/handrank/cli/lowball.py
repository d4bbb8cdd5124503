"""``handrank eval --game deuce-to-seven|ace-to-five|razz|badugi``: lowball hands.

Registered in :data:`handrank.cli.poker.EVAL_GAMES`; each function takes the parsed
``eval`` arguments and returns the exit status. Rules: ``docs/rules/lowball.md``.
"""

from __future__ import annotations

import argparse

from ..errors import HandrankError, OptionError
from ..lowball import GAMES, LowballGame
from .poker import print_eval


def _eval(game: LowballGame, args: argparse.Namespace) -> int:
    """Evaluate each hand of ``args.hands`` with ``game``, print them and the winner(s)
    (the best low: highest strength) with :func:`~handrank.cli.poker.print_eval`."""
    if args.board is not None:
        raise OptionError(f"--board: {game.game} has no board; give each player's cards")
    values = []
    for i, text in enumerate(args.hands):
        try:
            values.append(game.evaluate(text))
        except HandrankError as e:
            raise e.with_context(f"hand {i + 1} ({text!r})") from None
    return print_eval(args, values)


def eval_deuce_to_seven(args: argparse.Namespace) -> int:
    """``eval --game deuce-to-seven``: five cards each, aces high, straights and flushes count."""
    return _eval(GAMES["deuce-to-seven"], args)


def eval_ace_to_five(args: argparse.Namespace) -> int:
    """``eval --game ace-to-five`` (or ``razz``): 5 to 7 cards each, best five, aces low."""
    return _eval(GAMES["ace-to-five"], args)


def eval_badugi(args: argparse.Namespace) -> int:
    """``eval --game badugi``: four cards each."""
    return _eval(GAMES["badugi"], args)
