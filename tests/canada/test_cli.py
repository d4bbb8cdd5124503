"""The ``handrank canada`` commands: eval, rank, play, head-to-head (alias duel), odds."""

import pytest
import json
import os

from handrank.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_eval_text(capsys):
    code, out, _ = run(capsys, "canada", "eval", "--set", "Ts Js Qs Ks", "--pit", "As 2s")
    assert code == 0
    assert "Royal Canadian (row 1 of 35)" in out
    assert "made by:     Ts Js Qs Ks As 2s" in out


def test_eval_json_and_decks(capsys):
    code, out, _ = run(capsys, "canada", "eval", "--set", "Ah Ah 9h 9s", "--pit", "Kc Kd",
                       "--decks", "2", "-o", "json")
    assert code == 0
    d = json.loads(out)
    assert d["category"] == "Kings and Aces" and d["row"] == 8
    assert d["strength"] >> 15 == 35 - 8


def test_eval_bad_input_names_the_culprit(capsys):
    code, _, err = run(capsys, "canada", "eval", "--set", "Ah Ah 9h 9s", "--pit", "Kc Kd")
    assert code == 2 and "Ah appears 2 times" in err
    code, _, err = run(capsys, "canada", "eval", "--set", "Ah Qx 9h 9s", "--pit", "Kc Kd")
    assert code == 2 and "Qx" in err
    code, _, err = run(capsys, "canada", "eval", "--set", "Ah 9h 9s", "--pit", "Kc Kd")
    assert code == 2 and "set is 4 cards, got 3" in err
    code, _, err = run(capsys, "canada", "eval", "--set", "Ah 9h 9s 2c", "--pit", "Kc Kd",
                       "--decks", "0")
    assert code == 2 and "--decks" in err


def test_play_log(capsys):
    code, out, _ = run(capsys, "canada", "play", "--players", "5", "--seed", "3")
    assert code == 0
    assert out.startswith("5 players, 2 decks, dealer player 1")
    assert "flip turned up" in out and "winner" in out
    _, out2, _ = run(capsys, "canada", "play", "--players", "5", "--seed", "3")
    assert out2 == out
    code, out, _ = run(capsys, "canada", "play", "--players", "3", "--seed", "3", "-o", "json")
    assert code == 0 and json.loads(out)["winners"]


def test_play_json_players_from_one(capsys):
    """The command line numbers players from 1 (the API from 0), in the log and the JSON."""
    from handrank.canada.engine import Game

    api = Game(players=3, seed=8, dealer=1).play()
    code, out, _ = run(capsys, "canada", "play", "--players", "3", "--seed", "8", "--dealer", "2",
                       "-o", "json")
    d = json.loads(out)
    assert code == 0 and d["winners"] == [w + 1 for w in api.winners]
    assert d["log"][0] == "3 players, 1 deck, dealer player 2"
    assert api.log[0] == "3 players, 1 deck, dealer player 1"
    assert not any("player 0" in line for line in d["log"])


def test_play_seats(capsys):
    code, out, _ = run(capsys, "canada", "play", "--seed", "2", "--seats", "greedy,stand-pat,stand-pat")
    assert code == 0 and out.startswith("3 players")
    assert "player 2 stands" in out and "player 3 stands" in out
    code, _, err = run(capsys, "canada", "play", "--seats", "greedy,bogus")
    assert code == 2 and "seat 2: unknown strategy 'bogus'" in err


def test_play_bad_options(capsys):
    code, _, err = run(capsys, "canada", "play", "--players", "1")
    assert code == 2 and "--players" in err
    code, _, err = run(capsys, "canada", "play", "--players", "3", "--dealer", "4")
    assert code == 2 and "dealer must be a seat 1..3" in err
    code, _, err = run(capsys, "canada", "play", "--players", "3", "--dealer", "0")
    assert code == 2 and "--dealer" in err
    code, _, err = run(capsys, "canada", "play", "--seed", "-1")
    assert code == 2 and "--seed" in err and "non-negative" in err


