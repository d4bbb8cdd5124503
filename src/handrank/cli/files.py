"""File readers for the command-line tool: hand files in chunks, as numpy arrays.

Every reader works on a stream of ``(line_number, text)`` pairs cut into
chunks (:func:`read_chunks`) and turns one chunk into numpy card-id arrays plus
a list of :class:`BadRow` (line number and reason) for the rows it could not
use. Nothing is kept per line beyond the current chunk, so files of millions
of lines work in bounded memory.

Input handling: ``-`` is standard input; UTF-8 with or without a byte-order
mark; LF or CRLF line endings. Line numbers are 1-based physical lines.

Formats
-------
``text``  one hand per line, 5 to 7 cards as :func:`handrank.cards.parse_cards`
          reads them (``AsKdQhJcTc``, ``As Kd Qh Jc Tc``, ``10d``, ``A♠``);
          blank lines and lines starting with ``#`` are skipped. ``rank`` reads it
          with :func:`read_text_hands` (a compiled scanner for the common forms).
``uci``   the UCI Poker Hand CSV ``S1,C1,...,S5,C5[,CLASS]``: suits 1-4 =
          hearts, spades, diamonds, clubs; ranks 1-13 = ace, 2 .. king;
          CLASS 0-9 = nothing .. royal flush.
parquet / arrow  one column of a Parquet file or an Arrow IPC file/stream: card
          text or lists of card ids (:func:`open_table`, :func:`parse_table_chunk`;
          pyarrow, imported only then); rows numbered from 1.
showdown  CSV with a header naming a ``board`` column and one ``hole_*``
          column per player, optionally ``outcome`` (a player letter, several
          joined by ``+``, or ``split``); other columns are carried along.
"""

from __future__ import annotations

import csv
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

import numpy as np

from ..cards import _quote, check_cards, decode_rows, format_card, parse_cards, rows_with_repeats
from ..errors import HandrankError
from ..poker import HAND_SIZES

__all__ = [
    "SPLIT",
    "UCI_RANK",
    "UCI_SUIT",
    "BadRow",
    "InputError",
    "InputFile",
    "ShowdownChunk",
    "ShowdownHeader",
    "TextChunk",
    "UciChunk",
    "group_by_length",
    "open_input",
    "read_document",
    "parse_showdown_chunk",
    "parse_showdown_header",
    "parse_text_chunk",
    "parse_uci_chunk",
    "read_chunks",
    "read_text_hands",
    "HandBlock",
    "open_table",
    "parse_table_chunk",
    "table_format",
    "TableChunk",
    "TableInput",
    "TableWriter",
]

BOM = b"\xef\xbb\xbf"


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


class InputError(HandrankError):
    """A whole-file problem (cannot open, no header ...): one line, exit 2."""


