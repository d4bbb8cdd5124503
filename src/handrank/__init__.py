"""handrank: fast card-hand evaluation for poker and other card games.

Game modules share one shape (see ``DESIGN.md`` of the project): ``evaluate``
(one hand -> :class:`HandValue`), ``evaluate_many`` (numpy arrays -> ``int32``
strengths, higher = stronger), ``category`` / ``describe``, ``compare`` /
``showdown``. Cards are ids ``4 * rank + suit`` (see :mod:`handrank.cards`).
"""

from importlib.metadata import PackageNotFoundError, version

from . import cards, errors, poker
from .cards import format_card, format_cards, parse_card, parse_cards
from .errors import HandrankError
from .result import HandValue

try:
    __version__ = version("handrank")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0+unknown"

__all__ = [
    "__version__",
    "cards",
    "errors",
    "poker",
    "HandValue",
    "HandrankError",
    "parse_card",
    "parse_cards",
    "format_card",
    "format_cards",
]
