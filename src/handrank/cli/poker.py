"""Poker commands of the ``handrank`` tool: ``rank``, ``showdown``, ``eval`` (top level)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from .. import poker
from ..cards import format_card
from ..errors import CardRangeError, DuplicateCardError, HandrankError, HandSizeError
from ..result import HandValue
from .files import (
    SPLIT,
    InputError,
    InputFile,
    TableInput,
    TableWriter,
    open_table,
    parse_table_chunk,
    table_format,
    ShowdownChunk,
    group_by_length,
    open_input,
    parse_showdown_chunk,
    parse_showdown_header,
    read_text_hands,
    parse_uci_chunk,
)
from ._common import (
    EXIT_BAD_INPUT,
    EXIT_CHECK_FAILED,
    EXIT_OK,
    MAX_LISTED,
    PROG,
    Column,
    Run,
    _nonneg_int,
    _pct,
    _plural,
    _pos_int,
    add_check,
    add_command,
    add_format_option,
    add_input_options,
    add_output_options,
    add_scheduler_option,
    dask_client,
    make_sink,
)

#: ``handrank eval --game NAME``: the evaluator of each poker variant, as
#: ``"module:function"`` in ``handrank.cli``; the function takes the parsed arguments
#: (``hands``, ``board``, ``output``, ``game``) and returns the exit status, like
#: a command. Hold'em (5 to 7 cards, best five) is :func:`cmd_eval` itself.
EVAL_GAMES: dict[str, str] = {
    "holdem": "",
    "deuce-to-seven": "lowball:eval_deuce_to_seven",
    "ace-to-five": "lowball:eval_ace_to_five",
    "razz": "lowball:eval_ace_to_five",
    "badugi": "lowball:eval_badugi",
    "omaha": "omaha:eval_omaha",
    "omaha-hilo": "omaha:eval_omaha_hilo",
    "shortdeck": "shortdeck:eval_shortdeck",
}

# =========================================================================== poker tables

CARD_TEXT = [format_card(i) for i in range(52)]
#: Summary name of each class 0..9 (our category, with 9 = royal flush; UCI CLASS order).
CLASS_NAMES = tuple(c.label for c in poker.Category) + ("Royal flush",)


@lru_cache(maxsize=1)
def _poker_class_table() -> np.ndarray:
    """``int8`` array indexed by strength: our category 0..8, with 9 = royal flush
    (so equal to the UCI CLASS numbering). Index 0 is -1."""
    t = np.full(poker.MAX_STRENGTH + 1, -1, dtype=np.int8)
    t[1:] = poker.categories(np.arange(1, poker.MAX_STRENGTH + 1, dtype=np.int32))
    t[poker.ROYAL_FLUSH] = 9
    return t


@lru_cache(maxsize=1)
def _poker_text_tables() -> tuple[list[str], list[str]]:
    """Display name and description of every strength (index = strength)."""
    strengths = range(1, poker.MAX_STRENGTH + 1)
    return [""] + [poker.name(s) for s in strengths], [""] + [poker.describe(s) for s in strengths]


def _cards_text(row: Sequence[int]) -> str:
    return " ".join([CARD_TEXT[c] for c in row])


def _evaluate_lists(hands: list[list[int]], threads: int) -> np.ndarray:
    """Strengths of id lists of mixed lengths (5..7), in bulk per length."""
    from ..poker import evaluate_many

    out = np.empty(len(hands), dtype=np.int32)
    for idx, arr in group_by_length(hands):
        out[idx] = evaluate_many(arr, threads=threads)
    return out


# =========================================================================== poker: rank

RANK_EPILOG = """\
input formats:
  text  one hand per line, 5 to 7 cards: "AsKdQhJcTc", "As Kd Qh Jc Tc",
        "10d 9d 8d 7d 6d", "A♠ K♠ Q♠ J♠ T♠"; blank lines and lines starting
        with # are skipped.
  uci   the UCI Poker Hand CSV: S1,C1,...,S5,C5[,CLASS] with suits 1-4 =
        hearts, spades, diamonds, clubs, ranks 1-13 = ace, 2 .. king and CLASS
        0-9 = nothing, pair, two pairs, three of a kind, straight, flush,
        full house, four of a kind, straight flush, royal flush.
  parquet, arrow  a column (--column NAME) of card text or of lists of card
        ids, in a Parquet file or an Arrow IPC file or stream; rows are
        numbered from 1 in messages. Picked by the suffix (.parquet, .pq,
        .arrow, .feather, .ipc) when --format is not given; needs pyarrow
        (pip install 'handrank[arrow]').

