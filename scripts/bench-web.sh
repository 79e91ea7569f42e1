#!/usr/bin/env bash
# The page against the binary on the standings of an event of 8 000 players and 15 Swiss
# rounds (issue 39's figure: the page at most 3x `referee event standings`): the event is
# built by scripts/bench-event.sh (KEEP), the page by scripts/build-web.sh; then
# web/tests/bench.mjs times `event standings --format csv` in Chromium (the page's module, in
# its worker) and the binary, alternating, RUNS times each, and prints the medians and their
# ratio, and the time until the page is ready.
#
#   scripts/bench-web.sh              (PLAYERS=8000 ROUNDS=15 RUNS=11 by default)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
KEEP=$work/bench.event "$root/scripts/bench-event.sh" >"$work/bench-event.log"
"$root/scripts/build-web.sh" >/dev/null
(cd web/tests && npm ci --no-audit --no-fund >/dev/null)
node web/tests/bench.mjs "$work/bench.event" "${RUNS:-11}"
grep 'model name' /proc/cpuinfo | head -1
