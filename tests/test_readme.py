"""README and docs/*.md stay true: their Python examples run as doctests, and CI runs
README's commands."""

import doctest
import glob
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
DOCS = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def run_doctests(path: str) -> doctest.TestResults:
    """Run the ```python blocks of a markdown file as one doctest."""
    text = open(path, encoding="utf-8").read()
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, os.path.basename(path), path, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("path", DOCS, ids=[os.path.basename(p) for p in DOCS])
def test_docs_examples_run(path):
    result = run_doctests(path)
    assert result.failed == 0


def test_readme_examples_run():
    result = run_doctests(README)
    assert result.attempted >= 10
    assert result.failed == 0


def test_ci_runs_the_readme_commands():
    text = open(README, encoding="utf-8").read()
    block = re.search(r"```bash\n(.*?)```", text, re.DOTALL).group(1)
    commands = [line for line in block.splitlines() if line and not line.startswith("#")]
    assert len(commands) == 2, commands
    ci_path = os.path.join(ROOT, ".ci", "run")
    if not os.path.exists(ci_path):
        pytest.skip("no .ci/run here (running from an sdist)")
    ci = open(ci_path, encoding="utf-8").read()
    venv_prefix = "python3 -m venv .venv && . .venv/bin/activate && "
    for cmd in commands:
        assert cmd.startswith(venv_prefix)
        assert cmd[len(venv_prefix):] in ci, f".ci/run does not run README's command: {cmd}"