@dataclass(frozen=True)
class BadRow:
    """A row that could not be used: its line number and the reason."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


# --------------------------------------------------------------------------- reading


@dataclass
class InputFile:
    """An open input: a binary stream, its display name and (if known) size in bytes."""

    name: str
    stream: BinaryIO
    size: int | None
    owned: bool

    def close(self) -> None:
        if self.owned:
            self.stream.close()

    def __enter__(self) -> InputFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_input(path: str) -> InputFile:
    """Open ``path`` (``-`` = standard input) for reading bytes.

    Raises :class:`InputError` with a one-line message if it cannot be opened.
    """
    if path == "-":
        if sys.stdin is None or getattr(sys.stdin, "closed", False):
            raise InputError("cannot read - (standard input): it is closed")
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text-only stand-in (e.g. io.StringIO in tests)
            data = sys.stdin.read()
            import io as _io

            stream = _io.BytesIO(data.encode("utf-8") if isinstance(data, str) else data)
        return InputFile("<stdin>", stream, None, owned=False)
    try:
        if os.path.isdir(path):
            raise InputError(f"cannot read {path!r}: it is a directory")
        stream = open(path, "rb")  # noqa: SIM115 - closed by InputFile
    except InputError:
        raise
    except OSError as e:
        raise InputError(f"cannot open {path!r}: {e.strerror or e}") from None
    try:
        size = os.fstat(stream.fileno()).st_size or None
    except OSError:
        size = None
    return InputFile(path, stream, size, owned=True)


#: Largest whole document a command reads at once (``chinese score``'s JSON or CSV file),
#: in bytes: a larger input (``/dev/zero``) is an InputError, so memory stays bounded.
MAX_DOCUMENT_BYTES = 64 << 20


def read_document(path: str) -> str:
    """The whole text of ``path`` (``-`` = standard input) as UTF-8 (a byte-order mark is
    dropped), for formats read at once (JSON). Raises :class:`InputError` with one line
    if it cannot be opened or read, is larger than :data:`MAX_DOCUMENT_BYTES` or is not
    UTF-8."""
    with open_input(path) as inp:
        try:
            data = inp.stream.read(MAX_DOCUMENT_BYTES + 1)
        except OSError as e:
            raise InputError(f"cannot read {inp.name}: {e.strerror or e}") from None
    if len(data) > MAX_DOCUMENT_BYTES:
        raise InputError(f"{inp.name} is larger than {MAX_DOCUMENT_BYTES:,} bytes; "
                         f"split it into smaller files")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"{inp.name}: not UTF-8 text ({e.reason} at byte {e.start:,})") from None


Line = tuple[int, "str | None"]  # (line number, text; None = not valid UTF-8)


#: Longest line a file command reads (bytes, newline included); a longer one is an
#: InputError, so memory stays bounded on input without newlines (``/dev/zero``).
MAX_LINE_BYTES = 1 << 20


def read_chunks(inp: InputFile, chunk_rows: int, progress=None) -> Iterator[list[Line]]:
    """Yield lists of up to ``chunk_rows`` ``(line_number, text)`` pairs.

    Line endings (LF, CRLF) and a leading UTF-8 BOM are removed; a line that
    is not valid UTF-8 comes as ``(line_number, None)``. Blank lines are
    included (the parsers skip them). ``progress``, if given, is a tqdm-like
    object whose ``update`` receives the bytes consumed.
    """
    if chunk_rows < 1:
        raise ValueError("chunk_rows must be at least 1")
    lineno = 0
    stream = inp.stream
    while True:
        block: list[bytes] = []
        for _ in range(chunk_rows):
            raw = stream.readline(MAX_LINE_BYTES + 1)
            if not raw:
                break
            if len(raw) > MAX_LINE_BYTES:  # no newline within the limit
                raise InputError(f"{inp.name}: line {lineno + len(block) + 1} is longer than "
                                 f"{MAX_LINE_BYTES:,} bytes (not a file of hands?)")
            block.append(raw)
        if not block:
            return
        nbytes = sum(map(len, block))
        if lineno == 0 and block[0].startswith(BOM):
            block[0] = block[0][len(BOM):]
        try:  # one decode per chunk; lines split on "\n" only, as the stream did
            decoded = b"".join(block).decode("utf-8")
            texts: list[str | None] = decoded.split("\n")  # type: ignore[assignment]
            if len(texts) > len(block):
                texts.pop()  # the empty text after the final newline
            if "\r" in decoded:
                texts = [t.rstrip("\r") for t in texts]  # type: ignore[union-attr]
        except UnicodeDecodeError:
            texts = [_decode_line(raw) for raw in block]
        start = lineno + 1
        lineno += len(block)
        if progress is not None:
            progress.update(nbytes)
        yield list(zip(range(start, lineno + 1), texts))


def _decode_line(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError:
        return None


NOT_UTF8 = "not valid UTF-8 text"


# --------------------------------------------------------------------------- card text

# Fast path for the common compact/space-separated forms: every two-character
# token of rank + suit letter. Anything else goes through cards.parse_cards,
# which also produces the error messages, so both paths accept the same text.
def _duplicate_reason(ids: list[int]) -> str | None:
    if len(set(ids)) == len(ids):
        return None
    try:
        check_cards(ids)
    except HandrankError as e:
        return str(e)
    return "duplicate card"  # pragma: no cover - check_cards always raises here


def group_by_length(rows: list[list[int]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Split id lists into ``(index, (n_k, k) uint8 array)`` groups by length."""
    n = len(rows)
    if n == 0:
        return []
    lens = np.fromiter(map(len, rows), dtype=np.int64, count=n)
    first = lens[0]
    if (lens == first).all():
        return [(np.arange(n), np.array(rows, dtype=np.uint8).reshape(n, int(first)))]
    groups = []
    for k in np.unique(lens):
        idx = np.flatnonzero(lens == k)
        groups.append((idx, np.array([rows[i] for i in idx], dtype=np.uint8).reshape(len(idx), int(k))))
    return groups


# --------------------------------------------------------------------------- text format


@dataclass
class TextChunk:
    """Good rows of one chunk of a text hand file."""

    lines: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.lines)


def parse_text_chunk(chunk: list[Line], sizes: tuple[int, ...] = HAND_SIZES,
                     ) -> tuple[TextChunk, list[BadRow]]:
    """Parse card-text lines: one hand of ``sizes`` cards per line.

    The common forms (``AsKdQhJcTc`` and ``As Kd Qh Jc Tc``) are decoded for
    the whole chunk at once with numpy; every other line (and every line the
    fast path rejects) goes through :func:`handrank.cards.parse_cards`, so the
    accepted text and the error messages are the library's.
    """
    good = TextChunk()
    bad: list[BadRow] = []
    entries: list[tuple[int, str]] = []
    for lineno, text in chunk:
        if text is None:
            bad.append(BadRow(lineno, NOT_UTF8))
            continue
        s = text.strip()
        if s and s[0] != "#":
            entries.append((lineno, s))
    fast = _fast_text_ids([s for _, s in entries], sizes)
    lo, hi = min(sizes), max(sizes)
    for (lineno, s), ids in zip(entries, fast):
        if ids is None:
            try:
                ids = parse_cards(s, allow_duplicates=True)
            except HandrankError as e:
                bad.append(BadRow(lineno, str(e)))
                continue
            if len(ids) not in sizes:
                bad.append(BadRow(lineno, f"{_cards(len(ids))}; a hand needs {lo if lo == hi else f'{lo} to {hi}'} cards"))
                continue
            dup = _duplicate_reason(ids)
            if dup is not None:
                bad.append(BadRow(lineno, dup))
                continue
        good.lines.append(lineno)
        good.hands.append(ids)
    if bad:
        bad.sort(key=lambda b: b.line)
    return good, bad


