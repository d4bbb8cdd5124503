"""Broken Canada game engine (handrank.canada.engine) against docs/rules/broken-canada.md "Play"."""

import numpy as np
import pytest

from handrank import canada
from handrank.canada import Category
from handrank.canada.engine import BETTING_PHASES, STRATEGIES, Game, GreedyBot, Hooks, StandPat, View
from handrank.engine import HeadToHead
from handrank.cards import parse_cards
from handrank.errors import OptionError


class Rigged(np.random.Generator):
    """A random source whose shuffle deals ``draws`` first, in order (other draws,
    e.g. Family Feud, are an ordinary seeded Generator's)."""

    def __init__(self, draws, decks=1):
        super().__init__(np.random.PCG64(0))
        rest = list(np.repeat(np.arange(52), decks))
        for c in draws:
            rest.remove(c)
        self.shoe = list(reversed(list(draws) + rest))

    def permutation(self, x):
        return np.array(self.shoe)


def cards(text):
    return parse_cards(text)


class Script(StandPat):
    """Records what it is asked; answers from queues."""

    def __init__(self, switch=(), claim=None, swap=None, exchange=(), forbid_exchange=False):
        self.switch_answers = list(switch)
        self.claim, self.swap, self.exchange = claim, swap, exchange
        self.forbid_exchange = forbid_exchange
        self.asked = []

    def switch(self, view):
        self.asked.append(("switch", view.allowance))
        return self.switch_answers.pop(0) if self.switch_answers else ()

    def claim_flip(self, view):
        self.asked.append(("claim", view.flip))
        return self.claim

    def swap_flip(self, view):
        self.asked.append(("swap", view.flip))
        return self.swap

    def redeal_exchange(self, view):
        assert not self.forbid_exchange, "only Broken Canada holders may exchange"
        self.asked.append(("redeal", view.allowance))
        return self.exchange


def test_deal_order_follows_the_rules():
    """Rules "Play" 1: one card each, a pit card, two each, a pit card, the flip, one each."""
    draws = list(range(12))
    g = Game([StandPat(), StandPat()], dealer=0)
    g.rng = Rigged(draws)
    g.deal()
    # seats in turn: player 1 (dealer's left), then player 0 (the dealer)
    assert g.sets[1] == [0, 3, 4, 9]
    assert g.sets[0] == [1, 5, 6, 10]
    assert g.pit == [2, 7]
    assert g.flip == 8


def test_d_decks_are_ceil_players_over_four():
    """[D] Five or more players: ceil(players / 4) decks shuffled together."""
    assert Game(players=4, seed=1).decks == 1
    assert Game(players=5, seed=1).decks == 2
    assert Game(players=9, seed=1).decks == 3
    r = Game(players=9, seed=4).play()
    dealt = [c for s in r.sets for c in s] + list(r.pit) + [r.flip]
    assert max(np.bincount(dealt, minlength=52)) <= 3


def test_switch_up_to_three_cards_one_at_a_time():
    """Switch: up to three cards, at once or one at a time; as many are dealt."""
    one_by_one = Script(switch=[[0], [1], [2]])
    g = Game([one_by_one, StandPat()], seed=3)
    g.deal()
    before = list(g.sets[0])
    g.switch()
    assert [a for a in one_by_one.asked if a[0] == "switch"] == [("switch", 3), ("switch", 2),
                                                                  ("switch", 1)]
    assert g.sets[0][3] == before[3] and all(g.sets[0][i] != before[i] for i in range(3))
    assert sorted(g.discards) == sorted(before[:3])
    greedy_too_many = Script(switch=[[0, 1, 2, 3]])
    g = Game([greedy_too_many, StandPat()], seed=3)
    g.deal()
    with pytest.raises(OptionError, match=r"player 0: switch\(\) returned 4 positions, at most 3"):
        g.switch()


def test_flip_claim_then_each_other_player_once():
    """Flip: the first claimer swaps; the card given up is the new flip; then
    each other player in turn may swap once with the current flip."""
    p0, p1, p2 = Script(swap=1), Script(claim=2), Script(claim=0, swap=3)
    g = Game([p0, p1, p2], seed=5, dealer=0)
    g.deal()
    flip0 = g.flip
    s1, s2, s0 = list(g.sets[1]), list(g.sets[2]), list(g.sets[0])
    g.flip_round()
    # turn order from the dealer's left: player 1 claims first
    assert g.sets[1][2] == flip0
    # then player 2 (the claimer's left) swaps its card 3 for player 1's card, then player 0
    assert g.sets[2][3] == s1[2]
    assert g.sets[0][1] == s2[3]
    assert g.flip == s0[1]
    assert [a[0] for a in p1.asked] == ["claim"]  # the claimer is not asked again
    assert [a[0] for a in p2.asked] == ["swap"]  # nobody before player 1 was asked to claim
    assert [a[0] for a in p0.asked] == ["swap"]