output: per hand the line number, cards, category, strength (1..7462, higher
is stronger) and description; for uci input also our class number and the
file's label. Then a summary: count and share of each category, strongest
first, with royal flush as its own line within straight flush.
With -O PATH (.parquet or .arrow) the rows go to that file instead: line
(or row), cards (card ids), strength, category, class; one row group per
chunk. --scheduler ADDRESS|local:N evaluates the chunks on a Dask cluster
(docs/scale.md).

exit status: 0 ok; 1 --check-labels found mismatches; 2 bad rows (without
--skip-bad), unreadable file or bad usage.

examples:
  handrank rank hands.txt
  echo "As Ks Qs Js Ts" | handrank rank -
  handrank rank --format uci --check-labels --summary-only poker-hand-training-true.data
  handrank rank --output csv hands.txt > ranked.csv
  handrank rank --output json --skip-bad hands.txt
  handrank rank hands.parquet --column hand -O ranked.parquet
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Poker commands: ``rank`` and ``showdown`` (top level: poker is the default game)."""
    p = add_command(subparsers, "rank", cmd_rank, epilog=RANK_EPILOG)
    add_input_options(p)
    p.add_argument("-f", "--format", choices=("text", "uci", "parquet", "arrow"), default=None,
                   help="input format (default: parquet for *.parquet / *.pq, arrow for "
                        "*.arrow / *.feather / *.ipc, else text)")
    p.add_argument("--column", default=None, metavar="NAME",
                   help="parquet/arrow: the column of hands, card text or lists of card ids "
                        "(default: the only column, else 'hand', 'hands' or 'cards')")
    add_output_options(p)
    add_scheduler_option(p, "evaluate the chunks")
    p.add_argument("-O", "--out-file", default=None, metavar="PATH",
                   help="write the ranked rows to PATH, Parquet (*.parquet, *.pq) or Arrow "
                        "IPC (*.arrow, *.feather, *.ipc), one row group per chunk, instead of "
                        "per-row output on stdout (the summary still goes there)")
    p.add_argument("--check-labels", action="store_true",
                   help="uci only: compare our category with each row's CLASS label, report "
                        "the mismatches and exit 1 if there are any")

    p = add_command(subparsers, "showdown", cmd_showdown, epilog=SHOWDOWN_EPILOG)
    add_input_options(p)
    add_output_options(p)
    p.add_argument("--board-cards", type=_nonneg_int, default=5, metavar="N",
                   help="cards every board must hold (default 5)")
    p.add_argument("--hole-cards", type=_pos_int, default=2, metavar="N",
                   help="cards every hole must hold (default 2, Texas Hold'em); "
                        "board + hole must make 5 to 7 cards")

    p = add_command(subparsers, "eval", cmd_eval, epilog=EVAL_EPILOG)
    p.add_argument("hands", nargs="+", metavar="HAND",
                   help='card text, e.g. "AsKs" or "As Ks Qs"; what a HAND is depends on '
                        '--game (below)')
    p.add_argument("--board", default=None,
                   help="community cards shared by every HAND (holdem, shortdeck: optional; "
                        "omaha, omaha-hilo: required, 5 cards; lowball games: none)")
    p.add_argument("--game", choices=tuple(EVAL_GAMES), default="holdem",
                   help="poker variant (default holdem); see 'a HAND per --game' below")
    p.add_argument("--straight-beats-trips", action="store_true",
                   help="--game shortdeck: rank the straight above three of a kind")
    add_format_option(p)


EVAL_EPILOG = """\
a HAND per --game (the rules: handrank rules GAME):
  holdem          5 to 7 cards, best five; with --board, a player's hole cards
                  and board + hole make 5 to 7 cards
  shortdeck       as holdem, from the 36-card deck (sixes to aces);
                  --straight-beats-trips ranks the straight above trips
  omaha           4, 5 or 6 hole cards (the same count for every HAND) and
  omaha-hilo      --board of 5 cards; each hand is two hole + three board
                  cards; omaha-hilo adds the eight-or-better low and shares
  deuce-to-seven  exactly 5 cards (no board)
  ace-to-five     5 to 7 cards, best five low (no board); razz is the same
  razz
  badugi          exactly 4 cards (no board)

output: per HAND the cards that play, the description and the strength
(higher wins), then the winner or the split (-o json: the same as JSON).

