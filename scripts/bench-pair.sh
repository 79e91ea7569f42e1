#!/usr/bin/env bash
# Side by side: `referee pair` against `referee standings --format csv` on the same results
# file (pairing needs the standings anyway, so the ratio is what the matching itself costs),
# alternating run by run; medians of RUNS runs (default 15), peak RSS, and instruction counts
# (callgrind, when valgrind is installed: they do not drift with the machine's load). The
# events are the deterministic ones of `gen_standings`: 8000 x 18 and 2000 x 15 (the issue's
# figures), then 500 ... 8000 players x 18 rounds for the scaling.
#
#   scripts/bench-pair.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
runs=${RUNS:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release -q -p referee-host
cargo build --release -q -p referee-tests --example gen_standings
referee=$root/target/release/referee
gen=$root/target/release/examples/gen_standings

# shellcheck source=scripts/bench-common.sh
source "$root/scripts/bench-common.sh"
instructions() {
    if command -v valgrind >/dev/null; then
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
            sed -n 's/.*refs: *//p' | tr -d ,
    else
        echo "-"
    fi
}

# compare PLAYERS ROUNDS: one line of figures.
compare() {
    local file=$work/e$1x$2.csv pair=() standings=()
    "$gen" "$1" "$2" "$file"
    for ((i = 0; i < runs; i++)); do
        local t0 t1 t2
        t0=$(now)
        "$referee" pair "$file" >"$work/pair.csv"
        t1=$(now)
        "$referee" standings --format csv "$file" >"$work/standings.csv"
        t2=$(now)
        pair+=($((t1 - t0)))
        standings+=($((t2 - t1)))
    done
    local m_pair m_standings i_pair i_standings
    m_pair=$(printf '%s\n' "${pair[@]}" | median)
    m_standings=$(printf '%s\n' "${standings[@]}" | median)
    i_pair=$(instructions "$referee" pair "$file")
    i_standings=$(instructions "$referee" standings --format csv "$file")
    printf '%5s x %-3s pair %8s ms  standings %8s ms  ratio %4.2fx  | instructions %6.1f M / %6.1f M = %4.2fx | pair peak RSS %s KiB | %s\n' \
        "$1" "$2" "$m_pair" "$m_standings" "$(awk -v a="$m_pair" -v b="$m_standings" 'BEGIN {print a / b}')" \
        "$(awk -v a="$i_pair" 'BEGIN {print a / 1e6}')" "$(awk -v a="$i_standings" 'BEGIN {print a / 1e6}')" \
        "$(awk -v a="$i_pair" -v b="$i_standings" 'BEGIN {print (b > 0) ? a / b : 0}')" \
        "$(peak_kib "$referee" pair "$file")" "$("$referee" pair --explain "$file" 2>&1 >/dev/null)"
}

echo "== the issue's events, $runs runs each, alternating (medians, wall clock)"
compare 8000 18
compare 2000 15
echo "== scaling: 18 rounds"
for players in 500 1000 2000 4000 8000; do
    compare "$players" 18
done
