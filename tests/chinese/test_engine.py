"""Chinese Poker engine (Game, Strategy, View), head_to_head, count caps and the
printed objects."""

from __future__ import annotations

import numpy as np
import pytest

from handrank import chinese, engine
from handrank.cards import format_cards, parse_cards
from handrank.errors import DuplicateCardError, HandrankError, OptionError, SettingError


class Rows:
    """A user strategy: the holding sorted, lowest three in front, then five, five;
    records every view it is shown."""

    name = "rows"

    def __init__(self, declare: object = True) -> None:
        self.answer = declare
        self.views: list[chinese.View] = []

    def set_hand(self, view: chinese.View) -> tuple[list[int], list[int], list[int]]:
        self.views.append(view)
        h = sorted(view.holding)
        return h[:3], h[3:8], h[8:]

    def declare(self, view: chinese.View) -> object:
        self.views.append(view)
        return self.answer


class Answer(Rows):
    """Sets whatever ``make(view)`` returns."""

    name = "bad"

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def set_hand(self, view: chinese.View):
        return self.make(view)


# ------------------------------------------------------------------ Game

def test_game_is_deterministic_with_a_seed():
    def log(seed):
        g = chinese.Game(["solver", "greedy", Rows()], seed=seed, max_rounds=4)
        r = g.play()
        return [(rec.holdings, rec.settings, rec.totals) for rec in r.rounds], r.scores

    assert log(11) == log(11)
    assert log(11) != log(12)


def test_rounds_score_as_score_of_the_recorded_settings_and_are_zero_sum():
    g = chinese.Game(["solver", "greedy", "solver", Rows(declare=False)], seed=5,
                     system="mandarin", max_rounds=6)
    totals = np.zeros(4, int)
    for rec in g.play().rounds:
        # one deck: the 52 cards dealt once each, each setting uses its holding
        assert sorted(c for h in rec.holdings for c in h) == list(range(52))
        for h, s in zip(rec.holdings, rec.settings):
            assert sorted(s.cards) == sorted(h)
        again = chinese.score([{"front": s.front, "middle": s.middle, "back": s.back,
                                "natural": d} for s, d in zip(rec.settings, rec.declared)],
                              "mandarin")
        assert rec.points == again.totals and rec.score.matrix == again.matrix
        assert sum(rec.points) == 0
        totals += rec.points
        assert rec.totals == tuple(totals)
    assert g.scores == list(totals)


def test_game_ends_at_target_or_max_rounds():
    r = chinese.Game(["solver", "greedy"], seed=2, target=8).play()
    assert r.target_reached and max(r.scores) >= 8
    assert all(max(rec.totals) < 8 for rec in r.rounds[:-1])
    assert r.winners == tuple(p for p, s in enumerate(r.scores) if s == max(r.scores))
    r = chinese.Game(["greedy", "greedy"], seed=2, max_rounds=3).play()
    assert len(r.rounds) == 3 and not r.target_reached
    g = chinese.Game(["greedy", "greedy"], seed=2, max_rounds=1)
    g.play_round()
    with pytest.raises(HandrankError, match="over"):
        g.play_round()


def test_views_are_frozen_and_show_the_players_own_cards():
    bot = Rows()
    g = chinese.Game([bot, "greedy"], seed=3, system="eastern", target=50)
    rec = g.play_round()
    g.play_round()
    v = bot.views[0]
    assert (v.player, v.players, v.round, v.system, v.target) == (0, 2, 0, "eastern", 50)
    assert v.holding == rec.holdings[0] and v.cards == format_cards(rec.holdings[0])
    assert v.setting is None and v.naturals == ()
    later = [w for w in bot.views if w.round == 1][0]
    assert later.scores == rec.totals
    with pytest.raises(AttributeError):
        v.player = 1  # type: ignore[misc]


