"""The rules pages (docs/rules/*.md) stay true: every test they name exists, every
decision of the working rules pages (docs/rules/*.md) has its entry, and the
source distribution ships them.

A page names a test as ``tests/<game>/<file>.py::<test_name>``; renaming or deleting
that test fails here until the page is updated. Each **[D]** (a decision on a
working rules page) and **[P]** (a project choice where the page is silent) entry
must name at least one test. The comparison with ``../shared/rules`` is skipped
when the shared folder is absent (an sdist), and fails instead when
``HANDRANK_REQUIRE_DATA=1`` (as ``tests/conftest.py`` does for the data tests).
"""

from __future__ import annotations

import ast
import os
import re
from functools import cache

import pytest

from tests.conftest import REQUIRE_DATA, ROOT, SHARED

RULES = os.path.join(ROOT, "docs", "rules")
SHARED_RULES = os.path.join(SHARED, "rules")
#: The working rules pages the project implements (poker-variants.md: in part, see PART_OF).
IMPLEMENTED = ("poker.md", "brag-and-crash.md", "chinese-poker.md", "broken-canada.md",
               "lowball.md", "omaha.md", "shortdeck.md", "stud.md")
#: Our pages that cover part of a working page: (working page, its sections we follow).
PART_OF = {"lowball.md": ("poker-variants.md", ("Lowball",)),
           "omaha.md": ("poker-variants.md", ("Omaha (high)", "Omaha Hi-Lo (eight or better)")),
           "shortdeck.md": ("poker-variants.md", ("Short deck (6+) Hold'em",)),
           "stud.md": ("poker-variants.md", ("Seven-card stud",))}
PAGES = sorted(f for f in os.listdir(RULES) if f.endswith(".md")) if os.path.isdir(RULES) else []

#: ``tests/<dirs>/<file>.py::<function>`` as the pages write it.
TEST_REF = re.compile(r"\b(tests/[A-Za-z0-9_/]+\.py)::([A-Za-z_][A-Za-z0-9_]*)")
#: A list item (``- ...`` or ``1. ...``) starting at the left margin.
ITEM = re.compile(r"^(?:[-*]|\d+\.)\s")


def read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


@cache
def defined_functions(relpath: str) -> frozenset[str]:
    """Names of the module-level functions defined in a test file."""
    tree = ast.parse(read(os.path.join(ROOT, relpath)), relpath)
    return frozenset(n.name for n in tree.body
                     if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))


def sections(text: str) -> dict[str, str]:
    """``## heading`` -> the section's text (up to the next ``## ``); the text
    before the first heading (the page's introduction) is left out."""
    parts = re.split(r"^## +(.+?) *$", text, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def entries(text: str) -> list[str]:
    """Paragraphs and list items (with their indented continuation lines)."""
    out: list[str] = []
    cur: list[str] = []
    for line in text.splitlines():
        if not line.strip() or ITEM.match(line):
            if cur:
                out.append("\n".join(cur))
            cur = [line] if line.strip() else []
        else:
            cur.append(line)
    if cur:
        out.append("\n".join(cur))
    return out


def shared_page(page: str) -> str:
    if page in PART_OF:  # only the sections our page follows
        whole, wanted = PART_OF[page]
        return "".join(f"## {h}\n{b}" for h, b in sections(shared_page(whole)).items()
                       if h in wanted)
    path = os.path.join(SHARED_RULES, page)
    if not os.path.isfile(path):
        if REQUIRE_DATA:
            pytest.fail(f"working rules page {path} not found (HANDRANK_REQUIRE_DATA is set)")
        pytest.skip(f"working rules page {path} not found")
    return read(path)


# =========================================================================== the pages


def test_every_implemented_game_has_a_page_and_the_index_lists_them():
    assert set(IMPLEMENTED) <= set(PAGES), f"missing docs/rules pages: {set(IMPLEMENTED) - set(PAGES)}"
    index = read(os.path.join(RULES, "README.md"))
    linked = set(re.findall(r"\]\(([^)#]+\.md)\)", index))
    assert linked == set(PAGES) - {"README.md"}, linked


@pytest.mark.parametrize("page", IMPLEMENTED)
def test_every_named_test_exists(page):
    refs = TEST_REF.findall(read(os.path.join(RULES, page)))
    assert len(refs) >= 5, f"{page} names only {len(refs)} tests"
    missing = []
    for path, name in refs:
        if not os.path.isfile(os.path.join(ROOT, path)):
            missing.append(f"{path} (no such file)")
        elif name not in defined_functions(path):
            missing.append(f"{path}::{name} (no such test)")
    assert not missing, f"docs/rules/{page} names tests that do not exist: {missing}"


@pytest.mark.parametrize("page", IMPLEMENTED)
def test_every_decision_entry_names_a_test(page):
    text = read(os.path.join(RULES, page))
    for heading, body in sections(text).items():
        for entry in entries(body):
            if "[D]" in entry or "[P]" in entry:
                assert TEST_REF.search(entry), (
                    f"docs/rules/{page}, section {heading!r}: a decision names no test:\n{entry}")


def test_decision_counter_sees_every_marker():
    """The helpers above find each marker once, wherever it sits in an item."""
    text = ("intro [D]\n\n## One\n\ntext\n\n- **[D]** first\n  Test: `tests/a.py::test_x`.\n"
            "- **[P]** second,\n  no test\n\n## Two\n\n1. **[D]** third `tests/b.py::test_y`\n")
    secs = sections(text)
    assert list(secs) == ["One", "Two"]
    items = [e for body in secs.values() for e in entries(body) if "[D]" in e or "[P]" in e]
    assert len(items) == 3
    assert [bool(TEST_REF.search(e)) for e in items] == [True, False, True]


# =========================================================================== vs ../shared/rules


@pytest.mark.parametrize("page", IMPLEMENTED)
def test_same_sections_as_the_working_page(page):
    ours = sections(read(os.path.join(RULES, page)))
    theirs = sections(shared_page(page))
    missing = [h for h in theirs if h not in ours]
    assert not missing, f"docs/rules/{page} lacks the sections {missing} of docs/rules/{page}"


@pytest.mark.parametrize("page", IMPLEMENTED)
def test_every_decision_of_the_working_page_has_an_entry(page):
    """Per section, as many [D] entries here as [D] markers on the working page."""
    ours = sections(read(os.path.join(RULES, page)))
    theirs = sections(shared_page(page))
    for heading, body in theirs.items():
        want = body.count("[D]")
        got = ours.get(heading, "").count("[D]")
        assert got == want, (f"section {heading!r}: docs/rules/{page} marks {want} "
                             f"decision(s) [D], docs/rules/{page} has {got}")


# =========================================================================== packaging


def test_manifest_ships_the_rules_pages_and_the_architecture():
    """MANIFEST.in puts docs/rules/*.md and docs/architecture.md in the sdist
    (checked with setuptools' own template reader, without building anything)."""
    FileList = pytest.importorskip("setuptools.command.egg_info").FileList
    wanted = [f"docs/rules/{p}" for p in PAGES] + ["docs/architecture.md"]
    assert os.path.isfile(os.path.join(ROOT, "docs", "architecture.md"))
    files = FileList()
    files.allfiles = wanted + ["docs/rules/notes.txt", "src/handrank/cards.py"]
    for line in read(os.path.join(ROOT, "MANIFEST.in")).splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            files.process_template_line(line)
    shipped = set(files.files)
    assert set(wanted) <= shipped, sorted(set(wanted) - shipped)
