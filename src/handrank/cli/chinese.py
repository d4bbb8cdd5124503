"""Chinese Poker commands of the ``handrank`` tool: ``handrank chinese set``,
``handrank chinese score``, ``handrank chinese play`` (a game between built-in
strategies) and ``handrank chinese head-to-head``. Players are numbered from 1 here.

Rules: ``docs/rules/chinese-poker.md``; see :mod:`handrank.chinese`.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io as _io
import json
import sys
from typing import Any

import numpy as np

from .. import chinese, poker
from ..chinese import solver
from ..cards import format_cards
from ..errors import HandrankError, HandSizeError
from ._common import EXIT_BAD_INPUT, EXIT_OK, PROG, _fresh_seed, _pos_int, _seed
from ._common import add_command, add_format_option, add_group, add_head_to_head
from ._common import add_scheduler_option, dask_client
from ._common import print_head_to_head
from .files import InputError, read_document

SET_EPILOG = """\
For each HOLDING (13 cards, e.g. "As Kd Qh Jc 9s 8d 7h 6c 4s 3d 2h 2c Td")
prints the setting with the highest expected score against a random opponent
under the scoring system: front (3 cards), middle (5), back (5), the expected
score in points per opponent, and the natural the cards make, if any, with
whether declaring it pays more than playing the rows.

examples:
  handrank chinese set "As Kd Qh Jc 9s 8d 7h 6c 4s 3d 2h 2c Td"
  handrank chinese set --system mandarin --output json "2c3d4h5s6c7d8h9sTcJdQhKsAc"
  handrank chinese set --file deals.txt --scheduler local:4   # a file on a Dask cluster
"""

SCORE_EPILOG = """\
FILE holds one or more tables of 2 to 4 players' settings (one deck per table):

  JSON  {"system": "western", "players": [
           {"name": "ann", "front": "Qs Qd 4c", "middle": "...", "back": "...",
            "natural": false}, ...]}
        or a list of such players, or {"tables": [{"players": [...]}, ...]}.
  CSV   a header naming the columns name, front, middle, back and optionally
        natural (true/false or a natural's name) and table (rows with the same
        table value form one table; without it the whole file is one table).

"natural" declares a natural (dragon, six pairs, three flushes, three
straights; true = whichever the cards make); declaring one the cards do not
make is an error. --system overrides the file's system (default western).
A player's 13 cards set with the wrong card counts (not 3 / 5 / 5) score as a
foul, as the rules say; any other number of cards is an error.

output: per table each player's rows, every pair's score with the reason
(rows won, shots, fouls, naturals) and the totals; --output json or csv for
machines. exit status: 0 ok; 2 unreadable file or bad settings (the message
names the table, player and card).

examples:
  handrank chinese score docs/examples/chinese-table.json
  handrank chinese score --system mandarin --output csv docs/examples/chinese-tables.csv
"""


PLAY_EPILOG = """\
Each round deals 13 cards to every seat from one shuffled deck; each seat's
strategy sets its rows and declares a natural when it pays ("solver") or never
("greedy"); the table is scored pairwise and the points added to each total.
Players are numbered from 1. Same seed, same game.

examples:
  handrank chinese play --seed 7
  handrank chinese play --seats solver,greedy,greedy --system mandarin --target 20 --seed 1
"""

H2H_EPILOG = """\
Prints each side's mean points per round, the margin and its 95% confidence
interval (deals paired). Same seed, same deals.