def _holding_with_six_pairs(seed: int = 0) -> int:
    """A seed whose first deal gives player 0 six pairs (found by search)."""
    for s in range(seed, seed + 100_000):
        deck = np.random.default_rng(s).permutation(52)[:13]
        ranks = [int(c) >> 2 for c in deck]
        if sum(ranks.count(r) // 2 for r in set(ranks)) >= 6:
            return s
    raise AssertionError("no six pairs found")


def test_declare_is_asked_only_for_a_natural_and_scores_a_sweep():
    seed = _holding_with_six_pairs()
    yes, no = Rows(declare=True), Rows(declare=False)
    rec = chinese.Game([yes, "greedy"], seed=seed, system="western").play_round()
    asked = [v for v in yes.views if v.setting is not None]
    assert len(asked) == 1 and chinese.Natural.SIX_PAIRS in asked[0].naturals
    assert rec.declared == (True, False) and rec.points == (4, -4)  # western sweep
    rec2 = chinese.Game([no, "greedy"], seed=seed).play_round()
    assert rec2.declared == (False, False)
    assert not [v for v in Rows().views if v.setting is not None]


@pytest.mark.parametrize("answer, error, words", [
    (1, OptionError, r"player 0: declare\(\) must return True or False, got 1"),
    ("yes", OptionError, "got 'yes'"),
    (None, OptionError, "got None"),
])
def test_declare_answers_must_be_real_bools(answer, error, words):
    with pytest.raises(error, match=words):
        chinese.Game([Rows(declare=answer), "greedy"], seed=_holding_with_six_pairs()).play_round()


@pytest.mark.parametrize("make, error, words", [
    (lambda v: None, SettingError, r"player 1 \(bad\): set_hand\(\) must return"),
    (lambda v: "As Ks", SettingError, "must return a Setting"),
    (lambda v: (v.holding[:3], v.holding[3:8]), SettingError, "must return"),
    (lambda v: (v.holding[:4], v.holding[4:8], v.holding[8:]), SettingError,
     "player 1 \\(bad\\): set_hand\\(\\): the front needs 3 cards"),
    (lambda v: (v.holding[:3], v.holding[3:8], v.holding[7:12]), SettingError,
     "player 1 \\(bad\\)"),
    (lambda v: (v.holding[:3], v.holding[3:8],
                v.holding[8:12] + tuple(c for c in range(52) if c not in v.holding)[:1]),
     SettingError, "player 1 \\(bad\\): set_hand\\(\\): .*not in the holding"),
    (lambda v: chinese.greedy(format_cards([c for c in range(52)
                                            if c not in v.holding][:13])),
     SettingError, "player 1 \\(bad\\): set_hand\\(\\) returned card .* not in the holding"),
    (lambda v: (v.holding[:3], v.holding[3:8], [1.5] * 5), SettingError, "player 1 \\(bad\\)"),
])
def test_set_hand_answers_are_checked_naming_the_player(make, error, words):
    g = chinese.Game(["greedy", Answer(make)], seed=9)
    with pytest.raises(error, match=words):
        g.play_round()
    assert g.scores == [0, 0] and not g.rounds


def test_a_fouled_setting_is_legal_and_scored_as_a_foul():
    def swapped(v):  # greedy's middle and back exchanged: the middle beats the back
        s = chinese.greedy(v.holding)
        return s.front, s.back, s.middle

    rec = chinese.Game(["greedy", Answer(swapped)], seed=4).play_round()
    s = rec.settings[1]
    assert s.strengths[1] > s.strengths[2] and s.foul
    assert rec.score.fouls == (False, True) and rec.points == (4, -4)


def test_miscounted_rows_are_a_bad_answer_not_a_foul():
    def five_in_front(v):
        s = chinese.greedy(v.holding)
        return s.back, s.middle, s.front

    with pytest.raises(SettingError, match=r"player 1 \(bad\): set_hand\(\): the front needs 3"):
        chinese.Game(["greedy", Answer(five_in_front)], seed=4).play_round()


def test_game_options_are_checked():
    with pytest.raises(OptionError, match="2 to 4 players"):
        chinese.Game(["solver"])
    with pytest.raises(OptionError, match="2 to 4 players"):
        chinese.Game(["solver"] * 5)
    with pytest.raises(OptionError, match="sequence of strategies"):
        chinese.Game("solver")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="player 1: unknown strategy 'solvr'.*'solver', 'greedy'"):
        chinese.Game(["solver", "solvr"])
    with pytest.raises(OptionError, match=r"player 0: .*set_hand\(\), declare\(\)"):
        chinese.Game([object(), "greedy"])

    class NoDeclare:
        name = "half"

        def set_hand(self, view):
            return chinese.greedy(view.holding)

    assert not isinstance(NoDeclare(), chinese.Strategy)
    with pytest.raises(OptionError, match=r"player 1: .*with declare\(\)$"):
        chinese.Game(["greedy", NoDeclare()])
    with pytest.raises(OptionError, match="scoring system"):
        chinese.Game(["solver", "greedy"], system="vegas")
    with pytest.raises(OptionError, match="target"):
        chinese.Game(["solver", "greedy"], target=True)
    with pytest.raises(OptionError, match="max_rounds must be an int from 1 to 1,000,000,000"):
        chinese.Game(["solver", "greedy"], max_rounds=2**63)
    with pytest.raises(OptionError, match="seed"):
        chinese.Game(["solver", "greedy"], seed=-1)
    with pytest.raises(TypeError):
        chinese.Game(["solver", "greedy"], rounds=3)  # type: ignore[call-arg]


def test_builtin_strategies_satisfy_the_protocol():
    for s in (chinese.SolverStrategy(), chinese.GreedyStrategy(), Rows()):
        assert isinstance(s, chinese.Strategy) and isinstance(s, engine.Strategy)
    assert chinese.GreedyStrategy().name == "greedy" and chinese.SolverStrategy().name == "solver"


# ------------------------------------------------------------------ head_to_head

def test_head_to_head_names_and_objects_agree():
    by_name = chinese.head_to_head("solver", "greedy", rounds=60, seed=8)
    by_object = chinese.head_to_head(chinese.SolverStrategy(), chinese.GreedyStrategy(),
                                     rounds=60, seed=8)
    assert isinstance(by_name, engine.HeadToHead)
    assert by_name == by_object
    assert (by_name.game, by_name.a, by_name.b, by_name.rounds, by_name.seed) == (
        "chinese", "solver", "greedy", 60, 8)
    assert by_name.margin == pytest.approx(by_name.mean_a - by_name.mean_b)
    assert by_name.mean_a == pytest.approx(-by_name.mean_b)  # heads-up is zero-sum
    lo, hi = by_name.ci95
    assert lo < by_name.margin < hi


