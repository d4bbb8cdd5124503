"""Kernel-level fuzz: every ``def`` of every ``handrank.<game>._kernel`` module, called
directly with random arrays (random sizes, mostly the dtype the kernel declares so the
call gets past Cython's buffer checks, sometimes any other) and random integers
including the extremes (0, -1, 2**31 - 1, 2**31, 2**63 - 1, sizes larger than the
buffers). The property: each call returns or raises a Python exception; it never
crashes the interpreter. (Kernels are ``cimport``-able, so they must be safe on any
argument: docs/reliability.md. Run this under the sanitizer build to catch reads out of
bounds that happen not to crash.)

``BASES`` draws a valid call of each kernel and ``KINDS`` what each argument is spoiled
with; ``test_every_kernel_is_fuzzed`` finds
the kernels by introspection, so a new one cannot be forgotten. Parameters that drive a
loop without a buffer to bound it (sample counts) get small values only: a long loop
is not a safety bug.
"""

from __future__ import annotations

import importlib
import inspect

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from .conftest import examples
from .strategies import garbage

#: Kernels left out on purpose (benchmark hooks only), with the reason. (The first two
#: come with the issue-11 branches; listed ahead so the merge needs no edit here.)
ALLOWED_UNFUZZED: dict[str, str] = {
    "poker._plain_enumeration_benchmark": "benchmark hook: every 7-card hand per repeat "
                                          "(seconds), only a repeat count as argument",
    "equity._kernel_only_benchmark": "benchmark hook: whole exact enumerations per repeat",
}

SIZES = [0, 1, 2, 3, 5, 8, -1, -2, 2**31 - 1, 2**31, 2**32 + 1, 2**62, 2**63 - 1, -(2**63)]
C_INTS = [0, 1, 2, 3, 4, 5, 6, 7, 13, 48, 49, 52, -1, 2**29, 2**30, 2**31 - 1, -(2**31)]


def _index():
    return st.one_of(st.integers(0, 12), st.sampled_from(SIZES))


def _cint():
    return st.one_of(st.integers(-2, 14), st.sampled_from(C_INTS), st.sampled_from([2**31, 2**63]))


def _u64():
    return st.one_of(st.sampled_from([0, 1, 2**52 - 1, 2**52, 2**64 - 1, 7 | (1 << 51)]),
                     st.integers(0, 2**64 - 1))


def _small():
    """A count that drives a loop with no buffer behind it: small, or negative."""
    return st.one_of(st.integers(0, 60), st.sampled_from([-1, -(2**63), 0]))


