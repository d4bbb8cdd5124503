#!/usr/bin/env python3
"""Generate ``src/handrank/omaha/tables.h``: the Omaha high table, a direct lookup
of the rank-only strength of two hole ranks + three board ranks.

Rules: ``docs/rules/omaha.md`` (exactly two hole + three board cards, ranked as
``docs/rules/poker.md``). Usage::

    python tools/gen_omaha_tables.py           # (re)write the header
    python tools/gen_omaha_tables.py --check   # exit 1 if the committed header is stale

Layout. An Omaha five is a *pair* of ranks (two hole cards: 91 multisets) and a
*triple* of ranks (three board cards: 455 multisets). ``HR_OMAHA_PAIR_IDX[13 * a +
b]`` is the pair's index 0..90 and ``HR_OMAHA_TRIPLE_OFF[169 * a + 13 * b + c]``
the triple's index times 91, for ranks (0 = deuce .. 12 = ace) in any order, so
``HR_OMAHA_HIGH[triple_off + pair_idx]`` is the strength (poker's 1..7462,
higher = stronger) of those five ranks without a flush; the five cards of a
triple's row sit next to each other (91 ``uint16``, three cache lines), which
the kernel walks pair by pair. Five cards of one rank cannot occur and hold 0.
Flushes are looked up in poker's ``HR_FLUSH``. Memory: 82,810 bytes for the
table, 4,563 for the two index tables.

Strengths are the poker reference's 5-card values (``handrank.poker.reference``,
loaded by path: the header is built before the compiled package exists), in
the order ``tools/gen_poker_tables.py`` numbers them; the tests check every
entry against poker's compiled evaluator.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from itertools import combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/_emit.py, also when loaded by path
from _emit import banner, c_array, c_header, main  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = Path(ROOT, "src", "handrank", "omaha", "tables.h")
TOOL = "gen_omaha_tables.py"
N_PAIRS, N_TRIPLES = 91, 455


def _load_reference():
    path = os.path.join(ROOT, "src", "handrank", "poker", "reference.py")
    spec = importlib.util.spec_from_file_location("handrank_reference_poker", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


ref = _load_reference()


def strengths() -> dict:
    """Every distinct five-card value -> its strength 1..7462 (weakest first)."""
    values = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        values.add(ref.value_of_ranks(list(ranks), flush=False))
        if len(set(ranks)) == 5:
            values.add(ref.value_of_ranks(list(ranks), flush=True))
    ordered = sorted(values)
    assert len(ordered) == 7462, len(ordered)
    return {v: i + 1 for i, v in enumerate(ordered)}


def render(_args=None) -> str:
    strength = strengths()
    pairs = list(combinations_with_replacement(range(13), 2))
    triples = list(combinations_with_replacement(range(13), 3))
    assert len(pairs) == N_PAIRS and len(triples) == N_TRIPLES
    pair_idx = {p: i for i, p in enumerate(pairs)}
    triple_idx = {t: i for i, t in enumerate(triples)}
    table = []
    for t in triples:
        for p in pairs:
            ranks = list(t + p)
            ok = max(ranks.count(r) for r in ranks) <= 4
            table.append(strength[ref.value_of_ranks(ranks, flush=False)] if ok else 0)
    pidx = [pair_idx[tuple(sorted((a, b)))] for a in range(13) for b in range(13)]
    toff = [N_PAIRS * triple_idx[tuple(sorted((a, b, c)))]
            for a in range(13) for b in range(13) for c in range(13)]
    body = "\n\n".join([
        f"#define HR_OMAHA_N_PAIRS {N_PAIRS}\n#define HR_OMAHA_N_TRIPLES {N_TRIPLES}",
        "/* [13 * a + b] -> index 0..90 of the hole ranks a, b (any order). */\n"
        + c_array("uint8_t", "HR_OMAHA_PAIR_IDX", pidx),
        "/* [169 * a + 13 * b + c] -> 91 * index 0..454 of the board ranks a, b, c. */\n"
        + c_array("uint16_t", "HR_OMAHA_TRIPLE_OFF", toff),
        "/* [triple_off + pair_idx] -> rank-only strength of the five (0: five of a rank). */\n"
        + c_array("uint16_t", "HR_OMAHA_HIGH", table),
    ]) + "\n"
    return c_header("HANDRANK_OMAHA_TABLES_H", banner(TOOL), body)


if __name__ == "__main__":
    sys.exit(main(render, OUT, TOOL, "Generate the Omaha high table (src/handrank/omaha/tables.h)."))
