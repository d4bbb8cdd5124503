"""Sphinx configuration of the handrank documentation site.

Build (what ``.ci/run`` and Read the Docs run, warnings are errors)::

    pip install -e ".[docs]"
    python -m sphinx -W --keep-going -b html docs docs/_build/html

The guides and rules pages are the markdown files of ``docs/`` (read by
myst-parser); the API reference (``docs/api/``) is autodoc over the installed
package, so the compiled kernels must be built (an editable install does that).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

try:  # the installed package (compiled kernels); else the source tree, if built in place
    import handrank
except ImportError:  # pragma: no cover - depends on how the docs are built
    sys.path.insert(0, str(ROOT / "src"))
    import handrank

# -- Project -------------------------------------------------------------------------------

project = "handrank"
author = "handrank developers"
copyright = "handrank developers"  # noqa: A001 - Sphinx's name
release = handrank.__version__
version = ".".join(release.split(".")[:2])

# -- General -------------------------------------------------------------------------------

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "examples", "Thumbs.db", ".DS_Store"]
# Literal blocks without a language (a docstring's "::" block, a bare ``` fence) are
# layouts and formulas, not Python; ">>>" sessions and ```python fences still highlight.
highlight_language = "text"
templates_path: list[str] = []
nitpicky = False

# -- Markdown (myst-parser) ----------------------------------------------------------------

# "#what-it-costs" style links between and inside the guides.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence"]

# -- API reference (autodoc) ---------------------------------------------------------------

autodoc_default_options = {
    "members": True,
    # a package's __all__ is its public API: list every name of it, the module constants
    # (documented by a "#:" comment where they are defined) too
    "undoc-members": True,
    "member-order": "bysource",
    "show-inheritance": True,
}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
# Docstrings are plain prose with a few Google-style "Attributes:" blocks; :ivar: keeps
# those from describing a dataclass field twice.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True

_RULE = re.compile(r"[-=~^]{3,}")
#: A line of a two-column list: ``name`` (or :role:`name`), two or more spaces, the words.
_TERM = re.compile(r"^(?P<term>(?::\w+:)?``?[^`]+``?)\s+(?P<text>\S.*)$")


def _headings(lines: list[str]) -> list[str]:
    """Underlined headings ("Strength layout" over a row of dashes) -> rubrics: a section
    title inside an autodoc directive is an error."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        title = lines[i]
        rule = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if (title.strip() and not title[0].isspace() and _RULE.fullmatch(rule)
                and len(rule) >= len(title.strip()) and (not out or not out[-1].strip())):
            out += [f".. rubric:: {title.strip()}", ""]
            i += 2
        else:
            out.append(title)
            i += 1
    return out


def _column_lists(lines: list[str]) -> list[str]:
    """Two-column lists, a name then its words, the words' overflow indented under them
    (the "Modules" block of a package docstring) -> definition lists, which rST reads."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j].strip():
            j += 1
        block = lines[i:j]
        m = _TERM.match(block[0]) if block else None
        if m and m.start("text") - m.end("term") >= 2:
            col = m.start("text")
            items: list[list[str]] = []
            for line in block:
                t = _TERM.match(line)
                if t and t.start("text") == col:
                    items.append([t.group("term"), t.group("text")])
                elif items and len(line) - len(line.lstrip()) == col:
                    items[-1].append(line.strip())
                else:
                    items = []
                    break
            if items and (len(items) > 1 or len(block) > 1):
                for term, *words in items:
                    out += [term] + ["   " + w for w in words]
                i = j
                continue
        if not block:
            out.append(lines[i])
            i += 1
        else:
            out += block
            i = j
    return out


#: numpy.typing.ArrayLike as autodoc spells it out; signatures show the short name instead.
#: (autodoc_type_aliases would do it, but prints an alias inside a union or a Sequence[...]
#: as "TypeAliasForwardRef(...)".)
_Q = r"~?(?:\w+\.)*"  # a qualified name's module path, as autodoc writes it
_ARRAY_LIKE = re.compile(
    rf"{_Q}_Buffer \| {_Q}_SupportsArray\[{_Q}dtype\[{_Q}Any\]\] \| "
    rf"{_Q}_NestedSequence\[{_Q}_SupportsArray\[{_Q}dtype\[{_Q}Any\]\]\] \| "
    rf"complex \| bytes \| str \| {_Q}_NestedSequence\[complex \| bytes \| str\]")


def _short_signature(app, what, name, obj, options, signature, return_annotation):
    """Signatures say ``ArrayLike`` rather than the eight-part union behind it."""
    if signature:
        signature = _ARRAY_LIKE.sub("~numpy.typing.ArrayLike", signature)
    if return_annotation:
        return_annotation = _ARRAY_LIKE.sub("~numpy.typing.ArrayLike", return_annotation)
    return signature, return_annotation


def _docstring_layout(app, what, name, obj, options, lines):
    """Make the docstrings' plain-text layout (headings, aligned two-column lists) valid
    reStructuredText, so the source keeps reading well in ``help()``."""
    lines[:] = _column_lists(_headings(lines))


# -- Cross-references to Python and numpy --------------------------------------------------

# Read the Docs and a machine on the internet fetch the inventories. A machine that
# reaches no documentation site (this project's CI machine reaches the package registries
# only) builds without them: links to the standard library and numpy become plain text
# instead of failing the build. HANDRANK_DOCS_INTERSPHINX=1 insists, =0 never fetches.
INTERSPHINX = {
    "python": ("https://docs.python.org/3", None),
    "numpy": ("https://numpy.org/doc/stable", None),
}


def _online(host: str = "docs.python.org") -> bool:
    import socket

    try:
        socket.create_connection((host, 443), timeout=3).close()
    except OSError:
        return False
    return True


_want = os.environ.get("HANDRANK_DOCS_INTERSPHINX", "auto")
if _want == "1" or (_want == "auto" and _online()):
    intersphinx_mapping = INTERSPHINX
else:
    intersphinx_mapping = {}
    print("handrank docs: no intersphinx (offline or HANDRANK_DOCS_INTERSPHINX=0): "
          "links to Python and numpy stay plain text")
intersphinx_timeout = 10

# -- HTML ----------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"handrank {release}"
html_static_path: list[str] = []
html_show_sourcelink = False


def setup(app):
    app.connect("autodoc-process-docstring", _docstring_layout, priority=400)
    app.connect("autodoc-process-signature", _short_signature)
