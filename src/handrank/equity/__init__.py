"""Texas Hold'em equity: exact enumeration and Monte Carlo, hole cards or ranges, 2-10 players.

>>> from handrank import equity
>>> r = equity.equity(["AhAd", "KsKc"])
>>> round(r.players[0].equity, 6), r.exact
(0.812555, True)

Rules: hands are ranked by ``rules/poker.md`` (best five of the seven cards:
two hole cards and the five-card board). Each deal's pot goes to the best hand;
a tie between ``k`` players gives each ``1/k`` of it. A player's **equity** is
their expected share of the pot, **win share** the part of it from deals they
win alone, **tie share** the part from split pots (equity = win + tie).

Players are given as exact hole cards (``"AhAd"``, ``["Ah", "Ad"]``, ids) or
as ranges (``"QQ+, AKs"``, a :class:`~handrank.equity.ranges.Range`; notation in
:mod:`handrank.equity.ranges`, weights included). Card removal is exact: combos that
share a card with the board, the dead cards or another player's cards never
meet, and a deal's probability is the product of the players' combo weights
over all compatible combinations, times a uniform board.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _kernel as _equity
from .. import cards
from .._support.seeds import seed_word
from .._support.threads import _get_pool, resolve_threads
from ..cards import CardsLike, format_card, parse_cards
from ..errors import (
    ArrayDtypeError,
    ArrayShapeError,
    DuplicateCardError,
    HandrankError,
    HandSizeError,
    OptionError,
    RangeSyntaxError,
)
from .ranges import Range, parse_range

__all__ = [
    "CHUNK_SAMPLES",
    "DEFAULT_SAMPLES",
    "MAX_EXACT_EVALS",
    "MAX_SAMPLES",
    "METHODS",
    "EquityResult",
    "PlayerEquity",
    "equity",
]

#: Accepted values of ``method``.
METHODS = ("auto", "exact", "monte-carlo")
#: ``method="auto"`` enumerates exactly when it takes at most this many hand evaluations
#: (hole-card combinations enumerated -- one per class of combinations equal up to a
#: renaming of suits -- x remaining boards x players), else samples.
MAX_EXACT_EVALS = 300_000_000
#: Monte Carlo deals when neither ``samples`` nor ``target_stderr`` is given.
DEFAULT_SAMPLES = 1_000_000
#: Monte Carlo runs in chunks of this many deals, chunk ``i`` seeded from (seed, i): the
#: result depends on the seed and the sample count only, never on ``threads``.
CHUNK_SAMPLES = 16_384
#: Cap on deals when only ``target_stderr`` is given.
MAX_SAMPLES = 10**10
#: Monte Carlo gives up after this many consecutive deals with overlapping hands.
MAX_REJECTS = 1_000_000
# Largest pairwise product considered while listing compatible hole-card combinations.
_PAIR_LIMIT = 5_000_000
# Exact work per kernel call (hand evaluations), and units per batch.
_TASK_EVALS = 4_000_000
_BATCH_UNITS = 1 << 16

ProgressFn = Callable[[int, int], None]
_OPTIONS = ("board", "dead", "method", "samples", "target_stderr", "seed", "threads", "progress")


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    ``hand``: the hole cards or range text given; ``combos``: combos left after
    removing the board and dead cards; ``equity`` = ``win`` + ``tie`` (fractions of
    the pot, 0..1); ``wins`` / ``ties`` / ``losses``: deals won alone, split, lost
    (weighted by range weights in exact mode: whole numbers when every weight is
    1); ``stderr``: standard error of ``equity`` (0 when exact; ``inf`` from a
    single Monte Carlo deal, ``None`` in :meth:`EquityResult.to_dict`)."""

    hand: str
    combos: int
    equity: float
    win: float
    tie: float
    wins: float
    ties: float
    losses: float
    stderr: float


