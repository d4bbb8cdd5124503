"""Shared helpers for the poker benchmarks: random hands, and one adapter per
library (handrank and its peers) that converts card ids to the library's own
input, runs its fastest per-hand call in a loop, and returns scores turned
around so that higher = stronger.

Card ids everywhere are handrank's (and phevaluator's): ``4 * rank + suit``,
rank 0 = deuce .. 12 = ace, suits c, d, h, s = 0..3.

Also the timing loop and load line every game's ``bench_*.py`` prints with. Used by
``compare_peers.py``, ``test_bench_poker.py`` and the ``bench_*.py`` scripts; not part of
the package.
"""

from __future__ import annotations

import gc
import importlib.metadata
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, starmap
from typing import Any

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_TEXT = [RANKS[i >> 2] + SUITS[i & 3] for i in range(52)]

def timings(fn: Callable[[], object], repeats: int) -> tuple[float, float]:
    """(median, best) wall seconds of ``repeats`` runs of ``fn`` after one warm-up run,
    with the garbage collector off while timing (every game's benchmark script)."""
    fn()
    gc.disable()
    try:
        ts = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            fn()
            ts.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return statistics.median(ts), min(ts)


def poker_equity_or_none() -> Any:
    """The ``poker_equity`` module, or None (with a line saying so) when it is not
    installed: the variant scripts then print handrank's rows only."""
    try:
        import poker_equity
    except ImportError:
        print("poker-equity is not installed (pip install poker-equity): handrank rows only")
        return None
    return poker_equity


