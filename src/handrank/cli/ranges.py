"""``handrank range``: a Hold'em range as a 13x13 grid, its combo count and its share of
the 1,326 combos; ``--plot`` draws the grid to a PNG or SVG file."""

from __future__ import annotations

import argparse
import json
import sys
import warnings

from ..errors import HandrankError, RangeNotationWarning
from ._common import EXIT_BAD_INPUT, EXIT_OK, PROG, _isatty, add_command, add_format_option

EPILOG = """\
examples:
  handrank range "QQ+, AKs"
  handrank range "top 15%" --numbers
  handrank range "5%-15%; 0.5(A5s-A2s)" --plot range.png
  handrank range "JTs-KQs, 80%(AKo)" -o json

RANGE uses the notation of handrank equity: QQ+, AKs, AKo, AK, ATs+, A5s-A2s,
22-55, connector spans JTs-KQs / 87-JT, explicit combos AsKs, random, the
percentage ranges 15%, "top 20%", 5%-15% (by exact all-in equity against one
random hand), weights 0.4(AKs, QQ), 80%(AKs) or AKs:0.4, separated by commas,
semicolons or spaces. --plot needs matplotlib: pip install 'handrank[plot]'.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``range`` command."""
    p = add_command(subparsers, "range", cmd_range, epilog=EPILOG)
    p.add_argument("range", metavar="RANGE", help="the range text (quote it)")
    p.add_argument("--numbers", action="store_true",
                   help="print each cell's weighted fraction instead of shading")
    p.add_argument("--plot", default=None, metavar="FILE",
                   help="also draw the grid to FILE (.png or .svg; needs matplotlib)")
    add_format_option(p)


def cmd_range(args: argparse.Namespace) -> int:
    """show a Hold'em range as a 13x13 grid with its combo count

    Pairs on the diagonal, suited classes above it, offsuit below it (AA top
    left); each cell is the weighted fraction of the class's combos in the
    range. Also prints the range in short notation, the number of combos
    (weighted) and their share of all 1,326.
    """
    from ..equity import grid
    from ..equity.ranges import NUM_COMBOS, parse_range
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RangeNotationWarning)
        try:
            r = parse_range(args.range)
        except HandrankError as e:
            print(f"{PROG} range: error: {e}", file=sys.stderr)
            return EXIT_BAD_INPUT
    notes = [str(w.message) for w in caught if issubclass(w.category, RangeNotationWarning)]
    for note in notes:
        print(f"{PROG} range: note: {note}", file=sys.stderr)
    cells = r.grid()
    weighted = float(r.weights.sum())
    if args.plot:
        try:
            grid.plot(cells, args.plot, title=f"{r.to_string() or args.range}"[:80])
        except HandrankError as e:
            print(f"{PROG} range: error: {e}", file=sys.stderr)
            return EXIT_BAD_INPUT
        except ImportError as e:
            print(f"{PROG} range: error: {e}", file=sys.stderr)
            return EXIT_BAD_INPUT
        except OSError as e:
            print(f"{PROG} range: error: cannot write {args.plot!r}: {e}", file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.output == "json":
        out = {"range": r.text, "notation": r.to_string(), "combos": len(r),
               "weighted_combos": weighted, "percent": 100.0 * weighted / NUM_COMBOS,
               "grid": cells.tolist(), "notes": notes}
        if args.plot:
            out["plot"] = str(args.plot)
        print(json.dumps(out))
        return EXIT_OK
    print(grid.text(cells, numbers=args.numbers, color=_isatty(sys.stdout)))
    print()
    print(f"range     {r.to_string()}")
    count = f"{len(r):,}" if weighted == len(r) else f"{len(r):,} ({weighted:,.2f} weighted)"
    print(f"combos    {count} of {NUM_COMBOS:,} = {100.0 * weighted / NUM_COMBOS:.2f}%")
    if args.plot:
        print(f"plot      {args.plot}")
    return EXIT_OK