@st.composite
def _array(draw, dtype, ndim, width=None, values=(0, 52)):
    """A C-contiguous array of ``dtype`` with ``ndim`` dimensions: mostly ``width``
    columns (the kernel's), any row count 0..8; card ids mostly valid and distinct
    per row, sometimes anything the dtype holds."""
    shape = []
    for i in range(ndim):
        last = i == ndim - 1
        if last and width is not None and draw(st.integers(0, 4)):
            shape.append(width)
        else:
            shape.append(draw(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 8, 13])))
    n = int(np.prod(shape))
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    mode = draw(st.sampled_from(["cards", "cards", "range", "wild"]))
    dt = np.dtype(dtype)
    if mode == "cards" and n:
        w = shape[-1] if shape and shape[-1] else 1
        rows = max(n // w, 1)
        vals = np.concatenate([g.permutation(52)[:w] if w <= 52 else g.integers(0, 52, w)
                               for _ in range(rows)])[:n]
    elif mode == "range" or dt.kind == "f":
        vals = g.integers(values[0], values[1], n)
    else:
        info = np.iinfo(dt)
        vals = g.integers(info.min, int(info.max) + 1, n, dtype=np.int64 if info.min < 0 else np.uint64)
    a = np.asarray(vals).astype(dt).reshape(shape)
    if dt.kind == "f" and mode == "wild" and n:
        a.flat[0] = draw(st.sampled_from([np.nan, np.inf, -1.0, 1e308]))
    return a


def A(dtype, ndim, width=None, values=(0, 52)):
    return lambda: _array(dtype, ndim, width, values)


def V(strategy):
    return lambda: strategy


def _tables():
    from handrank import chinese
    from handrank.chinese import _kernel as K
    return st.sampled_from([chinese.default_tables(), K.Tables.__new__(K.Tables)])


def _fields():
    return st.sampled_from([None, [], [None] * 7463, [{}] * 7463, [{"x": 1}] * 7464, (1, 2)])


#: Kernel name -> one argument-kind factory per parameter (what a spoiled argument is
#: drawn from).
KINDS = {
    "poker.best_five": [V(garbage())],
    "poker.bind_values": [V(st.sampled_from([object, int, type, ValueError, None])), V(_fields()),
                          V(st.sampled_from([None, lambda s: {}, lambda s: 5, print]))],
    "poker.category_first": [],
    "poker.class_ranks": [],
    "poker.eval_ids": [A(np.uint8, 2, 7), A(np.int32, 1), _index, _index,
                       V(st.sampled_from([1, 2, 4, 8, 0, 3, -1, 2**31])), V(st.booleans()),
                       lambda: _any_team(), V(st.booleans())],
    "poker.eval_masks": [A(np.uint64, 1, values=(0, 2**53)), A(np.int32, 1), _index, _index,
                         lambda: _any_team(), V(st.booleans())],
    "poker.evaluate": [V(garbage())],
    "poker.parse_rows": [V(garbage()),
                         V(st.sampled_from([lambda i, r: [0, 1, 2, 3, 4], lambda i, r: [300] * 5,
                                            lambda i, r: list(range(60)), lambda i, r: None,
                                            lambda i, r: [-1] * 5, lambda i, r: ["x"]]))],
    "poker.strength": [V(garbage())],
    "poker.strength5": [V(garbage())] * 5,
    "poker.strength6": [V(garbage())] * 6,
    "poker.strength7": [V(garbage())] * 7,
    "poker.strength_counts": [V(st.sampled_from([5, 6, 4, 8, 0, -1, 2**31 - 1, -(2**31)]))],
    "poker.table_bytes": [],
    "brag._plain_loop_benchmark": [A(np.uint8, 2, 3), A(np.int32, 1),
                                   V(st.sampled_from([3, 0, 4, -1])),
                                   V(st.sampled_from([1, 2, 0, -1, -(2**31)]))],
    "brag.category_first": [],
    "brag.eval_ids": [A(np.uint8, 2, 3), A(np.int32, 1), _index, _index,
                      V(st.sampled_from([0, 1, 2, 3, 4, -1, True, 2.5, None, 2**64])),
                      lambda: _any_team(), V(st.booleans())],
    "brag.eval_masks": [A(np.uint64, 1, values=(0, 2**53)), A(np.int32, 1), _index, _index,
                        V(st.sampled_from([0, 3, 4, -1])), lambda: _any_team(), V(st.booleans())],
    "brag.exact_one": [_cint, _cint, _cint, _u64, V(st.sampled_from([3, 0, 7]))],
    "brag.monte_carlo": [_cint, _cint, _cint, _u64, _cint, _u64, _small, _small,
                         V(st.sampled_from([3, 1, 9]))],
    "brag.strength3": [V(garbage())] * 3 + [V(st.sampled_from([3, 0, 4, -1, None, 1.0]))],
    "brag.table": [V(st.sampled_from([0, 1, 2, 3, 4, -1, None, "3", 2**70]))],
    "brag.table_bytes": [],
    "crash.set_rows": [A(np.int16, 1, 2 * 2197, values=(0, 741)),
                       V(st.sampled_from([741, 1, 0, -1, 1024, 1025, 2**31 - 1])),
                       A(np.uint8, 2, 13), V(st.sampled_from([4, 1, 2, 0, -1, 8, 9, 2**31 - 1])),
                       V(st.sampled_from([0, 1, 2, -1])),
                       A(np.float64, 2, 741, values=(0, 2)), A(np.uint8, 2, 13),
                       A(np.int16, 2, 4), A(np.float64, 1), _index, _index],
    "chinese.Tables": [V(st.one_of(garbage(), st.sampled_from([
        [[np.zeros(456)] * 5, [np.zeros(7463)] * 5, [np.zeros(7463)] * 5],
        [[np.zeros(456)] * 5, [np.zeros(7463)] * 5, [np.zeros(10)] * 5],
        [[np.full(456, np.nan)] * 5, [np.zeros(7463)] * 5, [np.zeros(7463)] * 5]]))),
        V(st.sampled_from([0, 1, -1, 2**63 - 1, 2**63, None]))],
    "chinese.default_counts": [],
    "chinese.front_key_table": [],
    "chinese.front_strength_table": [],
    "chinese.front_strengths": [A(np.uint8, 2, 3), A(np.int32, 1), _index,
                                lambda: st.one_of(st.none(), _index()), lambda: _any_team(),
                                V(st.booleans())],
    "chinese.greedy": [A(np.uint8, 2, 13), A(np.uint8, 2, 13), _index, _index],
    "chinese.middle_key_table": [],
    "chinese.score_tables": [A(np.uint8, 3, 13), A(np.uint8, 2, None, (0, 4)), _cint,
                             A(np.int32, 3), A(np.int32, 3, 3), A(np.uint8, 2), A(np.uint8, 2),
                             A(np.uint8, 2), _index, _index],
    "chinese.setting_ev": [A(np.uint8, 2, 13), _cint, V(_tables()), A(np.float64, 1)],
    "chinese.solve": [A(np.uint8, 2, 13), _cint, V(_tables()), A(np.uint8, 2, 13),
                      A(np.float64, 1), A(np.int8, 1), A(np.uint8, 2, 13), _index, _index],
    "canada.equity_kernel": [A(np.uint8, 1, 6), A(np.uint8, 1, 28), _cint, _u64, _small, _small,
                             A(np.int64, 1)],
    "canada.eval_ids": [A(np.uint8, 2, 6), A(np.uint8, 2, 2), _cint, A(np.int32, 1), _index,
                        _index, lambda: _any_team(), V(st.booleans())],
    "canada.eval_unchecked": [A(np.uint8, 2, 6, values=(0, 256)), A(np.int32, 1)],
    "canada.odds_first": [V(st.sampled_from([48, 49, -1, 2**31 - 1, -(2**31)])), V(st.booleans())],
    "canada.strength_ids": [A(np.uint8, 1, 6)],
    "canada.table_bytes": [],
    "equity._rng_draws": [_u64, _u64, _small, V(st.sampled_from([0, 1, 2, 52, 2**32 - 1]))],
    "equity.class_keys": [A(np.uint8, 2, 4), A(np.uint8, 1, 3), _u64],
    "equity.compatible_step": [A(np.int32, 2, 2, (-2, 8)), A(np.uint64, 1, None, (0, 2**52)),
                               A(np.float64, 1), A(np.uint64, 1, None, (0, 2**52)),
                               A(np.float64, 1), V(st.booleans())],
    "equity.deck_left": [A(np.uint8, 1, 3), _u64, _cint],
    "equity.gather_holes": [A(np.int32, 2, 2, (-2, 8)),
                            V(st.lists(_array(np.uint8, 2, 2), max_size=4))],
    "equity.weighted_sum": [A(np.float64, 1), A(np.int64, 2, 6), A(np.float64, 1)],
    "equity.headsup_boards": [A(np.uint8, 2, 2), A(np.float64, 1, None, (0, 2)),
                              A(np.uint8, 2, 2), A(np.float64, 1, None, (0, 2)),
                              A(np.uint8, 1, 3), _u64, A(np.uint8, 2, 2), _index, _index,
                              A(np.float64, 2, 4), lambda: _any_team(), V(st.booleans())],
    "equity.headsup_pairs": [A(np.uint8, 2, 2), A(np.uint8, 2, 2)],
    "equity.exact_units": [A(np.uint8, 2, 4), A(np.uint8, 1, 5), _u64, _index, _index,
                           A(np.int64, 2, 6), V(st.booleans())],
    "equity.monte_carlo": [A(np.uint8, 2, 2), A(np.int64, 1, 3, (0, 4)), A(np.float64, 1, None, (0, 2)),
                           A(np.int64, 1, None, (0, 4)), A(np.uint8, 1, 2, (0, 2)),
                           A(np.uint8, 1, 3), _u64, _u64, _small, V(st.sampled_from([1, 5, 0, -1])),
                           _u64, _small, A(np.int64, 2, 5)],
}




# ------------------------------------------------------------------ valid base calls
# Each draws one valid call of random size (consistent shapes, distinct cards), which
# the fuzz then spoils argument by argument: so the kernel bodies run, not only the
# first check.

def _perm(draw) -> np.ndarray:
    return np.random.default_rng(draw(st.integers(0, 2**32 - 1))).permutation(52).astype(np.uint8)


def _rows(draw, n, w) -> np.ndarray:
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    return np.array([g.permutation(52)[:w] for _ in range(n)], dtype=np.uint8).reshape(n, w)


def _range(draw, n):
    start = draw(st.integers(0, n))
    return start, draw(st.integers(start, n))


def _masks(ids: np.ndarray) -> np.ndarray:
    return (np.uint64(1) << ids.astype(np.uint64)).sum(axis=1, dtype=np.uint64)


def _team(draw, start, stop):
    """None, or a Team for rows start..stop (``_c/team.h``), lead or not."""
    from handrank._support._kernel import Team
    if draw(st.booleans()):
        return [None, True]
    return [Team(start, stop, draw(st.sampled_from([1, 2, 3, 0, -1, 2**62]))), draw(st.booleans())]


def _any_team():
    """A team argument spoiled: another range, a huge one, or not a Team."""
    from handrank._support._kernel import Team
    return st.sampled_from([None, Team(0, 3, 1), Team(1, 2**62, 2**62), Team(0, 0, 1),
                            np.zeros(5, np.int64), "team", 0])


def _b_poker_eval_ids(draw):
    n, k = draw(st.integers(0, 8)), draw(st.integers(5, 7))
    dt = np.dtype(draw(st.sampled_from([np.uint8, np.int16, np.uint32, np.int64])))
    ids = np.ascontiguousarray(_rows(draw, n, k).astype(dt)).view(np.uint8)
    a, b = _range(draw, n)
    return [ids, np.zeros(n, np.int32), a, b, dt.itemsize, dt.kind == "i", *_team(draw, a, b)]


def _b_poker_eval_masks(draw):
    n = draw(st.integers(0, 8))
    m = _masks(_rows(draw, n, draw(st.integers(5, 7))))
    a, b = _range(draw, n)
    return [m, np.zeros(n, np.int32), a, b, *_team(draw, a, b)]


def _b_single(k):
    return lambda draw: [int(c) for c in _perm(draw)[:k]]


def _b_hand(draw):
    return [[int(c) for c in _perm(draw)[:draw(st.integers(5, 7))]]]


def _b_parse_rows(draw):
    from handrank.cards import format_cards, parse_cards
    rows = _rows(draw, draw(st.integers(0, 5)), draw(st.integers(1, 13)))
    return [[format_cards(r) for r in rows.tolist()], lambda i, r: parse_cards(r)]


def _b_bind(draw):
    from handrank.poker import hands
    return [hands.HandValue, hands._FIELDS, hands._fields]


def _b_brag_eval_ids(draw):
    n = draw(st.integers(0, 8))
    a, b = _range(draw, n)
    return [_rows(draw, n, 3), np.zeros(n, np.int32), a, b, draw(st.integers(0, 3)),
            *_team(draw, a, b)]


def _b_brag_eval_masks(draw):
    n = draw(st.integers(0, 8))
    a, b = _range(draw, n)
    return [_masks(_rows(draw, n, 3)), np.zeros(n, np.int32), a, b, draw(st.integers(0, 3)),
            *_team(draw, a, b)]


def _b_brag_hand(draw):
    p = _perm(draw)
    a, b, c = (int(x) for x in p[:3])
    dead = int(_masks(p[None, :draw(st.integers(3, 10))])[0])
    return [a, b, c, dead]


def _b_brag_exact_one(draw):
    return _b_brag_hand(draw) + [draw(st.integers(0, 3))]


def _b_brag_monte_carlo(draw):
    start = draw(st.integers(0, 5))
    return _b_brag_hand(draw) + [draw(st.integers(1, 13)), draw(_u64()), start,
                                 start + draw(st.integers(0, 20)), draw(st.integers(0, 3))]


def _b_brag_plain(draw):
    n = draw(st.integers(0, 8))
    return [_rows(draw, n, 3), np.zeros(n, np.int32), draw(st.integers(0, 3)), 1]


def _b_crash_set_rows(draw):
    from handrank.crash import NUM_STRENGTHS
    from handrank.crash.hands import _tables
    from handrank.crash.setting import _win_table
    from handrank.crash.hands import DEFAULT_OPTS
    n, c = draw(st.integers(0, 4)), draw(st.sampled_from([3, 6, 7, 9, 13]))
    nh, players = c // 3, draw(st.integers(2, 4))
    win = _win_table(c, players, False, DEFAULT_OPTS)
    return [_tables(DEFAULT_OPTS)[0], NUM_STRENGTHS, _rows(draw, n, c), nh, draw(st.integers(0, 1)),
            win, np.zeros((n, c), np.uint8), np.zeros((n, nh), np.int16), np.zeros(n),
            *_range(draw, n)]


def _b_tables(draw):
    from handrank import chinese
    t = chinese.default_tables()
    return [t.arrays, draw(st.sampled_from([t.samples, 0, -1]))]


def _b_front_strengths(draw):
    n = draw(st.integers(0, 8))
    a, b = _range(draw, n)
    return [_rows(draw, n, 3), np.zeros(n, np.int32), a, b, *_team(draw, a, b)]


def _b_greedy(draw):
    n = draw(st.integers(0, 4))
    return [_rows(draw, n, 13), np.zeros((n, 13), np.uint8), *_range(draw, n)]


def _b_solve(draw):
    from handrank import chinese
    n = draw(st.integers(0, 3))
    return [_rows(draw, n, 13), draw(st.integers(0, 3)), chinese.default_tables(),
            np.zeros((n, 13), np.uint8), np.zeros(n), np.zeros(n, np.int8),
            np.zeros((n, 13), np.uint8), *_range(draw, n)]


def _b_setting_ev(draw):
    from handrank import chinese
    n = draw(st.integers(0, 4))
    return [_rows(draw, n, 13), draw(st.integers(0, 3)), chinese.default_tables(), np.zeros(n)]


def _b_score_tables(draw):
    n, p = draw(st.integers(0, 4)), draw(st.integers(2, 4))
    ids = _rows(draw, n, 13 * p).reshape(n, p, 13)
    declare = np.array(draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3]), min_size=n * p,
                                     max_size=n * p)), dtype=np.uint8).reshape(n, p)
    return [ids, declare, draw(st.integers(0, 3)), np.zeros((n, p, p), np.int32),
            np.zeros((n, p, 3), np.int32), np.zeros((n, p), np.uint8),
            np.zeros((n, p), np.uint8), np.zeros((n, p), np.uint8), *_range(draw, n)]