examples:
  handrank eval AsKsQsJsTs
  handrank eval "Ks Kh Kd 4c 4d" "Ah Ad Ac 2s 2d"
  handrank eval --board "Ks Qs Js Ts 2d" "As 3c" "9s 3d"
  handrank eval --game shortdeck --board "9c 9d 9h Ts Jd" "Ac Kd" "Qc 8s"
  handrank eval --game omaha --board "2c 3d 7h Ks Kd" "Ac 4c Kh Qc" "Ad 4d 9s 9h"
  handrank eval --game omaha-hilo --board "2c 3d 7h Ks Kd" "Ac 4c Kh Qc" "Ad 4d 9s 9h"
  handrank eval --game deuce-to-seven "7c 5d 4h 3s 2c" "8c 6d 4h 3s 2d"
  handrank eval --game razz "Ac 2d 3h 4s 6c Kd Kh"
  handrank eval --game badugi "Ac 2d 3h 4s" "Kc Qd Jh Ts"
"""


def cmd_eval(args: argparse.Namespace) -> int:
    """evaluate hands given as card strings on the command line

    Evaluate each HAND by the rules of --game (default holdem: 5 to 7 cards,
    best five; per game below). With two or more hands, say which wins;
    with --board, each HAND is a player's hole cards and the board is shared
    (one deck: no card may repeat).
    """
    if EVAL_GAMES.get(args.game):
        module, _, function = EVAL_GAMES[args.game].partition(":")
        return int(getattr(importlib.import_module(f"handrank.cli.{module}"), function)(args))
    if getattr(args, "straight_beats_trips", False):
        print(f"{PROG} eval: error: --straight-beats-trips needs --game shortdeck", file=sys.stderr)
        return EXIT_BAD_INPUT
    return eval_report(args, poker.evaluate, "a poker hand")


def eval_report(args: argparse.Namespace, evaluate: Callable[[list[int]], HandValue],
                hand: str, *, first_card: int = 0, deck: str = "") -> int:
    """``handrank eval`` for one variant whose hands are 5 to 7 cards (best five):
    parse ``args.hands`` (and ``args.board``), evaluate each with ``evaluate``
    (card ids -> HandValue) and print them with :func:`print_eval`.
    ``hand`` names the variant's hand in the size error (``"a poker hand"``);
    a deck without the low cards (short deck) gives ``first_card`` (the lowest
    card id) and ``deck`` (``"the short deck"``), so a card outside it is blamed
    on the board or the hand that holds it, at its position there."""
    from ..cards import format_cards, parse_cards

    def in_deck(ids: list[int]) -> list[int]:
        for pos, c in enumerate(ids):
            if c < first_card:
                raise CardRangeError(f"card {format_card(c)} (id {c}) at position {pos} is not "
                                     f"in {deck}", column=pos)
        return ids

    try:
        board = in_deck(parse_cards(args.board)) if args.board is not None else []
    except HandrankError as e:
        raise e.with_context(f"board ({args.board!r})") from None
    values, seen = [], {c: "the board" for c in board}
    for i, text in enumerate(args.hands):
        try:
            cards = in_deck(parse_cards(text))
            if args.board is not None:
                for c in cards:
                    if c in seen:
                        raise DuplicateCardError(f"card {format_cards([c])} is also in {seen[c]}",
                                                 card=c)
                    seen[c] = f"hand {i + 1}"
            if args.board is not None and len(board + cards) not in poker.HAND_SIZES:
                raise HandSizeError(f"board + hole cards make {len(board + cards)} cards; "
                                    f"{hand} has 5, 6 or 7")
            values.append(evaluate(board + cards))
        except HandrankError as e:
            if isinstance(e, HandSizeError) and len(args.hands) > 1 and all(
                    len(h.split()) == 1 and len(h) <= 3 for h in args.hands):  # As Ks Qs ...
                print(f"{PROG}: error: hand {i + 1} ({text!r}): {e}", file=sys.stderr)
                print(f'{PROG}: hint: quote each hand, e.g. {PROG} eval "As Ks Qs Js Ts" '
                      f'"Kd Kh Kc 4s 4d"', file=sys.stderr)
                return EXIT_BAD_INPUT
            raise e.with_context(f"hand {i + 1} ({text!r})") from None
    return print_eval(args, values, board=board if args.board is not None else None)


def _listed(indices: Sequence[int]) -> str:
    """``"hand 2"`` or ``"hands 1, 3"`` (0-based indices, printed from 1)."""
    if len(indices) == 1:
        return f"hand {indices[0] + 1}"
    return "hands " + ", ".join(str(i + 1) for i in indices)


def print_eval(args: argparse.Namespace, values: Sequence[HandValue], *,
               board: Sequence[int] | None = None, extra: Sequence[dict] | None = None,
               notes: Sequence[str] | None = None, outcome: Sequence[str] | None = None,
               more: dict | None = None) -> int:
    """The one ``handrank eval`` report of every ``--game`` (higher strength wins).

    Text: per hand ``N: <cards that play>  <description>  (strength S)`` (then
    ``notes[i]``, e.g. Hi-Lo's low and share), then ``winner: hand N`` or
    ``split: hands ...`` when there are two hands or more; ``outcome`` replaces
    that last part (Hi-Lo: ``high: ...`` and ``low: ...`` lines).
    JSON (``-o json``): ``{"game", ["board"], "hands": [{"hand", "input",
    "category", "name", "strength", "description", "best_five"} + extra[i]],
    "winners"} + more``; ``best_five`` is the cards that play."""
    from ..cards import format_cards

    best = max(v.strength for v in values)
    winners = [i for i, v in enumerate(values) if v.strength == best]
    if args.output == "json":
        rows = [{"hand": i + 1, "input": t, "category": v.category.label, "name": v.name,
                 "strength": v.strength, "description": v.description,
                 "best_five": format_cards(v.cards), **(extra[i] if extra else {})}
                for i, (t, v) in enumerate(zip(args.hands, values))]
        doc: dict[str, object] = {"game": args.game}
        if board is not None:
            doc["board"] = format_cards(board)
        doc.update(hands=rows, winners=[i + 1 for i in winners], **(more or {}))
        json.dump(doc, sys.stdout, ensure_ascii=False)
        print()
        return EXIT_OK
    for i, v in enumerate(values):
        print(f"{i + 1}: {format_cards(v.cards)}  {v.description}  (strength {v.strength})"
              + (notes[i] if notes else ""))
    if outcome is not None:
        for line in outcome:
            print(line)
    elif len(values) > 1:
        print(f"{'winner' if len(winners) == 1 else 'split'}: {_listed(winners)}")
    return EXIT_OK


def cmd_rank(args: argparse.Namespace) -> int:
    """rank poker hands, one per line (text, UCI CSV, Parquet or Arrow)

    Evaluate one poker hand (5 to 7 cards, best five) per line of FILE
    (per row of a Parquet / Arrow column) and summarise the categories.
    """
    fmt = args.format or (table_format(args.file) if args.file != "-" else None) or "text"
    if args.check_labels and fmt != "uci":
        print(f"{PROG} rank: error: --check-labels needs --format uci", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.column is not None and fmt not in TABLE_FORMATS:
        print(f"{PROG} rank: error: --column needs a Parquet or Arrow input "
              f"(--format parquet|arrow)", file=sys.stderr)
        return EXIT_BAD_INPUT
    out_fmt = table_format(args.out_file) if args.out_file else None
    if args.out_file and out_fmt is None:
        print(f"{PROG} rank: error: --out-file {args.out_file!r}: name a .parquet, .pq, .arrow, "
              f".feather or .ipc file", file=sys.stderr)
        return EXIT_BAD_INPUT
    uci = fmt == "uci"
    table = fmt in TABLE_FORMATS
    cls_table = _poker_class_table()
    per_row = not args.summary_only and not args.out_file
    names, descs = _poker_text_tables() if per_row else ([], [])
    columns = [Column("line", right=True, min_width=6), Column("cards"), Column("category"),
               Column("strength", right=True)]
    if table:
        columns[0] = Column("row", right=True, min_width=6)
    if uci:
        columns += [Column("class", right=True), Column("label", right=True)]
        if args.check_labels:
            columns.append(Column("match"))
    columns.append(Column("description"))

    tin = open_table(args.file, fmt, args.column, args.chunk_rows) if table else None
    inp = InputFile(tin.name, io.BytesIO(), tin.rows, owned=False) if tin else open_input(args.file)
    with contextlib.ExitStack() as stack:
        stack.enter_context(inp)
        run = Run(args, inp, "ranking", row_word="row" if table else "line",
                  bar_unit="rows" if table else "B")
        sink = make_sink(args, columns, "hands") if per_row else None
        writer = _rank_writer(args.out_file, out_fmt, "row" if table else "line", uci
                              ) if args.out_file else None
        counts = np.zeros(10, dtype=np.int64)
        checked = mismatched = 0
        listed: list[str] = []
        try:
            client = (dask_client(args.scheduler, stack, run.message if run.bar is not None
                                  else None) if args.scheduler else None)
            for lines, hands, labels, strengths in _evaluated(
                    run, _rank_chunks(run, tin, uci, args.check_labels), args.threads, client):
                cls = cls_table[strengths]
                counts += np.bincount(cls, minlength=10)
                run.counted(len(strengths))
                match = None
                if uci and args.check_labels:
                    match = cls == labels
                    checked += len(labels)
                    wrong = np.flatnonzero(~match)
                    mismatched += len(wrong)
                    for i in wrong[:max(0, MAX_LISTED - len(listed))]:
                        listed.append(
                            f"  line {int(lines[i])}: {_cards_text(hands[i].tolist())}: "
                            f"evaluated {CLASS_NAMES[cls[i]]} (class {cls[i]}), "
                            f"label {labels[i]} ({_UCI_LABEL_NAMES[labels[i]]})")
                if sink is not None:
                    sink.rows(_rank_rows(lines, hands, strengths, cls,
                                         labels if uci else None, match, names, descs,
                                         args.output))
                if writer is not None:
                    writer.write(_rank_columns(lines, hands, strengths, cls,
                                               labels if uci else None))
        except BaseException:
            if writer is not None:
                writer.discard()
            raise
        if writer is not None:
            if run.failed:
                writer.discard()
            else:
                writer.close()
        return run.conclude(
            sink, lambda skipped: _rank_summary(counts, skipped, args.check_labels, checked,
                                                mismatched, listed),
            EXIT_CHECK_FAILED if mismatched else EXIT_OK)


TABLE_FORMATS = ("parquet", "arrow")


def _strengths(hands: Any, threads: int) -> np.ndarray:
    """Strengths of one chunk's hands: an ``(n, k)`` array or id lists (a work unit
    sent to a Dask worker as is: module-level, so it pickles by name)."""
    from ..poker import evaluate_many

    if isinstance(hands, np.ndarray):
        return evaluate_many(hands, threads=threads)
    return _evaluate_lists(hands, threads)


def _evaluated(run: Run, chunks: Iterator[tuple[Any, Any, Any, list]], threads: int,
               client: Any = None) -> Iterator[tuple[Any, Any, Any, np.ndarray]]:
    """``(lines, hands, labels, strengths)`` of every chunk, in file order, after its bad
    rows are reported; nothing once the run has failed. With a Dask ``client`` each
    chunk is a task on the cluster (one thread each: Dask runs chunks side by side),
    at most twice as many in flight as the cluster has worker threads, so memory stays
    bounded whatever the file's size."""
    import collections

    pending: collections.deque = collections.deque()
    window = 2 * max(1, sum(client.nthreads().values())) if client is not None else 0
    for lines, hands, labels, bad in chunks:
        run.report(bad)
        if run.failed:
            for *_, f in pending:
                f.cancel()
            pending.clear()
            continue
        if client is None:
            yield lines, hands, labels, _strengths(hands, threads)
            continue
        pending.append((lines, hands, labels, client.submit(_strengths, hands, 1, pure=False)))
        if len(pending) > window:
            lines, hands, labels, f = pending.popleft()
            yield lines, hands, labels, f.result()
    while pending:
        lines, hands, labels, f = pending.popleft()
        yield lines, hands, labels, f.result()


