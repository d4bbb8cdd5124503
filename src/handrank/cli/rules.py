"""``handrank rules [PAGE]``: print a rules page (the project's ``docs/rules/*.md``,
shipped inside the package)."""

from __future__ import annotations

import argparse
import sys

from .. import rules
from ..errors import HandrankError
from ._common import EXIT_BAD_INPUT, EXIT_OK, PROG, add_command


def register(subparsers: argparse._SubParsersAction) -> None:
    """The ``rules`` command."""
    p = add_command(subparsers, "rules", cmd_rules)
    p.add_argument("page", nargs="?", default="index",
                   help=f"one of {', '.join(rules.PAGES)}, or a game module name "
                        f"({', '.join(rules.GAME_PAGES)}); default: the index")


def cmd_rules(args: argparse.Namespace) -> int:
    """print the rules a game follows (and the decisions handrank took)

    Print one of the rules pages handrank implements, with every decision taken
    where a rule is open and the test that holds it.
    """
    try:
        text = rules.page(args.page)
    except (HandrankError, FileNotFoundError) as e:
        print(f"{PROG} rules: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(text)
    return EXIT_OK
