"""Offline checks of the CI configuration.

* every file in .github/workflows validates against the GitHub workflow JSON schema
  vendored in check-jsonschema (and every job has a timeout);
* the workflows do what they are meant to (triggers, runners, commands); the
  sanitizer and fuzz jobs run the same commands as the matching steps of .ci/run;
* cibuildwheel, reading [tool.cibuildwheel] of pyproject.toml, selects exactly the
  intended wheels: CPython 3.10 up to the newest release it knows and free-threaded
  CPython from 3.14 (cp314t, ...), x86-64 and arm64 on Linux, macOS and Windows; no
  PyPy, no 32-bit builds;
* wheels.yml publishes to PyPI only from a version tag, only after the wheel and sdist
  jobs, with trusted publishing (an ``id-token: write`` permission, the ``pypi``
  environment, no stored token) and every artifact downloaded.

Each check has a counterpart proving it can fail (broken workflows, selections with
the skips removed).
"""

import json
import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

#: check-jsonschema and cibuildwheel are in the dev extra; the "tools" tests run with
#: ``pytest -m tools`` (docs/testing.md).
pytestmark = pytest.mark.tools

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW_DIR = ROOT / ".github" / "workflows"
WORKFLOWS = sorted([*WORKFLOW_DIR.glob("*.yml"), *WORKFLOW_DIR.glob("*.yaml")])

if not WORKFLOW_DIR.is_dir():  # e.g. tests run from an unpacked sdist
    pytest.skip(f"no {WORKFLOW_DIR} in this tree", allow_module_level=True)


def _yaml():
    yaml = pytest.importorskip("ruamel.yaml", reason="ruamel.yaml comes with check-jsonschema")
    return yaml.YAML(typ="safe", pure=True)  # YAML 1.2: `on` stays a string key


def load(name):
    return _yaml().load((WORKFLOW_DIR / name).read_text(encoding="utf-8"))


def pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- schema


def check_jsonschema(path, schema):
    pytest.importorskip("check_jsonschema", reason="check-jsonschema is in the 'dev' extra")
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, str(path)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )


def test_expected_workflows_exist():
    names = {p.name for p in WORKFLOWS}
    assert {"wheels.yml", "tests.yml"} <= names, names


@pytest.mark.parametrize("schema", ["vendor.github-workflows", "custom.github-workflows-require-timeout"])
@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_matches_schema(path, schema):
    proc = check_jsonschema(path, schema)
    assert proc.returncode == 0, f"{path.name} fails {schema}:\n{proc.stdout}{proc.stderr}"


GOOD = {
    "name": "ok",
    "on": {"push": None},
    "jobs": {
        "build": {
            "runs-on": "ubuntu-24.04",
            "timeout-minutes": 5,
            "steps": [{"uses": "actions/checkout@v6"}, {"run": "echo hi"}],
        }
    },
}


def _broken(mutate):
    wf = json.loads(json.dumps(GOOD))
    mutate(wf)
    return wf


BROKEN = {
    "no jobs": _broken(lambda wf: wf.pop("jobs")),
    "no trigger": _broken(lambda wf: wf.pop("on")),
    "unknown event": _broken(lambda wf: wf.update({"on": {"git_push": None}})),
    "job without runs-on": _broken(lambda wf: wf["jobs"]["build"].pop("runs-on")),
    "misspelt key": _broken(lambda wf: wf["jobs"]["build"].update({"runs_on": "x"})),
    "steps not a list": _broken(lambda wf: wf["jobs"]["build"].update({"steps": {"run": "x"}})),
    "matrix not a mapping": _broken(lambda wf: wf["jobs"]["build"].update({"strategy": {"matrix": 3}})),
}


def test_good_workflow_dict_passes(tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(GOOD))
    proc = check_jsonschema(path, "vendor.github-workflows")
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_workflow_dict_fails(tmp_path, name):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(BROKEN[name]))
    proc = check_jsonschema(path, "vendor.github-workflows")
    assert proc.returncode != 0, f"schema accepted a workflow with {name}"
    assert "Schema validation errors" in proc.stdout + proc.stderr, proc.stdout + proc.stderr


def test_job_without_timeout_fails(tmp_path):
    wf = _broken(lambda wf: wf["jobs"]["build"].pop("timeout-minutes"))
    path = tmp_path / "no-timeout.json"
    path.write_text(json.dumps(wf))
    proc = check_jsonschema(path, "custom.github-workflows-require-timeout")
    assert proc.returncode != 0
    assert "timeout-minutes" in proc.stdout + proc.stderr, proc.stdout + proc.stderr


