"""pytest-benchmark suite: handrank's 7-card poker evaluation next to its peers.

    pytest benchmarks/ --benchmark-only
    pytest benchmarks/ --benchmark-only --benchmark-columns=min,median,rounds

Four groups, each compared side by side in pytest-benchmark's table:

* ``single call``: one call on one fixed hand (the first of the seeded hands);
* ``loop 10k``: a plain ``for`` loop of the per-hand call over 10,000 hands
  (plus handrank's ``evaluate_many`` on the same 10,000 hands);
* ``bulk 1M``: 1,000,000 hands — handrank ``evaluate_many`` (1 and 2 threads)
  and the peers' fastest loop (``starmap``/``map``) or batch call over the
  same hands; treys and pokerkit are left out here (minutes per round);
* ``all 7-card hands``: handrank ``strength_counts(7)``;
* in ``bulk 1M`` and ``all 7-card hands``, the "limit of this design": the plain
  C loops over the same tables with no checks (``_plain_loop_benchmark``,
  ``_plain_enumeration_benchmark``);
* ``input paths``: ``evaluate_many`` on 1,000,000 hands as ``uint8`` and as
  numpy's default ``int64`` ids, and on 100,000 text rows (list of strings),
  next to the ``uint8`` call on those rows (``bench_poker_paths.py`` prints
  the four ratios in one table).

Timings are per round (whole loop), not per hand: divide by the group's hand
count. Peers that are not installed are skipped. Not part of the test suite
(``testpaths`` is ``tests/``); the whole file runs in well under a minute.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _peers import ALL_7_CARD_HANDS, CARD_TEXT, handrank_adapters, load_peer, random_hands

from handrank import poker

SEED = 20240607
N_LOOP = 10_000
N_BULK = 1_000_000

G_SINGLE = "7-card single call (one hand)"
G_LOOP = f"7-card loop over {N_LOOP:,} hands"
G_BULK = f"7-card bulk {N_BULK:,} hands"
G_ALL = f"all {ALL_7_CARD_HANDS:,} 7-card hands"
G_PATHS = "input paths"
N_TEXT = 100_000

# eval7 uses pyparsing names that pyparsing 3.3 deprecates; not ours to fix.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:eval7")

_HR = {ad.call: ad for ad in handrank_adapters()}
_PEER_CACHE: dict[str, list] = {}


def peer(name: str, index: int = 0):
    """The peer's adapter, or skip the test if the peer is not installed."""
    if name not in _PEER_CACHE:
        _PEER_CACHE[name] = load_peer(name) or []
    adapters = _PEER_CACHE[name]
    if not adapters:
        pytest.skip(f"{name} is not installed (or its API could not be set up)")
    return adapters[index]


def adapter(lib: str, index: int):
    return _HR[list(_HR)[index]] if lib == "handrank" else peer(lib, index)


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return random_hands(N_BULK, SEED)


@pytest.fixture(scope="module")
def tuples(hands: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(r) for r in hands[:N_LOOP].tolist()]


@pytest.fixture(scope="module")
def all_tuples(hands: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(r) for r in hands.tolist()]


# ---------------------------------------------------------------- single call

SINGLE = [
    ("handrank", 0, "handrank-strength7"),          # strength7(*ids)
    ("handrank", 1, "handrank-evaluate"),           # evaluate(ids) -> HandValue
    ("phevaluator", 0, "phevaluator"),              # _pheval.evaluate_7cards(*ids)
    ("eval7", 0, "eval7"),                          # evaluate(list[Card])
    ("treys", 0, "treys"),                          # Evaluator().evaluate(hand, board)
    ("pokerkit", 0, "pokerkit-from_game"),          # StandardHighHand.from_game(hole, board)
    ("poker-equity", 0, "poker-equity-score_batch"),  # score_batch('high', [text])
]


# min_time: many calls per round, so the timer's own cost (~100 ns) is not counted
# in each call of the fast evaluators.
@pytest.mark.benchmark(group=G_SINGLE, max_time=0.5, min_time=2e-4)
@pytest.mark.parametrize("lib,index", [(lib, i) for lib, i, _ in SINGLE],
                         ids=[name for _, _, name in SINGLE])
def test_single_call(benchmark, tuples, lib, index):
    ad = adapter(lib, index)
    item = ad.prepare(tuples[:1])[0]
    benchmark.extra_info["call"] = f"{ad.library}: {ad.call}"
    benchmark(ad.one, *ad.one_args(item))


# ------------------------------------------------------------- loop of 10,000

