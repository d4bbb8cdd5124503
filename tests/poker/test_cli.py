"""Tests of the ``handrank`` command-line tool (src/handrank/cli.py, io.py).

Most tests call ``main(argv)`` in-process and read stdout/stderr with capsys;
a few run ``python -m handrank`` in a subprocess for real exit codes.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from tests.conftest import DATA as _SHARED_DATA
from tests.conftest import REQUIRE_DATA

from handrank.cli import main

# The project's shared data (../shared/data beside the checkout), or $HANDRANK_DATA.
DATA = Path(os.environ.get("HANDRANK_DATA", _SHARED_DATA))
UCI = DATA / "uci-poker-hand" / "poker-hand-training-true.data"
PLURIBUS = DATA / "pluribus-showdowns.csv"

# Skipped where the data is absent (e.g. wheel tests on a build farm), unless
# HANDRANK_REQUIRE_DATA=1 (set by .ci/run), where a missing file is a failure.
needs_uci = pytest.mark.skipif(not UCI.exists() and not REQUIRE_DATA, reason=f"{UCI} not available")
needs_pluribus = pytest.mark.skipif(not PLURIBUS.exists() and not REQUIRE_DATA,
                                    reason=f"{PLURIBUS} not available")

# UCI CLASS -> the category line our summary prints it under.
CLASS_TO_SUMMARY = {0: "High card", 1: "One pair", 2: "Two pair", 3: "Three of a kind",
                    4: "Straight", 5: "Flush", 6: "Full house", 7: "Four of a kind",
                    8: "Straight flush", 9: "Royal flush"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, str):
        text = text.encode("utf-8")
    p.write_bytes(text)
    return p


def summary_counts(out: str) -> dict[str, int]:
    """Parse the text summary's category lines into {name: count}."""
    counts = {}
    in_summary = False
    for line in out.splitlines():
        if line.startswith("Summary:"):
            in_summary = True
            continue
        if in_summary:
            m = re.match(r"^\s+([A-Za-z][A-Za-z ]*?)\s+(\d+)\s+[\d.]+%$", line)
            if m:
                counts[m.group(1)] = int(m.group(2))
    return counts


# --------------------------------------------------------------------------- real data


@needs_uci
def test_uci_file_reproduces_every_label(capsys):
    labels = Counter()
    with open(UCI, newline="") as f:
        for row in csv.reader(f):
            if row:
                labels[int(row[10])] += 1
    assert sum(labels.values()) == 25010

    rc, out, err = run(capsys, "rank", "--format", "uci", "--check-labels", "--summary-only", UCI)
    assert rc == 0, err
    assert "Label check: 25010 labelled hands, 0 mismatches" in out
    counts = summary_counts(out)
    expected = {CLASS_TO_SUMMARY[k]: n for k, n in labels.items()}
    # Our straight-flush line includes the royal flushes, listed again on their own line.
    expected["Straight flush"] = labels[8] + labels[9]
    expected["total"] = 25010
    for name in CLASS_TO_SUMMARY.values():
        expected.setdefault(name, 0)
    assert counts == expected
    assert "Summary: 25010 hands" in out


@needs_uci
def test_uci_summary_same_in_small_chunks_and_json(tmp_path, capsys):
    # 500 rows in chunks of 7 (chunk boundaries everywhere) with two threads.
    rows = UCI.read_text().splitlines()[:500]
    labels = Counter(int(r.split(",")[10]) for r in rows)
    p = write(tmp_path, "uci500.data", "\n".join(rows) + "\n")
    rc, out, err = run(capsys, "rank", "-f", "uci", "--check-labels", "-s", "-o", "json",
                       "--chunk-rows", "7", "--threads", "2", p)
    assert rc == 0, err
    summary = json.loads(out)["summary"]
    assert summary["hands"] == 500
    assert summary["label_check"] == {"checked": 500, "mismatches": 0, "first_mismatches": []}
    got = {c["category"]: c["count"] for c in summary["categories"]}
    assert got["High card"] == labels[0]
    assert got["One pair"] == labels[1]
    assert got["Two pair"] == labels[2]
    assert got["Straight flush"] == labels[8] + labels[9]
    assert got["Royal flush"] == labels[9]


