"""``handrank eval --game omaha`` / ``--game omaha-hilo``."""

from __future__ import annotations

import json

from handrank.cli import main

BOARD = "2c 3d 7h Ks Kd"


def test_eval_omaha_prints_each_hand_and_the_winner(capsys):
    assert main(["eval", "--game", "omaha", "--board", BOARD, "Ac 4c Kh Qc", "Ad 4d 9s 9h"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["1: Ac 4c Kh Qc  Three of a kind, kings, kickers ace, seven [Ks Kh Kd Ac 7h]",
                   "2: Ad 4d 9s 9h  Two pair, kings and nines, seven kicker [Ks Kd 9s 9h 7h]",
                   "winner: hand 1"]
    assert main(["eval", "--game", "omaha", "--board", "2c 3d 4h Kd Qs",
                 "Ac 5c 9h 9d", "Ad 5d Th Ts"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "split: hands 1, 2"


def test_eval_omaha_hilo_prints_lows_and_exact_shares(capsys):
    assert main(["eval", "--game", "omaha-hilo", "--board", BOARD,
                 "Ac 4c Kh Qc", "Ad 4d 9s 9h", "Jc Jd Tc Td"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("; 7-4-3-2-A low; share 3/4")
    assert out[2].endswith("; No low; share 0")
    assert out[3:] == ["high: hand 1", "low: hands 1, 2"]
    assert main(["eval", "--game", "omaha-hilo", "-o", "json", "--board", "Kc Qd Jh 9s 8c",
                 "Ac 2d 6h 3s", "Kd Kh 4s 5d"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [h["share"] for h in doc["hands"]] == ["0", "1"]
    assert doc["winners"] == [2] and doc["low_winners"] == []


def test_eval_omaha_bad_input_names_the_hand(capsys):
    assert main(["eval", "--game", "omaha", "As Ks 2d 2h"]) == 2
    assert "--game omaha needs --board" in capsys.readouterr().err
    assert main(["eval", "--game", "omaha", "--board", BOARD, "As Ks"]) == 2
    assert "hand 1 ('As Ks'): an Omaha hole has 4, 5 or 6 cards, got 2" in capsys.readouterr().err
    assert main(["eval", "--game", "omaha", "--board", BOARD, "As Kc 2d 2h", "Ah As 5d 6d"]) == 2
    assert "hand 2 ('Ah As 5d 6d'): card As is also in hand 1" in capsys.readouterr().err
    assert main(["eval", "--game", "omaha-hilo", "--board", BOARD, "As Kd 2d 2h"]) == 2
    assert "card Kd is both in the hole" in capsys.readouterr().err
    assert main(["eval", "--game", "omaha", "--board", "2c 3d 7h", "As Kc 2d 2h"]) == 2
    assert "Omaha board has 5 cards" in capsys.readouterr().err