def _rank_chunks(run: Run, tin: TableInput | None, uci: bool, require_label: bool
                 ) -> Iterator[tuple[Any, Any, Any, list]]:
    """``(lines, hands, labels, bad rows)`` per chunk of the input: hands as an
    ``(n, k)`` array or id lists, line (row) numbers 1-based, labels for UCI only."""
    if tin is not None:
        first = 1
        for column in _table_batches(tin):
            good_b, bad = parse_table_chunk(column, first)
            first += len(column)
            if run.bar is not None:
                run.bar.update(len(column))
            yield good_b.lines, good_b.hands, None, bad
        return
    if uci:
        for chunk in run.chunks():
            good_u, bad = parse_uci_chunk(chunk, require_label=require_label)
            yield good_u.lines, good_u.ids, good_u.labels, bad
        return
    for block in read_text_hands(run.inp, run.args.chunk_rows, run.bar):
        if block.bad and run.hint is None and any(
                t is not None and _UCI_LINE.match(t) for t in block.sample):
            run.hint = "this looks like the UCI Poker Hand CSV: add --format uci"
        yield block.lines, block.hands, None, block.bad


def _table_batches(tin: TableInput) -> Iterator:
    """The record batches of a table input; a read error mid-file is an InputError."""
    import pyarrow as pa

    it = iter(tin.batches)
    while True:
        try:
            column = next(it)
        except StopIteration:
            return
        except (OSError, pa.ArrowException) as e:
            raise InputError(f"cannot read {tin.name}: {e}") from None
        yield column