# ------------------------------------------------------------------ workflow content


def _steps(job):
    return job.get("steps", [])


def _runs(job):
    return "\n".join(s.get("run", "") for s in _steps(job))


def _uses(job):
    return [s["uses"] for s in _steps(job) if "uses" in s]


WHEEL_TARGETS = {  # (platform, CIBW_ARCHS) -> acceptable native runners
    ("linux", "x86_64"): {"ubuntu-latest", "ubuntu-24.04", "ubuntu-22.04"},
    ("linux", "aarch64"): {"ubuntu-24.04-arm", "ubuntu-22.04-arm"},
    ("macos", "x86_64"): {"macos-15-intel", "macos-13"},
    ("macos", "arm64"): {"macos-14", "macos-15", "macos-latest"},
    ("windows", "AMD64"): {"windows-latest", "windows-2022", "windows-2025"},
    ("windows", "ARM64"): {"windows-11-arm"},
}


def wheel_matrix():
    job = load("wheels.yml")["jobs"]["build_wheels"]
    return job, job["strategy"]["matrix"]["include"]


def test_wheels_triggers():
    on = load("wheels.yml")["on"]
    assert {"push", "release", "workflow_dispatch", "pull_request"} <= set(on)
    assert on["push"].get("tags"), "wheels must be built for tags"
    assert set(on["push"]) == {"tags"}, "not on every branch push"
    paths = on["pull_request"]["paths"]
    for build_file in ("pyproject.toml", "setup.py", ".github/workflows/wheels.yml"):
        assert build_file in paths
    assert any(p.endswith(".pyx") for p in paths)


def test_wheels_matrix_builds_every_target_natively():
    job, include = wheel_matrix()
    assert job["runs-on"] == "${{ matrix.os }}"
    seen = {}
    for entry in include:
        key = (entry["platform"], entry["arch"])
        assert key in WHEEL_TARGETS, f"unexpected target {key}"
        assert entry["os"] in WHEEL_TARGETS[key], f"{key} should run natively, not on {entry['os']}"
        seen[key] = entry["os"]
    assert set(seen) == set(WHEEL_TARGETS), f"missing targets: {set(WHEEL_TARGETS) - set(seen)}"
    assert len(include) == len(WHEEL_TARGETS), "duplicate matrix entries"


