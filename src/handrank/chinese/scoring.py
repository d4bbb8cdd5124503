"""Scoring a table: the four systems, fouls, declared naturals, pairwise
zero-sum scores with a per-pair breakdown (:func:`score`), and the bulk kernel
path (:func:`score_many`). Rule: ``docs/rules/chinese-poker.md`` (Scoring)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from . import _kernel as _chinese
from .. import poker
from .._support.arrays import rectangular
from .._support.checks import check_bool
from ..cards import format_cards
from ..errors import (
    ArrayDtypeError,
    ArrayShapeError,
    DuplicateCardError,
    OptionError,
    SettingError,
)
from .natural_hands import _NATURAL_NAMES, Natural, _card_naturals, naturals
from .rows import (
    DEFAULT_SYSTEM,
    FRONT_FIRST,
    ROW_SIZES,
    ROWS,
    SYSTEMS,
    PlayerLike,
    Setting,
    _check_repeats,
    _id_array,
    _player_rows,
    _run,
    _system,
    describe_front,
)

SWEEP = {"basic": 3, "western": 4, "eastern": 3, "mandarin": 6}
FOUL_PENALTY = 4


# ------------------------------------------------------------------ scoring

@dataclass(frozen=True)
class PairScore:
    """Player ``a`` against player ``b``: ``points`` (a's score; b scores minus
    it), ``kind`` ("rows", "foul", "natural"), per-row ``rows`` as (row name,
    winner index or None, points to a), ``shot`` / ``home_run`` (mandarin
    row-value multipliers), and a one-line ``text``."""

    a: int
    b: int
    points: int
    kind: str
    rows: tuple[tuple[str, int | None, int], ...]
    shot: int | None
    home_run: int | None
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class TableScore:
    """A scored table. ``matrix[i][j]`` is player i's score against j
    (zero-sum: ``matrix[j][i] == -matrix[i][j]``); ``totals[i]`` the sum of row i.
    ``pairs`` explains every pair (i < j); :meth:`text` is a readable report.
    ``rows`` holds each player's rows as given (card ids); ``miscounts[i]`` is
    None, or why player i's rows have the wrong card counts (a foul; then
    ``settings[i]`` is None and ``strengths[i]`` is (0, 0, 0))."""

    system: str
    names: tuple[str, ...]
    settings: tuple[Setting | None, ...]
    strengths: tuple[tuple[int, int, int], ...]
    fouls: tuple[bool, ...]
    declared: tuple[Natural, ...]
    home_runs: tuple[bool, ...]
    matrix: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    pairs: tuple[PairScore, ...] = field(repr=False)
    rows: tuple[tuple[tuple[int, ...], ...], ...] = field(default=(), repr=False)
    miscounts: tuple[str | None, ...] = ()

    def text(self) -> str:
        """Multi-line report: each player's rows, then each pair, then totals."""
        out = [f"system: {self.system}"]
        for i, n in enumerate(self.names):
            s = self.settings[i]
            tags = []
            if self.declared[i]:
                tags.append(f"declares {self.declared[i].label}")
            elif self.fouls[i]:
                tags.append("FOUL")
            if self.home_runs[i]:
                tags.append("home run")
            if s is None:
                rows = self.rows[i]
                words = "; ".join(f"{r} {format_cards(c)} ({len(c)} cards)"
                                  for r, c in zip(ROWS, rows))
                tags.append(f"wrong card counts: {self.miscounts[i]}")
            else:
                f, m, b = self.strengths[i]
                words = (f"front {format_cards(s.front)} ({describe_front(f)}); "
                         f"middle {format_cards(s.middle)} ({poker.describe(m)}); "
                         f"back {format_cards(s.back)} ({poker.describe(b)})")
            out.append(f"{n}: {words}" + (f" [{', '.join(tags)}]" if tags else ""))
        for p in self.pairs:
            out.append(p.text)
        out.append("totals: " + ", ".join(f"{n} {t:+d}" for n, t in zip(self.names, self.totals)))
        return "\n".join(out)

    def __str__(self) -> str:
        return self.text()


def _east_value(row: int, s: int) -> int:
    if row == 0:
        return 3 if s >= FRONT_FIRST[2] else 1
    b = _bonus(row, s)
    return b if b else 1


def _bonus(row: int, s: int) -> int:
    if row == 0:
        return 0
    c = poker.category(s)
    if c == poker.Category.STRAIGHT_FLUSH:
        return 10 if row == 1 else 5
    if c == poker.Category.FOUR_OF_A_KIND:
        return 8 if row == 1 else 4
    if c == poker.Category.FULL_HOUSE and row == 1:
        return 2
    return 0