def _b_canada_equity(draw):
    p = _perm(draw)
    m = draw(st.integers(4, 46))
    opp = draw(st.integers(1, m // 4))
    start = draw(st.integers(0, 5))
    return [p[:6].copy(), p[6:6 + m].copy(), opp, draw(_u64()), start,
            start + draw(st.integers(0, 20)), np.zeros(opp + 2 + draw(st.integers(0, 2)), np.int64)]


def _b_canada_eval_ids(draw):
    n = draw(st.integers(0, 8))
    rows = _rows(draw, n, 6)
    a, b = _range(draw, n)
    if draw(st.booleans()):
        return [rows, np.zeros((1, 2), np.uint8), 1, np.zeros(n, np.int32), a, b,
                *_team(draw, a, b)]
    pits = rows[:1, 4:] if n and draw(st.booleans()) else rows[:, 4:]
    return [np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(pits),
            draw(st.integers(1, 3)), np.zeros(n, np.int32), a, b, *_team(draw, a, b)]


def _b_canada_unchecked(draw):
    n = draw(st.integers(0, 8))
    return [_rows(draw, n, 6), np.zeros(n, np.int32)]


def _b_deck_left(draw):
    p = _perm(draw)
    b = draw(st.sampled_from([0, 3, 4, 5]))
    return [p[:b].copy(), int(_masks(p[None, 5:5 + draw(st.integers(0, 3))])[0]),
            draw(st.integers(0, 10))]


def _b_exact_units(draw):
    p = _perm(draw)
    b = draw(st.sampled_from([4, 5, 5, 3]))
    players = draw(st.integers(2, 3))
    board = p[:b].copy()
    rest = p[b:]
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    a = draw(st.integers(0, 2))
    holes = np.array([g.permutation(rest)[:2 * players] for _ in range(a)],
                     dtype=np.uint8).reshape(a, 2 * players)
    split = draw(st.booleans())
    r = 5 - b
    left = 52 - b - 2 * players
    m0 = 1 if r == 0 or not split else left - r + 1
    return [holes, board, 0, *_range(draw, a * m0), np.zeros((a * m0, 3 * players), np.int64), split]


def _b_monte_carlo(draw):
    n = draw(st.integers(2, 4))
    counts = draw(st.lists(st.integers(1, 3), min_size=n, max_size=n))
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    combos = np.array([g.permutation(52)[:2] for _ in range(sum(counts))], dtype=np.uint8)
    off = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    alias = np.concatenate([np.full(c, o) for c, o in zip(counts, off[:-1])]).astype(np.int64)
    board = _perm(draw)[:draw(st.sampled_from([0, 3, 4, 5]))].copy()
    return [combos, off, np.ones(len(combos)), alias, np.zeros(n, np.uint8), board,
            0, draw(_u64()), draw(st.integers(0, 40)), draw(st.sampled_from([1, 50])), draw(_u64()),
            draw(st.sampled_from([0, 1, 7])),
            draw(st.sampled_from([None, np.zeros((5, len(combos)), np.int64)]))]  # per_combo


def _b_const(*args):
    return lambda draw: list(args)


def _b_compatible_step(draw):
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    a, k, m = draw(st.integers(0, 8)), draw(st.integers(0, 3)), draw(st.integers(0, 8))
    cards = lambda rows: np.array([(1 << int(x)) | (1 << int(y)) for x, y in  # noqa: E731
                                   (g.permutation(52)[:2] for _ in range(rows))], np.uint64)
    return [g.integers(0, 5, (a, k)).astype(np.int32), cards(a).reshape(a), g.random(a),
            cards(m).reshape(m), g.random(m), draw(st.booleans())]


def _b_weighted_sum(draw):
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    m, k = draw(st.integers(0, 600)), draw(st.integers(0, 9))
    return [g.random(m), g.integers(0, 10**6, (m, k)), np.zeros(k)]


def _b_headsup_boards(draw):
    import itertools
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    deck = g.permutation(52).astype(np.uint8)
    blen = draw(st.sampled_from([3, 4, 5]))
    board, dead, rest = deck[:blen].copy(), int(deck[5]), deck[6:]
    pairs = list(itertools.combinations(rest.tolist(), 2))
    combos = lambda k: np.array([pairs[i] for i in g.choice(len(pairs), k, replace=False)],  # noqa: E731
                                np.uint8).reshape(k, 2)
    h, v = draw(st.integers(0, 12)), draw(st.integers(0, 12))
    r = 5 - blen
    rows = list(itertools.combinations(rest[:8].tolist(), r))
    comp = np.array(rows, np.uint8).reshape(len(rows), r)
    start, stop = _range(draw, len(comp))
    return [combos(h), 0.5 + 0.5 * g.random(h), combos(v), 0.5 + 0.5 * g.random(v), board,
            1 << dead, comp, start, stop, np.zeros((len(comp), 4)), *_team(draw, start, stop)]


def _b_gather_holes(draw):
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    sizes = g.integers(1, 6, draw(st.integers(1, 4)))
    a = draw(st.integers(0, 8))
    idx = np.column_stack([g.integers(0, k, a) for k in sizes]).astype(np.int32)
    return [idx.reshape(a, len(sizes)),
            [g.integers(0, 52, (k, 2)).astype(np.uint8) for k in sizes]]


BASES = {
    "poker.best_five": _b_hand,
    "poker.bind_values": _b_bind,
    "poker.category_first": _b_const(),
    "poker.class_ranks": _b_const(),
    "poker.eval_ids": _b_poker_eval_ids,
    "poker.eval_masks": _b_poker_eval_masks,
    "poker.evaluate": _b_hand,
    "poker.parse_rows": _b_parse_rows,
    "poker.strength": _b_hand,
    "poker.strength5": _b_single(5),
    "poker.strength6": _b_single(6),
    "poker.strength7": _b_single(7),
    "poker.strength_counts": _b_const(5),
    "poker.table_bytes": _b_const(),
    "brag._plain_loop_benchmark": _b_brag_plain,
    "brag.category_first": _b_const(),
    "brag.eval_ids": _b_brag_eval_ids,
    "brag.eval_masks": _b_brag_eval_masks,
    "brag.exact_one": _b_brag_exact_one,
    "brag.monte_carlo": _b_brag_monte_carlo,
    "brag.strength3": lambda draw: _b_single(3)(draw) + [draw(st.integers(0, 3))],
    "brag.table": lambda draw: [draw(st.integers(0, 3))],
    "brag.table_bytes": _b_const(),
    "crash.set_rows": _b_crash_set_rows,
    "chinese.Tables": _b_tables,
    "chinese.default_counts": _b_const(),
    "chinese.front_key_table": _b_const(),
    "chinese.front_strength_table": _b_const(),
    "chinese.front_strengths": _b_front_strengths,
    "chinese.greedy": _b_greedy,
    "chinese.middle_key_table": _b_const(),
    "chinese.score_tables": _b_score_tables,
    "chinese.setting_ev": _b_setting_ev,
    "chinese.solve": _b_solve,
    "canada.equity_kernel": _b_canada_equity,
    "canada.eval_ids": _b_canada_eval_ids,
    "canada.eval_unchecked": _b_canada_unchecked,
    "canada.odds_first": lambda draw: [draw(st.integers(44, 48)), draw(st.booleans())],
    "canada.strength_ids": lambda draw: [_perm(draw)[:6].copy()],
    "canada.table_bytes": _b_const(),
    "equity._rng_draws": lambda draw: [draw(_u64()), draw(_u64()), draw(st.integers(0, 50)),
                                       draw(st.sampled_from([0, 1, 52, 2**32 - 1]))],
    "equity.class_keys": lambda draw: _b_exact_units(draw)[:3],
    "equity.compatible_step": _b_compatible_step,
    "equity.deck_left": _b_deck_left,
    "equity.gather_holes": _b_gather_holes,
    "equity.weighted_sum": _b_weighted_sum,
    "equity.headsup_boards": _b_headsup_boards,
    "equity.headsup_pairs": lambda draw: _b_headsup_boards(draw)[0:3:2],
    "equity.exact_units": _b_exact_units,
    "equity.monte_carlo": _b_monte_carlo,
}


# ---------------------------------------------- kernels the issue-11 branches bring
# (h11bulk, h11exact, h11mc): used once they exist, so the merge needs no edit here.

def _b_exact_iso(draw):
    holes, board, dead, _, _, _, split = _b_exact_units(draw)
    parts = draw(st.integers(1, 3))
    a, players = holes.shape[0], holes.shape[1] // 2
    start, stop = _range(draw, a * parts)
    return [holes, board, dead, parts, start, stop,
            np.zeros((a * parts, 3 * players), np.int64), *_team(draw, start, stop)]


def _b_deal_rows(draw):
    n, k = draw(st.integers(0, 40)), draw(st.sampled_from([0, 1, 2, 5, 7, 13, 52]))
    start = draw(st.integers(0, 600))
    return [draw(_u64()), start, start + n, np.zeros((n, k), np.uint8)]


def _b_plain_mc(draw):
    return [_perm(draw)[:4].copy(), draw(_u64()), draw(st.integers(0, 50))]


def _b_scatter_combos(draw):
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    n, nb, A = draw(st.integers(2, 4)), draw(st.integers(1, 5)), draw(st.integers(0, 12))
    sizes = g.integers(1, 5, n)
    off = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    b0 = draw(st.integers(0, 3))
    idx = np.column_stack([g.integers(0, k, A) for k in sizes]).astype(np.int64).reshape(A, n)
    order = g.permutation(A).astype(np.int64) if draw(st.booleans()) else np.zeros(0, np.int64)
    s = draw(st.integers(0, A))
    return [g.integers(0, 100, (nb, 3 * n)).astype(np.int64), b0, order, s,
            draw(st.integers(s, A)), (b0 + g.integers(0, nb, A)).astype(np.int64),
            g.random(A), idx, off, np.zeros((4, int(off[-1]))),]


PENDING = {
    "equity.exact_iso": (_b_exact_iso, [A(np.uint8, 2, 4), A(np.uint8, 1, 5), _u64,
                                        V(st.sampled_from([1, 2, 0, -1, 2**31, 2**63 - 1])),
                                        _index, _index, A(np.int64, 2, 6),
                                        lambda: _any_team(), V(st.booleans())]),
    "equity.scatter_combos": (_b_scatter_combos, [
        A(np.int64, 2, 6, (0, 100)), _index, A(np.int64, 1, None, (-2, 14)), _index, _index,
        A(np.int64, 1, None, (-2, 8)), A(np.float64, 1), A(np.int64, 2, 2, (-2, 6)),
        A(np.int64, 1, 3, (-1, 8)), A(np.float64, 2, 4)]),
    "equity._plain_monte_carlo_benchmark": (_b_plain_mc, [A(np.uint8, 1, 4), _u64, _small]),
    "_cards.deal_rows": (_b_deal_rows, [_u64, V(st.sampled_from([0, 1, -1, 64, 2**62])),
                                        _index, A(np.uint8, 2, 7)]),
    "poker._plain_loop_benchmark": (
        lambda draw: [_rows(draw, draw(st.integers(0, 8)), 7), np.zeros(8, np.int32), 1],
        [A(np.uint8, 2, 7), A(np.int32, 1), V(st.sampled_from([1, 2, 0, -1, -(2**31)]))]),
}
# ----------------------------------------------------------------------- omaha

def _b_omaha_hand(draw):
    p, h = _perm(draw), draw(st.integers(4, 6))
    return [[int(c) for c in p[:h]], [int(c) for c in p[h:h + 5]]]


def _b_omaha_rows(draw):
    n, h = draw(st.integers(0, 8)), draw(st.integers(2, 6))
    rows = _rows(draw, n, h + 5)
    a, b = _range(draw, n)
    return [np.ascontiguousarray(rows[:, :h]), np.ascontiguousarray(rows[:, h:]),
            np.zeros(n, np.int32), a, b, draw(st.booleans()), *_team(draw, a, b)]


_OMAHA_HAND = [V(garbage()), V(garbage())]
KINDS.update({
    "omaha.best_high": _OMAHA_HAND, "omaha.fast_high": _OMAHA_HAND,
    "omaha.fast_low": _OMAHA_HAND, "omaha.high": _OMAHA_HAND, "omaha.low": _OMAHA_HAND,
    "omaha.low_mask": _OMAHA_HAND,
    "omaha.eval_rows": [A(np.uint8, 2, 6, values=(0, 256)), A(np.uint8, 2, 5, values=(0, 256)),
                        A(np.int32, 1), _index, _index, V(st.booleans()), lambda: _any_team(),
                        V(st.booleans())],
    "omaha.low_strength_of_mask": [V(st.sampled_from([31, 248, 0, 255, 256, -1, 2**32, 2**64]))],
    "omaha.table_bytes": [],
    "omaha.table_entry": [_cint] * 5,
})
BASES.update({
    "omaha.best_high": _b_omaha_hand, "omaha.fast_high": _b_omaha_hand,
    "omaha.fast_low": _b_omaha_hand, "omaha.high": _b_omaha_hand, "omaha.low": _b_omaha_hand,
    "omaha.low_mask": _b_omaha_hand,
    "omaha.eval_rows": _b_omaha_rows,
    "omaha.low_strength_of_mask": lambda draw: [draw(st.sampled_from([31, 248, 0b10110110]))],
    "omaha.table_bytes": _b_const(),
    "omaha.table_entry": lambda draw: [draw(st.integers(0, 12)) for _ in range(5)],
})



def _b_showdown(draw, mc):
    """A small valid call of a game's showdown-equity unit (``_c/showdown_equity.h``):
    every own card known, 3 to 5 board cards known (at most ~1,000 deals)."""
    p, n, h = _perm(draw), draw(st.integers(1, 6)), draw(st.integers(4, 6))
    bk = draw(st.integers(3, 5))
    own = np.ascontiguousarray(p[:n * h].reshape(n, h))
    board = np.zeros(5, np.uint8)
    board[:bk] = p[n * h:n * h + bk]
    dead = draw(st.sampled_from([0, 1 << int(p[-1])]))
    head = [own, np.full(n, h, np.uint8), board, bk, dead, 2**52 - 1,
            draw(st.integers(0, 2)), 0]
    out = np.zeros((6, n), np.int64)
    if mc:
        return [*head, draw(_u64()), draw(st.integers(0, 9)), draw(st.integers(1, 40)),
                draw(st.integers(0, 60)), out]
    k = 5 - bk
    s = draw(st.integers(0, min(2, k)))
    m = 52 - n * h - bk - (dead != 0)
    count = 1 if k == 0 else [1, m - k + 1, (m - k + 2) * (m - k + 1) // 2][s]
    return [*head, s, *_range(draw, count), out]


# own_known spoiled only upwards (6..255: all known, or more than the row holds), so a
# spoiled call never enumerates a huge deal (a long loop is not a safety bug)
_KNOWN_COUNTS = V(st.one_of(
    st.lists(st.integers(6, 255), max_size=8).map(lambda v: np.array(v, np.uint8)),
    st.sampled_from([np.full(2, 6, np.int64), np.full((2, 2), 6, np.uint8), None, 6])))
_SHOWDOWN_KNOWN = [A(np.uint8, 2, 4), _KNOWN_COUNTS, A(np.uint8, 1, 5),
                   V(st.sampled_from([3, 4, 5, 6, -1, 2**31 - 1])), _u64, _u64, _cint, _cint]
KINDS.update({
    "omaha.showdown_exact": [*_SHOWDOWN_KNOWN, _cint, _index, _index, A(np.int64, 2, 2)],
    "omaha.showdown_monte_carlo": [*_SHOWDOWN_KNOWN, _u64, _index, _index, _small,
                                   A(np.int64, 2, 2)],
})
BASES.update({
    "omaha.showdown_exact": lambda draw: _b_showdown(draw, False),
    "omaha.showdown_monte_carlo": lambda draw: _b_showdown(draw, True),
})

# ---------------------------------------------- stud and short-deck equity units (issue 13)

def _b_stud_showdown(draw, mc):
    """A small valid stud unit: 1 to 7 players of 7 own cards, no board; player 0 may
    miss one card (at most 45 deals)."""
    p, n = _perm(draw), draw(st.integers(1, 7))
    own = np.ascontiguousarray(p[:7 * n].reshape(n, 7))
    known = np.full(n, 7, np.uint8)
    known[0] = draw(st.sampled_from([6, 7]))
    dead = draw(st.sampled_from([0, 1 << int(p[-1])]))
    head = [own, known, np.zeros(0, np.uint8), 0, dead, 2**52 - 1, draw(st.integers(0, 2)),
            draw(st.integers(0, 1))]
    out = np.zeros((6, n), np.int64)
    if mc:
        return [*head, draw(_u64()), draw(st.integers(0, 9)), draw(st.integers(1, 40)),
                draw(st.integers(0, 60)), out]
    k = 7 - int(known[0])
    s = draw(st.integers(0, k))
    m = 52 - 7 * n + k - (dead != 0)
    return [*head, s, *_range(draw, m if s else 1), out]


def _b_sd_showdown(draw, mc):
    """A small valid short-deck unit: 1 to 10 players' hole cards, 3 to 5 board cards
    known, the 36-card deck mask (at most ~500 deals)."""
    n, bk = draw(st.integers(1, 10)), draw(st.integers(3, 5))
    ids = _sd_rows(draw, 1, 2 * n + bk)[0]
    board = np.zeros(5, np.uint8)
    board[:bk] = ids[2 * n:]
    head = [np.ascontiguousarray(ids[:2 * n].reshape(n, 2)), np.full(n, 2, np.uint8), board,
            bk, 0, (2**52 - 1) ^ (2**16 - 1), 0, draw(st.integers(0, 1))]
    out = np.zeros((6, n), np.int64)
    if mc:
        return [*head, draw(_u64()), draw(st.integers(0, 9)), draw(st.integers(1, 40)),
                draw(st.integers(0, 60)), out]
    k, m = 5 - bk, 36 - 2 * n - bk
    s = draw(st.integers(0, min(2, k)))
    count = 1 if k == 0 else [1, m - k + 1, (m - k + 2) * (m - k + 1) // 2][s]
    return [*head, s, *_range(draw, count), out]


# stud's known counts spoiled only upwards (7..255), as omaha's (no huge enumeration)
_STUD_KNOWN = [A(np.uint8, 2, 7), V(st.one_of(
    st.lists(st.integers(7, 255), max_size=8).map(lambda v: np.array(v, np.uint8)),
    st.sampled_from([np.full(2, 7, np.int64), np.full((2, 2), 7, np.uint8), None, 7]))),
    A(np.uint8, 1, 0), V(st.sampled_from([0, 1, 5, -1, 2**31 - 1])), _u64, _u64, _cint, _cint]
_SD_KNOWN = [A(np.uint8, 2, 2, values=(0, 256)), _KNOWN_COUNTS, A(np.uint8, 1, 5),
             V(st.sampled_from([3, 4, 5, 6, -1, 2**31 - 1])), _u64, _u64, _cint, _cint]
for _game, _known, _base in (("stud", _STUD_KNOWN, _b_stud_showdown),
                             ("shortdeck", _SD_KNOWN, _b_sd_showdown)):
    KINDS[f"{_game}.showdown_exact"] = [*_known, _cint, _index, _index, A(np.int64, 2, 2)]
    KINDS[f"{_game}.showdown_monte_carlo"] = [*_known, _u64, _index, _index, _small,
                                              A(np.int64, 2, 2)]
    BASES[f"{_game}.showdown_exact"] = (lambda b: lambda draw: b(draw, False))(_base)
    BASES[f"{_game}.showdown_monte_carlo"] = (lambda b: lambda draw: b(draw, True))(_base)

_STUD_HAND = [V(garbage())]
for _name in ("stud.low", "stud.high", "stud.razz"):
    KINDS[_name] = _STUD_HAND
BASES["stud.low"] = lambda draw: [[int(c) for c in _perm(draw)[:draw(st.integers(5, 7))]]]
BASES["stud.high"] = BASES["stud.razz"] = lambda draw: [[int(c) for c in _perm(draw)[:7]]]

for _name, (_base, _kinds) in PENDING.items():
    BASES.setdefault(_name, _base)
    KINDS.setdefault(_name, _kinds)


def _b_scan_lines(draw):
    data = draw(st.binary(max_size=120) | st.sampled_from([b"As Kd Qh Jc Tc\n2c3c4c5c7d9h\n#x\n"]))
    cap = draw(st.integers(0, 8))
    return [data, draw(st.integers(0, len(data))), draw(st.booleans()),
            np.zeros((cap, 7), np.uint8), np.zeros(cap, np.int8), np.zeros(cap + 1, np.int64)]


# handrank._support: the Team of threads sharing a bulk call's rows (_c/team.h)
KINDS["_support.Team"] = [_index, _index, _index]
BASES["_support.Team"] = lambda draw: [*_range(draw, 8), draw(st.sampled_from([1, 2, 0, -1, 2**62]))]

# handrank._text: the scanner of handrank rank's text reader (issue 15)
KINDS["_text.scan_lines"] = [V(st.binary(max_size=64)), _index, V(st.booleans()),
                             A(np.uint8, 2, 7), A(np.int8, 1), A(np.int64, 1)]
BASES["_text.scan_lines"] = _b_scan_lines
# ---------------------------------------------- lowball (issue 13)

def _b_low_game(draw):
    return draw(st.sampled_from([(0, 5), (1, 5), (1, 6), (1, 7), (2, 4)]))


def _b_low_eval_ids(draw):
    (game, k), n = _b_low_game(draw), draw(st.integers(0, 8))
    a, b = _range(draw, n)
    return [game, _rows(draw, n, k), np.zeros(n, np.int32), a, b, *_team(draw, a, b)]


def _b_low_strength_ids(draw):
    game, k = _b_low_game(draw)
    return [game, [int(c) for c in _perm(draw)[:k]]]


_LOW_GAME = V(st.sampled_from([0, 1, 2, 3, -1, None, 2**70, True]))
for _name, _base, _kinds in (
        ("lowball.eval_ids", _b_low_eval_ids,
         [_LOW_GAME, A(np.uint8, 2, 5), A(np.int32, 1), _index, _index, lambda: _any_team(),
          V(st.booleans())]),
        ("lowball.strength_ids", _b_low_strength_ids, [_LOW_GAME, V(garbage())]),
        ("lowball.category_first", lambda draw: [draw(st.integers(0, 2))], [_LOW_GAME]),
        ("lowball.badugi_table", _b_const(), []),
        ("lowball.table_bytes", _b_const(), [])):
    BASES[_name], KINDS[_name] = _base, _kinds

# ---------------------------------------------- shortdeck (issue 13)

def _sd_rows(draw, n, w) -> np.ndarray:
    """``n`` rows of ``w`` distinct short-deck ids (sixes to aces: 16..51)."""
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    return np.array([16 + g.permutation(36)[:w] for _ in range(n)], dtype=np.uint8).reshape(n, w)


def _b_sd_eval_ids(draw):
    n, k = draw(st.integers(0, 8)), draw(st.integers(5, 7))
    a, b = _range(draw, n)
    return [_sd_rows(draw, n, k), np.zeros(n, np.int32), a, b, draw(st.booleans()),
            *_team(draw, a, b)]


def _b_sd_strength_ids(draw):
    return [[int(c) for c in _sd_rows(draw, 1, draw(st.integers(5, 7)))[0]], draw(st.booleans())]


_SBT = V(st.sampled_from([True, False, 0, 1, 2, -1, None, "yes", 2**70]))
for _name, _base, _kinds in (
        ("shortdeck.eval_ids", _b_sd_eval_ids,
         [A(np.uint8, 2, 7), A(np.int32, 1), _index, _index, _SBT, lambda: _any_team(),
          V(st.booleans())]),
        ("shortdeck.strength_ids", _b_sd_strength_ids, [V(garbage()), _SBT]),
        ("shortdeck.category_first", lambda draw: [draw(st.booleans())], [_SBT]),
        ("shortdeck.class_ranks", _b_const(), []),
        ("shortdeck.sbt_map", _b_const(), []),
        ("shortdeck.table_bytes", _b_const(), [])):
    BASES[_name], KINDS[_name] = _base, _kinds


def kernel_modules() -> list[str]:
    """Every compiled ``handrank.<package>._kernel`` module, found by walking the package."""
    import pkgutil

    import handrank
    return sorted(m.name for m in pkgutil.walk_packages(handrank.__path__, "handrank.")
                  if m.name.endswith("._kernel"))


def kernels() -> dict[str, object]:
    """Every function (and class) a ``_kernel`` module defines, by ``package.name``."""
    out = {}
    for modname in kernel_modules():
        mod = importlib.import_module(modname)
        prefix = modname[len("handrank."):-len("._kernel")]
        for name in dir(mod):
            obj = getattr(mod, name)
            if callable(obj) and getattr(obj, "__module__", None) == mod.__name__:
                out[f"{prefix}.{name}"] = obj
    return out


def test_every_kernel_is_fuzzed():
    found = kernels()
    assert {"poker", "brag", "crash", "chinese", "canada", "equity"} <= \
        {k.split(".")[0] for k in found}, kernel_modules()
    for table in (KINDS, BASES):
        missing = sorted(set(found) - set(table) - set(ALLOWED_UNFUZZED))
        assert not missing, f"kernels the fuzz tier does not call (add them to KINDS and " \
                            f"BASES): {missing}"
        stale = sorted(set(table) - set(found) - set(PENDING))
        assert not stale, f"KINDS/BASES name kernels that do not exist: {stale}"
    for name in set(BASES) & set(found):
        if name not in ("chinese.Tables", "_support.Team"):  # (classes: no signature to read)
            assert len(KINDS[name]) == len(inspect.signature(found[name]).parameters), name


@pytest.mark.parametrize("name", sorted(set(KINDS) & set(kernels())))
@examples(60)
@given(data=st.data())
def test_kernel_survives_any_arguments(name, data):
    fn = kernels()[name]
    args = data.draw(st.composite(lambda draw: BASES[name](draw))(), label="valid call")
    assert len(args) == len(KINDS[name]), name
    # spoil none, one or two arguments: from their kinds (sizes, extremes) or garbage
    if args:
        spoil = data.draw(st.lists(st.integers(0, len(args) - 1), max_size=2, unique=True), label="spoiled")
        for i in spoil:
            if data.draw(st.integers(0, 3), label=f"garbage {i}?") == 0:
                args[i] = data.draw(garbage(cheap_ints=True), label=f"garbage {i}")
            else:
                args[i] = data.draw(KINDS[name][i](), label=f"arg {i}")
    try:
        fn(*args)
    except Exception:  # any Python exception is fine here; a crash is not
        pass
    finally:
        if name == "poker.bind_values":  # put back what handrank.poker.hands bound
            from handrank.poker import hands
            hands._poker.bind_values(hands.HandValue, hands._FIELDS, hands._fields)
