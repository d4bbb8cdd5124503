"""Shared machinery of the ``handrank`` command-line tool, used by every game's commands.

:func:`add_input_options` / :func:`add_output_options` (the common flags),
:class:`Run` (chunked reading with progress and bad-row reporting),
:func:`make_sink` (text / csv / json output), :func:`write_summary`,
:func:`add_scheduler_option` / :func:`dask_client` (``--scheduler``, a Dask cluster),
the exit statuses ``EXIT_OK`` (0), ``EXIT_CHECK_FAILED`` (1), ``EXIT_BAD_INPUT`` (2).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import inspect
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from .._support.seeds import fresh_seed
from .files import BadRow, InputError, InputFile, read_chunks

PROG = "handrank"
DEFAULT_CHUNK_ROWS = 100_000
MAX_MESSAGES = 20  # bad-row messages printed before "... and N more"
MAX_LISTED = 10  # label mismatches / disagreements listed in the summary

EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT = 0, 1, 2


# =========================================================================== shared options


def add_input_options(p: argparse.ArgumentParser, file: bool = True) -> None:
    """FILE (unless ``file`` is False: the command names its own inputs), --skip-bad,
    --threads, --chunk-rows, --no-progress."""
    if file:
        p.add_argument("file", metavar="FILE", help="input file, or - for standard input")
    p.add_argument("--skip-bad", action="store_true",
                   help="skip rows that cannot be read (each is reported on stderr) and "
                        "process the rest; without it any bad row gives exit status 2")
    p.add_argument("--threads", type=_threads, default=0, metavar="N",
                   help="evaluation threads (0 = all cores, the default)")
    p.add_argument("--chunk-rows", type=_pos_int, default=DEFAULT_CHUNK_ROWS, metavar="N",
                   help=f"rows read and evaluated per chunk (default {DEFAULT_CHUNK_ROWS})")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (it is shown on stderr only when stderr is a "
                        "terminal and per-row output is not going to that terminal)")


def add_output_options(p: argparse.ArgumentParser) -> None:
    """--output text|csv|json, --summary-only."""
    p.add_argument("-o", "--output", choices=("text", "csv", "json"), default="text",
                   help="output format: aligned text columns (default), CSV (one row per "
                        "input row; the summary then goes to stderr), or one JSON object")
    p.add_argument("-s", "--summary-only", action="store_true",
                   help="print only the summary, not one line per input row")


def _pos_int(s: str) -> int:
    v = int(s)
    if not 1 <= v <= 10**9:
        raise argparse.ArgumentTypeError(f"must be 1 to 1000000000, got {v}")
    return v


def _nonneg_int(s: str) -> int:
    v = int(s)
    if not 0 <= v <= 10**6:
        raise argparse.ArgumentTypeError(f"must be 0 to 1000000, got {v}")
    return v


def _seed(s: str) -> int:
    """--seed S: a non-negative integer (any size, as :func:`handrank.cards.rng` takes)."""
    v = int(s)
    if v < 0:
        raise argparse.ArgumentTypeError(f"must be a non-negative integer, got {v}")
    return v


_seed.__name__ = "seed"


def _fresh_seed(args: argparse.Namespace) -> int:
    """``args.seed``, or a fresh one stored there, so that the output can report it and
    the run can be replayed."""
    if args.seed is None:
        args.seed = fresh_seed()
    return int(args.seed)


def add_head_to_head(cmds: argparse._SubParsersAction, func: Callable[[argparse.Namespace], int],
                     strategies: Sequence[str], rounds: int, epilog: str,
                     aliases: Sequence[str] = ()) -> argparse.ArgumentParser:
    """``handrank <game> head-to-head A B [--rounds N] [--seed S] [-o text|json]``: the
    same command in every game with an engine (``func`` calls the game's
    ``head_to_head``; its docstring gives the help, as for every command)."""
    p = add_command(cmds, "head-to-head", func, epilog=epilog, aliases=list(aliases))
    for name, what in (("a", "first"), ("b", "second")):
        p.add_argument(name, choices=list(strategies), metavar=name.upper(),
                       help=f"{what} strategy: {', '.join(strategies)}")
    p.add_argument("--rounds", type=_pos_int, default=rounds, metavar="N",
                   help=f"rounds to play; every deal is played twice with the seats swapped, "
                        f"so N is rounded up to an even number (default {rounds})")
    p.add_argument("--seed", type=_seed, default=None, metavar="S",
                   help="dealer seed, a non-negative integer (same seed, same deals; "
                        "default: a fresh seed, printed with the result)")
    add_format_option(p)
    return p


def print_head_to_head(args: argparse.Namespace, result: Any, note: str = "") -> int:
    """Print a :class:`handrank.engine.HeadToHead` as text (with the seed, so the run
    can be replayed) or as its JSON dict (which holds the seed)."""
    if args.output == "json":
        json.dump(result.to_dict(), sys.stdout)
        print()
    else:
        print(f"{result} ({note}seed {args.seed})")
    return EXIT_OK


def _threads(s: str) -> int:
    """--threads N: 0 (all cores) to 4096, the library's limit."""
    v = int(s)
    if not 0 <= v <= 4096:
        raise argparse.ArgumentTypeError(f"must be 0 (all cores) to 4096, got {v}")
    return v