@dataclass(frozen=True)
class EquityResult:
    """The result of :func:`equity`.

    ``players``: one :class:`PlayerEquity` each, in the order given; ``board``,
    ``dead``: the cards as text; ``exact``: True for full enumeration;
    ``deals``: boards enumerated (summed over compatible hole-card combinations,
    weighted) or Monte Carlo samples; ``combinations``: compatible hole-card
    combinations enumerated (exact) or 0; ``boards``: boards per combination
    (exact) or 0; ``seed``: the seed used (Monte Carlo) or None."""

    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    deals: float
    combinations: int
    boards: int
    seed: int | None

    @property
    def equities(self) -> np.ndarray:
        """``(n,)`` float64 equities, in player order."""
        return np.array([p.equity for p in self.players])

    @property
    def method(self) -> str:
        """``"exact"`` or ``"monte-carlo"``."""
        return "exact" if self.exact else "monte-carlo"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the result."""
        return {
            "method": self.method, "board": self.board, "dead": self.dead,
            "deals": _json_num(self.deals), "combinations": self.combinations, "boards": self.boards,
            "seed": self.seed,
            "players": [{k: _json_num(v) if k in ("wins", "ties", "losses") else
                         None if k == "stderr" and not math.isfinite(v) else v
                         for k, v in vars(p).items()} for p in self.players],
        }

    def __str__(self) -> str:
        head = ["player", "hand", "equity", "win", "tie", "wins", "ties", "losses"]
        if not self.exact:
            head.append("stderr")
        rows = []
        for i, p in enumerate(self.players):
            row = [str(i + 1), p.hand, f"{100 * p.equity:.4f}%", f"{100 * p.win:.4f}%",
                   f"{100 * p.tie:.4f}%", _num(p.wins), _num(p.ties), _num(p.losses)]
            if not self.exact:
                row.append(f"{100 * p.stderr:.4f}%")
            rows.append(row)
        widths = [max(len(h), *(len(r[j]) for r in rows)) for j, h in enumerate(head)]
        lines = ["  ".join(h.ljust(w) if j < 2 else h.rjust(w) for j, (h, w) in
                           enumerate(zip(head, widths))).rstrip()]
        for r in rows:
            lines.append("  ".join(c.ljust(w) if j < 2 else c.rjust(w) for j, (c, w) in
                                   enumerate(zip(r, widths))).rstrip())
        if self.exact:
            weighted = self.deals != self.combinations * self.boards
            what = (f"exact: {_num(self.deals)} {'weighted ' if weighted else ''}boards "
                    f"({self.combinations:,} hole-card "
                    f"combination{'s' if self.combinations != 1 else ''} x {self.boards:,} "
                    f"boards{', counts weighted by the range weights' if weighted else ''})")
        else:
            what = (f"Monte Carlo: {_num(self.deals)} deal{'s' if self.deals != 1 else ''}, "
                    f"seed {self.seed}")
        extra = "".join(f", {k} {v}" for k, v in (("board", self.board), ("dead", self.dead)) if v)
        return "\n".join(lines) + f"\n{what}{extra}"


def _json_num(x: Any) -> Any:
    """Whole-number counts as ints in JSON (shares stay floats)."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _num(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:,.2f}"


# --------------------------------------------------------------------------- input


def _cards(value: CardsLike | None, what: str) -> list[int]:
    if value is None:
        return []
    try:
        return parse_cards(value)
    except HandrankError as e:
        raise e.with_context(what) from None


