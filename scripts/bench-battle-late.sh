#!/usr/bin/env bash
# Issue 38's figures, side by side: `referee battle` under the game rules (its default
# `--time`, 1.5 s) on the 20 late-game 7-against-7 boards of tests/bench-inputs/battle-late/
# (wall time each, exact or bounds and their width), the seven-10/10DR mirror, and the 30
# typical boards (tests/bench-inputs/battle-typical/) against the Monte Carlo peer's 10 000
# fights (`battle_mc --sims 10000`), alternating, medians of RUNS runs (default 3); the 90th
# percentiles side by side. PEER is the peer's binary (`bash PEERS/build.sh` builds it into
# /tmp/peers-bin/battle_mc). The CPU is quoted. One process at a time: run it on a quiet
# machine (the times are wall clock on one core).
#
#   scripts/bench-battle-late.sh PEER
set -euo pipefail
die() {
    echo "bench-battle-late: $*" >&2
    exit 1
}
(($# == 1)) || die "usage: scripts/bench-battle-late.sh PEER (the battle_mc binary)"
[[ -x $1 ]] || die "$1: not an executable (bash /work/shared/peers/build.sh builds battle_mc)"
peer=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
runs=${RUNS:-3}
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS=$runs: a positive number of runs"
[[ -n ${EPOCHREALTIME:-} ]] || die "needs bash 5 or later (EPOCHREALTIME)"
cargo build --release -q -p referee-host --locked
referee=${CARGO_TARGET_DIR:-$root/target}/release/referee
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo
echo "== late-game boards (tests/bench-inputs/battle-late/), referee battle FILE (default --time)"
echo "| board | ms | answer | width |"
echo "|---|---:|---|---:|"
exact=0 bounded=0 slow=0 worst=0
for board in tests/bench-inputs/battle-late/late*.in tests/bench-inputs/battle-late/x1*.in; do
    t0=${EPOCHREALTIME//[!0-9]/}
    "$referee" battle "$board" >"$work/out"
    t1=${EPOCHREALTIME//[!0-9]/}
    ms=$(((t1 - t0) / 1000))
    if [[ $(tail -1 "$work/out") == bounds ]]; then
        kind=bounds
        # Every line's width is the unsettled mass: the first line's.
        width=$(head -1 "$work/out" | awk '{printf "%.6f", $2 - $1}')
    else
        kind=exact width=0
    fi
    if [[ $(basename "$board") == late* ]]; then
        [[ $kind == exact ]] && exact=$((exact + 1)) || bounded=$((bounded + 1))
        ((ms <= 1500)) || slow=$((slow + 1))
        worst=$(awk -v a="$worst" -v b="$width" 'BEGIN {print (b > a) ? b : a}')
    fi
    echo "| $(basename "$board") | $ms | $kind | $width |"
done
echo
echo "late boards: $exact exact, $bounded with bounds (widest $worst), $slow over 1.5 s"
echo

percentile() { sort -g | awk -v p="$1" '{a[NR]=$1} END {r=int(NR*p/100); if (r<NR*p/100) r++; if (r<1) r=1; printf "%.2f", a[r]}'; }
median() { sort -g | awk '{a[NR]=$1} END {printf "%.2f", (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }
echo "== typical boards (tests/bench-inputs/battle-typical/): referee battle vs battle_mc --sims 10000, medians of $runs runs (ms)"
echo "| board | referee | peer |"
echo "|---|---:|---:|"
ref_all=() peer_all=()
for board in tests/bench-inputs/battle-typical/*.in; do
    r=() p=()
    for ((i = 0; i < runs; i++)); do
        t0=${EPOCHREALTIME//[!0-9]/}
        "$referee" battle "$board" >/dev/null
        t1=${EPOCHREALTIME//[!0-9]/}
        "$peer" --sims 10000 "$board" >/dev/null
        t2=${EPOCHREALTIME//[!0-9]/}
        r+=("$(awk -v n=$((t1 - t0)) 'BEGIN {printf "%.2f", n / 1000}')")
        p+=("$(awk -v n=$((t2 - t1)) 'BEGIN {printf "%.2f", n / 1000}')")
    done
    rm=$(printf '%s\n' "${r[@]}" | median) pm=$(printf '%s\n' "${p[@]}" | median)
    ref_all+=("$rm") peer_all+=("$pm")
    echo "| $(basename "$board" .in) | $rm | $pm |"
done
echo
echo "90th percentile: referee $(printf '%s\n' "${ref_all[@]}" | percentile 90) ms, peer $(printf '%s\n' "${peer_all[@]}" | percentile 90) ms"
echo "median: referee $(printf '%s\n' "${ref_all[@]}" | median) ms, peer $(printf '%s\n' "${peer_all[@]}" | median) ms"
