"""handrank.compat against the libraries it converts from (treys, phevaluator, eval7,
pokerkit; each test skips when its library is missing), and other libraries' card
objects read by the card parser."""

from __future__ import annotations

import itertools
import subprocess
import sys

import numpy as np
import pytest

from handrank import cards, compat, equity, poker
from handrank.errors import (
    ArrayDtypeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandrankError,
)

ALL = list(range(cards.NUM_CARDS))
TEXTS = [cards.format_card(c) for c in ALL]


def _random_hands(n, k, seed):
    return cards.deal(n, k, seed=seed).tolist()


def test_importing_compat_imports_no_peer():
    code = ("import sys, handrank.compat; "
            "print(sorted(m for m in ('treys', 'phevaluator', 'eval7', 'pokerkit') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# ------------------------------------------------------------------------------- treys

def test_treys_cards_match_treys_for_all_52():
    treys = pytest.importorskip("treys")
    theirs = [treys.Card.new(t) for t in TEXTS]
    assert compat.to_treys(ALL) == theirs
    assert compat.to_treys(" ".join(TEXTS)) == theirs
    assert [compat.to_treys(c) for c in ALL] == theirs
    assert compat.from_treys(theirs) == ALL
    assert [compat.from_treys(v) for v in theirs] == ALL
    assert [treys.Card.int_to_str(v) for v in theirs] == TEXTS


def test_treys_round_trip_without_treys():
    ck = compat.to_treys(ALL)
    assert len(set(ck)) == 52 and compat.from_treys(ck) == ALL
    # the Cactus-Kev layout: prime in bits 0-7, rank in 8-11, suit bit in 12-15, rank bit
    for c, v in zip(ALL, ck):
        r, s = c >> 2, c & 3
        assert (v >> 8) & 0xF == r and v >> 16 == 1 << r
        assert (v >> 12) & 0xF == (8, 4, 2, 1)[s]
        assert v & 0xFF == (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)[r]


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint32, np.uint64, ">i4"])
def test_treys_arrays_both_ways(dtype):
    ids = np.array(_random_hands(20, 7, seed=3), dtype=np.uint8)
    ck = compat.to_treys(ids)
    assert ck.dtype == np.int32 and ck.shape == ids.shape
    assert ck.tolist() == [compat.to_treys(row) for row in ids.tolist()]
    back = compat.from_treys(ck.astype(dtype))
    assert back.dtype == np.uint8 and np.array_equal(back, ids)


@pytest.mark.parametrize("bad", [0, 51, 7, -1, 2**40, compat.to_treys(50) + 1])
def test_from_treys_refuses_ints_that_are_not_treys_cards(bad):
    with pytest.raises(CardRangeError, match=f"{bad} is not a treys card int"):
        compat.from_treys(bad)
    with pytest.raises(CardRangeError, match=f"position 1: {bad} is not"):
        compat.from_treys([compat.to_treys(0), bad])
    arr = np.array([[compat.to_treys(0)] * 3, [compat.to_treys(1), bad, 0]], dtype=np.int64)
    with pytest.raises(CardRangeError, match=r"index \(1, 1\)"):
        compat.from_treys(arr)


def test_treys_conversions_refuse_other_types():
    with pytest.raises(TypeError, match="parse_cards"):
        compat.from_treys("Ah")
    with pytest.raises(TypeError, match="position 0"):
        compat.from_treys([1.5])
    with pytest.raises(ArrayDtypeError):
        compat.from_treys(np.array([1.0]))
    with pytest.raises(CardRangeError, match=r"index 1: card id 52"):
        compat.to_treys(np.array([0, 52]))
    with pytest.raises(CardRangeError):
        compat.to_treys(-1)


def test_a_treys_int_as_a_card_id_is_refused_with_a_hint():
    ah = compat.to_treys(50)
    for call in (poker.evaluate, poker.strength, cards.parse_cards):
        with pytest.raises(CardRangeError, match="from_treys") as e:
            call([ah, 0, 1, 2, 3])
        assert "Ah" in str(e.value)
    with pytest.raises(CardRangeError, match="from_treys"):
        cards.check_cards([0, ah])
    bulk = np.array([[0, 1, 2, 3, 4], [5, 6, 7, ah, 8]], dtype=np.int64)
    with pytest.raises(CardRangeError, match=r"row 1, column 3: .*from_treys"):
        poker.evaluate_many(bulk)
    with pytest.raises(CardRangeError) as e:  # an int that is no treys card: no hint
        cards.parse_cards([0, 52])
    assert "treys" not in str(e.value)