def _player(spec: object, i: int) -> tuple[Range, str, bool]:
    """(range, label, exact hole cards?) of player i."""
    if isinstance(spec, Range):
        c, w = np.asarray(spec.combos), np.asarray(spec.weights, dtype=np.float64)
        if c.ndim != 2 or c.shape[1] != 2 or c.dtype.kind not in "iu" or len(w) != len(c) \
                or (len(c) and (c.min() < 0 or c.max() >= 52 or (c[:, 0] == c[:, 1]).any())):
            raise RangeSyntaxError(f"player {i}: a Range needs (k, 2) distinct card ids 0..51 "
                                   f"and k weights")
        if not np.all(np.isfinite(w) & (w >= 0) & (w <= 1)):
            raise RangeSyntaxError(f"player {i}: range weights must be between 0 and 1")
        keep = w > 0
        hi, lo = np.maximum(c[:, 0], c[:, 1]), np.minimum(c[:, 0], c[:, 1])
        if len(c) and len(np.unique(hi.astype(np.int64) * 52 + lo)) != len(c):
            raise RangeSyntaxError(f"player {i}: a Range lists the same combo twice")
        rr = Range(np.stack([hi, lo], axis=1).astype(np.uint8)[keep], w[keep], spec.text)
        return rr, spec.text or f"{len(rr)} combos", len(rr) == 1
    if isinstance(spec, str):
        try:
            ids = parse_cards(spec)
        except HandrankError:
            ids = []
        if len(ids) == 2:
            r = Range(np.array([[max(ids), min(ids)]], dtype=np.uint8), np.ones(1), spec.strip())
            return r, spec.strip(), True
        try:
            return parse_range(spec), spec.strip(), False
        except HandrankError as e:
            raise e.with_context(f"player {i}") from None
    if isinstance(spec, (list, tuple, np.ndarray)):
        try:
            ids = parse_cards(list(spec))
        except HandrankError as e:
            raise e.with_context(f"player {i}") from None
        if len(ids) != 2:
            raise HandSizeError(f"player {i}: hole cards are 2 cards, got {len(ids)}")
        label = format_card(ids[0]) + format_card(ids[1])
        return Range(np.array([[max(ids), min(ids)]], dtype=np.uint8), np.ones(1), label), \
            label, True
    raise TypeError(f"player {i}: expected hole cards or a range, got {type(spec).__name__}")


def _mask(ids: Sequence[int]) -> int:
    m = 0
    for c in ids:
        m |= 1 << c
    return m


def _compatible(ranges: Sequence[Range], limit: int) -> tuple[np.ndarray, np.ndarray] | None:
    """All compatible hole-card combinations as ((A, n) combo indices, (A,) weights),
    or None when listing them would pass ``limit`` pairs at some step."""
    idx = np.zeros((1, 0), dtype=np.int32)
    masks = np.zeros(1, dtype=np.uint64)
    w = np.ones(1)
    for r in ranges:
        if len(masks) * len(r) > limit:
            return None
        rm = r.masks()
        ai, ci = np.nonzero((masks[:, None] & rm[None, :]) == 0)
        idx = np.column_stack([idx[ai], ci.astype(np.int32)])
        masks = masks[ai] | rm[ci]
        w = w[ai] * r.weights[ci]
    return idx, w


def _check_options(method: str, samples: int | None, target_stderr: float | None) -> None:
    if method not in METHODS:
        raise OptionError(f"unknown method {method!r}; accepted: {', '.join(METHODS)}")
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
            raise TypeError(f"samples must be an int, got {type(samples).__name__}")
        if not 1 <= samples <= MAX_SAMPLES:
            raise OptionError(f"samples must be 1 to {MAX_SAMPLES}, got {samples}")
    if target_stderr is not None:
        if isinstance(target_stderr, bool) or not isinstance(target_stderr, (int, float)):
            raise TypeError(f"target_stderr must be a number, got {type(target_stderr).__name__}")
        if not 0 < target_stderr < 1:
            raise OptionError(f"target_stderr must be between 0 and 1, got {target_stderr}")
    if method == "exact" and (samples is not None or target_stderr is not None):
        raise OptionError("method='exact' takes no samples or target_stderr "
                          "(those are Monte Carlo options)")


# --------------------------------------------------------------------------- running


