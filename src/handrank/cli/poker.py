"""Poker commands of the ``handrank`` tool: ``rank``, ``showdown``, ``eval`` (top level)."""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from .. import poker
from ..cards import format_card
from ..errors import DuplicateCardError, HandrankError, HandSizeError
from ..result import HandValue
from .files import (
    SPLIT,
    InputError,
    ShowdownChunk,
    group_by_length,
    open_input,
    parse_showdown_chunk,
    parse_showdown_header,
    parse_text_chunk,
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
    make_sink,
)

#: ``handrank eval --game NAME``: the evaluator of each poker variant, as
#: ``"module:function"`` in ``handrank.cli``; the function takes the parsed arguments
#: (``hands``, ``board``, ``output``, ``game``) and returns the exit status, like
#: a command. Hold'em (5 to 7 cards, best five) is :func:`cmd_eval` itself.
EVAL_GAMES: dict[str, str] = {
    "holdem": "",
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

output: per hand the line number, cards, category, strength (1..7462, higher
is stronger) and description; for uci input also our class number and the
file's label. Then a summary: count and share of each category, strongest
first, with royal flush as its own line within straight flush.

exit status: 0 ok; 1 --check-labels found mismatches; 2 bad rows (without
--skip-bad), unreadable file or bad usage.

examples:
  handrank rank hands.txt
  echo "As Ks Qs Js Ts" | handrank rank -
  handrank rank --format uci --check-labels --summary-only poker-hand-training-true.data
  handrank rank --output csv hands.txt > ranked.csv
  handrank rank --output json --skip-bad hands.txt
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Poker commands: ``rank`` and ``showdown`` (top level: poker is the default game)."""
    p = add_command(subparsers, "rank", cmd_rank, epilog=RANK_EPILOG)
    add_input_options(p)
    p.add_argument("-f", "--format", choices=("text", "uci"), default="text",
                   help="input format (default text)")
    add_output_options(p)
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

    p = add_command(subparsers, "eval", cmd_eval, epilog="examples:\n  handrank eval AsKsQsJsTs\n  handrank eval \"Ks Kh Kd 4c 4d\" \"Ah Ad Ac 2s 2d\"\n"
               "  handrank eval --board \"Ks Qs Js Ts 2d\" \"As 3c\" \"9s 3d\"")
    p.add_argument("hands", nargs="+", metavar="HAND", help='card text, e.g. "AsKs" or "As Ks Qs"')
    p.add_argument("--board", default=None, help="community cards shared by every HAND")
    p.add_argument("--game", choices=tuple(EVAL_GAMES), default="holdem",
                   help="poker variant (default holdem: 5 to 7 cards, best five)")
    p.add_argument("--straight-beats-trips", action="store_true",
                   help="--game shortdeck: rank the straight above three of a kind")
    add_format_option(p)


def cmd_eval(args: argparse.Namespace) -> int:
    """evaluate hands given as card strings on the command line

    Evaluate each HAND (5 to 7 cards, best five). With two or more hands,
    say which wins; with --board, each HAND is a player's hole cards and
    the board is shared (one deck: no card may repeat).
    """
    if EVAL_GAMES.get(args.game):
        module, _, function = EVAL_GAMES[args.game].partition(":")
        return int(getattr(importlib.import_module(f"handrank.cli.{module}"), function)(args))
    if getattr(args, "straight_beats_trips", False):
        print(f"{PROG} eval: error: --straight-beats-trips needs --game shortdeck", file=sys.stderr)
        return EXIT_BAD_INPUT
    return eval_report(args, poker.evaluate, "a poker hand")


def eval_report(args: argparse.Namespace, evaluate: Callable[[list[int]], HandValue],
                hand: str) -> int:
    """``handrank eval`` for one variant whose hands are 5 to 7 cards (best five):
    parse ``args.hands`` (and ``args.board``), evaluate each with ``evaluate``
    (card ids -> HandValue), print the values and the winner(s) as text or JSON.
    ``hand`` names the variant's hand in the size error (``"a poker hand"``)."""
    from ..cards import format_cards, parse_cards
    try:
        board = parse_cards(args.board) if args.board is not None else []
    except HandrankError as e:
        raise e.with_context(f"board ({args.board!r})") from None
    values, seen = [], {c: "the board" for c in board}
    for i, text in enumerate(args.hands):
        try:
            cards = parse_cards(text)
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
    best = max(v.strength for v in values)
    winners = [i for i, v in enumerate(values) if v.strength == best]
    if args.output == "json":
        json.dump({"hands": [{"hand": i + 1, "input": t, "category": v.category.label,
                              "name": v.name, "strength": v.strength,
                              "description": v.description, "best_five": format_cards(v.cards)}
                             for i, (t, v) in enumerate(zip(args.hands, values))],
                   "winners": [i + 1 for i in winners]}, sys.stdout, ensure_ascii=False)
        print()
        return EXIT_OK
    for i, (text, v) in enumerate(zip(args.hands, values)):
        print(f"{i + 1}: {format_cards(v.cards)}  {v.description}  (strength {v.strength})")
    if len(values) > 1:
        if len(winners) == 1:
            print(f"winner: hand {winners[0] + 1}")
        else:
            print("split: hands " + ", ".join(str(i + 1) for i in winners))
    return EXIT_OK


def cmd_rank(args: argparse.Namespace) -> int:
    """rank poker hands, one per line (text or UCI CSV)

    Evaluate one poker hand (5 to 7 cards, best five) per line of FILE
    and summarise the categories.
    """
    if args.check_labels and args.format != "uci":
        print(f"{PROG} rank: error: --check-labels needs --format uci", file=sys.stderr)
        return EXIT_BAD_INPUT
    from ..poker import evaluate_many

    uci = args.format == "uci"
    cls_table = _poker_class_table()
    names, descs = _poker_text_tables() if not args.summary_only else ([], [])
    columns = [Column("line", right=True, min_width=6), Column("cards"), Column("category"),
               Column("strength", right=True)]
    if uci:
        columns += [Column("class", right=True), Column("label", right=True)]
        if args.check_labels:
            columns.append(Column("match"))
    columns.append(Column("description"))

    inp = open_input(args.file)
    with inp:
        run = Run(args, inp, "ranking")
        sink = make_sink(args, columns, "hands")
        counts = np.zeros(10, dtype=np.int64)
        checked = mismatched = 0
        listed: list[str] = []
        for chunk in run.chunks():
            if uci:
                good_u, bad = parse_uci_chunk(chunk, require_label=args.check_labels)
            else:
                good_t, bad = parse_text_chunk(chunk)
                if bad and run.hint is None and any(
                        t is not None and _UCI_LINE.match(t) for _, t in chunk[:100]):
                    run.hint = "this looks like the UCI Poker Hand CSV: add --format uci"
            run.report(bad)
            if run.failed:
                continue
            lines: Any
            hands: Any
            if uci:
                lines, strengths = good_u.lines, evaluate_many(good_u.ids, threads=args.threads)
                hands = good_u.ids
                labels = good_u.labels
            else:
                lines = good_t.lines
                hands = good_t.hands
                strengths = _evaluate_lists(hands, args.threads)
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
            del chunk
        return run.conclude(
            sink, lambda skipped: _rank_summary(counts, skipped, args.check_labels, checked,
                                                mismatched, listed),
            EXIT_CHECK_FAILED if mismatched else EXIT_OK)


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