def test_head_to_head(capsys):
    code, out, _ = run(capsys, "canada", "head-to-head", "greedy", "stand-pat", "--rounds", "30",
                       "--seed", "1", "-o", "json")
    d = json.loads(out)
    assert code == 0 and (d["a"], d["b"], d["rounds"], d["seed"]) == ("greedy", "stand-pat", 30, 1)
    from handrank import canada
    assert d["margin"] == canada.head_to_head("greedy", "stand-pat", 30, seed=1).margin
    code, out, _ = run(capsys, "canada", "duel", "greedy", "greedy", "--rounds", "5", "--seed", "2")
    assert code == 0 and "margin +0.0000" in out and "over 6 canada rounds" in out
    assert "(seed 2)" in out  # the seed is printed, so a run can be replayed
    code, _, err = run(capsys, "canada", "duel", "greedy", "bogus")
    assert code == 2 and "bogus" in err


def test_odds_json(capsys):
    code, out, _ = run(capsys, "canada", "odds", "--no-progress", "-o", "json")
    assert code == 0
    d = json.loads(out)
    assert d["total"] == 305_377_800
    assert d["categories"][0] == {"row": 1, "category": "Royal Canadian", "count": 60,
                                  "probability": 60 / 305_377_800}
    assert sum(c["count"] for c in d["categories"]) == d["total"]
    # the table in docs/canada.md is this output (``--output markdown``), row for row
    with open(os.path.join(ROOT, "docs", "canada.md"), encoding="utf-8") as fh:
        doc = fh.read()
    for c in d["categories"]:
        line = (f"| {c['row']} | {c['category']} | {c['count']:,} | "
                f"{c['probability']:.6%} |")
        assert line in doc, line


def test_rank_file(capsys, tmp_path):
    f = tmp_path / "hands.txt"
    f.write_text("Ts Js Qs Ks As 2s\n# comment\nAc 3d 5h 7s Kc 9d\n2c2d9h9sKcKd\n")
    code, out, _ = run(capsys, "canada", "rank", "--no-progress", str(f))
    assert code == 0
    assert "   1  Ts Js Qs Ks | As 2s  Royal Canadian" in out
    assert "Summary: 3 Broken Canada hands" in out
    code, out, _ = run(capsys, "canada", "rank", "-o", "json", "--summary-only", str(f))
    d = json.loads(out)
    cats = {c["category"]: c["count"] for c in d["summary"]["categories"]}
    assert d["summary"]["hands"] == 3 and cats["Three Pair"] == 1 and cats["Royal Canadian"] == 1


def test_rank_bad_rows_and_decks(capsys, tmp_path):
    f = tmp_path / "hands.txt"
    f.write_text("Ah Ah 9h 9s Kc Kd\nAc 3d 5h 7s Kc\n")
    code, _, err = run(capsys, "canada", "rank", str(f))
    assert code == 2
    assert "line 1: duplicate card Ah" in err and "--decks" in err
    assert "line 2: 5 cards; a Broken Canada hand is 6 cards" in err
    code, out, err = run(capsys, "canada", "rank", "--decks", "2", "--skip-bad", str(f))
    assert code == 0 and "Kings and Aces" in out and "line 2: 5 cards" in err


def test_rank_reads_back_its_own_set_pipe_pit_form(tmp_path, capsys):
    from handrank.cli import main

    path = tmp_path / "h.txt"
    path.write_text("Ts Js Qs Ks | As 2s\n")
    assert main(["canada", "rank", "--no-progress", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Royal Canadian" in out


def test_unknown_option_shows_the_subcommand_usage(capsys):
    from handrank.cli import main

    assert main(["canada", "eval", "--set", "Ts Js Qs Ks", "--pit", "As 2s", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert "usage: handrank canada eval" in err and "--bogus" in err


def test_copy_error_counts_every_copy():
    from handrank import canada
    from handrank.errors import DuplicateCardError

    with pytest.raises(DuplicateCardError, match=r"Ac appears 5 times"):
        canada.evaluate("Ac Ac Ac 7s", "Ac Ac", decks=2)


def test_rank_refuses_a_misplaced_pipe(tmp_path, capsys):
    """Which cards are set and which are pit matters: "|" must follow the 4 set cards."""
    from handrank.cli import main

    path = tmp_path / "h.txt"
    path.write_text("Ac 3d 5h | 7s Kc 9d\nAc 3d | 5h 7s | Kc 9d\n")
    assert main(["canada", "rank", "--no-progress", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 1: '|' must separate the 4 set cards" in err
    assert "line 2: more than one '|'" in err
