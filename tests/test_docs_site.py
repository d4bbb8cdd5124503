"""The documentation site (docs/conf.py, Sphinx): every page is in the navigation, the
docstring fix-ups of conf.py turn the docstrings' plain-text layout into valid
reStructuredText, and the Read the Docs config is valid. The build itself, warnings as
errors, is CI's docs step (.ci/run); the pages' Python examples run in test_readme.py."""

import glob
import importlib.util
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")
CONF = os.path.join(DOCS, "conf.py")

if not os.path.exists(CONF):
    pytest.skip("no docs/conf.py here", allow_module_level=True)


@pytest.fixture(scope="module")
def conf(monkeypatch_module):
    monkeypatch_module.setenv("HANDRANK_DOCS_INTERSPHINX", "0")  # no network probe
    spec = importlib.util.spec_from_file_location("handrank_docs_conf", CONF)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def toctree_entries(path):
    """The entries of every ```{toctree} block of a markdown page."""
    text = open(path, encoding="utf-8").read()
    entries = []
    for block in re.findall(r"```\{toctree\}\n(.*?)```", text, re.DOTALL):
        entries += [line.strip() for line in block.splitlines()
                    if line.strip() and not line.startswith(":")]
    return entries


def test_every_page_is_in_the_navigation():
    entries = toctree_entries(os.path.join(DOCS, "index.md"))
    pages = [os.path.relpath(p, DOCS)[:-3].replace(os.sep, "/")
             for p in glob.glob(os.path.join(DOCS, "*.md")) + glob.glob(os.path.join(DOCS, "rules", "*.md"))]
    globs = [re.compile(re.escape(e).replace(r"\*", "[^/]*") + "$") for e in entries if "*" in e]
    orphans = [p for p in pages if p != "index" and p not in entries
               and not any(g.match(p) for g in globs)]
    assert orphans == [], f"pages in no toctree of docs/index.md: {orphans}"


def test_every_api_page_is_listed_and_every_listed_page_exists():
    text = open(os.path.join(DOCS, "api", "index.rst"), encoding="utf-8").read()
    listed = re.findall(r"^   (\w+)$", text, re.MULTILINE)
    files = sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(DOCS, "api", "*.rst")))
    assert sorted(listed + ["index"]) == files


def test_docstring_headings_become_rubrics(conf):
    lines = ["Poker things.", "", "Strength layout", "---------------", "A strength is an int.",
             "", "Not a heading", "--", "   indented", "   ----------"]
    conf._docstring_layout(None, "module", "m", None, None, lines)
    assert lines[:6] == ["Poker things.", "", ".. rubric:: Strength layout", "",
                         "A strength is an int.", ""]
    assert lines[6:] == ["Not a heading", "--", "   indented", "   ----------"]


def test_two_column_lists_become_definition_lists(conf):
    lines = ["``hands``      one hand: strength, evaluate",
             "``showdowns``  compare, showdown and",
             "               showdown_many",
             "",
             ":func:`evaluate_many` ids -> strengths",
             "",
             "``words`` in a sentence that goes on",
             "and ends here."]
    conf._docstring_layout(None, "module", "m", None, None, lines)
    assert lines == ["``hands``", "   one hand: strength, evaluate",
                     "``showdowns``", "   compare, showdown and", "   showdown_many",
                     "",
                     # one space after the name: prose, left alone
                     ":func:`evaluate_many` ids -> strengths",
                     "",
                     "``words`` in a sentence that goes on",
                     "and ends here."]


def test_array_like_signatures_are_shortened(conf):
    import numpy.typing as npt

    pytest.importorskip("sphinx", reason="Sphinx is in the 'docs' extra")
    from sphinx.util.inspect import stringify_annotation

    spelt = stringify_annotation(npt.ArrayLike, "fully-qualified-except-typing")
    sig = f"(strengths: {spelt} | None = None, *, threads: int = 1)"
    short, ret = conf._short_signature(None, "function", "f", None, None, sig, spelt)
    assert short == "(strengths: ~numpy.typing.ArrayLike | None = None, *, threads: int = 1)"
    assert ret == "~numpy.typing.ArrayLike"


@pytest.mark.tools
def test_readthedocs_config_is_valid_and_builds_with_the_docs_extra():
    pytest.importorskip("check_jsonschema", reason="check-jsonschema is in the 'dev' extra")
    path = os.path.join(ROOT, ".readthedocs.yaml")
    proc = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.readthedocs", path], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = open(path, encoding="utf-8").read()
    assert "configuration: docs/conf.py" in text and "- docs" in text
    pyproject = open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8").read()
    extra = re.search(r"^docs = \[(.*?)\]", pyproject, re.MULTILINE | re.DOTALL).group(1)
    assert "sphinx" in extra and "myst-parser" in extra
