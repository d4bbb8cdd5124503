"""``handrank eval --game omaha`` / ``--game omaha-hilo``."""

from __future__ import annotations

import json

from handrank.cli import main

BOARD = "2c 3d 7h Ks Kd"


def test_eval_omaha_prints_each_hand_and_the_winner(capsys):
    assert main(["eval", "--game", "omaha", "--board", BOARD, "Ac 4c Kh Qc", "Ad 4d 9s 9h"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["1: Ks Kh Kd Ac 7h  Three of a kind, kings, kickers ace, seven  (strength 5782)",
                   "2: Ks Kd 9s 9h 7h  Two pair, kings and nines, seven kicker  (strength 4825)",
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


def test_eval_omaha_refuses_mixed_hole_sizes_and_blames_the_board(capsys):
    assert main(["eval", "--game", "omaha-hilo", "--board", BOARD,
                 "Ac 4c Kh Qc", "Ad 4d 9s 9h 8h"]) == 2
    assert "hand 2 ('Ad 4d 9s 9h 8h'): 5 hole cards, but hand 1 has 4" in capsys.readouterr().err
    assert main(["eval", "--game", "omaha", "--board", "2c 3d 7h Ks Kx", "Ac 4c Kh Qc"]) == 2
    assert "board ('2c 3d 7h Ks Kx')" in capsys.readouterr().err


def test_every_eval_game_prints_one_shape(capsys):
    """Text: N: <cards that play>  <description>  (strength S), then the winner;
    JSON: the same keys for every game."""
    import re

    from handrank.cli.poker import EVAL_GAMES

    deals = {"holdem": ["As Ks Qs Js Ts", "2c 2d 2h 3s 3c"],
             "shortdeck": ["As Ks Qs Js Ts", "6c 6d 6h 7s 7c"],
             "deuce-to-seven": ["7c 5d 4h 3s 2c", "8c 6d 4h 3s 2d"],
             "ace-to-five": ["Ac 2d 3h 4s 6c", "Kc Kd 2h 3s 4c"],
             "razz": ["Ac 2d 3h 4s 6c Kd Kh", "Kc Kd 2h 3s 4c 5h 9c"],
             "badugi": ["Ac 2d 3h 4s", "Kc Qd Jh Ts"],
             "omaha": ["Ac 4c Kh Qc", "Ad 4d 9s 9h"], "omaha-hilo": ["Ac 4c Kh Qc", "Jc Jd Tc Td"]}
    assert set(deals) == set(EVAL_GAMES)
    line = re.compile(r"^[12]: (\S\S )+\S\S  \S.*  \(strength \d+\)")
    for game, hands in deals.items():
        board = ["--board", BOARD] if game.startswith("omaha") else []
        assert main(["eval", "--game", game, *board, *hands]) == 0
        out = capsys.readouterr().out.splitlines()
        assert line.match(out[0]) and line.match(out[1]), (game, out)
        assert out[2] in ("winner: hand 1", "high: hand 1"), (game, out)
        assert main(["eval", "--game", game, "-o", "json", *board, *hands]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["game"] == game and doc["winners"] == [1]
        for h in doc["hands"]:
            assert {"hand", "input", "category", "name", "strength", "description",
                    "best_five"} <= set(h), game
        assert doc["hands"][0]["best_five"] == out[0].split("  ")[0][3:], game


def test_eval_help_says_what_a_hand_is_per_game(capsys):
    assert main(["eval", "--help"]) == 0
    out = capsys.readouterr().out
    for text in ("omaha", "4, 5 or 6 hole cards", "badugi          exactly 4 cards",
                 "deuce-to-seven  exactly 5 cards", "36-card deck", "--game omaha-hilo --board"):
        assert text in out, text