def test_wheels_job_uses_cibuildwheel_action():
    job, _ = wheel_matrix()
    step = next(s for s in _steps(job) if s.get("uses", "").startswith("pypa/cibuildwheel@"))
    assert step["env"]["CIBW_ARCHS"] == "${{ matrix.arch }}"
    assert step["env"]["CIBW_PLATFORM"] == "${{ matrix.platform }}"
    out = step.get("with", {}).get("output-dir", "wheelhouse")
    upload = next(s for s in _steps(job) if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["with"]["path"].startswith(out)
    # No test command in the workflow: it comes from pyproject (one source of truth).
    assert "CIBW_TEST_COMMAND" not in step["env"]


def _require_pinned_cibuildwheel():
    """Skip unless the installed cibuildwheel has the major version wheels.yml pins
    (cibuildwheel 4 needs Python >= 3.11; on 3.10 pip installs an older one)."""
    job, _ = wheel_matrix()
    ref = next(u for u in _uses(job) if u.startswith("pypa/cibuildwheel@")).split("@")[1]
    m = re.fullmatch(r"v(\d+)\.\d+\.\d+", ref)
    assert m, f"pin pypa/cibuildwheel to a release tag, got {ref!r}"
    pytest.importorskip("cibuildwheel", reason="cibuildwheel is in the 'dev' extra")
    installed = version("cibuildwheel")
    if int(installed.split(".")[0]) < int(m.group(1)):
        pytest.skip(f"cibuildwheel {installed} installed; wheels.yml uses {ref} (needs Python >= 3.11)")
    assert int(installed.split(".")[0]) == int(m.group(1)), (
        f"wheels.yml pins cibuildwheel {ref} but {installed} is installed: the identifier "
        "checks below would not describe what CI builds"
    )


def test_cibuildwheel_pin_matches_installed_major():
    _require_pinned_cibuildwheel()


def test_sdist_job():
    job = load("wheels.yml")["jobs"]["build_sdist"]
    assert "python -m build --sdist" in _runs(job)
    assert any(u.startswith("actions/upload-artifact@") for u in _uses(job))


def test_tests_workflow():
    wf = load("tests.yml")
    assert {"push", "pull_request"} <= set(wf["on"])
    jobs = wf["jobs"]
    main = [j for j in jobs.values() if 'pytest -m "not slow"' in _runs(j)]
    assert len(main) == 1, "one job runs the README command: pytest -m \"not slow\""
    job = main[0]
    assert 'pip install ".[test]"' in _runs(job)
    matrix = job["strategy"]["matrix"]
    oses = set(matrix["os"]) | {e["os"] for e in matrix.get("include", [])}
    pythons = set(matrix["python"]) | {e["python"] for e in matrix.get("include", [])}
    assert any(o.startswith("ubuntu") for o in oses)
    assert any(o.startswith("macos") for o in oses)
    assert any(o.startswith("windows") for o in oses)
    assert "3.10" in pythons and len(pythons) >= 3
    assert job["runs-on"] == "${{ matrix.os }}"
    assert any(
        s.get("with", {}).get("python-version") == "${{ matrix.python }}" for s in _steps(job)
    )
    slow = [j for j in jobs.values() if re.search(r"pytest -m (slow|\"slow\"|'slow')\b", _runs(j))]
    assert slow, "a job must run the slow tests"


def test_a_job_runs_the_tests_on_free_threaded_python():
    jobs = load("tests.yml")["jobs"]
    ft = [j for j in jobs.values()
          if any(str(s.get("with", {}).get("python-version", "")).endswith("t") for s in _steps(j))]
    assert ft, "no tests.yml job runs a free-threaded Python (python-version '3.14t')"
    for job in ft:
        assert re.search(r"pytest -m \"not slow", _runs(job)), "the free-threaded job runs no tests"
        assert "PYTHON_GIL" not in json.dumps(job), "forcing the GIL off would hide a kernel that needs it"


# Steps of .ci/run that tests.yml must run too, each in a job of its own on Ubuntu
# (step title in .ci/run -> job id in tests.yml).
CI_STEPS_IN_WORKFLOW = {"sanitizer build": "sanitizers", "fuzz tier": "fuzz"}


def ci_steps(text):
    """.ci/run's steps: ``{title: [command, ...]}``, split at its ``echo "== title =="``
    lines; a command's ``|| exit 1`` (CI's failure guard) is left out."""
    steps, title = {}, None
    for line in text.splitlines():
        line = line.strip()
        if m := re.fullmatch(r'echo "== (.+) =="', line):
            title = m.group(1)
            steps[title] = []
        elif title and line and not line.startswith("#"):
            steps[title].append(re.sub(r"\s*\|\|\s*exit 1$", "", line))
    return steps


def workflow_ci_step_problems(workflow, ci_text):
    """What is wrong with ``workflow`` (tests.yml, loaded) against .ci/run's text: each
    step in CI_STEPS_IN_WORKFLOW must exist in .ci/run, fail CI when it fails, and be a
    job of the workflow on Ubuntu with a timeout that runs the same commands."""
    problems = []
    steps = ci_steps(ci_text)
    jobs = workflow.get("jobs", {})
    for title, job_id in CI_STEPS_IN_WORKFLOW.items():
        commands = steps.get(title)
        if not commands:
            problems.append(f'.ci/run has no "== {title} ==" step')
            continue
        for line in ci_text.splitlines():
            if line.strip().startswith(tuple(commands)) and not line.rstrip().endswith("|| exit 1"):
                problems.append(f".ci/run: {line.strip()!r} does not end in '|| exit 1'")
        job = jobs.get(job_id)
        if job is None:
            problems.append(f"tests.yml has no {job_id!r} job")
            continue
        if not str(job.get("runs-on", "")).startswith("ubuntu"):
            problems.append(f"tests.yml job {job_id!r} does not run on Ubuntu")
        runs = [line.strip() for line in _runs(job).splitlines()]
        for command in commands:
            if command not in runs:
                problems.append(f"tests.yml job {job_id!r} does not run {command!r}")
    return problems


def test_sanitizer_and_fuzz_jobs_run_the_ci_steps():
    ci_text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    steps = ci_steps(ci_text)
    assert steps["sanitizer build"] == ["tools/sanitize.sh"]
    assert steps["fuzz tier"] == ["python -m pytest -m fuzz"]
    assert workflow_ci_step_problems(load("tests.yml"), ci_text) == []
    assert os.access(ROOT / "tools" / "sanitize.sh", os.X_OK), "tools/sanitize.sh must be executable"


def _set_run(job_id, command):
    def mutate(wf):
        for step in wf["jobs"][job_id]["steps"]:
            if "run" in step:
                step["run"] = command
    return mutate


BROKEN_CI_STEPS = {  # name -> (change to tests.yml, change to .ci/run's text)
    "no sanitizers job": (lambda wf: wf["jobs"].pop("sanitizers"), None),
    "no fuzz job": (lambda wf: wf["jobs"].pop("fuzz"), None),
    "fuzz job runs other tests": (_set_run("fuzz", 'python -m pytest -m "not slow"'), None),
    "sanitizers job skips the script": (_set_run("sanitizers", "echo skipped"), None),
    "sanitizers job on macOS": (lambda wf: wf["jobs"]["sanitizers"].update({"runs-on": "macos-14"}), None),
    "step missing from .ci/run": (None, lambda t: t.replace('echo "== fuzz tier =="', "")),
    "failure not caught in .ci/run": (None, lambda t: t.replace("python -m pytest -m fuzz || exit 1",
                                                               "python -m pytest -m fuzz")),
}


@pytest.mark.parametrize("name", sorted(BROKEN_CI_STEPS))
def test_ci_step_check_can_fail(name):
    change_workflow, change_ci = BROKEN_CI_STEPS[name]
    workflow = load("tests.yml")
    if change_workflow:
        change_workflow(workflow)
    ci_text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    problems = workflow_ci_step_problems(workflow, change_ci(ci_text) if change_ci else ci_text)
    assert problems, f"the check accepts: {name}"


# --------------------------------------------------------------- cibuildwheel selection


def cibuildwheel(platform, archs=None, **env_overrides):
    """Build identifiers cibuildwheel would build, from pyproject.toml only."""
    _require_pinned_cibuildwheel()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CIBW_")}
    env.update(env_overrides)
    cmd = [sys.executable, "-m", "cibuildwheel", "--print-build-identifiers", "--platform", platform]
    if archs:
        cmd += ["--archs", archs]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ids = proc.stdout.split()
    assert ids, proc.stderr
    return ids


ARCH_TAGS = {
    "linux": ["manylinux_x86_64", "manylinux_aarch64", "musllinux_x86_64", "musllinux_aarch64"],
    "macos": ["macosx_x86_64", "macosx_arm64"],
    "windows": ["win_amd64", "win_arm64"],
}
NOT_BUILT = {"cp310-win_arm64"}  # numpy has no wheels for it


def minors(ids):
    return {int(m.group(1)) for i in ids if (m := re.match(r"cp3(\d+)t?-", i))}


@pytest.mark.parametrize("platform", sorted(ARCH_TAGS))
def test_intended_builds(platform):
    ids = cibuildwheel(platform)
    newest = max(minors(ids))
    assert newest >= 14, f"newest CPython selected is 3.{newest}"
    expected = {f"cp3{m}-{tag}" for m in range(10, newest + 1) for tag in ARCH_TAGS[platform]}
    expected |= {f"cp3{m}t-{tag}" for m in range(FIRST_FREE_THREADED, newest + 1)
                 for tag in ARCH_TAGS[platform]}
    expected -= NOT_BUILT
    assert set(ids) == expected, (
        f"missing: {sorted(expected - set(ids))}\nunexpected: {sorted(set(ids) - expected)}"
    )


#: The first CPython whose free-threaded build (cp3XXt) we ship: the kernels declare
#: freethreading_compatible, and cibuildwheel 4 builds no cp313t.
FIRST_FREE_THREADED = 14


def _unwanted(ids):
    bad = []
    for i in ids:
        if not i.startswith("cp3"):
            bad.append((i, "not CPython"))
        elif (m := re.match(r"cp3(\d+)t-", i)) and int(m.group(1)) < FIRST_FREE_THREADED:
            bad.append((i, "free-threaded before 3.14"))
        elif re.search(r"(i686|win32|armv7l|_x86$)", i):
            bad.append((i, "32-bit"))
        elif min(minors([i])) < 10:
            bad.append((i, "older than 3.10"))
    return bad


@pytest.mark.parametrize("platform", sorted(ARCH_TAGS))
def test_no_unwanted_builds_even_with_all_archs(platform):
    ids = cibuildwheel(platform, archs="all")
    assert not _unwanted(ids)
    assert minors(ids) == minors(cibuildwheel(platform)), "same Python versions everywhere"


def test_unwanted_check_can_fail():
    # Without our build/skip/enable settings cibuildwheel would list PyPy and 32-bit
    # builds, so the assertions above are not vacuous.
    ids = cibuildwheel("linux", archs="all", CIBW_BUILD="*", CIBW_SKIP="", CIBW_ENABLE="pypy")
    reasons = {reason for _, reason in _unwanted(ids)}
    assert {"not CPython", "32-bit"} <= reasons, reasons
    assert _unwanted(["cp313t-manylinux_x86_64"]) == [("cp313t-manylinux_x86_64",
                                                        "free-threaded before 3.14")]
    ids = cibuildwheel("windows", CIBW_SKIP="")
    assert "cp310-win_arm64" in ids


def test_free_threaded_check_can_fail():
    # test_intended_builds expects cp314t and newer on every platform; skipping them
    # again (the old "cp3??t-*" skip) would drop them all.
    skip = " ".join([*pyproject()["tool"]["cibuildwheel"]["skip"], "cp3??t-*"])
    assert not [i for i in cibuildwheel("linux", CIBW_SKIP=skip) if re.match(r"cp3\d+t-", i)]


def test_workflow_jobs_cover_the_configured_builds():
    # The union of what each wheels.yml job builds (CIBW_ARCHS per job) is exactly
    # what pyproject selects; no job builds nothing.
    _, include = wheel_matrix()
    by_platform = {}
    for entry in include:
        ids = cibuildwheel(entry["platform"], CIBW_ARCHS=entry["arch"])
        by_platform.setdefault(entry["platform"], set()).update(ids)
    for platform in ARCH_TAGS:
        assert by_platform.get(platform) == set(cibuildwheel(platform)), platform


def test_cibuildwheel_config_matches_its_schema():
    _require_pinned_cibuildwheel()
    cibw = pytest.importorskip("cibuildwheel")
    schema_file = Path(cibw.__file__).parent / "resources" / "cibuildwheel.schema.json"
    if not schema_file.is_file():
        pytest.skip("this cibuildwheel has no bundled schema")
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    config = pyproject()["tool"]["cibuildwheel"]
    jsonschema.validate(config, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**config, "test-extra": ["test"]}, schema)
    # The test command must survive cmd.exe quoting (cibuildwheel runs it through the
    # shell) and must leave out the slow and network-dependent tests.
    assert "'" not in config["test-command"], "single quotes break the command on Windows"
    assert "not slow" in config["test-command"] and "not packaging" in config["test-command"]


