"""Crash: setting kernels vs the pure-Python reference, round scoring vs the
reference, the game engine (exchanges, game end, shared wins), every [D] of
docs/rules/brag-and-crash.md's Crash section, and bad input."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank import crash
from handrank.cards import deal, format_cards, parse_cards
from handrank.engine import HeadToHead
from handrank.errors import (
    ArrayShapeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
    OptionError,
    SettingError,
)
from handrank.brag import reference as ref_brag
from handrank.crash import reference as ref

ROOT = Path(__file__).resolve().parent.parent.parent


def H(text: str) -> list[int]:
    return parse_cards(text)


def _check_valid(holding, s: crash.Setting):
    used = [c for h in s.hands for c in h] + list(s.dropped)
    assert sorted(used) == sorted(holding)
    assert len(s.hands) == len(holding) // 3
    assert list(s.strengths) == sorted(s.strengths, reverse=True)


def _objective(hands, win, opts=None) -> float:
    """Expected points of sorted hands under a win table (the documented formula)."""
    o = (True, True) if opts is None else (opts["prial_threes_high"], opts["a23_top_run"])
    ws = [win[k, crash.hands._dense3(h, o)] for k, h in enumerate(hands)]
    return sum(ws) + float(np.prod(ws))


# =========================================================================== lexicographic

def _lex_matches_reference(holding):
    s = crash.set_hand(holding)
    _check_valid(holding, s)
    ref_hands, _ = ref.lexicographic_setting(holding)
    assert ref.setting_key(s.hands) == ref.setting_key(ref_hands)
    # reported strengths are the Brag strengths of the hands, in position order
    from handrank import brag
    assert list(s.strengths) == [brag.strength(list(h)) for h in s.hands]


@pytest.mark.parametrize("seed", [11, 12])
def test_lexicographic_13_cards_matches_brute_force(seed):
    holding = [int(c) for c in deal(1, 13, seed=seed)[0]]
    _lex_matches_reference(holding)


def test_lexicographic_many_ties_matches_brute_force():
    # four of three ranks: the strongest hands tie in many ways (the search branches)
    _lex_matches_reference(H("As Ad Ac Ah Ks Kd Kc Kh Qs Qd Qc Qh 2c"))


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_lexicographic_small_holdings_match_brute_force(n):
    rows = deal(12 if n <= 10 else 2, n, seed=100 + n)
    for row in rows:
        _lex_matches_reference([int(c) for c in row])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=3, max_size=9, unique=True))
def test_lexicographic_hypothesis(holding):
    _lex_matches_reference(holding)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(24))
def test_lexicographic_13_cards_matches_brute_force_batch(seed):
    holding = [int(c) for c in deal(1, 13, seed=1000 + seed)[0]]
    _lex_matches_reference(holding)


def test_lexicographic_known_example():
    s = crash.set_hand("As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h")
    assert s.hands == (tuple(H("As Ad Ac")), tuple(H("Kh Qh Jh")), tuple(H("5h 4s 3d")),
                       tuple(H("9s 9d 7c")))
    assert s.dropped == tuple(H("2c"))


# =========================================================================== expected points

def _ep_brute(holding, players, chc):
    win = crash.win_table(len(holding), players, chc)
    best = -1.0
    for hands, _ in ref.settings(holding):
        best = max(best, _objective(sorted(hands, key=crash.hands._dense3, reverse=True), win))
    return best, win


@pytest.mark.parametrize("n, players, chc", [(6, 2, False), (7, 3, True), (9, 4, False),
                                             (10, 5, False), (10, 5, True), (8, 2, True)])
def test_expected_points_is_the_optimum(n, players, chc):
    for row in deal(6, n, seed=200 + n + players):
        holding = [int(c) for c in row]
        s = crash.set_hand(holding, "expected-points", players=players, count_high_card=chc)
        _check_valid(holding, s)
        best, win = _ep_brute(holding, players, chc)
        assert s.expected_points == pytest.approx(best, abs=1e-9)
        assert _objective(s.hands, win) == pytest.approx(s.expected_points, abs=1e-9)


@pytest.mark.slow
def test_expected_points_is_the_optimum_13_cards():
    holding = [int(c) for c in deal(1, 13, seed=7)[0]]
    s = crash.set_hand(holding, "expected-points")
    best, _ = _ep_brute(holding, 4, False)
    assert s.expected_points == pytest.approx(best, abs=1e-9)


def test_expected_points_never_below_lexicographic():
    holdings = deal(3000, 13, seed=5)
    _, _, ev_lex = crash.set_many(holdings, "lexicographic")
    _, _, ev_ep = crash.set_many(holdings, "expected-points")
    assert (ev_ep >= ev_lex - 1e-12).all()
    assert (ev_ep > ev_lex + 1e-9).any()  # it does choose differently


def test_lexicographic_expected_points_use_the_same_formula():
    holding = [int(c) for c in deal(1, 13, seed=3)[0]]
    s = crash.set_hand(holding)
    assert s.expected_points == pytest.approx(_objective(s.hands, crash.win_table(13)), abs=1e-12)


def test_win_table_shape_monotone_and_high_card_rule():
    w = crash.win_table(13, 4, False)
    assert w.shape == (4, crash.NUM_STRENGTHS) and w.dtype == np.float64
    assert (np.diff(w, axis=1) >= 0).all()
    hc = crash.dense_strength("As Kd Jc")  # the best high card
    assert (w[:, :hc + 1] == 0).all() and (w[:, hc + 1] > 0).any()
    w2 = crash.win_table(13, 4, True)
    assert (w2[:, hc] > 0).any()
    # more opponents -> lower chances
    assert (crash.win_table(13, 2, True) >= crash.win_table(13, 3, True)).all()
    # 3-3-3 is the best position-1 hand (below 1: the table ignores card removal,
    # so an opponent's 3-3-3 counts as a possible tie)
    assert w[0, -1] == w[0].max() > 0.8


# =========================================================================== bulk

def test_set_many_matches_set_hand_and_threads():
    holdings = deal(40_000, 13, seed=9)
    for strat in crash.STRATEGIES:
        cards1, s1, ev1 = crash.set_many(holdings, strat)
        cards2, s2, ev2 = crash.set_many(holdings, strat, threads=2)
        assert (cards1 == cards2).all() and (s1 == s2).all() and (ev1 == ev2).all()
        assert s1.dtype == np.int32 and cards1.dtype == np.uint8 and ev1.dtype == np.float64
        for i in (0, 1, 777, 39_999):
            one = crash.set_hand([int(c) for c in holdings[i]], strat)
            assert one.strengths == tuple(int(x) for x in s1[i])
            assert sorted(c for h in one.hands for c in h) == sorted(cards1[i, :12].tolist())
            assert one.expected_points == ev1[i]
        assert (np.sort(cards1, axis=1) == np.sort(holdings, axis=1)).all()


def test_set_many_bad_rows_named():
    h = deal(5, 13, seed=1).astype(np.int64)
    h[3, 4] = 52
    with pytest.raises(CardRangeError, match="row 3, column 4"):
        crash.set_many(h)
    h = deal(5, 13, seed=1)
    h[2, 7] = h[2, 1]
    with pytest.raises(DuplicateCardError, match="row 2") as e:
        crash.set_many(h)
    assert e.value.row == 2
    with pytest.raises(HandSizeError):
        crash.set_many(np.zeros((2, 27), dtype=np.uint8))
    with pytest.raises(HandSizeError):
        crash.set_many(np.zeros((2, 2), dtype=np.uint8))


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 26), st.lists(st.integers(0, 255), min_size=26 * 4, max_size=26 * 4),
       st.sampled_from(crash.STRATEGIES))
def test_set_many_arbitrary_bytes_never_crash(c, values, strategy):
    """Any uint8 input: a correct setting, or an error naming the first bad row."""
    arr = np.array(values, dtype=np.uint8).reshape(4, 26)[:, :c].copy()
    bad_rows = [i for i in range(4) if (arr[i] >= 52).any() or len(set(arr[i])) < c]
    try:
        cards, _, _ = crash.set_many(arr, strategy, players=2)
    except (CardRangeError, DuplicateCardError) as e:
        assert bad_rows and f"row {bad_rows[0]}" in str(e)
        return
    assert not bad_rows
    assert (np.sort(cards, axis=1) == np.sort(arr, axis=1)).all()


# =========================================================================== scoring

@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("chc", [False, True])
def test_score_round_matches_reference(players, chc):
    rng = np.random.default_rng(players * 10 + chc)
    max_cards = 52 // players
    for trial in range(150):
        cards = int(rng.integers(3, max_cards + 1))
        nh = cards // 3
        deck = rng.permutation(52)
        per = []
        for p in range(players):
            hold = deck[p * cards:(p + 1) * cards][:3 * nh]
            per.append([[int(c) for c in hold[3 * k:3 * k + 3]] for k in range(nh)])
        got = crash.score_round(per, count_high_card=chc)
        assert list(got.points) == ref.score_round(per, count_high_card=chc)
        # the bulk scorer agrees
        strengths = np.array([[crash.brag_strength(crash.hands._dense3(h)) for h in hs]
                              for hs in got.hands], dtype=np.int32)[None]
        assert crash.score_many(strengths, count_high_card=chc)[0].tolist() == list(got.points)
        for k, w in enumerate(got.winners):
            if w is not None:
                assert all(ref_brag.value(got.hands[w][k]) > ref_brag.value(got.hands[q][k])
                           for q in range(players) if q != w)


def test_score_round_examples():
    r = crash.score_round([["As Ad 2c", "9c Td Jh"], ["Ks Kd 3c", "9d Th Js"]])
    # the runs (equal: suits never rank) sort above the pairs: position 1 tied
    assert r.points == (1, 0) and r.winners == (None, 0) and r.bonus == (False, False)
    r = crash.score_round([["3s 3d 3c", "As Ad 2c"], ["Ks Kd 4c", "Qs Qd 5c"]])
    assert r.points == (3, 0) and r.bonus == (True, False)


def test_score_round_takes_settings():
    """Settings from set_hand score like their hands (and in any hand order)."""
    holdings = [[int(c) for c in row] for row in deal(1, 39, seed=21).reshape(3, 13)]
    settings_ = [crash.set_hand(h, "expected-points", players=3) for h in holdings]
    got = crash.score_round(settings_)
    shuffled = [list(reversed(s.hands)) for s in settings_]
    assert got == crash.score_round(shuffled)
    assert list(got.points) == ref.score_round([s.hands for s in settings_])


def test_D_count_high_card_default_off():
    """[D] count_high_card defaults to off: a high-card hand cannot score."""
    hands = [["As Kd 9c", "2c 2d 5h"], ["Qs Jd 7c", "3c 3d 6h"]]
    assert crash.score_round(hands).points == (0, 1)
    assert crash.score_round(hands, count_high_card=True).points == (1, 1)
    assert crash.score_many(np.array([[[crash.brag_strength(crash.dense_strength("As Kd 9c"))],
                                       [crash.brag_strength(crash.dense_strength("Qs Jd 7c"))]]]
                                     )).tolist() == [[0, 0]]


def test_D_count_high_card_boundary_weakest_pair_scores():
    """[D] count_high_card off: the weakest pair (2-2-3) still scores, the best
    high card (A-K-J) never does -- in score_round and score_many alike."""
    def bulk(rows, **kw):
        st_ = [[[crash.brag_strength(crash.dense_strength(h))] for h in row] for row in rows]
        return crash.score_many(np.array(st_), **kw).tolist()

    pair_vs_high = [["2s 2d 3c"], ["As Kd Jc"]]
    assert crash.score_round(pair_vs_high).points == (2, 0)  # position + bonus
    assert bulk([["2s 2d 3c", "As Kd Jc"]]) == [[2, 0]]
    best_high = [["As Kd Jc"], ["Ks Qd 9c"]]
    assert crash.score_round(best_high).points == (0, 0)
    assert crash.score_round(best_high).winners == (None,)
    assert bulk([["As Kd Jc", "Ks Qd 9c"]]) == [[0, 0]]
    assert bulk([["As Kd Jc", "Ks Qd 9c"]], count_high_card=True) == [[2, 0]]


def test_D_default_cards_13_or_10_with_five_players():
    """[D] cards per player: 13 for 2-4 players, 10 for 5."""
    assert [crash.default_cards(n) for n in (2, 3, 4, 5)] == [13, 13, 13, 10]
    g = crash.Game(["lexicographic"] * 5, seed=1)
    rec = g.play_round()
    assert all(len(h) == 10 for h in rec.dealt) and all(len(s) == 3 for s in rec.settings)
    g = crash.Game(["lexicographic"] * 4, seed=1)
    assert all(len(h) == 13 for h in g.play_round().dealt)


def test_D_default_target_10():
    """[D] the game plays to 10 points by default."""
    assert crash.DEFAULT_TARGET == 10
    g = crash.Game(["lexicographic", "expected-points", "lexicographic"], seed=4)
    res = g.play()
    assert max(res.scores) >= 10
    assert max(res.rounds[-2].totals) < 10  # it did not stop early


def test_cards_option_changes_hand_count():
    g = crash.Game(["lexicographic"] * 2, seed=3, cards=26)
    rec = g.play_round()
    assert all(len(s) == 8 for s in rec.settings)
    assert rec.exchanged == (False, False)  # nothing left to exchange with
    g = crash.Game(["expected-points"] * 4, seed=3, cards=7)
    assert all(len(s) == 2 for s in g.play_round().settings)


# =========================================================================== game engine

class Spy(crash.LexicographicStrategy):
    def __init__(self, answer, log, seat):
        super().__init__()
        self.answer, self.log, self.seat = answer, log, seat

    def exchange(self, view):
        assert view.player == self.seat and len(view.holding) == view.cards
        self.log.append(self.seat)
        return self.answer


def _spies(answers):
    log: list[int] = []
    return [Spy(a, log, i) for i, a in enumerate(answers)], log


def test_exchange_two_players_each_may_swap():
    players, log = _spies([True, True])
    g = crash.Game(players, seed=8)
    deck = [int(x) for x in np.random.default_rng(8).permutation(52)]
    rec = g.play_round()
    assert log == [0, 1] and rec.exchanged == (True, True)
    assert rec.dealt == (tuple(deck[:13]), tuple(deck[13:26]))
    assert rec.holdings == (tuple(deck[26:39]), tuple(deck[39:52]))
    rec = g.play_round()  # the first player moves round
    assert log == [0, 1, 1, 0]


def test_exchange_three_players_first_taker_only():
    players, log = _spies([False, True, True])
    g = crash.Game(players, seed=8)
    deck = [int(x) for x in np.random.default_rng(8).permutation(52)]
    rec = g.play_round()
    assert log == [0, 1]  # player 2 is never asked once player 1 swapped
    assert rec.exchanged == (False, True, False)
    assert rec.holdings[1] == tuple(deck[39:52]) and rec.holdings[0] == rec.dealt[0]


@pytest.mark.parametrize("n, cards", [(4, None), (5, None), (4, 3), (5, 3), (4, 7)])
def test_no_exchange_with_four_or_five_players(n, cards):
    # also when a smaller deal leaves enough undealt cards for a swap
    players, log = _spies([True] * n)
    rec = crash.Game(players, seed=2, cards=cards).play_round()
    assert log == [] and rec.holdings == rec.dealt and rec.exchanged == (False,) * n


def test_exchange_three_players_smaller_deal_offers_that_many():
    """With fewer cards per player, the offered cards are as many as a holding."""
    players, log = _spies([True, True, True])
    g = crash.Game(players, seed=8, cards=6)
    deck = [int(x) for x in np.random.default_rng(8).permutation(52)]
    rec = g.play_round()
    assert log == [0] and rec.exchanged == (True, False, False)
    assert rec.holdings[0] == tuple(deck[18:24])


def test_default_exchange_rule_swaps_weak_keeps_strong():
    def view(text):
        return crash.View(player=0, players=2, holding=tuple(H(text)), cards=13,
                          scores=(0, 0), target=10, count_high_card=False, round=0)

    s = crash.LexicographicStrategy()
    assert s.exchange(view("3s 3d 3c As Ad Ac Ks Kd Kc Qs Qd Qc 2h")) is False
    assert s.exchange(view("As Qs Td Tc 9s 9h 7d 6h 6c 4s 4h 2s 2c")) is True
    assert crash.default_exchange(view("As Qs Td Tc 9s 9h 7d 6h 6c 4s 4h 2s 2c")) is True
    assert crash.TableInfo is crash.View  # the former name
    assert "As Qs Td" in str(view("As Qs Td Tc 9s 9h 7d 6h 6c 4s 4h 2s 2c"))


def test_game_ends_at_target_and_is_reproducible():
    a = crash.Game(["expected-points", "lexicographic", "expected-points", "lexicographic"],
                   seed=42, target=7).play()
    b = crash.Game(["expected-points", "lexicographic", "expected-points", "lexicographic"],
                   seed=42, target=7).play()
    assert a.scores == b.scores and len(a.rounds) == len(b.rounds)
    assert max(a.scores) >= 7 and max(a.rounds[-1].totals) == max(a.scores)
    assert all(max(r.totals) < 7 for r in a.rounds[:-1])
    assert a.winners == tuple(p for p, s in enumerate(a.scores) if s == max(a.scores))
    totals = np.zeros(4, dtype=int)
    for r in a.rounds:
        totals += r.score.points
        assert tuple(totals) == r.totals
        # every card of a round is distinct
        assert len({c for h in r.holdings for c in h}) == 4 * 13


def test_shared_win():
    found = None
    for seed in range(300):
        res = crash.Game(["lexicographic"] * 2, seed=seed, target=1).play()
        if len(res.winners) > 1:
            found = res
            break
    assert found is not None
    assert found.scores[0] == found.scores[1] >= 1 and found.winners == (0, 1)


class Cheat(crash.LexicographicStrategy):
    def set_hand(self, view):
        hands = [list(h) for h in super().set_hand(view)]
        hands[0][0] = next(c for c in range(52) if c not in view.holding)
        return hands


def test_bad_strategy_setting_named():
    with pytest.raises(SettingError, match=r"player 1 \(lexicographic\).*does not hold"):
        crash.Game(["lexicographic", Cheat()], seed=1).play_round()


def _hands_of(holding):
    return [holding[3 * k:3 * k + 3] for k in range(len(holding) // 3)]


class Garbage:
    """A bot returning whatever it is told to (a plain object, not a subclass)."""
    name = "garbage"

    def __init__(self, setter, answer=False):
        self.setter, self.answer = setter, answer

    def set_hand(self, view):
        return self.setter(view.holding)

    def exchange(self, view):
        return self.answer


@pytest.mark.parametrize("setter, error, match", [
    (lambda h: None, SettingError, "sequence of hands, got NoneType"),
    (lambda h: 7, SettingError, "sequence of hands, got int"),
    (lambda h: "As Ad Ac", SettingError, "not one string"),
    (lambda h: h, SettingError, "forms 4 hands .*got 13"),
    (lambda h: _hands_of(h)[:3], SettingError, "forms 4 hands .*got 3"),
    (lambda h: [None] + _hands_of(h)[1:], SettingError, "hand 0 is not three cards"),
    (lambda h: [[float(c) for c in h[:3]]] + _hands_of(h)[1:], SettingError,
     "hand 0 is not three cards"),
    (lambda h: [h[:4]] + _hands_of(h[4:]), SettingError, "hand 0 has 4 cards"),
    (lambda h: [h[:3]] + _hands_of(h)[:3], SettingError, "already used in hand 0"),
    (lambda h: [(99,) + tuple(h[1:3])] + _hands_of(h)[1:], SettingError, "hand 0: card id 99"),
])
def test_strategy_returning_garbage_is_named(setter, error, match):
    with pytest.raises(error, match=r"player 0 \(garbage\): .*" + match):
        crash.Game([Garbage(setter), "lexicographic"], seed=1).play_round()


@pytest.mark.parametrize("answer", ["no", None, [], 1])
def test_strategy_exchange_must_answer_a_bool(answer):
    with pytest.raises(OptionError, match=r"player 0: exchange\(\) must return True or False"):
        crash.Game([Garbage(_hands_of, answer), "lexicographic"], seed=1).play_round()
    # numpy bools are bools
    rec = crash.Game([Garbage(_hands_of, np.True_), "lexicographic"], seed=1).play_round()
    assert rec.exchanged[0] is True


def test_custom_strategy_protocol():
    class Naive(crash.Strategy):  # subclassing the protocol: default exchange rule
        name = "naive"

        def set_hand(self, view):
            h = view.holding
            return [h[3 * k:3 * k + 3] for k in range(len(h) // 3)]

    res = crash.Game([Naive(), "expected-points"], seed=5, target=7).play()
    assert max(res.scores) >= 7
    assert isinstance(Naive(), crash.Strategy) and isinstance(Garbage(None), crash.Strategy)


def test_strategy_objects_need_both_decisions():
    class OnlySets:
        name = "only-sets"

        def set_hand(self, view):
            return _hands_of(view.holding)

    with pytest.raises(OptionError, match=r"player 1: .*exchange\(\)"):
        crash.Game(["lexicographic", OnlySets()])
    with pytest.raises(OptionError, match="player 0: unknown strategy 'greedy'"):
        crash.Game(["greedy", "lexicographic"])


def test_views_are_frozen_and_complete():
    seen = []

    class Peek(crash.LexicographicStrategy):
        def set_hand(self, view):
            seen.append(view)
            return super().set_hand(view)

    g = crash.Game([Peek(), "lexicographic", "lexicographic", "lexicographic"], seed=3,
                   target=15)
    g.play_round()
    g.play_round()
    v = seen[-1]
    assert (v.player, v.players, v.cards, v.round, v.target) == (0, 4, 13, 1, 15)
    assert v.scores == g.rounds[0].totals and v.holding == g.rounds[1].holdings[0]
    with pytest.raises(AttributeError):
        v.player = 2


# =========================================================================== simulation

def test_expected_points_beats_lexicographic_small_simulation():
    """Fixed-seed head-to-head (4 players, two seats each, deals replayed with
    seats swapped): expected-points scores more, CI excludes 0."""
    r = crash.head_to_head("expected-points", "lexicographic", rounds=4000, seed=20261129)
    assert r.rounds == 4000
    assert r.ci95[0] > 0 and r.margin == pytest.approx(r.mean_a - r.mean_b)
    same = crash.head_to_head("lexicographic", "lexicographic", rounds=2000, seed=1)
    assert same.margin == 0.0
    assert isinstance(r, HeadToHead) and r.game == "crash" and r.seed == 20261129
    assert (r.a, r.b) == ("expected-points", "lexicographic")


def test_head_to_head_objects_play_through_the_engine_like_their_names():
    """A built-in given as an object goes through the engine (each answer asked and
    checked) and scores exactly as the bulk kernels do under its name."""
    for players in (2, 4, 5):
        kw = {"rounds": 60, "seed": 7, "players": players, "chunk": 11}
        fast = crash.head_to_head("expected-points", "lexicographic", **kw)
        slow = crash.head_to_head(crash.ExpectedPointsStrategy(), "lexicographic", **kw)
        assert slow == fast and fast.margin != 0.0


def test_head_to_head_user_strategy_and_bad_answers():
    class Naive:
        name = "naive"

        def set_hand(self, view):
            return _hands_of(view.holding)

        def exchange(self, view):
            return False

    r = crash.head_to_head(Naive(), "lexicographic", rounds=200, seed=3)
    assert (r.a, r.b, r.rounds) == ("naive", "lexicographic", 200)
    assert r.ci95[1] < 0  # keeping the dealt order loses to the lexicographic setting
    with pytest.raises(SettingError, match=r"player 1 \(garbage\): .*forms 4 hands"):
        crash.head_to_head("lexicographic", Garbage(lambda h: h), rounds=10)
    with pytest.raises(OptionError, match="strategy 42 is neither a built-in name"):
        crash.head_to_head(42, "lexicographic", rounds=10)
    with pytest.raises(OptionError, match="unknown strategy 'greedy'"):
        crash.head_to_head("greedy", "lexicographic", rounds=10)


def test_printed_objects_show_card_text():
    g = crash.Game(["lexicographic", "expected-points"], seed=1, target=3)
    rec = g.play_round()
    text = str(rec)
    first = crash.check_setting(list(rec.holdings[0]), rec.settings[0])[0]
    assert format_cards(first) in text and "player 0" in text and "player 1" in text
    assert f"totals: player 0 {rec.totals[0]}, player 1 {rec.totals[1]}" in text
    assert str(g.play().winners[0]) in str(g.result())
    s = crash.set_hand("As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h")
    assert str(s).startswith("As Ad Ac | Kh Qh Jh")


# =========================================================================== Brag options

OPTION_SETS = [{"prial_threes_high": False, "a23_top_run": True},
               {"prial_threes_high": True, "a23_top_run": False},
               {"prial_threes_high": False, "a23_top_run": False}]


@pytest.mark.parametrize("opts", OPTION_SETS)
def test_options_lexicographic_matches_brute_force(opts):
    for row in deal(8, 9, seed=300):
        holding = [int(c) for c in row]
        s = crash.set_hand(holding, **opts)
        _check_valid(holding, s)
        ref_hands, _ = ref.lexicographic_setting(holding, **opts)
        assert ref.setting_key(s.hands, **opts) == ref.setting_key(ref_hands, **opts)


@pytest.mark.parametrize("opts", [pytest.param(o, marks=pytest.mark.slow) for o in OPTION_SETS[:2]]
                         + OPTION_SETS[2:])
def test_options_lexicographic_13_cards(opts):
    # A-2-3 and 3-3-3 available: the options change which hand leads
    holding = H("Ac 2d 3h 3c 3d Ks Qs Js 9h 9c 7d 5s 4c")
    s = crash.set_hand(holding, **opts)
    ref_hands, _ = ref.lexicographic_setting(holding, **opts)
    assert ref.setting_key(s.hands, **opts) == ref.setting_key(ref_hands, **opts)


@pytest.mark.parametrize("opts", OPTION_SETS)
def test_options_scoring_matches_reference(opts):
    rng = np.random.default_rng(77)
    for _ in range(100):
        players = int(rng.integers(2, 6))
        nh = int(rng.integers(1, min(4, 52 // (3 * players)) + 1))
        deck = rng.permutation(52)
        per = [[[int(c) for c in deck[3 * (p * nh + k):3 * (p * nh + k) + 3]] for k in range(nh)]
               for p in range(players)]
        for chc in (False, True):
            got = crash.score_round(per, count_high_card=chc, **opts)
            assert list(got.points) == ref.score_round(per, count_high_card=chc, **opts)


def test_options_change_the_top_prial_and_run():
    """The Brag options [D] of the rules page reach Crash scoring."""
    hands = [["3s 3d 3c"], ["As Ad Ac"]]
    assert crash.score_round(hands).points == (2, 0)
    assert crash.score_round(hands, prial_threes_high=False).points == (0, 2)
    runs = [["Ac 2d 3h"], ["Qs Kd Ah"]]
    assert crash.score_round(runs).points == (2, 0)
    assert crash.score_round(runs, a23_top_run=False).points == (0, 2)


@pytest.mark.parametrize("opts", OPTION_SETS)
def test_options_expected_points_is_the_optimum(opts):
    for row in deal(4, 9, seed=400):
        holding = [int(c) for c in row]
        s = crash.set_hand(holding, "expected-points", **opts)
        win = crash.win_table(9, 4, False, **opts)
        assert (np.diff(win, axis=1) >= 0).all()
        best = max(_objective(sorted(hands, key=lambda h: crash.hands._dense3(
            h, (opts["prial_threes_high"], opts["a23_top_run"])), reverse=True), win, opts)
            for hands, _ in ref.settings(holding))
        assert s.expected_points == pytest.approx(best, abs=1e-9)


def test_options_game_and_head_to_head():
    g = crash.Game(["expected-points", "lexicographic"], seed=3, target=7,
                   prial_threes_high=False, a23_top_run=False)
    res = g.play()
    assert max(res.scores) >= 7
    r = crash.head_to_head(rounds=2000, seed=2, prial_threes_high=False)
    assert r.ci95[0] > 0


def test_unknown_keywords_are_type_errors_and_options_are_checked():
    holding = "As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h"
    with pytest.raises(TypeError, match="'high_card'"):
        crash.set_hand(holding, high_card=True)
    with pytest.raises(TypeError, match="'aces_high'"):
        crash.score_round([["As Ad Ac"], ["Ks Kd Kc"]], aces_high=True)
    with pytest.raises(TypeError, match="'nthreads'"):
        crash.set_many(deal(2, 13, seed=1), nthreads=2)
    with pytest.raises(TypeError, match="'rounds'"):
        crash.Game(["lexicographic"] * 2, rounds=5)
    with pytest.raises(TypeError, match="'foo'"):
        crash.head_to_head(rounds=10, foo=1)
    with pytest.raises(TypeError, match="'aces'"):
        crash.win_table(13, aces=1)
    with pytest.raises(OptionError, match="prial_threes_high must be True or False"):
        crash.score_round([["As Ad Ac"], ["Ks Kd Kc"]], prial_threes_high="no")
    with pytest.raises(OptionError, match="count_high_card"):
        crash.head_to_head(rounds=10, count_high_card="yes")
    with pytest.raises(OptionError, match="count_high_card must be True or False, got 1"):
        crash.score_many(np.zeros((1, 2, 1), dtype=np.int32), count_high_card=1)
    with pytest.raises(OptionError, match="a23_top_run"):
        crash.Game(["lexicographic"] * 2, a23_top_run=None)


def test_head_to_head_rounds_are_capped():
    from handrank.engine import MAX_ROUNDS

    for rounds in (2**63, MAX_ROUNDS + 1, 0, 2.0, True):
        with pytest.raises(OptionError, match="rounds must be an int from 1 to 1,000,000,000"):
            crash.head_to_head(rounds=rounds)
    with pytest.raises(OptionError, match="chunk"):
        crash.head_to_head(rounds=10, chunk=0)
    with pytest.raises(OptionError, match="max_rounds"):
        crash.Game(["lexicographic"] * 2, max_rounds=2**63)


# =========================================================================== bad input

def test_bad_input_errors():
    with pytest.raises(OptionError, match="'greedy'.*'lexicographic', 'expected-points'"):
        crash.set_hand("As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h", "greedy")
    with pytest.raises(DuplicateCardError, match="As"):
        crash.set_hand("As As Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h")
    with pytest.raises(HandSizeError):
        crash.set_hand("As Ad")
    with pytest.raises(CardParseError, match="Xx"):
        crash.set_hand("As Ad Xx")
    with pytest.raises(OptionError, match="from 3 to 17"):
        crash.set_hand([int(c) for c in deal(1, 18, seed=1)[0]], players=3)
    with pytest.raises(OptionError, match="players"):
        crash.set_hand("As Ad Ac", players=6)
    with pytest.raises(OptionError, match="count_high_card"):
        crash.set_hand("As Ad Ac", count_high_card="yes")


def test_check_setting_errors_name_the_culprit():
    holding = "As Ad Ac Kh Qh Jh 2c 3d 4s 9s 9d 7c 5h"
    ok = crash.check_setting(holding, ["9s 9d 7c", "As Ad Ac", "Kh Qh Jh", "5h 4s 3d"])
    assert ok[0] == tuple(H("As Ad Ac")) and ok[-1] == tuple(H("9s 9d 7c"))
    with pytest.raises(SettingError, match="Ts, which the player does not hold"):
        crash.check_setting(holding, ["9s 9d Ts", "As Ad Ac", "Kh Qh Jh", "5h 4s 3d"])
    with pytest.raises(SettingError, match="As, already used in hand 0"):
        crash.check_setting(holding, ["As 9d 7c", "As Ad Ac", "Kh Qh Jh", "5h 4s 3d"])
    with pytest.raises(SettingError, match="forms 4 hands"):
        crash.check_setting(holding, ["As Ad Ac", "Kh Qh Jh", "5h 4s 3d"])
    with pytest.raises(SettingError, match="hand 1 has 2 cards"):
        crash.check_setting(holding, ["9s 9d 7c", "As Ad", "Kh Qh Jh", "5h 4s 3d"])
    with pytest.raises(SettingError, match="hand 2 is not three cards"):
        crash.check_setting(holding, ["9s 9d 7c", "As Ad Ac", 5, "5h 4s 3d"])
    with pytest.raises(SettingError, match="sequence of hands, got NoneType"):
        crash.check_setting(holding, None)


def test_score_round_errors():
    with pytest.raises(OptionError, match="2..5 players"):
        crash.score_round([["As Ad Ac"]])
    with pytest.raises(SettingError, match="player 1 has 2 hands"):
        crash.score_round([["As Ad Ac"], ["Ks Kd Kc", "2c 3c 4c"]])
    with pytest.raises(DuplicateCardError, match="player 0, hand 0 and player 1, hand 0"):
        crash.score_round([["As Ad Ac"], ["As Kd Kc"]])
    with pytest.raises(HandSizeError, match="player 1, hand 0 has 4 cards"):
        crash.score_round([["As Ad Ac"], ["Ks Kd Kc Kh"]])
    with pytest.raises(SettingError, match="player 0: hands must be a sequence.*got int"):
        crash.score_round([5, ["As Ad Ac"]])
    with pytest.raises(SettingError, match="player 1, hand 0 is not three cards"):
        crash.score_round([["As Ad Ac"], [None]])
    with pytest.raises(SettingError, match="not sorted"):
        lo, hi = crash.brag_strength(5), crash.brag_strength(600)
        crash.score_many(np.array([[[lo, hi], [lo, lo]]]))


@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64])
def test_score_many_any_integer_dtype(dtype):
    # sorted strengths in an unsigned array are not "unsorted" (no wrap-around)
    v = [crash.brag_strength(d) for d in (700, 600, 650, 10)]
    s = np.array([[[v[0], v[1]], [v[2], v[3]]]], dtype=dtype)
    assert crash.score_many(s).tolist() == [[3, 0]]
    with pytest.raises(ArrayShapeError, match="unequal"):
        crash.score_many([[[v[0], v[1]], [v[2]]]])
    with pytest.raises(SettingError, match="round 0, player 1: hands are not sorted"):
        crash.score_many(np.array([[[v[0], v[1]], [v[3], v[2]]]], dtype=dtype))


def test_game_option_errors():
    with pytest.raises(OptionError, match="players must be an int from 2 to 5, got 6"):
        crash.Game(["lexicographic"] * 6)
    with pytest.raises(OptionError, match="from 3 to 13"):
        crash.Game(["lexicographic"] * 4, cards=14)
    with pytest.raises(OptionError, match="target"):
        crash.Game(["lexicographic"] * 4, target=0)
    with pytest.raises(OptionError, match="player 1: .*'lexicographic', 'expected-points'"):
        crash.Game(["lexicographic", "random"])
    with pytest.raises(OptionError, match="one per seat, got NoneType"):
        crash.Game(None)
    with pytest.raises(OptionError, match="max_rounds"):
        crash.Game(["lexicographic"] * 2, max_rounds=0)
    assert crash.Game(["lexicographic"] * 2, max_rounds=np.int64(3)).max_rounds == 3
    for seed in (-1, "x", 1.5):
        with pytest.raises(OptionError, match="seed must be"):
            crash.Game(["lexicographic"] * 2, seed=seed)
        with pytest.raises(OptionError, match="seed must be"):
            crash.head_to_head(rounds=10, seed=seed)


@pytest.mark.slow
@pytest.mark.parametrize("cards", [5, 10, 13])
def test_tables_regenerate_identically(cards):
    """The committed win-table counts are what tools/gen_crash_tables.py makes
    (a few sizes here; ``gen_crash_tables.py --check`` compares them all)."""
    import importlib.util

    from handrank.crash import _win_tables as _crash_tables

    spec = importlib.util.spec_from_file_location("gen_crash_tables",
                                                  ROOT / "tools" / "gen_crash_tables.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.SAMPLES[cards] == _crash_tables.SAMPLES[cards] and gen.SEED == _crash_tables.SEED
    got = gen.counts_for(cards, gen.SAMPLES[cards])
    assert (got == _crash_tables.counts(cards)).all()
    assert (got.sum(axis=1) == gen.SAMPLES[cards]).all()
    if cards == 10:  # the self-play counts of the five-player default table
        sp = gen.self_play_counts(10, 5, False, got)
        assert (sp == _crash_tables.self_play_counts(10, 5, False)).all()


def test_settings_enumeration_used_by_tests_is_complete():
    # the brute force behind the expected-points checks sees every setting
    holding = list(range(7))
    seen = {tuple(sorted(tuple(sorted(h)) for h in hands)) for hands, _ in ref.settings(holding)}
    expect = {tuple(sorted([a, b])) for a, b in combinations(
        [tuple(sorted(t)) for t in combinations(holding, 3)], 2) if not set(a) & set(b)}
    assert seen == expect


def test_play_round_after_the_game_is_over_is_refused():
    from handrank.errors import HandrankError

    g = crash.Game(["lexicographic"] * 3, seed=4)
    result = g.play()
    with pytest.raises(HandrankError, match="game is over"):
        g.play_round()
    assert g.result().scores == result.scores
