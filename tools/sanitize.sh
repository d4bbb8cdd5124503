#!/usr/bin/env bash
# Sanitizer run: build every kernel with AddressSanitizer + UndefinedBehaviorSanitizer
# (HANDRANK_SANITIZE=1, see setup.py) into a virtual environment of its own, then run
# under it the kernel-safety and bad-argument tests, every game's quick tests and the
# fuzz tier (tests/fuzz, when present). The first ASan or UBSan report aborts the
# test process, so the script fails (exit status != 0) with the report on stderr.
#
#   tools/sanitize.sh                   build, then run everything (what CI runs)
#   tools/sanitize.sh ARGS...           build, then run only `pytest ARGS...`
#   tools/sanitize.sh --no-build [ARGS] reuse the sanitized build already installed
#
# Linux, GCC (or another compiler: CC=clang and HANDRANK_ASAN_LIB=<its ASan runtime>).
# Environment:
#   HANDRANK_SANITIZE_VENV  the virtual environment (default .venv-sanitize, git-ignored;
#                           kept between runs, handrank itself is rebuilt every run)
#   CC                      compiler asked for its ASan runtime (default gcc)
#   HANDRANK_ASAN_LIB       the ASan runtime to preload (default `$CC -print-file-name=libasan.so`)
#
# Budget: about 5 minutes of CPU (build 1.3, tests 2, fuzz tier 1.2); the build
# compiles on two cores.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

die() { echo "tools/sanitize.sh: $*" >&2; exit 2; }

[ "$(uname -s)" = "Linux" ] || die "Linux only (the ASan runtime is preloaded with LD_PRELOAD)"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || die "run it in a git checkout of handrank"

CC="${CC:-gcc}"
ASAN_LIB="${HANDRANK_ASAN_LIB:-$("$CC" -print-file-name=libasan.so 2>/dev/null || true)}"
[ -f "$ASAN_LIB" ] || die "no AddressSanitizer runtime ('$CC -print-file-name=libasan.so'" \
    "gave '$ASAN_LIB'): install your GCC's libasan (Debian/Ubuntu: libgcc-<version>-dev)" \
    "or set HANDRANK_ASAN_LIB"

BUILD=1
if [ "${1:-}" = "--no-build" ]; then
    BUILD=0
    shift
fi
VENV="${HANDRANK_SANITIZE_VENV:-$ROOT/.venv-sanitize}"
PY="$VENV/bin/python"
start=$SECONDS
TEMPS=()  # removed on exit
trap 'rm -rf "${TEMPS[@]}"' EXIT

build() {
    echo "== sanitizer build into $VENV =="
    [ -x "$PY" ] || python3 -m venv "$VENV"
    # The build requirements are installed here and the build runs with
    # --no-build-isolation, so that it uses this environment and HANDRANK_SANITIZE reaches
    # setup.py. setuptools is upgraded: a new venv brings one too old for pyproject.toml.
    "$PY" -m pip install --quiet --upgrade pip
    "$PY" -m pip install --quiet --upgrade "setuptools>=77" wheel "Cython>=3.0,<4" \
        "numpy>=2" "tqdm>=4.60" "pytest>=7" "hypothesis>=6"

    # From a clean copy: an editable install compiles in src/ and leaves build/ and the
    # generated _kernel.c behind, and setuptools would reuse those objects (compiled
    # without -fsanitize) instead of recompiling. The copy holds the tracked files and the
    # untracked ones git does not ignore, as they are in the working tree (uncommitted
    # changes included).
    local copy
    copy="$(mktemp -d "${TMPDIR:-/tmp}/handrank-sanitize.XXXXXX")"
    TEMPS+=("$copy")
    git ls-files -z --cached --others --exclude-standard \
        | tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null \
        | tar -xf - -C "$copy"
    # Both cores for the C compiler, then the wheel from the objects just built.
    # (HANDRANK_ONLY would leave kernels out.)
    # (Cython's "performance hint" lines about the bounds checks are left out.)
    (cd "$copy" && env -u HANDRANK_ONLY HANDRANK_SANITIZE=1 "$PY" setup.py -q build_ext -j 2) \
        2>&1 >/dev/null | { grep -v "performance hint" || true; } >&2
    env -u HANDRANK_ONLY HANDRANK_SANITIZE=1 \
        "$PY" -m pip install --quiet --no-build-isolation --no-deps --force-reinstall "$copy"
}

if [ "$BUILD" = 1 ]; then
    build
else
    [ -x "$PY" ] || die "--no-build: no $VENV yet; run without --no-build first"
fi

