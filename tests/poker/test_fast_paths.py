"""The compiled fast paths (one parse and one check per hand, in C) against the
independent paths: ``strength7(*ids)`` (the positional single call), the uint8
bulk kernel, ``handrank.cards.parse_cards`` and the pure-Python reference.

A bug in a fast path (a wrong id, a missed check, a wrong best five) fails here."""

import dataclasses

import numpy as np
import pytest

from handrank import cards, poker
from handrank.errors import (
    ArrayShapeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
)
from handrank.poker import _kernel
from handrank.poker import reference as ref
from handrank.result import HandValue

ID_DTYPES = [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def single(hand):
    """The positional single call: its own parser-free check, independent of the fast paths."""
    return {5: poker.strength5, 6: poker.strength6, 7: poker.strength7}[len(hand)](*hand)


def spelled(hand, rng):
    """Card text for ``hand`` in a random one of the spellings the parser accepts."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", rng.choice(["T", "t", "10"]),
             "J", "Q", "K", "A"]
    suits = rng.choice([list("cdhs"), list("CDHS"), list("♣♦♥♠"), list("♧♢♡♤")])
    toks = []
    for c in hand:
        r = ranks[c >> 2]
        toks.append((r.lower() if rng.random() < 0.3 else r) + suits[c & 3])
    sep = rng.choice(["", " ", ", ", ";", "\t", "  \n"])
    return sep.join(toks)


# ------------------------------------------------------------- single hands

@pytest.mark.parametrize("k", [5, 6, 7])
def test_strength_of_lists_tuples_and_text_matches_single_calls(k):
    rng = np.random.default_rng(7 + k)
    for hand in cards.deal(1500, k, seed=rng).tolist():
        expected = single(hand)
        assert poker.strength(hand) == expected
        assert poker.strength(tuple(hand)) == expected
        text = spelled(hand, rng)
        assert poker.strength(text) == expected, text
        assert cards.parse_cards(text) == hand, text


def rank_order(five, category):
    """The ranks of a best five, most significant first, from the rules: a straight
    from its top card down (the wheel's ace last); otherwise bigger groups first,
    higher ranks first within a group size."""
    ranks = [c >> 2 for c in five]
    if category in (poker.Category.STRAIGHT, poker.Category.STRAIGHT_FLUSH):
        top = 3 if sorted(ranks) == [0, 1, 2, 3, 12] else max(ranks)
        return [(top - i) % 13 if top - i >= 0 else 12 for i in range(5)]
    return sorted(ranks, key=lambda r: (ranks.count(r), r), reverse=True)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_best_five_against_reference(k):
    rng = np.random.default_rng(70 + k)
    hands = cards.deal(1500, k, seed=rng).tolist()
    # Every category, wheels and flushes with spare cards of the suit included.
    hands += [cards.parse_cards(h)[:k] + cards.parse_cards(h)[7:] for h in [
        "Ah 2h 3h 4h 5h Kh Qh", "Ac 2d 3h 4s 5c Kd Qh", "Ac Kc 9c 7c 5c 3c 2c",
        "Kc Kd Kh Qc Qd Qh 2s", "Ac Ad Kc Kd Qc Qd Jh", "2c 2d 2h 2s 3c 3d 3h"]]
    for hand in hands:
        v = poker.evaluate(hand)
        five = v.cards
        assert len(five) == 5 and set(five) <= set(hand)
        assert ref.value5(list(five)) == ref.value(hand)  # the five make the hand
        assert v.strength == single(hand) == poker.strength5(*five)
        assert [c >> 2 for c in five] == rank_order(five, v.category)
        # Of equal-ranked spare cards (of the flush suit for a flush), the highest suit is used.
        flush = v.category in (poker.Category.FLUSH, poker.Category.STRAIGHT_FLUSH)
        for c in five:
            for d in set(hand) - set(five):
                if d >> 2 == c >> 2 and (not flush or d & 3 == c & 3):
                    assert d < c, (hand, five)


def test_evaluate_builds_a_complete_frozen_hand_value():
    for hand in ["As Ks Qs Js Ts 2c 3d", "Kc Kd Kh 4c 4d", "7c 5d 4h 3s 2c 9d 8h"]:
        v = poker.evaluate(hand)
        s = poker.strength(hand)
        built = HandValue(game="poker", category=poker.category(s), strength=s,
                          name=poker.name(s), description=poker.describe(s), cards=v.cards)
        assert type(v) is HandValue
        assert dataclasses.asdict(v) == dataclasses.asdict(built)
        assert v == built and hash(v) == hash(built) and str(v) == str(built)
        with pytest.raises(dataclasses.FrozenInstanceError):
            v.strength = 1  # type: ignore[misc]
    # Two calls with one strength share the cached fields, not the cards.
    a, b = poker.evaluate("As Ks Qs Js Ts"), poker.evaluate("Ah Kh Qh Jh Th")
    assert a == b and a.cards != b.cards and a.description == b.description == "Royal flush"


@pytest.mark.parametrize("hand,exc,match", [
    ([0, 4, 8, 12, 12], DuplicateCardError, r"duplicate card 5c \(positions 3 and 4\)"),
    ((0, 4, 8, 12, 16, 20, 0), DuplicateCardError, "duplicate card 2c"),
    ([0, 4, 8, 12, 52], CardRangeError, "card id 52 at position 4"),
    ([0, 4, -1, 12, 16], CardRangeError, "card id -1 at position 2"),
    ([0, 4, 8, 12, 2**70], CardRangeError, "out of range"),
    ([0, 4, 8, 12, True], TypeError, "item 4"),
    ([0, 4, 8, 12, 16.0], TypeError, "item 4"),
    ([0, 4, 8, 12], HandSizeError, "got 4"),
    (list(range(8)), HandSizeError, "got 8"),
    (list(range(7)) + [3], DuplicateCardError, "duplicate card 2s"),
    ("As Ks Qs Js Xs", CardParseError, "'Xs' at position 12"),
    ("As Ks Qs Js T", CardParseError, "'T' at position 12"),
    ("As Ks Qs Js 1s", CardParseError, "'1s' at position 12"),
    ("AsKsQsJsAs", DuplicateCardError, "duplicate card As"),
    ("", HandSizeError, "got 0"),
])
def test_single_hand_fast_path_errors(hand, exc, match):
    with pytest.raises(exc, match=match):
        poker.strength(hand)
    with pytest.raises(exc, match=match):
        poker.evaluate(hand)
    with pytest.raises(exc, match=match):
        poker.compare("As Ks Qs Js Ts", hand)


def test_parse_error_attributes_from_the_fast_path():
    with pytest.raises(CardParseError) as ei:
        poker.strength("As Ks Qs Js Xs")
    assert (ei.value.token, ei.value.position) == ("Xs", 12)
    with pytest.raises(CardRangeError) as er:
        poker.evaluate([0, 4, 8, 12, 99])
    assert er.value.column == 4


def test_other_single_hand_forms_still_work():
    expected = poker.strength7(48, 44, 40, 36, 32, 0, 1)
    for hand in [np.array([48, 44, 40, 36, 32, 0, 1]), [np.int64(48), 44, 40, 36, 32, 0, 1],
                 ["Ac", "Qc", "Kc", "Jc", "Tc", "2c", "2d"],
                 "Ac\ufe0f Kc Qc Jc Tc 2c 2d", "Ac Kc Qc Jc Tc 2c\u00a02d"]:
        assert poker.strength(hand) == expected
        assert set(poker.evaluate(hand).cards) == {48, 44, 40, 36, 32}
    assert poker.strength(iter([48, 44, 40, 36, 32, 0, 1])) == expected
    assert poker.strength(range(0, 20, 4)) == poker.strength5(0, 4, 8, 12, 16)


# ------------------------------------------------------------------ bulk ids

@pytest.mark.parametrize("dtype", ID_DTYPES)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_integer_dtype_matches_uint8(dtype, k):
    a = cards.deal(3000, k, seed=k)
    expected = poker.evaluate_many(a)
    assert np.array_equal(expected, [single(h) for h in a[:300].tolist()] + expected[300:].tolist())
    b = a.astype(dtype)
    assert np.array_equal(poker.evaluate_many(b), expected)
    assert np.array_equal(poker.evaluate_many(b, threads=2), expected)
    # Big-endian, Fortran-ordered, strided and misaligned inputs are read correctly.
    assert np.array_equal(poker.evaluate_many(b.astype(b.dtype.newbyteorder(">"))), expected)
    assert np.array_equal(poker.evaluate_many(np.asfortranarray(b)), expected)
    assert np.array_equal(poker.evaluate_many(np.repeat(b, 2, axis=0)[::2]), expected)
    raw = np.zeros(b.nbytes + 1, np.uint8)
    view = np.ndarray(b.shape, b.dtype, buffer=raw, offset=1)  # misaligned for itemsize > 1
    view[...] = b
    assert np.array_equal(poker.evaluate_many(view), expected)


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
@pytest.mark.parametrize("bad", [-1, -52, 52, 60, 127])
def test_signed_ids_out_of_range_name_row_and_column(dtype, bad):
    a = cards.deal(200, 7, seed=1).astype(dtype)
    a[137, 5] = bad
    a[150, 0] = 52  # a later bad row: the first one is reported
    with pytest.raises(CardRangeError, match=rf"row 137, column 5: card id {bad} ") as ei:
        poker.evaluate_many(a)
    assert (ei.value.row, ei.value.column) == (137, 5)
    with pytest.raises(CardRangeError, match="row 137, column 5"):
        poker.evaluate_many(a, threads=2)


@pytest.mark.parametrize("dtype,bad", [(np.uint16, 52), (np.uint16, 256 + 3), (np.uint32, 2**32 - 1),
                                       (np.uint64, 2**64 - 1), (np.int64, 2**40 + 3),
                                       (np.int64, -2**63), (np.int32, 256 + 3), (np.int16, 300)])
def test_wide_ids_do_not_wrap(dtype, bad):
    a = cards.deal(20, 6, seed=2).astype(dtype)
    a[9, 2] = bad
    with pytest.raises(CardRangeError, match=rf"row 9, column 2: card id {bad} "):
        poker.evaluate_many(a)


@pytest.mark.parametrize("dtype", ID_DTYPES)
def test_wide_id_duplicates_name_row_and_columns(dtype):
    a = cards.deal(50, 7, seed=3).astype(dtype)
    a[41, 6] = a[41, 1]
    with pytest.raises(DuplicateCardError, match=r"row 41: duplicate card .* \(columns 1 and 6\)") as ei:
        poker.evaluate_many(a)
    assert ei.value.row == 41 and ei.value.card == int(a[41, 1])


def test_id_kernel_checks_its_arguments():
    a = cards.deal(4, 7, seed=4).astype(np.int32)
    out = np.empty(4, np.int32)
    raw = a.view(np.uint8)
    assert _kernel.eval_ids(raw, out, 0, 4, 4, True) is None
    assert out.tolist() == poker.evaluate_many(a).tolist()
    with pytest.raises(ValueError, match="itemsize"):
        _kernel.eval_ids(raw, out, 0, 4, 3, True)
    with pytest.raises(ValueError, match="k must be"):
        _kernel.eval_ids(raw, out, 0, 4, 8, True)  # 28 bytes a row is not 5..7 int64s
    with pytest.raises(IndexError):
        _kernel.eval_ids(raw, out, 0, 5, 4, True)
    buf = np.zeros(raw.size + 2, np.uint8)
    shifted = buf[2:].reshape(raw.shape)
    with pytest.raises(ValueError, match="aligned"):
        _kernel.eval_ids(shifted, out, 0, 4, 4, True)


# ----------------------------------------------------------------- text rows

def row_forms(texts):
    yield texts
    yield tuple(texts)
    yield np.array(texts, dtype=object)
    yield np.array(texts)  # a numpy str column
    try:
        import pandas as pd
    except ImportError:
        return
    yield pd.Series(texts)


@pytest.mark.parametrize("k", [5, 7])
def test_text_rows_match_ids_in_every_column_form(k):
    rng = np.random.default_rng(k)
    a = cards.deal(800, k, seed=rng)
    expected = poker.evaluate_many(a)
    texts = [spelled(h, rng) for h in a.tolist()]
    for form in row_forms(texts):
        assert np.array_equal(poker.evaluate_many(form), expected), type(form)
    mixed = [h if i % 3 == 0 else (tuple(h) if i % 3 == 1 else texts[i])
             for i, h in enumerate(a.tolist())]
    assert np.array_equal(poker.evaluate_many(mixed), expected)
    # Rows the fast scanner hands on (variation selectors, card lists) decode the same.
    odd = [texts[0].replace("s", "s\ufe0f"), [cards.format_card(c) for c in a[1]]]
    assert poker.evaluate_many(odd).tolist() == expected[:2].tolist()


@pytest.mark.parametrize("bad_row,exc,match", [
    ("As Ks Qs Js Xs", CardParseError, r"row 3: invalid card 'Xs' at position 12"),
    ("As Ks Qs Js", HandSizeError, "row 3 has 4 cards, row 0 has 5"),
    ("As Ks Qs Js As", DuplicateCardError, r"row 3: duplicate card As \(columns 0 and 4\)"),
    ([0, 4, 8, 12, 52], CardRangeError, "row 3: card id 52 at position 4"),
    ([0, 4, 8, 12, -3], CardRangeError, "row 3: card id -3 at position 4"),
    ([0, 4, 8, 12, True], TypeError, "row 3: item 4"),
    (b"AsKsQsJsTs", ArrayShapeError, "row 3 is a single value"),
    (7, ArrayShapeError, "row 3 is a single value"),
])
def test_text_row_errors_name_the_row(bad_row, exc, match):
    rows = ["2c 3d 4h 5s 7c", "AsKsQsJsTs", (0, 5, 10, 15, 20), bad_row, "2c 3c 4c 5c 7d"]
    with pytest.raises(exc, match=match) as ei:
        poker.evaluate_many(rows)
    if hasattr(ei.value, "row"):
        assert ei.value.row == 3
    if exc is CardParseError:
        assert (ei.value.token, ei.value.position) == ("Xs", 12)
    if isinstance(bad_row, str):
        with pytest.raises(exc, match=match):
            poker.evaluate_many(np.array(rows, dtype=object))


def test_text_rows_with_more_cards_than_a_deck():
    with pytest.raises(HandSizeError, match="row 1 has 60 cards"):
        poker.evaluate_many(["AsKsQsJsTs", "As" * 60])


def test_parse_rows_hands_unreadable_rows_to_the_slow_parser():
    seen = []

    def slow(i, row):
        seen.append((i, row))
        return [0, 1, 2, 3, 4]

    arr = _kernel.parse_rows(["AsKsQsJsTs", "??", [51, 47, 43, 39, 35]], slow)
    assert seen == [(1, "??")]
    assert arr.dtype == np.uint8 and arr.flags.c_contiguous
    assert arr.tolist() == [[51, 47, 43, 39, 35], [0, 1, 2, 3, 4], [51, 47, 43, 39, 35]]


@pytest.mark.parametrize("bad", [True, "7", 7.0, 4, 8])
def test_strength_counts_takes_a_real_int(bad):
    with pytest.raises(HandSizeError, match=r"n_cards must be an int from 5 to 7, got"):
        poker.strength_counts(bad)


def test_bulk_flags_and_counts_are_checked():
    a = cards.deal(3, 7, seed=5)
    for bad in (True, 1.5, "2"):
        with pytest.raises((TypeError, ValueError), match="threads"):
            poker.evaluate_many(a, threads=bad)


def test_fast_scanner_reads_every_plain_spelling_itself():
    """Every spelling of the card grammar (ranks any case and 10, ASCII and Unicode
    suits, the usual separators) is read by the compiled scanner, not handed on."""
    def slow(i, row):
        raise AssertionError(f"row {i} ({row!r}) went to the slow parser")

    rng = np.random.default_rng(11)
    hands = cards.deal(400, 7, seed=rng).tolist()
    texts = [spelled(h, rng) for h in hands]
    arr = _kernel.parse_rows(texts, slow)
    assert arr.tolist() == hands
    for t, want in [("10c,10d;10h\t10S\nAs", [32, 33, 34, 35, 51]),
                    ("2♣3♦4♥5♠6♧7♢8♡9♤", [0, 5, 10, 15, 16, 21, 26, 31])]:
        assert _kernel.parse_rows([t], slow).tolist() == [want]


@pytest.mark.parametrize("bdt,hdt", [(np.uint8, np.uint8), (np.int64, np.int16),
                                     (np.uint64, np.int64), (">i4", np.uint16)])
def test_showdown_many_reads_any_integer_dtypes_and_names_the_callers_layout(bdt, hdt):
    deals = cards.deal(300, 5 + 3 * 2, seed=13)
    board, holes = deals[:, :5], deals[:, 5:].reshape(-1, 3, 2)
    want_s, want_w = poker.showdown_many(board, holes)
    s, w = poker.showdown_many(board.astype(bdt), holes.astype(hdt))
    assert np.array_equal(s, want_s) and np.array_equal(w, want_w)
    assert s[17, 2] == poker.strength(board[17].tolist() + holes[17, 2].tolist())
    bad = holes.astype(hdt)
    bad[40, 2, 1] = 52 if np.dtype(hdt).kind == "u" else -7
    with pytest.raises(CardRangeError, match=rf"row 40, column 10: card id {bad[40, 2, 1]} ") as ei:
        poker.showdown_many(board.astype(bdt), bad)
    assert (ei.value.row, ei.value.column) == (40, 10)
    bb = board.astype(bdt)
    bb[41, 3] = 99
    with pytest.raises(CardRangeError, match=r"row 41, column 3: card id 99 "):
        poker.showdown_many(bb, holes.astype(hdt))
    rep = holes.astype(hdt)
    rep[50, 1, 0] = rep[50, 1, 1]  # within one player's hand
    with pytest.raises(DuplicateCardError, match="row 50: card .* appears twice"):
        poker.showdown_many(board.astype(bdt), rep)
    rep = holes.astype(hdt)
    rep[60, 2, 0] = rep[60, 0, 1]  # across players
    with pytest.raises(DuplicateCardError, match="row 60: card .* appears twice") as ed:
        poker.showdown_many(board.astype(bdt), rep)
    assert ed.value.row == 60 and ed.value.card == int(rep[60, 0, 1])
