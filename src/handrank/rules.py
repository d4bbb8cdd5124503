"""The rules pages, readable from an installed package.

The rules handrank implements are written in the project's ``docs/rules/*.md``;
the wheel and the sdist carry a copy inside the package, so a user can read why a
game behaves as it does without the repository::

    >>> from handrank import rules
    >>> rules.PAGES
    ('poker', 'brag-and-crash', 'chinese-poker', 'broken-canada', 'lowball', 'omaha', 'shortdeck', 'stud')
    >>> rules.page("broken-canada").splitlines()[0]
    '# Broken Canada'

On the command line: ``handrank rules broken-canada``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from .errors import OptionError

__all__ = ["PAGES", "page"]

#: The pages, one per rule set (``poker`` also covers Hold'em equity).
PAGES = ("poker", "brag-and-crash", "chinese-poker", "broken-canada", "lowball", "omaha",
         "shortdeck", "stud")

#: Each game module's page, and the page of every ``handrank eval --game`` name.
GAME_PAGES = {"poker": "poker", "equity": "poker", "holdem": "poker", "brag": "brag-and-crash",
              "crash": "brag-and-crash", "chinese": "chinese-poker", "canada": "broken-canada",
              "razz": "lowball", "ace-to-five": "lowball", "deuce-to-seven": "lowball",
              "badugi": "lowball", "omaha-hilo": "omaha", "stud-hilo": "stud"}


def page(name: str) -> str:
    """The Markdown text of one rules page: a name of :data:`PAGES`, ``"index"`` for the
    index, or a game module's name (``"canada"`` -> ``"broken-canada"``).

    Raises OptionError listing the names for an unknown page; FileNotFoundError if
    the installation carries no pages (a build that skipped them)."""
    if not isinstance(name, str):
        raise OptionError(f"a rules page name is a str, got {name!r}")
    key = GAME_PAGES.get(name, name)
    if key not in PAGES and key != "index":
        names = dict.fromkeys(PAGES + tuple(GAME_PAGES) + ("index",))
        raise OptionError(f"unknown rules page {name!r}; expected one of {', '.join(names)}")
    filename = "README.md" if key == "index" else f"{key}.md"
    shipped = resources.files(__package__) / "rules_pages" / filename
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    # A source checkout (editable install): the pages are in docs/rules.
    source = Path(__file__).resolve().parents[2] / "docs" / "rules" / filename
    if source.is_file():
        return source.read_text(encoding="utf-8")
    raise FileNotFoundError(f"rules page {filename} is not installed with handrank")