_threads.__name__ = "thread count"


# argparse names the type function in "invalid <name> value" messages.
_pos_int.__name__ = "positive integer"
_nonneg_int.__name__ = "non-negative integer"


# =========================================================================== commands


def add_scheduler_option(p: argparse.ArgumentParser, what: str) -> None:
    """``--scheduler ADDRESS|local:N``: ``what`` (e.g. "evaluate the chunks") on a Dask
    cluster; the command opens it with :func:`dask_client`."""
    p.add_argument("--scheduler", type=_scheduler, default=None, metavar="ADDRESS",
                   help=f"{what} on a Dask cluster: a scheduler address "
                        "(tcp://host:8786) or local:N for a LocalCluster of N worker "
                        "processes (needs handrank[dask]; see docs/scale.md)")


def _scheduler(s: str) -> str:
    """--scheduler: ``local:N`` (N = 1 to 1024 worker processes) or a scheduler address."""
    if s.startswith("local:"):
        n = s[6:]
        if not n.isdigit() or not 1 <= int(n) <= 1024:
            raise argparse.ArgumentTypeError(f"local:N needs N = 1 to 1024 workers, got {s!r}")
        return s
    if not s.strip() or any(c.isspace() for c in s):
        raise argparse.ArgumentTypeError(f"not a scheduler address: {s!r}")
    return s


_scheduler.__name__ = "scheduler"


def dask_client(spec: str, stack: contextlib.ExitStack,
                note: Callable[[str], None] | None = None) -> Any:
    """A Dask distributed client for ``--scheduler``: ``local:N`` starts a LocalCluster of
    N single-thread worker processes, anything else is a scheduler address
    (``tcp://host:8786``); both are closed when ``stack`` closes. Its
    ``get_executor()`` is the ``executor=`` of the library's heavy calls. ``note``,
    if given, is told the dashboard's address. Raises InputError (a one-line message,
    exit status 2) without distributed or when the scheduler cannot be reached."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--scheduler needs Dask distributed: pip install 'handrank[dask]'"
                         ) from None
    try:
        if spec.startswith("local:"):
            cluster = stack.enter_context(LocalCluster(
                n_workers=int(spec[6:]), threads_per_worker=1, processes=True,
                dashboard_address=None))
            client = stack.enter_context(Client(cluster))
        else:
            client = stack.enter_context(Client(spec, timeout="10s"))
    except (OSError, TimeoutError, ValueError) as e:
        raise InputError(f"--scheduler {spec}: cannot reach the Dask scheduler: {e}") from None
    if note is not None and getattr(client, "dashboard_link", None):
        note(f"{PROG}: Dask dashboard: {client.dashboard_link}")
    return client


def add_group(subparsers: argparse._SubParsersAction, game: str, help: str,
              description: str) -> argparse._SubParsersAction:
    """The command group ``handrank GAME COMMAND``; returns its commands' sub-parsers."""
    group = subparsers.add_parser(game, help=help, description=description)
    return group.add_subparsers(dest=f"{game}_command", metavar="COMMAND", required=True)


