#!/usr/bin/env bash
# Side by side: `referee standings` against the floor of reading the file and writing it out
# (`cat`), alternating run by run, on the deterministic 8000-player x 18-round event; medians
# of RUNS runs (default 15) and peak RSS. Optionally tournament-organizer (npm) through
# the peers' to_standings.mjs (its path as the argument), on 500 x 9 and 2000 x 15 events, and how often its order
# differs from the exact MTR order on 1000 random events.
#
#   scripts/bench-standings.sh [PATH/TO/to_standings.mjs]
#
# The .mjs needs `npm install tournament-organizer@4.1.1` in its own folder (see its header);
# this script does that in a temporary copy when node_modules is missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
runs=${RUNS:-15}
peer=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release -q -p referee-host
cargo build --release -q -p referee-tests --example gen_standings
referee=$root/target/release/referee
gen=$root/target/release/examples/gen_standings

# shellcheck source=scripts/bench-common.sh
source "$root/scripts/bench-common.sh"

# side_by_side FILE ARGS...: alternates referee and cat, prints the medians and the ratio.
side_by_side() {
    local file=$1
    shift
    local ours=() floor=()
    for ((i = 0; i < runs; i++)); do
        local t0 t1 t2
        t0=$(now)
        "$referee" standings "$@" "$file" >"$work/out"
        t1=$(now)
        cat "$file" >"$work/cat"
        t2=$(now)
        ours+=($((t1 - t0)))
        floor+=($((t2 - t1)))
    done
    local m_ours m_floor
    m_ours=$(printf '%s\n' "${ours[@]}" | median)
    m_floor=$(printf '%s\n' "${floor[@]}" | median)
    printf '%-28s %-22s referee %8s ms   cat %6s ms   ratio %5.1fx   peak RSS %s KiB (cat %s KiB)\n' \
        "$(basename "$file") ($(du -k "$file" | cut -f1) KiB)" "$*" "$m_ours" "$m_floor" \
        "$(awk -v a="$m_ours" -v b="$m_floor" 'BEGIN {print a / b}')" \
        "$(peak_kib "$referee" standings "$@" "$file")" "$(peak_kib cat "$file")"
}

"$gen" 8000 18 "$work/s8000x18.csv"
echo "== 8000 players x 18 rounds, $runs runs each, alternating (medians, wall clock)"
for format in csv json table; do
    side_by_side "$work/s8000x18.csv" --format "$format"
done

if [[ -z $peer ]]; then
    echo "(tournament-organizer: pass the path of to_standings.mjs to compare)"
    exit 0
fi

echo "== tournament-organizer ($peer)"
peerdir=$(cd "$(dirname "$peer")" && pwd)
if [[ ! -d $peerdir/node_modules/tournament-organizer ]]; then
    peerdir=$work/peer
    mkdir -p "$peerdir"
    cp "$peer" "$peerdir/"
    (cd "$peerdir" && npm init -y >/dev/null && npm install --silent tournament-organizer@4.1.1 >/dev/null)
fi
script=$peerdir/$(basename "$peer")
for size in "500 9" "2000 15"; do
    read -r players rounds <<<"$size"
    file=$work/s${players}x${rounds}.csv
    "$gen" "$players" "$rounds" "$file"
    t0=$(now)
    "$referee" standings --format csv "$file" >"$work/ours.csv"
    t1=$(now)
    node "$script" "$file" >"$work/theirs.csv"
    t2=$(now)
    ours=$(((t1 - t0) / 1000))
    theirs=$(((t2 - t1) / 1000))
    printf '%5s x %-3s referee %10.1f ms   tournament-organizer %10.1f ms   %8.0fx\n' "$players" "$rounds" \
        "$(awk -v a=$ours 'BEGIN {print a / 1000}')" "$(awk -v a=$theirs 'BEGIN {print a / 1000}')" \
        "$(awk -v a=$ours -v b=$theirs 'BEGIN {print b / a}')"
done

echo "== order differences on 1000 random events (16..64 players, 4..8 rounds, drops)"
differ=0
for ((seed = 1; seed <= 1000; seed++)); do
    players=$((16 + seed % 49))
    rounds=$((4 + seed % 5))
    file=$work/random.csv
    "$gen" "$players" "$rounds" "$file" "$seed"
    "$referee" standings --format csv "$file" | cut -d, -f2 | tail -n +2 >"$work/ours.txt"
    node "$script" "$file" | cut -d, -f2 | tail -n +2 >"$work/theirs.txt"
    cmp -s "$work/ours.txt" "$work/theirs.txt" || differ=$((differ + 1))
done
echo "tournament-organizer's order differs from the exact MTR order on $differ of 1000 events"