# Every installed kernel must need the ASan runtime: proof the flags reached the build.
site="$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')"
shopt -s nullglob
kernels=("$site"/handrank/*/_kernel*.so)
[ "${#kernels[@]}" -gt 0 ] || die "no kernels installed under $site/handrank"
for so in "${kernels[@]}"; do
    case "$(ldd "$so")" in
        *libasan*) ;;
        *) die "$so is not built with AddressSanitizer" ;;
    esac
done
echo "${#kernels[@]} sanitized kernels ready after $((SECONDS - start)) s"

# ASan reports go to files (<log>.<pid>), printed below: a report from a subprocess (the
# command-line tests) would otherwise be read, or dropped, by the test that ran it.
# UBSan (GCC's libubsan) ignores log_path and writes to stderr, which is why pytest
# runs with -s: its capture of file descriptor 2 would lose the report when the
# process aborts.
LOGS="$(mktemp -d "${TMPDIR:-/tmp}/handrank-sanitize-logs.XXXXXX")"
TEMPS+=("$LOGS")
# detect_leaks=0: CPython does not free its interned strings, types and module state at
# exit, so LeakSanitizer reports thousands of "leaks" on every run; a suppression file
# cannot keep only ours (a suppression matches any frame of a stack, and every kernel
# allocation has interpreter frames under it). So this run does not look for leaks
# (docs/reliability.md, "Not yet done").
# allocator_may_return_null=1: an impossible allocation gives NULL, hence MemoryError as
# in the normal build, instead of an ASan abort; tests check those paths.
# abort_on_error, halt_on_error (with -fno-sanitize-recover=undefined in setup.py): the
# first report kills the process (pytest's faulthandler prints the test it was in).
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:allocator_may_return_null=1:log_path=$LOGS/asan"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:log_path=$LOGS/ubsan"
# The interpreter is not instrumented: the ASan runtime must be loaded first. (Last:
# every command from here on, mktemp or cat too, runs with it and the options above.)
export LD_PRELOAD="$ASAN_LIB${LD_PRELOAD:+ $LD_PRELOAD}"

# pytest "$@", then fail if it failed or if any process left a sanitizer report.
sanitized_pytest() {
    local status=0
    "$PY" -m pytest -q -s -p no:cacheprovider "$@" || status=$?
    local reports=("$LOGS"/*)
    if [ "${#reports[@]}" -gt 0 ]; then
        for report in "${reports[@]}"; do
            echo "---- sanitizer report $(basename "$report") ----" >&2
            cat "$report" >&2
        done
        echo "tools/sanitize.sh: sanitizer report(s) above (pytest $*)" >&2
        exit 1
    fi
    if [ "$status" != 0 ]; then
        echo "tools/sanitize.sh: pytest $* failed (status $status)" >&2
        exit "$status"
    fi
}

# The package under test must be the sanitized one (not src/, not another environment).
"$PY" - <<'EOF'
import sys, handrank, handrank.poker._kernel as k
assert k.__file__.startswith(sys.prefix), f"{k.__file__} is not the sanitized build in {sys.prefix}"
print(f"testing {handrank.__file__}")
EOF

if [ "$#" -gt 0 ]; then
    echo "== sanitized tests: $* =="
    sanitized_pytest "$@"
    exit
fi

# Garbage arguments straight to the kernels: Python objects from malloc rather than
# pymalloc's arenas (PYTHONMALLOC=malloc), so that ASan also sees the bounds of small
# bytes-like buffers. (Twice slower, so only for these two files and the fuzz tier.)
echo "== sanitized tests: kernel safety, bad arguments =="
PYTHONMALLOC=malloc sanitized_pytest tests/test_kernel_safety.py tests/test_bad_arguments.py

# Every game's quick tests except the ones that only exercise pure Python: the
# reference twins (test_reference.py), the table generators, and the comparisons
# against the reference whose time goes into the reference.
echo "== sanitized tests: every game's quick tests =="
sanitized_pytest -m "not slow and not packaging" \
    --ignore-glob="tests/*/test_reference.py" --ignore=tests/poker/test_tables.py \
    --ignore=tests/equity/test_typing.py \
    -k "not generator and not differential_random_deals and not sampled_reference_run \
and not every_class_matches_reference_counts and not matches_brute_force" \
    tests/test_cards.py tests/test_rng.py tests/test_threads.py \
    tests/poker tests/equity tests/brag tests/crash tests/chinese tests/canada \
    tests/omaha tests/shortdeck tests/lowball tests/stud

# Except the tests that cap the address space (RLIMIT_AS) to prove memory is bounded:
# ASan reserves terabytes of virtual memory for its shadow, so under it every
# allocation fails there. The normal build runs them (.ci/run's fuzz tier step).
if [ -d tests/fuzz ]; then
    echo "== sanitized fuzz tier =="
    # a third of the examples: the plain fuzz step of .ci/run runs them all
    HANDRANK_FUZZ_EXAMPLES=${HANDRANK_FUZZ_EXAMPLES:-0.34} \
        PYTHONMALLOC=malloc sanitized_pytest -m fuzz -k "not bounded_memory" tests/fuzz
else
    echo "(no tests/fuzz in this tree: no fuzz tier to run)"
fi
echo "sanitizer run passed in $((SECONDS - start)) s"