@dataclass
class HandBlock:
    """One chunk of a text hand file read by :func:`read_text_hands`: the good rows'
    line numbers and hands (an ``(n, k)`` ``uint8`` array when every good row has k
    cards, else id lists), the bad rows, and ``sample``: the first lines' text (for a
    hint), filled only when the chunk has bad rows."""

    lines: np.ndarray | list[int]
    hands: np.ndarray | list[list[int]]
    bad: list[BadRow]
    sample: list[str | None]


#: Largest number of lines :func:`read_text_hands` scans at once (its buffers are
#: ``9 * cap`` bytes), whatever ``--chunk-rows`` asks.
MAX_SCAN_LINES = 1 << 18


def read_text_hands(inp: InputFile, chunk_rows: int, progress=None) -> Iterator[HandBlock]:
    """The text hand file ``inp`` in chunks of at most ``chunk_rows`` lines, straight
    from bytes: the compiled scanner (``handrank._text._kernel.scan_lines``) turns every
    line of the common forms (``AsKdQhJcTc``, ``As Kd Qh Jc Tc``; 5 to 7 distinct cards)
    into ids with no Python object per line; every other line goes through
    :func:`parse_text_chunk` (same text accepted, same messages). Blank and ``#`` lines
    are skipped, line numbers are physical lines from 1, a leading BOM is dropped, and
    a line longer than :data:`MAX_LINE_BYTES` is an :class:`InputError`, as in
    :func:`read_chunks`. ``progress`` gets the bytes consumed."""
    from .._text._kernel import scan_lines

    if chunk_rows < 1:
        raise ValueError("chunk_rows must be at least 1")
    cap = min(chunk_rows, MAX_SCAN_LINES)
    want = max(1 << 16, cap * 24)
    out = np.empty((cap, 7), dtype=np.uint8)
    status = np.empty(cap, dtype=np.int8)
    starts = np.empty(cap + 1, dtype=np.int64)
    stream = inp.stream
    buf, pos, eof, more, lineno, first = b"", 0, False, False, 0, True
    while True:
        if not eof and (more or len(buf) - pos < want):
            data = stream.read(want)
            eof = not data
            buf = buf[pos:] + data
            pos = 0
            if first and (len(buf) >= len(BOM) or eof):
                first = False
                if buf.startswith(BOM):
                    pos = len(BOM)
                    if progress is not None:
                        progress.update(pos)
        n, end = scan_lines(buf, pos, eof, out, status, starts)
        if n == 0:
            if eof:
                return
            if len(buf) - pos > MAX_LINE_BYTES:
                raise InputError(f"{inp.name}: line {lineno + 1} is longer than "
                                 f"{MAX_LINE_BYTES:,} bytes (not a file of hands?)")
            more = True
            continue
        more = False
        lens = np.diff(starts[:n + 1])
        if int(lens.max()) > MAX_LINE_BYTES:
            raise InputError(f"{inp.name}: line {lineno + 1 + int(np.argmax(lens > MAX_LINE_BYTES))} "
                             f"is longer than {MAX_LINE_BYTES:,} bytes (not a file of hands?)")
        block = _hand_block(buf, n, lineno + 1, out, status, starts)
        lineno += n
        if progress is not None:
            progress.update(end - pos)
        pos = end
        yield block


def _hand_block(buf: bytes, n: int, base: int, out: np.ndarray, status: np.ndarray,
                starts: np.ndarray) -> HandBlock:
    st = status[:n]
    ok = np.flatnonzero(st > 0)
    other = np.flatnonzero(st < 0).tolist()
    bad: list[BadRow] = []
    slow = TextChunk()
    if other:
        slow, bad = parse_text_chunk(
            [(base + i, _decode_line(buf[starts[i]:starts[i + 1]])) for i in other])
    ks = st[ok]
    sample: list[str | None] = []
    if bad:
        sample = [_decode_line(buf[starts[i]:starts[i + 1]]) for i in range(min(n, 100))]
    if not len(slow) and (not len(ks) or (ks == ks[0]).all()):
        k = int(ks[0]) if len(ks) else 5
        # a copy (out is reused for the next chunk); whole rows are the fast copy
        hands = out[:n].copy() if len(ok) == n else np.take(out, ok, axis=0)
        if k < 7:
            hands = np.ascontiguousarray(hands[:, :k])
        return HandBlock(base + ok, hands, bad, sample)
    lines = (base + ok).tolist() + slow.lines
    hands = [out[i, :k].tolist() for i, k in zip(ok.tolist(), ks.tolist())] + slow.hands
    order = np.argsort(np.array(lines, dtype=np.int64), kind="stable").tolist()
    return HandBlock([lines[i] for i in order], [hands[i] for i in order], bad, sample)


