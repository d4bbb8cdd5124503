"""The ``handrank`` command-line tool (also ``python -m handrank``).

Layout
------
Every game contributes its commands through a ``register(subparsers)``
function in its own module ``handrank.cli.<game>``, listed in :data:`REGISTRARS`. A command is a subparser whose
``func`` default is a handler ``func(args) -> exit status``. Poker, the default
game, adds top-level commands (``handrank rank``, ``handrank showdown``);
other games add a group with its own sub-commands, e.g.::

    def register(subparsers):          # handrank/cli/brag.py
        brag = subparsers.add_parser("brag", help="three-card Brag hands")
        cmds = brag.add_subparsers(dest="brag_command", required=True, metavar="COMMAND")
        p = cmds.add_parser("rank", help="rank one Brag hand per line")
        add_input_options(p); add_output_options(p)
        p.set_defaults(func=cmd_brag_rank)

The shared pieces (:func:`add_input_options`, :func:`add_output_options`,
:class:`Run` for reading chunks with progress and bad-row reporting,
:func:`make_sink` for text/csv/json output) are game-independent and live in
:mod:`handrank.cli._common`; file parsing lives in :mod:`handrank.cli.files`.

Exit status: 0 success; 1 a check failed (``--check-labels`` mismatches,
showdown rows disagreeing with the recorded outcome); 2 bad input (bad rows
without ``--skip-bad``, unreadable file, bad usage).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import HandrankError
from .files import InputError
from ._common import EXIT_BAD_INPUT, PROG, add_input_options, add_output_options

__all__ = ["REGISTRARS", "add_input_options", "add_output_options", "build_parser", "main"]

# =========================================================================== entry point

#: Modules ``handrank.cli.<name>``, each with a ``register(subparsers)`` that adds its
#: commands (poker: top-level commands) or its command group (``handrank brag ...``).
REGISTRARS: list[str] = ["poker", "brag", "crash", "canada", "chinese", "equity", "rules", "ranges"]

MAIN_EPILOG = """\
examples:
  handrank rank hands.txt
  handrank rank --format uci --check-labels --summary-only poker-hand-training-true.data
  handrank showdown --summary-only pluribus-showdowns.csv
  handrank eval "As Ks Qs Js Ts" "Kd Kh Kc 4s 4d"
  handrank equity AhAd KsKc
  handrank range "QQ+, AKs"
  handrank chinese set "As Kd Qh Jc 9s 8d 7h 6c 4s 3d 2h 2c Td"
  handrank brag rank "3s 3h 3d" "Ah 2d 3c"
  handrank crash set "As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h"
  handrank canada eval --set "Ts Js Qs Ks" --pit "As 2s"
  handrank COMMAND --help

Bad rows are reported on stderr with their line number; exit status 2 unless
--skip-bad. Failed checks (label mismatches, disagreeing outcomes) give 1.
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=("Evaluate and compare card hands: poker ranking and showdowns, equity,\n"
                     "Chinese Poker, Three-card Brag / Crash, Broken Canada."),
        epilog=MAIN_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-V", "--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in REGISTRARS:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    _remember_parsers(parser)
    return parser


def _remember_parsers(parser: argparse.ArgumentParser) -> None:
    """Give every (sub)command its own parser as the default ``_parser``, so that
    an unknown option is reported with that command's usage line."""
    parser.set_defaults(_parser=parser)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in set(action.choices.values()):
                _remember_parsers(child)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool; returns the exit status (the console script exits with it)."""
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            args._parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as e:  # --help, --version, usage errors
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    if sys.stdout is None:
        print(f"{PROG}: error: standard output is closed", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return args.func(args)
    except UnicodeEncodeError as e:
        print(f"{PROG}: error: cannot write {e.object[e.start:e.end]!r} in the output "
              f"encoding {e.encoding}; set PYTHONIOENCODING=utf-8", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InputError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except HandrankError as e:  # should not happen: rows are validated before evaluation
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Output piped into e.g. `head`: stop quietly.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 141
    except OSError as e:  # e.g. output on a full disk
        print(f"{PROG}: error: {e.strerror or e}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

