#!/usr/bin/env bash
# Side by side: `referee battle` (the exact odds) against the Monte Carlo peer `battle_mc`
# (10 000 random fights, the way Battlegrounds odds tools work) on the same board, alternating
# run by run; medians of RUNS runs (default 15), the ratio referee/peer, referee's peak RSS,
# and with INSNS=1 referee's instruction counts (callgrind, needs valgrind: they do not drift
# with the machine's load). The boards are the 30 `typical` ones of tests/bench-inputs/
# battle-typical/ (README.md there), or every *.in of BOARDS_DIR, e.g. tests/data/battle for
# the hardest public cases. PEERS_DIR is the folder holding battle_mc.cpp; it is compiled
# (g++ -O2 -std=c++17) into a temporary folder. PEER_ONLY=1 times the peer alone (no cargo,
# no referee). RULES=game times referee under the game's rules (the peer plays battle.md's
# rules, so the deviation column then compares different games); the default is
# RULES=tavern, the rules the peer plays.
#
#   scripts/bench-battle.sh PEERS_DIR [BOARDS_DIR]
set -euo pipefail
die() {
    echo "bench-battle: $*" >&2
    exit 1
}
(($# == 1 || $# == 2)) || die "usage: scripts/bench-battle.sh PEERS_DIR [BOARDS_DIR]"
[[ -f $1/battle_mc.cpp ]] || die "$1/battle_mc.cpp: no such file (PEERS_DIR is the folder holding battle_mc.cpp)"
peers=$(cd "$1" && pwd)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
boards_dir=$root/tests/bench-inputs/battle-typical
if (($# == 2)); then
    [[ -d $2 ]] || die "$2: not a folder"
    boards_dir=$(cd "$2" && pwd)
fi
cd "$root"
runs=${RUNS:-15}
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS=$runs: a positive number of runs"
peer_only=${PEER_ONLY:-0}
rules=${RULES:-tavern}
[[ $rules == game || $rules == tavern ]] || die "RULES=$rules: game or tavern"
insns=${INSNS:-0}
if [[ $insns == 1 && $peer_only != 1 ]] && ! command -v valgrind >/dev/null; then
    die "INSNS=1 counts instructions with callgrind: install valgrind (apt-get install valgrind)"
fi
# bench-common's now() forks `date`, about 2 ms here: as much as the peer's whole run. Bash 5's
# EPOCHREALTIME reads the clock without a fork (microseconds once the point, the locale's, is
# dropped; read inline: even a function in $(...) forks).
[[ -n ${EPOCHREALTIME:-} ]] || die "needs bash 5 or later (EPOCHREALTIME)"
shopt -s nullglob
boards=("$boards_dir"/*.in)
((${#boards[@]})) || die "$boards_dir: no *.in boards"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=scripts/bench-common.sh
source "$root/scripts/bench-common.sh"
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*refs: *//p' | tr -d ,
}

peer=$work/battle_mc
g++ -O2 -std=c++17 -o "$peer" "$peers/battle_mc.cpp"
peer_args=(--sims 10000)
if [[ $peer_only != 1 ]]; then
    cargo build --release -q -p referee-host
    referee=$root/target/release/referee
    if ! "$referee" battle --help >/dev/null 2>"$work/help.err"; then
        die "this referee has no \`battle\` subcommand yet (\`referee battle --help\`: $(head -1 "$work/help.err")); PEER_ONLY=1 times the peer alone"
    fi
fi

# The median of the numbers on stdin; the nearest-rank percentile P (0..100) of them.
median_of() { sort -g | awk '{a[NR]=$1} END {printf "%.2f", (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }
percentile_of() { sort -g | awk -v p="$1" '{a[NR]=$1} END {r=int(NR*p/100); if (r<NR*p/100) r++; if (r<1) r=1; printf "%.2f", a[r]}'; }

# time_runs FILE: fills ref_ns and peer_ns with RUNS wall times each, alternating.
time_runs() {
    local t0 t1 t2 i
    ref_ns=() peer_ns=()
    for ((i = 0; i < runs; i++)); do
        t0=${EPOCHREALTIME//[!0-9]/}
        if [[ $peer_only != 1 ]]; then
            "$referee" battle --rules "$rules" "$1" >"$work/referee.out"
        fi
        t1=${EPOCHREALTIME//[!0-9]/}
        "$peer" "${peer_args[@]}" "$1" >"$work/peer.out"
        t2=${EPOCHREALTIME//[!0-9]/}
        ref_ns+=($(((t1 - t0) * 1000)))
        peer_ns+=($(((t2 - t1) * 1000)))
    done
}

ratios=() rss_rows=() peer_medians=() deviations=() skipped=()
echo "== ${#boards[@]} boards of ${boards_dir#"$root"/}, $runs runs each, alternating (medians, wall clock); peer: battle_mc ${peer_args[*]}"
echo
if [[ $peer_only == 1 ]]; then
    echo "| board | peer ms |"
    echo "|---|---:|"
elif [[ $insns == 1 ]]; then
    echo "| board | referee ms | peer ms | ratio | referee peak RSS KiB | referee M instructions |"
    echo "|---|---:|---:|---:|---:|---:|"
else
    echo "| board | referee ms | peer ms | ratio | referee peak RSS KiB |"
    echo "|---|---:|---:|---:|---:|"
fi
for board in "${boards[@]}"; do
    name=$(basename "$board" .in)
    # A warm-up run of each, whose answers are kept: a peer failure stops the benchmark, a
    # referee capacity refusal (status 3) skips the board, any other referee failure stops it.
    "$peer" "${peer_args[@]}" "$board" >"$work/peer.warm" 2>"$work/peer.err" ||
        die "battle_mc failed on $board (status $?): $(head -1 "$work/peer.err")"
    if [[ $peer_only != 1 ]]; then
        status=0
        "$referee" battle --rules "$rules" "$board" >"$work/referee.warm" 2>"$work/referee.err" || status=$?
        if ((status == 3)); then
            row="| $name | capacity | - | - | - |"
            [[ $insns == 1 ]] && row+=" - |"
            echo "$row"
            skipped+=("$name")
            continue
        fi
        ((status == 0)) || die "referee battle failed on $board (status $status): $(head -1 "$work/referee.err")"
        deviations+=("$(paste "$work/referee.warm" "$work/peer.warm" |
            awk '{d=$1-$2; if (d<0) d=-d; if (d>m) m=d} END {printf "%.4f", m}') $name")
    fi
    time_runs "$board"
    m_peer=$(printf '%s\n' "${peer_ns[@]}" | median)
    peer_medians+=("$m_peer")
    if [[ $peer_only == 1 ]]; then
        echo "| $name | $m_peer |"
        continue
    fi
    m_ref=$(printf '%s\n' "${ref_ns[@]}" | median)
    ratio=$(awk -v a="$m_ref" -v b="$m_peer" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}')
    ratios+=("$ratio")
    rss=$(peak_kib "$referee" battle --rules "$rules" "$board")
    rss_rows+=("$rss $name")
    row="| $name | $m_ref | $m_peer | ${ratio}x | $rss |"
    if [[ $insns == 1 ]]; then
        row+=" $(awk -v a="$(instructions "$referee" battle --rules "$rules" "$board")" 'BEGIN {printf "%.1f", a / 1e6}') |"
    fi
    echo "$row"
done

echo
echo "peer median ms over the boards: median $(printf '%s\n' "${peer_medians[@]}" | median_of), 90th percentile $(printf '%s\n' "${peer_medians[@]}" | percentile_of 90), max $(printf '%s\n' "${peer_medians[@]}" | sort -g | tail -1)"
if [[ $peer_only == 1 ]]; then
    exit 0
fi
if ((${#skipped[@]})); then
    echo "beyond referee's capacity (status 3, left out below): ${skipped[*]}"
fi
((${#ratios[@]})) || die "no board answered by referee"
echo "median ratio referee/peer: $(printf '%s\n' "${ratios[@]}" | median_of)x (${#ratios[@]} boards)"
echo "90th-percentile ratio referee/peer: $(printf '%s\n' "${ratios[@]}" | percentile_of 90)x (nearest rank)"
read -r max_rss max_rss_board < <(printf '%s\n' "${rss_rows[@]}" | sort -n | tail -1)
echo "max referee peak RSS: $max_rss KiB ($max_rss_board)"
read -r max_dev max_dev_board < <(printf '%s\n' "${deviations[@]}" | sort -g | tail -1)
echo "largest |referee - peer| probability: $max_dev ($max_dev_board; 10 000 fights estimate a probability to about 0.005 standard error)"