def test_strength_is_7463_minus_the_treys_rank_on_random_hands():
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    for k in (5, 6, 7):
        for hand in _random_hands(300, k, seed=k):
            t = compat.to_treys(hand)
            rank = ev.evaluate(t[:2], t[2:])
            s = poker.strength(hand)
            assert compat.strength_from_rank(rank) == s == 7463 - rank
            assert compat.rank_from_strength(s) == rank
            assert compat.treys_rank_class(s) == ev.get_rank_class(rank)


def test_treys_rank_classes_every_strength():
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    for s in range(poker.MIN_STRENGTH, poker.MAX_STRENGTH + 1):
        rank = compat.rank_from_strength(s)
        cls = compat.treys_rank_class(s)
        assert cls == ev.get_rank_class(rank)
        assert compat.treys_class_to_string(cls) == ev.class_to_string(cls)
    assert [compat.treys_class_to_string(c) for c in range(10)] == \
        [ev.class_to_string(c) for c in range(10)]


def test_rank_class_follows_the_category():
    for s in (1, 1277, 1278, 5863, 5864, 7452, 7453, 7461, 7462):
        expect = 0 if s == poker.ROYAL_FLUSH else 9 - int(poker.category(s))
        assert compat.treys_rank_class(s) == expect
    assert compat.treys_class_to_string(compat.treys_rank_class(7462)) == "Royal Flush"
    assert compat.treys_class_to_string(compat.treys_rank_class(1)) == "High Card"


def test_rank_strength_arrays_and_bad_values():
    a = np.array([[1, 7462], [100, 3000]], dtype=np.int16)
    assert compat.strength_from_rank(a).tolist() == [[7462, 1], [7363, 4463]]
    assert compat.rank_from_strength(compat.strength_from_rank(a)).tolist() == a.tolist()
    for bad in (0, 7463, -5):
        with pytest.raises(HandrankError, match=str(bad)):
            compat.strength_from_rank(bad)
        with pytest.raises(HandrankError, match=str(bad)):
            compat.rank_from_strength(bad)
    with pytest.raises(HandrankError, match=r"index \(1, 0\)"):
        compat.strength_from_rank(np.array([[5, 6], [0, 1]]))
    with pytest.raises(TypeError):
        compat.strength_from_rank(True)
    with pytest.raises(TypeError):
        compat.rank_from_strength(5.0)
    with pytest.raises(ArrayDtypeError):
        compat.strength_from_rank(np.array([1.0]))
    with pytest.raises(HandrankError, match="10"):
        compat.treys_class_to_string(10)
    with pytest.raises(TypeError):
        compat.treys_class_to_string("0")
    with pytest.raises(HandrankError):
        compat.treys_rank_class(0)


# -------------------------------------------------------------------------- phevaluator

def test_phevaluator_ids_are_handrank_ids():
    ph = pytest.importorskip("phevaluator")
    assert [ph.Card(t).id_ for t in TEXTS] == ALL
    assert compat.from_phevaluator([ph.Card(t) for t in TEXTS]) == ALL
    assert [compat.from_phevaluator(ph.Card(c)) for c in ALL] == ALL
    assert [ph.Card(c).id_ for c in compat.to_phevaluator(" ".join(TEXTS))] == ALL
    assert compat.from_phevaluator(ALL) == ALL and compat.to_phevaluator(51) == 51


def test_phevaluator_agrees_on_random_hands():
    ph = pytest.importorskip("phevaluator")
    for k in (5, 6, 7):
        hands = _random_hands(300, k, seed=10 + k)
        strengths = poker.evaluate_many(np.array(hands, dtype=np.uint8)).tolist()
        for hand, s in zip(hands, strengths):
            rank = ph.evaluate_cards(*compat.to_phevaluator(hand))
            assert s == compat.strength_from_rank(rank) == 7463 - rank


def test_phevaluator_conversion_checks():
    with pytest.raises(CardRangeError):
        compat.from_phevaluator(52)
    with pytest.raises(CardRangeError):
        compat.to_phevaluator([0, 52])
    with pytest.raises(CardParseError):
        compat.from_phevaluator("Xx")
    for bad in (None, 1.5, b"As", True):
        with pytest.raises(TypeError):
            compat.from_phevaluator(bad)