@needs_pluribus
def test_pluribus_showdowns_all_agree(capsys):
    with open(PLURIBUS, newline="") as f:
        recorded = Counter(r["outcome"] for r in csv.DictReader(f))
    assert sum(recorded.values()) == 1000
    rc, out, err = run(capsys, "showdown", "--summary-only", PLURIBUS)
    assert rc == 0, err
    assert "Summary: 1000 showdowns" in out
    assert "Outcome check: 1000 of 1000 recorded outcomes agree, 0 disagree" in out
    # Every row agrees, so the win tallies equal the recorded outcomes.
    assert re.search(rf"^\s+a wins\s+{recorded['a']}\s", out, re.MULTILINE)
    assert re.search(rf"^\s+b wins\s+{recorded['b']}\s", out, re.MULTILINE)
    assert re.search(rf"^\s+split\s+{recorded['split']}\s", out, re.MULTILINE)


@needs_pluribus
def test_pluribus_tampered_outcome_is_a_disagreement(tmp_path, capsys):
    lines = PLURIBUS.read_text().splitlines()[:31]
    fields = lines[10].split(",")  # file line 11
    assert fields[-1] in ("a", "b")
    fields[-1] = "b" if fields[-1] == "a" else "a"
    lines[10] = ",".join(fields)
    p = write(tmp_path, "tampered.csv", "\n".join(lines) + "\n")
    rc, out, err = run(capsys, "showdown", p, "--chunk-rows", "4")
    assert rc == 1
    assert "Outcome check: 29 of 30 recorded outcomes agree, 1 disagree" in out
    listed = [ln for ln in out.splitlines() if re.match(r"  line \d", ln)]
    assert len(listed) == 1 and listed[0].startswith(f"  line 11 source={fields[0]}: recorded "
                                                     f"{fields[-1]}, evaluated ")
    # The row itself is flagged in the table.
    row = next(ln for ln in out.splitlines() if ln.split()[:1] == ["11"])
    assert " NO " in row


# --------------------------------------------------------------------------- text input

KNOWN = """\
# known hands
AsKsQsJsTs
5c 4d 3h 2s Ad

Kh Kd Ks 4c 4d
10d 9d 8d 7d 6d
A♠ K♠ Q♠ J♠ 9♠ 2c 3d
2c 3c 4c 5c 7d 9h Jd
"""


def test_text_known_hands_json(tmp_path, capsys):
    p = write(tmp_path, "known.txt", KNOWN)
    rc, out, err = run(capsys, "rank", "-o", "json", p)
    assert rc == 0, err
    doc = json.loads(out)
    hands = {h["line"]: h for h in doc["hands"]}
    assert sorted(hands) == [2, 3, 5, 6, 7, 8]
    assert set(hands[2]) == {"line", "cards", "category", "strength", "description"}
    assert (hands[2]["category"], hands[2]["strength"]) == ("Royal flush", 7462)
    assert hands[3]["category"] == "Straight"
    assert hands[3]["description"] == "Straight, five-high"
    assert hands[3]["strength"] == 5854  # the wheel is the lowest straight
    assert hands[5]["category"] == "Full house"
    assert hands[5]["description"] == "Full house, kings over fours"
    assert hands[5]["cards"] == "Kh Kd Ks 4c 4d"
    assert hands[6]["category"] == "Straight flush"
    assert hands[6]["cards"] == "Td 9d 8d 7d 6d"
    assert hands[7]["category"] == "Flush"
    assert hands[7]["cards"] == "As Ks Qs Js 9s 2c 3d"
    assert hands[8]["category"] == "High card"
    s = doc["summary"]
    assert s["hands"] == 6 and s["skipped"] == 0
    cats = {c["category"]: c for c in s["categories"]}
    assert cats["Straight flush"]["count"] == 2
    assert cats["Royal flush"] == {"category": "Royal flush", "count": 1, "share": 1 / 6,
                                   "within": "Straight flush"}
    assert cats["Full house"]["count"] == 1 and cats["One pair"]["count"] == 0