def _run_tasks(tasks: Sequence[Callable[[], int]], threads: int,
               progress: ProgressFn | None, done0: int, total: int) -> None:
    """Run tasks (each returns its work done) on ``threads`` threads, the calling
    thread included; progress(done, total) from the calling thread. On any error
    or KeyboardInterrupt the rest is cancelled and the error re-raised once the
    running tasks (each short) have finished."""
    counter = itertools.count()
    stop = threading.Event()
    lock = threading.Lock()
    done = [done0]
    errors: list[BaseException] = []

    def worker() -> None:
        while not stop.is_set():
            i = next(counter)
            if i >= len(tasks):
                return
            try:
                work = tasks[i]()
            except BaseException as e:  # noqa: BLE001 - re-raised by the caller
                errors.append(e)
                stop.set()
                return
            with lock:
                done[0] += work

    t = max(1, min(threads, len(tasks)))
    futures = []
    if t > 1:
        try:
            pool = _get_pool(t - 1)
            futures = [pool.submit(worker) for _ in range(t - 1)]
        except RuntimeError:  # interpreter shutting down: run here only
            futures = []
    try:
        while not stop.is_set():
            i = next(counter)
            if i >= len(tasks):
                break
            work = tasks[i]()
            with lock:
                done[0] += work
            if progress is not None:
                progress(done[0], total)
        for f in futures:
            f.result()
    except BaseException:  # KeyboardInterrupt included: stop the workers, then re-raise
        stop.set()
        for f in futures:
            f.result()
        raise
    if errors:
        raise errors[0]
    if progress is not None:
        progress(done[0], total)


def _holes(ranges: Sequence[Range], idx: np.ndarray) -> np.ndarray:
    """(A, 2n) uint8 hole cards of the combinations ``idx`` ((A, n) combo indices)."""
    holes = np.empty((len(idx), 2 * len(ranges)), dtype=np.uint8)
    for p, r in enumerate(ranges):
        holes[:, 2 * p:2 * p + 2] = r.combos[idx[:, p]]
    return holes


