#!/usr/bin/env bash
# Look at the docs site in a real browser: build it (warnings are errors), then take
# headless Chromium screenshots of the home page, the poker guide and the poker API page.
#
#   tools/docs_screenshots.sh [OUT_DIR]      (default /tmp/handrank-docs-shots)
#
# Needs the docs extra (pip install -e ".[docs]") and a Chromium: on Debian/Ubuntu
# `apt-get install -y chromium` (the binary is chromium or chromium-browser). Open the
# PNGs and check the navigation, the tables and the code blocks; do not commit them.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-/tmp/handrank-docs-shots}"
BROWSER="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
[ -n "$BROWSER" ] || { echo "tools/docs_screenshots.sh: no chromium on PATH" >&2; exit 2; }

python -m sphinx -W --keep-going -q -b html "$ROOT/docs" "$ROOT/docs/_build/html"
mkdir -p "$OUT"
for page in index poker api/poker; do
    png="$OUT/$(echo "$page" | tr / -).png"
    # --no-sandbox: Chromium refuses to start its sandbox as root (CI, containers)
    "$BROWSER" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1600 \
        --screenshot="$png" "file://$ROOT/docs/_build/html/$page.html" >/dev/null 2>&1
    echo "$png"
done
