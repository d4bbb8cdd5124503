"""``handrank eval --game shortdeck``: short-deck (6+) hands given on the command line."""

from __future__ import annotations

import argparse

from .. import shortdeck
from .poker import eval_report


def eval_shortdeck(args: argparse.Namespace) -> int:
    """Evaluate each HAND (5 to 7 short-deck cards, best five; with ``--board``,
    hole cards + the shared board) as :func:`handrank.cli.poker.cmd_eval` does for
    Hold'em, by the short-deck ranking (``--straight-beats-trips``: the straight
    above three of a kind). Rules: ``docs/rules/shortdeck.md``."""
    sbt = bool(getattr(args, "straight_beats_trips", False))
    return eval_report(args, lambda ids: shortdeck.evaluate(ids, straight_beats_trips=sbt),
                       "a short-deck hand", first_card=shortdeck.FIRST_CARD,
                       deck="the short deck (sixes to aces)")
