"""``handrank eval --game shortdeck`` (and --board, --straight-beats-trips)."""

from __future__ import annotations

import json

from handrank.cli import main


def test_eval_shortdeck_flush_beats_trips_and_names_the_winner(capsys):
    assert main(["eval", "--game", "shortdeck", "7c 7d 7h 8c 9d Tc Js", "Ah Ad As Kh 7h 8h Th"]) == 0
    out = capsys.readouterr().out
    assert "Three of a kind, sevens, kickers jack, ten" in out
    assert "Flush, ace-king-ten-eight-seven" in out
    assert out.strip().endswith("winner: hand 2")


def test_eval_shortdeck_board_and_straight_beats_trips(capsys):
    args = ["eval", "--game", "shortdeck", "--board", "7c 7d 8c 9d Tc", "7h Js", "Ks Kh", "-o", "json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [h["category"] for h in doc["hands"]] == ["Three of a kind", "Two pair"]
    assert main(args[:2] + ["shortdeck", "--straight-beats-trips"] + args[3:]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [h["category"] for h in doc["hands"]] == ["Straight", "Two pair"]
    assert doc["hands"][0]["best_five"] == "Js Tc 9d 8c 7h" and doc["winners"] == [1]


def test_eval_shortdeck_bad_input(capsys):
    assert main(["eval", "--game", "shortdeck", "5c 7d 7h 8c 9d"]) == 2
    assert "card 5c (id 12) at position 0 is not in the short deck" in capsys.readouterr().err
    assert main(["eval", "--game", "shortdeck", "--board", "7c 7d 8c 9d Tc", "As Ks Qs"]) == 2
    assert "a short-deck hand has 5, 6 or 7" in capsys.readouterr().err
    assert main(["eval", "--straight-beats-trips", "As Ks Qs Js Ts"]) == 2
    assert "--straight-beats-trips needs --game shortdeck" in capsys.readouterr().err


def test_eval_shortdeck_blames_the_board_or_the_hand_at_its_own_position(capsys):
    assert main(["eval", "--game", "shortdeck", "--board", "7c 7d 7h 8c 2d", "Tc Js"]) == 2
    err = capsys.readouterr().err
    assert "board ('7c 7d 7h 8c 2d'): card 2d (id 1) at position 4 is not in the short deck" in err
    assert main(["eval", "--game", "shortdeck", "--board", "7c 7d 7h 8c 9d", "Tc Js", "Qc 2s"]) == 2
    assert "hand 2 ('Qc 2s'): card 2s (id 3) at position 1 is not in the short deck" in (
        capsys.readouterr().err)