# ------------------------------------------------------------------------------- eval7

def test_eval7_cards_round_trip_all_52():
    eval7 = pytest.importorskip("eval7")
    theirs = [eval7.Card(t) for t in TEXTS]
    assert compat.from_eval7(theirs) == ALL
    assert [compat.from_eval7(c) for c in theirs] == ALL
    assert compat.to_eval7(ALL) == theirs
    assert [compat.to_eval7(c) for c in ALL] == theirs
    assert cards.parse_cards(theirs) == ALL


def test_eval7_cards_accepted_by_poker_and_equity():
    eval7 = pytest.importorskip("eval7")
    for hand in _random_hands(200, 7, seed=21):
        objs = compat.to_eval7(hand)
        assert poker.strength(objs) == poker.strength(hand)
        assert poker.evaluate(objs) == poker.evaluate(hand)
        # eval7's own order agrees with handrank's strength (different numbers)
    hands = _random_hands(200, 7, seed=22)
    theirs = [eval7.evaluate(compat.to_eval7(h)) for h in hands]
    ours = [poker.strength(h) for h in hands]
    for (a, b), (x, y) in zip(itertools.combinations(theirs, 2),
                              itertools.combinations(ours, 2)):
        assert (a > b) - (a < b) == (x > y) - (x < y)
    board = [eval7.Card(t) for t in ("Qh", "Jh", "2c")]
    r = equity.equity([[eval7.Card("Ah"), eval7.Card("Kh")], "QQ"], board=board)
    assert r.players[0].equity == equity.equity(["AhKh", "QQ"], board="Qh Jh 2c").players[0].equity
    with pytest.raises(DuplicateCardError):
        poker.evaluate([eval7.Card("Ah")] * 2 + [1, 2, 3])
    # rows of card objects in bulk, and the board and holes of a showdown
    rows = _random_hands(50, 7, seed=23)
    assert poker.evaluate_many([compat.to_eval7(h) for h in rows]).tolist() == \
        poker.evaluate_many(np.array(rows, dtype=np.uint8)).tolist()
    assert poker.showdown(compat.to_eval7("Qh Jh 2c 7s 6s"),
                          [compat.to_eval7("AhKh"), compat.to_eval7("2d 2s")]) == [1]


def test_eval7_handrange_to_range():
    eval7 = pytest.importorskip("eval7")
    for text in ("AA", "QQ+, AJs+, KQs, 76s", "AA, 40%(AKs)", "22+, A2s+, KTo+",
                 "AsKs, 0.5(QhQd)"):
        ours = compat.range_from_eval7(eval7.HandRange(text))
        hr = eval7.HandRange(text)
        want = {frozenset(compat.from_eval7(list(h))): w for h, w in hr.hands}
        got = {frozenset(c): w for c, w in zip(ours.combos.tolist(), ours.weights.tolist())}
        assert got == want
        assert compat.range_from_eval7(text) == ours
        assert equity.parse_range(text) == ours  # the text parses as it is, too
    with pytest.raises(TypeError, match="HandRange"):
        compat.range_from_eval7(42)


def test_equity_with_eval7_range_strings_matches_eval7():
    eval7 = pytest.importorskip("eval7")
    hero, board = "AhKh", "Qh Jh 2c 7s 6s"
    for villain in ("QQ+, AJs+, KQs, 76s", "JJ, 0.5(AQs)", "22+"):
        want = eval7.py_hand_vs_range_exact(compat.to_eval7(hero), eval7.HandRange(villain),
                                            compat.to_eval7(board))
        assert equity.vs_range(hero, villain, board=board).equity == pytest.approx(want,
                                                                                   abs=1e-9)
        rng = compat.range_from_eval7(villain)
        assert equity.vs_range(hero, rng, board=board).equity == pytest.approx(want, abs=1e-9)


# ---------------------------------------------------------------------------- pokerkit

def test_pokerkit_cards_round_trip_all_52():
    pk = pytest.importorskip("pokerkit")
    theirs = list(pk.Card.parse(" ".join(TEXTS)))
    assert compat.from_pokerkit(theirs) == ALL
    assert compat.from_pokerkit(pk.Card.parse(" ".join(TEXTS))) == ALL  # a generator
    assert [compat.from_pokerkit(c) for c in theirs] == ALL
    assert compat.to_pokerkit(ALL) == theirs
    assert [compat.to_pokerkit(c) for c in ALL] == theirs