def _fast_text_ids(texts: list[str], sizes: tuple[int, ...]) -> list[list[int] | None]:
    """Card-id lists of the lines :func:`handrank.cards.decode_rows` accepts for
    any of ``sizes``; None for every other line."""
    res: list[list[int] | None] = [None] * len(texts)
    for k in sizes:
        ids, ok = decode_rows(texts, k)
        for i, row in zip(np.flatnonzero(ok).tolist(), ids[ok].tolist()):
            res[i] = row
    return res


# --------------------------------------------------------------------------- UCI format

#: UCI suit code (1..4 = hearts, spades, diamonds, clubs) -> our suit (c, d, h, s = 0..3).
UCI_SUIT = np.array([-1, 2, 3, 1, 0], dtype=np.int16)
#: UCI rank code (1 = ace, 2..13 = deuce..king) -> our rank (0 = deuce .. 12 = ace).
UCI_RANK = np.array([-1, 12] + list(range(12)), dtype=np.int16)
#: UCI CLASS values 0..9.
_UCI_FIELDS = ("S1", "C1", "S2", "C2", "S3", "C3", "S4", "C4", "S5", "C5", "CLASS")
_UCI_SUIT_TEXT = "suits are 1-4 (hearts, spades, diamonds, clubs)"
_UCI_RANK_TEXT = "ranks are 1-13 (ace, 2 .. king)"


@dataclass
class UciChunk:
    """Good rows of one chunk of a UCI file: line numbers, ``(n, 5)`` uint8 card
    ids and ``(n,)`` int8 labels (-1 where the row has no CLASS)."""

    lines: np.ndarray
    ids: np.ndarray
    labels: np.ndarray

    def __len__(self) -> int:
        return len(self.lines)


def parse_uci_chunk(chunk: list[Line], require_label: bool = False) -> tuple[UciChunk, list[BadRow]]:
    """Parse UCI Poker Hand rows ``S1,C1,...,S5,C5[,CLASS]``.

    Field counts are checked per line; the integers of all well-formed lines
    are converted in one numpy call (same rules as ``int()``), and value
    ranges and repeated cards are checked on the whole chunk at once.
    """
    bad: list[BadRow] = []
    linenos: list[int] = []
    texts: list[str] = []
    widths = (11,) if require_label else (10, 11)
    for lineno, text in chunk:
        if text is None:
            bad.append(BadRow(lineno, NOT_UTF8))
            continue
        s = text.strip()
        if not s or s[0] == "#":
            continue
        n = s.count(",") + 1
        if n not in widths:
            if n == 10:
                reason = "no CLASS field (10 fields); --check-labels needs S1,C1,...,S5,C5,CLASS"
            else:
                reason = f"expected 10 or 11 comma-separated fields (S1,C1,...,S5,C5[,CLASS]), got {n}"
            bad.append(BadRow(lineno, reason))
            continue
        linenos.append(lineno)
        texts.append(s)
    nrows = len(texts)
    v = np.full((nrows, 11), _NO_LABEL, dtype=np.int64)
    parsed = np.ones(nrows, dtype=bool)
    if nrows:
        nf = np.fromiter((t.count(",") + 1 for t in texts), dtype=np.int64, count=nrows)
        for width in widths:
            idx = np.flatnonzero(nf == width)
            if not len(idx):
                continue
            group = [texts[i] for i in idx.tolist()]
            try:
                v[idx, :width] = np.array(",".join(group).split(","),
                                          dtype=np.int64).reshape(len(idx), width)
            except (ValueError, OverflowError):  # find the bad lines one by one
                for i, t in zip(idx.tolist(), group):
                    parts = t.split(",")
                    for j, p in enumerate(parts):
                        try:
                            v[i, j] = int(p)
                        except (ValueError, OverflowError):
                            parsed[i] = False
                            bad.append(BadRow(linenos[i], f"field {j + 1} ({_UCI_FIELDS[j]}): "
                                                          f"{_quote(p.strip(), 0)} is not an "
                                                          f"integer"
                                              if _not_int(p) else
                                              f"field {j + 1} ({_UCI_FIELDS[j]}): "
                                              f"{_quote(p.strip(), 0)} is out of range"))
                            break
    lines = np.array(linenos, dtype=np.int64)
    suits, ranks, labels = v[:, 0:10:2], v[:, 1:10:2], v[:, 10]
    ok_vals = parsed & ~(((suits < 1) | (suits > 4)).any(1) | ((ranks < 1) | (ranks > 13)).any(1))
    ids = np.zeros((nrows, 5), dtype=np.int64)
    ids[ok_vals] = 4 * UCI_RANK[ranks[ok_vals]] + UCI_SUIT[suits[ok_vals]]
    dup = ok_vals & rows_with_repeats(ids)
    bad_label = parsed & (labels != _NO_LABEL) & ((labels < 0) | (labels > 9))
    bad_vals = parsed & (~ok_vals | dup | bad_label)
    for r in np.flatnonzero(bad_vals).tolist():
        bad.append(BadRow(int(lines[r]), _uci_reason(v[r], ids[r])))
    if bad:
        bad.sort(key=lambda b: b.line)
    keep = parsed & ~bad_vals
    if not keep.all():
        lines, ids, labels = lines[keep], ids[keep], labels[keep]
    labels = np.where(labels == _NO_LABEL, -1, labels)
    return UciChunk(lines, ids.astype(np.uint8), labels.astype(np.int8)), bad