def test_text_output_aligned_with_summary(tmp_path, capsys):
    p = write(tmp_path, "known.txt", KNOWN)
    rc, out, err = run(capsys, "rank", p)
    assert rc == 0, err
    table, summary = out.split("\n\n", 1)
    rows = table.splitlines()
    assert rows[0].split() == ["line", "cards", "category", "strength", "description"]
    col = rows[0].index("category")
    assert [r[col:].split("  ")[0] for r in rows[1:]] == [
        "Royal flush", "Straight", "Full house", "Straight flush", "Flush", "High card"]
    assert rows[3].split()[0] == "5" and rows[3].endswith("Full house, kings over fours")
    counts = summary_counts(summary)
    assert counts["Straight flush"] == 2 and counts["Royal flush"] == 1
    assert counts["total"] == 6 and counts["Two pair"] == 0
    # Royal flush is indented under straight flush.
    sf = next(ln for ln in summary.splitlines() if "Straight flush" in ln)
    rf = next(ln for ln in summary.splitlines() if "Royal flush" in ln)
    assert len(rf) - len(rf.lstrip()) > len(sf) - len(sf.lstrip())


def test_csv_output_parses(tmp_path, capsys):
    p = write(tmp_path, "known.txt", KNOWN)
    rc, out, err = run(capsys, "rank", "--output", "csv", p)
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["line", "cards", "category", "strength", "description"]
    assert [r["line"] for r in rows] == ["2", "3", "5", "6", "7", "8"]
    assert rows[2]["description"] == "Full house, kings over fours"
    assert rows[0]["strength"] == "7462"
    assert "Summary: 6 hands" in err  # stdout stays one CSV table


def test_csv_summary_only(tmp_path, capsys):
    p = write(tmp_path, "known.txt", KNOWN)
    rc, out, err = run(capsys, "rank", "-o", "csv", "--summary-only", p)
    assert rc == 0, err
    rows = {r["category"]: r for r in csv.DictReader(io.StringIO(out))}
    assert rows["Straight flush"]["count"] == "2"
    assert rows["Royal flush"]["within"] == "Straight flush"
    assert rows["High card"]["count"] == "1"


def test_uci_csv_and_json_fields(tmp_path, capsys):
    p = write(tmp_path, "u.data", "1,10,1,11,1,13,1,12,1,1,9\n"
                                  "1,2,2,2,3,3,4,3,1,5,2\n"
                                  "1,2,2,2,3,3,4,3,1,5\n")
    rc, out, err = run(capsys, "rank", "-f", "uci", "-o", "csv", p)
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["line", "cards", "category", "strength", "class", "label",
                             "description"]
    assert rows[0]["cards"] == "Th Jh Kh Qh Ah" and rows[0]["class"] == "9"
    assert rows[1]["cards"] == "2h 2s 3d 3c 5h" and rows[1]["category"] == "Two pair"
    assert (rows[1]["class"], rows[1]["label"]) == ("2", "2")
    assert rows[2]["label"] == ""  # no CLASS column on that row

    rc, out, err = run(capsys, "rank", "-f", "uci", "-o", "json", "--check-labels", p,
                       "--skip-bad")
    assert rc == 0, err
    doc = json.loads(out)
    assert [h["match"] for h in doc["hands"]] == [True, True]
    assert doc["hands"][1]["label"] == 2
    assert "line 3: no CLASS field" in err and "skipped 1 bad row" in err


def test_stdin_dash(monkeypatch, capsys):
    data = "\ufeffAsKsQsJsTs\r\nAh Ad Ac 2s 2d\r\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data.encode("utf-8"))))
    rc, out, err = run(capsys, "rank", "-o", "csv", "-")
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["line"], r["category"]) for r in rows] == [("1", "Royal flush"),
                                                          ("2", "Full house")]


def test_crlf_and_bom(tmp_path, capsys):
    p = write(tmp_path, "crlf.txt", b"\xef\xbb\xbfAsKsQsJsTs\r\n\r\n2c2d2h2s3c\r\n")
    rc, out, err = run(capsys, "rank", "-o", "json", p)
    assert rc == 0, err
    hands = json.loads(out)["hands"]
    assert [(h["line"], h["category"]) for h in hands] == [(1, "Royal flush"),
                                                          (3, "Four of a kind")]
    p = write(tmp_path, "crlf.csv", b"\xef\xbb\xbfboard,hole_a,hole_b\r\nAsKsQsJs2d,Ts3c,2c3d\r\n")
    rc, out, err = run(capsys, "showdown", "-o", "csv", p)
    assert rc == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[0]["winner"] == "a" and rows[0]["hand_a"] == "Royal flush"


# --------------------------------------------------------------------------- bad rows

GOOD_TEXT = "AsKsQsJsTs\n"
GOOD_UCI = "1,1,1,13,1,12,1,11,1,10,9\n"
GOOD_SHOW = "x,5d6h2h3hJs,4hAc,Ah6s,a\n"
SHOW_HEADER = "source,board,hole_a,hole_b,outcome\n"