def _pair_detail(t: dict[str, Any], i: int, j: int, points: int) -> PairScore:
    names, system = t["names"], t["system"]
    ni, nj = names[i], names[j]
    di, dj = t["declared"][i], t["declared"][j]
    head = f"{ni} vs {nj}: {points:+d} to {ni}"
    if di or dj:
        if di and dj:
            why = (f"both declare naturals ({di.label}, {dj.label})" if points == 0 else
                   f"{(ni if points > 0 else nj)}'s dragon beats the other natural")
        else:
            who, nat = (ni, di) if di else (nj, dj)
            why = f"{who} declares {nat.label}: a sweep"
        if system == "mandarin" and abs(points) == 9:
            why += " (home run)"
        return PairScore(i, j, points, "natural", (), None, None, f"{head} ({why})")
    fi, fj = t["fouls"][i], t["fouls"][j]
    if fi or fj:
        why = "both foul" if fi and fj else f"{ni if fi else nj} fouls and pays {FOUL_PENALTY}"
        for k, nk in ((i, ni), (j, nj)):
            if t["miscounts"][k]:
                why += f"; {nk}'s rows have wrong card counts"
        return PairScore(i, j, points, "foul", (), None, None, f"{head} ({why})")
    si, sj = t["strengths"][i], t["strengths"][j]
    w = sum(a > b for a, b in zip(si, sj))
    lo = sum(a < b for a, b in zip(si, sj))
    rows: list[tuple[str, int | None, int]] = []
    shot: int | None = None
    home: int | None = None
    mult_i = mult_j = 1
    if system == "mandarin":
        if w == 3:
            mult_i = 3 if t["home"][i] else 2
            shot, home = i, (i if t["home"][i] else None)
        if lo == 3:
            mult_j = 3 if t["home"][j] else 2
            shot, home = j, (j if t["home"][j] else None)
    for r in range(3):
        a, b = si[r], sj[r]
        if a == b:
            rows.append((ROWS[r], None, 0))
            continue
        win, s, sign, mult = (i, a, 1, mult_i) if a > b else (j, b, -1, mult_j)
        if system in ("basic", "western"):
            v = 1
        elif system == "eastern":
            v = _east_value(r, s)
        else:
            v = mult * (3 if r == 0 and s >= FRONT_FIRST[2] else 1) + _bonus(r, s)
        rows.append((ROWS[r], win, sign * v))
    parts = []
    for rname, rwin, rpts in rows:
        parts.append(f"{rname} " + ("tie" if rwin is None else f"{names[rwin]} {rpts:+d}"))
    extra = ""
    if system == "western" and w != lo:
        extra = f"; majority {'+1' if w > lo else '-1'}"
    if shot is not None:
        extra += f"; {names[shot]} {'home run' if home is not None else 'shot'}"
    return PairScore(i, j, points, "rows", tuple(rows), shot, home,
                     f"{head} ({', '.join(parts)}{extra})")


def _declared_code(value: object, made_fn: Callable[[], set[Natural]],
                   words: Callable[[], str], where: str) -> Natural:
    """A player's natural declaration -> the natural scored (NONE if not
    declared). ``made_fn()``: the naturals the player's setting makes;
    ``words()``: the setting in words, for messages."""
    if value is None or value is False:
        return Natural.NONE
    made = made_fn()
    if value is True:
        if not made:
            raise SettingError(f"{where}: declares a natural, but {words()} makes none")
        return min(made)
    if isinstance(value, str):
        key = value.strip().lower().replace("_", " ").replace("-", " ")
        if key in ("", "no", "none", "false", "0"):
            return Natural.NONE
        if key in ("yes", "true", "1"):
            return _declared_code(True, lambda: made, words, where)
        if key not in _NATURAL_NAMES:
            raise OptionError(f"{where}: unknown natural {value!r}; accepted: "
                              f"{', '.join(_NATURAL_NAMES)} (or true/false)")
        want = _NATURAL_NAMES[key]
        if want not in made:
            raise SettingError(f"{where}: declares {want.label}, which {words()} does not make")
        return min(made)  # scored as the best natural the cards make
    raise OptionError(f"{where}: a natural declaration is a bool or a natural's name, "
                      f"got {value!r}")