def _not_int(p: str) -> bool:
    try:
        int(p)
    except ValueError:
        return True
    return False


_NO_LABEL = -(1 << 40)  # stands for "row has no CLASS field" while checking ranges


def _uci_reason(v: np.ndarray, ids: np.ndarray) -> str:
    """Why one UCI row (already split into ints) is bad."""
    for j in range(10):
        x = int(v[j])
        if j % 2 == 0 and not 1 <= x <= 4:
            return f"field {j + 1} ({_UCI_FIELDS[j]}): suit {x} out of range; {_UCI_SUIT_TEXT}"
        if j % 2 == 1 and not 1 <= x <= 13:
            return f"field {j + 1} ({_UCI_FIELDS[j]}): rank {x} out of range; {_UCI_RANK_TEXT}"
    ids_l = [int(c) for c in ids]
    for k, c in enumerate(ids_l):
        if c in ids_l[:k]:
            first = ids_l.index(c)
            return (f"duplicate card {format_card(c)} (card {first + 1} = "
                    f"S{first + 1},C{first + 1} and card {k + 1} = S{k + 1},C{k + 1})")
    return f"field 11 (CLASS): class {int(v[10])} out of range 0..9"


# --------------------------------------------------------------------------- showdown CSV

#: Marker for an ``outcome`` of ``split`` (two or more winners, whoever they are).
SPLIT = "split"


@dataclass(frozen=True)
class ShowdownHeader:
    """Column layout of a showdown CSV."""

    columns: tuple[str, ...]
    board: int
    holes: tuple[int, ...]  # column indices of hole_* columns
    players: tuple[str, ...]  # player names: hole_a -> "a"
    outcome: int | None
    extra: tuple[int, ...]  # other columns (e.g. source), carried along


def _split_csv(text: str) -> list[str]:
    if '"' not in text:
        return text.split(",")
    return next(csv.reader([text]))


def parse_showdown_header(text: str | None, lineno: int = 1) -> ShowdownHeader:
    """Read the header line; raise :class:`InputError` if it lacks ``board`` or ``hole_*``."""
    if text is None:
        raise InputError(f"line {lineno}: header is {NOT_UTF8}")
    try:
        cols = tuple(c.strip() for c in _split_csv(text.strip()))
    except csv.Error as e:
        raise InputError(f"line {lineno}: the header is not valid CSV: {e}") from None
    low = tuple(c.lower() for c in cols)
    holes = tuple(i for i, c in enumerate(low) if c.startswith("hole_") and len(c) > 5)
    if "board" not in low or len(holes) < 2:
        raise InputError(
            f"line {lineno}: the header must name a 'board' column and one 'hole_*' column "
            f"per player, at least two players (e.g. source,board,hole_a,hole_b,outcome); "
            f"got {_quote(text.strip(), 0)}")
    dupes = {c for c in low if low.count(c) > 1}
    if dupes:
        raise InputError(f"line {lineno}: repeated column name(s) in the header: "
                         f"{', '.join(sorted(dupes))}")
    board = low.index("board")
    outcome = low.index("outcome") if "outcome" in low else None
    extra = tuple(i for i in range(len(cols)) if i != board and i not in holes and i != outcome)
    return ShowdownHeader(cols, board, holes, tuple(cols[i][5:] for i in holes), outcome, extra)


@dataclass
class ShowdownChunk:
    """Good rows of one chunk of a showdown CSV.

    ``boards`` is ``(n, board_cards)`` and ``holes`` ``(n, players, hole_cards)``
    uint8 card ids; ``expected`` holds the recorded outcome per row: a
    frozenset of player indices, :data:`SPLIT`, or None (nothing recorded).
    """

    lines: list[int]
    boards: np.ndarray
    holes: np.ndarray
    extra: list[list[str]]
    outcome_text: list[str]
    expected: list[object]

    def __len__(self) -> int:
        return len(self.lines)


def _not_a_player(value: str, players: tuple[str, ...]) -> str:
    # the value and the names quoted short: a field can be a megabyte
    names = ", ".join(players)
    if len(names) > 80:
        names = f"{names[:80]}... ({len(players)} players)"
    return f"{_quote(value, 0)} is not a player ({names}), several joined by '+', or 'split'"


def _parse_outcome(value: str, players: tuple[str, ...]) -> object:
    v = value.strip()
    if not v:
        return None
    if v.lower() == SPLIT:
        return SPLIT
    names = [x.strip() for x in v.split("+")]
    if not all(names):
        raise ValueError(_not_a_player(value, players))
    idx = []
    lower = [p.lower() for p in players]
    for nm in names:
        if nm.lower() not in lower:
            raise ValueError(_not_a_player(value, players))
        idx.append(lower.index(nm.lower()))
    return frozenset(idx)


