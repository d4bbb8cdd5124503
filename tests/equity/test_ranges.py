"""Range notation (handrank.equity.ranges): every token form against combos built here
from first principles, weights, card removal, errors naming the token."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank.cards import RANKS, card, parse_cards
from handrank.errors import RangeSyntaxError
from handrank.equity.ranges import NUM_COMBOS, Range, all_combos, parse_range


def combos_of(text: str) -> set[tuple[int, int]]:
    r = parse_range(text)
    return {(int(a), int(b)) for a, b in r.combos}


def expected(ranks_pairs, kind: str) -> set[tuple[int, int]]:
    """Combos of (hi, lo) rank pairs: kind 's' suited, 'o' offsuit, '' both / pairs."""
    out = set()
    for hi, lo in ranks_pairs:
        for s1, s2 in itertools.product(range(4), repeat=2):
            a, b = card(hi, s1), card(lo, s2)
            if a == b:
                continue
            if kind == "s" and s1 != s2 or kind == "o" and s1 == s2:
                continue
            out.add((max(a, b), min(a, b)))
    return out


R = {c: i for i, c in enumerate(RANKS)}


@pytest.mark.filterwarnings("ignore::handrank.errors.RangeNotationWarning")  # KQo+, t9s+
@pytest.mark.parametrize("text,pairs,kind,count", [
    ("QQ", [(R["Q"], R["Q"])], "", 6),
    ("QQ+", [(r, r) for r in (R["Q"], R["K"], R["A"])], "", 18),
    ("22-55", [(r, r) for r in range(4)], "", 24),
    ("55-22", [(r, r) for r in range(4)], "", 24),
    ("AKs", [(R["A"], R["K"])], "s", 4),
    ("AKo", [(R["A"], R["K"])], "o", 12),
    ("AK", [(R["A"], R["K"])], "", 16),
    ("KA", [(R["A"], R["K"])], "", 16),
    ("ATs+", [(R["A"], k) for k in range(R["T"], R["A"])], "s", 16),
    ("KTo+", [(R["K"], k) for k in range(R["T"], R["K"])], "o", 36),
    ("KQo+", [(R["K"], R["Q"])], "o", 12),
    ("A5s-A2s", [(R["A"], k) for k in range(4)], "s", 16),
    ("K9o-K6o", [(R["K"], k) for k in range(R["6"], R["9"] + 1)], "o", 48),
    ("T9-T7", [(R["T"], k) for k in range(R["7"], R["9"] + 1)], "", 48),
    ("10s9s", None, None, 1),
    ("K9s+", [(R["K"], k) for k in range(R["9"], R["K"])], "s", 16),
    ("AA-QQ", [(r, r) for r in (R["Q"], R["K"], R["A"])], "", 18),
    # letters in either case
    ("AKS", [(R["A"], R["K"])], "s", 4),
    ("ako", [(R["A"], R["K"])], "o", 12),
    ("t9s+", [(R["T"], R["9"])], "s", 4),
])
def test_token_forms(text, pairs, kind, count):
    got = combos_of(text)
    assert len(got) == count
    if pairs is not None:
        assert got == expected(pairs, kind)


def test_spaces_separate_tokens_too():
    assert combos_of("QQ+ AKs") == combos_of("QQ+, AKs")
    assert combos_of("0.4(AsKs AKo) QQ") == combos_of("0.4(AsKs, AKo), QQ")
    r = parse_range("AKs:0.5 QQ")
    assert len(r) == 10 and sorted(set(r.weights.tolist())) == [0.5, 1.0]
    assert combos_of("Ah Ad") == {(50, 49)}  # one explicit combo written with a space
    with pytest.raises(RangeSyntaxError, match="'AKx' at position 5"):
        parse_range("QQ+  AKx")


def test_percentages_read_the_preflop_ordering():
    # issue 14: other percentages are ranges by the preflop ordering (test_ranges_notation)
    assert parse_range("20%") == Range.from_percent(20)
    with pytest.raises(RangeSyntaxError, match="'120%'"):
        parse_range("120%")


def test_random_is_every_combo():
    for t in ("random", "100%", "any", "Random"):
        r = parse_range(t)
        assert len(r) == NUM_COMBOS
        assert {tuple(c) for c in r.combos.tolist()} == \
            {(a, b) for a in range(52) for b in range(a)}
    assert len({tuple(c) for c in all_combos().tolist()}) == NUM_COMBOS


def test_explicit_combos_and_order():
    assert combos_of("AsKs") == {(card(12, 3), card(11, 3))}
    assert combos_of("Ks As") == combos_of("AsKs")  # one token, spaces inside a card list
    assert combos_of("AsKs, AhAd") == {(51, 47), (50, 49)}


def test_weights_groups_and_suffix():
    r = parse_range("0.4(AsKs, QQ), JJ, AKo:0.25")
    w = {(int(a), int(b)): float(x) for (a, b), x in zip(r.combos, r.weights)}
    assert w[(51, 47)] == 0.4
    assert all(w[c] == 0.4 for c in expected([(R["Q"], R["Q"])], ""))
    assert all(w[c] == 1.0 for c in expected([(R["J"], R["J"])], ""))
    assert all(w[c] == 0.25 for c in expected([(R["A"], R["K"])], "o"))
    assert len(r) == 1 + 6 + 6 + 12
    assert not r.uniform and parse_range("QQ, AKs").uniform


def test_later_weight_wins_and_zero_removes():
    r = parse_range("AA, 0.5(AhAd)")
    w = {(int(a), int(b)): float(x) for (a, b), x in zip(r.combos, r.weights)}
    assert w[(50, 49)] == 0.5 and len(r) == 6
    assert len(parse_range("AA, AhAd:0")) == 5
    assert len(parse_range("0(AA), KK")) == 6


@pytest.mark.parametrize("text", ["0(AA)", "0%", "5%-5%", "AKs, 0(AKs)", "AKs:0"])
def test_range_text_leaving_no_combo_is_refused(text):
    with pytest.raises(RangeSyntaxError, match="no combo") as e:
        parse_range(text)
    assert repr(text) in str(e.value)


def test_card_removal():
    r = parse_range("AA, AKs").without((1 << 51) | (1 << 2))  # As and 2h removed
    assert len(r) == 3 + 3
    assert all(51 not in c for c in r.combos.tolist())


def test_from_combos():
    r = Range.from_combos(["AsKs", [50, 49]], weights=[0.5, 1])
    assert len(r) == 2 and r.combo_texts() == ["AsKs", "AhAd"]
    with pytest.raises(RangeSyntaxError, match="combo 0"):
        Range.from_combos(["AsKsQs"])


@pytest.mark.parametrize("text,token,pos", [
    ("AKx", "AKx", 0),
    ("QQ+, AKs, XYZ", "XYZ", 10),
    ("QQs", "QQs", 0),
    ("A5s-K2s", "A5s-K2s", 0),
    ("A5s-22", "A5s-22", 0),
    ("22-", "22-", 0),
    ("AKs+-AQs", "AKs+-AQs", 0),
    ("0.4(AsKs", None, 0),
    ("AA,,KK", None, 3),
    ("AA)", "AA)", 0),
    ("2(AA)", "2(", 0),
    ("AA:1.5", "AA:1.5", 0),
    ("AA:x", "AA:x", 0),
    ("AsKsQs", "AsKsQs", 0),
    ("AA,", None, 3),
    ("0.5(0.5(AA))", None, None),
    ("0.5(AA:0.2)", "AA:0.2", 4),
    ("0.5(AA)KK", None, 7),
    ("AhAh", "AhAh", 0),
])
def test_errors_name_token_and_position(text, token, pos):
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text)
    e = info.value
    if text == "AhAh":
        assert "repeats" in str(e)
    if token is not None:
        assert repr(token) in str(e)
    if pos is not None:
        assert f"position {pos}" in str(e)


def test_empty_and_type_errors():
    with pytest.raises(RangeSyntaxError, match="empty"):
        parse_range("  ")
    with pytest.raises(TypeError):
        parse_range(None)  # type: ignore[arg-type]


TOKENS = ["AA", "QQ+", "22-55", "AKs", "AKo", "AK", "ATs+", "KTo+", "A5s-A2s", "AsKs",
          "T9s", "76o", "JhTh", "99-66", "K2s+"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=6))
def test_hypothesis_union_of_tokens(tokens):
    union = set().union(*(combos_of(t) for t in tokens))
    assert combos_of(", ".join(tokens)) == union
    r = parse_range(" , ".join(tokens))
    assert r.combos.dtype == np.uint8 and (r.combos[:, 0] > r.combos[:, 1]).all()
    assert len(np.unique(r.combos, axis=0)) == len(r)


def test_explicit_combo_spellings():
    assert combos_of("Ah Kh") == combos_of("AhKh") == {tuple(sorted(parse_cards("AhKh"),
                                                                     reverse=True))}


def test_from_combos_bad_input_names_the_combo():
    from handrank.errors import DuplicateCardError
    from handrank.equity.ranges import Range
    with pytest.raises(RangeSyntaxError, match="1 weights for 2 combos"):
        Range.from_combos(["AsKs", "AhKh"], [0.5])
    with pytest.raises(RangeSyntaxError, match="combo 0: weight 'x' is not a number"):
        Range.from_combos(["AsKs"], ["x"])
    with pytest.raises(RangeSyntaxError, match="combo 0: weight nan"):
        Range.from_combos(["AsKs"], [float("nan")])
    with pytest.raises(DuplicateCardError, match="combo 1"):
        Range.from_combos(["AsKs", "AsAs"])
    with pytest.raises(TypeError):
        Range.from_combos("AsKs")


@pytest.mark.parametrize("combos,weights,words", [
    ([[60, 1]], [1.0], ["combo 0", "[60, 1]", "0..51"]),
    ([[40, 41], [7, 7]], [1.0, 1.0], ["combo 1", "[7, 7]", "distinct"]),
    ([[40, -1]], None, ["combo 0", "[40, -1]"]),
    ([[40, 41]], [2.0], ["combo 0", "weight 2.0", "outside 0..1"]),
    ([[40, 41]], [float("nan")], ["combo 0", "nan"]),
    ([[40, 41]], [True], ["combo 0", "True", "not a number"]),
    ([[40, 41], [41, 40]], [1.0, 0.5], ["combo 1", "listed twice"]),
    ([[40, 41], [3, 2]], [1.0], ["one weight per combo", "2 combos"]),
    ([[40.0, 41.0]], None, ["integer", "float64"]),
    ([40, 41], None, ["(k, 2)", "(2,)"]),
])
def test_range_constructor_checks_once_and_names_the_combo(combos, weights, words):
    with pytest.raises(RangeSyntaxError) as info:
        Range(np.array(combos), None if weights is None else np.array(weights))
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_range_is_immutable_and_owns_read_only_arrays():
    ids = np.array([[44, 45], [50, 49], [3, 2]])
    r = Range(ids, [1.0, 0.0, 0.5], "mine")
    # normalised once: higher id first, weight-0 combos left out
    assert r.combos.tolist() == [[45, 44], [3, 2]] and r.weights.tolist() == [1.0, 0.5]
    ids[0, 0] = 7  # the caller's array is not shared
    assert r.combos.tolist() == [[45, 44], [3, 2]]
    for arr in (r.combos, r.weights, r.masks()):
        assert not arr.flags.writeable
        with pytest.raises(ValueError):
            arr[0] = 0
    with pytest.raises(AttributeError, match="immutable"):
        r.text = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        r.combos = np.zeros((0, 2), np.uint8)  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del r.weights


def test_range_equality_hash_copy_and_pickle():
    import copy
    import pickle
    a = parse_range("QQ+, AKs:0.5")
    b = Range.from_combos(a.combo_texts(), a.weights.tolist(), "same combos")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != parse_range("QQ+, AKs")
    for c in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert c == a and c.text == a.text and not c.combos.flags.writeable
    # card removal gives a new range; nothing removed gives the range itself
    assert a.without(0) is a
    fewer = a.without(1 << 51)  # the ace of spades
    assert len(fewer) == len(a) - 4 and len(a) == 22


def test_parsed_text_is_kept_and_warns_every_time():
    """parse_range keeps what it parsed (a Range is immutable: the same object comes
    back), gives its notation warnings on every call, and raises its errors on every
    call (errors are not kept)."""
    import warnings

    from handrank.errors import RangeNotationWarning
    assert parse_range("random") is parse_range("random")
    for _ in range(2):
        with pytest.warns(RangeNotationWarning, match="'KQo\\+' at position 0"):
            r = parse_range("KQo+, 22")
        assert len(r) == 12 + 6
    for _ in range(2):
        with pytest.raises(RangeSyntaxError, match="unknown range token"):
            parse_range("AXs")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parse_range("QQ+, AKs")  # no warning at all for plain notation