examples:
  handrank chinese head-to-head solver greedy --rounds 20000 --seed 1
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """The ``chinese`` command group: ``set`` and ``score``."""
    cmds = add_group(
        subparsers, "chinese", help="Chinese Poker (set 13 cards, score tables, play games)",
        description="Chinese Poker (docs/rules/chinese-poker.md).")
    p = add_command(cmds, "set", cmd_set, epilog=SET_EPILOG)
    p.add_argument("holdings", nargs="*", metavar="HOLDING", help="13 cards")
    p.add_argument("--system", default=chinese.DEFAULT_SYSTEM, type=str.lower,
                   choices=chinese.SYSTEMS, help="scoring system (default western)")
    p.add_argument("--file", default=None, metavar="FILE",
                   help="more holdings, one per line (- for standard input; blank lines and "
                        "lines starting with # are skipped)")
    add_scheduler_option(p, "solve the holdings")
    add_format_option(p)

    p = add_command(cmds, "score", cmd_score, epilog=SCORE_EPILOG)
    p.add_argument("file", metavar="FILE", help="JSON or CSV file, or - for standard input")
    p.add_argument("--system", default=None, type=str.lower, choices=chinese.SYSTEMS,
                   help="scoring system (default: the file's, else western)")
    p.add_argument("-f", "--format", choices=("auto", "json", "csv"), default="auto",
                   help="input format (default: by extension, else by content)")
    add_format_option(p, ("text", "json", "csv"))
    p.add_argument("--skip-bad", action="store_true",
                   help="score the other tables when one is bad (each bad table is reported on "
                        "stderr); without it a bad table gives exit status 2")

    p = add_command(cmds, "play", cmd_play, epilog=PLAY_EPILOG)
    p.add_argument("--seats", type=_seats, default=["solver", "greedy"], metavar="A,B[,C[,D]]",
                   help="one built-in strategy per seat, 2 to 4, comma-separated "
                        f"({', '.join(chinese.engine.BUILTIN_STRATEGIES)}; default solver,greedy)")
    _add_game_options(p)
    p.add_argument("--target", type=_pos_int, default=None, metavar="POINTS",
                   help="stop after the round in which a player's total reaches POINTS")
    p.add_argument("--rounds", type=_pos_int, default=None, metavar="N",
                   help="stop after N rounds (default 10 without --target, 1000 with it)")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the result")

    p = add_head_to_head(cmds, cmd_head_to_head, list(chinese.engine.BUILTIN_STRATEGIES), 10_000,
                         H2H_EPILOG)
    p.add_argument("--system", default=chinese.DEFAULT_SYSTEM, type=str.lower,
                   choices=chinese.SYSTEMS, help="scoring system (default western)")


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--system", default=chinese.DEFAULT_SYSTEM, type=str.lower,
                   choices=chinese.SYSTEMS, help="scoring system (default western)")
    p.add_argument("--seed", type=_seed, default=None,
                   help="dealer seed, a non-negative integer (same seed, same deals; "
                        "default: a fresh seed, printed with the result)")


def _strategy(s: str) -> str:
    name = s.strip().lower()
    if name not in chinese.engine.BUILTIN_STRATEGIES:
        raise argparse.ArgumentTypeError(
            f"unknown strategy {s!r}; accepted: {', '.join(chinese.engine.BUILTIN_STRATEGIES)}")
    return name


_strategy.__name__ = "strategy"


def _seats(s: str) -> list[str]:
    names = s.split(",")
    if not 2 <= len(names) <= 4:
        raise argparse.ArgumentTypeError(f"a table has 2 to 4 seats, got {len(names)} in {s!r}")
    out = []
    for k, name in enumerate(names, 1):
        try:
            out.append(_strategy(name))
        except argparse.ArgumentTypeError as e:
            raise argparse.ArgumentTypeError(f"seat {k}: {e}") from None
    return out


_seats.__name__ = "seat list"