def parse_showdown_chunk(chunk: list[Line], header: ShowdownHeader, board_cards: int = 5,
                         hole_cards: int = 2) -> tuple[ShowdownChunk, list[BadRow]]:
    """Parse showdown CSV rows (header already read): every board must hold
    ``board_cards`` cards and every hole ``hole_cards`` (Texas Hold'em: 5 and 2),
    all distinct within the row."""
    bad: list[BadRow] = []
    ncols = len(header.columns)
    cols = header.columns
    linenos: list[int] = []
    rows: list[list[str]] = []
    for lineno, text in chunk:
        if text is None:
            bad.append(BadRow(lineno, NOT_UTF8))
            continue
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            fields = _split_csv(text)
        except csv.Error as e:
            bad.append(BadRow(lineno, f"malformed CSV: {e}"))
            continue
        if len(fields) != ncols:
            bad.append(BadRow(lineno, f"expected {ncols} comma-separated fields as in the header, "
                                      f"got {len(fields)}"))
            continue
        linenos.append(lineno)
        rows.append(fields)
    n = len(rows)
    card_cols = (header.board, *header.holes)
    sizes = (board_cards,) + (hole_cards,) * len(header.holes)
    width = sum(sizes)
    ids = np.zeros((n, width), dtype=np.int64)
    ok = np.ones(n, dtype=bool)
    reasons: dict[int, str] = {}
    start = 0
    for col, k in zip(card_cols, sizes):
        texts = [r[col].strip() for r in rows]
        got_ids, fast_ok = decode_rows(texts, k)
        ids[:, start:start + k] = got_ids
        for i in np.flatnonzero(~fast_ok & ok).tolist():
            try:
                got = _parse_field(cols[col], texts[i])
                if len(got) != k:
                    raise _FieldError(f"{cols[col]}: {_cards(len(got))}, expected {k}")
                dup = _duplicate_reason(got)
                if dup is not None:
                    raise _FieldError(f"{cols[col]}: {dup}")
            except _FieldError as e:
                ok[i] = False
                reasons[i] = str(e)
                continue
            ids[i, start:start + k] = got
        start += k
    # Repeats across board and holes, for the whole chunk at once.
    across = ok & rows_with_repeats(ids)
    for i in np.flatnonzero(across).tolist():
        ok[i] = False
        reasons[i] = _repeat_reason(header, ids[i].tolist(), sizes)
    expected: list[object] = [None] * n
    if header.outcome is not None:
        for i in np.flatnonzero(ok).tolist():
            try:
                expected[i] = _parse_outcome(rows[i][header.outcome], header.players)
            except ValueError as e:
                ok[i] = False
                reasons[i] = f"{cols[header.outcome]}: {e}"
    bad.extend(BadRow(linenos[i], r) for i, r in reasons.items())
    if bad:
        bad.sort(key=lambda b: b.line)
    keep = np.flatnonzero(ok).tolist()
    sel = ids[ok] if len(keep) != n else ids
    good = ShowdownChunk(
        lines=[linenos[i] for i in keep],
        boards=sel[:, :board_cards].astype(np.uint8),
        holes=sel[:, board_cards:].astype(np.uint8).reshape(len(keep), len(header.holes),
                                                            hole_cards),
        extra=[[rows[i][c] for c in header.extra] for i in keep],
        outcome_text=([rows[i][header.outcome].strip() for i in keep]
                      if header.outcome is not None else [""] * len(keep)),
        expected=[expected[i] for i in keep])
    return good, bad


class _FieldError(ValueError):
    pass


def _parse_field(column: str, text: str) -> list[int]:
    try:
        return parse_cards(text, allow_duplicates=True)
    except HandrankError as e:
        raise _FieldError(f"{column}: {e}") from None


def _repeat_reason(header: ShowdownHeader, ids: list[int], sizes: tuple[int, ...]) -> str:
    """Name the first card that appears in two of the row's card columns."""
    where: dict[int, str] = {}
    start = 0
    for col, k in zip((header.board, *header.holes), sizes):
        name = header.columns[col]
        for c in ids[start:start + k]:
            if c in where:
                return f"duplicate card {format_card(c)} in {where[c]} and {name}"
            where[c] = name
        start += k
    return "duplicate card"  # pragma: no cover - only called for rows with a repeat


# --------------------------------------------------------------------------- Parquet / Arrow

#: File suffixes that pick ``--format`` when it is not given.
TABLE_SUFFIXES = {".parquet": "parquet", ".pq": "parquet", ".arrow": "arrow", ".feather": "arrow",
                  ".ipc": "arrow", ".arrows": "arrow"}

#: Column names tried, in order, when ``--column`` is not given and the file has several.
HAND_COLUMNS = ("hand", "hands", "cards")


def table_format(path: str) -> str | None:
    """``"parquet"`` / ``"arrow"`` from the suffix of ``path`` (None for any other)."""
    return TABLE_SUFFIXES.get(os.path.splitext(path)[1].lower())


def _pyarrow():
    try:
        import pyarrow as pa
    except ImportError:
        raise InputError("Parquet and Arrow files need pyarrow: pip install 'handrank[arrow]'"
                         ) from None
    return pa


@dataclass
class TableInput:
    """An open Parquet / Arrow IPC file: the hand column's name and type, the number of
    rows (None for an Arrow stream) and its record batches, ``chunk_rows`` at most each."""

    name: str
    column: str
    type: object
    rows: int | None
    batches: Iterator


