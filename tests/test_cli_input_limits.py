"""File commands on hostile input: one clear line and exit status 2, memory bounded."""

import sys

import pytest

from handrank.cli import main
from handrank.cli.files import MAX_LINE_BYTES


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_line_without_newline_is_refused_not_read_whole(tmp_path, capsys):
    path = tmp_path / "zeros"
    path.write_bytes(b"x" * (MAX_LINE_BYTES + 10))
    code, _, err = _run(capsys, "rank", str(path))
    assert code == 2 and "line 1 is longer than 1,048,576 bytes" in err
    assert "Traceback" not in err and len(err) < 300


def test_a_long_line_after_good_ones_is_numbered(tmp_path, capsys):
    path = tmp_path / "hands.txt"
    path.write_bytes(b"As Ks Qs Js Ts\n" * 3 + b"x" * (MAX_LINE_BYTES + 1))
    code, _, err = _run(capsys, "rank", str(path))
    assert code == 2 and "line 4 is longer" in err


def test_a_line_at_the_limit_is_read(tmp_path, capsys):
    path = tmp_path / "hands.txt"
    line = b"As Ks Qs Js Ts" + b" " * (MAX_LINE_BYTES - 15) + b"\n"
    assert len(line) == MAX_LINE_BYTES
    path.write_bytes(line)
    code, out, _ = _run(capsys, "rank", "--summary-only", str(path))
    assert code == 0 and "Royal flush" in out


@pytest.mark.parametrize("argv", [["rank", "-"], ["showdown", "-"], ["chinese", "score", "-"]])
def test_closed_standard_input(monkeypatch, capsys, argv):
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = _run(capsys, *argv)
    assert code == 2 and "standard input" in err and "closed" in err
    assert "Traceback" not in err


def test_a_huge_header_is_quoted_in_part(tmp_path, capsys):
    path = tmp_path / "showdowns.csv"
    path.write_text("y" * 500_000 + "\n")
    code, _, err = _run(capsys, "showdown", str(path))
    assert code == 2 and "(500,000 characters)" in err and len(err) < 600


def test_a_csv_field_over_the_csv_limit(tmp_path, capsys):
    path = tmp_path / "tables.csv"
    path.write_text("table,name,front,middle,back,natural\n"
                    "1,ann," + "A" * 200_000 + ",5s 6c 7d 8h 9s,Tc Jd Qh Kc Ac,\n")
    code, _, err = _run(capsys, "chinese", "score", str(path))
    assert code == 2 and "malformed CSV" in err and "Traceback" not in err


def test_a_document_over_the_limit_is_refused(tmp_path, capsys, monkeypatch):
    # chinese score reads its JSON/CSV whole: /dev/zero ran out of memory (MemoryError
    # traceback); now at most MAX_DOCUMENT_BYTES are read
    from handrank.cli import files
    monkeypatch.setattr(files, "MAX_DOCUMENT_BYTES", 1000)
    path = tmp_path / "tables.json"
    path.write_text("[" + " " * 2000 + "]")
    code, _, err = _run(capsys, "chinese", "score", str(path))
    assert code == 2 and "larger than 1,000 bytes" in err and "Traceback" not in err
    path.write_text("[" + " " * 900 + "]")
    code, _, err = _run(capsys, "chinese", "score", str(path))
    assert "larger than" not in err


def test_a_document_that_is_not_utf8(tmp_path, capsys):
    path = tmp_path / "tables.csv"
    path.write_bytes(b"table,name,front\n\xff\xfe\n")
    code, _, err = _run(capsys, "chinese", "score", str(path))
    assert code == 2 and "not UTF-8 text" in err and "at byte 17" in err


def test_a_huge_uci_field_is_quoted_in_part(tmp_path, capsys):
    # the bad field was echoed whole (a 5,000-character line on stderr)
    path = tmp_path / "hands.data"
    path.write_text("1,10,1,11,1,13,1,12,1,1,9\n1,1,2,2,3,3,4,4,1,5," + "A" * 5000 + "\n")
    code, _, err = _run(capsys, "rank", "--format", "uci", str(path))
    assert code == 2 and "field 11 (CLASS)" in err and "(5,000 characters)" in err
    assert max(map(len, err.splitlines())) < 300


def test_a_huge_showdown_outcome_is_quoted_in_part(tmp_path, capsys):
    path = tmp_path / "showdowns.csv"
    path.write_text("board,hole_a,hole_b,outcome\n5d6h2h3hJs,4hAc,Ah6s," + "z" * 5000 + "\n")
    code, _, err = _run(capsys, "showdown", str(path))
    assert code == 2 and "is not a player" in err and "(5,000 characters)" in err
    assert max(map(len, err.splitlines())) < 300
