"""Per-combo and per-class equity (issue 14): ``equity(..., by_combo=True)``,
``vs_range``, ``distribution``: the tables add up to the players' results (exactly, in
integers, for exact runs), each row equals a separate run for that combo, Monte Carlo
keeps the same deals, and eval7 agrees where it is installed."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from handrank import equity as E
from handrank.cards import parse_cards
from handrank.equity import _kernel
from handrank.equity.combos import COMBO_DTYPE, ComboEquity
from handrank.equity.ranges import CLASSES, class_index
from handrank.errors import HandrankError, OptionError

U = int(_kernel.SHARE_UNITS)

# (players, board): heads-up and 3-way, weighted, suit classes (preflop, a monotone
# flop) and none (a rainbow turn), one combination.
EXACT_CASES = [
    (["QQ+, AKs", "JJ-99, AQs+"], ""),
    (["0.5(AKo), JJ", "TT, 0.25(AQs)"], "2c 7d 9h"),
    (["AA, KK", "QQ, JJ", "TT"], "2c 7c 9c"),
    (["AhAd", "KK, AKs, 72o"], "Kc 7h 2d 9s"),
    (["AhAd", "KsKc"], "2c 3d 4h"),
]


def _share_units(row: dict) -> int:
    """A row's pot share in 1/(8 SHARE_UNITS) units: a whole number in these exact
    runs (their weights' products are multiples of 1/8)."""
    x = row["equity"] * row["deals"] * U * 8
    assert abs(x - round(x)) < 1e-6 * max(1.0, x)
    return round(x)


@pytest.mark.parametrize("players,board", EXACT_CASES)
def test_exact_tables_add_up_to_the_player(players, board):
    r = E.equity(players, board=board or None, method="exact", by_combo=True)
    for p in r.players:
        combos, classes = p.by_combo, p.by_class
        assert len(combos) == p.combos
        for t in (combos, classes):
            a = t.array
            # counts are integers (weights are multiples of 1/4 here): exact sums
            assert Fraction(a["wins"].sum()) == Fraction(p.wins)
            assert Fraction(a["ties"].sum()) == Fraction(p.ties)
            assert Fraction(a["deals"].sum()) == Fraction(r.deals)
            assert sum(_share_units(row) for row in t if row["deals"]) == \
                round(p.equity * r.deals * U * 8)
            # the weighted mean of the rows is the player's equity
            assert (a["frequency"] * np.nan_to_num(a["equity"])).sum() == \
                pytest.approx(p.equity, rel=1e-12, abs=1e-15)
            assert t.equity == pytest.approx(p.equity, rel=1e-12)
            assert np.allclose(a["equity"], a["win"] + a["tie"], equal_nan=True)
            assert (a["stderr"][a["deals"] > 0] == 0).all()
        # by_class is by_combo summed per class
        names = np.array(CLASSES)
        want: dict[str, list[float]] = {}
        for row in combos:
            key = str(names[class_index(np.array([parse_cards(row["hand"])]))[0]])
            w = want.setdefault(key, [0, 0.0, 0.0, 0.0])
            w[0] += 1
            w[1] += row["weight"]
            w[2] += row["wins"]
            w[3] += row["deals"]
        assert sorted(want) == sorted(classes.array["hand"].tolist())
        for row in classes:
            assert [row["combos"], row["weight"], row["wins"], row["deals"]] == \
                pytest.approx(want[row["hand"]])


@pytest.mark.parametrize("players,board", EXACT_CASES[:4])
def test_a_combo_row_equals_a_separate_run(players, board):
    r = E.equity(players, board=board or None, method="exact", by_combo=True)
    rng = np.random.default_rng(5)
    for p, player in enumerate(r.players):
        rows = [row for row in player.by_combo if row["deals"] > 0]
        for i in rng.choice(len(rows), size=min(2, len(rows)), replace=False):
            row = rows[i]
            alone = list(players)
            alone[p] = row["hand"]
            q = E.equity(alone, board=board or None, method="exact").players[p]
            assert row["equity"] == pytest.approx(q.equity, rel=1e-12)
            assert row["win"] == pytest.approx(q.win, rel=1e-12, abs=1e-15)
            assert row["tie"] == pytest.approx(q.tie, rel=1e-12, abs=1e-15)


def test_by_combo_does_not_change_the_player_numbers():
    players, board = ["QQ+, AKs", "JJ-99, AQs+"], "2c 7d 9h"
    plain = E.equity(players, board=board, method="exact")
    combo = E.equity(players, board=board, method="exact", by_combo=True)
    assert plain.players == combo.players  # tables are not compared
    assert plain.players[0].by_combo is None and plain.players[0].by_class is None
    assert combo.players[0].by_combo is combo.players[0].by_combo  # built once
    two = E.equity(players, board=board, method="exact", by_combo=True, threads=2)
    assert two.players[1].by_combo == combo.players[1].by_combo


def test_known_rows():
    r = E.equity(["AA", "KK"], by_combo=True)
    t = r.players[0].by_combo
    assert len(t) == 6 and r.players[0].by_class.array["hand"].tolist() == ["AA"]
    # AhAd vs the 6 kings: two of them share no suit with it (KsKc), four share one
    assert round(t["AhAd"]["equity"], 6) == round(
        E.equity(["AhAd", "KK"]).players[0].equity, 6)
    assert t["AhAd"]["frequency"] == pytest.approx(1 / 6)
    k = r.players[1].by_class.grid()
    assert k[1, 1] == pytest.approx(1 - 0.819461, abs=1e-6) and np.isnan(k[0, 0])


def test_monte_carlo_same_deals_and_per_combo_counts():
    for players, board in ((["QQ+, 0.3(AKs)", "JJ-99, AQs+"], None),
                           (["AA, KK", "QQ, 0.5(JJ)", "random"], "2c 7d 9h")):
        plain = E.equity(players, board=board, samples=40_000, seed=3)
        combo = E.equity(players, board=board, samples=40_000, seed=3, by_combo=True)
        assert plain.players == combo.players and plain.deals == combo.deals
        for p in combo.players:
            a = p.by_combo.array
            assert a["deals"].sum() == combo.deals
            assert a["wins"].sum() == p.wins and a["ties"].sum() == p.ties
            dealt = a["deals"] > 1
            assert np.isfinite(a["stderr"][dealt]).all() and (a["stderr"][dealt] > 0).any()
            assert p.by_class.array["deals"].sum() == combo.deals
        assert combo.players[0].by_combo == E.equity(
            players, board=board, samples=40_000, seed=3, by_combo=True,
            threads=2).players[0].by_combo


def test_monte_carlo_rows_agree_with_exact():
    players = ["QQ+, AKs", "JJ-99, AQs+"]
    exact = E.equity(players, by_combo=True).players[0].by_class
    mc = E.equity(players, samples=200_000, seed=11, by_combo=True).players[0].by_class
    for row in mc:
        assert abs(row["equity"] - exact[row["hand"]]["equity"]) < 5 * row["stderr"]


def test_fixed_hands_monte_carlo_table():
    r = E.equity(["AhAd", "KsKc"], samples=20_000, seed=1, by_combo=True)
    row = r.players[0].by_combo["AdAh"] if "AdAh" in r.players[0].by_combo else \
        r.players[0].by_combo[0]
    assert row["equity"] == r.players[0].equity and row["stderr"] == r.players[0].stderr


def test_vs_range_against_separate_runs():
    t = E.vs_range("AhAd", "KK, AKs, 72o", board="Kc 7h 2d")
    assert len(t) == 11  # 3 kings, AsKs, 7 offsuit 72 (7h, 2d on the board)
    whole = E.equity(["AhAd", "KK, AKs, 72o"], board="Kc 7h 2d").players[0]
    assert t.equity == pytest.approx(whole.equity, rel=1e-12)
    for hand in ("KsKh", "AsKs", "7s2c"):
        one = E.equity(["AhAd", hand], board="Kc 7h 2d").players[0]
        assert t[hand]["equity"] == pytest.approx(one.equity, rel=1e-12)
        assert t[hand]["win"] == pytest.approx(one.win, rel=1e-12, abs=1e-15)
        assert t[hand]["tie"] == pytest.approx(one.tie, rel=1e-12, abs=1e-15)


def test_vs_range_with_a_range_as_the_hand_is_that_range_against_each_combo():
    t = E.vs_range("AK", "QQ+", board="Kc 7h 2d")
    assert len(t) == 15  # QQ+ less the Kc: rows are the villain's combos
    for hand in ("KsKh", "QsQh", "AsAd"):
        one = E.equity(["AK", hand], board="Kc 7h 2d").players[0]
        assert t[hand]["equity"] == pytest.approx(one.equity, rel=1e-9)
    assert t.equity == pytest.approx(
        E.equity(["AK", "QQ+"], board="Kc 7h 2d").players[0].equity, rel=1e-12)


def test_vs_range_matches_eval7():
    eval7 = pytest.importorskip("eval7")
    hand, villain, board = "AhKh", "QQ+, AJs+, KQs, 76s", "Qh Jh 2c 7s 6s"
    h = [eval7.Card(c) for c in ("Ah", "Kh")]
    b = [eval7.Card(c) for c in board.split()]
    # eval7's exact hand-vs-range counts the board as it is (a river): compare there
    t = E.vs_range(hand, villain, board=board)
    assert t.equity == pytest.approx(
        eval7.py_hand_vs_range_exact(h, eval7.HandRange(villain.replace(" ", "")), b),
        abs=1e-6)
    for row in list(t)[:6]:
        e7 = eval7.py_hand_vs_range_exact(h, eval7.HandRange(row["hand"]), b)
        assert row["equity"] == pytest.approx(e7, abs=1e-6)
    # its Monte Carlo deals the rest of the board: compare on the turn within noise
    turn = "Qh Jh 2c 7s"
    mc = eval7.py_hand_vs_range_monte_carlo(h, eval7.HandRange("QQ+,AJs+,KQs,76s"),
                                            [eval7.Card(c) for c in turn.split()], 200_000)
    assert E.vs_range(hand, villain, board=turn).equity == pytest.approx(mc, abs=0.01)


def test_distribution():
    d = E.distribution("QQ+, AKs, T9s", board="Ts 9h 2c", vs="random")
    assert d.by_combo.exact and len(d.edges) == 11 and d.combos.sum() == 24
    eq = d.by_combo.array["equity"]
    assert d.combos.tolist() == np.bincount(np.minimum((eq * 10).astype(int), 9),
                                            minlength=10).tolist()
    assert d.fraction.sum() == pytest.approx(1.0)
    assert "#" in str(d)
    w = E.distribution("0.5(AA), KK", board="2c 7d 9h", vs="QQ", bins=4)
    assert w.combos.sum() == pytest.approx(6 * 0.5 + 6) and len(w.combos) == 4
    assert w.combos[3] == pytest.approx(9.0)  # all of them are over 75 % against QQ


def test_tables_and_json():
    r = E.equity(["QQ+, AKs", "JJ"], board="2c 7d 9h", by_combo=True)
    d = r.to_dict()
    json.dumps(d)
    assert d["players"][0]["by_class"][0]["hand"] == "AA"
    assert "by_combo" not in E.equity(["AA", "KK"]).to_dict()["players"][0]
    t = r.players[0].by_combo
    assert t.column("equity").shape == (len(t),) and "AKs" not in t
    assert "hand" in t.table(3) and "more rows" in t.table(3)
    g = t.grid("combos")
    assert np.nansum(g) == len(t) and g[0, 1] == 4  # AKs above the diagonal
    with pytest.raises(OptionError):
        t.column("nope")
    with pytest.raises(TypeError):
        ComboEquity(np.zeros(3), True)
    assert ComboEquity(np.zeros(0, dtype=COMBO_DTYPE), False).table() == \
        "hand  weight  freq  equity  win  tie  stderr"


def test_to_pandas():
    pytest.importorskip("pandas")
    df = E.equity(["AA", "KK"], by_combo=True).players[1].by_combo.to_pandas()
    assert list(df.columns) == list(COMBO_DTYPE.names) and len(df) == 6


def test_bad_input():
    with pytest.raises(OptionError, match="by_combo"):
        E.equity(["AA", "KK"], by_combo="yes")
    with pytest.raises(OptionError, match="bins"):
        E.distribution("AA", board="2c 7d 9h", bins=0)


def test_kernels_refuse_bad_arrays():
    counts = np.zeros((1, 6), dtype=np.int64)
    idx = np.zeros((1, 2), dtype=np.int64)
    w, inv, off = np.ones(1), np.zeros(1, dtype=np.int64), np.array([0, 1, 2], dtype=np.int64)
    out = np.zeros((4, 2))
    none = np.zeros(0, dtype=np.int64)
    _kernel.scatter_combos(counts, 0, none, 0, 1, inv, w, idx, off, out)
    with pytest.raises(HandrankError):  # combo index past the player's combos
        _kernel.scatter_combos(counts, 0, none, 0, 1, inv, w, idx + 1, off, out)
    with pytest.raises(HandrankError):  # class outside the batch
        _kernel.scatter_combos(counts, 1, none, 0, 1, inv, w, idx, off, out)
    with pytest.raises(HandrankError):  # members past the combinations
        _kernel.scatter_combos(counts, 0, none, 0, 2, inv, w, idx, off, out)
    with pytest.raises(HandrankError):
        _kernel.scatter_combos(counts, 0, np.array([5], dtype=np.int64), 0, 1, inv, w, idx,
                               off, out)
    with pytest.raises(HandrankError):
        _kernel.scatter_combos(counts, 0, none, 0, 1, inv, w, idx, off, np.zeros((3, 2)))
    combos = np.array([[51, 50], [47, 46]], dtype=np.uint8)
    args = (combos, np.array([0, 1, 2], dtype=np.int64), np.ones(2),
            np.array([0, 1], dtype=np.int64), np.ones(2, dtype=np.uint8),
            np.zeros(0, dtype=np.uint8), 0, 1, 100, 1000, 0, 0)
    with pytest.raises(HandrankError, match="per_combo"):
        _kernel.monte_carlo(*args, np.zeros((5, 3), dtype=np.int64))
    pc = np.zeros((5, 2), dtype=np.int64)
    rc, res = _kernel.monte_carlo(*args, pc)
    assert rc == 0 and pc[4].tolist() == [100, 100] and (pc[:4, :] == res[:4]).all()


# ---------------------------------------------------------------- handrank equity --grid/--plot


def _cli(capsys, *argv):
    from handrank.cli import main
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_grid_text_and_json(capsys):
    code, out, _ = _cli(capsys, "equity", "QQ+, AKs", "JJ-99", "--threads", "1", "--grid")
    assert code == 0 and "player 1 (QQ+, AKs): equity by class" in out
    lib = E.equity(["QQ+, AKs", "JJ-99"], by_combo=True)
    aa = f"{lib.players[0].by_class['AA']['equity']:.1%}"
    tt = f"{lib.players[1].by_class['TT']['equity']:.1%}"
    lines = out.splitlines()
    a_row = next(line for line in lines if line.startswith("A ") and aa in line)
    assert a_row.split()[1] == aa  # AA: top-left cell
    assert any(line.startswith("T ") and tt in line for line in lines)
    code, out, _ = _cli(capsys, "equity", "QQ+, AKs", "JJ-99", "--grid", "-o", "json")
    d = json.loads(out)
    assert code == 0 and [row["hand"] for row in d["players"][1]["by_class"]] == \
        ["JJ", "TT", "99"]
    code, _, err = _cli(capsys, "equity", "--game", "brag", "Qh Qd Qc", "--grid")
    assert code != 0 and "--grid is for Hold'em only" in err


def test_cli_plot_png(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    from handrank.cli.equity import _plot_path
    path = tmp_path / "eq.png"
    code, out, err = _cli(capsys, "equity", "JhJd", "QQ+, AKs", "--plot", str(path))
    assert code == 0, err
    assert f"plot      {path}" in out  # the one range player (player 2) gets FILE
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 650 == int.from_bytes(data[20:24], "big")
    # several range players: FILE-p<player number>.ext each
    assert _plot_path("a/eq.png", 0, True) == "a/eq.png"
    assert _plot_path("a/eq.png", 2, False) == "a/eq-p3.png"
    code, out, err = _cli(capsys, "equity", "AA", "JhJd", "KK", "--board", "2c 7d 9h", "--plot",
                          str(tmp_path / "m.svg"),
                          "-o", "json")
    assert code == 0, err
    assert json.loads(out)["plots"] == [{"player": 1, "path": str(tmp_path / "m-p1.svg")},
                                        {"player": 3, "path": str(tmp_path / "m-p3.svg")}]
    assert (tmp_path / "m-p1.svg").exists() and (tmp_path / "m-p3.svg").exists()


def test_cli_grid_or_plot_of_fixed_hands_only_refused_before_computing(capsys, monkeypatch):
    def boom(*a, **k):
        raise AssertionError("computed")
    monkeypatch.setattr(E, "equity", boom)
    for opt in (["--plot", "x.png"], ["--grid"]):
        code, _, err = _cli(capsys, "equity", "AhAd", "KsKc", *opt)
        assert code == 2 and "every player is fixed hole cards" in err and opt[0] in err


def test_to_dicts_whole_counts_are_ints_as_at_player_level():
    r = E.equity(["AhAd", "QQ, KK"], "2c 7d 9h", by_combo=True)
    top = r.to_dict()["players"][1]
    assert isinstance(top["wins"], int)
    for key in ("by_combo", "by_class"):
        row = top[key][0]
        assert all(type(row[k]) is int for k in ("combos", "deals", "wins", "ties")), row
        assert isinstance(row["equity"], float)
    half = E.equity(["AhAd", "0.5(QQ), KK"], "2c 7d 9h", by_combo=True)
    assert sum(row["deals"] for row in half.players[1].by_class.to_dicts()) == \
        half.to_dict()["deals"]
