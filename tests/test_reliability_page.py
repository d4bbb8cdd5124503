"""docs/reliability.md names the tests that hold each promise: each named file exists
and each named test is defined in it (a renamed or deleted test fails here)."""

import ast
import functools
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "reliability.md")


@functools.cache
def defined_functions(path: str) -> frozenset:
    """The names of the functions ``path`` defines (each file parsed once)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    return frozenset(n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))


def test_every_test_the_page_names_exists():
    text = open(PAGE, encoding="utf-8").read()
    refs = re.findall(r"`(tests/[\w/*]+\.py)(?:::(\w+))?`", text)
    assert len(refs) >= 15
    for path, name in refs:
        files = ([os.path.join(ROOT, path)] if "*" not in path else
                 [os.path.join(ROOT, "tests", g, path.split("/")[-1])
                  for g in ("poker", "equity", "brag", "crash", "chinese", "canada", "shortdeck")])
        files = [f for f in files if os.path.exists(f)]
        assert files, f"docs/reliability.md names {path}, which does not exist"
        if name:
            assert name in defined_functions(files[0]), f"{path} defines no {name}"