def _rank_writer(path: str, fmt: str | None, row_word: str, uci: bool) -> TableWriter:
    """The ``--out-file`` writer: row/line number, card ids, strength, category name,
    class (0..9, 9 = royal flush, the UCI numbering) and, for UCI input, the label."""
    import pyarrow as pa

    fields: list[tuple[str, object]] = [
        (row_word, pa.int64()), ("cards", pa.list_(pa.uint8())), ("strength", pa.int32()),
        ("category", pa.dictionary(pa.int8(), pa.string())), ("class", pa.int8())]
    if uci:
        fields.append(("label", pa.int8()))
    return TableWriter(path, fmt or "parquet", fields)


def _rank_columns(lines, hands, strengths, cls, labels) -> list:
    """One chunk's ranked rows as Arrow arrays (see :func:`_rank_writer`), built from
    numpy without a Python object per row when the hands are an ``(n, k)`` array."""
    import pyarrow as pa

    n = len(strengths)
    if isinstance(hands, np.ndarray):
        k = hands.shape[1]
        values = np.ascontiguousarray(hands, dtype=np.uint8).ravel()
        offsets = np.arange(0, n * k + 1, k, dtype=np.int32)
    else:
        lens = np.fromiter(map(len, hands), dtype=np.int32, count=n)
        offsets = np.concatenate([[0], np.cumsum(lens, dtype=np.int32)]).astype(np.int32)
        values = np.fromiter((c for h in hands for c in h), dtype=np.uint8,
                             count=int(offsets[-1]))
    cards = pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, type=pa.uint8()))
    category = pa.DictionaryArray.from_arrays(pa.array(cls, type=pa.int8()),
                                              pa.array(CLASS_NAMES, type=pa.string()))
    cols = [pa.array(np.asarray(lines, dtype=np.int64)), cards,
            pa.array(strengths, type=pa.int32()), category, pa.array(cls, type=pa.int8())]
    if labels is not None:
        cols.append(pa.array(labels, type=pa.int8(), mask=labels < 0))
    return cols


