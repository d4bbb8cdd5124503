"""README stays true: its Python examples run as doctests, and CI runs its commands."""

import doctest
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")


def test_readme_examples_run():
    text = open(README, encoding="utf-8").read()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "README", README, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 10
    assert result.failed == 0


def test_ci_runs_the_readme_commands():
    text = open(README, encoding="utf-8").read()
    block = re.search(r"```bash\n(.*?)```", text, re.S).group(1)
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
