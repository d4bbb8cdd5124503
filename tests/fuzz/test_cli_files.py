"""The command line on malformed files: every file-reading command (``rank``, ``rank
--format uci``, ``showdown``, ``brag rank``, ``canada rank``, ``chinese score``) on
random bytes, truncated and overlong lines, NUL bytes, bad UTF-8, empty files, huge
fields and wrong columns, mixed with good lines.

The property: exit status 0 (a good file, or bad rows skipped with --skip-bad and
reported), 1 (a check failed: a showdown's recorded outcome disagrees) or 2 (bad input);
stderr short (each line cut, at most a screenful), never a traceback. Most runs call
``handrank.cli.main(argv)`` in-process; a few run ``python -m handrank`` to check the
real exit status and standard input.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from handrank.cli import main
from handrank.cli.files import MAX_LINE_BYTES

from .conftest import examples

GOOD = {
    "rank": [b"As Ks Qs Js Ts", b"2c 3d 4h 5s 7c 9d", b"AsKsQsJsTs9c8c", b"# comment", b""],
    "uci": [b"1,10,1,11,1,13,1,12,1,1,9", b"4,2,3,2,1,2,2,2,1,3,3", b"1,1,2,2,3,3,4,4,1,5"],
    "showdown": [b"board,hole_a,hole_b,outcome", b"5d6h2h3hJs,4hAc,Ah6s,a",
                 b"5d6h2h3hJs,5dAc,Ah6s,b", b"As Ks Qs Js Ts,2c 3d,4c 5d,split"],
    "brag": [b"As Ks Qs", b"3c 3d 3h", b"2c3d4h", b"# x"],
    "canada": [b"Ts Js Qs Ks As 2s", b"Ac 3d 5h 7s | Kc 9d", b"2c2d9h9sKcKd"],
    "chinese": [b"table,name,front,middle,back,natural",
                b"1,ann,2c 3d 4h,5s 6c 7d 8h 9s,Tc Jd Qh Kc Ac,",
                b"1,bob,As Ad Kc,2d 2h 3s 3c 4d,5d 6d 7d 8d Td,",
                b'{"players": [{"front": "2c3d4h", "middle": "5s6c7d8h9s", "back": "TcJdQhKcAc"}]}'],
}
COMMANDS = {
    "rank": ["rank"], "uci": ["rank", "--format", "uci"], "showdown": ["showdown"],
    "brag": ["brag", "rank"], "canada": ["canada", "rank"], "chinese": ["chinese", "score"],
}

FRAGMENTS = [b"\x00", b"\xff\xfe", b"\xc3", b"\xe2\x82", b"\r", b",", b",,,,,,,,,,", b"|", b"||",
             b"\t", b"#", b"\xef\xbb\xbf", b"\"", b"'", b"{", b"[", b"]", b"}", b"null", b"-1",
             b"99999999999999999999", b"1e309", b"NaN", "A♠ K♠".encode(), b"\\", b" " * 50]


@st.composite
def files(draw, command):
    """A file body: good lines of the command mixed with mutated and hostile ones."""
    lines = []
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.integers(0, 9))
        good = draw(st.sampled_from(GOOD[command]))
        if kind <= 3:
            lines.append(good)
        elif kind == 4:  # truncated
            lines.append(good[:draw(st.integers(0, max(len(good) - 1, 0)))])
        elif kind == 5:  # a fragment spliced in
            cut = draw(st.integers(0, len(good)))
            lines.append(good[:cut] + draw(st.sampled_from(FRAGMENTS)) + good[cut:])
        elif kind == 6:
            lines.append(draw(st.binary(max_size=40)))
        elif kind == 7:  # a huge field
            n = draw(st.sampled_from([300, 5000, 140_000]))
            lines.append(good + b"," + b"A" * n)
        elif kind == 8:  # wrong columns
            lines.append(b",".join([good] * draw(st.integers(0, 4))))
        else:
            lines.append(draw(st.sampled_from(FRAGMENTS)) * draw(st.integers(1, 3)))
    body = draw(st.sampled_from([b"\n", b"\r\n"])).join(lines)
    if draw(st.integers(0, 3)) == 0:
        body += b"\n"
    return body


def _check(code, out, err):
    assert code in (0, 1, 2), (code, err[-2000:])
    assert "Traceback" not in err, err[-3000:]
    lines = err.splitlines()
    assert len(lines) <= 60, err[-3000:]
    assert all(len(line) <= 1200 for line in lines), max(map(len, lines))
    if code == 2:
        assert err.strip(), "exit 2 with nothing on stderr"


@pytest.mark.parametrize("command", sorted(COMMANDS))
@examples(25)
@given(data=st.data())
def test_malformed_files(command, data, tmp_path_factory, capsys):
    body = data.draw(files(command), label="body")
    path = tmp_path_factory.mktemp("cli") / ("input.csv" if command == "chinese" else "input.txt")
    path.write_bytes(body)
    extra = data.draw(st.sampled_from([[], ["--skip-bad"], ["-o", "json"], ["-o", "csv"]])
                      if command != "chinese" else st.sampled_from([[], ["-o", "json"]]),
                      label="options")
    capsys.readouterr()
    code = main([*COMMANDS[command], *extra, "--no-progress", str(path)]
                if command != "chinese" else [*COMMANDS[command], *extra, str(path)])
    out, err = capsys.readouterr()
    _check(code, out, err)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("body", [b"", b"\n", b"\x00" * 1000, bytes(range(256)) * 8,
                                  b"x" * (MAX_LINE_BYTES + 5), b"\xff" * 70 + b"\n",
                                  b"As Ks Qs Js Ts\n" + b"," * 200_000 + b"\n"],
                         ids=["empty", "newline", "nuls", "bytes", "no-newline", "bad-utf8",
                              "commas"])
def test_hostile_files(command, body, tmp_path, capsys):
    path = tmp_path / "input"
    path.write_bytes(body)
    code = main([*COMMANDS[command], str(path)])
    _check(code, *capsys.readouterr())


@pytest.mark.parametrize("command", ["rank", "showdown", "chinese", "canada"])
def test_standard_input_by_subprocess(command):
    body = b"As Ks Qs Js Ts\n\x00\xff\n" + b"y" * 300_000 + b"\n"
    proc = subprocess.run([sys.executable, "-m", "handrank", *COMMANDS[command], "-"],
                          input=body, capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    err = proc.stderr.decode("utf-8", "replace")
    _check(proc.returncode, proc.stdout.decode("utf-8", "replace"), err)
    assert proc.returncode == 2, err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_endless_input_is_refused_in_bounded_memory(command):
    # a 1.5 GB address-space limit: reading /dev/zero whole would raise MemoryError
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (3 << 29, 3 << 29)); "
            "from handrank.cli import main; sys.exit(main(sys.argv[1:]))")
    proc = subprocess.run([sys.executable, "-c", code, *COMMANDS[command], "/dev/zero"],
                          capture_output=True, timeout=120)
    err = proc.stderr.decode("utf-8", "replace")
    _check(proc.returncode, "", err)
    assert proc.returncode == 2, err
