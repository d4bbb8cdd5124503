"""Setting 13 cards: the expected-score solver (every one of the 72,072
settings against per-row tables of a random opponent's rows) and the greedy
baseline. Rule: ``docs/rules/chinese-poker.md`` (Solver)."""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from . import _kernel as _chinese
from .. import poker
from .._support.threads import check_executor, row_spans, run_units
from ..cards import CardsLike
from ..errors import ArrayShapeError, HandrankError, HandSizeError
from .natural_hands import Natural
from .rows import (
    DEFAULT_SYSTEM,
    FRONT_FIRST,
    ROWS,
    SYSTEMS,
    Setting,
    _check_repeats,
    _id_array,
    _parse_row,
    _run,
    _system,
)
from .scoring import SWEEP

#: The largest total a :func:`solver_tables` histogram may hold (float64 counts stay exact).
MAX_COUNT_TOTAL = 2.0**53


def solver_tables(front: npt.ArrayLike, middle: npt.ArrayLike, back: npt.ArrayLike) -> _chinese.Tables:
    """Solver tables from opponent row-strength histograms: ``front`` (456,),
    ``middle`` and ``back`` (7463,) non-negative counts indexed by strength
    (index 0 ignored). Rows are treated as independent. Raises ArrayShapeError
    for another shape and HandrankError for a bad histogram (a negative or
    non-finite count, no count, a total above :data:`MAX_COUNT_TOTAL`), naming the row."""
    east_val, base, bonus = _row_values()
    arrays = []
    samples = 0
    for row, (counts, size) in enumerate(zip((front, middle, back), (456, 7463, 7463))):
        try:
            c = np.array(counts, dtype=np.float64)
        except (TypeError, ValueError):
            raise HandrankError(f"{ROWS[row]} counts must be numbers") from None
        if c.shape != (size,):
            raise ArrayShapeError(f"{ROWS[row]} counts must be a ({size},) histogram, got shape "
                                  f"{c.shape}")
        if (c < 0).any() or not np.isfinite(c).all() or c[1:].max(initial=0.0) <= 0:
            raise HandrankError(f"{ROWS[row]} counts must be a non-negative ({size},) histogram "
                                f"with a positive total")
        c[0] = 0.0
        with np.errstate(over="ignore"):
            total = c.sum()
        if not np.isfinite(total) or total > MAX_COUNT_TOTAL:
            raise HandrankError(f"{ROWS[row]} counts total {total:g}, more than the "
                                f"{MAX_COUNT_TOTAL:.0e} a histogram may hold")
        samples = int(total)
        p = c / total
        below = np.concatenate([[0.0], np.cumsum(p)[:-1]])
        above = np.clip(1.0 - below - p, 0.0, 1.0)

        def tail(v: np.ndarray, p: np.ndarray = p) -> np.ndarray:
            x = p * v
            return np.concatenate([np.cumsum(x[::-1])[::-1][1:], [0.0]])

        arrays.append([below, above, tail(east_val[row]), tail(base[row]), tail(bonus[row])])
    return _chinese.Tables(arrays, samples)


def _row_values() -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]:
    """Per row, arrays indexed by strength: eastern value of a won row, mandarin
    base value, mandarin bonus."""
    cat = np.zeros(7463, dtype=np.int64)
    cat[1:] = poker.categories(np.arange(1, 7463, dtype=np.int32))
    trips = np.arange(456) >= FRONT_FIRST[2]
    east = [np.where(trips, 3.0, 1.0)]
    base = [np.where(trips, 3.0, 1.0)]
    bonus = [np.zeros(456)]
    for b in (np.select([cat == 8, cat == 7, cat == 6], [10.0, 8.0, 2.0], 0.0),
              np.select([cat == 8, cat == 7], [5.0, 4.0], 0.0)):
        east.append(np.where(b > 0, b, 1.0))
        base.append(np.ones(7463))
        bonus.append(b)
    return east, base, bonus


