"""handrank: fast card-hand evaluation for poker and other card games.

Games: :mod:`handrank.poker` (5, 6, 7 cards), :mod:`handrank.chinese` (Chinese Poker),
:mod:`handrank.brag` (Three-card Brag), :mod:`handrank.crash` (13-card Brag),
:mod:`handrank.canada` (Broken Canada; engine in :mod:`handrank.canada.engine`),
:mod:`handrank.shortdeck` (short-deck 6+ Hold'em hands), :mod:`handrank.stud`
(seven-card stud, stud Hi-Lo and razz equity), and
:mod:`handrank.equity` (Hold'em equity, ranges in :mod:`handrank.equity.ranges`).

Each game is a package with the same verbs (layout: ``docs/architecture.md``):
``evaluate`` (one hand -> :class:`HandValue`), ``evaluate_many`` (numpy arrays ->
``int32`` strengths, higher = stronger), ``category`` / ``describe``, ``compare`` /
``showdown``; the equities share :class:`~handrank.result.EquityResult`, the game
engines share :mod:`handrank.engine`. Cards are ids ``4 * rank + suit`` (see
:mod:`handrank.cards`). The rules each game follows: :mod:`handrank.rules`
(``handrank rules PAGE`` on the command line).
"""

import importlib
from typing import TYPE_CHECKING, Any

from . import cards, errors, poker
from ._version import __version__
from .cards import format_card, format_cards, parse_card, parse_cards
from .errors import HandrankError
from .result import HandValue

#: Game modules imported on first use (``handrank.brag`` ...), so that ``import handrank``
#: stays cheap for a user of one game.
_LAZY = ("brag", "canada", "chinese", "compat", "crash", "engine", "equity", "lowball", "omaha",
         "ranges", "rules", "shortdeck", "stud")

if TYPE_CHECKING:  # pragma: no cover
    from . import (brag, canada, chinese, compat, crash, engine, equity, lowball, omaha,
                   ranges, rules, shortdeck, stud)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "HandValue",
    "HandrankError",
    "__version__",
    "brag",
    "canada",
    "cards",
    "chinese",
    "compat",
    "crash",
    "engine",
    "equity",
    "errors",
    "format_card",
    "format_cards",
    "lowball",
    "omaha",
    "parse_card",
    "parse_cards",
    "poker",
    "ranges",
    "rules",
    "shortdeck",
    "stud",
]