LOOP = [("handrank", 0), ("phevaluator", 0), ("eval7", 0), ("treys", 0), ("poker-equity", 0)]


@pytest.mark.benchmark(group=G_LOOP, max_time=0.5, min_rounds=3)
@pytest.mark.parametrize("lib,index", LOOP, ids=[lib for lib, _ in LOOP])
def test_loop(benchmark, tuples, lib, index):
    ad = adapter(lib, index)
    items = ad.prepare(tuples)
    benchmark.extra_info["call"] = f"for h in hands: {ad.call}"
    benchmark.extra_info["hands"] = len(items)
    benchmark(ad.loop, items)


@pytest.mark.benchmark(group=G_LOOP, max_time=0.5)
def test_loop_handrank_evaluate_many(benchmark, hands):
    arr = np.ascontiguousarray(hands[:N_LOOP])
    benchmark.extra_info["hands"] = N_LOOP
    out = benchmark(poker.evaluate_many, arr)
    assert len(out) == N_LOOP


# ------------------------------------------------------------------- bulk 1M

@pytest.mark.benchmark(group=G_BULK, max_time=1.0)
@pytest.mark.parametrize("threads", [None, 2], ids=["1-thread", "2-threads"])
def test_bulk_handrank(benchmark, hands, threads):
    benchmark.extra_info["hands"] = N_BULK
    out = benchmark(poker.evaluate_many, hands, threads=threads)
    assert len(out) == N_BULK


BULK_PEERS = [("phevaluator", 0), ("eval7", 0), ("poker-equity", 0)]


@pytest.mark.benchmark(group=G_BULK)
@pytest.mark.parametrize("lib,index", BULK_PEERS, ids=[lib for lib, _ in BULK_PEERS])
def test_bulk_peer(benchmark, all_tuples, lib, index):
    ad = adapter(lib, index)
    items = ad.prepare(all_tuples)
    benchmark.extra_info["call"] = ad.bulk_call
    benchmark.extra_info["hands"] = len(items)
    out = benchmark.pedantic(ad.bulk, args=(items,), rounds=3, warmup_rounds=1)
    assert len(out) == N_BULK


# ---------------------------------------------------------- all 7-card hands

@pytest.mark.benchmark(group=G_ALL)
def test_all_seven_card_hands(benchmark):
    counts = benchmark.pedantic(poker.strength_counts, args=(7,), rounds=5, warmup_rounds=1)
    assert int(counts.sum()) == ALL_7_CARD_HANDS


# The "limit of this design" rows (issue 11): plain C loops over the same tables,
# no checks, in the groups of the calls they bound.
@pytest.mark.benchmark(group=G_BULK, max_time=1.0)
def test_bulk_plain_c_loop(benchmark, hands):
    from handrank.poker import _kernel as _poker
    out = np.empty(N_BULK, dtype=np.int32)
    benchmark.extra_info["hands"] = N_BULK
    benchmark.extra_info["call"] = "_poker._plain_loop_benchmark (plain C loop, no checks)"
    benchmark(_poker._plain_loop_benchmark, hands, out)
    assert np.array_equal(out, poker.evaluate_many(hands))


@pytest.mark.benchmark(group=G_ALL)
def test_all_seven_card_hands_plain_c_loops(benchmark):
    from handrank.poker import _kernel as _poker
    benchmark.extra_info["call"] = "_poker._plain_enumeration_benchmark (7 plain nested loops)"
    _, hist = benchmark.pedantic(_poker._plain_enumeration_benchmark, rounds=3, warmup_rounds=1)
    assert int(hist.sum()) == ALL_7_CARD_HANDS


# -------------------------------------------------------------- input paths

@pytest.mark.benchmark(group=G_PATHS, max_time=1.0)
@pytest.mark.parametrize("dtype", ["uint8", "int64"])
def test_bulk_id_dtypes(benchmark, hands, dtype):
    arr = hands.astype(dtype)
    benchmark.extra_info["hands"] = N_BULK
    out = benchmark(poker.evaluate_many, arr)
    assert np.array_equal(out, poker.evaluate_many(hands))


@pytest.mark.benchmark(group=G_PATHS, max_time=1.0)
@pytest.mark.parametrize("form", ["text rows", "uint8 ids"])
def test_text_rows(benchmark, hands, form):
    ids = hands[:N_TEXT]
    rows = [" ".join(CARD_TEXT[c] for c in h) for h in ids.tolist()] if form == "text rows" else ids
    benchmark.extra_info["hands"] = N_TEXT
    out = benchmark(poker.evaluate_many, rows)
    assert np.array_equal(out, poker.evaluate_many(ids))

