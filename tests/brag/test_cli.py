"""``handrank brag rank``: hands as arguments or in a file, text/csv/json, bad rows."""

import csv
import io
import itertools
import json

from handrank import brag
from handrank.cards import format_cards
from handrank.cli import main


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_hands_on_the_command_line(capsys):
    rc, out, err = run(capsys, "brag", "rank", "3s 3h 3d", "Ah 2d 3c", "QsKsAs", "Kc Kd 4h")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["hand", "cards", "category", "strength", "description"]
    assert "Prial of threes" in lines[1] and " 741 " in lines[1]
    assert "Run, three-high (A-2-3)" in lines[2]
    assert "Running flush, ace-high (Q-K-A)" in lines[3]
    assert "Pair of kings, four kicker" in lines[4]
    assert "Summary: 4 Brag hands" in out


def test_options_change_the_order(capsys):
    rc, out, _ = run(capsys, "brag", "rank", "-o", "json", "--no-a23-top-run",
                     "--no-prial-threes-high", "Ah 2d 3c", "3s 3h 3d")
    assert rc == 0
    doc = json.loads(out)
    assert [h["strength"] for h in doc["hands"]] == [705, 730]  # lowest run; 3-3-3 second-lowest prial
    assert doc["summary"]["options"] == {"prial_threes_high": False, "a23_top_run": False}


def test_file_of_every_hand_summary_counts(tmp_path, capsys):
    path = tmp_path / "all.txt"
    path.write_text("# every hand\n" + "\n".join(
        format_cards(h) for h in itertools.combinations(range(52), 3)) + "\n")
    rc, out, _ = run(capsys, "brag", "rank", "--summary-only", "-o", "json", path)
    assert rc == 0
    counts = {c["category"]: c["count"] for c in json.loads(out)["summary"]["categories"]}
    assert counts == {"Prial": 52, "Running flush": 48, "Run": 720, "Flush": 1096,
                      "Pair": 3744, "High card": 16440}


def test_csv_rows_match_the_library(tmp_path, capsys):
    hands = ["As Ks Qs", "2c 2d 9h", "Ah Kh 9h", "7c 8d 9s"]
    path = tmp_path / "h.txt"
    path.write_text("\n\n".join(hands) + "\n")
    rc, out, err = run(capsys, "brag", "rank", "-o", "csv", "--chunk-rows", "2", path)
    assert rc == 0 and "Summary" in err  # the summary goes to stderr with csv rows
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [int(r["line"]) for r in rows] == [1, 3, 5, 7]
    assert [int(r["strength"]) for r in rows] == [brag.strength(h) for h in hands]
    assert [r["category"] for r in rows] == ["Running flush", "Pair", "Flush", "Run"]


def test_bad_rows_named_by_line(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("As Ks Qs\n2c 2d\nAh Ah 9h\nZz 2c 3c\n7c 8d 9s\n")
    rc, out, err = run(capsys, "brag", "rank", path)
    assert rc == 2
    assert "line 2: 2 cards; a Brag hand has 3 cards" in err
    assert "line 3: duplicate card Ah" in err
    assert "line 4: invalid card 'Zz'" in err
    rc, out, err = run(capsys, "brag", "rank", "--skip-bad", "-s", path)
    assert rc == 0 and "Summary: 2 Brag hands (3 bad rows skipped)" in out


def test_bad_hand_arguments_named_by_hand_number(capsys):
    rc, _, err = run(capsys, "brag", "rank", "As Ks Qs", "2c 2d 2c")
    assert rc == 2 and "hand 2: duplicate card 2c" in err
    rc, _, err = run(capsys, "brag", "rank", "no-such-file.txt")
    assert rc == 2 and "neither a file nor a hand" in err


def test_standard_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("As Ks Qs\n3c 3d 3h\n"))
    rc, out, _ = run(capsys, "brag", "rank", "-o", "json", "-")
    assert rc == 0
    assert [h["category"] for h in json.loads(out)["hands"]] == ["Running flush", "Prial"]


