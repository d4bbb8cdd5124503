"""``handrank chinese set`` / ``score`` / ``play`` / ``head-to-head``."""

from __future__ import annotations

import json
from pathlib import Path

from handrank import chinese
from handrank.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "docs" / "examples"


def test_set_text_and_json(capsys):
    holding = "As Kd Qh Jc 9s 8d 7h 6c 4s 3d 2h 2c Td"
    assert main(["chinese", "set", holding]) == 0
    out = capsys.readouterr().out
    sol = chinese.solve(holding)
    assert f"{sol.expected:+.3f}" in out and "front" in out and "back" in out
    assert main(["chinese", "set", "--system", "mandarin", "-o", "json",
                 "2c3d4h5s6c7d8h9sTcJdQhKsAc"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["natural"] == "dragon" and data["declare"] is True
    assert data["system"] == "mandarin"


def test_set_bad_input(capsys):
    assert main(["chinese", "set", "As Kd Qh"]) == 2
    assert "holding 1" in capsys.readouterr().err
    assert main(["chinese", "set", "As Kd Qh Jc 9s 8d 7h 6c 4s 3d 2h 2c As"]) == 2
    assert "As" in capsys.readouterr().err
    cards = "As Kd Qh Jc 9s 8d 7h 6c 4s 3d 2h 2c Td"
    assert main(["chinese", "set", *cards.split(" ")]) == 2
    assert 'quote it, e.g. handrank chinese set "As Kd Qh Jc 9s' in capsys.readouterr().err
    assert main(["chinese", "set", "--system", "texas", "As"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_score_json_example(capsys):
    assert main(["chinese", "score", "-o", "json", str(EXAMPLES / "chinese-table.json")]) == 0
    data = json.loads(capsys.readouterr().out)
    t = data["tables"][0]
    assert t["players"] == ["ann", "bob", "cara", "dev"]
    assert t["fouls"] == [False, False, False, True]
    assert sum(t["totals"]) == 0 and t["totals"][0] == 12  # sweeps 4 + 4, foul 4
    assert main(["chinese", "score", "--system", "mandarin",
                 str(EXAMPLES / "chinese-table.json")]) == 0
    out = capsys.readouterr().out
    assert "ann vs bob: +23 to ann" in out and "dev fouls and pays 4" in out


def test_score_csv_example(capsys):
    assert main(["chinese", "score", "-o", "csv", str(EXAMPLES / "chinese-tables.csv")]) == 0
    rows = capsys.readouterr().out.strip().splitlines()
    assert rows[0] == "table,player,opponent,points,kind,detail"
    assert "1,ann,TOTAL,8,," in rows and "2,bob,TOTAL,2,," in rows


def test_score_bad_files(tmp_path, capsys):
    bad = tmp_path / "t.csv"
    bad.write_text("name,front,middle,back\na,2c 3d,5s 6c 7d 8h 9s,Tc Jd Qh Kc Ac\n"
                   "b,2h 5h 9h,2d 4d 6d 8d Td,4s 7s Js Ks As\n")
    assert main(["chinese", "score", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "a: the front needs 3" in err and "lines 2-3" in err
    dup = tmp_path / "d.json"
    dup.write_text(json.dumps([{"front": "2c3d4h", "middle": "5s6c7d8h9s", "back": "TcJdQhKcAc"},
                               {"front": "2c5h9h", "middle": "2d4d6d8dTd", "back": "4s7sJsKsAs"}]))
    assert main(["chinese", "score", str(dup)]) == 2
    assert "2c is held by player 1 and player 2" in capsys.readouterr().err
    nat = tmp_path / "n.json"
    nat.write_text(json.dumps({"players": [
        {"front": "2s3c4c", "middle": "5c5d6h6s7c", "back": "8c8s9c9dTh", "natural": True},
        {"front": "2h5h9h", "middle": "2d4d6d8dTd", "back": "4s7sJsKsAs"}]}))
    assert main(["chinese", "score", str(nat)]) == 2
    err = capsys.readouterr().err
    assert "player 1: declares a natural" in err, err
    assert main(["chinese", "score", str(tmp_path / "missing.json")]) == 2
    assert "cannot open" in capsys.readouterr().err
    sysbad = tmp_path / "s.json"
    sysbad.write_text(json.dumps({"system": "texas", "players": []}))
    assert main(["chinese", "score", str(sysbad)]) == 2
    err = capsys.readouterr().err
    assert "texas" in err or "2 to 4" in err
    notjson = tmp_path / "x.json"
    notjson.write_text("{")
    assert main(["chinese", "score", str(notjson)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


PLAYERS = [{"front": "2s3s4s", "middle": "5c5d6c6d7c", "back": "8c8d8s9c9d"},
           {"front": "2c3c4c", "middle": "5s5h6s6h7s", "back": "8h9h9sTcTd"}]


def test_score_malformed_files_exit_2_naming_the_culprit(tmp_path, capsys):
    """Wrong JSON types, deep nesting, empty and binary files, 1 or 5 players,
    extra CSV fields and repeated CSV columns: exit status 2 and a message, never
    a traceback."""
    cases = {
        "int.json": (json.dumps({"players": [dict(PLAYERS[0], front=5), PLAYERS[1]]}),
                     "player 1: front"),
        "null.json": (json.dumps({"players": [dict(PLAYERS[0], middle=None), PLAYERS[1]]}),
                      "player 1: middle"),
        "float.json": (json.dumps({"players": [PLAYERS[0], dict(PLAYERS[1], back=[1.5] * 5)]}),
                       "player 2: back"),
        "hold.json": (json.dumps({"players": [dict(PLAYERS[0], holding=7), PLAYERS[1]]}),
                      "player 1: holding"),
        "name.json": (json.dumps({"players": [dict(PLAYERS[0], name=["x"]), PLAYERS[1]]}),
                      '"name" must be a string'),
        "deep.json": ("[" * 50_000 + "]" * 50_000, "nested too deeply"),
        "empty.json": ("", "not valid JSON"),
        "one.json": (json.dumps({"players": PLAYERS[:1]}), "2 to 4 players, got 1"),
        "five.json": (json.dumps(PLAYERS * 2 + [{"front": "AsAdAc", "middle": "KsKdKcKhQs",
                                                  "back": "QdQcQhJsJd"}]),
                      "2 to 4 players, got 5"),
        "wrongtype.json": (json.dumps(5), "expected a JSON object or list"),
        "empty.csv": ("", "empty CSV file"),
        "extra.csv": ("front,middle,back\n2s3s4s,5c5d6c6d7c,8c8d8s9c9d,X\n", "line 2: more fields"),
        "twice.csv": ("front,front,middle,back\n", "front more than once"),
    }
    for name, (text, want) in cases.items():
        f = tmp_path / name
        f.write_text(text)
        assert main(["chinese", "score", str(f)]) == 2, name
        err = capsys.readouterr().err
        assert want in err, (name, err)
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(bytes(range(256)) * 3)
    assert main(["chinese", "score", str(garbage)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


def test_score_wrong_card_counts_is_a_foul(tmp_path, capsys):
    """docs/rules/chinese-poker.md: wrong card counts are a foul (13 cards set 4 / 4 / 5)."""
    f = tmp_path / "t.json"
    f.write_text(json.dumps({"players": [dict(PLAYERS[0], front="2s3s4s5c", middle="5d6c6d7c"),
                                         PLAYERS[1]]}))
    assert main(["chinese", "score", "-o", "json", str(f)]) == 0
    t = json.loads(capsys.readouterr().out)["tables"][0]
    assert t["fouls"] == [True, False] and t["totals"] == [-4, 4]
    assert t["miscounts"] == ["front has 4 cards, middle has 4 cards", None]
    assert "wrong card counts" in t["pairs"][0]["text"]


def test_misspelt_keys_and_columns_are_refused_not_ignored(tmp_path, capsys):
    """A misspelt "natural" or "system" would silently change the scores."""
    import json as _json

    from handrank.cli import main as _main

    rows = {"front": "2c 3d 4h", "middle": "5s 6c 7d 8h 9s", "back": "Tc Jd Qh Ks Ac"}
    other = {"front": "2d 3h 4s", "middle": "5c 6d 7h 8s 9c", "back": "Td Jh Qs Kc Ad"}
    cases = {
        "top.json": {"sytem": "mandarin", "players": [rows, other]},
        "player.json": {"players": [{**rows, "natual": "dragon"}, other]},
        "table.json": {"tables": [{"system": "mandarin", "players": [rows, other]}]},
        "empty.json": {"tables": []},
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_text(_json.dumps(data))
        assert _main(["chinese", "score", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert ("unknown key" in err) or ("no tables" in err), (name, err)
    csv_path = tmp_path / "t.csv"
    csv_path.write_text("table,name,front,middle,back,natual\n1,a,2c 3d 4h,5s 6c 7d 8h 9s,"
                        "Tc Jd Qh Ks Ac,dragon\n1,b,2d 3h 4s,5c 6d 7h 8s 9c,Td Jh Qs Kc Ad,\n")
    assert _main(["chinese", "score", str(csv_path)]) == 2
    assert "unknown column(s) natual" in capsys.readouterr().err


def test_score_refuses_unknown_player_keys():
    import pytest as _pytest

    from handrank import chinese
    from handrank.errors import OptionError

    rows = {"front": "2c 3d 4h", "middle": "5s 6c 7d 8h 9s", "back": "Tc Jd Qh Ks Ac"}
    other = {"front": "2d 3h 4s", "middle": "5c 6d 7h 8s 9c", "back": "Td Jh Qs Kc Ad"}
    with _pytest.raises(OptionError, match="natual"):
        chinese.score([{**rows, "natual": "dragon"}, other])


def test_score_skip_bad_scores_the_other_tables(tmp_path, capsys):
    import json as _json

    from handrank.cli import main as _main

    good = [{"front": "2c 3d 4h", "middle": "5s 6c 7d 8h 9s", "back": "Tc Jd Qh Ks Ac"},
            {"front": "2d 3h 4s", "middle": "5c 6d 7h 8s 9c", "back": "Td Jh Qs Kc Ad"}]
    bad = [{**good[0], "front": "2c 2c 4h"}, good[1]]
    path = tmp_path / "t.json"
    path.write_text(_json.dumps({"tables": [{"players": bad}, {"players": good}]}))
    assert _main(["chinese", "score", str(path)]) == 2
    assert "table 1: player 1" in capsys.readouterr().err
    assert _main(["chinese", "score", "--skip-bad", "-o", "json", str(path)]) == 0
    cap = capsys.readouterr()
    d = _json.loads(cap.out)
    assert d["skipped"] == 1 and [t["table"] for t in d["tables"]] == [2]
    assert "(skipped)" in cap.err


def test_play_numbers_players_from_one_and_matches_the_engine(capsys):
    assert main(["chinese", "play", "--seed", "7", "--rounds", "3",
                 "--seats", "solver,greedy,greedy"]) == 0
    out = capsys.readouterr().out
    game = chinese.Game(["solver", "greedy", "greedy"], seed=7, max_rounds=3)
    res = game.play()
    assert "player 0" not in out and "  player 3: greedy" in out and "seed 7" in out
    for rec in res.rounds:
        assert f"Round {rec.number + 1}\n" in out
        for p, s in enumerate(rec.settings):
            assert f"  player {p + 1}: {s}" in out
    assert "Totals: " + ", ".join(f"player {p + 1} {t:+d}" for p, t in enumerate(res.scores)) in out
    assert main(["chinese", "play", "--seed", "7", "--target", "10", "-q"]) == 0
    quiet = capsys.readouterr().out
    assert "target 10 reached" in quiet and "Round" not in quiet
    for bad in (["--seats", "solver"], ["--seats", "solver,nope"], ["--rounds", "0"],
                ["--target", "x"]):
        assert main(["chinese", "play", *bad]) == 2
    assert "seat 2: unknown strategy 'nope'" in capsys.readouterr().err


def test_head_to_head_command(capsys):
    assert main(["chinese", "head-to-head", "solver", "greedy", "--rounds", "40",
                 "--seed", "3", "-o", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    want = chinese.head_to_head("solver", "greedy", rounds=40, seed=3)
    assert data == json.loads(json.dumps(want.to_dict()))
    assert main(["chinese", "head-to-head", "greedy", "solver", "--rounds", "40",
                 "--seed", "3"]) == 0
    assert "greedy vs solver over 40 chinese rounds" in capsys.readouterr().out