BAD_CASES = [
    # (id, command args, file text, bad line number, reason pattern)
    ("text-bad-card", ["rank"], GOOD_TEXT + "AsKsQsJsXd\n", 2, r"invalid card 'Xd'"),
    ("text-bad-suit", ["rank"], GOOD_TEXT + "As Ks Qs Js Tx\n", 2, r"invalid card 'Tx'"),
    ("text-dup", ["rank"], GOOD_TEXT + "As Ks Qs As Ts\n", 2, r"duplicate card As"),
    ("text-too-few", ["rank"], GOOD_TEXT + "As Ks Qs Js\n", 2, r"4 cards; a hand needs 5 to 7"),
    ("text-too-many", ["rank"], GOOD_TEXT + "AsKsQsJsTs9s8s7s\n", 2, r"8 cards"),
    ("text-not-utf8", ["rank"], GOOD_TEXT.encode() + b"As\xffKs\n", 2, r"not valid UTF-8"),
    ("uci-fields", ["rank", "-f", "uci"], GOOD_UCI + "1,1,1,13,1,12\n", 2,
     r"expected 10 or 11 comma-separated fields .* got 6"),
    ("uci-suit", ["rank", "-f", "uci"], GOOD_UCI + "5,1,1,13,1,12,1,11,1,10,9\n", 2,
     r"field 1 \(S1\): suit 5 out of range"),
    ("uci-rank", ["rank", "-f", "uci"], GOOD_UCI + "1,1,1,14,1,12,1,11,1,10,9\n", 2,
     r"field 4 \(C2\): rank 14 out of range"),
    ("uci-rank0", ["rank", "-f", "uci"], GOOD_UCI + "1,1,1,13,1,12,1,11,1,0,9\n", 2,
     r"field 10 \(C5\): rank 0 out of range"),
    ("uci-class", ["rank", "-f", "uci"], GOOD_UCI + "1,1,1,13,1,12,1,11,1,10,10\n", 2,
     r"field 11 \(CLASS\): class 10 out of range"),
    ("uci-not-int", ["rank", "-f", "uci"], GOOD_UCI + "1,1,1,13,x,12,1,11,1,10,9\n", 2,
     r"field 5 \(S3\): 'x' is not an integer"),
    ("uci-dup", ["rank", "-f", "uci"], GOOD_UCI + "1,1,1,13,1,12,1,13,1,10,9\n", 2,
     r"duplicate card Kh \(card 2 .* card 4"),
    ("uci-no-label", ["rank", "-f", "uci", "--check-labels"], GOOD_UCI + "1,1,1,13,1,12,1,11,1,10\n",
     2, r"no CLASS field"),
    ("show-fields", ["showdown"], SHOW_HEADER + GOOD_SHOW + "x,5d6h2h3hJs,4hAc\n", 3,
     r"expected 5 comma-separated fields as in the header, got 3"),
    ("show-bad-card", ["showdown"], SHOW_HEADER + GOOD_SHOW + "x,5d6h2h3hJs,4hAc,AhZs,a\n", 3,
     r"hole_b: invalid card 'Zs'"),
    ("show-dup-board-hole", ["showdown"], SHOW_HEADER + GOOD_SHOW + "x,5d6h2h3hJs,4hAc,Js6s,a\n",
     3, r"duplicate card Js in board and hole_b"),
    ("show-dup-holes", ["showdown"], SHOW_HEADER + GOOD_SHOW + "x,5d6h2h3hJs,4hAc,Ac6s,a\n",
     3, r"duplicate card Ac in hole_a and hole_b"),
    ("show-dup-in-board", ["showdown"], SHOW_HEADER + GOOD_SHOW + "x,5d6h2h5dJs,4hAc,Ah6s,a\n",
     3, r"duplicate card 5d"),
    ("show-short-board", ["showdown"], SHOW_HEADER + GOOD_SHOW + "x,5d6h2h3h,4hAc,Ah6s,a\n", 3,
     r"board: 4 cards, expected 5"),
    ("show-long-hole", ["showdown"], SHOW_HEADER + GOOD_SHOW + "x,5d6h2h3hJs,4hAc,Ah6s7s,a\n", 3,
     r"hole_b: 3 cards, expected 2"),
    ("show-bad-outcome", ["showdown"], SHOW_HEADER + GOOD_SHOW + "x,5d6h2h3hJs,4hAc,Ah6s,c\n", 3,
     r"outcome: 'c' is not a player"),
]