# ------------------------------------------------------------------------- publishing

#: The jobs whose success a release waits for (wheels built and tested, sdist built
#: and installed).
PUBLISH_NEEDS = {"build_wheels", "build_sdist"}


def publish_job_problems(workflow):
    """What is wrong with the PyPI publish job of ``workflow`` (wheels.yml, loaded)."""
    jobs = workflow.get("jobs", {})
    found = [(name, job) for name, job in jobs.items()
             if any(u.startswith("pypa/gh-action-pypi-publish@") for u in _uses(job))]
    if len(found) != 1:
        return [f"{len(found)} jobs use pypa/gh-action-pypi-publish (want one)"]
    name, job = found[0]
    problems = []
    needs = job.get("needs", [])
    needs = {needs} if isinstance(needs, str) else set(needs)
    if not PUBLISH_NEEDS <= needs:
        problems.append(f"{name} does not wait for {sorted(PUBLISH_NEEDS - needs)}")
    for build in sorted(PUBLISH_NEEDS & needs & set(jobs)):
        if "if" in jobs[build]:
            problems.append(f"{build} may be skipped (if: {jobs[build]['if']!r}), "
                            "and publish would wait for nothing")
    if (job.get("permissions") or {}).get("id-token") != "write":
        problems.append(f"{name} lacks 'permissions: id-token: write' (trusted publishing)")
    env = job.get("environment")
    if (env.get("name") if isinstance(env, dict) else env) != "pypi":
        problems.append(f"{name} does not run in the 'pypi' environment")
    # Only a pushed version tag publishes: the workflow is triggered by v* tags, and the
    # job is guarded against the workflow's other triggers (pull requests, releases,
    # manual runs).
    push = (workflow.get("on") or {}).get("push") or {}
    if "v*" not in (push.get("tags") or []) or set(push) != {"tags"}:
        problems.append("the workflow is not pushed by v* tags only")
    guard = str(job.get("if", ""))
    if not all(cond in guard for cond in ("github.event_name == 'push'",
                                          "startsWith(github.ref, 'refs/tags/v')")):
        problems.append(f"{name} is not limited to pushed v* tags (if: {guard!r})")
    steps = _steps(job)
    at = next(i for i, s in enumerate(steps)
              if s.get("uses", "").startswith("pypa/gh-action-pypi-publish@"))
    publish = steps[at].get("with") or {}
    if {"password", "user", "repository-url"} & set(publish):
        problems.append(f"{name} passes a token, user or repository: trusted publishing to "
                        "PyPI needs none")
    downloads = [s for s in steps[:at]
                 if s.get("uses", "").startswith("actions/download-artifact@")]
    if not downloads:
        problems.append(f"{name} downloads no artifacts before publishing")
    for s in downloads:
        w = s.get("with") or {}
        if "name" in w or "pattern" in w or not w.get("merge-multiple"):
            problems.append(f"{name} must download every artifact (no name or pattern) into "
                            "one folder (merge-multiple: true)")
        if w.get("path") != publish.get("packages-dir", "dist"):
            problems.append(f"{name} downloads to {w.get('path')!r} but publishes "
                            f"{publish.get('packages-dir', 'dist')!r}")
    return problems


