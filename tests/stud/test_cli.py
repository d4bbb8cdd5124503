"""``handrank equity --game stud | stud-hilo | razz | shortdeck``: the library's
numbers, one clear line and exit status 2 for bad input, players numbered from 1."""

from __future__ import annotations

import json

import pytest

from handrank import shortdeck, stud
from handrank.cli import main


def test_cli_equity_stud_games_give_the_library_numbers(capsys):
    hands = ["As2s3dKc4h", "QhQdJc9s8h"]
    for game, want in (("stud", stud.equity(hands, "4c")),
                       ("stud-hilo", stud.equity(hands, "4c", hilo=True)),
                       ("razz", stud.razz_equity(hands, "4c"))):
        assert main(["equity", "--game", game, *hands, "--dead", "4c", "-o", "json",
                     "--threads", "1"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["game"] == game and doc["method"] == "exact" and doc["dead"] == "4c"
        assert [p["equity"] for p in doc["players"]] == [p.equity for p in want.players]
    assert main(["equity", "--game", "stud-hilo", "As2s3d", "QhQdJc", "--samples", "20000",
                 "--seed", "4", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo: 20,000 deals, seed 4; pot hi-lo" in out
    assert out.splitlines()[1].startswith("1 ") and "high" in out.splitlines()[0]


def test_cli_equity_shortdeck(capsys):
    assert main(["equity", "--game", "shortdeck", "AhKh", "6c6d", "--board", "Qh Jh 7s",
                 "-o", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    want = shortdeck.equity(["AhKh", "6c6d"], "Qh Jh 7s")
    assert doc["game"] == "shortdeck" and doc["deals"] == 406
    assert [p["equity"] for p in doc["players"]] == [p.equity for p in want.players]
    assert main(["equity", "--game", "shortdeck", "7c7d", "TsJh", "--board", "7h 8s 9d",
                 "--straight-beats-trips", "-o", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "shortdeck-sbt" and doc["players"][1]["equity"] > 0


@pytest.mark.parametrize("game, argv, message", [
    ("stud", ["As2s", "QhQdJc"], "player 1: a stud hand has 3 to 7 known cards, got 2"),
    ("razz", ["As2s3d", "QhQdJc"] * 4, "2 to 7 players, got 8"),
    ("stud-hilo", ["As2s3d", "As9d8d"], "card As of player 2 is also in player 1's hand"),
    ("stud", ["As2s3d", "QhQdJc", "--board", "2c 3c 4c"], "--board is not for --game stud"),
    ("razz", ["As2s3d", "QhQdJc", "--dead", "Zz"], "dead cards"),
    ("shortdeck", ["AhKh", "5c6d"], "player 2: card 5c (id 12) at position 0 is not in the "
                                    "short deck"),
    ("shortdeck", ["AhKh", "7c6d", "--board", "Ac Kc"], "0, 3, 4 or 5 cards, got 2"),
    ("stud", ["As2s3d", "QhQdJc", "--straight-beats-trips"], "is for --game shortdeck"),
])
def test_cli_equity_stud_bad_input_is_one_line_exit_2(capsys, game, argv, message):
    assert main(["equity", "--game", game, *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