@pytest.mark.parametrize("argv,text,line,reason", [c[1:] for c in BAD_CASES],
                         ids=[c[0] for c in BAD_CASES])
def test_bad_row_reported_exit_2(tmp_path, capsys, argv, text, line, reason):
    p = write(tmp_path, "in.txt", text)
    rc, out, err = run(capsys, *argv, p)
    assert rc == 2
    assert re.search(rf"line {line}: .*{reason}", err), err
    assert "1 bad row" in err and "--skip-bad" in err
    assert "Summary" not in out
    assert "Traceback" not in err


@pytest.mark.parametrize("argv,text,line,reason", [c[1:] for c in BAD_CASES],
                         ids=[c[0] for c in BAD_CASES])
def test_bad_row_skipped(tmp_path, capsys, argv, text, line, reason):
    p = write(tmp_path, "in.txt", text)
    rc, out, err = run(capsys, *argv, "--skip-bad", "-o", "json", p)
    assert rc == 0, err
    assert re.search(rf"line {line}: .*{reason}", err), err
    assert "skipped 1 bad row" in err
    doc = json.loads(out)
    rows = doc.get("hands", doc.get("showdowns"))
    assert [r["line"] for r in rows] == [line - 1]  # the good row is still processed
    assert doc["summary"]["skipped"] == 1


def test_all_bad_rows_reported_across_chunks(tmp_path, capsys):
    lines = [GOOD_TEXT.strip()] * 10
    lines[2] = "AsKs"
    lines[8] = "AsAsQsJsTs"
    p = write(tmp_path, "in.txt", "\n".join(lines) + "\n")
    rc, out, err = run(capsys, "rank", "--chunk-rows", "4", p)
    assert rc == 2
    assert "line 3: 2 cards" in err and "line 9: duplicate card As" in err
    assert "2 bad rows" in err and "Summary" not in out
    rc, out, err = run(capsys, "rank", "--chunk-rows", "4", "--skip-bad", p)
    assert rc == 0
    assert "skipped 2 bad rows" in err
    assert summary_counts(out)["Royal flush"] == 8


def test_missing_file(capsys, tmp_path):
    rc, out, err = run(capsys, "rank", tmp_path / "nope.txt")
    assert rc == 2
    assert err.count("\n") == 1 and "cannot open" in err and "nope.txt" in err
    rc, out, err = run(capsys, "showdown", tmp_path)
    assert rc == 2 and "directory" in err and "Traceback" not in err


def test_showdown_bad_header(tmp_path, capsys):
    p = write(tmp_path, "h.csv", "source,cards,a,b\nx,AsKsQsJsTs,2c3c,2d3d\n")
    rc, out, err = run(capsys, "showdown", p)
    assert rc == 2 and "header must name a 'board' column" in err


def test_check_labels_needs_uci(tmp_path, capsys):
    p = write(tmp_path, "k.txt", GOOD_TEXT)
    rc, out, err = run(capsys, "rank", "--check-labels", p)
    assert rc == 2 and "--check-labels needs --format uci" in err


# --------------------------------------------------------------------------- checks


def test_wrong_uci_label_is_a_mismatch(tmp_path, capsys):
    text = ("1,1,1,13,1,12,1,11,1,10,9\n"    # royal flush, right
            "2,2,2,3,2,4,2,5,2,6,9\n"        # straight flush six-high, labelled royal: wrong
            "1,2,2,2,3,3,4,3,1,5,2\n"        # two pair, right
            "1,2,2,2,3,3,4,3,1,5,1\n")       # two pair labelled one pair: wrong
    p = write(tmp_path, "u.data", text)
    rc, out, err = run(capsys, "rank", "--format", "uci", "--check-labels", p)
    assert rc == 1
    assert "Label check: 4 labelled hands, 2 mismatches" in out
    listed = [ln.strip() for ln in out.splitlines() if re.match(r"  line \d", ln)]
    assert listed == [
        "line 2: 2s 3s 4s 5s 6s: evaluated Straight flush (class 8), label 9 (royal flush)",
        "line 4: 2h 2s 3d 3c 5h: evaluated Two pair (class 2), label 1 (one pair)"]
    table = out.split("\n\n")[0].splitlines()
    match_col = table[0].index("match")
    assert [r[match_col:].split()[0] for r in table[1:]] == ["yes", "NO", "yes", "NO"]