def _suit_classes(holes: np.ndarray, board: Sequence[int], dead: Sequence[int]
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Group hole-card combinations that are the same deal up to a renaming of suits.

    A permutation of the four suits that maps the board onto itself and the dead
    cards onto themselves changes no showdown, so every combination it links has
    the same counts: only one per class is enumerated. Returns (index of one
    member per class, class of each combination). Up to 5 players (the packed key
    needs 6 bits per card); beyond that every combination is its own class."""
    A, k = holes.shape
    if k > 10 or A < 2:
        return np.arange(A), np.arange(A)
    bs, ds = set(board), set(dead)
    perms = [sg for sg in itertools.permutations(range(4))
             if {c - (c & 3) + sg[c & 3] for c in bs} == bs
             and {c - (c & 3) + sg[c & 3] for c in ds} == ds]
    if len(perms) == 1:
        return np.arange(A), np.arange(A)
    ranks = holes & np.uint8(0xFC)
    suits = holes & np.uint8(3)
    best = None
    for sg in perms:
        m = (ranks | np.array(sg, dtype=np.uint8)[suits]).astype(np.uint64)
        key = np.zeros(A, dtype=np.uint64)
        for p in range(k // 2):
            a, b = m[:, 2 * p], m[:, 2 * p + 1]
            key = (key << np.uint64(12)) | (np.maximum(a, b) << np.uint64(6)) | np.minimum(a, b)
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    _, first, inverse = np.unique(best, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


def _exact(holes: np.ndarray, w: np.ndarray, reps: np.ndarray, inverse: np.ndarray,
           board: np.ndarray, dead_mask: int, threads: int, progress: ProgressFn | None
           ) -> tuple[np.ndarray, float, int]:
    """Weighted (3, n) totals (wins, ties, share units), total weight x boards, boards.
    Only the class representatives ``holes[reps]`` are enumerated; combination i has
    the counts of class ``inverse[i]``."""
    n = holes.shape[1] // 2
    rep_holes = np.ascontiguousarray(holes[reps])
    A = len(rep_holes)
    r_cards = 5 - len(board)
    left = _equity.deck_left(board, dead_mask, n)
    boards = math.comb(left, r_cards)
    # Preflop, units split a combination's boards by first dealt card (unit i0:
    # comb(left - 1 - i0, r - 1) boards); with a flop or turn a unit is a whole
    # combination (at most ~1,000 boards: per-unit setup would dominate otherwise).
    split = r_cards >= 3
    m0 = left - r_cards + 1 if split else 1
    unit_work = np.array([math.comb(left - 1 - i, r_cards - 1) for i in range(m0)]
                         if split else [boards], dtype=np.int64) * n
    class_weight = np.bincount(inverse, weights=w, minlength=A)  # summed per class
    totals = np.zeros(3 * n)
    per_batch = max(1, _BATCH_UNITS // m0)
    total_work = A * boards * n
    done = 0
    for b0 in range(0, A, per_batch):
        hb = np.ascontiguousarray(rep_holes[b0:b0 + per_batch])
        nb = len(hb)
        out = np.zeros((nb * m0, 3 * n), dtype=np.int64)
        cum = np.concatenate([[0], np.cumsum(np.tile(unit_work, nb))])
        # Several tasks per thread (balanced by work) so threads finish together.
        step = int(min(_TASK_EVALS, max(_TASK_EVALS // 16, cum[-1] // (8 * threads) + 1)))
        cuts = np.unique(np.searchsorted(cum, np.arange(0, int(cum[-1]), step),
                                         side="right") - 1)
        bounds = sorted({int(c) for c in cuts} | {nb * m0})

        def task(s: int, e: int, hb: np.ndarray = hb, out: np.ndarray = out,
                 cum: np.ndarray = cum) -> int:
            _equity.exact_units(hb, board, dead_mask, s, e, out, split)
            return int(cum[e] - cum[s])

        tasks = [lambda s=s, e=e: task(s, e) for s, e in itertools.pairwise(bounds)]
        _run_tasks(tasks, threads, progress, done, total_work)
        done += int(cum[-1])
        # weighted per batch: memory stays O(batch), not O(combinations)
        totals += class_weight[b0:b0 + nb] @ out.reshape(nb, m0, 3 * n).sum(axis=1)
    return totals.reshape(3, n), float(w.sum()) * boards, boards


def _seed_base(seed: int | np.random.Generator | None) -> tuple[int, int | None]:
    """(64-bit seed word of the kernel's streams, the int seed to report or None)."""
    if isinstance(seed, np.random.Generator):
        return seed_word(seed), None
    if seed is None:  # fresh entropy, reported so the run can be repeated
        seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
    return seed_word(int(seed)), int(seed)


def _monte_carlo(ranges: list[Range], board: np.ndarray, dead_mask: int, base: int,
                 samples: int | None, target: float | None, threads: int,
                 progress: ProgressFn | None) -> tuple[np.ndarray, int]:
    """(5, n) int64 totals (wins, ties, share units, squared units, deals) and deals."""
    n = len(ranges)
    combos = np.ascontiguousarray(np.concatenate([r.combos for r in ranges]))
    off = np.concatenate([[0], np.cumsum([len(r) for r in ranges])]).astype(np.int64)
    tables = [_alias_table(r.weights) for r in ranges]
    prob = np.concatenate([t[0] for t in tables])
    alias = np.concatenate([t[1] + o for t, o in zip(tables, off[:-1])]).astype(np.int64)
    uniform = np.array([r.uniform for r in ranges], dtype=np.uint8)
    cap = samples if samples is not None else (MAX_SAMPLES if target is not None
                                               else DEFAULT_SAMPLES)
    n_chunks = -(-cap // CHUNK_SAMPLES)
    totals = np.zeros((5, n), dtype=np.int64)
    next_chunk = 0
    # Waves of chunks, added up (and checked against the target) in chunk order.
    wave = min(n_chunks, 1024) if target is None else max(4, 4 * threads)
    while next_chunk < n_chunks:
        ids = range(next_chunk, min(n_chunks, next_chunk + wave))
        results: dict[int, np.ndarray] = {}

        def task(i: int, results: dict[int, np.ndarray] = results) -> int:
            k = min(CHUNK_SAMPLES, cap - i * CHUNK_SAMPLES)
            rc, res = _equity.monte_carlo(combos, off, prob, alias, uniform, board, dead_mask,
                                          base, k, MAX_REJECTS, i)
            if rc:
                raise RangeSyntaxError(
                    f"the players' ranges almost never fit together ({MAX_REJECTS:,} deals in "
                    f"a row dealt overlapping hole cards); narrow them")
            results[i] = res
            return k

        tasks = [lambda i=i: task(i) for i in ids]
        _run_tasks(tasks, threads, progress, int(totals[4, 0]),
                   cap if target is None else int(totals[4, 0]) + len(ids) * CHUNK_SAMPLES)
        for i in ids:  # in chunk order: the stopping point never depends on threads
            totals += results[i]
            next_chunk = i + 1
            if target is not None and _stderr(totals).max() <= target:  # >= 1 chunk
                return totals, int(totals[4, 0])
        wave = min(wave * 2, 1024)
    return totals, int(totals[4, 0])


def _alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker/Vose alias table of ``weights`` (> 0): slot i (drawn uniformly) is kept
    with probability ``prob[i]``, else ``alias[i]`` is taken; each index comes out with
    probability weight / sum(weights)."""
    k = len(weights)
    scaled = weights * (k / weights.sum())
    prob = np.ones(k)
    alias = np.arange(k, dtype=np.int64)
    small = [i for i in range(k) if scaled[i] < 1.0]
    large = [i for i in range(k) if scaled[i] >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob[s], alias[s] = scaled[s], g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return prob, alias  # leftovers (rounding) keep prob 1


def _stderr(totals: np.ndarray) -> np.ndarray:
    N = float(totals[4, 0])
    if N < 2:
        return np.full(totals.shape[1], np.inf)
    u = float(_equity.SHARE_UNITS)
    mean = totals[2] / u / N
    var = (totals[3] / (u * u) - N * mean * mean) / (N - 1)
    return np.sqrt(np.maximum(var, 0.0) / N)


# --------------------------------------------------------------------------- public


def equity(players: Sequence[object], board: CardsLike | None = None,
           dead: CardsLike | None = None, *, method: str = "auto", samples: int | None = None,
           target_stderr: float | None = None, seed: int | np.random.Generator | None = None,
           threads: int | None = None, progress: ProgressFn | None = None,
           **unknown: object) -> EquityResult:
    """Hold'em equity of 2 to 10 players, each given as hole cards or a range.

    ``players``: a sequence (or an ``(n, 2)`` integer array) of hole cards (``"AhAd"``, ``"Ah Ad"``, ``["Ah", "Ad"]``,
    ``[50, 49]``) or ranges (``"QQ+, AKs"``, ``"0.5(AKo), JJ"``, a
    :class:`~handrank.equity.ranges.Range`). ``board``: 0, 3, 4 or 5 cards; ``dead``: cards
    out of play (mucked, seen).

    ``method``: ``"exact"`` enumerates every remaining board for every compatible
    combination of the players' combos (weighted by the product of the weights);
    ``"monte-carlo"`` samples deals: ``samples`` of them (default
    :data:`DEFAULT_SAMPLES`), or as many as needed for every player's standard
    error to reach ``target_stderr`` (checked after each chunk of
    :data:`CHUNK_SAMPLES`; ``samples`` then caps the count, else
    :data:`MAX_SAMPLES`); ``"auto"`` (default)
    is exact when neither ``samples`` nor ``target_stderr`` is given and the work
    is at most :data:`MAX_EXACT_EVALS` hand evaluations, else Monte Carlo.
    ``seed``: int or ``numpy.random.Generator`` (Monte Carlo only; None = fresh
    entropy, the seed drawn is reported). The result depends only on the inputs
    and the seed, never on ``threads`` or earlier calls.
    ``threads``: None/1 one thread, 0 all cores, n threads; the kernels release the GIL.
    ``progress``: optional ``callback(done, total)`` in hand evaluations (exact) or
    deals (Monte Carlo), called from the calling thread between work chunks.

    Returns an :class:`EquityResult`. Pots split between ``k`` players give each
    ``1/k`` (rules: ``rules/poker.md`` for ranking).

    Raises: HandSizeError (not 2-10 players, board not 0/3/4/5 cards, hole cards not
    2 cards), DuplicateCardError (a card shared by players' hole cards, the board or
    dead cards, naming both places), CardParseError (bad card text),
    RangeSyntaxError (bad range token, a range left empty by card removal, ranges
    that can never be dealt together), OptionError (unknown method, bad samples /
    target_stderr / seed, exact enumeration too large to list, an unknown keyword).
    """
    if unknown:
        raise OptionError(f"unknown option {min(unknown)!r}; accepted: "
                          f"{', '.join(_OPTIONS)}")
    _check_options(method, samples, target_stderr)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable(done, total) or None, got "
                        f"{type(progress).__name__}")
    if not isinstance(seed, np.random.Generator):
        cards.rng(seed)  # checked on every path, exact ones too (OptionError)
    if isinstance(players, np.ndarray):  # an (n, 2) integer array of hole-card ids
        if players.dtype.kind not in "iu":
            raise ArrayDtypeError(f"players: expected an integer (n, 2) array of card ids, "
                                  f"got dtype {players.dtype}")
        if players.ndim != 2 or players.shape[1] != 2:
            raise ArrayShapeError(f"players: expected an (n, 2) array of hole-card ids, got "
                                  f"shape {players.shape}")
    if isinstance(players, np.ndarray) and players.ndim >= 1:
        players = list(players)  # e.g. an (n, 2) array of card ids: one row per player
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError("players must be a sequence (list) of hole cards or ranges")
    n = len(players)
    if not 2 <= n <= 10:
        raise HandSizeError(f"equity needs 2 to 10 players, got {n}")
    board_ids = _cards(board, "board")
    if len(board_ids) not in (0, 3, 4, 5):
        raise HandSizeError(f"the board has 0, 3, 4 or 5 cards, got {len(board_ids)}")
    dead_ids = _cards(dead, "dead cards")
    for c in dead_ids:
        if c in board_ids:
            raise DuplicateCardError(f"{format_card(c)} is both on the board and dead", card=c)
    known: dict[int, str] = {c: "the board" for c in board_ids}
    known.update({c: "the dead cards" for c in dead_ids})
    parsed = [_player(p, i) for i, p in enumerate(players)]
    # Exact hole cards: clash with the board, dead cards or each other is an error.
    for i, (r, label, is_hand) in enumerate(parsed):
        if is_hand:
            for c in r.combos[0].tolist():
                if c in known:
                    raise DuplicateCardError(
                        f"player {i} ({label}): {format_card(c)} is also in {known[c]}", card=c)
            for c in r.combos[0].tolist():
                known[c] = f"player {i}'s hole cards ({label})"
    known_mask = _mask(board_ids) | _mask(dead_ids)
    hands_mask = _mask([c for r, _, h in parsed if h for c in r.combos[0].tolist()])
    ranges: list[Range] = []
    for i, (r, label, is_hand) in enumerate(parsed):
        rr = r if is_hand else r.without(known_mask | hands_mask)
        if len(rr) == 0:
            raise RangeSyntaxError(
                f"player {i}: range {label!r} is empty after card removal (board, dead "
                f"cards, other players' hole cards)" if len(r) else
                f"player {i}: range {label!r} has no combo with a weight above 0")
        ranges.append(rr)
    board_arr = np.array(board_ids, dtype=np.uint8)
    dead_mask = _mask(dead_ids)
    r_cards = 5 - len(board_ids)
    left = _equity.deck_left(board_arr, dead_mask, n)
    if left < r_cards:
        raise HandSizeError(f"only {left} cards are left to deal the {r_cards} board cards "
                            f"({n} players, {len(dead_ids)} dead)")
    threads_n = resolve_threads(threads)
    cards_in_ranges = np.bitwise_or.reduce(np.concatenate([r.masks() for r in ranges]))
    if int(cards_in_ranges).bit_count() < 2 * n:
        raise RangeSyntaxError(
            f"the players' ranges can never be dealt together: {n} players need {2 * n} "
            f"cards but their combos hold only {int(cards_in_ranges).bit_count()} cards")
    listing = _compatible(ranges, _PAIR_LIMIT)
    if listing is not None and len(listing[0]) == 0:
        raise RangeSyntaxError("the players' ranges can never be dealt together: every "
                               "combination shares a card")
    mc = samples is not None or target_stderr is not None or method == "monte-carlo"
    if method == "exact" and listing is None:
        raise OptionError("exact enumeration is too large to list every combination of the "
                          "players' ranges; use method='monte-carlo'")
    plan = None
    if not mc and listing is not None:
        boards_n = math.comb(left, r_cards) * n
        A = len(listing[0])
        if method == "exact" or A * boards_n <= MAX_EXACT_EVALS * 24:
            holes = _holes(ranges, listing[0])
            reps, inverse = _suit_classes(holes, board_ids, dead_ids)
            if method == "exact" or len(reps) * boards_n <= MAX_EXACT_EVALS:
                plan = holes, reps, inverse
    mc = plan is None
    board_text = " ".join(format_card(c) for c in board_ids)
    dead_text = " ".join(format_card(c) for c in dead_ids)
    labels = [label for _, label, _ in parsed]
    if not mc:
        assert listing is not None and plan is not None
        tot, total, boards = _exact(plan[0], listing[1], plan[1], plan[2], board_arr,
                                    dead_mask, threads_n, progress)
        u = float(_equity.SHARE_UNITS)
        out = []
        for p in range(n):
            wins, ties, share = tot[0, p], tot[1, p], tot[2, p]
            eq = share / u / total
            win = wins / total
            tie = (share - u * wins) / u / total  # exact split-pot units, no float noise
            out.append(PlayerEquity(labels[p], len(ranges[p]), float(eq), float(win),
                                    float(tie), _clean(wins), _clean(ties),
                                    _clean(total - wins - ties), 0.0))
        return EquityResult(tuple(out), board_text, dead_text, True, _clean(total),
                            len(listing[0]), boards, None)
    base, used_seed = _seed_base(seed)
    tot, N = _monte_carlo(ranges, board_arr, dead_mask, base, samples, target_stderr,
                          threads_n, progress)
    se = _stderr(tot)
    u = float(_equity.SHARE_UNITS)
    out = []
    for p in range(n):
        wins, ties = int(tot[0, p]), int(tot[1, p])
        eq = tot[2, p] / u / N
        win = wins / N
        tie = int(tot[2, p] - _equity.SHARE_UNITS * wins) / u / N  # split-pot units, exact
        out.append(PlayerEquity(labels[p], len(ranges[p]), float(eq), win, tie,
                                float(wins), float(ties), float(N - wins - ties), float(se[p])))
    return EquityResult(tuple(out), board_text, dead_text, False, float(N), 0, 0, used_seed)


def _clean(x: float) -> float:
    """Weighted counts: snap float noise to whole numbers when within 1e-9."""
    r = round(float(x))
    return float(r) if abs(x - r) < 1e-9 * max(1.0, abs(x)) else float(x)
