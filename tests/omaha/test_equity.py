"""Omaha equity (``omaha.equity``, on the shared engine of ``_support/showdown_equity``):
exact counts against the brute-force reference, Hi-Lo pot shares, Monte Carlo against
exact, reproducibility over threads / executors / parts, bad input, a peer check."""

from __future__ import annotations

import importlib
import math
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

from handrank import cards, omaha
from handrank._support import showdown_equity as engine
from handrank.errors import (CardParseError, DuplicateCardError, HandSizeError, OptionError)
from handrank.omaha import _kernel
from handrank.omaha import reference as ref
from handrank.result import EquityResult, HiLoPlayer, PlayerEquity, ShowdownEquity

P = cards.parse_cards
UNITS = engine.UNITS
omaha_equity = importlib.import_module("handrank.omaha.odds")


def _reference_check(holes, board, dead=(), hilo=False):
    r = omaha.equity(holes, board, dead or None, hilo=hilo, method="exact")
    deals, total, high, low, scoops = ref.equity_counts([P(h) for h in holes], P(board),
                                                        [c for d in dead for c in P(d)], hilo)
    t = r.tallies
    assert r.exact and t[5][0] == deals == r.deals
    for p in range(len(holes)):
        assert Fraction(t[2][p] + t[3][p], UNITS) == total[p]
        assert Fraction(t[2][p], UNITS) == high[p]
        assert Fraction(t[3][p], UNITS) == low[p]
        assert t[0][p] == scoops[p]
        assert r.players[p].equity == pytest.approx(float(total[p] / deals), abs=1e-15)
    return r


CASES = [
    (["AsAh2d3c", "JsTh9d8c"], "2c 7d 9h 3h", (), False),
    (["AsAh2d3c", "JsTh9d8c", "4c5c6h7h"], "2c 7d 9h 3s", (), True),
    (["AsKs2d3c", "QsJsTd4h"], "5s 6s 8c 8d", ("Kd", "Ac"), True),
    (["AsAh2d3cKs", "JsTh9d8c5s"], "2c 7d 4h 3h", (), True),
    (["Ac2c3d4dKhKs", "5c6c7h8hQsQd"], "As 2s 9d Td", ("Jc",), False),
    (["AhKh2c3d", "AdKd2s3s", "7c8c9hTh"], "4h 5d 6c Qs Js", (), True),  # river: one deal
]


@pytest.mark.parametrize("holes, board, dead, hilo", CASES)
def test_exact_counts_equal_the_reference(holes, board, dead, hilo):
    _reference_check(holes, board, dead, hilo)


@pytest.mark.slow
def test_flop_counts_equal_the_reference():
    _reference_check(["Ah2h3c4c", "KsQsJdTd"], "5h 6h Kc", (), True)
    _reference_check(["Ah2h3c4c", "KsQsJdTd", "7c7d8s9s"], "5h 6h Kc", (), False)


def _river(holes, board, hilo=True):
    return omaha.equity(holes, board, hilo=hilo)


def test_hilo_scoop_is_the_whole_pot():
    # player 0: nut low (A-2-3-4-5) and a straight flush; player 1 nothing
    r = _river(["Ah2h9c9d", "KsKdQcJc"], "3h 4h 5h 8s Td")
    assert r.players[0].equity == 1 and r.players[0].scoop == 1 and r.players[0].win == 1
    assert r.players[0].high == 0.5 and r.players[0].low == 0.5
    assert r.players[1].equity == 0 and r.players[1].lose == 1


def test_hilo_tied_low_and_alone_high_is_three_quarters():
    # both hold A-2 for the same wheel low; player 0 alone has the flush high
    r = _river(["Ah2hKcKd", "Ac2dQsJs"], "3h 4h 5c 9h Td")
    p0, p1 = r.players
    assert (p0.equity, p0.high, p0.low) == (0.75, 0.5, 0.25)
    assert (p1.equity, p1.high, p1.low) == (0.25, 0.0, 0.25)
    assert p0.scoop == 0 and p0.ties == 1 and p1.ties == 1


def test_hilo_no_low_gives_the_high_the_whole_pot():
    r = _river(["AhKhQcJd", "2c3d4s5s"], "9h Th Jc Qs Kd")  # no three low board cards
    assert r.players[0].equity == 1 and r.players[0].low == 0 and r.players[0].high == 1
    assert r.players[1].equity == 0