_UCI_LINE = re.compile(r"^\s*\d+(\s*,\s*\d+){9,10}\s*$")

_UCI_LABEL_NAMES = ("nothing", "one pair", "two pairs", "three of a kind", "straight",
                    "flush", "full house", "four of a kind", "straight flush", "royal flush")


def _yes_no(ok: bool, loud: bool) -> str:
    """``yes``/``no``; a failed check is ``NO`` in the text table, to stand out."""
    return "yes" if ok else ("NO" if loud else "no")


def _rank_rows(lines, hands, strengths, cls, labels, match, names, descs, output) -> list:
    as_json, as_text = output == "json", output == "text"
    lines_l = lines.tolist() if isinstance(lines, np.ndarray) else lines
    hands_l = hands.tolist() if isinstance(hands, np.ndarray) else hands
    s_l = strengths.tolist()
    out: list[tuple] = []
    if labels is None:
        for ln, h, s in zip(lines_l, hands_l, s_l):
            out.append((ln, _cards_text(h), names[s], s, descs[s]))
        return out
    c_l = cls.tolist()
    lab_l = [None if x < 0 else x for x in labels.tolist()]
    if match is None:
        for ln, h, s, c, lab in zip(lines_l, hands_l, s_l, c_l, lab_l):
            out.append((ln, _cards_text(h), names[s], s, c, lab, descs[s]))
        return out
    for ln, h, s, c, lab, m in zip(lines_l, hands_l, s_l, c_l, lab_l, match.tolist()):
        out.append((ln, _cards_text(h), names[s], s, c, lab,
                    m if as_json else _yes_no(m, as_text), descs[s]))
    return out


CATEGORY_ORDER = (8, 7, 6, 5, 4, 3, 2, 1, 0)  # strongest first; 9 (royal) inside 8


def _rank_summary(counts: np.ndarray, skipped: int, check: bool, checked: int,
                  mismatched: int, listed: list[str]) -> tuple[str, dict, list]:
    c = [int(x) for x in counts]
    total = sum(c)
    per_cat = {k: c[k] for k in range(8)}
    per_cat[8] = c[8] + c[9]
    rows = []  # (display name, count, indented?)
    for k in CATEGORY_ORDER:
        rows.append((CLASS_NAMES[k], per_cat[k], False))
        if k == 8:
            rows.append(("Royal flush", c[9], True))
    head = f"Summary: {_plural(total, 'hand')}"
    if skipped:
        head += f" ({_plural(skipped, 'bad row')} skipped)"
    w = max(len(r[0]) for r in rows) + 2
    lines = [head, f"  {'category':<{w}}  {'count':>10}  {'share':>8}"]
    for nm, n, sub in rows:
        label = ("  " + nm) if sub else nm
        lines.append(f"  {label:<{w}}  {n:>10}  {_pct(n, total):>8}")
    lines.append(f"  {'total':<{w}}  {total:>10}  {_pct(total, total):>8}")
    js: dict[str, Any] = {
        "hands": total,
        "skipped": skipped,
        "categories": [
            {"category": nm, "count": n, "share": (n / total if total else 0.0),
             **({"within": "Straight flush"} if sub else {})}
            for nm, n, sub in rows],
    }
    if check:
        add_check(lines, js, "label_check",
                  f"Label check: {checked} labelled hands, {mismatched} "
                  f"{'mismatch' if mismatched == 1 else 'mismatches'}",
                  "Mismatches", mismatched, listed, checked=checked, mismatches=mismatched)
    csv_rows: list[list[Any]] = [["category", "count", "share", "within"]]
    csv_rows += [[nm, n, f"{n / total:.6f}" if total else "", "Straight flush" if sub else ""]
                 for nm, n, sub in rows]
    return "\n".join(lines) + "\n", js, csv_rows


