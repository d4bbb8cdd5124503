"""The compiled text scanner of ``handrank rank`` (handrank._text._kernel.scan_lines) and
the reader on it (cli.files.read_text_hands): same hands, lines and messages as the
Python path (cli.files.read_chunks + parse_text_chunk)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank._text._kernel import OTHER, SKIP, scan_lines
from handrank.cli.files import (
    InputError,
    InputFile,
    parse_text_chunk,
    read_chunks,
    read_text_hands,
)
from handrank.errors import ArrayShapeError


def _scan(data: bytes, eof: bool = True, cap: int = 64):
    out = np.zeros((cap, 7), np.uint8)
    status = np.zeros(cap, np.int8)
    starts = np.zeros(cap + 1, np.int64)
    n, end = scan_lines(data, 0, eof, out, status, starts)
    return n, end, out[:n], status[:n], starts[:n + 1]


def test_scanner_reads_the_common_forms_and_leaves_the_rest():
    data = (b"As Kd Qh Jc Tc\n# comment\n\n  AsKdQhJcTc9s8s \r\nAs As Kd Qh Jc\n"
            b"10d 9d 8d 7d 6d\nas kd qh jc tc\nAs  Kd Qh Jc Tc\nAs Kd Qh Jc\nAsKd")
    n, end, out, status, starts = _scan(data, eof=False)
    assert n == 9 and end == data.rindex(b"\n") + 1  # the last line waits for more
    assert status.tolist() == [5, SKIP, SKIP, 7, OTHER, OTHER, OTHER, OTHER, OTHER]
    assert out[0, :5].tolist() == [51, 45, 42, 36, 32]
    assert out[3].tolist() == [51, 45, 42, 36, 32, 31, 27]
    assert starts[:3].tolist() == [0, 15, 25]
    n, end, *_ = _scan(data, eof=True)
    assert n == 10 and end == len(data)
    with pytest.raises(ArrayShapeError):
        scan_lines(data, len(data) + 1, True, np.zeros((2, 7), np.uint8), np.zeros(2, np.int8),
                   np.zeros(3, np.int64))
    with pytest.raises(ArrayShapeError):
        scan_lines(data, 0, True, np.zeros((2, 7), np.uint8), np.zeros(2, np.int8),
                   np.zeros(2, np.int64))
    assert scan_lines(b"", 0, True, np.zeros((2, 7), np.uint8), np.zeros(2, np.int8),
                      np.zeros(3, np.int64)) == (0, 0)


def _both(data: bytes, chunk_rows: int):
    """(lines, hands, bad) of the fast reader and of the Python path."""
    fast_lines, fast_hands, fast_bad = [], [], []
    for b in read_text_hands(InputFile("f", io.BytesIO(data), None, False), chunk_rows):
        fast_lines += list(np.asarray(b.lines).tolist())
        fast_hands += [list(h) for h in (b.hands.tolist() if isinstance(b.hands, np.ndarray)
                                         else b.hands)]
        fast_bad += [str(x) for x in b.bad]
    slow_lines, slow_hands, slow_bad = [], [], []
    for chunk in read_chunks(InputFile("f", io.BytesIO(data), None, False), chunk_rows):
        good, bad = parse_text_chunk(chunk)
        slow_lines += good.lines
        slow_hands += good.hands
        slow_bad += [str(x) for x in bad]
    return (fast_lines, fast_hands, fast_bad), (slow_lines, slow_hands, slow_bad)


TOKENS = ["As", "Kd", "Qh", "Jc", "Tc", "9s", "2c", "7h", "10d", "as", "Xx", "A♠", "#", " ", "",
          "\t", "\r", "Ks", "Kd"]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.sampled_from(TOKENS), max_size=9).map(
    lambda ts: " ".join(ts) if len(ts) % 3 else "".join(ts)), max_size=12),
    st.integers(1, 5), st.booleans(), st.booleans())
def test_fast_reader_agrees_with_the_python_path(lines, chunk_rows, crlf, bom):
    data = (b"\xef\xbb\xbf" if bom else b"") + ("\r\n" if crlf else "\n").join(lines).encode()
    fast, slow = _both(data, chunk_rows)
    assert fast == slow


def test_mixed_sizes_fallback_order_bad_utf8_and_long_lines():
    data = (b"As Kd Qh Jc Tc\n10d 9d 8d 7d 6d\n\xff\xfe\nAsKdQhJcTc9s\nAs Kd Qh Jc Xx\n"
            b"A\xe2\x99\xa0 K\xe2\x99\xa0 Q\xe2\x99\xa0 J\xe2\x99\xa0 T\xe2\x99\xa0\n")
    fast, slow = _both(data, 100)
    assert fast == slow
    assert fast[0] == [1, 2, 4, 6]
    assert fast[2][0] == "line 3: not valid UTF-8 text" and fast[2][1].startswith("line 5:")
    long = b"As Kd Qh Jc Tc\n" + b"A" * (1 << 20) + b"\n"
    with pytest.raises(InputError, match="line 2 is longer than 1,048,576 bytes"):
        list(read_text_hands(InputFile("f", io.BytesIO(long), None, False), 10))
    with pytest.raises(InputError, match="line 1 is longer"):
        list(read_text_hands(InputFile("f", io.BytesIO(b"\0" * (3 << 20)), None, False), 10))
