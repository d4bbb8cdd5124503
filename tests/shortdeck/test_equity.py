"""handrank.shortdeck.equity: exact counts against the reference's walk over every
board of the 36-card deck (both options), Monte Carlo against exact, seeds and
threads, split runs, bad input named (a deuce to five above all).
Rules: docs/rules/shortdeck.md."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from handrank import shortdeck
from handrank.cards import parse_cards
from handrank.errors import (
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
    OptionError,
)
from handrank.result import EquityResult
from handrank.shortdeck import reference as ref

UNITS = 5040
SHORT = list(range(16, 52))


def assert_matches_reference(holes, board=(), dead=(), sbt=False):
    board, dead = parse_cards(board), parse_cards(dead)
    r = shortdeck.equity(holes, board, dead, straight_beats_trips=sbt,
                         method="exact")
    wins, ties, shares, deals = ref.equity([parse_cards(h) for h in holes], list(board),
                                           list(dead), sbt)
    t = np.array(r.tallies)
    assert r.exact and r.game == ("shortdeck-sbt" if sbt else "shortdeck")
    assert t[5, 0] == deals == r.deals
    assert t[0].tolist() == wins and t[1].tolist() == ties
    assert [Fraction(int(x), UNITS) for x in t[2]] == shares
    assert t[3].tolist() == [0] * len(holes)
    return r


def random_spots(seed: int, n: int):
    """``n`` seeded random short-deck spots: 2 to 4 players, a flop or turn board, a few
    dead cards; and the option, alternating."""
    rng = random.Random(seed)
    for case in range(n):
        deck = rng.sample(SHORT, 36)
        players = rng.choice((2, 3, 4))
        holes = [deck[2 * p:2 * p + 2] for p in range(players)]
        rest = deck[2 * players:]
        board_size = 4 if case % 3 else 3
        board, dead = rest[:board_size], rest[board_size:board_size + rng.randrange(0, 6)]
        yield holes, board, dead, bool(case % 2)


def test_exact_equity_matches_the_reference_on_turn_and_flop_boards():
    for holes, board, dead, sbt in random_spots(5, 4):
        assert_matches_reference(holes, board, dead, sbt)
    # River: one deal.
    r = assert_matches_reference(["AhKh", "6c6d"], "Qh Jh 7s 6s 6h")
    assert r.deals == 1 and r.players[1].equity == 1.0  # quads beat the flush draw
    ids = np.array([parse_cards("AhKh"), parse_cards("6c6d")])  # an (n, 2) id array
    assert shortdeck.equity(ids, "Qh Jh 7s 6s 6h").equities.tolist() == [0, 1]


def test_the_option_changes_the_winner():
    # 7-7-7 on a board that gives the other player a straight: trips win by default.
    holes, board = ["7c 7d", "Ts Jh"], "7h 8s 9d Ac Kc"
    assert shortdeck.equity(holes, board).players[0].equity == 1.0
    assert shortdeck.equity(holes, board, straight_beats_trips=True).players[1].equity == 1.0


def test_monte_carlo_within_five_stderr_of_exact_and_the_same_bits_on_two_threads():
    holes = ["AhKh", "QsQd", "7c8c"]
    exact = shortdeck.equity(holes, method="exact")
    assert exact.deals == 142_506  # C(30, 5): five of the 30 cards left
    a = shortdeck.equity(holes, samples=60_000, seed=9, threads=1)
    b = shortdeck.equity(holes, samples=60_000, seed=9, threads=2)
    assert a.tallies == b.tallies and not a.exact
    for e, m in zip(exact.players, a.players):
        assert abs(e.equity - m.equity) <= 5 * m.stderr
    parts = [shortdeck.equity(holes, samples=60_000, seed=9, part=(i, 3)) for i in range(3)]
    assert EquityResult.merge(*parts).tallies == a.tallies


def test_a_deuce_to_five_is_named():
    with pytest.raises(CardRangeError, match="player 1: card 5s .* not in the short deck"):
        shortdeck.equity(["AhKh", "5s6s"])
    with pytest.raises(CardRangeError, match="board: card 2c .*position 1"):
        shortdeck.equity(["AhKh", "7s6s"], "Ac 2c 9d")
    with pytest.raises(CardRangeError, match="dead cards: card 4d"):
        shortdeck.equity(["AhKh", "7s6s"], None, "4d")


def test_bad_input_is_named():
    with pytest.raises(HandSizeError, match="player 0: short-deck hole cards are 2 cards, got 3"):
        shortdeck.equity(["AhKhQh", "7s6s"])
    with pytest.raises(HandSizeError, match="board: .*0, 3, 4 or 5 cards, got 2"):
        shortdeck.equity(["AhKh", "7s6s"], "Ac Kc")
    with pytest.raises(HandSizeError, match="2 to 10 players, got 1"):
        shortdeck.equity(["AhKh"])
    with pytest.raises(HandSizeError, match="got 11"):
        shortdeck.equity([[16 + 2 * p, 17 + 2 * p] for p in range(11)])
    with pytest.raises(DuplicateCardError, match="card Kh of player 1 is also in player 0"):
        shortdeck.equity(["AhKh", "KhQs"])
    with pytest.raises(DuplicateCardError, match="Ac .*board and among the dead"):
        shortdeck.equity(["AhKh", "7s6s"], "Ac Kc Qc", "Ac")
    with pytest.raises(DuplicateCardError, match="on the board"):
        shortdeck.equity(["AhKh", "7s6s"], "Ah Kc Qc")
    with pytest.raises(OptionError, match="straight_beats_trips"):
        shortdeck.equity(["AhKh", "7s6s"], straight_beats_trips="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="sequence"):
        shortdeck.equity("AhKh 7s6s")  # type: ignore[arg-type]


def test_poker_equity_agrees_under_straight_beats_trips():
    """poker-equity's short_deck puts the flush over the full house but keeps the
    straight over three of a kind: our ``straight_beats_trips=True``."""
    pe = pytest.importorskip("poker_equity")
    for holes, board in [(["AhKh", "6c6d"], "Qh Jh 7s"), (["AhKh", "QsQd", "7c8c"], ""),
                         (["7c7d", "TsJh"], "7h 8s 9d"), (["As9h", "6c6d"], "7s 8d Kc")]:
        theirs = pe.exact_from_text("short_deck", holes, board)
        ours = shortdeck.equity(holes, board, straight_beats_trips=True)
        assert ours.exact and theirs["samples"] == ours.deals
        for p, q in zip(ours.players, theirs["players"]):
            assert p.equity == pytest.approx(q["equity"], abs=1e-12)


@pytest.mark.slow
def test_many_spots_match_the_reference():
    for holes, board, dead, sbt in random_spots(55, 40):
        assert_matches_reference(holes, board, dead, sbt)
