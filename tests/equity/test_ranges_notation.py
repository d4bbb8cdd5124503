"""Range.to_string (shortest notation, round trip), percentage ranges and the preflop
ordering's invariants, the 169 classes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank.errors import OptionError, RangeSyntaxError
from handrank.equity.ranges import (
    CLASS_SIZES,
    CLASSES,
    NUM_COMBOS,
    Range,
    all_combos,
    class_index,
    parse_range,
    preflop_equity,
    preflop_order,
)


def test_classes_layout():
    assert len(CLASSES) == len(set(CLASSES)) == 169
    assert CLASSES[0] == "AA" and CLASSES[1] == "AKs" and CLASSES[13] == "AKo"
    assert CLASSES[168] == "22" and CLASSES[12] == "A2s" and CLASSES[156] == "A2o"
    assert int(CLASS_SIZES.sum()) == NUM_COMBOS
    idx = class_index(all_combos())
    assert np.array_equal(np.bincount(idx, minlength=169), CLASS_SIZES)
    for name in ("AA", "AKs", "AKo", "72o", "T9s"):
        assert set(class_index(parse_range(name).combos).tolist()) == {CLASSES.index(name)}


@pytest.mark.parametrize("text,short", [
    ("QQ+, AKs", "QQ+, AKs"),
    ("AA, KK, QQ", "QQ+"),
    ("AA", "AA"),
    ("99, 88, 77, 66", "99-66"),
    ("ATs, AJs, AQs, AKs", "ATs+"),
    ("K9o-K6o", "K9o-K6o"),
    ("AKs, AKo", "AK"),
    ("ATs+, ATo+", "AT+"),
    ("T9-T7", "T7+"),
    ("T8-T6", "T8-T6"),
    ("KQs", "KQs"),
    ("A2s+", "A2s+"),
    ("JTs-KQs", "KQs, QJs, JTs"),
    ("0.5(AKo), QQ", "QQ, 0.5(AKo)"),
    ("AsKs, AhKh", "AsKs, AhKh"),
    ("AKs, AsKs:0.5", "AhKh, AdKd, AcKc, 0.5(AsKs)"),
    ("random", "random"),
    ("22+, 0.25(AKs)", "22+, 0.25(AKs)"),
    ("AKs:0.00001, QQ:0.5", "0.5(QQ), 0.00001(AKs)"),
])
def test_to_string(text, short):
    r = parse_range(text)
    assert r.to_string() == short == str(r)
    assert parse_range(short) == r


def test_repr_and_text_constructor():
    r = Range("QQ+, AKs")
    assert r == parse_range("QQ+, AKs") and r.text == "QQ+, AKs"
    assert repr(r) == "Range('QQ+, AKs', 22 combos)"
    assert repr(Range([[51, 50]])) == "Range('AsAh', 1 combos)"
    assert Range(np.zeros((0, 2), dtype=int)).to_string() == ""
    with pytest.raises(TypeError, match="text alone"):
        Range("AKs", [1.0] * 4)  # type: ignore[arg-type]


CLASS_NAMES = st.sets(st.sampled_from(CLASSES), max_size=40)
WEIGHTS = st.sampled_from([1.0, 1.0, 0.5, 0.25, 0.1, 1 / 3, 1e-05, 0.7000000000000001])


@settings(max_examples=50, deadline=None)
@given(classes=st.lists(st.tuples(st.sampled_from(CLASSES), WEIGHTS), max_size=30),
       singles=st.lists(st.tuples(st.integers(0, NUM_COMBOS - 1), WEIGHTS), max_size=12))
def test_to_string_round_trip(classes, singles):
    combos = all_combos()
    weight: dict[tuple[int, int], float] = {}
    for name, w in classes:
        for a, b in parse_range(name).combos.tolist():
            weight[(a, b)] = w
    for k, w in singles:
        weight[tuple(combos[k].tolist())] = w
    r = Range._from_dict(weight, "")
    text = r.to_string()
    if len(r) == 0:
        assert text == ""
        return
    back = Range(text)
    assert back == r, text
    assert back.to_string() == text


def test_preflop_ordering_invariants():
    order = preflop_order()
    eq = preflop_equity()
    assert sorted(order) == sorted(CLASSES)
    assert order[:3] == ("AA", "KK", "QQ") and order[-1] == "32o"
    values = [eq[c] for c in order]
    assert all(a >= b for a, b in zip(values, values[1:]))
    assert 0.85 < eq["AA"] < 0.853 and 0.31 < eq["32o"] < 0.33
    pairs = [r * 2 for r in "23456789TJQKA"]
    assert all(eq[a] < eq[b] for a, b in zip(pairs, pairs[1:]))
    for hi, lo in itertools.combinations("AKQJT98765432", 2):
        assert eq[f"{hi}{lo}s"] > eq[f"{hi}{lo}o"]
    # by symmetry the equities average 1/2 over the 1,326 combos
    assert sum(eq[c] * n for c, n in zip(CLASSES, CLASS_SIZES.tolist())) / NUM_COMBOS == \
        pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("p", [0.5, 1, 2.5, 5, 10, 15, 20, 33.3, 50, 75, 99])
def test_percent_ranges_are_whole_classes_nearest_the_target(p):
    r = Range.from_percent(p)
    order = preflop_order()
    names = {CLASSES[i] for i in class_index(r.combos).tolist()}
    k = len(names)
    assert set(order[:k]) == names  # a prefix of the ordering, whole classes
    target = p / 100 * NUM_COMBOS
    cum = np.cumsum([0] + [CLASS_SIZES[CLASSES.index(c)] for c in order])
    assert len(r) == cum[k]
    assert abs(cum[k] - target) <= np.abs(cum - target).min()
    assert parse_range(f"{p}%") == parse_range(f"top {p}%") == r


def test_percent_edges_and_spans():
    assert len(parse_range("100%")) == NUM_COMBOS
    assert parse_range("15%").to_string() == Range.from_percent(15).to_string()
    top5, top15 = parse_range("5%"), parse_range("15%")
    band = parse_range("5%-15%")
    assert {tuple(c) for c in band.combos.tolist()} == \
        {tuple(c) for c in top15.combos.tolist()} - {tuple(c) for c in top5.combos.tolist()}
    assert band == Range.from_percent(15, low=5)
    assert len(parse_range("0.5(10%), AA")) == len(parse_range("10%"))
    assert parse_range("TOP 10%; 72o") == parse_range("10%, 72o")


def test_percent_with_another_ordering():
    worst_first = list(reversed(preflop_order()))
    r = Range.from_percent(1, ordering=worst_first)
    assert "32o" in {CLASSES[i] for i in class_index(r.combos).tolist()}
    # any spelling of the classes, either rank order
    spelled = [c.lower() if i % 2 else c for i, c in enumerate(preflop_order())]
    assert Range.from_percent(20, ordering=spelled) == Range.from_percent(20)


@pytest.mark.parametrize("kwargs,words", [
    ({"percent": 101}, "percent must be a number from 0 to 100"),
    ({"percent": True}, "percent must be"),
    ({"percent": 10, "low": 20}, "low (20) is above percent (10)"),
    ({"percent": 10, "ordering": "AA KK"}, "not one string"),
    ({"percent": 10, "ordering": ["AA"] * 169}, "169 entries, 1 distinct"),
    ({"percent": 10, "ordering": ["AK"] + list(CLASSES[1:])}, "entry 0: 'AK'"),
])
def test_from_percent_errors(kwargs, words):
    with pytest.raises(OptionError) as e:
        Range.from_percent(**kwargs)
    assert words in str(e.value)


@pytest.mark.parametrize("text,token", [
    ("101%", "101%"), ("15%-5%", "15%-5%"), ("x%", "x%"), ("top 5", "top 5"),
    ("AKs:120%", "AKs:120%"), ("150%(AKs)", "150%("),
])
def test_percent_errors_name_the_token(text, token):
    with pytest.raises(RangeSyntaxError) as e:
        parse_range(text)
    assert repr(token) in str(e.value)


@pytest.mark.parametrize("text, short", [("33.3%(AKs)", "0.333(AKs)"), ("AKs:80%", "0.8(AKs)"),
                                         ("AKs:.1%", "0.001(AKs)"), ("70%(AKo)", "0.7(AKo)")])
def test_percentage_weights_are_exact_decimals(text, short):
    r = parse_range(text)
    assert r.to_string() == short
    assert parse_range(short) == r


def test_grid_cell_of_one_weight_reads_back_that_weight():
    cells = parse_range("JTs-KQs; 80%(AKo), 0.7(QQ)").grid()
    assert sorted(set(cells.ravel().tolist())) == [0.0, 0.7, 0.8, 1.0]
