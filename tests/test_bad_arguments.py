"""Bad arguments to public calls raise handrank library errors naming the argument,
never a raw IndexError / AttributeError / OverflowError / MemoryError, and flags are
real bools (a truthy object is not a flag)."""

import numpy as np
import pytest

from handrank import canada, cards, chinese, format_card, format_cards
from handrank.errors import (
    ArrayDtypeError,
    ArrayShapeError,
    HandrankError,
    HandSizeError,
    OptionError,
)

HOLDING = cards.parse_cards("2s3s4s5c5d6c6d7c8c8d8s9c9d")


# ------------------------------------------------------------- chinese bulk calls

@pytest.mark.parametrize("value", [52, -1, 0, 7, np.int64(60), 2**70])
@pytest.mark.parametrize("call,name", [
    (lambda v: chinese.solve_many(v), "holdings"),
    (lambda v: chinese.greedy_many(v), "holdings"),
    (lambda v: chinese.score_many(v), "settings"),
    (lambda v: chinese.expected_scores(v), "settings"),
])
def test_chinese_bulk_calls_reject_a_scalar(call, name, value):
    with pytest.raises(HandrankError, match=name) as e:
        call(value)
    assert isinstance(e.value, (ArrayShapeError, ArrayDtypeError))


@pytest.mark.parametrize("value", [[], [[]], [1, 2, 3], [[1, 2, 3]], [[[0] * 13]], HOLDING[:12]])
def test_chinese_solve_many_rejects_wrong_shapes(value):
    with pytest.raises(ArrayShapeError, match="holdings"):
        chinese.solve_many(value)
    with pytest.raises(ArrayShapeError, match="holdings"):
        chinese.greedy_many(value)


@pytest.mark.parametrize("value", [[], [1, 2, 3], [[0] * 13], [[[0] * 12] * 2]])
def test_chinese_score_many_rejects_wrong_shapes(value):
    with pytest.raises(ArrayShapeError, match="settings"):
        chinese.score_many(value)


def test_chinese_solver_tables_overflowing_total():
    front, middle, back = (np.ones(n) for n in (456, 7463, 7463))
    with pytest.raises(HandrankError, match="front counts total"):
        chinese.solver_tables([1e308] * 456, middle, back)
    with pytest.raises(HandrankError, match="back counts total"):
        chinese.solver_tables(front, middle, np.full(7463, 1e300))
    with pytest.raises(ArrayShapeError, match="middle counts"):
        chinese.solver_tables(front, [1.0] * 10, back)
    with pytest.raises(ArrayShapeError, match="front counts"):
        chinese.solver_tables(5.0, middle, back)
    chinese.solver_tables(front, middle, back)  # a fine histogram still builds


# ------------------------------------------------------------------ canada.odds_rows

@pytest.mark.parametrize("counts", [[], 5, [1, 2, 3], np.zeros((35, 1), np.int64), [[1] * 35]])
def test_canada_odds_rows_rejects_wrong_shapes(counts):
    with pytest.raises(ArrayShapeError, match="counts"):
        canada.odds_rows(counts)


def test_canada_odds_rows_bad_values():
    with pytest.raises(ArrayDtypeError, match="counts"):
        canada.odds_rows([0.5] * 35)
    with pytest.raises(OptionError, match="counts must be non-negative"):
        canada.odds_rows([1] * 34 + [-1])
    rows = canada.odds_rows(np.arange(35, dtype=np.int64))
    assert rows[0] == (canada.Category(34), 34, 34 / 595)
    assert canada.odds_rows([0] * 35)[-1][2] == 0.0


# ------------------------------------------------------------------------- cards

@pytest.mark.parametrize("sep", [None, 5, b" ", ["-"]])
def test_format_cards_sep_must_be_a_str(sep):
    with pytest.raises(OptionError, match="sep"):
        format_cards([51, 50], sep=sep)