def test_showdown_split_and_multiplayer(tmp_path, capsys):
    text = ("board,hole_a,hole_b,hole_c,outcome\n"
            "AsKsQsJsTs,2c3c,2d3d,2h3h,split\n"      # board plays: three-way split
            "AhKhQh2c3d,JhTh,AcAd,4s5s,a\n"          # a: royal flush
            "AhKhQh2c3d,9c8d,AcAd,Kd Ks,b+c\n")      # wrong: b (trip aces) beats c (trip kings)
    p = write(tmp_path, "m.csv", text)
    rc, out, err = run(capsys, "showdown", "-o", "json", p)
    assert rc == 1, err
    doc = json.loads(out)
    rows = doc["showdowns"]
    assert [r["winner"] for r in rows] == ["split", "a", "b"]
    assert rows[0]["winners"] == "a+b+c"
    assert [r["agrees"] for r in rows] == [True, True, False]
    assert rows[1]["hand_a"] == "Royal flush"
    assert rows[2]["hand_b"] == "Three of a kind, aces, kickers king, queen"
    s = doc["summary"]
    assert s["wins"] == {"a": 1, "b": 1, "c": 0} and s["split"] == 1
    assert s["outcome_check"]["disagree"] == 1
    assert s["outcome_check"]["first_disagreements"][0].startswith("line 4: recorded b+c")


# --------------------------------------------------------------------------- parser / subprocess


def test_help_and_version(capsys):
    rc, out, err = run(capsys, "--help")
    assert rc == 0 and "rank" in out and "showdown" in out and "examples" in out
    rc, out, err = run(capsys, "rank", "--help")
    assert rc == 0 and "--check-labels" in out and "--format" in out and "examples" in out
    rc, out, err = run(capsys, "--version")
    assert rc == 0 and re.match(r"handrank \S+", out)
    rc, out, err = run(capsys)
    assert rc == 2 and "COMMAND" in err