def _err(msg: str) -> int:
    print(f"{PROG}: error: {msg}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _row_words(setting: chinese.Setting) -> list[tuple[str, str, str]]:
    f, m, b = setting.strengths
    return [("front", format_cards(setting.front), chinese.describe_front(f)),
            ("middle", format_cards(setting.middle), poker.describe(m)),
            ("back", format_cards(setting.back), poker.describe(b))]


def cmd_set(args: argparse.Namespace) -> int:
    """best setting of 13 cards (solver)

    Set 13 cards into front / middle / back to maximise the expected score.
    """
    named = [(f"holding {k}", h) for k, h in enumerate(args.holdings, 1)]
    if args.file is not None:
        for k, line in enumerate(read_document(args.file).splitlines(), 1):
            if line.strip() and not line.lstrip().startswith("#"):
                named.append((f"{args.file}: line {k}", line.strip()))
    if not named:
        return _err("chinese set: give a HOLDING or --file FILE")
    rows = np.zeros((len(named), 13), np.uint8)
    for k, (where, h) in enumerate(named):
        try:
            rows[k] = solver._holding(h)[0]
        except HandrankError as e:
            hint = ""
            if isinstance(e, HandSizeError) and len(args.holdings) > 1:
                hint = ('; each HOLDING is one argument of 13 cards: quote it, e.g. '
                        f'{PROG} chinese set "{" ".join(args.holdings[:13])}"')
            return _err(f"{where} ({h!r}): {e}{hint}")
    with contextlib.ExitStack() as stack:
        executor = (dask_client(args.scheduler, stack).get_executor()
                    if args.scheduler is not None else None)
        solved = chinese.solve_many(rows, args.system, threads=0, executor=executor)
    results = [(h, solver._solution(solved, k, args.system)) for k, (_, h) in enumerate(named)]
    if args.output == "json":
        out = []
        for h, sol in results:
            out.append({
                "holding": h, "system": sol.system,
                **{name: cards for name, cards, _ in _row_words(sol.setting)},
                "expected": round(sol.expected, 6),
                "natural": sol.natural.label if sol.natural else None,
                "declare": sol.declare,
                "natural_setting": (str(sol.natural_setting) if sol.natural else None),
            })
        json.dump(out if len(out) > 1 else out[0], sys.stdout, indent=2)
        sys.stdout.write("\n")
        return EXIT_OK
    for k, (h, sol) in enumerate(results):
        if k:
            print()
        print(f"holding: {h}  (system {sol.system})")
        for name, cards, words in _row_words(sol.setting):
            print(f"  {name:<6}  {cards:<15} {words}")
        print(f"  expected score: {sol.expected:+.3f} points per opponent (model estimate)")
        if sol.natural:
            verdict = (f"declare it (a sweep, {chinese.SWEEP[sol.system]} points)" if sol.declare
                       else "play the rows (they are worth more)")
            line = f"  natural: {sol.natural.label}: {verdict}"
            if sol.declare and sol.natural in (chinese.Natural.THREE_FLUSHES,
                                               chinese.Natural.THREE_STRAIGHTS):
                line += f"; set as {sol.natural_setting}"
            print(line)
    return EXIT_OK


# ---------------------------------------------------------------- score

def _known_keys(obj: dict, known: tuple[str, ...], where: str, hint: str = "") -> None:
    """HandrankError naming any key of ``obj`` not in ``known`` (a misspelt "natural" or
    "system" must not silently change the scores)."""
    unknown = [k for k in obj if k not in known]
    if unknown:
        raise HandrankError(f"{where}: unknown key(s) {', '.join(map(json.dumps, unknown))}; "
                            f"expected {', '.join(known)}{hint}")


def _tables_from_json(text: str) -> tuple[list[list[dict]], str | None]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise HandrankError(f"not valid JSON: {e}") from None
    except RecursionError:
        raise HandrankError("not valid JSON: nested too deeply") from None
    system = None
    if isinstance(data, dict):
        _known_keys(data, ("system", "players", "tables"), "the file")
        if "tables" in data and "players" in data:
            raise HandrankError('give "players" (one table) or "tables", not both')
        system = data.get("system")
        if "tables" in data:
            raw = data["tables"]
            if not isinstance(raw, list):
                raise HandrankError('"tables" must be a list')
            if not raw:
                raise HandrankError('"tables" holds no tables')
            tables = []
            for i, t in enumerate(raw):
                if isinstance(t, dict):
                    _known_keys(t, ("players",), f"table {i + 1}",
                                ' (the system is set once: top-level "system" or --system)')
                players = t.get("players") if isinstance(t, dict) else t
                if not isinstance(players, list):
                    raise HandrankError(f"table {i + 1}: expected a list of players")
                tables.append(players)
        elif "players" in data:
            tables = [data["players"]]
        else:
            raise HandrankError('expected an object with "players" or "tables", or a list '
                                'of players')
    elif isinstance(data, list):
        tables = [data]
    else:
        raise HandrankError("expected a JSON object or list")
    for i, t in enumerate(tables):
        if not isinstance(t, list):
            raise HandrankError(f"table {i + 1}: expected a list of players")
        for j, p in enumerate(t):
            if not isinstance(p, dict):
                raise HandrankError(f"table {i + 1}, player {j + 1}: expected an object with "
                                    f"front, middle, back")
            _known_keys(p, ("name", "front", "middle", "back", "natural", "holding"),
                        f"table {i + 1}, player {j + 1}")
            name = p.get("name")
            if name is not None and (isinstance(name, bool)
                                     or not isinstance(name, (str, int, float))):
                raise HandrankError(f"table {i + 1}, player {j + 1}: \"name\" must be a "
                                    f"string, got {json.dumps(name)}")
    if system is not None and not isinstance(system, str):
        raise HandrankError('"system" must be a string')
    return tables, system


def _tables_from_csv(text: str) -> list[list[dict]]:
    reader = csv.DictReader(_io.StringIO(text))
    if reader.fieldnames is None:
        raise HandrankError("empty CSV file")
    fields = [f.strip().lower() for f in reader.fieldnames]
    missing = [c for c in ("front", "middle", "back") if c not in fields]
    if missing:
        raise HandrankError(f"CSV header lacks column(s) {', '.join(missing)}; "
                            f"has {', '.join(fields)}")
    unknown = [f for f in fields if f not in ("table", "name", "front", "middle", "back",
                                               "natural")]
    if unknown:
        raise HandrankError(f"CSV header has unknown column(s) {', '.join(unknown)}; expected "
                            f"table, name, front, middle, back, natural")
    twice = sorted({f for f in fields if f and fields.count(f) > 1})
    if twice:
        raise HandrankError(f"CSV header names column(s) {', '.join(twice)} more than once")
    reader.fieldnames = fields
    order: list[str] = []
    groups: dict[str, list[dict]] = {}
    for row in reader:
        line = reader.line_num
        if row.get(None):  # type: ignore[call-overload]  # DictReader's key for extra fields
            raise HandrankError(f"line {line}: more fields than the header's {len(fields)}")
        if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
            continue
        key = (row.get("table") or "").strip()
        if key not in groups:
            groups[key] = []
            order.append(key)
        p: dict[str, Any] = {r: (row.get(r) or "") for r in ("front", "middle", "back")}
        p["name"] = (row.get("name") or "").strip() or None
        if row.get("natural") is not None:
            p["natural"] = row["natural"]
        p["line"] = line
        groups[key].append(p)
    if not order:
        raise HandrankError("the CSV file holds no players")
    return [groups[k] for k in order]


def _looks_json(path: str, text: str) -> bool:
    if path.lower().endswith(".json"):
        return True
    if path.lower().endswith(".csv"):
        return False
    return text.lstrip()[:1] in ("{", "[")


def cmd_score(args: argparse.Namespace) -> int:
    """score tables of settings from a JSON or CSV file

    Score tables of 2 to 4 players' settings pairwise (zero-sum).
    """
    try:
        text = read_document(args.file)
    except InputError as e:
        return _err(str(e))
    use_json = args.format == "json" or (args.format == "auto" and _looks_json(args.file, text))
    try:
        if use_json:
            tables, file_system = _tables_from_json(text)
        else:
            tables, file_system = _tables_from_csv(text), None
    except HandrankError as e:
        return _err(f"{args.file}: {e}")
    except csv.Error as e:  # e.g. a field over the csv module's size limit
        return _err(f"{args.file}: malformed CSV: {e}")
    system = args.system or file_system or chinese.DEFAULT_SYSTEM
    scored: list[tuple[int, chinese.TableScore]] = []  # (table index, score)
    skipped = 0
    for i, players in enumerate(tables):
        names = [str(p.get("name")) if p.get("name") is not None else f"player {j + 1}"
                 for j, p in enumerate(players)]
        try:
            scored.append((i, chinese.score([{k: v for k, v in p.items() if k != "line"}
                                             for p in players], system, names=names)))
        except (HandrankError, TypeError) as e:  # TypeError: a JSON value that is not cards
            where = f"table {i + 1}" if len(tables) > 1 else "table"
            lines = [p.get("line") for p in players if p.get("line")]
            if lines:
                where += f" (lines {lines[0]}-{lines[-1]})"
            if not args.skip_bad:
                return _err(f"{args.file}: {where}: {e} (use --skip-bad to score the other "
                            f"tables)" if len(tables) > 1 else f"{args.file}: {where}: {e}")
            print(f"{PROG}: {args.file}: {where}: {e} (skipped)", file=sys.stderr)
            skipped += 1
    if args.output == "json":
        json.dump({"system": system, "skipped": skipped, "tables": [{
            "table": i + 1,
            "players": list(t.names),
            "fouls": list(t.fouls),
            "miscounts": list(t.miscounts),
            "naturals": [d.label if d else None for d in t.declared],
            "home_runs": list(t.home_runs),
            "matrix": [list(r) for r in t.matrix],
            "totals": list(t.totals),
            "pairs": [{"a": t.names[p.a], "b": t.names[p.b], "points": p.points,
                       "kind": p.kind, "text": p.text} for p in t.pairs],
        } for i, t in scored]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif args.output == "csv":
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(["table", "player", "opponent", "points", "kind", "detail"])
        for i, t in scored:
            for p in t.pairs:
                w.writerow([i + 1, t.names[p.a], t.names[p.b], p.points, p.kind, p.text])
                w.writerow([i + 1, t.names[p.b], t.names[p.a], -p.points, p.kind, p.text])
            for n, tot in zip(t.names, t.totals):
                w.writerow([i + 1, n, "TOTAL", tot, "", ""])
    else:
        for k, (i, t) in enumerate(scored):
            if k:
                print()
            if len(tables) > 1:
                print(f"table {i + 1}")
            print(t.text())
    return EXIT_OK


# ---------------------------------------------------------------- play

def cmd_play(args: argparse.Namespace) -> int:
    """play a game between built-in strategies, round by round

    Deal, set, declare and score rounds between built-in strategies (chinese.Game).
    """
    seats = args.seats
    rounds = args.rounds or (1000 if args.target else 10)
    game = chinese.Game(seats, seed=_fresh_seed(args), system=args.system,
                        target=args.target, max_rounds=rounds)
    names = [f"player {p + 1}" for p in range(len(seats))]
    if not args.quiet:
        goal = f"target {args.target} points, at most {rounds} rounds" if args.target else \
            f"{rounds} rounds"
        print(f"Chinese Poker: {len(seats)} players, system {game.system}, {goal}, "
              f"seed {args.seed}")
        for p, name in enumerate(seats):
            print(f"  {names[p]}: {name}")
    while not game.over:
        rec = game.play_round()
        if args.quiet:
            continue
        print()
        print(f"Round {rec.number + 1}")
        for p, st in enumerate(rec.settings):
            tag = (f"  declares {rec.score.declared[p].label}" if rec.declared[p]
                   else "  FOUL" if rec.score.fouls[p] else "")
            print(f"  {names[p]}: {st}{tag}   {rec.points[p]:+d}")
        print("  totals " + ", ".join(f"{names[p]} {t:+d}" for p, t in enumerate(rec.totals)))
    res = game.result()
    who = " and ".join(names[p] for p in res.winners)
    print()
    print(f"Game over after {len(res.rounds)} round{'s' if len(res.rounds) != 1 else ''}"
          + (f" (target {args.target} reached)" if res.target_reached else "")
          + f": {who} {'share the win' if len(res.winners) > 1 else 'wins'}. Totals: "
          + ", ".join(f"{names[p]} {t:+d}" for p, t in enumerate(res.scores))
          + (f" (seed {args.seed})" if args.quiet else ""))
    return EXIT_OK


def cmd_head_to_head(args: argparse.Namespace) -> int:
    """two built-in strategies heads-up, seats swapped

    Pit two built-in strategies against each other heads-up over many seeded
    deals, each played twice with the seats swapped (chinese.head_to_head).
    """
    r = chinese.head_to_head(args.a, args.b, args.rounds, seed=_fresh_seed(args),
                             system=args.system, threads=0)
    return print_head_to_head(args, r, f"{args.system}, ")