def test_d_redeal_once_after_broken_canada():
    """[D] A Broken Canada at the showdown: the deal is redone once, pit and flip
    stay, only the holder may exchange up to two, and a second Broken Canada
    does not trigger another redeal."""
    # dealing order (2 players, dealer 0): p1, p0, pit, p1 p1, p0 p0, pit, flip, p1, p0
    p0set, p1set = cards("Ts Jd Qs Ks"), cards("3c 4c 5c 7d")
    pit, flip = cards("As 2s"), cards("9h")
    first = [p1set[0], p0set[0], pit[0], p1set[1], p1set[2], p0set[1], p0set[2], pit[1],
             flip[0], p1set[3], p0set[3]]
    redeal = cards("3d 4d 6d 8h") + cards("Th Jh Qh Kc")  # p1, then p0 (a Broken Canada again)
    exchange = cards("Kd Kh")
    holder = Script(exchange=[0, 1])
    other = Script(forbid_exchange=True)
    g = Game([holder, other], dealer=0)
    g.rng = Rigged(first + redeal + exchange)
    r = g.play()
    assert r.redealt
    assert canada.category(r.first_showdown.strengths[0]) == Category.BROKEN_CANADA
    assert r.sets[1] == tuple(cards("3d 4d 6d 8h"))
    assert r.sets[0] == tuple(cards("Kd Kh Qh Kc"))
    assert r.pit == tuple(pit) and r.flip == flip[0]
    assert ("redeal", 2) in holder.asked
    assert sum(1 for e in r.events if e[0] == "redeal") == 1


def test_second_broken_canada_does_not_redeal_again():
    """[D] The redeal happens once: a Broken Canada after it stands."""
    p0set, p1set = cards("Ts Jd Qs Ks"), cards("3c 4c 5c 7d")
    pit, flip = cards("As 2s"), cards("9h")
    first = [p1set[0], p0set[0], pit[0], p1set[1], p1set[2], p0set[1], p0set[2], pit[1],
             flip[0], p1set[3], p0set[3]]
    redeal = cards("3d 4d 6d 8h") + cards("Th Jh Qh Kc")
    g = Game([StandPat(), StandPat()], dealer=0)
    g.rng = Rigged(first + redeal)
    r = g.play()
    assert r.redealt and r.winners == [0]
    assert canada.category(r.showdown.strengths[0]) == Category.BROKEN_CANADA
    assert sum(1 for e in r.events if e[0] == "redeal") == 1


def test_betting_hooks_and_fold():
    calls = []

    class Host(Hooks):
        def betting_round(self, game, number, phase):
            calls.append((number, phase))
            if number == 2:
                game.fold(1)

    r = Game([StandPat(), StandPat(), StandPat()], seed=2, hooks=Host()).play()
    assert calls == list(zip((1, 2, 3), BETTING_PHASES))
    assert r.showdown.strengths[1] == -1 and 1 not in r.winners


def test_same_seed_same_game_and_readable_log():
    a = Game(players=6, seed=11).play()
    b = Game(players=6, seed=11).play()
    assert a.log == b.log and a.winners == b.winners
    assert a.log[0].startswith("6 players, 2 decks")
    assert any(line.startswith("winner") for line in a.log)
    assert Game(players=6, seed=12).play().log != a.log


def test_default_bot_beats_standing_pat():
    wins = 0
    for seed in range(60):
        r = Game([GreedyBot(), StandPat(), StandPat(), StandPat()], seed=seed).play()
        wins += 0 in r.winners
    assert wins > 60 * 0.35  # far above the 25% of an equal seat


def test_bad_options():
    with pytest.raises(OptionError, match="players"):
        Game(players=1)
    with pytest.raises(OptionError, match=r"player 1's strategy .* switch\(\), claim_flip\(\)"):
        Game([StandPat(), object()])
    with pytest.raises(OptionError, match="unknown player 0's strategy 'gready'.*'greedy'"):
        Game(["gready", "stand-pat"])
    with pytest.raises(OptionError, match="dealer"):
        Game(players=3, dealer=3)
    with pytest.raises(OptionError, match="decks"):
        Game(players=3, decks=0)
    with pytest.raises(TypeError, match="chips"):
        Game(players=3, chips=100)  # type: ignore[call-arg]
    for bad in (True, 2.0, "3"):
        with pytest.raises(OptionError, match="players"):
            Game(players=bad)  # type: ignore[arg-type]
    for bad in (True, 1.0, -1):
        with pytest.raises(OptionError, match="dealer"):
            Game(players=3, dealer=bad)  # type: ignore[arg-type]
    for bad in (-1, 1.5, "7", True):
        with pytest.raises(OptionError, match="seed"):
            Game(players=3, seed=bad)


