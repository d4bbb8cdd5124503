"""What a release ships says the truth about itself:

* the version comes from one place (``src/handrank/_version.py``), read by setuptools
  without importing the package; ``handrank.__version__``, ``handrank --version`` and
  the installed metadata agree, and ``import handrank`` does not import
  ``importlib.metadata`` (it cost most of the import time);
* the package metadata: a classifier for each Python version the tests run on, the
  operating systems wheels are built for (not "OS Independent" for compiled wheels),
  ``Typing :: Typed`` only with ``py.typed``, the project URLs;
* README's links work on the PyPI page (absolute), CHANGELOG.md has a section for
  the current version and an Unreleased one, CONTRIBUTING.md exists.

Each check has a counterpart showing it can fail.
"""

import ast
import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import pytest

import handrank
from handrank import _version

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
README = ROOT / "README.md"
CHANGELOG = ROOT / "CHANGELOG.md"

if not PYPROJECT.is_file():  # running against an installed wheel without the tree
    pytest.skip("no pyproject.toml beside the tests", allow_module_level=True)


def pyproject():
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------- version

#: PEP 440 public versions, as a release would carry (no local "+..." part).
PEP440 = re.compile(r"\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?")


def test_version_has_one_source():
    project = pyproject()["project"]
    assert "version" not in project, "a static version in pyproject.toml is a second source"
    assert "version" in project.get("dynamic", [])
    attr = pyproject()["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "handrank._version.__version__"
    # setuptools reads the attribute without importing the package only when it is a
    # literal assignment: check the file is one.
    tree = ast.parse(Path(_version.__file__).read_text(encoding="utf-8"))
    values = [n.value.value for n in tree.body
              if isinstance(n, ast.Assign) and [t.id for t in n.targets if isinstance(t, ast.Name)]
              == ["__version__"] and isinstance(n.value, ast.Constant)]
    assert values == [handrank.__version__]
    assert PEP440.fullmatch(handrank.__version__), handrank.__version__


def test_version_check_can_fail():
    assert not PEP440.fullmatch("0.0.0+unknown")
    assert not PEP440.fullmatch("v0.2")


def test_cli_version_is_the_package_version(capsys):
    from handrank.cli import build_parser

    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.split() == ["handrank", handrank.__version__]


def test_installed_metadata_has_the_same_version():
    try:
        installed = importlib.metadata.version("handrank")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("handrank is not installed (running from a source tree)")
    assert installed == handrank.__version__, (
        f"installed metadata says {installed}, _version.py {handrank.__version__}: reinstall "
        "(pip install -e .) after changing the version")


def modules_imported_by(code, cwd):
    """The modules a fresh interpreter imports to run ``code`` (beyond its start-up)."""
    script = ("import sys\nbefore = set(sys.modules)\n" + code
              + "\nprint('\\n'.join(sorted(set(sys.modules) - before)))\n"
              + "print('--', 'importlib.metadata' in before)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=cwd, timeout=120, check=True).stdout.split("\n")
    *mods, preloaded = [line for line in out if line]
    if preloaded == "-- True":
        pytest.skip("importlib.metadata is imported at interpreter start-up here (a .pth file)")
    return set(mods)


def test_import_does_not_load_importlib_metadata(tmp_path):
    mods = modules_imported_by("import handrank", tmp_path)
    assert "handrank.poker" in mods
    assert "importlib.metadata" not in mods, "import handrank imports importlib.metadata"
    # ... nor does asking the version or building the command line
    mods = modules_imported_by("import handrank.cli; handrank.cli.build_parser()", tmp_path)
    assert "importlib.metadata" not in mods


def test_import_check_can_fail(tmp_path):
    assert "importlib.metadata" in modules_imported_by("import handrank, importlib.metadata",
                                                       tmp_path)


# ---------------------------------------------------------------------------- metadata

#: wheels.yml platform -> the classifier saying wheels exist for it.
OS_CLASSIFIERS = {
    "linux": "Operating System :: POSIX :: Linux",
    "macos": "Operating System :: MacOS",
    "windows": "Operating System :: Microsoft :: Windows",
}


def _yaml_load(path):
    # PyYAML (the test extra has it through dask); only the "jobs" mapping is read, so
    # YAML 1.1's reading of the "on:" key does not matter here.
    yaml = pytest.importorskip("yaml", reason="PyYAML comes with the test extra (dask)")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def workflow_matrix():
    """(Python versions tests.yml runs, platforms wheels.yml builds), or a skip."""
    wf_dir = ROOT / ".github" / "workflows"
    if not wf_dir.is_dir():
        pytest.skip("no .github/workflows here (running from an sdist)")
    tests = _yaml_load(wf_dir / "tests.yml")["jobs"]["test"]["strategy"]["matrix"]
    pythons = set(tests["python"]) | {e["python"] for e in tests.get("include", [])}
    wheels = _yaml_load(wf_dir / "wheels.yml")["jobs"]["build_wheels"]["strategy"]["matrix"]
    return pythons, {e["platform"] for e in wheels["include"]}


def classifier_problems(classifiers, requires_python, pythons, platforms, typed):
    """What is wrong with ``classifiers`` given what CI tests and builds."""
    problems = []
    listed = {c.rsplit(" :: ", 1)[1] for c in classifiers
              if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    if listed != pythons:
        problems.append(f"Python classifiers {sorted(listed)} but CI tests {sorted(pythons)}")
    low = re.fullmatch(r">=\s*3\.(\d+)", requires_python)
    if not low or min(int(v.split(".")[1]) for v in pythons) != int(low.group(1)):
        problems.append(f"requires-python {requires_python!r} is not the oldest Python tested")
    if "Operating System :: OS Independent" in classifiers:
        problems.append("'OS Independent' for a package of compiled wheels")
    oses = {c for c in classifiers if c.startswith("Operating System ::")}
    wanted = {OS_CLASSIFIERS[p] for p in platforms}
    if oses != wanted:
        problems.append(f"operating systems {sorted(oses)}, wheels built for {sorted(wanted)}")
    if typed != ("Typing :: Typed" in classifiers):
        problems.append("'Typing :: Typed' must be there exactly when py.typed ships")
    for c in ("Programming Language :: Cython", "Programming Language :: C"):
        if c not in classifiers:
            problems.append(f"missing {c!r}")
    if not any(c.startswith("Development Status ::") for c in classifiers):
        problems.append("no Development Status")
    return problems


def _project_facts():
    project = pyproject()["project"]
    pythons, platforms = workflow_matrix()
    typed = (ROOT / "src" / "handrank" / "py.typed").is_file()
    return project, pythons, platforms, typed


def test_classifiers_say_what_is_built_and_tested():
    project, pythons, platforms, typed = _project_facts()
    assert classifier_problems(project["classifiers"], project["requires-python"], pythons,
                               platforms, typed) == []


BROKEN_CLASSIFIERS = {
    "a tested Python missing": lambda c: [x for x in c if not x.endswith(":: 3.12")],
    "an untested Python": lambda c: [*c, "Programming Language :: Python :: 3.9"],
    "OS Independent": lambda c: [*c, "Operating System :: OS Independent"],
    "no Windows": lambda c: [x for x in c if "Windows" not in x],
    "no Typing :: Typed": lambda c: [x for x in c if x != "Typing :: Typed"],
    "no Development Status": lambda c: [x for x in c if "Development Status" not in x],
}


@pytest.mark.parametrize("name", sorted(BROKEN_CLASSIFIERS))
def test_classifier_check_can_fail(name):
    project, pythons, platforms, typed = _project_facts()
    broken = BROKEN_CLASSIFIERS[name](list(project["classifiers"]))
    assert classifier_problems(broken, project["requires-python"], pythons, platforms, typed)


def test_classifiers_are_known_to_pypi():
    trove = pytest.importorskip("trove_classifiers", reason="PyPI's list of classifiers")
    unknown = sorted(set(pyproject()["project"]["classifiers"]) - set(trove.classifiers))
    assert not unknown, f"PyPI rejects unknown classifiers: {unknown}"


def test_project_urls():
    urls = pyproject()["project"]["urls"]
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)
    for name, url in urls.items():
        assert url.startswith("https://"), (name, url)
    assert urls["Changelog"].endswith("/CHANGELOG.md")


# ------------------------------------------------------------------------ README, docs

#: Markdown inline links and images ``[text](target)`` / ``![alt](target)``, reference
#: definitions ``[name]: target``, and HTML ``href=`` / ``src=`` attributes.
LINK_PATTERNS = (re.compile(r"\]\(\s*<?([^)\s>]+)"),
                 re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?\s*$", re.M),
                 re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']"""))


def relative_links(markdown):
    """Link targets that would break on the PyPI page: everything but absolute
    http(s)/mailto URLs and in-page anchors. Code blocks and inline code (commands with
    ``../shared`` paths) are not links."""
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    found = [m.group(1) for p in LINK_PATTERNS for m in p.finditer(text)]
    return [t for t in found if not re.match(r"(https?://|mailto:|#)", t)]


def test_readme_links_are_absolute():
    bad = relative_links(README.read_text(encoding="utf-8"))
    assert not bad, f"README links that break on PyPI (make them absolute): {bad}"


def test_relative_link_check_can_fail():
    sample = ("See [the guide](docs/poker.md), ![logo](img/logo.png), <a href='x.html'>x</a>\n"
              "[ref]: docs/ref.md\n"
              "Fine: [abs](https://github.com/x), [top](#install), `[code](not/a/link)`\n"
              "```bash\nhandrank rank ../shared/data/x.csv\n```\n")
    assert relative_links(sample) == ["docs/poker.md", "img/logo.png", "docs/ref.md", "x.html"]


def changelog_problems(text, version):
    problems = []
    if not re.search(r"^## \[Unreleased\]", text, re.M):
        problems.append("no '## [Unreleased]' section")
    if not re.search(rf"^## \[{re.escape(version)}\] - \d{{4}}-\d\d-\d\d$", text, re.M):
        problems.append(f"no '## [{version}] - YYYY-MM-DD' section for the current version")
    headings = re.findall(r"^## \[([^\]]+)\]", text, re.M)
    releases = [h for h in headings if h != "Unreleased"]
    as_tuples = [tuple(int(x) for x in re.findall(r"\d+", h)) for h in releases]
    if as_tuples != sorted(as_tuples, reverse=True):
        problems.append(f"releases not newest first: {releases}")
    return problems


def test_changelog():
    if not CHANGELOG.is_file():
        pytest.fail("CHANGELOG.md is missing")
    text = CHANGELOG.read_text(encoding="utf-8")
    assert changelog_problems(text, handrank.__version__) == []
    assert "## [0.1.0]" in text, "the changelog starts at 0.1.0"


def test_changelog_check_can_fail():
    text = CHANGELOG.read_text(encoding="utf-8")
    assert changelog_problems(text, "9.9.9")
    assert changelog_problems(text.replace("## [Unreleased]", "## Next"), handrank.__version__)
    swapped = "## [Unreleased]\n## [0.1.0] - 2026-11-29\n## [0.2.0] - 2026-11-30\n"
    assert changelog_problems(swapped, "0.2.0")


def test_contributing_guide_exists():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for topic in ("--check", "pytest", "-m slow", "-m fuzz", "sanitize", "docs/architecture.md",
                  "deprecat", "CHANGELOG.md"):
        assert topic in text, f"CONTRIBUTING.md says nothing about {topic!r}"