def test_help_lists_the_options(capsys):
    assert main(["brag", "rank", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--no-prial-threes-high" in out and "--no-a23-top-run" in out


def test_unquoted_cards_get_a_hint(capsys):
    rc, _, err = run(capsys, "brag", "rank", "As", "Ks", "Qs")
    assert rc == 2
    assert 'hand 1: 1 card; a Brag hand has 3 cards (each argument is one hand' in err
    assert err.count("each argument is one hand") == 1


def test_a_file_mixed_with_other_arguments_is_refused(tmp_path, capsys):
    path = tmp_path / "h.txt"
    path.write_text("As Ks Qs\n")
    rc, out, err = run(capsys, "brag", "rank", path, "2c 2d 2h")
    assert rc == 2 and out == "" and "(a file) given with other arguments" in err
    rc, out, err = run(capsys, "brag", "rank", path, path)
    assert rc == 2 and "(a file) given with other arguments" in err


def test_empty_file_and_binary_garbage(tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    rc, out, _ = run(capsys, "brag", "rank", "-o", "json", empty)
    assert rc == 0 and json.loads(out)["summary"]["hands"] == 0
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4 + b"\nAs Ks Qs\n\x00\x01\x02\n")
    rc, out, err = run(capsys, "brag", "rank", junk)
    assert rc == 2 and "line 1:" in err
    rc, out, err = run(capsys, "brag", "rank", "--skip-bad", "-o", "json", junk)
    assert rc == 0
    doc = json.loads(out)
    assert [h["cards"] for h in doc["hands"]] == ["As Ks Qs"] and doc["summary"]["skipped"] >= 2


def test_blank_or_comment_arguments_are_bad_hands(capsys):
    rc, out, err = run(capsys, "brag", "rank", "", "As Ks Qs", "# x")
    assert rc == 2 and "hand 1: no cards" in err and "hand 3: no cards (a # comment)" in err
    rc, out, err = run(capsys, "brag", "rank", "--skip-bad", "-o", "json", "  ", "As Ks Qs")
    assert rc == 0
    doc = json.loads(out)
    assert [h["hand"] for h in doc["hands"]] == [2] and doc["summary"]["skipped"] == 1


def test_equity_exact_text_and_json_match_the_library(capsys):
    rc, out, err = run(capsys, "brag", "equity", "Kc Kd 4h")
    assert rc == 0 and err == ""
    r = brag.equity("Kc Kd 4h")
    assert out == r.table(first=1) + "\n"
    assert out.splitlines()[1].startswith("1       Kc Kd 4h")  # the hand is player 1
    rc, out, _ = run(capsys, "brag", "equity", "Ah 2d 3c", "--no-a23-top-run", "--dead", "3s 3h",
                     "-o", "json")
    d = json.loads(out)
    assert rc == 0 and d == brag.equity("Ah 2d 3c", dead="3s 3h", a23_top_run=False).to_dict()
    assert d["deals"] == 16215 and d["players"][0]["hand"] == "Ah 2d 3c"


def test_equity_monte_carlo_reports_and_replays_its_seed(capsys):
    rc, out, _ = run(capsys, "brag", "equity", "Qh Qd Qc", "--opponents", "3",
                     "--samples", "2000", "-o", "json")
    d = json.loads(out)
    assert rc == 0 and not d["exact"] and isinstance(d["seed"], int) and d["opponents"] == 3
    rc, again, _ = run(capsys, "brag", "equity", "Qh Qd Qc", "--opponents", "3",
                       "--samples", "2000", "-o", "json", "--seed", d["seed"], "--threads", "2")
    assert json.loads(again) == d
    rc, out, _ = run(capsys, "brag", "equity", "Qh Qd Qc", "--opponents", "2", "--seed", "5",
                     "--samples", "1000")
    assert "Monte Carlo: 1,000 deals, seed 5, 2 random opponents" in out


def test_equity_errors(capsys):
    rc, _, err = run(capsys, "brag", "equity", "Ah 2d")
    assert rc == 2 and "hand: a Brag hand has 3 cards, got 2" in err
    rc, _, err = run(capsys, "brag", "equity", "Ah 2d 3c", "--dead", "2d")
    assert rc == 2 and "dead card 2d is in the hand" in err
    rc, _, err = run(capsys, "brag", "equity", "Ah 2d 3c", "--opponents", "17")
    assert rc == 2 and "opponents (49 unseen cards, 3 per opponent) must be an int from 1 to 16, got 17" in err