# =========================================================================== poker: showdown

SHOWDOWN_EPILOG = """\
input: CSV with a header, e.g.
  source,board,hole_a,hole_b,outcome
  100/11.phh,5d6h2h3hJs,4hAc,Ah6s,a
board and hole cells are card text; each player's hand is board + hole.
Boards must hold 5 cards and holes 2 (change with --board-cards and
--hole-cards; board + hole must make 5 to 7). Every column named hole_<x> is
player <x>. The optional
outcome column holds the recorded winner: a player letter, several joined
by + (a+c), or split (two or more winners); an empty cell is not checked.
Other columns (source, ...) are copied to the output.

output: per row the winner (player letter, or split), and each player's
strength and hand; with an outcome column, whether it agrees. Then a summary:
wins per player, splits and, with outcomes, how many rows agree (disagreeing
rows listed).

exit status: 0 ok; 1 some rows disagree with the recorded outcome; 2 bad
rows (without --skip-bad), unreadable file, bad header or bad usage.

examples:
  handrank showdown pluribus-showdowns.csv --summary-only
  handrank showdown --output csv showdowns.csv > decided.csv
"""


def cmd_showdown(args: argparse.Namespace) -> int:
    """decide showdowns from a CSV of board and hole cards

    Decide each showdown in a CSV whose header names a 'board' column
    and one 'hole_*' column per player (hole_a, hole_b, ...), and compare
    the winners with the optional 'outcome' column.
    """
    total_cards = args.board_cards + args.hole_cards
    if not 5 <= total_cards <= 7:
        print(f"{PROG} showdown: error: --board-cards + --hole-cards make {total_cards} cards; "
              f"a poker hand has 5 to 7", file=sys.stderr)
        return EXIT_BAD_INPUT
    inp = open_input(args.file)
    with inp:
        run = Run(args, inp, "showdowns")
        chunks = run.chunks()
        header = None
        pending: list = []
        for chunk in chunks:
            for k, (lineno, text) in enumerate(chunk):
                if text is not None and not text.strip():
                    continue
                try:
                    header = parse_showdown_header(text, lineno)
                except InputError as e:
                    if run.bar is not None:
                        run.bar.close()
                    raise e.with_context(inp.name) from None
                pending = chunk[k + 1:]
                break
            if header is not None:
                break
        if header is None:
            if run.bar is not None:
                run.bar.close()
            raise InputError(f"{inp.name}: empty file: expected a header line such as "
                             f"source,board,hole_a,hole_b,outcome")
        return _showdown_body(args, run, header, pending, chunks)


