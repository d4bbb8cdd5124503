"""handrank.stud equity: stud high, stud Hi-Lo and razz against the pure-Python
reference (exact counts and fractions), the pot rules on complete hands, Monte
Carlo against exact, seeds, threads, split runs, bad input named.
Rules: docs/rules/stud.md."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

from handrank import stud
from handrank.cards import parse_cards
from handrank.errors import (
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
    OptionError,
)
from handrank.result import EquityResult, HiLoPlayer
from handrank.stud import reference as ref

UNITS = 5040
GAME = {"high": "stud", "hilo": "stud-hilo", "razz": "razz"}


def run(hands, dead=None, game="high", **kw):
    if game == "razz":
        return stud.razz_equity(hands, dead, **kw)
    return stud.equity(hands, dead, hilo=game == "hilo", **kw)


def assert_matches_reference(hands, dead=(), game="high"):
    """The kernel's exact integer counts equal the reference's, row for row."""
    r = run(hands, list(dead), game, method="exact")
    want = ref.equity([parse_cards(h) for h in hands], list(dead), game)
    t = np.array(r.tallies)
    assert r.exact and r.game == GAME[game]
    assert t[5, 0] == want.deals == r.deals
    assert t[0].tolist() == want.wins
    assert t[1].tolist() == want.ties
    assert t[2].tolist() == [x * UNITS for x in want.high]
    assert t[3].tolist() == [x * UNITS for x in want.low]
    assert [Fraction(int(h + lo), UNITS * want.deals) for h, lo in zip(t[2], t[3])] == want.equity
    return r


def small_cases(seed: int, n: int, low_cards: bool = False):
    """Random deals small enough for the reference: 2 or 3 players knowing 5 to 7
    cards, at most a few unknown cards in all, dead cards to shrink the deck.
    ``low_cards``: deal mostly aces to eights (lows, razz hands worth comparing)."""
    rng = random.Random(seed)
    for _ in range(n):
        deck = list(range(52))
        if low_cards:
            lows = [c for c in deck if c // 4 <= 6 or c // 4 == 12]
            deck = lows + rng.sample([c for c in deck if c not in lows], 8)
        rng.shuffle(deck)
        players = rng.choice((2, 2, 3))
        known = [7] * players
        for _ in range(rng.choice((1, 2, 2, 3))):  # unknown cards to deal
            p = rng.randrange(players)
            if known[p] > 5:
                known[p] -= 1
        hands = []
        for k in known:
            hands.append(deck[:k])
            deck = deck[k:]
        dead = deck[:rng.randrange(6, 18)]
        yield [list(h) for h in hands], dead


def test_high_equity_matches_the_reference():
    for hands, dead in small_cases(1, 4):
        assert_matches_reference(hands, dead, "high")
    # Text input, players knowing 3 and 6 cards and the others dead: a bigger walk.
    r = assert_matches_reference(["As Ah Kd 2c 3c 4d", "Qs Qh Jd 8c 7c 6d"])
    assert r.deals == 40 * 39


def test_hilo_equity_matches_the_reference():
    for hands, dead in small_cases(2, 5, low_cards=True):
        r = assert_matches_reference(hands, dead, "hilo")
        assert r.pot == "hi-lo" and all(isinstance(p, HiLoPlayer) for p in r.players)
        for p in r.players:
            assert p.equity == pytest.approx(p.high + p.low)
            assert p.scoop == p.win


def test_razz_equity_matches_the_reference():
    for hands, dead in small_cases(3, 4, low_cards=True):
        r = assert_matches_reference(hands, dead, "razz")
        assert r.pot == "low"
    for hands, dead in small_cases(4, 2):
        assert_matches_reference(hands, dead, "razz")


def shares(r):
    t = np.array(r.tallies)
    return [Fraction(int(h + lo), UNITS) for h, lo in zip(t[2], t[3])]


def test_hilo_scoop_split_quartered_and_no_low():
    # Scoop: a steel wheel is the best high and the best low.
    r = stud.equity(["As 2s 3s 4s 5s Kd Qc", "Kh Kc Qd Jd 9h 9c Th"], hilo=True)
    assert shares(r) == [1, 0] and r.players[0].scoop == 1.0
    # Quartered: alone for high (a straight flush), tied for low (both wheels): 1/2 + 1/4.
    r = stud.equity(["Ah 2h 3h 4h 5h Kc Kd", "Ac 2c 3d 4s 5d Qs Js"], hilo=True)
    assert shares(r) == [Fraction(3, 4), Fraction(1, 4)]
    assert (r.players[0].high, r.players[0].low, r.players[1].low) == (0.5, 0.25, 0.25)
    # High to one, low to the other: half each.
    r = stud.equity(["Kh Kc Kd 9h 9c 2d 3s", "Ac 2c 3d 4s 7d Qs Js"], hilo=True)
    assert shares(r) == [Fraction(1, 2), Fraction(1, 2)]
    assert (r.players[0].high, r.players[1].low) == (0.5, 0.5)
    # No qualifying low: the high takes the whole pot.
    r = stud.equity(["Kh Kc Kd 9h 9c 2d 3s", "Ac 2c 3d 9s Td Qs Js"], hilo=True)
    assert shares(r) == [1, 0] and r.players[0].low == 0.0
    # Three players, high split two ways, low alone: 1/4, 1/4, 1/2.
    r = stud.equity(["As Ks Qs Js Ts 9d 9c", "Ah Kh Qh Jh Th 9s 9h", "2c 3c 4d 5d 7h Kc Kd"],
                    hilo=True)
    assert shares(r) == [Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)]


def test_razz_has_no_qualifier():
    # No eight-or-better low anywhere: the better ace-to-five hand still wins it all
    # (a pair of tens below a pair of jacks, the rest equal).
    r = stud.razz_equity(["Kc Kd Qh Qs Jc Jd 9h", "Kh Ks Qc Qd Tc Td 9c"])
    assert shares(r) == [0, 1] and r.pot == "low"
    # Equal lows split; straights and flushes do not count against a razz hand.
    r = stud.razz_equity(["Ah 2h 3h 4h 5h Kc Kd", "Ac 2c 3d 4s 5d Qs Js"])
    assert shares(r) == [Fraction(1, 2), Fraction(1, 2)]
    # Every deal pays the whole pot to someone.
    r = stud.razz_equity(["Kc Kd Qh Qs Jc Jd", "Kh Ks Qc Qd Tc Td 9c"], method="exact")
    assert sum(shares(r)) == r.deals


def test_players_may_know_different_counts():
    r = assert_matches_reference(["As Ah Kd Kc 2s 3s 4s", "Qh Qd Jc Js 9d"],
                                 dead=parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc"))
    assert r.deals == 31 * 30 // 2
    # An (players, known) array of ids is a list of hands too.
    assert stud.equity(np.array([parse_cards("As Ah Kd Kc 2s 3s 4s"),
                                 parse_cards("Qh Qd Jc Js 9d 9s 9h")])).equities.tolist() == [0, 1]
    # 3 known cards for one player, 7 for the other: Monte Carlo by default, exact if asked.
    r = stud.equity(["As Ah Kd", "Qh Qd Jc Js 9d 9s 2c"], samples=20_000, seed=3)
    assert not r.exact and r.deals == 20_000


def test_monte_carlo_within_five_stderr_of_exact():
    hands = ["As Ah Kd 7c 6s", "Qh Qd Jc Js 9d 3h", "8h 7d 6c 5s 4h 2s"]
    dead = "2c 3c 4c 5c 8c 9c Tc Qc Kc Ac"
    for game in ("high", "hilo", "razz"):
        exact = run(hands, dead, game, method="exact")
        mc = run(hands, dead, game, samples=100_000, seed=11)
        assert exact.deals == 300 * 23 * 22  # C(25, 2) x 23 x 22
        assert exact.exact and not mc.exact
        for e, m in zip(exact.players, mc.players):
            # (a hand that never wins in the sample has stderr 0: allow a hair)
            assert abs(e.equity - m.equity) <= 5 * max(m.stderr, 1e-4), (game, e, m)
            assert m.stderr < 0.01


def test_same_seed_same_bits_on_one_and_two_threads_and_an_executor():
    hands = ["As Ah Kd", "Qh Qd Jc", "8h 7d 6c 5s"]
    for game in ("high", "hilo", "razz"):
        a = run(hands, None, game, samples=50_000, seed=5, threads=1)
        b = run(hands, None, game, samples=50_000, seed=5, threads=2)
        with ThreadPoolExecutor(2) as ex:
            c = run(hands, None, game, samples=50_000, seed=5, executor=ex)
        assert a.tallies == b.tallies == c.tallies
        assert a == b
        assert run(hands, None, game, samples=50_000, seed=6).tallies != a.tallies


def test_split_runs_merge_to_the_whole():
    hands = ["As Ah Kd Kc 2s", "Qh Qd Jc Js 9d"]
    whole = stud.equity(hands, hilo=True, method="exact")
    parts = [stud.equity(hands, hilo=True, method="exact", part=(i, 3)) for i in range(3)]
    assert EquityResult.merge(*parts).tallies == whole.tallies
    mc = stud.razz_equity(hands, samples=40_000, seed=2)
    mparts = [stud.razz_equity(hands, samples=40_000, seed=2, part=(i, 2)) for i in range(2)]
    assert EquityResult.merge(*mparts).tallies == mc.tallies


def test_D_eight_players_is_an_error():
    eight = [[4 * r + s for s in range(3)] for r in range(8)]
    with pytest.raises(HandSizeError, match="2 to 7 players, got 8.*56 cards"):
        stud.equity(eight)
    with pytest.raises(HandSizeError, match="2 to 7 players, got 8"):
        stud.razz_equity(eight)
    # Seven players of three known cards each is a deal (49 cards).
    r = stud.equity(eight[:7], samples=1_000, seed=1)
    assert len(r.players) == 7
    with pytest.raises(HandSizeError, match="got 1"):
        stud.equity(["As Ah Kd"])


def test_too_many_dead_cards_is_an_error():
    seven = [[4 * r + s for s in range(3)] for r in range(7)]
    dead = [4 * r + 3 for r in range(4)]  # 21 known + 4 dead: 27 left for 28 unknown
    with pytest.raises(HandSizeError, match="only 27 cards are left"):
        stud.equity(seven, dead)
    stud.equity(seven, dead[:3], samples=100, seed=1)  # 28 left: exactly enough


def test_known_cards_outside_3_to_7_are_named():
    with pytest.raises(HandSizeError, match="player 1: a stud hand has 3 to 7 known cards, got 2"):
        stud.equity(["As Ah Kd", "Qs Qh"])
    with pytest.raises(HandSizeError, match="player 0: .*got 8"):
        stud.equity(["As Ah Kd Kc Ks 2c 3c 4c", "Qs Qh Qd"])


def test_duplicates_name_both_places():
    with pytest.raises(DuplicateCardError, match="card Kd of player 1 is also in player 0's hand"):
        stud.equity(["As Ah Kd", "Qs Kd Jd"])
    with pytest.raises(DuplicateCardError, match="card As of player 0 is also among the dead"):
        stud.equity(["As Ah Kd", "Qs Qh Jd"], "2c As")
    with pytest.raises(DuplicateCardError, match="player 0"):
        stud.equity(["As Ah As", "Qs Qh Jd"])
    with pytest.raises(DuplicateCardError, match="dead cards"):
        stud.equity(["As Ah Kd", "Qs Qh Jd"], "2c 2c")


def test_bad_cards_and_options_are_named():
    with pytest.raises(CardParseError, match="player 1.*Xx"):
        stud.equity(["As Ah Kd", "Qs Qh Xx"])
    with pytest.raises(CardRangeError, match="dead cards"):
        stud.equity(["As Ah Kd", "Qs Qh Jd"], [52])
    with pytest.raises(TypeError, match="sequence"):
        stud.equity("As Ah Kd")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="hilo"):
        stud.equity(["As Ah Kd", "Qs Qh Jd"], hilo=1)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="method"):
        stud.razz_equity(["As Ah Kd", "Qs Qh Jd"], method="fast")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="samples"):
        stud.equity(["As Ah Kd", "Qs Qh Jd"], samples=0)


def test_poker_equity_agrees_on_exact_cases():
    pe = pytest.importorskip("poker_equity")
    for variant, game, hands, dead in [
            ("stud", "high", ["AsAhKd2c3c4d", "QsQhJd8c7c6d"], ""),
            ("stud_hi_lo", "hilo", ["AsAhKd2c3c4d", "QsQhJd8c7c6d"], ""),
            ("stud_hi_lo", "hilo", ["As2s3d4c5h", "KhKdQcQs9d"], "6s 7s"),
            ("stud_hi_lo", "hilo", ["As2s3d4c5h7c", "Ah2h3c4d8s9s", "KhKdQcQs9dTd"], "6s"),
            ("razz", "razz", ["As2s3d4c5h", "7h6d5c4s2c"], "Kc Kd"),
            ("razz", "razz", ["As2s3d4c5hKs", "KhKdQcQs9d8d", "7h6d5s4h3cJs"], "")]:
        theirs = pe.exact_from_text(variant, hands, "", dead)
        ours = run(hands, dead or None, game)
        assert ours.exact and theirs["samples"] == ours.deals
        for p, q in zip(ours.players, theirs["players"]):
            assert p.equity == pytest.approx(q["equity"], abs=1e-12)
            if game == "hilo":
                assert p.scoop == pytest.approx(q["scoop"], abs=1e-12)
                assert p.low == pytest.approx(q["low_equity"], abs=1e-12)


def test_equity_units_refuse_bad_layouts_and_cards():
    """The kernel defs are cimport-able and callable directly: sizes, cards outside the
    deck and repeats are refused (ValueError) before any deal; the short-deck callback
    never meets a deuce to five (the deck mask keeps them out of every deal)."""
    from handrank.shortdeck import _kernel as sd_kernel
    from handrank.shortdeck.odds import DECK_MASK
    from handrank.stud import _kernel

    own = np.array([parse_cards("As Ah Kd Kc 2s 3s 4s"), parse_cards("Qh Qd Jc Js 9d 9s 9h")],
                   np.uint8)
    seven = np.array([7, 7], np.uint8)
    empty = np.zeros(0, np.uint8)
    out = np.zeros((6, 2), np.int64)
    _kernel.showdown_exact(own, seven, empty, 0, 0, 2**52 - 1, 0, 0, 0, 0, 1, out)
    assert out[0].tolist() == [0, 1] and out[5].tolist() == [1, 1]  # nines full win
    for bad in (dict(own=own[:, :5]), dict(board=np.zeros(5, np.uint8)),
                dict(known=np.array([8, 7], np.uint8)), dict(known=np.array([7], np.uint8))):
        with pytest.raises(ValueError):
            _kernel.showdown_exact(bad.get("own", own), bad.get("known", seven),
                                   bad.get("board", empty), 0, 0, 2**52 - 1, 0, 0, 0, 0, 1, out)
    twice = own.copy()
    twice[1, 0] = twice[0, 0]
    with pytest.raises(ValueError, match="twice"):
        _kernel.showdown_monte_carlo(twice, seven, empty, 0, 0, 2**52 - 1, 1, 0, 1, 0, 16, 10,
                                     out)
    with pytest.raises(IndexError):
        _kernel.showdown_exact(own, seven, empty, 0, 0, 2**52 - 1, 0, 0, 0, 0, 2, out)
    holes = np.array([parse_cards("AhKh"), parse_cards("6c6d")], np.uint8)
    board = np.array(parse_cards("Qh Jh 7s 8s 9s"), np.uint8)
    two = np.array([2, 2], np.uint8)
    sd_kernel.showdown_exact(holes, two, board, 3, 0, DECK_MASK, 0, 0, 0, 0, 1, out)
    deuce = holes.copy()
    deuce[1, 0] = 0  # 2c: outside the short deck
    with pytest.raises(ValueError, match="outside the deck"):
        sd_kernel.showdown_exact(deuce, two, board, 3, 0, DECK_MASK, 0, 0, 0, 0, 1, out)


def test_exact_from_third_street_is_refused_at_once_not_run_for_hours():
    # Heads-up from third street is 18,265,297,050 deals: one prefix of the enumeration
    # would hold ~39 M evaluations, too long to stop on Ctrl-C, so method="exact" is refused
    # before any work (auto and Monte Carlo still run).
    import time

    from handrank._support import showdown_equity as engine

    for f in (stud.equity, stud.razz_equity):
        t = time.monotonic()
        with pytest.raises(OptionError, match="18,265,297,050 deals.*monte-carlo"):
            f(["AsAhKd", "QsQhJd"], method="exact")
        assert time.monotonic() - t < 5
    assert not stud.equity(["AsAhKd", "QsQhJd"], samples=20_000, seed=1).exact
    # the refusal names the bound's reason; a smaller limit refuses a smaller run too
    old = engine.MAX_PREFIX_EVALS
    try:
        engine.MAX_PREFIX_EVALS = 100
        with pytest.raises(OptionError, match="cannot be cut into work units"):
            stud.equity(["AsAhKd9c5h2s", "QsQhJd2d3h4h"], method="exact")
    finally:
        engine.MAX_PREFIX_EVALS = old
    assert stud.equity(["AsAhKd9c5h2s", "QsQhJd2d3h4h"], method="exact").exact
