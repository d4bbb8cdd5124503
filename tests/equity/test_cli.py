"""``handrank equity``: Hold'em (hands, ranges, board, dead, exact / samples / stderr,
text and JSON), --game brag / canada, errors and interruption."""

from __future__ import annotations

import json

import pytest

from handrank import equity as eq
from handrank.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_table_exact(capsys):
    code, out, _err = run(capsys, "equity", "AhAd", "KsKc", "--threads", "1")
    assert code == 0
    assert "81.2555%" in out and "1,388,072" in out and "6,538" in out and "317,694" in out
    assert "exact: 1,712,304 boards" in out


def test_json_ranges_board_dead(capsys):
    code, out, _ = run(capsys, "equity", "QQ+, AKs", "JJ", "--board", "2c 7d 9h",
                       "--dead", "Jc", "-o", "json")
    assert code == 0
    d = json.loads(out)
    assert d["game"] == "holdem" and d["method"] == "exact"
    assert d["board"] == "2c 7d 9h" and d["dead"] == "Jc"
    assert d["players"][1]["combos"] == 3  # JJ minus the dead jack
    lib = eq.equity(["QQ+, AKs", "JJ"], board="2c 7d 9h", dead="Jc")
    assert d["players"][0]["equity"] == pytest.approx(lib.players[0].equity, abs=1e-15)


def test_monte_carlo_samples_and_seed_reproducible(capsys):
    a = json.loads(run(capsys, "equity", "AhAd", "random", "random", "--samples", "50000",
                       "--seed", "7", "-o", "json")[1])
    b = json.loads(run(capsys, "equity", "AhAd", "random", "random", "--samples", "50000",
                       "--seed", "7", "--threads", "1", "-o", "json")[1])
    assert a == b and a["method"] == "monte-carlo" and a["deals"] == 50000
    assert a["players"][0]["stderr"] > 0


def test_reported_seed_repeats_the_run(capsys):
    a = json.loads(run(capsys, "equity", "AhAd", "KK", "--samples", "20000", "-o", "json")[1])
    assert a["seed"] > 10**6 or a["seed"] >= 0
    b = json.loads(run(capsys, "equity", "AhAd", "KK", "--samples", "20000", "--seed",
                       str(a["seed"]), "-o", "json")[1])
    assert a == b


def test_stderr_target_capped_by_samples(capsys):
    code, out, _ = run(capsys, "equity", "AhAd", "KK", "--stderr", "0.00001", "--samples",
                       "30000", "--seed", "1", "-o", "json")
    d = json.loads(out)
    assert code == 0 and d["deals"] == 30000 and d["players"][0]["stderr"] > 0.00001


def test_stderr_target(capsys):
    code, out, _ = run(capsys, "equity", "AhAd", "KK", "--stderr", "0.003", "--seed", "1",
                       "-o", "json")
    d = json.loads(out)
    assert code == 0 and max(p["stderr"] for p in d["players"]) <= 0.003


@pytest.mark.parametrize("argv,words", [
    (["AhAd"], ["2 to 10 players"]),
    (["AhAd", "QQ+, AKx"], ["player 2", "'AKx'"]),
    (["AhAd", "AhKc"], ["Ah"]),
    (["AhAd", "KsKc", "--board", "2c 3c"], ["0, 3, 4 or 5"]),
    (["AhAd", "KsKc", "--dead", "Kc"], ["Kc", "dead"]),
    (["AhAd", "AA", "--dead", "AsAc"], ["empty"]),
    (["AhAd", "KsKc", "--pit", "2c"], ["--pit"]),
    (["--game", "brag", "AhAdAc", "KsKcKd"], ["one hand"]),
    (["--game", "canada", "8c 7c 3d 3h"], ["--pit"]),
    (["--game", "brag", "Qh Qd Qc", "--board", "2c 3c 4c"], ["Hold'em only"]),
])
def test_errors_exit_2_and_name_culprit(capsys, argv, words):
    code, out, err = run(capsys, "equity", *argv)
    assert code == 2 and out == ""
    for w in words:
        assert w in err, (w, err)


def test_exclusive_options(capsys):
    code, _, err = run(capsys, "equity", "AhAd", "KK", "--exact", "--samples", "10")
    assert code == 2 and "--exact takes no --samples" in err
    code, _, err = run(capsys, "equity", "AhAd", "KK", "--exact", "--stderr", "0.01")
    assert code == 2 and "--exact takes no --samples or --stderr" in err
    code, _, err = run(capsys, "equity", "random", "random", "random", "--exact")
    assert code == 2 and "too large" in err and "--samples N or --stderr X" in err
    code, _, err = run(capsys, "equity", "AhAd", "KK", "--stderr", "2")
    assert code == 2


def test_brag_and_canada(capsys):
    code, out, _ = run(capsys, "equity", "--game", "brag", "Qh Qd Qc", "-o", "json")
    d = json.loads(out)
    assert code == 0 and d["game"] == "brag" and d["exact"] is True and d["opponents"] == 1
    assert d["method"] == "exact" and d["seed"] is None and len(d["players"]) == 1
    from handrank import brag
    hero = d["players"][0]
    assert hero["equity"] == pytest.approx(brag.equity("Qh Qd Qc").players[0].equity, abs=1e-15)
    assert hero["wins"] + hero["ties"] + hero["losses"] == d["deals"] == 18_424
    code, out, _ = run(capsys, "equity", "--game", "canada", "8c 7c 3d 3h", "--pit", "Ks Qs",
                       "--samples", "2000", "--seed", "3", "-o", "json")
    d = json.loads(out)
    assert code == 0 and d["game"] == "canada" and d["deals"] == 2000 and d["seed"] == 3
    from handrank import canada
    assert d["players"][0]["equity"] == pytest.approx(
        canada.equity("8c 7c 3d 3h", "Ks Qs", samples=2000, seed=3).players[0].equity, abs=1e-15)
    code, out, _ = run(capsys, "equity", "--game", "brag", "Qh Qd Qc", "--opponents", "2",
                       "--samples", "1000", "--seed", "1")
    assert code == 0 and "Monte Carlo: 1,000 deals, seed 1, 2 random opponents" in out
    assert out.splitlines()[1].startswith("1 ")  # the hero is player 1 on the command line


