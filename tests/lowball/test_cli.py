"""``handrank eval --game deuce-to-seven|ace-to-five|razz|badugi`` (cli/lowball.py)."""

import json

import pytest

from handrank.cli import main
from handrank.cli.poker import EVAL_GAMES


def test_eval_games_are_registered():
    assert {"deuce-to-seven", "ace-to-five", "razz", "badugi"} <= set(EVAL_GAMES)


def test_badugi_prints_each_hand_and_the_winner(capsys):
    assert main(["eval", "--game", "badugi", "Kc Qd Jh Ts", "As 2d 3h 4c", "Ac 2c 3d Kh"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1: Kc Qd Jh Ts  Badugi K-Q-J-T  (strength 378)"
    assert out[1] == "2: 4c 3h 2d As  Badugi 4-3-2-A  (strength 1092)"
    assert out[2].startswith("3: Kh 3d Ac  Three-card K-3-A")
    assert out[3] == "winner: hand 2"


def test_razz_and_deuce_to_seven_json_and_split(capsys):
    assert main(["eval", "--game", "razz", "As Ad 2c 2d 3h 4s 5c", "Ks Kd Kh Kc Qs Qd Qh"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "winner: hand 1"
    assert main(["eval", "--game", "deuce-to-seven", "-o", "json", "7s 5d 4h 3c 2s",
                 "As 2d 3h 4c 5s", "7d 5c 4s 3h 2d"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "deuce-to-seven" and doc["winners"] == [1, 3]
    assert doc["hands"][1]["description"] == "A-5-4-3-2"
    assert main(["eval", "--game", "ace-to-five", "5c 4s 3h 2c As", "5d 4h 3s 2d Ac"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "split: hands 1, 2"


@pytest.mark.parametrize("argv, message", [
    (["--game", "deuce-to-seven", "7s 5d 4h 3c 2s 8d"], "hand 1 .*deuce-to-seven hand has 5"),
    (["--game", "badugi", "As 2d 3h"], "hand 1 .*badugi hand has 4"),
    (["--game", "badugi", "--board", "2c 3c", "As 2d 3h 4c"], "badugi has no board"),
])
def test_bad_hands_exit_2_with_a_message(capsys, argv, message):
    import re
    assert main(["eval", *argv]) == 2
    assert re.search(message, capsys.readouterr().err)