def _showdown_body(args, run: Run, header, first: list, rest: Iterator[list]) -> int:
    players = header.players
    np_ = len(players)
    has_outcome = header.outcome is not None
    names, descs = _poker_text_tables() if not args.summary_only else ([], [])
    columns = [Column("line", right=True, min_width=6)]
    columns += [Column(header.columns[i]) for i in header.extra]
    columns.append(Column("board"))
    columns += [Column(header.columns[i]) for i in header.holes]
    columns += [Column("winner"), Column("winners")]
    if has_outcome:
        columns += [Column("outcome"), Column("agrees")]
    for p in players:
        columns += [Column(f"strength_{p}", right=True), Column(f"hand_{p}")]
    if args.output == "text":  # keep the text table narrow: winners/strengths are implied
        keep = [j for j, c in enumerate(columns)
                if c.key != "winners" and not c.key.startswith("strength_")]
    else:
        keep = list(range(len(columns)))
    sink = make_sink(args, [columns[j] for j in keep], "showdowns")

    set_of_mask: dict[int, frozenset] = {}  # winners bit mask -> set of player indices
    wins = np.zeros(np_, dtype=np.int64)
    splits = 0
    total = checked = disagree = 0
    listed: list[str] = []

    def chunks() -> Iterator[list]:
        if first:
            yield first
        yield from rest

    for chunk in chunks():
        good, bad = parse_showdown_chunk(chunk, header, args.board_cards, args.hole_cards)
        run.report(bad)
        if run.failed or not len(good):
            continue
        S, is_win = poker.showdown_many(good.boards, good.holes, threads=args.threads)
        nwin = is_win.sum(axis=1)
        sole = nwin == 1
        wins += is_win[sole].sum(axis=0)
        splits += int((~sole).sum())
        total += len(good)
        run.counted(len(good))
        agrees: list[bool | None] = []
        win_masks = (is_win.astype(np.int64) << np.arange(np_, dtype=np.int64)).sum(axis=1)
        win_sets = [set_of_mask[m] if m in set_of_mask else
                    set_of_mask.setdefault(m, frozenset(j for j in range(np_) if m >> j & 1))
                    for m in win_masks.tolist()]
        for i, exp in enumerate(good.expected):
            if exp is None:
                agrees.append(None)
                continue
            ok = (len(win_sets[i]) > 1) if exp == SPLIT else (exp == win_sets[i])
            agrees.append(ok)
            checked += 1
            if not ok:
                disagree += 1
                if len(listed) < MAX_LISTED:
                    listed.append(_disagreement(header, good, i, S[i], win_sets[i]))
        if sink is not None:
            sink.rows(_showdown_rows(header, good, S, win_sets, agrees, names, descs,
                                     args.output, keep))
    return run.conclude(
        sink, lambda skipped: _showdown_summary(players, total, wins, splits, has_outcome,
                                                checked, disagree, listed, skipped),
        EXIT_CHECK_FAILED if disagree else EXIT_OK)


def _winner_text(players: Sequence[str], win: frozenset) -> tuple[str, str]:
    letters = "+".join(players[i] for i in sorted(win))
    return (letters if len(win) == 1 else SPLIT), letters


def _disagreement(header, good: ShowdownChunk, i: int, s: np.ndarray, win: frozenset) -> str:
    from ..poker import describe

    extra = "".join(f" {header.columns[c]}={v}" for c, v in zip(header.extra, good.extra[i]))
    w, letters = _winner_text(header.players, win)
    hands = "; ".join(f"{p}: {describe(int(x))}" for p, x in zip(header.players, s))
    evaluated = w if w != SPLIT else f"split ({letters})"
    return (f"  line {good.lines[i]}{extra}: recorded {good.outcome_text[i]}, "
            f"evaluated {evaluated} ({hands})")


def _showdown_rows(header, good: ShowdownChunk, S: np.ndarray, win_sets, agrees, names, descs,
                   output: str, keep: list[int]) -> list:
    rows = []
    s_l = S.tolist()
    boards, holes = good.boards.tolist(), good.holes.tolist()
    as_json = output == "json"
    for i in range(len(good)):
        w, letters = _winner_text(header.players, win_sets[i])
        row: list[Any] = [good.lines[i], *good.extra[i], _cards_text(boards[i]),
                          *(_cards_text(h) for h in holes[i]), w, letters]
        if header.outcome is not None:
            a = agrees[i]
            row += [good.outcome_text[i],
                    a if as_json else ("" if a is None else _yes_no(a, output == "text"))]
        for s in s_l[i]:
            row += [s, descs[s]]
        rows.append([row[j] for j in keep] if len(keep) != len(row) else row)
    return rows


def _showdown_summary(players, total, wins, splits, has_outcome, checked, disagree, listed,
                      skipped) -> tuple[str, dict, list]:
    head = f"Summary: {_plural(total, 'showdown')}"
    if skipped:
        head += f" ({_plural(skipped, 'bad row')} skipped)"
    entries = [(f"{p} wins", int(n)) for p, n in zip(players, wins)] + [("split", splits)]
    w = max(len(e[0]) for e in entries)
    lines = [head] + [f"  {nm:<{w}}  {n:>10}  {_pct(n, total):>8}" for nm, n in entries]
    js: dict[str, Any] = {"showdowns": total, "skipped": skipped,
                          "wins": {p: int(n) for p, n in zip(players, wins)}, "split": splits}
    if has_outcome:
        add_check(lines, js, "outcome_check",
                  f"Outcome check: {checked - disagree} of {checked} recorded outcomes agree, "
                  f"{disagree} disagree",
                  "Disagreements", disagree, listed, checked=checked, agree=checked - disagree,
                  disagree=disagree)
    csv_rows: list[list[Any]] = [["result", "count", "share"]]
    csv_rows += [[nm, n, f"{n / total:.6f}" if total else ""] for nm, n in entries]
    return "\n".join(lines) + "\n", js, csv_rows