def test_head_to_head_swaps_seats_so_a_mirror_match_is_even():
    r = chinese.head_to_head("greedy", "greedy", rounds=40, seed=1)
    assert r.margin == 0 and r.mean_a == 0
    r = chinese.head_to_head(Rows(), Rows(), rounds=10, seed=1)
    assert r.margin == 0 and r.a == "rows"


def test_head_to_head_solver_beats_greedy_and_a_user_strategy():
    r = chinese.head_to_head("solver", "greedy", rounds=400, seed=2026)
    assert r.ci95[0] > 0, r
    r = chinese.head_to_head("solver", Rows(declare=False), rounds=40, seed=2026)
    assert r.margin > 0 and r.b == "rows"
    assert "solver vs rows over 40 chinese rounds" in str(r)


def test_head_to_head_odd_rounds_round_up_and_seed_reproduces():
    r = chinese.head_to_head(rounds=7, seed=3)
    assert r.rounds == 8
    assert r == chinese.head_to_head(rounds=8, seed=3)
    assert r != chinese.head_to_head(rounds=8, seed=4)


def test_head_to_head_bad_answers_and_options():
    with pytest.raises(SettingError, match=r"player 1 \(bad\): set_hand"):
        chinese.head_to_head("greedy", Answer(lambda v: None), rounds=2)
    with pytest.raises(OptionError, match="unknown strategy 'best'"):
        chinese.head_to_head("best", "greedy")
    for kw in ({"rounds": 0}, {"rounds": 2.0}, {"rounds": True}, {"seed": "x"},
               {"system": "x"}):
        with pytest.raises(OptionError):
            chinese.head_to_head(**kw)
    with pytest.raises(TypeError):
        chinese.head_to_head(deals=4)  # type: ignore[call-arg]


# ------------------------------------------------------------------ caps

@pytest.mark.parametrize("call", [
    lambda: chinese.heads_up(2**63),
    lambda: chinese.heads_up(engine.MAX_ROUNDS + 1),
    lambda: chinese.head_to_head(rounds=2**63),
    lambda: chinese.Game(["greedy", "greedy"], max_rounds=engine.MAX_ROUNDS + 1),
])
def test_counts_are_capped(call):
    with pytest.raises(OptionError, match="1,000,000,000"):
        call()


def test_heads_up_bulk_path_agrees_with_the_engine():
    from handrank.cards import deal
    r = chinese.heads_up(50, seed=4)
    cards = deal(50, 26, np.random.default_rng(4))
    points = []
    for row in cards:
        h = (tuple(int(c) for c in row[:13]), tuple(int(c) for c in row[13:]))
        g = chinese.Game(["solver", "greedy"])
        g.deal = lambda h=h: h  # type: ignore[method-assign]  # this deal, not a random one
        points.append(g.play_round().points[0])
    assert r.deals == 50 and r.mean == pytest.approx(np.mean(points))


# ------------------------------------------------------------------ printed objects

def test_printed_objects_show_card_text():
    s = chinese.make_setting("Qs Qd 4c", "Ah Kh Th 7h 2h", "9c 9d 9s 5c 5d")
    assert repr(s) == "Setting(front='Qs Qd 4c', middle='Ah Kh Th 7h 2h', back='9c 9d 9s 5c 5d')"
    assert str(s) == "Qs Qd 4c / Ah Kh Th 7h 2h / 9c 9d 9s 5c 5d"
    assert repr(chinese.Natural.DRAGON) == "Natural.DRAGON"
    assert str(chinese.Natural.THREE_FLUSHES) == "three flushes"
    sol = chinese.solve("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    assert "Setting(front='" in repr(sol) and "Natural.DRAGON" in repr(sol)
    assert str(sol).endswith("declare dragon") and " / " in str(sol)
    flush = chinese.solve("2h 5h 9h 2d 4d 6d 8d Td 4s 7s Js Ks As")
    if flush.declare:
        assert str(flush).endswith(f"as {flush.natural_setting}")
    t = chinese.score([s, ("2c 3c 4d", "6s 7s 8s Js Ts", "Kc Kd Ks 3h 3s")])
    assert "Setting(front='Qs Qd 4c'" in repr(t)
    assert str(t) == t.text() and str(t.pairs[0]) == t.pairs[0].text
    rec = chinese.Game(["greedy", "greedy"], seed=1).play_round()
    text = repr(rec) + str(rec)
    assert format_cards(rec.holdings[0]) in text and str(rec.settings[1]) in text
    assert str(tuple(rec.holdings[0])) not in text
    v = chinese.View(player=0, players=2, holding=tuple(parse_cards("2c 3d 4h 5s 6c 7d 8h 9s "
                                                                     "Tc Jd Qh Ks Ac")),
                     scores=(0, 0), round=0, system="western", target=None)
    assert "holding='2c 3d 4h" in repr(v)