def test_family_feud_draws_from_the_shoe_topped_up_when_short():
    """Tied Full Houses feud with cards from the undealt stock; a shoe holding fewer
    cards than the players is topped up with the discards instead of failing."""
    g = Game([StandPat(), StandPat()], seed=1)
    g.sets = [cards("Kc Kd Kh 5c"), cards("3c 3d 3h 5s")]
    g.pit, g.flip = cards("5h 9d"), cards("9h")[0]
    g.shoe, g.discards = cards("2c"), cards("4c 7c")
    for _ in range(5):
        sd = g.showdown()
        assert len(sd.winners) == 1 and sd.feud
        assert {d.card for d in sd.feud} <= set(cards("2c 4c 7c"))
    g.shoe = cards("2c 4d 6h")  # enough: the feud uses the shoe only
    for _ in range(5):
        assert {d.card for d in g.showdown().feud} <= set(cards("2c 4d 6h"))


@pytest.mark.parametrize("players", [2, 4, 5, 9, 13, 30])
def test_cards_are_conserved_at_every_table_size(players):
    """Every deal plays to the end and no card is created or lost (up to 52 seats)."""
    for seed in range(6):
        g = Game(players=players, seed=seed, dealer=seed % players)
        r = g.play()
        every = [c for s in g.sets for c in s] + g.pit + [g.flip] + g.shoe + g.discards
        assert sorted(every) == sorted(list(range(52)) * g.decks)
        assert r.winners and all(0 <= w < players for w in r.winners)


# =========================================================================== strategies


def test_builtin_strategies_by_name_and_the_shared_shape():
    """Built-ins are named by strings; every strategy has a ``name`` (the shared
    :class:`handrank.engine.Strategy`) and is asked with one frozen View."""
    from handrank import engine

    g = Game(["greedy", "stand-pat", StandPat()], seed=1)
    assert [type(s) for s in g.strategies] == [GreedyBot, StandPat, StandPat]
    assert sorted(STRATEGIES) == ["greedy", "stand-pat"]
    for cls in (GreedyBot, StandPat):
        assert isinstance(cls(), engine.Strategy) and cls().name in STRATEGIES
    seen = []

    class Spy(StandPat):
        name = "spy"

        def switch(self, view):
            seen.append(view)
            return ()

    Game([Spy(), StandPat(), StandPat()], seed=2).play()
    assert seen[0].players == 3 and seen[0].player == 0 and seen[0].phase == "switch"
    with pytest.raises(AttributeError):
        seen[0].allowance = 3  # type: ignore[misc]


class Answer(StandPat):
    """Answers one method with a fixed (possibly bad) value (the switch once)."""

    def __init__(self, method, value):
        self.method, self.value = method, value

    def switch(self, view):
        if self.method != "switch" or view.allowance < 3:
            return ()
        return self.value

    def claim_flip(self, view):
        return self.value if self.method == "claim_flip" else None

    def swap_flip(self, view):
        return self.value if self.method == "swap_flip" else None


@pytest.mark.parametrize("bad", [[0.5], ["0"], None, [True], [0, 0], [4], [-1], "0", 0, [None]])
def test_switch_answers_are_checked_strictly(bad):
    """A switch answer is a sequence of distinct int positions 0..3: floats,
    strings, None, bools and repeats are rejected naming the player (from 0)."""
    g = Game([StandPat(), Answer("switch", bad)], seed=3)
    g.deal()
    with pytest.raises(OptionError, match=r"player 1: switch\(\)"):
        g.switch()


@pytest.mark.parametrize("good", [[0], (1, 2), np.array([3]), [np.int64(2)], []])
def test_switch_accepts_int_sequences(good):
    g = Game([StandPat(), Answer("switch", good)], seed=3)
    g.deal()
    before = list(g.sets[1])
    g.switch()
    changed = [i for i in range(4) if g.sets[1][i] != before[i]]
    assert set(changed) <= {int(x) for x in good}


@pytest.mark.parametrize("method", ["claim_flip", "swap_flip"])
@pytest.mark.parametrize("bad", [True, False, 1.0, "1", 4, -1, [1], np.float64(0)])
def test_flip_answers_are_an_int_position_or_none(method, bad):
    """claim_flip / swap_flip answer an int position 0..3 or None, nothing else."""
    claimer = Answer("claim_flip", 0)  # seat 0 acts first (seat 1 deals) and claims
    seats = [Answer(method, bad), StandPat()] if method == "claim_flip" else \
        [claimer, Answer(method, bad)]
    g = Game(seats, seed=4, dealer=1)
    g.deal()
    who = 0 if method == "claim_flip" else 1
    with pytest.raises(OptionError, match=rf"player {who}: {method}\(\) must return a set position"):
        g.flip_round()