def score(players: Sequence[PlayerLike], system: str = DEFAULT_SYSTEM, *,
          names: Sequence[str] | None = None) -> TableScore:
    """Score one table of 2 to 4 players pairwise (zero-sum) under ``system``.

    ``players``: one entry per player, each a :class:`Setting`, a
    ``(front, middle, back)`` triple of card text/ids, or a mapping with keys
    ``front``, ``middle``, ``back`` and optional ``natural`` (True, or a
    natural's name: "dragon", "six pairs", "three flushes", "three straights"),
    ``holding`` (13 cards the rows must use) and ``name``. All cards come from
    one deck. Rows with the wrong card counts (a player's 13 cards, but not set
    3 / 5 / 5) are a foul, as the rules page says: the player pays 4 to each
    non-fouler (``miscounts`` says why); such a player can still declare a
    dragon or six pairs, which do not depend on the rows. ``system``: "basic", "western" (default), "eastern" or "mandarin".
    ``names``: labels for the players (override the mappings' ``name``; error
    messages then name players by these labels alone).

    Returns a :class:`TableScore` (matrix, totals, per-pair breakdown).
    Raises OptionError (unknown system or natural name), SettingError (a
    player without 13 cards, 2..4 players, card not in its holding, natural
    declared that the cards do not make), DuplicateCardError (a card held by
    two players, or twice by one), card errors, TypeError (an entry that is not
    cards); every message names the player (0-based index, or its name).
    Rule: ``docs/rules/chinese-poker.md``.
    """
    code = _system(system)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise SettingError("players must be a sequence of settings")
    n = len(players)
    if not 2 <= n <= 4:
        raise SettingError(f"a table has 2 to 4 players, got {n}")
    given = [p.get("name") if isinstance(p, Mapping) else None for p in players]
    if names is not None:
        if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
            raise TypeError(f"names must be a sequence of strings, got {type(names).__name__}")
        if len(names) != n:
            raise SettingError(f"{len(names)} names for {n} players")
        given = list(names)
    labels = tuple(str(g) if g is not None else f"player {i}" for i, g in enumerate(given))
    settings: list[Setting | None] = []
    declared: list[Natural] = []
    allrows: list[tuple[tuple[int, ...], ...]] = []
    miscounts: list[str | None] = []
    for i, p in enumerate(players):
        if names is not None:  # the caller's labels (e.g. the CLI's 1-based "player 1")
            where = labels[i]
        else:
            where = f"player {i}" + (f" ({labels[i]})" if given[i] is not None else "")
        rows = _player_rows(p, where)
        sizes = tuple(len(r) for r in rows)
        cards = [c for r in rows for c in r]
        s: Setting | None = None
        miss: str | None = None
        made_fn: Callable[[], set[Natural]]
        words: Callable[[], str]
        if sizes == ROW_SIZES:
            s = Setting(tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))
            made_fn, words = partial(naturals, s), s.__str__
        elif len(cards) == 13:  # the player's 13 cards, wrongly counted: a foul
            miss = ", ".join(f"{r} has {k} cards" for r, k, want in zip(ROWS, sizes, ROW_SIZES)
                             if k != want)
            made_fn = partial(_card_naturals, cards)
            words = partial("{} (wrong card counts)".format, format_cards(cards))
        else:
            bad = next(k for k in range(3) if sizes[k] != ROW_SIZES[k])
            raise SettingError(f"{where}: the {ROWS[bad]} needs {ROW_SIZES[bad]} cards, got "
                               f"{sizes[bad]} ({len(cards)} cards in all; a player sets 13)")
        settings.append(s)
        allrows.append(tuple(tuple(r) for r in rows))
        miscounts.append(miss)
        declared.append(_declared_code(p.get("natural") if isinstance(p, Mapping) else None,
                                       made_fn, words, where))
    owner: dict[int, int] = {}
    for i, prows in enumerate(allrows):
        for c in (c for r in prows for c in r):
            if c in owner:
                raise DuplicateCardError(f"card {format_cards([c])} is held by {labels[owner[c]]} "
                                         f"and {labels[i]}", card=c, row=i)
            owner[c] = i
    return _table_score(code, labels, settings, allrows, miscounts, declared)


def _table_score(code: int, labels: tuple[str, ...], settings: Sequence[Setting | None],
                 allrows: Sequence[tuple[tuple[int, ...], ...]],
                 miscounts: Sequence[str | None], declared: Sequence[Natural]) -> TableScore:
    """Score a table whose players' rows are already checked (cards parsed, one
    deck, declarations made by the cards): the kernel, then the words."""
    n = len(labels)
    ids = np.array([[c for r in prows for c in r] for prows in allrows], dtype=np.uint8)[None]
    decl = np.array([[(d != Natural.NONE) | (2 if m else 0) for d, m in zip(declared, miscounts)]],
                    dtype=np.uint8)
    res = _score_arrays(ids, decl, code, None)
    matrix = res["pairs"][0]
    strengths = [(0, 0, 0) if miscounts[i] else (int(r[0]), int(r[1]), int(r[2]))
                 for i, r in enumerate(res["rows"][0])]
    fouls = [bool(x) for x in res["fouls"][0]]
    home = [bool(x) for x in res["home"][0]]
    t: dict[str, Any] = {"names": labels, "system": SYSTEMS[code], "declared": declared,
                         "fouls": fouls, "strengths": strengths, "home": home,
                         "miscounts": miscounts}
    pairs = tuple(_pair_detail(t, i, j, int(matrix[i, j])) for i in range(n) for j in range(i + 1, n))
    return TableScore(system=SYSTEMS[code], names=labels, settings=tuple(settings),
                      strengths=tuple(strengths), fouls=tuple(fouls),
                      declared=tuple(declared), home_runs=tuple(home),
                      matrix=tuple(tuple(int(v) for v in r) for r in matrix),
                      totals=tuple(int(v) for v in matrix.sum(axis=1)), pairs=pairs,
                      rows=tuple(allrows), miscounts=tuple(miscounts))