def add_command(parsers: argparse._SubParsersAction, name: str,
                func: Callable[[argparse.Namespace], int], **kwargs: Any) -> argparse.ArgumentParser:
    """The command ``name`` that runs ``func(args)``.

    A command's words live in its handler's docstring: the first line is the help
    line of the command list, the rest (after a blank line) the description at the
    top of its ``--help``, shown as written (the first line when there is no more).
    ``epilog`` and other ``add_parser`` keywords pass through."""
    doc = inspect.cleandoc(func.__doc__ or "")  # empty under python -OO
    first, _, rest = doc.partition("\n\n")
    kwargs.setdefault("help", " ".join(first.split()))
    kwargs.setdefault("description", rest.strip("\n") or kwargs["help"])
    p: argparse.ArgumentParser = parsers.add_parser(
        name, formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs)
    p.set_defaults(func=func)
    return p


def add_format_option(p: argparse.ArgumentParser, formats: Sequence[str] = ("text", "json"),
                      help: str = "output format (default text)") -> None:
    """-o/--output FORMAT (default text) of a command that prints one answer."""
    p.add_argument("-o", "--output", choices=formats, default="text", help=help)


# =========================================================================== running a file


class Run:
    """One pass over an input file: chunks with a progress bar, bad-row
    reporting and the stop-on-bad-row rule.

    Without ``--skip-bad`` the first bad row marks the run failed: the rest of
    the file is still parsed so every bad row is reported, but nothing more is
    evaluated or written and no summary is printed (exit status 2).
    """

    def __init__(self, args: argparse.Namespace, inp: InputFile, desc: str,
                 row_word: str = "line", bar_unit: str = "B"):
        """``row_word`` names a bad row in messages (``line 12``; ``row 12`` for a
        Parquet / Arrow table); ``bar_unit`` is the progress bar's unit (bytes of a
        text file, ``rows`` of a table whose ``inp.size`` is then its row count)."""
        self.args = args
        self.row_word = row_word
        self.inp = inp
        self.skip = args.skip_bad
        self.bad = 0
        self.failed = False
        self.rows = 0
        self.hint: str | None = None  # printed with the failure message
        self.bar = _make_progress(args, inp, desc, bar_unit)

    def chunks(self) -> Iterator[list]:
        yield from read_chunks(self.inp, self.args.chunk_rows, self.bar)

    def message(self, text: str) -> None:
        """Write a line to stderr without breaking the progress bar."""
        if self.bar is not None:
            self.bar.write(text, file=sys.stderr)
        else:
            print(text, file=sys.stderr)

    def report(self, bad: Sequence[BadRow]) -> None:
        for b in bad:
            self.bad += 1
            if self.bad <= MAX_MESSAGES:
                self.message(f"{PROG}: {self.inp.name}: {self.row_word} {b.line}: {b.reason}")
        if bad and not self.skip:
            self.failed = True

    def counted(self, n: int) -> None:
        self.rows += n
        if self.bar is not None:
            self.bar.set_postfix_str(f"{self.rows} rows", refresh=False)

    def finish(self) -> int | None:
        """Close the bar and print the bad-row tally. Returns 2 if the run failed."""
        if self.bar is not None:
            self.bar.close()
        if self.bad > MAX_MESSAGES:
            print(f"{PROG}: {self.inp.name}: ... and {self.bad - MAX_MESSAGES} more bad rows",
                  file=sys.stderr)
        if self.failed:
            print(f"{PROG}: error: {self.inp.name}: {_plural(self.bad, 'bad row')}; "
                  f"nothing summarised (use --skip-bad to skip bad rows)", file=sys.stderr)
            if self.hint:
                print(f"{PROG}: hint: {self.hint}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if self.bad:
            print(f"{PROG}: {self.inp.name}: skipped {_plural(self.bad, 'bad row')}",
                  file=sys.stderr)
        return None

    def conclude(self, sink: Sink | None,
                 summary: Callable[[int], tuple[str, dict, list[list[Any]] | None]],
                 ok: int = EXIT_OK) -> int:
        """End the command: :meth:`finish`; if the run failed, close the output
        (JSON stays valid) and return its status; otherwise write
        ``summary(skipped)`` (text, JSON, CSV rows; ``skipped`` = bad rows skipped
        with --skip-bad, else 0) with :func:`write_summary` and return ``ok``."""
        status = self.finish()
        if status is not None:
            _abort_output(self.args, sink, self)
            return status
        write_summary(self.args, sink, *summary(self.bad if self.skip else 0))
        return ok


def _make_progress(args: argparse.Namespace, inp: InputFile, desc: str, unit: str = "B"):
    if args.no_progress or not _isatty(sys.stderr):
        return None
    if not getattr(args, "summary_only", True) and _isatty(sys.stdout):
        return None  # per-row output on the same terminal would fight the bar
    from tqdm import tqdm

    # Some pseudo-terminals report a 0x0 size, on which tqdm draws nothing:
    # fall back to 80x24 there.
    try:
        sized = os.get_terminal_size(sys.stderr.fileno()).columns > 0
    except (OSError, ValueError, AttributeError):
        sized = False
    return tqdm(total=inp.size, desc=desc, unit=unit, unit_scale=True,
                unit_divisor=1024 if unit == "B" else 1000,
                file=sys.stderr, leave=False, dynamic_ncols=sized, ncols=None if sized else 80,
                nrows=None if sized else 24)


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# =========================================================================== output sinks


class Column:
    """An output column: key (csv/json), header (text), right-aligned?"""

    def __init__(self, key: str, header: str | None = None, right: bool = False,
                 min_width: int = 0):
        self.key, self.header, self.right = key, header or key, right
        self.min_width = min_width


class Sink:
    """Per-row output in one format; ``rows`` receives tuples of values."""

    def __init__(self, out: TextIO, columns: Sequence[Column]):
        self.out, self.columns = out, list(columns)

    def rows(self, rows: Sequence[Sequence[Any]]) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def close(self, summary_json: dict | None) -> None:
        pass

    def abort(self, error: str) -> None:
        """The run stopped on bad rows after some rows were written."""


class TextSink(Sink):
    """Aligned columns; widths fixed from the header and the first chunk
    (later, longer values push their line out rather than being cut)."""

    fmt: str | None = None

    def rows(self, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        if self.fmt is None:
            widths = [max(len(c.header), c.min_width,
                          *(len("" if r[j] is None else str(r[j])) for r in rows))
                      for j, c in enumerate(self.columns)]
            last = len(self.columns) - 1
            self.fmt = "  ".join(
                "{}" if j == last and not c.right else f"{{:{'>' if c.right else '<'}{w}}}"
                for j, (c, w) in enumerate(zip(self.columns, widths)))
            self.out.write(self.fmt.format(*(c.header for c in self.columns)).rstrip() + "\n")
        fmt = self.fmt.format
        self.out.write("".join(
            fmt(*(r if None not in r else ["" if v is None else v for v in r])).rstrip() + "\n"
            for r in rows))


class CsvSink(Sink):
    def __init__(self, out: TextIO, columns: Sequence[Column]):
        super().__init__(out, columns)
        self.writer = csv.writer(out, lineterminator="\n")
        self.writer.writerow([c.key for c in self.columns])

    def rows(self, rows: Sequence[Sequence[Any]]) -> None:
        self.writer.writerows(["" if v is None else v for v in r] for r in rows)


class JsonSink(Sink):
    """``{"<key>": [ {...}, ... ], "summary": {...}}``, streamed."""

    def __init__(self, out: TextIO, columns: Sequence[Column], key: str):
        super().__init__(out, columns)
        self.keys = [c.key for c in self.columns]
        self.first = True
        out.write(f'{{"{key}": [')

    def rows(self, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        sep = "\n  " if self.first else ",\n  "
        self.first = False
        keys = self.keys
        self.out.write(sep + ",\n  ".join(json.dumps(dict(zip(keys, r)), ensure_ascii=False)
                                          for r in rows))

    def abort(self, error: str) -> None:
        # Keep stdout a valid JSON document: no summary, and the reason.
        self.out.write("\n]" if not self.first else "]")
        self.out.write(', "summary": null, "error": ' + json.dumps(error, ensure_ascii=False) + "}\n")

    def close(self, summary_json: dict | None) -> None:
        self.out.write("\n]" if not self.first else "]")
        self.out.write(', "summary": ' + json.dumps(summary_json, indent=2, ensure_ascii=False)
                       + "}\n")


def make_sink(args: argparse.Namespace, columns: Sequence[Column], json_key: str) -> Sink | None:
    """The per-row sink for ``--output`` (None with ``--summary-only``)."""
    if args.summary_only:
        return None
    out = sys.stdout
    if args.output == "csv":
        return CsvSink(out, columns)
    if args.output == "json":
        return JsonSink(out, columns, json_key)
    return TextSink(out, columns)


def write_summary(args: argparse.Namespace, sink: Sink | None, text: str,
                  as_json: dict, csv_rows: list[list[Any]] | None) -> None:
    """Print the summary in the chosen format.

    text: after the rows on stdout. json: inside the one JSON object. csv:
    with per-row output, the text summary goes to stderr (stdout stays one
    CSV table); with ``--summary-only`` ``csv_rows`` are the CSV on stdout
    and the text summary's check lines go to stderr.
    """
    out = sys.stdout
    if args.output == "json":
        if sink is not None:
            sink.close(as_json)
        else:
            out.write(json.dumps({"summary": as_json}, indent=2, ensure_ascii=False) + "\n")
    elif args.output == "csv":
        if sink is None and csv_rows is not None:
            w = csv.writer(out, lineterminator="\n")
            w.writerows(csv_rows)
            checks = [ln for ln in text.splitlines() if ln.startswith(CHECK_PREFIXES)]
            if checks:
                print("\n".join(checks), file=sys.stderr)
        else:
            print(text, end="", file=sys.stderr)
    else:
        if sink is not None and getattr(sink, "fmt", None) is not None:
            out.write("\n")
        out.write(text)


def _abort_output(args: argparse.Namespace, sink: Sink | None, run: Run) -> None:
    """The run stopped on bad rows: keep JSON output a valid document."""
    error = f"{_plural(run.bad, 'bad row')} in {run.inp.name}; output is incomplete"
    if sink is not None:
        sink.abort(error)
    elif args.output == "json":
        sys.stdout.write(json.dumps({"summary": None, "error": error}) + "\n")


def add_check(lines: list[str], js: dict[str, Any], key: str, outcome: str, problems: str,
              bad: int, listed: list[str], **counts: int) -> None:
    """A summary's check (``--check-labels``, the outcome column): the ``outcome``
    line, then, if ``bad`` rows failed it, the first of them (``listed``) under
    ``problems``; and ``js[key]``: ``counts`` and the ``first_<problems>`` list."""
    lines.append(outcome)
    if bad:
        lines.append(f"{problems} (first {len(listed)} of {bad}):")
        lines.extend(listed)
    js[key] = {**counts, f"first_{problems.lower()}": [s.strip() for s in listed]}


CHECK_PREFIXES = ("Label check", "Outcome check", "  line ", "Mismatches", "Disagreements")


def _pct(n: int, total: int) -> str:
    return f"{100.0 * n / total:.3f}%" if total else "-"

