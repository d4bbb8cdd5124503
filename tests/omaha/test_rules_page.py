"""docs/rules/omaha.md stays true, as tests/test_rules_pages.py keeps the pages named
after a working page: its page is the two Omaha sections of the working page
poker-variants.md (shared with the other variants' pages), so the comparison is
per section here."""

from __future__ import annotations

import os

from tests.test_rules_pages import (
    RULES,
    TEST_REF,
    defined_functions,
    entries,
    read,
    sections,
    shared_page,
)

PAGE = "omaha.md"
#: Sections of the working page this page covers.
SECTIONS = ("Omaha (high)", "Omaha Hi-Lo (eight or better)")


def test_every_named_test_exists_and_every_decision_names_one():
    text = read(os.path.join(RULES, PAGE))
    refs = TEST_REF.findall(text)
    assert len(refs) >= 5
    missing = [f"{p}::{n}" for p, n in refs
               if not os.path.isfile(os.path.join(os.path.dirname(RULES), "..", p))
               or n not in defined_functions(p)]
    assert not missing, missing
    for heading, body in sections(text).items():
        for entry in entries(body):
            if "[D]" in entry or "[P]" in entry:
                assert TEST_REF.search(entry), f"{heading!r}: a decision names no test:\n{entry}"


def test_same_omaha_sections_and_decisions_as_the_working_page():
    ours = sections(read(os.path.join(RULES, PAGE)))
    theirs = sections(shared_page("poker-variants.md"))
    for heading in SECTIONS:
        assert heading in theirs and heading in ours, heading
        assert ours[heading].count("[D]") == theirs[heading].count("[D]"), heading