def _score_arrays(ids: np.ndarray, declare: np.ndarray, code: int,
                  threads: int | None) -> dict[str, np.ndarray]:
    n, p = ids.shape[0], ids.shape[1]
    out: dict[str, np.ndarray] = {"pairs": np.zeros((n, p, p), np.int32), "rows": np.zeros((n, p, 3), np.int32),
           "fouls": np.zeros((n, p), np.uint8), "naturals": np.zeros((n, p), np.uint8),
           "home": np.zeros((n, p), np.uint8)}
    err = _run(lambda a, b: _chinese.score_tables(
        ids, declare, code, out["pairs"], out["rows"], out["fouls"], out["naturals"],
        out["home"], a, b), n, threads, 32)
    if err is not None:
        t, pl, _ = err
        raise SettingError(f"table {t}, player {pl}: a natural is declared, but the setting "
                           f"{format_cards(ids[t, pl].tolist())} makes none")
    return out


@overload
def score_many(settings: npt.ArrayLike, declare: npt.ArrayLike | None = None,
               system: str = DEFAULT_SYSTEM, *, threads: int | None = None,
               details: Literal[False] = False) -> np.ndarray: ...
@overload
def score_many(settings: npt.ArrayLike, declare: npt.ArrayLike | None = None,
               system: str = DEFAULT_SYSTEM, *, threads: int | None = None,
               details: Literal[True]) -> dict[str, np.ndarray]: ...
def score_many(settings: npt.ArrayLike, declare: npt.ArrayLike | None = None,
               system: str = DEFAULT_SYSTEM, *, threads: int | None = None,
               details: bool = False) -> np.ndarray | dict[str, np.ndarray]:
    """Score many tables at once (the fast path of :func:`score`).

    ``settings``: ``(N, P, 13)`` integer card ids, P = 2..4 players, each
    player's 13 cards laid out front (3), middle (5), back (5); one deck per
    table. ``declare``: optional ``(N, P)`` bool, True where the player declares
    a natural (scored as the best natural the cards make). ``threads`` as in
    :func:`handrank.poker.evaluate_many` (the kernel releases the GIL).

    Returns the ``(N, P, P)`` ``int32`` pairwise scores (``[t, i, j]`` = player
    i against j; totals are ``.sum(axis=2)``). With ``details=True``, a dict
    with ``pairs``, ``rows`` ``(N, P, 3)`` strengths, ``fouls``, ``naturals``
    (made, ``(N, P)`` codes of :class:`Natural`) and ``home`` (mandarin home runs).
    Raises OptionError, ArrayShapeError, ArrayDtypeError, CardRangeError,
    DuplicateCardError (naming the table), SettingError (a declared natural
    not made, naming the table and player). Rule: ``docs/rules/chinese-poker.md``.
    """
    code = _system(system)
    ids = _id_array(settings, "settings")
    if ids.ndim != 3 or ids.shape[2] != 13 or not 2 <= ids.shape[1] <= 4:
        raise ArrayShapeError(f"settings must be (N, P, 13) with P = 2..4 players, got shape "
                              f"{ids.shape}")
    n, p = ids.shape[:2]
    _check_repeats(ids.reshape(n, p * 13), "table")
    if declare is None:
        decl = np.zeros((n, p), np.uint8)
    else:
        d = rectangular(declare, "declare")
        if d.shape != (n, p):
            raise ArrayShapeError(f"declare must have shape {(n, p)}, got {d.shape}")
        if d.dtype != np.bool_ and d.dtype.kind not in "iu":
            raise ArrayDtypeError(f"declare must be bool, got dtype {d.dtype}")
        decl = np.ascontiguousarray(d != 0, dtype=np.uint8)
    out = _score_arrays(ids, decl, code, threads)
    if check_bool(details, "details"):
        return {k: (v.astype(bool) if k in ("fouls", "home") else v) for k, v in out.items()}
    return out["pairs"]