def open_table(path: str, fmt: str, column: str | None, chunk_rows: int) -> TableInput:
    """Open ``path`` (``-`` = standard input, an Arrow IPC stream) as Parquet or Arrow
    IPC (file or stream) and pick the column of hands: ``column``, or the only column,
    or the first of :data:`HAND_COLUMNS` present. Only that column is read, in record
    batches of at most ``chunk_rows`` rows (Parquet: row group by row group).

    Raises :class:`InputError` (one line) for a file that cannot be opened or read as
    ``fmt``, a missing column or a column that is neither text nor lists of integers.
    """
    pa = _pyarrow()
    name = "<stdin>" if path == "-" else path
    if path != "-" and os.path.isdir(path):
        raise InputError(f"cannot read {path!r}: it is a directory")
    try:
        if fmt == "parquet":
            import pyarrow.parquet as pq

            if path == "-":
                raise InputError("Parquet cannot be read from standard input; name the file")
            pf = pq.ParquetFile(path)
            schema, rows = pf.schema_arrow, pf.metadata.num_rows
            col = _pick_column(schema, column, name)
            batches = pf.iter_batches(batch_size=chunk_rows, columns=[col])
        else:
            import pyarrow.ipc as ipc

            if path == "-":
                reader = ipc.open_stream(sys.stdin.buffer)
                schema, rows = reader.schema, None
                col = _pick_column(schema, column, name)
                batches = _sliced(reader, chunk_rows)
            else:
                try:
                    freader = ipc.open_file(pa.memory_map(path))  # batches read in place
                    schema, rows = freader.schema, None
                    col = _pick_column(schema, column, name)
                    batches = _sliced((freader.get_batch(i)
                                       for i in range(freader.num_record_batches)), chunk_rows)
                    rows = sum(freader.get_batch(i).num_rows
                               for i in range(freader.num_record_batches))
                except pa.ArrowInvalid:
                    reader = ipc.open_stream(pa.OSFile(path))
                    schema, rows = reader.schema, None
                    col = _pick_column(schema, column, name)
                    batches = _sliced(reader, chunk_rows)
    except InputError:
        raise
    except FileNotFoundError:
        raise InputError(f"cannot open {path!r}: No such file or directory") from None
    except (OSError, pa.ArrowException) as e:
        raise InputError(f"cannot read {name} as {fmt}: {e}") from None
    ctype = schema.field(col).type
    if not (_is_text(pa, ctype) or _is_id_list(pa, ctype)):
        raise InputError(f"{name}: column {col!r} is {ctype}; it must hold card text (string) "
                         f"or lists of card ids (list of integers)")
    return TableInput(name, col, ctype, rows, _only(batches, col))


def _only(batches, col: str) -> Iterator:
    for b in batches:
        yield b.column(b.schema.get_field_index(col))


def _sliced(batches, chunk_rows: int) -> Iterator:
    for b in batches:
        for start in range(0, b.num_rows, chunk_rows):
            yield b.slice(start, chunk_rows)


def _pick_column(schema, column: str | None, name: str) -> str:
    names = list(schema.names)
    if column is not None:
        if column not in names:
            raise InputError(f"{name}: no column {column!r}; the columns are "
                             f"{', '.join(map(repr, names))}")
        return column
    if len(names) == 1:
        return names[0]
    for c in HAND_COLUMNS:
        if c in names:
            return c
    raise InputError(f"{name}: {len(names)} columns ({', '.join(map(repr, names[:10]))}"
                     f"{', ...' if len(names) > 10 else ''}); say which holds the hands "
                     f"with --column NAME")


def _is_text(pa, t) -> bool:
    return bool(pa.types.is_string(t) or pa.types.is_large_string(t)
                or getattr(pa.types, "is_string_view", lambda _: False)(t))


def _is_id_list(pa, t) -> bool:
    return bool((pa.types.is_list(t) or pa.types.is_large_list(t)
                 or pa.types.is_fixed_size_list(t)) and pa.types.is_integer(t.value_type))


@dataclass
class TableChunk:
    """Good rows of one record batch: 1-based row numbers and id lists (or an
    ``(n, k)`` array when every row has k cards)."""

    lines: list[int] | np.ndarray
    hands: list[list[int]] | np.ndarray

    def __len__(self) -> int:
        return len(self.lines)


def parse_table_chunk(column, first_row: int, sizes: tuple[int, ...] = HAND_SIZES,
                      ) -> tuple[TableChunk, list[BadRow]]:
    """Card ids of one record batch's hand column (rows numbered from ``first_row``,
    1-based). Text cells go through :func:`parse_text_chunk` (same fast path, same
    messages; an empty or null cell is a bad row, not a skipped line); lists of ids
    are checked for nulls, range 0..51, size and repeats for the whole batch at once."""
    pa = _pyarrow()
    n = len(column)
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    if _is_text(pa, column.type):
        texts = column.to_pylist()
        bad: list[BadRow] = []
        entries: list[Line] = []
        for i, t in enumerate(texts):
            if t is None or not t.strip():
                bad.append(BadRow(first_row + i, "empty cell" if t is not None else "null cell"))
            else:
                entries.append((first_row + i, t))
        good, more = parse_text_chunk(entries, sizes)
        bad += more
        bad.sort(key=lambda b: b.line)
        return TableChunk(good.lines, good.hands), bad
    return _id_list_chunk(pa, column, n, first_row, sizes)