@lru_cache(maxsize=1)
def default_tables() -> _chinese.Tables:
    """The solver tables built from the committed histograms
    (``chinese/tables.h``, made by ``tools/gen_chinese_tables.py``)."""
    return solver_tables(*_chinese.default_counts())


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one holding: ``setting`` (best legal rows),
    ``expected`` (its expected score against a random opponent, in points of
    ``system``), ``natural`` (the natural the holding makes, or NONE),
    ``declare`` (whether declaring it scores more than playing), and
    ``natural_setting`` (a setting making the natural, for three flushes /
    straights; else the same as ``setting``)."""

    setting: Setting
    expected: float
    natural: Natural
    declare: bool
    natural_setting: Setting
    system: str

    @property
    def value(self) -> float:
        """Expected score of the decision (the natural's sweep when declared)."""
        return float(SWEEP[self.system]) if self.declare else self.expected

    def __str__(self) -> str:
        """One line of card text: the rows, the expected score and the natural's verdict."""
        out = f"{self.setting} (expected {self.expected:+.3f}, {self.system})"
        if self.natural:
            if self.declare:
                out += f"; declare {self.natural.label}"
                if self.natural in (Natural.THREE_FLUSHES, Natural.THREE_STRAIGHTS):
                    out += f" as {self.natural_setting}"
            else:
                out += f"; {self.natural.label} made, rows play better"
        return out


def _holdings(holdings: object, what: str = "holdings") -> np.ndarray:
    ids = _id_array(holdings, what)
    if ids.ndim != 2 or ids.shape[1] != 13:
        raise ArrayShapeError(f"{what} must be (N, 13) card ids, got shape {ids.shape}")
    _check_repeats(ids, what[:-1])
    return ids


#: Holdings per work unit of :func:`solve_many` on an executor (tens of milliseconds).
EXECUTOR_UNIT_HOLDINGS = 256


@lru_cache(maxsize=1)
def _worker_default_tables() -> _chinese.Tables:
    """The default tables, built once per (worker) process."""
    return default_tables()


def _solve_unit(ids: np.ndarray, code: int, tables: _chinese.Tables | None
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One work unit of :func:`solve_many` (picklable): checked ``(m, 13)`` uint8
    holdings solved on one thread; ``tables`` None = the default ones, built in the
    worker (so the 600 KB of tables are not sent with every unit)."""
    t = _worker_default_tables() if tables is None else tables
    n = ids.shape[0]
    setting = np.zeros((n, 13), np.uint8)
    nat_setting = np.zeros((n, 13), np.uint8)
    ev = np.zeros(n, np.float64)
    nat = np.zeros(n, np.int8)
    _chinese.solve(ids, code, t, setting, ev, nat, nat_setting, 0, n)
    return setting, ev, nat, nat_setting


def solve_many(holdings: npt.ArrayLike, system: str = DEFAULT_SYSTEM, *,
               tables: _chinese.Tables | None = None,
               threads: int | None = None,
               executor: Executor | None = None) -> dict[str, np.ndarray]:
    """Solve many holdings: ``(N, 13)`` integer card ids, one deck per row.

    Considers all 72,072 settings of each holding; the expected score of each
    legal one is computed from per-row tables of the opponent's row strengths
    (``tables``, default :func:`default_tables`), rows taken as independent.
    Returns a dict: ``setting`` ``(N, 13)`` ``uint8`` (front 3, middle 5, back
    5, each row high card first), ``expected`` ``(N,)`` ``float64``,
    ``natural`` ``(N,)`` ``int8`` (:class:`Natural` codes), ``declare``
    ``(N,)`` bool (declaring scores more), ``natural_setting`` ``(N, 13)``.
    ``executor``: any ``concurrent.futures.Executor`` to solve units of
    :data:`EXECUTOR_UNIT_HOLDINGS` holdings on instead of threads (the same
    answers; tables given are pickled with each unit, the default ones are built
    once per worker; ``docs/scale.md``).
    Raises OptionError, ArrayShapeError, ArrayDtypeError, CardRangeError,
    DuplicateCardError (naming the row); TypeError for an ``executor`` without
    ``submit``. Releases the GIL.
    """
    code = _system(system)
    ids = _holdings(holdings)
    ex = check_executor(executor)
    t = _tables(tables)
    n = ids.shape[0]
    if ex is not None:
        spans = row_spans(n, EXECUTOR_UNIT_HOLDINGS)
        parts = run_units(_solve_unit, [(ids[a:b], code, tables) for a, b in spans],
                          executor=ex)
        empty = _solve_unit(ids[:0], code, tables)
        setting, ev, nat, nat_setting = (
            np.concatenate([p[k] for p in parts]) if parts else empty[k] for k in range(4))
    else:
        setting = np.zeros((n, 13), np.uint8)
        nat_setting = np.zeros((n, 13), np.uint8)
        ev = np.zeros(n, np.float64)
        nat = np.zeros(n, np.int8)
        _run(lambda a, b: _chinese.solve(ids, code, t, setting, ev, nat, nat_setting, a, b),
             n, threads, 4096)
    declare = (nat != 0) & (SWEEP[SYSTEMS[code]] > ev)
    return {"setting": setting, "expected": ev, "natural": nat, "declare": declare,
            "natural_setting": nat_setting}


def expected_scores(settings: npt.ArrayLike, system: str = DEFAULT_SYSTEM, *,
                    tables: _chinese.Tables | None = None) -> np.ndarray:
    """The solver's expected score of given settings: ``(N, 13)`` card ids laid
    out front, middle, back (one deck per row). Returns ``(N,)`` ``float64``,
    NaN for a fouled setting. Raises as :func:`solve_many`."""
    code = _system(system)
    ids = _holdings(settings, "settings")
    out = np.empty(ids.shape[0], np.float64)
    _chinese.setting_ev(ids, code, _tables(tables), out)
    return out


def _tables(tables: object) -> _chinese.Tables:
    if tables is None:
        return default_tables()
    if not isinstance(tables, _chinese.Tables):
        raise TypeError(f"tables must come from solver_tables() or default_tables(), got "
                        f"{type(tables).__name__}")
    return tables


def _split(row: np.ndarray) -> Setting:
    r = [int(x) for x in row]
    return Setting(tuple(r[:3]), tuple(r[3:8]), tuple(r[8:]))


def _holding(cards: CardsLike) -> np.ndarray:
    ids = _parse_row(cards, "holding")
    if len(ids) != 13:
        raise HandSizeError(f"a Chinese Poker holding has 13 cards, got {len(ids)}")
    return np.array([ids], dtype=np.uint8)


def solve(holding: CardsLike, system: str = DEFAULT_SYSTEM, *,
          tables: _chinese.Tables | None = None) -> Solution:
    """The setting of 13 cards with the highest expected score against a random
    opponent under ``system``, and whether to declare a natural.

    ``holding``: 13 card text / ids. Returns a :class:`Solution`. Raises
    OptionError (unknown system), HandSizeError (not 13 cards), card errors.
    Rule: ``docs/rules/chinese-poker.md`` (Solver).
    """
    return _solution(solve_many(_holding(holding), system, tables=tables), 0, system)


def _solution(solved: dict[str, np.ndarray], i: int, system: str = DEFAULT_SYSTEM) -> Solution:
    """Row ``i`` of a :func:`solve_many` result (solved under ``system``) as a
    :class:`Solution`, the same as :func:`solve` of that holding. Raises IndexError
    for a row out of range."""
    return Solution(setting=_split(solved["setting"][i]), expected=float(solved["expected"][i]),
                    natural=Natural(int(solved["natural"][i])),
                    declare=bool(solved["declare"][i]),
                    natural_setting=_split(solved["natural_setting"][i]), system=system.lower())


def greedy_many(holdings: npt.ArrayLike, *, threads: int | None = None) -> np.ndarray:
    """The greedy baseline for ``(N, 13)`` holdings: strongest back, then the
    strongest middle from the rest, the rest in front; if that fouls, the
    strongest non-fouling middle under that back (else the legal setting with the
    strongest back, then middle). Returns ``(N, 13)`` ``uint8`` settings (front
    3, middle 5, back 5, each row high card first). Raises ArrayShapeError,
    ArrayDtypeError, CardRangeError, DuplicateCardError (naming the row), and
    HandrankError / TypeError for a bad ``threads``. Releases the GIL."""
    ids = _holdings(holdings)
    out = np.zeros_like(ids)
    _run(lambda a, b: _chinese.greedy(ids, out, a, b), ids.shape[0], threads, 512)
    return out


def greedy(holding: CardsLike) -> Setting:
    """The greedy baseline setting of one 13-card holding (see :func:`greedy_many`).
    Raises HandSizeError (not 13 cards), the card errors, TypeError (not cards)."""
    return _split(greedy_many(_holding(holding))[0])
