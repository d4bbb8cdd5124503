"""The Omaha high table (tools/gen_omaha_tables.py -> src/handrank/omaha/tables.h)."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations_with_replacement

from handrank import poker
from handrank.omaha import _kernel
from tests.conftest import ROOT

TOOL = os.path.join(ROOT, "tools", "gen_omaha_tables.py")


def test_committed_omaha_table_matches_the_generator():
    r = subprocess.run([sys.executable, TOOL, "--check"], check=False, capture_output=True,
                       text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


def test_generator_check_detects_a_stale_header(tmp_path):
    out = tmp_path / "tables.h"
    with open(os.path.join(ROOT, "src", "handrank", "omaha", "tables.h")) as f:
        out.write_text(f.read().replace("HR_OMAHA_N_PAIRS 91", "HR_OMAHA_N_PAIRS 92", 1))
    r = subprocess.run([sys.executable, TOOL, "--check", "--out", str(out)], check=False,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "stale" in r.stderr


def test_every_table_entry_is_pokers_rank_only_strength():
    """Each triple of board ranks + pair of hole ranks, in every order the kernel
    may meet them, against poker's compiled evaluator on five cards of those
    ranks with no flush (suits spread)."""
    for t in combinations_with_replacement(range(13), 3):
        for p in combinations_with_replacement(range(13), 2):
            ranks = list(t + p)
            if max(ranks.count(r) for r in ranks) > 4:
                assert _kernel.table_entry(*t, *p) == 0
                continue
            ids, used = [], {}
            for r in ranks:
                ids.append(4 * r + used.get(r, 0))
                used[r] = used.get(r, 0) + 1
            if len({c & 3 for c in ids}) == 1:
                ids[0] += 1  # distinct ranks all in suit 0: break the flush
            want = poker.strength(ids)
            assert _kernel.table_entry(*t, *p) == want
            assert _kernel.table_entry(t[2], t[0], t[1], p[1], p[0]) == want
    assert _kernel.table_bytes() == 82_810 + 169 + 4_394