def test_hilo_split_high_and_quartered_low_three_players():
    # all three play the board's broadway for high (3-way split of the high half);
    # players 0 and 1 tie the low, player 2 has none
    r = _river(["Ah2h7c7d", "As2s7h7s", "KcKd9c9d"], "3c 4d 5s Qh Jh", hilo=True)
    hi = [p.high for p in r.players]
    lo = [p.low for p in r.players]
    assert sum(hi) + sum(lo) == pytest.approx(1.0)
    assert r.tallies[3] == (1260, 1260, 0)  # the low half (2520 units) split two ways
    assert sum(r.tallies[2]) == 2520


def test_hilo_players_are_hilo_records_and_high_players_plain():
    r = omaha.equity(["AhKh2c3d", "QsQdJcTc"], "4h 5d 6c Qh", hilo=True)
    assert r.game == "omaha-hilo" and r.pot == "hi-lo"
    assert all(isinstance(p, HiLoPlayer) for p in r.players)
    for p in r.players:
        assert p.equity == pytest.approx(p.high + p.low, abs=1e-15)
        assert p.win == p.scoop
        assert p.wins + p.ties + p.losses == r.deals
    h = omaha.equity(["AhKh2c3d", "QsQdJcTc"], "4h 5d 6c Qh")
    assert h.game == "omaha" and h.pot == "high"
    assert type(h.players[0]) is PlayerEquity
    assert isinstance(h, ShowdownEquity) and isinstance(h, EquityResult)
    assert sum(p.equity for p in h.players) == pytest.approx(1.0)


def test_monte_carlo_is_within_five_standard_errors_of_exact():
    holes, board = ["AhKh2c3d", "QsQdJcTc", "9s8s7d6d"], "4h 5d Kc"
    for hilo in (False, True):
        ex = omaha.equity(holes, board, hilo=hilo)
        mc = omaha.equity(holes, board, hilo=hilo, samples=40_000, seed=7)
        assert ex.exact and not mc.exact and mc.deals == 40_000
        for e, m in zip(ex.players, mc.players):
            assert 0 < m.stderr < 0.01
            assert abs(e.equity - m.equity) < 5 * m.stderr


def test_same_seed_same_bits_on_threads_and_parts_merge_to_the_whole():
    holes = ["AhKh2c3d", "QsQdJcTc"]
    kw = dict(hilo=True, samples=3 * engine.CHUNK_SAMPLES + 100, seed=11)
    one = omaha.equity(holes, **kw, threads=1)
    two = omaha.equity(holes, **kw, threads=2)
    assert one == two and one.tallies == two.tallies
    parts = [omaha.equity(holes, **kw, part=(i, 3)) for i in range(3)]
    assert parts[0].partial and "incomplete" in str(parts[0])
    merged = EquityResult.merge(*parts[::-1])
    assert merged == one and merged.tallies == one.tallies and not merged.partial
    other = omaha.equity(holes, **{**kw, "seed": 12})
    assert other.tallies != one.tallies
    pooled = EquityResult.merge(one, other)
    assert pooled.deals == 2 * one.deals and pooled.seed is None


def test_exact_parts_merge_to_the_whole_and_threads_agree():
    holes, board = ["AhKh2c3d", "QsQdJcTc", "9s8s7d6d"], "4h 5d Kc"
    whole = omaha.equity(holes, board, hilo=True)
    assert omaha.equity(holes, board, hilo=True, threads=2) == whole
    parts = [omaha.equity(holes, board, hilo=True, part=(i, 7)) for i in range(7)]
    assert EquityResult.merge(*parts) == whole
    with pytest.raises(OptionError, match="same part twice"):
        EquityResult.merge(parts[0], parts[0])
    with pytest.raises(OptionError, match="count twice"):
        EquityResult.merge(whole, parts[0])


def test_a_process_pool_gives_the_same_bits(monkeypatch):
    holes = ["AhKh2c3d", "QsQdJcTc"]
    kw = dict(hilo=True, samples=2 * engine.CHUNK_SAMPLES, seed=3)
    whole = omaha.equity(holes, "4h 5d 6c", hilo=True)
    monkeypatch.setattr(engine, "UNIT_EVALS", 200)  # many small exact units
    with ProcessPoolExecutor(2) as ex:
        assert omaha.equity(holes, **kw, executor=ex) == omaha.equity(holes, **kw)
        exact = omaha.equity(holes, "4h 5d 6c", hilo=True, executor=ex)
    assert exact == whole and exact.tallies == whole.tallies


