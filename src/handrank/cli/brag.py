"""Three-card Brag commands of the ``handrank`` tool: ``handrank brag rank`` and
``handrank brag equity``.

Rules: ``docs/rules/brag-and-crash.md`` ("Brag hands"); see :mod:`handrank.brag`.
"""

from __future__ import annotations

import argparse
import io as _io
import json
import os
import sys
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from .. import brag
from ..cards import format_card
from ..errors import HandrankError
from .files import BadRow, InputFile, open_input, parse_text_chunk
from . import _common as common

CARD_TEXT = [format_card(i) for i in range(52)]
#: Categories strongest first, as the summary lists them.
SUMMARY_ORDER = tuple(reversed(list(brag.Category)))

RANK_EPILOG = """\
input: either one FILE (or - for standard input) holding one hand of three
cards per line ("3s 3h 3d", "AhKh9h", "A♠ 2♦ 3♣"; blank lines and lines
starting with # are skipped), or the hands themselves as arguments.

output: per hand the line (or argument) number, cards, category, strength
(1..741, higher is stronger; categories: high card 1-274, pair 275-430,
flush 431-704, run 705-716, running flush 717-728, prial 729-741) and a
description. Then a summary: count and share of each category, strongest
first.

rule options (docs/rules/brag-and-crash.md, [D]): by default 3-3-3 is the top
prial and A-2-3 the top run; --no-prial-threes-high ranks A-A-A top and
--no-a23-top-run ranks A-2-3 the lowest run.

exit status: 0 ok; 2 bad rows (without --skip-bad), unreadable file or bad
usage.

examples:
  handrank brag rank "3s 3h 3d" "Ah 2d 3c" "Qs Ks As"
  handrank brag rank hands.txt
  handrank brag rank --output csv --no-a23-top-run hands.txt > ranked.csv
  handrank brag rank --summary-only --output json hands.txt
"""