def test_publish_job():
    assert publish_job_problems(load("wheels.yml")) == []


def _publish(wf):
    return wf["jobs"]["publish"]


def _download(wf):
    return next(s for s in _steps(_publish(wf)) if "download-artifact" in s.get("uses", ""))


BROKEN_PUBLISH = {
    "no needs": lambda wf: _publish(wf).pop("needs"),
    "needs only the wheels": lambda wf: _publish(wf).update({"needs": "build_wheels"}),
    "needs only the sdist": lambda wf: _publish(wf).update({"needs": ["build_sdist"]}),
    "no id-token permission": lambda wf: _publish(wf).pop("permissions"),
    "id-token read": lambda wf: _publish(wf).update({"permissions": {"id-token": "read"}}),
    "no environment": lambda wf: _publish(wf).pop("environment"),
    "no tag guard": lambda wf: _publish(wf).pop("if"),
    "published on any push": lambda wf: _publish(wf).update(
        {"if": "github.event_name == 'push'"}),
    "published on releases": lambda wf: _publish(wf).update(
        {"if": "github.event_name == 'release'"}),
    "branch pushes trigger": lambda wf: wf["on"].update({"push": {"branches": ["main"]}}),
    "pushes of tags and branches": lambda wf: wf["on"].update(
        {"push": {"tags": ["v*"], "branches": ["*"]}}),
    "a stored token": lambda wf: _steps(_publish(wf))[-1]["with"].update(
        {"password": "${{ secrets.PYPI_TOKEN }}"}),
    "no download": lambda wf: _publish(wf).update(
        {"steps": [s for s in _steps(_publish(wf)) if s is not _download(wf)]}),
    "only the sdist downloaded": lambda wf: _download(wf)["with"].update({"name": "sdist"}),
    "a skipped wheel job": lambda wf: wf["jobs"]["build_wheels"].update({"if": "false"}),
    "no publish job": lambda wf: wf["jobs"].pop("publish"),
}


@pytest.mark.parametrize("name", sorted(BROKEN_PUBLISH))
def test_publish_check_can_fail(name):
    workflow = load("wheels.yml")
    BROKEN_PUBLISH[name](workflow)
    assert publish_job_problems(workflow), f"the check accepts: {name}"


def test_publish_check_can_fail_through_the_schema(tmp_path):
    # A misspelt permission is also caught by the schema, not only by the check above.
    workflow = load("wheels.yml")
    workflow["jobs"]["publish"]["permissions"] = {"id_token": "write"}
    path = tmp_path / "wheels.json"
    path.write_text(json.dumps(workflow))
    proc = check_jsonschema(path, "vendor.github-workflows")
    assert proc.returncode != 0, proc.stdout + proc.stderr
