#!/usr/bin/env bash
# `referee battle` under the game's rules (the default) side by side with the Monte Carlo peer
# `battle_mc` (10 000 sampled fights, the way Battlegrounds odds tools work; it plays
# battle.md's rules, so only the times compare): whole process against whole process on the
# same board, alternating run by run, medians of RUNS runs (default 9), the ratio
# referee/peer and referee's peak RSS. The boards are the 30 `typical` ones of
# tests/bench-inputs/battle-typical/ or every *.in of BOARDS_DIR. Then the cost of the damage
# distribution beside the odds alone (the example battle_game_cost: the solver computes both in
# one pass, so what is timed apart is writing the answer's damage lines, in each form).
# PEER_BINARY is a built battle_mc (e.g. from the peers' build.sh); the project does not
# build it.
#
#   scripts/bench-battle-game.sh PEER_BINARY [BOARDS_DIR]
set -euo pipefail
die() {
    echo "bench-battle-game: $*" >&2
    exit 1
}
(($# == 1 || $# == 2)) || die "usage: scripts/bench-battle-game.sh PEER_BINARY [BOARDS_DIR]"
[[ -x $1 && -f $1 ]] || die "$1: not an executable file (PEER_BINARY is a built battle_mc)"
peer=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
boards_dir=$root/tests/bench-inputs/battle-typical
if (($# == 2)); then
    [[ -d $2 ]] || die "$2: not a folder"
    boards_dir=$(cd "$2" && pwd)
fi
cd "$root"
runs=${RUNS:-9}
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS=$runs: a positive number of runs"
[[ -n ${EPOCHREALTIME:-} ]] || die "needs bash 5 or later (EPOCHREALTIME)"
shopt -s nullglob
boards=("$boards_dir"/*.in)
((${#boards[@]})) || die "$boards_dir: no *.in boards"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=scripts/bench-common.sh
source "$root/scripts/bench-common.sh"
median_of() { sort -g | awk '{a[NR]=$1} END {printf "%.2f", (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }
percentile_of() { sort -g | awk -v p="$1" '{a[NR]=$1} END {r=int(NR*p/100); if (r<NR*p/100) r++; if (r<1) r=1; printf "%.2f", a[r]}'; }

cargo build --release -q -p referee-host
cargo build --release -q -p referee-tests --example battle_game_cost
bin=${CARGO_TARGET_DIR:-$root/target}/release
referee=$bin/referee
peer_args=(--sims 10000)

echo "== ${#boards[@]} boards of ${boards_dir#"$root"/}, $runs runs each, alternating (medians, wall clock)"
echo "== referee battle (game rules, memo) vs battle_mc ${peer_args[*]}; $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo
echo "| board | referee ms | peer ms | ratio | referee peak RSS KiB |"
echo "|---|---:|---:|---:|---:|"
ratios=() ref_medians=() peer_medians=()
for board in "${boards[@]}"; do
    name=$(basename "$board" .in)
    "$peer" "${peer_args[@]}" "$board" >/dev/null 2>"$work/peer.err" ||
        die "battle_mc failed on $board: $(head -1 "$work/peer.err")"
    "$referee" battle "$board" >/dev/null 2>"$work/referee.err" ||
        die "referee battle failed on $board: $(head -1 "$work/referee.err")"
    ref_ns=() peer_ns=()
    for ((i = 0; i < runs; i++)); do
        t0=${EPOCHREALTIME//[!0-9]/}
        "$referee" battle "$board" >/dev/null
        t1=${EPOCHREALTIME//[!0-9]/}
        "$peer" "${peer_args[@]}" "$board" >/dev/null
        t2=${EPOCHREALTIME//[!0-9]/}
        ref_ns+=($(((t1 - t0) * 1000)))
        peer_ns+=($(((t2 - t1) * 1000)))
    done
    m_ref=$(printf '%s\n' "${ref_ns[@]}" | median)
    m_peer=$(printf '%s\n' "${peer_ns[@]}" | median)
    ratio=$(awk -v a="$m_ref" -v b="$m_peer" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}')
    ratios+=("$ratio") ref_medians+=("$m_ref") peer_medians+=("$m_peer")
    echo "| $name | $m_ref | $m_peer | ${ratio}x | $(peak_kib "$referee" battle "$board") |"
done
echo
echo "median time over the boards: referee $(printf '%s\n' "${ref_medians[@]}" | median_of) ms, battle_mc $(printf '%s\n' "${peer_medians[@]}" | median_of) ms"
echo "median ratio referee/peer: $(printf '%s\n' "${ratios[@]}" | median_of)x; 90th percentile $(printf '%s\n' "${ratios[@]}" | percentile_of 90)x; max $(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)x (${#ratios[@]} boards)"
echo
echo "== the damage distribution beside the odds alone (in process; the solve is the same pass)"
echo
RUNS=$(((runs + 1) / 2)) "$bin/examples/battle_game_cost" "${boards[@]}"