def _id_list_chunk(pa, column, n: int, first_row: int, sizes: tuple[int, ...]
                   ) -> tuple[TableChunk, list[BadRow]]:
    import pyarrow.compute as pc

    lo, hi = min(sizes), max(sizes)
    valid = ~np.asarray(column.is_null().to_numpy(zero_copy_only=False), dtype=bool)
    lens = np.asarray(pc.fill_null(pc.list_value_length(column), 0).to_numpy(zero_copy_only=False),
                      dtype=np.int64)
    flat = column.flatten()  # the values of the valid rows, in order (nulls' slots skipped)
    if pa.types.is_uint64(flat.type):  # ids above int64's range: out of range all the same
        flat = pc.min_element_wise(flat, pa.scalar(1 << 62, pa.uint64()))
    vals = np.asarray(pc.fill_null(flat.cast(pa.int64()), -1).to_numpy(zero_copy_only=False))
    null_vals = np.asarray(flat.is_null().to_numpy(zero_copy_only=False), dtype=bool)
    lens = np.where(valid, lens, 0)
    starts = np.concatenate([[0], np.cumsum(lens)[:-1]]) if n else np.zeros(0, np.int64)
    reasons: dict[int, str] = {}
    for i in np.flatnonzero(~valid).tolist():
        reasons[i] = "null cell"
    for i in np.flatnonzero(valid & ((lens < lo) | (lens > hi))).tolist():
        reasons[i] = f"{_cards(int(lens[i]))}; a hand needs {lo if lo == hi else f'{lo} to {hi}'} cards"
    row_of = np.repeat(np.arange(n), lens)
    for bad_vals, what in ((null_vals, "null"), (~null_vals & ((vals < 0) | (vals > 51)), "range")):
        for j in np.flatnonzero(bad_vals).tolist():
            i = int(row_of[j])
            if i in reasons:
                continue
            col = j - int(starts[i])
            reasons[i] = (f"column {col}: null card id" if what == "null" else
                          f"column {col}: card id {int(vals[j])} is out of range 0..51")
    good_lines: list[int] = []
    good_hands: list[list[int]] = []
    ok = valid.copy()
    ok[list(reasons)] = False
    lines_all = np.arange(first_row, first_row + n)
    uniform = None
    if ok.any():
        k = int(lens[ok][0])
        if (lens[ok] == k).all() and len(vals) == int(lens.sum()):
            # one size: the ids as an (n_ok, k) array at once
            idx = np.flatnonzero(ok)
            pos = starts[idx][:, None] + np.arange(k)
            arr = vals[pos]
            rep = rows_with_repeats(arr)
            for r in np.flatnonzero(rep).tolist():
                reasons[int(idx[r])] = _duplicate_reason(arr[r].tolist()) or "duplicate card"
            keep = ~rep
            uniform = (lines_all[idx[keep]], arr[keep].astype(np.uint8))
    if uniform is not None:
        bad = [BadRow(first_row + i, r) for i, r in sorted(reasons.items())]
        return TableChunk(*uniform), bad
    for i in np.flatnonzero(ok).tolist():
        ids = vals[starts[i]:starts[i] + lens[i]].tolist()
        dup = _duplicate_reason(ids)
        if dup is not None:
            reasons[i] = dup
            continue
        good_lines.append(first_row + i)
        good_hands.append(ids)
    bad = [BadRow(first_row + i, r) for i, r in sorted(reasons.items())]
    return TableChunk(good_lines, good_hands), bad


class TableWriter:
    """Rows of ``handrank rank`` into a Parquet or Arrow IPC file, one row group /
    record batch per chunk. Written to ``<path>.partial`` and renamed on
    :meth:`close`; :meth:`discard` removes it (a run stopped by bad rows leaves no
    half-written file)."""

    def __init__(self, path: str, fmt: str, fields: list[tuple[str, object]]):
        pa = _pyarrow()
        self.pa, self.path, self.fmt = pa, path, fmt
        self.tmp = path + ".partial"
        self.schema = pa.schema([pa.field(name, t) for name, t in fields])
        try:
            if fmt == "parquet":
                import pyarrow.parquet as pq

                self.writer = pq.ParquetWriter(self.tmp, self.schema)
            else:
                import pyarrow.ipc as ipc

                self.writer = ipc.new_file(self.tmp, self.schema)
        except (OSError, pa.ArrowException) as e:
            raise InputError(f"cannot write {path!r}: {e}") from None

    def write(self, columns: list) -> None:
        """Write one chunk's columns (Arrow arrays in the schema's order) as one row
        group (Parquet) or record batch (Arrow)."""
        self.writer.write_batch(self.pa.record_batch(columns, schema=self.schema))

    def close(self) -> None:
        self.writer.close()
        os.replace(self.tmp, self.path)

    def discard(self) -> None:
        try:
            self.writer.close()
        finally:
            try:
                os.remove(self.tmp)
            except OSError:
                pass