def test_auto_is_exact_up_to_the_limit_then_monte_carlo(monkeypatch):
    holes = ["AhKh2c3d", "QsQdJcTc"]
    assert omaha.equity(holes, "4h 5d 6c").exact
    monkeypatch.setattr(omaha_equity, "MAX_EXACT_EVALS", 100)
    monkeypatch.setattr(engine, "DEFAULT_SAMPLES", 20_000)
    r = omaha.equity(holes, "4h 5d 6c", seed=1)
    assert not r.exact and r.deals == 20_000 and r.seed == 1
    assert omaha.equity(holes, "4h 5d 6c", method="exact").exact
    assert omaha.equity(holes, "4h 5d 6c 7s").exact  # 2 x 40 evaluations


def test_target_stderr_stops_early_at_the_same_chunk_on_any_threads():
    holes = ["AhKh2c3d", "QsQdJcTc"]
    a = omaha.equity(holes, target_stderr=0.004, seed=5, threads=1)
    b = omaha.equity(holes, target_stderr=0.004, seed=5, threads=2)
    assert a == b and a.deals % engine.CHUNK_SAMPLES == 0
    assert max(p.stderr for p in a.players) <= 0.004


def test_progress_is_reported_and_an_exception_from_it_stops_the_run(monkeypatch):
    seen = []
    monkeypatch.setattr(engine, "UNIT_EVALS", 200)
    omaha.equity(["AhKh2c3d", "QsQdJcTc"], "4h 5d 6c", method="exact",
                 progress=lambda d, t: seen.append((d, t)))
    assert len(seen) > 3 and seen[-1][0] == seen[-1][1] == 2 * math.comb(41, 2)
    monkeypatch.undo()

    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        omaha.equity(["AhKh2c3d", "QsQdJcTc"], method="exact", progress=stop)


def test_plo5_and_plo6_and_six_players():
    _reference_check(["AhKh2c3d4s", "QsQdJcTc9c"], "5h 6d 7c 8s", (), True)
    r = omaha.equity(["AhKh2c3d4s5s", "QsQdJcTc9c9h"], "5h 6d 7c 8s", hilo=True)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)
    six = omaha.equity(["AhKh2c3d", "QsQdJcTc", "9s8s7d6d", "AcAd5c5d", "KsKc4d4h",
                        "2h3h2s3s"], "Th Jh 7h 6h")
    assert sum(p.equity for p in six.players) == pytest.approx(1.0) and six.deals == 24


# ------------------------------------------------------------------- bad input


def test_bad_hole_counts_and_players_are_named():
    with pytest.raises(HandSizeError, match="player 1.*Hold'em"):
        omaha.equity(["AhKh2c3d", "QsQd"])
    with pytest.raises(HandSizeError, match="player 1: 5 hole cards, but player 0 has 4"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc9c"])
    with pytest.raises(HandSizeError, match="2 to 6 players, got 1"):
        omaha.equity(["AhKh2c3d"])
    with pytest.raises(HandSizeError, match="2 to 6 players, got 7"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc", "9s8s7d6d", "AcAd5c5d", "KsKc4d4h",
                      "2h3h2s3s", "5h6h7h8h"])
    with pytest.raises(HandSizeError, match="player 0.*got 7"):
        omaha.equity(["AhKh2c3d4d5d6d", "QsQdJcTc"])
    with pytest.raises(TypeError):
        omaha.equity("AhKh2c3d QsQdJcTc")
    with pytest.raises(CardParseError, match="player 1"):
        omaha.equity(["AhKh2c3d", "QsQdJcXx"])


