"""The committed lookup tables are exactly what the generator produces, and small."""

import os
import subprocess
import sys

import pytest

from handrank.poker import _kernel as _poker

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.slow  # regenerates every table in pure Python (seconds); CI's slow step
def test_committed_poker_tables_match_generator():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_poker_tables.py"), "--check"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


@pytest.mark.slow  # regenerates every table in pure Python (seconds); CI's slow step
def test_generator_check_detects_a_stale_header(tmp_path):
    # Run the generator's check against a tampered copy of the tree.
    import shutil
    tree = tmp_path / "tree"
    shutil.copytree(os.path.join(ROOT, "tools"), tree / "tools")
    shutil.copytree(os.path.join(ROOT, "src"), tree / "src",
                    ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__", "*.egg-info"))
    header = tree / "src" / "handrank" / "poker" / "tables.h"
    text = header.read_text()
    header.write_text(text.replace("HR_FLUSH[8192] = {\n    0,", "HR_FLUSH[8192] = {\n    1,", 1))
    assert header.read_text() != text
    r = subprocess.run([sys.executable, str(tree / "tools" / "gen_poker_tables.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "stale" in r.stderr


def test_table_memory_under_one_megabyte():
    assert _poker.table_bytes() <= 1_000_000
    assert _poker.NUM_STRENGTHS == 7462