def load_average() -> str:
    """The 1, 5 and 15 minute load averages as text, for a table's header (nan where
    the platform has none)."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"


#: All 7-card hands of one deck: C(52, 7).
ALL_7_CARD_HANDS = 133_784_560


def random_hands(n: int, seed: int) -> np.ndarray:
    """``(n, 7)`` ``uint8`` array of uniformly random 7-card hands (distinct
    cards in each row, in random order), reproducible from ``seed``.

    Rows are drawn with replacement and rows holding a repeated card are
    redrawn, which keeps the draw uniform over hands (and memory at 7 bytes a
    row, unlike an argsort of 52 keys per row)."""
    rng = np.random.default_rng(seed)
    out = rng.integers(0, 52, size=(n, 7), dtype=np.uint8)
    bad = _rows_with_repeats(out)
    while bad.size:
        out[bad] = rng.integers(0, 52, size=(bad.size, 7), dtype=np.uint8)
        bad = bad[_rows_with_repeats(out[bad])]
    return out


def _rows_with_repeats(a: np.ndarray) -> np.ndarray:
    s = np.sort(a, axis=1)
    return np.flatnonzero((s[:, 1:] == s[:, :-1]).any(axis=1))


def masks_of(hands: np.ndarray) -> np.ndarray:
    """``(N,)`` ``uint64`` card masks (bit = card id) of an ``(N, 7)`` id array."""
    one = np.uint64(1)
    m = np.zeros(len(hands), dtype=np.uint64)
    for j in range(hands.shape[1]):
        m |= np.left_shift(one, hands[:, j].astype(np.uint64))
    return m


def version_of(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


@dataclass
class Adapter:
    """One library's (or one call's) way of evaluating 7-card hands.

    ``prepare(rows)`` turns a list of 7-id tuples into the library's native
    per-hand inputs (done once, outside any timing). ``loop(items)`` calls the
    per-hand function once per item, discarding results (the single-call
    benchmark). ``bulk(items)`` is the library's fastest way to get a list of
    all the scores (``starmap``/``map`` over the inputs, or a batch API).
    ``higher_better(scores)`` turns those scores into an int64 array where a
    larger value is a stronger hand.
    """

    library: str
    dist: str
    call: str
    prepare: Callable[[list[tuple[int, ...]]], list[Any]]
    loop: Callable[[list[Any]], None]
    bulk: Callable[[list[Any]], Sequence[Any]]
    higher_better: Callable[[Sequence[Any]], np.ndarray]
    bulk_call: str = ""
    note: str = ""
    one: Callable[..., Any] | None = None  # the per-hand call, for pytest-benchmark
    one_args: Callable[[Any], tuple[Any, ...]] = field(default=lambda item: (item,))

    @property
    def version(self) -> str:
        return version_of(self.dist) or "?"


def _arr(x: Sequence[Any]) -> np.ndarray:
    return np.asarray(x, dtype=np.int64)


# --------------------------------------------------------------------- handrank

def handrank_adapters() -> list[Adapter]:
    from handrank import poker

    s7 = poker.strength7
    ev = poker.evaluate
    st = poker.strength

    def loop_s7(items: list[tuple[int, ...]]) -> None:
        f = s7
        for h in items:
            f(*h)

    def loop_ev(items: list[list[int]]) -> None:
        f = ev
        for h in items:
            f(h)

    def loop_st(items: list[list[int]]) -> None:
        f = st
        for h in items:
            f(h)

    return [
        Adapter("handrank", "handrank", "strength7(*ids)", prepare=list,
                loop=loop_s7, bulk=lambda items: list(starmap(s7, items)),
                higher_better=_arr, bulk_call="list(starmap(strength7, tuples))",
                one=s7, one_args=lambda h: tuple(h)),
        Adapter("handrank", "handrank", "evaluate(ids) -> HandValue",
                prepare=lambda rows: [list(r) for r in rows],
                loop=loop_ev, bulk=lambda items: list(map(ev, items)),
                higher_better=lambda vs: _arr([v.strength for v in vs]),
                bulk_call="list(map(evaluate, id_lists))", one=ev),
        Adapter("handrank", "handrank", "strength(ids)",
                prepare=lambda rows: [list(r) for r in rows],
                loop=loop_st, bulk=lambda items: list(map(st, items)),
                higher_better=_arr, bulk_call="list(map(strength, lists))", one=st),
    ]


# ------------------------------------------------------------------------ peers

def _phevaluator() -> list[Adapter]:
    from phevaluator import _pheval

    f7 = _pheval.evaluate_7cards

    def loop(items: list[tuple[int, ...]]) -> None:
        f = f7
        for h in items:
            f(*h)

    return [Adapter(
        "phevaluator", "phevaluator", "_pheval.evaluate_7cards(*ids)", prepare=list,
        loop=loop, bulk=lambda items: list(starmap(f7, items)),
        higher_better=lambda s: -_arr(s), bulk_call="list(starmap(evaluate_7cards, tuples))",
        note="lower = stronger (1 = royal flush); same card ids as handrank",
        one=f7, one_args=lambda h: tuple(h))]


def _eval7() -> list[Adapter]:
    import eval7

    deck = [eval7.Card(t) for t in CARD_TEXT]
    f = eval7.evaluate

    def loop(items: list[list[Any]]) -> None:
        g = f
        for h in items:
            g(h)

    return [Adapter(
        "eval7", "eval7", "evaluate(list[Card])",
        prepare=lambda rows: [[deck[c] for c in r] for r in rows],
        loop=loop, bulk=lambda items: list(map(f, items)),
        higher_better=_arr, bulk_call="list(map(evaluate, card_lists))",
        note="higher = stronger; inputs are prebuilt lists of eval7.Card", one=f)]


def _treys() -> list[Adapter]:
    from treys import Card, Evaluator

    deck = [Card.new(t) for t in CARD_TEXT]
    evaluator = Evaluator()
    f = evaluator.evaluate

    def prepare(rows: list[tuple[int, ...]]) -> list[tuple[list[int], list[int]]]:
        return [([deck[c] for c in r[:2]], [deck[c] for c in r[2:]]) for r in rows]

    def loop(items: list[tuple[list[int], list[int]]]) -> None:
        g = f
        for hand, board in items:
            g(hand, board)

    return [Adapter(
        "treys", "treys", "Evaluator().evaluate(hand, board)", prepare=prepare,
        loop=loop, bulk=lambda items: list(starmap(f, items)),
        higher_better=lambda s: -_arr(s), bulk_call="list(starmap(evaluate, (hand, board) pairs))",
        note="pure Python; lower = stronger; 21 five-card lookups per 7-card hand",
        one=f, one_args=lambda item: tuple(item))]


def _pokerkit() -> list[Adapter]:
    from pokerkit import Card, StandardHighHand

    deck = [next(Card.parse(t)) for t in CARD_TEXT]
    from_game = StandardHighHand.from_game
    get_entry = StandardHighHand.lookup.get_entry

    def best_index(cards: tuple[Any, ...]) -> int:
        # pokerkit has no 7-card evaluator: best of the 21 five-card lookups.
        return max(get_entry(five).index for five in combinations(cards, 5))

    def prep_pair(rows: list[tuple[int, ...]]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
        return [(tuple(deck[c] for c in r[:2]), tuple(deck[c] for c in r[2:])) for r in rows]

    def loop_pair(items: list[tuple[Any, Any]]) -> None:
        g = from_game
        for hole, board in items:
            g(hole, board)

    def loop_lookup(items: list[tuple[Any, ...]]) -> None:
        g = best_index
        for h in items:
            g(h)

    return [
        Adapter("pokerkit", "pokerkit", "StandardHighHand.from_game(hole, board)",
                prepare=prep_pair, loop=loop_pair,
                bulk=lambda items: list(starmap(from_game, items)),
                higher_better=lambda hs: _arr([h.entry.index for h in hs]),
                bulk_call="list(starmap(from_game, (hole, board) pairs))",
                note="public hand API; Hand objects compare, .entry.index higher = stronger",
                one=from_game, one_args=lambda item: tuple(item)),
        Adapter("pokerkit", "pokerkit", "max(lookup.get_entry(5 of 7).index)",
                prepare=lambda rows: [tuple(deck[c] for c in r) for r in rows],
                loop=loop_lookup, bulk=lambda items: list(map(best_index, items)),
                higher_better=_arr, bulk_call="list(map(best_of_21_lookups, card_tuples))",
                note="fastest pokerkit route found: its 5-card StandardLookup over the "
                     "21 subsets, skipping Hand construction", one=best_index),
    ]


def _poker_equity() -> list[Adapter]:
    import poker_equity

    score = poker_equity.score_batch

    def loop(items: list[str]) -> None:
        g = score
        for text in items:
            g("high", [text])

    def one(text: str) -> Any:
        return score("high", [text])

    return [Adapter(
        "poker-equity", "poker-equity", "score_batch('high', [text])",
        prepare=lambda rows: ["".join(CARD_TEXT[c] for c in r) for r in rows],
        loop=loop, bulk=lambda items: score("high", items),
        higher_better=lambda s: -_arr(s), bulk_call="score_batch('high', texts) (batch API)",
        note="no per-hand evaluator: score_batch (text in, lower = stronger, documented as "
             "existing for validation) is its only hand-scoring entry point",
        one=one)]


PEER_LOADERS: list[tuple[str, Callable[[], list[Adapter]]]] = [
    ("phevaluator", _phevaluator),
    ("eval7", _eval7),
    ("treys", _treys),
    ("pokerkit", _pokerkit),
    ("poker-equity", _poker_equity),
]


def load_peers() -> tuple[list[Adapter], list[str]]:
    """Adapters for every installed peer, and a note for each one skipped."""
    adapters: list[Adapter] = []
    notes: list[str] = []
    for name, loader in PEER_LOADERS:
        try:
            adapters.extend(loader())
        except ImportError as e:
            notes.append(f"{name}: skipped, not installed ({e})")
        except Exception as e:  # an API that changed under us: skip, say why
            notes.append(f"{name}: skipped, could not set up its evaluator "
                         f"({type(e).__name__}: {e})")
    return adapters, notes


def load_peer(name: str) -> list[Adapter] | None:
    """Adapters of one peer, or None if it is not installed/usable."""
    for n, loader in PEER_LOADERS:
        if n == name:
            try:
                return loader()
            except Exception:
                return None
    raise KeyError(name)