def test_every_game_prints_the_shared_result(capsys, monkeypatch):
    """brag / canada results in the shared shape (the hero first, opponents set) come
    out as the Hold'em table and JSON do."""
    from handrank import brag
    from handrank.result import EquityResult, PlayerEquity
    hero = PlayerEquity(hand="Qh Qd Qc", equity=0.75, win=0.7, tie=0.05, lose=0.2,
                        wins=700.0, ties=100.0, losses=200.0, stderr=0.01)
    given = EquityResult(game="brag", players=(hero,), exact=False, deals=1000.0, seed=9,
                         opponents=3, dead="2c")
    seen = {}

    def fake(hand, opponents, **kw):
        seen.update(kw, hand=hand, opponents=opponents)
        return given

    monkeypatch.setattr(brag, "equity", fake)
    code, out, _ = run(capsys, "equity", "--game", "brag", "Qh Qd Qc", "--opponents", "3",
                       "--samples", "1000", "--seed", "9", "--dead", "2c", "-o", "json")
    assert code == 0 and json.loads(out) == given.to_dict()
    assert seen["opponents"] == 3 and seen["seed"] == 9 and seen["dead"] == "2c"
    code, out, _ = run(capsys, "equity", "--game", "brag", "Qh Qd Qc", "--opponents", "3",
                       "--samples", "1000", "--seed", "9", "--dead", "2c")
    assert code == 0 and out == given.table(first=1) + "\n"
    assert str(given).splitlines()[1].startswith("0 ")  # the API numbers players from 0
    assert "75.0000%" in out and "Monte Carlo: 1,000 deals, seed 9, 3 random opponents" in out


def test_interrupt_is_clean(capsys, monkeypatch):
    def boom(*a, **k):
        k["progress"](1, 10)
        raise KeyboardInterrupt
    monkeypatch.setattr(eq, "equity", boom)
    code, out, err = run(capsys, "equity", "AhAd", "KK")
    assert code == 130 and "interrupted" in err and out == ""


def test_progress_bar_on_a_terminal(capsys, monkeypatch):
    import handrank.cli.equity as cli_eq
    monkeypatch.setattr(cli_eq, "_isatty", lambda stream: True)
    code, out, err = run(capsys, "equity", "AA", "KK", "--exact", "--threads", "1")
    assert code == 0 and "81.9461%" in out
    assert "equity:" in err and "10.3M" in err  # tqdm bar (3 classes x 1.7M boards x 2)
    code, out, err = run(capsys, "equity", "AA", "KK", "--no-progress")
    assert code == 0 and err == ""


def test_ctrl_c_stops_a_long_run(tmp_path):
    """SIGINT during a long Monte Carlo run: exit status 130 within moments."""
    import os
    import signal
    import subprocess
    import sys
    import time
    # No BLAS threads at numpy's import: on Linux a second thread then means the run's
    # worker pool has started, so the signal cannot land while Python is still starting
    # up (slow when the machine is loaded, e.g. by pytest-xdist's other workers).
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "handrank", "equity", "random", "random", "random",
         "--samples", "1000000000", "--threads", "2", "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    tasks = f"/proc/{proc.pid}/task"
    if os.path.isdir(tasks):
        deadline = time.monotonic() + 120
        while (proc.poll() is None and time.monotonic() < deadline
               and len(os.listdir(tasks)) < 2):
            time.sleep(0.05)
        time.sleep(0.3)
    else:
        time.sleep(2.0)
    assert proc.poll() is None  # still running
    t = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "interrupted" in err and out == ""
    assert "Traceback" not in err
    assert time.monotonic() - t < 10


def test_game_opponent_limits_are_stated_for_the_command_line(capsys):
    from handrank.cli import main

    assert main(["equity", "--game", "canada", "8c 7c 3d 3h", "--pit", "Ks Qs",
                 "--opponents", "300"]) == 2
    assert "--opponents 1 to 255, got 300" in capsys.readouterr().err
    assert main(["equity", "--game", "brag", "Qh Qd Qc", "--opponents", "17"]) == 2
    assert "--opponents 1 to 16, got 17" in capsys.readouterr().err


def test_cli_numbers_players_from_1_like_its_table(capsys):
    from handrank.cli import main

    assert main(["equity", "AhAd", "AhKc"]) == 2
    err = capsys.readouterr().err
    assert "player 2 (AhKc): Ah is also in player 1's hole cards" in err


def test_brag_and_canada_monte_carlo_report_their_seed(capsys):
    import json

    from handrank.cli import main

    assert main(["equity", "--game", "brag", "Kc Kd 4h", "--opponents", "2",
                 "--samples", "1000", "-o", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert isinstance(d["seed"], int)
    assert main(["equity", "--game", "brag", "Kc Kd 4h", "--opponents", "2",
                 "--samples", "1000", "-o", "json", "--seed", str(d["seed"])]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["seed"] == d["seed"] and again["players"] == d["players"]


def test_unreached_stderr_target_is_noted(capsys):
    from handrank.cli import main

    assert main(["equity", "AhAd", "KK", "--stderr", "0.0001", "--samples", "20000",
                 "--seed", "1"]) == 0
    assert "target 0.0001 was not reached" in capsys.readouterr().err
