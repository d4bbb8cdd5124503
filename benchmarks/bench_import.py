"""What ``import handrank`` costs: ``python -X importtime -c "import handrank"`` run N
times in fresh interpreters, the median self+children microseconds of ``handrank`` and
of the heaviest modules it pulls in, and (``--callgrind``) the instructions of the whole
interpreter run under ``valgrind --tool=callgrind``, which unlike the times does not
depend on the load of a shared machine.

    python benchmarks/bench_import.py [-n 21] [--callgrind]

Prints the load (``uptime``) first: the times of a busy 2-core machine are noisy.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

#: Modules whose cumulative import time is shown besides handrank's own.
WATCH = ("handrank", "numpy", "importlib.metadata", "handrank.poker", "handrank.result")


def importtimes(n: int) -> dict[str, list[int]]:
    times: dict[str, list[int]] = {m: [] for m in WATCH}
    for _ in range(n):
        proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import handrank"],
                              capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
        seen = {}
        for line in proc.stderr.splitlines():
            m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|\s+(.*)$", line)
            if m and m.group(3).strip() in WATCH:
                seen[m.group(3).strip()] = int(m.group(2))
        for mod in WATCH:
            times[mod].append(seen.get(mod, 0))
    return times


def callgrind_instructions(code: str) -> int:
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               sys.executable, "-c", code], capture_output=True, text=True,
                              cwd=d)
        m = re.search(r"Collected : (\d+)", proc.stderr)
        if proc.returncode != 0 or not m:
            raise RuntimeError(proc.stderr[-2000:])
        return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=21, help="interpreter runs (default 21)")
    ap.add_argument("--callgrind", action="store_true",
                    help="also count instructions under valgrind (needs valgrind)")
    args = ap.parse_args()
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    import handrank  # noqa: F401 - only to say which version is measured
    print(f"handrank {handrank.__version__}, Python {sys.version.split()[0]}, {args.n} runs\n")
    times = importtimes(args.n)
    print(f"{'module (cumulative)':<22}{'median ms':>10}{'min ms':>9}{'max ms':>9}")
    for mod in WATCH:
        t = times[mod]
        if any(t):
            print(f"{mod:<22}{statistics.median(t) / 1000:>10.1f}{min(t) / 1000:>9.1f}"
                  f"{max(t) / 1000:>9.1f}")
        else:
            print(f"{mod:<22}{'not imported':>10}")
    if args.callgrind:
        if not shutil.which("valgrind"):
            sys.exit("valgrind not found")
        base = callgrind_instructions("pass")
        full = callgrind_instructions("import handrank")
        print(f"\ninstructions (callgrind): python -c pass {base / 1e6:.1f} M, "
              f"import handrank {full / 1e6:.1f} M, difference {(full - base) / 1e6:.1f} M")


if __name__ == "__main__":
    main()