@pytest.mark.parametrize("flag", [1, 0, "yes", "", None, [], 1.0])
def test_card_flags_must_be_bools(flag):
    with pytest.raises(OptionError, match="unicode"):
        format_card(51, unicode=flag)
    with pytest.raises(OptionError, match="unicode"):
        format_cards([51], unicode=flag)
    with pytest.raises(OptionError, match="allow_duplicates"):
        cards.parse_cards("As Ks", allow_duplicates=flag)
    with pytest.raises(OptionError, match="allow_duplicates"):
        cards.parse_cards([51, 47], allow_duplicates=flag)


def test_card_flags_accept_bools():
    assert format_card(51, unicode=True) == "A♠" and format_card(51, unicode=np.True_) == "A♠"
    assert format_cards([51, 50], sep="-", unicode=False) == "As-Ah"
    assert cards.parse_cards("As As", allow_duplicates=np.bool_(True)) == [51, 51]


@pytest.mark.parametrize("flag", [1, "yes", None])
def test_other_public_flags_must_be_bools(flag):
    with pytest.raises(OptionError, match="details"):
        chinese.score_many(np.array([HOLDING, cards.parse_cards("2c2d2h3c3d3h4c4d4h5h5s6h6s")])
                           [None], details=flag)
    with pytest.raises(OptionError, match="naive"):
        canada.exact_odds(naive=flag)
    from handrank import brag, crash
    with pytest.raises(OptionError, match="prial_threes_high"):
        brag.strength("As Ks Qs", prial_threes_high=flag)
    with pytest.raises(OptionError, match="count_high_card"):
        crash.win_table(13, 2, flag)


# -------------------------------------------------------------------------- deal

@pytest.mark.parametrize("n,k", [(0, 5), (1, 0), (1, 52), (7, 3), (300, 7), (1000, 13), (600, 52)])
def test_deal_rows_do_not_depend_on_the_unit(monkeypatch, n, k):
    """Row i comes from stream i // DEAL_BLOCK of the seed, whatever the rows per C call."""
    got = []
    for unit in (1 << 16, 512, 1):  # 1: one block per call
        monkeypatch.setattr(cards, "_DEAL_UNIT", unit)
        got.append(cards.deal(n, k, seed=11))
    a = got[0]
    assert a.shape == (n, k) and a.dtype == np.uint8 and a.flags.c_contiguous
    assert all(np.array_equal(a, g) for g in got[1:])
    assert (a < 52).all()
    s = np.sort(a, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all()  # k distinct cards per row


def test_deal_a_generator_continues_the_same_stream():
    """A Generator seed gives one 64-bit word per call: two calls on one Generator
    differ, and each equals the kernel run on that call's word."""
    from handrank._cards._kernel import deal_rows
    from handrank._support.seeds import seed_word
    gen = np.random.default_rng(3)
    a, b = cards.deal(25, 4, seed=gen), cards.deal(25, 4, seed=gen)
    ref = np.random.default_rng(3)
    for got in (a, b):
        want = np.empty((25, 4), dtype=np.uint8)
        deal_rows(seed_word(ref), 0, 25, want)
        assert np.array_equal(got, want)
    assert not np.array_equal(a, b)
    assert np.array_equal(cards.deal(25, 4, seed=3), cards.deal(25, 4, seed=3))


def test_deal_allocates_only_the_result():
    import tracemalloc
    tracemalloc.start()
    try:
        out = cards.deal(10**7, 0, seed=1)
        _, peak = tracemalloc.get_traced_memory()
        assert out.shape == (10**7, 0) and peak < 1 << 20
        tracemalloc.reset_peak()
        out = cards.deal(200_000, 2, seed=1)
        _, peak = tracemalloc.get_traced_memory()
        assert out.shape == (200_000, 2) and peak < 400_000 + (16 << 20)
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("n,k", [(10**12, 7), (2**40, 52), (2**32 + 1, 1), (10**9, 5)])
def test_deal_caps_the_result(n, k):
    with pytest.raises(HandSizeError, match="MAX_DEAL_CARDS"):
        cards.deal(n, k, seed=0)


def test_deal_size_limits():
    assert cards.deal(2**40, 0).shape == (2**40, 0)
    for n, k in ((2**40 + 1, 0), (-1, 3), (3, 53), (3, -1)):
        with pytest.raises(HandSizeError, match="2\\*\\*40"):
            cards.deal(n, k)
