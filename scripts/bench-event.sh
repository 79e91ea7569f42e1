#!/usr/bin/env bash
# `referee event` on an event of 8 000 players and 15 Swiss rounds (issue 36's figures):
#  1. builds it with the commands: `new`, then per round `pair` and `report --from` a CSV of
#     generated results (each command timed: every one should take under 1 s);
#  2. times `event pair` (round 15, on a copy of the event after 14 rounds) against
#     `event standings --format csv` on the same event, side by side (scripts/alternate.py:
#     alternating runs, medians; target: pair at most 2x standings);
#  3. times every other command once on the event (standings, pairings, slips, status,
#     export, report, drop, enter, undo, cut);
#  4. compares the event file's size with its export's (target: at most 2x).
#
#   scripts/bench-event.sh            (PLAYERS=8000 ROUNDS=15 RUNS=11 by default)
#   KEEP=FILE scripts/bench-event.sh  also copies the event after its Swiss rounds to FILE
#                                     (scripts/bench-web.sh measures the page on it)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
players=${PLAYERS:-8000}
rounds=${ROUNDS:-15}
runs=${RUNS:-11}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release -q -p referee-host
target=${CARGO_TARGET_DIR:-$root/target}
referee=$target/release/referee

# shellcheck source=scripts/bench-common.sh
source "$root/scripts/bench-common.sh"

# timed NAME COMMAND...: runs the command once (stdout to a file) and prints its wall time.
timed() {
    local name=$1 t0 t1
    shift
    t0=$(now)
    "$@" >"$work/out" 2>"$work/err" || { echo "$name failed: $(cat "$work/err")"; exit 1; }
    t1=$(now)
    printf '  %-34s %9.1f ms\n' "$name" "$(awk -v d=$((t1 - t0)) 'BEGIN {print d / 1e6}')"
}

# results ROUND: a results CSV for every table of the round just paired ($work/out holds the
# pairing as CSV), from a fixed generator (awk's srand).
results() {
    awk -F, -v seed="$1" 'BEGIN { srand(seed); split("2,0,0 0,2,0 2,1,0 1,2,0 1,1,1 2,0,1 1,0,0", r, " "); print "table,wins1,wins2,draws" }
        NR > 1 && $1 != "" { print $1 "," r[int(rand() * 7) + 1] }' "$work/out" >"$work/round$1.csv"
}

event=$work/big.event
seq -f "Player %04g" 1 "$players" >"$work/players.txt"
echo "== building $players players x $rounds rounds with the commands"
timed "new" "$referee" event new "$event" --players "$work/players.txt" --rounds "$rounds" --seed 1 --name "Bench"
for ((r = 1; r <= rounds; r++)); do
    if ((r == rounds)); then
        cp "$event" "$work/before-last.event"
    fi
    timed "pair (round $r)" "$referee" event pair "$event" --format csv
    results "$r"
    timed "report --from (round $r)" "$referee" event report "$event" --from "$work/round$r.csv"
done

if [[ -n ${KEEP:-} ]]; then
    cp "$event" "$KEEP"
fi

echo "== event pair (round $rounds) vs event standings --format csv, $runs runs alternating (medians)"
base=$work/before-last.event
python3 "$root/scripts/alternate.py" --runs "$runs" \
    standings="$referee event standings $base --format csv" \
    pair="cp $base $work/copy.event && rm -rf $work/copy.event.history && $referee event pair $work/copy.event --format csv" \
    copy="cp $base $work/copy.event && rm -rf $work/copy.event.history"

echo "== every other command, once, on the finished Swiss rounds"
timed "standings (table)" "$referee" event standings "$event"
timed "standings --format csv" "$referee" event standings "$event" --format csv
timed "standings --format json" "$referee" event standings "$event" --format json
timed "standings --format html" "$referee" event standings "$event" --format html
timed "standings --round 7 --active" "$referee" event standings "$event" --round 7 --active --format csv
timed "pairings (table)" "$referee" event pairings "$event"
timed "pairings --by name --format csv" "$referee" event pairings "$event" --by name --format csv
timed "pairings --format html" "$referee" event pairings "$event" --format html
timed "slips" "$referee" event slips "$event"
timed "slips --format html" "$referee" event slips "$event" --format html
timed "status" "$referee" event status "$event"
timed "export" "$referee" event export "$event"
cp "$work/out" "$work/export.csv"
timed "report 1 2-0 --round 3 (a correction)" "$referee" event report "$event" 1 2-0 --round 3
timed "undo" "$referee" event undo "$event"
timed "drop 'Player 0001'" "$referee" event drop "$event" "Player 0001"
timed "enter 'Late Larry'" "$referee" event enter "$event" "Late Larry"
timed "undo" "$referee" event undo "$event"
timed "undo" "$referee" event undo "$event"
timed "cut --top 8" "$referee" event cut "$event" --top 8

echo "== sizes"
final=$(stat -c %s "$event")
exported=$(stat -c %s "$work/export.csv")
printf '  event file %d bytes (after the cut), export %d bytes: %.2fx\n' "$final" "$exported" \
    "$(awk -v a="$final" -v b="$exported" 'BEGIN {print a / b}')"