EQUITY_EPILOG = """\
The hand is player 1 (on the command line players are numbered from 1); each
random opponent gets 3 of the unseen cards. Exact against one opponent (every
opponent hand enumerated); with --opponents above 1 or --samples, a seeded
Monte Carlo estimate with its standard error (the seed is printed; same seed,
same result on any number of threads). A split pot is shared equally.

output: equity, win and tie shares, the deals won, tied and lost, then how it
was computed. -o json gives handrank.brag.equity(...).to_dict().

exit status: 0 ok; 2 bad hand, dead cards or option.

examples:
  handrank brag equity "Kc Kd 4h"
  handrank brag equity "Qh Qd Qc" --opponents 3 --samples 100000 --seed 1
  handrank brag equity "Ah 2d 3c" --no-a23-top-run --dead "3s 3h" -o json
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """The ``brag`` command group: ``handrank brag rank`` and ``handrank brag equity``."""
    cmds = common.add_group(
        subparsers, "brag", help="Three-card Brag hands (rank, equity)",
        description="Three-card Brag hands (docs/rules/brag-and-crash.md).")
    p = common.add_command(cmds, "rank", cmd_rank, epilog=RANK_EPILOG)
    p.add_argument("inputs", nargs="+", metavar="FILE|CARDS",
                   help="an input file (- for standard input), or one or more hands")
    common.add_input_options(p, file=False)
    common.add_output_options(p)
    add_brag_options(p)

    e = common.add_command(cmds, "equity", cmd_equity, epilog=EQUITY_EPILOG)
    e.add_argument("hand", metavar="CARDS", help='the hand, quoted: "Kc Kd 4h"')
    e.add_argument("--opponents", type=int, default=1, metavar="N",
                   help="random opponents, 1 to 16 (default 1)")
    e.add_argument("--samples", type=common._pos_int, default=None, metavar="N",
                   help="Monte Carlo deals (default: exact for one opponent, "
                        f"{brag.DEFAULT_SAMPLES:,} otherwise)")
    e.add_argument("--seed", type=common._seed, default=None,
                   help="Monte Carlo seed, a non-negative integer (default: a fresh one, "
                        "printed with the result)")
    e.add_argument("--dead", default=None, metavar="CARDS",
                   help="cards out of play (not dealt to opponents)")
    e.add_argument("--threads", type=common._threads, default=0, metavar="N",
                   help="Monte Carlo threads (0 = all cores, the default)")
    common.add_format_option(e)
    add_brag_options(e)


def add_brag_options(p: argparse.ArgumentParser) -> None:
    """The two Brag rule options, ``--[no-]prial-threes-high`` and
    ``--[no-]a23-top-run`` (also used by ``handrank crash``)."""
    p.add_argument("--prial-threes-high", action=argparse.BooleanOptionalAction, default=True,
                   help="3-3-3 is the top prial (default); with --no-prial-threes-high A-A-A is the top prial")
    p.add_argument("--a23-top-run", action=argparse.BooleanOptionalAction, default=True,
                   help="A-2-3 is the top run (default); with --no-a23-top-run it is the lowest run")


def cmd_equity(args: argparse.Namespace) -> int:
    """a hand's equity against random hands (exact for one opponent)

    How a Three-card Brag hand fares at showdown against random hands
    dealt from the unseen cards.
    """
    exact = args.opponents == 1 and args.samples is None
    try:
        r = brag.equity(args.hand, args.opponents, samples=args.samples,
                        seed=None if exact else common._fresh_seed(args), threads=args.threads,
                        dead=args.dead, prial_threes_high=args.prial_threes_high,
                        a23_top_run=args.a23_top_run)
    except HandrankError as e:
        print(f"{common.PROG} brag equity: error: {e}", file=sys.stderr)
        return common.EXIT_BAD_INPUT
    print(json.dumps(r.to_dict()) if args.output == "json" else r.table(first=1))
    return common.EXIT_OK


def _open(inputs: list[str]) -> InputFile:
    """One existing file (or -) is read as a file; anything else is hands."""
    if len(inputs) == 1 and (inputs[0] == "-" or os.path.exists(inputs[0])):
        return open_input(inputs[0])
    files = [s for s in inputs if s == "-" or os.path.exists(s)]
    if files:
        from .files import InputError
        what = "- (standard input)" if files[0] == "-" else f"{files[0]!r} (a file)"
        raise InputError(f"{what} given with other arguments: give one FILE (or -), or "
                         f"hands as arguments, not both")
    if len(inputs) == 1:
        from ..cards import parse_cards
        try:
            parse_cards(inputs[0], allow_duplicates=True)
        except HandrankError as e:
            from .files import InputError
            raise InputError(f"{inputs[0]!r} is neither a file nor a hand ({e})") from None
    data = "\n".join(s.replace("\n", " ") for s in inputs).encode("utf-8")
    return InputFile("command-line hands", _io.BytesIO(data), None, owned=True)


class _HandsRun(common.Run):
    """A run over hands given as arguments: bad ones are named "hand N", not "line N"."""

    hinted = False

    def report(self, bad: Sequence[BadRow]) -> None:
        for b in bad:
            self.bad += 1
            reason = b.reason
            if not self.hinted and reason.startswith("1 card;"):
                # `handrank brag rank As Ks Qs`: each argument is one hand.
                reason += ' (each argument is one hand: quote its cards, "As Ks Qs")'
                self.hinted = True
            if self.bad <= common.MAX_MESSAGES:
                self.message(f"{common.PROG}: hand {b.line}: {reason}")
        if bad and not self.skip:
            self.failed = True


def _brag_reasons(bad: list[BadRow]) -> list[BadRow]:
    """The shared parser says "a hand needs 3 cards": say it for Brag."""
    return [BadRow(b.line, b.reason.replace("a hand needs 3 cards",
                                            "a Brag hand has 3 cards")) for b in bad]


@lru_cache(maxsize=4)
def _text_tables(prial_threes_high: bool, a23_top_run: bool) -> tuple[list[str], list[str]]:
    """Display name and description of every strength (index = strength)."""
    s = range(1, brag.MAX_STRENGTH + 1)
    return ([""] + [brag.name(x) for x in s],
            [""] + [brag.describe(x, prial_threes_high=prial_threes_high,
                                  a23_top_run=a23_top_run) for x in s])


def cmd_rank(args: argparse.Namespace) -> int:
    """rank Brag hands: a file with one hand per line, or hands as arguments

    Evaluate Three-card Brag hands (one per line of FILE, or each CARDS
    argument) and summarise the categories.
    """
    opts = {"prial_threes_high": args.prial_threes_high, "a23_top_run": args.a23_top_run}
    names, descs = _text_tables(**opts)
    cmdline = not (len(args.inputs) == 1 and (args.inputs[0] == "-"
                                               or os.path.exists(args.inputs[0])))
    columns = [common.Column("hand" if cmdline else "line", right=True, min_width=4),
               common.Column("cards"), common.Column("category"),
               common.Column("strength", right=True), common.Column("description")]
    inp = _open(args.inputs)
    with inp:
        run = (_HandsRun if cmdline else common.Run)(args, inp, "ranking")
        if cmdline:  # a file's blank and # lines are skipped; an argument must be a hand
            run.report([BadRow(i + 1, "no cards" if not a.strip() else "no cards (a # comment)")
                        for i, a in enumerate(args.inputs)
                        if not a.strip() or a.strip().startswith("#")])
        sink = common.make_sink(args, columns, "hands")
        counts = np.zeros(6, dtype=np.int64)
        for chunk in run.chunks():
            good, bad = parse_text_chunk(chunk, sizes=(3,))
            run.report(_brag_reasons(bad))
            if run.failed or not len(good):
                continue
            ids = np.array(good.hands, dtype=np.uint8).reshape(len(good), 3)
            strengths = brag.evaluate_many(ids, threads=args.threads, **opts)
            counts += np.bincount(brag.categories(strengths), minlength=6)
            run.counted(len(strengths))
            if sink is not None:
                sink.rows([(ln, " ".join(CARD_TEXT[c] for c in h), names[s], s, descs[s])
                           for ln, h, s in zip(good.lines, good.hands, strengths.tolist())])
        return run.conclude(sink, lambda skipped: _summary(counts, skipped, opts))


def _summary(counts: np.ndarray, skipped: int,
             opts: dict[str, bool]) -> tuple[str, dict, list[list[Any]]]:
    total = int(counts.sum())
    rows = [(c.label, int(counts[c])) for c in SUMMARY_ORDER]
    head = f"Summary: {common._plural(total, 'Brag hand')}"
    if skipped:
        head += f" ({common._plural(skipped, 'bad row')} skipped)"
    w = max(len(r[0]) for r in rows) + 2
    lines = [head, f"  {'category':<{w}}  {'count':>10}  {'share':>8}"]
    lines += [f"  {nm:<{w}}  {n:>10}  {common._pct(n, total):>8}" for nm, n in rows]
    lines.append(f"  {'total':<{w}}  {total:>10}  {common._pct(total, total):>8}")
    js: dict[str, Any] = {
        "hands": total, "skipped": skipped, "options": dict(opts),
        "categories": [{"category": nm, "count": n, "share": (n / total if total else 0.0)}
                       for nm, n in rows]}
    csv_rows: list[list[Any]] = [["category", "count", "share"]]
    csv_rows += [[nm, n, f"{n / total:.6f}" if total else ""] for nm, n in rows]
    return "\n".join(lines) + "\n", js, csv_rows