@pytest.mark.parametrize("board", ["2c", "2c 3c", "2c 3c 4c 5c 6c 7c"])
def test_board_of_one_two_or_six_cards_is_refused(board):
    with pytest.raises(HandSizeError, match="board has 0, 3, 4 or 5 cards"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc"], board)


def test_duplicates_name_both_places():
    with pytest.raises(DuplicateCardError, match="Qs of player 1 is also in player 0's hole"):
        omaha.equity(["AhKh2cQs", "QsQdJcTc"])
    with pytest.raises(DuplicateCardError, match="Ah of player 0 is also on the board"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc"], "Ah 7c 8c")
    with pytest.raises(DuplicateCardError, match="Tc of player 1 is also dead"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc"], None, "Tc")
    with pytest.raises(DuplicateCardError, match="7c is both on the board and dead"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc"], "6c 7c 8c", "7c")


def test_bad_options_are_named():
    with pytest.raises(OptionError, match="hilo"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc"], hilo=1)
    with pytest.raises(OptionError, match="method"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc"], method="fast")
    with pytest.raises(OptionError, match="int seed"):
        omaha.equity(["AhKh2c3d", "QsQdJcTc"], samples=100, part=(0, 2))


def test_kernel_units_refuse_bad_layouts():
    own = np.array([P("AhKh2c3d"), P("QsQdJcTc")], np.uint8)
    known = np.array([4, 4], np.uint8)
    board = np.array(P("4h 5d 6c") + [0, 0], np.uint8)
    out = np.zeros((6, 2), np.int64)
    args = (own, known, board, 3, 0, engine.FULL_DECK, engine.HILO, 0)
    _kernel.showdown_exact(*args, 0, 0, 1, out)
    assert out[5, 0] == math.comb(52 - 11, 2)
    bad_board = board.copy()
    bad_board[0] = own[0, 0]
    with pytest.raises(ValueError, match="twice"):
        _kernel.showdown_exact(own, known, bad_board, *args[3:], 0, 0, 1, out)
    with pytest.raises(ValueError, match="sizes"):
        _kernel.showdown_exact(own, np.array([5, 4], np.uint8), *args[2:], 0, 0, 1, out)
    with pytest.raises(IndexError):
        _kernel.showdown_exact(*args, 2, 0, 10**6, out)
    with pytest.raises(ValueError, match="too few"):
        deck = sum(1 << int(c) for c in [*own.ravel(), *board[:3]])  # no card left
        _kernel.showdown_exact(own, known, board, 3, 0, deck, *args[6:], 0, 0, 1, out)
    with pytest.raises(ValueError, match="shape"):
        _kernel.showdown_monte_carlo(*args, 1, 0, 16, 10, np.zeros((6, 3), np.int64))


# ------------------------------------------------------------------- peer


def test_poker_equity_agrees_on_exact_flop_and_turn_cases():
    pe = pytest.importorskip("poker_equity")
    for variant, hilo, holes, board in [
            ("omaha", False, ["AsAhKdQc", "JsTh9d8c"], "2c 7d 9h"),
            ("omaha_hi_lo", True, ["AsAh2d3c", "JsTh9d8c", "4c5c6h7h"], "2c 7d 9h"),
            ("omaha_hi_lo", True, ["Ah2h3c4c", "KsQsJdTd"], "5h 6h Kc 8d"),
            ("omaha_five", False, ["AhKh2c3d4s", "QsQdJcTc9c"], "5h 6d 7c")]:
        theirs = pe.exact_from_text(variant, holes, board)
        ours = omaha.equity(holes, board, hilo=hilo)
        assert theirs["samples"] == ours.deals
        for p, q in zip(ours.players, theirs["players"]):
            assert p.equity == pytest.approx(q["equity"], abs=1e-12)
            if hilo:
                assert p.scoop == pytest.approx(q["scoop"], abs=1e-12)
                assert p.low == pytest.approx(q["low_equity"], abs=1e-12)


# ------------------------------------------------------------------- command line


def test_cli_equity_game_omaha_and_omaha_hilo(capsys):
    import json

    from handrank.cli import main
    assert main(["equity", "--game", "omaha-hilo", "As2d3hKc", "QsQdJcTc", "--board",
                 "4h 5d 6c", "-o", "json", "--threads", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    want = omaha.equity(["As2d3hKc", "QsQdJcTc"], "4h 5d 6c", hilo=True)
    assert doc["game"] == "omaha-hilo" and doc["pot"] == "hi-lo" and doc["method"] == "exact"
    assert [p["equity"] for p in doc["players"]] == [p.equity for p in want.players]
    assert [p["low"] for p in doc["players"]] == [p.low for p in want.players]
    assert main(["equity", "--game", "omaha", "AhKh2c3d", "QsQdJcTc", "--samples", "20000",
                 "--seed", "4", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo: 20,000 deals, seed 4" in out and "AhKh2c3d" in out


@pytest.mark.parametrize("argv, message", [
    (["AhKh", "QsQdJcTc"], "player 1: an Omaha hole has 4, 5 or 6 cards, got 2"),
    (["AhKh2c3d", "QsQdJcTc", "--board", "Ah 2s"], "board has 0, 3, 4 or 5 cards, got 2"),
    (["AhKh2c3d", "AhQdJcTc"], "card Ah of player 2 is also in player 1's hole"),
    (["AhKh2c3d", "QsQdJcTc", "--pit", "2c"], "--pit is for --game canada"),
    (["AhKh2c3d", "QsQdJcTc", "--grid"], "--grid is for Hold'em only"),
    (["AhKh2c3d"], "2 to 6 players, got 1"),
])
def test_cli_equity_omaha_bad_input_is_one_line_exit_2(capsys, argv, message):
    from handrank.cli import main
    assert main(["equity", "--game", "omaha", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_engine_deals_own_cards_without_a_board_in_exact_and_monte_carlo():
    """The stud-shaped layout (own cards to deal, no board) through Omaha's kernel: its
    callback ranks nothing without a 5-card board, so every deal is a 3-way tie; the
    deal counts are those of the groups (player 0: 2 unknown cards, player 1: 1)."""
    own = np.zeros((3, 7), np.uint8)
    own[0, :5] = P("As Ks Qs Js 2c")
    own[1, :6] = P("Ah Kh Qh Jh 2d 3d")
    own[2, :7] = P("Ad Kd Qd Jd 2h 3h 4h")
    known = np.array([5, 6, 7], np.uint8)
    board = np.zeros(0, np.uint8)
    m = 52 - 18 - 1  # cards left: 18 known, 9c dead
    args = (own, known, board, 0, 1 << P("9c")[0], engine.FULL_DECK, engine.HIGH, 0)
    out = np.zeros((6, 3), np.int64)
    deals = math.comb(m, 2) * (m - 2)
    for s, count in ((0, 1), (1, m - 1), (2, m * (m - 1) // 2)):  # prefixes of player 0's 2
        out[:] = 0
        _kernel.showdown_exact(*args, s, 0, count, out)
        assert out[5].tolist() == [deals] * 3 and out[1].tolist() == [deals] * 3
        assert out[2].tolist() == [deals * UNITS // 3] * 3
    out[:] = 0
    _kernel.showdown_monte_carlo(*args, 9, 0, 16, 50, out)
    assert out[5].tolist() == [50] * 3 and out[4].tolist() == [50 * (UNITS // 3) ** 2] * 3


def test_engine_low_only_pot_rule_has_no_qualifier():
    """The razz pot rule (engine.LOW) through Omaha's low as the callback: the best low
    takes the whole pot; with no low anywhere every hand ties at 0 and splits it."""
    def run(holes, board):
        own = np.array([P(h) for h in holes], np.uint8)
        out = np.zeros((6, len(holes)), np.int64)
        _kernel.showdown_exact(own, np.full(len(holes), 4, np.uint8),
                               np.array(P(board), np.uint8), 5, 0, engine.FULL_DECK,
                               engine.LOW, 0, 0, 0, 1, out)
        return out
    out = run(["Ah2hKcKd", "Ac3dQsJs"], "3h 4h 5c 9h Td")  # the wheel; A-3 pairs the 3: no low
    assert out[3].tolist() == [UNITS, 0] and out[2].tolist() == [0, 0]
    assert out[0].tolist() == [1, 0]
    out = run(["AhKhQcJd", "2c3d4s5s"], "9h Th Jc Qs Kd")  # no low: a two-way split
    assert out[3].tolist() == [UNITS // 2, UNITS // 2] and out[1].tolist() == [1, 1]


@pytest.mark.slow
def test_random_turn_and_river_deals_equal_the_reference():
    """Seeded random deals (2-3 players, 4-6 hole cards, turn or river boards, 0-2 dead
    cards, high and Hi-Lo) against the brute-force reference, counts as exact fractions."""
    g = np.random.default_rng(20261202)
    for _ in range(24):
        n, h, b, d = (int(g.integers(2, 4)), int(g.integers(4, 7)), int(g.integers(4, 6)),
                      int(g.integers(0, 3)))
        ids = g.permutation(52).tolist()
        holes = [cards.format_cards(ids[i * h:(i + 1) * h], sep="") for i in range(n)]
        rest = ids[n * h:]
        dead = tuple(cards.format_card(c) for c in rest[b:b + d])
        _reference_check(holes, cards.format_cards(rest[:b]), dead, bool(g.integers(0, 2)))