def test_pokerkit_cards_accepted_by_poker():
    pk = pytest.importorskip("pokerkit")
    for hand in _random_hands(200, 7, seed=31):
        objs = compat.to_pokerkit(hand)
        assert poker.evaluate(objs) == poker.evaluate(hand)
    assert poker.strength(pk.Card.parse("AsKsQsJsTs")) == poker.ROYAL_FLUSH
    unknown = pk.Card(pk.Rank.UNKNOWN, pk.Suit.UNKNOWN)
    with pytest.raises(CardParseError, match=r"item 2 .*'\?'"):
        poker.evaluate(compat.to_pokerkit([0, 1]) + [unknown, 8, 9])


def test_pokerkit_parse_range_to_range():
    pk = pytest.importorskip("pokerkit")
    for text in ("AKs", "QQ+ AJs+ KQo", "T9s-76s", "AsKs 22"):
        theirs = pk.parse_range(text)
        ours = compat.range_from_pokerkit(theirs)
        assert {frozenset(c) for c in ours.combos.tolist()} == \
            {frozenset(compat.from_pokerkit(list(c))) for c in theirs}
        assert set(ours.weights.tolist()) == {1.0}
        assert compat.range_from_pokerkit(text) == ours
    with pytest.raises(TypeError):
        compat.range_from_pokerkit(42)


# ------------------------------------------------------------------- any card object

class _Shown:
    """A card object of no known library: its str is the card."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


def test_parse_cards_reads_card_objects_through_their_text():
    assert cards.parse_cards([_Shown("Ah"), "Kd", 0, _Shown("10c")]) == [50, 45, 0, 32]
    assert poker.strength([_Shown(t) for t in "As Ks Qs Js Ts".split()]) == poker.ROYAL_FLUSH
    with pytest.raises(TypeError, match="item 1 .*'As Ks'"):
        cards.parse_cards([0, _Shown("As Ks")])
    with pytest.raises(TypeError, match="item 0"):
        cards.parse_cards([object()])
    for bad in (None, 1.5, b"As", True, np.float64(3.0)):
        with pytest.raises(TypeError, match="item 1"):
            cards.parse_cards([0, bad])
    for container in ([0, 1], ("A", "s"), {"As": 1}, range(3), np.array([51])):
        with pytest.raises(TypeError, match="item 1"):  # never read as text
            cards.parse_cards([0, container])
    with pytest.raises(DuplicateCardError):
        cards.parse_cards([_Shown("As"), 51])
    assert cards.parse_cards([_Shown("As"), 51], allow_duplicates=True) == [51, 51]


class _RankSuit(_Shown):
    """A card object with string rank and suit attributes (as pokerkit's)."""

    def __init__(self, rank, suit):
        super().__init__("a card")
        self.rank, self.suit = rank, suit


def test_card_objects_with_rank_and_suit():
    assert cards.parse_cards([_RankSuit("10", "♠"), _RankSuit("a", "H")]) == [35, 50]
    with pytest.raises(CardParseError, match=r"item 0 .*'spades' are not a card"):
        cards.parse_cards([_RankSuit("A", "spades")])


def test_to_eval7_and_to_pokerkit_name_the_missing_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "eval7", None)
    monkeypatch.setitem(sys.modules, "pokerkit", None)
    with pytest.raises(ImportError, match="pip install eval7"):
        compat.to_eval7("Ah")
    with pytest.raises(ImportError, match="pip install pokerkit"):
        compat.to_pokerkit("Ah")
    with pytest.raises(ImportError, match="pip install eval7"):
        compat.range_from_eval7("AA")


@pytest.mark.slow
def test_mypy_accepts_pokerkit_cards_where_cards_go(tmp_path):
    # pokerkit is typed: its Card objects must type-check as handrank cards (CardsLike)
    pytest.importorskip("mypy")
    pytest.importorskip("pokerkit")
    src = tmp_path / "calls.py"
    src.write_text("import pokerkit\nfrom handrank import cards, poker\n"
                   "hand = list(pokerkit.Card.parse('AsKsQsJsTs'))\n"
                   "s: int = poker.strength(hand)\n"
                   "ids: list[int] = cards.parse_cards(hand)\n")
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                        "--no-error-summary", str(src)], capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