def test_redeal_exchange_is_checked_strictly():
    """[D] The redeal exchange: at most two distinct positions, checked like the switch."""
    p0set, p1set = cards("Ts Jd Qs Ks"), cards("3c 4c 5c 7d")
    pit, flip = cards("As 2s"), cards("9h")
    first = [p1set[0], p0set[0], pit[0], p1set[1], p1set[2], p0set[1], p0set[2], pit[1],
             flip[0], p1set[3], p0set[3]]
    for bad, words in (([0, 1, 2], "at most 2"), ([1, 1], "repeats"), ([0.0], "not a position")):
        g = Game([Script(exchange=bad), StandPat()], dealer=0)
        g.rng = Rigged(first)
        with pytest.raises(OptionError, match=rf"player 0: redeal_exchange\(\).*{words}"):
            g.play()


def test_log_numbers_players_from_zero_and_lines_from_any_base():
    r = Game(players=3, seed=5, dealer=2).play()
    assert r.log[0] == "3 players, 1 deck, dealer player 2"
    one = r.lines(1)
    assert one[0] == "3 players, 1 deck, dealer player 3"
    assert len(one) == len(r.log)
    assert sum("player 0" in line for line in one) == 0
    assert sum("player 3" in line for line in one) == sum("player 2" in line for line in r.log)
    assert str(r) == "\n".join(r.log) and "flip turned up: " in str(r)


def test_view_prints_card_text():
    v = View(player=1, set=tuple(cards("Ac 3d 5h 7s")), pit=tuple(cards("Kc 9d")), flip=None,
             players=4, decks=1, phase="switch", allowance=3, strength=0)
    assert str(v) == "player 1 of 4 (switch, may change 3): Ac 3d 5h 7s | Kc 9d, flip face down"


# =========================================================================== head-to-head


def test_head_to_head_swaps_seats_over_the_same_deals():
    """A strategy against itself: each deal is played with seats swapped, so both
    sides get exactly the same cards and the margin is 0 on every deal."""
    r = canada.head_to_head("greedy", "greedy", 40, seed=7)
    assert isinstance(r, HeadToHead) and r.game == "canada" and r.rounds == 40
    assert r.margin == 0 and r.ci95 == (0.0, 0.0)
    assert r.mean_a == r.mean_b == pytest.approx(0.5)


def test_head_to_head_greedy_beats_standing_pat():
    r = canada.head_to_head("greedy", StandPat(), 60, seed=3)
    assert (r.a, r.b, r.seed) == ("greedy", "stand-pat", 3)
    assert r.mean_a + r.mean_b == pytest.approx(1.0)  # points are pot shares
    assert r.ci95[0] > 0 and r.ci95[0] < r.margin < r.ci95[1]
    assert canada.head_to_head("greedy", StandPat(), 60, seed=3) == r
    assert "greedy vs stand-pat over 60 canada rounds" in str(r)


def test_head_to_head_bad_input():
    for bad in (0, True, 1.5, 10**9 + 1):
        with pytest.raises(OptionError, match="rounds"):
            canada.head_to_head("greedy", "stand-pat", bad)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="unknown strategy 'bogus'"):
        canada.head_to_head("bogus", "greedy", 2)
    with pytest.raises(OptionError, match=r"switch\(\)"):
        canada.head_to_head(object(), "greedy", 2)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match=r"player 1: claim_flip\(\)"):
        canada.head_to_head("stand-pat", Answer("claim_flip", "2"), 2, seed=1)


def test_public_names_and_the_canada_game_alias():
    """Every name handrank.canada exported before the split still imports from it, and
    handrank.canada_game stays an alias of handrank.canada.engine."""
    import handrank.canada_game as alias
    from handrank.canada import engine

    before = {"MAX_STRENGTH", "MIN_STRENGTH", "TOTAL_DEALS", "CanadaEquity", "Category",
              "FeudDraw", "Showdown", "categories", "category", "compare", "decks_for",
              "describe", "equity", "evaluate", "evaluate_many", "exact_odds", "lower_cards",
              "name", "odds_rows", "showdown", "strength"}
    assert before <= set(canada.__all__) and all(hasattr(canada, n) for n in canada.__all__)
    assert alias.Game is engine.Game and alias.__all__ == engine.__all__
    assert canada.head_to_head is engine.head_to_head