def _module(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "handrank", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_subprocess_exit_codes(tmp_path, capsys):
    # The process exits with what main() returns (two processes, from standard input) ...
    r = _module("rank", "-", stdin="AsKsQsJsTs\nAsKs\n")
    assert r.returncode == 2
    assert "<stdin>: line 2: 2 cards" in r.stderr and "Traceback" not in r.stderr
    r = _module("rank", "--skip-bad", "-s", "-", stdin="AsKsQsJsTs\nAsKs\n")
    assert r.returncode == 0 and "Summary: 1 hand (1 bad row skipped)" in r.stdout
    # ... and main() returns 1 for label mismatches, 2 for a file it cannot open.
    p = write(tmp_path, "u.data", "2,2,2,3,2,4,2,5,2,6,9\n")
    code, out, _ = run(capsys, "rank", "-f", "uci", "--check-labels", "-s", str(p))
    assert code == 1 and "1 mismatch" in out
    code, _, err = run(capsys, "showdown", str(tmp_path / "missing.csv"))
    assert code == 2 and err.startswith("handrank: error: cannot open")


# ---- eval: hands given as strings ------------------------------------------

def test_eval_strings_names_the_winner(capsys):
    from handrank.cli import main as cli_main
    assert cli_main(["eval", "Ks Kh Kd 4c 4d", "Ah Ad Ac 2s 2d"]) == 0
    out = capsys.readouterr().out
    assert "Full house, kings over fours" in out and "Full house, aces over twos" in out
    assert out.strip().endswith("winner: hand 2")


def test_eval_board_royal_beats_king_high_straight_flush(capsys):
    from handrank.cli import main as cli_main
    assert cli_main(["eval", "--board", "Ks Qs Js Ts 2d", "As 3c", "9s 3d", "-o", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["winners"] == [1]
    assert [h["name"] for h in doc["hands"]] == ["Royal flush", "Straight flush"]


def test_eval_split_and_bad_input(capsys):
    from handrank.cli import main as cli_main
    assert cli_main(["eval", "2c3c4c5c7d", "2d3d4d5d7c"]) == 0
    assert "split: hands 1, 2" in capsys.readouterr().out
    assert cli_main(["eval", "AsKsQsJsXs"]) == 2
    assert "'Xs' at position 8" in capsys.readouterr().err
    assert cli_main(["eval", "--board", "Ks Qs Js Ts 2d", "Ks 3d"]) == 2
    assert "hand 1 ('Ks 3d'): card Ks is also in the board" in capsys.readouterr().err
    assert cli_main(["eval", "AsKsQsJsTs", "AsKs"]) == 2
    assert "hand 2 ('AsKs'): a poker hand has 5, 6 or 7 cards, got 2" in capsys.readouterr().err


def test_json_output_stays_valid_when_a_bad_row_stops_the_run(tmp_path, capsys):
    p = tmp_path / "h.txt"
    p.write_text("AsKsQsJsTs\n" * 5 + "AsKsQsJsXs\n")
    assert main(["rank", "-o", "json", "--chunk-rows", "2", str(p)]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"] is None and "1 bad row" in doc["error"]
    s = tmp_path / "s.csv"
    s.write_text("board,hole_a,hole_b,outcome\n5d6h2h3hJs,4hAc,Ah6s,a\n5d6h2h3hJs,5dAc,Ah6s,a\n")
    assert main(["showdown", "-o", "json", str(s)]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"] is None and "incomplete" in doc["error"]


def test_uci_file_read_as_text_gets_a_hint(tmp_path, capsys):
    p = tmp_path / "u.data"
    p.write_text("1,10,1,11,1,13,1,12,1,1,9\n")
    assert main(["rank", str(p)]) == 2
    assert "hint: this looks like the UCI Poker Hand CSV: add --format uci" in capsys.readouterr().err


def test_output_that_cannot_be_written_is_a_clear_error(tmp_path):
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    r = subprocess.run([sys.executable, "-m", "handrank", "eval", "-o", "json", "A♠K♠Q♠J♠T♠"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "PYTHONIOENCODING=utf-8" in r.stderr
    if os.path.exists("/dev/full"):
        p = write(tmp_path, "h.txt", "AsKsQsJsTs\n")
        with open("/dev/full", "w") as full:
            r = subprocess.run([sys.executable, "-m", "handrank", "rank", str(p)], stdout=full,
                               stderr=subprocess.PIPE, text=True, timeout=60)
        assert r.returncode == 2 and "No space left" in r.stderr and "Traceback" not in r.stderr


def test_eval_board_errors_say_board(capsys):
    assert main(["eval", "--board", "Ks Ks Js Ts 2d", "As 3c"]) == 2
    assert "board ('Ks Ks Js Ts 2d'): duplicate card Ks" in capsys.readouterr().err
    assert main(["eval", "--board", "Ks Qs Js Ts 2d", "As 3c 4c"]) == 2
    assert "board + hole cards make 8 cards" in capsys.readouterr().err
    assert main(["rank", "--threads", "x", "f"]) == 2
    assert "invalid thread count value: 'x'" in capsys.readouterr().err


def test_json_summary_only_stays_valid_on_bad_rows_and_huge_chunk_rows_is_usage(tmp_path, capsys):
    p = write(tmp_path, "b.txt", "AsKsQsJsTs\nAsKsQsJsXs\n")
    assert main(["rank", "-o", "json", "-s", str(p)]) == 2
    assert json.loads(capsys.readouterr().out)["summary"] is None
    assert main(["rank", "--chunk-rows", "99999999999999999999", str(p)]) == 2
    assert "must be 1 to 1000000000" in capsys.readouterr().err


@pytest.mark.parametrize("outcome", ["+", "a b", "a+"])
def test_malformed_outcome_cells_are_bad_rows(tmp_path, capsys, outcome):
    p = write(tmp_path, "s.csv", f"board,hole_a,hole_b,outcome\n5d6h2h3hJs,4hAc,Ah6s,{outcome}\n")
    assert main(["showdown", str(p)]) == 2
    assert "line 2" in capsys.readouterr().err


def test_showdown_needs_two_players(tmp_path, capsys):
    path = tmp_path / "one.csv"
    path.write_text("board,hole_a\nAs Ks Qs Js Ts,2c 3d\n")
    assert main(["showdown", str(path)]) == 2
    assert "at least two players" in capsys.readouterr().err


def test_eval_unquoted_cards_get_a_quoting_hint(capsys):
    assert main(["eval", "As", "Ks", "Qs", "Js", "Ts"]) == 2
    err = capsys.readouterr().err
    assert "hand 1 ('As')" in err and "hint: quote each hand" in err
